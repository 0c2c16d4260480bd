"""The rules of Legends of Labyrinth as a flow of rule nodes.

Rule references name the rulebook's sections ("Game Setup", "Drawing Cards",
"Taking 1 ACTION"...) or a ruling id of docs/rulings/labyrinth.md.
"""

from __future__ import annotations

from tablekit.core import Ask, Ctx, Decision, ForEachPlayer, Loop, Option, Say, Sequence, Step

from . import abilities as A
from . import chain as C
from . import table as T

# -- setup -------------------------------------------------------------------------------------


def sort_cards(ctx: Ctx) -> Say:
    n = {k: sum(1 for u in ctx.zone(T.BOX) if ctx.kind(u) == k) for k in ("retinue", "influence", "hero")}
    return Say(f"The cards are sorted by their backs into {n['retinue']} retinue cards, "
               f"{n['influence']} influence cards and {n['hero']} heroes.", rule=T.SETUP)


def gentle_game(ctx: Ctx) -> Say:
    if ctx.state.variant == T.GENTLE:
        gone = [u for u in ctx.zone(T.BOX) if ctx.defn(u).id in T.GENTLE_OUT]
        return Say(f"This is the gentle game (variant gentle): {ctx.names(gone)} stay in the box.",
                   rule=T.SETUP)
    return Say("This is the full game: the Golem, Deadly Plague and Beguilement! are played "
               "(the variant gentle leaves them in the box).", rule=T.SETUP)


def lay_out_board(ctx: Ctx) -> Say:
    board = [u for u in ctx.zone(T.BOX) if ctx.kind(u) == "retinue"]
    board.sort(key=lambda u: T.field(ctx, u, "number"))
    for u in board:
        ctx.move(u, T.BOARD)
    return Say(f"The {len(board)} retinue cards are laid out as the board, in three rows by their "
               "numbers.", rule=T.SETUP)


def markers(ctx: Ctx) -> Say:
    ctx.extra["gathered"] = {p: [] for p in ctx.players}
    for p in ctx.players:
        ctx.state.player(p)["retinues"] = 0
    return Say(f"Each lord takes player markers of one colour: {', '.join(ctx.players)} "
               f"({len(ctx.players)} lords; ruling LAB-PLAYERS).", rule="LAB-PLAYERS")


def _gentle_out(ctx: Ctx, u: str) -> bool:
    return ctx.state.variant == T.GENTLE and ctx.defn(u).id in T.GENTLE_OUT


def shuffle_influence(ctx: Ctx) -> Say:
    cards = [u for u in ctx.zone(T.BOX) if ctx.kind(u) == "influence" and not _gentle_out(ctx, u)]
    for u in cards:
        ctx.move(u, T.INFLUENCE)
    ctx.shuffle(T.INFLUENCE)
    return Say(f"The {len(cards)} influence cards are shuffled into the influence deck, face down.",
               rule=T.SETUP)


def shuffle_heroes(ctx: Ctx) -> Say:
    cards = [u for u in ctx.zone(T.BOX) if ctx.kind(u) == "hero" and not _gentle_out(ctx, u)]
    for u in cards:
        ctx.move(u, T.HEROES)
    ctx.shuffle(T.HEROES)
    return Say(f"The {len(cards)} hero cards are shuffled into the heroes deck, face down.",
               rule=T.SETUP)


def deal(ctx: Ctx) -> Say:
    parts, public = [], []
    for p in ctx.players:
        got, _ = T.draw(ctx, p, 2)
        parts.append(f"{p}: {ctx.names(got)}")
        public.append(p)
    return Say(f"Each lord draws 2 influence cards ({'; '.join(parts)}).", rule=T.SETUP,
               public=f"Each lord draws 2 influence cards ({', '.join(public)}).")


def first_player(ctx: Ctx) -> Say:
    names = ctx.players
    first = names[ctx.randbelow(len(names))]
    ctx.extra["first"] = first
    return Say(f"{first} is drawn at random to go first; play goes clockwise: "
               f"{' → '.join(turn_order(ctx))}.", rule=T.SETUP)


def turn_order(ctx: Ctx) -> list[str]:
    names = ctx.players
    i = names.index(ctx.extra["first"])
    return names[i:] + names[:i]


# -- rounds and the end ------------------------------------------------------------------------------

def current_round(ctx: Ctx) -> int:
    return ctx.count("Rounds")


def game_done(ctx: Ctx) -> bool:
    """Checked before each round: the safety cap, off by default (ruling LAB-LONG). A
    third retinue ends the game at once instead (see chain.gather)."""
    limit = ctx.state.options.get("max_rounds", 0)
    return bool(limit) and ctx.count("Rounds") >= limit


