"""The context a rule function works with: the state, the cards, and the one
event pipeline every change goes through."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Mapping

from .cards import Ability, CardDef
from .conditions import matches as _cond_matches
from .conditions import tokens as _cond_tokens
from .effects import PENDING, Effect, Pause, _Pending
from .lasting import KINDS as LASTING_KINDS
from .lasting import end_point, until_words
from .records import Later
from .state import State, _copy

if TYPE_CHECKING:  # pragma: no cover
    from .decision import Decision
    from .gamedef import GameDef


class AbilityUse:
    """An ability (or an effect a rule started) being applied: its card, who
    controls it, the event behind it, its `args`, and `data`, the picks made
    so far while it resolves (a plain dict kept in its frame)."""

    __slots__ = ("source", "controller", "ability", "event", "_args", "data", "frame")

    def __init__(self, source: str | None, controller: str | None, ability: Ability | None,
                 event: dict | None = None, args: dict | None = None, data: dict | None = None,
                 frame: dict | None = None):
        self.source = source
        self.controller = controller
        self.ability = ability
        self.event = event
        self._args = args
        self.data = {} if data is None else data
        self.frame = frame

    @property
    def args(self) -> dict:
        if self._args is not None:
            return self._args
        return self.ability.args if self.ability is not None else {}

    @property
    def effect_name(self) -> str | None:
        return self.ability.effect if self.ability is not None else None

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, AbilityUse) and self.source == other.source
                and self.controller == other.controller and self.ability == other.ability
                and self.event == other.event and self.args == other.args)

    def __repr__(self) -> str:
        return f"<AbilityUse {self.effect_name} of {self.source} by {self.controller}>"


class Ctx:
    def __init__(self, game: GameDef, defs: dict[str, CardDef], state: State):
        self.game = game
        self.defs = defs
        self.state = state
        self.events: list[dict[str, Any]] = []
        self._index: dict[str, list[tuple[str, Ability]]] | None = None
        self._plain_moves = False  # set with the index (see _build_index)
        self._names: dict[str, str] = {}
        self._procedures: dict[str, Callable[[Ctx, dict], None]] = {}
        self._kinds = _kinds_of(defs)
        self._said: Any = None  # what the last procedure said, for an event completed in its own frame
        self._endings: list[str] = []  # lasting effects that ended since the last record
        self._checks = type(game).check_state is not _base_check_state(game)
        self._from_cards: dict[str, Any] = {}  # what a game worked out once from its cards (from_cards)
        self._inside: set[str] = set()  # the guards entered (enter_guard)

    # -- who and where ---------------------------------------------------
    @property
    def players(self) -> list[str]:
        return [p["name"] for p in self.state.players]

    @property
    def player(self) -> str | None:
        """Whose turn it is (the player of the innermost for-each-player frame)."""
        cursor = self.state.cursor
        if cursor:
            p = cursor[-1].get("p")
            if p is not None:
                return p
        return self.state.turn

    @property
    def extra(self) -> dict[str, Any]:
        return self.state.extra

    def next_player(self, name: str, step: int = 1) -> str:
        names = self.players
        return names[(names.index(name) + step) % len(names)]

    def zone(self, name: str) -> list[str]:
        return self.state.zones[name]

    def zone_of(self, uid: str) -> str:
        return self.state.card_zone[uid]

    def owner_of(self, uid: str) -> str | None:
        return self.state.zone_info[self.state.card_zone[uid]]["owner"]

    def card(self, uid: str) -> dict[str, Any]:
        """The card instance's own state (a mutable dict)."""
        return self.state.cards[uid]

    def defn(self, uid: str) -> CardDef:
        return self.defs[self.state.cards[uid]["card"]]

    def kind(self, uid: str) -> str:
        """The card's kind (attack, monster, ...): a fast path for the rules."""
        return self._kinds[self.state.cards[uid]["card"]]

    @property
    def kinds(self) -> Mapping[str, str]:
        """Each card id's kind (card id -> kind), for a rule that reads many cards in a loop:
        `ctx.kinds[ctx.state.cards[uid]["card"]]` is `ctx.kind(uid)` without the call. Read only."""
        return self._kinds

    def from_cards(self, name: str, make: Callable[[Mapping[str, CardDef]], Any]) -> Any:
        """What a game works out from its card definitions alone (never from the position),
        made once by `make(defs)` and kept under `name` for this game's context: a table of
        card facts a rule reads at every step."""
        out = self._from_cards.get(name)
        if out is None:
            out = self._from_cards[name] = make(self.defs)
        return out

    def enter_guard(self, name: str) -> bool:
        """Enter the guard `name`: True, unless it is entered already (False, and nothing
        changes). A check whose own changes would set it off again inside itself (a state
        check that destroys a card, which is an event that asks for the state check) enters
        its guard first, and calls `leave_guard(name)` in a `finally` once it is done."""
        if name in self._inside:
            return False
        self._inside.add(name)
        return True

    def leave_guard(self, name: str) -> None:
        self._inside.discard(name)

    def name(self, uid: str) -> str:
        card_id = self.state.cards[uid]["card"]
        try:
            return self._names[card_id]
        except KeyError:
            n = self._names[card_id] = self.game.card_name(self.defs[card_id])
            return n

    def names(self, uids) -> str:
        uids = list(uids)
        if not uids:
            return "nothing"
        return ", ".join(self.name(u) for u in uids)

    def names_later(self, uids) -> Later:
        """`names(uids)` written out only when read (the fast path, see `Later`):
        the cards are taken now, their names looked up when the words are read
        (a card's name is fixed for the game)."""
        card_ids = [self.state.cards[u]["card"] for u in uids]
        if not card_ids:
            return Later(lambda: "nothing")
        names, game, defs = self._names, self.game, self.defs

        def write() -> str:
            out = []
            for cid in card_ids:
                n = names.get(cid)
                if n is None:
                    n = names[cid] = game.card_name(defs[cid])
                out.append(n)
            return ", ".join(out)
        return Later(write)

    def counter(self, player: str, key: str, default: int = 0) -> Any:
        return self.state.player(player).get(key, default)

    def randbelow(self, n: int) -> int:
        return self.state.randbelow(n)

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

    # -- the resolution stack ------------------------------------------
    def ask(self, decision: Decision | str, then: str, data: dict | None = None, name: str | None = None,
            validate: str | None = None, say: Any = None) -> Pause:
        """From a stage of an effect: open `decision`; its answer runs the
        effect's method `then(ctx, use, ids)`. `decision` is a Decision, or
        the name of the effect's method `(ctx, use) -> Decision` that builds
        it when someone looks (lazy, as flow decisions are). `data` updates
        the frame's data, `name` is the decision's place in the path
        ("Choose a target"), `validate` names a method `(ctx, use, ids) ->
        reason | None` that checks a whole answer, and `say` is the text of
        this stage's record."""
        return Pause("ask", then, say, decision, name, validate, dict(data or {}))

    def wait(self, then: str, data: dict | None = None, say: Any = None) -> Pause:
        """From a stage of an effect: go on at `then(ctx, use, ())`, as a step of
        its own, once the frames pushed above have resolved."""
        return Pause("wait", then, say, None, None, None, dict(data or {}))

    def start(self, effect: str, source: str | None = None, controller: str | None = None,
              ability: int | None = None, card: str | None = None, event: dict | None = None,
              args: dict | None = None, data: dict | None = None, now: bool = True,
              chain: int | None = None) -> Any:
        """Push an effect's frame on the resolution stack. `ability` is the index
        of the ability on `card` (default: the source's card) that names the
        effect. With `now` (the default) its first stage runs at once, inside
        the current rule, and its outcome is returned: the Say (or string) if
        it is done, or the Pause if it waits; otherwise it starts when it
        reaches the top of the stack, as a step of its own (None is returned)."""
        if source is not None and card is None and source in self.state.cards:
            card = self.state.cards[source]["card"]
        frame = {"fx": effect, "src": source, "card": card, "ab": ability, "ctl": controller,
                 "ev": event, "args": args, "data": dict(data or {}), "st": "new", "p": self.player}
        if chain is not None:
            frame["chain"] = chain
        use = self.use_of(frame)
        frame["label"] = self.game.effect(effect).label(self, use)
        self.state.cursor.append(frame)
        if not now:
            return None
        return self.run_stage(frame, "apply", None)

    def use_of(self, frame: dict) -> AbilityUse:
        """The AbilityUse an effect frame resolves (its data is the frame's own dict)."""
        ab = None
        if frame.get("ab") is not None and frame.get("card") is not None:
            ab = self.defs[frame["card"]].abilities[frame["ab"]]
        return AbilityUse(frame.get("src"), frame.get("ctl"), ab, frame.get("ev"), frame.get("args"),
                          frame["data"], frame)

    def run_stage(self, frame: dict, stage: str, ids: tuple[str, ...] | None) -> Any:
        """Run one stage of an effect frame; returns its Say, or its Pause (the
        frame then waits). A frame that is done leaves the stack."""
        eff = self.game.effect(frame["fx"])
        use = self.use_of(frame)
        paid = None
        if ids is None and type(eff).cost is not Effect.cost and not frame.get("paid"):
            cost = eff.cost(self, use)
            if cost is not None:
                plan = cost.plan(self, use)
                if plan is not None:  # ask how to pay, then pay and apply (stage "__paid__")
                    frame["paid"] = "asking"
                    return self._pause(frame, Pause("ask", "__paid__", f"{frame['label']}: "
                                                    f"{use.controller} chooses how to {cost.words(self, use)}.",
                                                    plan, "Pay the cost"))
                paid = cost.pay(self, use, ())
                frame["paid"] = True
        if stage == "__paid__":
            paid = eff.cost(self, use).pay(self, use, ids)
            frame["paid"] = True
            out = eff.apply(self, use)
        else:
            out = eff.apply(self, use) if ids is None else getattr(eff, stage)(self, use, ids)
        if paid:
            out = _prefixed(paid, out)
        if isinstance(out, Pause):
            return self._pause(frame, out)
        self.remove_frame(frame)
        return out

    def _pause(self, frame: dict, out: Pause) -> Pause:
        frame["data"].update(out.data)
        frame["then"] = out.then
        if out.kind == "ask":
            frame["st"] = "ask"
            if isinstance(out.decision, str):
                frame["ask"] = None
                frame["asker"] = out.decision
            else:
                frame["ask"] = out.decision.to_dict()
                frame.pop("asker", None)
            frame["askname"] = out.name
            frame["val"] = out.validate
        else:
            frame["st"] = "wait"
            frame.pop("ask", None)
            frame.pop("asker", None)
            frame.pop("askname", None)
            frame.pop("val", None)
        return out

    def remove_frame(self, frame: dict) -> None:
        cursor = self.state.cursor
        for i in range(len(cursor) - 1, -1, -1):
            if cursor[i] is frame:
                del cursor[i]
                return

    def open_window(self, window: str, players: list[str], label: str | None = None,
                    mode: str = "cancel") -> None:
        """Open a response window above the top frame: each player of `players`
        in turn may answer that frame with an action of `window` (an ability
        `type: action`, `window: <window>`) or pass; a response is pushed above
        the frame it answers and the window opens again above it, asking the
        players `GameDef.respond_order` gives; the window closes when everyone
        asked has passed. `mode` says how the chain then resolves: "cancel"
        (each frame resolves in turn, last in first out; a response may cancel
        the frame it answers with `ctx.cancel_answered`) or "top" (only the
        top frame of the chain resolves; the frames below it in the chain are
        discarded)."""
        cursor = self.state.cursor
        below = cursor[-1] if cursor else None
        chain = below.get("chain") if below is not None and "fx" in below else None
        if chain is None and below is not None and "fx" in below:
            chain = below["chain"] = self._next_chain()
        cursor.append({"rw": window, "o": list(players), "label": label or window.capitalize(),
                       "mode": mode, "chain": chain, "p": self.player})

    def _next_chain(self) -> int:
        n = self.state.extra.get("_chains", 0) + 1
        self.state.extra["_chains"] = n
        return n

    def answered(self, use: AbilityUse) -> dict | None:
        """The frame a response answers: the frame right below it in its chain."""
        cursor = self.state.cursor
        frame = use.frame
        for i in range(len(cursor) - 1, -1, -1):
            if cursor[i] is frame:
                for j in range(i - 1, -1, -1):
                    if "fx" in cursor[j]:
                        return cursor[j] if cursor[j].get("chain") == frame.get("chain") else None
                return None
        return None

    def cancel_answered(self, use: AbilityUse) -> dict | None:
        """From a response's stage: cancel the frame it answers (it leaves the stack
        without resolving). Returns that frame, or None if there is none."""
        target = self.answered(use)
        if target is not None:
            self.remove_frame(target)
            self.events.append({"type": "cancelled", "effect": target["fx"], "label": target["label"],
                                "by": use.frame.get("label")})
        return target

    def chain_frames(self, chain: int) -> list[dict]:
        """The effect frames of one chain, bottom first."""
        return [f for f in self.stack if "fx" in f and f.get("chain") == chain]

    @property
    def stack(self) -> list[dict]:
        """The frames of the resolution stack (effects, events, response windows), bottom first."""
        cursor = self.state.cursor
        i = len(cursor)
        while i and "n" not in cursor[i - 1]:  # the stack is the top of the cursor, above the flow
            i -= 1
        return cursor[i:]

    def add_trigger(self, source: str, ability: int, controller: str | None, event: dict | None,
                    card: str | None = None, data: dict | None = None) -> None:
        """Collect a triggered ability by hand (an effect that copies another's):
        `card` is the definition whose ability resolves (default: the source's)."""
        t: dict[str, Any] = {"source": source, "ability": ability, "controller": controller,
                             "event": event}
        if card is not None:
            t["card"] = card
        if data:
            t["data"] = dict(data)
        self.state.triggers.append(t)

    def start_trigger(self, index: int) -> Any:
        """Take a collected trigger out of the queue and start its effect now,
        inside the current rule; returns the outcome (see `start`)."""
        t = self.state.triggers.pop(index)
        self.state.trigger_next = None
        if t.get("effect"):  # a delayed trigger, made by an effect
            return self.start(t["effect"], source=t.get("source"), controller=t["controller"],
                              event=t["event"], args=t.get("args"), data=t.get("data"))
        card = t.get("card") or self.state.cards[t["source"]]["card"]
        ab = self.defs[card].abilities[t["ability"]]
        return self.start(ab.effect, source=t["source"], controller=t["controller"], ability=t["ability"],
                          card=card, event=t["event"], data=t.get("data"))

    def trigger_use(self, t: dict) -> AbilityUse:
        """The AbilityUse a collected trigger would resolve."""
        return AbilityUse(t.get("source"), t["controller"], self.trigger_ability(t), t.get("event"),
                          t.get("args"), dict(t.get("data") or {}))

    def trigger_ability(self, t: dict) -> Ability:
        """The ability a collected trigger resolves (for a delayed trigger, one made up for it)."""
        if t.get("effect"):
            return Ability(type="trigger", effect=t["effect"], on="delayed", text=t["event"].get("text", ""))
        card = t.get("card") or self.state.cards[t["source"]]["card"]
        return self.defs[card].abilities[t["ability"]]

    def trigger_label(self, t: dict) -> str:
        """A waiting trigger in a few words (an option of a trigger-order choice): its
        card, and its ability's own words when it has them."""
        name = self.name(t["source"]) if t.get("source") in self.state.cards else "an effect"
        words = self.trigger_ability(t).text
        return f"{name} ({words})" if words else name

    def ability_index(self, uid: str, ab: Ability) -> int:
        """The index of an ability on its card (as `ctx.start(..., ability=)` takes it)."""
        return self._ability_index(uid, ab)

    # -- the end of the game -------------------------------------------
    def end_game(self, ending: str, text: str, winners: list[str],
                 scores: dict[str, float] | None = None) -> None:
        """End the game at once: pending triggers, the stack and the cursor are
        dropped, and the record of the current rule says why. `ending` is a
        short id ("third_retinue", "unfinished"), `text` the reason in words."""
        from .gamedef import Result
        st = self.state
        bad = [w for w in winners if w not in self.players]
        if bad:
            raise ValueError(f"end_game: {bad} are not players")
        self.game.check_ending(ending)
        st.result = Result(list(winners), dict(scores or {}), text, ending).to_dict()
        st.over = True
        st.triggers.clear()
        st.trigger_next = None
        st.cursor.clear()
        st.lasting.clear()
        st.delayed.clear()
        self.events.append({"type": "end_game", "ending": ending, "text": text,
                            "winners": list(winners)})

    def count(self, loop: str) -> int:
        """The pass of the innermost running loop named `loop` (1 for its first
        pass; 0 when no such loop runs): "Round 3" is count("Rounds") == 3."""
        nodes = self.game.nodes
        for frame in reversed(self.state.cursor):
            n = frame.get("n")
            if n is not None and nodes[n].name == loop:
                return frame.get("k", 0)
        return 0

    # -- "once per turn / round / phase / target" --------------------------
    def used(self, use: AbilityUse, target: str | None = None) -> bool:
        """Whether an ability limited by `once_per` was used already (this turn,
        round or phase; `once_per: target` counts per target, for the turn)."""
        scope = use.ability.once_per if use.ability is not None else None
        if not scope:
            return False
        key = self._use_key(use) + (f"@{target}" if scope == "target" else "")
        return key in self.state.extra.get(f"_used_{'turn' if scope == 'target' else scope}", [])

    def note_use(self, use: AbilityUse, target: str | None = None) -> None:
        """Record that an ability limited by `once_per` was used; the engine forgets
        it when the turn (or round, or phase) is over."""
        scope = use.ability.once_per if use.ability is not None else None
        if scope:
            key = self._use_key(use) + (f"@{target}" if scope == "target" else "")
            self.state.extra.setdefault(f"_used_{'turn' if scope == 'target' else scope}", []).append(key)

    def forget_uses(self, uid: str) -> None:
        """Forget every recorded use of a card's abilities (a card that left play
        and went into a hidden zone must not stay named in what the others see;
        coming back, it is a new card)."""
        for scope in ("turn", "round", "phase"):
            used = self.state.extra.get(f"_used_{scope}")
            if used:
                used[:] = [k for k in used if k.split("@", 1)[0].rsplit(":", 1)[0] != uid]

    def _use_key(self, use: AbilityUse) -> str:
        return f"{use.source}:{self._ability_index(use.source, use.ability)}"

    def stat(self, name: str, base: int | float, player: str | None = None,
             card: str | None = None, event: dict | None = None,
             floor: int | float | None = None) -> int | float:
        """A number after every continuous modifier: the cards' in play (scope
        `all`; `owner` when its card's owner is `player`; `self` when it is
        `card`; `attached` when `card` is the one its card is attached to,
        the card state's `attached_to`) and the lasting effects that apply.
        A modifier's `if` is matched against `event` (the damage being dealt,
        the attack), so it may depend on its type, source and target; the
        event's `card` is `card` unless the event names another, so `if:
        {card.traits: Dwarf}` reads the card whose number this is; `per`
        multiplies its `add`; `floor` is the least the result may be."""
        total = base
        seen: dict | None = None  # the event an `if` reads, built at the first modifier that has one
        for uid, ab in self._active(("modifier", name)):
            if ab.scope == "all":
                pass
            elif ab.scope == "self":
                if card != uid:
                    continue
            elif ab.scope == "owner":
                if player is None or self.owner_of(uid) != player:
                    continue
            elif ab.scope == "attached":
                if card is None or self.state.cards[uid].get("attached_to") != card:
                    continue
            if ab.when:
                if seen is None:
                    seen = event or {}
                    if card is not None and "card" not in seen:
                        seen = {**seen, "card": card}
                if not self._matches(ab.when, seen, uid):
                    continue
            total += ab.add if ab.per is None else ab.add * self.per(ab.per, uid, self.owner_of(uid))
        if self.state.lasting:
            from .lasting import applies
            for e in self.state.lasting:
                if e["kind"] == "modifier" and e["stat"] == name and applies(self, e, player, card, event):
                    per = e.get("per")
                    total += e["add"] if per is None else e["add"] * self.per(per, e.get("source"),
                                                                              e.get("controller"))
        if floor is not None and total < floor:
            total = floor
        return total

    def per(self, per: Any, uid: str | None, controller: str | None) -> int:
        """A modifier's factor: a card-state key of its card (`damage`: +1 for each
        damage on it), or the number of cards in play matching `{trait, kind,
        owner}` (owner `controller`, the default, or `any`)."""
        if isinstance(per, str):
            if uid is None or uid not in self.state.cards:
                return 0
            v = self.state.cards[uid].get(per, 0)
            return v if isinstance(v, int) and not isinstance(v, bool) else 0
        st = self.state
        n = 0
        kinds = self.game.active_zone_kinds
        for z, uids in st.zones.items():
            info = st.zone_info[z]
            if info.get("kind") not in kinds:
                continue
            if per.get("owner", "controller") == "controller" and info["owner"] != controller:
                continue
            for u in uids:
                d = self.defn(u)
                if "trait" in per and per["trait"] not in d.traits:
                    continue
                if "kind" in per and d.kind != per["kind"]:
                    continue
                n += 1
        return n

    # -- lasting effects, delayed triggers, restrictions, reveals ---------
    def add_lasting(self, kind: str, until: Any, text: str, source: str | None = None,
                    controller: str | None = None, targets: list[str] | None = None,
                    players: list[str] | None = None, **spec: Any) -> int:
        """Hold an effect in the state until `until` (a flow level such as
        "turn", "round", "phase" or a game's "attack"; {"turn_of": P} for the
        beginning of P's next turn; "game"). `kind` is modifier (`stat`,
        `add`, `per`, `if`), restriction (`what`, `if`), replacement (`on`,
        `effect`, `args`, `if`) or reveal (`cards`, `to`). `text` says what it
        is in words; the record says when it starts and when it ends. Returns
        its id."""
        if kind not in LASTING_KINDS:
            raise ValueError(f"a lasting effect is one of {', '.join(LASTING_KINDS)}, not {kind!r}")
        need = {"modifier": ("stat", "add"), "restriction": ("what",), "replacement": ("on", "effect"),
                "reveal": ("cards", "to")}[kind]
        missing = [k for k in need if k not in spec]
        if missing:
            raise ValueError(f"a lasting {kind} needs {', '.join(missing)}")
        st = self.state
        n = st.extra.get("_lasting_ids", 0) + 1
        st.extra["_lasting_ids"] = n
        if "if" in spec and spec["if"] is None:
            spec.pop("if")
        entry = {"id": n, "kind": kind, "text": text, "source": source, "controller": controller,
                 "targets": list(targets) if targets is not None else None,
                 "players": list(players) if players is not None else None,
                 "until": until, "ends": end_point(self, until), **spec}
        st.lasting.append(entry)
        self.events.append({"type": "lasting_start", "id": n, "kind": kind, "text": text,
                            "until": until_words(until)})
        return n

    def end_lasting(self, lasting_id: int) -> None:
        """End a lasting effect before its time (its text says why in the record)."""
        from .lasting import _ended
        for e in list(self.state.lasting):
            if e["id"] == lasting_id:
                self.state.lasting.remove(e)
                _ended(self, e)

    def lasting(self, kind: str | None = None) -> list[dict]:
        return [e for e in self.state.lasting if kind is None or e["kind"] == kind]

    def delay(self, effect: str, until: Any, text: str, source: str | None = None,
              controller: str | None = None, args: dict | None = None, data: dict | None = None) -> int:
        """A delayed trigger: `effect` resolves once, as a trigger, when `until`
        comes ("phase": at the end of this phase; {"turn_of": P}: at the
        beginning of P's next turn). Returns its id."""
        self.game.effect(effect)  # a clear error for an unknown name, now
        st = self.state
        n = st.extra.get("_lasting_ids", 0) + 1
        st.extra["_lasting_ids"] = n
        st.delayed.append({"id": n, "effect": effect, "text": text, "source": source,
                           "controller": controller, "args": args, "data": dict(data or {}),
                           "until": until, "ends": end_point(self, until)})
        self.events.append({"type": "delayed_created", "id": n, "text": text, "when": until_words(until)})
        return n

    def restricted(self, what: str, player: str | None = None, card: str | None = None,
                   event: dict | None = None) -> str | None:
        """Why `what` may not happen ("draw" for a player, "be_defeated" for a
        card), from restriction abilities of cards in play and lasting
        restrictions; None when nothing forbids it."""
        ev = dict(event or {})
        for uid, ab in self._active(("restriction", what)):
            if ab.scope == "self" and card != uid:
                continue
            if ab.scope == "owner" and (player is None or self.owner_of(uid) != player):
                continue
            if ab.scope == "attached" and (card is None or self.state.cards[uid].get("attached_to") != card):
                continue
            if ab.when and not self._matches(ab.when, ev, uid):
                continue
            return ab.text or f"{self.name(uid)} forbids it"
        if self.state.lasting:
            from .lasting import applies
            for e in self.state.lasting:
                if e["kind"] == "restriction" and e["what"] == what and applies(self, e, player, card, ev):
                    return e["text"]
        return None

    def reveal(self, cards: list[str], to: str, text: str, until: Any = None) -> None:
        """Show cards to one seat ("look at the top card", "show your hand to
        Bo"): the record's event is seen by that seat only, and with `until`
        the seat's view shows those cards until then."""
        if to not in self.players:
            raise ValueError(f"reveal: no player named {to!r}")
        self.events.append({"type": "reveal", "cards": list(cards), "to": to, "text": text,
                            "seen_by": [to]})
        if until is not None:
            self.add_lasting("reveal", until, text, cards=list(cards), to=to, players=[to])
            self.events[-1]["seen_by"] = [to]

    # -- faces -----------------------------------------------------------
    def face(self, uid: str):
        """The face that is up, for a two-faced card (None for a card with one face)."""
        d = self.defn(uid)
        if not d.faces:
            return None
        return d.faces[self.state.cards[uid].get("face", 0)]

    def flip(self, uid: str, face: int | None = None) -> dict | None | _Pending:
        """Turn a two-faced card to `face` (default: the next one) through the pipeline."""
        d = self.defn(uid)
        if not d.faces:
            raise ValueError(f"{uid} has one face only")
        now = self.state.cards[uid].get("face", 0)
        to = (now + 1) % len(d.faces) if face is None else face
        if not 0 <= to < len(d.faces):
            raise ValueError(f"{uid} has no face {face!r}")
        return self.do("flip", card=uid, face=to, was=now)

    # -- where in the flow -------------------------------------------------
    def phase(self) -> str | None:
        """The name of the innermost running node of level "phase" (None outside one)."""
        nodes = self.game.nodes
        for frame in reversed(self.state.cursor):
            n = frame.get("n")
            if n is not None and nodes[n].level == "phase":
                return nodes[n].name
        return None

    def this(self, scope: str = "turn") -> dict:
        """The game's data for this turn (or round, or phase) only: the engine
        puts a fresh copy of `GameDef.per_turn` (`per_round`) in place when the
        next one begins, so no rule has to clear it. A hand-built position
        without it gets the fresh defaults."""
        d = self.state.extra.get(_THIS.get(scope) or f"_this_{scope}")
        if d is None:
            d = self.fresh(scope)
        return d

    def fresh(self, scope: str) -> dict:
        """Put fresh per-turn (per-round, per-phase) data in place and return it."""
        defaults = self.game.per_turn if scope == "turn" else self.game.per_round if scope == "round" else {}
        d = self.state.extra[_THIS.get(scope) or f"_this_{scope}"] = _copy(defaults)
        return d

    def new_scope(self, scope: str) -> None:
        """A turn (round, phase) begins: its data starts fresh (see `this`)."""
        defaults = self.game.per_turn if scope == "turn" else self.game.per_round
        if defaults:
            self.state.extra[_THIS[scope]] = _copy(defaults)
        elif self.state.extra:
            self.state.extra.pop(_THIS[scope], None)

    def ruling(self, ruling_id: str) -> str:
        """The reading of a ruling with two defensible readings chosen for this
        game (`GameDef.ruling_variants`; the default is the first)."""
        chosen = self.state.options.get("rulings") or {}
        if ruling_id in chosen:
            return chosen[ruling_id]
        readings = self.game.ruling_variants.get(ruling_id)
        if readings is None:
            raise KeyError(f"{self.game.title} has no ruling variant {ruling_id!r}")
        return next(iter(readings))

    # -- who decides -------------------------------------------------------
    def decider(self, controller: str | None) -> str:
        """The seat that decides for `controller`: the controller itself, or for
        an ownerless card (the foe, the encounter deck) the game's first player."""
        if controller in self.players:
            return controller
        return self.game.first_player(self) or self.player or self.game.speaker(self)

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
                key = ab.stat if ab.type == "modifier" else ab.window if ab.type == "action" else ab.on
                index.setdefault((ab.type, key), []).append((uid, ab))
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


