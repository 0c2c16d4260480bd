"""The rules of Creatures and Cards as a flow of rule nodes.

Rule references name the rulebook's sections ("Game prep", "Player turn 4:
Attack", "Kings & Jokers", "Ending the game") or a ruling id of
docs/rulings/creatures.md.
"""

from __future__ import annotations

from tablekit.core import (
    PENDING,
    Ask,
    Ctx,
    Decision,
    ForEachPlayer,
    Later,
    Loop,
    Option,
    Pause,
    Say,
    Sequence,
    Step,
)

from . import table as T
from .powers import power_choices, start_power

PREP, DRAW, FOLLOW, MONST, ATTACK = ("Game prep", "Player turn 1: Draw", "Player turn 2: Followers",
                                     "Player turn 3: Monsters", "Player turn 4: Attack")
COUNTER, TREAS, DISC, END = ("Player turn 5: Counterattack", "Player turn 6: Treasure",
                             "Player turn 7: Discard", "Ending the game")
KJ = "Kings & Jokers"


# -- game prep -------------------------------------------------------------------

def deal_kings(ctx: Ctx) -> Say:
    kings = [u for u in ctx.zone(T.BOX) if ctx.kind(u) == "hero"]
    ctx.state.shuffle(kings)
    parts = []
    for p, k in zip(ctx.players, kings):
        ctx.move(k, T.hero(p))
        parts.append(f"{p} gets {ctx.name(k)}, the {ctx.defn(k)['hero']}")
    left = kings[len(ctx.players):]
    ctx.move_all(left, T.ASIDE)
    verb = "is" if len(left) == 1 else "are"
    aside = (f" The undealt {ctx.names(left)} {verb} set aside for the whole game, so no King is "
             "ever drawn or turned up (ruling CC-KINGS)." if left else "")
    return Say(f"The four Kings are shuffled and one is dealt to each player: {'; '.join(parts)}."
               f"{aside}", "CC-KINGS" if left else PREP)


def shuffle_deck(ctx: Ctx) -> Say:
    rest = list(ctx.zone(T.BOX))
    ctx.move_all(rest, T.DECK)
    ctx.shuffle(T.DECK)
    return Say(f"The other {len(rest)} cards (both Jokers included) are shuffled into the draw pile. "
               "Hands start empty: each player fills theirs to five at the start of their own turn "
               "(ruling CC-HANDS).", "CC-HANDS")


def first_player(ctx: Ctx) -> Say:
    heroes = {ctx.defn(ctx.zone(T.hero(p))[0])["hero"]: p for p in ctx.players}
    for h in T.HERO_ORDER:
        if h in heroes:
            first = heroes[h]
            break
    ctx.extra["first"] = first
    order = " → ".join(turn_order(ctx))
    if "Fighter" in heroes:
        return Say(f"Play begins with the Fighter, {first}, and goes clockwise: {order}.", PREP)
    return Say(f"Nobody was dealt the Fighter, so play begins with the first hero in the order "
               f"Fighter, Wizard, Priest, Thief: {first}, the {ctx.defn(ctx.zone(T.hero(first))[0])['hero']}. "
               f"Clockwise: {order} (ruling CC-FIRST).", "CC-FIRST")


def turn_order(ctx: Ctx) -> list[str]:
    names = ctx.players
    i = names.index(ctx.extra["first"])
    return names[i:] + names[:i]


# -- the turn ------------------------------------------------------------------------

def start_turn(ctx: Ctx) -> Say:
    """The turn begins. Its data (ctx.this("turn")) is fresh already: the engine puts
    the game's `per_turn` in place as each turn begins."""
    p = ctx.player
    final = ctx.extra["final"]
    if final is not None:
        final.remove(p)
        return Say(f"{p}'s last turn: the second draw pile is used up, so {p} plays with the cards "
                   f"in hand (ruling CC-END).", "CC-END")
    return Say(f"{p}'s turn begins; the seven steps follow in order.", "Player turn")


def draw(ctx: Ctx) -> Say:
    p = ctx.player
    h = ctx.zone(T.hand(p))
    need = T.HAND_SIZE - len(h)
    if ctx.extra["final"] is not None:
        return Say(f"{p} draws nothing: in the last turns everyone plays with the cards in hand "
                   "(ruling CC-END).", "CC-END")
    if need <= 0:
        return Say(f"{p} already holds {len(h)} cards and draws none.", DRAW)
    drawn, notes = [], ""
    deck, to = ctx.zone(T.DECK), T.hand(p)
    if len(deck) > need:  # the pile outlasts the draw: no reshuffle, no last card, nothing to note
        drawn = deck[:-need - 1:-1]  # the top card first
        ctx.move_all(drawn, to)
    else:
        for _ in range(need):
            uid, note = T.take_top(ctx)
            notes += note
            if uid is None:
                break
            ctx.move(uid, to)
            drawn.append(uid)
            notes += T.after_take(ctx)
    short = ""
    if len(drawn) < need:
        short = (f" The draw pile ran out after {len(drawn)}, so {p} holds {len(h)} "
                 "(ruling CC-END).")
    rule = "CC-RESHUFFLE" if "CC-RESHUFFLE" in notes else ("CC-END" if short or "CC-END" in notes else DRAW)
    n = T.plural(len(drawn), "card")
    # the cards are taken now; the words naming them are written when read (a card's name is
    # fixed for the game)
    return Say(Later(_drew_words, ctx, p, n, drawn, notes, short),
               rule, f"{p} brings the hand up to five: draws {n}.{notes}{short}")


