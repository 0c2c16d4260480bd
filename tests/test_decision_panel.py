"""The decision panel, the game-over panel and Save game / Load game on the
sandbox's board (issue 18): what the board's view model holds after a click,
no browser."""

from __future__ import annotations

import json

import pytest

import tablekit
from tablekit.core import Decision, Option
from tablekit.core.scenario import build, parse
from tablekit.games.creatures import positions as P
from tablekit.widgets import SEAT_ALL, SEAT_NOBODY, Sandbox
from tablekit.widgets.decisionwords import game_over_words
from tablekit.widgets.sandbox import FOLD_AFTER, prompt_line


def show(monkeypatch, sb: Sandbox, d: Decision) -> dict:
    """The decision `d` open on the sandbox's game; the decision the board shows."""
    monkeypatch.setattr(type(sb.game), "pending", property(lambda self: d))
    sb.refresh()
    return sb.board.view["decision"]


def creatures(seed: int = 7):
    g = tablekit.new_game("creatures", players=["Ana", "Bo"], seed=seed)
    return g, Sandbox(g, seat=SEAT_ALL)


def snapshot(g: tablekit.Game) -> tuple:
    return g.state.to_dict(), len(g.history), g.can_redo


# -- the decision panel -----------------------------------------------------------------------------

def test_the_prompt_names_the_seat_once():
    opts = [Option("a", "A")]
    assert prompt_line(Decision("Ana", "Pick one", opts)) == "Ana: Pick one"
    assert prompt_line(Decision("Ana", "Ana: which hero?", opts)) == "Ana: which hero?"
    assert prompt_line(Decision("Ana", "Ana, the first player: who?", opts)) == "Ana, the first player: who?"
    assert prompt_line(Decision("Ana", "Ana (threat 32): engage?", opts)) == "Ana (threat 32): engage?"
    assert prompt_line(Decision("Ana", "Anabel: which hero?", opts)) == "Ana: Anabel: which hero?"  # not the seat
    party = Decision("Ana", "Ana: go?", opts, party=["Ana", "Bo"])
    assert prompt_line(party) == "The party (Ana, Bo; Ana speaks): Ana: go?"


def test_a_mirkwood_prompt_that_names_its_seat_is_shown_with_it_once():
    g = tablekit.new_game("mirkwood", players=1, seed=2)
    sb = Sandbox(g, seat=SEAT_ALL)
    seen = 0
    for _ in range(400):  # a game played on the board, looking at the decision at every one
        d = g.pending
        if d is None:
            if g.state.over:
                break
            assert sb.press("step") is None
            continue
        shown = sb.board.view["decision"]
        assert shown["player"] == d.player and shown["prompt"] == prompt_line(d)
        assert f"{d.player}: {d.player}" not in shown["prompt"]
        seen += d.prompt.startswith(d.player)
        assert sb.press("choose", ids=[d.legal[0].id]) is None
    assert seen  # the game did ask prompts that open with the seat


def test_more_than_a_few_illegal_options_fold_with_every_label_and_reason(monkeypatch):
    g, sb = creatures()
    bad = [Option(f"x{i}", f"Card number {i} with a long name", False, f"reason number {i}",
                  rule="CC-THIEF" if i == 0 else "") for i in range(FOLD_AFTER + 2)]
    d = Decision("Ana", "Pick one", [Option("ok", "The one that works")] + bad + [Option("pass", "Pass")])
    shown = show(monkeypatch, sb, d)
    assert shown["folded"] == len(bad)                                  # "Not possible now (5): why"
    assert [o["id"] for o in shown["options"]] == ["ok", "pass"] + [o.id for o in bad]  # the folded ones last
    by_id = {o["id"]: o for o in shown["options"]}
    assert by_id["ok"]["legal"] and by_id["pass"]["legal"]
    for o in bad:
        assert (by_id[o.id]["label"], by_id[o.id]["legal"], by_id[o.id]["reason"]) == (o.label, False, o.reason)
    before = snapshot(g)
    refused = sb.press("choose", ids=["x1"])                            # clicked anyway: refused with the reason
    assert refused == f"{bad[1].label}: {bad[1].reason}" and sb.board.error == refused
    assert snapshot(g) == before


def test_a_few_illegal_options_stay_in_place(monkeypatch):
    g, sb = creatures()
    bad = [Option(f"x{i}", f"Card {i}", False, f"why {i}") for i in range(FOLD_AFTER)]
    shown = show(monkeypatch, sb, Decision("Ana", "Pick one", [Option("ok", "Fine")] + bad))
    assert shown["folded"] == 0
    assert [(o["id"], o["legal"], o["reason"]) for o in shown["options"]] == (
        [("ok", True, "")] + [(o.id, False, o.reason) for o in bad])   # in the rules' order, with their reasons


