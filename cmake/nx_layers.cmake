# The layers of the library, lowest first, and the folders of each: the one
# definition the build (CMakeLists.txt: a target per layer that sees only
# its own folders and those below) and the include check
# (scripts/check_layers.cmake) read.  docs/ARCHITECTURE.md ("Layout")
# draws the picture.  A new folder goes into exactly one layer here.
set(NX_LAYERS core dsl engine rules tools apps)
set(NX_LAYER_core   core)
set(NX_LAYER_dsl    dsl)
set(NX_LAYER_engine interpreter/engine)
set(NX_LAYER_rules  interpreter/turn interpreter/battle interpreter/nexus interpreter/staging)
set(NX_LAYER_tools  interpreter/bots interpreter/sim interpreter/render)
# interpreter/ itself holds the public header, nexus.h (host/nx_api.c).
set(NX_LAYER_apps   interpreter/host interpreter/cli interpreter)
