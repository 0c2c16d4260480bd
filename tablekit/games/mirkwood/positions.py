"""Ready-made positions of Passage Through Mirkwood, for the guided notebook, its tests
and anyone settling a ruling by hand.

Every position is a seeded one-player game (the seat is Ana; the recommended heroes
Aragorn, Théodred and Legolas with both Core starter decks) played by the rules from
the start, Ana's earlier choices made by the fixed guide answers (`guide_answer`),
up to the phase the position is about: the decks are shuffled and dealt as the seed says. Only the few cards a
section is about are then moved, from wherever the shuffle put them, onto the zones
it names (the last listed on top); every other card stays where it was."""

from __future__ import annotations

from typing import Any, Mapping

from tablekit.core.engine import Game, make_game
from tablekit.core.errors import TablekitError

from . import table as T
from .game import GAME

SEAT = "Ana"
SEED = 1
READER: dict[str, str] = {}                 # the guided tables: the reader answers every decision
ALL_BOTS = {SEAT: "heuristic"}             # the whole game of the last section
PHASES = ("Resource phase", "Planning phase", "Quest phase", "Travel phase", "Encounter phase", "Combat phase",
          "Refresh phase")


def new(seed: int = SEED, options: Mapping[str, Any] | None = None) -> Game:
    """A seeded new solo game, nothing stepped yet (the setup comes first)."""
    return make_game(GAME, [SEAT], seed, options=dict(options or {}))


def played_to(g: Game, phase: str, round_no: int = 1) -> Game:
    """`g` played on by the rules (`guide_answer` answering) to the start of `phase`
    in round `round_no`; that point becomes the table's start (Restart comes back here)."""
    if phase not in PHASES:
        raise TablekitError(f"no phase {phase!r}; the phases are {', '.join(PHASES)}")
    while not (phase in g.cursor and g.ctx.count("Rounds") == round_no):
        if g.is_over:
            raise TablekitError(f"the game ended before round {round_no}'s {phase}")
        if g.pending is not None:
            g.choose(*guide_answer(g))
        else:
            g.step()
    g.rebase()
    return g


# The choices made before a table's start: fixed and simple, so that each table stays the
# position its words describe however the heuristic bot comes to play.
GUIDE_COMMITS = ("aragorn", "legolas")     # the two heroes the guided game commits
GUIDE_DEFENDER = "aragorn"
GUIDE_ATTACKER = "theodred"


def guide_answer(g: Game) -> list[str]:
    """The guided game's answer to the open decision: keep the hand, pass every action
    window, commit Aragorn and Legolas, use every response, travel to the location with
    the most threat, engage no enemy, defend with Aragorn and attack with Théodred (those
    of them that are legal); any other decision takes its suggested option, else the
    heuristic bot's answer."""
    d = g.pending
    legal = {o.id for o in d.options if o.legal}

    def picked(ids: list[str]) -> list[str]:
        return [i for i in ids if i in legal]

    fixed = {
        "window": picked(["pass"]),
        "mulligan": picked(["keep"]),
        "response-offer": picked(["use"]),
        "engage": picked(["no_engage"]),
        "commit": picked([f"commit:{h}" for h in GUIDE_COMMITS]),
        "defender": picked([f"defend:{GUIDE_DEFENDER}"]),
        "attackers": picked([f"attacker:{GUIDE_ATTACKER}"]),
    }.get(d.kind)
    if d.kind == "travel":
        places = [o.id for o in d.options if o.legal and o.id.startswith("travel:")]
        fixed = [max(places, key=lambda i: T.stat(g.ctx, i.split(":", 1)[1], "threat"))] if places else None
    if fixed and d.min <= len(fixed) <= d.max:
        return fixed
    if d.default in legal:
        return [d.default]
    return bot_answer(g)


def bot_answer(g: Game) -> list[str]:
    """The heuristic bot's answer to the open decision (as `Game.run` would give it)."""
    from tablekit.core import bots

    return bots.record_answer("heuristic", GAME, g.ctx, g.pending, g.state.seed, len(g.history))


def placed(g: Game, add: Mapping[str, list[str]]) -> dict[str, list[str]]:
    """The zones of `add`, each with the listed cards laid on top (the last on top) of
    the cards it holds now; a listed card leaves the zone it was in, every other card
    stays where it is."""
    moving = [u for uids in add.values() for u in uids]
    unknown = [u for u in moving if u not in g.state.cards]
    if unknown:
        raise TablekitError(f"no card {unknown[0]!r} in this game")
    return {z: [u for u in g.state.zones[z] if u not in moving] + list(uids) for z, uids in add.items()}