def test_option_labels_are_whole():
    g = P.fighter()
    g.choose("attack:7S", "attack:5S")
    sb = Sandbox(g, seat=SEAT_ALL)
    shown = sb.board.view["decision"]["options"]
    assert {o["id"] for o in shown} == {o.id for o in g.pending.options}
    for o in shown:
        assert o["label"] == g.pending.option(o["id"]).label           # never shortened


def test_the_suggested_share_is_first_marked_and_not_applied():
    g = P.fighter()
    g.choose("attack:7S", "attack:5S")
    d = g.pending
    assert d.default == "kill:3C+4C:weaken:9C"
    sb = Sandbox(g, seat=SEAT_ALL)
    n = len(g.history)
    options = sb.board.view["decision"]["options"]
    assert options[0]["id"] == d.default and options[0]["suggested"]
    others = options[1:]
    assert others and not any(o["suggested"] for o in others)
    sb.refresh()
    assert len(g.history) == n and g.pending is d              # nothing is chosen until a click
    other = next(o["id"] for o in others if o["legal"])
    assert sb.press("choose", ids=[other]) is None
    assert list(g.history[-1].choice) == [other]                    # the person's choice, not the default


def test_a_suggested_pick_among_several_is_first_and_waits_for_confirm(monkeypatch):
    g, sb = creatures()
    n = len(g.history)
    d = Decision("Ana", "Discard any", [Option("a", "Card A"), Option("b", "Card B"), Option("c", "Card C")],
                 0, 2, default="b")
    shown = show(monkeypatch, sb, d)
    assert (shown["min"], shown["max"]) == (0, 2)                     # picked, then confirmed
    assert [(o["id"], o["suggested"]) for o in shown["options"]] == [("b", True), ("a", False), ("c", False)]
    sb.refresh()
    assert len(g.history) == n                                        # not chosen: Confirm is still to press
    refused = sb.press("choose", ids=["a", "b", "c"])
    assert refused == "pick 0 to 2, not 3" and len(g.history) == n


# -- the game-over panel ----------------------------------------------------------------------------

def finished(game_id: str, seed: int) -> tablekit.Game:
    g = tablekit.new_game(game_id, seed=seed)
    g.run(until="end", bots="heuristic")
    assert g.is_over
    return g


def test_the_game_over_panel_of_creatures_names_winners_scores_and_ending():
    g = finished("creatures", 3)
    res = g.result
    sb = Sandbox(g, seat=SEAT_ALL)
    over = sb.board.view["over"]
    assert over["scores"] == {p: str(int(s)) for p, s in res.scores.items()}   # 7, not 7.0
    assert res.winners and over["winners"] == list(res.winners) and over["who"] == f"{res.winners[0]} wins."
    assert over["why"] == res.summary()
    assert res.ending == "most_treasure" and over["ending"] == res.ending
    assert over["how"] == f"How it ended: {g.gamedef.endings['most_treasure']}."
    assert "{" not in over["who"] + over["why"] + over["how"]
    assert sb.board.view["decision"] is None and not sb.board.view["can"]["step"]
    assert sb.press("view", seat=None) is None                          # a spectator is told the same
    assert sb.board.view["over"] == over


@pytest.mark.parametrize("game_id", ["foehunters", "mirkwood"])
def test_the_game_over_panel_of_a_cooperative_game_says_the_party_won_or_lost(game_id):
    g = finished(game_id, 3)
    res = g.result
    words = game_over_words(g)
    over = Sandbox(g, seat=SEAT_ALL).board.view["over"]
    assert not res.scores and over["scores"] is None
    assert {k: over[k] for k in ("who", "why", "how")} == words
    assert ("won together" in words["who"]) == bool(res.winners)
    assert ("lost together" in words["who"]) == (not res.winners and res.ending != "unfinished")
    assert g.gamedef.endings[res.ending] in words["how"] and "{" not in " ".join(words.values())


# -- Save game and Load game ------------------------------------------------------------------------

def downloads(monkeypatch, sb: Sandbox) -> list[dict]:
    """What the board hands the browser to download (`Board.send`), as it is sent."""
    sent: list[dict] = []
    monkeypatch.setattr(sb.board, "send", sent.append)
    return sent


