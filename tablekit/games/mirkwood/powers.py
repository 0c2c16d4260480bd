"""The effects Mirkwood's cards name, and the ones its rules start (revealing an
encounter card, travelling, playing an ally). Every effect has the core's one
shape; a stage that asks keeps its picks in `use.data`."""

from __future__ import annotations

from itertools import product
from typing import Any

from tablekit.core import AbilityUse, Ctx, Decision, Effect, Option, Pause, Reason, Say
from tablekit.core.cards import Field
from tablekit.core.costs import Cost
from tablekit.core.words import listing, plural, possessive

from . import combat as C
from . import table as T

# -- costs -----------------------------------------------------------------------------------------


class SphereCost(Cost):
    """An ally's cost: resources from the pools of the controller's heroes of its
    sphere (any hero for a neutral card), split as they like; even a 0 cost needs a
    hero of the sphere (points 36, 37, 39)."""

    MAX_SPLITS = 12

    def __init__(self, uid: str):
        self.uid = uid

    def parts(self, ctx: Ctx) -> tuple[str, int]:
        d = ctx.defn(self.uid)
        return str(d.fields.get("sphere", "neutral")), int(d.fields.get("cost", 0))

    def payers(self, ctx: Ctx, p: str) -> list[str]:
        sphere, _ = self.parts(ctx)
        return [h for h in T.heroes(ctx, p) if sphere == "neutral" or T.has_sphere(ctx, h, sphere)]

    def words(self, ctx: Ctx, use: AbilityUse) -> Any:
        sphere, n = self.parts(ctx)
        kind = "resources of any sphere" if sphere == "neutral" else f"{T.sphere_name(sphere)} " + (
            "resource" if n == 1 else "resources")
        return f"pay {n} {kind}"

    def why_not(self, ctx: Ctx, use: AbilityUse) -> Any:
        sphere, n = self.parts(ctx)
        p = use.controller
        heroes = self.payers(ctx, p)
        name = ctx.name(self.uid)
        if not heroes:
            return (f"{name} is {T.sphere_name(sphere)}: {p} controls no {T.sphere_name(sphere)} hero to pay for "
                    "it, even at cost 0 (point 37)")
        have = sum(T.resources(ctx, h) for h in heroes)
        if have < n:
            pools = listing([f"{ctx.name(h)} has {T.resources(ctx, h)}" for h in heroes])
            noun = "resource" if n == 1 else "resources"
            which = noun if sphere == "neutral" else f"{T.sphere_name(sphere)} {noun}"
            return f"{name} costs {n} {which}; {pools} (point 39)"
        return None

    def splits(self, ctx: Ctx, p: str) -> list[dict[str, int]]:
        _, n = self.parts(ctx)
        heroes = [h for h in self.payers(ctx, p) if T.resources(ctx, h) > 0]
        out = []
        for combo in product(*[range(T.resources(ctx, h) + 1) for h in heroes]):
            if sum(combo) == n:
                out.append({h: k for h, k in zip(heroes, combo) if k})
            if len(out) >= self.MAX_SPLITS:
                break
        return out

    def plan(self, ctx: Ctx, use: AbilityUse) -> Any:
        ways = self.splits(ctx, use.controller)
        if len(ways) <= 1:
            return None
        opts = [Option(f"split:{i}", listing([f"{ctx.name(h)} {k}" for h, k in w.items()]))
                for i, w in enumerate(ways)]
        return Decision(use.controller, f"{use.controller}: which heroes pay for {ctx.name(self.uid)} (point 36)?",
                        opts, kind="payment")

    def pay(self, ctx: Ctx, use: AbilityUse, plan: tuple[str, ...]) -> str:
        ways = self.splits(ctx, use.controller)
        way = ways[int(plan[0].split(":", 1)[1])] if plan else (ways[0] if ways else {})
        for h, k in way.items():
            ctx.do("resource", card=h, add=-k)
        _, n = self.parts(ctx)
        if not way:
            return f"{use.controller} plays {ctx.name(self.uid)} at no cost."
        return (f"{use.controller} pays {plural(n, 'resource')} ("
                f"{listing([f'{k} from {ctx.name(h)}' for h, k in way.items()])}).")


class ExhaustSelf(Cost):
    def __init__(self, uid: str):
        self.uid = uid

    def words(self, ctx: Ctx, use: AbilityUse) -> Any:
        return f"exhaust {ctx.name(self.uid)}"

    def why_not(self, ctx: Ctx, use: AbilityUse) -> Any:
        why = T.point(8) if ctx.kind(self.uid) == "attachment" else T.point(7)
        return None if T.is_ready(ctx, self.uid) else f"{ctx.name(self.uid)} is exhausted ({why})"

    def pay(self, ctx: Ctx, use: AbilityUse, plan: tuple[str, ...]) -> str:
        T.exhaust(ctx, self.uid)
        return f"{use.controller} exhausts {ctx.name(self.uid)}."


class HeroResource(Cost):
    """1 resource from the card's own pool (Aragorn)."""

    def __init__(self, uid: str, n: int = 1):
        self.uid = uid
        self.n = n

    def words(self, ctx: Ctx, use: AbilityUse) -> Any:
        return f"pay {plural(self.n, 'resource')} from {possessive(ctx.name(self.uid))} pool"

    def why_not(self, ctx: Ctx, use: AbilityUse) -> Any:
        have = T.resources(ctx, self.uid)
        return None if have >= self.n else f"{ctx.name(self.uid)} has {plural(have, 'resource')} in his pool"

    def pay(self, ctx: Ctx, use: AbilityUse, plan: tuple[str, ...]) -> str:
        ctx.do("resource", card=self.uid, add=-self.n)
        return f"{use.controller} pays {plural(self.n, 'resource')} from {possessive(ctx.name(self.uid))} pool."


# -- the rules' own effects -------------------------------------------------------------------------


class PlayAlly(Effect):
    """Play an ally from hand in the planning phase: pay its cost, it enters play
    ready under its owner's control (points 34, 40); a unique title already in play
    anywhere at the table blocks it (point 5, ruling MK-UNIQUE)."""

    def label(self, ctx: Ctx, use: AbilityUse) -> Any:
        return f"Play {ctx.name(use.source)}"

    def cost(self, ctx: Ctx, use: AbilityUse) -> Any:
        return SphereCost(use.source)

    def check(self, ctx: Ctx, use: AbilityUse) -> Any:
        d = ctx.defn(use.source)
        if d.fields.get("unique"):
            same = [u for p in ctx.players for u in T.characters(ctx, p) if ctx.defn(u).name == d.name]
            if same:
                return Reason(f"{d.name} is unique and already in play ({T.controller(ctx, same[0])}'s): one copy at "
                              "the whole table (point 5, ruling MK-UNIQUE)", rule="MK-UNIQUE")
        return None

    def apply(self, ctx: Ctx, use: AbilityUse) -> Any:
        p = use.controller
        ctx.move(use.source, T.allies_zone(p), exhausted=False, damage=0)
        ctx.do("entered", card=use.source, player=p)
        return Say(f"{ctx.name(use.source)} enters play ready under {p}'s control (point 40).", rule=T.point(40))


