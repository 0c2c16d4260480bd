"""What a bot may know: the state as one seat sees it, as a State a bot's
rules code can read.

`seat_state(ctx, seat, rnd)` copies the state and shuffles the *identity* of
every card hidden from `seat` among the places it could be: each hidden card
instance keeps its uid, zone, position and state, but the definition behind
it is drawn at random from the definitions of the hidden cards of its
**pool**. A pool is what the seat can tell of a hidden card, like its back:
`GameDef.hidden_pool(ctx, uid)` names it (by default every hidden card is of
one pool; Mirkwood keeps the encounter cards, the quest cards and each
player's own cards apart, so an encounter card is never dealt into a
player's deck). The seat can tell which cards are hidden somewhere (the deck
list is public), never which is where.

The draw does not depend on where the hidden cards lie: each pool's
definitions are put in order (sorted) before the seeded shuffle, so two
positions that differ only by hidden cards exchanged within a pool give the
same resampled state for the same seed. The RNG is replaced, so the next
shuffle cannot be foreseen, and the game's `redact_extra` trims the extra
state. A heuristic bot (and the coach) is handed a `Ctx` over this state:
what it decides cannot depend on a hidden card, and the generic test suite
checks that by asking it twice, over two different shuffles.
"""

from __future__ import annotations

import random
import weakref
from typing import Any, Hashable

from .context import Ctx
from .ctxparts.events import index_key
from .state import HIDDEN, OWNER, State, _copy


def hidden_from(st: State, seat: str | None) -> list[str]:
    """The uids `seat` may not see, in zone order (None: a spectator)."""
    revealed = {u for e in st.lasting if e["kind"] == "reveal" and e.get("to") == seat
                for u in e.get("cards", ())}
    out: list[str] = []
    cards, zone_info = st.cards, st.zone_info
    for z, row in st.zones.items():
        if not row:
            continue
        info = zone_info[z]
        mine = seat is not None and info.get("owner") == seat
        visibility = info["visibility"]
        if visibility == HIDDEN or (visibility == OWNER and not mine):  # the whole zone
            out.extend(row if not revealed else [u for u in row if u not in revealed])
        elif not mine:  # only its face-down cards
            out.extend(u for u in row if cards[u].get("face_down") and u not in revealed)
    return out


# each game definition's pools: (zone, card definition) -> pool
_POOLS: weakref.WeakKeyDictionary[Any, dict[tuple[str, str], Hashable]] = weakref.WeakKeyDictionary()


def hidden_pools(ctx: Ctx, seat: str | None, hidden: list[str] | None = None) -> dict[Hashable, list[str]]:
    """The cards hidden from `seat` by pool (`GameDef.hidden_pool`), each in zone order;
    the pools in the order of their names' `repr`. A pool depends only on the card's
    definition and its zone, so it is asked once for each (per game definition).
    `hidden` is `hidden_from(ctx.state, seat)` when the caller has it already."""
    game = ctx.game
    st = ctx.state
    cards, card_zone = st.cards, st.card_zone
    known = _POOLS.get(game)
    if known is None:
        known = _POOLS[game] = {}
    pools: dict[Hashable, list[str]] = {}
    for u in hidden_from(st, seat) if hidden is None else hidden:
        key = (card_zone[u], cards[u]["card"])
        pool = known.get(key, known)
        if pool is known:
            pool = known[key] = game.hidden_pool(ctx, u)
        pools.setdefault(pool, []).append(u)
    return {k: pools[k] for k in sorted(pools, key=repr)}


def drawn(ctx: Ctx, seat: str, rnd: random.Random, hidden: list[str] | None = None) -> dict[str, str]:
    """The definition each card hidden from `seat` is given in its view: each pool's
    definitions, put in order, shuffled with `rnd`, dealt back to the pool's places."""
    cards = ctx.state.cards
    out: dict[str, str] = {}
    for uids in hidden_pools(ctx, seat, hidden).values():
        defs = sorted(cards[u]["card"] for u in uids)
        rnd.shuffle(defs)
        out.update(zip(uids, defs))
    return out


def seat_state(ctx: Ctx, seat: str, rnd: random.Random) -> State:
    """A copy of the state as `seat` may know it, to play on (the coach's playouts): each
    hidden card's definition drawn anew from its pool's (see the module's words), the RNG
    replaced, the extra state trimmed."""
    out = ctx.state.copy()
    cards = out.cards
    for u, d in drawn(ctx, seat, rnd).items():
        cards[u]["card"] = d
    out.rng = rnd.getrandbits(63) | 1
    out.extra = ctx.game.redact_extra(out.extra, seat)
    return out


