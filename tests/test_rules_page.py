"""The rules page and the rules diagram of every game (issue 19): generated from the
game itself, the diagram laid out once and marked without a new layout, the CLI's text
and standalone page."""

from __future__ import annotations

import re
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

import tablekit
from tablekit import cli
from tablekit.core import gamedef as gd
from tablekit.core.cards import CardDef
from tablekit.core.errors import TablekitError
from tablekit.core.flow import ActionWindow, Ask, Loop, Sequence, Step
from tablekit.core.rulebook import OTHER_FORMS_WORDS, PASS_MEANING, UNFINISHED_WORDS, page_text, rules_page
from tablekit.core.state import HIDDEN, OWNER, PUBLIC
from tablekit.diagram import KINDS, NOW, flow_svg, marked_svg

GAMES = tablekit.games()
SVG = "{http://www.w3.org/2000/svg}"


# -- a toy game with offers, a goal and an action window -------------------------------

class Toy(gd.GameDef):
    id = "toy"
    title = "Toy"
    goal = "Hold the most tokens when the rounds run out."
    min_players, max_players = 2, 3
    safety_rounds = 5
    endings = {"most_tokens": "the player with the most tokens wins"}
    option_forms = {"take:<n>": "take n tokens (1 to 3, while the pile has them)",
                    "keep": "keep your hand", "act:<card>:<i>": "use a card's action",
                    "discard:<card>": "discard a card a card effect names"}

    @property
    def cards(self):
        return {"a": CardDef("a", "Ace", "", kind="token", quantity=3),
                "b": CardDef("b", "Bee", "", kind="token", quantity=2, stand_in=True),
                "c": CardDef("c", "Cat", "", quantity=1),
                "s": CardDef("s", "Sample", "", kind="token", quantity=4, test_only=True)}

    def build_flow(self):
        return Sequence("Toy", text="The whole game.", children=[
            Step("Deal", lambda ctx: "dealt", text="Deal three cards.", rule="§1"),
            Loop("Rounds", Sequence("Round", children=[
                Ask("Take", lambda ctx: None, lambda ctx, ids: "", text="Take tokens.", rule="§2",
                    offers=("take:<n>", "keep")),
                ActionWindow("Act", lambda ctx: [], text="Any action.", rule="§3", offers=("act:<card>:<i>",)),
            ]), until=lambda ctx: True, level="round"),
        ])

    def create_table(self, ctx):
        ctx.state.add_zone("deck", visibility=HIDDEN, label="Draw pile")
        for p in ctx.players:
            ctx.state.add_zone(f"{p}/hand", owner=p, visibility=OWNER, label=f"{p}'s hand")
            ctx.state.add_zone(f"{p}/table", owner=p, visibility=PUBLIC, label=f"{p}'s tokens")


@pytest.fixture(scope="module")
def toy():
    return rules_page(Toy())


def test_the_toy_page_has_its_goal_endings_and_players(toy):
    assert toy.goal == Toy.goal and toy.players == "2 to 3 players"
    assert toy.endings == [("most_tokens", "the player with the most tokens wins"),
                           ("unfinished", UNFINISHED_WORDS)]


def test_every_decision_lists_its_offers_with_their_meanings_and_a_window_its_pass(toy):
    by_name = {line.name: line for line in toy.flow}
    assert [(o.form, o.meaning) for o in by_name["Take"].offers] == [
        ("take:<n>", Toy.option_forms["take:<n>"]), ("keep", "keep your hand")]
    assert [(o.form, o.meaning) for o in by_name["Act"].offers] == [
        ("act:<card>:<i>", "use a card's action"), ("pass", PASS_MEANING)]
    assert by_name["Take"].decision and by_name["Act"].decision and not by_name["Deal"].decision
    assert by_name["Deal"].offers == () and by_name["Deal"].rule == "§1"
    assert [o.form for o in toy.other_forms] == ["discard:<card>"]
    text = page_text(toy)
    assert "- take:<n>: take n tokens" in text and f"Other options ({OTHER_FORMS_WORDS})" in text


