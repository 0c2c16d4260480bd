"""Each game's guided first game (issue 45), played through in Python: every lesson is
reached, every answer a lesson asks for is legal when it shows, the decision kinds of
the deal are taught or left to a scenario that shows them, and every cited id exists.
The guide engine itself (core/guide.py) is checked on a small file of its own."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest

from tablekit.core.engine import make_game
from tablekit.core.guide import (
    GuideError,
    GuideRun,
    advance,
    learner_decides,
    load_guide,
    read_guide,
    walk,
)
from tablekit.core.guideschema import MAX_LESSONS, MIN_LESSONS
from tablekit.core.registry import get_game, registry
from tablekit.core.scenario import read as read_scenario
from tablekit.core.scenario.playing import run as run_scenario

ROOT = Path(__file__).resolve().parent.parent
GAMES = sorted(registry())


@lru_cache(maxsize=None)
def walked(game_id: str):
    guide = load_guide(game_id)
    shown = []
    out = walk(guide, on_lesson=lambda g, run, lesson: shown.append((lesson.id, run.index, len(g.history))))
    return guide, out, shown


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_has_a_guide_of_15_to_40_lessons_citing_its_own_rules(game_id):
    guide = load_guide(game_id)
    assert guide is not None, f"{game_id} has no guide.yaml"
    assert MIN_LESSONS <= len(guide.lessons) <= MAX_LESSONS
    assert guide.game == game_id and guide.seat in guide.players
    assert set(guide.bots) == set(guide.players) - {guide.seat}, "every other seat is a seeded bot"
    assert guide.summary and guide.seeds.get("tried", 0) >= 50, "the seed was picked among at least 50"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_guide_plays_through_every_lesson_in_order(game_id):
    guide, out, shown = walked(game_id)
    assert [s[0] for s in shown] == [lesson.id for lesson in guide.lessons]
    assert [s[1] for s in shown] == list(range(len(guide.lessons)))
    assert out.shown_at == sorted(out.shown_at), "each lesson shows no earlier than the one before"
    # a lesson waiting for a decision kind shows at a decision of that kind
    for lesson, kind in zip(guide.lessons, out.lesson_kinds):
        if lesson.at and lesson.at[0] == "decision":
            assert kind == lesson.at[1], lesson.id
        if lesson.answers:
            assert kind is not None, f"{lesson.id}: an answer lesson shows at one of the learner's decisions"


@pytest.mark.parametrize("game_id", GAMES)
def test_every_answer_a_lesson_asks_for_is_legal_when_it_shows(game_id):
    guide = load_guide(game_id)
    checked = []

    def check(game, run, lesson):
        if lesson.do in ("option", "card"):
            want = run.expected(game)
            assert want is not None, lesson.id
            legal = {o.id for o in game.pending.options if o.legal}
            assert set(want) <= legal, lesson.id
            checked.append(lesson.id)

    walk(guide, on_lesson=check)
    assert checked, "a guide asks for at least one particular answer"


def scenario_kinds(game_id: str, name: str) -> set[str]:
    """The kinds of the decisions a scenario's game answers (each found by going back to it)."""
    path = ROOT / "scenarios" / game_id / name
    data = read_scenario(path)
    game, _ = run_scenario(data, str(path))
    kinds = set()
    for rec in list(game.history):
        if rec.kind == "choice":
            game.goto(rec.index)
            if game.pending is not None:
                kinds.add(game.pending.kind)
    return kinds


@pytest.mark.parametrize("game_id", GAMES)
def test_the_kinds_the_deal_misses_are_left_to_scenarios_that_show_them(game_id):
    guide, out, _ = walked(game_id)
    # a kind is taught when a lesson asks for an answer at a decision of that kind; every
    # kind the learner meets on the guide's way is
    taught = {kind for lesson, kind in zip(guide.lessons, out.lesson_kinds) if lesson.answers and kind}
    assert set(out.kinds) <= taught, f"met on the way, never taught: {sorted(set(out.kinds) - taught)}"
    left = {e.kind for e in guide.left}
    assert not taught & left, "a kind the guide teaches is not also left to a scenario"
    for e in guide.left:
        assert e.kind in scenario_kinds(game_id, e.scenario), f"{e.scenario} shows no {e.kind!r} decision"
    # every kind a seat meets in whole games of the guide's table is taught or left to a scenario
    met = set()
    for seed in (1, 2, 3):
        g = make_game(get_game(game_id), list(guide.players), seed, None, dict(guide.options) or None)
        everyone = {p: "heuristic" for p in guide.players}
        while not g.is_over and len(g.history) < 20_000:
            if g.pending is not None and learner_decides(g.pending, guide.seat):
                met.add(g.pending.kind)
            advance(g, everyone, "")
    assert met <= taught | left, f"not taught and not left to a scenario: {sorted(met - taught - left)}"


# -- the engine on a file of its own ------------------------------------------------------------

