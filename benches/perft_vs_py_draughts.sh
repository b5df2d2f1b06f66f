#!/usr/bin/env bash
# International perft from the start position: pdnkit against py-draughts (PyPI), measured
# in one run on this machine. Prints both node rates (medians) and their ratio.
#
#   benches/perft_vs_py_draughts.sh            # depth 9 for both, 5 runs ours, 1 run py-draughts
#   DEPTH=8 PY_RUNS=3 RUNS=7 benches/perft_vs_py_draughts.sh
#   RUSTFLAGS="-C target-cpu=native" CARGO_TARGET_DIR=/tmp/pdnkit-native benches/perft_vs_py_draughts.sh
#
# py-draughts is installed into a throw-away venv (VENV, default /tmp/pdnkit-py-draughts);
# it is a measuring stick only, never a dependency of pdnkit.
set -euo pipefail

DEPTH=${DEPTH:-9}
RUNS=${RUNS:-5}
PY_RUNS=${PY_RUNS:-1}
VENV=${VENV:-/tmp/pdnkit-py-draughts}
cd "$(dirname "$0")/.."

if [ ! -x "$VENV/bin/python" ]; then
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install --quiet py-draughts
fi
PY_VERSION=$("$VENV/bin/python" -c 'import importlib.metadata as m; print(m.version("py-draughts"))')

cargo build --quiet --release --example perft_cli
OURS=${CARGO_TARGET_DIR:-target}/release/examples/perft_cli

median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

echo "international perft, start position, depth $DEPTH (drop duplicates)"
ours_times=()
for _ in $(seq "$RUNS"); do
    line=$("$OURS" --variant international --depth "$DEPTH" --stats 2>&1 >/dev/null)
    ours_nodes=$(awk '{print $1}' <<<"$line")
    ours_times+=("$(awk '{print $4}' <<<"$line")")
done
ours_s=$(printf '%s\n' "${ours_times[@]}" | median)

py_out=$("$VENV/bin/python" - "$DEPTH" "$PY_RUNS" <<'PY'
import statistics, sys, time
from draughts import StandardBoard
from draughts.engines.turbo import perft_from_board
depth, runs = int(sys.argv[1]), int(sys.argv[2])
board = StandardBoard()
times = []
for _ in range(runs):
    t = time.perf_counter()
    nodes = perft_from_board(board, depth)
    times.append(time.perf_counter() - t)
print(nodes, statistics.median(times))
PY
)
py_nodes=$(awk '{print $1}' <<<"$py_out")
py_s=$(awk '{print $2}' <<<"$py_out")

if [ "$ours_nodes" != "$py_nodes" ]; then
    echo "node counts differ: pdnkit $ours_nodes, py-draughts $py_nodes" >&2
    exit 1
fi
awk -v n="$ours_nodes" -v o="$ours_s" -v p="$py_s" -v r="$RUNS" -v pr="$PY_RUNS" -v pv="$PY_VERSION" 'BEGIN {
    printf "nodes        %d\n", n
    printf "pdnkit       %8.3f s  %8.1f Mnodes/s  (median of %d)\n", o, n / o / 1e6, r
    printf "py-draughts  %8.3f s  %8.2f Mnodes/s  (median of %d, version %s)\n", p, n / p / 1e6, pr, pv
    printf "ratio        %.0fx\n", p / o
}'
