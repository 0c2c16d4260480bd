"""The scenario keys that say what a ruling needs: an option not offered, a
decision's whole option list and its min and max, refused choices, checks in
the middle of a run, partial `extra`, how often and in what order rules fired,
a score before the end, stopping after the n-th application of a rule, a
scripted decision that does not come up, and `tablekit check --variant/
--option/--ruling`. Each key has a passing case and a failing case whose
report says what was found."""

from __future__ import annotations

from pathlib import Path

import pytest

import tablekit
from tablekit.cli import main as cli_main
from tablekit.core.scenario import (
    Outcome,
    current_scores,
    merged_setup,
    override_words,
    parse,
    run,
)
from tablekit.core.scenario.checks import includes

ROOT = Path(__file__).resolve().parent.parent

# Ana at her monster step with two clubs and a spade (which is no monster); line 19 is
# the scripted decision, line 20 its checks (CHECKS), then its choose.
MONSTERS = """\
format_version: 2
game: creatures
title: Ana's monsters
players: [Ana, Bo, Cy]
seed: 11
setup:
  rest: deck
  zones:
    Ana/hero: [KS]
    Bo/hero: [KD]
    Cy/hero: [KH]
    aside: [KC]
    Ana/hand: [5C, 8C, 9S]
    Ana/treasure: [6D]
    Ana/followers: [4H]
  extra: {first: Ana, pile: 1, final: null}
start: {at: [Rounds, Turns, Turn, Monsters], turn: Ana}
decisions:
  - player: Ana
    CHECKS
    choose: "monster:5C:Bo"
expect:
  - zone: {name: Bo/monsters, equals: [5C]}
"""
OPTIONS = ["monster:5C:Ana", "monster:5C:Bo", "monster:5C:Cy", "monster:8C:Ana", "monster:8C:Bo",
           "monster:8C:Cy", "done"]


def scenario(checks: str = "", expect: str = "") -> str:
    """MONSTERS with checks on its decision (one YAML line each, indented by the caller)
    and more expectations at the end."""
    text = MONSTERS.replace("    CHECKS\n", checks)
    return text + expect


def outcomes(text: str, **kw) -> list[Outcome]:
    return run(parse(text, "s.yaml"), "s.yaml", **kw)[1]


def one(text: str, what: str, **kw) -> Outcome:
    """The single outcome whose description contains `what`."""
    hits = [o for o in outcomes(text, **kw) if what in o.what]
    assert len(hits) == 1, [o.what for o in outcomes(text, **kw)]
    return hits[0]


def refused(text: str, *words: str) -> str:
    with pytest.raises(tablekit.ScenarioError) as info:
        outcomes(text)
    msg = str(info.value)
    for w in words:
        assert w in msg, msg
    return msg


def test_the_base_passes():
    assert all(o.passed for o in outcomes(scenario()))


# -- 1. an option not offered (not the same as offered but illegal) -------------------------

def test_not_offered_passes_for_an_option_that_is_not_there():
    o = one(scenario('    expect_not_offered: ["monster:9S:Bo", "monster:9S:Ana"]\n'), "monster:9S:Bo")
    assert o.passed and o.what == "option 'monster:9S:Bo' is not offered" and o.line == 20


def test_not_offered_fails_for_a_legal_option():
    o = one(scenario('    expect_not_offered: "monster:8C:Bo"\n'), "not offered")
    assert not o.passed and o.actual == "offered, legal"


def test_not_offered_fails_for_an_illegal_option_and_says_why_it_is_illegal():
    text = scenario(expect='  - not_offered: "monster:8C:Bo"\n')  # after 5♣ went to Bo
    o = one(text, "not offered")
    assert not o.passed
    assert o.actual.startswith("offered, illegal: ") and "Bo" in o.actual


def test_not_offered_at_the_end_passes_and_needs_a_decision():
    assert one(scenario(expect='  - not_offered: "monster:5C:Cy"\n'), "not offered").passed
    ended = (ROOT / "scenarios/labyrinth/third-retinue-ends-the-game.yaml").read_text(encoding="utf-8")
    o = one(ended + "  - not_offered: pass\n", "not offered")
    assert not o.passed and o.actual == "no decision is open"


