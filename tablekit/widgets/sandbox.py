"""The Sandbox: one ipywidgets app around a game.

The table (layout.py: the other seats on top, shared zones in the middle, the
viewed seat at the bottom with its hand next to the decision panel), the
controls, the explanation log and the flow outline at the side. A click
changes the game, then `refresh()` repaints only the widgets whose HTML
changed. An exception inside a click is shown in the error banner; nothing
fails silently.
"""

from __future__ import annotations

import base64
from html import escape
from typing import Any, Callable

import ipywidgets as W
import yaml

from ..core.bots import record_answer
from ..core.decision import Decision, Option
from ..core.engine import Game, make_game
from ..core.errors import TablekitError
from ..core.scenario import build, parse, to_yaml
from . import cardface, layout, render
from .guard import Guarded
from .lazy import LazySection
from .search import RulesSearch
from .style import stylesheet

SEAT_ALL = layout.SEAT_ALL          # seat=SEAT_ALL: show everything
SEAT_NOBODY = layout.SEAT_NOBODY    # seat=SEAT_NOBODY: a spectator's view (public cards only)
BOT_KINDS = [("person", "person"), ("random bot", "random"), ("heuristic bot", "heuristic")]
LOG_LIMIT = 40


def download_link(text: str, filename: str, what: str = "the scenario file", mime: str = "text/yaml") -> str:
    """HTML for a link that hands `text` to the browser as a file download.

    The file travels inside the link (a base64 data: URL), so a served app
    never writes anything on the server."""
    data = base64.b64encode(text.encode("utf-8")).decode("ascii")
    name = escape(filename, quote=True)
    size = len(text.encode("utf-8"))
    return (f"<span class='tk-download'><a download=\"{name}\" href=\"data:{mime};base64,{data}\" "
            f"title='Save {escape(what, quote=True)} on your computer'>⬇ Download {escape(filename)}</a> "
            f"<span class='tk-zone-meta'>({size} bytes)</span></span>")


def position_yaml(game: Game, title: str = "", description: str = "",
                  start: list[str] | None = None, turn: str | None = None, name: str = "scenario.yaml") -> str:
    """The game's position as a scenario file (made by `to_yaml`), checked to load back.

    Game state that still has the value a new game starts with is left out
    (a scenario starts from a new game, so nothing is lost; a default such as
    `first: null` is not a value a scenario may set), and so is a turn that
    is nobody's yet. `start`/`turn` replace the rule the file starts at."""
    return position_file(game, title, description, start, turn, name)[0]


def position_file(game: Game, title: str = "", description: str = "", start: list[str] | None = None,
                  turn: str | None = None, name: str = "scenario.yaml") -> tuple[str, list[str]]:
    """`position_yaml`, and what of the game's position the file cannot carry (in words)."""
    text = to_yaml(game, title, description)
    data = yaml.safe_load(text)
    setup = data.get("setup") or {}
    extra = setup.get("extra")
    if extra:
        st = game.state
        fresh = make_game(game.gamedef, game.players, st.seed, st.variant, st.options).state.extra
        for key in [k for k, v in extra.items() if k in fresh and fresh[k] == v]:
            del extra[key]
        if not extra:
            del setup["extra"]
    if start is not None:
        data["start"] = {"at": list(start), "turn": turn}
        data["expect"] = data.pop("expect", [])
    if isinstance(data.get("start"), dict) and data["start"].get("turn") is None:
        data["start"].pop("turn", None)  # nobody's turn yet (before the first turn): say nothing
    text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)
    try:  # the file offered must load back, as `tablekit check` would read it
        back = build(parse(text, name), name)
    except TablekitError as exc:
        raise TablekitError(f"the scenario would not load back: {exc}") from None
    gaps = []
    mine, theirs = game.state, back.state
    if mine.zones != theirs.zones:
        gaps.append("the order of some cards")
    if mine.cards != theirs.cards:
        gaps.append("some card state")
    if mine.players != theirs.players:
        gaps.append("some player counters")
    lost = sorted(k for k in set(mine.extra) | set(theirs.extra) if mine.extra.get(k) != theirs.extra.get(k))
    if lost:
        gaps.append("the game state " + ", ".join(lost))
    if start is None and (game.cursor != back.cursor or game.turn != back.turn):
        gaps.append("the exact point in the turn")
    return text, gaps


FOLD_AFTER = 3  # more options than this not possible now: they fold behind "Not possible now (N) — why"


