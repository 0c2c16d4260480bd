"""The rules of Passage Through Mirkwood as a flow of rule nodes: setup, then
rounds of seven phases with their action windows, until the players win at
stage 3 or every player is eliminated (both at once, from the state check).
Rule points are the specification's (section 1), ruling ids its section 5."""

from __future__ import annotations

from tablekit.core import ActionWindow, Ask, Ctx, Decision, ForEachPlayer, Loop, Option, Say, Sequence, Step
from tablekit.core.words import listing, plural

from . import combat as C
from . import table as T
from .table import point

# -- setup -------------------------------------------------------------------------------------


def seat_cards(ctx: Ctx, seat: int) -> tuple[tuple[str, ...], dict[str, int], tuple[str, ...]]:
    """A seat's heroes, its deck as card id -> copies, and the spheres of an `allies`
    deck (empty for a starter deck): rulings MK-DECKS, MK-HEROES-MP."""
    model = str(ctx.state.options.get("deck", "starter"))
    dup = bool(ctx.state.options.get("allow_duplicate_heroes"))
    heroes, cards = T.deck_cards(len(ctx.players), seat, model, dup)
    if isinstance(cards, dict):
        return heroes, dict(cards), ()
    allies = {d.id: d.quantity for d in ctx.defs.values() if d.kind == "ally" and d.fields.get("sphere") in cards}
    return heroes, allies, tuple(cards)


def player_decks(ctx: Ctx) -> Say:
    """Each player's heroes face up and ready, the player's deck (the starter deck, or the
    model's allies with option `deck: allies`), their threat the sum of their heroes'
    threat costs (points 10, 12; rulings MK-DECKS, MK-HEROES-MP). Each seat takes
    its own copies from the box, as if each player owned a Core Set."""
    parts = []
    easy = 1 if ctx.state.options.get("easy") else 0
    dup = bool(ctx.state.options.get("allow_duplicate_heroes")) and len(ctx.players) > 1
    ctx.extra["dealing"] = True     # no player is "without heroes" while the heroes are being dealt
    for seat, p in enumerate(ctx.players):
        heroes, cards, spheres = seat_cards(ctx, seat)
        for cid in heroes:
            cards[cid] = 1
        for u in list(ctx.zone(T.BOX)):
            d = ctx.defn(u)
            if cards.get(d.id, 0) <= 0:
                continue
            cards[d.id] -= 1
            if d.kind == "hero":
                ctx.move(u, T.heroes_zone(p), resources=easy, damage=0, exhausted=False)
            else:
                ctx.move(u, T.deck(p))
        total = sum(int(ctx.defn(u).fields["threat_cost"]) for u in T.heroes(ctx, p))
        ctx.state.player(p)["threat"] = total
        n = len(ctx.zone(T.deck(p)))
        what = (f"{plural(n, 'ally', 'allies')} of {listing([T.sphere_name(s) for s in spheres])}" if spheres
                else f"a starter deck of {plural(n, 'card')}")
        parts.append(f"{p} plays {T.names_or_nobody(ctx, T.heroes(ctx, p))} (threat {total}) with {what}")
    del ctx.extra["dealing"]
    extra = " Easy mode: each hero starts with 1 resource in its pool (ruling MK-EASY)." if easy else ""
    rule = "MK-HEROES-MP" if len(ctx.players) > 2 or dup else "MK-DECKS"
    house = (" Option allow_duplicate_heroes is on: every seat plays the same three heroes, a house rule that "
             "sets aside uniqueness at the table (ruling MK-HEROES-MP)." if dup else "")
    return Say(f"The heroes go face up and ready; each player's starting threat is the sum of their heroes' "
               f"threat costs: {'; '.join(parts)} (ruling {rule}).{extra}{house}", rule=rule)


