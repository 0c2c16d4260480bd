"""Scenario format version 2 and the migration of version 1 files (core/scenario/migrate.py):
real files of the project's past (tests/data/v1, taken from git at the commits before each
rename of the format's contents) load; the frozen corpus migrates and gives the same results
once rewritten by `tablekit migrate`; each step of the migration on its own; the new checks."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import tablekit
from tablekit import cli
from tablekit.core.errors import ScenarioError
from tablekit.core.scenario import build, parse, read, run
from tablekit.core.scenario.migrate import migrate_text

DATA = Path(__file__).resolve().parent / "data"
V1 = sorted((DATA / "v1").glob("*/*/*.yaml"))
# the real version 1 files that still give every outcome they gave (the others changed
# because the rules' words or rulings did, not the format; each still loads and runs)
STILL_PASS = {
    "9912a94/labyrinth/chain-two-cards-action-spent.yaml", "e8ecebd/creatures/thief-not-counting-own.yaml",
    "e8ecebd/creatures/thief-tie-lowest-card.yaml", "e8ecebd/creatures/turned-up-joker.yaml",
    "e8ecebd/labyrinth/card-resolves-from-the-stack.yaml", "e8ecebd/labyrinth/chain-one-card-resolves.yaml",
    "e8ecebd/labyrinth/counter-on-another-lords-turn.yaml", "e8ecebd/labyrinth/empty-heroes-deck.yaml",
    "e8ecebd/labyrinth/golem-not-in-retinue.yaml", "e8ecebd/labyrinth/reshuffle-only-at-the-draw.yaml",
    "e8ecebd/labyrinth/second-legendary-retinue-refused.yaml", "e8ecebd/labyrinth/third-retinue-ends-the-game.yaml",
    "e8ecebd/labyrinth/two-identical-retinues.yaml", "e8ecebd/lfg/friendly-fire.yaml",
    "f3146d1/creatures/thief-not-counting-own.yaml", "f3146d1/labyrinth/counter-on-another-lords-turn.yaml",
    "f3146d1/labyrinth/empty-heroes-deck.yaml", "f3146d1/labyrinth/golem-not-in-retinue.yaml",
    "f3146d1/labyrinth/reshuffle-only-at-the-draw.yaml", "f3146d1/labyrinth/second-legendary-retinue-refused.yaml",
    "f3146d1/labyrinth/third-retinue-ends-the-game.yaml", "f3146d1/labyrinth/two-identical-retinues.yaml",
    "f3146d1/lfg/same-priority-by-renown.yaml",
}


def test_every_real_version_1_file_loads_and_runs_after_migration():
    assert len(V1) >= 40
    passing = set()
    for path in V1:
        data = read(path)
        assert "format_version 1 -> 2" in data.migrated
        _, outcomes = run(data, str(path))
        if all(o.passed for o in outcomes):
            passing.add(str(path.relative_to(DATA / "v1")))
    assert STILL_PASS <= passing, STILL_PASS - passing


def test_the_steps_of_version_1_each_said():
    said = {str(p.relative_to(DATA / "v1")): read(p).migrated for p in V1}
    assert "setup.extra: turn -> this_turn (this turn's data)" in said["f3146d1/creatures/thief-not-counting-own.yaml"]
    assert any("'steal' is an old name" in c for c in said["f3146d1/creatures/thief-not-counting-own.yaml"])
    chain = said["f3146d1/labyrinth/chain-one-card-resolves.yaml"]
    assert any(c.startswith("setup.extra.chain dropped") for c in chain)
    assert any(c.startswith("setup.extra.this_turn.ret_used dropped") for c in chain)
    assert sum("a lasting restriction in start.lasting" in c for c in said["e8ecebd/lfg/friendly-fire.yaml"]) == 3


V1_TEXT = """\
format_version: 1  # written before version 2
game: lfg
players: [Ana, Bo]
seed: 1
setup:
  cards:
    {card}: {{protected: true}}
