"""The heuristic bot for Foe Hunters. It answers every decision of the game, the
party's included, from what its seat may see: its own hand, and what lies face up
(the city row, the cards in play, HP, XP, the foe card). It never looks at a deck.

Its plan for a turn: sacrifice a potion when it helps, buy the most useful card it
can afford (before playing, so the new card can be played at once), play the most
useful card in hand, use a feat unless Emberglow would burn it for more than the feat
is worth, then end the turn. Its weights follow a few rules of thumb (issue 44): damage
is what wins, so a hero far from danger strikes rather than shields; a shield, a heal or
a ward is worth the damage it really stops, times the danger of the hero it saves
(bot_threat); a blow that brings the foe's last face to 0 outweighs everything; with one
play a turn, drawing into a hand that already holds plays is worth little; a card bought
now keeps the worth it will have later. Damage goes first to a vassal it can finish off, then to
the foe (never to the dragonslayers who wound the foe, while phase 1 stands), then to
the vassal with the most to fear. Every number below is a rough weight, not a rule."""

from __future__ import annotations

from typing import Any

from tablekit.core import Ctx, Decision

from . import bot_threat as threat
from . import damage as D
from . import table as T

# The party a bot builds when it picks heroes: a tank first, then damage and support.
HERO_ORDER = ("paladin", "elemancer", "pathfinder", "berserker", "forgemaster", "necromancer")
SUPPORT = ("paladin", "forgemaster")
ALLY_OF_FOE = ("competing_dragonslayers", "rival_hunters")


def heuristic(ctx: Ctx, d: Decision) -> list[str] | None:
    legal = [o.id for o in d.legal]
    if not legal:
        return None
    answer = ANSWERS.get(d.kind)
    return answer(ctx, d, legal) if answer else None


# -- the numbers the bot weighs ------------------------------------------------------------

def hurt(ctx: Ctx, p: str) -> int:
    return T.max_hp(ctx, p) - ctx.counter(p, "hp")


def most_hurt(ctx: Ctx) -> str | None:
    standing = T.active_heroes(ctx)
    return max(standing, key=lambda q: (hurt(ctx, q), -ctx.players.index(q))) if standing else None


def lowest(ctx: Ctx) -> str | None:
    standing = T.active_heroes(ctx)
    return min(standing, key=lambda q: (ctx.counter(q, "hp"), ctx.players.index(q))) if standing else None


def emberglow_burns(ctx: Ctx) -> bool:
    """Whether the foe's face strikes a hero who uses a feat (read from the face's abilities)."""
    u = T.foe_card(ctx)
    if u is None:
        return False
    face = ctx.card(u).get("face", 0)
    return any(ab.on == "feat_used" and ab.face in (None, face) for ab in ctx.defn(u).abilities)


def threat_of(ctx: Ctx, u: str) -> float:
    """What a foe card in play costs the party each round it stays: its hits on every
    standing hero, and half of what it heals the foe."""
    heroes = len(T.active_heroes(ctx))
    v = 0.0
    for ab in ctx.defn(u).abilities:
        if ab.type != "trigger":
            continue
        n = (ab.args or {}).get("amount", 0)
        n = T.n_players(ctx) if n == "P" else int(n)
        if ab.effect == "foe_hit" and ab.on in ("foe_phase_start", "foe_phase_end"):
            v += n * heroes
        elif ab.effect == "foe_heal" and ab.on == "foe_phase_start":
            v += 0.5 * n
    return v


def last_face(ctx: Ctx) -> bool:
    """The foe shows its last face (phase 2): damage to it now wins the game."""
    return T.foe_phase(ctx) >= 2


