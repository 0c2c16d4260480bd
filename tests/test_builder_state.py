"""The scenario builder edits every kind of card and player state the games keep:
each edit is made through the controls, saved as a scenario file (the download),
loaded back, and found again; a bad value is refused naming its field, and
changes nothing."""

from __future__ import annotations

import html

import pytest
from test_builder_lab import download_text, put

import tablekit
from tablekit.core.engine import Game
from tablekit.core.scenario import build, parse
from tablekit.widgets import ScenarioBuilder

GAIN = ("Rounds", "Round", "Resource phase", "Gain resources")
GIMLI_ATTACK = ('{"kind": "modifier", "until": "round", "text": "Gimli has +1 attack until the end of the round", '
                '"stat": "attack", "add": 1, "targets": ["gimli"]}')


def set_card(b: ScenarioBuilder, uid: str, key: str, text: str) -> None:
    """Set one card state key through the controls, as a reader does."""
    b.card.value = uid
    b.state_key.value = key
    b.state_value.value = text
    b.state_button.click()


def set_counter(b: ScenarioBuilder, player: str, key: str, text: str) -> None:
    b.counter_player.value = player
    b.counter_key.value = key
    b.counter_value.value = text
    b.counter_button.click()


def add_lasting(b: ScenarioBuilder, text: str) -> None:
    b.lasting_value.value = text
    b.lasting_add_button.click()


def saved_and_loaded(b: ScenarioBuilder) -> tuple[dict, Game]:
    """Press Save scenario; the file offered for download, and the game it loads as."""
    b.save_button.click()
    assert b.banner.value == "", b.banner.value
    data = parse(download_text(b.download.value), "built.yaml")
    game = build(data, "built.yaml")
    assert game.state == b.position().state, "the file loads as the position built"
    return data, game


def mirkwood() -> ScenarioBuilder:
    b = ScenarioBuilder("mirkwood", players=["Ana", "Bo"], seed=2, start="setup")
    b.start_node.value = GAIN
    b.turn.value = "Ana"
    return b


# -- each kind of state, set, saved, loaded, found --------------------------------------------------

def test_creatures_damage_and_attachment_round_trip():
    b = ScenarioBuilder("creatures", players=["Ana", "Bo"], seed=3)
    put(b, "9C", "Ana/monsters")
    put(b, "4S", "Ana/monsters")
    set_card(b, "9C", "damage", "5")
    set_card(b, "4S", "attached_to", "9C")
    data, g = saved_and_loaded(b)
    assert data["setup"]["cards"] == {"9C": {"damage": 5}, "4S": {"attached_to": "9C"}}
    assert g.state.cards["9C"]["damage"] == 5 and g.state.cards["4S"]["attached_to"] == "9C"


def test_mirkwood_progress_resources_exhausted_tokens_face_attachment_threat():
    b = mirkwood()
    set_card(b, "ptm-1", "progress", "3")
    set_card(b, "ptm-1", "face", "1")
    set_card(b, "aragorn", "resources", "2")
    set_card(b, "gimli", "exhausted", "true")
    put(b, "chieftain-ufthak", "staging")
    set_card(b, "chieftain-ufthak", "tokens", "2")
    put(b, "blade-mastery#3", "Bo/attachments")
    set_card(b, "blade-mastery#3", "attached_to", "gimli")
    set_counter(b, "Ana", "threat", "35")
    assert b.banner.value == ""
    data, g = saved_and_loaded(b)
    cards = g.state.cards
    assert cards["ptm-1"]["progress"] == 3 and cards["ptm-1"]["face"] == 1
    assert cards["aragorn"]["resources"] == 2 and cards["gimli"]["exhausted"] is True
    assert cards["chieftain-ufthak"]["tokens"] == 2 and g.state.card_zone["chieftain-ufthak"] == "staging"
    assert cards["blade-mastery#3"]["attached_to"] == "gimli"
    assert g.state.player("Ana")["threat"] == 35 and data["setup"]["players"]["Ana"]["threat"] == 35
    assert data["setup"]["cards"]["aragorn"]["resources"] == 2


