"""The command line: every argument of every subcommand is parsed into its
type, and a bad one gets one clear line and exit code 2, never a traceback.

The arguments are found by walking `build_parser()`, so a flag added later is
covered too (and must come with a type that checks it)."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tablekit import cli

ROOT = Path(__file__).resolve().parents[1]
SCENARIO = sorted((ROOT / "scenarios" / "creatures").glob("*.yaml"))[0]

# a good value for each positional argument, to reach the others
GOOD_POSITIONALS = {"game": "creatures", "files": str(SCENARIO), "notebook": "index.ipynb"}

# bad values tried on every argument that takes a value: each argument must
# reject some of them (the ones its type cannot mean)
BAD = ["", " ", "²", "-3", "-1", "0", "abc", "10**11", "99999", "1e3", "nan", "inf", "-inf", "1.5",
       "999.1.1.1", "\x00", "a" * 5000, "9" * 5000, "/etc/passwd", "/", "x;rm -rf ~", "Ana,,Bo",
       "Ana,Ana", "٣", "0x10", "True"]


def _subcommands() -> dict[str, argparse.ArgumentParser]:
    parser = cli.build_parser()
    subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    assert len(subs) == 1
    return dict(subs[0].choices)


def _value_actions():
    """(subcommand, action) for every argument that takes a value."""
    for name, sub in _subcommands().items():
        for action in sub._actions:
            if isinstance(action, (argparse._HelpAction, argparse._StoreTrueAction,
                                   argparse._StoreFalseAction, argparse._VersionAction)):
                continue
            assert action.nargs != 0, f"{name}: {action.dest} takes no value but is not a flag"
            yield name, action


VALUE_ACTIONS = list(_value_actions())
IDS = [f"{name}-{a.option_strings[0] if a.option_strings else a.dest}" for name, a in VALUE_ACTIONS]


def _argv(name: str, action: argparse.Action, value: str) -> list[str]:
    sub = _subcommands()[name]
    positionals = [a for a in sub._actions if not a.option_strings and a.nargs != 0
                   and not isinstance(a, argparse._HelpAction)]
    for a in positionals:
        assert a.dest in GOOD_POSITIONALS, f"add a good value for {name}'s {a.dest} to GOOD_POSITIONALS"
    if action.option_strings:
        return [name, f"{action.option_strings[0]}={value}",
                *(GOOD_POSITIONALS[a.dest] for a in positionals if a.nargs not in ("?", "*"))]
    return [name, "--", *(value if a.dest == action.dest else GOOD_POSITIONALS[a.dest] for a in positionals)]


def _one_line_error(capsys, argv: list[str]) -> str:
    with pytest.raises(SystemExit) as info:
        cli.build_parser().parse_args(argv)
    err = capsys.readouterr().err
    assert info.value.code == 2, (argv, err)
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, f"{argv!r} gives {len(lines)} lines: {err!r}"
    return lines[0]


def test_every_argument_has_a_checking_type():
    assert {name for name, _ in VALUE_ACTIONS} >= {"play", "check", "serve", "bench"}
    for name, action in VALUE_ACTIONS:
        what = f"{name} {action.option_strings or action.dest}"
        if action.choices is not None:
            continue
        assert action.type is not None, f"{what} has no type"
        assert action.type not in (int, float, str), f"{what}: a bare {action.type.__name__} says no range"
        assert getattr(action.type, "__module__", "") == cli.__name__, f"{what}: a type of tablekit.cli"


@pytest.mark.parametrize("name,action", VALUE_ACTIONS, ids=IDS)
def test_bad_values_give_one_clear_line(name, action, capsys):
    rejected = []
    for value in BAD:
        if action.choices is not None:
            if value in action.choices:
                continue
        else:
            try:
                action.type(value)
                continue
            except argparse.ArgumentTypeError as exc:  # any other exception is a bug
                msg = str(exc)
                assert msg and "\n" not in msg and len(msg) < 250, f"{value!r}: {msg!r}"
        rejected.append(value)
        line = _one_line_error(capsys, _argv(name, action, value))
        label = action.option_strings[0] if action.option_strings else (action.metavar or action.dest)
        assert label in line, f"{line!r} does not name {label}"
        assert "9" * 100 not in line and "a" * 100 not in line, "the message echoes a huge value"
    assert len(rejected) >= 3, f"{name} {action.dest} rejects almost nothing: {rejected}"


# the failures of the issue, one by one, with what the message must say
CASES = [
    (["play", "creatures", "--players", "²"], ["--players", "whole number", "1 to 7"]),
    (["play", "creatures", "--players", "abc"], ["--players", "two or more names"]),
    (["play", "creatures", "--players", "10**11"], ["--players", "whole number"]),
    (["play", "creatures", "--players", "1" * 21], ["--players", "whole number"]),
    (["play", "creatures", "--players", "Ana,,Bo"], ["player name"]),
    (["play", "creatures", "--players", "Ana,Ana"], ["unique"]),
    (["play", "creatures", "--seed", "abc"], ["--seed", "whole number"]),
    (["play", "creatures", "--seed=-1"], ["--seed", "0 to"]),
    (["play", "chess"], ["chess", "creatures", "labyrinth", "lfg"]),
    (["play", "creatures", "--bots", "genius"], ["--bots", "genius"]),
    (["bench", "creatures", "--seeds", "0"], ["--seeds", "1 to"]),
    (["bench", "creatures", "--seconds", "nan"], ["--seconds", "above 0"]),
    (["bench", "creatures", "--seconds", "-inf"], ["--seconds"]),
    (["bench", "creatures", "--seconds", "0"], ["--seconds"]),
    (["serve", "--port=-1"], ["--port", "1 to 65535"]),
    (["serve", "--port", "99999"], ["--port", "1 to 65535"]),
    (["serve", "--port", "0"], ["--port"]),
    (["serve", "--ip", "999.1.1.1"], ["--ip", "IP address"]),
    (["serve", "--pool-size=-2"], ["--pool-size"]),
    (["serve", "--cull-idle", "soon"], ["--cull-idle"]),
    (["serve", str(ROOT / "README.md")], ["notebook", ".ipynb"]),
    (["serve", str(ROOT / "cards")], ["notebook"]),
    (["serve", "no-such-notebook.ipynb"], ["no-such-notebook"]),
    (["check", "no-such-file.yaml"], ["no-such-file"]),
    ([], ["command"]),
    (["chess"], ["chess"]),
]


@pytest.mark.parametrize("argv,words", CASES, ids=[" ".join(a) or "nothing" for a, _ in CASES])
def test_issue_cases(argv, words, capsys):
    line = _one_line_error(capsys, argv)
    for w in words:
        assert w.lower() in line.lower(), f"{w!r} is not in {line!r}"


@pytest.mark.parametrize("count", ["7", "-3", "0", "1", "100000000000", "99999999999999999999"])
def test_a_count_the_game_does_not_seat_is_one_line(count, capsys):
    """A count is checked against the game's own counts, at once (never by
    building a trillion seats first)."""
    assert cli.main(["play", "creatures", f"--players={count}"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("tablekit: ") and "2 to 4" in err and f"not {int(count)}" in err
    assert "\n" not in err and "Traceback" not in err


def test_a_cooperative_game_prints_its_ending_and_no_scores(capsys):
    assert cli.main(["play", "foehunters", "--players", "3", "--seed", "5", "--bots", "heuristic"]) == 0
    out = capsys.readouterr().out
    last = out.strip().splitlines()[-2:]
    assert last[0].startswith("Ended: ") and ("[foe_defeated: " in last[0] or "[party_defeated: " in last[0])
    assert last[1].startswith("Winners: ") and "Scores:" not in out
    assert "Round 1 › Foe phase › Play the top foe card" in out  # the game opens with the foe


def test_good_arguments_still_work(capsys):
    assert cli.main(["play", "creatures", "--players", "Ana,Bo", "--seed", "3"]) == 0
    assert "Winners:" in capsys.readouterr().out
    args = cli.build_parser().parse_args(["serve", "--port", "9000", "--ip", "::1", "--pool-size", "0",
                                          "--cull-idle", "900", "index.ipynb"])
    assert (args.port, args.ip, args.pool_size, args.cull_idle) == (9000, "::1", 0, 900)
    args = cli.build_parser().parse_args(["serve", str(ROOT / "notebooks")])
    assert args.notebook == str(ROOT / "notebooks")
    args = cli.build_parser().parse_args(["bench", "lfg", "--seconds", "0.5", "--seeds", "3"])
    assert (args.seconds, args.seeds) == (0.5, 3)
    args = cli.build_parser().parse_args(["play", "lfg", "--players", "5"])
    assert args.players == 5


SECRET = "root:$6$TopSecretSaltAndHash:19000:0:99999:7:::"  # as /etc/shadow begins


def test_check_does_not_echo_a_file_that_is_not_a_scenario(tmp_path, capsys):
    """`tablekit check /etc/shadow`: a file that is not YAML is refused by name."""
    txt = tmp_path / "shadow"
    txt.write_text(SECRET + "\ndaemon:*:19000:0:99999:7:::\n", encoding="utf-8")
    line = _one_line_error(capsys, ["check", str(txt)])
    assert "TopSecret" not in line and "$6$" not in line
    assert ".yaml" in line


def test_check_does_not_echo_the_first_line_of_a_yaml_file_that_is_not_a_scenario(tmp_path, capsys):
    """The same text in a .yaml file reaches the scenario loader: its error
    says what is wrong without quoting the file's first line."""
    p = tmp_path / "shadow.yaml"
    p.write_text(SECRET + "\ndaemon:*:19000:0:99999:7:::\n", encoding="utf-8")
    assert cli.main(["check", str(p)]) == 1
    out = capsys.readouterr()
    assert "TopSecret" not in out.out + out.err and "Traceback" not in out.out + out.err
    assert str(p) in out.out


