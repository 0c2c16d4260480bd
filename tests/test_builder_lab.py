"""The scenario builder, the sandbox's Save position and the ruling lab, headless:
clicks and values, no browser."""

from __future__ import annotations

import base64
import datetime
import html
import re
from pathlib import Path

import pytest

import tablekit
from tablekit.core.scenario import build, parse
from tablekit.games.creatures.positions import position
from tablekit.widgets import RulingLab, Sandbox, ScenarioBuilder
from tablekit.widgets.boardmodel import EVERYTHING
from tablekit.widgets.lab import scenario_files, scenarios_dir
from tablekit.widgets.sandbox import SEAT_ALL

ROOT = Path(__file__).resolve().parent.parent
ATTACK = ("Rounds", "Turns", "Turn", "Attack")
FRESH_TURN = '{"kills": 0, "rewarded": 0, "targets": [], "monsters_done": false, "hand_discard": 0}'


def empty_builder(**kw) -> ScenarioBuilder:
    return ScenarioBuilder("creatures", players=["Ana", "Bo"], seed=3, **kw)


def put(b: ScenarioBuilder, uid: str, zone: str, index: int = -1) -> None:
    """Put a card in a zone through the controls, as a reader does."""
    b.card.value = uid
    b.zone.value = zone
    b.index.value = index
    b.put_button.click()


def attack_position(b: ScenarioBuilder) -> None:
    """A Fighter's attack: two spades in hand, two monsters in front of him."""
    for uid, zone in (("KS", "Ana/hero"), ("KC", "Bo/hero"), ("7S", "Ana/hand"), ("5S", "Ana/hand"),
                      ("4C", "Ana/monsters"), ("9C", "Ana/monsters")):
        put(b, uid, zone)
    b.extra_key.value = "first"
    b.extra_value.value = '"Ana"'
    b.extra_button.click()
    b.extra_key.value = "_this_turn"
    b.extra_value.value = FRESH_TURN
    b.extra_button.click()
    b.start_node.value = ATTACK
    b.turn.value = "Ana"
    assert b.banner.value == ""


def download_text(link: str) -> str:
    m = re.search(r'href="data:text/yaml;base64,([A-Za-z0-9+/=]+)"', link)
    assert m, link
    return base64.b64decode(m.group(1)).decode("utf-8")


# -- the builder: where the draft starts -----------------------------------------------------

def test_builder_from_an_empty_table():
    b = empty_builder()
    st = b.state
    assert set(st.zones["box"]) == set(st.cards) and all(not st.zones[z] for z in st.zones if z != "box")
    assert all(cs == {"card": cs["card"]} for cs in st.cards.values())
    assert "tk-app" in b._dom_classes and b.banner.value == ""
    assert len(b.card.options) == len(st.cards)
    assert b.start_node.value == ("Game prep", "Deal the Kings")
    assert "empty" in b.message.value
    # every node of the flow can be the start, shown as a path
    labels = [label for label, _ in b.start_node.options]
    assert any(label.startswith("Rounds › Turns › Turn › Attack") for label in labels)
    assert len(labels) == len(list(b.gamedef.flow.walk())) - 1


def test_builder_from_a_normal_setup():
    b = empty_builder(start="setup")
    st = b.state
    assert all(len(st.zones[f"{p}/hero"]) == 1 for p in ("Ana", "Bo"))
    assert len(st.zones["deck"]) > 40 and not st.zones["box"]
    assert b.start_node.value[:3] == ("Rounds", "Turns", "Turn")
    assert b.turn.value == st.extra["first"]


def test_builder_from_a_game_leaves_that_game_alone():
    g = tablekit.new_game("creatures", players=["Ana", "Bo", "Cy"], seed=5)
    g.run(until="decision")
    before = g.state.to_json()
    b = ScenarioBuilder(g)
    assert b.players == ["Ana", "Bo", "Cy"] and b.seed == 5
    assert b.state.zones == g.state.zones
    assert b.start_node.value == g.cursor[1:] and b.turn.value == g.turn
    hand = g.state.zones[f"{g.turn}/hand"]
    b.remove(hand[0])
    assert g.state.to_json() == before, "the builder edits a copy"
    b.start_from.value = "empty"
    b.reset_button.click()
    assert not b.state.zones[f"{g.turn}/hand"]
    b.start_from.value = "game"
    b.reset_button.click()
    assert b.state.zones == g.state.zones


