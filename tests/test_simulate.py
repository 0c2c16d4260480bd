"""The balance lab: tablekit.simulate, compare, balance.summary and `tablekit simulate`.

Every row is checked against the same seed replayed by hand; the same seeds give
the same DataFrame in this process, in a process pool and on a thread pool; bad
settings are refused before any game is played."""

from __future__ import annotations

import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor

import pandas as pd
import pytest
from pandas.testing import assert_frame_equal

import tablekit
from tablekit import balance, cli
from tablekit.balance import Comparison, comparison_table, summary, wilson
from tablekit.core import simulation
from tablekit.core.errors import TablekitError

COLUMNS = ["game", "seed", "players", "variant", "ending", "records", "rounds", "winners"]
SEAT = ["name", "bot", "score", "won"]


@pytest.fixture(scope="module")
def creatures_20() -> pd.DataFrame:
    return tablekit.simulate("creatures", games=20, players=3, seed=40, workers=1)


def test_the_rows_are_true_of_the_games(creatures_20):
    df = creatures_20
    facts = list(next(iter(tablekit.game_info("creatures").seat_facts(
        tablekit.new_game("creatures", players=3, seed=1).ctx).values())))
    assert facts == ["hero", "first"]
    assert list(df.columns) == COLUMNS + [f"seat{k}_{c}" for k in (1, 2, 3) for c in SEAT + facts]
    assert list(df["game"]) == list(range(20)) and list(df["seed"]) == list(range(40, 60))
    assert set(df["players"]) == {3} and not df.attrs["cancelled"]
    for i in (0, 7, 19):
        row = df.iloc[i]
        g = tablekit.new_game("creatures", players=3, seed=40 + i,
                              options=tablekit.game_info("creatures").safety_options())
        g.run(until="end", bots="random")
        res = g.result
        assert row["ending"] == res.ending and row["records"] == len(g.history)
        assert row["winners"] == ",".join(res.winners)
        rounds = {r.path[0] for r in g.history if r.path and r.path[0].startswith("Round ")}
        assert row["rounds"] == len(rounds) > 0
        for k, seat in enumerate(g.players, start=1):
            assert row[f"seat{k}_name"] == seat and row[f"seat{k}_bot"] == "random"
            assert row[f"seat{k}_score"] == res.scores[seat]
            assert row[f"seat{k}_won"] == (seat in res.winners)
            real = g.gamedef.seat_facts(g.ctx)[seat]
            assert row[f"seat{k}_hero"] == real["hero"] and real["hero"] in ("Fighter", "Wizard", "Priest", "Thief")
            assert row[f"seat{k}_first"] == real["first"] == (g.ctx.extra["first"] == seat)


def test_rounds_of_reads_the_flow_as_endings_did():
    g = tablekit.new_game("creatures", players=2, seed=3)
    g.run(until="end", bots="random")
    place = simulation.round_place(g.flow)
    assert place == ("Rounds", 0)
    assert simulation.rounds_of(g) == simulation.rounds_of(g, place) == len(
        {r.path[0] for r in g.history if r.path and r.path[0].startswith("Round ")})
    assert simulation.rounds_of(g, None) is None


def test_the_same_seeds_give_the_same_frame_however_they_run():
    here = tablekit.simulate("creatures", games=12, players=[2, 3, 4], seed=5, workers=1)
    pool = tablekit.simulate("creatures", games=12, players=[2, 3, 4], seed=5, workers=2, chunk=3)
    with ThreadPoolExecutor(2) as ex:
        threads = tablekit.simulate("creatures", games=12, players=[2, 3, 4], seed=5, executor=ex, chunk=5)
    assert_frame_equal(here, pool)
    assert_frame_equal(here, threads)
    for df in (here, pool, threads):  # the seat's own facts in the order the game declares them
        assert [c for c in df.columns if c.startswith("seat1_")] == [
            "seat1_name", "seat1_bot", "seat1_score", "seat1_won", "seat1_hero", "seat1_first"]
    assert list(here["players"]) == [2, 3, 4] * 4  # the counts cycle
    two = here[here["players"] == 2]
    assert two["seat3_name"].isna().all() and two["seat4_won"].isna().all()
    assert here.loc[here["players"] == 4, "seat4_name"].eq("P4").all()
    other = tablekit.simulate("creatures", games=12, players=[2, 3, 4], seed=500, workers=1)
    assert list(other["seed"]) == list(range(500, 512))
    assert not other[["records", "winners"]].equals(here[["records", "winners"]])


