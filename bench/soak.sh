#!/usr/bin/env bash
# The soak run: generated .tar.zst archives of 100,000 and 1,000,000 records of all four games
# (legal, illegal, disputed, malformed) checked with -j 2. Nothing may be lost: the records out
# equal the records in, the verdict counts equal the generator's, the summary line is complete,
# and the peak RSS does not grow from 100k to 1M records. A benchmark, not a test: it takes
# long (archives are cached in $BUILD/soak/).
# Usage: bench/soak.sh [SIZES...]   (default: 100000 1000000); BUILD=dir picks the build
#        directory (default build-bench, a Release build).
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=("$@")
[ $# -eq 0 ] && sizes=(100000 1000000)
build=${BUILD:-build-bench}
if [ "$build" = build-bench ]; then
  cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
cmake --build "$build" -j "$(nproc)" --target wallaudit gen_mixed measure >/dev/null
mkdir -p "$build/soak"
echo "machine: $(nproc) cores; $(uname -sr)"
fail=0
declare -A rss
for n in "${sizes[@]}"; do
  archive=$build/soak/mixed-$n.tar.zst
  if [ ! -f "$archive" ] || [ ! -f "$archive.counts" ]; then
    start=$(date +%s)
    "$build/bench/gen_mixed" --count "$n" --out "$archive" --seed 11
    echo "generated $n records in $(($(date +%s) - start)) s"
  fi
  out=$build/soak/mixed-$n.jsonl
  cmd="exec $build/wallaudit check -j 2 --format jsonl $archive > $out"
  read -r secs kb < <("$build/bench/measure" bash -c "$cmd")
  rss[$n]=$kb
  # Records out: lines with a "file"; the verdicts from the lines and from the summary line.
  got=$(grep -c '^{"file"' "$out" || true)
  want=$(awk '$1 == "records" { print $2 }' "$archive.counts")
  echo "$n records ($(du -h "$archive" | cut -f1) .tar.zst): ${secs} s, $(awk -v n="$n" -v s="$secs" 'BEGIN { printf "%.0f", n / s }') records/s, peak RSS $((kb / 1024)) MB"
  echo "  records in $want, out $got"
  [ "$got" = "$want" ] || { echo "  LOST RECORDS"; fail=1; }
  summary=$(tail -n 1 "$out")
  for v in ok disputed illegal malformed; do
    lines=$(grep -c "^{\"file\".*,\"verdict\":\"$v\"" "$out" || true)
    generated=$(awk -v v="$v" '$1 == v { print $2 }' "$archive.counts")
    summed=$(sed -E "s/.*\"$v\":([0-9]+).*/\\1/" <<<"$summary")
    echo "  $v: generated $generated, lines $lines, summary $summed"
    [ "$lines" = "$generated" ] && [ "$summed" = "$generated" ] || { echo "  VERDICTS DIFFER"; fail=1; }
  done
  [[ "$summary" == *'"interrupted":false'* ]] || { echo "  SUMMARY LINE MISSING OR INTERRUPTED"; fail=1; }
done
if [ -n "${rss[100000]:-}" ] && [ -n "${rss[1000000]:-}" ]; then
  echo "peak RSS: $((rss[100000] / 1024)) MB at 100k, $((rss[1000000] / 1024)) MB at 1M"
  # Growth past a few MB (allocator noise) means memory grows with the number of records.
  [ $((rss[1000000] - rss[100000])) -le 8192 ] || { echo "PEAK RSS GROWS"; fail=1; }
fi
exit $fail
