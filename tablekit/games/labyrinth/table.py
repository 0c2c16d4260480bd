"""The table of Legends of Labyrinth: zone names, the rulebook's section
names, and the small procedures every rule shares (draw an influence card,
recruit a hero, discard a hero, count what a player controls)."""

from __future__ import annotations

import re

from tablekit.core import Ctx, seat_zone

# rulebook sections (rule references)
GOAL, OVERVIEW, INFL, HEROES_SEC, RET_SEC = ("Goal of the Game", "Game Overview", "Influence Cards",
                                             "Hero Cards", "Retinue Cards")
SETUP, TURN, DRAW, RETINUES, LEGENDS = ("Game Setup", "Player Turn", "Drawing Cards",
                                        "Using Abilities of RETINUES",
                                        "Using Abilities of LEGENDARY HEROES")
ACTION, PLAYING, GATHER = "Taking 1 ACTION", "Playing INFLUENCE CARDS", "Gathering RETINUES"
DISC_PLAYED, DISC_HAND = "Discarding played INFLUENCE CARDS", "Discarding unplayed INFLUENCE CARDS"

BOX, INFLUENCE, DISCARD, HEROES, BOARD = "box", "influence", "discard", "heroes", "retinues"
HAND_LIMIT = 7
RETINUES_TO_WIN = 3

COMMON_KINDS = ("sorceress", "swordmaster", "illusionist", "head_hunter", "archeress", "architect",
                "sister_of_war", "archpriestess")
# the retinue a kind of common hero forms, and the retinue card ids in board order
RETINUE_OF = {"sorceress": "sorceresses", "swordmaster": "swordmasters",
              "illusionist": "illusionists", "head_hunter": "head_hunters",
              "archeress": "archeresses", "architect": "architects",
              "sister_of_war": "sisters_of_war", "archpriestess": "archpriestesses"}
KIND_OF = {r: k for k, r in RETINUE_OF.items()}
LEGENDARY = "legendary"
BOARD_ORDER = ("sorceresses", "swordmasters", "illusionists", "head_hunters", LEGENDARY,
               "archeresses", "architects", "sisters_of_war", "archpriestesses")
GENTLE = "gentle"  # the variant that leaves GENTLE_OUT in the box (Game Setup, step 2)
GENTLE_OUT = ("golem", "deadly_plague", "beguilement")


hand = seat_zone("hand")
heroes = seat_zone("heroes")
played = seat_zone("played")


def field(ctx: Ctx, uid: str, key: str, default=None):
    return ctx.defn(uid).fields.get(key, default)


def _facts(ctx: Ctx) -> dict[str, tuple]:
    """Per card id: (hero kind, legendary, counters). Derived from the card file only."""
    return ctx.from_cards("labyrinth facts", _card_facts)


def _card_facts(defs) -> dict[str, tuple]:
    return {cid: (d.fields.get("hero_kind"), bool(d.fields.get("legendary")), d.fields.get("counters"),
                  d.fields.get("timing")) for cid, d in defs.items()}


def hero_kind(ctx: Ctx, uid: str) -> str:
    """A hero's kind: one of COMMON_KINDS, or the legendary hero's own id (golem, thief...)."""
    return _facts(ctx)[ctx.state.cards[uid]["card"]][0]


def is_legendary(ctx: Ctx, uid: str) -> bool:
    return _facts(ctx)[ctx.state.cards[uid]["card"]][1]


def acts_before_actions(ctx: Ctx, uid: str) -> bool:
    return _facts(ctx)[ctx.state.cards[uid]["card"]][3] == "before_actions"


def is_counter(ctx: Ctx, uid: str) -> bool:
    return _facts(ctx)[ctx.state.cards[uid]["card"]][2] is not None


def play_effect(ctx: Ctx, uid: str) -> tuple[str, int] | tuple[None, None]:
    """The effect an influence card names for when it is played as an action, and the
    index of that ability ((None, None) for a counter)."""
    for i, ab in enumerate(ctx.defn(uid).abilities):
        if ab.type == "action" and ab.window == "action":
            return ab.effect, i
    return None, None


def order_from(ctx: Ctx, p: str) -> list[str]:
    """The other players, clockwise (seat order) starting at p's left."""
    names = ctx.players
    i = names.index(p)
    return names[i + 1:] + names[:i]


