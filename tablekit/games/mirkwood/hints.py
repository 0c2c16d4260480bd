"""Hints for a learner: one sentence (or two) about each decision of Mirkwood, computed
from the position when the engine builds the decision (the core's `GameDef.hint`, asked
only for a decision that brings no hint of its own).

A hint says what is at stake, with the numbers of the exact position: the staging
threat, the attack and each defender's defense, what the heroes' pools can pay. It
suggests at most; every option stays the player's. It reads only what the deciding
seat may see: the table, the counters, the player's own hand; a face-down shadow
card or the encounter deck is counted, never named."""

from __future__ import annotations

from typing import Callable

from tablekit.core import Ctx, Decision
from tablekit.core.words import listing, plural, possessive

from . import combat as C
from . import rules as R
from . import table as T


def hint(ctx: Ctx, d: Decision) -> str:
    """The hint of decision `d` in this position ("" when no legal option is open)."""
    if not d.legal:
        return ""
    make = BY_KIND.get(d.kind, cards_hint)
    return make(ctx, d) or cards_hint(ctx, d)


def option_cards(ctx: Ctx, d: Decision) -> list[str]:
    """The cards the legal options name ("defend:aragorn" names aragorn), in option order."""
    out = []
    for o in d.legal:
        uid = o.id.split(":", 1)[1] if ":" in o.id else ""
        if uid in ctx.state.cards and uid not in out:
            out.append(uid)
    return out


def pool_words(ctx: Ctx, p: str) -> str:
    """Each hero's pool with its sphere: 'Aragorn 1 (Leadership), Legolas 0 (Tactics)'."""
    return listing([f"{ctx.name(h)} {T.resources(ctx, h)} ({T.sphere_name(ctx.defn(h).fields.get('sphere', ''))})"
                    for h in T.heroes(ctx, p)])


def card_words(ctx: Ctx, uid: str) -> str:
    """A card's numbers as they stand now, for comparing options."""
    name, kind = ctx.name(uid), ctx.kind(uid)
    if kind in ("hero", "ally"):
        state = "ready" if T.is_ready(ctx, uid) else "exhausted"
        return (f"{name} ({state}; willpower {T.stat(ctx, uid, 'willpower')}, attack {T.stat(ctx, uid, 'attack')}, "
                f"defense {T.stat(ctx, uid, 'defense')}, {plural(T.hp_left(ctx, uid), 'hit point')} left)")
    if kind == "enemy":
        return (f"{name} (engagement {T.engagement(ctx, uid)}, attack {T.stat(ctx, uid, 'attack')}, defense "
                f"{T.stat(ctx, uid, 'defense')}, {plural(T.hp_left(ctx, uid), 'hit point')} left)")
    if kind == "location":
        return (f"{name} (threat {T.stat(ctx, uid, 'threat')}, "
                f"{plural(T.quest_points(ctx, uid), 'quest point')})")
    return name


def cards_hint(ctx: Ctx, d: Decision) -> str:
    """The fallback: the numbers of the cards the options name, else how many options are open."""
    cards = option_cards(ctx, d)
    if cards:
        return f"As they stand now: {listing([card_words(ctx, u) for u in cards])}."
    n, m = len(d.legal), len(d.options)
    shut = "" if n == m else f"; the other {plural(m - n, 'option')} show{'s' if m - n == 1 else ''} why not"
    return f"{plural(n, 'option')} {'is' if n == 1 else 'are'} open{shut}."


# -- setup and planning ------------------------------------------------------------------------

def mulligan_hint(ctx: Ctx, d: Decision) -> str:
    p = d.player
    hand = ctx.zone(T.hand(p))
    kinds = [ctx.kind(u) for u in hand]
    parts = [plural(kinds.count(k), k, many) for k, many in (("ally", "allies"), ("event", None),
                                                              ("attachment", None)) if k in kinds]
    costs = sorted((int(ctx.defn(u).fields.get("cost", 0)), ctx.name(u)) for u in hand
                   if ctx.kind(u) == "ally")
    cheap = f"; the cheapest ally is {costs[0][1]} (cost {costs[0][0]})" if costs else "; no ally"
    per_round = len(T.heroes(ctx, p))
    return (f"{mulligan_suggestion(ctx, d)}Your hand: {listing(parts, 'no card')}{cheap}. Your heroes gain "
            f"{plural(per_round, 'resource')} a round in all, each in its own sphere; a mulligan's 6 new cards must "
            "be kept.")


