"""The counter chain, on the core's resolution stack.

An activity (an influence card played as an action, or a retinue being
gathered) is an effect frame; a counter window opens above it and asks every
other lord, clockwise from the acting lord's left (ruling LAB-COUNTER-WHO). A
Sabotage! or Treason! played there is a frame of its own, and the window opens
again above it, asking every lord but the one who played it. Once everyone
asked has passed, the frames resolve last in, first out: each counter that
resolves as ruling LAB-CHAIN reads the rulebook's "only the game text of the
last card played should be resolved": by the words (the default, the core's
`mode="top"`) only the top card resolves and every card below it is discarded;
on the "stack" reading (`mode="cancel"`) each counter that resolves cancels the
frame it answers, so a countered counter lets the card under it stand.

A link of the chain, for the bots and the texts, is {"player", "what" ("play",
"gather" or "counter"), "label"}, read from the frames.
"""

from __future__ import annotations

from tablekit.core import AbilityUse, Ctx, Decision, Effect, Option, Pause, Say

from . import table as T

WINDOW = "counter"
OUTCOMES = {
    1: "nobody countered, so the activity resolves",
    2: "the counter cancels the activity: only the counter's text is carried out",
    3: "the last counter cancels the first counter, which therefore cancels nothing: the "
       "activity resolves",
    4: "the last counter cancels the second, so the first counter stands and cancels the activity",
}
SPENT = " The action spent on it stays spent; any actions left may still be taken."


# -- the chain, read from the stack ------------------------------------------------------------

def top_frame(ctx: Ctx) -> dict | None:
    """The effect frame on top of the stack (the one a counter would answer)."""
    return next((f for f in reversed(ctx.stack) if "fx" in f), None)


def what_of(frame: dict) -> str:
    return {"gather": "gather", "counter": "counter"}.get(frame["fx"], "play")


def links(ctx: Ctx) -> list[dict]:
    """The links of the open chain, bottom (the activity) first; [] when none is open."""
    top = top_frame(ctx)
    if top is None or top.get("chain") is None:
        return []
    return [{"player": f["ctl"], "what": what_of(f), "label": f["label"]}
            for f in ctx.chain_frames(top["chain"])]


def place(ctx: Ctx, p: str, effect: str, source: str, ability: int | None = None) -> None:
    """Put an activity on the table and ask every other lord, clockwise, whether to counter it."""
    ctx.start(effect, source=source, controller=p, ability=ability, now=False)
    ctx.open_window(WINDOW, T.order_from(ctx, p), label="Counters", mode=chain_mode(ctx))


def by_the_words(ctx: Ctx) -> bool:
    """Ruling LAB-CHAIN: "words" (the default) resolves only the last card played;
    "stack" lets each counter cancel what it answers."""
    return ctx.ruling("LAB-CHAIN") == "words"


def chain_mode(ctx: Ctx) -> str:
    """The core's response-window mode for the reading of LAB-CHAIN in force."""
    return "top" if by_the_words(ctx) else "cancel"


def activity_resolves(ctx: Ctx, n: int) -> bool:
    """Whether the activity at the bottom of a chain of n links resolves (ruling
    LAB-CHAIN): by the words only when nobody countered; on the stack reading when
    the number of counters is even."""
    return n == 1 if by_the_words(ctx) else n % 2 == 1


def can_counter(ctx: Ctx, counter_uid: str, frame: dict) -> str | None:
    """Why this counter card may not answer `frame` (None: it may). Ruling LAB-COUNTER-WHAT."""
    target = T.field(ctx, counter_uid, "counters")
    name = ctx.name(counter_uid)
    what = what_of(frame)
    if what == "counter":
        return None
    if what == "play" and target != "influence":
        return (f"{name} counters a retinue being gathered or another counter, not an influence "
                "card played as an action (ruling LAB-COUNTER-WHAT).")
    if what == "gather" and target != "gathering":
        return (f"{name} counters an influence card or another counter, not the gathering of a "
                "retinue (ruling LAB-COUNTER-WHAT).")
    return None


def _counter_ability(ctx: Ctx, uid: str):
    return next(a for a in ctx.defn(uid).abilities if a.type == "action" and a.window == WINDOW)


def counter_options(ctx: Ctx, q: str) -> list[Option]:
    """What q may answer the top frame with: one option per kind of counter card in hand
    (every lord is asked, ruling LAB-ASK; the core adds the pass)."""
    top = top_frame(ctx)
    seen: dict[str, str] = {}
    for u in ctx.zone(T.hand(q)):
        if T.is_counter(ctx, u):
            seen.setdefault(ctx.defn(u).id, u)
    opts = []
    for cid, u in seen.items():
        why = ctx.usable(AbilityUse(u, q, _counter_ability(ctx, u)))
        opts.append(Option(f"counter:{cid}", f"Counter {top['label']} with {ctx.name(u)}",
                           why is None, why or "", rule=T.cited_rule(why)))
    return opts


