"""LFG: Looking For Group: a simultaneous hero draft with abilities resolved by priority."""

from .game import GAME

__all__ = ["GAME"]
