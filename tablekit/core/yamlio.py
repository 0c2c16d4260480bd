"""Safe YAML loading that keeps line numbers and refuses aliases.

Nothing read here is ever evaluated: the loader is a SafeLoader subclass, so
only plain scalars, lists and mappings come back. Mappings come back as
`LineDict`, which remembers the line of each key, so an error can name the
file, the line and the field. Aliases (`*name`) are refused outright: they are
how a small file blows up into a huge one, and no tablekit file needs them.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from .errors import TablekitError


class LineDict(dict):
    """A dict from YAML that knows its own line and each key's line (1-based)."""

    line: int = 0
    key_lines: dict

    def line_of(self, key: str) -> int:
        return self.key_lines.get(key, self.line)


class LineList(list):
    line: int = 0
    item_lines: list


MAX_DIGITS = 100  # a whole number longer than this is refused (no tablekit value comes near it)
MAX_DEPTH = 64  # no tablekit file nests deeper; a deeper one is refused, not recursed into


class _Checked:
    """What tablekit's loaders add to PyYAML's safe loading: aliases refused, nesting
    bounded, each bad value an error at its line, and mappings and lists that know
    their lines."""

    _depth = 0

    def compose_node(self, parent, index):
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()
            raise yaml.MarkedYAMLError(
                "while reading", None,
                "aliases (*name) are not allowed in tablekit files", event.start_mark)
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                raise yaml.MarkedYAMLError("while reading", None, f"the YAML is nested more than "
                                           f"{MAX_DEPTH} levels deep", self.peek_event().start_mark)
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1

    def construct_object(self, node, deep=False):
        # A value that does not fit its tag (`!!float x`, `!!timestamp x`, `!!int x`, a date
        # that does not exist) or a number too long to be one: an error at its line, never a
        # ValueError from deep inside the constructor. Nothing of the value is quoted.
        tag = node.tag.rsplit(":", 1)[-1] if isinstance(node.tag, str) else "?"
        if (isinstance(node, yaml.ScalarNode) and node.tag == "tag:yaml.org,2002:int"
                and len(node.value) > MAX_DIGITS):
            raise yaml.MarkedYAMLError(None, None, f"a whole number with more than {MAX_DIGITS} "
                                       "digits", node.start_mark)
        try:
            return super().construct_object(node, deep=deep)
        except yaml.YAMLError:
            raise
        except RecursionError:
            raise
        except (ValueError, AttributeError, TypeError, OverflowError, IndexError, KeyError):
            raise yaml.MarkedYAMLError(None, None, f"the value is not a valid !!{tag} (a value of "
                                       "that YAML tag cannot be read from it)", node.start_mark) from None

    def construct_mapping(self, node, deep=False):
        seen: dict = {}
        for key_node, _ in node.value:
            key = key_node.value if isinstance(key_node, yaml.ScalarNode) else None
            if key is not None and key in seen:
                raise yaml.MarkedYAMLError(
                    "while reading a mapping", node.start_mark,
                    f"a key appears twice in one mapping (first on line {seen[key]})", key_node.start_mark)
            if key is not None:
                seen[key] = key_node.start_mark.line + 1
        data = super().construct_mapping(node, deep=True)
        out = LineDict(data)
        out.line = node.start_mark.line + 1
        out.key_lines = {}
        for key_node, _ in node.value:
            try:
                out.key_lines[self.construct_object(key_node, deep=True)] = key_node.start_mark.line + 1
            except (TypeError, yaml.YAMLError):
                pass
        return out

    def construct_sequence(self, node, deep=False):
        out = LineList(super().construct_sequence(node, deep=True))
        out.line = node.start_mark.line + 1
        out.item_lines = [n.start_mark.line + 1 for n in node.value]
        return out


# YAML 1.2 booleans: only true/false. In YAML 1.1 `on`, `off`, `yes` and `no` are
# booleans too, so a card's `on: move` would silently become `True: move`.
class _Loader(_Checked, yaml.SafeLoader):
    """The pure-Python loader: its scanner and parser are PyYAML's own Python."""


