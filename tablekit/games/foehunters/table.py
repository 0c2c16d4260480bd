"""Foe Hunters: zone names, rule references and the small shared procedures
(drawing, hit points, XP, armor, enemy targets, how much damage an instance is)."""

from __future__ import annotations

from tablekit.core import Ctx, Say, seat_zone
from tablekit.core.words import plural

# -- rulebook sections (rule references) ----------------------------------------------------
SETUP = "Starting The Game"
FOE_PHASE = "How To Play: Foe Phase"
HERO_PHASE = "Hero Phase"
ARMOR_SEC = "Ready all of your Armor"
DRAW_SEC = "Draw 1 card"
ACTIONS = "During your turn, your Hero may do one of each of the following in any order"
CITY = "The City Deck"
BUYING = "Purchasing Cards and Experience"
PLAYING = "Playing Cards"
FEAT = "Using a Feat"
DAMAGE = "Taking & Assigning Damage"
ARMOR = "Armor"
INCAP = "Incapacitated"
FOE = "The Foe"
HAND = "Hand Size"
END = "End of Game"
POWER = "+1 Power or -1 Power"
SACRIFICE = "Sacrifice & Destroy"
VARIANTS = "Play Variants"

HEROES = ("paladin", "pathfinder", "necromancer", "forgemaster", "berserker", "elemancer")
FOES = ("cult", "keraxis", "dragonspawn")
HAND_LIMIT = 7
CITY_ROW = 4
START_XP = 4

# -- zones -----------------------------------------------------------------------------------
BOX = "box"
CITY_DECK = "city/deck"
CITY_ROW_Z = "city/row"
CITY_DISCARD = "city/discard"
FOE_DECK = "foe/deck"
FOE_CARD = "foe/card"
FOE_PLAY = "foe/play"
FOE_RESOLVING = "foe/resolving"
FOE_DISCARD = "foe/discard"

DTYPES = ("melee", "fire", "cold", "air", "nature", "spirit")  # the damage types cards name


hero_zone = seat_zone("hero")
deck = seat_zone("deck")
hand = seat_zone("hand")
play = seat_zone("play")
discard = seat_zone("discard")
resolving = seat_zone("resolving")


# per-turn data, fresh as each hero turn begins (ctx.this("turn"))
PER_TURN = {"plays": 1, "feats": 1, "buys": 1, "swapped": False, "done": False}


def turn_data(ctx: Ctx) -> dict:
    return ctx.this("turn")


# -- heroes ----------------------------------------------------------------------------------

def hero_card(ctx: Ctx, p: str) -> str | None:
    row = ctx.zone(hero_zone(p))
    return next((u for u in row if ctx.kind(u) == "hero"), None)


def hero_name(ctx: Ctx, p: str) -> str:
    u = hero_card(ctx, p)
    return ctx.defn(u).faces[0].name if u else p


def is_incap(ctx: Ctx, p: str) -> bool:
    return bool(ctx.state.player(p).get("incap"))


def active_heroes(ctx: Ctx) -> list[str]:
    """The players whose hero is not incapacitated, in seat order."""
    return [p for p in ctx.players if not is_incap(ctx, p)]


def max_hp(ctx: Ctx, p: str) -> int:
    u = hero_card(ctx, p)
    base = ctx.defn(u).faces[0].fields.get("hp", 0) if u else 0
    return int(ctx.stat("max_hp", base, player=p))


def armor_total(ctx: Ctx, p: str) -> int:
    return int(ctx.stat("armor", 0, player=p, floor=0))


def armor_ready(ctx: Ctx, p: str) -> int:
    return max(armor_total(ctx, p) - ctx.counter(p, "armor_used"), 0)


def allies(ctx: Ctx, p: str) -> list[str]:
    return [u for u in ctx.zone(play(p)) if ctx.kind(u) == "ally"]


def n_players(ctx: Ctx) -> int:
    """P: the number of players, incapacitated ones included (R-138); 2 in solo (FH-SOLO-P)."""
    return len(ctx.players)


def gain_xp(ctx: Ctx, p: str, n: int) -> str:
    """A hero gains XP; an incapacitated hero gains none (R-126)."""
    if is_incap(ctx, p):
        return f"{p} is incapacitated and gains no XP"
    ctx.do("counter", player=p, key="xp", add=n)
    return f"{p} gains {n} XP ({ctx.counter(p, 'xp')})"


# -- drawing ---------------------------------------------------------------------------------

def draw(ctx: Ctx, p: str, n: int) -> tuple[list[str], str]:
    """Draw n cards; an empty deck is refilled from the shuffled discard pile only
    when a card must be drawn (R-087, R-088); with both empty, nothing (FH-EMPTY-DRAW).
    Returns the cards drawn and what happened, in words that name no hidden card."""
    got: list[str] = []
    notes: list[str] = []
    for _ in range(n):
        if not ctx.zone(deck(p)):
            pile = list(ctx.zone(discard(p)))
            if not pile:
                notes.append("the deck and the discard pile are empty, so no card is drawn "
                             "(ruling FH-EMPTY-DRAW)")
                break
            for u in pile:
                ctx.move(u, deck(p))
            ctx.shuffle(deck(p))
            notes.append(f"the deck is empty, so the discard pile ({plural(len(pile), 'card')}) is "
                         "shuffled into a new deck")
        u = ctx.zone(deck(p))[-1]
        ctx.move(u, hand(p))
        got.append(u)
    return got, "; ".join(notes)


