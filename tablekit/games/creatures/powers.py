"""The four hero powers and the Joker, as effects of the one shape the card
file names (`tablekit.core.Effect`).

The powers used in a step of the turn (the Wizard's mass attack and the
Joker in step 4, the Priest's aid in step 2) are `Power`s: each gives one use
per way it can be used now (`uses`), an option id for it (`option_id`), the
use behind an option id (`use_for`), and,
through the core's `check` and `label`, whether it can be used and what it is
called. The rules build their options from `ctx.actions(...)` and
`ctx.usable` (`power_choices`: each power's `options`, which the Wizard and
the Priest build in one pass, asking their check once for all their uses),
and apply the chosen use with `ctx.start`, whatever the effect.

The Thief is an optional replacement of the `turn_up` event: the core offers
it to its player when it is usable, and it happens instead of the turn-up.
The Fighter's attack is the `fighter_attack` effect: the rules start it when
the Fighter attacks with the cards added up, and where the total can be shared
out among the Fighter's monsters in more than one way, the player chooses the share in
the effect's own frame (ruling CC-FIGHTER; `ctx.ask`, then the stage `shared`).
"""

from __future__ import annotations

from itertools import combinations

from tablekit.core import AbilityUse, Ctx, Decision, Effect, Later, Option, Pause, Say

from . import table as T

KJ = "Kings & Jokers"


def _all_monsters(ctx: Ctx) -> list[tuple[str, str]]:
    return [(p, m) for p in ctx.players for m in T.monsters_in_front(ctx, p)]


def _with(use: AbilityUse, **args) -> AbilityUse:
    """The same ability, used with these `args`."""
    return AbilityUse(use.source, use.controller, use.ability, use.event, {**use.args, **args})


class Power(Effect):
    """An effect a player uses in a step of the turn, as one option per use."""

    prefix = ""
    ruling = ""  # the ruling behind `check`'s refusal, where a ruling (not the rulebook) is why

    def option(self, ctx: Ctx, oid: str, use: AbilityUse) -> Option:
        """The option for one use: illegal with `ctx.usable`'s reason, citing
        `ruling` when the refusal is this effect's own `check`."""
        why = ctx.usable(use)
        return self.made(oid, self.option_words(ctx, use), why, why is not None and why == self.check(ctx, use))

    def option_words(self, ctx: Ctx, use: AbilityUse) -> str | tuple:
        """The option's words: `label`, or words written when read (see Option)."""
        return self.label(ctx, use)

    def options(self, ctx: Ctx, use: AbilityUse) -> list[Option]:
        """The options of every use of the power now (`uses`), in their order:
        `option` of each. A power whose check and words weigh the same things
        for every use builds them in one pass instead (see `checked_once`)."""
        return [self.option(ctx, self.option_id(u), u) for u in self.uses(ctx, use)]

    def checked_once(self, use: AbilityUse) -> bool:
        """Whether `ctx.usable` of every use of this ability comes down to this
        effect's own `check`: the ability has no phase and no once-per limit,
        and the effect no cost. A power whose `check` is the same for all its
        uses may then ask it once for them all."""
        ab = use.ability
        return ab.phase is None and not ab.once_per and type(self).cost is Effect.cost

    def made(self, oid: str, words: str | tuple, why: str | None, own: bool = True) -> Option:
        """The option of one use: illegal when `why` says why not, citing `ruling`
        when that refusal is this effect's own `check` (`own`)."""
        return Option(oid, words, why is None, why or "", self.ruling if self.ruling and own and why is not None else None)

    def uses(self, ctx: Ctx, use: AbilityUse) -> list[AbilityUse]:
        """One use per way the power can be used now (default: the one)."""
        return [use]

    def option_id(self, use: AbilityUse) -> str:
        return f"{self.prefix}:{use.args.get('card', use.source)}"

    def use_for(self, ctx: Ctx, use: AbilityUse, option_id: str) -> AbilityUse | None:
        """The use behind `option_id` when it is one of this power's options (else None)."""
        for u in self.uses(ctx, use):
            if self.option_id(u) == option_id:
                return u
        return None


