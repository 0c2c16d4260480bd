"""The engine: one game in progress, stepped one rule at a time.

The cursor is a stack of frames inside the state; `_settle` moves it through
the inner nodes of the flow until a rule is ready to apply, a decision is
open, or the game is over. A step applies exactly one rule and appends one
record; a choice answers the open decision and appends one record too.

Time travel keeps a pickled snapshot of the state every SNAPSHOT_EVERY
records and replays the recorded steps and choices from the nearest one.
"""

from __future__ import annotations

import hashlib
import json
import pickle
import random
import secrets
from typing import Any, Iterable, Mapping

from . import bots as _bots
from .context import AbilityUse, Ctx
from .decision import Decision, Option
from .errors import GameOver, IllegalChoice, NeedsDecision, SaveFormatError, SetupError, TablekitError
from .flow import POP, PUSH, READY, ActionWindow, Ask, Node, Say, Step
from .gamedef import GameDef, Result
from .records import StepRecord
from .state import State

SAVE_FORMAT_VERSION = 1
SNAPSHOT_EVERY = 32
UNTIL = ("decision", "phase", "round", "end")


class Game:
    """A game in progress. Create it with `tablekit.new_game`."""

    def __init__(self, gamedef: GameDef, players: list[str], seed: int,
                 variant: str | None, options: dict[str, Any]):
        self.gamedef = gamedef
        self.defs = gamedef.cards
        self.nodes = gamedef.nodes
        self._labels = [None if not n.static_label else (n.name if n.show else "") for n in self.nodes]
        self.state = State(gamedef.id, players, seed, variant, options)
        self.ctx = Ctx(gamedef, self.defs, self.state)
        gamedef.create_table(self.ctx)
        self.ctx.reindex()
        self.state.cursor = [{"n": self.nodes[0].id}]
        self.history: list[StepRecord] = []
        self._future: list[StepRecord] = []  # undone records, the next to redo last
        self._pending: Decision | None = None
        self._open: tuple[Node, dict] | None = None
        self._base: dict | None = None  # a hand-built start (see start_at), for saves
        self._settle()
        self._snaps: dict[int, bytes] = {0: self._snapshot()}

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
    def cursor(self) -> tuple[str, ...]:
        """The static path of the node the game is at now (empty once over)."""
        if not self.state.cursor:
            return ()
        return self.nodes[self.state.cursor[-1]["n"]].path

    @property
    def path(self) -> tuple[str, ...]:
        """Where the game is now, in words ("Round 2", "Bo's turn", "Attack")."""
        return self._path_words()

    @property
    def pending(self) -> Decision | None:
        """The open decision, or None. Built on first look (decisions are lazy)."""
        if self._pending is None and self._open is not None:
            node, frame = self._open
            self._pending = self._decision_at(node, frame)
            if self._pending is None:
                raise TablekitError(f"internal: {node.name!r} said a decision arises, "
                                    "but its ask() gave none")
        return self._pending

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
        out["extra"] = self.gamedef.redact_extra(out["extra"], player)
        return out

    # -- stepping ------------------------------------------------------------
    def step(self) -> StepRecord:
        """Apply exactly one rule and return its record."""
        if self.state.over:
            raise GameOver(self._over_text())
        if self._open is not None or self._pending is not None:
            raise NeedsDecision(self.pending)
        rec = self._do_step()
        self._commit(rec)
        return rec

    def choose(self, *option_ids: str) -> StepRecord:
        """Answer the open decision. An illegal answer raises IllegalChoice
        with the reason and changes nothing."""
        if self.state.over:
            raise GameOver(self._over_text())
        d = self.pending
        if d is None:
            raise IllegalChoice("no decision is open: call step() to apply the next rule")
        if len(option_ids) == 1 and isinstance(option_ids[0], (list, tuple)):
            option_ids = tuple(option_ids[0])
        for oid in option_ids:
            if not isinstance(oid, str):
                raise IllegalChoice(f"option ids are strings, not {oid!r}")
        d.check(option_ids)
        try:
            rec = self._do_choice(tuple(option_ids))
        except Exception:
            self._rewind(len(self.history))  # a failing rule must leave nothing changed
            raise
        self._commit(rec)
        return rec

    def run(self, until: str = "end", bots: str | Mapping[str, str] | None = None,
            max_records: int = 1_000_000) -> list[StepRecord]:
        """Step (and let bots choose) until the game ends, or until the phase or
        round ends (`until="phase"` / `"round"`), or until the next decision
        (`until="decision"`). Stops early at a decision no bot answers."""
        if until not in UNTIL:
            raise TablekitError(f"until must be one of {', '.join(UNTIL)}, not {until!r}")
        seats = _bots.seat_kinds(bots, self.players)
        out: list[StepRecord] = []
        level = until if until in ("phase", "round") else None
        start_key = self._level_key(level) if level else None
        while not self.state.over and len(out) < max_records:
            d = self.pending
            if d is not None:
                kind = seats.get(d.player)
                if until == "decision" or kind is None:
                    break
                rnd = random.Random(self.state.seed * 1_000_003 + len(self.history))
                ids = _bots.answer(kind, self.gamedef, self.ctx, d, rnd)
                out.append(self.choose(*ids))
            else:
                out.append(self.step())
            if level and self._level_key(level) != start_key:
                break
        return out

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
        if not isinstance(i, int) or i < 0 or i > n + len(self._future):
            raise TablekitError(f"goto({i!r}): the records go from 0 to {n + len(self._future)}")
        if i >= n:
            for _ in range(i - n):
                self.redo()
            return
        undone = self.history[i:]
        self._future.extend(reversed(undone))
        del self.history[i:]
        self._rewind(i)

    # -- positions built by hand ---------------------------------------------
    def start_at(self, path: Iterable[str], turn: str | None = None) -> None:
        """Put the cursor at the node with this static path (names from the
        root's children down, as in `g.flow`), with `turn` as the player whose
        turn it is, and make the current state the new start of the history.
        Cards and counters are set on `g.state` beforehand. Rules that come
        before that node in its parents do not run; those after it do."""
        from .flow import Branch, ForEachPlayer, Loop
        from .flow import Sequence as Seq

        names = list(path)
        if names and names[0] == self.flow.name:
            names = names[1:]
        try:
            target = self.flow.find(names)
        except KeyError as exc:
            raise TablekitError(f"start_at: {exc.args[0]}") from None
        if turn is not None and turn not in self.players:
            raise TablekitError(f"start_at: no player named {turn!r}")
        chain = [self.flow]
        for name in names:
            chain.append(next(c for c in chain[-1].children if c.name == name))
        frames: list[dict] = []
        self.state.cursor = frames
        self.state.triggers.clear()
        self.state.trigger_next = None
        self.state.over = False
        self.state.result = None
        for parent, child in zip(chain, chain[1:]):
            frame: dict = {"n": parent.id}
            if isinstance(parent, Seq):
                frame["i"] = parent.children.index(child) + 1
            elif isinstance(parent, Loop):
                frame["k"] = 1
            elif isinstance(parent, Branch):
                frame["i"] = 1
            elif isinstance(parent, ForEachPlayer):
                order = list(parent.order(self.ctx)) if parent.order else self.players
                who = turn or (self.state.turn if self.state.turn in order else order[0])
                if who not in order:
                    raise TablekitError(f"start_at: {who!r} does not take a turn here")
                frame.update({"o": order, "i": order.index(who) + 1, "p": who})
                if parent.sets_turn:
                    self.state.turn = who
            else:
                raise TablekitError(f"start_at: cannot start inside {parent.kind} {parent.name!r}")
            frames.append(frame)
        frames.append({"n": target.id})
        who = None
        for frame in frames:  # every frame inside a for-each-player carries its player
            if "p" in frame:
                who = frame["p"]
            elif who is not None:
                frame["p"] = who
        if turn is not None:
            self.state.turn = turn
        self.ctx.reindex()
        self.rebase()
        self._settle()
        self._snaps = {0: self._snapshot()}

    def arrange(self, zones: Mapping[str, list[str]] | None = None,
                cards: Mapping[str, Mapping[str, Any]] | None = None,
                extra: Mapping[str, Any] | None = None, rest: str | None = None,
                at: Iterable[str] | None = None, turn: str | None = None) -> None:
        """Build a position by hand. Each zone named in `zones` holds exactly
        the cards listed, in that order (bottom first); the cards it held
        before that are not listed go to `rest` (default: the game's "box"
        zone). With `rest`, every card not listed anywhere goes there. `cards` sets card state (a value of
        None removes the key), `extra` sets keys of the game's extra state,
        and `at`/`turn` are passed to start_at()."""
        st = self.state
        zones = dict(zones or {})
        placed: set[str] = set()
        for z, uids in zones.items():
            if z not in st.zones:
                raise TablekitError(f"arrange: no zone {z!r}; zones are {', '.join(st.zones)}")
            for uid in uids:
                if uid not in st.cards:
                    raise TablekitError(f"arrange: no card {uid!r} in this game")
                if uid in placed:
                    raise TablekitError(f"arrange: card {uid!r} is placed twice")
                placed.add(uid)
        if rest is not None and rest not in st.zones:
            raise TablekitError(f"arrange: no zone {rest!r} for the other cards")
        evict_to = rest or ("box" if "box" in st.zones else None)
        for z in zones:
            for uid in list(st.zones[z]):
                if uid not in placed:
                    if evict_to is None:
                        raise TablekitError(f"arrange: {uid!r} must leave {z!r}: say where with rest=")
                    st.move(uid, evict_to)
        if rest is not None:
            for uid in list(st.cards):
                if uid not in placed and st.card_zone[uid] != rest:
                    st.move(uid, rest)
        for z, uids in zones.items():
            for uid in uids:
                st.move(uid, z)
        for uid, changes in dict(cards or {}).items():
            if uid not in st.cards:
                raise TablekitError(f"arrange: no card {uid!r} in this game")
            for key, value in changes.items():
                if key == "card":
                    raise TablekitError("arrange: a card's identity cannot be changed")
                if value is None:
                    st.cards[uid].pop(key, None)
                else:
                    st.cards[uid][key] = value
        for key, value in dict(extra or {}).items():
            st.extra[key] = value
        if at is not None:
            self.start_at(at, turn)
        else:
            if turn is not None:
                st.turn = turn
            self.rebase()

    def rebase(self) -> None:
        """Make the current state the start: forget the history and the redo list.
        A save of the game then carries this starting state."""
        self._base = self.state.to_dict()
        self.history.clear()
        self._future.clear()
        self._settle()
        self._snaps = {0: self._snapshot()}

    # -- saving ------------------------------------------------------------
    def save(self) -> str:
        """The game as JSON text; `tablekit.load` resumes it at the same record,
        with its undo and redo history."""
        recs = self.history + list(reversed(self._future))
        return json.dumps({
            "format_version": SAVE_FORMAT_VERSION,
            "game": self.id,
            "players": self.players,
            "seed": self.state.seed,
            "variant": self.state.variant,
            "options": self.state.options,
            "records": [{"kind": r.kind, "choice": list(r.choice)} if r.kind == "choice"
                        else {"kind": r.kind} for r in recs],
            "position": len(self.history),
            "base": self._base,
            "digest": self._digest(),
        }, indent=1)

    def _digest(self) -> str:
        return hashlib.sha256(self.state.to_json().encode()).hexdigest()[:16]

    # -- internals -----------------------------------------------------------
    def _snapshot(self) -> bytes:
        return pickle.dumps(self.state, protocol=pickle.HIGHEST_PROTOCOL)

    def _restore(self, blob: bytes) -> None:
        self.state = pickle.loads(blob)  # noqa: S301 - our own in-memory snapshot
        self.ctx.state = self.state
        self._settle()

    def _rewind(self, i: int) -> None:
        """Rebuild the state after record i from the nearest snapshot."""
        j = max(k for k in self._snaps if k <= i)
        self._restore(self._snaps[j])
        for rec in self.history[j:i]:
            self._replay_one(rec)

    def _commit(self, rec: StepRecord) -> None:
        if self._future:
            self.forget_redo()
        self.history.append(rec)
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

    def _settle(self) -> None:
        """Move the cursor through inner nodes until a rule is ready, a decision
        is open or the game is over."""
        st, ctx, nodes = self.state, self.ctx, self.nodes
        self._pending = None
        self._open = None
        while not st.over:
            if st.triggers:
                if st.trigger_next is None:
                    r = self.gamedef.order_triggers(ctx, st.triggers)
                    if isinstance(r, Decision):
                        self._pending = r
                    else:
                        st.trigger_next = r
                return
            if not st.cursor:
                res = self.gamedef.result(ctx)
                st.result = res.to_dict()
                st.over = True
                return
            frame = st.cursor[-1]
            node = nodes[frame["n"]]
            r = node.settle(ctx, frame)
            tag = r[0]
            if tag is PUSH:
                # a frame carries the player of the turn it belongs to (see Ctx.player)
                p = frame.get("p")
                st.cursor.append({"n": r[1].id} if p is None else {"n": r[1].id, "p": p})
            elif tag is POP:
                st.cursor.pop()
            elif tag is READY:
                return
            else:  # OPEN: the decision is built now if ask() already ran, else on first look
                self._open = (node, frame)
                self._pending = r[1] if len(r) > 1 else None
                return

    def _decision_at(self, node: Node, frame: dict) -> Decision:
        if isinstance(node, Ask):
            return node.ask(self.ctx)
        assert isinstance(node, ActionWindow)
        player = frame["o"][frame["i"]]
        options = list(node.actions(self.ctx, player)) + [Option("pass", "Pass")]
        return Decision(player, node.prompt, options, kind="window")

    def _path_words(self) -> tuple[str, ...]:
        # per node: its fixed label, "" for none, or None when it depends on the frame
        labels = self._labels
        nodes = self.nodes
        words = []
        for frame in self.state.cursor:
            n = frame["n"]
            label = labels[n]
            if label is None:
                label = nodes[n].label(frame)
            if label:
                words.append(label)
        return tuple(words)

    def _do_step(self) -> StepRecord:
        st, ctx = self.state, self.ctx
        ctx.events = []
        if st.triggers:
            trig = st.triggers.pop(st.trigger_next or 0)
            st.trigger_next = None
            d = self.defs[st.cards[trig["source"]]["card"]]
            ab = d.abilities[trig["ability"]]
            node = self.nodes[st.cursor[-1]["n"]] if st.cursor else self.nodes[0]
            path = self._path_words() + (f"{self.gamedef.card_name(d)} triggers",)
            say = ctx.run_effect(AbilityUse(trig["source"], trig["controller"], ab, trig["event"]))
            rec = self._record("step", node, path, say, player=trig["controller"],
                               rule=ab.text or f"card text of {d.name}")
            self._settle()  # the next trigger (in the game's order) or the next rule
            return rec
        frame = st.cursor[-1]
        node = self.nodes[frame["n"]]
        path = self._path_words()
        if isinstance(node, Step):
            say = node.apply(ctx)
            player = ctx.player
        elif isinstance(node, Ask):
            d = node.ask(ctx)
            oid = node.forced(d) if d is not None else None
            if oid is None:  # pragma: no cover - _settle guarantees it
                raise TablekitError(f"internal: {node.name} is not an automatic step")
            say = node.resolve(ctx, (oid,))
            player = d.player
            if isinstance(say, Say):
                say.text = f"{say.text} (the only legal choice)"
            else:
                say = f"{say} (the only legal choice)"
        else:  # pragma: no cover
            raise TablekitError(f"internal: cannot step at {node!r}")
        if st.cursor and st.cursor[-1] is frame:
            st.cursor.pop()
        rec = self._record("step", node, path, say, player=player)
        self._settle()
        return rec

    def _do_choice(self, ids: tuple[str, ...]) -> StepRecord:
        st, ctx = self.state, self.ctx
        ctx.events = []
        d = self.pending
        if d is None:  # replaying a save that does not fit the rules
            raise SaveFormatError("a recorded choice has no open decision to answer")
        if st.triggers:
            idx = int(ids[0].rsplit(":", 1)[1])
            st.trigger_next = idx
            path = self._path_words() + ("Order of triggered abilities",)
            node = self.nodes[st.cursor[-1]["n"]] if st.cursor else self.nodes[0]
            say: Any = f"{d.player} chooses to resolve {d.option(ids[0]).label} first."
            rec = self._record("choice", node, path, say, player=d.player, choice=ids)
            self._settle()
            return rec
        frame = st.cursor[-1]
        node = self.nodes[frame["n"]]
        path = self._path_words()
        if isinstance(node, Ask):
            say = node.resolve(ctx, ids)
            again = isinstance(say, Say) and say.again
            if st.cursor and st.cursor[-1] is frame and not again:
                st.cursor.pop()
        else:
            assert isinstance(node, ActionWindow)
            player = frame["o"][frame["i"]]
            if ids == ("pass",):
                frame["passes"] += 1
                say = f"{player} passes."
            else:
                say = node.resolve(ctx, player, ids)
                frame["passes"] = 0
            frame["i"] = (frame["i"] + 1) % len(frame["o"])
        rec = self._record("choice", node, path, say, player=d.player, choice=ids)
        self._settle()
        return rec

    def _record(self, kind: str, node: Node, path: tuple[str, ...], say: Any,
                player: str | None = None, choice: tuple[str, ...] = (),
                rule: str | None = None) -> StepRecord:
        if isinstance(say, Say):
            text, rule, public = say.text, say.rule or rule, say.public
        else:
            text, public = str(say), None
        if not text:
            raise TablekitError(f"internal: the rule {node.name!r} gave no explanation")
        return StepRecord(index=len(self.history), kind=kind, node=node.path, path=path,
                          rule=rule or node.rule, text=text, events=self.ctx.events,
                          player=player, choice=choice, public_text=public)

    def _level_key(self, level: str) -> tuple | None:
        key = None
        words: list[str] = []
        for frame in self.state.cursor:
            node = self.nodes[frame["n"]]
            label = node.label(frame)
            if label:
                words.append(label)
            if node.level == level:
                key = (tuple(words), frame.get("k"), frame.get("i"))
        return key

    def _over_text(self) -> str:
        res = self.result
        if res is None:
            return "the game is over"
        who = ", ".join(res.winners) or "nobody"
        return f"the game is over; winners: {who}"

    # -- display -------------------------------------------------------------
    def __repr__(self) -> str:
        where = " › ".join(self.path) or ("over" if self.is_over else "start")
        return (f"<Game {self.id} players={self.players} seed={self.state.seed} "
                f"records={len(self.history)} at {where}>")

    def _ipython_display_(self) -> None:  # pragma: no cover - needs a kernel
        try:
            from ..widgets import Sandbox
        except ImportError:
            from IPython.display import display
            display({"text/plain": repr(self)}, raw=True)
            return
        from IPython.display import display
        display(Sandbox(self))


