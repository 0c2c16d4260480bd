"""The registered games, found through the entry-point group `tablekit.games`.

Each entry point names a `GameDef` instance (`tablekit.games.lfg:GAME`); the
five built-in games register the same way, one line each in pyproject.toml,
so a game can also ship as a package of its own. The notebook display of a
`Game` is found through the group `tablekit.display` in the same way, so the
core never imports the widget layer.
"""

from __future__ import annotations

from functools import lru_cache
from importlib.metadata import EntryPoint, entry_points
from typing import Any, Callable, Iterator, Mapping

from .errors import SetupError, TablekitError
from .gamedef import GameDef

GAMES_GROUP = "tablekit.games"
DISPLAY_GROUP = "tablekit.display"


class Games(Mapping[str, GameDef]):
    """The registered games by id, in the order of their ids. A game's modules are
    imported when the game is first asked for, so a process that plays Creatures never
    imports the other games; listing the ids imports none."""

    def __init__(self, eps: list[EntryPoint]):
        self._eps = {ep.name: ep for ep in sorted(eps, key=lambda e: e.name)}
        self._loaded: dict[str, GameDef] = {}

    def __getitem__(self, game_id: str) -> GameDef:
        hit = self._loaded.get(game_id)
        if hit is not None:
            return hit
        ep = self._eps[game_id]  # KeyError for an unknown id (TypeError for an unhashable one)
        gamedef = ep.load()
        if not isinstance(gamedef, GameDef):
            raise TablekitError(f"entry point {ep.name!r} ({ep.value}) of {GAMES_GROUP} is not a GameDef")
        if gamedef.id != ep.name:
            raise TablekitError(f"entry point {ep.name!r} names the game {gamedef.id!r}: they must agree")
        self._loaded[game_id] = gamedef
        return gamedef

    def __iter__(self) -> Iterator[str]:
        return iter(self._eps)

    def __len__(self) -> int:
        return len(self._eps)

    def __contains__(self, game_id: object) -> bool:
        try:
            return game_id in self._eps
        except TypeError:
            return False


@lru_cache(maxsize=1)
def registry() -> Games:
    """The games installed: the entry points of the group `tablekit.games` (tablekit's
    own five are declared in its pyproject.toml; `pip install -e .` installs them)."""
    return Games(list(entry_points(group=GAMES_GROUP)))


def get_game(game_id: str) -> GameDef:
    reg = registry()
    try:
        return reg[game_id]
    except (KeyError, TypeError):
        if not reg:
            raise SetupError(f"no game {game_id!r}: no game is installed (the entry points of {GAMES_GROUP}); "
                             "install tablekit, for example with pip install -e . in its folder") from None
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
