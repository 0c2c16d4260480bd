"""Checks every teaching notebook's test file makes of the notebook itself: it
runs nothing but what its page shows (no asserts, each table built only when its
section is opened, no saved output but each table's current picture), every positions function it opens is
checked by that test file, and every ruling id it cites is on its rulings page.
The notebook's cell text is read, never run."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

from tablekit.notebook_pictures import problems

ROOT = Path(__file__).resolve().parent.parent


# the page's first offer, after its imports: its guided first game (docs/guides.md)
LEARN = re.compile(r'LazySection\("Start the guided first game", lambda: learn_to_play\("(\w+)"\)\)')
LEARN_HEADING = "## Learn to play"


def cells(notebook: Path, kind: str) -> list[str]:
    """The source of each cell of `kind` ("code" or "markdown"), but for the Learn to play
    section (its heading and its cell: `assert_offers_learn_to_play` checks them)."""
    nb = json.loads(notebook.read_text())
    out = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == kind]
    return [c for c in out if not LEARN.fullmatch(c.strip()) and not c.startswith(LEARN_HEADING)]


def assert_offers_learn_to_play(notebook: Path, game: str) -> None:
    """The page's first section, right after its imports, is its guided first game."""
    nb = json.loads(notebook.read_text())
    text = ["".join(c["source"]) for c in nb["cells"]]
    kinds = [c["cell_type"] for c in nb["cells"]]
    assert kinds[:4] == ["markdown", "code", "markdown", "code"], kinds[:4]
    assert text[2].startswith(LEARN_HEADING + "\n"), text[2][:40]
    m = LEARN.fullmatch(text[3].strip())
    assert m and m.group(1) == game, text[3]
    assert "learn_to_play" in text[1]


def assert_runs_only_what_it_shows(notebook: Path, min_tables: int, eager_tables: int = 0) -> None:
    """At least `min_tables` tables, each built when its section is opened; up to
    `eager_tables` cells before the first section may build a table at load (the page's
    main sandbox, which a preheated kernel has ready), each cell only `Sandbox(...)`."""
    code = cells(notebook, "code")
    assert not re.search(r"\bassert\b", "\n".join(code))
    first_lazy = next((i for i, c in enumerate(code) if "LazySection(" in c), len(code))
    eager = [c for c in code[:first_lazy] if "Sandbox(" in c]
    assert len(eager) <= eager_tables and all(is_only_a_sandbox(c) for c in eager), eager
    tables = [c for c in code[first_lazy:] if "Sandbox(" in c]
    assert len(tables) >= min_tables and all("LazySection(" in c and "lambda: Sandbox(" in c for c in tables)
    # a notebook read as a file shows its tables: each table cell's only output is the
    # current picture of its table, every other code cell has none, and no cell keeps an
    # execution count (tablekit.notebook_pictures; `make pictures` redraws them)
    assert problems(notebook) == []


def is_only_a_sandbox(source: str) -> bool:
    """The cell is one expression, a `Sandbox(...)` call (read, never run)."""
    body = ast.parse(source).body
    return (len(body) == 1 and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Call)
            and isinstance(body[0].value.func, ast.Name) and body[0].value.func.id == "Sandbox")


def assert_every_table_checked(notebook: Path, test_file: str) -> None:
    """Each `P.<name>(` the notebook opens appears in the test file above its
    "# -- the notebook itself" line."""
    used = set(re.findall(r"\bP\.(\w+)\(", "\n".join(cells(notebook, "code"))))
    mine = Path(test_file).read_text().split("# -- the notebook itself")[0]
    assert used and all(f"P.{name}(" in mine for name in used), used


def assert_cited_rulings_listed(notebook: Path, prefix: str, game: str) -> None:
    cited = set(re.findall(rf"\b{prefix}-[A-Z0-9]+(?:-[A-Z0-9]+)*", "\n".join(cells(notebook, "markdown"))))
    page = (ROOT / "docs" / "rulings" / f"{game}.md").read_text()
    listed = set(re.findall(rf"^\| ({prefix}-[A-Z0-9-]+) \|", page, flags=re.M))
    assert cited and cited <= listed, cited - listed


def set_up_by_the_rules(game_id: str, players, seed: int):
    """A new game of `game_id` played by its rules until its rounds begin (the seeded setup
    a section's position must start from)."""
    import tablekit

    g = tablekit.new_game(game_id, players=players, seed=seed)
    while "Rounds" not in g.cursor:
        g.step()
    return g
