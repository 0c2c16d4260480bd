"""The four hero powers and the Joker, as effects the card file names.

Each effect offers its options (with the reason for any illegal one) to the
decision of the step where it may be used, and applies the chosen one.
"""

from __future__ import annotations

from tablekit.core import AbilityUse, Ctx, Option, Say

from . import table as T


def _all_monsters(ctx: Ctx) -> list[tuple[str, str]]:
    return [(p, m) for p in ctx.players for m in T.monsters_before(ctx, p)]


class MassAttack:
    """Wizard: one attack card against every monster on the table, one by one."""

    def options(self, ctx: Ctx, use: AbilityUse) -> list[Option]:
        p = use.controller
        spades = T.of_kind(ctx, T.hand(p), "attack")
        anywhere = _all_monsters(ctx)
        out = []
        for s in spades:
            label = f"Mass attack with {ctx.name(s)} (Wizard)"
            if not anywhere:
                out.append(Option(f"mass:{s}", label, False, "There is no monster anywhere on the table."))
            else:
                out.append(Option(f"mass:{s}", label))
        return out

    def apply(self, ctx: Ctx, use: AbilityUse, card: str) -> Say:
        v = T.value(ctx, card)
        killed, spared = [], []
        for p, m in _all_monsters(ctx):
            if T.remaining(ctx, m) <= v:
                killed.append((p, m))
            else:
                spared.append((p, m))
        for _, m in killed:
            T.discard(ctx, m)
        T.discard(ctx, card)
        T.turn_data(ctx)["kills"] += len(killed)
        k = ", ".join(f"{ctx.name(m)} before {p}" for p, m in killed) or "none"
        s = ", ".join(ctx.name(m) for _, m in spared) or "none"
        return Say(f"{use.controller} the Wizard makes a mass attack with {ctx.name(card)} ({v}): "
                   f"every monster of {v} or less dies wherever it stands. Killed: {k}. Too strong "
                   f"and untouched: {s}. {len(killed)} kill(s) count for {use.controller}'s "
                   "treasure step (ruling CC-WIZARD).", rule="CC-WIZARD")


class PriestAid:
    """Priest: rescue a follower from the discard pile, or heal a covered one."""

    def options(self, ctx: Ctx, use: AbilityUse) -> list[Option]:
        p = use.controller
        out = []
        for u in T.of_kind(ctx, T.DISCARD, "follower"):
            out.append(Option(f"rescue:{u}", f"Rescue {ctx.name(u)} from the discard pile"))
        for u in T.of_kind(ctx, T.followers(p), "follower"):
            if ctx.card(u).get("damage", 0):
                out.append(Option(f"heal:{u}", f"Heal {T.with_left(ctx, u)}: discard the monster on it"))
        return out

    def apply(self, ctx: Ctx, use: AbilityUse, oid: str) -> Say:
        p = use.controller
        what, uid = oid.split(":", 1)
        if what == "rescue":
            ctx.move(uid, T.followers(p))
            return Say(f"{p} the Priest rescues the follower {ctx.name(uid)} from the discard pile "
                       f"and plays it: {T.value(ctx, uid)} more health in front of {p}.")
        covers = T.attached(ctx, uid)
        for c in covers:
            ctx.move(c, T.DISCARD, damage=None)
        ctx.card(uid).pop("damage", None)
        return Say(f"{p} the Priest heals {ctx.name(uid)}: the monster card on it "
                   f"({ctx.names(covers)}) goes to the discard pile and the follower has its "
                   f"full {T.value(ctx, uid)} health again (ruling CC-COVER).", rule="CC-COVER")


class ThiefSteal:
    """Thief: instead of turning up a card, steal the lowest treasure of the
    other player with the most treasure cards (ruling CC-THIEF)."""

    def target(self, ctx: Ctx, thief: str) -> tuple[str, str] | None:
        counts = {p: len(T.of_kind(ctx, T.treasure(p), "treasure")) for p in ctx.players if p != thief}
        most = max(counts.values(), default=0)
        if most == 0:
            return None
        tied = [p for p, n in counts.items() if n == most]
        pool = [(T.value(ctx, u), p, u) for p in tied for u in T.of_kind(ctx, T.treasure(p), "treasure")]
        _, p, u = min(pool)
        return p, u

    def option(self, ctx: Ctx, use: AbilityUse) -> Option:
        thief = use.controller
        if ctx.used(use):  # the card says once_per: turn
            return Option("steal", "Steal a treasure (Thief)", False,
                          "The Thief steals at most once a turn, and already did.")
        t = self.target(ctx, thief)
        if t is None:
            return Option("steal", "Steal a treasure (Thief)", False,
                          "No other player has a treasure card in front of them.")
        p, u = t
        return Option("steal", f"Steal {ctx.name(u)} from {p} instead (Thief)")

    def apply(self, ctx: Ctx, use: AbilityUse) -> Say:
        thief = use.controller
        p, u = self.target(ctx, thief)
        counts = {q: len(T.of_kind(ctx, T.treasure(q), "treasure")) for q in ctx.players if q != thief}
        ctx.move(u, T.treasure(thief))
        ctx.note_use(use)
        most = counts[p]
        tied = [q for q, n in counts.items() if n == most]
        tie = (f" {', '.join(tied)} tie with {most} treasure cards each, so the single lowest card "
               "among them is taken." if len(tied) > 1 else "")
        return Say(f"{thief} the Thief steals instead of turning up a card: {p} has the most "
                   f"treasure cards ({most}), and their lowest is {ctx.name(u)}.{tie} "
                   "(Ruling CC-THIEF: only the other players are counted.)", rule="CC-THIEF")


class JokerBlast:
    """Joker: every monster in front of the player dies."""

    def option(self, ctx: Ctx, use: AbilityUse) -> Option:
        p = use.controller
        label = f"Play the {ctx.name(use.source)}: kill every monster in front of you"
        if not T.monsters_before(ctx, p):
            return Option(f"joker:{use.source}", label, False, "There is no monster in front of you.")
        return Option(f"joker:{use.source}", label)

    def apply(self, ctx: Ctx, use: AbilityUse) -> Say:
        p = use.controller
        ms = T.monsters_before(ctx, p)
        names = ", ".join(T.with_left(ctx, m) for m in ms)
        for m in ms:
            T.discard(ctx, m)
        ctx.move(use.source, T.DISCARD)
        T.turn_data(ctx)["kills"] += len(ms)
        return f"{p} plays a Joker, a magic attack: every monster in front of {p} dies ({names}), " \
               f"that is {len(ms)} kill(s); the Joker goes to the discard pile."


EFFECTS = {
    "mass_attack": MassAttack(),
    "priest_aid": PriestAid(),
    "thief_steal": ThiefSteal(),
    "joker_blast": JokerBlast(),
}
