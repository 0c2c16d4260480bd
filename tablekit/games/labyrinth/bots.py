"""A simple heuristic lord for Legends of Labyrinth.

It gathers whenever it can and plays the cards that bring heroes, actions or
cards (Haste only with another card to follow it). It counters only what would
end the game: another lord's third retinue, or a card played by a lord who holds
two. It throws out another lord's heroes with its retinues, Reaper and Assassin
only where that lord is close to a retinue (three of the four heroes it needs;
the Golem, which costs nothing, strikes the lord it sets back most), pays a cost only with a spare hero
(one of a kind it barely collects), and passes, recruiting a hero, when it has
nothing useful to play. A sparring partner, not a strong player.

It decides from its seat's view only (the Ctx it is given) and is deterministic:
every choice is ranked with the option id as the last tie-break.
"""

from __future__ import annotations

from collections import Counter

from tablekit.core import Ctx, Decision

from . import chain as C
from . import table as T

GOOD_PLAYS = ("recruit", "actions", "march", "summons", "draw", "bribe", "beguile", "ambush", "plague")
# the retinues used for free or for a spare hero, best first; the attacks need a target
PLAIN_RETINUES = ("illusionists", "sorceresses", "swordmasters")
ATTACK_RETINUES = ("head_hunters", "archeresses")
PAID_RETINUES = (T.LEGENDARY, "sisters_of_war", "archpriestesses")
BORROW = ("illusionists", "sorceresses", "swordmasters", "sisters_of_war")
CLOSE = 3  # heroes of the four a retinue needs: a lord this close is worth attacking
SPARE = 1  # a hero of a kind its lord holds at most this many of is spare


# -- what a lord's heroes are worth ---------------------------------------------------------------

_KINDS: dict[str, Counter] = {}
"""Each lord's heroes by kind, counted once for the decision being made (`heuristic`
forgets them first: the bot reads its view, never changes it, while it decides)."""


def _kinds(ctx: Ctx, p: str) -> Counter:
    """p's heroes by kind (read only: the count is kept for the decision)."""
    have = _KINDS.get(p)
    if have is None:
        have = _KINDS[p] = Counter(T.hero_kind(ctx, u) for u in ctx.zone(T.heroes(p)))
    return have


def _legends(ctx: Ctx, p: str) -> int:
    """p's legendary heroes that could join the Legendary Retinue (0 once p gathered it)."""
    if T.LEGENDARY in T.gathered(ctx, p):
        return 0
    return sum(1 for u in ctx.zone(T.heroes(p)) if T.is_legendary(ctx, u) and T.hero_kind(ctx, u) != "golem")


def _progress(ctx: Ctx, p: str, kind: str) -> int:
    """How many of the 4 heroes of a common kind's retinue p has (Mentalmancers fill gaps)."""
    have = _kinds(ctx, p)
    return min(4, have[kind] + have["mentalmancer"]) if have[kind] else 0


def _best_progress(ctx: Ctx, p: str) -> int:
    return max([_legends(ctx, p)] + [_progress(ctx, p, k) for k in T.COMMON_KINDS])


def _set_of(ctx: Ctx, p: str, u: str) -> int:
    """How far along the retinue p would build with hero u is (0: u builds none)."""
    kind = T.hero_kind(ctx, u)
    if kind in T.COMMON_KINDS:
        return _progress(ctx, p, kind)
    if kind == "mentalmancer":
        return max(_best_progress(ctx, p), 1)
    return _legends(ctx, p) if kind != "golem" else 0


def _keep(ctx: Ctx, p: str, u: str) -> tuple[int, str]:
    """How much p wants to keep hero u (low: spare). The Golem recruits each turn."""
    kind = T.hero_kind(ctx, u)
    worth = {"mentalmancer": 9, "golem": 2}.get(kind)
    if worth is None:
        worth = _kinds(ctx, p)[kind] if kind in T.COMMON_KINDS else _legends(ctx, p)
    return worth, u


def _spare(ctx: Ctx, p: str, count: int = 1) -> bool:
    """Whether p has `count` heroes spare enough to pay with."""
    return sum(1 for u in ctx.zone(T.heroes(p)) if _keep(ctx, p, u)[0] <= SPARE) >= count


