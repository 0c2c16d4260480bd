"""The effects Foe Hunters' cards name, and the ones its rules start (playing a
card, using a feat, resolving a foe card). Every effect has the core's one shape:
stages that ask with `ctx.ask` keep their picks in `use.data`."""

from __future__ import annotations

from typing import Any

from tablekit.core import AbilityUse, Ctx, Decision, Effect, Option, Pause, Say
from tablekit.core.cards import Field
from tablekit.core.schemas import STEPS
from tablekit.core.words import listing

from . import damage as D
from . import table as T


def text_of(out: Any) -> str:
    if isinstance(out, Say):
        return out.text
    return out if isinstance(out, str) else ""


def _base(ctx: Ctx, amount: Any) -> int:
    """A printed amount: a number, or P (the number of players, R-138)."""
    return T.n_players(ctx) if amount == "P" else int(amount)


def _in_play(ctx: Ctx, p: str, card_id: str) -> str | None:
    return next((u for u in ctx.zone(T.play(p)) if ctx.defn(u).id == card_id), None)


def _counters(ctx: Ctx, uid: str | None) -> int:
    return int((ctx.card(uid).get("counters") or {}).get("counters", 0)) if uid else 0


def _card_label(ctx: Ctx, use: AbilityUse, fallback: str) -> str:
    if use.source and use.source in ctx.state.cards:
        return T.target_name(ctx, use.source)
    return fallback


def then_wait(ctx: Ctx, out: Any, then: str, say: str, data: dict | None = None) -> Any:
    """After starting a frame: go on at `then` when it paused, else at once."""
    if isinstance(out, Pause):
        return ctx.wait(then, data=data, say=joined(say, out))
    return None


def joined(say: str, out: Any) -> str | None:
    """This stage's words, then those of the frame it started (which paused)."""
    inner = out.say if isinstance(out, Pause) and isinstance(out.say, str) else ""
    text = " ".join(t for t in (say, inner) if t)
    return text or None


def target_options(ctx: Ctx, targets: list[str], refused: list[tuple[str, str, str]],
                   prefix: str = "target:") -> list[Option]:
    """The enemy targets to choose from, then what a player might aim at that is no enemy target
    of this effect, offered as illegal with the reason (T.refused_targets)."""
    return ([Option(f"{prefix}{t}", T.target_label(ctx, t)) for t in targets]
            + [Option(f"{prefix}{u}", T.target_label(ctx, u), False, why, rule=rule or None)
               for u, why, rule in refused])


def refused_note(label: str, refused: list[tuple[str, str, str]]) -> str:
    """When the one legal target is hit without asking, the record says why nothing else could
    be chosen (what a decision would have shown refused)."""
    if not refused:
        return ""
    return f" {label} can hit no other target: " + "; ".join(why for _, why, _ in refused) + "."


def no_copy_note(ctx: Ctx, hit: list[str]) -> str:
    """Why Focus: Aeromancer makes no copy when nothing is asked: every enemy target is hit by
    the effect already (FAQ-09, ruling FH-FOCUS), and the foe may be no target at all."""
    if not hit:
        text = " Focus: Aeromancer makes no copy: there is no other enemy target (FAQ-09, ruling FH-FOCUS)"
    else:
        names = listing([T.target_name(ctx, t) for t in hit])
        only = "the only enemy target, is" if len(hit) == 1 else "the only enemy targets, are"
        text = (f" Focus: Aeromancer makes no copy: the copy must go to one more target, and {names}, {only} "
                "already hit by this effect (FAQ-09, ruling FH-FOCUS)")
    return text + "".join(f"; {why}" for _, why, _ in T.refused_targets(ctx)) + "."


def no_target_note(ctx: Ctx, foe: bool) -> str:
    """Why the foe is no target either, when that is why nothing can be hit."""
    refused = T.refused_targets(ctx, foe=foe)
    return f"; {refused[0][1]}" if refused else ""


# -- what a card may give each effect (checked by the card file's schema) --------------------

DTYPE = Field(str, choices=T.DTYPES, doc="the damage type")
COUNT = Field(int, minimum=1, maximum=9, doc="how many")
AMOUNT = {"anyOf": [{"type": "integer", "minimum": 0, "maximum": 20}, {"const": "P"}],
          "description": "how much: a number, or P (the number of players, R-138)"}
NO_ARGS: dict = {}

# -- hero-side effects ---------------------------------------------------------------------

