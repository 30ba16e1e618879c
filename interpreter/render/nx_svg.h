/*
 * nx_svg: the board as a picture, drawn from a seat's view.
 *
 * Secrecy by construction: every function here takes a view
 * (nx_game_view_json) and nothing else, so a picture can show only what
 * that seat (or a spectator) may see.  The map itself is constant data
 * (nx_map); the schematic places each section in its storm sector on a
 * ring around the Polar Sink (nx_svg_layout.c).
 *
 * The output is self-contained SVG: no fonts, images or scripts fetched.
 */
#ifndef NX_SVG_H
#define NX_SVG_H

#include <jansson.h>

/* Where a section is drawn: its storm sector (0: the Polar Sink, the
 * centre), radial bands r0..r1 (0..6, the Polar Sink -1..0) and the share
 * a0..a1 of its sector's width. */
typedef struct nx_svg_cellpos {
    int sector;
    float r0, r1, a0, a1;
} nx_svg_cellpos;

/* 0, or -1 if the layout has no cell for the section (a bug). */
int nx_svg_cell(int section, nx_svg_cellpos *out);

/* The whole picture: one <svg> document, caller frees. */
char *nx_svg_board(const json_t *view);

/* Its two halves, for pages that draw many views of one game: the map
 * (the same for every view) and what a view puts on it (forces, spice,
 * the storm, the legend).  nx_svg_open() + map + pieces + "</svg>" is
 * exactly nx_svg_board(). */
char *nx_svg_open(void);
char *nx_svg_map(void);
char *nx_svg_pieces(const json_t *view);
/* The pieces in parts that change independently (the storm, spice,
 * forces, the header, one per seat, the pending decisions, the key), for
 * a page that keeps each distinct part once; their concatenation inside
 * <g id="pieces"> is nx_svg_pieces().  Returns how many (caller frees
 * each); cap must be at least NX_SVG_MAX_PARTS. */
#define NX_SVG_MAX_PARTS 12
int nx_svg_pieces_parts(const json_t *view, char **parts, int cap);

#endif
