#!/usr/bin/env bash
# What deciding how an input is read costs (its encoding, whether it is text): `validate` of
# this working tree side by side with the build of REV on the benchmark archives of
# benches/scale.sh, in alternating runs, and the instructions of one `validate -j 1` of each
# (callgrind, which counts the same whatever else the machine does).
#
#   benches/inputs.sh [REV] [SIZE_MB] [PAIRS]     # defaults: c450045 (before it), 100 MB, 11 pairs
#   (PAIRS 0: the instruction counts only)
#
# It prints, per archive and job count, the median time of each build and the median of the
# per-pair ratios (this tree / REV); then the instructions of each on the first 10 MB of each
# archive and on a Windows-1251 archive (the corpus's Cyrillic championship, repeated).
set -euo pipefail

REV=${1:-c450045}
SIZE_MB=${2:-100}
PAIRS=${3:-11}
WORK=${WORK:-/tmp/pdnkit-scale}
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"

BUILD_ONLY=1 WORK=$WORK benches/scale.sh "$SIZE_MB" > /dev/null
cargo build --quiet --release --bin pdnkit
new=${CARGO_TARGET_DIR:-target}/release/pdnkit
base_tree=$WORK/inputs-base-tree
if [ ! -x "$WORK/inputs-base-target/release/pdnkit" ] || [ "$(cat "$WORK/inputs-base-rev" 2>/dev/null)" != "$REV" ]; then
    rm -rf "$base_tree"
    git worktree add --detach --force "$base_tree" "$REV" > /dev/null
    (cd "$base_tree" && CARGO_TARGET_DIR=$WORK/inputs-base-target cargo build --quiet --release --bin pdnkit)
    git worktree remove --force "$base_tree"
    echo "$REV" > "$WORK/inputs-base-rev"
fi
base=$WORK/inputs-base-target/release/pdnkit

# A Windows-1251 archive: the Cyrillic championship of the fixtures, repeated to 10 MB.
cyrillic=$WORK/cp1251-10M.pdn
if [ ! -f "$cyrillic" ]; then
    : > "$cyrillic"
    while [ "$(stat -c %s "$cyrillic")" -lt 10000000 ]; do
        cat fixtures/inputs/championship.cp1251.pdn >> "$cyrillic"
        printf '\n\n' >> "$cyrillic"
    done
fi

median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
seconds() {
    local t0 t1
    t0=$(date +%s.%N)
    "$@" > /dev/null 2>&1 || true
    t1=$(date +%s.%N)
    echo "$t1 - $t0" | bc
}

echo "this tree: $(git rev-parse --short HEAD) with its changes; base: $REV"
for archive in "$WORK/mixed-${SIZE_MB}M.pdn" "$WORK/intl-${SIZE_MB}M.pdn" "$cyrillic"; do
    for jobs in 1 2; do
        b=() n=() r=()
        [ "$PAIRS" -gt 0 ] || continue
        for _ in $(seq "$PAIRS"); do
            tb=$(seconds "$base" -q -j "$jobs" validate "$archive")
            tn=$(seconds "$new" -q -j "$jobs" validate "$archive")
            b+=("$tb") n+=("$tn") r+=("$(echo "$tn / $tb" | bc -l)")
        done
        printf '%-28s -j %s  base %7.3f s  new %7.3f s  new/base %.3f (median of %s pairs)\n' \
            "$(basename "$archive")" "$jobs" \
            "$(printf '%s\n' "${b[@]}" | median)" "$(printf '%s\n' "${n[@]}" | median)" \
            "$(printf '%s\n' "${r[@]}" | median)" "$PAIRS"
    done
done

# Instructions: callgrind on the first 10 MB of each archive (the same bytes for both builds).
instructions() {
    { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null || true; } \
        | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
for archive in "$WORK/mixed-${SIZE_MB}M.pdn" "$WORK/intl-${SIZE_MB}M.pdn" "$cyrillic"; do
    slice=$WORK/inputs-slice.pdn
    head -c 10000000 "$archive" > "$slice"
    ib=$(instructions "$base" -q -j 1 validate "$slice")
    in=$(instructions "$new" -q -j 1 validate "$slice")
    printf '%-28s instructions, validate -j 1 on 10 MB: base %s  new %s  new/base %.4f\n' \
        "$(basename "$archive")" "$ib" "$in" "$(echo "$in / $ib" | bc -l)"
done