def hit_value(ctx: Ctx, t: str, amount: int) -> float:
    """Rules of thumb for one instance of our damage on an enemy target:
    * on the foe's last face every point brings the win closer (1.3 a point), and damage
      that brings it to 0 wins the game, which outweighs anything else (+50);
    * on a vassal only the points it can take count, and destroying it is worth its XP for
      every hero and two rounds of the harm it would do (its threat), so a blow that
      finishes a vassal beats a bigger blow that does not;
    * the dragonslayers who wound the foe in phase 1 are worth leaving alone."""
    if ctx.kind(t) == "foe":
        if last_face(ctx):
            return amount * 1.3 + (50.0 if amount >= T.hp_left(ctx, t) else 0.0)
        return float(amount)
    left = T.hp_left(ctx, t)
    if ctx.defn(t).id in ALLY_OF_FOE and T.foe_phase(ctx) == 1:
        return 0.1 * min(amount, left)
    v = 0.8 * min(amount, left)
    if amount >= left:
        xp = int(ctx.defn(t).fields.get("xp", 0))
        v += 1.5 + 2.0 * threat_of(ctx, t) + 0.3 * xp * len(T.active_heroes(ctx))
    return v


def deal_value(ctx: Ctx, p: str, args: dict[str, Any], bonus: int = 0, now: bool = True) -> float:
    """Damage as it would land now (power, marks and "all damage" effects counted, `bonus`
    for power the same card gives first). Not `now` (a card to buy or to keep for later):
    its printed amount at 0.8 a point, whatever is in play."""
    n = args.get("amount", 0)
    n = T.n_players(ctx) if n == "P" else int(n)
    mode = args.get("target")
    targets = T.enemy_targets(ctx, foe=mode != "non_foe")
    if not now:
        return 0.8 * (n + bonus) * (max(len(targets), 2) if mode == "each" else 1)
    if not targets:
        return 0.0
    types = [args.get("dtype")] + ([args["also"]] if args.get("also") else [])
    vals = [sum(hit_value(ctx, t, T.amount_for(ctx, n, p, "hero", dt, t) + bonus) for dt in types)
            for t in targets]
    return sum(vals) if mode == "each" else max(vals)


def damage_feat_ready(ctx: Ctx, p: str) -> bool:
    """Whether this hero still has a damage feat to use this turn (it gains from power)."""
    if ctx.player != p or T.turn_data(ctx).get("feats", 0) <= 0 or not T.enemy_targets(ctx):
        return False
    return any(ab.type == "action" and ab.window == "feat" and ab.effect in ("deal", "mark_target")
               for z in (T.hero_zone(p), T.play(p)) for u in ctx.zone(z) for ab in ctx.defn(u).abilities)


def effect_value(ctx: Ctx, p: str, effect: str, args: dict[str, Any], bonus: int = 0, now: bool = True) -> float:
    """What an effect is worth to the party now. Defence is counted as the damage it really
    stops, weighted by the danger of the hero it shields (bot_threat.danger), so a safe hero
    plays its attack instead of a shield it does not need."""
    if effect == "deal":
        return deal_value(ctx, p, args, bonus, now)
    if effect == "heal":
        n = int(args.get("amount", 0))
        heroes = [p] if args.get("target") == "self" else T.active_heroes(ctx)
        if not now:
            return 0.6 * n
        return max((min(n, hurt(ctx, q)) * threat.danger(ctx, q) for q in heroes), default=0.0)
    if effect == "draw":
        # one play a turn: cards drawn into a full hand wait for turns that may never come
        held = len(ctx.zone(T.hand(p)))
        return int(args.get("n", 1)) * (1.5 if held <= 2 else 0.4)
    if effect == "gain_xp":
        return 0.8 * int(args.get("n", 1))
    if effect == "gain_armor":
        n = int(args.get("n", 1))
        if not now:
            return 0.6 * n
        q = threat.most_endangered(ctx) if args.get("who") == "choose" else p
        return min(n, threat.incoming(ctx, q)) * threat.danger(ctx, q) if q else 0.0
    if effect == "power":
        who = args.get("who", "self")
        n = int(args.get("add", 1))
        if not now:
            return 0.6 * n
        if not T.enemy_targets(ctx):
            return 0.0
        if who == "party":
            return n * 1.0 * len(T.active_heroes(ctx))
        if who == "choose":
            return n * 1.5
        return n * (1.0 if damage_feat_ready(ctx, p) else 0.2)
    if effect == "ward":
        heroes = T.active_heroes(ctx) if args.get("who", "party") == "party" else [p]
        dt = args.get("dtype")
        if not now:
            main = threat.FOE_DTYPE.get(ctx.extra.get("foe", ""))
            return 2.5 * len(heroes) if dt == main else 0.3
        return sum(threat.incoming(ctx, q, dt) * threat.danger(ctx, q) for q in heroes)
    if effect == "lose_life":
        return -1.0 * int(args.get("n", 1)) * max(threat.danger(ctx, p), 0.5)
    if effect in ("steps", "foe_steps"):
        total, power = 0.0, 0
        for st in args.get("steps", []):
            a = st.get("args", {})
            total += effect_value(ctx, p, st.get("effect", ""), a, bonus + power, now)
            if st.get("effect") == "power" and a.get("who", "self") == "self" and not a.get("dtype"):
                power += int(a.get("add", 1))
        return total
    if effect == "trap":
        return 4.0
    if effect == "vault":
        return 2.0
    return 1.0


