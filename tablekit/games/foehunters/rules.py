"""The rules of Foe Hunters as a flow of rule nodes: setup, then rounds of a foe
phase and a hero phase, until the foe is defeated or every hero is
incapacitated (the game ends at once, from the state check)."""

from __future__ import annotations

from tablekit.core import Ask, Branch, Ctx, Decision, ForEachPlayer, Loop, Option, Say, Sequence, Step
from tablekit.core.words import plural

from . import damage as D
from . import powers as P
from . import table as T

# -- setup -------------------------------------------------------------------------------------


def foe_unset(ctx: Ctx) -> bool:
    return not ctx.state.options.get("foe")


def ask_foe(ctx: Ctx) -> Decision:
    names = {"cult": "The Cult of Oleg'Arth (easy)", "keraxis": "Pirate Lord Keraxis (medium)",
             "dragonspawn": "Dragonspawn (hard)"}
    opts = [Option(f"foe:{f}", names[f]) for f in T.FOES]
    return Decision(ctx.game.speaker(ctx), "The party chooses the foe to face (R-019).", opts, kind="foe",
                    party=list(ctx.players), default="foe:cult",
                    hint="The rulebook suggests the Cult for a first game (R-023).")


def resolve_foe(ctx: Ctx, ids) -> Say:
    ctx.extra["foe"] = ids[0].split(":", 1)[1]
    return Say(f"The party ({ctx.game.speaker(ctx)} speaking, ruling FH-PARTY-SEAT) chooses to face "
               f"{foe_title(ctx.extra['foe'])}.", rule="FH-PARTY-SEAT")


def foe_title(f: str) -> str:
    return {"cult": "the Cult of Oleg'Arth", "keraxis": "Pirate Lord Keraxis", "dragonspawn": "the Dragonspawn"}[f]


HERO_CARD = {"paladin": "dorin", "pathfinder": "lylias", "necromancer": "shael", "forgemaster": "reghar",
             "berserker": "grimnar", "elemancer": "rennin"}


def hero_unset(ctx: Ctx) -> bool:
    return ctx.player not in ctx.extra["heroes"]


def ask_hero(ctx: Ctx) -> Decision:
    p = ctx.player
    taken = {h: q for q, h in ctx.extra["heroes"].items()}
    taken.update({h: q for q, h in (ctx.state.options.get("heroes") or {}).items() if q != p})
    opts = []
    for h in T.HEROES:
        label = f"{ctx.defs[HERO_CARD[h]].name}, the {h.capitalize()}"
        if h in taken:
            opts.append(Option(f"hero:{h}", label, False, f"{taken[h]} plays the {h.capitalize()}: each "
                               "player picks a different hero deck (R-013)"))
        else:
            opts.append(Option(f"hero:{h}", label))
    return Decision(p, f"{p}: choose your hero (R-013).", opts, kind="hero")


def resolve_hero(ctx: Ctx, ids) -> Say:
    h = ids[0].split(":", 1)[1]
    ctx.extra["heroes"][ctx.player] = h
    return Say(f"{ctx.player} chooses {ctx.defs[HERO_CARD[h]].name}, the {h.capitalize()}.", rule=T.SETUP)


def city_deck(ctx: Ctx) -> Say:
    """The city deck (R-010, R-011; easy mode R-034, R-035), shuffled; the row of 4 (R-012)."""
    heroes = set(ctx.extra["heroes"].values())
    easy = bool(ctx.state.options.get("easy"))
    cards = [u for u in ctx.zone(T.BOX) if ctx.defn(u).fields.get("deck") == "city" and not ctx.defn(u).test_only
             and (not easy or ctx.defn(u).fields.get("affinity") in heroes | {None})]
    for u in cards:
        ctx.move(u, T.CITY_DECK)
    ctx.shuffle(T.CITY_DECK)
    row = T.refill_row(ctx)
    which = ("easy mode: only the city cards of the heroes in play and the generic ones (R-034)" if easy
             else "every hero's city cards, whichever heroes play (R-011)")
    return Say(f"The city deck of {len(cards)} cards ({which}) is shuffled; its top 4 form the city row: "
               f"{ctx.names(row)}.", rule=T.SETUP)


