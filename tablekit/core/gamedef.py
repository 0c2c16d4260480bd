"""What a game supplies to the engine. Each game folder defines one subclass."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any, Callable

from .cards import CardDef, data_path, load_cards
from .context import CORE_PROCEDURES, Ctx
from .decision import Decision
from .errors import TablekitError
from .flow import Node, index_flow

if TYPE_CHECKING:  # pragma: no cover
    pass


@dataclass
class Result:
    """How a game ended: the winners (empty for a shared loss), the scores, and why."""

    winners: list[str]
    scores: dict[str, float] = field(default_factory=dict)
    text: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "scores": dict(self.scores), "text": self.text}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Result:
        return cls(list(d["winners"]), dict(d.get("scores", {})), d.get("text", ""))


@dataclass(frozen=True)
class OptionSpec:
    """A game option users may set: its type, default and meaning."""

    type: type
    default: Any
    doc: str
    choices: tuple = ()


class GameDef:
    """Subclass per game; the engine calls only what is defined here."""

    id: str = ""
    title: str = ""
    min_players: int = 2
    max_players: int = 4
    variants: dict[str, str] = {}
    options: dict[str, OptionSpec] = {}
    card_fields: dict[str, tuple[type, bool]] = {}
    active_zone_kinds: frozenset[str] = frozenset()
    rulings_page: str = ""
    effects: dict[str, Callable] = {}
    procedures: dict[str, Callable[[Ctx, dict], None]] = {}
    # what a scenario file may set: the game's extra state keys, with their
    # types and meaning, and card state keys beyond the core's
    settable_extra: dict[str, tuple[tuple[type, ...], str]] = {}
    card_state_keys: dict[str, tuple[tuple[type, ...], str]] = {}

    # -- cards -------------------------------------------------------------
    @cached_property
    def cards(self) -> dict[str, CardDef]:
        return load_cards(data_path("cards", f"{self.id}.yaml"), self.id, self.card_fields,
                          frozenset(self.effects))

    def card_name(self, d: CardDef) -> str:
        return d.name

    # -- flow --------------------------------------------------------------
    @cached_property
    def flow(self) -> Node:
        return self.build_flow()

    @cached_property
    def nodes(self) -> list[Node]:
        return index_flow(self.flow)

    def build_flow(self) -> Node:
        raise NotImplementedError

    # -- a new game ----------------------------------------------------------
    def default_variant(self, n_players: int) -> str | None:
        return None

    def check_players(self, n: int, variant: str | None) -> str | None:
        """Why this player count cannot play (None if it can)."""
        if not self.min_players <= n <= self.max_players:
            return (f"{self.title} is for {self.min_players} to {self.max_players} players, "
                    f"not {n}")
        return None

    def create_table(self, ctx: Ctx) -> None:
        """Lay out the zones and put every card in its starting zone."""
        raise NotImplementedError

    # -- the end -----------------------------------------------------------
    def result(self, ctx: Ctx) -> Result:
        raise NotImplementedError

    # -- triggers and bots -------------------------------------------------
    def order_triggers(self, ctx: Ctx, triggers: list[dict]) -> int | Decision:
        """Which collected trigger resolves next: an index into `triggers`, or a
        Decision for a player to choose. The options of such a decision must
        have ids ending in ":<index>" (for example "first:2"); the engine
        resolves the chosen trigger next and asks again for the rest.
        Default: the turn player's first, then the others in seat order."""
        turn = ctx.player
        names = ctx.players
        start = names.index(turn) if turn in names else 0
        def rank(i: int) -> tuple[int, int]:
            c = triggers[i]["controller"]
            seat = names.index(c) if c in names else len(names)
            return ((seat - start) % max(len(names), 1), i)
        return min(range(len(triggers)), key=rank)

    def heuristic(self, ctx: Ctx, decision: Decision) -> list[str] | None:
        """The simple heuristic bot's answer; None lets the random bot answer."""
        return None

    # -- registries --------------------------------------------------------
    def effect(self, name: str) -> Callable:
        try:
            return self.effects[name]
        except KeyError:
            raise TablekitError(f"{self.title}: no effect named {name!r}") from None

    def procedure(self, kind: str) -> Callable[[Ctx, dict], None]:
        proc = self.procedures.get(kind) or CORE_PROCEDURES.get(kind)
        if proc is None:
            raise TablekitError(f"{self.title}: no procedure for events of type {kind!r}")
        return proc

    def check_extra(self, key: str, value: Any, players: list[str]) -> str | None:
        """Why a value a scenario sets for a settable extra key is wrong (None: fine).
        The type is checked already; a game checks the meaning."""
        return None

    def describe_card(self, ctx: Ctx, uid: str) -> tuple[str, str, list[str]]:
        """How a card tile reads: (short name, words about the card, words
        about its state). Words, never colour alone."""
        d = ctx.defn(uid)
        cs = ctx.card(uid)
        words = d.name + (f" · {d.kind}" if d.kind else "")
        if d.stand_in:
            words += " · stand-in"
        state: list[str] = []
        if cs.get("damage"):
            state.append(f"damage {cs['damage']}")
        if cs.get("exhausted"):
            state.append("exhausted")
        if cs.get("face_down"):
            state.append("face down")
        for key, value in (cs.get("counters") or {}).items():
            state.append(f"{key} {value}")
        if cs.get("attached_to"):
            state.append(f"on {ctx.name(cs['attached_to'])}")
        return self.card_name(d), words, state

    def redact_extra(self, extra: dict, viewer: str | None) -> dict:
        """Remove from the game's extra state what `viewer` may not see."""
        return extra
