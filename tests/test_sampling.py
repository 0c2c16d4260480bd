"""How the suite runs: the seed sweeps' samples and full counts, the units of work
the parallel scheduler keeps together, and the markers make test-fast leaves out."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
import sampling
from conftest import work_unit

import tablekit

ROOT = Path(__file__).resolve().parent.parent


def test_the_docs_list_every_lowered_count_as_sampling_has_it():
    text = (ROOT / "docs" / "testing.md").read_text(encoding="utf-8")
    table = text.split("<!-- sampling table -->", 1)[1].split("<!-- end sampling table -->", 1)[0]
    rows = {}
    for line in table.strip().splitlines()[2:]:
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        rows[cells[0].strip("`")] = cells[1:]
    assert rows.keys() == sampling.COUNTS.keys()
    for name, (full, sample, what) in sampling.COUNTS.items():
        assert rows[name][0] == str(full), name
        assert rows[name][1] == str(sample), name
        assert rows[name][2] == what, name
    for gid, seeds in sampling.LONG_GAMES.items():
        assert f"{gid}: seeds {', '.join(map(str, seeds))}" in text.lower()


def test_a_sweep_plays_its_sample_unless_full(monkeypatch):
    monkeypatch.setattr(sampling, "FULL", False)
    assert sampling.count("random_playouts") == 50
    with pytest.raises(ValueError, match="heavy_seeds"):
        sampling.count("heavy_seeds")
    assert sampling.heavy_seeds("labyrinth") == [0, 2, 3, 4, *range(6, 19)]
    assert sampling.heavy_seeds("mirkwood") == list(range(20))
    monkeypatch.setattr(sampling, "FULL", True)
    assert sampling.count("random_playouts") == 200
    assert sampling.heavy_seeds("labyrinth") == list(range(20))


def test_the_games_the_heavy_sample_leaves_out_are_the_longest():
    """LONG_GAMES names the longest games of the first 20 seeds (random answers, as
    the heavy checks play them); if the rules change their lengths, it must follow."""
    import random

    from test_generic import new, player_count

    from tablekit.core.bots import random_answer

    for gid, left_out in sampling.LONG_GAMES.items():
        lengths = {}
        for seed in range(sampling.COUNTS["heavy_seeds"][0]):
            g, rnd = new(gid, seed, watched=False), random.Random(seed)
            while not g.is_over:
                d = g.pending
                g.choose(*random_answer(d, rnd)) if d is not None else g.step()
            lengths[seed] = len(g.history)
        longest = sorted(lengths, key=lengths.get, reverse=True)[:len(left_out)]
        assert sorted(longest) == sorted(left_out), {s: lengths[s] for s in longest}
        kept = {player_count(gid, s) for s in sampling.heavy_seeds(gid)}
        info = tablekit.game_info(gid)
        assert kept == set(range(info.min_players, info.max_players + 1)), "a player count is left out"


def test_the_full_switch_is_read_from_the_environment():
    code = "import sampling; print(sampling.FULL)"
    for value, want in (("1", "True"), ("0", "False"), ("", "False"), ("yes", "True")):
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                             cwd=ROOT / "tests", env={"TABLEKIT_FULL": value, "PATH": ""})
        assert out.stdout.strip() == want, value


def test_the_heavy_sample_plays_every_player_count_of_every_game():
    from test_generic import HEAVY_CASES, player_count

    for gid in tablekit.games():
        info = tablekit.game_info(gid)
        counts = {player_count(gid, seed) for g, seed in HEAVY_CASES if g == gid}
        assert counts == set(range(info.min_players, info.max_players + 1)), gid


def test_a_notebooks_cells_and_the_browser_tests_each_go_to_one_worker():
    cells = [f"notebooks/lfg.ipynb::Cell {i}" for i in range(3)]
    assert {work_unit(c) for c in cells} == {"notebooks/lfg.ipynb"}
    assert work_unit("notebooks/creatures.ipynb::Cell 0") != work_unit(cells[0])
    browser = ["tests/test_browser.py::test_nothing_from_the_internet",
               "tests/test_browser_layout.py::test_the_hand[creatures-None]",
               "tests/test_browser_search.py::test_typing"]
    assert len({work_unit(b) for b in browser}) == 1
    alone = ["tests/test_generic.py::test_time_travel_and_views[labyrinth-1]",
             "tests/test_generic.py::test_time_travel_and_views[labyrinth-2]",
             "tests/test_jupyterhub.py::test_three_students_each_land_on_their_own_voila_app"]
    assert [work_unit(t) for t in alone] == alone


def test_make_test_fast_leaves_out_the_browser_and_server_tests():
    files = ["tests/test_browser.py", "tests/test_browser_search.py", "tests/test_jupyterhub.py",
             "tests/test_serve.py", "tests/test_serve_class.py", "tests/test_simulate_dask.py"]
    fast = subprocess.run([sys.executable, "-m", "pytest", "--co", "-q", "-p", "no:cacheprovider",
                           "-m", "not browser and not server", *files], capture_output=True, text=True, cwd=ROOT)
    kept = set(re.findall(r"^tests/\S+::\S+", fast.stdout, re.M))
    left_out = ("test_browser", "test_jupyterhub", "test_simulate_dask", "test_a_signal_stops_the_whole_tree",
                "test_a_class_of_three")
    assert not [k for k in kept if any(w in k for w in left_out)], kept
    # what starts no server stays: the command lines, the class's arguments
    assert {"tests/test_serve.py::test_command_line", "tests/test_serve_class.py::test_the_class_arguments"} <= kept, \
        fast.stdout[-2000:]
