"""The widgets' stylesheet, shipped in the package and scoped under .tk-app: style.css
first, then each other .css file of this folder in name order (one file a part of the
page: the table, the cards, the decision panel...)."""

from __future__ import annotations

import functools
from importlib import resources

import ipywidgets as W


@functools.lru_cache(maxsize=1)
def stylesheet() -> str:
    folder = resources.files("tablekit.widgets")
    parts = sorted((f for f in folder.iterdir() if f.name.endswith(".css") and f.name != "style.css"),
                   key=lambda f: f.name)
    return "\n".join(f.read_text(encoding="utf-8") for f in [folder.joinpath("style.css"), *parts])


def style_html() -> W.HTML:
    return W.HTML(f"<style>{stylesheet()}</style>")
