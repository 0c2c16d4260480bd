"""The dispatch keyword the checker puts in place of a run of const if/then rules
(schemacheck.with_dispatch): every card file of every game gets the same errors from the
schema as checked as from the schema as published, broken in many ways."""
from __future__ import annotations

import copy
import random

import pytest

from tablekit.core.cards import as_field, cards_schema, data_path
from tablekit.core.errors import TablekitError
from tablekit.core.registry import registry
from tablekit.core.schemacheck import DISPATCH, Validator, with_dispatch
from tablekit.core.yamlio import load_yaml_file

GAMES = sorted(registry())


def schema_of(game_id: str) -> dict:
    g = registry()[game_id]
    fields = {k: as_field(v) for k, v in g.card_fields.items()}
    return cards_schema(game_id, fields, g.effects, g.ability_domains, g.title)


def errors(validator, data) -> list[tuple]:
    return [(list(e.absolute_path), e.validator, e.message) for e in validator.iter_errors(data)]


def test_a_run_of_const_rules_becomes_one_lookup_and_the_rest_stay():
    rules = [{"if": {"properties": {"type": {"const": t}}, "required": ["type"]}, "then": {"required": [t]}}
             for t in ("a", "b", "c", "d")]
    other = {"required": ["x"]}
    short = [{"if": {"properties": {"effect": {"const": "e"}}, "required": ["effect"]}, "then": {}}]
    out = with_dispatch({"allOf": [other] + rules + short})
    assert out["allOf"][0] == other and out["allOf"][2:] == short
    assert out["allOf"][1] == {DISPATCH: {"key": "type", "cases": {t: [{"required": [t]}] for t in "abcd"}}}
    v = Validator(out)
    assert [e.message for e in v.iter_errors({"type": "c", "x": 1})] == ["'c' is a required property"]
    assert list(v.iter_errors({"type": "z", "x": 1})) == [] and list(v.iter_errors(["type"])) == []


@pytest.mark.parametrize("game_id", GAMES)
def test_every_card_file_has_the_same_errors_with_the_dispatch(game_id):
    schema = schema_of(game_id)
    checked = with_dispatch(schema)
    assert DISPATCH in repr(checked), "every game's abilities have a run of const rules to look up"
    plain, fast = Validator(schema), Validator(checked)
    data = load_yaml_file(data_path("cards", f"{game_id}.yaml"), TablekitError)
    assert errors(plain, data) == errors(fast, data) == []
    # each ability broken, checked alone (the card file's definitions beside it)
    ability = {**schema["definitions"]["ability"], "definitions": schema["definitions"]}
    plain, fast = Validator(ability), Validator(with_dispatch(ability))
    rng = random.Random(game_id)
    spots = [(ci, ai) for ci, card in enumerate(data["cards"]) for ai, _ in enumerate(card.get("abilities", []))]
    breaks = [
        lambda ab: ab.pop("effect", None),                       # an action without its effect
        lambda ab: ab.update(type="trigger") or ab.pop("on", None),
        lambda ab: ab.update(args={"no_such_arg": 1}),
        lambda ab: ab.update(effect="no-such-effect"),
        lambda ab: ab.update(type=["action"]),                   # not text: no case applies
        lambda ab: ab.update(type="modifier", stat=3),
    ]
    refused = 0
    for ci, ai in rng.sample(spots, min(40, len(spots))):
        for brk in breaks:
            broken = copy.deepcopy(data["cards"][ci]["abilities"][ai])
            brk(broken)
            found = errors(plain, broken)
            assert found == errors(fast, broken)
            refused += bool(found)
    assert refused > len(breaks)