def test_mirkwood_lasting_effect_round_trips_and_counts():
    b = mirkwood()
    assert "No lasting effect" in b.lasting_view.value
    add_lasting(b, GIMLI_ATTACK)
    assert b.banner.value == "" and "Lasting effect added" in b.message.value
    assert [label for label, _ in b.lasting_pick.options] == [
        "#1 modifier: Gimli has +1 attack until the end of the round (until the end of the round)"]
    data, g = saved_and_loaded(b)
    assert data["start"]["lasting"] == [{"kind": "modifier", "text": "Gimli has +1 attack until the end of the round",
                                         "targets": ["gimli"], "until": "round", "stat": "attack", "add": 1}]
    assert [(e["kind"], e["stat"], e["add"], e["targets"]) for e in g.state.lasting] == [
        ("modifier", "attack", 1, ["gimli"])]
    assert g.ctx.stat("attack", 3, card="gimli") == 4, "the effect is in force in the loaded game"
    b.open_button.click()
    assert b.sandbox.game.state.lasting == g.state.lasting

    b.lasting_pick.value = 0
    b.lasting_remove_button.click()
    assert b.lasting == [] and "removed" in b.message.value
    data, g = saved_and_loaded(b)
    assert "lasting" not in data["start"] and g.state.lasting == []


def test_a_lasting_effect_from_the_game_given_is_kept():
    b = mirkwood()
    add_lasting(b, GIMLI_ATTACK)
    game = b.position()
    again = ScenarioBuilder(game)
    assert [e["text"] for e in again.lasting] == ["Gimli has +1 attack until the end of the round"]
    _, g = saved_and_loaded(again)
    assert g.state.lasting == game.state.lasting


def test_foehunters_hit_points_experience_and_card_counters():
    b = ScenarioBuilder("foehunters", players=["Ana", "Bo"], seed=4, start="setup")
    set_counter(b, "Ana", "hp", "7")
    set_counter(b, "Bo", "xp", "3")
    put(b, "dorin", "Ana/hero")
    set_card(b, "dorin", "face", "1")
    set_card(b, "dorin", "counters", '{"counters": 2}')
    set_card(b, "dorin", "damage", "1")
    assert b.banner.value == ""
    _, g = saved_and_loaded(b)
    assert g.state.player("Ana")["hp"] == 7 and g.state.player("Bo")["xp"] == 3
    assert {k: g.state.cards["dorin"][k] for k in ("face", "counters", "damage")} == {
        "face": 1, "counters": {"counters": 2}, "damage": 1}


def test_lfg_hurt_and_face_down():
    b = ScenarioBuilder("lfg", players=["Ana", "Bo"], seed=5, start="setup")
    hero, other = b.state.zones["deck"][:2]
    put(b, hero, "Ana/party")
    put(b, other, "Ana/party")
    set_card(b, hero, "hurt", "true")
    set_card(b, other, "face_down", "true")
    assert b.banner.value == ""
    assert "face" not in [k for _, k in b.state_key.options], "an LFG card has one face: no face to set"
    _, g = saved_and_loaded(b)
    assert g.state.cards[hero]["hurt"] is True and g.state.cards[other]["face_down"] is True
    assert g.state.card_zone[other] == "Ana/party"


