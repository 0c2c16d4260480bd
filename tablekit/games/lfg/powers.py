"""The effects the heroes' abilities name in cards/lfg.yaml.

A prioritised effect (extra draft, copy, protect, hurt, heal, recruit, swap,
kill) is a core `Effect` that resolves on the resolution stack when its
trigger comes up (the order is resolution.py's): its first stage says what
resolves next; it then asks for each target in its own frame (the picks so
far are `use.data["picks"]`) and finally applies them. It says how many
targets it wants (`slots`), lists the options for the next target with the
reason for every illegal one (`options`) and applies the chosen targets
(`resolve`). Targets are chosen only when the ability resolves. Passives
that are always on give renown (`bonus`); a passive usable whenever its
player likes is an action ability (`window: anytime`) offered at every
decision of that player and in the rules' windows (`label`, `check`, whose
`Reason` names the ruling behind a refusal, `apply`; ruling LFG-ANYTIME).
"""

from __future__ import annotations

from tablekit.core import AbilityUse, Ctx, Decision, Effect, Option, Reason, Say

from . import table as T
from .activation import (
    ability_of,
    draft_now,
    entry_words,
    forget_hidden,
    inherited,
    is_anytime,
    of_trigger,
    of_use,
    offer_anytime,
    use_anytime,
)

PROTECTED_WHY = ("protected this round: immune to hurt and kill, and hurt and kill abilities "
                 "cannot target it (ruling LFG-PROTECT)")
# effects that say how many of their targets they could reach
COUNTED = ("protect", "hurt", "heal", "kill")


def party_target(p: str, uid: str) -> str:
    return f"target:{p}:{uid}"


def uid_of(option_id: str) -> str:
    return option_id.rsplit(":", 1)[1]


def next_words(ctx: Ctx, e: dict, data: dict) -> Say:
    """The record of an ability starting to resolve: what it is, the order at a
    tied priority, how many wait, and whether its hero has left (LFG-GONE)."""
    pri = e["pri"]
    waiting = len(ctx.state.triggers)
    ab = ability_of(ctx, e)
    tied = ""
    order = (data.get("orders") or {}).get(str(pri))
    if order:
        tied = f" (same priority: the order is {', '.join(order)})"
    gone = ""
    if T.party_of(ctx, e["src"]) != e["by"]:
        gone = (f" {e['name']} has left {e['by']}'s party since it activated, but an activated ability "
                f"still resolves, for the player who activated it (ruling LFG-GONE).")
    return Say(f"Next to resolve: {entry_words(ctx, e)}, priority {pri} of 7{tied}: \"{ab.text}\". "
               f"{waiting_words(waiting)}{gone}", rule="LFG-GONE" if gone else T.EFFECT_R[pri])


def waiting_words(n: int) -> str:
    if n == 0:
        return "No other ability waits."
    return f"{n} other {'ability waits' if n == 1 else 'abilities wait'}."


