"""The forms of option ids (`GameDef.option_forms`, `Node.offers`).

A form is an option id with <placeholders> for the parts that vary:
"attack:<card>:<monster>". A placeholder stands for one or more characters
other than ":", so "attack:c7:c12" has that form and "attack:c7" has not.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable

__all__ = ["form_pattern", "form_of"]


def _one(form: str) -> str:
    return "".join("[^:]+" if part.startswith("<") else re.escape(part)
                   for part in re.split(r"(<[^<>]+>)", form) if part)


@lru_cache(maxsize=256)
def _compiled(forms: tuple[str, ...]) -> re.Pattern:
    return re.compile("(?:" + "|".join(f"({_one(f)})" for f in forms) + r")\Z")


def form_pattern(forms: Iterable[str]) -> re.Pattern:
    """One pattern that matches an option id of any of these forms."""
    return _compiled(tuple(forms))


def form_of(forms: Iterable[str], option_id: str) -> str | None:
    """The first of `forms` that `option_id` has, or None."""
    forms = tuple(forms)
    if not forms:
        return None
    m = _compiled(forms).match(option_id)
    if m is None:
        return None
    return forms[next(i for i, g in enumerate(m.groups()) if g is not None)]
