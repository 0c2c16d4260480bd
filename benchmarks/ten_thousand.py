"""How long 10,000 games of each game take on 2 workers: `tablekit.simulate(game,
games=N, bots=KIND, workers=2)` at the game's default player count, timed over the
whole call (the pool's start included), for random and heuristic bots.

    .venv/bin/python benchmarks/ten_thousand.py                         # every game, both bots
    .venv/bin/python benchmarks/ten_thousand.py --games labyrinth --bots heuristic --n 2000

Prints one line per game and bot: the wall time, the games per second and how many
games ended unfinished (at the game's safety cap); `--json FILE` writes the figures."""

from __future__ import annotations

import argparse
import json
import time

import tablekit


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", default="", help="comma-separated game ids (default: every game)")
    ap.add_argument("--bots", default="random,heuristic", help="comma-separated bot kinds")
    ap.add_argument("--n", type=int, default=10_000, help="games of each game and bot")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", metavar="FILE")
    args = ap.parse_args(argv)
    games = args.games.split(",") if args.games else sorted(tablekit.games())
    out = []
    for kind in args.bots.split(","):
        for game_id in games:
            began = time.perf_counter()
            df = tablekit.simulate(game_id, games=args.n, bots=kind, workers=args.workers, seed=args.seed)
            wall = time.perf_counter() - began
            unfinished = int((df["ending"] == "unfinished").sum()) if "ending" in df else 0
            row = {"game": game_id, "bots": kind, "games": len(df), "seconds": round(wall, 1),
                   "games_per_s": round(len(df) / wall, 1), "unfinished": unfinished}
            out.append(row)
            print(f"{game_id:<11} {kind:<9} {len(df)} games in {wall:6.1f} s ({len(df) / wall:7.1f} games/s), "
                  f"{unfinished} unfinished", flush=True)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(out, f, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
