/* What a view puts on the board: forces, advisors, spice, the storm, the
 * players' circles, and the legend; and the whole picture, the map and
 * the pieces (nx_svg_board).  Only the view is read (nx_svg.h). */
#include <assert.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "nx_faction.h"
#include "nx_map.h"
#include "nx_state.h"
#include "nx_svg_internal.h"
#include "nx_util.h"
#include "nx_words.h"

/* Faction colours after the printed shields; text on them white or black. */
static const struct {
    const char *id, *fill;
    int dark_text;
} colours[] = {
    { "atreides", "#2e8b57", 0 },      { "bene_gesserit", "#3558c8", 0 }, { "emperor", "#c0392b", 0 },
    { "fremen", "#e2b33c", 1 },        { "harkonnen", "#1f1f1f", 0 },     { "spacing_guild", "#e67e22", 1 },
    { "ixians", "#6c7a89", 0 },        { "tleilaxu", "#7d3c98", 0 },      { "choam", "#b8860b", 1 },
    { "richese", "#16a085", 0 },       { "ecaz", "#a0527a", 0 },          { "moritani", "#0b6e8a", 0 },
};

static int colour_of(const char *faction)
{
    for (size_t i = 0; i < sizeof colours / sizeof colours[0]; i++)
        if (faction && !strcmp(colours[i].id, faction)) return (int)i;
    return 6; /* unknown: grey */
}

static const char *faction_name(const char *id)
{
    nx_faction f = nx_faction_parse(id ? id : "");
    return f == NX_NO_FACTION ? "?" : nx_faction_name(f);
}

/* "treachery:shield#1" -> "Shield"; "leader:cpt_aramsham" -> "Cpt Aramsham". */
static void card_name(FILE *f, const char *id)
{
    const char *p = strchr(id, ':');
    p = p ? p + 1 : id;
    int start = 1;
    for (; *p && *p != '#'; p++) {
        char c = *p == '_' ? ' ' : *p;
        fputc(start ? toupper((unsigned char)c) : c, f);
        start = c == ' ';
    }
}

static const char *phase_title(const char *phase)
{
    static const char *const t[][2] = {
        { "setup", "Setup" },         { "storm", "Storm" },       { "spice_blow", "Spice Blow and Nexus" },
        { "choam_charity", "CHOAM Charity" }, { "bidding", "Bidding" }, { "revival", "Revival" },
        { "shipment_movement", "Shipment and Movement" }, { "battle", "Battle" },
        { "spice_collection", "Spice Collection" }, { "mentat_pause", "Mentat Pause" },
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
        if (phase && !strcmp(t[i][0], phase)) return t[i][1];
    return phase ? phase : "?";
}

static json_t *seat_at(const json_t *view, json_int_t i)
{
    return json_array_get(json_object_get(view, "seats"), (size_t)i);
}

static const char *seat_faction(const json_t *view, json_int_t i)
{
    return json_string_value(json_object_get(seat_at(view, i), "faction"));
}

/* A force token: a disc with the count (elite forces a square, advisors
 * a hollow disc). */
static void token(FILE *f, double x, double y, const char *faction, int count, char shape)
{
    int c = colour_of(faction);
    const char *fill = colours[c].fill;
    if (shape == 's')
        fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"16\" height=\"16\" rx=\"2\" fill=\"%s\" stroke=\"#fff\"/>", x - 8, y - 8, fill);
    else if (shape == 'a')
        fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"8\" fill=\"#fff\" stroke=\"%s\" stroke-width=\"2.2\"/>", x, y, fill);
    else
        fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"8\" fill=\"%s\" stroke=\"#fff\"/>", x, y, fill);
    const char *cls = shape == 'a' ? "n dark" : colours[c].dark_text ? "n dark" : "n";
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" class=\"%s\">%d</text>\n", x, y + 3, cls, count);
}

