"""Small helpers for the explanations games write."""

from __future__ import annotations


def plural(n: int, word: str, many: str | None = None) -> str:
    """A count with its noun: '1 card', '2 cards'; `many` for an irregular
    plural: plural(3, "hero", "heroes") is '3 heroes'."""
    return f"{n} {word if n == 1 else (many or word + 's')}"
