"""The state's generator: `below` gives what its definition through `next_u64` gives."""

from __future__ import annotations

import pytest

from tablekit.core import rng
from tablekit.core.state import State


def below_by_definition(state: int, n: int) -> tuple[int, int]:
    """Draw 64 bits until one falls under the largest multiple of n; its rest mod n."""
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        state, r = rng.next_u64(state)
        if r < limit:
            return state, r % n


@pytest.mark.parametrize("n", [1, 2, 3, 7, 52, 1000, 4095, 4096, 10**9, (1 << 63) + 12345])
def test_below_is_next_u64_with_rejection(n):
    state = rng.seed_state(n)
    for _ in range(200):
        want = below_by_definition(state, n)
        assert rng.below(state, n) == want
        state = want[0]


def test_a_bound_that_rejects_often_still_matches():
    # (1 << 63) + 1 rejects almost half of all draws: the loop must go round
    n, state, rejected = (1 << 63) + 1, rng.seed_state(3), 0
    for _ in range(100):
        new, r = rng.below(state, n)
        rejected += new != rng.next_u64(state)[0]
        assert (new, r) == below_by_definition(state, n)
        state = new
    assert rejected > 10


def test_below_refuses_a_bound_under_one():
    with pytest.raises(ValueError, match="positive bound"):
        rng.below(1, 0)


def test_shuffle_draws_as_randbelow_does():
    a, b = State("g", ["A", "B"], 5, None, {}), State("g", ["A", "B"], 5, None, {})
    items = list(range(30))
    a.shuffle(items)
    want = list(range(30))
    for i in range(len(want) - 1, 0, -1):
        j = b.randbelow(i + 1)
        want[i], want[j] = want[j], want[i]
    assert items == want and a.rng == b.rng


def below_one_by_one(state: int, bounds) -> tuple[int, list[int]]:
    out = []
    for n in bounds:
        state, r = rng.below(state, n)
        out.append(r)
    return state, out


@pytest.mark.parametrize("bounds", [[], [1], [5], list(range(52, 1, -1)), list(range(300, 1, -1)),
                                    [7, 1000, 3, 10**9, 2, 4096, 5000]])
def test_below_many_draws_what_below_draws_one_by_one(bounds):
    for seed in range(40):
        state = rng.seed_state(seed)
        assert rng.below_many(state, bounds) == below_one_by_one(state, bounds)
        assert rng.below_many(state, range(len(bounds) + 1, 1, -1)) == below_one_by_one(
            state, range(len(bounds) + 1, 1, -1))


def test_below_many_goes_on_one_by_one_after_a_rejected_draw():
    # (1 << 63) + 1 rejects almost half of all draws: a batch of them is rejected early
    n = (1 << 63) + 1
    bounds = [5, n, 9, n, n, 3, 2]
    rejections = 0
    for seed in range(30):
        state = rng.seed_state(seed)
        want = below_one_by_one(state, bounds)
        assert rng.below_many(state, bounds) == want
        rejections += want[0] != (state + len(bounds) * 0x9E3779B97F4A7C15) & ((1 << 64) - 1)
    assert rejections > 5


def test_a_shuffle_is_fisher_yates_with_below():
    st = State("g", ["A", "B"], 1)
    items = list(range(40))
    st.shuffle(items)
    expect, state = list(range(40)), rng.seed_state(1)
    for i in range(39, 0, -1):
        state, j = rng.below(state, i + 1)
        expect[i], expect[j] = expect[j], expect[i]
    assert items == expect and st.rng == state


def test_many_draws_go_in_parts_and_stay_exact():
    """More draws than one integer's lanes hold (`_LANES_MOST`) are made in parts, the
    state passed on; a rejected draw in a part goes on one at a time, exactly."""
    n = (1 << 63) + 1
    long = list(range(1200, 1, -1))
    mixed = [5, n] * 300
    for seed in range(3):
        state = rng.seed_state(seed)
        assert rng.below_many(state, long) == below_one_by_one(state, long)
        assert rng.below_many(state, mixed) == below_one_by_one(state, mixed)
        assert list(rng.bits_many(state, 600)) == [r for _, r in _next_u64s(state, 600)]
    st = State("g", ["A", "B"], 2)
    st.shuffle(list(range(20_000)))  # a huge pile: in parts, in no time


def _next_u64s(state: int, m: int):
    for _ in range(m):
        state, r = rng.next_u64(state)
        yield state, r
