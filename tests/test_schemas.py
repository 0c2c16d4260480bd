"""One validation layer for card and scenario files: JSON Schemas made from what
each game declares, kept current in schemas/, and one clean error (file, line,
field, what is allowed) for each bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
from test_scenarios import BASE

import tablekit
from tablekit.cli import main as cli_main
from tablekit.core import schemas
from tablekit.core.cards import Field, load_cards
from tablekit.core.effects import Effect
from tablekit.core.scenario import parse, run
from tablekit.core.schemas import STEPS
from tablekit.core.yamlio import load_yaml

ROOT = Path(__file__).resolve().parent.parent
GAMES = ["creatures", "labyrinth", "lfg"]

SCENARIO = BASE  # the small valid scenario of test_scenarios.py, with its known line numbers

CARDS = """\
format_version: 1
game: lfg
cards:
- id: Bard
  name: Bard
  quantity: 2
  roles: [defence, support, damage]
  renown: 2
  hurt_renown: 1
  text: Fills any one role.
- id: Knight
  name: Knight
  roles: [defence]
  traits: [loyal]
  renown: 3
  hurt_renown: 1
  text: 'Draft: kill a hero.'
  abilities:
  - {type: trigger, 'on': drafted, if: {card: $self}, effect: kill}
"""


def scenario_error(tmp_path: Path, text: str, *words: str, line: int | None = None) -> str:
    p = tmp_path / "s.yaml"
    p.write_text(text, encoding="utf-8")
    with pytest.raises(tablekit.ScenarioError) as info:
        tablekit.check_scenario(p)
    msg = str(info.value)
    assert msg.startswith(f"{p}, line "), msg
    if line is not None:
        assert msg.startswith(f"{p}, line {line}: "), msg
    for w in words:
        assert w in msg, f"{w!r} is not in {msg!r}"
    assert p.read_text(encoding="utf-8") == text  # bad input changes nothing
    return msg


def card_error(tmp_path: Path, text: str, *words: str, line: int | None = None, game: str = "lfg") -> str:
    p = tmp_path / "cards.yaml"
    p.write_text(text, encoding="utf-8")
    g = tablekit.game_info(game)
    with pytest.raises(tablekit.CardFileError) as info:
        load_cards(p, game, g.card_fields, g.effects, g.ability_domains)
    msg = str(info.value)
    assert msg.startswith(f"{p}, line "), msg
    if line is not None:
        assert msg.startswith(f"{p}, line {line}: "), msg
    for w in words:
        assert w in msg, f"{w!r} is not in {msg!r}"
    return msg


def line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


# -- the schemas in schemas/ ------------------------------------------------------------------

def test_schema_files_are_current():
    """schemas/ holds what the games declare now; rewrite it with
    `python -m tablekit.core.schemas --write`."""
    assert schemas.stale(ROOT / "schemas") == [], "run: python -m tablekit.core.schemas --write"
    names = sorted(p.name for p in (ROOT / "schemas").glob("*.schema.json"))
    assert names == sorted(schemas.all_schemas())
    assert {"scenario.schema.json", "save.schema.json"} <= set(names)
    assert {f"cards-{g}.schema.json" for g in GAMES} <= set(names)


def test_the_check_command(tmp_path):
    out = subprocess.run([sys.executable, "-m", "tablekit.core.schemas", "--check"], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stdout + out.stderr


@pytest.mark.parametrize("game", GAMES)
def test_every_card_file_names_its_schema_and_passes_it(game):
    path = ROOT / "cards" / f"{game}.yaml"
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first == f"# yaml-language-server: $schema=../schemas/cards-{game}.schema.json"
    schema = json.loads((ROOT / "schemas" / f"cards-{game}.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft7Validator.check_schema(schema)
    data = load_yaml(path.read_text(encoding="utf-8"), str(path), tablekit.CardFileError)
    jsonschema.Draft7Validator(schema).validate(data)  # what an editor checks, with its own validator


def test_every_scenario_file_passes_the_scenario_schema():
    schema = json.loads((ROOT / "schemas" / "scenario.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft7Validator.check_schema(schema)
    v = jsonschema.Draft7Validator(schema)
    files = sorted((ROOT / "scenarios").glob("*/*.yaml"))
    assert files
    for p in files:
        data = load_yaml(p.read_text(encoding="utf-8"), str(p), tablekit.ScenarioError)
        errors = [e.message for e in v.iter_errors(data)]
        assert not errors, f"{p}: {errors}"


def test_saves_match_the_save_schema():
    schema = json.loads((ROOT / "schemas" / "save.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft7Validator.check_schema(schema)
    for game in GAMES:
        g = tablekit.new_game(game, players=3, seed=2)
        g.run(until="decision")
        jsonschema.Draft7Validator(schema).validate(json.loads(g.save()))


@pytest.mark.parametrize("game", GAMES)
def test_declared_zone_kinds_are_the_games(game):
    """The zone kinds a card file may name are the kinds the game's tables have."""
    gd = tablekit.game_info(game)
    kinds = set()
    for n in range(gd.min_players, gd.max_players + 1):
        for variant in [None, *gd.variants]:
            try:
                g = tablekit.new_game(game, players=n, seed=1, variant=variant)
            except tablekit.SetupError:
                continue
            kinds |= {z["kind"] for z in g.state.zone_info.values()}
    assert kinds == set(gd.ability_domains["zone"])
    used = {a.zone for d in gd.cards.values() for a in d.abilities if a.zone}
    assert used <= set(gd.ability_domains["zone"])


