"""The seeded random number generator that lives inside the game state.

Its whole state is one integer, so it serialises to JSON with the rest of the
state and a snapshot of the state is a snapshot of the randomness too.
The generator is SplitMix64: small, fast and well distributed.
"""

from __future__ import annotations

import operator
import struct
from typing import Sequence

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15  # the step between SplitMix64's states
_MIX1, _MIX2 = 0xBF58476D1CE4E5B9, 0x94D049BB133111EB  # the multipliers of its mixing


def seed_state(seed: int) -> int:
    """The initial generator state for a user seed."""
    return (int(seed) * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK


def next_u64(state: int) -> tuple[int, int]:
    """Return (new state, 64 random bits)."""
    state = (state + _GOLDEN) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * _MIX1) & _MASK
    z = ((z ^ (z >> 27)) * _MIX2) & _MASK
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """Return (new state, a uniform integer in [0, n))."""
    if n <= 0:
        raise ValueError("below() needs a positive bound")
    limit = _LIMITS.get(n)
    if limit is None:
        limit = _limit(n)
    while True:  # next_u64 written out (no call): this is the hot path of shuffles and bots
        state = (state + 0x9E3779B97F4A7C15) & _MASK
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        r = z ^ (z >> 31)
        if r < limit:
            return state, r % n


def limit(n: int) -> int:
    """The rejection limit of a bound n >= 1: 64 random bits under it give a uniform
    number below n as their rest mod n (`below` draws again above it)."""
    found = _LIMITS.get(n)
    return _limit(n) if found is None else found


def _limit(n: int) -> int:
    found = (1 << 64) - ((1 << 64) % n)
    if n < _CACHED:
        _LIMITS[n] = found
    return found


_CACHED = 4096  # the rejection limits of bounds below this are kept once computed
_LIMITS: dict[int, int] = {}


def bits_many(state: int, m: int) -> tuple[int, ...]:
    """The 64 random bits of each of the next `m` draws from `state`: what `next_u64`
    gives m times, the state passed on. The k-th state of SplitMix64 is `state + k *
    golden` (mod 2**64), so they are computed at once, each in a 128-bit lane of one
    Python integer (room for its product with a 64-bit constant: nothing carries
    into the next lane)."""
    if m <= 0:
        return ()
    if m > _LANES_MOST:  # in parts: one integer's constants grow with the square of its lanes
        out: list[int] = []
        for start in range(0, m, _LANES_MOST):
            out.extend(bits_many((state + start * _GOLDEN) & _MASK, min(_LANES_MOST, m - start)))
        return tuple(out)
    lanes = _LANES.get(m)
    if lanes is None:
        ones = sum(1 << (128 * k) for k in range(m))
        lanes = _LANES[m] = (ones, _MASK * ones, _GOLDEN * sum((k + 1) << (128 * k) for k in range(m)))
    ones, mask, steps = lanes
    z = (state * ones + steps) & mask  # lane k: the state of draw k, state + (k + 1) * golden
    z = ((z ^ ((z >> 30) & mask)) * _MIX1) & mask
    z = ((z ^ ((z >> 27) & mask)) * _MIX2) & mask
    z ^= (z >> 31) & mask
    return struct.unpack(f"<{2 * m}Q", z.to_bytes(16 * m, "little"))[::2]


def below_many(state: int, bounds: Sequence[int]) -> tuple[int, list[int]]:
    """`below` for each bound in turn: (the state after them all, the numbers drawn),
    exactly what calling `below(state, n)` for each n, the state passed on, gives.
    The draws' bits come at once (`bits_many`); only where one falls above its
    bound's rejection limit (about one in 2**64 / n) does the rest go on one draw
    at a time."""
    m = len(bounds)
    if m > _LANES_MOST:  # in parts, each exact, the state passed on
        out: list[int] = []
        for start in range(0, m, _LANES_MOST):
            state, part = below_many(state, bounds[start:start + _LANES_MOST])
            out.extend(part)
        return state, out
    if m == 0:
        return state, []
    bits = bits_many(state, m)
    top = max(bounds)
    if max(bits) < (1 << 64) - top:  # under every bound's limit: no draw is rejected
        return (state + m * _GOLDEN) & _MASK, list(map(operator.mod, bits, bounds))
    out = []
    for k, n in enumerate(bounds):
        r = bits[k]
        if r >= limit(n):  # rejected: from here on, one draw at a time
            state = (state + (k + 1) * _GOLDEN) & _MASK
            for n2 in bounds[k:]:
                state, r2 = below(state, n2)
                out.append(r2)
            return state, out
        out.append(r % n)
    return (state + m * _GOLDEN) & _MASK, out


_LANES_MOST = 256  # the most draws in one integer's lanes (more go in parts): a deck's shuffle
_LANES: dict[int, tuple[int, int, int]] = {}  # by the number of draws: its lanes' ones, masks, steps