static int is_advisor_section(const json_t *view, const char *section)
{
    size_t i;
    json_t *a;
    json_array_foreach(json_object_get(json_object_get(view, "board"), "advisors"), i, a)
        if (json_is_string(a) && !strcmp(json_string_value(a), section)) return 1;
    return 0;
}

/* Every faction's forces on one section, side by side under its centre. */
static void section_forces(FILE *f, const json_t *view, int section)
{
    const char *id = nx_map_section_id(section);
    struct tok { const char *faction; int n; char shape; } tok[2 * NX_FACTION_COUNT];
    int k = 0;
    size_t i;
    json_t *st;
    json_array_foreach(json_object_get(view, "seats"), i, st) {
        json_t *here = json_object_get(json_object_get(json_object_get(st, "forces"), "board"), id);
        if (!json_is_array(here)) continue;
        const char *fac = json_string_value(json_object_get(st, "faction"));
        int n = (int)json_integer_value(json_array_get(here, 0)), e = (int)json_integer_value(json_array_get(here, 1));
        int advisors = fac && !strcmp(fac, "bene_gesserit") && is_advisor_section(view, id);
        if (n) tok[k++] = (struct tok){ fac, n, advisors ? 'a' : 'c' };
        if (e) tok[k++] = (struct tok){ fac, e, 's' };
    }
    if (!k) return;
    double x, y;
    nx_svg_cell_centre(section, &x, &y);
    double x0 = x - (k - 1) * 9.0;
    for (int j = 0; j < k; j++) token(f, x0 + j * 18.0, y + 14, tok[j].faction, tok[j].n, tok[j].shape);
}

static void spice_on_board(FILE *f, const json_t *view)
{
    const char *id;
    json_t *v;
    json_object_foreach(json_object_get(json_object_get(view, "board"), "spice_on_board"), id, v) {
        int s = nx_map_section_parse(id);
        if (s < 0) continue;
        double x, y;
        nx_svg_cell_centre(s, &x, &y);
        y -= 22;
        fprintf(f, "<path d=\"M%.1f %.1fl9 -9l9 9l-9 9z\" fill=\"#f08c1a\" stroke=\"#7a3a00\"/>"
                   "<text x=\"%.1f\" y=\"%.1f\" class=\"spice\">%lld</text>\n",
                x - 9, y, x, y + 3, (long long)json_integer_value(v));
    }
}

/* Each player's circle (token) on the rim, in its sector. */
static void circles(FILE *f, const json_t *view)
{
    int stacked[NX_MAP_SECTORS + 1] = { 0 };
    size_t i;
    json_t *c;
    json_array_foreach(json_object_get(json_object_get(view, "board"), "player_circles"), i, c) {
        int k = (int)json_integer_value(c);
        if (k < 1 || k > NX_MAP_SECTORS) continue;
        double x, y;
        nx_svg_rim_point(k, 58 + 18 * stacked[k]++, &x, &y);
        int col = colour_of(seat_faction(view, (json_int_t)i));
        fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"8\" fill=\"%s\" stroke=\"#333\"/>"
                   "<text x=\"%.1f\" y=\"%.1f\" class=\"%s\">%zu</text>\n",
                x, y, colours[col].fill, x, y + 3, colours[col].dark_text ? "n dark" : "n", i);
    }
}

/* A zone of the view: identities (the viewer may see them) or a count. */
static void zone_text(FILE *f, const json_t *z, const char *none)
{
    if (json_is_integer(z)) {
        json_int_t n = json_integer_value(z);
        if (n) fprintf(f, "%lld hidden", (long long)n);
        else fputs(none, f);
        return;
    }
    if (!json_array_size(z)) {
        fputs(none, f);
        return;
    }
    size_t i;
    json_t *c;
    json_array_foreach(z, i, c) {
        if (i) fputs(", ", f);
        card_name(f, json_string_value(c));
    }
}

