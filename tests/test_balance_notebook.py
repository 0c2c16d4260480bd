"""notebooks/balance-lab.ipynb: its words, the lab built at load (playing no
game), and one worked example per game, each a section that plays its small
run only when opened. The cells are read, never run: each is rebuilt here as it
says, with the stand-in simulate of test_balance_lab. The notebook itself runs
no check; every check is here."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import notebook_checks as NC
import pytest
from test_balance_lab import FakeCompare, FakeSimulate, is_png

import tablekit
from tablekit.core.registry import get_game
from tablekit.widgets import LazySection
from tablekit.widgets import balance as B

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = ROOT / "notebooks" / "balance-lab.ipynb"
EXAMPLE = re.compile(r'LazySection\("Run this example", lambda: worked_example\("(\w+)"\)\)')


@pytest.fixture(autouse=True)
def jupyterlab(monkeypatch):
    monkeypatch.delenv("VOILA_KERNEL_ID", raising=False)


def examples_in_the_notebook() -> list[str]:
    return [m.group(1) for c in NC.cells(NOTEBOOK, "code") if (m := EXAMPLE.fullmatch(c.strip()))]


# -- the worked examples ---------------------------------------------------------------------------------

def test_every_game_has_one_small_worked_example_the_game_accepts():
    assert set(B.EXAMPLES) == set(tablekit.games())
    for gid, ex in B.EXAMPLES.items():
        req = ex.request
        assert req.game == gid and req.total <= 300 and req.workers == 1, gid
        req.check()                                   # the game accepts its settings (no game played)
        assert ex.question.endswith("?") and ex.words


def test_the_labyrinth_example_compares_the_standard_game_with_the_gentle_variant():
    req = B.EXAMPLES["labyrinth"].request
    assert req.a == {} and req.b == {"variant": "gentle"} and "gentle" in get_game("labyrinth").variants


def test_the_mirkwood_example_compares_one_player_with_two():
    req = B.EXAMPLES["mirkwood"].request
    assert (req.players, req.a, req.b) == (None, {"players": 1}, {"players": 2})


@pytest.mark.parametrize("gid", sorted(B.EXAMPLES))
def test_an_example_plays_only_when_opened_then_shows_its_tables_and_plot(gid):
    sim = FakeSimulate()
    cmp = FakeCompare(sim)
    sec = LazySection("Run this example", lambda: B.worked_example(gid, simulate=sim, compare=cmp))
    assert not sec.built and sim.calls == []
    sec.selected_index = 0
    box = sec.children[0]
    assert box.view.wait(30) and box.view.banner.value == ""
    req = B.EXAMPLES[gid].request
    assert [c["games"] for c in sim.calls] == [req.games] * (1 if req.b is None else 2)
    assert all(c["workers"] == 1 for c in sim.calls)
    assert (box.view.bar.value, box.view.bar.max) == (req.total, req.total)
    assert is_png(box.view.plot.value) and "<table" in box.view.tables_html.value
    assert B.EXAMPLES[gid].question in box.children[0].value
    if req.b is not None:
        assert len(cmp.calls) == 1 and "A and B side by side" in box.view.tables_html.value


def test_an_unknown_example_is_refused_with_the_list():
    with pytest.raises(tablekit.TablekitError, match="no worked example for 'chess'; the examples are: creatures"):
        B.worked_example("chess")


# -- the notebook itself -----------------------------------------------------------------------------------

def test_the_notebook_checks_nothing_and_has_no_saved_outputs():
    code = NC.cells(NOTEBOOK, "code")
    assert not re.search(r"\bassert\b", "\n".join(code))
    nb = json.loads(NOTEBOOK.read_text())
    assert all(c.get("outputs") == [] and c.get("execution_count") is None
               for c in nb["cells"] if c["cell_type"] == "code")


def test_the_page_is_its_imports_the_lab_and_one_example_section_per_game():
    code = [c.strip() for c in NC.cells(NOTEBOOK, "code")]
    assert all(isinstance(s, (ast.Import, ast.ImportFrom)) for s in ast.parse(code[0]).body)
    assert code[1] == "BalanceLab()"
    assert len(code) == 2 + len(tablekit.games()) and all(EXAMPLE.fullmatch(c) for c in code[2:])
    assert sorted(examples_in_the_notebook()) == sorted(tablekit.games())


def test_the_lab_built_at_load_plays_no_game():
    sim = FakeSimulate()
    lab = B.BalanceLab(simulate=sim, compare=FakeCompare(sim))   # the cell's BalanceLab(), with the stand-in
    assert sim.calls == [] and lab.view.thread is None and lab.view.result is None
    assert "Nothing run yet" in lab.view.status.value


def test_the_words_say_what_the_lab_answers_and_each_example_its_question():
    text = "\n".join(NC.cells(NOTEBOOK, "markdown"))
    assert text.startswith("# The balance lab")
    for words in ("Does the first player win more often?", "Is one hero stronger", "How much shorter is a variant?",
                  "ruling", "Cancel", f"{B.MAX_GAMES_SERVED:,} games", f"{B.MAX_GAMES_LAB:,}"):
        assert words in text, words
    for gid in tablekit.games():
        assert f"### {get_game(gid).title} — " in text, gid
    assert "`gentle`" in text


# -- the index links the balance lab --------------------------------------------------------------------------

def test_the_index_links_the_balance_lab_with_its_own_tile_after_the_ruling_lab():
    from tablekit.widgets.index import GameIndex, game_tiles, index_tiles, lab_tile

    folder = NOTEBOOK.parent
    tiles = index_tiles(folder)
    assert tiles == game_tiles(folder) + [lab_tile(folder), tiles[-1]]
    assert tiles[-1].startswith("<a class='tk-tile tk-balance-tile' href='balance-lab.ipynb'")
    assert "The balance lab" in tiles[-1] and "does the first player win more" in tiles[-1]
    assert tiles[-1] in GameIndex(folder).value


def test_without_the_balance_page_there_is_no_balance_tile(tmp_path):
    from tablekit.widgets.index import index_tiles

    assert not any("balance-lab" in t for t in index_tiles(tmp_path))
    (tmp_path / "balance-lab.ipynb").write_text("{}")
    assert "href='balance-lab.ipynb'" in index_tiles(tmp_path)[-1]
