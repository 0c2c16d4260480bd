"""The starter decks' events and attachments: an event is played from hand in an
action window, paid like an ally, resolved, then discarded (points 35, 43); an
attachment is played in the planning phase onto a legal card, stays with it and
leaves play with it (points 41, 96), at most two Restricted ones on a character
(point 42, ruling MK-RESTRICTED)."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from tablekit.core import AbilityUse, Ctx, Decision, Effect, Option, Reason, Say
from tablekit.core.cards import Field
from tablekit.core.words import listing, plural

from . import combat as C
from . import table as T
from .powers import SphereCost, pick_options


def unique_in_play(ctx: Ctx, uid: str) -> Reason | None:
    """A unique title already in play anywhere at the table blocks another copy (point 5)."""
    d = ctx.defn(uid)
    if not d.fields.get("unique"):
        return None
    for p in ctx.players:
        for u in T.characters(ctx, p) + list(ctx.zone(T.zone(p, "attachments"))):
            if ctx.defn(u).name == d.name:
                return Reason(f"{d.name} is unique and already in play ({p}'s): one copy at the whole table "
                              "(point 5, ruling MK-UNIQUE)", rule="MK-UNIQUE")
    return None


class PlayEvent(Effect):
    """An event from hand: pay its cost (SphereCost), resolve it (`resolve`, which
    may ask and then come back through `done`), then it goes to its owner's discard
    pile (point 43)."""

    def label(self, ctx: Ctx, use: AbilityUse) -> Any:
        return f"Play {ctx.name(use.source)}"

    def cost(self, ctx: Ctx, use: AbilityUse) -> Any:
        return SphereCost(use.source)

    def apply(self, ctx: Ctx, use: AbilityUse) -> Any:
        return self.resolve(ctx, use)

    def resolve(self, ctx: Ctx, use: AbilityUse) -> Any:
        raise NotImplementedError

    def done(self, ctx: Ctx, use: AbilityUse, text: str, rule: str) -> Say:
        p = T.controller(ctx, use.source) or use.controller
        ctx.move(use.source, T.discard(p))
        return Say(f"{text} {ctx.name(use.source)} goes to {p}'s discard pile (point 43).", rule=rule)


class ReadyOne(PlayEvent):
    """Ever Vigilant: ready one exhausted card of a kind (an ally)."""

    arg_fields = {"kind": Field(str, True, ("ally", "hero"), doc="the kind of card readied")}

    def tired(self, ctx: Ctx, use: AbilityUse) -> list[str]:
        return [u for u in T.all_characters(ctx) if ctx.kind(u) == use.args["kind"] and not T.is_ready(ctx, u)]

    def check(self, ctx: Ctx, use: AbilityUse) -> Any:
        return None if self.tired(ctx, use) else f"no {use.args['kind']} in play is exhausted"

    def resolve(self, ctx: Ctx, use: AbilityUse) -> Any:
        return ctx.ask(Decision(use.controller, f"{use.controller}: ready which {use.args['kind']}?",
                                pick_options(ctx, self.tired(ctx, use), "ready", whose=True), kind="effect"),
                       then="wake", name="Choose a character")

    def wake(self, ctx: Ctx, use: AbilityUse, ids: tuple[str, ...]) -> Any:
        u = ids[0].split(":", 1)[1]
        T.ready(ctx, u)
        return self.done(ctx, use, f"{ctx.name(u)} is readied.", T.point(35))


class CommonCause(PlayEvent):
    """Common Cause: exhaust a hero you control to ready a different hero."""

    def pairs(self, ctx: Ctx, use: AbilityUse) -> tuple[list[str], list[str]]:
        mine = [h for h in T.heroes(ctx, use.controller) if T.is_ready(ctx, h)]
        tired = [h for p in T.turn_order(ctx) for h in T.heroes(ctx, p) if not T.is_ready(ctx, h)]
        return mine, tired

    def check(self, ctx: Ctx, use: AbilityUse) -> Any:
        mine, tired = self.pairs(ctx, use)
        if not mine:
            return f"{use.controller} has no ready hero to exhaust"
        if not tired:
            return "no hero is exhausted, so none could be readied"
        return None

    def resolve(self, ctx: Ctx, use: AbilityUse) -> Any:
        mine, _ = self.pairs(ctx, use)
        return ctx.ask(Decision(use.controller, f"{use.controller}: exhaust which of your heroes?",
                                pick_options(ctx, mine), kind="effect"), then="spend",
                       name="Choose a hero to exhaust")

    def spend(self, ctx: Ctx, use: AbilityUse, ids: tuple[str, ...]) -> Any:
        h = ids[0].split(":", 1)[1]
        T.exhaust(ctx, h)
        use.data["spent"] = h
        _, tired = self.pairs(ctx, use)
        return ctx.ask(Decision(use.controller, f"{use.controller}: ready which other hero?",
                                [Option(f"ready:{u}", ctx.name(u)) for u in tired if u != h], kind="effect"),
                       then="wake", name="Choose a hero to ready", say=f"{use.controller} exhausts {ctx.name(h)}.")

    def wake(self, ctx: Ctx, use: AbilityUse, ids: tuple[str, ...]) -> Any:
        u = ids[0].split(":", 1)[1]
        T.ready(ctx, u)
        return self.done(ctx, use, f"{ctx.name(use.data['spent'])} is exhausted to ready {ctx.name(u)}.",
                         T.point(35))


class ForGondor(PlayEvent):
    """For Gondor!: every character in play +1 attack, Gondor characters also +1
    defense, until the end of the phase; the cards are fixed when it resolves (point 109)."""

    def resolve(self, ctx: Ctx, use: AbilityUse) -> Any:
        cards = T.all_characters(ctx)
        gondor = [u for u in cards if "Gondor" in T.traits(ctx, u)]
        ctx.add_lasting("modifier", "phase", "For Gondor!: +1 attack", source=use.source,
                        controller=use.controller, targets=cards, stat="attack", add=1)
        if gondor:
            ctx.add_lasting("modifier", "phase", "For Gondor!: +1 defense", source=use.source,
                            controller=use.controller, targets=gondor, stat="defense", add=1)
        extra = (f"; the Gondor characters ({T.names_or_nobody(ctx, gondor)}) also +1 defense" if gondor
                 else "; no Gondor character is in play")
        return self.done(ctx, use, f"Every character in play ({T.names_or_nobody(ctx, cards)}) gets +1 attack "
                         f"until the end of the phase{extra} (fixed when played, point 109).", T.point(109))


class ReadyAllCharacters(PlayEvent):
    """Grim Resolve: every character in play becomes ready."""

    def resolve(self, ctx: Ctx, use: AbilityUse) -> Any:
        tired = [u for u in T.all_characters(ctx) if not T.is_ready(ctx, u)]
        for u in tired:
            T.ready(ctx, u)
        which = T.names_or_nobody(ctx, tired, "none was exhausted")
        return self.done(ctx, use, f"Every character in play is readied ({which}).", T.point(35))


class BladeMastery(PlayEvent):
    """Blade Mastery: one character +1 attack and +1 defense until the end of the phase."""

    def check(self, ctx: Ctx, use: AbilityUse) -> Any:
        return None if T.all_characters(ctx) else "no character is in play"

    def resolve(self, ctx: Ctx, use: AbilityUse) -> Any:
        return ctx.ask(Decision(use.controller, f"{use.controller}: which character gets +1 attack and +1 defense?",
                                pick_options(ctx, T.all_characters(ctx), whose=True), kind="effect"),
                       then="boost", name="Choose a character")

    def boost(self, ctx: Ctx, use: AbilityUse, ids: tuple[str, ...]) -> Any:
        u = ids[0].split(":", 1)[1]
        for s in ("attack", "defense"):
            ctx.add_lasting("modifier", "phase", f"Blade Mastery: +1 {s}", source=use.source,
                            controller=use.controller, targets=[u], stat=s, add=1)
        return self.done(ctx, use, f"{ctx.name(u)} gets +1 attack and +1 defense until the end of the phase.",
                         T.point(109))


def restricted_on(ctx: Ctx, host: str) -> list[str]:
    return [w for p in ctx.players for w in ctx.zone(T.zone(p, "attachments"))
            if ctx.card(w).get("attached_to") == host and "Restricted" in T.keywords(ctx, w)]


class PlayAttachment(Effect):
    """An attachment from hand in the planning phase: pay its cost, attach it to a
    legal card (point 41); a third Restricted attachment on one character makes its
    controller discard one of the three at once (point 42, ruling MK-RESTRICTED)."""

    arg_fields = {"host": Field(str, True, ("hero", "character"), doc="what the attachment may go on")}

    def label(self, ctx: Ctx, use: AbilityUse) -> Any:
        return f"Play {ctx.name(use.source)}"

    def cost(self, ctx: Ctx, use: AbilityUse) -> Any:
        return SphereCost(use.source)

    def hosts(self, ctx: Ctx, use: AbilityUse) -> list[str]:
        cards = T.all_characters(ctx)
        return [u for u in cards if use.args["host"] == "character" or ctx.kind(u) == "hero"]

    def check(self, ctx: Ctx, use: AbilityUse) -> Any:
        return unique_in_play(ctx, use.source) or (None if self.hosts(ctx, use) else
                                                    f"there is no {use.args['host']} to attach it to")

    def apply(self, ctx: Ctx, use: AbilityUse) -> Any:
        hosts = self.hosts(ctx, use)
        if len(hosts) == 1:
            return self.attach(ctx, use, (f"hero:{hosts[0]}",))
        return ctx.ask(Decision(use.controller, f"{use.controller}: attach {ctx.name(use.source)} to which "
                                f"{use.args['host']}?", [Option(f"hero:{h}", ctx.name(h)) for h in hosts],
                                kind="effect"), then="attach", name="Choose a card to attach to")

    def attach(self, ctx: Ctx, use: AbilityUse, ids: tuple[str, ...]) -> Any:
        h = ids[0].split(":", 1)[1]
        p = use.controller
        ctx.move(use.source, T.zone(p, "attachments"), attached_to=h, exhausted=False)
        said = f"{ctx.name(use.source)} is attached to {ctx.name(h)} under {p}'s control (point 41)."
        if len(restricted_on(ctx, h)) > 2:
            return ctx.ask(Decision(p, f"{p}: {ctx.name(h)} now carries 3 Restricted attachments; discard which "
                                    "one (ruling MK-RESTRICTED)?", pick_options(ctx, restricted_on(ctx, h)),
                                    kind="effect"), then="shed", name="Discard a Restricted attachment",
                           say=said)
        return Say(said, rule=T.point(41))

    def shed(self, ctx: Ctx, use: AbilityUse, ids: tuple[str, ...]) -> Any:
        w = ids[0].split(":", 1)[1]
        owner = ctx.owner_of(w) or use.controller
        host = ctx.card(w).get("attached_to")
        hurt = int(ctx.card(host).get("damage", 0)) if host in ctx.state.cards else 0
        ctx.move(w, T.discard(owner), attached_to=None)
        said = (f"{use.controller} discards {ctx.name(w)}: a character carries at most 2 Restricted attachments "
                "(point 42, ruling MK-RESTRICTED).")
        if host in ctx.state.cards and ctx.zone_of(host).endswith("/discard") and hurt:
            return Say(f"{said} Without it {ctx.name(host)} has {hurt} damage against {T.stat(ctx, host, 'hit_points')} "
                       "hit points and is destroyed at once (point 96, ruling MK-PLATE-OFF).", rule="MK-PLATE-OFF")
        return Say(said, rule="MK-RESTRICTED")




# -- the remaining starter events ------------------------------------------------------------------

def is_combat_phase(ctx: Ctx) -> bool:
    return ctx.phase() == "Combat phase"


def player_options(ctx: Ctx) -> list[Option]:
    return [Option(f"player:{p}", p) for p in T.turn_order(ctx)]


def ask_player(ctx: Ctx, use: AbilityUse, question: str, then: str, say: str | None = None) -> Any:
    """Ask the event's controller to pick an active player (asked even in solo: a
    single option is still the player's to see)."""
    return ctx.ask(Decision(use.controller, f"{use.controller}: {question}", player_options(ctx), kind="effect"),
                   then=then, name="Choose a player", say=say)


