"""A record's path in words: the labels of the rounds, turns and loops it lies in,
the same whether the game is watched or played on the fast path, where a
round's or a turn's label formatted before is read without calling `label`."""

from __future__ import annotations

import pytest
from token_toy import TokenToy, token_toy

import tablekit
from tablekit.core import ForEachPlayer, Loop, Sequence, Step
from tablekit.core.engine import make_game


class Counted(Loop):
    """A Loop of its own class whose label is its own: its name and the pass."""

    def label(self, frame):
        return f"{self.name} pass {frame.get('k', 0)}"


class PathToy(TokenToy):
    id = "pathtoy"
    title = "Path toy"

    def build_flow(self):
        def passes(name: str, n: int):
            return lambda ctx: ctx.count(name) >= n

        turn = Sequence("Turn", show=False, children=[
            Loop("Ticks", Step("Tick", lambda ctx: f"{ctx.player} ticks.", "", "T"), until=passes("Ticks", 2)),
            Counted("Tocks", Step("Tock", lambda ctx: f"{ctx.player} tocks.", "", "T"), until=passes("Tocks", 2)),
            Loop("Hidden", Step("Hum", lambda ctx: "A hum.", "", "T"), until=passes("Hidden", 1), show=False),
        ])
        return Sequence("Toy", show=False, children=[
            Loop("Rounds", ForEachPlayer("Turns", turn), until=passes("Rounds", 2), label="Round {n}",
                 level="round"),
        ])


@pytest.mark.parametrize("watched", [True, False], ids=["watched", "fast"])
def test_the_path_names_each_round_turn_and_loop_as_its_label_gives_it(tmp_path, watched):
    g = make_game(token_toy(PathToy, tmp_path), ["Ana", "Bo"], seed=1)
    g.watched = watched
    g.run(until="end")
    turn = [("Ticks", "Tick"), ("Ticks", "Tick"), ("Tocks pass 1", "Tock"), ("Tocks pass 2", "Tock"), ("Hum",)]
    want = [(f"Round {r}", f"{p}'s turn", *words) for r in (1, 2) for p in ("Ana", "Bo") for words in turn]
    assert [r.path for r in g.history] == want


def test_only_a_loop_without_a_format_and_of_no_label_of_its_own_has_a_fixed_label():
    assert Loop("L", Step("S", lambda ctx: "s"), until=lambda ctx: True).static_label
    assert not Loop("L", Step("S", lambda ctx: "s"), until=lambda ctx: True, label="L {n}").static_label
    assert not Counted("C", Step("S", lambda ctx: "s"), until=lambda ctx: True).static_label
    assert not ForEachPlayer("F", Step("S", lambda ctx: "s")).static_label


def test_a_path_plan_is_none_only_where_a_label_only_label_frame_can_say(tmp_path):
    gd = token_toy(PathToy, tmp_path)
    plans = {n.path[1:]: plan for n, plan in zip(gd.nodes, gd.path_plans)}
    assert plans[("Rounds", "Turns", "Turn", "Ticks", "Tick")].keyed == ((1, "k"), (2, "p"))
    assert plans[("Rounds", "Turns", "Turn", "Tocks", "Tock")] is None  # Counted labels its own way
    assert plans[("Rounds",)].keyed == ((1, "k"),)
    assert plans[()].fixed == () and plans[()].length == 1


@pytest.mark.parametrize("game", sorted(tablekit.games()))
def test_the_path_read_through_plans_is_the_path_read_frame_by_frame(game):
    """At every record of seeded games (effects, events and response windows on the
    stack included), the path read through the top node's plan and the cache of
    paths is the one read frame by frame."""
    import tablekit
    from tablekit.core.registry import get_game

    gd = get_game(game)
    gd.path_cache.clear()
    read = 0
    for seed in (0, 1):
        g = tablekit.new_game(game, players=gd.min_players, seed=seed, options=gd.safety_options())
        g.watched = False
        while not g.is_over and len(g.history) < 600:
            assert g._path_words() == g._frame_words()
            read += 1
            g.run(until="decision", bots="random", max_records=1)
            if g.pending is not None and not g.is_over:
                g.run(until="end", bots="random", max_records=1)
    assert read > 100 and gd.path_cache


def test_the_cache_of_paths_is_emptied_when_full(tmp_path, monkeypatch):
    from tablekit.core import stepping

    monkeypatch.setattr(stepping, "PATH_CACHE_SIZE", 3)
    gd = token_toy(PathToy, tmp_path)
    g = make_game(gd, ["Ana", "Bo"], seed=1)
    g.run(until="end")
    assert 1 <= len(gd.path_cache) <= 3
    assert [r.path[:2] for r in g.history][-1] == ("Round 2", "Bo's turn")
