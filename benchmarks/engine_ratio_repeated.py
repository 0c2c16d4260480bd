"""engine_ratio.py's measurement, repeated and interleaved, for a machine whose speed wanders.

    python benchmarks/engine_ratio_repeated.py                  # 10 rounds of 100 games each side
    python benchmarks/engine_ratio_repeated.py --games 300 --repeats 5 --json

On a shared machine one run of engine_ratio.py can say 12.8 and the next 17.3
with nothing changed: the plain simulator's rate alone moves by a third
between runs. This script changes nothing in how either side is timed: each
round calls engine_ratio.py's own `engine_by_simulate` and then its own
`plain_games` on the same seeds (each with its 5 warm-up games), and the rounds
alternate, so a slow spell of the machine falls on both sides alike. It prints
each side's fastest and median round, and the ratio of the fastest rounds (the
machine at its least disturbed) and of the medians.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import engine_ratio  # noqa: E402
from engine_ratio import positive  # noqa: E402  (the same check of --games)


def rounds(text: str) -> int:
    """--repeats: engine_ratio.py's check of --games (a whole number of at least 1),
    its words about rounds (engine_ratio.py stays as it was committed)."""
    try:
        return positive(text)
    except argparse.ArgumentTypeError as exc:
        raise argparse.ArgumentTypeError(str(exc).replace("of games", "of rounds")) from None


def measure(games: int, repeats: int, seed: int) -> dict[str, Any]:
    engine_s, plain_s = [], []
    for _ in range(repeats):
        engine_s.append(engine_ratio.engine_by_simulate(seed, games)[0])
        plain_s.append(engine_ratio.plain_games(seed, games)[0])
    e_min, p_min = min(engine_s), min(plain_s)
    e_med, p_med = statistics.median(engine_s), statistics.median(plain_s)
    return {
        "game": engine_ratio.GAME, "players": engine_ratio.PLAYERS, "games": games, "repeats": repeats,
        "seed": seed,
        "engine_ms_min": round(e_min / games * 1e3, 4), "engine_ms_median": round(e_med / games * 1e3, 4),
        "plain_ms_min": round(p_min / games * 1e3, 4), "plain_ms_median": round(p_med / games * 1e3, 4),
        "ratio_of_min": round(e_min / p_min, 2), "ratio_of_median": round(e_med / p_med, 2),
        "ratios": [round(e / p, 2) for e, p in zip(engine_s, plain_s)],
    }


def table(m: dict[str, Any]) -> str:
    return "\n".join([
        f"Creatures and Cards, {m['players']} players, random bots: {m['repeats']} rounds of "
        f"{m['games']} games each side, alternating (engine_ratio.py's timing)",
        f"  engine: fastest round {m['engine_ms_min']:.3f} ms a game, median {m['engine_ms_median']:.3f} ms",
        f"  plain:  fastest round {m['plain_ms_min']:.3f} ms a game, median {m['plain_ms_median']:.3f} ms",
        f"  engine time / plain time: {m['ratio_of_min']:.1f} (fastest rounds), "
        f"{m['ratio_of_median']:.1f} (medians); each round: {', '.join(f'{r:.1f}' for r in m['ratios'])}",
    ])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="engine_ratio.py, repeated and interleaved.")
    ap.add_argument("--games", type=positive, default=100, help="games on each side in a round (default 100)")
    ap.add_argument("--repeats", type=rounds, default=10, help="rounds (default 10)")
    ap.add_argument("--seed", type=int, default=0, help="the first seed (default 0)")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args(argv)
    m = measure(args.games, args.repeats, args.seed)
    print(json.dumps(m) if args.json else table(m))
    return 0


if __name__ == "__main__":
    sys.exit(main())
