"""The core's second edition, part 2, on a toy arena made up for the test:
lasting effects with an end, delayed triggers, responses with costs, action
windows people can use, use limits, richer conditions and modifiers,
two-faced cards, deciders that are not one seat, suggested defaults, and
hidden information beyond zones. Each test is named after its item."""

from __future__ import annotations

import json
import random
import textwrap
from pathlib import Path

import pytest

import tablekit
from tablekit.core import (
    ActionWindow,
    Ctx,
    Decision,
    Effect,
    ForEachPlayer,
    GameDef,
    Loop,
    Option,
    Result,
    Say,
    Sequence,
    Step,
)
from tablekit.core.bots import answer
from tablekit.core.cards import load_cards
from tablekit.core.costs import Cost, CounterCost
from tablekit.core.engine import make_game
from tablekit.core.seatview import seat_state

CARDS = textwrap.dedent("""\
    format_version: 1
    game: arena
    cards:
      - id: banner
        name: Banner
        text: Rally - your heroes have +2 power until the end of the round; then discard the banner.
        abilities: [{type: action, window: main, effect: rally}]
      - id: torch
        name: Torch
        text: +1 power to fire damage you deal.
        abilities: [{type: modifier, stat: power, add: 1, if: {dtype: fire}}]
      - id: gimli
        name: Gimli
        kind: hero
        traits: [Dwarf]
        text: +1 power for each damage on him.
        abilities: [{type: modifier, stat: power, add: 1, per: damage, scope: self}]
      - id: axe
        name: Axe
        text: +1 power for each Dwarf you control.
        abilities: [{type: modifier, stat: power, add: 1, per: {trait: Dwarf}}]
      - id: beorn
        name: Beorn
        text: Once a round, come into play; at the end of the phase go back to the box.
        abilities: [{type: action, window: main, effect: summon, once_per: round, zone: hand}]
      - id: aragorn
        name: Aragorn
        text: "Response: after you quest, pay 1 gold to gain 2 glory."
        abilities: [{type: trigger, on: quest, if: {player: $controller}, optional: true, effect: glory}]
      - id: spider
        name: Spider
        text: "Forced: after anyone quests, the spider bites (1 bite counter to the quester)."
        abilities: [{type: trigger, on: quest, effect: bite, zone: encounter}]
      - id: wall
        name: Wall
        text: You cannot draw.
        abilities: [{type: restriction, on: draw, text: "The Wall stops you drawing"}]
      - id: sentry
        name: Sentry
        text: Keeps an eye on one card each; once per target per turn.
        abilities: [{type: action, window: main, effect: watch, once_per: target}]
      - id: foe
        name: Foe
        text: A foe with two faces.
        faces:
          - name: Foe, first phase
            text: Power 1.
            abilities: [{type: modifier, stat: foe_power, add: 1, scope: all}]
          - name: Foe, second phase
            text: Power 4.
            abilities: [{type: modifier, stat: foe_power, add: 4, scope: all}]
      - id: drill
        name: Drill
        text: Only in the main phase.
        abilities: [{type: action, window: any, effect: drill, phase: Main}]
      - id: gate
        name: Gate
        text: Pay a coin from your hand to open the gate, then choose a side.
        abilities: [{type: action, window: main, effect: toll}]
      - id: coin
        name: Coin
        text: A coin.
        quantity: 4
""")


class Rally(Effect):
    def label(self, ctx, use):
        return "Rally"

    def apply(self, ctx, use):
        ctx.add_lasting("modifier", "round", f"{use.controller}'s rally: +2 power", source=use.source,
                        controller=use.controller, players=[use.controller], stat="power", add=2)
        ctx.move(use.source, "discard")
        return f"{use.controller} rallies and discards the banner."


class Summon(Effect):
    def apply(self, ctx, use):
        ctx.move(use.source, f"{use.controller}/play")
        ctx.note_use(use)
        ctx.delay("send_back", "phase", "Beorn goes back at the end of the phase", source=use.source,
                  controller=use.controller)
        return f"{use.controller} calls Beorn."


class SendBack(Effect):
    def apply(self, ctx, use):
        ctx.move(use.source, f"{use.controller}/hand")
        return "Beorn goes back to his owner's hand."


class Glory(Effect):
    def cost(self, ctx, use):
        return CounterCost("gold", 1)

    def label(self, ctx, use):
        return "Aragorn's glory"

    def apply(self, ctx, use):
        ctx.do("counter", player=use.controller, key="glory", add=2)
        return f"{use.controller} gains 2 glory."


