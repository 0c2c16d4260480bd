"""The rules lawyer's bench in the sandbox: "Branch here" (widgets/branch.py), in the sandbox and the ruling lab, and the rules search and diagram beside the table, clicked on the board (`Sandbox.press`)."""

from __future__ import annotations

import html

import pytest

import tablekit
from tablekit.core.diff import diff_line
from tablekit.core.scenario import build, parse
from tablekit.diagram import marked_svg
from tablekit.widgets import Sandbox
from tablekit.widgets.lab import RulingLab, scenario_files
from tablekit.widgets.sandbox import SEAT_ALL


def at_a_decision(game_id: str = "creatures", seed: int = 3, **kw) -> tablekit.Game:
    g = tablekit.new_game(game_id, seed=seed, **kw)
    g.run(until="decision")
    assert g.pending is not None
    return g


def branched(g: tablekit.Game) -> Sandbox:
    s = Sandbox(g)
    assert s.board.view["controls"]["branch"] is True, "the table offers Branch here"
    assert s.press("branch") is None
    assert s.board.error == ""
    return s


def downloads(monkeypatch, sb: Sandbox) -> list[dict]:
    """What the board sends the browser to download, as it is sent."""
    sent: list[dict] = []
    monkeypatch.setattr(sb.board, "send", lambda content, buffers=None: sent.append(content))
    return sent


def test_branch_here_opens_two_branches_at_this_record():
    g = at_a_decision()
    s = branched(g)
    b = s.branches
    assert b is not None and set(b.sides) == {"left", "right"}
    assert s.children == (s.board, b) and s.game is g, "the table stays, the branches open under it"
    for side in b.sides.values():
        assert side.game is not g and len(side.game.history) == len(g.history)
        assert side.game.state.to_dict() == g.state.to_dict()
        assert side.board.viewer() == (None, True, None) and side.board.view["everything"] is True, \
            "a branch shows everything"
        assert side.board.view["controls"]["branch"] is False, "a branch does not offer Branch here"
        assert "no branches" in side.press("branch") and side.branches is None, "a branch does not branch again"
    assert f"two branches from record {len(g.history)}" in b.head.value
    assert f"There {g.pending.player} was asked" in b.head.value
    assert "The two positions are the same" in b.diff_view.value


def test_two_answers_then_the_line_says_what_differs():
    g = at_a_decision()
    before = g.state.to_dict()
    b = branched(g).branches
    left, right = b.sides["left"], b.sides["right"]
    legal = [o.id for o in left.game.pending.legal]
    assert len(legal) >= 2
    assert left.press("choose", ids=[legal[0]]) is None
    assert right.press("choose", ids=[legal[-1]]) is None
    assert left.board.error == right.board.error == ""
    assert left.game.history[-1].choice == (legal[0],) and right.game.history[-1].choice == (legal[-1],)
    words = diff_line(left.game, right.game)
    assert "same" not in words
    assert html.unescape(b.diff_view.value).endswith(f"{words}</div>")
    assert left.press("run:round") is None  # a bot-less side runs to its next decision
    assert html.unescape(b.diff_view.value).endswith(f"{diff_line(left.game, right.game)}</div>")
    assert g.state.to_dict() == before, "the table the branches came from does not move"


def test_either_side_saves_as_a_scenario(monkeypatch):
    g = at_a_decision()
    b = branched(g).branches
    left, right = b.sides["left"], b.sides["right"]
    legal = [o.id for o in left.game.pending.legal]
    assert left.press("choose", ids=[legal[0]]) is None
    assert right.press("choose", ids=[legal[-1]]) is None
    texts = []
    for side in (left, right):
        sent = downloads(monkeypatch, side)
        assert side.press("save_position") is None and side.board.error == ""
        assert len(sent) == 1, sent
        message = sent[0]
        n = len(side.game.history)
        assert message["kind"] == "download" and message["mime"] == "text/yaml"
        assert message["name"] == f"{g.id}-position-{n}.yaml"
        assert side.board.view["notice"].startswith("Saved the position as a scenario file")
        start = build(parse(message["text"], "branch.yaml"), "branch.yaml")
        assert start.state.zones == side.game.state.zones, "the file starts at that side's position"
        texts.append(message["text"])
    assert texts[0] != texts[1]


