"""A simple heuristic player for LFG: it drafts toward a complete party and high
renown, aims harm at the leader's best hero and help at its own, goes first
at a tie, and takes a pile with two or more cards."""

from __future__ import annotations

from tablekit.core import Ctx, Decision

from . import table as T


def _uid(oid: str) -> str:
    return oid.rsplit(":", 1)[1]


def pick_value(ctx: Ctx, p: str, uid: str) -> float:
    """How much a hero is worth to p's party: renown, plus a lot for a role the
    party cannot yet fill, a little for a scoundrel."""
    d = ctx.defn(uid)
    v = max(d["renown"], d["hurt_renown"] if d["hurt_renown"] > d["renown"] else 0)
    hs = T.heroes(ctx, p)
    filled = {r for u in hs for r in T.roles(ctx, u)}
    missing = [r for r in d["roles"] if r not in filled]
    if T.matching(ctx, p) is None:
        v += 4 * len(missing)
    if T.has(ctx, uid, "scoundrel"):
        v += 0.5
    return v


def heuristic(ctx: Ctx, d: Decision) -> list[str] | None:
    legal = [o.id for o in d.legal]
    p = d.player
    acts = [i for i in legal if i.startswith("act:")]
    if acts:  # hurting a hero that is stronger when hurt only helps
        return [acts[0]]
    if d.kind == "draft":
        return [max(legal, key=lambda i: (pick_value(ctx, p, _uid(i)), i))]
    if d.kind == "order":
        return ["before"]
    if d.kind == "pile":
        take = [i for i in legal if i.startswith("take:")]
        pile = take[0].split(":")[1]
        if len(ctx.zone(pile)) >= 2 or len(legal) == 1:
            return take
        return [i for i in legal if i.startswith("leave:")] or take
    if d.kind == "target":
        # the ability resolving: the top effect frame of the stack, its picks so far in its data
        frame = next((f for f in reversed(ctx.stack) if "fx" in f), None)
        effect = frame["fx"] if frame else ""
        picks = frame["data"].get("picks") if frame else None
        real = [i for i in legal if i != "pass"]
        if not real:
            return ["pass"]
        if effect == "extra_draft":
            return [max(real, key=lambda i: (pick_value(ctx, p, _uid(i)), i))]

        def owner(i: str) -> str | None:
            return T.party_of(ctx, _uid(i)) if ctx.zone_of(_uid(i)).endswith("/party") else None

        def value(i: str) -> int:
            return ctx.defn(_uid(i))["renown"]

        if effect in ("hurt", "kill"):
            theirs = [i for i in real if owner(i) != p]
            pool = theirs or real
            return [max(pool, key=lambda i: (value(i), i)) if theirs else min(pool, key=lambda i: (value(i), i))]
        if effect in ("protect", "heal"):
            mine = [i for i in real if owner(i) == p]
            return [max(mine or real, key=lambda i: (value(i), i))]
        if effect == "swap" and not picks:
            return [min(real, key=lambda i: (value(i), i))]
        return [max(real, key=lambda i: (value(i), i))]
    return None
