"""Retinue abilities and legendary heroes: one Effect per ability, named by the
card file (`effect:`). `check` says why an ability cannot be used now (the
reason of its illegal option); `apply` does it, asking the choices it needs (a
hero to pay, a lord, a swap...) while it resolves: the picks made so far live
in the effect's frame (`use.data`).

Adding a retinue is its card and one Effect subclass here.
"""

from __future__ import annotations

from tablekit.core import AbilityUse, Ctx, Decision, Effect, Option, Pause, Say

from . import table as T

RET = T.RETINUES
VIA = " (through the Legendary Retinue)"


def _others(ctx: Ctx, p: str) -> list[str]:
    return T.order_from(ctx, p)


def _label(ctx: Ctx, u: str) -> str:
    return f"{ctx.name(u)} of {ctx.owner_of(u)}"


def _pick(p: str, prompt: str, opts: list[Option]) -> Decision:
    return Decision(p, prompt, opts, kind="pick")


def then_say(said: Say, out: Say | Pause) -> Say | Pause:
    """A pick that paid a cost (`said`), followed by what comes next: the next
    question (said is its record), or the ability applied (one record for both)."""
    if isinstance(out, Pause):
        out.say = said
        return out
    rule = said.rule if (said.rule or "").startswith("LAB-") else out.rule
    return Say(f"{said.text} {out.text}", rule=rule,
               public=f"{said.text} {out.public}" if out.public else None)


# -- retinue abilities -------------------------------------------------------------------------

class Retinue(Effect):
    """A retinue's ability, used in the retinue step. `key` is the retinue's card id;
    `costs_hero`: it costs 1 of the user's heroes, paid first."""

    key = ""
    costs_hero = False

    def label(self, ctx: Ctx, use: AbilityUse) -> str:
        return self.name(use)

    def name(self, use: AbilityUse) -> str:
        return T.retinue_name(self.key) + (VIA if use.data.get("via") else "")

    def mine(self, ctx: Ctx, use: AbilityUse) -> list[str]:
        """The user's heroes; `use.data["spent"]` is a hero about to be paid (not counted)."""
        spent = use.data.get("spent")
        return [u for u in ctx.zone(T.heroes(use.controller)) if u != spent]

    def check(self, ctx: Ctx, use: AbilityUse) -> str | None:
        if self.costs_hero and not self.mine(ctx, use):
            return "This ability costs 1 of your heroes, and you control none."
        return self.why_not(ctx, use)

    def why_not(self, ctx: Ctx, use: AbilityUse) -> str | None:
        return None

    def apply(self, ctx: Ctx, use: AbilityUse) -> Say | Pause:
        if self.costs_hero:
            p = use.controller
            opts = [Option(f"cost:{u}", f"Discard your {ctx.name(u)}") for u in ctx.zone(T.heroes(p))]
            return ctx.ask(_pick(p, f"{T.retinue_name(self.key)}: choose the hero you discard to pay.",
                                 opts), then="paid", name="Pay a hero")
        return self.go(ctx, use)

    def paid(self, ctx: Ctx, use: AbilityUse, ids: tuple[str, ...]) -> Say | Pause:
        u = ids[0].split(":", 1)[1]
        use.data["cost"] = u
        T.discard_hero(ctx, u)
        said = Say(f"{use.controller} discards {ctx.name(u)} to pay for the "
                   f"{T.retinue_name(self.key)} ability; it is shuffled back into the heroes deck.",
                   rule=RET)
        return then_say(said, self.go(ctx, use))

    def go(self, ctx: Ctx, use: AbilityUse) -> Say | Pause:
        """The ability once its cost (if any) is paid: ask the next choice, or apply it."""
        raise NotImplementedError


class Sorceresses(Retinue):
    key = "sorceresses"

    def go(self, ctx, use):
        text, public, rule = T.draw_say(ctx, use.controller, 1, f"uses the {self.name(use)} and")
        return Say(text + " (Ruling LAB-START: \"at the start of your turn\" means this retinue step, "
                   "after the draw.)", rule="LAB-START", public=public + " (ruling LAB-START)")


class Swordmasters(Retinue):
    key = "swordmasters"

    def go(self, ctx, use):
        T.turn_data(ctx)["actions"] += 1
        return Say(f"{use.controller} uses the {self.name(use)}: 1 more action this turn, "
                   f"{T.turn_data(ctx)['actions']} in all.", rule=RET)


