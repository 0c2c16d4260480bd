"""Ready-made positions of Creatures and Cards, for the teaching notebook,
the tests and anyone settling a ruling by hand."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from tablekit.core import rng
from tablekit.core.engine import Game, make_game
from tablekit.core.errors import TablekitError

from .game import GAME
from .table import ASIDE, DECK, HERO_ORDER, fresh_turn

HEROES = {"Fighter": "KS", "Wizard": "KC", "Priest": "KH", "Thief": "KD"}


def position(players: Mapping[str, str], zones: Mapping[str, list[str]] | None = None,
             at: str = "Start of turn", turn: str | None = None, seed: int = 1,
             cards: Mapping[str, Mapping[str, Any]] | None = None,
             turn_data: Mapping[str, Any] | None = None, pile: int = 1,
             final: list[str] | None = None, top: Sequence[str] = ()) -> Game:
    """A game at a chosen step of a turn. `players` maps each name to its hero
    ("Fighter", ...), seated in that order (clockwise); the game prep is played
    by the rules first, so the draw pile is the game's own seeded shuffle. Then
    only the cards `zones` names are moved ("Ana/hand": ["7S", "9C"]), out of
    wherever the shuffle put them; every other card stays in the draw pile in
    its shuffled order, under the cards of `top` (the last listed on top). The
    first player is found by the rules (the Fighter, or the first hero in the
    order Fighter, Wizard, Priest, Thief: ruling CC-FIRST). `at` names a step of the turn ("Attack", "Counterattack", ...),
    or a path like "Monsters/Place a monster"."""
    unknown = [h for h in players.values() if h not in HEROES]
    if unknown:
        raise TablekitError(f"no hero {unknown[0]!r}; the heroes are {', '.join(HEROES)}")
    names = list(players)
    g = prepared(make_game(GAME, names, seed))
    placement = {f"{p}/hero": [HEROES[h]] for p, h in players.items()}
    placement.update(zones or {})
    placement.setdefault(ASIDE, [k for k in HEROES.values() if all(k not in v for v in placement.values())])
    if top:
        named = {u for uids in placement.values() for u in uids} | set(top)
        placement[DECK] = [u for u in g.state.zones[DECK] if u not in named] + list(top)
    path = ["Rounds", "Turns", "Turn"] + at.split("/")
    data = fresh_turn()  # from table
    data.update(turn_data or {})
    g.arrange(zones=placement, cards=cards,
              extra={"first": first_player(players), "pile": pile, "final": final, "_this_turn": data},
              at=path, turn=turn or names[0])
    return g


def prepared(g: Game) -> Game:
    """`g` stepped through the game prep (Kings dealt, the deck shuffled, the first
    player found: no decision is asked) to the first turn. The generator is then
    put back to the seed's start, as a scenario's shuffled rest leaves it, so the
    position is exactly the scenario "Save position" writes of it."""
    while "Rounds" not in g.cursor:
        g.step()
    g.state.rng = rng.seed_state(g.state.seed)
    return g


def first_player(players: Mapping[str, str]) -> str:
    """Who begins, by the heroes: the first in the order Fighter, Wizard, Priest,
    Thief (ruling CC-FIRST)."""
    return next(p for h in HERO_ORDER for p, mine in players.items() if mine == h)


# -- the teaching notebook's tables (notebooks/creatures.ipynb), section by section ----------------------

# the seats the reader does not play: random bots
RANDOM_BO = {"Bo": "random"}
RANDOM_BO_CY = {"Bo": "random", "Cy": "random"}


def turn() -> Game:
    """Section 2: the start of the Fighter's (Ana's) turn against the Wizard, with the
    6♥, 3♣, 9♣, 7♠ and 4♦ in hand: a follower, two monsters, an attack and a treasure."""
    return position({"Ana": "Fighter", "Bo": "Wizard"},
                    {"Ana/hand": ["6H", "3C", "9C", "7S", "4D"]}, at="Start of turn")


def weaken() -> Game:
    """Section 3: the Wizard's (Ana's) attack step with only the 4♠ in hand, the 9♣ in
    front of Ana and the 3♥ as Ana's follower: the spade is too low to kill."""
    return position({"Ana": "Wizard", "Bo": "Fighter"},
                    {"Ana/hand": ["4S"], "Ana/monsters": ["9C"], "Ana/followers": ["3H"]}, at="Attack")


def strike() -> Game:
    """Section 4: the Thief's (Ana's) counterattack step: the 6♣ against Ana's followers
    2♥ and 8♥, who are stronger."""
    return position({"Ana": "Thief", "Bo": "Fighter"},
                    {"Ana/monsters": ["6C"], "Ana/followers": ["2H", "8H"]}, at="Counterattack")


def fighter() -> Game:
    """Section 5: the Fighter's (Ana's) attack step with the 7♠ and 5♠ in hand against
    the 3♣, 4♣ and 9♣ in front of Ana."""
    return position({"Ana": "Fighter", "Bo": "Thief"},
                    {"Ana/hand": ["7S", "5S"], "Ana/monsters": ["3C", "4C", "9C"]}, at="Attack")


def wizard() -> Game:
    """Section 5: the Wizard's (Ana's) attack step with the 8♠ in hand, the 5♣ in front of
    Ana and the 7♣ and J♣ in front of the Priest (Bo)."""
    return position({"Ana": "Wizard", "Bo": "Priest"},
                    {"Ana/hand": ["8S"], "Ana/monsters": ["5C"], "Bo/monsters": ["7C", "JC"]}, at="Attack")


def priest() -> Game:
    """Section 5: the Priest's (Ana's) followers step with the 4♥ in hand and the 9♥ in
    the discard pile."""
    return position({"Ana": "Priest", "Bo": "Thief"},
                    {"Ana/hand": ["4H"], "discard": ["9H"]}, at="Followers")


def thief() -> Game:
    """Section 5: the Thief's (Ana's) treasure step after one kill, nothing in hand; the
    Fighter (Bo) holds the 9♦ and 3♦, the Wizard (Cy) the 2♦ and Q♦."""
    return position({"Ana": "Thief", "Bo": "Fighter", "Cy": "Wizard"},
                    {"Bo/treasure": ["9D", "3D"], "Cy/treasure": ["2D", "QD"]},
                    at="Treasure", turn_data={"kills": 1})


def joker() -> Game:
    """Section 6: the Thief's (Ana's) attack step with a Joker in hand against the Q♣ and
    10♣ in front of Ana."""
    return position({"Ana": "Thief", "Bo": "Fighter"},
                    {"Ana/hand": ["JK#1"], "Ana/monsters": ["QC", "10C"]}, at="Attack")


def played_game(seed: int = 3) -> Game:
    """Section 7: a whole game of two (Ana and Bo), played to its end by heuristic bots,
    so the sandbox opens on the score and Undo looks back."""
    g = make_game(GAME, ["Ana", "Bo"], seed)
    g.run(bots="heuristic")
    return g
