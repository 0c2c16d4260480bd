"""The Sandbox: a game's table on the board, with the rules beside it.

A `Sandbox` is the board (`board.Board`: the table, its controls and settings,
the log, the rules outline, search and diagram, all drawn by one widget) in a
box that also holds the two branches "Branch here" opens. A new sandbox is four
widget models (the box, the board and their layouts); see docs/board.md.
"""

from __future__ import annotations

from typing import Any, Callable

import ipywidgets as W

from ..core.engine import Game
from ..core.errors import TablekitError
from . import layout
from .board import Board
from .decisionwords import FOLD_AFTER, options_in_order, prompt_line
from .files import download_link, game_from_upload, position_file, position_yaml

__all__ = ["SEAT_ALL", "SEAT_NOBODY", "Sandbox", "FOLD_AFTER", "download_link", "game_from_upload",
           "options_in_order", "position_file", "position_yaml", "prompt_line"]

SEAT_ALL = layout.SEAT_ALL          # seat=SEAT_ALL: show everything
SEAT_NOBODY = layout.SEAT_NOBODY    # seat=SEAT_NOBODY: a spectator's view (public cards only)


class Sandbox(W.VBox):
    """An interactive table for one game. `bots` maps seats to "random" or
    "heuristic" (the other seats are people); `seat` is whose view to show: a
    player, SEAT_ALL (everything) or SEAT_NOBODY (a spectator). None picks
    the default (`layout.default_view`): the one person's seat when exactly
    one seat is a person, a spectator's view when several are, everything
    when every seat is a bot. `hot_seat` starts with Hot seat on; `title`
    replaces the game's title on the board; `branching=False` leaves out
    Branch here (a branch offers no branches of its own); `coach=True` starts
    with the Coach switch on (docs/board.md); `guide`, a `core.guide.GuideRun`,
    puts a guided first game's lessons on the board (`widgets.guide.learn_to_play`,
    docs/guides.md). `styled` is kept for old callers:
    the board brings its own stylesheet."""

    def __init__(self, game: Game, seat: str | None = None, bots: dict[str, str] | None = None,
                 hot_seat: bool = False, title: str | None = None, branching: bool = True,
                 styled: bool = True, coach: bool = False, guide: Any = None):
        super().__init__()
        bots = dict(bots or {})
        if seat is None:
            seat = layout.default_view(list(game.players), bots, hot_seat)
        if seat not in (SEAT_ALL, SEAT_NOBODY, *game.players):
            raise TablekitError(f"no seat {seat!r} to view the table as; the players are "
                                f"{', '.join(game.players)} (or SEAT_ALL, SEAT_NOBODY)")
        bad = {p: k for p, k in bots.items() if p not in game.players or k not in ("random", "heuristic")}
        if bad:
            p, k = next(iter(bad.items()))
            raise TablekitError(f"bots: {p!r} is not a player ({', '.join(game.players)})" if p not in game.players
                                else f"bots: {p} is played by a 'random' or 'heuristic' bot, not {k!r}")
        self.add_class("tk-sandbox")
        self.branches: Any = None
        self.board = Board(game, seat if seat in game.players else None, everything=seat == SEAT_ALL,
                           bots=bots, hot_seat=hot_seat, title=title, rules=True,
                           on_branch=self.on_branch if branching else None, coach=coach, guide=guide)
        self.children = [self.board]

    # -- what tests and notebooks reach --------------------------------------
    @property
    def game(self) -> Game:
        return self.board.game

    @property
    def bots(self) -> dict[str, str]:
        return dict(self.board.bots)

    @property
    def listeners(self) -> list[Callable[[], None]]:
        """Called after every repaint of the board."""
        return self.board.listeners

    def refresh(self) -> None:
        """Draw the board again from the game as it is now (after a change made in code)."""
        self.board.refresh()

    def press(self, action: str, **fields: Any) -> str | None:
        """Click a control or an option as a person would (see `Board.press`);
        the refusal in words, or None when it was done."""
        return self.board.press(action, **fields)

    def replace_game(self, game: Game) -> None:
        """Play on with `game` (the same game, perhaps other seats)."""
        self.board.replace_game(game)
        self.board.refresh()

    # -- what if --------------------------------------------------------------
    def on_branch(self) -> None:
        """What if: two branches of this position side by side, under the table
        (they replace branches opened before; this table stays as it is)."""
        from .branch import Branches

        self.branches = Branches(self.game, bots=self.bots, on_close=self.close_branches)
        self.children = [self.board, self.branches]

    def close_branches(self) -> None:
        self.branches = None
        self.children = [self.board]
