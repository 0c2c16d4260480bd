"""The heuristic's quest rules of thumb: who quests and who stays home, where the
party travels, and which enemies it engages."""

from __future__ import annotations

from tablekit.core import Ctx, Decision

from . import table as T
from .bot_read import (
    REVEAL_THREAT,
    att,
    card_id,
    coming_attackers,
    dfn,
    hand,
    hp_left,
    is_hero,
    need_spawn_dead,
    players_left,
    ready_characters,
    staging_threat,
    stat,
    threat_to_beat,
    uid_of,
    worth,
    wp,
)

SHADOW_MARGIN = 1
"""A face-down shadow card often adds 1 attack: a defender is counted safe only
if it survives one more than the printed attack."""


def survives(ctx: Ctx, c: str, attack: int) -> bool:
    return hp_left(ctx, c) > max(attack - dfn(ctx, c), 0)


def readies_after_commit(ctx: Ctx, u: str, questers: list[str]) -> bool:
    """Aragorn readies himself after committing by paying 1 resource (his response),
    so he quests and still defends; Théodred questing with him hands him that
    resource when his pool is empty."""
    if card_id(ctx, u) != "aragorn":
        return False
    return T.resources(ctx, u) >= 1 or any(card_id(ctx, q) == "theodred" for q in questers)


RALLY_MIN = 2
"""Faramir rallies (rather than quests) when at least this many others quest."""


def rallies(ctx: Ctx, p: str, cards: list[str]) -> str | None:
    """Faramir stays out of the quest to rally instead (+1 willpower to each of the
    player's characters) when at least two others quest; else he quests himself."""
    far = [u for u in cards if card_id(ctx, u) == "faramir"]
    if not far:
        return None
    questers = [u for u in cards if u != far[0] and wp(ctx, u) > 0]
    return far[0] if len(questers) >= RALLY_MIN else None


CHUMP_WORTH = 8
"""The most an ally may be worth (`bot_read.worth`) to be sent to block an attack it
does not survive."""


def chump_ok(ctx: Ctx, c: str) -> bool:
    """A cheap ally may block an attack it does not survive: losing it costs less than
    the damage a hero would take undefended (heroes never heal)."""
    return not is_hero(ctx, c) and worth(ctx, c) <= CHUMP_WORTH


def reserve_defenders(ctx: Ctx, p: str, enemies: list[str], questers: list[str],
                      free: list[str]) -> tuple[set[str], int]:
    """The questers kept home to defend, and how many of the enemies get a defender:
    each enemy expected to attack p this round wants a defender that survives it (or
    a cheap ally to block it). The characters that stay home anyway (`free`: no
    willpower, Aragorn readying himself) come first and are used up from `free`;
    then, for an enemy still uncovered, the quester that survives it and quests least."""
    keep: set[str] = set()
    covered = 0
    for e in sorted(enemies, key=lambda e: -att(ctx, e)):
        a = att(ctx, e) + SHADOW_MARGIN
        ok = [c for c in free if survives(ctx, c, a)] or [c for c in free if chump_ok(ctx, c)]
        if ok:
            free.remove(min(ok, key=lambda c: (worth(ctx, c) if not survives(ctx, c, a) else 0, -dfn(ctx, c))))
            covered += 1
            continue
        left = [c for c in questers if c not in keep]
        safe = [c for c in left if survives(ctx, c, a)] or [c for c in left if chump_ok(ctx, c)]
        if safe:
            keep.add(min(safe, key=lambda c: (wp(ctx, c), -dfn(ctx, c), worth(ctx, c))))
            covered += 1
    return keep, covered


KILL_WILLPOWER = 2
"""The most willpower kept home to make a kill: an enemy destroyed stops attacking
every round after, worth more than a point or two of progress now."""
KILL_HELPERS = 3
"""The most questers kept home to make a kill."""


def reserve_attackers(ctx: Ctx, enemies: list[str], questers: list[str],
                      force: list[str]) -> tuple[set[str], int]:
    """The questers kept home to attack, and the kills expected: going down the
    enemies expected this round, the most valuable first, each one the characters at
    home (`force`, those not defending) cannot destroy by themselves gets the fewest
    questers (each of at most `KILL_WILLPOWER`, `KILL_HELPERS` in all) that make the
    kill. On Don't Leave the Path! Ungoliant's Spawn gets them all: every blow counts,
    its damage stays."""
    power = sum(att(ctx, c) for c in force)
    cands = sorted((c for c in questers if wp(ctx, c) <= KILL_WILLPOWER and att(ctx, c) > 0),
                   key=lambda c: (wp(ctx, c), -att(ctx, c)))[:KILL_HELPERS]
    keep: set[str] = set()
    kills = 0
    for e in sorted(enemies, key=lambda e: -(2 * att(ctx, e) + stat(ctx, e, "threat"))):
        need = hp_left(ctx, e) + dfn(ctx, e)
        if need_spawn_dead(ctx) and card_id(ctx, e) == T.SPAWN and power < need:
            return keep | set(cands), kills
        extra = []
        while power < need and cands:
            c = cands.pop(0)
            extra.append(c)
            power += att(ctx, c)
        if power < need:
            cands = extra + cands           # this one cannot be destroyed: keep them questing
            power -= sum(att(ctx, c) for c in extra)
            continue
        keep |= set(extra)
        power -= need
        kills += 1
    return keep, kills


