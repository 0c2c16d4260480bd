"""A heuristic bot's seat view draws its hidden cards only when something reads one
(seatview.seat_view, issue 42): what it gives is always `seat_state`'s view for the
same randomness, and until the draw it holds no hidden card's entry at all."""
from __future__ import annotations

import copy
import json
import random

import pytest

import tablekit
from tablekit.core import Ctx
from tablekit.core.seatview import SeatView, hidden_from, seat_ctx, seat_state, seat_view

GAMES = sorted(tablekit.games())


def decisions(game_id: str, seed: int, every: int = 7, records: int = 400):
    """The game at every `every`-th decision of a random game (the game itself, moved on)."""
    g = tablekit.new_game(game_id, seed=seed)
    rnd = random.Random(seed)
    k = 0
    while not g.is_over and len(g.history) < records:
        d = g.pending
        if d is None:
            g.step()
            continue
        if k % every == 0:
            yield g, d
        k += 1
        from tablekit.core.randomanswer import random_answer
        g.choose(*random_answer(d, rnd))


def index_keys(ctx: Ctx) -> set:
    keys = set()
    for d in ctx.defs.values():
        for ab in d.abilities:
            from tablekit.core.ctxparts.events import index_key
            keys.add(index_key(ab))
    return keys


@pytest.mark.parametrize("game_id", GAMES)
def test_the_view_read_whole_is_seat_states_view(game_id):
    checked = 0
    for g, d in decisions(game_id, seed=4):
        view = seat_view(g.ctx, d.player, random.Random(11))
        assert isinstance(view, SeatView) and not view.drawn_yet or not hidden_from(g.state, d.player)
        eager = seat_state(g.ctx, d.player, random.Random(11))
        assert view.to_json() == eager.to_json()      # reads every card and the RNG: draws
        assert view.drawn_yet
        assert list(view.cards) == list(eager.cards)  # in the game's order
        checked += 1
    assert checked > 5


@pytest.mark.parametrize("game_id", GAMES)
def test_before_the_draw_the_view_holds_no_hidden_card(game_id):
    for g, d in decisions(game_id, seed=5, every=11):
        hidden = hidden_from(g.state, d.player)
        if not hidden:
            continue
        view = seat_view(g.ctx, d.player, random.Random(3))
        raw = dict.keys(view.cards)                    # what the dict itself holds, without a draw
        assert not set(hidden) & set(raw)
        assert not view.drawn_yet
        assert all(u in view.cards for u in hidden)    # yet each is a card of the view
        eager = seat_state(g.ctx, d.player, random.Random(3))
        u = hidden[-1]
        assert view.cards[u] == eager.cards[u]         # reading one draws them all, as seat_state does
        assert view.drawn_yet
        assert {v: view.cards[v]["card"] for v in hidden} == {v: eager.cards[v]["card"] for v in hidden}
        return
    pytest.fail("no decision with hidden cards")


@pytest.mark.parametrize("game_id", GAMES)
def test_every_ability_is_found_as_over_the_drawn_view(game_id):
    """Each kind of ability, asked of a fresh lazy view, lists what the same view
    drawn whole lists (the game's index without the hidden cards, or a draw)."""
    checked = 0
    for g, d in decisions(game_id, seed=6, every=13):
        keys = index_keys(g.ctx)
        eager = Ctx(g.gamedef, g.defs, seat_state(g.ctx, d.player, random.Random(9)))
        for key in keys:
            lazy = seat_ctx(g.ctx, d.player, random.Random(9))
            assert list(lazy._active(key)) == list(eager._active(key)), key
            checked += 1
    assert checked > 0


def test_the_view_copies_and_serialises_as_a_plain_state():
    g = tablekit.new_game("foehunters", seed=2)
    g.run(bots="random", max_records=60)
    seat = g.players[0]
    view = seat_view(g.ctx, seat, random.Random(1))
    copied = copy.deepcopy(view.cards)
    assert type(copied) is dict and set(copied) == set(g.state.cards)
    plain = seat_state(g.ctx, seat, random.Random(1))
    assert copied == plain.cards and json.loads(json.dumps(view.cards)) == plain.cards
    assert view.copy().to_json() == plain.to_json()
    assert len(view.cards) == len(g.state.cards) and view.cards.get("no such card") is None


def test_a_heuristic_that_reads_no_hidden_card_draws_nothing():
    """Labyrinth's heuristic decides from the table and its own hand: its views are never
    drawn (the cost a lazy view saves), and its answers are the same as before."""
    from tablekit.core import seatview
    views: list[SeatView] = []
    real = seatview.seat_view

    def spy(*args):
        views.append(real(*args))
        return views[-1]

    g = tablekit.new_game("labyrinth", seed=1)
    try:
        seatview.seat_view = spy
        g.run(bots="heuristic", max_records=300)
    finally:
        seatview.seat_view = real
    assert len(views) > 20
    assert not any(v.drawn_yet for v in views if v.hidden)


def test_a_view_given_a_seed_makes_its_random_only_when_it_draws(monkeypatch):
    """seat_view takes the seed of its randomness as well as a Random: the view is the
    same as over `random.Random(seed)`, and the Random (whose seeding costs more than
    most views) is made only when the view draws."""
    from tablekit.core import seatview

    g = tablekit.new_game("mirkwood", seed=3)
    g.run(bots="random", max_records=80)
    seat = g.players[0]
    assert hidden_from(g.state, seat)
    made: list = []
    real = seatview.as_random
    monkeypatch.setattr(seatview, "as_random", lambda rnd: made.append(rnd) or real(rnd))
    view = seat_view(g.ctx, seat, "view:7")
    assert not view.drawn_yet and made == []          # nothing read yet: no Random
    assert view.to_json() == seat_view(g.ctx, seat, random.Random("view:7")).to_json()
    assert "view:7" in made                           # the draw made it from the seed
    assert view.to_json() == seat_state(g.ctx, seat, random.Random("view:7")).to_json()