def test_the_flow_is_every_node_in_tree_order_with_path_kind_and_depth(toy):
    assert [(line.path, line.kind, line.depth) for line in toy.flow] == [
        (("Toy",), "sequence", 0), (("Toy", "Deal"), "step", 1), (("Toy", "Rounds"), "loop", 1),
        (("Toy", "Rounds", "Round"), "sequence", 2), (("Toy", "Rounds", "Round", "Take"), "decision", 3),
        (("Toy", "Rounds", "Round", "Act"), "action-window", 3)]
    assert toy.flow[2].level == "round"


def test_a_players_zone_is_listed_once_for_each_player_with_who_sees_it(toy):
    assert [(z.name, z.label, z.visibility, z.each_player) for z in toy.zones] == [
        ("deck", "Draw pile", HIDDEN, False), ("<player>/hand", "each player's hand", OWNER, True),
        ("<player>/table", "each player's tokens", PUBLIC, True)]
    assert [z.seen_by.split(":")[0] for z in toy.zones] == ["hidden", "only its owner sees the cards",
                                                             "everyone sees the cards"]


def test_components_count_copies_per_kind_and_mark_stand_ins(toy):
    kinds = {k.kind: k for k in toy.components}
    assert (kinds["token"].total, kinds["token"].stand_ins) == (5, 2)  # the test-only sample is not dealt
    assert kinds["cards"].total == 1 and toy.total_cards == 6 and toy.stand_ins == 2
    text = page_text(toy)
    assert "2 x Bee (stand-in)" in text and "4 x Sample (test only, never dealt)" in text


# -- every real game: the structural facts ---------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_the_page_lists_every_node_every_zone_and_every_card_kind(game):
    g = tablekit.get_game(game)
    page = rules_page(g)
    assert [line.path for line in page.flow] == [n.path for n in g.nodes]
    assert [line.kind for line in page.flow] == [n.kind for n in g.nodes]
    decisions = [line for line in page.flow if line.decision]
    assert decisions and all(line.kind in ("decision", "action-window") for line in decisions)
    for line, node in zip(page.flow, g.nodes):
        assert [o.form for o in line.offers][:len(node.offers)] == list(node.offers)
    table = tablekit.new_game(game, players=g.min_players, seed=1).state
    owners = set(table.player_names)
    listed = {z.name for z in page.zones}
    for name, info in table.zone_info.items():
        generic = "/".join("<player>" if p in owners else p for p in name.split("/"))
        assert generic in listed, name
        assert next(z for z in page.zones if z.name == generic).visibility == info["visibility"]
    assert {k.kind for k in page.components} == {d.kind or "cards" for d in g.cards.values()}
    assert page.total_cards == sum(d.quantity for d in g.cards.values() if not d.test_only)
    text = page_text(page)
    assert all(n.name in text for n in g.nodes) and g.title in text


# -- the diagram ----------------------------------------------------------------------

def _groups(svg: str) -> dict[str, ET.Element]:
    return {el.get("id"): el for el in ET.fromstring(svg).iter(f"{SVG}g") if el.get("id")}


def _shapes(svg: str) -> list[tuple[str, dict]]:
    """Every outline of the drawing with its place (not its stroke)."""
    out = []
    for el in ET.fromstring(svg).iter():
        if el.tag in (f"{SVG}polygon", f"{SVG}ellipse", f"{SVG}path"):
            out.append((el.tag, {k: v for k, v in el.attrib.items() if k != "stroke-width"}))
    return out


@pytest.mark.parametrize("game", GAMES)
def test_the_diagram_is_svg_with_a_group_for_every_node_and_a_legend(game):
    g = tablekit.get_game(game)
    svg = flow_svg(g)
    groups = _groups(svg)
    assert all(f"tk-node-{n.id}" in groups for n in g.nodes)
    assert "tk-legend" in groups and f"tk-legend-{g.nodes[0].kind}" in groups
    for n in g.nodes:  # the words tell the kind, not colour alone
        words = " ".join(t.text or "" for t in groups[f"tk-node-{n.id}"].iter(f"{SVG}text"))
        assert KINDS[n.kind][1] in words, words
    assert flow_svg(g) is svg  # laid out once per game
    assert "http://" not in svg.replace("http://www.w3.org/", "")