def power_options(ctx: Ctx, window: str, player: str):
    """The uses of `player`'s powers in `window`, each with its option id:
    `(option id, use, effect)`, in the order of `ctx.actions`."""
    out = []
    for use in ctx.actions(window, player):
        eff = ctx.game.effect(use.ability.effect)
        if isinstance(eff, Power):
            out.extend((eff.option_id(u), u, eff) for u in eff.uses(ctx, use))
    return out


def power_choices(ctx: Ctx, window: str, player: str) -> list[Option]:
    """The options of `player`'s powers in `window` (`Power.options`), in the
    order of `ctx.actions`: what `power_options` lists, as options."""
    out = []
    for use in ctx.actions(window, player):
        eff = ctx.game.effect(use.ability.effect)
        if isinstance(eff, Power):
            out.extend(eff.options(ctx, use))
    return out


def start_power(ctx: Ctx, window: str, player: str, option_id: str):
    """Apply the power behind `option_id` (an option `power_options` gave) through
    the resolution stack; its Say."""
    for action in ctx.actions(window, player):
        eff = ctx.game.effect(action.ability.effect)
        use = eff.use_for(ctx, action, option_id) if isinstance(eff, Power) else None
        if use is not None:
            break
    else:
        raise ValueError(f"{option_id!r} is no power {player} can use in {window!r} now")
    return ctx.start(use.ability.effect, source=use.source, controller=player,
                     ability=ctx.defn(use.source).abilities.index(use.ability), args=dict(use.args))


class MassAttack(Power):
    """Wizard: one attack card against every monster on the table, one by one."""

    prefix = "mass"
    ruling = "CC-MASS-NONE"

    def uses(self, ctx: Ctx, use: AbilityUse) -> list[AbilityUse]:
        return [_with(use, card=s) for s in T.of_kind(ctx, T.hand(use.controller), "attack")]

    def check(self, ctx: Ctx, use: AbilityUse) -> str | None:
        if any(T.holds(ctx, T.monsters(p), "monster") for p in ctx.players):
            return None
        return "There is no monster anywhere on the table to attack (ruling CC-MASS-NONE)."

    def options(self, ctx: Ctx, use: AbilityUse) -> list[Option]:
        if not self.checked_once(use):
            return super().options(ctx, use)
        cards = T.of_kind(ctx, T.hand(use.controller), "attack")
        if not cards:
            return []
        why = self.check(ctx, use)  # whether a monster stands anywhere: the same for every card
        weakest = _weakest(ctx)
        return [self.made(f"mass:{s}", (_mass_words, ctx, s, _in_vain(ctx, s, weakest)), why) for s in cards]

    def label(self, ctx: Ctx, use: AbilityUse) -> str:
        card = use.args["card"]
        return _mass_words(ctx, card, _in_vain(ctx, card, _weakest(ctx)))

    def apply(self, ctx: Ctx, use: AbilityUse) -> Say:
        card = use.args["card"]
        v = T.value(ctx, card)
        killed, spared = [], []  # (player, monster, its health left before the attack)
        for p, m in _all_monsters(ctx):
            r = T.remaining(ctx, m)
            (killed if r <= v else spared).append((p, m, r))
        for _, m, _ in killed:
            T.discard(ctx, m)
        T.discard(ctx, card)
        ctx.this("turn")["kills"] += len(killed)
        # written when read, from the health each monster had (see _mass_attack_words)
        return Say(Later(_mass_attack_words, ctx, use.controller, card, v, killed, spared),
                   "CC-WIZARD" if killed else "CC-MASS-NONE")


# The words of the records, written when first read (see Later): each function takes what it
# names as arguments, taken at the step (the monsters with their health left then). `ctx` is
# passed explicitly, and only to look up what is fixed for the whole game: a card's name and
# face value by its uid (ctx.name, T.left_words, T.had_words read nothing else).

