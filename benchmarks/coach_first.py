"""How soon the board's coach shows its first estimate: for each game, decisions are
sampled from seeded heuristic-bot games (the decisions with two answers or more, one in
`--every`), and for each the time from the search's start (the board's own search,
`widgets.coachrun.board_search`: the position copied, the game's horizon) to its first
advice, `FIRST_BATCH` playouts of each answer, as the board's background search takes it.

    .venv/bin/python benchmarks/coach_first.py --decisions 40

Prints per game the median, the 95th percentile and the slowest, in wall seconds and in
CPU seconds of this process (the machine is shared: the CPU time is the steadier)."""

from __future__ import annotations

import argparse
import json
import statistics
import time

import tablekit
from tablekit.core import bots
from tablekit.widgets.coachrun import FIRST_BATCH, board_search


def nearest_rank(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[max(0, min(len(xs) - 1, round(q / 100 * len(xs) + 0.5) - 1))]


def first_estimates(game_id: str, decisions: int, every: int, seed0: int) -> tuple[list[float], list[float]]:
    wall: list[float] = []
    cpu: list[float] = []
    seed = seed0
    while len(wall) < decisions:
        g = tablekit.new_game(game_id, seed=seed)
        n = 0
        while not g.is_over and len(wall) < decisions:
            g.run(until="decision")
            if g.is_over:
                break
            d = g.pending
            if len(d.legal) >= 2:
                n += 1
                if n % every == 0:
                    t, c = time.perf_counter(), time.process_time()
                    s = board_search(g, d)
                    s.more(FIRST_BATCH)
                    s.advice()
                    wall.append(time.perf_counter() - t)
                    cpu.append(time.process_time() - c)
            g.choose(*bots.record_answer("heuristic", g.gamedef, g.ctx, d, seed, len(g.history)))
        seed += 1
    return wall, cpu


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", default="", help="comma-separated game ids (default: every game)")
    ap.add_argument("--decisions", type=int, default=40)
    ap.add_argument("--every", type=int, default=7, help="take one decision of two answers or more in this many")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", metavar="FILE")
    args = ap.parse_args(argv)
    out = {}
    for game_id in (args.games.split(",") if args.games else sorted(tablekit.games())):
        wall, cpu = first_estimates(game_id, args.decisions, args.every, args.seed)
        out[game_id] = {"wall_median": statistics.median(wall), "wall_p95": nearest_rank(wall, 95),
                        "wall_max": max(wall), "cpu_median": statistics.median(cpu), "cpu_p95": nearest_rank(cpu, 95)}
        r = out[game_id]
        print(f"{game_id:<11} first estimate ({FIRST_BATCH} playouts of each answer, {len(wall)} decisions): "
              f"median {r['wall_median']:.2f} s, p95 {r['wall_p95']:.2f} s, slowest {r['wall_max']:.2f} s "
              f"(CPU median {r['cpu_median']:.2f} s, p95 {r['cpu_p95']:.2f} s)", flush=True)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(out, f, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
