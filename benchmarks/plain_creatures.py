"""Creatures and Cards by hand: no engine, no records, no explanations.

    python benchmarks/plain_creatures.py --seed 7      # one game, its summary as JSON

The same rules and rulings as tablekit's Creatures (docs/rulings/creatures.md,
the default variant and options: Creatures has no safety cap, `safety_rounds`
is 0, so neither side has one), played by a random player that makes every
decision the engine's random bot is asked, with a uniform choice among the
legal options (`tablekit.core.bots.random_answer`: one pick is `choice`; a
multi-pick decision draws how many with `randint(min, max)` and which with
`sample`, redrawing up to 30 times an answer the decision refuses, then the
first legal answer). A decision with a single legal option that the engine
applies by itself (`auto_forced`) is applied here too and not counted.

It is the other side of benchmarks/engine_ratio.py: lists, ints and one
`random.Random(seed)`. The seed gives the same plain game every time, not the
engine's game of that seed (the two draw their randomness differently); only
the statistics of many games compare.

A card is an int: its kind times 16 plus its value (CC-ACE: the Ace is 1, a
Jack 11, a Queen 12; a Joker 0). A monster or a follower on the table is a list
`[card, damage, cards lying on it]` (attack cards on a weakened monster, the
monster cards covering a follower, CC-COVER).
"""

from __future__ import annotations

import argparse
import json
import random
from itertools import combinations

ATTACK, MONSTER, FOLLOWER, TREASURE, JOKER = range(5)
HAND_SIZE = 5
HEROES = ("Fighter", "Wizard", "Priest", "Thief")  # the King order of CC-FIRST
FIGHTER, WIZARD, PRIEST, THIEF = range(4)
CARD, DAMAGE, ON = range(3)  # the fields of a monster or a follower on the table


def kind(card: int) -> int:
    return card >> 4


def value(card: int) -> int:
    return card & 15


def left(piece: list) -> int:
    """What is left of a monster's or a follower's health."""
    return (piece[CARD] & 15) - piece[DAMAGE]


def new_deck() -> list[int]:
    """The 50 cards that are not Kings: A-Q of each suit and two Jokers (CC-KINGS)."""
    cards = [k * 16 + v for k in (ATTACK, MONSTER, FOLLOWER, TREASURE) for v in range(1, 13)]
    return cards + [JOKER * 16, JOKER * 16]


def pick_some(rnd: random.Random, legal: list, lo: int, hi: int, ok=None) -> list:
    """A multi-pick answer drawn as the engine's random bot draws one."""
    top = min(hi, len(legal))
    for _ in range(30):
        ids = rnd.sample(legal, rnd.randint(lo, top))
        if ok is None or ok(ids):
            return ids
    for k in range(lo, top + 1):
        for start in range(len(legal)):
            ids = (legal[start:] + legal[:start])[:k]
            if ok is None or ok(ids):
                return ids
    raise RuntimeError("no legal answer")


def fighter_shares(healths: list[int], total: int) -> list[tuple[tuple[int, ...], int | None]]:
    """Every legal share of the Fighter's total (CC-FIGHTER), by monster index:
    (the killed, the one weakened or None). Kills are paid in full; while a
    monster stands, the points left over all go on one that has more health."""
    out = []
    idx = range(len(healths))
    for n in range(len(healths), -1, -1):
        for killed in combinations(idx, n):
            spare = total - sum(healths[i] for i in killed)
            if spare < 0:
                continue
            rest = [i for i in idx if i not in killed]
            if not rest or spare == 0:
                out.append((killed, None))
                continue
            out.extend((killed, w) for w in rest if healths[w] > spare)
    return out


