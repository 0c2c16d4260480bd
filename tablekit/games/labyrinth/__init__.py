"""Legends of Labyrinth: gather three retinues of heroes; counter and be countered."""

from .game import GAME

__all__ = ["GAME"]