class Illusionists(Retinue):
    key = "illusionists"

    def go(self, ctx, use):
        return Say(f"{use.controller} uses the {self.name(use)}: {T.recruit(ctx, use.controller, 2)}",
                   rule=RET)


class _DiscardAHero(Retinue):
    """Head Hunters and Archeresses: another lord's hero of one sort is discarded."""

    legendary = True

    def why_not(self, ctx, use):
        p = use.controller
        if not any(T.is_legendary(ctx, u) == self.legendary for q in _others(ctx, p)
                   for u in ctx.zone(T.heroes(q))):
            what = "legendary" if self.legendary else "non-legendary"
            return (f"No other lord controls a {what} hero to discard (ruling LAB-TARGET: the lord "
                    "chosen is another lord).")
        return None

    def go(self, ctx, use):
        opts = []
        for q in _others(ctx, use.controller):  # ruling LAB-TARGET: "a lord" is another lord
            for u in ctx.zone(T.heroes(q)):
                if T.is_legendary(ctx, u) == self.legendary:
                    opts.append(Option(f"hero:{u}", f"Discard {_label(ctx, u)}"))
        what = "legendary" if self.legendary else "non-legendary"
        return ctx.ask(_pick(use.controller, f"{T.retinue_name(self.key)}: choose another lord's {what} "
                             "hero to discard; you pick the hero, and so its lord (ruling LAB-TARGET).",
                             opts), then="chosen", name="Choose a hero")

    def chosen(self, ctx, use, ids):
        u = ids[0].split(":", 1)[1]
        owner = ctx.owner_of(u)
        T.discard_hero(ctx, u)
        return Say(f"{use.controller} uses the {self.name(use)} on {owner}: {ctx.name(u)} is discarded "
                   "and shuffled back into the heroes deck.", rule=RET)


class HeadHunters(_DiscardAHero):
    key = "head_hunters"
    legendary = True


class Archeresses(_DiscardAHero):
    key = "archeresses"
    legendary = False


class Architects(Retinue):
    key = "architects"
    costs_hero = True

    def why_not(self, ctx, use):
        p = use.controller
        if not ctx.zone(T.hand(p)):
            return "You hold no influence card to swap."
        if not any(ctx.zone(T.hand(q)) for q in _others(ctx, p)):
            return "No other lord holds an influence card to swap with."
        return None

    def go(self, ctx, use):
        p = use.controller
        mine = bool(ctx.zone(T.hand(p)))
        opts = []
        for q in _others(ctx, p):
            if not ctx.zone(T.hand(q)):
                opts.append(Option(f"lord:{q}", f"Look at {q}'s hand", False,
                                   f"{q} holds no influence card to swap."))
            else:
                opts.append(Option(f"lord:{q}", f"Look at {q}'s hand", mine,
                                   "" if mine else "You hold no influence card to swap."))
        return ctx.ask(_pick(p, "Retinue of Architects: choose the lord whose hand you look at.", opts),
                       then="looked", name="Choose a lord")

    def looked(self, ctx, use, ids):
        p, q = use.controller, ids[0].split(":", 1)[1]
        use.data["lord"] = q
        opts = [Option(f"swap:{a}:{b}", f"Give your {ctx.name(a)}, take {q}'s {ctx.name(b)}")
                for a in ctx.zone(T.hand(p)) for b in ctx.zone(T.hand(q))]
        return ctx.ask(_pick(p, f"Retinue of Architects: {q}'s hand is open to you; choose the swap: "
                             "you pick both cards (ruling LAB-ARCHITECTS-PICK).", opts),
                       then="swapped", name="Choose the swap",
                       say=Say(f"{p} chooses to look at {q}'s hand.", rule=RET))

    def swapped(self, ctx, use, ids):
        p, q = use.controller, use.data["lord"]
        _, a, b = ids[0].split(":")
        name = self.name(use)
        seen = ctx.names(ctx.zone(T.hand(q)))
        ctx.move(a, T.hand(q))
        ctx.move(b, T.hand(p))
        return Say(f"{p} uses the {name}: looks at {q}'s hand ({seen}) and swaps {ctx.name(a)} for "
                   f"{ctx.name(b)}, choosing both cards (ruling LAB-ARCHITECTS-PICK).",
                   rule="LAB-ARCHITECTS-PICK",
                   public=f"{p} uses the {name}: looks at {q}'s hand and swaps one influence card "
                          "with them, choosing both (ruling LAB-ARCHITECTS-PICK).")