# -- 2. the whole option list, min and max ---------------------------------------------------

def pending(spec: str) -> str:
    return scenario(f"    expect:\n      - pending: {spec}\n")


def test_options_in_order_pass():
    o = one(pending("{options: [" + ", ".join(f'"{x}"' for x in OPTIONS) + "], min: 1, max: 1}"),
            "open decision")
    assert o.passed, o.actual


def test_options_in_order_fail_when_the_order_differs_and_show_the_options():
    o = one(pending("{options: [" + ", ".join(f'"{x}"' for x in reversed(OPTIONS)) + "]}"), "open decision")
    assert not o.passed and o.actual == {"options": OPTIONS}


def test_options_in_any_order_pass_and_fail_when_one_is_missing():
    shuffled = OPTIONS[3:] + OPTIONS[:3]
    assert one(pending("{options_any_order: [" + ", ".join(f'"{x}"' for x in shuffled) + "]}"),
               "open decision").passed
    o = one(pending("{options_any_order: [" + ", ".join(f'"{x}"' for x in OPTIONS[1:]) + "]}"),
            "open decision")
    assert not o.passed and o.actual == {"options_any_order": OPTIONS}


def test_min_and_max_fail_with_the_decision_s_own():
    o = one(pending("{player: Ana, kind: monster, min: 0, max: 2}"), "open decision")
    assert not o.passed
    assert o.actual == {"player": "Ana", "kind": "monster", "min": 1, "max": 1}


def test_options_and_options_any_order_together_are_refused():
    refused(pending("{options: [done], options_any_order: [done]}"), "options_any_order", "not both")


# -- 3. a choice that must be refused ----------------------------------------------------------

def test_a_refused_choice_passes_with_its_reason_and_changes_nothing():
    text = scenario(expect='  - refused: {choose: "monster:8C:Bo", reason_contains: "already gave Bo"}\n'
                           "  - fired: {node: Place a monster, times: 1}\n"
                           "  - zone: {name: Ana/hand, equals: [8C, 9S]}\n")
    outs = outcomes(text)
    assert all(o.passed for o in outs), [(o.what, o.actual) for o in outs if not o.passed]
    assert outs[1].actual.startswith("refused: ") and "Bo" in outs[1].actual


def test_a_refused_combination_passes():
    text = scenario('    expect_refused: {choose: ["monster:5C:Bo", "monster:8C:Cy"], '
                    'reason_contains: "exactly 1"}\n')
    o = one(text, "is refused")
    assert o.passed and o.what.startswith("choosing monster:5C:Bo, monster:8C:Cy is refused")


def test_a_refusal_with_another_reason_fails_and_shows_the_reason():
    o = one(scenario(expect='  - refused: {choose: "monster:8C:Bo", reason_contains: "no such words"}\n'),
            "is refused")
    assert not o.passed and o.actual.startswith("refused: ")


def test_an_accepted_choice_fails_and_is_undone_so_the_run_goes_on_unchanged():
    text = scenario('    expect_refused: ["monster:5C:Cy"]\n',
                    "  - zone: {name: Cy/monsters, count: 0}\n  - fired: {node: Place a monster, times: 1}\n")
    outs = outcomes(text)
    first = outs[0]
    assert not first.passed and first.actual.startswith("accepted: Ana puts the monster 5♣")
    assert all(o.passed for o in outs[1:]), [(o.what, o.actual) for o in outs[1:]]


def test_a_refusal_leaves_the_position_exactly_as_it_was():
    data = parse(scenario('    expect_refused: ["monster:8C:Ana", "monster:9S:Bo"]\n'), "s.yaml")
    plain = run(parse(scenario(), "s.yaml"), "s.yaml")[0]
    tried, outs = run(data, "s.yaml")
    assert [o.passed for o in outs] == [False, True, True]  # 8♣ on Ana is allowed: accepted and undone
    assert tried.state.to_json() == plain.state.to_json()
    assert [r.text for r in tried.history] == [r.text for r in plain.history]


