"""The `tablekit` command: games, play, check, serve, bench."""

from __future__ import annotations

import argparse
import json
import sys

from . import games, new_game
from .core.errors import TablekitError
from .core.registry import get_game


def _cmd_games(args: argparse.Namespace) -> int:
    for gid in games():
        g = get_game(gid)
        print(f"{gid:12} {g.title} ({g.min_players}-{g.max_players} players)")
    return 0


def _players(value: str) -> int | list[str]:
    if value.isdigit():
        return int(value)
    return [p.strip() for p in value.split(",")]


def _cmd_play(args: argparse.Namespace) -> int:
    g = new_game(args.game, players=_players(args.players), seed=args.seed, variant=args.variant)
    bots = args.bots
    printed = 0

    def emit(recs) -> None:
        nonlocal printed
        for r in recs:
            if args.json:
                print(json.dumps(r.to_dict(), ensure_ascii=False))
            else:
                print(f"{' › '.join(r.path)}: {r.text}  [{r.rule}]")
            printed += 1

    emit(g.run(until="end", bots=bots))
    if not g.is_over:
        d = g.pending
        print(f"stopped: {d.player} must choose ({d.prompt}); no bot plays that seat", file=sys.stderr)
        return 1
    res = g.result
    if args.json:
        print(json.dumps({"result": res.to_dict()}, ensure_ascii=False))
    else:
        scores = ", ".join(f"{p} {s}" for p, s in res.scores.items())
        print(f"Scores: {scores}")
        print(f"Winners: {', '.join(res.winners) or 'nobody'}")
    return 0


def _cmd_bench(args: argparse.Namespace) -> int:
    from .bench import run_bench

    res = run_bench(args.game, seconds=args.seconds, seeds=args.seeds)
    if args.json:
        print(json.dumps(res.to_dict()))
    else:
        print("\n".join(res.lines()))
    return 0


def _cmd_check(args: argparse.Namespace) -> int:
    from .core.errors import ScenarioError
    from .core.scenario import check_scenario

    failed = 0
    for path in args.files:
        try:
            sc = check_scenario(path)
        except ScenarioError as exc:
            failed += 1
            if args.json:
                print(json.dumps({"file": path, "error": str(exc)}, ensure_ascii=False))
            else:
                print(f"ERROR {exc}")
            continue
        if args.json:
            print(json.dumps({"file": path, "title": sc.title, "passed": sc.passed,
                              "expectations": [o.to_dict() for o in sc.outcomes]}, ensure_ascii=False))
        else:
            print(f"{'PASS' if sc.passed else 'FAIL'} {path}: {sc.title}")
            for o in sc.outcomes:
                mark = "passed" if o.passed else "FAILED"
                tail = "" if o.passed else f" (actual: {o.actual!r})"
                print(f"  {mark}: {o.what}{tail}  [line {o.line}]")
        failed += 0 if sc.passed else 1
    return 1 if failed else 0


def _cmd_serve(args: argparse.Namespace) -> int:
    from .serve import serve

    return serve(args.notebook, port=args.port, ip=args.ip, pool_size=args.pool_size,
                 cull_idle=args.cull_idle, preheat=not args.no_preheat)


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="tablekit", description="Interactive rulebooks for card games.")
    sub = ap.add_subparsers(dest="command", required=True)
    sub.add_parser("games", help="list the registered games").set_defaults(fn=_cmd_games)
    p = sub.add_parser("play", help="narrate a whole game played by bots, one line per step")
    p.add_argument("game")
    p.add_argument("--players", default="2", help="a count, or names separated by commas")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--variant", default=None)
    p.add_argument("--bots", default="random", choices=["random", "heuristic"])
    p.add_argument("--json", action="store_true", help="print the history as JSON lines")
    p.set_defaults(fn=_cmd_play)
    c = sub.add_parser("check", help="run scenario files and report each expectation")
    c.add_argument("files", nargs="+", metavar="FILE")
    c.add_argument("--json", action="store_true", help="one JSON object per file")
    c.set_defaults(fn=_cmd_check)
    s = sub.add_parser("serve", help="serve the notebooks as a web app with Voilà")
    s.add_argument("notebook", nargs="?", default=None,
                   help="one notebook (e.g. creatures.ipynb); default: the whole notebooks folder")
    s.add_argument("--port", type=int, default=8866)
    s.add_argument("--ip", default="127.0.0.1", help="address to listen on (default: this machine only)")
    s.add_argument("--pool-size", type=int, default=1, help="preheated kernels kept ready per notebook")
    s.add_argument("--cull-idle", type=int, default=0, metavar="SECONDS",
                   help="shut down kernels idle this long (0: never)")
    s.add_argument("--no-preheat", action="store_true", help="start kernels only when a page opens")
    s.set_defaults(fn=_cmd_serve)
    b = sub.add_parser("bench", help="measure speed and memory of a game")
    b.add_argument("game")
    b.add_argument("--seconds", type=float, default=5.0, help="time spent on whole games")
    b.add_argument("--seeds", type=int, default=20, help="seeded games for the per-step figures")
    b.add_argument("--json", action="store_true")
    b.set_defaults(fn=_cmd_bench)
    return ap


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.fn(args)
    except TablekitError as exc:
        print(f"tablekit: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
