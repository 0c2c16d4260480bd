"""Mirkwood's table: zone names, the decks, turn order, stats and the small
procedures every part of the rules shares (damage, progress, readying)."""

from __future__ import annotations

from tablekit.core import Ctx, seat_zone
from tablekit.core.words import listing, plural

BOX = "box"
QUEST_DECK = "quest_deck"
QUEST = "quest"
STAGE3 = "stage3_aside"
STAGING = "staging"
ACTIVE = "active_location"
ENC_DECK = "encounter_deck"
REVEALED = "revealed"
ENC_DISCARD = "encounter_discard"
SHADOW = "shadow"
ENC_ATTACH = "encounter_attachments"
VICTORY = "victory"
REMOVED = "removed"

THREAT_OUT = 50
HAND_SIZE = 6
SPAWN = "ungoliant-s-spawn"

# each player count's seats: the heroes and the spheres of the seat's deck (rulings MK-DECKS,
# MK-HEROES-MP). Solo plays the recommended trio with both spheres; two players split the
# Core Set by sphere; three and four players share the six heroes out (uniqueness at the
# table, point 134), each seat with its own copy of its spheres' cards. A seat whose heroes
# are of both spheres (the solo trio, Glóin and Gimli) takes both spheres' cards, so that
# each of its cards has a hero of its sphere to pay for it.
DECKS = {
    1: [(("aragorn", "theodred", "legolas"), ("leadership", "tactics"))],
    2: [(("aragorn", "theodred", "gloin"), ("leadership",)),
        (("gimli", "legolas", "thalin"), ("tactics",))],
    3: [(("aragorn", "theodred"), ("leadership",)),
        (("gloin", "gimli"), ("leadership", "tactics")),
        (("legolas", "thalin"), ("tactics",))],
    4: [(("aragorn", "theodred"), ("leadership",)),
        (("gimli", "legolas"), ("tactics",)),
        (("gloin",), ("leadership",)),
        (("thalin",), ("tactics",))],
}
# option allow_duplicate_heroes (a house rule, ruling MK-HEROES-MP): every seat plays the
# seed model's party
DUPLICATE_SEAT = DECKS[1][0]

# the two Core starter decks (the reference file's core_starter_decks), 30 cards each
STARTER_CARDS = {
    "leadership": {"guard-of-the-citadel": 3, "faramir": 2, "son-of-arnor": 2, "snowbourn-scout": 3,
                   "silverlode-archer": 2, "longbeard-orc-slayer": 2, "brok-ironfist": 1, "gandalf": 1,
                   "ever-vigilant": 2, "common-cause": 2, "for-gondor": 2, "sneak-attack": 2,
                   "valiant-sacrifice": 2, "grim-resolve": 1, "steward-of-gondor": 2, "celebrian-s-stone": 1},
    "tactics": {"veteran-axehand": 3, "gondorian-spearman": 3, "horseback-archer": 2, "beorn": 1, "gandalf": 1,
                "blade-mastery": 3, "rain-of-arrows": 2, "feint": 2, "quick-strike": 2, "thicket-of-spears": 2,
                "swift-strike": 1, "stand-together": 1, "blade-of-gondolin": 2, "citadel-plate": 2,
                "dwarven-axe": 2, "horn-of-gondor": 1},
}


def seat_party(players: int, seat: int, duplicates: bool = False) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A seat's heroes and the spheres of its deck (rulings MK-DECKS, MK-HEROES-MP)."""
    return DUPLICATE_SEAT if duplicates else DECKS[players][seat]


def deck_cards(players: int, seat: int, model: str,
               duplicates: bool = False) -> tuple[tuple[str, ...], dict[str, int] | tuple[str, ...]]:
    """A seat's heroes and its deck (rulings MK-DECKS, MK-HEROES-MP): with `starter`,
    card id -> copies of its spheres' starter deck(s) (both spheres: both, 60 cards);
    with `allies`, the spheres whose allies make the deck."""
    heroes, spheres = seat_party(players, seat, duplicates)
    if model == "allies":
        return heroes, spheres
    cards: dict[str, int] = {}
    for s in spheres:
        for cid, n in STARTER_CARDS[s].items():
            cards[cid] = cards.get(cid, 0) + n
    return heroes, cards


def copies_needed(players: int, model: str, duplicates: bool, ally_copies: dict[str, tuple[str, int]]) -> dict[str, int]:
    """How many copies of each player card the seats' decks take together, each seat
    with its own copy (ruling MK-HEROES-MP). `ally_copies`: ally id -> (sphere, copies
    in one Core Set), for the `allies` decks."""
    need: dict[str, int] = {}
    for seat in range(players):
        heroes, cards = deck_cards(players, seat, model, duplicates)
        for h in heroes:
            need[h] = need.get(h, 0) + 1
        if isinstance(cards, dict):
            for cid, n in cards.items():
                need[cid] = need.get(cid, 0) + n
        else:
            for cid, (sphere, n) in ally_copies.items():
                if sphere in cards:
                    need[cid] = need.get(cid, 0) + n
    return need


