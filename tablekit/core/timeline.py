"""The timeline: snapshots, undo, redo, goto, and saves that load back.

A pickled snapshot of the state every SNAPSHOT_EVERY records; any position is
the nearest snapshot plus a replay of the recorded steps and choices. A game's
own start is laid again from its seed (`Game._new_start`) rather than pickled.
"""

from __future__ import annotations

import copy
import hashlib
import json
import pickle
from typing import TYPE_CHECKING, Any, Mapping

from .cardstate import card_state_problem
from .context import Ctx
from .counters import counter_problem
from .errors import IllegalChoice, SaveFormatError, ScenarioError, TablekitError
from .lasting import KINDS as LASTING_KINDS
from .records import StepRecord
from .scenario import build, parse
from .scenario.writing import position_data, public_position
from .schemas import SCENARIO_FORMAT_VERSION
from .state import VISIBILITIES, State
from .trial import TRIAL_RULES as TRIAL_RULES  # noqa: F401 - also importable from here, as before
from .trial import trial_problem

if TYPE_CHECKING:  # pragma: no cover
    from .engine import Game
    from .gamedef import GameDef

SAVE_FORMAT_VERSION = 3  # a hand-built start in the scenario format's public fields
ENGINE_BASE_VERSION = 2  # a hand-built start as the engine's own state (read, and written when 3 cannot say it)
SNAPSHOT_EVERY = 24


