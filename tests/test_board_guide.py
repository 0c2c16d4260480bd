"""Learn to play on the board (issue 45), in Python: each game's guide is played through
by pressing what a person would press, reading only what the board sends (the bubble's
state, its buttons, what to do); a wrong turn is taken, undone, then kept; the bubble
is withheld from a view of another seat; the guide's buttons are checked as untrusted
input."""

from __future__ import annotations

import pytest

from tablekit.core.guide import learner_decides, suggested_answer
from tablekit.core.registry import registry
from tablekit.widgets import learn_to_play

GAMES = sorted(registry())


def follow(sb, limit: int = 3000) -> list[tuple[int, str]]:
    """Press through the guide as a person who does what each bubble asks (and answers a
    decision no lesson speaks of with its suggestion); the (lesson, state) pairs seen."""
    seen = []
    board = sb.board
    for _ in range(limit):
        gd = board.guide
        assert gd["on"] and not board.error, board.error
        seen.append((gd["index"], gd["state"]))
        if gd["state"] == "done":
            return seen
        run, g = board.guide_run, board.game
        if gd["state"] == "lesson" and "next" in gd["buttons"]:
            assert sb.press("guide", do="next", lesson=gd["index"]) is None
        elif gd["state"] == "lesson" and run.lesson().answers:
            want = run.expected(g)
            ids = list(want) if want else [o["id"] for o in board.view["decision"]["options"] if o["legal"]][:1]
            assert sb.press("choose", ids=ids) is None
        elif learner_decides(g.pending, run.guide.seat):
            assert gd["state"] == "waiting" and gd["target"] == {"decision": True}
            assert sb.press("choose", ids=suggested_answer(g.pending)) is None
        else:
            assert sb.press("step") is None, board.error
    raise AssertionError(f"the guide did not end within {limit} presses")


@pytest.mark.parametrize("game_id", GAMES)
def test_the_guide_is_played_through_on_the_board(game_id):
    sb = learn_to_play(game_id)
    guide = sb.board.guide_run.guide
    first = sb.board.guide
    assert first["index"] == 0 and first["total"] == len(guide.lessons) and first.get("intro") == guide.intro
    seen = follow(sb)
    shown = [i for i, state in seen if state == "lesson"]
    assert sorted(set(shown)) == list(range(len(guide.lessons))), "every lesson showed"
    assert shown == sorted(shown), "in order"
    end = sb.board.guide
    assert end["summary"] == list(guide.summary) and [s["title"] for s in end["sections"]] == list(guide.sections)
    assert all(s["href"].startswith("#") and " " not in s["href"] for s in end["sections"])
    assert [e["kind"] for e in end["left"]] == [e.kind for e in guide.left]
    # the end offers a restart, which deals the guide again
    assert sb.press("guide", do="restart", lesson=end["index"]) is None
    assert sb.board.guide["index"] == 0 and len(sb.game.history) == 0


def test_a_wrong_turn_on_the_board_offers_undo_then_goes_on():
    sb = learn_to_play("creatures")
    board = sb.board
    run = board.guide_run
    for _ in range(2000):
        gd = board.guide
        if gd["state"] == "lesson" and run.lesson().do == "option" and len(
                [o for o in board.view["decision"]["options"] if o["legal"]]) > 1:
            break
        if gd["state"] == "lesson" and "next" in gd["buttons"]:
            sb.press("guide", do="next", lesson=gd["index"])
        elif gd["state"] == "lesson" and run.lesson().answers:
            sb.press("choose", ids=list(run.expected(board.game)))
        elif learner_decides(board.game.pending, run.guide.seat):
            sb.press("choose", ids=[next(o["id"] for o in board.view["decision"]["options"] if o["legal"])])
        else:
            sb.press("step")
    index, at = gd["index"], len(board.game.history)
    want = run.expected(board.game)
    other = next(o for o in board.view["decision"]["options"] if o["legal"] and o["id"] not in want)
    assert sb.press("choose", ids=[other["id"]]) is None
    wrong = board.guide
    assert wrong["state"] == "wrong" and wrong["index"] == index and wrong["buttons"] == ["undo", "go_on"]
    assert "This lesson wanted “" in wrong["say"]
    assert len(board.game.history) == at + 1, "the learner's answer was made"
    # a button for another lesson is refused and changes nothing
    assert "another lesson" in sb.press("guide", do="next", lesson=index + 5)
    assert sb.press("guide", do="undo", lesson=index) is None
    assert len(board.game.history) == at and board.guide["state"] == "lesson" and board.guide["index"] == index
    sb.press("choose", ids=[other["id"]])
    assert sb.press("guide", do="go_on", lesson=index) is None
    assert board.guide["index"] == index + 1 and run.off_path
    # Undo on the board's own controls takes the lessons done since back
    while len(board.game.history) > at:
        sb.press("undo")
    assert board.guide["index"] == index


