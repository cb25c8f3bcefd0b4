#!/usr/bin/env python3
"""Writes lib/<game>/data/rules-evidence.txt (and lib/core/data/ for REC ids): where the
repository shows each rule id of the catalogues at work. It is compiled into the tool for
`wallaudit rules ID` (a real breach from the samples) and `wallaudit rules --coverage`.

Usage: scripts/rule-evidence.py [WALLAUDIT] [--check]
  WALLAUDIT  the built binary (default build/wallaudit), used to check the samples;
  --check    write nothing, exit 1 (with a diff) when a checked-in file is stale.

Per id it lists:
- emitted:       each source file of lib/ and cli/ holding the id as a string literal
                 ("CC-406", or "[REC-017]" at the end of a message), or using a game's
                 constant for it (CC_406, defined in lib/<game>/rule_ids.hpp): the code
                 reports it (or names it in a table of ids it reports);
- sample:        each sample under samples/ whose check cites it;
- breach:        one of those findings (an error not following from an earlier one, in the
                 sample with the fewest findings), with the record's lines around it;
- illegal-test:  each test case that expects the finding: a case of a table in
                 tests/*_test.cpp whose expected findings hold "ID@…", a case named after
                 the id that holds "ID" (a format case naming its rule), or an assertion
                 EXPECT_EQ/ASSERT_EQ(…, "ID…") outside the tables;
- both:          a test marked `// Legal and illegal cases: ID, ID.` right above its TEST(…)
                 (for tests over generated games), whose body asserts a legal result
                 (Verdict::ok or no finding) and names each id (else this script fails);
- legal-test:    each table case named after the id ({"ID …", …}, or "ID/ID …") that expects
                 no finding at all (its expected list is {}); for record-format ids (REC-…), which every
                 record of a format must pass, the legal samples of each game, which
                 tests/scripts/golden.sh checks have the verdict ok.
A checked id is covered when it has an illegal-test and a legal-test.
"""
import difflib
import glob
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ID = r"[A-Z]+-[0-9]+"


def catalogues():
    """[(prefix, data dir, [ids])] for every lib/*/data/rules.txt."""
    out = []
    for path in sorted(glob.glob(os.path.join(ROOT, "lib/*/data/rules.txt"))):
        ids = []
        with open(path, encoding="utf-8") as f:
            for line in f:
                m = re.match(r"== (" + ID + r")\b", line)
                if m:
                    ids.append(m.group(1))
        if ids:
            out.append((ids[0].split("-")[0], os.path.relpath(os.path.dirname(path), ROOT), ids))
    return out


