/*
 * A small C host built against an installed Nexus (tests/host/check_install.sh):
 * open the installed pack, make a two-seat game, let engine bots play it to
 * the end through the public API, save it, load the save, and check that the
 * reloaded game equals the played one.  Exit 0 on success.
 */
#include <nexus.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int die(const char *what, const char *err)
{
    fprintf(stderr, "host: %s: %s\n", what, err);
    return 1;
}

int main(void)
{
    char err[512];
    if (nexus_api_version() != NEXUS_API_VERSION) return die("api", "header and library differ");
    nexus_runtime *rt = nexus_runtime_open(NULL, err, sizeof err);
    if (!rt) return die("runtime", err);
    nexus_game *g = nexus_game_new(rt, "{\"seed\": 5, \"seats\": 2, \"nexus_cards\": true}", err, sizeof err);
    if (!g) return die("new", err);
    nexus_game *bad = nexus_game_new(rt, "{\"seed\": 5, \"seats\": 2, \"colour\": 1}", err, sizeof err);
    if (bad || !strstr(err, "colour")) return die("unknown key", "was accepted");
    nexus_bot *bot = nexus_bot_new(rt, "simple", 5, err, sizeof err);
    if (!bot) return die("bot", err);
    int actions = 0;
    while (nexus_game_next(g) != -2) {
        char id[32];
        snprintf(id, sizeof id, "h%d", actions);
        char *result = nexus_bot_step(bot, g, id, err, sizeof err);
        if (!result) return die("bot step", err);
        nexus_free(result);
        if (++actions > 100000) return die("play", "the game does not end");
    }
    char *view = nexus_game_view(g, -1);
    char *saved = nexus_game_save(g);
    if (!view || !saved) return die("view/save", "NULL");
    nexus_game *again = nexus_game_load(rt, saved, err, sizeof err);
    if (!again) return die("load", err);
    char *saved2 = nexus_game_save(again);
    if (strcmp(saved, saved2)) return die("reload", "the reloaded game differs");
    printf("host (C): engine %s, %d actions, version %ld, reloaded equal\n", nexus_version(), actions,
           nexus_game_version(again));
    nexus_free(view);
    nexus_free(saved);
    nexus_free(saved2);
    nexus_game_free(again);
    nexus_game_free(g);
    nexus_bot_free(bot);
    nexus_runtime_close(rt);
    return 0;
}