def hero_decks(ctx: Ctx) -> Say:
    """Each hero: the hero card and markers, the shuffled hero deck, its HP and 4 XP (R-014 to R-017)."""
    parts = []
    for p in ctx.players:
        h = ctx.extra["heroes"][p]
        for u in list(ctx.zone(T.BOX)):
            d = ctx.defn(u)
            if d.fields.get("hero") != h or d.test_only:
                continue
            if d.kind in ("hero", "marker"):
                ctx.move(u, T.hero_zone(p))
            elif d.fields.get("deck") == "hero":
                ctx.move(u, T.deck(p))
        ctx.shuffle(T.deck(p))
        st = ctx.state.player(p)
        st.update({"hp": T.max_hp(ctx, p), "xp": T.START_XP, "armor_used": 0, "incap": 0})
        parts.append(f"{p} plays {T.hero_name(ctx, p)} ({st['hp']} HP, {len(ctx.zone(T.deck(p)))} cards)")
    solo = " In solo, one person plays both heroes, and both hands are open (ruling FH-SOLO-SEATS)." \
        if ctx.state.variant == "solo" else ""
    return Say("Each hero takes its hero card and markers, shuffles its own deck and starts with its "
               f"printed HP and 4 XP: {'; '.join(parts)}.{solo}",
               rule="FH-SOLO-SEATS" if solo else T.SETUP)


def first_draw(ctx: Ctx) -> Say:
    texts, public = [], []
    for p in ctx.players:
        got, _ = T.draw(ctx, p, 1)
        texts.append(f"{p}: {ctx.names(got)}")
        public.append(p)
    return Say(f"Each hero draws 1 card ({'; '.join(texts)}); nothing else is dealt (R-018).", rule=T.SETUP,
               public=f"Each hero draws 1 card ({', '.join(public)}).")


def foe_deck(ctx: Ctx) -> Say:
    """The foe card, phase 1 up (the two-player card with 2 seats, R-028, R-032), and the
    shuffled foe deck (R-020)."""
    f = ctx.extra["foe"]
    two = len(ctx.players) == 2
    card = next(u for u in ctx.zone(T.BOX) if ctx.kind(u) == "foe" and ctx.defn(u).fields.get("foe") == f
                and bool(ctx.defn(u).fields.get("two_player")) == two)
    ctx.move(card, T.FOE_CARD, face=0, damage=0)
    cards = [u for u in ctx.zone(T.BOX) if ctx.defn(u).fields.get("deck") == "foe"
             and ctx.defn(u).fields.get("foe") == f and not ctx.defn(u).test_only]
    for u in cards:
        ctx.move(u, T.FOE_DECK)
    ctx.shuffle(T.FOE_DECK)
    hp = T.card_hp(ctx, card)
    hp_words = f"{hp} HP" if hp is not None else "no hit points in phase 1 (R-021)"
    which = "the two-player foe card (R-028)" if two else "the full foe card"
    return Say(f"{ctx.face(card).name} is the foe, on {which}, phase 1 up with {hp_words}; its deck of "
               f"{len(cards)} cards is shuffled (R-020).", rule=T.SETUP)


# -- the foe phase ------------------------------------------------------------------------------

def foe_phase_start(ctx: Ctx) -> Say:
    n = triggered(ctx, "foe_phase_start")
    return Say(f"Round {ctx.count('Rounds')}: the foe phase begins; {effects_fired(n, 'start-of-phase')} "
               "(R-039).", rule=T.FOE_PHASE)


def triggered(ctx: Ctx, event: str, **data) -> tuple[int, int]:
    """Raise a timing event; return how many triggers it set off and how many different
    effects they are (copies of one card's effect need no order)."""
    before = len(ctx.state.triggers)
    ctx.do(event, **data)
    new = ctx.state.triggers[before:]
    kinds = {(ctx.state.cards[t["source"]]["card"], t["ability"]) if t.get("source") in ctx.state.cards
             else (t.get("source"), t["ability"]) for t in new}
    return len(new), len(kinds)


def effects_fired(counts: tuple[int, int], which: str, chooser: str = "the party") -> str:
    n, kinds = counts
    if n == 0:
        return f"no {which} effect triggers"
    if n == 1:
        return f"1 {which} effect triggers"
    order = f", in the order {chooser} chooses (ruling FH-TRIGGER-ORDER)" if kinds > 1 else ""
    return f"{n} {which} effects trigger{order}"


