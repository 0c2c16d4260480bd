"""The table of LFG: zone names, rulebook sections, the card facts the rules
read (roles, renown, traits), a party's renown and the matching of heroes to
roles. Nothing here changes the state."""

from __future__ import annotations

from itertools import permutations

from tablekit.core import Ctx, seat_zone
from tablekit.core.words import plural  # noqa: F401  (T.plural in the rules)

DECK, ASIDE, BOX, GRAVE = "deck", "aside", "box", "graveyard"
PILES = ("pile1", "pile2", "pile3")
TWO, CHAOS, PASSING = "two_player", "little_chaos", "passing"

ROLES = ("defence", "support", "damage")
ROLE_WORD = {"defence": "Defence", "support": "Support", "damage": "Damage"}
TRAITS = ("loyal", "spellcaster", "wild", "scoundrel")
TRAIT_WORD = {t: t.capitalize() for t in TRAITS}

# the priority list: a lower number resolves first
PRIORITY = {"extra_draft": 1, "copy": 2, "protect": 3, "hurt": 4, "heal": 5,
            "recruit": 6, "swap": 6, "kill": 7}
CLASS_WORD = {1: "extra draft", 2: "copy", 3: "protect", 4: "hurt", 5: "heal",
              6: "recruit/swap", 7: "kill"}

# rulebook sections
SETUP = "Setup (3-4 players)"
LARGE = "Large Groups"
LITTLE_CHAOS = "A Little Chaos"
CUSTOM = "Custom Deck"
TURN = "Turn Structure"
ROLES_R = "Roles"
RENOWN_R = "Renown"
HURT_R = "Renown (Hurt)"
TRAITS_R = "Traits"
DRAFT_AB = "Draft Abilities"
PASSIVE = "Passive Abilities"
PRIO = "Effects & Priority"
NOT_OPTIONAL = "Abilities are not optional"
TARGETS = "Abilities with Targets"
CONFLICT = "Conflicting Priority"
WIN = "Winning"
SCOUNDREL_WIN = "Scoundrel Win"
TWO_R = "Two Player Mode"
EFFECT_R = {1: "Effects & Priority: Extra draft", 2: "Effects & Priority: Copy",
            3: "Effects & Priority: Protect", 4: "Effects & Priority: Hurt",
            5: "Effects & Priority: Heal", 6: "Effects & Priority: Recruit/Swap",
            7: "Effects & Priority: Kill"}


hand = seat_zone("hand")
party = seat_zone("party")


def is_2p(ctx: Ctx) -> bool:
    return ctx.state.variant == TWO


def has(ctx: Ctx, uid: str, trait: str) -> bool:
    """Traits hold wherever the card lies (hand, party, graveyard)."""
    return trait in ctx.defn(uid).traits


def roles(ctx: Ctx, uid: str) -> list[str]:
    return list(ctx.defn(uid)["roles"])


def is_hurt(ctx: Ctx, uid: str) -> bool:
    return bool(ctx.card(uid).get("hurt"))


PROTECTION = "harm"  # what a protection forbids: being hurt or killed, or targeted by either


def is_protected(ctx: Ctx, uid: str) -> bool:
    """Protected this round: a lasting restriction of the core (ruling LFG-PROTECT)."""
    return ctx.restricted(PROTECTION, card=uid) is not None


def protections(ctx: Ctx, uid: str | None = None) -> list[dict]:
    """The protections in force (of one hero, with `uid`): the core's lasting
    restrictions on harm."""
    return [e for e in ctx.lasting("restriction") if e["what"] == PROTECTION
            and (uid is None or uid in (e.get("targets") or ()))]


def hero_renown(ctx: Ctx, uid: str) -> int:
    d = ctx.defn(uid)
    return d["hurt_renown"] if is_hurt(ctx, uid) else d["renown"]