_BOOL = "tag:yaml.org,2002:bool"
_Loader.yaml_implicit_resolvers = {
    first: [r for r in resolvers if r[0] != _BOOL]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
_Loader.add_implicit_resolver(_BOOL, re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF"))
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _Loader.construct_mapping)
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _Loader.construct_sequence)

if getattr(yaml, "__with_libyaml__", False):
    from yaml._yaml import CParser

    class _FastLoader(_Checked, yaml.composer.Composer, CParser, yaml.constructor.SafeConstructor,
                      yaml.resolver.Resolver):
        """The same loading with libyaml's scanner and parser (C, shipped in PyYAML's
        wheels): several times faster on a card file. The nodes are still composed
        here, in Python, so aliases and depth are checked as they come."""

        def __init__(self, stream: str):
            CParser.__init__(self, stream)
            yaml.composer.Composer.__init__(self)
            yaml.constructor.SafeConstructor.__init__(self)
            yaml.resolver.Resolver.__init__(self)

    _FastLoader.yaml_implicit_resolvers = _Loader.yaml_implicit_resolvers
    _FastLoader.yaml_constructors = _Loader.yaml_constructors
    LOADER: type = _FastLoader
else:  # pragma: no cover - a PyYAML built without libyaml
    LOADER = _Loader


def _safe_problem(problem: str) -> str:
    """The parser's words about a problem, without quoting the file: a file that is not a
    tablekit file at all (a password file given by mistake) must not be echoed back. Single
    characters and the parser's own token names (`'<block mapping start>'`) stay."""
    if "tag:yaml.org,2002:python/" in problem:
        return "a !!python/... tag is not allowed: tablekit files are data, never code"
    if "could not determine a constructor" in problem or "undefined tag handle" in problem:
        return ("a tag tablekit does not read (a file uses only plain values, lists and mappings, "
                "with YAML's standard tags)")

    def keep(m: re.Match) -> str:
        quoted = m.group(0)
        return quoted if len(quoted) <= 6 or quoted[1] == "<" else "(text not shown)"
    return re.sub(r"'[^'\n]*'|\"[^\"\n]*\"", keep, problem)


def load_yaml(text: str, filename: str, error: type[TablekitError]) -> Any:
    """Parse YAML text safely; a syntax problem raises `error` naming file and line."""
    try:
        loader = LOADER(text)
        try:
            return loader.get_single_data()
        finally:
            loader.dispose()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = f"{filename}, line {mark.line + 1}" if mark else filename
        problem = _safe_problem(exc.problem or exc.context or "malformed YAML")
        raise error(f"{where}: {problem}") from None
    except yaml.reader.ReaderError as exc:
        line = text[:exc.position].count("\n") + 1
        raise error(f"{filename}, line {line}: a character YAML does not allow "
                    f"(code {exc.character!r})") from None
    except yaml.YAMLError as exc:
        raise error(f"{filename}: malformed YAML ({exc})") from None
    except RecursionError:
        raise error(f"{filename}: the YAML is nested too deeply") from None


def read_text(path: str | Path, error: type[TablekitError], max_bytes: int = 2_000_000) -> str:
    """A file's text, refused with `error` if it is unreadable, too large or not UTF-8."""
    p = Path(path)
    try:
        size = p.stat().st_size
    except OSError as exc:
        raise error(f"{p}: cannot read the file ({exc.strerror})") from None
    if size > max_bytes:
        raise error(f"{p}: the file is {size} bytes; the limit is {max_bytes}")
    if not p.is_file():
        raise error(f"{p}: not a file")
    try:
        return decode_utf8(p.read_bytes(), str(p), error)
    except OSError as exc:
        raise error(f"{p}: cannot read the file ({exc.strerror})") from None


def decode_utf8(data: bytes, name: str, error: type[TablekitError]) -> str:
    """`data` as UTF-8 text, or `error` naming the line and the byte where it is not."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise error(f"{name}, line {line}: the file is not UTF-8 text (byte {column} of the line, "
                    f"0x{data[exc.start]:02x}, at offset {exc.start}): save it as UTF-8") from None


def load_yaml_file(path: str | Path, error: type[TablekitError], max_bytes: int = 2_000_000) -> Any:
    return load_yaml(read_text(path, error, max_bytes), str(path), error)