# -- card files: the game's own lists, at load time -------------------------------------------------

def test_the_good_card_file_loads(tmp_path):
    p = tmp_path / "cards.yaml"
    p.write_text(CARDS, encoding="utf-8")
    g = tablekit.game_info("lfg")
    defs = load_cards(p, "lfg", g.card_fields, frozenset(g.effects), g.ability_domains)
    assert defs["Knight"].traits == ("loyal",) and defs["Bard"]["roles"] == ["defence", "support", "damage"]
    assert "traits" not in defs["Knight"].fields


def test_huge_quantity_is_refused_at_its_line(tmp_path):
    text = CARDS.replace("quantity: 2", "quantity: 1000000000")
    card_error(tmp_path, text, "card 'Bard'", "'quantity'", "at most 100", line=line_of(text, "quantity"))


@pytest.mark.parametrize("old, new, words", [
    ("roles: [defence]", "roles: [defence, tank]", ["card 'Knight'", "'roles'", "defence, support, damage"]),
    ("traits: [loyal]", "traits: [brave]", ["'traits'", "loyal, spellcaster, wild, scoundrel"]),
    ("effect: kill}", "effect: smite}", ["ability #1", "'effect'", "kill", "'smite'"]),
    ("effect: kill}", "effect: kill, zone: attic}", ["ability #1", "'zone'", "party", "'attic'"]),
    ("effect: kill}", "effect: kill, window: never}", ["'window'", "anytime"]),
    ("renown: 3", "renown: 300", ["'renown'", "at most 20"]),
    ("renown: 3", "renown: three", ["'renown'", "a whole number", "'three'"]),
    ("  renown: 3\n", "", ["card 'Knight'", "missing field 'renown'", "renown value"]),
    ("  text: Fills any one role.\n", "  text: Fills any one role.\n  colour: red\n",
     ["card 'Bard'", "unknown field 'colour'", "allowed:"]),
    ("timing", "timing", []),
], ids=["role", "trait", "effect", "zone kind", "window", "renown range", "renown type", "missing",
        "unknown field", "control"])
def test_card_file_names_file_line_field_and_what_is_allowed(tmp_path, old, new, words):
    if not words:
        return
    text = CARDS.replace(old, new, 1)
    assert text != CARDS
    card_error(tmp_path, text, *words)


class _Toy(Effect):
    """A toy effect with declared arguments (Effect.arg_fields)."""
    arg_fields = {"n": Field(int, True, minimum=1, maximum=5, doc="how many"),
                  "mode": Field(str, choices=("one", "each")), "parts": STEPS}


_TOY = ("format_version: 1\ngame: toy\ncards:\n- id: x\n  name: X\n  text: t\n"
        "  abilities:\n  - {type: action, window: play, effect: toy, args: ARGS}\n")


