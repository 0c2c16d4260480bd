"""A save's digest is taken over the position in the file format's public fields (issue
40): an inner change of the engine that moves no card, number or rule does not make an
old save say "the rules changed", while a save that plays to another position is still
refused; saves written with the older digest over the engine's whole state still load."""

from __future__ import annotations

import json

import pytest

import tablekit
from tablekit.core.state import State


def _save(game_id: str = "creatures") -> tuple[tablekit.Game, str]:
    g = tablekit.new_game(game_id, players=2, seed=5)
    g.run(until="end", bots="random", max_records=30)
    return g, g.save()


@pytest.mark.parametrize("game_id", sorted(tablekit.games()))
def test_a_save_survives_an_inner_rename_of_the_engine_state(monkeypatch, game_id):
    g, text = _save(game_id)
    before = g._engine_digest()
    real = State.to_json
    # as if a release renamed the engine's own fields: the whole-state hash changes...
    monkeypatch.setattr(State, "to_json", lambda self: real(self).replace('"extra"', '"inner"'))
    assert g._engine_digest() != before
    # ...but the position is the same, so the save loads at it
    loaded = tablekit.load(text)
    assert loaded.state.zones == g.state.zones and len(loaded.history) == len(g.history)


def test_the_digest_follows_every_change_of_the_public_position():
    g, _ = _save()
    seen = {}
    for i in range(len(g.history) + 1):
        g.goto(i)
        key = json.dumps([g.state.zones, g.state.cards, g.state.players, g.state.rng], sort_keys=True)
        seen.setdefault(g._digest(), set()).add(key)
    # positions that differ in cards, numbers or the RNG never share a digest
    assert all(len(keys) == 1 for keys in seen.values())
    assert len(seen) > 10


def test_a_save_whose_replay_gives_another_position_is_refused():
    g, text = _save()
    last = g._digest()
    earlier = next(d for i in range(len(g.history) - 1, -1, -1)
                   if (g.goto(i), d := g._digest())[1] != last)
    data = json.loads(text)
    data["digest"] = earlier  # the digest of an earlier position
    with pytest.raises(tablekit.SaveFormatError, match="does not give the saved position"):
        tablekit.load(json.dumps(data))


def test_a_save_with_the_older_whole_state_digest_still_loads():
    g, text = _save()
    data = json.loads(text)
    data["digest"] = g._engine_digest()
    assert data["digest"] != g._digest()
    assert tablekit.load(json.dumps(data)).state.to_json() == g.state.to_json()
