"""The core's second edition on a toy duel made up for the test: effects of
one shape that ask while they resolve, the resolution stack with response
windows (both readings of a chain), events that ask, batches, state checks
and the end of the game, and every tool of the timeline inside a resolution.
Each test is named after the item of the core it shows."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

import tablekit
from tablekit.core import (
    PENDING,
    Ask,
    Ctx,
    Decision,
    Effect,
    ForEachPlayer,
    GameDef,
    Loop,
    Option,
    OptionSpec,
    OrderRule,
    Reason,
    Result,
    Say,
    Sequence,
)
from tablekit.core.cards import load_cards
from tablekit.core.engine import make_game

CARDS = textwrap.dedent("""\
    format_version: 1
    game: duel
    cards:
      - id: flame
        name: Dragonflame
        text: Deal 3 damage to the other duellist, then sacrifice a token, then gain 1 experience.
        abilities:
          - {type: action, window: act, effect: dragonflame, args: {damage: 3}}
      - id: armor
        name: Armor
        text: You may take 2 less damage from one hit.
        abilities:
          - {type: replacement, on: damage, if: {target: $controller}, optional: true, effect: armor}
      - id: ward
        name: Ward
        text: Damage to you is halved, rounded down.
        abilities:
          - {type: replacement, on: damage, if: {target: $controller}, effect: ward}
      - id: curse
        name: Curse
        text: Damage to you is one more.
        abilities:
          - {type: replacement, on: damage, if: {target: $controller}, effect: curse}
      - id: rage
        name: Rage
        text: When you are dealt damage, gain a rage counter.
        abilities:
          - {type: trigger, on: damage, if: {target: $controller}, effect: rage}
      - id: negate
        name: Negate
        text: Cancel the effect this answers.
        quantity: 2
        abilities:
          - {type: action, window: counter, effect: negate, zone: hand}
      - id: token
        name: Token
        text: A token to sacrifice.
        quantity: 4