class Prioritised(Effect):
    """Shared shape of the prioritised effects, and their stages on the stack:
    `apply` (what resolves next), `target` (each target chosen), `finish`
    (the effect itself)."""

    verb = ""
    harmful = False  # a hurt or a kill: aimed at one's own hero only when nothing else is valid

    # -- what a subclass says ---------------------------------------------------------------
    def slots(self, ctx: Ctx, e: dict) -> int:
        return int(ability_of(ctx, e).args.get("count", 1))

    def options(self, ctx: Ctx, e: dict, picks: list[str]) -> list[Option]:
        raise NotImplementedError

    def resolve(self, ctx: Ctx, use: AbilityUse, e: dict, picks: list[str]) -> Say:
        raise NotImplementedError

    # -- the stages ---------------------------------------------------------------------------
    def label(self, ctx, use):
        return entry_words(ctx, of_use(ctx, use))

    def needs_target(self, ctx: Ctx, e: dict, picks: list[str]) -> bool:
        if len(picks) >= self.slots(ctx, e):
            return False
        return any(o.legal for o in self.options(ctx, e, picks))

    def target_decision(self, ctx: Ctx, e: dict, picks: list[str]) -> Decision:
        ab = ability_of(ctx, e)
        opts = list(self.options(ctx, e, picks))
        n = self.slots(ctx, e)
        which = f" (target {len(picks) + 1} of {n})" if n > 1 else ""
        if ab.args.get("may"):
            opts.append(Option("pass", "Do not use this ability (it says \"may\")"))
        must = "" if ab.args.get("may") else must_words(ctx, e, opts, self.harmful)
        d = Decision(e["by"], f"{entry_words(ctx, e)} resolves: \"{ab.text}\"{which}.{must}", opts,
                     kind="target")
        return offer_anytime(d, ctx)

    def ask_target(self, ctx: Ctx, use: AbilityUse) -> Decision:
        """The target question, built when someone looks at it."""
        return self.target_decision(ctx, of_use(ctx, use), use.data["picks"])

    def _go_on(self, ctx: Ctx, use: AbilityUse, e: dict, say):
        """Ask for the next target if one is wanted and valid; else the effect
        applies as a step of its own."""
        picks = use.data["picks"]
        if self.needs_target(ctx, e, picks):
            return ctx.ask("ask_target", then="target", name="Choose a target",
                           say=say)
        return ctx.wait(then="finish", say=say)

    def apply(self, ctx, use):
        e = of_use(ctx, use)
        use.data["picks"] = []
        # started by its controller's choice among their own abilities: that choice is the record
        chosen = use.data.pop("chosen", False)
        return self._go_on(ctx, use, e, None if chosen else next_words(ctx, e, use.data))

    def target(self, ctx, use, ids):
        e = of_use(ctx, use)
        picks = use.data["picks"]
        if is_anytime(ids):  # a passive used at this decision: the target is asked again
            return self._go_on(ctx, use, e, use_anytime(ctx, ids[0]))
        if ids[0] == "pass":
            return Say(f"{entry_words(ctx, e)}: the ability says \"may\", and {e['by']} chooses not to use "
                       "it.", rule=T.NOT_OPTIONAL)
        uid = uid_of(ids[0])
        if T.party_of(ctx, uid) == e["by"]:
            # own hero: forced only if no hero of another party was a legal target
            others = [o for o in self.options(ctx, e, picks)
                      if o.legal and T.party_of(ctx, uid_of(o.id)) not in (None, e["by"])]
            use.data.setdefault("own", {})[uid] = "chosen" if others else "forced"
        picks.append(uid)
        if self.needs_target(ctx, e, picks):
            return ctx.ask("ask_target", then="target", name="Choose a target",
                           say=Say(f"{e['by']} chooses {ctx.name(uid)} ({T.where(ctx, uid)}) as target "
                                   f"{len(picks)} of {entry_words(ctx, e)}.", rule=T.TARGETS))
        return self.finish(ctx, use, ids)

    def finish(self, ctx, use, ids):
        e = of_use(ctx, use)
        picks = list(use.data.get("picks") or [])
        say = self.resolve(ctx, use, e, picks)
        if picks and len(picks) < self.slots(ctx, e) and ability_of(ctx, e).effect in COUNTED:
            n = len(picks)
            say.text += (f" Only {n} valid {'target' if n == 1 else 'targets'} could be chosen, so that is "
                         "all it affects.")
        return say

    def _party_options(self, ctx: Ctx, e: dict, picks: list[str], verb: str,
                       protect_matters: bool, only: str | None = None,
                       others_only: bool = False) -> list[Option]:
        out = []
        for p, u in T.all_party_heroes(ctx):
            if others_only and p == e["by"]:
                continue
            hurt = ", hurt" if T.is_hurt(ctx, u) else ""
            label = f"{verb} {ctx.name(u)} ({p}'s party{hurt})"
            oid = party_target(p, u)
            if u in picks:
                out.append(Option(oid, label, False, "already chosen as a target of this ability: several "
                                  "targets are different heroes (ruling LFG-DISTINCT)", rule="LFG-DISTINCT"))
            elif protect_matters and T.is_protected(ctx, u):
                out.append(Option(oid, label, False, PROTECTED_WHY, rule="LFG-PROTECT"))
            elif only == "hurt" and not T.is_hurt(ctx, u):
                out.append(Option(oid, label, False, "this ability only targets a hurt hero"))
            elif only in T.TRAITS and not T.has(ctx, u, only):
                out.append(Option(oid, label, False, f"this ability only targets a {T.TRAIT_WORD[only]}"))
            else:
                out.append(Option(oid, label))
        return out