def point(n: int) -> str:
    """A rule point of the specification (section 1), as a record's rule."""
    return f"point {n}"


def zone(p: str, z: str) -> str:
    return f"{p}/{z}"


deck = seat_zone("deck")
hand = seat_zone("hand")
heroes_zone = seat_zone("heroes")
allies_zone = seat_zone("allies")
discard = seat_zone("discard")
engaged_zone = seat_zone("engaged")
out_zone = seat_zone("out")


# -- players ---------------------------------------------------------------------------------

def eliminated(ctx: Ctx, p: str) -> bool:
    return p in ctx.extra.get("eliminated", [])


def first_player(ctx: Ctx) -> str:
    return ctx.extra.get("first_player") or ctx.players[0]


def turn_order(ctx: Ctx) -> list[str]:
    """The active players clockwise from the first player (point 23, point 136)."""
    names = ctx.players
    first = first_player(ctx)
    i = names.index(first) if first in names else 0
    return [p for p in names[i:] + names[:i] if not eliminated(ctx, p)]


def threat(ctx: Ctx, p: str) -> int:
    return ctx.counter(p, "threat")


def controller(ctx: Ctx, uid: str) -> str | None:
    """Who controls a player card in play (None for encounter cards)."""
    z = ctx.zone_of(uid)
    owner = ctx.state.zone_info[z]["owner"]
    return owner


def engaged_with(ctx: Ctx, uid: str) -> str | None:
    z = ctx.zone_of(uid)
    if z.endswith("/engaged"):
        return z.split("/", 1)[0]
    return None


# -- cards -----------------------------------------------------------------------------------

def field(ctx: Ctx, uid: str, key: str, default=0):
    face = ctx.face(uid)
    if face is not None and key in face.fields:
        return face.fields[key]
    return ctx.defn(uid).fields.get(key, default)


def keywords(ctx: Ctx, uid: str) -> list[str]:
    return list(ctx.defn(uid).fields.get("keywords") or [])


def heroes(ctx: Ctx, p: str) -> list[str]:
    return list(ctx.zone(heroes_zone(p)))


def characters(ctx: Ctx, p: str) -> list[str]:
    return heroes(ctx, p) + list(ctx.zone(allies_zone(p)))


def all_characters(ctx: Ctx) -> list[str]:
    return [u for p in turn_order(ctx) for u in characters(ctx, p)]


def is_ready(ctx: Ctx, uid: str) -> bool:
    return not ctx.card(uid).get("exhausted")


def committed(ctx: Ctx) -> list[str]:
    return [u for u in all_characters(ctx) if ctx.card(u).get("committed")]


def enemies_in_play(ctx: Ctx) -> list[str]:
    out = [u for u in ctx.zone(STAGING) if ctx.kind(u) == "enemy"]
    for p in ctx.players:
        out += list(ctx.zone(engaged_zone(p)))
    return out


def engaged_enemies(ctx: Ctx, p: str) -> list[str]:
    return list(ctx.zone(engaged_zone(p)))


def stat(ctx: Ctx, uid: str, name: str, event: dict | None = None) -> int:
    """A card's current value of a stat: printed, then every modifier and lasting
    effect, never below 0 (point 4). The event carries the card, so a lasting effect
    filtered by the card (`if: {card.traits: Gondor}`) applies to the cards it names."""
    return int(ctx.stat(name, int(field(ctx, uid, name, 0) or 0), player=controller(ctx, uid), card=uid,
                        event={"card": uid, **(event or {})}, floor=0))


def victory_points(ctx: Ctx) -> int:
    """The victory points of the cards in the victory display (points 88, 130)."""
    return sum(int(ctx.defn(u).fields.get("victory", 0) or 0) for u in ctx.zone(VICTORY))


# traits and resource icons a card can gain (Steward of Gondor, Celebrían's Stone): each is a
# count read like a stat (`trait_gondor`, `icon_spirit`), above 0 while something grants it
GAINED_TRAITS = ("Gondor",)
SPHERES = ("leadership", "tactics", "spirit", "lore")


def gained_traits(ctx: Ctx, uid: str) -> list[str]:
    """The traits a card has from other cards (an attachment), beyond its printed ones."""
    printed = ctx.defn(uid).traits
    return [t for t in GAINED_TRAITS if t not in printed and ctx.stat(f"trait_{t.lower()}", 0, card=uid) > 0]


def traits(ctx: Ctx, uid: str) -> list[str]:
    """A card's traits: printed, and gained from attachments (point 6)."""
    return list(ctx.defn(uid).traits) + gained_traits(ctx, uid)


def gained_spheres(ctx: Ctx, uid: str) -> list[str]:
    """The resource icons a hero has from other cards, beyond his printed sphere."""
    printed = ctx.defn(uid).fields.get("sphere")
    return [s for s in SPHERES if s != printed and ctx.stat(f"icon_{s}", 0, card=uid) > 0]


def spheres(ctx: Ctx, uid: str) -> list[str]:
    """A hero's resource icons: his printed sphere, and any an attachment gives him."""
    printed = ctx.defn(uid).fields.get("sphere")
    return ([printed] if printed else []) + gained_spheres(ctx, uid)


