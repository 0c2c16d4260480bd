"""Instructions per game, counted by Valgrind's callgrind: a measure of engine work
that the load of a shared machine does not move, to compare two source trees side by
side where wall or CPU time is too noisy to show a change of a few percent.

    .venv/bin/python benchmarks/instructions.py --games mirkwood --bots heuristic --n 10
    .venv/bin/python benchmarks/instructions.py --games labyrinth --n 20 --tree /tmp/old --tree .

For each tree (a folder holding the `tablekit` package; default: this checkout) and
each game it runs, under `valgrind --tool=callgrind`, one process that plays `--n`
seeded games (seeds 0..n-1, the game's default player count, `Game.watched` off, as
`tablekit.simulate` plays them) and one that plays none, and prints the difference
divided by `--n`: the instructions of one game, imports and startup left out. The
count is the same from run to run (within 0.2%); it is not time (a cache miss costs
more than an add), so report it beside a timed benchmark, never instead of one.
Needs `valgrind` (Debian: `apt-get install valgrind`); runs about 50 times slower
than the games themselves."""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
COLLECTED = re.compile(r"Collected : (\d+)")

PLAY = """
import sys
sys.path.insert(0, sys.argv[1])
import tablekit
from tablekit.core.registry import get_game
from tablekit.core.simulation import play_game, settled_heap
game, n, kind = sys.argv[2], int(sys.argv[3]), sys.argv[4]
gd = get_game(game)
players = gd.default_players
options = tablekit.game_info(game).safety_options()
with settled_heap():
    for seed in range(n):
        play_game(gd, players, seed, None, options, {f"P{k}": kind for k in range(1, players + 1)})
"""


def instructions(tree: Path, game: str, n: int, kind: str) -> int:
    """The instructions callgrind counts for a process that plays `n` games."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                          sys.executable, "-c", PLAY, str(tree), game, str(n), kind],
                         capture_output=True, text=True, env=env, check=True)
    found = COLLECTED.search(out.stderr)
    if not found:
        raise SystemExit(f"callgrind printed no count:\n{out.stderr[-2000:]}")
    return int(found.group(1))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", default="creatures,foehunters,labyrinth,lfg,mirkwood")
    ap.add_argument("--bots", default="random", help="random or heuristic")
    ap.add_argument("--n", type=int, default=10, help="games per count")
    ap.add_argument("--tree", action="append", help="a folder holding tablekit (repeat to compare)")
    args = ap.parse_args(argv)
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (Debian: apt-get install valgrind)")
    if args.n < 1:
        raise SystemExit("--n must be at least 1")
    trees = [Path(t).resolve() for t in (args.tree or [str(HERE.parent)])]
    for tree in trees:
        if not (tree / "tablekit" / "__init__.py").is_file():
            raise SystemExit(f"{tree} holds no tablekit package")
    print(f"{'game':<11} {'bots':<9} " + " ".join(f"{str(t)[-28:]:>30}" for t in trees))
    for game in args.games.split(","):
        per = []
        for tree in trees:
            base = instructions(tree, game, 0, args.bots)
            per.append((instructions(tree, game, args.n, args.bots) - base) / args.n)
        cells = [f"{p / 1e6:27.1f} M" for p in per]
        if len(per) > 1:
            cells.append(f"  last/first {per[-1] / per[0]:.3f}")
        print(f"{game:<11} {args.bots:<9} " + " ".join(cells), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
