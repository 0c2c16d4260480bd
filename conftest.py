"""nbval and the notebooks' table pictures (tablekit/notebook_pictures.py): a table cell
keeps the picture of its table as its output, for a reader without a kernel, and no
execution count. nbval refuses an unrun cell that has outputs, and it never compares a
table's output anyway (--nbval-lax), so the cell it runs is given without the picture.
The notebook tests check the pictures themselves (tests/notebook_checks.py)."""

from __future__ import annotations


def pytest_collection_modifyitems(config, items):
    for item in items:
        cell = getattr(item, "cell", None)  # an nbval cell item
        if cell is not None and "tablekit" in (cell.get("metadata") or {}) and cell.get("execution_count") is None:
            cell["outputs"] = []
