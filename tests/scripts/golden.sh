#!/usr/bin/env bash
# Every sample's outputs equal its golden files (tests/golden/regenerate.sh), and every sample
# has the verdict of its folder (legal: ok; illegal, disputed, malformed: the same word).
set -uo pipefail
bin=$1
src=$2
cd "$src" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
# Games left out of the build (WALLAUDIT_GAMES) are skipped: their samples are unknown games.
for game_dir in samples/*/; do
  game=$(basename "$game_dir")
  first=$(find "$game_dir" -name '*.xml' -not -path '*/boards/*' | sort | head -n 1)
  [ -n "$first" ] || continue
  probe=$("$bin" check --format jsonl "$first" 2>/dev/null || true)
  if [[ "$probe" == *'"rule":"REC-002"'*'unknown game'* ]]; then
    echo "golden: $game is not built in, skipped"
    continue
  fi
  bash tests/golden/regenerate.sh "$bin" "$tmp" "$game" || { echo "regenerate failed"; exit 1; }
  if ! diff -ru "tests/golden/$game" "$tmp/$game"; then
    echo "golden outputs of $game differ (above); if the change is meant, run tests/golden/regenerate.sh"
    fail=1
  fi
done
for jsonl in $(find "$tmp" -name '*.check.jsonl' | sort); do
  folder=$(basename "$(dirname "$jsonl")")
  case "$folder" in
    legal) want=ok ;; illegal | disputed | malformed) want=$folder ;; *) continue ;;
  esac
  if ! grep -q "\"verdict\":\"$want\"" "$jsonl"; then
    echo "${jsonl#$tmp/}: verdict is not $want"
    fail=1
  fi
done
count=$(find "$tmp" -name '*.check.jsonl' | wc -l)
echo "golden: $count samples compared"
[ "$count" -gt 0 ] || { echo "no samples found"; exit 1; }
exit $fail