class Bite(Effect):
    def apply(self, ctx, use):
        ctx.do("counter", player=use.event["player"], key="bites", add=1)
        return f"The spider bites {use.event['player']}."


class Watch(Effect):
    def apply(self, ctx, use):
        ctx.note_use(use, target="coin#1")
        return "Watched."


class CoinCost(Cost):
    """Discard one coin from your hand: which one is the payment plan."""

    def words(self, ctx, use):
        return "discard a coin from your hand"

    def coins(self, ctx, use):
        return [u for u in ctx.zone(f"{use.controller}/hand") if u.startswith("coin")]

    def why_not(self, ctx, use):
        return None if self.coins(ctx, use) else f"{use.controller} holds no coin"

    def plan(self, ctx, use):
        coins = self.coins(ctx, use)
        if len(coins) < 2:
            return None
        return Decision(use.controller, "Which coin pays?", [Option(f"pay:{u}", u) for u in coins])

    def pay(self, ctx, use, plan):
        uid = plan[0].split(":", 1)[1] if plan else self.coins(ctx, use)[0]
        ctx.move(uid, "discard")
        return f"{use.controller} pays with {uid}."


class Toll(Effect):
    def cost(self, ctx, use):
        return CoinCost()

    def label(self, ctx, use):
        return "Open the gate"

    def apply(self, ctx, use):
        opts = [Option("side:left", "Left"), Option("side:right", "Right")]
        return ctx.ask(Decision(use.controller, "Which side?", opts), then="sided", name="Choose a side",
                       say=f"{use.controller} opens the gate.")

    def sided(self, ctx, use, ids):
        return f"{use.controller} goes {ids[0].split(':')[1]}."


class Drill(Effect):
    def apply(self, ctx, use):
        return "Drill."


def quest(ctx: Ctx) -> Say:
    ctx.do("quest", player=ctx.player)
    return Say(f"{ctx.player} quests.")


class Arena(GameDef):
    id = "arena"
    title = "Arena"
    min_players = 2
    max_players = 3
    active_zone_kinds = frozenset({"play", "encounter"})
    effects = {"rally": Rally(), "summon": Summon(), "send_back": SendBack(), "glory": Glory(),
               "bite": Bite(), "watch": Watch(), "drill": Drill(), "toll": Toll()}
    first: str | None = None

    def first_player(self, ctx):
        return self.first
    procedures = {"quest": lambda ctx, ev: None}
    auto = True
    out: set = set()

    def __init__(self, path: Path):
        self._path = path

    @property
    def cards(self):
        return load_cards(self._path, "arena", {}, frozenset(self.effects))

    def is_eliminated(self, ctx, player):
        return player in self.out

    def build_flow(self):
        turn = Sequence("Turn", show=False, children=[
            Sequence("Main", level="phase", children=[
                ActionWindow("Actions", players=lambda ctx: [ctx.player], abilities="main",
                             auto_pass=self.auto, text="Act, or pass.", rule="Main"),
            ]),
            Step("Quest", quest, "Quest.", "Quest"),
            ActionWindow("Anyone", players=lambda ctx: ctx.players, abilities="any", auto_pass=True,
                         text="Anyone may act.", rule="Anyone"),
        ])
        return Sequence("Arena", show=False, children=[
            Loop("Rounds", ForEachPlayer("Turns", turn), until=lambda ctx: ctx.count("Rounds") >= 3,
                 label="Round {n}", level="round")])

    def create_table(self, ctx):
        st = ctx.state
        st.add_zone("box", None, "public", kind="box")
        st.add_zone("discard", None, "public")
        st.add_zone("encounter", None, "public", kind="encounter")
        st.add_zone("deck", None, "hidden", kind="deck")
        for p in st.player_names:
            st.add_zone(f"{p}/play", p, "public", kind="play")
            st.add_zone(f"{p}/hand", p, "owner", kind="hand")
            st.player(p)["gold"] = 1
        a, b = st.player_names[:2]
        st.add_card("banner", "banner", f"{a}/play")
        st.add_card("torch", "torch", f"{a}/play")
        st.add_card("gimli", "gimli", f"{a}/play")
        st.add_card("axe", "axe", f"{a}/play")
        st.add_card("beorn", "beorn", f"{a}/hand")
        st.add_card("aragorn", "aragorn", f"{a}/play")
        st.add_card("spider", "spider", "encounter")
        st.add_card("wall", "wall", f"{b}/play")
        st.add_card("sentry", "sentry", f"{b}/play")
        st.add_card("foe", "foe", "encounter")
        st.add_card("drill", "drill", f"{b}/play")
        st.add_card("gate", "gate", f"{b}/play")
        for i in range(1, 5):
            st.add_card(f"coin#{i}", "coin", "deck" if i > 2 else f"{b}/hand")

    def result(self, ctx):
        return Result([], {}, "over", "time_up")


