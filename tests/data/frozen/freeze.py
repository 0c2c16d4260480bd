"""How the frozen corpus was made (run once, on 2026-12-05, before format version 2):

    .venv/bin/python tests/data/frozen/freeze.py

It copies the project's scenario files as they were into `scenarios/`, makes saves of
every game into `saves/`, and writes `manifest.json`: for each scenario the outcome of
every expectation, for each save what loading it gives (record count, position, the
zones, the result, the open decision). `tests/test_frozen_corpus.py` loads them all, as
a user's old files would be loaded, and checks they still mean the same. Do not run it
again to make a failing test pass: a file that was real once must keep working.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import tablekit
from tablekit.core.scenario import check_scenario, load_scenario

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
GAMES = ("creatures", "lfg", "labyrinth", "foehunters", "mirkwood")


def loaded_summary(game) -> dict:
    """What a loaded save is, in terms a player sees: records, position, zones, result,
    the open decision."""
    res = game.result
    d = game.pending
    return {
        "records": len(game.history), "over": game.is_over,
        "zones": {z: list(c) for z, c in game.state.zones.items()},
        "result": None if res is None else {"winners": sorted(res.winners), "ending": res.ending,
                                             "scores": res.scores},
        "pending": None if d is None else {"player": d.player, "kind": d.kind},
    }


def main() -> None:
    manifest: dict = {"scenarios": {}, "saves": {}}
    out = HERE / "scenarios"
    shutil.rmtree(out, ignore_errors=True)
    for path in sorted((ROOT / "scenarios").glob("*/*.yaml")):
        rel = f"{path.parent.name}/{path.name}"
        (out / path.parent.name).mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, out / rel)
        sc = check_scenario(path)
        manifest["scenarios"][rel] = [[o.what, o.passed] for o in sc.outcomes]
    saves = HERE / "saves"
    shutil.rmtree(saves, ignore_errors=True)
    saves.mkdir()
    for gid in GAMES:
        for seed in (1, 2):  # a whole game with random bots, saved half-way (with its redo)
            g = tablekit.new_game(gid, seed=seed)
            g.run(until="end", bots="random", max_records=3000)
            g.goto(len(g.history) // 2)
            name = f"{gid}-seed{seed}-halfway.json"
            (saves / name).write_text(g.save(), encoding="utf-8")
            manifest["saves"][name] = loaded_summary(tablekit.load((saves / name).read_text()))
            loaded = tablekit.load((saves / name).read_text())
            loaded.goto(len(json.loads(loaded.save())["records"]))  # its redo, to the game's end
            manifest["saves"][name]["end"] = loaded_summary(loaded)
        # a hand-built start (a scenario's position), played on for 30 records
        start = sorted((out / gid).glob("*.yaml"))[0]
        g = load_scenario(start)
        g.run(until="end", bots="random", max_records=30)
        name = f"{gid}-from-{start.stem}.json"
        (saves / name).write_text(g.save(), encoding="utf-8")
        manifest["saves"][name] = loaded_summary(tablekit.load((saves / name).read_text()))
    (HERE / "manifest.json").write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{len(manifest['scenarios'])} scenarios, {len(manifest['saves'])} saves")


if __name__ == "__main__":
    main()
