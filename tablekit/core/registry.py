"""The registered games: every folder under tablekit/games/ that defines GAME."""

from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache

from .errors import SetupError
from .gamedef import GameDef


@lru_cache(maxsize=1)
def registry() -> dict[str, GameDef]:
    games_pkg = importlib.import_module("tablekit.games")

    found: dict[str, GameDef] = {}
    for info in sorted(pkgutil.iter_modules(games_pkg.__path__), key=lambda m: m.name):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"{games_pkg.__name__}.{info.name}")
        gamedef = getattr(module, "GAME", None)
        if isinstance(gamedef, GameDef):
            found[gamedef.id] = gamedef
    return found


def get_game(game_id: str) -> GameDef:
    reg = registry()
    try:
        return reg[game_id]
    except (KeyError, TypeError):
        raise SetupError(f"no game {game_id!r}; the games are: {', '.join(reg)}") from None