def played(seed: int = 5, records: int = 30):
    g = tablekit.new_game("creatures", players=["Ana", "Bo"], seed=seed)
    g.run(until="end", bots="random", max_records=records)
    g.undo()                                                    # a redo list too
    return g


def test_save_game_then_load_game_round_trips_records_state_and_redo(monkeypatch):
    g = played()
    sb = Sandbox(g, seat=SEAT_ALL)
    sent = downloads(monkeypatch, sb)
    assert sb.press("save") is None
    [msg] = sent
    name, text = msg["name"], msg["text"]
    assert msg["kind"] == "download" and msg["mime"] == "application/json"
    assert name == f"creatures-game-record-{len(g.history)}.json" and json.loads(text)["game"] == "creatures"
    other = Sandbox(tablekit.new_game("creatures", players=["Ana", "Bo"], seed=99))
    assert other.press("load", name=name, text=text) is None and other.board.error == ""
    back = other.game
    assert len(back.history) == len(g.history) and back.state.to_dict() == g.state.to_dict()
    assert back.can_redo and other.board.view["record"] == len(g.history) and other.board.view["can"]["redo"]
    assert other.press("redo") is None
    g.redo()
    assert back.state.to_dict() == g.state.to_dict()


def test_save_game_and_save_position_are_refused_unless_the_board_shows_everything(monkeypatch):
    g = played()
    for seat in ("Ana", SEAT_NOBODY):
        sb = Sandbox(g, seat=seat)
        sent = downloads(monkeypatch, sb)
        for action in ("save", "save_position"):
            refused = sb.press(action)
            assert refused and "only while it shows everything" in refused, (seat, action)
        assert sent == []                                       # a save names the hidden cards: nothing is sent


def test_load_game_with_other_seats_reseats_the_pickers():
    g = tablekit.new_game("creatures", players=["Xi", "Yu", "Zo"], seed=4)
    g.run(until="decision")
    sb = Sandbox(tablekit.new_game("creatures", players=["Ana", "Bo"], seed=1), seat="Ana", bots={"Bo": "random"})
    assert sb.press("load", name="three.json", text=g.save()) is None and sb.board.error == ""
    view = sb.board.view
    assert view["controls"]["seats"] == ["Xi", "Yu", "Zo"] == [p["name"] for p in view["players"]]
    assert view["controls"]["bots"] == {} and view["controls"]["view"] is None   # Ana and Bo are gone
    assert view["decision"] == {"waiting_for": g.pending.player}
    assert sb.press("view", seat=g.pending.player) is None
    assert {o["id"] for o in sb.board.view["decision"]["options"]} == {o.id for o in g.pending.options}
    refused = sb.press("view", seat="Ana")
    assert refused and "no player named 'Ana'" in refused


@pytest.mark.parametrize("content, words", [
    (b"this is not json", ["broken.json", "JSON"]),
    (b"\xff\xfe\x00garbage", ["broken.json", "not text"]),
    (b'{"format_version": 99}', ["broken.json", "format_version"]),
])
def test_a_broken_upload_is_refused_with_its_reason_and_changes_nothing(content, words):
    g = played()
    sb = Sandbox(g, seat=SEAT_ALL)
    before, view = snapshot(g), sb.board.view
    refused = sb.press("load", name="broken.json", text=content.decode("utf-8", "surrogateescape"))
    assert refused and refused.startswith("Load game:") and sb.board.error == refused
    for w in words:
        assert w in refused
    assert sb.game is g and snapshot(g) == before and sb.board.view == view


def test_a_save_of_another_game_is_refused():
    lab = tablekit.new_game("labyrinth", players=3, seed=2)
    lab.run(until="decision")
    g = played()
    sb = Sandbox(g, seat=SEAT_ALL)
    before = snapshot(g)
    refused = sb.press("load", name="lab.json", text=lab.save())
    assert refused and "lab.json is a save of" in refused and "labyrinth" in refused
    assert "this table plays creatures" in refused
    assert sb.game is g and snapshot(g) == before


def test_save_position_is_still_a_scenario_file(monkeypatch):
    g = played()
    sb = Sandbox(g, seat=SEAT_ALL)
    sent = downloads(monkeypatch, sb)
    assert sb.press("save_position") is None
    [msg] = sent
    assert msg["kind"] == "download" and msg["mime"] == "text/yaml"
    assert msg["name"] == f"creatures-position-{len(g.history)}.yaml"
    back = build(parse(msg["text"], msg["name"]), msg["name"])        # it loads back as a scenario
    assert back.state.zones == g.state.zones
    assert sb.board.view["notice"].startswith("Saved the position as a scenario file")
