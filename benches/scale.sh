#!/usr/bin/env bash
# Whole-process throughput and memory of pdnkit on large archives, side by side with `wc -l`
# (the reading limit) and py-draughts (PyPI), measured in one run on this machine.
#
#   benches/scale.sh [SIZE_MB] [RUNS]        # defaults: 100 MB, median of 3 runs
#   SIZE_MB=1024 benches/scale.sh            # the 1 GB memory check
#   BUILD_ONLY=1 benches/scale.sh 1024       # build the archives now, measure later
#
# What it builds (nothing is committed; files go to $WORK, default /tmp/pdnkit-scale):
#   mixed-<SIZE>M.pdn   the corpus (UTF-8 files) and random legal games of several variants,
#                       repeated up to SIZE MB: for memory, syntax pass, validate, CSV, stats;
#   intl-<SIZE>M.pdn    international games only (real corpus games written by pdnkit, and
#                       random legal games), for the comparison with py-draughts.
# What it prints: per command the median wall time, MB/s, games/s, plies/s and peak RSS; the
# --jobs 2 / --jobs 1 ratio; the syntax pass against `wc -l`; pdnkit's plies/s against
# py-draughts' on the first PY_GAMES games of the international archive, and whether both
# give the same verdict (replays / does not) for each of those games.
set -euo pipefail

SIZE_MB=${1:-${SIZE_MB:-100}}
RUNS=${2:-${RUNS:-3}}
PY_GAMES=${PY_GAMES:-3000}
WORK=${WORK:-/tmp/pdnkit-scale}
VENV=${VENV:-$WORK/py-draughts-venv}
here=$(cd "$(dirname "$0")/.." && pwd)
corpus=${PDNKIT_CORPUS:-$here/../shared/corpus}
[ -d "$corpus" ] || { echo "corpus not found: $corpus (set PDNKIT_CORPUS)" >&2; exit 2; }
mkdir -p "$WORK"
cd "$here"

cargo build --quiet --release --bin pdnkit --example random_games
target=${CARGO_TARGET_DIR:-target}/release
pdnkit=$target/pdnkit
random=$target/examples/random_games

median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

