#!/bin/sh
# Do two nexus binaries print the same games?  For speed-ups of how an
# action is handed to the engine and applied (issue #17), which must not
# change a byte: plays, with each binary,
#   seeds 1..50: six seats, Advanced, Nexus cards, the provisional rulings;
#   seeds 1..10: Basic, 2 to 5 seats, Nexus cards (default rulings);
#   seeds 1..5:  six seats, Advanced, Nexus cards, random bots;
# and compares what `nexus play` printed and the saved game, byte for byte
# (checksum included).  Unlike same_games.sh, nothing is normalised.
#
#   sh bench/same_plays.sh OLD/nexus NEW/nexus     (or build directories)
#   sh bench/same_plays.sh NEXUS DIR               (write the outputs, print their digest)
#
# Exit 0 when every game is identical, 1 otherwise (the differing ones named).
set -u
HERE=$(cd "$(dirname "$0")/.." && pwd)
# A build directory stands for the nexus binary it holds; paths made absolute.
binary() { if [ -d "$1" ]; then echo "$(cd "$1" && pwd)/nexus"; else echo "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"; fi; }
A=$(binary "$1")
B=${2:-}
[ -n "$B" ] && [ -d "$B" ] && [ -x "$B/nexus" ] && B=$(binary "$B")
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
PROV="$HERE/rulings/profiles/provisional.yaml"
# Both binaries play this tree's pack (a copied binary would look for an installed one).
NEXUS_PACK=${NEXUS_PACK:-$HERE/cards/pack.yaml}
export NEXUS_PACK

one() { # nexus outdir name args...
    nx=$1 out=$2 name=$3
    shift 3
    # The save's name is printed: the same relative name in both runs.
    (cd "$out" && "$nx" play "$@" --save "$name.save" >"$name.out" 2>"$name.err"; echo "exit $?" >>"$name.out")
}

play_all() { # nexus outdir
    mkdir -p "$2"
    for seed in $(seq 1 50); do
        one "$1" "$2" "adv6-$seed" --seed "$seed" --seats 6 --advanced --nexus-cards --rulings "$PROV"
    done
    for seed in $(seq 1 10); do
        one "$1" "$2" "basic-$seed" --seed "$seed" --seats $((2 + seed % 4)) --nexus-cards
    done
    for seed in $(seq 1 5); do
        one "$1" "$2" "random-$seed" --seed "$seed" --seats 6 --advanced --nexus-cards --bots random
    done
}

digest() { (cd "$1" && cat $(ls | sort) | sha256sum | cut -c1-16); }

if [ -n "$B" ] && [ -x "$B" ]; then
    play_all "$A" "$TMP/a"
    play_all "$B" "$TMP/b"
    differ=0 total=0
    for f in $(cd "$TMP/a" && ls | sort); do
        total=$((total + 1))
        cmp -s "$TMP/a/$f" "$TMP/b/$f" || { echo "$f differs"; differ=$((differ + 1)); }
    done
    echo "same_plays: $((total - differ)) of $total files identical ($(digest "$TMP/a") vs $(digest "$TMP/b"))"
    [ "$differ" -eq 0 ]
else
    out=${B:-$TMP/games}
    play_all "$A" "$out"
    digest "$out"
fi
