"""What if: two branches of one position, side by side.

"Branch here" in a sandbox (and so in the ruling lab) opens a `Branches`:
two sandboxes on forks of the game (`Game.fork()`), the same past and two
futures. Answer the open decision one way on the left and another on the
right, or pick another reading of a ruling on one side (that side replays
its game from its start under the reading, `Game.with_rulings`). After every
step on either side, a line says what now differs (`core/diff.py`). Each side
saves as a scenario with its own "Save position".
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Callable

import ipywidgets as W

from ..core.diff import diff_line
from ..core.engine import Game
from ..core.errors import TablekitError
from .layout import SEAT_ALL

__all__ = ["Branches"]

SIDES = ("left", "right")
STYLE = (Path(__file__).resolve().parent / "branch.css").read_text(encoding="utf-8")


class Branches(W.VBox):
    """Two sandboxes on forks of `game` at its current record. Both show
    everything (a what-if compares whole positions); `bots` seats play
    themselves on both sides, as they did at the table the branch was
    taken from."""

    def __init__(self, game: Game, bots: dict[str, str] | None = None, title: str = "",
                 on_close: Callable[[], None] | None = None):
        super().__init__()
        from .sandbox import Sandbox  # the sandbox opens branches: import it here

        self.add_class("tk-branches-panel")
        self.origin = len(game.history)
        where = " › ".join(game.path) or ("the end" if game.is_over else "the start")
        d = game.pending
        asked = (f" There {d.player} was asked “{d.prompt}”: answer it one way on each side."
                 if d is not None else " Step each side on, or pick another reading on one side.")
        self.head = W.HTML(
            f"<style>{STYLE}</style><div class='tk-section'>{escape(title or 'What if')}: two branches from record {self.origin}</div>"
            f"<div class='tk-help'>Both branches start at record {self.origin} ({escape(where)}) with the same past "
            f"and play on separately.{escape(asked)} A reading picked on one side replays that side from "
            "its start under that reading. Each side saves as a scenario with its own Save position.</div>")
        self.diff_view = W.HTML("")
        self.diff_view.add_class("tk-diff")
        self.sides = {name: Sandbox(game.fork(), seat=SEAT_ALL, bots=bots, branching=False, styled=False,
                                    title=f"{name.capitalize()} branch") for name in SIDES}
        boxes = []
        for name, side in self.sides.items():
            side.add_class(f"tk-branch-{name}")
            side.listeners.append(self.show_diff)
            box = W.Box([side])
            box.add_class("tk-branch-side")
            boxes.append(box)
        self.row = W.Box(boxes)
        self.row.add_class("tk-branches")
        self.close_button = W.Button(description="Close the branches", tooltip="Put the two branches away",
                                     layout=W.Layout(width="auto"))
        if on_close is not None:
            self.close_button.on_click(lambda _b: on_close())
        self.children = [self.head] + ([self.close_button] if on_close else []) + [self.diff_view, self.row]
        self.show_diff()

    @property
    def left(self) -> Game:
        return self.sides["left"].game

    @property
    def right(self) -> Game:
        return self.sides["right"].game

    def show_diff(self) -> None:
        """Say what now differs between the two branches."""
        try:
            words = diff_line(self.left, self.right)
        except TablekitError as exc:
            words = f"The branches cannot be compared: {exc}."
        html = f"<div class='tk-diff-line' role='status'><b>What differs now:</b> {escape(words)}</div>"
        if self.diff_view.value != html:
            self.diff_view.value = html