def _hurt(ctx: Ctx, u: str) -> tuple[int, int, str]:
    """How much throwing out another lord's hero u sets that lord back."""
    q = ctx.owner_of(u)
    return len(T.gathered(ctx, q)), _set_of(ctx, q, u), u


def _worth_hitting(ctx: Ctx, u: str) -> bool:
    return _set_of(ctx, ctx.owner_of(u), u) >= CLOSE


def _attack_targets(ctx: Ctx, p: str, legendary: bool) -> list[str]:
    return [u for q in T.order_from(ctx, p) for u in ctx.zone(T.heroes(q))
            if T.is_legendary(ctx, u) == legendary and _worth_hitting(ctx, u)]


# -- the action step -------------------------------------------------------------------------

def _effect(ctx: Ctx, cid: str) -> str | None:
    """What an influence card does when played as an action (None: a counter)."""
    return next((a.effect for a in ctx.defs[cid].abilities if a.window == "action"), None)


def _rank(ctx: Ctx, cid: str) -> int:
    effect = _effect(ctx, cid)
    return GOOD_PLAYS.index(effect) if effect in GOOD_PLAYS else 99


def _follows(ctx: Ctx, p: str, cid: str) -> bool:
    """Whether p holds another card worth an extra action after `cid` (Haste: not
    another Haste, and never a counter)."""
    rest = list(ctx.zone(T.hand(p)))
    for u in rest:
        if ctx.defn(u).id == cid:
            rest.remove(u)
            break
    return any(not T.is_counter(ctx, u) and _effect(ctx, ctx.defn(u).id) not in (None, "actions")
               for u in rest)


