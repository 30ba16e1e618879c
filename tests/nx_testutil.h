/* Shared helpers for the Check suites. */
#ifndef NX_TESTUTIL_H
#define NX_TESTUTIL_H

#include <check.h>

/* Absolute path of a fixture: NX_TEST_FIXTURES "/" rel.  Caller frees. */
char *nx_fixture(const char *rel);

/* Absolute path of a file in the source tree.  Caller frees. */
char *nx_source_path(const char *rel);

/* Run one suite; returns the process exit status. */
int nx_run_suite(Suite *s);

#endif
