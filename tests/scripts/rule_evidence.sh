#!/usr/bin/env bash
# The rule evidence compiled into the tool (lib/*/data/rules-evidence.txt: the code, samples
# and test cases of each rule id) is what scripts/rule-evidence.py makes from the sources now.
set -uo pipefail
bin=$1
src=$2
cd "$src" || exit 1
command -v python3 >/dev/null || { echo "python3 is not installed"; exit 1; }
# The evidence covers every game; a build without some of them cannot reproduce it.
games=$(find lib -path '*/data/rules.txt' | wc -l)
listed=$("$bin" rules --format json | grep -o '"game":' | wc -l)
if [ "$listed" != "$games" ]; then
  echo "rule_evidence: not every game is built in, skipped"
  exit 77
fi
python3 scripts/rule-evidence.py "$bin" --check
