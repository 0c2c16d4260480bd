"""Ready-made positions of Foe Hunters, for the teaching notebook, the tests and
anyone settling a ruling by hand.

Every position starts as a seeded new game with the foe and the heroes chosen in
advance, stepped through the setup to the first foe phase: the decks are shuffled
and dealt as the seed says. Only the few cards a position is about are then
moved, from wherever the shuffle put them, onto the zones it names; every other
card stays where it was dealt. The seats are Ana, Bo and Cy (three players: the
full foe card); in the notebook Ana is the reader and speaks for the party."""

from __future__ import annotations

from typing import Any, Mapping

from tablekit.core.engine import Game, make_game
from tablekit.core.errors import TablekitError

from . import table as T
from .game import GAME

PARTY = ("Ana", "Bo", "Cy")
ROUND = ("Rounds", "Round")
FOE_START = ROUND + ("Foe phase", "Start of the foe phase")
FOE_PLAY = ROUND + ("Foe phase", "Play the top foe card")
HERO_TURN = ROUND + ("Hero phase", "Hero turns", "Hero turn", "Incapacitated?")
ACTION = HERO_TURN + ("Turn", "Actions", "Take an action")
HELP = HERO_TURN + ("Help the party",)
# the other two seats: heuristic bots, while the reader plays Ana (and the party)
HELPERS = {"Bo": "heuristic", "Cy": "heuristic"}
ALL_BOTS = {p: "heuristic" for p in PARTY}  # the whole game of section 7


def new(foe: str, heroes: Mapping[str, str], seed: int = 1, players: tuple[str, ...] = PARTY,
        options: Mapping[str, Any] | None = None) -> Game:
    """A seeded new game against `foe`, each seat's hero chosen in advance, stepped
    through the setup (no decision is asked) to the start of the first foe phase."""
    g = make_game(GAME, list(players), seed, options={"foe": foe, "heroes": dict(heroes), **dict(options or {})})
    while g.cursor[-1] != FOE_START[-1]:
        g.step()
    return g


def placed(g: Game, add: Mapping[str, list[str]]) -> dict[str, list[str]]:
    """The zones of `add`, each with the listed cards laid on top (in that order,
    the last on top) of the cards it holds now. A listed card leaves the zone it
    was dealt to; every other card stays where it is, so none goes to the box. A
    card taken out of the city row is replaced by the top city card, so the row
    keeps its 4 cards."""
    moving = [u for uids in add.values() for u in uids]
    unknown = [u for u in moving if u not in g.state.cards]
    if unknown:
        raise TablekitError(f"no card {unknown[0]!r} in this game")
    zones = {z: [u for u in g.state.zones[z] if u not in moving] + list(uids) for z, uids in add.items()}
    row = g.state.zones[T.CITY_ROW_Z]
    if T.CITY_ROW_Z not in zones and T.CITY_DECK not in zones and set(row) & set(moving):
        deck = [u for u in g.state.zones[T.CITY_DECK] if u not in moving]
        zones[T.CITY_ROW_Z] = [deck.pop() if u in moving else u for u in row]
        zones[T.CITY_DECK] = deck
    return zones


def position(foe: str, heroes: Mapping[str, str], at: tuple[str, ...], seed: int = 1, turn: str | None = None,
             add: Mapping[str, list[str]] | None = None, cards: Mapping[str, Mapping[str, Any]] | None = None,
             counters: Mapping[str, Mapping[str, int]] | None = None,
             lasting: list[Mapping[str, Any]] | None = None, extra: Mapping[str, Any] | None = None) -> Game:
    """A game against `foe` at the flow node `at` (FOE_START, FOE_PLAY, ACTION, ...),
    `turn` being the hero whose turn it is. `add` lays cards on zones as `placed`
    does ({"foe/deck": ["broadside#1"]} puts Broadside on top of the shuffled foe
    deck); `cards` sets card state ({"keraxis": {"damage": 6}}, "face": 1 for a
    foe flipped to phase 2); `counters` sets heroes' counters ({"Ana": {"hp": 2}});
    `lasting` adds lasting effects in force; `extra` sets the game's extra state."""
    g = new(foe, heroes, seed)
    for p, values in (counters or {}).items():
        g.state.player(p).update(values)
    g.arrange(zones=placed(g, add or {}), cards=cards, extra=extra, at=at, turn=turn, lasting=lasting)
    return g


# -- 1. setting up and the round -------------------------------------------------------------

def setting_up(seed: int = 7) -> Game:
    """A new game of three, nothing chosen yet: the party picks the foe, then each
    player a hero."""
    return make_game(GAME, list(PARTY), seed)


# -- 2. the foe phase ---------------------------------------------------------------------------

EMBERGLOW_LOST = 6


def foe_phase(seed: int = 2) -> Game:
    """The start of a foe phase: the Dragonspawn has flipped to Emberglow, which has
    lost 6 HP, the Competing Dragonslayers are in play and Controlled Hireling is the
    top foe card."""
    return position("dragonspawn", {"Ana": "paladin", "Bo": "pathfinder", "Cy": "forgemaster"}, FOE_START, seed,
                    add={"foe/play": ["competing_dragonslayers"], "foe/deck": ["controlled_hireling"]},
                    cards={"dragonspawn": {"face": 1, "damage": EMBERGLOW_LOST}})


# -- 3. damage and armor -----------------------------------------------------------------------