""")


class Dragonflame(Effect):
    def label(self, ctx, use):
        return "Dragonflame"

    def apply(self, ctx, use):
        ev = ctx.do("damage", target=ctx.next_player(use.controller), amount=use.args["damage"])
        return ctx.wait("sacrifice", say=f"{use.controller}'s Dragonflame deals damage.") \
            if ev is PENDING else self.sacrifice(ctx, use, ())

    def sacrifice(self, ctx, use, ids):
        tokens = ctx.zone(f"{use.controller}/table")
        if not tokens:
            return self.grow(ctx, use, ())
        opts = [Option(f"token:{u}", f"Sacrifice {u}") for u in tokens]
        return ctx.ask(Decision(use.controller, "Sacrifice a token", opts, kind="sacrifice"),
                       then="sacrificed", name="Sacrifice a token",
                       say=f"{use.controller} must now sacrifice a token.")

    def sacrificed(self, ctx, use, ids):
        uid = ids[0].split(":", 1)[1]
        use.data["sacrificed"] = uid
        ctx.move(uid, "discard")
        return self.grow(ctx, use, ids)

    def grow(self, ctx, use, ids):
        ctx.do("counter", player=use.controller, key="xp", add=1)
        gone = use.data.get("sacrificed")
        return Say(f"{use.controller} sacrifices {gone} and gains 1 experience." if gone
                   else f"{use.controller} gains 1 experience.")


class Armor(Effect):
    def label(self, ctx, use):
        return f"take {max(use.event['amount'] - 2, 0)} damage (Armor)"

    def replace(self, ctx, use):
        return {**use.event, "amount": max(use.event["amount"] - 2, 0)}


class Ward(Effect):
    def label(self, ctx, use):
        return "Ward (halve)"

    def replace(self, ctx, use):
        return {**use.event, "amount": use.event["amount"] // 2}


class Curse(Effect):
    def label(self, ctx, use):
        return "Curse (+1)"

    def replace(self, ctx, use):
        return {**use.event, "amount": use.event["amount"] + 1}


class Rage(Effect):
    def apply(self, ctx, use):
        ctx.do("counter", player=use.controller, key="rage", add=1)
        return f"{use.controller} rages."


class Negate(Effect):
    def label(self, ctx, use):
        return "Negate"

    def check(self, ctx, use):
        if not ctx.zone_of(use.source).endswith("/hand"):
            return "not in your hand"
        if ctx.counter(use.controller, "hp") < 2:
            return Reason("a duelist with less than 2 hit points cannot negate", rule="DUEL-WEAK")
        return None

    def respond(self, ctx, use):
        ctx.move(use.source, f"{use.controller}/played")
        return f"{use.controller} answers with {use.source}."

    def apply(self, ctx, use):
        gone = ctx.cancel_answered(use)
        top = use.data.get("_discarded")
        if top:
            return f"{use.source} resolves alone; {', '.join(top)} are discarded."
        return f"{use.source} cancels {gone['label'] if gone else 'nothing'}."


def damage(ctx: Ctx, ev: dict):
    ctx.do("counter", player=ev["target"], key="hp", add=-ev["amount"])
    return f"{ev['target']} takes {ev['amount']} damage."


def ask_act(ctx: Ctx):
    p = ctx.player
    uses = ctx.actions("act", p)
    opts = [Option(f"cast:{u.source}", "Cast Dragonflame") for u in uses]
    return Decision(p, "Act", opts + [Option("pass", "Pass")], kind="act")


def resolve_act(ctx: Ctx, ids):
    p = ctx.player
    if ids == ("pass",):
        return f"{p} passes."
    src = ids[0].split(":", 1)[1]
    ctx.start("dragonflame", source=src, controller=p, ability=0, now=False)
    ctx.open_window("counter", [q for q in ctx.players if q != p], label="Counters",
                    mode=ctx.state.options["chain"])
    return f"{p} casts Dragonflame."


class Duel(GameDef):
    id = "duel"
    title = "Duel"
    card_fields: dict = {}
    active_zone_kinds = frozenset({"table", "gear"})
    options = {"chain": OptionSpec(str, "cancel", "how a chain resolves", ("cancel", "top"))}
    effects = {"dragonflame": Dragonflame(), "armor": Armor(), "ward": Ward(), "curse": Curse(),
               "rage": Rage(), "negate": Negate()}
    procedures = {"damage": damage}

    def __init__(self, path: Path):
        self._path = path

    @property
    def cards(self):
        return load_cards(self._path, "duel", self.card_fields, frozenset(self.effects))

    def build_flow(self):
        return Sequence("Duel", show=False, children=[
            Loop("Rounds", ForEachPlayer("Turns", Ask("Act", ask_act, resolve_act, "Act or pass.", "Act")),
                 until=lambda ctx: ctx.count("Rounds") >= 3, label="Round {n}", level="round")])

    def create_table(self, ctx: Ctx) -> None:
        st = ctx.state
        st.add_zone("box", None, "public")
        st.add_zone("discard", None, "public")
        for p in st.player_names:
            for z, vis in (("table", "public"), ("gear", "public"), ("hand", "owner"), ("played", "public")):
                st.add_zone(f"{p}/{z}", p, vis, kind=z)
            st.player(p)["hp"] = 10
        a, b = st.player_names[:2]
        st.add_card("flame", "flame", f"{a}/gear")
        st.add_card("token#1", "token", f"{a}/table")
        st.add_card("token#2", "token", f"{a}/table")
        st.add_card("token#3", "token", "box")
        st.add_card("token#4", "token", "box")
        st.add_card("armor", "armor", f"{b}/gear")
        st.add_card("rage", "rage", f"{b}/gear")
        st.add_card("ward", "ward", "box")
        st.add_card("curse", "curse", "box")
        st.add_card("negate#1", "negate", f"{b}/hand")
        st.add_card("negate#2", "negate", f"{a}/hand")

    def check_state(self, ctx: Ctx, event: dict) -> None:
        for p in ctx.players:
            if ctx.counter(p, "hp") <= 0:
                winners = [q for q in ctx.players if q != p]
                ctx.end_game("knocked_out", f"{p} has no hit points left", winners)
                return

    def result(self, ctx: Ctx) -> Result:
        hp = {p: ctx.counter(p, "hp") for p in ctx.players}
        best = max(hp.values())
        return Result([p for p, v in hp.items() if v == best], hp, "most hit points", "time")


@pytest.fixture
def duel(tmp_path):
    path = tmp_path / "duel.yaml"
    path.write_text(CARDS, encoding="utf-8")
    return Duel(path)


def cast(duel, **opts):
    g = make_game(duel, ["Ana", "Bo"], seed=3, options=opts)
    g.choose("cast:flame")
    return g


# 1. One shape for effects ---------------------------------------------------------------

def test_effect_one_shape_asks_while_it_resolves(duel):
    g = cast(duel)
    g.choose("pass")                       # Bo does not counter
    assert g.pending is None and g.stack_depth == 1
    rec = g.step()                         # Dragonflame starts: the damage must ask (Armor)
    assert rec.path[-1] == "Dragonflame" and "deals damage" in rec.text
    d = g.pending
    assert d.player == "Bo" and d.kind == "replacement"
    assert [o.id for o in d.options] == ["replace:armor:0", "decline"]
    assert g.path[-1] == "Damage" and g.stack_depth == 2
    rec = g.choose("replace:armor:0")      # the core offered the optional replacement
    assert rec.text == "Bo uses take 1 damage (Armor). Bo takes 1 damage."
    assert g.state.player("Bo")["hp"] == 9
    assert g.state.triggers, "Rage waits: Dragonflame is still part-way through"
    rec = g.step()                         # Dragonflame goes on after the event: the sacrifice
    assert "must now sacrifice" in rec.text
    assert g.path == ("Round 1", "Ana's turn", "Dragonflame", "Sacrifice a token")
    rec = g.choose("token:token#2")
    assert rec.text == "Ana sacrifices token#2 and gains 1 experience."
    assert rec.path[-2:] == ("Dragonflame", "Sacrifice a token")
    assert g.state.player("Ana")["xp"] == 1 and g.stack_depth == 0
    rec = g.step()                         # only now does Rage resolve
    assert rec.text == "Bo rages." and rec.path[-1] == "Rage triggers"


def test_effect_one_shape_only_effects_in_gamedef(duel, tmp_path):
    class Bad(Duel):
        effects = {**Duel.effects, "old": lambda ctx, use: "x"}
    with pytest.raises(tablekit.TablekitError, match="must be an Effect"):
        GameDef.cards.func(Bad(duel._path))


# 2. The resolution stack ---------------------------------------------------------------

def at_sacrifice(duel):
    g = cast(duel)
    g.choose("pass")
    g.step()
    g.choose("decline")
    g.step()
    assert g.pending.kind == "sacrifice"
    return g


def test_resolution_stack_timeline_inside_a_resolution(duel):
    g = at_sacrifice(duel)
    n = len(g.history)
    frame = g.stack[-1]
    assert frame["fx"] == "dragonflame" and frame["src"] == "flame" and frame["ctl"] == "Ana"
    before = g.state.to_json()
    g.undo()
    assert g.pending is None and g.stack_depth == 1   # back before the sacrifice was asked
    g.redo()
    assert g.state.to_json() == before and g.pending.kind == "sacrifice"
    g.goto(2)
    g.goto(n)
    assert g.state.to_json() == before
    data = json.loads(g.save())
    assert data["format_version"] == 3
    # a seat's view keeps only what each frame is, not its picks or its event
    v = g.view("Bo")
    assert v["cursor"][-1] == {"fx": "dragonflame", "label": "Dragonflame", "ctl": "Ana", "st": "ask"}


def test_resolution_stack_save_and_load_in_the_middle(duel, monkeypatch):
    monkeypatch.setattr(tablekit, "registry", lambda: {"duel": duel})
    g = at_sacrifice(duel)
    g2 = tablekit.load(g.save())
    assert g2.state == g.state and g2.pending.kind == "sacrifice"
    assert g2.path == g.path
    g2.choose("token:token#1")
    assert g2.state.player("Ana")["xp"] == 1


def test_resolution_stack_starts_from_a_hand_built_position(duel):
    g = make_game(duel, ["Ana", "Bo"], seed=3)
    g.arrange(at=["Rounds", "Turns", "Act"], turn="Ana",
              stack=[{"effect": "dragonflame", "source": "flame", "controller": "Ana"}])
    assert g.stack_depth == 1 and g.pending is None
    g.step()
    assert g.pending.kind == "replacement"
    with pytest.raises(tablekit.TablekitError, match="no effect 'nope'"):
        g.arrange(at=["Rounds", "Turns", "Act"], stack=[{"effect": "nope"}])


def test_a_reason_carries_the_id_of_its_ruling(duel):
    assert Option("x", "X", False, Reason("why", rule="R-1")).rule == "R-1"
    assert Option("x", "X", False, Reason("why", rule="R-1"), rule="R-2").rule == "R-2"
    assert type(Option("x", "X", False, Reason("why")).reason) is str
    g = make_game(duel, ["Ana", "Bo"], seed=3)
    g.state.player("Bo")["hp"] = 1
    g.rebase()
    g.choose("cast:flame")
    o = g.pending.option("respond:negate#1:0")
    assert not o.legal and o.rule == "DUEL-WEAK"
    assert o.reason == "a duelist with less than 2 hit points cannot negate"


def test_resolution_stack_response_window_cancel_reading(duel):
    g = cast(duel)
    d = g.pending
    assert d.player == "Bo" and d.kind == "response"
    assert [o.id for o in d.options] == ["respond:negate#1:0", "pass"]
    rec = g.choose("respond:negate#1:0")
    assert rec.text == "Bo answers with negate#1."
    d = g.pending                           # the window opens again above the response
    assert d.player == "Ana" and "respond:negate#2:0" in d
    g.choose("respond:negate#2:0")
    assert g.pending.player == "Bo"
    assert [o.id for o in g.pending.options] == ["pass"]   # Bo's Negate is played: no answer left
    g.choose("pass")                        # Bo has nothing left: the chain resolves, last in first out
    r1 = g.step()
    assert r1.text == "negate#2 cancels Negate."
    r2 = g.step()                           # Bo's Negate is gone; Dragonflame resolves
    assert r2.path[-1] == "Dragonflame"
    assert g.pending.kind == "replacement"


def test_resolution_stack_response_window_top_reading(duel):
    g = cast(duel, chain="top")
    g.choose("respond:negate#1:0")
    g.choose("respond:negate#2:0")
    g.choose("pass")
    rec = g.step()                          # only the top frame resolves; the chain below is discarded
    assert rec.text == "negate#2 resolves alone; Dragonflame, Negate are discarded."
    assert g.stack_depth == 0 and g.state.player("Bo")["hp"] == 10


def test_the_same_game_replayed_under_the_other_reading(duel):
    """Game.with_rulings: the same start and the same choices, under another reading,
    as far as they go; where the two readings part, it says so."""
    def resolve(ctx: Ctx, ids):
        if ids == ("pass",):
            return f"{ctx.player} passes."
        ctx.start("dragonflame", source=ids[0].split(":", 1)[1], controller=ctx.player, ability=0, now=False)
        ctx.open_window("counter", [q for q in ctx.players if q != ctx.player], label="Counters",
                        mode=ctx.ruling("DUEL-CHAIN"))
        return f"{ctx.player} casts Dragonflame."

    class ChainDuel(type(duel)):
        ruling_variants = {"DUEL-CHAIN": {"cancel": "each answer cancels what it answers",
                                          "top": "only the last answer resolves"}}

        def build_flow(self):
            return Sequence("Duel", show=False, children=[
                Loop("Rounds", ForEachPlayer("Turns", Ask("Act", ask_act, resolve, "Act or pass.", "Act")),
                     until=lambda ctx: ctx.count("Rounds") >= 3, label="Round {n}", level="round")])

    g = make_game(ChainDuel(duel._path), ["Ana", "Bo"], seed=3)
    g.state.player("Bo")["hp"] = 9
    g.rebase()                                        # a hand-built start is kept too
    for ids in ("cast:flame", "respond:negate#1:0", "respond:negate#2:0", "pass"):
        g.choose(ids)
    g.step()
    g.step()
    assert g.pending.kind == "replacement"           # cancel: Dragonflame stands and asks for Bo's armor
    top, note = g.with_rulings({"DUEL-CHAIN": "top"})
    assert top.state.options["rulings"] == {"DUEL-CHAIN": "top"}
    assert g.state.options["rulings"] == {"DUEL-CHAIN": "cancel"} and len(g.history) == 6
    assert top.state.player("Bo")["hp"] == 9          # from the same start
    assert note == ("record 6: under this reading Bo must choose here (Act), where the other "
                    "reading went on by itself")            # only the top resolved: Bo's turn is next
    assert top.history[-1].text == "negate#2 resolves alone; Dragonflame, Negate are discarded."
    assert [r.choice for r in top.history if r.kind == "choice"] == [
        ("cast:flame",), ("respond:negate#1:0",), ("respond:negate#2:0",), ("pass",)]
    back, none = top.with_rulings({"DUEL-CHAIN": "cancel"})
    assert none is None and len(back.history) == 5 and back.history[-1].text == "negate#2 cancels Negate."
    with pytest.raises(tablekit.TablekitError, match="DUEL-CHAIN"):
        g.with_rulings({"DUEL-CHAIN": "sideways"})


# 3. Events that can ask ---------------------------------------------------------------

def test_events_that_ask_order_of_mandatory_replacements(duel):
    g = make_game(duel, ["Ana", "Bo"], seed=3)
    g.state.move("armor", "box")
    g.state.move("ward", "Bo/gear")
    g.state.move("curse", "Bo/gear")
    g.rebase()
    g.choose("cast:flame")
    g.choose("pass")
    g.step()
    d = g.pending
    assert d.player == "Bo" and d.kind == "replacement-order"
    assert sorted(o.id for o in d.options) == ["first:curse:0", "first:ward:0"]
    g.choose("first:curse:0")               # (3 + 1) // 2 = 2; the other order gives 3 // 2 + 1 = 2 too
    assert g.state.player("Bo")["hp"] == 8
    g.undo()
    g.choose("first:ward:0")
    assert g.state.player("Bo")["hp"] == 8


def test_events_that_ask_stay_synchronous_otherwise(duel):
    g = make_game(duel, ["Ana", "Bo"], seed=3)
    ev = g.ctx.do("damage", target="Ana", amount=2)   # Ana has no armor: applied at once
    assert ev["amount"] == 2 and g.state.player("Ana")["hp"] == 8


def test_events_that_ask_batch_applies_all_before_triggers(duel):
    g = make_game(duel, ["Ana", "Bo"], seed=3)
    out = g.ctx.batch([{"type": "damage", "target": "Ana", "amount": 1},
                       {"type": "damage", "target": "Bo", "amount": 4},
                       {"type": "damage", "target": "Ana", "amount": 1}])
    assert out[0]["amount"] == 1 and out[1] is PENDING and out[2] is PENDING
    g._settle()
    assert g.pending.kind == "replacement"   # Bo's armor is offered; the last hit waits in the frame
    g.choose("decline")
    assert g.state.player("Ana")["hp"] == 8 and g.state.player("Bo")["hp"] == 6
    assert len(g.state.triggers) == 1        # Rage, once the whole batch is applied


# 4. State checks and the end of the game -------------------------------------------------

def test_check_state_and_end_game_at_once(duel):
    g = make_game(duel, ["Ana", "Bo"], seed=3)
    g.state.player("Bo")["hp"] = 3
    g.rebase()
    g.choose("cast:flame")
    g.choose("pass")
    g.step()
    rec = g.choose("decline")               # 3 damage: Bo is knocked out in the middle of Dragonflame
    assert g.is_over and g.result.ending == "knocked_out" and g.result.winners == ["Ana"]
    assert "The game is over: Bo has no hit points left" in rec.text
    assert g.state.cursor == [] and g.state.triggers == []   # Rage and the sacrifice are dropped
    with pytest.raises(tablekit.GameOver):
        g.step()


def test_check_state_flow_end_gives_an_ending(duel):
    g = make_game(duel, ["Ana", "Bo"], seed=3)
    g.run(bots="random")
    assert g.is_over and g.result.ending in ("time", "knocked_out")


def test_declared_endings_are_checked_and_have_words(duel):
    duel.endings = {"knocked_out": "a player lost every hit point", "time": "the third round ended"}
    assert duel.ending_words("time") == "the third round ended"
    assert duel.ending_words("unfinished")   # always allowed, with words of the core
    g = make_game(duel, ["Ana", "Bo"], seed=3)
    g.run(bots="random")
    assert g.result.ending in duel.endings
    duel.endings = {"knocked_out": "a player lost every hit point"}   # "time" is not declared
    g = make_game(duel, ["Ana", "Bo"], seed=3)
    g.state.player("Bo")["hp"] = 30
    g.state.player("Ana")["hp"] = 30
    g.rebase()
    with pytest.raises(tablekit.TablekitError, match="ending 'time' is not one of the game's endings"):
        g.run(bots="random")


# 5. Layering ----------------------------------------------------------------------------

def test_layering_games_are_entry_points():
    import tomllib
    from importlib.metadata import entry_points

    names = sorted(e.name for e in entry_points(group="tablekit.games"))
    declared = tomllib.loads((Path(__file__).resolve().parent.parent / "pyproject.toml").read_text())
    assert names == sorted(declared["project"]["entry-points"]["tablekit.games"])  # a sixth game adds its line
    assert len(names) >= 5
    assert sorted(tablekit.games()) == names
    shows = [e.value for e in entry_points(group="tablekit.display")]
    assert shows == ["tablekit.widgets:display_game"]


def test_layering_playing_imports_no_widget_module():
    import subprocess
    import sys
    code = ("import sys, tablekit\n"
            "for gid in tablekit.games():\n"
            "    n = min(3, tablekit.game_info(gid).max_players)\n"
            "    g = tablekit.new_game(gid, players=n, seed=1); g.run(bots='random')\n"
            "    tablekit.load(g.save())\n"
            "bad = sorted(m for m in sys.modules if m.startswith(('tablekit.widgets', 'ipywidgets')))\n"
            "assert not bad, bad\n")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_layering_core_never_imports_widgets():
    core = Path(tablekit.__file__).parent / "core"
    for f in core.glob("*.py"):
        assert "widgets" not in f.read_text(encoding="utf-8").replace("tablekit.display", ""), f.name


# order rules: an automatic rule before the next trigger ---------------------------------

def test_order_rule_runs_as_a_step_of_its_own(duel):
    class Ordered(Duel):
        def order_triggers(self, ctx, triggers):
            if not ctx.extra.get("ranked"):
                return OrderRule("Rank", lambda c: (c.extra.__setitem__("ranked", True), "Ranked.")[1])
            return 0
    g = make_game(Ordered(duel._path), ["Ana", "Bo"], seed=3)
    g.state.move("armor", "box")
    g.rebase()
    g.choose("cast:flame")
    g.choose("pass")
    g.step()                                # no armor: the damage is applied at once, then the sacrifice
    g.choose("token:token#1")
    rec = g.step()
    assert rec.text == "Ranked." and rec.path[-1] == "Rank"
    assert g.step().text == "Bo rages."


def test_ask_node_is_unchanged(duel):
    assert isinstance(duel.flow.find(["Rounds", "Turns", "Act"]), Ask)


def test_a_loop_whose_every_pass_is_skipped_is_an_error_not_a_hang(duel):
    """A hand-made position where every player's turn is skipped and the loop never
    ends (a corrupted save, a broken scenario) raises instead of hanging."""
    class Stuck(type(duel)):
        def build_flow(self):
            return Sequence("Duel", show=False, children=[
                Loop("Rounds", ForEachPlayer("Turns", Ask("Act", ask_act, resolve_act, "Act or pass.", "Act"),
                                             skip=lambda ctx, p: True),
                     until=lambda ctx: False, label="Round {n}", level="round")])

    with pytest.raises(tablekit.TablekitError, match="can never go on"):
        make_game(Stuck(duel._path), ["Ana", "Bo"], seed=3).step()


# 6. Options that map seats to values; sample cards; a game's own word on player counts --

class SeatedDuel(Duel):
    options = {**Duel.options,
               "weapons": OptionSpec(dict, {}, "each seat's weapon", ("sword", "bow"))}
    min_players = 2

    def check_players(self, n, variant):
        if n == 1:
            return "Duel needs two duellists: play both seats yourself with players=2"
        return super().check_players(n, variant)


def test_a_seat_mapping_option_is_checked_and_read_from_text(tmp_path):
    path = tmp_path / "duel.yaml"
    path.write_text(CARDS, encoding="utf-8")
    duel = SeatedDuel(path)
    g = make_game(duel, ["Ana", "Bo"], seed=1, options={"weapons": {"Ana": "bow"}})
    assert g.state.options["weapons"] == {"Ana": "bow"}
    g = make_game(duel, ["Ana", "Bo"], seed=1, options={"weapons": "Ana:sword, Bo:bow"})
    assert g.state.options["weapons"] == {"Ana": "sword", "Bo": "bow"}
    for bad, words in (({"Cy": "bow"}, "'Cy', who is not a seat"),
                       ({"Ana": "axe"}, "Ana's value must be one of sword, bow"),
                       ("Ana=bow", "written seat:value"), (3, "maps seats to values")):
        with pytest.raises(tablekit.SetupError, match=words):
            make_game(duel, ["Ana", "Bo"], seed=1, options={"weapons": bad})
    from tablekit.core.schemas import scenario_game_schema
    prop = scenario_game_schema(duel)["properties"]["options"]["properties"]["weapons"]
    assert prop["type"] == "object" and prop["additionalProperties"] == {"enum": ["sword", "bow"]}


def test_a_refused_player_count_says_what_the_game_says(tmp_path):
    path = tmp_path / "duel.yaml"
    path.write_text(CARDS, encoding="utf-8")
    with pytest.raises(tablekit.SetupError, match="play both seats yourself with players=2"):
        make_game(SeatedDuel(path), 1, seed=1)
    with pytest.raises(tablekit.SetupError, match="is for 2 to 4 players, not 5"):
        make_game(SeatedDuel(path), 5, seed=1)


def test_a_test_only_card_is_marked(tmp_path):
    path = tmp_path / "duel.yaml"
    path.write_text(CARDS.replace("    quantity: 4\n", "    quantity: 4\n    test_only: true\n"),
                    encoding="utf-8")
    duel = Duel(path)
    assert duel.cards["token"].test_only and not duel.cards["flame"].test_only
    g = make_game(duel, ["Ana", "Bo"], seed=1)
    assert "test only" in duel.describe_card(g.ctx, "token#1")[1]
    assert "test only" not in duel.describe_card(g.ctx, "flame")[1]


# The default seat count --------------------------------------------------------------------

def test_a_game_declares_its_default_player_count(duel):
    assert make_game(duel, seed=3).players == ["P1", "P2"]      # GameDef.default_players is 2

    class ManyDuel(type(duel)):
        max_players = 3
        default_players = 3

    assert make_game(ManyDuel(duel._path), seed=3).players == ["P1", "P2", "P3"]
    assert make_game(ManyDuel(duel._path), ["Ana", "Bo"], seed=3).players == ["Ana", "Bo"]

    class TooFew(type(duel)):
        default_players = 1                                       # below min_players: refused like any count

    with pytest.raises(tablekit.SetupError, match="2 to 4 players, not 1"):
        make_game(TooFew(duel._path), seed=3)


def test_a_game_is_imported_only_when_it_is_played():
    """Listing the games imports none of them; playing one imports that game's modules
    only (the registry loads an entry point when its game is first asked for)."""
    import subprocess
    import sys

    first = sorted(tablekit.games())[0]
    code = ("import sys, tablekit\n"
            "names = tablekit.games()\n"
            "before = {m.split('.')[2] for m in sys.modules if m.startswith('tablekit.games.')}\n"
            f"tablekit.new_game({first!r}, seed=1).run(until='end', bots='random', max_records=200)\n"
            "after = {m.split('.')[2] for m in sys.modules if m.startswith('tablekit.games.')}\n"
            "print(sorted(before), sorted(after))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert out.stdout.split("\n")[0] == f"[] [{first!r}]", out.stdout + out.stderr
