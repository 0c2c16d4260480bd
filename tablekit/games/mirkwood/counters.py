"""Passage Through Mirkwood's counters: the numbers the table shows as tokens.

Every value is read from a seat's view of the position (core/counters.py). A
card counter shows only on a card the view shows, of the right kind, lying
where the number means something: resources on a hero in play, damage on a
character in play or an enemy in the staging area or engaged, progress on a
location in the staging area or active and on the current quest stage (the
card in the quest zone). A card anywhere else (a hand, a discard pile, the
victory display) shows none.
"""

from __future__ import annotations

from typing import Any, Mapping

from tablekit.core.counters import Counter, zone_kind_of

from . import table as T

# where each kind of card has the number: card kind -> the zone kinds (zone_info "kind")
RESOURCES_ON = {"hero": ("heroes",)}
DAMAGE_ON = {"hero": ("heroes",), "ally": ("allies",), "enemy": (T.STAGING, "engaged")}
PROGRESS_ON = {"location": (T.STAGING, T.ACTIVE), "quest": (T.QUEST,)}


def _card_key(key: str, places: Mapping[str, tuple[str, ...]]):
    """A value function: the card state's `key` (0 when unset) on a card the view
    shows, of a kind in `places`, lying in one of that kind's zones."""
    def value(view: Mapping[str, Any], uid: str | None, defs: Mapping[str, Any]) -> int | None:
        cs = (view.get("cards") or {}).get(uid) or {}
        if cs.get("hidden") or cs.get("card") is None:
            return None
        d = defs.get(cs["card"])
        zones = places.get(getattr(d, "kind", None))
        if not zones or zone_kind_of(view, uid) not in zones:
            return None
        n = cs.get(key, 0)
        return n if isinstance(n, int) and not isinstance(n, bool) else 0
    return value


COUNTERS: tuple[Counter, ...] = (
    Counter("threat", "Threat", "the player's threat level: at 50 the player is eliminated",
            where="player", low=0, high=T.THREAT_OUT, icon="⚠"),
    Counter("resources", "Resources", "resources in the hero's pool, spent to pay for cards of its sphere",
            where="card", low=0, icon="◆", kinds=tuple(RESOURCES_ON),
            value=_card_key("resources", RESOURCES_ON), stored=True),
    Counter("damage", "Damage", "damage on a character or an enemy: at its hit points it is destroyed",
            where="card", low=0, icon="✖", kinds=tuple(DAMAGE_ON),
            value=_card_key("damage", DAMAGE_ON), stored=True),
    Counter("progress", "Progress", "progress on a location or the quest stage: at its quest points it is done",
            where="card", low=0, icon="⚑", kinds=tuple(PROGRESS_ON),
            value=_card_key("progress", PROGRESS_ON), stored=True),
)