static int board_total(const json_t *st, int *territories)
{
    int total = 0;
    const char *id;
    json_t *v;
    unsigned char seen[NX_MAP_TERRITORIES] = { 0 };
    *territories = 0;
    json_object_foreach(json_object_get(json_object_get(st, "forces"), "board"), id, v) {
        total += (int)json_integer_value(json_array_get(v, 0)) + (int)json_integer_value(json_array_get(v, 1));
        int s = nx_map_section_parse(id);
        if (s >= 0 && !seen[nx_map_section_territory(s)]++) ++*territories;
    }
    return total;
}

static void pair_text(FILE *f, const json_t *pair, const char *elite)
{
    long long n = json_integer_value(json_array_get(pair, 0)), e = json_integer_value(json_array_get(pair, 1));
    fprintf(f, "%lld", n);
    if (e) fprintf(f, " + %lld %s", e, elite);
}

static void legend_line(FILE *f, double y, const char *cls, const char *label)
{
    fprintf(f, "<text x=\"%d\" y=\"%.1f\" class=\"%s\">", NX_SVG_LEGEND_X + 26, y, cls);
    if (label) fprintf(f, "<tspan font-weight=\"bold\">%s</tspan> ", label);
}

static void legend_seat(FILE *f, const json_t *view, const json_t *st, double y)
{
    json_int_t seat = json_integer_value(json_object_get(st, "seat"));
    const char *fac = json_string_value(json_object_get(st, "faction"));
    const char *elite = fac && !strcmp(fac, "emperor") ? "Sardaukar" : "Fedaykin";
    int col = colour_of(fac);
    json_t *viewer = json_object_get(view, "viewer");
    fprintf(f, "<rect x=\"%d\" y=\"%.1f\" width=\"18\" height=\"18\" rx=\"9\" fill=\"%s\" stroke=\"#333\"/>", NX_SVG_LEGEND_X,
            y - 14, colours[col].fill);
    fprintf(f, "<text x=\"%d\" y=\"%.1f\" class=\"h\"><tspan font-weight=\"bold\">Seat %lld: %s</tspan>", NX_SVG_LEGEND_X + 26,
            y, (long long)seat, faction_name(fac));
    if (json_is_integer(viewer) && json_integer_value(viewer) == seat) fputs(" (you)", f);
    json_t *ally = json_object_get(st, "ally");
    if (json_is_integer(ally)) fprintf(f, ", allied with %s", faction_name(seat_faction(view, json_integer_value(ally))));
    fputs("</text>\n", f);
    json_t *forces = json_object_get(st, "forces");
    int terr, on = board_total(st, &terr);
    legend_line(f, y + 16, "lg", NULL);
    fprintf(f, "on the board %d in %d territor%s; reserves ", on, terr, nx_plural(terr, "y", "ies"));
    pair_text(f, json_object_get(forces, "reserves"), elite);
    fputs("; Tanks ", f);
    pair_text(f, json_object_get(forces, "tanks"), elite);
    fputs("</text>\n", f);
    legend_line(f, y + 31, "lg", "Spice:");
    json_t *spice = json_object_get(st, "spice");
    if (json_is_integer(spice)) fprintf(f, "%lld", (long long)json_integer_value(spice));
    else fputs("behind the shield", f);
    fputs(" <tspan font-weight=\"bold\">Treachery:</tspan> ", f);
    zone_text(f, json_object_get(st, "treachery"), "none");
    fputs("</text>\n", f);
    legend_line(f, y + 46, "small", "Traitors:");
    zone_text(f, json_object_get(st, "traitors"), "none");
    if (json_is_true(json_object_get(view, "nexus_cards"))) {
        fputs(" <tspan font-weight=\"bold\">Nexus card:</tspan> ", f);
        zone_text(f, json_object_get(st, "nexus_card"), "none");
    }
    fputs("</text>\n", f);
}