def has_sphere(ctx: Ctx, uid: str, sphere: str) -> bool:
    """Whether a hero has a resource icon: `sphere in spheres(ctx, uid)`, reading only
    that sphere's count (a cost's payers ask this of every hero, often)."""
    if ctx.defn(uid).fields.get("sphere") == sphere:
        return True
    return sphere in SPHERES and ctx.stat(f"icon_{sphere}", 0, card=uid) > 0


def hp_left(ctx: Ctx, uid: str) -> int:
    return stat(ctx, uid, "hit_points") - int(ctx.card(uid).get("damage", 0))


def engagement(ctx: Ctx, uid: str) -> int:
    return int(field(ctx, uid, "engagement", 0))


def quest_points(ctx: Ctx, uid: str) -> int:
    return int(field(ctx, uid, "quest_points", 0))


def current_stage(ctx: Ctx) -> str | None:
    z = ctx.zone(QUEST)
    return z[-1] if z else None


def spawn_in_play(ctx: Ctx) -> bool:
    """Ungoliant's Spawn is in play as an enemy in the staging area or engaged, and
    while it lies face down as a shadow card (ruling MK-SPAWN-INPLAY)."""
    return any(ctx.defn(u).id == SPAWN for u in enemies_in_play(ctx) + list(ctx.zone(SHADOW)))


def resources(ctx: Ctx, uid: str) -> int:
    return int(ctx.card(uid).get("resources", 0))


def sphere_name(s: str) -> str:
    return s.capitalize()


def ready(ctx: Ctx, uid: str) -> None:
    if ctx.card(uid).get("exhausted"):
        ctx.do("exhaust", card=uid, exhausted=False)


def exhaust(ctx: Ctx, uid: str) -> None:
    if not ctx.card(uid).get("exhausted"):
        ctx.do("exhaust", card=uid, exhausted=True)


def draw(ctx: Ctx, p: str, n: int) -> tuple[list[str], str]:
    """Draw up to n cards; an empty deck gives nothing (ruling MK-EMPTY-DECK), and
    Enchanted Stream blocks every draw (ruling MK-ENCHANTED). Returns the cards
    and, when fewer came, why."""
    why = ctx.restricted("draw", player=p)
    if why:
        return [], f"{p} cannot draw: {ctx.name(ctx.zone(ACTIVE)[0])} is the active location (ruling MK-ENCHANTED)" \
            if ctx.zone(ACTIVE) else str(why)
    got = []
    for _ in range(n):
        pile = ctx.zone(deck(p))
        if not pile:
            break
        u = pile[-1]
        ctx.move(u, hand(p))
        got.append(u)
    short = "" if len(got) == n else f"{p}'s deck is empty, so {p} draws no more (ruling MK-EMPTY-DECK)"
    return got, short


def progress_words(n: int) -> str:
    return plural(n, "progress token")


def names_or_nobody(ctx: Ctx, uids: list[str], empty: str = "nobody") -> str:
    """The cards' names in a list ("Aragorn, Théodred and Legolas"); `empty` when there are none."""
    return listing([ctx.name(u) for u in uids], empty=empty)


def them(uids: list[str]) -> str:
    return "it" if len(uids) == 1 else "them"


# -- the score (point 130, ruling MK-SCORE) ------------------------------------------------------

def score_parts(ctx: Ctx) -> dict[str, int]:
    """The parts of the players' score when they win (lower is better): the final threat
    of each surviving player, the threat cost of each of their dead heroes (in their
    discard piles), the damage on their surviving heroes, the victory points in the
    victory display, and the rounds played (ruling MK-SCORE)."""
    alive = turn_order(ctx)
    return {"threat": sum(threat(ctx, p) for p in alive),
            "dead_heroes": sum(int(ctx.defn(u).fields.get("threat_cost", 0)) for p in alive
                               for u in ctx.zone(discard(p)) if ctx.kind(u) == "hero"),
            "damage": sum(int(ctx.card(u).get("damage", 0)) for p in alive for u in heroes(ctx, p)),
            "victory": victory_points(ctx),
            "rounds": ctx.count("Rounds")}


def core_score(parts: dict[str, int]) -> int:
    """The Core Set rulebook's score: without the rounds."""
    return parts["threat"] + parts["dead_heroes"] + parts["damage"] - parts["victory"]


def full_score(parts: dict[str, int]) -> int:
    """The score with the FAQ's 10 points per round played."""
    return core_score(parts) + 10 * parts["rounds"]


def score_words(ctx: Ctx) -> str:
    """The score sentence a win carries (ruling MK-SCORE)."""
    p = score_parts(ctx)
    return (f"Score {full_score(p)}, lower is better (ruling MK-SCORE): threat {p['threat']} + dead heroes' threat "
            f"costs {p['dead_heroes']} + damage on heroes {p['damage']} - victory points {p['victory']} + 10 per "
            f"round played ({plural(p['rounds'], 'round')}); the Core-only score, without the rounds, is "
            f"{core_score(p)}")
