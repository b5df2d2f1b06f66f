#!/usr/bin/env bash
# Whole-process throughput and memory of the archive tools (filter, search, index, dedupe,
# split) on the international archive that benches/scale.sh builds, side by side with
# `validate` on the same file in the same run.
#
#   benches/archive_tools.sh [SIZE_MB] [RUNS]     # defaults: 100 MB, median of 3 runs
#
# What it prints: per command the median wall time, MB/s and plies/s (the archive's main-line
# plies over the time) and peak RSS; the ratio to validate's time; the index's size, bytes per
# position and build time; the median latency of 21 lookups in the index.
set -euo pipefail

SIZE_MB=${1:-${SIZE_MB:-100}}
RUNS=${2:-${RUNS:-3}}
WORK=${WORK:-/tmp/pdnkit-scale}
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"

BUILD_ONLY=1 WORK=$WORK benches/scale.sh "$SIZE_MB" > /dev/null
cargo build --quiet --release --bin pdnkit
pdnkit=${CARGO_TARGET_DIR:-target}/release/pdnkit
archive=$WORK/intl-${SIZE_MB}M.pdn
out=$WORK/tools-out
rm -rf "$out"
mkdir -p "$out"

median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
bytes=$(stat -c %s "$archive")
plies=$({ "$pdnkit" -q stats --format json --top 1 "$archive" || true; } | python3 -c \
    'import json,sys; print(sum(g["plies"] for g in json.load(sys.stdin)["groups"]))')
games=$({ "$pdnkit" validate "$archive" 2>&1 >/dev/null || true; } | sed -n 's/^pdnkit: \([0-9]*\) games read.*/\1/p')
echo "archive: $archive, $((bytes / 1000000)) MB, $games games, $plies plies"

# measure NAME CMD...: median wall time and peak RSS over $RUNS runs; prints a table row.
base_time=
measure() {
    local name=$1; shift
    local times=() rss=()
    for _ in $(seq "$RUNS"); do
        rm -rf "$out/split"
        local t0 t1
        t0=$(date +%s.%N)
        /usr/bin/time -f %M -o "$out/rss" "$@" > /dev/null 2> "$out/stderr" || true
        t1=$(date +%s.%N)
        times+=("$(echo "$t1 - $t0" | bc)")
        rss+=("$(cat "$out/rss")")
    done
    local t r
    t=$(printf '%s\n' "${times[@]}" | median)
    r=$(printf '%s\n' "${rss[@]}" | median)
    [ -n "$base_time" ] || base_time=$t
    printf '%-34s %8.3f s %8.1f MB/s %6.2f M plies/s %7.1f MB RSS %6.2fx validate\n' \
        "$name" "$t" "$(echo "$bytes / $t / 1000000" | bc -l)" \
        "$(echo "$plies / $t / 1000000" | bc -l)" "$(echo "$r / 1024" | bc -l)" \
        "$(echo "$t / $base_time" | bc -l)"
}

for jobs in 1 2; do
    echo "--- -j $jobs ---"
    base_time=
    measure "validate" "$pdnkit" -q -j "$jobs" validate "$archive"
    measure "filter --player (few kept)" "$pdnkit" -q -j "$jobs" filter --player 'nobody here' "$archive"
    measure "filter --plies 0.. (all kept)" "$pdnkit" -q -j "$jobs" filter --plies 0.. "$archive"
    measure "search --fen (after 1. 32-28)" "$pdnkit" -q -j "$jobs" search --fen 'B:W28,31,33-50:B1-20' "$archive"
    measure "search --pattern --for 4" "$pdnkit" -q -j "$jobs" search --pattern 'W:W28:B23' --for 4 "$archive"
    measure "search --material W:4 B:4" "$pdnkit" -q -j "$jobs" search --material 'W:4 B:4' "$archive"
    measure "search --move x3" "$pdnkit" -q -j "$jobs" search --move x3 "$archive"
    measure "dedupe" "$pdnkit" -q -j "$jobs" dedupe "$archive"
    measure "split --shards 4" "$pdnkit" -q -j "$jobs" split --shards 4 -o "$out/split" "$archive"
    measure "index" "$pdnkit" -q -j "$jobs" index -o "$out/archive.idx" "$archive"
done

size=$(stat -c %s "$out/archive.idx")
positions=$("$pdnkit" -j 2 index -o "$out/archive.idx" "$archive" 2>&1 | sed -n 's/^pdnkit: \([0-9]*\) positions indexed.*/\1/p')
echo "index: $((size / 1000000)) MB for $positions positions: $(echo "$size / $positions" | bc -l | cut -c1-5) bytes per position"

lookups=()
for _ in $(seq 21); do
    t0=$(date +%s.%N)
    "$pdnkit" -q search --fen 'W:W31-50:B1-20' --index "$out/archive.idx" > /dev/null
    t1=$(date +%s.%N)
    lookups+=("$(echo "($t1 - $t0) * 1000" | bc)")
done
hits=$("$pdnkit" -q search --fen 'W:W31-50:B1-20' --index "$out/archive.idx" | tail -n +2 | wc -l)
echo "lookup of the start position ($hits hits): median $(printf '%s\n' "${lookups[@]}" | median) ms"
lookups=()
for _ in $(seq 21); do
    t0=$(date +%s.%N)
    "$pdnkit" -q search --fen 'B:W28,31,33-50:B1-20' --index "$out/archive.idx" > /dev/null
    t1=$(date +%s.%N)
    lookups+=("$(echo "($t1 - $t0) * 1000" | bc)")
done
hits=$("$pdnkit" -q search --fen 'B:W28,31,33-50:B1-20' --index "$out/archive.idx" | tail -n +2 | wc -l)
echo "lookup after 1. 32-28 ($hits hits): median $(printf '%s\n' "${lookups[@]}" | median) ms"
