/* The board picture's map (constant), its geometry and XML text, which
 * the pieces (nx_svg_pieces.c) draw with. */
#include "nx_svg.h"

#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nx_faction.h"
#include "nx_map.h"
#include "nx_svg_internal.h"
#include "nx_util.h"

/* The picture: the board on the left, the legend on the right. */
#define W 1420
#define H 940
#define CX 470.0
#define CY 470.0
#define R_SINK 58.0      /* the Polar Sink */
#define R_OUT 400.0      /* the rim of the ring of sectors */
#define BANDS 6.0

static double band_radius(float b) { return b < 0 ? 0.0 : R_SINK + (double)b * (R_OUT - R_SINK) / BANDS; }

/* Sector 1 is at the bottom and the numbers run counterclockwise, the way
 * the storm moves (so Arrakeen, sector 9, is near the top). */
static double share_angle(int sector, float share) { return 260.0 + (sector - 1) * 20.0 + (double)share * 20.0; }

static void point(double r, double deg, double *x, double *y)
{
    double rad = deg * 3.14159265358979323846 / 180.0;
    *x = CX + r * cos(rad);
    *y = CY - r * sin(rad);
}

static void wedge_path(FILE *f, double r0, double r1, double d0, double d1)
{
    double x[4], y[4];
    point(r1, d0, &x[0], &y[0]);
    point(r1, d1, &x[1], &y[1]);
    point(r0, d1, &x[2], &y[2]);
    point(r0, d0, &x[3], &y[3]);
    /* Counterclockwise on screen is sweep 0 (y grows downwards). */
    fprintf(f, "M%.1f %.1fA%.1f %.1f 0 0 0 %.1f %.1fL%.1f %.1fA%.1f %.1f 0 0 1 %.1f %.1fZ", x[0], y[0], r1, r1, x[1], y[1],
            x[2], y[2], r0, r0, x[3], y[3]);
}

static void cell_of(int section, nx_svg_cellpos *c)
{
    int rc = nx_svg_cell(section, c);
    assert(rc == 0 && "every section has a cell");
    (void)rc;
}

void nx_svg_cell_centre(int section, double *x, double *y)
{
    nx_svg_cellpos c;
    cell_of(section, &c);
    if (!c.sector) {
        *x = CX;
        *y = CY;
        return;
    }
    point((band_radius(c.r0) + band_radius(c.r1)) / 2, share_angle(c.sector, (c.a0 + c.a1) / 2), x, y);
}

static double cell_area(const nx_svg_cellpos *c)
{
    double r0 = band_radius(c->r0), r1 = band_radius(c->r1);
    return (r1 * r1 - r0 * r0) * (double)(c->a1 - c->a0);
}

/* XML-escaped text (nx_svg_internal.h). */
void nx_svg_escape(FILE *f, const char *s)
{
    for (; s && *s; s++) {
        switch (*s) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        default: fputc(*s, f);
        }
    }
}

/* ---- the map ---------------------------------------------------------------- */

static const char *terrain_fill(int t)
{
    switch (nx_map_terrain(t)) {
    case NX_TERRAIN_ROCK: return "#b9925f";
    case NX_TERRAIN_STRONGHOLD: return "#e0a060";
    case NX_TERRAIN_POLAR_SINK: return "#e4ecef";
    default: return "#f1dcae";
    }
}

static void draw_cell(FILE *f, int section)
{
    nx_svg_cellpos c;
    cell_of(section, &c);
    int t = nx_map_section_territory(section);
    int strong = nx_map_is_stronghold(t);
    const char *stroke = strong ? "#5a2d0c" : "#7a5634";
    if (!c.sector) {
        fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\" stroke=\"%s\" stroke-width=\"1.5\"/>\n", CX, CY,
                R_SINK, terrain_fill(t), stroke);
        return;
    }
    fprintf(f, "<path d=\"");
    wedge_path(f, band_radius(c.r0), band_radius(c.r1), share_angle(c.sector, c.a0), share_angle(c.sector, c.a1));
    fprintf(f, "\" fill=\"%s\" stroke=\"%s\" stroke-width=\"%s\"/>\n", terrain_fill(t), stroke, strong ? "2.5" : "1.2");
}

/* Two sections of one territory in neighbouring sectors share an edge:
 * paint over the border there and mark the sector line faintly, so a
 * territory reads as one region across its sectors. */
static void draw_joins(FILE *f)
{
    for (int s = 0; s < NX_MAP_SECTIONS; s++) {
        nx_svg_cellpos a, b;
        cell_of(s, &a);
        if (!a.sector || a.a1 < 1.0f) continue;
        int t = nx_map_section_territory(s), next = a.sector % NX_MAP_SECTORS + 1;
        int u = nx_map_section_in(t, next);
        if (u < 0) continue;
        cell_of(u, &b);
        float lo = a.r0 > b.r0 ? a.r0 : b.r0, hi = a.r1 < b.r1 ? a.r1 : b.r1;
        if (b.a0 > 0.0f || hi <= lo) continue;
        double x0, y0, x1, y1, d = share_angle(next, 0.0f);
        point(band_radius(lo) + 1.2, d, &x0, &y0);
        point(band_radius(hi) - 1.2, d, &x1, &y1);
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"3\"/>"
                   "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" class=\"sector-line\"/>\n",
                x0, y0, x1, y1, terrain_fill(t), x0, y0, x1, y1);
    }
}

