"""The cost protocol: what using an effect costs, whether it can be paid,
how, and paying it.

An effect says what it costs with `Effect.cost(ctx, use)`, which returns a
`Cost` or None. The core then:

1. asks `why_not(ctx, use)` wherever the effect is offered: an unpayable
   option is listed as illegal with that reason (`ctx.usable`);
2. when the effect starts, asks `plan(ctx, use)`: a Decision when there is a
   choice of how to pay (which heroes' resources, which cards to exhaust),
   else None;
3. calls `pay(ctx, use, plan_ids)` (plan_ids is the answer, or ()), whose
   words open the record, and then the effect's `apply`.

A game defines its own costs (Mirkwood's "resources from heroes of the
matching sphere" is Mirkwood's); the core knows only this protocol and one
worked example, `CounterCost`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from .context import AbilityUse, Ctx
    from .decision import Decision


class Cost:
    """Subclass per kind of cost."""

    def words(self, ctx: Ctx, use: AbilityUse) -> str:
        """The cost in words, shown next to the option ("pay 2 gold")."""
        raise NotImplementedError

    def why_not(self, ctx: Ctx, use: AbilityUse) -> str | None:
        """Why it cannot be paid now (None: it can)."""
        return None

    def plan(self, ctx: Ctx, use: AbilityUse) -> Decision | None:
        """A decision of how to pay, when there is a choice; None otherwise."""
        return None

    def pay(self, ctx: Ctx, use: AbilityUse, plan: tuple[str, ...]) -> str:
        """Pay it (through `ctx.do`, so other cards may react); returns words for the record."""
        raise NotImplementedError


class CounterCost(Cost):
    """Pay `amount` of one of the controller's counters (gold, resources)."""

    def __init__(self, key: str, amount: int, noun: str | None = None):
        self.key = key
        self.amount = amount
        self.noun = noun or key

    def words(self, ctx, use):
        return f"pay {self.amount} {self.noun}"

    def why_not(self, ctx, use):
        have = ctx.counter(use.controller, self.key)
        if have < self.amount:
            return f"it costs {self.amount} {self.noun}, and {use.controller} has {have}"
        return None

    def pay(self, ctx, use, plan):
        ctx.do("counter", player=use.controller, key=self.key, add=-self.amount)
        return f"{use.controller} pays {self.amount} {self.noun}."
