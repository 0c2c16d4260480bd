"""The trial of a position: a game played on a copy for a few rules with the engine's
seeded random bot, so a position the rules cannot play is refused when it is made
(a card file, a scenario's start, a save's base state), not by a crash later."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .bots import record_answer
from .errors import TablekitError

if TYPE_CHECKING:  # pragma: no cover
    from .engine import Game

TRIAL_RULES = 50  # rules a hand-built position is played for, on a copy, before it is accepted


def trial_problem(game: Game, rules: int = TRIAL_RULES) -> str | None:
    """Play `game` on a copy for `rules` records (each decision answered by the engine's
    seeded random bot). None when no rule fails on it (a refusal in words is the game's
    own answer); else which rule met what, in words. A hand-built position (a scenario,
    a save's base state) the rules cannot play is refused at load with it."""
    trial = game.fork()
    try:
        while len(trial.history) - len(game.history) < rules and not trial.is_over:
            d = trial.pending
            if d is None:
                trial.step()
            else:
                trial.choose(*record_answer("random", trial.gamedef, trial.ctx, d, trial.state.seed,
                                            len(trial.history)))
    except TablekitError:
        return None
    except Exception as exc:  # noqa: BLE001 - the position breaks a rule's assumptions
        rule = " › ".join(trial.cursor or ()) or "the start"
        return f"at {rule} the rules met {type(exc).__name__} ({_one_line(exc, 80)})"
    return None


def _one_line(value: object, limit: int) -> str:
    text = " ".join(str(value).split())
    return text if len(text) <= limit else text[:limit - 3] + "..."
