"""tablekit: an interactive rulebook and sandbox for card games, in Jupyter.

    import tablekit
    g = tablekit.new_game("creatures", players=["Ana", "Bo"], seed=7)
    g.step()
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping, Sequence

# Import the games subpackage first: importing it later would rebind the name
# `tablekit.games` from the function below to the subpackage.
from . import games as _games_package  # noqa: F401
from .core.engine import Game, load_game, make_game
from .core.errors import (
    CardFileError,
    GameOver,
    IllegalChoice,
    NeedsDecision,
    SaveFormatError,
    ScenarioError,
    SetupError,
    TablekitError,
)
from .core.registry import get_game, registry
from .core.scenario import check_scenario, load_scenario

if TYPE_CHECKING:  # the balance lab imports pandas: only when it is called
    import concurrent.futures
    import threading

    import pandas

    from .balance import Comparison

__version__ = "0.1.0"

__all__ = [
    "CardFileError", "Game", "GameOver", "IllegalChoice", "NeedsDecision", "SaveFormatError",
    "ScenarioError", "SetupError", "TablekitError", "games", "load", "new_game", "game_info",
    "load_scenario", "check_scenario", "simulate", "compare",
]


def games() -> list[str]:
    """The ids of the registered games."""
    return list(registry())


def game_info(game_id: str):
    """The definition of a game: title, player counts, variants, options, cards, flow."""
    return get_game(game_id)


def new_game(game: str, players: int | Iterable[str] | None = None, seed: int | None = None,
             variant: str | None = None, options: Mapping[str, Any] | None = None) -> Game:
    """Start a game. `players` is a count (seats "P1".."Pn") or a list of names;
    None: the game's `default_players` (2 for most games, 1 for Mirkwood)."""
    return make_game(get_game(game), players, seed, variant, options)


def load(text: str) -> Game:
    """Resume a game from `Game.save()` text, at the same record, undo history included."""
    return load_game(text, registry())


def simulate(game: str, games: int = 1000, players: int | Sequence[int] | None = None,
             bots: str | Sequence[str] | Mapping[str, str] = "random",
             variant: str | None = None, options: Mapping | None = None,
             seed: int = 0, workers: int | None = None, executor: concurrent.futures.Executor | None = None,
             chunk: int | None = None, progress: Callable[[int, int], None] | None = None,
             cancel: threading.Event | None = None) -> pandas.DataFrame:
    """Play `games` seeded bot games (seeds seed, seed + 1, ...) and return one row a
    game, as a pandas DataFrame: see `tablekit.balance.simulate`."""
    from .balance import simulate as run

    return run(game, games, players, bots, variant, options, seed, workers, executor, chunk,
               progress, cancel)


def compare(game: str, a: Mapping[str, Any], b: Mapping[str, Any], games: int = 1000,
            **common: Any) -> Comparison:
    """Play the same seeds under two settings (variant, options, players, bots, rulings)
    and put each statistic side by side: see `tablekit.balance.compare`."""
    from .balance import compare as run

    return run(game, a, b, games, **common)


def __getattr__(name: str) -> Any:
    """`tablekit.balance` (summary, Comparison) is imported on first use: it imports pandas."""
    if name == "balance":
        import importlib

        return importlib.import_module(".balance", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
