"""The slowest time travel in a long game: for each game, 20 seeded random-bot games at
its default player count are played watched (as on a table, with snapshots), the
longest is kept, and `goto` is timed from its end to its start, from its start to its
end, and between 200 seeded random records of it (each jump from where the last one
left the game).

    .venv/bin/python benchmarks/goto_worst.py [--games 20] [--jumps 200]

Prints per game the longest game's records, then the median and the slowest jump in
milliseconds (wall time; the machine is shared, so the slowest jump is made once more
from where it started and the lower of the two kept)."""

from __future__ import annotations

import argparse
import random
import statistics
import time

import tablekit


def timed_goto(g: tablekit.Game, i: int) -> float:
    t = time.perf_counter()
    g.goto(i)
    return (time.perf_counter() - t) * 1000


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--jumps", type=int, default=200)
    ap.add_argument("--only", default="", help="comma-separated game ids (default: every game)")
    args = ap.parse_args(argv)
    for game_id in (args.only.split(",") if args.only else sorted(tablekit.games())):
        longest = None
        for seed in range(args.games):
            g = tablekit.new_game(game_id, seed=seed)
            g.run(bots="random")
            if longest is None or len(g.history) > len(longest.history):
                longest = g
        g = longest
        n = len(g.history)
        rnd = random.Random(f"goto:{game_id}")
        times = {"end to start": timed_goto(g, 0), "start to end": timed_goto(g, n)}
        jumps = []
        for _ in range(args.jumps):
            i = rnd.randrange(n + 1)
            jumps.append((timed_goto(g, i), i))
        # the slowest jump once more, from where it started: the lower of the two is kept
        k = max(range(len(jumps)), key=lambda j: jumps[j][0])
        g.goto(jumps[k - 1][1] if k else n)
        jumps[k] = (min(jumps[k][0], timed_goto(g, jumps[k][1])), jumps[k][1])
        ms = [t for t, _ in jumps]
        slowest = max(ms + list(times.values()))
        print(f"{game_id:<11} longest of {args.games}: {n} records; end to start {times['end to start']:.2f} ms, "
              f"start to end {times['start to end']:.2f} ms; {args.jumps} jumps: median "
              f"{statistics.median(ms):.2f} ms, slowest of all {slowest:.2f} ms", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
