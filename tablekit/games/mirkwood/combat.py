"""Engagement, shadows, enemy attacks and player attacks, progress, and the
shared procedures the rules and the card effects call (points 58-91)."""

from __future__ import annotations

from typing import Any, Callable
from typing import Sequence as Sequence_

from tablekit.core import ActionWindow, Ask, Ctx, Decision, Loop, Option, Pause, Say, Sequence, Step
from tablekit.core.words import listing, plural, possessive

from . import table as T
from .table import point


def as_say(out: Any, rule: str) -> Say:
    """The record of a rule that started an effect: its words, whether it is done
    or paused for a decision."""
    if isinstance(out, Say):
        return Say(out.text, rule=out.rule or rule, public=out.public)
    if isinstance(out, Pause):
        return Say(out.say if isinstance(out.say, str) and out.say else "An effect begins.", rule=rule)
    return Say(str(out or "Done."), rule=rule)


def ruling_of(out: Any, default: str) -> str:
    """The ruling an inner effect's record cited (so the outer record cites it too), else default."""
    if isinstance(out, Say) and (out.rule or "").startswith("MK-"):
        return out.rule
    return default


def text_of(out: Any) -> str:
    if isinstance(out, Say):
        return out.text
    if isinstance(out, Pause):
        return out.say if isinstance(out.say, str) else ""
    return out if isinstance(out, str) else ""


# -- the encounter deck ----------------------------------------------------------------------------

def refill_encounter_deck(ctx: Ctx) -> str:
    """An empty encounter deck, when a card must be revealed, takes its shuffled
    discard pile (point 51, ruling MK-ENC-EMPTY). Returns words, or ""."""
    if ctx.zone(T.ENC_DECK) or not ctx.zone(T.ENC_DISCARD):
        return ""
    pile = list(ctx.zone(T.ENC_DISCARD))
    for u in pile:
        ctx.move(u, T.ENC_DECK, face_down=False)
    ctx.shuffle(T.ENC_DECK)
    return (f"The encounter deck is empty, so its discard pile ({plural(len(pile), 'card')}) is shuffled into a "
            "new encounter deck (ruling MK-ENC-EMPTY). ")


# -- engagement ------------------------------------------------------------------------------------

def engage(ctx: Ctx, u: str, p: str) -> None:
    """The enemy moves to p's engaged area; "after it engages" Forced effects follow
    (point 70)."""
    ctx.move(u, T.engaged_zone(p))
    ctx.do("engaged", card=u, player=p)


# -- progress --------------------------------------------------------------------------------------

def place_progress(ctx: Ctx, n: int) -> str:
    """n progress on the quest: the active location first up to its quest points,
    the rest on the current stage (points 53, 62). Returns words."""
    parts = []
    loc = ctx.zone(T.ACTIVE)[0] if ctx.zone(T.ACTIVE) else None
    if loc is not None and n > 0:
        room = max(T.quest_points(ctx, loc) - int(ctx.card(loc).get("progress", 0)), 0)
        k = min(room, n)
        if k:
            name = ctx.name(loc)
            n -= k
            ctx.do("progress", card=loc, add=k)
            done = "" if loc in ctx.zone(T.ACTIVE) else ", which is explored (point 58)"
            parts.append(f"{T.progress_words(k)} on {name}, the active location{done}")
    stage = T.current_stage(ctx)
    if n > 0 and stage is not None and not ctx.state.over:
        parts.append(f"{T.progress_words(n)} on the quest stage {ctx.face(stage).name}")
        ctx.do("progress", card=stage, add=n)
        parts[-1] += advanced_words(ctx, stage)
    return listing(parts, empty="no progress is placed")


def advanced_words(ctx: Ctx, old: str) -> str:
    """Words for a stage the progress just defeated (points 59, 61, 121), or ""."""
    new = T.current_stage(ctx)
    if ctx.state.over or new is None or new == old:
        return ""
    said = (f", which is defeated (point 59; the excess progress is lost): the players advance to "
            f"{ctx.face(new).name}, {plural(T.quest_points(ctx, new), 'quest point')}")
    if int(ctx.defn(new).fields.get("stage", 0)) == 3:
        said += " (picked at random from the two stage-3 cards, the other removed from the game: point 121)"
    return said


# -- shadows ---------------------------------------------------------------------------------------

def shadow_order(ctx: Ctx) -> list[str]:
    """The engaged enemies in dealing order: player by player from the first, highest
    engagement cost first, ties in the order they engaged (ruling MK-SHADOW-TIE); tied
    enemies the first player chose to be dealt (when the deck runs short) come first
    among their equals."""
    chosen = ctx.extra.get("shadow_chosen") or []
    out = []
    for p in T.turn_order(ctx):
        row = T.engaged_enemies(ctx, p)
        out += sorted(row, key=lambda x: (-T.engagement(ctx, x), x not in chosen, row.index(x)))
    return out


def shadow_tie(ctx: Ctx) -> tuple[list[str], int]:
    """When the encounter deck holds fewer cards than the enemies to be dealt and the
    last card falls inside a group of tied enemies of one player: that group and how
    many of it get a card (else [], 0)."""
    if ctx.extra.get("shadow_chosen") is not None:
        return [], 0
    order = shadow_order(ctx)
    d = len(ctx.zone(T.ENC_DECK))
    if not 0 < d < len(order):
        return [], 0
    last, first_out = order[d - 1], order[d]
    same = T.engaged_with(ctx, last) == T.engaged_with(ctx, first_out) and \
        T.engagement(ctx, last) == T.engagement(ctx, first_out)
    if not same:
        return [], 0
    group = [e for e in order if T.engaged_with(ctx, e) == T.engaged_with(ctx, last)
             and T.engagement(ctx, e) == T.engagement(ctx, last)]
    return group, sum(1 for e in order[:d] if e in group)


def ask_shadow_tie(ctx: Ctx) -> Decision | None:
    group, slots = shadow_tie(ctx)
    if not group:
        return None
    fp = T.first_player(ctx)
    opts = [Option(f"shadow:{e}", f"{ctx.name(e)} (engaged with {T.engaged_with(ctx, e)})") for e in group]
    return Decision(fp, f"{fp}, the first player: the encounter deck holds too few cards for every engaged enemy; "
                    f"choose the {plural(slots, 'enemy', 'enemies')} among these tied ones that get a shadow card "
                    "(ruling MK-SHADOW-TIE).", opts, min=slots, max=slots, kind="shadow_tie")


