"""What each influence card does once it resolves (the card file's `play` key).

Effects that need a choice (a hero to take, a kind to name) open a follow-up
pick through abilities.start(); the rest apply at once.
"""

from __future__ import annotations

from tablekit.core import Ctx, Say

from . import abilities as A
from . import table as T

PICKS = ("plague", "beguile", "bribe", "ambush")


def resolve_card(ctx: Ctx, p: str, uid: str) -> Say:
    """Apply the influence card `uid` played by p (it was not cancelled)."""
    d = ctx.defn(uid)
    play, n = d.fields.get("play"), d.fields.get("amount", 1)
    name = ctx.name(uid)
    if play == "recruit":
        return Say(f"{name} resolves: {T.recruit(ctx, p, n)}", rule=T.PLAYING)
    if play == "actions":
        T.turn_data(ctx)["actions"] += n
        return Say(f"{name} resolves: {p} gets {n} more action(s), "
                   f"{T.turn_data(ctx)['actions']} left.", rule=T.PLAYING)
    if play == "draw":
        text, public, rule = T.draw_say(ctx, p, n, f"resolves {name} and")
        return Say(text, rule=T.PLAYING if rule == T.DRAW else rule, public=public)
    if play == "march":
        T.turn_data(ctx)["actions"] += 1
        text, public, rule = T.draw_say(ctx, p, 1, f"resolves {name}, gets 1 more action and")
        return Say(text, rule=T.PLAYING if rule == T.DRAW else rule, public=public)
    if play == "summons":
        rec = T.recruit(ctx, p, 1)
        text, public, rule = T.draw_say(ctx, p, 1, "also")
        return Say(f"{name} resolves: {rec} {text}", rule=T.PLAYING if rule == T.DRAW else rule,
                   public=f"{name} resolves: {rec} {public}")
    if play in PICKS:
        A.start(ctx, p, play, source=uid)
        if not A.has_target(ctx, ctx.extra["sub"]):
            ctx.extra["sub"] = None
            return Say(f"{name} resolves, but no other lord controls a hero it could touch: "
                       "nothing happens.", rule=T.PLAYING)
        return Say(f"{name} resolves: {p} now makes its choice.", rule=T.PLAYING)
    raise ValueError(f"{name}: no effect {play!r}")  # pragma: no cover


def finish_card(ctx: Ctx, sub: dict) -> Say:
    """Apply a card effect whose pick is made."""
    p, key, picks = sub["player"], sub["key"], sub["picks"]
    ctx.extra["sub"] = None
    name = ctx.name(sub["source"])
    if key == "plague":
        kind = picks["kind"]
        lost = []
        for q in T.order_from(ctx, p):
            for u in list(ctx.zone(T.heroes(q))):
                if T.hero_kind(ctx, u) == kind:
                    lost.append(f"{q}'s {ctx.name(u)}")
                    T.discard_hero(ctx, u)
        return Say(f"{name}: {p} names the {T.kind_name(kind, True)}; every other lord discards "
                   f"theirs: {', '.join(lost) or 'nobody had any'}. They are shuffled back into the "
                   "heroes deck.", rule=T.PLAYING)
    u = picks["hero"]
    q = ctx.owner_of(u)
    if key == "ambush":
        T.discard_hero(ctx, u)
        return Say(f"{name}: {q}'s {ctx.name(u)} is discarded and shuffled back into the heroes "
                   "deck.", rule=T.PLAYING)
    ctx.move(u, T.heroes(p))
    return Say(f"{name}: {p} takes {q}'s {ctx.name(u)}.", rule=T.PLAYING)
