"""The round: draft face down, reveal, end the round and pass the hands; the
two-player pile draft and party building."""

from __future__ import annotations

from tablekit.core import Ctx, Decision, Option, Say

from . import table as T
from .activation import activated, flags, queue_words

# -- one player's pick ------------------------------------------------------------

def skipping(ctx: Ctx) -> bool:
    return ctx.extra["skip"].get(ctx.player, 0) > 0


def skip_pick(ctx: Ctx) -> Say:
    p = ctx.player
    ctx.extra["skip"][p] -= 1
    if not ctx.extra["skip"][p]:
        del ctx.extra["skip"][p]
    if T.is_2p(ctx):
        return Say(f"{p} skips this draft pick, as an ability said, and adds no hero this round.",
                   rule=T.TWO_R)
    return Say(f"{p} skips this draft pick, as an ability said, and adds no hero this round; the hand, "
               "with every hero still in it, passes on as usual at the end of the round (ruling LFG-SKIP).",
               rule="LFG-SKIP")


def out_of_heroes(ctx: Ctx) -> bool:
    return not skipping(ctx) and not ctx.zone(T.hand(ctx.player))


def wait(ctx: Ctx) -> Say:
    p = ctx.player
    if T.is_2p(ctx):
        return Say(f"{p} has run out of heroes and waits while the other player plays out the rounds.",
                   rule=T.TWO_R)
    return Say(f"{p} is passed an empty hand (extra drafts made some hands run out early) and drafts "
               "nothing this round (ruling LFG-SHORT-HAND).", rule="LFG-SHORT-HAND")


def drafts_from_hand(ctx: Ctx, p: str) -> bool:
    """Whether p is asked to draft from their hand this round (the passing
    draft, no skip, a hero in hand)."""
    return not T.is_2p(ctx) and not ctx.extra["skip"].get(p, 0) and bool(ctx.zone(T.hand(p)))


def can_pick(ctx: Ctx) -> bool:
    return drafts_from_hand(ctx, ctx.player)


def ask_draft(ctx: Ctx) -> Decision | None:
    p = ctx.player
    h = ctx.zone(T.hand(p))
    if not h:
        return None
    opts = [Option(f"draft:{u}", f"Draft {T.describe(ctx, u)}") for u in h]
    return Decision(p, "Draft one hero from your hand; it goes face down into your party until everyone "
                    "has picked.", opts, kind="draft", secret=True)


def resolve_draft(ctx: Ctx, ids) -> Say:
    p = ctx.player
    uid = ids[0].split(":", 1)[1]
    ctx.move(uid, T.party(p), face_down=True)
    return Say(f"{p} drafts {ctx.name(uid)} and lays it face down in the party.", rule=T.TURN,
               public=f"{p} drafts a hero and lays it face down in the party.")


def two_player_pick(ctx: Ctx) -> bool:
    return T.is_2p(ctx) and not skipping(ctx) and bool(ctx.zone(T.hand(ctx.player)))


def put_forward(ctx: Ctx) -> Say:
    p = ctx.player
    uid = ctx.zone(T.hand(p))[0]
    ctx.move(uid, T.party(p), face_down=True)
    return Say(f"{p}'s next hero in draft order, {ctx.name(uid)}, is this round's pick; it waits face "
               "down for the reveal.", rule=T.TWO_R,
               public=f"{p}'s next hero in draft order is this round's pick; it waits face down.")


# -- reveal and the end of the round -----------------------------------------------------

def reveal(ctx: Ctx) -> Say:
    picks = []
    for p in ctx.players:
        for u in ctx.zone(T.party(p)):
            if ctx.card(u).get("face_down"):
                picks.append((p, u))
    ctx.extra["round_picks"] = []
    for _p, u in picks:
        ctx.card(u).pop("face_down", None)
        ctx.extra["round_picks"].append(u)
    since = len(ctx.state.triggers)
    for p, u in picks:
        ctx.do("drafted", card=u, player=p, **flags(ctx, u))
    new = activated(ctx, since)
    shown = "; ".join(f"{p}: {ctx.name(u)}" for p, u in picks) or "no picks"
    act = (f" Activated this round: {queue_words(ctx, new)}. They resolve by priority: extra draft, "
           "copy, protect, hurt, heal, recruit/swap, kill." if new else " No ability activates.")
    return Say(f"Every pick is turned face up together. {shown}.{act}", rule=T.TURN)


def end_round(ctx: Ctx) -> Say:
    # a protection is a lasting effect of the core that lasts until the end of
    # the round: the engine ends it when this pass of the round is done and
    # adds "...: that ends now." to this record (ruling LFG-PROTECT)
    ended = bool(T.protections(ctx))
    ctx.extra["round_picks"] = []
    if T.is_2p(ctx):
        return Say("The round is over; in the two-player mode each keeps their own hand.",
                   rule="LFG-PROTECT" if ended else T.TWO_R)
    names = ctx.players
    hands = {p: list(ctx.zone(T.hand(p))) for p in names}
    for i, p in enumerate(names):
        to = names[(i + 1) % len(names)]
        for u in hands[p]:
            ctx.move(u, T.hand(to))
    sizes = ", ".join(f"{p} → {names[(i + 1) % len(names)]} ({len(hands[p])})" for i, p in enumerate(names))
    return Say(f"The round is over: every hand passes to the next player ({sizes}).",
               rule="LFG-PROTECT" if ended else T.TURN)