def test_labyrinth_retinue_markers_and_gathered_retinues():
    """Legends of Labyrinth keeps no card state: its position is the lords' markers
    and the game state of the retinues each gathered."""
    b = ScenarioBuilder("labyrinth", players=["Ana", "Bo"], seed=6, start="setup")
    b.extra_key.value = "gathered"
    b.extra_value.value = '{"Ana": ["sorceresses"], "Bo": ["swordmasters", "architects"]}'
    b.extra_button.click()
    assert b.banner.value == ""
    assert "So Ana's retinues = 1; Bo's retinues = 2." in html.unescape(b.message.value)
    set_counter(b, "Bo", "retinues", "3")  # the count follows the list: refused, nothing changes
    assert "Bo's retinues follows the game state (2 now)" in html.unescape(b.banner.value)
    assert b.state.player("Bo")["retinues"] == 2
    data, g = saved_and_loaded(b)
    assert g.state.player("Bo")["retinues"] == 2 and data["setup"]["players"]["Bo"]["retinues"] == 2
    assert g.state.extra["gathered"] == {"Ana": ["sorceresses"], "Bo": ["swordmasters", "architects"]}


def test_lfg_protection_is_a_lasting_restriction_that_round_trips():
    b = ScenarioBuilder("lfg", players=["Ana", "Bo"], seed=5, start="setup")
    hero = b.state.zones["deck"][0]
    put(b, hero, "Ana/party")
    b.start_node.value = ("Rounds", "Round", "Draft")
    b.turn.value = "Ana"
    add_lasting(b, '{"kind": "restriction", "until": "round", "text": "Bo protects it until the end of the round", '
                   f'"what": "harm", "targets": ["{hero}"], "controller": "Bo"}}')
    assert b.banner.value == ""
    _, g = saved_and_loaded(b)
    assert g.ctx.restricted("harm", card=hero) == "Bo protects it until the end of the round"
    assert g.ctx.restricted("harm", card=b.state.zones["deck"][0]) is None


def test_foehunters_armor_until_a_turn_of_a_player_round_trips():
    b = ScenarioBuilder("foehunters", players=["Ana", "Bo"], seed=4, start="setup")
    add_lasting(b, '{"kind": "modifier", "until": {"turn_of": "Ana"}, "text": "Bo has 2 armor until the '
                   'beginning of Ana\'s next turn", "players": ["Bo"], "controller": "Ana", "stat": "armor", "add": 2}')
    assert b.banner.value == ""
    data, g = saved_and_loaded(b)
    assert data["start"]["lasting"][0]["until"] == {"turn_of": "Ana"}
    assert (g.ctx.stat("armor", 0, player="Bo"), g.ctx.stat("armor", 0, player="Ana")) == (2, 0)


def test_the_state_keys_say_what_they_mean():
    b = mirkwood()
    labels = dict((k, label) for label, k in b.state_key.options)
    assert labels["progress"] == "progress: progress on a location or the quest stage: at its quest points it is done"
    assert labels["damage"] == "damage: damage on the card"
    b.card.value = "aragorn"
    assert "face" not in [k for _, k in b.state_key.options]
    b.card.value = "ptm-1"
    assert "face" in [k for _, k in b.state_key.options]


# -- bad values: refused, naming the field, nothing changed -------------------------------------------

@pytest.mark.parametrize("uid,key,text,words", [
    ("ptm-1", "progress", "-1", "card 'ptm-1': 'progress' counts something, so it cannot be negative"),
    ("ptm-1", "progress", "lots", "progress of ptm-1 takes a whole number"),
    ("aragorn", "resources", "2.5", "resources of aragorn takes a whole number"),
    ("ptm-1", "face", "2", "card 'ptm-1': 'face' must be 0 to 1"),
    ("gimli", "exhausted", "tired", "exhausted of gimli takes true or false"),
    ("hummerhorns", "face_down", "true", "face_down: "),
    ("gimli", "attached_to", "gimli", "card 'gimli' cannot lie on itself"),
    ("gimli", "counters", '{"poison": -1}', "card 'gimli': counter 'poison' is a number from 0"),
    ("gimli", "counters", '{"a b": 1}', "counters of gimli: a counter's name"),
])
def test_a_bad_card_value_names_its_field_and_changes_nothing(uid, key, text, words):
    b = mirkwood()
    before = b.state.to_json()
    set_card(b, uid, key, text)
    assert words in html.unescape(b.banner.value), b.banner.value
    assert b.state.to_json() == before