def _action(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    gathers = [i for i in legal if i.startswith("gather:")]
    if gathers:
        common = [i for i in gathers if i != "gather:legendary"]
        return [(common or gathers)[0]]
    plays = []
    for i in legal:
        if not i.startswith("play:"):
            continue
        cid = i.split(":", 1)[1]
        if _effect(ctx, cid) == "actions" and not _follows(ctx, d.player, cid):
            continue  # Haste with nothing to follow it
        plays.append(i)
    plays.sort(key=lambda i: (_rank(ctx, i.split(":", 1)[1]), i))
    if plays:
        return [plays[0]]
    return ["pass"] if "pass" in legal else ["stop"]


# -- counters ----------------------------------------------------------------------------------

def _response(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    counters = sorted(i for i in legal if i.startswith("counter:"))
    links = C.links(ctx)
    if not counters or not links:
        return ["pass"]
    p = d.player
    base, top = links[0], links[-1]
    mine = base["player"] == p
    # ruling LAB-CHAIN: whether the activity would resolve if everyone passed now
    resolves = C.activity_resolves(ctx, len(links))
    if mine and not resolves and not C.by_the_words(ctx):
        return [counters[0]]  # defend my own activity
    if not mine and resolves and len(T.gathered(ctx, base["player"])) >= T.RETINUES_TO_WIN - 1:
        if base["what"] == "gather" or top["what"] == "play":
            return [counters[0]]  # a third retinue, or a card that may bring it
    return ["pass"]


# -- retinue abilities and legendary heroes ------------------------------------------------------

def _retinue_worth(ctx: Ctx, p: str, r: str) -> bool:
    if r in PLAIN_RETINUES:
        return True
    if r == "head_hunters":
        return bool(_attack_targets(ctx, p, legendary=True))
    if r == "archeresses":
        return bool(_attack_targets(ctx, p, legendary=False))
    if r in (T.LEGENDARY, "sisters_of_war"):
        return _spare(ctx, p)
    if r == "archpriestesses":
        return _spare(ctx, p, 2) and _swap_gain(ctx, p) is not None
    return False  # the Architects: a hero for one card is not worth it


def _retinue(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    for r in PLAIN_RETINUES + ATTACK_RETINUES + PAID_RETINUES:
        if f"use:{r}" in legal and _retinue_worth(ctx, d.player, r):
            return [f"use:{r}"]
    return ["done"]


def _legend(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    best: list[tuple[tuple, str]] = []
    for i in legal:
        parts = i.split(":")
        if parts[0] != "use":
            continue
        if len(parts) == 2:  # the Warlock: no target
            best.append(((0,), i))
        elif parts[2] in ctx.players:  # the Thief: the fullest hand
            best.append(((1, -len(ctx.zone(T.hand(parts[2])))), i))
        elif T.hero_kind(ctx, parts[1]) == "golem" or _worth_hitting(ctx, parts[2]):
            # the Golem strikes every turn; the Reaper and the Assassin a lord close to a retinue
            hurt = _hurt(ctx, parts[2])
            best.append(((2, -hurt[0], -hurt[1]), i))
    return [min(best)[1]] if best else ["done"]


# -- choices made while an ability or a card resolves ------------------------------------------------

def _swap_gain(ctx: Ctx, p: str, pay: str | None = None) -> str | None:
    """The Archpriestesses' best swap for p: a spare hero (not `pay`) for another lord's
    hero that brings one of p's retinues to 3 or 4; None when there is none."""
    mine = [u for u in ctx.zone(T.heroes(p)) if u != pay and _keep(ctx, p, u)[0] <= SPARE]
    have = _kinds(ctx, p)
    wanted = [(-(have[T.hero_kind(ctx, b)] + 1), b) for q in T.order_from(ctx, p)
              for b in ctx.zone(T.heroes(q))
              if T.hero_kind(ctx, b) in T.COMMON_KINDS and have[T.hero_kind(ctx, b)] + 1 >= CLOSE]
    wanted = [w for w in wanted if any(T.hero_kind(ctx, a) != T.hero_kind(ctx, w[1]) for a in mine)]
    if not mine or not wanted:
        return None
    b = min(wanted)[1]
    a = min((u for u in mine if T.hero_kind(ctx, u) != T.hero_kind(ctx, b)), key=lambda u: _keep(ctx, p, u))
    return f"swap:{a}:{b}"


def _gain(ctx: Ctx, p: str, u: str) -> tuple[int, str]:
    """How much taking hero u helps p (higher first, so negated for min)."""
    kind = T.hero_kind(ctx, u)
    if kind == "mentalmancer":
        return -9, u
    if kind in T.COMMON_KINDS:
        return -(_kinds(ctx, p)[kind] + 1), u
    return -(_legends(ctx, p) + 1 if kind != "golem" else 1), u


def _pick(ctx: Ctx, d: Decision, legal: list[str]) -> list[str] | None:
    p = d.player
    top = C.top_frame(ctx)
    fx = top["fx"] if top else ""
    head = legal[0].split(":", 1)[0] if legal else ""
    if head == "cost":
        return [min(legal, key=lambda i: _keep(ctx, p, i.split(":", 1)[1]))]
    if head == "hero":
        if fx in ("beguile", "bribe"):
            return [min(legal, key=lambda i: _gain(ctx, p, i.split(":", 1)[1]))]
        return [max(legal, key=lambda i: _hurt(ctx, i.split(":", 1)[1]))]
    if head == "copy":
        return next(([f"copy:{r}"] for r in BORROW if f"copy:{r}" in legal), legal[:1])
    if head == "swap" and fx == "archpriestesses":
        best = _swap_gain(ctx, p)
        return [best] if best in legal else [min(legal)]
    if head == "kind":  # Deadly Plague: the kind the other lords hold most of
        others = sum((_kinds(ctx, q) for q in T.order_from(ctx, p)), Counter())
        return [max(legal, key=lambda i: (others[i.split(":", 1)[1]], i))]
    return [min(legal)] if legal else None


def heuristic(ctx: Ctx, d: Decision) -> list[str] | None:
    _KINDS.clear()
    legal = [o.id for o in d.legal]
    if d.kind == "action":
        return _action(ctx, d, legal)
    if d.kind == "response":
        return _response(ctx, d, legal)
    if d.kind == "retinue":
        return _retinue(ctx, d, legal)
    if d.kind == "legend":
        return _legend(ctx, d, legal)
    if d.kind == "pick":
        return _pick(ctx, d, legal)
    if d.kind == "gather":  # ruling LAB-GATHER-PICK: keep the Mentalmancers for later
        return [d.suggested.id] if d.suggested is not None else legal[:1]
    if d.kind == "hand":
        plain = sorted(legal, key=lambda i: (T.is_counter(ctx, i.split(":", 1)[1]), i))
        return plain[:d.min]
    return None
