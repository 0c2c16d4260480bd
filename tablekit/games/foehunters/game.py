"""Foe Hunters: the game definition the engine registers."""

from __future__ import annotations

from typing import Any

from tablekit.core import (
    HIDDEN,
    OWNER,
    PUBLIC,
    Ctx,
    Decision,
    GameDef,
    Option,
    OptionSpec,
    OrderRule,
    Result,
    Say,
    SetupError,
)
from tablekit.core.cards import Field

from . import damage, powers, rules
from . import table as T
from .bots import heuristic
from .card_templates import CARD_TEMPLATES
from .counters import COUNTERS

SOLO_CALL = 'new_game("foehunters", players=2, variant="solo")'


class FoeHuntersGame(GameDef):
    id = "foehunters"
    title = "Foe Hunters"
    counters = COUNTERS
    card_templates = CARD_TEMPLATES
    pile_kinds = ("discard", "city_discard", "foe_discard")  # drawn as one stack on the board
    goal = ("The heroes play together against a foe that acts on its own in every foe phase. They all win "
            "by bringing the foe's last face to 0 HP, and all lose if every hero is incapacitated. For 1 to 4 "
            "players: a solo player runs two heroes, as two seats, so a table has 2 to 4 seats with one hero on "
            "each (ruling FH-PLAYERS).")
    min_players = 2  # solo is two seats (ruling FH-SOLO-SEATS); 5 and 6 refused (FH-PLAYERS)
    cooperative = True
    max_players = 4
    min_people = 1  # one person plays two heroes on two seats (variant solo)
    people_note = "a solo player runs two heroes, as two seats, in the variant solo"
    variants = {"solo": "one person plays two heroes against the two-player foe card, both hands open "
                        "(R-032, ruling FH-SOLO-SEATS)"}
    options = {
        "easy": OptionSpec(bool, False, "easy mode: the city deck holds only the city cards of the heroes "
                           "in play and the generic ones (R-034)"),
        "foe": OptionSpec(str, "", "the foe, chosen in advance (else the party chooses)",
                          ("", *T.FOES)),
        "heroes": OptionSpec(dict, {}, "each seat's hero, chosen in advance (else each player chooses)",
                             T.HEROES),
        "max_rounds": OptionSpec(int, 0, "a safety cap: a game still going after this many rounds ends "
                                 "unfinished (ruling FH-LONG); 0: off", low=0),
    }
    safety_rounds = 60
    card_fields = {
        "kind": Field(str, True, ("hero", "marker", "ability", "persistent", "equipment", "ally", "vassal",
                                  "foe"), doc="the card type"),
        "deck": Field(str, True, ("hero", "city", "foe", "none"), doc="where the card is dealt"),
        "hero": Field(str, False, T.HEROES, doc="the hero whose deck or marker it is"),
        "affinity": Field(str, False, T.HEROES, doc="a city card's hero affinity (1 XP less for that hero)"),
        "cost": Field(int, False, minimum=0, maximum=20, doc="a city card's XP cost"),
        "hp": Field(int, False, minimum=1, maximum=99, doc="hit points (a hero's face, an ally, a vassal, "
                    "a foe's face)"),
        "xp": Field(int, False, minimum=0, maximum=20, doc="a foe card's XP value"),
        "foe": Field(str, False, T.FOES, doc="the foe whose deck or card it is"),
        "two_player": Field(bool, False, doc="the foe's two-player card"),
        "role": Field(str, False, ("support", "physical", "caster"), doc="the role colour (information only)"),
        "counters": Field(int, False, minimum=1, maximum=9, doc="counters the card enters play with"),
        "flip_officers": Field(int, False, minimum=1, maximum=9, doc="phase 1 flips with this many officers "
                               "in the foe discard pile"),
        "flip_discard": Field(int, False, minimum=1, maximum=40, doc="phase 1 flips once the foe discard "
                              "pile holds this many cards"),
    }
    ability_domains = {"zone": ("hero", "hand", "play", "resolving", "foe", "foe_play", "foe_resolving"),
                       "window": ("play", "feat", "potion", "rage", "foe"),
                       "stat": ("power", "armor", "damage_all", "cost", "max_hp", "ward")}
    active_zone_kinds = frozenset({"hero", "play", "foe", "foe_play"})
    rulings_page = "docs/rulings/foehunters.md"
    effects = {**powers.EFFECTS, **damage.EFFECTS}
    procedures = damage.PROCEDURES
    per_turn = T.PER_TURN
    per_turn_meanings = {
        "plays": "cards the hero may still play from hand this turn",
        "feats": "feats the hero may still use this turn",
        "buys": "cards the hero may still purchase from the city row this turn",
        "swapped": "the hero has replaced a Focus this turn",
        "done": "the hero has ended the turn",
    }
    settable_extra = {
        "foe": ((str,), "the foe faced (cult, keraxis, dragonspawn)"),
        "heroes": ((dict,), "each seat's hero"),
        "first": ((str, type(None)), "the starting hero of this hero phase"),
        "marked": ((str, type(None)), "the card the Marked Target marker lies under"),
        "martyr_used": ((list,), "the heroes the Paladin took damage for since his feat"),
    }
    endings = {"foe_defeated": "the foe's last face was brought to 0 HP: the party wins together",
               "party_defeated": "every hero was incapacitated: the party loses together",
               "unfinished": "the safety cap of rounds was reached with the foe still standing"}
    option_forms = {
        "foe:<foe>": "the party picks the foe", "hero:<hero>": "a player picks a hero (or, for a feat, a "
        "hero to help)",
        "start:<player>": "the party picks the starting hero", "refresh:<card>": "refresh a city row card",
        "no_refresh": "refresh no city card", "play:<card>": "play a card from hand",
        "feat:<card>:<ability>": "activate a feat", "buy:<card>": "purchase a city row card",
        "sacrifice:<card>": "sacrifice a card (a potion, or to a foe card)", "end": "end the turn",
        "discard:<card>": "discard a card", "target:<card>": "choose an enemy target",
        "split:<card>:<amount>": "an amount of divided damage for one target",
        "heal:<player>": "heal a hero", "armor:<n>": "exhaust this much armor",
        "redirect:<card>": "redirect an instance to an ally", "take": "the hero takes the instance",
        "carry:<card>": "carry-over damage to an ally", "carry:hero": "carry-over damage to the hero",
        "martyr:<player>": "the Paladin takes this hero's damage", "decline": "decline the Paladin's offer",
        "lose_life:<n>": "lose life instead of discarding", "rage:<card>": "use a RAGE effect",
        "no_rage": "do not use the RAGE effect", "return:<card>": "return an ally to play", "none": "nothing",
        "help:xp:<player>": "give a hero 1 XP", "help:heal:<player>": "heal a hero 1 HP",
        "help:refresh:<card>": "refresh a city row card", "help:damage:<card>": "deal 1 melee damage",
        "help:none": "no help is possible", "first:<index>": "resolve this trigger first",
        "focus:<card>": "replace the Focus in play with this one from hand",
        "copy:<card>": "Focus: Aeromancer's copy to one more target", "no_copy": "no copy",
        "maelstrom:<index>": "copy this instance with a Maelstrom counter",
    }

    def check_players(self, n: int, variant: str | None) -> str | None:
        if n == 1:
            return (f"Foe Hunters' solo game is played on two seats, one per hero: {SOLO_CALL} "
                    "(ruling FH-SOLO-SEATS)")
        if variant == "solo" and n != 2:
            return f"the solo game has exactly two seats, one per hero: {SOLO_CALL}"
        if not self.min_players <= n <= self.max_players:
            return (f"Foe Hunters is for 1 to 4 players: a solo player runs two heroes, as two seats, so a table "
                    f"has 2 to 4 seats, not {n} (ruling FH-PLAYERS)")
        return None

    def build_flow(self):
        return rules.build_flow()

    def create_table(self, ctx: Ctx) -> None:
        st = ctx.state
        heroes = dict(st.options.get("heroes") or {})
        dupes = sorted({h for h in heroes.values() if list(heroes.values()).count(h) > 1})
        if dupes:
            raise SetupError(f"option 'heroes': two seats cannot play the same hero ({', '.join(dupes)}); "
                             "each player picks a different hero deck (R-013)")
        hand_vis = PUBLIC if st.variant == "solo" else OWNER
        st.add_zone(T.BOX, None, PUBLIC, "Game box", kind="box")
        st.add_zone(T.CITY_DECK, None, HIDDEN, "City deck", kind="city_deck")
        st.add_zone(T.CITY_ROW_Z, None, PUBLIC, "City row", kind="city_row")
        st.add_zone(T.CITY_DISCARD, None, PUBLIC, "City discard", kind="city_discard")
        st.add_zone(T.FOE_CARD, None, PUBLIC, "Foe card", kind="foe")
        st.add_zone(T.FOE_DECK, None, HIDDEN, "Foe deck", kind="foe_deck")
        st.add_zone(T.FOE_PLAY, None, PUBLIC, "Foe cards in play", kind="foe_play")
        st.add_zone(T.FOE_RESOLVING, None, PUBLIC, "Foe card resolving", kind="foe_resolving")
        st.add_zone(T.FOE_DISCARD, None, PUBLIC, "Foe discard", kind="foe_discard")
        for p in st.player_names:
            for name, vis, label, kind in (
                    (T.hero_zone(p), PUBLIC, "hero card", "hero"), (T.deck(p), HIDDEN, "hero deck", "deck"),
                    (T.hand(p), hand_vis, "hand", "hand"), (T.play(p), PUBLIC, "cards in play", "play"),
                    (T.resolving(p), PUBLIC, "card resolving", "resolving"),
                    (T.discard(p), PUBLIC, "discard pile", "discard")):
                st.add_zone(name, p, vis, f"{p}'s {label}", kind=kind)
            st.player(p).update({"hp": 0, "xp": 0, "armor_used": 0, "incap": 0})
        for d in self.cards.values():
            for n in range(1, d.quantity + 1):
                st.add_card(d.id if d.quantity == 1 else f"{d.id}#{n}", d.id, T.BOX)
        st.extra = {"foe": st.options.get("foe") or None, "heroes": heroes, "first": None, "marked": None,
                    "martyr_used": []}
        if st.extra["foe"] is None:
            del st.extra["foe"]

    def check_state(self, ctx: Ctx, event: dict) -> None:
        damage.check_state(ctx, event)

    def order_triggers(self, ctx: Ctx, triggers: list[dict]) -> int | Decision | OrderRule:
        """The default order, except that different effects triggering together are ordered
        by a choice: on a hero's turn the active hero orders them all (R-136, FAQ-27: "the
        active player decides"), on the foe turn the party does (R-137, asked of the speaker,
        ruling FH-PARTY-SEAT), whoever controls each effect. Copies of one effect need no
        choice."""
        i = super().order_triggers(ctx, triggers)
        optional = ctx.trigger_ability(triggers[i]).optional
        same = [j for j, t in enumerate(triggers) if ctx.trigger_ability(t).optional == optional]
        kinds = {(ctx.state.cards[triggers[j]["source"]]["card"], triggers[j]["ability"]) for j in same
                 if triggers[j].get("source") in ctx.state.cards}
        if len(same) < 2 or len(kinds) < 2:
            return i
        hero_turn = ctx.player in ctx.players
        who = ctx.player if hero_turn else self.speaker(ctx)
        opts = [Option(f"first:{j}", ctx.trigger_label(triggers[j])) for j in same]
        whose = (f"{who}, the active hero, chooses (R-136, FAQ-27)" if hero_turn else
                 f"on the foe turn the party ({who} speaking, ruling FH-PARTY-SEAT) chooses (R-137)")
        return Decision(who, f"{len(same)} effects trigger at once: {whose} which resolves first (ruling "
                        "FH-TRIGGER-ORDER).", opts, kind="trigger_order",
                        party=None if hero_turn else list(ctx.players))

    def trigger_order_chosen(self, ctx: Ctx, triggers: list[dict], decision: Decision,
                             ids: tuple[str, ...]) -> Say | str:
        super().trigger_order_chosen(ctx, triggers, decision, ids)
        who = decision.player if decision.party is None else f"The party ({decision.player} speaking)"
        return Say(f"{who} chooses to resolve {decision.option(ids[0]).label} first (ruling FH-TRIGGER-ORDER).",
                   rule="FH-TRIGGER-ORDER")

    def hidden_pool(self, ctx: Ctx, uid: str) -> str:
        # a hero's deck and hand hold that hero's own cards; the city deck and the foe deck
        # are each a deck of their own
        return ctx.owner_of(uid) or ctx.zone_of(uid)

    def heuristic(self, ctx: Ctx, decision: Decision) -> list[str] | None:
        return heuristic(ctx, decision)

    def result(self, ctx: Ctx) -> Result:
        """Reached only past the safety cap, which ends the game through ctx.end_game."""
        return Result([], {}, "the game was stopped before its end", "unfinished")

    def seat_facts(self, ctx: Ctx) -> dict[str, dict[str, Any]]:
        """Each seat's hero and the foe the party fights (the same for every seat);
        "" for one not yet chosen."""
        heroes = ctx.extra.get("heroes", {})
        foe = ctx.extra.get("foe") or ""
        return {p: {"hero": heroes.get(p, ""), "foe": foe} for p in ctx.players}

    def describe_card(self, ctx: Ctx, uid: str) -> tuple[str, str, list[str]]:
        name, words, state = super().describe_card(ctx, uid)
        hp = T.card_hp(ctx, uid)
        if hp is not None and ctx.kind(uid) in ("vassal", "ally", "foe"):
            state.insert(0, f"{T.hp_left(ctx, uid)} of {hp} HP")
        if ctx.extra.get("marked") == uid:
            state.append("Marked Target")
        return name, words, state



GAME = FoeHuntersGame()
