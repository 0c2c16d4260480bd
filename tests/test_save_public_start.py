"""Save format 3: a hand-built start is written in the scenario format's public fields (with
the RNG's state), never the engine's private state, when building it again gives exactly the
same state; otherwise format 2 keeps the engine's state. Both load back to the same game."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import tablekit
from tablekit.core.scenario import build, read

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted((ROOT / "scenarios").glob("*/*.yaml"))


@pytest.mark.parametrize("game_id", sorted({p.parent.name for p in SCENARIOS}))
def test_every_scenario_start_is_saved_in_public_fields_and_loads_back_the_same(game_id):
    written = set()
    for path in [p for p in SCENARIOS if p.parent.name == game_id]:
        g = build(read(path), path.name)
        g.run(until="end", bots="random", max_records=40)
        text = g.save()
        data = json.loads(text)
        written.add(data["format_version"])
        if data["base"] is not None:
            assert set(data["base"]) == {"position", "rng"}, path.name
            assert not re.search(r'"_[a-z]', json.dumps(data["base"])), path.name  # no private state
        again = tablekit.load(text)
        assert again.state.to_json() == g.state.to_json(), path.name
        assert again.save() == text, path.name
    assert written == {3}, written


def test_a_start_part_way_through_a_resolution_is_kept_as_the_engines_state_in_format_2():
    """A scenario starts an effect from its beginning, so a start inside a resolution (an
    effect waiting for a choice) cannot be said in public fields: format 2 keeps it."""
    from tablekit.core.bots import record_answer

    for seed in range(1, 40):
        g = tablekit.new_game("labyrinth", seed=seed)
        while not g.is_over and len(g.history) < 400 and not (g.pending is not None and g.stack_depth):
            d = g.pending
            if d is None:
                g.step()
            else:
                g.choose(*record_answer("random", g.gamedef, g.ctx, d, g.state.seed, len(g.history)))
        if g.pending is not None and g.stack_depth:
            break
    else:
        raise AssertionError("no labyrinth game reached a decision inside an effect")
    g.rebase()  # this position becomes the start
    data = json.loads(g.save())
    assert data["format_version"] == 2 and any("fx" in f for f in data["base"]["cursor"])
    again = tablekit.load(json.dumps(data))
    assert again.state.to_json() == g.state.to_json() and again.pending.kind == g.pending.kind


def _public_save() -> dict:
    g = tablekit.load_scenario(SCENARIOS[0])
    data = json.loads(g.save())
    assert data["format_version"] == 3 and data["base"] is not None
    data.pop("digest")
    return data


@pytest.mark.parametrize("change,words", [
    (lambda b: b.update(rng=-1), "RNG state"),
    (lambda b: b.update(rng=2**64), "RNG state"),
    (lambda b: b.update(mood=1), "position (a scenario's setup and start) and rng"),
    (lambda b: b["position"].update(expect=[]), "unknown field 'expect'"),
    (lambda b: b["position"]["setup"]["zones"].update({"nowhere": []}), "unknown zone 'nowhere'"),
    (lambda b: b["position"]["setup"].update(extra={"_this_turn": {}}), "_this_turn"),
])
def test_a_broken_public_start_is_refused_in_one_line_naming_it(change, words):
    data = _public_save()
    change(data["base"])
    with pytest.raises(tablekit.SaveFormatError) as info:
        tablekit.load(json.dumps(data))
    msg = str(info.value)
    assert "starting position" in msg and words in msg and "\n" not in msg, msg