# The words of the records, written when first read (see Later): each function takes what it
# names as arguments, taken at the step (the player, the cards, what can change about them:
# their health left, what was drawn or lost). `ctx` is passed explicitly, and only to look up
# what is fixed for the whole game: a card's name and face value by its uid (ctx.name,
# ctx.names, T.value, T.left_words, T.had_words read nothing else).

def _drew_words(ctx: Ctx, p: str, n: str, drawn: list[str], notes: str, short: str) -> str:
    return f"{p} brings the hand up to five: draws {n} ({ctx.names(drawn)}).{notes}{short}"


def _follower_played_words(ctx: Ctx, p: str, uid: str) -> str:
    return (f"{p} plays the follower {ctx.name(uid)} in front of them: "
            f"{T.value(ctx, uid)} health against monsters, and "
            f"{T.plural(T.value(ctx, uid), 'point')} at the end.")


def _monster_put_words(ctx: Ctx, p: str, c: str, q: str, left: bool) -> str:
    return f"{p} puts the monster {ctx.name(c)} ({T.value(ctx, c)} health) in front of {q}; {T.fate_words(q, left)}."


def _monster_kept_words(ctx: Ctx, p: str, c: str) -> str:
    return (f"{p} puts the monster {ctx.name(c)} ({T.value(ctx, c)} health) in front of "
            "themselves (a monster killed this turn earns a treasure).")


def _killed_words(ctx: Ctx, p: str, s: str, m: str, a: int, r: int) -> str:
    return (f"{p} attacks {T.left_words(ctx, m, r)} with {ctx.name(s)}: {a} is at "
            f"least {r}, so the monster is killed.")


def _weakened_words(ctx: Ctx, p: str, s: str, m: str, a: int, r: int) -> str:
    return (f"{p} attacks {T.left_words(ctx, m, r)} with {ctx.name(s)}: {a} is less "
            f"than {r}, so the monster is only weakened; the attack card lies on it and it "
            f"has {r - a} left for this turn's counterattack.")


Healths = list[tuple[str, int]]  # cards, each with its health left when the words were taken


def _strike_words(ctx: Ctx, p: str, ms: Healths, fs: Healths, M: int, F: int) -> str:
    mtxt = " + ".join(T.left_words(ctx, m, r) for m, r in ms)
    ftxt = " + ".join(T.left_words(ctx, f, r) for f, r in fs) or "no followers"
    return f"The monsters in front of {p} strike: {mtxt} = {M} against {ftxt} = {F}."


def _followers_lost_words(ctx: Ctx, fs: Healths) -> str:
    return f" Every follower is lost: {', '.join(T.had_words(ctx, f, r) for f, r in fs)}." if fs else ""


def _struck_exactly_words(ctx: Ctx, p: str, ms: Healths, fs: Healths, M: int, F: int) -> str:
    return (f"{_strike_words(ctx, p, ms, fs, M, F)}{_followers_lost_words(ctx, fs)} The monster points "
            "are used up exactly: no cards from hand are lost.")


def _struck_hand_words(ctx: Ctx, p: str, ms: Healths, fs: Healths, M: int, F: int, owed: str,
                       extra: str) -> str:
    return f"{_strike_words(ctx, p, ms, fs, M, F)}{_followers_lost_words(ctx, fs)} {owed} from hand.{extra}"


def _struck_owing_words(ctx: Ctx, p: str, ms: Healths, fs: Healths, M: int, F: int, owed: str) -> str:
    return f"{_strike_words(ctx, p, ms, fs, M, F)}{_followers_lost_words(ctx, fs)} {owed} from hand now."


def _absorb_words(ctx: Ctx, p: str, ms: Healths, fs: Healths, M: int, F: int) -> str:
    return (f"{_strike_words(ctx, p, ms, fs, M, F)} The followers outlast the monsters: {p} keeps "
            f"{T.plural(F - M, 'point')} of followers and loses {M}, choosing which followers "
            "take the blows and which monster card covers a follower that is only partly struck "
            "(\"keep that many points of follower cards and discard the rest\"; ruling CC-ABSORB "
            "only suggests an answer: the strongest follower covered where one can take every point, "
            "else the weakest first).")


def _monsters_gone_words(ctx: Ctx, p: str, ms: Healths) -> str:
    return (f"The counterattack is over: the monsters in front of {p} and any attack cards "
            f"on them go to the discard pile: {', '.join(T.had_words(ctx, m, r) for m, r in ms)}.")


def _discarded_words(ctx: Ctx, p: str, cards: list[str]) -> str:
    return f"{p} discards {ctx.names(cards)}."


