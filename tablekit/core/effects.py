"""One shape for every effect a card (or a rule) names.

An `Effect` is an object registered by name in `GameDef.effects`; a card's
ability names it with `effect:` and hands it `args:`. While it resolves, an
effect is a frame on the resolution stack (see `stack.py`), and the frame is
plain data in the state, so undo, saves, views and scenarios work at every
point inside a resolution.

An effect resolves in *stages*. The first is `apply(ctx, use)`; each stage
returns one of:

* a `Say` (or a plain string): the effect is done, and that is the text of
  the record of this stage;
* `ctx.ask(decision, then="stage")`: a decision opens; its answer runs the
  method named `then` as `stage(ctx, use, ids)`;
* `ctx.wait(then="stage")`: the effect goes on at `then(ctx, use, ())` as a
  step of its own, once every frame it pushed above itself has resolved (an
  event that must ask, another effect).

The continuation is the name of a method plus `use.data` (a plain dict kept
in the frame), never a Python generator or closure.

Replacements use the same object: a mandatory replacement is called as
`replace(ctx, use)` and returns the changed event (or None to cancel it); an
optional replacement, once its controller accepts it, resolves from `apply`
like any effect and the event does not happen.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:  # pragma: no cover
    from .context import AbilityUse, Ctx
    from .costs import Cost
    from .decision import Decision
    from .flow import Say


class Effect:
    """Subclass per effect. Only `apply` is required.

    `arg_fields` (optional) declares the `args` a card may give the effect: each
    name maps to a Field (tablekit.core.cards.Field: type, required, choices,
    minimum, maximum, doc) or to a JSON Schema fragment (`schemas.STEPS` for a
    list of parts, each `{effect, args}`). When it is set, the card file's schema
    refuses any other argument and any value outside the domain, naming the file,
    the line and the field; None (the default) leaves `args` unchecked."""

    arg_fields: dict[str, Any] | None = None

    def check(self, ctx: Ctx, use: AbilityUse) -> str | None:
        """Why the effect cannot be used now, in words (None: it can). Used for
        actions, responses and optional replacements: an option whose check
        fails is listed as illegal with this reason."""
        return None

    def cost(self, ctx: Ctx, use: AbilityUse) -> Cost | None:
        """What using it costs (see costs.py), or None. The core checks the cost
        before offering it (`ctx.usable`: an unpayable option is illegal with
        the reason), asks for a payment plan if there is a choice, and pays
        before `apply` runs."""
        return None

    def label(self, ctx: Ctx, use: AbilityUse) -> str:
        """A short name for the effect in progress ("Assassin (kill)"): the
        frame's place in a record's path, and the label of its option."""
        if use.source is not None and use.source in ctx.state.cards:
            return ctx.name(use.source)
        return type(self).__name__

    def apply(self, ctx: Ctx, use: AbilityUse) -> Say | str | Pause:
        raise NotImplementedError(f"{type(self).__name__} has no apply()")

    def replace(self, ctx: Ctx, use: AbilityUse) -> dict | None:
        """A mandatory replacement: the event as changed (`use.event`), or None to cancel it."""
        raise NotImplementedError(f"{type(self).__name__} is not a replacement")

    def respond(self, ctx: Ctx, use: AbilityUse) -> Say | str:
        """A response chosen in a response window: what happens at once (a card is
        played, a cost paid). The effect itself resolves later, from `apply`,
        when the frames above it are done."""
        return f"{use.controller} responds with {self.label(ctx, use)}."


@dataclass
class Pause:
    """What a stage returns when the effect is not done: ask a decision, or
    wait for the frames above. `say`, if given, is the text of the record of
    the stage that paused."""

    kind: str  # "ask" or "wait"
    then: str
    say: Any = None
    decision: Decision | None = None
    name: str | None = None
    validate: str | None = None
    data: dict = field(default_factory=dict)


@dataclass
class OrderRule:
    """What `GameDef.order_triggers` returns when an automatic rule must run
    before the next trigger resolves (LFG ranks tied players by renown and
    draws lots): a step of its own, at "… › <name>"."""

    name: str
    apply: Callable[[Ctx], Say | str]


class _Pending:
    """`ctx.do` returns this when the event waits for a decision: it completes
    in a frame of its own before the next rule."""

    def __bool__(self) -> bool:  # an event that is pending has not happened yet
        return False

    def __repr__(self) -> str:
        return "PENDING"


PENDING = _Pending()