def _mass_attack_words(ctx: Ctx, wizard: str, card: str, v: int, killed: list[tuple[str, str, int]],
                       spared: list[tuple[str, str, int]]) -> str:
    k = ", ".join(f"{T.had_words(ctx, m, r)} in front of {p}" for p, m, r in killed) or "none"
    s = ", ".join(f"{T.left_words(ctx, m, r)} in front of {p}" for p, m, r in spared) or "none"
    head = (f"{wizard} the Wizard makes a mass attack with {ctx.name(card)} ({v}): "
            f"every monster with {v} or less health left dies wherever it stands.")
    if not killed:
        return (f"{head} Every monster on the table is stronger, so none dies ({s}); the "
                f"attack card is spent all the same and goes to the discard pile, and "
                f"{wizard} has no kill to reward (ruling CC-MASS-NONE).")
    return (f"{head} Killed: {k}. Too strong and untouched: {s}. "
            f"{T.plural(len(killed), 'kill')} {'counts' if len(killed) == 1 else 'count'} for "
            f"{wizard}'s treasure step (ruling CC-WIZARD).")


def _joker_attack_words(ctx: Ctx, p: str, ms: list[tuple[str, int]]) -> str:
    return (f"{p} plays a Joker, a magic attack: every monster in front of {p} dies, "
            f"that is {T.plural(len(ms), 'kill')}: {', '.join(T.had_words(ctx, m, r) for m, r in ms)}. "
            "The Joker goes to the discard pile.")


def _weakest(ctx: Ctx) -> int | None:
    """The least health left of any monster on the table (None: there is none)."""
    return min((T.remaining(ctx, m) for _, m in _all_monsters(ctx)), default=None)


def _in_vain(ctx: Ctx, card: str, weakest: int | None) -> bool:
    """Whether every monster on the table (the weakest with `weakest` health left)
    is stronger than the attack card."""
    return weakest is not None and weakest > T.value(ctx, card)


def _mass_words(ctx: Ctx, card: str, stronger: bool) -> str:
    """The mass attack's words; `stronger`: every monster on the table has more
    health left than the card (still legal: the card is spent, ruling CC-MASS-NONE)."""
    if stronger:
        return f"Mass attack with {ctx.name(card)} (Wizard): kills nothing, every monster is stronger"
    return f"Mass attack with {ctx.name(card)} (Wizard)"


def _rescue_words(ctx: Ctx, u: str) -> str:
    return f"Rescue {ctx.name(u)} from the discard pile"


def _heal_words(ctx: Ctx, u: str, left: int) -> str:
    return f"Heal {T.left_words(ctx, u, left)}: discard the monster on it"


def _aid_words(ctx: Ctx, what: str, u: str) -> tuple:
    """The words of a rescue or a heal of `u`, written when read (see Option)."""
    if what == "rescue":
        return (_rescue_words, ctx, u)
    return (_heal_words, ctx, u, T.remaining(ctx, u))  # its health left now


class PriestAid(Power):
    """Priest: rescue a follower from the discard pile, or heal a covered one."""

    def targets(self, ctx: Ctx, p: str) -> list[tuple[str, str]]:
        """(what, card): each follower in the discard pile to rescue, then each of
        p's covered followers to heal."""
        cards = ctx.state.cards
        return ([("rescue", u) for u in T.of_kind(ctx, T.DISCARD, "follower")]
                + [("heal", u) for u in T.of_kind(ctx, T.followers(p), "follower") if cards[u].get("damage", 0)])

    def uses(self, ctx: Ctx, use: AbilityUse) -> list[AbilityUse]:
        return [_with(use, what=what, card=u) for what, u in self.targets(ctx, use.controller)]

    def options(self, ctx: Ctx, use: AbilityUse) -> list[Option]:
        if not self.checked_once(use) or type(self).check is not Effect.check:
            return super().options(ctx, use)
        # no check of its own: every rescue and heal is legal
        return [Option(f"{what}:{u}", _aid_words(ctx, what, u)) for what, u in self.targets(ctx, use.controller)]

    def option_id(self, use: AbilityUse) -> str:
        return f"{use.args['what']}:{use.args['card']}"

    def use_for(self, ctx: Ctx, use: AbilityUse, option_id: str) -> AbilityUse | None:
        what, _, card = option_id.partition(":")  # read off the id: no pass over the discard pile
        return _with(use, what=what, card=card) if what in ("rescue", "heal") else None

    def label(self, ctx: Ctx, use: AbilityUse) -> str:
        words = self.option_words(ctx, use)
        return words[0](*words[1:])

    def option_words(self, ctx: Ctx, use: AbilityUse) -> tuple:
        return _aid_words(ctx, use.args["what"], use.args["card"])

    def apply(self, ctx: Ctx, use: AbilityUse) -> Say:
        p = use.controller
        uid = use.args["card"]
        if use.args["what"] == "rescue":
            ctx.move(uid, T.followers(p))
            return Say(f"{p} the Priest rescues the follower {ctx.name(uid)} from the discard pile "
                       f"and plays it: {T.value(ctx, uid)} more health in front of {p}.", KJ)
        covers = T.attached(ctx, uid)
        for c in covers:
            ctx.move(c, T.DISCARD, damage=None)
        ctx.card(uid).pop("damage", None)
        return Say(f"{p} the Priest heals {ctx.name(uid)}: the monster card on it "
                   f"({ctx.names(covers)}) goes to the discard pile and the follower has its "
                   f"full {T.value(ctx, uid)} health again (ruling CC-COVER).", "CC-COVER")


