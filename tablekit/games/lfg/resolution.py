"""Resolving the activated abilities: the queue kept in `extra`, the order
(priority first; same priority: the controller orders their own, between
players the one with more renown chooses before or after, equal renown is
drawn at random), targets chosen when an ability resolves, and the passives
usable at any decision point.

extra["queue"] holds entries {id, src, ab, by, pri, how, of}: the hero whose
ability it is, the ability's index on its card, the player who controls it,
its priority (1 extra draft ... 7 kill), how it activated (draft, passive,
copy) and, for a copy, the hero copied. extra["cur"] is the entry resolving
now with its targets chosen so far ("picks"). extra["orders"] keeps, per
priority, how the players with tied abilities were put in order.
"""

from __future__ import annotations

from tablekit.core import Ctx, Decision, Option, Say

from . import table as T
from .powers import ability_of, entry_words


def add_entry(ctx: Ctx, src: str, ab: int, by: str, how: str, copied: str | None = None) -> dict:
    """Queue an activated ability. `card` is the definition whose ability
    resolves (the copied hero's for a copy); `src` the hero it belongs to."""
    card = ctx.state.cards[copied or src]["card"]
    effect = ctx.defs[card].abilities[ab].effect
    eid = ctx.extra["next_id"]
    ctx.extra["next_id"] = eid + 1
    e = {"id": eid, "src": src, "name": ctx.name(src), "card": card, "ab": ab, "by": by,
         "pri": T.PRIORITY[effect], "how": how, "copied": ctx.name(copied) if copied else None}
    ctx.extra["queue"].append(e)
    return e


def forget_hidden(ctx: Ctx, uid: str) -> None:
    """A hero went into a hand: the extra state stops naming it (its pending
    abilities still resolve, ruling LFG-GONE)."""
    for e in ctx.extra["queue"]:
        if e["src"] == uid:
            e["src"] = None
    ctx.extra["round_picks"] = [u for u in ctx.extra["round_picks"] if u != uid]


def collect(ctx: Ctx) -> list[dict]:
    """Move the abilities the core collected on `drafted` events into the queue.
    A passive marked `other` does not answer its own hero's drafting."""
    new = []
    for t in ctx.state.triggers:
        ab = ctx.defn(t["source"]).abilities[t["ability"]]
        if ab.args.get("other") and t["event"]["card"] == t["source"]:
            continue
        how = "draft" if ctx.defn(t["source"]).get("timing") == "draft" else "passive"
        new.append(add_entry(ctx, t["source"], t["ability"], t["controller"], how))
    ctx.state.triggers.clear()
    return new


def queue_words(ctx: Ctx, entries: list[dict]) -> str:
    return "; ".join(entry_words(ctx, e) + f" [priority {e['pri']}]" for e in entries)


# -- what happens next -------------------------------------------------------------------

def _controllers(tied: list[dict]) -> list[str]:
    out: list[str] = []
    for e in tied:
        if e["by"] not in out:
            out.append(e["by"])
    return out


def situation(ctx: Ctx) -> tuple:
    """What the next rule of the resolution is: ("rank", pri, players),
    ("ask", pri, player), ("own", pri, player, entries), ("take", pri, player,
    entries), ("target",), ("apply",) or ("done",)."""
    x = ctx.extra
    cur = x.get("cur")
    if cur is not None:
        return ("target",) if needs_target(ctx) else ("apply",)
    q = x["queue"]
    if not q:
        return ("done",)
    pri = min(e["pri"] for e in q)
    tied = [e for e in q if e["pri"] == pri]
    ctrls = _controllers(tied)
    order = x["orders"].get(str(pri))
    if len(ctrls) > 1 and order is None:
        return ("rank", pri, ctrls)
    if order is not None and order.get("players") is None:
        return ("ask", pri, order["rest"][0])
    if len(ctrls) == 1:
        who = ctrls[0]
    else:
        seq = order["players"] + [p for p in ctx.players if p not in order["players"]]
        who = next(p for p in seq if p in ctrls)
    mine = [e for e in tied if e["by"] == who]
    return ("own" if len(mine) > 1 else "take", pri, who, mine)


def resolving(ctx: Ctx) -> bool:
    return situation(ctx)[0] != "done"