class Timeline:
    """The time-travel half of `Game` (see engine.py)."""

    state: Any
    ctx: Any
    history: list[StepRecord]
    _future: list[StepRecord]
    _snaps: dict[int, bytes | None]  # None: the game's start, laid again from its seed
    _base: dict | None

    # -- time travel -------------------------------------------------------
    def undo(self) -> None:
        """Go back one record (undoing a choice reopens the decision)."""
        if not self.history:
            raise TablekitError("nothing to undo: the game is at its start")
        self.goto(len(self.history) - 1)

    def redo(self) -> StepRecord:
        """Apply again the record undone last."""
        if not self._future:
            raise TablekitError("nothing to redo")
        rec = self._future.pop()
        self._replay_one(rec)
        self.history.append(rec)
        if self.watched:
            self._maybe_snapshot()
        return rec

    def forget_redo(self) -> None:
        """Drop the undone records (and their snapshots): the next records are new."""
        self._future.clear()
        n = len(self.history)
        for k in [k for k in self._snaps if k > n]:
            del self._snaps[k]

    @property
    def can_redo(self) -> int:
        return len(self._future)

    def goto(self, i: int) -> None:
        """Put the game in the state after `i` records (0: the start)."""
        n = len(self.history)
        if not isinstance(i, int) or isinstance(i, bool) or i < 0 or i > n + len(self._future):
            raise TablekitError(f"goto({i!r}): the records go from 0 to {n + len(self._future)}")
        if i >= n:
            # forward: from the last snapshot on the way (kept while the records are undone),
            # then record by record, never replaying what a snapshot already holds
            ahead = [k for k in self._snaps if n < k <= i]
            if ahead:
                j = max(ahead)
                self.history.extend(self._future.pop() for _ in range(j - n))
                self._restore(self._snaps[j])
            for _ in range(i - len(self.history)):
                self.redo()
            return
        undone = self.history[i:]
        self._future.extend(reversed(undone))
        del self.history[i:]
        self._rewind(i)

    # -- what if: a second future from here ------------------------------------
    def fork(self) -> Game:
        """A new game at this record that shares the history so far (the same
        records, so both logs read the same up to here, and both can undo into
        that past) and plays on separately: a step, a choice, an undo or a
        save in one never touches the other. The records undone here (Redo)
        are not carried over: the fork's future starts empty. Its RNG goes on
        from the same state, so both sides draw the same cards until their
        choices part."""
        new = copy.copy(self)
        new.state = pickle.loads(self._snapshot())  # noqa: S301 - our own in-memory snapshot
        new.ctx = Ctx(self.gamedef, self.defs, new.state)
        new.history = list(self.history)
        new._future = []
        n = len(self.history)
        new._snaps = {k: blob for k, blob in self._snaps.items() if k <= n}
        new._base = copy.deepcopy(self._base)
        new._pending = None
        new._open = None
        new._hinted = None
        new._settle()
        return new

    # -- the same game under another reading ------------------------------------
    def with_rulings(self, rulings: Mapping[str, str]) -> tuple[Game, str | None]:
        """The same game from the same start (a new game's, or the position it
        was rebased on) with these ruling readings (`{"LAB-CHAIN": "stack"}`;
        the rulings not named keep theirs), and the same choices replayed as
        long as each is asked again of the same player and is still legal.
        Returns the new game, and None when the whole history replayed, or
        words saying at which record and why the replay stopped: there the
        two readings part. This game is not changed."""
        st = self.state
        options = dict(st.options)
        options["rulings"] = {**(st.options.get("rulings") or {}), **dict(rulings)}
        game = self.gamedef.make_game(self.players, st.seed, st.variant, options)
        if self._base is not None:
            base = json.loads(json.dumps(self._base))
            base["options"] = game.state.options
            game.state = State.from_dict(base)
            game.ctx.state = game.state
            game.ctx.reindex()
            game.rebase()
        for rec in self.history:
            n = len(game.history) + 1
            if game.is_over:
                return game, f"record {n}: under this reading the game is over already"
            d = game.pending
            if rec.kind == "choice":
                if d is None:
                    return game, (f"record {n}: {rec.player} chose {', '.join(rec.choice)}, but under "
                                  "this reading nobody is asked here")
                if d.player != rec.player:
                    return game, (f"record {n}: {rec.player} chose {', '.join(rec.choice)}, but under "
                                  f"this reading {d.player} must choose here ({d.prompt})")
                try:
                    game.choose(*rec.choice)
                except IllegalChoice as exc:
                    return game, f"record {n}: {rec.player}'s choice is not possible under this reading: {exc}"
            elif d is not None:
                return game, (f"record {n}: under this reading {d.player} must choose here "
                              f"({d.prompt}), where the other reading went on by itself")
            else:
                game.step()
        return game, None

    # -- saving ------------------------------------------------------------
    def save(self, for_seat: str | None = None) -> str:
        """The game as JSON text; `tablekit.load` resumes it at the same record,
        with its undo and redo history. With `for_seat`, the save is what that
        seat may read: the position as its view, and the records as it sees
        them (other seats' hidden picks and events withheld); such a save can
        be read but not loaded, since the hidden picks are missing."""
        recs = self.history + list(reversed(self._future))
        if for_seat is not None:
            if for_seat not in self.players:
                raise TablekitError(f"save: no player named {for_seat!r}")
            return json.dumps({
                "format_version": SAVE_FORMAT_VERSION, "game": self.id, "for_seat": for_seat,
                "players": self.players, "variant": self.state.variant, "options": self.state.options,
                "records": [r.for_viewer(for_seat) for r in self.history],
                "view": self.view(for_seat),
            }, indent=1)
        version, base = self._written_base()
        return json.dumps({
            "format_version": version,
            "game": self.id,
            "players": self.players,
            "seed": self.state.seed,
            "variant": self.state.variant,
            "options": self.state.options,
            "records": [{"kind": r.kind, "choice": list(r.choice)} if r.kind == "choice"
                        else {"kind": r.kind} for r in recs],
            "position": len(self.history),
            "base": base,
            "digest": self._digest(),
        }, indent=1)

    def _written_base(self) -> tuple[int, Any]:
        """The save's format and its starting position. A game that began from its own
        setup has none (format 3). A hand-built start is written as a scenario's position,
        in the file format's public fields, with the RNG's state (format 3), when building
        it again from them gives exactly the state it had; otherwise (a start part-way
        through a resolution, a delayed trigger waiting) as the engine's state (format 2),
        which this tablekit reads too."""
        if self._base is None:
            return SAVE_FORMAT_VERSION, None
        try:
            public = public_base(self.gamedef, self.players, self._base)
        except TablekitError:
            public = None
        if public is None:
            return ENGINE_BASE_VERSION, self._base
        return SAVE_FORMAT_VERSION, public

    def _digest(self) -> str:
        """A save's digest: a hash of the position in the file format's public fields (see
        `scenario.writing.public_position`), with the result and the RNG's state. An inner
        change of the engine that moves no card, number or rule leaves it alone, so a save
        still loads after it; a change of play does not."""
        st = self.state
        public = {**public_position(self, resolution=False), "over": st.over, "result": st.result, "rng": st.rng}
        text = json.dumps(public, sort_keys=True, separators=(",", ":"), default=str)
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def _engine_digest(self) -> str:
        """The digest earlier tablekits wrote in saves, still accepted: a hash of the engine's whole state."""
        return hashlib.sha256(self.state.to_json().encode()).hexdigest()[:16]

    # -- internals -----------------------------------------------------------
    def _snapshot(self) -> bytes:
        return pickle.dumps(self.state, protocol=pickle.HIGHEST_PROTOCOL)

    def _restore(self, blob: bytes | None) -> None:
        # None: the game's own start, laid again from its seed (Game._new_start)
        if blob is None:
            self.state = self._new_start()[0]
        else:
            self.state = pickle.loads(blob)  # noqa: S301 - our own in-memory snapshot
        self.ctx.state = self.state
        self._settle()

    def _rewind(self, i: int) -> None:
        """Rebuild the state after record i from the nearest snapshot."""
        j = max((k for k in self._snaps if k <= i), default=None)
        if j is None:
            raise TablekitError("this game was made to search from a position (Game.over_state): "
                                "it keeps no way back to its start")
        self._restore(self._snaps[j])
        for rec in self.history[j:i]:
            self._replay_one(rec)

    def _commit(self, rec: StepRecord) -> None:
        if self._future:
            self.forget_redo()
        self.history.append(rec)
        if self.watched:  # the fast path keeps no snapshots: time travel replays from the start
            self._maybe_snapshot()

    def _maybe_snapshot(self) -> None:
        n = len(self.history)
        if n % SNAPSHOT_EVERY == 0 and n not in self._snaps:
            self._snaps[n] = self._snapshot()

    def _replay_one(self, rec: StepRecord) -> None:
        if rec.kind == "choice":
            self._do_choice(rec.choice)
        else:
            self._do_step()