def options_in_order(d: Decision) -> tuple[list[Option], list[Option]]:
    """(the options shown as widgets, the options folded away). The suggested
    option comes first; the others keep the rules' order. When more than
    FOLD_AFTER options are not possible now, those are folded."""
    first = [d.suggested] if d.suggested is not None else []
    rest = [o for o in d.options if not first or o.id != first[0].id]
    illegal = [o for o in rest if not o.legal]
    if len(illegal) <= FOLD_AFTER:
        return first + rest, []
    return first + [o for o in rest if o.legal], illegal


def prompt_line(d: Decision) -> str:
    """Who decides and what is asked: "Ana: Step 2: you may play ...". A prompt
    that already opens with the seat's name as a word ("Ana: which hero?",
    "Ana, the first player: ...", "Ana (threat 32): ...") is not given it twice."""
    if d.party:
        return f"The party ({', '.join(d.party)}; {d.player} speaks): {d.prompt}"
    rest = d.prompt[len(d.player):] if d.prompt.startswith(d.player) else None
    if rest is not None and (not rest or not (rest[0].isalnum() or rest[0] == "_")):
        return d.prompt
    return f"{d.player}: {d.prompt}"


def game_over_html(game: Game) -> str:
    """The game-over panel: who won, the scores as a table, and how the game ended in words."""
    res = game.result
    words = game.gamedef.ending_words(res.ending)
    how = (f"<div class='tk-ending' data-ending='{escape(res.ending, quote=True)}'>How it ended: "
           f"{escape(words)}.</div>") if words else ""
    if res.scores:
        rows = "".join(
            f"<tr><td>{escape(p)}</td><td>{escape(_number(s))}</td>"
            f"<td>{'★ winner' if p in res.winners else 'no'}</td></tr>" for p, s in res.scores.items())
        table = ("<table class='tk-scores'><thead><tr><th scope='col'>Seat</th><th scope='col'>Score</th>"
                 f"<th scope='col'>Winner</th></tr></thead><tbody>{rows}</tbody></table>")
        who = (f"{', '.join(res.winners)} {'wins' if len(res.winners) == 1 else 'win'}." if res.winners
               else "Nobody wins.")
    else:  # a co-operative game keeps no score: the party wins or loses together
        table = ""
        party = ", ".join(game.players)
        who = (f"The party ({party}) won together." if res.winners
               else f"The party ({party}) did not win." if res.ending == "unfinished"
               else f"The party ({party}) lost together.")
    why = f"<div class='tk-over-why'>{escape(res.summary())}</div>"
    return (f"<div class='tk-game-over' role='status'><div class='tk-prompt'>Game over. {escape(who)}</div>"
            f"{why}{how}{table}</div>")


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def game_from_upload(name: str, content: bytes, game_id: str) -> Game:
    """A game from an uploaded save (`Game.save` text), read in memory. Anything
    wrong with the file, or a save of another game, raises a TablekitError
    naming the file and what is wrong."""
    from .. import load
    from ..core.errors import SaveFormatError

    try:
        text = content.decode("utf-8")
    except UnicodeDecodeError:
        raise TablekitError(f"Load game: {name} is not text (a save is a .json file made by Save game)") from None
    try:
        game = load(text)
    except SaveFormatError as exc:
        raise TablekitError(f"Load game: {name} is not a save this table can load: {exc}") from None
    if game.id != game_id:
        raise TablekitError(f"Load game: {name} is a save of {game.gamedef.title} ({game.id}); this table "
                            f"plays {game_id}. Open it at that game's table.")
    return game


