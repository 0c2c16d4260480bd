"""LFG: Looking For Group: the game definition the engine registers."""

from __future__ import annotations

from typing import Any

from tablekit.core import HIDDEN, OWNER, PUBLIC, Ctx, Decision, GameDef, OptionSpec, Result
from tablekit.core.cards import Field

from . import resolution, rules, scoring
from . import setup as S
from . import table as T
from .bots import heuristic
from .card_templates import CARD_TEMPLATES
from .counters import COUNTERS
from .powers import EFFECTS


def _drafted(ctx: Ctx, ev: dict) -> None:
    """The `drafted` event changes nothing by itself: Draft abilities and
    passives answer it (the core collects them as triggers)."""


class LFGGame(GameDef):
    id = "lfg"
    title = "LFG: Looking For Group"
    counters = COUNTERS
    card_templates = CARD_TEMPLATES
    pile_kinds = ("graveyard",)  # drawn as one stack on the board
    goal = ("Each player drafts heroes into a party that must fill all three roles (defence, support and "
            "damage). Once every hero is drafted, the complete party with the most renown wins (a tie "
            "shares the win), unless a complete party has strictly the most scoundrels and strictly the "
            "lowest renown: that party wins instead. A party's renown is its heroes' renown added up; a "
            "hurt hero counts its hurt renown, usually lower but higher for a few heroes.")
    min_players = 2
    max_players = 7
    variants = {
        T.TWO: "the two-player mode: a three-pile draft, then parties built in draft order",
        T.CHAOS: "a little chaos: the whole deck (both copies of every hero), for 3-4 players; at 5-7 "
                 "players the whole deck is used anyway, so it is the same game",
        T.PASSING: "two players with the ordinary passing draft (hands passed back and forth) instead of "
                   "the pile draft (ruling LFG-TWO-MODE)",
    }
    options = {
        "hand_size": OptionSpec(int, 5, "heroes dealt to each player (fewer makes a short, tight game)",
                                choices=(1, 2, 3, 4, 5)),
        "remove": OptionSpec(str, "", "custom deck: hero ids to take out, separated by commas"),
        "add": OptionSpec(str, "", "custom deck: hero ids whose second copy joins a one-copy deck"),
    }
    card_fields = {
        "roles": Field(list, True, T.ROLES, doc="the roles the hero fills (shield, potion, sword icons)",
                       unique=True),
        "traits": Field(list, False, T.TRAITS, doc="the hero's traits", unique=True),
        "renown": Field(int, True, minimum=0, maximum=20, doc="the renown value"),
        "hurt_renown": Field(int, True, minimum=-20, maximum=20,
                             doc="the renown on the upside-down edge (while hurt)"),
        "timing": Field(str, False, ("draft", "passive"), doc="the word before the ability's colon"),
        "unknown": Field(list, False, ("roles", "renown", "hurt_renown", "traits", "ability", "timing"),
                         doc="the fields whose printed value is not known (placeholders)", unique=True),
    }
    ability_domains = {"zone": ("box", "deck", "aside", "graveyard", "pile", "hand", "party"),
                       "window": ("always", "anytime")}
    active_zone_kinds = frozenset({"party"})
    rulings_page = "docs/rulings/lfg.md"
    endings = scoring.ENDINGS
    option_forms = {
        "draft:<hero>": "draft this hero from your hand (the round's pick, or an extra draft)",
        "take:<pile>": "two players: take this pile (pile1, pile2, pile3) into your hand",
        "leave:<pile>": "two players: leave this pile, add a deck card to it and go on",
        "target:<player>:<hero>": "choose this hero in this player's party as the ability's next target",
        "target:graveyard:<hero>": "choose this hero in the graveyard as the ability's next target",
        "pass": "do not use an ability that says \"may\", or pass in a \"whenever you like\" window",
        "before": "at a tied priority, resolve your abilities before the other players'",
        "after": "at a tied priority, resolve your abilities after the other players'",
        "resolve:<card>:<index>": "of your own abilities at one priority, resolve this one first (the id "
                                  "of the card whose ability it is, such as Rogue, and its place among the "
                                  "abilities waiting)",
        "act:<hero>": "use this hero's \"whenever you like\" ability now (a hero in your party; ruling "
                      "LFG-ANYTIME)",
    }
    effects = EFFECTS
    procedures = {"drafted": _drafted}
    # an older scenario file's `protected: true` on a hero (core/scenario/versions.py)
    retired_card_states = {"protected": {"kind": "restriction", "until": "round", "what": "harm",
                                         "text": "{name} is protected until the end of the round"}}
    settable_extra = {
        "round_picks": ((list,), "this round's revealed picks (what a copy may copy)"),
        "skip": ((dict,), "player -> draft picks still to skip"),
        "drafter": ((str, type(None)), "two players: who looks at the piles now"),
        "pile": ((int,), "two players: the pile being looked at (0, 1, 2)"),
    }
    # a protection is not card state: it is a lasting restriction of the core
    # (start.lasting in a scenario; ruling LFG-PROTECT)
    card_state_keys = {"hurt": ((bool,), "the hero is hurt (counts her hurt renown)")}

    def build_flow(self):
        return rules.build_flow()

    def default_variant(self, n: int) -> str | None:
        return T.TWO if n == 2 else None

    def check_players(self, n: int, variant: str | None) -> str | None:
        why = super().check_players(n, variant)
        if why:
            return why
        if variant == T.TWO and n != 2:
            return "the two-player mode is for exactly 2 players"
        if variant == T.PASSING and n != 2:
            return ("the passing variant is for exactly 2 players: 3 to 7 players always pass their hands "
                    "(ruling LFG-TWO-MODE)")
        if n == 2 and variant not in (T.TWO, T.PASSING):
            return ("with 2 players LFG plays its two-player mode (variant 'two_player', the default) or "
                    "the ordinary passing draft (variant 'passing'), ruling LFG-TWO-MODE")
        return None

    def create_table(self, ctx: Ctx) -> None:
        st = ctx.state
        S.check_deck(self, len(st.players), st.variant, st.options)
        st.add_zone(T.BOX, None, PUBLIC, "Not in this game", kind="box")
        st.add_zone(T.DECK, None, HIDDEN, "Deck", kind="deck")
        st.add_zone(T.ASIDE, None, HIDDEN, "Set aside", kind="aside")
        st.add_zone(T.GRAVE, None, PUBLIC, "Graveyard", kind="graveyard")
        if st.variant == T.TWO:
            for i, z in enumerate(T.PILES, 1):
                st.add_zone(z, None, HIDDEN, f"Pile {i}", kind="pile")
        for p in st.player_names:
            st.add_zone(T.hand(p), p, OWNER, f"{p}'s hand", kind="hand")
            st.add_zone(T.party(p), p, PUBLIC, f"{p}'s party", kind="party")
        for d in self.cards.values():
            for n in range(1, d.quantity + 1):
                st.add_card(f"{d.id}#{n}", d.id, T.BOX)
        st.extra = {"round_picks": [], "skip": {}, "drafter": None, "pile": 0}

    def describe_card(self, ctx: Ctx, uid: str) -> tuple[str, str, list[str]]:
        d = ctx.defn(uid)
        cs = ctx.card(uid)
        rs = "/".join(T.ROLE_WORD[r] for r in d["roles"])
        words = f"{d.name} · {rs} · renown {d['renown']} (hurt {d['hurt_renown']})"
        if d.traits:
            words += " · " + ", ".join(T.TRAIT_WORD.get(t, t) for t in d.traits)
        words += f" · {T.ability_text(ctx, uid)}"
        if d.stand_in:
            words += " · stand-in"
        state = []
        if cs.get("face_down"):
            state.append("face down")
        if cs.get("hurt"):
            state.append("hurt")
        if T.is_protected(ctx, uid):
            state.append("protected this round")
        return d.name, words, state

    def result(self, ctx: Ctx) -> Result:
        o = scoring.outcome(ctx)
        return Result(o.winners, {p: T.renown(ctx, p) for p in ctx.players}, o.reason, o.ending)

    def seat_facts(self, ctx: Ctx) -> dict[str, dict[str, Any]]:
        """Each seat's party: `defence`, `support` and `damage`, how many of its heroes
        can fill each role (a hero of two roles counts for both, though she fills one
        at a time), and `scoundrels`, how many of its heroes are scoundrels."""
        return {p: self.party_facts(ctx, p) for p in ctx.players}

    def party_facts(self, ctx: Ctx, p: str) -> dict[str, Any]:
        """What p's party is made of (its heroes as they lie now, face-down ones too)."""
        hs = T.heroes(ctx, p)
        facts: dict[str, Any] = {r: sum(1 for u in hs if r in T.roles(ctx, u)) for r in T.ROLES}
        facts["scoundrels"] = T.scoundrels(ctx, p)
        return facts

    # the priority list: activated abilities are the core's triggers (see resolution.py)
    def order_triggers(self, ctx: Ctx, triggers: list[dict]):
        return resolution.order_triggers(ctx, triggers)

    def trigger_order_chosen(self, ctx: Ctx, triggers: list[dict], decision: Decision, ids):
        return resolution.trigger_order_chosen(ctx, triggers, decision, ids)

    def heuristic(self, ctx: Ctx, decision: Decision) -> list[str] | None:
        return heuristic(ctx, decision)


GAME = LFGGame()
