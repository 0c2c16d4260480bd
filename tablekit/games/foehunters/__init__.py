from .game import GAME

__all__ = ["GAME"]
