"""Ready-made positions of LFG for the teaching notebook, the tests and anyone
settling a ruling by hand."""

from __future__ import annotations

from typing import Any, Mapping

from tablekit.core import rng
from tablekit.core.engine import Game, make_game

from . import table as T
from .game import GAME

PATHS = {
    "Whenever you like": ["Rounds", "Round", "Whenever you like"],
    "Draft": ["Rounds", "Round", "Draft"],
    "Reveal": ["Rounds", "Round", "Reveal"],
    "End of round": ["Rounds", "Round", "End of round"],
    "Before scoring": ["Before scoring"],
    "Final parties": ["Final parties"],
    "Pile draft": ["Pile draft"],
}


def fresh_extra() -> dict:
    """The game's extra state at the start of a round."""
    return {"round_picks": [], "skip": {}, "drafter": None, "pile": 0}


def position(players: list[str], parties: Mapping[str, list[str]] | None = None,
             picks: Mapping[str, str | list[str]] | None = None,
             hands: Mapping[str, list[str]] | None = None, graveyard: list[str] | None = None,
             hurt: list[str] = (), at: str = "Reveal", turn: str | None = None, seed: int = 1,
             variant: str | None = None, options: Mapping[str, Any] | None = None,
             extra: Mapping[str, Any] | None = None, zones: Mapping[str, list[str]] | None = None,
             protected: list[str] = (), dealt: bool = False) -> Game:
    """A game at a chosen rule of a round. `parties` and `hands` map players
    to card uids ("Knight#1"); `picks` are this round's picks, laid face down
    at the end of the party (so `at="Reveal"` turns them up); `hurt` lists
    hurt heroes; `protected` lists heroes protected until the end of this
    round (a lasting restriction, ruling LFG-PROTECT); every other card goes
    out of play (the box). `at` is one of PATHS or a path like
    "Rounds/Round/Draft". With `dealt`, the setup is played by the rules first
    (the deck built and shuffled as the seed says, then dealt): the hands and
    parties hold just the named cards, the graveyard keeps the heroes the deal
    laid there (unless `graveyard` is given), and every other dealt card is set
    aside, where the deal puts the heroes nobody holds (the teaching notebook's
    tables)."""
    g = make_game(GAME, list(players), seed, variant, options)
    if dealt:
        prepared(g)
    placed: dict[str, list[str]] = {}
    cards: dict[str, dict] = {u: {"hurt": True} for u in hurt}
    for p in players:
        placed[f"{p}/party"] = list((parties or {}).get(p, []))
        placed[f"{p}/hand"] = list((hands or {}).get(p, []))
        mine = (picks or {}).get(p, [])
        for u in [mine] if isinstance(mine, str) else mine:
            placed[f"{p}/party"].append(u)
            cards.setdefault(u, {})["face_down"] = True
    if graveyard is not None or not dealt:
        placed[T.GRAVE] = list(graveyard or [])
    placed.update(zones or {})
    if dealt:
        placed = with_aside(g, placed)
    x = fresh_extra()
    x.update(extra or {})
    path = PATHS.get(at) or at.split("/")
    lasting = [{"kind": "restriction", "until": "round", "targets": [u], "what": "harm",
                "text": f"{g.ctx.defn(u).name} is protected until the end of the round"} for u in protected]
    g.arrange(zones=placed, cards=cards, rest=None if dealt else T.BOX, extra=x, at=path, turn=turn or players[0],
              lasting=lasting)
    return g


def prepared(g: Game) -> Game:
    """`g` stepped through the setup by the rules (no decision is asked) to the first
    round, or to the two-player pile draft; the generator is then put back to the
    seed's start, as a scenario's shuffled rest leaves it, so the position is the
    scenario "Save position" writes of it."""
    while not {"Rounds", "Pile draft"} & set(g.cursor):
        g.step()
    g.state.rng = rng.seed_state(g.state.seed)
    return g


