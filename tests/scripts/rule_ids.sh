#!/usr/bin/env bash
# Every rule id has one home: each id a game's catalogue lists as `checked` is a named
# constant in the game's lib/<game>/rule_ids.hpp, written there once and used by the code;
# an id listed as `descriptive` appears nowhere in the code; no other source file of the
# game spells an id as a string.
set -uo pipefail
src=$2
cd "$src" || exit 1
command -v python3 >/dev/null || { echo "python3 is not installed"; exit 1; }
python3 - <<'PY'
import glob, os, re, sys

failures = []
for catalogue in sorted(glob.glob("lib/*/data/rules.txt")):
    folder = os.path.dirname(os.path.dirname(catalogue))
    if folder == "lib/core":
        continue  # the format's REC- ids live in core/xml.hpp
    kinds = {}
    current = None
    for line in open(catalogue, encoding="utf-8"):
        m = re.match(r"== ([A-Z]+-\d+) ", line)
        if m:
            current = m.group(1)
        m = re.match(r"kind: (\w+)", line)
        if m and current:
            kinds[current] = m.group(1)
    header = os.path.join(folder, "rule_ids.hpp")
    if not os.path.exists(header):
        failures.append(f"{header}: missing (every checked id of {catalogue} is a constant there)")
        continue
    text = open(header, encoding="utf-8").read()
    constants = {}
    for m in re.finditer(r"constexpr\s+RuleId\s+(\w+)\s*=\s*\"([A-Z]+-\d+)\"", text):
        name, rule = m.group(1), m.group(2)
        if rule in constants:
            failures.append(f"{header}: {rule} is defined twice")
        constants[rule] = name
    sources = [p for ext in ("cpp", "hpp") for p in glob.glob(f"{folder}/*.{ext}")
               if p != header]
    code = {p: open(p, encoding="utf-8").read() for p in sources}
    for rule, kind in sorted(kinds.items()):
        if kind == "checked":
            if rule not in constants:
                failures.append(f"{header}: {rule} is checked in {catalogue} but has no constant")
            elif not any(re.search(rf"\b{constants[rule]}\b", c) for c in code.values()):
                failures.append(f"{header}: {rule} ({constants[rule]}) is never used by the code")
        elif rule in constants:
            failures.append(f"{header}: {rule} is {kind} in {catalogue} but has a constant")
    for rule in constants:
        if rule not in kinds:
            failures.append(f"{header}: {rule} is not in {catalogue}")
    prefix = next(iter(kinds)).split("-")[0] if kinds else None
    for path, c in sorted(code.items()):
        for m in re.finditer(r"\"((?:CC|GW|CT|DB)-\d+)", c):
            line = c.count("\n", 0, m.start()) + 1
            failures.append(f"{path}:{line}: {m.group(1)} spelled as a string (use its constant)")

for f in failures:
    print(f)
print(f"rule_ids: {len(failures)} problem(s)")
sys.exit(1 if failures else 0)
PY
