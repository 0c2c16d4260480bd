"""The engine against a plain simulator: Creatures and Cards, random bots, 3 players.

    python benchmarks/engine_ratio.py                    # 300 games each side
    python benchmarks/engine_ratio.py --games 1000 --seed 5 --json

In one run it plays the seeds `--seed` .. `--seed + --games - 1` first through
the engine, then through benchmarks/plain_creatures.py (the same rules by
hand: no engine, no records, no explanations), each after 5 warm-up games that
are not timed, and prints the games per second of each side, the ratio
engine time / plain time (how many times slower the engine is) and the mean
number of rounds of each side, which must be close: the rules are the same.

The engine side is `tablekit.simulate("creatures", games=N, players=3,
bots="random", seed=SEED, workers=1)` where tablekit has it (issue 20), else
the same games one by one: `tablekit.new_game("creatures", players=3, seed=s,
options=<the game's safety options>)` then `g.run(until="end", bots="random")`,
timed around those two calls only (the rounds are counted outside the timing).
Both sides run in this process, one game at a time. Time is wall-clock
(`time.perf_counter`): run it on a quiet machine, and say how quiet it was.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import plain_creatures  # noqa: E402
from endings import round_place, rounds_of  # noqa: E402

import tablekit  # noqa: E402

GAME = "creatures"
PLAYERS = 3
WARM_UP = 5


def engine_by_simulate(first: int, games: int) -> tuple[float, float | None]:
    """Seconds and mean rounds of `games` games through `tablekit.simulate(workers=1)`."""
    def run(n: int):
        return tablekit.simulate(GAME, games=n, players=PLAYERS, bots="random", seed=first, workers=1)

    run(WARM_UP)
    start = time.perf_counter()
    frame = run(games)
    seconds = time.perf_counter() - start
    rounds = float(frame["rounds"].mean()) if "rounds" in frame.columns else None
    return seconds, rounds


def engine_by_loop(first: int, games: int) -> tuple[float, float | None]:
    """Seconds and mean rounds of `games` games through new_game + run, one by one."""
    options = tablekit.game_info(GAME).safety_options()
    place = round_place(tablekit.game_info(GAME).flow)

    def one(seed: int) -> tuple[float, int | None]:
        start = time.perf_counter()
        g = tablekit.new_game(GAME, players=PLAYERS, seed=seed, options=options)
        g.run(until="end", bots="random")
        seconds = time.perf_counter() - start
        return seconds, rounds_of(g, place)

    for seed in range(first, first + WARM_UP):
        one(seed)
    played = [one(seed) for seed in range(first, first + games)]
    rounds = [r for _, r in played if r is not None]
    return sum(s for s, _ in played), (statistics.mean(rounds) if rounds else None)


def plain_games(first: int, games: int) -> tuple[float, float]:
    """Seconds and mean rounds of `games` plain games."""
    for seed in range(first, first + WARM_UP):
        plain_creatures.play(seed, PLAYERS)
    start = time.perf_counter()
    results = [plain_creatures.play(seed, PLAYERS) for seed in range(first, first + games)]
    seconds = time.perf_counter() - start
    return seconds, statistics.mean(r["rounds"] for r in results)


def measure(games: int, seed: int) -> dict[str, Any]:
    """Both sides, engine first; the numbers as one dict."""
    if hasattr(tablekit, "simulate"):
        path = "tablekit.simulate(workers=1)"
        engine_s, engine_rounds = engine_by_simulate(seed, games)
    else:
        path = "new_game + run"
        engine_s, engine_rounds = engine_by_loop(seed, games)
    plain_s, plain_rounds = plain_games(seed, games)
    return {
        "game": GAME, "players": PLAYERS, "games": games, "seed": seed, "engine_path": path,
        "engine_seconds": round(engine_s, 6), "plain_seconds": round(plain_s, 6),
        "engine_games_per_s": round(games / engine_s, 2), "plain_games_per_s": round(games / plain_s, 2),
        "ratio": round(engine_s / plain_s, 2),
        "engine_mean_rounds": None if engine_rounds is None else round(engine_rounds, 3),
        "plain_mean_rounds": round(plain_rounds, 3),
    }


def table(m: dict[str, Any]) -> str:
    last = m["seed"] + m["games"] - 1
    rounds = "?" if m["engine_mean_rounds"] is None else m["engine_mean_rounds"]
    return "\n".join([
        f"Creatures and Cards: {m['games']} random-bot games at {m['players']} players "
        f"(seeds {m['seed']}-{last}), one process, {WARM_UP} warm-up games each not timed",
        f"  engine ({m['engine_path']}): {m['engine_games_per_s']:>9.1f} games/s, "
        f"mean rounds {rounds}",
        f"  plain simulator:           {m['plain_games_per_s']:>9.1f} games/s, "
        f"mean rounds {m['plain_mean_rounds']}",
        f"  engine time / plain time:  {m['ratio']:.1f}",
    ])


def positive(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"the number of games must be a whole number, not {text!r}") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"the number of games must be at least 1, not {n}")
    return n


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Creatures and Cards: the engine against a plain simulator.")
    ap.add_argument("--games", type=positive, default=300, help="games on each side (default 300)")
    ap.add_argument("--seed", type=int, default=0, help="the first seed (default 0)")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args(argv)
    m = measure(args.games, args.seed)
    print(json.dumps(m) if args.json else table(m))
    return 0


if __name__ == "__main__":
    sys.exit(main())
