"""Every error tablekit raises on purpose derives from TablekitError."""

from __future__ import annotations


class TablekitError(Exception):
    """Base class of every error tablekit raises on purpose."""


class NeedsDecision(TablekitError):
    """step() was called while a player still has to choose."""

    def __init__(self, decision):
        self.decision = decision
        super().__init__(f"{decision.player} must choose first: {decision.prompt}")


class IllegalChoice(TablekitError):
    """A choice the rules do not allow; nothing was changed."""

    def __init__(self, reason: str):
        self.reason = reason
        super().__init__(reason)


class GameOver(TablekitError):
    """The game has ended; no rule is left to apply."""


class CardFileError(TablekitError):
    """A card file is malformed. The message names the file, the line and the field."""


class ScenarioError(TablekitError):
    """A scenario file is malformed. The message names the file, the line and what is wrong."""


class SaveFormatError(TablekitError):
    """A saved game cannot be loaded."""


class SetupError(TablekitError):
    """A game cannot be created as asked (unknown game, bad player count, bad option)."""
