"""The ipywidgets layer: imports the core, never the reverse."""

from .balance import BalanceLab
from .browser import CardBrowser
from .builder import ScenarioBuilder
from .guide import learn_to_play
from .lab import RulingLab
from .lazy import LazySection
from .rules import RulesView
from .sandbox import SEAT_ALL, SEAT_NOBODY, Sandbox

__all__ = ["SEAT_ALL", "SEAT_NOBODY", "BalanceLab", "CardBrowser", "LazySection", "RulesView", "RulingLab", "Sandbox",
           "ScenarioBuilder", "learn_to_play"]


def display_game(game) -> None:
    """Show a Game as its sandbox: the `tablekit.display` entry point the core's
    `Game._ipython_display_` finds."""
    from IPython.display import display
    display(Sandbox(game))
