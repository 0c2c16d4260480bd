"""The two YAML loaders of `core/yamlio.py` read alike: libyaml's scanner and parser
(C, the one used where PyYAML has it) and PyYAML's own Python, which the checks of
`_Checked` sit on in both. Same values, same lines, same refusals."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tablekit.core import yamlio

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted(p for d in ("cards", "scenarios", "tests/data") for p in (ROOT / d).rglob("*.yaml"))

pytestmark = pytest.mark.skipif(not yaml.__with_libyaml__, reason="this PyYAML has no libyaml")


def shape(x):
    """A value with the lines its mappings and lists remember."""
    if isinstance(x, dict):
        return ("map", x.line, dict(x.key_lines), [(k, shape(v)) for k, v in x.items()])
    if isinstance(x, list):
        return ("list", x.line, list(x.item_lines), [shape(v) for v in x])
    return (type(x).__name__, x)


def read(loader: type, text: str):
    load = loader(text)
    try:
        return ("ok", shape(load.get_single_data()))
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        return ("refused", mark.line if mark else None)
    finally:
        load.dispose()


def test_the_fast_loader_is_the_one_used():
    assert yamlio.LOADER is yamlio._FastLoader


def test_every_project_file_reads_alike_in_both_loaders():
    assert len(FILES) > 100
    for f in FILES:
        text = f.read_text(encoding="utf-8")
        assert read(yamlio._FastLoader, text) == read(yamlio._Loader, text), f


@pytest.mark.parametrize("text, line", [
    ("a: &x [1, 2]\nb: *x\n", 1),                      # an alias
    ("a: 1\na: 2\n", 1),                               # a key twice
    ("n: !!int 12x\n", 0),                             # a value that does not fit its tag
    ("x: " + "[" * 80 + "]" * 80 + "\n", 0),           # nested too deep
    ("k: " + "9" * 101 + "\n", 0),                     # a number too long
])
def test_each_refusal_is_the_same_in_both_loaders(text, line):
    assert read(yamlio._FastLoader, text) == read(yamlio._Loader, text) == ("refused", line)


def test_a_syntax_error_names_the_same_line_in_both():
    text = "a: 1\nb: [1, 2\nc: 3\n"
    fast, slow = read(yamlio._FastLoader, text), read(yamlio._Loader, text)
    assert fast[0] == slow[0] == "refused" and fast[1] == slow[1]
