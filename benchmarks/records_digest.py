"""One digest of every record of many seeded games of each game: a refactoring of the
core that changes no rule leaves it unchanged.

    .venv/bin/python benchmarks/records_digest.py --seeds 200            # all games
    .venv/bin/python benchmarks/records_digest.py --seeds 200 --games creatures,lfg

For each game it plays seeds 1..N with random bots at the game's default player
count, hashes each record's dictionary (kind, rule, path, text and the rest of
`StepRecord.to_dict`) and the final result, and prints one SHA-256 per game. Run it
before and after a change and compare the lines."""

from __future__ import annotations

import argparse
import hashlib
import json
import time

import tablekit


def digest(game_id: str, seeds: int) -> tuple[str, int]:
    """The SHA-256 of the records and results of seeds 1..`seeds`, and the records' count."""
    h = hashlib.sha256()
    count = 0
    for seed in range(1, seeds + 1):
        g = tablekit.new_game(game_id, seed=seed)
        g.run(until="end", bots="random", max_records=200_000)
        for rec in g.history:
            h.update(json.dumps(rec.to_dict(), sort_keys=True, default=str).encode())
            count += 1
        h.update(json.dumps(g.result.to_dict() if g.result else None, sort_keys=True, default=str).encode())
    return h.hexdigest(), count


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=200, help="seeds 1..N per game (default 200)")
    ap.add_argument("--games", default="", help="comma-separated game ids (default: every game)")
    args = ap.parse_args(argv)
    games = [g for g in args.games.split(",") if g] or list(tablekit.games())
    for game_id in games:
        t = time.perf_counter()
        sha, count = digest(game_id, args.seeds)
        print(f"{game_id}: {sha} ({count} records, {args.seeds} seeds, {time.perf_counter() - t:.1f} s)", flush=True)


if __name__ == "__main__":
    main()
