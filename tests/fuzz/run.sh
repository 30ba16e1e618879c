#!/bin/sh
# Run every fuzz target for SECONDS each: tests/fuzz/run.sh BUILD SECONDS
# (BUILD configured with NX_FUZZ=ON and `fuzz-build` built: `make fuzz`).
# Seeds are generated afresh into BUILD/fuzz/seeds; what the fuzzer finds
# is kept in BUILD/fuzz/corpus between runs; a crash is written to
# BUILD/fuzz/crashes/ and makes the run fail.
set -u
BUILD=${1:?usage: run.sh BUILD SECONDS}
SECONDS_EACH=${2:?usage: run.sh BUILD SECONDS}
HERE=$(cd "$(dirname "$0")" && pwd)
FUZZ=$BUILD/fuzz
BIN=$BUILD/tests/fuzz
rm -rf "$FUZZ/seeds"
mkdir -p "$FUZZ/seeds" "$FUZZ/crashes"
"$BIN/nx_fuzz_seeds" "$FUZZ/seeds" || exit 1
failed=""
for t in pack settings save state scenario serve; do
    mkdir -p "$FUZZ/corpus/$t" "$FUZZ/seeds/$t"
    echo "== fuzz_$t: $SECONDS_EACH s"
    if ! "$BIN/fuzz_$t" -max_total_time="$SECONDS_EACH" -timeout=25 -rss_limit_mb=2560 \
            -print_final_stats=1 -artifact_prefix="$FUZZ/crashes/$t-" \
            "$FUZZ/corpus/$t" "$FUZZ/seeds/$t" "$HERE/regress/$t" >"$FUZZ/$t.log" 2>&1; then
        failed="$failed $t"
        tail -n 40 "$FUZZ/$t.log"
    else
        grep -E "stat::number_of_executed_units|stat::peak_rss_mb" "$FUZZ/$t.log" | tr '\n' ' '
        echo
    fi
done
if [ -n "$failed" ]; then
    echo "fuzz: crashes in:$failed (inputs in $FUZZ/crashes/)."
    echo "Fix the bug, then add the input to tests/fuzz/regress/<target>/ so the normal suite replays it."
    exit 1
fi
echo "fuzz: no crash in $SECONDS_EACH s per target"