class Deal(Effect):
    """Deal damage to an enemy target, to each enemy target, or divided among some
    (FAQ-07, FAQ-08): power is added per instance (the divided total first)."""
    arg_fields = {"amount": AMOUNT, "dtype": DTYPE, "also": Field(str, choices=T.DTYPES, doc="a second "
                  "damage type dealt with the same amount"),
                  "target": Field(str, choices=("enemy", "each", "divided", "non_foe"), doc="an enemy target "
                                  "(the default), each one, divided among some, or a vassal"),
                  "among": Field(int, minimum=2, maximum=6, doc="divided damage: up to this many targets"),
                  "by": Field(str, choices=("hero", "ally"), doc="who deals it: the hero (a hero source) or "
                              "an ally")}

    def label(self, ctx: Ctx, use: AbilityUse) -> str:
        a = use.args
        return _card_label(ctx, use, f"Deal {a.get('amount')} damage")

    def _by(self, use: AbilityUse) -> str:
        return use.args.get("by", "hero")

    def apply(self, ctx: Ctx, use: AbilityUse) -> Any:
        mode = use.args.get("target", "enemy")
        targets = T.enemy_targets(ctx, foe=mode != "non_foe")
        if not targets:
            return Say(f"{self.label(ctx, use)}: there is no enemy target with hit points "
                       f"(ruling FH-TARGETS){no_target_note(ctx, mode != 'non_foe')}.", rule="FH-TARGETS")
        if mode == "each":
            return self.strike(ctx, use, targets)
        refused = T.refused_targets(ctx, foe=mode != "non_foe")
        if mode == "divided":
            return ctx.ask(self.ask_split_targets(ctx, use, targets, refused), then="split_targets",
                           name="Choose the targets")
        if len(targets) == 1:  # no choice to make: not asked, the record says what was refused
            return self.strike(ctx, use, targets, refused_note(self.label(ctx, use), refused))
        opts = target_options(ctx, targets, refused)
        return ctx.ask(Decision(use.controller, f"{self.label(ctx, use)}: choose an enemy target.", opts,
                                kind="target"), then="targeted", name="Choose a target")

    def targeted(self, ctx: Ctx, use: AbilityUse, ids: tuple) -> Any:
        return self.strike(ctx, use, [ids[0].split(":", 1)[1]])

    def strike(self, ctx: Ctx, use: AbilityUse, targets: list[str], note: str = "") -> Any:
        a, p = use.args, use.controller
        base = _base(ctx, a.get("amount", 0))
        types = [a.get("dtype")] + ([a["also"]] if a.get("also") else [])
        insts = [D.instance(t, T.amount_for(ctx, base, p, self._by(use), dt, t), dt, use.source, p, self._by(use))
                 for t in targets for dt in types]
        said = f"{self.label(ctx, use)}: {p} deals " + ", ".join(
            f"{T.damage_words(i['amount'], i['dtype'])} to {T.target_name(ctx, i['target'])}" for i in insts) + "."
        said += note
        return self._go(ctx, use, insts, said)

    def _go(self, ctx: Ctx, use: AbilityUse, insts: list[dict], said: str) -> Any:
        """Offer the copies (Focus: Aeromancer, then Maelstrom: FAQ-09, FAQ-10), then deal
        every instance in one batch, so they resolve together (FAQ-11)."""
        use.data.update({"insts": insts, "said0": said})
        p = use.controller
        if self._by(use) == "hero" and p in ctx.players:
            air = [i for i in insts if i["dtype"] == "air" and not i.get("copy")]
            if air and _in_play(ctx, p, "focus_aeromancer"):
                hit = {i["target"] for i in air}
                n = air[0]["amount"]
                # one more target: the targets this effect hits already are offered as illegal
                # (FAQ-09, ruling FH-FOCUS), and so is a foe that is no enemy target
                refused = [(t, f"{T.target_name(ctx, t)} is already hit by this effect: the copy goes to "
                               "one more target (FAQ-09, ruling FH-FOCUS)", "FH-FOCUS")
                           for t in T.enemy_targets(ctx) if t in hit] + T.refused_targets(ctx)
                others = [t for t in T.enemy_targets(ctx) if t not in hit]
                if not others:  # no_copy is the one legal answer: not asked, the record says why
                    use.data["said0"] = said = said + no_copy_note(ctx, [t for t in T.enemy_targets(ctx)
                                                                         if t in hit])
                    return self.maelstrom(ctx, use, ())
                opts = [Option(o.id, f"Deal {n} air damage to {o.label} too", o.legal, o.reason, rule=o.rule)
                        for o in target_options(ctx, others, refused, prefix="copy:")]
                opts.append(Option("no_copy", "No second target"))
                return ctx.ask(Decision(p, f"Focus: Aeromancer: deal that same {n} air damage to one more "
                                        "target (the copy is not changed by power again, FAQ-09)?", opts,
                                        kind="copy", default=opts[0].id), then="aero",
                               name="Focus: Aeromancer", say=said)
        return self.maelstrom(ctx, use, ())

    def aero(self, ctx: Ctx, use: AbilityUse, ids: tuple) -> Any:
        if ids[0] != "no_copy":
            t = ids[0].split(":", 1)[1]
            first = next(i for i in use.data["insts"] if i["dtype"] == "air" and not i.get("copy"))
            use.data["insts"].append({**first, "target": t, "copy": True})
            use.data["said0"] += f" Focus: Aeromancer deals that {first['amount']} air damage to " \
                                 f"{T.target_name(ctx, t)} too (FAQ-09)."
        return self.maelstrom(ctx, use, ())

    def maelstrom(self, ctx: Ctx, use: AbilityUse, ids: tuple) -> Any:
        p = use.controller
        m = _in_play(ctx, p, "maelstrom") if self._by(use) == "hero" and p in ctx.players else None
        left = _counters(ctx, m) if m else 0
        insts = use.data["insts"]
        if m and left > 0 and insts:
            opts = [Option(f"maelstrom:{k}", f"Copy {T.damage_words(i['amount'], i['dtype'])} to "
                           f"{T.target_name(ctx, i['target'])}") for k, i in enumerate(insts)]
            return ctx.ask(Decision(p, f"Maelstrom ({left} counters): remove a counter for each instance you "
                                    "copy (copies may be copied, FAQ-10).", opts, min=0,
                                    max=min(left, len(insts)), kind="maelstrom"), then="mael", name="Maelstrom",
                           say=use.data["said0"] if not ids else None)
        return self.deal_all(ctx, use)

    def mael(self, ctx: Ctx, use: AbilityUse, ids: tuple) -> Any:
        if ids:
            m = _in_play(ctx, use.controller, "maelstrom")
            ctx.card(m)["counters"] = {"counters": _counters(ctx, m) - len(ids)}
            copies = [dict(use.data["insts"][int(i.split(":")[1])], copy=True) for i in ids]
            use.data["insts"] += copies
            use.data["said0"] += (f" Maelstrom loses {len(ids)} counter{'s' if len(ids) > 1 else ''} and copies "
                                  + ", ".join(f"{T.damage_words(c['amount'], c['dtype'])} to "
                                              f"{T.target_name(ctx, c['target'])}" for c in copies)
                                  + "; every instance resolves at the same time (FAQ-10, FAQ-11).")
        return self.deal_all(ctx, use)

    def deal_all(self, ctx: Ctx, use: AbilityUse) -> Any:
        out = D.deal(ctx, use.data["insts"], use.controller, use.data["said0"])
        return then_wait(ctx, out, "dealt", "") or out

    def dealt(self, ctx: Ctx, use: AbilityUse, ids: tuple) -> Say:
        return Say(f"{self.label(ctx, use)} is done.")

    # divided damage (FAQ-07): the total after power, split as the dealer chooses
    def ask_split_targets(self, ctx: Ctx, use: AbilityUse, targets: list[str],
                          refused: list[tuple[str, str, str]]) -> Decision:
        k = int(use.args.get("among", 2))
        opts = target_options(ctx, targets, refused)
        return Decision(use.controller, f"{self.label(ctx, use)}: choose up to {k} enemy targets.", opts,
                        min=1, max=min(k, len(targets)), kind="targets")

    def split_targets(self, ctx: Ctx, use: AbilityUse, ids: tuple) -> Any:
        targets = [i.split(":", 1)[1] for i in ids]
        p = use.controller
        total = int(ctx.stat("power", _base(ctx, use.args.get("amount", 0)), player=p,
                             event={"dtype": use.args.get("dtype")}))
        use.data.update({"targets": targets, "total": max(total, 0)})
        if len(targets) == 1:
            return self.split(ctx, use, (f"split:{targets[0]}:{use.data['total']}",))
        opts = [Option(f"split:{t}:{n}", f"{n} to {T.target_name(ctx, t)}")
                for t in targets for n in range(use.data["total"] + 1)]
        d = Decision(p, f"{self.label(ctx, use)}: divide {T.points(use.data['total'])} of damage (with your "
                     f"power) among {', '.join(T.target_name(ctx, t) for t in targets)}: one amount each.",
                     opts, min=len(targets), max=len(targets), kind="split")
        return ctx.ask(d, then="split", name="Divide the damage", validate="check_split")

    def check_split(self, ctx: Ctx, use: AbilityUse, ids: tuple) -> str | None:
        picks = [i.split(":") for i in ids]
        if len({t for _, t, _ in picks}) != len(picks):
            return "give each target exactly one amount"
        got = sum(int(n) for _, _, n in picks)
        if got != use.data["total"]:
            return (f"the amounts add up to {got}, but the damage to divide is {use.data['total']} "
                    "(power is added before dividing, FAQ-07)")
        return None

    def split(self, ctx: Ctx, use: AbilityUse, ids: tuple) -> Any:
        p, dt = use.controller, use.args.get("dtype")
        insts = []
        for i in ids:
            _, t, n = i.split(":")
            if int(n) > 0:
                insts.append(D.instance(t, T.amount_for(ctx, int(n), p, "hero", dt, t, power=False), dt,
                                        use.source, p, "hero"))
        said = f"{self.label(ctx, use)}: {p} divides the damage: " + ", ".join(
            f"{T.damage_words(i['amount'], dt)} to {T.target_name(ctx, i['target'])}" for i in insts) + "."
        return self._go(ctx, use, insts, said)