@pytest.mark.parametrize("args, words", [
    ("{n: 2, mode: each}", []),
    ("{n: 2, parts: [{effect: toy, args: {n: 1}}, {effect: free, args: {anything: 1}}]}", []),
    ("{n: 9}", ["card 'x'", "ability #1", "'args'[n]", "at most 5"]),
    ("{n: 2, mode: all}", ["'args'[mode]", "one, each", "'all'"]),
    ("{n: 2, colour: red}", ["unknown field 'colour'", "allowed: mode, n, parts"]),
    ("{mode: one}", ["missing field 'n'", "how many"]),
    ("{n: 1, parts: [{effect: toy, args: {n: 0}}]}", ["[parts][0][args][n]", "at least 1"]),
    ("{n: 1, parts: [{effect: nope}]}", ["[parts][0][effect]", "'nope'"]),
], ids=["good", "good steps", "maximum", "choices", "unknown", "missing", "inside a step", "step effect"])
def test_an_effects_declared_args_are_checked_at_their_line(tmp_path, args, words):
    p = tmp_path / "cards.yaml"
    p.write_text(_TOY.replace("ARGS", args), encoding="utf-8")
    effects = {"toy": _Toy(), "free": Effect()}
    if not words:
        defs = load_cards(p, "toy", {}, effects)
        assert defs["x"].abilities[0].args["n"] in (1, 2)
        return
    with pytest.raises(tablekit.CardFileError) as info:
        load_cards(p, "toy", {}, effects)
    msg = str(info.value)
    assert msg.startswith(f"{p}, line 8: "), msg
    for w in words:
        assert w in msg, msg
    # the names alone (no Effect objects) leave args unchecked, as before
    if "effect: nope" not in args:
        assert load_cards(p, "toy", {}, frozenset(effects))["x"].id == "x"


def test_labyrinth_hero_kind_is_checked(tmp_path):
    text = ("format_version: 1\ngame: labyrinth\ncards:\n- id: x\n  name: X\n  kind: hero\n"
            "  hero_kind: dragon\n  text: t\n")
    card_error(tmp_path, text, "'hero_kind'", "sorceress", "'dragon'", line=7, game="labyrinth")


def test_creatures_suit_is_checked(tmp_path):
    text = ("format_version: 1\ngame: creatures\ncards:\n- id: x\n  name: X\n  kind: attack\n"
            "  suit: stars\n  rank: A\n  value: 1\n  text: t\n")
    card_error(tmp_path, text, "'suit'", "spades, clubs, hearts, diamonds", line=7, game="creatures")


@pytest.mark.parametrize("value", ["!!float x", "!!timestamp x", "7" * 5000, "!!int x", "2001-02-30"])
def test_card_file_bad_standard_tag_or_long_number(tmp_path, value):
    text = CARDS.replace("renown: 3", f"renown: {value}")
    card_error(tmp_path, text, line=line_of(text, "renown: " + value[:5]))


# -- scenario files ---------------------------------------------------------------------------

@pytest.mark.parametrize("value, words", [
    ("!!float x", ["!!float"]), ("!!timestamp x", ["!!timestamp"]),
    ("7" * 5000, ["more than 100 digits"]), ("!!bool x", ["!!bool"]),
], ids=["float", "timestamp", "5000 digits", "bool"])
def test_scenario_bad_standard_tag_or_long_number(tmp_path, value, words):
    text = SCENARIO.replace("seed: 1", f"seed: {value}")
    msg = scenario_error(tmp_path, text, *words, line=5)
    assert "7777777" not in msg


def test_a_trillion_players_is_refused_with_the_line(tmp_path):
    text = SCENARIO.replace("players: [Ana, Bo]", "players: 1000000000000")
    scenario_error(tmp_path, text, "'players'", "at most 4", "max_players", line=4)


def test_too_many_player_names(tmp_path):
    text = SCENARIO.replace("players: [Ana, Bo]", "players: [A, B, C, D, E]")
    scenario_error(tmp_path, text, "'players'", "at most 4", line=4)


def test_missing_first_is_taken_from_start_turn(tmp_path):
    text = SCENARIO.replace("  extra: {first: Ana, pile: 1, final: null}\n", "")
    p = tmp_path / "s.yaml"
    p.write_text(text, encoding="utf-8")
    g = tablekit.load_scenario(p)
    assert g.state.extra["first"] == "Ana"
    assert tablekit.check_scenario(p).passed


def test_missing_first_without_a_turn_says_what_it_holds(tmp_path):
    text = SCENARIO.replace("  extra: {first: Ana, pile: 1, final: null}\n", "").replace(
        "start: {at: [Rounds, Turns, Turn, Attack], turn: Ana}", "start: {at: [Rounds, Turns, Turn, Attack]}")
    scenario_error(tmp_path, text, "setup.extra is missing 'first'", "the player who took the first turn",
                   "text", line=line_of(text, "setup:"))