def test_the_real_command_prints_no_traceback(tmp_path):
    """In a process of its own, as a user types it."""
    for argv in (["play", "creatures", "--players", "²"], ["serve", "--ip", "999.1.1.1"],
                 ["bench", "creatures", "--seconds", "nan"]):
        r = subprocess.run([sys.executable, "-m", "tablekit.cli", *argv], capture_output=True, text=True,
                           timeout=60, cwd=tmp_path)
        assert r.returncode == 2, r.stderr
        assert "Traceback" not in r.stderr and r.stdout == ""
        assert len(r.stderr.strip().splitlines()) == 1, r.stderr


def test_the_setup_arguments_reach_the_game(capsys):
    assert cli.main(["play", "lfg", "--players", "5", "--seed", "3", "--option", "hand_size=4",
                     "--json"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert json.loads(out[-1])["result"]["winners"] is not None
    assert cli.main(["play", "lfg", "--option", "hand_size=9"]) == 2
    assert "hand_size" in capsys.readouterr().err
    assert cli.main(["play", "creatures", "--ruling", "CC-THIEF=other"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "no ruling with a second reading" in err[0]
    args = cli.build_parser().parse_args(["bench", "lfg", "--variant", "little_chaos", "--option", "x=1",
                                          "--ruling", "LFG-A=b"])
    assert args.variant == "little_chaos" and cli._options(args) == {"x": 1, "rulings": {"LFG-A": "b"}}
