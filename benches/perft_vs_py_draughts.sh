#!/usr/bin/env bash
# International perft from the start position: pdnkit against py-draughts (PyPI), measured
# in one run on this machine. Prints both node rates (medians) and their ratio, by wall-clock
# time and by CPU time (the fairer one when other jobs share the machine).
#
#   benches/perft_vs_py_draughts.sh            # depth 9 for both, 5 runs ours (3 before, 2 after), 1 run py-draughts
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

cargo build --quiet --release --bin pdnkit
OURS=${CARGO_TARGET_DIR:-target}/release/pdnkit

median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

echo "international perft, start position, depth $DEPTH (drop duplicates)"
walls=()
cpus=()
# ours_runs N: N timed runs of pdnkit. Half run before py-draughts and half after, because the
# shared host's speed drifts over the half minute py-draughts takes.
ours_runs() {
    for _ in $(seq "$1"); do
        # pdnkit perft --stats prints "N nodes in S s ..." on stderr; time(1) appends user
        # and system seconds.
        out=$( { /usr/bin/time -f "%U %S" "$OURS" perft --variant international --depth "$DEPTH" --stats >/dev/null; } 2>&1 )
        ours_nodes=$(awk 'NR==1 {print $1}' <<<"$out")
        walls+=("$(awk 'NR==1 {print $4}' <<<"$out")")
        cpus+=("$(awk 'NR==2 {print $1 + $2}' <<<"$out")")
    done
}
ours_runs $(( (RUNS + 1) / 2 ))
py_out=$("$VENV/bin/python" - "$DEPTH" "$PY_RUNS" <<'PY'
import statistics, sys, time
from draughts import StandardBoard
from draughts.engines.turbo import perft_from_board
depth, runs = int(sys.argv[1]), int(sys.argv[2])
board = StandardBoard()
walls, cpus = [], []
for _ in range(runs):
    w, c = time.perf_counter(), time.process_time()
    nodes = perft_from_board(board, depth)
    walls.append(time.perf_counter() - w)
    cpus.append(time.process_time() - c)
print(nodes, statistics.median(walls), statistics.median(cpus))
PY
)
read -r py_nodes py_wall py_cpu <<<"$py_out"
ours_runs $(( RUNS / 2 ))
ours_wall=$(printf '%s\n' "${walls[@]}" | median)
ours_cpu=$(printf '%s\n' "${cpus[@]}" | median)

if [ "$ours_nodes" != "$py_nodes" ]; then
    echo "node counts differ: pdnkit $ours_nodes, py-draughts $py_nodes" >&2
    exit 1
fi
awk -v n="$ours_nodes" -v ow="$ours_wall" -v oc="$ours_cpu" -v pw="$py_wall" -v pc="$py_cpu" \
    -v r="$RUNS" -v pr="$PY_RUNS" -v pv="$PY_VERSION" 'BEGIN {
    printf "nodes        %d\n", n
    printf "             %10s %12s %10s %12s\n", "wall s", "Mnodes/s", "CPU s", "Mnodes/s"
    printf "pdnkit       %10.3f %12.1f %10.3f %12.1f  (median of %d)\n", ow, n / ow / 1e6, oc, n / oc / 1e6, r
    printf "py-draughts  %10.3f %12.2f %10.3f %12.2f  (median of %d, version %s)\n", pw, n / pw / 1e6, pc, n / pc / 1e6, pr, pv
    printf "ratio        %10.0fx %23.0fx\n", pw / ow, pc / oc
}'