class ThiefSteal(Effect):
    """Thief: instead of turning up a card, steal the lowest treasure of the
    other player with the most treasure cards (ruling CC-THIEF). An optional
    replacement of `turn_up`: the core offers it ("Instead: steal ...") when
    `check` passes and the Thief has not stolen this turn (`once_per: turn`)."""

    def target(self, ctx: Ctx, thief: str) -> tuple[str, str] | None:
        counts = {p: len(T.of_kind(ctx, T.treasure(p), "treasure")) for p in ctx.players if p != thief}
        most = max(counts.values(), default=0)
        if most == 0:
            return None
        tied = [p for p, n in counts.items() if n == most]
        pool = [(T.value(ctx, u), p, u) for p in tied for u in T.of_kind(ctx, T.treasure(p), "treasure")]
        _, p, u = min(pool)
        return p, u

    def check(self, ctx: Ctx, use: AbilityUse) -> str | None:
        if self.target(ctx, use.controller) is None:
            return "No other player has a treasure card in front of them."
        return None

    def label(self, ctx: Ctx, use: AbilityUse) -> str:
        t = self.target(ctx, use.controller)
        if t is None:
            return "steal a treasure (Thief)"
        p, u = t
        return f"steal {ctx.name(u)} from {p} (Thief)"

    def apply(self, ctx: Ctx, use: AbilityUse) -> Say:
        thief = use.controller
        p, u = self.target(ctx, thief)
        counts = {q: len(T.of_kind(ctx, T.treasure(q), "treasure")) for q in ctx.players if q != thief}
        ctx.move(u, T.treasure(thief))
        ctx.note_use(use)
        most = counts[p]
        tied = [q for q, n in counts.items() if n == most]
        tie = (f" {', '.join(tied)} tie with {T.plural(most, 'treasure card')} each, so the single lowest card "
               "among them is taken." if len(tied) > 1 else "")
        empty = (" The draw pile is used up, but the steal replaces the turn-up all the same "
                 "(ruling CC-THIEF-EMPTY)." if T.pile_exhausted(ctx) else "")
        return Say(f"{thief} the Thief steals instead of turning up a card: {p} has the most "
                   f"treasure cards ({most}), and their lowest is {ctx.name(u)}.{tie} "
                   "(Ruling CC-THIEF: only the other players are counted.)" + empty, "CC-THIEF")


def _joker_words(ctx: Ctx, joker: str) -> str:
    return f"Play the {ctx.name(joker)}: kill every monster in front of you"


class JokerBlast(Power):
    """Joker: every monster in front of the player dies."""

    prefix = "joker"

    def check(self, ctx: Ctx, use: AbilityUse) -> str | None:
        return None if T.monsters_in_front(ctx, use.controller) else "There is no monster in front of you."

    def label(self, ctx: Ctx, use: AbilityUse) -> str:
        return _joker_words(ctx, use.source)

    def option_words(self, ctx: Ctx, use: AbilityUse) -> tuple:
        return (_joker_words, ctx, use.source)

    def apply(self, ctx: Ctx, use: AbilityUse) -> Say:
        p = use.controller
        ms = [(m, T.remaining(ctx, m)) for m in T.monsters_in_front(ctx, p)]  # their health before they die
        for m, _ in ms:
            T.discard(ctx, m)
        ctx.move(use.source, T.DISCARD)
        ctx.this("turn")["kills"] += len(ms)
        return Say(Later(_joker_attack_words, ctx, p, ms), KJ)  # written when read


