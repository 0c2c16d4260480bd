"""Suggested defaults a good player would pick (issue 44): a decision's default is only a
suggestion, but it never forfeits something for nothing while a clearly better option is
open, and its hint says why. Foe Hunters' turn is checked in tests/test_foehunters_rules.py;
here, Passage Through Mirkwood's mulligan and player attacks, on seeded random-bot games
and on hand-built positions, and the other games' review: none suggests passing."""

from __future__ import annotations

import random
from collections import Counter
from typing import Iterator

import pytest

import tablekit
from tablekit.core.bots import record_answer
from tablekit.core.decision import Decision
from tablekit.core.seatview import seat_ctx
from tablekit.games.mirkwood import combat as C
from tablekit.games.mirkwood import rules as R
from tablekit.games.mirkwood import table as T

MIRKWOOD_GAMES = [(seed, 1 + seed % 4) for seed in range(1, 17)]  # (seed, players): each player count 4 times
MULLIGAN = ["Setup", "Mulligans", "Mulligan"]
STRIKES = ["Rounds", "Round", "Combat phase", "Player attacks", "Strikes"]


def decisions(game: str, kinds: set[str], games: list[tuple[int, int]],
              max_records: int = 2500) -> Iterator[tuple[tablekit.Game, Decision]]:
    """(game, open decision) for each decision of `kinds` in seeded games of random bots."""
    for seed, players in games:
        g = tablekit.new_game(game, players=players, seed=seed)
        while not g.is_over and len(g.history) < max_records:
            d = g.pending
            if d is None:
                g.step()
                continue
            if d.kind in kinds:
                yield g, d
            g.choose(*record_answer("random", g.gamedef, g.ctx, d, g.state.seed, len(g.history)))


def first_round_payable(ctx, p: str, uid: str) -> bool:
    """The test's own reading: some hero of p can pay for the card (any hero for a neutral
    one), and the heroes of its sphere hold its cost once each has gained 1 resource."""
    sphere = ctx.defn(uid).fields.get("sphere", "neutral")
    cost = int(ctx.defn(uid).fields.get("cost", 0))
    payers = [h for h in T.heroes(ctx, p) if sphere == "neutral" or sphere in T.spheres(ctx, h)]
    return bool(payers) and cost <= sum(T.resources(ctx, h) + 1 for h in payers)


def caught(ctx, c: str) -> bool:
    """Whether a Caught in a Web is attached to character c (it then readies only if paid for)."""
    return any(ctx.card(w).get("attached_to") == c for w in ctx.zone(T.ENC_ATTACH))


def reach(ctx, p: str, e: str) -> tuple[int, int]:
    """(the damage p's ready characters that may attack enemy e and ready again for free
    would deal it, its hit points left)."""
    ready = [c for c in T.characters(ctx, p) if T.is_ready(ctx, c) and not caught(ctx, c)
             and (T.engaged_with(ctx, e) == p or "Ranged" in T.keywords(ctx, c))]
    power = sum(T.stat(ctx, c, "attack", event={"type": "strike", "enemy": e}) for c in ready)
    return max(power - T.stat(ctx, e, "defense"), 0), T.hp_left(ctx, e)


def seat_views(g: tablekit.Game, p: str) -> list:
    """Two views of the table as seat p sees it, the hidden cards shuffled differently."""
    return [seat_ctx(g.ctx, p, random.Random(f"view:{n}")) for n in (1, 2)]


# -- Mirkwood: the mulligan ------------------------------------------------------------------------

def test_the_mulligan_is_suggested_only_for_a_hand_with_nothing_to_pay_for_in_the_first_round():
    """Every mulligan of seeded games: keep a hand holding any card the heroes can pay for in
    the first round, else the mulligan; a legal option, read from the seat's own view, with
    the reason in the hint."""
    seen = Counter()
    for g, d in decisions("mirkwood", {"mulligan"}, MIRKWOOD_GAMES, max_records=40):
        p = d.player
        payable = [u for u in g.state.zones[T.hand(p)] if first_round_payable(g.ctx, p, u)]
        assert d.default == ("keep" if payable else "mulligan") and d.suggested is not None
        assert all(R.suggested_mulligan(view, p) == d.default for view in seat_views(g, p))
        reason = "your heroes can pay for" if payable else "cannot pay for any card of this hand"
        assert d.hint.startswith("Suggested: ") and reason in d.hint and "first round" in d.hint
        seen[d.default] += 1
    assert seen["keep"] and seen["mulligan"], seen


