"""LFG's counters: the numbers the table shows as tokens.

Every value is read from a seat's view of the position (core/counters.py),
over the heroes of the player's party the view shows. A pick waits face down
in its party until every player has drafted: its owner sees it and counts it,
the other seats do not, so for them a party's numbers leave out the face-down
pick until the reveal (then every seat reads the same number).

* Renown, the party's score (the Result's scores): each hero's renown, her
  hurt renown while she is hurt, plus the always-on passives (+N for each hero
  of a trait in the party), as table.renown counts it.
* Scoundrels: the party's scoundrels (a scoundrel win needs strictly the most).
* Roles: how many of the three roles (defence, support, damage) the party can
  fill at once, one hero each; a party that cannot fill all 3 at the end is
  disqualified.
"""

from __future__ import annotations

from typing import Any, Mapping

from tablekit.core.counters import Counter, shown_cards

from . import table as T


def party_heroes(view: Mapping[str, Any], owner: str | None, defs: Mapping[str, Any]) -> list | None:
    """(card state, definition) of each hero the view shows in the player's party
    (None: no such party in the view)."""
    shown = None if owner is None else shown_cards(view, T.party(owner), defs)
    return None if shown is None else [(cs, d) for _u, cs, d in shown]


def renown(view: Mapping[str, Any], owner: str | None, defs: Mapping[str, Any]) -> int | None:
    heroes = party_heroes(view, owner, defs)
    if heroes is None:
        return None
    total = sum(int(d["hurt_renown"] if cs.get("hurt") else d["renown"]) for cs, d in heroes)
    for _cs, d in heroes:
        for ab in d.abilities:
            if ab.type == "action" and ab.window == "always" and ab.effect == "trait_bonus":
                trait, per = ab.args.get("trait"), int(ab.args.get("per", 1))
                total += per * sum(1 for _c, h in heroes if trait in h.traits)
    return total


def scoundrels(view: Mapping[str, Any], owner: str | None, defs: Mapping[str, Any]) -> int | None:
    heroes = party_heroes(view, owner, defs)
    return None if heroes is None else sum(1 for _cs, d in heroes if "scoundrel" in d.traits)


def roles_filled(view: Mapping[str, Any], owner: str | None, defs: Mapping[str, Any]) -> int | None:
    """The most roles the party fills at once, each by a different hero (0 to 3)."""
    heroes = party_heroes(view, owner, defs)
    if heroes is None:
        return None
    fits = [set(d["roles"]) for _cs, d in heroes]

    def best(i: int, used: frozenset) -> int:
        if i == len(T.ROLES):
            return 0
        out = best(i + 1, used)  # leave this role empty
        for h, can in enumerate(fits):
            if h not in used and T.ROLES[i] in can:
                out = max(out, 1 + best(i + 1, used | {h}))
                if out == len(T.ROLES) - i:
                    break
        return out
    return best(0, frozenset())


COUNTERS: tuple[Counter, ...] = (
    Counter("renown", "Renown", "the party's renown, its score: the highest among complete parties wins",
            where="player", low=None, icon="★", value=renown),
    Counter("scoundrels", "Scoundrels", "scoundrels in the party: strictly the most, with strictly the "
            "lowest renown, wins instead", where="player", low=0, icon="☠", value=scoundrels),
    Counter("roles", "Roles", "roles (defence, support, damage) the party fills at once, one hero each: "
            "under 3 at the end is disqualified", where="player", low=0, high=3, icon="✚", value=roles_filled),
)
