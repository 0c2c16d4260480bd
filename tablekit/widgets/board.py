"""The board: one drawn widget for the whole table (anywidget).

`Board(game, seat)` sends the browser one view model (`boardmodel.board_model`)
and redraws from it on every change; the browser sends back only ids, as
messages that `boardmodel.check_message` reads as untrusted input. The drawing
is `board.js` and `board.css`, shipped in this folder: nothing is fetched from
the network and nothing is built at install. See docs/board.md.

One Board is one widget model: its state is the view model (`view`), the words
of the last refusal or error (`error`), which the board shows as a banner, and,
with `rules=True`, the rules beside the table: the outline (`rules_tree`, sent
once), the last rules search (`found`) and the diagram while it is open
(`diagram`).

What the table shows and who plays are set from the board too: View as (a seat,
a spectator, or everything), Who plays (a person, a random or a heuristic bot,
seat by seat), and Hot seat, where people share one screen: the table shows no
hand until the person whose turn it is says it is them ("I am ..."), then that
seat's view, until the turn passes to someone else. The Coach switch (off by
default) shows each answer's odds from playouts run in the background
(coachrun.py), to a view that sees the deciding seat's cards.

With `on_edit`, the board edits a position instead of playing it (the scenario
builder's): a card is picked with a click and put in a zone with "Put here" or
a drag, and a counter's number is typed; each edit is checked here and made by
`on_edit`.
"""

from __future__ import annotations

import os
import traceback
from pathlib import Path
from typing import Any, Callable, Mapping

import anywidget
import traitlets

from ..core.bots import record_answer
from ..core.engine import Game
from ..core.errors import TablekitError
from ..core.flow import Node
from ..core.guide import GuideRun
from ..core.search import count_rules, search_rules
from .boardmodel import BOT_KINDS, EVERYTHING, BoardMessageError, board_model, bottom_seat, check_message
from .cardwords import definition_view
from .coachrun import CoachRunner
from .files import game_from_upload, position_file
from .guide import bubble
from .search import hit_html, hit_label

HERE = Path(__file__).resolve().parent
# set by `tablekit serve --class N --no-view-all` for the kernels: no board offers "View as everything"
NO_VIEW_ALL_ENV = "TABLEKIT_NO_VIEW_ALL"
SEARCH_SHOWN = 12  # hits listed at once


def esm(main: str) -> str:
    """One ES module: cardview.js (the card drawing the board and the card shelf share),
    then the widget's own `main` file of this folder."""
    return "\n".join((HERE / name).read_text(encoding="utf-8") for name in ("cardview.js", main))


def rules_tree(node: Node) -> dict[str, Any]:
    """The flow as plain data for the outline: each node's name, kind, words, rule
    and children (the board marks where the game stands by the model's `at`)."""
    return {"name": node.name, "kind": node.kind, "text": node.text, "rule": node.rule or "",
            "children": [rules_tree(c) for c in node.children]}


