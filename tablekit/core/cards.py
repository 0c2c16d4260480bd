"""Card definitions, read from `cards/<game>.yaml`.

A card file is a mapping with `format_version`, `game` and `cards`, a list
of card mappings. Every card has an `id`, a `name` and a `text` (our own
summary of what the card does), and may have `quantity` (copies in the
game, default 1), `stand_in` (true for a card the project designed because
the printed one is not public), `traits` and `abilities`. A game declares the
other fields its cards carry (a suit, a value...) with their types.

An ability is a mapping with a `type`:

* `modifier`: `stat`, `add` (a number) and `scope` (self, owner or all):
  changes a number while the card is in an active zone;
* `trigger`: `on` (an event type), optional `if` (event fields to match) and
  `effect`: collected after the event and resolved in the game's order;
* `replacement`: `on` (an event type), `effect` and `optional`: happens
  instead of the event (optional ones are offered as a choice);
* `action`: `window` (where it may be used) and `effect`;
* `restriction`: `on` (what is forbidden: "draw", "be_defeated"...), asked
  with `ctx.restricted(...)`.

A card with two faces (a foe's phases, a hero's incapacitated side) lists
them under `faces:`, each a mapping with its own `name`, `text`, game fields
and `abilities`; the card state's `face` (0 by default) says which is up,
and a face's abilities work only while it is up.

`effect` names a function registered by the game (or a core primitive);
`args` is a mapping passed to it. Nothing is evaluated as code.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import CardFileError
from .yamlio import LineDict, load_yaml_file

CARD_FORMAT_VERSION = 1
ABILITY_TYPES = ("modifier", "trigger", "replacement", "action", "restriction")
ONCE_PER = ("turn", "round", "phase", "target")
_COMMON_FIELDS = {"id": str, "name": str, "text": str, "quantity": int, "stand_in": bool,
                  "traits": list, "abilities": list, "kind": str, "faces": list}
_TYPE_WORDS = {str: "text", int: "a whole number", bool: "true or false", list: "a list",
               dict: "a mapping", float: "a number"}


@dataclass(frozen=True)
class Ability:
    type: str
    effect: str | None = None
    on: str | None = None
    when: dict = field(default_factory=dict)  # the `if` conditions of a trigger
    stat: str | None = None
    add: int = 0
    scope: str = "owner"
    window: str | None = None
    zone: str | None = None  # the zone kind where it works (default: the game's)
    optional: bool = False
    once_per: str | None = None
    args: dict = field(default_factory=dict)
    text: str = ""
    per: Any = None  # a modifier's factor: a card-state key of its card, or {trait, kind, owner}
    phase: str | None = None  # an action usable only in the phase of this name
    face: int | None = None  # the face it belongs to (None: the card's, on every face)


@dataclass(frozen=True)
class CardFace:
    """One face of a two-faced card: its own name, text and game fields."""

    name: str
    text: str
    fields: dict = field(default_factory=dict)


@dataclass(frozen=True)
class CardDef:
    id: str
    name: str
    text: str
    kind: str = ""
    quantity: int = 1
    stand_in: bool = False
    traits: tuple[str, ...] = ()
    abilities: tuple[Ability, ...] = ()
    fields: dict = field(default_factory=dict)
    source: str = ""  # "file, line N"
    faces: tuple[CardFace, ...] = ()

    def __getitem__(self, key: str) -> Any:
        return self.fields[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.fields.get(key, default)

    def _repr_html_(self) -> str:
        from html import escape
        tag = " <em>(stand-in)</em>" if self.stand_in else ""
        nums = ", ".join(f"{escape(str(k))}: {escape(str(v))}" for k, v in self.fields.items())
        return (f"<div class='tk-card-def'><b>{escape(self.name)}</b>{tag} "
                f"<code>{escape(self.id)}</code><br>{nums}<br>{escape(self.text)}</div>")


def _type_ok(value: Any, typ: type) -> bool:
    if typ is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if typ is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    return isinstance(value, typ)


def load_cards(path: str | Path, game_id: str, fields: dict[str, tuple[type, bool]],
               effects: set[str] | frozenset[str] = frozenset()) -> dict[str, CardDef]:
    """Read and check a card file. `fields` maps each game-specific field to
    (type, required). Any problem raises CardFileError naming the file, the
    line and the field."""
    p = Path(path)
    data = load_yaml_file(p, CardFileError)

    def fail(line: int, msg: str) -> None:
        raise CardFileError(f"{p}, line {line}: {msg}")

    if not isinstance(data, LineDict):
        fail(1, "the file must be a mapping with format_version, game and cards")
    for key in data:
        if key not in ("format_version", "game", "cards", "notes"):
            fail(data.line_of(key), f"unknown top-level field {key!r} "
                 "(expected format_version, game, cards, notes)")
    if data.get("format_version") != CARD_FORMAT_VERSION:
        fail(data.line_of("format_version"),
             f"format_version must be {CARD_FORMAT_VERSION}, not {data.get('format_version')!r}")
    if data.get("game") != game_id:
        fail(data.line_of("game"), f"field 'game' must be {game_id!r}, not {data.get('game')!r}")
    cards = data.get("cards")
    if not isinstance(cards, list) or not cards:
        fail(data.line_of("cards"), "field 'cards' must be a non-empty list of cards")
    allowed = dict(_COMMON_FIELDS)
    allowed.update({k: t for k, (t, _) in fields.items()})
    out: dict[str, CardDef] = {}
    for i, raw in enumerate(cards):
        line = cards.item_lines[i] if hasattr(cards, "item_lines") else 0
        if not isinstance(raw, LineDict):
            fail(line, f"card #{i + 1} must be a mapping of fields")
        for key, value in raw.items():
            if key not in allowed:
                fail(raw.line_of(key), f"card #{i + 1}: unknown field {key!r}")
            if not _type_ok(value, allowed[key]):
                fail(raw.line_of(key), f"card #{i + 1}: field {key!r} must be "
                     f"{_TYPE_WORDS.get(allowed[key], allowed[key].__name__)}, not {value!r}")
        for key in ("id", "name", "text"):
            if key not in raw:
                fail(raw.line, f"card #{i + 1}: missing field {key!r}")
        for key, (_, required) in fields.items():
            if required and key not in raw:
                fail(raw.line, f"card {raw['id']!r}: missing field {key!r}")
        cid = raw["id"]
        if not cid or any(ch in cid for ch in " :#/"):
            fail(raw.line_of("id"), f"card id {cid!r} must be non-empty, without spaces, ':', '#' or '/'")
        if cid in out:
            fail(raw.line_of("id"), f"card id {cid!r} is used twice")
        qty = raw.get("quantity", 1)
        if qty < 1:
            fail(raw.line_of("quantity"), f"card {cid!r}: quantity must be at least 1")
        abilities = tuple(_ability(p, cid, ab, effects) for ab in raw.get("abilities", []))
        faces: list[CardFace] = []
        for fi, face in enumerate(raw.get("faces", [])):
            fline = raw["faces"].item_lines[fi] if hasattr(raw["faces"], "item_lines") else raw.line
            if not isinstance(face, LineDict):
                fail(fline, f"card {cid!r}: face #{fi + 1} must be a mapping with name, text, abilities")
            face_allowed = {"name": str, "text": str, "abilities": list}
            face_allowed.update({k: t for k, (t, _) in fields.items()})
            for key, value in face.items():
                if key not in face_allowed:
                    fail(face.line_of(key), f"card {cid!r}, face #{fi + 1}: unknown field {key!r}")
                if not _type_ok(value, face_allowed[key]):
                    fail(face.line_of(key), f"card {cid!r}, face #{fi + 1}: field {key!r} must be "
                         f"{_TYPE_WORDS.get(face_allowed[key], face_allowed[key].__name__)}, not {value!r}")
            for key in ("name", "text"):
                if key not in face:
                    fail(face.line, f"card {cid!r}, face #{fi + 1}: missing field {key!r}")
            faces.append(CardFace(face["name"], face["text"], {k: face[k] for k in fields if k in face}))
            abilities += tuple(_ability(p, cid, ab, effects, face=fi) for ab in face.get("abilities", []))
        if raw.get("faces") is not None and len(faces) < 2:
            fail(raw.line_of("faces"), f"card {cid!r}: 'faces' lists two faces or more")
        out[cid] = CardDef(
            id=cid, name=raw["name"], text=raw["text"], kind=raw.get("kind", ""),
            quantity=qty, stand_in=raw.get("stand_in", False),
            traits=tuple(raw.get("traits", [])), abilities=abilities,
            fields={k: raw[k] for k in fields if k in raw}, source=f"{p}, line {raw.line}",
            faces=tuple(faces),
        )
    return out


_ABILITY_FIELDS = {"type": str, "effect": str, "on": str, "if": dict, "stat": str, "add": int,
                   "scope": str, "window": str, "zone": str, "optional": bool, "once_per": str,
                   "args": dict, "text": str, "per": (str, dict), "phase": str}
_NEEDS = {"modifier": ("stat", "add"), "trigger": ("on", "effect"),
          "replacement": ("on", "effect"), "action": ("window", "effect"), "restriction": ("on",)}


def _ability(path: Path, cid: str, raw: Any, effects, face: int | None = None) -> Ability:
    def fail(line: int, msg: str) -> None:
        raise CardFileError(f"{path}, line {line}: card {cid!r}: {msg}")

    if not isinstance(raw, LineDict):
        fail(getattr(raw, "line", 0), "each ability must be a mapping with a 'type'")
    for key, value in raw.items():
        if key not in _ABILITY_FIELDS:
            fail(raw.line_of(key), f"ability: unknown field {key!r}")
        want = _ABILITY_FIELDS[key]
        if not (any(_type_ok(value, t) for t in want) if isinstance(want, tuple) else _type_ok(value, want)):
            words = (" or ".join(_TYPE_WORDS[t] for t in want) if isinstance(want, tuple)
                     else _TYPE_WORDS.get(want))
            fail(raw.line_of(key), f"ability: field {key!r} must be {words}, not {value!r}")
    typ = raw.get("type")
    if typ not in ABILITY_TYPES:
        fail(raw.line_of("type"), f"ability: field 'type' must be one of {', '.join(ABILITY_TYPES)}, "
             f"not {typ!r}")
    for key in _NEEDS[typ]:
        if key not in raw:
            fail(raw.line, f"a {typ} ability needs the field {key!r}")
    if raw.get("scope", "owner") not in ("self", "owner", "all"):
        fail(raw.line_of("scope"), "ability: field 'scope' must be self, owner or all")
    if raw.get("once_per") is not None and raw["once_per"] not in ONCE_PER:
        fail(raw.line_of("once_per"), f"ability: field 'once_per' must be one of {', '.join(ONCE_PER)}")
    per = raw.get("per")
    if isinstance(per, dict):
        for key in per:
            if key not in ("trait", "kind", "owner"):
                fail(raw.line_of("per"), f"ability: 'per' counts cards by trait, kind and owner, not {key!r}")
        if per.get("owner", "controller") not in ("controller", "any"):
            fail(raw.line_of("per"), "ability: per.owner is controller or any")
    eff = raw.get("effect")
    if eff is not None and effects and eff not in effects:
        fail(raw.line_of("effect"), f"ability: unknown effect {eff!r} "
             f"(known: {', '.join(sorted(effects))})")
    return Ability(type=typ, effect=eff, on=raw.get("on"), when=dict(raw.get("if", {})),
                   stat=raw.get("stat"), add=raw.get("add", 0), scope=raw.get("scope", "owner"),
                   window=raw.get("window"), zone=raw.get("zone"), optional=raw.get("optional", False),
                   once_per=raw.get("once_per"), args=dict(raw.get("args", {})), text=raw.get("text", ""),
                   per=raw.get("per"), phase=raw.get("phase"), face=face)


def data_path(kind: str, name: str) -> Path:
    """Where a shipped data file lives: inside the installed package (a wheel)
    or at the top of the source tree (an editable install)."""
    here = Path(__file__).resolve().parent.parent
    for base in (here / "_data" / kind, here.parent / kind):
        candidate = base / name
        if candidate.exists():
            return candidate
    return here.parent / kind / name
