"""Card templates (tablekit/core/cardtemplates.py): the type line and the numbers a
card shows on the table, read from its current face first, then from the card."""

from __future__ import annotations

from types import SimpleNamespace

import tablekit
from tablekit.core.cardtemplates import CardTemplate, Stat, template_for
from tablekit.widgets.boardmodel import board_model

HERO = CardTemplate(kinds=("hero",), line=("sphere", "traits"), stats=(Stat("cost", "Cost", "◆"), Stat("hp", "HP")))
ANY = CardTemplate(stats=(Stat("value", "Value"),))


def card(fields, faces=()):
    return SimpleNamespace(fields=fields, faces=tuple(SimpleNamespace(fields=f) for f in faces))


def test_a_template_reads_the_line_and_the_numbers_it_names():
    d = card({"sphere": "tactics", "traits": ["Noble", "Warrior"], "cost": 3, "hp": 4, "unused": 9})
    assert HERO.read(d) == {"line": ["tactics", "Noble, Warrior"],
                            "stats": [{"key": "cost", "name": "Cost", "icon": "◆", "value": 3},
                                      {"key": "hp", "name": "HP", "icon": "", "value": 4}]}


def test_a_missing_field_is_left_out_and_a_face_comes_first():
    d = card({"sphere": "lore", "hp": 10, "cost": True}, faces=[{"hp": 5}, {"hp": 0}])
    assert HERO.read(d, face=0) == {"line": ["lore"], "stats": [{"key": "hp", "name": "HP", "icon": "", "value": 5}]}
    assert HERO.read(d, face=1)["stats"][0]["value"] == 0
    assert HERO.read(d, face=7)["stats"][0]["value"] == 10  # no such face: the card's own field


def test_the_first_template_for_the_kind_applies():
    assert template_for((HERO, ANY), "hero") is HERO
    assert template_for((HERO, ANY), "ally") is ANY
    assert template_for((HERO,), "ally") is None


def test_every_game_declares_templates_whose_numbers_reach_the_board():
    for gid in tablekit.games():
        info = tablekit.game_info(gid)
        assert info.card_templates, gid
        g = tablekit.new_game(gid, players=info.min_players, seed=2)
        g.run(until="end", bots="random", max_records=80)
        cards = board_model(g, None, everything=True)["cards"].values()
        assert any(c["stats"] for c in cards), f"{gid}: no card shows a number"
        for c in cards:
            d = g.defs[g.state.cards[c["uid"]]["card"]]
            template = template_for(info.card_templates, d.kind)
            assert c["stats"] == (template.read(d, g.state.cards[c["uid"]].get("face") or 0)["stats"]
                                  if template else [])