class SistersOfWar(Retinue):
    key = "sisters_of_war"
    costs_hero = True

    def go(self, ctx, use):
        T.turn_data(ctx)["actions"] += 1
        text, public, rule = T.draw_say(ctx, use.controller, 1,
                                        f"uses the {self.name(use)}, gets 1 more action and")
        return Say(text, rule=rule if rule != T.DRAW else RET, public=public)


class Archpriestesses(Retinue):
    key = "archpriestesses"
    costs_hero = True

    def why_not(self, ctx, use):
        if len(self.mine(ctx, use)) < 2:
            return "You need a hero to pay and another to give in the swap."
        if not any(ctx.zone(T.heroes(q)) for q in _others(ctx, use.controller)):
            return "No other lord controls a hero to swap with."
        return None

    def go(self, ctx, use):
        p = use.controller
        opts = [Option(f"swap:{a}:{b}", f"Give your {ctx.name(a)}, take {_label(ctx, b)}")
                for a in ctx.zone(T.heroes(p)) for q in _others(ctx, p) for b in ctx.zone(T.heroes(q))]
        return ctx.ask(_pick(p, "Retinue of Archpriestesses: choose the heroes to swap.", opts),
                       then="swapped", name="Choose the swap")

    def swapped(self, ctx, use, ids):
        p = use.controller
        _, a, b = ids[0].split(":")
        q = ctx.owner_of(b)
        ctx.move(a, T.heroes(q))
        ctx.move(b, T.heroes(p))
        return Say(f"{p} uses the {self.name(use)}: gives {ctx.name(a)} to {q} and takes {q}'s "
                   f"{ctx.name(b)}.", rule=RET)


class Legendary(Retinue):
    """Pay a hero, then use the ability of any non-legendary retinue (ruling
    LAB-LEGEND-COPY): the borrowed ability resolves as an effect of its own."""

    key = T.LEGENDARY
    costs_hero = True

    def borrowed(self, ctx: Ctx, use: AbilityUse, r: str, spent: str | None = None) -> str | None:
        data = {"spent": spent} if spent else {}
        eff = ctx.game.effect(retinue_effect(ctx, r)[0])
        return eff.check(ctx, AbilityUse(use.source, use.controller, None, data=data))

    def why_not(self, ctx, use):
        mine = self.mine(ctx, use)
        if all(self.borrowed(ctx, use, r, spent=mine[0]) for r in T.RETINUE_OF.values()):
            return "No non-legendary retinue's ability could be used after paying a hero."
        return None

    def go(self, ctx, use):
        opts = []
        for r in T.RETINUE_OF.values():
            why = self.borrowed(ctx, use, r)
            opts.append(Option(f"copy:{r}", f"Use the ability of the {T.retinue_name(r)}",
                               why is None, why or "", rule=T.cited_rule(why)))
        return ctx.ask(_pick(use.controller, "Legendary Retinue: choose the non-legendary retinue whose "
                             "ability you use.", opts), then="copied", name="Borrow an ability")

    def copied(self, ctx, use, ids):
        p, r = use.controller, ids[0].split(":", 1)[1]
        said = Say(f"{p} uses the Legendary Retinue to borrow the ability of the "
                   f"{T.retinue_name(r)} (ruling LAB-LEGEND-COPY: any of the eight, with its own "
                   "cost, if any).", rule="LAB-LEGEND-COPY")
        out = ctx.start(retinue_effect(ctx, r)[0], source=use.source, controller=p,
                        data={"via": T.LEGENDARY})
        if isinstance(out, Pause):
            return said  # the borrowed ability asks its own choices, in its own frame
        return then_say(said, out)


RETINUE_EFFECTS: dict[str, Retinue] = {e.key: e for e in (
    Sorceresses(), Swordmasters(), Illusionists(), HeadHunters(), Legendary(), Archeresses(),
    Architects(), SistersOfWar(), Archpriestesses())}