def mulligan_position(hand: list[str]) -> tablekit.Game:
    """One player (Aragorn, Théodred, Legolas: 2 Leadership resources and 1 Tactics a round)
    asked the mulligan with `hand`; the cards the hand held before go to the deck."""
    g = tablekit.new_game("mirkwood", players=1, seed=1)
    while g.pending is None:
        g.step()
    deck = [u for u in g.state.zones["P1/deck"] + g.state.zones["P1/hand"] if u not in hand]
    g.arrange(zones={"P1/hand": hand, "P1/deck": deck}, at=MULLIGAN, turn="P1")
    return g


def test_a_hand_with_nothing_to_pay_for_suggests_the_mulligan_and_says_why():
    d = mulligan_position(["brok-ironfist", "beorn", "faramir#1", "gandalf#1", "grim-resolve",
                           "thicket-of-spears#1"]).pending
    assert d.kind == "mulligan" and d.default == "mulligan" and d.suggested.id == "mulligan"
    assert d.hint.startswith("Suggested: take the mulligan, since your heroes cannot pay for any card of this "
                             "hand in the first round")
    assert "Your hand: 4 allies and 2 events" in d.hint                # the position's words stay


def test_one_card_to_pay_for_keeps_the_hand_and_the_hint_names_it():
    d = mulligan_position(["brok-ironfist", "beorn", "faramir#1", "gandalf#1", "grim-resolve", "feint#1"]).pending
    assert d.default == "keep"
    assert d.hint.startswith("Suggested: keep this hand, since in the first round your heroes can pay for Feint;")


# -- Mirkwood: player attacks ----------------------------------------------------------------------

def test_an_attack_that_deals_damage_is_suggested_before_stopping():
    """Every player-attack decision of seeded games: an attack the ready characters can
    destroy an enemy with (the hardest-hitting such enemy), else one that deals damage;
    stopping only when no open attack gets past a defense. Legal, the same from the seat's
    views, and the hint says why."""
    seen = Counter()
    for g, d in decisions("mirkwood", {"target"}, MIRKWOOD_GAMES):
        p = d.player
        hits = {o.id: reach(g.ctx, p, o.id.split(":", 1)[1]) for o in d.legal if o.id.startswith("target:")}
        damaging = {i: (dmg, hp) for i, (dmg, hp) in hits.items() if dmg > 0}
        kills = {i for i, (dmg, hp) in damaging.items() if dmg >= hp}
        assert d.suggested is not None and d.suggested.id == d.default
        assert all(C.suggested_target(view, p, d.options) == d.default for view in seat_views(g, p))
        if not damaging:
            assert d.default == "no_attack" and "an attack would deal no damage" in d.hint
            seen["stop"] += 1
            continue
        assert d.default in damaging
        name = g.ctx.name(d.default.split(":", 1)[1])
        assert d.hint.startswith(f"Suggested: attack {name}, since") and "refresh phase" in d.hint
        if kills:
            attack = {i: T.stat(g.ctx, i.split(":", 1)[1], "attack") for i in kills}
            assert d.default in kills and attack[d.default] == max(attack.values())
            assert "enough to destroy it" in d.hint
            seen["destroy"] += 1
        else:
            assert d.hint.count("damage past its defense") == 1
            seen["damage"] += 1
    assert seen["stop"] and seen["destroy"] and seen["damage"], seen


def strike_position(engaged: list[str], cards: dict | None = None, webs: list[str] = ()) -> tablekit.Game:
    """One player (Aragorn 3 attack, Théodred 2, Legolas 3) declaring attacks against `engaged`,
    with the Caught in a Web cards `webs` attached as `cards` says."""
    g = tablekit.new_game("mirkwood", players=1, seed=1, options={"mulligan": False})
    g.arrange(zones={"P1/heroes": ["aragorn", "theodred", "legolas"], "P1/engaged": engaged, "staging": [],
                     "quest": ["ptm-1"], "quest_deck": ["ptm-2"], T.ENC_ATTACH: list(webs),
                     "stage3_aside": ["ptm-3-dont-leave-the-path", "ptm-3-beorns-path"]},
              cards={"ptm-1": {"face": 1, "progress": 0}, **(cards or {})},
              extra={"first_player": "P1", "attacked": [], "struck": {}}, at=STRIKES, turn="P1")
    return g