def test_the_rows_keep_their_columns_in_the_order_they_come():
    rows = balance._Rows()
    keys = [f"k{n}" for n in (7, 3, 19, 0, 11, 5, 16, 2, 13, 9, 1, 18, 4, 15, 8, 12, 6, 17, 10, 14)]
    rows.add([{"first": 1}, {k: n for n, k in enumerate(keys)}, {"first": 2, "late": "x"}])
    assert list(rows.columns) == ["first", *keys, "late"]  # never a set's order
    assert rows.columns["first"] == [1, None, 2] and rows.columns["late"] == [None, None, "x"]
    assert rows.columns["k7"] == [None, 0, None]


def test_bots_by_position_and_by_seat():
    df = tablekit.simulate("creatures", games=4, players=3, bots=["heuristic", "random", "random"], workers=1)
    assert list(df.loc[0, ["seat1_bot", "seat2_bot", "seat3_bot"]]) == ["heuristic", "random", "random"]
    df = tablekit.simulate("creatures", games=2, players=2, bots={"P1": "random", "P2": "heuristic"}, workers=1)
    assert list(df.loc[1, ["seat1_bot", "seat2_bot"]]) == ["random", "heuristic"]


def test_progress_counts_up_to_the_total():
    seen: list[tuple[int, int]] = []
    tablekit.simulate("creatures", games=6, players=2, workers=1, progress=lambda d, t: seen.append((d, t)))
    assert seen == [(k, 6) for k in range(1, 7)]
    seen.clear()
    tablekit.simulate("creatures", games=6, players=2, workers=2, chunk=2,
                      progress=lambda d, t: seen.append((d, t)))
    assert [d for d, _ in seen] == sorted({d for d, _ in seen}) and seen[-1] == (6, 6)


@pytest.mark.parametrize("workers", [1, 2])
def test_cancel_returns_the_rows_finished_so_far(workers):
    cancel = threading.Event()

    def progress(done: int, total: int) -> None:
        if done >= 2:
            cancel.set()

    df = tablekit.simulate("creatures", games=40, players=2, workers=workers, chunk=2, progress=progress,
                           cancel=cancel)
    assert df.attrs["cancelled"] is True
    assert 2 <= len(df) < 40 and list(df["game"]) == sorted(df["game"])
    if workers == 1:
        assert len(df) == 2  # checked between games: the third never started


def test_compare_plays_the_same_seeds_and_tables_each_statistic():
    cmp = tablekit.compare("creatures", a={"players": 2}, b={"players": 3}, games=10, seed=3, workers=1)
    assert isinstance(cmp, Comparison) and not cmp.cancelled
    assert list(cmp.a["seed"]) == list(cmp.b["seed"]) == list(range(3, 13))
    assert set(cmp.a["players"]) == {2} and set(cmp.b["players"]) == {3}
    t = cmp.table
    assert list(t.columns) == ["a", "b", "diff", "ci_low", "ci_high"]
    assert {"games", "win rate seat1", "win rate seat2", "win rate seat3", "mean records",
            "mean rounds"} <= set(t.index)
    assert t.loc["games", "a"] == 10 and t.loc["win rate seat3", "a"] != t.loc["win rate seat3", "a"]  # NaN
    assert t.loc["win rate seat1", "a"] == cmp.a["seat1_won"].mean()
    assert t.loc["mean records", "b"] == cmp.b["records"].mean()
    for name in ("win rate seat1", "win rate seat2"):
        row = t.loc[name]
        assert row["diff"] == pytest.approx(row["b"] - row["a"])
        assert row["ci_low"] <= row["diff"] <= row["ci_high"] and row["ci_low"] < row["ci_high"]
    assert t.loc["mean records"].isna()[["ci_low", "ci_high"]].all()


def test_a_ruling_setting_reaches_the_games(monkeypatch):
    readings: list[str] = []
    play = simulation.play_game

    def spy(*args, **kwargs):
        g = play(*args, **kwargs)
        readings.append(g.state.options["rulings"]["LAB-CHAIN"])
        return g

    monkeypatch.setattr(simulation, "play_game", spy)
    cmp = tablekit.compare("labyrinth", a={}, b={"rulings": {"LAB-CHAIN": "stack"}}, games=3, workers=1)
    default = next(iter(tablekit.game_info("labyrinth").ruling_variants["LAB-CHAIN"]))
    assert default != "stack" and readings == [default] * 3 + ["stack"] * 3
    assert len(cmp.a) == len(cmp.b) == 3


