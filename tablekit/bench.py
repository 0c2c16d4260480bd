"""The benchmark harness behind `tablekit bench`: speed and memory of a game.

Figures: full random games per second; the median cost of one step (with
explanations, as always); the time of goto(0), of undo() and of going
forward again to the end at the last record of the longest of twenty seeded
4-player games (or the largest count the game allows); and peak memory while
playing that game.
"""

from __future__ import annotations

import gc
import statistics
import time
import tracemalloc
from dataclasses import asdict, dataclass
from typing import Any

from .core.engine import make_game
from .core.registry import get_game


@dataclass
class BenchResult:
    game: str
    players: int
    games_played: int
    games_per_second: float
    median_step_us: float
    median_choice_us: float
    longest_game_records: int
    goto0_ms: float
    undo_last_ms: float
    goto_any_max_ms: float
    peak_memory_mb: float
    goto_end_ms: float = 0.0
    click_record: int = 0
    click_median_ms: float | None = None
    click_max_ms: float | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def lines(self) -> list[str]:
        return [
            f"game: {self.game} ({self.players} players, random bots)",
            f"full random games per second: {self.games_per_second:.1f} ({self.games_played} games)",
            f"median step: {self.median_step_us:.1f} µs (choices: {self.median_choice_us:.1f} µs)",
            f"longest of 20 seeded games: {self.longest_game_records} records",
            f"goto(0) at its last record: {self.goto0_ms:.2f} ms",
            f"undo() at its last record: {self.undo_last_ms:.2f} ms",
            f"goto(i), worst over sampled i: {self.goto_any_max_ms:.2f} ms",
            f"goto(last) from 0, forward: {self.goto_end_ms:.2f} ms",
            f"peak memory while playing it (tracemalloc): {self.peak_memory_mb:.2f} MB",
        ] + ([f"sandbox Step click to all widget values set, around record {self.click_record}: "
              f"median {self.click_median_ms:.2f} ms, max {self.click_max_ms:.2f} ms"]
             if self.click_median_ms is not None else [])


def _timed_playout(gamedef, players: int, seed: int, variant: str | None = None,
                   options: dict[str, Any] | None = None) -> tuple[Any, list[int], list[int]]:
    """Play a game with random bots, timing each step and each choice apart
    from the bot's own thinking."""
    import random

    from .core import bots

    g = make_game(gamedef, players, seed, variant, options)
    rnd = random.Random(seed)
    steps, choices = [], []
    clock = time.perf_counter_ns
    while not g.is_over:
        d = g.pending
        if d is None:
            t = clock()
            g.step()
            steps.append(clock() - t)
        else:
            ids = bots.random_answer(d, rnd)
            t = clock()
            g.choose(*ids)
            choices.append(clock() - t)
    return g, steps, choices


def run_bench(game_id: str, seconds: float = 5.0, seeds: int = 20, variant: str | None = None,
              options: dict[str, Any] | None = None) -> BenchResult:
    gamedef = get_game(game_id)
    setup = {"variant": variant, "options": {**gamedef.safety_options(), **(options or {})}}
    players = min(4, gamedef.max_players)
    # throughput: whole games, bots included
    n, t0, seed = 0, time.perf_counter(), 10_000
    while time.perf_counter() - t0 < seconds:
        make_game(gamedef, players, seed, **setup).run(bots="random")
        n += 1
        seed += 1
    gps = n / (time.perf_counter() - t0)
    # per-step cost and the longest of the seeded games
    step_ns: list[int] = []
    choice_ns: list[int] = []
    longest = None
    for s in range(seeds):
        g, st, ch = _timed_playout(gamedef, players, s, **setup)
        step_ns += st
        choice_ns += ch
        if longest is None or len(g.history) > len(longest.history):
            longest = g
    assert longest is not None
    last = len(longest.history)

    def ms(fn) -> float:
        t = time.perf_counter()
        fn()
        return (time.perf_counter() - t) * 1000

    gc.collect()
    goto0 = ms(lambda: longest.goto(0))
    longest.goto(last)
    undo = ms(longest.undo)
    longest.goto(last)
    worst = 0.0
    for i in range(0, last + 1, max(1, last // 40)):
        longest.goto(last)
        worst = max(worst, ms(lambda i=i: longest.goto(i)))
    longest.goto(0)
    goto_end = ms(lambda: longest.goto(last))  # forward: from the snapshots kept on the way
    # memory: replay the longest game under tracemalloc
    tracemalloc.start()
    _timed_playout(gamedef, players, longest.state.seed, **setup)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    click = _click_bench(longest)
    return BenchResult(
        game=game_id, players=players, games_played=n, games_per_second=gps,
        median_step_us=statistics.median(step_ns) / 1000 if step_ns else 0.0,
        median_choice_us=statistics.median(choice_ns) / 1000 if choice_ns else 0.0,
        longest_game_records=last, goto0_ms=goto0, undo_last_ms=undo, goto_any_max_ms=worst,
        goto_end_ms=goto_end,
        peak_memory_mb=peak / 1e6,
        click_record=click[0], click_median_ms=click[1], click_max_ms=click[2],
    )


def _click_bench(game, target: int = 300, clicks: int = 40) -> tuple[int, float | None, float | None]:
    """Time Step clicks in a Sandbox (every seat a random bot, so each click
    applies one record), from record `target` or as near as the game allows."""
    try:
        from .widgets import Sandbox
    except ImportError:  # the widget layer is optional for the core figures
        return 0, None, None
    last = len(game.history)
    start = max(0, min(target, last - clicks))
    game.goto(start)
    game.forget_redo()  # the clicks play new records
    sb = Sandbox(game, bots={p: "random" for p in game.players})
    times = []
    for _ in range(clicks):
        if game.is_over:
            break
        t = time.perf_counter()
        sb.press("step")
        times.append((time.perf_counter() - t) * 1000)
    if not times:
        return start, None, None
    return start, statistics.median(times), max(times)
