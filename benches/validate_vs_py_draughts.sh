#!/usr/bin/env bash
# `validate` against py-draughts (PyPI) on the same international games, measured in one run:
# py-draughts reads and replays each game (`StandardBoard.from_pdn`, CPU time); pdnkit
# validates the same games, repeated into one file long enough to time (`-j 1` and `-j 2`
# alternately, wall time, medians). Three inputs: the first PY_GAMES games of the international
# benchmark archive (`benches/scale.sh` builds it), the bundled sample
# `fixtures/sample/archive.pdn`, and the annotated international games: the games of the
# corpus's international files that hold a comment, a NAG or a variation, as their files write
# them (the games `benches/reading_instructions.sh` repeats into its annotated input).
#
#   benches/validate_vs_py_draughts.sh                # 3,000 games, 7 runs of each -j
#   RUNS=11 PY_GAMES=1000 benches/validate_vs_py_draughts.sh
#   BASE=/path/to/older/pdnkit benches/validate_vs_py_draughts.sh   # an older build alongside
#
# Prints per input: py-draughts' plies/s, pdnkit's plies/s with -j 1 and -j 2, and the
# ratios (pdnkit's median rate over py-draughts'; py-draughts is timed before and after
# pdnkit's runs, and the slower of the two is not used: the faster is).
set -euo pipefail

RUNS=${RUNS:-7}
PY_GAMES=${PY_GAMES:-3000}
# pdnkit's input: the games repeated up to this many bytes.
REPEAT_BYTES=${REPEAT_BYTES:-40000000}
WORK=${WORK:-/tmp/pdnkit-scale}
VENV=${VENV:-$WORK/py-draughts-venv}
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
mkdir -p "$WORK"

cargo build --quiet --release --bin pdnkit
pdnkit=${CARGO_TARGET_DIR:-target}/release/pdnkit
intl=$WORK/intl-100M.pdn
[ -s "$intl" ] || BUILD_ONLY=1 benches/scale.sh 100 >/dev/null
if [ ! -x "$VENV/bin/python" ]; then
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install --quiet py-draughts
fi
echo "py-draughts $("$VENV/bin/python" -c 'import importlib.metadata as m; print(m.version("py-draughts"))')," \
    "pdnkit $(git rev-parse --short HEAD)$(git diff --quiet || echo +)"

median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

# py_rate FILE JSONL: py-draughts' plies/s (CPU time) reading and replaying each game of FILE
# (a game starts at a tag line after movetext); plies counted by pdnkit
# (JSONL) for the games py-draughts accepts.
py_rate() {
    "$VENV/bin/python" - "$1" "$2" <<'PY'
import json, re, sys, time
from draughts import StandardBoard
text = open(sys.argv[1], encoding="utf-8").read()
ours = [json.loads(l) for l in open(sys.argv[2])]
# A game starts at a tag line that follows movetext (not another tag line). A line that
# starts with tags and goes on with moves (some files write a game on one line) is movetext;
# what follows the tags of a tag line is a move only if it holds a digit.
blocks, game, in_tags = [], [], False
for line in text.split("\n"):
    if line.startswith("["):
        if not in_tags and any(l.strip() for l in game):
            blocks.append("\n".join(game)); game = []
        in_tags = not re.search(r'[0-9]', re.sub(r'\[[^\]]*\]', '', line))
    elif line.strip():
        in_tags = False
    game.append(line)
if any(l.strip() for l in game):
    blocks.append("\n".join(game))
assert len(blocks) == len(ours), (len(blocks), len(ours))
# At least two seconds of work: a small input is replayed several times.
rounds = 0
secs = 0.0
plies = 0
start = time.process_time()
while secs < 2.0:
    verdicts = []
    for b in blocks:
        try:
            StandardBoard.from_pdn(b); verdicts.append(True)
        except Exception:
            verdicts.append(False)
    rounds += 1
    plies += sum(r["replayed"] for r, ok in zip(ours, verdicts) if ok)
    secs = time.process_time() - start
agree = sum(1 for r, ok in zip(ours, verdicts) if r["ok"] == ok)
print(f"{plies / secs:.0f} {agree} {len(blocks)} {rounds}")
PY
}

