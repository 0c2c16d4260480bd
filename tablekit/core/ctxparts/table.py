"""Who and where: the players, the zones, the cards and their names, counters, the seeded
random number, what a game works out once from its cards, and re-entry guards.

One part of `Ctx` (tablekit/core/context.py), which joins the parts; a rule function
reaches it through `ctx` as before."""

from __future__ import annotations

from typing import Any, Callable, Mapping

from ..cards import CardDef
from ..records import Later
from .attrs import CtxAttrs


class TablePart(CtxAttrs):
    """Who and where: players, zones, cards, names, counters, guards."""

    # -- who and where ---------------------------------------------------
    @property
    def players(self) -> list[str]:
        return [p["name"] for p in self.state.players]

    @property
    def player(self) -> str | None:
        """Whose turn it is (the player of the innermost for-each-player frame)."""
        cursor = self.state.cursor
        if cursor:
            p = cursor[-1].get("p")
            if p is not None:
                return p
        return self.state.turn

    @property
    def extra(self) -> dict[str, Any]:
        return self.state.extra

    def next_player(self, name: str, step: int = 1) -> str:
        names = self.players
        return names[(names.index(name) + step) % len(names)]

    def zone(self, name: str) -> list[str]:
        return self.state.zones[name]

    def zone_of(self, uid: str) -> str:
        return self.state.card_zone[uid]

    def owner_of(self, uid: str) -> str | None:
        return self.state.zone_info[self.state.card_zone[uid]]["owner"]

    def card(self, uid: str) -> dict[str, Any]:
        """The card instance's own state (a mutable dict)."""
        return self.state.cards[uid]

    def defn(self, uid: str) -> CardDef:
        return self.defs[self.state.cards[uid]["card"]]

    def kind(self, uid: str) -> str:
        """The card's kind (attack, monster, ...): a fast path for the rules."""
        return self._kinds[self.state.cards[uid]["card"]]

    @property
    def kinds(self) -> Mapping[str, str]:
        """Each card id's kind (card id -> kind), for a rule that reads many cards in a loop:
        `ctx.kinds[ctx.state.cards[uid]["card"]]` is `ctx.kind(uid)` without the call. Read only."""
        return self._kinds

    def from_cards(self, name: str, make: Callable[[Mapping[str, CardDef]], Any]) -> Any:
        """What a game works out from its card definitions alone (never from the position),
        made once by `make(defs)` and kept under `name` for this game's context: a table of
        card facts a rule reads at every step."""
        out = self._from_cards.get(name)
        if out is None:
            out = self._from_cards[name] = make(self.defs)
        return out

    def enter_guard(self, name: str) -> bool:
        """Enter the guard `name`: True, unless it is entered already (False, and nothing
        changes). A check whose own changes would set it off again inside itself (a state
        check that destroys a card, which is an event that asks for the state check) enters
        its guard first, and calls `leave_guard(name)` in a `finally` once it is done."""
        if name in self._inside:
            return False
        self._inside.add(name)
        return True

    def leave_guard(self, name: str) -> None:
        self._inside.discard(name)

    def name(self, uid: str) -> str:
        card_id = self.state.cards[uid]["card"]
        try:
            return self._names[card_id]
        except KeyError:
            n = self._names[card_id] = self.game.card_name(self.defs[card_id])
            return n

    def names(self, uids) -> str:
        uids = list(uids)
        if not uids:
            return "nothing"
        return ", ".join(self.name(u) for u in uids)

    def names_later(self, uids) -> Later:
        """`names(uids)` written out only when read (the fast path, see `Later`):
        the cards are taken now, their names looked up when the words are read
        (a card's name is fixed for the game)."""
        card_ids = [self.state.cards[u]["card"] for u in uids]
        if not card_ids:
            return Later(_nothing)
        return Later(_names_words, card_ids, self._names, self.game, self.defs)

    def counter(self, player: str, key: str, default: int = 0) -> Any:
        return self.state.player(player).get(key, default)

    def randbelow(self, n: int) -> int:
        return self.state.randbelow(n)


# The words of `names_later`, written when read (see Later): the args are the card ids taken
# at the step, and the table's name cache, game and card definitions (a card's name is fixed).

def _nothing() -> str:
    return "nothing"


def _names_words(card_ids: list[str], names: dict[str, str], game: Any, defs: Mapping[str, CardDef]) -> str:
    out = []
    for cid in card_ids:
        n = names.get(cid)
        if n is None:
            n = names[cid] = game.card_name(defs[cid])
        out.append(n)
    return ", ".join(out)
