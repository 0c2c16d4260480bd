"""Same behaviour before and after a change to the core: fingerprints of
seeded heuristic-bot games.

    python benchmarks/behaviour.py dump OUT.jsonl [--games 200]
    python benchmarks/behaviour.py compare OLD.jsonl NEW.jsonl

`dump` plays, for every registered game and every player count it allows,
`--games` seeded games with heuristic bots on every seat, and writes one JSON
line a game. Run it on the old code (for example in a `git worktree` of the
commit before the change) and on the new, then `compare` the two files.

A fingerprint holds what must not change: every zone's cards in order, every
card's state, the players' counters, the RNG state at the end, and the
result's winners, scores and text. The game's `extra`, the cursor and
`Result.ending` may change shape, so they are left out. The number of
records and a digest of their texts are kept apart: they say where two runs
part, but a change there alone is not a change of behaviour.

It uses only the public API, so the same file runs on both versions.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys

import tablekit

SOLID = ("zones", "cards", "players", "rng")


def fingerprint(game_id: str, players: int, seed: int) -> dict:
    g = tablekit.new_game(game_id, players=players, seed=seed)
    g.run(until="end", bots="heuristic", max_records=20_000)
    st = g.state.to_dict()
    res = g.result
    texts = hashlib.sha256("\n".join(r.text for r in g.history).encode()).hexdigest()[:16]
    return {
        "game": game_id, "players": players, "seed": seed,
        "zones": st["zones"], "cards": st["cards"], "players_state": st["players"], "rng": st["rng"],
        "over": g.is_over,
        "result": None if res is None else {"winners": res.winners, "scores": res.scores,
                                            "text": res.text},
        "records": len(g.history), "texts": texts,
        "each": [hashlib.sha256(f"{r.kind}|{r.text}".encode()).hexdigest()[:6] for r in g.history],
    }


def dump(out: str, games: int, only: list[str] | None) -> None:
    with open(out, "w", encoding="utf-8") as fh:
        for gid in tablekit.games():
            if only and gid not in only:
                continue
            info = tablekit.game_info(gid)
            for n in range(info.min_players, info.max_players + 1):
                for seed in range(games):
                    fh.write(json.dumps(fingerprint(gid, n, seed), sort_keys=True) + "\n")
                print(f"{gid}, {n} players: {games} games", file=sys.stderr)


KEYS = ("zones", "cards", "players_state", "rng", "over", "result")


def first_split(a: dict, b: dict) -> int | None:
    """The index of the first record whose kind or text differs (None: none does)."""
    x, y = a.get("each", []), b.get("each", [])
    for i, (p, q) in enumerate(zip(x, y)):
        if p != q:
            return i
    return None if len(x) == len(y) else min(len(x), len(y))


def compare(old: str, new: str, only: list[str] | None = None) -> int:
    def read(path: str) -> dict:
        with open(path, encoding="utf-8") as fh:
            return {(d["game"], d["players"], d["seed"]): d for d in map(json.loads, fh)
                    if not only or d["game"] in only}

    a, b = read(old), read(new)
    missing = sorted(set(a) ^ set(b))
    differ: dict[tuple, list[str]] = {}
    records_only: list[tuple] = []
    for key in sorted(set(a) & set(b)):
        bad = [k for k in KEYS if a[key][k] != b[key][k]]
        if bad:
            differ[key] = bad + ([] if a[key]["records"] == b[key]["records"] else ["records"])
        elif a[key]["records"] != b[key]["records"] or a[key]["texts"] != b[key]["texts"]:
            records_only.append(key)
    groups: dict[tuple, int] = {}
    for key in set(a) & set(b):
        groups[key[:2]] = groups.get(key[:2], 0) + 1
    for (gid, n), count in sorted(groups.items()):
        bad = sorted(k[2] for k in differ if k[:2] == (gid, n))
        soft = sorted(k[2] for k in records_only if k[:2] == (gid, n))
        print(f"{gid}, {n} players: {count} games, {len(bad)} differ"
              + (f" (seeds {bad})" if bad else "")
              + (f"; {len(soft)} same position, other records (seeds {soft})" if soft else ""))
    for key, what in sorted(differ.items()):
        print(f"  {key[0]} {key[1]}p seed {key[2]}: {', '.join(what)}; "
              f"records first part at #{first_split(a[key], b[key])}")
    if missing:
        print(f"only in one file: {missing[:10]}{' ...' if len(missing) > 10 else ''}")
    return 1 if differ or missing else 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    d = sub.add_parser("dump")
    d.add_argument("out")
    d.add_argument("--games", type=int, default=200)
    d.add_argument("--only", nargs="*")
    c = sub.add_parser("compare")
    c.add_argument("old")
    c.add_argument("new")
    c.add_argument("--only", nargs="*")
    args = ap.parse_args(argv)
    if args.cmd == "dump":
        dump(args.out, args.games, args.only)
        return 0
    return compare(args.old, args.new, args.only)


if __name__ == "__main__":
    sys.exit(main())