class MarkTarget(Deal):
    """The Pathfinder's feat (FAQ-16): the marker first, then 1 damage; power counts,
    the mark does not (ruling FH-MARKED: one marker, moved by a new use)."""
    arg_fields = NO_ARGS

    def label(self, ctx: Ctx, use: AbilityUse) -> str:
        return "Marked Target"

    def apply(self, ctx: Ctx, use: AbilityUse) -> Any:
        targets = T.enemy_targets(ctx)
        if not targets:
            return Say(f"Marked Target: there is no enemy target with hit points (ruling FH-TARGETS)"
                       f"{no_target_note(ctx, True)}.", rule="FH-TARGETS")
        opts = target_options(ctx, targets, T.refused_targets(ctx))
        return ctx.ask(Decision(use.controller, "Marked Target: choose an enemy target to mark.", opts,
                                kind="target"), then="targeted", name="Choose a target")

    def targeted(self, ctx: Ctx, use: AbilityUse, ids: tuple) -> Any:
        t = ids[0].split(":", 1)[1]
        p = use.controller
        ctx.extra["marked"] = t
        n = T.amount_for(ctx, 1, p, "hero", None, t, mark=False)
        said = (f"{p} puts the Marked Target marker on {T.target_name(ctx, t)}, then deals it "
                f"{T.damage_words(n, None)} (power counts, the mark does not: FAQ-16).")
        return self._go(ctx, use, [D.instance(t, n, None, use.source, p, "hero")], said)


class Heal(Effect):
    arg_fields = {"amount": Field(int, True, minimum=1, maximum=20, doc="how many HP"),
                  "target": Field(str, choices=("self",), doc="self: your own hero (else you choose a hero)")}

    def label(self, ctx: Ctx, use: AbilityUse) -> str:
        return _card_label(ctx, use, "Heal")

    def apply(self, ctx: Ctx, use: AbilityUse) -> Any:
        p, n = use.controller, int(use.args.get("amount", 0))
        if use.args.get("target") == "self":
            return self.healed(ctx, use, (f"heal:{p}",))
        opts = []
        for q in ctx.players:
            if T.is_incap(ctx, q):
                opts.append(Option(f"heal:{q}", f"Heal {q}", False, f"{q} is incapacitated and cannot be "
                                   "healed (R-126)"))
            else:
                opts.append(Option(f"heal:{q}", f"Heal {q} ({ctx.counter(q, 'hp')} of {T.max_hp(ctx, q)} HP)"))
        return ctx.ask(Decision(p, f"{self.label(ctx, use)}: heal which hero {n} HP?", opts, kind="heal"),
                       then="healed", name="Choose a hero")

    def healed(self, ctx: Ctx, use: AbilityUse, ids: tuple) -> Say:
        q = ids[0].split(":", 1)[1]
        ev = ctx.do("heal", target=q, amount=int(use.args.get("amount", 0)))
        return Say(f"{self.label(ctx, use)}: {D.heal_words(ev)}.", rule=T.DAMAGE)


class Draw(Effect):
    arg_fields = {"n": COUNT}

    def label(self, ctx: Ctx, use: AbilityUse) -> str:
        return _card_label(ctx, use, "Draw")

    def apply(self, ctx: Ctx, use: AbilityUse) -> Say:
        s = T.draw_say(ctx, use.controller, int(use.args.get("n", 1)), rule=T.DRAW_SEC)
        return Say(f"{self.label(ctx, use)}: {s.text}", rule=s.rule, public=f"{self.label(ctx, use)}: {s.public}")


class GainXp(Effect):
    arg_fields = {"n": COUNT}

    def label(self, ctx: Ctx, use: AbilityUse) -> str:
        return _card_label(ctx, use, "Gain XP")

    def apply(self, ctx: Ctx, use: AbilityUse) -> Say:
        return Say(f"{self.label(ctx, use)}: {T.gain_xp(ctx, use.controller, int(use.args.get('n', 1)))}.",
                   rule=T.BUYING)


