"""The core's modifier scope `attached`, on a toy game made up for the test: a
card lying on another (its state's `attached_to`) changes that card's numbers,
a modifier's `if` reads the card whose number it is (`card.`) or any card an
event names (`enemy.`), and `$attached` in a trigger's condition stands for
the card the ability's card lies on."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from tablekit.core import Effect, GameDef, Result, Sequence, Step
from tablekit.core.cards import load_cards
from tablekit.core.conditions import matches
from tablekit.core.engine import make_game
from tablekit.core.errors import CardFileError

CARDS = textwrap.dedent("""\
    format_version: 1
    game: toyattach
    cards:
      - id: knight
        name: Knight
        traits: [Human]
        text: A knight.
      - id: dwarf
        name: Dwarf
        traits: [Dwarf]
        text: A dwarf.
      - id: goblin
        name: Goblin
        traits: [Goblin]
        text: A goblin.
      - id: ring
        name: Ring
        text: The card it lies on gets +2 might.
        abilities: [{type: modifier, stat: might, add: 2, scope: attached}]
      - id: axe
        name: Axe
        text: The card it lies on gets +1 might, +2 if that card is a Dwarf.
        quantity: 2
        abilities:
          - {type: modifier, stat: might, add: 1, scope: attached}
          - {type: modifier, stat: might, add: 1, scope: attached, if: {card.traits: Dwarf}}
      - id: bane
        name: Goblin Bane
        text: +1 might to the card it lies on while that card strikes a Goblin; after it strikes, a cheer.
        abilities:
          - {type: modifier, stat: might, add: 1, scope: attached, if: {type: strike, enemy.traits: Goblin}}
          - {type: trigger, 'on': struck, if: {strikers: $attached}, effect: cheer}
      - id: chain
        name: Chain
        text: The card it lies on may not move.
        abilities: [{type: restriction, 'on': move, scope: attached, text: "The chain holds it"}]
""")


class Cheer(Effect):
    def apply(self, ctx, use):
        ctx.do("counter", player=use.controller, key="cheers", add=1)
        return f"{use.controller} cheers."


class ToyAttach(GameDef):
    id = "toyattach"
    title = "Toy attachments"
    min_players = 1
    max_players = 1
    active_zone_kinds = frozenset({"play", "gear"})
    effects = {"cheer": Cheer()}
    procedures = {"struck": lambda ctx, ev: None}

    def __init__(self, path: Path):
        self._path = path

    @property
    def cards(self):
        return load_cards(self._path, "toyattach", {}, frozenset(self.effects))

    def build_flow(self):
        return Sequence("Toy", show=False, children=[Step("Wait", lambda ctx: "Nothing.", "Nothing.", "Wait")])

    def create_table(self, ctx):
        st = ctx.state
        for z in ("play", "gear", "box"):
            st.add_zone(f"Ana/{z}", "Ana", "public", kind=z)
        for uid in ("knight", "dwarf", "goblin"):
            st.add_card(uid, uid, "Ana/play")
        for uid, card in (("ring", "ring"), ("axe#1", "axe"), ("axe#2", "axe"), ("bane", "bane"),
                          ("chain", "chain")):
            st.add_card(uid, card, "Ana/box")

    def result(self, ctx):
        return Result([], {}, "over", "unfinished")


@pytest.fixture
def game(tmp_path):
    path = tmp_path / "toyattach.yaml"
    path.write_text(CARDS, encoding="utf-8")
    g = make_game(ToyAttach(path), ["Ana"], seed=1)
    return g


def put_on(g, uid: str, host: str) -> None:
    g.ctx.move(uid, "Ana/gear", attached_to=host)


def test_attached_scope_changes_only_the_card_it_lies_on(game):
    ctx = game.ctx
    assert ctx.stat("might", 3, card="knight") == 3
    put_on(game, "ring", "knight")
    assert ctx.stat("might", 3, card="knight") == 5
    assert ctx.stat("might", 3, card="dwarf") == 3
    assert ctx.stat("might", 3) == 3                      # no card asked about: no attached modifier
    assert ctx.stat("might", 3, player="Ana") == 3         # not an owner-wide bonus either
    ctx.move("ring", "Ana/box")                            # off the knight (leaving a zone detaches it)
    assert "attached_to" not in ctx.card("ring") and ctx.stat("might", 3, card="knight") == 3


def test_attached_scope_works_only_in_an_active_zone(game):
    ctx = game.ctx
    ctx.move("ring", "Ana/box", attached_to="knight")     # in the box, not in play
    assert ctx.stat("might", 3, card="knight") == 3


def test_attached_if_reads_the_card_whose_number_it_is(game):
    ctx = game.ctx
    put_on(game, "axe#1", "knight")
    put_on(game, "axe#2", "dwarf")
    assert ctx.stat("might", 0, card="knight") == 1
    assert ctx.stat("might", 0, card="dwarf") == 2
    assert ctx.stat("might", 0, card="dwarf", event={"card": "knight"}) == 1   # the event names another card


def test_attached_if_reads_a_card_the_event_names(game):
    ctx = game.ctx
    put_on(game, "bane", "knight")
    assert ctx.stat("might", 2, card="knight", event={"type": "strike", "enemy": "goblin"}) == 3
    assert ctx.stat("might", 2, card="knight", event={"type": "strike", "enemy": "dwarf"}) == 2
    assert ctx.stat("might", 2, card="knight") == 2
    assert matches(ctx, {"enemy.traits": "Goblin"}, {"enemy": "goblin"}, None)
    assert not matches(ctx, {"enemy.traits": "Goblin"}, {"enemy": "not-a-card"}, None)


def test_attached_token_in_a_trigger_condition(game):
    ctx = game.ctx
    put_on(game, "bane", "knight")
    ctx.do("struck", strikers=["dwarf"])
    assert ctx.state.triggers == []
    ctx.do("struck", strikers=["knight", "dwarf"])
    assert [t["source"] for t in ctx.state.triggers] == ["bane"]
    assert matches(ctx, {"host": "$attached"}, {"host": "knight"}, "bane")
    assert not matches(ctx, {"host": "$attached"}, {"host": "knight"}, "ring")   # the ring lies on nothing


def test_attached_restriction(game):
    ctx = game.ctx
    put_on(game, "chain", "goblin")
    assert ctx.restricted("move", card="goblin") == "The chain holds it"
    assert ctx.restricted("move", card="knight") is None


def test_attached_scope_is_checked_in_the_card_file(tmp_path):
    path = tmp_path / "toyattach.yaml"
    path.write_text(CARDS.replace("scope: attached}]", "scope: attachd}]", 1), encoding="utf-8")
    with pytest.raises(CardFileError, match="attached"):
        _ = ToyAttach(path).cards
