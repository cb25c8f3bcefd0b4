#!/usr/bin/env python3
"""Win rates by seat over an archive, with pandas: checks every record of the paths given
(files, directories, archives) with wallaudit, keeps the finished games whose verdict is ok,
and prints, per game and number of players, how often each seat won.

    python3 examples/archive_stats.py [--jobs N] PATH...

(With the module built but not installed: PYTHONPATH=build/python.)"""

import argparse
import sys

import pandas as pd

import wallaudit


def rows(results):
    """One row per seat of every checked record."""
    for r in results:
        scores = r.get("scores") or {}
        for seat, (colour, points) in enumerate(scores.items(), start=1):
            yield {
                "file": r["file"],
                "game": r["game"],
                "verdict": r["verdict"],
                "finished": bool(r.get("finished")),
                "players": len(scores),
                "seat": seat,
                "colour": colour,
                "points": points,
                "won": colour in (r.get("winners") or []),
            }


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="+")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    verdicts = {}

    def counted(results):
        for r in results:
            verdicts[r["verdict"]] = verdicts.get(r["verdict"], 0) + 1
            yield r

    table = pd.DataFrame(rows(counted(wallaudit.check_many(args.paths, jobs=args.jobs))))
    total = sum(verdicts.values())
    print(f"{total} records: " + ", ".join(f"{n} {v}" for v, n in sorted(verdicts.items())))
    if table.empty:
        print("no record with scores")
        return 0
    games = table[(table.verdict == "ok") & table.finished]
    print(f"{games.file.nunique()} finished games with verdict ok")
    if games.empty:
        return 0
    rates = (games.groupby(["game", "players", "seat"])
             .agg(games=("won", "size"), wins=("won", "sum"), mean_points=("points", "mean")))
    rates["win_rate"] = rates.wins / rates.games
    with pd.option_context("display.width", 120, "display.float_format", "{:.2f}".format):
        print(rates.reset_index().to_string(index=False))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
