"""Is a suggested option ever clearly worse than a random legal one? For every game,
decisions are sampled from seeded heuristic-bot games (the decisions that have a
suggested option and another legal one, a quarter of them at random, at most
`--per-game` from one game, over at
most `--max-games` games: a game that suggests nothing has none); for each, the coach
(tablekit.core.coach) estimates the suggested option and one other legal option drawn
at random (seeded), `--playouts` playouts of each from the deciding seat's view, and the
decision counts as *worse* when the suggested option's 95% interval lies wholly below
the random option's.

    .venv/bin/python benchmarks/suggested_vs_random.py --decisions 200 --playouts 32
    .venv/bin/python benchmarks/suggested_vs_random.py --games mirkwood --decisions 50 --json out.json

Prints per game: decisions sampled, how many had the suggestion clearly worse (with
the 95% Wilson interval of that share), clearly better, and too close to tell, then
the worse ones (game, seed, record, kind, the two options and their estimates). The
games run in parallel, one worker each (`--workers`)."""

from __future__ import annotations

import argparse
import json
import random
import time
from concurrent.futures import ProcessPoolExecutor

from sampled_decisions import sample_decisions

import tablekit
from tablekit.balance import wilson
from tablekit.core.coach import advise


def sample(game_id: str, decisions: int, playouts: int, per_game: int, seed0: int, max_games: int) -> dict:
    began = time.process_time()

    def wanted(d) -> bool:
        return d.default is not None and d.min <= 1 <= d.max and any(o.id != d.default for o in d.legal)

    def judge(g, d, seed: int, pick: random.Random) -> dict:
        other = pick.choice([o.id for o in d.legal if o.id != d.default])
        a = advise(g.gamedef, g.ctx, d, playouts=playouts, seed=f"check:{seed}:{len(g.history)}",
                   answers=[(d.default,), (other,)])
        by = {e.answer: e for e in a.estimates}
        s, r = by[(d.default,)], by[(other,)]
        verdict = ("worse" if s.mean + s.spread < r.mean - r.spread else
                   "better" if s.mean - s.spread > r.mean + r.spread else "close")
        return {"seed": seed, "record": len(g.history), "kind": d.kind, "suggested": d.default,
                "other": other, "suggested_est": s.words(), "other_est": r.words(), "verdict": verdict}

    rows, games = sample_decisions(game_id, decisions, per_game, seed0, max_games, "pick", wanted, judge)
    return {"game": game_id, "rows": rows, "games": games, "cpu_s": time.process_time() - began}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", default="", help="comma-separated game ids (default: every game)")
    ap.add_argument("--decisions", type=int, default=200)
    ap.add_argument("--playouts", type=int, default=32)
    ap.add_argument("--per-game", type=int, default=5, help="at most this many decisions from one game")
    ap.add_argument("--max-games", type=int, default=1000, help="give up on a game after this many games")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--json", metavar="FILE")
    args = ap.parse_args(argv)
    games = args.games.split(",") if args.games else sorted(tablekit.games())
    began = time.monotonic()
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        results = list(pool.map(sample, games, [args.decisions] * len(games), [args.playouts] * len(games),
                                [args.per_game] * len(games), [args.seed] * len(games),
                                [args.max_games] * len(games)))
    for res in results:
        rows = res["rows"]
        worse = [r for r in rows if r["verdict"] == "worse"]
        better = sum(r["verdict"] == "better" for r in rows)
        lo, hi = wilson(len(worse), len(rows))
        if not rows:
            print(f"{res['game']:<11} no decision with a suggested option and another legal one in "
                  f"{res['games']} games: nothing to compare")
            continue
        print(f"{res['game']:<11} {len(rows)} decisions from {res['games']} games, {args.playouts} playouts each: "
              f"suggestion clearly worse "
              f"in {len(worse)} ({lo:.1%} to {hi:.1%}), clearly better in {better}, "
              f"too close in {len(rows) - len(worse) - better}; {res['cpu_s']:.0f} s CPU")
        for r in worse:
            print(f"    worse: seed {r['seed']} record {r['record']} {r['kind']}: {r['suggested']} "
                  f"{r['suggested_est']} against {r['other']} {r['other_est']}")
    print(f"wall time {time.monotonic() - began:.0f} s")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(results, f, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