def dealing_damage(seed: int = 3) -> Game:
    """Grimnar's turn against Keraxis: Sharp Sword (+1 power) in play, Cleave in hand,
    a Pirate Raider and the Bosun in play."""
    return position("keraxis", {"Ana": "berserker", "Bo": "pathfinder", "Cy": "necromancer"}, ACTION, seed,
                    turn="Ana", add={"Ana/hand": ["cleave#1"], "Ana/play": ["sharp_sword"],
                                     "foe/play": ["pirate_raider#1", "bosun"]})


HOLY_AEGIS = {"kind": "modifier", "until": {"turn_of": "Ana"},
              "text": "Ana's 2 armor until the beginning of Ana's next turn", "source": "holy_aegis#1",
              "controller": "Ana", "players": ["Ana"], "stat": "armor", "add": 2}


def armor(seed: int = 4) -> Game:
    """The foe's card is about to be played: Broadside (2 melee damage to each hero).
    Dorin has Blessed Plate in play (1 armor) and the 2 armor of the Holy Aegis he
    played on his last turn (it lasts until his next turn begins)."""
    return position("keraxis", {"Ana": "paladin", "Bo": "elemancer", "Cy": "necromancer"}, FOE_PLAY, seed,
                    add={"Ana/play": ["blessed_plate"], "Ana/discard": ["holy_aegis#1"],
                         "foe/deck": ["broadside#1"]}, lasting=[HOLY_AEGIS])


# -- 4. redirecting to an ally -------------------------------------------------------------------

def redirect(seed: int = 5) -> Game:
    """The foe's card is about to be played: Ember Breath (2 fire damage to each hero),
    with Dragon Fire in play (each fire instance 1 higher). Shael has a Skeleton (2 HP)
    and a Ghoul (4 HP) in play."""
    return position("dragonspawn", {"Ana": "necromancer", "Bo": "paladin", "Cy": "berserker"}, FOE_PLAY, seed,
                    add={"Ana/play": ["skeleton#1", "ghoul"], "foe/play": ["dragon_fire"],
                         "foe/deck": ["ember_breath#1"]})


# -- 5. incapacitation and the four helps --------------------------------------------------------

FALL_HEROES = {"Ana": "berserker", "Bo": "pathfinder", "Cy": "paladin"}


def the_fall(seed: int = 6) -> Game:
    """The Cult's card is about to be played: Dark Whispers (2 spirit damage to each
    hero), a Cultist in play. Grimnar is down to 2 HP, with Sharp Sword in play."""
    return position("cult", FALL_HEROES, FOE_PLAY, seed, add={"Ana/play": ["sharp_sword"],
                                                              "foe/play": ["cultist#1"],
                                                              "foe/deck": ["dark_whispers#1"]},
                    counters={"Ana": {"hp": 2}})


def helps(seed: int = 6) -> Game:
    """`the_fall` played on by the rules: Grimnar is incapacitated, the party refreshes
    no city card and picks Ana to start, and her turn is one of the four helps."""
    g = the_fall(seed)
    answers = {"refresh": "no_refresh", "start": "start:Ana"}
    while g.pending is None or g.pending.kind != "help":
        if g.pending is None:
            g.step()
        else:
            g.choose(answers[g.pending.kind])
    g.rebase()
    return g


# -- 6. the phase flip ---------------------------------------------------------------------------

FLIP_HEROES = {"Ana": "berserker", "Bo": "elemancer", "Cy": "paladin"}


def phase_hp(foe: str, face: int) -> int:
    """The printed HP of a foe card's face (phase 1 is face 0)."""
    return GAME.cards[foe].faces[face].fields["hp"]


def flip_by_damage(seed: int = 8) -> Game:
    """Grimnar's turn with Wild Swing (3 melee damage) in hand; the Dragonspawn has 2 of
    its phase 1 HP left and no vassal is in play."""
    return position("dragonspawn", FLIP_HEROES, ACTION, seed, turn="Ana", add={"Ana/hand": ["wild_swing#1"]},
                    cards={"dragonspawn": {"damage": phase_hp("dragonspawn", 0) - 2}})


def officers(seed: int = 9) -> Game:
    """Grimnar's turn with Wild Swing in hand against Keraxis (6 HP lost): the First
    Mate and the Quartermaster are in the foe discard pile, the Bosun (3 HP) in play."""
    return position("keraxis", FLIP_HEROES, ACTION, seed, turn="Ana",
                    add={"Ana/hand": ["wild_swing#1"], "foe/discard": ["first_mate", "quartermaster"],
                         "foe/play": ["bosun"]}, cards={"keraxis": {"damage": 6}})


def cult_flip(seed: int = 10) -> Game:
    """Grimnar's turn with Wild Swing in hand against the Cult (no HP in phase 1): three
    cards in the foe discard pile, a Cultist (3 HP) in play."""
    return position("cult", FLIP_HEROES, ACTION, seed, turn="Ana",
                    add={"Ana/hand": ["wild_swing#1"],
                         "foe/discard": ["dark_whispers#1", "ritual_chant#1", "dark_whispers#2"],
                         "foe/play": ["cultist#1"]})


# -- 7. a whole game ------------------------------------------------------------------------------

WHOLE_GAME_HEROES = {"Ana": "paladin", "Bo": "pathfinder", "Cy": "elemancer"}


def whole_game(seed: int = 11) -> Game:
    """A new game against the Cult, set up and at its first foe phase, with the safety cap
    of measured games (ruling FH-LONG); every seat is for a heuristic bot."""
    return new("cult", WHOLE_GAME_HEROES, seed, options=GAME.safety_options())
