"""The resolution stack: effects asking or waiting, response windows and chains, and
triggered abilities collected and started.

One part of `Ctx` (tablekit/core/context.py), which joins the parts; a rule function
reaches it through `ctx` as before."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..abilityuse import AbilityUse
from ..cards import Ability
from ..effects import Effect, Pause
from ..flow import Say
from .attrs import CtxAttrs

if TYPE_CHECKING:  # pragma: no cover
    from ..decision import Decision


class StackPart(CtxAttrs):
    """The resolution stack: effects asking or waiting, windows, chains, triggers."""

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

def _prefixed(words: str, out: Any) -> Any:
    """An outcome with the words of a paid cost in front of its text."""
    if isinstance(out, Pause):
        if out.say is not None:
            out.say = _prefixed(words, out.say)
        else:
            out.say = words
        return out
    if isinstance(out, Say):
        return Say(f"{words} {out.text}", out.rule, f"{words} {out.public}" if out.public else None, out.again)
    return f"{words} {out}" if out is not None else words
