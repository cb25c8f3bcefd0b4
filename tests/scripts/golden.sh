#!/usr/bin/env bash
# Every sample's outputs equal its golden files (tests/golden/regenerate.sh), and every sample
# has the verdict of its folder (legal: ok; illegal, disputed, malformed: the same word).
set -uo pipefail
bin=$1
src=$2
cd "$src" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bash tests/golden/regenerate.sh "$bin" "$tmp" || { echo "regenerate failed"; exit 1; }
fail=0
if ! diff -ru tests/golden "$tmp" --exclude=regenerate.sh; then
  echo "golden outputs differ (above); if the change is meant, run tests/golden/regenerate.sh"
  fail=1
fi
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
