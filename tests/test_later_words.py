"""`Later(fn, *values)`: words written out when read, from values passed explicitly
(issue 41; tablekit/core/records.py)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import tablekit
from tablekit.core import Later

PACKAGE = Path(tablekit.__file__).resolve().parent


def _words(player: str, card: str, left: int) -> str:
    return f"{player} attacks {card} ({left} left)"


def test_a_function_with_a_closure_is_refused():
    left = 3

    def words() -> str:
        return f"{left} left"

    for fn in (words, lambda: f"{left} left"):
        with pytest.raises(TypeError, match=r"would capture left implicitly.*pass them to Later"):
            Later(fn)


def test_functions_without_a_closure_are_taken():
    assert str(Later(_words, "Ana", "9♣", 4)) == "Ana attacks 9♣ (4 left)"
    assert str(Later(lambda: "Ana passes.")) == "Ana passes."  # a lambda naming nothing of the caller's
    assert str(Later(", ".join, ["9♣", "4♥"])) == "9♣, 4♥"  # a builtin has no closure either


_CALLS: list[tuple] = []


def _counted(a: str, b: int) -> str:
    _CALLS.append((a, b))
    return f"{a} {b}"


def test_the_words_are_written_once_on_first_read_and_kept():
    _CALLS.clear()
    later = Later(_counted, "Bo", 7)
    assert _CALLS == []  # nothing is written when the Later is made
    assert bool(later) and _CALLS == []  # nor when it is tested for truth
    assert str(later) == "Bo 7"
    assert str(later) == "Bo 7"
    assert repr(later) == "Later('Bo 7')"
    assert _CALLS == [("Bo", 7)]  # written once, then kept


def test_the_values_are_those_passed_when_it_was_made():
    left, who = 5, "Ana"
    later = Later(_words, who, "7♣", left)
    left, who = 1, "Bo"  # the caller's variables change: the words do not
    assert (left, who) == (1, "Bo")
    assert str(later) == "Ana attacks 7♣ (5 left)"


def test_joining_with_text_gives_another_later():
    later = Later(_words, "Ana", "9♣", 4) + " The game is over."
    assert type(later) is Later
    assert str(later) == "Ana attacks 9♣ (4 left) The game is over."
    assert str(later + " And more.") == "Ana attacks 9♣ (4 left) The game is over. And more."


def test_unwatched_creatures_records_read_as_watched_ones():
    for seed in (1, 2):
        fast = tablekit.new_game("creatures", seed=seed)
        fast.watched = False
        fast.run(until="end", bots="random", max_records=200_000)
        assert any(type(r._text) is Later for r in fast.history)  # the fast path kept some unwritten
        slow = tablekit.new_game("creatures", seed=seed)
        slow.run(until="end", bots="random", max_records=200_000)
        assert [r.to_dict() for r in fast.history] == [r.to_dict() for r in slow.history]


# -- no Later in the package is given words that capture their values implicitly -------



def _implicit_laters(tree: ast.AST) -> list[tuple[str, int]]:
    """(enclosing function, line) of each `Later(lambda ...)` and each `Later(f)` where `f` is a
    function defined inside the function making the Later (a closure)."""
    found: list[tuple[str, int]] = []

    def visit(node: ast.AST, func: str, nested: set[str]) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                inner = {n.name for n in ast.walk(child)
                         if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n is not child}
                visit(child, child.name, inner)
                continue
            if isinstance(child, ast.Call) and child.args:
                f = child.func
                name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
                first = child.args[0]
                if name == "Later" and (isinstance(first, ast.Lambda)
                                        or (isinstance(first, ast.Name) and first.id in nested)):
                    found.append((func, child.lineno))
            visit(child, func, nested)

    visit(tree, "<module>", set())
    return found


def test_the_check_finds_lambdas_and_nested_functions():
    src = ("def f(ctx, p):\n"
           "    def words():\n"
           "        return p\n"
           "    a = Later(words)\n"
           "    return Say(Later(lambda: p)), Later(_words, p)\n")
    assert _implicit_laters(ast.parse(src)) == [("f", 4), ("f", 5)]


def test_a_game_over_note_joins_unwritten_words():
    from tablekit.core.stepping import _with_over
    assert str(_with_over(Later(_words, "Ana", "9♣", 4), "Ana wins.")) == (
        "Ana attacks 9♣ (4 left) The game is over: Ana wins.")


def test_no_later_in_the_package_captures_implicitly():
    bad = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        for func, line in _implicit_laters(ast.parse(path.read_text(encoding="utf-8"))):
            bad.append(f"tablekit/{rel}:{line} (in {func}): pass the values to Later(fn, *values)")
    assert not bad, "\n".join(bad)
