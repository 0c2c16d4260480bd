"""The heuristic bot for Foe Hunters: play, use the feat, buy the dearest card it can,
then end the turn; hit the foe unless a vassal can be finished off; take the
suggested default elsewhere (armor: as much as helps; the party: no refresh)."""

from __future__ import annotations

from tablekit.core import Ctx, Decision

from . import table as T


def heuristic(ctx: Ctx, d: Decision) -> list[str] | None:
    legal = [o.id for o in d.legal]
    if d.kind == "action":
        for prefix in ("play:", "feat:", "sacrifice:"):
            pick = next((i for i in legal if i.startswith(prefix)), None)
            if pick:
                return [pick]
        buys = [i for i in legal if i.startswith("buy:")]
        if buys:
            return [max(buys, key=lambda i: (T.city_cost(ctx, d.player, i[4:]), i))]
        return ["end"]
    if d.kind == "target" and d.max == 1:
        targets = [i.split(":", 1)[1] for i in legal]
        weak = [t for t in targets if t in ctx.state.cards and ctx.kind(t) == "vassal" and T.hp_left(ctx, t) <= 2]
        foe = T.foe_card(ctx)
        pick = weak[0] if weak else foe if foe in targets else targets[0]
        return [f"target:{pick}"]
    if d.kind == "help":
        dmg = [i for i in legal if i.startswith("help:damage:")]
        return [dmg[0]] if dmg else None
    return None