def test_an_enemy_the_ready_characters_can_destroy_is_suggested_and_the_hint_says_so():
    d = strike_position(["forest-spider#1"]).pending
    assert d.kind == "target" and d.default == "target:forest-spider#1"
    assert d.hint.startswith("Suggested: attack Forest Spider, since your ready characters that may attack it "
                             "have 8 attack in all: enough to destroy it (defense 1 plus 4 hit points left). "
                             "Attackers exhaust, but the refresh phase, which follows combat, readies them.")


def test_stopping_is_suggested_when_no_attack_gets_past_a_defense():
    d = strike_position(["ungoliant-s-spawn"], cards={"aragorn": {"exhausted": True},
                                                       "legolas": {"exhausted": True}}).pending
    assert d.kind == "target" and d.option("target:ungoliant-s-spawn").legal
    assert d.default == "no_attack"
    assert d.hint.startswith("Suggested: make no more attacks, since against each enemy you may attack now, the "
                             "attack of your ready characters that may attack it does not get past its defense")


def test_a_character_caught_in_a_web_is_not_counted_and_the_hint_says_so():
    """Legolas, Caught in a Web, would stay exhausted after the refresh unless paid for: the
    suggestion counts only Théodred (2 attack, not past the Spawn's defense 2)."""
    d = strike_position(["ungoliant-s-spawn"], cards={"aragorn": {"exhausted": True},
                                                       "caught-in-a-web#1": {"attached_to": "legolas"}},
                        webs=["caught-in-a-web#1"]).pending
    assert d.option("target:ungoliant-s-spawn").legal and d.default == "no_attack"
    assert "your ready characters that may attack it (not counting Legolas: Caught in a Web, readied only if " \
           "paid for) does not get past its defense" in d.hint


# -- the other games: reviewed, nothing suggests passing --------------------------------------------

FORFEITS = {"pass", "done", "stop", "end", "no_attack", "no_engage", "no_defend", "keep"}


@pytest.mark.parametrize("game", ["creatures", "labyrinth", "lfg"])
def test_no_decision_suggests_a_fixed_pass(game):
    """Creatures and Cards, Legends of Labyrinth and LFG suggest only what a ruling computes
    (the weakest follower, the monsters' share, the heroes a gathering spends); none of their
    decisions suggests passing, stopping or keeping, and every suggestion is a legal option."""
    kinds = Counter()
    for seed in (1, 2):
        g = tablekit.new_game(game, seed=seed)
        while not g.is_over and len(g.history) < 1500:
            d = g.pending
            if d is None:
                g.step()
                continue
            if d.default is not None:
                assert d.default not in FORFEITS and d.suggested is not None, (d.kind, d.default)
                kinds[d.kind] += 1
            g.choose(*record_answer("random", g.gamedef, g.ctx, d, g.state.seed, len(g.history)))
    assert set(kinds) <= {"absorb", "cover", "fight", "gather"}, kinds


def test_foehunters_martyr_suggests_taking_the_blow_when_the_paladin_is_much_sturdier():
    """The martyr's suggestion (issue 44) is the Paladin taking the damage when his hit
    points and ready armor exceed the hero's hit points by MARTYR_MARGIN, else letting it
    land; the hint says which and why. Both are met in seeded heuristic games."""
    from tablekit.core.bots import record_answer
    from tablekit.games.foehunters import damage as D
    from tablekit.games.foehunters import table as T
    seen = set()
    for seed in range(60):
        g = tablekit.new_game("foehunters", players=3, seed=seed)
        while not g.is_over and len(g.history) < 3000:
            d = g.pending
            if d is None:
                g.step()
                continue
            if d.kind == "martyr":
                t = next(o.id.split(":", 1)[1] for o in d.options if o.id.startswith("martyr:"))
                sturdier = (g.ctx.counter(d.player, "hp") + T.armor_ready(g.ctx, d.player)
                            >= g.ctx.counter(t, "hp") + D.MARTYR_MARGIN)
                assert d.default == (f"martyr:{t}" if sturdier else "decline")
                assert d.hint.startswith("Suggested: take it" if sturdier else f"Suggested: let {t} take it")
                seen.add(sturdier)
            g.choose(*record_answer("heuristic", g.gamedef, g.ctx, d, g.state.seed, len(g.history)))
        if seen == {True, False}:
            return
    pytest.fail(f"met only {seen}")