def card_value(ctx: Ctx, p: str, uid: str, now: bool = True) -> float:
    """How much a hero-side card is worth to this hero now (`now`), or to hold for later
    (not `now`: to buy, or to keep when the hand is too full). Cards that stay in play
    (equipment, allies, persistent abilities) count for every round they will serve."""
    d = ctx.defn(uid)
    v = 0.0
    for ab in d.abilities:
        if ab.type == "modifier":
            v += {"power": 3.0, "armor": 2.5, "max_hp": 0.7, "cost": 1.0}.get(ab.stat, 1.0) * (ab.add or 0) \
                * (0.6 if ab.stat == "power" and ab.when.get("dtype") else 1.0)
        elif ab.type == "trigger":
            v += 2.5
        elif ab.type == "action" and ab.window in ("play", "potion", "feat"):
            v += effect_value(ctx, p, ab.effect, ab.args or {}, now=now) * (0.6 if ab.window != "play" else 1.0)
    if d.kind == "ally":
        v += 0.6 * int(d.fields.get("hp", 0))
    if d.kind in ("equipment", "persistent") and "potion" not in d.traits:
        v += 1.0
    if d.fields.get("affinity") == ctx.extra.get("heroes", {}).get(p):
        v += 0.5
    return v


# -- the turn --------------------------------------------------------------------------------

def worth(ctx: Ctx, p: str, uid: str) -> float:
    """A card's worth to buy: played now, or held for a later turn (a damage card bought
    while the foe cannot be hurt yet still serves once it can)."""
    return max(card_value(ctx, p, uid), card_value(ctx, p, uid, now=False))


