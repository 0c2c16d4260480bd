"""The random bot's answer: a random legal answer to a decision, from a seeded generator.

Its own module so that both the bots (bots.py) and the coach's playouts (coach.py) use
it without importing each other."""

from __future__ import annotations

import random

from .decision import Decision
from .errors import IllegalChoice, TablekitError


def random_answer(d: Decision, rnd: random.Random) -> list[str]:
    """A random legal answer (a uniformly random number of picks between min and max)."""
    options = d.options
    if d.max == 1 and d.min == 1:
        for o in options:
            if not o.legal:
                break
        else:  # every option is legal (the common case): the legal ids are the options' ids
            if options:
                return [options[rnd._randbelow(len(options))].id]  # what rnd.choice(legal) picks
        legal = [o.id for o in options if o.legal]
        if not legal:
            raise TablekitError(f"no legal answer to {d!r}")
        return [legal[rnd._randbelow(len(legal))]]
    legal = [o.id for o in options if o.legal]
    top = min(d.max, len(legal))
    if d.validate is None and d.min <= top:
        # distinct legal picks, between min and max of them: what d.check allows, without asking it
        return _some(rnd, legal, d.min, top)
    for _ in range(30):
        ids = _some(rnd, legal, d.min, top)
        try:
            d.check(ids)
            return ids
        except IllegalChoice:
            continue
    for k in range(d.min, min(d.max, len(legal)) + 1):
        for start in range(len(legal)):
            ids = (legal[start:] + legal[:start])[:k]
            try:
                d.check(ids)
                return ids
            except IllegalChoice:
                continue
    raise TablekitError(f"no legal answer to {d!r}")


def _some(rnd: random.Random, legal: list[str], lo: int, hi: int) -> list[str]:
    """`rnd.sample(legal, rnd.randint(lo, hi))`, drawing the same numbers in
    fewer calls where 0 <= lo <= hi <= len(legal) <= 21: the count, then a
    partial Fisher-Yates of a copy, as `sample` does for such a population."""
    n = len(legal)
    if n > 21 or not 0 <= lo <= hi <= n:
        return rnd.sample(legal, rnd.randint(lo, hi))
    below = rnd._randbelow
    k = lo + below(hi - lo + 1)
    pool = list(legal)
    out = []
    for i in range(k):
        j = below(n - i)
        out.append(pool[j])
        pool[j] = pool[n - i - 1]
    return out