class PartyEffect(Prioritised):
    """An effect aimed at heroes in parties: Protect, Hurt, Heal, Kill.
    `verb` labels the options; `protect_matters` says whether a protected
    hero is out of reach; an ability's `only` argument narrows the targets."""

    protect_matters = False

    def options(self, ctx, e, picks):
        only = ability_of(ctx, e).args.get("only")
        return self._party_options(ctx, e, picks, self.verb, self.protect_matters, only)


class ExtraDraft(Prioritised):
    """Draft one more hero this round; in the two-player mode the next card in
    hand is revealed. With `skip: true`, the player skips their next pick."""

    def slots(self, ctx, e):
        if T.is_2p(ctx) or not ctx.zone(T.hand(e["by"])):
            return 0
        return 1

    def options(self, ctx, e, picks):
        return [Option(f"draft:{u}", f"Draft {T.describe(ctx, u)}") for u in ctx.zone(T.hand(e["by"]))]

    def resolve(self, ctx, use, e, picks):
        p = e["by"]
        ab = ability_of(ctx, e)
        skip = ""
        if ab.args.get("skip"):
            ctx.extra["skip"][p] = ctx.extra["skip"].get(p, 0) + 1
            skip = f" {p} will skip the next draft pick."
        h = ctx.zone(T.hand(p))
        if T.is_2p(ctx):
            if not h:
                return Say(f"{entry_words(ctx, e)}: {p} has no hero left in hand, so there is no extra "
                           f"pick (ruling LFG-EMPTY-EXTRA).{skip}", rule="LFG-EMPTY-EXTRA")
            uid = h[0]
            new = draft_now(ctx, p, uid, inherited(use.data))
            return Say(f"{entry_words(ctx, e)}: {p} reveals the next hero in hand at once, "
                       f"{ctx.name(uid)}, as an extra pick.{new}{skip}", rule=TWO_R_EXTRA)
        if not picks:
            return Say(f"{entry_words(ctx, e)}: {p} has no hero left in hand, so there is no extra "
                       f"pick (ruling LFG-EMPTY-EXTRA).{skip}", rule="LFG-EMPTY-EXTRA")
        uid = picks[0]
        new = draft_now(ctx, p, uid, inherited(use.data))
        return Say(f"{entry_words(ctx, e)}: {p} drafts {ctx.name(uid)} from hand as an extra pick "
                   f"this round; it is face up at once.{new}{skip}", rule=T.EFFECT_R[1])


TWO_R_EXTRA = "Two Player Mode: extra draft"


class Copy(Prioritised):
    """Copy the Draft ability of another hero drafted this round; it resolves at
    its own priority, controlled by the copier (ruling LFG-COPY)."""

    def options(self, ctx, e, picks):
        out = []
        for u in ctx.extra.get("round_picks", []):
            if u == e["src"]:
                continue
            p = T.party_of(ctx, u)
            i = T.draft_ability(ctx, u)
            if p is None:  # drafted this round, then killed or swapped into the graveyard
                out.append(Option(f"target:graveyard:{u}", f"Copy the Draft ability of {ctx.name(u)} "
                                  "(the graveyard)", False, f"{ctx.name(u)} is no longer in a party: a copy "
                                  "takes the Draft ability of a hero drafted this round who is still in a "
                                  "party (ruling LFG-COPY)", rule="LFG-COPY"))
                continue
            oid = party_target(p, u)
            label = f"Copy the Draft ability of {ctx.name(u)} ({p}'s party)"
            if i is None:
                out.append(Option(oid, label, False, f"{ctx.name(u)} has no Draft ability to copy"))
            elif ctx.defn(u).abilities[i].effect == "copy":
                out.append(Option(oid, label, False, "a copy ability cannot be copied (ruling LFG-COPY)",
                                  rule="LFG-COPY"))
            else:
                out.append(Option(oid, label))
        return out

    def resolve(self, ctx, use, e, picks):
        if not picks:
            return Say(f"{entry_words(ctx, e)}: no other hero drafted this round has a Draft ability "
                       "to copy, so nothing happens.", rule=T.TARGETS)
        u = picks[0]
        i = T.draft_ability(ctx, u)
        ctx.add_trigger(e["src"], i, e["by"], None, card=ctx.state.cards[u]["card"], data=inherited(use.data))
        new = of_trigger(ctx, ctx.state.triggers[-1])
        ab = ctx.defn(u).abilities[i]
        pri = new["pri"]
        return Say(f"{entry_words(ctx, e)}: {e['by']} copies {ctx.name(u)}'s Draft ability "
                   f"(\"{ab.text}\"). It joins the abilities waiting to resolve at its own priority, "
                   f"{pri} ({T.CLASS_WORD[pri]}), under {e['by']}'s control; nothing else of "
                   f"{ctx.name(u)} is copied (ruling LFG-COPY).", rule="LFG-COPY")