def draw_say(ctx: Ctx, p: str, n: int, rule: str = DRAW_SEC) -> Say:
    got, note = draw(ctx, p, n)
    count = f"{len(got)} card" + ("" if len(got) == 1 else "s")
    tail = f" ({note})" if note else ""
    r = "FH-EMPTY-DRAW" if "FH-EMPTY-DRAW" in note else rule
    return Say(f"{p} draws {ctx.names(got) if got else 'nothing'}{tail}.", rule=r,
               public=f"{p} draws {count}{tail}.")


# -- the foe and enemy targets ---------------------------------------------------------------

def foe_card(ctx: Ctx) -> str | None:
    row = ctx.zone(FOE_CARD)
    return row[0] if row else None


def foe_face(ctx: Ctx):
    u = foe_card(ctx)
    return ctx.face(u) if u else None


def foe_phase(ctx: Ctx) -> int:
    u = foe_card(ctx)
    return ctx.card(u).get("face", 0) + 1 if u else 1


def card_hp(ctx: Ctx, uid: str) -> int | None:
    """The printed HP of a card's current face (None: it has none)."""
    face = ctx.face(uid)
    if face is not None:
        return face.fields.get("hp")
    return ctx.defn(uid).fields.get("hp")


def hp_left(ctx: Ctx, uid: str) -> int:
    return max((card_hp(ctx, uid) or 0) - ctx.card(uid).get("damage", 0), 0)


def vassals(ctx: Ctx) -> list[str]:
    return [u for u in ctx.zone(FOE_PLAY) if ctx.kind(u) == "vassal"]


def foe_targetable(ctx: Ctx) -> bool:
    """The foe can be damaged while its face has hit points (ruling FH-CULT-P1)."""
    u = foe_card(ctx)
    return u is not None and card_hp(ctx, u) is not None


def enemy_targets(ctx: Ctx, foe: bool = True) -> list[str]:
    """The enemy targets of a hero: the foe while it has HP, then the vassals (FH-TARGETS)."""
    out = [foe_card(ctx)] if foe and foe_targetable(ctx) else []
    return out + vassals(ctx)


def refused_targets(ctx: Ctx, foe: bool = True) -> list[tuple[str, str, str]]:
    """What a hero might aim at that is no enemy target of this effect, as (uid, why, ruling id
    or ""): the foe of a "non-foe enemy target" effect (R-109), and the foe whose face has no hit
    points (the Cult in phase 1, R-021, ruling FH-CULT-P1). A decision that picks an enemy target
    offers these as illegal, with the reason."""
    u = foe_card(ctx)
    if u is None:
        return []
    name = target_name(ctx, u)
    if not foe:
        return [(u, f"this effect needs a non-foe enemy target, and {name} is the foe itself (R-109)", "")]
    if not foe_targetable(ctx):
        return [(u, f"{name} has no hit points in phase {foe_phase(ctx)} (R-021), so it is no enemy target "
                 "(ruling FH-CULT-P1)", "FH-CULT-P1")]
    return []


def target_label(ctx: Ctx, t: str) -> str:
    if t in ctx.players:
        return f"{t} ({ctx.counter(t, 'hp')} HP)"
    name = ctx.name(t) if ctx.face(t) is None else ctx.face(t).name
    return f"{name} (no hit points)" if card_hp(ctx, t) is None else f"{name} ({hp_left(ctx, t)} HP left)"


def target_name(ctx: Ctx, t: str) -> str:
    if t in ctx.players:
        return t
    face = ctx.face(t)
    return face.name if face is not None else ctx.name(t)


def amount_for(ctx: Ctx, base: int, dealer: str | None, by: str, dtype: str | None, target: str,
               mark: bool = True, power: bool = True) -> int:
    """One instance's amount (ruling FH-POWER-MATH): the base, then the hero dealer's
    power (general and of this type), then "all X damage" effects (Dragon Fire), then
    Marked Target for a hero source; never below 0."""
    n = base
    ev = {"dtype": dtype, "target": target}
    if power and by == "hero" and dealer in ctx.players:
        n = ctx.stat("power", n, player=dealer, event=ev)
    n = ctx.stat("damage_all", n, event=ev)
    if mark and by == "hero" and ctx.extra.get("marked") == target:
        n += 1
    return max(int(n), 0)


def points(n: int) -> str:
    return f"{n} point" + ("" if n == 1 else "s")


def agree(n: int, one: str, many: str) -> str:
    """The verb (or word) that agrees with a count: agree(1, "remains", "remain")."""
    return one if n == 1 else many


def damage_words(n: int, dtype: str | None) -> str:
    return f"{n} {dtype} damage" if dtype else f"{n} damage"


def city_cost(ctx: Ctx, p: str, uid: str) -> int:
    """A city card's cost for this hero (ruling FH-COST): printed cost, 1 less with the
    hero's affinity (R-069), less any discount in effect; never below 0."""
    d = ctx.defn(uid)
    cost = d.fields.get("cost", 0)
    if d.fields.get("affinity") and d.fields["affinity"] == ctx.extra.get("heroes", {}).get(p):
        cost -= 1
    return int(ctx.stat("cost", cost, player=p, floor=0))


def refill_row(ctx: Ctx) -> list[str]:
    """Refill the city row to 4, only while it holds fewer (R-073); an empty city deck
    takes the shuffled city discard (FH-CITY-EMPTY)."""
    got = []
    while len(ctx.zone(CITY_ROW_Z)) < CITY_ROW:
        u = top_city(ctx)
        if u is None:
            break
        ctx.move(u, CITY_ROW_Z)
        got.append(u)
    return got


def top_city(ctx: Ctx) -> str | None:
    if not ctx.zone(CITY_DECK):
        pile = list(ctx.zone(CITY_DISCARD))
        if not pile:
            return None
        for u in pile:
            ctx.move(u, CITY_DECK)
        ctx.shuffle(CITY_DECK)
    return ctx.zone(CITY_DECK)[-1]
