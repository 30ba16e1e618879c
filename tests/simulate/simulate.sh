#!/bin/sh
# `nexus simulate` end to end on small batches: the same report whatever
# the number of jobs, merged shards equal to one run, the report agreeing
# with `nexus play` of each seed, failed games (forced by the test-only
# NEXUS_SIM_TEST_REFUSE / NEXUS_SIM_TEST_CRASH) reported with their seed
# while the batch goes on, and --compare on one ruling.
# usage: simulate.sh NEXUS_BINARY SOURCE_DIR
set -u
NEXUS=$1
SRC=$2
CHECK="python3 $SRC/tests/simulate/check_report.py"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fails=0
passes=0
# Six seats with Nexus cards: the cards of absent factions are dealt, so
# gated situations arise.  The batch plays seeds 3 and 4; the comparison
# plays seed 3, in which the question an Ecaz Secret Ally holder asks
# arises (the situation ecaz.secret_ally.audience gates; seed 2 no longer
# reaches it since the Guild's shipments wait for their Karama window).
GAME="--seats 6 --nexus-cards --seed-start 3"
COMPARE_GAME="--seats 6 --nexus-cards --seed-start 3"
N=2

ok() { passes=$((passes + 1)); }
bad() { fails=$((fails + 1)); echo "FAIL: $*"; }
run() { # expected-rc description command...
    want=$1; what=$2; shift 2
    "$@" >"$TMP/out" 2>"$TMP/err"
    got=$?
    if [ "$got" -eq "$want" ]; then ok; else bad "$what: exit $got, expected $want"; cat "$TMP/err"; fi
}

run 0 "one job" "$NEXUS" simulate -n $N $GAME --jobs 1 --json "$TMP/j1.json"
run 0 "two jobs" "$NEXUS" simulate -n $N $GAME --jobs 2 --json "$TMP/j2.json" --html "$TMP/j2.html"
if cmp -s "$TMP/j1.json" "$TMP/j2.json"; then ok; else bad "1 and 2 jobs give different reports"; fi
grep -q "nexus simulate: 2/2 games" "$TMP/err" && ok || bad "no plain progress lines off a terminal"

run 0 "shard 1/2" "$NEXUS" simulate -n $N $GAME --shard 1/2 --json "$TMP/s1.json"
run 0 "shard 2/2" "$NEXUS" simulate -n $N $GAME --shard=2/2 --json "$TMP/s2.json"
run 0 "merge" "$NEXUS" simulate --merge "$TMP/s2.json" "$TMP/s1.json" --json "$TMP/m.json"
if cmp -s "$TMP/j1.json" "$TMP/m.json"; then ok; else bad "merged shards differ from one run"; fi
run 1 "merging a shard twice" "$NEXUS" simulate --merge "$TMP/s1.json" "$TMP/s1.json"
grep -q "seed 3 is in more than one report" "$TMP/err" && ok || bad "a repeated seed is not named"
run 0 "another config" "$NEXUS" simulate -n 2 --seats 3 --json "$TMP/other.json"
run 1 "merging different configs" "$NEXUS" simulate --merge "$TMP/s1.json" "$TMP/other.json"

# The report's counts agree with its own records and with each game's log.
run 0 "counts" $CHECK counts "$TMP/j1.json"
$CHECK games "$TMP/j1.json" >"$TMP/seeds"
while read -r seed factions; do
    run 0 "play seed $seed" "$NEXUS" play --seed "$seed" --factions "$factions" --nexus-cards
    cp "$TMP/out" "$TMP/play$seed"
    run 0 "seed $seed agrees with play" $CHECK play "$TMP/j1.json" "$seed" "$TMP/play$seed"
done <"$TMP/seeds"

# Failed games: reported with their seed and a replay command; the batch goes on.
NEXUS_SIM_TEST_REFUSE=2 run 1 "a refused move" "$NEXUS" simulate -n 3 --seats 3 --jobs 2 --json "$TMP/refuse.json"
grep -q "1 games failed" "$TMP/err" && ok || bad "the failure is not announced"
run 0 "refusal listed" $CHECK failure "$TMP/refuse.json" 2 refusal
NEXUS_SIM_TEST_CRASH=2 run 1 "a crashed worker" "$NEXUS" simulate -n 3 --seats 3 --jobs 1 --json "$TMP/crash.json"
run 0 "crash listed" $CHECK failure "$TMP/crash.json" 2 crash
NEXUS_SIM_TEST_CRASH=1 run 1 "a summary" "$NEXUS" simulate -n 2 --seats 3
grep -q "^FAILED seed 1 (crash)" "$TMP/out" && grep -q "replay: nexus play --seed 1 --factions" "$TMP/out" && ok \
    || bad "the summary does not list the failed seed with its replay command"

# Two settings over the same seeds.
run 0 "compare" "$NEXUS" simulate --compare default "$SRC/tests/simulate/open_one_gate.yaml" -n 1 $COMPARE_GAME \
    --json "$TMP/cmp.json" --html "$TMP/cmp.html"
run 0 "compare report" $CHECK compare "$TMP/cmp.json" ecaz.secret_ally.audience

# Usage errors.
run 2 "no -n" "$NEXUS" simulate $GAME
run 2 "bad shard" "$NEXUS" simulate -n 2 --shard 3/2
run 2 "bad bot" "$NEXUS" simulate -n 2 --bot 7=simple
run 2 "seats and factions" "$NEXUS" simulate -n 2 --seats 3 --factions atreides,fremen

echo "simulate: $passes passed, $fails failed"
[ "$fails" -eq 0 ]