# -- the builder: cards -------------------------------------------------------------------

def shown(b, zone: str) -> list:
    """The cards the builder's board shows in a zone (as it was last sent to the browser)."""
    return next(z for z in b.board.view["zones"] if z["id"] == zone)["cards"]


def test_add_move_reorder_remove_cards_and_the_preview_follows():
    b = empty_builder()
    assert shown(b, "Ana/hand") == []
    put(b, "7S", "Ana/hand")
    put(b, "5S", "Ana/hand")
    put(b, "9C", "Ana/hand", 0)                       # at the front
    assert b.state.zones["Ana/hand"] == ["9C", "7S", "5S"]
    assert shown(b, "Ana/hand") == ["9C", "7S", "5S"]
    assert "9C" not in shown(b, "box")
    assert "Moved" in b.message.value and b.banner.value == ""

    b.card.value = "5S"
    b.up_button.click()
    assert b.state.zones["Ana/hand"] == ["9C", "5S", "7S"]
    b.down_button.click()
    b.down_button.click()                             # already last: an error, nothing moves
    assert b.state.zones["Ana/hand"] == ["9C", "7S", "5S"]
    assert "already the last card" in b.banner.value

    put(b, "9C", "Ana/monsters")                     # move to another zone
    assert b.state.zones["Ana/monsters"] == ["9C"] and shown(b, "Ana/hand") == ["7S", "5S"]
    b.card.value = "7S"
    b.remove_button.click()
    assert b.state.card_zone["7S"] == "box" and b.state.zones["Ana/hand"] == ["5S"]
    assert b.banner.value == "" and "went back" in b.message.value
    b.remove_button.click()
    assert "already in" in b.banner.value

    put(b, "5S", "Ana/hand", 7)                       # a position past the end
    assert "position is 0 to 0" in b.banner.value


def test_card_state_counters_and_game_state():
    b = empty_builder()
    put(b, "9C", "Ana/monsters")
    put(b, "4S", "Ana/monsters")
    b.card.value = "9C"
    b.state_key.value = "damage"
    b.state_value.value = "4"
    b.state_button.click()
    assert b.state.cards["9C"]["damage"] == 4
    health = {t["key"]: t["value"] for t in b.board.view["cards"]["9C"]["counters"]}
    assert health == {"health": 5}  # 9 less 4 damage, as the board shows it
    b.card.value = "4S"
    b.state_key.value = "attached_to"
    b.state_value.value = "9C"
    b.state_button.click()
    assert b.state.cards["4S"]["attached_to"] == "9C"
    b.state_key.value = "exhausted"
    b.state_value.value = "true"
    b.state_button.click()
    assert b.state.cards["4S"]["exhausted"] is True
    b.state_value.value = ""                          # empty text removes the key
    b.state_button.click()
    assert "exhausted" not in b.state.cards["4S"]
    b.card.value = "9C"
    assert b.state_key.value == "exhausted" and b.state_value.value == ""
    b.state_key.value = "damage"
    assert b.state_value.value == "4", "the value box shows the card's current value"

    b.counter_player.value = "Bo"
    b.counter_key.value = "score"
    b.counter_value.value = "7"
    b.counter_button.click()
    assert b.state.player("Bo")["score"] == 7 and b.banner.value == ""
    assert "score" in b.counter_key.options

    b.extra_key.value = "pile"
    assert b.extra_value.value == "1"
    b.extra_value.value = "2"
    b.extra_button.click()
    assert b.state.extra["pile"] == 2 and b.banner.value == ""


