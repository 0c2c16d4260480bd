"""The table of Creatures and Cards: zone names, card numbers, and the small
procedures the rules share (draw from the pile, kill a monster, discard)."""

from __future__ import annotations

from tablekit.core import Ctx, seat_zone
from tablekit.core.words import plural  # noqa: F401  (T.plural in the rules)

HAND_SIZE = 5
SUIT_SYMBOL = {"spades": "♠", "clubs": "♣", "hearts": "♥", "diamonds": "♦"}
HERO_ORDER = ("Fighter", "Wizard", "Priest", "Thief")  # ruling CC-FIRST

DECK, DISCARD, ASIDE, BOX = "deck", "discard", "aside", "box"


# hand(p), hero(p), ...: each player's zone of that kind (the core's seat_zone)
hand = seat_zone("hand")
hero = seat_zone("hero")
followers = seat_zone("followers")
treasure = seat_zone("treasure")
monsters = seat_zone("monsters")


def kind(ctx: Ctx, uid: str) -> str:
    return ctx.kind(uid)


def value(ctx: Ctx, uid: str) -> int:
    return ctx.defs[ctx.state.cards[uid]["card"]].fields["value"]


def of_kind(ctx: Ctx, zone: str, k: str) -> list[str]:
    """The cards of kind `k` lying loose in a zone (not on another card)."""
    cards = ctx.state.cards
    kinds = ctx.kinds
    out = []
    for u in ctx.state.zones[zone]:
        cs = cards[u]
        if kinds[cs["card"]] == k and "attached_to" not in cs:
            out.append(u)
    return out


def holds(ctx: Ctx, zone: str, k: str) -> bool:
    """Whether a card of kind `k` lies loose in a zone: `bool(of_kind(...))`, stopping at the first."""
    cards = ctx.state.cards
    kinds = ctx.kinds
    for u in ctx.state.zones[zone]:
        cs = cards[u]
        if kinds[cs["card"]] == k and "attached_to" not in cs:
            return True
    return False


def monsters_in_front(ctx: Ctx, p: str) -> list[str]:
    """The monsters in front of `p` (attack cards lying on them excluded)."""
    return of_kind(ctx, monsters(p), "monster")


def remaining(ctx: Ctx, uid: str) -> int:
    """What is left of a monster's or a follower's health: its value less its damage."""
    cs = ctx.state.cards[uid]  # value(ctx, uid), written out: the card's state is read once
    return ctx.defs[cs["card"]].fields["value"] - cs.get("damage", 0)


def attached(ctx: Ctx, uid: str) -> list[str]:
    cards = ctx.state.cards
    zone = ctx.zone_of(uid)
    return [u for u in ctx.zone(zone) if cards[u].get("attached_to") == uid]


def with_left(ctx: Ctx, uid: str) -> str:
    """'9♣' or '9♣ (4 left)' for a weakened monster or a covered follower."""
    return left_words(ctx, uid, remaining(ctx, uid))


def left_words(ctx: Ctx, uid: str, left: int) -> str:
    """`with_left`'s words for the card when it had `left` health left (taken
    before, so that words written later are those of that moment)."""
    if left != value(ctx, uid):
        return f"{ctx.name(uid)} ({left} left)"
    return ctx.name(uid)


def discard(ctx: Ctx, uid: str) -> None:
    """Put a card and everything lying on it on the discard pile."""
    ctx.move_all(attached(ctx, uid) + [uid], DISCARD, damage=None)


def fresh_turn() -> dict:
    """What a turn keeps track of: kills and treasure played for them, the other
    players given a monster, whether monster placing is over, hand discards owed.
    The game's `per_turn`: the engine puts a fresh copy in place as each turn begins."""
    return {"kills": 0, "rewarded": 0, "targets": [], "monsters_done": False, "hand_discard": 0,
            "absorb": 0, "covered": ""}


def had_left(ctx: Ctx, uid: str) -> str:
    """'10♥', or '10♥ (which had 5 health left)' for a weakened or covered card
    that leaves the table: its health before it went."""
    return had_words(ctx, uid, remaining(ctx, uid))


def had_words(ctx: Ctx, uid: str, left: int) -> str:
    """`had_left`'s words for the card when it had `left` health left (taken before)."""
    if left != value(ctx, uid):
        return f"{ctx.name(uid)} (which had {left} health left)"
    return ctx.name(uid)


def pile_exhausted(ctx: Ctx) -> bool:
    """No card can be taken any more: the draw pile is empty and there is no
    reshuffle to come (the second pile is in use, or nothing is discarded)."""
    return not ctx.state.zones[DECK] and (ctx.extra["pile"] == 2 or not ctx.state.zones[DISCARD])


def has_turn_left(ctx: Ctx, p: str) -> bool:
    """Whether `p` still has a turn to come after this one (in the last turns,
    only the players still to take theirs)."""
    final = ctx.extra["final"]
    return final is None or p in final


def strike_words(ctx: Ctx, q: str) -> tuple[str, str | None]:
    """What becomes of a monster just put in front of `q` (after this turn's
    counterattack, or in front of another player): it strikes in `q`'s next
    counterattack unless killed first, or, when `q` has no turn left, never
    (ruling CC-END). The words, and "CC-END" or None."""
    left = has_turn_left(ctx, q)
    return fate_words(q, left), None if left else "CC-END"


def fate_words(q: str, turn_left: bool) -> str:
    """`strike_words`'s words, from whether `q` had a turn left (taken before)."""
    if not turn_left:
        return f"{q} has no turn left, so it never strikes: it only stays in front of {q} to the end (ruling CC-END)"
    return f"unless it is killed first, it strikes {q}'s followers in {q}'s next counterattack"


def start_final_turns(ctx: Ctx) -> str:
    ctx.extra["final"] = list(ctx.players)
    return (" That was the last card of the second draw pile: once this turn is over, every "
            "player has one last turn with the cards in hand (ruling CC-END).")


def take_top(ctx: Ctx) -> tuple[str | None, str]:
    """The top card of the draw pile (the end of the list), reshuffling the
    discards once when the first pile is used up (ruling CC-RESHUFFLE).
    Returns (uid or None, a note for the explanation). The card is not moved."""
    deck = ctx.state.zones[DECK]
    if deck:
        return deck[-1], ""
    note = ""
    if ctx.extra["pile"] == 1:
        pile = list(ctx.zone(DISCARD))
        ctx.move_all(pile, DECK)
        ctx.shuffle(DECK)
        ctx.extra["pile"] = 2
        note = (f" The draw pile was used up, so the {len(pile)} discarded cards are shuffled "
                "into the second and last draw pile (ruling CC-RESHUFFLE).")
        if not deck:
            if ctx.extra["final"] is None:
                note += start_final_turns(ctx)
            return None, note
    if not deck:
        if ctx.extra["final"] is None:  # a position with the second pile already used up
            note += start_final_turns(ctx)
        return None, note
    return deck[-1], note


def after_take(ctx: Ctx) -> str:
    """Call after taking a card from the pile: starts the last turns when the
    second pile has just been used up."""
    if ctx.state.zones[DECK]:
        return ""
    if ctx.extra["pile"] == 2 and ctx.extra["final"] is None:
        return start_final_turns(ctx)
    return ""


def score(ctx: Ctx, p: str) -> int:
    """Treasure plus the health left on followers (ruling CC-COVER)."""
    t = sum(value(ctx, u) for u in of_kind(ctx, treasure(p), "treasure"))
    f = sum(remaining(ctx, u) for u in of_kind(ctx, followers(p), "follower"))
    return t + f
