/* The pack loader (nx_pack_load): the input's first byte chooses which
 * file of a pack copy it replaces (the pack file, a card file with
 * implemented panels, a rulings file), the rest is that file's text.
 * Loaded or refused, never a crash; the file is put back afterwards. */
#include <stdlib.h>

#include "nx_fuzz.h"
#include "nx_util.h"

static const char *const files[] = { "cards/pack.yaml", "cards/nexus/harkonnen.yaml", "rulings/common.yaml" };
#define NFILES (sizeof files / sizeof files[0])

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char *original[NFILES];
    static size_t original_len[NFILES];
    const char *dir = nx_fuzz_pack_copy();
    if (!original[0])
        for (size_t i = 0; i < NFILES; i++) {
            char *p = nx_path_join(dir, files[i]);
            const char *why;
            original[i] = nx_read_file(p, &original_len[i], &why);
            if (!original[i]) nx_fuzz_fail("%s: %s", p, why);
            free(p);
        }
    if (!size) return 0;
    size_t which = data[0] % NFILES;
    char *path = nx_path_join(dir, files[which]);
    nx_fuzz_write(path, data + 1, size - 1);
    char *pack_yaml = nx_path_join(dir, "cards/pack.yaml");
    nx_pack pack;
    nx_diags d;
    nx_diags_init(&d);
    if (!nx_pack_load(pack_yaml, &pack, &d)) nx_pack_free(&pack);
    nx_diags_free(&d);
    nx_fuzz_write(path, original[which], original_len[which]);
    free(pack_yaml);
    free(path);
    return 0;
}
