"""Fuzzing the file loaders tablekit reads user files with: card files and
scenario files. The shipped files are mutated (lines deleted, swapped,
duplicated, values and words replaced, snippets inserted, characters changed),
and random bytes and random YAML structures are tried too. Every input must
load, or fail with one TablekitError; any other exception fails the test, and
so does an input that takes longer than 30 s (never a speed assert: a
timeout). More examples: TABLEKIT_FUZZ_EXAMPLES=5000 make test."""

from __future__ import annotations

import os
import signal
from contextlib import contextmanager
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, Phase, given, note, settings
from hypothesis import strategies as st
from test_scenarios import VALID, _mutate_once

import tablekit
from tablekit.core.cards import load_cards
from tablekit.core.engine import make_game
from tablekit.core.scenario import parse, run

ROOT = Path(__file__).resolve().parent.parent
GAMES = ["creatures", "labyrinth", "lfg"]
CARD_TEXTS = {g: (ROOT / "cards" / f"{g}.yaml").read_text(encoding="utf-8") for g in GAMES}
EXAMPLES = int(os.environ.get("TABLEKIT_FUZZ_EXAMPLES", "300"))
PER_INPUT = 30  # seconds: an input that takes longer is a hang
FUZZ = settings(deadline=None, max_examples=EXAMPLES, suppress_health_check=list(HealthCheck),
                phases=[Phase.explicit, Phase.reuse, Phase.generate], database=None)


class Hang(Exception):
    pass


@contextmanager
def limit(seconds: int = PER_INPUT):
    """Fail an input that runs longer than `seconds` (the test names the input)."""
    def alarm(signum, frame):
        raise Hang(f"an input took more than {seconds} s")
    old = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


# random YAML-ish structures: what a confused editor or a script could write
SCALARS = (st.none() | st.booleans() | st.integers(-10**12, 10**12) | st.floats(allow_nan=True)
           | st.text(max_size=12) | st.sampled_from(["deck", "Ana", "JK", "7S", "kill", "hero", "Rounds",
                                                     "defence", "spades", "board", "attack"]))
STRUCTS = st.recursive(SCALARS, lambda kids: st.lists(kids, max_size=4)
                       | st.dictionaries(st.text(max_size=10) | st.sampled_from(
                           ["format_version", "game", "cards", "id", "name", "text", "quantity", "setup",
                            "start", "players", "extra", "zones", "rest", "abilities", "type", "effect"]),
                           kids, max_size=5), max_leaves=25)


def _card_file(data: st.DataObject, game: str) -> str:
    how = data.draw(st.sampled_from(["mutate", "mutate", "mutate", "structure", "bytes"]), label="how")
    if how == "bytes":
        raw = data.draw(st.binary(max_size=400), label="bytes")
        return raw.decode("utf-8", errors="replace")
    if how == "structure":
        top = {"format_version": 1, "game": game,
               "cards": data.draw(st.lists(STRUCTS, max_size=3), label="cards")}
        if data.draw(st.booleans()):
            top = data.draw(STRUCTS, label="top")
        return yaml.safe_dump(top)
    text = CARD_TEXTS[game]
    for _ in range(data.draw(st.integers(1, 3), label="mutations")):
        text = _mutate_once(data, text)
    return text


@pytest.mark.timeout(900)
@FUZZ
@given(st.data())
def test_card_files_load_or_fail_cleanly(tmp_path_factory, data):
    game = data.draw(st.sampled_from(GAMES), label="game")
    text = _card_file(data, game)
    note(text)
    path = tmp_path_factory.mktemp("cards") / f"{game}.yaml"
    path.write_text(text, encoding="utf-8")
    gd = tablekit.game_info(game)
    with limit():
        try:
            defs = load_cards(path, game, gd.card_fields, frozenset(gd.effects), gd.ability_domains)
        except tablekit.CardFileError as exc:
            assert str(exc).startswith(str(path)), str(exc)
            return
        # a file that loads makes a table: no hang, no crash creating it
        probe = type(gd)()
        probe.__dict__["cards"] = defs
        try:
            make_game(probe, gd.min_players, seed=1)
        except tablekit.TablekitError:
            pass


def _scenario_text(data: st.DataObject) -> str:
    how = data.draw(st.sampled_from(["mutate", "mutate", "mutate", "structure", "bytes"]), label="how")
    if how == "bytes":
        return data.draw(st.binary(max_size=400), label="bytes").decode("utf-8", errors="replace")
    if how == "structure":
        top = {"format_version": 1, "game": data.draw(st.sampled_from(GAMES)),
               **data.draw(st.dictionaries(st.sampled_from(
                   ["players", "seed", "setup", "start", "decisions", "run", "expect", "variant", "options"]),
                   STRUCTS, max_size=4), label="keys")}
        return yaml.safe_dump(top)
    text = data.draw(st.sampled_from(VALID), label="file")
    for _ in range(data.draw(st.integers(1, 3), label="mutations")):
        text = _mutate_once(data, text)
    return text


@pytest.mark.timeout(900)
@FUZZ
@given(st.data())
def test_scenario_files_load_or_fail_cleanly(data):
    text = _scenario_text(data)
    note(text)
    with limit():
        try:
            run(parse(text, "mutant.yaml"), "mutant.yaml")
        except tablekit.ScenarioError as exc:
            assert str(exc).startswith("mutant.yaml"), str(exc)