def test_partial_turn_record_is_completed(tmp_path):
    text = SCENARIO.replace("final: null}", "final: null, this_turn: {kills: 1}}")
    p = tmp_path / "s.yaml"
    p.write_text(text, encoding="utf-8")
    g = tablekit.load_scenario(p)
    turn = g.state.extra["_this_turn"]
    assert turn["kills"] == 1 and "monsters_done" in turn
    assert tablekit.check_scenario(p).passed


def test_partial_turn_record_wrong_key_names_the_keys(tmp_path):
    text = SCENARIO.replace("final: null}", "final: null, this_turn: {kils: 1}}")
    scenario_error(tmp_path, text, "'setup.extra.this_turn'", "unknown key 'kils'", "kills", line=14)


def test_extra_wrong_type_says_what_it_holds(tmp_path):
    text = SCENARIO.replace("pile: 1", "pile: first")
    scenario_error(tmp_path, text, "'setup.extra.pile'", "a whole number", "draw pile", line=14)


def test_rest_shuffled_with_the_seed(tmp_path):
    def deck(text: str) -> list[str]:
        p = tmp_path / "s.yaml"
        p.write_text(text, encoding="utf-8")
        return list(tablekit.load_scenario(p).state.zones["deck"])
    plain = deck(SCENARIO)
    text = SCENARIO.replace("rest: deck", "rest: {zone: deck, shuffle: true}")
    shuffled = deck(text)
    assert sorted(shuffled) == sorted(plain) and shuffled != plain
    assert deck(text) == shuffled  # the seed decides
    assert deck(text.replace("seed: 1", "seed: 2")) != shuffled
    assert deck(SCENARIO.replace("rest: deck", "rest: {zone: deck}")) == plain
    on_top = deck(text.replace("    Ana/hand: [7S, 5S]\n", "    Ana/hand: [7S, 5S]\n    deck: [JK, 2S]\n"))
    assert on_top[-2:] == ["JK#1", "2S"]
    scenario_error(tmp_path, SCENARIO.replace("rest: deck", "rest: {zone: deck, shufle: true}"),
                   "'setup.rest'", "unknown key 'shufle'", "shuffle, zone", line=7)
    scenario_error(tmp_path, SCENARIO.replace("rest: deck", "rest: {zone: attic}"), "unknown zone 'attic'",
                   line=7)


SHADOW = """\
root:$6$Zq0secretSALT$Gx1verysecrethashvalue0123456789abcdefABCDEF:19000:0:99999:7:::
daemon:*:19000:0:99999:7:::
ana:!:19000:0:99999:7:::
bo: $y$j9T$anothersecret$hash: with colons
- listed: secret-item
&anchor secret-anchor
"""


@pytest.mark.parametrize("content", [
    SHADOW, SHADOW.splitlines()[0] + "\n", "password: hunter2-secret\nuser: secret-user\n",
    "password: hunter2-secret\npassword: hunter2-secret\n", "!secrettag x\n", "- secret-a\n- secret-b\n",
    "key: !!python/object:secret.Thing {}\n", "x: '\\q secret'\n" ,
], ids=["shadow", "one line", "a mapping", "duplicate key", "a tag", "a list", "python tag", "escape"])
def test_check_never_prints_a_file_that_is_not_a_scenario(tmp_path, capsys, content):
    p = tmp_path / "shadow.yaml"
    p.write_text(content, encoding="utf-8")
    assert cli_main(["check", str(p)]) == 1
    out = capsys.readouterr()
    text = out.out + out.err
    assert text.startswith(f"ERROR {p}"), text
    with pytest.raises(tablekit.ScenarioError) as info:
        tablekit.check_scenario(p)
    text += str(info.value)
    for line in content.splitlines():
        for word in line.replace(":", " ").split():
            if len(word) > 3 and "secret" in word:
                assert word not in text, f"{word!r} is quoted in {text!r}"
    assert "Traceback" not in text


def test_the_real_shadow_file_is_not_echoed(capsys):
    p = Path("/etc/shadow")
    try:
        cli_main(["check", str(p)])
    except SystemExit:
        pass
    out = capsys.readouterr()
    out = out.out + out.err
    with pytest.raises(tablekit.ScenarioError) as info:
        tablekit.check_scenario(p)
    out += str(info.value)
    try:
        lines = [x for x in p.read_text(encoding="utf-8", errors="replace").splitlines() if x.strip()]
    except OSError:
        lines = []
    for line in lines:
        assert line not in out
        assert line.split(":")[0] + ":" not in out