def test_marking_puts_now_on_exactly_one_node_and_moves_nothing():
    g = tablekit.new_game("creatures", players=2, seed=1)
    for _ in range(3):
        g.step()
    plain = flow_svg(g.gamedef)
    marked = marked_svg(g.gamedef, g.cursor)
    node = g.gamedef.flow.find(g.cursor)
    nows = [grp.get("id") for grp in _groups(marked).values()
            if grp.get("id", "").startswith("tk-node-")
            and any(t.text == NOW for t in grp.iter(f"{SVG}text"))]
    assert nows == [f"tk-node-{node.id}"]
    assert marked.count(NOW) == 1 and NOW not in plain
    assert _shapes(marked) == _shapes(plain)  # the same layout: only strokes and the words change
    outline = next(el for el in _groups(marked)[f"tk-node-{node.id}"].iter() if el.tag in (f"{SVG}polygon", f"{SVG}ellipse"))
    assert outline.get("stroke-width") == "4"
    root = _groups(marked)[f"tk-node-{g.gamedef.nodes[0].id}"]
    assert "tk-flow-on-path" in root.get("class")


def test_an_unknown_path_is_a_clear_error():
    with pytest.raises(TablekitError, match="no node of the flow at .*Nowhere"):
        marked_svg(tablekit.get_game("creatures"), ("Creatures and Cards", "Nowhere"))


def test_import_tablekit_loads_no_graphviz():
    code = "import sys, tablekit, tablekit.diagram; print('pygraphviz' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_drawing_keeps_fontconfigs_warning_off_stderr():
    code = ("import tablekit; from tablekit.diagram import flow_svg; "
            "print(len(flow_svg(tablekit.get_game('lfg'))) > 0)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "True" and "Fontconfig" not in out.stderr, out.stderr


# -- the widget -------------------------------------------------------------------------

def test_rules_view_marks_where_a_game_stands_and_only_the_diagram_changes():
    from tablekit.widgets import Sandbox
    from tablekit.widgets.rules import RulesView

    view = RulesView("creatures")
    start = tablekit.new_game("creatures", seed=1).cursor
    assert view.path == start and view.diagram.value.count(NOW) == 1
    page_before = view.page.value
    assert "Deal the Kings" in page_before and "<svg" not in page_before
    sb = Sandbox(tablekit.new_game("creatures", players=2, seed=1))
    view.follow_sandbox(sb)
    diagram_before = view.diagram.value
    assert sb.press("step") is None and sb.board.error == ""
    assert view.path == sb.game.cursor != start
    assert view.diagram.value != diagram_before and view.page.value == page_before
    with pytest.raises(TablekitError):
        view.show_at(("Creatures and Cards", "Nowhere"))
    assert view.path == sb.game.cursor  # a bad path changes nothing
    with pytest.raises(TablekitError, match="not Legends"):
        view.follow(tablekit.new_game("labyrinth", seed=1))


# -- the command ------------------------------------------------------------------------

def test_the_cli_prints_the_page_as_text(capsys):
    assert cli.main(["rules", "creatures"]) == 0
    out = capsys.readouterr().out
    g = tablekit.get_game("creatures")
    assert out.startswith(g.title) and "How it ends:" in out and "Zones" in out and "Components: 54 cards" in out
    assert all(n.name in out for n in g.nodes)


def test_the_cli_writes_a_standalone_page(tmp_path, capsys):
    target = tmp_path / "mirkwood.html"
    assert cli.main(["rules", "mirkwood", "--html", str(target)]) == 0
    html = target.read_text()
    assert html.startswith("<!DOCTYPE html>") and "<style>" in html and "<svg" in html
    assert "tk-node-0" in html and "Passage Through Mirkwood" in html
    assert not re.search(r"""(?:src|href)\s*=\s*["']?(?:https?:)?//""", html), "loads from another host"
    assert "<link" not in html and "<script" not in html


def test_the_cli_refuses_a_bad_game_and_a_bad_file(capsys, tmp_path):
    assert cli.main(["rules", "chess"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "chess" in err and "creatures" in err and "mirkwood" in err
    assert cli.main(["rules", "lfg", "--html", str(tmp_path / "rules.txt")]) == 2
    assert ".html" in capsys.readouterr().err
    assert cli.main(["rules", "lfg", "--html", str(tmp_path / "no" / "rules.html")]) == 2
    assert "no folder" in capsys.readouterr().err
    assert not (tmp_path / "no").exists()