def encounter_and_quest(ctx: Ctx) -> Say:
    """The encounter deck of the three encounter sets (point 18; easy mode point 21),
    the quest deck: stage 1 on stage 2, both stage-3 cards set aside (point 17)."""
    easy = bool(ctx.state.options.get("easy"))
    by_card: dict[str, list[str]] = {}
    for u in ctx.zone(T.BOX):
        by_card.setdefault(ctx.defn(u).id, []).append(u)
    n = 0
    for cid, uids in by_card.items():
        d = ctx.defs[cid]
        if d.kind in ("enemy", "location", "treachery"):
            k = int(d.fields.get("quantity_easy", d.quantity)) if easy else d.quantity
            for u in uids[:k]:
                ctx.move(u, T.ENC_DECK)
                n += 1
    for u in list(ctx.zone(T.BOX)):
        d = ctx.defn(u)
        if d.kind != "quest":
            continue
        stage = int(d.fields["stage"])
        if stage == 3:
            ctx.move(u, T.STAGE3, face=1, face_down=True)
        else:
            ctx.move(u, T.QUEST if stage == 1 else T.QUEST_DECK, face=0, progress=0)
    ctx.shuffle(T.ENC_DECK)
    for p in ctx.players:
        ctx.shuffle(T.deck(p))
    mode = " (easy mode: the easy quantities)" if easy else ""
    return Say(f"The encounter deck of {plural(n, 'card')}{mode} and every player deck are shuffled; stage 1 "
               "lies on stage 2, and both stage-3 cards are set aside face down (points 11, 17, 18).",
               rule=point(18))


def choose_first_player(ctx: Ctx) -> Say:
    """The first player: the option, else the first seat solo and a seeded draw with
    more players (point 14, ruling MK-FIRST)."""
    want = ctx.state.options.get("first_player") or "random"
    if want in ctx.players:
        p, how = want, "as the option first_player says"
    elif len(ctx.players) == 1:
        p, how = ctx.players[0], "the only player"
    else:
        p, how = ctx.players[ctx.randbelow(len(ctx.players))], "drawn at random"
    ctx.extra["first_player"] = p
    return Say(f"{p} takes the first player token ({how}, ruling MK-FIRST).", rule="MK-FIRST")


def setup_hands(ctx: Ctx) -> Say:
    texts, public = [], []
    for p in ctx.players:
        got, _ = T.draw(ctx, p, T.HAND_SIZE)
        texts.append(f"{p}: {T.names_or_nobody(ctx, got, 'no card')}")
        public.append(f"{p} {plural(len(got), 'card')}")
    return Say(f"Each player draws their setup hand of 6 cards ({'; '.join(texts)}) (point 15).", rule=point(15),
               public=f"Each player draws 6 cards ({', '.join(public)}).")


def stage_1a(ctx: Ctx) -> Say:
    """Stage 1A: one Forest Spider and one Old Forest Road go from the encounter deck to
    the staging area, added, not revealed; shuffle; the stage turns to 1B (point 19)."""
    found = []
    for cid in ("forest-spider", "old-forest-road"):
        u = next((x for x in ctx.zone(T.ENC_DECK) if ctx.defn(x).id == cid), None)
        if u is not None:
            ctx.move(u, T.STAGING, damage=0, progress=0)
            found.append(u)
    ctx.shuffle(T.ENC_DECK)
    stage = T.current_stage(ctx)
    ctx.flip(stage, 1)
    return Say(f"Stage 1A: {T.names_or_nobody(ctx, found)} go from the encounter deck to the staging area "
               "(added, not revealed: no When Revealed); the encounter deck is shuffled "
               f"({plural(len(ctx.zone(T.ENC_DECK)), 'card')} left) and the quest turns to "
               f"{ctx.face(stage).name}, {plural(T.quest_points(ctx, stage), 'quest point')} (point 19).",
               rule=point(19))


def mulligan_on(ctx: Ctx) -> bool:
    return bool(ctx.state.options.get("mulligan", True))


def ask_mulligan(ctx: Ctx) -> Decision:
    p = ctx.player
    return Decision(p, f"{p}: keep your 6 cards, or shuffle them back and draw 6 new ones, which you must keep "
                    "(ruling MK-MULLIGAN)?", [Option("keep", "Keep this hand"),
                                              Option("mulligan", "Mulligan: shuffle it back and draw 6 new cards")],
                    kind="mulligan", default=suggested_mulligan(ctx, p))


