"""The context a rule function works with: the state, the cards, and the one
event pipeline every change goes through."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from .abilityuse import AbilityUse as AbilityUse  # noqa: F401 - games and the core import it from here
from .cards import Ability, CardDef
from .ctxparts.events import EventsPart, core_move
from .ctxparts.flowplace import FlowPart
from .ctxparts.lasting import LastingPart
from .ctxparts.limits import LimitsPart
from .ctxparts.stack import StackPart
from .ctxparts.table import TablePart
from .state import State

if TYPE_CHECKING:  # pragma: no cover
    from .gamedef import GameDef


class Ctx(TablePart, EventsPart, StackPart, LimitsPart, LastingPart, FlowPart):
    """The context a rule function works with: the state, the cards and the one event
    pipeline, joined from its parts (tablekit/core/ctxparts/), each with one job; a game
    reaches every public name through `ctx` as before."""

    def __init__(self, game: GameDef, defs: dict[str, CardDef], state: State):
        self.game = game
        self.defs = defs
        self.state = state
        self.events: list[dict[str, Any]] = []
        self._index: dict[str, list[tuple[str, Ability]]] | None = None
        self._plain_moves = False  # set with the index (see _build_index)
        self._names: dict[str, str] = {}
        self._procedures: dict[str, Callable[[Ctx, dict], None]] = {}
        self._kinds = _kinds_of(defs)
        self._said: Any = None  # what the last procedure said, for an event completed in its own frame
        self._endings: list[str] = []  # lasting effects that ended since the last record
        self._checks = _own(type(game), "check_state")  # the game has a state check of its own
        self._from_cards: dict[str, Any] = {}  # what a game worked out once from its cards (from_cards)
        self._inside: set[str] = set()  # the guards entered (enter_guard)


def _own(cls: type, name: str) -> bool:
    """Whether class `cls` has its own method `name`, not the one its root class defines
    (GameDef's, for a game; read through the classes, since gamedef.py imports this module)."""
    root = next(c for c in reversed(cls.__mro__) if name in c.__dict__)
    return getattr(cls, name) is not root.__dict__[name]


_KINDS: list = [None, {}]  # the card definitions last seen and their kinds by card id


def _kinds_of(defs: dict[str, CardDef]) -> dict[str, str]:
    """Each card's kind by card id. A new game (or a bot's seat view) of the same cards
    shares the dict of the last: a Ctx reads it and never changes it."""
    if _KINDS[0] is not defs:
        _KINDS[0], _KINDS[1] = defs, {cid: d.kind for cid, d in defs.items()}
    return _KINDS[1]


def core_shuffle(ctx: Ctx, ev: dict) -> None:
    ctx.state.shuffle(ctx.state.zones[ev["zone"]])


def core_counter(ctx: Ctx, ev: dict) -> None:
    p = ctx.state.player(ev["player"])
    p[ev["key"]] = p.get(ev["key"], 0) + ev["add"]


def core_flip(ctx: Ctx, ev: dict) -> None:
    ctx.state.cards[ev["card"]]["face"] = ev["face"]


CORE_PROCEDURES: dict[str, Callable[[Ctx, dict], None]] = {
    "move": core_move,
    "shuffle": core_shuffle,
    "counter": core_counter,
    "flip": core_flip,
}
