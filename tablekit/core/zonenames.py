"""A seat's zones by name: the zone of one kind that each seat has ("Ana/hand")."""

from __future__ import annotations

from typing import Callable


class _SeatZones(dict):
    """Each seat's zone of one kind, its name written once per seat."""

    def __init__(self, kind: str):
        super().__init__()
        self.kind = kind

    def __missing__(self, seat: str) -> str:
        name = self[seat] = f"{seat}/{self.kind}"
        return name


def seat_zone(kind: str) -> Callable[[str], str]:
    """The function from a seat's name to its zone of `kind`: `hand = seat_zone("hand")`,
    then `hand("Ana")` is "Ana/hand" (the core's convention for a seat's zones: the
    seat's name, a slash, the kind).

    Each name is made once and the same string is returned after, so looking it up
    in the state's zones finds its hash kept; the function is a dict's own lookup,
    which costs about half a Python function call. Rules read zone names thousands of
    times a game: this is the cheap way, and a game needs no trick of its own."""
    if not kind or "/" in kind:
        raise ValueError(f"a zone kind is a name without '/', not {kind!r}")
    return _SeatZones(kind).__getitem__
