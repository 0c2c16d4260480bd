"""How seeded bot games end: the share of each ending and the median length.

    python benchmarks/endings.py labyrinth --seeds 0-999 --players 2,3,4
    python benchmarks/endings.py labyrinth --bots random --variant gentle
    python benchmarks/endings.py creatures --option max_rounds=50 --json

For one game, plays every seed of `--seeds` at each player count of `--players`
with the same bot on every seat (`--bots heuristic` or `random`), through the
public API (`tablekit.new_game`, `g.run(until="end", ...)`), on 2 worker
processes. A game with a safety cap (`GameDef.safety_rounds`) gets it as its
options unless `--option` sets them. Per player count it prints the share of
each `result.ending` (a game still running after `--max-records` records counts
as "not_over") and the median number of rounds.

Rounds are counted as tablekit.core.simulation counts them (`rounds_of`,
shared with `tablekit.simulate`): the records of the game's round loop (the flow
node with `level="round"`) are grouped by the round they belong to (their place
in the running path), and a game's length is the number of rounds it entered. A
game whose flow has no round loop reports no median.
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections import Counter
from multiprocessing import Pool
from typing import Any

import tablekit
from tablekit.core.simulation import round_place, rounds_of

WORKERS = 2


def play_one(job: tuple[str, int, int, str, str | None, dict[str, Any], int]) -> tuple[int, str, int | None]:
    """Play one game; (player count, ending, rounds)."""
    game_id, players, seed, bots, variant, options, max_records = job
    g = tablekit.new_game(game_id, players=players, seed=seed, variant=variant, options=options)
    g.run(until="end", bots=bots, max_records=max_records)
    ending = (g.result.ending or "no_ending") if g.is_over else "not_over"
    return players, ending, rounds_of(g, round_place(g.gamedef.flow))


def parse_seeds(text: str) -> range:
    """"0-999" (both ends included) or a single seed "7"."""
    try:
        lo, _, hi = text.partition("-")
        first, last = int(lo), int(hi or lo)
    except ValueError:
        raise argparse.ArgumentTypeError(f"seeds must look like 0-999 or 7, not {text!r}") from None
    if last < first:
        raise argparse.ArgumentTypeError(f"the seed range {text!r} is empty")
    return range(first, last + 1)


def parse_option(text: str) -> tuple[str, Any]:
    """"key=value"; the value is read as JSON (a number, true, "text"), else kept as text."""
    key, eq, raw = text.partition("=")
    if not eq or not key:
        raise argparse.ArgumentTypeError(f"an option is key=value, not {text!r}")
    try:
        return key, json.loads(raw)
    except json.JSONDecodeError:
        return key, raw


def summary(rows: list[tuple[int, str, int | None]]) -> dict[int, dict[str, Any]]:
    """Per player count: games, the share of each ending (in %) and the median rounds."""
    out: dict[int, dict[str, Any]] = {}
    for n in sorted({r[0] for r in rows}):
        mine = [r for r in rows if r[0] == n]
        ends = Counter(r[1] for r in mine)
        lengths = [r[2] for r in mine if r[2] is not None]
        out[n] = {"games": len(mine),
                  "endings": {e: round(100 * k / len(mine), 1) for e, k in ends.most_common()},
                  "median_rounds": statistics.median(lengths) if lengths else None}
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game", help="a registered game id")
    ap.add_argument("--seeds", type=parse_seeds, default=range(0, 1000), help="first-last, e.g. 0-999")
    ap.add_argument("--players", default="", help="player counts, e.g. 2,3,4 (default: every count)")
    ap.add_argument("--bots", choices=("heuristic", "random"), default="heuristic")
    ap.add_argument("--variant", default=None)
    ap.add_argument("--option", type=parse_option, action="append", default=[],
                    help="key=value (JSON value); replaces the safety cap's options when given")
    ap.add_argument("--max-records", type=int, default=100_000)
    ap.add_argument("--json", action="store_true", help="one JSON line instead of the table")
    args = ap.parse_args()
    info = tablekit.game_info(args.game)
    counts = ([int(x) for x in args.players.split(",")] if args.players
              else list(range(info.min_players, info.max_players + 1)))
    options = dict(args.option) if args.option else info.safety_options()
    jobs = [(args.game, n, s, args.bots, args.variant, options, args.max_records)
            for n in counts for s in args.seeds]
    with Pool(WORKERS) as pool:
        rows = pool.map(play_one, jobs, chunksize=8)
    table = summary(rows)
    head = {"game": args.game, "bots": args.bots, "variant": args.variant, "options": options,
            "seeds": f"{args.seeds.start}-{args.seeds.stop - 1}"}
    if args.json:
        print(json.dumps({**head, "by_players": table}))
        return
    print(" ".join(f"{k}={v}" for k, v in head.items()))
    for n, row in table.items():
        ends = ", ".join(f"{e} {p}%" for e, p in row["endings"].items())
        print(f"{n} players: {row['games']} games; {ends}; median rounds {row['median_rounds']}")


if __name__ == "__main__":
    main()
