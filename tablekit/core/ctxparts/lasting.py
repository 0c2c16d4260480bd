"""Lasting effects, delayed triggers, restrictions and reveals.

One part of `Ctx` (tablekit/core/context.py), which joins the parts; a rule function
reaches it through `ctx` as before."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..flow import ForEachPlayer, Loop
from ..lasting import KINDS as LASTING_KINDS
from ..lasting import _ended, applies, until_words
from .attrs import CtxAttrs

if TYPE_CHECKING:  # pragma: no cover
    from ..context import Ctx


def end_point(ctx: Ctx, until: Any) -> dict:
    """Where an effect that lasts `until` ends, as data: the flow frame whose
    end ends it (`depth`, `n`), a turn (`turn_of`), or never. It reads the flow's
    nodes, so it lives here, not in lasting.py, which flow.py imports."""
    if isinstance(until, dict):
        who = until.get("turn_of")
        if who not in ctx.players:
            raise ValueError(f"until turn_of names no player: {who!r}")
        return {"turn_of": who}
    if until == "game":
        return {"never": True}
    if not isinstance(until, str):
        raise ValueError(f"until is a level of the flow, {{'turn_of': player}} or 'game', not {until!r}")
    nodes = ctx.game.nodes
    cursor = ctx.state.cursor
    for i in range(len(cursor) - 1, -1, -1):
        n = cursor[i].get("n")
        if n is None:
            continue
        node = nodes[n]
        hit = (isinstance(node, ForEachPlayer) and node.sets_turn) if until == "turn" else node.level == until
        if hit:
            repeats = isinstance(node, (Loop, ForEachPlayer))
            j = i + 1 if repeats else i
            if j >= len(cursor) or cursor[j].get("n") is None:
                raise ValueError(f"no {until} is running here to last until its end")
            return {"depth": j, "n": cursor[j]["n"]}
    raise ValueError(f"no {until} is running here to last until its end")


class LastingPart(CtxAttrs):
    """Lasting effects, delayed triggers, restrictions and reveals."""

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