static int label_section(int t)
{
    int secs[NX_MAP_MAX_SECTIONS_PER_TERRITORY];
    int n = nx_map_sections_of(t, secs, NX_MAP_MAX_SECTIONS_PER_TERRITORY), best = secs[0];
    nx_svg_cellpos c, bc;
    cell_of(best, &bc);
    for (int i = 1; i < n; i++) {
        cell_of(secs[i], &c);
        if (cell_area(&c) > cell_area(&bc) + 1e-6) {
            best = secs[i];
            bc = c;
        }
    }
    return best;
}

/* A territory's name over its largest section; long names on two lines. */
static void draw_label(FILE *f, int t)
{
    double x, y;
    nx_svg_cell_centre(label_section(t), &x, &y);
    if (nx_map_is_polar_sink(t)) y -= 22;
    const char *name = nx_map_territory_name(t);
    const char *cls = nx_map_is_stronghold(t) ? "name stronghold" : nx_map_is_rock(t) ? "name rock" : "name";
    size_t len = strlen(name);
    const char *split = NULL;
    if (len > 10)
        for (const char *p = strchr(name, ' '); p; p = strchr(p + 1, ' '))
            if (!split || labs((long)(p - name) - (long)len / 2) < labs((long)(split - name) - (long)len / 2)) split = p;
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" class=\"%s\">", x, split ? y - 4 : y + 1, cls);
    if (!split) {
        nx_svg_escape(f, name);
    } else {
        char first[64];
        snprintf(first, sizeof first, "%.*s", (int)(split - name), name);
        nx_svg_escape(f, first);
        fprintf(f, "<tspan x=\"%.1f\" dy=\"10\">", x);
        nx_svg_escape(f, split + 1);
        fprintf(f, "</tspan>");
    }
    fprintf(f, "</text>\n");
}

static void draw_sector_numbers(FILE *f)
{
    for (int k = 1; k <= NX_MAP_SECTORS; k++) {
        double x0, y0, x1, y1, x, y;
        point(R_OUT, share_angle(k, 0.0f), &x0, &y0);
        point(R_OUT + 12, share_angle(k, 0.0f), &x1, &y1);
        point(R_OUT + 14, share_angle(k, 0.5f), &x, &y);
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#7a5634\"/>"
                   "<text x=\"%.1f\" y=\"%.1f\" class=\"sector\">%d</text>\n",
                x0, y0, x1, y1, x, y + 4, k);
    }
}

char *nx_svg_open(void)
{
    return nx_asprintf(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
        "font-family=\"DejaVu Sans, Verdana, sans-serif\">\n"
        "<style>"
        ".name{font-size:9px;fill:#3b2410;text-anchor:middle;paint-order:stroke;stroke:#fff6e0;stroke-width:2.5px}"
        ".stronghold{font-weight:bold;font-size:10px;fill:#4a1f00}"
        ".rock{font-style:italic}"
        ".sector{font-size:11px;fill:#7a5634;text-anchor:middle;font-weight:bold}"
        ".sector-line{stroke:#7a5634;stroke-width:0.6;stroke-dasharray:2 3}"
        ".n{font-size:9px;font-weight:bold;text-anchor:middle;fill:#fff}"
        ".dark{fill:#000}"
        ".spice{font-size:9px;font-weight:bold;text-anchor:middle;fill:#5a1e00}"
        ".title{font-size:20px;font-weight:bold;fill:#3b2410}"
        ".h{font-size:13px;fill:#3b2410}"
        ".lg{font-size:12px;fill:#222}"
        ".small{font-size:11px;fill:#444}"
        "</style>\n"
        "<rect width=\"%d\" height=\"%d\" fill=\"#fbf6ec\"/>\n",
        W, H, W, H, W, H);
}

char *nx_svg_map(void)
{
    char *out;
    size_t n;
    FILE *f = open_memstream(&out, &n);
    fprintf(f, "<g id=\"map\">\n<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"#c9a26b\"/>\n", CX, CY, R_OUT + 3);
    for (int s = 0; s < NX_MAP_SECTIONS; s++) draw_cell(f, s);
    draw_joins(f);
    draw_sector_numbers(f);
    for (int t = 0; t < NX_MAP_TERRITORIES; t++) draw_label(f, t);
    fprintf(f, "</g>\n");
    fclose(f);
    return out;
}

/* ---- the storm, for the pieces ------------------------------------------------ */

void nx_svg_storm(FILE *f, int sector)
{
    if (sector < 1 || sector > NX_MAP_SECTORS) return;
    fprintf(f, "<path d=\"");
    wedge_path(f, R_SINK, R_OUT + 40, share_angle(sector, 0.0f), share_angle(sector, 1.0f));
    fprintf(f, "\" fill=\"#34506e\" fill-opacity=\"0.38\" stroke=\"#34506e\" stroke-width=\"2\"/>\n");
}

void nx_svg_rim_point(int sector, double out, double *x, double *y)
{
    point(R_OUT + out, share_angle(sector, 0.5f), x, y);
}
