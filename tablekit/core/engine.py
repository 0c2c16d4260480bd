"""The engine: one game in progress, stepped one rule at a time.

`Game` is assembled from three parts, one job each:

* `stepping.py`: the cursor over the flow tree and the resolution stack, one
  rule a step, decisions and their answers, bots;
* `timeline.py`: snapshots, undo, redo, goto, save and load;
* `positions.py`: hand-built positions (`arrange`, `start_at`, `rebase`).
"""

from __future__ import annotations

import secrets
from typing import Any, Iterable, Mapping

from .context import Ctx
from .decision import Decision
from .errors import SetupError, TablekitError
from .fields import SEED, WholeNumber
from .flow import Node
from .gamedef import GameDef, Result
from .positions import Positions
from .records import StepRecord
from .state import State, _copy
from .stepping import UNTIL, Stepping
from .timeline import SAVE_FORMAT_VERSION, SNAPSHOT_EVERY, Timeline, load_game

__all__ = ["Game", "make_game", "load_game", "SAVE_FORMAT_VERSION", "SNAPSHOT_EVERY", "UNTIL"]


class Game(Stepping, Timeline, Positions):
    """A game in progress. Create it with `tablekit.new_game`.

    `watched` (True) says a person may read the game as it goes. Set it False
    for the fast path bots and simulations take: the records' words are
    written out only when read (their values are taken at the step), no hint
    is written for a decision, and no snapshot is kept beyond the start (undo
    and goto replay from it). The records, the choices and the positions are
    exactly those of a watched game."""

    watched = True

    def __init__(self, gamedef: GameDef, players: list[str], seed: int,
                 variant: str | None, options: dict[str, Any]):
        self._bind(gamedef)
        self._start = (list(players), seed, variant, _copy(options))
        self.state, self.ctx = self._new_start()
        self._settle()
        # the start is laid again from the seed when needed (see _new_start), not pickled
        self._snaps: dict[int, bytes | None] = {0: None}

    def _bind(self, gamedef: GameDef) -> None:
        """What a new game takes from its definition, and its empty timeline."""
        self.gamedef = gamedef
        self.defs = gamedef.cards
        self.nodes = gamedef.nodes
        self.settles = gamedef.settle_plan
        self._labels = gamedef.node_labels
        self._plans = gamedef.path_plans
        self._path_cache = gamedef.path_cache
        self.history: list[StepRecord] = []
        self._future: list[StepRecord] = []  # undone records, the next to redo last
        self._pending: Decision | None = None
        self._open: tuple | None = None
        self._base: dict | None = None  # a hand-built start (see start_at), for saves

    @classmethod
    def over_state(cls, gamedef: GameDef, state: State) -> Game:
        """A game that goes on from `state` as it stands, for search (the coach's playouts
        over a seat's view, `seatview.seat_state`): nobody watches it (the fast path), it
        starts with no records, and nothing goes back before its start (no undo past it,
        no save). `state` becomes the game's own: pass a copy."""
        g = cls.__new__(cls)
        g._bind(gamedef)
        g._start = (state.player_names, state.seed, state.variant, _copy(state.options))
        g.state = state
        g.ctx = Ctx(gamedef, g.defs, state)
        g.watched = False
        g._snaps = {}
        g._settle()
        return g

    def _new_start(self) -> tuple[State, Ctx]:
        """The state before the first record, laid out as `create_table` lays it from
        the seed and the options the game was made with (the same every time), and a
        Ctx over it."""
        players, seed, variant, options = self._start
        st = State(self.gamedef.id, players, seed, variant, _copy(options))
        ctx = Ctx(self.gamedef, self.defs, st)
        self.gamedef.create_table(ctx)
        ctx.reindex()
        st.cursor = [{"n": self.nodes[0].id}]
        return st, ctx

    # -- what is there -----------------------------------------------------
    @property
    def id(self) -> str:
        return self.gamedef.id

    @property
    def players(self) -> list[str]:
        return self.state.player_names

    @property
    def flow(self) -> Node:
        return self.gamedef.flow

    @property
    def is_over(self) -> bool:
        return self.state.over

    @property
    def result(self) -> Result | None:
        return Result.from_dict(self.state.result) if self.state.result else None

    @property
    def turn(self) -> str | None:
        return self.ctx.player

    def view(self, player: str | None) -> dict[str, Any]:
        """The state as `player` may see it; None is a spectator."""
        if player is not None and player not in self.players:
            raise TablekitError(f"no player named {player!r}; the players are "
                                f"{', '.join(self.players)}")
        out = self.state.view(player)
        extra = out["extra"]
        # the core's use records name cards: keep only those of cards this seat can see
        visible = set(out["cards"])
        for scope in ("turn", "round", "phase"):
            used = extra.get(f"_used_{scope}")
            if used:
                extra[f"_used_{scope}"] = [k for k in used if k.split("@", 1)[0].rsplit(":", 1)[0] in visible]
        out["extra"] = self.gamedef.redact_extra(extra, player)
        return out

    # -- display -------------------------------------------------------------
    def __repr__(self) -> str:
        where = " › ".join(self.path) or ("over" if self.is_over else "start")
        return (f"<Game {self.id} players={self.players} seed={self.state.seed} "
                f"records={len(self.history)} at {where}>")

    def _ipython_display_(self) -> None:  # pragma: no cover - needs a kernel
        from IPython.display import display

        from .registry import display_hook
        show = display_hook()
        if show is None:
            display({"text/plain": repr(self)}, raw=True)
            return
        show(self)