# The words of the options, written when first read (see Option): the args are the
# cards, and what can change about them (their health left) taken when asked.

def _play_words(ctx: Ctx, u: str) -> str:
    return f"Play {ctx.name(u)} ({T.value(ctx, u)} health)"


def _put_words(ctx: Ctx, c: str, q: str, p: str) -> str:
    return f"Put {ctx.name(c)} ({T.value(ctx, c)}) in front of {'yourself' if q == p else q}"


def _attack_words(ctx: Ctx, s: str, m: str, left: int) -> str:
    return f"Attack {T.left_words(ctx, m, left)} with {ctx.name(s)} ({T.value(ctx, s)})"


def _attack_with_words(ctx: Ctx, s: str) -> str:
    return f"Attack with {ctx.name(s)} ({T.value(ctx, s)})"


def _attack_alone_words(ctx: Ctx, s: str) -> str:
    return f"Attack with {ctx.name(s)}"


def _lose_words(ctx: Ctx, f: str, r: int) -> str:
    return f"{T.left_words(ctx, f, r)} takes {r} and is lost"


def _part_words(ctx: Ctx, f: str, r: int, left: int) -> str:
    return f"{T.left_words(ctx, f, r)} takes the last {left} and is partly covered, keeping {r - left}"


def _cover_words(ctx: Ctx, f: str, m: str) -> str:
    return f"Cover {ctx.name(f)} with {ctx.name(m)}"


def _treasure_words(ctx: Ctx, u: str) -> str:
    return f"Play {ctx.name(u)} ({T.plural(T.value(ctx, u), 'point')})"


def _discard_words(ctx: Ctx, u: str) -> str:
    return f"Discard {ctx.name(u)}"


def ask_follower(ctx: Ctx) -> Decision | None:
    p = ctx.player
    hearts = T.of_kind(ctx, T.hand(p), "follower")
    if not hearts:
        return None
    opts = [Option(f"play:{u}", (_play_words, ctx, u)) for u in hearts]
    opts.append(Option("pass", "Play no follower"))
    return Decision(p, "Step 2: you may play one follower (a heart) in front of you.", opts,
                    kind="follower")


def resolve_follower(ctx: Ctx, ids) -> Say:
    p = ctx.player
    if ids == ("pass",):
        return Say(f"{p} plays no follower.", FOLLOW)
    uid = ids[0].split(":", 1)[1]
    ctx.move(uid, T.followers(p))
    # the card's name and value are fixed: the words are written when read (see Later)
    return Say(Later(_follower_played_words, ctx, p, uid), FOLLOW)


def ask_priest(ctx: Ctx) -> Decision | None:
    p = ctx.player
    opts = power_choices(ctx, "followers", p)
    if not opts:
        return None
    opts.append(Option("pass", "Use no Priest power this turn"))
    return Decision(p, "Priest: besides the follower, you may rescue a follower from the discard "
                    "pile or heal a covered follower.", opts, kind="priest")


def resolve_priest(ctx: Ctx, ids) -> Say:
    p = ctx.player
    if ids == ("pass",):
        return Say(f"{p} the Priest does not use the power this turn.", KJ)
    return start_power(ctx, "followers", p, ids[0])


def monsters_done(ctx: Ctx) -> bool:
    return ctx.this("turn")["monsters_done"] or not T.holds(ctx, T.hand(ctx.player), "monster")


def ask_monster(ctx: Ctx) -> Decision | None:
    p = ctx.player
    clubs = T.of_kind(ctx, T.hand(p), "monster")
    if not clubs:
        return None
    # "at most one on each other player" is a per-target limit of the player, not of an
    # ability (a card's `once_per: target` counts per card), so the turn's data keeps it
    given = ctx.this("turn")["targets"]
    players = ctx.players
    opts = []
    for c in clubs:
        for q in players:
            label = (_put_words, ctx, c, q, p)
            if q != p and q in given:
                opts.append(Option(f"monster:{c}:{q}", label, False,
                                   f"You already gave {q} a monster this turn: at most one on each "
                                   "other player (any number on yourself)."))
            else:
                opts.append(Option(f"monster:{c}:{q}", label))
    opts.append(Option("done", "Place no more monsters"))
    return Decision(p, "Step 3: you may put monsters (clubs) from your hand in front of players.",
                    opts, kind="monster")


def resolve_monster(ctx: Ctx, ids) -> Say:
    p = ctx.player
    data = ctx.this("turn")
    if ids == ("done",):
        data["monsters_done"] = True
        return Say(f"{p} places no more monsters.", MONST)
    _, c, q = ids[0].split(":")
    ctx.move(c, T.monsters(q))
    if q != p:
        data["targets"].append(q)
        left = T.has_turn_left(ctx, q)  # taken now: the words are written when read
        return Say(Later(_monster_put_words, ctx, p, c, q, left), MONST if left else "CC-END")
    return Say(Later(_monster_kept_words, ctx, p, c), MONST)


