"""A card in words and as the board draws it (tablekit/widgets/cardwords.py): every card
definition of every game as a card view model with its template's numbers; the cards
the open decision names, clicked where they lie; the one card an option names, never
one the seat may not see."""

from __future__ import annotations

import pytest

import tablekit
from tablekit.core.cardtemplates import template_for
from tablekit.core.decision import Option
from tablekit.core.registry import get_game
from tablekit.games.creatures import positions as creatures_positions
from tablekit.games.lfg import positions as lfg_positions
from tablekit.games.mirkwood import positions as mirkwood_positions
from tablekit.widgets.cardwords import definition_view, fact_words, number_words


def to_decision(g):
    while g.pending is None:
        g.step()
    return g


@pytest.mark.parametrize("gid", tablekit.games())
def test_every_card_definition_is_a_view_with_its_name_text_and_template_numbers(gid):
    gamedef = get_game(gid)
    for d in gamedef.cards.values():
        view = definition_view(gamedef, d)
        assert view["uid"] == d.id and view["name"] == gamedef.card_name(d) and view["text"] == d.text
        template = template_for(gamedef.card_templates, d.kind)
        if template is not None:
            assert view["stats"] == template.read(d, 0)["stats"]
        for words in number_words(d.fields) + fact_words(d.fields):
            assert words in view["words"]
        assert ("stand-in: designed by tablekit" in view["state"]) == bool(d.stand_in)


def test_numbers_and_facts_in_words_leave_out_bookkeeping():
    fields = {"cost": 2, "hit_points": 5, "core_number": 7, "unique": True, "sphere": "lore",
              "keywords": ["ranged", "sentinel"], "flag": False, "none": "none"}
    assert number_words(fields) == ["cost 2", "hit points 5"]
    assert fact_words(fields) == ["unique", "sphere: lore", "keywords: ranged, sentinel"]


@pytest.mark.parametrize("make", [creatures_positions.fighter, lfg_positions.a_round, lfg_positions.copy_kill,
                                  mirkwood_positions.combat], ids=lambda f: f.__name__)
def test_the_sandbox_marks_the_cards_the_open_decision_names(make):
    from tablekit.widgets import Sandbox

    g = to_decision(make())
    on_table = {u for uids in g.state.zones.values() for u in uids}
    named = {part for o in g.pending.options if o.legal for part in o.id.split(":") if part in on_table}
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
    from tablekit.widgets.cardwords import option_card

    g = CP.turn()
    top = g.state.zones["deck"][-1]
    assert option_card(g, Option(f"take:{top}", "Take the top card"), "Ana") is None     # face down
    assert option_card(g, Option("play:6H", "Play 6H"), "Ana") == "6H"                   # her own hand
    assert option_card(g, Option("play:6H", "Play 6H"), "Bo") is None                   # not Bo's to see
    assert option_card(g, Option("swap:6H:3C", "Swap"), "Ana") is None                  # two cards