@pytest.mark.parametrize("key,text,words", [
    ("damage", "abc", "whole number"),
    ("damage", "__import__('os')", "whole number"),
    ("damage", "-2", "negative"),
    ("exhausted", "maybe", "true or false"),
    ("attached_to", "ZZ", "attached to unknown card 'ZZ'"),
    ("counters", "[1, 2]", "JSON object"),
])
def test_bad_state_values_show_a_banner_and_change_nothing(key, text, words):
    b = empty_builder()
    put(b, "9C", "Ana/monsters")
    before = b.state.to_json()
    b.card.value = "9C"
    b.state_key.value = key
    b.state_value.value = text
    b.state_button.click()
    assert words in html.unescape(b.banner.value)
    assert b.state.to_json() == before


@pytest.mark.parametrize("control,text,words", [
    ("counter", "lots", "a whole number or a number"),
    ("counter_key", "my score", "a counter's name"),
    ("extra", "Ana", "not JSON"),
    ("extra", "__import__('os').system('true')", "not JSON"),
    ("extra", "[1]", "takes text"),
])
def test_bad_counters_and_game_state_show_a_banner_and_change_nothing(control, text, words):
    b = empty_builder()
    before = b.state.to_json()
    if control == "extra":
        b.extra_key.value = "first"
        b.extra_value.value = text
        b.extra_button.click()
    else:
        b.counter_key.value = text if control == "counter_key" else "score"
        b.counter_value.value = "3" if control == "counter_key" else text
        b.counter_button.click()
    assert words in html.unescape(b.banner.value)
    assert b.state.to_json() == before


# -- the builder: start, file, sandbox ----------------------------------------------------------

def test_start_node_and_open_in_sandbox():
    b = empty_builder()
    attack_position(b)
    b.open_button.click()
    assert b.banner.value == ""
    sb = b.sandbox
    assert isinstance(sb, Sandbox) and sb in b.sandbox_box.children
    g = sb.game
    assert g.cursor[1:] == ATTACK and g.turn == "Ana" and not g.history
    assert g.pending is not None and g.pending.player == "Ana"
    assert g.state.zones["Ana/monsters"] == ["4C", "9C"]
    # the sandbox plays on: the Fighter's two spades against both monsters, then
    # he chooses how the 12 are shared out (ruling CC-FIGHTER): the suggested share
    g.choose("attack:7S", "attack:5S")
    sb.refresh()
    assert g.pending.kind == "fight" and g.pending.default == "kill:4C:weaken:9C"
    g.choose("kill:4C:weaken:9C")
    sb.refresh()
    assert "4C" in g.state.zones["discard"] and g.state.cards["9C"]["damage"] == 8


DRAW = ("Rounds", "Turns", "Turn", "Draw")


@pytest.mark.parametrize("button", ["open", "save"])
def test_a_start_inside_a_turn_derives_the_turn_order(button):
    """From an empty table, "Start at Rounds › Turns › Turn › Draw": the first player
    is not set, so the player whose turn it is is taken (and said); the turn's data
    is filled by the core. No error, internal or not."""
    b = empty_builder()
    put(b, "KS", "Ana/hero")
    put(b, "KC", "Bo/hero")
    b.start_node.value = DRAW
    b.turn.value = "Bo"
    (b.open_button if button == "open" else b.save_button).click()
    assert b.banner.value == ""
    assert "first was not set" in b.message.value and "Bo, whose turn it is, is taken" in b.message.value
    if button == "open":
        g = b.sandbox.game
    else:
        text = download_text(b.download.value)
        data = parse(text, "draw.yaml")
        assert data["setup"]["extra"]["first"] == "Bo" and data["start"] == {"at": list(DRAW), "turn": "Bo"}
        g = build(data, "draw.yaml")
    assert g.cursor[1:] == DRAW and g.turn == "Bo" and not g.history
    assert g.state.extra["first"] == "Bo" and g.state.extra["_this_turn"]["kills"] == 0
    g.step()  # the draw is a rule like any other
    assert g.cursor[1:] != DRAW or g.pending is not None


def test_a_start_inside_a_turn_keeps_a_first_player_that_is_set():
    b = empty_builder()
    b.extra_key.value = "first"
    b.extra_value.value = '"Ana"'
    b.extra_button.click()
    b.start_node.value = DRAW
    b.turn.value = "Bo"
    b.open_button.click()
    assert b.banner.value == "" and "was not set" not in b.message.value
    g = b.sandbox.game
    assert g.state.extra["first"] == "Ana" and g.turn == "Bo" and g.cursor[1:] == DRAW


