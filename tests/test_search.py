"""The rules search (issue 19): every node, ruling and card of every game is found
by a word of its name; ranking, prefixes, accents, bad queries; the widget."""

from __future__ import annotations

import re

import pytest

import tablekit
from tablekit.core.errors import TablekitError
from tablekit.core.registry import get_game, registry
from tablekit.core.rulings import RULING_ID, rulings
from tablekit.core.search import MAX_QUERY, Hit, fold, search_rules, snippet_of, words_of

GAMES = sorted(registry())
ALL = 10**6  # a limit no game reaches


def name_words(name: str) -> list[str]:
    """The words of a name as a reader would type them: split at spaces, hyphens,
    slashes and underscores, with the punctuation around each word left off."""
    parts = re.split(r"[\s\-_/]+", name)
    return [w for w in (p.strip(".,;:!?()[]\"'“”’") for p in parts) if w]


def keys(gamedef, word: str) -> set:
    return {(h.kind, h.key) for h in search_rules(gamedef, word, limit=ALL)}


@pytest.mark.parametrize("game_id", GAMES)
def test_every_node_is_found_by_each_word_of_its_name(game_id):
    g = get_game(game_id)
    assert g.nodes
    for node in g.nodes:
        words = name_words(node.name)
        assert words, node.path
        for w in words:
            assert ("node", node.path) in keys(g, w), f"{node.path} not found by {w!r}"


@pytest.mark.parametrize("game_id", GAMES)
def test_every_ruling_is_found_by_each_word_of_its_id(game_id):
    g = get_game(game_id)
    ids = [rid for rid in rulings(game_id) if RULING_ID.match(rid)]
    assert ids, f"{game_id} has no rulings"
    for rid in ids:
        for w in [rid, *name_words(rid)]:
            assert ("ruling", rid) in keys(g, w), f"{rid} not found by {w!r}"


@pytest.mark.parametrize("game_id", GAMES)
def test_every_card_is_found_by_each_word_of_its_name(game_id):
    g = get_game(game_id)
    assert g.cards
    for d in g.cards.values():
        name = g.card_name(d)
        for w in name_words(name):
            assert ("card", d.id) in keys(g, w), f"card {d.id} ({name}) not found by {w!r}"


def test_a_table_that_is_not_a_ruling_is_not_found_as_one():
    # docs/rulings/mirkwood.md also holds a table of seats whose rows start "1", "2"...:
    # the register reads only the rows that start with a ruling id
    assert "1" not in rulings("mirkwood") and all(RULING_ID.match(rid) for rid in rulings("mirkwood"))
    assert all(RULING_ID.match(rid) for rid in rulings("labyrinth"))
    assert all(RULING_ID.match(h.key) for h in search_rules(get_game("mirkwood"), "P1", limit=ALL)
               if h.kind == "ruling")


def test_a_hit_names_its_kind_key_title_and_a_snippet_of_our_words():
    g = get_game("creatures")
    hits = search_rules(g, "kings", limit=ALL)
    ruling = next(h for h in hits if h.kind == "ruling" and h.key == "CC-KINGS")
    assert ruling.title.startswith("CC-KINGS: ") and rulings("creatures")["CC-KINGS"]["question"] in ruling.title
    assert "King" in ruling.snippet and len(ruling.snippet) <= 120
    node = next(h for h in hits if h.kind == "node" and h.title == "Deal the Kings")
    assert node.key == ("Creatures and Cards", "Game prep", "Deal the Kings")
    assert node.snippet and node.snippet in g.flow.find(node.key).text
    assert isinstance(node, Hit)
    with pytest.raises(AttributeError):
        node.score = 1  # frozen


def test_title_hits_come_first_then_nodes_rulings_cards():
    g = get_game("mirkwood")
    hits = search_rules(g, "spider", limit=ALL)
    in_title = ["spider" in fold(h.title) for h in hits]
    assert True in in_title and False in in_title
    first_other = in_title.index(False)
    assert all(in_title[:first_other]) and not any(in_title[first_other:])
    order = {"node": 0, "ruling": 1, "card": 2}
    titled = [order[h.kind] for h in hits[:first_other]]
    assert titled == sorted(titled)
    assert [h.score for h in hits[:first_other]] and min(h.score for h in hits[:first_other]) > \
        max(h.score for h in hits[first_other:])
    cards = [h.key for h in hits if h.kind == "card"]
    assert "forest-spider" in cards and "king-spider" in cards


def test_a_word_may_be_the_start_of_a_word_and_every_word_must_match():
    g = get_game("mirkwood")
    assert ("card", "forest-spider") in keys(g, "spid")
    assert ("card", "forest-spider") in keys(g, "FOR spid")
    assert ("card", "forest-spider") not in keys(g, "spid zzzq")
    assert ("card", "forest-spider") not in keys(g, "pider")  # the middle of a word is not its start


def test_case_and_accents_do_not_matter():
    g = get_game("mirkwood")
    for q in ("theodred", "THÉODRED", "Théodred", "gloin", "glóin"):
        assert search_rules(g, q, limit=ALL)
    assert ("card", "theodred") in keys(g, "theodred")
    assert ("card", "gloin") in keys(g, "GLOIN")
    assert words_of("Celebrían's Stone") == ["celebrian", "s", "stone"]


