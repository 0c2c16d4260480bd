"""The rules lawyer's bench in the core, on the toy games of test_core.py and
test_core_stack.py: `Game.fork()` (one past, two futures), `Game.pending_node`,
option forms (`core/forms.py`) and what differs between two positions
(`core/diff.py`)."""

from __future__ import annotations

import json

import pytest
from test_core import toy  # noqa: F401  (the fixture)
from test_core_stack import at_sacrifice, cast, duel  # noqa: F401  (the fixture and helpers)

import tablekit
from tablekit.core.diff import diff_line, position_diff
from tablekit.core.engine import load_game, make_game
from tablekit.core.forms import form_of, form_pattern


def test_fork_shares_the_past(toy):  # noqa: F811
    g = make_game(toy, ["Ana", "Bo"], seed=1)
    g.run(until="decision")
    g.choose("bless")
    f = g.fork()
    assert f is not g and f.state is not g.state
    assert f.state.to_dict() == g.state.to_dict()
    assert [r.text for r in f.history] == [r.text for r in g.history]
    assert f.pending is not None and f.pending.options == g.pending.options
    assert f.pending_node is g.pending_node  # the same flow node asks on both sides


def test_fork_separates_the_futures(toy):  # noqa: F811
    g = make_game(toy, ["Ana", "Bo"], seed=1)
    g.run(until="decision")
    n = len(g.history)
    f = g.fork()
    before = g.state.to_dict()
    f.choose("bless")                  # the fork blesses ...
    g.choose("pass")                   # ... the first game does not
    assert g.state.to_dict() != f.state.to_dict()
    assert [r.choice for r in g.history][-1] == ("pass",)
    assert [r.choice for r in f.history][-1] == ("bless",)
    f.goto(0)                          # the fork goes back into the shared past
    assert len(f.history) == 0 and len(g.history) == n + 1
    g.undo()
    assert g.state.to_dict() == before  # the first game is where it was


def test_fork_plays_on_the_same_as_the_original(toy):  # noqa: F811
    """The same RNG state, the same rules: the same choices give the same log."""
    g = make_game(toy, ["Ana", "Bo"], seed=5)
    g.run(until="round", bots="random")
    f = g.fork()
    g.run(until="end", bots={"Ana": "random", "Bo": "random"})
    f.run(until="end", bots={"Ana": "random", "Bo": "random"})
    assert f.state.to_dict() == g.state.to_dict()
    assert [r.text for r in f.history] == [r.text for r in g.history]


def test_fork_does_not_carry_the_redo(toy):  # noqa: F811
    g = make_game(toy, ["Ana", "Bo"], seed=1)
    g.step()
    g.undo()
    assert g.can_redo == 1
    f = g.fork()
    assert f.can_redo == 0 and g.can_redo == 1
    with pytest.raises(tablekit.TablekitError, match="nothing to redo"):
        f.redo()


def test_a_fork_saves_and_loads_on_its_own(toy):  # noqa: F811
    g = make_game(toy, ["Ana", "Bo"], seed=2)
    g.run(until="decision")
    n = len(g.history)
    f = g.fork()
    f.choose("bless")
    loaded = load_game(f.save(), {"toy": toy})
    assert loaded.state.to_dict() == f.state.to_dict() and len(loaded.history) == n + 1
    assert len(json.loads(g.save())["records"]) == n


def test_fork_in_the_middle_of_a_resolution(duel):  # noqa: F811
    """A fork taken while an effect is part-way through has the same stack and
    asks the same question; answering it on one side leaves the other asking."""
    g = at_sacrifice(duel)
    f = g.fork()
    assert f.stack_depth == g.stack_depth == 1
    assert f.pending.kind == "sacrifice" and f.pending_node is None  # an effect asks, not a node
    f.choose(f.pending.legal[0].id)
    assert len(f.history) == len(g.history) + 1
    assert g.pending.kind == "sacrifice" and g.stack_depth == 1
    assert f.state.to_dict() != g.state.to_dict()


