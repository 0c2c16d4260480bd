"""The seed of a guided first game (issue 45): of the seeds tried, the one whose first
`--records` records bring the learner's seat the most kinds of decision, the learner
following the suggestions and the bots playing the other seats.

    python benchmarks/guide_seeds.py creatures --players Ana Bo Cy --bots heuristic --records 400
    python benchmarks/guide_seeds.py creatures --players Ana Bo Cy --bots heuristic --records 400 --dump 12

It prints, for each seed, the kinds the learner met; then the best seed, how many kinds
it reached of all the kinds any seat met in the whole games of every seed tried, and
the fraction. `--dump SEED` prints that seed's game instead, record by record, with
every decision of the learner (its kind, its options and the suggested one): what a
guide's author writes the lessons from.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tablekit.core.engine import make_game  # noqa: E402
from tablekit.core.guide import advance, kinds_in_game, learner_decides  # noqa: E402
from tablekit.core.registry import get_game  # noqa: E402


def all_kinds(game_id: str, players: list[str], bots: dict[str, str], seed: int) -> set[str]:
    """The kinds of every decision any seat meets in a whole game (bots everywhere)."""
    g = make_game(get_game(game_id), players, seed, None, None)
    kinds = set()
    everyone = {p: bots.get(p, "heuristic") for p in players}
    while not g.is_over and len(g.history) < 20_000:
        if g.pending is not None:
            kinds.add(g.pending.kind)
        advance(g, everyone, "")
    return kinds


def dump(game_id: str, players: list[str], seat: str, bots: dict[str, str], seed: int, records: int) -> None:
    g = make_game(get_game(game_id), players, seed, None, None)
    while not g.is_over and len(g.history) < records:
        d = g.pending
        if learner_decides(d, seat):
            print(f"  ## {len(g.history)} DECISION kind={d.kind} at {' > '.join(g.cursor or ())}")
            print(f"     {d.prompt}")
            for o in d.options:
                mark = "*" if d.suggested is not None and o.id == d.suggested.id else " "
                print(f"     {mark} {o.id}: {o.label}" + ("" if o.legal else f"   [not legal: {o.reason}]"))
        advance(g, bots, seat)
        rec = g.history[-1]
        who = f" [{rec.player} chose {', '.join(rec.choice)}]" if rec.kind == "choice" else ""
        print(f"{rec.index:4d} {' › '.join(rec.path)} ({rec.rule}){who}: {rec.text_for(seat)[:220]}")
    print("game over" if g.is_over else f"stopped at {len(g.history)} records")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game")
    ap.add_argument("--players", nargs="+", required=True)
    ap.add_argument("--seat", help="the learner's seat (default: the first player)")
    ap.add_argument("--bots", default="heuristic", help="the bot kind at every other seat")
    ap.add_argument("--records", type=int, default=500, help="the guided span, in records")
    ap.add_argument("--seeds", type=int, default=50)
    ap.add_argument("--dump", type=int, help="print this seed's game record by record")
    a = ap.parse_args(argv)
    seat = a.seat or a.players[0]
    bots = {p: a.bots for p in a.players if p != seat}
    if a.dump is not None:
        dump(a.game, a.players, seat, bots, a.dump, a.records)
        return 0
    best, every = None, set()
    for seed in range(1, a.seeds + 1):
        met = kinds_in_game(a.game, a.players, seat, bots, seed, records=a.records)
        every |= all_kinds(a.game, a.players, bots, seed)
        kinds = sorted(set(met))
        print(f"seed {seed:3d}: {len(kinds)} kinds in {len(met)} decisions: {', '.join(kinds)}")
        if best is None or len(kinds) > len(best[1]):
            best = (seed, kinds)
    seed, kinds = best
    print(f"best seed {seed}: {len(kinds)} of the {len(every)} kinds met in the {a.seeds} whole games "
          f"({len(kinds) / max(len(every), 1):.0%}); not reached: {', '.join(sorted(every - set(kinds)))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
