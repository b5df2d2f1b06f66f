#!/usr/bin/env bash
# Perft's instructions under callgrind, per variant and counting mode: each pdnkit build given
# (and dctl's driver, when DCTL is set) counts from the start position at a modest depth, and
# the same run at depth 1 is taken off (process start and argument parsing). Instruction
# counts hold still where wall times on a shared host do not; benches/perft_vs_dctl.sh gives
# the times.
#
#   benches/perft_instructions.sh target/release/pdnkit [OTHER_PDNKIT...]
#   DCTL=/path/to/dctl-perft VARIANTS="russian:8 frisian:7" benches/perft_instructions.sh ...
#
# Prints millions of instructions. dctl built with -march=native on a processor with AVX-512
# runs instructions valgrind does not know (its 12x12 board): its cell is then "-".
set -euo pipefail

VARIANTS=${VARIANTS:-"international:7 frisian:7 pool:8 russian:8 brazilian:8 spantsiretti-international:7 english:9 spanish:8 czech:8 canadian:6 italian:8 thai-12:8"}
MODES=${MODES:-"drop keep"}
[ $# -gt 0 ] || { echo "usage: $0 PDNKIT [PDNKIT...]" >&2; exit 2; }

instructions() { # command... -> instructions, or nothing when valgrind cannot run it through
    local log
    log=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null) || return 0
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p' <<<"$log"
}
millions() { # total at depth, total at depth 1
    if [ -n "$1" ] && [ -n "$2" ]; then awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", (a - b) / 1e6 }'; else echo -; fi
}

printf '%-30s %-5s' variant mode
for p in "$@"; do printf ' %14s' "${p: -14}"; done
[ -z "${DCTL:-}" ] || printf ' %14s' dctl
echo
for item in $VARIANTS; do
    variant=${item%%:*} depth=${item##*:}
    for mode in $MODES; do
        printf '%-30s %-5s' "$variant d$depth" "$mode"
        for p in "$@"; do
            deep=$(instructions "$p" perft -j 1 --variant "$variant" --count "$mode" --depth "$depth")
            one=$(instructions "$p" perft -j 1 --variant "$variant" --count "$mode" --depth 1)
            printf ' %14s' "$(millions "$deep" "$one")"
        done
        if [ -n "${DCTL:-}" ]; then
            deep=$(instructions "$DCTL" "$variant" "$mode" "$depth")
            one=$(instructions "$DCTL" "$variant" "$mode" 1)
            printf ' %14s' "$(millions "$deep" "$one")"
        fi
        echo
    done
done
