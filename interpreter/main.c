#include "nx_cli.h"

int main(int argc, char **argv) { return nx_cli_main(argc, argv); }