def test_a_reading_on_one_side_only():
    g = at_a_decision("labyrinth", seed=2)
    b = branched(g).branches
    left, right = b.sides["left"], b.sides["right"]
    readings = {r["id"]: r for r in left.board.view["controls"]["readings"]}
    assert "LAB-CHAIN" in readings and readings["LAB-CHAIN"]["current"] == "words"
    assert left.press("reading", ruling="LAB-CHAIN", reading="stack") is None
    assert left.board.error == ""
    assert left.board.view["notice"].startswith("Replayed under LAB-CHAIN: stack")
    assert {r["id"]: r["current"] for r in left.board.view["controls"]["readings"]}["LAB-CHAIN"] == "stack"
    assert left.game.state.options["rulings"]["LAB-CHAIN"] == "stack"
    assert right.game.state.options["rulings"]["LAB-CHAIN"] == "words"
    assert g.state.options["rulings"]["LAB-CHAIN"] == "words"
    assert html.unescape(b.diff_view.value).endswith(f"{diff_line(b.left, b.right)}</div>"), \
        "the line compares the replayed side"


def test_close_the_branches():
    s = branched(at_a_decision())
    b = s.branches
    assert b.close_button in b.children
    b.close_button.click()
    assert s.branches is None and s.children == (s.board,)


@pytest.mark.parametrize("game_id", sorted(tablekit.games()))
def test_every_game_branches_and_plays_on(game_id):
    g = at_a_decision(game_id, seed=1)
    b = branched(g).branches
    for name, side in b.sides.items():
        player = side.game.pending.player
        assert side.press("bot", seat=player, kind="random") is None, f"{game_id} {name}: {side.board.error}"
        assert side.bots[player] == "random"
        assert side.press("run:round") is None, f"{game_id} {name}: {side.board.error}"
        assert side.board.error == ""
    assert len(b.left.history) > len(g.history)
    assert "What differs now" in b.diff_view.value


def test_the_ruling_lab_branches_a_scenario():
    lab = RulingLab(select_first=False)
    path = next(p for p in scenario_files() if "creatures" in p.as_posix())
    lab.open_file(path)
    s = lab.sandbox
    assert s is not None and s.board.view["controls"]["branch"] is True
    assert s.press("branch") is None
    assert s.board.error == "" and s.branches is not None
    assert len(s.branches.left.history) == len(s.game.history)
    assert s.branches.left.state.to_dict() == s.game.state.to_dict()


def test_the_sandbox_search_opens_the_outline_at_the_rule_found():
    g = at_a_decision()
    s = Sandbox(g)
    assert s.board.view["controls"]["rules"] is True and s.board.rules_tree["name"] == g.flow.name
    assert s.press("search", query="counterattack") is None
    found = s.board.found
    assert found["query"] == "counterattack" and found["hits"] and found["node"] is None
    i = next(i for i, h in enumerate(found["hits"]) if h["kind"] == "node")
    assert s.press("hit", index=i) is None
    assert s.board.error == ""
    node = g.flow.find(s.board.hits[i].key)
    found = s.board.found
    assert found["node"] == list(node.path)
    assert f"<b>{node.name}</b>" in found["result"]
    # the outline the board draws holds every node on the way to the one found
    tree = s.board.rules_tree
    assert tree["name"] == node.path[0]
    for name in node.path[1:]:
        tree = next(c for c in tree["children"] if c["name"] == name)
    assert tree["name"] == node.name and tree["text"] == node.text
    assert "no longer listed" in s.press("hit", index=len(found["hits"]))
    assert s.board.found["node"] == list(node.path), "a refused pick changes nothing"


def test_the_sandbox_rules_diagram_follows_the_game():
    g = tablekit.new_game("creatures", seed=4)
    s = Sandbox(g, seat=SEAT_ALL)
    assert s.board.diagram == "" and s.board.view["controls"]["diagram"] is False, "drawn only when opened"
    assert s.press("diagram", on=True) is None
    assert s.board.view["controls"]["diagram"] is True
    first = s.board.diagram
    assert "<svg" in first and first.count("▶ now") == 1
    assert first == marked_svg(g.gamedef, g.cursor) and s.board.view["at"] == list(g.cursor)
    first_path = g.cursor
    for _ in range(50):
        if g.cursor != first_path:
            break
        if g.pending is not None:
            assert s.press("choose", ids=[g.pending.legal[0].id]) is None
        else:
            assert s.press("step") is None
    assert s.board.error == "" and g.cursor != first_path
    diagram = s.board.diagram
    assert diagram != first and diagram.count("▶ now") == 1
    assert diagram == marked_svg(g.gamedef, g.cursor) and s.board.view["at"] == list(g.cursor)
    assert s.press("diagram", on=False) is None
    assert s.board.diagram == ""


def test_a_bad_search_in_the_sandbox_says_so_in_its_banner():
    s = Sandbox(tablekit.new_game("creatures", seed=4))
    words = s.press("search", query="x" * 500)
    assert words is not None and "200" in words and s.board.error == words
    assert s.board.hits == [] and not s.board.found.get("hits")
    assert s.press("search", query="zzzqqq") is None, "a search that finds nothing is no error"
    assert s.board.found["count"] == "No rule, ruling or card matches “zzzqqq”." and s.board.found["hits"] == []
