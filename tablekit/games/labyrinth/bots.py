"""A simple heuristic lord for Legends of Labyrinth.

It gathers whenever it can, plays cards that bring heroes, actions or cards,
counters what would give an opponent a retinue (above all a third), defends
its own activity against a counter, uses every ability that hurts the leader,
and passes when it has nothing useful to play. A sparring partner, not a
strong player.
"""

from __future__ import annotations

from tablekit.core import Ctx, Decision

from . import chain as C
from . import table as T

GOOD_PLAYS = ("recruit", "actions", "march", "summons", "draw", "bribe", "beguile", "ambush", "plague")


def _leader(ctx: Ctx, p: str) -> str:
    others = [q for q in ctx.players if q != p]
    return max(others, key=lambda q: (len(T.gathered(ctx, q)), len(ctx.zone(T.heroes(q))), q))


def _rank(ctx: Ctx, cid: str) -> int:
    effect = next((a.effect for a in ctx.defs[cid].abilities if a.window == "action"), None)
    return GOOD_PLAYS.index(effect) if effect in GOOD_PLAYS else 99


def heuristic(ctx: Ctx, d: Decision) -> list[str] | None:
    legal = [o.id for o in d.legal]
    p = d.player
    if d.kind == "action":
        gathers = [i for i in legal if i.startswith("gather:")]
        if gathers:
            common = [i for i in gathers if i != "gather:legendary"]
            return [(common or gathers)[0]]
        plays = [i for i in legal if i.startswith("play:")]
        plays.sort(key=lambda i: _rank(ctx, i.split(":", 1)[1]))
        if plays:
            return [plays[0]]
        return ["pass"] if "pass" in legal else ["stop"]
    if d.kind == "response":
        links = C.links(ctx)
        counters = [i for i in legal if i.startswith("counter:")]
        if not counters or not links:
            return ["pass"]
        base, top = links[0], links[-1]
        mine = base["player"] == p
        # ruling LAB-CHAIN: whether the activity would resolve if everyone passed now
        resolves = C.activity_resolves(ctx, len(links))
        if mine and not resolves and not C.by_the_words(ctx):
            return [counters[0]]  # defend my own activity
        if not mine and resolves and base["what"] == "gather":
            return [counters[0]]  # never let an opponent gather unanswered
        if not mine and resolves and top["what"] == "play" and len(T.gathered(ctx, base["player"])) >= 2:
            return [counters[0]]
        return ["pass"]
    if d.kind in ("retinue", "legend", "pick"):
        leader = _leader(ctx, p)
        ranked = sorted((i for i in legal if i != "done"),
                        key=lambda i: (0 if leader in i or any(u in i for u in ctx.zone(T.heroes(leader)))
                                       else 1, i))
        if d.kind == "pick":
            if ranked and ranked[0].startswith("cost:"):
                # pay with the hero we have most of... or least need
                return [ranked[-1]]
            return [ranked[0]] if ranked else None
        # never discard our own heroes with head hunters / archeresses
        for i in ranked:
            return [i]
        return ["done"]
    if d.kind == "gather":  # ruling LAB-GATHER-PICK: keep the Mentalmancers for later
        return [d.suggested.id] if d.suggested is not None else legal[:1]
    if d.kind == "hand":
        plain = sorted(legal, key=lambda i: (T.is_counter(ctx, i.split(":", 1)[1]), i))
        return plain[:d.min]
    return None
