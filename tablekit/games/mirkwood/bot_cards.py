"""The heuristic's card rules of thumb: what to buy in the planning phase, where an
attachment goes, when each event is worth its card, and how to answer the effects
that ask (who takes a treachery's damage, which hero is caught in a web ...)."""

from __future__ import annotations

from tablekit.core import AbilityUse, Ctx, Decision

from . import combat as C
from . import table as T
from .bot_combat import defence_plan
from .bot_read import (
    act_card,
    att,
    card_id,
    dfn,
    hand_ids,
    hero_rank,
    hp_left,
    ids_of,
    in_hand,
    is_hero,
    need_spawn_dead,
    printed,
    shadow_count,
    staged_enemies,
    stat,
    uid_of,
    worth,
    wp,
)
from .powers import SphereCost

# -- planning: what to buy ------------------------------------------------------------------------------

BUY_VALUE = {
    "steward-of-gondor": 10, "celebrian-s-stone": 9, "faramir": 8, "beorn": 8, "citadel-plate": 6,
    "gandalf": 1, "gondorian-spearman": 5, "guard-of-the-citadel": 5, "brok-ironfist": 5,
    "snowbourn-scout": 4, "silverlode-archer": 4, "veteran-axehand": 4, "horseback-archer": 4,
    "longbeard-orc-slayer": 5, "blade-of-gondolin": 3, "dwarven-axe": 3, "son-of-arnor": 5, "horn-of-gondor": 1,
}
"""What each ally or attachment is worth to buy: resources first (Steward of Gondor),
then willpower (Celebrían's Stone on Aragorn, Faramir), then the defenders that
survive a hit (Beorn, Citadel Plate), then the allies that quest, block or make a
kill (the attackers matter: an enemy destroyed early stops attacking every round);
Gandalf last, bought only with resources nothing else wants (he leaves at the end
of the round; Sneak Attack brings him for 1)."""


def buy_value(ctx: Ctx, p: str, u: str) -> float:
    """`BUY_VALUE`, adjusted to the table: Gandalf only when no Sneak Attack can bring
    him for 1 (then he is worth more when threat runs high); the Orc Slayer when Orcs
    are about; an attachment only where it has a host worth it."""
    cid = card_id(ctx, u)
    v = float(BUY_VALUE.get(cid, 2))
    if cid == "gandalf":
        if "sneak-attack" in hand_ids(ctx, p):
            return 0
        if T.threat(ctx, p) >= 40:
            v += 3
    if cid == "longbeard-orc-slayer" and any("Orc" in ctx.defn(e).traits for e in T.enemies_in_play(ctx)):
        v += 2
    if ctx.kind(u) == "attachment" and best_host(ctx, p, u) is None:
        return 0
    return v


def sphere_of(ctx: Ctx, u: str) -> str:
    return str(ctx.defn(u).fields.get("sphere", "neutral"))


RICH = 4
"""A player whose Tactics heroes hold this many resources plays Tactics events
freely: with nothing left to buy (the Tactics cards bought), the pool only grows."""


def rich(ctx: Ctx, p: str, sphere: str = "tactics") -> bool:
    """p's heroes of the sphere hold `RICH` resources or more."""
    return sum(T.resources(ctx, h) for h in T.heroes(ctx, p) if T.has_sphere(ctx, h, sphere)) >= RICH


def planning_pick(ctx: Ctx, p: str, legal: list[str]) -> str | None:
    """In the planning turn: the affordable ally or attachment worth most (`buy_value`).
    Saving resources for a dearer card, or Aragorn's resource for his ready, proved
    worse than spending them at once."""
    best = None
    for i in legal:
        if not i.startswith("act:") or not in_hand(ctx, act_card(i)):
            continue
        u = act_card(i)
        if ctx.kind(u) not in ("ally", "attachment"):
            continue
        v = buy_value(ctx, p, u)
        if v <= 0:
            continue
        if best is None or v > best[0]:
            best = (v, i)
    return best[1] if best else None


# -- attachments: where each goes -------------------------------------------------------------------------

def carried(ctx: Ctx, host: str) -> list[str]:
    """The card ids of the attachments on a card."""
    return [card_id(ctx, w) for p in ctx.players for w in ctx.zone(T.zone(p, "attachments"))
            if ctx.card(w).get("attached_to") == host]


