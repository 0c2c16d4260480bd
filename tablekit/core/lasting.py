"""Lasting effects and delayed triggers: held in the state, each with its end.

A **lasting effect** ("+1 attack until the end of the round", "protected
this round", "you may redirect damage until the beginning of your next
turn") is a plain dict in `state.lasting`. Its source may have left play
long ago (an Ability card already discarded). Kinds:

* `modifier`: `stat`, `add`, optional `per` and `if`; read by `ctx.stat`;
* `restriction`: `what` is forbidden ("hurt", "draw"); asked by `ctx.restricted`;
* `replacement`: `on` (an event kind), `effect`, `args`, `if`: a mandatory
  replacement, applied like a card's;
* `reveal`: `cards` shown to the seat `to` in its view.

`targets` (card uids) and `players` (names) limit it; without them it
applies to all. `until` says when it ends:

* a level of the flow: `"turn"`, `"round"`, `"phase"`, or a game's own level
  (`"attack"`): it ends when the innermost running node of that level is
  done (for a loop, the pass);
* `{"turn_of": P}`: at the beginning of P's next turn;
* `"game"`: never.

The engine ends it, and the record of the rule after which it ended says so.

A **delayed trigger** ("at the end of the phase, shuffle him back") is
created by an effect with `ctx.delay(...)`, has an `until` of the same form,
and fires once when that comes: it joins `state.triggers` and resolves like
any trigger.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .conditions import matches

if TYPE_CHECKING:  # pragma: no cover
    from .context import Ctx

KINDS = ("modifier", "restriction", "replacement", "reveal")


def until_words(until: Any) -> str:
    if isinstance(until, dict):
        return f"until the beginning of {until['turn_of']}'s next turn"
    if until == "game":
        return "for the rest of the game"
    return f"until the end of the {until}"


def _sweep(ctx: Ctx, due) -> None:
    """End the lasting effects and fire the delayed triggers whose end `due(end)` says has come."""
    st = ctx.state
    for items, act in ((st.lasting, _ended), (st.delayed, _fire)):
        if items:
            keep = []
            for x in items:
                if due(x["ends"]):
                    act(ctx, x)
                else:
                    keep.append(x)
            items[:] = keep


def frame_done(ctx: Ctx, depth: int, n: int) -> None:
    """The flow frame at `depth` (node `n`) is done: end what lasted until then."""
    _sweep(ctx, lambda end: end.get("depth") == depth and end.get("n") == n)


def turn_begins(ctx: Ctx, player: str) -> None:
    """`player`'s turn begins: end what lasted until then."""
    _sweep(ctx, lambda end: end.get("turn_of") == player)


def _ended(ctx: Ctx, e: dict) -> None:
    ctx.events.append({"type": "lasting_end", "id": e["id"], "kind": e["kind"], "text": e["text"]})
    ctx._endings.append(f"{e['text']}: that ends now.")


def _fire(ctx: Ctx, d: dict) -> None:
    ctx.state.triggers.append({"source": d.get("source"), "ability": None, "effect": d["effect"],
                               "controller": d.get("controller"), "args": d.get("args"),
                               "data": dict(d.get("data") or {}),
                               "event": {"type": "delayed", "text": d["text"]}})
    ctx.events.append({"type": "delayed_due", "id": d["id"], "text": d["text"]})


def applies(ctx: Ctx, e: dict, player: str | None, card: str | None, event: dict | None) -> bool:
    if e.get("targets") is not None and card not in e["targets"]:
        return False
    if e.get("players") is not None and player not in e["players"]:
        return False
    cond = e.get("if")
    if cond:
        return matches(ctx, cond, event or {}, e.get("source"))
    return True