class SneakAttack(PlayEvent):
    """Sneak Attack: an ally from hand enters play; at the end of the phase, if it
    is still in play, it goes back to its owner's hand (a delayed trigger whose
    source is the event, so it is told apart from Beorn's own return: ruling
    MK-SIMULTANEOUS)."""

    def allies(self, ctx: Ctx, use: AbilityUse) -> list[str]:
        return [u for u in ctx.zone(T.hand(use.controller)) if ctx.kind(u) == "ally"]

    def check(self, ctx: Ctx, use: AbilityUse) -> Any:
        allies = self.allies(ctx, use)
        if not allies:
            return f"{use.controller} holds no ally card in hand"
        if all(unique_in_play(ctx, u) for u in allies):
            return unique_in_play(ctx, allies[0])
        return None

    def resolve(self, ctx: Ctx, use: AbilityUse) -> Any:
        opts = []
        for u in self.allies(ctx, use):
            why = unique_in_play(ctx, u)
            opts.append(Option(f"pick:{u}", ctx.name(u), why is None, why or ""))
        return ctx.ask(Decision(use.controller, f"{use.controller}: put which ally from your hand into play?", opts,
                                kind="effect"), then="sneak", name="Choose an ally")

    def sneak(self, ctx: Ctx, use: AbilityUse, ids: tuple[str, ...]) -> Any:
        u = ids[0].split(":", 1)[1]
        p = use.controller
        ctx.move(u, T.allies_zone(p), exhausted=False, damage=0)
        ctx.do("entered", card=u, player=p)
        ctx.delay("sneak_return", "phase", f"Sneak Attack: {ctx.name(u)} goes back to {p}'s hand",
                  source=use.source, controller=p, data={"ally": u})
        return self.done(ctx, use, f"{ctx.name(u)} is put into play under {p}'s control (not played, so nothing is "
                         "paid for it); at the end of the phase, if still in play, it goes back to the hand.",
                         T.point(35))


