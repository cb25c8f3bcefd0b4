#!/usr/bin/env bash
# Opens a `wallaudit report` page in headless Chromium, steps to the last step with the page's
# own control, checks from the DOM that the pieces drawn equal the pieces on the board and that
# the caption states the scores of the score table, checks that an address (#turn-3) opens
# that turn, and saves a screenshot next to the binary (report-screenshot.png).
# Skipped (exit 77, with a message) where Chromium is absent, except in CI where it must run.
set -uo pipefail
bin=$1
src=$2
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
  if [ -n "${CI:-}" ]; then
    echo "report_browser: Chromium is not installed, and CI must run this test"
    exit 1
  fi
  echo "report_browser: SKIPPED: Chromium is not installed (Debian package chromium)"
  exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
flags=(--headless --no-sandbox --disable-gpu --disable-quic --no-first-run
       --disable-background-networking --disable-component-update --disable-sync
       --user-data-dir="$tmp/profile")
fail=0
for sample in legal/four-players-two-expansions legal/two-players-neutral-walls \
              disputed/final-claimed-wrong; do
  record="$src/samples/chang-cheng/$sample.xml"
  sample=$(basename "$sample")
  "$bin" report "$record" -o "$tmp/$sample.html"; [ $? -le 1 ] || { echo "report failed for $sample"; exit 1; }
  frames=$(grep -o 'class="frame"' "$tmp/$sample.html" | wc -l)
  dom=$(timeout 120 "$browser" "${flags[@]}" --virtual-time-budget=5000 --dump-dom \
        "file://$tmp/$sample.html#selftest-last" 2>/dev/null)
  result=$(printf '%s' "$dom" | grep -o '<pre id="selftest">[^<]*' | sed 's/<pre id="selftest">//')
  echo "$sample: $result (frames: $frames)"
  step=$(printf '%s' "$result" | sed -n 's/.*step=\([0-9]*\).*/\1/p')
  drawn=$(printf '%s' "$result" | sed -n 's/.*drawn=\([0-9]*\).*/\1/p')
  expected=$(printf '%s' "$result" | sed -n 's/.*expected=\([0-9]*\).*/\1/p')
  caption=$(printf '%s' "$result" | sed -n 's/.*caption=\(.*\) table=.*/\1/p')
  table=$(printf '%s' "$result" | sed -n 's/.* table=\(.*\)/\1/p')
  if [ -z "$step" ] || [ "$step" -ne $((frames - 1)) ]; then
    echo "  the page did not step to the last step ($((frames - 1)))"
    fail=1
  elif [ -z "$table" ] || [ "$caption" != "$table" ]; then
    echo "  the last caption ($caption) differs from the score table ($table)"
    fail=1
  elif [ -z "$drawn" ] || [ "$drawn" -ne "$expected" ] || [ "$expected" -eq 0 ]; then
    echo "  pieces drawn ($drawn) differ from pieces on the board ($expected)"
    fail=1
  fi
done
# An address names a turn: #turn-3 opens the board after turn 3.
# A headless browser on a loaded machine now and then dumps nothing: up to three tries.
# (Matches read here-strings: with pipefail, `printf | grep -q` fails when grep leaves early.)
dom=""
for _ in 1 2 3; do
  dom=$(timeout 120 "$browser" "${flags[@]}" --virtual-time-budget=5000 --dump-dom \
        "file://$tmp/four-players-two-expansions.html#turn-3" 2>/dev/null)
  grep -q 'id="turn-3"' <<<"$dom" && break
done
if ! grep -q '<div class="frame[^"]*" id="turn-3" [^>]*data-turn="3"[^>]*>' <<<"$dom"; then
  echo "#turn-3: no frame of turn 3"
  fail=1
elif [[ $(grep -o '<div class="frame[^"]*" id="turn-3"[^>]*>' <<<"$dom") == *hidden* ]]; then
  echo "#turn-3 does not show turn 3"
  fail=1
fi
# The illegal action of turn 15 (a wall on a taken space, 2A.W3) is ringed on the board
# that #turn-15 shows.
"$bin" report "$src/samples/chang-cheng/illegal/wall-on-occupied-space.xml" \
  -o "$tmp/occupied.html" >/dev/null
dom=""
for _ in 1 2 3; do
  dom=$(timeout 120 "$browser" "${flags[@]}" --virtual-time-budget=5000 --dump-dom \
        "file://$tmp/occupied.html#turn-15" 2>/dev/null)
  grep -q 'id="turn-15"' <<<"$dom" && break
done
frame=$(printf '%s' "$dom" | tr '\n' ' ' | grep -o '<div class="frame illegal" id="turn-15"[^>]*>.*' |
        sed 's|</div>.*||')
if [ -z "$frame" ]; then
  echo "#turn-15: no illegal frame of turn 15"
  fail=1
elif [[ $(grep -o '^<div[^>]*>' <<<"$frame") == *hidden* ]]; then
  echo "#turn-15 does not show turn 15"
  fail=1
elif ! grep -q '<rect class="illegal-place" data-place="2A.W3"' <<<"$frame"; then
  echo "#turn-15: the taken space 2A.W3 is not ringed"
  fail=1
else
  echo "occupied: turn 15 shown, 2A.W3 ringed"
fi
shot="$(dirname "$(realpath "$bin")")/report-screenshot.png"
timeout 120 "$browser" "${flags[@]}" --window-size=1280,1600 --virtual-time-budget=5000 \
  --screenshot="$shot" "file://$tmp/four-players-two-expansions.html#selftest-last" >/dev/null 2>&1
if [ -s "$shot" ]; then echo "screenshot: $shot"; else echo "no screenshot written"; fail=1; fi
exit $fail
