/*
 * bench_json: parse and write a mid-game state with each JSON library
 * available, to choose the library by measurement.
 *
 * Libraries: jansson (always: the engine uses it), cJSON (NX_BENCH_CJSON)
 * and json-c (NX_BENCH_JSONC), each compiled in only when pkg-config found
 * it (bench/CMakeLists.txt).  Documents: the compact encoding of a
 * six-seat mid-game state (nx_state_json), and an array of ten such
 * states (scaling).  For each library and document: parse (text -> tree,
 * tree freed each time), write (tree -> compact text), the bytes written,
 * whether they equal the input, and the heap held by the parsed tree
 * (mallinfo2 delta, so it counts the library's real allocations; it means
 * nothing under AddressSanitizer).  Times are the median and the minimum
 * of seven runs; MB/s is from the minimum.
 *
 * Usage: bench_json [--quick | milliseconds per measurement, default 700]
 * (--quick: a few milliseconds each, to prove the benchmark runs; CI does.)
 * A benchmark, not a test: it is never registered with CTest.
 */
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "nx_leaders.h"
#include "nx_text.h"
#include "nx_state.h"
#include "nx_state_json.h"
#include "nx_store.h"

#ifdef NX_BENCH_CJSON
#include <cjson/cJSON.h>
#endif

#ifdef NX_BENCH_JSONC
/*
 * json-c's headers cannot share a translation unit with jansson's: both
 * declare `json_object` (a typedef there, a function here) and `json_type`.
 * The six stable entry points used are declared by hand, with the struct
 * tags kept opaque.  (The two libraries also both export json_object_get;
 * both version their symbols and bench/CMakeLists.txt puts jansson first
 * on the link line, so the engine's calls bind to jansson's.)
 */
struct json_object;
struct json_tokener;
extern struct json_tokener *json_tokener_new(void);
extern void json_tokener_free(struct json_tokener *tok);
extern void json_tokener_reset(struct json_tokener *tok);
extern struct json_object *json_tokener_parse_ex(struct json_tokener *tok, const char *str, int len);
extern const char *json_object_to_json_string_length(struct json_object *obj, int flags, size_t *length);
extern int json_object_put(struct json_object *obj);
#define NX_JSONC_PLAIN_NOSLASH (1 << 4) /* JSON_C_TO_STRING_PLAIN | _NOSLASHESCAPE */
#endif

/* ---- the document ------------------------------------------------------------------ */

static const nx_faction nx_bench_factions[NX_MAX_SEATS] = {
    NX_ATREIDES, NX_HARKONNEN, NX_FREMEN, NX_EMPEROR, NX_SPACING_GUILD, NX_BENE_GESSERIT,
};

static void nx_bench_custody(nx_state *s)
{
    for (int f = 0; f < NX_FACTION_COUNT; f++)
        nx_custody_move(&s->custody, nx_comp_nexus((nx_faction)f), NX_Z_NEXUS_DECK);
    for (int l = 0; l < NX_LEADER_COUNT; l++)
        if (nx_leader_has_traitor_card(l))
            nx_custody_move(&s->custody, nx_comp_traitor(l), NX_Z_TRAITOR_DECK);
    nx_custody_shuffle(&s->custody, NX_Z_NEXUS_DECK, &s->rng);
    nx_custody_shuffle(&s->custody, NX_Z_TRAITOR_DECK, &s->rng);
    for (int seat = 0; seat < s->nseats; seat++) {
        for (int k = 0; k < 4; k++)
            nx_custody_move(&s->custody, nx_custody_top(&s->custody, NX_Z_TRAITOR_DECK),
                            NX_Z_SEAT(seat, k ? NX_ZS_TRAITORS : NX_ZS_REVEALED));
        nx_custody_move(&s->custody, nx_custody_top(&s->custody, NX_Z_NEXUS_DECK),
                        NX_Z_SEAT(seat, NX_ZS_NEXUS_HELD));
    }
    for (int k = 0; k < 3; k++)
        nx_custody_move(&s->custody, nx_custody_top(&s->custody, NX_Z_NEXUS_DECK), NX_Z_NEXUS_DISCARD);
    nx_custody_seal(&s->custody);
}

