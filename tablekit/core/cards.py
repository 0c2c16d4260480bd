"""Card definitions, read from `cards/<game>.yaml`.

A card file is a mapping with `format_version`, `game` and `cards`, a list
of card mappings. Every card has an `id`, a `name` and a `text` (our own
summary of what the card does), and may have `quantity` (copies in the
game, default 1), `stand_in` (true for a card the project designed because
the printed one is not public), `test_only` (true for a sample card that is
never dealt into a deck, but that scenarios and tests may place), `traits` and
`abilities`. A game declares the
other fields its cards carry (a suit, a value...) with their types.

An ability is a mapping with a `type`:

* `modifier`: `stat`, `add` (a number) and `scope` (self, owner, all, or
  attached: the card this one is attached to): changes a number while the
  card is in an active zone;
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
from typing import Any, Callable, Iterable, Mapping

from .errors import CardFileError
from .schemacheck import DRAFT, MAX_NAME, check, json_type
from .yamlio import LineDict, load_yaml_file

CARD_FORMAT_VERSION = 1
ABILITY_TYPES = ("modifier", "trigger", "replacement", "action", "restriction")
ONCE_PER = ("turn", "round", "phase", "target")
_COMMON_FIELDS = {"id": str, "name": str, "text": str, "quantity": int, "stand_in": bool, "test_only": bool,
                  "traits": list, "abilities": list, "kind": str, "faces": list}


MAX_QUANTITY = 100  # copies of one card: no game has more; a larger number is a typing mistake


@dataclass(frozen=True)
class Field:
    """A card field a game declares: its type, whether every card has it, and its
    domain: `choices` (the allowed values; for a list, the allowed items),
    `minimum`/`maximum` (for a number), `doc` (what it holds, in words; the
    editor shows it). `card_fields` maps each field name to a Field (or to
    the short form `(type, required)`). A game may also give the domain of the
    common fields `kind` and `traits` this way."""

    type: type
    required: bool = False
    choices: tuple = ()
    minimum: int | None = None
    maximum: int | None = None
    doc: str = ""
    unique: bool = False  # a list: no item twice


def as_field(spec: Any) -> Field:
    """A Field from either form of a card_fields entry."""
    if isinstance(spec, Field):
        return spec
    typ, required = spec
    return Field(typ, required)


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
    test_only: bool = False  # a sample card: never dealt into a deck; scenarios and tests place it
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


def _card_where(cards: Any) -> Any:
    """How an error names a place in a card file: card 'AS': field 'value'."""
    def where(path: list, inner: bool = False) -> str:
        if not path or path[0] != "cards":
            return f"top-level field {path[0]!r}" if path else "the file"
        out = "field 'cards'"
        if len(path) > 1:
            i = path[1]
            raw = cards[i] if isinstance(cards, list) and isinstance(i, int) and i < len(cards) else None
            cid = raw.get("id") if isinstance(raw, dict) else None
            out = f"card {cid!r}" if isinstance(cid, str) else f"card #{i + 1}"
        rest = path[2:]
        if rest[:1] == ["faces"] and len(rest) > 1:
            out += f"{',' if inner or len(rest) > 2 else ':'} face #{rest[1] + 1}"
            rest = rest[2:]
        if rest[:1] == ["abilities"] and len(rest) > 1:
            out += f": ability #{rest[1] + 1}"
            rest = rest[2:]
        if rest:
            out += f": field {rest[0]!r}" + "".join(f"[{x}]" for x in rest[1:])
        return out
    return where


# -- the card file's JSON Schema -------------------------------------------------------

def field_schema(f: Field, doc: str = "") -> dict:
    out = json_type(f.type)
    if f.choices:
        if f.type is list:
            out["items"] = {"enum": list(f.choices)}
        else:
            out["enum"] = list(f.choices)
    if f.minimum is not None:
        out["minimum"] = f.minimum
    if f.maximum is not None:
        out["maximum"] = f.maximum
    if f.unique and f.type is list:
        out["uniqueItems"] = True
    if f.doc or doc:
        out["description"] = f.doc or doc
    return out


_COMMON_DOCS = {
    "id": ("the card's id: one word without spaces, ':', '#' or '/'; copies become <id>#1, <id>#2",
           {"type": "string", "minLength": 1, "maxLength": MAX_NAME, "pattern": "^[^\\s:#/]+$"}),
    "name": ("the card's name, as printed", {"type": "string"}),
    "text": ("what the card does, in our own words", {"type": "string"}),
    "quantity": (f"copies of the card in the game (1 to {MAX_QUANTITY}; default 1)",
                 {"type": "integer", "minimum": 1, "maximum": MAX_QUANTITY}),
    "stand_in": ("true for a card the project designed (the printed one is not public)",
                 {"type": "boolean"}),
    "test_only": ("true for a sample card that is never dealt into a deck (scenarios and tests "
                  "place it)", {"type": "boolean"}),
    "traits": ("the card's traits", {"type": "array", "items": {"type": "string"}}),
    "kind": ("the card's kind", {"type": "string"}),
    "abilities": ("how the card's powers work (see docs/core.md)", {"type": "array"}),
    "faces": ("the faces of a two-faced card (two or more)", {"type": "array", "minItems": 2}),
}
_NEEDS = {"modifier": ("stat", "add"), "trigger": ("on", "effect"),
          "replacement": ("on", "effect"), "action": ("window", "effect"), "restriction": ("on",)}


STEPS = {"type": "array", "minItems": 1, "items": {"$ref": "#/definitions/step"},
         "description": "the parts of the effect, resolved from the top down: each {effect, args}"}
"""An `arg_fields` entry for an argument that lists other effects (a card with several parts)."""


def args_schema(fields: dict[str, Any]) -> dict:
    """The schema of an effect's `args` from its `arg_fields`."""
    props = {k: (v if isinstance(v, dict) else field_schema(as_field(v))) for k, v in fields.items()}
    required = [k for k, v in fields.items() if not isinstance(v, dict) and as_field(v).required]
    out: dict = {"type": "object", "additionalProperties": False, "properties": props}
    if required:
        out["required"] = required
    return out