def string_literals(text):
    """The contents of the C++ string literals of `text` (comments skipped)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            i = text.find("\n", i)
            i = n if i < 0 else i
        elif text.startswith("/*", i):
            i = text.find("*/", i)
            i = n if i < 0 else i + 2
        elif text.startswith('R"', i):
            m = re.match(r'R"([^(]*)\(', text[i:])
            end = text.find(")" + m.group(1) + '"', i)
            out.append(text[i + len(m.group(0)):end])
            i = end + len(m.group(1)) + 2
        elif c == "'":
            i += 3 if text[i + 1] != "\\" else 4
        elif c == '"':
            j = i + 1
            while text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append(text[i + 1:j])
            i = j + 1
        else:
            i += 1
    return out


def emitted():
    """id -> [source files] of lib/ and cli/."""
    found = {}
    files = sorted(glob.glob(os.path.join(ROOT, "lib/**/*.[ch]pp"), recursive=True) +
                   glob.glob(os.path.join(ROOT, "cli/*.[ch]pp")))
    for path in files:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        rel = os.path.relpath(path, ROOT)
        if os.path.basename(path) == "rule_ids.hpp":
            continue  # where the constants are defined, not where they are reported
        ids = []
        for s in string_literals(text):
            ids += [s] if re.fullmatch(ID, s) else re.findall(r"\[(" + ID + r")\]$", s)
        ids += [m.replace("_", "-") for m in re.findall(r"\b(?:CC|GW|CT|DB)_[0-9]+\b", text)]
        for i in ids:
            if rel not in found.setdefault(i, []):
                found[i].append(rel)
    return found


def sample_files():
    return sorted(p for p in glob.glob("samples/**/*.xml", recursive=True)
                  if "/boards/" not in p)


def check_samples(binary):
    """[(record object)] of every sample, from `check --format jsonl`."""
    out = subprocess.run([binary, "check", "--format", "jsonl", "-j", "1"] + sample_files(),
                         capture_output=True, text=True, check=False)
    if out.returncode not in (0, 1, 2):
        sys.exit("rule-evidence: checking the samples failed:\n" + out.stderr)
    objects = [json.loads(line) for line in out.stdout.splitlines() if line.strip()]
    # The last line is the run's summary, not a record.
    return [o for o in objects if "summary" not in o]


def breach_lines(path, line):
    """(first line number, lines) around `line` of the sample: from the <turn> it stands in
    (when that starts at most 6 lines before) or 3 lines before, to the line after; lines
    longer than 120 characters are clipped."""
    with open(path, encoding="utf-8", errors="replace") as f:
        lines = f.read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    first = max(1, line - 3)
    for k in range(line, max(1, line - 6) - 1, -1):
        if lines[k - 1].lstrip().startswith("<turn"):
            first = k
            break
    last = min(len(lines), line + 1)
    clip = lambda l: l if len(l) <= 120 else l[:116] + " ..."
    return first, [clip(l.rstrip()) for l in lines[first - 1:last]]


def diagnostic_text(record, d):
    where = record["file"] if d["line"] is None else "{}:{}:{}".format(record["file"], d["line"],
                                                                     d["column"])
    return "{}: {}: {} [{}]".format(where, d["severity"], d["message"], d["rule"])


def skip_literal(text, i):
    """The index after the string, character literal or comment starting at `i`, or None."""
    if text.startswith("//", i):
        j = text.find("\n", i)
        return len(text) if j < 0 else j
    if text.startswith("/*", i):
        j = text.find("*/", i)
        return len(text) if j < 0 else j + 2
    if text.startswith('R"', i):
        m = re.match(r'R"([^(]*)\(', text[i:])
        return text.find(")" + m.group(1) + '"', i) + len(m.group(1)) + 2
    if text[i] in "\"'":
        j = i + 1
        while text[j] != text[i]:
            j += 2 if text[j] == "\\" else 1
        return j + 1
    return None


def case_blocks(text):
    """[(name, start line, block text)] of the table cases of a test source: a case is a
    braced initialiser starting a line with `{"NAME",`, up to its closing brace."""
    out = []
    for m in re.finditer(r'^\s*(\{)"([^"\n]+)",', text, re.M):
        i, depth = m.start(1), 0
        while i < len(text):
            if text[i] == "'" and re.match(r"[0-9A-Za-z_]", text[i - 1]):
                i += 1  # a digit separator
                continue
            after = skip_literal(text, i)
            if after is not None:
                i = after
                continue
            if text[i] == "{":
                depth += 1
            elif text[i] == "}":
                depth -= 1
                if depth == 0:
                    break
            i += 1
        out.append((m.group(2), text.count("\n", 0, m.start()) + 1, text[m.start(1):i + 1]))
    return out


def test_evidence():
    """(illegal, legal): id -> ["FILE: case"]."""
    illegal, legal = {}, {}

    def add(table, i, entry):
        if entry not in table.setdefault(i, []):
            table[i].append(entry)

    for path in sorted(glob.glob(os.path.join(ROOT, "tests/*_test.cpp"))):
        rel = os.path.relpath(path, ROOT)
        if rel == "tests/rules_test.cpp":  # tests of the catalogues themselves
            continue
        with open(path, encoding="utf-8") as f:
            text = f.read()
        in_case = set()
        for name, line, block in case_blocks(text):
            if re.fullmatch(ID + r"@[0-9]+", name):  # a list of expected findings
                continue
            named = re.match(r"((?:" + ID + r")(?:[/, ]+" + ID + r")*)\b", name)
            body = block[len(name) + 4:]  # after {"NAME",
            expects = set(re.findall(r'"(' + ID + r')@', body))
            # A format case: {"NAME", text, "RULE", …} names its rule as a whole literal.
            names = set(re.findall(ID, named.group(1))) if named else set()
            rule_literals = set(re.findall(r'"(' + ID + r')"', body)) & names
            for i in expects | rule_literals:
                add(illegal, i, "{}: {}".format(rel, name))
                in_case.add(i)
            if named and not expects and re.search(r"\{\s*\}\s*\}$", block):
                for i in names:
                    add(legal, i, "{}: {}".format(rel, name))
        # A test that plays generated games: `// Legal and illegal cases: ID, ID.` right above
        # TEST(…), whose body asserts a legal result and names each id.
        for m in re.finditer(r"^// Legal and illegal cases: ([^\n]*)\.\nTEST\(([^)]*)\)", text, re.M):
            body_end = re.search(r"^\}", text[m.end():], re.M)
            body = text[m.end():m.end() + (body_end.start() if body_end else len(text))]
            where = "{}: TEST({})".format(rel, m.group(2))
            if "Verdict::ok" not in body and "std::vector<std::string>{})" not in body:
                sys.exit("rule-evidence: {} asserts no legal result".format(where))
            for i in re.findall(ID, m.group(1)):
                if '"' + i not in body:
                    sys.exit("rule-evidence: {} does not name {}".format(where, i))
                add(illegal, i, where)
                add(legal, i, where)
                in_case.add(i)
        # An expected finding "ID@TURN" outside the tables.
        for m in re.finditer(r'"(' + ID + r')@', text):
            if m.group(1) not in in_case:
                add(illegal, m.group(1), "{}:{}".format(rel, text.count("\n", 0, m.start()) + 1))
        # An assertion on a finding: EXPECT_EQ/ASSERT_EQ(…, "ID…") in one statement.
        for m in re.finditer(r"(?:EXPECT|ASSERT)_EQ\((?:[^;]|\n)*?\);", text):
            line = text.count("\n", 0, m.start()) + 1
            for i in re.findall(r'"(' + ID + r')(?:@[^"]*)?"', m.group(0)):
                if i not in in_case:
                    add(illegal, i, "{}:{}".format(rel, line))
    return illegal, legal


def generate(binary):
    cats = catalogues()
    code = emitted()
    illegal, legal = test_evidence()
    records = check_samples(binary)
    samples, candidates = {}, {}
    for r in records:
        for d in r["diagnostics"]:
            i = d["rule"]
            if r["file"] not in samples.setdefault(i, []):
                samples[i].append(r["file"])
            if d["line"] is None or d.get("follow_on"):
                continue
            rank = (0 if d["severity"] != "note" else 1, len(r["diagnostics"]), r["file"],
                    d["line"])
            if i not in candidates or rank < candidates[i][0]:
                candidates[i] = (rank, r, d)
    legal_samples = {}
    for r in records:
        parts = r["file"].split("/")
        if len(parts) > 2 and parts[2] == "legal":
            legal_samples[parts[1]] = legal_samples.get(parts[1], 0) + 1

    files = {}
    for prefix, data_dir, ids in cats:
        extra = sorted((i for i in code if i.split("-")[0] == prefix and i not in ids),
                       key=lambda i: int(i.split("-")[1]))
        out = ["# Generated by scripts/rule-evidence.py from lib/, cli/, tests/ and samples/;",
               "# do not edit. Check: tests/scripts/rule_evidence.sh."]
        for i in ids + extra:
            out.append("")
            out.append("== " + i)
            out += ["emitted: " + f for f in code.get(i, [])]
            out += ["sample: " + f for f in sorted(samples.get(i, []))]
            out += ["illegal-test: " + t for t in illegal.get(i, [])]
            if prefix == "REC":
                out += ["legal-test: samples/{}/legal: {} records read without a format error"
                        " (tests/scripts/golden.sh)".format(g, n)
                        for g, n in sorted(legal_samples.items())]
            else:
                out += ["legal-test: " + t for t in legal.get(i, [])]
            if i in candidates:
                _, r, d = candidates[i]
                first, lines = breach_lines(os.path.join(ROOT, r["file"]), d["line"])
                out.append("breach: {} {}".format(r["file"], first))
                out += [("| " + l) if l else "|" for l in lines]
                out.append("diagnostic: " + diagnostic_text(r, d))
        files[os.path.join(data_dir, "rules-evidence.txt")] = "\n".join(out) + "\n"
    return files


def main():
    args = [a for a in sys.argv[1:] if a != "--check"]
    check = "--check" in sys.argv[1:]
    binary = os.path.abspath(args[0]) if args else os.path.join(ROOT, "build/wallaudit")
    os.chdir(ROOT)
    stale = False
    for path, text in generate(binary).items():
        old = open(path, encoding="utf-8").read() if os.path.exists(path) else ""
        if old == text:
            continue
        if check:
            stale = True
            sys.stdout.writelines(difflib.unified_diff(
                old.splitlines(True), text.splitlines(True), path, path + " (now)"))
        else:
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
            print("wrote " + path)
    if stale:
        print("rule evidence is stale: run scripts/rule-evidence.py (after building) and "
              "review the diff")
        sys.exit(1)


if __name__ == "__main__":
    main()
