"""The numbers that decide a game, as a game declares them for the table.

A game lists its counters once (`GameDef.counters`): what each is called, what
it means, the values it may take, and where a player looks for it: on a
player's panel (`where="player"`), on a card (`where="card"`), or on the table
(`where="table"`). The board shows each as a token; it knows no game, only
these declarations.

A counter's value is read from a seat's view of the position (`Game.view`),
never from the whole state, so a token cannot show what the seat may not see:

* by default, a player counter is that player's key `key` in the view's
  `players`, a card counter the card's state key `key` (only on cards the
  view shows), a table counter the view's `extra[key]`;
* a counter whose number is worked out (Creatures' treasure, a card's health
  left) gives `value`, a function `(view, owner, defs) -> number | None` of
  the view, the player's name or the card's uid (None for the table), and the
  game's card definitions by id. None means "not shown here";
* a counter kept in this turn's or this round's data (the game's `per_turn` /
  `per_round`) names that key as its `field` (`"this_turn.actions"`): a player
  counter so kept shows on the panel of the player whose turn it is, a table
  counter on the table.

The declaration is also the position field a file sets (one declaration for the
token, the builder, a scenario's setup and a save): a settable counter's key is
the player's number, the card's state key or `extra[key]` a file writes, and a
counter with a `field` is that key of `this_turn` / `this_round`; its meaning is
the field's meaning in the docs and the published schema, its domain the field's
range (`GameDef.card_state_fields`, `GameDef.turn_fields`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping

WHERE = ("player", "card", "table")
# the game's data a counter may be kept in (its `field`): the file name -> the state's key
FIELD_DATA = {"this_turn": "_this_turn", "this_round": "_this_round"}

Number = int | float
CounterValue = Callable[[Mapping[str, Any], str | None, Mapping[str, Any]], Number | None]


@dataclass(frozen=True)
class Counter:
    """One number a game puts on the table (see the module's docstring)."""

    key: str
    name: str
    meaning: str
    where: str = "player"
    low: Number | None = 0
    high: Number | None = None
    icon: str = ""
    kinds: tuple[str, ...] = ()
    value: CounterValue | None = None
    stored: bool | None = None
    field: str = ""

    @property
    def settable(self) -> bool:
        """Whether the number is the state's own key `key` (a player's key, a card's
        state key, `extra[key]`), so that a position can be built with it set: true
        for a counter read by default; a counter with `value` says so with
        `stored=True` (its `value` only chooses where it is shown), else it is
        worked out from the position and is set through what it counts."""
        if self.field:
            return True
        return self.value is None if self.stored is None else self.stored

    @property
    def data_key(self) -> tuple[str, str] | None:
        """(this turn's or this round's data as a file names it, the key in it) for a
        counter with a `field`; None for one kept elsewhere."""
        if not self.field:
            return None
        data, key = self.field.split(".", 1)
        return data, key

    def check(self, value: Any) -> None:
        """Raise ValueError, in words, unless `value` is a number this counter may take."""
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value \
                or value in (float("inf"), float("-inf")):
            raise ValueError(f"{self.name} is a number ({self.domain()}), not {str(value)[:40]!r}")
        if (self.low is not None and value < self.low) or (self.high is not None and value > self.high):
            raise ValueError(f"{self.name} is {self.domain()}, not {value}")

    def __post_init__(self) -> None:
        if self.where not in WHERE:
            raise ValueError(f"counter {self.key!r}: where is one of {', '.join(WHERE)}, not {self.where!r}")
        if not self.key or not self.name or not self.meaning:
            raise ValueError(f"counter {self.key!r}: a key, a name and a meaning are needed")
        if self.kinds and self.where != "card":
            raise ValueError(f"counter {self.key!r}: only a card counter is limited to card kinds")
        if self.field:
            data, _, key = self.field.partition(".")
            if data not in FIELD_DATA or not key or "." in key:
                raise ValueError(f"counter {self.key!r}: field is '<data>.<key>' with <data> one of "
                                 f"{', '.join(FIELD_DATA)}, not {self.field!r}")
            if self.where == "card":
                raise ValueError(f"counter {self.key!r}: a card counter is kept on its card, not in {data}")
            if self.stored is False:
                raise ValueError(f"counter {self.key!r}: a counter with a field is kept there (stored)")

    def domain(self) -> str:
        """The values it may take, in words ("0 or more", "0 to 50", "any number")."""
        if self.low is None and self.high is None:
            return "any number"
        if self.high is None:
            return f"{self.low} or more"
        if self.low is None:
            return f"at most {self.high}"
        return f"{self.low} to {self.high}"

    def read(self, view: Mapping[str, Any], owner: str | None, defs: Mapping[str, Any]) -> Number | None:
        """This counter's value for `owner` (a player, a card uid, or None for the
        table) in `view`; None when it is not shown there."""
        if self.value is not None:
            out = self.value(view, owner, defs)
        elif self.field:
            if self.where == "player" and (owner is None or view.get("turn") != owner):
                return None
            data, key = self.field.split(".", 1)
            row = (view.get("extra") or {}).get(FIELD_DATA[data])
            out = row.get(key) if isinstance(row, dict) else None
        elif self.where == "player":
            row = next((p for p in view.get("players", ()) if p.get("name") == owner), None)
            out = None if row is None else row.get(self.key)
        elif self.where == "card":
            cs = (view.get("cards") or {}).get(owner) or {}
            if cs.get("hidden") or cs.get("card") is None:
                return None
            if self.kinds and getattr(defs.get(cs["card"]), "kind", None) not in self.kinds:
                return None
            out = cs.get(self.key)
        else:
            out = (view.get("extra") or {}).get(self.key)
        if isinstance(out, bool) or not isinstance(out, (int, float)):
            return None
        return out

    def describe(self) -> dict[str, Any]:
        """The declaration as plain data (for the board and the docs)."""
        return {"key": self.key, "name": self.name, "meaning": self.meaning, "where": self.where,
                "domain": self.domain(), "icon": self.icon, "kinds": list(self.kinds),
                "settable": self.settable, "field": self.field}


def counter_problem(counters: tuple[Counter, ...], where: str, key: str, value: Any) -> str | None:
    """Why `value` cannot be set as `key` at `where` ("player", "card" or "table"), by the
    settable counter the game declares for it: one declaration for the table's token, the
    builder, a scenario's setup and a save's base state. None when it may be, or when the
    game declares no settable counter of that key there."""
    for c in counters:
        if c.where == where and c.key == key and c.settable:
            try:
                c.check(value)
            except ValueError as exc:
                return str(exc)
    return None


def data_counter_problem(counters: tuple[Counter, ...], data: str, key: str, value: Any) -> str | None:
    """Why `value` cannot be `key` of this turn's or this round's data (`data`: "this_turn"
    or "this_round"), by the counter the game keeps there; None when it may be, or when
    no counter is kept at that key."""
    field = f"{data}.{key}"
    for c in counters:
        if c.field == field:
            try:
                c.check(value)
            except ValueError as exc:
                return str(exc)
    return None


def shown_cards(view: Mapping[str, Any], zone: str,
                defs: Mapping[str, Any]) -> list[tuple[str, Mapping[str, Any], Any]] | None:
    """(uid, card state, definition) of each card the view shows in `zone`, in order
    (placeholders left out); None when the view has no such zone."""
    row = (view.get("zones") or {}).get(zone)
    if row is None:
        return None
    cards = view.get("cards") or {}
    out = []
    for u in row:
        cs = cards.get(u) or {}
        d = None if cs.get("hidden") else defs.get(cs.get("card"))
        if d is not None:
            out.append((u, cs, d))
    return out


def zone_kind_of(view: Mapping[str, Any], uid: str | None) -> str | None:
    """The kind of the zone the view shows the card in (None: in no zone of the view)."""
    for z, row in (view.get("zones") or {}).items():
        if uid in row:
            return ((view.get("zone_info") or {}).get(z) or {}).get("kind")
    return None


def counters_by_place(counters: tuple[Counter, ...]) -> dict[str, list[Counter]]:
    """The declared counters grouped by where they are shown, in declared order."""
    out: dict[str, list[Counter]] = {w: [] for w in WHERE}
    for c in counters:
        out[c.where].append(c)
    return out