class Reveal(Effect):
    """Reveal one encounter card: Thalin first, then its When Revealed, then surge,
    then an enemy or location to the staging area and a treachery to the discard
    pile (point 48)."""

    def label(self, ctx: Ctx, use: AbilityUse) -> Any:
        return f"Reveal {ctx.name(use.source)}"

    def apply(self, ctx: Ctx, use: AbilityUse) -> Any:
        u = use.source
        ctx.move(u, T.REVEALED, damage=0, progress=0)
        said = [f"{ctx.name(u)} is revealed."]
        if ctx.kind(u) == "enemy":
            for c in T.committed(ctx):
                if C.ability_of(ctx, c, "on_reveal") is not None:
                    C.deal_damage(ctx, u, 1, source=c)
                    said.append(f"{ctx.name(c)}, committed, deals it 1 damage (point 48).")
            if u not in ctx.zone(T.REVEALED):
                said.append(f"{ctx.name(u)} is destroyed before its When Revealed, which does not resolve "
                            "(ruling MK-THALIN).")
                return Say(" ".join(said), rule="MK-THALIN")
        i = C.ability_of(ctx, u, "when_revealed")
        if i is not None:
            ab = ctx.defn(u).abilities[i]
            said.append(f"{ab.text}.")
            out = ctx.start(ab.effect, source=u, ability=i, args=dict(ab.args))
            if isinstance(out, Pause):
                return ctx.wait("placed", say=" ".join(said + [C.text_of(out)]).strip())
            said.append(C.text_of(out))
            use.data["rule"] = C.ruling_of(out, T.point(48))    # a ruling the When Revealed applied
        return self.placed(ctx, use, (), said)

    def placed(self, ctx: Ctx, use: AbilityUse, ids: tuple[str, ...], said: list[str] | None = None) -> Say:
        u = use.source
        said = list(said or [])
        if u in ctx.state.cards and ctx.zone_of(u) == T.REVEALED:
            if ctx.kind(u) in ("enemy", "location"):
                ctx.move(u, T.STAGING)
                said.append(f"{ctx.name(u)} goes to the staging area.")
            else:
                ctx.move(u, T.ENC_DISCARD)
                said.append(f"{ctx.name(u)} goes to the encounter discard pile.")
        if ctx.card(u).pop("surge", None):
            ctx.extra["staging_left"] = ctx.extra.get("staging_left", 0) + 1
            said.append("Surge: one more encounter card is revealed (point 49).")
        if not said:
            said.append(f"{ctx.name(u)} is resolved.")
        return Say(" ".join(s for s in said if s), rule=use.data.get("rule") or T.point(48))


class Travel(Effect):
    """Pay the location's Travel cost, then make it the active location; "after you
    travel here" responses follow (points 64, 65)."""

    def label(self, ctx: Ctx, use: AbilityUse) -> Any:
        return f"Travel to {ctx.name(use.source)}"

    def apply(self, ctx: Ctx, use: AbilityUse) -> Any:
        u = use.source
        i = C.ability_of(ctx, u, "travel")
        if i is not None:
            ab = ctx.defn(u).abilities[i]
            out = ctx.start(ab.effect, source=u, controller=use.controller, ability=i, args=dict(ab.args))
            head = f"{use.controller} travels to {ctx.name(u)}: Travel cost: {C.text_of(out)}"
            use.data["rule"] = C.ruling_of(out, T.point(65))
            if isinstance(out, Pause):
                return ctx.wait("arrive", say=head)
            return self.arrive(ctx, use, (), head)
        return self.arrive(ctx, use, (), f"{use.controller}, the first player, travels to {ctx.name(u)}.")

    def arrive(self, ctx: Ctx, use: AbilityUse, ids: tuple[str, ...], head: str = "") -> Say:
        u = use.source
        if u in ctx.state.cards and ctx.zone_of(u) == T.STAGING:
            ctx.move(u, T.ACTIVE)
            ctx.do("traveled", card=u)
        text = head or f"The players travel to {ctx.name(u)}."
        return Say(f"{text} {ctx.name(u)} is the active location; its threat no longer counts in the staging area "
                   "(point 65).",
                   rule=use.data.get("rule") or T.point(65))


# -- helpers for effects that ask each player in turn -----------------------------------------------


class EachPlayer(Effect):
    """An "each player" effect: resolved player by player from the first player,
    each choosing for themselves (ruling MK-EACH-ORDER). A subclass gives `choices`
    (the options for one player, or [] when they have nothing to choose) and `do`."""

    prompt = "Choose"
    rule = "MK-EACH-ORDER"

    def choices(self, ctx: Ctx, use: AbilityUse, p: str) -> list[Option]:
        raise NotImplementedError

    def do(self, ctx: Ctx, use: AbilityUse, p: str, pick: str) -> str:
        raise NotImplementedError

    def none(self, ctx: Ctx, use: AbilityUse, p: str) -> str:
        return f"{p} has nothing to choose"

    def players(self, ctx: Ctx, use: AbilityUse) -> list[str]:
        return T.turn_order(ctx)

    def apply(self, ctx: Ctx, use: AbilityUse) -> Any:
        use.data["left"] = self.players(ctx, use)
        use.data["said"] = []
        return self.next(ctx, use, ())

    def next(self, ctx: Ctx, use: AbilityUse, ids: tuple[str, ...]) -> Any:
        if ids:
            p = use.data["asking"]
            use.data["said"].append(self.do(ctx, use, p, ids[0].split(":", 1)[1]))
        while use.data["left"]:
            p = use.data["left"].pop(0)
            if T.eliminated(ctx, p):
                continue
            opts = self.choices(ctx, use, p)
            if not opts:
                use.data["said"].append(self.none(ctx, use, p))
                continue
            if len(opts) == 1:
                use.data["said"].append(self.do(ctx, use, p, opts[0].id.split(":", 1)[1]))
                continue
            use.data["asking"] = p
            return ctx.ask(Decision(p, f"{p}: {self.prompt} ({self.label(ctx, use)}; ruling {self.rule}).", opts,
                                    kind="effect"), then="next", name=self.prompt)
        return Say(f"{'; '.join(use.data['said']) or 'Nothing happens'} (ruling {self.rule}).", rule=self.rule)


