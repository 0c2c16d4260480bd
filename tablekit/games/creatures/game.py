"""Creatures and Cards: the game definition the engine registers."""

from __future__ import annotations

from typing import Any

from tablekit.core import HIDDEN, OWNER, PUBLIC, CardDef, Ctx, Decision, GameDef, Result
from tablekit.core.cards import Field

from . import rules
from . import table as T
from .bots import heuristic
from .card_templates import CARD_TEMPLATES
from .counters import COUNTERS
from .powers import EFFECTS


class CreaturesGame(GameDef):
    id = "creatures"
    title = "Creatures and Cards"
    counters = COUNTERS
    card_templates = CARD_TEMPLATES
    pile_kinds = ("discard",)  # drawn as one stack on the board
    goal = ("Each player is a hero in the dungeon: kill the monsters in front of you to earn treasure, "
            "keep your followers alive, and send monsters at your rivals. Once the draw pile and then the "
            "reshuffled discards are used up and everyone has had one last turn, treasure and followers "
            "are added up: the highest total wins, and players tied for it share the win. Every card "
            "counts its number: Ace 1, Jack 11, Queen 12 (the Kings are the heroes and never count, and "
            "a Joker has no number).")
    min_players = 2
    max_players = 4
    card_fields = {
        "kind": Field(str, True, ("attack", "monster", "follower", "treasure", "hero", "joker"),
                      doc="what the card is in this game: spades attack, clubs are monsters, hearts "
                      "followers, diamonds treasure; the Kings are heroes"),
        "suit": Field(str, True, ("spades", "clubs", "hearts", "diamonds", "none"),
                      doc="the card's suit (none: the Jokers)"),
        "rank": Field(str, True, ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "Joker"),
                      doc="the rank as printed in the corner"),
        "value": Field(int, True, minimum=0, maximum=13,
                       doc="the card's number: Ace 1, Jack 11, Queen 12, King 13, Joker 0 (ruling CC-ACE)"),
        "hero": Field(str, False, tuple(T.HERO_ORDER), doc="a King's hero"),
    }
    ability_domains = {"zone": ("box", "deck", "discard", "aside", "hero", "hand", "followers", "treasure",
                                "monsters"),
                       "window": ("attack", "followers"), "stat": ("attack_cards",)}
    # extra state a scenario starting in the Rounds must have: without `first`, the player
    # of start.turn is taken as the one who began
    extra_from_start = {"first": {"from": "Rounds", "derive": "turn"}}
    active_zone_kinds = frozenset({"hero"})
    rulings_page = "docs/rulings/creatures.md"
    effects = EFFECTS
    procedures = {"turn_up": rules.turn_up}
    settable_extra = {
        "first": ((str,), "the player who took the first turn (turn order starts there)"),
        "pile": ((int,), "which draw pile is in use: 1, or 2 after the discards were reshuffled"),
        "final": ((list, type(None)), "null, or the players still to take their last turn"),
    }
    per_turn = T.fresh_turn()  # this turn's data, ctx.this("turn"): a scenario sets it as _this_turn
    per_turn_meanings = {
        "rewarded": "kills already rewarded with a treasure card (or a steal)",
        "targets": "the other players already given a monster this turn",
        "monsters_done": "the player has placed all the monsters they will place",
        "hand_discard": "cards the player still owes from hand to the counterattack",
        "absorb": "monster points of the counterattack the followers still have to take",
        "covered": "the follower a monster card covers after taking the last points (its uid), or empty",
    }
    endings = {
        "most_treasure": "the points were counted (normally once the second draw pile ran out and "
                         "every player had one last turn) and one player had the most treasure plus "
                         "followers",
        "shared_win": "the points were counted and two or more players tied for the most treasure "
                      "plus followers, so they share the win (ruling CC-TIE)",
    }
    # the Thief's "steal" became the replacement of the turned-up card (the resolution stack)
    option_aliases = {"steal": "replace:*"}
    option_forms = {
        "play:<card>": "step 2: play this follower (a heart) from your hand",
        "rescue:<card>": "step 2, the Priest: rescue this follower from the discard pile",
        "heal:<card>": "step 2, the Priest: heal this covered follower",
        "monster:<card>:<player>": "step 3: put this monster (a club) in front of this player",
        "done": "step 3: place no more monsters",
        "attack:<card>": "step 4, the Fighter: one of the (up to two) attack cards, added up",
        "attack:<card>:<monster>": "step 4: lay this attack card on this monster",
        "mass:<card>": "step 4, the Wizard: a mass attack with this attack card",
        "joker:<card>": "step 4: play this Joker (every monster in front of you dies)",
        "kill:<monsters>": "the Fighter's total kills these monsters (joined by +, in their order in "
                           "front of the Fighter) and weakens none (ruling CC-FIGHTER)",
        "kill:<monsters>:weaken:<monster>": "the Fighter's total kills these monsters and the points "
                                            "left over weaken that one (ruling CC-FIGHTER)",
        "weaken:<monster>": "the Fighter's whole total weakens this monster and kills none "
                            "(ruling CC-FIGHTER)",
        "lose:<card>": "step 5: this follower takes the monster points it can and is lost (ruling "
                       "CC-ABSORB)",
        "part:<card>": "step 5: this follower takes the last monster points and is partly covered "
                       "(ruling CC-ABSORB)",
        "cover:<card>": "step 5: this monster card covers the partly struck follower (ruling CC-ABSORB)",
        "treasure:<card>": "step 6: play this treasure (a diamond) for a kill",
        "turn_up": "step 6: turn up the top card of the draw pile for a kill",
        "skip": "step 6: play no treasure for this kill (ruling CC-TURNUP)",
        "replace:<card>:<ability>": "step 6, the Thief: steal instead of turning up a card (ruling "
                                    "CC-THIEF)",
        "decline": "step 6, the Thief: do not steal; the card is turned up",
        "discard:<card>": "step 5 (cards owed) or step 7: discard this card from your hand",
        "pass": "play no follower, use no Priest power, or make no attack",
    }

    def check_extra(self, key: str, value, players: list[str]) -> str | None:
        if key == "first" and value not in players:
            return f"{value!r} is not a player ({', '.join(players)})"
        if key == "pile" and value not in (1, 2):
            return f"the draw pile in use is 1 or 2, not {value!r}"
        if key == "final" and value is not None:
            # the players still to take their last turn: each a player, none twice
            for i, p in enumerate(value):
                if not isinstance(p, str) or p not in players:
                    return f"item {i + 1}, {p!r}, is not a player ({', '.join(players)})"
                if p in value[:i]:
                    return f"{p!r} is listed twice: each player takes one last turn"
        if key == "_this_turn":
            fresh = T.fresh_turn()
            for k, v in value.items():
                if k not in fresh:
                    return f"unknown key {k!r} (keys: {', '.join(fresh)})"
                want = type(fresh[k])
                if not isinstance(v, want) or isinstance(v, bool) != (want is bool):
                    return f"{k!r} must be {type(fresh[k]).__name__}, not {v!r}"
                if k == "targets" and any(q not in players for q in v):
                    return f"'targets' names someone who is not a player: {v!r}"
        return None

    def build_flow(self):
        return rules.build_flow()

    def card_name(self, d: CardDef) -> str:
        if d.kind == "joker":
            return "Joker"
        return f"{d['rank']}{T.SUIT_SYMBOL[d['suit']]}"

    def describe_card(self, ctx: Ctx, uid: str) -> tuple[str, str, list[str]]:
        d = ctx.defn(uid)
        cs = ctx.card(uid)
        if d.kind == "hero":
            return self.card_name(d), f"{d.name} · the {d['hero']}", []
        if d.kind == "joker":
            return "Joker", "Joker · magic attack", []
        words = f"{d.name} · {d.kind} {d['value']}"
        state = []
        left = d["value"] - cs.get("damage", 0)
        if cs.get("damage") and d.kind == "monster":
            state.append(f"weakened: {left} left")
        if cs.get("damage") and d.kind == "follower":
            state.append(f"covered: {left} left")
        on = cs.get("attached_to")
        if on:
            state.append(f"covers {ctx.name(on)}" if d.kind == "monster" else f"lies on {ctx.name(on)}")
        return self.card_name(d), words, state

    def create_table(self, ctx: Ctx) -> None:
        st = ctx.state
        st.add_zone(T.BOX, None, PUBLIC, "Game box", kind="box")
        st.add_zone(T.DECK, None, HIDDEN, "Draw pile", kind="deck")
        st.add_zone(T.DISCARD, None, PUBLIC, "Discard pile", kind="discard")
        st.add_zone(T.ASIDE, None, PUBLIC, "Set aside", kind="aside")
        for p in st.player_names:
            for name, vis, label in ((T.hero(p), PUBLIC, "hero"), (T.hand(p), OWNER, "hand"),
                                     (T.followers(p), PUBLIC, "followers"),
                                     (T.treasure(p), PUBLIC, "treasure"),
                                     (T.monsters(p), PUBLIC, "monsters")):
                st.add_zone(name, p, vis, f"{p}'s {label}", kind=label)
        for d in self.cards.values():
            for n in range(1, d.quantity + 1):
                uid = d.id if d.quantity == 1 else f"{d.id}#{n}"
                st.add_card(uid, d.id, T.BOX)
        st.extra = {"first": None, "pile": 1, "final": None}

    def result(self, ctx: Ctx) -> Result:
        scores = {p: T.score(ctx, p) for p in ctx.players}
        best = max(scores.values())
        winners = [p for p, s in scores.items() if s == best]
        if len(winners) > 1:
            return Result(winners, scores, "most treasure plus followers, tied (a tie shares the win, "
                          "ruling CC-TIE)", "shared_win")
        return Result(winners, scores, "most treasure plus followers", "most_treasure")

    def event_words(self, ctx: Ctx, event: dict) -> str:
        if event["type"] == "turn_up":
            return f"{event['player']} turns up the top card of the draw pile"
        return super().event_words(ctx, event)

    def seat_facts(self, ctx: Ctx) -> dict[str, dict[str, Any]]:
        """Each seat's hero (the King in its hero zone: Fighter, Wizard, Priest or
        Thief; "" before the Kings are dealt) and whether it took the first turn."""
        first = ctx.extra.get("first")
        return {p: {"hero": self.hero_of(ctx, p), "first": p == first} for p in ctx.players}

    def hero_of(self, ctx: Ctx, p: str) -> str:
        """The hero of the King in p's hero zone ("" while it holds none)."""
        kings = ctx.zone(T.hero(p))
        return ctx.defn(kings[0])["hero"] if kings else ""

    def heuristic(self, ctx: Ctx, decision: Decision) -> list[str] | None:
        return heuristic(ctx, decision)


GAME = CreaturesGame()
