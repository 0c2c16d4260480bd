"""What Mirkwood's heuristic bot reads off the table: option ids, card numbers and
a few forecasts of the round (the threat still to come, the enemies that will
attack a player, what a hero is worth). Everything here reads only what a seat may
see: the table, the player's own hand and public counters. A hidden card (a
face-down shadow card, a deck, another player's hand) is counted, never named: in
the seat's view such a card has a random identity."""

from __future__ import annotations

from tablekit.core import Ctx

from . import combat as C
from . import rules as R
from . import table as T

REVEAL_THREAT = 2
"""The threat one unrevealed encounter card is expected to add in staging: the
deck's 36 cards average 1.6, and a card with surge or a When Revealed costs more."""

HERO_WORTH = {"aragorn": 5, "gimli": 5, "legolas": 4, "gloin": 3, "thalin": 3, "theodred": 2}
"""How much each hero is worth to the party, for choosing who takes a blow: the
best defenders first, then the best attacker, then the others."""


def uid_of(option_id: str) -> str:
    return option_id.split(":", 1)[1]


def act_card(option_id: str) -> str:
    """The card of an "act:<card>:<ability>" option."""
    return option_id.split(":")[1]


def ids_of(legal: list[str], prefix: str) -> list[str]:
    """The cards of the legal options "<prefix>:<card>"."""
    return [uid_of(i) for i in legal if i.startswith(prefix + ":")]


def card_id(ctx: Ctx, uid: str) -> str:
    return ctx.defn(uid).id


def printed(ctx: Ctx, uid: str, key: str) -> int:
    """A printed number of a card (its cost, its threat cost), 0 when it has none."""
    return int(ctx.defn(uid).fields.get(key, 0) or 0)


def in_hand(ctx: Ctx, uid: str) -> bool:
    return ctx.zone_of(uid).endswith("/hand")


def hand(ctx: Ctx, p: str) -> list[str]:
    return list(ctx.zone(T.hand(p)))


def hand_ids(ctx: Ctx, p: str) -> list[str]:
    return [card_id(ctx, u) for u in ctx.zone(T.hand(p))]


_READ: dict = {}
"""The numbers read for the decision being made: a card's stat is worked out through
every modifier in play, and the rules of thumb ask for the same ones many times."""


def fresh() -> None:
    """Forget the numbers read for the last decision (`heuristic` calls it first)."""
    _READ.clear()


def stat(ctx: Ctx, u: str, name: str) -> int:
    """A card's current stat (`table.stat`), read once per decision."""
    key = (u, name)
    if key not in _READ:
        _READ[key] = T.stat(ctx, u, name)
    return _READ[key]


def hp_left(ctx: Ctx, u: str) -> int:
    return stat(ctx, u, "hit_points") - int(ctx.card(u).get("damage", 0))


def wp(ctx: Ctx, u: str) -> int:
    return stat(ctx, u, "willpower")


def att(ctx: Ctx, u: str) -> int:
    return stat(ctx, u, "attack")


def dfn(ctx: Ctx, u: str) -> int:
    return stat(ctx, u, "defense")


def is_hero(ctx: Ctx, u: str) -> bool:
    return ctx.kind(u) == "hero"


def ready_characters(ctx: Ctx, p: str) -> list[str]:
    return [c for c in T.characters(ctx, p) if T.is_ready(ctx, c)]


def worth(ctx: Ctx, u: str) -> float:
    """What losing a character costs the party: a hero far more than any ally (a hero
    lost is a sphere's resources gone for good), an ally its cost and its willpower."""
    if is_hero(ctx, u):
        return 40 + HERO_WORTH.get(card_id(ctx, u), 3) * 4
    return 2 + printed(ctx, u, "cost") + 2 * wp(ctx, u)


def hero_rank(ctx: Ctx, h: str) -> int:
    return HERO_WORTH.get(card_id(ctx, h), 3)


def players_left(ctx: Ctx) -> int:
    return len(T.turn_order(ctx))


def staging_threat(ctx: Ctx) -> int:
    return R.staging_threat(ctx)


def threat_to_beat(ctx: Ctx) -> int:
    """The staging area's threat now plus what the cards still to be revealed this
    round are expected to add (one card per player)."""
    return staging_threat(ctx) + REVEAL_THREAT * players_left(ctx)


def staged_enemies(ctx: Ctx) -> list[str]:
    return [u for u in ctx.zone(T.STAGING) if ctx.kind(u) == "enemy"]


def coming_attackers(ctx: Ctx, p: str) -> list[str]:
    """The enemies expected to attack p this round: those engaged with p, and those
    in the staging area that p's engagement check will bring (engagement cost at or
    below p's threat). With several players an enemy goes to the player whose threat
    reaches it first, the highest threat."""
    mine = list(T.engaged_enemies(ctx, p))
    for e in staged_enemies(ctx):
        if T.engagement(ctx, e) <= T.threat(ctx, p) and engager(ctx, e) == p:
            mine.append(e)
    return mine


def engager(ctx: Ctx, e: str) -> str | None:
    """The player an enemy in the staging area is expected to engage: the one with
    the highest threat at or above its engagement cost (ties: the first in turn order)."""
    cost = T.engagement(ctx, e)
    best = None
    for q in T.turn_order(ctx):
        if T.threat(ctx, q) >= cost and (best is None or T.threat(ctx, q) > T.threat(ctx, best)):
            best = q
    return best


def shadow_count(ctx: Ctx, e: str) -> int:
    """The face-down shadow cards an enemy holds (counted, never read)."""
    return sum(1 for s in C.shadows_of(ctx, e) if ctx.card(s).get("face_down"))


def stage_id(ctx: Ctx) -> str:
    s = T.current_stage(ctx)
    return card_id(ctx, s) if s else ""


def need_spawn_dead(ctx: Ctx) -> bool:
    """The Spawn's death is what the players wait for: on Don't Leave the Path! they
    win only by destroying Ungoliant's Spawn; on Beorn's Path, once its 10 progress
    are there, the Spawn in play is all that stops the win."""
    sid = stage_id(ctx)
    if sid == "ptm-3-dont-leave-the-path":
        return True
    if sid == "ptm-3-beorns-path":
        s = T.current_stage(ctx)
        return int(ctx.card(s).get("progress", 0)) >= T.quest_points(ctx, s) and \
            any(card_id(ctx, e) == T.SPAWN for e in T.enemies_in_play(ctx))
    return False