class Protect(PartyEffect):
    verb = "Protect"

    def resolve(self, ctx, use, e, picks):
        if not picks:
            return _nothing(ctx, e)
        by = f"{e['by']}'s {e['name']}" + (f" copying {e['copied']}" if e.get("copied") else "")
        for u in picks:
            ctx.add_lasting("restriction", "round", f"{by} protects {T.party_of(ctx, u)}'s {ctx.name(u)} "
                            "until the end of the round", source=e["src"], controller=e["by"],
                            targets=[u], what=T.PROTECTION)
        names = ", ".join(f"{ctx.name(u)} ({T.where(ctx, u)})" for u in picks)
        many = len(picks) > 1
        return Say(f"{entry_words(ctx, e)}: {names} {'are' if many else 'is'} protected until the end of "
                   f"this round: hurt and kill cannot touch or target {'them' if many else 'it'} (ruling "
                   "LFG-PROTECT).", rule="LFG-PROTECT")


class Hurt(PartyEffect):
    verb = "Hurt"
    protect_matters = True
    harmful = True

    def resolve(self, ctx, use, e, picks):
        if not picks:
            return _nothing(ctx, e)
        parts, rule = [], T.EFFECT_R[4]
        for u in picks:
            owner = T.party_of(ctx, u)
            if T.is_hurt(ctx, u):
                parts.append(f"{ctx.name(u)} ({owner}'s party) is already hurt, so nothing changes")
                continue
            before = T.hero_renown(ctx, u)
            ctx.card(u)["hurt"] = True
            parts.append(f"{ctx.name(u)} ({owner}'s party) is hurt: "
                         f"{renown_change(before, T.hero_renown(ctx, u))}")
        tail = own_words(use, picks, e["by"], "hurt")
        return Say(f"{entry_words(ctx, e)}: {'; '.join(parts)}.{tail}", rule=rule)


class Heal(PartyEffect):
    verb = "Heal"

    def resolve(self, ctx, use, e, picks):
        if not picks:
            return _nothing(ctx, e)
        parts = []
        for u in picks:
            owner = T.party_of(ctx, u)
            if not T.is_hurt(ctx, u):
                parts.append(f"{ctx.name(u)} ({owner}'s party) is not hurt, so nothing changes")
                continue
            ctx.card(u).pop("hurt", None)
            parts.append(f"{ctx.name(u)} ({owner}'s party) is healed and counts its normal renown, "
                         f"{T.hero_renown(ctx, u)}, again")
        return Say(f"{entry_words(ctx, e)}: {'; '.join(parts)}.", rule=T.EFFECT_R[5])


class Recruit(Prioritised):
    """Take a hero from another party or from the graveyard into your party.
    Never a Loyal hero; the hero keeps her hurt status and is not drafted."""

    def options(self, ctx, e, picks):
        src = ability_of(ctx, e).args.get("from", "party")
        loyal = "Loyal: a Loyal hero is never the target of a recruit"
        out = []
        if src == "graveyard":
            for u in ctx.zone(T.GRAVE):
                oid = f"target:graveyard:{u}"
                label = f"Recruit {ctx.name(u)} from the graveyard"
                if T.has(ctx, u, "loyal"):
                    out.append(Option(oid, label, False, loyal + " (traits apply in the graveyard too)"))
                else:
                    out.append(Option(oid, label))
            return out
        for p, u in T.all_party_heroes(ctx):
            if p == e["by"]:
                continue
            oid = party_target(p, u)
            label = f"Recruit {ctx.name(u)} from {p}'s party"
            out.append(Option(oid, label, False, loyal) if T.has(ctx, u, "loyal") else Option(oid, label))
        return out

    def resolve(self, ctx, use, e, picks):
        if not picks:
            return _nothing(ctx, e)
        u = picks[0]
        frm = T.where(ctx, u)
        ctx.move(u, T.party(e["by"]))
        hurt = " She stays hurt." if T.is_hurt(ctx, u) else ""
        tail = (" A hurt hero killed earlier keeps that status in the graveyard (ruling LFG-GRAVE-HURT)."
                if frm == "the graveyard" and hurt else "")
        return Say(f"{entry_words(ctx, e)}: {e['by']} recruits {ctx.name(u)} from {frm}. She was not "
                   f"drafted, so her Draft ability does not fire.{hurt}{tail}",
                   rule="LFG-GRAVE-HURT" if tail else T.EFFECT_R[6])


