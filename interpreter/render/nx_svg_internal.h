/* nx_svg internals shared by the map (nx_svg_board.c) and the pieces
 * (nx_svg_pieces.c): geometry and text helpers. */
#ifndef NX_SVG_INTERNAL_H
#define NX_SVG_INTERNAL_H

#include <stdio.h>

#include "nx_svg.h"

#define NX_SVG_LEGEND_X 950

/* XML-escaped text. */
void nx_svg_escape(FILE *f, const char *s);
/* The centre of a section's cell. */
void nx_svg_cell_centre(int section, double *x, double *y);
/* The storm's wedge over a sector (nothing for sector 0: not yet placed). */
void nx_svg_storm(FILE *f, int sector);
/* A point beyond the rim, `out` past it, in the middle of a sector. */
void nx_svg_rim_point(int sector, double out, double *x, double *y);

#endif