def resolve_shadow_tie(ctx: Ctx, ids: tuple[str, ...]) -> Say:
    chosen = [i.split(":", 1)[1] for i in ids]
    ctx.extra["shadow_chosen"] = chosen
    return Say(f"{T.first_player(ctx)}, the first player, chooses {T.names_or_nobody(ctx, chosen)} to be dealt the "
               "last shadow cards among the tied enemies (ruling MK-SHADOW-TIE).", rule="MK-SHADOW-TIE")


def deal_shadows(ctx: Ctx) -> Say:
    """One face-down shadow card to each engaged enemy, in `shadow_order`; an empty
    encounter deck deals no more (ruling MK-ENC-EMPTY)."""
    ctx.extra["attacked"] = []
    ctx.extra["struck"] = {}
    ctx.extra.pop("joined", None)
    ctx.extra.pop("strikes_over", None)
    dealt, missed = [], []
    for u in shadow_order(ctx):
        if deal_one_shadow(ctx, u):
            dealt.append(ctx.name(u))
        else:
            missed.append(ctx.name(u))
    ctx.extra.pop("shadow_chosen", None)
    if not dealt and not missed:
        return Say("No enemy is engaged: no shadow card is dealt (point 72).", rule=point(72))
    tail = (f"; the encounter deck is empty, so {listing(missed)} {'gets' if len(missed) == 1 else 'get'} none "
            "(ruling MK-ENC-EMPTY)" if missed else "")
    if not dealt:
        return Say(f"No shadow card can be dealt: the encounter deck is empty, so {listing(missed)} "
                   f"{'gets' if len(missed) == 1 else 'get'} none (point 72, ruling MK-ENC-EMPTY).", rule="MK-ENC-EMPTY")
    return Say(f"A face-down shadow card is dealt to {listing(dealt)}, highest engagement cost "
               f"first (point 72, ruling MK-SHADOW-TIE){tail}.", rule="MK-ENC-EMPTY" if missed else "MK-SHADOW-TIE")


def deal_one_shadow(ctx: Ctx, enemy: str) -> bool:
    if not ctx.zone(T.ENC_DECK):
        return False
    ctx.move(ctx.zone(T.ENC_DECK)[-1], T.SHADOW, face_down=True, attached_to=enemy)
    return True


def shadows_of(ctx: Ctx, enemy: str) -> list[str]:
    return [u for u in ctx.zone(T.SHADOW) if ctx.card(u).get("attached_to") == enemy]


def discard_shadows(ctx: Ctx, enemy: str) -> None:
    for s in shadows_of(ctx, enemy):
        ctx.move(s, T.ENC_DISCARD, face_down=False, attached_to=None)


def end_of_combat(ctx: Ctx) -> Say:
    n = len(ctx.zone(T.SHADOW))
    for s in list(ctx.zone(T.SHADOW)):
        ctx.move(s, T.ENC_DISCARD, face_down=False, attached_to=None)
    ctx.extra.pop("attack", None)
    ctx.extra.pop("strike", None)
    return Say(f"End of combat: {plural(n, 'shadow card')} still in play {'is' if n == 1 else 'are'} discarded "
               "(points 82, 91).", rule=point(91))


# -- enemy attacks ---------------------------------------------------------------------------------

def all_engaged(ctx: Ctx) -> list[str]:
    """Every enemy engaged with a player, player by player in turn order."""
    return [u for p in T.turn_order(ctx) for u in T.engaged_enemies(ctx, p)]


def to_attack(ctx: Ctx, p: str) -> list[str]:
    """p's engaged enemies still to attack p this phase: not those that have, nor
    those an effect forbids to attack p (Feint, Thicket of Spears)."""
    done = ctx.extra.get("attacked", [])
    return [u for u in T.engaged_enemies(ctx, p) if u not in done and not ctx.restricted("attack", player=p, card=u)]


def no_enemy_to_attack(ctx: Ctx) -> bool:
    return not to_attack(ctx, ctx.player) or T.eliminated(ctx, ctx.player)


def attack(ctx: Ctx) -> dict:
    return ctx.extra.get("attack") or {}


def attack_on(ctx: Ctx) -> bool:
    """The enemy of the attack being resolved is still engaged with the defending player
    (an enemy that leaves play ends its attack, point 81)."""
    a = attack(ctx)
    return bool(a) and a["enemy"] in ctx.state.cards and T.engaged_with(ctx, a["enemy"]) == a["player"]


def ask_enemy(ctx: Ctx) -> Decision | None:
    p = ctx.player
    row = to_attack(ctx, p)
    if not row:
        return None
    best = max(row, key=lambda u: (T.engagement(ctx, u), -row.index(u)))
    if ctx.ruling("MK-ATTACK-ORDER") == "engagement":
        row = [best]  # the model's fixed order: nothing is asked
    opts = [Option(f"enemy:{u}", f"{ctx.name(u)} (attack {T.stat(ctx, u, 'attack')}, engagement "
                   f"{T.engagement(ctx, u)}, {plural(len(shadows_of(ctx, u)), 'shadow card')})") for u in row]
    return Decision(p, f"{p}: choose the next enemy engaged with you to attack (point 74, ruling MK-ATTACK-ORDER).",
                    opts, kind="attacker", default=f"enemy:{best}")


def resolve_enemy(ctx: Ctx, ids: tuple[str, ...]) -> Say:
    p = ctx.player
    u = ids[0].split(":", 1)[1]
    ctx.extra.setdefault("attacked", []).append(u)
    ctx.extra["attack"] = {"enemy": u, "player": p, "defender": None, "undefended": False}
    ctx.do("attack_chosen", card=u, player=p)
    how = ("the highest engagement cost first, the earliest engaged among equals" if
           ctx.ruling("MK-ATTACK-ORDER") == "engagement" else f"{p}'s choice")
    return Say(f"{ctx.name(u)} attacks {p} ({how}; point 74, ruling MK-ATTACK-ORDER).", rule="MK-ATTACK-ORDER")