class Table:
    """One game's position and its random player."""

    def __init__(self, seed: int, players: int) -> None:
        if not 2 <= players <= 4:
            raise ValueError(f"Creatures and Cards is for 2 to 4 players, not {players}")
        self.rnd = random.Random(seed)
        self.n = players
        kings = list(range(4))
        self.rnd.shuffle(kings)
        self.hero = kings[:players]  # seat -> hero; the other Kings are set aside (CC-KINGS)
        self.deck = new_deck()
        self.rnd.shuffle(self.deck)
        self.discard: list[int] = []
        self.pile = 1
        self.final: list[int] | None = None  # the seats still to take their last turn (CC-END)
        self.hand: list[list[int]] = [[] for _ in range(players)]  # CC-HANDS: hands start empty
        self.followers: list[list[list]] = [[] for _ in range(players)]
        self.treasure: list[list[int]] = [[] for _ in range(players)]
        self.monsters: list[list[list]] = [[] for _ in range(players)]
        first = min(range(players), key=lambda s: self.hero[s])  # CC-FIRST
        self.order = list(range(first, players)) + list(range(first))
        self.asked: dict[str, int] = {}  # decisions made, by kind

    # -- choosing ----------------------------------------------------------------
    def choose(self, kind: str, options: list, forced_is_asked: bool = False):
        """One pick among the legal options. A single one is applied without a
        decision, as the engine's `auto_forced` asks do, unless `forced_is_asked`
        (the engine's attack is asked even when only "make no attack" is legal)."""
        if len(options) == 1 and not forced_is_asked:
            return options[0]
        self.asked[kind] = self.asked.get(kind, 0) + 1
        return self.rnd.choice(options)

    def choose_some(self, kind: str, options: list, lo: int, hi: int, ok=None) -> list:
        """A decision of `lo` to `hi` picks (always asked, as the engine asks it)."""
        self.asked[kind] = self.asked.get(kind, 0) + 1
        if lo == hi == 1:
            return [self.rnd.choice(options)]
        return pick_some(self.rnd, options, lo, hi, ok)

    # -- the piles -----------------------------------------------------------------
    def start_final_turns(self) -> None:
        self.final = list(range(self.n))

    def take_top(self) -> int | None:
        """The top card, reshuffling the discards once (CC-RESHUFFLE); None when
        none is left, which starts the last turns if they have not begun (CC-END)."""
        if not self.deck and self.pile == 1:
            self.deck, self.discard = self.discard, []
            self.rnd.shuffle(self.deck)
            self.pile = 2
        if not self.deck:
            if self.final is None:
                self.start_final_turns()
            return None
        card = self.deck.pop()
        if not self.deck and self.pile == 2 and self.final is None:
            self.start_final_turns()
        return card

    def throw(self, piece: list) -> None:
        """A monster or a follower and every card on it go to the discard pile."""
        self.discard.extend(piece[ON])
        self.discard.append(piece[CARD])

    # -- the turn ------------------------------------------------------------------
    def turn(self, p: int) -> None:
        final = self.final is not None
        if final:
            self.final.remove(p)
        else:
            self.draw(p)
        self.play_follower(p)
        if self.hero[p] == PRIEST:
            self.priest(p)
        self.place_monsters(p)
        kills = self.attack(p)
        if self.monsters[p]:
            self.counterattack(p)
        for _ in range(kills):
            self.reward(p)
        hand = self.hand[p]
        if hand:
            gone = self.choose_some("discard", list(range(len(hand))), 0, len(hand))
            self.drop_from_hand(p, gone)

    def draw(self, p: int) -> None:
        hand = self.hand[p]
        for _ in range(HAND_SIZE - len(hand)):
            card = self.take_top()
            if card is None:
                break
            hand.append(card)

    def drop_from_hand(self, p: int, positions: list[int]) -> None:
        hand = self.hand[p]
        for i in sorted(positions, reverse=True):
            self.discard.append(hand.pop(i))

    def play_follower(self, p: int) -> None:
        hand = self.hand[p]
        hearts = [i for i, c in enumerate(hand) if kind(c) == FOLLOWER]
        if not hearts:
            return
        i = self.choose("follower", hearts + [None])
        if i is not None:
            self.followers[p].append([hand.pop(i), 0, []])

    def priest(self, p: int) -> None:
        """Rescue a follower from the discard pile or heal a covered one, or neither."""
        uses = [("rescue", i) for i, c in enumerate(self.discard) if kind(c) == FOLLOWER]
        uses += [("heal", f) for f in self.followers[p] if f[DAMAGE]]
        if not uses:
            return
        use = self.choose("priest", uses + [None])
        if use is None:
            return
        what, x = use
        if what == "rescue":
            self.followers[p].append([self.discard.pop(x), 0, []])
        else:
            self.discard.extend(x[ON])
            x[ON] = []
            x[DAMAGE] = 0

    def place_monsters(self, p: int) -> None:
        """One monster at a time until "done": any number on yourself, at most one
        on each other player this turn."""
        given: set[int] = set()
        hand = self.hand[p]
        while True:
            clubs = [i for i, c in enumerate(hand) if kind(c) == MONSTER]
            if not clubs:
                return
            opts = [(i, q) for i in clubs for q in range(self.n) if q == p or q not in given]
            pick = self.choose("monster", opts + [None])
            if pick is None:
                return
            i, q = pick
            self.monsters[q].append([hand.pop(i), 0, []])
            if q != p:
                given.add(q)

    def attack(self, p: int) -> int:
        """Step 4; the number of monsters killed."""
        hand = self.hand[p]
        spades = [i for i, c in enumerate(hand) if kind(c) == ATTACK]
        jokers = [i for i, c in enumerate(hand) if kind(c) == JOKER]
        if not spades and not jokers:
            return 0
        mine = self.monsters[p]
        if self.hero[p] == FIGHTER:
            legal = [("card", i) for i in spades] + [("joker", i) for i in jokers] if mine else []
            ids = self.choose_some("attack", legal, 0, 2, lambda ids: len(ids) < 2 or all(w == "card" for w, _ in ids))
            if not ids:
                return 0
            if ids[0][0] == "joker":
                return self.joker(p, ids[0][1])
            return self.fighter(p, [i for _, i in ids])
        opts: list = [("one", s, m) for s in spades for m in range(len(mine))]
        if self.hero[p] == WIZARD and any(self.monsters):
            opts += [("mass", s) for s in spades]
        if mine:
            opts += [("joker", j) for j in jokers]
        pick = self.choose("attack", opts + [None], forced_is_asked=True)
        if pick is None:
            return 0
        if pick[0] == "joker":
            return self.joker(p, pick[1])
        if pick[0] == "mass":
            return self.mass(p, pick[1])
        _, s, m = pick
        card, monster = hand.pop(s), mine[m]
        if value(card) >= left(monster):
            self.throw(mine.pop(m))
            self.discard.append(card)
            return 1
        monster[DAMAGE] += value(card)
        monster[ON].append(card)
        return 0

    def joker(self, p: int, i: int) -> int:
        """Every monster in front of p dies; the Joker is discarded."""
        self.discard.append(self.hand[p].pop(i))
        mine = self.monsters[p]
        for m in mine:
            self.throw(m)
        self.monsters[p] = []
        return len(mine)

    def mass(self, p: int, i: int) -> int:
        """The Wizard's card against every monster on the table, one by one (CC-WIZARD, CC-MASS-NONE)."""
        card = self.hand[p].pop(i)
        v = value(card)
        kills = 0
        for q in range(self.n):
            stay = []
            for m in self.monsters[q]:
                if left(m) <= v:
                    self.throw(m)
                    kills += 1
                else:
                    stay.append(m)
            self.monsters[q] = stay
        self.discard.append(card)
        return kills

    def fighter(self, p: int, positions: list[int]) -> int:
        """The Fighter's cards added up and shared out as he chooses (CC-FIGHTER)."""
        hand = self.hand[p]
        cards = [hand[i] for i in positions]
        for i in sorted(positions, reverse=True):
            hand.pop(i)
        total = sum(value(c) for c in cards)
        mine = self.monsters[p]
        killed, weakened = self.choose("fight", fighter_shares([left(m) for m in mine], total))
        spare = total - sum(left(mine[i]) for i in killed)
        if weakened is None:
            self.discard.extend(cards)
        else:
            mine[weakened][DAMAGE] += spare
            mine[weakened][ON].extend(cards)
        for i in killed:
            self.throw(mine[i])
        self.monsters[p] = [m for i, m in enumerate(mine) if i not in killed]
        return len(killed)

    def counterattack(self, p: int) -> None:
        """Step 5: the monsters left strike; followers are lost, or hand cards."""
        mine, fs, hand = self.monsters[p], self.followers[p], self.hand[p]
        hit = sum(left(m) for m in mine)
        health = sum(left(f) for f in fs)
        if hit >= health:
            for f in fs:
                self.throw(f)
            self.followers[p] = []
            over = hit - health
            if over >= len(hand):  # CC-HAND: the whole hand, the rest ignored
                self.discard.extend(hand)
                hand.clear()
            elif over:
                self.drop_from_hand(p, self.choose_some("hand-discard", list(range(len(hand))), over, over))
        else:
            self.absorb(p, hit)
        for m in self.monsters[p]:
            self.throw(m)
        self.monsters[p] = []

    def absorb(self, p: int, points: int) -> None:
        """The player chooses the followers that take the points, one at a time,
        then the monster card covering one only partly struck (CC-ABSORB)."""
        fs = self.followers[p]
        while points > 0:
            f = self.choose("absorb", fs)
            if left(f) <= points:
                points -= left(f)
                fs.remove(f)
                self.throw(f)
                continue
            f[DAMAGE] += points
            mine = self.monsters[p]
            cover = self.choose("cover", mine)
            mine.remove(cover)
            self.discard.extend(cover[ON])
            f[ON].append(cover[CARD])
            return

    def reward(self, p: int) -> None:
        """Step 6 for one kill: a treasure from hand or none (CC-TURNUP); without
        one, a turn-up, or for the Thief a steal instead (CC-THIEF, CC-THIEF-EMPTY)."""
        hand = self.hand[p]
        gems = [i for i, c in enumerate(hand) if kind(c) == TREASURE]
        if gems:
            i = self.choose("reward", gems + [None])
            if i is not None:
                self.treasure[p].append(value(hand.pop(i)))
            return
        if self.hero[p] == THIEF and not self.stole and self.steal_target(p) is not None:
            if self.choose("steal", [True, False]):
                q, v = self.steal_target(p)
                self.treasure[q].remove(v)
                self.treasure[p].append(v)
                self.stole = True
                return
        card = self.take_top()
        if card is None:
            return
        k = kind(card)
        if k == TREASURE:
            self.treasure[p].append(value(card))
        elif k == FOLLOWER:
            self.followers[p].append([card, 0, []])
        elif k == MONSTER:
            self.monsters[p].append([card, 0, []])
        else:  # an attack or a Joker (CC-JOKER) goes into the hand
            hand.append(card)

    def steal_target(self, thief: int) -> tuple[int, int] | None:
        """The lowest treasure of the other player with the most treasure cards
        (the lowest among them on a tie), or None when no other has one."""
        most = max(len(self.treasure[q]) for q in range(self.n) if q != thief)
        if not most:
            return None
        return min((v, q) for q in range(self.n) if q != thief and len(self.treasure[q]) == most
                   for v in self.treasure[q])[::-1]

    def score(self, p: int) -> int:
        """Treasure plus the followers' uncovered health (CC-COVER, CC-SCORE)."""
        return sum(self.treasure[p]) + sum(left(f) for f in self.followers[p])

    # -- the game ----------------------------------------------------------------------
    def play(self) -> dict:
        rounds = turns = 0
        while not (self.final is not None and not self.final):
            rounds += 1
            for p in self.order:
                if self.final is not None and p not in self.final:
                    continue
                self.stole = False
                self.turn(p)
                turns += 1
        scores = [self.score(p) for p in range(self.n)]
        best = max(scores)
        return {"winners": [p for p in range(self.n) if scores[p] == best], "scores": scores,
                "heroes": [HEROES[h] for h in self.hero], "first": self.order[0],
                "rounds": rounds, "turns": turns, "decisions": sum(self.asked.values()),
                "asked": self.asked}


def play(seed: int, players: int = 3) -> dict:
    """One seeded random game: the winners (seat indices; a tie shares the win,
    CC-TIE), the scores, each seat's hero, the first seat, rounds, turns and the
    number of decisions the random player made."""
    return Table(seed, players).play()


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description="One plain random game of Creatures and Cards.")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--players", type=int, default=3)
    args = ap.parse_args(argv)
    print(json.dumps(play(args.seed, args.players)))


if __name__ == "__main__":
    main()
