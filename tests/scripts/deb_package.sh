#!/usr/bin/env bash
# The Debian package: CPack makes it from the build, it depends on the Debian library
# packages, and the wallaudit it holds, unpacked into a temporary root, runs.
# Usage: deb_package.sh BINARY SOURCE_DIR   (the build directory is the binary's)
set -euo pipefail
binary=$1
source=$(cd "$2" && pwd)
build=$(cd "$(dirname "$binary")" && pwd)
command -v dpkg-deb >/dev/null || { echo "dpkg-deb is not installed: skipped"; exit 77; }
[ -f "$build/CPackConfig.cmake" ] || { echo "no CPack config (WALLAUDIT_INSTALL=OFF): skipped"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && cpack --config "$build/CPackConfig.cmake" -G DEB -B "$work/out" >"$work/cpack.log" 2>&1) ||
  { cat "$work/cpack.log"; exit 1; }
deb=$(ls "$work"/out/wallaudit_*.deb)
depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
for lib in libpugixml libfmt libboost-program-options libarchive; do
  grep -q "$lib" <<<"$depends" || { echo "the package does not depend on $lib"; exit 1; }
done
dpkg-deb -x "$deb" "$work/root"
packaged=$work/root/usr/bin/wallaudit
version=$("$packaged" --version)
[ "$version" = "$("$binary" --version)" ] || { echo "packaged --version: '$version'"; exit 1; }
for f in share/man/man1/wallaudit.1 share/man/man1/wallaudit-check.1 \
         share/bash-completion/completions/wallaudit share/zsh/vendor-completions/_wallaudit \
         share/wallaudit/schemas/chang-cheng-record.xsd include/wallaudit/wallaudit.hpp \
         lib/pkgconfig/wallaudit.pc; do
  [ -f "$work/root/usr/$f" ] || { echo "the package lacks /usr/$f"; exit 1; }
done
sample=$source/samples/chang-cheng/legal/four-players-two-expansions.xml
out=$("$packaged" check "$sample")
expected=$("$binary" check "$sample")
[ "$out" = "$expected" ] || { echo "packaged check differs:"; echo "$out"; exit 1; }
# A here-string, not `echo | grep -q`: with pipefail, grep -q leaving early can fail echo.
grep -q ": ok" <<<"$out" || { echo "packaged check: $out"; exit 1; }
status=0
"$packaged" check "$source/samples/chang-cheng/illegal" >/dev/null || status=$?
[ "$status" = 1 ] || { echo "packaged check of illegal records exited $status, not 1"; exit 1; }
echo "$version: packaged, unpacked and run"
