"""The widget layer, headless: clicks and values, no browser."""

from __future__ import annotations

from html import escape

import pytest

import tablekit
from tablekit.games.creatures.positions import position
from tablekit.widgets import CardBrowser, LazySection, Sandbox, render
from tablekit.widgets.sandbox import SEAT_ALL


def new_sandbox(**kw):
    """Two people at the table; the view is everything unless a test asks for another
    (the default view has tests of its own in tests/test_layout.py)."""
    kw.setdefault("seat", SEAT_ALL)
    g = tablekit.new_game("creatures", players=["Ana", "Bo"], seed=7)
    return g, Sandbox(g, **kw)


def test_step_click_applies_one_rule_and_logs_it():
    g, sb = new_sandbox()
    sb.step_button.click()
    assert len(g.history) == 1
    assert "Deal the Kings" in sb.log_view.value
    assert "tk-current" in sb.outline_view.value
    assert "Record 1" in sb.status_view.value
    assert sb.banner.value == ""
    assert "tk-app" in sb._dom_classes


def test_decision_panel_answers_and_undo_redo():
    g, sb = new_sandbox()
    while g.pending is None:
        sb.step_button.click()
    assert sb.step_button.disabled  # a person must choose first
    buttons = sb.option_buttons()
    assert set(buttons) == {o.id for o in g.pending.options}
    n = len(g.history)
    legal = next(oid for oid, w in buttons.items() if not w.disabled)
    buttons[legal].click() if hasattr(buttons[legal], "click") else None
    if legal not in (r.choice[0] for r in g.history[-1:] if r.choice):
        # checkboxes: tick and confirm
        buttons[legal].value = True
        sb.decision_panel.children[-1].click()
    assert len(g.history) == n + 1
    log_after = sb.log_view.value
    sb.undo_button.click()
    assert len(g.history) == n and g.pending is not None
    assert sb.log_view.value != log_after
    sb.redo_button.click()
    assert len(g.history) == n + 1 and sb.log_view.value == log_after


def test_illegal_option_is_disabled_with_its_reason_shown():
    g = position({"Ana": "Fighter", "Bo": "Wizard", "Cy": "Priest"},
                 {"Ana/hand": ["3C", "9C"]}, at="Monsters")
    sb = Sandbox(g, seat=SEAT_ALL)
    g.choose("monster:3C:Bo")
    sb.refresh()
    buttons = sb.option_buttons()
    assert buttons["monster:9C:Bo"].disabled
    assert "at most one on each other player" in sb.decision_panel.children[1 + list(buttons).index("monster:9C:Bo")].children[1].value


def test_error_in_a_click_shows_a_banner_and_changes_nothing():
    g, sb = new_sandbox()
    g.run(until="end", bots="random")
    sb.refresh()
    assert sb.step_button.disabled
    sb.on_step_guarded = sb._guard(sb.on_step)
    sb.on_step_guarded()
    assert "over" in sb.banner.value
    sb.undo_button.click()
    assert sb.banner.value == ""


def test_switching_seat_hides_the_other_hand():
    g, sb = new_sandbox()
    g.run(until="decision")
    sb.refresh()
    player = g.pending.player
    other = next(p for p in g.players if p != player)
    hand = g.state.zones[f"{player}/hand"]
    assert hand
    sb.seat.value = other
    zone_html = sb.zone_widgets[f"{player}/hand"].value
    assert all(f"data-uid='{u}'" not in zone_html for u in hand)
    assert "face down" in zone_html
    assert "Waiting for" in sb.decision_panel.children[0].value
    sb.seat.value = player
    zone_html = sb.zone_widgets[f"{player}/hand"].value
    assert all(f"data-uid='{u}'" in zone_html for u in hand)


def test_hot_seat_asks_the_next_player_to_confirm():
    g, sb = new_sandbox(hot_seat=True)
    g.run(until="decision")
    sb.refresh()
    who = g.pending.player
    assert sb.handover.children, "the hand-over bar is shown"
    assert f"I am {who}" == sb.handover.children[1].description
    hand = g.state.zones[f"{who}/hand"]
    assert all(f"data-uid='{u}'" not in sb.zone_widgets[f"{who}/hand"].value for u in hand)
    sb.handover.children[1].click()
    assert not sb.handover.children
    assert all(f"data-uid='{u}'" in sb.zone_widgets[f"{who}/hand"].value for u in hand)


def test_bots_answer_on_step_and_run_buttons():
    g, sb = new_sandbox(bots={"Ana": "random", "Bo": "heuristic"})
    sb.round_button.click()
    assert g.history and not sb.banner.value
    sb.end_button.click()
    assert g.is_over
    assert "Game over" in sb.status_view.value


def test_a_click_repaints_only_what_changed():
    g, sb = new_sandbox()
    sb.step_button.click()
    painted = dict(sb._painted)
    sb.refresh()  # nothing changed: nothing is set again
    assert sb._painted == painted
    sb.step_button.click()  # shuffle: the box and the deck change
    sets = []
    for z, w in sb.zone_widgets.items():
        w.observe(lambda ch, z=z: sets.append(z), names="value")
    sb.step_button.click()  # first player: no card moves; only the deck loses its "just changed" marks
    assert sets == ["deck"] or set(sets) <= {"deck", "box"}
    assert "Ana/hero" not in sets and "discard" not in sets


