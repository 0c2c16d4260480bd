"""What every part of `Ctx` reads: the context's own attributes (set in Ctx.__init__)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from ..cards import CardDef
    from ..gamedef import GameDef
    from ..state import State


class CtxAttrs:
    """The attributes of a Ctx (tablekit/core/context.py) that its parts read."""

    game: GameDef
    defs: dict[str, CardDef]
    state: State
    events: list[dict[str, Any]]