def payable_in_first_round(ctx: Ctx, p: str, uid: str) -> bool:
    """Whether p's heroes can pay for card `uid` of p's hand by the first round: the
    heroes of its sphere (any hero, for a neutral card) with what their pools hold now
    plus the 1 resource each gains in the resource phase (points 30, 37, 39). A card of
    a sphere none of p's heroes has is never paid for (point 37)."""
    fields = ctx.defn(uid).fields
    sphere, cost = str(fields.get("sphere", "neutral")), int(fields.get("cost", 0))
    payers = [h for h in T.heroes(ctx, p) if sphere == "neutral" or T.has_sphere(ctx, h, sphere)]
    return bool(payers) and sum(T.resources(ctx, h) + 1 for h in payers) >= cost


def payable_cards(ctx: Ctx, p: str) -> list[str]:
    """The cards of p's hand p's heroes can pay for by the first round."""
    return [u for u in ctx.zone(T.hand(p)) if payable_in_first_round(ctx, p, u)]


def suggested_mulligan(ctx: Ctx, p: str) -> str:
    """The mulligan answer the table suggests: keep a hand holding any card p can pay for
    in the first round (whether to redraw it then is a judgment call); take the mulligan
    only when nothing in it can be paid for. Read from p's own hand and heroes."""
    return "keep" if payable_cards(ctx, p) else "mulligan"


def resolve_mulligan(ctx: Ctx, ids: tuple[str, ...]) -> Say:
    p = ctx.player
    if ids[0] == "keep":
        return Say(f"{p} keeps the setup hand (ruling MK-MULLIGAN).", rule="MK-MULLIGAN")
    for u in list(ctx.zone(T.hand(p))):
        ctx.move(u, T.deck(p))
    ctx.shuffle(T.deck(p))
    got, _ = T.draw(ctx, p, T.HAND_SIZE)
    return Say(f"{p} takes their one mulligan: their hand goes back, their deck is shuffled and they draw "
               f"{T.names_or_nobody(ctx, got, 'no card')}, which they keep (ruling MK-MULLIGAN).", rule="MK-MULLIGAN",
               public=f"{p} takes their one mulligan and draws {plural(len(got), 'new card')} (ruling MK-MULLIGAN).")


# -- resource phase ------------------------------------------------------------------------------

def gain_resources(ctx: Ctx) -> Say:
    parts = []
    for p in T.turn_order(ctx):
        for h in T.heroes(ctx, p):
            ctx.do("resource", card=h, add=1)
        parts.append(f"{p}: {listing([f'{ctx.name(h)} {T.resources(ctx, h)}' for h in T.heroes(ctx, p)])}")
    return Say(f"Round {ctx.count('Rounds')}: each hero adds 1 resource to its pool ({'; '.join(parts)}) "
               "(point 30).", rule=point(30))


def draw_cards(ctx: Ctx) -> Say:
    texts, public, notes = [], [], []
    for p in T.turn_order(ctx):
        got, short = T.draw(ctx, p, 1)
        texts.append(f"{p} draws {T.names_or_nobody(ctx, got)}" if got else f"{p} draws nothing")
        public.append(f"{p} draws {plural(len(got), 'card')}")
        if short:
            notes.append(short)
    rule = "MK-ENCHANTED" if any("MK-ENCHANTED" in n for n in notes) else (
        "MK-EMPTY-DECK" if notes else point(31))
    tail = f" ({'; '.join(notes)})" if notes else ""
    return Say(f"{'; '.join(texts)}{tail} (point 31).", rule=rule, public=f"{'; '.join(public)}{tail}.")


# -- planning ------------------------------------------------------------------------------------

def only_player(ctx: Ctx) -> list[str]:
    return [ctx.player]


# -- quest ---------------------------------------------------------------------------------------

def ask_commit(ctx: Ctx) -> Decision | None:
    p = ctx.player
    opts = []
    for u in T.characters(ctx, p):
        ready = T.is_ready(ctx, u)
        opts.append(Option(f"commit:{u}", f"{ctx.name(u)} ({T.stat(ctx, u, 'willpower')} willpower)", ready,
                           "" if ready else f"{ctx.name(u)} is exhausted: only a ready character can "
                           "commit (point 7)"))
    if not any(o.legal for o in opts):
        return None
    staging = staging_threat(ctx)
    return Decision(p, f"{p}: commit any of your ready characters to the quest (they exhaust); the staging "
                    f"area's threat is {staging} now (point 45).", opts, min=0, max=len(opts), kind="commit")