def play_foe_card(ctx: Ctx) -> Say:
    """The top foe card is played (R-040 to R-042); an empty foe deck takes the shuffled
    foe discard (ruling FH-FOE-DECK-EMPTY)."""
    note = ""
    if not ctx.zone(T.FOE_DECK):
        pile = list(ctx.zone(T.FOE_DISCARD))
        if not pile:
            return Say("The foe deck and the foe discard pile are empty: no foe card is played this phase "
                       "(ruling FH-FOE-DECK-EMPTY).", rule="FH-FOE-DECK-EMPTY")
        for u in pile:
            ctx.move(u, T.FOE_DECK)
        ctx.shuffle(T.FOE_DECK)
        note = (f"The foe deck is empty, so the foe discard pile ({plural(len(pile), 'card')}) is shuffled "
                "into a new foe deck (ruling FH-FOE-DECK-EMPTY). ")
    u = ctx.zone(T.FOE_DECK)[-1]
    kind = ctx.kind(u)
    rule = "FH-FOE-DECK-EMPTY" if note else T.FOE_PHASE
    if kind == "ability":
        ctx.move(u, T.FOE_RESOLVING)
        ctx.do("foe_card_played", card=u, ctype=kind)
        ctx.start("resolve_foe", source=u, now=False)
        return Say(f"{note}The foe plays {ctx.name(u)}, an ability: {ctx.defn(u).text} It resolves, then goes "
                   "to the foe discard pile (R-042).", rule=rule)
    ctx.move(u, T.FOE_PLAY, damage=0)
    ctx.do("foe_card_played", card=u, ctype=kind)
    return Say(f"{note}The foe plays {ctx.name(u)} into play ({kind}): {ctx.defn(u).text} (R-041)", rule=rule)


def foe_phase_end(ctx: Ctx) -> Say:
    n = triggered(ctx, "foe_phase_end")
    return Say(f"The foe phase ends: {effects_fired(n, 'end-of-phase')} (R-043).", rule=T.FOE_PHASE)


def can_refresh(ctx: Ctx) -> bool:
    return bool(ctx.zone(T.CITY_ROW_Z)) and bool(ctx.zone(T.CITY_DECK) or ctx.zone(T.CITY_DISCARD))


def ask_refresh(ctx: Ctx) -> Decision:
    opts = [Option(f"refresh:{u}", f"Refresh {ctx.name(u)}") for u in ctx.zone(T.CITY_ROW_Z)]
    opts.append(Option("no_refresh", "Refresh no card"))
    return Decision(ctx.game.speaker(ctx), "The party may refresh one city row card (R-044, R-045).", opts,
                    kind="refresh", party=list(ctx.players), default="no_refresh")


def resolve_refresh(ctx: Ctx, ids) -> Say:
    who = f"The party ({ctx.game.speaker(ctx)} speaking, ruling FH-PARTY-SEAT)"
    if ids[0] == "no_refresh":
        return Say(f"{who} refreshes no city card.", rule=T.FOE_PHASE)
    return Say(f"{who} {refresh(ctx, ids[0].split(':', 1)[1])}", rule="FH-REFRESH")


def refresh(ctx: Ctx, u: str) -> str:
    """One for one: the card to the city discard, the top city card in its place (FH-REFRESH)."""
    i = ctx.zone(T.CITY_ROW_Z).index(u)
    ctx.move(u, T.CITY_DISCARD)
    new = T.top_city(ctx)
    if new is None:
        return f"discards {ctx.name(u)} from the city row; no city card is left to replace it."
    ctx.move(new, T.CITY_ROW_Z, index=i)
    return f"refreshes {ctx.name(u)}: it goes to the city discard and {ctx.name(new)} takes its place (ruling FH-REFRESH)."


# -- the hero phase ------------------------------------------------------------------------------

def ask_start(ctx: Ctx) -> Decision:
    opts = [Option(f"start:{p}", f"{p} ({T.hero_name(ctx, p)}" + (", incapacitated)" if T.is_incap(ctx, p)
                   else ")")) for p in ctx.players]
    return Decision(ctx.game.speaker(ctx), "The party chooses the starting hero; play then goes clockwise "
                    "(R-048 to R-050).", opts, kind="start", party=list(ctx.players),
                    default=f"start:{ctx.players[0]}")


def resolve_start(ctx: Ctx, ids) -> Say:
    p = ids[0].split(":", 1)[1]
    ctx.extra["first"] = p
    return Say(f"The party ({ctx.game.speaker(ctx)} speaking, ruling FH-PARTY-SEAT) chooses {p} to start; "
               f"turns go {' → '.join(turn_order(ctx))}.", rule="FH-PARTY-SEAT")


def turn_order(ctx: Ctx) -> list[str]:
    names = ctx.players
    first = ctx.extra.get("first")
    i = names.index(first) if first in names else 0
    return names[i:] + names[:i]


def incapacitated(ctx: Ctx) -> bool:
    return T.is_incap(ctx, ctx.player)