class Power(Effect):
    """+N power (of one type, or of every type): for the rest of this turn for your own
    hero (R-139, R-141), held as a lasting effect after the Ability card has gone to the
    discard pile; or, with `who: party` (every hero not incapacitated) or `who: choose`
    (a hero you pick), until the beginning of your next turn (ruling FH-UNTIL-WHOSE)."""
    arg_fields = {"add": Field(int, minimum=1, maximum=9, doc="how much power"), "dtype": DTYPE,
                  "who": Field(str, choices=("self", "party", "choose"), doc="your hero this turn (the "
                               "default), or every hero / a hero of your choice until your next turn")}

    def label(self, ctx: Ctx, use: AbilityUse) -> str:
        return _card_label(ctx, use, "Power")

    def what(self, use: AbilityUse) -> str:
        n, dt = int(use.args.get("add", 1)), use.args.get("dtype")
        return f"+{n} {dt} power" if dt else f"+{n} power"

    def apply(self, ctx: Ctx, use: AbilityUse) -> Any:
        who = use.args.get("who", "self")
        if who == "choose":
            return ctx.ask(Decision(use.controller, f"{self.label(ctx, use)}: which hero receives "
                                    f"{self.what(use)}?", hero_options(ctx), kind="hero"),
                           then="chosen", name="Choose a hero")
        if who == "party":
            return self.give(ctx, use, T.active_heroes(ctx))
        return self.give(ctx, use, [use.controller])

    def chosen(self, ctx: Ctx, use: AbilityUse, ids: tuple) -> Say:
        return self.give(ctx, use, [ids[0].split(":", 1)[1]])

    def give(self, ctx: Ctx, use: AbilityUse, heroes: list[str]) -> Say:
        p, n, dt = use.controller, int(use.args.get("add", 1)), use.args.get("dtype")
        what = self.what(use)
        spec: dict[str, Any] = {"stat": "power", "add": n}
        if dt:
            spec["if"] = {"dtype": dt}
        if use.args.get("who", "self") == "self":
            ctx.add_lasting("modifier", "turn", f"{p}'s {what} this turn ({self.label(ctx, use)})",
                            source=use.source, controller=p, players=[p], **spec)
            return Say(f"{self.label(ctx, use)}: {p}'s hero receives {what} this turn.", rule=T.POWER)
        names = listing(heroes)
        ctx.add_lasting("modifier", {"turn_of": p}, f"{what} for {names} until the beginning of {p}'s next "
                        f"turn ({self.label(ctx, use)})", source=use.source, controller=p, players=heroes,
                        **spec)
        return Say(f"{self.label(ctx, use)}: {names} {T.agree(len(heroes), 'receives', 'receive')} {what} "
                   f"until the beginning of {p}'s next turn (R-139, ruling FH-UNTIL-WHOSE).",
                   rule="FH-UNTIL-WHOSE")


def hero_options(ctx: Ctx) -> list[Option]:
    """A hero of your choice: any hero who is not incapacitated."""
    return [Option(f"hero:{q}", q, not T.is_incap(ctx, q), f"{q} is incapacitated (R-126)")
            for q in ctx.players]


class Ward(Effect):
    """Prevention of one damage type (the Cult's tip, R-103): until the beginning of your
    next turn, every instance of that type that would be dealt to the warded heroes (your
    own, or every hero not incapacitated) is prevented before anything else is asked
    (ruling FH-WARD)."""
    arg_fields = {"dtype": Field(str, True, T.DTYPES, doc="the damage type prevented"),
                  "who": Field(str, choices=("party", "self"), doc="every hero still standing (the default) "
                               "or your own")}

    def label(self, ctx: Ctx, use: AbilityUse) -> str:
        return _card_label(ctx, use, "Ward")

    def apply(self, ctx: Ctx, use: AbilityUse) -> Say:
        p, dt = use.controller, use.args["dtype"]
        heroes = T.active_heroes(ctx) if use.args.get("who", "party") == "party" else [p]
        names = listing(heroes)
        ctx.add_lasting("modifier", {"turn_of": p}, f"{dt} damage to {names} is prevented until the beginning "
                        f"of {p}'s next turn ({self.label(ctx, use)})", source=use.source, controller=p,
                        players=heroes, stat="ward", add=1, **{"if": {"dtype": dt}})
        return Say(f"{self.label(ctx, use)}: until the beginning of {p}'s next turn, all {dt} damage that "
                   f"would be dealt to {names} is prevented (ruling FH-WARD).", rule="FH-WARD")


class LoseLife(Effect):
    """Your hero loses life: not damage, no source, nothing prevents or redirects it (FAQ-22 to FAQ-24)."""
    arg_fields = {"n": COUNT}

    def label(self, ctx: Ctx, use: AbilityUse) -> str:
        return _card_label(ctx, use, "Lose life")

    def apply(self, ctx: Ctx, use: AbilityUse) -> Say:
        ev = ctx.do("lose_life", player=use.controller, amount=int(use.args.get("n", 1)))
        return Say(f"{self.label(ctx, use)}: {ev.get('text', '') if ev else ''} (FAQ-22).", rule="FAQ-22")


class GainArmor(Effect):
    """Armor from an Ability: it dissipates at the beginning of your next turn (ruling
    FH-ARMOR); for your own hero, or (`who: choose`) a hero of your choice."""
    arg_fields = {"n": COUNT, "who": Field(str, choices=("self", "choose"), doc="your hero (the default) "
                                                 "or a hero of your choice")}

    def label(self, ctx: Ctx, use: AbilityUse) -> str:
        return _card_label(ctx, use, "Armor")

    def apply(self, ctx: Ctx, use: AbilityUse) -> Any:
        n = int(use.args.get("n", 1))
        if use.args.get("who", "self") != "choose":
            return give_armor(ctx, use, use.controller, n)
        return ctx.ask(Decision(use.controller, f"{self.label(ctx, use)}: which hero gains {n} armor?",
                                hero_options(ctx), kind="hero"), then="chosen", name="Choose a hero")

    def chosen(self, ctx: Ctx, use: AbilityUse, ids: tuple) -> Say:
        return give_armor(ctx, use, ids[0].split(":", 1)[1], int(use.args.get("n", 1)))


def give_armor(ctx: Ctx, use: AbilityUse, q: str, n: int) -> Say:
    p = use.controller
    ctx.add_lasting("modifier", {"turn_of": p}, f"{q}'s {n} armor until the beginning of {p}'s next turn",
                    source=use.source, controller=p, players=[q], stat="armor", add=n)
    return Say(f"{_card_label(ctx, use, 'Armor')}: {q} gains {n} armor, ready, until the beginning of "
               f"{p}'s next turn (ruling FH-ARMOR).", rule="FH-ARMOR")


