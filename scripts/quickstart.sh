#!/usr/bin/env bash
# One command from a fresh Debian machine: install what is missing, build, and check the
# bundled sample records.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DWALLAUDIT_TESTS=OFF >/dev/null
cmake --build build --target wallaudit -j "$(nproc)"
status=0
# Every game's sample records; the board and map files they name lie beside them.
./build/wallaudit check --definitions samples samples/*/legal samples/*/illegal \
  samples/*/disputed samples/*/malformed || status=$?
echo
echo "Checked the bundled samples (exit status $status): those under legal/ are ok; those under"
echo "illegal/, disputed/ and malformed/ are wrong on purpose, to show what the tool reports."
echo "The program is $(pwd)/build/wallaudit; 'sudo cmake --install build' puts it on the PATH"
echo "(/usr/local/bin/wallaudit) with its man pages and shell completions."
[ "$status" -le 2 ]