def effect_args_rules(effects: Iterable[str] | Mapping[str, Any]) -> list[dict]:
    """One if/then rule per effect that declares `arg_fields`: its args must fit them."""
    if not isinstance(effects, Mapping):
        return []
    rules = []
    for name in sorted(effects):
        fields = getattr(effects[name], "arg_fields", None)
        if fields is not None:
            rules.append({"if": {"properties": {"effect": {"const": name}}, "required": ["effect"]},
                          "then": {"properties": {"args": args_schema(fields)}}})
    return rules


def effect_name_schema(effects: Iterable[str]) -> dict:
    effect: dict = {"type": "string", "description": "the game's effect that does what the ability does"}
    if effects:
        effect["enum"] = sorted(effects)
    return effect


def step_schema(effects: Iterable[str] | Mapping[str, Any]) -> dict:
    """One part of a several-part effect (`STEPS`): an effect and its args."""
    out = {"type": "object", "additionalProperties": False, "required": ["effect"],
           "properties": {"effect": effect_name_schema(effects),
                          "args": {"type": "object", "description": "the effect's arguments"}}}
    rules = effect_args_rules(effects)
    if rules:
        out["allOf"] = rules
    return out


def ability_schema(effects: Iterable[str] | Mapping[str, Any],
                   domains: dict[str, Iterable[str]] | None = None) -> dict:
    domains = domains or {}
    effect = effect_name_schema(effects)
    props: dict[str, dict] = {
        "type": {"enum": list(ABILITY_TYPES), "description": "the kind of ability"},
        "effect": effect,
        "on": {"type": "string", "description": "the event type (trigger, replacement) or what is "
               "forbidden (restriction)"},
        "if": {"type": "object", "description": "event fields a trigger matches"},
        "stat": {"type": "string", "description": "the number a modifier changes"},
        "add": {"type": "integer", "description": "how much a modifier adds"},
        "scope": {"enum": ["self", "owner", "all", "attached"], "description": "whose number a modifier changes "
                  "(attached: the card its card is attached to)"},
        "window": {"type": "string", "description": "where an action may be used"},
        "zone": {"type": "string", "description": "the kind of zone where the ability works"},
        "optional": {"type": "boolean", "description": "a replacement offered as a choice"},
        "once_per": {"enum": list(ONCE_PER) + [None], "description": "a use limit"},
        "args": {"type": "object", "description": "the effect's arguments"},
        "text": {"type": "string", "description": "the ability in words"},
        "per": {"anyOf": [{"type": "string"}, {
            "type": "object", "additionalProperties": False,
            "properties": {"trait": {"type": "string"}, "kind": {"type": "string"},
                           "owner": {"enum": ["controller", "any"]}}}],
            "description": "a modifier's factor: a card-state key, or cards counted by trait, kind, owner"},
        "phase": {"type": "string", "description": "the phase an action is usable in"},
    }
    for key, values in domains.items():
        if key in props and values:
            props[key] = {**props[key], "enum": sorted(values)}
    return {
        "type": "object", "additionalProperties": False, "required": ["type"], "properties": props,
        "allOf": [{"if": {"properties": {"type": {"const": t}}, "required": ["type"]},
                   "then": {"required": list(need)}} for t, need in _NEEDS.items()] + effect_args_rules(effects),
    }


