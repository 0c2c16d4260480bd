"""Setting up: which heroes make the deck (player count, variant, custom deck,
hand size) and the deal (hands and graveyard, or the two-player piles)."""

from __future__ import annotations

from tablekit.core import Ctx, Say, SetupError

from . import table as T


def id_list(text: str) -> list[str]:
    return [s.strip() for s in text.split(",") if s.strip()]


def deck_ids(gamedef, n: int, variant: str | None, options: dict) -> list[str]:
    """The card uids of this game's deck, in card-file order (before shuffling).
    Raises SetupError for an unknown hero in the custom-deck options."""
    known = gamedef.cards
    remove, add = id_list(options.get("remove", "")), id_list(options.get("add", ""))
    for cid in remove + add:
        if cid not in known:
            raise SetupError(f"LFG has no hero {cid!r}; heroes: {', '.join(known)}")
    whole = variant == T.CHAOS or (variant != T.TWO and n >= 5)
    out = []
    for cid, d in known.items():
        if cid in remove:
            continue
        copies = d.quantity if whole or cid in add else 1
        out += [f"{cid}#{k}" for k in range(1, min(copies, d.quantity) + 1)]
    return out


def check_deck(gamedef, n: int, variant: str | None, options: dict) -> None:
    deck = deck_ids(gamedef, n, variant, options)
    if variant == T.TWO:
        need = 3
        what = "the three piles"
    else:
        need = n * options.get("hand_size", 5) + 3
        what = f"{n} hands of {options.get('hand_size', 5)} and 3 for the graveyard"
    if len(deck) < need:
        raise SetupError(f"the deck holds {len(deck)} heroes, too few for {what} ({need})")


def build_deck(ctx: Ctx) -> Say:
    st = ctx.state
    n = len(ctx.players)
    uids = deck_ids(ctx.game, n, st.variant, st.options)
    for u in uids:
        ctx.move(u, T.DECK)
    ctx.shuffle(T.DECK)
    removed, added = id_list(st.options.get("remove", "")), id_list(st.options.get("add", ""))
    custom = ""
    if removed or added:
        custom = (f" Custom deck: {', '.join(removed) or 'nothing'} removed, a second copy of "
                  f"{', '.join(added) or 'nothing'} added.")
    if st.variant == T.TWO:
        return Say(f"Two-player mode: one copy of each hero, {len(uids)} heroes, is shuffled.{custom}",
                   rule=T.TWO_R)
    if st.variant == T.CHAOS:
        return Say(f"A little chaos: {n} players use the whole deck, both copies of every hero "
                   f"({len(uids)}), shuffled.{custom}", rule=T.LITTLE_CHAOS)
    if n >= 5:
        return Say(f"{n} players use the whole deck, both copies of every hero ({len(uids)}), "
                   f"shuffled.{custom}", rule=T.LARGE)
    return Say(f"{n} players use one copy of each hero: the second copies stay in the box and "
               f"{len(uids)} heroes are shuffled.{custom}", rule=T.CUSTOM if custom else T.SETUP)


def deal(ctx: Ctx) -> Say:
    st = ctx.state
    size = st.options.get("hand_size", 5)
    deck = ctx.zone(T.DECK)
    for _ in range(size):
        for p in ctx.players:
            ctx.move(deck[-1], T.hand(p))
    grave = []
    for _ in range(3):
        u = deck[-1]
        ctx.move(u, T.GRAVE)
        grave.append(u)
    aside = list(deck)
    for u in aside:
        ctx.move(u, T.ASIDE)
    small = (f" (a smaller hand than the usual five, as chosen: {T.LARGE})" if size < 5 else "")
    rule = T.LARGE if len(ctx.players) >= 5 or size < 5 else T.SETUP
    return Say(f"Each player is dealt {size} heroes{small}. {ctx.names(grave)} go face up into the "
               f"graveyard. {len(aside)} left over are set aside unseen for the whole game.", rule=rule)


# -- the two-player piles ----------------------------------------------------------

def deal_piles(ctx: Ctx) -> Say:
    deck = ctx.zone(T.DECK)
    for z in T.PILES:
        ctx.move(deck[-1], z)
    first = ctx.players[ctx.randbelow(2)]
    ctx.extra["drafter"] = first
    ctx.extra["pile"] = 0
    ctx.state.turn = first
    return Say(f"Three piles of one face-down hero each are dealt; {len(deck)} heroes stay in the "
               f"deck and the graveyard starts empty (ruling LFG-2P-GRAVE). A random draw picks {first} "
               "to draft first.", rule="LFG-2P-GRAVE")