def pick_options(ctx: Ctx, uids: list[str], verb: str = "pick", whose: bool = False) -> list[Option]:
    """One option per card; with `whose`, each label says whose card it is (a pick among several players')."""
    return [Option(f"{verb}:{u}", f"{ctx.name(u)} ({T.controller(ctx, u) or 'the staging area'})" if whose
                   else ctx.name(u)) for u in uids]


# -- heroes and allies -------------------------------------------------------------------------------


class AragornReady(Effect):
    def label(self, ctx: Ctx, use: AbilityUse) -> Any:
        return "Aragorn readies"

    def cost(self, ctx: Ctx, use: AbilityUse) -> Any:
        return HeroResource(use.source)

    def apply(self, ctx: Ctx, use: AbilityUse) -> Any:
        T.ready(ctx, use.source)
        return Say(f"{ctx.name(use.source)} readies, still committed.", rule=T.point(100))


class TheodredGift(Effect):
    def label(self, ctx: Ctx, use: AbilityUse) -> Any:
        return "Théodred's resource"

    def heroes(self, ctx):
        return [h for h in T.committed(ctx) if ctx.kind(h) == "hero"]

    def apply(self, ctx: Ctx, use: AbilityUse) -> Any:
        hs = self.heroes(ctx)
        if len(hs) == 1:
            return self.give(ctx, use, (f"hero:{hs[0]}",))
        return ctx.ask(Decision(use.controller, f"{use.controller}: which committed hero gets Théodred's resource?",
                                [Option(f"hero:{h}", ctx.name(h)) for h in hs], kind="effect"), then="give",
                       name="Choose a hero")

    def give(self, ctx: Ctx, use: AbilityUse, ids: tuple[str, ...]) -> Any:
        h = ids[0].split(":", 1)[1]
        ctx.do("resource", card=h, add=1)
        return Say(f"Théodred adds 1 resource to {possessive(ctx.name(h))} pool ({T.resources(ctx, h)}).", rule=T.point(100))


class GloinResources(Effect):
    def label(self, ctx: Ctx, use: AbilityUse) -> Any:
        return "Glóin's resources"

    def apply(self, ctx: Ctx, use: AbilityUse) -> Any:
        n = int((use.event or {}).get("amount", 0))
        if use.source in ctx.state.cards and ctx.zone_of(use.source).endswith("/heroes"):
            ctx.do("resource", card=use.source, add=n)
            return Say(f"Glóin adds {plural(n, 'resource')} to his pool, one per damage suffered.", rule=T.point(100))
        return Say("Glóin has left play: his pool is gone.", rule=T.point(100))


class ProgressOnQuest(Effect):
    arg_fields = {"amount": Field(int, True, minimum=1, maximum=9, doc="progress tokens")}

    def label(self, ctx: Ctx, use: AbilityUse) -> Any:
        return f"{ctx.name(use.source)}: {plural(use.args['amount'], 'progress token')}"

    def apply(self, ctx: Ctx, use: AbilityUse) -> Any:
        return Say(f"{C.place_progress(ctx, int(use.args['amount']))} (active location first, point 62).",
                   rule=T.point(62))


class ThalinStrike(Effect):
    """A marker: the reveal procedure reads it while Thalin is committed."""

    def apply(self, ctx: Ctx, use: AbilityUse) -> Any:
        return Say("Thalin watches the encounter deck.", rule=T.point(48))


class FaramirRally(Effect):
    def label(self, ctx: Ctx, use: AbilityUse) -> Any:
        return "Faramir: +1 willpower to a player's characters"

    def cost(self, ctx: Ctx, use: AbilityUse) -> Any:
        return ExhaustSelf(use.source)

    def apply(self, ctx: Ctx, use: AbilityUse) -> Any:
        order = T.turn_order(ctx)
        if len(order) == 1:
            return self.rally(ctx, use, (f"player:{order[0]}",))
        return ctx.ask(Decision(use.controller, f"{use.controller}: whose characters get +1 willpower?",
                                [Option(f"player:{q}", q) for q in order], kind="effect"), then="rally",
                       name="Choose a player")

    def rally(self, ctx: Ctx, use: AbilityUse, ids: tuple[str, ...]) -> Any:
        q = ids[0].split(":", 1)[1]
        cards = T.characters(ctx, q)
        ctx.add_lasting("modifier", "phase", f"Faramir: +1 willpower for {q}'s characters", source=use.source,
                        controller=use.controller, targets=cards, stat="willpower", add=1)
        return Say(f"Each of {q}'s characters ({T.names_or_nobody(ctx, cards)}) gets +1 willpower until the end "
                   "of the phase (fixed when played, point 109).", rule=T.point(109))


class SonOfArnor(Effect):
    def label(self, ctx: Ctx, use: AbilityUse) -> Any:
        return "Son of Arnor engages an enemy"

    def enemies(self, ctx: Ctx, use: AbilityUse) -> Any:
        p = use.controller
        return [u for u in ctx.zone(T.STAGING) if ctx.kind(u) == "enemy"] + [
            u for q in T.turn_order(ctx) if q != p for u in T.engaged_enemies(ctx, q)]

    def check(self, ctx: Ctx, use: AbilityUse) -> Any:
        return None if self.enemies(ctx, use) else "no enemy is in the staging area or engaged with another player"

    def apply(self, ctx: Ctx, use: AbilityUse) -> Any:
        es = self.enemies(ctx, use)
        return ctx.ask(Decision(use.controller, f"{use.controller}: which enemy does Son of Arnor engage?",
                                pick_options(ctx, es, "enemy", whose=True), kind="effect"), then="engage",
                       name="Choose an enemy")

    def engage(self, ctx: Ctx, use: AbilityUse, ids: tuple[str, ...]) -> Any:
        u = ids[0].split(":", 1)[1]
        C.engage(ctx, u, use.controller)
        return Say(f"{ctx.name(u)} engages {use.controller} (point 70).", rule=T.point(70))


class ScoutProgress(Effect):
    def label(self, ctx: Ctx, use: AbilityUse) -> Any:
        return "Snowbourn Scout: 1 progress on a location"

    def locations(self, ctx):
        return list(ctx.zone(T.ACTIVE)) + [u for u in ctx.zone(T.STAGING) if ctx.kind(u) == "location"]

    def check(self, ctx: Ctx, use: AbilityUse) -> Any:
        return None if self.locations(ctx) else "no location is in play"

    def apply(self, ctx: Ctx, use: AbilityUse) -> Any:
        locs = self.locations(ctx)
        return ctx.ask(Decision(use.controller, f"{use.controller}: put 1 progress on which location?",
                                pick_options(ctx, locs, "location"), kind="effect"), then="place",
                       name="Choose a location")

    def place(self, ctx: Ctx, use: AbilityUse, ids: tuple[str, ...]) -> Any:
        u = ids[0].split(":", 1)[1]
        name = ctx.name(u)
        ctx.do("progress", card=u, add=1)
        gone = u not in ctx.zone(T.ACTIVE) and u not in ctx.zone(T.STAGING)
        return Say(f"1 progress token on {name}" + (", which is explored (point 58)." if gone else "."),
                   rule=T.point(58))


