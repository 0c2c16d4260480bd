"""The heuristic's combat rules of thumb: who defends which attack, which hero takes
an undefended one, and how the party's attackers are shared among the enemies.

The defence is a small plan over the attacks still to come this phase (a player
has a handful of enemies and characters, so every assignment is tried): each
attack gets a defender or none, at the least expected cost, where the characters
that do not defend then attack, and the kills they make count for the plan."""

from __future__ import annotations

from itertools import combinations
from typing import NamedTuple

from tablekit.core import Ctx, Decision

from . import combat as C
from . import table as T
from .bot_read import (
    att,
    card_id,
    dfn,
    hero_rank,
    hp_left,
    ids_of,
    is_hero,
    need_spawn_dead,
    shadow_count,
    stat,
    uid_of,
    worth,
)

HERO_DAMAGE = 3.0
"""What one damage on a hero costs: heroes never heal in these decks, and a hurt hero
dies to the next Hummerhorns, Dol Guldur Orcs or Necromancer's Reach."""
ALLY_DAMAGE = 0.5
PLUS_ONE = 4 / 36
"""The chance that one face-down shadow card adds 1 attack to a defended attack
(Dol Guldur Orcs or East Bight Patrol: 4 of the encounter deck's 36 cards)."""
PLUS_THREE = 3 / 36
"""The chance that one shadow card adds 3 attack to an undefended attack (Dol Guldur Orcs)."""
UNDEFENDED_SHADOW = 1.0
"""What each shadow card costs on an undefended attack besides the damage: their
undefended texts are the worst (+3 or +8 threat, two characters exhausted,
attachments lost)."""
UNDEFENDED = 1.0
"""The price of any undefended attack, shadows aside."""
LAST_HERO = 100.0
"""Losing a player's last hero loses the player: far worse than any other hero."""
KILL_WEIGHT = 1.0
"""How much of an enemy's `kill_value` a kill made after the enemy attacks is worth
against the defence plan's costs."""


def chance(p: float, shadows: int) -> float:
    """The chance that at least one of `shadows` cards does what one does with chance p."""
    return 1 - (1 - p) ** shadows


class Fighter(NamedTuple):
    """A character's numbers, read once per decision: the plans below try many
    assignments and must not read the table for each."""
    uid: str
    hero: bool
    hp: int
    dfn: int
    att: int
    worth: float
    rank: int
    spearman: bool


def fighters(ctx: Ctx, cards: list[str]) -> dict[str, Fighter]:
    return {c: Fighter(c, is_hero(ctx, c), hp_left(ctx, c), dfn(ctx, c), att(ctx, c), worth(ctx, c),
                       hero_rank(ctx, c) if is_hero(ctx, c) else 0, card_id(ctx, c) == "gondorian-spearman")
            for c in cards}


def hurt_cost(f: Fighter, hp: int, dmg: int, risk: float, extra: int) -> float:
    """The expected cost of `dmg` damage on f with `hp` hit points left, when with
    chance `risk` a shadow card adds `extra`: its death, else its damage."""
    unit = HERO_DAMAGE if f.hero else ALLY_DAMAGE
    if hp <= dmg:
        return f.worth
    if hp <= dmg + extra:
        return risk * f.worth + (1 - risk) * dmg * unit
    return dmg * unit + risk * extra * unit


# -- defending ----------------------------------------------------------------------------------------

def defend_cost(f: Fighter, attack: int, shadows: int) -> float:
    """The expected cost of f defending an attack: its damage, or its death; a shadow
    card may add 1 attack. Gondorian Spearman's response hurts the attacker back."""
    cost = hurt_cost(f, f.hp, max(attack - f.dfn, 0), chance(PLUS_ONE, shadows), 1)
    return cost - 1 if f.spearman else cost


def undefended_cost(heroes: dict[str, Fighter], attack: int, shadows: int,
                    hp: dict[str, int]) -> tuple[float, str | None]:
    """The expected cost of leaving an attack undefended, and the hero that takes it
    (`hp`: the heroes' hit points left in the plan so far): the hero it costs least
    to hurt, a shadow card may add 3."""
    if not hp:
        return 0.0, None
    risk = chance(PLUS_THREE, shadows)
    base = UNDEFENDED + UNDEFENDED_SHADOW * shadows

    def cost(h: str) -> float:
        c = hurt_cost(heroes[h], hp[h], attack, risk, 3)
        if len(hp) == 1 and hp[h] <= attack + 3:
            c += LAST_HERO * (1.0 if hp[h] <= attack else risk)
        return c

    h = min(hp, key=lambda h: (cost(h), heroes[h].rank))
    return base + cost(h), h