def lends_to_aragorn(ctx: Ctx, u: str, questers: list[str]) -> bool:
    """Théodred questing is what readies Aragorn (his pool is empty): his resource."""
    return card_id(ctx, u) == "theodred" and any(
        card_id(ctx, q) == "aragorn" and T.resources(ctx, q) < 1 for q in questers)


def guard_plan(ctx: Ctx, p: str, enemies: list[str], questers: list[str], home: list[str],
               readier: list[str], readier_defends: bool) -> tuple[tuple, set[str]] | None:
    """One way to keep characters home: `home` (never questing) and `readier` (Aragorn,
    questing then readying) are at home for the combat; the readier either joins the
    defenders first (`readier_defends`) or only attacks. A character counts once, as a
    defender or as an attacker, never both. None when the plan keeps home the Théodred
    whose resource readies Aragorn. Its score: enemies defended, kills, then the least
    willpower kept home."""
    free = home + (readier if readier_defends else [])
    rest = [q for q in questers if q not in readier]
    keep, covered = reserve_defenders(ctx, p, enemies, rest, free)
    force = free + ([] if readier_defends else readier)
    more, kills = reserve_attackers(ctx, enemies, [q for q in rest if q not in keep], force)
    keep |= more
    if readier and any(lends_to_aragorn(ctx, k, readier) for k in keep):
        return None
    return (covered, kills, -sum(wp(ctx, k) for k in keep)), keep


def home_guard(ctx: Ctx, p: str, pool: list[str], rally: str | None) -> set[str]:
    """The questers that stay home for the combat to come (`reserve_defenders`, then
    `reserve_attackers`), by the best of a few `guard_plan`s: Aragorn readying after
    the quest defends, or attacks, or (not readying) is one more quester."""
    enemies = coming_attackers(ctx, p)
    if not enemies:
        return set()
    questers = [u for u in pool if wp(ctx, u) > 0]
    home = [c for c in ready_characters(ctx, p) if c != rally and c not in questers]
    readier = [c for c in questers if readies_after_commit(ctx, c, questers)]
    plans = [guard_plan(ctx, p, enemies, questers, home, readier, True)]
    if readier:
        plans += [guard_plan(ctx, p, enemies, questers, home, readier, False),
                  guard_plan(ctx, p, enemies, questers, home, [], True)]
    best = max((pl for pl in plans if pl is not None), key=lambda pl: pl[0])   # the first of equals
    return best[1]


QUEST_MARGIN = 5
"""Willpower sent beyond the threat expected (the staging area and the cards still to
come): the questers past it stay home, ready for an enemy the staging may bring."""
SPAWN_MARGIN = 0
"""The margin while only Ungoliant's Spawn's death can win: progress is worth nothing
then, so the questers past the threat stay home to fight it."""
LATER_SHARE = 0.6
"""The share of their willpower the players still to commit are counted on for."""


def willpower_needed(ctx: Ctx, p: str) -> float:
    """The willpower p should add: the threat to beat and the margin (none on Don't
    Leave the Path!, where progress wins nothing), less what the players before p
    have committed and a share of what those after p can send."""
    order = T.turn_order(ctx)
    later = order[order.index(p) + 1:] if p in order else []
    done = sum(wp(ctx, u) for u in T.committed(ctx))
    coming = sum(wp(ctx, u) for q in later for u in ready_characters(ctx, q))
    margin = SPAWN_MARGIN if need_spawn_dead(ctx) else QUEST_MARGIN
    return threat_to_beat(ctx) + margin - done - LATER_SHARE * coming


def quest_order(ctx: Ctx, u: str, questers: list[str]) -> tuple:
    """Who quests first: Aragorn when he readies himself (he still defends), then the
    most willpower, then the one least useful at home (attack and defense)."""
    return (not readies_after_commit(ctx, u, questers), -wp(ctx, u), att(ctx, u) + dfn(ctx, u))


