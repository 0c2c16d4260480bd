"""The board widget (tablekit/widgets/board.py) on the Python side: one widget
model, the view model it sends, and the messages it takes, forged ones refused
with the reason on the board's banner and nothing changed."""

from __future__ import annotations

import pytest
from ipywidgets.widgets.widget import _instances
from test_generic import GAMES, new, snapshot

import tablekit
from tablekit.widgets.board import Board
from tablekit.widgets.boardmodel import board_model


def models() -> dict[str, object]:
    """Every widget model alive in this kernel, by id."""
    return dict(_instances)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_board_is_one_widget_model_and_sends_the_seats_view(game_id):
    g = new(game_id, 0)
    g.run(until="decision")
    before = models()
    board = Board(g, g.pending.player)
    made = [type(w).__name__ for k, w in models().items() if k not in before]
    assert len(made) <= 10, "a board is at most 10 widget models"
    assert sorted(made) == ["Board", "Layout"], made  # the drawn board and its DOM layout, nothing more
    assert board.view == board_model(g, g.pending.player)
    assert board.error == ""
    board.close()


def test_a_click_on_an_option_plays_it_and_the_board_follows():
    g = new("creatures", 1)
    g.run(until="decision")
    d = g.pending
    board = Board(g, d.player)
    n = len(g.history)
    option = d.legal[0].id if d.max == 1 else None
    ids = [option] if option else [o.id for o in d.legal[:d.min]]
    assert board.handle({"action": "choose", "ids": ids, "record": n}) is None
    assert len(g.history) == n + 1 and board.view["record"] == n + 1
    assert board.handle({"action": "undo", "record": n + 1}) is None
    assert len(g.history) == n and board.view["decision"]["prompt"]
    assert board.handle({"action": "redo", "record": n}) is None
    assert len(g.history) == n + 1
    assert board.handle({"action": "restart", "record": n + 1}) is None
    assert g.history == [] and board.view["record"] == 0


def test_forged_messages_show_their_reason_on_the_banner_and_change_nothing():
    g = new("mirkwood", 2)
    g.run(until="decision")
    d = g.pending
    board = Board(g, d.player)
    before, n = snapshot(g), len(g.history)
    cases = [({"action": "choose", "ids": ["no-such-option"], "record": n}, "not an option"),
             ({"action": "choose", "ids": [d.legal[0].id], "record": n - 1}, "moved on"),
             ({"action": "shell", "record": n}, "unknown board action"),
             ("rm -rf", "object")]
    illegal = [o for o in d.options if not o.legal]
    if illegal:
        cases.append(({"action": "choose", "ids": [illegal[0].id], "record": n}, illegal[0].reason))
    for message, words in cases:
        error = board.handle(message)
        assert error and words.lower() in error.lower() and board.error == error, (message, error)
        assert snapshot(g) == before
    # the next good message clears the banner
    assert board.handle({"action": "choose", "ids": [d.legal[0].id] if d.max == 1 else
                         [o.id for o in d.legal[:d.min]], "record": n}) is None
    assert board.error == ""


def test_a_seat_that_does_not_decide_is_refused_and_a_bot_is_stepped():
    g = new("lfg", 3)
    g.run(until="decision")
    d = g.pending
    other = next(p for p in g.players if p != d.player and p not in (d.party or ()))
    board = Board(g, other)
    n = len(g.history)
    assert "decides here" in board.handle({"action": "choose", "ids": [d.legal[0].id], "record": n})
    assert board.view["decision"] == {"waiting_for": d.player}
    assert "must choose first" in board.handle({"action": "step", "record": n})
    bot_board = Board(g, other, bots={d.player: "random"})
    assert bot_board.view["decision"] == {"waiting_for": d.player, "bot": "random"}
    assert bot_board.handle({"action": "step", "record": n}) is None
    assert len(g.history) == n + 1


def test_an_error_inside_a_message_shows_as_a_banner(monkeypatch):
    g = new("labyrinth", 0)
    board = Board(g, g.players[0])

    def broken():
        raise RuntimeError("the rules engine fell over")

    monkeypatch.setattr(g, "step", broken)
    error = board.handle({"action": "step", "record": 0})
    assert error.startswith("Internal error") and "fell over" in error and board.error == error
    assert board.view["record"] == 0


def test_a_board_refuses_a_stranger_seat():
    with pytest.raises(tablekit.TablekitError, match="no player named"):
        Board(new("creatures", 0), "Zed")