def resolve_commit(ctx: Ctx, ids: tuple[str, ...]) -> Say:
    p = ctx.player
    cards = [i.split(":", 1)[1] for i in ids]
    for u in cards:
        T.exhaust(ctx, u)
        ctx.card(u)["committed"] = True
    for u in cards:
        ctx.do("committed", card=u, player=p)
    if not cards:
        return Say(f"{p} commits no character; the staging area's threat still counts (point 46).",
                   rule=point(46))
    wp = sum(T.stat(ctx, u, "willpower") for u in cards)
    return Say(f"{p} commits {T.names_or_nobody(ctx, cards)} to the quest ({wp} willpower), exhausting "
               f"{T.them(cards)} (point 45).", rule=point(45))


def staging_threat(ctx: Ctx) -> int:
    return sum(T.stat(ctx, u, "threat") for u in ctx.zone(T.STAGING))


def begin_staging(ctx: Ctx) -> Say:
    n = len(T.turn_order(ctx))
    ctx.extra["staging_left"] = n
    return Say(f"Staging: {plural(n, 'encounter card')} will be revealed, 1 per active player; the number is "
               "fixed now (points 47, 131).", rule=point(47))


def staging_done(ctx: Ctx) -> bool:
    return ctx.extra.get("staging_left", 0) <= 0


def reveal_next(ctx: Ctx) -> Say:
    ctx.extra["staging_left"] = ctx.extra.get("staging_left", 0) - 1
    note = C.refill_encounter_deck(ctx)
    if not ctx.zone(T.ENC_DECK):
        return Say(f"{note}The encounter deck and its discard pile are empty: nothing is revealed (ruling "
                   "MK-ENC-EMPTY).", rule="MK-ENC-EMPTY")
    u = ctx.zone(T.ENC_DECK)[-1]
    said = C.as_say(ctx.start("reveal", source=u), rule=point(48))
    if note:
        return Say(f"{note}{said.text}", rule="MK-ENC-EMPTY")
    return said


def quest_resolution(ctx: Ctx) -> Say:
    wp = sum(T.stat(ctx, u, "willpower") for u in T.committed(ctx))
    th = staging_threat(ctx)
    if wp > th:
        said = C.place_progress(ctx, wp - th)
        return Say(f"Willpower {wp} against threat {th}: the players quest successfully; {said} (point 53).",
                   rule=point(53))
    if th > wp:
        d = th - wp
        order = T.turn_order(ctx)
        for p in order:
            ctx.do("threat", player=p, add=d)
        return Say(f"Willpower {wp} against threat {th}: the quest fails and each player raises their threat by "
                   f"{d} ({listing([f'{p} {T.threat(ctx, p)}' for p in order])}) (point 54).",
                   rule=point(54))
    return Say(f"Willpower {wp} against threat {th}: equal, nothing happens (point 55).", rule=point(55))


def end_quest(ctx: Ctx) -> Say:
    gone = T.committed(ctx)
    for u in gone:
        ctx.card(u).pop("committed", None)
    return Say(f"The quest is resolved: {plural(len(gone), 'character')} no longer committed, still exhausted "
               "(point 56).", rule=point(56))


# -- travel --------------------------------------------------------------------------------------

def may_travel(ctx: Ctx) -> bool:
    return not ctx.zone(T.ACTIVE) and any(ctx.kind(u) == "location" for u in ctx.zone(T.STAGING))


def ask_travel(ctx: Ctx) -> Decision | None:
    if not may_travel(ctx):
        return None
    fp = T.first_player(ctx)
    opts = []
    for u in ctx.zone(T.STAGING):
        if ctx.kind(u) != "location":
            continue
        why = C.travel_refusal(ctx, u)
        opts.append(Option(f"travel:{u}", f"Travel to {ctx.name(u)} (threat {T.stat(ctx, u, 'threat')}, "
                           f"{plural(T.quest_points(ctx, u), 'quest point')})", not why, why,
                           rule="MK-TRAVEL-COST" if why else ""))
    opts.append(Option("no_travel", "Do not travel"))
    return Decision(fp, f"{fp}, the first player: travel to one location in the staging area, or not (point 63).",
                    opts, kind="travel")


