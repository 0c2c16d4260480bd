"""The scenario format's version and size limit, and how a problem names its line."""

from __future__ import annotations

from typing import Any

from .. import schemas
from ..errors import ScenarioError
from ..schemas import SCENARIO_FORMAT_VERSION  # noqa: F401 - declared once, with the schema
from ..yamlio import LineDict

MAX_BYTES = 200_000
# the keys of each part of a file are declared once, in the scenario schema (core/schemas.py)
LASTING_KEYS = frozenset(schemas.LASTING_KEYS)


def error_at(path: str, line: int, msg: str) -> ScenarioError:
    return ScenarioError(f"{path}, line {line}: {msg}")


def line_of(node: Any, key: str | None = None) -> int:
    if isinstance(node, LineDict):
        return node.line_of(key) if key else node.line
    return getattr(node, "line", 0)
