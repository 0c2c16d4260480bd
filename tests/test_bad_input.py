"""Bad input: every mistake gets a tablekit error that says what is wrong, and
changes nothing."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

import tablekit
from tablekit.core.bots import random_answer
from tablekit.core.cards import data_path, load_cards
from tablekit.core.registry import registry

GAME = "creatures"
FIELDS = tablekit.game_info(GAME).card_fields


def expect(exc_type, fn, *words):
    """Call fn, which must raise exc_type (a TablekitError) whose message holds every word."""
    assert issubclass(exc_type, tablekit.TablekitError)
    with pytest.raises(exc_type) as info:
        fn()
    msg = str(info.value)
    assert isinstance(info.value, tablekit.TablekitError)
    for w in words:
        assert str(w).lower() in msg.lower(), f"{w!r} is not in the message {msg!r}"
    return info.value


def reference() -> dict:
    """A game made the same way each time: a failed setup must not change it."""
    return tablekit.new_game(GAME, players=["Ana", "Bo"], seed=7).state.to_dict()


def snapshot(g) -> tuple:
    d = g.pending
    sig = None if d is None else (d.player, d.prompt, d.min, d.max,
                                  [(o.id, o.legal, o.reason) for o in d.options])
    return g.state.to_dict(), len(g.history), [r.text for r in g.history], sig, g.can_redo


def at_decision(seed: int = 1, players=("Ana", "Bo")):
    g = tablekit.new_game(GAME, players=list(players), seed=seed)
    g.run(until="decision")
    assert g.pending is not None
    return g


def find_decision(test, seeds=range(50)):
    """A game stopped at a decision where test(decision) holds (random legal play)."""
    for seed in seeds:
        g = tablekit.new_game(GAME, players=3, seed=seed)
        rnd = random.Random(seed)
        while not g.is_over:
            d = g.pending
            if d is None:
                g.step()
            elif test(d):
                return g
            else:
                g.choose(*random_answer(d, rnd))
    raise AssertionError("no such decision arose in 50 games")


# -- setting up a game ------------------------------------------------------------

def test_unknown_game_names_the_known_games():
    before, games = reference(), list(registry())  # what tablekit.games() lists
    expect(tablekit.SetupError, lambda: tablekit.new_game("chess", players=2), "chess", *games)
    expect(tablekit.SetupError, lambda: tablekit.game_info("chess"), "chess", *games)
    assert list(registry()) == games and reference() == before


@pytest.mark.parametrize("too", ["few", "many"])
def test_bad_player_count(too):
    info = tablekit.game_info(GAME)
    n = info.min_players - 1 if too == "few" else info.max_players + 1
    before = reference()
    e = expect(tablekit.SetupError, lambda: tablekit.new_game(GAME, players=n, seed=1),
               str(info.min_players), str(info.max_players))
    assert re.search(rf"\b{n}\b", str(e)), f"the message does not say {n}: {e}"
    names = [f"N{i}" for i in range(n)]
    e = expect(tablekit.SetupError, lambda: tablekit.new_game(GAME, players=names, seed=1))
    assert re.search(rf"\b{n}\b", str(e)), f"the message does not say {n}: {e}"
    assert reference() == before


@pytest.mark.parametrize("n", [10**12, 2**63, -3, 0])
def test_absurd_player_count_is_refused_before_names_are_built(n):
    # the count is checked against the game's counts first: 10**12 seats are never built
    before = reference()
    e = expect(tablekit.SetupError, lambda: tablekit.new_game(GAME, players=n), "2", "4", str(n))
    assert "players" in str(e)
    assert reference() == before


def test_duplicate_player_names():
    before = reference()
    e = expect(tablekit.SetupError, lambda: tablekit.new_game(GAME, players=["Ana", "Bo", "Ana"]),
               "Ana")
    assert re.search(r"unique|repeated|twice|duplicate", str(e), re.I), str(e)
    assert reference() == before


@pytest.mark.parametrize("name", ["", "   "])
def test_empty_player_name(name):
    before = reference()
    e = expect(tablekit.SetupError, lambda: tablekit.new_game(GAME, players=["Ana", name]), "name")
    assert re.search(r"empty|blank", str(e), re.I), str(e)
    assert reference() == before


def test_unknown_variant():
    before = reference()
    e = expect(tablekit.SetupError, lambda: tablekit.new_game(GAME, players=2, variant="speedrun"),
               "variant", "speedrun")
    for v in tablekit.game_info(GAME).variants:
        assert v in str(e)
    assert reference() == before


def test_unknown_option_key():
    before = reference()
    e = expect(tablekit.SetupError,
               lambda: tablekit.new_game(GAME, players=2, options={"hand_sise": 4}),
               "option", "hand_sise")
    for k in tablekit.game_info(GAME).options:
        assert k in str(e)
    assert reference() == before


# -- choosing and stepping --------------------------------------------------------

def test_unknown_option_id():
    g = at_decision()
    before = snapshot(g)
    e = expect(tablekit.IllegalChoice, lambda: g.choose("play:ZZ"), "play:ZZ")
    for o in g.pending.options:  # it says what the options are
        assert o.id in str(e)
    assert snapshot(g) == before


def test_illegal_option_gives_its_reason():
    g = find_decision(lambda d: any(not o.legal for o in d.options))
    before = snapshot(g)
    bad = next(o for o in g.pending.options if not o.legal)
    assert bad.reason
    e = expect(tablekit.IllegalChoice, lambda: g.choose(bad.id), bad.reason)
    assert e.reason and bad.reason in e.reason
    assert snapshot(g) == before


def test_wrong_number_of_picks():
    g = at_decision()
    d = g.pending
    assert d.min == d.max == 1 and len(d.legal) >= 2
    before = snapshot(g)
    expect(tablekit.IllegalChoice, lambda: g.choose(), "1", "0")
    two = [o.id for o in d.legal[:2]]
    expect(tablekit.IllegalChoice, lambda: g.choose(*two), "1", "2")
    assert snapshot(g) == before
    # a decision of several picks: one too few
    g = find_decision(lambda d: d.min >= 2)
    d = g.pending
    before = snapshot(g)
    few = [o.id for o in d.legal[:d.min - 1]]
    expect(tablekit.IllegalChoice, lambda: g.choose(*few), str(d.min), str(len(few)))
    assert snapshot(g) == before


def test_step_while_a_decision_is_open():
    g = at_decision()
    before = snapshot(g)
    e = expect(tablekit.NeedsDecision, g.step, g.pending.player)
    assert e.decision is g.pending
    assert snapshot(g) == before


def test_step_after_the_end():
    g = tablekit.new_game(GAME, players=2, seed=3)
    g.run(until="end", bots="random")
    assert g.is_over
    before = snapshot(g)
    expect(tablekit.GameOver, g.step, "over")
    expect(tablekit.GameOver, lambda: g.choose("pass"), "over")
    assert snapshot(g) == before


def test_choose_with_no_open_decision():
    g = tablekit.new_game(GAME, players=2, seed=1)
    assert g.pending is None and not g.is_over
    before = snapshot(g)
    expect(tablekit.TablekitError, lambda: g.choose("pass"), "no decision")
    assert snapshot(g) == before


# -- saves --------------------------------------------------------------------------

def _save() -> tuple:
    g = at_decision(seed=5)
    return g, json.loads(g.save())


def test_save_with_another_format_version():
    g, data = _save()
    before = snapshot(g)
    data["format_version"] = 99
    expect(tablekit.SaveFormatError, lambda: tablekit.load(json.dumps(data)), "format_version", "99")
    assert snapshot(g) == before


def test_save_that_is_not_json():
    g, _ = _save()
    text = g.save()
    expect(tablekit.SaveFormatError, lambda: tablekit.load(text[: len(text) // 2]), "JSON")
    expect(tablekit.SaveFormatError, lambda: tablekit.load("creatures, seed 7"), "JSON")
    assert tablekit.load(text).state.to_dict() == g.state.to_dict()


@pytest.mark.parametrize("game", ["tiddlywinks", None, 7, ["creatures"], {"id": "creatures"}],
                         ids=["unknown", "null", "number", "list", "mapping"])
def test_save_of_an_unknown_game(game):
    # a list or a mapping as the game id is a stranger's save too: it must give
    # SaveFormatError, not a TypeError from a dict lookup
    g, data = _save()
    before = snapshot(g)
    data["game"] = game
    expect(tablekit.SaveFormatError, lambda: tablekit.load(json.dumps(data)), "game",
           *([game] if isinstance(game, str) else []))
    assert snapshot(g) == before


# -- card files ---------------------------------------------------------------------

CARDS = """\
format_version: 1
game: creatures
cards:
- id: AS
  name: Ace of Spades
  kind: attack
  suit: spades
  rank: A
  value: 1
  text: An attack worth 1.
