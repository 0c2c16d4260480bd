"""Damage in Foe Hunters: instances, armor, redirection to allies with carry-over,
the Paladin's martyr, losing life, healing, destruction, incapacitation, the
foe's flip and the end of the game.

An instance is plain data: {"target", "amount", "dtype", "source", "dealer",
"by"} where `by` is "hero" (a hero source, FH-HERO-SOURCE), "ally", "foe" or
"help" (an incapacitated hero's help). The `hit` effect resolves a list of
instances one by one in its own frame, asking the hero who is hit how much
armor to exhaust and whether to redirect to an ally; carry-over from an ally
is placed after every instance of the batch (R-110). Triggers wait for the
whole batch, so the instances are simultaneous for them (FAQ-11)."""

from __future__ import annotations

from typing import Any

from tablekit.core import AbilityUse, Ctx, Decision, Effect, Option, Say
from tablekit.core.words import plural

from . import table as T

# -- the events' procedures -----------------------------------------------------------------


def damage(ctx: Ctx, ev: dict) -> str:
    """An instance of damage reaches its target (after armor and redirection). What
    follows from it (incapacitation, destruction, the flip, the end) is the state
    check's (`check_state`)."""
    t, n = ev["target"], ev["amount"]
    words = T.damage_words(n, ev.get("dtype"))
    if t in ctx.players:
        st = ctx.state.player(t)
        st["hp"] = max(st.get("hp", 0) - n, 0)
        ev["text"] = f"{t} takes {words} ({st['hp']} HP left)"
    else:
        cs = ctx.card(t)
        cs["damage"] = cs.get("damage", 0) + n
        ev["text"] = f"{T.target_name(ctx, t)} takes {words} ({T.hp_left(ctx, t)} HP left)"
    return ev["text"]


def lose_life(ctx: Ctx, ev: dict) -> str:
    """Losing life: HP go down, but it is not damage and has no source (FAQ-22 to FAQ-24)."""
    p, n = ev["player"], ev["amount"]
    st = ctx.state.player(p)
    st["hp"] = max(st.get("hp", 0) - n, 0)
    ev["text"] = f"{p} loses {n} life ({st['hp']} HP left; losing life is not damage)"
    return ev["text"]


def check_state(ctx: Ctx, ev: dict) -> None:
    """After every event: a hero at 0 HP is incapacitated at once (R-101), an ally or a
    vassal at 0 HP is destroyed, the foe flips the moment its condition holds (R-133),
    and the game ends at once (R-065). What happens is added to the event's text."""
    kind = ev["type"]
    if kind in ("damage", "lose_life"):
        t = ev.get("target", ev.get("player"))
        if t in ctx.players:
            if ctx.counter(t, "hp") <= 0 and not T.is_incap(ctx, t):
                _add(ev, incapacitate(ctx, t))
        elif ctx.kind(t) == "foe":
            _add(ev, foe_damaged(ctx, t, ev))
        elif T.hp_left(ctx, t) == 0 and ctx.zone_of(t) in (T.FOE_PLAY, _play_of(ctx, t)):
            why = " (ruling FH-ALLY-DESTROYED)" if ctx.kind(t) == "ally" else ""
            _add(ev, _join(f"{T.target_name(ctx, t)} is destroyed{why}.", destroy(ctx, t, ev)))
    elif kind == "move" and ev.get("to") == T.FOE_DISCARD:
        why = flip_condition(ctx)
        if why:
            _add(ev, flip_foe(ctx, why))


def _play_of(ctx: Ctx, uid: str) -> str:
    owner = ctx.owner_of(uid)
    return T.play(owner) if owner else ""


def _add(ev: dict, text: str) -> None:
    if text:
        ev["text"] = (ev.get("text", "") + ". " + text).lstrip(". ")


