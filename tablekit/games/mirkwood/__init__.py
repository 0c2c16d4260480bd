"""Passage Through Mirkwood (The Lord of the Rings: The Card Game, Core Set scenario)."""

from .game import GAME  # noqa: F401