GOOD = """\
game: creatures
title: A test guide
players: [Ana, Bo]
seat: Ana
bots: {Bo: heuristic}
seed: 1
seeds: {tried: 50, kinds: 3}
lessons:
""" + "".join(f"""\
  - id: read-{i}
    teaches: [CC-KINGS]
    say: Words {i}.
    do: next
""" for i in range(15)) + """\
summary: [the Kings]
"""


def test_a_guide_file_is_read_and_its_lessons_followed(tmp_path):
    p = tmp_path / "guide.yaml"
    p.write_text(GOOD)
    guide = read_guide(p)
    assert len(guide.lessons) == 15 and guide.lessons[3].id == "read-3" and guide.lessons[3].line == 21
    out = walk(guide)
    assert out.shown_at == [0] * 15, "lessons of words need no move of the game"


@pytest.mark.parametrize("change, where", [
    (("    do: next\n", "    do: jump\n", 1), "line 12: lesson [1].do must be"),
    (("    say: Words 2.\n", "    sayy: Words 2.\n", 1), "line 17"),
    (("seed: 1\n", "seed: -4\n", 1), "line 6: seed must be at least 0"),
    (("  - id: read-1\n", "  - id: read-0\n", 1), "line 13: lesson id 'read-0' is used already (line 9)"),
    (("seat: Ana\n", "seat: Cy\n", 1), "line 4: the learner's seat 'Cy' is not one of the players"),
])
def test_a_broken_guide_file_names_the_file_the_line_and_the_field(tmp_path, change, where):
    p = tmp_path / "guide.yaml"
    old, new, n = change
    assert old in GOOD
    p.write_text(GOOD.replace(old, new, n))
    with pytest.raises(GuideError) as err:
        read_guide(p)
    assert str(p) in str(err.value) and where in str(err.value), str(err.value)


def test_too_few_lessons_and_an_unknown_ruling_are_refused(tmp_path):
    p = tmp_path / "guide.yaml"
    p.write_text(GOOD.replace("  - id: read-14\n    teaches: [CC-KINGS]\n    say: Words 14.\n    do: next\n", ""))
    with pytest.raises(GuideError, match="lessons must list at least 15"):
        read_guide(p)
    from tablekit.core.guide import check_against_game

    p.write_text(GOOD.replace("[CC-KINGS]", "[CC-NOTHING]", 1))
    with pytest.raises(GuideError, match="line 9: lesson 'read-0' teaches 'CC-NOTHING'"):
        check_against_game(read_guide(p), get_game("creatures"))


def test_a_wrong_turn_is_noticed_undone_or_kept(tmp_path):
    """On the Creatures guide: the first lesson that asks for one answer among several is
    answered otherwise; Undo goes back to its question, Go on keeps the answer and goes on."""
    guide = load_guide("creatures")
    g = guide.new_game()
    run = GuideRun(guide)
    while True:
        lesson = run.lesson()
        if run.ready(g) and lesson.do == "option" and len([o for o in g.pending.options if o.legal]) > 1:
            break
        if run.ready(g) and lesson.do == "next":
            run.next(g)
        elif run.ready(g) and lesson.answers:
            want = run.expected(g)
            before, asked = len(g.history), run.before_answer(g)
            ids = list(want) if want else [o.id for o in g.pending.options if o.legal][:1]
            g.choose(*ids)
            run.answered(g, ids, before, asked)
        else:
            ready = run.ready(g)
            advance(g, guide.bots, guide.seat)
            run.moved(g, ready)
    at, index = len(g.history), run.index
    other = next(o.id for o in g.pending.options if o.legal and o.id not in run.expected(g))
    asked = run.before_answer(g)
    g.choose(other)
    run.answered(g, [other], at, asked)
    assert run.wrong is not None and run.index == index and run.wrong.wanted.startswith("“")
    run.undo_wrong(g)
    assert len(g.history) == at and run.wrong is None and run.ready(g) and run.index == index
    g.choose(other)
    run.answered(g, [other], at, asked)
    run.go_on(g)
    assert run.off_path and run.index == index + 1 and run.wrong is None
    run.restart(g)
    assert len(g.history) == 0 and run.index == 0 and not run.off_path


@pytest.mark.parametrize("game_id", GAMES)
def test_the_games_page_offers_learn_to_play_first(game_id):
    import notebook_checks as NC

    NC.assert_offers_learn_to_play(ROOT / "notebooks" / f"{game_id}.ipynb", game_id)


def test_the_index_offers_each_games_learn_to_play_first():
    from tablekit.widgets.index import GameIndex, learn_links

    links = learn_links(ROOT / "notebooks")
    for game_id in GAMES:
        assert f"href='{game_id}.ipynb#Learn-to-play'" in links
    page = GameIndex(ROOT / "notebooks").value
    assert page.index("tk-learn-link") < page.index("tk-tile")