def test_a_suit_symbol_is_a_word():
    g = get_game("creatures")
    spades = {d.id for d in g.cards.values() if d.get("suit") == "spades" and d.kind != "hero"}
    found = {k for kind, k in keys(g, "♠") if kind == "card"}
    assert spades and spades <= found and "AH" not in found


def test_an_empty_query_finds_nothing_and_a_long_one_is_refused():
    g = get_game("lfg")
    assert search_rules(g, "") == [] and search_rules(g, "   \t ") == [] and search_rules(g, "!?") == []
    assert len(search_rules(g, "a" * MAX_QUERY, limit=ALL)) == 0
    with pytest.raises(TablekitError, match="at most 200 characters; this one has 201"):
        search_rules(g, "a" * (MAX_QUERY + 1))
    with pytest.raises(TablekitError, match="limit"):
        search_rules(g, "bard", limit=0)
    with pytest.raises(TablekitError, match="takes text"):
        search_rules(g, None)


def test_the_limit_caps_the_hits():
    g = get_game("mirkwood")
    assert len(search_rules(g, "a", limit=ALL)) > 30
    assert len(search_rules(g, "a")) == 30 and len(search_rules(g, "a", limit=3)) == 3
    assert search_rules(g, "a", limit=3) == search_rules(g, "a", limit=ALL)[:3]


def test_a_snippet_is_cut_at_spaces_around_the_match():
    text = " ".join(f"word{i}" for i in range(60))
    at = text.index("word40")
    s = snippet_of(text, at)
    assert "word40" in s and s.startswith("…") and s.endswith("…") and len(s) <= 112
    assert snippet_of("short text", 0) == "short text"


# -- the widget -----------------------------------------------------------------


# -- the search on the board (tablekit/widgets/board.py) ----------------------

def searched(game_id: str, query: str):
    from tablekit.widgets.board import Board

    board = Board(tablekit.new_game(game_id, seed=1), None, everything=True, rules=True)
    assert board.press("search", query=query) is None
    return board


def pick(board, key) -> str:
    """Show the hit whose key is `key`; the result pane's HTML."""
    i = next(i for i, h in enumerate(board.hits) if h.key == key)
    assert board.press("hit", index=i) is None
    return board.found["result"]


def test_the_board_lists_the_hits_and_counts_the_rest():
    from tablekit.widgets.board import SEARCH_SHOWN

    board = searched("creatures", "king")
    assert board.hits == search_rules(get_game("creatures"), "king", limit=SEARCH_SHOWN)
    assert board.found["hits"][0]["label"] == "Rule: Deal the Kings"
    assert board.press("search", query="a") is None and len(board.found["hits"]) == SEARCH_SHOWN
    total = len(search_rules(get_game("creatures"), "a", limit=ALL))
    assert f"{total} matches" in board.found["count"] and f"{total - SEARCH_SHOWN} more" in board.found["count"]


def test_a_node_hit_shows_the_node_and_marks_it_found():
    board = searched("creatures", "deal kings")
    path = ("Creatures and Cards", "Game prep", "Deal the Kings")
    html = pick(board, path)
    node = get_game("creatures").flow.find(path)
    assert node.name in html and node.text in html and f"({node.kind})" in html
    assert board.found["node"] == list(path) and board.error == ""
    g = get_game("lfg")
    node = next(n for n in g.nodes if n.rule and n.rule not in rulings("lfg"))
    assert f"Rulebook: {node.rule}" in pick(searched("lfg", node.name), node.path)


def test_a_ruling_hit_shows_its_question_ruling_and_why():
    html = pick(searched("creatures", "CC-KINGS"), "CC-KINGS")
    r = rulings("creatures")["CC-KINGS"]
    assert "<details" in html and " open>" in html
    for part in ("question", "ruling", "why"):
        assert r[part].replace("`", "")[:30] in html.replace("`", "")


def test_a_card_hit_shows_its_face_and_its_whole_text():
    from html import escape

    from tablekit.widgets.cardwords import definition_view

    board = searched("mirkwood", "forest spider")
    html = pick(board, "forest-spider")
    g = get_game("mirkwood")
    d = g.cards["forest-spider"]
    assert "Forest Spider" in html and escape(d.text) in html
    # its face, drawn by the board with the game's card template
    assert board.found["card"] == definition_view(g, d) and board.found["card"]["stats"]
    poker = searched("creatures", "♠ 7")
    pick(poker, "7S")
    assert poker.found["card"]["name"] == "7♠"
    ruling = searched("creatures", "CC-KINGS")
    assert pick(ruling, "CC-KINGS") and ruling.found["card"] is None  # no card: no face


def test_no_match_says_so_and_a_long_query_changes_nothing():
    board = searched("foehunters", "zzzq")
    assert board.hits == [] and "No rule, ruling or card matches “zzzq”" in board.found["count"]
    assert board.press("search", query="dorin") is None
    before = (list(board.hits), dict(board.found))
    assert f"at most {MAX_QUERY} characters" in board.press("search", query="x" * (MAX_QUERY + 1))
    assert (board.hits, board.found) == before
    assert board.press("search", query="") is None and board.hits == [] and board.found["count"] == ""