static void nx_bench_pendings(nx_state *s)
{
    for (int seat = 0; seat < s->nseats; seat++) {
        nx_pending *p = nx_state_add_pending(s, seat % 2 ? NX_PEND_PANEL : NX_PEND_NEXUS_DRAW, (uint8_t)seat);
        p->noptions = (uint8_t)nx_custody_list(&s->custody, NX_Z_SEAT(seat, NX_ZS_TRAITORS), p->options,
                                               NX_MAX_OPTIONS);
        p->words = NX_WORD_KEEP | NX_WORD_REPLACE;
        p->count = 1;
        p->event = nx_state_new_event(s);
        nx_fmt(p->prompt, sizeof p->prompt, "Keep your Nexus card or discard it and draw");
        if (seat % 2) {
            nx_fmt(p->panel, sizeof p->panel, "faction.panel_%d", seat);
            nx_fmt(p->resume, sizeof p->resume, "on_choice");
            nx_fmt(p->saved, sizeof p->saved, "{\"picked\":[1,2],\"round\":%d}", seat);
        }
    }
}

/* Six seats, every zone in use, a decision per seat, a full receipt ring. */
static void nx_bench_state(nx_state *s)
{
    nx_state_init(s, 20260101, NX_OPT_NEXUS_CARDS | NX_OPT_ADVANCED);
    s->nseats = NX_MAX_SEATS;
    for (int i = 0; i < NX_MAX_SEATS; i++) {
        s->seats[i].faction = (int8_t)nx_bench_factions[i];
        s->seats[i].spice = (int16_t)(7 * i + 2);
        /* Every counter somewhere (the state invariant), some on the board
         * and in the Tanks as in a game under way. */
        nx_state_reserve_all_forces(s, (uint8_t)i);
        nx_state_move_forces(s, (uint8_t)i, NX_FORCE_NORMAL, NX_PLACE_RESERVES, NX_PLACE_BOARD(i * 7), 4 + i);
        nx_state_move_forces(s, (uint8_t)i, NX_FORCE_NORMAL, NX_PLACE_RESERVES, NX_PLACE_TANKS, 1);
    }
    s->seats[1].ally = 4;
    s->seats[4].ally = 1;
    nx_bench_custody(s);
    nx_bench_pendings(s);
    for (int i = 0; i < NX_MAX_RECEIPTS + 5; i++) {
        nx_comp cards[3] = { (nx_comp)(i % NX_COMP_COUNT), (nx_comp)((i + 7) % NX_COMP_COUNT), 0 };
        nx_state_add_receipt(s, (uint8_t)(i % NX_MAX_SEATS), (nx_receipt_kind)(i % 4), nx_state_new_event(s),
                             cards, 2);
    }
    s->phase = NX_P_SPICE_BLOW;
    s->turn = 5;
    s->version = 318;
}

/* "[doc,doc,...]" with n copies. */
static char *nx_bench_repeat(const char *doc, int n)
{
    size_t len = strlen(doc);
    char *out = malloc(n * (len + 1) + 2), *p = out;
    *p++ = '[';
    for (int i = 0; i < n; i++) {
        memcpy(p, doc, len);
        p += len;
        *p++ = i + 1 < n ? ',' : ']';
    }
    *p = '\0';
    return out;
}

/* ---- the libraries ------------------------------------------------------------------- */

typedef struct nx_bench_lib {
    const char *name;
    void *(*parse)(const char *text, size_t len);
    /* Compact text of a tree; *len set; release with release(). */
    const char *(*write)(void *tree, size_t *len);
    void (*release)(const char *text);
    void (*free_tree)(void *tree);
} nx_bench_lib;

static void *nx_bench_jansson_parse(const char *text, size_t len)
{
    return json_loadb(text, len, JSON_REJECT_DUPLICATES, NULL);
}

/* Without duplicate-key detection: what the strictness costs. */
static void *nx_bench_jansson_lax_parse(const char *text, size_t len)
{
    return json_loadb(text, len, 0, NULL);
}

static const char *nx_bench_jansson_write(void *tree, size_t *len)
{
    char *t = json_dumps(tree, JSON_COMPACT | JSON_PRESERVE_ORDER);
    *len = strlen(t);
    return t;
}

static void nx_bench_free_text(const char *text) { free((void *)text); }
static void nx_bench_jansson_free(void *tree) { json_decref(tree); }

#ifdef NX_BENCH_CJSON
static void *nx_bench_cjson_parse(const char *text, size_t len) { return cJSON_ParseWithLength(text, len); }

static const char *nx_bench_cjson_write(void *tree, size_t *len)
{
    char *t = cJSON_PrintUnformatted(tree);
    *len = strlen(t);
    return t;
}

static void nx_bench_cjson_release(const char *text) { cJSON_free((void *)text); }
static void nx_bench_cjson_free(void *tree) { cJSON_Delete(tree); }
#endif

#ifdef NX_BENCH_JSONC
/* One reusable tokener, as a host would keep. */
static struct json_tokener *nx_bench_tok;