def retinue_effect(ctx: Ctx, r: str) -> tuple[str, int]:
    """The effect a retinue card names, and the index of that ability."""
    for i, ab in enumerate(ctx.defs[r].abilities):
        if ab.type == "action" and ab.window == "retinue":
            return ab.effect, i
    raise ValueError(f"retinue {r!r} names no ability")  # pragma: no cover


# The rulebook: a lord with a retinue may use the retinue's ability once in each of
# the lord's turns, and with 2 identical retinues twice in each of those turns.
# Each marker of the lord's on the retinue card is one use: the ability is
# `once_per: target` in the card file, its target the marker ("1", "2"), checked
# by ctx.usable and recorded by ctx.note_use; the engine forgets the uses when the
# turn ends.
USED_UP = ("Each gathered retinue is used at most once a turn (twice for two identical "
           "retinues), and this one is used up.")


def _markers(ctx: Ctx, p: str) -> dict[str, int]:
    """Each retinue p gathered, with p's number of markers on it."""
    out: dict[str, int] = {}
    for r in T.gathered(ctx, p):
        out[r] = out.get(r, 0) + 1
    return out


def _retinue_use(ctx: Ctx, p: str, r: str) -> AbilityUse:
    return AbilityUse(r, p, ctx.defs[r].abilities[retinue_effect(ctx, r)[1]])


def _marker(ctx: Ctx, use: AbilityUse, n: int) -> str:
    """The first of the lord's n markers on the retinue not used this turn (the last
    one when all are)."""
    return next((str(k) for k in range(1, n + 1) if not ctx.used(use, target=str(k))), str(n))


def retinue_uses_left(ctx: Ctx, p: str) -> dict[str, int]:
    """Each gathered retinue with the uses left this turn (two identical: twice)."""
    out = {}
    for r, n in _markers(ctx, p).items():
        use = _retinue_use(ctx, p, r)
        out[r] = sum(1 for k in range(1, n + 1) if not ctx.used(use, target=str(k)))
    return out


def retinue_options(ctx: Ctx, p: str) -> list[Option]:
    opts = []
    for r, n in _markers(ctx, p).items():
        use = _retinue_use(ctx, p, r)
        marker = _marker(ctx, use, n)
        why = ctx.usable(use, target=marker)
        if why and ctx.used(use, target=marker):
            why = USED_UP  # the core's "used on that target already", in the rulebook's words
        opts.append(Option(f"use:{r}", f"Use the {T.retinue_name(r)}", why is None, why or "",
                           rule=T.cited_rule(why)))
    return opts


def note_retinue_use(ctx: Ctx, p: str, r: str) -> None:
    """p uses one of their markers on retinue r for this turn."""
    use = _retinue_use(ctx, p, r)
    ctx.note_use(use, target=_marker(ctx, use, _markers(ctx, p)[r]))


def use_retinue(ctx: Ctx, p: str, r: str) -> Say:
    """Start a retinue's ability; its choices (if any) follow in its frame."""
    eff, i = retinue_effect(ctx, r)
    out = ctx.start(eff, source=r, controller=p, ability=i)
    if isinstance(out, Pause):
        return Say(f"{p} uses the {T.retinue_name(r)} (ruling LAB-START: a retinue's \"start of "
                   "your turn\" is this step, after the draw); the choices follow.", rule="LAB-START")
    return out


# -- legendary heroes used before actions ------------------------------------------------------------

class Legend(Effect):
    """A legendary hero used before the actions (each once a turn). `targets`
    lists the option suffixes (a lord, a hero; None: no target) with their label;
    `check` with `use.data["target"]` says why a target cannot be chosen."""

    def targets(self, ctx: Ctx, use: AbilityUse, name: str) -> list[tuple[str | None, str]]:
        raise NotImplementedError

    def options(self, ctx: Ctx, use: AbilityUse) -> list[Option]:
        u, name = use.source, ctx.name(use.source)
        opts = []
        for t, label in self.targets(ctx, use, name):
            oid = f"use:{u}" if t is None else f"use:{u}:{t}"
            why = ctx.usable(AbilityUse(u, use.controller, use.ability, data={"target": t}))
            opts.append(Option(oid, label, why is None, why or "", rule=T.cited_rule(why)))
        return opts


class Warlock(Legend):
    def targets(self, ctx, use, name):
        return [(None, f"{name}: take 1 influence card")]

    def apply(self, ctx, use):
        text, public, rule = T.draw_say(ctx, use.controller, 1, f"uses the {ctx.name(use.source)} and")
        return Say(text, rule=T.LEGENDS if rule == T.DRAW else rule, public=public)


