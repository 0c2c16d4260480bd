"""Decisions sampled from seeded heuristic-bot games, for the benchmarks that weigh the
coach's estimates at them (suggested_vs_random.py, coach_stability.py)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import tablekit
from tablekit.core import bots

TAKE = 0.25  # the share of the wanted decisions taken, so a game's sample is spread over it


def sample_decisions(game_id: str, decisions: int, per_game: int, seed0: int, max_games: int, key: str,
                     wanted: Callable[[Any], bool],
                     judge: Callable[[Any, Any, int, random.Random], dict | None]) -> tuple[list[dict], int]:
    """Play heuristic-bot games of `game_id` from seed `seed0` on (at most `max_games`),
    and at each decision `wanted` accepts take a quarter at random (the RNG keyed by
    `key`, the game and the seed), at most `per_game` from one game, until `decisions`
    are judged. `judge(game, decision, seed, pick)` gives the decision's row (None:
    not counted). Returns the rows and the number of games played."""
    rows: list[dict] = []
    seed = seed0
    while len(rows) < decisions and seed < seed0 + max_games:
        g = tablekit.new_game(game_id, seed=seed)
        pick = random.Random(f"{key}:{game_id}:{seed}")
        n = 0
        while not g.is_over and len(rows) < decisions:
            g.run(until="decision")
            if g.is_over:
                break
            d = g.pending
            if wanted(d) and n < per_game and pick.random() < TAKE:
                row = judge(g, d, seed, pick)
                if row is not None:
                    rows.append(row)
                    n += 1
            g.choose(*bots.record_answer("heuristic", g.gamedef, g.ctx, d, seed, len(g.history)))
        seed += 1
    return rows, seed - seed0
