#!/usr/bin/env bash
# The batch benchmark: synthetic archives of 1k, 10k and 100k Chang Cheng records (legal,
# illegal, disputed and malformed), checked with -j1 and -j2, next to a bare pugixml load of
# the same files. Reports records/s, MB/s and peak RSS for each, in one run.
# Usage: bench/run.sh [SIZES...]   (default: 1000 10000 100000). Archives are cached in
#        build-bench/data/.
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=("$@")
[ $# -eq 0 ] && sizes=(1000 10000 100000)
cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build-bench -j "$(nproc)" --target wallaudit gen_archive bare_parse measure >/dev/null
mkdir -p build-bench/data
measure() {  # measure LABEL RECORDS BYTES COMMAND...: one line of figures
  local label=$1 records=$2 bytes=$3
  shift 3
  local out
  out=$(build-bench/bench/measure "$@" || true)
  local secs=${out% *} rss=${out#* }
  awk -v l="$label" -v n="$records" -v b="$bytes" -v s="$secs" -v r="$rss" 'BEGIN {
    if (s < 0.001) s = 0.001;
    printf "  %-22s %8.2f s %10.0f records/s %8.1f MB/s %8.1f MB peak RSS\n", l, s, n / s, b / s / 1e6, r / 1024 }'
}
echo "machine: $(nproc) cores; $(uname -sr)"
for n in "${sizes[@]}"; do
  archive=build-bench/data/records-$n.tar
  [ -f "$archive" ] || build-bench/bench/gen_archive --count "$n" --out "$archive" --seed 7
  bytes=$(tar -xOf "$archive" | wc -c)
  echo "$n records, $((bytes / 1000000)) MB of XML ($archive):"
  measure "bare pugixml load" "$n" "$bytes" build-bench/bench/bare_parse "$archive"
  measure "check -j1 (jsonl)" "$n" "$bytes" build-bench/wallaudit check -j1 --format jsonl "$archive"
  measure "check -j2 (jsonl)" "$n" "$bytes" build-bench/wallaudit check -j2 --format jsonl "$archive"
done
