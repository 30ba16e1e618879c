# The layers of the library, lowest first, and the folders of each: the one
# definition the build (CMakeLists.txt: a target per layer that sees only
# its own folders and those below) and the include check
# (scripts/check_layers.cmake) read.  docs/ARCHITECTURE.md ("Layout")
# draws the picture.  A new folder goes into exactly one layer here.
#
# The rules are four layers and a top: the turn (the sequencer, setup, the
# phases but the battle, movement, windows) <- the battle <- the Nexus card
# layer (lifecycle, panel play, the ctx) <- staging (staged tables,
# scenarios) <- the ruleset (the module list and opening a runtime, which
# name them all).  What a lower rules layer needs of a higher one goes
# through the ruleset's tables (engine/nx_module.h), never by name.
set(NX_LAYERS core dsl engine turn battle nexus staging ruleset tools apps)
set(NX_LAYER_core    core)
set(NX_LAYER_dsl     dsl)
set(NX_LAYER_engine  interpreter/engine)
set(NX_LAYER_turn    interpreter/turn)
set(NX_LAYER_battle  interpreter/battle)
set(NX_LAYER_nexus   interpreter/nexus)
set(NX_LAYER_staging interpreter/staging)
set(NX_LAYER_ruleset interpreter/ruleset)
set(NX_LAYER_tools   interpreter/bots interpreter/sim interpreter/render)
# interpreter/ itself holds the public header, nexus.h (host/nx_api.c).
set(NX_LAYER_apps    interpreter/host interpreter/cli interpreter)
