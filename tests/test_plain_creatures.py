"""benchmarks/plain_creatures.py plays the engine's Creatures and Cards, and
benchmarks/engine_ratio.py measures the two in one run.

The plain simulator draws its randomness differently from the engine, so a seed
gives two different games: the sides are compared over seeds 0-199 at 3 players.
What these seeds gave when the thresholds were set (engine / plain): mean rounds
9.15 / 9.07, mean decisions 97.8 / 97.4, win rate by seat 0.29 0.28 0.435 /
0.33 0.325 0.37, by place in the turn order 0.17 0.365 0.47 / 0.185 0.455 0.385,
by hero Fighter 0.15 / 0.20, Wizard 0.29 / 0.27, Priest 0.78 / 0.76, Thief
0.16 / 0.11. Seeds 200-399 and 400-599 gave differences of the same size (rounds
within 1%, decisions within 2%, win rates within 0.09). A win rate over 200 games
has a standard error near 0.035, so a difference of two independent ones near
0.05; 0.12 is about 2.5 of those. Rounds hardly vary from game to game (the deck
is played through twice), so 5% is already many standard errors wide, and a
different rule (say, no reshuffle, or followers never lost) moves them far more.
"""

from __future__ import annotations

import importlib.util
import json
import statistics
import sys
from collections import Counter
from pathlib import Path

import pytest

import tablekit

BENCH = Path(__file__).resolve().parents[1] / "benchmarks"


def _load(name: str):
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


plain = _load("plain_creatures")
endings = _load("endings")
ratio = _load("engine_ratio")

SEEDS = range(200)
PLAYERS = 3


@pytest.fixture(scope="module")
def plain_games() -> list[dict]:
    return [plain.play(s, PLAYERS) for s in SEEDS]


@pytest.fixture(scope="module")
def engine_games() -> list[dict]:
    place = endings.round_place(tablekit.game_info("creatures").flow)
    out = []
    for s in SEEDS:
        g = tablekit.new_game("creatures", players=PLAYERS, seed=s)
        g.run(until="end", bots="random")
        ctx, seats = g.ctx, g.ctx.players
        out.append({
            "winners": [seats.index(w) for w in g.result.winners],
            "first": seats.index(ctx.extra["first"]),
            "heroes": [ctx.defn(ctx.zone(f"{p}/hero")[0])["hero"] for p in seats],
            "rounds": endings.rounds_of(g, place),
            "decisions": sum(1 for r in g.history if r.kind == "choice"),
        })
    return out


def win_rates(games: list[dict], key) -> dict:
    """The share of games each group (by `key(game, seat)`) won, shared wins counted."""
    won, seen = Counter(), Counter()
    for g in games:
        for seat in range(PLAYERS):
            group = key(g, seat)
            seen[group] += 1
            won[group] += seat in g["winners"]
    return {group: won[group] / seen[group] for group in seen}


def test_every_seed_ends_with_every_card_accounted_for():
    for s in SEEDS:
        t = plain.Table(s, PLAYERS)
        r = t.play()
        assert t.final == [] and not t.deck and t.pile == 2, s  # CC-END: second pile used up, last turns had
        on_table = sum(1 + len(piece[plain.ON]) for zone in (t.followers, t.monsters)
                       for pieces in zone for piece in pieces)
        cards = len(t.discard) + sum(map(len, t.hand)) + sum(map(len, t.treasure)) + on_table
        assert cards == 50, s  # the deck without the Kings (CC-KINGS)
        assert r["scores"] == [t.score(p) for p in range(PLAYERS)]
        assert r["winners"] == [p for p in range(PLAYERS) if r["scores"][p] == max(r["scores"])]
        assert r["turns"] >= PLAYERS * (r["rounds"] - 1) and r["decisions"] == sum(r["asked"].values())
        assert r["heroes"][r["first"]] == min(r["heroes"], key=plain.HEROES.index)  # CC-FIRST


def test_the_same_seed_plays_the_same_game(plain_games):
    again = [plain.play(s, PLAYERS) for s in SEEDS]
    assert again == plain_games
    assert len({json.dumps(g, sort_keys=True) for g in plain_games}) > 190  # the seed matters


def test_a_bad_player_count_is_refused():
    with pytest.raises(ValueError, match="2 to 4 players, not 5"):
        plain.play(0, 5)


def test_rounds_and_decisions_match_the_engine(plain_games, engine_games):
    for what in ("rounds", "decisions"):
        e = statistics.mean(g[what] for g in engine_games)
        p = statistics.mean(g[what] for g in plain_games)
        assert abs(e - p) <= 0.05 * e, (what, e, p)


@pytest.mark.parametrize("grouping", ["seat", "place in turn order", "hero"])
def test_win_rates_match_the_engine(plain_games, engine_games, grouping):
    key = {"seat": lambda g, s: s,
           "place in turn order": lambda g, s: (s - g["first"]) % PLAYERS,
           "hero": lambda g, s: g["heroes"][s]}[grouping]
    e, p = win_rates(engine_games, key), win_rates(plain_games, key)
    assert set(e) == set(p)
    for group in e:
        assert abs(e[group] - p[group]) <= 0.12, (grouping, group, e[group], p[group])


def test_engine_ratio_prints_both_rates_and_the_ratio(capsys):
    assert ratio.main(["--games", "5", "--json"]) == 0
    m = json.loads(capsys.readouterr().out)
    assert m["games"] == 5 and m["players"] == 3
    assert m["engine_games_per_s"] > 0 and m["plain_games_per_s"] > 0
    assert m["ratio"] == pytest.approx(m["engine_seconds"] / m["plain_seconds"], rel=0.02)
    assert m["engine_mean_rounds"] > 0 and m["plain_mean_rounds"] > 0


def test_engine_ratio_refuses_a_bad_number_of_games(capsys):
    with pytest.raises(SystemExit):
        ratio.main(["--games", "0"])
    assert "the number of games must be at least 1, not 0" in capsys.readouterr().err


class _Column(list):
    def mean(self) -> float:
        return statistics.mean(self)


class _Frame:
    """The little of a DataFrame engine_ratio reads: its columns and a column's mean."""

    def __init__(self, rounds: list[int]) -> None:
        self.columns = ["seed", "rounds"]
        self.rounds = _Column(rounds)

    def __getitem__(self, name: str) -> _Column:
        assert name == "rounds"
        return self.rounds


def test_engine_ratio_goes_through_simulate_once_it_exists(monkeypatch, capsys):
    calls = []

    def simulate(game, games, players, bots, seed, workers):
        calls.append((game, games, players, bots, seed, workers))
        return _Frame([9] * games)

    monkeypatch.setattr(tablekit, "simulate", simulate, raising=False)
    assert ratio.main(["--games", "7", "--seed", "3", "--json"]) == 0
    m = json.loads(capsys.readouterr().out)
    assert calls == [("creatures", 5, 3, "random", 3, 1), ("creatures", 7, 3, "random", 3, 1)]  # warm-up first
    assert m["engine_path"] == "tablekit.simulate(workers=1)" and m["engine_mean_rounds"] == 9
    assert m["games"] == 7 and m["seed"] == 3 and m["plain_games_per_s"] > 0