@pytest.fixture
def arena(tmp_path):
    path = tmp_path / "arena.yaml"
    path.write_text(CARDS, encoding="utf-8")
    return Arena(path)


def game(arena, **kw):
    return make_game(arena, ["Ana", "Bo"], seed=5, **kw)


# 1. Lasting effects with an end ------------------------------------------------------------

def test_lasting_effects_end_with_the_round_and_outlive_their_source(arena):
    g = game(arena)
    assert g.pending.kind == "window" and g.pending.player == "Ana"
    rec = g.choose("act:banner:0")
    assert "banner" not in g.state.zones["Ana/play"]            # the source has left play ...
    assert g.ctx.stat("power", 0, player="Ana") == 2 + 1        # ... and its +2 still counts (and the Axe)
    assert g.ctx.stat("power", 0, player="Bo") == 0
    assert any(e["type"] == "lasting_start" and e["until"] == "until the end of the round" for e in rec.events)
    while g.ctx.count("Rounds") == 1:
        last = g.run(until="decision", bots="random") or [g.choose("pass")]
        if g.pending is not None and g.ctx.count("Rounds") == 1:
            g.choose(g.pending.legal[-1].id)
    ended = [r for r in g.history if "Ana's rally: +2 power: that ends now." in r.text]
    assert len(ended) == 1 and last is not None
    assert g.ctx.stat("power", 0, player="Ana") == 1 and g.state.lasting == []


def test_lasting_effects_until_a_players_next_turn_and_restrictions(arena):
    g = game(arena)
    ctx = g.ctx
    ctx.add_lasting("restriction", {"turn_of": "Bo"}, "Ana may not draw until Bo's next turn",
                    players=["Ana"], what="draw")
    assert ctx.restricted("draw", player="Ana") == "Ana may not draw until Bo's next turn"
    assert ctx.restricted("draw", player="Bo") == "The Wall stops you drawing"   # a card's own restriction
    while g.turn == "Ana":
        g.choose(g.pending.legal[-1].id) if g.pending else g.step()
    assert g.turn == "Bo" and ctx.restricted("draw", player="Ana") is None
    assert not [e for e in g.state.lasting if e["kind"] == "restriction"]
    assert any("Ana may not draw until Bo's next turn: that ends now." in r.text for r in g.history)


def test_lasting_effects_stat_sees_the_event(arena):
    g = game(arena)
    ctx = g.ctx
    assert ctx.stat("power", 0, player="Ana", event={"dtype": "fire"}) == 2       # Torch + Axe
    assert ctx.stat("power", 0, player="Ana", event={"dtype": "cold"}) == 1
    ctx.add_lasting("modifier", "round", "Marked: +1 to damage aimed at Bo from a hero", stat="damage_to",
                    add=1, **{"if": {"target": "Bo", "source_kind": "hero"}})
    assert ctx.stat("damage_to", 0, event={"target": "Bo", "source_kind": "hero"}) == 1
    assert ctx.stat("damage_to", 0, event={"target": "Bo", "source_kind": "ally"}) == 0


# 2. Delayed triggers --------------------------------------------------------------------------

def test_delayed_triggers_fire_once_at_the_end_of_the_phase(arena):
    g = game(arena)
    st = g.state
    rec = g.choose("act:beorn:0")
    assert rec.text == "Ana calls Beorn." and "beorn" in st.zones["Ana/play"] and st.delayed
    assert "act:beorn:0" not in g.pending  # in play, away from the hand his action works from
    g.choose("pass")                       # the phase ends: the delayed trigger fires
    rec = g.step()
    assert rec.text == "Beorn goes back to his owner's hand."
    assert rec.path[-1] == "Beorn goes back at the end of the phase"
    assert "beorn" in st.zones["Ana/hand"] and not st.delayed
    use = next(u for u in g.ctx.actions("main", "Ana") if u.source == "beorn")
    assert g.ctx.usable(use) == "it may be used once per round, and was used already"


