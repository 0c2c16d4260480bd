"""Conditions (`if:` in a card file): what an event, or a question, must look
like for an ability to apply.

A condition maps keys to wanted values. A key is a field of the event
(`target`, `dtype`, `player`) or, with the prefix `card.`, a field of the
event's card: `card.kind`, `card.traits`, `card.owner`, `card.zone` (its zone
kind), `card.face`, or one of the game's card fields (`card.value`). Any other
event field that names a card takes the same suffixes (`enemy.traits` for an
event `{enemy: uid}`). A wanted value is:

* a plain value: equal (for a list, such as `card.traits`: contains it);
* `{in: [a, b]}`: one of them;
* `{not: v}`: anything but (for a list: does not contain it);
* `{gt: n}`, `{ge: n}`, `{lt: n}`, `{le: n}`: a comparison.

`$self`, `$controller`, `$turn` and `$attached` inside a text stand for the
ability's card, its controller, the turn player and the card the ability's
card is attached to (its state's `attached_to`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .context import Ctx

OPERATORS = ("in", "not", "gt", "ge", "lt", "le")
_MISSING = object()


def card_field(ctx: Ctx, uid: Any, name: str) -> Any:
    """A field of a card instance, for `card.<name>` keys."""
    if not isinstance(uid, str) or uid not in ctx.state.cards:
        return _MISSING
    d = ctx.defn(uid)
    if name == "kind":
        return d.kind
    if name == "traits":
        return list(d.traits)
    if name == "id":
        return d.id
    if name == "owner":
        return ctx.owner_of(uid)
    if name == "zone":
        return ctx.state.zone_info[ctx.state.card_zone[uid]].get("kind")
    if name == "face":
        return ctx.state.cards[uid].get("face", 0)
    face = ctx.face(uid)
    if face is not None and name in face.fields:
        return face.fields[name]
    return d.fields.get(name, ctx.state.cards[uid].get(name, _MISSING))


def value_of(ctx: Ctx, ev: dict, key: str) -> Any:
    if key in ev:
        return ev[key]
    head, dot, rest = key.partition(".")
    if dot and rest:
        return card_field(ctx, ev.get(head), rest)
    return _MISSING


def tokens(ctx: Ctx, want: str, uid: str | None) -> str:
    """A wanted text with its tokens replaced: `$self` (the ability's card),
    `$controller`, `$turn`, `$attached` (the card it is attached to)."""
    if "$self" in want:
        want = want.replace("$self", str(uid))
    if "$controller" in want:
        owner = ctx.owner_of(uid) if uid is not None and uid in ctx.state.card_zone else None
        want = want.replace("$controller", str(owner))
    if "$turn" in want:
        want = want.replace("$turn", str(ctx.player))
    if "$attached" in want:
        host = ctx.state.cards[uid].get("attached_to") if uid is not None and uid in ctx.state.cards else None
        want = want.replace("$attached", str(host))
    return want


def _tokens(ctx: Ctx, want: Any, uid: str | None) -> Any:
    if isinstance(want, str) and "$" in want:
        return tokens(ctx, want, uid)
    if isinstance(want, list):
        return [_tokens(ctx, w, uid) for w in want]
    return want


def _equal(have: Any, want: Any) -> bool:
    if isinstance(have, list) and not isinstance(want, list):
        return want in have
    if have is _MISSING:
        return want is None
    return have == want


def holds(ctx: Ctx, have: Any, want: Any, uid: str | None) -> bool:
    if isinstance(want, dict) and want and set(want) <= set(OPERATORS):
        for op, arg in want.items():
            arg = _tokens(ctx, arg, uid)
            if op == "in":
                if not any(_equal(have, a) for a in (arg if isinstance(arg, list) else [arg])):
                    return False
            elif op == "not":
                if _equal(have, arg):
                    return False
            else:
                if have is _MISSING or not isinstance(have, (int, float)) or isinstance(have, bool):
                    return False
                if not {"gt": have > arg, "ge": have >= arg, "lt": have < arg, "le": have <= arg}[op]:
                    return False
        return True
    return _equal(have, _tokens(ctx, want, uid))


def matches(ctx: Ctx, cond: dict, ev: dict, uid: str | None) -> bool:
    """Whether event `ev` meets condition `cond` for the ability of card `uid`."""
    for key, want in cond.items():
        if not holds(ctx, value_of(ctx, ev, key), want, uid):
            return False
    return True


def check_condition(cond: Any) -> str | None:
    """Why a condition from a file is malformed (None: it is fine)."""
    if not isinstance(cond, dict):
        return "a condition is a mapping of fields to values"
    for key, want in cond.items():
        if not isinstance(key, str):
            return f"condition keys are field names, not {key!r}"
        if isinstance(want, dict):
            bad = [k for k in want if k not in OPERATORS]
            if bad:
                return (f"condition on {key!r}: {bad[0]!r} is not an operator "
                        f"(operators: {', '.join(OPERATORS)})")
            for op in ("gt", "ge", "lt", "le"):
                if op in want and (not isinstance(want[op], (int, float)) or isinstance(want[op], bool)):
                    return f"condition on {key!r}: {op} compares with a number"
    return None
