"""Playing seeded bot games for simulations: one game becomes one row of facts.

No pandas and no Jupyter here: these functions run in worker processes (a
`ProcessPoolExecutor`, a Dask worker), so they are plain top-level functions
of picklable arguments. `tablekit.balance` spreads the jobs and builds the
DataFrame; a job is one `GameJob`, a task a list of them (`play_chunk`), and a
task returns only its rows, never a history.

Rounds are counted generically: the records of the game's round loop (the flow
node with `level="round"`) are grouped by the round they belong to (their place
in the running path), and a game's length is the number of rounds it entered.
A game whose flow has no round loop has no count (None).
"""

from __future__ import annotations

import gc
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Iterator

from .flow import Node
from .registry import get_game

if TYPE_CHECKING:
    from .engine import Game
    from .gamedef import GameDef

# a game still running after this many records counts as "not_over"
MAX_RECORDS = 100_000
NOT_OVER = "not_over"
_FROM_FLOW: Any = object()  # rounds_of: find the round loop in the game's own flow


def round_place(root: Node) -> tuple[str, int] | None:
    """The round loop's name and its place in a record's path (the number of
    shown nodes above it), or None when the flow has no round loop."""

    def find(node: Node, shown: int) -> tuple[str, int] | None:
        if node.level == "round":
            return node.name, shown
        for child in node.children:
            found = find(child, shown + (1 if node.show else 0))
            if found:
                return found
        return None

    return find(root, 0)


def rounds_of(game: Game, place: tuple[str, int] | None = _FROM_FLOW) -> int | None:
    """How many rounds the game entered (None when it has no round loop).
    `place` is `round_place(game.flow)`, found here when not given."""
    if place is _FROM_FLOW:
        place = round_place(game.gamedef.flow)
    if place is None:
        return None
    name, at = place
    seen = {r.path[at] for r in game.history if name in r.node and len(r.path) > at}
    return len(seen)


@dataclass(frozen=True)
class GameJob:
    """One seeded game to play: `index` is its number in the run (the row's `game`);
    `bots` names the kind of bot of every seat, in seat order."""

    game_id: str
    index: int
    seed: int
    players: int
    bots: tuple[str, ...]
    variant: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    max_records: int = MAX_RECORDS

    @property
    def seats(self) -> list[str]:
        return seat_names(self.players)


def seat_names(players: int) -> list[str]:
    """The seats of a simulated game: "P1".."Pn"."""
    return [f"P{k}" for k in range(1, players + 1)]


def play_game(gamedef: GameDef, players: int, seed: int, variant: str | None,
              options: dict[str, Any], seats: dict[str, str], max_records: int = MAX_RECORDS) -> Game:
    """Play one game with bots on the given seats (seat -> kind) on the fast path
    (`Game.watched = False`: the same records, their words written only if read);
    returns it finished, or stopped after `max_records` records."""
    from .engine import make_game

    g = make_game(gamedef, players, seed, variant, options)
    g.watched = False  # nobody reads these games as they go: the engine's fast path
    g.run(until="end", bots=seats, max_records=max_records)
    return g


def game_row(job: GameJob, g: Game) -> dict[str, Any]:
    """The row of a played game: its setup, its ending and length, then each seat's
    name, bot, score, whether it won, and the game's own facts about it."""
    res = g.result if g.is_over else None
    winners = list(res.winners) if res else []
    row: dict[str, Any] = {
        "game": job.index, "seed": job.seed, "players": job.players, "variant": g.state.variant,
        "ending": (res.ending or "no_ending") if res else NOT_OVER,
        "records": len(g.history), "rounds": rounds_of(g), "winners": ",".join(winners),
    }
    facts = g.gamedef.seat_facts(g.ctx)
    for k, (seat, kind) in enumerate(zip(g.players, job.bots), start=1):
        score = res.scores.get(seat) if res else None
        row[f"seat{k}_name"] = seat
        row[f"seat{k}_bot"] = kind
        row[f"seat{k}_score"] = float("nan") if score is None else score
        row[f"seat{k}_won"] = seat in winners
        for fact, value in (facts.get(seat) or {}).items():
            row[f"seat{k}_{fact}"] = value
    return row


# the collector's first threshold while games are played (Python's default is 700): a
# game's objects are freed by their counts as it ends, so passes over them are wasted
YOUNG_THRESHOLD = 20_000


@contextmanager
def settled_heap() -> Iterator[None]:
    """Games played with the objects alive before them (the game's definition and
    cards, the modules, a notebook's data) left out of the garbage collector's
    passes: `gc.freeze()` before, `gc.unfreeze()` after. A pass then looks only
    at what the games made, which makes a run of games 2 to 4% faster. An object
    of before that becomes garbage meanwhile (in another thread) is collected
    after the run instead. When something else froze objects already, it is
    left as it is. Passes also come less often (`YOUNG_THRESHOLD` new objects
    rather than 700): nearly everything a game makes is freed when the game
    ends, without a pass, and the few cycles wait a little longer. The
    thresholds are put back after."""
    thresholds = gc.get_threshold()
    gc.set_threshold(max(thresholds[0], YOUNG_THRESHOLD), *thresholds[1:])
    try:
        if gc.get_freeze_count():
            yield
            return
        gc.freeze()
        try:
            yield
        finally:
            gc.unfreeze()
    finally:
        gc.set_threshold(*thresholds)


def play_row(job: GameJob) -> dict[str, Any]:
    """Play the job's game and return its row."""
    seats = dict(zip(job.seats, job.bots))
    g = play_game(get_game(job.game_id), job.players, job.seed, job.variant, job.options, seats,
                  job.max_records)
    return game_row(job, g)


def play_chunk(jobs: list[GameJob]) -> list[dict[str, Any]]:
    """Play a task's games, one after the other (in a `settled_heap`); their rows only."""
    with settled_heap():
        return [play_row(job) for job in jobs]
