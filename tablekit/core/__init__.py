"""The rules core. It imports nothing from Jupyter."""

from .cards import Ability, CardDef, Field
from .context import AbilityUse, Ctx
from .decision import Decision, Option, Reason
from .effects import PENDING, Effect, OrderRule, Pause
from .engine import Game
from .errors import (
                     CardFileError,
                     GameOver,
                     IllegalChoice,
                     NeedsDecision,
                     SaveFormatError,
                     ScenarioError,
                     SetupError,
                     TablekitError,
)
from .flow import ActionWindow, Ask, Branch, ForEachPlayer, Loop, Node, Say, Sequence, Step
from .gamedef import GameDef, OptionSpec, Result
from .records import Later, StepRecord
from .state import HIDDEN, OWNER, PUBLIC, State
from .zonenames import seat_zone

__all__ = [
    "Ability", "AbilityUse", "ActionWindow", "Ask", "Branch", "CardDef", "CardFileError", "Ctx",
    "Decision", "Effect", "Field", "ForEachPlayer", "OrderRule", "PENDING", "Pause", "Game", "GameDef", "GameOver", "HIDDEN", "IllegalChoice", "Later", "Loop",
    "NeedsDecision", "Node", "OWNER", "Option", "OptionSpec", "PUBLIC", "Reason", "Result", "SaveFormatError",
    "Say", "ScenarioError", "Sequence", "SetupError", "State", "Step", "StepRecord", "TablekitError",
    "seat_zone",
]