def test_a_start_inside_a_turn_asks_plainly_for_what_it_cannot_derive():
    b = empty_builder()
    del b.settable["first"]  # as for a game whose turn order hangs on state the builder cannot set
    b.start_node.value = DRAW
    b.turn.value = "Bo"
    b.open_button.click()
    assert b.banner.value.startswith("<b>Error:</b> A start at Rounds › Turns › Turn › Draw is inside a turn, "
                                     "and Turns cannot work out the turn order")
    assert "Internal error" not in b.banner.value and b.sandbox is None
    b.save_button.click()
    assert "inside a turn" in b.banner.value and b.download.value == ""


def test_the_cards_not_placed_can_go_to_a_zone_shuffled():
    b = empty_builder()
    assert b.rest_to.value is None and b.rest_shuffle.disabled  # by default they stay in the box
    assert ("go to Draw pile (deck)", "deck") in b.rest_to.options
    for uid, zone in (("KS", "Ana/hero"), ("KC", "Bo/hero"), ("KD", "aside"), ("KH", "aside"),
                      ("7S", "Ana/hand"), ("QD", "deck")):
        put(b, uid, zone)
    placed = {"KS", "KC", "KD", "KH", "7S", "QD"}
    unplaced = set(b.state.cards) - placed
    b.start_node.value = DRAW
    b.turn.value = "Ana"

    b.open_button.click()  # first without: the deck holds only the card put there
    assert b.sandbox.game.state.zones["deck"] == ["QD"] and set(b.sandbox.game.state.zones["box"]) == unplaced

    b.rest_to.value = "deck"
    assert not b.rest_shuffle.disabled and b.rest_shuffle.value
    b.save_button.click()
    assert b.banner.value == ""
    text = download_text(b.download.value)
    data = parse(text, "rest.yaml")
    assert data["setup"]["rest"] == {"zone": "deck", "shuffle": True}
    assert "box" not in data["setup"]["zones"] and data["setup"]["zones"]["deck"] == ["QD"]
    shuffled = build(data, "rest.yaml").state.zones["deck"]

    b.open_button.click()
    g = b.sandbox.game
    assert g.state.zones["box"] == [] and g.state.zones["deck"] == shuffled  # the sandbox is the file's game
    assert set(shuffled) == unplaced | {"QD"} and shuffled[-1] == "QD"  # the card put there lies on top

    b.rest_shuffle.value = False
    b.open_button.click()
    plain = b.sandbox.game.state.zones["deck"]
    assert set(plain) == set(shuffled) and plain != shuffled  # the game's own order, not shuffled
    assert "shuffle: false" in b.yaml_text()

    b.rest_to.value = None
    assert b.rest_shuffle.disabled and "rest:" not in b.yaml_text()


def test_yaml_text_round_trips_to_an_equal_position():
    b = empty_builder()
    attack_position(b)
    b.card.value = "9C"
    b.state_key.value = "damage"
    b.state_value.value = "2"
    b.state_button.click()
    b.counter_key.value = "score"
    b.counter_value.value = "3"
    b.counter_button.click()
    b.title.value = "Fighter: two spades, two monsters"
    b.description.value = "Is the total spent weakest first?"
    text = b.yaml_text()
    data = parse(text, "built.yaml")
    assert data["title"] == "Fighter: two spades, two monsters"
    assert data["start"] == {"at": list(ATTACK), "turn": "Ana"}
    assert data["setup"]["cards"]["9C"] == {"damage": 2}
    g = build(data, "built.yaml")
    want = b.position()
    assert g.state.zones == want.state.zones == b.state.zones
    assert g.state.cards == want.state.cards
    assert g.state.players == want.state.players
    assert g.state.extra == want.state.extra
    assert g.cursor == want.cursor and g.turn == want.turn
    assert g.state == want.state