# -- making and loading games ---------------------------------------------------

def _player_names(players: int | Iterable[str]) -> list[str]:
    if isinstance(players, bool) or not isinstance(players, (int, list, tuple)):
        raise SetupError(f"players must be a count or a list of names, not {players!r}")
    if isinstance(players, int):
        return [f"P{i}" for i in range(1, players + 1)]
    if isinstance(players, str):
        raise SetupError("players must be a count or a list of names, not one string")
    names = list(players)
    for n in names:
        if not isinstance(n, str) or not n.strip():
            raise SetupError(f"every player name must be non-empty text, not {n!r}")
        if n != n.strip() or "/" in n or ":" in n:
            raise SetupError(f"player name {n!r} may not contain '/' or ':' or outer spaces")
    dupes = sorted({n for n in names if names.count(n) > 1})
    if dupes:
        raise SetupError(f"player names must be unique; repeated: {', '.join(dupes)}")
    return names


def make_game(gamedef: GameDef, players: int | Iterable[str] = 2, seed: int | None = None,
              variant: str | None = None, options: Mapping[str, Any] | None = None) -> Game:
    names = _player_names(players)
    if variant is None:
        variant = gamedef.default_variant(len(names))
    elif variant not in gamedef.variants:
        known = ", ".join(gamedef.variants) or "none"
        raise SetupError(f"{gamedef.title} has no variant {variant!r}; variants: {known}")
    why = gamedef.check_players(len(names), variant)
    if why:
        raise SetupError(why)
    opts: dict[str, Any] = {k: spec.default for k, spec in gamedef.options.items()}
    for key, value in dict(options or {}).items():
        spec = gamedef.options.get(key)
        if spec is None:
            known = ", ".join(gamedef.options) or "none"
            raise SetupError(f"{gamedef.title} has no option {key!r}; options: {known}")
        if not isinstance(value, spec.type) or isinstance(value, bool) and spec.type is not bool:
            raise SetupError(f"option {key!r} must be {spec.type.__name__}, not {value!r}")
        if spec.choices and value not in spec.choices:
            raise SetupError(f"option {key!r} must be one of {spec.choices}, not {value!r}")
        opts[key] = value
    if seed is None:
        seed = secrets.randbelow(2**31)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SetupError(f"seed must be a whole number, not {seed!r}")
    return Game(gamedef, names, seed, variant, opts)


