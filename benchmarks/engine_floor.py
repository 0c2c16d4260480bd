"""What one record costs the engine when the rules themselves cost nothing.

    python benchmarks/engine_floor.py                 # 40 toy games of 600 records each
    python benchmarks/engine_floor.py --games 100 --json

A toy game, *Floor*, whose rules do as little as a rule can: three players,
100 rounds, and in each player's turn one automatic step that changes nothing
and one decision of three options that changes nothing. Random bots play it
on the fast path (`Game.watched = False`, as `tablekit.simulate` plays), so
what is timed is the engine's own work for each record: settling the cursor
on the flow, building the decision, the bot's seeded answer, checking it, the
record with its path in words. The script prints the microseconds per
record, then what that floor comes to for a Creatures and Cards game at 3
players (its mean records per game, over the same number of seeded games)
against the whole time of the plain hand-written game
(benchmarks/plain_creatures.py): the part of issue 20's ratio that the engine
spends before any Creatures rule runs. Time is process CPU time, best of 3.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import plain_creatures  # noqa: E402
from engine_ratio import positive  # noqa: E402  (the same check of --games)

import tablekit  # noqa: E402
from tablekit.core import Ask, Ctx, Decision, ForEachPlayer, GameDef, Loop, Option, Result, Sequence, Step  # noqa: E402
from tablekit.core.cards import load_cards  # noqa: E402
from tablekit.core.engine import make_game  # noqa: E402

ROUNDS = 100
PLAYERS = ["P1", "P2", "P3"]
CARDS = "format_version: 1\ngame: floor\ncards:\n  - {id: token, name: Token, text: A token that does nothing.}\n"


def ask_pick(ctx: Ctx) -> Decision:
    return Decision(ctx.player, "Pick one (it changes nothing)",
                    [Option("a", "A"), Option("b", "B"), Option("c", "C")], kind="pick")


def resolve_pick(ctx: Ctx, ids: tuple[str, ...]) -> str:
    return f"{ctx.player} picks {ids[0]}."


class Floor(GameDef):
    id = "floor"
    title = "Floor"

    def __init__(self, card_file: Path):
        self.card_file = card_file

    @property
    def cards(self):
        return load_cards(self.card_file, "floor", {}, frozenset())

    def build_flow(self):
        turn = Sequence("Turn", children=[
            Step("Nothing", lambda ctx: "Nothing happens.", "A step that changes nothing.", "Floor"),
            Ask("Pick", ask_pick, resolve_pick, "A decision that changes nothing.", "Floor")])
        return Sequence("Floor", show=False, children=[
            Loop("Rounds", ForEachPlayer("Turns", turn), until=lambda ctx: ctx.count("Rounds") >= ROUNDS,
                 label="Round {n}", level="round")])

    def create_table(self, ctx: Ctx) -> None:
        ctx.state.add_zone("box", None, "public")
        ctx.state.add_card("token", "token", "box")

    def result(self, ctx: Ctx) -> Result:
        return Result([], {}, "nobody wins a game of nothing", "end")


def floor_seconds(game: Floor, games: int) -> tuple[float, int]:
    """CPU seconds of `games` toy games (best of 3) and their records."""
    best, records = float("inf"), 0
    for _ in range(3):
        start, records = time.process_time(), 0
        for seed in range(games):
            g = make_game(game, PLAYERS, seed=seed)
            g.watched = False
            records += len(g.run(until="end", bots="random"))
        best = min(best, time.process_time() - start)
    return best, records


def creatures_records(games: int) -> float:
    df = tablekit.simulate("creatures", games=games, players=3, bots="random", seed=0, workers=1)
    return float(df["records"].mean())


def plain_seconds(games: int) -> float:
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        for seed in range(games):
            plain_creatures.play(seed, 3)
        best = min(best, time.process_time() - start)
    return best / games


def measure(games: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        card_file = Path(tmp) / "floor.yaml"
        card_file.write_text(CARDS, encoding="utf-8")
        game = Floor(card_file)
        floor_seconds(game, 2)  # warm up
        seconds, records = floor_seconds(game, games)
    per_record = seconds / records
    mean_records = creatures_records(games)
    plain = plain_seconds(games)
    return {"games": games, "records": records, "us_per_record": round(per_record * 1e6, 2),
            "creatures_mean_records": round(mean_records, 1),
            "creatures_floor_ms": round(per_record * mean_records * 1e3, 3),
            "plain_game_ms": round(plain * 1e3, 3),
            "floor_over_plain": round(per_record * mean_records / plain, 1)}


def table(m: dict[str, Any]) -> str:
    return "\n".join([
        f"Floor, a toy game of rules that do nothing: {m['games']} games, {m['records']:,} records "
        "(random bots, the fast path, CPU time, best of 3)",
        f"  the engine's own cost per record:        {m['us_per_record']:.2f} µs",
        f"  Creatures at 3 players, mean records:    {m['creatures_mean_records']}",
        f"  that floor for one Creatures game:       {m['creatures_floor_ms']:.3f} ms",
        f"  one plain Creatures game, whole:         {m['plain_game_ms']:.3f} ms",
        f"  floor / plain game:                      {m['floor_over_plain']:.1f}",
    ])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="The engine's own cost per record, on a toy game of no rules.")
    ap.add_argument("--games", type=positive, default=40, help="toy games (and Creatures games) to play")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args(argv)
    m = measure(args.games)
    print(json.dumps(m) if args.json else table(m))
    return 0


if __name__ == "__main__":
    sys.exit(main())