def action(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    p = d.player
    for i in legal:
        if i.startswith("sacrifice:") and potion_helps(ctx, p, i.split(":", 1)[1]):
            return [i]
    buys = [i for i in legal if i.startswith("buy:")]
    if buys:
        best = max(buys, key=lambda i: (worth(ctx, p, i[4:]), T.city_cost(ctx, p, i[4:]), i))
        if worth(ctx, p, best[4:]) > 1.0:
            return [best]
    plays = [i for i in legal if i.startswith("play:")]
    if plays:
        best = max(plays, key=lambda i: (card_value(ctx, p, i[5:]), i))
        if card_value(ctx, p, best[5:]) > 0:
            return [best]
    feats = [i for i in legal if i.startswith("feat:") and feat_useful(ctx, p, i)]
    if feats and (not emberglow_burns(ctx) or ctx.counter(p, "hp") > 8):
        return [feats[0]]
    return ["end"]


def feat_useful(ctx: Ctx, p: str, option: str) -> bool:
    """A feat worth its use now: damage needs a target; the Necromancer's needs an ally to
    bring back (in the discard pile, or in hand to discard); the Berserker's a card to spare
    or the health to bleed."""
    _, uid, index = option.split(":")
    ab = ctx.defn(uid).abilities[int(index)]
    if ab.effect in ("deal", "mark_target"):
        return bool(T.enemy_targets(ctx))
    if ab.effect == "raise_dead":
        return any(ctx.kind(u) == "ally" for u in ctx.zone(T.discard(p)) + ctx.zone(T.hand(p)))
    if ab.effect == "bloodlust":
        return ctx.counter(p, "hp") > 8 or any("rage" in ctx.defn(u).traits for u in ctx.zone(T.hand(p)))
    return True


def potion_helps(ctx: Ctx, p: str, uid: str) -> bool:
    for ab in ctx.defn(uid).abilities:
        if ab.window == "potion":
            if ab.effect == "heal":
                return hurt(ctx, p) >= int(ab.args.get("amount", 0))
            if ab.effect == "power":
                return any(ctx.kind(u) == "ability" for u in ctx.zone(T.hand(p)))
            return True
    return False


# -- targets and damage ----------------------------------------------------------------------

def target(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    ranked = sorted(legal, key=lambda i: target_rank(ctx, i.split(":", 1)[1]))
    return ranked[:max(d.min, 1)] if d.max > 1 else ranked[:1]


def target_rank(ctx: Ctx, t: str) -> tuple:
    """Lower is better: a vassal about to fall, then the foe, then the vassal that hurts most."""
    if t not in ctx.state.cards:
        return (9, t)
    if ctx.kind(t) == "foe":
        return (1, t)
    if ctx.defn(t).id in ALLY_OF_FOE and T.foe_phase(ctx) == 1:
        return (8, t)
    left = T.hp_left(ctx, t)
    if left <= 3:
        return (0, left, t)
    return (2, -len(ctx.defn(t).abilities), left, t)


def armor(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    """Exhaust as much ready armor as the instance can use: armor is readied every turn anyway."""
    return [max(legal, key=lambda i: int(i.split(":", 1)[1]))]


def trigger_order(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    """The order the rules list the waiting effects in: no order of these matters to the bot's plan."""
    return [legal[0]]


def split(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    """Divided damage: finish the weakest target, the rest to the next."""
    targets: list[str] = []
    for i in legal:
        t = i.split(":")[1]
        if t not in targets:
            targets.append(t)
    total = max(int(i.split(":")[2]) for i in legal)
    targets.sort(key=lambda t: target_rank(ctx, t))
    out, left = [], total
    for k, t in enumerate(targets):
        give = left if k == len(targets) - 1 else min(left, T.hp_left(ctx, t))
        out.append(f"split:{t}:{give}")
        left -= give
    return out


def help_party(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    dmg = [i for i in legal if i.startswith("help:damage:")]
    finish = [i for i in dmg if ctx.kind(i.split(":")[2]) == "vassal" and T.hp_left(ctx, i.split(":")[2]) <= 1]
    if finish:
        return [finish[0]]
    q = lowest(ctx)
    if q and hurt(ctx, q) and ctx.counter(q, "hp") <= 4 and f"help:heal:{q}" in legal:
        return [f"help:heal:{q}"]
    if dmg:
        return [min(dmg, key=lambda i: target_rank(ctx, i.split(":")[2]))]
    return [legal[0]]


# -- protecting the party ------------------------------------------------------------------

def martyr(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    dorin, t = d.player, next((i.split(":", 1)[1] for i in legal if i.startswith("martyr:")), None)
    if t is None:
        return ["decline"]
    return [f"martyr:{t}"] if D.martyr_pays(ctx, dorin, t) else ["decline"]


def redirect(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    allies = [i for i in legal if i.startswith("redirect:")]
    p = d.player
    if not allies:
        return ["take"]
    tanks = [i for i in allies if not ctx.defn(i.split(":", 1)[1]).abilities]
    pick = max(tanks or allies, key=lambda i: T.hp_left(ctx, i.split(":", 1)[1]))
    if tanks or ctx.counter(p, "hp") <= T.max_hp(ctx, p) // 2:
        return [pick]
    return ["take"]


def carry(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    allies = [i for i in legal if i != "carry:hero"]
    if allies and ctx.counter(d.player, "hp") <= T.max_hp(ctx, d.player) // 2:
        return [max(allies, key=lambda i: T.hp_left(ctx, i.split(":", 1)[1]))]
    return ["carry:hero"]


def heal(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    return [max(legal, key=lambda i: (hurt(ctx, i.split(":", 1)[1]), i))]


def hero(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    """A hero to help (armor to the weakest, power to the fighter), or a hero to play."""
    if all(i.split(":", 1)[1] in HERO_ORDER for i in legal):
        return [next(f"hero:{h}" for h in HERO_ORDER if f"hero:{h}" in legal)]
    if "power" in d.prompt:
        fighters = [i for i in legal if ctx.extra.get("heroes", {}).get(i.split(":", 1)[1]) not in SUPPORT]
        return [max(fighters or legal, key=lambda i: (ctx.counter(i.split(":", 1)[1], "hp"), i))]
    return [min(legal, key=lambda i: (ctx.counter(i.split(":", 1)[1], "hp"), i))]


# -- cards leaving the hand or play ----------------------------------------------------------

def cheapest(ctx: Ctx, p: str, ids: list[str], k: int) -> list[str]:
    """The k least useful cards; a RAGE card counts as useful to discard."""
    def worth(i: str) -> tuple:
        u = i.split(":", 1)[1]
        return (0 if "rage" in ctx.defn(u).traits else 1, card_value(ctx, p, u), i)
    return sorted(ids, key=worth)[:k]


def hand_limit(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    return cheapest(ctx, d.player, legal, d.min)


def sacrifice(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    return [min(legal, key=lambda i: (card_value(ctx, d.player, i.split(":", 1)[1]), i))]


def pay(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    """The Berserker's feat: discard a RAGE card, or bleed while healthy, or discard the least useful."""
    cards = [i for i in legal if i.startswith("discard:")]
    rage = [i for i in cards if "rage" in ctx.defn(i.split(":", 1)[1]).traits]
    if rage:
        return rage[:1]
    if ctx.counter(d.player, "hp") > 8 and "lose_life:2" in legal:
        return ["lose_life:2"]
    return cheapest(ctx, d.player, cards, 1) if cards else [legal[0]]


def raise_discard(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    """The Necromancer's feat: discard an ally to bring it straight back, or the least useful
    card when an ally waits in the discard pile; else discard nothing."""
    p = d.player
    cards = [i for i in legal if i.startswith("discard:")]
    allies = [i for i in cards if ctx.kind(i.split(":", 1)[1]) == "ally"]
    if allies:
        return [max(allies, key=lambda i: (int(ctx.defn(i.split(":", 1)[1]).fields.get("hp", 0)), i))]
    if cards and any(ctx.kind(u) == "ally" for u in ctx.zone(T.discard(p))):
        return cheapest(ctx, p, cards, 1)
    return ["none"] if "none" in legal else [legal[0]]


def return_ally(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    back = [i for i in legal if i.startswith("return:")]
    if not back:
        return ["none"]
    return [max(back, key=lambda i: (card_value(ctx, d.player, i.split(":", 1)[1]), i))]


# -- the party's decisions -------------------------------------------------------------------

def start(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    """Buffers first (their armor and power last until their next turn), else the first standing hero."""
    standing = [i for i in legal if not T.is_incap(ctx, i.split(":", 1)[1])]
    support = [i for i in standing if ctx.extra.get("heroes", {}).get(i.split(":", 1)[1]) in SUPPORT]
    return [(support or standing or legal)[0]]


def refresh(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    """Refresh a row card whose affinity matches no hero at the table, else none."""
    playing = set(ctx.extra.get("heroes", {}).values())
    for i in legal:
        if i.startswith("refresh:"):
            aff = ctx.defn(i.split(":", 1)[1]).fields.get("affinity")
            if aff and aff not in playing:
                return [i]
    return ["no_refresh"]


def foe(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    return ["foe:cult"] if "foe:cult" in legal else [legal[0]]


def rage(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    use = [i for i in legal if i.startswith("rage:")]
    return use[: max(d.max, 1)] if use else [legal[0]]


def maelstrom(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    return legal[: d.max]


def copy(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    copies = [i for i in legal if i.startswith("copy:")]
    return [min(copies, key=lambda i: target_rank(ctx, i.split(":", 1)[1]))] if copies else ["no_copy"]


ANSWERS = {"action": action, "armor": armor, "trigger_order": trigger_order, "target": target, "targets": target, "split": split, "help": help_party,
           "martyr": martyr, "redirect": redirect, "carry": carry, "heal": heal, "hero": hero,
           "hand": hand_limit, "sacrifice": sacrifice, "pay": pay, "discard": raise_discard,
           "return": return_ally, "start": start, "refresh": refresh, "foe": foe, "rage": rage,
           "maelstrom": maelstrom, "copy": copy}