class SneakReturn(Effect):
    """The end of the phase after Sneak Attack: the ally goes back to its owner's
    hand if it is still in play (ruling MK-SIMULTANEOUS: gone already, nothing happens)."""

    def apply(self, ctx: Ctx, use: AbilityUse) -> Any:
        u = use.data.get("ally", "")
        if u not in ctx.state.cards or not ctx.zone_of(u).endswith("/allies"):
            name = ctx.name(u) if u in ctx.state.cards else "The ally"
            return Say(f"{name} has already left play: Sneak Attack's return does nothing (ruling MK-SIMULTANEOUS).",
                       rule="MK-SIMULTANEOUS")
        p = T.controller(ctx, u) or use.controller
        owner = ctx.owner_of(u) or p
        ctx.move(u, T.hand(owner), exhausted=False, damage=0, committed=False, resources=0)
        ctx.forget_uses(u)
        ctx.do("left_play", card=u, owner=p)
        return Say(f"The phase ends: {ctx.name(u)} is still in play, so Sneak Attack returns it to {owner}'s hand "
                   "(ruling MK-SIMULTANEOUS).", rule="MK-SIMULTANEOUS")


class ValiantSacrifice(PlayEvent):
    """Valiant Sacrifice, a Response from hand: after an ally leaves play, its
    controller draws 2 cards; Enchanted Stream blocks it (ruling MK-ENCHANTED)."""

    def drawer(self, use: AbilityUse) -> str:
        return str((use.event or {}).get("owner") or use.controller)

    def label(self, ctx: Ctx, use: AbilityUse) -> Any:
        u = (use.event or {}).get("card")
        gone = ctx.name(u) if u in ctx.state.cards else "an ally"
        return f"Valiant Sacrifice: {gone} has left play, so {self.drawer(use)} draws 2 cards"

    def check(self, ctx: Ctx, use: AbilityUse) -> Any:
        if ctx.restricted("draw", player=self.drawer(use)):
            return Reason("Enchanted Stream blocks drawing (ruling MK-ENCHANTED)", rule="MK-ENCHANTED")
        return None

    def resolve(self, ctx: Ctx, use: AbilityUse) -> Any:
        p = self.drawer(use)
        got, why = T.draw(ctx, p, 2)
        said = f"{p} draws {T.names_or_nobody(ctx, got, 'no card')}" + (f" ({why})" if why else "") + "."
        out = self.done(ctx, use, said, T.point(35))
        return Say(out.text, rule=out.rule, public=f"{p} draws {plural(len(got), 'card')}.")


