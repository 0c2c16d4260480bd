"""The index page: one tile per registered game, linking to its teaching page,
and a tile each for the ruling lab and the balance lab next to them."""

from __future__ import annotations

import html
from pathlib import Path

import ipywidgets as W

from ..core.registry import registry

TILE_STYLE = ("display:inline-block;border:2px solid #333;border-radius:8px;padding:10px 14px;"
              "margin:6px;text-decoration:none;color:inherit")
LAB_PAGE = "ruling-lab.ipynb"
LAB_WORDS = "Settle a rules question: replay a scenario file, or build and save your own position"
BALANCE_PAGE = "balance-lab.ipynb"
BALANCE_WORDS = ("Play thousands of bot games: does the first player win more, is one hero stronger, "
                 "what a variant or a ruling changes")


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


def lab_tile(folder: str | Path = ".") -> str | None:
    """The ruling lab's tile, a link to its page when that page is in `folder` (None without it)."""
    if not (Path(folder) / LAB_PAGE).exists():
        return None
    return (f"<a class='tk-tile tk-lab-tile' href='{LAB_PAGE}' style='{TILE_STYLE}'><b>The ruling lab</b><br>"
            f"{html.escape(LAB_WORDS)}<br><u>Open the ruling lab</u></a>")


def balance_tile(folder: str | Path = ".") -> str | None:
    """The balance lab's tile, a link to its page when that page is in `folder` (None without it)."""
    if not (Path(folder) / BALANCE_PAGE).exists():
        return None
    return (f"<a class='tk-tile tk-balance-tile' href='{BALANCE_PAGE}' style='{TILE_STYLE}'><b>The balance lab</b>"
            f"<br>{html.escape(BALANCE_WORDS)}<br><u>Open the balance lab</u></a>")


def index_tiles(folder: str | Path = ".") -> list[str]:
    """Every tile of the index page: the games', then the ruling lab's and the balance lab's."""
    labs = [t for t in (lab_tile(folder), balance_tile(folder)) if t is not None]
    return game_tiles(folder) + labs


def GameIndex(folder: str | Path = ".") -> W.HTML:  # noqa: N802 - a widget, named like one
    """The tiles as one widget (the index notebook shows it)."""
    return W.HTML("<div class='tk-index'>" + "".join(index_tiles(folder)) + "</div>")
