"""A simple heuristic bot for Mirkwood. It reads only what its seat may see (the
core hands it a seat view): the table, its own hand, public counters."""

from __future__ import annotations

from tablekit.core import AbilityUse, Ctx, Decision

from . import combat as C
from . import rules as R
from . import table as T
from .powers import SphereCost


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


def act_card(option_id: str) -> str:
    """The card of an "act:<card>:<ability>" option."""
    return option_id.split(":")[1]


def card_id(ctx: Ctx, uid: str) -> str:
    return ctx.defn(uid).id


def in_hand(ctx: Ctx, uid: str) -> bool:
    return ctx.zone_of(uid).endswith("/hand")


def plays_by_card(legal: list[str], ctx: Ctx) -> dict[str, str]:
    """card id -> one legal option playing or using a card of that id."""
    out: dict[str, str] = {}
    for i in legal:
        if i.startswith("act:"):
            out.setdefault(card_id(ctx, act_card(i)), i)
    return out


def window(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    """An action window: Steward of Gondor's resources whenever they come; in the
    planning turn an attachment worth its place, else the dearest ally; in the other
    windows, the first event whose moment has come (`EVENT_RULES`); else pass."""
    plays = plays_by_card(legal, ctx)
    steward = [i for i in legal if i.startswith("act:") and card_id(ctx, act_card(i)) == "steward-of-gondor"
               and not in_hand(ctx, act_card(i))]
    if steward:
        return steward[:1]
    allies = [i for i in legal if i.startswith("act:") and in_hand(ctx, act_card(i))
              and ctx.kind(act_card(i)) == "ally"]
    gear = [i for i in legal if i.startswith("act:") and in_hand(ctx, act_card(i))
            and ctx.kind(act_card(i)) == "attachment" and best_host(ctx, d.player, act_card(i)) is not None]
    if gear:
        return [max(gear, key=lambda i: ATTACHMENT_PRIORITY.get(card_id(ctx, act_card(i)), 0))]
    if allies:
        return [max(allies, key=lambda i: (int(ctx.defn(act_card(i)).fields.get("willpower", 0)),
                                           int(ctx.defn(act_card(i)).fields.get("cost", 0))))]
    for cid, rule in EVENT_RULES.items():
        if cid in plays and rule(ctx, d.player):
            return [plays[cid]]
    rally = plays.get("faramir")
    if rally and T.committed(ctx):      # after committing: +1 willpower to the questers
        return [rally]
    return ["pass"]


# -- attachments: where each goes (by card id) -----------------------------------------------------

ATTACHMENT_PRIORITY = {"steward-of-gondor": 5, "celebrian-s-stone": 4, "citadel-plate": 3, "dwarven-axe": 3,
                       "blade-of-gondolin": 2, "horn-of-gondor": 1}


def carried(ctx: Ctx, host: str) -> list[str]:
    """The card ids of the attachments on a card."""
    return [card_id(ctx, w) for p in ctx.players for w in ctx.zone(T.zone(p, "attachments"))
            if ctx.card(w).get("attached_to") == host]


def sphere_demand(ctx: Ctx, p: str) -> dict[str, int]:
    """The resources the cards in p's hand ask of each sphere."""
    need: dict[str, int] = {}
    for u in ctx.zone(T.hand(p)):
        f = ctx.defn(u).fields
        need[str(f.get("sphere", "neutral"))] = need.get(str(f.get("sphere", "neutral")), 0) + int(f.get("cost", 0))
    return need


def host_score(ctx: Ctx, p: str, attachment: str, h: str) -> tuple | None:
    """How good a hero is for this attachment (None: not worth it there)."""
    aid = card_id(ctx, attachment)
    have = carried(ctx, h)
    if aid in have or (aid in ("citadel-plate", "dwarven-axe", "blade-of-gondolin")
                       and sum(x in have for x in ("citadel-plate", "dwarven-axe", "blade-of-gondolin")) >= 2):
        return None
    mine = T.controller(ctx, h) == p
    if aid == "celebrian-s-stone":
        return (card_id(ctx, h) == "aragorn", mine, T.stat(ctx, h, "willpower"))
    if aid == "citadel-plate":
        return (mine, T.stat(ctx, h, "defense"), T.hp_left(ctx, h))
    if aid == "dwarven-axe":
        return ("Dwarf" in ctx.defn(h).traits, mine, T.stat(ctx, h, "attack"))
    if aid == "blade-of-gondolin":
        return (mine, T.stat(ctx, h, "attack"))
    if aid == "steward-of-gondor":
        need = sphere_demand(ctx, T.controller(ctx, h) or p)
        sphere = str(ctx.defn(h).fields.get("sphere", ""))
        return (mine, need.get(sphere, 0), card_id(ctx, h) == "aragorn")
    return (mine, T.stat(ctx, h, "willpower"))


def best_host(ctx: Ctx, p: str, attachment: str, hosts: list[str] | None = None) -> str | None:
    cands = hosts if hosts is not None else [h for q in ctx.players for h in T.heroes(ctx, q)]
    scored = [(host_score(ctx, p, attachment, h), h) for h in cands]
    scored = [(sc, h) for sc, h in scored if sc is not None]
    return max(scored)[1] if scored else None


# -- events: when each is worth playing (by card id) ------------------------------------------------

def phase_is(ctx: Ctx, name: str) -> bool:
    return ctx.phase() == name


def before_enemy_attacks(ctx: Ctx) -> bool:
    return phase_is(ctx, "Combat phase") and not ctx.extra.get("attacked") and not C.attack(ctx)


def ready_defenders(ctx: Ctx, p: str) -> list[str]:
    return [c for c in T.characters(ctx, p) if T.is_ready(ctx, c)]


def deadly(ctx: Ctx, p: str, e: str) -> bool:
    """This enemy's attack (one more for a shadow card) would kill a hero: no ready
    character of p survives defending it, and some hero would die taking it undefended."""
    att = T.stat(ctx, e, "attack") + 1
    if any(T.hp_left(ctx, c) > max(att - T.stat(ctx, c, "defense"), 0) for c in ready_defenders(ctx, p)):
        return False
    return min((T.hp_left(ctx, h) for h in T.heroes(ctx, p)), default=99) <= att or len(T.heroes(ctx, p)) <= 1


def worst_enemy(ctx: Ctx, p: str) -> str | None:
    row = T.engaged_enemies(ctx, p)
    return max(row, key=lambda e: T.stat(ctx, e, "attack")) if row else None


def feint_now(ctx: Ctx, p: str) -> bool:
    e = worst_enemy(ctx, p)
    return before_enemy_attacks(ctx) and e is not None and deadly(ctx, p, e)


def thicket_now(ctx: Ctx, p: str) -> bool:
    row = T.engaged_enemies(ctx, p)
    return before_enemy_attacks(ctx) and (any(deadly(ctx, p, e) for e in row) or len(row) >= 3)


def kill_gap(ctx: Ctx) -> int | None:
    """In a player attack whose attackers are declared: how much attack is missing
    to destroy the enemy (None outside one)."""
    s = C.strike(ctx)
    if not s or not s.get("attackers") or "strength" in s or not C.strike_on(ctx):
        return None
    e = s["enemy"]
    power = sum(T.stat(ctx, c, "attack") for c in s["attackers"] if C.in_play(ctx, c))
    return T.hp_left(ctx, e) + T.stat(ctx, e, "defense") - power


def blade_now(ctx: Ctx, p: str) -> bool:
    gap = kill_gap(ctx)
    if gap is not None:
        return gap == 1
    a = C.attack(ctx)
    dfd = a.get("defender") if a and C.attack_on(ctx) else None
    if dfd and not a.get("damaged") and T.controller(ctx, dfd) == p:
        hit = C.attack_strength(ctx) - T.stat(ctx, dfd, "defense")
        return hit == T.hp_left(ctx, dfd)       # +1 defense saves it
    return False


def for_gondor_now(ctx: Ctx, p: str) -> bool:
    gap = kill_gap(ctx)
    return gap is not None and 0 < gap <= len(C.strike(ctx)["attackers"])


def sneak_now(ctx: Ctx, p: str) -> bool:
    """With Gandalf in hand, at the start of the quest: he quests for 4 and gives his gift."""
    gandalf = [u for u in ctx.zone(T.hand(p)) if card_id(ctx, u) == "gandalf"]
    return bool(gandalf) and phase_is(ctx, "Quest phase") and not T.committed(ctx) and \
        not any(ctx.card(c).get("committed") for c in T.characters(ctx, p))


def killable(ctx: Ctx, e: str, n: int) -> bool:
    return T.hp_left(ctx, e) <= n


def rain_now(ctx: Ctx, p: str) -> bool:
    return before_enemy_attacks(ctx) and any(killable(ctx, e, 1) for e in T.engaged_enemies(ctx, p))


def quick_pair(ctx: Ctx, p: str) -> tuple[str, str] | None:
    """A ready character of p that alone destroys an enemy it may attack (the strongest such enemy)."""
    best = None
    for c in ready_defenders(ctx, p):
        foes = T.engaged_enemies(ctx, p) if "Ranged" not in T.keywords(ctx, c) else C.all_engaged(ctx)
        for e in foes:
            if T.stat(ctx, c, "attack") - T.stat(ctx, e, "defense") >= T.hp_left(ctx, e):
                score = (T.stat(ctx, e, "attack"), -T.stat(ctx, c, "defense"))
                if best is None or score > best[0]:
                    best = (score, (c, e))
    return best[1] if best else None


def quick_now(ctx: Ctx, p: str) -> bool:
    return before_enemy_attacks(ctx) and quick_pair(ctx, p) is not None


def vigilant_now(ctx: Ctx, p: str) -> bool:
    return before_enemy_attacks(ctx) and bool(T.engaged_enemies(ctx, p)) and any(
        ctx.kind(c) == "ally" and not T.is_ready(ctx, c) for c in T.characters(ctx, p))


def grim_now(ctx: Ctx, p: str) -> bool:
    tired = [c for c in T.characters(ctx, p) if not T.is_ready(ctx, c)]
    return before_enemy_attacks(ctx) and bool(T.engaged_enemies(ctx, p)) and len(tired) >= 3


def cause_pair(ctx: Ctx, p: str) -> tuple[str, str] | None:
    """A ready hero of p worth less in combat than an exhausted one (to swap them)."""
    ready = [h for h in T.heroes(ctx, p) if T.is_ready(ctx, h)]
    tired = [h for q in ctx.players for h in T.heroes(ctx, q) if not T.is_ready(ctx, h)]
    if not ready or not tired:
        return None
    worth = lambda h: T.stat(ctx, h, "attack") + T.stat(ctx, h, "defense")  # noqa: E731
    low, high = min(ready, key=worth), max(tired, key=worth)
    return (low, high) if worth(high) > worth(low) + 1 else None


def cause_now(ctx: Ctx, p: str) -> bool:
    return before_enemy_attacks(ctx) and bool(T.engaged_enemies(ctx, p)) and cause_pair(ctx, p) is not None


def stand_now(ctx: Ctx, p: str) -> bool:
    """An attack on p that no single ready character survives, but two together do."""
    a = C.attack(ctx)
    if not a or not C.attack_on(ctx) or a.get("declared") or a["player"] != p:
        return False
    att = C.attack_strength(ctx) + 1
    ready = sorted(ready_defenders(ctx, p), key=lambda c: -T.stat(ctx, c, "defense"))
    if any(T.hp_left(ctx, c) > att - T.stat(ctx, c, "defense") for c in ready) or len(ready) < 2:
        return False
    return att - T.stat(ctx, ready[0], "defense") - T.stat(ctx, ready[1], "defense") < max(
        T.hp_left(ctx, ready[0]), T.hp_left(ctx, ready[1]))


EVENT_RULES = {"feint": feint_now, "thicket-of-spears": thicket_now, "quick-strike": quick_now,
               "rain-of-arrows": rain_now, "blade-mastery": blade_now, "for-gondor": for_gondor_now,
               "sneak-attack": sneak_now, "ever-vigilant": vigilant_now, "common-cause": cause_now,
               "grim-resolve": grim_now, "stand-together": stand_now}
"""When the heuristic plays each event (by card id): only when it does something
worth its card (never wasted)."""


# -- an effect asks: answered by the effect resolving (the top of the public stack) -------------

def resolving(ctx: Ctx) -> tuple[str, str]:
    """The effect now asking and its card: the top effect frame of the resolution stack."""
    for f in reversed(ctx.stack):
        if "fx" in f:
            return str(f["fx"]), str(f.get("src") or "")
    return "", ""


def ids_of(legal: list[str], prefix: str) -> list[str]:
    return [uid_of(i) for i in legal if i.startswith(prefix + ":")]


def strongest(ctx: Ctx, cards: list[str], *stats: str) -> str:
    return max(cards, key=lambda u: tuple(T.stat(ctx, u, s) for s in stats))


def effect(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    fx, src = resolving(ctx)
    p = d.player
    heroes, picks = ids_of(legal, "hero"), ids_of(legal, "pick")
    readies, targets_, players = ids_of(legal, "ready"), ids_of(legal, "target"), ids_of(legal, "player")
    if fx == "play_attachment" and heroes:
        return [f"hero:{best_host(ctx, p, src, heroes) or heroes[0]}"]
    if fx == "play_attachment" and picks:     # a third Restricted: shed the cheapest
        return [f"pick:{min(picks, key=lambda u: int(ctx.defn(u).fields.get('cost', 0)))}"]
    if fx == "sneak_attack" and picks:
        return [f"pick:{max(picks, key=lambda u: (card_id(ctx, u) == 'gandalf', int(ctx.defn(u).fields.get('cost', 0))))}"]
    if fx == "common_cause" and picks:
        pair = cause_pair(ctx, p)
        return [f"pick:{pair[0] if pair and pair[0] in picks else picks[0]}"]
    if fx == "quick_strike":
        pair = quick_pair(ctx, p)
        if ids_of(legal, "attacker"):
            ok = ids_of(legal, "attacker")
            return [f"attacker:{pair[0] if pair and pair[0] in ok else strongest(ctx, ok, 'attack')}"]
        if targets_:
            return [f"target:{min(targets_, key=lambda e: T.hp_left(ctx, e) + T.stat(ctx, e, 'defense'))}"]
    if fx == "feint" and targets_:
        mine = [e for e in targets_ if T.engaged_with(ctx, e) == p] or targets_
        return [f"target:{max(mine, key=lambda e: T.stat(ctx, e, 'attack'))}"]
    if players:
        most = max(players, key=lambda q: (len(T.engaged_enemies(ctx, q)), q == p))
        return [f"player:{p if p in players and fx != 'rain_of_arrows' else most}"]
    if fx == "blade_mastery" and picks:
        return [f"pick:{blade_target(ctx, p, picks)}"]
    if readies:
        return [f"ready:{strongest(ctx, readies, 'attack', 'defense')}"]
    if fx == "gandalf_gift":
        return [gandalf_gift(ctx, p, legal)]
    if d.default in legal:
        return [d.default]
    return legal[:max(d.min, 1)]


def blade_target(ctx: Ctx, p: str, picks: list[str]) -> str:
    s = C.strike(ctx)
    if s and s.get("attackers"):
        mine = [c for c in s["attackers"] if c in picks]
        if mine:
            return mine[0]
    dfd = C.attack(ctx).get("defender")
    if dfd in picks:
        return str(dfd)
    return strongest(ctx, [u for u in picks if T.controller(ctx, u) == p] or picks, "attack")


def gandalf_gift(ctx: Ctx, p: str, legal: list[str]) -> str:
    """Kill an enemy with the 4 damage if one dies; threat when it runs high; else draw."""
    kills = [i for i in legal if i.startswith("mode:") and uid_of(i) in ctx.state.cards
             and ctx.kind(uid_of(i)) == "enemy" and T.hp_left(ctx, uid_of(i)) <= 4]
    if kills:
        return max(kills, key=lambda i: T.stat(ctx, uid_of(i), "attack"))
    if T.threat(ctx, p) >= 38 and "mode:threat" in legal:
        return "mode:threat"
    return "mode:draw" if "mode:draw" in legal else ("mode:threat" if "mode:threat" in legal else legal[0])


def coming_attackers(ctx: Ctx, p: str) -> list[str]:
    """The enemies likely to attack this player this round: those engaged with him
    and those in the staging area that an engagement check would bring (engagement
    cost at or below his threat, plus a little for a failed quest)."""
    staged = [u for u in ctx.zone(T.STAGING) if ctx.kind(u) == "enemy" and T.engagement(ctx, u) <= T.threat(ctx, p) + 2]
    return list(T.engaged_enemies(ctx, p)) + staged


def keeper_score(ctx: Ctx, u: str) -> tuple:
    """How good a card is to keep home as a defender rather than send questing:
    defense and hit points count for it, willpower against it."""
    return (T.stat(ctx, u, "defense") * 2 + T.hp_left(ctx, u) - T.stat(ctx, u, "willpower") * 2,
            ctx.kind(u) == "ally")


def commit(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    """Quest with enough willpower to beat the staging area by a margin, keeping one
    defender home for each enemy likely to attack (Aragorn quests when he can ready
    himself, so he still defends)."""
    p = d.player
    need = R.staging_threat(ctx) + 4  # a card or two of threat is still to be revealed
    cards = [uid_of(i) for i in legal if ctx.defn(uid_of(i)).id != "faramir"]   # Faramir rallies instead
    home = [u for u in cards if not readies_after_commit(ctx, u)]
    n_keep = min(len(coming_attackers(ctx, p)), max(len(home) - 1, 0))
    keep = set(sorted(home, key=lambda u: keeper_score(ctx, u), reverse=True)[:n_keep])
    chosen, total = [], 0
    for u in sorted((u for u in cards if u not in keep), key=lambda u: -T.stat(ctx, u, "willpower")):
        if total >= need:
            break
        if T.stat(ctx, u, "willpower") > 0:
            chosen.append(u)
            total += T.stat(ctx, u, "willpower")
    return [f"commit:{u}" for u in chosen]


def readies_after_commit(ctx: Ctx, u: str) -> bool:
    """Aragorn with a resource in his pool readies himself after committing (his
    response), so he quests and still defends."""
    return card_id(ctx, u) == "aragorn" and T.resources(ctx, u) >= 1


def travel(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    places = [i for i in legal if i.startswith("travel:")]
    if not places:
        return ["no_travel"]
    return [max(places, key=lambda i: T.stat(ctx, uid_of(i), "threat"))]


SHADOW_MARGIN = 1      # a face-down shadow card often adds 1 attack


def defender(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    """Defend rather than leave an attack undefended (shadows punish undefended
    attacks): first a character who survives the attack with a shadow's +1, an ally
    before a hero; else the cheapest ally as a chump; else the hero who survives the
    bare attack; undefended only when nothing can defend."""
    att = C.attack_strength(ctx)
    picks = [uid_of(i) for i in legal if i.startswith("defend:")]
    if not picks:
        return ["undefended"] if "undefended" in legal else legal[:1]

    def taken(u: str, extra: int) -> int:
        return max(att + extra - T.stat(ctx, u, "defense"), 0)

    safe = [u for u in picks if T.hp_left(ctx, u) > taken(u, SHADOW_MARGIN)]
    if safe:
        best = min(safe, key=lambda u: (taken(u, SHADOW_MARGIN), ctx.kind(u) != "ally",
                                        T.stat(ctx, u, "willpower")))
        return [f"defend:{best}"]
    allies = [u for u in picks if ctx.kind(u) == "ally"]
    if allies:
        chump = min(allies, key=lambda u: (int(ctx.defn(u).fields.get("cost", 0) or 0), T.stat(ctx, u, "attack")))
        return [f"defend:{chump}"]
    hardy = [u for u in picks if T.hp_left(ctx, u) > taken(u, 0)]
    if hardy:
        return [f"defend:{min(hardy, key=lambda u: taken(u, 0))}"]
    return ["undefended"] if "undefended" in legal else [f"defend:{picks[0]}"]


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


def waiting_trigger(ctx: Ctx) -> dict:
    st = ctx.state
    if not st.triggers:
        return {}
    return st.triggers[st.trigger_next or 0] if (st.trigger_next or 0) < len(st.triggers) else st.triggers[0]


def use_it(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    """Use a response when it can be paid; Swift Strike only when its 2 damage destroys the
    attacker or the attacker hits hard (3 or more)."""
    if "use" not in legal:
        return ["decline"]
    t = waiting_trigger(ctx)
    src = t.get("source")
    if src in ctx.state.cards and card_id(ctx, src) == "swift-strike":
        e = (t.get("event") or {}).get("enemy")
        if e in ctx.state.cards and not (T.hp_left(ctx, e) <= 2 or T.stat(ctx, e, "attack") >= 3):
            return ["decline"]
    return ["use"]


def mulligan(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    """Keep a hand with at least two cards of cost 3 or less; else take the mulligan."""
    cheap = [u for u in ctx.zone(T.hand(d.player)) if int(ctx.defn(u).fields.get("cost", 0)) <= 3]
    return ["keep"] if len(cheap) >= 2 or "mulligan" not in legal else ["mulligan"]


def sentinel(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    """Defend for another player with a Sentinel that survives the attack."""
    att = C.attack_strength(ctx) + 1
    safe = [uid_of(i) for i in legal if i.startswith("defend:")
            and T.hp_left(ctx, uid_of(i)) > att - T.stat(ctx, uid_of(i), "defense")]
    return [f"defend:{strongest(ctx, safe, 'defense')}"] if safe else ["no_defend"]


def weakest_enemy(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    """Among tied enemies: the one that hits least hard."""
    cards = [i for i in legal if ":" in i and uid_of(i) in ctx.state.cards]
    if not cards:
        return [d.default] if d.default in legal else legal[:1]
    return [min(cards, key=lambda i: T.stat(ctx, uid_of(i), "attack"))]


def damage(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    """The defender that keeps the most hit points after the damage (Stand Together)."""
    cards = [i for i in legal if i.startswith("damage:")]
    if not cards:
        return legal[:1]
    return [max(cards, key=lambda i: T.hp_left(ctx, uid_of(i)))]


def default_or_first(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    return [d.default] if d.default in legal else legal[:max(d.min, 1)]


def first_legal(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    return legal[:1]


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


def web(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    return [next((i for i in legal if i.startswith("pay:")), legal[0])]


def trigger_order(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    """Théodred's resource before Aragorn's ready (Aragorn may then pay with it)."""
    theo = [o.id for o in d.legal if o.label.startswith("Théodred")]
    return theo[:1] or legal[:1]


BY_KIND = {"window": window, "commit": commit, "travel": travel, "defender": defender,
           "undefended": undefended_hero, "target": target, "attackers": attackers, "response-offer": use_it,
           "payment": payment, "web": web, "engage": lambda ctx, d, legal: ["no_engage"],
           "join": lambda ctx, d, legal: legal, "trigger_order": trigger_order, "effect": effect,
           "attacker": default_or_first, "mulligan": mulligan, "sentinel": sentinel, "engagement": weakest_enemy,
           "damage": damage, "shadow_tie": default_or_first}
"""Every decision kind Mirkwood asks, with the heuristic's rule for it."""
