#!/usr/bin/env bash
# Validates the Great Wall of China samples against schemas/great-wall-of-china-record.xsd
# with xmllint.
#
#   bash gw_schemas.sh WALLAUDIT_BINARY SOURCE_DIR
#
# - samples/great-wall-of-china/{legal,illegal,disputed}/**/*.xml must pass (rule errors and
#   score disputes are out of the schema's scope);
# - the files of samples/great-wall-of-china/malformed/ named in its schema-catches.txt (one
#   name per line; blank lines and '#' comments ignored) must fail;
# - every other malformed sample must be named in schema-catches.txt or pass the schema, so
#   the list says exactly what the schema catches.
#
# Exit status: 0 pass, 1 fail, 77 skip (no xmllint).
set -u

if [ $# -lt 2 ]; then
  echo "usage: bash gw_schemas.sh WALLAUDIT_BINARY SOURCE_DIR" >&2
  exit 1
fi
source_dir=$2

if ! command -v xmllint >/dev/null 2>&1; then
  echo "SKIP: xmllint is not installed"
  exit 77
fi

xsd="$source_dir/schemas/great-wall-of-china-record.xsd"
samples="$source_dir/samples/great-wall-of-china"

failures=0
checked=0

fail() {  # fail FILE REASON [DETAILS]
  failures=$((failures + 1))
  echo "FAIL: $1: $2"
  if [ -n "${3:-}" ]; then
    printf '%s\n' "$3" | grep -v ' validates$' | grep -v ' fails to validate$' | sed 's/^/    /'
  fi
}

# validate FILE: sets $output and returns xmllint's status
# (0 valid, 1 not well-formed/unreadable, 3 invalid, 4/5 schema problems).
validate() {
  output=$(xmllint --noout --nonet --schema "$xsd" "$1" 2>&1)
}

# The schema itself must compile, or every "must fail" check would pass vacuously.
if [ ! -f "$xsd" ]; then
  echo "FAIL: $xsd is missing"
  exit 1
fi
probe=$(mktemp)
trap 'rm -f "$probe" "$probe.err"' EXIT
echo '<probe/>' >"$probe"
xmllint --noout --nonet --schema "$xsd" "$probe" >/dev/null 2>"$probe.err"
status=$?
if [ $status -ne 0 ] && [ $status -ne 3 ]; then
  echo "FAIL: $xsd does not compile (xmllint status $status)"
  sed 's/^/    /' "$probe.err"
  exit 1
fi
if [ ! -d "$samples" ]; then
  echo "FAIL: $samples is missing"
  exit 1
fi

shopt -s nullglob

for kind in legal illegal disputed; do
  count=0
  while IFS= read -r -d '' f; do
    count=$((count + 1))
    checked=$((checked + 1))
    validate "$f"
    status=$?
    if [ $status -ne 0 ]; then
      fail "$f" "$kind sample should pass the schema but does not (xmllint status $status)" \
        "$output"
    fi
  done < <(find "$samples/$kind" -type f -name '*.xml' -print0 | sort -z)
  [ $count -gt 0 ] || fail "$samples/$kind" "no samples"
done

catches="$samples/malformed/schema-catches.txt"
listed=()
if [ -f "$catches" ]; then
  while IFS= read -r line || [ -n "$line" ]; do
    name=${line%%#*}
    name=${name//$'\r'/}
    name="${name#"${name%%[![:space:]]*}"}"
    name="${name%"${name##*[![:space:]]}"}"
    [ -n "$name" ] || continue
    listed+=("$name")
    f="$samples/malformed/$name"
    checked=$((checked + 1))
    if [ ! -f "$f" ]; then
      fail "$f" "listed in schema-catches.txt but missing"
      continue
    fi
    validate "$f"
    if [ $? -eq 0 ]; then
      fail "$f" "listed in schema-catches.txt, but the schema accepts it"
    fi
  done <"$catches"
else
  fail "$catches" "missing"
fi

for f in "$samples"/malformed/*.xml; do
  name=$(basename "$f")
  for l in "${listed[@]}"; do
    [ "$l" = "$name" ] && continue 2
  done
  checked=$((checked + 1))
  validate "$f"
  if [ $? -ne 0 ]; then
    fail "$f" "the schema rejects it, but schema-catches.txt does not list it" "$output"
  fi
done

echo "gw schemas: $checked files checked, $failures failed"
[ $failures -eq 0 ] || exit 1
exit 0
