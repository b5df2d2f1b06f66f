#!/usr/bin/env bash
# The Python module against the command line and against py-draughts, measured in one run on
# this machine:
#   1. `pdnkit.validate(path, jobs=J)` against `pdnkit -j J validate path` on the same archive
#      (J = 1 and 2), runs alternated, medians of wall time, plies/s and the ratio;
#   2. reading the first PY_GAMES games of the international archive game by game in Python:
#      `pdnkit.read` (a Game object per game, one thread) against py-draughts'
#      `StandardBoard.from_pdn`, CPU time, plies/s and whether both give the same verdict.
#
#   benches/python.sh [ARCHIVE] [RUNS]     # defaults: the 100 MB mixed archive of scale.sh, 5 runs
#
# The archives are those `benches/scale.sh` builds (BUILD_ONLY=1 benches/scale.sh 100). The
# module and py-draughts are installed into a throw-away venv (VENV, default
# /tmp/pdnkit-python-bench); py-draughts is a measuring stick only.
set -euo pipefail

WORK=${WORK:-/tmp/pdnkit-scale}
ARCHIVE=${1:-$WORK/mixed-100M.pdn}
RUNS=${2:-5}
PY_GAMES=${PY_GAMES:-3000}
INTL=${INTL:-$WORK/intl-100M.pdn}
VENV=${VENV:-/tmp/pdnkit-python-bench}
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
for f in "$ARCHIVE" "$INTL"; do
    [ -s "$f" ] || { echo "$f not found: build it with BUILD_ONLY=1 benches/scale.sh 100" >&2; exit 2; }
done

cargo build --quiet --release --bin pdnkit
pdnkit=${CARGO_TARGET_DIR:-target}/release/pdnkit
if [ ! -x "$VENV/bin/python" ]; then
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install --quiet maturin py-draughts
fi
(. "$VENV/bin/activate" && maturin develop --quiet --release -m crates/python/Cargo.toml >/dev/null 2>&1)
py=$VENV/bin/python

median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

plies=$("$pdnkit" --quiet validate --format json "$ARCHIVE" | "$py" -c '
import json, sys
print(sum(json.loads(l)["replayed"] for l in sys.stdin))' || true)
echo "archive: $ARCHIVE ($(du -h "$ARCHIVE" | cut -f1)), $plies plies replayed"

for jobs in 1 2; do
    cli=(); mod=()
    for _ in $(seq "$RUNS"); do
        start=$(date +%s.%N)
        "$pdnkit" --quiet -j "$jobs" validate "$ARCHIVE" >/dev/null || true
        cli+=("$(echo "$(date +%s.%N) - $start" | bc)")
        mod+=("$("$py" -c '
import sys, time, pdnkit
start = time.perf_counter()
pdnkit.validate(sys.argv[1], jobs=int(sys.argv[2]))
print(time.perf_counter() - start)' "$ARCHIVE" "$jobs")")
    done
    c=$(printf '%s\n' "${cli[@]}" | median)
    m=$(printf '%s\n' "${mod[@]}" | median)
    awk -v c="$c" -v m="$m" -v p="$plies" -v j="$jobs" 'BEGIN {
        printf "-j %d: CLI validate %.2f s (%.2f M plies/s), pdnkit.validate %.2f s (%.2f M plies/s): module/CLI throughput %.3f\n",
            j, c, p / c / 1e6, m, p / m / 1e6, c / m }'
    echo "  CLI runs: ${cli[*]}"
    echo "  module runs: ${mod[*]}"
done

sample=$(mktemp /tmp/pdnkit-python-bench-XXXX.pdn)
trap 'rm -f "$sample"' EXIT
# The international archive holds each game as one block: tags, blank line, movetext.
awk -v n="$PY_GAMES" 'BEGIN { RS = ""; ORS = "\n\n" } { if (/^\[/) { if (++g > n) exit } print }' "$INTL" > "$sample"
"$py" - "$sample" "$here/benches" <<'PY'
import sys, time
import pdnkit
sys.path.insert(0, sys.argv[2])
import py_draughts_games as py_draughts

path = sys.argv[1]
start = time.process_time()
ours = [(g.ok, g.replayed) for g in pdnkit.read(path)]
ours_secs = time.process_time() - start
blocks = py_draughts.games(path)
assert len(blocks) == len(ours), (len(blocks), len(ours))
theirs, their_secs = py_draughts.verdicts(blocks)
plies = sum(r for _, r in ours)
their_plies = sum(r for (_, r), ok in zip(ours, theirs) if ok)
agree = sum(1 for (ok, _), t in zip(ours, theirs) if ok == t)
print(f"{len(ours)} international games, {plies} plies: pdnkit.read {ours_secs:.2f} s CPU "
      f"({plies / ours_secs:,.0f} plies/s), py-draughts from_pdn {their_secs:.2f} s CPU "
      f"({their_plies / their_secs:,.0f} plies/s): {their_secs / ours_secs * plies / their_plies:.0f}x; "
      f"same verdict on {agree} of {len(ours)} games")
PY