def sphere_demand(ctx: Ctx, p: str) -> dict[str, int]:
    """The resources the cards in p's hand ask of each sphere."""
    need: dict[str, int] = {}
    for u in ctx.zone(T.hand(p)):
        s = sphere_of(ctx, u)
        need[s] = need.get(s, 0) + printed(ctx, u, "cost")
    return need


RESTRICTED_WEAPONS = ("citadel-plate", "dwarven-axe", "blade-of-gondolin")


def host_score(ctx: Ctx, p: str, attachment: str, h: str) -> tuple | None:
    """How good a hero is for this attachment (None: not worth it there): Celebrían's
    Stone on Aragorn, Citadel Plate on the best defender, a weapon on the best
    attacker (the Axe on a Dwarf), Steward of Gondor on the sphere the hand needs."""
    aid = card_id(ctx, attachment)
    have = carried(ctx, h)
    if aid in have or (aid in RESTRICTED_WEAPONS and sum(x in have for x in RESTRICTED_WEAPONS) >= 2):
        return None
    mine = T.controller(ctx, h) == p
    if aid == "celebrian-s-stone":
        return (card_id(ctx, h) == "aragorn", mine, wp(ctx, h))
    if aid == "citadel-plate":
        return (mine, dfn(ctx, h), hp_left(ctx, h))
    if aid == "dwarven-axe":
        return ("Dwarf" in ctx.defn(h).traits, mine, att(ctx, h))
    if aid == "blade-of-gondolin":
        return (mine, att(ctx, h))
    if aid == "steward-of-gondor":
        need = sphere_demand(ctx, T.controller(ctx, h) or p)
        sphere = str(ctx.defn(h).fields.get("sphere", ""))
        return (mine, need.get(sphere, 0), card_id(ctx, h) == "aragorn")
    return (mine, wp(ctx, h))


def best_host(ctx: Ctx, p: str, attachment: str, hosts: list[str] | None = None) -> str | None:
    """The hero the attachment goes on (`host_score`), None when no hero is worth it."""
    cands = hosts if hosts is not None else [h for q in ctx.players for h in T.heroes(ctx, q)]
    scored = [(host_score(ctx, p, attachment, h), h) for h in cands]
    scored = [(sc, h) for sc, h in scored if sc is not None]
    return max(scored)[1] if scored else None


# -- events: when each is worth playing ------------------------------------------------------------------

def phase_is(ctx: Ctx, name: str) -> bool:
    return ctx.phase() == name


def before_enemy_attacks(ctx: Ctx) -> bool:
    """A combat-phase window before the first enemy attack: the moment to stop or
    shrink the attacks to come."""
    return phase_is(ctx, "Combat phase") and not ctx.extra.get("attacked") and not C.attack(ctx)


def ready_defenders(ctx: Ctx, p: str) -> list[str]:
    return [c for c in T.characters(ctx, p) if T.is_ready(ctx, c)]


FEINT_SAVING = 5.0
"""Feint (or Thicket of Spears) is played when stopping the attack(s) saves at least
this much of the combat's expected cost (`combat_cost`): a hero's death or a few
damage on heroes, not a scratch on a fresh defender."""


def combat_cost(ctx: Ctx, p: str, skip: tuple[str, ...] = ()) -> float:
    """The expected cost of the enemy attacks still to come on p (the defence plan of
    `bot_combat.best_plan`), without the enemies in `skip`."""
    foes = [(att(ctx, e), len(C.shadows_of(ctx, e)) + (card_id(ctx, e) == "dol-guldur-beastmaster"))
            for e in C.to_attack(ctx, p) if e not in skip]
    picks = [c for c in T.characters(ctx, p) if T.is_ready(ctx, c)]
    return defence_plan(ctx, p, foes, picks)[0]


def feint_pick(ctx: Ctx, p: str) -> str | None:
    """The enemy whose attack on p is worth stopping with Feint: the one whose absence
    saves most, if that is at least `FEINT_SAVING`."""
    row = C.to_attack(ctx, p)
    if not row:
        return None
    base = combat_cost(ctx, p)
    saving, e = max((base - combat_cost(ctx, p, (e,)), e) for e in row)
    return e if saving >= FEINT_SAVING / (2 if rich(ctx, p) else 1) else None


def feint_now(ctx: Ctx, p: str) -> bool:
    """Feint before the attacks when one enemy's attack is worth stopping (`feint_pick`)."""
    return before_enemy_attacks(ctx) and feint_pick(ctx, p) is not None