def test_yaml_text_from_setup_and_from_a_game_round_trip():
    g = tablekit.new_game("creatures", players=["Ana", "Bo"], seed=11)
    g.run(until="decision")
    for b in (ScenarioBuilder(g), empty_builder(start="setup")):
        built = build(parse(b.yaml_text()))
        assert built.state.zones == b.state.zones
        assert built.state == b.position().state


def test_an_untouched_empty_table_saves_and_loads_back():
    b = empty_builder()
    assert b.card.value is not None, "a card is chosen from the start"
    b.save_button.click()
    assert b.banner.value == "", "defaults such as first: null are left out of the file"
    data = parse(download_text(b.download.value))
    assert "extra" not in data["setup"] or "first" not in data["setup"]["extra"]
    assert build(data).state == b.position().state


@pytest.mark.parametrize("gid", tablekit.games())
@pytest.mark.parametrize("start", ["empty", "setup"])
def test_every_game_builds_saves_and_opens(gid, start):
    b = ScenarioBuilder(gid, start=start)
    b.save_button.click()
    b.open_button.click()
    assert b.banner.value == "" and b.sandbox is not None
    assert build(parse(download_text(b.download.value))).state == b.position().state


def test_save_offers_the_yaml_as_a_download_link():
    b = empty_builder()
    attack_position(b)
    b.title.value = "Two spades!"
    b.save_button.click()
    assert b.banner.value == ""
    link = b.download.value
    assert 'download="two-spades.yaml"' in link
    assert download_text(link) == b.yaml_text()
    b.filename.value = "../../etc/my file.yml"       # the name is cleaned: no path, .yaml
    b.save_button.click()
    assert 'download="etc-my-file.yaml"' in b.download.value


def test_remove_frees_the_cards_lying_on_it():
    b = empty_builder()
    put(b, "9C", "Ana/monsters")
    put(b, "4S", "Ana/monsters")
    b.card.value = "4S"
    b.state_key.value = "attached_to"
    b.state_value.value = "9C"
    b.state_button.click()
    b.card.value = "9C"
    b.remove_button.click()
    assert "attached_to" not in b.state.cards["4S"]
    assert "no longer lies on it" in b.message.value


def test_save_refuses_a_file_that_would_not_load_back():
    b = empty_builder()
    attack_position(b)
    b.state.cards["9C"]["damage"] = "a lot"  # as a game handed in might hold: not a number
    b.save_button.click()
    assert "'damage' has the wrong type" in html.unescape(b.banner.value)  # as the file format says
    assert b.download.value == ""
    b.turn.value = "Bo"
    del b.state.cards["9C"]["damage"]
    b.start_node.value = ("Rounds", "Turns", "Turn", "Counterattack", "Monsters strike")
    b.extra_key.value = "first"
    b.extra_value.value = "null"
    b.extra_button.click()
    assert "Error" in b.banner.value, "first takes text, not null"


# -- the sandbox's Save position ------------------------------------------------------------

def saved_positions(monkeypatch, sb: Sandbox) -> list[dict]:
    """The files the board sends the browser to download (Save position, Save game)."""
    sent: list[dict] = []
    monkeypatch.setattr(sb.board, "send", lambda content, buffers=None: sent.append(content))
    return sent


def test_sandbox_save_position_download(monkeypatch):
    g = tablekit.new_game("creatures", players=["Ana", "Bo"], seed=7)
    sb = Sandbox(g)
    sent = saved_positions(monkeypatch, sb)
    g.run(until="decision")
    sb.refresh()
    words = sb.press("save_position")
    assert words and "hidden ones too" in words and sb.board.error == words and sent == [], \
        "a spectator's table never downloads the hidden cards"
    assert sb.press("view", seat=EVERYTHING) is None
    assert sb.press("save_position") is None and sb.board.error == ""
    n = len(g.history)
    assert len(sent) == 1 and sent[0]["kind"] == "download"
    assert sent[0]["name"] == f"creatures-position-{n}.yaml" and sent[0]["mime"] == "text/yaml"
    back = build(parse(sent[0]["text"]))
    assert back.state.zones == g.state.zones and back.cursor == g.cursor and back.turn == g.turn


