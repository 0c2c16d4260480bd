"""The heuristic bot's sense of danger: how much damage each hero should expect in the
next foe phase, read only from what lies face up (the foe card's face and the foe
cards in play), plus a guess for the one unknown card the foe will play.

Rule of thumb: a defensive card (armor, healing, a ward) is worth the damage it will
really stop, and that damage counts for more the closer the hero is to falling. A hero
far from danger gains little from being shielded, while a hero the coming phase could
incapacitate gains a lot: an incapacitated hero stops dealing damage for the rest of
the game."""

from __future__ import annotations

from tablekit.core import Ctx

from . import damage as D
from . import table as T

# What the unknown top card of the foe deck deals each hero, on average (a guess: the foe
# decks' abilities deal 1 to 3, and a third of their cards are vassals or lasting cards).
UNKNOWN_HIT = 2
# The damage type each foe deals most (its deck's theme).
FOE_DTYPE = {"cult": "spirit", "keraxis": "melee", "dragonspawn": "fire"}


def recurring_hits(ctx: Ctx) -> list[tuple[int, str | None]]:
    """Every hit each hero will be dealt by the cards face up on the foe's side at the next
    foe phase (its start and its end), as (amount, damage type), "all damage" effects
    such as Dragon Fire included. A hit aimed at the hero who plays or uses a feat is left out."""
    out: list[tuple[int, str | None]] = []
    foe = T.foe_card(ctx)
    cards = ([foe] if foe else []) + list(ctx.zone(T.FOE_PLAY))
    for u in cards:
        face = ctx.card(u).get("face", 0) if u == foe else None
        for ab in ctx.defn(u).abilities:
            if ab.type != "trigger" or ab.effect != "foe_hit" or ab.on not in ("foe_phase_start", "foe_phase_end"):
                continue
            if face is not None and ab.face not in (None, face):
                continue
            args = ab.args or {}
            if args.get("who") == "player":
                continue
            n = args.get("amount", 0)
            n = T.n_players(ctx) if n == "P" else int(n)
            dt = args.get("dtype")
            out.append((int(ctx.stat("damage_all", n, event={"dtype": dt})), dt))
    return out


def incoming(ctx: Ctx, q: str, dtype: str | None = "any", unknown: bool = True) -> int:
    """The damage hero q should expect before its next turn: the known recurring hits not
    warded off, plus the guess for the unknown foe card (of the foe's main type). With a
    dtype, only the damage of that type (for a ward)."""
    main = FOE_DTYPE.get(ctx.extra.get("foe", ""))
    total = 0
    for n, dt in recurring_hits(ctx):
        if dtype != "any" and dt != dtype:
            continue
        if not D.warded(ctx, q, dt):
            total += n
    if unknown and (dtype == "any" or dtype == main) and not D.warded(ctx, q, main):
        total += UNKNOWN_HIT
    return total


def danger(ctx: Ctx, q: str) -> float:
    """How much one point of damage kept off hero q is worth, from 0.5 (far from falling)
    to 3 (the coming foe phase may incapacitate it). Armor counts as health (it is
    readied at the start of the hero's turn, before the foe phase)."""
    if T.is_incap(ctx, q):
        return 0.0
    margin = ctx.counter(q, "hp") + T.armor_total(ctx, q) - incoming(ctx, q)
    if margin <= 0:
        return 3.0
    if margin <= 3:
        return 2.0
    if margin <= 7:
        return 1.0
    return 0.5


def most_endangered(ctx: Ctx) -> str | None:
    """The standing hero with the least margin against the coming foe phase."""
    standing = T.active_heroes(ctx)
    if not standing:
        return None
    return min(standing, key=lambda q: (ctx.counter(q, "hp") + T.armor_total(ctx, q) - incoming(ctx, q),
                                        ctx.players.index(q)))
