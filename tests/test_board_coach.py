"""The board's Coach switch (tablekit/widgets/board.py, coachrun.py): off by default; on,
it searches the open decision in the background and shows each answer's odds only to a
view that sees the deciding seat's cards; it never answers, and a step goes on at once."""
from __future__ import annotations

import json

import tablekit
from tablekit.widgets import Sandbox
from tablekit.widgets.board import Board
from tablekit.widgets.coachrun import CoachRunner


def at_decision(game_id: str = "creatures", seed: int = 2, **kw) -> tablekit.Game:
    g = tablekit.new_game(game_id, seed=seed, **kw)
    g.run(until="decision")
    return g


def test_the_coach_is_off_until_turned_on_then_shows_each_answers_odds():
    g = at_decision()
    d = g.pending
    b = Board(g, d.player)
    assert b.coach == {} and b.view["controls"]["coach"] is False and b.view["controls"]["coach_offered"]
    assert b.press("coach", on=True) is None
    assert b.coach["on"] and b.view["controls"]["coach"] is True
    b.wait_coach(120)
    c = b.coach
    assert c["record"] == len(g.history) and c["seat"] == d.player and c["running"] is False
    assert c["playouts"] == 400 and len(c["rows"]) == len(d.legal) and c["rows"][0]["best"]
    assert [r["mean"] for r in c["rows"]] == sorted((r["mean"] for r in c["rows"]), reverse=True)
    assert {tuple(r["ids"]) for r in c["rows"]} == {(o.id,) for o in d.legal}
    assert all(r["words"].endswith("400 playouts") for r in c["rows"]) and c["why"]
    # never an answer: the decision, the records and a save know nothing of it
    assert g.pending.default == d.default and "playouts" not in g.save()
    b.press("coach", on=False)
    assert b.coach == {}


def test_the_odds_are_shown_only_to_a_view_that_sees_the_deciding_seats_cards():
    g = at_decision()
    seat = g.pending.player
    other = next(p for p in g.players if p != seat)
    for b in (Board(g, other, coach=True), Board(g, None, coach=True)):
        assert b.coach["on"] and "rows" not in b.coach and f"choose {seat}" in b.coach["note"]
    everything = Board(g, None, everything=True, coach=True)
    everything.wait_coach(120)
    assert everything.coach["rows"]
    bot = Board(g, seat, bots={seat: "heuristic"}, coach=True)
    assert "bot decides" in bot.coach["note"] and "rows" not in bot.coach


def test_a_step_goes_on_while_the_coach_searches_and_the_old_search_says_nothing_more():
    g = at_decision()
    b = Board(g, g.pending.player, coach=True)
    first = b._coach.key
    assert b.press("choose", ids=[g.pending.legal[0].id]) is None   # at once, the search still running
    assert b._coach.key != first
    b.wait_coach(120)
    if g.pending is not None and g.pending.player == b.seat:
        assert b.coach["record"] == len(g.history)
    else:
        assert "rows" not in b.coach


def test_a_broken_coach_message_is_refused_and_changes_nothing():
    g = at_decision()
    b = Board(g, g.pending.player)
    for bad in ({"action": "coach", "on": "yes"}, {"action": "coach"}, {"action": "coach", "on": True, "ids": ["x"]}):
        assert b.handle(bad) is not None
        assert b.coach == {} and b.view["controls"]["coach"] is False


def test_a_sandbox_can_start_with_the_coach_on_and_a_builder_board_has_none():
    g = at_decision()
    sb = Sandbox(g, g.pending.player, coach=True)
    assert sb.board.coach["on"]
    sb.board.wait_coach(120)
    json.dumps(sb.board.coach)   # plain data for the browser
    editing = Board(g, None, everything=True, on_edit=lambda action, ids: None)
    assert editing.view["controls"]["coach_offered"] is False


def test_a_stopped_runner_publishes_nothing():
    seen = []
    runner = CoachRunner(seen.append)
    g = at_decision()
    assert runner.follow(g, g.pending, ("a",)) and not runner.follow(g, g.pending, ("a",))
    runner.stop()
    runner.wait(120)
    n = len(seen)
    runner.wait(1)
    assert len(seen) == n and runner.key is None


def test_closing_the_board_stops_its_search():
    g = at_decision()
    b = Board(g, g.pending.player, coach=True)
    b.close()
    shown = dict(b.coach)
    b.wait_coach(120)
    assert b._coach.key is None and b.coach == shown   # nothing was published after the close
