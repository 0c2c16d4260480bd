"""Stepping: one rule at a time, over the flow tree and the resolution stack.

The cursor (`state.cursor`) is one stack of frames, bottom first:

* a flow frame `{"n": node id, ...}` for each node of the flow tree entered;
* above them, the **resolution stack**: an effect in progress `{"fx": ...}`,
  an event that must ask `{"do": ...}`, a response window `{"rw": ...}`.

`_settle` moves the cursor until a rule is ready (a step), a decision is
open, or the game is over. Collected triggers resolve first, unless an
effect or an event on the stack is part-way through (asking, or waiting for
what it pushed): then they wait until it is done.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from . import bots as _bots
from .decision import Decision, Option
from .effects import Effect, OrderRule, Pause
from .errors import GameOver, IllegalChoice, NeedsDecision, SaveFormatError, TablekitError
from .flow import POP, PUSH, READY, ActionWindow, Ask, Node, Say, Step
from .gamedef import PATH_CACHE_SIZE
from .lasting import frame_done
from .records import Later, StepRecord

UNTIL = ("decision", "phase", "round", "end")

# the most moves of the cursor between two rules: more means a loop that can never end
# (every pass skipped), which is an error of the position, never a wait
SETTLE_LIMIT = 100_000


def in_progress(frame: dict) -> bool:
    """Whether a stack frame is part-way through (triggers wait for it)."""
    if "fx" in frame:
        return frame["st"] != "new"
    return "do" in frame


class Stepping:
    """The stepping half of `Game` (see engine.py)."""

    # set by Game.__init__
    state: Any
    ctx: Any
    gamedef: Any
    nodes: list[Node]
    settles: list  # the compiled flow: each node's settle by node id (GameDef.settle_plan)
    history: list[StepRecord]
    _pending: Decision | None
    _open: tuple | None
    _hinted: Decision | None = None  # the decision GameDef.hint was last asked about
    _forced: Decision | None = None  # the decision of the Ask that the next step answers by itself

    # -- where the game is ------------------------------------------------------
    @property
    def cursor(self) -> tuple[str, ...]:
        """The static path of the flow node the game is at now (empty once over)."""
        for frame in reversed(self.state.cursor):
            n = frame.get("n")
            if n is not None:
                return self.nodes[n].path
        return ()

    @property
    def path(self) -> tuple[str, ...]:
        """Where the game is now, in words ("Round 2", "Bo's turn", "Attack")."""
        return self._path_words()

    @property
    def stack(self) -> list[dict]:
        """The resolution stack: the frames above the flow (effects in progress,
        events that ask, response windows), bottom first."""
        return self.ctx.stack

    @property
    def stack_depth(self) -> int:
        return sum(1 for f in self.state.cursor if "n" not in f)

    @property
    def pending(self) -> Decision | None:
        """The open decision, or None. Built on first look (decisions are lazy);
        a decision built without a hint gets the game's (`GameDef.hint`) then."""
        if self._pending is None and self._open is not None:
            self._pending = self._decision_at(self._open)
            if self._pending is None:
                raise TablekitError(f"internal: {self._open[0]!r} said a decision arises, "
                                    "but none was built")
        d = self._pending
        if d is not None and self._hinted is not d and self.watched:  # a hint is for a person
            self._hinted = d
            if not d.hint:
                d.hint = self.gamedef.hint(self.ctx, d) or ""
        return d

    @property
    def pending_node(self) -> Node | None:
        """The decision or action-window node whose own question is open, or
        None: no decision is open, or the open one was raised by a card's
        effect, an event, a response or a trigger order at whatever node
        the game is at."""
        opened = self._open
        return opened[1] if opened is not None and opened[0] == "node" else None

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
        if self.gamedef.option_aliases:  # an old name of a renamed option (GameDef.option_aliases)
            option_ids = tuple(self.gamedef.resolve_option(d, oid) for oid in option_ids)
        return self._answer(d, tuple(option_ids))

    def _answer(self, d: Decision, ids: tuple[str, ...], checked: bool = False) -> StepRecord:
        """Answer the open decision `d` with `ids` (strings): checked (unless `checked`
        says `d.check(ids)` passed already), applied, recorded."""
        if not checked:
            d.check(ids)
        try:
            rec = self._do_choice(ids)
        except Exception:
            self._rewind(len(self.history))  # a failing rule must leave nothing changed
            raise
        if self._future or self.watched:
            self._commit(rec)
        else:  # the fast path's commit, without a call: nothing to forget, no snapshot
            self.history.append(rec)
        return rec

    def run(self, until: str = "end", bots: str | Mapping[str, str] | None = None,
            max_records: int = 1_000_000, stop: Callable[[], bool] | None = None) -> list[StepRecord]:
        """Step (and let bots choose) until the game ends, or until the phase or
        round ends (`until="phase"` / `"round"`), or until the next decision
        (`until="decision"`). Stops early at a decision no bot answers, and after
        any record at which `stop()` is true (a guided game's next lesson)."""
        if until not in UNTIL:
            raise TablekitError(f"until must be one of {', '.join(UNTIL)}, not {until!r}")
        seats = _bots.seat_kinds(bots, self.players)
        out: list[StepRecord] = []
        level = until if until in ("phase", "round") else None
        rnd = _bots.RecordRandom()  # one object, moved to each record a bot answers at
        start_key = self._level_key(level) if level else None
        to_decision = until == "decision"
        history, gamedef, record_answer = self.history, self.gamedef, _bots.record_answer
        random_answer = _bots.random_answer
        while len(out) < max_records:
            st = self.state  # a failing rule rewinds to a new State object
            if st.over:
                break
            d = self._pending
            if self._open is not None and (d is None or self.watched):
                d = self.pending  # built on first look; a watched game's hint added
            if d is not None:
                kind = seats.get(d.player)
                if to_decision or kind is None:
                    break
                if kind == "random":  # record_answer's own way for a random seat, without its call
                    rnd.reseed(st.seed, len(history))
                    ids = random_answer(d, rnd)
                else:
                    ids = record_answer(kind, gamedef, self.ctx, d, st.seed, len(history), rnd)
                # the random bot answers only what d.check allows: one legal pick where no
                # `validate` looks at the answer, or an answer it checked itself
                checked = kind == "random" and (d.validate is None or d.max != 1 or d.min != 1)
                out.append(self._answer(d, tuple(ids), checked))
            else:  # no decision is open and the game is not over: the next rule is a step
                rec = self._do_step()
                if self._future or self.watched:
                    self._commit(rec)
                else:  # the fast path's commit, as in _answer
                    history.append(rec)
                out.append(rec)
            if level and self._level_key(level) != start_key:
                break
            if stop is not None and stop():
                break
        return out

    # -- internals -----------------------------------------------------------
    def _settle(self) -> None:
        """Move the cursor until a rule is ready, a decision is open or the game is over."""
        st, ctx, nodes, settles = self.state, self.ctx, self.nodes, self.settles
        self._pending = None
        self._open = None
        self._forced = None
        self._rule: OrderRule | None = None
        pushed = settle = None  # the frame just pushed and its node's settle: settled next, without
        # looking again at what pushing it cannot change
        for _ in range(SETTLE_LIMIT):
            if pushed is not None:
                frame = pushed
                pushed = None
            else:
                if st.over:
                    return
                cursor = st.cursor  # a rule may have replaced the list (end_game clears it in place)
                if st.triggers and not self._busy():
                    if st.trigger_next is None:
                        r = self.gamedef.order_triggers(ctx, st.triggers)
                        if isinstance(r, Decision):
                            self._pending = r
                            self._open = ("order", r)
                        elif isinstance(r, OrderRule):
                            self._rule = r
                        else:
                            st.trigger_next = r
                    if self._rule is None and self._open is None:
                        t = st.triggers[st.trigger_next or 0]
                        if ctx.trigger_ability(t).optional and not t.get("accepted"):
                            self._open = ("offer", t)  # a response: its controller may use it or not
                    return
                if not cursor:
                    res = self.gamedef.result(ctx)
                    if not res.ending:
                        res.ending = "end"
                    self.gamedef.check_ending(res.ending)
                    st.result = res.to_dict()
                    st.over = True
                    return
                frame = cursor[-1]
                if "n" not in frame:
                    if "fx" in frame:
                        if frame["st"] == "ask":
                            self._open = ("fx", frame)
                        return  # new or waiting: its next stage is a step
                    if "do" in frame:
                        self._open = ("do", frame)
                        return
                    # a response window
                    if frame["o"]:
                        self._open = ("rw", frame)
                        return
                    cursor.pop()
                    if frame.get("mode") == "top" and frame.get("chain") is not None:
                        chain = ctx.chain_frames(frame["chain"])
                        if len(chain) > 1:
                            top = chain[-1]
                            top["data"]["_discarded"] = [f["label"] for f in chain[:-1]]
                            for f in chain[:-1]:
                                ctx.remove_frame(f)
                    continue
                settle = settles[frame["n"]]
            r = settle(ctx, frame)
            tag = r[0]
            if tag is PUSH:
                # a frame carries the player of the turn it belongs to (see Ctx.player)
                child = r[1]
                p = frame.get("p")
                pushed = {"n": child.id} if p is None else {"n": child.id, "p": p}
                cursor.append(pushed)
                if len(r) > 2:  # the child's own settle, known already (see Node.settle)
                    if r[2] is not READY:
                        self._open = ("node", child, pushed)  # built on first look
                    return
                if st.triggers or st.over:  # what a settle set off is seen to first
                    pushed = None
                else:
                    settle = settles[child.id]
            elif tag is POP:
                cursor.pop()
                node = nodes[frame["n"]]
                if st.lasting or st.delayed:
                    frame_done(ctx, len(cursor), node.id)
                if node.level == "phase":  # once-per-phase uses and this phase's data end
                    st.extra.pop("_used_phase", None)
                    st.extra.pop("_this_phase", None)
            elif tag is READY:
                if len(r) > 1:  # an Ask answered by itself: its decision, built already
                    self._forced = r[1]
                return
            else:  # OPEN: the decision is built now if ask() already ran, else on first look
                self._open = ("node", nodes[frame["n"]], frame)
                self._pending = r[1] if len(r) > 1 else None
                return
        if not st.over:
            raise TablekitError(
                f"the rules went round {SETTLE_LIMIT} times without a rule to apply or a decision "
                "to make: this position can never go on (a loop whose every pass is skipped)")

    def _busy(self) -> bool:
        """Whether an effect or an event on the stack is part-way through (the
        stack frames are the top of the cursor, above every flow frame)."""
        for f in reversed(self.state.cursor):
            if "n" in f:
                return False
            if in_progress(f):
                return True
        return False

    def _decision_at(self, opened: tuple) -> Decision | None:
        what = opened[0]
        ctx = self.ctx
        if what == "order":
            return opened[1]
        if what == "offer":
            return self._offer_decision(opened[1])
        if what == "node":
            node, frame = opened[1], opened[2]
            if isinstance(node, Ask):
                return node.ask(ctx)
            assert isinstance(node, ActionWindow)
            player = frame["o"][frame["i"]]
            return node.decision(player, node.options(ctx, player))
        frame = opened[1]
        if what == "fx":
            eff = self.gamedef.effect(frame["fx"])
            if frame.get("asker"):  # built when looked at
                d = getattr(eff, frame["asker"])(ctx, ctx.use_of(frame))
                if frame.get("val"):
                    method, use = getattr(eff, frame["val"]), ctx.use_of(frame)
                    d.validate = lambda ids, method=method, use=use: method(ctx, use, tuple(ids))
                return d
            validate = None
            if frame.get("val"):
                method = getattr(eff, frame["val"])
                use = ctx.use_of(frame)
                def validate(ids, method=method, use=use):  # noqa: E306
                    return method(ctx, use, tuple(ids))
            return Decision.from_dict(frame["ask"], validate)
        if what == "do":
            return self._event_decision(frame)
        player = frame["o"][0]
        opts = list(self.gamedef.response_options(ctx, frame["rw"], player))
        top = next((f for f in reversed(self.state.cursor) if "fx" in f), None)
        prompt, pass_label = self.gamedef.response_words(ctx, frame["rw"], player, top)
        opts.append(Option("pass", pass_label))
        return Decision(player, prompt, opts, kind="response")

    def _offer_decision(self, t: dict) -> Decision:
        ctx = self.ctx
        ab = ctx.trigger_ability(t)
        use = ctx.trigger_use(t)
        eff = self.gamedef.effect(ab.effect)
        cost = eff.cost(ctx, use)
        price = f" ({cost.words(ctx, use)})" if cost is not None else ""
        why = ctx.usable(use)
        who = ctx.decider(t["controller"])
        opts = [Option("use", f"Use {eff.label(ctx, use)}{price}", why is None, why or ""),
                Option("decline", "Do not use it")]
        return Decision(who, f"{eff.label(ctx, use)} may respond{price}: use it?", opts, kind="response-offer")

    def _event_decision(self, frame: dict) -> Decision:
        ctx = self.ctx
        ev = frame["do"]
        if frame["st"] == "offer":
            who = frame["who"][0]
            opts = []
            for use in ctx._offers(ev):
                if use.controller == who:
                    eff = self.gamedef.effect(use.ability.effect)
                    oid = f"replace:{use.source}:{ctx._ability_index(use.source, use.ability)}"
                    opts.append(Option(oid, f"Instead: {eff.label(ctx, use)}"))
            opts.append(Option("decline", "Let it happen as it is"))
            return Decision(who, f"{self._event_words(ev)}: you may replace it.", opts, kind="replacement")
        uses = ctx.mandatory_replacements(ev, frame["applied"])
        who = self.gamedef.affected_player(ctx, ev)
        opts = [Option(f"first:{u.source}:{ctx._ability_index(u.source, u.ability)}",
                       self.gamedef.effect(u.ability.effect).label(ctx, u)) for u in uses]
        return Decision(who, f"{self._event_words(ev)}: several effects change it. Which applies first?",
                        opts, kind="replacement-order")

    def _event_words(self, ev: dict) -> str:
        return self.gamedef.event_words(self.ctx, ev)

    def _path_words(self) -> tuple[str, ...]:
        """Where the game is, in words: read through the top node's `PathPlan` when
        every frame is a flow frame, else frame by frame."""
        cursor = self.state.cursor
        if cursor:
            n = cursor[-1].get("n")
            plan = self._plans[n] if n is not None else None
            if plan is not None and len(cursor) == plan[0]:
                keyed = plan[1]
                if not keyed:
                    return plan[2]
                if len(keyed) == 2:  # a turn in a round, the common case
                    (d1, k1), (d2, k2) = keyed
                    key: tuple = (n, cursor[d1].get(k1), cursor[d2].get(k2))
                else:
                    key = (n, *[cursor[d].get(k) for d, k in keyed])
                cache = self._path_cache
                words = cache.get(key)
                if words is None:
                    words = self._frame_words()
                    if len(cache) >= PATH_CACHE_SIZE:
                        cache.clear()
                    cache[key] = words
                return words
        return self._frame_words()

    def _frame_words(self) -> tuple[str, ...]:
        """The path in words, frame by frame."""
        # per node: its fixed label, "" for none, or None when it depends on the frame
        labels = self._labels
        nodes = self.nodes
        words = []
        for frame in self.state.cursor:
            if "n" in frame:
                n = frame["n"]
                label = labels[n]
                if type(label) is not str:  # it depends on the frame
                    # a round's or a turn's label formatted already, read without a call
                    label = label[0].get(frame.get(label[1])) if label is not None else None
                    if label is None:
                        label = nodes[n].label(frame)
                if label:
                    words.append(label)
            elif "fx" in frame:
                words.append(frame["label"])
                if frame["st"] == "ask" and frame.get("askname"):
                    words.append(frame["askname"])
            elif "do" in frame:
                words.append(self._event_words(frame["do"]))
            else:
                words.append(frame["label"])
        return tuple(words)

    def _flow_node(self) -> Node:
        for frame in reversed(self.state.cursor):
            n = frame.get("n")
            if n is not None:
                return self.nodes[n]
        return self.nodes[0]

    def _do_step(self) -> StepRecord:
        st, ctx = self.state, self.ctx
        ctx.events = []
        ctx._said = None
        if ctx._endings:  # left over from a settle that made no record (a restore, a rebase)
            ctx._endings.clear()
        if self._rule is not None:
            rule = self._rule
            node = self._flow_node()
            path = self._path_words() + (rule.name,)
            say = rule.apply(ctx)
            return self._record("step", node, path, say, player=ctx.player)
        if st.triggers and not self._busy():
            idx = st.trigger_next or 0
            trig = st.triggers[idx]
            node = self._flow_node()
            if trig.get("effect"):  # a delayed trigger
                path = self._path_words() + (trig["event"].get("text") or "A delayed effect",)
                rule = trig["event"].get("text") or "delayed effect"
            else:
                card = trig.get("card") or st.cards[trig["source"]]["card"]
                d = self.defs[card]
                ab = d.abilities[trig["ability"]]
                path = self._path_words() + (f"{self.gamedef.card_name(d)} triggers",)
                rule = ab.text or f"card text of {d.name}"
            out = ctx.start_trigger(idx)
            say = self._stage_say(out, ctx)
            # settled on: the next trigger (in the game's order) or the next rule
            return self._record("step", node, path, say, player=trig["controller"], rule=rule)
        frame = st.cursor[-1]
        if "fx" in frame:
            node = self._flow_node()
            path = self._path_words()
            stage = frame.get("then") if frame["st"] == "wait" else None
            out = ctx.run_stage(frame, stage or "apply", None if stage is None else ())
            say = self._stage_say(out, ctx, frame)
            return self._record("step", node, path, say, player=frame.get("ctl"), rule=self._fx_rule(frame))
        node = self.nodes[frame["n"]]
        path = self._path_words()
        if isinstance(node, ActionWindow):  # it closes because nobody (else) can act
            say = node.closing_words(frame)
            ctx.remove_frame(frame)
            return self._record("step", node, path, say, player=None)
        if isinstance(node, Step):
            say = node.apply(ctx)
            player = ctx.player
        elif isinstance(node, Ask):
            d = self._forced if self._forced is not None else node.ask(ctx)  # built by its settle
            oid = node.forced(d) if d is not None else None
            if oid is None:  # pragma: no cover - _settle guarantees it
                raise TablekitError(f"internal: {node.name} is not an automatic step")
            say = node.resolve(ctx, (oid,))
            player = d.player
            if isinstance(say, Say):
                say.text = say.text + " (the only legal choice)"
            else:
                say = say + " (the only legal choice)"
        else:  # pragma: no cover
            raise TablekitError(f"internal: cannot step at {node!r}")
        cursor = st.cursor
        if cursor and cursor[-1] is frame:
            cursor.pop()
        else:
            ctx.remove_frame(frame)
        return self._record("step", node, path, say, player=player)

    def _fx_rule(self, frame: dict) -> str | None:
        if frame.get("ab") is not None and frame.get("card") is not None:
            ab = self.defs[frame["card"]].abilities[frame["ab"]]
            return ab.text or f"card text of {self.defs[frame['card']].name}"
        return None

    def _stage_say(self, out: Any, ctx: Any, frame: dict | None = None) -> Any:
        if isinstance(out, Pause):
            if out.say is not None:
                return out.say
            label = frame["label"] if frame else "The effect"
            if out.kind == "ask" and not isinstance(out.decision, str):
                return f"{label}: {out.decision.player} must choose ({out.decision.prompt})"
            if out.kind == "ask":
                return f"{label}: a choice must be made."
            return f"{label} goes on."
        if out is None:
            label = frame["label"] if frame else "The effect"
            return f"{label} resolves."
        return out

    def _do_choice(self, ids: tuple[str, ...]) -> StepRecord:
        st, ctx = self.state, self.ctx
        ctx.events = []
        ctx._said = None
        if ctx._endings:  # left over from a settle that made no record (a restore, a rebase)
            ctx._endings.clear()
        d = self._pending
        if d is None:
            d = self.pending  # built on first look
        if d is None:  # replaying a save that does not fit the rules
            raise SaveFormatError("a recorded choice has no open decision to answer")
        opened = self._open
        what = opened[0]
        # the record's node: the decision's own node, else the flow node the game is at
        node = opened[1] if what == "node" else self._flow_node()
        path = self._path_words()
        rule = None
        if what == "order":
            path = path + ("Order of triggered abilities",)
            say: Any = self.gamedef.trigger_order_chosen(ctx, st.triggers, d, ids)
            if isinstance(say, (Pause,)) or say is None:
                say = self._stage_say(say, ctx)
        elif what == "node":
            frame = opened[2]
            if isinstance(node, Ask):
                say = node.resolve(ctx, ids)
                again = isinstance(say, Say) and say.again
                if not again:
                    cursor = st.cursor
                    if cursor and cursor[-1] is frame:
                        cursor.pop()
                    else:
                        ctx.remove_frame(frame)
            else:
                assert isinstance(node, ActionWindow)
                player = frame["o"][frame["i"]]
                frame.pop("auto", None)
                if ids == ("pass",):
                    frame["passes"] += 1
                    say = f"{player} passes."
                elif node.abilities and ids[0].startswith("act:"):
                    _, uid, abi = ids[0].rsplit(":", 2)
                    frame["passes"] = 0
                    ab = ctx.defn(uid).abilities[int(abi)]
                    say = self._stage_say(ctx.start(ab.effect, source=uid, controller=player, ability=int(abi)),
                                          ctx)
                    rule = ab.text or None
                else:
                    say = node.resolve(ctx, player, ids)
                    frame["passes"] = 0
                frame["i"] = (frame["i"] + 1) % len(frame["o"])
        elif what == "offer":
            t = opened[1]
            idx = st.triggers.index(t)
            ab = ctx.trigger_ability(t)
            label = self.gamedef.effect(ab.effect).label(ctx, ctx.trigger_use(t))
            path = path + (f"{label} may respond",)
            if ids == ("decline",):
                st.triggers.pop(idx)
                st.trigger_next = None
                say = f"{d.player} does not use {label}."
            else:
                out = ctx.start_trigger(idx)
                say = self._stage_say(out, ctx)
            rule = ab.text or None
        elif what == "fx":
            frame = opened[1]
            stage = frame["then"]
            frame["st"] = "running"
            out = ctx.run_stage(frame, stage, ids)
            if isinstance(out, Pause) and out.say is None:
                out.say = f"{d.player} chooses {', '.join(d.option(i).label for i in ids) or 'nothing'}."
            say = self._stage_say(out, ctx, frame)
            rule = self._fx_rule(frame)
        elif what == "do":
            say = self._answer_event(opened[1], d, ids)
        else:
            say = self._answer_window(opened[1], d, ids)
        return self._record("choice", node, path, say, player=d.player, choice=ids, rule=rule, secret=d.secret)

    def _answer_event(self, frame: dict, d: Decision, ids: tuple[str, ...]) -> Any:
        ctx = self.ctx
        ev = frame["do"]
        applied = set(frame["applied"])
        rest = frame.get("rest") or []
        ctx.remove_frame(frame)
        say: Any = None
        if frame["st"] == "offer":
            who = frame["who"].pop(0)
            if ids[0] != "decline":
                _, uid, abi = ids[0].rsplit(":", 2)
                card = ctx.state.cards[uid]["card"]
                ab = self.defs[card].abilities[int(abi)]
                eff = self.gamedef.effect(ab.effect)
                if type(eff).replace is Effect.replace:
                    # the effect happens instead of the event
                    out = ctx.start(ab.effect, source=uid, controller=who, ability=int(abi), card=card,
                                    event=ev)
                    say = self._stage_say(out, ctx)
                    self._emit_rest(rest)
                    return say
                # the effect changes the event, which goes on through the pipeline
                from .context import AbilityUse
                r = eff.replace(ctx, AbilityUse(uid, who, ab, ev))
                declined = f"{who} uses {d.option(ids[0]).label[len('Instead: '):]}."
                if r is not None:
                    r["_offered"] = True
                    r = ctx._replacements(r, applied)
            elif frame["who"]:  # the next controller with a replacement is asked
                ctx.state.cursor.append(frame)
                return f"{who} lets it happen: {self._event_words(ev)}."
            else:
                ev["_offered"] = True
                r = ctx._replacements(ev, applied)
                declined = f"{who} lets it happen."
        else:
            _, uid, abi = ids[0].rsplit(":", 2)
            ab = ctx.defn(uid).abilities[int(abi)]
            r = ctx.apply_replacement(ev, uid, ab, applied)
            declined = f"{d.player} applies {d.option(ids[0]).label} first."
            if r is not None:
                r["_offered"] = True
                r = ctx._replacements(r, applied)
        done = isinstance(r, dict)
        if done:
            ev = ctx._finish_event(r)
        said = ctx._said
        if said is not None and done:
            if isinstance(said, Say):
                say = Say(f"{declined} {said.text}", rule=said.rule,
                          public=f"{declined} {said.public}" if said.public else None)
            else:
                say = f"{declined} {said}"
        else:
            say = (f"{declined} {self._event_words(ev)}." if r is not None
                   else f"{declined} It is cancelled.")
        self._emit_rest(rest)
        return say

    def _emit_rest(self, rest: list[dict]) -> None:
        if rest:
            self.ctx.batch(rest)

    def _answer_window(self, frame: dict, d: Decision, ids: tuple[str, ...]) -> Any:
        ctx, gd = self.ctx, self.gamedef
        player = frame["o"].pop(0)
        if ids == ("pass",):
            return gd.response_passed(ctx, frame["rw"], player)
        use = gd.response_use(ctx, frame["rw"], player, ids[0])
        eff = gd.effect(use.ability.effect)
        say = eff.respond(ctx, use)
        ctx.remove_frame(frame)
        chain = frame.get("chain")
        ctx.start(use.ability.effect, source=use.source, controller=player,
                  ability=ctx._ability_index(use.source, use.ability), now=False,
                  chain=chain)
        ctx.state.cursor.append({"rw": frame["rw"], "o": gd.respond_order(ctx, frame["rw"], player),
                                 "label": frame["label"], "mode": frame.get("mode", "cancel"),
                                 "chain": chain, "p": frame.get("p")})
        return say

    def _note_endings(self, rec: StepRecord) -> None:
        """Add to a record what lasting effects ended as the cursor moved on after it."""
        endings = self.ctx._endings
        words = " " + " ".join(endings)
        rec.text = rec._text + words  # a Later stays one (the fast path)
        if rec._public is not None:
            rec.public_text = rec._public + words
        endings.clear()

    def _record(self, kind: str, node: Node, path: tuple[str, ...], say: Any,
                player: str | None = None, choice: tuple[str, ...] = (),
                rule: str | None = None, secret: bool = False) -> StepRecord:
        """The record of what a rule did (`secret`: a hidden pick, its public words
        said for it); then the cursor moves on, and what lasting effects ended as
        it did are added to the record."""
        if isinstance(say, Say):
            text, rule, public = say.text, say.rule or rule, say.public
        else:
            text, public = (say if type(say) is Later else str(say)), None
        if self.watched:  # words for a person are written at once; the fast path writes them when read
            if type(text) is Later:
                text = str(text)
            if type(public) is Later:
                public = str(public)
        if type(text) is str and not text:  # (a watched game has its Later words written by now)
            raise TablekitError(f"internal: the rule {node.name!r} gave no explanation")
        if self.state.over and self.state.result and any(e.get("type") == "end_game" for e in self.ctx.events):
            why = self.state.result.get("text", "")
            if why:
                text = _with_over(text, why)
                if public is not None:
                    public = _with_over(public, why)
        rec = StepRecord(len(self.history), kind, node.path, path, rule or node.rule, text, self.ctx.events,
                         player, choice, public)
        if secret:
            rec.secret = True
            if rec.public_text is None:
                rec.public_text = f"{player} makes a hidden choice."
        self._settle()
        if self.ctx._endings:
            self._note_endings(rec)
        return rec

    def _level_key(self, level: str) -> tuple | None:
        key = None
        words: list[str] = []
        for frame in self.state.cursor:
            n = frame.get("n")
            if n is None:
                continue
            node = self.nodes[n]
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


def _with_over(text: str | Later, why: str) -> str | Later:
    """A record's words with why the game is over added (unless they say it already)."""
    if type(text) is Later:
        return Later(_over_words, text, why)
    return _over_words(text, why)


def _over_words(text: str | Later, why: str) -> str:
    """The words of `text` (written now, if they were to be written when read) and why the game
    is over, unless they say it already."""
    text = str(text)
    return text if why in text else f"{text} The game is over: {why}"


__all__ = ["Stepping", "UNTIL", "in_progress"]
