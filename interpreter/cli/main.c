#include "nx_cli.h"

int main(int argc, char **argv)
{
    /* Only this binary knows where it was built; nx_cli uses the source
     * pack only while it runs from there. */
    nx_cli_build_tree(NX_BUILD_BIN_DIR, NX_SOURCE_PACK);
    return nx_cli_main(argc, argv);
}
