"""The order of the activated abilities, on the core's triggers: priority
first (1 extra draft ... 7 kill); at the same priority, between players the
one with more renown chooses before or after (equal renown is drawn at
random, an `OrderRule` of its own), and a player with several abilities
there orders their own. The effects themselves (and their targets) resolve
in their frames on the stack (powers.py).

The tie order lives in the waiting triggers' `data`: while the players are
placed, the tied triggers carry `data["tie"]` = {pri, rest, front, back};
once it is decided every waiting trigger carries it in `data["orders"]`
(priority -> players), and an ability activated while another resolves
takes it over (activation.inherited), so an ability joining an ordered
priority follows the order (ruling LFG-TIE-ORDER).
"""

from __future__ import annotations

import copy

from tablekit.core import Ctx, Decision, Option, OrderRule, Say

from . import table as T
from .activation import ability_of, entry_words, is_anytime, of_trigger, offer_anytime, priority, use_anytime


def _data(t: dict) -> dict:
    return t.get("data") or {}


def _by(ctx: Ctx, t: dict) -> str:
    """Who controls a waiting ability (a scenario may leave it out: the hero's owner)."""
    return t["controller"] if t.get("controller") is not None else ctx.owner_of(t["source"])


def _orders(triggers: list[dict]) -> dict:
    """The tie orders decided this round, as the waiting triggers carry them."""
    out: dict = {}
    for t in triggers:
        for k, v in (_data(t).get("orders") or {}).items():
            out.setdefault(k, v)
    return out


def next_in_order(ctx: Ctx, triggers: list[dict]) -> tuple:
    """What comes next among the waiting triggers: ("rank", pri, players, tied),
    ("ask", pri, player, tie), ("own", pri, player, indexes) or ("take", pri,
    player, indexes). It changes nothing."""
    pris = [priority(ctx, t) for t in triggers]
    pri = min(pris)
    tied = [i for i, p in enumerate(pris) if p == pri]
    ctrls: list[str] = []
    for i in tied:
        if _by(ctx, triggers[i]) not in ctrls:
            ctrls.append(_by(ctx, triggers[i]))
    tie = next((_data(triggers[i])["tie"] for i in tied if "tie" in _data(triggers[i])), None)
    if tie is not None:
        return ("ask", pri, tie["rest"][0], tie)
    order = _orders(triggers).get(str(pri))
    if len(ctrls) > 1 and order is None:
        return ("rank", pri, ctrls, tied)
    if len(ctrls) == 1:
        who = ctrls[0]
    else:
        seq = order + [p for p in ctx.players if p not in order]
        who = next(p for p in seq if p in ctrls)
    mine = [i for i in tied if _by(ctx, triggers[i]) == who]
    return ("own" if len(mine) > 1 else "take", pri, who, mine)


# -- GameDef.order_triggers and trigger_order_chosen -------------------------------------------

def order_triggers(ctx: Ctx, triggers: list[dict]):
    s = next_in_order(ctx, triggers)
    if s[0] == "rank":
        return OrderRule("Rank tied players", rank)
    if s[0] == "ask":
        return offer_anytime(ask_order(ctx, s), ctx)
    if s[0] == "own":
        return offer_anytime(ask_own(ctx, triggers, s), ctx)
    return s[3][0]


def trigger_order_chosen(ctx: Ctx, triggers: list[dict], d: Decision, ids) -> Say:
    if is_anytime(ids):  # a passive used at this decision: the same decision is asked again
        return use_anytime(ctx, ids[0])
    s = next_in_order(ctx, triggers)
    if d.kind == "order":
        return resolve_order(ctx, triggers, s, ids)
    return resolve_own(ctx, triggers, s, ids)


# -- ranking tied players ----------------------------------------------------------------------------

