"""Shared helpers for the Creatures and Cards rule tests: positions built by hand.

A position starts with every card in the box, one King in front of each
player (the others set aside), fresh extra state, and then only the cards a
test places. `start` puts the cursor at a node of one player's turn.
"""

from __future__ import annotations

import tablekit

PLAYERS = ("Ana", "Bo", "Cy")
KINGS = ("KS", "KC", "KH", "KD")
TURN = ("Rounds", "Turns", "Turn")

# the rulebook section names the records cite (rec.rule)
PREP = "Game prep"
DRAW = "Player turn 1: Draw"
FOLLOW = "Player turn 2: Followers"
MONST = "Player turn 3: Monsters"
ATTACK = "Player turn 4: Attack"
COUNTER = "Player turn 5: Counterattack"
TREAS = "Player turn 6: Treasure"
DISC = "Player turn 7: Discard"
END = "Ending the game"
KJ = "Kings & Jokers"


def fresh_turn(**changes) -> dict:
    """The game's per_turn data, fresh as each turn begins, with some keys changed."""
    d = {"kills": 0, "rewarded": 0, "targets": [], "monsters_done": False, "hand_discard": 0,
         "absorb": 0, "covered": ""}
    d.update(changes)
    return d


def table(heroes: dict | None = None, players=PLAYERS, seed: int = 1, first: str | None = None,
          pile: int = 1, final=None):
    """A new game with every card in the box, each player's King in their hero
    zone (default: Ana the Priest, Bo the Thief, Cy the Wizard, whose powers
    stay out of the way of the plain rules) and the Kings nobody has set aside."""
    players = list(players)
    if heroes is None:
        heroes = dict(zip(players, ("KH", "KD", "KC", "KS")))
    g = tablekit.new_game("creatures", players, seed=seed)
    st = g.state
    for uid in list(st.cards):
        st.cards[uid] = {"card": st.cards[uid]["card"]}
        st.move(uid, "box")
    for k in KINGS:
        st.move(k, "aside")
    for p, k in heroes.items():
        st.move(k, f"{p}/hero")
    st.extra = {"first": first or players[0], "pile": pile, "final": final, "_this_turn": fresh_turn()}
    return g


def put(g, zone: str, *uids: str, **card_state) -> None:
    """Move cards to a zone (at the end) and set keys of their state."""
    for u in uids:
        g.state.move(u, zone)
        g.state.cards[u].update(card_state)


def stack(g, *top_first: str) -> None:
    """Put cards on top of the draw pile, the first named on top."""
    for u in reversed(top_first):
        g.state.move(u, "deck")


def fill_deck(g) -> None:
    """Put every card still in the box into the draw pile (under any stacked ones)."""
    for u in list(g.state.zones["box"]):
        g.state.move(u, "deck", 0)


def start(g, *node: str, turn: str = "Ana", **turn_data) -> None:
    """Start at a node of `turn`'s turn (names below Rounds › Turns › Turn),
    with a fresh turn dict changed by `turn_data`."""
    g.state.extra["_this_turn"] = fresh_turn(**turn_data)
    g.start_at([*TURN, *node], turn=turn)


def zone(g, name: str) -> list[str]:
    return list(g.state.zones[name])


def where(g, uid: str) -> str:
    return g.state.card_zone[uid]


def legal_ids(g) -> list[str]:
    return [o.id for o in g.pending.options if o.legal]


def option(g, oid: str):
    return g.pending.option(oid)


def to_decision(g) -> list:
    """Apply rules until a decision is open (or the game ends); the records."""
    return g.run(until="decision")


def snapshot(g) -> tuple:
    """What must not change when an illegal choice is refused."""
    return g.state.to_json(), len(g.history)