def heal(ctx: Ctx, ev: dict) -> str:
    """Healing, never above the current maximum (FAQ-20, FAQ-21); an incapacitated hero
    cannot be healed (R-126); the foe's healing is capped at its face's HP (FH-HEAL-CAP)."""
    t, n = ev["target"], ev["amount"]
    if t in ctx.players:
        if T.is_incap(ctx, t):
            ev["text"] = f"{t} is incapacitated and cannot be healed (R-126)"
            return ev["text"]
        st = ctx.state.player(t)
        top = T.max_hp(ctx, t)
        now = st.get("hp", 0)
        new = max(min(now + n, top), now)
        st["hp"] = new
        ev["text"] = f"{t} heals {new - now} HP ({new} of {top})"
        return ev["text"]
    cs = ctx.card(t)
    before = cs.get("damage", 0)
    cs["damage"] = max(before - n, 0)
    ev["text"] = f"{T.target_name(ctx, t)} heals {before - cs['damage']} HP ({T.hp_left(ctx, t)} HP left)"
    return ev["text"]


def heal_words(ev: dict | None) -> str:
    return ev.get("text", "") if ev else "nothing is healed"


def signal(ctx: Ctx, ev: dict) -> None:
    """Events that only announce (foe_phase_start, card_played, feat_used ...):
    cards trigger on them."""
    return None


# -- destruction, incapacitation, the foe ---------------------------------------------------------

def destroy(ctx: Ctx, uid: str, ev: dict) -> str:
    """A card at 0 HP is destroyed (R-097, R-147): an ally to its owner's discard pile, a
    vassal to the foe discard. A vassal destroyed by a hero-side source gives its XP to
    every hero who is not incapacitated (R-007, ruling FH-XP-BY-HERO)."""
    owner = ctx.owner_of(uid)
    kind = ctx.kind(uid)
    to = T.discard(owner) if owner else T.FOE_DISCARD
    if ctx.extra.get("marked") == uid:
        ctx.extra["marked"] = None
    mv = ctx.move(uid, to, damage=None, counters=None)
    flipped = moved_text(mv)
    ctx.do("destroyed", card=uid, ctype=kind, owner=owner, source=ev.get("source"), by=ev.get("by"))
    if kind != "vassal":
        return flipped
    xp = ctx.defn(uid).fields.get("xp", 0)
    if not xp:
        return flipped
    if ev.get("by") not in ("hero", "ally", "help"):
        return _join(f"No hero destroyed it, so nobody gains its {xp} XP (ruling FH-XP-BY-HERO).", flipped)
    gains = [T.gain_xp(ctx, p, xp) for p in ctx.players]
    who = "Every hero" if T.active_heroes(ctx) == list(ctx.players) else "Every hero not incapacitated"
    return _join(f"{who} gains its {xp} XP (R-007): " + "; ".join(gains) + ".", flipped)


def moved_text(ev: Any) -> str:
    """What a move added to its own record (the foe's flip when a card reaches the foe discard)."""
    return _stop(ev.get("text", "")) if isinstance(ev, dict) else ""


def _join(*parts: str) -> str:
    return " ".join(p for p in parts if p)


def incapacitate(ctx: Ctx, p: str) -> str:
    """At 0 HP the hero card flips (R-121); the hand and every card in play go to the
    discard pile, neither destroyed nor sacrificed (ruling FH-INCAP-DISCARD); exhausted
    armor and the hero's lasting effects end. When every hero is down, the party loses."""
    st = ctx.state.player(p)
    st["incap"] = 1  # a counter: a number, as the scenario format wants
    st["armor_used"] = 0
    u = T.hero_card(ctx, p)
    if u is not None and ctx.card(u).get("face", 0) == 0:
        ctx.flip(u, 1)
    gone = list(ctx.zone(T.hand(p))) + list(ctx.zone(T.play(p))) + list(ctx.zone(T.resolving(p)))
    for c in gone:
        ctx.move(c, T.discard(p), damage=None, counters=None)
    for e in list(ctx.lasting()):
        if e.get("controller") == p:
            ctx.end_lasting(e["id"])
    text = (f"{p}'s hero is incapacitated: the hero card flips, and {ctx.names(gone)} "
            f"{T.agree(len(gone), 'goes', 'go')} to the discard pile (ruling FH-INCAP-DISCARD)")
    if ctx.player == p:
        text += (f"; it is {p}'s own turn, so {p}'s actions end here and the end-of-turn steps still run "
                 "(ruling FH-INCAP-MIDTURN)")
    if not T.active_heroes(ctx):
        ctx.end_game("party_defeated", "every hero is incapacitated", [])
    return text