def sentinel_players(ctx: Ctx) -> list[str]:
    """The other active players with a ready Sentinel character, in turn order: asked
    when the defending player declares none of their own (ruling MK-SENTINEL)."""
    a = attack(ctx)
    if not attack_on(ctx) or not a.get("declared") or a.get("defender"):
        return []
    asked = a.get("sentinel_asked", [])
    return [q for q in T.turn_order(ctx) if q != a["player"] and q not in asked
            and any(T.is_ready(ctx, c) and "Sentinel" in T.keywords(ctx, c) for c in T.characters(ctx, q))]


def sentinel_player(ctx: Ctx) -> str | None:
    left = sentinel_players(ctx)
    return left[0] if left else None


def ask_sentinel(ctx: Ctx) -> Decision | None:
    q = sentinel_player(ctx)
    if q is None:
        return None
    a = attack(ctx)
    opts = []
    for c in T.characters(ctx, q):
        if not T.is_ready(ctx, c):
            continue
        ok = "Sentinel" in T.keywords(ctx, c)
        opts.append(Option(f"defend:{c}", f"Defend with {ctx.name(c)} ({T.stat(ctx, c, 'defense')} defense)", ok,
                           "" if ok else f"{ctx.name(c)} has no Sentinel: only a Sentinel character may defend an "
                           f"attack on another player, here {a['player']} (point 114, ruling MK-SENTINEL)",
                           rule=None if ok else "MK-SENTINEL"))
    opts.append(Option("no_defend", f"Do not defend for {a['player']}"))
    return Decision(q, f"{q}: {ctx.name(a['enemy'])} attacks {a['player']}, who declared no defender of their own; you "
                    "may defend with a Sentinel character (point 75, ruling MK-SENTINEL).", opts, kind="sentinel",
                    default="no_defend")


def resolve_sentinel(ctx: Ctx, ids: tuple[str, ...]) -> Say:
    a = attack(ctx)
    q = sentinel_player(ctx)
    a.setdefault("sentinel_asked", []).append(q)
    if ids[0] == "no_defend":
        left = "" if sentinel_players(ctx) else f"; the attack on {a['player']} is undefended"
        a["undefended"] = not sentinel_players(ctx)
        return Say(f"{q} does not defend with a Sentinel{left} (ruling MK-SENTINEL).", rule="MK-SENTINEL")
    c = ids[0].split(":", 1)[1]
    a["undefended"] = False
    declare(ctx, c)
    return Say(f"{q} declares {ctx.name(c)} (Sentinel) as the defender against {possessive(ctx.name(a['enemy']))} attack on "
               f"{a['player']}, exhausting it (points 75, 114, ruling MK-SENTINEL).", rule="MK-SENTINEL")


MANY_DEFENDERS = "many_defenders"
"""A lasting modifier's stat: above 0, the player may declare any number of
defenders against each attack (Stand Together, point 83)."""


def many_defenders(ctx: Ctx, p: str) -> bool:
    return ctx.stat(MANY_DEFENDERS, 0, player=p) > 0


def defenders(ctx: Ctx) -> list[str]:
    """The characters declared as defenders of the current attack, in the order declared."""
    a = attack(ctx)
    return list(a.get("defenders") or ([a["defender"]] if a.get("defender") else []))


def declare(ctx: Ctx, c: str) -> None:
    a = attack(ctx)
    T.exhaust(ctx, c)
    a["defenders"] = defenders(ctx) + [c]
    a["defender"] = a.get("defender") or c
    ctx.do("defender_declared", card=c, enemy=a["enemy"], player=a["player"])


def need_defender(ctx: Ctx) -> bool:
    a = attack(ctx)
    return attack_on(ctx) and not a.get("defender") and not a.get("declared")


def ask_defender(ctx: Ctx) -> Decision | None:
    if not need_defender(ctx):
        return None
    a = attack(ctx)
    p = a["player"]
    e = a["enemy"]
    opts = []
    for c in T.characters(ctx, p):
        ok = T.is_ready(ctx, c)
        opts.append(Option(f"defend:{c}", f"Defend with {ctx.name(c)} ({T.stat(ctx, c, 'defense')} defense, "
                           f"{plural(T.hp_left(ctx, c), 'hit point')} left)", ok,
                           "" if ok else f"{ctx.name(c)} is exhausted: only a ready character defends (point 7)"))
    opts += others_defenders(ctx, p)
    others = " (or leave it to another player's Sentinel)" if any(
        q != p and any("Sentinel" in T.keywords(ctx, c) and T.is_ready(ctx, c) for c in T.characters(ctx, q))
        for q in T.turn_order(ctx)) else ""
    opts.append(Option("undefended", f"Declare no defender: undefended, its whole attack goes to one of your "
                       f"heroes{others}"))
    if many_defenders(ctx, p):
        n = sum(o.legal for o in opts)
        return Decision(p, f"{p}: {ctx.name(e)} attacks with {T.stat(ctx, e, 'attack')}; under Stand Together you "
                        "may declare any number of defenders (their defense adds up, and all the damage goes to one "
                        "of them, point 83), or leave it undefended.", opts, min=1, max=n, kind="defender",
                        validate=alone_if_undefended)
    return Decision(p, f"{p}: {ctx.name(e)} attacks with {T.stat(ctx, e, 'attack')}; declare a defender or leave "
                    "it undefended (point 75).", opts, kind="defender")


def others_defenders(ctx: Ctx, p: str) -> list[Option]:
    """The other players' ready characters, offered to the defending player p as
    illegal defenders with the reason: without Sentinel a character never defends
    an attack on another player (points 75, 114); a Sentinel is declared by its own
    controller, who is asked once p declares none of their own (ruling MK-SENTINEL)."""
    out = []
    for q, c, name in others_ready(ctx, p):
        if "Sentinel" in T.keywords(ctx, c):
            why = (f"{name} is {q}'s Sentinel: {q}, who controls it, decides whether it defends for you, and "
                   "is asked once you declare none of your own characters (ruling MK-SENTINEL)")
            rule = "MK-SENTINEL"
        else:
            why = (f"{name} is {q}'s and has no Sentinel: a character defends an attack on another player "
                   "only with Sentinel (points 75, 114)")
            rule = None
        out.append(Option(f"defend:{c}", f"Defend with {name}, {possessive(q)} ({T.stat(ctx, c, 'defense')} "
                          "defense)", False, why, rule=rule))
    return out


