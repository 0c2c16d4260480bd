"""Scenario files: every file under scenarios/ passes, `tablekit check` reports
and exits as documented, and a bad file gets one ScenarioError naming the file,
the line and what is wrong (never a traceback, never code run)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, note, settings
from hypothesis import strategies as st

import tablekit
from tablekit.cli import main as cli_main
from tablekit.core.scenario import MAX_BYTES, parse, run

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted((ROOT / "scenarios").glob("*/*.yaml"))

# A small valid scenario; the bad-file tests change one thing in it, so the line
# numbers below are known: line 12 is Ana's hand, line 15 is `start`, line 17 the
# first scripted decision and line 18 its `choose` (the Fighter's two cards; line 19
# is his second decision, how the total is shared out), line 21 the first expectation.
BASE = """\
format_version: 2
game: creatures
title: The Fighter's two attack cards
players: [Ana, Bo]
seed: 1
setup:
  rest: deck
  zones:
    Ana/hero: [KS]
    Bo/hero: [KC]
    aside: [KH, KD]
    Ana/hand: [7S, 5S]
    Ana/monsters: [4C, 9C]
  extra: {first: Ana, pile: 1, final: null}
start: {at: [Rounds, Turns, Turn, Attack], turn: Ana}
decisions:
  - player: Ana
    choose: [attack:7S, attack:5S]
  - {player: Ana, choose: "kill:4C:weaken:9C"}
expect:
  - zone: {name: discard, contains: [4C]}
  - card: {uid: 9C, zone: Ana/monsters, damage: 8}