class OrcSlayer(Effect):
    def label(self, ctx: Ctx, use: AbilityUse) -> Any:
        return "Longbeard Orc Slayer: 1 damage to each Orc"

    def apply(self, ctx: Ctx, use: AbilityUse) -> Any:
        orcs = [u for u in T.enemies_in_play(ctx) if "Orc" in ctx.defn(u).traits]
        names = [ctx.name(u) for u in orcs]
        gone = C.damage_each(ctx, orcs, 1, source=use.source)
        return Say(f"1 damage to each Orc enemy in play: {listing(names, empty='there is none')}{gone}.",
                   rule=T.point(100))


class BrokArrives(Effect):
    def label(self, ctx: Ctx, use: AbilityUse) -> Any:
        return "Brok Ironfist enters play from hand"

    def apply(self, ctx: Ctx, use: AbilityUse) -> Any:
        p = use.controller
        if ctx.zone_of(use.source) != T.hand(p):
            return Say("Brok Ironfist is no longer in hand.", rule=T.point(44))
        ctx.move(use.source, T.allies_zone(p), exhausted=False, damage=0)
        ctx.do("entered", card=use.source, player=p)
        return Say(f"Brok Ironfist is put into play from {p}'s hand, at no cost (point 44).", rule=T.point(44))


class SpearmanStrike(Effect):
    def label(self, ctx: Ctx, use: AbilityUse) -> Any:
        return "Gondorian Spearman: 1 damage to the attacker"

    def apply(self, ctx: Ctx, use: AbilityUse) -> Any:
        e = (use.event or {}).get("enemy")
        if e is None or e not in ctx.state.cards or T.engaged_with(ctx, e) is None:
            return Say("The attacking enemy has left play.", rule=T.point(100))
        name = ctx.name(e)
        gone = C.damage_each(ctx, [e], 1, source=use.source)
        return Say(f"Gondorian Spearman deals 1 damage to {name}{gone}.", rule=T.point(100))


class BeornRage(Effect):
    def label(self, ctx: Ctx, use: AbilityUse) -> Any:
        return "Beorn: +5 attack until the end of the phase"

    def apply(self, ctx: Ctx, use: AbilityUse) -> Any:
        if use.ability is not None:
            ctx.note_use(use)        # once per round, for this copy (point 110)
        ctx.add_lasting("modifier", "phase", "Beorn: +5 attack", source=use.source, controller=use.controller,
                        targets=[use.source], stat="attack", add=5)
        ctx.delay("beorn_returns", "phase", "Beorn shuffles back into his owner's deck", source=use.source,
                  controller=use.controller)
        return Say("Beorn gets +5 attack until the end of the phase; at its end he is shuffled back into his owner's "
                   "deck (points 29, 110).", rule=T.point(110))


class BeornReturns(Effect):
    def apply(self, ctx: Ctx, use: AbilityUse) -> Any:
        u = use.source
        p = ctx.owner_of(u) if u in ctx.state.cards else None
        owner = T.controller(ctx, u) if u in ctx.state.cards else None
        if owner is None or not ctx.zone_of(u).endswith("/allies"):
            return Say("Beorn has already left play.", rule=T.point(29))
        ctx.move(u, T.deck(owner), exhausted=False, damage=0)
        ctx.forget_uses(u)
        ctx.shuffle(T.deck(owner))
        ctx.do("left_play", card=u, owner=owner, how="shuffled")
        return Say(f"Beorn is shuffled back into {p or owner}'s deck (point 29).", rule=T.point(29))


class GandalfLeaves(Effect):
    def apply(self, ctx: Ctx, use: AbilityUse) -> Any:
        u = use.source
        p = T.controller(ctx, u)
        ctx.move(u, T.discard(p), exhausted=False, damage=0)
        ctx.do("left_play", card=u, owner=p, how="discarded")
        return Say("The round ends: Gandalf is discarded (point 95).", rule=T.point(95))


class GandalfGift(Effect):
    def label(self, ctx: Ctx, use: AbilityUse) -> Any:
        return "Gandalf's gift"

    def apply(self, ctx: Ctx, use: AbilityUse) -> Any:
        p = use.controller
        draw_why = ctx.restricted("draw", player=p)
        opts = [Option("mode:draw", "Draw 3 cards", not draw_why,
                       "Enchanted Stream blocks drawing (ruling MK-ENCHANTED)" if draw_why else "",
                       rule="MK-ENCHANTED" if draw_why else "")]
        opts += [Option(f"mode:{u}", f"4 damage to {ctx.name(u)}") for u in T.enemies_in_play(ctx)]
        opts.append(Option("mode:threat", "Lower your threat by 5"))
        return ctx.ask(Decision(p, f"{p}: choose Gandalf's gift.", opts, kind="effect"), then="gift",
                       name="Choose a gift")

    def gift(self, ctx: Ctx, use: AbilityUse, ids: tuple[str, ...]) -> Any:
        p = use.controller
        m = ids[0].split(":", 1)[1]
        if m == "draw":
            got, _ = T.draw(ctx, p, 3)
            return Say(f"{p} draws {T.names_or_nobody(ctx, got, 'no card')}.", rule=T.point(100),
                       public=f"{p} draws {plural(len(got), 'card')}.")
        if m == "threat":
            ctx.do("threat", player=p, add=-min(5, T.threat(ctx, p)))
            return Say(f"{p} lowers their threat by 5 to {T.threat(ctx, p)}.", rule=T.point(100))
        name = ctx.name(m)
        gone = C.damage_each(ctx, [m], 4, source=use.source)
        return Say(f"Gandalf deals 4 damage to {name}{gone}.", rule=T.point(100))


# -- encounter cards ---------------------------------------------------------------------------------


def defending_player(ctx: Ctx) -> str | None:
    return C.attack(ctx).get("player")


def undefended(ctx: Ctx) -> bool:
    return bool(C.attack(ctx).get("undefended"))


class SpiderFury(Effect):
    def label(self, ctx: Ctx, use: AbilityUse) -> Any:
        return "Forest Spider: +1 attack until the end of the round"

    def apply(self, ctx: Ctx, use: AbilityUse) -> Any:
        ctx.add_lasting("modifier", "round", "Forest Spider: +1 attack", source=use.source, targets=[use.source],
                        stat="attack", add=1)
        return Say(f"Forced: {ctx.name(use.source)} gets +1 attack until the end of the round (point 101).",
                   rule=T.point(101))


