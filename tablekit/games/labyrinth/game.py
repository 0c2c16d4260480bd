"""Legends of Labyrinth: the game definition the engine registers."""

from __future__ import annotations

from tablekit.core import HIDDEN, OWNER, PUBLIC, Ctx, Decision, GameDef, OptionSpec, Result

from . import rules
from . import table as T
from .bots import heuristic


class LabyrinthGame(GameDef):
    id = "labyrinth"
    title = "Legends of Labyrinth"
    min_players = 2  # ruling LAB-PLAYERS
    max_players = 4
    card_fields = {"ability": (str, False), "number": (int, False), "hero_kind": (str, False),
                   "legendary": (bool, False), "timing": (str, False), "counters": (str, False),
                   "play": (str, False), "amount": (int, False)}
    active_zone_kinds = frozenset({"heroes"})
    rulings_page = "docs/rulings/labyrinth.md"
    options = {
        "gentle": OptionSpec(bool, False, "the gentler game: leave the Golem, Deadly Plague and "
                             "Beguilement! in the box"),
        "max_rounds": OptionSpec(int, 20, "end a game nobody wins after this many rounds "
                                 "(ruling LAB-LONG); 0: no limit"),
    }
    settable_extra = {
        "first": ((str,), "the lord who took the first turn (turn order starts there)"),
        "round": ((int,), "the number of the current round"),
        "gathered": ((dict,), "each lord's gathered retinues (retinue ids; a marker each)"),
        "turn": ((dict,), "this turn: actions (left), taken, passed, done, ret_used, ret_over, "
                 "leg_used, leg_over"),
        "chain": ((dict, type(None)), "the open counter chain: links (player, what, card, "
                  "retinue) and the queue of lords still to answer"),
        "sub": ((dict, type(None)), "an ability or card waiting for its choices"),
        "winner": ((str, type(None)), "the lord who gathered a third retinue"),
    }

    def build_flow(self):
        return rules.build_flow()

    def describe_card(self, ctx: Ctx, uid: str) -> tuple[str, str, list[str]]:
        d = ctx.defn(uid)
        words = d.name
        if d.kind == "hero":
            words += " · legendary hero" if d.fields.get("legendary") else " · common hero"
        elif d.kind == "retinue":
            who = [p for p, rs in ctx.extra.get("gathered", {}).items() if d.id in rs]
            words += " · retinue"
            if who:
                return d.name, words, [f"markers: {', '.join(who)}"]
        else:
            words += " · influence"
        if d.stand_in:
            words += " · stand-in"
        return d.name, words, []

    def create_table(self, ctx: Ctx) -> None:
        st = ctx.state
        st.add_zone(T.BOX, None, PUBLIC, "Game box", kind="box")
        st.add_zone(T.BOARD, None, PUBLIC, "Retinue board", kind="board")
        st.add_zone(T.INFLUENCE, None, HIDDEN, "Influence deck", kind="deck")
        st.add_zone(T.DISCARD, None, PUBLIC, "Influence discard pile", kind="discard")
        st.add_zone(T.HEROES, None, HIDDEN, "Heroes deck", kind="hero_deck")
        for p in st.player_names:
            st.add_zone(T.hand(p), p, OWNER, f"{p}'s hand", kind="hand")
            st.add_zone(T.heroes(p), p, PUBLIC, f"{p}'s heroes", kind="heroes")
            st.add_zone(T.played(p), p, PUBLIC, f"{p}'s played cards", kind="played")
        for d in self.cards.values():
            for n in range(1, d.quantity + 1):
                uid = d.id if d.quantity == 1 else f"{d.id}#{n}"
                st.add_card(uid, d.id, T.BOX)
        st.extra = {"first": None, "round": 0, "gathered": {p: [] for p in st.player_names},
                    "turn": T.fresh_turn(), "chain": None, "sub": None, "winner": None}

    def result(self, ctx: Ctx) -> Result:
        scores = {p: len(T.gathered(ctx, p)) for p in ctx.players}
        w = ctx.extra.get("winner")
        if w:
            return Result([w], scores, f"{w} gathered a third retinue")
        winners = ctx.extra.get("limit_winners") or []
        return Result(list(winners), scores, "the round limit was reached: most retinues share "
                      "the win (ruling LAB-LONG)")

    def redact_extra(self, extra: dict, viewer: str | None) -> dict:
        out = dict(extra)
        sub = out.get("sub")
        if sub:
            # the picks name a hero paid into the heroes deck, or cards of two hands
            out["sub"] = {k: v for k, v in sub.items() if k != "picks"}
            out["sub"]["picked"] = sorted(sub.get("picks", {}))
        return out

    def heuristic(self, ctx: Ctx, decision: Decision) -> list[str] | None:
        return heuristic(ctx, decision)


GAME = LabyrinthGame()
