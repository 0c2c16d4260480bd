"""The schema of a guide file (guide.yaml in a game's folder; schemas/guide.schema.json).

Plain data, so the schema files can be written without the guide engine
(`core/guide.py`, which plays games). See docs/guides.md.
"""

from __future__ import annotations

from typing import Any

MIN_LESSONS, MAX_LESSONS = 15, 40
DOES = ("next", "step", "anything")
ANSWERS = ("option", "card", "anything")
CONTROLS = ("step", "run:phase", "run:round", "run:end", "undo", "redo", "restart")


def _text(doc: str, **more: Any) -> dict:
    return {"type": "string", "minLength": 1, "description": doc, **more}


def guide_schema() -> dict:
    """The JSON schema of a guide file (schemas/guide.schema.json)."""
    name = _text("a card's name, as the card file spells it")
    point = {"description": "where the board points: a card (by name), a zone (by id; {seat} is the learner's "
                            "seat), a seat's panel, the decision, a control (step, run:phase ...), an option "
                            "(by id) or the log",
             "anyOf": [{"enum": ["decision", "log"]},
                       {"type": "object", "additionalProperties": False, "minProperties": 1, "maxProperties": 1,
                        "properties": {"card": name, "zone": _text("a zone's id"), "seat": _text("a seat"),
                                       "control": {"enum": list(CONTROLS)}, "option": _text("an option's id")}}]}
    do = {"description": "what the learner does: next, step, anything, {option: id or [ids]} or {card: name}",
          "anyOf": [{"enum": list(DOES)},
                    {"type": "object", "additionalProperties": False, "minProperties": 1, "maxProperties": 1,
                     "properties": {"option": {"anyOf": [_text("an option's id"),
                                                         {"type": "array", "minItems": 1,
                                                          "items": _text("an option's id")}]},
                                    "card": name}}]}
    at = {"type": "object", "additionalProperties": False, "minProperties": 1, "maxProperties": 1,
          "description": "when the lesson shows: {decision: kind} or {rule: name}",
          "properties": {"decision": _text("a decision's kind"), "rule": _text("a rule's name in the flow")}}
    lesson = {"type": "object", "additionalProperties": False, "required": ["id", "teaches", "say", "do"],
              "properties": {
                  "id": _text("the lesson's id, unique in the guide", pattern=r"^[a-z0-9][a-z0-9-]*$"),
                  "teaches": {"type": "array", "minItems": 1, "items": _text("a rule's or ruling's id"),
                              "description": "the rules or rulings the lesson teaches, by id"},
                  "say": _text("the lesson's words (ours)"),
                  "do": do, "at": at, "point": point,
                  "why": _text("why the move asked is the one to make: said when the learner does another")}}
    left = {"type": "object", "additionalProperties": False, "required": ["kind", "scenario", "say"],
            "properties": {"kind": _text("a decision's kind"), "scenario": _text("a scenario file of the game"),
                           "say": _text("what the scenario shows, in a few words")}}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "tablekit guided first game",
        "type": "object", "additionalProperties": False,
        "required": ["game", "title", "players", "seat", "seed", "lessons", "summary"],
        "properties": {
            "game": _text("the game's id"),
            "title": _text("the guide's title"),
            "players": {"type": "array", "minItems": 1, "uniqueItems": True, "items": _text("a seat's name"),
                        "description": "the seats, in order"},
            "seat": _text("the learner's seat"),
            "bots": {"type": "object", "additionalProperties": {"enum": ["random", "heuristic"]},
                     "description": "the bot at each other seat"},
            "seed": {"type": "integer", "minimum": 0, "description": "the deal's seed"},
            "options": {"type": "object", "description": "the game's options (as new_game takes them)"},
            "seeds": {"type": "object", "additionalProperties": False, "required": ["tried", "kinds"],
                      "description": "the seed search: how many seeds were tried and the kinds the best reached",
                      "properties": {"tried": {"type": "integer", "minimum": 1},
                                     "kinds": {"type": "integer", "minimum": 0},
                                     "of": {"type": "integer", "minimum": 0}}},
            "intro": _text("the words before the first lesson"),
            "lessons": {"type": "array", "minItems": MIN_LESSONS, "maxItems": MAX_LESSONS, "items": lesson,
                        "description": f"{MIN_LESSONS} to {MAX_LESSONS} lessons"},
            "summary": {"type": "array", "minItems": 1, "items": _text("one thing learned")},
            "sections": {"type": "array", "items": _text("a section's heading on the game's page"),
                         "description": "the sections of the game's page the end links to"},
            "left_to_scenarios": {"type": "array", "items": left,
                                  "description": "the decision kinds this deal does not reach, each with a "
                                                 "scenario that shows it"},
        },
    }
