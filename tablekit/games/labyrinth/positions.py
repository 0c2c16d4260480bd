"""Ready-made positions of Legends of Labyrinth, for the teaching notebook,
the tests and anyone settling a ruling by hand."""

from __future__ import annotations

from typing import Any, Mapping

from tablekit.core import rng
from tablekit.core.engine import Game, make_game

from . import table as T
from .game import GAME

TURN = ["Rounds", "Turns", "Turn"]


def fresh_turn(**changes: Any) -> dict:
    """This turn's data (GameDef.per_turn) with some keys changed."""
    data = dict(T.PER_TURN)
    data.update(changes)
    return data


def position(players: list[str], zones: Mapping[str, list[str]] | None = None,
             at: str = "Draw", turn: str | None = None, seed: int = 1,
             gathered: Mapping[str, list[str]] | None = None,
             turn_data: Mapping[str, Any] | None = None,
             used: list[str] | None = None,
             stack: list[Mapping[str, Any]] | None = None,
             options: Mapping[str, Any] | None = None, dealt: bool = False) -> Game:
    """A game at a chosen step of a turn. `zones` places cards by uid or card id
    ("Ana/hand": ["haste", "sabotage#2"]; the end of a list is the top);
    every other influence card goes under the influence deck, every other
    hero under the heroes deck (unless `zones` lists that deck: then they stay
    in the box), the retinue cards to the board. `at` names a step of
    the turn ("Draw", "Actions", "Retinue abilities"...) or a path like
    "Actions/Take an action". `gathered` gives each lord's retinues; `stack`
    starts inside a resolution (entries {effect, source, controller, ability,
    args, data}, as a scenario's start.stack). `turn_data` changes this turn's
    data (`_this_turn`: actions, taken...), `used` lists the abilities used already
    this turn (`_used_turn`: "warlock:0", "swordmasters:0@1" for a retinue's first
    marker). With `dealt`, the setup is played by the rules first (the decks shuffled
    as the seed says, two cards dealt to each lord): only the named cards move, every
    other card stays where the shuffle and the deal put it, and a card a named zone
    held goes to the bottom of its deck (the teaching notebook's tables)."""
    g = make_game(GAME, list(players), seed, options=dict(options or {}))
    st = g.state
    placed: dict[str, list[str]] = {}
    taken: set[str] = set()
    for z, items in (zones or {}).items():
        row = []
        for item in items:
            if item in st.cards and item not in taken:
                uid = item
            else:
                uid = next(u for u in sorted(st.cards) if st.cards[u]["card"] == item and u not in taken)
            taken.add(uid)
            row.append(uid)
        placed[z] = row
    if dealt:
        g.arrange(zones=with_decks(prepared(g), placed))
    else:
        sorted_rest(g, placed, taken)
    data = fresh_turn(**dict(turn_data or {}))
    got = {p: list((gathered or {}).get(p, [])) for p in players}
    for p in players:
        st.player(p)["retinues"] = len(got[p])
    extra = {"first": players[0], "round": 1, "gathered": got, "_this_turn": data}
    if used:
        extra["_used_turn"] = list(used)
    g.arrange(extra=extra, at=TURN + at.split("/"), turn=turn or players[0], stack=stack)
    return g


KINDS = {"influence": T.INFLUENCE, "hero": T.HEROES, "retinue": T.BOARD}


def sorted_rest(g: Game, placed: Mapping[str, list[str]], taken: set[str]) -> None:
    """Every card not placed under its deck, in card-file order (unless `placed` lists
    that deck: then it stays in the box); the retinue board in number order."""
    st = g.state
    g.arrange(zones=placed, rest=T.BOX)
    for uid in list(st.zones[T.BOX]):
        to = KINDS[g.ctx.kind(uid)]
        if uid not in taken and to not in placed:  # a deck listed in `zones` holds just those
            st.move(uid, to, index=0)
    st.zones[T.BOARD].sort(key=lambda u: g.defs[st.cards[u]["card"]].fields["number"])


def prepared(g: Game) -> Game:
    """`g` stepped through the game setup by the rules (no decision is asked) to the
    first turn; the generator is then put back to the seed's start, as a scenario's
    shuffled rest leaves it, so the position is the scenario "Save position" writes."""
    while "Rounds" not in g.cursor:
        g.step()
    g.state.rng = rng.seed_state(g.state.seed)
    return g