def position(phase: str, add: Mapping[str, list[str]] | None = None,
             cards: Mapping[str, Mapping[str, Any]] | None = None, extra: Mapping[str, Any] | None = None,
             threat: int | None = None, seed: int = SEED, round_no: int = 1) -> Game:
    """A seeded game at the start of `phase`, then the few cards of `add` laid on their
    zones, card state `cards` set, and Ana's threat set to `threat` if given."""
    g = played_to(new(seed), phase, round_no)
    if threat is not None:
        g.state.player(SEAT)["threat"] = threat
    g.arrange(zones=placed(g, add or {}), cards=cards, extra=extra)
    return g


# -- a guided first game ---------------------------------------------------------------------------

def first_game() -> Game:
    """The guided game from its first step: setup, the mulligan, then round 1."""
    return new()


def first_game_at(phase: str) -> Game:
    """The guided game at the start of round 1's `phase` (`guide_answer` kept the setup
    hand and answered every decision before it)."""
    return played_to(new(), phase)


# -- staging and questing ------------------------------------------------------------------------

def staging() -> Game:
    """Round 1's quest phase, The Necromancer's Reach on top of the encounter deck: it
    deals 1 damage to each exhausted character, so to those just committed."""
    return position("Quest phase", add={T.ENC_DECK: ["the-necromancer-s-reach#1"]})


# -- engagement ----------------------------------------------------------------------------------

ENGAGE_THREAT = 29


def engagement() -> Game:
    """Round 1's encounter phase at threat 29: Hummerhorns (engagement 40) added to the
    staging area, where stage 1A's Forest Spider (engagement 25) still waits."""
    return position("Encounter phase", add={T.STAGING: ["hummerhorns"]},
                    threat=ENGAGE_THREAT)


# -- a combat with shadows -------------------------------------------------------------------------

def combat() -> Game:
    """Round 1's combat phase: a King Spider (engagement 20, attack 3) engaged with Ana
    beside the Forest Spider (engagement 25) that engaged her this round; on top of the
    encounter deck Dol Guldur Orcs, then Mountains of Mirkwood: the shadow cards, dealt
    highest engagement cost first."""
    return position("Combat phase", add={T.engaged_zone(SEAT): ["king-spider#1"],
                                         T.ENC_DECK: ["mountains-of-mirkwood#1", "dol-guldur-orcs#1"]})


# -- the quest stages ------------------------------------------------------------------------------

STAGE2_PROGRESS = 1
QUIET_TOP = "eyes-of-the-forest"  # a treachery with no threat: 4 willpower wins the quest against 3


def stage_two() -> Game:
    """Round 1's quest phase with stage 2B, A Fork in the Road (2 quest points), the
    current quest with 1 progress: the two stage-3 cards lie set aside face down, and
    Eyes of the Forest (no threat) is the top encounter card."""
    g = played_to(new(), "Quest phase")
    q = T.current_stage(g.ctx)
    g.arrange(zones={T.QUEST: ["ptm-2"], T.QUEST_DECK: [], T.REMOVED: list(g.state.zones[T.REMOVED]) + [q],
                     **placed(g, {T.ENC_DECK: [QUIET_TOP]})},
              cards={"ptm-2": {"face": 1, "progress": STAGE2_PROGRESS}})
    return g


BEORN_PROGRESS = 9


def beorns_path() -> Game:
    """Round 1's quest phase on Beorn's Path (10 quest points) with 9 progress, Ungoliant's
    Spawn not in play, Eyes of the Forest the top encounter card: a quest won by 1
    progress wins the game (ruling MK-BEORN-PATH)."""
    g = played_to(new(), "Quest phase")
    gone = [u for u in ("ptm-1", "ptm-2", "ptm-3-dont-leave-the-path") if u in g.state.cards]
    g.arrange(zones={T.QUEST: ["ptm-3-beorns-path"], T.QUEST_DECK: [], T.STAGE3: [],
                     T.REMOVED: [u for u in g.state.zones[T.REMOVED] if u not in gone] + gone,
                     **placed(g, {T.ENC_DECK: [QUIET_TOP]})},
              cards={"ptm-3-beorns-path": {"face": 1, "progress": BEORN_PROGRESS, "face_down": None}},
              extra={"stage3": "ptm-3-beorns-path"})
    return g


# -- a whole game by bots --------------------------------------------------------------------------

def whole_game(seed: int = 3) -> Game:
    """A new solo game with the safety cap of rounds, for the heuristic bot to play to its end."""
    return new(seed, GAME.safety_options())
