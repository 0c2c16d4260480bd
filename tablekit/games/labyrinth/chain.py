"""The counter chain: an activity is placed, every other lord in clockwise
order is asked whether to counter it, a counter can be countered in turn,
and the chain resolves once everyone asked has passed.

`extra["chain"]` is {"links": [...], "queue": [...]}: each link is
{"player", "what" ("play", "gather" or "counter"), "card" (uid or null),
"retinue" (for a gathering)}; the queue holds the lords still to answer the
top link, in clockwise order from the lord who placed it (ruling LAB-COUNTER-WHO).
"""

from __future__ import annotations

from tablekit.core import Ctx, Decision, Option, Say

from . import table as T
from .powers import resolve_card

OUTCOMES = {
    1: "nobody countered, so the activity resolves",
    2: "the counter cancels the activity: only the counter's text is carried out",
    3: "the last counter cancels the first counter, which therefore cancels nothing: the "
       "activity resolves",
    4: "the last counter cancels the second, so the first counter stands and cancels the activity",
}


def open_chain(ctx: Ctx, p: str, what: str, card: str | None = None, retinue: str | None = None) -> None:
    link = {"player": p, "what": what, "card": card, "retinue": retinue}
    ctx.extra["chain"] = {"links": [link], "queue": T.order_from(ctx, p)}


def chain(ctx: Ctx) -> dict | None:
    return ctx.extra.get("chain")


def asking(ctx: Ctx) -> bool:
    c = chain(ctx)
    return bool(c and c["queue"])


def describe(ctx: Ctx, link: dict) -> str:
    if link["what"] == "gather":
        return f"{link['player']}'s gathering of the {T.retinue_name(link['retinue'])}"
    return f"{link['player']}'s {ctx.name(link['card'])}"


def can_counter(ctx: Ctx, counter_uid: str, link: dict) -> str | None:
    """Why this counter card may not answer `link` (None: it may). Ruling LAB-COUNTER-WHAT."""
    target = T.field(ctx, counter_uid, "counters")
    name = ctx.name(counter_uid)
    if link["what"] == "counter":
        return None
    if link["what"] == "play" and target != "influence":
        return (f"{name} counters a retinue being gathered or another counter, not an influence "
                "card played as an action (ruling LAB-COUNTER-WHAT).")
    if link["what"] == "gather" and target != "gathering":
        return (f"{name} counters an influence card or another counter, not the gathering of a "
                "retinue (ruling LAB-COUNTER-WHAT).")
    return None


def ask_counter(ctx: Ctx) -> Decision | None:
    c = chain(ctx)
    if not c or not c["queue"]:
        return None
    q = c["queue"][0]
    top = c["links"][-1]
    seen: dict[str, str] = {}
    for u in ctx.zone(T.hand(q)):
        if T.is_counter(ctx, u):
            seen.setdefault(ctx.defn(u).id, u)
    opts = []
    for cid, u in seen.items():
        why = can_counter(ctx, u, top)
        opts.append(Option(f"counter:{cid}", f"Counter {describe(ctx, top)} with {ctx.name(u)}",
                           why is None, why or ""))
    opts.append(Option("pass", "Let it be (pass)"))
    depth = len(c["links"])
    return Decision(q, f"{describe(ctx, top)} is on the table (chain of {depth}). Counter it for "
                    "free with a Sabotage! or Treason!, or pass.", opts, kind="counter")


