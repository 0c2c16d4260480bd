"""A game reads the core through its public names only (issue 41): no name behind an
underscore that the core defines, no `__dict__`, and the game's own data through
`ctx.extra`, not `ctx.state.extra`."""

from __future__ import annotations

import ast
from pathlib import Path

import tablekit

PACKAGE = Path(tablekit.__file__).parent


def core_private_names() -> set[str]:
    """The names behind one underscore that the core defines: its functions, classes,
    module names and the attributes it sets (`self._x = ...`)."""
    names: set[str] = set()
    for f in (PACKAGE / "core").rglob("*.py"):
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                names.add(node.attr)
            elif isinstance(node, ast.alias):
                names.add(node.asname or node.name.split(".")[-1])
        names.add(f.stem)
    return {n for n in names if n.startswith("_") and not n.startswith("__")}


def reaches(tree: ast.AST, private: set[str]) -> list[tuple[int, str]]:
    """Where a module reads a private name of the core, `__dict__` or `state.extra`."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            if node.attr in private or node.attr == "__dict__":
                out.append((node.lineno, f".{node.attr}"))
            elif node.attr == "extra" and isinstance(node.value, ast.Attribute) and node.value.attr == "state":
                out.append((node.lineno, ".state.extra (ctx.extra is the game's data)"))
        elif isinstance(node, ast.ImportFrom) and ((node.module or "").startswith("tablekit.core") or
                                                   (node.level >= 2 and (node.module or "").startswith("core"))):
            out += [(node.lineno, f"import {a.name}") for a in node.names if a.name.startswith("_")]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("vars", "getattr"):
            words = [a.value for a in node.args[1:2] if isinstance(a, ast.Constant) and isinstance(a.value, str)]
            if node.func.id == "vars" or any(w in private for w in words):
                out.append((node.lineno, f"{node.func.id}(...)"))
    return out


def game_files() -> list[Path]:
    return sorted((PACKAGE / "games").rglob("*.py"))


def test_the_core_defines_private_names_the_check_looks_for():
    private = core_private_names()
    assert {"_settle", "_pending"} <= private, sorted(private)[:20]


def test_no_game_reaches_behind_the_core_public_names():
    private = core_private_names()
    found = [f"{f.relative_to(PACKAGE)}:{line}: {what}"
             for f in game_files() for line, what in reaches(ast.parse(f.read_text(encoding="utf-8")), private)]
    assert not found, "\n".join(found)


def test_the_check_catches_each_kind_of_reach():
    private = core_private_names()
    code = ("from tablekit.core.stepping import _bots\n"
            "def f(ctx, g):\n"
            "    ctx.__dict__['x']\n"
            "    ctx.state.extra['first']\n"
            "    g._settle()\n"
            "    vars(ctx)\n")
    found = sorted(what for _, what in reaches(ast.parse(code), private))
    assert found == sorted(["import _bots", ".__dict__", ".state.extra (ctx.extra is the game's data)",
                            "._settle", "vars(...)"])
