"""A game's glossary: the words a learner meets, each with its meaning in the game's terms.

A game's folder may hold `glossary.yaml`, a list of entries:

```yaml
- term: P
  meaning: the number of heroes in the game; in a solo game it is 2, one for each hero
  see: FH-SOLO-P        # optional: the ruling that decides it (an id on the rulings page)
```

`GameDef.glossary` loads it (once, when first asked); the rules page and the board's
rules panel show it. A broken file is refused naming the file, the line and the field;
nothing in it is evaluated.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .errors import TablekitError
from .yamlio import LineDict, load_yaml_file

FILE_NAME = "glossary.yaml"
KEYS = {"term": "the word or phrase, as the game's texts use it",
        "meaning": "what it means, in one or two plain sentences",
        "see": "optional: the id of the ruling that decides it"}


class GlossaryError(TablekitError):
    """A glossary file that cannot be read."""


@dataclass(frozen=True)
class Term:
    """One entry of a glossary."""

    term: str
    meaning: str
    see: str = ""

    def to_dict(self) -> dict[str, str]:
        return {"term": self.term, "meaning": self.meaning, "see": self.see}


def load_glossary(path: str | Path) -> tuple[Term, ...]:
    """The entries of a glossary file, in its order; () when there is no such file."""
    p = Path(path)
    if not p.exists():
        return ()
    data = load_yaml_file(p, GlossaryError)
    if data is None:
        return ()
    if not isinstance(data, list):
        raise GlossaryError(f"{p}, line 1: a glossary is a list of entries (- term: ..., meaning: ...)")
    out: list[Term] = []
    seen: dict[str, int] = {}
    for i, entry in enumerate(data):
        term = _entry(p, i, entry, data)
        line = _line(entry, "term", data, i)
        if term.term.lower() in seen:
            raise GlossaryError(f"{p}, line {line}: {term.term!r} is in the glossary already "
                                f"(line {seen[term.term.lower()]})")
        seen[term.term.lower()] = line
        out.append(term)
    return tuple(out)


def _line(entry: object, key: str, data: object, i: int) -> int:
    """The line of `key` in an entry (of the entry itself when it has no such key)."""
    if isinstance(entry, LineDict):
        return entry.line_of(key)
    lines = getattr(data, "item_lines", None)
    return lines[i] if lines and i < len(lines) else getattr(data, "line", 0)


def _entry(p: Path, i: int, entry: object, data: object) -> Term:
    if not isinstance(entry, dict):
        raise GlossaryError(f"{p}, line {_line(entry, '', data, i)}: entry {i + 1} is a mapping with "
                            "term and meaning")
    unknown = [k for k in entry if k not in KEYS]
    if unknown:
        raise GlossaryError(f"{p}, line {_line(entry, unknown[0], data, i)}: unknown field {unknown[0]!r} "
                            f"(fields: {', '.join(KEYS)})")
    for key in ("term", "meaning"):
        value = entry.get(key)
        if not isinstance(value, str) or not value.strip():
            raise GlossaryError(f"{p}, line {_line(entry, key, data, i)}: {key} is text ({KEYS[key]}), "
                                f"not {value!r}")
    see = entry.get("see", "")
    if not isinstance(see, str):
        raise GlossaryError(f"{p}, line {_line(entry, 'see', data, i)}: see is a ruling id (text), not {see!r}")
    return Term(entry["term"].strip(), entry["meaning"].strip(), see.strip())