class SwiftStrike(PlayEvent):
    """Swift Strike, a Response from hand: after a character is declared as a
    defender, 2 damage to the attacking enemy."""

    def enemy(self, use: AbilityUse) -> str:
        return str((use.event or {}).get("enemy", ""))

    def label(self, ctx: Ctx, use: AbilityUse) -> Any:
        e = self.enemy(use)
        name = ctx.name(e) if e in ctx.state.cards else "the attacker"
        return f"Swift Strike: 2 damage to {name}"

    def check(self, ctx: Ctx, use: AbilityUse) -> Any:
        e = self.enemy(use)
        return None if e in ctx.state.cards and T.engaged_with(ctx, e) else "the attacking enemy has left play"

    def resolve(self, ctx: Ctx, use: AbilityUse) -> Any:
        e = self.enemy(use)
        name = ctx.name(e)
        gone = C.damage_each(ctx, [e], 2, source=use.source)
        return self.done(ctx, use, f"Swift Strike deals 2 damage to {name}, the attacking enemy{gone}.", T.point(35))


class RainOfArrows(PlayEvent):
    """Rain of Arrows: exhaust a ready Ranged character you control, pick a player:
    1 damage to each enemy engaged with that player."""

    def rangers(self, ctx: Ctx, use: AbilityUse) -> list[str]:
        return [c for c in T.characters(ctx, use.controller) if T.is_ready(ctx, c) and "Ranged" in T.keywords(ctx, c)]

    def check(self, ctx: Ctx, use: AbilityUse) -> Any:
        return None if self.rangers(ctx, use) else f"{use.controller} controls no ready Ranged character to exhaust"

    def resolve(self, ctx: Ctx, use: AbilityUse) -> Any:
        return ctx.ask(Decision(use.controller, f"{use.controller}: exhaust which Ranged character?",
                                pick_options(ctx, self.rangers(ctx, use)), kind="effect"), then="aim",
                       name="Choose a Ranged character")

    def aim(self, ctx: Ctx, use: AbilityUse, ids: tuple[str, ...]) -> Any:
        c = ids[0].split(":", 1)[1]
        T.exhaust(ctx, c)
        use.data["archer"] = c
        return ask_player(ctx, use, "1 damage to each enemy engaged with which player?", "loose",
                          say=f"{use.controller} exhausts {ctx.name(c)}.")

    def loose(self, ctx: Ctx, use: AbilityUse, ids: tuple[str, ...]) -> Any:
        q = ids[0].split(":", 1)[1]
        row = T.engaged_enemies(ctx, q)
        names = T.names_or_nobody(ctx, row, "no enemy")
        gone = C.damage_each(ctx, row, 1, source=use.source)
        return self.done(ctx, use, f"{ctx.name(use.data['archer'])} is exhausted: 1 damage to each enemy engaged "
                         f"with {q} ({names}){gone}.", T.point(97))


