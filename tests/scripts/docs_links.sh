#!/usr/bin/env bash
# Checks that the documentation stays inside the repository and names only files it has.
#
#   bash docs_links.sh WALLAUDIT_BINARY SOURCE_DIR
#
# Pages: README.md, every *.md under docs/, and every other *.md of the source tree
# (build directories and hidden directories such as .git or a tool's cache aside). On every page:
# - a Markdown link or image, [text](target) or a reference definition [id]: target, must be
#   a path relative to the page (an anchor, #…, may follow) that stays inside the repository
#   and names an existing file or directory; a bare #anchor is fine;
# - a path in inline code (`schemas/board-set.xsd`, `bash tests/golden/regenerate.sh`) whose
#   first part is a top-level file or directory of the repository, that names a .md or .xsd
#   file in a directory, or that starts with ./ or ../, must name an existing file or directory (repository-relative, or page-relative for
#   ./ and ../); with a wildcard or placeholder (* ? [ < { … $) its directory part must exist;
# - no URL (scheme://…, mailto:) and no "../shared" anywhere, code blocks included.
# The existence checks run against the tree as it is at test time.
#
# Exit status: 0 pass, 1 fail.
set -u

if [ $# -lt 2 ]; then
  echo "usage: bash docs_links.sh WALLAUDIT_BINARY SOURCE_DIR" >&2
  exit 1
fi
root=$(cd "$2" && pwd -P)
failures=0
checked=0

fail() {  # fail PAGE:LINE REASON
  failures=$((failures + 1))
  echo "FAIL: $1: $2"
}

# The pages.
pages=()
while IFS= read -r -d '' f; do
  pages+=("$f")
done < <(cd "$root" && find . \( -path './.*' -o -name 'build*' \) -prune -o -type f -name '*.md' -print0 | sort -z)
case " ${pages[*]} " in
  *" ./README.md "*) ;;
  *) fail "README.md" "missing" ;;
esac

# The top-level entries of the repository: an inline-code word starting with one of them
# followed by / is a path reference.
top=" "
for entry in "$root"/* "$root"/.[!.]*; do
  [ -e "$entry" ] || continue
  top+="$(basename "$entry") "
done

# exists_under BASE PATH: true when PATH (relative to BASE) stays inside the repository and
# exists; sets $why otherwise.
exists_under() {
  local full
  full=$(realpath -m "$1/$2")
  case "$full/" in
    "$root"/*) ;;
    *)
      why="leaves the repository"
      return 1
      ;;
  esac
  if [ ! -e "$full" ]; then
    why="names a missing file"
    return 1
  fi
  return 0
}

# A path with a wildcard or placeholder: its directory part before the first one must exist.
pattern_prefix() {
  local p=${1%%[\*\?\[\<\{\$]*}
  p=${p%%…*}
  case $p in
    */*) echo "${p%/*}" ;;
    *) echo "." ;;
  esac
}

# items PAGE: prints "KIND<TAB>LINE<TAB>TEXT" for the links (link), inline-code spans (code),
# and URL or ../shared sightings (bad) of PAGE. Links and code spans are read outside fenced
# code blocks; the bad sightings anywhere.
items() {
  awk '
    {
      rest = $0
      while (match(rest, /[A-Za-z][A-Za-z0-9+.-]*:\/\/[^ )>"`]*|mailto:[^ )>"`]*/)) {
        print "bad\t" NR "\t" substr(rest, RSTART, RLENGTH) " (a URL)"
        rest = substr(rest, RSTART + RLENGTH)
      }
      line = $0
      if (index(line, "../shared") > 0) print "bad\t" NR "\t../shared"
    }
    /^[ \t]*(```|~~~)/ { fenced = !fenced; next }
    fenced { next }
    {
      line = $0
      # inline code spans, then removed so that code never counts as a link
      rest = line; plain = ""
      while (match(rest, /`[^`]+`/)) {
        print "code\t" NR "\t" substr(rest, RSTART + 1, RLENGTH - 2)
        plain = plain substr(rest, 1, RSTART - 1) " CODE "
        rest = substr(rest, RSTART + RLENGTH)
      }
      plain = plain rest
      # reference definitions: [id]: target
      if (match(plain, /^ ? ? ?\[[^]]+\]:[ \t]*[^ \t]+/)) {
        def = substr(plain, RSTART, RLENGTH)
        sub(/^ ? ? ?\[[^]]+\]:[ \t]*/, "", def)
        print "link\t" NR "\t" def
      }
      # inline links and images: ](target) or ](target "title")
      rest = plain
      while (match(rest, /\]\([^)]*\)/)) {
        target = substr(rest, RSTART + 2, RLENGTH - 3)
        sub(/^[ \t]*</, "", target); sub(/>[ \t]*$/, "", target)
        sub(/[ \t].*$/, "", target)
        print "link\t" NR "\t" target
        rest = substr(rest, RSTART + RLENGTH)
      }
      # autolinks: <scheme:...>
      rest = plain
      while (match(rest, /<[A-Za-z][A-Za-z0-9+.-]*:[^ >]*>/)) {
        print "bad\t" NR "\t" substr(rest, RSTART, RLENGTH) " (a URL)"
        rest = substr(rest, RSTART + RLENGTH)
      }
    }
  ' "$1"
}

for page in "${pages[@]}"; do
  page=${page#./}
  base=$(dirname "$root/$page")
  while IFS=$'\t' read -r kind line text; do
    at="$page:$line"
    case $kind in
      bad)
        fail "$at" "$text leaves the repository"
        ;;
      link)
        checked=$((checked + 1))
        target=${text%%#*}
        [ -n "$target" ] || continue
        case $target in
          /*) fail "$at" "link $text is an absolute path"; continue ;;
          *:*) fail "$at" "link $text leaves the repository"; continue ;;
        esac
        exists_under "$base" "$target" || fail "$at" "link $text $why"
        ;;
      code)
        set -f  # the words are split, never expanded as file patterns
        for word in $text; do
          word=${word#[\(\"\']}
          word=${word%[.,;:\)\"\']}
          case $word in
            ./* | ../*) from=$base ;;
            */*.md | */*.xsd) from=$root ;;
            */*)
              case "$top" in
                *" ${word%%/*} "*) from=$root ;;
                *) continue ;;
              esac
              ;;
            *) continue ;;
          esac
          checked=$((checked + 1))
          case $word in
            *[\*\?\[\<\{\$]* | *…*)
              prefix=$(pattern_prefix "$word")
              exists_under "$from" "$prefix" || fail "$at" "path \`$word\` $why"
              ;;
            *)
              exists_under "$from" "$word" || fail "$at" "path \`$word\` $why"
              ;;
          esac
        done
        set +f
        ;;
    esac
  done < <(items "$root/$page")
done

echo "docs links: ${#pages[@]} pages, $checked references checked, $failures failed"
[ $failures -eq 0 ] || exit 1
exit 0
