"""Positions built by hand: put cards where a ruling needs them, start the
flow at any node (or inside a resolution), and make that the new start."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Mapping

from .cardstate import card_state_problem
from .errors import TablekitError
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
        The top one starts as the first step. `triggers` are collected
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
        from .flow import ForEachPlayer, Loop
        inside = {"turn": any(isinstance(n, ForEachPlayer) and n.sets_turn for n in chain[:-1]),
                  "round": any(isinstance(n, Loop) and n.level == "round" for n in chain[:-1])}
        for scope, defaults in (("turn", self.gamedef.per_turn), ("round", self.gamedef.per_round)):
            data = st.extra.get(f"_this_{scope}")
            if defaults and isinstance(data, dict):  # keys left out start fresh
                for k, v in _copy(defaults).items():
                    data.setdefault(k, v)
            elif defaults and inside[scope] and data is None:
                self.ctx.fresh(scope)  # a start inside a turn has its data, so no later read writes it
        for entry in stack or ():
            self._push_start_frame(entry)
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

    def _push_start_frame(self, entry: Mapping[str, Any]) -> None:
        ctx = self.ctx
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
                  data=entry.get("data"), now=False)

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
