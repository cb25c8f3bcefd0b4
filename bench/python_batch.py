#!/usr/bin/env python3
"""Records/s of wallaudit.check_many next to `wallaudit check --format jsonl` on the same
inputs, both with -j N, alternating, each REPEATS times: the best wall time of each, and the
CPU time (user + system) per run, which a busy machine disturbs less.
Usage (from a build with the module):
    PYTHONPATH=BUILD/python python3 bench/python_batch.py BUILD/wallaudit ARCHIVE [JOBS [REPEATS]]"""

import resource
import subprocess
import sys
import time

import wallaudit


def cpu(who):
    r = resource.getrusage(who)
    return r.ru_utime + r.ru_stime


def run_cli(binary, archive, jobs):
    before = cpu(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    run = subprocess.run([binary, "check", f"-j{jobs}", "--format", "jsonl", archive],
                         stdout=subprocess.PIPE, check=False)
    wall = time.perf_counter() - start
    return run.stdout.count(b"\n") - 1, wall, cpu(resource.RUSAGE_CHILDREN) - before


def run_python(archive, jobs):
    before = cpu(resource.RUSAGE_SELF)
    start = time.perf_counter()
    n = sum(1 for _ in wallaudit.check_many([archive], jobs=jobs))
    wall = time.perf_counter() - start
    return n, wall, cpu(resource.RUSAGE_SELF) - before


def main(binary, archive, jobs=2, repeats=5):
    cli, py = [], []
    for _ in range(repeats):
        cli.append(run_cli(binary, archive, jobs))
        py.append(run_python(archive, jobs))
    records = cli[0][0]
    assert all(r[0] == records for r in cli + py), (cli, py)
    print(f"{records} records, -j{jobs}, best of {repeats} alternating runs")
    for label, runs in (("wallaudit check --format jsonl", cli), ("wallaudit.check_many", py)):
        wall = min(r[1] for r in runs)
        cpu_s = min(r[2] for r in runs)
        print(f"  {label:31} {wall:6.2f} s {records / wall:8.0f} records/s;"
              f" CPU {cpu_s:6.2f} s {records / cpu_s:8.0f} records per CPU-second")
    cli_wall, py_wall = min(r[1] for r in cli), min(r[1] for r in py)
    cli_cpu, py_cpu = min(r[2] for r in cli), min(r[2] for r in py)
    print(f"  Python / command line: {100 * cli_wall / py_wall:.0f}% of the records/s,"
          f" {100 * cli_cpu / py_cpu:.0f}% of the records per CPU-second")


if __name__ == "__main__":
    a = sys.argv
    main(a[1], a[2], int(a[3]) if len(a) > 3 else 2, int(a[4]) if len(a) > 4 else 5)