Share = tuple[tuple[str, ...], str | None]  # (the monsters killed, the one weakened or None)


def share_id(killed: tuple[str, ...], weakened: str | None) -> str:
    """The option id of one way to share out the Fighter's total: `kill:4C+2C`,
    `kill:4C:weaken:9C` or `weaken:9C` (the killed in their order in front of the Fighter)."""
    if not killed:
        return f"weaken:{weakened}"
    kill = "kill:" + "+".join(killed)
    return f"{kill}:weaken:{weakened}" if weakened else kill


def parse_share(oid: str) -> Share:
    parts = oid.split(":")
    if parts[0] == "weaken":
        return (), parts[1]
    killed = tuple(parts[1].split("+"))
    return killed, (parts[3] if len(parts) == 4 else None)


def fighter_shares(ctx: Ctx, monsters: list[str], total: int) -> list[Share]:
    """Every legal way to spend `total` on `monsters` (ruling CC-FIGHTER): each
    monster killed is paid in full; while a monster still stands, no point goes
    unused, so the points left over all go on one survivor, which they only
    weaken (it has more health left than they are). Most kills first."""
    out: list[Share] = []
    for n in range(len(monsters), -1, -1):
        for killed in combinations(monsters, n):
            left = total - sum(T.remaining(ctx, m) for m in killed)
            if left < 0:
                continue
            rest = [m for m in monsters if m not in killed]
            if not rest or left == 0:
                out.append((killed, None))
                continue
            out.extend((killed, w) for w in rest if T.remaining(ctx, w) > left)
    return out


def weakest_first(ctx: Ctx, monsters: list[str], total: int) -> Share:
    """The share ruling CC-FIGHTER suggests: kill from the weakest (least health
    left) up while the total pays, then weaken the next one with what is left.
    It kills as many monsters as the total can pay for."""
    order = sorted(monsters, key=lambda m: (T.remaining(ctx, m), monsters.index(m)))
    killed, left = [], total
    for m in order:
        if T.remaining(ctx, m) > left:
            weakened = m if left > 0 else None
            return tuple(u for u in monsters if u in killed), weakened
        killed.append(m)
        left -= T.remaining(ctx, m)
    return tuple(monsters), None