class Thief(Legend):
    def targets(self, ctx, use, name):
        return [(q, f"{name}: take a random card from {q}'s hand") for q in _others(ctx, use.controller)]

    def check(self, ctx, use):
        q = use.data.get("target")
        return f"{q} holds no influence card." if q and not ctx.zone(T.hand(q)) else None

    def apply(self, ctx, use):
        p, q, name = use.controller, use.data["target"], ctx.name(use.source)
        h = ctx.zone(T.hand(q))
        card = h[ctx.randbelow(len(h))]
        ctx.move(card, T.hand(p))
        return Say(f"{p} uses the {name}: takes {ctx.name(card)} at random from {q}'s hand.",
                   rule=T.LEGENDS, public=f"{p} uses the {name}: takes a card at random from {q}'s hand.")


class _Slayer(Legend):
    """Reaper, Assassin and Golem: another lord's hero is discarded (not a Paladin's
    lord's). `legendary`: the sort of hero it may hit (None: any hero)."""

    legendary: bool | None = True

    def targets(self, ctx, use, name):
        return [(h, f"{name}: discard {_label(ctx, h)}") for q in _others(ctx, use.controller)
                for h in ctx.zone(T.heroes(q)) if self.legendary in (None, T.is_legendary(ctx, h))]

    def check(self, ctx, use):
        h = use.data.get("target")
        if h is not None and T.shielded(ctx, ctx.owner_of(h)):
            return (f"{ctx.owner_of(h)}'s Paladin keeps other lords' legendary heroes from discarding "
                    "their heroes.")
        return None

    def apply(self, ctx, use):
        h = use.data["target"]
        q = ctx.owner_of(h)
        T.discard_hero(ctx, h)
        return Say(f"{use.controller} uses the {ctx.name(use.source)}: {q}'s {ctx.name(h)} is discarded "
                   "and shuffled back into the heroes deck.", rule=T.LEGENDS)


class Reaper(_Slayer):
    legendary = False


class Assassin(_Slayer):
    legendary = True


class Golem(_Slayer):
    legendary = None


LEGEND_EFFECTS: dict[str, Legend] = {"warlock": Warlock(), "golem": Golem(), "thief": Thief(),
                                     "reaper": Reaper(), "assassin": Assassin()}


def _legend_ability(ctx: Ctx, u: str) -> tuple[int, object] | None:
    for i, ab in enumerate(ctx.defn(u).abilities):
        if ab.type == "action" and ab.window == "legend":
            return i, ab
    return None


def legend_used(ctx: Ctx, p: str, u: str) -> bool:
    """Whether p's legendary hero u was used already this turn (its ability is
    `once_per: turn` in the card file)."""
    found = _legend_ability(ctx, u)
    return found is not None and ctx.used(AbilityUse(u, p, found[1]))


def legend_options(ctx: Ctx, p: str) -> list[Option]:
    opts = []
    for u in ctx.zone(T.heroes(p)):
        if not T.acts_before_actions(ctx, u):
            continue
        found = _legend_ability(ctx, u)
        if found is None:  # pragma: no cover - a card file without the hero's ability
            continue
        i, ab = found
        use = AbilityUse(u, p, ab)
        if ctx.used(use):  # one option, in the game's words, rather than one per target
            name = ctx.name(u)
            opts.append(Option(f"use:{u}", f"Use your {name}", False,
                               f"This {name} was used already this turn (each legendary hero once a "
                               "turn, ruling LAB-LEGEND-ONCE).", rule="LAB-LEGEND-ONCE"))
            continue
        opts.extend(ctx.game.effect(ab.effect).options(ctx, use))  # each through ctx.usable
    return opts


def use_legend(ctx: Ctx, p: str, oid: str) -> Say:
    parts = oid.split(":")
    u = parts[1]
    i, ab = _legend_ability(ctx, u)
    ctx.note_use(AbilityUse(u, p, ab))
    data = {"target": parts[2]} if len(parts) > 2 else {}
    return ctx.start(ab.effect, source=u, controller=p, ability=i, data=data)


EFFECTS: dict[str, Effect] = {**RETINUE_EFFECTS, **LEGEND_EFFECTS}
