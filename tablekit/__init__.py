"""tablekit: an interactive rulebook and sandbox for card games, in Jupyter.

    import tablekit
    g = tablekit.new_game("creatures", players=["Ana", "Bo"], seed=7)
    g.step()
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

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

__version__ = "0.1.0"

__all__ = [
    "CardFileError", "Game", "GameOver", "IllegalChoice", "NeedsDecision", "SaveFormatError",
    "ScenarioError", "SetupError", "TablekitError", "games", "load", "new_game", "game_info",
    "load_scenario", "check_scenario",
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