def turn_start(ctx: Ctx) -> Say:
    """Ready armor (R-051), the "until your next turn" effects have ended (R-052, the core
    ends them as the turn begins), then the start-of-turn triggers (R-053; ruling FH-TURN-START)."""
    p = ctx.player
    ctx.state.player(p)["armor_used"] = 0
    n = triggered(ctx, "turn_start", player=p)
    ready = T.armor_ready(ctx, p)
    armor = f"{p} readies all armor ({ready} ready)" if ready else f"{p} has no armor to ready"
    fired = effects_fired(n, "start-of-turn", p)
    return Say(f"{p}'s turn begins: {armor}; any effect lasting until this turn has ended; then {fired}, "
               "before the draw (ruling FH-TURN-START).", rule="FH-TURN-START")


def draw(ctx: Ctx) -> Say:
    return T.draw_say(ctx, ctx.player, 1)


def turn_over(ctx: Ctx) -> bool:
    return T.turn_data(ctx)["done"] or T.is_incap(ctx, ctx.player)


def ask_action(ctx: Ctx) -> Decision:
    p = ctx.player
    data = T.turn_data(ctx)
    opts = []
    focus_in_play = [u for u in ctx.zone(T.play(p)) if "focus" in ctx.defn(u).traits]
    for u in ctx.zone(T.hand(p)):
        why, rule = play_refusal(ctx, p, u, data, focus_in_play)
        opts.append(Option(f"play:{u}", f"Play {ctx.name(u)}", not why, why, rule=rule))
    for u in ctx.zone(T.hand(p)):
        if "focus" in ctx.defn(u).traits and focus_in_play:
            why = "you have replaced a Focus this turn (ruling FH-FOCUS)" if data["swapped"] else ""
            opts.append(Option(f"focus:{u}", f"Replace {ctx.name(focus_in_play[0])} with {ctx.name(u)} (not a "
                               "play, FAQ-12)", not why, why, rule="FH-FOCUS" if why else ""))
    for u, i in feats(ctx, p):
        why = "" if data["feats"] > 0 else "you have used a feat this turn: one feat a turn (R-059, R-091)"
        opts.append(Option(f"feat:{u}:{i}", ctx.defn(u).abilities[i].text or f"Use {ctx.name(u)}'s feat",
                           not why, why))
    for u in ctx.zone(T.CITY_ROW_Z):
        cost = T.city_cost(ctx, p, u)
        why = ("you have purchased a card this turn (R-079)" if data["buys"] <= 0 else
               f"it costs {cost} XP and {p} has {ctx.counter(p, 'xp')} (ruling FH-COST)"
               if cost > ctx.counter(p, "xp") else "")
        opts.append(Option(f"buy:{u}", f"Purchase {ctx.name(u)} for {cost} XP", not why, why,
                           rule="FH-COST" if "FH-COST" in why else ""))
    for u in ctx.zone(T.play(p)):
        if P.ability_of(ctx, u, "potion") is not None:
            opts.append(Option(f"sacrifice:{u}", f"Sacrifice {ctx.name(u)} for its effect (not a play, FAQ-28)"))
    for u in ctx.zone(T.hand(p)):  # a potion in hand: it must be played first (FAQ-28)
        if P.ability_of(ctx, u, "potion") is not None:
            opts.append(Option(f"sacrifice:{u}", f"Sacrifice {ctx.name(u)} for its effect", False,
                               f"{ctx.name(u)} is in your hand: a potion is sacrificed for its effect only once "
                               "it has been played and is in play (FAQ-28, ruling FH-POTION)", rule="FH-POTION"))
    opts.append(Option("end", "End the turn"))
    default, hint = suggested_action(ctx, p, opts)
    return Decision(p, f"{p}'s turn: play a card, use a feat and purchase a card, each at most once, in any "
                    "order; or end the turn.", opts, kind="action", default=default, hint=hint)


# what the turn suggests first, and why: ending the turn forfeits the turn's one play, one
# purchase and one feat, so it is suggested only when none of them is open
SUGGESTED_FIRST = (
    ("play:", "a card in hand costs nothing to play, and ending the turn would waste this turn's one play"),
    ("buy:", "the hero has the XP for it, and a purchased card goes to the hand, playable this turn"),
    ("feat:", "the hero's feat is ready, and ending the turn would waste this turn's one feat"),
)


