"""benchmarks/coach_wins.py (issue 43's win-rate benchmark): who plays which seat, a
shared win's share, the verdicts, resuming a stopped run from its file, and one real
coach game."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

PATH = Path(__file__).resolve().parents[1] / "benchmarks" / "coach_wins.py"
_spec = importlib.util.spec_from_file_location("coach_wins_bench", PATH)
bench = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = bench
_spec.loader.exec_module(bench)


def fake_game(game: str, players: int, seed: int, bots: list[str]) -> dict:
    """A stand-in for play_one: the coach's seat wins every even seed."""
    coach = bench.coach_of({"bots": bots})
    return {"seed": seed, "bots": bots, "winners": [coach] if seed % 2 == 0 else ["P9"], "ending": "x", "cpu_s": 0.5}


def test_the_coach_seat_turns_round_the_table_and_co_op_seats_are_all_coaches():
    assert [bench.seat_bots("creatures", 3, i, 8) for i in range(4)] == [
        ["coach:8", "heuristic", "heuristic"], ["heuristic", "coach:8", "heuristic"],
        ["heuristic", "heuristic", "coach:8"], ["coach:8", "heuristic", "heuristic"]]
    assert bench.seat_bots("mirkwood", 2, 5, 16) == ["coach:16", "coach:16"]
    assert bench.coach_of({"bots": ["heuristic", "coach:8", "heuristic"]}) == "P2"


def test_a_shared_win_counts_one_kth():
    assert bench.share(["P1"], "P1") == 1.0
    assert bench.share(["P1", "P3"], "P3") == 0.5
    assert bench.share(["P2"], "P1") == 0.0
    assert bench.share([], "P1") == 0.0


def test_a_stopped_run_resumes_and_plays_only_the_seeds_it_lacks(tmp_path):
    path = tmp_path / "coach_wins-creatures-3-8.json"
    rows = bench.play_setting("creatures", 3, 8, 3, 10, 1, path=path, played=fake_game)
    assert [r["seed"] for r in rows] == [10, 11, 12]
    stored = json.loads(path.read_text())
    assert stored["settings"] == {"game": "creatures", "players": 3, "playouts": 8, "first_seed": 10}
    # a mark on the stored games: a rerun that played them again would lose it
    for r in stored["rows"]:
        r["kept"] = True
    path.write_text(json.dumps(stored))
    rows = bench.play_setting("creatures", 3, 8, 5, 10, 2, path=path, played=fake_game)
    assert [r["seed"] for r in rows] == [10, 11, 12, 13, 14]
    assert [r.get("kept", False) for r in rows] == [True, True, True, False, False]
    # the games seat the coach by their place in the run: seed 13 is game 3, seat P1
    assert rows[3]["bots"] == ["coach:8", "heuristic", "heuristic"]
    # another budget is another file's business: nothing stored is taken for it
    rows = bench.play_setting("creatures", 3, 16, 2, 10, 1, path=path, played=fake_game)
    assert not any(r.get("kept") for r in rows)


def test_a_game_whose_coach_stops_at_a_horizon_keeps_its_games_apart(tmp_path):
    assert bench.result_file("creatures", 3, 8).name == "coach_wins-creatures-3-8.json"
    assert bench.result_file("mirkwood", 1, 8).name == "coach_wins-mirkwood-1-8-h90.json"
    path = tmp_path / "coach_wins-mirkwood-1-8-h90.json"
    bench.play_setting("mirkwood", 1, 8, 1, 10, 1, path=path, played=fake_game)
    assert json.loads(path.read_text())["settings"]["horizon"] == 90


def test_the_verdicts():
    coop = [{"winners": ["P1"]}] * 18 + [{"winners": []}] * 2
    v = bench.judge("mirkwood", 1, coop, (40, 100))
    assert v["met"] and v["rate"] == 0.9 and v["interval"][0] > v["baseline_interval"][1]
    v = bench.judge("mirkwood", 1, coop[:3] + coop[-2:], (40, 100))  # 3 of 5: intervals overlap
    assert not v["met"]
    comp = [{"bots": ["coach:8", "heuristic", "heuristic"], "winners": ["P1"]}] * 6 + \
           [{"bots": ["coach:8", "heuristic", "heuristic"], "winners": ["P2"]}] * 4
    v = bench.judge("creatures", 3, comp, None)
    assert v["rate"] == pytest.approx(0.6) and v["met"]  # 0.6 >= 1.5 x 1/3
    v = bench.judge("creatures", 3, comp[4:], None)  # 2 of 6
    assert not v["met"]
    row = bench.table_row("creatures", 3, [dict(r, cpu_s=2.0) for r in comp], bench.judge("creatures", 3, comp, None))
    assert row.startswith("| creatures 3p | 10 | 60.0% (") and row.endswith("| yes | 20 |")


def test_an_unknown_setting_is_refused_with_the_known_ones():
    with pytest.raises(SystemExit, match="unknown setting 'creatures:5'; the settings are .*lfg:4"):
        bench.parse_settings("creatures:5")
    assert bench.parse_settings("lfg:4, mirkwood:1") == [("lfg", 4), ("mirkwood", 1)]


def test_one_real_coach_game():
    row = bench.play_one("creatures", 3, 5, ["coach:1", "heuristic", "heuristic"])
    assert row["seed"] == 5 and row["bots"][0] == "coach:1"
    assert row["winners"] and set(row["winners"]) <= {"P1", "P2", "P3"}
    assert row["cpu_s"] > 0
