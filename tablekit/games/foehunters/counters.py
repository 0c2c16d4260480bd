"""Foe Hunters' counters: the numbers the table shows as tokens.

Every value is read from a seat's view of the position (core/counters.py). A
hero's HP, XP and armor show on the player's panel once the hero is dealt
(a hero card in the player's hero zone). Ready armor is worked out as the game
counts it (table.armor_ready): the armor the hero has (the armor modifiers of
the cards in play, and the lasting "gains N armor" effects on the hero) less
the armor exhausted since the hero's turn began (the player's `armor_used`).
The HP left on the foe, a vassal or an ally in play is its face's printed HP
less the damage on it.
"""

from __future__ import annotations

from typing import Any, Mapping

from tablekit.core.counters import Counter, zone_kind_of

from . import table as T

# the zone kinds whose cards' modifiers count (the game's active_zone_kinds)
ACTIVE = ("hero", "play", "foe", "foe_play")
# where a card's HP left is shown: card kind -> zone kinds
HP_ON = {"foe": ("foe",), "vassal": ("foe_play",), "ally": ("play",)}


def _row(view: Mapping[str, Any], owner: str | None) -> Mapping[str, Any] | None:
    """The player's row in the view, once the hero is dealt (None before)."""
    row = next((p for p in view.get("players") or () if p.get("name") == owner), None)
    if row is None:
        return None
    cards = view.get("cards") or {}
    zone = (view.get("zones") or {}).get(T.hero_zone(owner)) or ()
    if not any((cards.get(u) or {}).get("card") is not None for u in zone):
        return None
    return row


def _player_key(key: str):
    def value(view: Mapping[str, Any], owner: str | None, defs: Mapping[str, Any]) -> int | None:
        row = _row(view, owner)
        n = None if row is None else row.get(key)
        return n if isinstance(n, int) and not isinstance(n, bool) else None
    return value


def armor_total(view: Mapping[str, Any], owner: str, defs: Mapping[str, Any]) -> int:
    """The armor the hero has, from what the view shows: every armor modifier of a
    card in play (scope owner: the player's own cards; scope all: anyone's), and
    each lasting "gains N armor" effect on this hero."""
    total = 0
    info = view.get("zone_info") or {}
    cards = view.get("cards") or {}
    for z, row in (view.get("zones") or {}).items():
        zi = info.get(z) or {}
        for u in row:
            cs = cards.get(u) or {}
            d = defs.get(cs.get("card"))
            if d is None:
                continue
            for ab in d.abilities:
                if ab.type != "modifier" or ab.stat != "armor" or ab.when or ab.per is not None:
                    continue
                if (zi.get("kind") != ab.zone) if ab.zone is not None else zi.get("kind") not in ACTIVE:
                    continue
                if ab.face is not None and cs.get("face", 0) != ab.face:
                    continue
                if ab.scope == "all" or (ab.scope == "owner" and zi.get("owner") == owner):
                    total += ab.add
    for e in view.get("lasting") or ():  # "gains N armor" until a turn begins (powers.give_armor)
        if (e.get("kind") == "modifier" and e.get("stat") == "armor" and not e.get("conditional")
                and owner in (e.get("players") or ())):
            total += int(e.get("add") or 0)
    return max(total, 0)


def armor_ready(view: Mapping[str, Any], owner: str | None, defs: Mapping[str, Any]) -> int | None:
    row = _row(view, owner)
    if row is None:
        return None
    return max(armor_total(view, owner, defs) - int(row.get("armor_used") or 0), 0)


def hp_left(view: Mapping[str, Any], uid: str | None, defs: Mapping[str, Any]) -> int | None:
    """The HP left on the foe, a vassal or an ally in play (None: the face has no HP,
    as the Cult's first face)."""
    cs = (view.get("cards") or {}).get(uid) or {}
    if cs.get("hidden") or cs.get("card") is None:
        return None
    d = defs.get(cs["card"])
    zones = HP_ON.get(getattr(d, "kind", None))
    if not zones or zone_kind_of(view, uid) not in zones:
        return None
    fields = d.faces[cs.get("face", 0)].fields if d.faces else d.fields
    hp = fields.get("hp")
    if hp is None:
        return None
    return max(int(hp) - int(cs.get("damage") or 0), 0)


COUNTERS: tuple[Counter, ...] = (
    Counter("hp", "HP", "the hero's hit points: at 0 the hero is incapacitated",
            where="player", low=0, icon="♥", value=_player_key("hp"), stored=True),
    Counter("xp", "XP", "experience, spent to buy cards from the city row",
            where="player", low=0, icon="★", value=_player_key("xp"), stored=True),
    Counter("armor", "Armor", "ready armor: each point exhausted takes 1 off the damage the hero takes",
            where="player", low=0, icon="▣", value=armor_ready),
    Counter("armor_used", "Exhausted", "armor exhausted since the hero's turn began (it readies then)",
            where="player", low=0, icon="", value=_player_key("armor_used"), stored=True),
    Counter("hp_left", "HP", "hit points left on the foe, a vassal or an ally: at 0 it is destroyed "
            "(the foe flips or is defeated)", where="card", low=0, icon="♥", kinds=tuple(HP_ON),
            value=hp_left),
)