def load_game(text: str, registry: Mapping[str, GameDef]) -> Game:
    try:
        data = json.loads(text)
    except (TypeError, ValueError) as exc:
        raise SaveFormatError(f"a save is JSON text; this is not ({exc})") from None
    if not isinstance(data, dict):
        raise SaveFormatError("a save is a JSON object")
    version = data.get("format_version")
    if version != SAVE_FORMAT_VERSION:
        raise SaveFormatError(f"this save has format_version {version!r}; this tablekit reads "
                              f"format_version {SAVE_FORMAT_VERSION}")
    gid = data.get("game")
    if not isinstance(gid, str) or gid not in registry:
        raise SaveFormatError(f"the save is of an unknown game {gid!r}")
    gamedef = registry[gid]
    try:
        game = make_game(gamedef, data["players"], data["seed"], data.get("variant"),
                         data.get("options"))
        recs = data["records"]
        position = int(data["position"])
        if data.get("base") is not None:
            game.state = State.from_dict(data["base"])
            game.ctx.state = game.state
            game.ctx.reindex()
            game.rebase()
    except (KeyError, TypeError, ValueError) as exc:
        raise SaveFormatError(f"the save is missing or has a bad field: {exc}") from None
    except TablekitError as exc:
        raise SaveFormatError(f"the save cannot set up its game: {exc}") from None
    try:
        for r in recs:
            if r["kind"] == "choice":
                game.choose(*r["choice"])
            else:
                game.step()
    except (TablekitError, KeyError, TypeError) as exc:
        raise SaveFormatError(f"replaying the save failed at record {len(game.history)}: {exc}") from None
    if not 0 <= position <= len(game.history):
        raise SaveFormatError(f"the save's position {position} is outside its records")
    game.goto(position)
    if data.get("digest") and data["digest"] != game._digest():
        raise SaveFormatError("replaying the save does not give the saved position "
                              "(the rules changed since it was saved)")
    return game
