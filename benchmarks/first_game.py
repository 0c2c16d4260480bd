"""How long a fresh process takes to its first game: `import tablekit` and the first
`new_game`, per game, the median of N processes (default 10), with the spread.

    python benchmarks/first_game.py [--runs 10] [--games creatures,mirkwood] [--profile GAME]

Each run is a new Python process that times, with `time.perf_counter`, from before
`import tablekit` to after `tablekit.new_game(game)` returns (the interpreter's own start
is not counted: it is the same for every program). The package's modules are compiled
first (`compileall`, into the `__pycache__` folders git ignores), as any installed or
once-run package is: where PYTHONDONTWRITEBYTECODE is set, Python would otherwise
compile every module again in every process. The games take turns run by run, so
a burst of load on this shared machine falls on all of them. `--profile GAME` prints the
25 costliest functions (cumulative) of one such first game instead."""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys

CHILD = """
import time
t0 = time.perf_counter()
import tablekit
tablekit.new_game({game!r})
print(time.perf_counter() - t0)
"""

PROFILE = """
import cProfile, pstats
pr = cProfile.Profile()
pr.enable()
import tablekit
tablekit.new_game({game!r})
pr.disable()
pstats.Stats(pr).sort_stats("cumulative").print_stats(25)
"""


def first_game_seconds(game: str) -> float:
    """One fresh process's time from `import tablekit` to its first `new_game(game)`."""
    out = subprocess.run([sys.executable, "-c", CHILD.format(game=game)], capture_output=True, text=True,
                         check=True)
    return float(out.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--games", default="", help="comma-separated game ids (default: every installed game)")
    ap.add_argument("--profile", metavar="GAME", help="profile one first game instead")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = ap.parse_args(argv)
    if args.profile:
        subprocess.run([sys.executable, "-c", PROFILE.format(game=args.profile)], check=True)
        return 0
    if args.games:
        games = args.games.split(",")
    else:
        from tablekit.core.registry import registry
        games = list(registry())
    import compileall
    from pathlib import Path

    import tablekit

    compileall.compile_dir(str(Path(tablekit.__file__).parent), quiet=1)
    times: dict[str, list[float]] = {g: [] for g in games}
    for _ in range(args.runs):
        for g in games:
            times[g].append(first_game_seconds(g))
    rows = {g: {"median": statistics.median(t), "min": min(t), "max": max(t)} for g, t in times.items()}
    if args.json:
        print(json.dumps(rows, indent=2))
    else:
        print(f"first new_game in a fresh process, import tablekit included ({args.runs} processes each)")
        for g, r in rows.items():
            print(f"  {g:<12} median {r['median']:.3f} s  (min {r['min']:.3f}, max {r['max']:.3f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