# 3. Responses and costs -----------------------------------------------------------------------

def test_responses_and_costs_forced_first_then_offered_with_the_cost(arena):
    g = game(arena)
    g.choose("pass")
    g.step()                               # Ana quests: the spider (forced) and Aragorn (response) trigger
    rec = g.step()
    assert rec.text == "The spider bites Ana."          # forced before the response, the ownerless last
    d = g.pending
    assert d.kind == "response-offer" and d.player == "Ana"
    assert d.option("use").label == "Use Aragorn's glory (pay 1 gold)" and d.option("use").legal
    rec = g.choose("use")
    assert rec.text == "Ana pays 1 gold. Ana gains 2 glory."
    assert g.state.player("Ana")["gold"] == 0 and g.state.player("Ana")["glory"] == 2


def test_responses_and_costs_unpayable_is_illegal_with_the_reason(arena):
    g = game(arena)
    g.state.player("Ana")["gold"] = 0
    g.rebase()
    g.choose("pass")
    g.step()
    g.step()
    d = g.pending
    assert not d.option("use").legal and d.option("use").reason == "it costs 1 gold, and Ana has 0"
    rec = g.choose("decline")
    assert rec.text == "Ana does not use Aragorn's glory." and not g.state.triggers


def test_responses_and_costs_a_payment_plan_is_a_decision(arena):
    g = game(arena)
    g.choose("pass")
    g.step()
    g.step()
    g.choose("decline")
    g.step()                               # Bo's main phase
    d = g.pending
    assert d.option("act:gate:0").label == "Open the gate (discard a coin from your hand)"
    g.choose("act:gate:0")                 # the action pushes the effect's frame: first, how to pay
    d = g.pending
    assert d.prompt == "Which coin pays?" and g.path[-2:] == ("Open the gate", "Pay the cost")
    rec = g.choose("pay:coin#2")
    assert rec.text == "Bo pays with coin#2. Bo opens the gate." and "coin#2" in g.state.zones["discard"]
    assert g.pending.prompt == "Which side?" and g.stack_depth == 1   # the window waits below the frame
    g.choose("side:left")
    assert g.pending.kind == "window" and g.pending.player == "Bo"    # back in the window: act again or pass
    g.state.move("coin#1", "box")
    g.rebase()
    d = g.pending
    assert not d.option("act:gate:0").legal and d.option("act:gate:0").reason == "Bo holds no coin"


# 4. Action windows people can use -------------------------------------------------------------

def test_action_windows_auto_pass_one_record_per_window(arena):
    g = game(arena)
    g.choose("pass")
    g.step()
    g.step()
    g.choose("decline")
    drill = g.ctx.actions("any", "Bo")[0]
    assert g.ctx.phase() is None and g.ctx.usable(drill) == "it may be used only in the Main phase"
    rec = g.step()                         # nobody can act in "Anyone" (the drill is for the main phase)
    assert rec.text == "Anyone: Ana and Bo have no action to take, so the window closes."
    assert g.pending.player == "Bo" and g.path[-1] == "Actions"


def test_action_windows_phase_limits_and_eliminated_players(arena):
    g = game(arena)
    g.choose("pass")
    g.step()
    g.step()
    g.choose("decline")
    g.step()
    d = g.pending                          # Bo's main phase: the drill may be used ... in the window "any" only
    assert "act:sentry:0" in d
    ctx = g.ctx
    use = ctx.actions("any", "Bo")[0]
    assert ctx.usable(use) is None         # in the main phase now
    arena.out = {"Bo"}
    try:
        g2 = game(arena)
        g2.choose("pass")
        g2.step()
        g2.step()
        g2.choose("decline")
        rec = g2.step()
        assert rec.text == "Anyone: Ana has no action to take, so the window closes."   # Bo is out
    finally:
        arena.out = set()


# 5. Use limits enforced -----------------------------------------------------------------------

