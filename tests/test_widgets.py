"""The widget layer, headless: clicks and values, no browser. The sandbox is one
board (tablekit/widgets/board.py): a click is `Sandbox.press`, and what the
browser is shown is the board's view model (`sb.board.view`) and its banner
(`sb.board.error`)."""

from __future__ import annotations

import json

import pytest
from ipywidgets.widgets.widget import _instances

import tablekit
from tablekit.games.creatures.positions import position
from tablekit.widgets import CardBrowser, LazySection, Sandbox
from tablekit.widgets.sandbox import SEAT_ALL
from tablekit.widgets.search import rule_html


def new_sandbox(**kw):
    """Two people at the table; the view is everything unless a test asks for another
    (the default view has tests of its own in tests/test_layout.py)."""
    kw.setdefault("seat", SEAT_ALL)
    g = tablekit.new_game("creatures", players=["Ana", "Bo"], seed=7)
    return g, Sandbox(g, **kw)


def snapshot(g: tablekit.Game) -> tuple:
    return g.state.to_dict(), len(g.history), g.can_redo


def zone(sb: Sandbox, zid: str) -> dict:
    return next(z for z in sb.board.view["zones"] if z["id"] == zid)


def some_legal_pick(d) -> list[str]:
    """Ids a person may confirm for the open decision: one legal option, or as many as it asks for."""
    legal = [o.id for o in d.options if o.legal]
    return legal[:max(d.min, 1)] if d.max >= 1 else []


def test_step_click_applies_one_rule_and_logs_it():
    g, sb = new_sandbox()
    assert sb.press("step") is None
    assert len(g.history) == 1
    view = sb.board.view
    assert view["record"] == 1 and [e["index"] for e in view["log"]] == [0]
    assert "Deal the Kings" in view["log"][0]["path"] and view["log"][0]["text"] == g.history[0].text
    assert view["at"] == list(g.cursor) and view["at"]                 # the outline marks where the game stands
    assert sb.board.error == ""
    assert "tk-sandbox" in sb._dom_classes and sb.children == (sb.board,)


def test_decision_panel_answers_and_undo_redo():
    g, sb = new_sandbox()
    while g.pending is None:
        assert sb.press("step") is None
    n, before = len(g.history), snapshot(g)
    refused = sb.press("step")                                         # a person must choose first
    assert refused == f"{g.pending.player} must choose first." and sb.board.error == refused
    assert snapshot(g) == before
    d = sb.board.view["decision"]
    assert d["player"] == g.pending.player
    assert {o["id"] for o in d["options"]} == {o.id for o in g.pending.options}
    assert sb.press("choose", ids=some_legal_pick(g.pending)) is None
    assert len(g.history) == n + 1 and sb.board.error == ""
    log_after = sb.board.view["log"]
    assert log_after[0]["index"] == n
    assert sb.press("undo") is None
    assert len(g.history) == n and g.pending is not None
    assert sb.board.view["log"] != log_after and sb.board.view["can"]["redo"]
    assert sb.board.view["decision"]["player"] == g.pending.player
    assert sb.press("redo") is None
    assert len(g.history) == n + 1 and sb.board.view["log"] == log_after


def test_step_is_not_offered_while_a_person_must_choose():
    g, sb = new_sandbox()
    while g.pending is None:
        assert sb.press("step") is None
    assert not sb.board.view["can"]["step"]


def test_illegal_option_is_disabled_with_its_reason_shown():
    g = position({"Ana": "Fighter", "Bo": "Wizard", "Cy": "Priest"},
                 {"Ana/hand": ["3C", "9C"]}, at="Monsters")
    sb = Sandbox(g, seat=SEAT_ALL)
    assert sb.press("choose", ids=["monster:3C:Bo"]) is None
    options = {o["id"]: o for o in sb.board.view["decision"]["options"]}
    assert not options["monster:9C:Bo"]["legal"]
    assert "at most one on each other player" in options["monster:9C:Bo"]["reason"]
    assert options["monster:9C:Cy"]["legal"] and options["monster:9C:Cy"]["reason"] == ""
    before = snapshot(g)
    refused = sb.press("choose", ids=["monster:9C:Bo"])                # clicked anyway: refused, with the reason
    assert refused and "at most one on each other player" in refused and sb.board.error == refused
    assert snapshot(g) == before


def test_error_in_a_click_shows_a_banner_and_changes_nothing():
    g, sb = new_sandbox()
    g.run(until="end", bots="random")
    sb.refresh()
    assert not sb.board.view["can"]["step"]
    before, view = snapshot(g), sb.board.view
    refused = sb.press("step")
    assert refused and "over" in refused and sb.board.error == refused
    assert snapshot(g) == before and sb.board.view == view
    assert sb.press("undo") is None
    assert sb.board.error == ""