class TemperArmor(GainArmor):
    """The Forgemaster's feat (stand-in): a hero of your choice gains 1 armor."""
    arg_fields = NO_ARGS

    def label(self, ctx: Ctx, use: AbilityUse) -> str:
        return "Forgemaster's feat"

    def apply(self, ctx: Ctx, use: AbilityUse) -> Any:
        return ctx.ask(Decision(use.controller, "Forgemaster's feat: which hero gains 1 armor?",
                                hero_options(ctx), kind="hero"), then="chosen", name="Choose a hero")


class Martyr(Effect):
    """The Paladin's feat (stand-in, ruling FH-PALADIN): until the beginning of his next
    turn he may take the damage another hero would be dealt, once for each hero; a new
    use starts the count afresh (FAQ-15)."""
    arg_fields = NO_ARGS

    def label(self, ctx: Ctx, use: AbilityUse) -> str:
        return "Paladin's feat"

    def apply(self, ctx: Ctx, use: AbilityUse) -> Say:
        p = use.controller
        ctx.extra["martyr_used"] = []
        ctx.add_lasting("restriction", {"turn_of": p}, f"{p} may take damage meant for another hero, once "
                        "for each", source=use.source, controller=p, players=[p], what="martyr")
        return Say(f"{p} uses the Paladin's feat: until the beginning of {p}'s next turn, {p} may take "
                   "the damage another hero would be dealt, once for each hero (ruling FH-PALADIN).",
                   rule="FH-PALADIN")


class RaiseDead(Effect):
    """The Necromancer's feat (FAQ-25): you may discard a card; only if you did, you may
    return an ally from your discard pile to play, the one just discarded too. It is
    not played (R-085)."""
    arg_fields = NO_ARGS

    def label(self, ctx: Ctx, use: AbilityUse) -> str:
        return "Necromancer's feat"

    def apply(self, ctx: Ctx, use: AbilityUse) -> Any:
        p = use.controller
        opts = [Option(f"discard:{u}", f"Discard {ctx.name(u)}") for u in ctx.zone(T.hand(p))]
        opts.append(Option("none", "Discard nothing (then no ally returns)"))
        return ctx.ask(Decision(p, "Necromancer's feat: discard a card?", opts, kind="discard",
                                default="none"), then="discarded", name="Discard a card")

    def discarded(self, ctx: Ctx, use: AbilityUse, ids: tuple) -> Any:
        p = use.controller
        if ids[0] == "none":
            return Say(f"{p} discards nothing, so no ally returns (FAQ-25).", rule=T.FEAT)
        u = ids[0].split(":", 1)[1]
        ctx.move(u, T.discard(p))
        back = [a for a in ctx.zone(T.discard(p)) if ctx.kind(a) == "ally"]
        if not back:
            return Say(f"{p} discards {ctx.name(u)}; there is no ally in the discard pile to return.",
                       rule=T.FEAT)
        opts = [Option(f"return:{a}", f"Return {ctx.name(a)} to play") for a in back]
        opts.append(Option("none", "Return no ally"))
        return ctx.ask(Decision(p, "Necromancer's feat: return an ally from your discard pile to play?",
                                opts, kind="return"), then="returned", name="Return an ally",
                       say=f"{p} discards {ctx.name(u)}.")

    def returned(self, ctx: Ctx, use: AbilityUse, ids: tuple) -> Say:
        p = use.controller
        if ids[0] == "none":
            return Say(f"{p} returns no ally.", rule=T.FEAT)
        a = ids[0].split(":", 1)[1]
        ctx.move(a, T.play(p), damage=None)
        return Say(f"{ctx.name(a)} returns to play from {p}'s discard pile; it was not played (R-085, "
                   "R-086).", rule=T.PLAYING)


class Bloodlust(Effect):
    """The Berserker's feat (FAQ-01 to FAQ-03): draw first; then discard a card (its
    RAGE may be used, even the card just drawn) or lose 2 life (not damage)."""
    arg_fields = NO_ARGS

    def label(self, ctx: Ctx, use: AbilityUse) -> str:
        return "Berserker's feat"

    def apply(self, ctx: Ctx, use: AbilityUse) -> Any:
        p = use.controller
        s = T.draw_say(ctx, p, 1)
        return ctx.ask("ask_pay", then="paid", name="Discard or lose life", say=s.text)

    def ask_pay(self, ctx: Ctx, use: AbilityUse) -> Decision:
        p = use.controller
        opts = [Option(f"discard:{u}", f"Discard {ctx.name(u)}") for u in ctx.zone(T.hand(p))]
        opts.append(Option("lose_life:2", "Lose 2 life"))
        return Decision(p, "Berserker's feat: discard a card, or lose 2 life.", opts, kind="pay")

    def paid(self, ctx: Ctx, use: AbilityUse, ids: tuple) -> Any:
        p = use.controller
        if ids[0].startswith("lose_life"):
            ev = ctx.do("lose_life", player=p, amount=2)
            return Say(f"{ev.get('text', '') if ev else ''} (FAQ-02).", rule=T.FEAT)
        u = ids[0].split(":", 1)[1]
        ctx.move(u, T.discard(p))
        return rage_offer(ctx, use, u, f"{p} discards {ctx.name(u)}.")

    def raged(self, ctx: Ctx, use: AbilityUse, ids: tuple) -> Any:
        return rage_answer(ctx, use, ids)

    def rage_done(self, ctx: Ctx, use: AbilityUse, ids: tuple) -> Say:
        return Say("The RAGE effect is done.", rule=T.FEAT)


def rage_ability(ctx: Ctx, uid: str) -> int | None:
    for i, ab in enumerate(ctx.defn(uid).abilities):
        if ab.type == "action" and ab.window == "rage":
            return i
    return None


def rage_offer(ctx: Ctx, use: AbilityUse, uid: str, said: str) -> Any:
    """A discarded RAGE card may use its RAGE effect (FAQ-03, FAQ-06); it is not played (FAQ-04)."""
    if rage_ability(ctx, uid) is None:
        return Say(said, rule=T.FEAT)
    opts = [Option(f"rage:{uid}", f"Use the RAGE effect of {ctx.name(uid)}"), Option("no_rage", "Do not")]
    use.data["rage"] = uid
    return ctx.ask(Decision(use.controller, f"{ctx.name(uid)} is discarded: use its RAGE effect?", opts,
                            kind="rage"), then="raged", name="RAGE", say=said or None)


