#!/usr/bin/env bash
# docs/rules/*.md are what scripts/rule-docs.py makes from the catalogues compiled in.
set -uo pipefail
bin=$1
src=$2
cd "$src" || exit 1
command -v python3 >/dev/null || { echo "python3 is not installed"; exit 1; }
games=$(find lib -path '*/data/rules.txt' | wc -l)
listed=$("$bin" rules --format json | grep -o '"game":' | wc -l)
if [ "$listed" != "$games" ]; then
  echo "rule_docs: not every game is built in, skipped"
  exit 77
fi
python3 scripts/rule-docs.py "$bin" --check
