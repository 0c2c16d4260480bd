"""Where the game stands in its flow and how it ends: the end of the game, loop counts,
the phase, this turn's and this round's data, rulings, the faces of cards and who decides.

One part of `Ctx` (tablekit/core/context.py), which joins the parts; a rule function
reaches it through `ctx` as before."""

from __future__ import annotations

from ..effects import _Pending
from ..result import Result
from ..state import _copy
from .attrs import CtxAttrs

# the state keys of this turn's, this round's and this phase's data
_THIS = {"turn": "_this_turn", "round": "_this_round", "phase": "_this_phase"}


class FlowPart(CtxAttrs):
    """Where the game stands, its end, this turn's data, rulings, faces, who decides."""

    # -- the end of the game -------------------------------------------
    def end_game(self, ending: str, text: str, winners: list[str],
                 scores: dict[str, float] | None = None) -> None:
        """End the game at once: pending triggers, the stack and the cursor are
        dropped, and the record of the current rule says why. `ending` is a
        short id ("third_retinue", "unfinished"), `text` the reason in words."""
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
