"""What a game supplies to the engine. Each game folder defines one subclass."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from fnmatch import fnmatchcase
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Hashable, Iterable, Mapping, NamedTuple

from .cards import CardDef, data_path, load_cards
from .cardstate import CORE_CARD_STATE_SCHEMA
from .cardtemplates import CardTemplate
from .context import CORE_PROCEDURES, AbilityUse, Ctx
from .counters import FIELD_DATA, Counter, counter_problem, data_counter_problem
from .decision import Decision, Option
from .effects import Effect, OrderRule
from .errors import CardFileError, TablekitError
from .flow import Node, Say, compile_flow, index_flow
from .glossary import FILE_NAME as GLOSSARY_FILE
from .glossary import Term, load_glossary
from .result import Result as Result  # noqa: F401 - games and the engine import it from here
from .trial import trial_problem

if TYPE_CHECKING:  # pragma: no cover
    from .engine import Game
    from .state import State

# the extra state keys of the core a position (a scenario's setup, a save's base) may
# set, with their types and meaning; a game adds its own in GameDef.settable_extra
CORE_EXTRA = {"_used_turn": ((list,), "once-per-turn abilities used this turn"),
              "_used_round": ((list,), "once-per-round abilities used this round"),
              "_used_phase": ((list,), "once-per-phase abilities used this phase"),
              "_this_turn": ((dict,), "the game's data for this turn (its keys: the game's per_turn)"),
              "_this_round": ((dict,), "the game's data for this round (its keys: the game's per_round)"),
              "_this_phase": ((dict,), "the game's data for this phase")}


def _count_words(lo: int, hi: int, noun: str) -> str:
    return f"{lo} {noun}{'s' if lo > 1 else ''}" if lo == hi else f"{lo} to {hi} {noun}s"


def _same_kind(value: Any, fresh: Any) -> bool:
    """Whether `value` has the type of a fresh value (a whole number is not true or false,
    and a number may be a float where the fresh one is a float)."""
    if fresh is None:
        return True
    if isinstance(fresh, bool) or isinstance(value, bool):
        return isinstance(value, bool) and isinstance(fresh, bool)
    if isinstance(fresh, float):
        return isinstance(value, (int, float))
    return isinstance(value, type(fresh))


def _clip(text: str, limit: int) -> str:
    """`text` on one line, cut to `limit` characters."""
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[:limit - 3] + "..."


@dataclass(frozen=True)
class OptionSpec:
    """A game option users may set: its type, default and meaning. `choices` is
    its domain. An option of type `dict` maps seats to values (each seat's hero):
    its keys must be seat names and `choices` is the domain of its values; it may
    also be given as text, "Ana:paladin,Bo:pathfinder" (the command line's form)."""

    type: type
    default: Any
    doc: str
    choices: tuple = ()
    low: int | None = None  # for a whole-number option: its range
    high: int | None = None


PATH_CACHE_SIZE = 20_000  # the most paths in words a GameDef keeps (see path_cache)


class PathPlan(NamedTuple):
    """A record's path in words, read without looking at every frame. The frames
    of a cursor of flow frames only are the nodes from the root down to the
    top one (a save's check refuses any other cursor), so the path is fixed by
    the top node and the values of the frames whose label depends on the frame
    (a round's "k", a turn's "p"). `length` is the cursor's length then, `keyed`
    those frames as (place in the cursor, key), and `fixed` the words when no
    frame is keyed."""

    length: int
    keyed: tuple[tuple[int, str], ...]
    fixed: tuple[str, ...] | None


class GameDef:
    """Subclass per game; the engine calls only what is defined here."""

    id: str = ""
    title: str = ""
    # what the players are trying to do, in one or two sentences of our own
    # words (the rules page opens with it)
    goal: str = ""
    min_players: int = 2
    max_players: int = 4
    # the fewest people who play, where fewer people than seats can play (a solo player
    # runs two seats), with how: the docs and the rules page say people and seats apart
    min_people: int | None = None
    people_note: str = ""
    # the seat count `new_game(id)` and `tablekit play` use when none is given
    # (Mirkwood plays solo by default)
    default_players: int = 2
    # the players win or lose together (Foe Hunters, Mirkwood): a win is worth 1 to each of
    # them; in a game where they compete a shared win is worth 1/k to each of the k winners
    cooperative: bool = False
    variants: dict[str, str] = {}
    options: dict[str, OptionSpec] = {}
    # the game's card fields: name -> Field(type, required, choices, minimum, maximum, doc)
    # (or the short form (type, required)); `kind` and `traits` may be given a domain too
    card_fields: dict[str, Any] = {}
    # the values an ability's `zone` (zone kinds), `window` and `stat` may take in the card
    # file; a key left out is not checked
    ability_domains: dict[str, tuple[str, ...]] = {}
    # extra state a scenario must give when it starts at or after a top-level node of the
    # flow: key -> {"from": that node's name, "derive": "turn"}; with "derive": "turn" a
    # file that leaves the key out gets the player of start.turn
    extra_from_start: dict[str, dict[str, str]] = {}
    active_zone_kinds: frozenset[str] = frozenset()
    rulings_page: str = ""
    # rulings with two defensible readings: ruling id -> {reading: what it means};
    # the first reading is the default (the one closest to the rulebook's words).
    # `new_game(..., options={"rulings": {"LAB-CHAIN": "stack"}})` picks another;
    # the rules ask `ctx.ruling("LAB-CHAIN")`.
    ruling_variants: dict[str, dict[str, str]] = {}
    # a game with no round limit of its own declares a safety cap: the generic
    # suite, `tablekit bench` and simulations pass it as the option `max_rounds`
    # (a game that reaches it ends through ctx.end_game as "unfinished")
    safety_rounds: int = 0
    # the coach's horizon for this game (the coach bot's and the board's): a playout
    # stops after this many records and `evaluate` scores the position. None (the
    # default): playouts run to the game's end. Set it only where `evaluate` scores a
    # position (a horizon without a score is ignored: the playout goes on to the end)
    coach_horizon: int | None = None
    # the ways a game can end: ending id -> what it means, in words. Every Result
    # and every ctx.end_game names one of these ("unfinished", the safety cap, is
    # always allowed); the sandbox, `tablekit play` and game_info show the words.
    endings: dict[str, str] = {}
    # the shapes of the option ids the game's decisions offer, for scenario writers:
    # form -> meaning, with <placeholders> for the parts that vary
    # ("attack:<card>:<monster>": "lay one attack card on one monster"); the
    # scenario docs list them, and the generic suite checks every option id a
    # played game offers has one of these forms
    option_forms: dict[str, str] = {}
    # option ids are part of the file formats: an id the game renamed keeps its old
    # name here, old id -> the form of the new one (fnmatch: "replace:*"); a choice or
    # a check that names the old id takes the one option of the open decision that
    # matches (resolve_option). Old saves and scenario files keep working.
    option_aliases: dict[str, str] = {}
    # the rules' own words are part of the file formats too: words of a record a game
    # reworded (old words -> new), so a file's `text_contains` that quotes the old words
    # still matches the record as it reads now (Mirkwood's "his own" became "their own")
    text_aliases: dict[str, str] = {}
    # what a scenario file of an older format may still hold (core/scenario/versions.py):
    # extra state keys the game no longer keeps -> why ("turn.<key>" for a key of this
    # turn's data); they are dropped when empty (null, {}, [], false) and refused with
    # the why otherwise
    retired_state: dict[str, str] = {}
    # card state keys that became lasting effects: key -> the lasting effect a true value
    # becomes, with "{name}" in its text for the card's name and the card as its target
    retired_card_states: dict[str, dict] = {}

    def resolve_option(self, decision: Decision, option_id: str) -> str:
        """`option_id`, or the option of `decision` its old name (option_aliases) stands
        for when the decision does not offer it and exactly one option matches."""
        if option_id in decision or option_id not in self.option_aliases:
            return option_id
        form = self.option_aliases[option_id]
        hits = [o.id for o in decision.options if fnmatchcase(o.id, form)]
        return hits[0] if len(hits) == 1 else option_id

    def ending_words(self, ending: str) -> str:
        """What an ending id means, in words ("" for an id the game does not declare)."""
        if ending == "unfinished":
            return self.endings.get(ending, "the game was stopped at a cap before its own end")
        return self.endings.get(ending, "")

    def check_ending(self, ending: str) -> None:
        """Refuse an ending id the game does not declare (a game with no `endings`
        accepts any)."""
        if self.endings and ending != "unfinished" and ending not in self.endings:
            raise TablekitError(f"{self.title}: the ending {ending!r} is not one of the game's "
                                f"endings ({', '.join(sorted(self.endings))}); declare it in "
                                f"GameDef.endings")

    def players_words(self) -> str:
        """How many play, in words: the people, and the seats where they differ ("1 to 4
        players (2 to 4 seats: a solo player runs two heroes, as two seats)")."""
        lo = self.min_people if self.min_people is not None else self.min_players
        out = _count_words(lo, self.max_players, "player")
        if lo != self.min_players:
            out += f" ({_count_words(self.min_players, self.max_players, 'seat')}: {self.people_note})"
        return out

    def safety_options(self) -> dict[str, Any]:
        """The options that cap a measured game at `safety_rounds` (none when it has no cap)."""
        if self.safety_rounds and "max_rounds" in self.options:
            return {"max_rounds": self.safety_rounds}
        return {}
    effects: dict[str, Effect] = {}
    procedures: dict[str, Callable[[Ctx, dict], None]] = {}
    # what a scenario file may set: the game's extra state keys, with their
    # types and meaning, and card state keys beyond the core's
    settable_extra: dict[str, tuple[tuple[type, ...], str]] = {}
    # the game's data for one turn and one round (counters, what was done): plain
    # data the engine puts fresh in place when each turn or round begins; read
    # and changed through ctx.this("turn") / ctx.this("round")
    per_turn: dict[str, Any] = {}
    per_round: dict[str, Any] = {}
    # what each key of that data means, in the game's words: a scenario file sets it as
    # setup.extra.this_turn / this_round, and the docs and the schema say so (every key
    # has a meaning; the type is its fresh value's)
    per_turn_meanings: dict[str, str] = {}
    per_round_meanings: dict[str, str] = {}
    card_state_keys: dict[str, tuple[tuple[type, ...], str]] = {}
    # the numbers that decide the game, as the table shows them (core/counters.py)
    counters: tuple[Counter, ...] = ()
    # each card's type line and numbers on the table (core/cardtemplates.py)
    card_templates: tuple[CardTemplate, ...] = ()
    # zone kinds a table draws as one stack, its top card and its count (discard piles
    # and the like: what lies under the top card matters only when it is looked at)
    pile_kinds: tuple[str, ...] = ()

    # -- the game's words -----------------------------------------------------
    @cached_property
    def glossary(self) -> tuple[Term, ...]:
        """The words a learner meets, from `glossary.yaml` in the game's own folder (the
        folder of the module that defines the game's class; () when it has none)."""
        module = sys.modules.get(type(self).__module__)
        where = getattr(module, "__file__", None)
        return load_glossary(Path(where).parent / GLOSSARY_FILE) if where else ()

    # -- cards -------------------------------------------------------------
    @cached_property
    def cards(self) -> dict[str, CardDef]:
        for name, eff in self.effects.items():
            if not isinstance(eff, Effect):
                raise TablekitError(f"{self.title}: effect {name!r} must be an Effect "
                                    f"(tablekit.core.Effect), not {type(eff).__name__}")
        path = data_path("cards", f"{self.id}.yaml")
        cards = load_cards(path, self.id, self.card_fields, self.effects, self.ability_domains, self.title,
                           self.card_problem)
        self.__dict__["cards"] = cards  # the trial below plays with them
        why = self.cards_trial()
        if why:
            del self.__dict__["cards"]
            raise CardFileError(f"{path}: the game cannot be played with these cards: {why} (a card the "
                                "rules need is missing, or has other numbers than they read)")
        return cards

    def make_game(self, players: int | Iterable[str] | None = None, seed: int | None = None,
                  variant: str | None = None, options: Mapping[str, Any] | None = None) -> Game:
        """A new game of this definition: `engine.make_game(self, players, seed, variant,
        options)`, which engine.py puts here when it is imported. The engine imports this
        module, never the other way (docs/core.md, "Layers"): the modules below the engine
        that make a game (the card trial below, the scenario builder, the save loader) make
        it through the game's definition."""
        raise TablekitError("tablekit.core.engine is not imported")  # pragma: no cover - it always is

    def game_over_state(self, state: State) -> Game:
        """A game of this definition that goes on from `state` as it stands, for search:
        `engine.Game.over_state(self, state)`, put here by engine.py as `make_game` is."""
        raise TablekitError("tablekit.core.engine is not imported")  # pragma: no cover - it always is

    def cards_trial(self) -> str | None:
        """A game with the card file's cards, played for 50 rules on the seeded random bot
        (trial.trial_problem): what fails, or None. A game that cannot be set up with its
        default players is left to say so when it is made."""
        try:
            game = self.make_game(None, 0)
        except TablekitError:
            return None
        except Exception as exc:  # noqa: BLE001 - the table cannot be laid with these cards
            return f"laying the table met {type(exc).__name__} ({str(exc)[:80]})"
        return trial_problem(game)

    def card_problem(self, d: CardDef) -> str | None:
        """What a card of the file lacks to play, beyond what its fields declare (a
        field only one kind of card needs, how many abilities it has), or None. The
        card file is refused at the card's line with these words."""
        return None

    def card_name(self, d: CardDef) -> str:
        return d.name

    # -- flow --------------------------------------------------------------
    @cached_property
    def flow(self) -> Node:
        return self.build_flow()

    @cached_property
    def nodes(self) -> list[Node]:
        return index_flow(self.flow)

    @cached_property
    def settle_plan(self) -> list:
        """The compiled flow: each node's `settle` by node id (`flow.compile_flow`),
        made once per game definition; the engine moves the cursor by it."""
        return compile_flow(self.nodes)

    @cached_property
    def node_labels(self) -> list[str | tuple[dict, str] | None]:
        """Each node's words in a record's path, by node id: its name, "" for a node
        not shown, or, where the label depends on the frame (a round, a turn), its
        `label_table` (the labels formatted so far and the frame's key they are
        kept by), or None where only `label(frame)` can say."""
        return [(n.name if n.show else "") if n.static_label else n.label_table for n in self.nodes]

    @cached_property
    def path_plans(self) -> list[PathPlan | None]:
        """How a record's path is read when a node's frame tops a cursor of flow
        frames only, by node id (see `PathPlan`); None where a label on the way
        down to the node is one only `label(frame)` can say."""
        labels = self.node_labels
        plans: list[PathPlan | None] = [None] * len(self.nodes)

        def plan(node: Node, chain: tuple[Node, ...]) -> None:  # chain: the root down to node
            if any(labels[a.id] is None for a in chain):
                return  # (and none below it either)
            keyed = tuple((depth, labels[a.id][1]) for depth, a in enumerate(chain)
                          if type(labels[a.id]) is not str)
            fixed = None if keyed else tuple(labels[a.id] for a in chain if labels[a.id])
            plans[node.id] = PathPlan(len(chain), keyed, fixed)
            for child in node.children:
                plan(child, chain + (child,))

        plan(self.nodes[0], (self.nodes[0],))
        return plans

    @cached_property
    def path_cache(self) -> dict[tuple, tuple[str, ...]]:
        """The paths in words read so far through a `PathPlan` with keyed frames,
        by (node id, each keyed frame's value): shared by the games of this
        definition, emptied when it holds `PATH_CACHE_SIZE` of them."""
        return {}

    def build_flow(self) -> Node:
        raise NotImplementedError

    # -- a new game ----------------------------------------------------------
    def default_variant(self, n_players: int) -> str | None:
        return None

    def check_players(self, n: int, variant: str | None) -> str | None:
        """Why this player count cannot play (None if it can)."""
        if not self.min_players <= n <= self.max_players:
            return (f"{self.title} is for {self.min_players} to {self.max_players} players, "
                    f"not {n}")
        return None

    def create_table(self, ctx: Ctx) -> None:
        """Lay out the zones and put every card in its starting zone."""
        raise NotImplementedError

    # -- the end -----------------------------------------------------------
    def result(self, ctx: Ctx) -> Result:
        raise NotImplementedError

    def current_scores(self, ctx: Ctx) -> dict[str, float]:
        """Each player's score as the position stands, before the end (a scenario's
        `score:` expectation reads it). It must not change the state. By default the
        scores `result` gives; a game whose result only makes sense at the end
        overrides it."""
        return dict(self.result(ctx).scores)

    # -- triggers and bots -------------------------------------------------
    def order_triggers(self, ctx: Ctx, triggers: list[dict]) -> int | Decision | OrderRule:
        """Which collected trigger resolves next: an index into `triggers`, a
        Decision for a player to choose, or an OrderRule (an automatic rule
        that runs first, as a step of its own). It must not change the state:
        it is asked again whenever the engine looks. A decision's answer goes
        to `trigger_order_chosen`; by default its option ids end in
        ":<index>" (for example "first:2") and that trigger resolves next.
        Default: forced triggers before optional ones ("Response:"); then the
        turn player's first (or the first player's, where the game has one),
        then the others in seat order, the ownerless (the foe, the encounter
        deck) last."""
        turn = self.first_player(ctx) or ctx.player
        names = ctx.players
        start = names.index(turn) if turn in names else 0
        n = max(len(names), 1)

        def rank(i: int) -> tuple[int, int, int]:
            t = triggers[i]
            c = t["controller"]
            seat = (names.index(c) - start) % n if c in names else n
            return (1 if ctx.trigger_ability(t).optional else 0, seat, i)
        return min(range(len(triggers)), key=rank)

    def trigger_order_chosen(self, ctx: Ctx, triggers: list[dict], decision: Decision,
                             ids: tuple[str, ...]) -> Say | str:
        """Apply the answer to a decision of `order_triggers`. Default: the id ends
        in ":<index>" and that trigger resolves next. A game may instead keep
        the order it was told, or start the trigger at once with
        `ctx.start_trigger(index)`."""
        ctx.state.trigger_next = int(ids[0].rsplit(":", 1)[1])
        return f"{decision.player} chooses to resolve {decision.option(ids[0]).label} first."

    def respond_order(self, ctx: Ctx, window: str, responder: str) -> list[str]:
        """Who is asked next in a response window after `responder` responded:
        by default every other player, in seat order from the responder's left."""
        names = ctx.players
        if responder not in names:
            return list(names)
        i = names.index(responder)
        return [names[(i + k) % len(names)] for k in range(1, len(names))]

    def response_options(self, ctx: Ctx, window: str, player: str) -> list[Option]:
        """The answers `player` may give in a response window: by default one
        option per action ability of that window the player controls, illegal
        with its reason when `ctx.usable` says it cannot be used."""
        out = []
        for use in ctx.actions(window, player):
            eff = self.effect(use.ability.effect)
            why = ctx.usable(use)
            oid = f"respond:{use.source}:{ctx._ability_index(use.source, use.ability)}"
            out.append(Option(oid, eff.label(ctx, use), why is None, why or ""))
        return out

    def response_use(self, ctx: Ctx, window: str, player: str, option_id: str) -> AbilityUse:
        """The ability behind an answer of `response_options` (default ids:
        "respond:<card uid>:<ability index>")."""
        _, uid, abi = option_id.rsplit(":", 2)
        return AbilityUse(uid, player, ctx.defn(uid).abilities[int(abi)])

    def response_words(self, ctx: Ctx, window: str, player: str, top: dict | None) -> tuple[str, str]:
        """The prompt of a response window's decision and the label of its pass
        option. `top` is the effect frame it answers (None: none)."""
        label = ctx.state.cursor[-1].get("label", window) if ctx.state.cursor else window
        on = f" {top['label']} is about to resolve." if top else ""
        return f"{label}:{on} Respond, or pass.", "Pass"

    def response_passed(self, ctx: Ctx, window: str, player: str) -> Say | str:
        """The record of a pass in a response window."""
        return f"{player} passes."

    def affected_player(self, ctx: Ctx, event: dict) -> str:
        """Who orders several mandatory replacements of one event: the event's
        `player`, else the owner of its `card` or `target`, else the turn player."""
        for key in ("player", "target", "card"):
            v = event.get(key)
            if isinstance(v, str):
                if v in ctx.players:
                    return v
                if v in ctx.state.cards:
                    owner = ctx.owner_of(v)
                    if owner is not None:
                        return owner
        return ctx.player or ctx.players[0]

    def event_words(self, ctx: Ctx, event: dict) -> str:
        """An event in words, for the path and the prompts of an event that asks."""
        return event["type"].replace("_", " ").capitalize()

    def seat_facts(self, ctx: Ctx) -> dict[str, dict[str, Any]]:
        """The game's own facts about each seat, for simulations and the balance
        lab: seat -> {fact: value}, the same facts for every seat, each value a
        short text, a number or a bool ({"Ana": {"hero": "Priest"}}). Read at the
        end of a game (what a seat played as, not what it holds). None by default."""
        return {}

    def first_player(self, ctx: Ctx) -> str | None:
        """A rotating first player, where the game has one (Mirkwood): it decides
        for ownerless cards and orders simultaneous triggers. Default: none."""
        return None

    def speaker(self, ctx: Ctx) -> str:
        """The seat that answers a decision of "the party" (default: the first seat);
        in the sandbox any member may answer it."""
        return ctx.players[0]

    def is_eliminated(self, ctx: Ctx, player: str) -> bool:
        """Whether a player is out of the game: action windows skip them."""
        return False

    def check_state(self, ctx: Ctx, event: dict) -> None:
        """Run after every event: a game checks what must happen at once (the
        third retinue, threat 50) and calls `ctx.end_game`. Default: nothing."""

    def hint(self, ctx: Ctx, decision: Decision) -> str:
        """A sentence for a learner about the open `decision`, true of the position
        (what is at stake, what each option costs). Asked once, when the engine
        builds a decision that carries no `hint` of its own; it must not change the
        state. Default: none ("")."""
        return ""

    def heuristic(self, ctx: Ctx, decision: Decision) -> list[str] | None:
        """The simple heuristic bot's answer; None lets the random bot answer."""
        return None

    # -- registries --------------------------------------------------------
    def effect(self, name: str) -> Effect:
        try:
            return self.effects[name]
        except KeyError:
            raise TablekitError(f"{self.title}: no effect named {name!r}") from None

    def procedure(self, kind: str) -> Callable[[Ctx, dict], None]:
        proc = self.procedures.get(kind) or CORE_PROCEDURES.get(kind)
        if proc is None:
            raise TablekitError(f"{self.title}: no procedure for events of type {kind!r}")
        return proc

    def check_extra(self, key: str, value: Any, players: list[str]) -> str | None:
        """Why a value a scenario sets for a settable extra key is wrong (None: fine).
        The type is checked already; a game checks the meaning."""
        return None

    def card_state_fields(self) -> dict[str, tuple[tuple[type, ...], str]]:
        """The game's own card state keys a position may set, each with its types and its
        meaning: `card_state_keys`, and each card counter the game keeps as a card's state
        key beyond the core's (its meaning is the counter's; its range is checked by the
        counter). A key is declared in one of the two places, never both."""
        out = dict(self.card_state_keys)
        for c in self.counters:
            if c.where == "card" and c.settable and c.key not in CORE_CARD_STATE_SCHEMA:
                if c.key in self.card_state_keys:
                    raise TablekitError(f"{self.title}: the card state key {c.key!r} is declared twice, in "
                                        "card_state_keys and as a counter: keep the counter")
                out[c.key] = ((int,), c.meaning)
        return out

    def turn_fields(self) -> dict[str, str]:
        """Each key of this turn's data (`per_turn`) with its meaning: `per_turn_meanings`,
        and the counters kept there (`field="this_turn.<key>"`), whose meaning is theirs."""
        return self._data_fields("this_turn", self.per_turn, self.per_turn_meanings)

    def round_fields(self) -> dict[str, str]:
        """Each key of this round's data (`per_round`) with its meaning (see turn_fields)."""
        return self._data_fields("this_round", self.per_round, self.per_round_meanings)

    def _data_fields(self, data: str, fresh: dict[str, Any], meanings: dict[str, str]) -> dict[str, str]:
        out = dict(meanings)
        for c in self.counters:
            kept = c.data_key
            if kept is None or kept[0] != data:
                continue
            if kept[1] in meanings:
                raise TablekitError(f"{self.title}: {data}.{kept[1]} is declared twice, in its meanings "
                                    "and as a counter: keep the counter")
            if kept[1] not in fresh:
                raise TablekitError(f"{self.title}: the counter {c.key!r} is kept in {data}.{kept[1]}, "
                                    f"which the game's fresh {data} data does not hold")
            out[kept[1]] = c.meaning
        return {k: out[k] for k in fresh if k in out}

    def settable_extra_keys(self) -> dict[str, tuple[tuple[type, ...], str]]:
        """Every extra state key a position may set: the core's (CORE_EXTRA) and the
        game's (`settable_extra`), each with its types and its meaning."""
        return {**CORE_EXTRA, **self.settable_extra}

    def extra_problem(self, key: str, value: Any, players: list[str]) -> str | None:
        """What is wrong with `value` for the settable extra key `key`, in words that
        start with the key ("'pile' has the wrong type (...): ..."), on one short line;
        None when it is fine. The same check for a scenario's setup and a save's base state."""
        types, meaning = self.settable_extra_keys()[key]
        if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
            return f"{key!r} has the wrong type ({_clip(repr(value), 60)}): {meaning}"
        # this turn's and this round's data: each key as the game declares it (its fresh value)
        defaults = {"_this_turn": self.per_turn, "_this_round": self.per_round}.get(key)
        if defaults and isinstance(value, dict):
            data = next(f for f, k in FIELD_DATA.items() if k == key)
            for k, v in value.items():
                if k in defaults and not _same_kind(v, defaults[k]):
                    return (f"'{key}.{k}' has the wrong type ({_clip(repr(v), 60)}): it is "
                            f"{type(defaults[k]).__name__}, as {_clip(repr(defaults[k]), 30)} when fresh")
                why = data_counter_problem(self.counters, data, k, v)
                if why:
                    return f"'{data}.{k}': {_clip(why, 200)}"
        why = counter_problem(self.counters, "table", key, value) or self.check_extra(key, value, players)
        return f"{key!r}: {_clip(why, 200)}" if why else None

    def derived_player_numbers(self, extra: Mapping[str, Any], players: list[str]) -> dict[str, dict[str, Any]]:
        """The players' numbers that other fields of a position decide, from the extra state a
        file sets (`extra`, under the state's keys): player -> {key: number}. A file may
        leave them out or give the same; a different number is refused at its line, and the
        builder refuses to set one. Default: none (Legends of Labyrinth: each lord's
        retinues are the length of their `gathered` list)."""
        return {}

    def player_value_problem(self, key: str, value: Any) -> str | None:
        """What is wrong with `value` as a player's number `key` (a scenario's setup.players,
        a save's players): a number, in the range of the game's counter of that key if it
        declares one; None when it is fine."""
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return f"{key!r} is a number, not {_clip(repr(value), 40)}"
        return counter_problem(self.counters, "player", key, value)

    def describe_zone(self, ctx: Ctx, zone: str) -> str:
        """Words shown in a zone's header beside its card count, e.g. "9
        victory points" for a victory display; "" (the default) shows none.
        Read only what every seat may see: the header is public."""
        return ""

    def describe_card(self, ctx: Ctx, uid: str) -> tuple[str, str, list[str]]:
        """How a card tile reads: (short name, words about the card, words
        about its state). Words, never colour alone. A two-faced card is named
        by the face it shows."""
        d = ctx.defn(uid)
        cs = ctx.card(uid)
        words = d.name + (f" · {d.kind}" if d.kind else "")
        if d.stand_in:
            words += " · stand-in"
        if d.test_only:
            words += " · test only"
        state: list[str] = []
        if cs.get("damage"):
            state.append(f"damage {cs['damage']}")
        if cs.get("exhausted"):
            state.append("exhausted")
        if cs.get("face_down"):
            state.append("face down")
        for key, value in (cs.get("counters") or {}).items():
            state.append(f"{key} {value}")
        if cs.get("attached_to"):
            state.append(f"on {ctx.name(cs['attached_to'])}")
        face = ctx.face(uid)
        return (face.name if face is not None else self.card_name(d)), words, state

    def evaluate(self, ctx: Ctx, seat: str) -> float | None:
        """How well `seat` stands in this position, from 0 (a sure loss) to 1 (a sure
        win; in a competitive game, all the win to itself): what the coach scores a
        playout with when it stops at its horizon before the end. None (the default):
        the game gives no such measure, and playouts go on to the end."""
        return None

    def hidden_pool(self, ctx: Ctx, uid: str) -> Hashable:
        """The pool of a card hidden from someone: what they can tell of it without seeing
        it (its back, whose deck it is in). A seat's view (`seatview.seat_state`, the
        bots', the coach's) draws each hidden card's identity from its own pool's cards
        only. By default every hidden card is of one pool (one deck feeds every hidden
        place); a game whose hidden cards come from separate decks names each. The pool
        must follow from the card's definition and the zone it lies in alone: it is
        asked once for each pair (seatview.hidden_pools)."""
        return None

    def redact_extra(self, extra: dict, viewer: str | None) -> dict:
        """Remove from the game's extra state what `viewer` may not see."""
        return extra
