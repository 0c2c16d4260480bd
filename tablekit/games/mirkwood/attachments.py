"""The starter attachments' own effects. Their numbers (Celebrían's Stone's +2
willpower, Citadel Plate's +4 hit points, Dwarven Axe's +1 or +2 attack, Blade of
Gondolin's +1 attack against an Orc) and what they grant (Steward of Gondor's
Gondor trait, the Stone's Spirit icon on Aragorn) are modifiers of scope
`attached` in the card file; here are the effects of their Actions and Responses,
and the words a card tile shows for what its attachments change. An attachment
exhausts and readies on its own, apart from its hero (point 8)."""

from __future__ import annotations

from typing import Any

from tablekit.core import AbilityUse, Ctx, Effect, Say
from tablekit.core.cards import Field
from tablekit.core.words import plural, possessive

from . import table as T
from .powers import ExhaustSelf

SHOWN_STATS = ("willpower", "attack", "defense", "hit_points")


def host_of(ctx: Ctx, uid: str) -> str | None:
    """The card an attachment lies on, while both are in play (None otherwise)."""
    host = ctx.card(uid).get("attached_to")
    if host not in ctx.state.cards or not ctx.zone_of(host).endswith(("/heroes", "/allies")):
        return None
    return host


def attachments_on(ctx: Ctx, uid: str) -> list[str]:
    return [w for p in ctx.players for w in ctx.zone(T.zone(p, "attachments"))
            if ctx.card(w).get("attached_to") == uid]


class HostResources(Effect):
    """Put resources into the pool of the hero the attachment lies on: Steward of
    Gondor's Action (its cost: exhaust the Steward itself, point 8) and Horn of
    Gondor's Response (no cost)."""

    arg_fields = {"amount": Field(int, True, minimum=1, maximum=9, doc="resources added"),
                  "exhaust": Field(bool, False, doc="the cost is to exhaust the attachment itself")}

    def label(self, ctx: Ctx, use: AbilityUse) -> Any:
        host = host_of(ctx, use.source)
        to = f" to {ctx.name(host)}" if host else ""
        return f"{ctx.name(use.source)}: {plural(use.args['amount'], 'resource')}{to}"

    def cost(self, ctx: Ctx, use: AbilityUse) -> Any:
        return ExhaustSelf(use.source) if use.args.get("exhaust") else None

    def check(self, ctx: Ctx, use: AbilityUse) -> Any:
        return None if host_of(ctx, use.source) else f"{ctx.name(use.source)} lies on no card in play"

    def apply(self, ctx: Ctx, use: AbilityUse) -> Any:
        host = host_of(ctx, use.source)
        n = int(use.args["amount"])
        if host is None:
            return Say(f"{ctx.name(use.source)} has left play: no pool to add to (point 96).", rule=T.point(96))
        ctx.do("resource", card=host, add=n)
        why = ""
        ev = use.event or {}
        if ev.get("type") == "left_play" and ev.get("card") in ctx.state.cards:
            why = f" after {ctx.name(ev['card'])} was destroyed"
        return Say(f"{ctx.name(use.source)} puts {plural(n, 'resource')} into {possessive(ctx.name(host))} pool{why} "
                   f"(now {T.resources(ctx, host)}).", rule=T.point(8) if use.args.get("exhaust") else T.point(96))


def effects_shown(ctx: Ctx, uid: str) -> list[str]:
    """What a card tile says about the numbers and traits its attachments change:
    each stat that differs from the printed one, gained traits and resource icons,
    and the attachments it carries."""
    if ctx.kind(uid) not in ("hero", "ally"):
        return []
    out = []
    for name in SHOWN_STATS:
        printed = int(T.field(ctx, uid, name, 0) or 0)
        now = T.stat(ctx, uid, name)
        if now != printed:
            out.append(f"{name.replace('_', ' ')} {now} (printed {printed})")
    for t in T.gained_traits(ctx, uid):
        out.append(f"gains the {t} trait")
    for s in T.gained_spheres(ctx, uid):
        out.append(f"gains a {T.sphere_name(s)} resource icon")
    carried = attachments_on(ctx, uid)
    if carried:
        out.append(f"carries {T.names_or_nobody(ctx, carried)}")
    return out


ATTACHMENT_EFFECTS: dict[str, Effect] = {"host_resources": HostResources()}