"""


def write(tmp_path: Path, text: str, name: str = "scenario.yaml") -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def changed(old: str, new: str, text: str = BASE) -> str:
    assert old in text, f"{old!r} is not in the base scenario"
    return text.replace(old, new, 1)


def line_of(text: str, needle: str, nth: int = 1) -> int:
    hits = [i for i, line in enumerate(text.splitlines(), 1) if needle in line]
    return hits[nth - 1]


def refused(path: Path, *words: str, line: int | None = None) -> str:
    """check_scenario(path) must raise ScenarioError naming the file (and the
    line) and holding every word; returns the message."""
    with pytest.raises(tablekit.ScenarioError) as info:
        tablekit.check_scenario(path)
    msg = str(info.value)
    assert msg.startswith(str(path)), msg
    if line is not None:
        assert f"{path}, line {line}: " in msg, msg
    for w in words:
        assert w in msg, f"{w!r} is not in {msg!r}"
    assert "Traceback" not in msg
    return msg


# -- (a) every scenario file passes ----------------------------------------------------

def test_there_are_scenarios():
    assert len([p for p in SCENARIOS if p.parent.name == "creatures"]) >= 14


@pytest.mark.parametrize("path", SCENARIOS, ids=[f"{p.parent.name}/{p.name}" for p in SCENARIOS])
def test_scenario_file_passes(path: Path):
    sc = tablekit.check_scenario(path)
    assert sc.title, f"{path.name} has no title"
    assert sc.outcomes, f"{path.name} checks nothing"
    failed = [f"line {o.line}: {o.what} (expected {o.expected!r}, actual {o.actual!r})"
              for o in sc.outcomes if not o.passed]
    assert not failed, "\n".join(failed)
    assert sc.passed


# -- (b) the `tablekit check` command --------------------------------------------------

def failing_copy(tmp_path: Path) -> Path:
    """BASE with one expectation made wrong: 9♣ has 8 damage, not 7."""
    return write(tmp_path, changed("damage: 8}", "damage: 7}"), "failing.yaml")


def test_cli_check_passes(capsys):
    files = [str(p) for p in SCENARIOS]
    assert cli_main(["check", *files]) == 0
    out = capsys.readouterr().out
    assert out.count("PASS ") == len(files)
    assert "FAIL" not in out and "ERROR" not in out


def test_cli_check_reports_a_failed_expectation(tmp_path, capsys):
    good = write(tmp_path, BASE, "good.yaml")
    bad = failing_copy(tmp_path)
    assert cli_main(["check", str(good)]) == 0
    capsys.readouterr()
    assert cli_main(["check", str(good), str(bad)]) == 1
    out = capsys.readouterr().out
    assert f"PASS {good}" in out
    assert f"FAIL {bad}" in out
    failed = [line for line in out.splitlines() if "FAILED" in line]
    assert len(failed) == 1
    assert "card 9C" in failed[0] and "damage" in failed[0]
    assert f"[line {line_of(BASE, 'damage: 8')}]" in failed[0]


def test_cli_check_bad_file_exits_1(tmp_path, capsys):
    bad = write(tmp_path, changed("game: creatures", "game: chess"))
    assert cli_main(["check", str(bad)]) == 1
    out = capsys.readouterr().out
    assert out.startswith(f"ERROR {bad}, line 2: ")
    assert "Traceback" not in out


def test_cli_check_json(tmp_path, capsys):
    good = write(tmp_path, BASE, "good.yaml")
    bad = failing_copy(tmp_path)
    broken = write(tmp_path, "format_version: 1\ngame: [", "broken.yaml")
    assert cli_main(["check", "--json", str(good), str(bad), str(broken)]) == 1
    lines = capsys.readouterr().out.splitlines()
    objs = [json.loads(line) for line in lines]
    assert [o["file"] for o in objs] == [str(good), str(bad), str(broken)]
    assert objs[0]["passed"] is True and objs[0]["title"] == "The Fighter's two attack cards"
    assert all(e["passed"] for e in objs[0]["expectations"])
    assert objs[1]["passed"] is False
    assert [e["passed"] for e in objs[1]["expectations"]] == [True, False]
    assert objs[1]["expectations"][1]["actual"] == {"zone": "Ana/monsters", "damage": 8}
    assert objs[2]["error"].startswith(f"{broken}, line ")


def test_cli_check_as_a_command(tmp_path):
    """The real command line, in a separate process: exit codes 0 and 1."""
    good = write(tmp_path, BASE, "good.yaml")
    bad = failing_copy(tmp_path)
    cmd = [sys.executable, "-m", "tablekit.cli", "check"]
    ok = subprocess.run(cmd + [str(good)], capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    assert ok.stdout.startswith(f"PASS {good}")
    no = subprocess.run(cmd + ["--json", str(good), str(bad)], capture_output=True, text=True,
                        timeout=60, cwd=tmp_path)
    assert no.returncode == 1, no.stdout + no.stderr
    assert [json.loads(line)["passed"] for line in no.stdout.splitlines()] == [True, False]


# -- (c) load_scenario ------------------------------------------------------------------

def test_load_scenario_is_at_the_start(tmp_path):
    g = tablekit.load_scenario(write(tmp_path, BASE))
    assert isinstance(g, tablekit.Game)
    assert g.cursor == ("Creatures and Cards", "Rounds", "Turns", "Turn", "Attack")
    assert g.turn == "Ana"
    assert g.history == []
    assert not g.is_over
    d = g.pending
    assert d is not None and d.player == "Ana" and d.kind == "attack"
    assert g.state.zones["Ana/hand"] == ["7S", "5S"]
    assert g.state.zones["Ana/monsters"] == ["4C", "9C"]
    # the scripted decisions are not applied by loading
    g.choose("attack:7S", "attack:5S")
    g.choose("kill:4C:weaken:9C")
    assert "4C" in g.state.zones["discard"]


@pytest.mark.parametrize("hand, deck, in_hand, on_deck", [
    ("JK", "JK", "JK#1", "JK#2"),      # "JK" takes the next copy not placed yet
    ("JK#2", "JK", "JK#2", "JK#1"),    # "JK#2" names one copy
])
def test_load_scenario_copies(tmp_path, hand, deck, in_hand, on_deck):
    text = changed("Ana/hand: [7S, 5S]", f"Ana/hand: [7S, 5S, {hand}]\n    deck: [{deck}]")
    g = tablekit.load_scenario(write(tmp_path, text))
    assert g.state.zones["Ana/hand"] == ["7S", "5S", in_hand]
    assert g.state.zones["deck"][-1] == on_deck  # the listed cards of the rest zone lie on top
    assert len(g.state.zones["deck"]) == 54 - 4 - 4 - 1


# -- (d) bad files: one ScenarioError naming the file, the line and the problem ------------

def test_malformed_yaml(tmp_path):
    text = changed("title: The Fighter's two attack cards", "title: two: colons")
    refused(write(tmp_path, text), "mapping values are not allowed", line=3)


def test_yaml_alias_refused(tmp_path):
    text = changed("title: The Fighter's two attack cards", "title: &t The Fighter\ndescription: *t")
    refused(write(tmp_path, text), "aliases", "not allowed", line=4)


def test_billion_laughs_refused_quickly(tmp_path):
    rows = ['lol0: &l0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for i in range(1, 10):
        rows.append(f"lol{i}: &l{i} [" + ", ".join([f"*l{i - 1}"] * 10) + "]")
    text = "format_version: 1\ngame: creatures\n" + "\n".join(rows) + "\n"
    t0 = time.perf_counter()
    refused(write(tmp_path, text), "aliases", line=4)
    assert time.perf_counter() - t0 < 1.0


def test_unknown_top_level_key(tmp_path):
    text = BASE + "colour: red\n"
    refused(write(tmp_path, text), "unknown key 'colour'", line=line_of(text, "colour"))


def test_unknown_format_version(tmp_path):
    text = changed("format_version: 2", "format_version: 3")
    refused(write(tmp_path, text), "format_version 3", "reads 1 to 2", line=1)


def test_unknown_game(tmp_path):
    text = changed("game: creatures", "game: chess")
    refused(write(tmp_path, text), "unknown game 'chess'", "creatures", line=2)


def test_unknown_card(tmp_path):
    text = changed("Ana/hand: [7S, 5S]", "Ana/hand: [7S, 5S, ZZ]")
    refused(write(tmp_path, text), "unknown card 'ZZ'", "Ana/hand", line=12)


def test_unknown_zone(tmp_path):
    text = changed("    Ana/hand: [7S, 5S]\n", "    Ana/hand: [7S, 5S]\n    Cy/hand: [2S]\n")
    refused(write(tmp_path, text), "unknown zone 'Cy/hand'", line=13)


def test_card_placed_twice(tmp_path):
    text = changed("Ana/monsters: [4C, 9C]", "Ana/monsters: [4C, 9C, 7S]")
    refused(write(tmp_path, text), "'7S' is placed twice", "also on line 12", line=13)


def test_more_copies_than_the_deck_has(tmp_path):
    text = changed("    Ana/hand: [7S, 5S]\n",
                   "    Ana/hand:\n      - JK\n      - JK\n      - JK\n")
    refused(write(tmp_path, text), "more copies of 'JK' than the game has (2)",
            line=line_of(text, "- JK", 3))


def test_start_node_does_not_exist(tmp_path):
    text = changed("Turn, Attack]", "Turn, Fight]")
    refused(write(tmp_path, text), "start node does not exist", "'Fight'", line=15)


def test_illegal_scripted_decision(tmp_path):
    text = changed("    Ana/monsters: [4C, 9C]\n", "")
    text = changed("choose: [attack:7S, attack:5S]", "choose: [attack:7S]", text)
    refused(write(tmp_path, text), "scripted decision #1 is illegal at that point",
            "no monster in front of you", line=line_of(text, "choose:"))


def test_scripted_decision_for_the_wrong_player_is_a_failed_expectation(tmp_path, capsys):
    """Not an error of the whole file: the report names who was asked instead, and
    the file's expectations still report."""
    text = changed("  - player: Ana", "  - player: Bo")
    path = write(tmp_path, text)
    sc = tablekit.check_scenario(path)
    first = sc.outcomes[0]
    assert not first.passed and first.line == 17
    assert first.what == "scripted decision #1 comes up for Bo"
    assert first.actual.startswith("Ana was asked instead: ") and "kind attack" in first.actual
    assert "attack:7S" in first.actual and "decisions #1 to #2 and run are not played" in first.actual
    assert [o.line for o in sc.outcomes[1:]] == [21, 22]
    assert not sc.passed
    assert cli_main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert out.startswith(f"FAIL {path}: ") and "ERROR" not in out


