"""Seats played by bots: random-legal for every game, each game's heuristic, and the coach."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Mapping

from . import rng as _rng
from .coach import best_answer
from .decision import Decision
from .errors import TablekitError
from .randomanswer import random_answer
from .seatview import seat_ctx

if TYPE_CHECKING:  # pragma: no cover
    from .context import Ctx
    from .gamedef import GameDef

KINDS = ("random", "heuristic", "coach")
COACH_PLAYOUTS = 16  # the coach bot's playouts of each answer, unless its kind says ("coach:64")
SEAT_VIEW = True  # heuristic bots decide from what their seat may see (seatview.py)


def kind_budget(kind: object) -> tuple[str, int | None] | None:
    """A bot kind and its budget: ("coach", 64) for "coach:64", ("coach", COACH_PLAYOUTS)
    for "coach", (kind, None) for "random" and "heuristic"; None for what is no kind."""
    if not isinstance(kind, str):
        return None
    if kind in ("random", "heuristic"):
        return kind, None
    if kind == "coach":
        return kind, COACH_PLAYOUTS
    name, _, budget = kind.partition(":")
    if name == "coach" and budget.isdigit() and budget.isascii() and 1 <= int(budget) <= 100_000:
        return name, int(budget)
    return None


KIND_WORDS = "random, heuristic or coach (coach:N for N playouts of each answer)"


def seat_kinds(bots: str | Mapping[str, str] | None, players: list[str]) -> dict[str, str]:
    """Which bot plays each seat: one kind for all, or a mapping of some seats."""
    if bots is None:
        return {}
    if isinstance(bots, str):
        if kind_budget(bots) is None:
            raise TablekitError(f"bots must be {KIND_WORDS} (or a mapping of seats to those), not {bots!r}")
        return {p: bots for p in players}
    out = {}
    for name, kind in dict(bots).items():
        if name not in players:
            raise TablekitError(f"bots: no player named {name!r}; the players are {', '.join(players)}")
        if kind_budget(kind) is None:
            raise TablekitError(f"bots: {name!r} must be played by {KIND_WORDS}, not {kind!r}")
        out[name] = kind
    return out


class RecordRandom(random.Random):
    """A bot's randomness at one record of a game: SplitMix64 (`core/rng.py`,
    the generator of the game state) started from `seed * 1_000_003 + i`,
    for the game's seed and the record's index i. `reseed(seed, i)` moves it
    to another record. A bot's answer at a record is then the same however
    the game got there (forked, undone and redone, watched or not), and
    starting a record's stream costs two integer operations, where seeding
    the Mersenne Twister of `random.Random` fills 624 words each time.

    Record i + 1's stream is record i's moved on by one draw, so once the
    object is moved from record to record (`reseed`, as `Game.run` moves
    its one object), the first draws of `FIRST_DRAWS` records in a row are
    computed at once (`rng.bits_many`), and a record's state is worked out
    only when more than its first number is drawn, or its first is rejected.
    An object made for one record draws one number at a time."""

    # slots: read at every bot answer, faster than the instance dict of a random.Random
    __slots__ = ("_seed", "_i", "_s", "_drawn", "_first", "_moved")
    _s: int | None  # the stream's state; None: the record's start moved on by `_drawn` draws

    def __init__(self, seed: int = 0, i: int = 0):
        self._first: tuple[int, int, tuple[int, ...]] | None = None  # (seed, first record, bits)
        self.reseed(seed, i)
        self._moved = False  # made for one record: a block of first draws would be wasted
        self.gauss_next = None

    def reseed(self, seed: int, i: int) -> None:
        self._seed, self._i, self._s, self._drawn, self._moved = seed, i, None, 0, True

    def _state(self) -> int:
        s = self._s
        if s is None:
            # the record's start moved on by the draws taken: a draw adds the golden step to
            # the state, as one more in the seed's input does (rng.seed_state)
            s = self._s = _rng.seed_state(self._seed * 1_000_003 + self._i + self._drawn)
        return s

    def seed(self, a=None, version: int = 2) -> None:
        self._s = _rng.seed_state(0 if a is None else int(a))

    def _randbelow(self, n: int) -> int:
        if self._s is None and not self._drawn and self._moved and n > 0:  # a first draw, from its block
            first, i = self._first, self._i
            if first is None or first[0] != self._seed or not 0 <= i - first[1] < FIRST_DRAWS:
                first = self._first = (self._seed, i, _rng.bits_many(self._state(), FIRST_DRAWS))
            r = first[2][i - first[1]]
            self._s, self._drawn = None, 1
            if r < _rng.limit(n):  # else rejected: below draws on from the state after it
                return r % n
        self._s, r = _rng.below(self._state(), n)
        return r

    def random(self) -> float:
        self._s, r = _rng.next_u64(self._state())
        return (r >> 11) * (1.0 / 9007199254740992.0)

    def getrandbits(self, k: int) -> int:
        out, have = 0, 0
        while have < k:
            self._s, r = _rng.next_u64(self._state())
            out |= r << have
            have += 64
        return out & ((1 << k) - 1)

    def getstate(self):
        return self._state()

    def setstate(self, state) -> None:
        self._s = int(state)


FIRST_DRAWS = 64  # the records whose first draws RecordRandom computes at once


def record_random(seed: int, i: int) -> RecordRandom:
    """The randomness a bot answers with at record `i` of a game seeded `seed`."""
    return RecordRandom(seed, i)


def record_answer(kind: str, gamedef: GameDef, ctx: Ctx, d: Decision, seed: int, i: int,
                  rnd: RecordRandom | None = None) -> list[str]:
    """A bot's answer to `d` at record `i` of a game seeded `seed`: what `Game.run`,
    the sandbox's Step and the notebooks' positions all answer there. Its
    randomness is `record_random(seed, i)` (`rnd`, if given, is moved there),
    and a heuristic's seat view is seeded by the same record."""
    if rnd is None:
        rnd = RecordRandom(seed, i)
    else:
        rnd.reseed(seed, i)
    if kind == "random":
        return random_answer(d, rnd)
    return answer(kind, gamedef, ctx, d, rnd, view_seed=f"{seed}:{i}")


def answer(kind: str, gamedef: GameDef, ctx: Ctx, d: Decision, rnd: random.Random,
           view_seed: int | str | None = None) -> list[str]:
    """A bot's answer. The heuristic decides from what its seat may see: it is
    handed a Ctx over `seat_state` (hidden cards shuffled among the hidden
    places, seeded by `view_seed`), never the full state; then it may take
    the decision's suggested default; else the random bot answers. The coach
    bot takes the coach's best answer (coach.py: playouts over its seat's
    view, seeded by `view_seed`) after its budget of playouts of each."""
    if kind.startswith("coach"):
        _, playouts = kind_budget(kind) or ("coach", COACH_PLAYOUTS)
        return best_answer(gamedef, ctx, d, playouts or COACH_PLAYOUTS, seed=f"bot:{view_seed}",
                           horizon=gamedef.coach_horizon)
    if kind == "heuristic":
        if d.min == d.max == 1:  # one legal answer: the heuristic could only give that one
            only = [o.id for o in d.options if o.legal]
            if len(only) == 1:
                return only
        seen = seat_ctx(ctx, d.player, f"view:{view_seed}") if SEAT_VIEW else ctx
        ids = gamedef.heuristic(seen, d)
        if ids is not None:
            return list(ids)
        if d.suggested is not None and d.min <= 1 <= d.max:
            return [d.suggested.id]
    return random_answer(d, rnd)