def with_decks(g: Game, placed: Mapping[str, list[str]]) -> dict[str, list[str]]:
    """`placed`, and each deck it does not name with the cards the named zones held
    (not named themselves) at its bottom, then its own cards in their shuffled order."""
    named = {u for uids in placed.values() for u in uids}
    out = dict(placed)
    evicted = [u for z in placed for u in g.state.zones[z] if u not in named]
    for deck in (T.INFLUENCE, T.HEROES):
        if deck not in placed:
            out[deck] = ([u for u in evicted if KINDS[g.ctx.kind(u)] == deck]
                         + [u for u in g.state.zones[deck] if u not in named])
    return out


# -- the teaching notebook's tables (notebooks/labyrinth.ipynb), section by section ------------------------

RANDOM_BO = {"Bo": "random"}  # the other lord: a random bot


def turn() -> Game:
    """Section 2: the draw step of Ana's turn, against Bo: Haste and Scouts in hand, the
    Warlock among Ana's heroes and the Swordmasters gathered once; Bo's hand is empty."""
    return position(["Ana", "Bo"], {"Ana/hand": ["haste", "scouts"], "Ana/heroes": ["warlock"],
                                    "Bo/hand": []},
                    gathered={"Ana": ["swordmasters"]}, at="Draw", dealt=True)


def chain(reading: str = "words") -> Game:
    """Section 3: Ana's action step among three lords, with Recruitment and Treason! in
    hand, Bo holding Sabotage!, and only the Thief and the Golem in the heroes deck;
    `reading` is the reading of ruling LAB-CHAIN ("words" or "stack")."""
    return position(["Ana", "Bo", "Cy"], {"Ana/hand": ["recruitment", "treason"], "Bo/hand": ["sabotage"],
                                          "heroes": ["thief", "golem"]}, at="Actions",
                    options={"rulings": {"LAB-CHAIN": reading}}, dealt=True)


def gather(heroes: list[str]) -> Game:
    """Ana's action step against Bo with `heroes` (card ids) as Ana's heroes."""
    return position(["Ana", "Bo"], {"Ana/heroes": heroes}, at="Actions", dealt=True)


def mentalmancer() -> Game:
    """Section 4: Ana's action step with three Archeresses and a Mentalmancer standing in
    for the fourth."""
    return gather(["archeress"] * 3 + ["mentalmancer"])


def legendary() -> Game:
    """Section 5: Ana's action step with the Golem, the Thief, the Reaper and the Warlock:
    four legendary heroes, but the Golem never counts."""
    return gather(["golem", "thief", "reaper", "warlock"])


def reshuffle() -> Game:
    """Section 6: the draw step of Ana's turn with Haste in hand, the influence deck empty
    and Scouts, Ambush and Recruitment in the discard pile."""
    return position(["Ana", "Bo"], {"Ana/hand": ["haste"], "influence": [],
                                    "discard": ["scouts", "ambush", "recruitment"]}, at="Draw", dealt=True)


def limit() -> Game:
    """Section 7: Ana's action step with nine influence cards in hand, Summons among them
    (a hero and a card)."""
    hand = ["haste", "haste", "scouts", "scouts", "ambush", "ambush", "bribery", "summons", "recruitment"]
    return position(["Ana", "Bo"], {"Ana/hand": hand}, at="Actions", dealt=True)


def finale() -> Game:
    """Section 8: Ana's action step with two retinues gathered (the Swordmasters and the
    Legendary Retinue), four Archeresses and two actions: a third gathering would win."""
    return position(["Ana", "Bo"], {"Ana/heroes": ["archeress"] * 4, "Ana/hand": ["haste"]},
                    gathered={"Ana": ["swordmasters", "legendary"]}, at="Actions",
                    turn_data={"actions": 2}, dealt=True)


def played_game(seed: int = 3) -> Game:
    """Section 8: a whole game of three (Ana, Bo and Cy) with the safety cap of bot games
    (ruling LAB-LONG), played to its end by heuristic bots, so the sandbox opens on the
    result and Undo looks back."""
    g = make_game(GAME, ["Ana", "Bo", "Cy"], seed, options=GAME.safety_options())
    g.run(bots="heuristic")
    return g
