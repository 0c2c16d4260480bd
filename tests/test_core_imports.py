"""The core's modules import in one direction at run time (issue 41, "No hidden cycles").

The graph is read from the files with `ast`: every import a module runs, at its top or
inside a function (an import put in a function to dodge a cycle still runs, and the
cycle is still there); an import under `if TYPE_CHECKING:` never runs and is left out.
An edge goes to the module imported (`from .scenario.writing import x`, `from . import
rng`), or to the package when the name is not a module (`from .scenario import build`).
Importing a module also runs its packages' `__init__`; that edge from a module to its
own package is not drawn, or every package would be a cycle with its modules. The
layers the graph follows are listed in docs/core.md, "Layers"."""

from __future__ import annotations

import ast
import graphlib
from pathlib import Path

import tablekit

PACKAGE = Path(tablekit.__file__).parent
CORE = PACKAGE / "core"
OUTSIDE = ("tablekit.games", "tablekit.widgets")  # the layers above the core


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imports(tree: ast.AST, name: str, is_package: bool,
            type_checking: bool = False) -> list[tuple[int, str, str]]:
    """(line, module, name) for each name a module imports: `from m import a` gives
    (line, m, a), `import m` gives (line, m, ""); relative imports resolved against
    `name`. Imports under `if TYPE_CHECKING:` only with `type_checking` (its `else:`
    runs, so it counts)."""
    out: list[tuple[int, str, str]] = []
    here = name.split(".") if is_package else name.split(".")[:-1]

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test) and not type_checking:
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            out.extend((node.lineno, a.name, "") for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here[:len(here) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            out.extend((node.lineno, module, a.name) for a in node.names)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return out


def core_files() -> dict[str, Path]:
    return {module_name(f): f for f in sorted(CORE.rglob("*.py"))}


def core_graph() -> tuple[dict[str, set[str]], dict[tuple[str, str], int]]:
    """module -> the core modules it imports at run time, and the line of each edge."""
    files = core_files()
    graph: dict[str, set[str]] = {m: set() for m in files}
    where: dict[tuple[str, str], int] = {}
    for name, path in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for line, module, imported in imports(tree, name, path.name == "__init__.py"):
            target = f"{module}.{imported}" if f"{module}.{imported}" in files else module
            if target in files and target != name:
                graph[name].add(target)
                where.setdefault((name, target), line)
    return graph, where


def cycle_of(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle of the graph (its modules, the first again at the end), or None."""
    try:
        graphlib.TopologicalSorter(graph).prepare()
    except graphlib.CycleError as exc:
        return list(exc.args[1])
    return None


def test_the_graph_holds_the_core():
    graph, _ = core_graph()
    assert {"tablekit.core", "tablekit.core.engine", "tablekit.core.scenario.building"} <= set(graph)
    assert {"tablekit.core.stepping", "tablekit.core.timeline", "tablekit.core.gamedef"} <= \
        graph["tablekit.core.engine"]
    assert "tablekit.core.scenario.fileformat" in graph["tablekit.core.scenario.reading"]
    assert "tablekit.core.rng" in graph["tablekit.core.state"]  # from . import rng


def test_the_core_imports_in_one_direction():
    graph, where = core_graph()
    cycle = cycle_of(graph)
    if cycle is not None:
        # TopologicalSorter gives the cycle against the edges: each module is imported by the next
        cycle = cycle[::-1]
        steps = [f"  {a} imports {b} (line {where[a, b]})" for a, b in zip(cycle, cycle[1:])]
        short = " -> ".join(m.removeprefix("tablekit.core.") for m in cycle)
        raise AssertionError(f"the core's modules import in a cycle: {short}\n" + "\n".join(steps) +
                             "\nsee docs/core.md, 'Layers': move the code down, split the module, or "
                             "pass the higher part in")


def test_the_core_imports_no_game_and_no_widget():
    found = []
    for name, path in core_files().items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for line, module, imported in imports(tree, name, path.name == "__init__.py", type_checking=True):
            full = f"{module}.{imported}" if imported else module
            if any(full == top or full.startswith(top + ".") for top in OUTSIDE):
                found.append(f"{path.relative_to(PACKAGE.parent)}:{line}: imports {full}")
    assert not found, "the core knows no game and no widget:\n" + "\n".join(found)


def test_the_check_counts_what_runs():
    code = ("from __future__ import annotations\n"
            "from typing import TYPE_CHECKING\n"
            "from .. import rng\n"
            "from .fileformat import line_of\n"
            "if TYPE_CHECKING:\n"
            "    from ..engine import Game\n"
            "else:\n"
            "    from ..state import State\n"
            "def make():\n"
            "    from ..engine import make_game\n"
            "    import tablekit.games.lfg\n")
    found = imports(ast.parse(code), "tablekit.core.scenario.building", False)
    assert [(m, a) for _, m, a in found] == [
        ("__future__", "annotations"), ("typing", "TYPE_CHECKING"), ("tablekit.core", "rng"),
        ("tablekit.core.scenario.fileformat", "line_of"), ("tablekit.core.state", "State"),
        ("tablekit.core.engine", "make_game"), ("tablekit.games.lfg", "")]
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}  # a imports b, b imports c, ...
    cycle = cycle_of(graph)
    assert cycle is not None and cycle[0] == cycle[-1] and set(cycle) == {"a", "b", "c"}
    assert all(a in graph[b] for a, b in zip(cycle, cycle[1:]))  # each is imported by the next
    assert cycle_of({"a": {"b"}, "b": set()}) is None