def test_switching_seat_hides_the_other_hand():
    g, sb = new_sandbox()
    g.run(until="decision")
    sb.refresh()
    player = g.pending.player
    other = next(p for p in g.players if p != player)
    hand = g.state.zones[f"{player}/hand"]
    assert hand
    assert sb.press("view", seat=other) is None
    view = sb.board.view
    assert view["viewer"] == other and not view["everything"]
    assert zone(sb, f"{player}/hand")["cards"] == [None] * len(hand)   # card backs, where they lie
    assert not set(hand) & set(view["cards"]) and not any(u in json.dumps(view) for u in hand)
    assert view["decision"] == {"waiting_for": player}
    assert sb.press("view", seat=player) is None
    assert zone(sb, f"{player}/hand")["cards"] == hand and set(hand) <= set(sb.board.view["cards"])
    assert sb.board.view["decision"]["player"] == player


def test_hot_seat_asks_the_next_player_to_confirm():
    g, sb = new_sandbox(hot_seat=True)
    g.run(until="decision")
    sb.refresh()
    who = g.pending.player
    other = next(p for p in g.players if p != who)
    assert sb.board.view["handover"] == who, "the hand-over bar is shown"
    hand = g.state.zones[f"{who}/hand"]
    assert zone(sb, f"{who}/hand")["cards"] == [None] * len(hand) and not set(hand) & set(sb.board.view["cards"])
    assert sb.board.view["decision"] == {"waiting_for": who}
    refused = sb.press("i_am", seat=other)                             # only the player to play takes the screen
    assert refused and f"{who}'s turn" in refused and sb.board.view["handover"] == who
    assert sb.press("i_am", seat=who) is None
    assert sb.board.view["handover"] is None and sb.board.view["viewer"] == who
    assert zone(sb, f"{who}/hand")["cards"] == hand
    assert sb.board.view["decision"]["player"] == who


def test_bots_answer_on_step_and_run_buttons():
    g, sb = new_sandbox(bots={"Ana": "random", "Bo": "heuristic"})
    assert sb.press("run:round") is None
    assert g.history and not sb.board.error
    assert sb.press("run:end") is None
    assert g.is_over
    over = sb.board.view["over"]
    assert over and over["winners"] == list(g.result.winners) and over["who"]
    assert not sb.board.view["can"]["step"] and sb.board.view["decision"] is None


def models() -> dict[str, object]:
    """Every widget model alive in this kernel, by id."""
    return dict(_instances)


def test_a_sandbox_is_a_few_widget_models_and_a_click_changes_only_the_view():
    before = models()
    g, sb = new_sandbox()
    made = sorted(type(w).__name__ for k, w in models().items() if k not in before)
    assert len(made) <= 10 and made == ["Board", "Layout", "Layout", "Sandbox"], made
    synced = sb.board.trait_names(sync=lambda v: v)
    changed: list[str] = []
    sb.board.observe(lambda ch: changed.append(ch["name"]), names=synced)
    sb.press("step")
    sb.refresh()                                                       # nothing changed: nothing is set again
    sb.press("step")                                                   # shuffle
    sb.press("step")
    assert changed == ["view", "view", "view"]                         # one change a click, and only the view
    changed.clear()
    sb.press("redo")                                                   # refused: only the banner changes
    assert changed == ["error"] and sb.board.error
    assert set(models()) - set(before) == {sb.model_id, sb.layout.model_id, sb.board.model_id,
                                           sb.board.layout.model_id}   # no click made a widget


def test_restart_goes_back_to_the_start():
    g, sb = new_sandbox()
    for _ in range(3):
        assert sb.press("step") is None
    assert sb.press("restart") is None
    assert len(g.history) == 0 and g.can_redo == 3
    view = sb.board.view
    assert view["record"] == 0 and view["log"] == [] and view["can"] == {"step": True, "undo": False, "redo": True}


def test_card_browser_filters_and_marks_stand_ins():
    cb = CardBrowser("creatures")
    assert "53 card definitions (54 cards)" in cb.count.value
    cb.kind.value = "hero"
    assert "4 card definitions" in cb.count.value
    cb.search.value = "wizard"
    shown = {c["uid"]: c["name"] for c in cb.shelf.cards}
    assert shown.get("KC") == "K♣" and "KS" not in shown  # named as on the table
    cb.stand_ins.value = "only"
    assert "0 card definitions" in cb.count.value