def suggested_action(ctx: Ctx, p: str, opts: list[Option]) -> tuple[str, str]:
    """The option a learner is pointed to on the turn, with the reason: a card to play, else
    the dearest card the hero can purchase, else a feat; "end" only once none is open.
    Every option stays the player's choice."""
    legal = [o for o in opts if o.legal]
    idle = [o for o in legal if o.id.startswith("play:") and hits_nothing(ctx, o.id[len("play:"):])]
    for prefix, why in SUGGESTED_FIRST:
        hits = [o for o in legal if o.id.startswith(prefix) and o not in idle]
        if prefix == "buy:":
            hits.sort(key=lambda o: -T.city_cost(ctx, p, o.id[len(prefix):]))
        if hits:
            return hits[0].id, f"Suggested: {hits[0].label}, since {why}."
    if idle:
        return idle[0].id, (f"Suggested: {idle[0].label}. It has no enemy target now, so it deals no damage, "
                            "but nothing else is open, and played it leaves the hand for the discard pile.")
    return "end", ("Suggested: end the turn, since nothing is left to play, purchase or use: ending it "
                   "forfeits nothing.")


def hits_nothing(ctx: Ctx, uid: str) -> bool:
    """Whether a card played now would do nothing: all it does when played is deal damage,
    and no enemy may be targeted (the Cult in phase 1 with no vassal, ruling FH-CULT-P1)."""
    plays = [ab for ab in ctx.defn(uid).abilities if ab.type == "action" and ab.window == "play"]
    if not plays or ctx.defn(uid).kind != "ability" or any(ab.effect != "deal" for ab in plays):
        return False
    return not any(T.enemy_targets(ctx, foe=(ab.args or {}).get("target") != "non_foe") for ab in plays)


def play_refusal(ctx: Ctx, p: str, u: str, data: dict, focus_in_play: list[str]) -> tuple[str, str]:
    """Why a card in hand cannot be played now (and the ruling that says so)."""
    if data["plays"] <= 0:
        return "you have played your card this turn (R-082)", ""
    d = ctx.defn(u)
    if "focus" in d.traits and focus_in_play:
        return ("one Focus may be in play at a time: replace the one in play instead (ruling FH-FOCUS)",
                "FH-FOCUS")
    if "forge" in d.traits and any(ctx.defn(c).id == d.id for c in ctx.zone(T.play(p))):
        return f"{d.name} is in play already: the techniques in play must be different (ruling FH-FORGE)", \
            "FH-FORGE"
    return "", ""


def feats(ctx: Ctx, p: str) -> list[tuple[str, int]]:
    out = []
    for z in (T.hero_zone(p), T.play(p)):
        for u in ctx.zone(z):
            for i, ab in enumerate(ctx.defn(u).abilities):
                if ab.type == "action" and ab.window == "feat" and (ab.face is None or
                                                                    ctx.card(u).get("face", 0) == ab.face):
                    out.append((u, i))
    return out


def resolve_action(ctx: Ctx, ids) -> Say:
    p = ctx.player
    data = T.turn_data(ctx)
    verb, _, arg = ids[0].partition(":")
    if verb == "end":
        data["done"] = True
        return Say(f"{p} ends the turn.", rule=T.ACTIONS)
    if verb == "play":
        data["plays"] -= 1
        ctx.move(arg, T.resolving(p))
        ctx.do("card_played", player=p, card=arg)
        ctx.start("resolve_play", source=arg, controller=p, now=False)
        return Say(f"{p} plays {ctx.name(arg)}: {ctx.defn(arg).text} Effects that react to a card being "
                   "played resolve first (FAQ-30).", rule=T.PLAYING)
    if verb == "feat":
        u, i = arg.rsplit(":", 1)
        data["feats"] -= 1
        hero = ctx.kind(u) == "hero"
        ctx.do("feat_used", player=p, card=u, hero_feat=hero)
        ctx.start("use_feat", source=u, controller=p, data={"ability": int(i)}, now=False)
        return Say(f"{p} activates a feat: {ctx.defn(u).abilities[int(i)].text}. Effects that react to a feat "
                   "resolve first (ruling FH-FEAT-TRIGGER).", rule="FH-FEAT-TRIGGER")
    if verb == "focus":  # FAQ-12: the new Focus from hand into play, the old one back to hand
        old = next(u for u in ctx.zone(T.play(p)) if "focus" in ctx.defn(u).traits)
        data["swapped"] = True
        ctx.move(arg, T.play(p))
        ctx.move(old, T.hand(p))
        return Say(f"{p} replaces {ctx.name(old)} with {ctx.name(arg)}: {ctx.name(arg)} goes into play and "
                   f"{ctx.name(old)} back to hand; this is neither a play nor an activation (FAQ-12, ruling "
                   "FH-FOCUS).", rule="FH-FOCUS")
    if verb == "buy":
        cost = T.city_cost(ctx, p, arg)
        data["buys"] -= 1
        ctx.do("counter", player=p, key="xp", add=-cost)
        ctx.move(arg, T.hand(p))
        return Say(f"{p} purchases {ctx.name(arg)} for {cost} XP ({ctx.counter(p, 'xp')} left) and puts it "
                   "into hand; the city row is refilled only at the end of the turn (R-071, R-076).",
                   rule=T.BUYING)
    # sacrifice a potion: not a play (FAQ-28, ruling FH-POTION)
    i = P.ability_of(ctx, arg, "potion")
    ab = ctx.defn(arg).abilities[i]
    said = P.sacrifice(ctx, p, arg)
    out = ctx.start(ab.effect, source=arg, controller=p, ability=i, args=dict(ab.args))
    return Say(f"{said}, for its effect; this is not a play (FAQ-28, ruling FH-POTION). {P.text_of(out)}",
               rule="FH-POTION")


