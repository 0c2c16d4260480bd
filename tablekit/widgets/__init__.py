"""The ipywidgets layer: imports the core, never the reverse."""

from .browser import CardBrowser
from .lazy import LazySection
from .sandbox import Sandbox

__all__ = ["CardBrowser", "LazySection", "Sandbox"]
