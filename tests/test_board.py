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
    sent = dict(board.view)
    controls, handover, notice = sent.pop("controls"), sent.pop("handover"), sent.pop("notice")
    assert sent == board_model(g, g.pending.player)
    readings = controls.pop("readings")
    assert controls == {"seats": g.players, "kinds": ["person", "random", "heuristic"], "view": g.pending.player,
                        "bots": {}, "hot_seat": False, "show_empty": False, "branch": False, "rules": False,
                        "diagram": False, "view_all": True, "coach": False,
                        "coach_offered": True} and handover is None and notice == ""
    assert [r["id"] for r in readings] == list(g.gamedef.ruling_variants)
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


def test_view_as_who_plays_and_their_bad_messages():
    g = new("creatures", 4)
    g.run(until="decision")
    board = Board(g, g.players[0])
    before = snapshot(g)
    assert board.view["controls"]["view"] == g.players[0]
    assert board.handle({"action": "view", "seat": g.players[1]}) is None
    assert board.view["viewer"] == g.players[1] and board.view["controls"]["view"] == g.players[1]
    assert board.handle({"action": "view", "seat": None}) is None
    assert board.view["viewer"] is None and not board.view["everything"]
    assert board.handle({"action": "view", "seat": "*everything*"}) is None
    assert board.view["everything"] and set(board.view["cards"]) >= set(g.state.zones[f"{g.players[1]}/hand"])
    assert board.handle({"action": "bot", "seat": g.players[1], "kind": "heuristic"}) is None
    assert board.bots == {g.players[1]: "heuristic"} and board.view["controls"]["bots"] == board.bots
    assert board.handle({"action": "bot", "seat": g.players[1], "kind": "person"}) is None
    assert board.bots == {}
    for message, words in [({"action": "view", "seat": "Zed"}, "no player named"),
                           ({"action": "view", "seat": ["P1"]}, "no player named"),
                           ({"action": "bot", "seat": g.players[0], "kind": "eval"}, "played by"),
                           ({"action": "bot", "seat": g.players[0]}, "played by"),
                           ({"action": "hot_seat", "on": "yes"}, "true or false"),
                           ({"action": "view", "seat": None, "kind": "random"}, "takes no 'kind'"),
                           ({"action": "step", "record": len(g.history), "seat": "P1"}, "takes no 'seat'"),
                           ({"action": "i_am", "seat": g.players[0]}, "hot seat is off")]:
        error = board.handle(message)
        assert error and words.lower() in error.lower(), (message, error)
    assert snapshot(g) == before


def test_hot_seat_shows_no_hand_until_the_person_to_play_says_it_is_them():
    g = new("lfg", 5)
    g.run(until="decision")
    board = Board(g, g.players[0])
    assert board.handle({"action": "hot_seat", "on": True}) is None
    actor = g.pending.player
    other = next(p for p in g.players if p != actor)
    model = board.view
    assert model["handover"] == actor and model["viewer"] is None
    hands = {u for p in g.players for u in g.state.zones.get(f"{p}/hand", [])}
    assert not hands & set(model["cards"]), "a hand shows before anyone took the screen"
    assert model["decision"] == {"waiting_for": actor}
    assert "not" in board.handle({"action": "i_am", "seat": other})  # the wrong person
    assert board.handle({"action": "i_am", "seat": actor}) is None
    assert board.view["viewer"] == actor and board.view["handover"] is None
    assert board.view["decision"]["player"] == actor
    d = g.pending
    ids = [d.legal[0].id] if d.max == 1 else [o.id for o in d.legal[:d.min]]
    assert board.handle({"action": "choose", "ids": ids, "record": len(g.history)}) is None
    if g.pending is not None and g.pending.player != actor:  # the screen passes on: hands hidden again
        assert board.view["handover"] == g.pending.player and board.view["viewer"] is None
    shown = board.view["viewer"]
    assert board.view["controls"]["view"] == shown  # under Hot seat, View as names what the table shows
    assert "turn Hot seat off" in board.handle({"action": "view", "seat": g.players[0]})
    assert board.handle({"action": "hot_seat", "on": False}) is None
    assert board.view["viewer"] == shown == board.view["controls"]["view"] and board.view["handover"] is None
    assert board.handle({"action": "view", "seat": g.players[0]}) is None
    assert board.view["viewer"] == g.players[0]


