"""The event pipeline every change goes through: events, replacements (mandatory and
optional), actions and responses a player may use, and the index of the abilities in play.

One part of `Ctx` (tablekit/core/context.py), which joins the parts; a rule function
reaches it through `ctx` as before."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Iterator

from ..abilityuse import AbilityUse
from ..cards import Ability
from ..conditions import matches as _cond_matches
from ..conditions import tokens as _cond_tokens
from ..effects import PENDING, Effect, _Pending
from .attrs import CtxAttrs

if TYPE_CHECKING:  # pragma: no cover
    from ..context import Ctx


class EventsPart(CtxAttrs):
    """The event pipeline, replacements, actions and the index of abilities in play."""

    # -- the event pipeline --------------------------------------------
    def do(self, kind: str, **data: Any) -> dict | None | _Pending:
        """Apply one change through the pipeline: mandatory replacement effects
        first, then the procedure for this kind of event, then collect the
        triggered abilities it sets off and run the game's state checks.
        Returns the event as applied, None if a replacement cancelled it, or
        PENDING when it must ask first (an optional replacement to offer, or
        an order of replacements to choose): it then completes in a frame of
        its own, before the next rule."""
        return self._emit({"type": kind, **data})

    def move(self, uid: str, to: str, index: int | None = None, **changes: Any) -> dict | None | _Pending:
        """Move a card through the pipeline; `changes` set keys of its state
        (a key set to None is removed). Leaving a zone detaches a card unless
        `attached_to` is given."""
        ev: dict[str, Any] = {"type": "move", "card": uid, "to": to}
        if index is not None:
            ev["index"] = index
        if changes:
            ev["changes"] = changes
        st = self.state
        if self._plain_moves and self._index is not None and not st.lasting and not st.over:
            # nothing can replace a move or trigger on one, and no game check follows: the
            # pipeline comes down to the core's procedure (core_move, written out here) and
            # the record of the event
            zones, card_zone = st.zones, st.card_zone
            src = card_zone[uid]
            dest = zones[to]
            row = zones[src]
            if row and row[-1] == uid:
                row.pop()
            else:
                row.remove(uid)
            if index is None:
                dest.append(uid)
            else:
                dest.insert(index, uid)
            card_zone[uid] = to
            ev["from"] = src
            cs = st.cards[uid]
            if changes:
                _change_card(cs, changes)
            elif "attached_to" in cs:
                del cs["attached_to"]
            self.events.append(ev)
            return ev
        return self._emit(ev)

    def move_all(self, uids: Iterable[str], to: str, **changes: Any) -> list[dict | None | _Pending]:
        """Move cards to the end of `to` one after the other, each exactly as
        `move(uid, to, **changes)` would (the same events, in the same order,
        each its own dict of `changes`): a hand drawn or discarded in one call.
        Returns what each move returned."""
        st = self.state
        if not (self._plain_moves and self._index is not None and not st.lasting and not st.over):
            return [self.move(uid, to, **changes) for uid in list(uids)]
        # every move is plain (see `move`): the core's procedure, written out once for them all
        zones, card_zone, cards, events = st.zones, st.card_zone, st.cards, self.events
        dest = zones[to]
        out = []
        for uid in list(uids):
            src = card_zone[uid]
            row = zones[src]
            if row and row[-1] == uid:
                row.pop()
            else:
                row.remove(uid)
            dest.append(uid)
            card_zone[uid] = to
            cs = cards[uid]
            if changes:
                _change_card(cs, changes)
                ev = {"type": "move", "card": uid, "to": to, "changes": dict(changes), "from": src}
            else:
                if "attached_to" in cs:
                    del cs["attached_to"]
                ev = {"type": "move", "card": uid, "to": to, "from": src}
            events.append(ev)
            out.append(ev)
        return out

    def batch(self, events: list[dict[str, Any]]) -> list[dict | None | _Pending]:
        """Apply a group of events together (damage divided among targets, an
        effect that hits each hero): all of them are applied before any
        trigger they set off resolves. If one must ask, the rest wait in its
        frame and are applied after it, still before any trigger."""
        out: list[dict | None | _Pending] = []
        for i, ev in enumerate(events):
            r = self._emit(dict(ev))
            out.append(r)
            if r is PENDING:
                self._stack_top()["rest"] = [dict(e) for e in events[i + 1:]]
                out.extend(PENDING for _ in events[i + 1:])
                break
        return out

    def _emit(self, ev: dict[str, Any]) -> dict | None | _Pending:
        st = self.state
        if st.over:  # the game has ended: the rest of this rule changes nothing
            return None
        kind = ev["type"]
        index = self._index
        if index is None:
            index = self._index = self._build_index()
        if ("replacement", kind) in index or (st.lasting and any(
                e["kind"] == "replacement" and e["on"] == kind for e in st.lasting)):
            r = self._replacements(ev, set())
            if r is None or r is PENDING:
                return r
            ev = r
        return self._finish_event(ev)

    def _replacements(self, ev: dict, applied: set[str]) -> dict | None | _Pending:
        """Offer the optional replacements, then apply the mandatory ones (each
        at most once; their order asked of the affected player when it
        matters). Returns the event to go on with (as changed), None if it
        was cancelled, or PENDING if it must ask."""
        kind = ev["type"]
        if not ev.get("_offered") and ("replacement", kind) in self._index:
            offers = self._offers(ev)
            if offers:
                self._push_event_frame(ev, "offer", sorted({o.controller for o in offers if o.controller}
                                                           , key=self._seat_rank), applied)
                return PENDING
        while True:
            todo = [(uid, ab) for uid, ab in self._active(("replacement", kind))
                    if not ab.optional and f"{uid}:{self._ability_index(uid, ab)}" not in applied
                    and self._matches(ab.when, ev, uid)]
            if not todo and self.state.lasting:
                for e in self.state.lasting:
                    if (e["kind"] == "replacement" and e["on"] == kind and f"L{e['id']}" not in applied
                            and self._lasting_hits(e, ev)):
                        applied.add(f"L{e['id']}")
                        ab = Ability(type="replacement", effect=e["effect"], on=kind, args=dict(e.get("args") or {}),
                                     text=e["text"])
                        r = self.game.effect(e["effect"]).replace(
                            self, AbilityUse(e.get("source"), e.get("controller"), None, ev, ab.args))
                        if r is None:
                            self.events.append({"type": kind, "cancelled_by": e["text"]})
                            return None
                        ev = r
                        break
                else:
                    return ev
                continue
            if not todo:
                return ev
            if len({(ab.effect, repr(sorted(ab.args.items()))) for _, ab in todo}) > 1:
                self._push_event_frame(ev, "order", [], applied)
                return PENDING
            uid, ab = todo[0]
            r = self.apply_replacement(ev, uid, ab, applied)
            if r is None:
                return None
            ev = r

    def _lasting_hits(self, e: dict, ev: dict) -> bool:
        if e.get("targets") is not None and not any(ev.get(k) in e["targets"] for k in ("card", "target")):
            return False
        if e.get("players") is not None and not any(ev.get(k) in e["players"] for k in ("player", "target")):
            return False
        return self._matches(e.get("if") or {}, ev, e.get("source"))

    def apply_replacement(self, ev: dict, uid: str, ab: Ability, applied: set[str]) -> dict | None:
        applied.add(f"{uid}:{self._ability_index(uid, ab)}")
        use = AbilityUse(uid, self.owner_of(uid), ab, ev)
        out = self.game.effect(ab.effect).replace(self, use)
        if out is None:
            self.events.append({"type": ev["type"], "cancelled_by": uid})
        return out

    def mandatory_replacements(self, ev: dict, applied: set[str] | list[str]) -> list[AbilityUse]:
        """The mandatory replacements that still apply to `ev` (not yet applied to it)."""
        return [AbilityUse(uid, self.owner_of(uid), ab, ev)
                for uid, ab in self._active(("replacement", ev["type"]))
                if not ab.optional and f"{uid}:{self._ability_index(uid, ab)}" not in applied
                and self._matches(ab.when, ev, uid)]

    def _offers(self, ev: dict) -> list[AbilityUse]:
        """Optional replacements of this event that their controller could use now."""
        out = []
        for uid, ab in self._active(("replacement", ev["type"])):
            if ab.optional and self._matches(ab.when, ev, uid):
                use = AbilityUse(uid, self.owner_of(uid), ab, ev)
                if self.usable(use) is None:
                    out.append(use)
        return out

    def _finish_event(self, ev: dict) -> dict:
        kind = ev["type"]
        if "_offered" in ev:
            del ev["_offered"]
        procedure = self._procedures.get(kind)
        if procedure is None:
            procedure = self._procedures[kind] = self.game.procedure(kind)
        said = procedure(self, ev)
        if said is not None:
            self._said = said
        self.events.append(ev)
        index = self._index
        if ("trigger", kind) in index:
            for uid, ab in self._active(("trigger", kind)):
                if self._matches(ab.when, ev, uid):
                    self.state.triggers.append({"source": uid, "ability": self._ability_index(uid, ab),
                                                "controller": self.owner_of(uid), "event": ev})
        if self._checks:
            self.game.check_state(self, ev)
        return ev

    def _push_event_frame(self, ev: dict, stage: str, askees: list[str], applied: set[str]) -> None:
        self.state.cursor.append({"do": ev, "st": stage, "who": askees, "applied": sorted(applied),
                                  "p": self.player})

    def _seat_rank(self, name: str) -> int:
        names = self.players
        turn = self.player
        start = names.index(turn) if turn in names else 0
        return (names.index(name) - start) % len(names) if name in names else len(names)

    def _stack_top(self) -> dict:
        return self.state.cursor[-1]

    def shuffle(self, zone: str) -> dict | None:
        return self.do("shuffle", zone=zone)

    def optional_replacements(self, kind: str, **data: Any) -> list[AbilityUse]:
        """The optional replacement abilities that could replace this event."""
        ev = {"type": kind, **data}
        return [AbilityUse(uid, self.owner_of(uid), ab, ev)
                for uid, ab in self._active(("replacement", kind))
                if ab.optional and self._matches(ab.when, ev, uid)]

    def actions(self, window: str, player: str, event: dict | None = None) -> list[AbilityUse]:
        """The action abilities `player` controls that may be used in `window`
        (an ability's `if` is matched against `event`, with `player` and
        `window` in it). Whether each can be used now: `ctx.usable(use)`."""
        out = []
        for uid, ab in self._active(("action", window)):
            if self.owner_of(uid) != player:
                continue
            if ab.when and not self._matches(ab.when, {"type": window, "player": player, **(event or {})},
                                             uid):
                continue
            out.append(AbilityUse(uid, player, ab))
        return out

    def usable(self, use: AbilityUse, target: str | None = None) -> str | None:
        """Why this ability cannot be used now (None: it can): the phase it is
        limited to, its once-per limit (per `target` for `once_per: target`),
        its effect's cost, then its effect's own check."""
        ab = use.ability
        if ab is not None and ab.phase is None and not ab.once_per:  # the common case, fast
            eff = self.game.effects.get(ab.effect)
            if eff is None:
                return None
            if type(eff).cost is not Effect.cost:
                cost = eff.cost(self, use)
                if cost is not None:
                    why = cost.why_not(self, use)
                    if why:
                        return why
            return eff.check(self, use)
        if ab is not None and ab.phase is not None and self.phase() != ab.phase:
            return f"it may be used only in the {ab.phase} phase"
        if ab is not None and ab.once_per and self.used(use, target):
            if ab.once_per == "target":
                return "it was used on that target already this turn"
            return f"it may be used once per {ab.once_per}, and was used already"
        eff_name = ab.effect if ab is not None else (use.frame or {}).get("fx")
        eff = self.game.effect(eff_name) if eff_name else None
        if eff is None:
            return None
        cost = eff.cost(self, use)
        if cost is not None:
            why = cost.why_not(self, use)
            if why:
                return why
        return eff.check(self, use)


    # -- internals -------------------------------------------------------
    def _active(self, key: tuple[str, str]) -> Iterator[tuple[str, Ability]]:
        if self._index is None:
            self._index = self._build_index()
        st = self.state
        for uid, ab in self._index.get(key, ()):
            zone = st.card_zone.get(uid)
            if zone is None:
                continue
            kind = st.zone_info[zone].get("kind")
            if ab.zone is not None:
                if kind != ab.zone:
                    continue
            elif kind not in self.game.active_zone_kinds:
                continue
            if ab.face is not None and st.cards[uid].get("face", 0) != ab.face:
                continue
            yield uid, ab

    def _build_index(self) -> dict[tuple[str, str], list[tuple[str, Ability]]]:
        """The abilities of the cards by (type, event or window or stat). Also
        finds whether a move is plain while this index holds: no card's
        ability replaces it or triggers on it, the game's procedure for it is
        the core's and the game has no state checks (see `move`)."""
        index: dict[tuple[str, str], list[tuple[str, Ability]]] = {}
        for uid in sorted(self.state.cards):
            d = self.defs[self.state.cards[uid]["card"]]
            for ab in d.abilities:
                index.setdefault(index_key(ab), []).append((uid, ab))
        self._plain_moves = (("replacement", "move") not in index and ("trigger", "move") not in index
                             and self.game.procedure("move") is core_move and not self._checks)
        return index

    def reindex(self) -> None:
        """Call after cards are created or removed."""
        self._index = None

    def _ability_index(self, uid: str, ab: Ability) -> int:
        return self.defn(uid).abilities.index(ab)

    def _matches(self, cond: dict, ev: dict, uid: str | None) -> bool:
        if not cond:
            return True
        for key, want in cond.items():  # the common case, fast: plain fields and plain values
            if type(want) is dict or "." in key:
                return _cond_matches(self, cond, ev, uid)
            if type(want) is str and "$" in want:
                # tokens stand for the ability's card, its controller, whose turn it is, the card it is on
                want = _cond_tokens(self, want, uid)
            have = ev.get(key)
            if have != want and not (type(have) is list and type(want) is not list and want in have):
                return False
        return True

def index_key(ab: Ability) -> tuple[str, str]:
    """An ability's key in the index: its type, and the stat it changes, the window it
    is used in or the event it answers."""
    key = ab.stat if ab.type == "modifier" else ab.window if ab.type == "action" else ab.on
    return ab.type, key


def core_move(ctx: Ctx, ev: dict) -> None:
    st = ctx.state
    uid = ev["card"]
    ev["from"] = st.move(uid, ev["to"], ev.get("index"))
    cs = st.cards[uid]
    changes = ev.get("changes")
    if changes is None:
        cs.pop("attached_to", None)
        return
    _change_card(cs, changes)


def _change_card(cs: dict, changes: dict) -> None:
    """A move's `changes` to the moved card's state: each key set, or removed when
    None; leaving its zone detaches it unless `attached_to` is among them."""
    if "attached_to" not in changes:
        cs.pop("attached_to", None)
    for key, value in changes.items():
        if value is None:
            cs.pop(key, None)
        else:
            cs[key] = value