def ask_attack(ctx: Ctx) -> Decision | None:
    p = ctx.player
    spades = T.of_kind(ctx, T.hand(p), "attack")
    mine = T.monsters_in_front(ctx, p)
    n_cards = ctx.stat("attack_cards", 1, player=p)
    opts: list[Option] = []
    no_monster = "There is no monster in front of you to attack."
    if n_cards == 1:
        targets = [(m, T.remaining(ctx, m)) for m in mine]  # each monster's health left, taken once
        for s in spades:
            if not mine:
                opts.append(Option(f"attack:{s}", (_attack_alone_words, ctx, s), False, no_monster))
                continue
            for m, left in targets:
                opts.append(Option(f"attack:{s}:{m}", (_attack_words, ctx, s, m, left)))
    else:
        for s in spades:
            label = (_attack_with_words, ctx, s)
            opts.append(Option(f"attack:{s}", label) if mine else
                        Option(f"attack:{s}", label, False, no_monster))
    # the Wizard's mass attack, a Joker
    opts.extend(power_choices(ctx, "attack", p))
    if not opts:
        return None
    if n_cards == 1:
        opts.append(Option("pass", "Make no attack"))
        return Decision(p, "Step 4: you may play one attack (a spade) on a monster in front of you.",
                        opts, kind="attack")

    def check(ids) -> str | None:
        special = [i for i in ids if not i.startswith("attack:")]
        if special and len(ids) > 1:
            return ("A Joker or a mass attack replaces the whole attack: choose it alone, not with "
                    "a spade (ruling CC-JOKER-ALONE: a Joker is played \"instead of a spade\").")
        return None

    return Decision(p, f"Step 4: you may play up to {n_cards} attack cards (Fighter); their total is "
                    "weighed against all the monsters in front of you, and where it can be shared out "
                    "in more than one way, you choose how (ruling CC-FIGHTER). A Joker is played alone "
                    "(ruling CC-JOKER-ALONE). Choose none to skip.",
                    opts, min=0, max=n_cards, kind="attack", validate=check)


def resolve_attack(ctx: Ctx, ids) -> Say:
    p = ctx.player
    if not ids or ids == ("pass",):
        return Say(f"{p} makes no attack.", ATTACK)
    first = ids[0]
    if not first.startswith("attack:"):  # a power used instead of the attack
        return start_power(ctx, "attack", p, first)
    parts = first.split(":")
    if len(parts) == 3:  # one card against one chosen monster
        s, m = parts[1], parts[2]
        a, r = T.value(ctx, s), T.remaining(ctx, m)
        # the words name the monster as it was before the attack (r left), written when read
        if a >= r:
            T.discard(ctx, m)
            ctx.move(s, T.DISCARD)
            ctx.this("turn")["kills"] += 1
            return Say(Later(_killed_words, ctx, p, s, m, a, r), ATTACK)
        ctx.card(m)["damage"] = ctx.card(m).get("damage", 0) + a
        ctx.move(s, T.monsters(p), attached_to=m)
        return Say(Later(_weakened_words, ctx, p, s, m, a, r), ATTACK)
    # the Fighter's second card: the player's cards added up against all the monsters in front
    cards = [i.split(":", 1)[1] for i in ids]
    out = ctx.start("fighter_attack", source=ctx.zone(T.hero(p))[0], controller=p,
                    args={"cards": cards})
    return out.say if isinstance(out, Pause) else out  # the player shares the total out next


def has_monsters(ctx: Ctx) -> bool:
    return T.holds(ctx, T.monsters(ctx.player), "monster")


def counterattack(ctx: Ctx) -> Say:
    p = ctx.player
    # each card with its health left now: the words, written when read, say what struck
    ms = [(m, T.remaining(ctx, m)) for m in T.monsters_in_front(ctx, p)]
    fs = sorted(((f, T.remaining(ctx, f)) for f in T.of_kind(ctx, T.followers(p), "follower")),
                key=lambda fr: (fr[1], fr[0]))
    M = sum(r for _, r in ms)
    F = sum(r for _, r in fs)
    # the words: _strike_words, and _followers_lost_words where the followers are all lost
    if M >= F:
        for f, _ in fs:
            T.discard(ctx, f)
        over = M - F
        if over == 0:
            return Say(Later(_struck_exactly_words, ctx, p, ms, fs, M, F), COUNTER)
        h = list(ctx.zone(T.hand(p)))
        owed = (f"{T.plural(over, 'monster point')} {'remains' if over == 1 else 'remain'}, so"
                f" {p} must discard {T.plural(over, 'card')}")
        if len(h) <= over:
            ctx.move_all(h, T.DISCARD)
            if not h:
                extra = f" {p} holds no cards, so nothing more is lost (ruling CC-HAND)."
            elif len(h) < over:
                extra = (f" {p} holds only {len(h)}, so the whole hand goes and the rest is "
                         "ignored (ruling CC-HAND).")
            else:
                extra = " That is the whole hand."
            return Say(Later(_struck_hand_words, ctx, p, ms, fs, M, F, owed, extra),
                       "CC-HAND" if len(h) < over else COUNTER, None)
        ctx.this("turn")["hand_discard"] = over
        return Say(Later(_struck_owing_words, ctx, p, ms, fs, M, F, owed), COUNTER)
    # the followers outlast the monsters: the player chooses who takes the blows (CC-ABSORB)
    ctx.this("turn")["absorb"] = M
    return Say(Later(_absorb_words, ctx, p, ms, fs, M, F), "CC-ABSORB")


