"""The widgets' stylesheet, shipped in the package and scoped under .tk-app."""

from __future__ import annotations

import functools
from importlib import resources

import ipywidgets as W


@functools.lru_cache(maxsize=1)
def stylesheet() -> str:
    return resources.files("tablekit.widgets").joinpath("style.css").read_text(encoding="utf-8")


def style_html() -> W.HTML:
    return W.HTML(f"<style>{stylesheet()}</style>")
