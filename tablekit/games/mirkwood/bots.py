"""A simple heuristic bot for Mirkwood. It reads only what its seat may see (the
core hands it a seat view): the table, its own hand, public counters."""

from __future__ import annotations

from tablekit.core import Ctx, Decision

from . import combat as C
from . import rules as R
from . import table as T


def heuristic(ctx: Ctx, d: Decision) -> list[str] | None:
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


def uid_of(option_id: str) -> str:
    return option_id.split(":", 1)[1]


def window(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    """Planning: the dearest ally it can pay for; Beorn's rage when attacking;
    otherwise pass."""
    plays = [i for i in legal if i.startswith("act:") and ctx.zone_of(i.split(":")[1]).endswith("/hand")]
    if plays:
        return [max(plays, key=lambda i: (int(ctx.defn(i.split(":")[1]).fields.get("willpower", 0)),
                                          int(ctx.defn(i.split(":")[1]).fields.get("cost", 0))))]
    rally = [i for i in legal if i.startswith("act:") and ctx.defn(i.split(":")[1]).id == "faramir"]
    if rally and T.committed(ctx):      # after committing: +1 willpower to the questers
        return rally[:1]
    return ["pass"]


def commit(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    """Quest with enough willpower to beat the staging area by a little, keeping
    the best defender and the best attacker home when enemies threaten."""
    p = d.player
    need = R.staging_threat(ctx) + 4  # a card or two of threat is still to be revealed
    danger = bool(T.engaged_enemies(ctx, p)) or any(
        ctx.kind(u) == "enemy" and T.engagement(ctx, u) <= T.threat(ctx, p) + 2 for u in ctx.zone(T.STAGING))
    cards = [uid_of(i) for i in legal if ctx.defn(uid_of(i)).id != "faramir"]   # Faramir rallies instead
    keep: set[str] = set()
    if danger and len(cards) > 1:
        keep.add(max(cards, key=lambda u: (T.stat(ctx, u, "defense"), T.hp_left(ctx, u))))
    chosen, total = [], 0
    for u in sorted((u for u in cards if u not in keep), key=lambda u: -T.stat(ctx, u, "willpower")):
        if total >= need:
            break
        if T.stat(ctx, u, "willpower") > 0:
            chosen.append(u)
            total += T.stat(ctx, u, "willpower")
    return [f"commit:{u}" for u in chosen]


def travel(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    places = [i for i in legal if i.startswith("travel:")]
    if not places:
        return ["no_travel"]
    return [max(places, key=lambda i: T.stat(ctx, uid_of(i), "threat"))]


def defender(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    att = C.attack_strength(ctx)
    best = None
    for i in legal:
        if not i.startswith("defend:"):
            continue
        u = uid_of(i)
        left = T.hp_left(ctx, u) - max(att - T.stat(ctx, u, "defense"), 0)
        score = (left > 0, ctx.kind(u) == "ally", T.stat(ctx, u, "defense"), left)
        if best is None or score > best[0]:
            best = (score, i)
    if best is not None and best[0][0]:
        return [best[1]]
    heroes = T.heroes(ctx, d.player)
    if any(T.hp_left(ctx, h) > att for h in heroes) or best is None:
        return ["undefended"]
    return [best[1]]


def undefended_hero(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    return [max(legal, key=lambda i: T.hp_left(ctx, uid_of(i)))]


def target(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    p = d.player
    power = sum(T.stat(ctx, c, "attack") for c in T.characters(ctx, p) if T.is_ready(ctx, c))
    best = None
    for i in legal:
        if not i.startswith("target:"):
            continue
        e = uid_of(i)
        hit = power - T.stat(ctx, e, "defense")
        if hit <= 0:
            continue
        score = (hit >= T.hp_left(ctx, e), -T.hp_left(ctx, e))
        if best is None or score > best[0]:
            best = (score, i)
    return [best[1]] if best else ["no_attack"]


def attackers(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    """Enough attackers to destroy the enemy if possible, strongest first; else all."""
    e = C.strike(ctx).get("enemy")
    if e is None:
        return legal[:1]
    need = T.hp_left(ctx, e) + T.stat(ctx, e, "defense")
    chosen, total = [], 0
    for i in sorted(legal, key=lambda i: -T.stat(ctx, uid_of(i), "attack")):
        chosen.append(i)
        total += T.stat(ctx, uid_of(i), "attack")
        if total >= need:
            break
    return chosen


def use_it(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    return ["use"] if "use" in legal else ["decline"]


def first_legal(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    return legal[:1]


def web(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    return [next((i for i in legal if i.startswith("pay:")), legal[0])]


def trigger_order(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    """Théodred's resource before Aragorn's ready (Aragorn may then pay with it)."""
    theo = [o.id for o in d.legal if o.label.startswith("Théodred")]
    return theo[:1] or legal[:1]


BY_KIND = {"window": window, "commit": commit, "travel": travel, "defender": defender,
           "undefended": undefended_hero, "target": target, "attackers": attackers, "response-offer": use_it,
           "payment": first_legal, "web": web, "engage": lambda ctx, d, legal: ["no_engage"],
           "join": lambda ctx, d, legal: legal, "trigger_order": trigger_order}