# -- 4. expectations in the middle of the run ---------------------------------------------------

def test_a_checkpoint_sees_the_position_before_its_choice():
    text = scenario("    expect:\n      - zone: {name: Bo/monsters, count: 0}\n"
                    "      - zone: {name: Bo/monsters, equals: [5C]}\n")
    outs = outcomes(text)
    assert [(o.passed, o.line) for o in outs] == [(True, 21), (False, 22), (True, 25)]
    assert outs[1].actual == []


def test_checkpoints_on_a_later_decision_see_the_earlier_choices():
    text = scenario().replace('    choose: "monster:5C:Bo"\n', '    choose: "monster:5C:Bo"\n'
                              "  - player: Ana\n    expect:\n      - zone: {name: Bo/monsters, equals: [5C]}\n"
                              "      - fired: {node: Place a monster, times: 2}\n    choose: done\n")
    outs = outcomes(text)
    assert [o.passed for o in outs] == [True, False, True]
    assert outs[1].actual["times"] == 1


# -- 5. part of a nested extra key ----------------------------------------------------------------

def test_extra_includes_passes_on_some_keys():
    text = scenario(expect="  - extra: {key: this_turn, includes: {targets: [Bo], kills: 0}}\n")
    assert one(text, "includes").passed


def test_extra_includes_fails_and_shows_the_values_at_those_keys():
    o = one(scenario(expect="  - extra: {key: this_turn, includes: {targets: [Cy], nothing: 1}}\n"),
            "includes")
    assert not o.passed and o.actual == {"targets": ["Bo"], "nothing": "(not set)"}


def test_includes_matches_nested_mappings_key_by_key():
    value = {"gathered": {"Ana": ["thieves"], "Bo": []}, "round": 3}
    assert includes(value, {"gathered": {"Ana": ["thieves"]}})
    assert not includes(value, {"gathered": {"Ana": []}})
    assert not includes(value, {"gathered": {"Cy": []}})
    assert not includes(3, {"round": 3})


def test_extra_needs_equals_or_includes_not_both():
    refused(scenario(expect="  - extra: {key: pile, equals: 1, includes: {a: 1}}\n"), "either equals", "includes")
    refused(scenario(expect="  - extra: {key: pile}\n"), "either equals")


# -- 6. how many times a rule fired, and in what order ------------------------------------------

def test_fired_times_passes_and_fails_with_the_count():
    assert one(scenario(expect="  - fired: {node: Place a monster, times: 1}\n"), "fired 1 time").passed
    assert one(scenario(expect="  - fired: {rule: CC-JOKER, times: 0}\n"), "fired 0 times").passed
    o = one(scenario(expect="  - fired: {node: Place a monster, times: 2}\n"), "fired 2 times")
    assert not o.passed and o.actual == {"times": 1, "records": [0]}


TWO = scenario().replace('    choose: "monster:5C:Bo"\n', '    choose: "monster:5C:Bo"\n'
                         '  - {player: Ana, choose: "monster:8C:Cy"}\n')


def test_fired_in_order_passes():
    text = TWO + "  - fired_in_order: [{text_contains: monster 5♣}, {node: Place a monster, text_contains: 8♣}]\n"
    assert one(text, "in this order").passed


def test_fired_in_order_fails_and_says_where_each_was_found():
    text = TWO + "  - fired_in_order: [{text_contains: monster 8♣}, {text_contains: monster 5♣}]\n"
    o = one(text, "in this order")
    assert not o.passed
    assert o.actual == ("text_contains 'monster 8♣' at record 1; no text_contains 'monster 5♣' after "
                        "record 1 (only at record 0, before)")


def test_fired_needs_something_to_match():
    refused(scenario(expect="  - fired: {times: 2}\n"), "rule, node or text_contains")


# -- 7. a score before the end ----------------------------------------------------------------------