# -- the turn ------------------------------------------------------------------------------------------

def draw(ctx: Ctx) -> Say:
    """The turn begins (the engine has put fresh turn data in place: 1 free action,
    nothing used yet)."""
    ctx.extra["round"] = current_round(ctx)
    p = ctx.player
    n = 1 if ctx.zone(T.hand(p)) else 2
    why = "holds cards, so" if n == 1 else "holds no cards, so"
    text, public, rule = T.draw_say(ctx, p, n, why)
    return Say(text, rule=rule, public=public)


def retinues_over(ctx: Ctx) -> bool:
    data = T.turn_data(ctx)
    return data["ret_over"] or not any(n > 0 for n in A.retinue_uses_left(ctx, ctx.player).values())


def ask_retinue(ctx: Ctx) -> Decision | None:
    p = ctx.player
    opts = A.retinue_options(ctx, p)
    opts.append(Option("done", "Use no more retinue abilities this turn"))
    return Decision(p, "Retinue abilities: use each gathered retinue once (twice for two identical), "
                    "in any order, or move on. Once you move on, the chance is gone.", opts,
                    kind="retinue")


def resolve_retinue(ctx: Ctx, ids) -> Say:
    p = ctx.player
    data = T.turn_data(ctx)
    if ids == ("done",):
        data["ret_over"] = True
        left = [r for r, n in A.retinue_uses_left(ctx, p).items() if n > 0]
        lost = (f" The unused {', '.join(T.retinue_name(r) for r in left)} cannot be used later this "
                "turn." if left else "")
        return Say(f"{p} moves on from the retinue abilities.{lost}", rule=T.RETINUES)
    r = ids[0].split(":", 1)[1]
    A.note_retinue_use(ctx, p, r)
    return A.use_retinue(ctx, p, r)


def legends_over(ctx: Ctx) -> bool:
    data = T.turn_data(ctx)
    if data["leg_over"]:
        return True
    p = ctx.player
    return not any(T.acts_before_actions(ctx, u) and not A.legend_used(ctx, p, u)
                   for u in ctx.zone(T.heroes(p)))


def ask_legend(ctx: Ctx) -> Decision | None:
    p = ctx.player
    opts = A.legend_options(ctx, p)
    opts.append(Option("done", "Use no more legendary heroes; go on to the actions"))
    return Decision(p, "Legendary heroes: use each of yours that acts before the actions, in any "
                    "order (each once a turn, ruling LAB-LEGEND-ONCE).", opts, kind="legend")


def resolve_legend(ctx: Ctx, ids) -> Say:
    p = ctx.player
    data = T.turn_data(ctx)
    if ids == ("done",):
        data["leg_over"] = True
        return Say(f"{p} is done with legendary heroes and goes on to the actions.", rule=T.LEGENDS)
    return A.use_legend(ctx, p, ids[0])


# -- actions ---------------------------------------------------------------------------------------

def actions_over(ctx: Ctx) -> bool:
    data = T.turn_data(ctx)
    return data["done"] or data["actions"] <= 0


def ask_action(ctx: Ctx) -> Decision | None:
    p = ctx.player
    data = T.turn_data(ctx)
    opts = []
    seen = set()
    for u in ctx.zone(T.hand(p)):
        cid = ctx.defn(u).id
        if cid in seen:
            continue
        seen.add(cid)
        label = f"Play {ctx.name(u)}"
        if T.is_counter(ctx, u):
            opts.append(Option(f"play:{cid}", label, False,
                               f"{ctx.name(u)} is never played as an action: it is free, and only "
                               "answers another lord's card when every lord is asked: their "
                               "activity on their turn, or a counter played on your own activity "
                               "(rulings LAB-COUNTER-WHO, LAB-COUNTER-WHAT).", rule="LAB-COUNTER-WHAT"))
        else:
            opts.append(Option(f"play:{cid}", label))
    for r, use, why in T.gather_plans(ctx, p):
        opts.append(Option(f"gather:{r}", f"Gather the {T.retinue_name(r)}", use is not None, why,
                           rule=T.cited_rule(why)))
    if data["taken"] == 0:
        opts.append(Option("pass", "Pass: take no action, recruit 1 hero and end the turn"))
        opts.append(Option("stop", "End the actions without recruiting", False,
                           "With no action taken, ending your actions is passing: choose pass "
                           "(ruling LAB-PASS).", rule="LAB-PASS"))
    else:
        opts.append(Option("pass", "Pass and recruit 1 hero", False,
                           "Passing replaces the turn's actions, and you have taken one already "
                           "(ruling LAB-PASS).", rule="LAB-PASS"))
        opts.append(Option("stop", f"Take no more actions ({data['actions']} left)"))
    return Decision(p, f"Actions: {data['actions']} left. Play an influence card, gather a retinue, "
                    "or pass.", opts, kind="action")