def mulligan_suggestion(ctx: Ctx, d: Decision) -> str:
    """Why the suggested answer to the mulligan is suggested (a sentence and a space), from
    the player's own hand and heroes; "" when the suggestion is not the table's."""
    payable = R.payable_cards(ctx, d.player)
    if d.default == "keep" and payable:
        names = sorted({ctx.name(u) for u in payable})
        which = listing(names) if len(names) == 1 else f"any one of {listing(names)}"
        return (f"Suggested: keep this hand, since in the first round your heroes can pay for {which}; "
                "redrawing it anyway is a judgment call. ")
    if d.default == "mulligan" and not payable:
        return ("Suggested: take the mulligan, since your heroes cannot pay for any card of this hand in the "
                "first round: kept, it gives them nothing to play then. ")
    return ""


def window_hint(ctx: Ctx, d: Decision) -> str:
    plays = [o for o in d.options if o.id.startswith("act:")]
    can = [o.label for o in plays if o.legal]
    pools = pool_words(ctx, d.player)
    if not plays:
        return f"Nothing to play here now; your heroes' pools: {pools}."
    if not can:
        return f"Nothing you hold can be paid for now (each option says why); your heroes' pools: {pools}."
    return f"Open to you now: {listing(can)}. Your heroes' pools: {pools}."


def payment_hint(ctx: Ctx, d: Decision) -> str:
    return (f"Any split pays the same cost; the resources left stay for later this round. Your heroes' pools: "
            f"{pool_words(ctx, d.player)}.")


# -- quest and travel ----------------------------------------------------------------------------

def commit_hint(ctx: Ctx, d: Decision) -> str:
    staging = R.staging_threat(ctx)
    ready = sum(T.stat(ctx, o.id.split(":", 1)[1], "willpower") for o in d.legal)
    done = sum(T.stat(ctx, u, "willpower") for u in T.committed(ctx))
    so_far = f"{done} willpower is committed so far; " if done else "No willpower is committed yet; "
    reveal = plural(len(T.turn_order(ctx)), "more encounter card")
    return (f"The staging area's threat is {staging} now, and {reveal} will be revealed after committing. "
            f"{so_far}your ready characters add up to {ready}. Willpower above the threat places progress; "
            "below it, each player's threat rises by the difference.")


def travel_hint(ctx: Ctx, d: Decision) -> str:
    staging = R.staging_threat(ctx)
    spots = [u for u in option_cards(ctx, d) if ctx.kind(u) == "location"]
    best = max(spots, key=lambda u: T.stat(ctx, u, "threat"), default=None)
    if best is None:
        return f"No location can be travelled to now; the staging area's threat stays {staging}."
    return (f"The staging area's threat is {staging}. The location you travel to stops counting its threat "
            f"(travelling to {ctx.name(best)} takes {T.stat(ctx, best, 'threat')} off) and takes the next "
            "progress first (points 53, 65).")


def engage_hint(ctx: Ctx, d: Decision) -> str:
    p = d.player
    t = T.threat(ctx, p)
    solo = len(T.turn_order(ctx)) == 1
    parts = []
    for u in option_cards(ctx, d):
        cost = T.engagement(ctx, u)
        if cost <= t:
            will = "will engage you" if solo else "can engage you in the checks"
            parts.append(f"{ctx.name(u)} ({cost}) {will} at threat {t}: engage it now, or keep a defender ready")
        elif d.default == f"engage:{u}":
            who = "you" if solo else "a player"
            parts.append(f"{ctx.name(u)} ({cost}) will engage {who} in the next round's checks unless your threat "
                         f"falls (the refresh raises it to {t + 1}), and your ready characters can destroy it this "
                         "round with your best defender kept back: engaged now, it is fought while your party is "
                         f"ready, and its threat {T.stat(ctx, u, 'threat')} stops counting against the next quest")
        else:
            parts.append(f"{ctx.name(u)} ({cost}) stays in the staging area at threat {t} unless you engage it, "
                         f"and its threat {T.stat(ctx, u, 'threat')} keeps counting against the quest")
    return "; ".join(parts) + "."


