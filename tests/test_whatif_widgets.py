"""The rules lawyer's bench in the sandbox: "Branch here" (widgets/branch.py), in the sandbox and the ruling lab, and the rules search beside the outline."""

from __future__ import annotations

import base64
import re

import pytest

import tablekit
from tablekit.core.diff import diff_line
from tablekit.core.scenario import build, parse
from tablekit.widgets import Sandbox
from tablekit.widgets.lab import RulingLab, scenario_files


def at_a_decision(game_id: str = "creatures", seed: int = 3, **kw) -> tablekit.Game:
    g = tablekit.new_game(game_id, seed=seed, **kw)
    g.run(until="decision")
    assert g.pending is not None
    return g


def branched(g: tablekit.Game) -> Sandbox:
    s = Sandbox(g)
    s.branch_button.click()
    assert s.banner.value == ""
    return s


def test_branch_here_opens_two_branches_at_this_record():
    g = at_a_decision()
    s = branched(g)
    b = s.branches
    assert b is not None and set(b.sides) == {"left", "right"}
    for side in b.sides.values():
        assert side.game is not g and len(side.game.history) == len(g.history)
        assert side.game.state.to_dict() == g.state.to_dict()
        assert side.viewer() == (True, None), "a branch shows everything"
        assert side.branch_button not in side.controls.children, "a branch does not branch again"
        assert side.style_html.value == "", "the outer table's stylesheet serves the branches"
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
    left.option_buttons()[legal[0]].click()
    right.option_buttons()[legal[-1]].click()
    assert left.banner.value == right.banner.value == ""
    assert left.game.history[-1].choice == (legal[0],) and right.game.history[-1].choice == (legal[-1],)
    words = diff_line(left.game, right.game)
    assert "same" not in words
    assert re.sub("&#x27;", "'", b.diff_view.value).endswith(f"{words}</div>")
    left.round_button.click()  # a bot-less side runs to its next decision
    assert diff_line(left.game, right.game) in b.diff_view.value.replace("&#x27;", "'")
    assert g.state.to_dict() == before, "the table the branches came from does not move"


def test_either_side_saves_as_a_scenario():
    g = at_a_decision()
    b = branched(g).branches
    left, right = b.sides["left"], b.sides["right"]
    legal = [o.id for o in left.game.pending.legal]
    left.on_choose(legal[0])
    right.on_choose(legal[-1])
    for side in (left, right):
        side.save_button.click()
        m = re.search(r"base64,([A-Za-z0-9+/=]+)", side.download.value)
        assert m, side.download.value
        text = base64.b64decode(m.group(1)).decode("utf-8")
        start = build(parse(text, "branch.yaml"), "branch.yaml")
        assert start.state.zones == side.game.state.zones, "the file starts at that side's position"
    assert left.download.value != right.download.value


def test_a_reading_on_one_side_only():
    g = at_a_decision("labyrinth", seed=2)
    b = branched(g).branches
    left, right = b.sides["left"], b.sides["right"]
    assert left.reading_pickers and "LAB-CHAIN" in left.reading_pickers
    left.reading_pickers["LAB-CHAIN"].value = "stack"
    assert left.banner.value == ""
    assert left.game.state.options["rulings"]["LAB-CHAIN"] == "stack"
    assert right.game.state.options["rulings"]["LAB-CHAIN"] == "words"
    assert g.state.options["rulings"]["LAB-CHAIN"] == "words"
    assert "What differs now" in b.diff_view.value


def test_close_the_branches():
    s = branched(at_a_decision())
    close = s.branch_box.children[0]
    close.click()
    assert s.branches is None and s.branch_box.children == ()


@pytest.mark.parametrize("game_id", ["creatures", "lfg", "labyrinth", "foehunters", "mirkwood"])
def test_every_game_branches_and_plays_on(game_id):
    g = at_a_decision(game_id, seed=1)
    b = branched(g).branches
    for name, side in b.sides.items():
        side.bot_pickers[side.game.pending.player].value = "random"
        side.round_button.click()
        assert side.banner.value == "", f"{game_id} {name}: {side.banner.value}"
    assert len(b.left.history) > len(g.history)
    assert "What differs now" in b.diff_view.value


def test_the_ruling_lab_branches_a_scenario():
    lab = RulingLab(select_first=False)
    path = next(p for p in scenario_files() if "creatures" in p.as_posix())
    lab.open_file(path)
    s = lab.sandbox
    assert s is not None and s.branch_button in s.controls.children
    s.branch_button.click()
    assert s.banner.value == "" and s.branches is not None
    assert len(s.branches.left.history) == len(s.game.history)


def test_the_sandbox_search_opens_the_outline_at_the_rule_found():
    g = at_a_decision()
    s = Sandbox(g)
    assert s.search in s.side_view.children
    hits = s.search.search("counterattack")
    i = next(i for i, h in enumerate(hits) if h.kind == "node")
    s.search.hit_buttons[i].click()
    assert s.banner.value == "" and s.search.banner.value == ""
    node = g.flow.find(hits[i].key)
    assert s._found == node.path
    html = s.outline_view.value
    assert "◆ found: </span>" + node.name in html
    found_at = html.index("◆ found")
    # every node on the way to the one found is open
    assert html[:found_at].count("<details class='tk-node") >= len(node.path)
    with pytest.raises(tablekit.TablekitError, match="no such node"):
        s.show_node(("Creatures and Cards", "Nowhere"))


def test_the_sandbox_rules_diagram_follows_the_game():
    g = tablekit.new_game("creatures", seed=4)
    s = Sandbox(g)
    section = s.diagram_section
    assert not section.built
    section.selected_index = 0
    assert section.built
    diagram = section.children[0]
    first = diagram.value
    assert "<svg" in first and first.count("▶ now") == 1
    assert diagram.path == g.cursor
    first_path = g.cursor
    for _ in range(50):
        if g.cursor != first_path:
            break
        if g.pending is not None:
            s.on_choose(g.pending.legal[0].id)
        else:
            s.step_button.click()
    assert s.banner.value == "" and g.cursor != first_path
    assert diagram.path == g.cursor and diagram.value != first and diagram.value.count("▶ now") == 1


def test_a_bad_search_in_the_sandbox_says_so_in_its_banner():
    s = Sandbox(tablekit.new_game("creatures", seed=4))
    assert s.search.banner is s.banner and s.banner not in s.search.children
    s.search.query = "x" * 500
    assert "200" in s.banner.value and s.search.hits == []
