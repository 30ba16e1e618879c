/* The settings loader (nx_settings_load_file) against the built-in
 * rulings: every value it accepts is a setting its ruling declares. */
#include "nx_fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const nx_runtime *rt = nx_fuzz_runtime();
    const char *path = nx_fuzz_temp("-settings.yaml");
    nx_fuzz_write(path, data, size);
    nx_settings s;
    nx_diags d;
    nx_diags_init(&d);
    nx_settings_init(&s);
    if (!nx_settings_load_file(path, &rt->pack.rulings, &s, &d))
        for (size_t i = 0; i < s.n; i++) {
            const nx_ruling *r = nx_rulings_find(&rt->pack.rulings, s.ids[i]);
            if (!r || !nx_ruling_has_setting(r, s.values[i]))
                nx_fuzz_fail("accepted %s: %s, which the rulings do not declare", s.ids[i], s.values[i]);
        }
    nx_settings_free(&s);
    nx_diags_free(&d);
    return 0;
}
