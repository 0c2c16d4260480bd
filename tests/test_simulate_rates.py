"""benchmarks/simulate_rates.py runs: its figures have the keys the notes quote."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import simulate_rates  # noqa: E402


def test_a_rate_and_a_memory_run():
    assert simulate_rates.rate("creatures", 5, 1) > 0
    out = simulate_rates.memory(20)
    assert out["games"] == 20 and out["parent_peak_mib"] > 10 and out["worker_peak_mib"] > 10
    assert out["dataframe_bytes"] > 20 * 8


def test_the_command_line_prints_json(capsys):
    assert simulate_rates.main(["--memory", "10", "--json"]) == 0
    assert '"games": 10' in capsys.readouterr().out