class ShadowDiscardAttachment(Effect):
    """Forest Spider: the defending player discards one attachment they control.
    Driven by Shadow (`all_if_undefended`): one attachment of the defending
    player's choice from the defending character, Caught in a Web included; if the
    attack is undefended, every attachment the defending player controls instead.
    Nobody controls Caught in a Web (ruling MK-ATTACHMENT-DISCARD)."""

    arg_fields = {"all_if_undefended": Field(bool, doc="undefended: every attachment of the defending player")}

    def on_defender(self, ctx: Ctx, use: AbilityUse) -> bool:
        return bool(use.args.get("all_if_undefended")) and not undefended(ctx)

    def choices(self, ctx: Ctx, use: AbilityUse) -> list[str]:
        p, d = defending_player(ctx), C.attack(ctx).get("defender")
        if self.on_defender(ctx, use):
            mine = [w for q in ctx.players for w in ctx.zone(T.zone(q, "attachments"))
                    if ctx.card(w).get("attached_to") == d]
            return (C.webs_on(ctx, d) if d else []) + mine
        return list(ctx.zone(T.zone(p, "attachments"))) if p else []

    def apply(self, ctx: Ctx, use: AbilityUse) -> Any:
        p = defending_player(ctx)
        if use.args.get("all_if_undefended") and undefended(ctx):
            gone = list(ctx.zone(T.zone(p, "attachments"))) if p else []
            for w in gone:
                discard_attachment(ctx, w)
            if gone:
                return Say(f"The attack is undefended: every attachment {p} controls is discarded: "
                           f"{T.names_or_nobody(ctx, gone, 'none')}; Caught in a Web is nobody's and stays "
                           "(ruling MK-ATTACHMENT-DISCARD).", rule="MK-ATTACHMENT-DISCARD")
            return Say(f"The attack is undefended, and {p} controls no attachment (Caught in a Web is nobody's): "
                       "nothing is discarded (ruling MK-ATTACHMENT-DISCARD).", rule="MK-ATTACHMENT-DISCARD")
        picks = self.choices(ctx, use)
        if not picks:
            whose = "on the defending character" if self.on_defender(ctx, use) else \
                f"that {p} controls (Caught in a Web is nobody's)"
            return Say(f"There is no attachment {whose}: nothing is discarded (ruling MK-ATTACHMENT-DISCARD).",
                       rule="MK-ATTACHMENT-DISCARD")
        if len(picks) == 1:       # nothing to choose between
            return self.gone(ctx, use, (f"pick:{picks[0]}",))
        where = "from the defending character" if self.on_defender(ctx, use) else "that you control"
        opts = pick_options(ctx, picks)
        if not self.on_defender(ctx, use):
            opts += self.nobodys(ctx, p)
        return ctx.ask(Decision(p, f"{p}: discard which attachment {where}?", opts,
                                kind="effect"), then="gone", name="Choose an attachment")

    def nobodys(self, ctx: Ctx, p: str) -> list[Option]:
        """Caught in a Web on p's characters, shown illegal: nobody controls it, so it
        is not an attachment p controls (ruling MK-ATTACHMENT-DISCARD)."""
        return [Option(f"pick:{w}", f"{ctx.name(w)} (on {ctx.name(h)})", False,
                       f"{ctx.name(w)} is an encounter card that nobody controls, not an attachment {p} controls, so "
                       "this shadow cannot discard it (ruling MK-ATTACHMENT-DISCARD)", rule="MK-ATTACHMENT-DISCARD")
                for h in T.characters(ctx, p) for w in C.webs_on(ctx, h)]

    def gone(self, ctx: Ctx, use: AbilityUse, ids: tuple[str, ...]) -> Any:
        w = ids[0].split(":", 1)[1]
        name, host = ctx.name(w), ctx.card(w).get("attached_to")
        on_defender = self.on_defender(ctx, use)
        discard_attachment(ctx, w)
        host_name = ctx.name(host) if host in ctx.state.cards else "its card"
        if on_defender:
            said = f"{name} is discarded from {host_name}, the defending character"
        else:
            said = f"{defending_player(ctx)} discards {name}, an attachment they control, from {host_name}"
        return Say(f"{said} (ruling MK-ATTACHMENT-DISCARD).", rule="MK-ATTACHMENT-DISCARD")


def discard_attachment(ctx: Ctx, w: str) -> None:
    """An attachment leaves play: Caught in a Web to the encounter discard pile, a
    player's attachment to its owner's discard pile (point 96)."""
    if ctx.zone_of(w) == T.ENC_ATTACH:
        ctx.move(w, T.ENC_DISCARD, attached_to=None)
    else:
        ctx.move(w, T.discard(ctx.owner_of(w) or T.controller(ctx, w)), attached_to=None, exhausted=False)


class ShadowBoost(Effect):
    arg_fields = {"add": Field(int, True, minimum=0, maximum=9, doc="attack added"),
                  "undefended_add": Field(int, True, minimum=0, maximum=9, doc="more attack when undefended"),
                  "undefended_threat": Field(int, True, minimum=0, maximum=9, doc="threat raised when undefended")}

    def apply(self, ctx: Ctx, use: AbilityUse) -> Any:
        a = C.attack(ctx)
        add = int(use.args["add"]) + (int(use.args["undefended_add"]) if undefended(ctx) else 0)
        ctx.add_lasting("modifier", "attack", f"{ctx.name(use.source)} (shadow): +{add} attack", source=use.source,
                        targets=[a["enemy"]], stat="attack", add=add)
        said = f"{ctx.name(a['enemy'])} gets +{add} attack for this attack"
        th = int(use.args["undefended_threat"])
        if th and undefended(ctx):
            ctx.do("threat", player=a["player"], add=th)
            said += f"; undefended, {a['player']} raises their threat by {th} to {T.threat(ctx, a['player'])}"
        return Say(f"{said}.", rule=T.point(106))


class BatsScatter(EachPlayer):
    prompt = "remove one of your committed characters from the quest"
    rule = "MK-BATS"

    def label(self, ctx: Ctx, use: AbilityUse) -> Any:
        return "Black Forest Bats"

    def choices(self, ctx, use, p):
        return pick_options(ctx, [u for u in T.characters(ctx, p) if ctx.card(u).get("committed")])

    def none(self, ctx, use, p):
        return f"{p} has no committed character"

    def do(self, ctx, use, p, u):
        ctx.card(u).pop("committed", None)
        return f"{p} removes {ctx.name(u)} from the quest (it stays exhausted, point 57)"