_THIS = {"turn": "_this_turn", "round": "_this_round", "phase": "_this_phase"}


def _prefixed(words: str, out: Any) -> Any:
    """An outcome with the words of a paid cost in front of its text."""
    from .flow import Say
    if isinstance(out, Pause):
        if out.say is not None:
            out.say = _prefixed(words, out.say)
        else:
            out.say = words
        return out
    if isinstance(out, Say):
        return Say(f"{words} {out.text}", out.rule, f"{words} {out.public}" if out.public else None, out.again)
    return f"{words} {out}" if out is not None else words


def _base_check_state(game: Any) -> Any:
    global _BASE_CHECK
    if _BASE_CHECK is None:
        from .gamedef import GameDef
        _BASE_CHECK = GameDef.check_state
    return _BASE_CHECK


_BASE_CHECK: Any = None  # GameDef.check_state, found at the first Ctx (gamedef.py imports this module)
_KINDS: list = [None, {}]  # the card definitions last seen and their kinds by card id


def _kinds_of(defs: dict[str, CardDef]) -> dict[str, str]:
    """Each card's kind by card id. A new game (or a bot's seat view) of the same cards
    shares the dict of the last: a Ctx reads it and never changes it."""
    if _KINDS[0] is not defs:
        _KINDS[0], _KINDS[1] = defs, {cid: d.kind for cid, d in defs.items()}
    return _KINDS[1]


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


def core_shuffle(ctx: Ctx, ev: dict) -> None:
    ctx.state.shuffle(ctx.state.zones[ev["zone"]])


def core_counter(ctx: Ctx, ev: dict) -> None:
    p = ctx.state.player(ev["player"])
    p[ev["key"]] = p.get(ev["key"], 0) + ev["add"]


def core_flip(ctx: Ctx, ev: dict) -> None:
    ctx.state.cards[ev["card"]]["face"] = ev["face"]


CORE_PROCEDURES: dict[str, Callable[[Ctx, dict], None]] = {
    "move": core_move,
    "shuffle": core_shuffle,
    "counter": core_counter,
    "flip": core_flip,
}