- id: 2S
  name: Two of Spades
  kind: attack
  suit: spades
  rank: '2'
  value: 2
  text: An attack worth 2.
"""
SECOND_CARD = 11  # the line of "- id: 2S"
VALUE_2 = 16  # the line of "  value: 2"


def write(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "cards.yaml"
    p.write_text(text, encoding="utf-8")
    return p


def bad_card_file(tmp_path, text, line, *words):
    p = write(tmp_path, text)
    e = expect(tablekit.CardFileError, lambda: load_cards(p, GAME, FIELDS), str(p), *words)
    found = re.findall(r"\bline (\d+)\b", str(e))
    assert found == [str(line)], f"expected line {line} in {str(e)!r}"
    assert p.read_text(encoding="utf-8") == text
    return e


def test_the_good_card_file_loads(tmp_path):
    defs = load_cards(write(tmp_path, CARDS), GAME, FIELDS)
    assert list(defs) == ["AS", "2S"] and defs["2S"]["value"] == 2
    assert CARDS.splitlines()[SECOND_CARD - 1] == "- id: 2S"
    assert CARDS.splitlines()[VALUE_2 - 1] == "  value: 2"


def test_card_missing_field(tmp_path):
    bad_card_file(tmp_path, CARDS.replace("  value: 2\n", ""), SECOND_CARD, "'value'", "missing")


def test_card_mistyped_field(tmp_path):
    bad_card_file(tmp_path, CARDS.replace("value: 2", 'value: "seven"'), VALUE_2, "'value'", "seven")


def test_card_unknown_field(tmp_path):
    bad_card_file(tmp_path, CARDS.replace("  value: 2\n", "  value: 2\n  colour: black\n"),
                  VALUE_2 + 1, "'colour'", "unknown")


def test_card_duplicate_id(tmp_path):
    bad_card_file(tmp_path, CARDS.replace("id: 2S", "id: AS"), SECOND_CARD, "id", "'AS'", "twice")


def test_card_file_malformed_yaml(tmp_path):
    # "Two: of" puts a mapping inside a plain value: the parser stops on that line
    bad_card_file(tmp_path, CARDS.replace("name: Two of Spades", "name: Two: of Spades"),
                  SECOND_CARD + 1, "not allowed")


def test_card_file_alias(tmp_path):
    text = CARDS.replace("text: An attack worth 1.", "text: &t An attack worth 1.").replace(
        "text: An attack worth 2.", "text: *t")
    bad_card_file(tmp_path, text, 17, "alias")


def test_card_file_bad_format_version(tmp_path):
    bad_card_file(tmp_path, CARDS.replace("format_version: 1", "format_version: 2"), 1,
                  "format_version", "2")


def test_shipped_card_file():
    path = data_path("cards", f"{GAME}.yaml")
    assert path == Path(__file__).resolve().parents[1] / "cards" / f"{GAME}.yaml"
    defs = load_cards(path, GAME, FIELDS, frozenset(tablekit.game_info(GAME).effects))
    assert len(defs) == 53
    assert sum(d.quantity for d in defs.values()) == 54
    assert [d.id for d in defs.values() if d.quantity > 1] == ["JK"] and defs["JK"].quantity == 2
    g = tablekit.new_game(GAME, players=2, seed=1)
    assert len(g.state.cards) == 54