def test_file_over_the_size_limit(tmp_path):
    text = BASE + "description: " + "x" * MAX_BYTES + "\n"
    msg = refused(write(tmp_path, text), str(MAX_BYTES))
    assert "bytes" in msg


def test_not_utf8(tmp_path):
    p = tmp_path / "latin1.yaml"
    p.write_bytes(changed("title: The Fighter's", "title: Caf\u00e9 Fighter's").encode("latin-1"))
    refused(p, "not UTF-8")


@pytest.mark.parametrize("tag", ["!!python/object/apply:os.system", "!!python/object/new:os.system",
                                 "!!python/name:os.system", "!!python/module:os"])
def test_loading_never_runs_code(tmp_path, tag):
    marker = tmp_path / "pwned"
    text = changed("title: The Fighter's two attack cards", f"title: {tag} ['touch {marker}']")
    refused(write(tmp_path, text), "python", line=3)
    with pytest.raises(tablekit.ScenarioError):
        tablekit.load_scenario(tmp_path / "scenario.yaml")
    assert not marker.exists()


def test_parse_refuses_oversized_text():
    with pytest.raises(tablekit.ScenarioError, match=str(MAX_BYTES)):
        parse(BASE + "#" * MAX_BYTES, "big.yaml")


# Wrong types and names deeper in the file: each must be refused the same way.
# (When this file was written, each of these escaped as a plain Python exception.)
WRONG = {
    # id: (old text of BASE, new text, words in the message, the line)
    "setup.zones a list": ("  zones:\n    Ana/hero: [KS]\n    Bo/hero: [KC]\n    aside: [KH, KD]\n"
                           "    Ana/hand: [7S, 5S]\n    Ana/monsters: [4C, 9C]\n", "  zones: [KS]\n",
                           ["zones"], 8),
    "setup.extra a list": ("  extra: {first: Ana, pile: 1, final: null}", "  extra: [first]",
                           ["extra"], 14),
    "setup.cards a list": ("  extra: {first", "  cards: [9C]\n  extra: {first", ["cards"], 14),
    "setup.players a list": ("  extra: {first", "  players: [Ana]\n  extra: {first", ["players"], 14),
    "setup.rest a list": ("  rest: deck", "  rest: [deck]", ["rest"], 7),
    "extra.first no player": ("first: Ana", "first: Zed", ["first", "Zed"], 14),
    "run.max_records text": ("expect:\n", "run: {max_records: many}\nexpect:\n", ["max_records"], 20),
    "a decision not a mapping": ("  - player: Ana\n    choose: [attack:7S, attack:5S]\n", "  - 5\n",
                                 ["decision"], 17),
    "expect_illegal not an option": ("    choose: [attack", "    expect_illegal: [5]\n    choose: [attack",
                                     ["expect_illegal"], 18),
    "zone expectation a list": ("  - zone: {name: discard, contains: [4C]}", "  - zone: [discard]",
                                ["zone"], 21),
    "zone expectation name a list": ("name: discard,", "name: [discard],", ["zone"], 21),
    "zone contains not a list": ("contains: [4C]", "contains: 4", ["contains"], 21),
    "card expectation a word": ("  - card: {uid: 9C, zone: Ana/monsters, damage: 8}", "  - card: 9C",
                                ["card"], 22),
    "card expectation uid a list": ("uid: 9C,", "uid: [9C],", ["card"], 22),
    "counter expectation a number": ("  - card: {uid", "  - counter: 5\n  - card: {uid", ["counter"], 22),
    "extra expectation a number": ("  - card: {uid", "  - extra: 5\n  - card: {uid", ["extra"], 22),
    "fired text_contains a number": ("  - card: {uid", "  - fired: {text_contains: 4}\n  - card: {uid",
                                     ["text_contains"], 22),
    "format_version true": ("format_version: 2", "format_version: true", ["format_version"], 1),
    "deep nesting": ("title: The Fighter's two attack cards", "title: " + "[" * 2000 + "]" * 2000,
                     [], 3),
    "a NUL character": ("seed: 1", "seed: 1\x00", [], 5),
}


