"""ScenarioBuilder: set up a position by hand and save it as a scenario file.

The builder edits a draft: a copy of a game's state that no rule ever runs
on. Cards are put in zones at a position, moved up and down, sent back to
the box; card state, player counters and the game's settable extra state are
set from text that is parsed (numbers, true/false, JSON), never evaluated.
Each card state key is one the scenario format takes (the core's: damage,
exhausted, face_down, attached_to, counters, face; and the game's own, such
as Mirkwood's progress and resources or LFG's hurt), checked as the loader
checks it and more (no negative count, a face the card has, face down only
where a zone shows its cards). Lasting effects in force are given as the
scenario's `start.lasting` entries (JSON) and checked by building the position.
The start point is a node of the game's flow and whose turn it is.

`position()` builds the real game from the draft with `Game.arrange` on a
fresh game (the same players, seed, variant and options), which is what a
scenario file of the draft gives too; `yaml_text()` is that file, made with
`tablekit.core.scenario.to_yaml` and checked to load back. "Save scenario"
hands it to the browser as a download; "Open in sandbox" shows the position
in a Sandbox below.
"""

from __future__ import annotations

import copy
import json
import re
from html import escape
from typing import Any

import ipywidgets as W
import yaml

from ..core.cardstate import CORE_CARD_STATE, card_state_problem
from ..core.counters import FIELD_DATA
from ..core.engine import Game, make_game
from ..core.errors import TablekitError
from ..core.flow import ForEachPlayer
from ..core.gamedef import CORE_EXTRA
from ..core.lasting import until_words
from ..core.registry import get_game
from ..core.scenario import LASTING_KEYS, build, parse
from ..core.schemas import CORE_CARD_STATE_SCHEMA, FILE_NAMES
from ..core.state import HIDDEN, State
from .board import Board
from .guard import Guarded
from .sandbox import SEAT_ALL, Sandbox, download_link, position_yaml
from .style import style_html

STARTS = {"empty": "an empty table (every card in the box)",
          "setup": "a new game after its setup",
          "game": "the game given"}
_COUNTER_KEY = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_INT = re.compile(r"^[+-]?\d+$")
LASTING_EXAMPLE = ('{"kind": "modifier", "until": "round", "text": "+1 attack until the end of the round", '
                   '"stat": "attack", "add": 1}')


def _button(label: str, tip: str) -> W.Button:
    return W.Button(description=label, tooltip=tip, layout=W.Layout(width="auto"))


def _text_of(value: Any) -> str:
    """A state value as the text the value box shows (and parses back)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float, str)):
        return str(value)
    return json.dumps(value)


def parse_value(text: str, types: tuple[type, ...], what: str) -> Any:
    """Text from a value box as a value of one of `types`; empty text is None
    (remove the key). Numbers, true/false and JSON are parsed; nothing is evaluated."""
    t = text.strip()
    if not t:
        return None
    if bool in types and t.lower() in ("true", "false", "yes", "no"):
        return t.lower() in ("true", "yes")
    if int in types and _INT.match(t):
        return int(t)
    if float in types:
        try:
            return float(t)
        except ValueError:
            pass
    if dict in types or list in types:
        try:
            value = json.loads(t)
        except ValueError as exc:
            if str not in types:
                raise TablekitError(f"{what}: {t!r} is not JSON ({exc})") from None
        else:
            if isinstance(value, tuple(x for x in types if x in (dict, list))):
                return value
            if str not in types:
                raise TablekitError(f"{what} takes {_type_words(types)}, not {t!r}")
    if str in types:
        return t
    raise TablekitError(f"{what} takes {_type_words(types)}, not {t!r}")


def _type_words(types: tuple[type, ...]) -> str:
    words = {bool: "true or false", int: "a whole number", float: "a number", str: "text",
             dict: "a JSON object like {\"a\": 1}", list: "a JSON list like [1, 2]",
             type(None): "null"}
    return " or ".join(words.get(t, t.__name__) for t in types)


def _lasting_entry(effect: dict) -> dict:
    """A lasting effect of the state as a scenario's `start.lasting` entry (as `to_yaml` writes it)."""
    return {k: copy.deepcopy(v) for k, v in effect.items() if k not in ("id", "ends") and v is not None}


def _slug(text: str) -> str:
    s = re.sub(r"[^A-Za-z0-9]+", "-", text.lower()).strip("-")
    return s[:60].strip("-") or "scenario"