static void pending_text(FILE *f, const json_t *view, double y)
{
    json_t *pend = json_object_get(view, "pending"), *p;
    size_t n = json_array_size(pend), i;
    legend_line(f, y, "lg", "Waiting for:");
    if (!n) fputs("nobody", f);
    json_array_foreach(pend, i, p) {
        if (i == 2) {
            fprintf(f, " and %zu more", n - 2);
            break;
        }
        json_int_t seat = json_integer_value(json_object_get(p, "seat"));
        fprintf(f, "%s%s (", i ? "; " : "", faction_name(seat_faction(view, seat)));
        /* The decision's kind in words: "storm_cards" -> "storm cards". */
        for (const char *k = json_string_value(json_object_get(p, "kind")); k && *k; k++) fputc(*k == '_' ? ' ' : *k, f);
        fputs(")", f);
    }
    fputs("</text>\n", f);
}

static void header(FILE *f, const json_t *view)
{
    json_t *viewer = json_object_get(view, "viewer"), *board = json_object_get(view, "board");
    fprintf(f, "<text x=\"%d\" y=\"34\" class=\"title\">Turn %lld: ", NX_SVG_LEGEND_X, (long long)json_integer_value(json_object_get(view, "turn")));
    nx_svg_escape(f, phase_title(json_string_value(json_object_get(view, "phase"))));
    fputs("</text>\n", f);
    fprintf(f, "<text x=\"%d\" y=\"56\" class=\"h\">", NX_SVG_LEGEND_X);
    if (json_is_integer(viewer))
        fprintf(f, "As seat %lld (%s) sees it", (long long)json_integer_value(viewer),
                faction_name(seat_faction(view, json_integer_value(viewer))));
    else fputs("As a spectator sees it", f);
    json_int_t storm = json_integer_value(json_object_get(board, "storm_sector"));
    if (storm) fprintf(f, "; the storm is in sector %lld", (long long)storm);
    else fputs("; the storm is not yet placed", f);
    if (json_is_true(json_object_get(board, "shield_wall_destroyed"))) fputs("; the Shield Wall is destroyed", f);
    fputs("</text>\n", f);
    if (json_is_true(json_object_get(board, "over"))) {
        fprintf(f, "<text x=\"%d\" y=\"76\" class=\"h\" font-weight=\"bold\">Game over. Winners: ", NX_SVG_LEGEND_X);
        size_t i;
        json_t *w;
        json_array_foreach(json_object_get(board, "winners"), i, w)
            fprintf(f, "%s%s", i ? ", " : "", faction_name(seat_faction(view, json_integer_value(w))));
        fputs("</text>\n", f);
    }
}

static void key(FILE *f, double y)
{
    token(f, NX_SVG_LEGEND_X + 8, y, "atreides", 3, 'c');
    legend_line(f, y + 4, "small", NULL);
    fputs("forces</text>", f);
    token(f, NX_SVG_LEGEND_X + 88, y, "emperor", 2, 's');
    fprintf(f, "<text x=\"%d\" y=\"%.1f\" class=\"small\">elite</text>", NX_SVG_LEGEND_X + 102, y + 4);
    token(f, NX_SVG_LEGEND_X + 150, y, "bene_gesserit", 1, 'a');
    fprintf(f, "<text x=\"%d\" y=\"%.1f\" class=\"small\">advisors</text>", NX_SVG_LEGEND_X + 164, y + 4);
    fprintf(f, "<path d=\"M%d %.1fl8 -8l8 8l-8 8z\" fill=\"#f08c1a\" stroke=\"#7a3a00\"/>"
               "<text x=\"%d\" y=\"%.1f\" class=\"small\">spice</text>",
            NX_SVG_LEGEND_X + 228, y, NX_SVG_LEGEND_X + 248, y + 4);
    fprintf(f, "<rect x=\"%d\" y=\"%.1f\" width=\"16\" height=\"14\" fill=\"#e0a060\" stroke=\"#5a2d0c\" stroke-width=\"2\"/>"
               "<text x=\"%d\" y=\"%.1f\" class=\"small\">stronghold</text>\n",
            NX_SVG_LEGEND_X + 290, y - 7, NX_SVG_LEGEND_X + 310, y + 4);
    fprintf(f, "<path d=\"M%d %.1fh22l-4 16h-14z\" fill=\"#34506e\" fill-opacity=\"0.38\" stroke=\"#34506e\"/>"
               "<text x=\"%d\" y=\"%.1f\" class=\"small\">the storm's sector</text>\n",
            NX_SVG_LEGEND_X, y + 16, NX_SVG_LEGEND_X + 28, y + 28);
    fprintf(f, "<text x=\"%d\" y=\"%.1f\" class=\"small\">Rim numbers: storm sectors. Outer discs: each seat's circle. Rock in italics.</text>\n",
            NX_SVG_LEGEND_X, y + 48);
}