def test_changed_cards_are_marked_in_words():
    g, sb = new_sandbox()
    sb.step_button.click()
    hero_html = sb.zone_widgets["Ana/hero"].value
    assert "just changed" in hero_html


def test_restart_goes_back_to_the_start():
    g, sb = new_sandbox()
    for _ in range(3):
        sb.step_button.click()
    sb.restart_button.click()
    assert len(g.history) == 0 and g.can_redo == 3


def test_card_browser_filters_and_marks_stand_ins():
    cb = CardBrowser("creatures")
    assert "53 card definitions (54 cards)" in cb.count.value
    cb.kind.value = "hero"
    assert "4 card definitions" in cb.count.value
    cb.search.value = "wizard"
    assert "King of Clubs" in cb.list.value and "King of Spades" not in cb.list.value
    cb.stand_ins.value = "only"
    assert "0 card definitions" in cb.count.value


def test_lazy_section_builds_on_open():
    built = []
    sec = LazySection("x", lambda: built.append(1) or Sandbox(tablekit.new_game("creatures", 2, seed=1)))
    assert not built and not sec.built
    sec.selected_index = 0
    assert built == [1] and isinstance(sec.children[0], Sandbox)


def test_ruling_ids_in_the_log_show_the_ruling():
    html = render.rule_html("creatures", "CC-ACE")
    assert "Ruling CC-ACE" in html and "Why:" in html
    assert "Rulebook: Game prep" in render.rule_html("creatures", "Game prep")


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
    sb._decision_key = None
    sb.refresh()
    html = " ".join(getattr(w, "value", "") for w in sb.decision_panel.children)
    assert "The party (Ana, Bo; Ana speaks)" in html and "Hint: The right is shorter." in html
    buttons = sb.option_buttons()
    assert buttons["right"].description == "Go right (suggested)" and buttons["right"].button_style == "info"
    assert not buttons["left"].disabled      # the default takes no choice away


def test_an_option_made_illegal_by_a_ruling_shows_the_ruling(monkeypatch):
    from tablekit.core import Decision, Option
    g, sb = new_sandbox(seat="Ana")
    d = Decision("Ana", "Reward", [Option("steal", "Steal", False, "only once a turn", rule="CC-THIEF"),
                                   Option("pass", "Pass")])
    monkeypatch.setattr(type(g), "pending", property(lambda self: d))
    sb._decision_key = None
    sb.refresh()
    html = " ".join(getattr(w, "value", "") for row in sb.decision_panel.children
                    for w in getattr(row, "children", [row]))
    assert "Not allowed: only once a turn" in html and "Ruling CC-THIEF" in html


def test_a_ruling_reading_replays_the_same_game_under_it():
    from tablekit.games.labyrinth.positions import position as lab_position
    g = lab_position(["Ana", "Bo", "Cy"], {"Ana/hand": ["recruitment", "treason"], "Bo/hand": ["sabotage"],
                                            "heroes": ["thief", "golem"]}, at="Actions")
    sb = Sandbox(g)
    assert list(sb.reading_pickers) == ["LAB-CHAIN"] and sb.reading_pickers["LAB-CHAIN"].value == "words"
    for ids in ("play:recruitment", "counter:sabotage", "pass", "counter:treason", "pass", "pass"):
        sb.on_choose(ids)
    sb.on_step()
    assert "Recruitment does not resolve" in g.history[-1].text      # the words: only the last card
    sb.reading_pickers["LAB-CHAIN"].value = "stack"
    assert sb.game is not g and sb.game.state.options["rulings"] == {"LAB-CHAIN": "stack"}
    assert g.state.options["rulings"] == {"LAB-CHAIN": "words"}       # the first game is unchanged
    assert [r.choice for r in sb.game.history] == [r.choice for r in g.history]
    assert "the activity resolves" in sb.game.history[-1].text         # the counter was cancelled
    assert "every one of its 7 records" in sb.reading_note.value and sb.banner.value == ""
    words = g.gamedef.ruling_variants["LAB-CHAIN"]
    assert sb.reading_pickers["LAB-CHAIN"].options == tuple(words)          # the menu names the readings
    assert escape(words["stack"]) in sb.reading_words.value and escape(words["words"]) not in sb.reading_words.value


def test_a_game_without_ruling_variants_shows_no_readings():
    _, sb = new_sandbox()
    assert sb.reading_pickers == {} and sb.readings_box.layout.display == "none"


@pytest.mark.parametrize("game", ["creatures", "lfg", "labyrinth", "foehunters", "mirkwood"])
def test_step_with_bots_answers_as_run_does(game):
    """The sandbox's Step gives each bot seat the answer `Game.run` gives at that
    record (`bots.record_answer`): the heuristic's seat view seeded the same way."""
    seats = {"P1": "heuristic", "P2": "random"}
    played = tablekit.new_game(game, players=["P1", "P2"], seed=4)
    played.run(until="end", bots=seats, max_records=80)
    g = tablekit.new_game(game, players=["P1", "P2"], seed=4)
    sb = Sandbox(g, seat=SEAT_ALL, bots=seats)
    while len(g.history) < len(played.history):
        sb.on_step()
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
        sb.on_step()
    assert by_run and seen == by_run and all(v is not None for v in seen)
