"""benchmarks/engine_ratio_repeated.py: engine_ratio.py's two timings, alternated round by
round, and the figures the notes quote."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import engine_ratio_repeated as repeated  # noqa: E402


def test_rounds_alternate_the_two_sides_on_the_same_seeds(monkeypatch, capsys):
    calls = []
    engine_times, plain_times = iter([4.0, 2.0, 3.0]), iter([0.5, 0.25, 0.2])

    def engine(first, games):
        calls.append(("engine", first, games))
        return next(engine_times), 9.0

    def plain(first, games):
        calls.append(("plain", first, games))
        return next(plain_times), 9.0

    monkeypatch.setattr(repeated.engine_ratio, "engine_by_simulate", engine)
    monkeypatch.setattr(repeated.engine_ratio, "plain_games", plain)
    assert repeated.main(["--games", "10", "--repeats", "3", "--seed", "4", "--json"]) == 0
    m = json.loads(capsys.readouterr().out)
    assert calls == [("engine", 4, 10), ("plain", 4, 10)] * 3
    assert m["ratios"] == [8.0, 8.0, 15.0]
    assert m["ratio_of_min"] == 10.0  # 2.0 / 0.2: the fastest round of each side
    assert m["ratio_of_median"] == 12.0  # 3.0 / 0.25
    assert m["engine_ms_min"] == 200.0 and m["plain_ms_median"] == 25.0


def test_it_runs_for_real_and_refuses_a_bad_count(capsys):
    assert repeated.main(["--games", "2", "--repeats", "2"]) == 0
    out = capsys.readouterr().out
    assert "2 rounds of 2 games each side" in out and "(fastest rounds)" in out
    with pytest.raises(SystemExit):
        repeated.main(["--repeats", "0"])
    assert "the number of rounds must be at least 1, not 0" in capsys.readouterr().err