def thicket_now(ctx: Ctx, p: str) -> bool:
    """Thicket of Spears (three Tactics heroes pay for it) before the attacks, when
    stopping all of p's attacks saves twice what a Feint must."""
    row = C.to_attack(ctx, p)
    return before_enemy_attacks(ctx) and len(row) >= 2 and \
        combat_cost(ctx, p) - combat_cost(ctx, p, tuple(row)) >= 2 * FEINT_SAVING


def kill_gap(ctx: Ctx) -> int | None:
    """In a player attack whose attackers are declared: how much attack is missing
    to destroy the enemy (None outside one)."""
    s = C.strike(ctx)
    if not s or not s.get("attackers") or "strength" in s or not C.strike_on(ctx):
        return None
    e = s["enemy"]
    power = sum(att(ctx, c) for c in s["attackers"] if C.in_play(ctx, c))
    return hp_left(ctx, e) + dfn(ctx, e) - power


def blade_now(ctx: Ctx, p: str) -> bool:
    """Blade Mastery: the one attack point a kill lacks (any point when `rich`: the
    damage stays); or, once the attacker's shadow cards are turned, the one defense
    point that saves a defender's life or a hero (any defender when rich) a damage."""
    gap = kill_gap(ctx)
    if gap is not None:
        return gap == 1 or (gap > 1 and rich(ctx, p))
    a = C.attack(ctx)
    d = a.get("defender") if a and C.attack_on(ctx) else None
    if d and not a.get("damaged") and T.controller(ctx, d) == p and not shadow_count(ctx, a["enemy"]):
        hit = C.attack_strength(ctx) - dfn(ctx, d)
        return hit == hp_left(ctx, d) or ((is_hero(ctx, d) or rich(ctx, p)) and 1 <= hit < hp_left(ctx, d))
    return False


def for_gondor_now(ctx: Ctx, p: str) -> bool:
    """For Gondor! when +1 attack for each declared attacker makes the kill."""
    gap = kill_gap(ctx)
    return gap is not None and 0 < gap <= len(C.strike(ctx)["attackers"])


def sneak_now(ctx: Ctx, p: str) -> bool:
    """With Gandalf in hand, at the start of the quest: he quests for 4 and gives his gift."""
    gandalf = [u for u in ctx.zone(T.hand(p)) if card_id(ctx, u) == "gandalf"]
    return bool(gandalf) and phase_is(ctx, "Quest phase") and not T.committed(ctx) and \
        not any(ctx.card(c).get("committed") for c in T.characters(ctx, p)) and \
        not any(card_id(ctx, c) == "gandalf" for q in ctx.players for c in T.characters(ctx, q))


def killable(ctx: Ctx, e: str, n: int) -> bool:
    """n damage destroys the enemy."""
    return hp_left(ctx, e) <= n


def rain_now(ctx: Ctx, p: str) -> bool:
    """Rain of Arrows before the attacks when its 1 damage destroys an enemy engaged with p."""
    return before_enemy_attacks(ctx) and any(killable(ctx, e, 1) for e in T.engaged_enemies(ctx, p))


def quick_pair(ctx: Ctx, p: str) -> tuple[str, str] | None:
    """A ready character of p that alone destroys an enemy it may attack (the strongest such enemy)."""
    best = None
    for c in ready_defenders(ctx, p):
        foes = T.engaged_enemies(ctx, p) if "Ranged" not in T.keywords(ctx, c) else C.all_engaged(ctx)
        for e in foes:
            if att(ctx, c) - dfn(ctx, e) >= hp_left(ctx, e):
                score = (att(ctx, e), -dfn(ctx, c))
                if best is None or score > best[0]:
                    best = (score, (c, e))
    return best[1] if best else None


def quick_now(ctx: Ctx, p: str) -> bool:
    """Quick Strike before the attacks when one character alone destroys an enemy: it
    then never attacks (`quick_pair`)."""
    return before_enemy_attacks(ctx) and quick_pair(ctx, p) is not None


def vigilant_now(ctx: Ctx, p: str) -> bool:
    """Ever Vigilant before the attacks on p: an exhausted ally stands up to defend."""
    return before_enemy_attacks(ctx) and bool(T.engaged_enemies(ctx, p)) and any(
        ctx.kind(c) == "ally" and not T.is_ready(ctx, c) for c in T.characters(ctx, p))