def all_drafted(ctx: Ctx) -> bool:
    return not any(ctx.zone(T.hand(p)) for p in ctx.players)


# -- the two-player pile draft ---------------------------------------------------------------

def piles_done(ctx: Ctx) -> bool:
    return not ctx.zone(T.DECK) and not any(ctx.zone(z) for z in T.PILES)


def current_pile(ctx: Ctx) -> int:
    i = ctx.extra.get("pile", 0)
    while i < 3 and not ctx.zone(T.PILES[i]):
        i += 1
    return i


def later_pile(ctx: Ctx, i: int) -> int | None:
    for j in range(i + 1, 3):
        if ctx.zone(T.PILES[j]):
            return j
    return None


def ask_pile(ctx: Ctx) -> Decision | None:
    if piles_done(ctx):
        return None
    p = ctx.extra["drafter"]
    i = current_pile(ctx)
    cards = ctx.zone(T.PILES[i])
    names = ", ".join(ctx.name(u) for u in cards)
    deck = len(ctx.zone(T.DECK))
    opts = [Option(f"take:pile{i + 1}", f"Take pile {i + 1} ({len(cards)}: {names})")]
    label = f"Leave pile {i + 1}"
    if later_pile(ctx, i) is not None:
        opts.append(Option(f"leave:pile{i + 1}", label + (", add a deck card to it," if deck else "")
                           + f" and look at pile {later_pile(ctx, i) + 1}"))
    elif deck >= 2:
        opts.append(Option(f"leave:pile{i + 1}", label + ", add a deck card to it and take the top card "
                           "of the deck instead (ruling LFG-2P-ALLLEFT)"))
    else:
        opts.append(Option(f"leave:pile{i + 1}", label, False,
                           "this is the last pile and the deck cannot both top it up and give you a card, "
                           "so it must be taken (rulings LFG-2P-ALLLEFT, LFG-2P-EMPTY-DECK)",
                           rule="LFG-2P-ALLLEFT"))
    return Decision(p, f"Pile draft: you look at pile {i + 1}: {names}. Take it, or leave it.", opts,
                    kind="pile")


def resolve_pile(ctx: Ctx, ids) -> Say:
    p = ctx.extra["drafter"]
    verb, pile = ids[0].split(":")
    i = T.PILES.index(pile)
    deck = ctx.zone(T.DECK)
    other = next(q for q in ctx.players if q != p)
    if verb == "take":
        cards = list(ctx.zone(pile))
        for u in cards:
            ctx.move(u, T.hand(p))
        refill = ""
        rule = "LFG-PILE-ORDER" if len(cards) > 1 else T.TWO_R
        if deck:
            ctx.move(deck[-1], pile)
            refill = " One card from the deck refills the pile."
        else:
            refill = " The deck is empty, so the pile stays empty (ruling LFG-2P-EMPTY-DECK)."
            rule = "LFG-2P-EMPTY-DECK"
        ctx.extra["drafter"], ctx.extra["pile"] = other, 0
        ctx.state.turn = other
        return Say(f"{p} takes pile {i + 1} into hand, in its order from the first card dealt to the last "
                   f"(ruling LFG-PILE-ORDER), after the heroes already there: {ctx.names(cards)}.{refill} "
                   f"{other} drafts next.", rule=rule,
                   public=f"{p} takes pile {i + 1} ({T.plural(len(cards), 'hero', 'heroes')}) into hand."
                          f"{refill} {other} drafts next.")
    added = ""
    rule = T.TWO_R
    if deck:
        ctx.move(deck[-1], pile)
        added = " One card from the deck goes on top of it."
    else:
        added = " The deck is empty, so nothing is added (ruling LFG-2P-EMPTY-DECK)."
        rule = "LFG-2P-EMPTY-DECK"
    j = later_pile(ctx, i)
    if j is not None:
        ctx.extra["pile"] = j
        return Say(f"{p} leaves pile {i + 1}.{added} {p} looks at pile {j + 1}.", rule=rule)
    u = deck[-1]
    ctx.move(u, T.hand(p))
    ctx.extra["drafter"], ctx.extra["pile"] = other, 0
    ctx.state.turn = other
    return Say(f"{p} leaves the last pile too.{added} {p} takes the top card of the deck instead, "
               f"{ctx.name(u)} (ruling LFG-2P-ALLLEFT). {other} drafts next.", rule="LFG-2P-ALLLEFT",
               public=f"{p} leaves the last pile too.{added} {p} takes the top card of the deck instead "
                      f"(ruling LFG-2P-ALLLEFT). {other} drafts next.")
