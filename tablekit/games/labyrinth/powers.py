"""What each influence card does once it resolves: one Effect per card ability
(the card file names it with `effect:`, and gives its number as `args.amount`).

Each is an activity of the counter chain (see chain.py): it resolves only when
the counters above it did not cancel it. A card that needs a choice (a hero to
take, a kind to name) asks it while it resolves.
"""

from __future__ import annotations

from tablekit.core import AbilityUse, Ctx, Decision, Option, Say

from . import table as T
from .chain import Activity


def _name(ctx: Ctx, use: AbilityUse) -> str:
    return ctx.name(use.source)


def _amount(use: AbilityUse) -> int:
    return use.args.get("amount", 1)


def _drew(say: tuple[str, str, str]) -> Say:
    text, public, rule = say
    return Say(text, rule=T.PLAYING if rule == T.DRAW else rule, public=public)


class Recruit(Activity):
    def carry_out(self, ctx, use):
        return Say(f"{_name(ctx, use)} resolves: {T.recruit(ctx, use.controller, _amount(use))}",
                   rule=T.PLAYING)


class Actions(Activity):
    def carry_out(self, ctx, use):
        n = _amount(use)
        T.turn_data(ctx)["actions"] += n
        return Say(f"{_name(ctx, use)} resolves: {use.controller} gets {T.count(n, 'more action', 'more actions')}, "
                   f"{T.turn_data(ctx)['actions']} left.", rule=T.PLAYING)


class Draw(Activity):
    def carry_out(self, ctx, use):
        return _drew(T.draw_say(ctx, use.controller, _amount(use), f"resolves {_name(ctx, use)} and"))


class March(Activity):
    def carry_out(self, ctx, use):
        T.turn_data(ctx)["actions"] += 1
        return _drew(T.draw_say(ctx, use.controller, 1,
                                f"resolves {_name(ctx, use)}, gets 1 more action and"))


class Summons(Activity):
    def carry_out(self, ctx, use):
        p, name = use.controller, _name(ctx, use)
        rec = T.recruit(ctx, p, 1)
        text, public, rule = T.draw_say(ctx, p, 1, "also")
        return Say(f"{name} resolves: {rec} {text}", rule=T.PLAYING if rule == T.DRAW else rule,
                   public=f"{name} resolves: {rec} {public}")


class _Picks(Activity):
    """A card that asks its player for one choice while it resolves."""

    def choices(self, ctx: Ctx, use: AbilityUse) -> tuple[str, list[Option]]:
        raise NotImplementedError

    def carry_out(self, ctx, use):
        prompt, opts = self.choices(ctx, use)
        name = _name(ctx, use)
        if not any(o.legal for o in opts):
            return Say(f"{name} resolves, but no other lord controls a hero it could touch: "
                       "nothing happens.", rule=T.PLAYING)
        return ctx.ask(Decision(use.controller, prompt, opts, kind="pick"), then="picked",
                       name="Choose for the card",
                       say=Say(f"{name} resolves: {use.controller} now makes its choice.", rule=T.PLAYING))

    def picked(self, ctx: Ctx, use: AbilityUse, ids: tuple[str, ...]) -> Say:
        raise NotImplementedError


class Plague(_Picks):
    def choices(self, ctx, use):
        opts = [Option(f"kind:{k}", f"Name the {T.kind_name(k, True)}") for k in T.COMMON_KINDS]
        return "Deadly Plague: name a kind of common hero.", opts

    def picked(self, ctx, use, ids):
        p, name = use.controller, _name(ctx, use)
        kind = ids[0].split(":", 1)[1]
        lost = []
        for q in T.order_from(ctx, p):
            for u in list(ctx.zone(T.heroes(q))):
                if T.hero_kind(ctx, u) == kind:
                    lost.append(f"{q}'s {ctx.name(u)}")
                    T.discard_hero(ctx, u)
        return Say(f"{name}: {p} names the {T.kind_name(kind, True)}; every other lord discards "
                   f"theirs: {', '.join(lost) or 'nobody had any'}. They are shuffled back into the "
                   "heroes deck.", rule=T.PLAYING)


class _HeroPick(_Picks):
    verb = "Take"
    common_only = False

    def choices(self, ctx, use):
        opts = []
        for q in T.order_from(ctx, use.controller):
            for u in ctx.zone(T.heroes(q)):
                label = f"{self.verb} {ctx.name(u)} of {q}"
                if self.common_only and T.is_legendary(ctx, u):
                    opts.append(Option(f"hero:{u}", label, False, "Bribery takes only a common hero."))
                else:
                    opts.append(Option(f"hero:{u}", label))
        return f"{_name(ctx, use)}: choose the hero.", opts

    def picked(self, ctx, use, ids):
        p, name = use.controller, _name(ctx, use)
        u = ids[0].split(":", 1)[1]
        q = ctx.owner_of(u)
        ctx.move(u, T.heroes(p))
        return Say(f"{name}: {p} takes {q}'s {ctx.name(u)}.", rule=T.PLAYING)


class Beguile(_HeroPick):
    pass


class Bribe(_HeroPick):
    common_only = True


class Ambush(_HeroPick):
    verb = "Discard"

    def picked(self, ctx, use, ids):
        name = _name(ctx, use)
        u = ids[0].split(":", 1)[1]
        q = ctx.owner_of(u)
        T.discard_hero(ctx, u)
        return Say(f"{name}: {q}'s {ctx.name(u)} is discarded and shuffled back into the heroes "
                   "deck.", rule=T.PLAYING)


EFFECTS = {"recruit": Recruit(), "actions": Actions(), "draw": Draw(), "march": March(),
           "summons": Summons(), "plague": Plague(), "beguile": Beguile(), "bribe": Bribe(),
           "ambush": Ambush()}