def test_face_is_refused_on_a_card_with_one_face():
    b = mirkwood()
    with pytest.raises(Exception, match="has one face only"):
        b.set_state("aragorn", "face", "1")
    assert "face" not in b.state.cards["aragorn"]


def test_a_face_down_card_in_a_hidden_zone_is_refused_with_its_zone():
    b = mirkwood()
    set_card(b, "hummerhorns", "face_down", "true")
    assert "a zone nobody sees" in html.unescape(b.banner.value)
    assert b.state.card_zone["hummerhorns"] == "encounter_deck"


@pytest.mark.parametrize("text,words", [
    ("+1 attack", "not JSON"),
    ("[1, 2]", "a lasting effect is a JSON object"),
    ('{"kind": "modifier", "until": "round", "text": "x", "stat": "attack", "add": 1, "colour": 1}',
     "unknown key 'colour'"),
    ('{"kind": "modifier", "text": "x", "stat": "attack", "add": 1}', "until missing"),
    ('{"kind": "modifier", "until": "round", "text": " ", "stat": "attack", "add": 1}', "text says in words"),
    ('{"kind": "spell", "until": "round", "text": "x"}', "one of modifier, restriction"),
    ('{"kind": "modifier", "until": "round", "text": "x", "stat": "attack"}', "needs add"),
    ('{"kind": "modifier", "until": "round", "text": "x", "stat": "attack", "add": "a"}', "add"),
    ('{"kind": "modifier", "until": "attack", "text": "x", "stat": "attack", "add": 1}',
     "no attack is running here"),
    ('{"kind": "modifier", "until": {"turn_of": "Cy"}, "text": "x", "stat": "attack", "add": 1}', "Cy"),
    ('{"kind": "modifier", "until": "round", "text": "x", "stat": "attack", "add": 1, "targets": ["zz"]}',
     "targets names no card 'zz'"),
    ('{"kind": "restriction", "until": "round", "text": "x", "what": "draw", "players": ["Cy"]}',
     "players names no player 'Cy'"),
    ('{"kind": "reveal", "until": "round", "text": "x", "cards": ["gimli"], "to": "Cy"}', "to is a player"),
])
def test_a_bad_lasting_effect_names_its_field_and_changes_nothing(text, words):
    b = mirkwood()
    add_lasting(b, GIMLI_ATTACK)
    before = (b.state.to_json(), list(b.lasting), list(b.lasting_pick.options))
    add_lasting(b, text)
    assert "lasting effect" in html.unescape(b.banner.value).lower() and words in html.unescape(b.banner.value), \
        b.banner.value
    assert (b.state.to_json(), list(b.lasting), list(b.lasting_pick.options)) == before


def test_a_start_that_leaves_a_lasting_effect_nothing_to_last_until_is_refused_at_save():
    b = mirkwood()
    add_lasting(b, GIMLI_ATTACK)
    b.start_node.value = ("Setup", "First player")
    b.save_button.click()
    assert "no round is running here" in html.unescape(b.banner.value) and b.download.value == ""


def test_removing_with_nothing_in_force_says_so():
    b = mirkwood()
    b.lasting_remove_button.click()
    assert "no lasting effect is in force" in b.banner.value


# -- the index page lists the ruling lab ----------------------------------------------------------

def test_the_index_lists_the_ruling_lab_next_to_the_games():
    from pathlib import Path

    import tablekit
    from tablekit.widgets.index import GameIndex, game_tiles, index_tiles
    folder = Path(__file__).resolve().parent.parent / "notebooks"
    assert (folder / "ruling-lab.ipynb").exists()
    tiles = index_tiles(folder)
    assert tiles[:-2] == game_tiles(folder) and len(tiles) == len(tablekit.games()) + 2
    lab = tiles[-2]
    assert lab.startswith("<a class='tk-tile tk-lab-tile' href='ruling-lab.ipynb'")
    assert "The ruling lab" in lab and "Settle a rules question" in lab
    assert lab in GameIndex(folder).value