class ScenarioBuilder(Guarded, W.VBox):
    """Build a position by hand and save it as a scenario file.

    `game`: a game id (start from an empty table, or with start="setup" from a
    new game after its setup steps), or a Game (start from that game's
    current position; the game itself is never changed)."""

    def __init__(self, game: str | Game, players: int | list[str] = 2, seed: int = 1,
                 variant: str | None = None, options: dict | None = None, start: str = "empty",
                 title: str = "", description: str = ""):
        super().__init__()
        self.add_class("tk-app")
        self.add_class("tk-builder")
        if isinstance(game, Game):
            self.source: Game | None = game
            self.gamedef = game.gamedef
            start = "game"
            probe = game
        else:
            self.source = None
            self.gamedef = get_game(game)
            if start not in ("empty", "setup"):
                raise TablekitError(f"start is 'empty' or 'setup', not {start!r}")
            probe = make_game(self.gamedef, players, seed, variant, options)
        self.players: list[str] = list(probe.players)
        self.seed: int = probe.state.seed
        self.variant = probe.state.variant
        self.options = dict(probe.state.options)
        self.game: Game = probe  # replaced by the draft in reset()
        # the game's own keys first, then the core's (once-per-turn/round uses)
        self.settable: dict[str, tuple[tuple[type, ...], str]] = dict(self.gamedef.settable_extra)
        self.settable.update({k: v for k, v in CORE_EXTRA.items() if k not in self.settable})
        self.state_keys: dict[str, tuple[type, ...]] = dict(CORE_CARD_STATE)
        self.state_keys.update({k: t for k, (t, _) in self.gamedef.card_state_fields().items()})
        self.state_docs: dict[str, str] = {k: doc for k, (_, doc) in CORE_CARD_STATE_SCHEMA.items()}
        self.state_docs.update({k: doc for k, (_, doc) in self.gamedef.card_state_fields().items()})
        self.lasting: list[dict[str, Any]] = []  # start.lasting entries of the draft
        self.sandbox: Sandbox | None = None
        self._quiet = False

        self.banner = self._make_banner()
        self.message = W.HTML("")
        self.message.add_class("tk-status")
        head = W.HTML(f"<div class='tk-title'>Scenario builder: {escape(self.gamedef.title)}</div>"
                      f"<div class='tk-help'>Players {escape(', '.join(self.players))} · seed {self.seed}. "
                      "Put cards where you want them, set their state (face, damage, counters, "
                      "exhausted...), the players' counters and the lasting effects in force, choose the "
                      "rule to start at, then save the scenario file or open it in a sandbox.</div>")

        # -- where the draft starts from
        kinds = [(STARTS[k], k) for k in (("game",) if self.source is not None else ()) + ("empty", "setup")]
        self.start_from = W.Dropdown(options=kinds, value=start, description="Start from",
                                     style={"description_width": "initial"}, layout=W.Layout(width="auto"))
        self.reset_button = _button("Start over", "Throw the draft away and start again from the choice")
        self.reset_button.on_click(self._guard(lambda: self.reset(self.start_from.value)))

        # -- cards
        self.card = W.Dropdown(description="Card", layout=W.Layout(width="auto"))
        self.zone = W.Dropdown(options=[(f"{self._zone_label(z)} ({z})", z) for z in probe.state.zones],
                               description="Zone", layout=W.Layout(width="auto"))
        self.index = W.IntText(value=-1, description="Position", layout=W.Layout(width="160px"))
        self.put_button = _button("Put it there", "Move the card to the zone at the position "
                                  "(0 is the first card; -1 puts it at the end)")
        self.up_button = _button("Move up", "One place earlier in its zone (toward the first card)")
        self.down_button = _button("Move down", "One place later in its zone (toward the last card)")
        self.rest_zone = "box" if "box" in probe.state.zones else next(iter(probe.state.zones))
        self.remove_button = _button(f"Remove (back to {self.rest_zone})",
                                     f"Put the card back in the {self.rest_zone} zone and clear its state")
        self.card_info = W.HTML("")
        self.card_info.add_class("tk-help")
        self.put_button.on_click(self._guard(self.on_put))
        self.up_button.on_click(self._guard(lambda: self.on_shift(-1)))
        self.down_button.on_click(self._guard(lambda: self.on_shift(1)))
        self.remove_button.on_click(self._guard(self.on_remove))

        # -- card state
        self.state_key = W.Dropdown(options=self._state_options(None), description="State",
                                    layout=W.Layout(width="auto"))
        self.state_value = W.Text(description="Value", placeholder="4, true, text; empty removes it",
                                  layout=W.Layout(width="auto"))
        self.state_button = _button("Set state", "Set this state key of the chosen card")
        self.state_button.on_click(self._guard(self.on_set_state))
        # one click for the state every game shows on a card: its side, turned, its face
        self.flip_button = _button("Turn face down", "Lay the chosen card face down (or face up again)")
        self.exhaust_button = _button("Exhaust", "Turn the chosen card sideways (or ready it again)")
        self.face_button = _button("Show the next face", "A card with several faces: show its next one")
        self.flip_button.on_click(self._guard(self.on_flip))
        self.exhaust_button.on_click(self._guard(self.on_exhaust))
        self.face_button.on_click(self._guard(self.on_next_face))
        self.card.observe(self._guard(self._on_card_pick), names="value")
        self.state_key.observe(self._guard(self._fill_state_value), names="value")

        # -- player counters
        self.counter_player = W.Dropdown(options=self.players, description="Player",
                                         layout=W.Layout(width="auto"))
        self.counter_key = W.Combobox(description="Counter", placeholder="name, e.g. score",
                                      ensure_option=False, layout=W.Layout(width="auto"))
        self.counter_value = W.Text(description="Value", placeholder="a number; empty removes it",
                                    layout=W.Layout(width="auto"))
        self.counter_button = _button("Set counter", "Set this counter of the chosen player")
        self.counter_button.on_click(self._guard(self.on_set_counter))
        self.counter_player.observe(self._guard(self._fill_counter_value), names="value")
        self.counter_key.observe(self._guard(self._fill_counter_value), names="value")

        # -- the game's settable extra state
        # (shown by the names a scenario file uses: this_turn for the engine's _this_turn)
        self.extra_key = W.Dropdown(options=[(f"{FILE_NAMES.get(k, k)}: {doc}", k)
                                             for k, (_, doc) in self.settable.items()],
                                    description="Game state", style={"description_width": "initial"},
                                    layout=W.Layout(width="auto"))
        self.extra_value = W.Textarea(description="JSON", placeholder='e.g. 1, "Ana", null, {"kills": 0}',
                                      layout=W.Layout(width="60%", height="60px"))
        self.extra_button = _button("Set game state", "Set this key of the game's state (JSON)")
        self.extra_button.on_click(self._guard(self.on_set_extra))
        self.extra_key.observe(self._guard(self._fill_extra_value), names="value")

        # -- lasting effects in force at the start
        self.lasting_value = W.Textarea(description="Effect", placeholder=LASTING_EXAMPLE,
                                        layout=W.Layout(width="70%", height="60px"))
        self.lasting_add_button = _button("Add lasting effect", "Add this effect, in force from the start "
                                          "(JSON: kind, until, text and what the kind needs)")
        self.lasting_pick = W.Dropdown(options=[], description="In force", layout=W.Layout(width="auto"))
        self.lasting_remove_button = _button("Remove lasting effect", "Take the chosen effect away")
        self.lasting_view = W.HTML("")
        self.lasting_view.add_class("tk-help")
        self.lasting_add_button.on_click(self._guard(self.on_add_lasting))
        self.lasting_remove_button.on_click(self._guard(self.on_remove_lasting))

        # -- where the scenario starts
        nodes = [n for n in self.gamedef.flow.walk() if n is not self.gamedef.flow]
        self.start_node = W.Dropdown(options=[(" › ".join(n.path[1:]) + f"  ({n.kind})", n.path[1:])
                                              for n in nodes],
                                     description="Start at", layout=W.Layout(width="auto"))
        self.turn = W.Dropdown(options=self.players, description="Whose turn",
                               style={"description_width": "initial"}, layout=W.Layout(width="auto"))
        self.notes: list[str] = []  # what position() had to derive, said when it is used

        # -- the cards left in the box
        self.rest_to = W.Dropdown(options=[(f"stay in {self._zone_label_of(probe, self.rest_zone)}", None)] +
                                  [(f"go to {self._zone_label_of(probe, z)} ({z})", z)
                                   for z in probe.state.zones if z != self.rest_zone],
                                  value=None, description="Cards not placed",
                                  style={"description_width": "initial"}, layout=W.Layout(width="auto"))
        self.rest_shuffle = W.Checkbox(value=True, description="shuffled (with the scenario's seed)",
                                       indent=False, disabled=True, layout=W.Layout(width="auto"))
        self.rest_to.observe(self._guard(self._on_rest_pick), names="value")

        # -- the file
        self.title = W.Text(value=title, description="Title", placeholder="what the scenario shows",
                            layout=W.Layout(width="90%"))
        self.description = W.Textarea(value=description, description="Description",
                                      placeholder="the question, and what the rules should do",
                                      layout=W.Layout(width="90%", height="60px"))
        self.filename = W.Text(description="File name", placeholder="made from the title",
                               layout=W.Layout(width="auto"))
        self.save_button = _button("Save scenario", "Make the scenario file and offer it as a download")
        self.open_button = _button("Open in sandbox", "Build this position and play it below")
        self.save_button.on_click(self._guard(self.on_save))
        self.open_button.on_click(self._guard(self.on_open))
        self.download = W.HTML("")
        self.download.add_class("tk-download")

        # the draft on the board: every zone, face-down ones face up; a card is picked with a
        # click and put in a zone with "Put here" or a drag, a counter's number typed (each
        # edit checked by the board, then made here as the scenario format checks it)
        self.board = Board(probe, everything=True, show_empty=True, on_edit=self.on_board_edit)
        self.sandbox_box = W.VBox([])

        def section(text: str) -> W.HTML:
            return W.HTML(f"<div class='tk-section'>{text}</div>")

        self.children = [
            style_html(), head, self.banner, self.message,
            W.HBox([self.start_from, self.reset_button]),
            section("Cards"),
            W.HBox([self.card, self.zone, self.index, self.put_button], layout=W.Layout(flex_flow="row wrap")),
            W.HBox([self.up_button, self.down_button, self.remove_button], layout=W.Layout(flex_flow="row wrap")),
            self.card_info,
            W.HBox([self.state_key, self.state_value, self.state_button], layout=W.Layout(flex_flow="row wrap")),
            W.HBox([self.flip_button, self.exhaust_button, self.face_button], layout=W.Layout(flex_flow="row wrap")),
            section("Players and the game's state"),
            W.HBox([self.counter_player, self.counter_key, self.counter_value, self.counter_button],
                   layout=W.Layout(flex_flow="row wrap")),
            W.HBox([self.extra_key, self.extra_value, self.extra_button], layout=W.Layout(flex_flow="row wrap")),
            section("Lasting effects in force at the start"),
            W.HBox([self.lasting_value, self.lasting_add_button], layout=W.Layout(flex_flow="row wrap")),
            W.HBox([self.lasting_pick, self.lasting_remove_button], layout=W.Layout(flex_flow="row wrap")),
            self.lasting_view,
            section("Where it starts"),
            W.HBox([self.start_node, self.turn], layout=W.Layout(flex_flow="row wrap")),
            W.HBox([self.rest_to, self.rest_shuffle], layout=W.Layout(flex_flow="row wrap")),
            section("The scenario file"),
            self.title, self.description,
            W.HBox([self.filename, self.save_button, self.open_button, self.download],
                   layout=W.Layout(flex_flow="row wrap")),
            section("The table: click a card to pick it, then Put here on a zone (or drag the card there); "
                    "type a counter's number to set it. Face-down cards are shown face up."),
            self.board, self.sandbox_box,
        ]
        self.reset(start)

    # -- the draft ---------------------------------------------------------------
    def _fresh(self) -> Game:
        return make_game(self.gamedef, self.players, self.seed, self.variant, self.options)

    def _adopt(self, state: dict) -> Game:
        """A Game holding a copy of `state`, used only to show and edit it: no rule runs on it."""
        g = self._fresh()
        st = State.from_dict(copy.deepcopy(state))
        g.state = st
        g.ctx.state = st
        g.ctx.reindex()
        return g

    def reset(self, start: str) -> None:
        """Start the draft again: "empty", "setup" or "game" (the game given)."""
        if start == "game":
            if self.source is None:
                raise TablekitError("no game was given to start from")
            src = self.source
            draft = self._adopt(src.state.to_dict())
            where = f"the position of the game given (record {len(src.history)})"
        elif start == "setup":
            src = self._fresh()
            first = self.gamedef.flow.children[0].name if self.gamedef.flow.children else None
            while not src.is_over and src.pending is None and len(src.cursor) > 1 and src.cursor[1] == first:
                src.step()
            draft = self._adopt(src.state.to_dict())
            where = f"a new game after its setup ({len(src.history)} rules applied)"
        elif start == "empty":
            src = self._fresh()
            st = src.state
            for uid in list(st.cards):
                if st.card_zone[uid] != self.rest_zone:
                    st.move(uid, self.rest_zone)
                card = st.cards[uid]["card"]
                st.cards[uid] = {"card": card}
            draft = src
            where = f"an empty table: every card is in the {self.rest_zone} zone"
        else:
            raise TablekitError(f"start from 'empty', 'setup' or 'game', not {start!r}")
        self.game = draft
        self.lasting = [_lasting_entry(e) for e in src.state.lasting]
        if self.start_from.value != start:
            self.start_from.value = start
        cursor = tuple(src.cursor[1:])
        values = [v for _, v in self.start_node.options]
        self.start_node.value = cursor if cursor in values else values[0]
        self.turn.value = src.turn if src.turn in self.players else self.players[0]
        self.sandbox = None
        self.sandbox_box.children = []
        self.download.value = ""
        self._say(f"Started from {where}.")
        self.refresh()
        self._show_lasting()
        self._fill_extra_value()
        self._fill_counter_value()

    @property
    def state(self) -> State:
        """The draft state being edited."""
        return self.game.state

    def _zone_label(self, zone: str) -> str:
        return self._zone_label_of(self.game, zone)

    @staticmethod
    def _zone_label_of(game: Game, zone: str) -> str:
        return game.state.zone_info[zone].get("label") or zone

    def _card_label(self, uid: str) -> str:
        name = self.game.gamedef.card_name(self.game.ctx.defn(uid))
        return f"{name} · {uid}" if name != uid else uid

    def _where(self, uid: str) -> str:
        st = self.state
        z = st.card_zone[uid]
        return f"{self._zone_label(z)}, position {st.zones[z].index(uid)}"

    def _say(self, text: str) -> None:
        self.message.value = escape(text)

    # -- actions -----------------------------------------------------------------
    def _picked(self) -> str:
        uid = self.card.value
        if uid is None or uid not in self.state.cards:
            raise TablekitError("choose a card first")
        return uid

    def put(self, uid: str, zone: str, index: int = -1) -> None:
        """Move a card to a zone at a position (0 is the first card; -1 the end)."""
        st = self.state
        if uid not in st.cards:
            raise TablekitError(f"no card {uid!r} in this game")
        if zone not in st.zones:
            raise TablekitError(f"no zone {zone!r}; the zones are {', '.join(st.zones)}")
        if isinstance(index, bool) or not isinstance(index, int):
            raise TablekitError(f"the position is a whole number, not {index!r}")
        others = [u for u in st.zones[zone] if u != uid]
        if index == -1:
            index = len(others)
        if not 0 <= index <= len(others):
            raise TablekitError(f"{self._zone_label(zone)} has {len(others)} other card"
                                f"{'s' if len(others) != 1 else ''}: the position is 0 to {len(others)}, "
                                "or -1 for the end")
        src = st.card_zone[uid]
        st.move(uid, zone, index)
        moved = "Moved" if src != zone else "Reordered"
        self._say(f"{moved} {self._card_label(uid)} to {self._zone_label(zone)} at position {index}.")
        self.refresh()

    def shift(self, uid: str, step: int) -> None:
        """Move a card one place earlier (-1) or later (+1) in its zone."""
        st = self.state
        if uid not in st.cards:
            raise TablekitError(f"no card {uid!r} in this game")
        zone = st.card_zone[uid]
        row = st.zones[zone]
        i = row.index(uid)
        j = i + step
        if not 0 <= j < len(row):
            edge = "first" if step < 0 else "last"
            raise TablekitError(f"{self._card_label(uid)} is already the {edge} card of {self._zone_label(zone)}")
        row[i], row[j] = row[j], row[i]
        self._say(f"{self._card_label(uid)} is now at position {j} of {self._zone_label(zone)}.")
        self.refresh()

    def remove(self, uid: str) -> None:
        """Put a card back in the box (or the game's first zone) and clear its state."""
        st = self.state
        if uid not in st.cards:
            raise TablekitError(f"no card {uid!r} in this game")
        if st.card_zone[uid] == self.rest_zone:
            raise TablekitError(f"{self._card_label(uid)} is already in {self._zone_label(self.rest_zone)}")
        st.move(uid, self.rest_zone)
        st.cards[uid] = {"card": st.cards[uid]["card"]}
        loose = [u for u, cs in st.cards.items() if cs.get("attached_to") == uid]
        for u in loose:
            del st.cards[u]["attached_to"]
        note = (f"; {', '.join(self._card_label(u) for u in loose)} no longer lie"
                f"{'s' if len(loose) == 1 else ''} on it") if loose else ""
        self._say(f"{self._card_label(uid)} went back to {self._zone_label(self.rest_zone)} "
                  f"(its state cleared{note}).")
        self.refresh()

    def set_state(self, uid: str, key: str, text: str) -> None:
        """Set (or, with empty text, remove) one state key of a card, from text."""
        st = self.state
        if uid not in st.cards:
            raise TablekitError(f"no card {uid!r} in this game")
        types = self.state_keys.get(key)
        if types is None:
            raise TablekitError(f"{key!r} is not a card state a scenario may set "
                                f"(allowed: {', '.join(sorted(self.state_keys))})")
        value = parse_value(text, types, f"{key} of {uid}")
        if value is not None:
            self._check_card_value(uid, key, value)
        if value is None:
            st.cards[uid].pop(key, None)
            self._say(f"{self._card_label(uid)}: {key} removed.")
        else:
            st.cards[uid][key] = value
            self._say(f"{self._card_label(uid)}: {key} = {_text_of(value)}.")
        self.refresh()

    def _check_card_value(self, uid: str, key: str, value: Any) -> None:
        """Refuse a card state value the position cannot hold, naming the key: as the
        scenario format checks it (core/cardstate.py), and face down only where a zone
        shows its cards."""
        st = self.state
        why = card_state_problem(self.gamedef, st, self.game.defs, uid, key, value)
        if why:
            raise TablekitError(why)
        if key == "counters":
            for name in value:
                if not _COUNTER_KEY.match(name):
                    raise TablekitError(f"counters of {uid}: a counter's name is a word of letters, digits "
                                        f"and _, not {name!r}")
        if key == "face_down" and value:
            zone = st.card_zone[uid]
            if st.zone_info[zone]["visibility"] == HIDDEN:
                raise TablekitError(f"face_down: {self._card_label(uid)} is in {self._zone_label(zone)}, "
                                    "a zone nobody sees, so it lies face down already; face down is for a "
                                    "card in a zone that shows its cards")

    def _state_options(self, uid: str | None) -> list[tuple[str, str]]:
        """The card state keys a scenario may set on this card, with what each means
        (`face` only on a card with faces)."""
        keys = sorted(self.state_keys)
        if uid is not None and not self.game.ctx.defn(uid).faces:
            keys = [k for k in keys if k != "face"]
        return [(f"{k}: {self.state_docs[k]}" if self.state_docs.get(k) else k, k) for k in keys]

    # -- lasting effects ---------------------------------------------------------
    def add_lasting(self, text: str) -> None:
        """Add a lasting effect in force from the start, from JSON text: a `start.lasting`
        entry of the scenario format. It is checked by building the position with it."""
        try:
            entry = json.loads(text)
        except ValueError as exc:
            raise TablekitError(f"the lasting effect is not JSON: {exc} (for example {LASTING_EXAMPLE})") from None
        if not isinstance(entry, dict):
            raise TablekitError(f"a lasting effect is a JSON object, for example {LASTING_EXAMPLE}")
        unknown = sorted(set(entry) - LASTING_KEYS)
        if unknown:
            raise TablekitError(f"lasting effect: unknown key {unknown[0]!r} "
                                f"(keys: {', '.join(sorted(LASTING_KEYS))})")
        missing = [k for k in ("kind", "until", "text") if k not in entry]
        if missing:
            raise TablekitError(f"lasting effect: {', '.join(missing)} missing (kind, until and text are needed)")
        if not isinstance(entry["text"], str) or not entry["text"].strip():
            raise TablekitError("lasting effect: text says in words what the effect is (a text, not empty)")
        self._check_lasting_names(entry)
        entry = {k: v for k, v in entry.items() if v is not None}
        self._try_lasting([*self.lasting, entry])
        self._say(f"Lasting effect added: {entry['text']} ({until_words(entry['until'])}).")

    def _check_lasting_names(self, entry: dict) -> None:
        """The players and cards a lasting effect names exist."""
        for key in ("controller", "to"):
            if entry.get(key) is not None and entry[key] not in self.players:
                raise TablekitError(f"lasting effect: {key} is a player ({', '.join(self.players)}), "
                                    f"not {entry[key]!r}")
        if entry.get("source") is not None and entry["source"] not in self.state.cards:
            raise TablekitError(f"lasting effect: source is a card; there is no card {entry['source']!r}")
        for key, known, what in (("players", self.players, "player"), ("targets", self.state.cards, "card"),
                                 ("cards", self.state.cards, "card")):
            names = entry.get(key)
            if names is None:
                continue
            if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
                raise TablekitError(f"lasting effect: {key} is a list of {what} names, not {json.dumps(names)}")
            bad = [n for n in names if n not in known]
            if bad:
                raise TablekitError(f"lasting effect: {key} names no {what} {bad[0]!r}")

    def remove_lasting(self, index: int) -> None:
        """Take away the lasting effect at `index` (0 is the first)."""
        if not 0 <= index < len(self.lasting):
            raise TablekitError(f"there is no lasting effect #{index + 1}")
        gone = self.lasting[index]
        self._try_lasting(self.lasting[:index] + self.lasting[index + 1:])
        self._say(f"Lasting effect removed: {gone['text']}.")

    def _try_lasting(self, entries: list[dict]) -> None:
        """Make `entries` the lasting effects if the scenario file with them loads back;
        otherwise say why and change nothing."""
        keep = self.lasting
        self.lasting = entries
        try:
            _, game = self._file()
        except TablekitError as exc:
            self.lasting = keep
            hint = (" (an effect lasts until the end of something running at the start: choose the start "
                    "under “Where it starts” first)") if "is running here" in str(exc) else ""
            raise TablekitError(f"lasting effect: {exc}{hint}") from None
        self.state.lasting = copy.deepcopy(game.state.lasting)
        self._show_lasting()

    def _show_lasting(self) -> None:
        options = [(f"#{i + 1} {e['kind']}: {e['text']} ({until_words(e['until'])})", i)
                   for i, e in enumerate(self.lasting)]
        self.lasting_pick.options = options
        self.lasting_view.value = "" if options else "No lasting effect is in force."

    def set_counter(self, player: str, key: str, text: str) -> None:
        """Set (or, with empty text, remove) a player's counter, from text (a number)."""
        if player not in self.players:
            raise TablekitError(f"no player {player!r}; the players are {', '.join(self.players)}")
        key = key.strip()
        if not _COUNTER_KEY.match(key) or key == "name":
            raise TablekitError(f"a counter's name is a word of letters, digits and _ (not 'name'), "
                                f"not {key!r}")
        value = parse_value(text, (int, float), f"{player}'s {key}")
        if value is not None and value < 0:
            raise TablekitError(f"{player}'s {key} cannot be negative ({value})")
        follows = self.gamedef.derived_player_numbers(self.state.extra, self.players).get(player, {})
        if key in follows and value != follows[key]:
            raise TablekitError(f"{player}'s {key} follows the game state ({follows[key]} now): change "
                                "that instead")
        p = self.state.player(player)
        if value is None:
            p.pop(key, None)
            self._say(f"{player}'s {key} removed.")
        else:
            p[key] = value
            self._say(f"{player}'s {key} = {value}.")
        self.refresh()

    def set_kept_counter(self, player: str, counter: Any, text: str) -> None:
        """Set a player counter kept in this turn's or this round's data (`Counter.field`,
        Labyrinth's actions left), shown for the player whose turn it is."""
        data_name, key = counter.data_key
        if self.state.turn != player:
            raise TablekitError(f"{counter.name} is {data_name.replace('_', ' ')}'s, kept for the player whose "
                                f"turn it is ({self.state.turn or 'nobody yet'}), not {player}")
        value = parse_value(text, (int, float), f"{player}'s {counter.name}")
        if value is None:
            raise TablekitError(f"{counter.name} always has a number ({counter.domain()})")
        try:
            counter.check(value)
        except ValueError as exc:
            raise TablekitError(str(exc)) from None
        state_key = FIELD_DATA[data_name]
        fresh = self.gamedef.per_turn if data_name == "this_turn" else self.gamedef.per_round
        data = self.state.extra.get(state_key)
        if not isinstance(data, dict):
            data = self.state.extra[state_key] = copy.deepcopy(fresh)
        data[key] = value
        self._say(f"{player}'s {counter.name} = {value} ({data_name}.{key}).")
        self.refresh()

    def set_extra(self, key: str, text: str) -> None:
        """Set one of the game's settable state keys from JSON text."""
        spec = self.settable.get(key)
        if spec is None:
            raise TablekitError(f"{self.gamedef.title} has no settable state {key!r} "
                                f"(settable: {', '.join(self.settable)})")
        try:
            value = json.loads(text)
        except ValueError as exc:
            raise TablekitError(f"the value of {key!r} is not JSON: {exc} "
                                "(text needs double quotes: \"Ana\"; nothing is null)") from None
        types = spec[0]
        if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
            raise TablekitError(f"{key!r} takes {_type_words(types)}, not {text.strip()!r}: {spec[1]}")
        check = getattr(self.gamedef, "check_extra", None)  # the game's own test of the meaning
        why = check(key, value, self.players) if check is not None else None
        if why:
            raise TablekitError(f"{key!r}: {why}")
        self.state.extra[key] = value
        follows = self.gamedef.derived_player_numbers({key: value}, self.players)
        for player, numbers in follows.items():  # the numbers this key decides follow it
            self.state.player(player).update(numbers)
        also = "; ".join(f"{p}'s {k} = {n}" for p, numbers in follows.items() for k, n in numbers.items())
        self._say(f"Game state {key} = {json.dumps(value)}." + (f" So {also}." if also else ""))
        self.refresh()

    def on_board_edit(self, action: str, args: tuple[str, ...]) -> None:
        """An edit made on the board, checked there (boardmodel.check_message): a card
        picked, a card put in a zone at a place, or a counter's number typed."""
        if action == "pick":
            self.card.value = args[0]
        elif action == "move":
            uid, zone, index = args
            self.card.value = uid
            self.put(uid, zone, int(index))
        elif action == "counter":
            owner, key, value = args
            kept = next((c for c in self.gamedef.counters if c.key == key and c.where == "player" and c.field),
                        None) if owner in self.players else None
            if kept is not None:  # kept in this turn's or round's data, not as the player's key
                self.set_kept_counter(owner, kept, value)
            elif owner in self.players:
                self.set_counter(owner, key, value)
            elif owner in self.state.cards:
                self.card.value = owner
                self.set_state(owner, key, value)
            else:
                self.set_extra(key, value)

    # -- the buttons ---------------------------------------------------------------
    def on_put(self) -> None:
        if self.zone.value is None:
            raise TablekitError("choose a zone first")
        self.put(self._picked(), self.zone.value, self.index.value)

    def on_shift(self, step: int) -> None:
        self.shift(self._picked(), step)

    def on_remove(self) -> None:
        self.remove(self._picked())

    def on_flip(self) -> None:
        uid = self._picked()
        self.set_state(uid, "face_down", "" if self.state.cards[uid].get("face_down") else "true")

    def on_exhaust(self) -> None:
        uid = self._picked()
        self.set_state(uid, "exhausted", "" if self.state.cards[uid].get("exhausted") else "true")

    def on_next_face(self) -> None:
        uid = self._picked()
        faces = len(self.game.ctx.defn(uid).faces)
        if not faces:
            raise TablekitError(f"face: {self._card_label(uid)} has one face only, so there is no face to set")
        self.set_state(uid, "face", str((self.state.cards[uid].get("face", 0) + 1) % faces))

    def _label_toggles(self) -> None:
        """The one-click buttons say what they would do to the chosen card."""
        uid = self.card.value
        cs = self.state.cards.get(uid, {}) if uid is not None else {}
        self.flip_button.description = "Turn face up" if cs.get("face_down") else "Turn face down"
        self.exhaust_button.description = "Ready" if cs.get("exhausted") else "Exhaust"
        faces = len(self.game.ctx.defn(uid).faces) if uid in self.state.cards else 0
        self.face_button.disabled = not faces
        self.face_button.tooltip = (f"Show face {(cs.get('face', 0) + 1) % faces} of 0 to {faces - 1}" if faces
                                    else "This card has one face only")

    def on_set_state(self) -> None:
        self.set_state(self._picked(), self.state_key.value, self.state_value.value)

    def on_set_counter(self) -> None:
        self.set_counter(self.counter_player.value, self.counter_key.value, self.counter_value.value)

    def on_set_extra(self) -> None:
        self.set_extra(self.extra_key.value, self.extra_value.value)

    def on_add_lasting(self) -> None:
        self.add_lasting(self.lasting_value.value)

    def on_remove_lasting(self) -> None:
        if self.lasting_pick.value is None:
            raise TablekitError("no lasting effect is in force to remove")
        self.remove_lasting(self.lasting_pick.value)

    def on_save(self) -> None:
        self.download.value = ""
        text = self.yaml_text()
        name = self.file_name()
        self.download.value = (download_link(text, name) +
                               "<details><summary>Show the scenario file</summary>"
                               f"<pre class='tk-yaml'>{escape(text)}</pre></details>")
        self._say(f"The scenario file {name} is ready: use the download link.{self._noted()}")

    def on_open(self) -> None:
        g = self.position()
        self.sandbox = Sandbox(g, seat=SEAT_ALL, title=self.title.value.strip() or None)
        self.sandbox_box.children = [W.HTML("<div class='tk-section'>The position in a sandbox</div>"),
                                     self.sandbox]
        self._say(f"Opened in a sandbox at {' › '.join(g.path) or 'the end'}.{self._noted()}")

    def _noted(self) -> str:
        return "".join(f" {n}" for n in self.notes)

    def _on_rest_pick(self) -> None:
        self.rest_shuffle.disabled = self.rest_to.value is None

    def _on_card_pick(self) -> None:
        if self._quiet:
            return
        self._show_card_info()
        self._fit_state_keys()
        self._label_toggles()
        self._fill_state_value()

    def _fit_state_keys(self) -> None:
        uid = self.card.value
        if uid is None or uid not in self.state.cards:
            return
        options = self._state_options(uid)
        if list(self.state_key.options) != options:
            keep = self.state_key.value
            self.state_key.options = options
            keys = [k for _, k in options]
            self.state_key.value = keep if keep in keys else keys[0]

    def _show_card_info(self) -> None:
        uid = self.card.value
        if uid is None or uid not in self.state.cards:
            self.card_info.value = ""
            return
        cs = {k: v for k, v in self.state.cards[uid].items() if k != "card"}
        state = ", ".join(f"{k} {_text_of(v)}" for k, v in cs.items()) or "no state set"
        self.card_info.value = escape(f"{self._card_label(uid)} is in {self._where(uid)}; {state}.")

    def _fill_state_value(self) -> None:
        uid = self.card.value
        if uid is None or uid not in self.state.cards:
            return
        self.state_value.value = _text_of(self.state.cards[uid].get(self.state_key.value))

    def _fill_counter_value(self) -> None:
        p = self.counter_player.value
        key = (self.counter_key.value or "").strip()
        if p in self.players and key and key != "name":
            self.counter_value.value = _text_of(self.state.player(p).get(key))

    def _fill_extra_value(self) -> None:
        key = self.extra_key.value
        if key is not None:
            value = self.state.extra.get(key)
            self.extra_value.value = json.dumps(value) if key in self.state.extra else ""

    # -- painting ------------------------------------------------------------------
    def refresh(self) -> None:
        st = self.state
        g = self.game
        with self.hold_sync():
            options = []
            for z, uids in st.zones.items():
                label = self._zone_label(z)
                for i, uid in enumerate(uids):
                    options.append((f"{self._card_label(uid)} — {label} #{i}", uid))
            keep = self.card.value
            if list(self.card.options) != options:
                self._quiet = True  # the choice is put back below: no refill in between
                try:
                    self.card.options = options
                    if keep in st.cards:
                        self.card.value = keep
                    elif options:
                        self.card.value = options[0][1]
                finally:
                    self._quiet = False
            counters = sorted({k for p in st.players for k in p if k != "name"})
            if list(self.counter_key.options) != counters:
                self.counter_key.options = counters
            self.board.game = g
            self.board.refresh()
            self._show_card_info()
            self._fit_state_keys()
            self._label_toggles()

    # -- the result ----------------------------------------------------------------
    def _start_chain(self) -> list:
        """The flow nodes from the root down to the chosen start node."""
        chain = [self.gamedef.flow]
        for name in self.start_node.value:
            chain.append(next(c for c in chain[-1].children if c.name == name))
        return chain

    def _turn_order(self, g: Game, turn: str) -> str | None:
        """What keeps the turn order of a start inside a turn from being known on `g`
        (None: nothing). Every for-each-player node on the way, and the start node
        itself, works its order out from the game's state."""
        chain = self._start_chain()
        for i, node in enumerate(chain):
            if not isinstance(node, ForEachPlayer):
                continue
            try:
                order = list(node.order(g.ctx)) if node.order else list(g.players)
            except Exception as exc:  # noqa: BLE001 - a game's order function on a hand-made state
                return f"{node.name} cannot work out the turn order ({type(exc).__name__}: {exc})"
            if i < len(chain) - 1 and node.sets_turn and turn not in order:
                return f"{turn} takes no turn in {node.name} (the order is {', '.join(order)})"
        return None

    def _derive_turn_order(self, g: Game, turn: str) -> None:
        """A start inside a turn needs the turn order: if the draft leaves it unknown
        (a settable game state such as `first` still unset), take the player whose turn
        it is for it, and say so; if that is not enough, say plainly what to set."""
        problem = self._turn_order(g, turn)
        if problem is None:
            return
        check = getattr(self.gamedef, "check_extra", None)
        unset = [k for k, (types, _) in self.settable.items()
                 if not k.startswith("_") and g.state.extra.get(k) is None]
        for key in unset:
            types = self.settable[key][0]
            if str not in types or (check is not None and check(key, turn, self.players)):
                continue
            g.state.extra[key] = turn
            if self._turn_order(g, turn) is None:
                self.notes.append(f"The game state {key} was not set, and a start inside a turn needs "
                                  f"it: {turn}, whose turn it is, is taken ({key}: {self.settable[key][1]}).")
                return
            del g.state.extra[key]
        where = " › ".join(self.start_node.value)
        hint = ("; set it under “Players and the game's state”: " +
                ", ".join(f"{k} ({self.settable[k][1]})" for k in unset)) if unset else ""
        raise TablekitError(f"A start at {where} is inside a turn, and {problem}{hint}.")

    def _arranged(self) -> Game:
        """A new game of the same players, seed, variant and options, arranged as the
        draft says (the cards not placed stay in the box) and positioned at the chosen
        rule and turn."""
        self.notes = []
        st = self.state
        g = self._fresh()
        for p in st.players:
            mine = g.state.player(p["name"])
            mine.clear()
            mine.update(copy.deepcopy(p))
        cards: dict[str, dict[str, Any]] = {}
        for uid, cs in st.cards.items():
            have = g.state.cards[uid]
            changes = {k: copy.deepcopy(v) for k, v in cs.items() if k != "card" and have.get(k) != v}
            changes.update({k: None for k in have if k != "card" and k not in cs})
            if changes:
                cards[uid] = changes
        extra = {k: copy.deepcopy(v) for k, v in st.extra.items() if k in self.settable}
        zones = {z: list(uids) for z, uids in st.zones.items()}
        turn = self.turn.value
        g.arrange(zones=zones, cards=cards, extra=extra, turn=turn)
        self._derive_turn_order(g, turn)
        g.start_at(list(self.start_node.value), turn, lasting=copy.deepcopy(self.lasting))
        return g

    def position(self) -> Game:
        """A new game of the same players, seed, variant and options, arranged as
        the draft says and positioned at the chosen rule and turn: the game the
        scenario file gives (with the cards not placed sent to another zone, it is
        that file loaded)."""
        if self.rest_to.value is None and not self.lasting:
            return self._arranged()
        text, game = self._file()
        return game

    def _file(self) -> tuple[str, Game]:
        """The scenario file of the draft and the game it loads as."""
        g = self._arranged()
        name = self.file_name()
        text = position_yaml(g, self.title.value.strip(), self.description.value.strip(),
                             start=list(self.start_node.value), turn=self.turn.value, name=name)
        rest = self.rest_to.value
        if rest is None and not g.state.lasting:
            return text, g
        data = yaml.safe_load(text)
        if g.state.lasting:  # the start given replaced to_yaml's, lasting effects with it
            data["start"]["lasting"] = json.loads(json.dumps([_lasting_entry(e) for e in g.state.lasting]))
        if rest is not None:
            setup = data.setdefault("setup", {})
            zones = setup.get("zones") or {}
            zones.pop(self.rest_zone, None)  # the cards not placed: the loader sends them to `rest`
            setup["zones"] = zones
            setup["rest"] = {"zone": rest, "shuffle": bool(self.rest_shuffle.value)}
            data["setup"] = {"rest": setup.pop("rest"), **setup}
        text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)
        try:
            game = build(parse(text, name), name)
        except TablekitError as exc:
            raise TablekitError(f"the scenario would not load back: {exc}") from None
        return text, game

    def file_name(self) -> str:
        typed = self.filename.value.strip()
        base = _slug(typed.rsplit(".", 1)[0] if typed.lower().endswith((".yaml", ".yml")) else typed) \
            if typed else _slug(self.title.value)
        return f"{base}.yaml"

    def yaml_text(self) -> str:
        """The scenario file of the draft (made by `to_yaml`), starting at the chosen rule;
        raises TablekitError if it would not load back."""
        return self._file()[0]
