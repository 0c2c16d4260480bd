"""The balance lab widget (kernel side), run against a small stand-in for
`tablekit.simulate`/`tablekit.compare` that keeps their contract (the columns,
`progress`, `cancel`), then once against the real `tablekit.simulate`."""

from __future__ import annotations

import os
import random
import threading
import time
from html import escape
from types import SimpleNamespace

import pandas as pd
import pytest

import tablekit
from tablekit.balance import summary
from tablekit.core.registry import get_game
from tablekit.widgets import balance as B
from tablekit.widgets.balance import BalanceLab

PNG = b"\x89PNG"


class FakeSimulate:
    """Plays no game: one row a seeded "game" as THE API shapes it, `delay` seconds each,
    calling `progress` and stopping when `cancel` is set. Records each call and its thread."""

    def __init__(self, delay: float = 0.0):
        self.delay = delay
        self.calls: list[dict] = []
        self.threads: list[threading.Thread] = []

    def __call__(self, game, games=1000, players=None, bots="random", variant=None, options=None, seed=0,
                 workers=None, executor=None, chunk=None, progress=None, cancel=None):
        self.calls.append(dict(game=game, games=games, players=players, bots=bots, variant=variant,
                               options=options, seed=seed, workers=workers))
        self.threads.append(threading.current_thread())
        n = players if players is not None else get_game(game).default_players
        rows = []
        for i in range(games):
            if cancel is not None and cancel.is_set():
                break
            time.sleep(self.delay)
            rng = random.Random(seed + i)
            won = rng.randrange(n)
            row = {"game": i, "seed": seed + i, "players": n, "variant": variant, "ending": "most_treasure",
                   "records": rng.randint(40, 160), "rounds": rng.randint(4, 16), "winners": f"P{won + 1}"}
            for k in range(1, n + 1):
                kind = bots if isinstance(bots, str) else list(bots)[k - 1]
                row.update({f"seat{k}_name": f"P{k}", f"seat{k}_bot": kind, f"seat{k}_score": rng.randint(0, 9),
                            f"seat{k}_won": k - 1 == won, f"seat{k}_hero": rng.choice(["Priest", "Thief"])})
            rows.append(row)
            if progress is not None:
                progress(len(rows), games)
        df = pd.DataFrame(rows)
        df.attrs["cancelled"] = bool(cancel is not None and cancel.is_set())
        return df


class FakeCompare:
    """`compare` as THE API says: the same seeds under a and b (through the fake simulate)."""

    def __init__(self, simulate: FakeSimulate):
        self.simulate = simulate
        self.calls: list[tuple] = []

    def __call__(self, game, a, b, games=1000, **common):
        self.calls.append((game, a, b, games, common))
        frames = [self.simulate(game, games=games, **{**common, **B.run_args(s)}) for s in (a, b)]
        rate = [df["seat1_won"].mean() for df in frames]
        table = pd.DataFrame({"a": rate[0], "b": rate[1], "diff": rate[1] - rate[0], "ci_low": -0.1,
                              "ci_high": 0.1}, index=["win rate seat 1"])
        return SimpleNamespace(a=frames[0], b=frames[1], table=table)