def refill(ctx: Ctx) -> Say:
    n = len(ctx.zone(T.CITY_ROW_Z))
    held = plural(n, "card")
    if n >= T.CITY_ROW:
        return Say(f"The city row holds {held}, not fewer than 4, so it is not refilled (R-073).", rule=T.CITY)
    discard = len(ctx.zone(T.CITY_DISCARD))
    got = T.refill_row(ctx)
    reshuffled = len(ctx.zone(T.CITY_DISCARD)) < discard
    note = (" The city deck ran out, so the city discard pile was shuffled into a new city deck (ruling "
            "FH-CITY-EMPTY)." if reshuffled else "")
    if not got:
        return Say(f"The city row holds {held}, fewer than 4, but the city deck and the city discard pile are "
                   "empty: the row stays short until a card can be found (ruling FH-CITY-EMPTY).",
                   rule="FH-CITY-EMPTY")
    full = len(ctx.zone(T.CITY_ROW_Z)) >= T.CITY_ROW
    short = "" if full else " (the city deck and the city discard pile have no more cards: ruling FH-CITY-EMPTY)"
    return Say(f"The city row held {held}, fewer than 4, so it is refilled{' to 4' if full else ''}: "
               f"{ctx.names(got)} (R-073; ruling FH-REFRESH){short}.{note}",
               rule="FH-CITY-EMPTY" if reshuffled or not full else T.CITY)


def over_hand(ctx: Ctx) -> bool:
    return len(ctx.zone(T.hand(ctx.player))) > T.HAND_LIMIT


def ask_hand(ctx: Ctx) -> Decision | None:
    p = ctx.player
    h = ctx.zone(T.hand(p))
    k = len(h) - T.HAND_LIMIT
    if k <= 0:
        return None
    opts = [Option(f"discard:{u}", f"Discard {ctx.name(u)}") for u in h]
    return Decision(p, f"{p} holds {len(h)} cards: discard {k} to keep 7 (R-135).", opts, min=k, max=k,
                    kind="hand")


def resolve_hand(ctx: Ctx, ids) -> Say:
    p = ctx.player
    cards = [i.split(":", 1)[1] for i in ids]
    for u in cards:
        ctx.move(u, T.discard(p))
    rage = [u for u in cards if P.rage_ability(ctx, u) is not None]
    if rage:  # a RAGE card discarded for any reason may use its RAGE effect (FAQ-06)
        ctx.start("rage_offers", controller=p, data={"cards": rage}, now=False)
    return Say(f"{p} discards {ctx.names(cards)} to keep 7 cards (R-135).", rule=T.HAND)


# -- the incapacitated hero's turn ---------------------------------------------------------------