def resolve_action(ctx: Ctx, ids) -> Say:
    p = ctx.player
    data = T.turn_data(ctx)
    choice = ids[0]
    if choice == "pass":
        data["done"] = True
        data["passed"] = True
        return Say(f"{p} passes: no action this turn, and for passing {T.recruit(ctx, p, 1)}",
                   rule=T.HEROES_SEC)
    if choice == "stop":
        data["done"] = True
        return Say(f"{p} takes no more actions ({data['actions']} left unused).", rule="LAB-PASS")
    data["actions"] -= 1
    data["taken"] += 1
    verb, arg = choice.split(":", 1)
    if verb == "play":
        uid = next(u for u in ctx.zone(T.hand(p)) if ctx.defn(u).id == arg)
        ctx.move(uid, T.played(p))
        effect, i = T.play_effect(ctx, uid)
        C.place(ctx, p, effect, uid, i)
        return Say(f"{p} spends an action and places {ctx.name(uid)} on the table: "
                   f"{ctx.defn(uid).text} Each other lord is asked, clockwise, whether to counter it.",
                   rule=T.PLAYING)
    use, _ = T.gather_plan(ctx, p, arg)
    ways = sum(1 for w in T.gather_choices(ctx, p, arg) if not w[2])
    C.place(ctx, p, "gather", arg)
    spend = (f"with {ctx.names(use)}" if ways < 2 else
             f"({p} chooses which heroes to spend as it resolves, ruling LAB-GATHER-PICK)")
    return Say(f"{p} spends an action to gather the {T.retinue_name(arg)} {spend}. "
               "Each other lord is asked, clockwise, whether to counter it.", rule=T.GATHER)


# -- end of the turn -----------------------------------------------------------------------------------

def any_played(ctx: Ctx) -> bool:
    return any(ctx.zone(T.played(p)) for p in ctx.players)


def discard_played(ctx: Ctx) -> Say:
    moved = []
    for p in ctx.players:
        for u in list(ctx.zone(T.played(p))):
            ctx.move(u, T.DISCARD)
            moved.append(u)
    return Say(f"{played_words(ctx, moved)} face up on the influence discard pile.", rule=T.DISC_PLAYED)


def played_words(ctx: Ctx, cards: list[str]) -> str:
    """The cards played this turn, as the subject of "go(es) on the discard pile":
    the counters are named as such only when some were played."""
    if len(cards) == 1:
        return f"The one influence card played this turn, {ctx.names(cards)}, goes"
    counters = sum(1 for u in cards if T.is_counter(ctx, u))
    if counters == len(cards):
        among = ", every one a counter"
    elif counters:
        among = ", the counter included" if counters == 1 else f", the {counters} counters included"
    else:
        among = ""
    return f"The {len(cards)} influence cards played this turn ({ctx.names(cards)}{among}) go"


def over_limit(ctx: Ctx) -> bool:
    p = ctx.player
    return len(ctx.zone(T.hand(p))) > T.hand_limit(ctx, p)


def ask_hand(ctx: Ctx) -> Decision | None:
    p = ctx.player
    h = ctx.zone(T.hand(p))
    k = len(h) - T.hand_limit(ctx, p)
    if k <= 0:
        return None
    opts = [Option(f"discard:{u}", f"Discard {ctx.name(u)}") for u in h]
    return Decision(p, f"You hold {len(h)} influence cards; discard {k} to keep "
                    f"{T.hand_limit(ctx, p)}.", opts, min=k, max=k, kind="hand")


def resolve_hand(ctx: Ctx, ids) -> Say:
    p = ctx.player
    cards = [i.split(":", 1)[1] for i in ids]
    for u in cards:
        ctx.move(u, T.DISCARD)
    limit = T.hand_limit(ctx, p)
    extra = " (the Golem Mistress raises the limit)" if limit != T.HAND_LIMIT else ""
    return Say(f"{p} discards {ctx.names(cards)} to keep {limit} cards{extra}.", rule=T.DISC_HAND)


# -- the tree ----------------------------------------------------------------------------------------------

