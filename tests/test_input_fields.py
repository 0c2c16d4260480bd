"""Fields declared once (tablekit/core/fields.py, core/cardstate.py) and checked through
that declaration wherever they enter: `new_game`, a scenario file (with its line), the
command line, `Game.arrange` and the scenario builder; a refusal changes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

import tablekit
from tablekit import cli
from tablekit.core.errors import ScenarioError
from tablekit.core.fields import SEED
from tablekit.core.scenario import build, parse
from tablekit.core.timeline import trial_problem

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("seed", [-1, 2**63, True, 1.5, "7"])
def test_a_seed_outside_its_range_is_refused_by_new_game(seed):
    with pytest.raises(tablekit.TablekitError, match="seed must be a whole number from 0 to"):
        tablekit.new_game("creatures", seed=seed)
    assert tablekit.new_game("creatures", seed=SEED.high).state.seed == SEED.high


@pytest.mark.parametrize("seed", ["-1", str(2**63)])
def test_a_scenario_with_a_seed_outside_its_range_names_its_line(seed):
    path = ROOT / "scenarios" / "creatures" / "fighter-chooses-the-share.yaml"
    lines = path.read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("seed:"))
    lines[at] = f"seed: {seed}"
    with pytest.raises(tablekit.TablekitError) as err:
        parse("\n".join(lines) + "\n", "bad.yaml")
    said = str(err.value)
    assert "bad.yaml" in said and f"line {at + 1}" in said and "seed" in said


def test_the_command_line_takes_the_seeds_range_from_the_same_declaration(capsys):
    assert cli.SEED_MAX == SEED.high
    with pytest.raises(SystemExit):
        cli.build_parser().parse_args(["play", "creatures", "--seed", str(SEED.high + 1)])
    assert "seed" in capsys.readouterr().err


def test_an_option_outside_its_range_is_refused():
    with pytest.raises(tablekit.TablekitError, match="option 'max_rounds' must be a whole number, 0 or more"):
        tablekit.new_game("mirkwood", seed=1, options={"max_rounds": -1})
    assert tablekit.new_game("mirkwood", seed=1, options={"max_rounds": 5}).state.options["max_rounds"] == 5


@pytest.mark.parametrize("changes,words", [
    ({"protected": True}, "unknown state key 'protected'"),
    ({"damage": -3}, "cannot be negative"),
    ({"damage": True}, "wrong type"),
    ({"attached_to": "7S"}, "cannot lie on itself"),
    ({"attached_to": "no-such-card"}, "unknown card"),
    ({"counters": {"gold": -1}}, "is a number from 0"),
    ({"card": "8S"}, "identity cannot be changed"),
])
def test_arrange_refuses_a_card_state_the_file_format_refuses_and_changes_nothing(changes, words):
    g = tablekit.new_game("creatures", players=["Ana", "Bo"], seed=1)
    before = g.state.to_json()
    with pytest.raises(tablekit.TablekitError, match=words):
        g.arrange(zones={"Ana/hand": ["7S"]}, cards={"7S": changes})
    assert g.state.to_json() == before  # checked before anything moved


def test_a_file_that_is_not_utf8_is_refused_at_its_line_and_byte(tmp_path):
    from tablekit.core.errors import ScenarioError
    from tablekit.core.scenario import read

    path = tmp_path / "latin1.yaml"
    path.write_bytes("format_version: 1\ngame: creatures\ntitle: caf\u00e9\n".encode("latin-1"))
    with pytest.raises(ScenarioError) as err:
        read(path)
    said = str(err.value)
    assert "line 3" in said and "not UTF-8" in said and "byte 11 of the line" in said and "0xe9" in said


def test_each_item_of_an_expect_refused_list_is_reported_at_its_own_line():
    from tablekit.core.scenario import run

    text = (ROOT / "scenarios" / "creatures" / "fighter-chooses-the-share.yaml").read_text(encoding="utf-8")
    data = parse(text, "x.yaml")
    script = data.get("decisions") or []
    assert script, "the scenario scripts a decision"
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.lstrip().startswith("- player:"))
    indent = " " * (len(lines[at]) - len(lines[at].lstrip()) + 2)
    lines[at + 1:at + 1] = [f"{indent}expect_refused:", f"{indent}  - no-such-option-a", f"{indent}  - no-such-option-b"]
    _, outcomes = run(parse("\n".join(lines) + "\n", "x.yaml"), "x.yaml")
    refused = [o for o in outcomes if "no-such-option" in str(o.expected) or "no-such-option" in o.what]
    assert [o.line for o in refused] == [at + 3, at + 4], [(o.what, o.line) for o in refused]


def _based_save(game_id: str, change) -> str:
    """A save of a hand-built position (it carries its base state), with `change` made to it."""
    import json

    g = tablekit.new_game(game_id, seed=3)
    g.arrange(zones={})  # a hand-built start: the save carries the base state
    data = json.loads(g.save())
    assert data.get("base") is not None
    # the start as the engine's state (format 2), whose every part is checked at load
    data = {**data, "format_version": 2, "base": json.loads(json.dumps(tablekit.load(g.save())._base))}
    data.pop("digest", None)
    change(data["base"])
    return json.dumps(data)


@pytest.mark.parametrize("game_id,change,words", [
    ("creatures", lambda b: b["lasting"].append({"kind": "modifier", "until": "turn", "text": "+1",
                                                 "stat": "attack", "add": 1, "ends": {}}), "without a whole-number id"),
    ("creatures", lambda b: b["lasting"].append({"id": 1, "kind": "wish", "text": "x", "ends": {}}), "of kind 'wish'"),
    ("foehunters", lambda b: b["extra"].setdefault("_this_turn", {}).update(plays={"a": 1}), "'_this_turn.plays'"),
    ("mirkwood", lambda b: b["cards"]["aragorn"].update(face=1e308), "'face' has the wrong type"),
    ("mirkwood", lambda b: b["cards"]["aragorn"].update(damage=-5), "cannot be negative"),
    ("mirkwood", lambda b: b["players"][0].update(threat=-10**18), "Threat is 0 to 50"),
    ("foehunters", lambda b: b["players"][0].update(hp=-1000), "HP is 0 or more"),
])
def test_a_save_whose_base_state_the_rules_cannot_use_is_refused_at_load(game_id, change, words):
    with pytest.raises(tablekit.TablekitError, match=words):
        tablekit.load(_based_save(game_id, change))
    assert tablekit.load(_based_save(game_id, lambda b: None)).id == game_id  # unchanged, it loads


@pytest.mark.parametrize("drop,words", [
    ("number", "a retinue card needs its number"),
    ("abilities", "a retinue card has exactly one ability"),
])
def test_a_labyrinth_retinue_without_what_the_game_reads_is_refused_at_its_line(tmp_path, drop, words):
    from tablekit.core.cards import load_cards
    from tablekit.core.registry import get_game

    gd = get_game("labyrinth")
    lines = (ROOT / "cards" / "labyrinth.yaml").read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if "kind: retinue" in line)
    card = max(i for i in range(start + 1) if lines[i].lstrip().startswith("- id:"))  # the first retinue
    at = next(i for i in range(card, len(lines)) if lines[i].strip().startswith(f"{drop}:"))
    if drop == "abilities":
        indent = lines[at][:len(lines[at]) - len(lines[at].lstrip())]
        end = next(i for i in range(at + 1, len(lines))  # the list's items may sit at the key's indent
                   if not lines[i].lstrip().startswith("-") and len(lines[i]) - len(lines[i].lstrip()) <= len(indent))
        lines[at:end] = [f"{indent}abilities: []"]
    else:
        del lines[at]
    path = tmp_path / "labyrinth.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(tablekit.CardFileError) as err:
        load_cards(path, "labyrinth", gd.card_fields, gd.effects, gd.ability_domains, gd.title, gd.card_problem)
    said = str(err.value)
    assert words in said and f"line {card + 1}" in said and str(path) in said


TRUNCATED = 300  # inputs in CI; TABLEKIT_FUZZ_EXAMPLES raises it (benchmarks/fuzz_inputs.py: 2,000 or more)


def test_a_truncated_scenario_of_any_game_is_refused_at_load_or_plays_50_rules():
    """Every shipped scenario of the five games cut after a seeded line: it is refused with
    one TablekitError naming the file, or it plays 50 rules with random bots without a
    traceback (a position the rules cannot play is refused at load: scenario.building._try_playing)."""
    import os
    import random

    files = sorted((ROOT / "scenarios").glob("*/*.yaml"))
    games = {f.parent.name for f in files}
    assert games >= {"creatures", "lfg", "labyrinth", "foehunters", "mirkwood"}
    rnd = random.Random(39)
    n = int(os.environ.get("TABLEKIT_FUZZ_EXAMPLES", TRUNCATED))
    outcomes = {"refused": 0, "played": 0}
    for k in range(n):
        path = files[k % len(files)]
        lines = path.read_text(encoding="utf-8").splitlines()
        text = "\n".join(lines[:rnd.randrange(2, len(lines) + 1)]) + "\n"
        try:
            game = build(parse(text, path.name), path.name)
        except tablekit.TablekitError as exc:
            assert path.name in str(exc), exc
            outcomes["refused"] += 1
            continue
        why = trial_problem(game)  # the loader's own trial, on a copy: same seed, same path
        assert why is None, f"{path.name} loaded, then {why}"
        outcomes["played"] += 1
    assert outcomes["refused"] and outcomes["played"], outcomes


@pytest.mark.parametrize("game_id,key,value,words", [
    ("foehunters", "hp", -1000, "HP is 0 or more, not -1000"),
    ("mirkwood", "threat", -10**18, "Threat is 0 to 50"),
    ("mirkwood", "threat", 51, "Threat is 0 to 50, not 51"),
    ("labyrinth", "retinues", 4, "'retinues' is 4, but the other fields of the position make it 0"),
    ("creatures", "score", True, "must be a number, not True"),
])
def test_a_players_number_in_a_scenario_takes_its_range_from_the_games_counter(game_id, key, value, words):
    """The board's counter declaration is the one place a player's number gets its range:
    a scenario's setup.players outside it is refused at the number's own line."""
    players = tablekit.new_game(game_id, seed=1).players
    text = (f"format_version: 1\ngame: {game_id}\nplayers: [{', '.join(players)}]\nseed: 1\n"
            f"setup:\n  players:\n    {players[0]}:\n      {key}: {value}\n")
    with pytest.raises(ScenarioError, match=f"line 8: .*{words}"):
        build(parse(text, "t.yaml"), "t.yaml")