def with_aside(g: Game, placed: Mapping[str, list[str]]) -> dict[str, list[str]]:
    """`placed`, with every card the deal left in a hand, the deck or a pile and that
    `placed` does not name set aside (after the ones the deal set aside)."""
    st = g.state
    named = {u for uids in placed.values() for u in uids}
    dealt_to = [z for z in st.zones if z in placed or z in (T.DECK, *T.PILES)]
    dealt_to = [z for z in dealt_to if z not in (T.GRAVE, T.ASIDE)]
    out = {z: list(uids) for z, uids in placed.items()}
    spare = [u for z in (T.ASIDE, *dealt_to) for u in st.zones[z] if u not in named]
    out[T.ASIDE] = spare + out.get(T.ASIDE, [])
    for z in (T.DECK, *T.PILES):
        if z in st.zones:
            out.setdefault(z, [])
    return out


# -- the teaching notebook's tables (notebooks/lfg.ipynb), section by section ---------------------------

# the seats the reader does not play: bots
RANDOM_BO = {"Bo": "random"}
RANDOM_BO_CY = {"Bo": "random", "Cy": "random"}
RANDOM_ANA_CY = {"Ana": "random", "Cy": "random"}  # Bo reads the same-priority table
HEURISTIC_BO = {"Bo": "heuristic"}


def a_round() -> Game:
    """Section 2: a draft of three, two heroes in each hand: Ana holds the Knight and the
    Bard, Bo the Rogue and the Cleric, Cy the Archer and the Druid."""
    return position(dealt=True, players=["Ana", "Bo", "Cy"], at="Draft",
                    hands={"Ana": ["Knight#1", "Bard#1"], "Bo": ["Rogue#1", "Cleric#1"],
                           "Cy": ["Archer#1", "Druid#1"]})


def roles() -> Game:
    """Section 3: the final parties, about to be scored: Ana's Bard, Knight and Guardian
    (two Defence heroes and a Bard: incomplete), Bo's Bard, Knight and Cleric (complete)."""
    return position(dealt=True, players=["Ana", "Bo"], at="Final parties",
                    parties={"Ana": ["Bard#1", "Knight#1", "Guardian#1"], "Bo": ["Bard#2", "Knight#2", "Cleric#1"]})


def hurt_renown() -> Game:
    """Section 4: Ana's final party about to be scored: a hurt Knight, a hurt Berserker and
    the Druid (two Wild heroes with the Berserker); Bo's party is empty."""
    return position(dealt=True, players=["Ana", "Bo"], at="Final parties", parties={"Ana": ["Knight#1", "Berserker#1", "Druid#1"]},
                    hurt=["Knight#1", "Berserker#1"])


def anytime() -> Game:
    """Section 4: a draft of three; the Gladiator (healthy) is in Ana's party, and the
    Gladiator's passive may be used whenever Ana likes, at this draft decision too."""
    return position(dealt=True, players=["Ana", "Bo", "Cy"], at="Draft", parties={"Ana": ["Gladiator#1"]},
                    hands={"Ana": ["Knight#1"], "Bo": ["Cleric#1"], "Cy": ["Archer#1"]})


def extra_draft() -> Game:
    """Section 5: the picks are about to be turned up: Ana's Scout (extra draft) beside Ana's
    Ranger, Bo's Knight (protect); Ana holds the Berserker (Wild) and the Bard."""
    return position(dealt=True, players=["Ana", "Bo", "Cy"], parties={"Ana": ["Ranger#1"]}, picks={"Ana": "Scout#1", "Bo": "Knight#1"},
                    hands={"Ana": ["Berserker#1", "Bard#1"]})


def copy_kill() -> Game:
    """Section 5: the picks are about to be turned up: Ana's Illusionist (copy), Bo's
    Assassin (kill) and Cy's Bard; Cy's party holds a Knight and a Cleric."""
    return position(dealt=True, players=["Ana", "Bo", "Cy"], parties={"Cy": ["Knight#1", "Cleric#1"]},
                    picks={"Ana": "Illusionist#1", "Bo": "Assassin#1", "Cy": "Bard#1"})


