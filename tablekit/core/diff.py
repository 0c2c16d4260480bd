"""What differs between two positions of the same game (two branches of a what-if).

`position_diff(a, b)` compares two games that share their cards (a game and
its `fork()`, or the same game under another reading) and says, one line a
difference, what now differs: who won, where each stands in the flow, the
cards in another zone or another state, the players' counters and the zones
whose order differs. It reads the whole position (no seat's view): it is the
rules lawyer's tool, and both sides of a what-if show everything.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import TablekitError
from .words import listing, plural

if TYPE_CHECKING:  # pragma: no cover
    from .engine import Game

__all__ = ["position_diff", "diff_line"]

# a card's own state that is not worth a line (the engine's bookkeeping)
_QUIET = frozenset({"card"})


def _zone_words(game: Game, zone: str) -> str:
    label = game.state.zone_info[zone].get("label")
    if label and label != zone:
        return str(label)
    owner, sep, rest = zone.partition("/")
    if sep and owner in game.players:
        return f"{owner}'s {rest.replace('_', ' ')}"
    return f"the {zone.replace('_', ' ')}"


def _card_words(game: Game, uid: str) -> str:
    name = game.gamedef.card_name(game.ctx.defn(uid))
    return name if name == uid else f"{name} ({uid})"


def _value(v: Any) -> str:
    if v is True:
        return "yes"
    if v is False or v is None:
        return "no"
    return str(v)


def _state_words(st: dict, keys: list[str]) -> str:
    return ", ".join(f"{k.replace('_', ' ')} {_value(st.get(k))}" for k in keys)


def _standing(game: Game) -> str:
    if game.is_over:
        res = game.result
        return f"over: {res.summary()}" if res is not None else "over"
    return "at " + (" › ".join(game.path) or "the start")


def position_diff(a: Game, b: Game, names: tuple[str, str] = ("left", "right")) -> list[str]:
    """The differences between two positions of the same game, one line each,
    the outcome first, then where each stands, the cards, the players'
    counters and the zones whose order differs. An empty list: the two
    positions are the same (their records may still differ)."""
    if a.gamedef is not b.gamedef or a.players != b.players:
        raise TablekitError("position_diff compares two positions of the same game with the same seats")
    if a.state.cards.keys() != b.state.cards.keys():
        raise TablekitError("position_diff compares positions with the same cards (a game and its fork)")
    left, right = names
    out: list[str] = []
    sa, sb = a.state, b.state
    if a.is_over or b.is_over:
        wa = listing(a.result.winners) if a.is_over else None
        wb = listing(b.result.winners) if b.is_over else None
        if (a.is_over, wa) != (b.is_over, wb):
            def who(g: Game, w: str | None) -> str:
                return "still playing" if w is None else (f"{w} won" if g.result.winners else "nobody won")
            out.append(f"Outcome: {left} {who(a, wa)}; {right} {who(b, wb)}.")
    pa, pb = _standing(a), _standing(b)
    if pa != pb:
        out.append(f"Where: {left} {pa}; {right} {pb}.")
    if len(a.history) != len(b.history):
        out.append(f"Records: {left} {len(a.history)}, {right} {len(b.history)}.")
    for uid in sa.cards:
        za, zb = sa.card_zone[uid], sb.card_zone[uid]
        if za != zb:
            out.append(f"{_card_words(a, uid)}: {left} in {_zone_words(a, za)}, {right} in {_zone_words(b, zb)}.")
        ca, cb = sa.cards[uid], sb.cards[uid]
        if ca != cb:
            keys = sorted(k for k in ca.keys() | cb.keys() if k not in _QUIET and ca.get(k) != cb.get(k))
            if keys:
                out.append(f"{_card_words(a, uid)}: {left} {_state_words(ca, keys)}; "
                           f"{right} {_state_words(cb, keys)}.")
    for qa, qb in zip(sa.players, sb.players):
        keys = sorted(k for k in qa.keys() | qb.keys() if k != "name" and qa.get(k) != qb.get(k))
        if keys:
            out.append(f"{qa['name']}: {left} {_state_words(qa, keys)}; {right} {_state_words(qb, keys)}.")
    reordered = [z for z in sa.zones if z in sb.zones and sa.zones[z] != sb.zones[z]
                 and sorted(sa.zones[z]) == sorted(sb.zones[z]) and len(sa.zones[z]) > 1]
    if reordered:
        out.append(f"Order: {listing([_zone_words(a, z) for z in reordered])} "
                   f"{'holds' if len(reordered) == 1 else 'hold'} the same cards in another order.")
    if sa.turn != sb.turn and not (a.is_over or b.is_over):
        out.append(f"Turn: {left} {sa.turn or 'nobody'}'s, {right} {sb.turn or 'nobody'}'s.")
    return out


def diff_line(a: Game, b: Game, names: tuple[str, str] = ("left", "right"), limit: int = 6) -> str:
    """`position_diff` as one short paragraph: the first `limit` differences
    and how many more there are, or that the positions are the same."""
    lines = position_diff(a, b, names)
    if not lines:
        same = "the same records" if [r.choice for r in a.history] == [r.choice for r in b.history] \
            else "different records"
        return f"The two positions are the same ({same})."
    more = len(lines) - limit
    shown = " ".join(lines[:limit])
    return f"{plural(len(lines), 'difference')}: {shown}" + (f" And {more} more." if more > 0 else "")