def rage_answer(ctx: Ctx, use: AbilityUse, ids: tuple) -> Any:
    if ids[0] == "no_rage":
        return Say(f"{use.controller} does not use the RAGE effect.", rule=T.FEAT)
    uid = use.data["rage"]
    i = rage_ability(ctx, uid)
    ab = ctx.defn(uid).abilities[i]
    out = ctx.start(ab.effect, source=uid, controller=use.controller, ability=i, args=dict(ab.args))
    return then_wait(ctx, out, "rage_done", f"{use.controller} uses the RAGE effect of {ctx.name(uid)} "
                     "(a discard, not a play: FAQ-04).") or Say(
        f"{use.controller} uses the RAGE effect of {ctx.name(uid)} (not a play, FAQ-04). {text_of(out)}",
        rule=T.FEAT)


class RageOffers(Effect):
    """Cards discarded to the hand limit: each RAGE card may use its RAGE effect (FAQ-06)."""

    def label(self, ctx: Ctx, use: AbilityUse) -> str:
        return "RAGE"

    def apply(self, ctx: Ctx, use: AbilityUse) -> Any:
        return self.next(ctx, use, ())

    def next(self, ctx: Ctx, use: AbilityUse, ids: tuple) -> Any:
        if not use.data["cards"]:
            return Say("No RAGE effect is left to use.", rule=T.HAND)
        u = use.data["cards"].pop(0)
        return rage_offer(ctx, use, u, "")

    def raged(self, ctx: Ctx, use: AbilityUse, ids: tuple) -> Any:
        out = rage_answer(ctx, use, ids)
        if isinstance(out, Pause) or not use.data["cards"]:
            return out
        return self.next(ctx, use, ())

    def rage_done(self, ctx: Ctx, use: AbilityUse, ids: tuple) -> Any:
        return self.next(ctx, use, ())


class Trap(Effect):
    """Woodland Trap: a counter and 3 nature damage for each vassal the foe deck plays;
    at its last counter it is shuffled into its owner's deck."""
    arg_fields = {"amount": Field(int, minimum=1, maximum=20, doc="damage to the vassal"), "dtype": DTYPE}

    def label(self, ctx: Ctx, use: AbilityUse) -> str:
        return "Woodland Trap"

    def apply(self, ctx: Ctx, use: AbilityUse) -> Any:
        u, p = use.source, use.controller
        cs = ctx.card(u)
        left = (cs.get("counters") or {}).get("counters", 0) - 1
        cs["counters"] = {"counters": max(left, 0)}
        v = use.event["card"]
        said = f"Woodland Trap loses a counter ({max(left, 0)} left)"
        if left <= 0:
            ctx.move(u, T.deck(p), counters=None)
            ctx.shuffle(T.deck(p))
            said += f" and, its last counter gone, is shuffled into {p}'s deck"
        n = T.amount_for(ctx, int(use.args.get("amount", 3)), p, "hero", use.args.get("dtype"), v)
        said += f"; it deals {T.damage_words(n, use.args.get('dtype'))} to {ctx.name(v)}."
        out = D.deal(ctx, [D.instance(v, n, use.args.get("dtype"), u, p, "hero")], p, said)
        return then_wait(ctx, out, "dealt", "") or out

    def dealt(self, ctx: Ctx, use: AbilityUse, ids: tuple) -> Say:
        return Say("Woodland Trap is done.")


class Vault(Effect):
    arg_fields = {"n": COUNT}

    def label(self, ctx: Ctx, use: AbilityUse) -> str:
        return "Ancient Vault"

    def apply(self, ctx: Ctx, use: AbilityUse) -> Say:
        got = []
        for _ in range(int(use.args.get("n", 2))):
            u = T.top_city(ctx)
            if u is None:
                break
            ctx.move(u, T.CITY_ROW_Z)
            got.append(u)
        return Say(f"Ancient Vault puts {ctx.names(got)} into the city row; the row now holds "
                   f"{len(ctx.zone(T.CITY_ROW_Z))} cards, and they stay until bought (R-072).", rule=T.CITY)


class ForgeDiscount(Effect):
    arg_fields = NO_ARGS

    def label(self, ctx: Ctx, use: AbilityUse) -> str:
        return "Dwarven Forge Technique"

    def apply(self, ctx: Ctx, use: AbilityUse) -> Say:
        p = use.controller
        ctx.add_lasting("modifier", {"turn_of": p}, f"city cards cost {p} 1 XP less (Dwarven Forge "
                        "Technique)", source=use.source, controller=p, players=[p], stat="cost", add=-1)
        return Say(f"Dwarven Forge Technique: until the beginning of {p}'s next turn, city cards cost "
                   f"{p} 1 XP less (ruling FH-COST).", rule="FH-COST")


class Steps(Effect):
    """A card whose text has several parts: they resolve from the top down (R-149, FAQ-26)."""
    arg_fields = {"steps": STEPS}

    def label(self, ctx: Ctx, use: AbilityUse) -> str:
        return _card_label(ctx, use, "Effect")

    def apply(self, ctx: Ctx, use: AbilityUse) -> Any:
        return self.next(ctx, use, ())

    def next(self, ctx: Ctx, use: AbilityUse, ids: tuple) -> Any:
        steps = use.args.get("steps", [])
        said = []
        i = use.data.get("i", 0)
        while i < len(steps):
            if ctx.state.over:
                break
            s = steps[i]
            i += 1
            out = ctx.start(s["effect"], source=use.source, controller=use.controller, event=use.event,
                            args=dict(s.get("args") or {}))
            if isinstance(out, Pause):
                return ctx.wait("next", data={"i": i}, say=joined(" ".join(t for t in said if t), out))
            said.append(text_of(out))
        return Say(" ".join(t for t in said if t) or f"{self.label(ctx, use)} is done.")


# -- the foe's effects -----------------------------------------------------------------------

