#!/usr/bin/env bash
# International perft from the start position: pdnkit against dctl's move generator, run
# alternately in one script, in both counting modes (drop and keep duplicate captures). Each
# program times its own count (pdnkit's `--stats`, the driver's clock), so process start is
# left out of both; the script prints the median times and pdnkit's speed as a fraction of
# dctl's (above 1: pdnkit is faster), and fails when the counts differ.
#
#   DCTL=/path/to/dctl-perft benches/perft_vs_dctl.sh          # depth 9, 9 runs of each
#   DEPTH=10 RUNS=5 DCTL=... benches/perft_vs_dctl.sh
#
# dctl is not part of pdnkit: it is built outside the repository for the measurement alone,
# with a small driver calling its own counting (`depth_limited_count`, bulk counting at the
# last ply): see "Perft against dctl" in benches/RESULTS.md for the commits and the flags.
set -euo pipefail

DEPTH=${DEPTH:-9}
RUNS=${RUNS:-9}
DCTL=${DCTL:?set DCTL to the dctl perft driver (benches/RESULTS.md says how to build it)}
cd "$(dirname "$0")/.."
cargo build --quiet --release --bin pdnkit
OURS=${CARGO_TARGET_DIR:-target}/release/pdnkit

median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

echo "international perft, start position, depth $DEPTH, $RUNS alternating runs"
for mode in drop keep; do
    ours=() theirs=() ratios=()
    for _ in $(seq "$RUNS"); do
        # pdnkit perft --stats prints "N nodes in S s, R Mnodes/s" on stderr.
        read -r n1 _ _ t1 _ < <("$OURS" perft -j 1 --depth "$DEPTH" --count "$mode" --stats 2>&1 >/dev/null | tail -1)
        read -r n2 t2 < <("$DCTL" "$mode" "$DEPTH")
        [ "$n1" = "$n2" ] || { echo "counts differ in $mode mode: pdnkit $n1, dctl $n2" >&2; exit 1; }
        ours+=("$t1") theirs+=("$t2")
        ratios+=("$(awk -v a="$t1" -v b="$t2" 'BEGIN { printf "%.3f", b / a }')")
    done
    mo=$(printf '%s\n' "${ours[@]}" | median)
    md=$(printf '%s\n' "${theirs[@]}" | median)
    mr=$(printf '%s\n' "${ratios[@]}" | median)
    echo "$mode: $n1 leaves; pdnkit $mo s, dctl $md s (medians); pdnkit's speed / dctl's: $mr (median of the pairs; runs: ${ratios[*]})"
done
