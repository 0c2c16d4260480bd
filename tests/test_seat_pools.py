"""A seat's view draws each hidden card anew from its own pool only (GameDef.hidden_pool),
and the draw does not depend on where the hidden cards lie (seatview.seat_state)."""
from __future__ import annotations

import random

import pytest

import tablekit
from tablekit.core.seatview import hidden_from, hidden_pools, seat_state

GAMES = sorted(tablekit.games())


def played(game_id: str, seed: int = 3, records: int = 150) -> tablekit.Game:
    g = tablekit.new_game(game_id, seed=seed)
    g.run(bots="random", max_records=records)
    return g


def defs_by_place(st) -> dict[str, list[str]]:
    return {z: [st.cards[u]["card"] for u in row] for z, row in st.zones.items()}


@pytest.mark.parametrize("game_id", GAMES)
def test_each_pool_keeps_its_cards_and_what_the_seat_sees_is_untouched(game_id):
    g = played(game_id)
    seat = g.players[0]
    pools = hidden_pools(g.ctx, seat)
    assert sorted(u for uids in pools.values() for u in uids) == sorted(hidden_from(g.state, seat))
    for k in (1, 2):
        st = seat_state(g.ctx, seat, random.Random(k))
        for uids in pools.values():
            assert sorted(st.cards[u]["card"] for u in uids) == sorted(g.state.cards[u]["card"] for u in uids)
        hidden = set(hidden_from(g.state, seat))
        assert all(st.cards[u] == g.state.cards[u] for u in g.state.cards if u not in hidden)


def test_the_pools_of_the_games_with_separate_decks():
    g = played("mirkwood")
    mk = hidden_pools(g.ctx, "P1")
    assert set(mk) == {"P1", "encounter", "quest"}
    kinds = {pool: {g.ctx.kind(u) for u in uids} for pool, uids in mk.items()}
    assert kinds["encounter"] <= {"enemy", "location", "treachery"} and kinds["quest"] == {"quest"}
    assert kinds["P1"] <= {"ally", "event", "attachment"}
    fh = hidden_pools(played("foehunters").ctx, "P1")
    assert {"city/deck", "foe/deck", "P2"} <= set(fh)
    lab = hidden_pools(played("labyrinth").ctx, "P1")
    assert set(lab) == {"hero", "influence"}
    assert set(hidden_pools(played("creatures").ctx, "P1")) == {None}   # one deck feeds every hidden place


@pytest.mark.parametrize("game_id", ["mirkwood", "foehunters", "labyrinth", "creatures"])
def test_hidden_cards_exchanged_within_a_pool_give_the_same_view(game_id):
    g = played(game_id)
    seat = g.players[0]
    pool = max(hidden_pools(g.ctx, seat).values(), key=len)
    a, b = next((a, b) for i, a in enumerate(pool) for b in pool[i + 1:]
                if g.state.cards[a]["card"] != g.state.cards[b]["card"])
    before = seat_state(g.ctx, seat, random.Random(7))
    # the two cards change places (each uid moves to the other's place)
    other = g.fork()
    za, zb = other.state.card_zone[a], other.state.card_zone[b]
    ia, ib = other.state.zones[za].index(a), other.state.zones[zb].index(b)
    other.state.zones[za][ia], other.state.zones[zb][ib] = b, a
    other.ctx.reindex()
    assert defs_by_place(other.state) != defs_by_place(g.state)
    after = seat_state(other.ctx, seat, random.Random(7))
    assert defs_by_place(after) == defs_by_place(before) and after.rng == before.rng
    # the two cards' identities are exchanged where they lie
    other = g.fork()
    ca, cb = other.state.cards[a]["card"], other.state.cards[b]["card"]
    other.state.cards[a]["card"], other.state.cards[b]["card"] = cb, ca
    other.ctx.reindex()
    again = seat_state(other.ctx, seat, random.Random(7))
    assert again.cards == before.cards and again.zones == before.zones