def rank(ctx: Ctx) -> Say:
    _, pri, ctrls = situation(ctx)
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
    ctx.extra["orders"][str(pri)] = {"rest": ranked, "front": [], "back": [], "players": None}
    scores = ", ".join(f"{p} {ren[p]}" for p in ctrls)
    draw = f" {'; '.join(drawn)}." if drawn else ""
    many = len(ctrls) > 2
    how = (" With three or more players, the best-placed player chooses first, then the next among "
           "those left, and so on (ruling LFG-TIE-ORDER)." if many else "")
    return Say(f"{len(ctrls)} players have {T.CLASS_WORD[pri]} abilities waiting at the same priority. "
               f"Current party renown, this round's picks included: {scores}.{draw} {ranked[0]} chooses "
               f"whether to resolve before or after the others.{how}",
               rule="LFG-TIE-ORDER" if many else T.CONFLICT)


def asking_order(ctx: Ctx) -> bool:
    return situation(ctx)[0] == "ask"


def ask_order(ctx: Ctx) -> Decision | None:
    s = situation(ctx)
    if s[0] != "ask":
        return None
    _, pri, who = s
    order = ctx.extra["orders"][str(pri)]
    others = ", ".join(order["rest"][1:])
    opts = [Option("before", f"Resolve your {T.CLASS_WORD[pri]} abilities before {others}'s"),
            Option("after", f"Resolve your {T.CLASS_WORD[pri]} abilities after {others}'s")]
    return Decision(who, f"Same priority ({T.CLASS_WORD[pri]}): you have the most renown among those "
                    f"still to be placed. Go before or after {others}?", opts, kind="order")


def resolve_order(ctx: Ctx, ids) -> Say:
    _, pri, who = situation(ctx)
    order = ctx.extra["orders"][str(pri)]
    order["rest"].pop(0)
    if ids[0] == "before":
        order["front"].append(who)
    else:
        order["back"].insert(0, who)
    if len(order["rest"]) == 1:
        order["players"] = order["front"] + order["rest"] + order["back"]
        order["rest"] = []
        tail = f" The order for this priority is {', '.join(order['players'])}."
    else:
        tail = ""
    many = len(order["front"]) + len(order["back"]) + len(order["rest"]) > 2 or (
        order["players"] is not None and len(order["players"]) > 2)
    return Say(f"{who} chooses to resolve their {T.CLASS_WORD[pri]} abilities {ids[0]} the others'.{tail}",
               rule="LFG-TIE-ORDER" if many else T.CONFLICT)


def _start(ctx: Ctx, e: dict) -> None:
    ctx.extra["queue"] = [x for x in ctx.extra["queue"] if x["id"] != e["id"]]
    cur = dict(e)
    cur["picks"] = []
    ctx.extra["cur"] = cur


def taking(ctx: Ctx) -> bool:
    return situation(ctx)[0] == "take"


def take_next(ctx: Ctx) -> Say:
    _, pri, who, mine = situation(ctx)
    e = mine[0]
    _start(ctx, e)
    waiting = len(ctx.extra["queue"])
    ab = ability_of(ctx, e)
    tied = ""
    order = ctx.extra["orders"].get(str(pri))
    if order and order.get("players"):
        tied = f" (same priority: the order is {', '.join(order['players'])})"
    gone = ""
    if e["src"] is None or T.party_of(ctx, e["src"]) != e["by"]:
        gone = (f" {e['name']} has left {e['by']}'s party since it activated, but an activated ability "
                f"still resolves, for the player who activated it (ruling LFG-GONE).")
    return Say(f"Next to resolve: {entry_words(ctx, e)}, priority {pri} of 7{tied}: \"{ab.text}\". "
               f"{waiting} other ability(ies) wait.{gone}", rule="LFG-GONE" if gone else T.EFFECT_R[pri])


def choosing_own(ctx: Ctx) -> bool:
    return situation(ctx)[0] == "own"


def ask_own(ctx: Ctx) -> Decision | None:
    s = situation(ctx)
    if s[0] != "own":
        return None
    _, pri, who, mine = s
    opts = [Option(f"resolve:{e['card']}:{e['id']}", f"{entry_words(ctx, e)}: {ability_of(ctx, e).text}")
            for e in mine]
    return Decision(who, f"Several of your {T.CLASS_WORD[pri]} abilities wait at the same priority: "
                    "which resolves first?", opts, kind="own-order")