class Feint(PlayEvent):
    """Feint, a Combat Action (point 26): an enemy engaged with a player cannot
    attack that player this phase (so Chieftain Ufthak gets no token: ruling MK-UFTHAK)."""

    def check(self, ctx: Ctx, use: AbilityUse) -> Any:
        if not is_combat_phase(ctx):
            return Reason("Feint is a Combat Action: it may be played only in the combat phase (point 26)")
        return None if C.all_engaged(ctx) else "no enemy is engaged with a player"

    def resolve(self, ctx: Ctx, use: AbilityUse) -> Any:
        opts = [Option(f"target:{e}", f"{ctx.name(e)} (engaged with {T.engaged_with(ctx, e)})")
                for e in C.all_engaged(ctx)]
        return ctx.ask(Decision(use.controller, f"{use.controller}: which enemy may not attack this phase?", opts,
                                kind="effect"), then="fool", name="Choose an enemy")

    def fool(self, ctx: Ctx, use: AbilityUse, ids: tuple[str, ...]) -> Any:
        e = ids[0].split(":", 1)[1]
        q = T.engaged_with(ctx, e) or use.controller
        ctx.add_lasting("restriction", "phase", f"Feint: {ctx.name(e)} cannot attack {q} this phase",
                        source=use.source, controller=use.controller, targets=[e], players=[q], what="attack")
        return self.done(ctx, use, f"{ctx.name(e)} cannot attack {q} this phase (point 26; an enemy that does not "
                         "attack gets no after-attack effect, ruling MK-UFTHAK).", "MK-UFTHAK")