def test_lazy_section_builds_on_open():
    built = []
    sec = LazySection("x", lambda: built.append(1) or Sandbox(tablekit.new_game("creatures", 2, seed=1)))
    assert not built and not sec.built
    sec.selected_index = 0
    assert built == [1] and isinstance(sec.children[0], Sandbox)


def test_ruling_ids_in_the_log_show_the_ruling():
    html = rule_html("creatures", "CC-ACE")
    assert "Ruling CC-ACE" in html and "Why:" in html
    assert "Rulebook: Game prep" in rule_html("creatures", "Game prep")


@pytest.mark.parametrize("seat", ["Ana", None])
def test_public_text_hides_drawn_cards_from_other_seats(seat):
    g = tablekit.new_game("creatures", players=["Ana", "Bo"], seed=7)
    g.run(until="decision")
    draw = next(r for r in g.history if r.node[-1] == "Draw")
    other = next(p for p in g.players if p != draw.player)
    assert draw.text_for(draw.player) == draw.text
    assert draw.text_for(other) == draw.public_text
    hidden = draw.for_viewer(other if seat else None)
    assert hidden["events"] == [] and hidden["text"] == draw.public_text


def test_the_boards_log_gives_each_seat_its_own_words():
    g, sb = new_sandbox(seat="Ana")
    g.run(until="decision")
    draw = next(r for r in g.history if r.node[-1] == "Draw")
    other = next(p for p in g.players if p != draw.player)
    assert draw.text != draw.public_text
    for seat, words in ((draw.player, draw.text), (other, draw.public_text), (None, draw.public_text)):
        assert sb.press("view", seat=seat) is None
        entry = next(e for e in sb.board.view["log"] if e["index"] == draw.index)
        assert entry["text"] == words, seat


def test_game_displays_itself_as_its_sandbox(monkeypatch):
    import IPython.display

    shown = []
    monkeypatch.setattr(IPython.display, "display", lambda obj, **kw: shown.append(obj))
    g = tablekit.new_game("creatures", players=2, seed=1)
    g._ipython_display_()
    assert len(shown) == 1 and isinstance(shown[0], Sandbox) and shown[0].game is g


def test_html_reprs_are_readable():
    g = tablekit.new_game("creatures", players=["Ana", "Bo"], seed=1)
    g.run(until="decision")
    assert "Ana&#x27;s hand" in g.state._repr_html_() or "Ana's hand" in g.state._repr_html_()
    assert g.pending.player in g.pending._repr_html_()
    assert "Deal the Kings" in g.history[0]._repr_html_()
    assert "King of Spades" in g.gamedef.cards["KS"]._repr_html_()
    assert "tk-flow" in g.flow._repr_html_()


def test_suggested_default_hint_and_party_in_the_decision_panel(monkeypatch):
    from tablekit.core import Decision, Option
    g, sb = new_sandbox(seat="Bo")
    d = Decision("Ana", "Which way?", [Option("left", "Go left"), Option("right", "Go right")],
                 default="right", hint="The right is shorter.", party=["Ana", "Bo"])
    monkeypatch.setattr(type(g), "pending", property(lambda self: d))
    sb.refresh()
    shown = sb.board.view["decision"]                                   # Bo is of the party: the decision is shown
    assert shown["player"] == "Ana" and shown["prompt"] == "The party (Ana, Bo; Ana speaks): Which way?"
    assert shown["hint"] == "The right is shorter."
    assert [(o["id"], o["label"], o["suggested"]) for o in shown["options"]] == [
        ("right", "Go right", True), ("left", "Go left", False)]       # the suggested one first
    assert all(o["legal"] for o in shown["options"])                   # the default takes no choice away


def test_an_option_made_illegal_by_a_ruling_shows_its_reason(monkeypatch):
    from tablekit.core import Decision, Option
    g, sb = new_sandbox(seat="Ana")
    d = Decision("Ana", "Reward", [Option("steal", "Steal", False, "only once a turn", rule="CC-THIEF"),
                                   Option("pass", "Pass")])
    monkeypatch.setattr(type(g), "pending", property(lambda self: d))
    sb.refresh()
    options = {o["id"]: o for o in sb.board.view["decision"]["options"]}
    assert not options["steal"]["legal"] and options["steal"]["reason"] == "only once a turn"
    assert options["pass"]["legal"]


