"""Mirkwood's heuristic bot. It reads only what its seat may see (the core hands it
a seat view): the table, its own hand, public counters. Each decision kind has one
rule of thumb (`BY_KIND`); the rules live by theme in `bot_quest` (questing,
travel, engagement), `bot_combat` (defence and attacks) and `bot_cards` (buying,
events, the effects that ask), reading the table through `bot_read`.

The plan they follow, in short: quest with every character that has willpower
(progress wins, a failed quest raises threat) except those the coming enemies call
for at home: a defender each, and the attackers that destroy an enemy the round it
engages (an enemy left alive attacks every round after: keeping Legolas and
Théodred home to kill the first Forest Spider at once is worth the failed quest);
defend so that the combat costs least, kills included, and let a hero take a blow
only when no ally can; travel to the locations whose threat weighs most, not to
Enchanted Stream while it would stay (it blocks the party's draws); engage at once
only an enemy that comes next round anyway and that the party can destroy now (the
suggestion, `rules.engage_now`); spend the resources at once, on resources and
willpower first, then on the allies that block or kill; play an event when it saves
a hero or makes a kill.

Win rates and speed: `benchmarks/mirkwood_wins.py`."""

from __future__ import annotations

from tablekit.core import Ctx, Decision

from . import bot_cards as K
from . import bot_combat as B
from . import bot_quest as Q
from . import table as T
from .bot_read import fresh, printed


def heuristic(ctx: Ctx, d: Decision) -> list[str] | None:
    """The option ids the bot picks for decision `d`, from the seat view `ctx`."""
    fresh()
    legal = [o.id for o in d.legal]
    if not legal:
        return None
    pick = BY_KIND.get(d.kind)
    if pick is not None:
        out = pick(ctx, d, legal)
        if out is not None:
            return out
    if d.default in legal:
        return [d.default]
    return None


MULLIGAN_KINDS = ("ally", "attachment")
"""The cards a kept hand needs two cheap ones of (events do not count: nearly every
hand holds two cheap events, and they neither quest nor block)."""


def mulligan(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    """Keep a hand with at least two allies or attachments of cost 3 or less (the
    party needs bodies and gear early, events wait); else take the mulligan."""
    cheap = [u for u in ctx.zone(T.hand(d.player)) if printed(ctx, u, "cost") <= 3
             and ctx.kind(u) in MULLIGAN_KINDS]
    return ["keep"] if len(cheap) >= 2 or "mulligan" not in legal else ["mulligan"]


def web(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    """Pay to ready a hero caught in a web whenever the pool allows."""
    return [next((i for i in legal if i.startswith("pay:")), legal[0])]


def trigger_order(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    """Théodred's resource before Aragorn's ready (Aragorn may then pay with it)."""
    theo = [o.id for o in d.legal if o.label.startswith("Théodred")]
    return theo[:1] or legal[:1]


def default_or_first(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    """The decision's suggestion (for the attack order: the highest engagement cost
    first; the plan of `bot_combat.defender` covers whatever comes), else the first."""
    return [d.default] if d.default in legal else legal[:max(d.min, 1)]


BY_KIND = {"window": K.window, "commit": Q.commit, "travel": Q.travel, "defender": B.defender,
           "undefended": B.undefended_hero, "target": B.target, "attackers": B.attackers,
           "response-offer": K.use_it, "payment": K.payment, "web": web, "engage": Q.engage,
           "join": B.join, "trigger_order": trigger_order, "effect": K.effect,
           "attacker": default_or_first, "mulligan": mulligan, "sentinel": B.sentinel,
           "engagement": Q.weakest_enemy, "damage": B.damage, "shadow_tie": default_or_first}
"""Every decision kind Mirkwood asks, with the heuristic's rule for it."""