def test_use_limits_once_per_target_and_round_are_illegal_with_reasons(arena):
    g = game(arena)
    ctx = g.ctx
    use = next(u for u in ctx.actions("main", "Bo") if u.source == "sentry")
    assert ctx.usable(use, target="coin#1") is None
    ctx.note_use(use, target="coin#1")
    assert ctx.usable(use, target="coin#1") == "it was used on that target already this turn"
    assert ctx.usable(use, target="coin#2") is None
    # a use names its card: a seat that cannot see the card does not see the use either
    beorn = next(u for u in ctx.actions("main", "Ana") if u.source == "beorn")
    ctx.note_use(beorn)
    assert "beorn:0" in g.view("Ana")["extra"]["_used_round"]
    assert "beorn:0" not in g.view("Bo")["extra"]["_used_round"]     # Beorn is in Ana's hand
    ctx.forget_uses("beorn")
    assert not ctx.used(beorn)
    g.choose("pass")
    while g.turn == "Ana":
        g.choose(g.pending.legal[-1].id) if g.pending else g.step()
    assert ctx.usable(use, target="coin#1") is None     # a new turn: the per-target use is fresh again


# 6. Conditions and modifiers beyond equality ---------------------------------------------------

def test_conditions_and_modifiers_operators_per_and_floor(arena):
    from tablekit.core.conditions import check_condition, matches
    g = game(arena)
    ctx = g.ctx
    ev = {"type": "damage", "card": "gimli", "amount": 3}
    assert matches(ctx, {"card.traits": "Dwarf", "amount": {"ge": 3}}, ev, None)
    assert not matches(ctx, {"card.traits": {"not": "Dwarf"}}, ev, None)
    assert matches(ctx, {"card.kind": {"in": ["hero", "ally"]}, "amount": {"lt": 4}}, ev, None)
    assert not matches(ctx, {"amount": {"gt": 3}}, ev, None)
    assert check_condition({"amount": {"more": 1}}).startswith("condition on 'amount': 'more' is not")
    g.state.cards["gimli"]["damage"] = 2
    assert ctx.stat("power", 0, card="gimli", player="Ana") == 2 + 1     # per damage, plus the Axe per Dwarf
    assert ctx.stat("power", -9, player="Bo", floor=0) == 0


# 7. Two-faced cards ---------------------------------------------------------------------------

def test_two_faced_cards_abilities_per_face(arena):
    g = game(arena)
    ctx = g.ctx
    assert ctx.face("foe").name == "Foe, first phase" and ctx.stat("foe_power", 0) == 1
    ev = ctx.flip("foe")
    assert ev["face"] == 1 and ctx.face("foe").name == "Foe, second phase"
    assert ctx.stat("foe_power", 0) == 4
    assert g.gamedef.describe_card(ctx, "foe")[0] == "Foe, second phase"  # a tile names the face it shows


def test_two_faced_cards_bad_faces_name_the_line(tmp_path):
    path = tmp_path / "arena.yaml"
    head = "format_version: 1\ngame: arena\ncards:\n  - id: foe\n    name: Foe\n    text: x\n"
    path.write_text(head + "    faces:\n      - 7\n      - {name: B, text: y}\n", encoding="utf-8")
    with pytest.raises(tablekit.CardFileError, match=r"line 8: card 'foe': face #1 must be a mapping"):
        load_cards(path, "arena", {})
    path.write_text(head + "    faces:\n      - {name: A, text: y, power: 3}\n      - {name: B, text: y}\n",
                    encoding="utf-8")
    with pytest.raises(tablekit.CardFileError, match=r"line 8: card 'foe', face #1: unknown field 'power'"):
        load_cards(path, "arena", {})


# 8. Deciders that are not one seat ------------------------------------------------------------

def test_deciders_ownerless_last_and_the_party_speaker(arena):
    g = game(arena)
    ctx = g.ctx
    trig = [{"source": "spider", "ability": 0, "controller": None, "event": {}},
            {"source": "wall", "ability": 0, "controller": "Bo", "event": {}}]
    assert arena.order_triggers(ctx, trig) == 1           # the ownerless ranks after every seat
    assert ctx.trigger_label(trig[0]) == "Spider"          # no words of its own: the card's name
    assert ctx.trigger_label(trig[1]) == "Wall (The Wall stops you drawing)"
    assert ctx.trigger_label({"source": "gone#9", "ability": 0, "card": "wall"}) == "an effect (The Wall stops you drawing)"
    assert ctx.decider(None) == ctx.player and ctx.decider("Bo") == "Bo"
    arena.first = "Bo"                                    # a rotating first player, where the game has one
    try:
        assert ctx.decider(None) == "Bo"
        trig2 = [{"source": "gimli", "ability": 0, "controller": "Ana", "event": {}},
                 {"source": "wall", "ability": 0, "controller": "Bo", "event": {}}]
        assert arena.order_triggers(ctx, trig2) == 1        # the first player's trigger first ...
        arena.first = None
        assert arena.order_triggers(ctx, trig2) == 0        # ... else the turn player's (Ana)
        opt = [{"source": "aragorn", "ability": 0, "controller": "Ana", "event": {}}] + trig2[1:]
        assert arena.order_triggers(ctx, opt) == 1          # a response ranks after a forced trigger
    finally:
        arena.first = None
    assert arena.speaker(ctx) == "Ana"
    d = Decision(arena.speaker(ctx), "The party chooses", [Option("a", "A")], party=["Ana", "Bo"])
    assert Decision.from_dict(d.to_dict()).party == ["Ana", "Bo"]


