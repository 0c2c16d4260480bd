"""JSON Schemas of tablekit's files, made from what each game declares.

One validation layer for card files, scenario files and saves: each file is
read by the line-tracking YAML loader (`yamlio`), then checked with
`jsonschema` against a schema built from the game's own declarations
(its card fields and their domains, its effects, zone kinds and windows, its
settable `extra`, its player counts, variants and options). A problem
becomes one error naming the file, the line and the field, and saying what is
allowed there. The schemas of scenario files and saves are built here, that of
card files in `cards.py` (the card loader, which lies below the games this module
lists), and every file is checked through `schemacheck.py`; their names are
importable from here too.

The same schemas are written to `schemas/` for editors that read YAML
schemas (the YAML language server, used by VS Code, Neovim, Emacs, ...):

    python -m tablekit.core.schemas --write    # rewrite schemas/*.schema.json
    python -m tablekit.core.schemas --check    # exit 1 if a file is out of date

A card file switches it on with its first line:
`# yaml-language-server: $schema=../schemas/cards-<game>.schema.json`.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable

from .cards import STEPS as STEPS  # noqa: F401 - the card file's schema, importable from here too
from .cards import ability_schema as ability_schema  # noqa: F401
from .cards import args_schema as args_schema  # noqa: F401
from .cards import cards_schema
from .cards import effect_args_rules as effect_args_rules  # noqa: F401
from .cards import effect_name_schema as effect_name_schema  # noqa: F401
from .cards import field_schema as field_schema  # noqa: F401
from .cards import step_schema as step_schema  # noqa: F401
from .cardstate import CORE_CARD_STATE_SCHEMA
from .fields import SEED
from .registry import registry
from .schemacheck import DRAFT, MAX_NAME, json_type
from .schemacheck import FORMAT_LIBRARIES as FORMAT_LIBRARIES  # noqa: F401 - the checking, importable from here too
from .schemacheck import Draft7Validator as Draft7Validator  # noqa: F401
from .schemacheck import Validator as Validator  # noqa: F401
from .schemacheck import check as check  # noqa: F401
from .schemacheck import describe as describe  # noqa: F401
from .schemacheck import import_jsonschema as import_jsonschema  # noqa: F401
from .schemacheck import jsonschema as jsonschema  # noqa: F401
from .schemacheck import validator as validator  # noqa: F401

if TYPE_CHECKING:  # pragma: no cover
    from .gamedef import GameDef

SCHEMA_DIR = Path(__file__).resolve().parent.parent.parent / "schemas"
LASTING_KEYS = ("kind", "until", "text", "source", "controller", "targets", "players", "stat", "add",
                "per", "if", "what", "on", "effect", "args", "cards", "to")  # a lasting effect in a file
SCENARIO_FORMAT_VERSION = 2  # version 1 files load through core/scenario/versions.py
MAX_RECORDS = 100_000  # run.max_records, run.steps: a run never needs more


# -- card files (their schema is built in cards.py, which reads them) ----------------------

def game_cards_schema(gamedef: GameDef) -> dict:
    return cards_schema(gamedef.id, gamedef.card_fields, gamedef.effects,
                        getattr(gamedef, "ability_domains", {}), gamedef.title)


# -- scenario files --------------------------------------------------------------------

def _strs(doc: str = "") -> dict:
    out: dict = {"type": "array", "items": {"type": "string"}}
    if doc:
        out["description"] = doc
    return out


def _obj(props: dict, required: Iterable[str] = (), doc: str = "", **more: Any) -> dict:
    out: dict = {"type": "object", "additionalProperties": False, "properties": props}
    if required:
        out["required"] = list(required)
    if doc:
        out["description"] = doc
    out.update(more)
    return out


_S = {"type": "string"}
_OPTION = {"anyOf": [_S, _obj({"option": _S, "reason_contains": _S}, ["option"])],
           "description": "an option id, or {option, reason_contains}"}
_OPTIONS = {"anyOf": [_OPTION, {"type": "array", "items": _OPTION}],
            "description": "option ids (or {option, reason_contains}) checked on this decision"}
_IDS = {"anyOf": [_S, _strs()], "description": "an option id or a list of them"}
_REFUSAL = {"anyOf": [_S, _obj({"choose": {"anyOf": [_S, _strs()], "description": "an option id, or a "
                                           "list of ids chosen together"},
                                "reason_contains": {**_S, "description": "a piece of the game's reason"}},
                               ["choose"])],
            "description": "a choice the game must refuse: an option id, or {choose, reason_contains}"}
_MATCH = {"rule": {**_S, "description": "the rule a record cites (a ruling id or a rulebook section)"},
          "node": {**_S, "description": "the name of the rule that made the record"},
          "text_contains": {**_S, "description": "a piece of the record's explanation"}}
_COUNT = {"type": "integer", "minimum": 0, "maximum": MAX_RECORDS}
_EXPECT_KINDS = {
    "zone": _obj({"name": _S, "equals": _strs(), "contains": _strs(), "not_contains": _strs(),
                  "count": {"type": "integer", "minimum": 0}}, ["name"],
                 "the cards of a zone: equals, contains, not_contains, count"),
    "card": {"type": "object", "required": ["uid"],
             "properties": {"uid": _S, "counters": {"type": ["object", "null"]}},
             "additionalProperties": {"type": ["string", "integer", "number", "boolean", "null"]},
             "description": "a card's zone and state keys: {uid, zone, damage, ...}"},
    "counter": _obj({"player": _S, "key": _S, "equals": {"type": "number"}}, ["player", "key", "equals"],
                    "a player's counter"),
    "extra": _obj({"key": _S, "equals": {"description": "the whole value"},
                   "includes": {"type": "object", "description": "keys the value must have, with their "
                                "values (nested mappings are matched key by key)"}}, ["key"],
                  "a key of the game's extra state: {key, equals} or {key, includes}"),
    "fired": {"anyOf": [_S, _obj({**_MATCH, "times": {**_COUNT, "description": "exactly this many "
                                                        "matching records (0: never)"}})],
              "description": "a rule id, or {rule, node, text_contains, times}: records that match"},
    "fired_in_order": {"type": "array", "minItems": 1, "items": {"anyOf": [_S, _obj(_MATCH)]},
                       "description": "rule ids or {rule, node, text_contains}: records matching "
                                      "them, in this order (others may come between)"},
    "illegal": _OPTION, "legal": _OPTION,
    "not_offered": {**_S, "description": "an option id the open decision does not offer at all"},
    "unavailable": {**_OPTION, "description": "an option id (or {option, reason_contains}) the open "
                                              "decision does not let its player choose: not offered, or "
                                              "offered as illegal (with that reason, if given)"},
    "refused": _REFUSAL,
    "pending": {"anyOf": [_S, {"type": "null"}, {"const": False}, _obj({
        "player": _S, "kind": _S,
        "options": _strs("exactly these option ids, in this order"),
        "options_any_order": _strs("exactly these option ids, in any order"),
        "min": {"type": "integer", "minimum": 0, "description": "the fewest options to choose"},
        "max": {"type": "integer", "minimum": 0, "description": "the most options to choose"},
        "more_illegal": {"type": "boolean", "description": "with options: other options may be offered "
                                                           "too, if illegal (what version 1 files meant)"}})],
                "description": "the open decision: a player, {player, kind, options, "
                               "options_any_order, min, max}, or null for none"},
    "over": {"type": "boolean", "description": "the game is over (true) or not (false)"},
    "score": _obj({"player": _S, "equals": {"type": "number"}}, ["player", "equals"],
                  "a player's score now (the final score once the game is over)"),
    "scores": {"type": "object", "additionalProperties": {"type": "number"},
               "description": "the final scores: player -> number"},
    "winners": _strs("the winners, in any order"),
    "ending": {"type": "string", "description": "the id of the game's ending (GameDef.endings), once it is over"},
}
CORE_EXTRA_SCHEMA = {
    "_used_turn": ((list,), "once-per-turn abilities used this turn (\"<uid>:<ability index>\")"),
    "_used_round": ((list,), "once-per-round abilities used this round"),
    "_used_phase": ((list,), "once-per-phase abilities used this phase"),
    "_this_turn": ((dict,), "the game's data for this turn (its keys: the game's per_turn)"),
    "_this_round": ((dict,), "the game's data for this round (its keys: the game's per_round)"),
    "_this_phase": ((dict,), "the game's data for this phase"),
}
# the core's state keys above are the engine's own names; a file names them in the
# game's terms, without the underscore that marks the engine's private state
FILE_NAMES = {"_used_turn": "used_this_turn", "_used_round": "used_this_round", "_used_phase": "used_this_phase",
              "_this_turn": "this_turn", "_this_round": "this_round", "_this_phase": "this_phase"}
STATE_NAMES = {v: k for k, v in FILE_NAMES.items()}  # a file's name -> the state's key


def _typed(types: tuple, doc: str, nullable: bool = False) -> dict:
    out = json_type(tuple(types) + ((type(None),) if nullable and type(None) not in types else ()))
    out["description"] = doc
    return out


def _per_data(defaults: dict, doc: str, meanings: dict[str, str]) -> dict:
    """The schema of `this_turn` / `this_round`: the keys of the game's fresh data."""
    if not defaults:
        return {"type": "object", "maxProperties": 0, "description": doc + " - this game keeps none"}
    props = {k: {**json_type(type(v)), "description": f"{meanings.get(k, k)} (fresh: {json.dumps(v)})"}
             for k, v in defaults.items()}
    return _obj(props, doc=doc + " - keys left out start fresh")