def ask_help(ctx: Ctx) -> Decision:
    p = ctx.player
    opts = []
    for q in ctx.players:  # the helper itself too: it is incapacitated, so it is refused
        down = T.is_incap(ctx, q)
        opts.append(Option(f"help:xp:{q}", f"Give {q} 1 XP", not down,
                           f"{q} is incapacitated and gains no XP (R-126)" if down else ""))
    for q in ctx.players:
        down = T.is_incap(ctx, q)
        full = not down and ctx.counter(q, "hp") >= T.max_hp(ctx, q)
        why = (f"{q} is incapacitated and cannot be healed (R-126)" if down else
               f"{q} is at full health (ruling FH-INCAP-HELP)" if full else "")
        opts.append(Option(f"help:heal:{q}", f"Heal {q} 1 HP", not why, why,
                           rule="FH-INCAP-HELP" if full else ""))
    can = bool(ctx.zone(T.CITY_DECK) or ctx.zone(T.CITY_DISCARD))
    for u in ctx.zone(T.CITY_ROW_Z):
        opts.append(Option(f"help:refresh:{u}", f"Refresh {ctx.name(u)} in the city row", can,
                           "" if can else "no city card is left to replace it (ruling FH-INCAP-HELP)",
                           rule="" if can else "FH-INCAP-HELP"))
    for t in T.enemy_targets(ctx):
        opts.append(Option(f"help:damage:{t}", f"Deal 1 melee damage to {T.target_label(ctx, t)}"))
    for t, why, rule in T.refused_targets(ctx):  # the Cult in phase 1 (ruling FH-CULT-P1)
        opts.append(Option(f"help:damage:{t}", f"Deal 1 melee damage to {T.target_label(ctx, t)}", False, why,
                           rule=rule or None))
    opts += not_helps(ctx, p)
    if not any(o.legal for o in opts):
        opts.append(Option("help:none", "No help can be given"))
    return Decision(p, f"{p}'s hero is incapacitated: choose one of the four helps (R-127).", opts, kind="help")


def not_helps(ctx: Ctx, p: str) -> list[Option]:
    """What an incapacitated hero might still try on its turn, refused with the reason: to purchase
    a city card (it cannot obtain cards, R-125) and to use its hero's feat (its turn is one help,
    ruling FH-INCAP-FEAT). It has no hand to play from (ruling FH-INCAP-DISCARD)."""
    opts = []
    for u in ctx.zone(T.CITY_ROW_Z):
        opts.append(Option(f"buy:{u}", f"Purchase {ctx.name(u)} for {T.city_cost(ctx, p, u)} XP", False,
                           f"{p} is incapacitated and cannot obtain cards, so it cannot purchase one (R-125, "
                           "ruling FH-INCAP-FEAT)", rule="FH-INCAP-FEAT"))
    u = T.hero_card(ctx, p)
    for i, ab in enumerate(ctx.defn(u).abilities if u else ()):
        if ab.type == "action" and ab.window == "feat":
            opts.append(Option(f"feat:{u}:{i}", ab.text or f"Use {ctx.name(u)}'s feat", False,
                               f"{p} is incapacitated: its turn is one of the four helps, and a feat is not "
                               "one of them (R-127, ruling FH-INCAP-FEAT)", rule="FH-INCAP-FEAT"))
    return opts


def resolve_help(ctx: Ctx, ids) -> Say:
    p = ctx.player
    parts = ids[0].split(":")
    what = parts[1]
    if what == "none":
        return Say(f"{p} can give no help this turn.", rule="FH-INCAP-HELP")
    arg = parts[2]
    if what == "xp":
        return Say(f"{p} helps: {T.gain_xp(ctx, arg, 1)} (R-127).", rule=T.INCAP)
    if what == "heal":
        ev = ctx.do("heal", target=arg, amount=1)
        return Say(f"{p} helps: {D.heal_words(ev)} (R-127).", rule=T.INCAP)
    if what == "refresh":
        return Say(f"{p} helps and {refresh(ctx, arg)}", rule="FH-REFRESH")
    said = f"{p} helps: 1 melee damage to {T.target_name(ctx, arg)} (no power applies, ruling FH-INCAP-HELP)."
    out = D.deal(ctx, [D.instance(arg, T.amount_for(ctx, 1, p, "help", "melee", arg), "melee", None, p, "help")],
                 p, said)
    return Say(P.text_of(out) or said, rule="FH-INCAP-HELP")


# -- the end -------------------------------------------------------------------------------------

def rounds_done(ctx: Ctx) -> bool:
    limit = ctx.state.options.get("max_rounds", 0)
    return bool(limit) and ctx.count("Rounds") >= limit


def safety_cap(ctx: Ctx) -> Say:
    limit = ctx.state.options.get("max_rounds", 0)
    ctx.end_game("unfinished", f"the safety cap of {limit} rounds was reached with the foe still standing", [])
    return Say(f"Round {limit} was the last the safety cap allows (option max_rounds): the game ends "
               "unfinished.", rule="FH-LONG")


# -- the tree ------------------------------------------------------------------------------------

