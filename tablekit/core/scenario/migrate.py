"""Scenario files of an older format, rewritten in the current one (`tablekit migrate FILE...`).

The version steps the loader runs on an older file, `migrate(data, gamedef, path)`,
are in versions.py (importable from here too). `migrate_text` reads a file with the
loader (reading.py), so it sees the same changes, and makes them in the text itself,
keeping its comments (ruamel.yaml).
"""

from __future__ import annotations

import re

from ..registry import registry
from .fileformat import error_at
from .reading import parse
from .versions import EMPTY as EMPTY  # noqa: F401 - importable from here, as before
from .versions import OLDEST as OLDEST  # noqa: F401
from .versions import add_key as add_key  # noqa: F401
from .versions import append as append  # noqa: F401
from .versions import drop_key as drop_key  # noqa: F401
from .versions import migrate
from .versions import rename_key as rename_key  # noqa: F401
from .versions import set_value as set_value  # noqa: F401

# -- rewriting a file ------------------------------------------------------------------------

def migrate_text(text: str, path: str = "<scenario>") -> tuple[str, list[str]]:
    """A scenario text brought to the current format, keeping its comments, order and
    quoting (ruamel.yaml's round trip), and what changed; the text unchanged and [] for
    a current file. The rewritten text is read back and must mean what the old one
    meant once migrated, or ScenarioError is raised and nothing is written."""
    import io

    from ruamel.yaml import YAML

    old = parse(text, path)  # checks the file, and migrates the loader's copy
    changes = list(getattr(old, "migrated", []))
    if not changes:
        return text, []
    edited = _edit_lines(text, getattr(old, "edits", []))
    if edited is not None and _same(parse(edited, path), old):
        return edited, changes
    rt = YAML(typ="rt")
    rt.preserve_quotes = True
    rt.width = 100  # as to_yaml writes; a long plain text the file folded is folded again
    rt.representer.add_representer(type(None), lambda r, _: r.represent_scalar("tag:yaml.org,2002:null", "null"))
    # the file's own way of indenting a list under a key: "key:\n- item" (as yaml.safe_dump
    # writes, and to_yaml) or "key:\n  - item" (as people do)
    flush = re.search(r"^( *)[A-Za-z_][\w-]*:[ \t]*(#.*)?\n\1- ", text, re.M) is not None
    rt.indent(mapping=2, sequence=2 if flush else 4, offset=0 if flush else 2)
    doc = rt.load(text)
    migrate(doc, registry()[str(doc["game"])], path)
    out = io.StringIO()
    rt.dump(doc, out)
    new_text = out.getvalue()
    if not _same(parse(new_text, path), old):
        raise error_at(path, 1, "the rewritten file would not mean what the old one means; it is left "
                       "as it is (please report this file)")
    return new_text, changes


def _same(a: dict, b: dict) -> bool:
    import json

    return json.dumps(a, sort_keys=True, default=str) == json.dumps(b, sort_keys=True, default=str)


def _edit_lines(text: str, edits: list[tuple]) -> str | None:
    """The text with the migration's changes made on the lines they concern (a key renamed,
    a value changed, a key dropped or added), every other character kept; None when an
    edit is not one a single line can take (then the round trip writes the file)."""
    lines = text.splitlines(keepends=True)
    drop: set[int] = set()
    for edit in edits:
        kind, line = edit[0], edit[1] if len(edit) > 1 else 0
        if kind == "unsupported" or not 1 <= line <= len(lines):
            return None
        row = lines[line - 1]
        if kind == "rename":
            new, n = re.subn(rf"(?<![\w-]){re.escape(edit[2])}(?=\s*:)", edit[3], row, count=1)
        elif kind == "value":
            word = "null" if edit[4] is None else str(edit[4])
            new, n = re.subn(rf"((?<![\w-]){re.escape(edit[2])}\s*:\s*)[\"']?{re.escape(str(edit[3]))}[\"']?(?=[\s,}}#]|$)",
                             lambda m, word=word: m.group(1) + word, row, count=1)
        elif kind == "drop":
            key = re.escape(edit[2])
            if re.match(rf"\s*(- )?{key}\s*:\s*(null|~|\{{\}}|\[\]|false|0|''|\"\")?\s*(#.*)?$", row):
                if re.match(r"\s*- ", row):
                    return None
                drop.add(line)
                continue
            new, n = re.subn(rf",\s*{key}\s*:\s*(null|~|\{{\}}|\[\]|false|0)(?=\s*[,}}])|(?<=\{{)\s*{key}\s*:\s*"
                             rf"(null|~|\{{\}}|\[\]|false|0)\s*(,\s*|(?=\}}))", "", row, count=1)
        elif kind == "add":
            value = "true" if edit[3] is True else None
            if value is None:
                return None
            stripped = row.rstrip("\n")
            if stripped.count("{") == stripped.count("}") and stripped.rstrip().endswith("}") and "{" in stripped:
                end = stripped.rstrip()
                new, n = end[:-1].rstrip() + f", {edit[2]}: {value}}}" + row[len(end):], 1
            else:
                m = re.match(r"(\s*(- )?)[\w-]+\s*:", row)
                if not m or "{" in row:
                    return None
                indent = " " * len(m.group(1))
                new, n = row + f"{indent}{edit[2]}: {value}\n", 1
        else:
            return None
        if n != 1:
            return None
        lines[line - 1] = new
    return "".join(row for i, row in enumerate(lines, 1) if i not in drop)
