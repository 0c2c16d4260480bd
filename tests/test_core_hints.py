"""The core's hint hook (`GameDef.hint`) and zone header words
(`GameDef.describe_zone`) on a toy game made up for the test: a decision built
without a hint gets the game's, computed from the position when the engine
builds it; a decision with a hint of its own keeps it; a zone's header shows
what the game says of that zone."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from tablekit.core import Ask, Ctx, Decision, GameDef, Loop, Option, Result, Say, Sequence
from tablekit.core.cards import load_cards
from tablekit.core.engine import make_game

CARDS = textwrap.dedent("""\
    format_version: 1
    game: hinted
    cards:
      - id: coin
        name: Coin
        text: One coin.
        quantity: 3
    """)


def ask_take(ctx: Ctx) -> Decision:
    opts = [Option("take", "Take a coin", bool(ctx.zone("pot")), "the pot is empty"), Option("stop", "Stop")]
    return Decision(ctx.players[0], "Take a coin?", opts, kind="take")


def ask_stop(ctx: Ctx) -> Decision:
    return Decision(ctx.players[0], "Stop now?", [Option("stop", "Stop")], kind="stop", hint="Nothing is left.")


def took(ctx: Ctx, ids: tuple[str, ...]) -> Say:
    if ids == ("take",):
        ctx.move(ctx.zone("pot")[-1], "purse")
        ctx.extra["taken"] = ctx.extra.get("taken", 0) + 1
    return Say(f"{ctx.players[0]} answers {ids[0]}.", rule="Take")


class Hinted(GameDef):
    id = "hinted"
    title = "Hinted"
    min_players = 1
    max_players = 1
    asked: list[str]

    def __init__(self, path: Path):
        self._path = path
        self.asked = []

    @property
    def cards(self):
        return load_cards(self._path, "hinted", {}, frozenset())

    def build_flow(self):
        takes = Loop("Takes", Ask("Take", ask_take, took, "Take coins one by one.", "Take"),
                     until=lambda ctx: ctx.extra.get("taken", 0) >= 2, label="Take {n}")
        return Sequence("Hinted", show=False, children=[
            takes, Ask("Stop", ask_stop, took, "Stop at the end.", "Take")])

    def create_table(self, ctx: Ctx) -> None:
        ctx.state.add_zone("pot", None, "public")
        ctx.state.add_zone("purse", None, "public")
        for n in range(1, 4):
            ctx.state.add_card(f"coin#{n}", "coin", "pot")

    def hint(self, ctx: Ctx, decision: Decision) -> str:
        self.asked.append(decision.kind)
        left = len(ctx.zone("pot"))
        return f"{left} coin{'' if left == 1 else 's'} in the pot." if decision.kind == "take" else "unused"

    def describe_zone(self, ctx: Ctx, zone: str) -> str:
        n = len(ctx.zone("purse"))
        return f"{n} coin{'' if n == 1 else 's'} saved" if zone == "purse" else ""

    def result(self, ctx: Ctx) -> Result:
        return Result(ctx.players, {}, "the coins are taken", "end")


@pytest.fixture
def hinted(tmp_path: Path) -> Hinted:
    path = tmp_path / "hinted.yaml"
    path.write_text(CARDS, encoding="utf-8")
    return Hinted(path)


def test_a_decision_without_a_hint_gets_the_games_computed_from_the_position(hinted: Hinted):
    g = make_game(hinted, ["Ana"], seed=1)
    assert g.pending.kind == "take" and g.pending.hint == "3 coins in the pot."
    assert g.pending.hint == "3 coins in the pot." and hinted.asked == ["take"]  # asked once per decision
    g.choose("take")
    assert g.pending.hint == "2 coins in the pot." and hinted.asked == ["take", "take"]
    assert g.pending.to_dict()["hint"] == "2 coins in the pot."


def test_a_decision_with_its_own_hint_keeps_it(hinted: Hinted):
    g = make_game(hinted, ["Ana"], seed=1)
    g.choose("take")
    g.choose("take")
    assert g.pending.kind == "stop" and g.pending.hint == "Nothing is left."
    assert hinted.asked == ["take", "take"]


def test_undo_builds_the_decision_again_with_the_hint_of_that_position(hinted: Hinted):
    g = make_game(hinted, ["Ana"], seed=1)
    g.choose("take")
    g.undo()
    assert g.pending.hint == "3 coins in the pot."


def test_the_default_hook_adds_no_hint(tmp_path: Path):
    class Plain(Hinted):
        def hint(self, ctx: Ctx, decision: Decision) -> str:
            return GameDef.hint(self, ctx, decision)

    path = tmp_path / "hinted.yaml"
    path.write_text(CARDS, encoding="utf-8")
    g = make_game(Plain(path), ["Ana"], seed=1)
    assert g.pending.kind == "take" and g.pending.hint == ""


def test_a_zone_header_shows_the_games_words_about_that_zone(hinted: Hinted):
    from tablekit.widgets.boardmodel import board_model

    g = make_game(hinted, ["Ana"], seed=1)
    g.choose("take")
    zones = {z["id"]: z for z in board_model(g, "Ana")["zones"]}
    assert zones["purse"]["count"] == 1 and zones["purse"]["about"] == "1 coin saved"
    assert zones["pot"]["about"] == "" and GameDef.describe_zone(hinted, g.ctx, "purse") == ""