class Sandbox(Guarded, W.VBox):
    """An interactive table for one game. `bots` maps seats to "random" or
    "heuristic" (the other seats are people); `seat` is whose view to show: a
    player, SEAT_ALL (everything) or SEAT_NOBODY (a spectator). None picks
    the default (`layout.default_view`): the one person's seat when exactly
    one seat is a person, a spectator's view when several are, everything
    when every seat is a bot. The "View as" dropdown always shows the view
    on the table (with hot seat on it follows the seat that pressed "I am")."""

    def __init__(self, game: Game, seat: str | None = None, bots: dict[str, str] | None = None,
                 hot_seat: bool = False, title: str | None = None, branching: bool = True,
                 styled: bool = True):
        super().__init__()
        self.game = game
        # called after every repaint (the branches' diff line listens to both sides)
        self.listeners: list[Callable[[], None]] = []
        self.branches: Any = None
        self.add_class("tk-app")
        self._painted: dict[str, str] = {}
        self._last_cards: dict[str, tuple] | None = None
        self._decision_key: Any = None
        self._confirmed_seat: str | None = None

        # a sandbox inside another (a branch) uses the outer one's stylesheet
        self.style_html = W.HTML(f"<style>{stylesheet()}</style>" if styled else "")
        self.title_view = W.HTML(f"<div class='tk-title'>{title or game.gamedef.title}</div>")
        self.banner = W.HTML("")
        self.banner.add_class("tk-banner")
        self.status_view = W.HTML("")
        self.status_view.add_class("tk-status")

        def button(label: str, tip: str, fn: Callable[[], None]) -> W.Button:
            b = W.Button(description=label, tooltip=tip, layout=W.Layout(width="auto"))
            b.on_click(self._guard(fn))
            return b

        self.step_button = button("Step", "Apply exactly one rule", self.on_step)
        self.phase_button = button("Run to end of phase", "Step until this phase ends",
                                   lambda: self.on_run("phase"))
        self.round_button = button("Run to end of round", "Step until this round ends",
                                   lambda: self.on_run("round"))
        self.end_button = button("Run to end", "Step until the game ends", lambda: self.on_run("end"))
        self.undo_button = button("Undo", "Go back one record", self.on_undo)
        self.redo_button = button("Redo", "Apply again what was undone", self.on_redo)
        self.restart_button = button("Restart", "Back to the start (Redo still works)", self.on_restart)
        self.save_button = button("Save position", "Download this position as a scenario file",
                                  self.on_save)
        self.save_game_button = button("Save game", "Download the whole game (every record, undo and redo "
                                       "included) to load it again later", self.on_save_game)
        self.load_upload = W.FileUpload(accept=".json", multiple=False, description="Load game",
                                        tooltip="Load a game saved with Save game (a .json file)",
                                        layout=W.Layout(width="auto"))
        self.load_upload.add_class("tk-load")
        self.load_upload.observe(self._guard(self.on_load_game), names="value")
        self.branch_button = button("Branch here", "What if: open two copies of this position side by "
                                    "side, and play each on its own way", self.on_branch)
        self.download = W.HTML("")
        self.controls = W.HBox([self.step_button, self.phase_button, self.round_button, self.end_button,
                                self.undo_button, self.redo_button, self.restart_button,
                                self.save_button, self.save_game_button, self.load_upload]
                               + ([self.branch_button] if branching else []) + [self.download])
        self.controls.add_class("tk-controls")

        seats = [("everything", SEAT_ALL), ("spectator (public cards only)", SEAT_NOBODY)]
        seats += [(p, p) for p in game.players]
        bots = dict(bots or {})
        if seat is None:
            seat = layout.default_view(list(game.players), bots, hot_seat)
        if seat not in dict(seats).values():
            raise TablekitError(f"no seat {seat!r} to view the table as; the players are "
                                f"{', '.join(game.players)} (or SEAT_ALL, SEAT_NOBODY)")
        self._syncing_seat = False
        self.seat = W.Dropdown(options=seats, value=seat, description="View as", layout=W.Layout(width="auto"))
        self.seat.observe(self._guard(self._on_seat), names="value")
        self.hot_seat = W.Checkbox(value=hot_seat, description="Hot seat (hide hands between players)",
                                   indent=False, layout=W.Layout(width="auto"))
        self.hot_seat.observe(self._guard(self._on_hot_seat), names="value")
        self.bot_pickers = {}
        for p in game.players:
            dd = W.Dropdown(options=BOT_KINDS, value=bots.get(p, "person"), description=p,
                            layout=W.Layout(width="auto"))
            dd.observe(self._guard(lambda: self.refresh()), names="value")
            self.bot_pickers[p] = dd
        self.seat_box = W.HBox([self.seat, self.hot_seat])
        # a ruling with two readings: pick one, and the same game is replayed under it
        self.reading_pickers: dict[str, W.Dropdown] = {}
        chosen = game.state.options.get("rulings") or {}
        for rid, readings in game.gamedef.ruling_variants.items():
            # the menu names each reading; its words wrap beside it (a menu would cut them)
            dd = W.Dropdown(options=list(readings), value=chosen.get(rid, next(iter(readings))), description=rid,
                            layout=W.Layout(width="auto"), style={"description_width": "initial"})
            dd.observe(self._guard(lambda rid=rid, dd=dd: self.on_reading(rid, dd.value)), names="value")
            self.reading_pickers[rid] = dd
        self.reading_words = W.HTML("")
        self.reading_words.add_class("tk-reading-words")
        self._show_reading_words()
        self.reading_note = W.HTML("")
        self.readings_box = W.HBox([W.HTML("<b>Readings:</b>")] + list(self.reading_pickers.values())
                                   + [self.reading_words, self.reading_note],
                                   layout=W.Layout(flex_flow="row wrap"))
        self.readings_box.layout.display = None if self.reading_pickers else "none"
        self.bot_box = W.HBox([W.HTML("<b>Who plays:</b>")] + list(self.bot_pickers.values()))
        self.handover = W.HBox([])
        self.handover.add_class("tk-handover")

        self.decision_panel = W.VBox([])
        self.decision_panel.add_class("tk-decision")
        self.zone_widgets: dict[str, W.HTML] = {}
        self._seat_heads: dict[str, W.HTML] = {}
        self._seat_boxes: dict[str, W.Box] = {}
        self._arranged: Any = None
        self._bottom_head = W.HTML("")
        self.top_view = self._region("tk-region-top")
        self.middle_view = self._region("tk-region-middle")
        self.hand_view = self._region("tk-hand")
        self.bottom_view = self._region("tk-region-bottom")
        self.side_zones = self._region("tk-region-side")
        # the hand and the decision panel share one row (table.css)
        self.hand_row = W.Box([self.hand_view, self.decision_panel])
        self.hand_row.add_class("tk-hand-row")
        self.table_view = W.Box([self.top_view, self.middle_view, self.hand_row, self.bottom_view])
        self.table_view.add_class("tk-table")
        self.log_view = W.HTML("")
        self.log_view.add_class("tk-log")
        self.outline_view = W.HTML("")
        self.outline_view.add_class("tk-outline")
        self._log_cache: dict[tuple[int, str | None], str] = {}
        # the rules search: a rule's hit opens the outline at that rule (marked ◆ found)
        self._found: tuple[str, ...] | None = None
        self.search = RulesSearch(game.gamedef, on_node=self.show_node, banner=self.banner)
        # the rules diagram, drawn when opened, then marking ▶ now as the game moves
        self.diagram_section = LazySection("Show the rules diagram", self._make_diagram)

        self.side_view = W.Box([self.side_zones, W.HTML("<b>What happened</b> (newest first)"), self.log_view,
                                W.HTML("<b>The rules</b> (the current rule is marked ▶ now)"), self.search,
                                self.outline_view, self.diagram_section])
        self.side_view.add_class("tk-side")
        self.body_view = W.Box([self.table_view, self.side_view])
        self.body_view.add_class("tk-body")
        self.branch_box = W.VBox([])
        self.branch_box.add_class("tk-branch-box")
        self.children = [self.style_html, self.title_view, self.banner, self.controls, self.seat_box,
                         self.bot_box, self.readings_box, self.status_view, self.handover, self.body_view,
                         self.branch_box]
        self.refresh()

    # -- the seat being shown and who plays ---------------------------------
    @property
    def bots(self) -> dict[str, str]:
        return {p: dd.value for p, dd in self.bot_pickers.items() if dd.value != "person"}

    @staticmethod
    def _region(cls: str) -> W.Box:
        box = W.Box([])
        box.add_class(cls)
        return box

    def viewer(self) -> tuple[bool, str | None]:
        """(sees everything, the seat) for the table and the log."""
        if self.hot_seat.value:
            return False, self._confirmed_seat
        v = self.seat.value
        if v == SEAT_ALL:
            return True, None
        if v == SEAT_NOBODY:
            return False, None
        return False, v

    def actor(self) -> str | None:
        d = self.game.pending
        return d.player if d is not None else self.game.turn

    # -- the buttons -----------------------------------------------------------
    def _after_error(self) -> None:
        try:
            self.refresh()
        except Exception:  # noqa: BLE001 - the banner already says what went wrong
            pass


    def on_step(self) -> None:
        g = self.game
        d = g.pending
        if d is not None:
            kind = self.bots.get(d.player)
            if kind is None:
                raise TablekitError(f"{d.player} must choose first (see the decision above the table).")
            g.choose(*record_answer(kind, g.gamedef, g.ctx, d, g.state.seed, len(g.history)))
        else:
            g.step()
        self.refresh()

    def on_run(self, until: str) -> None:
        self.game.run(until=until, bots=self.bots)
        self.refresh()

    def on_undo(self) -> None:
        self.game.undo()
        self.refresh()

    def on_redo(self) -> None:
        self.game.redo()
        self.refresh()

    def on_restart(self) -> None:
        self.game.goto(0)
        self.refresh()

    def save_name(self) -> str:
        """The download's file name: the game id and the record number."""
        return f"{self.game.id}-record-{len(self.game.history)}.yaml"

    def on_save(self) -> None:
        """Offer the current position as a scenario file (a download link next to the controls)."""
        g = self.game
        self.download.value = ""
        if g.is_over:
            raise TablekitError("The game is over: a scenario starts at a rule still to apply. "
                                "Undo a step, then save.")
        name = self.save_name()
        text, gaps = position_file(g, name=name)
        note = ("<span class='tk-reason'>Note: a scenario file cannot hold "
                f"{escape('; '.join(gaps))}, so the file starts slightly differently.</span>") if gaps else ""
        self.download.value = download_link(text, name, "this position") + note

    def game_file_name(self) -> str:
        """Save game's file name: the game id and the record number."""
        return f"{self.game.id}-game-record-{len(self.game.history)}.json"

    def on_save_game(self) -> None:
        """Offer the whole game (`Game.save`: every record, undo and redo) as a download."""
        name = self.game_file_name()
        self.download.value = download_link(self.game.save(), name, "this game", mime="application/json")

    def on_load_game(self) -> None:
        """Read the uploaded save in memory (nothing is written on the server) and, if it
        is a save of this game, play on from it. A bad file changes nothing."""
        files = self.load_upload.value
        if not files:
            return
        try:
            upload = files[0]
            game = game_from_upload(upload.get("name", "the file"), bytes(upload["content"]), self.game.id)
        finally:
            self.load_upload.value = ()  # the same file may be picked again
        self.replace_game(game)
        self.download.value = (f"<span class='tk-loaded tk-zone-meta'>Loaded {escape(upload.get('name', 'the file'))}: "
                               f"record {len(game.history)}.</span>")

    def replace_game(self, game: Game) -> None:
        """Play on with `game` (the same game, perhaps other seats): the seats, the
        readings and the whole table are painted anew."""
        old_players = list(self.game.players)
        self.game = game
        self._log_cache.clear()
        self._painted.clear()
        self._decision_key = None
        self._last_cards = None
        self._confirmed_seat = None
        if list(game.players) != old_players:
            self._reseat(game.players)
        for rid, dd in self.reading_pickers.items():
            if dd.value != self._reading_of(rid):
                dd.value = self._reading_of(rid)  # on_reading sees the game already under it
        self.refresh()

    def _reading_of(self, rid: str) -> str:
        """The reading of ruling `rid` this game is played under (the first one unless chosen)."""
        chosen = self.game.state.options.get("rulings") or {}
        return chosen.get(rid, next(iter(self.game.gamedef.ruling_variants[rid])))

    def _reseat(self, players: list[str]) -> None:
        """The View as and Who plays pickers for another set of seats (everyone a person)."""
        seats = [("everything", SEAT_ALL), ("spectator (public cards only)", SEAT_NOBODY)]
        self.seat.options = seats + [(p, p) for p in players]
        self.seat.value = SEAT_ALL
        self.bot_pickers = {}
        for p in players:
            dd = W.Dropdown(options=BOT_KINDS, value="person", description=p, layout=W.Layout(width="auto"))
            dd.observe(self._guard(lambda: self.refresh()), names="value")
            self.bot_pickers[p] = dd
        self.bot_box.children = [self.bot_box.children[0]] + list(self.bot_pickers.values())

    def _show_reading_words(self) -> None:
        """What each chosen reading says, in words that wrap."""
        variants = self.game.gamedef.ruling_variants
        self.reading_words.value = "".join(
            f"<div><b>{escape(rid)}: {escape(dd.value)}</b>: {escape(variants[rid][dd.value])}</div>"
            for rid, dd in self.reading_pickers.items())

    def on_reading(self, rid: str, reading: str) -> None:
        """Replay this game from its start under another reading of a ruling: the
        same choices as far as they still fit, and the banner says where the two
        readings part."""
        self._show_reading_words()
        if self._reading_of(rid) == reading:
            return
        game, note = self.game.with_rulings({rid: reading})
        self.game = game
        self._log_cache.clear()
        self._decision_key = None
        self._last_cards = None
        n = len(game.history)
        where = (f"it parts from the other reading at {note}" if note
                 else f"every one of its {n} records replayed the same choices")
        self.reading_note.value = (f"<span class='tk-zone-meta'>Replayed under {escape(rid)}: "
                                   f"{escape(reading)}; {escape(where)}.</span>")
        self.refresh()

    def _make_diagram(self) -> W.Widget:
        from .rules import RulesDiagram

        return RulesDiagram(self)

    def show_node(self, path: tuple[str, ...]) -> None:
        """Open the rules outline at the node with this static path (a search hit)."""
        try:
            node = self.game.flow.find(path)
        except KeyError as exc:
            raise TablekitError(f"the rules have no such node: {exc.args[0]}") from None
        self._found = node.path
        self.refresh()

    def on_branch(self) -> None:
        """What if: two branches of this position side by side, under the table
        (they replace branches opened before; this table stays as it is)."""
        from .branch import Branches

        self.branches = Branches(self.game, bots=self.bots)
        close = W.Button(description="Close the branches", tooltip="Put the two branches away",
                         layout=W.Layout(width="auto"))
        close.on_click(self._guard(self.close_branches))
        self.branch_box.children = [close, self.branches]

    def close_branches(self) -> None:
        self.branches = None
        self.branch_box.children = []

    def on_choose(self, *ids: str) -> None:
        self.game.choose(*ids)
        self.refresh()

    def _on_seat(self) -> None:
        if not self._syncing_seat:
            self.refresh()

    def _on_hot_seat(self) -> None:
        self._confirmed_seat = None
        self.refresh()

    def _sync_seat_picker(self) -> None:
        """With hot seat on, "View as" shows the seat that pressed "I am" (else a spectator)
        and cannot be changed: it always names what the table shows."""
        on = self.hot_seat.value
        if self.seat.disabled != on:
            self.seat.disabled = on
        want = (self._confirmed_seat or SEAT_NOBODY) if on else self.seat.value
        if self.seat.value != want:
            self._syncing_seat = True
            try:
                self.seat.value = want
            finally:
                self._syncing_seat = False

    def bottom_seat(self) -> str | None:
        """The seat at the bottom of the table: the viewed seat, else the one to act."""
        _, seat = self.viewer()
        if seat is None:
            seat = self.actor()
        players = list(self.game.players)
        return seat if seat in players else (players[0] if players else None)

    def _confirm_seat(self, who: str) -> None:
        self._confirmed_seat = who
        self.refresh()

    # -- painting --------------------------------------------------------------
    def _set(self, key: str, widget: W.HTML, html: str) -> None:
        if self._painted.get(key) != html:
            self._painted[key] = html
            widget.value = html

    def refresh(self) -> None:
        """Repaint what changed since the last paint."""
        g = self.game
        with self.hold_sync():
            self._paint_handover()
            self._sync_seat_picker()
            everything, seat = self.viewer()
            view = None if everything else g.view(seat)
            self._paint_table(view)
            self._paint_decision(everything, seat)
            self._paint_log(everything, seat)
            self._set("outline", self.outline_view, render.outline(g.flow, g.cursor, self._found))
            human_waiting = g.pending is not None and g.pending.player not in self.bots
            waiting = f"waiting for {g.pending.player} to choose" if human_waiting else None
            self._set("status", self.status_view, render.status_line(g, waiting))
            over = g.is_over
            self._enable(self.step_button, not over and not human_waiting)
            for b in (self.phase_button, self.round_button, self.end_button):
                self._enable(b, not over)
            self._enable(self.undo_button, bool(g.history))
            self._enable(self.redo_button, bool(g.can_redo))
            self._enable(self.restart_button, bool(g.history))
        for listen in self.listeners:
            listen()

    @staticmethod
    def _enable(button: W.Button, on: bool) -> None:
        if button.disabled == on:
            button.disabled = not on

    def _paint_handover(self) -> None:
        if not self.hot_seat.value:
            if self.handover.children:
                self.handover.children = []
            return
        who = self.actor()
        if who is None or who == self._confirmed_seat:
            if self.handover.children:
                self.handover.children = []
            return
        if self._confirmed_seat is not None and who != self._confirmed_seat:
            self._confirmed_seat = None
        if getattr(self, "_handover_for", None) == who and self.handover.children:
            return
        self._handover_for = who
        btn = W.Button(description=f"I am {who}", tooltip=f"Show {who}'s cards",
                       layout=W.Layout(width="auto"))
        btn.on_click(self._guard(lambda: self._confirm_seat(who)))
        self.handover.children = [W.HTML(f"Hands are hidden. Pass the screen to <b>{who}</b>, "
                                         f"then {who} presses the button."), btn]

    def _card_sig(self) -> dict[str, tuple]:
        st = self.game.state
        return {uid: (st.card_zone[uid], tuple(sorted((k, str(v)) for k, v in cs.items())))
                for uid, cs in st.cards.items()}

    def _paint_table(self, view: dict | None) -> None:
        g = self.game
        key = (len(g.history), id(g.history[-1]) if g.history else None)
        if key != getattr(self, "_changed_key", None):
            # what the last click changed stays marked until the game moves again
            sig = self._card_sig()
            last = self._last_cards
            self._changed = set() if last is None else {u for u, s in sig.items() if last.get(u) != s}
            self._last_cards = sig
            self._changed_key = key
        changed = self._changed
        zones = view["zones"] if view is not None else g.state.zones
        shown = [z for z in zones if zones[z] or z != "box"]
        for z in shown:
            if z not in self.zone_widgets:
                self.zone_widgets[z] = W.HTML("")
        plan = layout.plan(g.state.zone_info, list(g.players), self.bottom_seat(),
                           layout.game_hints(g.gamedef), shown)
        self._arrange(plan)
        named = render.named_cards(g) if g.pending is not None else set()
        for z in shown:
            self._set(f"zone:{z}", self.zone_widgets[z], render.zone_row(g, z, list(zones[z]), changed, named))

    def _arrange(self, plan: layout.TableLayout) -> None:
        """Put each zone's widget in its region (only when the plan changed)."""
        if plan == self._arranged:
            return
        self._arranged = plan
        zw = self.zone_widgets
        seats = []
        for p, zones in plan.top:
            box = self._seat_boxes.get(p)
            if box is None:  # one box a seat, made once
                box = self._seat_boxes[p] = self._region("tk-seat")
                self._seat_heads[p] = W.HTML(f"<div class='tk-seat-name'>{escape(p)}</div>")
            box.children = [self._seat_heads[p]] + [zw[z] for z in zones]
            seats.append(box)
        self.top_view.children = seats
        self.middle_view.children = [zw[z] for z in plan.middle]
        self._bottom_head.value = f"<div class='tk-seat-name'>{escape(plan.bottom_seat or '')}</div>"
        self.hand_view.children = [self._bottom_head] + [zw[z] for z in plan.hand]
        self.bottom_view.children = [zw[z] for z in plan.bottom]
        self.side_zones.children = [zw[z] for z in plan.side]

    def _paint_decision(self, everything: bool, seat: str | None) -> None:
        g = self.game
        d = g.pending
        bots = self.bots
        if g.is_over:
            key = ("over", len(g.history), id(g.history[-1]) if g.history else None)
        elif d is None or d.player in bots:
            key = None
        elif not everything and seat != d.player and seat not in (d.party or ()):
            key = ("wait", d.player, len(g.history))
        else:
            key = ("ask", len(g.history), id(d))
        if key == self._decision_key:
            return
        self._decision_key = key
        if key is None:
            self.decision_panel.children = []
            return
        if key[0] == "over":
            self.decision_panel.children = [W.HTML(game_over_html(g))]
            return
        if key[0] == "wait":
            self.decision_panel.children = [W.HTML(f"<div class='tk-prompt'>Waiting for {escape(d.player)} to "
                                                   "choose (switch the view to that seat to answer).</div>")]
            return
        rows: list[W.Widget] = [W.HTML(f"<div class='tk-prompt'>{escape(prompt_line(d))}</div>")]
        if d.hint:
            rows.append(W.HTML(f"<div class='tk-hint'>Hint: {escape(d.hint)}</div>"))
        shown, folded = options_in_order(d)
        single = d.max == 1 and d.min == 1
        make = self._option_button if single else self._option_box
        widgets = [make(o, d) for o in shown]
        rows += [self._option_row(w, o) for w, o in zip(widgets, shown)]
        if folded:
            rows.append(W.HTML(self._folded_html(folded)))
        if not single:
            want = f"exactly {d.min}" if d.min == d.max else f"{d.min} to {d.max}"
            ok = W.Button(description=f"Confirm ({want})", layout=W.Layout(width="auto"))
            ok.add_class("tk-confirm")
            ok.on_click(self._guard(lambda: self.on_choose(*[c._tk_option for c in widgets if c.value])))
            rows.append(ok)
        faces = [w for w in widgets if hasattr(w, "tk_card_css")]
        if faces:  # the cards that are options are buttons with the card's face: their pictures
            rows.append(cardface.card_buttons_style(faces))
        self.decision_panel.children = rows
        if widgets and d.suggested is not None:
            widgets[0].focus()  # the suggested option comes first and has the focus: still a choice

    def _option_button(self, o, d) -> W.Button:
        """One option of a single pick: a button that wraps its whole label. An option that
        names one card the deciding seat may see is that card: its face is the button."""
        default = d.suggested is not None and o.id == d.suggested.id
        label = o.label + (" (suggested)" if default else "")
        uid = cardface.option_card(self.game, o, d.player)
        if uid is not None:
            b = cardface.card_button(self.game, uid, o)
            b.description = label
        else:
            b = W.Button(description=label, disabled=not o.legal,
                         layout=W.Layout(width="auto", height="auto"))
        b.tooltip = o.reason or o.label
        b.add_class("tk-option")
        if default:  # pre-selected: first, focused, marked in words; nothing is chosen until a click
            b.add_class("tk-suggested")
            b.add_class("tk-default")
            b.button_style = "info"
        b._tk_option = o.id
        b.on_click(self._guard(lambda oid=o.id: self.on_choose(oid)))
        return b

    def _option_box(self, o, d) -> W.Checkbox:
        """One option of a several-pick decision: a checkbox, the suggested one ticked."""
        default = d.suggested is not None and o.id == d.suggested.id
        cb = W.Checkbox(value=default, description=o.label + (" (suggested)" if default else ""),
                        disabled=not o.legal, indent=False, layout=W.Layout(width="auto", height="auto"))
        cb.add_class("tk-option")
        if default:
            cb.add_class("tk-default")
        cb._tk_option = o.id
        return cb

    def _option_row(self, widget: W.Widget, o) -> W.HBox:
        row = W.HBox([widget, W.HTML(self._reason_html(o))])
        row.add_class("tk-option-row")
        return row

    def _folded_html(self, folded: list) -> str:
        """The options not possible now, folded: each one's label and why, in a <details>."""
        items = "".join(f"<li><span class='tk-option-label'>{escape(o.label)}</span> "
                        f"{self._reason_html(o)}</li>" for o in folded)
        return (f"<details class='tk-fold'><summary>Not possible now ({len(folded)}) — why</summary>"
                f"<ul class='tk-fold-list'>{items}</ul></details>")

    def _reason_html(self, o) -> str:
        """Why an option is not allowed, with its ruling shown (and linked) when one makes it so."""
        if o.legal:
            return ""
        ruling = f" {render.rule_html(self.game.id, o.rule)}" if o.rule else ""
        return f"<span class='tk-reason'>Not allowed: {escape(o.reason)}{ruling}</span>"

    def _paint_log(self, everything: bool, seat: str | None) -> None:
        g = self.game
        viewer = "\x00all" if everything else seat
        recs = g.history[-LOG_LIMIT:]
        parts = []
        for rec in reversed(recs):
            key = (rec.index, viewer)
            html = self._log_cache.get(key)
            if html is None or self._log_cache.get(("rec", rec.index)) is not rec:
                html = render.log_entry(g.id, rec, seat, everything)
                self._log_cache[key] = html
                self._log_cache[("rec", rec.index)] = rec
            parts.append(html)
        older = len(g.history) - len(recs)
        if older:
            parts.append(f"<div class='tk-entry'>… {older} older records (see game.history)</div>")
        if not parts:
            parts.append("<div class='tk-entry'>Nothing yet: press Step.</div>")
        self._set("log", self.log_view, "".join(parts))

    # -- for tests and notebooks ---------------------------------------------
    def option_buttons(self) -> dict[str, W.Widget]:
        """The decision panel's option widgets by option id (buttons or checkboxes)."""
        d = self.game.pending
        out: dict[str, W.Widget] = {}
        if d is None:
            return out
        for row in self.decision_panel.children[1:]:
            if isinstance(row, W.HBox):
                w = row.children[0]
                oid = getattr(w, "_tk_option", None)
                if oid:
                    out[oid] = w
        return out
