"""The rules core on a small game made up for the test: every node kind, the
event pipeline (replacements, triggers and their order, modifiers, actions,
once-per limits), decisions and time travel."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

import tablekit
from tablekit.core import (
    ActionWindow,
    Ask,
    Branch,
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
from tablekit.core.cards import load_cards
from tablekit.core.engine import Game, make_game

CARDS = textwrap.dedent("""\
    format_version: 1
    game: toy
    cards:
      - id: coin
        name: Coin
        text: Worth one point.
        quantity: 6
        value: 1
      - id: echo
        name: Echo
        text: When a coin enters its owner's purse, the owner gains a point.
        value: 0
        abilities:
          - {type: trigger, on: move, if: {to: "$controller/purse"}, effect: gain, args: {n: 1}}
      - id: shield
        name: Shield
        text: Coins sent to its owner's purse go to the pot instead.
        value: 0
        abilities:
          - {type: replacement, on: move, if: {to: "$controller/purse"}, effect: divert}
      - id: crown
        name: Crown
        text: Its owner takes one more coin each turn, and may bless once a turn.
        value: 0
        abilities:
          - {type: modifier, stat: coins, add: 1, scope: owner}
          - {type: action, window: bless, effect: bless, once_per: turn}
""")


class Gain(Effect):
    def apply(self, ctx: Ctx, use) -> Say:
        ctx.do("counter", player=use.controller, key="points", add=use.args["n"])
        return Say(f"{use.controller}'s Echo: +{use.args['n']} point", rule="Echo")


class Divert(Effect):
    def replace(self, ctx: Ctx, use):
        ev = dict(use.event)
        ev["to"] = "pot"
        return ev


class Bless(Effect):
    def apply(self, ctx: Ctx, use) -> Say:
        ctx.note_use(use)
        ctx.do("counter", player=use.controller, key="points", add=5)
        return Say(f"{use.controller} blesses: +5", rule="Crown")


def take_coins(ctx: Ctx) -> Say:
    p = ctx.player
    n = ctx.stat("coins", 1, player=p)
    got = []
    for _ in range(n):
        if ctx.zone("pot"):
            uid = ctx.zone("pot")[-1]
            ctx.move(uid, f"{p}/purse")
            got.append(uid)
    return Say(f"{p} takes {len(got)} coin(s)", rule="Take")


def ask_bless(ctx: Ctx) -> Decision | None:
    p = ctx.player
    uses = ctx.actions("bless", p)
    if not uses:
        return None
    use = uses[0]
    opts = [Option("bless", "Bless", not ctx.used(use), "already blessed this turn"),
            Option("pass", "Pass")]
    return Decision(p, "Bless?", opts, kind="bless")


def resolve_bless(ctx: Ctx, ids) -> Say:
    if ids == ("pass",):
        return Say(f"{ctx.player} does not bless", rule="Bless")
    use = ctx.actions("bless", ctx.player)[0]
    return ctx.start("bless", source=use.source, controller=use.controller, ability=1)


class Toy(GameDef):
    id = "toy"
    title = "Toy"
    min_players = 2
    max_players = 3
    card_fields = {"value": (int, True)}
    active_zone_kinds = frozenset({"table"})
    effects = {"gain": Gain(), "divert": Divert(), "bless": Bless()}

    def __init__(self, path: Path):
        self._path = path

    @property
    def cards(self):
        return load_cards(self._path, "toy", self.card_fields, frozenset(self.effects))

    def build_flow(self):
        turn = Sequence("Turn", show=False, children=[
            Step("Take", take_coins, "Take coins from the pot.", "Take"),
            Ask("Bless", ask_bless, resolve_bless, "Bless once a turn.", "Bless"),
            Ask("Bless again", ask_bless, resolve_bless, "A second chance (refused).", "Bless"),
            Branch("Rich?", lambda ctx: ctx.counter(ctx.player, "points") >= 5,
                   Step("Boast", lambda ctx: f"{ctx.player} boasts", "Rich players boast.", "Boast")),
        ])
        return Sequence("Toy", show=False, children=[
            Loop("Rounds", ForEachPlayer("Turns", turn), until=lambda ctx: not ctx.zone("pot"),
                 label="Round {n}", level="round"),
            ActionWindow("Last words", players=lambda ctx: ctx.players,
                         actions=lambda ctx, p: [Option("cheer", "Cheer")],
                         resolve=lambda ctx, p, ids: Say(f"{p} cheers", rule="Cheer"),
                         text="Anyone may cheer; it ends when all pass.", rule="Cheer"),
        ])

    def create_table(self, ctx: Ctx) -> None:
        st = ctx.state
        st.add_zone("pot", None, "public")
        for p in st.player_names:
            st.add_zone(f"{p}/purse", p, "public", kind="purse")
            st.add_zone(f"{p}/table", p, "public", kind="table")
            st.add_zone(f"{p}/hand", p, "owner", kind="hand")
        for n in range(1, 7):
            st.add_card(f"coin#{n}", "coin", "pot")
        names = st.player_names
        st.add_card("echo", "echo", f"{names[0]}/table")
        st.add_card("crown", "crown", f"{names[0]}/table")
        st.add_card("shield", "shield", f"{names[1]}/hand")

    def result(self, ctx: Ctx) -> Result:
        scores = {p: ctx.counter(p, "points") + len(ctx.zone(f"{p}/purse")) for p in ctx.players}
        best = max(scores.values())
        return Result([p for p, s in scores.items() if s == best], scores)


@pytest.fixture
def toy(tmp_path):
    path = tmp_path / "toy.yaml"
    path.write_text(CARDS, encoding="utf-8")
    return Toy(path)


def test_modifier_and_trigger_fire_through_the_pipeline(toy):
    g = make_game(toy, ["Ana", "Bo"], seed=1)
    rec = g.step()  # Ana takes 1 + 1 (Crown) coins; Echo triggers once per coin
    assert rec.text == "Ana takes 2 coin(s)"
    assert len(g.state.zones["Ana/purse"]) == 2
    assert len(g.state.triggers) == 2
    t1 = g.step()
    assert t1.text.startswith("Ana's Echo") and t1.path[-1] == "Echo triggers"
    g.step()
    assert g.state.player("Ana")["points"] == 2 and not g.state.triggers
    assert g.pending.kind == "bless"  # the cursor moved on after the triggers


def test_once_per_turn_action_is_refused_the_second_time(toy):
    g = make_game(toy, ["Ana", "Bo"], seed=1)
    g.run(until="decision")
    g.choose("bless")
    assert g.state.player("Ana")["points"] == 2 + 5
    d = g.pending
    assert d.kind == "bless" and not d.option("bless").legal
    assert d.option("bless").reason == "already blessed this turn"
    before = g.state.to_dict()
    with pytest.raises(tablekit.IllegalChoice, match="already blessed"):
        g.choose("bless")
    assert g.state.to_dict() == before
    g.choose("pass")
    rec = g.step()  # Branch: Ana has 7 points, so she boasts
    assert rec.text == "Ana boasts" and rec.path == ("Round 1", "Ana's turn", "Rich?", "Boast")
    g.run(until="decision", bots={"Bo": "random"})
    while g.turn != "Ana" or g.pending is None:
        g.run(until="decision") if g.pending is None else g.choose(g.pending.legal[0].id)
    assert g.path[:2] == ("Round 2", "Ana's turn")
    assert g.pending.option("bless").legal  # a new turn: the once-per-turn limit is fresh


def test_replacement_only_where_its_condition_holds(toy):
    g = make_game(toy, ["Ana", "Bo"], seed=1)
    g.state.move("shield", "Bo/table")  # now active, and it protects only Bo's purse
    g.rebase()
    g.step()
    assert len(g.state.zones["Ana/purse"]) == 2  # Ana's coins are not diverted
    g.run(until="round", bots="random")
    assert g.state.zones["Bo/purse"] == []  # Bo's coin went back to the pot
    assert any(e.get("type") == "move" and e.get("to") == "pot" for r in g.history for e in r.events)


def test_action_window_closes_after_everyone_passes_in_a_row(toy):
    g = make_game(toy, ["Ana", "Bo", "Cy"], seed=2)
    g.state.zones["pot"][:] = g.state.zones["pot"][:1]
    for uid in [u for u in list(g.state.cards) if u.startswith("coin#") and u != g.state.zones["pot"][0]]:
        g.state.cards.pop(uid)
        g.state.card_zone.pop(uid)
    g.ctx.reindex()
    g.rebase()
    g.run(until="decision")
    while g.pending is not None and g.pending.kind == "bless":
        g.choose("pass")
        g.run(until="decision")
    assert g.cursor[-1] == "Last words"
    order = []
    g.choose("cheer")                                       # Ana acts: everyone may answer again
    order.append(g.history[-1].player)
    g.choose("pass")                                        # Bo passes
    g.choose("pass")                                        # Cy passes
    assert not g.is_over
    g.choose("pass")                                        # Ana passes: three passes in a row
    assert g.is_over
    assert g.result.winners


def test_undo_redo_and_save_across_triggers(toy):
    g = make_game(toy, ["Ana", "Bo"], seed=3)
    g.run(bots="random")
    end = g.state.to_dict()
    n = len(g.history)
    for _ in range(n):
        g.undo()
    assert len(g.history) == 0
    for _ in range(n):
        g.redo()
    assert g.state.to_dict() == end
    g.goto(3)
    assert len(g.history) == 3


def test_a_games_start_is_laid_again_from_its_seed(toy):
    # make_game's start is not pickled: a rewind to it lays the table again from the
    # seed and the options the game was made with, the same table as at first
    for watched in (True, False):
        g = make_game(toy, ["Ana", "Bo"], seed=5, options={})
        g.watched = watched
        start = g.state.to_dict()
        g.run(bots="random")
        end = g.state.to_dict()
        g.state.options["late"] = "changed"  # what the state says later does not change its start
        g.goto(0)
        assert g.state.to_dict() == start
        g.run(bots="random")
        assert g.state.to_dict() == end


def test_a_hand_built_start_is_kept_as_it_was_built(toy):
    g = make_game(toy, ["Ana", "Bo"], seed=5)
    g.state.extra["built"] = True
    g.rebase()
    start = g.state.to_dict()
    g.run(bots="random", max_records=5)
    g.goto(0)
    assert g.state.to_dict() == start and g.state.extra["built"] is True


def test_flow_is_introspectable(toy):
    root = toy.flow
    names = [n.name for n in root.walk()]
    assert names[:3] == ["Toy", "Rounds", "Turns"]
    kinds = {n.kind for n in root.walk()}
    assert {"sequence", "loop", "for-each-player", "step", "decision", "branch", "action-window"} <= kinds
    assert root.find(["Rounds", "Turns", "Turn", "Take"]).rule == "Take"
    with pytest.raises(KeyError, match="no node"):
        root.find(["Rounds", "Nope"])


def _without_move_abilities(toy) -> Game:
    """The toy with Echo and Shield taken out: no card replaces a move or triggers on one."""
    g = make_game(toy, ["Ana", "Bo"], seed=1)
    st = g.state
    for uid in ("echo", "shield"):
        st.zones[st.card_zone.pop(uid)].remove(uid)
        del st.cards[uid]
    g.ctx.reindex()
    g.ctx.events = []
    return g


def test_a_move_nothing_reacts_to_is_recorded_as_the_whole_pipeline_records_it(toy):
    plain, piped = _without_move_abilities(toy), _without_move_abilities(toy)
    plain.ctx.move("coin#1", "Ana/purse")  # builds the index: plain moves hold for this game
    assert plain.ctx._plain_moves
    piped.ctx._index = piped.ctx._build_index()
    piped.ctx._plain_moves = False  # the same move through every step of the pipeline
    piped.ctx.move("coin#1", "Ana/purse")
    for g in (plain, piped):
        g.ctx.move("coin#2", "Ana/table", index=0, damage=2)
        g.ctx.move("coin#2", "Bo/purse", damage=None)
    assert plain.ctx.events == piped.ctx.events
    assert plain.state.to_json() == piped.state.to_json()
    assert plain.ctx.events[0] == {"type": "move", "card": "coin#1", "to": "Ana/purse", "from": "pot"}


def test_a_card_that_reacts_to_moves_keeps_every_move_in_the_pipeline(toy):
    g = make_game(toy, ["Ana", "Bo"], seed=1)
    g.ctx.move("coin#2", "Ana/purse")  # Echo, on Ana's table, triggers on it
    assert not g.ctx._plain_moves
    assert g.state.triggers and g.state.triggers[-1]["source"] == "echo"
    g.state.zones["Bo/hand"].remove("shield")  # Shield in play on Bo's table diverts his coins
    g.state.zones["Bo/table"].append("shield")
    g.state.card_zone["shield"] = "Bo/table"
    g.ctx.move("coin#1", "Bo/purse")
    assert g.state.card_zone["coin#1"] == "pot"


PLAIN_CARDS = CARDS.split("      - id: echo")[0]  # coins only: nothing replaces a move or triggers on one


@pytest.mark.parametrize("plain", [True, False], ids=["plain moves", "through the pipeline"])
def test_move_all_is_the_moves_one_by_one(tmp_path, plain):
    """ctx.move_all(uids, to, **changes) gives exactly the events, results, state
    and triggers of ctx.move for each card in turn, whether the moves are plain
    (written out once for them all) or go through the pipeline (a trigger on move)."""
    path = tmp_path / "toy.yaml"
    path.write_text(PLAIN_CARDS if plain else CARDS, encoding="utf-8")
    games = []
    for together in (True, False):
        toy = Toy(path)
        if plain:
            toy.create_table = lambda ctx: _coins_table(ctx)
        g = make_game(toy, ["Ana", "Bo"], seed=1)
        ctx = g.ctx
        ctx.stat("coins", 1)  # the ability index is built, as it is once a game has begun
        ctx.events = []
        pot = list(ctx.zone("pot"))
        ctx.state.cards[pot[0]]["attached_to"] = pot[1]
        ctx.state.cards[pot[2]]["mark"] = 1
        moves = [(pot[:3], "Ana/purse", {}), (pot[3:5], "Bo/purse", {"mark": None, "worn": True}),
                 (pot[:2], "pot", {"attached_to": pot[4]})]
        results = []
        for uids, to, changes in moves:
            if together:
                results.append(ctx.move_all(uids, to, **changes))
            else:
                results.append([ctx.move(u, to, **changes) for u in uids])
        games.append((results, ctx.events, g.state.to_dict(), list(g.state.triggers)))
        assert ctx._plain_moves is plain
    assert games[0] == games[1]
    assert repr(games[0][:2]) == repr(games[1][:2])  # each event's keys in the same order too
    assert len(games[0][1]) == 7


def _coins_table(ctx: Ctx) -> None:
    st = ctx.state
    st.add_zone("pot", None, "public")
    for p in st.player_names:
        st.add_zone(f"{p}/purse", p, "public", kind="purse")
    for n in range(1, 7):
        st.add_card(f"coin#{n}", "coin", "pot")
