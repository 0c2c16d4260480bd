"""What activates and how it reads: the `drafted` event and the abilities it
sets off (the core's triggers, `state.triggers`), an ability waiting or
resolving in words, and the abilities usable "whenever you like": offered
at every decision of their player and in the windows of rules.py.

An activated ability is a trigger entry of the core: {source, ability,
controller, event, [card], [data]}. `card` is set for a copy (the copied
hero's definition, whose ability resolves for the copier). `data` carries
the tie orders decided so far this round (see resolution.py); the frame of
an ability resolving keeps its targets chosen so far in `data["picks"]`.
Nothing here imports the effects or the rules of the round.
"""

from __future__ import annotations

import copy
from typing import Any

from tablekit.core import AbilityUse, Ctx, Decision, Option, Say

from . import table as T

# -- an ability waiting or resolving --------------------------------------------------------

def entry(ctx: Ctx, source: str, ability: int, controller: str | None, card: str | None = None) -> dict:
    """The facts of an activated ability the rules read: the hero it belongs to
    (`src`, `name`), the definition whose ability resolves (`card`, `ab`), the
    player who controls it (`by`), its priority (`pri`) and, for a copy, the
    name of the hero copied (`copied`)."""
    own = ctx.state.cards[source]["card"]
    card = card or own
    ab = ctx.defs[card].abilities[ability]
    return {"src": source, "name": ctx.name(source), "card": card, "ab": ability,
            "by": controller if controller is not None else ctx.owner_of(source),
            "pri": T.PRIORITY[ab.effect], "copied": ctx.defs[card].name if card != own else None}


def of_trigger(ctx: Ctx, t: dict) -> dict:
    """The entry of a trigger waiting in `state.triggers`."""
    return entry(ctx, t["source"], t["ability"], t["controller"], t.get("card"))


def of_use(ctx: Ctx, use: AbilityUse) -> dict:
    """The entry of the ability an effect frame resolves."""
    return entry(ctx, use.source, use.frame["ab"], use.controller, use.frame.get("card"))


def priority(ctx: Ctx, t: dict) -> int:
    card = t.get("card") or ctx.state.cards[t["source"]]["card"]
    return T.PRIORITY[ctx.defs[card].abilities[t["ability"]].effect]


def ability_of(ctx: Ctx, e: dict):
    """The ability an entry resolves (a copy resolves the copied one)."""
    return ctx.defs[e["card"]].abilities[e["ab"]]


def entry_words(ctx: Ctx, e: dict) -> str:
    """"Bo's Knight (protect)" or "Ana's Illusionist copying Assassin (kill)"."""
    what = T.CLASS_WORD[e["pri"]]
    if e.get("copied"):
        return f"{e['by']}'s {e['name']} copying {e['copied']} ({what})"
    return f"{e['by']}'s {e['name']} ({what})"


def queue_words(ctx: Ctx, entries: list[dict]) -> str:
    return "; ".join(entry_words(ctx, e) + f" [priority {e['pri']}]" for e in entries)


# -- activating ---------------------------------------------------------------------------------

def flags(ctx: Ctx, uid: str) -> dict:
    """Event fields a passive's `if` can test: the pick's traits and roles."""
    out = {t: True for t in T.TRAITS if T.has(ctx, uid, t)}
    out.update({r: True for r in T.roles(ctx, uid)})
    return out


def inherited(data: dict | None) -> dict | None:
    """What an ability activated while another resolves takes over from it:
    the tie orders decided so far this round."""
    orders = (data or {}).get("orders")
    return {"orders": copy.deepcopy(orders)} if orders else None


def activated(ctx: Ctx, since: int, data: dict | None = None) -> list[dict]:
    """The triggers the core collected after index `since` of `state.triggers`.
    A passive marked `other` does not answer its own hero's drafting: it is
    dropped. Each keeps `data` (see `inherited`). Returns their entries."""
    trig = ctx.state.triggers
    keep = []
    for t in trig[since:]:
        ab = ctx.defn(t["source"]).abilities[t["ability"]]
        if ab.args.get("other") and (t.get("event") or {}).get("card") == t["source"]:
            continue
        if data:
            t["data"] = copy.deepcopy(data)
        keep.append(t)
    trig[since:] = keep
    return [of_trigger(ctx, t) for t in keep]