def others_ready(ctx: Ctx, p: str) -> list[tuple[str, str, str]]:
    """(player, character, its name) for each ready character of the players other than p,
    in turn order: what p might try to use and cannot, offered as illegal with the reason."""
    return [(q, c, ctx.name(c)) for q in T.turn_order(ctx) if q != p
            for c in T.characters(ctx, q) if T.is_ready(ctx, c)]


def alone_if_undefended(ids: Sequence_[str]) -> str | None:
    if "undefended" in ids and len(ids) > 1:
        return "declare defenders or leave the attack undefended, not both"
    return None


def resolve_defender(ctx: Ctx, ids: tuple[str, ...]) -> Say:
    a = attack(ctx)
    a["declared"] = True
    if ids[0] == "undefended":
        a["undefended"] = True
        if sentinel_players(ctx):
            return Say(f"{a['player']} declares no defender of their own; {listing(sentinel_players(ctx))} may still "
                       "defend with a Sentinel (ruling MK-SENTINEL).", rule="MK-SENTINEL")
        return Say(f"{a['player']} leaves {possessive(ctx.name(a['enemy']))} attack undefended (point 78).", rule=point(78))
    cards = [i.split(":", 1)[1] for i in ids]
    for c in cards:
        declare(ctx, c)
    if len(cards) > 1:
        return Say(f"{a['player']} declares {listing([ctx.name(c) for c in cards])} as defenders under Stand "
                   f"Together, exhausting {T.them(cards)} (points 75, 83).", rule=point(83))
    c = cards[0]
    return Say(f"{a['player']} declares {ctx.name(c)} as the defender, exhausting it (point 75).", rule=point(75))


def shadow_to_resolve(ctx: Ctx) -> bool:
    return attack_on(ctx) and any(ctx.card(s).get("face_down") for s in shadows_of(ctx, attack(ctx)["enemy"]))


def resolve_shadow(ctx: Ctx) -> Say:
    """Turn the next face-down shadow card of the attacker over, in the order dealt,
    and resolve its Shadow effect if it has one (point 76)."""
    a = attack(ctx)
    s = next(x for x in shadows_of(ctx, a["enemy"]) if ctx.card(x).get("face_down"))
    ctx.card(s)["face_down"] = False
    i = ability_of(ctx, s, "shadow")
    if i is None:
        return Say(f"{possessive(ctx.name(a['enemy']))} shadow card is {ctx.name(s)}: it has no shadow effect (point 76).",
                   rule=point(76))
    ab = ctx.defn(s).abilities[i]
    out = ctx.start(ab.effect, source=s, controller=None, ability=i, args=dict(ab.args))
    said = text_of(out)
    rule = ruling_of(out, point(76))
    return Say(f"{possessive(ctx.name(a['enemy']))} shadow card is {ctx.name(s)}: {ab.text}. {said}".strip(), rule=rule)


def ability_of(ctx: Ctx, uid: str, window: str) -> int | None:
    for i, ab in enumerate(ctx.defn(uid).abilities):
        if ab.type == "action" and ab.window == window:
            return i
    return None


def damage_due(ctx: Ctx) -> bool:
    return attack_on(ctx) and not attack(ctx).get("damaged")


def attack_strength(ctx: Ctx) -> int:
    a = attack(ctx)
    return T.stat(ctx, a["enemy"], "attack", event={"type": "attack", "undefended": a.get("undefended", False)})


def ask_damage(ctx: Ctx) -> Decision | None:
    if not damage_due(ctx):
        return None
    a = attack(ctx)
    p = a["player"]
    e = a["enemy"]
    att = attack_strength(ctx)
    d = a.get("defender")
    standing = [c for c in defenders(ctx) if in_play(ctx, c)]
    if len(defenders(ctx)) > 1 and standing:
        dfn = sum(T.stat(ctx, c, "defense") for c in standing)
        dmg = max(att - dfn, 0)
        return Decision(p, f"{p}: {ctx.name(e)} attacks with {att} against your defenders' total defense {dfn}: "
                        f"{plural(dmg, 'damage', 'damage')}, all to one defender of your choice (point 83).",
                        [Option(f"damage:{c}", f"{ctx.name(c)} takes {dmg} damage "
                                f"({plural(T.hp_left(ctx, c), 'hit point')} left)") for c in standing], kind="damage")
    if d is not None and in_play(ctx, d):
        dmg = max(att - T.stat(ctx, d, "defense"), 0)
        return Decision(p, f"{ctx.name(e)} deals {dmg} damage to {ctx.name(d)} (point 77).",
                        [Option(f"damage:{d}", f"{ctx.name(d)} takes {dmg} damage")], kind="damage")
    if d is not None:  # the defender left play: the attack deals no damage
        return Decision(p, f"{possessive(ctx.name(e))} defender has left play.", [Option("no_damage", "No damage")],
                        kind="damage")
    opts = [Option(f"hero:{h}", f"{ctx.name(h)} ({plural(T.hp_left(ctx, h), 'hit point')} left)")
            for h in T.heroes(ctx, p)]
    if not opts:
        return Decision(p, "No hero is left to take the damage.", [Option("no_damage", "No damage")],
                        kind="damage")
    opts += [Option(f"hero:{c}", f"{ctx.name(c)}, an ally ({plural(T.hp_left(ctx, c), 'hit point')} left)", False,
                    f"{ctx.name(c)} is an ally: an undefended attack's damage goes to one of your heroes, never to "
                    "an ally (point 78, ruling MK-UNDEF-HERO)", rule="MK-UNDEF-HERO")
             for c in T.characters(ctx, p) if ctx.kind(c) == "ally"]
    return Decision(p, f"{p}: the undefended attack of {ctx.name(e)} deals all its {att} attack to one of your "
                    "heroes, your choice (point 78, ruling MK-UNDEF-HERO).", opts, kind="undefended")