def party_of(ctx: Ctx, uid: str) -> str | None:
    """The player whose party holds the hero, or None."""
    z = ctx.zone_of(uid)
    if ctx.state.zone_info[z].get("kind") == "party":
        return ctx.owner_of(uid)
    return None


def heroes(ctx: Ctx, p: str) -> list[str]:
    return list(ctx.zone(party(p)))


def all_party_heroes(ctx: Ctx) -> list[tuple[str, str]]:
    """(owner, hero) for every hero in a party, in seat order."""
    return [(p, u) for p in ctx.players for u in ctx.zone(party(p))]


def bonuses(ctx: Ctx, p: str) -> list[tuple[str, int]]:
    """Renown from passives that are always on (no priority): (hero, amount)."""
    out = []
    for use in ctx.actions("always", p):
        n = ctx.game.effect(use.ability.effect).bonus(ctx, use)
        if n:
            out.append((use.source, n))
    return out


def renown(ctx: Ctx, p: str) -> int:
    """The party's current renown: each hero's renown (hurt side if hurt) plus
    the always-on passives."""
    return sum(hero_renown(ctx, u) for u in ctx.zone(party(p))) + sum(n for _, n in bonuses(ctx, p))


def renown_words(ctx: Ctx, p: str) -> str:
    parts = [f"{ctx.name(u)} {hero_renown(ctx, u)}{' (hurt)' if is_hurt(ctx, u) else ''}"
             for u in ctx.zone(party(p))]
    parts += [f"{ctx.name(u)}'s passive +{n}" for u, n in bonuses(ctx, p)]
    return " + ".join(parts) or "no heroes"


def matching(ctx: Ctx, p: str) -> dict[str, str] | None:
    """Which hero fills which role (each hero one role), or None when the party
    cannot fill all three. A matching, not a count: tried over every choice."""
    hs = ctx.zone(party(p))
    if len(hs) < 3:
        return None
    fits = {u: set(roles(ctx, u)) for u in hs}
    for trio in permutations(hs, 3):
        if all(r in fits[u] for r, u in zip(ROLES, trio)):
            return dict(zip(ROLES, trio))
    return None


def matching_words(ctx: Ctx, m: dict[str, str] | None) -> str:
    if m is None:
        return "cannot fill Defence, Support and Damage with one hero each"
    return ", ".join(f"{ctx.name(u)} as {ROLE_WORD[r]}" for r, u in m.items())


def scoundrels(ctx: Ctx, p: str) -> int:
    return sum(1 for u in ctx.zone(party(p)) if has(ctx, u, "scoundrel"))


def where(ctx: Ctx, uid: str) -> str:
    z = ctx.zone_of(uid)
    kind = ctx.state.zone_info[z].get("kind")
    owner = ctx.owner_of(uid)
    if kind == "party":
        return f"{owner}'s party"
    if kind == "hand":
        return f"{owner}'s hand"
    if kind == "graveyard":
        return "the graveyard"
    return ctx.state.zone_info[z]["label"]


def ability_text(ctx: Ctx, uid: str) -> str:
    d = ctx.defn(uid)
    return "; ".join(ab.text for ab in d.abilities if ab.text) or "no ability"


def describe(ctx: Ctx, uid: str) -> str:
    """One line about a hero for option labels: roles, renown, traits, ability."""
    d = ctx.defn(uid)
    rs = "/".join(ROLE_WORD[r] for r in d["roles"])
    tr = ", ".join(TRAIT_WORD.get(t, t) for t in d.traits)
    return (f"{d.name} ({rs}; renown {d['renown']}, hurt {d['hurt_renown']}"
            f"{'; ' + tr if tr else ''}; {ability_text(ctx, uid)})")


def draft_ability(ctx: Ctx, uid: str) -> int | None:
    """The index of the hero's Draft ability, if it has one."""
    d = ctx.defn(uid)
    if d.get("timing") != "draft":
        return None
    for i, ab in enumerate(d.abilities):
        if ab.type == "trigger":
            return i
    return None
