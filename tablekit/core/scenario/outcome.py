"""What checking a scenario reports: one Outcome per expectation, a Scenario for the file."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Outcome:
    """One expectation checked: what was expected, what was found."""

    what: str
    passed: bool
    expected: Any
    actual: Any
    line: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {"what": self.what, "passed": self.passed, "expected": self.expected,
                "actual": self.actual, "line": self.line}


@dataclass
class Scenario:
    path: str
    data: dict
    game_id: str
    title: str = ""
    outcomes: list[Outcome] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return all(o.passed for o in self.outcomes)