def resolve_damage(ctx: Ctx, ids: tuple[str, ...]) -> Say:
    a = attack(ctx)
    a["damaged"] = True
    e = a["enemy"]
    if ids[0] == "no_damage":
        return Say(f"{possessive(ctx.name(e))} attack deals no damage: nobody is there to take it (point 81).",
                   rule=point(81))
    verb, c = ids[0].split(":", 1)
    att = attack_strength(ctx)
    if verb == "hero":
        name = ctx.name(c)
        deal_damage(ctx, c, att, source=e)
        return Say(f"Undefended: {possessive(ctx.name(e))} whole attack of {att} goes to {name}, {a['player']}'s choice "
                   f"(point 78, ruling MK-UNDEF-HERO){fate(ctx, c)}.", rule="MK-UNDEF-HERO")
    standing = [x for x in defenders(ctx) if in_play(ctx, x)]
    dfn = sum(T.stat(ctx, x, "defense") for x in standing) if len(defenders(ctx)) > 1 else T.stat(ctx, c, "defense")
    dmg = max(att - dfn, 0)
    name = ctx.name(c)
    if dmg:
        deal_damage(ctx, c, dmg, source=e)
    if len(defenders(ctx)) > 1:
        return Say(f"{ctx.name(e)} attacks with {att} against the defenders' total defense {dfn} "
                   f"({listing([ctx.name(x) for x in standing])}): {plural(dmg, 'damage', 'damage')}, all to {name}, "
                   f"{a['player']}'s choice (point 83){fate(ctx, c)}.", rule=point(83))
    return Say(f"{ctx.name(e)} attacks with {att} against {name}'s defense {dfn}: {plural(dmg, 'damage', 'damage')} "
               f"(point 77){fate(ctx, c)}.", rule=point(77))


def in_play(ctx: Ctx, c: str) -> bool:
    """A character still in play (a hero or an ally)."""
    return c in ctx.state.cards and ctx.zone_of(c).endswith(("/heroes", "/allies"))


def damage_each(ctx: Ctx, cards: list[str], n: int, source: str | None = None) -> str:
    """n damage to each of these cards, one instance each (point 97); returns "; X and Y
    are destroyed" for those it destroys (damage up to their hit points: points 88, 96), or ""."""
    doomed = [ctx.name(u) for u in cards if T.hp_left(ctx, u) <= n]
    for u in cards:
        deal_damage(ctx, u, n, source=source)
    if not doomed:
        return ""
    return f"; {listing(doomed)} {'is' if len(doomed) == 1 else 'are'} destroyed (points 88, 96)"


def fate(ctx: Ctx, c: str) -> str:
    if in_play(ctx, c) or (T.engaged_with(ctx, c) is not None) or ctx.zone_of(c) == T.STAGING:
        return ""
    return f"; {ctx.name(c)} is destroyed (point 96)"


def after_attack(ctx: Ctx) -> Say:
    a = attack(ctx)
    e = a.get("enemy")
    ctx.extra.pop("attack", None)
    if e is not None and e in ctx.state.cards and T.engaged_with(ctx, e):
        ctx.do("attacked", card=e, player=a["player"])
        return Say(f"{possessive(ctx.name(e))} attack is over; \"after it attacks\" effects follow (point 80).",
                   rule=point(80))
    return Say("The attack is over: the enemy has left play (point 81).", rule=point(81))


def deal_damage(ctx: Ctx, c: str, n: int, source: str | None = None, attackers: list[str] | None = None) -> None:
    if n > 0 and c in ctx.state.cards:
        ctx.do("damage", card=c, amount=n, source=source, attackers=list(attackers or []))


def enemy_attack(window: Callable[[str], ActionWindow]) -> Sequence:
    return Sequence("Attack", level="attack", show=False, text="One enemy attack in four steps.", rule=point(73),
                    children=[
        Ask("Choose an enemy", ask_enemy, resolve_enemy, "The defending player picks the next attacker.",
            "MK-ATTACK-ORDER", auto_forced=True, offers=("enemy:<card>",)),
        window("Enemy chosen"),
        Ask("Declare a defender", ask_defender, resolve_defender, "Exhaust a defender, or take it undefended.",
            point(75), when=need_defender, offers=("defend:<card>", "undefended")),
        Loop("Sentinels", Ask("Sentinel", ask_sentinel, resolve_sentinel, "Another player may defend with a "
                              "Sentinel.", "MK-SENTINEL", when=lambda ctx: sentinel_player(ctx) is not None,
                              offers=("defend:<card>", "no_defend")),
             until=lambda ctx: sentinel_player(ctx) is None, label="Sentinel {n}", rule="MK-SENTINEL",
             text="Each other player with a ready Sentinel, in turn."),
        window("Defender declared"),
        Loop("Shadow effects", Step("Shadow card", resolve_shadow, "Turn over a shadow card and resolve it.",
                                    point(76)), until=lambda ctx: not shadow_to_resolve(ctx), label="Shadow {n}",
             rule=point(76), text="Each shadow card in the order dealt."),
        window("Shadows resolved"),
        Ask("Combat damage", ask_damage, resolve_damage, "Attack minus defense, to the defender; undefended, the "
            "whole attack to one hero. A destroyed character goes to its owner's discard pile.",
            point(77), auto_forced=True, offers=("damage:<card>", "hero:<card>", "no_damage")),
        window("Damage dealt"),
        Step("After the attack", after_attack, "After-attack effects.", point(80)),
    ])


# -- player attacks --------------------------------------------------------------------------------

def joined(ctx: Ctx, p: str) -> list[str]:
    """The enemies p attacked this phase by joining another player's attack with
    Ranged characters (ruling MK-ONE-ATTACK)."""
    return list(ctx.extra.get("joined", {}).get(p, []))


def has_attacked(ctx: Ctx, p: str, e: str) -> bool:
    """p has made their one attack on e this phase, declared or joined (point 90,
    ruling MK-ONE-ATTACK)."""
    return e in ctx.extra.get("struck", {}).get(p, []) or e in joined(ctx, p)