def test_score_before_the_end_passes_and_fails_with_the_score():
    o = one(scenario(expect="  - score: {player: Ana, equals: 10}\n"), "score")  # 6♦ and a 4♥ follower
    assert o.passed and "before the end" in o.what
    o = one(scenario(expect="  - score: {player: Ana, equals: 11}\n"), "score")
    assert not o.passed and o.actual == 10


def test_reading_a_score_changes_nothing():
    g = tablekit.load_scenario(ROOT / "scenarios/lfg/format-renown-during-the-round.yaml")
    before = g.state.to_json()
    assert current_scores(g) == {"Ana": 2, "Bo": 3, "Cy": 9}
    assert g.state.to_json() == before


def test_score_of_an_unknown_player_is_refused():
    refused(scenario(expect="  - score: {player: Zed, equals: 1}\n"), "unknown player 'Zed'")


# -- 8. stop after the n-th time a rule applies -----------------------------------------------------

TURN_UP = (ROOT / "scenarios/creatures/format-stop-after-twice.yaml").read_text(encoding="utf-8")


def test_stop_after_the_second_time_passes():
    outs = outcomes(TURN_UP)
    assert outs and all(o.passed for o in outs)


def test_stop_after_more_times_than_happen_fails_and_says_what_stopped_it():
    text = TURN_UP.replace("times: 2}\nexpect", "times: 9}\nexpect")
    o = one(text, "run.stop_after")
    assert not o.passed
    assert o.actual.startswith("applied 4 times, then Ana's decision opened")
    assert o.line == 33


def test_stop_after_a_group_or_nothing_is_refused():
    refused(TURN_UP.replace("{node: Reward for a kill, times: 2}", "{node: Turn, times: 2}"),
            "'Turn' is a group of rules")
    refused(TURN_UP.replace("{node: Reward for a kill, times: 2}", "{times: 2}"),
            "run.stop_after needs rule, node or text_contains")


# -- 9. a scripted decision that does not come up --------------------------------------------------

def test_a_decision_after_the_end_is_a_failed_expectation_and_the_rest_still_report():
    path = ROOT / "scenarios/labyrinth/third-retinue-ends-the-game.yaml"
    text = path.read_text(encoding="utf-8").replace("run: {until: end}\n",
                                                    "  - {player: Ana, choose: pass}\nrun: {until: end}\n")
    outs = outcomes(text)
    first = outs[0]
    assert not first.passed and first.what == "scripted decision #4 comes up for Ana"
    assert first.actual.startswith("the game ended first (")
    assert "decision #4 and run are not played" in first.actual
    assert len(outs) == 6 and all(o.passed for o in outs[1:])


def test_a_decision_for_someone_else_names_who_was_asked_and_what():
    text = TWO.replace('{player: Ana, choose: "monster:8C:Cy"}', '{player: Bo, choose: "monster:8C:Cy"}')
    outs = outcomes(text + "  - zone: {name: Cy/monsters, count: 0}\n")
    first = outs[0]
    assert not first.passed and first.what == "scripted decision #2 comes up for Bo"
    assert first.actual.startswith("Ana was asked instead: ")
    assert "kind monster" in first.actual and "monster:8C:Cy" in first.actual
    assert [o.passed for o in outs[1:]] == [True, True]


# -- 12. tablekit check --variant / --option / --ruling ----------------------------------------------

STACK_FILE = ROOT / "scenarios/labyrinth/chain-three-cards-defended.yaml"  # says options.rulings stack


def test_merged_setup_replaces_the_variant_and_adds_options():
    data = {"variant": "a", "options": {"max_rounds": 3, "rulings": {"X-ONE": "p", "X-TWO": "q"}}}
    assert merged_setup(data) == ("a", data["options"])
    v, opts = merged_setup(data, "b", {"max_rounds": 5, "rulings": {"X-TWO": "r"}})
    assert v == "b" and opts == {"max_rounds": 5, "rulings": {"X-ONE": "p", "X-TWO": "r"}}
    assert data["options"]["rulings"] == {"X-ONE": "p", "X-TWO": "q"}  # the file's data is left alone
    assert override_words("b", opts) == " (with variant b, max_rounds=5, X-ONE=p, X-TWO=r)"
    assert override_words(None, {}) == ""