def counter_use(ctx: Ctx, q: str, option_id: str) -> AbilityUse:
    cid = option_id.split(":", 1)[1]
    uid = next(u for u in ctx.zone(T.hand(q)) if ctx.defn(u).id == cid)
    return AbilityUse(uid, q, _counter_ability(ctx, uid))


def counter_prompt(ctx: Ctx, top: dict) -> str:
    depth = len(ctx.chain_frames(top["chain"])) if top.get("chain") is not None else 1
    return (f"{top['label']} is on the table (chain of {depth}). Counter it for free with a "
            "Sabotage! or Treason!, or pass.")


def passed(ctx: Ctx, q: str) -> Say:
    return Say(f"{q} does not counter {top_frame(ctx)['label']} (every lord is asked, ruling "
               "LAB-ASK).", rule="LAB-ASK")


def stands(n: int, i: int) -> bool:
    """Ruling LAB-CHAIN: in a chain of n links, whether link i (0: the activity) is
    carried out. The top link always is; each link below is cancelled exactly when
    the link right above it is carried out."""
    ok = True
    for _ in range(n - 1 - i):
        ok = not ok
    return ok


def _join(head: str, say: Say | str, rule: str | None) -> Say:
    if not isinstance(say, Say):
        say = Say(say)
    return Say(f"{head} {say.text}", rule=rule or say.rule,
               public=f"{head} {say.public}" if say.public else None)


# -- the effects -----------------------------------------------------------------------------

class Activity(Effect):
    """An activity placed on the table. It resolves once the counter window has
    closed, unless a counter cancelled it; `carry_out` is what it does."""

    def label(self, ctx: Ctx, use: AbilityUse) -> str:
        return f"{use.controller}'s {ctx.name(use.source)}"

    def carry_out(self, ctx: Ctx, use: AbilityUse) -> Say | Pause:
        raise NotImplementedError

    def apply(self, ctx: Ctx, use: AbilityUse) -> Say | Pause:
        label = use.frame["label"]
        if use.data.get("_links"):  # the counters above cancelled each other (3 links or more)
            head, rule = (f"{label} stands: the counter played on it was cancelled (ruling "
                          "LAB-CHAIN).", "LAB-CHAIN")
        else:
            head, rule = f"Nobody counters {label}.", None
        out = self.carry_out(ctx, use)
        if isinstance(out, Pause):
            out.say = _join(head, out.say, rule)
            return out
        return _join(head, out, rule)


class Gather(Activity):
    """Gathering a retinue (the source is the retinue card): a marker goes on it and
    the heroes used are shuffled into the heroes deck; a third retinue ends the game."""

    def label(self, ctx: Ctx, use: AbilityUse) -> str:
        return f"{use.controller}'s gathering of the {T.retinue_name(ctx.defn(use.source).id)}"

    def carry_out(self, ctx: Ctx, use: AbilityUse) -> Say | Pause:
        """Ruling LAB-GATHER-PICK: the lord chooses which heroes the gathering spends
        (the suggested pick is the decision's default); with one way only, no question."""
        p, r = use.controller, ctx.defn(use.source).id
        ways = [w for w in T.gather_choices(ctx, p, r) if not w[2]]
        if len(ways) < 2:
            return Say(gather(ctx, p, r), rule=T.GATHER)
        plan, _ = T.gather_plan(ctx, p, r)
        return ctx.ask(self.choice(ctx, use), then="chosen", name="Choose the heroes",
                       say=Say(f"{p} chooses which heroes the gathering of the {T.retinue_name(r)} "
                               "spends (ruling LAB-GATHER-PICK).", rule="LAB-GATHER-PICK"),
                       data={"plan": plan})

    def choice(self, ctx: Ctx, use: AbilityUse) -> Decision:
        p, r = use.controller, ctx.defn(use.source).id
        opts, default = [], None
        plan = set(use.data.get("plan") or T.gather_plan(ctx, p, r)[0] or ())
        for i, (uids, label, why) in enumerate(T.gather_choices(ctx, p, r)):
            oid = f"heroes:{','.join(uids)}" if uids else f"heroes:none{i}"
            if uids and set(uids) == plan:
                default = oid
                label += " (suggested: Mentalmancers kept for later)" if r != T.LEGENDARY else \
                    " (suggested)"
            opts.append(Option(oid, label, not why, why, rule=T.cited_rule(why)))
        return Decision(p, f"Gathering the {T.retinue_name(r)}: choose the heroes you spend "
                        "(they are shuffled back into the heroes deck; ruling LAB-GATHER-PICK).",
                        opts, kind="gather", default=default,
                        hint="A Mentalmancer stands in for any missing hero; the Golem never joins "
                             "a retinue.")

    def chosen(self, ctx: Ctx, use: AbilityUse, ids: tuple[str, ...]) -> Say:
        uids = ids[0].split(":", 1)[1].split(",")
        return Say(gather(ctx, use.controller, ctx.defn(use.source).id, uids), rule="LAB-GATHER-PICK")


