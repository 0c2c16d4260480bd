"""The seeded random number generator that lives inside the game state.

Its whole state is one integer, so it serialises to JSON with the rest of the
state and a snapshot of the state is a snapshot of the randomness too.
The generator is SplitMix64: small, fast and well distributed.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1


def seed_state(seed: int) -> int:
    """The initial generator state for a user seed."""
    return (int(seed) * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK


def next_u64(state: int) -> tuple[int, int]:
    """Return (new state, 64 random bits)."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """Return (new state, a uniform integer in [0, n))."""
    if n <= 0:
        raise ValueError("below() needs a positive bound")
    limit = _LIMITS.get(n)
    if limit is None:
        limit = (1 << 64) - ((1 << 64) % n)  # r below it: r % n is uniform
        if n < _CACHED:
            _LIMITS[n] = limit
    while True:  # next_u64 written out (no call): this is the hot path of shuffles and bots
        state = (state + 0x9E3779B97F4A7C15) & _MASK
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        r = z ^ (z >> 31)
        if r < limit:
            return state, r % n


_CACHED = 4096  # the rejection limits of bounds below this are kept once computed
_LIMITS: dict[int, int] = {}
