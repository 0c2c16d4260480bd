"""How often the table's suggestion on a Foe Hunters turn is a card play or a purchase
when the hero holds a playable card (issue 44: at least 90% of 200 sampled decisions).

    .venv/bin/python benchmarks/suggestions.py --decisions 200 --seed 44

Turn decisions are sampled from seeded games of random bots (2 to 4 players, every foe),
one decision in three of those with a legal card play, until `--decisions` are taken;
it prints the count, the share with its 95% Wilson interval, and what was suggested."""

from __future__ import annotations

import argparse
import math
import random
from collections import Counter

import tablekit
from tablekit.core.bots import record_answer


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 0.0
    p = k / n
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return mid - half, mid + half


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--decisions", type=int, default=200)
    ap.add_argument("--seed", type=int, default=44)
    args = ap.parse_args()
    rnd = random.Random(args.seed)
    kinds: Counter[str] = Counter()
    taken = seed = 0
    while taken < args.decisions:
        seed += 1
        g = tablekit.new_game("foehunters", players=2 + seed % 3, seed=seed)
        while not g.is_over and taken < args.decisions and len(g.history) < 3000:
            d = g.pending
            if d is None:
                g.step()
                continue
            if d.kind == "action" and any(o.legal and o.id.startswith("play:") for o in d.options) \
                    and rnd.random() < 1 / 3:
                kinds[(d.default or "none").split(":")[0]] += 1
                taken += 1
            g.choose(*record_answer("random", g.gamedef, g.ctx, d, g.state.seed, len(g.history)))
    good = kinds["play"] + kinds["buy"]
    low, high = wilson(good, taken)
    print(f"{taken} turn decisions with a playable card, from {seed} seeded games (seed {args.seed})")
    print(f"suggested a play or a purchase: {good} ({good / taken:.1%}, 95% interval {low:.1%} to {high:.1%})")
    print("suggested:", dict(kinds))


if __name__ == "__main__":
    main()
