"""The starter decks' events and attachments: an event is played from hand in an
action window, paid like an ally, resolved, then discarded (points 35, 43); an
attachment is played in the planning phase onto a legal card, stays with it and
leaves play with it (points 41, 96), at most two Restricted ones on a character
(point 42, ruling MK-RESTRICTED)."""

from __future__ import annotations

from typing import Any

from tablekit.core import AbilityUse, Ctx, Decision, Effect, Option, Reason, Say
from tablekit.core.cards import Field

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


EVENT_EFFECTS: dict[str, Effect] = {
    "ready_one": ReadyOne(), "common_cause": CommonCause(), "for_gondor": ForGondor(),
    "ready_all_characters": ReadyAllCharacters(), "blade_mastery": BladeMastery(),
    "play_attachment": PlayAttachment(),
}
