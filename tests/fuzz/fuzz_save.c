/* The saved-game decoder (nx_game_load): refused, or loaded into a game
 * that saves back to a text which loads again into the very same game. */
#include <stdlib.h>
#include <string.h>

#include "nx_fuzz.h"
#include "nx_game.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const nx_runtime *rt = nx_fuzz_runtime();
    char *text = nx_fuzz_text(data, size);
    char err[512];
    nx_game *g = nx_game_load(rt, text, err, sizeof err);
    if (g) {
        char *saved = nx_game_save(g);
        if (!saved) nx_fuzz_fail("a loaded game does not save");
        nx_game *again = nx_game_load(rt, saved, err, sizeof err);
        if (!again) nx_fuzz_fail("a loaded game's save is refused: %s", err);
        char *twice = nx_game_save(again);
        if (strcmp(saved, twice)) nx_fuzz_fail("save, load, save changes the text");
        free(twice);
        nx_game_free(again);
        free(saved);
        nx_game_free(g);
    }
    free(text);
    return 0;
}