def test_check_with_another_ruling_reading_changes_the_result(capsys):
    assert cli_main(["check", str(STACK_FILE)]) == 0
    capsys.readouterr()
    assert cli_main(["check", "--ruling", "LAB-CHAIN=words", str(STACK_FILE)]) == 1
    out = capsys.readouterr().out
    assert out.startswith(f"FAIL {STACK_FILE}: ") and "(with LAB-CHAIN=words)" in out.splitlines()[0]
    assert "FAILED" in out
    g = run(parse(STACK_FILE.read_text(encoding="utf-8"), "s.yaml"), "s.yaml",
            options={"rulings": {"LAB-CHAIN": "words"}})[0]
    assert g.state.options["rulings"]["LAB-CHAIN"] == "words"


def test_check_with_an_option_is_used_by_the_game(capsys):
    assert cli_main(["check", "--option", "max_rounds=7", str(STACK_FILE)]) == 0
    assert "(with max_rounds=7)" in capsys.readouterr().out
    sc = tablekit.check_scenario(STACK_FILE, options={"max_rounds": 7})
    assert sc.passed
    g = run(sc.data, str(STACK_FILE), options={"max_rounds": 7})[0]
    assert g.state.options["max_rounds"] == 7 and g.state.options["rulings"]["LAB-CHAIN"] == "stack"


