"""Is the coach's advice stable? For every game, decisions are sampled from seeded
heuristic-bot games (those with at least two candidate answers; a quarter of them at
random, at most `--per-game` from one game). For each, the coach estimates every
candidate answer with `--playouts` playouts (seed A), then again, independently, with
ten times as many (seed B). The advice is *stable* when the answer best at the budget
is, by the tenfold re-estimate, within `--points` (5) points of the re-estimate's best.

    .venv/bin/python benchmarks/coach_stability.py --decisions 200 --playouts 8
    .venv/bin/python benchmarks/coach_stability.py --games creatures,lfg --decisions 50

Each game's result is written to `benchmarks/results/coach_stability-<game>-<playouts>.json`
as soon as it is done, and a game whose file is there (for the same settings: decisions,
playouts, seed, points, per-game and max-games) is read, not run again: a run stopped
part-way resumes where it stopped. The games run in parallel, one worker each (`--workers`). Prints per game: decisions, stable
ones with the 95% Wilson interval of their share, CPU seconds, and the unstable ones
(seed, record, kind, the two answers and their tenfold estimates)."""

from __future__ import annotations

import argparse
import json
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from sampled_decisions import sample_decisions

import tablekit
from tablekit.balance import wilson
from tablekit.core.coach import Search

RESULTS = Path(__file__).resolve().parent / "results"


def judge(game, d, playouts: int, seed: int, points: float) -> dict | None:
    """One decision: the best answer at the budget and at ten times it (another seed);
    None when the coach has fewer than two answers to weigh."""
    horizon = game.gamedef.coach_horizon  # the board's and the coach bot's
    first = Search(game.gamedef, game.ctx, d, seed=f"stability-a:{seed}:{len(game.history)}", horizon=horizon)
    if len(first.answers) < 2:
        return None
    first.more(playouts)
    best = first.advice().estimates[0]
    again = Search(game.gamedef, game.ctx, d, seed=f"stability-b:{seed}:{len(game.history)}",
                   horizon=horizon, answers=list(first.answers))
    again.more(10 * playouts)
    ranked = again.advice().estimates
    by = {e.answer: e for e in ranked}
    top, mine = ranked[0], by[best.answer]
    gap = round(100 * (top.mean - mine.mean), 6)  # points; rounded so that 5.000000000000004 is 5
    return {"seed": seed, "record": len(game.history), "kind": d.kind, "answers": len(first.answers),
            "best": list(best.answer), "best_label": best.label, "best_at_budget": best.words(),
            "tenfold_best": list(top.answer), "tenfold_best_label": top.label,
            "tenfold_of_best": mine.words(), "tenfold_top": top.words(),
            "gap_points": gap, "stable": gap <= points}


def sample(game_id: str, decisions: int, playouts: int, per_game: int, seed0: int, points: float,
           max_games: int) -> dict:
    began = time.process_time()
    rows, games = sample_decisions(game_id, decisions, per_game, seed0, max_games, "stability-pick",
                                   lambda d: len(d.legal) >= 2,
                                   lambda g, d, seed, _pick: judge(g, d, playouts, seed, points))
    return {"game": game_id, "decisions": decisions, "playouts": playouts, "tenfold": 10 * playouts,
            "points": points, "seed": seed0, "per_game": per_game, "max_games": max_games,
            "games": games, "rows": rows,
            "cpu_s": round(time.process_time() - began, 1)}


def result_file(game_id: str, playouts: int) -> Path:
    """Where a game's result is kept; a game whose coach stops at a horizon says it
    (`-h90`), so a result of playouts to the end is never read for it."""
    horizon = tablekit.game_info(game_id).coach_horizon
    return RESULTS / f"coach_stability-{game_id}-{playouts}{f'-h{horizon}' if horizon else ''}.json"


def stored(game_id: str, args: argparse.Namespace) -> dict | None:
    """A finished result of the same setting, if one is stored."""
    path = result_file(game_id, args.playouts)
    if not path.exists():
        return None
    res = json.loads(path.read_text(encoding="utf-8"))
    setting = ("decisions", "seed", "points", "per_game", "max_games")
    same = all(res.get(k) == getattr(args, k) for k in setting)
    return res if same else None


def _run_one(game_id: str, args: argparse.Namespace) -> dict:
    res = sample(game_id, args.decisions, args.playouts, args.per_game, args.seed, args.points, args.max_games)
    RESULTS.mkdir(parents=True, exist_ok=True)
    result_file(game_id, args.playouts).write_text(json.dumps(res, indent=1), encoding="utf-8")
    return res


def report(res: dict) -> list[str]:
    rows = res["rows"]
    if not rows:
        return [f"{res['game']:<11} no decision with two answers to weigh in {res['games']} games"]
    stable = sum(r["stable"] for r in rows)
    lo, hi = wilson(stable, len(rows))
    lines = [f"{res['game']:<11} {len(rows)} decisions from {res['games']} games, {res['playouts']} playouts "
             f"then {res['tenfold']}: stable in {stable} ({stable / len(rows):.1%}, 95% {lo:.1%} to {hi:.1%}); "
             f"{res['cpu_s']:.0f} s CPU"]
    for r in rows:
        if not r["stable"]:
            lines.append(f"    unstable: seed {r['seed']} record {r['record']} {r['kind']}: "
                         f"{r['best_label']!r} {r['tenfold_of_best']} against {r['tenfold_best_label']!r} "
                         f"{r['tenfold_top']} ({r['gap_points']} points)")
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", default="", help="comma-separated game ids (default: every game)")
    ap.add_argument("--decisions", type=int, default=200)
    ap.add_argument("--playouts", type=int, default=8, help="the budget: playouts of each answer")
    ap.add_argument("--points", type=float, default=5.0, help="how close counts as stable, in points")
    ap.add_argument("--per-game", type=int, default=5, help="at most this many decisions from one game")
    ap.add_argument("--max-games", type=int, default=1000, help="give up on a game after this many games")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args(argv)
    games = args.games.split(",") if args.games else sorted(tablekit.games())
    unknown = sorted(set(games) - set(tablekit.games()))
    if unknown:
        ap.error(f"unknown game {unknown[0]!r}; the games are {', '.join(sorted(tablekit.games()))}")
    began = time.monotonic()
    done = {g: stored(g, args) for g in games}
    todo = [g for g in games if done[g] is None]
    for g in games:
        if done[g] is not None:
            print(f"{g}: read from {result_file(g, args.playouts)}")
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for res in pool.map(_run_one, todo, [args] * len(todo)):
            done[res["game"]] = res
            print("\n".join(report(res)), flush=True)
    for g in games:
        if g not in todo:
            print("\n".join(report(done[g])))
    print(f"wall time {time.monotonic() - began:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
