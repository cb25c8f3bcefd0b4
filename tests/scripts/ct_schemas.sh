#!/usr/bin/env bash
# Validates the samples of "The Great Wall" (Catan) against its schemas with xmllint.
#
#   bash ct_schemas.sh WALLAUDIT_BINARY SOURCE_DIR
#
# - schemas/catan-great-wall-record.xsd and schemas/great-wall-board.xsd must compile;
# - lib/catan_great_wall/data/great-wall-modelled.xml and every board file of the samples
#   (samples/catan-great-wall/boards/*.xml) must pass great-wall-board.xsd;
# - every record of samples/catan-great-wall/{legal,illegal,disputed,logs} must pass the
#   record schema (illegal and disputed records are well-formed: their faults are rules);
# - the malformed samples named in samples/catan-great-wall/malformed/schema-catches.txt (one
#   name per line; blank lines and '#' comments ignored) must fail it, as a validation error;
# - a record the checker generates (`wallaudit annotate` of a legal sample) still passes.
#
# Exit status: 0 pass, 1 fail, 77 skip (no xmllint).
set -u

if [ $# -lt 2 ]; then
  echo "usage: bash ct_schemas.sh WALLAUDIT_BINARY SOURCE_DIR" >&2
  exit 1
fi
binary=$1
source_dir=$2

if ! command -v xmllint >/dev/null 2>&1; then
  echo "SKIP: xmllint is not installed"
  exit 77
fi

record_xsd="$source_dir/schemas/catan-great-wall-record.xsd"
board_xsd="$source_dir/schemas/great-wall-board.xsd"
samples="$source_dir/samples/catan-great-wall"

failures=0
checked=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

fail() {  # fail FILE REASON [DETAILS]
  failures=$((failures + 1))
  echo "FAIL: $1: $2"
  if [ -n "${3:-}" ]; then
    printf '%s\n' "$3" | grep -v ' validates$' | grep -v ' fails to validate$' | sed 's/^/    /'
  fi
}

# validate XSD FILE: sets $output and returns xmllint's status
# (0 valid, 1 not well-formed or unreadable, 3 invalid, 4/5 schema problems).
validate() {
  output=$(xmllint --noout --nonet --schema "$1" "$2" 2>&1)
}

# The schemas must compile, or every "must fail" check would pass vacuously.
echo '<probe/>' >"$tmp/probe.xml"
for xsd in "$record_xsd" "$board_xsd"; do
  if [ ! -f "$xsd" ]; then
    echo "FAIL: $xsd is missing"
    exit 1
  fi
  xmllint --noout --nonet --schema "$xsd" "$tmp/probe.xml" >/dev/null 2>"$tmp/probe.err"
  status=$?
  if [ $status -ne 0 ] && [ $status -ne 3 ]; then
    echo "FAIL: $xsd does not compile (xmllint status $status)"
    sed 's/^/    /' "$tmp/probe.err"
    exit 1
  fi
done

must_pass() {  # must_pass XSD FILE WHAT
  checked=$((checked + 1))
  validate "$1" "$2"
  local status=$?
  if [ $status -ne 0 ]; then
    fail "$2" "$3 should pass $(basename "$1") but does not (xmllint status $status)" "$output"
  fi
}

must_fail() {  # must_fail XSD FILE WHAT: a validation error (status 3), not a broken file
  checked=$((checked + 1))
  validate "$1" "$2"
  local status=$?
  if [ $status -eq 0 ]; then
    fail "$2" "$3 should fail $(basename "$1") but validates"
  elif [ $status -ne 3 ]; then
    fail "$2" "$3 should fail validation, but xmllint could not validate it (status $status)" \
      "$output"
  fi
}

shopt -s nullglob

# ---- board definitions -------------------------------------------------------------

must_pass "$board_xsd" "$source_dir/lib/catan_great_wall/data/great-wall-modelled.xml" \
  "the built-in modelled board"
boards=0
while IFS= read -r -d '' f; do
  must_pass "$board_xsd" "$f" "sample board file"
  boards=$((boards + 1))
done < <(find "$samples" -path '*/boards/*' -name '*.xml' -print0 | sort -z)
[ $boards -gt 0 ] || fail "$samples" "no sample board files (*/boards/*.xml)"

# ---- records -----------------------------------------------------------------------

records=0
for kind in legal illegal disputed logs; do
  [ -d "$samples/$kind" ] || continue
  while IFS= read -r -d '' f; do
    must_pass "$record_xsd" "$f" "$kind sample"
    records=$((records + 1))
  done < <(find "$samples/$kind" -name '*.xml' -not -path '*/boards/*' -print0 | sort -z)
done
[ $records -gt 0 ] || fail "$samples" "no sample records"

catches="$samples/malformed/schema-catches.txt"
if [ ! -f "$catches" ]; then
  fail "$catches" "missing"
else
  listed=0
  while IFS= read -r line || [ -n "$line" ]; do
    name=${line%%#*}
    name=${name//$'\r'/}
    name="${name#"${name%%[![:space:]]*}"}"
    name="${name%"${name##*[![:space:]]}"}"
    [ -n "$name" ] || continue
    listed=$((listed + 1))
    f="$samples/malformed/$name"
    if [ ! -f "$f" ]; then
      fail "$f" "listed in schema-catches.txt but missing"
      continue
    fi
    must_fail "$record_xsd" "$f" "malformed sample listed in schema-catches.txt"
  done <"$catches"
  [ $listed -gt 0 ] || fail "$catches" "lists no sample"
fi

# ---- what the tool writes -----------------------------------------------------------

legal=$(find "$samples/legal" -maxdepth 1 -name '*.xml' | sort | head -1)
if [ -n "$legal" ] && [ -x "$binary" ]; then
  # From the source tree: the board files the records name lie inside it.
  if (cd "$source_dir" && "$binary" annotate "$legal" -o "$tmp/annotated.xml") >/dev/null 2>&1; then
    must_pass "$record_xsd" "$tmp/annotated.xml" "the annotated $(basename "$legal")"
  else
    fail "$legal" "wallaudit annotate failed"
  fi
fi

echo "ct_schemas: $checked files checked, $failures failed"
[ $failures -eq 0 ] || exit 1
exit 0