_CHAIN = {"type": "integer", "minimum": 1,
          "description": "the chain the entry belongs to: a response answers the effect below it in its chain"}
_WAITING = {"type": "object", "additionalProperties": False, "required": ["then"],
            "description": "an effect part-way through: the stage it resumes at, and the decision it asks",
            "properties": {"then": _S, "decision": {"type": "object"}, "decision_from": _S, "name": _S,
                           "validate": _S, "paid": {"enum": [True, "asking"]}}}


def _bounds(counter: Any) -> dict:
    """A counter's range as JSON Schema bounds."""
    out = {}
    if counter.low is not None:
        out["minimum"] = counter.low
    if counter.high is not None:
        out["maximum"] = counter.high
    return out


def scenario_game_schema(g: GameDef) -> dict:
    """What a scenario of this game may say, beyond the shared structure."""
    extra = {FILE_NAMES[k]: _typed(t, d) for k, (t, d) in CORE_EXTRA_SCHEMA.items()}
    extra["this_turn"] = _per_data(g.per_turn, CORE_EXTRA_SCHEMA["_this_turn"][1], g.turn_fields())
    extra["this_round"] = _per_data(g.per_round, CORE_EXTRA_SCHEMA["_this_round"][1], g.round_fields())
    for c in g.counters:  # a counter kept in this turn's or round's data: its range is the key's
        if c.data_key and extra[c.data_key[0]].get("properties", {}).get(c.data_key[1]):
            extra[c.data_key[0]]["properties"][c.data_key[1]].update(_bounds(c))
    extra.update({k: _typed(t, d) for k, (t, d) in g.settable_extra.items()})
    state = {k: _typed(t, d, nullable=True) for k, (t, d) in CORE_CARD_STATE_SCHEMA.items()}
    state.update({k: _typed(t, d, nullable=True) for k, (t, d) in g.card_state_fields().items()})
    for c in g.counters:  # a card counter kept as a state key: its range is the key's
        if c.where == "card" and c.settable and c.key in state:
            state[c.key].update(_bounds(c))
    options = {}
    for k, spec in g.options.items():
        o = {**json_type(spec.type), "description": f"{spec.doc} (default {spec.default!r})"}
        if spec.type is dict:  # seats to values: the values' domain
            o["additionalProperties"] = {"enum": list(spec.choices)} if spec.choices else {"type": "string"}
        elif spec.choices:
            o["enum"] = list(spec.choices)
        options[k] = o
    if g.ruling_variants:  # the readings of the rulings that have two
        options["rulings"] = _obj({rid: {"enum": list(readings), "description": "; ".join(
            f"{k}: {v}" for k, v in readings.items())} for rid, readings in g.ruling_variants.items()},
            doc="a reading for each ruling that has two (the first is the default)")
    counts = f"{g.title} is for {g.min_players} to {g.max_players} players (min_players, max_players)"
    players = {"anyOf": [
        {"type": "integer", "minimum": g.min_players, "maximum": g.max_players, "description": counts},
        {"type": "array", "items": {"type": "string", "minLength": 1, "maxLength": MAX_NAME},
         "minItems": g.min_players, "maxItems": g.max_players, "uniqueItems": True, "description": counts}],
        "description": f"a count (seats P1, P2, ...) or a list of names; {counts}"}
    effects = sorted(g.effects)
    return {
        "properties": {
            "game": {"const": g.id},
            "players": players,
            "variant": {"enum": list(g.variants) + [None],
                        "description": "a variant of the game: " + (", ".join(g.variants) or "none")},
            "options": _obj(options, doc="the game's options"),
            "setup": {"properties": {
                "cards": {"type": "object", "additionalProperties": _obj(state, doc="card state keys")},
                "extra": _obj(extra, doc=f"the state of {g.title} a scenario may set"),
            }},
            "start": {"properties": {
                "stack": {"type": "array", "items": {"properties": {
                    "effect": {"enum": effects, "description": f"one of {g.title}'s effects"}}}},
            }},
        },
    }