def absorbing(ctx: Ctx) -> bool:
    return ctx.this("turn")["absorb"] <= 0


def ask_absorb(ctx: Ctx) -> Decision | None:
    p = ctx.player
    left = ctx.this("turn")["absorb"]
    if left <= 0:
        return None
    fs = T.of_kind(ctx, T.followers(p), "follower")
    opts = []
    for f in fs:
        r = T.remaining(ctx, f)
        if r <= left:
            opts.append(Option(f"lose:{f}", (_lose_words, ctx, f, r)))
        else:
            opts.append(Option(f"part:{f}", (_part_words, ctx, f, r, left)))
    if not opts:
        return None
    # the suggestion (CC-ABSORB): the strongest follower that can take every point left, covered,
    # else the weakest, lost first
    whole = [o.id.split(":", 1)[1] for o in opts if o.id.startswith("part:")]
    if whole:
        pick = max(whole, key=lambda u: (T.remaining(ctx, u), u))
        default, hint = f"part:{pick}", ("Ruling CC-ABSORB suggests letting the follower with the most health "
                                         "left take every point, covered: every other follower stays whole.")
    else:
        weakest = min(fs, key=lambda u: (T.remaining(ctx, u), u))
        default = next(o.id for o in opts if o.id.endswith(f":{weakest}"))
        hint = ("Ruling CC-ABSORB suggests losing the weakest follower first: no follower can take every "
                "point, and the small ones keep the most health on the fewest cards.")
    return Decision(p, f"Counterattack: {T.plural(left, 'monster point')} still to absorb. Which "
                    "follower takes them next?", opts, kind="absorb", default=default, hint=hint)


def resolve_absorb(ctx: Ctx, ids) -> Say:
    p = ctx.player
    d = ctx.this("turn")
    how, f = ids[0].split(":", 1)
    left = d["absorb"]
    r = T.remaining(ctx, f)
    if how == "lose":
        lost = T.had_left(ctx, f)
        T.discard(ctx, f)
        d["absorb"] = left - r
        more = (f" {T.plural(d['absorb'], 'monster point')} still to absorb." if d["absorb"]
                else " The monster points are used up.")
        return Say(f"{p} chooses {lost} to take {r} of the {T.plural(left, 'monster point')}: it is lost (ruling "
                   f"CC-ABSORB: the player chooses).{more}", "CC-ABSORB")
    ctx.card(f)["damage"] = ctx.card(f).get("damage", 0) + left
    d["absorb"] = 0
    d["covered"] = f
    return Say(f"{p} chooses {ctx.name(f)} to take the last {T.plural(left, 'monster point')}: a monster card "
               f"covers {left} of it and {T.remaining(ctx, f)} stay uncovered (rulings CC-ABSORB, "
               "CC-COVER).", "CC-ABSORB")


def covering(ctx: Ctx) -> bool:
    return bool(ctx.this("turn")["covered"])


def ask_cover(ctx: Ctx) -> Decision | None:
    p = ctx.player
    f = ctx.this("turn")["covered"]
    ms = T.monsters_in_front(ctx, p)
    if not f or not ms:
        return None
    hurt = ctx.card(f).get("damage", 0)
    opts = [Option(f"cover:{m}", (_cover_words, ctx, f, m)) for m in ms]
    high = max(ms, key=lambda m: (T.value(ctx, m), m))
    return Decision(p, f"Counterattack: which monster card covers the {T.plural(hurt, 'struck point')} of "
                    f"{ctx.name(f)}? (\"If needed, use a monster card to cover part of a follower "
                    "card\": the others are discarded.)", opts, kind="cover", default=f"cover:{high}",
                    hint="Ruling CC-ABSORB suggests the highest monster card; any one will do.")


def resolve_cover(ctx: Ctx, ids) -> Say:
    p = ctx.player
    d = ctx.this("turn")
    f, cover = d["covered"], ids[0].split(":", 1)[1]
    spent = T.attached(ctx, cover)
    for a in spent:
        ctx.move(a, T.DISCARD)
    ctx.card(cover).pop("damage", None)
    ctx.move(cover, T.followers(p), attached_to=f)
    d["covered"] = ""
    gone = f" (the attack card on it, {ctx.names(spent)}, is discarded)" if spent else ""
    hurt = ctx.card(f).get("damage", 0)
    return Say(f"{ctx.name(cover)} is laid over {ctx.name(f)}{gone} to cover "
               f"{T.plural(hurt, 'point')}; {T.remaining(ctx, f)} stay uncovered (rulings CC-ABSORB, "
               "CC-COVER).", "CC-ABSORB")