def test_deciders_state_turn_is_empty_outside_a_turn(arena):
    g = game(arena)
    assert g.state.turn == "Ana"
    g.run(bots="random")
    assert g.is_over and g.state.turn is None and g.ctx.player is None   # after the last turn: nobody's


# 9. Suggested defaults and hints ---------------------------------------------------------------

def test_suggested_defaults_and_hints(arena):
    d = Decision("Ana", "Pick", [Option("a", "A"), Option("b", "B"), Option("c", "C", False, "no")],
                 default="b", hint="B is usually best here.")
    assert d.suggested.id == "b" and d.legal and len(d.legal) == 2   # the default takes nothing away
    g = game(arena)
    assert answer("heuristic", arena, g.ctx, d, random.Random(1)) == ["b"]
    assert Decision.from_dict(d.to_dict()).hint == "B is usually best here."
    with pytest.raises(ValueError, match="not an option"):
        Decision("Ana", "Pick", [Option("a", "A")], default="z")
    bad = Decision("Ana", "Pick", [Option("a", "A"), Option("c", "C", False, "no")], default="c")
    assert bad.suggested is None


# 10. Hidden information beyond zones ------------------------------------------------------------

def test_hidden_information_secret_choices_and_reveals(arena):
    g = game(arena)
    ctx = g.ctx
    ctx.events = []
    ctx.reveal(["coin#3"], to="Bo", text="Bo looks at the top card of the deck", until="turn")
    assert g.view("Bo")["zones"]["deck"][0] == "coin#3"     # Bo sees it for the rest of the turn
    assert g.view("Ana")["zones"]["deck"][0].startswith("hidden:")
    assert "Bo looks" not in json.dumps(g.view("Ana"))
    from tablekit.core.records import StepRecord
    rec = StepRecord(0, "choice", ("x",), ("x",), "r", "Bo keeps coin#3", events=list(ctx.events),
                     player="Bo", choice=("keep:coin#3",), secret=True)
    assert rec.for_viewer("Ana")["choice"] == [] and rec.for_viewer("Ana")["events"] == []
    assert rec.for_viewer("Bo")["choice"] == ["keep:coin#3"]
    open_rec = StepRecord(0, "step", ("x",), ("x",), "r", "a look", events=list(ctx.events), player="Ana")
    assert open_rec.for_viewer("Ana")["events"] == [] and open_rec.for_viewer("Bo")["events"]


def test_hidden_information_a_seats_save_cannot_be_replayed(arena, monkeypatch):
    monkeypatch.setattr(tablekit, "registry", lambda: {"arena": arena})
    g = game(arena)
    text = g.save(for_seat="Ana")
    data = json.loads(text)
    assert data["for_seat"] == "Ana" and data["view"]["zones"]["Bo/hand"][0].startswith("hidden:")
    with pytest.raises(tablekit.SaveFormatError, match="made for Ana's eyes"):
        tablekit.load(text)


def test_hidden_information_bots_decide_from_their_seats_view(arena):
    g = game(arena)
    a = seat_state(g.ctx, "Ana", random.Random(1))
    b = seat_state(g.ctx, "Ana", random.Random(2))
    shown = {u for z in ("Ana/play", "Ana/hand", "encounter", "box") for u in g.state.zones[z]}
    for u in shown:
        assert a.cards[u] == g.state.cards[u] == b.cards[u]      # what Ana sees is untouched
    hidden = g.state.zones["Bo/hand"] + g.state.zones["deck"]
    assert sorted(a.cards[u]["card"] for u in hidden) == sorted(g.state.cards[u]["card"] for u in hidden)
    assert a.rng != g.state.rng


# Ruling variants and rulings on options (groundwork of the fidelity issue) ----------------

