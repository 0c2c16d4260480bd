"""The core's counters (tablekit/core/counters.py) on a toy game: a player counter,
a card counter limited to a kind, a table counter and a worked-out one, read from
a seat's view, so a hidden card's number is never read."""

from __future__ import annotations

from pathlib import Path

import pytest
from token_toy import TokenToy

from tablekit.core import Ctx, Say, Sequence
from tablekit.core.counters import Counter, counter_problem, counters_by_place, shown_cards, zone_kind_of
from tablekit.core.engine import make_game
from tablekit.widgets.boardmodel import board_model


def gems_in_vault(view, owner, defs):
    """How many cards lie in the owner's vault (hidden ones too: a count is public)."""
    return len(view["zones"].get(f"{owner}/vault", [])) if owner else None


COUNTERS = (
    Counter("life", "Life", "points left before the player is out", where="player", low=0, high=20, icon="♥"),
    Counter("damage", "Damage", "damage on a creature", where="card", kinds=("creature",)),
    Counter("round", "Round", "the round being played", where="table", low=1),
    Counter("vault", "Vault", "cards in the player's vault", where="player", value=gems_in_vault),
)


class CounterToy(TokenToy):
    id = "countertoy"
    title = "Counter toy"
    counters = COUNTERS

    def create_table(self, ctx: Ctx) -> None:
        st = ctx.state
        st.add_zone("box", None, "public")
        for p in ctx.players:
            st.add_zone(f"{p}/hand", p, "owner")
            st.add_zone(f"{p}/vault", p, "hidden")
        st.add_card("wolf", "wolf", "A/hand")
        st.add_card("gem", "gem", "B/vault")
        st.add_card("bear", "bear", "box")
        st.cards["wolf"]["damage"] = 2
        st.cards["bear"]["damage"] = 1
        st.cards["gem"]["damage"] = 5  # hidden: never read
        st.extra["round"] = 3
        for row in st.players:
            row["life"] = 20 if row["name"] == "A" else 7

    def build_flow(self):
        return Sequence("Game", [Say("End", "The toy ends.", lambda ctx: "The toy ends.")])


def toy(tmp_path: Path) -> CounterToy:
    card_file = tmp_path / "countertoy.yaml"
    card_file.write_text("format_version: 1\ngame: countertoy\ncards:\n"
                         "  - {id: wolf, name: Wolf, kind: creature, text: A wolf.}\n"
                         "  - {id: bear, name: Bear, kind: beast, text: A bear.}\n"
                         "  - {id: gem, name: Gem, kind: creature, text: A gem.}\n", encoding="utf-8")
    return CounterToy(card_file)


def test_counters_are_read_from_a_seats_view(tmp_path):
    g = make_game(toy(tmp_path), ["A", "B"], seed=1)
    life, damage, round_, vault = COUNTERS
    a, b, spectator = g.view("A"), g.view("B"), g.view(None)
    assert life.read(a, "A", g.defs) == 20 and life.read(a, "B", g.defs) == 7
    assert damage.read(a, "wolf", g.defs) == 2          # A sees the wolf in A's hand
    assert damage.read(b, "wolf", g.defs) is None       # B does not
    assert damage.read(a, "bear", g.defs) is None       # a beast: not a creature
    assert damage.read(a, "gem", g.defs) is None        # hidden in B's vault, even from B
    assert damage.read(b, "gem", g.defs) is None
    assert round_.read(spectator, None, g.defs) == 3
    assert vault.read(a, "B", g.defs) == 1 and vault.read(a, "A", g.defs) == 0


def test_the_board_model_shows_each_counter_where_it_belongs(tmp_path):
    g = make_game(toy(tmp_path), ["A", "B"], seed=1)
    model = board_model(g, "A")
    players = {p["name"]: {t["key"]: t["value"] for t in p["counters"]} for p in model["players"]}
    assert players == {"A": {"life": 20, "vault": 0}, "B": {"life": 7, "vault": 1}}
    assert model["table"] == [{"key": "round", "name": "Round", "value": 3, "icon": "",
                               "meaning": "the round being played"}]
    assert model["cards"]["wolf"]["counters"][0]["value"] == 2
    assert "gem" not in model["cards"] and "gem" not in str(model)
    assert board_model(g, "B")["cards"].get("wolf") is None


def test_a_counter_says_its_domain_and_refuses_a_bad_declaration():
    assert COUNTERS[0].domain() == "0 to 20"
    assert COUNTERS[2].domain() == "1 or more"
    assert Counter("x", "X", "any", low=None).domain() == "any number"
    assert Counter("x", "X", "any", low=None, high=3).domain() == "at most 3"
    assert COUNTERS[0].describe()["domain"] == "0 to 20"
    with pytest.raises(ValueError, match="where"):
        Counter("x", "X", "a meaning", where="hand")
    with pytest.raises(ValueError, match="meaning"):
        Counter("x", "X", "")
    with pytest.raises(ValueError, match="card kinds"):
        Counter("x", "X", "a meaning", where="player", kinds=("creature",))
    assert list(counters_by_place(COUNTERS)) == ["player", "card", "table"]
    assert [c.key for c in counters_by_place(COUNTERS)["player"]] == ["life", "vault"]