class FoeHit(Effect):
    """Foe damage to each hero (not incapacitated: ruling FH-INCAP-TARGET), to the event's
    hero, and to vassals or the foe where the card says so. The foe's instances come first
    (ruling FH-SIMUL-END)."""
    arg_fields = {"amount": AMOUNT, "dtype": DTYPE,
                  "vassals": Field(bool, doc="every vassal is hit too"),
                  "foe": Field(bool, doc="the foe is hit too (while it has HP)"),
                  "who": Field(str, choices=("player",), doc="player: only the hero of the event (who played "
                               "a card or used a feat), else every hero")}

    def label(self, ctx: Ctx, use: AbilityUse) -> str:
        return _card_label(ctx, use, "Foe damage")

    def apply(self, ctx: Ctx, use: AbilityUse) -> Any:
        a = use.args
        if a.get("who") == "player":
            p = (use.event or {}).get("player")
            heroes = [p] if p in ctx.players and not T.is_incap(ctx, p) else []
        else:
            heroes = T.active_heroes(ctx)
        targets = ([T.foe_card(ctx)] if a.get("foe") and T.foe_targetable(ctx) else []) + heroes
        if a.get("vassals"):
            targets += T.vassals(ctx)
        base, dt = _base(ctx, a.get("amount", 0)), a.get("dtype")
        insts = [D.instance(t, T.amount_for(ctx, base, None, "foe", dt, t), dt, use.source, None, "foe")
                 for t in targets]
        said = f"{self.label(ctx, use)}: " + (", ".join(
            f"{T.damage_words(i['amount'], dt)} to {T.target_name(ctx, i['target'])}" for i in insts) or
            "no target") + "."
        out = D.deal(ctx, insts, None, said)
        return then_wait(ctx, out, "dealt", "") or out

    def dealt(self, ctx: Ctx, use: AbilityUse, ids: tuple) -> Say:
        return Say(f"{self.label(ctx, use)} is done.")


class FoeHeal(Effect):
    arg_fields = {"amount": Field(int, True, minimum=1, maximum=20, doc="HP the foe heals")}

    def label(self, ctx: Ctx, use: AbilityUse) -> str:
        return _card_label(ctx, use, "Heal the foe")

    def apply(self, ctx: Ctx, use: AbilityUse) -> Say:
        u = T.foe_card(ctx)
        if u is None or not T.foe_targetable(ctx):
            return Say(f"{self.label(ctx, use)}: the foe has no hit points to heal now.", rule=T.FOE)
        n = int(use.args.get("amount", 0))
        lost = ctx.card(u).get("damage", 0)
        ev = ctx.do("heal", target=u, amount=n)
        if lost >= n:
            return Say(f"{self.label(ctx, use)}: {D.heal_words(ev)}.", rule=T.FOE)
        return Say(f"{self.label(ctx, use)}: {D.heal_words(ev)}: no more than the {T.points(lost)} it had lost, "
                   "as healing never goes above the face's hit points (ruling FH-HEAL-CAP).", rule="FH-HEAL-CAP")


class EachGainsXp(Effect):
    arg_fields = {"n": COUNT}

    def label(self, ctx: Ctx, use: AbilityUse) -> str:
        return _card_label(ctx, use, "XP")

    def apply(self, ctx: Ctx, use: AbilityUse) -> Say:
        n = int(use.args.get("n", 1))
        return Say(f"{self.label(ctx, use)}: " + "; ".join(T.gain_xp(ctx, p, n) for p in ctx.players) + ".",
                   rule=T.FOE_PHASE)


class FoeDrain(Effect):
    arg_fields = {"n": COUNT}

    def label(self, ctx: Ctx, use: AbilityUse) -> str:
        return _card_label(ctx, use, "Drain")

    def apply(self, ctx: Ctx, use: AbilityUse) -> Say:
        p = (use.event or {}).get("player")
        n = min(int(use.args.get("n", 1)), ctx.counter(p, "xp")) if p else 0
        if n:
            ctx.do("counter", player=p, key="xp", add=-n)
        return Say(f"{self.label(ctx, use)}: {p} loses {n} XP.", rule=T.FOE)


class FoeSacrifice(Effect):
    """Each hero sacrifices a card of the named kinds, chosen by its own player (ruling
    FH-FOE-CHOICES); a sacrifice has no source, so no "destroyed" trigger (R-145)."""
    arg_fields = {"kinds": Field(list, True, ("ability", "persistent", "equipment", "ally"), unique=True,
                                 doc="the kinds of card each hero sacrifices one of")}

    def label(self, ctx: Ctx, use: AbilityUse) -> str:
        return _card_label(ctx, use, "Sacrifice")

    def apply(self, ctx: Ctx, use: AbilityUse) -> Any:
        use.data["left"] = [p for p in T.active_heroes(ctx) if self.choices(ctx, use, p)]
        use.data["said"] = []
        return self.next(ctx, use, ())

    def choices(self, ctx: Ctx, use: AbilityUse, p: str) -> list[str]:
        kinds = use.args.get("kinds", [])
        return [u for u in ctx.zone(T.play(p)) if ctx.kind(u) in kinds]

    def next(self, ctx: Ctx, use: AbilityUse, ids: tuple) -> Any:
        while use.data["left"]:
            p = use.data["left"][0]
            cards = self.choices(ctx, use, p)
            if len(cards) > 1:
                opts = [Option(f"sacrifice:{u}", f"Sacrifice {ctx.name(u)}") for u in cards]
                return ctx.ask(Decision(p, f"{self.label(ctx, use)}: sacrifice one of your cards in play.",
                                        opts, kind="sacrifice"), then="chosen", name=f"{p} sacrifices",
                               say=" ".join(use.data["said"]) or None)
            use.data["left"].pop(0)
            if cards:
                use.data["said"].append(sacrifice(ctx, p, cards[0]) + " (the only one).")
        said = " ".join(use.data["said"])
        return Say(f"{self.label(ctx, use)}: {said or 'no hero has such a card in play.'}", rule=T.SACRIFICE)

    def chosen(self, ctx: Ctx, use: AbilityUse, ids: tuple) -> Any:
        p = use.data["left"].pop(0)
        use.data["said"] = [sacrifice(ctx, p, ids[0].split(":", 1)[1]) + "."]
        return self.next(ctx, use, ())


def sacrifice(ctx: Ctx, p: str, uid: str) -> str:
    ctx.move(uid, T.discard(p), damage=None, counters=None)
    ctx.do("sacrificed", card=uid, owner=p)
    return f"{p} sacrifices {ctx.name(uid)} (no source, so it is not destroyed: R-144)"


# -- what the rules start ------------------------------------------------------------------------

def ability_of(ctx: Ctx, uid: str, window: str) -> int | None:
    for i, ab in enumerate(ctx.defn(uid).abilities):
        if ab.type == "action" and ab.window == window:
            return i
    return None


