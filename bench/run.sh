#!/usr/bin/env bash
# The batch benchmark, in one run on one machine, every figure next to its baseline:
# - Chang Cheng archives of 1k, 10k and 100k records (legal, illegal, disputed and malformed,
#   from gen_archive), and an archive of legal records of each game (GAME_RECORDS records from
#   the game's generator, through gen_mixed --game G --legal);
# - for each archive: the bare pugixml load (the baseline: read the archive and parse every
#   member, nothing else), `check -j1` and `check -j2` with JSONL output and the duplicate
#   index on; records/s, MB/s, the share of the bare load, the -j2 speed-up, peak RSS, and
#   allocations per record (malloc and friends, counted by bench/alloc_count.cpp, preloaded);
# - per-length rates: each game's archive cut into thirds by the number of turns of a record,
#   each third checked with -j1 (MB/s, and its turn range).
# Usage: bench/run.sh [SIZES...]   Chang Cheng sizes (default: 1000 10000 100000).
# Environment: GAME_RECORDS (default 10000); ROUNDS (default 1: each time is the best of
# ROUNDS runs); WALLAUDIT, the binary to measure (default build-bench/wallaudit, e.g. another
# revision's binary for a before/after table on the same archives). Archives are cached in
# build-bench/data/.
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=("$@")
[ $# -eq 0 ] && sizes=(1000 10000 100000)
game_records=${GAME_RECORDS:-10000}
rounds=${ROUNDS:-1}
cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build-bench -j "$(nproc)" \
  --target wallaudit gen_archive gen_mixed bare_parse measure alloc_count >/dev/null
wallaudit=${WALLAUDIT:-build-bench/wallaudit}
hook=build-bench/bench/liballoc_count.so
data=build-bench/data
mkdir -p "$data"

best() {  # best COMMAND...: "SECONDS MAX_RSS_KB", the fastest of $rounds runs
  local out best_s= best_k=
  for ((r = 0; r < rounds; ++r)); do
    out=$(build-bench/bench/measure "$@" || true)
    if [ -z "$best_s" ] || awk -v a="${out% *}" -v b="$best_s" 'BEGIN { exit !(a < b) }'; then
      best_s=${out% *} best_k=${out#* }
    fi
  done
  echo "$best_s $best_k"
}

allocs() {  # allocs RECORDS COMMAND...: allocations per record of one run
  local records=$1 file
  shift
  file=$(mktemp)
  ALLOC_COUNT_FILE=$file LD_PRELOAD=$PWD/$hook "$@" >/dev/null 2>&1 || true
  awk -v n="$records" '$1 == "allocations" { printf "%.0f", $2 / n }' "$file"
  rm -f "$file"
}

table=()
row() {  # row LABEL ARCHIVE RECORDS: measures one archive and adds a row to the table
  local label=$1 archive=$2 n=$3 bytes
  bytes=$(tar -xOf "$archive" | wc -c)
  local bare j1 j2
  bare=$(best build-bench/bench/bare_parse "$archive")
  j1=$(best "$wallaudit" check -j1 --format jsonl "$archive")
  j2=$(best "$wallaudit" check -j2 --format jsonl "$archive")
  local a_bare a_j1
  a_bare=$(allocs "$n" build-bench/bench/bare_parse "$archive")
  a_j1=$(allocs "$n" "$wallaudit" check -j1 --format jsonl "$archive")
  table+=("$(awk -v l="$label" -v n="$n" -v b="$bytes" -v bare="$bare" -v j1="$j1" -v j2="$j2" \
    -v ab="$a_bare" -v a1="$a_j1" 'BEGIN {
      split(bare, B, " "); split(j1, X, " "); split(j2, Y, " ");
      if (B[1] < 0.001) B[1] = 0.001; if (X[1] < 0.001) X[1] = 0.001; if (Y[1] < 0.001) Y[1] = 0.001;
      printf "%-24s %7d %6.1f %7.1f %8.0f %7.1f %5.1f%% %7.1f %5.2fx %6s %6s %6.0f %6.0f",
        l, n, b / 1e6, b / B[1] / 1e6, n / X[1], b / X[1] / 1e6, 100 * B[1] / X[1],
        b / Y[1] / 1e6, X[1] / Y[1], ab, a1, X[2] / 1024, Y[2] / 1024 }')")
}

lengths=()
by_length() {  # by_length GAME ARCHIVE: -j1 MB/s of each third of the archive by turns
  local game=$1 archive=$2 dir
  dir=$(mktemp -d)
  tar -xf "$archive" -C "$dir"
  # One line per record: turns, path; sorted by turns and cut into three parts.
  find "$dir" -name '*.xml' -print0 | xargs -0 awk '
    FNR == 1 && NR > 1 { print n, f; n = 0 }
    { f = FILENAME; n += gsub(/<turn[ >]/, "") }
    END { print n, f }' | sort -n >"$dir/list"
  local total third
  total=$(wc -l <"$dir/list")
  third=$(((total + 2) / 3))
  local part
  for part in 1 2 3; do
    local first=$(((part - 1) * third + 1)) last=$((part * third))
    sed -n "${first},${last}p" "$dir/list" >"$dir/part"
    local n lo hi bytes t
    n=$(wc -l <"$dir/part")
    lo=$(head -n 1 "$dir/part" | cut -d' ' -f1)
    hi=$(tail -n 1 "$dir/part" | cut -d' ' -f1)
    cut -d' ' -f2- "$dir/part" | sed "s|^$dir/||" | tar -cf "$dir/part.tar" -C "$dir" -T -
    bytes=$(cut -d' ' -f2- "$dir/part" | tr '\n' '\0' | xargs -0 cat | wc -c)
    t=$(best "$wallaudit" check -j1 --format jsonl "$dir/part.tar")
    lengths+=("$(awk -v g="$game" -v p="$part" -v n="$n" -v lo="$lo" -v hi="$hi" -v b="$bytes" \
      -v t="$t" 'BEGIN { split(t, X, " "); if (X[1] < 0.001) X[1] = 0.001;
        printf "%-20s %-7s %5d %4d-%-4d %8.2f %8.1f", g, p == 1 ? "short" : p == 2 ? "middle" : "long",
          n, lo, hi, b / n / 1000, b / X[1] / 1e6 }')")
  done
  rm -rf "$dir"
}

echo "machine: $(nproc) cores; $(uname -sr); load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "measuring: $wallaudit; best of $rounds run(s)"
for n in "${sizes[@]}"; do
  archive=$data/records-$n.tar
  [ -f "$archive" ] || build-bench/bench/gen_archive --count "$n" --out "$archive" --seed 7
  row "chang-cheng mixed $n" "$archive" "$n"
done
for game in chang-cheng great-wall-of-china catan-great-wall dschingis-bohn; do
  archive=$data/$game-$game_records.tar
  [ -f "$archive" ] ||
    build-bench/bench/gen_mixed --game "$game" --legal --count "$game_records" --out "$archive" \
      --seed 7 2>/dev/null
  row "$game legal" "$archive" "$game_records"
  by_length "$game" "$archive"
done

echo
printf '%-24s %7s %6s %7s %8s %7s %6s %7s %6s %6s %6s %6s %6s\n' "archive" "records" "MB" \
  "bare" "j1" "j1" "j1 of" "j2" "j2/j1" "alloc" "alloc" "RSS" "RSS"
printf '%-24s %7s %6s %7s %8s %7s %6s %7s %6s %6s %6s %6s %6s\n' "" "" "" "MB/s" "rec/s" \
  "MB/s" "bare" "MB/s" "" "bare" "j1" "j1 MB" "j2 MB"
printf '%s\n' "${table[@]}"
echo "(alloc: allocations per record; bare: the pugixml load of the same archive)"
echo
echo "Per-length rates, check -j1, each game's archive in thirds by turns:"
printf '%-20s %-7s %5s %9s %8s %8s\n' "game" "part" "recs" "turns" "KB/rec" "MB/s"
printf '%s\n' "${lengths[@]}"
echo "load at end: $(cut -d' ' -f1-3 /proc/loadavg)"