class FighterAttack(Effect):
    """Fighter: the attack cards (`args: cards`) added up against all the
    monsters in front of the Fighter. The player shares the total out (ruling
    CC-FIGHTER): with one legal way it is applied at once; with more, the
    player chooses in this effect's frame (stage `shared`), the weakest-first
    share suggested. The second card itself is the `attack_cards` modifier of
    the Fighter's King."""

    def label(self, ctx: Ctx, use: AbilityUse) -> str:
        return "Fighter's attack"

    def apply(self, ctx: Ctx, use: AbilityUse) -> Say | Pause:
        p = use.controller
        cards = list(use.args["cards"])
        total = sum(T.value(ctx, s) for s in cards)
        ms = T.monsters_in_front(ctx, p)
        how = " + ".join(f"{ctx.name(s)} ({T.value(ctx, s)})" for s in cards)
        whole = sum(T.remaining(ctx, m) for m in ms)
        head = (f"{p} the Fighter attacks with {how}, {total} in all, against the "
                f"{T.plural(len(ms), 'monster')} in front of {p} "
                f"({', '.join(T.with_left(ctx, m) for m in ms)}: {whole} health in all).")
        shares = fighter_shares(ctx, ms, total)
        if len(shares) == 1:
            killed, weakened = shares[0]
            return Say(f"{head} There is only one way to spend the total (ruling CC-FIGHTER). "
                       f"{self.spend(ctx, use, killed, weakened)}", "CC-FIGHTER")
        return ctx.ask(self.choice(ctx, p, ms, total, shares), then="shared",
                       name="Share out the attack",
                       say=Say(f"{head} {p} chooses which monsters the total kills and which one the "
                               "points left over weaken (ruling CC-FIGHTER).", "CC-FIGHTER"))

    def choice(self, ctx: Ctx, p: str, ms: list[str], total: int, shares: list[Share]) -> Decision:
        opts = [Option(share_id(k, w), self.share_label(ctx, total, k, w)) for k, w in shares]
        legal = {o.id for o in opts}
        for k, _ in shares:  # a kill that leaves points unused while a monster stands
            left = total - sum(T.remaining(ctx, m) for m in k)
            if k and left and len(k) < len(ms) and share_id(k, None) not in legal:
                legal.add(share_id(k, None))
                opts.append(Option(share_id(k, None), f"Kill {_and(ctx, k)} and leave "
                                   f"{T.plural(left, 'point')} unused", False,
                                   f"While a monster still stands no point may go unused: the "
                                   f"{T.plural(left, 'point')} left over must go on one of the others "
                                   "(ruling CC-FIGHTER).", rule="CC-FIGHTER"))
        default = share_id(*weakest_first(ctx, ms, total))
        return Decision(p, f"Fighter: share out your {total} attack points among the monsters in front "
                        "of you. A monster dies only when it gets at least its health left; the points "
                        "left over all go on one other monster, which they weaken (ruling CC-FIGHTER).",
                        opts, kind="fight", default=default,
                        hint="Ruling CC-FIGHTER suggests the weakest first: it kills as many monsters as "
                             "the total can pay for, and each kill earns a treasure in step 6.")

    def share_label(self, ctx: Ctx, total: int, killed: tuple[str, ...], weakened: str | None) -> str:
        left = total - sum(T.remaining(ctx, m) for m in killed)
        if weakened is None:
            spare = f", {T.plural(left, 'point')} to spare" if left else ""
            return f"Kill {_and(ctx, killed)}{spare}"
        hit = (f"{T.plural(left, 'point')} {'weakens' if left == 1 else 'weaken'} {ctx.name(weakened)} to "
               f"{T.remaining(ctx, weakened) - left} of {T.value(ctx, weakened)}")
        if not killed:
            return f"Kill nothing: the {hit}"
        return f"Kill {_and(ctx, killed)}; the {hit}"

    def shared(self, ctx: Ctx, use: AbilityUse, ids) -> Say:
        killed, weakened = parse_share(ids[0])
        return Say(f"{use.controller} shares out the attack (ruling CC-FIGHTER: the player chooses). "
                   f"{self.spend(ctx, use, killed, weakened)}", "CC-FIGHTER")

    def spend(self, ctx: Ctx, use: AbilityUse, killed: tuple[str, ...], weakened: str | None) -> str:
        """Kill `killed`, lay the points left over and the attack cards on
        `weakened` (or discard the cards); the words for it."""
        p, cards = use.controller, list(use.args["cards"])
        total = sum(T.value(ctx, s) for s in cards)
        left = total - sum(T.remaining(ctx, m) for m in killed)
        names = ", ".join(T.had_left(ctx, m) for m in killed) or "none"
        for m in killed:
            T.discard(ctx, m)
        ctx.this("turn")["kills"] += len(killed)
        if weakened is None:
            for a in cards:
                ctx.move(a, T.DISCARD)
            spare = (f" The {T.plural(left, 'point')} to spare {'is' if left == 1 else 'are'} lost."
                     if left else "")
            return f"Killed: {names}.{spare} The attack cards go to the discard pile."
        ctx.card(weakened)["damage"] = ctx.card(weakened).get("damage", 0) + left
        for a in cards:
            ctx.move(a, T.monsters(p), attached_to=weakened)
        verb = "weakens" if left == 1 else "weaken"
        return (f"Killed: {names}. The {T.plural(left, 'point')} left over {verb} {ctx.name(weakened)}: "
                f"the attack cards lie on it and it has {T.remaining(ctx, weakened)} of its "
                f"{T.value(ctx, weakened)} health left.")


def _and(ctx: Ctx, uids) -> str:
    """'4♣', '4♣ and 2♣', '4♣, 2♣ and 9♣'."""
    names = [ctx.name(u) for u in uids]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


EFFECTS = {
    "mass_attack": MassAttack(),
    "priest_aid": PriestAid(),
    "thief_steal": ThiefSteal(),
    "joker_blast": JokerBlast(),
    "fighter_attack": FighterAttack(),
}