class ViewCards(dict):
    """The card states of a seat view, by uid. A card the seat sees is the game's own
    entry (shared, read only). A hidden card's entry is absent until something reads
    one; then every hidden card is drawn at once (`SeatView.draw`), as `drawn` deals
    them. Reading all of them (iterating, `len`, `items`, a copy) draws first, so
    what is read is always the view `seat_state` gives for the same `rnd`."""

    __slots__ = ("_view",)

    def __missing__(self, uid: str) -> dict[str, Any]:
        view = self._view
        if view is not None and uid in view.hidden:
            view.draw()
            return dict.__getitem__(self, uid)
        raise KeyError(uid)

    def _whole(self) -> None:
        view = self._view
        if view is not None:
            view.draw()

    def get(self, uid: str, default: Any = None) -> Any:
        if dict.__contains__(self, uid):
            return dict.__getitem__(self, uid)
        view = self._view
        if view is not None and uid in view.hidden:
            view.draw()
            return dict.__getitem__(self, uid)
        return default

    def __contains__(self, uid: object) -> bool:
        view = self._view
        return dict.__contains__(self, uid) or (view is not None and uid in view.hidden)

    def __iter__(self):
        self._whole()
        return dict.__iter__(self)

    def __len__(self) -> int:
        self._whole()
        return dict.__len__(self)

    def keys(self):
        self._whole()
        return dict.keys(self)

    def values(self):
        self._whole()
        return dict.values(self)

    def items(self):
        self._whole()
        return dict.items(self)

    def __eq__(self, other: object) -> bool:
        self._whole()
        return dict.__eq__(self, other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        self._whole()
        return dict.__repr__(self)

    def copy(self) -> dict[str, Any]:  # type: ignore[override]
        """A plain dict of the same entries (shared, as `dict.copy` shares them)."""
        self._whole()
        return dict(dict.items(self))

    def __copy__(self) -> dict[str, Any]:
        return self.copy()

    def __deepcopy__(self, memo: dict) -> dict[str, Any]:
        self._whole()
        return {u: _copy(c) for u, c in dict.items(self)}

    def __reduce__(self):
        return (dict, (self.copy(),))


class SeatView(State):
    """A state as one seat may know it, to read only (see `seat_view`): the hidden
    cards are drawn, and the RNG replaced, when first read."""

    __slots__ = ("hidden", "_real", "_rnd", "_seat")

    def draw(self) -> None:
        """Deal the hidden cards their definitions (`drawn`), then replace the RNG, once."""
        real = self._real
        if real is None:
            return
        self._real = None
        rnd = as_random(self._rnd)
        cards = self.cards
        own = real.state.cards
        dealt = {u: {**own[u], "card": d} for u, d in drawn(real, self._seat, rnd, list(self.hidden)).items()}
        seen = dict(dict.items(cards))
        dict.clear(cards)  # put back in the game's order, the hidden ones in their places
        dict.update(cards, ((u, seen[u] if u in seen else dealt[u]) for u in own))
        cards._view = None
        State.rng.__set__(self, rnd.getrandbits(63) | 1)  # type: ignore[attr-defined]

    @property  # type: ignore[override]
    def rng(self) -> int:
        self.draw()
        return State.rng.__get__(self)  # type: ignore[attr-defined]

    @rng.setter
    def rng(self, value: int) -> None:
        self.draw()
        State.rng.__set__(self, value)  # type: ignore[attr-defined]

    @property
    def drawn_yet(self) -> bool:
        """Whether the hidden cards are drawn (something read one of them)."""
        return self._real is None


# the zone kinds where a card's abilities can be active, per game definition and its cards
_ACTIVE_KINDS: weakref.WeakKeyDictionary[Any, tuple[Any, frozenset[str]]] = weakref.WeakKeyDictionary()


def _active_kinds(ctx: Ctx) -> frozenset[str]:
    """The zone kinds in which an ability may act: the game's `active_zone_kinds` and
    every zone an ability names (an event played from a hand)."""
    known = _ACTIVE_KINDS.get(ctx.game)
    if known is None or known[0] is not ctx.defs:
        kinds = set(ctx.game.active_zone_kinds)
        for d in ctx.defs.values():
            kinds.update(ab.zone for ab in d.abilities if ab.zone)
        known = _ACTIVE_KINDS[ctx.game] = (ctx.defs, frozenset(kinds))
    return known[1]


SHARED_SLOTS = tuple(k for k in State.__slots__ if k not in ("rng", "cards"))
"""The parts of the state a seat view shares with the game's as they are."""


def as_random(rnd: random.Random | str | int) -> random.Random:
    """`rnd` itself, or a `random.Random` seeded with it."""
    return rnd if isinstance(rnd, random.Random) else random.Random(rnd)


def seat_view(ctx: Ctx, seat: str, rnd: random.Random | str | int) -> SeatView:
    """The same view as `seat_state` for the same `rnd`, to read only (a heuristic bot's):
    it shares every part of the state but the hidden cards' own entries, the RNG and the
    extra state, so it costs what the hidden cards cost, not a copy of the whole state.
    The hidden cards are drawn only when something reads one of them (or the RNG, or
    all the cards): most decisions are made without. The draw reads the game's state
    then, so a view is read while its position stands (a bot's decision), never kept
    for later. Nothing may change the view (the generic suite checks that no
    heuristic does). `rnd` may be the seed of a `random.Random` instead: it is then
    made only if the view draws (seeding one costs more than most views)."""
    st = ctx.state
    out = SeatView.__new__(SeatView)
    for k in SHARED_SLOTS:
        setattr(out, k, getattr(st, k))
    hidden = hidden_from(st, seat)
    cards = out.cards = ViewCards(st.cards)
    out.hidden = dict.fromkeys(hidden)  # in zone order (the order `drawn` deals them in)
    if hidden:
        for u in hidden:
            dict.__delitem__(cards, u)
        cards._view = out
        out._real, out._rnd, out._seat = ctx, rnd, seat
    else:
        cards._view = None
        out._real = out._rnd = out._seat = None
        State.rng.__set__(out, as_random(rnd).getrandbits(63) | 1)  # type: ignore[attr-defined]
    out.extra = ctx.game.redact_extra(st.extra, seat)
    return out


class SeatCtx(Ctx):
    """A Ctx over a `SeatView`. Its ability index starts as the game's own without the
    hidden cards: the hidden cards' definitions are the same ones dealt among the same
    places, so the index of the view differs from it only in what the hidden cards
    themselves bring. Where a hidden card lies in a zone where abilities act (a hand a
    card may be played from), the abilities of the hidden cards' definitions are kept
    aside: asking for one of their kinds draws the view and builds its own index."""

    def __init__(self, real: Ctx, view: SeatView):
        super().__init__(real.game, real.defs, view)
        self._from_cards = real._from_cards  # made from the definitions alone: the same
        self._names = real._names
        self._real = real
        self._aside: frozenset | set | None = None  # the keys a hidden card may bring

    def _build_index(self):
        view = self.state
        real = self._real
        if not isinstance(view, SeatView) or view.drawn_yet or real is None:
            self._aside = None
            return super()._build_index()
        index = real._index
        if index is None:
            index = real._index = real._build_index()
        self._plain_moves = real._plain_moves  # the hidden definitions are the same ones
        hidden = view.hidden
        info, where = view.zone_info, view.card_zone
        kinds = {info[where[u]].get("kind") for u in hidden}  # where hidden cards lie
        if kinds & _active_kinds(real):
            # the abilities a hidden card could bring where it lies, whichever it is drawn as
            plain = bool(kinds & real.game.active_zone_kinds)
            own, defs = real.state.cards, real.defs
            self._aside = {index_key(ab) for cid in {own[u]["card"] for u in hidden}
                           for ab in defs[cid].abilities if (ab.zone in kinds if ab.zone else plain)}
        out = {key: [e for e in row if e[0] not in hidden] for key, row in index.items()}
        for key in self._aside or ():  # present, so that a reader sees it may hold something
            out.setdefault(key, [])
        return out

    def _active(self, key: tuple[str, str]):
        if self._index is None:
            self._index = self._build_index()
        aside = self._aside
        if aside is not None and key in aside:
            self._aside = None
            self.state.draw()
            self._index = super()._build_index()
        return Ctx._active(self, key)


def seat_ctx(ctx: Ctx, seat: str, rnd: random.Random | str | int) -> Ctx:
    """A Ctx over `seat_view`: what a heuristic bot reads (`rnd`: a Random, or its seed)."""
    return SeatCtx(ctx, seat_view(ctx, seat, rnd))
