"""Use limits ("once per turn / round / phase / target") and the stats that lasting
modifiers change.

One part of `Ctx` (tablekit/core/context.py), which joins the parts; a rule function
reaches it through `ctx` as before."""

from __future__ import annotations

from typing import Any

from ..abilityuse import AbilityUse
from ..lasting import applies
from .attrs import CtxAttrs


class LimitsPart(CtxAttrs):
    """Use limits (once per turn, round, phase or target) and modified stats."""

    # -- "once per turn / round / phase / target" --------------------------
    def used(self, use: AbilityUse, target: str | None = None) -> bool:
        """Whether an ability limited by `once_per` was used already (this turn,
        round or phase; `once_per: target` counts per target, for the turn)."""
        scope = use.ability.once_per if use.ability is not None else None
        if not scope:
            return False
        key = self._use_key(use) + (f"@{target}" if scope == "target" else "")
        return key in self.state.extra.get(f"_used_{'turn' if scope == 'target' else scope}", [])

    def note_use(self, use: AbilityUse, target: str | None = None) -> None:
        """Record that an ability limited by `once_per` was used; the engine forgets
        it when the turn (or round, or phase) is over."""
        scope = use.ability.once_per if use.ability is not None else None
        if scope:
            key = self._use_key(use) + (f"@{target}" if scope == "target" else "")
            self.state.extra.setdefault(f"_used_{'turn' if scope == 'target' else scope}", []).append(key)

    def forget_uses(self, uid: str) -> None:
        """Forget every recorded use of a card's abilities (a card that left play
        and went into a hidden zone must not stay named in what the others see;
        coming back, it is a new card)."""
        for scope in ("turn", "round", "phase"):
            used = self.state.extra.get(f"_used_{scope}")
            if used:
                used[:] = [k for k in used if k.split("@", 1)[0].rsplit(":", 1)[0] != uid]

    def _use_key(self, use: AbilityUse) -> str:
        return f"{use.source}:{self._ability_index(use.source, use.ability)}"

    def stat(self, name: str, base: int | float, player: str | None = None,
             card: str | None = None, event: dict | None = None,
             floor: int | float | None = None) -> int | float:
        """A number after every continuous modifier: the cards' in play (scope
        `all`; `owner` when its card's owner is `player`; `self` when it is
        `card`; `attached` when `card` is the one its card is attached to,
        the card state's `attached_to`) and the lasting effects that apply.
        A modifier's `if` is matched against `event` (the damage being dealt,
        the attack), so it may depend on its type, source and target; the
        event's `card` is `card` unless the event names another, so `if:
        {card.traits: Dwarf}` reads the card whose number this is; `per`
        multiplies its `add`; `floor` is the least the result may be."""
        key = ("modifier", name)
        index = self._index
        if index is None:
            index = self._index = self._build_index()
        if key not in index and not self.state.lasting:  # no card changes it: the common case
            return floor if floor is not None and base < floor else base
        total = base
        seen: dict | None = None  # the event an `if` reads, built at the first modifier that has one
        for uid, ab in self._active(key):
            if ab.scope == "all":
                pass
            elif ab.scope == "self":
                if card != uid:
                    continue
            elif ab.scope == "owner":
                if player is None or self.owner_of(uid) != player:
                    continue
            elif ab.scope == "attached":
                if card is None or self.state.cards[uid].get("attached_to") != card:
                    continue
            if ab.when:
                if seen is None:
                    seen = event or {}
                    if card is not None and "card" not in seen:
                        seen = {**seen, "card": card}
                if not self._matches(ab.when, seen, uid):
                    continue
            total += ab.add if ab.per is None else ab.add * self.per(ab.per, uid, self.owner_of(uid))
        if self.state.lasting:
            for e in self.state.lasting:
                if e["kind"] == "modifier" and e["stat"] == name and applies(self, e, player, card, event):
                    per = e.get("per")
                    total += e["add"] if per is None else e["add"] * self.per(per, e.get("source"),
                                                                              e.get("controller"))
        if floor is not None and total < floor:
            total = floor
        return total

    def per(self, per: Any, uid: str | None, controller: str | None) -> int:
        """A modifier's factor: a card-state key of its card (`damage`: +1 for each
        damage on it), or the number of cards in play matching `{trait, kind,
        owner}` (owner `controller`, the default, or `any`)."""
        if isinstance(per, str):
            if uid is None or uid not in self.state.cards:
                return 0
            v = self.state.cards[uid].get(per, 0)
            return v if isinstance(v, int) and not isinstance(v, bool) else 0
        st = self.state
        n = 0
        kinds = self.game.active_zone_kinds
        for z, uids in st.zones.items():
            info = st.zone_info[z]
            if info.get("kind") not in kinds:
                continue
            if per.get("owner", "controller") == "controller" and info["owner"] != controller:
                continue
            for u in uids:
                d = self.defn(u)
                if "trait" in per and per["trait"] not in d.traits:
                    continue
                if "kind" in per and d.kind != per["kind"]:
                    continue
                n += 1
        return n
