#!/usr/bin/env bash
# Installs a build of wallaudit into a temporary prefix and builds the example consumer in
# examples/ against that installed tree (find_package and pkg-config), not the build tree,
# then runs it on the bundled samples.
# Usage: scripts/consumer.sh [BUILD_DIR]   (default: build)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$work/prefix" >/dev/null
cmake -S examples -B "$work/build" -DCMAKE_PREFIX_PATH="$work/prefix" >/dev/null
cmake --build "$work/build" -j "$(nproc)" >/dev/null
out=$("$work/build/check_records" samples/chang-cheng/illegal samples/great-wall-of-china/legal)
echo "$out" | tail -3
grep -q '^wallaudit library ' <<<"$out" || { echo "consumer: no version line"; exit 1; }
echo "$out" | grep -Eq '^[0-9]+ records, [0-9]+ not ok$' || { echo "consumer: no count line"; exit 1; }
# The same program through pkg-config.
PKG_CONFIG_PATH="$work/prefix/lib/pkgconfig" \
  c++ -std=c++20 examples/check_records.cpp -o "$work/check_records_pc" \
  $(PKG_CONFIG_PATH="$work/prefix/lib/pkgconfig" pkg-config --cflags --libs wallaudit)
"$work/check_records_pc" samples/chang-cheng/legal | diff <(echo "$out" | head -1) <(head -1) \
  || { echo "consumer: the pkg-config build differs"; exit 1; }
echo "consumer: built against the installed tree and ran"