def targets(ctx: Ctx, p: str) -> list[tuple[str, str]]:
    """(enemy, why illegal) for every enemy p could attack: p's own engaged enemies
    with a ready character, another player's with a ready Ranged one (point 85);
    not one p has attacked this phase, declared or joined (point 90, ruling
    MK-ONE-ATTACK). The enemies in the staging area come last, always illegal
    (point 84, ruling MK-RANGED)."""
    struck = ctx.extra.get("struck", {}).get(p, [])
    ready = [c for c in T.characters(ctx, p) if T.is_ready(ctx, c)]
    ranged = [c for c in ready if "Ranged" in T.keywords(ctx, c)]
    out = []
    for q in T.turn_order(ctx):
        for e in T.engaged_enemies(ctx, q):
            if e in struck:
                why = f"{p} has attacked {ctx.name(e)} this phase already: one attack per enemy (point 90)"
            elif e in joined(ctx, p):
                why = (f"{p} has attacked {ctx.name(e)} this phase already, when their Ranged characters joined "
                       "another player's attack on it: joining is their one attack on that enemy (point 90, ruling "
                       "MK-ONE-ATTACK)")
            elif q == p:
                why = "" if ready else "no ready character is left to attack with (point 7)"
            else:
                why = "" if ranged else f"it is engaged with {q}: only a Ranged character may attack it (point 85)"
            out.append((e, why))
    for e in ctx.zone(T.STAGING):
        if ctx.kind(e) == "enemy":
            out.append((e, f"{ctx.name(e)} is in the staging area: only an enemy engaged with a player can be "
                           "attacked, and Ranged does not reach the staging area (point 84, ruling MK-RANGED)"))
    return out


def ruling_in(why: str) -> str | None:
    """The ruling id a reason cites, for the option's link (None: it cites only rule points)."""
    for word in why.replace(")", " ").replace(",", " ").split():
        if word.startswith("MK-"):
            return word
    return None


def attacks_done(ctx: Ctx) -> bool:
    p = ctx.player
    return T.eliminated(ctx, p) or p in ctx.extra.get("strikes_over", []) or not any(
        not why for _, why in targets(ctx, p))


def ask_target(ctx: Ctx) -> Decision | None:
    p = ctx.player
    opts = [Option(f"target:{e}", f"Attack {ctx.name(e)} (defense {T.stat(ctx, e, 'defense')}, "
                   f"{plural(T.hp_left(ctx, e), 'hit point')} left)", not why, why, rule=ruling_in(why))
            for e, why in targets(ctx, p)]
    if not any(o.legal for o in opts):
        return None
    opts.append(Option("no_attack", "Make no more attacks this phase"))
    return Decision(p, f"{p}: declare an attack against an enemy, or stop (point 84).", opts, kind="target",
                    default=suggested_target(ctx, p, opts))


def able_attackers(ctx: Ctx, p: str, e: str) -> list[str]:
    """p's ready characters that may attack enemy `e`: all of them against an enemy
    engaged with p, only the Ranged ones against another player's (point 85)."""
    ready = [c for c in T.characters(ctx, p) if T.is_ready(ctx, c)]
    if T.engaged_with(ctx, e) != p:
        ready = [c for c in ready if "Ranged" in T.keywords(ctx, c)]
    return ready


def strike_power(ctx: Ctx, p: str, e: str) -> int:
    """The attack p can bring against enemy `e` at no lasting cost: the able attackers the
    refresh phase readies again, so none Caught in a Web (it readies only if paid for,
    ruling MK-CAUGHT)."""
    return sum(T.stat(ctx, c, "attack", event={"type": "strike", "enemy": e})
               for c in able_attackers(ctx, p, e) if not webs_on(ctx, c))


def damage_within_reach(ctx: Ctx, p: str, e: str) -> int:
    """The damage the attack of `strike_power` would deal enemy `e`: its part above the
    enemy's defense (point 87), 0 when it does not get through."""
    return max(strike_power(ctx, p, e) - T.stat(ctx, e, "defense"), 0)


def suggested_target(ctx: Ctx, p: str, opts: list[Option]) -> str:
    """The attack the table suggests: among the enemies p may attack now, one p's ready
    characters can destroy (the hardest-hitting), else the one they would damage most;
    "no_attack" only when no open attack would deal damage. Attackers exhaust, but the
    refresh phase, which follows combat, readies them (those Caught in a Web are not
    counted): stopping would waste that damage. Reads only the table."""
    best, best_key = "no_attack", None
    for o in opts:
        if not o.legal or not o.id.startswith("target:"):
            continue
        e = o.id.split(":", 1)[1]
        dmg = damage_within_reach(ctx, p, e)
        if dmg <= 0:
            continue
        kills = dmg >= T.hp_left(ctx, e)
        key = (kills, T.stat(ctx, e, "attack") if kills else dmg)
        if best_key is None or key > best_key:
            best, best_key = o.id, key
    return best


def resolve_target(ctx: Ctx, ids: tuple[str, ...]) -> Say:
    p = ctx.player
    if ids[0] == "no_attack":
        ctx.extra.setdefault("strikes_over", []).append(p)
        return Say(f"{p} makes no more attacks this phase (point 84).", rule=point(84))
    e = ids[0].split(":", 1)[1]
    ctx.extra.setdefault("struck", {}).setdefault(p, []).append(e)
    ctx.extra["strike"] = {"enemy": e, "player": p, "attackers": []}
    return Say(f"{p} declares an attack against {ctx.name(e)} (point 85).", rule=point(85))


def strike(ctx: Ctx) -> dict:
    return ctx.extra.get("strike") or {}


def strike_on(ctx: Ctx) -> bool:
    s = strike(ctx)
    return bool(s) and s["enemy"] in ctx.state.cards and T.engaged_with(ctx, s["enemy"]) is not None


