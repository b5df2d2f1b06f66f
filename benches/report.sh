#!/usr/bin/env bash
# Size and opening time of `pdnkit report` on an archive of GAMES random international games of
# which FAULTY have one finding each (a win given to the loser, or a game cut short by a move
# played backwards), with and without --all-games.
#
#   benches/report.sh [GAMES] [FAULTY]        # defaults: 10000 games, 500 with a finding
#
# What it prints: the report's build time and size; the page's own count of milliseconds from
# navigation to the end of its script (`data-init-ms`, read back from headless Chromium); and
# the wall time of a headless Chromium screenshot of the page minus that of an empty page (the
# median of 3 runs each): what opening the page costs on top of starting the browser.
set -euo pipefail

GAMES=${1:-10000}
FAULTY=${2:-500}
WORK=${WORK:-/tmp/pdnkit-report}
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
mkdir -p "$WORK"

cargo build --quiet --release --bin pdnkit --example random_games
pdnkit=${CARGO_TARGET_DIR:-target}/release/pdnkit
archive=$WORK/games-$GAMES.pdn
"${CARGO_TARGET_DIR:-target}"/release/examples/random_games international "$GAMES" 1 > "$WORK/clean.pdn"
python3 - "$WORK/clean.pdn" "$archive" "$GAMES" "$FAULTY" <<'EOF'
import re, sys
src, dst, games, faulty = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
text = open(src).read().strip().split("\n\n[Event")
blocks = [text[0]] + ["[Event" + b for b in text[1:]]
assert len(blocks) == games, len(blocks)
step = games // faulty
out = []
for i, block in enumerate(blocks):
    if i % step == step - 1 and i // step < faulty:
        head, moves = block.split("\n\n", 1)
        result = re.search(r'\[Result "([^"]*)"\]', head).group(1)
        if (i // step) % 2 == 0 and result in ("2-0", "0-2"):
            # A win given to the side that lost.
            wrong = {"2-0": "0-2", "0-2": "2-0"}[result]
            head = head.replace(f'[Result "{result}"]', f'[Result "{wrong}"]')
            moves = moves.rsplit(" ", 1)[0] + " " + wrong
        else:
            # The game cut after its 30th ply, and the last move played again backwards.
            results = {"2-0", "0-2", "1-1", "*"}
            tokens = [t for t in moves.split() if not t.endswith(".") and t not in results][:30]
            back = re.split("([-x])", tokens[-1])
            tokens.append(back[-1] + back[1] + back[0])
            moves = " ".join(tokens) + " *"
        block = head + "\n\n" + moves
    out.append(block)
open(dst, "w").write("\n\n".join(out) + "\n")
EOF
findings=$( ("$pdnkit" -q validate --format csv "$archive" || true) | tail -n +2 | wc -l)
echo "archive: $archive, $(stat -c %s "$archive") bytes, $GAMES games, $findings findings"

median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
chromium=${PDNKIT_CHROMIUM:-chromium}
shot() {
    local start end
    start=$(date +%s%N)
    "$chromium" --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1280,900 \
        --screenshot="$WORK/shot.png" "$1" > /dev/null 2>&1
    end=$(date +%s%N)
    echo $(( (end - start) / 1000000 ))
}
echo '<!DOCTYPE html><title>empty</title>' > "$WORK/empty.html"
empty=$(for _ in 1 2 3; do shot "file://$WORK/empty.html"; done | median)

for flags in "" "--all-games"; do
    page=$WORK/report${flags:+-all}.html
    start=$(date +%s%N)
    "$pdnkit" -q report $flags "$archive" -o "$page" || true
    built=$(( ($(date +%s%N) - start) / 1000000 ))
    init=$("$chromium" --headless --no-sandbox --disable-gpu --dump-dom "file://$page" 2>/dev/null \
        | sed -n 's/.*data-init-ms="\([0-9]*\)".*/\1/p' | head -1)
    opened=$(for _ in 1 2 3; do shot "file://$page"; done | median)
    echo "report ${flags:-(games with findings)}: built in ${built} ms, $(stat -c %s "$page") bytes;" \
        "script done ${init} ms after navigation; screenshot $((opened - empty)) ms over an empty page"
done