@pytest.mark.parametrize("case", list(WRONG))
def test_wrong_types_refused(tmp_path, case):
    old, new, words, line = WRONG[case]
    text = changed(old, new)
    refused(write(tmp_path, text), *words, line=line)


@pytest.mark.parametrize("old, new", [
    ("  extra: {first: Ana, pile: 1, final: null}\n", ""),   # who played first is not said
    ("final: null}", "final: null, this_turn: {kills: 1}}\nrun: {until: decision}"),  # a partial turn
], ids=["no first player", "partial turn data"])
def test_incomplete_game_state_runs_or_is_refused(tmp_path, old, new):
    """Extra state the game needs but the file leaves out: the game may fill it in
    or the file may be refused, but the rules must not crash on it."""
    path = write(tmp_path, changed(old, new))
    try:
        tablekit.check_scenario(path)
    except tablekit.ScenarioError as exc:
        assert str(exc).startswith(f"{path}, line "), str(exc)


def test_a_folder_is_refused(tmp_path):
    refused(tmp_path)


# -- (e) mutated files: success or ScenarioError, nothing else -------------------------------

VALID = [p.read_text(encoding="utf-8") for p in SCENARIOS] + [BASE]

SNIPPETS = [
    "foo: bar", "- 1", "[", "]", "{", "}", "- [", "&a x", "*a", "x: &a [1]\ny: *a", "? [a, b]\n: c",
    "!!python/object/apply:os.system ['true']", "!!binary aGVsbG8=", "!!set {a, b}", "null", "~",
    "'", '"', ":", ": x", "-", "|", ">", "%YAML 1.1", "---", "...", "#", "\t", "1e309", ".nan",
    "-1", "0", "99999999999999999999", "2001-01-01", "true", "on", "KS", "JK", "JK#3", "JK#2",
    "zones: [1]", "zones: {Ana/hand: 5}", "extra: [1]", "extra: {this_turn: {kills: 1}}",
    "extra: {first: Zed}", "cards: [1]", "cards: {7S: {damage: x}}", "cards: {7S: 5}",
    "players: [1]", "players: {Ana: [1]}", "rest: [deck]", "rest: nowhere", "at: []", "at: 5",
    "at: Rounds", "at: [Count the points]", "turn: Cy", "turn: [Ana]",
    "- {player: Bo, choose: pass}", "- {player: Ana, choose: [pass, pass]}", "- {player: Ana}",
    "- 5", "- zone: [1]", "- zone: {name: [1], count: 1}", "- zone: {name: discard}",
    "- zone: {name: discard, contains: 4}", "- card: 9C", "- card: {uid: [1]}", "- counter: 5",
    "- fired: {text_contains: 4}", "- winners: 5", "- scores: 5", "- illegal: 5", "- legal: pass",
    "- pending: [1]", "- over: 1", "- extra: 5", "expect_illegal: [5]", "expect_legal: {a: 1}",
    "run: {until: end}", "run: {until: end, bots: random}", "run: {steps: 3}",
    "run: {stop_after: Turn}", "run: {max_records: x}", "run: {until: forever}", "variant: 5",
    "options: {x: 1}", "seed: [1]", "players: 5", "players: [Ana, Ana]", "format_version: true",
    "title: [1]",
    "- not_offered: 5", "- not_offered: pass", "- refused: {choose: 5}", "- refused: pass",
    "- refused: {choose: [pass, pass], reason_contains: x}", "- score: {player: Ana}",
    "- score: {player: Zed, equals: 1}", "- fired_in_order: []", "- fired_in_order: [{}]",
    "- fired_in_order: [CC-FIGHTER, {node: Attack}]", "- fired: {times: -1}", "- fired: {rule: X, times: 2}",
    "- extra: {key: this_turn, includes: 5}", "- extra: {key: this_turn, includes: {kills: 1}}",
    "- pending: {options: 5}", "- pending: {options: [pass], options_any_order: [pass]}",
    "- pending: {min: 1, max: 1}", "expect_not_offered: [pass]", "expect_refused: [pass, {choose: 5}]",
    "expect: [{over: true}]", "expect: [{zone: {name: deck}}]",
    "run: {stop_after: {times: 2}}", "run: {stop_after: {node: Attack, times: 0}}",
    "run: {stop_after: {rule: CC-FIGHTER, times: 3}}",
]
YAML_CHARS = "[]{}:-#&*!|>'\"%@`, \t\n0123456789abcJKSHDC?~."
# values put in place of a value or a word of a valid file: the YAML stays valid
# and the scenario's own checks (types, names, cards) are what gets tested
VALUES = ["[1]", "[]", "{}", "{a: 1}", "[[1]]", "null", "5", "0", "-1", "1.5", "true", "x", "''",
          "JK", "JK#2", "7S", "Ana", "Bo", "Zed", "deck", "discard", "Ana/hand", "Turn", "pass",
          "Attack", "attack:7S", "[Ana, Bo]", "{name: discard}", "{player: Ana}", "99999999999"]


