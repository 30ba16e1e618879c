/*
 * nx_fuzz_seeds OUTDIR: the seed corpus of every fuzz target, from the
 * project's own fixtures and from games played here, one directory per
 * target (OUTDIR/pack, OUTDIR/save, ...).  Generated, not committed: the
 * seeds follow the pack and the save format as they change.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "nx_bot.h"
#include "nx_game.h"
#include "nx_state_json.h"
#include "nx_util.h"

static const char *outdir;
static nx_runtime rt;
static int written;

static void put(const char *target, const char *name, const char *prefix, size_t plen, const char *text, size_t len)
{
    char *dir = nx_asprintf("%s/%s", outdir, target);
    mkdir(dir, 0755);
    char *path = nx_asprintf("%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(prefix, 1, plen, f) != plen || fwrite(text, 1, len, f) != len || fclose(f)) {
        fprintf(stderr, "nx_fuzz_seeds: cannot write %s\n", path);
        exit(1);
    }
    written++;
    free(path);
    free(dir);
}

static void put_text(const char *target, const char *name, const char *text)
{
    put(target, name, "", 0, text, strlen(text));
}

/* Every *.yaml of a source directory, copied as it is. */
static void copy_dir(const char *target, const char *rel)
{
    char *dir = nx_asprintf("%s/%s", NX_FUZZ_SOURCE_DIR, rel);
    char **files;
    size_t n;
    if (nx_list_files(dir, ".yaml", &files, &n) < 0) {
        fprintf(stderr, "nx_fuzz_seeds: cannot read %s\n", dir);
        exit(1);
    }
    for (size_t i = 0; i < n; i++) {
        size_t len;
        const char *why;
        char *text = nx_read_file(files[i], &len, &why);
        if (text) put(target, strrchr(files[i], '/') + 1, "", 0, text, len);
        free(text);
    }
    nx_strings_free(files, n);
    free(dir);
}

static void pack_seeds(void)
{
    /* fuzz_pack's first byte chooses the file (see fuzz_pack.c). */
    static const struct { char sel; const char *file; } f[] = {
        { 0, "cards/pack.yaml" }, { 1, "cards/nexus/harkonnen.yaml" }, { 2, "rulings/common.yaml" },
        { 1, "cards/nexus/atreides.yaml" }, { 2, "rulings/harkonnen.yaml" },
    };
    for (size_t i = 0; i < sizeof f / sizeof f[0]; i++) {
        char *path = nx_asprintf("%s/%s", NX_FUZZ_SOURCE_DIR, f[i].file);
        size_t len;
        const char *why;
        char *text = nx_read_file(path, &len, &why);
        if (text) {
            char name[32];
            snprintf(name, sizeof name, "pack-%zu", i);
            put("pack", name, &f[i].sel, 1, text, len);
        }
        free(text);
        free(path);
    }
}

/* A game and its bot, saved (save, state) and served (serve) at points. */
static void game_seeds(const char *tag, nx_game_config cfg, int actions)
{
    char err[256];
    nx_game *g = nx_game_new(&rt, NULL, &cfg, err, sizeof err);
    if (!g) {
        fprintf(stderr, "nx_fuzz_seeds: %s: %s\n", tag, err);
        exit(1);
    }
    nx_bot bot;
    nx_bot_init(&bot, &rt, NX_BOT_SIMPLE, cfg.seed);
    char *session = nx_asprintf("{\"cmd\":\"new\",\"room\":\"r\",\"factions\":[");
    for (int i = 0; i < cfg.nseats; i++) {
        char *s = nx_asprintf("%s%s\"%s\"", session, i ? "," : "", nx_faction_id(cfg.factions[i]));
        free(session);
        session = s;
    }
    char *s = nx_asprintf("%s],\"seed\":%llu,\"nexus_cards\":%s,\"advanced\":%s,\"designer\":%s}\n", session,
                          (unsigned long long)cfg.seed, cfg.nexus_cards ? "true" : "false",
                          cfg.advanced ? "true" : "false", cfg.designer ? "true" : "false");
    free(session);
    session = s;
    for (int i = 0; i <= actions; i++) {
        if (i == 0 || i == actions / 2 || i == actions) {
            char name[64];
            snprintf(name, sizeof name, "%s-%d", tag, i);
            char *saved = nx_game_save(g);
            put_text("save", name, saved);
            free(saved);
            char *state = nx_state_json_encode_text(nx_game_state(g));
            put_text("state", name, state);
            free(state);
        }
        if (i == actions) break;
        char id[16];
        snprintf(id, sizeof id, "a%d", i);
        nx_bot_move m;
        if (nx_bot_step(&bot, g, id, &m) != 1) break;
        if (i < 12) {
            s = nx_asprintf("%s{\"cmd\":\"apply\",\"room\":\"r\",\"action\":%s}\n", session, m.action);
            free(session);
            session = s;
        }
        nx_bot_move_free(&m);
    }
    s = nx_asprintf("%s{\"cmd\":\"view\",\"room\":\"r\",\"seat\":0}\n{\"cmd\":\"save\",\"room\":\"r\"}\n"
                    "{\"cmd\":\"close\",\"room\":\"r\"}\n{\"cmd\":\"open\",\"room\":\"r\"}\n{\"cmd\":\"rooms\"}\n",
                    session);
    put_text("serve", tag, s);
    free(s);
    free(session);
    nx_game_free(g);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: nx_fuzz_seeds OUTDIR\n");
        return 2;
    }
    outdir = argv[1];
    mkdir(outdir, 0755);
    nx_diags d;
    nx_diags_init(&d);
    if (nx_runtime_open(&rt, NX_FUZZ_SOURCE_DIR "/cards/pack.yaml", &d)) {
        nx_diags_print(&d, stderr);
        return 1;
    }
    nx_diags_free(&d);
    pack_seeds();
    copy_dir("settings", "tests/fixtures/settings");
    copy_dir("scenario", "tests/scenarios");
    nx_game_config two = { .seed = 3, .nseats = 2, .factions = { NX_HARKONNEN, NX_ATREIDES } };
    game_seeds("two", two, 10);
    nx_game_config six = { .seed = 2, .nexus_cards = 1, .advanced = 1 };
    nx_game_classic_factions(&six, 6);
    game_seeds("six", six, 60);
    nx_game_config designer = { .seed = 4, .nexus_cards = 1, .designer = 1, .nseats = 3,
                                .factions = { NX_HARKONNEN, NX_ECAZ, NX_CHOAM } };
    game_seeds("designer", designer, 20);
    put_text("serve", "lines", "{\"cmd\":\"rooms\"}\n[\"\\\xc3\xa9\"]\n{\"cmd\":\"open\",\"room\":\"x\"}\n");
    printf("nx_fuzz_seeds: %d seeds in %s\n", written, outdir);
    nx_runtime_close(&rt);
    return 0;
}
