"""The board's fit positions (tests/data/board/positions.json): for every game at
every player count it allows, its first decision, its largest decision (the one
with the most options over SEEDS seeded games of random bots) and its end, each
kept as (game, players, seed, record) and replayed by `replay`; and Labyrinth at
4 players also has a decision with an Archpriestess swap.

A fixture's game is played by the engine's seeded random bots (`record_answer`, as
`Game.run(bots="random")` and the board's Step play them), so a record number
names one position. Run `python tests/board_positions.py` to find them again
(a few minutes); `tests/test_board_fixtures.py` checks that each still replays to
a position of its kind."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
FILE = HERE / "data" / "board" / "positions.json"
SEEDS = 50


def play(game_id: str, players: int, seed: int, upto: int | None = None, watch=None):
    """A game of random bots, played until record `upto` (or the end); `watch(game)`
    is called at every open decision."""
    import tablekit
    from tablekit.core.bots import record_answer

    g = tablekit.new_game(game_id, players=players, seed=seed)
    while not g.is_over and (upto is None or len(g.history) < upto):
        d = g.pending
        if d is None:
            g.step()
            continue
        if watch is not None:
            watch(g)
        g.choose(*record_answer("random", g.gamedef, g.ctx, d, g.state.seed, len(g.history)))
    return g


def replay(fixture: dict[str, Any]):
    """The game of a fixture, at its record."""
    return play(fixture["game"], fixture["players"], fixture["seed"], upto=fixture["record"])


def is_swap(g) -> bool:
    d = g.pending
    return d is not None and any(o.id.startswith("swap") for o in d.options) and len(d.options) > 100


def find(game_id: str, players: int, seeds: int = SEEDS) -> list[dict[str, Any]]:
    base = {"game": game_id, "players": players}
    out: list[dict[str, Any]] = []
    largest = {"options": -1}
    swap: dict[str, Any] = {}
    for seed in range(seeds):
        def watch(g, seed=seed):
            d = g.pending
            if not out:
                out.append({**base, "seed": seed, "record": len(g.history), "position": "start",
                            "options": len(d.options)})
            if len(d.options) > largest["options"]:
                largest.update({**base, "seed": seed, "record": len(g.history), "position": "largest",
                                "options": len(d.options)})
            if game_id == "labyrinth" and players == 4 and not swap and is_swap(g):
                swap.update({**base, "seed": seed, "record": len(g.history), "position": "swap",
                             "options": len(d.options)})

        g = play(game_id, players, seed, watch=watch)
        if seed == 0:
            over = {**base, "seed": 0, "record": len(g.history), "position": "over", "options": 0}
    out += [largest, over] + ([swap] if swap else [])
    return out


def main() -> None:
    from tablekit.core.registry import get_game, registry

    found = []
    for game_id in registry():
        gd = get_game(game_id)
        for n in range(gd.min_players, gd.max_players + 1):
            found += find(game_id, n)
            print(game_id, n, [(f["position"], f["seed"], f["record"], f["options"]) for f in found[-3:]],
                  file=sys.stderr, flush=True)
    FILE.parent.mkdir(parents=True, exist_ok=True)
    FILE.write_text(json.dumps(found, indent=1) + "\n")


if __name__ == "__main__":
    main()