def scenario_schema(games: dict[str, GameDef] | None = None, game: str | None = None) -> dict:
    """The scenario schema: the shared structure, and what each game allows
    (an `if game: ... then:` branch per game). With `game`, that game's only."""
    if games is None:
        games = dict(registry())
    setup = _obj({
        "rest": {"anyOf": [_S, _obj({"zone": _S, "shuffle": {"type": "boolean"}}, ["zone"])],
                 "description": "the zone of every card not listed in zones, or {zone, shuffle: true} "
                 "to shuffle them there with the scenario's seed"},
        "zones": {"type": "object", "additionalProperties": _strs("card uids or ids, bottom first"),
                  "description": "zone -> the cards it holds, bottom first"},
        "cards": {"type": "object", "additionalProperties": {"type": "object"},
                  "description": "card uid -> {state key: value}"},
        "players": {"type": "object", "additionalProperties": {
            "type": "object", "additionalProperties": {"type": "number"}},
            "description": "player -> {counter: number}"},
        "extra": {"type": "object", "description": "keys of the game's own state"},
    }, doc="where the cards are and in what state")
    entry = {"source": _S, "controller": {"type": ["string", "null"]}, "args": {"type": "object"},
             "data": {"type": "object"}, "ability": {"type": "integer", "minimum": 0}}
    lasting_props: dict[str, Any] = {k: {} for k in LASTING_KEYS}
    lasting_props.update({k: {"type": ["string", "null"]} for k in (
        "kind", "source", "controller", "text", "stat", "what", "on", "effect", "to")})
    lasting_props.update({k: _strs() for k in ("targets", "players", "cards")})
    lasting_props.update({"add": {"type": "integer"}, "args": {"type": "object"}, "if": {"type": "object"}})
    start = _obj({
        "at": {"anyOf": [{"type": "string", "minLength": 1},
                         {"type": "array", "minItems": 1, "items": _S}],
               "description": "a node path of the game's flow: [Rounds, Turns, Turn, Attack] or 'A/B/C'"},
        "turn": {"type": "string", "description": "the player whose turn it is"},
        "stack": {"type": "array", "items": {"anyOf": [
            _obj({**entry, "effect": _S, "chain": _CHAIN, "waiting": _WAITING,
                  "event": {"type": "object", "description": "the event a response answers"}}, ["effect"],
                 "an effect on the stack"),
            _obj({"window": _S, "ask": _strs("the players still to be asked, in order"),
                  "label": _S, "mode": {"enum": ["cancel", "top"]}, "chain": _CHAIN}, ["window", "ask"],
                 "an open response window: each player of ask in turn may answer the effect below")]},
                  "description": "effects in progress and open response windows, bottom first"},
        "triggers": {"type": "array", "items": _obj({**entry, "card": {"type": ["string", "null"]},
                                                     "event": {"type": "object"}}, ["source"]),
                     "description": "triggered abilities waiting to resolve"},
        "lasting": {"type": "array", "items": _obj(lasting_props, ["kind", "until", "text"]),
                    "description": "lasting effects in force"},
    }, doc="where in the flow to start", dependencies={"stack": ["at"], "triggers": ["at"],
                                                      "lasting": ["at"]})
    expectation = {"type": "object", "minProperties": 1, "maxProperties": 1, "additionalProperties": False,
                   "properties": _EXPECT_KINDS, "description": "one check: " + ", ".join(sorted(_EXPECT_KINDS))}
    decision = _obj({"player": {"type": "string", "description": "who must be choosing"},
                     "choose": _IDS,
                     "expect_illegal": _OPTIONS, "expect_legal": _OPTIONS,
                     "expect_not_offered": {**_IDS, "description": "option ids this decision does not "
                                                                   "offer at all"},
                     "expect_unavailable": {**_OPTIONS, "description": "options this decision does not let "
                                                                   "its player choose: not offered, or offered "
                                                                   "as illegal (with that reason, if given)"},
                     "expect_refused": {"anyOf": [_REFUSAL, {"type": "array", "items": _REFUSAL}],
                                        "description": "choices the game must refuse here (each is "
                                                       "tried, refused, and the run goes on unchanged)"},
                     "expect": {"type": "array", "items": expectation,
                                "description": "expectations checked when this decision is asked, "
                                               "before its choice"}}, ["player"],
                    "a scripted decision")
    run = _obj({"until": {"enum": ["script", "decision", "end"]},
                "bots": {"enum": ["random", "heuristic", None]},
                "max_records": {"type": "integer", "minimum": 1, "maximum": MAX_RECORDS},
                "steps": {"type": "integer", "minimum": 0, "maximum": MAX_RECORDS},
                "stop_after": {"anyOf": [_S, _obj({**_MATCH, "times": {
                    **_COUNT, "minimum": 1, "description": "stop after the record has been made this "
                    "many times (default 1)"}})],
                    "description": "the name of a rule, or {rule, node, text_contains, times}"}},
               doc="what to do after the script")
    text = {"type": ["string", "null"]}
    base = {
        "type": "object", "additionalProperties": False, "required": ["format_version", "game"],
        "properties": {
            "format_version": {"const": SCENARIO_FORMAT_VERSION, "description": "the scenario format"},
            "game": {"enum": sorted(games), "description": "the game's id"},
            "title": {**text, "description": "one line"}, "description": {**text, "description": "a few sentences"},
            "ruling": {**text, "description": "the id of the ruling the file illustrates"},
            "variant": {"type": ["string", "null"]},
            "options": {"type": "object"},
            "players": {"anyOf": [{"type": "integer", "minimum": 1}, _strs()],
                        "description": "a count or a list of names"},
            "seed": SEED.schema(f"{SEED.words()} for the random generator"),
            "setup": setup, "start": start,
            "decisions": {"type": "array", "items": decision, "description": "the scripted decisions"},
            "run": run,
            "expect": {"type": "array", "items": expectation, "description": "the expectations"},
        },
    }
    chosen = [game] if game is not None else sorted(games)
    branches = [{"if": {"properties": {"game": {"const": gid}}, "required": ["game"]},
                 "then": scenario_game_schema(games[gid])} for gid in chosen]
    return {"$schema": DRAFT, "$id": "scenario.schema.json", "title": "tablekit scenario file",
            "description": "scenarios/<game>/*.yaml (see docs/scenarios.md; made by "
                           "`python -m tablekit.core.schemas --write`)",
            **base, "allOf": branches}


