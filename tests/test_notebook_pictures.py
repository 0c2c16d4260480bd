"""The notebooks' table pictures (tablekit/notebook_pictures.py): a picture whose table
changed is found stale without a browser, an output on another cell or an execution
count is refused, and the check command says so with exit 1."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from tablekit import notebook_pictures as NP

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = ROOT / "notebooks" / "creatures.ipynb"


def copy(tmp_path: Path) -> tuple[Path, dict]:
    path = tmp_path / NOTEBOOK.name
    shutil.copy(NOTEBOOK, path)
    return path, json.loads(path.read_text(encoding="utf-8"))


def test_every_teaching_notebooks_pictures_are_current():
    notebooks = [p for p in sorted((ROOT / "notebooks").glob("*.ipynb")) if NP.tables(NP.read(p))]
    assert len(notebooks) == 5
    assert NP.main(["--check", *map(str, notebooks)]) == 0


def test_a_changed_table_makes_its_picture_stale(tmp_path, capsys):
    path, nb = copy(tmp_path)
    cell = next(i for i, c in enumerate(nb["cells"]) if "P.fighter()" in "".join(c["source"]))
    nb["cells"][cell]["source"] = ["".join(nb["cells"][cell]["source"]).replace("P.fighter()", "P.wizard()")]
    NP.write(path, nb)
    assert NP.problems(path) == [f"{path.name} cell {cell}: the picture is out of date, the table has changed "
                                 "(run make pictures)"]
    assert NP.main(["--check", str(path)]) == 1
    assert "out of date" in capsys.readouterr().out


def test_outputs_elsewhere_missing_pictures_and_execution_counts_are_refused(tmp_path):
    path, nb = copy(tmp_path)
    code = [i for i, c in enumerate(nb["cells"]) if c["cell_type"] == "code"]
    first, table = code[0], code[2]
    nb["cells"][first]["outputs"] = [{"output_type": "stream", "name": "stdout", "text": ["hi\n"]}]
    nb["cells"][table]["outputs"] = []
    nb["cells"][code[3]]["execution_count"] = 4
    NP.write(path, nb)
    found = NP.problems(path)
    assert f"{path.name} cell {first}: keeps an output, but only a table cell keeps one (its picture)" in found
    assert f"{path.name} cell {table}: a table cell's only output is its picture (run make pictures)" in found
    assert f"{path.name} cell {code[3]}: keeps an execution count" in found


def test_the_picture_is_the_boards_view_model_hash_of_each_table():
    nb = NP.read(NOTEBOOK)
    boards = NP.tables(nb)
    assert len(boards) == 10
    for i, board in boards.items():
        cell = nb["cells"][i]
        assert cell["metadata"]["tablekit"]["view"] == NP.view_hash(board)
        assert cell["execution_count"] is None and list(cell["outputs"][0]["data"]) == ["image/png", "text/plain"]
