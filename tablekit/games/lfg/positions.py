"""Ready-made positions of LFG for the teaching notebook, the tests and anyone
settling a ruling by hand."""

from __future__ import annotations

from typing import Any, Mapping

from tablekit.core.engine import Game, make_game

from .game import GAME

PATHS = {
    "Whenever you like": ["Rounds", "Round", "Whenever you like"],
    "Draft": ["Rounds", "Round", "Draft"],
    "Reveal": ["Rounds", "Round", "Reveal"],
    "End of round": ["Rounds", "Round", "End of round"],
    "Before scoring": ["Before scoring"],
    "Final parties": ["Final parties"],
    "Pile draft": ["Pile draft"],
}


def fresh_extra() -> dict:
    """The game's extra state at the start of a round."""
    return {"round_picks": [], "skip": {}, "drafter": None, "pile": 0}


def position(players: list[str], parties: Mapping[str, list[str]] | None = None,
             picks: Mapping[str, str | list[str]] | None = None,
             hands: Mapping[str, list[str]] | None = None, graveyard: list[str] | None = None,
             hurt: list[str] = (), at: str = "Reveal", turn: str | None = None, seed: int = 1,
             variant: str | None = None, options: Mapping[str, Any] | None = None,
             extra: Mapping[str, Any] | None = None, zones: Mapping[str, list[str]] | None = None,
             protected: list[str] = ()) -> Game:
    """A game at a chosen rule of a round. `parties` and `hands` map players
    to card uids ("Knight#1"); `picks` are this round's picks, laid face down
    at the end of the party (so `at="Reveal"` turns them up); `hurt` lists
    hurt heroes; `protected` lists heroes protected until the end of this
    round (a lasting restriction, ruling LFG-PROTECT); every other card goes
    out of play (the box). `at` is one of PATHS or a path like
    "Rounds/Round/Draft"."""
    g = make_game(GAME, list(players), seed, variant, options)
    placed: dict[str, list[str]] = {}
    cards: dict[str, dict] = {u: {"hurt": True} for u in hurt}
    for p in players:
        placed[f"{p}/party"] = list((parties or {}).get(p, []))
        placed[f"{p}/hand"] = list((hands or {}).get(p, []))
        mine = (picks or {}).get(p, [])
        for u in [mine] if isinstance(mine, str) else mine:
            placed[f"{p}/party"].append(u)
            cards.setdefault(u, {})["face_down"] = True
    placed["graveyard"] = list(graveyard or [])
    placed.update(zones or {})
    x = fresh_extra()
    x.update(extra or {})
    path = PATHS.get(at) or at.split("/")
    lasting = [{"kind": "restriction", "until": "round", "targets": [u], "what": "harm",
                "text": f"{g.ctx.defn(u).name} is protected until the end of the round"} for u in protected]
    g.arrange(zones=placed, cards=cards, rest="box", extra=x, at=path, turn=turn or players[0],
              lasting=lasting)
    return g