def engagement_hint(ctx: Ctx, d: Decision) -> str:
    names = listing([card_words(ctx, u) for u in option_cards(ctx, d)])
    return f"These tie: {names}. The one picked engages now; the checks repeat while an enemy can still engage."


# -- combat ----------------------------------------------------------------------------------------

def shadow_words(ctx: Ctx, e: str) -> str:
    n = sum(1 for s in C.shadows_of(ctx, e) if ctx.card(s).get("face_down"))
    if not n:
        return "it has no face-down shadow card"
    return (f"its {plural(n, 'face-down shadow card')}, turned over after the defender is declared, may still "
            "change the attack")


def enemy_hint(ctx: Ctx, d: Decision) -> str:
    names = listing([card_words(ctx, u) for u in option_cards(ctx, d)])
    return f"Each attack is resolved whole (defender, shadow, damage) before the next: {names}."


def defender_hint(ctx: Ctx, d: Decision) -> str:
    a = C.attack(ctx)
    e = a.get("enemy")
    if not e or e not in ctx.state.cards:
        return ""
    att = T.stat(ctx, e, "attack")
    parts = []
    for u in option_cards(ctx, d):
        df, hp = T.stat(ctx, u, "defense"), T.hp_left(ctx, u)
        dmg = max(att - df, 0)
        end = " and be destroyed" if dmg >= hp else ""
        parts.append(f"{ctx.name(u)} (defense {df}, {plural(hp, 'hit point')} left) would take "
                     f"{plural(dmg, 'damage', 'damage')}{end}")
    heroes = listing([f"{ctx.name(h)} {T.hp_left(ctx, h)}" for h in T.heroes(ctx, a["player"])])
    undefended = (f"undefended, all {att} attack goes to one hero (hit points left: {heroes})" if "undefended" in d else "")
    lines = "; ".join(parts + ([undefended] if undefended else []))
    return f"{ctx.name(e)} attacks with {att} now, and {shadow_words(ctx, e)}. {lines[:1].upper()}{lines[1:]}."


def undefended_hint(ctx: Ctx, d: Decision) -> str:
    att = C.attack_strength(ctx)
    parts = []
    for u in option_cards(ctx, d):
        hp = T.hp_left(ctx, u)
        end = "would be destroyed" if att >= hp else f"would keep {plural(hp - att, 'hit point')}"
        parts.append(f"{ctx.name(u)} ({plural(hp, 'hit point')} left) {end}")
    return f"All {att} attack goes to the hero you pick: {listing(parts)}."


def damage_hint(ctx: Ctx, d: Decision) -> str:
    uid = (option_cards(ctx, d) or [""])[0]
    if not uid:
        return "Nobody takes this attack's damage."
    a = C.attack(ctx)
    dmg = max(C.attack_strength(ctx) - T.stat(ctx, uid, "defense"), 0)
    hp = T.hp_left(ctx, uid)
    end = "it is destroyed" if dmg >= hp else f"{plural(hp - dmg, 'hit point')} will be left"
    return (f"{possessive(ctx.name(a['enemy']))} attack {C.attack_strength(ctx)} minus {possessive(ctx.name(uid))} defense "
            f"{T.stat(ctx, uid, 'defense')}: {plural(dmg, 'damage', 'damage')}; {end} (point 77).")


def target_hint(ctx: Ctx, d: Decision) -> str:
    p = d.player
    ready = [c for c in T.characters(ctx, p) if T.is_ready(ctx, c)]
    total = sum(T.stat(ctx, c, "attack") for c in ready)
    parts = [f"{ctx.name(e)} needs {T.stat(ctx, e, 'defense') + T.hp_left(ctx, e)} attack to be destroyed"
             for e in option_cards(ctx, d)]
    return (f"{target_suggestion(ctx, d)}Your ready characters have {total} attack in all; {listing(parts)} (its "
            "defense plus its hit points left, points 87, 88). Attackers exhaust.")


