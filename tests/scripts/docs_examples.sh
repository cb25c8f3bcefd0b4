#!/usr/bin/env bash
# Checks the examples in docs/formats/*.md: every one must be what its page says it is.
#
#   bash docs_examples.sh WALLAUDIT_BINARY SOURCE_DIR
#
# An example is a fenced ```xml block whose line right before it is the marker
#   <!-- example: FILE-NAME -->
# Each page's examples are written to one temporary directory under their names, so that a
# record can name a board or map definition of the same page with file="FILE-NAME". Then:
# - every page docs/formats/GAME.md of the four games exists and holds at least one example
#   record of its game; the pages of games with board or map definitions hold at least one
#   definition, and every definition is named by a record example of its page;
# - every record example checks `ok` (`wallaudit check`, exit status 0);
# - every definition is read without a fault, and shown, by `wallaudit boards --boards FILE`;
# - with xmllint installed, every example validates against its schema in schemas/.
# A page of a game not compiled into the binary is skipped.
#
# Exit status: 0 pass, 1 fail.
set -u

if [ $# -lt 2 ]; then
  echo "usage: bash docs_examples.sh WALLAUDIT_BINARY SOURCE_DIR" >&2
  exit 1
fi
bin=$1
case $bin in
  */*) bin="$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")" ;;  # the examples run elsewhere
esac
source_dir=$(cd "$2" && pwd)
pages="$source_dir/docs/formats"
failures=0
checked=0

fail() {  # fail WHERE REASON [DETAILS]
  failures=$((failures + 1))
  echo "FAIL: $1: $2"
  if [ -n "${3:-}" ]; then printf '%s\n' "$3" | sed 's/^/    /'; fi
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

have_xmllint=no
command -v xmllint >/dev/null 2>&1 && have_xmllint=yes
[ $have_xmllint = yes ] || echo "note: xmllint is not installed; the schema checks are skipped"

# The game is compiled in when a bare record of it is not refused as an unknown game (REC-002).
compiled() {  # compiled GAME
  local probe="$tmp/probe.xml"
  printf '<record game="%s" format="1"/>\n' "$1" >"$probe"
  ! "$bin" check --format jsonl "$probe" 2>/dev/null | grep -q '"rule": *"REC-002"'
}

root_of() {  # the name of the first element of FILE
  grep -o '<[A-Za-z][A-Za-z0-9_-]*' "$1" | head -n 1 | cut -c2-
}

schema_for() {  # schema_for FILE ROOT
  case $2 in
    record) echo "$source_dir/schemas/$(grep -o 'game="[^"]*"' "$1" | head -n 1 | cut -d'"' -f2)-record.xsd" ;;
    board-set) echo "$source_dir/schemas/board-set.xsd" ;;
    great-wall-board | great-wall-boards) echo "$source_dir/schemas/great-wall-board.xsd" ;;
    map) echo "$source_dir/schemas/dschingis-bohn-map.xsd" ;;
    *) echo "" ;;
  esac
}

# extract PAGE DIR: writes each marked example of PAGE to DIR/NAME; prints the names in order.
# A marker not followed by a ```xml block, an unclosed block or a name given twice is an error
# (printed as "ERROR: …").
extract() {
  awk -v dir="$2" '
    function fault(msg) { print "ERROR: line " NR ": " msg; bad = 1 }
    pending {
      pending = 0
      if ($0 != "```xml") { fault("the example marker is not followed by a ```xml line"); next }
      inblock = 1; start = NR; next
    }
    inblock {
      if ($0 == "```") { inblock = 0; close(file); print name; next }
      print > file; next
    }
    /^<!-- example: [^ ]+ -->$/ {
      name = $3
      if (name ~ /\// || name ~ /^\./) { fault("example name \"" name "\" is not a plain file name"); next }
      if (name in seen) { fault("example name \"" name "\" is used twice"); next }
      seen[name] = 1; file = dir "/" name; printf "" > file; pending = 1; next
    }
    /<!-- *example/ { fault("a malformed example marker: " $0) }
    END { if (inblock) { print "ERROR: the example starting on line " start " is not closed" } }
  ' "$1"
}

with_definitions="chang-cheng catan-great-wall dschingis-bohn"

for game in chang-cheng great-wall-of-china catan-great-wall dschingis-bohn; do
  page="$pages/$game.md"
  if [ ! -f "$page" ]; then
    fail "$page" "missing"
    continue
  fi
  if ! compiled "$game"; then
    echo "skip: $game is not compiled in"
    continue
  fi
  dir="$tmp/$game"
  mkdir -p "$dir"
  names=()
  while IFS= read -r line; do
    case $line in
      ERROR:*) fail "$page" "${line#ERROR: }" ;;
      *) names+=("$line") ;;
    esac
  done < <(extract "$page" "$dir")

  records=()
  definitions=()
  for name in "${names[@]}"; do
    root=$(root_of "$dir/$name")
    case $root in
      record) records+=("$name") ;;
      board-set | great-wall-board | great-wall-boards | map) definitions+=("$name") ;;
      *) fail "$page" "example $name: the root <$root> is neither a record nor a definition" ;;
    esac
  done
  [ ${#records[@]} -gt 0 ] || fail "$page" "no example record"
  case " $with_definitions " in
    *" $game "*) [ ${#definitions[@]} -gt 0 ] || fail "$page" "no example board or map definition" ;;
  esac

  for name in "${records[@]}"; do
    checked=$((checked + 1))
    file_game=$(grep -o 'game="[^"]*"' "$dir/$name" | head -n 1 | cut -d'"' -f2)
    [ "$file_game" = "$game" ] || fail "$page" "example $name is a record of \"$file_game\", not of $game"
    output=$(cd "$dir" && "$bin" check "$name" 2>&1)
    status=$?
    if [ $status -ne 0 ] || ! printf '%s\n' "$output" | grep -q "^$name: ok"; then
      fail "$page" "example $name should check ok (exit status $status)" "$output"
    fi
  done

  for name in "${definitions[@]}"; do
    checked=$((checked + 1))
    used=no
    for r in "${records[@]}"; do
      grep -q "file=\"$name\"" "$dir/$r" && used=yes
    done
    [ $used = yes ] || fail "$page" "definition $name is named by no example record (file=\"$name\")"
    output=$(cd "$dir" && "$bin" boards --boards "$name" 2>&1)
    status=$?
    if [ $status -ne 0 ]; then
      fail "$page" "wallaudit boards --boards $name fails (exit status $status)" "$output"
    elif ! printf '%s\n' "$output" | grep -qF "($name)"; then
      fail "$page" "wallaudit boards --boards $name does not show the definition" "$output"
    fi
  done

  if [ $have_xmllint = yes ]; then
    for name in "${names[@]}"; do
      [ -f "$dir/$name" ] || continue
      xsd=$(schema_for "$dir/$name" "$(root_of "$dir/$name")")
      [ -n "$xsd" ] || continue
      if [ ! -f "$xsd" ]; then
        fail "$page" "example $name: no schema $xsd"
        continue
      fi
      output=$(xmllint --noout --nonet --schema "$xsd" "$dir/$name" 2>&1)
      status=$?
      [ $status -eq 0 ] || fail "$page" "example $name does not validate against $(basename "$xsd") (xmllint status $status)" "$output"
    done
  fi
done

echo "docs examples: $checked examples checked, $failures failed"
[ $failures -eq 0 ] || exit 1
exit 0