def gathered(ctx: Ctx, p: str) -> list[str]:
    return ctx.extra["gathered"].setdefault(p, [])


# what a turn keeps (GameDef.per_turn: the engine puts a fresh copy in place as each
# turn begins): actions left, actions taken, whether the lord passed or stopped the
# actions, whether the retinue / legendary steps are over. Which retinues and
# legendary heroes were used is the core's use limit (`once_per` in the card file).
PER_TURN = {"actions": 1, "taken": 0, "passed": False, "done": False, "ret_over": False,
            "leg_over": False}


def turn_data(ctx: Ctx) -> dict:
    """This turn's data (see PER_TURN)."""
    return ctx.this("turn")


def forget_uses(ctx: Ctx, uid: str) -> None:
    """Forget this turn's uses of a card's abilities: a hero shuffled back into the
    hidden heroes deck must not stay named in the state the others see."""
    ctx.forget_uses(uid)


# -- influence cards -------------------------------------------------------------------------

RULING_CITED = re.compile(r"\bLAB-[A-Z]+(?:-[A-Z]+)*\b")


def cited_rule(reason: str | None) -> str | None:
    """The ruling an illegal option's reason cites (the last one named), for the
    option's `rule`; None when the reason is the rulebook's or the card's."""
    if not reason:
        return None
    found = RULING_CITED.findall(reason)
    return found[-1] if found else None


