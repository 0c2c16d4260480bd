"""The error banner every tablekit widget has: a click runs through `_guard`,
so a problem is shown in the app, never lost."""

from __future__ import annotations

import traceback
from html import escape
from typing import Any, Callable

import ipywidgets as W

from ..core.errors import TablekitError


class Guarded:
    """A widget with an error banner: every click runs through `_guard`, so a
    problem is shown in the banner, never lost."""

    banner: W.HTML

    def _make_banner(self) -> W.HTML:
        banner = W.HTML("")
        banner.add_class("tk-banner")
        return banner

    def _guard(self, fn: Callable[[], None]) -> Callable[..., None]:
        def handler(*_args: Any) -> None:
            try:
                self.banner.value = ""
                fn()
            except TablekitError as exc:
                self.show_error(str(exc))
            except Exception as exc:  # noqa: BLE001 - shown to the user, never swallowed
                tb = traceback.format_exception_only(type(exc), exc)[-1].strip()
                self.show_error(f"Internal error: {tb}")
                self._after_error()
        return handler

    def _after_error(self) -> None:
        """Called after an unexpected error has been shown (a widget may repaint)."""

    def show_error(self, message: str) -> None:
        self.banner.value = f"<b>Error:</b> {escape(message)}"