# -- loading a save -------------------------------------------------------------------

MAX_SAVE_BYTES = 10 * 1024 * 1024  # a save over 10 MB is refused before it is parsed
MAX_DEPTH = 100  # JSON nesting a save may have (real saves stay under 15)
RNG_LIMIT = 1 << 64  # the RNG state is a 64-bit integer
SAVE_KEYS = frozenset({"format_version", "game", "players", "seed", "variant", "options", "records",
                       "position", "base", "digest"})
BASE_KEYS = frozenset({"game", "variant", "options", "seed", "players", "zones", "zone_info", "cards",
                       "turn", "cursor", "rng", "extra", "triggers", "trigger_next", "over", "result",
                       "lasting", "delayed"})
BASE_REQUIRED = ("game", "seed", "players", "zones", "zone_info", "cards", "rng")
RECORD_KINDS = ("step", "choice")
STAGES = ("new", "ask", "wait")


def _short(value: Any, limit: int = 60) -> str:
    """repr(value) on one line, cut to `limit` characters."""
    text = " ".join(repr(value).split())
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _one_line(text: str, limit: int = 300) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict:
    out: dict = {}
    for key, value in pairs:
        if key in out:
            raise SaveFormatError(f"the save repeats the key {_short(key)} in one JSON object")
        out[key] = value
    return out


def _no_constant(name: str) -> Any:
    raise SaveFormatError(f"a save is strict JSON: {name} is not a number it may hold")


def _parse(text: Any) -> Any:
    """The JSON of a save: size, strictness, duplicate keys and nesting checked."""
    if isinstance(text, (bytes, bytearray)):
        size = len(text)
    elif isinstance(text, str):
        size = len(text) if len(text) > MAX_SAVE_BYTES else len(text.encode("utf-8", "surrogatepass"))
    else:
        raise SaveFormatError(f"a save is JSON text, not {type(text).__name__}")
    if size > MAX_SAVE_BYTES:
        raise SaveFormatError(f"the save is {size:,} bytes; a save may be at most "
                              f"{MAX_SAVE_BYTES // (1024 * 1024)} MB")
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except RecursionError:
        raise SaveFormatError(f"the save is nested too deeply (a save nests at most {MAX_DEPTH} "
                              "levels)") from None
    except (TypeError, ValueError) as exc:  # JSONDecodeError and UnicodeDecodeError are ValueErrors
        raise SaveFormatError(f"a save is JSON text; this is not ({_one_line(exc, 120)})") from None
    todo = [(data, 1)]
    while todo:
        value, depth = todo.pop()
        if depth > MAX_DEPTH:
            raise SaveFormatError(f"the save is nested too deeply (a save nests at most {MAX_DEPTH} "
                                  "levels)")
        if isinstance(value, dict):
            todo.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            todo.extend((v, depth + 1) for v in value)
    return data


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _named(value: Any, known: Any) -> bool:
    """Whether a save's value is a name (a string) among `known`'s keys: a list or
    an object there is no name, and is never looked up (it cannot be hashed)."""
    return isinstance(value, str) and value in known


def _check_records(recs: Any) -> list[dict]:
    if not isinstance(recs, list):
        raise SaveFormatError(f"the save's records must be a list, not {_short(recs)}")
    for i, r in enumerate(recs):
        where = f"the save's record {i}"
        if not isinstance(r, dict):
            raise SaveFormatError(f"{where} must be an object, not {_short(r)}")
        kind = r.get("kind")
        if kind not in RECORD_KINDS:
            raise SaveFormatError(f"{where} has kind {_short(kind)}; a record's kind is "
                                  "'step' or 'choice'")
        allowed = {"kind", "choice"} if kind == "choice" else {"kind"}
        extra = sorted(set(r) - allowed, key=str)
        if extra:
            raise SaveFormatError(f"{where} ({kind}) has an unknown field {_short(extra[0])}")
        if kind == "choice":
            choice = r.get("choice")
            if not isinstance(choice, list) or not all(isinstance(c, str) for c in choice):
                raise SaveFormatError(f"{where}: a choice is a list of option ids (strings), "
                                      f"not {_short(choice)}")
    return recs


