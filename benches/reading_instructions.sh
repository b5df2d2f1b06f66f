#!/usr/bin/env bash
# Instructions of `validate -j 1` (callgrind, the same count whatever else the machine does) of
# two builds on five inputs: the plain benchmark archive; the mixed one (one file, most games
# without GameType, of many variants); the same games with every game tagged (`convert --to
# pdn` by the base build); annotated international games (the corpus's international games
# that hold a comment, a NAG or a variation, as their files write them, repeated to 1 MB); and
# the corpus's international files that have no GameType tag, each as its own file.
#
#   benches/reading_instructions.sh BASE_PDNKIT NEW_PDNKIT
#
# The first two inputs are the first 2 MB of benches/scale.sh's archives (built there if
# missing, in $WORK, default /tmp/pdnkit-scale). Prints per input the two counts, new/base,
# the plies replayed (the sum of `replayed` in `validate --format json`, by the new build)
# and the new build's instructions per ply.
set -euo pipefail

base=$1 new=$2
WORK=${WORK:-/tmp/pdnkit-scale}
here=$(cd "$(dirname "$0")/.." && pwd)
corpus=${PDNKIT_CORPUS:-$here/../shared/corpus}
cd "$here"
[ -f "$WORK/intl-100M.pdn" ] || BUILD_ONLY=1 WORK=$WORK benches/scale.sh 100 > /dev/null
inputs=$(mktemp -d /tmp/pdnkit-reading.XXXXXX)
trap 'rm -rf "$inputs"' EXIT

head -c 2000000 "$WORK/intl-100M.pdn" > "$inputs/plain-2M.pdn"
head -c 2000000 "$WORK/mixed-100M.pdn" > "$inputs/mixed-2M.pdn"
"$base" -q convert --to pdn "$inputs/mixed-2M.pdn" > "$inputs/mixed-tagged-2M.pdn" || true
mkdir "$inputs/untagged"
for f in "$corpus"/international/*.pdn; do
    grep -q GameType "$f" || cp "$f" "$inputs/untagged/"
done
benches/annotated_games.py "$corpus/international" "$inputs/annotated-1M.pdn" 1000000

instructions() {
    { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null || true; } \
        | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
plies() {
    # validate exits non-zero on a game with an error: its records are still all there.
    { "$new" -q -j 1 validate --format json "$@" 2>/dev/null || true; } |
        python3 -c 'import json, sys; print(sum(json.loads(l).get("replayed", 0) for l in sys.stdin))'
}
for input in plain-2M mixed-2M mixed-tagged-2M annotated-1M untagged; do
    if [ "$input" = untagged ]; then
        files=("$inputs"/untagged/*.pdn)
    else
        files=("$inputs/$input.pdn")
    fi
    ib=$(instructions "$base" -q -j 1 validate "${files[@]}")
    in=$(instructions "$new" -q -j 1 validate "${files[@]}")
    p=$(plies "${files[@]}")
    printf '%-16s base %13s  new %13s  new/base %.4f  plies %7s  new per ply %5s\n' \
        "$input" "$ib" "$in" "$(echo "$in / $ib" | bc -l)" "$p" "$((in / p))"
done