def commit(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    """Quest with enough willpower to beat the threat expected by `QUEST_MARGIN`
    (`willpower_needed`), never with the characters kept home for the coming enemies
    (`home_guard`) nor with Faramir when he rallies; the rest stay home, ready for an
    enemy the staging may bring. With the margin as wide as it is, that is nearly
    everyone the combat does not call for: progress wins, a failed quest raises threat."""
    p = d.player
    cards = [uid_of(i) for i in legal if i.startswith("commit:")]
    rally = rallies(ctx, p, cards)
    pool = [u for u in cards if u != rally and wp(ctx, u) > 0]
    keep = home_guard(ctx, p, pool, rally)
    questers = [u for u in pool if u not in keep]
    need = willpower_needed(ctx, p)
    chosen, total = [], 0
    for u in sorted(questers, key=lambda u: quest_order(ctx, u, questers)):
        if total >= need and not readies_after_commit(ctx, u, questers) \
                and not lends_to_aragorn(ctx, u, chosen):
            continue        # past the margin: only Aragorn readying, and the Théodred he readies with
        chosen.append(u)
        total += wp(ctx, u) + (1 if rally else 0)     # Faramir's rally: +1 for each quester
    return [f"commit:{u}" for u in chosen]


# -- travel -------------------------------------------------------------------------------------------

def party_willpower(ctx: Ctx) -> int:
    """The willpower the party can send questing next round: every character's."""
    return sum(wp(ctx, u) for q in T.turn_order(ctx) for u in T.characters(ctx, q))


def clears_soon(ctx: Ctx, loc: str) -> bool:
    """The next quest is expected to explore this location at once: the party's
    willpower beats the staging area (without it) and the cards to come by its quest points."""
    left = T.quest_points(ctx, loc) - int(ctx.card(loc).get("progress", 0))
    after = staging_threat(ctx) - stat(ctx, loc, "threat") + REVEAL_THREAT * players_left(ctx)
    return party_willpower(ctx) - after >= left


def needed_in_combat(ctx: Ctx) -> bool:
    """Some enemy is engaged or about to engage: a ready hero is worth keeping."""
    return any(coming_attackers(ctx, q) for q in T.turn_order(ctx))


QP_WEIGHT = 0.5
"""Per quest point a location soaks up before progress reaches the quest. Weighing it
more (1 a point) left locations in the staging area, and lost a third of the wins."""
STREAM_PENALTY = 4.0
"""Enchanted Stream blocks the party's draws while it is the active location: not
travelled to unless the next quest is expected to explore it at once (`clears_soon`)."""
WEB_PENALTY = 1.5
"""Great Forest Web's travel cost exhausts a hero of each player just before combat."""
MOUNTAIN_PENALTY = 2.0
"""Mountains of Mirkwood's travel cost reveals one more encounter card."""


def travel_score(ctx: Ctx, loc: str) -> float:
    """How good travelling to a location is: its threat leaves the staging area for
    every round it would have stayed there, against the progress it soaks up; then
    each location's own price or gift."""
    cid = card_id(ctx, loc)
    left = T.quest_points(ctx, loc) - int(ctx.card(loc).get("progress", 0))
    score = 2.0 * stat(ctx, loc, "threat") - QP_WEIGHT * left
    fp = T.first_player(ctx)
    if cid == "enchanted-stream" and not clears_soon(ctx, loc):
        score -= STREAM_PENALTY
    elif cid == "great-forest-web" and needed_in_combat(ctx):
        score -= WEB_PENALTY
    elif cid == "mountains-of-mirkwood":
        score -= MOUNTAIN_PENALTY
    elif cid == "necromancer-s-pass":
        score -= 2 if len(hand(ctx, fp)) <= 3 else 1    # 2 random cards of the first player's hand
    elif cid == "old-forest-road" and any(not T.is_ready(ctx, c) for c in T.characters(ctx, fp)):
        score += 1          # the first player readies a character
    elif cid == "forest-gate" and not ctx.restricted("draw", player=fp):
        score += 1.5        # the first player draws 2 cards
    return score


def travel(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    """Travel to the best location by `travel_score`, if it is worth it at all: a
    location left in the staging area adds its threat to every quest."""
    places = [uid_of(i) for i in legal if i.startswith("travel:")]
    if not places:
        return ["no_travel"]
    best = max(places, key=lambda u: travel_score(ctx, u))
    return [f"travel:{best}"] if travel_score(ctx, best) > 0 else ["no_travel"]


# -- engagement ---------------------------------------------------------------------------------------

def engage(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    """Optional engagement: the suggestion (`rules.engage_now`): an enemy that comes next
    round anyway and that the party can destroy now, else none. An enemy in the staging
    area adds its threat to each quest, but one engaged attacks every round, and the
    engagement checks bring the cheap ones anyway; engaging every enemy the party could
    destroy at once lost games."""
    return [d.default] if d.default in legal else ["no_engage"]


def weakest_enemy(ctx: Ctx, d: Decision, legal: list[str]) -> list[str]:
    """Among tied enemies in an engagement check: the one that hits least hard."""
    cards = [i for i in legal if ":" in i and uid_of(i) in ctx.state.cards]
    if not cards:
        return [d.default] if d.default in legal else legal[:1]
    return [min(cards, key=lambda i: (att(ctx, uid_of(i)), hp_left(ctx, uid_of(i))))]