class Swap(Prioritised):
    """Exchange one of your party's heroes with one from another party (or from
    the graveyard, `with: graveyard`: never from your hand, which the rulebook
    excludes). Neither may be Loyal (ruling LFG-SWAP-LOYAL); without a hero on
    both sides nothing happens (ruling LFG-SWAP-PAIR)."""

    LOYAL = "Loyal: a swap moves heroes like a recruit, so a Loyal hero is never swapped (ruling LFG-SWAP-LOYAL)"

    def slots(self, ctx, e):
        return 2

    def _mine(self, ctx, e) -> list[Option]:
        return [self._loyal(party_target(e["by"], u), f"Give up {ctx.name(u)} from your party")
                if T.has(ctx, u, "loyal") else
                Option(party_target(e["by"], u), f"Give up {ctx.name(u)} from your party")
                for u in T.heroes(ctx, e["by"])]

    def _theirs(self, ctx, e) -> list[Option]:
        src = ability_of(ctx, e).args.get("with", "party")
        out = []
        if src == "graveyard":
            for u in ctx.zone(T.GRAVE):
                oid = f"target:graveyard:{u}"
                label = f"Take {ctx.name(u)} from the graveyard"
                out.append(self._loyal(oid, label) if T.has(ctx, u, "loyal") else Option(oid, label))
            return out
        for p, u in T.all_party_heroes(ctx):
            if p == e["by"]:
                continue
            oid = party_target(p, u)
            label = f"Take {ctx.name(u)} from {p}'s party"
            out.append(self._loyal(oid, label) if T.has(ctx, u, "loyal") else Option(oid, label))
        return out

    def _loyal(self, oid: str, label: str) -> Option:
        return Option(oid, label, False, self.LOYAL, rule="LFG-SWAP-LOYAL")

    def options(self, ctx, e, picks):
        if not picks:
            mine = self._mine(ctx, e)
            if not any(o.legal for o in self._theirs(ctx, e)):
                why = "there is no hero on the other side to swap with (ruling LFG-SWAP-PAIR)"
                return [o if not o.legal else Option(o.id, o.label, False, why, rule="LFG-SWAP-PAIR")
                        for o in mine]
            return mine
        return self._theirs(ctx, e)

    def resolve(self, ctx, use, e, picks):
        if len(picks) < 2:
            return Say(f"{entry_words(ctx, e)}: a swap needs a hero on both sides and there is no such "
                       "pair, so nothing happens (ruling LFG-SWAP-PAIR).", rule="LFG-SWAP-PAIR")
        mine, theirs = picks
        p = e["by"]
        frm = T.where(ctx, theirs)
        dest = ctx.zone_of(theirs)
        ctx.move(theirs, T.party(p))
        ctx.move(mine, dest)
        if ctx.state.zone_info[dest]["kind"] in ("hand", "graveyard"):
            forget_hidden(ctx, mine)
            left_play(ctx, mine)
        return Say(f"{entry_words(ctx, e)}: {p} swaps {ctx.name(mine)} for {ctx.name(theirs)} from {frm}. "
                   f"{ctx.name(theirs)} was not drafted, so her Draft ability does not fire; both keep "
                   "their hurt status.", rule=T.EFFECT_R[6])


class Kill(PartyEffect):
    verb = "Kill"
    protect_matters = True
    harmful = True

    def resolve(self, ctx, use, e, picks):
        if not picks:
            return _nothing(ctx, e)
        parts = []
        tail = own_words(use, picks, e["by"], "kill")
        for u in picks:
            owner = T.party_of(ctx, u)
            ctx.move(u, T.GRAVE)
            left_play(ctx, u)
            parts.append(f"{ctx.name(u)} leaves {owner}'s party for the graveyard")
        return Say(f"{entry_words(ctx, e)}: {'; '.join(parts)}. The dead cannot be healed.{tail}",
                   rule=T.EFFECT_R[7])