class ResolvePlay(Effect):
    """A played card resolves, after the "when you play a card" triggers (FAQ-30). A hero
    incapacitated by them gets no effect from it (ruling FH-PLAY-INCAP)."""

    def label(self, ctx: Ctx, use: AbilityUse) -> str:
        return ctx.name(use.source)

    def apply(self, ctx: Ctx, use: AbilityUse) -> Any:
        u, p = use.source, use.controller
        forge = [c for c in ctx.zone(T.play(p)) if "forge" in ctx.defn(c).traits]
        if ("forge" in ctx.defn(u).traits and len(forge) >= 3 and not T.is_incap(ctx, p)
                and ctx.zone_of(u) == T.resolving(p)):
            opts = [Option(f"sacrifice:{c}", f"Sacrifice {ctx.name(c)}") for c in forge]
            return ctx.ask(Decision(p, f"{ctx.name(u)}: you have 3 different forge techniques in play; sacrifice "
                                    "one to make room (FAQ-19).", opts, kind="sacrifice"), then="forged",
                           name="Sacrifice a forge technique")
        return self.resolve(ctx, use, ())

    def forged(self, ctx: Ctx, use: AbilityUse, ids: tuple) -> Any:
        said = sacrifice(ctx, use.controller, ids[0].split(":", 1)[1])
        out = self.resolve(ctx, use, ())
        if isinstance(out, Say):
            return Say(f"{said} (FAQ-19). {out.text}", rule="FH-FORGE")
        return out

    def resolve(self, ctx: Ctx, use: AbilityUse, ids: tuple) -> Any:
        u, p = use.source, use.controller
        if T.is_incap(ctx, p) or ctx.zone_of(u) != T.resolving(p):
            if ctx.zone_of(u) == T.resolving(p):
                ctx.move(u, T.discard(p))
            return Say(f"{p} is incapacitated before {ctx.name(u)} resolves: it goes to the discard pile "
                       "without effect (ruling FH-PLAY-INCAP).", rule="FH-PLAY-INCAP")
        kind = ctx.kind(u)
        stays = kind in ("persistent", "equipment", "ally")
        if stays:
            start = ctx.defn(u).fields.get("counters")
            ctx.move(u, T.play(p), **({"counters": {"counters": start}} if start else {}))
        i = ability_of(ctx, u, "play")
        where = "into play" if stays else "to the discard pile once resolved"
        if i is None:
            if not stays:
                ctx.move(u, T.discard(p))
            return Say(f"{ctx.name(u)} goes {where}.", rule=T.PLAYING)
        ab = ctx.defn(u).abilities[i]
        out = ctx.start(ab.effect, source=u, controller=p, ability=i, args=dict(ab.args))
        if isinstance(out, Pause):
            return ctx.wait("finish", say=joined(f"{ctx.name(u)} resolves" + (" as it enters play." if stays
                                                                                  else "."), out))
        return self.finish(ctx, use, (), said=text_of(out))

    def finish(self, ctx: Ctx, use: AbilityUse, ids: tuple, said: str = "") -> Say:
        u, p = use.source, use.controller
        if ctx.zone_of(u) == T.resolving(p):
            ctx.move(u, T.discard(p))
            tail = f" {ctx.name(u)} goes to {p}'s discard pile (R-094)."
        elif ctx.zone_of(u) == T.play(p):
            tail = f" {ctx.name(u)} stays in play (R-095)."
        else:
            tail = ""
        return Say(f"{said}{tail}".strip() or f"{ctx.name(u)} is done.", rule=T.PLAYING)


class UseFeat(Effect):
    """A feat resolves after the "whenever a hero uses a feat" triggers (ruling FH-FEAT-TRIGGER)."""

    def label(self, ctx: Ctx, use: AbilityUse) -> str:
        return "Feat"

    def apply(self, ctx: Ctx, use: AbilityUse) -> Any:
        p, u = use.controller, use.source
        if T.is_incap(ctx, p):
            return Say(f"{p} is incapacitated before the feat resolves: it does nothing (ruling "
                       "FH-FEAT-TRIGGER).", rule="FH-FEAT-TRIGGER")
        i = int(use.data["ability"])
        ab = ctx.defn(u).abilities[i]
        out = ctx.start(ab.effect, source=u, controller=p, ability=i, args=dict(ab.args))
        if isinstance(out, Pause):
            return ctx.wait("finish", say=joined(f"{p}'s feat resolves.", out))
        return out if isinstance(out, Say) else Say(text_of(out) or "The feat is done.", rule=T.FEAT)

    def finish(self, ctx: Ctx, use: AbilityUse, ids: tuple) -> Say:
        return Say("The feat is done.", rule=T.FEAT)


class ResolveFoeCard(Effect):
    """A foe ability resolves, then goes to the foe discard pile (R-042)."""

    def label(self, ctx: Ctx, use: AbilityUse) -> str:
        return ctx.name(use.source)

    def apply(self, ctx: Ctx, use: AbilityUse) -> Any:
        u = use.source
        i = ability_of(ctx, u, "foe")
        if i is None:
            return self.finish(ctx, use, ())
        ab = ctx.defn(u).abilities[i]
        out = ctx.start(ab.effect, source=u, controller=None, ability=i, args=dict(ab.args))
        if isinstance(out, Pause):
            return ctx.wait("finish", say=joined(f"{ctx.name(u)} resolves.", out))
        return self.finish(ctx, use, (), said=text_of(out))

    def finish(self, ctx: Ctx, use: AbilityUse, ids: tuple, said: str = "") -> Say:
        u = use.source
        flipped = ""
        if ctx.zone_of(u) == T.FOE_RESOLVING:
            flipped = D.moved_text(ctx.move(u, T.FOE_DISCARD))
        return Say(f"{said} {ctx.name(u)} goes to the foe discard pile (R-042). {flipped}".strip(),
                   rule=T.FOE_PHASE)


EFFECTS = {
    "deal": Deal(), "mark_target": MarkTarget(), "heal": Heal(), "draw": Draw(), "gain_xp": GainXp(),
    "power": Power(), "gain_armor": GainArmor(), "ward": Ward(), "lose_life": LoseLife(), "temper_armor": TemperArmor(), "martyr": Martyr(),
    "raise_dead": RaiseDead(), "bloodlust": Bloodlust(), "trap": Trap(), "vault": Vault(),
    "forge_discount": ForgeDiscount(), "steps": Steps(), "foe_steps": Steps(), "foe_hit": FoeHit(),
    "foe_heal": FoeHeal(), "each_gains_xp": EachGainsXp(), "foe_drain": FoeDrain(),
    "foe_sacrifice": FoeSacrifice(), "resolve_play": ResolvePlay(), "use_feat": UseFeat(),
    "resolve_foe": ResolveFoeCard(), "rage_offers": RageOffers(),
}
