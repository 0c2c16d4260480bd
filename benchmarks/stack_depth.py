"""The deepest resolution stack reached in seeded random games.

    python benchmarks/stack_depth.py [--games 1000]

For every registered game, plays `--games` seeded games with random bots on
every seat (player counts in turn) and prints, as one JSON line a game, the
deepest stack seen (frames above the flow: effects in progress, events that
ask, response windows), how often each depth was the deepest of a game, and
the seed that reached it first.
"""

from __future__ import annotations

import argparse
import json
import random

import tablekit
from tablekit.core.bots import random_answer


def deepest(game_id: str, players: int, seed: int) -> int:
    g = tablekit.new_game(game_id, players=players, seed=seed)
    rnd = random.Random(seed)
    top = 0
    while not g.is_over:
        top = max(top, g.stack_depth)
        d = g.pending
        if d is not None:
            g.choose(*random_answer(d, rnd))
        else:
            g.step()
    return top


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=1000)
    args = ap.parse_args()
    for gid in tablekit.games():
        info = tablekit.game_info(gid)
        counts = list(range(info.min_players, info.max_players + 1))
        spread: dict[int, int] = {}
        first: dict[int, int] = {}
        for seed in range(args.games):
            d = deepest(gid, counts[seed % len(counts)], seed)
            spread[d] = spread.get(d, 0) + 1
            first.setdefault(d, seed)
        top = max(spread)
        print(json.dumps({"game": gid, "games": args.games, "deepest": top, "seed": first[top],
                          "games_by_deepest": dict(sorted(spread.items()))}))


if __name__ == "__main__":
    main()