def protect_then_kill() -> Game:
    """Section 5: the picks are about to be turned up: Ana's Assassin (kill), Bo's Knight
    (protect) and Cy's Druid; Bo's party holds a Cleric and a Bard."""
    return position(dealt=True, players=["Ana", "Bo", "Cy"], parties={"Bo": ["Cleric#1", "Bard#1"]},
                    picks={"Ana": "Assassin#1", "Bo": "Knight#1", "Cy": "Druid#1"})


def hurt_and_heal() -> Game:
    """Section 5: the picks are about to be turned up: Ana's Rogue (hurt), Bo's Cleric
    (heal) and Cy's Bard; Bo's Knight is hurt already, Cy has a Guardian."""
    return position(dealt=True, players=["Ana", "Bo", "Cy"], parties={"Bo": ["Knight#1"], "Cy": ["Guardian#1"]}, hurt=["Knight#1"],
                    picks={"Ana": "Rogue#1", "Bo": "Cleric#1", "Cy": "Bard#1"})


def recruit() -> Game:
    """Section 5: the picks are about to be turned up: Ana's Mercenary (recruit), Bo's Bard
    and Cy's Druid; Bo's party holds a Knight (Loyal) and a hurt Berserker."""
    return position(dealt=True, players=["Ana", "Bo", "Cy"], parties={"Bo": ["Knight#1", "Berserker#1"]}, hurt=["Berserker#1"],
                    picks={"Ana": "Mercenary#1", "Bo": "Bard#1", "Cy": "Druid#1"})


def friendly(protected: tuple[str, ...] = ()) -> Game:
    """Section 6: the picks are about to be turned up: Ana's Rogue (hurt, not optional),
    Bo's Bard and Cy's Druid; Ana has a Cleric, Bo a Knight. `protected` lists heroes
    protected until the end of the round."""
    return position(dealt=True, players=["Ana", "Bo", "Cy"], parties={"Ana": ["Cleric#1"], "Bo": ["Knight#1"]},
                    picks={"Ana": "Rogue#1", "Bo": "Bard#1", "Cy": "Druid#1"},
                    protected=list(protected))


def tie() -> Game:
    """Section 7: the picks are about to be turned up: Ana's Rogue and Bo's Berserker, both
    hurting (the same priority), and Cy's Druid; Bo's party holds a Knight, so Bo has
    more renown than Ana."""
    return position(dealt=True, players=["Ana", "Bo", "Cy"], parties={"Bo": ["Knight#2"]},
                    picks={"Ana": "Rogue#1", "Bo": "Berserker#1", "Cy": "Druid#1"})


def scoundrels() -> Game:
    """Section 8: three complete final parties about to be scored: Ana's three scoundrels
    with the lowest renown, Bo's none, Cy's one."""
    return position(dealt=True, players=["Ana", "Bo", "Cy"], at="Final parties",
                    parties={"Ana": ["Mercenary#1", "Trickster#1", "Rogue#1"], "Bo": ["Knight#1", "Cleric#1", "Archer#1"],
                             "Cy": ["Paladin#1", "Cleric#2", "Assassin#1"]})


def tied_win() -> Game:
    """Section 8: two complete final parties of the same renown about to be scored."""
    return position(dealt=True, players=["Ana", "Bo"], at="Final parties",
                    parties={"Ana": ["Knight#1", "Cleric#1", "Archer#1"], "Bo": ["Paladin#1", "Cleric#2", "Archer#2"]})


def two_players(seed: int = 5) -> Game:
    """Section 9: a new game of two (Ana and Bo): the three-pile draft comes first."""
    return make_game(GAME, ["Ana", "Bo"], seed)


def played_game(seed: int = 11) -> Game:
    """The last section: a whole game of five, played to its end by heuristic bots, so the
    sandbox opens on the score and Undo looks back."""
    g = make_game(GAME, 5, seed)
    g.run(bots="heuristic")
    return g