def test_without_the_lab_page_there_is_no_lab_tile(tmp_path):
    from tablekit.widgets.index import index_tiles
    assert not any("ruling-lab" in t for t in index_tiles(tmp_path))
    (tmp_path / "ruling-lab.ipynb").write_text("{}")
    assert "href='ruling-lab.ipynb'" in index_tiles(tmp_path)[-1]


def test_one_click_face_down_exhaust_and_next_face_round_trip():
    b = mirkwood()
    b.card.value = "gimli"
    assert (b.flip_button.description, b.exhaust_button.description) == ("Turn face down", "Exhaust")
    assert b.face_button.disabled, "Gimli has one face"
    b.exhaust_button.click()
    assert b.state.cards["gimli"]["exhausted"] is True and b.exhaust_button.description == "Ready"
    b.card.value = "ptm-1"
    assert not b.face_button.disabled and b.face_button.tooltip == "Show face 1 of 0 to 1"
    b.face_button.click()
    assert b.state.cards["ptm-1"]["face"] == 1
    put(b, "hummerhorns", "staging")
    b.flip_button.click()
    assert b.state.cards["hummerhorns"]["face_down"] is True and b.flip_button.description == "Turn face up"
    _, g = saved_and_loaded(b)
    assert g.state.cards["gimli"]["exhausted"] is True and g.state.cards["ptm-1"]["face"] == 1
    assert g.state.cards["hummerhorns"]["face_down"] is True
    b.flip_button.click()                               # face up again: the key is gone
    b.card.value = "gimli"
    b.exhaust_button.click()
    assert "face_down" not in b.state.cards["hummerhorns"] and "exhausted" not in b.state.cards["gimli"]
    b.card.value = "ptm-1"
    b.face_button.click()                               # past the last face: back to the front
    assert b.state.cards["ptm-1"]["face"] == 0


def test_one_click_face_down_in_a_hidden_zone_is_refused():
    b = mirkwood()
    b.card.value = "hummerhorns"
    before = b.state.to_json()
    b.flip_button.click()
    assert "a zone nobody sees" in html.unescape(b.banner.value) and b.state.to_json() == before


@pytest.mark.parametrize("text,words", [("-3", "Ana's threat cannot be negative"),
                                        ("high", "Ana's threat takes a whole number")])
def test_a_bad_player_value_names_its_field_and_changes_nothing(text, words):
    b = mirkwood()
    before = b.state.to_json()
    set_counter(b, "Ana", "threat", text)
    assert words in html.unescape(b.banner.value) and b.state.to_json() == before


def test_a_counter_kept_in_this_turns_data_is_typed_on_the_board_and_round_trips():
    """Labyrinth's actions left are `this_turn.actions` (Counter.field): typed on the
    panel of the lord whose turn it is, checked by the counter's range, saved as this
    turn's data; another lord's panel has none to type."""
    g = tablekit.new_game("labyrinth", players=["Ana", "Bo"], seed=6)
    while g.path[-1:] != ("Actions",) and not g.is_over:
        g.run(bots="random", max_records=1) if g.pending is not None else g.step()
    b = ScenarioBuilder(g)
    turn = b.state.turn
    other = next(p for p in b.players if p != turn)
    said = b.board.handle({"action": "counter", "seat": turn, "key": "actions", "value": 2})
    assert not said, said
    assert b.state.extra["_this_turn"]["actions"] == 2
    before = b.state.to_json()
    for seat, value in ((turn, -1), (other, 1)):
        said = b.board.handle({"action": "counter", "seat": seat, "key": "actions", "value": value})
        assert said, (seat, value)
    assert b.state.to_json() == before
    data, loaded = saved_and_loaded(b)
    assert data["setup"]["extra"]["this_turn"]["actions"] == 2
    assert loaded.state.extra["_this_turn"]["actions"] == 2
