"""Small helpers for the explanations games write."""

from __future__ import annotations


def plural(n: int, word: str, many: str | None = None) -> str:
    """A count with its noun: '1 card', '2 cards'; `many` for an irregular
    plural: plural(3, "hero", "heroes") is '3 heroes'."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


def listing(items: list[str] | tuple[str, ...], empty: str = "nobody") -> str:
    """Names in a sentence: 'Ana', 'Ana and Bo', 'Ana, Bo and Cy' (`empty` for none)."""
    items = list(items)
    if not items:
        return empty
    if len(items) == 1:
        return items[0]
    return f"{', '.join(items[:-1])} and {items[-1]}"


def possessive(name: str) -> str:
    """A name owning something: "Aragorn's", and "Hummerhorns'" for a name that ends in s."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"