def target_suggestion(ctx: Ctx, d: Decision) -> str:
    """Why the suggested attack (or stopping) is suggested, a sentence and a space; ""
    when the default is none of the table's."""
    p = d.player
    if d.default == "no_attack":
        ready = [c for c in T.characters(ctx, p) if T.is_ready(ctx, c)]
        return (f"Suggested: make no more attacks, since against each enemy you may attack now, the attack of your "
                f"ready characters that may attack it{web_words(ctx, ready)} does not get past its defense: an attack would deal no "
                "damage. ")
    if d.default is None or not d.default.startswith("target:"):
        return ""
    e = d.default.split(":", 1)[1]
    power, dfn, hp = C.strike_power(ctx, p, e), T.stat(ctx, e, "defense"), T.hp_left(ctx, e)
    gain = (f"enough to destroy it (defense {dfn} plus {plural(hp, 'hit point')} left)" if power - dfn >= hp else
            f"{plural(power - dfn, 'damage', 'damage')} past its defense {dfn}")
    return (f"Suggested: attack {ctx.name(e)}, since your ready characters that may attack it"
            f"{web_words(ctx, C.able_attackers(ctx, p, e))} have {power} attack in all: {gain}. Attackers exhaust, "
            "but the refresh phase, which follows combat, readies them. ")


def web_words(ctx: Ctx, characters: list[str]) -> str:
    """Words for those of `characters` Caught in a Web, which a suggested attack leaves
    out: " (not counting Aragorn: Caught in a Web, readied only if paid for)"; "" for none."""
    webbed = [ctx.name(c) for c in characters if C.webs_on(ctx, c)]
    if not webbed:
        return ""
    return f" (not counting {listing(webbed)}: Caught in a Web, readied only if paid for)"


def attackers_hint(ctx: Ctx, d: Decision) -> str:
    s = C.strike(ctx)
    e = s.get("enemy")
    if not e or e not in ctx.state.cards:
        return ""
    need = T.stat(ctx, e, "defense") + T.hp_left(ctx, e)
    ready = listing([f"{ctx.name(u)} {T.stat(ctx, u, 'attack')}" for u in option_cards(ctx, d)])
    return (f"{ctx.name(e)} has defense {T.stat(ctx, e, 'defense')} and "
            f"{plural(T.hp_left(ctx, e), 'hit point')} left: {need} attack destroys it. Attack of the characters "
            f"you may choose: {ready}.")


def web_hint(ctx: Ctx, d: Decision) -> str:
    uid = (option_cards(ctx, d) or [""])[0]
    if not uid:
        return ""
    return (f"{ctx.name(uid)} has {plural(T.resources(ctx, uid), 'resource')} in its pool; left exhausted, it "
            "cannot quest, defend or attack until the next refresh.")


# -- effects, responses, order ----------------------------------------------------------------------

def offer_hint(ctx: Ctx, d: Decision) -> str:
    triggers = ctx.state.triggers
    if not triggers:
        return ""
    t = triggers[ctx.state.trigger_next or 0]
    text = ctx.trigger_ability(t).text or ""
    source = ctx.name(t["source"]) if t.get("source") in ctx.state.cards else "This response"
    return f"{source}: {text.rstrip('.')}. Using it is your choice." if text \
        else f"{source}'s response is optional."


def order_hint(ctx: Ctx, d: Decision) -> str:
    return (f"Only the order of the {plural(len(d.options), 'waiting effect')} changes: the one you pick resolves "
            "now and the others wait their turn (ruling MK-SIMULTANEOUS).")


BY_KIND: dict[str, Callable[[Ctx, Decision], str]] = {
    "mulligan": mulligan_hint, "window": window_hint, "payment": payment_hint,
    "commit": commit_hint, "travel": travel_hint, "engage": engage_hint, "engagement": engagement_hint,
    "attacker": enemy_hint, "defender": defender_hint, "sentinel": defender_hint, "undefended": undefended_hint,
    "damage": damage_hint, "target": target_hint, "attackers": attackers_hint, "join": attackers_hint,
    "web": web_hint, "response-offer": offer_hint, "trigger_order": order_hint,
}