# One input: NAME FILE.
compare() {
    local name=$1 games=$2
    local json=$WORK/vs-py-$name.jsonl big=$WORK/vs-py-$name-repeated.pdn
    "$pdnkit" --quiet validate --format json "$games" > "$json" || true
    local plies copies
    plies=$(python3 -c 'import json,sys; print(sum(json.loads(l)["replayed"] for l in open(sys.argv[1])))' "$json")
    copies=$(( REPEAT_BYTES / $(stat -c %s "$games") + 1 ))
    : > "$big"
    for _ in $(seq "$copies"); do cat "$games"; printf '\n'; done >> "$big"
    local total=$(( plies * copies ))
    read -r py1 agree n rounds < <(py_rate "$games" "$json")
    local j1=() j2=() b1=() b2=()
    # rate BINARY JOBS: plies/s of one run.
    rate() {
        local t0 t1
        t0=$(date +%s.%N)
        "$1" -q -j "$2" validate "$big" > /dev/null || true
        t1=$(date +%s.%N)
        awk -v p="$total" -v a="$t0" -v b="$t1" 'BEGIN { printf "%.0f", p / (b - a) }'
    }
    for _ in $(seq "$RUNS"); do
        j1+=("$(rate "$pdnkit" 1)")
        [ -z "${BASE:-}" ] || b1+=("$(rate "$BASE" 1)")
        j2+=("$(rate "$pdnkit" 2)")
        [ -z "${BASE:-}" ] || b2+=("$(rate "$BASE" 2)")
    done
    read -r py2 _ < <(py_rate "$games" "$json")
    local py m1 m2
    py=$(printf '%s\n%s\n' "$py1" "$py2" | sort -g | tail -1)
    m1=$(printf '%s\n' "${j1[@]}" | median)
    m2=$(printf '%s\n' "${j2[@]}" | median)
    echo
    echo "$name: $n games, $plies plies; pdnkit on $copies copies ($total plies), $RUNS runs each"
    echo "  py-draughts read+replay: $py plies/s (runs: $py1, $py2; $rounds rounds); same verdict as pdnkit on $agree of $n games"
    echo "  pdnkit validate -j 1: $m1 plies/s (runs: ${j1[*]})"
    echo "  pdnkit validate -j 2: $m2 plies/s (runs: ${j2[*]})"
    awk -v a="$m1" -v b="$m2" -v p="$py" 'BEGIN { printf "  pdnkit / py-draughts: %.0fx with -j 1, %.0fx with -j 2\n", a / p, b / p }'
    if [ -n "${BASE:-}" ]; then
        local n1 n2
        n1=$(printf '%s\n' "${b1[@]}" | median)
        n2=$(printf '%s\n' "${b2[@]}" | median)
        echo "  BASE validate -j 1: $n1 plies/s (runs: ${b1[*]})"
        echo "  BASE validate -j 2: $n2 plies/s (runs: ${b2[*]})"
        awk -v a="$n1" -v b="$n2" -v p="$py" -v c="$m1" -v d="$m2" 'BEGIN {
            printf "  BASE / py-draughts: %.0fx with -j 1, %.0fx with -j 2; this build / BASE: %.2fx, %.2fx\n", a / p, b / p, c / a, d / b }'
    fi
}

sample=$WORK/intl-sample-$PY_GAMES.pdn
# pdnkit writes each game as one block: tags, blank line, movetext, blank line.
awk -v n="$PY_GAMES" 'BEGIN { RS = ""; ORS = "\n\n" } { if (/^\[/) { if (++g > n) exit } print }' "$intl" > "$sample"
compare "benchmark-archive" "$sample"
compare "bundled-sample" fixtures/sample/archive.pdn

corpus=${PDNKIT_CORPUS:-$here/../shared/corpus}
annotated=$WORK/intl-annotated.pdn
benches/annotated_games.py "$corpus/international" "$annotated"
compare "annotated" "$annotated"
