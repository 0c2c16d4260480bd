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
    gone = set(remove) | set(no_death_removals(gamedef, remove))
    out = []
    for cid, d in known.items():
        if cid in gone:
            continue
        copies = d.quantity if whole or cid in add else 1
        out += [f"{cid}#{k}" for k in range(1, min(copies, d.quantity) + 1)]
    return out


NO_DEATH = ("Assassin", "WitchHunter")


def kills(d) -> bool:
    return any(ab.effect == "kill" for ab in d.abilities)


def no_death_removals(gamedef, remove: list[str]) -> list[str]:
    """Ruling LFG-NO-DEATH: a custom deck without the Assassin and the Witch
    Hunter is the rulebook's no-death game, so the stand-in heroes that kill
    leave with them (a printed hero is never removed this way)."""
    if not all(c in remove for c in NO_DEATH):
        return []
    return [cid for cid, d in gamedef.cards.items()
            if cid not in remove and d.stand_in and kills(d)]


def check_deck(gamedef, n: int, variant: str | None, options: dict) -> None:
    """Ruling LFG-SHORT-DECK: the hands are dealt in full first and the
    graveyard takes what is left (up to three); a deck that cannot fill every
    hand is refused."""
    deck = deck_ids(gamedef, n, variant, options)
    if variant == T.TWO:
        need = 3
        what = "the three piles"
    else:
        need = n * options.get("hand_size", 5)
        what = f"{n} hands of {options.get('hand_size', 5)} (ruling LFG-SHORT-DECK: choose a smaller hand_size)"
    if len(deck) < need:
        raise SetupError(f"the deck holds {T.plural(len(deck), 'hero', 'heroes')}, too few for {what} "
                         f"({need})")


def scoundrel_cards(ctx: Ctx) -> int:
    """Scoundrel cards in this game's deck: every card not left in the box
    (ruling LFG-SCOUNDREL-DECK)."""
    return sum(1 for u in ctx.state.cards
               if ctx.zone_of(u) != T.BOX and T.has(ctx, u, "scoundrel"))


def build_deck(ctx: Ctx) -> Say:
    st = ctx.state
    n = len(ctx.players)
    uids = deck_ids(ctx.game, n, st.variant, st.options)
    for u in uids:
        ctx.move(u, T.DECK)
    ctx.shuffle(T.DECK)
    removed, added = id_list(st.options.get("remove", "")), id_list(st.options.get("add", ""))
    custom = ""
    rule = None
    if removed or added:
        custom = (f" Custom deck: {', '.join(removed) or 'nothing'} removed, a second copy of "
                  f"{', '.join(added) or 'nothing'} added.")
        rule = T.CUSTOM
    also = no_death_removals(ctx.game, removed)
    if also:
        custom += (f" Without the Assassin and the Witch Hunter this is a no-death game, so the stand-in "
                   f"heroes that kill leave too: {', '.join(also)} (ruling LFG-NO-DEATH).")
        rule = "LFG-NO-DEATH"
    sc = sum(1 for u in uids if T.has(ctx, u, "scoundrel"))
    if sc <= 2:
        custom += (f" Only {sc} scoundrel {'card is' if sc == 1 else 'cards are'} left in the deck, so a "
                   "scoundrel win is impossible this game (ruling LFG-SCOUNDREL-DECK).")
        rule = rule or "LFG-SCOUNDREL-DECK"
    if st.variant == T.TWO:
        return Say(f"Two-player mode: one copy of each hero, {len(uids)} heroes, is shuffled.{custom}",
                   rule=rule or T.TWO_R)
    if st.variant == T.CHAOS and n >= 5:
        return Say(f"A little chaos with {n} players is the same game as without it: 5 to 7 players use "
                   f"the whole deck anyway, both copies of every hero ({len(uids)}), shuffled (ruling "
                   f"LFG-CHAOS-COUNT).{custom}", rule=rule or "LFG-CHAOS-COUNT")
    if st.variant == T.CHAOS:
        return Say(f"A little chaos: {n} players use the whole deck, both copies of every hero "
                   f"({len(uids)}), shuffled.{custom}", rule=rule or T.LITTLE_CHAOS)
    if n >= 5:
        return Say(f"{n} players use the whole deck, both copies of every hero ({len(uids)}), "
                   f"shuffled.{custom}", rule=rule or T.LARGE)
    passing = (" Two players with the ordinary passing draft: the hands go back and forth (ruling "
               "LFG-TWO-MODE)." if st.variant == T.PASSING else "")
    if passing:
        rule = rule or "LFG-TWO-MODE"
    return Say(f"{n} players use one copy of each hero: the second copies stay in the box and "
               f"{len(uids)} heroes are shuffled.{passing}{custom}", rule=rule or T.SETUP)


def deal(ctx: Ctx) -> Say:
    st = ctx.state
    size = st.options.get("hand_size", 5)
    deck = ctx.zone(T.DECK)
    for _ in range(size):
        for p in ctx.players:
            ctx.move(deck[-1], T.hand(p))
    grave = []
    for _ in range(3):
        if not deck:
            break
        u = deck[-1]
        ctx.move(u, T.GRAVE)
        grave.append(u)
    aside = list(deck)
    for u in aside:
        ctx.move(u, T.ASIDE)
    small = (f" (a smaller hand than the usual five, as chosen: {T.LARGE})" if size < 5 else "")
    rule = T.LARGE if len(ctx.players) >= 5 or size < 5 else T.SETUP
    if len(grave) == 3:
        gy = f"{ctx.names(grave)} go face up into the graveyard."
    else:
        rule = "LFG-SHORT-DECK"
        gy = ((f"Only {ctx.names(grave)} {'is' if len(grave) == 1 else 'are'} left for the graveyard"
               if grave else "No hero is left for the graveyard, which starts empty") +
              ": the deck is too small for the whole deal, so the hands are dealt in full first "
              "(ruling LFG-SHORT-DECK).")
    left = ("Nothing is left over to set aside." if not aside else
            f"{len(aside)} left over {'is' if len(aside) == 1 else 'are'} set aside unseen for the whole game.")
    return Say(f"Each player is dealt {T.plural(size, 'hero', 'heroes')}{small}. {gy} {left}", rule=rule)


# -- the two-player piles ----------------------------------------------------------

def deal_piles(ctx: Ctx) -> Say:
    deck = ctx.zone(T.DECK)
    for z in T.PILES:
        ctx.move(deck[-1], z)
    first = ctx.players[ctx.randbelow(2)]
    ctx.extra["drafter"] = first
    ctx.extra["pile"] = 0
    ctx.state.turn = first
    left = (f"{T.plural(len(deck), 'hero', 'heroes')} {'stays' if len(deck) == 1 else 'stay'} in the deck"
            if deck else "no hero is left in the deck")
    return Say(f"Three piles of one face-down hero each are dealt; {left} "
               f"and the graveyard starts empty (ruling LFG-2P-GRAVE). A random draw picks {first} "
               "to draft first.", rule="LFG-2P-GRAVE")
