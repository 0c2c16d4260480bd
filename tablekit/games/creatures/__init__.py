"""Creatures and Cards (Lester Smith Games), played with a standard poker deck."""

from .game import GAME

__all__ = ["GAME"]