class ReadyCharacter(Effect):
    def label(self, ctx: Ctx, use: AbilityUse) -> Any:
        return "Old Forest Road: ready a character"

    def tired(self, ctx, p):
        return [u for u in T.characters(ctx, p) if not T.is_ready(ctx, u)]

    def check(self, ctx: Ctx, use: AbilityUse) -> Any:
        return None if self.tired(ctx, ctx.decider(None)) else "the first player has no exhausted character"

    def apply(self, ctx: Ctx, use: AbilityUse) -> Any:
        p = ctx.decider(None)
        return ctx.ask(Decision(p, f"{p}, the first player: ready which character?",
                                pick_options(ctx, self.tired(ctx, p), "ready"), kind="effect"), then="wake",
                       name="Choose a character")

    def wake(self, ctx: Ctx, use: AbilityUse, ids: tuple[str, ...]) -> Any:
        u = ids[0].split(":", 1)[1]
        T.ready(ctx, u)
        return Say(f"The first player readies {ctx.name(u)} (point 65).", rule=T.point(65))


class DrawCards(Effect):
    arg_fields = {"amount": Field(int, True, minimum=1, maximum=9, doc="cards drawn")}

    def label(self, ctx: Ctx, use: AbilityUse) -> Any:
        return f"Forest Gate: draw {use.args['amount']}"

    def check(self, ctx: Ctx, use: AbilityUse) -> Any:
        why = ctx.restricted("draw", player=ctx.decider(None))
        return Reason("Enchanted Stream blocks drawing (ruling MK-ENCHANTED)", rule="MK-ENCHANTED") if why else None

    def apply(self, ctx: Ctx, use: AbilityUse) -> Any:
        p = ctx.decider(None)
        got, short = T.draw(ctx, p, int(use.args["amount"]))
        tail = f" ({short})" if short else ""
        return Say(f"{p}, the first player, draws {T.names_or_nobody(ctx, got, 'no card')}{tail}.", rule=T.point(65),
                   public=f"{p}, the first player, draws {plural(len(got), 'card')}{tail}.")


class EachExhausts(EachPlayer):
    prompt = "exhaust one character you control"

    def label(self, ctx: Ctx, use: AbilityUse) -> Any:
        return "King Spider"

    def choices(self, ctx, use, p):
        return pick_options(ctx, [u for u in T.characters(ctx, p) if T.is_ready(ctx, u)])

    def none(self, ctx, use, p):
        return f"{p} has no ready character"

    def do(self, ctx, use, p, u):
        T.exhaust(ctx, u)
        return f"{p} exhausts {ctx.name(u)}"


class ShadowExhaust(EachPlayer):
    prompt = "exhaust a character you control"
    rule = "MK-EACH-ORDER"

    def label(self, ctx: Ctx, use: AbilityUse) -> Any:
        return "King Spider (shadow)"

    def players(self, ctx: Ctx, use: AbilityUse) -> Any:
        p = defending_player(ctx)
        return [p, p] if undefended(ctx) else [p]

    def choices(self, ctx, use, p):
        return pick_options(ctx, [u for u in T.characters(ctx, p) if T.is_ready(ctx, u)])

    def none(self, ctx, use, p):
        return f"{p} has no ready character to exhaust"

    def do(self, ctx, use, p, u):
        T.exhaust(ctx, u)
        return f"{p} exhausts {ctx.name(u)}"


class HummerhornSting(Effect):
    def label(self, ctx: Ctx, use: AbilityUse) -> Any:
        return "Hummerhorns: 5 damage to a hero"

    def apply(self, ctx: Ctx, use: AbilityUse) -> Any:
        p = (use.event or {}).get("player")
        hs = T.heroes(ctx, p) if p else []
        if not hs:
            return Say("There is no hero to sting.", rule=T.point(101))
        return ctx.ask(Decision(p, f"{p}: Hummerhorns deal 5 damage to one of your heroes: which?",
                                [Option(f"hero:{h}", f"{ctx.name(h)} ({plural(T.hp_left(ctx, h), 'hit point')} left)")
                                 for h in hs], kind="effect"), then="sting", name="Choose a hero")

    def sting(self, ctx: Ctx, use: AbilityUse, ids: tuple[str, ...]) -> Any:
        h = ids[0].split(":", 1)[1]
        name = ctx.name(h)
        C.deal_damage(ctx, h, 5, source=use.source)
        return Say(f"Forced: Hummerhorns deal 5 damage to {name}{C.fate(ctx, h)} (point 101).", rule=T.point(101))


class ShadowDamageEach(Effect):
    def apply(self, ctx: Ctx, use: AbilityUse) -> Any:
        p = defending_player(ctx)
        n = 2 if undefended(ctx) else 1
        cards = T.characters(ctx, p)
        names = [ctx.name(u) for u in cards]
        gone = C.damage_each(ctx, cards, n, source=use.source)
        return Say(f"{plural(n, 'damage', 'damage')} to each of {p}'s characters: {listing(names)}{gone}.",
                   rule=T.point(106))


class SpawnDread(Effect):
    def apply(self, ctx: Ctx, use: AbilityUse) -> Any:
        cards = T.committed(ctx)
        if cards:
            ctx.add_lasting("modifier", "phase", "Ungoliant's Spawn: -1 willpower", source=use.source, targets=cards,
                            stat="willpower", add=-1)
        return Say(f"Each character committed now ({T.names_or_nobody(ctx, cards)}) gets -1 willpower until the "
                   "end of the phase (point 109).", rule=T.point(109))


class ShadowThreat(Effect):
    arg_fields = {"amount": Field(int, True, minimum=1, maximum=20, doc="threat raised"),
                  "undefended": Field(int, True, minimum=1, maximum=20, doc="threat raised when undefended")}

    def apply(self, ctx: Ctx, use: AbilityUse) -> Any:
        p = defending_player(ctx)
        n = int(use.args["undefended" if undefended(ctx) else "amount"])
        ctx.do("threat", player=p, add=n)
        return Say(f"{p} raises their threat by {n} to {T.threat(ctx, p)}.", rule=T.point(106))


class WebTravel(EachPlayer):
    prompt = "exhaust one hero you control (Great Forest Web's travel cost)"
    rule = "MK-TRAVEL-COST"

    def label(self, ctx: Ctx, use: AbilityUse) -> Any:
        return "Great Forest Web"

    def check(self, ctx: Ctx, use: AbilityUse) -> Any:
        short = [p for p in T.turn_order(ctx) if not any(T.is_ready(ctx, h) for h in T.heroes(ctx, p))]
        return f"{listing(short)} has no ready hero to exhaust" if short else None

    def choices(self, ctx, use, p):
        return pick_options(ctx, [h for h in T.heroes(ctx, p) if T.is_ready(ctx, h)])

    def do(self, ctx, use, p, u):
        T.exhaust(ctx, u)
        return f"{p} exhausts {ctx.name(u)}"


