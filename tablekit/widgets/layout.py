"""Where each zone sits on the table, and whose view a new table shows.

Pure functions of the game's zones (`state.zone_info`: owner, visibility,
kind, label) and the players, so every game, including one still to come,
gets a seat-centred table with no layout code of its own:

- the bottom seat (the viewed seat) sits at the bottom, its hand first;
- every other seat has a box around the top, in table order starting after
  the bottom seat;
- shared zones (no owner: piles, staging, the foe, the quest, the chain...)
  are in the middle;
- a shared zone named after a seat ("P1/engaged") sits with that seat.

A game may steer this with an optional `layout_hints` attribute on its
GameDef: zone kind -> "middle", "seat", "side" or "hidden" ("seat" puts a
shared zone named "<seat>/..." with that seat; "side" puts a zone beside the
table, with the log; "hidden" leaves it off the table). Without a hint the
game box (kind "box") is at the side.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from ..core.errors import TablekitError

SEAT_ALL = "__all__"
SEAT_NOBODY = "__spectator__"
HINTS = ("middle", "seat", "side", "hidden")
DEFAULT_HINTS: dict[str, str] = {"box": "side"}
HAND_KIND = "hand"


@dataclass(frozen=True)
class TableLayout:
    """The zones by region, each list in the game's zone order (the hand first at the bottom)."""

    bottom_seat: str | None
    hand: list[str] = field(default_factory=list)      # the bottom seat's hand zone(s)
    bottom: list[str] = field(default_factory=list)    # the bottom seat's other zones
    top: list[tuple[str, list[str]]] = field(default_factory=list)  # (seat, its zones) after the bottom seat
    middle: list[str] = field(default_factory=list)
    side: list[str] = field(default_factory=list)
    hidden: list[str] = field(default_factory=list)

    def region_of(self, zone: str) -> str:
        """"hand", "bottom", "top", "middle", "side" or "hidden" (a KeyError for a zone not laid out)."""
        for name in ("hand", "bottom", "middle", "side", "hidden"):
            if zone in getattr(self, name):
                return name
        if any(zone in zones for _, zones in self.top):
            return "top"
        raise KeyError(zone)


def check_hints(hints: Mapping[str, str]) -> dict[str, str]:
    """The hints as a dict, or a clear error naming the first bad one."""
    if not isinstance(hints, Mapping):
        raise TablekitError(f"layout_hints must map zone kinds to one of {', '.join(HINTS)}; got {hints!r}")
    for kind, where in hints.items():
        if where not in HINTS:
            raise TablekitError(f"layout_hints gives the zone kind {kind!r} the place {where!r}; "
                                f"a place is one of {', '.join(HINTS)}")
    return dict(hints)


def game_hints(gamedef: Any) -> dict[str, str]:
    """The built-in hints overlaid with the game's own `layout_hints` (if it has any)."""
    return {**DEFAULT_HINTS, **check_hints(getattr(gamedef, "layout_hints", None) or {})}


def seats_after(players: list[str], seat: str | None) -> list[str]:
    """The other seats in table order, starting with the one after `seat` (all seats for None)."""
    if seat not in players:
        return list(players)
    i = players.index(seat)
    return players[i + 1:] + players[:i]


def zone_seat(zone: str, info: Mapping[str, Any], players: list[str]) -> str | None:
    """The seat a zone sits with: its owner, else the seat its name starts with ("P1/engaged")."""
    owner = info.get("owner")
    if owner is not None:
        return owner
    head = zone.split("/", 1)[0]
    return head if "/" in zone and head in players else None


def zone_place(zone: str, info: Mapping[str, Any], players: list[str], hints: Mapping[str, str]) -> str:
    """"seat", "middle", "side" or "hidden" for one zone."""
    hint = hints.get(info.get("kind") or "")
    if hint in ("side", "hidden", "middle"):
        return hint
    return "seat" if zone_seat(zone, info, players) is not None else "middle"


def plan(zone_info: Mapping[str, Mapping[str, Any]], players: list[str], bottom_seat: str | None,
         hints: Mapping[str, str] | None = None, shown: Iterable[str] | None = None) -> TableLayout:
    """Lay out the zones (only those in `shown`, if given) around `bottom_seat`."""
    hints = DEFAULT_HINTS if hints is None else hints
    keep = None if shown is None else set(shown)
    by_seat: dict[str, list[str]] = {p: [] for p in players}
    middle: list[str] = []
    side: list[str] = []
    hidden: list[str] = []
    for zone, info in zone_info.items():
        if keep is not None and zone not in keep:
            continue
        where = zone_place(zone, info, players, hints)
        if where == "seat":
            by_seat.setdefault(zone_seat(zone, info, players) or "", []).append(zone)
        else:
            {"middle": middle, "side": side, "hidden": hidden}[where].append(zone)
    mine = by_seat.get(bottom_seat, []) if bottom_seat is not None else []
    hand = [z for z in mine if zone_info[z].get("kind") == HAND_KIND]
    rest = [z for z in mine if z not in hand]
    top = [(p, by_seat[p]) for p in seats_after(players, bottom_seat) if by_seat.get(p)]
    return TableLayout(bottom_seat, hand, rest, top, middle, side, hidden)


def default_view(players: list[str], bots: Mapping[str, str], hot_seat: bool) -> str:
    """Whose view a new table shows when none is asked for.

    - exactly one seat is a person: that person's seat;
    - more than one person, hot seat off: a spectator's view (public cards only);
    - more than one person, hot seat on: a spectator's view too, until the
      person whose turn it is presses "I am ..." (hot seat shows that seat);
    - every seat is a bot: everything (nobody's hand is private from the
      people watching bots play, and a teacher wants to see why a bot chose).
    """
    people = [p for p in players if p not in bots]
    if len(people) == 1:
        return people[0]
    if not people:
        return SEAT_ALL
    return SEAT_NOBODY