def test_the_view_helpers_see_only_what_the_view_shows(tmp_path):
    g = make_game(toy(tmp_path), ["A", "B"], seed=1)
    a = g.view("A")
    assert [(u, d.id) for u, _cs, d in shown_cards(a, "A/hand", g.defs)] == [("wolf", "wolf")]
    assert shown_cards(g.view("B"), "A/hand", g.defs) == []   # a placeholder is left out
    assert shown_cards(a, "B/vault", g.defs) == []
    assert shown_cards(a, "nowhere", g.defs) is None
    g.state.zone_info["box"]["kind"] = "box"
    assert zone_kind_of(g.view("A"), "bear") == "box"
    assert zone_kind_of(a, "gem") is None                     # hidden: not in the view
    assert zone_kind_of(a, None) is None


def test_a_value_that_is_not_a_number_shows_no_token():
    flag = Counter("ready", "Ready", "whether it is ready", where="table")
    assert flag.read({"extra": {"ready": True}}, None, {}) is None
    assert flag.read({"extra": {"ready": "yes"}}, None, {}) is None
    assert flag.read({"extra": {"ready": 2.5}}, None, {}) == 2.5


def test_a_settable_counter_is_the_one_range_of_its_number_wherever_it_is_set(tmp_path):
    """counter_problem: a scenario's setup, a save's players, card states and table state
    all take a number's range from the game's counter of that key and place."""
    assert counter_problem(COUNTERS, "player", "life", 21) == "Life is 0 to 20, not 21"
    assert counter_problem(COUNTERS, "player", "life", 20) is None
    assert counter_problem(COUNTERS, "card", "damage", -1) == "Damage is 0 or more, not -1"
    assert counter_problem(COUNTERS, "table", "round", 0) == "Round is 1 or more, not 0"
    assert "a number" in counter_problem(COUNTERS, "player", "life", float("nan"))
    assert counter_problem(COUNTERS, "player", "vault", -3) is None  # worked out, so never set
    assert counter_problem(COUNTERS, "card", "life", -3) is None  # life is a player's, not a card's
    assert counter_problem(COUNTERS, "player", "gold", -3) is None  # no counter declared
    game = toy(tmp_path)
    assert game.player_value_problem("life", 21) == "Life is 0 to 20, not 21"
    assert game.player_value_problem("gold", "x") == "'gold' is a number, not 'x'"
    assert game.player_value_problem("gold", 7) is None


class TurnToy(CounterToy):
    """The toy with this turn's data: a player counter and a card counter kept as
    position fields, declared once as counters."""

    id = "countertoy"
    per_turn = {"moves": 2, "rolled": False}
    per_turn_meanings = {"rolled": "the player has rolled the die this turn"}
    card_state_keys = {"tapped": ((bool,), "the creature is tapped")}
    counters = COUNTERS + (
        Counter("moves", "Moves", "moves the player may still make this turn", where="player", low=0, high=3,
                field="this_turn.moves"),
        Counter("charge", "Charge", "charge on a creature", where="card", low=0, high=4, kinds=("creature",)),
    )


def test_a_counter_is_the_declaration_of_the_position_field_it_is_kept_in(tmp_path):
    """One declaration: a counter kept in this turn's data (`field`) or as a card's state
    key gives that field its meaning in the docs and the schema, and its range wherever a
    position sets it; it shows on the panel of the player whose turn it is."""
    toy(tmp_path)
    game = TurnToy(tmp_path / "countertoy.yaml")
    moves = game.counters[-2]
    assert moves.settable and moves.data_key == ("this_turn", "moves")
    assert game.turn_fields() == {"moves": "moves the player may still make this turn",
                                  "rolled": "the player has rolled the die this turn"}
    assert game.card_state_fields() == {"tapped": ((bool,), "the creature is tapped"),
                                        "charge": ((int,), "charge on a creature")}
    assert "Moves is 0 to 3, not 5" in game.extra_problem("_this_turn", {"moves": 5}, ["A", "B"])
    assert game.extra_problem("_this_turn", {"moves": 3, "rolled": True}, ["A", "B"]) is None
    g = make_game(game, ["A", "B"], seed=1)
    g.state.turn = "A"
    g.state.extra["_this_turn"] = {"moves": 1, "rolled": False}
    view = g.view("B")
    assert moves.read(view, "A", g.defs) == 1 and moves.read(view, "B", g.defs) is None
    from tablekit.core.schemas import scenario_game_schema
    schema = scenario_game_schema(game)
    text = str(schema)
    assert "'minimum': 0, 'maximum': 3" in text and "moves the player may still make this turn" in text
    assert "charge on a creature" in text


def test_a_field_declared_twice_or_kept_nowhere_is_refused(tmp_path):
    toy(tmp_path)

    class Twice(TurnToy):
        per_turn_meanings = {"moves": "moves left", "rolled": "rolled"}
        card_state_keys = {"charge": ((int,), "charge")}

    game = Twice(tmp_path / "countertoy.yaml")
    with pytest.raises(Exception, match="declared twice"):
        game.turn_fields()
    with pytest.raises(Exception, match="declared twice"):
        game.card_state_fields()

    class Nowhere(TurnToy):
        per_turn = {"rolled": False}

    with pytest.raises(Exception, match="does not hold"):
        Nowhere(tmp_path / "countertoy.yaml").turn_fields()
    with pytest.raises(ValueError, match="field is"):
        Counter("x", "X", "a meaning", field="this_game.x")
    with pytest.raises(ValueError, match="kept on its card"):
        Counter("x", "X", "a meaning", where="card", field="this_turn.x")
