"""Cards drawn as SVG (tablekit/widgets/cardface.py): every card of every game is
drawn, parses, names itself and keeps its whole text; its state is on it in words;
the named cards of a decision; a card as a button."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

import tablekit
from tablekit.core.decision import Option
from tablekit.games.creatures import positions as creatures_positions
from tablekit.games.creatures.positions import position as creatures_position
from tablekit.games.lfg import positions as lfg_positions
from tablekit.games.mirkwood import positions as mirkwood_positions
from tablekit.widgets import cardface, render

SVG = "{http://www.w3.org/2000/svg}"


def parsed(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg" and root.get("role") == "img"
    return root


def shown_text(root: ET.Element) -> str:
    """The words drawn on the card (its <text> elements, not its <title>), one line a space."""
    return " ".join("".join(t.itertext()) for t in root.iter(f"{SVG}text"))


def texts_of(root: ET.Element, cls: str) -> list[str]:
    return ["".join(t.itertext()) for t in root.iter(f"{SVG}text") if t.get("class") == cls]


def to_decision(g):
    while g.pending is None:
        g.step()
    return g


@pytest.mark.parametrize("gid", tablekit.games())
def test_every_card_of_every_game_is_drawn_with_its_name_and_whole_text(gid):
    g = tablekit.new_game(gid)
    defs = tablekit.game_info(gid).cards
    drawn = set()
    for uid in g.state.cards:
        d = g.ctx.defn(uid)
        face = g.ctx.face(uid)
        text = " ".join((face.text if face is not None else d.text).split())
        root = parsed(cardface.card_svg(g, uid))
        shown = shown_text(root)
        assert d.name in shown, uid
        if gid == "creatures":  # the poker face carries the text as its title (the tooltip)
            assert text in " ".join(root.find(f"{SVG}title").text.split()), uid
        else:
            assert text in shown, uid  # every word, in order: nothing cut off
        drawn.add(d.id)
    assert drawn == set(defs)


def test_a_creatures_card_has_its_rank_and_suit_in_the_corners_and_the_suit_in_the_middle():
    g = tablekit.new_game("creatures")
    root = parsed(cardface.card_svg(g, "7C"))
    assert texts_of(root, "tk-svg-rank") == ["7", "7"]
    assert texts_of(root, "tk-svg-corner-suit") == ["♣", "♣"]
    assert texts_of(root, "tk-svg-suit") == ["♣"]
    queen = parsed(cardface.card_svg(g, "QH"))
    assert texts_of(queen, "tk-svg-rank") == ["Q", "Q"] and texts_of(queen, "tk-svg-suit") == ["♥"]


def test_a_king_shows_its_crown_and_hero_and_a_joker_says_joker():
    g = tablekit.new_game("creatures")
    king = shown_text(parsed(cardface.card_svg(g, "KD")))
    assert "♔" in king and "Thief" in king and "♦" in king
    joker = parsed(cardface.card_svg(g, "JK#1"))
    assert texts_of(joker, "tk-svg-rank") == ["JOKER"] and "Joker" in shown_text(joker)


def test_a_creatures_card_may_also_draw_its_text():
    g = tablekit.new_game("creatures")
    short = parsed(cardface.card_svg(g, "7C"))
    long = parsed(cardface.card_svg(g, "7C", with_text=True))
    assert " ".join(g.ctx.defn("7C").text.split()) in shown_text(long)
    assert int(long.get("height")) > int(short.get("height"))


def test_a_weakened_monster_says_so_on_the_card_and_in_its_label():
    g = creatures_position({"Ana": "Fighter", "Bo": "Wizard"}, {"Ana/monsters": ["9C"]},
                           cards={"9C": {"damage": 4}})
    root = parsed(cardface.card_svg(g, "9C"))
    assert " ".join(texts_of(root, "tk-svg-state")) == "weakened: 5 left"
    assert "weakened: 5 left" in root.get("aria-label") and "9♣" in root.get("aria-label")
    assert any(t.get("class") == "tk-svg-token" for t in root.iter(f"{SVG}g"))


def test_an_exhausted_damaged_hero_is_turned_and_says_it():
    g = tablekit.new_game("mirkwood")
    g.ctx.card("aragorn").update(exhausted=True, damage=2, resources=3)
    root = parsed(cardface.card_svg(g, "aragorn"))
    band = " ".join(texts_of(root, "tk-svg-state"))
    assert "damage 2" in band and "exhausted" in band and "3 resources" in band and "↻ turned" in band
    assert any("rotate(90)" in (e.get("transform") or "") for e in root.iter(f"{SVG}g"))
    assert "tk-turned" in render.card_tile(g, "aragorn")
    g.ctx.card("aragorn")["exhausted"] = False
    upright = parsed(cardface.card_svg(g, "aragorn"))
    assert int(root.get("width")) > int(upright.get("width")) < int(upright.get("height"))
    assert not any("rotate(90)" in (e.get("transform") or "") for e in upright.iter(f"{SVG}g"))
    assert "tk-turned" not in render.card_tile(g, "aragorn")


def test_progress_on_a_quest_card_is_drawn_and_said():
    g = tablekit.new_game("mirkwood")
    g.ctx.card("ptm-1")["progress"] = 4
    root = parsed(cardface.card_svg(g, "ptm-1"))
    assert "4 progress tokens" in texts_of(root, "tk-svg-state")
    assert "Flies and Spiders (1A)" in shown_text(root)  # the face that is up names it


def test_a_face_down_hurt_card_and_a_stand_in_say_so():
    g = tablekit.new_game("lfg")
    g.ctx.card("Knight#1").update(face_down=True, hurt=True)
    band = " ".join(texts_of(parsed(cardface.card_svg(g, "Knight#1")), "tk-svg-state"))
    assert "face down" in band and "hurt" in band and "stand-in" in band
    assert "stand-in" not in " ".join(texts_of(parsed(cardface.card_svg(g, "Bard#1")), "tk-svg-state"))
    tile = render.card_tile(g, "Knight#1")
    assert "tk-facedown" in tile and "tk-standin" in tile
    lab = tablekit.new_game("labyrinth")
    assert "stand-in" in texts_of(parsed(cardface.card_svg(lab, "sabotage#1")), "tk-svg-state")
    assert texts_of(parsed(cardface.card_svg(lab, "sorceresses")), "tk-svg-state") == []


def test_a_card_the_viewer_may_not_see_is_a_back_saying_face_down():
    tile = render.hidden_tile()
    svg = tile[tile.index("<svg"):tile.rindex("</svg>") + 6]
    root = parsed(svg)
    assert "face down" in shown_text(root) and root.get("aria-label") == "face down"
    assert "tk-card" in tile and "tk-hidden" in tile


def test_a_tile_keeps_its_uid_title_and_marks():
    g = tablekit.new_game("creatures")
    tile = render.card_tile(g, "AS", changed=True, named=True)
    assert "data-uid='AS'" in tile and "tk-changed" in tile and "tk-named" in tile
    assert "★ just changed" in tile and "▶ in the decision" in tile
    assert f"title='{g.ctx.defn('AS').text}'" in tile.replace("&#x27;", "'")
    plain = render.card_tile(g, "AS")
    assert "tk-named" not in plain and "in the decision" not in plain and "tk-changed" not in plain


def test_a_longer_text_makes_a_taller_card_never_a_cut_one():
    lines = cardface.wrap("word " * 30 + "x" * 90, 100, 10)
    assert all(cardface.text_width(line, 10) <= 100 for line in lines)
    assert "".join(lines).replace(" ", "") == "word" * 30 + "x" * 90
    g = tablekit.new_game("mirkwood")
    short = parsed(cardface.card_svg(g, "guard-of-the-citadel#1"))  # "No text: a plain ally."
    long = parsed(cardface.card_svg(g, "aragorn"))
    assert short.get("width") == long.get("width") and int(long.get("height")) > int(short.get("height"))


def test_named_cards_on_a_creatures_decision():
    g = to_decision(creatures_position({"Ana": "Fighter", "Bo": "Wizard", "Cy": "Priest"},
                                       {"Ana/hand": ["3C", "9C"]}, at="Monsters"))
    assert cardface.named_cards(g) == {"3C", "9C"}
    assert render.named_cards(g) == {"3C", "9C"}


def test_named_cards_on_lfg_decisions_leave_out_illegal_options():
    g = to_decision(lfg_positions.a_round())
    assert cardface.named_cards(g) == {o.id.split(":")[1] for o in g.pending.options}
    g = to_decision(lfg_positions.copy_kill())
    legal = {o.id.split(":")[2] for o in g.pending.options if o.legal}
    illegal = {o.id.split(":")[2] for o in g.pending.options if not o.legal}
    assert illegal and cardface.named_cards(g) == legal


def test_named_cards_on_a_mirkwood_decision():
    g = to_decision(mirkwood_positions.combat())
    expected = {o.id.split(":")[1] for o in g.pending.options if o.legal and o.id != "pass"}
    assert expected and cardface.named_cards(g) == expected
    assert cardface.named_cards(tablekit.new_game("creatures")) == set()  # nothing asked


def test_the_cards_stylesheet_is_shipped():
    from tablekit.widgets.style import stylesheet
    css = stylesheet()
    assert ".tk-app .tk-card.tk-named" in css and ".tk-cardbtn" in css


def test_every_state_word_of_describe_card_is_on_the_band(monkeypatch):
    g = tablekit.new_game("mirkwood")
    said = ("Aragorn", "Aragorn · hero", ["+1 attack (until the end of the round)", "committed"])
    monkeypatch.setattr(g.gamedef, "describe_card", lambda ctx, uid: said)
    root = parsed(cardface.card_svg(g, "aragorn"))
    assert " ".join(texts_of(root, "tk-svg-state")) == "+1 attack (until the end of the round) · committed"
    assert root.get("aria-label") == "Aragorn · hero; +1 attack (until the end of the round), committed"


@pytest.mark.parametrize("make", [creatures_positions.fighter, lfg_positions.a_round, lfg_positions.copy_kill,
                                  mirkwood_positions.combat], ids=lambda f: f.__name__)
def test_the_sandbox_marks_the_cards_the_open_decision_names(make):
    from tablekit.widgets import Sandbox
    from tablekit.widgets.render import named_cards

    g = to_decision(make())
    named = named_cards(g)
    assert named and g.pending is not None
    sb = Sandbox(g, seat=g.pending.player)
    view = sb.board.view
    options = view["decision"]["options"]
    marked = ({o["card"] for o in options if o["legal"] and o["card"]}
              | {u for o in options if o["legal"] and o["pair"] for u in o["pair"]})
    assert marked == named & set(view["cards"]) and marked   # each named card the seat sees is clicked where it lies
    lying = {u for z in view["zones"] for u in z["cards"]}
    assert marked <= lying


def test_an_option_that_is_one_card_is_answered_on_the_card():
    from tablekit.games.creatures import positions as CP
    from tablekit.widgets import Sandbox

    g = CP.turn()
    g.run(until="decision")
    assert g.pending.kind == "follower" and g.pending.player == "Ana"
    sb = Sandbox(g, seat="Ana", bots={"Bo": "random"})
    view = sb.board.view
    options = {o["id"]: o for o in view["decision"]["options"]}
    play, keep = options["play:6H"], options["pass"]
    assert play["card"] == "6H" and play["legal"]
    assert play["label"] == g.pending.option("play:6H").label        # its accessible name
    assert keep["card"] is None and keep["pair"] is None              # no card: a plain button
    hand = next(z for z in view["zones"] if z["id"] == "Ana/hand")
    assert hand["region"] == "hand" and "6H" in hand["cards"]          # the card where it lies, in her hand
    assert view["cards"]["6H"]["name"] == g.gamedef.describe_card(g.ctx, "6H")[0]
    n = len(g.history)
    assert sb.press("choose", ids=["play:6H"]) is None
    assert g.state.zones["Ana/followers"] == ["6H"] and len(g.history) > n


def test_a_card_the_deciding_seat_may_not_see_is_never_shown_on_its_button():
    from tablekit.games.creatures import positions as CP
    from tablekit.widgets.cardface import option_card

    g = CP.turn()
    top = g.state.zones["deck"][-1]
    assert option_card(g, Option(f"take:{top}", "Take the top card"), "Ana") is None     # face down
    assert option_card(g, Option("play:6H", "Play 6H"), "Ana") == "6H"                   # her own hand
    assert option_card(g, Option("play:6H", "Play 6H"), "Bo") is None                   # not Bo's to see
    assert option_card(g, Option("swap:6H:3C", "Swap"), "Ana") is None                  # two cards
