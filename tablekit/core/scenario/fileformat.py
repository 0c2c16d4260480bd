"""The scenario format's version and keys, and how a problem names its line."""

from __future__ import annotations

from typing import Any

from ..errors import ScenarioError
from ..yamlio import LineDict

SCENARIO_FORMAT_VERSION = 1
MAX_BYTES = 200_000
TOP_KEYS = {"format_version", "game", "title", "description", "ruling", "variant", "options",
            "players", "seed", "setup", "start", "decisions", "run", "expect"}
SETUP_KEYS = {"rest", "zones", "cards", "players", "extra"}
START_KEYS = {"at", "turn", "stack", "triggers", "lasting"}
LASTING_KEYS = {"kind", "until", "text", "source", "controller", "targets", "players", "stat", "add",
                "per", "if", "what", "on", "effect", "args", "cards", "to"}
STACK_KEYS = {"effect", "source", "controller", "ability", "args", "data"}
TRIGGER_KEYS = {"source", "ability", "controller", "card", "data", "event"}
DECISION_KEYS = {"player", "choose", "expect_illegal", "expect_legal", "expect_not_offered",
                 "expect_refused", "expect"}
RUN_KEYS = {"until", "bots", "max_records", "steps", "stop_after"}
UNTIL = ("script", "decision", "end")
EXPECT_KINDS = {"zone", "card", "counter", "winners", "scores", "score", "ending", "illegal", "legal",
                "not_offered", "refused", "fired", "fired_in_order", "pending", "over", "extra"}


def error_at(path: str, line: int, msg: str) -> ScenarioError:
    return ScenarioError(f"{path}, line {line}: {msg}")


def line_of(node: Any, key: str | None = None) -> int:
    if isinstance(node, LineDict):
        return node.line_of(key) if key else node.line
    return getattr(node, "line", 0)
