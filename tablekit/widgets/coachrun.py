"""The board's coach: a search of the open decision (`core.coach.Search`) run in a
background thread a few playouts at a time, its advice handed to the board as plain
data after each batch, so Step and every click go on meanwhile.

The search starts from a copy of the position made in the caller's thread; when the
position changes the board starts another and this one stops at its next playout and
publishes nothing more. A search stops at `BUDGET` playouts of each answer or after
`MAX_SECONDS`."""

from __future__ import annotations

import threading
import time
from typing import Any, Callable

from ..core.coach import Advice, Search
from ..core.decision import Decision
from ..core.engine import Game

BUDGET = 400          # playouts of each answer, then the search rests
FIRST_BATCH = 4       # a first estimate soon, then batches twice as long, up to MAX_BATCH
MAX_BATCH = 64
MAX_SECONDS = 60.0    # a search never runs longer
PAUSE = 0.02          # seconds between batches: the kernel's own thread takes a click at once


def board_search(game: Game, decision: Decision) -> Search:
    """The search the board's coach runs for `decision`, open in `game`: seeded by the
    game's seed and the record, with the game's horizon (`GameDef.coach_horizon`).
    `benchmarks/coach_first.py` times this same search."""
    return Search(game.gamedef, game.ctx, decision, seed=f"board:{game.state.seed}:{len(game.history)}",
                  horizon=game.gamedef.coach_horizon)


def advice_data(advice: Advice, record: int, running: bool) -> dict[str, Any]:
    """What the board draws of an advice: each answer's words and estimate, the best
    first, and why."""
    rows = [{"label": e.label, "ids": list(e.answer), "mean": round(e.mean, 4), "spread": round(e.spread, 4),
             "words": e.words(), "best": i == 0} for i, e in enumerate(advice.estimates)]
    return {"on": True, "seat": advice.seat, "record": record, "running": running, "rows": rows,
            "playouts": advice.best.playouts, "why": advice.why, "note": ""}


class CoachRunner:
    """Runs one search at a time for a board; `publish` receives each advice's data (from
    the background thread)."""

    def __init__(self, publish: Callable[[dict[str, Any]], None]):
        self._publish = publish
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.key: tuple | None = None  # the position the current search is of

    def follow(self, game: Game, decision: Decision, key: tuple) -> bool:
        """Search `decision` of `game` (now open) unless the search of `key` runs or ran
        already; True when a new search started."""
        if key == self.key:
            return False
        self.stop()
        search = board_search(game, decision)
        stop = threading.Event()
        with self._lock:
            self._stop, self.key = stop, key
        self._thread = threading.Thread(target=self._run, args=(search, stop, len(game.history)), daemon=True,
                                        name="tablekit-coach")
        self._thread.start()
        return True

    def stop(self) -> None:
        """Stop the search (it publishes nothing more) and forget its position."""
        with self._lock:
            self._stop.set()
            self.key = None

    def wait(self, timeout: float = 60.0) -> None:
        """Wait for the current search to rest (tests; a search that is stopped ends at its
        next playout)."""
        if self._thread is not None:
            self._thread.join(timeout)

    def _run(self, search: Search, stop: threading.Event, record: int) -> None:
        began = time.monotonic()
        batch = FIRST_BATCH
        while search.playouts < BUDGET:
            for _ in range(min(batch, BUDGET - search.playouts)):
                if stop.is_set():
                    return
                search.more(1)
            done = search.playouts >= BUDGET or time.monotonic() - began > MAX_SECONDS
            data = advice_data(search.advice(), record, running=not done)
            with self._lock:
                if stop.is_set():
                    return
                self._publish(data)
            if done:
                return
            batch = min(batch * 2, MAX_BATCH)
            time.sleep(PAUSE)