class _Base:
    """Checks a save's `base` state against a fresh game of the same set-up."""

    def __init__(self, base: Any, game: Game, seed: int):
        self.base, self.game, self.seed = base, game, seed
        self.players = set(game.players)

    def fail(self, what: str) -> None:
        raise SaveFormatError(f"the save's base state {what}")

    def player(self, value: Any, what: str, none: bool = True) -> None:
        if value is None and none:
            return
        if not isinstance(value, str) or value not in self.players:
            self.fail(f"names {_short(value)} as {what}, who is not a player of the save")

    def check(self) -> None:
        b, g = self.base, self.game
        fresh = g.state
        if not isinstance(b, dict):
            self.fail(f"must be an object, not {_short(b)}")
        unknown = sorted(set(b) - BASE_KEYS, key=str)
        if unknown:
            self.fail(f"has an unknown field {_short(unknown[0])}")
        for key in BASE_REQUIRED:
            if key not in b:
                self.fail(f"is missing its field {key!r}")
        if b["game"] != g.id:
            self.fail(f"is of the game {_short(b['game'])}, not of the save's game {g.id!r}")
        if not _is_int(b["seed"]) or b["seed"] != self.seed:
            self.fail(f"has the seed {_short(b['seed'])}, not the save's seed {self.seed}")
        if b.get("variant") != fresh.variant:
            self.fail(f"has the variant {_short(b.get('variant'))}, not the save's {fresh.variant!r}")
        if (b.get("options") or {}) != fresh.options:
            self.fail("has other options than the save")
        self.check_players(b["players"])
        self.check_zones(b["zones"], b["zone_info"], b["cards"])
        self.player(b.get("turn"), "the turn player")
        rng = b["rng"]
        if not _is_int(rng) or not 0 <= rng < RNG_LIMIT:
            self.fail(f"has the RNG state {_short(rng)}; it is a whole number from 0 to 2**64 - 1")
        extra = b.get("extra") or {}
        if not isinstance(extra, dict):
            self.fail(f"has extra {_short(extra)}; it must be an object")
        # what a scenario may set is checked as a scenario's setup is (Creatures' `final`
        # of 20,000 nulls is refused here, not by a replay that goes round and round)
        gamedef = g.gamedef
        settable = gamedef.settable_extra_keys()
        # (a value a fresh game of the save has, such as a turn order not yet drawn, is fine)
        for key in [k for k in extra if k in settable and extra[k] != fresh.extra.get(k)]:
            why = gamedef.extra_problem(key, extra[key], g.players)
            if why:
                self.fail(f"has the extra state {why}")
        for scope in ("turn", "round", "phase"):
            this, used = extra.get(f"_this_{scope}"), extra.get(f"_used_{scope}")
            if this is not None and not isinstance(this, dict):
                self.fail(f"has this {scope}'s data {_short(this)}; it must be an object")
            if used is not None and not (isinstance(used, list) and all(isinstance(u, str) for u in used)):
                self.fail(f"has this {scope}'s uses {_short(used)}; they are a list of text")
        for key in ("triggers", "lasting", "delayed", "cursor"):
            if not isinstance(b.get(key) or [], list):
                self.fail(f"has {key} {_short(b[key])}; it must be a list")
        self.check_cursor(b.get("cursor") or [])
        self.check_triggers(b.get("triggers") or [], b.get("trigger_next"))
        for key in ("lasting", "delayed"):
            for e in b.get(key) or []:
                if not isinstance(e, dict):
                    self.fail(f"has a {key} entry {_short(e)}; each is an object")
                self.check_held(key, e)
        self.check_card_states(b["cards"])
        self.check_end(b.get("over", False), b.get("result"), b.get("cursor") or [])

    def check_held(self, key: str, e: dict) -> None:
        """A lasting effect or a delayed trigger has what the core reads of it: its id, its
        words, when it ends, and its kind's parts (a delayed trigger: a known effect)."""
        if not _is_int(e.get("id")) or e["id"] < 1:
            self.fail(f"has a {key} entry without a whole-number id ({_short(e.get('id'))})")
        if not isinstance(e.get("text"), str) or not isinstance(e.get("ends"), dict):
            self.fail(f"has the {key} entry {e['id']} without its words (text) or its end (ends)")
        if key == "lasting":
            if e.get("kind") not in LASTING_KINDS:
                self.fail(f"has the lasting effect {e['id']} of kind {_short(e.get('kind'))}; kinds are "
                          f"{', '.join(LASTING_KINDS)}")
            need = {"modifier": ("stat", "add"), "restriction": ("what",), "replacement": ("on", "effect"),
                    "reveal": ("cards", "to")}[e["kind"]]
            missing = [k for k in need if k not in e]
            if missing:
                self.fail(f"has the lasting {e['kind']} {e['id']} without {', '.join(missing)}")
        elif not isinstance(e.get("effect"), str) or e["effect"] not in self.game.gamedef.effects:
            self.fail(f"has the delayed trigger {e['id']} with the unknown effect {_short(e.get('effect'))}")

    def check_card_states(self, cards: dict) -> None:
        """Each card's state as the scenario format takes it (core/cardstate.py)."""
        g = self.game
        for uid, cs in cards.items():
            for k, v in cs.items():
                if k == "card":
                    continue
                why = card_state_problem(g.gamedef, g.state, g.defs, uid, k, v)
                if why and "unknown state key" not in why:  # the engine's own keys are not settable ones
                    self.fail(f"has {why}")

    def check_players(self, players: Any) -> None:
        if not isinstance(players, list) or not all(isinstance(p, dict) for p in players):
            self.fail(f"has players {_short(players)}; they are a list of objects")
        names = [p.get("name") for p in players]
        if names != self.game.players:
            self.fail(f"has the players {_short(names)}, not the save's players "
                      f"{', '.join(self.game.players)}")
        counters = self.game.gamedef.counters
        for p in players:
            for key, value in p.items():
                why = counter_problem(counters, "player", key, value) if key != "name" else None
                if why:
                    self.fail(f"has {p['name']}'s {why}")

    def check_zones(self, zones: Any, info: Any, cards: Any) -> None:
        fresh = self.game.state
        if not isinstance(zones, dict):
            self.fail(f"has zones {_short(zones)}; they are an object")
        if set(zones) != set(fresh.zones):
            odd = sorted(set(zones) ^ set(fresh.zones), key=str)
            self.fail(f"has other zones than the game ({_short(odd[0])} is "
                      f"{'unknown' if odd[0] in zones else 'missing'})")
        if not isinstance(info, dict) or set(info) != set(zones):
            self.fail("has zone_info that does not describe exactly its zones")
        for z, zi in info.items():
            if not isinstance(zi, dict) or set(zi) != {"owner", "visibility", "label", "kind"}:
                self.fail(f"describes the zone {z!r} with {_short(zi)}, not an object of its owner, "
                          "visibility, label and kind")
            if zi.get("visibility") not in VISIBILITIES:
                self.fail(f"gives the zone {z!r} the visibility {_short(zi.get('visibility'))}; "
                          f"visibilities are {', '.join(VISIBILITIES)}")
            self.player(zi.get("owner"), f"the owner of the zone {z!r}")
            for key in ("label", "kind"):
                if not isinstance(zi.get(key), str):
                    self.fail(f"gives the zone {z!r} the {key} {_short(zi.get(key))}, not text")
        if not isinstance(cards, dict):
            self.fail(f"has cards {_short(cards)}; they are an object")
        for uid, cs in cards.items():
            if uid not in fresh.cards:
                self.fail(f"has a card {_short(uid)} that is not in this game")
            if not isinstance(cs, dict) or cs.get("card") != fresh.cards[uid]["card"]:
                self.fail(f"gives the card {uid!r} the state {_short(cs)}; its 'card' must be "
                          f"{fresh.cards[uid]['card']!r}")
        missing = sorted(set(fresh.cards) - set(cards))
        if missing:
            self.fail(f"has no state for the card {missing[0]!r}")
        where: dict[str, str] = {}
        for z, uids in zones.items():
            if not isinstance(uids, list):
                self.fail(f"has the zone {z!r} holding {_short(uids)}, not a list of cards")
            for uid in uids:
                if not isinstance(uid, str) or uid not in cards:
                    self.fail(f"has {_short(uid)} in the zone {z!r}, which is not a card of this game")
                if uid in where:
                    self.fail(f"has the card {uid!r} in two places ({where[uid]!r} and {z!r})")
                where[uid] = z
        lost = sorted(set(cards) - set(where))
        if lost:
            self.fail(f"has the card {lost[0]!r} in no zone")

    def check_cursor(self, cursor: list) -> None:
        nodes = self.game.nodes
        cards, defs = self.game.state.cards, self.game.defs
        effects = self.game.gamedef.effects
        parent = None
        for i, f in enumerate(cursor):
            where = f"cursor frame {i}"
            if not isinstance(f, dict):
                self.fail(f"has a {where} {_short(f)}, not an object")
            if "p" in f:
                self.player(f["p"], f"the player of {where}")
            if "n" in f:
                n = f["n"]
                if parent is False:
                    self.fail(f"has a flow frame ({where}) above the resolution stack")
                if not _is_int(n) or not 0 <= n < len(nodes):
                    self.fail(f"has a {where} at node {_short(n)}; nodes go from 0 to {len(nodes) - 1}")
                node = nodes[n]
                if (parent is None and n != 0) or (parent is not None and node not in parent.children):
                    self.fail(f"has {where} at {' › '.join(node.path)!r}, which is not inside the frame "
                              "below it")
                parent = node
                for key in ("i", "k", "passes"):
                    if key in f and (not _is_int(f[key]) or not 0 <= f[key] <= 1_000_000):
                        self.fail(f"has {where} with {key} = {_short(f[key])}")
                if "o" in f:
                    if not isinstance(f["o"], list):
                        self.fail(f"has {where} with the order {_short(f['o'])}, not a list")
                    for p in f["o"]:
                        self.player(p, f"a player of {where}", none=False)
                    if "i" in f and f["i"] > len(f["o"]):
                        self.fail(f"has {where} at seat {f['i']} of {len(f['o'])}")
                continue
            if parent is None:
                self.fail(f"has {where} before any flow frame")
            parent = False
            if "fx" in f:
                if not _named(f["fx"], effects):
                    self.fail(f"has {where} of an unknown effect {_short(f['fx'])}")
                eff = effects[f["fx"]]
                if f.get("st") not in STAGES:
                    self.fail(f"has {where} at stage {_short(f.get('st'))}; stages are {', '.join(STAGES)}")
                if not isinstance(f.get("data"), dict):
                    self.fail(f"has {where} whose data is {_short(f.get('data'))}, not an object")
                for key in ("args", "ev", "ask"):
                    if f.get(key) is not None and not isinstance(f[key], dict):
                        self.fail(f"has {where} whose {key} is {_short(f[key])}, not an object")
                if f.get("st") == "ask" and f.get("ask") is None and not f.get("asker"):
                    self.fail(f"has {where} asking without a decision")
                for key in ("then", "asker", "val"):
                    name = f.get(key)
                    if name is None or (key == "then" and name == "__paid__"):
                        continue
                    if (not isinstance(name, str) or not name.isidentifier() or name.startswith("_")
                            or not callable(getattr(eff, name, None))):
                        self.fail(f"has {where} whose {key} {_short(name)} is not a stage of "
                                  f"the effect {f['fx']!r}")
                src, card, ab = f.get("src"), f.get("card"), f.get("ab")
                if src is not None and not _named(src, cards):
                    self.fail(f"has {where} from an unknown card {_short(src)}")
                if card is not None and not _named(card, defs):
                    self.fail(f"has {where} of an unknown card definition {_short(card)}")
                if ab is not None and (card is None or not _is_int(ab)
                                       or not 0 <= ab < len(defs[card].abilities)):
                    self.fail(f"has {where} with no ability {_short(ab)} on its card")
                self.player(f.get("ctl"), f"the controller of {where}")
                if not isinstance(f.get("label"), str):
                    self.fail(f"has {where} without a label")
            elif "do" in f:
                if not isinstance(f["do"], dict) or not isinstance(f["do"].get("type"), str):
                    self.fail(f"has {where} with the event {_short(f['do'])}")
            elif "rw" in f:
                if not isinstance(f["rw"], str) or not isinstance(f.get("o"), list):
                    self.fail(f"has {where}, a response window without its name or its players")
                for p in f["o"]:
                    self.player(p, f"a player of {where}", none=False)
            else:
                self.fail(f"has a {where} of no known kind ({_short(f)})")

    def check_triggers(self, triggers: list, nxt: Any) -> None:
        cards, defs, effects = self.game.state.cards, self.game.defs, self.game.gamedef.effects
        for i, t in enumerate(triggers):
            where = f"waiting trigger {i}"
            if not isinstance(t, dict):
                self.fail(f"has a {where} {_short(t)}, not an object")
            self.player(t.get("controller"), f"the controller of {where}")
            if t.get("event") is not None and not isinstance(t["event"], dict):
                self.fail(f"has a {where} whose event is {_short(t['event'])}")
            if t.get("effect") is not None:
                if not _named(t["effect"], effects) or not isinstance(t.get("event"), dict):
                    self.fail(f"has a delayed {where} of an unknown effect {_short(t['effect'])}")
                continue
            src = t.get("source")
            card = t.get("card") or (cards[src]["card"] if isinstance(src, str) and src in cards else None)
            if not _named(card, defs):
                self.fail(f"has a {where} from an unknown card {_short(t.get('card') or src)}")
            ab = t.get("ability")
            if not _is_int(ab) or not 0 <= ab < len(defs[card].abilities):
                self.fail(f"has a {where} with no ability {_short(ab)} on its card")
        if nxt is not None and (not _is_int(nxt) or not 0 <= nxt < len(triggers)):
            self.fail(f"has trigger_next {_short(nxt)}, but {len(triggers)} triggers wait")

    def check_end(self, over: Any, result: Any, cursor: list) -> None:
        if not isinstance(over, bool):
            self.fail(f"has over = {_short(over)}; it is true or false")
        if over != (result is not None):
            self.fail("says the game is over without a result" if over
                      else "has a result although the game is not over")
        if result is None:
            return
        if not isinstance(result, dict) or set(result) - {"winners", "scores", "text", "ending"}:
            self.fail(f"has the result {_short(result)}; it holds winners, scores, text, ending")
        winners, scores = result.get("winners"), result.get("scores", {})
        if not isinstance(winners, list):
            self.fail(f"has the winners {_short(winners)}, not a list of players")
        for w in winners:
            self.player(w, "a winner", none=False)
        if not isinstance(scores, dict):
            self.fail(f"has the scores {_short(scores)}, not an object")
        for p, v in scores.items():
            self.player(p, "a scorer", none=False)
            if isinstance(v, bool) or not isinstance(v, (int, float)):
                self.fail(f"gives {p} the score {_short(v)}, not a number")
        for key in ("text", "ending"):
            if not isinstance(result.get(key, ""), str):
                self.fail(f"has a result whose {key} is {_short(result[key])}, not text")
        if cursor:
            self.fail("has a game that is over with its cursor still in the rules")


