#!/bin/sh
# How often each panel was held, playable and played, over 1,000 bot games
# of the classic factions under the provisional ruling profile: 2 to 6
# seats, Basic and Advanced (ten batches of N/10 games, disjoint seeds),
# Nexus cards on, the secrecy watch on (nexus simulate --secrecy; the state
# invariants are checked after every action in every game).  A report, not
# a timed test:
#
#   sh bench/panels_played.sh NEXUS [N] > docs/panels-played.md
#
# N defaults to 1000 (a multiple of 10).  The batches' JSON reports are
# summed per panel by python3.  Exit 1 when any game failed.
set -eu
NEXUS=$1
N=${2:-1000}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
PROFILE=$ROOT/rulings/profiles/provisional.yaml
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
PER=$((N / 10))
start=1
for seats in 2 3 4 5 6; do
    for adv in "" "--advanced"; do
        out="$TMP/r-$seats${adv:+-adv}.json"
        "$NEXUS" simulate -n "$PER" --seed-start "$start" --seats "$seats" $adv --nexus-cards --secrecy \
            --rulings "$PROFILE" --quiet --json "$out" || [ -s "$out" ]
        start=$((start + PER))
    done
done
python3 - "$TMP" "$N" <<'PY'
import glob, json, sys
tmp, n = sys.argv[1], int(sys.argv[2])
tot, games, failed = {}, 0, 0
keys = ("held", "games_held", "timely", "playable", "attempts", "played", "games_played", "declined", "refused")
avail = {}
for f in sorted(glob.glob(tmp + "/r-*.json")):
    r = json.load(open(f))
    games += r["summary"]["completed"] if "completed" in r["summary"] else r["summary"].get("games", 0)
    failed += len(r["failures"])
    for p in r["panels"]:
        t = tot.setdefault(p["panel"], dict.fromkeys(keys, 0))
        for k in keys: t[k] += p[k]
        avail[p["panel"]] = p["available"]
print("# Panels held, playable and played: %d bot games, provisional profile" % n)
print()
print("Produced by `sh bench/panels_played.sh build/nexus %d > docs/panels-played.md`:" % n)
print("ten batches of `nexus simulate -n %d --seats K [--advanced] --nexus-cards --secrecy" % (n // 10))
print("--rulings rulings/profiles/provisional.yaml` (K = 2..6, Basic and Advanced, disjoint")
print("seeds), simple bots, the secrecy watch on and the state invariants checked after every")
print("action. %d games completed, %d failed." % (games, failed))
print()
print("*held*: phases in which a seat held the panel (*games*: games in which it was held);")
print("*timely*: of those, phases with a moment its printed timing fits while its holder owed")
print("no other decision; *playable*: timely and available under the profile; *tried*,")
print("*played*, *declined* (its own `can_play` said no), *refused* (for another reason).")
print("See docs/simulate.md.")
print()
print("| panel | available | held | games | timely | playable | tried | played | games played | declined | refused |")
print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
for name in sorted(tot):
    t = tot[name]
    print("| %s | %s | %d | %d | %d | %d | %d | %d | %d | %d | %d |" % (name, "yes" if avail[name] else "no",
          t["held"], t["games_held"], t["timely"], t["playable"], t["attempts"], t["played"], t["games_played"],
          t["declined"], t["refused"]))
sys.exit(1 if failed else 0)
PY