def count(n: int, one: str, many: str | None = None) -> str:
    """A number with its noun in the right number: "1 card", "2 cards"."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def draw(ctx: Ctx, p: str, n: int) -> tuple[list[str], list[tuple[str, object]]]:
    """Draw n influence cards for p. The discard pile is shuffled into a new deck
    only when a card must be drawn and the deck is empty (ruling LAB-EMPTY-DRAW when
    both are empty). Returns the cards drawn and what happened, in order:
    ("card", uid), ("shuffle", number of cards shuffled) or ("empty", None)."""
    out: list[str] = []
    steps: list[tuple[str, object]] = []
    for _ in range(n):
        if not ctx.zone(INFLUENCE):
            pile = list(ctx.zone(DISCARD))
            if not pile:
                steps.append(("empty", None))
                break
            for u in pile:
                ctx.move(u, INFLUENCE)
            ctx.shuffle(INFLUENCE)
            steps.append(("shuffle", len(pile)))
        uid = ctx.zone(INFLUENCE)[-1]
        ctx.move(uid, hand(p))
        out.append(uid)
        steps.append(("card", uid))
    return out, steps


def _reshuffle(k: int) -> str:
    return (f"the {count(k, 'discarded influence card')} {'is' if k == 1 else 'are'} shuffled "
            "into a new deck")


def _segments(steps: list[tuple[str, object]]) -> list[tuple[list[str], tuple[str, object]]]:
    """The cards drawn in runs, each with what ended the run: ("shuffle", k),
    ("empty", None) or ("end", None)."""
    out: list[tuple[list[str], tuple[str, object]]] = []
    run: list[str] = []
    for kind, what in steps + [("end", None)]:
        if kind == "card":
            run.append(what)
        else:
            out.append((run, (kind, what)))
            run = []
    return out


EMPTY_BOTH = ("the influence deck and its discard pile are both empty, so nothing more is drawn "
              "(ruling LAB-EMPTY-DRAW)")


def _draw_words(ctx: Ctx, p: str, n: int, why: str, steps: list[tuple[str, object]], show: bool) -> str:
    """The draw told in the order it happened: a reshuffle comes before the cards it
    makes possible. `show`: name the cards (the drawer's text) or only count them."""
    cards = [u for kind, u in steps if kind == "card"]
    lead = ""
    if steps and steps[0][0] == "shuffle":
        lead = f"The influence deck is empty just as {p} must draw, so {_reshuffle(steps[0][1])}. "
        steps = steps[1:]
    if not cards:
        return (f"{lead}{p} {why} draws no influence card: the influence deck and its discard pile "
                "are both empty (ruling LAB-EMPTY-DRAW).")
    got = (count(len(cards), "influence card") if len(cards) == n
           else f"{len(cards)} of the {count(n, 'influence card')} due")
    text = f"{p} {why} draws {got}"
    for i, (run, (kind, what)) in enumerate(_segments(steps)):
        if show and run:
            text += (": " if i == 0 else " ") + ctx.names(run)
            after = "then"
        else:
            after = f"after {count(len(run), 'card')}"
        if kind == "shuffle":
            text += (f"; {after} the deck runs out, so {_reshuffle(what)}, and {p} draws"
                     + ("" if show else " on from it"))
        elif kind == "empty":
            text += f"; {after} {EMPTY_BOTH}"
    return lead + text + "."


def draw_say(ctx: Ctx, p: str, n: int, why: str) -> tuple[str, str, str]:
    """(text, public text, rule) for drawing n cards."""
    _, steps = draw(ctx, p, n)
    kinds = {kind for kind, _ in steps}
    rule = "LAB-EMPTY-DRAW" if "empty" in kinds else INFL if "shuffle" in kinds else DRAW
    return _draw_words(ctx, p, n, why, steps, True), _draw_words(ctx, p, n, why, steps, False), rule


# -- heroes ---------------------------------------------------------------------------------

def recruit(ctx: Ctx, p: str, n: int) -> str:
    """Recruit n heroes from the top of the heroes deck (ruling LAB-EMPTY-HEROES
    when it runs out). Returns a sentence for the explanation."""
    got = []
    for _ in range(n):
        deck = ctx.zone(HEROES)
        if not deck:
            break
        uid = deck[-1]
        ctx.move(uid, heroes(p))
        got.append(uid)
    text = f"{p} recruits {ctx.names(got)}" if got else f"{p} recruits nobody"
    if len(got) < n:
        lost = n - len(got)
        text += (f" (the heroes deck is empty, so {count(lost, 'recruit')} {'is' if lost == 1 else 'are'} "
                 "lost: ruling LAB-EMPTY-HEROES)")
    return text + "."


def discard_hero(ctx: Ctx, uid: str) -> None:
    """A discarded hero is shuffled straight back into the heroes deck."""
    to_heroes_deck(ctx, uid)
    ctx.shuffle(HEROES)


def to_heroes_deck(ctx: Ctx, uid: str) -> None:
    """Put a hero back into the heroes deck (shuffle it afterwards)."""
    forget_uses(ctx, uid)  # a hidden card's id must not stay in the state the others see
    ctx.move(uid, HEROES)


def wild(ctx: Ctx, p: str) -> list[str]:
    """p's Mentalmancers (each may stand in for one missing hero)."""
    return [u for u in ctx.zone(heroes(p)) if hero_kind(ctx, u) == "mentalmancer"]


def shielded(ctx: Ctx, p: str) -> bool:
    """Whether p's Paladin keeps other lords' legendary heroes from discarding p's heroes."""
    return ctx.stat("shielded", 0, player=p) > 0


def hand_limit(ctx: Ctx, p: str) -> int:
    return int(ctx.stat("hand_limit", HAND_LIMIT, player=p))


def gather_plan(ctx: Ctx, p: str, retinue: str) -> tuple[list[str] | None, str]:
    """Whether p can gather a retinue: the heroes suggested for it (the default of the
    choice, ruling LAB-GATHER-PICK: heroes of the retinue's own kind first, Mentalmancers
    last), or None and the reason in words. `gather_choices` lists every other way."""
    return _plan(ctx, p, retinue, *_heroes_facts(ctx, p))


def gather_plans(ctx: Ctx, p: str) -> list[tuple[str, list[str] | None, str]]:
    """`gather_plan` of every retinue, in board order: (retinue, heroes or None, reason),
    reading p's heroes once."""
    mine = _heroes_facts(ctx, p)
    return [(r, *_plan(ctx, p, r, *mine)) for r in BOARD_ORDER]


def _heroes_facts(ctx: Ctx, p: str) -> tuple[list[tuple[str, tuple]], list[str]]:
    """p's heroes with their facts (see `_facts`), and p's Mentalmancers."""
    facts = _facts(ctx)
    cards = ctx.state.cards
    mine = [(u, facts[cards[u]["card"]]) for u in ctx.zone(heroes(p))]
    return mine, [u for u, f in mine if f[0] == "mentalmancer"]


def _plan(ctx: Ctx, p: str, retinue: str, mine: list[tuple[str, tuple]],
          mm: list[str]) -> tuple[list[str] | None, str]:
    if retinue == LEGENDARY:
        if LEGENDARY in gathered(ctx, p):
            return None, "Each lord may gather only one Legendary Retinue in the whole game."
        legs = [u for u, f in mine if f[1] and f[0] != "golem"]
        plain = [u for u in legs if u not in mm]
        use = (plain + [u for u in legs if u in mm])[:4]
        if len(use) < 4:
            golem = any(f[0] == "golem" for _, f in mine)
            extra = " (the Golem never counts toward a retinue)" if golem else ""
            return None, (f"You need any 4 legendary heroes; you control {len(legs)} that may be "
                          f"used{extra}.")
        return use, ""
    kind = KIND_OF[retinue]
    same = [u for u, f in mine if f[0] == kind]
    if not same:
        return None, (f"You control no {kind_name(kind)}: a Mentalmancer only replaces a missing "
                      "hero of a retinue you have started (ruling LAB-MENTAL).")
    need = 4 - len(same[:4])
    if need > len(mm):
        return None, (f"You need 4 {kind_name(kind, True)}; you control {len(same)} and "
                      f"{count(len(mm), 'Mentalmancer')} to replace missing ones.")
    return same[:4] + mm[:need], ""


def gather_choices(ctx: Ctx, p: str, retinue: str) -> list[tuple[list[str], str, str]]:
    """Every way p may spend heroes on a retinue (ruling LAB-GATHER-PICK: the lord
    chooses): (heroes, label, reason it is illegal or ""). A common retinue: 4 heroes
    of its kind, or fewer with Mentalmancers standing in (at least one of the kind,
    ruling LAB-MENTAL); the Legendary Retinue: any 4 legendary heroes but the Golem.
    Identical heroes are interchangeable, so each way names the first copies."""
    mine = ctx.zone(heroes(p))
    mm = [u for u in mine if hero_kind(ctx, u) == "mentalmancer"]
    out: list[tuple[list[str], str, str]] = []
    if retinue == LEGENDARY:
        groups: dict[str, list[str]] = {}
        for u in mine:
            if is_legendary(ctx, u) and hero_kind(ctx, u) != "golem":
                groups.setdefault(ctx.state.cards[u]["card"], []).append(u)
        keys = list(groups)

        def pick(i: int, left: int, acc: list[tuple[str, int]]):
            if left == 0:
                uids = [u for k, n in acc for u in groups[k][:n]]
                words = [ctx.name(groups[k][0]) + (f" ×{n}" if n > 1 else "") for k, n in acc]
                out.append((uids, f"Spend {', '.join(words)}", ""))
                return
            if i == len(keys):
                return
            for n in range(min(left, len(groups[keys[i]])), -1, -1):
                pick(i + 1, left - n, acc + ([(keys[i], n)] if n else []))

        pick(0, 4, [])
        return out
    kind = KIND_OF[retinue]
    same = [u for u in mine if hero_kind(ctx, u) == kind]
    for n_mm in range(4):
        n = 4 - n_mm
        label = f"Spend {n} {kind_name(kind, n > 1)}" + (f" and {count(n_mm, 'Mentalmancer')}" if n_mm else "")
        if len(same) < n:
            why = f"You control {len(same)} {kind_name(kind, len(same) != 1)}, not {n}."
        elif len(mm) < n_mm:
            why = f"You control {count(len(mm), 'Mentalmancer')}, not {n_mm}."
        else:
            why = ""
        out.append((same[:n] + mm[:n_mm] if not why else [], label, why))
    return out


KIND_NAMES = {"sorceress": ("Sorceress", "Sorceresses"), "swordmaster": ("Swordmaster", "Swordmasters"),
              "illusionist": ("Illusionist", "Illusionists"),
              "head_hunter": ("Head Hunter", "Head Hunters"), "archeress": ("Archeress", "Archeresses"),
              "architect": ("Architect", "Architects"),
              "sister_of_war": ("Sister of War", "Sisters of War"),
              "archpriestess": ("Archpriestess", "Archpriestesses")}


def kind_name(kind: str, plural: bool = False) -> str:
    names = KIND_NAMES.get(kind)
    if names is None:
        return kind.replace("_", " ").title()
    return names[1] if plural else names[0]


def retinue_name(r: str) -> str:
    return "Legendary Retinue" if r == LEGENDARY else f"Retinue of {kind_name(KIND_OF[r], True)}"