def test_summary_tables(creatures_20):
    df = creatures_20
    tables = summary(df)
    pos = tables["by_position"]
    assert list(pos.columns) == ["players", "position", "games", "wins", "win_rate", "ci_low", "ci_high"]
    assert pos[["players", "position"]].values.tolist() == [[3, 1], [3, 2], [3, 3]]
    for k in (1, 2, 3):
        row = pos[pos["position"] == k].iloc[0]
        assert row["games"] == 20 and row["win_rate"] == df[f"seat{k}_won"].mean()
        assert row["wins"] == df[f"seat{k}_won"].sum()
        assert (row["ci_low"], row["ci_high"]) == pytest.approx(wilson(int(row["wins"]), 20))
        assert row["ci_low"] <= row["win_rate"] <= row["ci_high"]
    fact = tables["by_fact"]
    first = fact[(fact["fact"] == "first") & (fact["value"] == True)].iloc[0]  # noqa: E712
    starters = sum((df[f"seat{k}_first"] == True).sum() for k in (1, 2, 3))  # noqa: E712
    assert first["seats"] == starters == 20
    assert first["wins"] == sum((df[f"seat{k}_first"] & df[f"seat{k}_won"]).sum() for k in (1, 2, 3))
    assert set(fact["fact"]) == {"first", "hero"}
    heroes = fact[fact["fact"] == "hero"]
    assert heroes["seats"].sum() == 60 and heroes["wins"].sum() == df[["seat1_won", "seat2_won", "seat3_won"]].sum().sum()
    ends = tables["endings"]
    assert ends["games"].sum() == 20 and ends["share"].sum() == pytest.approx(1.0)
    assert list(ends["games"]) == sorted(ends["games"], reverse=True)  # the most frequent first
    assert ends.set_index("ending").loc["most_treasure", "games"] == (df["ending"] == "most_treasure").sum()
    lengths = tables["lengths"].set_index("length")
    assert lengths.loc["records", "p50"] == df["records"].median()
    assert lengths.loc["rounds", "p5"] <= lengths.loc["rounds", "p95"]
    with pytest.raises(TablekitError, match="DataFrame of tablekit.simulate"):
        summary(pd.DataFrame({"x": [1]}))


def test_wilson_interval():
    low, high = wilson(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)  # Wilson's 95% interval of 5 in 10
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)
    assert all(v != v for v in wilson(0, 0))  # no games: NaN


def frame(seeds: list[int], won: list[list[bool]]) -> pd.DataFrame:
    """A run's rows as simulate makes them: two seats, `won[i]` the winners of game i."""
    rows = [{"game": i, "seed": s, "players": 2, "variant": None, "ending": "end", "records": 10, "rounds": 2,
             "winners": "", **{f"seat{k + 1}_{c}": v for k in range(2)
                              for c, v in (("name", f"P{k + 1}"), ("bot", "random"), ("score", 0),
                                           ("won", w[k]))}}
            for i, (s, w) in enumerate(zip(seeds, won))]
    return pd.DataFrame(rows)


def test_a_seat_positions_difference_is_paired_by_seed():
    rng = __import__("random").Random(7)
    a_wins = [rng.random() < 0.5 for _ in range(200)]
    a = frame(list(range(200)), [[w, not w] for w in a_wins])
    # b: the same deals, seat 1 wins 10 more of them
    flip = [i for i, w in enumerate(a_wins) if not w][:10]
    b_wins = [w or i in flip for i, w in enumerate(a_wins)]
    b = frame(list(range(200)), [[w, not w] for w in b_wins])
    row = comparison_table(a, b).loc["win rate seat1"]
    assert row["diff"] == pytest.approx(10 / 200)
    d = pd.Series([int(y) - int(x) for x, y in zip(a_wins, b_wins)])
    half = 1.959963984540054 * d.std(ddof=1) / len(d) ** 0.5
    assert (row["ci_low"], row["ci_high"]) == pytest.approx((0.05 - half, 0.05 + half))
    assert row["ci_low"] > 0  # paired: the shared deals drop out, and the gain shows
    pa, pb = sum(a_wins) / 200, sum(b_wins) / 200
    wald = 1.959963984540054 * (pa * (1 - pa) / 200 + pb * (1 - pb) / 200) ** 0.5
    assert 0.05 - wald < 0  # as two independent samples it would not
    same = comparison_table(a, a).loc["win rate seat1"]
    assert (same["diff"], same["ci_low"], same["ci_high"]) == (0, 0, 0)