def ask_hand_discard(ctx: Ctx) -> Decision | None:
    p = ctx.player
    k = ctx.this("turn")["hand_discard"]
    if not k:
        return None
    opts = [Option(f"discard:{u}", (_discard_words, ctx, u)) for u in ctx.zone(T.hand(p))]
    return Decision(p, f"Counterattack: {T.plural(k, 'monster point')} got through; discard "
                    f"{T.plural(k, 'card')} from your hand.", opts, min=k, max=k, kind="hand-discard")


def resolve_hand_discard(ctx: Ctx, ids) -> Say:
    p = ctx.player
    cards = [i.split(":", 1)[1] for i in ids]
    ctx.move_all(cards, T.DISCARD)
    ctx.this("turn")["hand_discard"] = 0
    return Say(f"{p} discards {ctx.names(cards)} from hand for the monster points that got through.",
               COUNTER)


def discard_monsters(ctx: Ctx) -> Say:
    p = ctx.player
    ms = [(m, T.remaining(ctx, m)) for m in T.monsters_in_front(ctx, p)]  # their health before they go
    for m, _ in ms:
        T.discard(ctx, m)
    return Say(Later(_monsters_gone_words, ctx, p, ms), COUNTER)


def rewards_done(ctx: Ctx) -> bool:
    d = ctx.this("turn")
    return d["rewarded"] >= d["kills"]


def _thief(ctx: Ctx, p: str):
    """The Thief's replacement of `p`'s turn-up, if `p` is the Thief (usable or not)."""
    uses = ctx.optional_replacements("turn_up", player=p)
    return uses[0] if uses else None


def ask_reward(ctx: Ctx) -> Decision | None:
    p = ctx.player
    d = ctx.this("turn")
    if d["rewarded"] >= d["kills"]:
        return None
    n = d["rewarded"] + 1
    gems = T.of_kind(ctx, T.hand(p), "treasure")
    opts = [Option(f"treasure:{u}", (_treasure_words, ctx, u)) for u in gems]
    if gems:
        thief = (" The Thief steals only instead of turning up a card, so you may not steal now "
                 "either." if _thief(ctx, p) is not None else "")
        opts.append(Option("turn_up", "Turn up the top card of the draw pile", False,
                           "You hold a treasure: a card is turned up only for a kill you cannot pay "
                           f"with a treasure from your hand (ruling CC-TURNUP).{thief}",
                           rule="CC-TURNUP"))
        opts.append(Option("skip", "Play no treasure for this kill"))
    else:
        # the Thief's steal is not an option here: the core offers it when the card is turned up
        opts.append(Option("turn_up", "Turn up the top card of the draw pile"))
    if gems:
        prompt = (f"Step 6: kill {n} of {d['kills']}: you may play a treasure (a diamond) from your "
                  "hand for it, or play none (holding a treasure, you may not turn up a card, "
                  "ruling CC-TURNUP).")
    elif T.pile_exhausted(ctx):
        prompt = (f"Step 6: kill {n} of {d['kills']}: you hold no treasure, and the draw pile is "
                  "used up, so a turn-up finds nothing (ruling CC-END).")
    else:
        prompt = (f"Step 6: kill {n} of {d['kills']}: you hold no treasure, so the top card of "
                  "the draw pile is turned up.")
    return Decision(p, prompt, opts, kind="reward")


def resolve_reward(ctx: Ctx, ids) -> Say:
    p = ctx.player
    d = ctx.this("turn")
    d["rewarded"] += 1
    choice = ids[0]
    if choice == "skip":
        return Say(f"{p} plays no treasure for this kill (ruling CC-TURNUP).", "CC-TURNUP")
    if choice.startswith("treasure:"):
        u = choice.split(":", 1)[1]
        ctx.move(u, T.treasure(p))
        return Say(f"{p} plays the treasure {ctx.name(u)} for a kill: {T.plural(T.value(ctx, u), 'point')}.",
                   TREAS)
    ev = ctx.do("turn_up", player=p)
    if ev is PENDING and T.pile_exhausted(ctx):  # nothing to turn up: the Thief may steal all the same
        return Say(f"{p} has no treasure for this kill. The draw pile is used up, so a turn-up would "
                   f"find nothing, but {p} the Thief may steal a treasure instead all the same (ruling "
                   "CC-THIEF-EMPTY).", "CC-THIEF-EMPTY")
    if ev is PENDING:  # the Thief may steal instead: the core asks, then the record tells
        return Say(f"{p} has no treasure for this kill, so the top card of the draw pile is to be "
                   f"turned up; {p} the Thief may steal a treasure instead (ruling CC-THIEF).",
                   "CC-THIEF")
    return Say(ev["explained"], ev["rule"])