def test_the_bubble_speaks_only_to_the_learners_view():
    sb = learn_to_play("creatures")
    guide = sb.board.guide_run.guide
    other = next(p for p in guide.players if p != guide.seat)
    assert sb.press("view", seat=other) is None
    gd = sb.board.guide
    assert gd["state"] == "note" and guide.seat in gd["say"] and "lesson" not in gd and gd["target"] is None
    assert sb.press("view", seat=guide.seat) is None and sb.board.guide["state"] != "note"


@pytest.mark.parametrize("message, words", [
    ({"action": "guide", "do": "jump", "lesson": 0}, "a guide's button is next, undo, go_on, restart"),
    ({"action": "guide", "do": "next", "lesson": "0"}, "which lesson"),
    ({"action": "guide", "do": "next", "lesson": True}, "which lesson"),
    ({"action": "guide", "do": "next", "lesson": 0, "seat": "Ana"}, "takes no 'seat'"),
    ({"action": "guide", "do": "undo", "lesson": 0}, "no wrong turn to undo"),
])
def test_the_guides_buttons_are_checked_as_untrusted_input(message, words):
    sb = learn_to_play("creatures")
    before = (len(sb.game.history), dict(sb.board.guide))
    err = sb.board.handle(message)
    assert err and words in err, err
    assert (len(sb.game.history), sb.board.guide) == before


def test_a_board_without_a_guide_refuses_its_buttons():
    import tablekit
    from tablekit.widgets import Sandbox

    sb = Sandbox(tablekit.new_game("creatures", players=2, seed=1))
    assert sb.board.guide == {}
    assert "no guide" in sb.press("guide", do="next", lesson=0)


def test_the_end_opens_each_scenario_it_lists_and_comes_back_to_the_guided_game():
    sb = learn_to_play("creatures")
    follow(sb)
    board, guide = sb.board, sb.board.guide_run.guide
    guided, end = sb.game, board.guide["index"]
    assert guide.left, "the Creatures guide leaves kinds to scenarios"
    for i, left in enumerate(guide.left):
        assert sb.press("guide", do="scenario", lesson=end, index=i) is None, board.error
        assert sb.game is not guided and left.scenario in board.view["notice"]
        assert board.guide["state"] == "scenario" and board.guide["buttons"] == ["back"]
        # the scenario's table plays as any table; the guide's other buttons wait for Back
        assert "press Back" in sb.press("guide", do="restart", lesson=end)
        assert sb.press("guide", do="back", lesson=end) is None
        assert sb.game is guided and board.guide["state"] == "done"
        assert board.seat == guide.seat and board.bots == dict(guide.bots), "the guided table as it was"


@pytest.mark.parametrize("game_id", GAMES)
def test_each_scenario_the_end_offers_opens_and_the_guided_table_comes_back(game_id):
    sb = learn_to_play(game_id)
    follow(sb)
    board, guide = sb.board, sb.board.guide_run.guide
    end = board.guide["index"]
    for i, _ in enumerate(guide.left):
        assert sb.press("guide", do="scenario", lesson=end, index=i) is None, board.error
        assert board.seat in sb.game.players or board.everything
        assert sb.press("guide", do="back", lesson=end) is None
        assert board.guide["state"] == "done" and board.seat == guide.seat and board.bots == dict(guide.bots)
    assert "no such scenario" in sb.press("guide", do="scenario", lesson=end, index=len(guide.left))
    assert "its place in the list" in board.handle({"action": "guide", "do": "scenario", "lesson": end, "index": -1})
