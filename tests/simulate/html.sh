#!/bin/sh
# The report page renders in headless Chromium with its plots drawn (the
# committed screenshot helper requires enough ink): a report and a
# comparison.  Exit 77 (skipped) without Chromium.
# usage: html.sh NEXUS_BINARY SOURCE_DIR [OUT_DIR]
set -u
NEXUS=$1
SRC=$2
OUT=${3:-$(mktemp -d)}
mkdir -p "$OUT"
GAME="--seats 6 --nexus-cards --seed-start 3"
"$NEXUS" simulate -n 2 $GAME --jobs 2 --quiet --html "$OUT/report.html" || exit 1
"$NEXUS" simulate --compare default "$SRC/tests/simulate/open_one_gate.yaml" -n 1 $GAME --quiet \
    --html "$OUT/compare.html" || exit 1
# The page is self-contained: nothing to fetch.
if grep -Eq "(src|href)=['\"]?(https?:)?//" "$OUT/report.html" "$OUT/compare.html"; then
    echo "html: the page refers to the network"; exit 1
fi
grep -q "<svg" "$OUT/report.html" || { echo "html: no plot in the page"; exit 1; }
sh "$SRC/tests/browser/screenshot.sh" "$OUT/report.html" "$OUT/report.png" 8 1200x2400 || exit $?
sh "$SRC/tests/browser/screenshot.sh" "$OUT/compare.html" "$OUT/compare.png" 8 1200x2400 || exit $?
echo "html: both pages rendered"
