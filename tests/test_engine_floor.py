"""benchmarks/engine_floor.py runs: the toy game of no rules plays its records, and
the figures have the keys the notes quote."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import engine_floor  # noqa: E402


def test_the_toy_game_makes_a_step_and_a_choice_per_turn(tmp_path):
    card_file = tmp_path / "floor.yaml"
    card_file.write_text(engine_floor.CARDS, encoding="utf-8")
    g = engine_floor.make_game(engine_floor.Floor(card_file), engine_floor.PLAYERS, seed=4)
    g.watched = False
    records = g.run(until="end", bots="random")
    turns = engine_floor.ROUNDS * len(engine_floor.PLAYERS)
    assert len(records) == 2 * turns and g.state.over
    assert [r.kind for r in records[:2]] == ["step", "choice"]
    assert records[1].text == f"P1 picks {records[1].choice[0]}." and records[1].path == ("Round 1", "P1's turn",
                                                                                         "Turn", "Pick")


def test_the_command_line_prints_json(capsys):
    assert engine_floor.main(["--games", "1", "--json"]) == 0
    m = json.loads(capsys.readouterr().out)
    assert m["records"] == 600 and m["us_per_record"] > 0 and m["plain_game_ms"] > 0
    assert abs(m["floor_over_plain"] - m["creatures_floor_ms"] / m["plain_game_ms"]) < 0.1
