#!/bin/sh
# Do two nexus binaries play the same games?  Plays 50 bot games with each
# (seeds 1..50; 2 to 6 seats; Basic and Advanced; Nexus cards) and compares
# the saved games byte for byte.  For changes that must not change play
# (speed-ups of the bots' search, refactors): build the old commit and the
# new one, then
#
#   sh bench/same_games.sh OLD/nexus NEW/nexus
#   sh bench/same_games.sh OLD_BUILD_DIR NEW_BUILD_DIR     (each holding nexus)
#
# The games are compared as JSON, not as bytes: each save is parsed and
# written back in one layout without its "checksum" member, so saves of
# different layouts (the log's texts on one line each, or laid out by
# jansson as the first saves were) compare by their content.
#
# Exit 0 when all 50 are identical, 1 otherwise (the differing games are
# named).  With one binary it writes the games to a directory and prints
# their digest instead: sh bench/same_games.sh NEXUS DIR.
set -u
# A build directory stands for the nexus binary it holds.
binary() { if [ -d "$1" ]; then echo "$1/nexus"; else echo "$1"; fi; }
A=$(binary "$1")
B=${2:-}
[ -n "$B" ] && [ -d "$B" ] && [ -x "$B/nexus" ] && B="$B/nexus"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

play_all() { # nexus outdir
    mkdir -p "$2"
    for seed in $(seq 1 50); do
        seats=$((2 + seed % 5))
        adv=""
        [ $((seed % 2)) -eq 0 ] && adv="--advanced"
        "$1" play --seed "$seed" --seats "$seats" $adv --nexus-cards --save "$2/raw-$seed.json" >/dev/null 2>"$2/err-$seed" ||
            echo "seed $seed: $1 exited $?: $(head -c 300 "$2/err-$seed")"
        python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
d.pop("checksum", None)
json.dump(d, open(sys.argv[2], "w"), indent=1)' "$2/raw-$seed.json" "$2/game-$seed.json"
    done
}

if [ -n "$B" ] && [ -x "$B" ]; then
    play_all "$A" "$TMP/a"
    play_all "$B" "$TMP/b"
    differ=0
    for seed in $(seq 1 50); do
        cmp -s "$TMP/a/game-$seed.json" "$TMP/b/game-$seed.json" || { echo "seed $seed: the saved games differ"; differ=$((differ + 1)); }
    done
    echo "same_games: $((50 - differ)) of 50 identical ($(cat "$TMP"/a/game-*.json | sha256sum | cut -c1-16) vs $(cat "$TMP"/b/game-*.json | sha256sum | cut -c1-16))"
    [ "$differ" -eq 0 ]
else
    out=${B:-$TMP/games}
    play_all "$A" "$out"
    cat "$out"/game-*.json | sha256sum
fi