def build_flow():
    hero_turn = Sequence("Turn", show=False, text="A hero's turn.", rule=T.HERO_PHASE, children=[
        Step("Start of the turn", turn_start, "Ready armor; until-next-turn effects end; start-of-turn "
             "effects trigger in the order you choose.", "FH-TURN-START"),
        Step("Draw", draw, "Draw 1 card (an empty deck takes the shuffled discard pile).", T.DRAW_SEC),
        Loop("Actions", Ask("Take an action", ask_action, resolve_action, "Play 1 card, use 1 feat and "
                            "purchase 1 card, in any order, or end the turn; a purchased card goes into "
                            "the hand and may be played this turn.", T.ACTIONS,
                            when=lambda ctx: True,
                            offers=("play:<card>", "focus:<card>", "feat:<card>:<ability>", "buy:<card>",
                                    "sacrifice:<card>", "end")),
             until=turn_over, rule=T.ACTIONS, text="The turn's actions, until the hero ends the turn."),
    ])
    incap_turn = Ask("Help the party", ask_help, resolve_help, "An incapacitated hero chooses one of the "
                     "four helps.", T.INCAP, when=lambda ctx: True,
                     offers=("help:xp:<player>", "help:heal:<player>", "help:refresh:<card>",
                             "help:damage:<card>", "help:none", "buy:<card>", "feat:<card>:<ability>"))
    turn = Sequence("Hero turn", show=False, text="One hero's turn.", rule=T.HERO_PHASE, children=[
        Branch("Incapacitated?", incapacitated, incap_turn, hero_turn, text="An incapacitated hero only "
               "helps.", rule=T.INCAP, show=False),
        Step("Refill the city row", refill, "The city row is refilled to 4 only while it holds fewer.",
             T.CITY),
        Ask("Discard down to seven", ask_hand, resolve_hand, "Discard down to 7 cards.", T.HAND,
            when=over_hand, offers=("discard:<card>",)),
    ])
    foe_phase = Sequence("Foe phase", level="phase", text="The foe acts on its own.", rule=T.FOE_PHASE,
                         children=[
        Step("Start of the foe phase", foe_phase_start, "Start-of-phase effects trigger.", T.FOE_PHASE),
        Step("Play the top foe card", play_foe_card, "Play the top foe card and resolve it.", T.FOE_PHASE),
        Step("End of the foe phase", foe_phase_end, "End-of-phase effects trigger.", T.FOE_PHASE),
        Ask("Refresh a city card", ask_refresh, resolve_refresh, "The party may refresh one city row card: "
            "it goes to the city discard pile and the top city card takes its place.",
            T.FOE_PHASE, when=can_refresh, offers=("refresh:<card>", "no_refresh")),
    ])
    hero_phase = Sequence("Hero phase", level="phase", text="Each hero takes a turn.", rule=T.HERO_PHASE,
                          children=[
        Ask("Choose the starting hero", ask_start, resolve_start, "The party picks who starts.", T.HERO_PHASE,
            when=lambda ctx: True, offers=("start:<player>",)),
        ForEachPlayer("Hero turns", turn, order=turn_order, text="Clockwise from the starting hero.",
                      rule=T.HERO_PHASE),
    ])
    return Sequence("Foe Hunters", show=False, text="The whole game.", rule=T.END, children=[
        Sequence("Setup", text="Starting the game.", rule=T.SETUP, children=[
            Ask("Choose the foe", ask_foe, resolve_foe, "The party picks the foe (or option foe).", T.SETUP,
                when=foe_unset, offers=("foe:<foe>",)),
            ForEachPlayer("Heroes", Ask("Choose a hero", ask_hero, resolve_hero, "Each player picks a "
                                        "different hero (or option heroes).", T.SETUP, when=hero_unset,
                                        offers=("hero:<hero>",)),
                          text="Each player picks a hero.", rule=T.SETUP),
            Step("City deck", city_deck, "Shuffle the city deck; deal the city row of 4.", T.SETUP),
            Step("Hero decks", hero_decks, "Hero cards, hero decks, HP and 4 XP.", T.SETUP),
            Step("First draw", first_draw, "Each hero draws 1 card.", T.SETUP),
            Step("Foe deck", foe_deck, "The foe card phase 1 up; shuffle the foe deck.", T.SETUP),
        ]),
        Loop("Rounds", Sequence("Round", show=False, text="A foe phase, then a hero phase.", rule=T.FOE_PHASE,
                                children=[foe_phase, hero_phase]),
             until=rounds_done, label="Round {n}", level="round", rule=T.FOE_PHASE,
             text="Rounds until the foe is defeated or every hero is incapacitated (the end comes at once)."),
        Step("Safety cap", safety_cap, "A game stopped by the safety cap (option max_rounds) is unfinished.",
             "FH-LONG"),
    ])