class Counter(Effect):
    """Sabotage! and Treason!: free, played in the counter window; when it resolves it
    cancels the frame it answers (ruling LAB-CHAIN)."""

    def label(self, ctx: Ctx, use: AbilityUse) -> str:
        return f"{use.controller}'s {ctx.name(use.source)}"

    def check(self, ctx: Ctx, use: AbilityUse) -> str | None:
        top = top_frame(ctx)
        return can_counter(ctx, use.source, top) if top is not None else "There is nothing to counter."

    def respond(self, ctx: Ctx, use: AbilityUse) -> Say:
        q, uid = use.controller, use.source
        top = top_frame(ctx)
        depth = len(ctx.chain_frames(top["chain"])) + 1
        ctx.move(uid, T.played(q))
        own = (" on another lord's turn" if q != ctx.player else
               " on their own turn, against a counter played on their card")
        return Say(f"{q} plays {ctx.name(uid)}{own}, free of any action, against {top['label']}. "
                   f"The chain is now {depth} deep; every lord but {q} may answer it, "
                   f"clockwise from {q}'s left (ruling LAB-COUNTER-WHO).", rule="LAB-COUNTER-WHO")

    def apply(self, ctx: Ctx, use: AbilityUse) -> Say:
        me = use.frame
        chain = me["chain"]
        if by_the_words(ctx):
            # the core resolved only the top of the chain and discarded the cards below it
            gone = use.data.get("_discarded") or []
            return Say(f"Only the game text of the last card played is resolved (ruling LAB-CHAIN, "
                       f"the rulebook's words): {me['label']} is carried out, and "
                       f"{', '.join(gone) or 'nothing'} {'is' if len(gone) == 1 else 'are'} discarded "
                       f"without effect, so {gone[0] if gone else 'the activity'} does not resolve."
                       + SPENT, rule="LAB-CHAIN")
        if use.data.get("_links"):
            # a counter that stands once the one above it was cancelled
            target = ctx.cancel_answered(use)
            return Say(f"{me['label']} stands and cancels {target['label'] if target else 'nothing'} "
                       "(ruling LAB-CHAIN).", rule="LAB-CHAIN")
        # the top of the chain: it says how the whole chain goes
        frames = ctx.chain_frames(chain)
        n = len(frames)
        seq = " → ".join(f["label"] for f in frames)
        outcome = OUTCOMES.get(n) or ("an even number of counters lets the activity resolve"
                                      if n % 2 else "an odd number of counters cancels it")
        head = (f"The chain resolves from the top ({seq}): only the last card, "
                f"{me['label']}, is carried out as played; with {n} links {outcome} "
                "(ruling LAB-CHAIN).")
        for f in frames[:-1]:
            f["data"]["_links"] = n
        ctx.cancel_answered(use)
        # each counter left below now stands in turn and cancels what it answers, in
        # this same rule; the activity, if it stands, resolves next as a step of its own
        while True:
            rest = ctx.chain_frames(chain)
            below = rest[-2] if len(rest) > 1 else None
            if below is None or below["fx"] != "counter":
                break
            ctx.run_stage(below, "apply", None)
        if len(rest) == 1:  # the activity itself was cancelled
            head += SPENT
        return Say(head, rule="LAB-CHAIN")


def gather(ctx: Ctx, p: str, retinue: str, use: list[str] | None = None) -> str:
    """Put p's marker on the retinue and shuffle the heroes used (`use`, chosen by p;
    None: the only way there is) into the heroes deck; a third retinue ends the game
    at once."""
    chosen = use is not None
    why = ""
    if use is None:
        use, why = T.gather_plan(ctx, p, retinue)
    if use is None:  # pragma: no cover - the heroes cannot change while the chain is open
        return f"{p} can no longer gather the {T.retinue_name(retinue)}: {why}"
    for u in use:
        T.to_heroes_deck(ctx, u)
    ctx.shuffle(T.HEROES)
    mine = T.gathered(ctx, p)
    mine.append(retinue)
    # the lord's retinues number follows the list (GameDef.derived_player_numbers): one more
    ctx.do("counter", player=p, key="retinues", add=len(mine) - ctx.state.player(p).get("retinues", 0))
    mm = [u for u in use if T.hero_kind(ctx, u) == "mentalmancer"]
    pick = f" (chosen by {p}, ruling LAB-GATHER-PICK)" if chosen else ""
    sub = ""
    if mm and retinue != T.LEGENDARY:
        sub = (f" ({T.count(len(mm), 'Mentalmancer')} {'stands' if len(mm) == 1 else 'stand'} in for "
               f"{'a missing hero' if len(mm) == 1 else 'missing heroes'})")
    text = (f"{p} gathers the {T.retinue_name(retinue)} with {ctx.names(use)}{sub}{pick}: a marker goes "
            f"on the card, and the heroes are shuffled back into the heroes deck. {p} has "
            f"{T.count(len(mine), 'retinue')}.")
    if len(mine) >= T.RETINUES_TO_WIN:
        text += f" That is the third: the game ends at once and {p} wins."
        scores = {q: len(T.gathered(ctx, q)) for q in ctx.players}
        ctx.end_game("third_retinue", f"{p} gathered a third retinue", [p], scores)
    return text


EFFECTS: dict[str, Effect] = {"gather": Gather(), "counter": Counter()}