def foe_damaged(ctx: Ctx, uid: str, ev: dict) -> str:
    """The foe at 0 HP: phase 1 flips, the rest of the damage carrying over (ruling
    FH-FLIP-DAMAGE); phase 2 at 0 is defeated, and the party wins at once (R-063, R-065)."""
    cs = ctx.card(uid)
    hp = T.card_hp(ctx, uid)
    if hp is None or cs.get("damage", 0) < hp:
        return ""
    if cs.get("face", 0) == 0:
        over = cs["damage"] - hp
        return flip_foe(ctx, "its phase 1 hit points reached 0 (ruling FH-FLIP-DAMAGE)", carry=over)
    ctx.end_game("foe_defeated", f"{T.target_name(ctx, uid)} is defeated", list(ctx.players))
    return "The foe is defeated."


def flip_foe(ctx: Ctx, why: str, carry: int = 0) -> str:
    """Flip the foe to phase 2 the moment its condition holds, on any turn (R-133)."""
    u = T.foe_card(ctx)
    ctx.card(u)["damage"] = carry
    ctx.flip(u, 1)
    face = ctx.face(u)
    text = f"The foe flips to phase 2, {face.name}, because {why}"
    if carry:
        text += f"; {T.points(carry)} of damage {T.agree(carry, 'carries', 'carry')} over"
    text += f" ({T.hp_left(ctx, u)} HP)."
    if T.hp_left(ctx, u) == 0:
        ctx.end_game("foe_defeated", f"{face.name} is defeated", list(ctx.players))
    return text


def flip_condition(ctx: Ctx) -> str | None:
    """Why the foe's printed condition now holds (None: it does not)."""
    u = T.foe_card(ctx)
    if u is None or ctx.card(u).get("face", 0) != 0:
        return None
    face = ctx.face(u)
    officers = face.fields.get("flip_officers")
    if officers:
        n = sum(1 for c in ctx.zone(T.FOE_DISCARD) if "officer" in ctx.defn(c).traits)
        if n >= officers:
            return f"{n} officers are in the foe discard pile (R-031)"
    size = face.fields.get("flip_discard")
    if size and len(ctx.zone(T.FOE_DISCARD)) >= size:
        return f"the foe discard pile holds {plural(len(ctx.zone(T.FOE_DISCARD)), 'card')}"
    return None


# -- the hit: one frame resolves a batch of instances ---------------------------------------

def instance(target: str, amount: int, dtype: str | None, source: str | None, dealer: str | None,
             by: str) -> dict[str, Any]:
    return {"target": target, "amount": amount, "dtype": dtype, "source": source,
            "dealer": dealer, "by": by}


def deal(ctx: Ctx, instances: list[dict], controller: str | None, say: str) -> Any:
    """Start the hit frame for a batch of instances. Returns its Say when it is done at
    once, else its Pause (the caller then waits)."""
    if not instances:
        return Say(say + " Nothing is hit.")
    return ctx.start("hit", controller=controller, data={"todo": instances, "said": [say]})


MARTYR_MARGIN = 4
"""How much sturdier (hit points and ready armor) the Paladin must be than the hero he
would stand in for, for the martyr to be suggested."""


