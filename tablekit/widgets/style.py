"""The stylesheet of the form widgets around the board (the scenario builder, the
ruling lab, the balance lab, the rules page, the card browser), shipped in the
package and scoped under .tk-app. The board and the card shelf bring their own
(board.css, as their anywidget `_css`), and a branch pair its branch.css."""

from __future__ import annotations

import functools
from importlib import resources

import ipywidgets as W

PARTS = ("style.css", "rules.css", "balance.css")


@functools.lru_cache(maxsize=1)
def stylesheet() -> str:
    folder = resources.files("tablekit.widgets")
    return "\n".join(folder.joinpath(name).read_text(encoding="utf-8") for name in PARTS)


def style_html() -> W.HTML:
    return W.HTML(f"<style>{stylesheet()}</style>")