static void *nx_bench_jsonc_parse(const char *text, size_t len)
{
    json_tokener_reset(nx_bench_tok);
    return json_tokener_parse_ex(nx_bench_tok, text, (int)len);
}

static const char *nx_bench_jsonc_write(void *tree, size_t *len)
{
    /* The text lives in the tree's print buffer (reused between calls). */
    return json_object_to_json_string_length(tree, NX_JSONC_PLAIN_NOSLASH, len);
}

static void nx_bench_jsonc_release(const char *text) { (void)text; }
static void nx_bench_jsonc_free(void *tree) { json_object_put(tree); }
#endif

static const nx_bench_lib nx_bench_libs[] = {
    {"jansson " JANSSON_VERSION, nx_bench_jansson_parse, nx_bench_jansson_write, nx_bench_free_text,
     nx_bench_jansson_free},
    {"jansson, lax", nx_bench_jansson_lax_parse, nx_bench_jansson_write, nx_bench_free_text,
     nx_bench_jansson_free},
#ifdef NX_BENCH_CJSON
    {"cJSON", nx_bench_cjson_parse, nx_bench_cjson_write, nx_bench_cjson_release, nx_bench_cjson_free},
#endif
#ifdef NX_BENCH_JSONC
    {"json-c", nx_bench_jsonc_parse, nx_bench_jsonc_write, nx_bench_jsonc_release, nx_bench_jsonc_free},
#endif
};

/* ---- timing ---------------------------------------------------------------------------- */

static double nx_bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* What one timed operation needs. */
typedef struct nx_bench_ctx {
    const nx_bench_lib *lib;
    const char *text;
    size_t len;
    void *tree;
    const nx_state *state;
} nx_bench_ctx;

typedef void (*nx_bench_op)(const nx_bench_ctx *c);

static void nx_bench_op_parse(const nx_bench_ctx *c) { c->lib->free_tree(c->lib->parse(c->text, c->len)); }

static void nx_bench_op_write(const nx_bench_ctx *c)
{
    size_t n;
    c->lib->release(c->lib->write(c->tree, &n));
}

static void nx_bench_op_encode(const nx_bench_ctx *c) { free(nx_state_json_encode_text(c->state)); }

static void nx_bench_op_decode(const nx_bench_ctx *c)
{
    nx_state back;
    char err[200];
    if (nx_state_json_decode_text(c->text, &back, err, sizeof err)) {
        fprintf(stderr, "decode failed: %s\n", err);
        exit(1);
    }
}

static int nx_bench_cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* ns/op over 7 runs of about ms/7 each: the median, and the minimum (the
 * least disturbed run: this machine is shared with other work). */
typedef struct nx_bench_figure {
    double median, min;
} nx_bench_figure;

static nx_bench_figure nx_bench_time(nx_bench_op op, const nx_bench_ctx *c, double ms)
{
    long iters = 1;
    for (;;) { /* calibrate: double until one batch takes 1/7 of the budget */
        double t0 = nx_bench_now();
        for (long i = 0; i < iters; i++) op(c);
        if (nx_bench_now() - t0 > ms * 1e6 / 7 || iters > (1L << 30)) break;
        iters *= 2;
    }
    double runs[7];
    for (int r = 0; r < 7; r++) {
        double t0 = nx_bench_now();
        for (long i = 0; i < iters; i++) op(c);
        runs[r] = (nx_bench_now() - t0) / (double)iters;
    }
    qsort(runs, 7, sizeof runs[0], nx_bench_cmp);
    return (nx_bench_figure){ runs[3], runs[0] };
}

static size_t nx_bench_heap(void) { return mallinfo2().uordblks; }

static void nx_bench_one(const nx_bench_lib *lib, const char *doc_name, const char *text, double ms)
{
    nx_bench_ctx c = { lib, text, strlen(text), NULL, NULL };
    size_t before = nx_bench_heap();
    c.tree = lib->parse(text, c.len);
    if (!c.tree) {
        printf("| %s | %s | parse FAILED |\n", lib->name, doc_name);
        return;
    }
    size_t held = nx_bench_heap() - before;
    size_t out_len;
    const char *out = lib->write(c.tree, &out_len);
    int same = out_len == c.len && !memcmp(out, text, c.len);
    lib->release(out);
    nx_bench_figure parse = nx_bench_time(nx_bench_op_parse, &c, ms);
    nx_bench_figure write = nx_bench_time(nx_bench_op_write, &c, ms);
    printf("| %-12s | %-9s | %6zu | %7.1f / %7.1f | %5.0f | %7.1f / %7.1f | %5.0f | %7zu | %-4s |\n",
           lib->name, doc_name, c.len, parse.median / 1e3, parse.min / 1e3, (double)c.len / parse.min * 1e3,
           write.median / 1e3, write.min / 1e3, (double)out_len / write.min * 1e3, held, same ? "yes" : "no");
    lib->free_tree(c.tree);
}