def resolve_travel(ctx: Ctx, ids: tuple[str, ...]) -> Say:
    fp = T.first_player(ctx)
    if ids[0] == "no_travel":
        return Say(f"{fp}, the first player, chooses not to travel (point 63).", rule=point(63))
    u = ids[0].split(":", 1)[1]
    out = ctx.start("travel", source=u, controller=fp)
    return C.as_say(out, rule=point(65))


# -- encounter -----------------------------------------------------------------------------------

def ask_optional_engagement(ctx: Ctx) -> Decision | None:
    p = ctx.player
    enemies = [u for u in ctx.zone(T.STAGING) if ctx.kind(u) == "enemy"]
    if not enemies:
        return None
    opts = [Option(f"engage:{u}", f"Engage {ctx.name(u)} (engagement {T.engagement(ctx, u)}, attack "
                   f"{T.stat(ctx, u, 'attack')})") for u in enemies]
    opts.append(Option("no_engage", "Engage no enemy"))
    now = engage_now(ctx, p, enemies)
    return Decision(p, f"{p} (threat {T.threat(ctx, p)}): you may engage one enemy in the staging area, whatever "
                    "its engagement cost (point 67).", opts, kind="engage",
                    default=f"engage:{now}" if now else "no_engage")


def engage_now(ctx: Ctx, p: str, enemies: list[str]) -> str | None:
    """The suggestion of the optional engagement (else none): an enemy that comes to `p`
    next round anyway and that `p`'s party can destroy this round. It comes anyway when
    its engagement cost is just above `p`'s threat, which the refresh raises by 1 (point
    93) before the next engagement check; one at or below the threat engages in this
    round's check in a moment. The party destroys it when the ready characters, the best
    defender kept back for its attack, reach its hit points left plus its defense, and
    no other enemy is engaged with `p` or engages `p` in this round's check (its cost at
    or below the threat) to take them. Engaged now, it is fought while the
    party is ready (and Gandalf, who leaves at the end of the round, can help), and its
    threat no longer counts against the next quest. The one with the strongest attack
    first."""
    threat = T.threat(ctx, p)
    coming = [u for u in enemies if T.engagement(ctx, u) == threat + 1]
    if not coming or T.engaged_enemies(ctx, p) or any(T.engagement(ctx, u) <= threat for u in enemies):
        return None  # another enemy is engaged, or engages in this round's check
    ready = [c for c in T.characters(ctx, p) if T.is_ready(ctx, c)]
    if not ready:
        return None
    keep = max(ready, key=lambda c: T.stat(ctx, c, "defense"))
    power = sum(T.stat(ctx, c, "attack") for c in ready if c != keep)
    for u in sorted(coming, key=lambda u: -T.stat(ctx, u, "attack")):
        if power >= T.hp_left(ctx, u) + T.stat(ctx, u, "defense"):
            return u
    return None


def resolve_optional_engagement(ctx: Ctx, ids: tuple[str, ...]) -> Say:
    p = ctx.player
    if ids[0] == "no_engage":
        return Say(f"{p} engages no enemy (point 67).", rule=point(67))
    u = ids[0].split(":", 1)[1]
    C.engage(ctx, u, p)
    return Say(f"{p} engages {ctx.name(u)} (point 67).", rule=point(67))


def candidates(ctx: Ctx, p: str) -> list[str]:
    """The enemies in staging with the highest engagement cost not above p's threat."""
    t = T.threat(ctx, p)
    ok = [u for u in ctx.zone(T.STAGING) if ctx.kind(u) == "enemy" and T.engagement(ctx, u) <= t]
    if not ok:
        return []
    top = max(T.engagement(ctx, u) for u in ok)
    return [u for u in ok if T.engagement(ctx, u) == top]


def none_can_engage(ctx: Ctx) -> bool:
    return not any(candidates(ctx, p) for p in T.turn_order(ctx))


