"""Retinue abilities and legendary heroes: what each may do, why it may not,
and the follow-up picks an ability needs (a cost hero, a lord, a swap...).

An ability in progress is `extra["sub"]`: {"key", "player", "picks", "via",
"source"}. `next_pick` gives the next question (or None once every pick is
made); `finish` applies the ability. Influence card effects that need a pick
use the same mechanism (see powers.py).
"""

from __future__ import annotations

from tablekit.core import Ctx, Option, Say

from . import table as T

RET = T.RETINUES


def _others(ctx: Ctx, p: str) -> list[str]:
    return T.order_from(ctx, p)


def _heroes_of(ctx: Ctx, p: str, legendary: bool | None = None) -> list[str]:
    out = []
    for u in ctx.zone(T.heroes(p)):
        if legendary is None or T.is_legendary(ctx, u) == legendary:
            out.append(u)
    return out


def _label(ctx: Ctx, u: str) -> str:
    return f"{ctx.name(u)} of {ctx.owner_of(u)}"


# -- can a retinue ability be used at all? ---------------------------------------------------

def why_not(ctx: Ctx, p: str, key: str, spent: str | None = None) -> str | None:
    """Why p cannot use the ability of retinue `key` now (None: it can). `spent`
    is a hero about to be discarded as the Legendary Retinue's cost."""
    mine = [u for u in ctx.zone(T.heroes(p)) if u != spent]
    if key in ("head_hunters", "archeresses"):
        want = key == "head_hunters"
        if not any(T.is_legendary(ctx, u) == want for q in _others(ctx, p)
                   for u in ctx.zone(T.heroes(q))):
            what = "legendary" if want else "non-legendary"
            return (f"No other lord controls a {what} hero to discard (ruling LAB-TARGET: the lord "
                    "chosen is another lord).")
    if key in ("architects", "sisters_of_war", "archpriestesses", T.LEGENDARY) and not mine:
        return "This ability costs 1 of your heroes, and you control none."
    if key == "architects":
        if not ctx.zone(T.hand(p)):
            return "You hold no influence card to swap."
        if not any(ctx.zone(T.hand(q)) for q in _others(ctx, p)):
            return "No other lord holds an influence card to swap with."
    if key == "archpriestesses":
        if len(mine) < 2:
            return "You need a hero to pay and another to give in the swap."
        if not any(ctx.zone(T.heroes(q)) for q in _others(ctx, p)):
            return "No other lord controls a hero to swap with."
    if key == T.LEGENDARY:
        if all(why_not(ctx, p, r, spent=mine[0]) for r in T.RETINUE_OF.values()):
            return "No non-legendary retinue's ability could be used after paying a hero."
    return None


def retinue_uses_left(ctx: Ctx, p: str) -> dict[str, int]:
    """Each gathered retinue with the uses left this turn (two identical: twice)."""
    used = T.turn_data(ctx)["ret_used"]
    out: dict[str, int] = {}
    for r in T.gathered(ctx, p):
        out[r] = out.get(r, 0) + 1
    return {r: n - used.get(r, 0) for r, n in out.items()}


def retinue_options(ctx: Ctx, p: str) -> list[Option]:
    opts = []
    for r, left in retinue_uses_left(ctx, p).items():
        label = f"Use the {T.retinue_name(r)}"
        if left <= 0:
            opts.append(Option(f"use:{r}", label, False,
                               "Each gathered retinue is used at most once a turn (twice for two "
                               "identical retinues), and this one is used up."))
            continue
        why = why_not(ctx, p, r)
        opts.append(Option(f"use:{r}", label, why is None, why or ""))
    return opts


# -- the follow-up picks --------------------------------------------------------------------------

def start(ctx: Ctx, p: str, key: str, via: str | None = None, source: str | None = None) -> None:
    ctx.extra["sub"] = {"key": key, "player": p, "picks": {}, "via": via, "source": source}