class MountainTravel(Effect):
    def check(self, ctx: Ctx, use: AbilityUse) -> Any:
        if not ctx.zone(T.ENC_DECK) and not ctx.zone(T.ENC_DISCARD):
            return "the encounter deck and its discard pile are empty: there is no card to reveal"
        return None

    def apply(self, ctx: Ctx, use: AbilityUse) -> Any:
        note = C.refill_encounter_deck(ctx)
        u = ctx.zone(T.ENC_DECK)[-1]
        out = ctx.start("reveal", source=u)
        if isinstance(out, Pause):
            return ctx.wait("done", say=f"{note}{C.text_of(out)}")
        return Say(f"{note}{C.text_of(out)}", rule="MK-ENC-EMPTY" if note else C.ruling_of(out, T.point(64)))

    def done(self, ctx: Ctx, use: AbilityUse, ids: tuple[str, ...]) -> Any:
        return Say("The revealed card is resolved.", rule=T.point(64))


class MountainSearch(Effect):
    """Each player in turn may look alone at their top 5 cards, take 1 and shuffle;
    one who declines neither looks nor shuffles (ruling MK-MOUNTAINS)."""

    def label(self, ctx: Ctx, use: AbilityUse) -> Any:
        return "Mountains of Mirkwood"

    def apply(self, ctx: Ctx, use: AbilityUse) -> Any:
        use.data["left"] = T.turn_order(ctx)
        use.data["said"] = []
        return self.offer(ctx, use, ())

    def offer(self, ctx: Ctx, use: AbilityUse, ids: tuple[str, ...]) -> Any:
        while use.data["left"]:
            p = use.data["left"].pop(0)
            if T.eliminated(ctx, p) or not ctx.zone(T.deck(p)):
                use.data["said"].append(f"{p}'s deck is empty" if not T.eliminated(ctx, p) else f"{p} is out")
                continue
            use.data["asking"] = p
            return ctx.ask(Decision(p, f"{p}: Mountains of Mirkwood is explored: look at the top 5 cards of your deck "
                                    "and take 1 (ruling MK-MOUNTAINS)?", [Option("look", "Look and take 1"),
                                                                           Option("no_look", "Do not look")],
                                    kind="effect", default="look"), then="looked", name="Look at the top 5")
        return Say(f"{'; '.join(use.data['said']) or 'Nobody looks'} (ruling MK-MOUNTAINS).", rule="MK-MOUNTAINS")

    def looked(self, ctx: Ctx, use: AbilityUse, ids: tuple[str, ...]) -> Any:
        p = use.data["asking"]
        if ids[0] == "no_look":
            use.data["said"].append(f"{p} does not look")
            return self.offer(ctx, use, ())
        top = list(reversed(ctx.zone(T.deck(p))[-5:]))
        ctx.reveal(top, to=p, text=f"{p} looks at the top {plural(len(top), 'card')} of their deck")
        return ctx.ask(Decision(p, f"{p}: take one of your top {plural(len(top), 'card')} into your hand (ruling "
                                "MK-MOUNTAINS).", [Option(f"take:{u}", ctx.name(u)) for u in top], kind="effect"),
                       then="taken", name="Take a card", say=f"{p} looks at the top {plural(len(top), 'card')} of "
                       "their deck (ruling MK-MOUNTAINS).")

    def taken(self, ctx: Ctx, use: AbilityUse, ids: tuple[str, ...]) -> Any:
        p = use.data["asking"]
        ctx.move(ids[0].split(":", 1)[1], T.hand(p))
        ctx.shuffle(T.deck(p))
        use.data["said"].append(f"{p} takes a card into their hand and shuffles their deck")
        return self.offer(ctx, use, ())


class WebAttach(Effect):
    def label(self, ctx: Ctx, use: AbilityUse) -> Any:
        return "Caught in a Web"

    def apply(self, ctx: Ctx, use: AbilityUse) -> Any:
        order = T.turn_order(ctx)
        top = max(T.threat(ctx, p) for p in order)
        tied = [p for p in order if T.threat(ctx, p) == top]
        if len(tied) > 1:
            fp = T.first_player(ctx)
            return ctx.ask(Decision(fp, f"{fp}, the first player: players tie for the highest threat; who gets "
                                    "Caught in a Web (ruling MK-CAUGHT)?", [Option(f"player:{p}", p) for p in tied],
                                    kind="effect"), then="victim", name="Choose a player")
        return self.victim(ctx, use, (f"player:{tied[0]}",))

    def victim(self, ctx: Ctx, use: AbilityUse, ids: tuple[str, ...]) -> Any:
        p = ids[0].split(":", 1)[1]
        use.data["player"] = p
        hs = T.heroes(ctx, p)
        if len(hs) == 1:
            return self.attach(ctx, use, (f"hero:{hs[0]}",))
        return ctx.ask(Decision(p, f"{p}: attach Caught in a Web to which of your heroes?",
                                [Option(f"hero:{h}", ctx.name(h)) for h in hs], kind="effect"), then="attach",
                       name="Choose a hero")

    def attach(self, ctx: Ctx, use: AbilityUse, ids: tuple[str, ...]) -> Any:
        h = ids[0].split(":", 1)[1]
        ctx.move(use.source, T.ENC_ATTACH, attached_to=h)
        return Say(f"Caught in a Web is attached to {ctx.name(h)} (ruling MK-CAUGHT).", rule="MK-CAUGHT")


class OrcAmbush(Effect):
    def label(self, ctx: Ctx, use: AbilityUse) -> Any:
        return "Dol Guldur Orcs: 2 damage to a committed character"

    def apply(self, ctx: Ctx, use: AbilityUse) -> Any:
        cards = T.committed(ctx)
        if not cards:
            return Say("No character is committed: nothing happens.", rule=T.point(48))
        fp = T.first_player(ctx)
        return ctx.ask(Decision(fp, f"{fp}, the first player: which committed character takes 2 damage?",
                                pick_options(ctx, cards, "target", whose=True), kind="effect"), then="hit",
                       name="Choose a character")

    def hit(self, ctx: Ctx, use: AbilityUse, ids: tuple[str, ...]) -> Any:
        u = ids[0].split(":", 1)[1]
        name = ctx.name(u)
        C.deal_damage(ctx, u, 2, source=use.source)
        return Say(f"{name} takes 2 damage{C.fate(ctx, u)} (point 111).", rule=T.point(111))


