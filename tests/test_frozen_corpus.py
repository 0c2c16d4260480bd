"""The frozen corpus (tests/data/frozen, made once by its freeze.py before format version
2): the project's scenario files and saves of every game as they were written then. Each
is loaded as a user's old file is (through migration when the format moves on) and must
mean what it meant: every expectation of a scenario gives the same outcome, and a save
loads at the same record with the same zones, result and open decision, and replays to
the same end."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

import tablekit
from tablekit.core.scenario import check_scenario

FROZEN = Path(__file__).resolve().parent / "data" / "frozen"
MANIFEST = json.loads((FROZEN / "manifest.json").read_text(encoding="utf-8"))
GAMES = {"creatures", "lfg", "labyrinth", "foehunters", "mirkwood"}


def test_the_corpus_holds_scenarios_and_saves_of_every_game():
    assert {name.split("/")[0] for name in MANIFEST["scenarios"]} == GAMES
    assert {name.split("-")[0] for name in MANIFEST["saves"]} == GAMES
    assert len(MANIFEST["scenarios"]) >= 150 and len(MANIFEST["saves"]) >= 15
    on_disk = {f"{p.parent.name}/{p.name}" for p in (FROZEN / "scenarios").glob("*/*.yaml")}
    assert on_disk == set(MANIFEST["scenarios"])


def _freeze_module():
    """freeze.py, which made the corpus: its `loaded_summary` is what "the same" means here."""
    spec = importlib.util.spec_from_file_location("freeze", FROZEN / "freeze.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_summary = _freeze_module().loaded_summary


@pytest.mark.parametrize("name", sorted({n.split("/")[0] for n in MANIFEST["scenarios"]}))
def test_every_frozen_scenario_gives_the_same_outcomes(name):
    changed = []
    for rel, outcomes in sorted(MANIFEST["scenarios"].items()):
        if not rel.startswith(name + "/"):
            continue
        got = [o.passed for o in check_scenario(FROZEN / "scenarios" / rel).outcomes]
        if got != [passed for _, passed in outcomes]:
            changed.append(f"{rel}: {got} instead of {[p for _, p in outcomes]}")
    assert not changed, "\n".join(changed)


@pytest.mark.parametrize("name", sorted(MANIFEST["saves"]))
def test_every_frozen_save_loads_at_the_same_position_and_replays_to_the_same_end(name):
    want = dict(MANIFEST["saves"][name])
    end = want.pop("end", None)
    text = (FROZEN / "saves" / name).read_text(encoding="utf-8")
    game = tablekit.load(text)
    assert _summary(game) == want
    if end is not None:
        game.goto(len(json.loads(text)["records"]))
        assert _summary(game) == end
