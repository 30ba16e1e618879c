#!/bin/sh
# Render a local HTML (or SVG) file in headless Chromium and save a PNG,
# then require that the picture is not blank: at least MIN_INK percent of
# its pixels differ from the page's background (tests/browser/png_ink.py).
# Usage: screenshot.sh FILE OUT.png [MIN_INK_PERCENT] [WIDTHxHEIGHT]
# Exit 0 when drawn, 1 when blank or not rendered, 77 (skipped) when no
# Chromium is installed (CTest's SKIP_RETURN_CODE).
set -eu
file=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
out=$2
min=${3:-1}
size=${4:-1200x900}
here=$(cd "$(dirname "$0")" && pwd)
browser=$(command -v chromium || command -v chromium-browser || true)
[ -n "$browser" ] || { echo "screenshot: no chromium installed: skipped" >&2; exit 77; }
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
# The flags keep a root, offline Chromium quiet: no sandbox (root), no
# network of its own, a fresh profile.
timeout 120 "$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$profile" --hide-scrollbars --window-size="$(echo "$size" | tr x ,)" \
    --screenshot="$out" "file://$file" >/dev/null 2>&1 || true
[ -s "$out" ] || { echo "screenshot: chromium wrote no picture of $1" >&2; exit 1; }
python3 "$here/png_ink.py" "$out" "$min"
