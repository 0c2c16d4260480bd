"""Fuzz the three kinds of file a user hands tablekit, for the five games, and play what loads.

    python benchmarks/fuzz_inputs.py [--inputs 2000] [--seed 39] [--rules 50] [--json FILE]

Each input is a shipped file of one game, mutated by a seeded generator: a scenario
(scenarios/<game>/*.yaml), a card file (cards/<game>.yaml) or a save (a seeded game
of random bots, saved after a hand-built start so that it carries its base state,
without its digest so that an edited save may load).
A mutation cuts the file after a line, deletes or duplicates a line, or replaces a
number, a word or a JSON value. Each input must either be refused with one
TablekitError, or load and then play `--rules` records with the engine's seeded
random bot without a traceback (a refusal in words while playing is the game's
answer). Any other exception is a traceback; an input that takes more than 30 s is
a hang. It prints the counts by outcome and by game, and each traceback's input.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import signal
import sys
import time
import traceback
from collections import Counter
from pathlib import Path

import tablekit
from tablekit.core.cards import load_cards
from tablekit.core.engine import make_game
from tablekit.core.errors import TablekitError
from tablekit.core.registry import get_game
from tablekit.core.scenario import build, parse
from tablekit.core.timeline import trial_problem

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("creatures", "lfg", "labyrinth", "foehunters", "mirkwood")
KINDS = ("scenario", "cards", "save")
PER_INPUT = 30  # seconds: longer is a hang


class Hang(Exception):
    pass


def _alarm(signum, frame):
    raise Hang("more than 30 s")


def mutate_lines(text: str, rnd: random.Random) -> str:
    lines = text.splitlines()
    how = rnd.choice(("cut", "delete", "duplicate", "number", "word"))
    i = rnd.randrange(len(lines))
    if how == "cut":
        lines = lines[:max(1, i)]
    elif how == "delete":
        del lines[i]
    elif how == "duplicate":
        lines.insert(i, lines[i])
    elif how == "number":
        lines[i] = re.sub(r"\d+", lambda _m: rnd.choice(("-1", "0", "1e308", "9999999999999999999", "2")),
                          lines[i], count=1)
    else:
        lines[i] = re.sub(r"[A-Za-z_]+", lambda _m: rnd.choice(("null", "true", "[]", "{}", "Bo", "x")),
                          lines[i], count=1)
    return "\n".join(lines) + "\n"


def mutate_json(value, rnd: random.Random, depth: int = 0):
    """A copy of a JSON value with one leaf (or one list item, or one key) changed."""
    if isinstance(value, dict) and value and depth < 6:
        key = rnd.choice(sorted(value, key=str))
        out = dict(value)
        if rnd.random() < 0.15:
            del out[key]
        else:
            out[key] = mutate_json(value[key], rnd, depth + 1)
        return out
    if isinstance(value, list) and value and depth < 6:
        out = list(value)
        i = rnd.randrange(len(out))
        if rnd.random() < 0.2:
            del out[i]
        else:
            out[i] = mutate_json(out[i], rnd, depth + 1)
        return out
    return rnd.choice((None, -1, 0, 1e308, 2**64, "x", "Bo", [], {}, True, {"a": 1}))


def a_save(game_id: str, seed: int) -> str:
    g = tablekit.new_game(game_id, seed=seed)
    g.run(until="decision", bots="random")
    g.arrange(zones={})  # a hand-built start: the save carries the base state
    g.run(until="round", bots="random", max_records=40)
    return g.save()


def play_on(game, rules: int) -> None:
    """Play `rules` records with the seeded random bot (timeline.trial_problem, the loader's
    own trial); a rule that fails is raised, so it counts as a traceback."""
    why = trial_problem(game, rules)
    if why:
        raise RuntimeError(why)


def one(kind: str, game_id: str, rnd: random.Random, rules: int, tmp: Path, saves: dict) -> str:
    """'refused', 'played' or raises (a traceback)."""
    gd = get_game(game_id)
    if kind == "scenario":
        files = sorted((ROOT / "scenarios" / game_id).glob("*.yaml"))
        path = rnd.choice(files)
        text = mutate_lines(path.read_text(encoding="utf-8"), rnd)
        try:
            game = build(parse(text, path.name), path.name)
        except TablekitError:
            return "refused"
    elif kind == "cards":
        text = mutate_lines((ROOT / "cards" / f"{game_id}.yaml").read_text(encoding="utf-8"), rnd)
        path = tmp / f"{game_id}.yaml"
        path.write_text(text, encoding="utf-8")
        try:
            cards = load_cards(path, game_id, gd.card_fields, gd.effects, gd.ability_domains, gd.title,
                               gd.card_problem)
            own = type(gd)()
            own.__dict__["cards"] = cards  # this game, with the mutated cards, tried as GameDef.cards does
            if own.cards_trial():
                return "refused"
            game = make_game(own, None, rnd.randrange(1000))
        except TablekitError:
            return "refused"
    else:
        data = json.loads(saves[game_id])
        data.pop("digest", None)  # without it an edited save may load: what it holds is what is tried
        text = json.dumps(mutate_json(data, rnd))
        try:
            game = tablekit.load(text)
        except TablekitError:
            return "refused"
    play_on(game, rules)
    return "played"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--inputs", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=39)
    ap.add_argument("--rules", type=int, default=50)
    ap.add_argument("--json", type=Path, default=None)
    args = ap.parse_args(argv)
    rnd = random.Random(args.seed)
    tmp = Path(__import__("tempfile").mkdtemp(prefix="fuzz-inputs-"))
    saves = {g: a_save(g, 5) for g in GAMES}
    counts: Counter = Counter()
    failures = []
    start = time.monotonic()
    old = signal.signal(signal.SIGALRM, _alarm)
    try:
        for k in range(args.inputs):
            kind, game_id = KINDS[k % 3], GAMES[(k // 3) % len(GAMES)]
            state = rnd.getstate()
            signal.alarm(PER_INPUT)
            try:
                outcome = one(kind, game_id, rnd, args.rules, tmp, saves)
            except Hang:
                outcome = "hang"
                failures.append((k, kind, game_id, "hang"))
            except Exception as exc:  # noqa: BLE001 - what the fuzz looks for
                outcome = "traceback"
                failures.append((k, kind, game_id, "".join(traceback.format_exception_only(type(exc), exc)).strip()))
                rnd.setstate(state)
                rnd.random()
            finally:
                signal.alarm(0)
            counts[(game_id, kind, outcome)] += 1
    finally:
        signal.signal(signal.SIGALRM, old)
    seconds = time.monotonic() - start
    print(f"{args.inputs} inputs (seed {args.seed}), {seconds:.0f} s; each loaded one played {args.rules} rules")
    print("| game | kind | refused at load | loaded and played | traceback | hang |")
    print("| --- | --- | --- | --- | --- | --- |")
    for g in GAMES:
        for kind in KINDS:
            c = [counts[(g, kind, o)] for o in ("refused", "played", "traceback", "hang")]
            print(f"| {g} | {kind} | " + " | ".join(str(x) for x in c) + " |")
    total = {o: sum(v for (_, _, oo), v in counts.items() if oo == o) for o in ("refused", "played", "traceback", "hang")}
    print("total:", ", ".join(f"{o} {n}" for o, n in total.items()))
    for f in failures[:20]:
        print("FAILED", *f)
    if args.json:
        args.json.write_text(json.dumps({"counts": {"/".join(k): v for k, v in counts.items()},
                                         "failures": failures, "seconds": seconds}, indent=1))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