# -- making and loading games ---------------------------------------------------

def _player_names(players: int | Iterable[str], gamedef: GameDef | None = None) -> list[str]:
    """The seats' names, from a count or a list of names. With `gamedef`, the
    count is checked against the game's player counts first, so an absurd
    count (10**12) is refused at once instead of building its names."""
    if isinstance(players, bool) or not isinstance(players, (int, list, tuple)):
        raise SetupError(f"players must be a count or a list of names, not {_short(players)}")
    n = players if isinstance(players, int) else len(players)
    if gamedef is not None and not gamedef.min_players <= n <= gamedef.max_players:
        # the game may say more (Foe Hunters names its solo call for 1 player)
        raise SetupError(gamedef.check_players(n, None) or f"{gamedef.title} is for "
                         f"{gamedef.min_players} to {gamedef.max_players} players, not {n}")
    if isinstance(players, int):
        if players < 1:
            raise SetupError(f"a player count is a whole number of at least 1, not {players}")
        return [f"P{i}" for i in range(1, players + 1)]
    names = list(players)
    for name in names:
        if not isinstance(name, str) or not name.strip():
            raise SetupError(f"every player name must be non-empty text, not {_short(name)}")
        if name != name.strip() or "/" in name or ":" in name:
            raise SetupError(f"player name {_short(name)} may not contain '/' or ':' or outer spaces")
    seen: set[str] = set()
    dupes = sorted({name for name in names if name in seen or seen.add(name)})
    if dupes:
        raise SetupError(f"player names must be unique; repeated: {', '.join(dupes)}")
    return names