def resolve_counter(ctx: Ctx, ids) -> Say:
    c = chain(ctx)
    q = c["queue"].pop(0)
    top = c["links"][-1]
    if ids == ("pass",):
        return Say(f"{q} does not counter {describe(ctx, top)} (every lord is asked, ruling LAB-ASK).",
                   rule="LAB-ASK")
    cid = ids[0].split(":", 1)[1]
    uid = next(u for u in ctx.zone(T.hand(q)) if ctx.defn(u).id == cid)
    ctx.move(uid, T.played(q))
    c["links"].append({"player": q, "what": "counter", "card": uid, "retinue": None})
    c["queue"] = T.order_from(ctx, q)
    own = " on another lord's turn" if q != ctx.player else ""
    return Say(f"{q} plays {ctx.name(uid)}{own}, free of any action, against {describe(ctx, top)}. "
               f"The chain is now {len(c['links'])} deep; every lord but {q} may answer it, "
               f"clockwise from {q}'s left (ruling LAB-COUNTER-WHO).", rule="LAB-COUNTER-WHO")


def stands(n: int, i: int) -> bool:
    """Ruling LAB-CHAIN: in a chain of n links, whether link i (0: the activity) is
    carried out. The top link always is; each link below is cancelled exactly when
    the link right above it is carried out."""
    ok = True
    for _ in range(n - 1 - i):
        ok = not ok
    return ok


def resolve_chain(ctx: Ctx) -> Say:
    c = ctx.extra["chain"]
    ctx.extra["chain"] = None
    links = c["links"]
    n = len(links)
    base = links[0]
    p = base["player"]
    what = describe(ctx, base)
    if n == 1:
        head = f"Nobody counters {what}."
        rule = T.PLAYING
    else:
        seq = " → ".join(describe(ctx, lk) for lk in links)
        outcome = OUTCOMES.get(n) or ("an even number of counters lets the activity resolve"
                                      if n % 2 else "an odd number of counters cancels it")
        head = (f"The chain resolves from the top ({seq}): only the last card, "
                f"{describe(ctx, links[-1])}, is carried out as played; with {n} links {outcome} "
                "(ruling LAB-CHAIN).")
        rule = "LAB-CHAIN"
    if not stands(n, 0):
        spent = " The action spent on it stays spent; any actions left may still be taken."
        return Say(f"{head}{spent}", rule=rule)
    if base["what"] == "gather":
        return Say(f"{head} {gather(ctx, p, base['retinue'])}", rule=rule if n > 1 else T.GATHER)
    say = resolve_card(ctx, p, base["card"])
    return Say(f"{head} {say.text}", rule=rule if n > 1 else say.rule,
               public=f"{head} {say.public}" if say.public else None)


def gather(ctx: Ctx, p: str, retinue: str) -> str:
    """Put p's marker on the retinue and shuffle the heroes used into the heroes
    deck; a third retinue ends the game at once."""
    use, why = T.gather_plan(ctx, p, retinue)
    if use is None:  # pragma: no cover - the heroes cannot change while the chain is open
        return f"{p} can no longer gather the {T.retinue_name(retinue)}: {why}"
    for u in use:
        T.to_heroes_deck(ctx, u)
    ctx.shuffle(T.HEROES)
    mine = T.gathered(ctx, p)
    mine.append(retinue)
    ctx.do("counter", player=p, key="retinues", add=1)
    mm = [u for u in use if T.hero_kind(ctx, u) == "mentalmancer"]
    spare = any(T.is_legendary(ctx, u) and T.hero_kind(ctx, u) != "golem" for u in ctx.zone(T.heroes(p)))
    pick = " (ruling LAB-GATHER-PICK chose which)" if spare and retinue == T.LEGENDARY else ""
    sub = ""
    if mm and retinue != T.LEGENDARY:
        sub = f" ({len(mm)} Mentalmancer(s) stand in for missing heroes)"
    text = (f"{p} gathers the {T.retinue_name(retinue)} with {ctx.names(use)}{sub}{pick}: a marker goes "
            f"on the card, and the heroes are shuffled back into the heroes deck. {p} has "
            f"{len(mine)} retinue(s).")
    if len(mine) >= T.RETINUES_TO_WIN:
        ctx.extra["winner"] = p
        ctx.state.cursor.clear()  # the game ends at once: no other rule of the turn runs
        text += f" That is the third: the game ends at once and {p} wins."
    return text
