#!/usr/bin/env bash
# Perft from the start position: pdnkit against dctl's move generator, run alternately in one
# script, in both counting modes (drop and keep duplicate captures), for every variant both
# have. Each program times its own count (pdnkit's `--stats`, the driver's clock), so process
# start is left out of both; the script prints per variant and mode the median times and
# pdnkit's speed as a fraction of dctl's (the median of the pairs' ratios; above 1: pdnkit is
# faster), and fails when the counts differ (but for Russian in drop mode from depth 10, where
# dctl counts more than the published table: see benches/RESULTS.md).
#
#   DCTL=/path/to/dctl-perft benches/perft_vs_dctl.sh                  # every variant, 14 pairs
#   VARIANTS="international:10 russian:12" RUNS=7 DCTL=... benches/perft_vs_dctl.sh
#   PDNKIT=/path/to/other/pdnkit DCTL=... benches/perft_vs_dctl.sh     # another build
#
# dctl is not part of pdnkit: it is built outside the repository for the measurement alone,
# with the driver benches/dctl_perft.cpp calling its own counting (`depth_limited_count`, bulk
# counting at the last ply): see "Perft against dctl" in benches/RESULTS.md for the commits and
# the flags. Variants are named as pdnkit names them; `spantsiretti-international` and `thai-12`
# are the rule sets of dctl's "Spantsiretti" and "Thai" tables.
set -euo pipefail

VARIANTS=${VARIANTS:-"international:9 frisian:9 pool:11 russian:11 brazilian:11 spantsiretti-international:9 english:11 spanish:11 czech:11 canadian:8 italian:11 thai-12:10"}
MODES=${MODES:-"drop keep"}
RUNS=${RUNS:-14}
DCTL=${DCTL:?set DCTL to the dctl perft driver (benches/RESULTS.md says how to build it)}
cd "$(dirname "$0")/.."
if [ -z "${PDNKIT:-}" ]; then
    cargo build --quiet --release --bin pdnkit
    PDNKIT=${CARGO_TARGET_DIR:-target}/release/pdnkit
fi

median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

ours_run() { # variant mode depth -> "leaves seconds"
    # pdnkit perft --stats prints "N nodes in S s, R Mnodes/s" on stderr.
    "$PDNKIT" perft -j 1 --variant "$1" --count "$2" --depth "$3" --stats 2>&1 >/dev/null |
        tail -1 | awk '{print $1, $4}'
}

echo "perft from the start position, $RUNS alternating pairs per variant and mode"
for item in $VARIANTS; do
    variant=${item%%:*} depth=${item##*:}
    for mode in $MODES; do
        ours=() theirs=() ratios=()
        for i in $(seq "$RUNS"); do
            # Who runs first alternates, so neither always follows the other.
            if [ $((i % 2)) = 1 ]; then
                read -r n1 t1 < <(ours_run "$variant" "$mode" "$depth")
                read -r n2 t2 < <("$DCTL" "$variant" "$mode" "$depth")
            else
                read -r n2 t2 < <("$DCTL" "$variant" "$mode" "$depth")
                read -r n1 t1 < <(ours_run "$variant" "$mode" "$depth")
            fi
            if [ "$n1" != "$n2" ]; then
                if [ "$variant/$mode" = russian/drop ] && [ "$depth" -ge 10 ]; then
                    note="; counts differ as expected: pdnkit $n1, dctl $n2"
                else
                    echo "counts differ ($variant $mode $depth): pdnkit $n1, dctl $n2" >&2
                    exit 1
                fi
            else
                note=""
            fi
            ours+=("$t1") theirs+=("$t2")
            ratios+=("$(awk -v a="$t1" -v b="$t2" 'BEGIN { printf "%.3f", b / a }')")
        done
        mo=$(printf '%s\n' "${ours[@]}" | median)
        md=$(printf '%s\n' "${theirs[@]}" | median)
        mr=$(printf '%s\n' "${ratios[@]}" | median)
        echo "$variant $mode d$depth: $n1 leaves; pdnkit $mo s, dctl $md s; pdnkit/dctl speed $mr$note"
    done
done