def _short(value: Any, limit: int = 60) -> str:
    """repr(value), cut to `limit` characters (a message stays one short line)."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _ruling_choices(gamedef: GameDef, value: Any) -> dict[str, str]:
    """The readings chosen for a game's ruling variants: every ruling with a
    second reading, the default (the reading closest to the rulebook's words)
    unless another is asked for."""
    if not isinstance(value, Mapping):
        raise SetupError("option 'rulings' maps ruling ids to readings, e.g. {'LAB-CHAIN': 'stack'}")
    out = {rid: next(iter(readings)) for rid, readings in gamedef.ruling_variants.items()}
    for rid, reading in value.items():
        if not isinstance(rid, str) or not isinstance(reading, str):
            raise SetupError(f"option 'rulings' maps ruling ids to readings (text), not {rid!r}: {reading!r}"[:300])
        readings = gamedef.ruling_variants.get(rid)
        if readings is None:
            known = ", ".join(gamedef.ruling_variants)
            raise SetupError(f"{gamedef.title} has no ruling with a second reading named {rid!r}; "
                             f"those with one: {known}")
        if reading not in readings:
            raise SetupError(f"ruling {rid} has no reading {reading!r}; its readings: "
                             + "; ".join(f"{k} ({v})" for k, v in readings.items()))
        out[rid] = reading
    return out


def _seat_mapping(key: str, spec: Any, value: Any, names: list[str]) -> dict[str, str]:
    """An option that maps seats to values ({"Ana": "paladin"}), or its text form
    "Ana:paladin,Bo:pathfinder": every key a seat, every value in the option's domain."""
    if isinstance(value, str):
        pairs = [part.partition(":") for part in value.split(",") if part.strip()]
        if not pairs or any(not sep or not k.strip() or not v.strip() for k, sep, v in pairs):
            raise SetupError(f"option {key!r} maps seats to values, written seat:value,seat:value, "
                             f"not {_short(value)}")
        value = {k.strip(): v.strip() for k, _, v in pairs}
    if not isinstance(value, Mapping):
        raise SetupError(f"option {key!r} maps seats to values, not {_short(value)}")
    out: dict[str, str] = {}
    for seat, v in value.items():
        if seat not in names:
            raise SetupError(f"option {key!r} names {_short(seat)}, who is not a seat; the seats are "
                             f"{', '.join(names)}")
        if spec.choices and v not in spec.choices:
            raise SetupError(f"option {key!r}: {seat}'s value must be one of {', '.join(spec.choices)}, "
                             f"not {_short(v)}")
        if not spec.choices and not isinstance(v, str):
            raise SetupError(f"option {key!r}: {seat}'s value must be text, not {_short(v)}")
        out[seat] = v
    return out


def make_game(gamedef: GameDef, players: int | Iterable[str] | None = None, seed: int | None = None,
              variant: str | None = None, options: Mapping[str, Any] | None = None) -> Game:
    names = _player_names(gamedef.default_players if players is None else players, gamedef)
    if variant is None:
        variant = gamedef.default_variant(len(names))
    elif variant not in gamedef.variants:
        known = ", ".join(gamedef.variants) or "none"
        raise SetupError(f"{gamedef.title} has no variant {variant!r}; variants: {known}")
    why = gamedef.check_players(len(names), variant)
    if why:
        raise SetupError(why)
    opts: dict[str, Any] = {k: spec.default for k, spec in gamedef.options.items()}
    if gamedef.ruling_variants:
        opts["rulings"] = {rid: next(iter(readings)) for rid, readings in gamedef.ruling_variants.items()}
    for key, value in dict(options or {}).items():
        if key == "rulings":
            if not gamedef.ruling_variants:
                raise SetupError(f"{gamedef.title} has no ruling with a second reading to choose")
            opts["rulings"] = _ruling_choices(gamedef, value)
            continue
        spec = gamedef.options.get(key)
        if spec is None:
            known = ", ".join(gamedef.options) or "none"
            raise SetupError(f"{gamedef.title} has no option {key!r}; options: {known}")
        if spec.type is dict:
            opts[key] = _seat_mapping(key, spec, value, names)
            continue
        if not isinstance(value, spec.type) or isinstance(value, bool) and spec.type is not bool:
            raise SetupError(f"option {key!r} must be {spec.type.__name__}, not {value!r}")
        if spec.choices and value not in spec.choices:
            raise SetupError(f"option {key!r} must be one of {spec.choices}, not {value!r}")
        if spec.type is int and (spec.low is not None or spec.high is not None):
            WholeNumber(f"option {key!r}", spec.low, spec.high).check(value)
        opts[key] = value
    if seed is None:
        seed = secrets.randbelow(2**31)
    return Game(gamedef, names, SEED.check(seed), variant, opts)


# The modules below the engine (the card trial, the scenario builder, the save loader)
# make a game through its definition, `gamedef.make_game(...)`: this is that method.
GameDef.make_game = make_game  # type: ignore[method-assign]


def _game_over_state(gamedef: GameDef, state: State) -> Game:
    return Game.over_state(gamedef, state)


GameDef.game_over_state = _game_over_state  # type: ignore[method-assign]
