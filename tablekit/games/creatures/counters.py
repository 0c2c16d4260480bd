"""Creatures and Cards' counters: the numbers the table shows as tokens.

Every value is read from a seat's view of the position (core/counters.py).
At the end each player's treasure and the health left on the followers in
front of them are added up (table.score, ruling CC-COVER); the table shows
the treasure, that total, and the health left on each monster and follower
in front of a player: its value less its damage. A card lying on another (an
attack card on a monster, a monster covering a follower) counts for nothing
and shows no token. The monsters killed this turn are this turn's data
(`this_turn.kills`): the counter is that field's declaration, shown on the
panel of the player whose turn it is.
"""

from __future__ import annotations

from typing import Any, Mapping

from tablekit.core.counters import Counter, shown_cards

from . import table as T

HEALTH_ON = {"monster": "monsters", "follower": "followers"}  # card kind -> the zone kind it counts in


def _loose(view: Mapping[str, Any], zone: str, kind: str, defs: Mapping[str, Any]) -> list | None:
    """(card state, definition) of the cards of `kind` the view shows loose in a zone."""
    shown = shown_cards(view, zone, defs)
    if shown is None:
        return None
    return [(cs, d) for _u, cs, d in shown if d.kind == kind and not cs.get("attached_to")]


def treasure(view: Mapping[str, Any], owner: str | None, defs: Mapping[str, Any]) -> int | None:
    got = None if owner is None else _loose(view, T.treasure(owner), "treasure", defs)
    return None if got is None else sum(int(d["value"]) for _cs, d in got)


def score(view: Mapping[str, Any], owner: str | None, defs: Mapping[str, Any]) -> int | None:
    t = treasure(view, owner, defs)
    got = None if owner is None else _loose(view, T.followers(owner), "follower", defs)
    if t is None or got is None:
        return None
    return t + sum(int(d["value"]) - int(cs.get("damage") or 0) for cs, d in got)


def health(view: Mapping[str, Any], uid: str | None, defs: Mapping[str, Any]) -> int | None:
    cs = (view.get("cards") or {}).get(uid) or {}
    if cs.get("hidden") or cs.get("card") is None or cs.get("attached_to"):
        return None
    d = defs.get(cs["card"])
    want = HEALTH_ON.get(getattr(d, "kind", None))
    if want is None:
        return None
    for z, row in (view.get("zones") or {}).items():
        if uid in row:
            if ((view.get("zone_info") or {}).get(z) or {}).get("kind") != want:
                return None
            return int(d["value"]) - int(cs.get("damage") or 0)
    return None


COUNTERS: tuple[Counter, ...] = (
    Counter("treasure", "Treasure", "the value of the treasure (diamonds) the player has won",
            where="player", low=0, icon="♦", value=treasure),
    Counter("score", "Score", "treasure plus the health left on the followers: the most at the end wins",
            where="player", low=0, icon="★", value=score),
    Counter("health", "Health", "health left on a monster or a follower: its value less its damage",
            where="card", low=0, high=13, icon="♥", kinds=tuple(HEALTH_ON), value=health),
    Counter("kills", "Kills", "monsters the player has killed this turn (each one may bring a treasure card)",
            where="player", low=0, icon="⚔", field="this_turn.kills"),
)