def rank(ctx: Ctx) -> Say:
    """The OrderRule: rank the players with tied abilities by current renown,
    drawing lots for equal renown."""
    triggers = ctx.state.triggers
    _, pri, ctrls, tied = next_in_order(ctx, triggers)
    ren = {p: T.renown(ctx, p) for p in ctrls}
    levels = sorted(set(ren.values()), reverse=True)
    ranked, drawn = [], []
    for v in levels:
        group = [p for p in ctrls if ren[p] == v]
        if len(group) > 1:
            ctx.state.shuffle(group)
            drawn.append(f"{' and '.join(sorted(group))} tie with {v}, and a random draw puts them in the "
                         f"order {', '.join(group)}")
        ranked += group
    for i in tied:
        triggers[i].setdefault("data", {})["tie"] = {"pri": pri, "rest": list(ranked), "front": [],
                                                     "back": [], "renown": dict(ren)}
    scores = ", ".join(f"{p} {ren[p]}" for p in ctrls)
    draw = f" {'; '.join(drawn)}." if drawn else ""
    many = len(ctrls) > 2
    how = (" With three or more players, the best-placed player chooses first, then the next among "
           "those left, and so on (ruling LFG-TIE-ORDER)." if many else "")
    return Say(f"{len(ctrls)} players have {T.CLASS_WORD[pri]} abilities waiting at the same priority. "
               f"Current party renown, this round's picks included: {scores}.{draw} {ranked[0]} chooses "
               f"whether to resolve before or after the others.{how}",
               rule="LFG-TIE-ORDER" if many else T.CONFLICT)


# -- before or after -----------------------------------------------------------------------------------

def ask_order(ctx: Ctx, s: tuple) -> Decision:
    _, pri, who, tie = s
    others = ", ".join(tie["rest"][1:])
    opts = [Option("before", f"Resolve your {T.CLASS_WORD[pri]} abilities before {others}'s"),
            Option("after", f"Resolve your {T.CLASS_WORD[pri]} abilities after {others}'s")]
    return Decision(who, f"Same priority ({T.CLASS_WORD[pri]}): {why_first(who, tie)}. Go before or "
                    f"after {others}?", opts, kind="order")


def why_first(who: str, tie: dict) -> str:
    """Why this player chooses now: strictly the most renown among those still
    to be placed, or a random draw among those tied with the most."""
    ren = tie.get("renown") or {}
    rest = [p for p in tie["rest"][1:] if p in ren]
    if who not in ren or len(rest) < len(tie["rest"]) - 1:
        return "you are placed first among those still to be placed"
    tied = [p for p in rest if ren[p] == ren[who]]
    if tied:
        return (f"you tie with {', '.join(tied)} for the most renown ({ren[who]}) among those still to "
                "be placed, and the random draw put you first")
    return f"you have the most renown ({ren[who]}) among those still to be placed"


def resolve_order(ctx: Ctx, triggers: list[dict], s: tuple, ids) -> Say:
    _, pri, who, tie = s
    tie = copy.deepcopy(tie)
    tie["rest"].pop(0)
    if ids[0] == "before":
        tie["front"].append(who)
    else:
        tie["back"].insert(0, who)
    players = None
    if len(tie["rest"]) == 1:
        players = tie["front"] + tie["rest"] + tie["back"]
        tail = f" The order for this priority is {', '.join(players)}."
    else:
        tail = ""
    for t in triggers:
        data = t.get("data")
        if players is None:
            if data and "tie" in data:
                data["tie"] = copy.deepcopy(tie)
            continue
        if data:
            data.pop("tie", None)
        # decided: every waiting ability knows the order, and passes it on to those it activates
        t.setdefault("data", {}).setdefault("orders", {})[str(pri)] = list(players)
    many = len(tie["front"]) + len(tie["back"]) + len(tie["rest"]) > 2
    return Say(f"{who} chooses to resolve their {T.CLASS_WORD[pri]} abilities {ids[0]} the others'.{tail}",
               rule="LFG-TIE-ORDER" if many else T.CONFLICT)


# -- a player's own abilities ------------------------------------------------------------------------

def ask_own(ctx: Ctx, triggers: list[dict], s: tuple) -> Decision:
    _, pri, who, mine = s
    opts = []
    for i in mine:
        e = of_trigger(ctx, triggers[i])
        opts.append(Option(f"resolve:{e['card']}:{i}", f"{entry_words(ctx, e)}: {ability_of(ctx, e).text}"))
    return Decision(who, f"Several of your {T.CLASS_WORD[pri]} abilities wait at the same priority: "
                    "which resolves first?", opts, kind="own-order")


def resolve_own(ctx: Ctx, triggers: list[dict], s: tuple, ids) -> Say:
    _, pri, who, mine = s
    i = int(ids[0].rsplit(":", 1)[1])
    e = of_trigger(ctx, triggers[i])
    # it starts at once: this choice is its first record, its targets are asked next
    triggers[i].setdefault("data", {})["chosen"] = True
    ctx.start_trigger(i)
    return Say(f"{who} controls every {T.CLASS_WORD[pri]} ability waiting, and chooses to resolve "
               f"{entry_words(ctx, e)} first.", rule=T.CONFLICT)
