"""The registered games, found through the entry-point group `tablekit.games`.

Each entry point names a `GameDef` instance (`tablekit.games.lfg:GAME`); the
three built-in games register the same way, one line each in pyproject.toml,
so a game can also ship as a package of its own. The notebook display of a
`Game` is found through the group `tablekit.display` in the same way, so the
core never imports the widget layer.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache
from importlib.metadata import entry_points
from typing import Any, Callable

from .errors import SetupError, TablekitError
from .gamedef import GameDef

GAMES_GROUP = "tablekit.games"
DISPLAY_GROUP = "tablekit.display"


def _from_source_tree() -> dict[str, GameDef]:
    """Without installed metadata (a source tree on sys.path, never installed),
    the built-in folders under tablekit/games/ are read directly."""
    games_pkg = importlib.import_module("tablekit.games")
    found: dict[str, GameDef] = {}
    for info in sorted(pkgutil.iter_modules(games_pkg.__path__), key=lambda m: m.name):
        if info.ispkg:
            gamedef = getattr(importlib.import_module(f"tablekit.games.{info.name}"), "GAME", None)
            if isinstance(gamedef, GameDef):
                found[gamedef.id] = gamedef
    return found


@lru_cache(maxsize=1)
def registry() -> dict[str, GameDef]:
    eps = sorted(entry_points(group=GAMES_GROUP), key=lambda e: e.name)
    if not eps:
        return _from_source_tree()
    found: dict[str, GameDef] = {}
    for ep in eps:
        gamedef = ep.load()
        if not isinstance(gamedef, GameDef):
            raise TablekitError(f"entry point {ep.name!r} ({ep.value}) of {GAMES_GROUP} is not a GameDef")
        if gamedef.id != ep.name:
            raise TablekitError(f"entry point {ep.name!r} names the game {gamedef.id!r}: they must agree")
        found[gamedef.id] = gamedef
    return found


def get_game(game_id: str) -> GameDef:
    reg = registry()
    try:
        return reg[game_id]
    except (KeyError, TypeError):
        raise SetupError(f"no game {game_id!r}; the games are: {', '.join(reg)}") from None


def display_hook() -> Callable[[Any], None] | None:
    """The function that shows a Game in a notebook (the first of the group
    `tablekit.display`), or None when no display layer is installed."""
    for ep in sorted(entry_points(group=DISPLAY_GROUP), key=lambda e: e.name):
        try:
            return ep.load()
        except ImportError:
            continue
    return None
