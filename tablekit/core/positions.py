"""Positions built by hand: put cards where a ruling needs them, start the
flow at any node (or inside a resolution), and make that the new start."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Mapping

from .cardstate import card_state_problem
from .decision import Decision
from .errors import TablekitError
from .flow import ForEachPlayer, Loop
from .state import _copy

if TYPE_CHECKING:  # pragma: no cover
    from .flow import Node


class Positions:
    """The hand-built-positions part of `Game` (see engine.py)."""

    state: Any
    ctx: Any
    flow: Node

    def start_at(self, path: Iterable[str], turn: str | None = None,
                 stack: list[Mapping[str, Any]] | None = None,
                 triggers: list[Mapping[str, Any]] | None = None,
                 lasting: list[Mapping[str, Any]] | None = None) -> None:
        """Put the cursor at the node with this static path (names from the
        root's children down, as in `g.flow`), with `turn` as the player whose
        turn it is, and make the current state the new start of the history.
        Cards and counters are set on `g.state` beforehand. Rules that come
        before that node in its parents do not run; those after it do.

        `stack` starts inside a resolution: each entry pushes an effect frame
        above that node, bottom first: `{"effect": name, "source": uid,
        "controller": player, "ability": index, "args": {...}, "data": {...}}`.
        The top one starts as the first step, unless it is part-way through:
        `"waiting": {"then": stage, "decision": {...} or "decision_from": stage,
        "name", "validate", "paid"}` resumes it at that stage (asking the decision,
        or once the frames above it are done), `"event": {...}` is the event a response
        answers, and `"chain": n` groups the effects
        of one chain. `{"window": name, "ask": [players], "label", "mode", "chain"}`
        is an open response window (see scenario.writing.stack_entries). `triggers` are collected
        triggered abilities waiting to resolve: `{"source": uid, "ability":
        index, "controller": player, "card": definition, "data": {...}}`.
        `lasting` are lasting effects in force, as `ctx.add_lasting` takes them:
        `{"kind", "until", "text", ...}`; their end is found from the start node."""
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
        st = self.state
        st.cursor = frames
        st.triggers.clear()
        st.trigger_next = None
        st.over = False
        st.result = None
        for parent, child in zip(chain, chain[1:]):
            try:
                frames.append(parent.start_frame(self.ctx, child, turn))
            except ValueError as exc:
                raise TablekitError(f"start_at: {exc}") from None
        frames.append({"n": target.id})
        who = None
        for frame in frames:  # every frame inside a for-each-player carries its player
            if "p" in frame:
                who = frame["p"]
            elif who is not None:
                frame["p"] = who
        if turn is not None:
            st.turn = turn
        inside = {"turn": any(isinstance(n, ForEachPlayer) and n.sets_turn for n in chain[:-1]),
                  "round": any(isinstance(n, Loop) and n.level == "round" for n in chain[:-1])}
        for scope, defaults in (("turn", self.gamedef.per_turn), ("round", self.gamedef.per_round)):
            data = st.extra.get(f"_this_{scope}")
            if defaults and isinstance(data, dict):  # keys left out start fresh
                for k, v in _copy(defaults).items():
                    data.setdefault(k, v)
            elif defaults and inside[scope] and data is None:
                self.ctx.fresh(scope)  # a start inside a turn has its data, so no later read writes it
        chains: dict[Any, int] = {}
        for entry in stack or ():
            self._push_start_frame(entry, chains)
        for t in triggers or ():
            self.ctx.add_trigger(t["source"], t["ability"], t.get("controller"), t.get("event"),
                                 t.get("card"), dict(t.get("data") or {}))
        st.lasting = []
        for e in lasting or ():
            spec = dict(e)
            try:
                self.ctx.add_lasting(spec.pop("kind"), spec.pop("until"), spec.pop("text"), **spec)
            except (KeyError, ValueError, TypeError) as exc:
                raise TablekitError(f"start_at: a lasting effect {dict(e)!r} is wrong: {exc}") from None
        self.ctx.reindex()
        self.rebase()

    def _push_start_frame(self, entry: Mapping[str, Any], chains: dict[Any, int]) -> None:
        ctx = self.ctx
        chain = entry.get("chain")
        if chain is not None:
            if isinstance(chain, bool) or not isinstance(chain, int) or chain < 1:
                raise TablekitError(f"start_at: a chain is numbered 1 or more, not {chain!r}")
            if chain not in chains:
                chains[chain] = ctx._next_chain()
            chain = chains[chain]
        if "window" in entry:
            self._push_start_window(entry, chain)
            return
        effect = entry.get("effect")
        if effect not in self.gamedef.effects:
            known = ", ".join(sorted(self.gamedef.effects)) or "none"
            raise TablekitError(f"start_at: no effect {effect!r} (effects: {known})")
        src = entry.get("source")
        if src is not None and src not in self.state.cards:
            raise TablekitError(f"start_at: no card {src!r} for the effect {effect!r}")
        ctl = entry.get("controller")
        if ctl is not None and ctl not in self.players:
            raise TablekitError(f"start_at: no player named {ctl!r}")
        ab = entry.get("ability")
        if ab is not None:
            abilities = ctx.defn(src).abilities if src is not None else ()
            if not isinstance(ab, int) or not 0 <= ab < len(abilities):
                raise TablekitError(f"start_at: {src!r} has no ability {ab!r}")
        elif src is not None:
            ab = next((i for i, a in enumerate(ctx.defn(src).abilities) if a.effect == effect), None)
        ctx.start(effect, source=src, controller=ctl, ability=ab, args=entry.get("args"),
                  data=entry.get("data"), now=False, chain=chain, event=entry.get("event"))
        if entry.get("waiting") is not None:
            self._resume_start_frame(self.state.cursor[-1], entry["waiting"])

    def _push_start_window(self, entry: Mapping[str, Any], chain: int | None) -> None:
        window, ask = entry.get("window"), entry.get("ask")
        if not isinstance(window, str) or not window:
            raise TablekitError(f"start_at: a response window is named, not {window!r}")
        if not isinstance(ask, list) or any(p not in self.players for p in ask):
            raise TablekitError(f"start_at: the window {window!r} asks players of the game in order "
                                f"(ask: [...]), not {ask!r}")
        mode = entry.get("mode", "cancel")
        if mode not in ("cancel", "top"):
            raise TablekitError(f"start_at: the window {window!r} resolves its chain by mode cancel or top, "
                                f"not {mode!r}")
        below = self.state.cursor[-1]
        if "fx" not in below:
            raise TablekitError(f"start_at: the window {window!r} answers an effect: put it above one")
        if chain is None:
            chain = below.get("chain")
        if chain is None or below.get("chain") not in (None, chain):
            raise TablekitError(f"start_at: the window {window!r} and the effect below it are of one chain")
        below["chain"] = chain
        label = entry.get("label") or window.capitalize()
        self.state.cursor.append({"rw": window, "o": list(ask), "label": str(label), "mode": mode,
                                  "chain": chain, "p": below.get("p")})

    def _resume_start_frame(self, frame: dict, waiting: Any) -> None:
        """An effect part-way through (a stack entry's `waiting`): the stage it resumes at,
        with the decision it asks; each stage named is one of the effect's own."""
        eff = self.gamedef.effects[frame["fx"]]
        what = f"start_at: the effect {frame['fx']!r} waiting"
        if not isinstance(waiting, Mapping):
            raise TablekitError(f"{what}: waiting is a mapping (then, decision...), not {waiting!r}")
        unknown = set(waiting) - {"then", "decision", "decision_from", "name", "validate", "paid"}
        if unknown:
            raise TablekitError(f"{what}: unknown key(s) {', '.join(sorted(unknown))}")
        for key in ("then", "decision_from", "validate"):
            name = waiting.get(key)
            if name is None or (key == "then" and name == "__paid__"):
                continue
            if (not isinstance(name, str) or not name.isidentifier() or name.startswith("_")
                    or not callable(getattr(eff, name, None))):
                raise TablekitError(f"{what}: {key} {name!r} is not a stage of the effect")
        if not isinstance(waiting.get("then"), str):
            raise TablekitError(f"{what}: then names the stage it resumes at")
        paid = waiting.get("paid")
        if paid not in (None, True, "asking"):
            raise TablekitError(f"{what}: paid is true or 'asking', not {paid!r}")
        frame["then"] = waiting["then"]
        if paid is not None:
            frame["paid"] = paid
        decision, builder = waiting.get("decision"), waiting.get("decision_from")
        if decision is None and builder is None:
            frame["st"] = "wait"
            return
        if decision is not None:
            try:
                d = Decision.from_dict(dict(decision))
            except (KeyError, TypeError, ValueError, AttributeError) as exc:
                raise TablekitError(f"{what}: its decision is not one ({type(exc).__name__}: {exc})") from None
            if d.player not in self.players and not d.party:
                raise TablekitError(f"{what}: its decision is for {d.player!r}, no player of the game")
            frame["ask"] = d.to_dict()
        else:
            frame["ask"] = None
            frame["asker"] = builder
        frame["st"] = "ask"
        frame["askname"] = waiting.get("name")
        frame["val"] = waiting.get("validate")

    def arrange(self, zones: Mapping[str, list[str]] | None = None,
                cards: Mapping[str, Mapping[str, Any]] | None = None,
                extra: Mapping[str, Any] | None = None, rest: str | None = None,
                at: Iterable[str] | None = None, turn: str | None = None,
                stack: list[Mapping[str, Any]] | None = None,
                triggers: list[Mapping[str, Any]] | None = None,
                lasting: list[Mapping[str, Any]] | None = None) -> None:
        """Build a position by hand. Each zone named in `zones` holds exactly
        the cards listed, in that order (bottom first); the cards it held
        before that are not listed go to `rest` (default: the game's "box"
        zone). With `rest`, every card not listed anywhere goes there. `cards`
        sets card state (a value of None removes the key), `extra` sets keys
        of the game's extra state, and `at`/`turn`/`stack` are passed to
        start_at()."""
        st = self.state
        for uid, changes in dict(cards or {}).items():  # checked before anything changes
            if uid not in st.cards:
                raise TablekitError(f"arrange: no card {uid!r} in this game")
            for key, value in dict(changes).items():
                why = card_state_problem(self.gamedef, st, self.defs, uid, key, value)
                if why:
                    raise TablekitError(f"arrange: {why}")
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
                if value is None:
                    st.cards[uid].pop(key, None)
                else:
                    st.cards[uid][key] = _copy(value)  # never shared with the caller's data
        for key, value in dict(extra or {}).items():
            st.extra[key] = _copy(value)
        for scope, defaults in (("turn", self.gamedef.per_turn), ("round", self.gamedef.per_round)):
            data = st.extra.get(f"_this_{scope}")
            if defaults and isinstance(data, dict):  # keys left out start fresh
                for k, v in _copy(defaults).items():
                    data.setdefault(k, v)
        if at is not None:
            self.start_at(at, turn, stack, triggers, lasting)
        else:
            if stack or triggers or lasting:
                raise TablekitError("arrange: a stack or waiting triggers need a start node (at=)")
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