def _mutate_once(data: st.DataObject, text: str) -> str:
    lines = text.split("\n")
    n = len(lines)
    op = data.draw(st.sampled_from(["delete", "duplicate", "swap", "chars", "snippet", "number",
                                    "truncate", "value", "value", "word", "word"]), label="op")
    if op == "delete":
        del lines[data.draw(st.integers(0, n - 1))]
    elif op == "duplicate":
        i = data.draw(st.integers(0, n - 1))
        lines.insert(i, lines[i])
    elif op == "swap":
        i, j = data.draw(st.integers(0, n - 1)), data.draw(st.integers(0, n - 1))
        lines[i], lines[j] = lines[j], lines[i]
    elif op == "chars":
        out = list(text)
        for _ in range(data.draw(st.integers(1, 4))):
            if not out:
                break
            k = data.draw(st.integers(0, len(out) - 1))
            out[k] = data.draw(st.sampled_from(YAML_CHARS) | st.characters(max_codepoint=0x2FFF))
        return "".join(out)
    elif op == "snippet":
        i = data.draw(st.integers(0, n))
        indent = data.draw(st.sampled_from(["", "  ", "    ", "      "]))
        snippet = data.draw(st.sampled_from(SNIPPETS))
        lines.insert(i, "\n".join(indent + s for s in snippet.split("\n")))
    elif op == "number":
        spots = list(re.finditer(r"\d+", text))
        if not spots:
            return text
        m = data.draw(st.sampled_from(spots))
        new = data.draw(st.sampled_from(["0", "-1", "2", "3", "5", "13", "100000", "1.5"])
                        | st.integers(-10**6, 10**6).map(str))
        return text[:m.start()] + new + text[m.end():]
    elif op in ("value", "word"):
        pattern = r"(?<=: )[^\n,{}\[\]#]+" if op == "value" else r"[A-Za-z0-9_#/.:-]+"
        spots = list(re.finditer(pattern, text))
        if not spots:
            return text
        m = data.draw(st.sampled_from(spots))
        return text[:m.start()] + data.draw(st.sampled_from(VALUES)) + text[m.end():]
    else:
        return text[:data.draw(st.integers(0, len(text)))]
    return "\n".join(lines)


# No shrinking: it can take minutes; the failing file is printed as it was drawn.
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow],
          phases=[Phase.explicit, Phase.reuse, Phase.generate])
@given(st.data())
def test_mutated_files_load_or_fail_cleanly(data):
    text = data.draw(st.sampled_from(VALID), label="file")
    for _ in range(data.draw(st.integers(1, 3), label="mutations")):
        text = _mutate_once(data, text)
    note(text)
    try:
        parsed = parse(text, "mutant.yaml")
        run(parsed, "mutant.yaml")
    except tablekit.ScenarioError as exc:
        assert str(exc).startswith("mutant.yaml"), str(exc)