def resolve_own(ctx: Ctx, ids) -> Say:
    _, pri, who, mine = situation(ctx)
    eid = int(ids[0].rsplit(":", 1)[1])
    e = next(x for x in mine if x["id"] == eid)
    _start(ctx, e)
    return Say(f"{who} controls every {T.CLASS_WORD[pri]} ability waiting, and chooses to resolve "
               f"{entry_words(ctx, e)} first.", rule=T.CONFLICT)


# -- targets and the effect ------------------------------------------------------------------

def _effect(ctx: Ctx, e: dict):
    return ctx.game.effect(ability_of(ctx, e).effect)


def needs_target(ctx: Ctx) -> bool:
    cur = ctx.extra.get("cur")
    if cur is None:
        return False
    eff = _effect(ctx, cur)
    if len(cur["picks"]) >= eff.slots(ctx, cur):
        return False
    return any(o.legal for o in eff.options(ctx, cur, cur["picks"]))


def ask_target(ctx: Ctx) -> Decision | None:
    if not needs_target(ctx):
        return None
    cur = ctx.extra["cur"]
    eff = _effect(ctx, cur)
    ab = ability_of(ctx, cur)
    opts = list(eff.options(ctx, cur, cur["picks"]))
    n = eff.slots(ctx, cur)
    which = f" (target {len(cur['picks']) + 1} of {n})" if n > 1 else ""
    if ab.args.get("may"):
        opts.append(Option("pass", "Do not use this ability (it says \"may\")"))
    must = "" if ab.args.get("may") else " A valid target must be chosen, even one of your own heroes."
    return Decision(cur["by"], f"{entry_words(ctx, cur)} resolves: \"{ab.text}\"{which}.{must}", opts,
                    kind="target")


def resolve_target(ctx: Ctx, ids) -> Say:
    cur = ctx.extra["cur"]
    if ids[0] == "pass":
        ctx.extra["cur"] = None
        return Say(f"{entry_words(ctx, cur)}: the ability says \"may\", and {cur['by']} chooses not to use "
                   "it.", rule=T.NOT_OPTIONAL)
    uid = ids[0].rsplit(":", 1)[1]
    cur["picks"].append(uid)
    if needs_target(ctx):
        return Say(f"{cur['by']} chooses {ctx.name(uid)} ({T.where(ctx, uid)}) as target "
                   f"{len(cur['picks'])} of {entry_words(ctx, cur)}.", rule=T.TARGETS)
    return apply_current(ctx)


def apply_current(ctx: Ctx) -> Say:
    cur = ctx.extra["cur"]
    ctx.extra["cur"] = None
    picks = cur.pop("picks")
    say = _effect(ctx, cur).apply(ctx, cur, picks)
    eff = _effect(ctx, cur)
    if picks and len(picks) < eff.slots(ctx, cur) and ability_of(ctx, cur).effect in (
            "protect", "hurt", "heal", "kill"):
        say.text += (f" Only {len(picks)} valid target(s) could be chosen, so that is all it affects.")
    return say


def applying(ctx: Ctx) -> bool:
    return situation(ctx)[0] == "apply"


# -- passives usable whenever their player likes ------------------------------------------------

def anytime_options(ctx: Ctx, p: str) -> list[Option]:
    out = []
    for use in ctx.actions("anytime", p):
        o = ctx.game.effect(use.ability.effect).option(ctx, use)
        if o is not None:
            out.append(o)
    return out


def with_anytime(ask):
    """Wrap an Ask's builder: every decision also offers its player's passives
    usable at any time (ruling LFG-ANYTIME)."""
    def wrapped(ctx: Ctx) -> Decision | None:
        d = ask(ctx)
        if d is None:
            return None
        acts = anytime_options(ctx, d.player)
        if not acts:
            return d
        return Decision(d.player, d.prompt, d.options + acts, d.min, d.max, d.kind, d.validate)
    return wrapped


def resolving_anytime(resolve):
    """Wrap an Ask's resolver: an anytime action is applied and the same
    decision is asked again (Say.again keeps it open)."""
    def wrapped(ctx: Ctx, ids) -> Say:
        if ids and ids[0].startswith("act:"):
            uid = ids[0].split(":", 1)[1]
            p = ctx.owner_of(uid)
            use = next(u for u in ctx.actions("anytime", p) if u.source == uid)
            say = ctx.game.effect(use.ability.effect).apply(ctx, use)
            if not isinstance(say, Say):
                say = Say(str(say))
            say.again = True  # the same decision is asked again
            return say
        return resolve(ctx, ids)
    return wrapped
