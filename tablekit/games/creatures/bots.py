"""A simple heuristic player for Creatures and Cards.

It plays its best follower, puts its biggest monster on the leader, makes the
attack that kills the most monster health (the Fighter sharing the total out
weakest first, ruling CC-FIGHTER's suggestion), lets the weakest followers take
the blows (ruling CC-ABSORB's suggestion), takes its best treasure (the Thief
steals whenever offered it), and throws away attack cards it holds too
many of, and one card from a full hand (so that it draws again and the game
moves on). It is meant to be a fair
sparring partner, not a strong one.
"""

from __future__ import annotations

from tablekit.core import Ctx, Decision

from . import table as T


def _card(oid: str) -> str:
    return oid.split(":")[1]


def heuristic(ctx: Ctx, d: Decision) -> list[str] | None:
    legal = [o.id for o in d.legal]
    p = d.player
    if d.kind in ("follower", "priest"):
        best = [i for i in legal if i != "pass"]
        if not best:
            return ["pass"]
        return [max(best, key=lambda i: T.value(ctx, _card(i)))]
    if d.kind == "monster":
        others = {q: T.score(ctx, q) for q in ctx.players if q != p}
        leader = max(others, key=lambda q: (others[q], q))
        on_leader = [i for i in legal if i.startswith("monster:") and i.endswith(f":{leader}")]
        if on_leader:
            return [max(on_leader, key=lambda i: T.value(ctx, _card(i)))]
        return ["done"]
    if d.kind == "attack":
        choices = [i for i in legal if i != "pass"]
        if not choices:
            return [] if d.min == 0 else ["pass"]
        if d.max > 1:  # the Fighter: the two strongest cards, or a Joker when it kills more
            jokers = [i for i in choices if i.startswith("joker:")]
            if jokers and len(T.monsters_in_front(ctx, p)) > 1:
                return [jokers[0]]
            spades = sorted((i for i in choices if i.startswith("attack:")),
                            key=lambda i: -T.value(ctx, _card(i)))
            return spades[:d.max]
        def gain(i: str) -> int:
            if i.startswith("joker:"):
                return sum(T.remaining(ctx, m) for m in T.monsters_in_front(ctx, p))
            if i.startswith("mass:"):
                v = T.value(ctx, _card(i))
                return sum(1 for q in ctx.players for m in T.monsters_in_front(ctx, q)
                           if T.remaining(ctx, m) <= v) * 3
            _, s, m = i.split(":")
            return T.remaining(ctx, m) if T.value(ctx, s) >= T.remaining(ctx, m) else T.value(ctx, s) // 2
        return [max(choices, key=lambda i: (gain(i), i))]
    if d.kind in ("absorb", "cover", "fight"):
        # who takes the blows, which monster covers: ruling CC-ABSORB's suggestion
        # (the weakest first, the highest card covers); how the Fighter's total is
        # shared out: ruling CC-FIGHTER's (the weakest first)
        if d.suggested is not None:
            return [d.suggested.id]
        return legal[:1]
    if d.kind == "replacement":  # the Thief, offered when a card is to be turned up: steal
        steal = [i for i in legal if i.startswith("replace:")]
        return steal[:1] or ["decline"]
    if d.kind == "reward":
        gems = [i for i in legal if i.startswith("treasure:")]
        if gems:
            return [max(gems, key=lambda i: T.value(ctx, _card(i)))]
        return [legal[0]]
    if d.kind == "hand-discard":
        ranked = sorted(legal, key=lambda i: T.value(ctx, _card(i)))
        return ranked[:d.min]
    if d.kind == "discard":
        spades = [i for i in legal if T.kind(ctx, _card(i)) == "attack"]
        spades.sort(key=lambda i: T.value(ctx, _card(i)))
        out = spades[:-2] if len(spades) > 2 else []
        if not out and len(legal) >= T.HAND_SIZE:
            # a full hand draws nothing next turn: let one card go so the pile keeps moving
            plain = [i for i in legal if T.kind(ctx, _card(i)) != "joker"] or legal
            out = [min(plain, key=lambda i: (T.value(ctx, _card(i)), i))]
        return out
    return None