def test_save_game_only_while_everything_shows_and_load_game_plays_on():
    g = new("labyrinth", 6)
    g.run(until="decision")
    board = Board(g, g.players[0])
    offered: list[dict] = []
    board.send = offered.append  # what the browser would be sent
    error = board.handle({"action": "save"})
    assert "hidden ones too" in error and offered == [], "a seat's board never downloads the hidden cards"
    assert board.handle({"action": "view", "seat": "*everything*"}) is None
    assert board.handle({"action": "save"}) is None
    (message,) = offered
    assert message["kind"] == "download" and message["name"] == f"labyrinth-game-record-{len(g.history)}.json"
    assert message["text"] == g.save()
    n = len(g.history)
    g.run(until="end", bots="random", max_records=5)  # the game goes on; the save stays at record n
    assert len(g.history) > n
    assert board.handle({"action": "load", "name": "mine.json", "text": message["text"]}) is None
    assert board.game is not g and len(board.game.history) == n and board.view["record"] == n
    other = tablekit.new_game("lfg", players=2, seed=1).save()
    before = board.game
    for text, words in [("not json", "not a save"), (other, "LFG"), ("{}", "not a save")]:
        error = board.handle({"action": "load", "name": "x.json", "text": text})
        assert error and words.lower() in error.lower(), error
        assert board.game is before
    for message, words in [({"action": "load", "text": 3}, "name and its text"),
                           ({"action": "save", "seat": "P1"}, "takes no 'seat'")]:
        assert words in board.handle(message)


def test_a_reading_replays_the_game_under_it_and_says_where_they_part():
    info = tablekit.game_info("labyrinth")
    rid, readings = next(iter(info.ruling_variants.items()))
    first, other = list(readings)[:2]
    g = new("labyrinth", 1)
    g.run(until="end", bots="random", max_records=300)
    board = Board(g, None, everything=True)
    (shown,) = board.view["controls"]["readings"]
    assert shown == {"id": rid, "readings": dict(readings), "current": first}
    assert board.handle({"action": "reading", "ruling": rid, "reading": other}) is None
    assert board.game is not g and board.game.state.options["rulings"] == {rid: other}
    assert board.view["controls"]["readings"][0]["current"] == other
    assert board.view["notice"].startswith(f"Replayed under {rid}: {other};")
    assert board.handle({"action": "view", "seat": "*everything*"}) is None
    assert board.view["notice"] == ""  # said once, for the replay
    for message, words in [({"action": "reading", "ruling": "NO-SUCH", "reading": other}, "no ruling"),
                           ({"action": "reading", "ruling": rid, "reading": "sideways"}, "is read")]:
        assert words in board.handle(message)


def test_a_sandbox_is_the_board_in_a_box_of_a_few_widget_models():
    from tablekit.widgets import SEAT_ALL, Sandbox

    for game_id in GAMES:
        g = new(game_id, 0)
        before = set(models())
        sb = Sandbox(g)
        made = [type(w).__name__ for k, w in models().items() if k not in before]
        assert len(made) <= 10 and sorted(made) == ["Board", "Layout", "Layout", "Sandbox"], made
        assert sb.children == (sb.board,) and sb.board.rules and sb.board.on_branch is not None
    branch = Sandbox(new("creatures", 1), seat=SEAT_ALL, branching=False)
    assert branch.board.view["controls"]["branch"] is False
    assert "offers no branches" in branch.press("branch")


def test_everything_and_a_spectator_put_the_seat_to_act_at_the_bottom():
    g = new("creatures", 3)
    g.run(until="decision")
    for seat, everything in [(None, True), (None, False)]:
        model = board_model(g, seat, everything=everything)
        bottom = [p["name"] for p in model["players"] if p["bottom"]]
        assert bottom == [g.pending.player] and not any(p["viewer"] for p in model["players"])
        hand = [z for z in model["zones"] if z["region"] == "hand"]
        assert [z["id"] for z in hand] == [f"{g.pending.player}/hand"]
        if not everything:  # a spectator sees the hand's backs, nothing of what they are
            assert all(u is None for u in hand[0]["cards"])


