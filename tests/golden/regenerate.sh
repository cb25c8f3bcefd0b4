#!/usr/bin/env bash
# Writes the golden outputs of every sample record: check (text and JSON Lines), and for
# records that replay, explain, replay (the last turn) and annotate; plus the diffs listed in
# samples/<game>/diff-pairs.txt.
# Usage: tests/golden/regenerate.sh [WALLAUDIT] [OUTDIR] [GAME]   (defaults: build/wallaudit,
#        tests/golden, every game under samples/). Run it after a deliberate change of the
#        output, then review with `git diff tests/golden`.

set -euo pipefail
cd "$(dirname "$0")/../.."
bin=$(realpath "${1:-build/wallaudit}")
out=${2:-tests/golden}
only=${3:-}

export LC_ALL=C

run() {  # run FILE ARGS...: stdout of wallaudit ARGS, then its exit status
  local file=$1
  shift
  local status=0
  "$bin" "$@" >"$file" 2>/dev/null || status=$?
  echo "exit status: $status" >>"$file"
}

for game_dir in samples/*/; do
  game=$(basename "$game_dir")
  [ -n "$only" ] && [ "$game" != "$only" ] && continue

  for sample in $(find "$game_dir" -name '*.xml' -not -path '*/boards/*' | sort); do
    rel=${sample#samples/}
    base=$out/${rel%.xml}
    mkdir -p "$(dirname "$base")"
    run "$base.check.txt" check "$sample"
    run "$base.check.jsonl" check --format jsonl "$sample"
    # The time a check took is the one thing that changes from run to run.
    sed -i 's/"seconds":[0-9.e+-]*/"seconds":0/' "$base.check.jsonl"

    if ! grep -q '"verdict":"malformed"' "$base.check.jsonl"; then
      run "$base.explain.txt" explain "$sample"
      run "$base.replay.txt" replay --color never "$sample"
      run "$base.annotated.xml" annotate "$sample"
    fi
  done
  if [ -f "$game_dir/diff-pairs.txt" ]; then
    while read -r a b; do
      [ -z "${a:-}" ] && continue
      case "$a" in \#*) continue ;; esac
      mkdir -p "$out/$game/diff"
      run "$out/$game/diff/$(basename "${a%.xml}")--$(basename "${b%.xml}").txt" diff \
        "$game_dir$a" "$game_dir$b"
    done <"$game_dir/diff-pairs.txt"
  fi
done