# --- archives ------------------------------------------------------------------------------
build_until() { # build_until OUT SIZE_MB PIECE...: concatenate the pieces again and again
    local out=$1 size=$(( $2 * 1000 * 1000 )); shift 2
    : > "$out"
    while [ "$(stat -c %s "$out")" -lt "$size" ]; do cat "$@" >> "$out"; done
}
mixed=$WORK/mixed-${SIZE_MB}M.pdn
intl=$WORK/intl-${SIZE_MB}M.pdn
if [ ! -s "$mixed" ] || [ ! -s "$intl" ]; then
    echo "building archives of $SIZE_MB MB in $WORK ..."
    find "$corpus" -name '*.pdn' -not -path '*/derived/*' | sort | while read -r f; do
        cat "$f"; printf '\n\n'
    done > "$WORK/corpus.pdn"
    for v in international russian english frisian italian; do
        "$random" "$v" 500 11 > "$WORK/random-$v.pdn"
    done
    "$pdnkit" --quiet convert --to pdn "$corpus"/international/*.pdn > "$WORK/corpus-intl.pdn" 2>/dev/null || true
    "$random" international 5000 7 > "$WORK/random-intl.pdn"
    build_until "$mixed" "$SIZE_MB" "$WORK/corpus.pdn" "$WORK"/random-*.pdn
    build_until "$intl" "$SIZE_MB" "$WORK/random-intl.pdn" "$WORK/corpus-intl.pdn"
fi

[ -z "${BUILD_ONLY:-}" ] || { ls -l "$mixed" "$intl"; exit 0; }

# --- measuring -----------------------------------------------------------------------------
# count FILE: games and plies that `validate` reports (plies replayed).
count() {
    "$pdnkit" --quiet validate --format json "$1" | python3 -c '
import sys, json
games = plies = 0
for line in sys.stdin:
    r = json.loads(line); games += 1; plies += r["replayed"]
print(games, plies)'
}

# run_once COMMAND...: sets `wall` (seconds) and `rss` (KB) of one run.
run_once() {
    # Findings make pdnkit exit 1; the timing is what matters here. The wall time is taken
    # with the shell's microsecond clock: `time`'s 10 ms steps are too coarse for `wc -l`.
    local t0=$EPOCHREALTIME
    /usr/bin/time -o "$WORK/time.txt" -f "%M" "$@" > /dev/null 2>&1 || true
    local t1=$EPOCHREALTIME
    read -r rss < <(tail -1 "$WORK/time.txt")
    wall=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.4f", b - a }')
}

# report LABEL FILE GAMES PLIES WALLS RSSES: prints the median wall time and the largest RSS.
report() {
    local label=$1 file=$2 games=$3 plies=$4 walls=$5 rsses=$6
    local med mb size
    med=$(tr ' ' '\n' <<< "$walls" | grep . | median)
    mb=$(tr ' ' '\n' <<< "$rsses" | grep . | sort -g | tail -1)
    size=$(stat -c %s "$file")
    awk -v l="$label" -v w="$med" -v s="$size" -v g="$games" -v p="$plies" -v r="$mb" 'BEGIN {
        w = (w > 0 ? w : 0.001);
        printf "%-34s %8.3f s %9.1f MB/s %10.0f games/s %11.0f plies/s %7.1f MB RSS\n",
               l, w, s / 1e6 / w, g / w, p / w, r / 1024 }'
    eval "wall_${label//[^a-z0-9]/_}=$med"
}

# measure LABEL FILE GAMES PLIES COMMAND...: median wall time and peak RSS over RUNS runs.
measure() {
    local label=$1 file=$2 games=$3 plies=$4; shift 4
    local walls="" rsses=""
    for _ in $(seq "$RUNS"); do
        run_once "$@"
        walls+=" $wall"; rsses+=" $rss"
    done
    report "$label" "$file" "$games" "$plies" "$walls" "$rsses"
}

# measure_jobs SUFFIX FILE GAMES PLIES ARGS...: `pdnkit -q -j 1 ARGS` and `-j 2 ARGS` run in
# turn, RUNS times each, so that both see the same phases of the host; prints both rows and
# the median of the per-pair speed-ups.
measure_jobs() {
    local suffix=$1 file=$2 games=$3 plies=$4; shift 4
    local w1="" w2="" r1="" r2="" ratios=""
    for _ in $(seq "$RUNS"); do
        run_once "$pdnkit" -q -j 1 "$@"
        local one=$wall
        w1+=" $wall"; r1+=" $rss"
        run_once "$pdnkit" -q -j 2 "$@"
        w2+=" $wall"; r2+=" $rss"
        ratios+=" $(awk -v a="$one" -v b="$wall" 'BEGIN { printf "%.4f", a / b }')"
    done
    report "$1 -j 1$suffix" "$file" "$games" "$plies" "$w1" "$r1"
    report "$1 -j 2$suffix" "$file" "$games" "$plies" "$w2" "$r2"
    printf '%s -j 2 speed-up over -j 1 (median of %s pairs): %.2fx\n' "$1" "$RUNS" \
        "$(tr ' ' '\n' <<< "$ratios" | grep . | median)"
}

# measure_syntax SUFFIX FILE GAMES PLIES: `wc -l FILE` and `pdnkit -q -j 2 validate
# --syntax-only FILE` run in turn (as in measure_jobs, both see the same phases of the host),
# 3 x RUNS times each as both are short; prints both rows and the median of the per-pair
# throughput ratios.
measure_syntax() {
    local suffix=$1 file=$2 games=$3 plies=$4 pairs=$(( 3 * RUNS ))
    local w1="" w2="" r1="" r2="" ratios=""
    for _ in $(seq "$pairs"); do
        run_once wc -l "$file"
        local wc_wall=$wall
        w1+=" $wall"; r1+=" $rss"
        run_once "$pdnkit" -q -j 2 validate --syntax-only "$file"
        w2+=" $wall"; r2+=" $rss"
        ratios+=" $(awk -v a="$wc_wall" -v b="$wall" 'BEGIN { printf "%.4f", a / b }')"
    done
    report "wc -l$suffix" "$file" "$games" "$plies" "$w1" "$r1"
    report "validate --syntax-only -j 2$suffix" "$file" "$games" 0 "$w2" "$r2"
    printf 'syntax pass at %.3f of wc -l throughput (median of %s pairs)\n' \
        "$(tr ' ' '\n' <<< "$ratios" | grep . | median)" "$pairs"
}

echo
echo "archive mixed: $(du -h "$mixed" | cut -f1)  ($mixed)"
read -r games plies < <(count "$mixed")
echo "  $games games, $plies plies replayed"
measure_syntax "" "$mixed" "$games" "$plies"
measure_jobs "" "$mixed" "$games" "$plies" validate "$mixed"
measure "convert --to csv --moves -j 2" "$mixed" "$games" "$plies" "$pdnkit" -q -j 2 convert --to csv --moves "$mixed"
measure "stats -j 2" "$mixed" "$games" "$plies" "$pdnkit" -q -j 2 stats "$mixed"

echo
echo "archive international: $(du -h "$intl" | cut -f1)  ($intl)"
read -r igames iplies < <(count "$intl")
echo "  $igames games, $iplies plies replayed"
measure_syntax " (intl)" "$intl" "$igames" "$iplies"
measure_jobs " (international)" "$intl" "$igames" "$iplies" validate "$intl"

# --- py-draughts on the first PY_GAMES games of the international archive -----------------
if [ ! -x "$VENV/bin/python" ]; then
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install --quiet py-draughts
fi
sample=$WORK/intl-sample.pdn
# pdnkit writes each game as one block: tags, blank line, movetext, blank line.
awk -v n="$PY_GAMES" 'BEGIN { RS = ""; ORS = "\n\n" } { if (/^\[/) { if (++g > n) exit } print }' "$intl" > "$sample"
"$pdnkit" --quiet validate --format json "$sample" > "$WORK/ours.jsonl" || true
"$VENV/bin/python" - "$sample" "$WORK/ours.jsonl" "$here/benches" <<'PY'
import json, sys
sys.path.insert(0, sys.argv[3])
import py_draughts_games as py_draughts
blocks = py_draughts.games(sys.argv[1])
ours = [json.loads(l) for l in open(sys.argv[2])]
assert len(blocks) == len(ours), (len(blocks), len(ours))
verdicts, secs = py_draughts.verdicts(blocks)
plies = sum(r["replayed"] for r, ok in zip(ours, verdicts) if ok)
agree = sum(1 for r, ok in zip(ours, verdicts) if r["ok"] == ok)
print(f"py-draughts {len(blocks)} games: {secs:.2f} s CPU, {plies / secs:,.0f} plies/s; "
      f"same verdict as pdnkit on {agree} of {len(blocks)} games")
for r, ok in zip(ours, verdicts):
    if r["ok"] != ok:
        print(f"  differs: game {r['game']} pdnkit ok={r['ok']} py-draughts ok={ok}")
open(sys.argv[2] + ".rate", "w").write(f"{plies / secs}\n")
PY
py_rate=$(cat "$WORK/ours.jsonl.rate")
awk -v p="$iplies" -v w1="$wall_validate__j_1__international_" -v w2="$wall_validate__j_2__international_" -v py="$py_rate" 'BEGIN {
    printf "pdnkit validate / py-draughts plies/s: %.0fx with -j 1, %.0fx with -j 2\n", p / w1 / py, p / w2 / py }'