def load_game(text: str, registry: Mapping[str, GameDef]) -> Game:
    """A game from a save (see `Timeline.save`). Every way a save can be wrong
    raises one SaveFormatError with a one-line message."""
    try:
        return _load(text, registry)
    except SaveFormatError as exc:
        raise SaveFormatError(_one_line(exc)) from None


def _load(text: Any, registry: Mapping[str, GameDef]) -> Game:
    data = _parse(text)
    if not isinstance(data, dict):
        raise SaveFormatError(f"a save is a JSON object, not {_short(data)}")
    version = data.get("format_version")
    if _is_int(version) and version == 1:
        raise SaveFormatError("this save has format_version 1, from before the resolution stack; "
                              f"this tablekit reads format_version {SAVE_FORMAT_VERSION} only. "
                              "Replay the game, or rebuild the position as a scenario file")
    if not _is_int(version) or version not in (ENGINE_BASE_VERSION, SAVE_FORMAT_VERSION):
        raise SaveFormatError(f"this save has format_version {_short(version)}; this tablekit reads "
                              f"format_version {ENGINE_BASE_VERSION} and {SAVE_FORMAT_VERSION} (whole numbers)")
    if data.get("for_seat") is not None:
        seat = data["for_seat"]
        seat = _one_line(seat, 40) if isinstance(seat, str) else _short(seat)
        raise SaveFormatError(f"this save was made for {seat}'s eyes: it withholds "
                              "the other seats' hidden picks, so it can be read but not replayed; "
                              "load the full save")
    gid = data.get("game")
    if not isinstance(gid, str) or gid not in registry:
        raise SaveFormatError(f"the save is of an unknown game {_short(gid)}; the games are "
                              f"{', '.join(registry)}")
    unknown = sorted(set(data) - SAVE_KEYS, key=str)
    if unknown:
        raise SaveFormatError(f"the save has an unknown field {_short(unknown[0])}")
    for key in ("players", "seed", "records", "position"):
        if key not in data:
            raise SaveFormatError(f"the save is missing its field {key!r}")
    gamedef = registry[gid]
    players, seed = data["players"], data["seed"]
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise SaveFormatError(f"the save's players must be a list of names, not {_short(players)}")
    if not _is_int(seed):
        raise SaveFormatError(f"the save's seed must be a whole number, not {_short(seed)}")
    variant, options = data.get("variant"), data.get("options")
    if variant is not None and not isinstance(variant, str):
        raise SaveFormatError(f"the save's variant must be a name or null, not {_short(variant)}")
    if options is not None and not isinstance(options, dict):
        raise SaveFormatError(f"the save's options must be an object, not {_short(options)}")
    recs = _check_records(data["records"])
    position = data["position"]
    if not _is_int(position) or not 0 <= position <= len(recs):
        raise SaveFormatError(f"the save's position {_short(position)} is not a record number "
                              f"from 0 to {len(recs)}")
    digest = data.get("digest")
    if digest is not None and not isinstance(digest, str):
        raise SaveFormatError(f"the save's digest must be text, not {_short(digest)}")
    try:
        game = gamedef.make_game(players, seed, variant, options)
    except TablekitError as exc:
        raise SaveFormatError(f"the save cannot set up its game: {exc}") from None
    base = data.get("base")
    if base is not None and version == SAVE_FORMAT_VERSION:
        game = _public_start(gamedef, players, seed, variant, options, base)
    elif base is not None:
        _Base(base, game, seed).check()
        try:
            game.state = State.from_dict(base)
            game.ctx.state = game.state
            game.ctx.reindex()
            game.rebase()
        except TablekitError as exc:
            raise SaveFormatError(f"the save's base state cannot be played: {exc}") from None
        except Exception as exc:  # noqa: BLE001 - a stranger's state the checks above let through
            raise SaveFormatError(f"the save's base state holds data the rules cannot use "
                                  f"({type(exc).__name__}: {_one_line(exc, 80)})") from None
    try:
        for r in recs:
            if r["kind"] == "choice":
                game.choose(*r["choice"])
            else:
                game.step()
        game.goto(position)
    except TablekitError as exc:
        raise SaveFormatError(f"replaying the save failed at record {len(game.history)}: {exc}") from None
    except Exception as exc:  # noqa: BLE001 - a stranger's base state the checks let through
        if base is None:  # from the game's own start, this is a bug of the rules: let it show
            raise
        raise SaveFormatError(f"replaying the save failed at record {len(game.history)}: the save's "
                              f"base state holds data the rules cannot use ({type(exc).__name__}: "
                              f"{_one_line(exc, 80)})") from None
    if digest and digest not in (game._digest(), game._engine_digest()):
        raise SaveFormatError("replaying the save does not give the saved position "
                              "(the rules changed since it was saved, or the save was edited)")
    if base is not None:
        why = trial_problem(game)
        if why:
            raise SaveFormatError(f"the save's base state holds data the rules cannot use: {why}")
    return game