def martyr_pays(ctx: Ctx, dorin: str, target: str) -> bool:
    """Whether the Paladin taking the damage for `target` is suggested: his hit points and
    ready armor are at least `MARTYR_MARGIN` above the target's hit points (all public)."""
    return ctx.counter(dorin, "hp") + T.armor_ready(ctx, dorin) >= ctx.counter(target, "hp") + MARTYR_MARGIN


def martyr_of(ctx: Ctx, target: str) -> str | None:
    """The Paladin who may take this hero's damage instead (ruling FH-PALADIN)."""
    for e in ctx.lasting("restriction"):
        if e.get("what") == "martyr":
            p = e["controller"]
            if p != target and target in ctx.players and not T.is_incap(ctx, p):
                return p
    return None


def warded(ctx: Ctx, hero: str, dtype: str | None) -> bool:
    """Whether a ward prevents this type of damage to this hero now (ruling FH-WARD)."""
    return dtype is not None and ctx.stat("ward", 0, player=hero, event={"dtype": dtype}) > 0


class Hit(Effect):
    """Resolves a batch of damage instances (ruling FH-REDIRECT, FH-ARMOR)."""

    def label(self, ctx: Ctx, use: AbilityUse) -> str:
        return "Damage"

    def apply(self, ctx: Ctx, use: AbilityUse) -> Any:
        return self.go(ctx, use, ())

    def go(self, ctx: Ctx, use: AbilityUse, ids: tuple) -> Any:
        todo = use.data["todo"]
        while todo:
            if ctx.state.over:
                return Say(" ".join(use.data["said"]))
            inst = todo[0]
            fresh = "martyr" not in inst
            ask = self.question(ctx, inst)
            if fresh and inst.get("martyr_refused"):  # said at once, not asked (FAQ-14)
                use.data.setdefault("said", []).append(self.martyr_note(inst["martyr_refused"], inst["target"]))
            if ask is not None:
                return ctx.ask(ask, then="answer", name=ask.prompt.split(":")[0],
                               say=" ".join(use.data.pop("said")) or None)
            todo.pop(0)
            use.data.setdefault("said", []).append(self.land(ctx, use, inst))
        return Say(" ".join(s for s in use.data.get("said", []) if s) or "The damage is dealt.")

    # which question the next instance asks, if any
    def question(self, ctx: Ctx, inst: dict) -> Decision | None:
        t = inst["target"]
        if t not in ctx.players or T.is_incap(ctx, t) or inst["amount"] <= 0:
            return None
        if warded(ctx, t, inst["dtype"]):
            inst["prevented"] = inst["amount"]
            inst["amount"] = 0
            return None
        if "martyr" not in inst:
            dorin = martyr_of(ctx, t)
            if dorin and t not in ctx.extra.get("martyr_used", []):
                return self.ask_martyr(ctx, inst, dorin)
            if dorin:  # once for this hero already: nothing to ask, he cannot take it (FAQ-14)
                inst["martyr"] = None
                inst["martyr_refused"] = dorin
        if inst.get("carry"):
            return self.ask_carry(ctx, inst) if len(T.allies(ctx, t)) > 0 else None
        if "armor" not in inst and T.armor_ready(ctx, t) > 0:
            return self.ask_armor(ctx, inst)
        if "redirect" not in inst and T.allies(ctx, t):
            return self.ask_redirect(ctx, inst)
        return None

    def ask_martyr(self, ctx: Ctx, inst: dict, dorin: str) -> Decision:
        t = inst["target"]
        opts = [Option(f"martyr:{t}", f"{dorin} takes {T.damage_words(inst['amount'], inst['dtype'])} "
                       f"for {t}"), Option("decline", f"Let {t} take it")]
        take = martyr_pays(ctx, dorin, t)
        hint = (f"Suggested: take it, since {dorin} has at least {MARTYR_MARGIN} more hit points and ready "
                f"armor than {t} has hit points." if take else
                f"Suggested: let {t} take it, since {dorin} is not much sturdier than {t}, and the martyr "
                "stays ready for a harder blow.")
        return Decision(dorin, f"Martyr: {t} is about to be dealt {T.damage_words(inst['amount'], inst['dtype'])}. "
                        f"Take it instead (once for {t} until your next turn, ruling FH-PALADIN)?",
                        opts, kind="martyr", default=f"martyr:{t}" if take else "decline", hint=hint)

    @staticmethod
    def martyr_note(dorin: str, t: str) -> str:
        """Why the Paladin is not asked about this instance: the Paladin's seat has taken
        damage for this hero already since the feat (FAQ-14, ruling FH-PALADIN)."""
        return (f"{dorin} has already taken damage for {t} since the Paladin's feat, so {dorin} cannot take "
                f"this damage for {t}: once for each hero until the beginning of {dorin}'s next turn (FAQ-14, "
                "ruling FH-PALADIN).")

    def ask_armor(self, ctx: Ctx, inst: dict) -> Decision:
        t, n = inst["target"], inst["amount"]
        ready = T.armor_ready(ctx, t)
        top = min(ready, n)
        opts = [Option(f"armor:{k}", f"Exhaust {k} armor: take {n - k}") for k in range(top + 1)]
        opts += [Option(f"armor:{k}", f"Exhaust {k} armor", False,
                        f"exhausting more armor than the {T.points(n)} of damage gains nothing "
                        "(ruling FH-ARMOR)", rule="FH-ARMOR") for k in range(top + 1, ready + 1)]
        return Decision(t, f"Armor: {t} is about to take {T.damage_words(n, inst['dtype'])} and has "
                        f"{ready} ready armor. Exhaust how many?", opts, kind="armor",
                        default=f"armor:{top}")

    def ask_redirect(self, ctx: Ctx, inst: dict) -> Decision:
        t, n = inst["target"], inst["amount"]
        opts = [Option(f"redirect:{a}", f"Redirect it to {ctx.name(a)} ({T.hp_left(ctx, a)} HP)")
                for a in T.allies(ctx, t)]
        opts.append(Option("take", f"{t}'s hero takes it"))
        return Decision(t, f"Redirect: {T.damage_words(n, inst['dtype'])} to {t}. Redirect the whole "
                        "instance to one of your allies (ruling FH-REDIRECT)?", opts, kind="redirect",
                        default="take")

    def ask_carry(self, ctx: Ctx, inst: dict) -> Decision:
        t, n = inst["target"], inst["amount"]
        opts = [Option(f"carry:{a}", f"{ctx.name(a)} ({T.hp_left(ctx, a)} HP)") for a in T.allies(ctx, t)]
        opts.append(Option("carry:hero", f"{t}'s hero"))
        return Decision(t, f"Carry-over: {T.points(n)} of damage {T.agree(n, 'is', 'are')} left over from a destroyed "
                        f"ally. Assign {T.agree(n, 'it', 'them')} to another ally or to your hero (R-104).", opts, kind="carry",
                        default="carry:hero")

    def answer(self, ctx: Ctx, use: AbilityUse, ids: tuple) -> Any:
        inst = use.data["todo"][0]
        choice = ids[0]
        verb, _, arg = choice.partition(":")
        t = inst["target"]
        said = use.data.setdefault("said", [])
        if verb == "martyr":
            dorin = martyr_of(ctx, t)
            ctx.extra.setdefault("martyr_used", []).append(t)
            inst["martyr"] = t
            inst["target"] = dorin
            said.append(f"{dorin} takes the damage meant for {t} (ruling FH-PALADIN).")
        elif verb == "decline":
            inst["martyr"] = None
            said.append(f"{martyr_of(ctx, t)} lets {t} take it (ruling FH-PALADIN).")
        elif verb == "armor":
            k = int(arg)
            inst["armor"] = k
            if k:
                ctx.do("counter", player=t, key="armor_used", add=k)
                inst["amount"] -= k
                said.append(f"{t} exhausts {k} armor: {T.points(inst['amount'])} of damage "
                            f"{T.agree(inst['amount'], 'remains', 'remain')} "
                            "(prevented damage is not dealt, R-103).")
        elif verb == "redirect":
            inst["redirect"] = arg
            inst["target"] = arg
            said.append(f"{t} redirects it to {ctx.name(arg)} (R-102, ruling FH-REDIRECT).")
        elif verb == "take":
            inst["redirect"] = None
        elif verb == "carry":
            inst["carry"] = False
            inst["redirect"] = None if arg == "hero" else arg
            if arg != "hero":
                inst["target"] = arg
            where = f"{t}'s hero" if arg == "hero" else ctx.name(arg)
            said.append(f"{t} assigns the carried-over {T.points(inst['amount'])} to {where} "
                        "(R-104, ruling FH-REDIRECT).")
        return self.go(ctx, use, ())

    def land(self, ctx: Ctx, use: AbilityUse, inst: dict) -> str:
        """Deal one instance to its target; an ally takes what it can hold and the rest
        carries over, to be assigned after the batch (R-104, R-110)."""
        t, n = inst["target"], inst["amount"]
        if t in ctx.players:
            if T.is_incap(ctx, t):
                return f"{t} is incapacitated and is not dealt damage (ruling FH-INCAP-TARGET)."
            if inst.get("prevented"):
                return (f"The {T.damage_words(inst['prevented'], inst['dtype'])} to {t} is prevented by a "
                        "ward: it is not dealt (R-103, ruling FH-WARD).")
            if n <= 0:
                return f"{t} takes no damage."
            ev = ctx.do("damage", **_event(ctx, inst))
            return _stop(ev.get("text", "")) if ev else ""
        if t not in ctx.state.cards or ctx.zone_of(t) not in (T.FOE_PLAY, T.FOE_CARD) and ctx.kind(t) != "ally":
            return ""
        if ctx.kind(t) == "ally" and ctx.zone_of(t) != T.play(ctx.owner_of(t) or ""):
            return ""
        left = T.hp_left(ctx, t) if ctx.kind(t) != "foe" else n
        dealt = min(n, left) if ctx.kind(t) == "ally" else n
        owner = ctx.owner_of(t)
        ev = ctx.do("damage", **{**_event(ctx, inst), "amount": dealt})
        text = ev.get("text", "") if ev else ""
        if ctx.kind(t) == "ally" and n > dealt and owner is not None:
            carry = instance(owner, n - dealt, inst["dtype"], inst["source"], inst["dealer"], inst["by"])
            carry.update({"carry": True, "armor": 0, "redirect": None, "martyr": None})
            use.data["todo"].append(carry)
            text = (f"{_stop(text)} The other {T.points(n - dealt)} {T.agree(n - dealt, 'carries', 'carry')} over, "
                    "to be assigned after this batch (R-110)").lstrip()
        return _stop(text)


def _stop(text: str) -> str:
    return text if not text or text.endswith(".") else text + "."


def _event(ctx: Ctx, inst: dict) -> dict:
    """The damage event: the instance, and the kind of its target (`tkind`: hero, ally,
    vassal or foe) for cards that react to it."""
    t = inst["target"]
    return {**{k: inst[k] for k in ("target", "amount", "dtype", "source", "dealer", "by")},
            "tkind": "hero" if t in ctx.players else ctx.kind(t)}


EFFECTS = {"hit": Hit()}
PROCEDURES = {"damage": damage, "lose_life": lose_life, "heal": heal, "destroyed": signal,
              "foe_phase_start": signal, "foe_phase_end": signal, "turn_start": signal,
              "card_played": signal, "feat_used": signal, "foe_card_played": signal,
              "sacrificed": signal}