/* The engine's own layer over jansson: struct <-> json_t <-> text. */
static void nx_bench_engine(const nx_state *s, double ms)
{
    char *text = nx_state_json_encode_text(s);
    nx_bench_ctx c = { NULL, text, strlen(text), NULL, s };
    nx_bench_figure enc = nx_bench_time(nx_bench_op_encode, &c, ms);
    nx_bench_figure dec = nx_bench_time(nx_bench_op_decode, &c, ms);
    nx_state back;
    char err[200];
    int same = !nx_state_json_decode_text(text, &back, err, sizeof err) && !memcmp(&back, s, sizeof *s);
    printf("\nnx_state_json over jansson, the %zu-byte state (struct %zu bytes):\n"
           "  encode_text (struct -> text): %.1f / %.1f us (median / min)\n"
           "  decode_text (text -> struct, validated): %.1f / %.1f us\n"
           "  round trip memcmp-equal: %s\n",
           c.len, sizeof *s, enc.median / 1e3, enc.min / 1e3, dec.median / 1e3, dec.min / 1e3,
           same ? "yes" : "NO");
    free(text);
}

/* For scale: what storing that snapshot costs (nx_store_append of an
 * action with the snapshot, WAL, SQLite's default synchronous=FULL). */
static nx_store *nx_bench_store;
static uint32_t nx_bench_seq;

static void nx_bench_op_append(const nx_bench_ctx *c)
{
    char err[200];
    if (nx_store_append(nx_bench_store, "bench", ++nx_bench_seq, "{\"act\":\"pass\"}", "{\"ok\":true}",
                        c->text, err, sizeof err)) {
        fprintf(stderr, "append failed: %s\n", err);
        exit(1);
    }
}

static void nx_bench_store_append(const char *text, double ms)
{
    char dir[] = "/tmp/nx-bench-XXXXXX", path[64], err[200];
    if (!mkdtemp(dir)) return;
    nx_fmt(path, sizeof path, "%s/bench.db", dir);
    nx_bench_store = nx_store_open(path, err, sizeof err);
    if (!nx_bench_store || nx_store_create_room(nx_bench_store, "bench", "{}", text, err, sizeof err)) {
        fprintf(stderr, "store: %s\n", err);
    } else {
        nx_bench_ctx c = { NULL, text, strlen(text), NULL, NULL };
        nx_bench_figure f = nx_bench_time(nx_bench_op_append, &c, ms);
        printf("  nx_store_append with that snapshot (for scale): %.1f / %.1f us\n", f.median / 1e3,
               f.min / 1e3);
    }
    nx_store_close(nx_bench_store);
    const char *suffix[] = { "", "-wal", "-shm" };
    for (int i = 0; i < 3; i++) {
        nx_fmt(path, sizeof path, "%s/bench.db%s", dir, suffix[i]);
        unlink(path);
    }
    rmdir(dir);
}

int main(int argc, char **argv)
{
    double ms = argc > 1 ? (!strcmp(argv[1], "--quick") ? 5 : atof(argv[1])) : 700;
    if (ms <= 0) ms = 700;
    nx_state s;
    nx_bench_state(&s);
    char err[200];
    if (nx_state_check(&s, err, sizeof err)) {
        fprintf(stderr, "bench state invalid: %s\n", err);
        return 1;
    }
#ifdef NX_BENCH_JSONC
    nx_bench_tok = json_tokener_new();
#endif
    char *mid = nx_state_json_encode_text(&s);
    char *big = nx_bench_repeat(mid, 10);
    printf("| library      | document  |  bytes | parse us (median / min) |  MB/s | write us (median / min) "
           "|  MB/s | tree heap | same |\n");
    printf("|--------------|-----------|-------:|------------------:|------:|------------------:|------:|----"
           "----:|------|\n");
    for (size_t i = 0; i < sizeof nx_bench_libs / sizeof nx_bench_libs[0]; i++) {
        nx_bench_one(&nx_bench_libs[i], "mid-game", mid, ms);
        nx_bench_one(&nx_bench_libs[i], "10x array", big, ms);
    }
    nx_bench_engine(&s, ms);
    nx_bench_store_append(mid, ms);
#ifdef NX_BENCH_JSONC
    json_tokener_free(nx_bench_tok);
#endif
    free(mid);
    free(big);
    return 0;
}