# -- a hand-built start in public fields (save format 3) ----------------------------------

PUBLIC_BASE_KEYS = frozenset({"position", "rng"})


def public_base(gamedef: GameDef, players: list[str], base: dict) -> dict | None:
    """A hand-built start (the engine's state `base`) in the scenario format's public
    fields: {"position": {setup, start}, "rng": its RNG state}; None when building it
    again from them would not give exactly the same state."""
    probe = gamedef.make_game(players, base["seed"], base.get("variant"), base.get("options"))
    probe.state = State.from_dict(json.loads(json.dumps(base)))
    probe.ctx.state = probe.state
    probe.ctx.reindex()
    data = json.loads(json.dumps(position_data(probe)))
    out = {"position": {k: data[k] for k in ("setup", "start") if k in data}, "rng": base["rng"]}
    try:
        again = _public_start(gamedef, players, base["seed"], base.get("variant"), base.get("options"), out)
    except SaveFormatError:
        return None
    same = again._base is not None and \
        State.from_dict(again._base).to_json() == State.from_dict(base).to_json()
    return out if same else None


def _public_start(gamedef: GameDef, players: Any, seed: int, variant: Any, options: Any, base: Any) -> Game:
    """The game at a format 3 save's starting position, built as a scenario's is (schema,
    checks, a trial of 50 rules), with the RNG's state; a problem is a SaveFormatError."""
    where = "the save's starting position"
    if not isinstance(base, dict) or set(base) != PUBLIC_BASE_KEYS or not isinstance(base["position"], dict):
        raise SaveFormatError(f"{where} is an object with position (a scenario's setup and start) and rng, "
                              f"not {_short(base)}")
    rng = base["rng"]
    if not _is_int(rng) or not 0 <= rng < RNG_LIMIT:
        raise SaveFormatError(f"{where} has the RNG state {_short(rng)}; it is a whole number from 0 to 2**64 - 1")
    unknown = sorted(set(base["position"]) - {"setup", "start"}, key=str)
    if unknown:
        raise SaveFormatError(f"{where} has an unknown field {_short(unknown[0])}")
    data = {"format_version": SCENARIO_FORMAT_VERSION, "game": gamedef.id, "players": players, "seed": seed,
            **({"variant": variant} if variant else {}), **({"options": options} if options else {}),
            **base["position"]}
    try:
        game = build(parse(json.dumps(data), where), where)
    except ScenarioError as exc:
        raise SaveFormatError(_one_line(exc)) from None
    game.state.rng = rng
    if game._base is not None:  # the start as it was built (before the flow settled), with its RNG
        game._base["rng"] = rng
    return game


