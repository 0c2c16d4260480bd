"""Legends of Labyrinth's counters: the numbers the table shows as tokens.

Every value is read from a seat's view of the position (core/counters.py).
The actions a lord has left are this turn's data (`this_turn.actions`, the
game's per_turn, which the view keeps; the counter is that field's declaration):
they show on the panel of the lord whose turn it is, and read 0 once that lord
has passed or stopped. The retinues a lord has gathered are counted from
their list in `gathered` (a file sets that list; a `retinues` number it
gives must agree, `GameDef.derived_player_numbers`); the third wins.
"""

from __future__ import annotations

from typing import Any, Mapping

from tablekit.core.counters import Counter


def actions_left(view: Mapping[str, Any], owner: str | None, defs: Mapping[str, Any]) -> int | None:
    """The actions the lord whose turn it is may still take (None for the other lords)."""
    if owner is None or view.get("turn") != owner:
        return None
    data = (view.get("extra") or {}).get("_this_turn")
    if not isinstance(data, dict):
        return None
    n = data.get("actions")
    if isinstance(n, bool) or not isinstance(n, int):
        return None
    return 0 if data.get("done") else max(n, 0)


def retinues_gathered(view: Mapping[str, Any], owner: str | None, defs: Mapping[str, Any]) -> int | None:
    """How many retinues the lord has gathered (public: a marker on each)."""
    got = (view.get("extra") or {}).get("gathered")
    if owner is None or not isinstance(got, dict):
        return None
    return len(got.get(owner) or [])


COUNTERS: tuple[Counter, ...] = (
    Counter("actions", "Actions", "actions the lord may still take this turn (more come from cards and retinues)",
            where="player", low=0, icon="▶", value=actions_left, field="this_turn.actions"),
    Counter("retinues", "Retinues", "retinues the lord has gathered: the third wins the game at once",
            where="player", low=0, high=3, icon="♛", value=retinues_gathered),
)