# -- saves -------------------------------------------------------------------------------

def save_schema(games: dict[str, GameDef] | None = None) -> dict:
    """The outline of `Game.save()` text (JSON): what a save holds at its top."""
    if games is None:
        games = dict(registry())
    branches = [{"if": {"properties": {"game": {"const": gid}}, "required": ["game"]},
                 "then": {"properties": {
                     "players": {"maxItems": g.max_players, "minItems": g.min_players},
                     "variant": {"enum": list(g.variants) + [None]}}}}
                for gid, g in sorted(games.items())]
    return {
        "$schema": DRAFT, "$id": "save.schema.json", "title": "tablekit saved game",
        "description": "the JSON text of Game.save() (tablekit.load reads it)",
        "type": "object", "required": ["format_version", "game", "players", "seed", "records"],
        "properties": {
            "format_version": {"type": "integer", "minimum": 1},
            "game": {"enum": sorted(games)},
            "players": {"type": "array", "items": {"type": "string"}, "uniqueItems": True},
            "seed": SEED.schema(),
            "variant": {"type": ["string", "null"]},
            "options": {"type": "object"},
            "records": {"type": "array"},
            "position": {"type": "integer", "minimum": 0},
            "base": {"type": ["object", "null"]},
            "digest": {"type": "string"},
        },
        "allOf": branches,
    }