def draft_now(ctx: Ctx, p: str, uid: str, data: dict | None = None) -> str:
    """Draft a hero face up at once (an extra draft during resolution). Its Draft
    ability and the passives it sets off activate. Returns words for them."""
    ctx.move(uid, T.party(p), face_down=None)
    ctx.extra["round_picks"].append(uid)
    since = len(ctx.state.triggers)
    ctx.do("drafted", card=uid, player=p, **flags(ctx, uid))
    new = activated(ctx, since, data)
    if not new:
        return ""
    return f" It activates: {queue_words(ctx, new)}."


def forget_hidden(ctx: Ctx, uid: str) -> None:
    """A hero went into a hand: the extra state stops naming it (its pending
    abilities still resolve, ruling LFG-GONE)."""
    ctx.extra["round_picks"] = [u for u in ctx.extra["round_picks"] if u != uid]


# -- abilities usable whenever their player likes (ruling LFG-ANYTIME) ------------------------

def anytime_id(use: AbilityUse) -> str:
    """"act:<hero>": a hero has at most one ability that works whenever its
    player likes."""
    return f"act:{use.source}"


def anytime_option(ctx: Ctx, use: AbilityUse) -> Option:
    """One "whenever you like" ability as an option: its effect's label, and
    illegal with `ctx.usable`'s reason when it cannot be used now (a `Reason`
    brings the id of the ruling behind it)."""
    eff = ctx.game.effect(use.ability.effect)
    why = ctx.usable(use)
    return Option(anytime_id(use), eff.label(ctx, use), why is None, why or "")


def anytime_options(ctx: Ctx, p: str) -> list[Option]:
    """Every "whenever you like" ability of p's party, legal or not."""
    return [anytime_option(ctx, use) for use in ctx.actions("anytime", p)]


def can_act_anytime(ctx: Ctx, p: str) -> bool:
    return any(o.legal for o in anytime_options(ctx, p))


def offer_anytime(d: Decision | None, ctx: Ctx) -> Decision | None:
    """The decision, also offering its player's "whenever you like" abilities
    (ruling LFG-ANYTIME)."""
    if d is None:
        return None
    acts = anytime_options(ctx, d.player)
    if not acts:
        return d
    return Decision(d.player, d.prompt, d.options + acts, d.min, d.max, d.kind, d.validate,
                    default=d.default, hint=d.hint, party=d.party, secret=d.secret)


def is_anytime(ids: Any) -> bool:
    return bool(ids) and ids[0].startswith("act:")


def use_anytime(ctx: Ctx, option_id: str) -> Say:
    """Use the ability an "act:<hero>" option names: its effect starts on the
    resolution stack and resolves at once, for the hero's owner."""
    uid = option_id.split(":", 1)[1]
    use = next(u for u in ctx.actions("anytime", ctx.owner_of(uid)) if u.source == uid)
    say = ctx.start(use.ability.effect, source=uid, controller=use.controller,
                    ability=ctx.ability_index(uid, use.ability))
    return say if isinstance(say, Say) else Say(str(say))


def with_anytime(ask):
    """Wrap an Ask's builder: every decision also offers its player's passives
    usable at any time (ruling LFG-ANYTIME)."""
    def wrapped(ctx: Ctx) -> Decision | None:
        return offer_anytime(ask(ctx), ctx)
    return wrapped


def resolving_anytime(resolve, secret: bool = False):
    """Wrap an Ask's resolver: an anytime action is applied and the same
    decision is asked again (Say.again keeps it open). At a `secret` decision
    (the hidden draft) the other seats read the record's text only if it has
    a public one: an anytime action on a face-up hero gets its own text as
    the public one, since hurting a hero in a party is no secret."""
    def wrapped(ctx: Ctx, ids) -> Say:
        if is_anytime(ids):
            say = use_anytime(ctx, ids[0])
            say.again = True  # the same decision is asked again
            if secret and say.public is None and not ctx.card(ids[0].split(":", 1)[1]).get("face_down"):
                say.public = say.text
            return say
        return resolve(ctx, ids)
    return wrapped


def window_players(ctx: Ctx, skip=None) -> list[str]:
    """Who a "whenever you like" window asks, in seat order: every player with
    such an ability usable now, but not one `skip(ctx, p)` leaves out."""
    return [p for p in ctx.players if can_act_anytime(ctx, p) and not (skip and skip(ctx, p))]


def window_action(ctx: Ctx, player: str, ids) -> Say:
    """The answer to a "whenever you like" window (ActionWindow's resolve)."""
    return use_anytime(ctx, ids[0])
