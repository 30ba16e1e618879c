#include "nx_testutil.h"

#include <stdlib.h>

#include "nx_util.h"

char *nx_fixture(const char *rel) { return nx_path_join(NX_TEST_FIXTURES, rel); }

char *nx_source_path(const char *rel) { return nx_path_join(NX_TEST_SOURCE_DIR, rel); }

int nx_run_suite(Suite *s)
{
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
