"""The decision panel, the game-over panel and Save game / Load game, kernel-side
(issue 18): what the widgets hold after a click, no browser."""

from __future__ import annotations

import base64
import datetime
import json
import re

import pytest

import tablekit
from tablekit.core import Decision, Option
from tablekit.games.creatures import positions as P
from tablekit.widgets import SEAT_ALL, Sandbox
from tablekit.widgets.sandbox import FOLD_AFTER, game_over_html, prompt_line


def panel_html(sb: Sandbox) -> str:
    return " ".join(getattr(w, "value", "") for row in sb.decision_panel.children
                    for w in getattr(row, "children", [row]))


def show(monkeypatch, sb: Sandbox, d: Decision) -> None:
    monkeypatch.setattr(type(sb.game), "pending", property(lambda self: d))
    sb._decision_key = None
    sb.refresh()


def creatures(seed: int = 7):
    g = tablekit.new_game("creatures", players=["Ana", "Bo"], seed=seed)
    return g, Sandbox(g, seat=SEAT_ALL)


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
    for _ in range(400):  # a bots' game, looking at the panel at every decision
        d = g.pending
        if d is None:
            if g.state.over:
                break
            g.step()
            continue
        sb._decision_key = None
        sb.refresh()
        html = " ".join(w.value for row in sb.decision_panel.children for w in getattr(row, "children", [row])
                        if isinstance(getattr(w, "value", None), str))
        assert f"{d.player}: {d.player}" not in html
        seen += d.prompt.startswith(d.player)
        g.choose(d.legal[0].id)
    assert seen  # the game did ask prompts that open with the seat

def test_more_than_a_few_illegal_options_fold_with_every_label_and_reason(monkeypatch):
    g, sb = creatures()
    bad = [Option(f"x{i}", f"Card number {i} with a long name", False, f"reason number {i}",
                  rule="CC-THIEF" if i == 0 else "") for i in range(FOLD_AFTER + 2)]
    d = Decision("Ana", "Pick one", [Option("ok", "The one that works")] + bad + [Option("pass", "Pass")])
    show(monkeypatch, sb, d)
    assert set(sb.option_buttons()) == {"ok", "pass"}            # the illegal ones are not buttons
    folds = [w.value for w in sb.decision_panel.children if "tk-fold" in getattr(w, "value", "")]
    assert len(folds) == 1 and f"Not possible now ({len(bad)}) — why" in folds[0]
    assert folds[0].startswith("<details")                      # opened by keyboard (summary) as by mouse
    for o in bad:
        assert o.label in folds[0] and f"Not allowed: {o.reason}" in folds[0]
    assert "Ruling CC-THIEF" in folds[0]


def test_a_few_illegal_options_stay_in_place_as_disabled_buttons(monkeypatch):
    g, sb = creatures()
    bad = [Option(f"x{i}", f"Card {i}", False, f"why {i}") for i in range(FOLD_AFTER)]
    show(monkeypatch, sb, Decision("Ana", "Pick one", [Option("ok", "Fine")] + bad))
    buttons = sb.option_buttons()
    assert set(buttons) == {"ok"} | {o.id for o in bad}
    assert all(buttons[o.id].disabled for o in bad) and not buttons["ok"].disabled
    assert "Not possible now" not in panel_html(sb) and "Not allowed: why 2" in panel_html(sb)


def test_option_buttons_wrap_their_whole_label():
    g = P.fighter()
    g.choose("attack:7S", "attack:5S")
    sb = Sandbox(g, seat=SEAT_ALL)
    for oid, b in sb.option_buttons().items():
        assert b.description.startswith(g.pending.option(oid).label)   # never shortened
        assert "tk-option" in b._dom_classes and b.layout.height == "auto"
    assert {r.layout.display for r in sb.decision_panel.children} == {None}


def test_the_suggested_share_is_first_marked_and_not_applied():
    g = P.fighter()
    g.choose("attack:7S", "attack:5S")
    d = g.pending
    assert d.default == "kill:3C+4C:weaken:9C"
    sb = Sandbox(g, seat=SEAT_ALL)
    n = len(g.history)
    buttons = sb.option_buttons()
    first = next(iter(buttons))
    assert first == d.default
    b = buttons[d.default]
    assert {"tk-default", "tk-suggested"} <= set(b._dom_classes) and "(suggested)" in b.description
    others = [w for oid, w in buttons.items() if oid != d.default]
    assert others and all("tk-default" not in w._dom_classes and "suggested" not in w.description
                          for w in others)
    sb.refresh()
    assert len(g.history) == n and g.pending is d              # nothing is chosen until a click
    other = next(oid for oid, w in buttons.items() if oid != d.default and not w.disabled)
    buttons[other].click()
    assert list(g.history[-1].choice) == [other]                    # the person's choice, not the default