start: {{at: [Rounds, Round, Reveal]}}
"""


def test_a_protected_hero_becomes_a_lasting_protection_and_a_renamed_option_resolves():
    game = build(parse(V1_TEXT.format(card="Knight#1"), "old.yaml"), "old.yaml")
    assert [e["text"] for e in game.state.lasting] == ["Knight is protected until the end of the round"]
    assert game.state.lasting[0]["targets"] == ["Knight#1"]
    # Creatures' "steal" stands for the Thief's replacement wherever one is offered
    creatures = tablekit.get_game("creatures")
    assert creatures.option_aliases == {"steal": "replace:*"}


def test_what_cannot_be_carried_over_is_refused_at_its_line():
    text = ("format_version: 1\ngame: labyrinth\nplayers: [Ana, Bo]\nseed: 1\nsetup:\n  extra:\n"
            "    chain: [sabotage]\n")
    with pytest.raises(ScenarioError, match=r"old.yaml, line 7: setup.extra.chain is state .* no longer keeps"):
        parse(text, "old.yaml")
    with pytest.raises(ScenarioError, match=r"line 7: .*protected is now a lasting effect.*start.at"):
        parse(V1_TEXT.format(card="Knight#1").replace("start: {at: [Rounds, Round, Reveal]}\n", ""), "old.yaml")
    st = tablekit.new_game("labyrinth", seed=1).state
    counts: dict[str, int] = {}
    for c in st.cards.values():
        counts[c["card"]] = counts.get(c["card"], 0) + 1
    card, copies = next((k, n) for k, n in sorted(counts.items()) if n > 1)
    text = ("format_version: 1\ngame: labyrinth\nplayers: [Ana, Bo]\nseed: 1\nsetup:\n  zones:\n"
            f"    discard: [{', '.join([card] * (copies + 1))}]\n")
    with pytest.raises(ScenarioError, match=rf"line 7: more copies of '{card}' than the game has \({copies}\)"):
        build(parse(text, "old.yaml"), "old.yaml")  # migration never invents a card


def test_a_version_1_error_still_names_the_files_own_line():
    text = V1_TEXT.format(card="Knight#1") + "decisions:\n  - player: Ana\n    expect_not_offered: [{a: 1}]\n"
    with pytest.raises(ScenarioError, match=r"old.yaml, line 11: .*expect_unavailable"):
        parse(text, "old.yaml")


def test_migrate_shows_then_writes_keeping_comments_and_every_other_line(tmp_path, capsys):
    src = DATA / "frozen" / "scenarios" / "mirkwood" / "ruling-06-sentinel-after-the-defender.yaml"
    path = tmp_path / "old.yaml"
    text = src.read_text(encoding="utf-8").replace("game: mirkwood", "game: mirkwood  # the quest")
    path.write_text(text, encoding="utf-8")
    assert cli.main(["migrate", str(path)]) == 0
    shown = capsys.readouterr().out
    assert "not written: add --write" in shown and "+format_version: 2" in shown
    assert path.read_text(encoding="utf-8") == text  # shown, not written
    assert cli.main(["migrate", "--write", str(path)]) == 0
    new = path.read_text(encoding="utf-8")
    assert "game: mirkwood  # the quest" in new and "expect_unavailable:" in new and "more_illegal: true" in new
    changed = [(a, b) for a, b in zip(text.splitlines(), new.splitlines()) if a != b]
    assert len(new.splitlines()) == len(text.splitlines()) and 2 <= len(changed) <= 6
    assert cli.main(["migrate", str(path)]) == 0
    assert "already at the current format" in capsys.readouterr().out


def test_migrate_round_trips_the_frozen_corpus_without_changing_results(tmp_path):
    manifest = json.loads((DATA / "frozen" / "manifest.json").read_text(encoding="utf-8"))
    for rel, outcomes in sorted(manifest["scenarios"].items()):
        text = (DATA / "frozen" / "scenarios" / rel).read_text(encoding="utf-8")
        new, changes = migrate_text(text, rel)
        assert changes and new.count("\n") >= text.count("\n") - 3, rel
        data = parse(new, rel)
        assert data.migrated == [], rel  # written at the current format
        _, got = run(data, rel)
        assert [o.passed for o in got] == [p for _, p in outcomes], rel


def test_every_project_scenario_is_at_the_current_format_and_sets_no_private_state():
    root = Path(__file__).resolve().parent.parent / "scenarios"
    files = sorted(root.glob("*/*.yaml"))
    assert len(files) >= 150
    old = [p.name for p in files if parse(p.read_text(encoding="utf-8"), p.name).migrated]
    assert not old, old
    private = [p.name for p in files if re.search(r"(?<![\w])_[a-z]", p.read_text(encoding="utf-8"))]
    assert not private, private  # the engine's own names (_this_turn...) never appear in a file


def test_a_current_file_that_names_private_state_is_refused_with_its_public_name():
    text = ("format_version: 2\ngame: creatures\nplayers: [Ana, Bo]\nseed: 1\nsetup:\n  extra:\n"
            "    _this_turn: {kills: 1}\n")
    with pytest.raises(ScenarioError, match=r"line 7: .*_this_turn"):
        parse(text, "new.yaml")
    text = "format_version: 2\ngame: creatures\nexpect:\n  - extra: {key: _used_turn, equals: []}\n"
    with pytest.raises(ScenarioError, match=r"line 4: .*private state.*'used_this_turn'"):
        parse(text, "new.yaml")


def _decision_with_an_illegal_option(game_id: str = "foehunters"):
    """A game at a decision that shows an option as illegal (random legal answers until one)."""
    import random

    rnd = random.Random(1)
    for seed in range(1, 30):
        game = tablekit.new_game(game_id, seed=seed)
        while not game.is_over and len(game.history) < 400:
            d = game.pending
            if d is None:
                game.step()
                continue
            bad = [o for o in d.options if not o.legal]
            good = [o for o in d.options if o.legal]
            if bad and good:
                return game, d, bad[0], good[0]
            game.choose(*[o.id for o in rnd.sample(good, d.min)] if d.min else [])
    raise AssertionError("no decision showed an illegal option")


def test_unavailable_accepts_not_offered_and_illegal_with_its_reason_and_refuses_legal():
    from tablekit.core.scenario.checks import check_unavailable

    game, d, illegal, legal = _decision_with_an_illegal_option()
    piece = illegal.reason[:12]
    assert check_unavailable(game, d, "no-such-option", 1).passed
    assert check_unavailable(game, d, {"option": "no-such-option", "reason_contains": "x"}, 1).passed
    assert check_unavailable(game, d, illegal.id, 1).passed
    assert check_unavailable(game, d, {"option": illegal.id, "reason_contains": piece}, 1).passed
    assert not check_unavailable(game, d, {"option": illegal.id, "reason_contains": "no such words"}, 1).passed
    out = check_unavailable(game, d, legal.id, 1)
    assert not out.passed and out.actual == "offered, legal"
    assert not check_unavailable(game, None, legal.id, 1).passed


def test_more_illegal_lets_a_version_1_list_leave_out_an_option_shown_illegal_since():
    from tablekit.core.scenario.checks import check_expectation

    game, d, illegal, _ = _decision_with_an_illegal_option()
    listed = [o.id for o in d.options if o.id != illegal.id]
    strict = {"pending": {"player": d.player, "options": listed}}
    assert not check_expectation(game, strict, "p.yaml").passed
    assert check_expectation(game, {"pending": {**strict["pending"], "more_illegal": True}}, "p.yaml").passed


def test_migrate_brings_every_frozen_save_to_the_current_format(tmp_path, capsys):
    import tablekit
    from tablekit.core.timeline import SAVE_FORMAT_VERSION

    saves = sorted((DATA / "frozen" / "saves").glob("*.json"))
    assert len(saves) >= 15
    for src in saves:
        path = tmp_path / src.name
        text = src.read_text(encoding="utf-8")
        path.write_text(text, encoding="utf-8")
        assert cli.main(["migrate", str(path)]) == 0, src.name
        shown = capsys.readouterr().out
        assert "format_version 2 → 3" in shown and "not written: add --write" in shown, src.name
        assert path.read_text(encoding="utf-8") == text  # shown, not written
        assert cli.main(["migrate", "--write", str(path)]) == 0, src.name
        capsys.readouterr()
        new = json.loads(path.read_text(encoding="utf-8"))
        assert new["format_version"] == SAVE_FORMAT_VERSION, src.name
        assert "cursor" not in json.dumps(new.get("base")), src.name  # no engine state in the start
        before, after = tablekit.load(text), tablekit.load(path.read_text(encoding="utf-8"))
        assert after.state.to_json() == before.state.to_json(), src.name
        assert len(after.history) == len(before.history), src.name
        assert cli.main(["migrate", str(path)]) == 0
        assert "already at the current format" in capsys.readouterr().out, src.name


def test_migrate_refuses_a_broken_save_naming_it_and_changes_nothing(tmp_path, capsys):
    path = tmp_path / "broken.json"
    path.write_text('{"format_version": 1, "game": "creatures"}', encoding="utf-8")
    assert cli.main(["migrate", "--write", str(path)]) == 1
    assert "broken.json: this save has format_version 1" in capsys.readouterr().out
    assert path.read_text(encoding="utf-8") == '{"format_version": 1, "game": "creatures"}'
