#!/usr/bin/env bash
# `convert --to parquet` on large archives: wall time, peak RSS and the files written, beside
# `validate` on the same archive (the replay alone), measured in one run on this machine.
#
#   benches/parquet.sh [ARCHIVE...]     # defaults: the 100 MB and 1 GB mixed archives of scale.sh
#   RUNS=3 JOBS=2 PARTITION=variant benches/parquet.sh ARCHIVE
#   BASE=/path/to/an/older/pdnkit benches/parquet.sh ARCHIVE   # its convert too, in the same runs
#   FEN=1 benches/parquet.sh ARCHIVE    # with --fen
#
# The archives are those `benches/scale.sh` builds (BUILD_ONLY=1 benches/scale.sh 1024).
set -euo pipefail

WORK=${WORK:-/tmp/pdnkit-scale}
RUNS=${RUNS:-3}
JOBS=${JOBS:-2}
PARTITION=${PARTITION:-}
BASE=${BASE:-}
FEN=${FEN:-}
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
if [ $# -eq 0 ]; then
    set -- "$WORK/mixed-100M.pdn" "$WORK/mixed-1024M.pdn"
fi
for f in "$@"; do
    [ -s "$f" ] || { echo "$f not found: build it with BUILD_ONLY=1 benches/scale.sh 1024" >&2; exit 2; }
done

cargo build --quiet --release --bin pdnkit
pdnkit=${CARGO_TARGET_DIR:-target}/release/pdnkit
out=$(mktemp -d /tmp/pdnkit-parquet-bench.XXXXXX)
trap 'rm -rf "$out"' EXIT

median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
# measure CMD...: "seconds peak_kb" of one run (exit 1, findings, is not a failure).
measure() {
    /usr/bin/time -f '%e %M' -o "$out/time" "$@" >/dev/null 2>"$out/stderr" || [ $? -eq 1 ]
    tail -1 "$out/time"  # after "Command exited with non-zero status 1", when so
}

partition=()
[ -n "$PARTITION" ] && partition=(--partition "$PARTITION")
[ -n "$FEN" ] && partition+=(--fen)
# The size of the plies table in bytes (every file of it, when partitioned).
plies_bytes() { find "$1" -path '*plies*' -name '*.parquet' -printf '%s\n' | awk '{s += $1} END {print s + 0}'; }
for archive in "$@"; do
    mb=$(du -m "$archive" | cut -f1)
    echo "archive: $archive ($mb MB), -j $JOBS${PARTITION:+, --partition $PARTITION}${FEN:+, --fen}"
    conv_s=(); conv_kb=(); val_s=(); val_kb=(); base_s=(); base_kb=()
    for _ in $(seq "$RUNS"); do
        rm -rf "$out/tables"
        read -r s kb < <(measure "$pdnkit" --quiet -j "$JOBS" convert --to parquet "${partition[@]}" -o "$out/tables" "$archive")
        conv_s+=("$s"); conv_kb+=("$kb")
        read -r s kb < <(measure "$pdnkit" --quiet -j "$JOBS" validate "$archive")
        val_s+=("$s"); val_kb+=("$kb")
        if [ -n "$BASE" ]; then
            rm -rf "$out/base"
            # The base may not know --fen: it always wrote fen_after.
            base_args=(); [ -n "$PARTITION" ] && base_args=(--partition "$PARTITION")
            read -r s kb < <(measure "$BASE" --quiet -j "$JOBS" convert --to parquet "${base_args[@]}" -o "$out/base" "$archive")
            base_s+=("$s"); base_kb+=("$kb")
        fi
    done
    echo "  plies table: $(plies_bytes "$out/tables") bytes"
    if [ -n "$BASE" ]; then
        bs=$(printf '%s\n' "${base_s[@]}" | median); bk=$(printf '%s\n' "${base_kb[@]}" | sort -g | tail -1)
        printf '  base convert:         %.2f s, peak RSS %.1f MB; plies table %s bytes (%s)\n' \
            "$bs" "$(echo "$bk / 1024" | bc -l)" "$(plies_bytes "$out/base")" "$BASE"
        echo "  runs (s): base ${base_s[*]}"
    fi
    cs=$(printf '%s\n' "${conv_s[@]}" | median); ck=$(printf '%s\n' "${conv_kb[@]}" | sort -g | tail -1)
    vs=$(printf '%s\n' "${val_s[@]}" | median); vk=$(printf '%s\n' "${val_kb[@]}" | sort -g | tail -1)
    size=$(du -sm "$out/tables" | cut -f1)
    files=$(find "$out/tables" -name '*.parquet' | wc -l)
    awk -v cs="$cs" -v ck="$ck" -v vs="$vs" -v vk="$vk" -v mb="$mb" -v size="$size" -v files="$files" 'BEGIN {
        printf "  convert --to parquet: %.2f s (%.0f MB/s), peak RSS %.1f MB; %d files, %d MB\n", cs, mb / cs, ck / 1024, files, size
        printf "  validate:             %.2f s (%.0f MB/s), peak RSS %.1f MB; convert/validate time %.2f\n", vs, mb / vs, vk / 1024, cs / vs }'
    echo "  runs (s): convert ${conv_s[*]}; validate ${val_s[*]}"
done