class Board(anywidget.AnyWidget):
    """The table of `game` as `seat` sees it (None: a spectator; `everything=True`:
    the whole position), with its controls; `bots` names the seats bots play."""

    _esm = esm("board.js")
    _css = HERE / "board.css"
    view = traitlets.Dict().tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)
    rules_tree = traitlets.Dict().tag(sync=True)
    found = traitlets.Dict().tag(sync=True)
    diagram = traitlets.Unicode("").tag(sync=True)
    glossary = traitlets.List().tag(sync=True)
    coach = traitlets.Dict().tag(sync=True)
    guide = traitlets.Dict().tag(sync=True)

    def __init__(self, game: Game, seat: str | None = None, *, everything: bool = False,
                 bots: Mapping[str, str] | None = None, show_empty: bool = False, hot_seat: bool = False,
                 title: str | None = None, rules: bool = False,
                 on_branch: Callable[[], None] | None = None,
                 on_edit: Callable[[str, tuple[str, ...]], None] | None = None,
                 view_all: bool | None = None, coach: bool = False, guide: GuideRun | None = None,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        if seat is not None and seat not in game.players:
            raise TablekitError(f"no player named {seat!r}; the players are {', '.join(game.players)}")
        # "View as everything" offered (None: unless the teacher locked the views, NO_VIEW_ALL_ENV);
        # a board that edits a position always shows everything
        self.view_all = (on_edit is not None or view_all if view_all is not None
                         else on_edit is not None or not os.environ.get(NO_VIEW_ALL_ENV))
        if everything and not self.view_all:
            everything, seat = False, seat or bottom_seat(game)
        self.game = game
        self.seat = seat
        self.everything = everything
        self.bots = dict(bots or {})
        self.show_empty = show_empty
        self.hot_seat = hot_seat
        self.title = title
        self.rules = rules
        self.on_branch = on_branch  # "Branch here" calls it; None: the board offers no branches
        # a board that edits a position (the scenario builder's): each checked edit
        # (boardmodel.EDITS) goes to on_edit(action, args), which makes it or raises
        self.on_edit = on_edit
        self.confirmed: str | None = None  # hot seat: who said "I am ..." for the seat to play
        self.notice = ""  # what the last setting did, in words (a replay under another reading)
        self.hits: list[Any] = []  # the rules search's hits, as listed
        self.diagram_open = False
        self._diagram_at: tuple[str, ...] | None = None
        # called after every refresh (a branch's diff line, a rules page that follows this table)
        self.listeners: list[Callable[[], None]] = []
        if rules:
            self.rules_tree = rules_tree(game.flow)
            self.glossary = [t.to_dict() for t in game.gamedef.glossary]  # sent once, like the outline
        self.coach_on = coach  # the Coach switch (off unless asked): see _follow_coach
        self.guide_run = guide  # a guided first game (widgets/guide.py), or None
        self.guided_game: Game | None = None  # the guided game, while a scenario its end offers is shown
        self._guided_table: tuple[str | None, bool, dict[str, str]] = (seat, everything, dict(self.bots))
        self._coach = CoachRunner(self._publish_coach)
        self.on_msg(self._on_message)
        self.refresh()

    def actor(self) -> str | None:
        """The seat the game waits for: the one deciding, else the one whose turn it is."""
        d = self.game.pending
        return d.player if d is not None else self.game.turn

    def viewer(self) -> tuple[str | None, bool, str | None]:
        """(the seat shown, whether everything is shown, who must take the screen first):
        with Hot seat on, no hand is shown until the person to play says it is them."""
        if self.hot_seat:
            actor = self.actor()
            if actor is None or actor in self.bots:
                return None, False, None
            if self.confirmed != actor:
                return None, False, actor
            return actor, False, None
        return self.seat, self.everything, None

    def refresh(self) -> None:
        """Send the view model of the position as it is now, as the board shows it."""
        seat, everything, handover = self.viewer()
        model = board_model(self.game, seat, everything=everything, bots=self.bots, show_empty=self.show_empty,
                            edit=self.on_edit is not None)
        model["controls"] = {"seats": list(self.game.players), "kinds": list(BOT_KINDS),
                             # under Hot seat, View as names the seat the table shows
                             "view": seat if self.hot_seat else EVERYTHING if self.everything else self.seat,
                             "bots": dict(self.bots), "hot_seat": self.hot_seat,
                             "show_empty": self.show_empty, "branch": self.on_branch is not None,
                             "rules": self.rules, "diagram": self.diagram_open, "view_all": self.view_all,
                             "coach": self.coach_on, "coach_offered": self.on_edit is None}
        if self.title:
            model["game"]["title"] = self.title
        model["handover"] = handover
        chosen = self.game.state.options.get("rulings") or {}
        model["controls"]["readings"] = [
            {"id": rid, "readings": dict(readings), "current": chosen.get(rid, next(iter(readings)))}
            for rid, readings in self.game.gamedef.ruling_variants.items()]
        model["notice"] = self.notice
        with self.hold_sync():
            self.view = model
            self._follow_diagram()
            self._follow_coach(seat, everything)
            self.guide = (bubble(self.guide_run, self.guided_game or self.game, model, seat, everything,
                                 scenario=self.guided_game is not None) if self.guide_run else {})
        for listen in self.listeners:
            listen()

    def press(self, action: str, **fields: Any) -> str | None:
        """Do what a click on the board would: `press("step")`, `press("choose", ids=[...])`,
        `press("view", seat="P2")`. The message is made for the position shown now and
        goes through `handle`, checked as any message from the browser."""
        return self.handle({"action": action, "record": self.view.get("record"), **fields})

    def _follow_diagram(self) -> None:
        """While the diagram is open, ▶ now marks where the game stands (only the
        marks move: the layout is made once per game)."""
        if not self.diagram_open:
            if self.diagram:
                self.diagram, self._diagram_at = "", None
            return
        from ..diagram import marked_svg  # Graphviz: loaded only once a diagram is opened

        at = tuple(self.game.cursor or (self.game.gamedef.flow.name,))
        if at != self._diagram_at:
            self._diagram_at = at
            self.diagram = marked_svg(self.game.gamedef, at)

    def _follow_coach(self, seat: str | None, everything: bool) -> None:
        """With the Coach switch on, search the open decision in the background (once per
        position) and show its advice; only to a view that sees the deciding seat's own
        cards (that seat, or everything): the estimates come from what that seat knows."""
        if not self.coach_on or self.on_edit is not None:
            self._coach.stop()
            if self.coach:
                self.coach = {}
            return
        g, d = self.game, self.game.pending
        note = ""
        if g.is_over or d is None:
            note = "The coach weighs the options of an open decision: none is open now."
        elif d.player in self.bots:
            note = f"A {self.bots[d.player]} bot decides for {d.player} here: the coach advises people only."
        elif not everything and seat != d.player:
            note = (f"The coach advises {d.player} from what {d.player} knows: choose {d.player} (or everything) "
                    "under View as to see it.")
        if note:
            self._coach.stop()
            self.coach = {"on": True, "note": note}
            return
        key = (id(g), len(g.history), d.player, d.prompt)
        try:
            started = self._coach.follow(g, d, key)
        except TablekitError as exc:
            self._coach.stop()
            self.coach = {"on": True, "note": str(exc)}
            return
        if started:
            self.coach = {"on": True, "seat": d.player, "record": len(g.history), "running": True, "rows": [],
                          "note": "The coach is playing the first games out…"}

    def _publish_coach(self, data: dict[str, Any]) -> None:
        self.coach = data

    def close(self) -> None:
        """Close the widget; the coach's search stops at its next playout."""
        self._coach.stop()
        super().close()

    def wait_coach(self, timeout: float = 60.0) -> None:
        """Wait until the coach's search of this position rests (for tests and scripts)."""
        self._coach.wait(timeout)

    def _search(self, query: str) -> None:
        g = self.game.gamedef
        hits = search_rules(g, query, limit=SEARCH_SHOWN) if query.strip() else []
        total = count_rules(g, query) if len(hits) == SEARCH_SHOWN else len(hits)
        self.hits = hits
        more = (f"; the first {len(hits)} are listed, and {total - len(hits)} more: add a word to narrow "
                "the search" if total > len(hits) else "")
        words = ("" if not query.strip() else
                 f"No rule, ruling or card matches “{query.strip()}”." if not hits else
                 f"{total} match{'es' if total != 1 else ''}{more}.")
        self.found = {"query": query, "count": words, "result": "", "node": None,
                      "hits": [{"label": hit_label(h), "kind": h.kind, "snippet": h.snippet} for h in hits]}

    def _show_hit(self, index: int) -> None:
        if index >= len(self.hits):
            raise TablekitError("that search hit is no longer listed: search again")
        hit = self.hits[index]
        node = list(hit.key) if hit.kind == "node" else self.found.get("node")
        g = self.game.gamedef
        card = definition_view(g, g.cards[hit.key]) if hit.kind == "card" else None
        self.found = {**self.found, "result": hit_html(g, hit), "node": node, "card": card}

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        self.handle(content)

    def handle(self, message: Any) -> str | None:
        """Do what a message from the browser asks, once `check_message` accepts it.
        A refusal or an error is shown in the board's banner and returned in words
        (None when it was done); a refused message changes nothing."""
        self.notice = ""
        try:
            seat, everything, _ = self.viewer()
            action, ids = check_message(self.game, seat, message, everything=everything, bots=self.bots,
                                        editing=self.on_edit is not None, view_all=self.view_all)
            if self.on_edit is not None:
                self.on_edit(action, ids)
            else:
                self._apply(action, ids)
        except (BoardMessageError, TablekitError) as exc:
            self.error = str(exc)
        except Exception as exc:  # noqa: BLE001 - shown on the board, never lost
            self.error = "Internal error: " + traceback.format_exception_only(type(exc), exc)[-1].strip()
        else:
            self.error = ""
        try:
            self.refresh()
        except Exception as exc:  # noqa: BLE001 - the banner says it; the old picture stays
            self.error = "Internal error: " + traceback.format_exception_only(type(exc), exc)[-1].strip()
        return self.error or None

    def replace_game(self, game: Game) -> None:
        """Play on with `game` (the same game, perhaps other seats): a seat or a bot that
        is not one of its players is dropped."""
        self.game = game
        if self.seat not in game.players:
            self.seat = None
        self.bots = {p: k for p, k in self.bots.items() if p in game.players}
        self.confirmed = None
        if self.rules:
            self.rules_tree = rules_tree(game.flow)
        self._diagram_at = None

    def _apply(self, action: str, ids: tuple[str, ...]) -> None:
        g = self.game
        if action == "view":
            if self.hot_seat:
                raise TablekitError("Hot seat shows the hand of the person who took the screen: turn Hot seat "
                                    "off to choose the view")
            self.everything = ids[0] == EVERYTHING
            self.seat = ids[0] if ids[0] in g.players else None
        elif action == "bot":
            seat, kind = ids
            if kind == "person":
                self.bots.pop(seat, None)
            else:
                self.bots[seat] = kind
        elif action == "hot_seat":
            if self.hot_seat and ids[0] == "off":  # the table keeps showing what it showed
                self.seat, self.everything = self.viewer()[0], False
            self.hot_seat, self.confirmed = ids[0] == "on", None
        elif action == "i_am":
            actor = self.actor()
            if not self.hot_seat or ids[0] != actor:
                raise TablekitError(f"it is {actor or 'nobody'}'s turn to take the screen, not {ids[0]}'s"
                                    if self.hot_seat else "Hot seat is off: choose the seat under View as")
            self.confirmed = actor
        elif action == "save":
            if not self.viewer()[1]:
                raise TablekitError("Save game writes every card of the game, the hidden ones too, so the "
                                    "board offers it only while it shows everything (View as: everything)")
            self.send({"kind": "download", "name": f"{g.id}-game-record-{len(g.history)}.json",
                       "text": g.save(), "mime": "application/json"})
        elif action == "show_empty":
            self.show_empty = ids[0] == "on"
        elif action == "save_position":
            if not self.viewer()[1]:
                raise TablekitError("Save position writes where every card lies, the hidden ones too, so the "
                                    "board offers it only while it shows everything (View as: everything)")
            if g.is_over:
                raise TablekitError("The game is over: a scenario starts at a rule still to apply. "
                                    "Undo a step, then save.")
            text, gaps = position_file(g, title=self.title or "")
            self.send({"kind": "download", "name": f"{g.id}-position-{len(g.history)}.yaml", "text": text,
                       "mime": "text/yaml"})
            self.notice = (f"Saved the position as a scenario file. It cannot carry {', '.join(gaps)}: "
                           "loaded again, those start as a new game has them." if gaps
                           else "Saved the position as a scenario file (tablekit check reads it back).")
        elif action == "branch":
            if self.on_branch is None:
                raise TablekitError("this table offers no branches (it is itself a branch)")
            self.on_branch()
        elif action == "search":
            if not self.rules:
                raise TablekitError("this board shows no rules to search")
            self._search(ids[0])
        elif action == "hit":
            self._show_hit(int(ids[0]))
        elif action == "diagram":
            if not self.rules:
                raise TablekitError("this board shows no rules diagram")
            self.diagram_open = ids[0] == "on"
        elif action == "coach":
            self.coach_on = ids[0] == "on"
        elif action == "load":
            name, text = ids
            self.replace_game(game_from_upload(name, text.encode("utf-8", "surrogatepass"), g.id))
            self.guide_run = None  # another game: the guide's lessons are for its own deal
        elif action == "reading":
            rid, reading = ids
            chosen = g.state.options.get("rulings") or {}
            if chosen.get(rid, next(iter(g.gamedef.ruling_variants[rid]))) != reading:
                game, note = g.with_rulings({rid: reading})
                self.replace_game(game)
                where = (f"it parts from the other reading at {note}" if note
                         else f"every one of its {len(game.history)} records replayed the same choices")
                self.notice = f"Replayed under {rid}: {reading}; {where}."
        elif action == "guide":
            self._guide(ids)
        elif action == "choose":
            run = self.guide_run
            if run and run.wrong is not None:  # answering again after a wrong turn goes on from it
                run.go_on(g)
            before, asked = len(g.history), run.before_answer(g) if run else None
            g.choose(*ids)
            if run:
                run.answered(g, ids, before, asked)
        elif action == "step" or action.startswith("run:"):
            self._move(action)
        elif action == "undo":
            g.undo()
        elif action == "redo":
            g.redo()
        elif action == "restart":
            g.goto(0)
        if self.guide_run and self.guided_game is None and action in ("undo", "redo", "restart", "reading"):
            self.guide_run.follow(self.game)

    def _move(self, action: str) -> None:
        """Step, or End of phase, of round, of game; on a guided game a lesson of words is
        passed by moving on, and End of ... stops where the next lesson shows."""
        g, run = self.game, self.guide_run
        stepping = False
        if run is not None and run.wrong is not None:  # moving on after a wrong turn goes on from it
            run.go_on(g)
        elif run is not None:
            lesson = run.lesson()
            if lesson is not None and lesson.do == "next" and run.ready(g):
                run.next(g)
            else:
                stepping = lesson is not None and lesson.do == "step" and run.ready(g)
        if action == "step":
            d = g.pending
            if d is None:
                g.step()
            elif d.player in self.bots:
                g.choose(*record_answer(self.bots[d.player], g.gamedef, g.ctx, d, g.state.seed, len(g.history)))
            else:
                raise TablekitError(f"{d.player} must choose first.")
        else:
            stop = (lambda: stepping or run.ready(g)) if run is not None and not run.finished else None
            g.run(until=action.split(":", 1)[1], bots=self.bots, stop=stop)
        if run is not None:
            run.moved(g, stepping)

    def _open_scenario(self, index: int) -> None:
        """The guide's end: a decision kind its deal never reached, shown on this table by the
        scenario file the guide names for it (the guided game waits for Back)."""
        from ..core.scenario import load_scenario
        from .lab import scenarios_dir

        run = self.guide_run
        if not run.finished or index >= len(run.guide.left):
            raise TablekitError("the guide offers no such scenario now")
        left = run.guide.left[index]
        game = load_scenario(scenarios_dir() / run.guide.game / left.scenario)
        self.guided_game = self.game
        self._guided_table = (self.seat, self.everything, dict(self.bots))  # Back puts them back too
        self.replace_game(game)
        if self.seat is None and not self.everything:  # the learner's seat is not in the scenario
            self.seat = game.players[0]
        self.notice = (f"The scenario {left.scenario} is on the table: {left.say}. Step on to its "
                       f"{left.kind!r} decision; Back to the guided game returns to your game.")

    def _guide(self, ids: tuple[str, ...]) -> None:
        """A button of the guide's bubble: Next, Undo my answer, Go on, Restart the guide."""
        run, g = self.guide_run, self.game
        if run is None:
            raise TablekitError("this table has no guide")
        do, lesson, index = ids
        if self.guided_game is not None and do != "back":
            raise TablekitError("a scenario is on the table: press Back to the guided game first")
        if do not in ("restart", "back") and int(lesson) != run.index:
            raise TablekitError("the guide has moved on: that button was for another lesson, so nothing was done")
        if do == "scenario":
            self._open_scenario(int(index))
        elif do == "back":
            if self.guided_game is None:
                raise TablekitError("the guided game is on the table already")
            self.replace_game(self.guided_game)
            self.seat, self.everything, self.bots = self._guided_table
            self.guided_game = None
        elif do == "next":
            run.next(g)
        elif do == "undo":
            run.undo_wrong(g)
        elif do == "go_on":
            run.go_on(g)
        else:
            run.restart(g)
