"""Fields that enter from outside (a file, `new_game`, the command line), declared once
with their type and range, and checked through that one declaration wherever they
enter. See docs/core.md, "Fields declared once"."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .errors import SetupError


@dataclass(frozen=True)
class WholeNumber:
    """A whole number from `low` to `high` (either None: unbounded on that side)."""

    name: str
    low: int | None = 0
    high: int | None = None

    def words(self) -> str:
        if self.low is not None and self.high is not None:
            return f"a whole number from {self.low} to {self.high}"
        if self.low is not None:
            return f"a whole number, {self.low} or more"
        return "a whole number" if self.high is None else f"a whole number, at most {self.high}"

    def why_not(self, value: Any) -> str | None:
        """None when `value` is allowed, else why not in words."""
        if isinstance(value, bool) or not isinstance(value, int):
            return f"{self.name} must be {self.words()}, not {str(value)[:40]!r}"
        if (self.low is not None and value < self.low) or (self.high is not None and value > self.high):
            return f"{self.name} must be {self.words()}, not {value}"
        return None

    def check(self, value: Any) -> int:
        """`value`, or SetupError with the reason in words."""
        why = self.why_not(value)
        if why:
            raise SetupError(why)
        return value

    def schema(self, description: str = "") -> dict[str, Any]:
        """The JSON schema of the field (the file formats' validators use it)."""
        out: dict[str, Any] = {"type": "integer"}
        if self.low is not None:
            out["minimum"] = self.low
        if self.high is not None:
            out["maximum"] = self.high
        if description:
            out["description"] = description
        return out


SEED = WholeNumber("seed", 0, 2**63 - 1)  # what the seeded generator (core/rng.py) takes
