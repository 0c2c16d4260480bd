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
