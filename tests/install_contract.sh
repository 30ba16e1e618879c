#!/bin/sh
# An installed nexus reads its installed pack and rulings, never the source
# tree it was built from; the build tree's binary reads the source tree.
# The install is relocatable: a moved prefix still reads its own files.
# usage: install_contract.sh BUILD_DIR NEXUS_BINARY
set -u
BUILD=$1
BUILT=$2
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fails=0
passes=0

ok() { passes=$((passes + 1)); }
fail() { fails=$((fails + 1)); echo "FAIL: $1"; }
has() { # pattern description command...
    pat=$1; what=$2; shift 2
    if "$@" >"$TMP/out" 2>"$TMP/err" && grep -Eq -- "$pat" "$TMP/out"; then ok; else fail "$what"; cat "$TMP/err"; fi
}
lacks() { # pattern description command...
    pat=$1; what=$2; shift 2
    if "$@" >"$TMP/out" 2>"$TMP/err" && ! grep -Eq -- "$pat" "$TMP/out"; then ok; else fail "$what"; cat "$TMP/err"; fi
}

P="$TMP/prefix"
cmake --install "$BUILD" --prefix "$P" >/dev/null || { echo "FAIL: cmake --install"; exit 1; }
[ -x "$P/bin/nexus" ] && [ -f "$P/share/nexus/cards/pack.yaml" ] && [ -d "$P/share/nexus/rulings" ] && ok ||
    fail "the install has bin/nexus, share/nexus/cards and share/nexus/rulings"

# Mark the installed copy of a card text and of a ruling's default, as an
# edit of the source tree would (the source tree itself stays untouched).
sed -i 's/The native Atreides, having used Prescience/The INSTALLED Atreides, having used Prescience/' \
    "$P/share/nexus/cards/nexus/atreides.yaml"
awk '/^- id: harkonnen.betrayal.mentat_order$/ { inside = 1 }
     inside && /^  default: unresolved$/ { sub(/unresolved/, "replacement_first"); inside = 0 }
     { print }' "$P/share/nexus/rulings/harkonnen.yaml" >"$TMP/h.yaml" && mv "$TMP/h.yaml" "$P/share/nexus/rulings/harkonnen.yaml"

has 'INSTALLED Atreides' "the installed nexus reads the installed cards" env -u NEXUS_PACK "$P/bin/nexus" cards
has 'harkonnen.betrayal.mentat_order +open question +default: replacement_first' \
    "the installed nexus reads the installed rulings" env -u NEXUS_PACK "$P/bin/nexus" rulings list
lacks 'INSTALLED Atreides' "the build tree's nexus reads the source cards" env -u NEXUS_PACK "$BUILT" cards
has 'harkonnen.betrayal.mentat_order +open question +default: unresolved' \
    "the build tree's nexus reads the source rulings" env -u NEXUS_PACK "$BUILT" rulings list

# Relocated: the prefix moved elsewhere still reads its own files.
mv "$P" "$TMP/moved"
has 'INSTALLED Atreides' "a moved install reads its own cards" env -u NEXUS_PACK "$TMP/moved/bin/nexus" cards
# $NEXUS_PACK still overrides the default.
lacks 'INSTALLED Atreides' "NEXUS_PACK overrides the installed pack" \
    env NEXUS_PACK="$(dirname "$0")/../cards/pack.yaml" "$TMP/moved/bin/nexus" cards

echo "install_contract: $passes passed, $fails failed"
[ "$fails" -eq 0 ]
