#!/usr/bin/env bash
# Validates the schema corpus and the samples against schemas/*.xsd with xmllint.
#
#   bash schemas.sh WALLAUDIT_BINARY SOURCE_DIR
#
# - tests/data/schema/valid/*.xml must pass schemas/chang-cheng-record.xsd;
# - tests/data/schema/invalid/*.xml must fail it (as a validation error, not because
#   the file is not well-formed);
# - lib/chang_cheng/data/standard-boards.xml and tests/data/schema/boards/*.xml must
#   pass schemas/board-set.xsd;
# - samples/chang-cheng/{legal,illegal,disputed}/**/*.xml must pass (a file whose root is
#   <board-set> is checked against board-set.xsd instead);
# - the files of samples/chang-cheng/malformed/ named in its schema-catches.txt (one
#   name per line; blank lines and '#' comments ignored) must fail.
#
# Exit status: 0 pass, 1 fail, 77 skip (no xmllint).
set -u

if [ $# -lt 2 ]; then
  echo "usage: bash schemas.sh WALLAUDIT_BINARY SOURCE_DIR" >&2
  exit 1
fi
source_dir=$2

if ! command -v xmllint >/dev/null 2>&1; then
  echo "SKIP: xmllint is not installed"
  exit 77
fi

record_xsd="$source_dir/schemas/chang-cheng-record.xsd"
boards_xsd="$source_dir/schemas/board-set.xsd"
data="$source_dir/tests/data/schema"
samples="$source_dir/samples/chang-cheng"

failures=0
checked=0

fail() {  # fail FILE REASON [DETAILS]
  failures=$((failures + 1))
  echo "FAIL: $1: $2"
  if [ -n "${3:-}" ]; then
    printf '%s\n' "$3" | grep -v ' validates$' | grep -v ' fails to validate$' | sed 's/^/    /'
  fi
}

# validate XSD FILE: sets $output and returns xmllint's status
# (0 valid, 1 not well-formed/unreadable, 3 invalid, 4/5 schema problems).
validate() {
  output=$(xmllint --noout --nonet --schema "$1" "$2" 2>&1)
}

root_name() {
  xmllint --nonet --xpath 'local-name(/*)' "$1" 2>/dev/null
}

# The schemas themselves must compile, or every "must fail" check would pass vacuously.
probe=$(mktemp)
trap 'rm -f "$probe"' EXIT
echo '<probe/>' >"$probe"
for xsd in "$record_xsd" "$boards_xsd"; do
  if [ ! -f "$xsd" ]; then
    echo "FAIL: $xsd is missing"
    exit 1
  fi
  xmllint --noout --nonet --schema "$xsd" "$probe" >/dev/null 2>"$probe.err"
  status=$?
  if [ $status -ne 0 ] && [ $status -ne 3 ]; then
    echo "FAIL: $xsd does not compile (xmllint status $status)"
    sed 's/^/    /' "$probe.err"
    rm -f "$probe.err"
    exit 1
  fi
  rm -f "$probe.err"
done

must_pass() {  # must_pass XSD FILE WHAT
  checked=$((checked + 1))
  validate "$1" "$2"
  local status=$?
  if [ $status -ne 0 ]; then
    fail "$2" "$3 should pass $(basename "$1") but does not (xmllint status $status)" "$output"
  fi
}

# A record (root <record>) must pass the record schema; a board-set file, board-set.xsd.
must_pass_record_or_boards() {  # FILE WHAT
  if [ "$(root_name "$1")" = "board-set" ]; then
    must_pass "$boards_xsd" "$1" "$2 (a board-set file)"
  else
    must_pass "$record_xsd" "$1" "$2"
  fi
}

must_fail() {  # must_fail XSD FILE WHAT STRICT
  # STRICT=yes: the failure must be a validation error (status 3), so that a test file
  # that is not even well-formed does not count as caught.
  checked=$((checked + 1))
  validate "$1" "$2"
  local status=$?
  if [ $status -eq 0 ]; then
    fail "$2" "$3 should fail $(basename "$1") but validates"
  elif [ "$4" = yes ] && [ $status -ne 3 ]; then
    fail "$2" "$3 should fail validation, but xmllint could not validate it (status $status)" \
      "$output"
  fi
}

shopt -s nullglob

# ---- the schema corpus -------------------------------------------------------------

valid_files=("$data"/valid/*.xml)
invalid_files=("$data"/invalid/*.xml)
if [ ${#valid_files[@]} -eq 0 ]; then fail "$data/valid" "no *.xml files"; fi
if [ ${#invalid_files[@]} -eq 0 ]; then fail "$data/invalid" "no *.xml files"; fi

for f in "${valid_files[@]}"; do
  must_pass "$record_xsd" "$f" "valid record"
done

for f in "${invalid_files[@]}"; do
  must_fail "$record_xsd" "$f" "invalid record" yes
done

# ---- board sets --------------------------------------------------------------------

standard="$source_dir/lib/chang_cheng/data/standard-boards.xml"
if [ -f "$standard" ]; then
  must_pass "$boards_xsd" "$standard" "the built-in board set"
else
  fail "$standard" "missing"
fi

for f in "$data"/boards/*.xml; do
  must_pass "$boards_xsd" "$f" "board-set file"
done

# ---- samples -----------------------------------------------------------------------

for kind in legal illegal disputed; do
  [ -d "$samples/$kind" ] || continue
  while IFS= read -r -d '' f; do
    must_pass_record_or_boards "$f" "$kind sample"
  done < <(find "$samples/$kind" -type f -name '*.xml' -print0 | sort -z)
done

catches="$samples/malformed/schema-catches.txt"
if [ -f "$catches" ]; then
  while IFS= read -r line || [ -n "$line" ]; do
    name=${line%%#*}
    name=${name//$'\r'/}
    name="${name#"${name%%[![:space:]]*}"}"
    name="${name%"${name##*[![:space:]]}"}"
    [ -n "$name" ] || continue
    f="$samples/malformed/$name"
    if [ ! -f "$f" ]; then
      fail "$f" "listed in schema-catches.txt but missing"
      continue
    fi
    must_fail "$record_xsd" "$f" "malformed sample listed in schema-catches.txt" no
  done <"$catches"
fi

echo "schemas: $checked files checked, $failures failed"
[ $failures -eq 0 ] || exit 1
exit 0