def kill_worth(power: dict[str, int], targets: list[tuple[int, float]]) -> float:
    """The worth of the kills the attack `power` (character -> attack) makes on the
    `targets` ((attack needed, worth), the most valuable first), each with the
    smallest group that reaches it."""
    left = dict(power)
    total = 0.0
    for need, value in targets:
        best = None
        for n in range(1, len(left) + 1):
            for group in combinations(left, n):
                s = sum(left[c] for c in group)
                if s >= need and (best is None or s < best[0]):
                    best = (s, group)
            if best is not None:
                break
        if best is not None:
            total += value
            for c in best[1]:
                del left[c]
    return total


def best_plan(foes: list[tuple[int, int]], cands: list[Fighter], heroes: dict[str, Fighter], hp: dict[str, int],
              targets: list[tuple[int, float]]) -> tuple[float, list[str | None]]:
    """The cheapest way to meet each attack in `foes` ((attack, shadows), in the order
    they come): a defender from `cands` (each once) or none, the damage of an
    undefended one on a hero (`heroes`, with `hp` left). The characters that do not
    defend attack afterwards: a plan's cost is less the worth of the kills they make
    on `targets` (`kill_worth`), so a defence that costs a little more but keeps a
    kill's attackers ready wins. Exhaustive, remembering the positions it has met."""
    by_id = {f.uid: f for f in cands}
    memo: dict = {}
    kills: dict = {}

    def after(rest: frozenset) -> float:
        if rest not in kills:
            kills[rest] = KILL_WEIGHT * kill_worth({c: by_id[c].att for c in rest if by_id[c].att > 0}, targets)
        return kills[rest]

    def go(i: int, rest: frozenset, left: tuple) -> tuple[float, list[str | None]]:
        key = (i, rest, left)
        if key in memo:
            return memo[key]
        if i == len(foes):
            return -after(rest), []
        a, s = foes[i]
        hp_now = dict(left)
        bare, h = undefended_cost(heroes, a, s, hp_now)
        if h is not None:
            hp_now[h] -= a
            if hp_now[h] <= 0:
                del hp_now[h]
        cost, tail = go(i + 1, rest, tuple(sorted(hp_now.items())))
        best = (bare + cost, [None] + tail)
        for c in sorted(rest):
            cost, tail = go(i + 1, rest - {c}, left)
            here = defend_cost(by_id[c], a, s) + cost
            if here < best[0]:
                best = (here, [c] + tail)
        memo[key] = best
        return best

    return go(0, frozenset(by_id), tuple(sorted(hp.items())))


def defence_plan(ctx: Ctx, p: str, foes: list[tuple[int, int]], picks: list[str]) -> tuple[float, list[str | None]]:
    """`best_plan` for p's attacks still to come (`foes`, the first 4) with the ready
    characters `picks`, p's engaged enemies as the kills to make afterwards."""
    heroes = fighters(ctx, T.heroes(ctx, p))
    targets = sorted(((need_to_kill(ctx, x), kill_value(ctx, x)) for x in T.engaged_enemies(ctx, p)),
                     key=lambda t: -t[1])
    return best_plan(foes[:4], list(fighters(ctx, picks).values()), heroes, {h: f.hp for h, f in heroes.items()},
                     targets)


