/* The scenario loader and runner (nx_scenario_run) on the built-in pack:
 * any file gets its problems reported, never a crash. */
#include "nx_fuzz.h"
#include "nx_scenario.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const nx_runtime *rt = nx_fuzz_runtime();
    const char *path = nx_fuzz_temp("-scenario.yaml");
    nx_fuzz_write(path, data, size);
    nx_diags d;
    nx_diags_init(&d);
    nx_scenario_run(rt, path, &d);
    nx_diags_free(&d);
    return 0;
}