def test_an_option_made_illegal_by_a_ruling_names_the_ruling(monkeypatch):
    from tablekit.core import Decision, Option
    g, sb = new_sandbox(seat="Ana")
    d = Decision("Ana", "Reward", [Option("steal", "Steal", False, "only once a turn", rule="CC-THIEF"),
                                   Option("pass", "Pass")])
    monkeypatch.setattr(type(g), "pending", property(lambda self: d))
    sb.refresh()
    steal = next(o for o in sb.board.view["decision"]["options"] if o["id"] == "steal")
    assert "CC-THIEF" in json.dumps(steal)


def test_a_ruling_reading_replays_the_same_game_under_it():
    from tablekit.games.labyrinth.positions import position as lab_position
    g = lab_position(["Ana", "Bo", "Cy"], {"Ana/hand": ["recruitment", "treason"], "Bo/hand": ["sabotage"],
                                            "heroes": ["thief", "golem"]}, at="Actions")
    sb = Sandbox(g)
    words = g.gamedef.ruling_variants["LAB-CHAIN"]
    assert sb.board.view["controls"]["readings"] == [                  # the menu names the readings
        {"id": "LAB-CHAIN", "readings": dict(words), "current": "words"}]
    assert sb.press("view", seat="*everything*") is None               # three people: play every seat
    for ids in ("play:recruitment", "counter:sabotage", "pass", "counter:treason", "pass", "pass"):
        assert sb.press("choose", ids=[ids]) is None
    assert sb.press("step") is None
    assert "Recruitment does not resolve" in g.history[-1].text      # the words: only the last card
    assert sb.press("reading", ruling="LAB-CHAIN", reading="stack") is None
    assert sb.game is not g and sb.game.state.options["rulings"] == {"LAB-CHAIN": "stack"}
    assert g.state.options["rulings"] == {"LAB-CHAIN": "words"}       # the first game is unchanged
    assert [r.choice for r in sb.game.history] == [r.choice for r in g.history]
    assert "the activity resolves" in sb.game.history[-1].text         # the counter was cancelled
    view = sb.board.view
    assert "every one of its 7 records" in view["notice"] and sb.board.error == ""
    assert view["record"] == len(sb.game.history) and view["log"][0]["text"] == sb.game.history[-1].text
    assert view["controls"]["readings"] == [{"id": "LAB-CHAIN", "readings": dict(words), "current": "stack"}]
    replayed = sb.game
    refused = sb.press("reading", ruling="LAB-CHAIN", reading="backwards")
    assert refused and "words or stack" in refused and sb.board.error == refused
    assert sb.game is replayed and sb.board.view["controls"]["readings"][0]["current"] == "stack"


def test_a_game_without_ruling_variants_shows_no_readings():
    _, sb = new_sandbox()
    assert sb.board.view["controls"]["readings"] == []
    refused = sb.press("reading", ruling="LAB-CHAIN", reading="stack")
    assert refused and "has no ruling with two readings" in refused


@pytest.mark.parametrize("game", sorted(tablekit.games()))
def test_step_with_bots_answers_as_run_does(game):
    """The sandbox's Step gives each bot seat the answer `Game.run` gives at that
    record (`bots.record_answer`): the heuristic's seat view seeded the same way."""
    seats = {"P1": "heuristic", "P2": "random"}
    played = tablekit.new_game(game, players=["P1", "P2"], seed=4)
    played.run(until="end", bots=seats, max_records=80)
    g = tablekit.new_game(game, players=["P1", "P2"], seed=4)
    sb = Sandbox(g, seat=SEAT_ALL, bots=seats)
    while len(g.history) < len(played.history):
        assert sb.press("step") is None
    assert [r.to_dict() for r in g.history] == [r.to_dict() for r in played.history]


def test_step_seeds_a_heuristic_seat_view_as_run_does(monkeypatch):
    """The seat view a heuristic decides from is seeded by the record in both
    the sandbox's Step and `Game.run` (hidden cards shuffled the same way)."""
    from tablekit.core import bots

    seen: list = []
    real = bots.answer

    def spy(kind, gamedef, ctx, d, rnd, view_seed=None):
        seen.append(view_seed)
        return real(kind, gamedef, ctx, d, rnd, view_seed=view_seed)

    monkeypatch.setattr(bots, "answer", spy)
    seats = {"P1": "heuristic", "P2": "heuristic"}
    played = tablekit.new_game("lfg", players=["P1", "P2"], seed=4)
    played.run(until="end", bots=seats, max_records=40)
    by_run, seen[:] = list(seen), []
    g = tablekit.new_game("lfg", players=["P1", "P2"], seed=4)
    sb = Sandbox(g, seat=SEAT_ALL, bots=seats)
    while len(g.history) < len(played.history):
        assert sb.press("step") is None
    assert by_run and seen == by_run and all(v is not None for v in seen)