def must_words(ctx: Ctx, e: dict, opts: list[Option], harmful: bool) -> str:
    """What the target question says of a mandatory ability: a valid target
    must be chosen, and, for a hurt or a kill, when only the player's own
    heroes are valid, that one of them must be."""
    owners = {T.party_of(ctx, uid_of(o.id)) for o in opts if o.legal}
    if harmful and owners == {e["by"]}:
        return (" Only heroes of your own party are valid targets, and a valid target must be chosen "
                "(friendly fire).")
    return " A valid target must be chosen."


def own_words(use: AbilityUse, picks: list[str], by: str, verb: str) -> str:
    """What the record says of a player's own hero among the targets: forced
    (no hero of another party could be chosen: friendly fire) or chosen."""
    own = use.data.get("own") or {}
    forced = [u for u in picks if own.get(u) == "forced"]
    chosen = [u for u in picks if own.get(u) == "chosen"]
    out = ""
    if forced:
        out += (f" {by} had to target their own hero: no hero of another party was a valid target of this "
                f"{verb}, and a target must be chosen whenever a valid one exists.")
    if chosen:
        out += f" {by} chose to {verb} their own hero, though a hero of another party could be chosen."
    return out


def left_play(ctx: Ctx, uid: str) -> None:
    """A hero left the parties (killed, or swapped into a hand): a protection
    on her ends now, so she is not protected if she comes back (ruling
    LFG-PROTECT). The record says it ends."""
    for p in T.protections(ctx, uid):
        ctx.end_lasting(p["id"])


def _nothing(ctx: Ctx, e: dict) -> Say:
    return Say(f"{entry_words(ctx, e)}: there is no valid target, so the ability does nothing.",
               rule=T.TARGETS)


# -- passives without priority -------------------------------------------------------

class TraitBonus(Effect):
    """Always on: +`per` renown for each hero of a trait in the party."""

    def bonus(self, ctx: Ctx, use: AbilityUse) -> int:
        trait = use.args["trait"]
        per = int(use.args.get("per", 1))
        return per * sum(1 for u in T.heroes(ctx, use.controller) if T.has(ctx, u, trait))


class HurtSelf(Effect):
    """Whenever its player likes: hurt this hero. Offered at every decision of
    that player, at the start of each round and before scoring (ruling
    LFG-ANYTIME); a protected hero is immune, and hurting a hurt hero again
    changes nothing, so neither is offered as legal."""

    def label(self, ctx: Ctx, use: AbilityUse) -> str:
        d = ctx.defn(use.source)
        return f"{d.name}'s passive: hurt {d.name} now ({renown_change(d['renown'], d['hurt_renown'])})"

    def check(self, ctx: Ctx, use: AbilityUse) -> str | None:
        name = ctx.name(use.source)
        if T.is_hurt(ctx, use.source):
            return f"{name} is already hurt, and hurting a hurt hero has no effect"
        if T.is_protected(ctx, use.source):
            return Reason(f"{name} is {PROTECTED_WHY}", rule="LFG-PROTECT")  # how long a protection lasts
        return None

    def apply(self, ctx: Ctx, use: AbilityUse) -> Say:
        u = use.source
        d = ctx.defn(u)
        before = T.hero_renown(ctx, u)
        ctx.card(u)["hurt"] = True
        return Say(f"{use.controller} uses {d.name}'s passive: {d.name} is hurt, and "
                   f"{renown_change(before, T.hero_renown(ctx, u))}; {use.controller}'s party renown is now "
                   f"{T.renown(ctx, use.controller)} (ruling LFG-ANYTIME).", rule="LFG-ANYTIME")


def renown_change(before: int, after: int) -> str:
    """"its renown goes up from 1 to 4", or "its renown stays at 1"."""
    if after == before:
        return f"its renown stays at {after}"
    return f"its renown {'goes up' if after > before else 'goes down'} from {before} to {after}"


EFFECTS = {
    "extra_draft": ExtraDraft(),
    "copy": Copy(),
    "protect": Protect(),
    "hurt": Hurt(),
    "heal": Heal(),
    "recruit": Recruit(),
    "swap": Swap(),
    "kill": Kill(),
    "trait_bonus": TraitBonus(),
    "hurt_self": HurtSelf(),
}
