"""Ready-made positions of Creatures and Cards, for the teaching notebook,
the tests and anyone settling a ruling by hand."""

from __future__ import annotations

from typing import Any, Mapping

from tablekit.core.engine import Game, make_game

from .game import GAME
from .table import fresh_turn

HEROES = {"Fighter": "KS", "Wizard": "KC", "Priest": "KH", "Thief": "KD"}


def position(players: Mapping[str, str], zones: Mapping[str, list[str]] | None = None,
             at: str = "Start of turn", turn: str | None = None, seed: int = 1,
             cards: Mapping[str, Mapping[str, Any]] | None = None,
             turn_data: Mapping[str, Any] | None = None, pile: int = 1,
             final: list[str] | None = None) -> Game:
    """A game at a chosen step of a turn. `players` maps each name to its hero
    ("Fighter", ...); `zones` places cards ("Ana/hand": ["7S", "9C"]); every
    other card goes to the draw pile; `at` names a step of the turn
    ("Attack", "Counterattack", ...), or a path like "Monsters/Place a monster"."""
    names = list(players)
    g = make_game(GAME, names, seed)
    placement = {f"{p}/hero": [HEROES[h]] for p, h in players.items()}
    placement.update(zones or {})
    unused_kings = [k for k in HEROES.values() if all(k not in v for v in placement.values())]
    placement.setdefault("aside", unused_kings)
    path = ["Rounds", "Turns", "Turn"] + at.split("/")
    data = fresh_turn()  # from table
    data.update(turn_data or {})
    g.arrange(zones=placement, cards=cards, rest="deck",
              extra={"first": names[0], "pile": pile, "final": final, "_this_turn": data},
              at=path, turn=turn or names[0])
    return g