def test_show_empty_zones_and_save_position_while_everything_shows():
    from tablekit.core.scenario import build, parse

    g = new("foehunters", 2)
    g.run(until="decision")
    board = Board(g, g.players[0])
    shown = {z["id"] for z in board.view["zones"]}
    assert board.press("show_empty", on=True) is None and board.view["controls"]["show_empty"]
    every = {z["id"] for z in board.view["zones"]}
    assert shown < every and set(g.state.zones) == every
    offered: list[dict] = []
    board.send = offered.append
    assert "hidden ones too" in board.press("save_position") and offered == []
    assert board.press("view", seat="*everything*") is None
    assert board.press("save_position") is None
    (message,) = offered
    assert message["name"] == f"foehunters-position-{len(g.history)}.yaml" and message["mime"] == "text/yaml"
    back = build(parse(message["text"], message["name"]), message["name"])
    assert back.state.zones == g.state.zones and "Saved the position" in board.view["notice"]
    assert "true or false" in board.press("show_empty", on="yes")


def test_the_rules_beside_the_table_search_mark_the_rule_found_and_draw_the_diagram():
    g = new("mirkwood", 1)
    board = Board(g, None, everything=True, rules=True)
    assert board.rules_tree["name"] == g.flow.name and board.diagram == ""
    assert board.press("search", query="threat") is None
    found = board.found
    assert found["hits"] and "match" in found["count"] and found["node"] is None
    first_rule = next(i for i, h in enumerate(found["hits"]) if h["kind"] == "node")
    assert board.press("hit", index=first_rule) is None
    assert board.found["node"] and board.found["result"]
    g.gamedef.flow.find(tuple(board.found["node"]))  # a real node of the flow
    assert board.press("search", query="zzzqqq") is None and board.found["hits"] == []
    assert "No rule" in board.found["count"]
    assert board.press("diagram", on=True) is None and "<svg" in board.diagram
    first = board.diagram
    board.press("run:phase")
    assert board.view["at"] == list(g.cursor)
    assert board.diagram != first, "▶ now moved with the game"
    assert board.press("diagram", on=False) is None and board.diagram == ""
    for message, words in [({"action": "search", "query": "x" * 201}, "at most 200"),
                           ({"action": "search", "query": 7}, "words"),
                           ({"action": "hit", "index": 99}, "place in the list"),
                           ({"action": "hit", "index": 40}, "no longer listed"),
                           ({"action": "diagram", "on": 1}, "true or false")]:
        error = board.handle(message)
        assert error and words in error, (message, error)
    plain = Board(g, None, everything=True)
    assert "no rules" in plain.press("search", query="threat") and "no rules" in plain.press("diagram", on=True)


def test_game_over_names_the_result_in_words_and_scores_only_where_kept():
    for game_id, players in [("creatures", 2), ("mirkwood", 1)]:
        g = tablekit.new_game(game_id, players=players, seed=3)
        g.run(until="end", bots="random")
        over = board_model(g, None, everything=True)["over"]
        assert over["who"] and over["why"] == g.result.summary()
        if game_id == "mirkwood":
            assert over["scores"] is None and "party" in over["who"]
        else:
            assert set(over["scores"]) == set(g.players)
            assert all(w in over["who"] for w in g.result.winners)


def test_a_teacher_who_locks_the_views_leaves_no_view_as_everything(monkeypatch):
    from tablekit.widgets import Sandbox
    from tablekit.widgets.board import NO_VIEW_ALL_ENV
    from tablekit.widgets.sandbox import SEAT_ALL

    g = new("creatures", 1)
    locked = Board(g, None, everything=True, view_all=False)
    assert not locked.everything and locked.seat == g.players[0]  # the seat to act, not everything
    assert locked.view["controls"]["view_all"] is False and not locked.view["everything"]
    said = locked.press("view", seat="*everything*")
    assert said and "views are locked" in said and not locked.everything
    assert locked.press("view", seat=g.players[1]) is None and locked.seat == g.players[1]  # a seat is fine
    assert locked.press("view", seat=None) is None  # so is a spectator
    assert "View as: everything" in locked.press("save")  # a save holds every card: refused
    # `tablekit serve --class N --no-view-all` sets the variable for every kernel
    monkeypatch.setenv(NO_VIEW_ALL_ENV, "1")
    sandbox = Sandbox(new("creatures", 2), seat=SEAT_ALL)
    assert sandbox.board.view_all is False and not sandbox.board.view["everything"]
    monkeypatch.delenv(NO_VIEW_ALL_ENV)
    assert Board(new("creatures", 3), None, everything=True).view["everything"]


def test_no_view_all_belongs_to_a_class(capsys):
    from tablekit import cli

    assert cli.main(["serve", "creatures.ipynb", "--no-view-all"]) == 2
    assert "--class N" in capsys.readouterr().err
