"""Foe Hunters balance: seeded heuristic-bot games per foe and player count.

    python benchmarks/foehunters_balance.py                  # 1000 seeds, every foe, solo 2 3 4
    python benchmarks/foehunters_balance.py --seeds 0-199 --players 3 --foes cult
    python benchmarks/foehunters_balance.py --json

Every game goes through the public API (`tablekit.new_game`, `g.run(until="end",
bots="heuristic")`) with the game's safety cap (`safety_rounds`, 60 rounds; a game
that reaches it ends as `unfinished`). Solo is `variant="solo"` on two seats. The
heroes are dealt by the seed (`random.Random(seed)`, the harness's own generator:
the game's seeded RNG is untouched), so that every hero is measured, not only the
party a bot would pick; the same seed always deals the same heroes.

It prints, per foe and player count, the party's win rate, the share of each
ending and the median number of rounds, then checks the issue's targets: at 3
players the Cult 55-85%, Keraxis 35-65%, the Dragonspawn 15-45%; at every count
the Cult won more often than Keraxis, and Keraxis more often than the Dragonspawn;
at most 1% unfinished. It exits 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from collections import Counter
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from endings import parse_seeds, round_place, rounds_of  # noqa: E402

import tablekit  # noqa: E402

WORKERS = 2
FOES = ("cult", "keraxis", "dragonspawn")
COUNTS = ("solo", "2", "3", "4")
SEATS = ("Ana", "Bo", "Cy", "Di")
TARGET_AT_3 = {"cult": (55, 85), "keraxis": (35, 65), "dragonspawn": (15, 45)}
MAX_UNFINISHED = 1.0


def play_one(job: tuple[str, str, int]) -> tuple[str, str, str, int | None, tuple[str, ...]]:
    """One game: (foe, count, ending, rounds, heroes)."""
    foe, count, seed = job
    n = 2 if count == "solo" else int(count)
    info = tablekit.game_info("foehunters")
    heroes = tuple(random.Random(seed).sample(sorted(info.options["heroes"].choices), n))
    seats = list(SEATS[:n])
    g = tablekit.new_game("foehunters", players=seats, seed=seed, variant="solo" if count == "solo" else None,
                          options={**info.safety_options(), "foe": foe, "heroes": dict(zip(seats, heroes))})
    g.run(until="end", bots="heuristic", max_records=200_000)
    ending = (g.result.ending or "no_ending") if g.is_over else "not_over"
    return foe, count, ending, rounds_of(g, round_place(g.gamedef.flow)), heroes


def table(rows: list[tuple]) -> dict[str, dict[str, dict[str, Any]]]:
    out: dict[str, dict[str, dict[str, Any]]] = {}
    for foe in dict.fromkeys(r[0] for r in rows):
        out[foe] = {}
        for count in dict.fromkeys(r[1] for r in rows if r[0] == foe):
            mine = [r for r in rows if r[0] == foe and r[1] == count]
            ends = Counter(r[2] for r in mine)
            lengths = [r[3] for r in mine if r[3] is not None]
            out[foe][count] = {
                "games": len(mine),
                "win": round(100 * ends["foe_defeated"] / len(mine), 1),
                "endings": {e: round(100 * k / len(mine), 1) for e, k in ends.most_common()},
                "median_rounds": statistics.median(lengths) if lengths else None}
    return out


def misses(result: dict[str, dict[str, dict[str, Any]]]) -> list[str]:
    """Every target of the issue this result misses, in words."""
    out = []
    for foe, (lo, hi) in TARGET_AT_3.items():
        row = result.get(foe, {}).get("3")
        if row and not lo <= row["win"] <= hi:
            out.append(f"{foe} at 3 players: {row['win']}% is outside {lo}-{hi}%")
    counts = {c for rows in result.values() for c in rows}
    for c in sorted(counts):
        wins = [result[f][c]["win"] for f in FOES if f in result and c in result[f]]
        if len(wins) == len(FOES) and not wins[0] > wins[1] > wins[2]:
            out.append(f"at {c}: the order Cult > Keraxis > Dragonspawn does not hold ({wins})")
    for foe, rows in result.items():
        for c, row in rows.items():
            unfinished = row["endings"].get("unfinished", 0) + row["endings"].get("not_over", 0)
            if unfinished > MAX_UNFINISHED:
                out.append(f"{foe} at {c}: {unfinished}% unfinished (at most {MAX_UNFINISHED}%)")
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seeds", type=parse_seeds, default=range(0, 1000), help="first-last, e.g. 0-999")
    ap.add_argument("--players", default=",".join(COUNTS), help="solo,2,3,4 or a part of it")
    ap.add_argument("--foes", default=",".join(FOES))
    ap.add_argument("--json", action="store_true", help="one JSON line instead of the table")
    args = ap.parse_args()
    counts = [c for c in args.players.split(",") if c]
    foes = [f for f in args.foes.split(",") if f]
    bad = [c for c in counts if c not in COUNTS] + [f for f in foes if f not in FOES]
    if bad:
        ap.error(f"unknown player count or foe: {', '.join(bad)} (counts: {', '.join(COUNTS)}; "
                 f"foes: {', '.join(FOES)})")
    jobs = [(f, c, s) for f in foes for c in counts for s in args.seeds]
    with Pool(WORKERS) as pool:
        rows = pool.map(play_one, jobs, chunksize=8)
    result = table(rows)
    missed = misses(result)
    if args.json:
        print(json.dumps({"seeds": f"{args.seeds.start}-{args.seeds.stop - 1}", "by_foe": result,
                          "missed": missed}))
    else:
        print(f"Foe Hunters, heuristic bots, seeds {args.seeds.start}-{args.seeds.stop - 1}")
        print("| foe | players | games | party wins | endings | median rounds |")
        print("| --- | --- | --- | --- | --- | --- |")
        for foe, by_count in result.items():
            for c, row in by_count.items():
                ends = ", ".join(f"{e} {p}%" for e, p in row["endings"].items())
                print(f"| {foe} | {c} | {row['games']} | {row['win']}% | {ends} | {row['median_rounds']} |")
        print("targets missed: " + ("; ".join(missed) if missed else "none"))
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
