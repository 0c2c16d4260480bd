"""The ipywidgets layer: imports the core, never the reverse."""

from .browser import CardBrowser
from .builder import ScenarioBuilder
from .lab import RulingLab
from .lazy import LazySection
from .sandbox import Sandbox

__all__ = ["CardBrowser", "LazySection", "RulingLab", "Sandbox", "ScenarioBuilder"]
