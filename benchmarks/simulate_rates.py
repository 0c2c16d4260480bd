"""Games per second through `tablekit.simulate`, for every game, with 1 and 2
workers, and the peak memory of a long run.

    .venv/bin/python benchmarks/simulate_rates.py                     # every game, 1 and 2 workers
    .venv/bin/python benchmarks/simulate_rates.py --games 400 --json
    .venv/bin/python benchmarks/simulate_rates.py --memory 100000     # a 100,000-game Creatures run

Each game plays its default player count with random bots (the fast path,
as `simulate` always plays). The rate is games over wall time of the whole
`simulate` call (the pool's start included). `--memory N` plays N Creatures
games at 3 players on 2 workers and reports the peak resident size of this
process and of the largest worker (`getrusage`'s ru_maxrss), and the rows'
DataFrame size.
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import time

import tablekit


def rate(game: str, games: int, workers: int) -> float:
    t = time.perf_counter()
    df = tablekit.simulate(game, games=games, bots="random", seed=0, workers=workers)
    elapsed = time.perf_counter() - t
    assert len(df) == games
    return games / elapsed


def rates(games: int) -> list[dict]:
    out = []
    for game in tablekit.games():
        tablekit.simulate(game, games=5, bots="random", seed=10_000, workers=1)  # warm up
        one, two = rate(game, games, 1), rate(game, games, 2)
        out.append({"game": game, "games": games, "workers_1": round(one, 1), "workers_2": round(two, 1),
                    "speedup": round(two / one, 2)})
    return out


def memory(games: int) -> dict:
    t = time.perf_counter()
    df = tablekit.simulate("creatures", games=games, players=3, bots="random", seed=0, workers=2)
    elapsed = time.perf_counter() - t
    kib = 1024  # ru_maxrss is in KiB on Linux
    return {"games": len(df), "seconds": round(elapsed, 1), "games_per_s": round(len(df) / elapsed, 1),
            "parent_peak_mib": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / kib, 1),
            "worker_peak_mib": round(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / kib, 1),
            "dataframe_bytes": int(df.memory_usage(deep=True).sum())}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300, help="games per game and worker count (default 300)")
    ap.add_argument("--memory", type=int, metavar="N", help="instead: the peak memory of an N-game Creatures run")
    ap.add_argument("--json", action="store_true", help="print JSON")
    args = ap.parse_args(argv)
    if args.memory is not None:
        out = memory(args.memory)
        print(json.dumps(out) if args.json else
              f"{out['games']} Creatures games on 2 workers in {out['seconds']} s ({out['games_per_s']} games/s); "
              f"peak resident size: this process {out['parent_peak_mib']} MiB, the largest worker "
              f"{out['worker_peak_mib']} MiB; the rows' DataFrame {out['dataframe_bytes'] / 2**20:.1f} MiB")
        return 0
    table = rates(args.games)
    if args.json:
        print(json.dumps(table))
        return 0
    print(f"{'game':<12} {'1 worker':>10} {'2 workers':>10} {'speedup':>8}   (games/s, {args.games} games each)")
    for r in table:
        print(f"{r['game']:<12} {r['workers_1']:>10} {r['workers_2']:>10} {r['speedup']:>8}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
