"""Foe Hunters: how often the party of bots wins, per player count.

    .venv/bin/python benchmarks/foehunters_wins.py                        # 200 heuristic games at 2, 3, 4 seats
    .venv/bin/python benchmarks/foehunters_wins.py --games 400 --players 2 --workers 1
    .venv/bin/python benchmarks/foehunters_wins.py --bots random          # the random bots, for comparison
    .venv/bin/python benchmarks/foehunters_wins.py --foe dragonspawn      # a foe chosen in advance
    .venv/bin/python benchmarks/foehunters_wins.py --json

For each player count it plays N games with the same kind of bot at every seat, on
the fixed seeds 1..N, through `tablekit.simulate` (the default options unless
--foe is given: the bots choose the foe and their heroes, the game's safety cap of
rounds, 2 worker processes). It prints the party's wins (ending `foe_defeated`),
the win rate with its 95% Wilson interval, the count of each ending
(`foe_defeated`, `party_defeated`, `unfinished`), the median number of rounds, and
the wall time and games per second of that player count (the pool's start
included). The heuristic bots choose the Cult and a party in a fixed order, so
with the default options every heuristic game faces the Cult; the random bots
choose any foe and any heroes.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from mirkwood_wins import print_table  # the same table (this folder is on the path of a script run here)

import tablekit
from tablekit.balance import wilson

WORKERS = 2
WON = ("foe_defeated",)
FOES = ("cult", "keraxis", "dragonspawn")


def measure(players: int, games: int, workers: int = WORKERS, bots: str = "heuristic",
            foe: str = "") -> dict[str, Any]:
    """Play `games` games of `bots` at `players` seats on seeds 1..games; their wins and time."""
    options = {"foe": foe} if foe else None
    t = time.perf_counter()
    df = tablekit.simulate("foehunters", games=games, players=players, bots=bots, seed=1, workers=workers,
                           options=options)
    seconds = time.perf_counter() - t
    endings = df["ending"].value_counts()
    wins = int(sum(endings.get(e, 0) for e in WON))
    low, high = wilson(wins, games)
    return {"players": players, "bots": bots, "foe": foe or "chosen by the bots", "games": games, "wins": wins,
            "rate": wins / games, "low": low, "high": high,
            "endings": {str(e): int(k) for e, k in endings.items()},
            "median_rounds": float(df["rounds"].median()), "seconds": round(seconds, 1),
            "games_per_s": round(games / seconds, 1)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="games per player count, seeds 1..N (default 200)")
    ap.add_argument("--players", default="2,3,4", help="player counts (seats), e.g. 2,3,4 (default 2,3,4)")
    ap.add_argument("--workers", type=int, default=WORKERS, help="worker processes (default 2)")
    ap.add_argument("--bots", default="heuristic", choices=("heuristic", "random"),
                    help="the bot at every seat (default heuristic)")
    ap.add_argument("--foe", default="", choices=("", *FOES), help="the foe, chosen in advance (default: the "
                    "bots choose)")
    ap.add_argument("--json", action="store_true", help="one JSON line instead of the table")
    args = ap.parse_args(argv)
    counts = [int(c) for c in args.players.split(",") if c]
    if any(c not in (2, 3, 4) for c in counts):
        ap.error("Foe Hunters seats 2 to 4 players (solo is two seats)")
    rows = [measure(c, args.games, args.workers, args.bots, args.foe) for c in counts]
    if args.json:
        print(json.dumps({"rows": rows}))
        return 0
    foe = args.foe or "chosen by the bots"
    print(f"Foe Hunters, {args.bots} bots, foe {foe}, seeds 1-{args.games}, {args.workers} worker(s)")
    print_table(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