def grim_now(ctx: Ctx, p: str) -> bool:
    """Grim Resolve before the attacks on p when three or more of p's characters are
    exhausted (the questers defend and attack after all)."""
    tired = [c for c in T.characters(ctx, p) if not T.is_ready(ctx, c)]
    return before_enemy_attacks(ctx) and bool(T.engaged_enemies(ctx, p)) and len(tired) >= 3


def cause_pair(ctx: Ctx, p: str) -> tuple[str, str] | None:
    """A ready hero of p worth less in combat than an exhausted one (to swap them)."""
    ready = [h for h in T.heroes(ctx, p) if T.is_ready(ctx, h)]
    tired = [h for q in ctx.players for h in T.heroes(ctx, q) if not T.is_ready(ctx, h)]
    if not ready or not tired:
        return None

    def fight(h: str) -> int:
        return att(ctx, h) + dfn(ctx, h)

    low, high = min(ready, key=fight), max(tired, key=fight)
    return (low, high) if fight(high) > fight(low) + 1 else None


def cause_now(ctx: Ctx, p: str) -> bool:
    """Common Cause before the attacks on p, when it swaps a ready hero for a better
    fighter (`cause_pair`)."""
    return before_enemy_attacks(ctx) and bool(T.engaged_enemies(ctx, p)) and cause_pair(ctx, p) is not None


def stand_now(ctx: Ctx, p: str) -> bool:
    """An attack on p that no single ready character survives, but two together do."""
    a = C.attack(ctx)
    if not a or not C.attack_on(ctx) or a.get("declared") or a["player"] != p:
        return False
    hit = C.attack_strength(ctx) + 1
    ready = sorted(ready_defenders(ctx, p), key=lambda c: -dfn(ctx, c))
    if any(hp_left(ctx, c) > hit - dfn(ctx, c) for c in ready) or len(ready) < 2:
        return False
    return hit - dfn(ctx, ready[0]) - dfn(ctx, ready[1]) < max(hp_left(ctx, ready[0]), hp_left(ctx, ready[1]))


EVENT_RULES = {"feint": feint_now, "thicket-of-spears": thicket_now, "quick-strike": quick_now,
               "rain-of-arrows": rain_now, "blade-mastery": blade_now, "for-gondor": for_gondor_now,
               "sneak-attack": sneak_now, "ever-vigilant": vigilant_now, "common-cause": cause_now,
               "grim-resolve": grim_now, "stand-together": stand_now}
"""When the heuristic plays each event (by card id): only when it does something
worth its card (never wasted)."""


def plays_by_card(legal: list[str], ctx: Ctx) -> dict[str, str]:
    """card id -> one legal option playing or using a card of that id."""
    out: dict[str, str] = {}
    for i in legal:
        if i.startswith("act:"):
            out.setdefault(card_id(ctx, act_card(i)), i)
    return out