def test_unpaired_seeds_fall_back_to_independent_samples():
    a = frame([0, 1, 2, 3], [[True, False], [False, True], [True, False], [True, False]])
    b = frame([10, 11, 12, 13], [[False, True], [False, True], [True, False], [False, True]])
    row = comparison_table(a, b).loc["win rate seat1"]
    half = 1.959963984540054 * (0.75 * 0.25 / 4 + 0.25 * 0.75 / 4) ** 0.5
    assert row["diff"] == -0.5 and (row["ci_low"], row["ci_high"]) == pytest.approx((-0.5 - half, -0.5 + half))


BAD = [
    (dict(game="chess"), "no game 'chess'"),
    (dict(games=0), "games must be a whole number of at least 1"),
    (dict(games=True), "games must be"),
    (dict(bots="genius"), "genius"),
    (dict(bots=["random"]), "up to 3 players"),
    (dict(bots=["random"] * 5), "5 kinds given by seat position"),  # more than seats: refused, not ignored
    (dict(bots={"P1": "random", "P2": "random"}), "no bot for P3"),
    (dict(bots={"P9": "random"}), "P9"),
    (dict(workers=0), "workers must be"),
    (dict(chunk=0), "chunk must be"),
    (dict(options={"nope": 1}), "no option 'nope'"),
    (dict(options=[1]), "options must be a mapping"),
    (dict(players=9), "2 to 4"),
    (dict(players="3"), "players must be a count"),
    (dict(players=[3, 9]), "not 9"),
    (dict(variant="zzz"), "no variant 'zzz'"),
    (dict(seed=-1), "seed must be"),
]


@pytest.mark.parametrize("bad,words", BAD, ids=[w for _, w in BAD])
def test_bad_input_is_refused_before_any_game(bad, words, monkeypatch):
    def never(*args, **kwargs):
        raise AssertionError("a game was played")

    monkeypatch.setattr(simulation, "play_game", never)
    settings = {"game": "creatures", "games": 5, "players": 3, "workers": 2, **bad}
    with pytest.raises(TablekitError) as info:
        tablekit.simulate(**settings)
    assert words in str(info.value) and "\n" not in str(info.value)


def test_compare_refuses_a_bad_setting_before_any_game(monkeypatch):
    monkeypatch.setattr(simulation, "play_game", lambda *a, **k: pytest.fail("a game was played"))
    with pytest.raises(TablekitError, match="unknown setting 'colour'"):
        tablekit.compare("creatures", a={}, b={"colour": "red"}, games=3, workers=1)
    with pytest.raises(TablekitError, match="no variant 'zzz'"):
        tablekit.compare("creatures", a={}, b={"variant": "zzz"}, games=3, workers=1)


