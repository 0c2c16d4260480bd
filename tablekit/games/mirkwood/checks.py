"""What happens at once, checked after every event (points 58, 59, 96, 125-129):
destroyed characters and enemies, explored locations, a defeated quest stage
(advancing, or winning at stage 3), eliminated players, the lost game. And the
procedures of Mirkwood's own events."""

from __future__ import annotations

from typing import Callable

from tablekit.core import Ctx
from tablekit.core.words import listing, plural

from . import combat as C
from . import table as T

BEORNS_PATH = "ptm-3-beorns-path"
DONT_LEAVE = "ptm-3-dont-leave-the-path"


# -- event procedures --------------------------------------------------------------------------------

def exhaust(ctx: Ctx, ev: dict) -> str:
    ctx.card(ev["card"])["exhausted"] = bool(ev["exhausted"])
    return f"{ctx.name(ev['card'])} {'exhausts' if ev['exhausted'] else 'readies'}."


def damage(ctx: Ctx, ev: dict) -> str:
    c = ctx.card(ev["card"])
    c["damage"] = int(c.get("damage", 0)) + int(ev["amount"])
    return f"{ctx.name(ev['card'])} takes {ev['amount']} damage."


def resource(ctx: Ctx, ev: dict) -> str:
    c = ctx.card(ev["card"])
    c["resources"] = max(int(c.get("resources", 0)) + int(ev["add"]), 0)
    return f"{ctx.name(ev['card'])} has {plural(c['resources'], 'resource')}."


def progress(ctx: Ctx, ev: dict) -> str:
    c = ctx.card(ev["card"])
    c["progress"] = int(c.get("progress", 0)) + int(ev["add"])
    return f"{ctx.name(ev['card'])} has {c['progress']} progress."


def threat(ctx: Ctx, ev: dict) -> str:
    st = ctx.state.player(ev["player"])
    st["threat"] = max(int(st.get("threat", 0)) + int(ev["add"]), 0)
    return f"{ev['player']}'s threat is {st['threat']}."


def moment(ctx: Ctx, ev: dict) -> str:
    """A timing event cards react to (committed, engaged, traveled, ...): nothing
    changes by itself."""
    return ev["type"].replace("_", " ")


MOMENTS = ("committed", "engaged", "traveled", "entered", "explored", "attacked", "attack_chosen",
           "defender_declared", "enemy_destroyed", "left_play", "round_end")


def event_procedures() -> dict[str, Callable[[Ctx, dict], str]]:
    procs: dict[str, Callable[[Ctx, dict], str]] = {"exhaust": exhaust, "damage": damage, "resource": resource,
                                                    "progress": progress, "threat": threat}
    procs.update({m: moment for m in MOMENTS})
    return procs


# -- the state check ---------------------------------------------------------------------------------

def check_state(ctx: Ctx, event: dict) -> None:
    if ctx.state.over or not ctx.enter_guard("state check"):
        return  # the sweep below set itself off: the outer sweep goes on
    try:
        while not ctx.state.over and sweep(ctx, event):
            pass
    finally:
        ctx.leave_guard("state check")


def sweep(ctx: Ctx, event: dict) -> bool:
    """Apply one thing that must happen now; True if something did."""
    for check in (destroyed_character, loose_attachment, destroyed_enemy, explored_location, stage_defeated, eliminated_player):
        if check(ctx, event):
            return True
    return False


def loose_attachment(ctx: Ctx, event: dict) -> bool:
    """A player attachment whose card has left play goes to its owner's discard pile
    (point 96), however that card left (destroyed, shuffled back, returned to hand)."""
    for p in ctx.players:
        for w in list(ctx.zone(T.zone(p, "attachments"))):
            host = ctx.card(w).get("attached_to")
            if host not in ctx.state.cards or ctx.state.zone_info[ctx.zone_of(host)].get("kind") not in (
                    "heroes", "allies"):
                ctx.move(w, T.discard(p), attached_to=None, exhausted=False)
                ctx.do("left_play", card=w, owner=p, how="discarded")
                return True
    return False


def hit_points_can_fall(ctx: Ctx) -> bool:
    """Whether anything may lower a card's hit points: a modifier in the card file that
    takes some away, or a lasting effect on hit points. While nothing may, a card with no
    damage keeps its printed hit points (1 or more) and is never destroyed (point 96)."""
    if ctx.from_cards("mirkwood: hit points lowered", _lowers_hit_points):
        return True
    return any(e["kind"] == "modifier" and e["stat"] == "hit_points" for e in ctx.state.lasting)


def _lowers_hit_points(defs) -> bool:
    return any(ab.type == "modifier" and ab.stat == "hit_points" and ab.add < 0
               for d in defs.values() for ab in d.abilities)


def destroyed_character(ctx: Ctx, event: dict) -> bool:
    every = hit_points_can_fall(ctx)
    for p in ctx.players:
        for u in T.characters(ctx, p):
            if not every and not ctx.card(u).get("damage"):
                continue
            if T.hp_left(ctx, u) <= 0:
                for w in C.webs_on(ctx, u):
                    ctx.move(w, T.ENC_DISCARD, attached_to=None)
                ctx.move(u, T.discard(p), damage=0, exhausted=False, resources=0, committed=False)
                ctx.forget_uses(u)
                ctx.do("left_play", card=u, owner=p, how="destroyed")
                return True
    return False