def cards_schema(game_id: str, fields: dict, effects: Iterable[str] | Mapping[str, Any] = (),
                 domains: dict[str, Iterable[str]] | None = None, title: str = "") -> dict:
    """The JSON Schema of `cards/<game>.yaml` for a game's declarations."""
    fields = {k: as_field(v) for k, v in fields.items()}
    ability = ability_schema(effects, domains)
    card_props: dict[str, dict] = {}
    for key, (doc, schema) in _COMMON_DOCS.items():
        card_props[key] = {**schema, "description": doc}
    for key, f in fields.items():
        base = card_props.get(key, {})
        card_props[key] = {**base, **field_schema(f, base.get("description", ""))}
    card_props["abilities"]["items"] = {"$ref": "#/definitions/ability"}
    face_props = {"name": card_props["name"], "text": card_props["text"],
                  "abilities": card_props["abilities"]}
    face_props.update({k: card_props[k] for k in fields if k not in _COMMON_DOCS})
    card_props["faces"]["items"] = {"type": "object", "additionalProperties": False,
                                    "required": ["name", "text"], "properties": face_props}
    required = ["id", "name", "text"] + [k for k, f in fields.items() if f.required]
    return {
        "$schema": DRAFT,
        "$id": f"cards-{game_id}.schema.json",
        "title": f"tablekit card file: {title or game_id}",
        "description": f"cards/{game_id}.yaml: the cards of {title or game_id} (made from the game's "
                       "declarations by `python -m tablekit.core.schemas --write`)",
        "type": "object", "additionalProperties": False, "required": ["format_version", "game", "cards"],
        "properties": {
            "format_version": {"const": CARD_FORMAT_VERSION, "description": "the card file format"},
            "game": {"const": game_id, "description": "the game's id"},
            "notes": {"description": "free notes"},
            "cards": {"type": "array", "minItems": 1, "items": {"$ref": "#/definitions/card"},
                      "description": "the cards, one mapping each"},
        },
        "definitions": {
            "card": {"type": "object", "additionalProperties": False, "required": required,
                     "properties": card_props},
            "ability": ability,
            "step": step_schema(effects),
        },
    }


def load_cards(path: str | Path, game_id: str, fields: dict[str, Any],
               effects: Iterable[str] | Mapping[str, Any] = frozenset(),
               domains: dict[str, Any] | None = None, title: str = "",
               card_problem: Callable[[CardDef], str | None] | None = None) -> dict[str, CardDef]:
    """Read and check a card file. `fields` maps each game-specific field to a
    Field (or to (type, required)); `effects` are the game's effect names and
    `domains` the values an ability's `zone`, `window`, `stat` may take. The
    file is checked against the game's JSON Schema (`cards_schema`, below):
    any problem raises CardFileError naming the file, the line and the field,
    and saying what is allowed there. A file that loads can play: every name
    in it is one the game knows. Given as a mapping name -> Effect, `effects`
    also checks each ability's `args` against the effect's `arg_fields`.
    `card_problem` is the game's own check of a card as a whole (GameDef.card_problem:
    what one kind of card must have to play), refused at the card's line."""
    p = Path(path)
    data = load_yaml_file(p, CardFileError)

    def fail(line: int, msg: str) -> None:
        raise CardFileError(f"{p}, line {line}: {msg}")

    if not isinstance(data, LineDict) or "format_version" not in data:
        # not a card file at all: say so without quoting any of it
        fail(1, "the file must be a mapping with format_version, game and cards")
    if data.get("format_version") != CARD_FORMAT_VERSION or type(data["format_version"]) is not int:
        fail(data.line_of("format_version"),
             f"format_version must be {CARD_FORMAT_VERSION}, not {data.get('format_version')!r}")
    fields = {k: as_field(v) for k, v in fields.items()}
    schema = cards_schema(game_id, fields, effects, domains, title)
    cards = data.get("cards")
    check(data, schema, str(p), CardFileError, _card_where(cards), word="field")
    own = [k for k in fields if k not in _COMMON_FIELDS]
    out: dict[str, CardDef] = {}
    for raw in cards:
        cid = raw["id"]
        if cid in out:
            fail(raw.line_of("id"), f"card id {cid!r} is used twice")
        abilities = tuple(_ability(ab) for ab in raw.get("abilities", []))
        faces: list[CardFace] = []
        for fi, face in enumerate(raw.get("faces", [])):
            faces.append(CardFace(face["name"], face["text"], {k: face[k] for k in own if k in face}))
            abilities += tuple(_ability(ab, face=fi) for ab in face.get("abilities", []))
        out[cid] = CardDef(
            id=cid, name=raw["name"], text=raw["text"], kind=raw.get("kind", ""),
            quantity=raw.get("quantity", 1), stand_in=raw.get("stand_in", False),
            test_only=raw.get("test_only", False),
            traits=tuple(raw.get("traits", [])), abilities=abilities,
            fields={k: raw[k] for k in own if k in raw}, source=f"{p}, line {raw.line}",
            faces=tuple(faces),
        )
        why = card_problem(out[cid]) if card_problem is not None else None
        if why:
            fail(raw.line, f"card {cid!r}: {why}")
    return out


def _ability(raw: Any, face: int | None = None) -> Ability:
    """An ability the schema has checked."""
    return Ability(type=raw["type"], effect=raw.get("effect"), on=raw.get("on"), when=dict(raw.get("if", {})),
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