def ask_attackers(ctx: Ctx) -> Decision | None:
    s = strike(ctx)
    if not strike_on(ctx) or s.get("attackers"):
        return None
    p = s["player"]
    own = T.engaged_with(ctx, s["enemy"]) == p
    opts = []
    for c in T.characters(ctx, p):
        why = ("" if T.is_ready(ctx, c) else f"{ctx.name(c)} is exhausted (point 7)")
        if not why and not own and "Ranged" not in T.keywords(ctx, c):
            why = f"{ctx.name(c)} is not Ranged: it attacks only enemies engaged with {p} (point 85, ruling MK-RANGED)"
        opts.append(Option(f"attacker:{c}", f"{ctx.name(c)} ({T.stat(ctx, c, 'attack')} attack)", not why, why,
                           rule="MK-RANGED" if "MK-RANGED" in why else ""))
    for q, c, name in others_ready(ctx, p):
        if "Ranged" in T.keywords(ctx, c):
            why = (f"{name} is {q}'s: {q}, who controls it, decides whether this Ranged character joins your "
                   "attack, and is asked once you have chosen your attackers (ruling MK-RANGED)")
        else:
            why = (f"{name} is {q}'s and not Ranged: another player's character takes part in your attack only "
                   "if it is Ranged (point 85, ruling MK-RANGED)")
        opts.append(Option(f"attacker:{c}", f"{name}, {possessive(q)} ({T.stat(ctx, c, 'attack')} attack)", False,
                           why, rule="MK-RANGED"))
    n = sum(o.legal for o in opts)
    return Decision(p, f"{p}: choose the attackers against {ctx.name(s['enemy'])} (they exhaust; their attack adds "
                    "up, point 86).", opts, min=1, max=max(n, 1), kind="attackers")


def resolve_attackers(ctx: Ctx, ids: tuple[str, ...]) -> Say:
    s = strike(ctx)
    cards = [i.split(":", 1)[1] for i in ids]
    for c in cards:
        T.exhaust(ctx, c)
    s["attackers"] = cards
    total = sum(T.stat(ctx, c, "attack") for c in cards)
    left_out = done_with(ctx)
    tail = (f"; {listing(left_out)} {'has' if len(left_out) == 1 else 'have'} attacked it this phase already, so "
            f"{'is' if len(left_out) == 1 else 'are'} not asked to join with Ranged characters (point 90, ruling "
            "MK-ONE-ATTACK)" if left_out else "")
    return Say(f"{s['player']} attacks {ctx.name(s['enemy'])} with {T.names_or_nobody(ctx, cards)}, exhausting "
               f"{T.them(cards)}: attack strength {total} (points 85, 86){tail}.",
               rule="MK-ONE-ATTACK" if left_out else point(86))


def rangers(ctx: Ctx) -> list[str]:
    """Other players with ready Ranged characters not yet asked to join the attack
    (ruling MK-RANGED)."""
    s = strike(ctx)
    if not strike_on(ctx) or not s.get("attackers") or "strength" in s:
        return []
    asked = s.get("joined_asked", [])
    return [q for q in T.turn_order(ctx) if q != s["player"] and q not in asked
            and not has_attacked(ctx, q, s["enemy"])
            and any(T.is_ready(ctx, c) and "Ranged" in T.keywords(ctx, c) for c in T.characters(ctx, q))]


def done_with(ctx: Ctx) -> list[str]:
    """The other players with a ready Ranged character who are not asked to join the
    attack being declared: each has attacked its enemy this phase already (point 90,
    ruling MK-ONE-ATTACK)."""
    s = strike(ctx)
    if not s:
        return []
    return [q for q in T.turn_order(ctx) if q != s["player"] and has_attacked(ctx, q, s["enemy"])
            and any(T.is_ready(ctx, c) and "Ranged" in T.keywords(ctx, c) for c in T.characters(ctx, q))]


def ask_join(ctx: Ctx) -> Decision | None:
    left = rangers(ctx)
    if not left:
        return None
    q = left[0]
    s = strike(ctx)
    opts = []
    for c in T.characters(ctx, q):
        if not T.is_ready(ctx, c):
            continue
        ok = "Ranged" in T.keywords(ctx, c)
        opts.append(Option(f"attacker:{c}", f"{ctx.name(c)} ({T.stat(ctx, c, 'attack')} attack)", ok,
                           "" if ok else f"{ctx.name(c)} is not Ranged: only a Ranged character joins another "
                           f"player's attack, here {possessive(s['player'])} (point 85, ruling MK-RANGED)",
                           rule=None if ok else "MK-RANGED"))
    n = sum(o.legal for o in opts)
    return Decision(q, f"{q}: {s['player']} attacks {ctx.name(s['enemy'])}; you may join with Ranged characters "
                    "(they exhaust; ruling MK-RANGED).", opts, min=0, max=n, kind="join")


def resolve_join(ctx: Ctx, ids: tuple[str, ...]) -> Say:
    s = strike(ctx)
    q = rangers(ctx)[0]
    s.setdefault("joined_asked", []).append(q)
    cards = [i.split(":", 1)[1] for i in ids]
    for c in cards:
        T.exhaust(ctx, c)
    s["attackers"] = s["attackers"] + cards
    if cards:
        ctx.extra.setdefault("joined", {}).setdefault(q, []).append(s["enemy"])
    if not cards:
        return Say(f"{q} adds no Ranged character to the attack (ruling MK-RANGED).", rule="MK-RANGED")
    return Say(f"{q} joins the attack on {ctx.name(s['enemy'])} with {T.names_or_nobody(ctx, cards)} (Ranged), "
               f"exhausting {T.them(cards)} (point 115, ruling MK-RANGED).", rule="MK-RANGED")


def strength(ctx: Ctx) -> Say:
    s = strike(ctx)
    e = s["enemy"]
    cards = [c for c in s["attackers"] if in_play(ctx, c)]
    total = sum(T.stat(ctx, c, "attack", event={"type": "strike", "enemy": e}) for c in cards)
    s["strength"] = total
    parts = listing([f"{ctx.name(c)} {T.stat(ctx, c, 'attack', event={'type': 'strike', 'enemy': e})}"
                     for c in cards], empty="no attacker is left")
    return Say(f"Attack strength against {ctx.name(e)}: {parts}, {total} in all (point 86).", rule=point(86))


