#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (ASan+UBSan) and runs each for a bounded time.
# Usage: fuzz/run.sh [SECONDS_PER_RUN]   (default 20). Fails on any crash, leak, timeout or
# sanitizer report; the input that caused it is left in build-fuzz/artifacts/ — add it to
# tests/data/fuzz-regressions/ with the fix.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-20}
command -v clang++ >/dev/null || { echo "fuzz: clang++ is not installed"; exit 1; }
cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
  -DWALLAUDIT_FUZZ=ON -DWALLAUDIT_SANITIZE=ON -DWALLAUDIT_TESTS=OFF >/dev/null
cmake --build build-fuzz -j "$(nproc)" --target fuzz_record fuzz_boards fuzz_inputs
mkdir -p build-fuzz/artifacts
export ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
total=0
run() {  # run TARGET CORPUS_NAME SEED_DIRS...
  local target=$1 name=$2
  shift 2
  local corpus=build-fuzz/corpus/$name
  mkdir -p "$corpus"
  for seeds in "$@"; do
    [ -d "$seeds" ] && find "$seeds" \( -name '*.xml' -o -name '*.map' \) -size -64k -exec cp -t "$corpus" {} + 2>/dev/null || true
  done
  echo "fuzz: $name for ${seconds}s"
  build-fuzz/fuzz/$target -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -artifact_prefix=build-fuzz/artifacts/"$name"- -print_final_stats=1 "$corpus" 2>build-fuzz/"$name".log ||
    { tail -60 build-fuzz/"$name".log; echo "fuzz: $name FAILED"; exit 1; }
  grep -E 'stat::number_of_executed_units|stat::new_units_added' build-fuzz/"$name".log | sed "s/^/  $name /"
  total=$((total + seconds))
}
for game in samples/*/; do
  name=$(basename "$game")
  run fuzz_record "record-$name" "$game" tests/data/fuzz-regressions
done
run fuzz_boards boards lib/*/data tests/data/schema/boards samples/catan-great-wall/legal/boards \
  samples/dschingis-bohn/maps
# The inputs layer: a mode byte (0 a record on disk, 1 raw archive bytes, 2 zip, 3 tar, 4 tar.gz
# built from "\n@@NAME\n" members) then the bytes; seeds are records whose board and map files
# lie beside them, in the tree or in the archive.
inputs=build-fuzz/seeds-inputs
rm -rf "$inputs"
mkdir -p "$inputs"
member() { printf '\n@@%s\n' "$1"; cat "$2"; }
for mode in 0 2 3 4; do
  for record in samples/catan-great-wall/legal/club-board-file.xml \
    samples/catan-great-wall/malformed/invalid-board-file.xml \
    samples/dschingis-bohn/legal/club-map-from-the-box.xml; do
    game=$(basename "$(dirname "$(dirname "$record")")")
    {
      printf "\\x0$mode"
      if [ "$mode" = 0 ]; then cat "$record"; else
        member "$game/legal/r.xml" "$record"
        for f in samples/"$game"/boards/*.xml samples/"$game"/maps/*.map; do
          if [ -f "$f" ]; then member "$game/${f#samples/$game/}" "$f"; fi
        done
      fi
    } >"$inputs/$mode-$(basename "$record")"
  done
done
run fuzz_inputs inputs "$inputs" tests/data/fuzz-regressions/inputs
echo "fuzz: ${total}s in all, no crash"
