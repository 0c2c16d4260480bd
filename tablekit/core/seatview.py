"""What a bot may know: the state as one seat sees it, as a State a bot's
rules code can read.

`seat_state(ctx, seat, rnd)` copies the state and shuffles the *identity* of
every card hidden from `seat` among the places it could be: each hidden card
instance keeps its uid, zone, position and state, but the definition behind
it is drawn at random from the definitions of the hidden cards of its
**pool**. A pool is what the seat can tell of a hidden card, like its back:
`GameDef.hidden_pool(ctx, uid)` names it (by default every hidden card is of
one pool; Mirkwood keeps the encounter cards, the quest cards and each
player's own cards apart, so an encounter card is never dealt into a
player's deck). The seat can tell which cards are hidden somewhere (the deck
list is public), never which is where.

The draw does not depend on where the hidden cards lie: each pool's
definitions are put in order (sorted) before the seeded shuffle, so two
positions that differ only by hidden cards exchanged within a pool give the
same resampled state for the same seed. The RNG is replaced, so the next
shuffle cannot be foreseen, and the game's `redact_extra` trims the extra
state. A heuristic bot (and the coach) is handed a `Ctx` over this state:
what it decides cannot depend on a hidden card, and the generic test suite
checks that by asking it twice, over two different shuffles.
"""

from __future__ import annotations

import random
import weakref
from typing import Any, Hashable

from .context import Ctx
from .state import HIDDEN, OWNER, State


def hidden_from(st: State, seat: str | None) -> list[str]:
    """The uids `seat` may not see, in zone order (None: a spectator)."""
    revealed = {u for e in st.lasting if e["kind"] == "reveal" and e.get("to") == seat
                for u in e.get("cards", ())}
    out = []
    for z, row in st.zones.items():
        info = st.zone_info[z]
        mine = seat is not None and info.get("owner") == seat
        whole = info["visibility"] == HIDDEN or (info["visibility"] == OWNER and not mine)
        for u in row:
            if u in revealed:
                continue
            if whole or (st.cards[u].get("face_down") and not mine):
                out.append(u)
    return out


# each game definition's pools: (zone, card definition) -> pool
_POOLS: weakref.WeakKeyDictionary[Any, dict[tuple[str, str], Hashable]] = weakref.WeakKeyDictionary()


def hidden_pools(ctx: Ctx, seat: str | None) -> dict[Hashable, list[str]]:
    """The cards hidden from `seat` by pool (`GameDef.hidden_pool`), each in zone order;
    the pools in the order of their names' `repr`. A pool depends only on the card's
    definition and its zone, so it is asked once for each (per game definition)."""
    game = ctx.game
    st = ctx.state
    cards, card_zone = st.cards, st.card_zone
    known = _POOLS.get(game)
    if known is None:
        known = _POOLS[game] = {}
    pools: dict[Hashable, list[str]] = {}
    for u in hidden_from(st, seat):
        key = (card_zone[u], cards[u]["card"])
        pool = known.get(key, known)
        if pool is known:
            pool = known[key] = game.hidden_pool(ctx, u)
        pools.setdefault(pool, []).append(u)
    return {k: pools[k] for k in sorted(pools, key=repr)}


def drawn(ctx: Ctx, seat: str, rnd: random.Random) -> dict[str, str]:
    """The definition each card hidden from `seat` is given in its view: each pool's
    definitions, put in order, shuffled with `rnd`, dealt back to the pool's places."""
    cards = ctx.state.cards
    out: dict[str, str] = {}
    for uids in hidden_pools(ctx, seat).values():
        defs = sorted(cards[u]["card"] for u in uids)
        rnd.shuffle(defs)
        out.update(zip(uids, defs))
    return out


def seat_state(ctx: Ctx, seat: str, rnd: random.Random) -> State:
    """A copy of the state as `seat` may know it, to play on (the coach's playouts): each
    hidden card's definition drawn anew from its pool's (see the module's words), the RNG
    replaced, the extra state trimmed."""
    out = ctx.state.copy()
    cards = out.cards
    for u, d in drawn(ctx, seat, rnd).items():
        cards[u]["card"] = d
    out.rng = rnd.getrandbits(63) | 1
    out.extra = ctx.game.redact_extra(out.extra, seat)
    return out


def seat_view(ctx: Ctx, seat: str, rnd: random.Random) -> State:
    """The same view as `seat_state` for the same `rnd`, to read only (a heuristic bot's):
    it shares every part of the state but the hidden cards' own entries, the RNG and the
    extra state, so it costs what the hidden cards cost, not a copy of the whole state.
    Nothing may change it (the generic suite checks that no heuristic does)."""
    st = ctx.state
    out = State.__new__(State)
    for k in State.__slots__:
        setattr(out, k, getattr(st, k))
    cards = out.cards = dict(st.cards)
    for u, d in drawn(ctx, seat, rnd).items():
        card = dict(cards[u])
        card["card"] = d
        cards[u] = card
    out.rng = rnd.getrandbits(63) | 1
    out.extra = ctx.game.redact_extra(st.extra, seat)
    return out


def seat_ctx(ctx: Ctx, seat: str, rnd: random.Random) -> Ctx:
    """A Ctx over `seat_view`: what a heuristic bot reads."""
    return Ctx(ctx.game, ctx.defs, seat_view(ctx, seat, rnd))
