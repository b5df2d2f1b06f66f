#!/usr/bin/env bash
# Instructions of `validate -j 1` (callgrind, the same count whatever else the machine does) of
# two builds on three inputs: the plain benchmark archive, the mixed one, and annotated
# international games (the corpus's international games that hold a comment, a NAG or a
# variation, as their files write them, repeated to 1 MB).
#
#   benches/reading_instructions.sh BASE_PDNKIT NEW_PDNKIT
#
# The first two inputs are the first 2 MB of benches/scale.sh's archives (built there if
# missing, in $WORK, default /tmp/pdnkit-scale). Prints per input the two counts and new/base.
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
python3 - "$corpus/international" "$inputs/annotated-1M.pdn" <<'EOF'
import glob, re, sys
games = []
for f in sorted(glob.glob(sys.argv[1] + '/*.pdn')):
    for game in re.split(rb'(?m)^(?=\[Event )', open(f, 'rb').read()):
        movetext = re.sub(rb'(?m)^\[.*\]\s*$', b'', game)
        if re.search(rb'[{($]', movetext):
            games.append(game.rstrip() + b'\n\n')
data = b''
while len(data) < 1000000:
    data += b''.join(games)
open(sys.argv[2], 'wb').write(data)
EOF

instructions() {
    { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null || true; } \
        | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
for input in plain-2M mixed-2M annotated-1M; do
    ib=$(instructions "$base" -q -j 1 validate "$inputs/$input.pdn")
    in=$(instructions "$new" -q -j 1 validate "$inputs/$input.pdn")
    printf '%-14s base %13s  new %13s  new/base %.4f\n' "$input" "$ib" "$in" \
        "$(echo "$in / $ib" | bc -l)"
done