def test_schema_errors_keep_their_lines_in_every_game(tmp_path):
    for game in GAMES:
        text = f"format_version: 1\ngame: {game}\nplayers: 3\nsetup:\n  extra:\n    nonsense: 1\n"
        scenario_error(tmp_path, text, "'setup.extra'", "unknown key 'nonsense'", "allowed:", line=6)


def test_parse_and_run_the_base():
    _, outcomes = run(parse(SCENARIO, "s.yaml"), "s.yaml")
    assert all(o.passed for o in outcomes)


# -- the keys that say what a ruling needs: checked by the same schema, at their line ------------

NEW_KEYS = {
    # id: (old text of SCENARIO, new text, words in the message)
    "expect_refused a number": ("    choose: [attack", "    expect_refused: 5\n    choose: [attack",
                                ["expect_refused"]),
    "expect_refused unknown key": ("    choose: [attack", "    expect_refused: {choose: pass, why: x}\n"
                                   "    choose: [attack", ["expect_refused"]),
    "expect_not_offered a mapping": ("    choose: [attack", "    expect_not_offered: {a: 1}\n    choose: [attack",
                                     ["expect_not_offered"]),
    "checkpoint unknown kind": ("    choose: [attack", "    expect: [{colour: red}]\n    choose: [attack",
                                ["colour"]),
    "score without equals": ("  - zone: {name: discard", "  - score: {player: Ana}\n  - zone: {name: discard",
                             ["missing key 'equals'"]),
    "fired times negative": ("  - zone: {name: discard", "  - fired: {rule: X, times: -1}\n"
                             "  - zone: {name: discard", ["times", "at least 0"]),
    "fired_in_order empty": ("  - zone: {name: discard", "  - fired_in_order: []\n  - zone: {name: discard",
                             ["fired_in_order", "at least 1"]),
    "extra includes a number": ("  - zone: {name: discard", "  - extra: {key: pile, includes: 1}\n"
                                "  - zone: {name: discard", ["includes"]),
    "pending min text": ("  - zone: {name: discard", "  - pending: {min: one}\n  - zone: {name: discard",
                         ["pending"]),
    "stop_after times 0": ("expect:\n", "run: {stop_after: {node: Attack, times: 0}}\nexpect:\n",
                           ["stop_after"]),
}


@pytest.mark.parametrize("case", list(NEW_KEYS))
def test_new_keys_are_checked_by_the_schema_at_their_line(tmp_path, case):
    old, new, words = NEW_KEYS[case]
    assert old in SCENARIO
    text = SCENARIO.replace(old, new, 1)
    scenario_error(tmp_path, text, *words, line=line_of(text, new.split("\n")[0].strip()))


def test_the_schema_file_knows_the_new_keys():
    schema = json.loads((ROOT / "schemas" / "scenario.schema.json").read_text(encoding="utf-8"))
    decision = schema["properties"]["decisions"]["items"]["properties"]
    assert {"expect_not_offered", "expect_refused", "expect"} <= set(decision)
    kinds = schema["properties"]["expect"]["items"]["properties"]
    assert {"not_offered", "refused", "score", "fired_in_order"} <= set(kinds)
    assert "includes" in kinds["extra"]["properties"]
    assert {"options", "options_any_order", "min", "max"} <= set(kinds["pending"]["anyOf"][3]["properties"])


def test_loading_cards_leaves_out_the_format_checkers_libraries_and_keeps_them_importable():
    """Card files are validated without importing the optional libraries of jsonschema's
    format checkers (rfc3987_syntax alone is a second of CPU in each kernel; isoduration
    brings arrow); each stays importable after, and a program that imported one first
    keeps it."""
    import subprocess
    import sys

    from tablekit.core.schemas import FORMAT_LIBRARIES

    code = ("import sys, tablekit; tablekit.new_game('creatures', players=3, seed=7); "
            "print(sorted(m for m in %r if m in sys.modules), 'arrow' in sys.modules); "
            "import isoduration, rfc3987_syntax; print('importable')" % (FORMAT_LIBRARIES,))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split("\n")[:2] == ["[] False", "importable"]
    first = "import rfc3987_syntax; " + code
    out = subprocess.run([sys.executable, "-c", first], capture_output=True, text=True, check=True).stdout
    assert out.split("\n")[0] == "['rfc3987_syntax'] False"