def is_png(value) -> bool:
    """A PNG image of some size (its header's width and height above 100 pixels)."""
    data = bytes(value)
    return data.startswith(PNG) and min(int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")) > 100


def lab_with(delay: float = 0.0, game: str = "creatures"):
    sim = FakeSimulate(delay)
    cmp = FakeCompare(sim)
    return BalanceLab(simulate=sim, compare=cmp, game=game), sim, cmp


def run_and_wait(lab, timeout: float = 60) -> None:
    lab.run_button.click()
    assert lab.banner.value == "", lab.banner.value
    assert lab.wait(timeout)
    assert lab.view.banner.value == "", lab.view.banner.value


@pytest.fixture(autouse=True)
def jupyterlab(monkeypatch):
    monkeypatch.delenv("VOILA_KERNEL_ID", raising=False)


def test_building_the_lab_plays_no_game_and_follows_the_game():
    lab, sim, _ = lab_with(game="mirkwood")
    assert sim.calls == [] and lab.view.thread is None
    assert list(lab.players.options) == [(str(n), n) for n in range(1, 5)] and lab.players.value == 1
    assert set(lab.setting_a.rulings) == {"MK-ATTACK-ORDER", "MK-ENGAGE-TIE"}
    lab.game.value = "labyrinth"
    assert lab.players.value == 2 and list(lab.setting_a.rulings) == ["LAB-CHAIN"]
    assert [v for _, v in lab.setting_a.variant.options] == [B.NO_VARIANT, "gentle"]
    assert {"tk-app", "tk-balance"} <= set(lab._dom_classes)


def test_run_plays_in_a_thread_the_bar_moves_to_the_end_and_tables_and_a_png_appear():
    lab, sim, _ = lab_with(delay=0.02)
    lab.games.value, lab.players.value, lab.seed.value, lab.workers.value = 60, 3, 5, 1
    lab.run_button.click()
    assert lab.view.running and lab.run_button.disabled
    seen = set()
    while lab.view.running:
        seen.add(lab.view.bar.value)
        time.sleep(0.01)
    assert lab.wait(5) and not lab.run_button.disabled
    assert sim.threads[0] is not threading.main_thread() and sim.threads[0] is lab.view.thread
    assert sim.calls == [dict(game="creatures", games=60, players=3, bots="random", variant=None, options=None,
                              seed=5, workers=1)]
    assert any(0 < v < 60 for v in seen), seen                    # it moved while the games were played
    assert (lab.view.bar.value, lab.view.bar.max) == (60, 60)
    assert "Done: 60 of 60 games played (seeds 5 to 64)" in lab.view.status.value
    html = lab.view.tables_html.value
    for title in B.TABLE_TITLES.values():
        assert escape(title) in html
    assert "<table" in html and "Priest" in html and "Thief" in html
    assert is_png(lab.view.plot.value) and lab.view.plot.layout.display == ""
    by_position = lab.view.tables["by_position"]
    assert list(by_position["position"]) == [1, 2, 3] and by_position["games"].tolist() == [60, 60, 60]
    assert by_position["wins"].sum() == 60


def test_cancel_stops_the_run_within_2_seconds_and_says_after_how_many_games():
    lab, sim, _ = lab_with(delay=0.05)
    lab.games.value = 5000
    lab.run_button.click()
    while lab.view.bar.value < 3:
        time.sleep(0.01)
    lab.view.cancel_button.click()
    assert lab.wait(2.0), "the run was still going 2 s after Cancel"
    played = len(lab.view.result)
    assert 3 <= played < 5000 and lab.view.result.attrs["cancelled"]
    assert f"Cancelled after {played:,} games of 5,000" in lab.view.status.value
    assert lab.view.cancel_button.disabled and not lab.run_button.disabled


def test_jupyterlab_defaults_to_every_core_and_allows_100000_games():
    lab, _, _ = lab_with()
    assert lab.workers.value == (os.cpu_count() or 1) and lab.cap == B.MAX_GAMES_LAB == 100_000
    lab.games.value = 100_000
    assert lab.games_problem() is None and "Up to 100,000 games" in lab.games_note.value
    lab.games.value = 100_001
    assert "100,001 games is too many" in lab.games_note.value


def test_under_voila_one_process_by_default_and_more_than_the_cap_is_refused(monkeypatch):
    monkeypatch.setenv("VOILA_KERNEL_ID", "k1")
    lab, sim, _ = lab_with()
    assert lab.workers.value == 1 and lab.cap == B.MAX_GAMES_SERVED == 2_000
    lab.games.value = 2_000
    assert lab.games_problem() is None
    lab.games.value = 2_001
    assert "2,001 games is too many" in lab.games_note.value and "served to a class" in lab.games_note.value
    lab.run_button.click()
    assert "2,001 games is too many" in lab.banner.value and "JupyterLab" in lab.banner.value
    assert sim.calls == [] and lab.view.thread is None
    lab.games.value, lab.compare.value = 1_500, True              # a comparison plays every seed twice
    assert "1,500 × 2 = 3,000" in lab.games_note.value
    lab.run_button.click()
    assert "3,000 games is too many" in lab.banner.value and sim.calls == []


def test_compare_mode_plays_the_same_seeds_under_a_and_b_and_shows_both():
    lab, sim, cmp = lab_with(game="labyrinth")
    lab.games.value, lab.seed.value, lab.workers.value = 40, 3, 1
    lab.compare.value = True
    assert lab.settings.children == (lab.setting_a, lab.setting_b)
    lab.setting_b.variant.value = "gentle"
    lab.setting_b.rulings["LAB-CHAIN"].value = "stack"
    lab.setting_a.options.value = "max_rounds=50"
    run_and_wait(lab)
    game, a, b, games, common = cmp.calls[0]
    assert (game, games) == ("labyrinth", 40)
    assert a == {"options": {"max_rounds": 50}, "rulings": {"LAB-CHAIN": "words"}}
    assert b == {"variant": "gentle", "rulings": {"LAB-CHAIN": "stack"}}
    assert [c["seed"] for c in sim.calls] == [3, 3] and sim.calls[1]["options"] == {"rulings": {"LAB-CHAIN": "stack"}}
    assert common["workers"] == 1 and common["players"] == 2 and callable(common["progress"])
    assert (lab.view.bar.value, lab.view.bar.max) == (80, 80)
    assert "Done: 80 of 80 games played" in lab.view.status.value
    html = lab.view.tables_html.value
    assert "A and B side by side" in html and "win rate seat 1" in html
    assert "Setting A" in html and "Setting B" in html
    assert is_png(lab.view.plot.value)


@pytest.mark.parametrize("text, words", [
    ("max_rounds", "options are key=value"),
    ("max_rounds=50, max_rounds=60", "given twice"),
    ("rulings=stack", "in its own list"),
    ("nope=1", "has no option 'nope'"),
    ("max_rounds=many", "option 'max_rounds' must be int"),
])
def test_bad_options_text_shows_a_banner_and_plays_nothing(text, words):
    lab, sim, cmp = lab_with(game="labyrinth")
    lab.setting_a.options.value = text
    lab.run_button.click()
    assert escape(words) in lab.banner.value
    assert sim.calls == [] and cmp.calls == [] and lab.view.thread is None and not lab.run_button.disabled


def test_options_text_is_read_as_numbers_true_false_and_text_never_evaluated():
    assert B.parse_options("a=1, b=true\nc=false, d=__import__('os')") == {
        "a": 1, "b": True, "c": False, "d": "__import__('os')"}
    assert B.parse_options("  ") == {}


def test_one_kind_of_bot_per_seat():
    lab, sim, _ = lab_with()
    lab.players.value = 3
    lab.bots.value = B.PER_SEAT
    assert [d.description for d in lab.seat_bots.children] == ["P1", "P2", "P3"]
    lab.seat_bots.children[1].value = "heuristic"
    lab.games.value = 5
    run_and_wait(lab)
    assert sim.calls[0]["bots"] == ["random", "heuristic", "random"]
    assert lab.view.result["seat2_bot"].tolist() == ["heuristic"] * 5


def test_a_second_run_while_one_goes_is_refused():
    lab, sim, _ = lab_with(delay=0.05)
    lab.games.value = 400
    lab.run_button.click()
    lab.run_button.disabled = False                    # a second click that got through
    lab.run_button.click()
    assert "a run is still going" in lab.banner.value and len(sim.calls) == 1
    lab.cancel()
    assert lab.wait(2.0)


def test_an_error_in_the_run_shows_in_the_banner():
    def broken(*_a, **_k):
        raise ValueError("the simulation broke")
    lab = BalanceLab(simulate=broken, compare=broken)
    lab.games.value = 5
    lab.run_button.click()
    assert lab.wait(10)
    assert "ValueError: the simulation broke" in lab.view.banner.value
    assert "stopped with an error" in lab.view.status.value and not lab.run_button.disabled


def test_the_statistics_of_a_run():
    df = FakeSimulate()("creatures", games=50, players=2, seed=1)
    t = summary(df)  # the lab shows the tables of tablekit.balance.summary
    pos = t["by_position"]
    assert pos["wins"].sum() == 50 and (pos["ci_low"] <= pos["win_rate"]).all()
    assert (pos["win_rate"] <= pos["ci_high"]).all()
    assert set(t["by_fact"]["value"]) <= {"Priest", "Thief"} and t["by_fact"]["seats"].sum() == 100
    assert t["endings"].to_dict("records") == [{"ending": "most_treasure", "games": 50, "share": 1.0}]
    assert t["lengths"]["length"].tolist() == ["records", "rounds"]
    assert t["lengths"].set_index("length").loc["rounds", "p50"] == df["rounds"].median()
    html = B.tables_html(t)
    assert "Win rate by seat position" in html and "ci_low" in html and "most_treasure" in html


def test_one_run_with_the_real_simulate():
    """With `tablekit.simulate` (issue 20's other part): 6 real games of Creatures."""
    assert hasattr(tablekit, "simulate"), "tablekit.simulate is not on this branch yet"
    lab = BalanceLab(game="creatures")
    lab.games.value, lab.players.value, lab.workers.value = 6, 3, 1
    run_and_wait(lab, timeout=120)
    assert (lab.view.bar.value, lab.view.bar.max) == (6, 6)
    assert "Done: 6 of 6 games played" in lab.view.status.value
    assert lab.view.result["seed"].tolist() == list(range(6))
    assert is_png(lab.view.plot.value) and "Win rate by seat position" in lab.view.tables_html.value


def test_a_game_without_rounds_and_a_fact_that_is_a_list():
    df = FakeSimulate()("lfg", games=20, players=2, seed=0)
    df["rounds"] = None                                       # a game with no round loop
    df["seat1_hero"] = [["fighter", "thief"]] * 20            # a fact made of several values
    t = summary(df)
    assert t["lengths"]["length"].tolist() == ["records"]  # no rounds row for a game without rounds
    assert "fighter, thief" in set(t["by_fact"]["value"])
    assert B.lengths_of(df)[0] == "records" and is_png(B.plot_run(df, t))
    assert is_png(B.plot_comparison(df, FakeSimulate()("lfg", games=20, players=2), t, t))


def losing(games: int, won: int = 0, bots: str = "random") -> pd.DataFrame:
    """A co-op run (Mirkwood solo) whose party won `won` of `games` games."""
    df = FakeSimulate()("mirkwood", games=games, players=1, bots=bots, seed=0)
    df["winners"] = ["P1" if i < won else "" for i in range(games)]
    df["seat1_won"] = [i < won for i in range(games)]
    return df


def test_the_run_reports_its_bots_and_warns_when_they_lose_nearly_every_game():
    """`summary`'s "bots" table says which bots played and how often anyone won; `weak_bots`
    warns, with the figures, when the 95% interval of that share lies below 5%."""
    from tablekit.balance import weak_bots

    t = summary(losing(400, won=4))
    assert t["bots"].to_dict("records")[0] | {"ci_low": 0, "ci_high": 0} == {
        "players": 1, "bots": "random", "games": 400, "won": 4, "won_share": 0.01, "ci_low": 0, "ci_high": 0}
    words = weak_bots(losing(400, won=4))
    assert words.startswith("These figures describe weak bots: at 1 player (random) the bots won 4 of 400 games")
    assert weak_bots(losing(400, won=40)) == ""          # 10%: weak, perhaps, but not losing nearly every game
    assert weak_bots(losing(30, won=0)) == ""            # too few games to say
    mixed = FakeSimulate()("creatures", games=60, players=3, bots=["heuristic", "random", "random"], seed=0)
    assert summary(mixed)["bots"]["bots"].tolist() == ["heuristic, random, random"] and weak_bots(mixed) == ""


def test_the_lab_shows_the_weak_bots_warning_above_its_tables():
    lab, sim, _ = lab_with(game="mirkwood")

    def always_lost(*args, **kw):
        df = sim(*args, **kw)
        df["winners"], df["seat1_won"] = "", False
        return df

    lab.view.simulate_fn = always_lost
    lab.games.value, lab.workers.value = 200, 1
    run_and_wait(lab)
    html = lab.view.tables_html.value
    assert "tk-weak-bots" in html and escape("These figures describe weak bots") in html
    assert html.index("tk-weak-bots") < html.index("Win rate by seat position")
    assert "The bots that played" in html