def ask_engagement_check(ctx: Ctx) -> Decision | None:
    p = ctx.player
    top = candidates(ctx, p)
    if not top:
        return None
    tie = len(top) > 1
    opts = [Option(f"engage:{u}", f"{ctx.name(u)} (engagement {T.engagement(ctx, u)})") for u in top]
    who = T.first_player(ctx) if ctx.ruling("MK-ENGAGE-TIE") == "first_player" and tie else p
    why = (f" Several tie: {'you choose' if who == p else who + ', the first player, chooses'} which (ruling "
           "MK-ENGAGE-TIE)." if tie else "")
    return Decision(who, f"{p}'s engagement check (threat {T.threat(ctx, p)}): the enemy with the highest engagement "
                    f"cost not above it engages you (point 68).{why}", opts, kind="engagement",
                    default=opts[0].id)


def resolve_engagement_check(ctx: Ctx, ids: tuple[str, ...]) -> Say:
    p = ctx.player
    u = ids[0].split(":", 1)[1]
    tie = len(candidates(ctx, p)) > 1
    C.engage(ctx, u, p)
    rule = "MK-ENGAGE-TIE" if tie else point(68)
    chooser = T.first_player(ctx) if ctx.ruling("MK-ENGAGE-TIE") == "first_player" else p
    how = f"{chooser} chooses it among the tied enemies (ruling MK-ENGAGE-TIE)" if tie else \
        "the highest engagement cost not above their threat"
    return Say(f"Engagement check: {ctx.name(u)} (engagement {T.engagement(ctx, u)}) engages {p} at threat "
               f"{T.threat(ctx, p)}: {how} (point 68).", rule=rule)


# -- refresh -------------------------------------------------------------------------------------

def ready_all(ctx: Ctx) -> Say:
    ctx.extra["web_asked"] = []
    stuck = []
    n = 0
    for p in T.turn_order(ctx):
        for u in T.characters(ctx, p):
            if C.webs_on(ctx, u):
                if ctx.card(u).get("exhausted"):
                    stuck.append(u)
                continue
            if ctx.card(u).get("exhausted"):
                T.ready(ctx, u)
                n += 1
    gear = [w for p in T.turn_order(ctx) for w in ctx.zone(T.zone(p, "attachments")) if ctx.card(w).get("exhausted")]
    for w in gear:
        T.ready(ctx, w)  # an attachment readies on its own (point 8)
    verb = "stays" if len(stuck) == 1 else "stay"
    note = (f" {T.names_or_nobody(ctx, stuck)} {verb} exhausted under Caught in a Web unless their controller pays "
            "(ruling MK-CAUGHT)." if stuck else "")
    also = f" and {plural(len(gear), 'attachment')}" if gear else ""
    return Say(f"Refresh: every exhausted card readies ({plural(n, 'character')}{also}).{note} (point 92)",
               rule="MK-CAUGHT" if stuck else point(92))


def raise_threat(ctx: Ctx) -> Say:
    order = T.turn_order(ctx)
    for p in order:
        ctx.do("threat", player=p, add=1)
    return Say(f"Each player raises their threat by 1 ({listing([f'{p} {T.threat(ctx, p)}' for p in order])}) "
               "(point 93).", rule=point(93))


def pass_token(ctx: Ctx) -> Say:
    order = T.turn_order(ctx)
    old = T.first_player(ctx)
    if len(order) <= 1:
        return Say(f"{old} keeps the first player token: there is no other active player (point 94).",
                   rule=point(94))
    new = order[1] if order[0] == old else order[0]
    ctx.extra["first_player"] = new
    return Say(f"The first player token passes clockwise from {old} to {new} (point 94).", rule=point(94))


def end_round(ctx: Ctx) -> Say:
    before = len(ctx.state.triggers)
    ctx.do("round_end")
    n = len(ctx.state.triggers) - before
    fired = f"; {plural(n, 'end-of-round effect')} trigger{'s' if n == 1 else ''}" if n else ""
    return Say(f"Round {ctx.count('Rounds')} ends: until-the-end-of-the-round effects end{fired} (point 95).",
               rule=point(95))


# -- the end -------------------------------------------------------------------------------------

