#!/usr/bin/env bash
# Installs the Debian packages wallaudit needs that are not installed yet.
# Usage: scripts/install-deps.sh [--ci]   (--ci adds what only CI uses: browser, fuzzer)
set -euo pipefail

packages=(build-essential cmake pkg-config libpugixml-dev libboost-program-options-dev
          libfmt-dev libgtest-dev libgmock-dev libarchive-dev libmimalloc-dev libxml2-utils zstd
          python3 pybind11-dev python3-dev python3-pytest python3-pandas)
if [ "${1:-}" = "--ci" ]; then
  packages+=(clang libclang-rt-dev chromium)
fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "installing: ${missing[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