def strike_damage(ctx: Ctx) -> Say:
    s = strike(ctx)
    e = s["enemy"]
    cards = [c for c in s["attackers"] if c in ctx.state.cards]
    total = int(s.get("strength", 0))
    dfn = T.stat(ctx, e, "defense")
    dmg = max(total - dfn, 0)
    name = ctx.name(e)
    deal_damage(ctx, e, dmg, source=s["player"], attackers=cards)
    gone = e in ctx.state.cards and T.engaged_with(ctx, e) is None
    tail = f"; {name} is destroyed (point 88)" if gone else f"; {plural(T.hp_left(ctx, e), 'hit point')} left"
    return Say(f"Attack strength {total} against {name}'s defense {dfn}: {dmg} damage (point 87){tail}.",
               rule=point(88) if gone else point(87))


def quick_attack(ctx: Ctx, c: str, e: str, p: str) -> str:
    """An attack an effect makes at once (Quick Strike): c's attack against e's
    defense, outside the framework's attacks, so it is not recorded as p's attack
    on e this phase (point 90). Returns words."""
    power = T.stat(ctx, c, "attack", event={"type": "strike", "enemy": e})
    dfn = T.stat(ctx, e, "defense")
    dmg = max(power - dfn, 0)
    name = ctx.name(e)
    deal_damage(ctx, e, dmg, source=p, attackers=[c])
    gone = e not in ctx.state.cards or T.engaged_with(ctx, e) is None
    tail = f"; {name} is destroyed (point 88)" if gone else f"; {plural(T.hp_left(ctx, e), 'hit point')} left"
    return f"{ctx.name(c)} attacks {name} with {power} against defense {dfn}: {dmg} damage{tail}."


def end_strike(ctx: Ctx) -> Say:
    s = strike(ctx)
    ctx.extra.pop("strike", None)
    return Say(f"{s.get('player', ctx.player)}'s attack is over.", rule=point(84))


def player_attack(window: Callable[[str], ActionWindow]) -> Sequence:
    return Sequence("Strike", level="attack", show=False, text="One player attack in three steps.", rule=point(84),
                    children=[
        Ask("Declare an attack", ask_target, resolve_target, "Choose an enemy to attack, or stop.", point(84),
            offers=("target:<card>", "no_attack")),
        Ask("Choose attackers", ask_attackers, resolve_attackers, "Exhaust any number of attackers.", point(85),
            when=lambda ctx: strike_on(ctx) and not strike(ctx).get("attackers"), offers=("attacker:<card>",)),
        Loop("Ranged", Ask("Join with Ranged", ask_join, resolve_join, "Other players may join with Ranged "
                           "characters.", "MK-RANGED", when=lambda ctx: bool(rangers(ctx)),
                           offers=("attacker:<card>",)),
             until=lambda ctx: not rangers(ctx), label="Ranged {n}", rule="MK-RANGED",
             text="Each other player with a ready Ranged character, in turn."),
        window("Attack declared"),
        Step("Attack strength", strength, "Add up the attackers' attack.", point(86),
             when=lambda ctx: strike_on(ctx) and bool(strike(ctx).get("attackers"))),
        window("Strength counted"),
        Step("Attack damage", strike_damage, "Strength minus defense, on the enemy; a destroyed enemy goes to the "
             "victory display if it has victory points, else to the encounter discard pile.", point(87),
             when=lambda ctx: strike_on(ctx) and "strength" in strike(ctx)),
        window("Attack resolved"),
        Step("Attack over", end_strike, "The attack ends.", point(84), when=lambda ctx: bool(strike(ctx))),
    ])


# -- Caught in a Web -------------------------------------------------------------------------------

def webs_on(ctx: Ctx, u: str) -> list[str]:
    return [w for w in ctx.zone(T.ENC_ATTACH) if ctx.card(w).get("attached_to") == u]


def webbed(ctx: Ctx) -> list[str]:
    done = ctx.extra.get("web_asked", [])
    return [h for p in T.turn_order(ctx) for h in T.heroes(ctx, p)
            if webs_on(ctx, h) and ctx.card(h).get("exhausted") and h not in done]


def web_to_pay(ctx: Ctx) -> bool:
    return bool(webbed(ctx))


def ask_web(ctx: Ctx) -> Decision | None:
    heroes = webbed(ctx)
    if not heroes:
        return None
    h = heroes[0]
    p = T.controller(ctx, h)
    cost = 2 * len(webs_on(ctx, h))
    have = T.resources(ctx, h)
    ok = have >= cost
    return Decision(p, f"{p}: {ctx.name(h)} is Caught in a Web and readies only if you pay {cost} resources from "
                    "that hero's pool (ruling MK-CAUGHT).",
                    [Option(f"pay:{h}", f"Pay {cost} resources from {ctx.name(h)} to ready that hero", ok,
                            "" if ok else f"{ctx.name(h)} has {plural(have, 'resource')}, not {cost} (ruling MK-CAUGHT)",
                            rule="" if ok else "MK-CAUGHT"),
                     Option(f"stay:{h}", f"Leave {ctx.name(h)} exhausted")], kind="web")


def resolve_web(ctx: Ctx, ids: tuple[str, ...]) -> Say:
    verb, h = ids[0].split(":", 1)
    ctx.extra.setdefault("web_asked", []).append(h)
    if verb == "stay":
        return Say(f"{ctx.name(h)} stays exhausted under Caught in a Web (ruling MK-CAUGHT).", rule="MK-CAUGHT")
    cost = 2 * len(webs_on(ctx, h))
    ctx.do("resource", card=h, add=-cost)
    T.ready(ctx, h)
    return Say(f"{T.controller(ctx, h)} pays {cost} resources from {possessive(ctx.name(h))} pool, and the hero readies (ruling "
               "MK-CAUGHT).", rule="MK-CAUGHT")


# -- travel ----------------------------------------------------------------------------------------

def travel_refusal(ctx: Ctx, u: str) -> str:
    """Why the players cannot travel to this location: its Travel cost cannot be paid
    in full (point 64, ruling MK-TRAVEL-COST)."""
    i = ability_of(ctx, u, "travel")
    if i is None:
        return ""
    ab = ctx.defn(u).abilities[i]
    eff = ctx.game.effect(ab.effect)
    from tablekit.core import AbilityUse
    why = eff.check(ctx, AbilityUse(u, T.first_player(ctx), ab))
    return f"{why} (ruling MK-TRAVEL-COST)" if why else ""
