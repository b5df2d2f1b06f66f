#!/usr/bin/env bash
# Builds a large PDN archive by concatenating the corpus again and again (each file followed by
# a blank line), for streaming and memory measurements. Nothing it makes is committed.
#
# Usage: benches/make_archive.sh [SIZE_MB] [OUTPUT]
#   SIZE_MB  target size in megabytes (default 1024)
#   OUTPUT   file to write (default /tmp/pdnkit-archive-<SIZE_MB>M.pdn)
# The corpus is $PDNKIT_CORPUS, else ../shared/corpus next to this repository.
set -euo pipefail

size_mb=${1:-1024}
out=${2:-/tmp/pdnkit-archive-${size_mb}M.pdn}
here=$(cd "$(dirname "$0")/.." && pwd)
corpus=${PDNKIT_CORPUS:-$here/../shared/corpus}
[ -d "$corpus" ] || { echo "corpus not found: $corpus (set PDNKIT_CORPUS)" >&2; exit 2; }

# One pass over the corpus, UTF-8 files only (the derived legacy-encoding copies would switch the
# whole archive to the Windows-1252 fallback).
one=$(mktemp)
trap 'rm -f "$one"' EXIT
find "$corpus" -name '*.pdn' -not -path '*/derived/*' | sort | while read -r f; do
    cat "$f"
    printf '\n\n'
done > "$one"

target=$((size_mb * 1000 * 1000))
pass=$(stat -c %s "$one")
: > "$out"
written=0
while [ "$written" -lt "$target" ]; do
    cat "$one" >> "$out"
    written=$((written + pass))
done
echo "$out: $written bytes ($(( (written + pass - 1) / pass )) passes of $pass bytes)"