def build_flow():
    turn = Sequence("Turn", show=False, text="One lord's turn: the six activities in order.",
                    rule=T.TURN, children=[
        Step("Draw", draw, "Draw 1 influence card, or 2 with an empty hand. Drawing costs no "
             "action: the turn's 1 action (more with some cards and retinues) comes later, in the "
             "action step.", T.DRAW, level="phase"),
        Loop("Retinue abilities", Ask("Use a retinue ability", ask_retinue, resolve_retinue,
                                      "Use a gathered retinue's ability (each once, twice for two "
                                      "identical), or move on; its choices follow as it resolves.",
                                      T.RETINUES, when=lambda ctx: True,
                                      offers=("use:<retinue>", "done")),
             until=retinues_over, level="phase", rule=T.RETINUES,
             text="Use retinue abilities; moving on loses the unused ones."),
        Loop("Legendary heroes", Ask("Use a legendary hero", ask_legend, resolve_legend,
                                     "Use a Warlock, Reaper, Golem, Thief or Assassin (each once a "
                                     "turn, ruling LAB-LEGEND-ONCE), "
                                     "or go on.", T.LEGENDS, when=lambda ctx: True,
                                     offers=("use:<hero>", "use:<hero>:<target>", "done")),
             until=legends_over, level="phase", rule=T.LEGENDS,
             text="Legendary heroes that act before the actions; the others are always on."),
        Loop("Actions", Ask("Take an action", ask_action, resolve_action,
                            "Play an influence card or gather a retinue for 1 action, or pass. "
                            "Every other lord is then asked, clockwise, whether to counter it "
                            "(ruling LAB-COUNTER-WHO); the chain resolves as ruling LAB-CHAIN says, "
                            "and a card's choices follow as it resolves.", T.ACTION,
                            when=lambda ctx: True, offers=("play:<card>", "gather:<retinue>", "pass", "stop")),
             until=actions_over, level="phase", rule=T.ACTION,
             text="Take actions until none are left, or stop; passing recruits 1 hero."),
        Step("Discard played cards", discard_played, "Every influence card played this turn goes "
             "on the discard pile.", T.DISC_PLAYED, when=any_played, level="phase"),
        Ask("Discard down to seven", ask_hand, resolve_hand, "Discard down to 7 influence cards.",
            T.DISC_HAND, when=over_limit, offers=("discard:<card>",)),
    ])
    return Sequence("Legends of Labyrinth", show=False, text="The whole game.", rule=T.GOAL,
                    children=[
        Sequence("Game Setup", text="The eight setup steps, in order.", rule=T.SETUP, children=[
            Step("Sort the cards", sort_cards, "Sort the cards by their backs: retinues, influence "
                 "cards, heroes.", T.SETUP),
            Step("Gentle game", gentle_game, "In the gentle game, the Golem, Deadly Plague and "
                 "Beguilement! stay in the box.", T.SETUP),
            Step("Retinue board", lay_out_board, "Lay out the nine retinue cards by their numbers.",
                 T.SETUP),
            Step("Player markers", markers, "Each lord takes markers of one colour.", "LAB-PLAYERS"),
            Step("Shuffle influence", shuffle_influence, "Shuffle the influence deck.", T.SETUP),
            Step("Shuffle heroes", shuffle_heroes, "Shuffle the heroes deck.", T.SETUP),
            Step("Deal", deal, "Each lord draws 2 influence cards.", T.SETUP),
            Step("First player", first_player, "Choose the first lord at random.", T.SETUP),
        ]),
        Loop("Rounds", ForEachPlayer("Turns", turn, order=turn_order,
                                     text="Each lord takes a turn, clockwise from the first lord.",
                                     rule=T.TURN), until=game_done, label="Round {n}", level="round", rule=T.GOAL,
             text="Turns go clockwise until a lord gathers a third retinue (the game ends at once)."),
        Step("Safety cap", final_say, "A game nobody has won when the safety cap (option "
             "max_rounds, off by default) is reached ends unfinished, with no winner (ruling "
             "LAB-LONG).", "LAB-LONG"),
    ])


def final_say(ctx: Ctx) -> Say:
    """The safety cap (ruling LAB-LONG): the game ends unfinished and nobody wins,
    since there can be only 1 winner and only a third retinue makes one (ruling
    LAB-ONE-WINNER)."""
    counts = {p: len(T.gathered(ctx, p)) for p in ctx.players}
    limit = ctx.state.options.get("max_rounds", 0)
    text = (f"Round {limit} was the last one the safety cap allows (option max_rounds, ruling "
            "LAB-LONG), and nobody gathered a third retinue. There can be only 1 winner and only "
            "a third retinue makes one (ruling LAB-ONE-WINNER), so the game ends unfinished with no "
            f"winner (retinues: {', '.join(f'{p} {n}' for p, n in counts.items())}).")
    ctx.end_game("unfinished", f"the safety cap of {limit} rounds was reached with no third "
                 "retinue gathered", [], counts)
    return Say(text, rule="LAB-LONG")
