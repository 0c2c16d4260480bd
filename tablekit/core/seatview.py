"""What a bot may know: the state as one seat sees it, as a State a bot's
rules code can read.

`seat_state(ctx, seat, rnd)` copies the state and shuffles the *identity* of
every card hidden from `seat` among the hidden places: each hidden card
instance keeps its uid, zone, position and state, but the definition behind
it is drawn at random from the definitions of all the hidden cards. The seat
can tell which cards are hidden somewhere (the deck list is public), never
which is where. The RNG is replaced, so the next shuffle cannot be foreseen,
and the game's `redact_extra` trims the extra state. A heuristic bot is
handed a `Ctx` over this state: what it decides cannot depend on a hidden
card, and the generic test suite checks that by asking it twice, over two
different shuffles.
"""

from __future__ import annotations

import random

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


def seat_state(ctx: Ctx, seat: str, rnd: random.Random) -> State:
    st = ctx.state
    out = st.copy()
    hidden = hidden_from(st, seat)
    defs = [out.cards[u]["card"] for u in hidden]
    rnd.shuffle(defs)
    for u, d in zip(hidden, defs):
        out.cards[u]["card"] = d
    out.rng = rnd.getrandbits(63) | 1
    out.extra = ctx.game.redact_extra(out.extra, seat)
    return out


def seat_ctx(ctx: Ctx, seat: str, rnd: random.Random) -> Ctx:
    """A Ctx over `seat_state`: what a heuristic bot gets."""
    view = Ctx(ctx.game, ctx.defs, seat_state(ctx, seat, rnd))
    return view