def turn_up(ctx: Ctx, ev: dict) -> Say:
    """The procedure of the `turn_up` event: take the top card and place it by
    its kind. Its Say is the record's text when the event completes in a frame
    of its own (after the Thief declined to steal)."""
    p = ev["player"]
    uid, note = T.take_top(ctx)
    if uid is None:
        ev["explained"] = (f"{p} has no treasure to play, but the draw pile is used up: nothing is "
                           f"turned up (ruling CC-END).{note}")
        ev["rule"] = "CC-END"
        return Say(ev["explained"], ev["rule"])
    k = T.kind(ctx, uid)
    name = ctx.name(uid)
    if k == "treasure":
        ctx.move(uid, T.treasure(p))
        what, rule = f"a treasure: {p} keeps it in front ({T.plural(T.value(ctx, uid), 'point')})", TREAS
    elif k == "follower":
        ctx.move(uid, T.followers(p))
        what, rule = f"a follower: it joins {p}'s followers", TREAS
    elif k == "attack":
        ctx.move(uid, T.hand(p))
        what, rule = "an attack: it goes into the hand for later", TREAS
    elif k == "monster":
        ctx.move(uid, T.monsters(p))
        what, rule = f"a monster: it stays in front of {p}", TREAS
    else:  # a Joker
        ctx.move(uid, T.hand(p))
        what, rule = "a Joker: it goes into the hand like an attack card (ruling CC-JOKER)", "CC-JOKER"
    ev["card"] = uid
    note += T.after_take(ctx)  # this may start the last turns, which gives p one more
    if k == "monster":
        fate, ended = T.strike_words(ctx, p)
        what, rule = f"{what}; {fate}", ended or rule
    if "CC-RESHUFFLE" in note:
        rule = "CC-RESHUFFLE"
    elif "CC-END" in note:  # this took the last card of the second pile, as draw() cites it
        rule = "CC-END"
    ev["explained"] = (f"{p} has no treasure for this kill and turns up the top card of the draw "
                       f"pile: {name}, {what}.{note}")
    ev["rule"] = rule
    return Say(ev["explained"], rule)


def ask_discard(ctx: Ctx) -> Decision | None:
    p = ctx.player
    h = ctx.zone(T.hand(p))
    if not h:
        return None
    opts = [Option(f"discard:{u}", (_discard_words, ctx, u)) for u in h]
    return Decision(p, "Step 7: discard any cards you like (choose none to keep your hand).", opts,
                    min=0, max=len(opts), kind="discard")


def resolve_discard(ctx: Ctx, ids) -> Say:
    p = ctx.player
    if not ids:
        return Say(f"{p} keeps the whole hand.", DISC)
    cards = [i.split(":", 1)[1] for i in ids]
    ctx.move_all(cards, T.DISCARD)
    return Say(Later(_discarded_words, ctx, p, cards), DISC)  # names fixed for the game


# -- the ending ------------------------------------------------------------------------

def game_done(ctx: Ctx) -> bool:
    final = ctx.extra["final"]
    return final is not None and not final


def skip_turn(ctx: Ctx, p: str) -> bool:
    final = ctx.extra["final"]
    return final is not None and p not in final


def count_points(ctx: Ctx) -> Say:
    parts, held = [], []
    for p in ctx.players:
        t = sum(T.value(ctx, u) for u in T.of_kind(ctx, T.treasure(p), "treasure"))
        f = sum(T.remaining(ctx, u) for u in T.of_kind(ctx, T.followers(p), "follower"))
        parts.append(f"{p}: treasure {t} + followers {f} = {t + f}")
        h = T.of_kind(ctx, T.hand(p), "treasure") + T.of_kind(ctx, T.hand(p), "follower")
        if h:
            held.append(f"{p}'s {ctx.names(h)}")
    scores = {p: T.score(ctx, p) for p in ctx.players}
    best = max(scores.values())
    winners = [p for p, s in scores.items() if s == best]
    rule = END
    note = ""
    if held:
        verb = "scores" if len(held) == 1 and "," not in held[0] and " and " not in held[0] else "score"
        note = (f" Diamonds and hearts still in hand ({'; '.join(held)}) {verb} nothing: only the "
                "cards played in front of a player count (ruling CC-SCORE).")
        rule = "CC-SCORE"
    if len(winners) > 1:
        tail = f" {' and '.join(winners)} tie with {best} and share the win (ruling CC-TIE)."
        rule = "CC-TIE"
    else:
        tail = f" {winners[0]} wins with {best}."
    how = ("the second draw pile is used up and every player has had one last turn (ruling CC-END)"
           if ctx.extra["final"] == [] else "this position starts at the count, before the last turns")
    return Say(f"The game is over: {how}. Points (a covered follower counts only its uncovered "
               f"health, ruling CC-COVER): {'; '.join(parts)}.{note}{tail}", rule)


# -- cheap tests that hold exactly when a decision arises ----------------------------

def holds_follower(ctx: Ctx) -> bool:
    return T.holds(ctx, T.hand(ctx.player), "follower")


def holds_attack(ctx: Ctx) -> bool:
    h = T.hand(ctx.player)
    return T.holds(ctx, h, "attack") or T.holds(ctx, h, "joker")


def must_discard(ctx: Ctx) -> bool:
    return ctx.this("turn")["hand_discard"] > 0


# -- the tree --------------------------------------------------------------------------

