"""Each game's glossary (glossary.yaml in its folder, tablekit/core/glossary.py): the words
a learner meets with their meanings, on the rules page and the board; every ruling an
entry names is on the game's rulings page; a broken file is refused naming the file, the
line and the field."""

from __future__ import annotations

import pytest
from test_generic import GAMES

import tablekit
from tablekit.core.glossary import GlossaryError, load_glossary
from tablekit.core.rulebook import page_text, rules_page
from tablekit.core.rulings import rulings
from tablekit.widgets.board import Board
from tablekit.widgets.rules import rules_page_html


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_has_a_glossary_whose_rulings_exist(game_id):
    terms = tablekit.game_info(game_id).glossary
    assert 12 <= len(terms) <= 60, len(terms)
    known = rulings(game_id)
    for t in terms:
        assert t.meaning and len(t.meaning) < 400, t.term
        assert not t.see or t.see in known, f"{t.term}: ruling {t.see} is not on the rulings page"
        assert " his " not in f" {t.meaning} ".lower(), t.term  # players are "they" or the seat's name


@pytest.mark.parametrize("game_id", GAMES)
def test_the_rules_page_and_the_board_show_the_glossary(game_id):
    gd = tablekit.game_info(game_id)
    first = gd.glossary[0]
    assert f"{first.term}: {first.meaning}" in page_text(rules_page(gd))
    html = rules_page_html(gd, diagram="")
    assert "The words of the game" in html and f"<dt>{first.term}</dt>" in html.replace("&#x27;", "'")
    board = Board(tablekit.new_game(game_id, seed=1), None, everything=True, rules=True)
    assert board.glossary[0] == {"term": first.term, "meaning": first.meaning, "see": first.see}
    assert Board(tablekit.new_game(game_id, seed=1), None, everything=True).glossary == []


@pytest.mark.parametrize("text, words", [
    ("- {term: P, meaning: the heroes}\n- {term: p, meaning: again}\n", "line 2: 'p' is in the glossary already (line 1)"),
    ("- term: P\n  meaning: the heroes\n  colour: red\n", "line 3: unknown field 'colour'"),
    ("- term: P\n  meaning: ''\n", "line 2: meaning is text"),
    ("- term: P\n  meaning: x\n  see: 7\n", "line 3: see is a ruling id"),
    ("term: P\n", "line 1: a glossary is a list"),
    ("- just words\n", "entry 1 is a mapping"),
    ("- {term: P, meaning: [unclosed\n", "glossary.yaml, line"),
])
def test_a_broken_glossary_is_refused_naming_the_file_line_and_field(tmp_path, text, words):
    path = tmp_path / "glossary.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(GlossaryError) as info:
        load_glossary(path)
    assert str(path) in str(info.value) and words in str(info.value), str(info.value)


def test_no_glossary_file_is_an_empty_glossary(tmp_path):
    assert load_glossary(tmp_path / "glossary.yaml") == ()