def test_sandbox_save_position_when_the_game_is_over(monkeypatch):
    g = tablekit.new_game("creatures", players=["Ana", "Bo"], seed=7)
    sb = Sandbox(g, seat=SEAT_ALL)
    sent = saved_positions(monkeypatch, sb)
    g.run(until="end", bots="random")
    sb.refresh()
    words = sb.press("save_position")
    assert words and "game is over" in words and sb.board.error == words, words
    assert sent == [], "a scenario starts at a rule still to apply: a finished game offers no file"


def test_sandbox_save_position_at_the_very_start(monkeypatch):
    g = tablekit.new_game("creatures", players=["Ana", "Bo", "Cy"], seed=2)
    sb = Sandbox(g, seat=SEAT_ALL)
    sent = saved_positions(monkeypatch, sb)
    assert sb.press("save_position") is None and sb.board.error == ""
    assert [m["name"] for m in sent] == ["creatures-position-0.yaml"]
    assert build(parse(sent[0]["text"])).state == g.state


def test_sandbox_save_says_what_a_file_cannot_hold(monkeypatch):
    g = tablekit.new_game("creatures", players=["Ana", "Bo"], seed=7)
    g.run(until="decision")
    sb = Sandbox(g, seat=SEAT_ALL)
    sent = saved_positions(monkeypatch, sb)
    assert sb.press("save_position") is None
    notice = sb.board.view["notice"]
    assert notice.startswith("Saved the position") and "cannot carry" not in notice, notice
    g.state.extra["scratch"] = 1                      # not a key a scenario may set
    assert sb.press("save_position") is None and sb.board.error == ""
    notice = sb.board.view["notice"]
    assert "cannot carry the game state scratch" in notice and notice == sb.board.notice, notice
    assert len(sent) == 2 and "scratch" not in sent[1]["text"]
    assert "scratch" not in build(parse(sent[1]["text"])).state.extra, "the file loads back, without it"


def test_sandbox_save_position_of_a_hand_built_position(monkeypatch):
    g = position({"Ana": "Wizard", "Bo": "Fighter"},
                 {"Ana/hand": ["4S"], "Ana/monsters": ["9C"]}, at="Attack")
    sb = Sandbox(g, seat=SEAT_ALL)
    sent = saved_positions(monkeypatch, sb)
    assert sb.press("save_position") is None and sb.board.error == ""
    back = build(parse(sent[0]["text"]))
    assert back.state == g.state


# -- the ruling lab ---------------------------------------------------------------------------

def test_scenarios_dir_is_the_source_trees():
    assert scenarios_dir() == ROOT / "scenarios"
    files = scenario_files()
    assert ROOT / "scenarios/creatures/fighter-two-cards-several-monsters.yaml" in files


def test_lab_lists_the_files_loads_one_and_shows_results():
    lab = RulingLab(select_first=False)
    labels = [label for label, _ in lab.picker.options]
    assert "creatures/fighter-two-cards-several-monsters.yaml" in labels
    assert len(labels) == len(lab.files) + 1 and lab.sandbox is None
    value = next(v for label, v in lab.picker.options if label.endswith("fighter-two-cards-several-monsters.yaml"))
    lab.picker.value = value
    assert lab.banner.value == ""
    assert "The Fighter&#x27;s two attack cards" in lab.info.value
    assert "Ruling CC-FIGHTER" in lab.info.value and "Ana chooses attack:7S, attack:5S" in lab.info.value
    g = lab.sandbox.game
    assert g.cursor[1:] == ATTACK and g.pending.player == "Ana" and not g.history
    assert len(lab.outcomes) == 4 and all(o.passed for o in lab.outcomes)
    assert "4 of 4 expectations hold" in lab.results.value and "✓ holds" in lab.results.value
    lab.picker.value = "__none__"
    assert lab.sandbox is None and lab.results.value == ""


def test_lab_opens_the_first_file_at_once():
    lab = RulingLab()
    assert lab.picker.value == str(lab.files[0]) and lab.sandbox is not None and lab.outcomes