def migrate_save(text: str, registry: Mapping[str, GameDef]) -> tuple[str, list[str]]:
    """A save brought to the current format (`tablekit migrate`): the new text and what
    changed in words, or the same text and [] when there is nothing to change. The save
    is loaded (every check of `load_game`; a problem is a SaveFormatError) and written
    again, and the new text must load at the same position with the same history."""
    game = load_game(text, registry)
    old = _parse(text)
    new_text = game.save()
    new = json.loads(new_text)
    changes = []
    if old.get("format_version") != new["format_version"]:
        changes.append(f"format_version {old.get('format_version')} → {new['format_version']}")
    if old.get("base") != new["base"]:
        if new["format_version"] == SAVE_FORMAT_VERSION:
            changes.append("the starting position is written in the scenario format's public fields")
        else:
            changes.append("the starting position is rewritten as the engine's state "
                           "(the public fields cannot say a start part-way through a resolution)")
    if old.get("digest") != new["digest"]:
        changes.append("the digest is taken over the public position (an inner change of the engine "
                       "no longer makes the save say the rules changed)")
    if not changes:
        return text, []
    again = load_game(new_text, registry)
    if again.state.to_json() != game.state.to_json() or json.loads(again.save()) != new:
        raise SaveFormatError("the migrated save does not load at the same position: it is left unchanged")
    return new_text + "\n", changes