def dotted(path: list, top: str = "", inner: bool = False) -> str:
    """A path as a scenario names it: setup.extra.first, decisions #2.choose."""
    out = top
    for step in path:
        if isinstance(step, int):
            out += f" #{step + 1}"
        else:
            out += ("." if out else "") + str(step)
    return repr(out) if out else "the scenario"


# -- the files in schemas/ -------------------------------------------------------------------

def all_schemas() -> dict[str, dict]:
    from .guideschema import guide_schema

    games = dict(registry())
    out = {"scenario.schema.json": scenario_schema(games), "save.schema.json": save_schema(games),
           "guide.schema.json": guide_schema()}
    for gid, g in sorted(games.items()):
        out[f"cards-{gid}.schema.json"] = game_cards_schema(g)
    return out


def render(schema: dict) -> str:
    return json.dumps(schema, indent=2, ensure_ascii=False, sort_keys=False) + "\n"


def write(folder: Path = SCHEMA_DIR) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, schema in all_schemas().items():
        p = folder / name
        p.write_text(render(schema), encoding="utf-8")
        written.append(p)
    return written


def stale(folder: Path = SCHEMA_DIR) -> list[str]:
    """The schema files that are missing or differ from what the games declare now."""
    out = []
    for name, schema in all_schemas().items():
        p = folder / name
        if not p.is_file() or p.read_text(encoding="utf-8") != render(schema):
            out.append(name)
    return out


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args == ["--write"]:
        for p in write():
            print(f"wrote {p}")
        return 0
    if args == ["--check"]:
        old = stale()
        for name in old:
            print(f"out of date: schemas/{name} (run python -m tablekit.core.schemas --write)")
        return 1 if old else 0
    print("usage: python -m tablekit.core.schemas --write | --check", file=sys.stderr)
    return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