/* One part of the pieces, drawn by fn into a string of its own. */
static char *part(void (*fn)(FILE *, const json_t *, const json_t *), const json_t *view, const json_t *arg)
{
    char *out;
    size_t n;
    FILE *f = open_memstream(&out, &n);
    fn(f, view, arg);
    fclose(f);
    return out;
}

static void part_storm(FILE *f, const json_t *view, const json_t *arg)
{
    (void)arg;
    nx_svg_storm(f, (int)json_integer_value(json_object_get(json_object_get(view, "board"), "storm_sector")));
    circles(f, view);
}

static void part_spice(FILE *f, const json_t *view, const json_t *arg)
{
    (void)arg;
    spice_on_board(f, view);
}

static void part_forces(FILE *f, const json_t *view, const json_t *arg)
{
    (void)arg;
    for (int s = 0; s < NX_MAP_SECTIONS; s++) section_forces(f, view, s);
}

static void part_header(FILE *f, const json_t *view, const json_t *arg)
{
    (void)arg;
    header(f, view);
}

#define SEAT_ROWS 72.0
#define FIRST_ROW 110.0

static void part_seat(FILE *f, const json_t *view, const json_t *st)
{
    legend_seat(f, view, st, FIRST_ROW + SEAT_ROWS * (double)json_integer_value(json_object_get(st, "seat")));
}

static void part_pending(FILE *f, const json_t *view, const json_t *arg)
{
    (void)arg;
    pending_text(f, view, FIRST_ROW + SEAT_ROWS * (double)json_array_size(json_object_get(view, "seats")));
}

static void part_key(FILE *f, const json_t *view, const json_t *arg)
{
    (void)arg;
    key(f, FIRST_ROW + SEAT_ROWS * (double)json_array_size(json_object_get(view, "seats")) + 30);
}

int nx_svg_pieces_parts(const json_t *view, char **parts, int cap)
{
    int n = 0;
    assert(cap >= NX_SVG_MAX_PARTS);
    (void)cap;
    parts[n++] = part(part_storm, view, NULL);
    parts[n++] = part(part_spice, view, NULL);
    parts[n++] = part(part_forces, view, NULL);
    parts[n++] = part(part_header, view, NULL);
    size_t i;
    json_t *st;
    json_array_foreach(json_object_get(view, "seats"), i, st) if (i < NX_MAX_SEATS) parts[n++] = part(part_seat, view, st);
    parts[n++] = part(part_pending, view, NULL);
    parts[n++] = part(part_key, view, NULL);
    return n;
}

char *nx_svg_pieces(const json_t *view)
{
    char *parts[NX_SVG_MAX_PARTS];
    int n = nx_svg_pieces_parts(view, parts, NX_SVG_MAX_PARTS);
    char *out;
    size_t len;
    FILE *f = open_memstream(&out, &len);
    fputs("<g id=\"pieces\">\n", f);
    for (int i = 0; i < n; i++) {
        fputs(parts[i], f);
        free(parts[i]);
    }
    fputs("</g>\n", f);
    fclose(f);
    return out;
}

char *nx_svg_board(const json_t *view)
{
    char *open = nx_svg_open(), *map = nx_svg_map(), *pieces = nx_svg_pieces(view);
    char *all = nx_asprintf("%s%s%s</svg>\n", open, map, pieces);
    free(open);
    free(map);
    free(pieces);
    return all;
}