def _upload(lab: RulingLab, name: str, content: bytes) -> None:
    lab.upload.value = ({"name": name, "type": "application/x-yaml", "size": len(content),
                         "content": memoryview(content),
                         "last_modified": datetime.datetime(2024, 1, 1, tzinfo=datetime.timezone.utc)},)


GOOD = (ROOT / "scenarios/creatures/fighter-two-cards-several-monsters.yaml").read_text()


def line_of(fragment: str) -> int:
    return next(i for i, line in enumerate(GOOD.splitlines(), 1) if fragment in line)


def test_upload_of_a_good_file():
    lab = RulingLab(select_first=False)
    text = GOOD.replace("damage: 8", "damage: 3")   # a wrong expectation: the table says so
    _upload(lab, "mine.yaml", text.encode())
    assert lab.banner.value == "" and lab.name == "mine.yaml"
    assert lab.upload.value == (), "the upload is cleared, so the same file can be sent again"
    assert lab.sandbox is not None and lab.sandbox.game.cursor[1:] == ATTACK
    assert [o.passed for o in lab.outcomes] == [True, False, True, True]
    assert "3 of 4 expectations hold" in lab.results.value and "✗ fails" in lab.results.value


@pytest.mark.parametrize("name,content,words", [
    ("bad.yaml", GOOD.replace("players: [Ana, Bo]", "players: [Ana, Bo").encode(),
     f"bad.yaml, line {line_of('seed: 1')}"),
    ("bad.yaml", GOOD.replace("seed: 1", "seed: 1\ncolour: red").encode(),
     f"bad.yaml, line {line_of('seed: 1') + 1}: unknown key 'colour'"),
    ("bad.yaml", GOOD.replace("Ana/monsters: [4C, 9C]", "Ana/monsters: [4C, 99C]").encode(),
     f"bad.yaml, line {line_of('Ana/monsters: [4C, 9C]')}: unknown card '99C'"),
    ("big.yaml", GOOD.encode() + b"#" * 100_001, "big.yaml: the file is"),
    ("bin.yaml", b"\xff\xfe\x00bad", "not UTF-8"),
    ("notes.txt", GOOD.encode(), "ends in .yaml"),
    ("alias.yaml", b"format_version: 1\ngame: creatures\nx: &a [1]\ny: *a\n", "alias.yaml, line 4"),
])
def test_upload_of_a_bad_file_shows_the_banner(name, content, words):
    lab = RulingLab(select_first=False)
    _upload(lab, name, content)
    assert words in html.unescape(lab.banner.value), lab.banner.value
    assert lab.sandbox is None and not lab.outcomes


def test_a_script_for_the_wrong_player_shows_a_failed_expectation():
    lab = RulingLab(select_first=False)
    _upload(lab, "script.yaml", GOOD.replace("player: Ana", "player: Bo").encode())
    assert lab.banner.value == "" and lab.sandbox is not None, "the position itself is still shown"
    assert "scripted decision #1 comes up for Bo" in lab.results.value
    assert "Ana was asked instead" in lab.results.value


def test_lab_builder_section_is_lazy_and_edits_the_loaded_scenario():
    lab = RulingLab()
    assert not lab.builder_section.built and lab.builder is None
    lab.builder_section.selected_index = 0
    assert isinstance(lab.builder, ScenarioBuilder)
    lab.edit_button.click()
    assert lab.banner.value == ""
    b = lab.builder
    assert b.state.zones == lab.sandbox.game.state.zones
    assert b.title.value == lab.data["title"]
    again = build(parse(b.yaml_text()))
    assert again.state.zones == lab.sandbox.game.state.zones
    lab.new_builder_button.click()
    assert lab.builder is not b and lab.builder.gamedef.id == "creatures"
    assert set(lab.builder.state.zones["box"]) == set(lab.builder.state.cards)


def test_lab_edit_without_a_scenario_says_so():
    lab = RulingLab(select_first=False)
    lab.builder_section.selected_index = 0
    lab.edit_button.click()
    assert "open a scenario first" in lab.banner.value


def test_lab_with_an_empty_folder(tmp_path):
    lab = RulingLab(root=tmp_path)
    assert lab.files == [] and "No scenario files" in lab.help.value and lab.banner.value == ""