def test_a_suggested_pick_among_several_is_ticked_but_waits_for_confirm(monkeypatch):
    g, sb = creatures()
    n = len(g.history)
    d = Decision("Ana", "Discard any", [Option("a", "Card A"), Option("b", "Card B"), Option("c", "Card C")],
                 0, 2, default="b")
    show(monkeypatch, sb, d)
    boxes = sb.option_buttons()
    assert list(boxes)[0] == "b" and boxes["b"].value and not boxes["a"].value
    assert "tk-default" in boxes["b"]._dom_classes and "(suggested)" in boxes["b"].description
    assert "tk-confirm" in sb.decision_panel.children[-1]._dom_classes
    sb.refresh()
    assert len(g.history) == n and boxes["b"].value       # ticked, not chosen: Confirm is still to press


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
    html = panel_html(sb)
    assert "tk-game-over" in html and "<table class='tk-scores'>" in html
    for p, s in res.scores.items():
        mark = "★ winner" if p in res.winners else "no"
        assert f"<tr><td>{p}</td><td>{int(s)}</td><td>{mark}</td></tr>" in html
    assert res.winners and f"{res.winners[0]} wins" in html
    assert res.ending == "most_treasure" and g.gamedef.endings["most_treasure"] in html
    assert f"data-ending='{res.ending}'" in html
    assert "{" not in html and "Scores: {" not in sb.status_view.value


@pytest.mark.parametrize("game_id", ["foehunters", "mirkwood"])
def test_the_game_over_panel_of_a_cooperative_game_says_the_party_won_or_lost(game_id):
    g = finished(game_id, 3)
    res = g.result
    html = game_over_html(g)
    assert not res.scores and "<table" not in html
    assert ("won together" in html) == bool(res.winners)
    assert ("lost together" in html) == (not res.winners and res.ending != "unfinished")
    assert g.gamedef.endings[res.ending] in html and "{" not in html


# -- Save game and Load game ------------------------------------------------------------------------

def downloaded(sb: Sandbox) -> tuple[str, str]:
    """(file name, text) of the download link Save game put next to the controls."""
    m = re.search(r'download="([^"]+)" href="data:application/json;base64,([^"]+)"', sb.download.value)
    assert m, sb.download.value
    return m.group(1), base64.b64decode(m.group(2)).decode("utf-8")


def upload(sb: Sandbox, name: str, content: bytes) -> None:
    sb.load_upload.value = ({"name": name, "type": "application/json", "size": len(content),
                             "content": memoryview(content),
                             "last_modified": datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)},)


def played(seed: int = 5, records: int = 30):
    g = tablekit.new_game("creatures", players=["Ana", "Bo"], seed=seed)
    g.run(until="end", bots="random", max_records=records)
    g.undo()                                                    # a redo list too
    return g


def test_save_game_then_load_game_round_trips_records_state_and_redo():
    g = played()
    sb = Sandbox(g, seat=SEAT_ALL)
    sb.save_game_button.click()
    name, text = downloaded(sb)
    assert name == f"creatures-game-record-{len(g.history)}.json" and json.loads(text)["game"] == "creatures"
    other = Sandbox(tablekit.new_game("creatures", players=["Ana", "Bo"], seed=99))
    upload(other, name, text.encode("utf-8"))
    assert other.banner.value == ""
    assert f"<span class='tk-loaded tk-zone-meta'>Loaded {name}: record {len(g.history)}.</span>" == other.download.value
    back = other.game
    assert len(back.history) == len(g.history) and back.state.to_dict() == g.state.to_dict()
    assert back.can_redo and f"Record {len(g.history)}" in other.status_view.value
    assert other.load_upload.value == ()                        # nothing kept; the same file may be picked again
    other.redo_button.click()
    g.redo()
    assert back.state.to_dict() == g.state.to_dict()


def test_load_game_with_other_seats_reseats_the_pickers():
    g = tablekit.new_game("creatures", players=["Xi", "Yu", "Zo"], seed=4)
    g.run(until="decision")
    sb = Sandbox(tablekit.new_game("creatures", players=["Ana", "Bo"], seed=1))
    upload(sb, "three.json", g.save().encode())
    assert sb.banner.value == "" and list(sb.bot_pickers) == ["Xi", "Yu", "Zo"]
    assert [v for _, v in sb.seat.options][2:] == ["Xi", "Yu", "Zo"]
    assert set(sb.option_buttons()) == {o.id for o in g.pending.options}


@pytest.mark.parametrize("content, words", [
    (b"this is not json", ["broken.json", "JSON"]),
    (b"\xff\xfe\x00garbage", ["broken.json", "not text"]),
    (b'{"format_version": 99}', ["broken.json", "format_version"]),
])
def test_a_broken_upload_is_refused_with_its_reason_and_changes_nothing(content, words):
    g = played()
    sb = Sandbox(g, seat=SEAT_ALL)
    before, n, log = g.state.to_dict(), len(g.history), sb.log_view.value
    upload(sb, "broken.json", content)
    assert sb.banner.value.startswith("<b>Error:</b> Load game:")
    for w in words:
        assert w in sb.banner.value
    assert sb.game is g and len(g.history) == n and g.state.to_dict() == before
    assert sb.log_view.value == log and sb.load_upload.value == ()


def test_a_save_of_another_game_is_refused():
    lab = tablekit.new_game("labyrinth", players=3, seed=2)
    lab.run(until="decision")
    g = played()
    sb = Sandbox(g, seat=SEAT_ALL)
    n = len(g.history)
    upload(sb, "lab.json", lab.save().encode())
    assert "lab.json is a save of" in sb.banner.value and "labyrinth" in sb.banner.value
    assert "this table plays creatures" in sb.banner.value
    assert sb.game is g and len(g.history) == n


def test_save_position_is_still_a_scenario_file():
    g = played()
    sb = Sandbox(g, seat=SEAT_ALL)
    sb.save_button.click()
    assert 'href="data:text/yaml;base64,' in sb.download.value and ".yaml" in sb.download.value
