#!/usr/bin/env bash
# Size, memory and opening time of `pdnkit report` on an archive of faulty games, built here
# (nothing is committed): random legal games of four variants (international, Russian, English,
# Brazilian), each given a broken move in a variation (a warning), a broken main line (an error:
# start and end squares swapped, a square mistyped, or a ply left out) and, one game in two that
# has a winner, the result given to the loser: about two findings a game.
#
#   benches/report.sh [GAMES] [RUNS]     # GAMES per variant (default 4750: about 38,000
#                                        # findings); RUNS of each browser measurement (3)
#   benches/report.sh 15400              # about 123,000 findings
#
# What it prints, for the report with repairs (the default), without (--no-suggest) and with
# every game in the viewer (--all-games):
#   * the page's size, and its bytes per finding;
#   * writing it: wall time and peak RSS (/usr/bin/time -v);
#   * opening it in headless Chromium: console errors and uncaught exceptions (none expected;
#     --enable-logging prints every console message), the page's own milliseconds from
#     navigation to the end of its script (`data-init-ms`), and the wall time of `--dump-dom`
#     (loaded and scripted) and of `--screenshot` (also laid out and painted), each the median
#     of RUNS minus that of an empty page: what opening the page costs on top of starting the
#     browser.
set -euo pipefail

GAMES=${1:-4750}
RUNS=${2:-3}
WORK=${WORK:-/tmp/pdnkit-report}
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
mkdir -p "$WORK"

cargo build --quiet --release --bin pdnkit --example random_games
target=${CARGO_TARGET_DIR:-target}/release
pdnkit=$target/pdnkit
archive=$WORK/faulty-$GAMES.pdn
seed=1
for variant in international russian english brazilian; do
    "$target"/examples/random_games "$variant" "$GAMES" "$seed" > "$WORK/clean-$variant.pdn"
    seed=$((seed + 1))
done
python3 - "$WORK"/clean-{international,russian,english,brazilian}.pdn > "$archive" <<'EOF'
import random, re, sys
rng = random.Random(1)
results = {"2-0", "0-2", "1-1", "*"}

def slip(move, kind):
    """The move with start and end swapped (kind 0), or its first square mistyped."""
    parts = re.split(r"([-x:])", move)
    first = parts[0]
    if kind == 0 or len(first) < 2:
        parts[0], parts[-1] = parts[-1], parts[0]
    elif first[0].isalpha():
        # A file letter one off (b3 for c3).
        parts[0] = chr(ord(first[0]) + (1 if first[0] < "e" else -1)) + first[1:]
    elif first[0] != first[1]:
        parts[0] = first[1] + first[0] + first[2:]
    else:
        parts[0], parts[-1] = parts[-1], parts[0]
    return "".join(parts)

def faulty(game):
    head, moves = game.split("\n\n", 1)
    words = moves.split()
    plies = [i for i, w in enumerate(words) if not w.endswith(".") and w not in results]
    n = len(plies)
    if n < 12:
        return game
    # A variation replacing an early move with a broken one.
    i = plies[rng.randrange(2, n // 3)]
    words[i] += " (" + slip(words[i], rng.randrange(2)) + ")"
    # The main line broken later.
    i = plies[rng.randrange(n // 3 + 1, n - 2)]
    kind = rng.randrange(3)
    words[i] = "" if kind == 2 else slip(words[i], kind)
    result = re.search(r'\[Result "([^"]*)"\]', head)
    if result and result.group(1) in ("2-0", "0-2") and rng.randrange(2):
        wrong = {"2-0": "0-2", "0-2": "2-0"}[result.group(1)]
        head = head.replace(result.group(0), '[Result "%s"]' % wrong)
        if words[-1] == result.group(1):
            words[-1] = wrong
    return head + "\n\n" + " ".join(w for w in words if w)

for path in sys.argv[1:]:
    games = re.split(r"\n\n(?=\[Event)", open(path).read().strip())
    sys.stdout.write("\n\n".join(faulty(g) for g in games) + "\n\n")
EOF
findings=$("$pdnkit" -q validate --no-suggest --format json "$archive" | python3 -c '
import json, sys
print(sum(d["severity"] != "note" for line in sys.stdin for d in json.loads(line)["diagnostics"]))' || true)
echo "archive: $archive, $(stat -c %s "$archive") bytes, $((4 * GAMES)) games, $findings findings (validate)"

median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
chromium=${PDNKIT_CHROMIUM:-chromium}
browse() { # browse WHAT URL: runs headless Chromium on URL, prints its wall time in ms
    local what=$1 url=$2 start end
    start=$(date +%s%N)
    if [ "$what" = dom ]; then
        "$chromium" --headless --no-sandbox --disable-gpu --disable-background-networking \
            --enable-logging=stderr --v=0 --dump-dom "$url" > "$WORK/dom.html" 2> "$WORK/browser.log"
    else
        "$chromium" --headless --no-sandbox --disable-gpu --disable-background-networking \
            --hide-scrollbars --window-size=1280,900 --screenshot="$WORK/shot.png" "$url" \
            > /dev/null 2>&1
    fi
    end=$(date +%s%N)
    echo $(( (end - start) / 1000000 ))
}
echo '<!DOCTYPE html><title>empty</title>' > "$WORK/empty.html"
empty_dom=$(for _ in $(seq "$RUNS"); do browse dom "file://$WORK/empty.html"; done | median)
empty_shot=$(for _ in $(seq "$RUNS"); do browse shot "file://$WORK/empty.html"; done | median)

for flags in "" "--no-suggest" "--all-games"; do
    page=$WORK/report${flags:+$flags}.html
    /usr/bin/time -v "$pdnkit" -q report $flags "$archive" -o "$page" 2> "$WORK/time.txt" || true
    wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$WORK/time.txt")
    rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$WORK/time.txt")
    size=$(stat -c %s "$page")
    listed=$(grep -o '"findings":[0-9]*' "$page" | tail -1 | cut -d: -f2)
    dom=$(for _ in $(seq "$RUNS"); do browse dom "file://$page"; done | median)
    errors=$(grep -c ':CONSOLE' "$WORK/browser.log" || true)
    ready=$(sed -n 's/.*data-ready="\([0-9]*\)".*/\1/p' "$WORK/dom.html" | head -1)
    init=$(sed -n 's/.*data-init-ms="\([0-9]*\)".*/\1/p' "$WORK/dom.html" | head -1)
    shot=$(for _ in $(seq "$RUNS"); do browse shot "file://$page"; done | median)
    echo "report ${flags:-(with repairs)}: $size bytes, $listed findings ($((size / listed)) bytes each);" \
        "written in $wall, peak RSS $((rss / 1024)) MB; in Chromium: ${errors} console messages," \
        "ready=${ready:-no}, script done ${init} ms after navigation, loaded $((dom - empty_dom)) ms" \
        "and shown $((shot - empty_shot)) ms over an empty page"
done
