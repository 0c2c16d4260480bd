"""A section whose content is built only when a reader opens it, so a long
teaching page shows quickly."""

from __future__ import annotations

from typing import Callable

import ipywidgets as W


class LazySection(W.Accordion):
    def __init__(self, title: str, build: Callable[[], W.Widget], open_now: bool = False):
        self._build = build
        self._built = False
        placeholder = W.HTML("<i>Opening…</i>")
        super().__init__(children=[placeholder], titles=(title,))
        self.observe(self._on_open, names="selected_index")
        if open_now:
            self.selected_index = 0

    @property
    def built(self) -> bool:
        return self._built

    def _on_open(self, change) -> None:
        if change["new"] == 0 and not self._built:
            self._built = True
            try:
                self.children = [self._build()]
            except Exception as exc:  # noqa: BLE001 - shown, never swallowed
                from html import escape
                banner = W.HTML(f"<b>Error:</b> {escape(str(exc))}")
                banner.add_class("tk-banner")
                self.children = [banner]