def build_flow():
    turn = Sequence("Turn", show=False, text="One player's turn: the seven steps in order.",
                    rule="Player turn", children=[
        Step("Start of turn", start_turn, "The turn begins (in the last turns, without drawing).",
             "Player turn"),
        Step("Draw", draw, "Fill your hand up to five cards from the draw pile.", DRAW, level="phase"),
        Sequence("Followers", level="phase", text="Play at most one follower; the Priest may also "
                 "rescue or heal one.", rule=FOLLOW, children=[
            Ask("Play a follower", ask_follower, resolve_follower,
                "You may put one heart from your hand in front of you.", FOLLOW,
                when=holds_follower, offers=("play:<card>", "pass")),
            Ask("Priest's power", ask_priest, resolve_priest,
                "The Priest may rescue a follower from the discard pile or heal a covered one.", KJ,
                offers=("rescue:<card>", "heal:<card>", "pass")),
        ]),
        # the loop's `until` holds when no club is left in hand, so its Ask needs no `when`
        Loop("Monsters", Ask("Place a monster", ask_monster, resolve_monster,
                             "Put a club from your hand in front of a player, or stop.", MONST,
                             offers=("monster:<card>:<player>", "done")),
             until=monsters_done, level="phase", rule=MONST,
             text="Put monsters in front of players: at most one on each other player, any number "
                  "on yourself."),
        Ask("Attack", ask_attack, resolve_attack, "Play one attack card on a monster in front of you: "
            "at least its health left kills it, less only weakens it (the Fighter may add up two cards; "
            "the Wizard's mass attack kills every monster on the table no stronger than the card and "
            "leaves the stronger ones untouched; a Joker kills all yours).",
            ATTACK, level="phase", when=holds_attack,
            offers=("attack:<card>", "attack:<card>:<monster>", "mass:<card>", "joker:<card>", "pass")),
        Sequence("Counterattack", level="phase", rule=COUNTER,
                 text="The monsters still in front of you strike your followers.", children=[
            Step("Monsters strike", counterattack, "Compare the monsters' health left with your "
                 "followers' health: followers are lost, or cards from your hand.", COUNTER,
                 when=has_monsters),
            Loop("Followers take the blows",
                 Ask("Choose a follower", ask_absorb, resolve_absorb, "You choose which follower "
                     "takes the monster points next: one with no more health than the points left is "
                     "lost, a stronger one takes all the rest and is covered, so one follower may take "
                     "every point (ruling CC-ABSORB suggests the weakest).",
                     "CC-ABSORB", auto_forced=True, offers=("lose:<card>", "part:<card>")),
                 until=absorbing, rule="CC-ABSORB",
                 text="When the followers outlast the monsters, you choose the followers that "
                      "are lost, one at a time, until the monster points are used up."),
            Ask("Cover a follower", ask_cover, resolve_cover, "You choose the monster card that "
                "covers a partly struck follower (ruling CC-ABSORB suggests the highest).",
                "CC-ABSORB", auto_forced=True, when=covering, offers=("cover:<card>",)),
            Ask("Discard from hand", ask_hand_discard, resolve_hand_discard,
                "Discard one card from hand for each monster point that got through.", COUNTER,
                when=must_discard, offers=("discard:<card>",)),
            Step("Discard the monsters", discard_monsters, "The monsters (and attacks on them) go to "
                 "the discard pile.", COUNTER, when=has_monsters),
        ]),
        Loop("Treasure", Ask("Reward for a kill", ask_reward, resolve_reward,
                             "For each kill you may play a treasure from your hand; only without one is the top "
                             "card turned up (ruling CC-TURNUP).",
                             TREAS, auto_forced=True, offers=("treasure:<card>", "turn_up", "skip")),
             until=rewards_done, level="phase", rule=TREAS,
             text="One treasure for each monster you killed this turn; a card is turned up only for a "
                  "kill you cannot pay with a treasure from your hand."),
        Ask("Discard", ask_discard, resolve_discard, "Discard any cards you like.", DISC,
            level="phase", offers=("discard:<card>",)),
    ])
    return Sequence("Creatures and Cards", show=False, text="The whole game.", rule="",
                    children=[
        Sequence("Game prep", text="Deal the Kings, shuffle the deck, find the first player.",
                 rule=PREP, children=[
            Step("Deal the Kings", deal_kings, "Shuffle the four Kings and deal one to each player: "
                 "it is their hero.", PREP),
            Step("Shuffle the deck", shuffle_deck, "Shuffle the rest of the deck into the draw pile.",
                 PREP),
            Step("First player", first_player, "The Fighter begins; play goes clockwise.", PREP),
        ]),
        Loop("Rounds", ForEachPlayer("Turns", turn, order=turn_order, skip=skip_turn,
                                     text="Each player takes a turn, clockwise from the first player.",
                                     rule="Player turn"),
             until=game_done, label="Round {n}", level="round", rule=END,
             text="Play through the draw pile, then the reshuffled discards, then one last turn each."),
        Step("Count the points", count_points, "Treasure plus followers' health (a covered follower "
             "counts only its uncovered points; cards still in hand count nothing); the most points "
             "wins, and a tie shares the win.", END),
    ])
