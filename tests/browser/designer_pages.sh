#!/bin/sh
# The designer's pictures render in headless Chromium: `nexus board` (SVG)
# and `nexus replay` (HTML) of a six-seat bot game, each screenshotted and
# required to be drawn on (screenshot.sh; exit 77 = no Chromium: skipped).
# usage: designer_pages.sh NEXUS_BINARY board|replay
set -eu
nexus=$1
what=$2
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 ||
    { echo "designer_pages: no chromium installed: skipped" >&2; exit 77; }
"$nexus" play --seed 3 --seats 6 --nexus-cards --advanced --save "$tmp/game.json" >/dev/null
case $what in
board)
    # The board covers well over a third of the picture: sectors, names, legend.
    "$nexus" board "$tmp/game.json" --seat 0 --svg "$tmp/board.svg"
    sh "$here/screenshot.sh" "$tmp/board.svg" "$tmp/board.png" 30 1420x940 ;;
replay)
    # The page draws its first step from the embedded data by script and
    # only then shows the board: a page whose script failed shows the
    # controls alone (about 4% ink), a drawn one over 25%.
    "$nexus" replay "$tmp/game.json" --html "$tmp/replay.html" --seat 0
    sh "$here/screenshot.sh" "$tmp/replay.html" "$tmp/replay.png" 20 1600x1000 ;;
*)
    echo "usage: designer_pages.sh NEXUS board|replay" >&2; exit 2 ;;
esac