def window(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    """An action window: Steward of Gondor's resources whenever they come; in the
    planning turn the card worth buying (`planning_pick`); in the other windows the
    first event whose moment has come (`EVENT_RULES`), and Faramir's rally once the
    questers are committed; else pass."""
    p = d.player
    plays = plays_by_card(legal, ctx)
    steward = [i for i in legal if i.startswith("act:") and card_id(ctx, act_card(i)) == "steward-of-gondor"
               and not in_hand(ctx, act_card(i))]
    if steward:
        return steward[:1]
    buy = planning_pick(ctx, p, legal)
    if buy is not None:
        return [buy]
    for cid, rule in EVENT_RULES.items():
        if cid in plays and rule(ctx, p):
            return [plays[cid]]
    rally = plays.get("faramir")
    if rally and not in_hand(ctx, act_card(rally)) and T.committed(ctx):
        return [rally]
    return ["pass"]


# -- an effect asks: answered by the effect resolving (the top of the public stack) ---------------------

def resolving(ctx: Ctx) -> tuple[str, str]:
    """The effect now asking and its card: the top effect frame of the resolution stack."""
    for f in reversed(ctx.stack):
        if "fx" in f:
            return str(f["fx"]), str(f.get("src") or "")
    return "", ""


def strongest(ctx: Ctx, cards: list[str], *stats: str) -> str:
    """The card with the highest stats, compared in the order given."""
    return max(cards, key=lambda u: tuple(stat(ctx, u, s) for s in stats))


def least_needed(ctx: Ctx, cards: list[str]) -> str:
    """The character the party misses least: an ally before a hero, then the weakest
    in combat (attack and defense), the cheapest."""
    return min(cards, key=lambda u: (is_hero(ctx, u), att(ctx, u) + dfn(ctx, u), worth(ctx, u)))


def takes_hit(ctx: Ctx, cards: list[str], n: int) -> str:
    """Who takes n damage from a treachery: one that survives it (an ally first, then the
    hero with most hit points to spare); if none does, the one the party misses least."""
    alive = [u for u in cards if hp_left(ctx, u) > n]
    if alive:
        return min(alive, key=lambda u: (is_hero(ctx, u), hp_left(ctx, u) <= n + 1,
                                         hero_rank(ctx, u) if is_hero(ctx, u) else 0, -hp_left(ctx, u),
                                         worth(ctx, u)))
    return min(cards, key=lambda u: (worth(ctx, u), hero_rank(ctx, u) if is_hero(ctx, u) else 0))


def theodred_target(ctx: Ctx, p: str, heroes: list[str]) -> str:
    """Théodred's resource: to Aragorn when his pool is empty (he pays it to ready
    himself); else to the hero of the sphere the hand asks most of."""
    for h in heroes:
        if card_id(ctx, h) == "aragorn" and T.resources(ctx, h) == 0:
            return h
    need = sphere_demand(ctx, p)
    return max(heroes, key=lambda h: (need.get(str(ctx.defn(h).fields.get("sphere", "")), 0) - T.resources(ctx, h),
                                      card_id(ctx, h) == "aragorn"))


def web_target(ctx: Ctx, heroes: list[str]) -> str:
    """Caught in a Web: on the hero with the fullest pool (it pays the 2 resources to
    ready from its own pool, and a Tactics pool often has nothing better to buy),
    then the one the party misses least while exhausted."""
    return max(heroes, key=lambda h: (T.resources(ctx, h), -hero_rank(ctx, h)))


def spider_pick(ctx: Ctx, d: Decision, legal: list[str]) -> str:
    """Don't Leave the Path!: the first to search brings Ungoliant's Spawn (the players
    win only by destroying it); the others bring a Forest Spider, the weakest Spider.
    The cards are told apart by the names the search shows the seat (a card in the
    encounter deck is hidden from the seat's view of the table)."""
    shown = {o.id: o.label for o in d.legal if o.id.startswith("spider:")}

    def named(cid: str) -> list[str]:
        return [i for i, label in shown.items() if label.startswith(ctx.defs[cid].name)]

    in_play = any(card_id(ctx, e) == T.SPAWN for e in T.enemies_in_play(ctx))
    if named(T.SPAWN) and not in_play:
        return named(T.SPAWN)[0]
    return (named("forest-spider") or [i for i in shown if i not in named(T.SPAWN)] or legal)[0]


def mountain_take(ctx: Ctx, p: str, d: Decision, legal: list[str]) -> str:
    """Mountains of Mirkwood: of the top 5 cards of the deck, the ally or attachment
    worth most to buy (`BUY_VALUE`), else the first. They are known by the names the
    look shows the seat (the deck stays hidden in the seat's view of the table)."""
    by_name = {ctx.defs[cid].name: v for cid, v in BUY_VALUE.items() if cid in ctx.defs}
    shown = [(by_name.get(o.label, 0), -k, o.id) for k, o in enumerate(d.legal) if o.id.startswith("take:")]
    return max(shown)[2] if shown else legal[0]


def scout_location(ctx: Ctx, locs: list[str]) -> str:
    """Snowbourn Scout's progress: on a location it explores, else the active one."""
    def left(u: str) -> int:
        return T.quest_points(ctx, u) - int(ctx.card(u).get("progress", 0))
    done = [u for u in locs if left(u) <= 1]
    if done:
        return max(done, key=lambda u: stat(ctx, u, "threat"))
    active = [u for u in locs if u in ctx.zone(T.ACTIVE)]
    return (active or [min(locs, key=left)])[0]


def effect(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    """A choice an effect asks for, answered by the rule of thumb for that effect (the
    one resolving: `resolving`); an effect without one takes its default or the first."""
    fx, src = resolving(ctx)
    p = d.player
    heroes, picks = ids_of(legal, "hero"), ids_of(legal, "pick")
    readies, targets_, players = ids_of(legal, "ready"), ids_of(legal, "target"), ids_of(legal, "player")
    if fx == "play_attachment" and heroes:
        return [f"hero:{best_host(ctx, p, src, heroes) or heroes[0]}"]
    if fx == "play_attachment" and picks:     # a third Restricted: shed the cheapest
        return [f"pick:{min(picks, key=lambda u: printed(ctx, u, 'cost'))}"]
    if fx == "theodred_gift" and heroes:
        return [f"hero:{theodred_target(ctx, p, heroes)}"]
    if fx == "hummerhorn_sting" and heroes:
        return [f"hero:{takes_hit(ctx, heroes, 5)}"]
    if fx == "web_attach" and heroes:
        return [f"hero:{web_target(ctx, heroes)}"]
    if fx == "orc_ambush" and targets_:
        return [f"target:{takes_hit(ctx, targets_, 2)}"]
    if fx in ("each_exhausts", "shadow_exhaust", "web_travel") and picks:
        return [f"pick:{least_needed(ctx, picks)}"]
    if fx == "bats_scatter" and picks:
        return [f"pick:{min(picks, key=lambda u: (wp(ctx, u), worth(ctx, u)))}"]
    if fx == "shadow_discard_attachment" and picks:
        return [f"pick:{min(picks, key=lambda u: printed(ctx, u, 'cost'))}"]
    if fx == "stage_search":
        return [spider_pick(ctx, d, legal)]
    if fx == "mountain_search" and ids_of(legal, "take"):
        return [mountain_take(ctx, p, d, legal)]
    if fx == "scout_progress" and ids_of(legal, "location"):
        return [f"location:{scout_location(ctx, ids_of(legal, 'location'))}"]
    if fx == "son_of_arnor" and ids_of(legal, "enemy"):
        return [f"enemy:{arnor_target(ctx, p, ids_of(legal, 'enemy'))}"]
    if fx == "sneak_attack" and picks:
        return [f"pick:{max(picks, key=lambda u: (card_id(ctx, u) == 'gandalf', printed(ctx, u, 'cost')))}"]
    if fx == "common_cause" and picks:
        pair = cause_pair(ctx, p)
        return [f"pick:{pair[0] if pair and pair[0] in picks else picks[0]}"]
    if fx == "quick_strike":
        pair = quick_pair(ctx, p)
        if ids_of(legal, "attacker"):
            ok = ids_of(legal, "attacker")
            return [f"attacker:{pair[0] if pair and pair[0] in ok else strongest(ctx, ok, 'attack')}"]
        if targets_:
            return [f"target:{min(targets_, key=lambda e: hp_left(ctx, e) + dfn(ctx, e))}"]
    if fx == "feint" and targets_:
        pick = feint_pick(ctx, p)
        mine = [e for e in targets_ if T.engaged_with(ctx, e) == p] or targets_
        return [f"target:{pick if pick in targets_ else max(mine, key=lambda e: att(ctx, e))}"]
    if players:
        return [f"player:{effect_player(ctx, p, fx, players)}"]
    if fx == "blade_mastery" and picks:
        return [f"pick:{blade_target(ctx, p, picks)}"]
    if readies:
        return [f"ready:{strongest(ctx, readies, 'attack', 'defense')}"]
    if fx == "gandalf_gift":
        return [gandalf_gift(ctx, p, legal)]
    if d.default in legal:
        return [d.default]
    return legal[:max(d.min, 1)]


def effect_player(ctx: Ctx, p: str, fx: str, players: list[str]) -> str:
    """The player an effect picks: Faramir's rally for the one with most characters
    questing, Rain of Arrows for the one with most enemies, else p."""
    if fx == "faramir_rally":
        return max(players, key=lambda q: (sum(1 for c in T.characters(ctx, q) if ctx.card(c).get("committed")),
                                           q == p))
    if fx == "rain_of_arrows":
        return max(players, key=lambda q: (len(T.engaged_enemies(ctx, q)), q == p))
    if fx == "web_attach":
        return min(players, key=lambda q: (q != p, q))
    return p if p in players else max(players, key=lambda q: (len(T.engaged_enemies(ctx, q)), q == p))


def arnor_target(ctx: Ctx, p: str, enemies: list[str]) -> str:
    """Son of Arnor engages the enemy the party handles best: the weakest attacker."""
    return min(enemies, key=lambda e: (card_id(ctx, e) == "hummerhorns", att(ctx, e), hp_left(ctx, e)))


def arnor_worth_it(ctx: Ctx, p: str) -> bool:
    """Son of Arnor's engagement is worth taking when an enemy in the staging area
    hits for 2 or less (its threat leaves the quest, and it dies to the party)."""
    return any(att(ctx, e) <= 2 and card_id(ctx, e) != "hummerhorns" for e in staged_enemies(ctx))


def blade_target(ctx: Ctx, p: str, picks: list[str]) -> str:
    """Blade Mastery's character: an attacker of the attack it completes, else the
    defender it saves, else p's strongest."""
    s = C.strike(ctx)
    if s and s.get("attackers"):
        mine = [c for c in s["attackers"] if c in picks]
        if mine:
            return mine[0]
    d = C.attack(ctx).get("defender")
    if d in picks:
        return str(d)
    return strongest(ctx, [u for u in picks if T.controller(ctx, u) == p] or picks, "attack")


GIFT_THREAT_HIGH = 42
"""From this threat Gandalf lowers it by 5 whatever else he could do: 50 eliminates."""
GIFT_THREAT = 36
"""From this threat Gandalf lowers it rather than draw (past the engagement costs of
the Beastmaster and Chieftain Ufthak, 35)."""


def gandalf_gift(ctx: Ctx, p: str, legal: list[str]) -> str:
    """Kill an enemy with the 4 damage if one dies (the hardest hitter); lower the
    threat when it runs high; else draw."""
    kills = [i for i in legal if i.startswith("mode:") and uid_of(i) in ctx.state.cards
             and ctx.kind(uid_of(i)) == "enemy" and hp_left(ctx, uid_of(i)) <= 4]
    if T.threat(ctx, p) >= GIFT_THREAT_HIGH and "mode:threat" in legal:
        return "mode:threat"
    if kills:
        return max(kills, key=lambda i: (card_id(ctx, uid_of(i)) == T.SPAWN and need_spawn_dead(ctx),
                                         att(ctx, uid_of(i))))
    if T.threat(ctx, p) >= GIFT_THREAT and "mode:threat" in legal:
        return "mode:threat"
    return "mode:draw" if "mode:draw" in legal else ("mode:threat" if "mode:threat" in legal else legal[0])


# -- responses and payments ------------------------------------------------------------------------------

def waiting_trigger(ctx: Ctx) -> dict:
    """The response being offered: the next trigger waiting to resolve."""
    st = ctx.state
    if not st.triggers:
        return {}
    return st.triggers[st.trigger_next or 0] if (st.trigger_next or 0) < len(st.triggers) else st.triggers[0]


def use_it(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    """Use a response when it can be paid; Swift Strike only when its 2 damage destroys the
    attacker or the attacker hits hard (3 or more); Son of Arnor's engagement only
    when a weak enemy waits in the staging area (`arnor_worth_it`)."""
    if "use" not in legal:
        return ["decline"]
    t = waiting_trigger(ctx)
    src = t.get("source")
    if src in ctx.state.cards and card_id(ctx, src) == "swift-strike":
        e = (t.get("event") or {}).get("enemy")
        if e in ctx.state.cards and not (hp_left(ctx, e) <= 2 or att(ctx, e) >= 3):
            return ["decline"]
    if src in ctx.state.cards and card_id(ctx, src) == "son-of-arnor" and not arnor_worth_it(ctx, d.player):
        return ["decline"]
    return ["use"]


def payment(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    """Pay so that Aragorn keeps 1 resource for his ready after committing, then from
    the fullest pools (the ways of the cost of the card being paid for)."""
    fx, src = resolving(ctx)
    cost = ctx.game.effect(fx).cost(ctx, AbilityUse(src, d.player, None)) if fx and src in ctx.state.cards else None
    ways = cost.splits(ctx, d.player) if isinstance(cost, SphereCost) else []
    splits = [i for i in legal if i.startswith("split:") and int(uid_of(i)) < len(ways)]
    if not splits:
        return legal[:1]

    def score(i: str) -> tuple[bool, int]:
        way = ways[int(uid_of(i))]
        left = {h: T.resources(ctx, h) - way.get(h, 0) for h in T.heroes(ctx, d.player)}
        keeps = all(left[h] >= 1 for h in left if card_id(ctx, h) == "aragorn")
        return keeps, -max(left.values(), default=0)
    return [max(splits, key=score)]