def rounds_done(ctx: Ctx) -> bool:
    limit = ctx.state.options.get("max_rounds", 0)
    return bool(limit) and ctx.count("Rounds") >= limit


def safety_cap(ctx: Ctx) -> Say:
    limit = ctx.state.options.get("max_rounds", 0)
    ctx.end_game("unfinished", f"the safety cap of {plural(limit, 'round')} was reached with the quest unfinished", [])
    return Say(f"Round {limit} was the last the safety cap allows (option max_rounds): the game ends unfinished.",
               rule=point(22))


# -- the tree ------------------------------------------------------------------------------------

def window(name: str, text: str = "Players may take actions.") -> ActionWindow:
    return ActionWindow(name, players=T.turn_order, abilities="action", auto_pass=True, text=text,
                        rule="MK-WINDOWS", prompt="Take an action, or pass",
                        offers=("act:<card>:<ability>",))


def build_flow():
    setup = Sequence("Setup", text="Heroes, threat, shuffles, 6-card hands, stage 1A.", rule=point(10), children=[
        Step("Player decks", player_decks, "Heroes face up; threat from their costs; each seat's deck.",
             "MK-DECKS"),
        Step("Encounter and quest decks", encounter_and_quest, "Shuffle the encounter deck and player decks; "
             "set out the quest deck.", point(18)),
        Step("First player", choose_first_player, "Give the first player token.", "MK-FIRST"),
        Step("Setup hands", setup_hands, "Each player draws 6 cards.", point(15)),
        ForEachPlayer("Mulligans", Ask("Mulligan", ask_mulligan, resolve_mulligan, "Keep the hand, or redraw "
                                       "6 once.", "MK-MULLIGAN", when=mulligan_on,
                                       offers=("keep", "mulligan")), order=T.turn_order,
                      rule="MK-MULLIGAN", text="Each player in turn may take one mulligan."),
        Step("Stage 1A", stage_1a, "Forest Spider and Old Forest Road to the staging area; turn to 1B.",
             point(19)),
    ])
    resource = Sequence("Resource phase", level="phase", text="Resources, then a draw.", rule=point(30), children=[
        Step("Gain resources", gain_resources, "Each hero gains 1 resource.", point(30)),
        Step("Draw", draw_cards, "Each player draws 1 card.", point(31)),
        window("Resource actions"),
    ])
    planning = Sequence("Planning phase", level="phase", text="Play allies and attachments, paying their costs.",
                        rule=point(34), children=[
        ForEachPlayer("Planning turns", ActionWindow(
            "Play allies", players=only_player, abilities="planning", rule=point(34),
            text="Play allies and attachments from your hand, paid by your heroes of their sphere (a neutral "
                 "card by any of them), until you stop.",
            prompt="Play an ally, or pass to end your planning", offers=("act:<card>:<ability>",)), order=T.turn_order,
            text="Each player in turn from the first player.", rule=point(34)),
        window("Planning actions"),
    ])
    quest = Sequence("Quest phase", level="phase", text="Commit, staging, resolution.", rule=point(45), children=[
        window("Quest begins"),
        ForEachPlayer("Commit", Ask("Commit characters", ask_commit, resolve_commit, "Commit ready characters "
                                    "(they exhaust).", point(45),
                                    offers=("commit:<card>",)), order=T.turn_order, rule=point(45),
                      text="Each player commits in turn."),
        window("After committing"),
        Step("Begin staging", begin_staging, "1 encounter card per active player.", point(47)),
        Loop("Staging", Step("Reveal", reveal_next, "Reveal the top encounter card: its When Revealed effect resolves, "
                             "then an enemy or location goes to the staging area, a treachery to the "
                             "encounter discard pile.", point(48)),
             until=staging_done, label="Reveal {n}", rule=point(48), text="Reveal until none is left."),
        window("After staging"),
        Step("Quest resolution", quest_resolution, "The committed characters' willpower against the staging "
             "area's threat: more willpower places the difference as progress, the active location first; more "
             "threat raises each player's threat by the difference; a tie does nothing. A location whose progress "
             "reaches its quest points is explored, to the encounter discard pile.", point(52)),
        window("After the quest"),
        Step("Quest ends", end_quest, "Characters are no longer committed.", point(56)),
    ])
    travel = Sequence("Travel phase", level="phase", text="Travel to a location.", rule=point(63), children=[
        window("Travel begins"),
        Ask("Travel", ask_travel, resolve_travel, "With no active location, the first player may travel to a "
            "location in the staging area; it becomes the active location.", point(63), when=may_travel,
            offers=("travel:<card>", "no_travel")),
        window("After travel"),
    ])
    encounter = Sequence("Encounter phase", level="phase", text="Engagements.", rule=point(67), children=[
        window("Encounter begins"),
        ForEachPlayer("Optional engagement", Ask("Engage an enemy", ask_optional_engagement,
                                                 resolve_optional_engagement, "You may engage one enemy.",
                                                 point(67), offers=("engage:<card>", "no_engage")), order=T.turn_order, rule=point(67),
                      text="Each player may engage one enemy."),
        window("After optional engagement"),
        Loop("Engagement checks", ForEachPlayer(
            "Checks", Ask("Engagement check", ask_engagement_check, resolve_engagement_check,
                          "The highest engagement cost not above your threat engages you.", point(68),
                          auto_forced=True, offers=("engage:<card>",)), order=T.turn_order, rule=point(68), text="Each player checks."),
             until=none_can_engage, label="Check round {n}", rule=point(68),
             text="Repeat until no enemy can engage."),
        window("After engagement checks"),
    ])
    combat = Sequence("Combat phase", level="phase", text="Shadows, enemy attacks, player attacks.",
                      rule=point(72), children=[
        window("Combat begins"),
        Ask("Shadow tie", C.ask_shadow_tie, C.resolve_shadow_tie, "Too few cards for tied enemies: the first "
            "player picks which are dealt.", "MK-SHADOW-TIE", when=lambda ctx: bool(C.shadow_tie(ctx)[0]),
            offers=("shadow:<card>",)),
        Step("Deal shadows", C.deal_shadows, "One face-down shadow card to each engaged enemy.", point(72)),
        window("After shadows"),
        ForEachPlayer("Enemy attacks", Loop("Attacks", C.enemy_attack(window), until=C.no_enemy_to_attack,
                                            label="Attack {n}", rule=point(73), text="Each engaged enemy attacks."),
                      order=T.turn_order, rule=point(73),
                      text="Each player in turn resolves the attacks of the enemies engaged with them."),
        ForEachPlayer("Player attacks", Loop("Strikes", C.player_attack(window), until=C.attacks_done,
                                             label="Strike {n}", rule=point(84), text="Declare attacks."),
                      order=T.turn_order, rule=point(84),
                      text="Each player in turn may attack the enemies engaged with them (with Ranged "
                           "characters, another player's too)."),
        Step("End of combat", C.end_of_combat, "Discard every shadow card.", point(91)),
        window("Combat ends"),
    ])
    refresh = Sequence("Refresh phase", level="phase", text="Ready, threat +1, pass the token.", rule=point(92),
                       children=[
        Step("Ready", ready_all, "Ready every exhausted card.", point(92)),
        Ask("Caught in a Web", C.ask_web, C.resolve_web, "Pay 2 resources to ready a hero caught in a web.",
            "MK-CAUGHT", when=C.web_to_pay, offers=("pay:<card>", "stay:<card>")),
        Step("Threat", raise_threat, "Each player raises their threat by 1.", point(93)),
        Step("First player token", pass_token, "The token passes clockwise.", point(94)),
        window("Refresh actions"),
        Step("End of the round", end_round, "End-of-round effects.", point(95)),
    ])
    round_ = Sequence("Round", show=False, text="Seven phases.", rule=point(22),
                      children=[resource, planning, quest, travel, encounter, combat, refresh])
    return Sequence("Passage Through Mirkwood", show=False, text="The whole game.", rule=point(22), children=[
        setup,
        Loop("Rounds", round_, until=rounds_done, label="Round {n}", level="round", rule=point(22),
             text="Rounds until the players win or are all eliminated (the end comes at once)."),
        Step("Safety cap", safety_cap, "A game stopped by the safety cap (option max_rounds) is unfinished.",
             point(22)),
    ])