@pytest.mark.parametrize("args, words", [
    (["--variant", "huge"], "has no variant 'huge'"),
    (["--option", "colour=red"], "has no option 'colour'"),
    (["--ruling", "CC-NOPE=other"], "no ruling with a second reading"),
])
def test_check_with_what_the_game_does_not_have_is_that_file_s_error(capsys, args, words):
    f = ROOT / "scenarios/creatures/format-decision-checks.yaml"
    assert cli_main(["check", *args, str(f), str(STACK_FILE)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(f"ERROR {f}: with the command line's variant and options: ")
    assert words in lines[0]


@pytest.mark.parametrize("arg", ["--option=nokey", "--ruling=lower=x", "--variant=a b"])
def test_check_bad_override_argument_exits_2(capsys, arg):
    assert cli_main(["check", arg, str(STACK_FILE)]) == 2
    assert "tablekit: " in capsys.readouterr().err


# -- a two-faced card's face, and the ending --------------------------------------------------------

FOE_AT_PHASE_2 = """\
format_version: 2
game: foehunters
title: The foe at phase 2
players: [Ana, Bo]
seed: 1
options: {foe: dragonspawn, heroes: {Ana: berserker, Bo: pathfinder}}
setup:
  rest: box
  zones:
    Ana/hero: [grimnar]
    Bo/hero: [lylias]
    foe/card: [dragonspawn_2p]
    Ana/hand: [wild_swing#1]
  players:
    Ana: {hp: 16, xp: 4}
    Bo: {hp: 15, xp: 4}
  extra: {foe: dragonspawn, heroes: {Ana: berserker, Bo: pathfinder}, first: Ana}
  cards:
    dragonspawn_2p: {face: FACE, damage: DAMAGE}
start: {at: [Rounds, Round, Hero phase, Hero turns, Hero turn, "Incapacitated?", Turn, Actions], turn: Ana}
decisions:
  - {player: Ana, choose: "play:wild_swing#1"}
run: {until: decision}
expect:
  - card: {uid: dragonspawn_2p, face: 1}
  - ENDING
"""


def _phase_2(tmp_path: Path, face: str = "1", damage: str = "HP", ending: str = "ending: foe_defeated") -> Path:
    hp = tablekit.new_game("foehunters", players=2, seed=1).gamedef.cards["dragonspawn_2p"].faces[1].fields["hp"]
    text = (FOE_AT_PHASE_2.replace("FACE", face).replace("DAMAGE", str(hp - 3) if damage == "HP" else damage)
            .replace("ENDING", ending))
    p = tmp_path / "phase2.yaml"
    p.write_text(text, encoding="utf-8")
    return p


def _run(p: Path) -> list[Outcome]:
    return run(parse(p.read_text(encoding="utf-8"), str(p)), str(p))[1]


def test_a_scenario_sets_a_two_faced_cards_face_and_checks_the_ending(tmp_path):
    out = _run(_phase_2(tmp_path))
    assert all(o.passed for o in out), out
    assert [o.actual for o in out if o.what.startswith("the game ends")] == ["foe_defeated"]


def test_the_ending_fails_with_the_one_found_and_an_unknown_one_is_refused(tmp_path):
    out = _run(_phase_2(tmp_path, ending="ending: party_defeated"))
    ending = [o for o in out if o.what.startswith("the game ends")]
    assert len(ending) == 1 and not ending[0].passed and ending[0].actual == "foe_defeated"
    with pytest.raises(tablekit.ScenarioError, match="no ending 'won'.*foe_defeated, party_defeated"):
        _run(_phase_2(tmp_path, ending="ending: won"))
    out = _run(_phase_2(tmp_path, damage="0"))  # 3 damage does not end it
    assert [o.actual for o in out if o.what.startswith("the game ends")] == ["the game is not over"]


def test_a_face_the_card_does_not_have_is_refused_at_its_line(tmp_path):
    with pytest.raises(tablekit.ScenarioError, match=r"line 19: card 'dragonspawn_2p': 'face' must be 0 to 1"):
        _run(_phase_2(tmp_path, face="2"))
    text = _phase_2(tmp_path).read_text().replace("dragonspawn_2p: {face: 1, damage:", "cultist#1: {face: 1, damage:")
    (tmp_path / "one.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(tablekit.ScenarioError, match="card 'cultist#1' has one face only"):
        _run(tmp_path / "one.yaml")


def test_a_number_the_other_fields_decide_may_be_left_out_and_is_refused_when_it_disagrees():
    """Legends of Labyrinth: a lord's retinues counter is the length of their gathered
    list (GameDef.derived_player_numbers), so a file gives the list once; a count that
    disagrees is refused at its line, naming what it should be."""
    text = (ROOT / "scenarios/labyrinth/third-retinue-ends-the-game.yaml").read_text(encoding="utf-8")
    line = "  players: {Ana: {retinues: 1}, Bo: {retinues: 0}, Cy: {retinues: 2}}\n"
    assert line in text
    left_out = text.replace(line, "")
    game, results = run(parse(left_out, "s.yaml"), "s.yaml")
    assert all(o.passed for o in results)
    # the board reads the lists (1, 0, 2); then Cy gathers her third in the run
    retinues = next(c for c in game.gamedef.counters if c.key == "retinues")
    assert [retinues.read(game.view(None), p, game.defs) for p in ("Ana", "Bo", "Cy")] == [1, 0, 3]
    wrong = text.replace("Cy: {retinues: 2}", "Cy: {retinues: 1}")
    msg = refused(wrong, "'retinues' is 1", "make it 2")
    assert msg.startswith(f"s.yaml, line {text[:text.index(line)].count(chr(10)) + 1}:"), msg


def test_words_a_game_reworded_still_match_a_file_that_quotes_the_old_words():
    """GameDef.text_aliases: the rules' words are part of the format, as option ids are; a
    `text_contains` quoting a record's old wording matches the record as it reads now."""
    from tablekit.core.scenario.checks import text_contains

    aliases = tablekit.get_game("mirkwood").text_aliases
    now = "P2 declares no defender of their own; P1 may still defend"
    assert text_contains(now, "P2 declares no defender of his own; P1 may", aliases)
    assert text_contains(now, "P2 declares no defender of their own", aliases)
    assert not text_contains(now, "P2 declares no defender of his own", {})
    assert not text_contains(now, "P3 declares no defender of his own", aliases)
    frozen = (ROOT / "tests/data/frozen/scenarios/mirkwood/ruling-06-sentinel-after-the-defender.yaml")
    assert "declares no defender of his own" in frozen.read_text(encoding="utf-8")
    assert all(o.passed for o in outcomes(frozen.read_text(encoding="utf-8")))
