#!/usr/bin/env bash
# `convert --to parquet` on large archives: wall time, peak RSS and the files written, beside
# `validate` on the same archive (the replay alone), measured in one run on this machine.
#
#   benches/parquet.sh [ARCHIVE...]     # defaults: the 100 MB and 1 GB mixed archives of scale.sh
#   RUNS=3 JOBS=2 PARTITION=variant benches/parquet.sh ARCHIVE
#
# The archives are those `benches/scale.sh` builds (BUILD_ONLY=1 benches/scale.sh 1024).
set -euo pipefail

WORK=${WORK:-/tmp/pdnkit-scale}
RUNS=${RUNS:-3}
JOBS=${JOBS:-2}
PARTITION=${PARTITION:-}
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
for archive in "$@"; do
    mb=$(du -m "$archive" | cut -f1)
    echo "archive: $archive ($mb MB), -j $JOBS${PARTITION:+, --partition $PARTITION}"
    conv_s=(); conv_kb=(); val_s=(); val_kb=()
    for _ in $(seq "$RUNS"); do
        rm -rf "$out/tables"
        read -r s kb < <(measure "$pdnkit" --quiet -j "$JOBS" convert --to parquet "${partition[@]}" -o "$out/tables" "$archive")
        conv_s+=("$s"); conv_kb+=("$kb")
        read -r s kb < <(measure "$pdnkit" --quiet -j "$JOBS" validate "$archive")
        val_s+=("$s"); val_kb+=("$kb")
    done
    cs=$(printf '%s\n' "${conv_s[@]}" | median); ck=$(printf '%s\n' "${conv_kb[@]}" | sort -g | tail -1)
    vs=$(printf '%s\n' "${val_s[@]}" | median); vk=$(printf '%s\n' "${val_kb[@]}" | sort -g | tail -1)
    size=$(du -sm "$out/tables" | cut -f1)
    files=$(find "$out/tables" -name '*.parquet' | wc -l)
    awk -v cs="$cs" -v ck="$ck" -v vs="$vs" -v vk="$vk" -v mb="$mb" -v size="$size" -v files="$files" 'BEGIN {
        printf "  convert --to parquet: %.2f s (%.0f MB/s), peak RSS %.1f MB; %d files, %d MB\n", cs, mb / cs, ck / 1024, files, size
        printf "  validate:             %.2f s (%.0f MB/s), peak RSS %.1f MB; convert/validate time %.2f\n", vs, mb / vs, vk / 1024, cs / vs }'
    echo "  runs (s): convert ${conv_s[*]}; validate ${val_s[*]}"
done