def next_pick(ctx: Ctx, sub: dict) -> tuple[str, list[Option]] | None:
    key, p, picks = sub["key"], sub["player"], sub["picks"]
    others = _others(ctx, p)
    if key in ("architects", "sisters_of_war", "archpriestesses", T.LEGENDARY) and "cost" not in picks:
        opts = [Option(f"cost:{u}", f"Discard your {ctx.name(u)}") for u in ctx.zone(T.heroes(p))]
        return f"{T.retinue_name(key)}: choose the hero you discard to pay.", opts
    if key == T.LEGENDARY:
        opts = []
        for r in T.RETINUE_OF.values():
            why = why_not(ctx, p, r)
            opts.append(Option(f"copy:{r}", f"Use the ability of the {T.retinue_name(r)}",
                               why is None, why or ""))
        return "Legendary Retinue: choose the non-legendary retinue whose ability you use.", opts
    if key in ("head_hunters", "archeresses") and "hero" not in picks:
        want = key == "head_hunters"
        opts = []
        for q in others:  # ruling LAB-TARGET: "a lord" is another lord
            for u in ctx.zone(T.heroes(q)):
                if T.is_legendary(ctx, u) == want:
                    opts.append(Option(f"hero:{u}", f"Discard {_label(ctx, u)}"))
        what = "legendary" if want else "non-legendary"
        return f"{T.retinue_name(key)}: choose another lord's {what} hero to discard.", opts
    if key == "architects" and "swap" not in picks:
        if "lord" not in picks:
            mine = bool(ctx.zone(T.hand(p)))
            opts = []
            for q in others:
                if not ctx.zone(T.hand(q)):
                    opts.append(Option(f"lord:{q}", f"Look at {q}'s hand", False,
                                       f"{q} holds no influence card to swap."))
                else:
                    opts.append(Option(f"lord:{q}", f"Look at {q}'s hand", mine,
                                       "" if mine else "You hold no influence card to swap."))
            return "Retinue of Architects: choose the lord whose hand you look at.", opts
        q = picks["lord"]
        opts = [Option(f"swap:{a}:{b}", f"Give your {ctx.name(a)}, take {q}'s {ctx.name(b)}")
                for a in ctx.zone(T.hand(p)) for b in ctx.zone(T.hand(q))]
        return f"Retinue of Architects: {q}'s hand is open to you; choose the swap.", opts
    if key == "archpriestesses" and "swap" not in picks:
        opts = [Option(f"swap:{a}:{b}", f"Give your {ctx.name(a)}, take {_label(ctx, b)}")
                for a in ctx.zone(T.heroes(p)) for q in others for b in ctx.zone(T.heroes(q))]
        return "Retinue of Archpriestesses: choose the heroes to swap.", opts
    # influence card effects
    if key == "plague" and "kind" not in picks:
        opts = [Option(f"kind:{k}", f"Name the {T.kind_name(k, True)}") for k in T.COMMON_KINDS]
        return "Deadly Plague: name a kind of common hero.", opts
    if key in ("beguile", "bribe", "ambush") and "hero" not in picks:
        opts = []
        for q in others:
            for u in ctx.zone(T.heroes(q)):
                verb = "Discard" if key == "ambush" else "Take"
                if key == "bribe" and T.is_legendary(ctx, u):
                    opts.append(Option(f"hero:{u}", f"{verb} {_label(ctx, u)}", False,
                                       "Bribery takes only a common hero."))
                else:
                    opts.append(Option(f"hero:{u}", f"{verb} {_label(ctx, u)}"))
        return f"{ctx.name(sub['source'])}: choose the hero.", opts
    return None


def has_target(ctx: Ctx, sub: dict) -> bool:
    """Whether a card effect that needs a hero has any legal one."""
    nxt = next_pick(ctx, sub)
    return nxt is None or any(o.legal for o in nxt[1])


def take_pick(ctx: Ctx, sub: dict, oid: str) -> Say | None:
    """Record a pick; pay a cost at once. Returns a Say for a cost paid, else None."""
    what, _, rest = oid.partition(":")
    p = sub["player"]
    if what == "cost":
        sub["picks"]["cost"] = rest
        T.discard_hero(ctx, rest)
        return Say(f"{p} discards {ctx.name(rest)} to pay for the {T.retinue_name(sub['key'])} "
                   "ability; it is shuffled back into the heroes deck.", rule=RET)
    if what == "copy":
        sub["key"] = rest
        sub["via"] = T.LEGENDARY
        sub["picks"] = {}
        return Say(f"{p} uses the Legendary Retinue to borrow the ability of the "
                   f"{T.retinue_name(rest)} (ruling LAB-LEGEND-COPY: any of the eight, with its own "
                   "cost, if any).", rule="LAB-LEGEND-COPY")
    sub["picks"][what] = rest
    return None


# -- applying ------------------------------------------------------------------------------------

