"""What a game reads of the core instead of its private names (docs/core.md, "Helpers for
the rules' hot loops"): `Ctx.kinds`, `Ctx.from_cards` and the guards `enter_guard` /
`leave_guard`, on a small toy whose state check sets itself off."""

from __future__ import annotations

from token_toy import TokenToy, token_toy

from tablekit.core import Ctx, Say, Sequence, Step
from tablekit.core.engine import make_game


class GuardToy(TokenToy):
    id = "guardtoy"
    title = "Guard toy"

    def build_flow(self):
        def grow(ctx: Ctx) -> Say:
            ctx.card("token")["counters"] = {"grow": 1}
            self.check_state(ctx, {"type": "grow"})
            return Say("The token grows.")
        return Sequence("Game", children=[Step("Grow", grow, "", "T"), Step("End", lambda ctx: "The toy ends.", "", "T")])

    def check_state(self, ctx: Ctx, event: dict) -> None:
        # a check whose change would set it off again: it runs once, outermost only
        ctx.extra.setdefault("checks", 0)
        if not ctx.enter_guard("toy check"):
            ctx.extra["nested"] = ctx.extra.get("nested", 0) + 1
            return
        try:
            ctx.extra["checks"] += 1
            self.check_state(ctx, {"type": "again"})  # refused by the guard
        finally:
            ctx.leave_guard("toy check")


def test_kinds_from_cards_and_guards(tmp_path):
    g = make_game(token_toy(GuardToy, tmp_path), ["A", "B"], seed=1)
    ctx = g.ctx
    assert dict(ctx.kinds) == {"token": ctx.kind("token")}
    made = []
    first = ctx.from_cards("names", lambda defs: made.append(1) or {cid: d.name for cid, d in defs.items()})
    again = ctx.from_cards("names", lambda defs: made.append(1) or {})
    assert first == {"token": "Token"} and again is first and made == [1]  # made once
    if not g.is_over:
        g.run(until="end")
    assert "The token grows." in [r.text for r in g.history] or g.is_over
    assert g.state.extra["checks"] >= 1 and g.state.extra["nested"] >= 1  # the nested check was refused
    assert ctx.enter_guard("toy check")  # left, so it can be entered again
    assert not ctx.enter_guard("toy check")
    ctx.leave_guard("toy check")