def test_fork_of_a_hand_built_position_keeps_its_start(toy):  # noqa: F811
    g = make_game(toy, ["Ana", "Bo"], seed=1)
    g.step()
    g.rebase()
    f = g.fork()
    assert json.loads(f.save())["base"] == json.loads(g.save())["base"] is not None


def test_pending_node_is_the_node_that_asks(toy, duel):  # noqa: F811
    g = make_game(toy, ["Ana", "Bo"], seed=1)
    assert g.pending is None and g.pending_node is None
    g.run(until="decision")
    assert g.pending_node is not None and g.pending_node.name == "Bless"
    c = cast(duel)
    assert c.pending.kind == "response" and c.pending_node is None


def test_option_forms_match_by_placeholders():
    forms = ["play:<card>", "attack:<card>:<monster>", "done"]
    assert form_of(forms, "attack:c1:c2") == "attack:<card>:<monster>"
    assert form_of(forms, "play:c1") == "play:<card>"
    assert form_of(forms, "done") == "done"
    assert form_of(forms, "play:") is None and form_of(forms, "play:a:b") is None
    assert form_of(forms, "donex") is None and form_of([], "done") is None
    assert form_pattern(forms).match("attack:x:y")
    assert form_pattern(["a.b"]).match("a.b") and not form_pattern(["a.b"]).match("axb")


def test_diff_says_what_differs_after_two_answers(toy):  # noqa: F811
    g = make_game(toy, ["Ana", "Bo"], seed=1)
    g.run(until="decision")
    f = g.fork()
    assert position_diff(g, f) == []
    assert diff_line(g, f) == "The two positions are the same (the same records)."
    g.choose("bless")
    f.choose("pass")
    lines = position_diff(g, f)
    assert lines, "a blessing and no blessing differ"
    assert all(line.endswith(".") for line in lines)
    assert "left" in diff_line(g, f) and "right" in diff_line(g, f)


def test_diff_names_cards_and_zones_and_the_outcome(toy):  # noqa: F811
    g = make_game(toy, ["Ana", "Bo"], seed=1)
    f = g.fork()
    f.state.move("coin#1", "Bo/purse")
    f.ctx.reindex()
    lines = position_diff(g, f, ("A", "B"))
    assert "Coin (coin#1): A in the pot, B in Bo's purse." in lines
    f.run(until="end", bots="random")
    line = diff_line(g, f, ("A", "B"))
    assert line.startswith(f"{len(position_diff(g, f, ('A', 'B')))} difference")
    assert "Outcome: A still playing; B " in line and " won." in line


def test_diff_refuses_two_different_games(toy, duel):  # noqa: F811
    with pytest.raises(tablekit.TablekitError, match="same game"):
        position_diff(make_game(toy, ["Ana", "Bo"], seed=1), make_game(duel, ["Ana", "Bo"], seed=1))


def test_goto_forward_starts_from_the_last_snapshot_on_the_way(monkeypatch):
    """Going forward in time restores the snapshot nearest below the target (kept while
    the records are undone) and replays only the records after it: the same state, the
    same history and the same open decision as before going back."""
    import tablekit
    from tablekit.core.engine import Game
    from tablekit.core.timeline import SNAPSHOT_EVERY

    g = tablekit.new_game("labyrinth", players=3, seed=5, options={"max_rounds": 60})
    g.run(until="end", bots="random", max_records=5000)
    n, end, texts = len(g.history), g.state.to_json(), [r.text for r in g.history]
    assert n > 10 * SNAPSHOT_EVERY
    replayed = []
    original = Game._replay_one
    monkeypatch.setattr(Game, "_replay_one", lambda self, rec: (replayed.append(rec.index), original(self, rec)))
    g.goto(0)
    g.goto(n)
    assert g.state.to_json() == end and [r.text for r in g.history] == texts and g.can_redo == 0
    assert len(replayed) < SNAPSHOT_EVERY, len(replayed)
    middle = n // 2 + 3
    g.goto(5)
    replayed.clear()
    g.goto(middle)
    assert len(replayed) < SNAPSHOT_EVERY and len(g.history) == middle and g.can_redo == n - middle
    g.goto(n)
    assert g.state.to_json() == end