class ThreeHeroesCost(SphereCost):
    """Thicket of Spears: 1 resource from each of 3 different heroes of its sphere
    (point 38)."""

    def why_not(self, ctx: Ctx, use: AbilityUse) -> Any:
        sphere, n = self.parts(ctx)
        heroes = self.payers(ctx, use.controller)
        name, s = ctx.name(self.uid), T.sphere_name(sphere)
        if len(heroes) < n:
            return (f"{name} must be paid from {n} different {s} heroes' pools; {use.controller} controls "
                    f"{plural(len(heroes), f'{s} hero', f'{s} heroes')} (point 38)")
        broke = [h for h in heroes if T.resources(ctx, h) < 1]
        if len(heroes) - len(broke) < n:
            return (f"{name} must be paid from {n} different {s} heroes' pools, 1 from each; "
                    f"{listing([ctx.name(h) for h in broke])} {'has' if len(broke) == 1 else 'have'} none (point 38)")
        return None

    def splits(self, ctx: Ctx, p: str) -> list[dict[str, int]]:
        _, n = self.parts(ctx)
        rich = [h for h in self.payers(ctx, p) if T.resources(ctx, h) > 0]
        return [{h: 1 for h in trio} for trio in combinations(rich, n)][:self.MAX_SPLITS]


class ThicketOfSpears(PlayEvent):
    """Thicket of Spears: pick a player; the enemies engaged with that player cannot
    attack that player this phase."""

    def cost(self, ctx: Ctx, use: AbilityUse) -> Any:
        return ThreeHeroesCost(use.source)

    def resolve(self, ctx: Ctx, use: AbilityUse) -> Any:
        return ask_player(ctx, use, "whose engaged enemies cannot attack them this phase?", "wall")

    def wall(self, ctx: Ctx, use: AbilityUse, ids: tuple[str, ...]) -> Any:
        q = ids[0].split(":", 1)[1]
        ctx.add_lasting("restriction", "phase", f"Thicket of Spears: the enemies engaged with {q} cannot attack {q} "
                        "this phase", source=use.source, controller=use.controller, players=[q], what="attack")
        row = T.names_or_nobody(ctx, T.engaged_enemies(ctx, q), "no enemy for now")
        return self.done(ctx, use, f"The enemies engaged with {q} ({row}) cannot attack {q} this phase (point 38; "
                         "no after-attack effect for them, ruling MK-UFTHAK).", "MK-UFTHAK")


class StandTogether(PlayEvent):
    """Stand Together: pick a player; this phase they may declare any number of
    defenders against each attack; all the damage goes to one of them, their choice
    (point 83)."""

    def resolve(self, ctx: Ctx, use: AbilityUse) -> Any:
        return ask_player(ctx, use, "who may declare any number of defenders this phase?", "rally")

    def rally(self, ctx: Ctx, use: AbilityUse, ids: tuple[str, ...]) -> Any:
        q = ids[0].split(":", 1)[1]
        ctx.add_lasting("modifier", "phase", f"Stand Together: {q} may declare any number of defenders",
                        source=use.source, controller=use.controller, players=[q], stat=C.MANY_DEFENDERS, add=1)
        return self.done(ctx, use, f"This phase {q} may declare any number of defenders against each attack; the "
                         f"damage then all goes to one of them, {q}'s choice (point 83).", T.point(83))