def test_import_tablekit_imports_no_balance_library():
    code = ("import sys, tablekit; tablekit.simulate; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('pandas', 'matplotlib', 'tqdm', 'dask', 'distributed'))); "
            "print(tablekit.balance.summary.__module__, 'pandas' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.splitlines() == ["[]", "tablekit.balance True"]  # imported on first use


def test_cli_prints_the_summary_and_writes_the_rows(tmp_path, capsys):
    path = tmp_path / "rows.csv"
    assert cli.main(["simulate", "creatures", "--games", "30", "--players", "3", "--workers", "2",
                     "--csv", str(path)]) == 0
    out = capsys.readouterr().out
    for heading in ("Win rate by seat position", "Win rate by the game's facts", "Endings",
                    "Length: records and rounds", "most_treasure", "p95", f"wrote 30 rows to {path}"):
        assert heading in out
    rows = pd.read_csv(path)
    assert len(rows) == 30 and list(rows.columns[:8]) == COLUMNS and list(rows["seed"]) == list(range(30))
    assert "The bots that played" in out and "random, random, random" in out
    assert "weak bots" not in out  # somebody wins every game of Creatures


def test_cli_says_when_the_bots_lose_nearly_every_game(capsys):
    assert cli.main(["simulate", "mirkwood", "--games", "100", "--players", "1", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "Note: These figures describe weak bots: at 1 player (random) the bots won 0 of 100 games" in out


@pytest.mark.parametrize("argv,words", [
    (["--games", "0"], "--games"),
    (["--bots", "genius"], "--bots"),
    (["--players", "two"], "--players"),
    (["--workers", "0"], "--workers"),
    (["--csv", "rows.txt"], ".csv"),
    (["--dask", "somewhere"], "tcp://host:8786"),
    (["--players", "9"], "2 to 4"),
    (["--option", "nope=1"], "no option 'nope'"),
])
def test_cli_bad_arguments_exit_2_with_one_line(argv, words, capsys):
    assert cli.main(["simulate", "creatures", *argv]) == 2
    err = capsys.readouterr().err.strip()
    assert words in err and "\n" not in err and "Traceback" not in err


def test_cli_dask_without_dask_says_what_to_install(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed fails
    assert cli.main(["simulate", "creatures", "--games", "2", "--dask", "tcp://127.0.0.1:8786"]) == 2
    err = capsys.readouterr().err.strip()
    assert "tablekit[dask]" in err and "\n" not in err


def test_a_game_stopped_at_the_record_cap_is_not_over():
    job = simulation.GameJob("creatures", 0, 9, 2, ("random", "random"), None, {}, max_records=10)
    row = simulation.play_row(job)
    assert row["ending"] == "not_over" and row["records"] == 10 and row["winners"] == ""
    assert row["seat1_won"] is False and row["seat2_score"] != row["seat2_score"]  # NaN: no result yet


def test_cli_ctrl_c_stops_with_one_line(monkeypatch, capsys):
    from tablekit import balance, cli

    def interrupted(*args, progress=None, **kw):
        progress(3, 30)
        raise KeyboardInterrupt
    monkeypatch.setattr(balance, "simulate", interrupted)
    assert cli.main(["simulate", "creatures", "--games", "30"]) == 130
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1] == "tablekit: stopped (Ctrl-C) after 3 of 30 games; no tables printed"


def test_games_are_played_with_the_heap_before_them_frozen(monkeypatch):
    """play_chunk and simulate(workers=1) play in a settled_heap: the objects alive
    before are frozen out of the collector's passes while the games run, and
    unfrozen after; a freeze made by someone else is left as it was."""
    import gc

    seen: list[int] = []
    real = simulation.play_row

    def watching(job):
        seen.append(gc.get_freeze_count())
        return real(job)

    monkeypatch.setattr(simulation, "play_row", watching)
    monkeypatch.setattr(balance, "play_row", watching)
    assert gc.get_freeze_count() == 0
    job = simulation.GameJob("creatures", 0, 4, 3, ("random",) * 3)
    rows = simulation.play_chunk([job, job])
    assert len(rows) == 2 and len(seen) == 2 and all(n > 0 for n in seen)
    assert gc.get_freeze_count() == 0
    tablekit.simulate("creatures", games=2, players=3, seed=1, workers=1)
    assert len(seen) == 4 and all(n > 0 for n in seen) and gc.get_freeze_count() == 0
    gc.freeze()  # someone else's freeze
    try:
        before = gc.get_freeze_count()
        with simulation.settled_heap():
            assert gc.get_freeze_count() == before
        assert gc.get_freeze_count() == before
    finally:
        gc.unfreeze()


def test_games_are_played_with_rarer_collector_passes():
    """A settled_heap raises the collector's first threshold to YOUNG_THRESHOLD
    (never lowers it) and puts every threshold back after, even on an error."""
    import gc

    before = gc.get_threshold()
    try:
        gc.set_threshold(700, 10, 10)
        with simulation.settled_heap():
            assert gc.get_threshold() == (simulation.YOUNG_THRESHOLD, 10, 10)
        assert gc.get_threshold() == (700, 10, 10)
        gc.set_threshold(50_000, 5, 5)
        with pytest.raises(RuntimeError), simulation.settled_heap():
            assert gc.get_threshold() == (50_000, 5, 5)
            raise RuntimeError("a game failed")
        assert gc.get_threshold() == (50_000, 5, 5)
    finally:
        gc.set_threshold(*before)
