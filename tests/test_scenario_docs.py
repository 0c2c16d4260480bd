"""The games' part of docs/scenarios.md is made from the games themselves and
kept current: `python -m tablekit.core.scenario_docs --write` rewrites it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tablekit.core import scenario_docs
from tablekit.core.errors import TablekitError
from tablekit.core.registry import registry

ROOT = Path(__file__).resolve().parent.parent


def test_the_doc_is_current():
    assert not scenario_docs.stale(), "run: python -m tablekit.core.scenario_docs --write"


def test_the_check_command_exits_0_when_current_and_1_when_stale(tmp_path, monkeypatch):
    ok = subprocess.run([sys.executable, "-m", "tablekit.core.scenario_docs", "--check"], cwd=ROOT,
                        capture_output=True, text=True, timeout=120)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    doc = tmp_path / "scenarios.md"
    text = scenario_docs.DOC.read_text(encoding="utf-8")
    doc.write_text(text.replace("| `deck` |", "| `old-deck` |", 1), encoding="utf-8")
    assert scenario_docs.stale(doc)
    scenario_docs.write(doc)
    assert doc.read_text(encoding="utf-8") == text
    monkeypatch.setattr(scenario_docs, "DOC", doc)
    doc.write_text(text.replace("`<player>/hand`", "`P1/hand`", 1), encoding="utf-8")
    assert scenario_docs.main(["--check"]) == 1
    assert scenario_docs.main(["--nonsense"]) == 2


def test_every_game_and_what_it_declares_is_listed():
    text = scenario_docs.generated()
    for gid, g in registry().items():
        assert f"### {g.title} (`{gid}`)" in text
        for key in g.settable_extra:
            assert f"| `{key}` |" in text
        for key in g.per_turn:
            assert f"| `{key}` |" in text
        for form in g.option_forms:
            assert f"| `{form}` |" in text
        for ending in g.endings:
            assert f"| `{ending}` |" in text
        for rid in g.ruling_variants:
            assert f"| `{rid}` |" in text
        for name in g.variants:
            assert f"| `{name}` |" in text


def test_zones_use_a_placeholder_for_the_players():
    rows, made = scenario_docs.zone_rows(registry()["creatures"])
    names = [r[0] for r in rows]
    assert "`<player>/hand`" in names and "`deck`" in names
    assert not any("P1" in n or "P2" in n for n in names)
    assert made == [2, 3, 4]
    hand = next(r for r in rows if r[0] == "`<player>/hand`")
    assert hand[1] == "<player>'s hand" and hand[3] == "all"


def test_a_game_that_declares_nothing_optional_still_gets_its_section():
    base = type(registry()["creatures"])

    class Bare(base):
        id = "bare"
        title = "A bare game"
        option_forms: dict = {}
        endings: dict = {}
        settable_extra: dict = {}
        per_turn: dict = {}
        counters: tuple = ()

    lines = "\n".join(scenario_docs.game_section(Bare()))
    assert "### A bare game (`bare`)" in lines
    assert "Not declared yet (`GameDef.option_forms`)" in lines
    assert "Not declared yet (`GameDef.endings`)" in lines
    assert "The game keeps no such data." in lines


def test_the_markers_are_required(tmp_path):
    with pytest.raises(TablekitError, match="markers"):
        scenario_docs.updated("no markers here")