def finish(ctx: Ctx, sub: dict) -> Say:
    """Apply a retinue ability whose picks are all made."""
    key, p, picks = sub["key"], sub["player"], sub["picks"]
    ctx.extra["sub"] = None
    via = " (through the Legendary Retinue)" if sub.get("via") else ""
    name = T.retinue_name(key) + via
    if key == "sorceresses":
        text, public, rule = T.draw_say(ctx, p, 1, f"uses the {name} and")
        return Say(text + " (Ruling LAB-START: \"at the start of your turn\" means this retinue step, "
                   "after the draw.)", rule="LAB-START", public=public + " (ruling LAB-START)")
    if key == "swordmasters":
        T.turn_data(ctx)["actions"] += 1
        return Say(f"{p} uses the {name}: 1 more action this turn, "
                   f"{T.turn_data(ctx)['actions']} in all.", rule=RET)
    if key == "illusionists":
        return Say(f"{p} uses the {name}: {T.recruit(ctx, p, 2)}", rule=RET)
    if key in ("head_hunters", "archeresses"):
        u = picks["hero"]
        owner = ctx.owner_of(u)
        T.discard_hero(ctx, u)
        return Say(f"{p} uses the {name} on {owner}: {ctx.name(u)} is discarded and shuffled back "
                   "into the heroes deck.", rule=RET)
    if key == "sisters_of_war":
        T.turn_data(ctx)["actions"] += 1
        text, public, rule = T.draw_say(ctx, p, 1, f"uses the {name}, gets 1 more action and")
        return Say(text, rule=rule if rule != T.DRAW else RET, public=public)
    if key == "architects":
        q = picks["lord"]
        a, b = picks["swap"].split(":")
        seen = ctx.names(ctx.zone(T.hand(q)))
        ctx.move(a, T.hand(q))
        ctx.move(b, T.hand(p))
        return Say(f"{p} uses the {name}: looks at {q}'s hand ({seen}) and swaps {ctx.name(a)} for "
                   f"{ctx.name(b)}.", rule=RET,
                   public=f"{p} uses the {name}: looks at {q}'s hand and swaps one influence card "
                          "with them.")
    if key == "archpriestesses":
        a, b = picks["swap"].split(":")
        q = ctx.owner_of(b)
        ctx.move(a, T.heroes(q))
        ctx.move(b, T.heroes(p))
        return Say(f"{p} uses the {name}: gives {ctx.name(a)} to {q} and takes {q}'s "
                   f"{ctx.name(b)}.", rule=RET)
    raise ValueError(f"no retinue ability {key!r}")  # pragma: no cover


def needs_picks(key: str) -> bool:
    return key not in ("sorceresses", "swordmasters", "illusionists")


# -- legendary heroes used before actions ------------------------------------------------------------

def legend_options(ctx: Ctx, p: str) -> list[Option]:
    used = T.turn_data(ctx)["leg_used"]
    opts = []
    for u in ctx.zone(T.heroes(p)):
        if not T.acts_before_actions(ctx, u):
            continue
        k = T.hero_kind(ctx, u)
        name = ctx.name(u)
        if u in used:
            opts.append(Option(f"use:{u}", f"Use your {name}", False,
                               f"This {name} was used already this turn."))
            continue
        if k == "warlock":
            opts.append(Option(f"use:{u}", f"{name}: take 1 influence card"))
        elif k == "golem":
            opts.append(Option(f"use:{u}", f"{name}: recruit 1 hero"))
        elif k == "thief":
            for q in _others(ctx, p):
                n = len(ctx.zone(T.hand(q)))
                opts.append(Option(f"use:{u}:{q}", f"{name}: take a random card from {q}'s hand",
                                   n > 0, "" if n else f"{q} holds no influence card."))
        elif k in ("reaper", "assassin"):
            want = k == "assassin"
            for q in _others(ctx, p):
                for h in ctx.zone(T.heroes(q)):
                    if T.is_legendary(ctx, h) != want:
                        continue
                    label = f"{name}: discard {_label(ctx, h)}"
                    if T.shielded(ctx, q):
                        opts.append(Option(f"use:{u}:{h}", label, False,
                                           f"{q}'s Paladin keeps other lords' legendary heroes "
                                           "from discarding their heroes."))
                    else:
                        opts.append(Option(f"use:{u}:{h}", label))
    return opts


def use_legend(ctx: Ctx, p: str, oid: str) -> Say:
    parts = oid.split(":")
    u = parts[1]
    T.turn_data(ctx)["leg_used"].append(u)
    k = T.hero_kind(ctx, u)
    name = ctx.name(u)
    if k == "warlock":
        text, public, rule = T.draw_say(ctx, p, 1, f"uses the {name} and")
        return Say(text, rule=T.LEGENDS if rule == T.DRAW else rule, public=public)
    if k == "golem":
        return Say(f"{p} uses the {name}: {T.recruit(ctx, p, 1)}", rule=T.LEGENDS)
    if k == "thief":
        q = parts[2]
        h = ctx.zone(T.hand(q))
        card = h[ctx.randbelow(len(h))]
        ctx.move(card, T.hand(p))
        return Say(f"{p} uses the {name}: takes {ctx.name(card)} at random from {q}'s hand.",
                   rule=T.LEGENDS, public=f"{p} uses the {name}: takes a card at random from {q}'s hand.")
    h = parts[2]
    q = ctx.owner_of(h)
    T.discard_hero(ctx, h)
    return Say(f"{p} uses the {name}: {q}'s {ctx.name(h)} is discarded and shuffled back into the "
               "heroes deck.", rule=T.LEGENDS)