def test_ruling_variants_are_chosen_by_option_and_read_by_the_rules(arena):
    from tablekit.core import Decision as D
    arena.ruling_variants = {"AR-CHAIN": {"words": "only the last card", "stack": "each cancels the one below"}}
    try:
        g = game(arena)
        assert g.state.options["rulings"] == {"AR-CHAIN": "words"} and g.ctx.ruling("AR-CHAIN") == "words"
        g2 = game(arena, options={"rulings": {"AR-CHAIN": "stack"}})
        assert g2.ctx.ruling("AR-CHAIN") == "stack"
        with pytest.raises(tablekit.SetupError, match="no reading 'sideways'; its readings: words"):
            game(arena, options={"rulings": {"AR-CHAIN": "sideways"}})
        with pytest.raises(tablekit.SetupError, match="no ruling with a second reading named 'AR-X'"):
            game(arena, options={"rulings": {"AR-X": "stack"}})
    finally:
        arena.ruling_variants = {}
    o = Option("steal", "Steal", False, "the Thief steals once a turn", rule="CC-THIEF")
    d = D("Ana", "Pick", [o, Option("pass", "Pass")])
    assert d.to_dict()["options"][0] == ["steal", "Steal", False, "the Thief steals once a turn", "CC-THIEF"]
    assert D.from_dict(d.to_dict()).option("steal").rule == "CC-THIEF"
    assert o.to_dict()["rule"] == "CC-THIEF"


def test_result_summary_says_how_the_game_ended():
    assert Result(["Ana"], {}, "a third retinue", "third_retinue").summary() == "A third retinue. Ana wins."
    assert Result(["Ana", "Bo"], {}, "most treasure", "end").summary() == "Most treasure. Ana, Bo win."
    assert Result([], {}, "the round cap was reached", "unfinished").summary() == \
        "Unfinished: the round cap was reached. Nobody wins."
    assert Result([], {}, "", "lost").summary() == "Nobody wins."


def test_plural_gives_the_count_with_its_noun():
    from tablekit.core.words import plural
    assert plural(1, "point") == "1 point" and plural(0, "point") == "0 points"
    assert plural(2, "hero", "heroes") == "2 heroes" and plural(1, "hero", "heroes") == "1 hero"


def test_listing_names_people_in_a_sentence():
    from tablekit.core.words import listing
    assert listing(["Ana"]) == "Ana" and listing(["Ana", "Bo"]) == "Ana and Bo"
    assert listing(("Ana", "Bo", "Cy")) == "Ana, Bo and Cy"
    assert listing([]) == "nobody" and listing([], empty="no hero") == "no hero"


def test_possessive_of_a_name_ending_in_s_takes_only_the_apostrophe():
    from tablekit.core.words import possessive
    assert possessive("Aragorn") == "Aragorn's" and possessive("Hummerhorns") == "Hummerhorns'"


def test_a_rulings_row_keeps_an_escaped_pipe_inside_its_cell():
    from tablekit.core.rulings import table_cells
    assert table_cells(r"| X-ONE | A or B? | play `a \| b` | why |") == ["X-ONE", "A or B?", "play `a | b`", "why"]
    assert table_cells("| X-TWO | q | r | w |") == ["X-TWO", "q", "r", "w"]
    assert table_cells("X-THREE | q | r | w") == ["X-THREE", "q", "r", "w"]


@pytest.mark.parametrize("game_id", sorted(tablekit.games()))
def test_a_state_copy_is_a_deep_copy_as_from_dict_of_to_dict(game_id):
    """State.copy (the seat view's copy) equals the round trip through to_dict and
    shares nothing mutable with the original."""
    from tablekit.core.state import State
    g = tablekit.new_game(game_id, seed=3)
    g.run(until="end", bots="random", max_records=150)
    st = g.state
    twin = st.copy()
    assert twin.to_dict() == State.from_dict(st.to_dict()).to_dict() == st.to_dict()
    assert twin.card_zone == State.from_dict(st.to_dict()).card_zone
    before = st.to_dict()
    uid = next(iter(twin.cards))
    twin.cards[uid]["card"] = "changed"
    twin.zones[twin.card_zone[uid]].append("extra")
    twin.zone_info[twin.card_zone[uid]]["label"] = "changed"
    twin.extra["changed"] = True
    if twin.cursor:
        twin.cursor[-1]["changed"] = True
    twin.players[0]["changed"] = True
    assert st.to_dict() == before
