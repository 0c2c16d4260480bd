"""benchmarks/coach_first.py times the search the board's coach runs (its seed and the
game's horizon), not another one."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import tablekit
from tablekit.widgets import coachrun

PATH = Path(__file__).resolve().parents[1] / "benchmarks" / "coach_first.py"
_spec = importlib.util.spec_from_file_location("coach_first_bench", PATH)
bench = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = bench
_spec.loader.exec_module(bench)


def test_the_board_search_has_the_games_horizon_and_the_boards_seed():
    g = tablekit.new_game("mirkwood", players=1, seed=3)
    g.run(until="decision")
    s = coachrun.board_search(g, g.pending)
    assert s.horizon == g.gamedef.coach_horizon == 90
    assert s.seed == f"board:{g.state.seed}:{len(g.history)}"
    g = tablekit.new_game("creatures", seed=3)
    g.run(until="decision")
    assert coachrun.board_search(g, g.pending).horizon is None  # playouts to the end


def test_the_benchmark_times_the_boards_own_search(monkeypatch):
    searches = []
    real = bench.board_search

    def spy(game, decision):
        searches.append(real(game, decision))
        return searches[-1]

    monkeypatch.setattr(bench, "board_search", spy)
    wall, cpu = bench.first_estimates("mirkwood", decisions=1, every=1, seed0=2)
    assert len(wall) == len(cpu) == 1 and wall[0] > 0
    assert [s.horizon for s in searches] == [90]
    assert searches[0].playouts == bench.FIRST_BATCH  # the first estimate: one batch of each answer
