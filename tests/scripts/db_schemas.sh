#!/usr/bin/env bash
# Validates the Dschingis Bohn samples and maps against schemas/dschingis-bohn-*.xsd with xmllint.
#
#   bash db_schemas.sh WALLAUDIT_BINARY SOURCE_DIR
#
# - samples/dschingis-bohn/{legal,illegal,disputed}/*.xml must pass dschingis-bohn-record.xsd;
# - lib/dschingis_bohn/data/modelled-19.xml and samples/dschingis-bohn/maps/*.map must pass
#   dschingis-bohn-map.xsd;
# - the files of samples/dschingis-bohn/malformed/ named in its schema-catches.txt (one name per
#   line; blank lines and '#' comments ignored) must fail the record schema.
#
# Exit status: 0 pass, 1 fail, 77 skip (no xmllint).
set -u

if [ $# -lt 2 ]; then
  echo "usage: bash db_schemas.sh WALLAUDIT_BINARY SOURCE_DIR" >&2
  exit 1
fi
source_dir=$2

if ! command -v xmllint >/dev/null 2>&1; then
  echo "SKIP: xmllint is not installed"
  exit 77
fi

record_xsd="$source_dir/schemas/dschingis-bohn-record.xsd"
map_xsd="$source_dir/schemas/dschingis-bohn-map.xsd"
samples="$source_dir/samples/dschingis-bohn"
failures=0
checked=0

fail() {  # fail FILE REASON [DETAILS]
  failures=$((failures + 1))
  echo "FAIL: $1: $2"
  if [ -n "${3:-}" ]; then
    printf '%s\n' "$3" | grep -v ' validates$' | sed 's/^/    /'
  fi
}

# The schemas must compile, or every "must fail" check would pass vacuously.
probe=$(mktemp)
trap 'rm -f "$probe" "$probe.err"' EXIT
echo '<probe/>' >"$probe"
for xsd in "$record_xsd" "$map_xsd"; do
  if [ ! -f "$xsd" ]; then
    echo "FAIL: $xsd is missing"
    exit 1
  fi
  xmllint --noout --nonet --schema "$xsd" "$probe" >/dev/null 2>"$probe.err"
  status=$?
  if [ $status -ne 0 ] && [ $status -ne 3 ]; then
    echo "FAIL: $xsd does not compile (xmllint status $status)"
    sed 's/^/    /' "$probe.err"
    exit 1
  fi
done

must_pass() {  # must_pass XSD FILE WHAT
  checked=$((checked + 1))
  local output
  output=$(xmllint --noout --nonet --schema "$1" "$2" 2>&1)
  local status=$?
  [ $status -eq 0 ] || fail "$2" "$3 should pass $(basename "$1") (xmllint status $status)" "$output"
}

must_fail() {  # must_fail XSD FILE WHAT
  checked=$((checked + 1))
  if xmllint --noout --nonet --schema "$1" "$2" >/dev/null 2>&1; then
    fail "$2" "$3 should fail $(basename "$1") but validates"
  fi
}

shopt -s nullglob
for kind in legal illegal disputed; do
  files=("$samples/$kind"/*.xml)
  [ ${#files[@]} -gt 0 ] || fail "$samples/$kind" "no samples"
  for f in "${files[@]}"; do
    must_pass "$record_xsd" "$f" "$kind sample"
  done
done

must_pass "$map_xsd" "$source_dir/lib/dschingis_bohn/data/modelled-19.xml" "the built-in map"
maps=("$samples"/maps/*.map)
[ ${#maps[@]} -gt 0 ] || fail "$samples/maps" "no map files"
for f in "${maps[@]}"; do
  must_pass "$map_xsd" "$f" "sample map"
done
# A map file is not a record, and a record is not a map.
must_fail "$record_xsd" "${maps[0]}" "a map file"
must_fail "$map_xsd" "$samples/legal/three-players-deck.xml" "a record"

catches="$samples/malformed/schema-catches.txt"
if [ ! -f "$catches" ]; then
  fail "$catches" "missing"
else
  while IFS= read -r line || [ -n "$line" ]; do
    name=${line%%#*}
    name="${name#"${name%%[![:space:]]*}"}"
    name="${name%"${name##*[![:space:]]}"}"
    [ -n "$name" ] || continue
    f="$samples/malformed/$name"
    if [ ! -f "$f" ]; then
      fail "$f" "listed in schema-catches.txt but missing"
      continue
    fi
    must_fail "$record_xsd" "$f" "malformed sample listed in schema-catches.txt"
  done <"$catches"
fi

echo "dschingis-bohn schemas: $checked files checked, $failures failed"
[ $failures -eq 0 ] || exit 1
exit 0