class QuickStrike(PlayEvent):
    """Quick Strike: exhaust a ready character of yours and attack with it at once
    an enemy it may attack (its own player's, or any engaged one if Ranged). It is
    not the framework's attack on that enemy (point 90)."""

    def pairs(self, ctx: Ctx, use: AbilityUse) -> dict[str, list[str]]:
        p = use.controller
        out: dict[str, list[str]] = {}
        for c in T.characters(ctx, p):
            if not T.is_ready(ctx, c):
                continue
            foes = T.engaged_enemies(ctx, p) if "Ranged" not in T.keywords(ctx, c) else C.all_engaged(ctx)
            if foes:
                out[c] = foes
        return out

    def check(self, ctx: Ctx, use: AbilityUse) -> Any:
        if self.pairs(ctx, use):
            return None
        return f"{use.controller} has no ready character with an enemy it may attack (point 85)"

    def resolve(self, ctx: Ctx, use: AbilityUse) -> Any:
        opts = [Option(f"attacker:{c}", f"{ctx.name(c)} ({T.stat(ctx, c, 'attack')} attack)")
                for c in self.pairs(ctx, use)]
        return ctx.ask(Decision(use.controller, f"{use.controller}: exhaust which character to attack at once?", opts,
                                kind="effect"), then="aim", name="Choose the attacker")

    def aim(self, ctx: Ctx, use: AbilityUse, ids: tuple[str, ...]) -> Any:
        c = ids[0].split(":", 1)[1]
        foes = self.pairs(ctx, use).get(c, [])
        T.exhaust(ctx, c)
        use.data["attacker"] = c
        opts = [Option(f"target:{e}", f"{ctx.name(e)} (defense {T.stat(ctx, e, 'defense')}, "
                       f"{plural(T.hp_left(ctx, e), 'hit point')} left)") for e in foes]
        return ctx.ask(Decision(use.controller, f"{use.controller}: {ctx.name(c)} attacks which enemy?", opts,
                                kind="effect"), then="hit", name="Choose the enemy",
                       say=f"{use.controller} exhausts {ctx.name(c)}.")

    def hit(self, ctx: Ctx, use: AbilityUse, ids: tuple[str, ...]) -> Any:
        e = ids[0].split(":", 1)[1]
        c = use.data["attacker"]
        said = C.quick_attack(ctx, c, e, use.controller)
        return self.done(ctx, use, f"{said} This attack does not use up {use.controller}'s attack on it this phase "
                         "(point 90).", T.point(90))


class DiscardEvents(Effect):
    """Eyes of the Forest: each player discards every event in their hand, as many
    as they have (none is fine: point 113)."""

    def apply(self, ctx: Ctx, use: AbilityUse) -> Any:
        parts = []
        for p in T.turn_order(ctx):
            gone = [u for u in ctx.zone(T.hand(p)) if ctx.kind(u) == "event"]
            for u in gone:
                ctx.move(u, T.discard(p))
            parts.append(f"{p} discards {T.names_or_nobody(ctx, gone, 'nothing: they hold no event')}")
        return Say(f"{listing(parts)} (as much as each can, point 113).", rule=T.point(113))


EVENT_EFFECTS: dict[str, Effect] = {
    "ready_one": ReadyOne(), "common_cause": CommonCause(), "for_gondor": ForGondor(),
    "ready_all_characters": ReadyAllCharacters(), "blade_mastery": BladeMastery(),
    "play_attachment": PlayAttachment(), "sneak_attack": SneakAttack(), "sneak_return": SneakReturn(),
    "valiant_sacrifice": ValiantSacrifice(), "swift_strike": SwiftStrike(), "rain_of_arrows": RainOfArrows(),
    "feint": Feint(), "thicket_of_spears": ThicketOfSpears(), "stand_together": StandTogether(),
    "quick_strike": QuickStrike(),
    # replaces powers.EyesDiscard (the part-1 placeholder) now that events are in hand; game.py merges
    # this table after powers.EFFECTS
    "eyes_discard": DiscardEvents(),
}
