"""The index page: one tile per registered game, linking to its teaching page."""

from __future__ import annotations

import html
from pathlib import Path

import ipywidgets as W

from ..core.registry import registry

TILE_STYLE = ("display:inline-block;border:2px solid #333;border-radius:8px;padding:10px 14px;"
              "margin:6px;text-decoration:none;color:inherit")


def game_tiles(folder: str | Path = ".") -> list[str]:
    """One HTML tile per game: a link to `<game>.ipynb` when that page is in
    `folder`, and a tile without a link (no 404) for a game whose page is still
    to come."""
    here = Path(folder)
    tiles = []
    for gid, info in registry().items():
        head = (f"<b>{html.escape(info.title)}</b><br>{info.min_players}–{info.max_players} players · "
                f"{len(info.cards)} card kinds<br>")
        if (here / f"{gid}.ipynb").exists():
            tiles.append(f"<a class='tk-tile' href='{gid}.ipynb' style='{TILE_STYLE}'>{head}"
                         f"<u>Open the {html.escape(info.title)} page</u></a>")
        else:
            tiles.append(f"<span class='tk-tile' style='{TILE_STYLE}'>{head}"
                         "<i>Its page is still to come</i></span>")
    return tiles


def GameIndex(folder: str | Path = ".") -> W.HTML:  # noqa: N802 - a widget, named like one
    """The tiles as one widget (the index notebook shows it)."""
    return W.HTML("<div class='tk-index'>" + "".join(game_tiles(folder)) + "</div>")
