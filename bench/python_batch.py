#!/usr/bin/env python3
"""Records/s of wallaudit.check_many next to `wallaudit check --format jsonl` on the same
inputs, both with -j N. Usage (from a build with the module):
    PYTHONPATH=BUILD/python python3 bench/python_batch.py BUILD/wallaudit ARCHIVE [JOBS]"""

import subprocess
import sys
import time

import wallaudit


def main(binary, archive, jobs=2):
    start = time.perf_counter()
    run = subprocess.run([binary, "check", f"-j{jobs}", "--format", "jsonl", archive],
                         stdout=subprocess.PIPE, check=False)
    cli_seconds = time.perf_counter() - start
    cli_records = run.stdout.count(b"\n") - 1  # the summary line
    start = time.perf_counter()
    py_records = sum(1 for _ in wallaudit.check_many([archive], jobs=jobs))
    py_seconds = time.perf_counter() - start
    assert py_records == cli_records, (py_records, cli_records)
    cli_rate, py_rate = cli_records / cli_seconds, py_records / py_seconds
    print(f"{cli_records} records, -j{jobs}")
    print(f"  wallaudit check --format jsonl  {cli_seconds:7.2f} s {cli_rate:9.0f} records/s")
    print(f"  wallaudit.check_many (Python)   {py_seconds:7.2f} s {py_rate:9.0f} records/s")
    print(f"  Python / command line: {100 * py_rate / cli_rate:.0f}%")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 2)
