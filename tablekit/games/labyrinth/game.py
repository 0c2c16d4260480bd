"""Legends of Labyrinth: the game definition the engine registers."""

from __future__ import annotations

from typing import Any

from tablekit.core import (
    HIDDEN,
    OWNER,
    PUBLIC,
    AbilityUse,
    Ctx,
    Decision,
    GameDef,
    Option,
    OptionSpec,
    Result,
    Say,
)
from tablekit.core.cards import Field

from . import abilities, chain, powers, rules
from . import table as T
from .bots import heuristic
from .card_templates import CARD_TEMPLATES
from .counters import COUNTERS


class LabyrinthGame(GameDef):
    id = "labyrinth"
    title = "Legends of Labyrinth"
    counters = COUNTERS
    card_templates = CARD_TEMPLATES
    pile_kinds = ("discard",)  # drawn as one stack on the board
    goal = ("Each lord recruits heroes and plays influence cards to gather retinues of four heroes. The "
            "first lord to gather a third retinue ends the game at once and is its only winner.")
    min_players = 2  # ruling LAB-PLAYERS
    max_players = 4
    card_fields = {
        "kind": Field(str, True, ("retinue", "hero", "influence"), doc="retinue, hero or influence card"),
        "number": Field(int, False, minimum=1, maximum=9, doc="a retinue's place on the board (1 to 9)"),
        "hero_kind": Field(str, False, tuple(T.COMMON_KINDS) + (
            "golem_mistress", "paladin", "mentalmancer", "warlock", "reaper", "golem", "thief", "assassin"),
            doc="a common hero's kind, or the legendary hero's own key"),
        "legendary": Field(bool, False, doc="true for a legendary hero"),
        "timing": Field(str, False, ("always", "before_actions"),
                        doc="a legendary hero: always on, or used before the actions"),
        "counters": Field(str, False, ("gathering", "influence"),
                          doc="Sabotage!/Treason!: the activity they counter"),
    }
    def card_problem(self, d) -> str | None:
        """A retinue card has its place on the board and its one ability (the game reads both)."""
        if d.kind == "retinue":
            if "number" not in d.fields:
                return "a retinue card needs its number (its place on the board, 1 to 9)"
            if len(d.abilities) != 1 or not d.abilities[0].effect:
                return "a retinue card has exactly one ability, and it names its effect"
        return None

    ability_domains = {"zone": ("box", "board", "deck", "discard", "hero_deck", "hand", "heroes", "played"),
                       "window": ("retinue", "legend", "action", "counter"),
                       "stat": ("hand_limit", "shielded", "wild")}
    extra_from_start = {"first": {"from": "Rounds", "derive": "turn"}}
    # retinues, legendary heroes and influence cards name these in the card file
    effects = {**abilities.EFFECTS, **powers.EFFECTS, **chain.EFFECTS}
    active_zone_kinds = frozenset({"heroes"})
    rulings_page = "docs/rulings/labyrinth.md"
    # the rulebook's setup step 2: the gentler game, for speed or for less cut-throat play
    variants = {T.GENTLE: "the gentle game: the Golem, Deadly Plague and Beguilement! stay in the "
                          "box (Game Setup, step 2)"}
    options = {
        "max_rounds": OptionSpec(int, 0, "a safety cap: end a game nobody has won after this many "
                                 "rounds as unfinished, with no winner (ruling LAB-LONG); 0: off", low=0),
    }
    # the rulebook has no round limit: the generic suite, the bench and simulations
    # cap a game at 200 rounds (ruling LAB-LONG); heuristic bot games end by a third
    # retinue long before (benchmarks/endings.py)
    safety_rounds = 200
    endings = {
        "third_retinue": "a lord gathered a third retinue: the game ends at once and that lord "
                         "wins (Goal of the Game)",
        "unfinished": "the safety cap (option max_rounds) was reached and nobody had gathered a "
                      "third retinue: no winner (rulings LAB-LONG, LAB-ONE-WINNER)",
    }
    option_forms = {
        "use:<retinue>": "retinue step: use this gathered retinue's ability",
        "use:<hero>": "legendary heroes step: use this Warlock (no target to choose)",
        "use:<hero>:<target>": "legendary heroes step: use this hero on a lord (the Thief) or on "
                               "another lord's hero (Reaper, Assassin, Golem)",
        "done": "move on from the retinue step or the legendary heroes step",
        "play:<card>": "action: play this influence card from your hand",
        "gather:<retinue>": "action: gather this retinue (a common retinue you already hold may be "
                            "gathered again, for a second marker; the Legendary Retinue only once)",
        "pass": "action: take no action, recruit 1 hero (ruling LAB-PASS); in the counter "
                "window: do not counter (ruling LAB-ASK)",
        "stop": "action: take no more actions this turn (ruling LAB-PASS)",
        "counter:<card>": "counter window: play this Sabotage! or Treason! against the card on top "
                          "(rulings LAB-COUNTER-WHO, LAB-COUNTER-WHAT)",
        "heroes:<heroes>": "gathering: spend these heroes (uids joined by commas; \"none<n>\" for a "
                           "way you cannot take), ruling LAB-GATHER-PICK",
        "cost:<hero>": "pay a retinue ability's cost with this hero of yours",
        "hero:<hero>": "the hero a card or an ability takes or throws out",
        "lord:<lord>": "Retinue of Architects: the lord whose hand you look at",
        "swap:<mine>:<theirs>": "Architects: the influence cards swapped (ruling LAB-ARCHITECTS-PICK); "
                                "Archpriestesses: the heroes swapped",
        "copy:<retinue>": "Legendary Retinue: the non-legendary retinue whose ability you use "
                          "(ruling LAB-LEGEND-COPY)",
        "kind:<kind>": "Deadly Plague: the kind of common hero named",
        "discard:<card>": "end of the turn: discard this influence card down to the hand limit",
    }
    # ruling LAB-CHAIN: the rulebook's words (only the last card's text resolves) first
    ruling_variants = {"LAB-CHAIN": {
        "words": "only the game text of the last card played is resolved; every card below it "
                 "in the chain is discarded without effect",
        "stack": "each counter that resolves cancels the card it answers, last in, first out, "
                 "so a countered counter lets the card under it stand",
    }}
    # state older scenario files held (core/scenario/versions.py): the counter chain and
    # this turn's uses of abilities are kept by the resolution stack and the core now
    retired_state = {
        "chain": "the counter chain in progress, now effects on the resolution stack (start.stack)",
        "sub": "the step of the chain being resolved, now part of the resolution stack",
        "winner": "the lord who won, now the game's result",
        "turn.ret_used": "retinue abilities used this turn, now the core's once-a-turn uses",
        "turn.leg_used": "legendary abilities used this turn, now the core's once-a-turn uses",
    }
    settable_extra = {
        "first": ((str,), "the lord who took the first turn (turn order starts there)"),
        "round": ((int,), "the number of the current round"),
        "gathered": ((dict,), "each lord's gathered retinues (retinue ids; a marker each)"),
    }
    # this turn's data, fresh as each turn begins (ctx.this("turn"), T.turn_data); the
    # retinues and legendary heroes used are the core's use limits (`_used_turn`)
    per_turn = T.PER_TURN
    per_turn_meanings = {
        "taken": "actions the lord has taken this turn (after one, passing is no longer open)",
        "passed": "the lord passed this turn (no action, one hero recruited)",
        "done": "the lord's actions are over for this turn",
        "ret_over": "the lord has moved on from the retinue abilities: none is used later this turn",
        "leg_over": "the lord has moved on from the legendary abilities this turn",
    }

    def check_extra(self, key: str, value, players: list[str]) -> str | None:
        if key == "_this_turn":
            for k, v in value.items():
                if k not in T.PER_TURN:
                    return f"unknown key {k!r} (keys: {', '.join(T.PER_TURN)})"
                want = type(T.PER_TURN[k])
                if not isinstance(v, want) or isinstance(v, bool) != (want is bool):
                    return f"{k!r} must be {want.__name__}, not {v!r}"
        if key == "_used_turn":
            for k in value:
                uid = str(k).split("@", 1)[0].rsplit(":", 1)[0]
                if uid.split("#", 1)[0] not in self.cards:
                    return f"{k!r} names no card (\"<uid>:<ability index>\", \"@<marker>\" for a retinue)"
        return None

    def derived_player_numbers(self, extra, players: list[str]) -> dict[str, dict[str, int]]:
        """Each lord's retinues counter is the number of retinues in their `gathered` list."""
        got = extra.get("gathered")
        if not isinstance(got, dict):
            return {}
        return {p: {"retinues": len(got.get(p) or [])} for p in players}

    def build_flow(self):
        return rules.build_flow()

    def describe_card(self, ctx: Ctx, uid: str) -> tuple[str, str, list[str]]:
        d = ctx.defn(uid)
        words = d.name
        if d.kind == "hero":
            words += " · legendary hero" if d.fields.get("legendary") else " · common hero"
        elif d.kind == "retinue":
            who = [p for p, rs in ctx.extra.get("gathered", {}).items() if d.id in rs]
            words += " · retinue"
            if who:
                return d.name, words, [f"markers: {', '.join(who)}"]
        else:
            words += " · influence"
        if d.stand_in:
            words += " · stand-in"
        return d.name, words, []

    def create_table(self, ctx: Ctx) -> None:
        st = ctx.state
        st.add_zone(T.BOX, None, PUBLIC, "Game box", kind="box")
        st.add_zone(T.BOARD, None, PUBLIC, "Retinue board", kind="board")
        st.add_zone(T.INFLUENCE, None, HIDDEN, "Influence deck", kind="deck")
        st.add_zone(T.DISCARD, None, PUBLIC, "Influence discard pile", kind="discard")
        st.add_zone(T.HEROES, None, HIDDEN, "Heroes deck", kind="hero_deck")
        for p in st.player_names:
            st.add_zone(T.hand(p), p, OWNER, f"{p}'s hand", kind="hand")
            st.add_zone(T.heroes(p), p, PUBLIC, f"{p}'s heroes", kind="heroes")
            st.add_zone(T.played(p), p, PUBLIC, f"{p}'s played cards", kind="played")
        for d in self.cards.values():
            for n in range(1, d.quantity + 1):
                uid = d.id if d.quantity == 1 else f"{d.id}#{n}"
                st.add_card(uid, d.id, T.BOX)
        st.extra = {"first": None, "round": 0, "gathered": {p: [] for p in st.player_names}}

    def result(self, ctx: Ctx) -> Result:
        """Never reached in play: a third retinue ends the game at once, and the safety
        cap ends it as unfinished (both through ctx.end_game). There can be only 1
        winner (ruling LAB-ONE-WINNER), so a game without one has none."""
        scores = {p: len(T.gathered(ctx, p)) for p in ctx.players}
        return Result([], scores, "nobody gathered a third retinue (ruling LAB-LONG)", "unfinished")

    def seat_facts(self, ctx: Ctx) -> dict[str, dict[str, Any]]:
        """Each lord's gathered retinues (retinue ids, sorted, joined by "+"), how many
        there are, and whether the lord took the first turn (drawn at random)."""
        got = ctx.extra.get("gathered", {})
        first = ctx.extra.get("first")
        return {p: {"retinues": "+".join(sorted(got.get(p, []))), "retinue_count": len(got.get(p, [])),
                    "first": p == first} for p in ctx.players}

    # -- the counter window (ruling LAB-COUNTER-WHO, LAB-ASK) -----------------------------
    def response_options(self, ctx: Ctx, window: str, player: str) -> list[Option]:
        return chain.counter_options(ctx, player)

    def response_use(self, ctx: Ctx, window: str, player: str, option_id: str) -> AbilityUse:
        return chain.counter_use(ctx, player, option_id)

    def response_words(self, ctx: Ctx, window: str, player: str, top: dict | None) -> tuple[str, str]:
        return chain.counter_prompt(ctx, top), "Let it be (pass)"

    def response_passed(self, ctx: Ctx, window: str, player: str) -> Say:
        return chain.passed(ctx, player)

    def hidden_pool(self, ctx: Ctx, uid: str) -> str:
        # a hidden card is an influence card (the deck, a rival's hand) or a hero card (the
        # hero deck): their backs differ, and neither deck feeds the other
        return ctx.kind(uid)

    def heuristic(self, ctx: Ctx, decision: Decision) -> list[str] | None:
        return heuristic(ctx, decision)


GAME = LabyrinthGame()