def defender(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    """Defend each attack as `defence_plan` says for this attack and the ones still to
    come: a defender that survives, else a cheap ally blocking it, else a hero taking
    it, undefended only when that costs less (it rarely does: the undefended shadow
    texts are the worst ones) or keeps a kill's attackers ready."""
    picks = ids_of(legal, "defend")
    if not picks:
        return ["undefended"] if "undefended" in legal else legal[:1]
    a = C.attack(ctx)
    p = a["player"]
    e = a["enemy"]
    foes = [(C.attack_strength(ctx), shadow_count(ctx, e))]
    foes += [(att(ctx, x), len(C.shadows_of(ctx, x))) for x in C.to_attack(ctx, p) if x != e]
    _, plan = defence_plan(ctx, p, foes, picks)
    if plan and plan[0] is not None:
        return [f"defend:{plan[0]}"]
    return ["undefended"] if "undefended" in legal else [f"defend:{picks[0]}"]


def undefended_hero(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    """The hero who takes an undefended attack (its shadow cards already resolved):
    the one whose hurt costs least, a hero who survives it first."""
    heroes = [uid_of(i) for i in legal if i.startswith("hero:")]
    if not heroes:
        return legal[:1]
    _, h = undefended_cost(fighters(ctx, heroes), C.attack_strength(ctx), 0, {h: hp_left(ctx, h) for h in heroes})
    return [f"hero:{h}"]


def sentinel(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    """Defend for another player with a Sentinel that survives the attack, unless it
    is needed against the player's own enemies still to attack."""
    q = d.player
    attack = C.attack_strength(ctx) + 1
    safe = [uid_of(i) for i in legal if i.startswith("defend:")
            and hp_left(ctx, uid_of(i)) > attack - dfn(ctx, uid_of(i))]
    if not safe:
        return ["no_defend"]
    mine = [e for e in T.engaged_enemies(ctx, q) if e not in ctx.extra.get("attacked", [])]
    ready = [c for c in T.characters(ctx, q) if T.is_ready(ctx, c)]
    if mine and len(ready) <= len(mine):
        return ["no_defend"]
    return [f"defend:{max(safe, key=lambda c: (dfn(ctx, c), hp_left(ctx, c)))}"]


def damage(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    """The defender that keeps the most hit points after the damage (Stand Together),
    an ally before a hero with as many."""
    cards = [i for i in legal if i.startswith("damage:")]
    if not cards:
        return legal[:1]
    return [max(cards, key=lambda i: (hp_left(ctx, uid_of(i)) - (0 if not is_hero(ctx, uid_of(i)) else 1)))]


# -- attacking ----------------------------------------------------------------------------------------

def need_to_kill(ctx: Ctx, e: str) -> int:
    """The attack strength that destroys the enemy: its hit points left and its defense."""
    return hp_left(ctx, e) + dfn(ctx, e)


def kill_value(ctx: Ctx, e: str) -> float:
    """How much destroying an enemy is worth: every attack it will not make, more for
    Ungoliant's Spawn when destroying it wins the game."""
    v = att(ctx, e) * 2 + stat(ctx, e, "threat")
    if need_spawn_dead(ctx) and card_id(ctx, e) == T.SPAWN:
        v += 100
    return v


def smallest_kill(ctx: Ctx, pool: list[str], need: int) -> list[str] | None:
    """The attackers from `pool` whose attack just reaches `need`, wasting the least
    (Legolas in the group when it costs nothing more: his kill puts progress on the quest)."""
    best = None
    power = {c: att(ctx, c) for c in pool}
    legolas = {c for c in pool if card_id(ctx, c) == "legolas"}
    for n in range(1, len(pool) + 1):
        for group in combinations(pool, n):
            total = sum(power[c] for c in group)
            if total < need:
                continue
            key = (total - need, n, not legolas.intersection(group))
            if best is None or key < best[0]:
                best = (key, list(group))
        if best is not None:
            break
    return best[1] if best else None


def attack_plan(ctx: Ctx, p: str, enemies: list[str], first: str | None = None) -> list[tuple[str, list[str]]]:
    """p's attacks for this combat: (enemy, attackers). The most valuable enemies that
    can be destroyed first, each with the smallest group that destroys it; the
    characters left over all hit the enemy they hurt most (damage stays on it).
    Attacking costs nothing here: everyone readies in the refresh phase."""
    ready = [c for c in T.characters(ctx, p) if T.is_ready(ctx, c) and att(ctx, c) > 0]
    own = set(T.engaged_enemies(ctx, p))

    def can_hit(c: str, e: str) -> bool:
        return e in own or "Ranged" in T.keywords(ctx, c)

    order = sorted(enemies, key=lambda e: (e != first, -kill_value(ctx, e)))
    plan: list[tuple[str, list[str]]] = []
    left = list(ready)
    for e in order:
        pool = [c for c in left if can_hit(c, e)]
        group = smallest_kill(ctx, pool[:8], need_to_kill(ctx, e))
        if group:
            plan.append((e, group))
            left = [c for c in left if c not in group]
    for e in order:
        if any(x == e for x, _ in plan):
            continue
        pool = [c for c in left if can_hit(c, e)]
        if pool and sum(att(ctx, c) for c in pool) > dfn(ctx, e):
            plan.append((e, pool))
            left = [c for c in left if c not in pool]
    if first is not None:
        plan.sort(key=lambda x: x[0] != first)
    return plan


def target(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    """The first attack of `attack_plan`; none when no attack does damage."""
    enemies = ids_of(legal, "target")
    plan = attack_plan(ctx, d.player, enemies)
    return [f"target:{plan[0][0]}"] if plan else ["no_attack"]


def attackers(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    """The attackers `attack_plan` gives this enemy; else every legal one."""
    e = C.strike(ctx).get("enemy")
    ok = ids_of(legal, "attacker")
    if e is None or not ok:
        return legal[:1]
    enemies = [x for x in C.all_engaged(ctx) if x == e or not C.has_attacked(ctx, d.player, x)]
    plan = dict(attack_plan(ctx, d.player, enemies, first=e))
    group = [c for c in plan.get(e, []) if c in ok]
    return [f"attacker:{c}" for c in (group or ok)]


def join(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    """Join another player's attack with Ranged characters when they make the kill
    (or the player has no enemy of their own to keep them for)."""
    s = C.strike(ctx)
    e = s.get("enemy")
    ok = ids_of(legal, "attacker")
    if e is None or not ok:
        return []
    power = sum(att(ctx, c) for c in s.get("attackers", []) if C.in_play(ctx, c))
    gap = need_to_kill(ctx, e) - power
    if gap <= 0:
        return []
    group = smallest_kill(ctx, ok, gap)
    if group:
        return [f"attacker:{c}" for c in group]
    return [] if T.engaged_enemies(ctx, d.player) else [f"attacker:{c}" for c in ok]
