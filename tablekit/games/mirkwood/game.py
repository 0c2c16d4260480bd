"""Passage Through Mirkwood: the game definition the engine registers."""

from __future__ import annotations

from typing import Any

from tablekit.core import (
    HIDDEN,
    OWNER,
    PUBLIC,
    Ctx,
    Decision,
    GameDef,
    Option,
    OptionSpec,
    Result,
    Say,
    SetupError,
)
from tablekit.core.cards import Field
from tablekit.core.lasting import applies, until_words
from tablekit.core.words import plural

from . import attachments, events, hints, powers, rules
from . import table as T
from .bots import heuristic
from .card_templates import CARD_TEMPLATES
from .checks import check_state, event_procedures
from .counters import COUNTERS
from .evaluate import evaluate as position_score


class MirkwoodGame(GameDef):
    id = "mirkwood"
    title = "Passage Through Mirkwood"
    counters = COUNTERS
    card_templates = CARD_TEMPLATES
    pile_kinds = ("discard", "encounter_discard", "victory", "quest_deck", "out", "removed")  # drawn as one stack on the board
    goal = ("The players work together to push the quest through its three stages against the encounter "
            "deck. They win by completing Beorn's Path while Ungoliant's Spawn is not in play, or by "
            "destroying the Spawn during Don't Leave the Path!; they lose when every player is "
            "eliminated (threat 50, or no hero left).")
    min_players = 1
    max_players = 4  # the six heroes shared out at 3 and 4 players (ruling MK-HEROES-MP)
    default_players = 1
    cooperative = True
    options = {
        "easy": OptionSpec(bool, False, "easy mode: the encounter deck of the easy quantities, and 1 resource on each "
                           "hero at setup (point 21, ruling MK-EASY)"),
        "first_player": OptionSpec(str, "random", "the seat that takes the first player token, or random (a seeded "
                                   "draw; ruling MK-FIRST)"),
        "mulligan": OptionSpec(bool, True, "each player may take one mulligan at setup (ruling MK-MULLIGAN); off "
                               "plays as the model"),
        "deck": OptionSpec(str, "starter", "starter: each seat's 30-card Core starter deck (solo: both, 60 cards); "
                           "allies: the model's deck of heroes and allies only (ruling MK-DECKS)",
                           choices=("starter", "allies")),
        "allow_duplicate_heroes": OptionSpec(bool, False, "a house rule: every seat plays Aragorn, Théodred and "
                                             "Legolas with both spheres' cards, the seed model's game, setting "
                                             "aside uniqueness at the table; off: the six heroes are shared out "
                                             "(ruling MK-HEROES-MP)"),
        "max_rounds": OptionSpec(int, 0, "a safety cap: a game still going after this many rounds ends unfinished; "
                                 "0: off", low=0),
    }
    ruling_variants = {
        "MK-ATTACK-ORDER": {"choose": "the defending player chooses each attacking enemy in step 1",
                            "engagement": "the model's fixed order: highest engagement cost first"},
        "MK-ENGAGE-TIE": {"player": "the player making the engagement check picks among tied enemies",
                          "first_player": "the first player picks among tied enemies"},
    }
    safety_rounds = 40
    card_fields = {
        "kind": Field(str, True, ("hero", "ally", "event", "attachment", "enemy", "location", "treachery",
                                                  "quest"), doc="the card type"),
        "sphere": Field(str, False, ("leadership", "tactics", "neutral"), doc="a player card's sphere"),
        "unique": Field(bool, False, doc="one copy of this title in play at the whole table (ruling MK-UNIQUE)"),
        "threat_cost": Field(int, False, minimum=0, maximum=20, doc="a hero's threat cost"),
        "cost": Field(int, False, minimum=0, maximum=20, doc="an ally's, event's or attachment's cost in resources of its sphere"),
        "willpower": Field(int, False, minimum=0, maximum=20, doc="a character's willpower"),
        "attack": Field(int, False, minimum=0, maximum=20, doc="attack"),
        "defense": Field(int, False, minimum=0, maximum=20, doc="defense"),
        "hit_points": Field(int, False, minimum=1, maximum=40, doc="hit points"),
        "keywords": Field(list, False, ("Sentinel", "Ranged", "Surge", "Restricted"), doc="printed keywords"),
        "core_number": Field(int, False, minimum=1, maximum=226, doc="the Core Set collector number"),
        "engagement": Field(int, False, minimum=0, maximum=60, doc="an enemy's engagement cost"),
        "threat": Field(int, False, minimum=0, maximum=20, doc="an encounter card's threat in the staging area"),
        "quest_points": Field(int, False, minimum=0, maximum=40, doc="a location's or quest stage's quest points"),
        "victory": Field(int, False, minimum=0, maximum=20, doc="victory points (0: none)"),
        "quantity_easy": Field(int, False, minimum=0, maximum=10, doc="copies in easy mode"),
        "encounter_set": Field(str, False, ("Passage Through Mirkwood", "Spiders of Mirkwood", "Dol Guldur Orcs"),
                               doc="the encounter set"),
        "stage": Field(int, False, minimum=1, maximum=3, doc="a quest card's stage"),
        "unverified": Field(bool, False, doc="the text could not be checked against a public card database"),
    }
    ability_domains = {"zone": ("hand", "heroes", "allies", "staging", "engaged", "active_location", "quest",
                                "encounter_discard", "shadow"),
                       "window": ("action", "planning", "when_revealed", "shadow", "travel", "on_reveal"),
                       "stat": ("attack", "defense", "willpower", "threat", "hit_points", "trait_gondor",
                                "icon_spirit")}
    active_zone_kinds = frozenset({"heroes", "allies", "attachments", "staging", "engaged", "active_location",
                                   "quest"})
    rulings_page = "docs/rulings/mirkwood.md"
    # records reworded for neutral wording: a file that quotes the old words still matches
    text_aliases = {"declares no defender of his own": "declares no defender of their own",
                    "takes a card into his hand and shuffles his deck":
                        "takes a card into their hand and shuffles their deck"}
    card_state_keys = {
        "committed": ((bool,), "the character is committed to the quest"),
        "tokens": ((int,), "resource tokens on an enemy (Chieftain Ufthak)"),
        "surge": ((bool,), "the card being revealed has gained surge"),
    }
    settable_extra = {
        "first_player": ((str, type(None)), "the seat holding the first player token"),
        "eliminated": ((list,), "the eliminated players"),
        "why_out": ((dict,), "why each eliminated player is out"),
        "staging_left": ((int,), "encounter cards still to reveal in this staging step"),
        "attacked": ((list,), "the enemies that have attacked this combat phase"),
        "attack": ((dict,), "the enemy attack being resolved: enemy, player, defender, undefended"),
        "struck": ((dict,), "each player's enemies attacked by that player this phase"),
        "joined": ((dict,), "each player's enemies that player attacked this phase by joining another player's attack "
                            "(ruling MK-ONE-ATTACK)"),
        "strike": ((dict,), "the player attack being resolved: enemy, player, attackers"),
        "strikes_over": ((list,), "the players who have stopped attacking this phase"),
        "web_asked": ((list,), "heroes already offered Caught in a Web's payment this refresh"),
        "stage3": ((str,), "which stage 3 was picked"),
        "shadow_chosen": ((list,), "the tied enemies the first player chose to be dealt the last shadow cards"),
    }
    effects = {**powers.EFFECTS, **events.EVENT_EFFECTS, **attachments.ATTACHMENT_EFFECTS}
    procedures = event_procedures()
    endings = {
        "won_beorns_path": "Beorn's Path was completed with Ungoliant's Spawn not in play: the players win",
        "won_spawn_defeated": "Ungoliant's Spawn was destroyed during Don't Leave the Path!: the players win",
        "lost": "every player was eliminated (threat 50, or no hero left): the players lose",
        "unfinished": "the safety cap of rounds was reached with the quest unfinished",
    }
    option_forms = {
        "act:<card>:<ability>": "use a card's ability: play an ally, or take an Action",
        "pass": "pass in an action window (in planning: stop playing allies)",
        "commit:<card>": "commit a ready character to the quest",
        "travel:<card>": "travel to a location in the staging area", "no_travel": "do not travel",
        "engage:<card>": "engage an enemy (optional engagement, or an engagement check)",
        "no_engage": "engage no enemy",
        "enemy:<card>": "the next enemy to attack", "defend:<card>": "declare a defender",
        "no_defend": "a Sentinel's controller does not defend", "undefended": "leave the attack undefended",
        "damage:<card>": "the defender takes the damage", "hero:<card>": "a hero of your choice",
        "no_damage": "the attack deals no damage",
        "target:<card>": "attack this enemy (or a target of an effect)", "no_attack": "make no more attacks",
        "attacker:<card>": "attack with this character",
        "pay:<card>": "pay to ready a hero caught in a web", "stay:<card>": "leave a webbed hero exhausted",
        "split:<index>": "one way to split a cost among heroes", "pick:<card>": "a card an effect picks",
        "player:<player>": "a player an effect picks", "location:<card>": "a location for progress", "ready:<card>": "a character to ready",
        "mode:<mode>": "Gandalf's gift: draw, an enemy's uid, or threat", "take:<card>": "a card to take into hand",
        "spider:<card>": "a Spider card to add to the staging area",
        "shadow:<card>": "a tied enemy that gets one of the last shadow cards",
        "keep": "keep the setup hand", "mulligan": "take the one mulligan",
        "look": "use Mountains of Mirkwood's response: look at your top 5", "no_look": "do not look",
        "use": "use a response", "decline": "do not use a response", "first:<index>": "resolve this trigger first",
    }

    def build_flow(self):
        return rules.build_flow()

    def create_table(self, ctx: Ctx) -> None:
        st = ctx.state
        first = st.options.get("first_player", "random")
        if first != "random" and first not in st.player_names:
            raise SetupError(f"option 'first_player' is a seat ({', '.join(st.player_names)}) or random, not "
                             f"{first!r} (ruling MK-FIRST)")
        for name, vis, label in (
                (T.BOX, PUBLIC, "Game box"), (T.QUEST_DECK, PUBLIC, "Quest deck"), (T.QUEST, PUBLIC, "Quest stage"),
                (T.STAGE3, HIDDEN, "Stage 3, set aside"), (T.STAGING, PUBLIC, "Staging area"),
                (T.ACTIVE, PUBLIC, "Active location"), (T.ENC_DECK, HIDDEN, "Encounter deck"),
                (T.REVEALED, PUBLIC, "Being revealed"), (T.ENC_DISCARD, PUBLIC, "Encounter discard pile"),
                (T.SHADOW, PUBLIC, "Shadow cards"), (T.ENC_ATTACH, PUBLIC, "Encounter attachments"),
                (T.VICTORY, PUBLIC, "Victory display"), (T.REMOVED, PUBLIC, "Removed from the game")):
            st.add_zone(name, None, vis, label, kind=name)
        for p in st.player_names:
            for z, vis in (("deck", HIDDEN), ("hand", OWNER), ("heroes", PUBLIC), ("allies", PUBLIC),
                           ("attachments", PUBLIC), ("discard", PUBLIC), ("out", PUBLIC)):
                st.add_zone(T.zone(p, z), p, vis, f"{p}'s {z}", kind=z)
            # engaged enemies are not the player's: the zone is ownerless (point 71, table model)
            st.add_zone(T.engaged_zone(p), None, PUBLIC, f"Engaged with {p}", kind="engaged")
            st.player(p)["threat"] = 0
        need = T.copies_needed(len(st.player_names), str(st.options.get("deck", "starter")),
                               bool(st.options.get("allow_duplicate_heroes")),
                               {d.id: (str(d.fields.get("sphere")), d.quantity) for d in self.cards.values()
                                if d.kind == "ally"})
        for d in self.cards.values():
            # one Core Set, plus the copies the seats' own decks take beyond it (ruling MK-HEROES-MP);
            # a single copy's uid is its card id, so a hidden copy never shares its name with one
            copies = max(d.quantity, need.get(d.id, 0))
            for n in range(1, copies + 1):
                st.add_card(d.id if copies == 1 else f"{d.id}#{n}", d.id, T.BOX)
        st.extra = {"first_player": None, "eliminated": [], "staging_left": 0, "attacked": [], "struck": {}}

    def order_triggers(self, ctx: Ctx, triggers: list[dict]) -> int | Decision:
        """Forced before Responses (the core's default); among several different effects of
        the same kind waiting together, the first player chooses which resolves first,
        except that a player orders the responses to their own commit (ruling
        MK-SIMULTANEOUS). Copies of one effect are not asked about."""
        i = super().order_triggers(ctx, triggers)
        optional = ctx.trigger_ability(triggers[i]).optional
        same = [j for j, t in enumerate(triggers) if ctx.trigger_ability(t).optional == optional]
        kinds = {(ctx.state.cards[triggers[j]["source"]]["card"], triggers[j]["ability"], triggers[j].get("effect"))
                 for j in same
                 if triggers[j].get("source") in ctx.state.cards}
        if len(same) < 2 or len(kinds) < 2:
            return i
        events = [triggers[j].get("event") or {} for j in same]
        committers = {e.get("player") for e in events}
        if all(e.get("type") == "committed" for e in events) and len(committers) == 1:
            who = committers.pop()
            whose = f"{who} orders the responses to their own commit"
        else:
            who = T.first_player(ctx)
            whose = f"{who}, the first player, orders them"
        opts = [Option(f"first:{j}", ctx.trigger_label(triggers[j])) for j in same]
        return Decision(who, f"{len(same)} effects wait at the same moment; {whose}: which resolves first (ruling "
                        "MK-SIMULTANEOUS)?", opts, kind="trigger_order", default=opts[0].id)

    def trigger_order_chosen(self, ctx: Ctx, triggers: list[dict], decision: Decision,
                             ids: tuple[str, ...]) -> Say | str:
        super().trigger_order_chosen(ctx, triggers, decision, ids)
        return Say(f"{decision.player} chooses to resolve {decision.option(ids[0]).label} first (ruling "
                   "MK-SIMULTANEOUS).", rule="MK-SIMULTANEOUS")

    def first_player(self, ctx: Ctx) -> str | None:
        return ctx.extra.get("first_player") or None

    def is_eliminated(self, ctx: Ctx, player: str) -> bool:
        return T.eliminated(ctx, player)

    def check_state(self, ctx: Ctx, event: dict) -> None:
        check_state(ctx, event)

    def hidden_pool(self, ctx: Ctx, uid: str) -> str:
        # encounter cards (the encounter deck, shadow cards), the quest cards set aside, and
        # each player's own cards (deck, hand) never stand in for one another
        kind = ctx.kind(uid)
        if kind == "quest":
            return "quest"
        if kind in ("enemy", "location", "treachery"):
            return "encounter"
        return ctx.owner_of(uid) or ctx.zone_of(uid)

    def heuristic(self, ctx: Ctx, decision: Decision) -> list[str] | None:
        return heuristic(ctx, decision)

    # the coach looks two or three rounds ahead (about 35 records a round solo), then scores
    # the position (evaluate.py)
    coach_horizon = 90

    def evaluate(self, ctx: Ctx, seat: str) -> float:
        return position_score(ctx, seat)

    def hint(self, ctx: Ctx, decision: Decision) -> str:
        return hints.hint(ctx, decision)

    def result(self, ctx: Ctx) -> Result:
        """Reached only past the safety cap, which ends the game through ctx.end_game."""
        return Result([], {}, "the game was stopped before its end", "unfinished")

    def seat_facts(self, ctx: Ctx) -> dict[str, dict[str, Any]]:
        """Each seat's heroes (the hero cards in its own zones, alive or dead: card
        ids, sorted, joined by "+"; "" before they are dealt) and the `deck` option
        the seats play (starter or allies)."""
        deck = str(ctx.state.options.get("deck", "starter"))
        return {p: {"heroes": "+".join(self.heroes_of(ctx, p)), "deck": deck} for p in ctx.players}

    def heroes_of(self, ctx: Ctx, p: str) -> list[str]:
        """The card ids of the heroes lying in p's own zones (in play, dead or out), sorted."""
        return sorted(ctx.defn(u).id for z, info in ctx.state.zone_info.items() if info["owner"] == p
                      for u in ctx.zone(z) if ctx.kind(u) == "hero")

    def describe_zone(self, ctx: Ctx, zone: str) -> str:
        """The victory display's header gives its total (points 88, 130)."""
        return plural(T.victory_points(ctx), "victory point") if zone == T.VICTORY else ""

    def describe_card(self, ctx: Ctx, uid: str) -> tuple[str, str, list[str]]:
        name, words, state = super().describe_card(ctx, uid)
        c = ctx.card(uid)
        for key, noun in (("resources", "resource"), ("progress", "progress token"), ("tokens", "token")):
            if c.get(key):
                state.append(plural(c[key], noun))
        if c.get("committed"):
            state.append("committed")
        state += attachments.effects_shown(ctx, uid)
        state += lasting_on(ctx, uid)
        if ctx.zone_of(uid) == T.VICTORY:
            state.append(f"victory {T.field(ctx, uid, 'victory', 0)} of the display's "
                         f"{plural(T.victory_points(ctx), 'victory point')}")
        return name, words, state


def lasting_on(ctx: Ctx, uid: str) -> list[str]:
    """The lasting modifiers that touch this card now, each with its true end: those
    naming it among their targets, and those with no fixed cards (every character, or
    a filter such as Gondor characters) on each card in play that has the stat and
    passes the filter, exactly as the stat is counted (table.stat)."""
    out = []
    in_play = ctx.state.zone_info[ctx.zone_of(uid)].get("kind") in MirkwoodGame.active_zone_kinds
    for e in ctx.lasting("modifier"):
        if e.get("targets") is None and not (in_play and T.field(ctx, uid, e["stat"], None) is not None):
            continue
        if applies(ctx, e, T.controller(ctx, uid), uid, {"card": uid}):
            out.append(f"{e['text']} ({until_words(e['until'])})")
    return out



GAME = MirkwoodGame()