def destroyed_enemy(ctx: Ctx, event: dict) -> bool:
    every = hit_points_can_fall(ctx)
    for u in T.enemies_in_play(ctx) + [x for x in ctx.zone(T.REVEALED) if ctx.kind(x) == "enemy"]:
        if (not every and not ctx.card(u).get("damage")) or T.hp_left(ctx, u) > 0:
            continue
        C.discard_shadows(ctx, u)
        to = T.VICTORY if int(ctx.defn(u).fields.get("victory", 0)) else T.ENC_DISCARD
        ctx.move(u, to, damage=0, tokens=0)
        attackers = event.get("attackers", []) if event.get("type") == "damage" and event.get("card") == u else []
        ctx.do("enemy_destroyed", card=u, attackers=list(attackers))
        stage = T.current_stage(ctx)
        if ctx.defn(u).id == T.SPAWN and stage is not None and ctx.defn(stage).id == DONT_LEAVE:
            ctx.end_game("won_spawn_defeated", "Ungoliant's Spawn is destroyed while Don't Leave the Path! is the "
                         f"quest (point 122, ruling MK-DLTP). {T.score_words(ctx)}", T.turn_order(ctx))
        return True
    return False


def explored_location(ctx: Ctx, event: dict) -> bool:
    for u in list(ctx.zone(T.ACTIVE)) + [x for x in ctx.zone(T.STAGING) if ctx.kind(x) == "location"]:
        if int(ctx.card(u).get("progress", 0)) >= T.quest_points(ctx, u):
            ctx.move(u, T.ENC_DISCARD, progress=0)
            ctx.do("explored", card=u)
            return True
    return False


def stage_defeated(ctx: Ctx, event: dict) -> bool:
    stage = T.current_stage(ctx)
    if stage is None or ctx.card(stage).get("face", 0) != 1:
        return False
    qp = T.quest_points(ctx, stage)
    if qp <= 0 or int(ctx.card(stage).get("progress", 0)) < qp:
        return False  # Don't Leave the Path! has 0 quest points and is never defeated by progress (point 122)
    cid = ctx.defn(stage).id
    if cid == BEORNS_PATH:
        if T.spawn_in_play(ctx):
            return False  # it waits, progress piling up (ruling MK-BEORN-PATH)
        ctx.end_game("won_beorns_path", "Beorn's Path is completed with Ungoliant's Spawn not in play (point 123, "
                     f"ruling MK-BEORN-PATH). {T.score_words(ctx)}", T.turn_order(ctx))
        return True
    advance(ctx, stage)
    return True


def advance(ctx: Ctx, stage: str) -> None:
    """The next stage, side A then side B; after stage 2 one of the two stage-3 cards at
    random, the other removed (points 59, 61, 121)."""
    ctx.move(stage, T.REMOVED)
    if ctx.zone(T.QUEST_DECK):
        nxt = ctx.zone(T.QUEST_DECK)[-1]
        ctx.move(nxt, T.QUEST, face=1, progress=0)
        return
    aside = list(ctx.zone(T.STAGE3))
    if not aside:
        return
    pick = aside[ctx.randbelow(len(aside))]
    for u in aside:
        if u != pick:
            ctx.move(u, T.REMOVED, face_down=False)
    ctx.move(pick, T.QUEST, face=1, face_down=False, progress=0)
    ctx.extra["stage3"] = ctx.defn(pick).id
    if ctx.defn(pick).id == DONT_LEAVE:
        ctx.start("stage_search", source=pick, now=False)


def eliminated_player(ctx: Ctx, event: dict) -> bool:
    if ctx.extra.get("dealing"):
        return False
    for p in T.turn_order(ctx):
        why = ("their threat reached 50" if T.threat(ctx, p) >= T.THREAT_OUT else
               "they have no hero left" if not T.heroes(ctx, p) else "")
        if why:
            eliminate(ctx, p, why)
            return True
    return False


def eliminate(ctx: Ctx, p: str, why: str) -> None:
    """p's cards leave the game; p's enemies go back to the staging area (their
    shadows discarded); the token passes on (points 125-128, ruling MK-ELIM)."""
    was_first = T.first_player(ctx) == p
    order = T.turn_order(ctx)
    ctx.extra.setdefault("eliminated", []).append(p)
    ctx.extra.setdefault("why_out", {})[p] = why
    for e in list(ctx.zone(T.engaged_zone(p))):
        C.discard_shadows(ctx, e)
        ctx.move(e, T.STAGING)
    for h in T.heroes(ctx, p):
        for w in C.webs_on(ctx, h):
            ctx.move(w, T.ENC_DISCARD, attached_to=None)
    for z in ("deck", "hand", "heroes", "allies", "attachments", "discard"):
        for u in list(ctx.zone(T.zone(p, z))):
            ctx.move(u, T.out_zone(p))
    left = T.turn_order(ctx)
    if not left:
        out = listing([f"{q} ({ctx.extra['why_out'].get(q, 'eliminated')})" for q in ctx.players])
        ctx.end_game("lost", f"every player is eliminated: {out} (points 125-128)", [])
        return
    token = ""
    if was_first:
        i = order.index(p)
        ctx.extra["first_player"] = order[(i + 1) % len(order)]
        token = f"; the first player token passes to {ctx.extra['first_player']}"
    ctx.start("announce", now=False, data={
        "text": f"{p} is eliminated: {why} (points 125-127, ruling MK-ELIM). {p}'s cards leave the game, the enemies "
                f"engaged with {p} return to the staging area{token}; {listing(left)} {'plays' if len(left) == 1 else 'play'} on.",
        "rule": "MK-ELIM", "label": f"{p} is eliminated"})