class UfthakToken(Effect):
    def apply(self, ctx: Ctx, use: AbilityUse) -> Any:
        u = use.source
        ctx.card(u)["tokens"] = int(ctx.card(u).get("tokens", 0)) + 1
        return Say(f"Forced: after he attacks, Chieftain Ufthak gets a resource token "
                   f"({plural(ctx.card(u)['tokens'], 'token')}: +{2 * ctx.card(u)['tokens']} attack) (ruling MK-UFTHAK).",
                   rule="MK-UFTHAK")


class ExtraShadow(Effect):
    def apply(self, ctx: Ctx, use: AbilityUse) -> Any:
        ok = C.deal_one_shadow(ctx, use.source)
        if ok:
            return Say("Forced: Dol Guldur Beastmaster is dealt 1 more shadow card as it attacks (point 74).",
                       rule=T.point(74))
        return Say("Forced: the encounter deck is empty, so Dol Guldur Beastmaster gets no extra shadow card "
                   "(ruling MK-ENC-EMPTY).", rule="MK-ENC-EMPTY")


class DrivenByShadow(Effect):
    def apply(self, ctx: Ctx, use: AbilityUse) -> Any:
        cards = list(ctx.zone(T.STAGING))
        if not cards:
            ctx.card(use.source)["surge"] = True
            return Say("The staging area is empty, so Driven by Shadow gains surge (point 49).", rule=T.point(49))
        ctx.add_lasting("modifier", "phase", "Driven by Shadow: +1 threat", source=use.source, targets=cards,
                        stat="threat", add=1)
        return Say(f"Each card in the staging area now ({T.names_or_nobody(ctx, cards)}) gets +1 threat until the end "
                   "of the phase (point 109).", rule=T.point(109))


class ReachDamage(Effect):
    def apply(self, ctx: Ctx, use: AbilityUse) -> Any:
        cards = [u for u in T.all_characters(ctx) if not T.is_ready(ctx, u)]
        names = [ctx.name(u) for u in cards]
        gone = C.damage_each(ctx, cards, 1, source=use.source)
        return Say(f"1 damage to each exhausted character: {listing(names, empty='there is none')}{gone}.",
                   rule=T.point(97))


class PassTravel(Effect):
    def check(self, ctx: Ctx, use: AbilityUse) -> Any:
        fp = T.first_player(ctx)
        n = len(ctx.zone(T.hand(fp)))
        return None if n >= 2 else f"{fp}, the first player, holds {plural(n, 'card')}, not 2"

    def apply(self, ctx: Ctx, use: AbilityUse) -> Any:
        fp = T.first_player(ctx)
        gone = []
        for _ in range(2):
            h = ctx.zone(T.hand(fp))
            u = h[ctx.randbelow(len(h))]
            ctx.move(u, T.discard(fp))
            gone.append(u)
        return Say(f"{fp} discards 2 random cards: {T.names_or_nobody(ctx, gone)}.", rule=T.point(64))


class StageSearch(EachPlayer):
    """Don't Leave the Path!: each player searches the encounter deck and discard
    pile for a Spider and adds it to the staging area; then the deck is shuffled
    (point 122, ruling MK-DLTP)."""

    prompt = "add one Spider card to the staging area"
    rule = "MK-DLTP"

    def label(self, ctx: Ctx, use: AbilityUse) -> Any:
        return "Don't Leave the Path!"

    def choices(self, ctx, use, p):
        spiders = [u for z in (T.ENC_DECK, T.ENC_DISCARD) for u in ctx.zone(z) if "Spider" in ctx.defn(u).traits]
        seen, opts = set(), []
        for u in spiders:
            key = (ctx.defn(u).id, ctx.zone_of(u))
            if key in seen:
                continue
            seen.add(key)
            where = "encounter deck" if ctx.zone_of(u) == T.ENC_DECK else "discard pile"
            opts.append(Option(f"spider:{u}", f"{ctx.name(u)} (from the {where})"))
        return opts

    def none(self, ctx, use, p):
        return f"{p} finds no Spider"

    def do(self, ctx, use, p, u):
        ctx.move(u, T.STAGING, damage=0)
        return f"{p} adds {ctx.name(u)} to the staging area (not revealed)"

    def next(self, ctx: Ctx, use: AbilityUse, ids: tuple[str, ...]) -> Any:
        out = super().next(ctx, use, ids)
        if isinstance(out, Say):
            ctx.shuffle(T.ENC_DECK)
            return Say(f"{out.text} The encounter deck is shuffled.", rule="MK-DLTP")
        return out


class Announce(Effect):
    """What the state check did at once (an elimination), told as a record of its own."""

    def label(self, ctx: Ctx, use: AbilityUse) -> str:
        return str(use.data.get("label", "At once"))

    def apply(self, ctx: Ctx, use: AbilityUse) -> Any:
        return Say(str(use.data["text"]), rule=str(use.data["rule"]))


EFFECTS: dict[str, Effect] = {
    "announce": Announce(),
    "play_ally": PlayAlly(), "reveal": Reveal(), "travel": Travel(), "stage_search": StageSearch(),
    "aragorn_ready": AragornReady(), "theodred_gift": TheodredGift(), "gloin_resources": GloinResources(),
    "progress_on_quest": ProgressOnQuest(), "thalin_strike": ThalinStrike(), "faramir_rally": FaramirRally(),
    "son_of_arnor": SonOfArnor(), "scout_progress": ScoutProgress(), "orc_slayer": OrcSlayer(),
    "brok_arrives": BrokArrives(), "spearman_strike": SpearmanStrike(), "beorn_rage": BeornRage(),
    "beorn_returns": BeornReturns(), "gandalf_leaves": GandalfLeaves(), "gandalf_gift": GandalfGift(),
    "spider_fury": SpiderFury(), "shadow_discard_attachment": ShadowDiscardAttachment(),
    "shadow_boost": ShadowBoost(), "bats_scatter": BatsScatter(), "ready_character": ReadyCharacter(),
    "draw_cards": DrawCards(), "each_exhausts": EachExhausts(), "shadow_exhaust": ShadowExhaust(),
    "hummerhorn_sting": HummerhornSting(), "shadow_damage_each": ShadowDamageEach(), "spawn_dread": SpawnDread(),
    "shadow_threat": ShadowThreat(), "web_travel": WebTravel(), "mountain_travel": MountainTravel(),
    "mountain_search": MountainSearch(), "web_attach": WebAttach(),
    "orc_ambush": OrcAmbush(), "ufthak_token": UfthakToken(), "extra_shadow": ExtraShadow(),
    "driven_by_shadow": DrivenByShadow(), "reach_damage": ReachDamage(), "pass_travel": PassTravel(),
}
