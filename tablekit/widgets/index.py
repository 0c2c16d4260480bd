"""The index page: first, a link to each game's guided first game (Learn to play,
at the top of its page); then one tile per registered game, linking to its
teaching page, and a tile each for the ruling lab and the balance lab next to them."""

from __future__ import annotations

import html
import sys
from pathlib import Path

import ipywidgets as W

from ..core.registry import registry

TILE_STYLE = ("display:inline-block;border:2px solid #333;border-radius:8px;padding:10px 14px;"
              "margin:6px;text-decoration:none;color:inherit")
LAB_PAGE = "ruling-lab.ipynb"
LAB_WORDS = "Settle a rules question: replay a scenario file, or build and save your own position"
BALANCE_PAGE = "balance-lab.ipynb"
LEARN_ANCHOR = "Learn-to-play"  # the anchor Jupyter and Voilà give the heading "Learn to play"
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


def learn_links(folder: str | Path = ".") -> str:
    """The index's first offer: for each game whose page is in `folder` and which has a guide,
    a link to the Learn to play section at the top of its page (docs/guides.md)."""
    from ..core.guide import FILE_NAME

    here = Path(folder)
    links = []
    for gid, info in registry().items():
        module = sys.modules.get(type(info).__module__)
        where = getattr(module, "__file__", None)
        if (here / f"{gid}.ipynb").exists() and where and (Path(where).parent / FILE_NAME).is_file():
            links.append(f"<a class='tk-learn-link' href='{gid}.ipynb#{LEARN_ANCHOR}'>{html.escape(info.title)}</a>")
    if not links:
        return ""
    return ("<div class='tk-learn' style='margin:6px 6px 10px'><b>Learn to play</b>, a guided first game at a real "
            "table, 5 to 15 minutes: " + " · ".join(links) + "</div>")


def index_tiles(folder: str | Path = ".") -> list[str]:
    """Every tile of the index page: the games', then the ruling lab's and the balance lab's."""
    labs = [t for t in (lab_tile(folder), balance_tile(folder)) if t is not None]
    return game_tiles(folder) + labs


def GameIndex(folder: str | Path = ".") -> W.HTML:  # noqa: N802 - a widget, named like one
    """The tiles as one widget (the index notebook shows it)."""
    return W.HTML("<div class='tk-index'>" + learn_links(folder) + "".join(index_tiles(folder)) + "</div>")
