"""One test for each rule point of the Creatures and Cards rulebook and each
ruling of docs/rulings/creatures.md, named after the rule it shows.

Positions are built by hand (see creatures_setup.py) and driven through the
public API: step, pending, choose, run.
"""

from __future__ import annotations

import pytest
from creatures_setup import (
    ATTACK,
    COUNTER,
    DISC,
    DRAW,
    END,
    FOLLOW,
    KINGS,
    KJ,
    MONST,
    PLAYERS,
    PREP,
    TREAS,
    fill_deck,
    fresh_turn,
    legal_ids,
    option,
    put,
    snapshot,
    stack,
    start,
    table,
    to_decision,
    where,
    zone,
)

import tablekit
from tablekit.games.creatures import rules

FIGHTER = {"Ana": "KS", "Bo": "KD", "Cy": "KC"}
WIZARD = {"Ana": "KC", "Bo": "KD", "Cy": "KH"}
THIEF = {"Ana": "KD", "Bo": "KH", "Cy": "KC"}


def refused(g, *ids) -> str:
    """Choose an illegal answer: it must raise IllegalChoice and change nothing."""
    before = snapshot(g)
    with pytest.raises(tablekit.IllegalChoice) as exc:
        g.choose(*ids)
    assert snapshot(g) == before
    return str(exc.value)


def turn(g) -> dict:
    return g.state.extra["_this_turn"]


# -- game prep ---------------------------------------------------------------------

def test_prep_kings_dealt_one_each_undealt_set_aside_CC_KINGS():
    g = tablekit.new_game("creatures", list(PLAYERS), seed=1)
    rec = g.step()
    assert rec.node[-1] == "Deal the Kings"
    assert rec.rule == "CC-KINGS"
    dealt = [zone(g, f"{p}/hero") for p in PLAYERS]
    assert all(len(h) == 1 and h[0] in KINGS for h in dealt)
    dealt = {h[0] for h in dealt}
    assert len(dealt) == 3
    assert zone(g, "aside") == sorted(set(KINGS) - dealt)
    g.step()  # the rest goes into the draw pile, never a King
    assert not set(KINGS) & set(zone(g, "deck"))
    assert len(zone(g, "deck")) == 50


def test_prep_two_players_two_kings_set_aside_CC_KINGS():
    g = tablekit.new_game("creatures", ["Ana", "Bo"], seed=4)
    rec = g.step()
    assert rec.rule == "CC-KINGS"
    assert len(zone(g, "aside")) == 2
    assert set(zone(g, "aside")) | {zone(g, "Ana/hero")[0], zone(g, "Bo/hero")[0]} == set(KINGS)


def test_prep_four_players_every_king_dealt():
    g = tablekit.new_game("creatures", ["Ana", "Bo", "Cy", "Dee"], seed=2)
    rec = g.step()
    assert rec.rule == PREP
    assert zone(g, "aside") == []
    assert sorted(zone(g, f"{p}/hero")[0] for p in ["Ana", "Bo", "Cy", "Dee"]) == sorted(KINGS)


def test_prep_kings_are_shuffled_before_dealing():
    holders = set()
    for seed in range(1, 21):
        g = tablekit.new_game("creatures", list(PLAYERS), seed=seed)
        g.step()
        holders.add(where(g, "KS"))
    assert len(holders) > 2  # the Fighter lands in different places


def test_prep_fighter_starts_and_play_goes_clockwise():
    g = table(heroes={"Ana": "KH", "Bo": "KS", "Cy": "KD"})
    fill_deck(g)
    g.start_at(["Game prep", "First player"])
    rec = g.step()
    assert rec.rule == PREP
    assert g.state.extra["first"] == "Bo"
    assert "Bo → Cy → Ana" in rec.text
    g.run(until="round", bots="heuristic")
    starts = [r.player for r in g.history if r.node[-1] == "Start of turn"]
    assert starts == ["Bo", "Cy", "Ana"]


def test_prep_no_fighter_first_hero_in_order_starts_CC_FIRST():
    g = table(heroes={"Ana": "KD", "Bo": "KH", "Cy": "KC"})  # Thief, Priest, Wizard
    fill_deck(g)
    g.start_at(["Game prep", "First player"])
    rec = g.step()
    assert rec.rule == "CC-FIRST"
    assert g.state.extra["first"] == "Cy"  # the Wizard comes before the Priest and the Thief
    assert "Cy → Ana → Bo" in rec.text
    g.run(until="round", bots="heuristic")
    assert [r.player for r in g.history if r.node[-1] == "Start of turn"] == ["Cy", "Ana", "Bo"]


def test_prep_no_fighter_nor_wizard_priest_starts_CC_FIRST():
    g = table(heroes={"Ana": "KD", "Bo": "KH"}, players=["Ana", "Bo"])
    g.start_at(["Game prep", "First player"])
    rec = g.step()
    assert rec.rule == "CC-FIRST"
    assert g.state.extra["first"] == "Bo"


def test_prep_real_deals_start_with_fighter_or_CC_FIRST():
    seen = set()
    for seed in range(1, 16):
        g = tablekit.new_game("creatures", ["Ana", "Bo"], seed=seed)
        recs = [g.step() for _ in range(3)]
        heroes = {zone(g, f"{p}/hero")[0]: p for p in ["Ana", "Bo"]}
        first = g.state.extra["first"]
        if "KS" in heroes:
            assert recs[2].rule == PREP and first == heroes["KS"]
        else:
            assert recs[2].rule == "CC-FIRST"
            best = next(k for k in ("KC", "KH", "KD") if k in heroes)
            assert first == heroes[best]
        seen.add(recs[2].rule)
    assert seen == {PREP, "CC-FIRST"}


def test_prep_hands_start_empty_CC_HANDS():
    g = tablekit.new_game("creatures", list(PLAYERS), seed=2)
    recs = [g.step() for _ in range(3)]
    assert recs[1].rule == "CC-HANDS"
    assert all(zone(g, f"{p}/hand") == [] for p in PLAYERS)
    assert {"JK#1", "JK#2"} <= set(zone(g, "deck"))
    first = g.state.extra["first"]
    g.step()  # start of turn
    rec = g.step()  # the first player's draw fills the hand from nothing
    assert rec.rule == DRAW and rec.player == first
    assert len(zone(g, f"{first}/hand")) == 5
    assert all(zone(g, f"{p}/hand") == [] for p in PLAYERS if p != first)


# -- step 1: draw ----------------------------------------------------------------

def test_step1_draw_brings_hand_to_five():
    g = table()
    put(g, "Ana/hand", "2D", "3D")
    stack(g, "4D", "5D", "6D", "7D")
    start(g, "Draw")
    rec = g.step()
    assert rec.rule == DRAW
    assert zone(g, "Ana/hand") == ["2D", "3D", "4D", "5D", "6D"]
    assert zone(g, "deck") == ["7D"]


def test_step1_draw_none_when_holding_five_or_more():
    g = table()
    put(g, "Ana/hand", "2D", "3D", "4D", "5D", "6D", "7D")
    stack(g, "8D", "9D")
    start(g, "Draw")
    rec = g.step()
    assert rec.rule == DRAW and "draws none" in rec.text
    assert len(zone(g, "Ana/hand")) == 6
    assert zone(g, "deck") == ["9D", "8D"]


FRESH = fresh_turn()


def test_turn_data_is_fresh_as_each_turn_begins_without_a_rule_clearing_it():
    g = table()
    put(g, "Ana/hand", "5S")
    stack(g, "2S", "3S", "4S", "5D", "6D")
    start(g, "Discard", kills=2, rewarded=2, targets=["Bo"], monsters_done=True)
    old = turn(g)
    g.choose()  # Ana keeps her card: her turn is over
    # Bo's turn has begun, and before any rule of it runs its data is fresh (a new dict)
    assert g.turn == "Bo" and g.cursor[-1] == "Start of turn"
    assert turn(g) == FRESH and turn(g) is not old
    # no rule clears it: the turn's first step leaves what is there alone
    turn(g)["targets"].append("Cy")
    rec = g.step()
    assert rec.node[-1] == "Start of turn" and rec.rule == "Player turn"
    assert turn(g) == {**FRESH, "targets": ["Cy"]}
    # a hand-built position without the data: the rules get it fresh when they read it
    del g.state.extra["_this_turn"]
    assert g.pending is None
    g.run(until="decision")  # Bo draws, then is asked about the rest of the turn
    assert turn(g) == FRESH


# -- step 2: followers -----------------------------------------------------------

def test_step2_play_one_follower_only():
    g = table()
    put(g, "Ana/hand", "5H", "7H", "3D")
    start(g, "Followers")
    d = g.pending
    assert d.player == "Ana" and d.kind == "follower" and d.max == 1
    assert sorted(o.id for o in d.options) == ["pass", "play:5H", "play:7H"]
    refused(g, "play:5H", "play:7H")
    rec = g.choose("play:7H")
    assert rec.rule == FOLLOW
    assert zone(g, "Ana/followers") == ["7H"]
    assert g.pending.kind == "discard"  # no second follower: straight on to step 7
    assert "5H" in zone(g, "Ana/hand")


def test_step2_follower_is_optional():
    g = table()
    put(g, "Ana/hand", "5H")
    start(g, "Followers")
    rec = g.choose("pass")
    assert rec.rule == FOLLOW and "no follower" in rec.text
    assert zone(g, "Ana/followers") == [] and zone(g, "Ana/hand") == ["5H"]


def test_step2_no_decision_without_a_heart_in_hand():
    g = table()
    put(g, "Ana/hand", "5D")
    start(g, "Followers")
    assert g.pending.kind == "discard"


# -- step 3: monsters ------------------------------------------------------------

def test_step3_any_number_of_monsters_on_yourself():
    g = table()
    put(g, "Ana/hand", "4C", "5C", "6C")
    start(g, "Monsters")
    for c in ("4C", "5C", "6C"):
        assert option(g, f"monster:{c}:Ana").legal
        rec = g.choose(f"monster:{c}:Ana")
        assert rec.rule == MONST
    assert zone(g, "Ana/monsters") == ["4C", "5C", "6C"]


def test_step3_at_most_one_monster_on_each_other_player():
    g = table()
    put(g, "Ana/hand", "4C", "5C", "6C")
    start(g, "Monsters")
    g.choose("monster:4C:Bo")
    assert zone(g, "Bo/monsters") == ["4C"]
    opt = option(g, "monster:5C:Bo")
    assert not opt.legal
    assert "at most one on each other player" in opt.reason
    why = refused(g, "monster:5C:Bo")
    assert "already gave Bo a monster" in why
    assert option(g, "monster:5C:Cy").legal
    g.choose("monster:5C:Cy")
    assert not option(g, "monster:6C:Cy").legal
    assert option(g, "monster:6C:Ana").legal
    g.choose("monster:6C:Ana")
    assert zone(g, "Bo/monsters") == ["4C"] and zone(g, "Cy/monsters") == ["5C"]
    assert zone(g, "Ana/monsters") == ["6C"]


def test_step3_done_stops_placing_monsters():
    g = table()
    put(g, "Ana/hand", "4C", "5C")
    start(g, "Monsters")
    g.choose("monster:4C:Bo")
    rec = g.choose("done")
    assert rec.rule == MONST
    assert g.pending.kind == "discard"
    assert zone(g, "Ana/hand") == ["5C"]


# -- step 4: attack --------------------------------------------------------------

def test_step4_attack_equal_kills_the_monster():
    g = table()
    put(g, "Ana/hand", "9S")
    put(g, "Ana/monsters", "9C")
    start(g, "Attack")
    rec = g.choose("attack:9S:9C")
    assert rec.rule == ATTACK and "killed" in rec.text
    assert where(g, "9C") == "discard" and where(g, "9S") == "discard"
    assert turn(g)["kills"] == 1


def test_step4_attack_greater_kills_the_monster():
    g = table()
    put(g, "Ana/hand", "JS")
    put(g, "Ana/monsters", "9C")
    start(g, "Attack")
    g.choose("attack:JS:9C")
    assert where(g, "9C") == "discard" and where(g, "JS") == "discard"
    assert turn(g)["kills"] == 1


def test_step4_attack_less_weakens_the_monster_attack_card_lies_on_it():
    g = table()
    put(g, "Ana/hand", "5S")
    put(g, "Ana/monsters", "9C")
    start(g, "Attack")
    rec = g.choose("attack:5S:9C")
    assert rec.rule == ATTACK and "4 left" in rec.text
    assert zone(g, "Ana/monsters") == ["9C", "5S"]
    assert g.state.cards["9C"]["damage"] == 5
    assert g.state.cards["5S"]["attached_to"] == "9C"
    assert turn(g)["kills"] == 0


def test_step4_attack_words_are_those_of_the_position_asked():
    # the options' words are written when first read, from the health left when asked
    g = table()
    put(g, "Ana/hand", "3S")
    put(g, "Ana/monsters", "9C", damage=4)
    start(g, "Attack")
    d = g.pending
    g.state.cards["9C"]["damage"] = 6  # the position moves on before anyone reads the words
    name = g.ctx.name
    assert d.option("attack:3S:9C").label == f"Attack {name('9C')} (5 left) with {name('3S')} (3)"


def test_step4_one_attack_card_only():
    g = table()
    put(g, "Ana/hand", "5S", "6S")
    put(g, "Ana/monsters", "9C")
    start(g, "Attack")
    assert g.pending.max == 1
    refused(g, "attack:5S:9C", "attack:6S:9C")


def test_step4_attack_is_optional():
    g = table()
    put(g, "Ana/hand", "5S")
    put(g, "Ana/monsters", "9C")
    start(g, "Attack")
    rec = g.choose("pass")
    assert "no attack" in rec.text
    assert where(g, "5S") == "Ana/hand" and "damage" not in g.state.cards["9C"]


def test_step4_no_attack_without_a_monster():
    g = table()
    put(g, "Ana/hand", "7S")
    put(g, "Bo/monsters", "4C")  # a monster in front of somebody else does not count
    start(g, "Attack")
    opt = option(g, "attack:7S")
    assert not opt.legal and "no monster in front of you" in opt.reason
    assert legal_ids(g) == ["pass"]
    refused(g, "attack:7S")


def test_step4_weakened_monster_remaining_counts_in_counterattack_then_discarded():
    g = table()
    put(g, "Ana/hand", "5S", "2D", "3D")
    put(g, "Ana/monsters", "9C")
    put(g, "Ana/followers", "3H")
    start(g, "Attack")
    g.choose("attack:5S:9C")
    rec = g.step()
    assert rec.node[-1] == "Monsters strike"
    assert "= 4 against" in rec.text  # 9 - 5, not 9
    assert where(g, "3H") == "discard"
    assert g.pending.kind == "hand-discard" and g.pending.min == 1
    g.choose("discard:2D")
    rec = g.step()
    assert rec.node[-1] == "Discard the monsters"
    assert where(g, "9C") == "discard" and where(g, "5S") == "discard"
    assert "damage" not in g.state.cards["9C"] and "attached_to" not in g.state.cards["5S"]
    assert zone(g, "Ana/monsters") == []


def test_step3_monster_on_a_player_with_no_turn_left_never_strikes_CC_END():
    g = table(pile=2, final=["Cy"])
    put(g, "Ana/hand", "5C", "6C")
    start(g, "Monsters")
    rec = g.choose("monster:5C:Bo")  # Bo has had his last turn already
    assert rec.rule == "CC-END" and "never strikes" in rec.text and "will strike" not in rec.text
    rec = g.choose("monster:6C:Cy")  # Cy's last turn is still to come
    assert rec.rule == MONST and "it strikes Cy's followers in Cy's next counterattack" in rec.text


def test_step3_monster_on_another_player_strikes_only_if_it_survives():
    """The old words ("it will strike in Bo's counterattack") were false here: Bo kills it first."""
    g = table(heroes=FIGHTER)
    put(g, "Ana/hand", "3C")
    start(g, "Monsters")
    rec = g.choose("monster:3C:Bo")
    assert "unless it is killed first, it strikes Bo's followers" in rec.text
    assert "will strike" not in rec.text
    put(g, "Bo/hand", "5S")
    start(g, "Attack", turn="Bo")
    g.choose("attack:5S:3C")
    assert where(g, "3C") == "discard"  # it never struck


def test_step6_turned_up_monster_for_a_player_with_no_turn_left_CC_END():
    g = table(pile=2, final=[])
    stack(g, "7C", "2S")
    start(g, "Treasure", kills=1)
    rec = g.step()
    assert "7♣" in rec.text and "never strikes" in rec.text and "next turn" not in rec.text


# -- step 5: counterattack ---------------------------------------------------------

def test_step5_monsters_exceed_followers_all_followers_lost_and_hand_discards_chosen():
    g = table()
    put(g, "Ana/monsters", "9C")
    put(g, "Ana/followers", "4H", "2H")
    put(g, "Ana/hand", "2D", "3D", "4D", "5D", "6D")
    start(g, "Counterattack")
    rec = g.step()
    assert rec.rule == COUNTER and "3 monster points remain, so Ana must discard 3 cards" in rec.text
    assert zone(g, "Ana/followers") == [] and {"4H", "2H"} <= set(zone(g, "discard"))
    d = g.pending
    assert d.kind == "hand-discard" and d.player == "Ana" and d.min == d.max == 3
    assert sorted(o.id for o in d.options) == [f"discard:{c}" for c in ("2D", "3D", "4D", "5D", "6D")]
    refused(g, "discard:2D", "discard:3D")
    refused(g, "discard:2D", "discard:3D", "discard:4D", "discard:5D")
    rec = g.choose("discard:2D", "discard:5D", "discard:6D")
    assert rec.rule == COUNTER
    assert zone(g, "Ana/hand") == ["3D", "4D"]
    g.step()
    assert where(g, "9C") == "discard"


def test_step5_hand_too_small_whole_hand_discarded_CC_HAND():
    g = table()
    put(g, "Ana/monsters", "9C")
    put(g, "Ana/followers", "4H")
    put(g, "Ana/hand", "2D", "3D")
    start(g, "Counterattack")
    rec = g.step()
    assert rec.rule == "CC-HAND"
    assert zone(g, "Ana/hand") == []
    assert {"2D", "3D", "4H"} <= set(zone(g, "discard"))
    rec = g.step()  # no decision: straight on to discarding the monsters
    assert rec.node[-1] == "Discard the monsters"


def test_step5_hand_exactly_the_points_discarded_without_asking():
    g = table()
    put(g, "Ana/monsters", "9C")
    put(g, "Ana/followers", "4H", "2H")
    put(g, "Ana/hand", "2D", "3D", "4D")
    start(g, "Counterattack")
    rec = g.step()
    assert rec.rule == COUNTER and "whole hand" in rec.text
    assert zone(g, "Ana/hand") == []
    assert g.step().node[-1] == "Discard the monsters"


def test_step5_monsters_equal_followers_followers_lost_hand_kept():
    g = table()
    put(g, "Ana/monsters", "6C")
    put(g, "Ana/followers", "4H", "2H")
    put(g, "Ana/hand", "2D")
    start(g, "Counterattack")
    rec = g.step()
    assert rec.rule == COUNTER and "no cards from hand" in rec.text
    assert zone(g, "Ana/followers") == []
    assert zone(g, "Ana/hand") == ["2D"]
    assert g.step().node[-1] == "Discard the monsters"
    assert where(g, "6C") == "discard"


def take_defaults(g) -> list:
    """Answer each open decision with its default until none is open; the records."""
    recs = []
    while g.pending is not None and g.pending.default is not None:
        recs.append(g.choose(g.pending.default))
    return recs


def test_step5_followers_outlast_the_player_chooses_who_is_lost_CC_ABSORB():
    g = table()
    put(g, "Ana/monsters", "4C", "6C")
    put(g, "Ana/followers", "9H", "2H", "5H")
    put(g, "Ana/hand", "2D")
    start(g, "Counterattack")
    rec = g.step()
    assert rec.rule == "CC-ABSORB" and "keeps 6 points of followers and loses 10" in rec.text
    assert "only suggests an answer: the strongest follower covered" in rec.text
    # nothing is lost before Ana chooses: every follower is an option, the weakest the default
    assert zone(g, "Ana/followers") == ["9H", "2H", "5H"]
    d = g.pending
    assert d.kind == "absorb" and d.player == "Ana" and d.default == "lose:2H"
    assert [o.id for o in d.options] == ["lose:9H", "lose:2H", "lose:5H"] and len(d.legal) == 3
    # Ana keeps the small ones: the 9♥ takes 9, then 1 point is left for one of the others
    rec = g.choose("lose:9H")
    assert rec.rule == "CC-ABSORB" and "1 monster point still to absorb" in rec.text
    assert where(g, "9H") == "discard"
    assert [o.id for o in g.pending.options] == ["part:2H", "part:5H"]
    rec = g.choose("part:5H")
    assert g.state.cards["5H"]["damage"] == 1 and "4 stay uncovered" in rec.text
    d = g.pending  # which monster card covers it: the highest is only the default
    assert d.kind == "cover" and d.default == "cover:6C" and len(d.legal) == 2
    rec = g.choose("cover:4C")
    assert rec.rule == "CC-ABSORB" and "4♣ is laid over 5♥ to cover 1 point;" in rec.text
    assert g.state.cards["4C"]["attached_to"] == "5H"
    rec = g.step()
    assert rec.node[-1] == "Discard the monsters" and where(g, "6C") == "discard"
    assert zone(g, "Ana/followers") == ["2H", "5H", "4C"] and zone(g, "Ana/hand") == ["2D"]


def test_step5_followers_outlast_defaults_strongest_covered_else_weakest_lost_highest_covers_CC_ABSORB():
    g = table()
    put(g, "Ana/monsters", "4C", "6C")
    put(g, "Ana/followers", "9H", "2H", "5H")
    put(g, "Ana/hand", "2D")
    start(g, "Counterattack")
    g.step()
    # 10 points: no follower can take them all, so the weakest is suggested first
    assert g.pending.default == "lose:2H" and "losing the weakest follower first" in g.pending.hint
    rec = g.choose("lose:2H")
    assert "2♥" in rec.text
    # 8 points left: the 9♥ can take them all, covered, and the 5♥ stays whole
    d = g.pending
    assert [o.id for o in d.options] == ["part:9H", "lose:5H"] and d.default == "part:9H"
    assert "most health left take every point" in d.hint
    g.choose("part:9H")
    rec = g.choose(g.pending.default)
    assert g.state.cards["9H"]["damage"] == 8
    assert g.state.cards["6C"]["attached_to"] == "9H"  # the highest monster card covers
    rec = g.step()
    assert rec.node[-1] == "Discard the monsters"
    assert where(g, "4C") == "discard" and where(g, "5H") == "Ana/followers"


def test_step5_heuristic_takes_the_absorb_and_cover_defaults_CC_ABSORB():
    g = table()
    put(g, "Ana/monsters", "4C", "6C")
    put(g, "Ana/followers", "9H", "2H", "5H")
    start(g, "Counterattack")
    g.step()
    from tablekit.games.creatures.bots import heuristic
    assert heuristic(g.ctx, g.pending) == ["lose:2H"]


def test_step5_followers_outlast_exactly_no_cover_needed_CC_ABSORB():
    g = table()
    put(g, "Ana/monsters", "5C")
    put(g, "Ana/followers", "2H", "3H", "8H")
    start(g, "Counterattack")
    rec = g.step()
    assert rec.rule == "CC-ABSORB" and g.pending.default == "part:8H"   # the 8♥ could take all 5, covered
    g.choose("lose:2H")
    g.choose("lose:3H")
    assert where(g, "2H") == "discard" and where(g, "3H") == "discard"
    assert "damage" not in g.state.cards["8H"]
    assert zone(g, "Ana/followers") == ["8H"]
    assert g.step().node[-1] == "Discard the monsters"


def test_step5_lost_follower_named_with_the_health_it_had_CC_ABSORB():
    g = table()
    put(g, "Ana/followers", "10H", "8H")
    put(g, "Ana/followers", "5C", attached_to="10H")
    g.state.cards["10H"]["damage"] = 5
    put(g, "Ana/monsters", "7C")
    start(g, "Counterattack")
    g.step()
    rec = g.choose("lose:10H")
    assert "10♥ (which had 5 health left)" in rec.text and "(5 left)" not in rec.text


def test_step5_every_follower_lost_named_with_the_health_each_had():
    """Once "Every follower is lost (10♥)": the covered 10♥ had only 5 health left."""
    g = table()
    put(g, "Ana/followers", "10H", "2H")
    put(g, "Ana/followers", "5C", attached_to="10H")
    g.state.cards["10H"]["damage"] = 5
    put(g, "Ana/monsters", "9C")
    start(g, "Counterattack")
    rec = g.step()
    assert "Every follower is lost: 2♥, 10♥ (which had 5 health left)." in rec.text
    assert where(g, "10H") == "discard" and where(g, "5C") == "discard"


def test_step5_discarded_monsters_named_with_the_health_they_had():
    g = table()
    put(g, "Ana/monsters", "9C", "2C")
    put(g, "Ana/monsters", "4S", attached_to="9C")
    g.state.cards["9C"]["damage"] = 4
    put(g, "Ana/followers", "3H")
    start(g, "Counterattack")
    g.step()  # 5 + 2 against 3: the follower is lost, no hand to discard
    rec = g.step()
    assert rec.node[-1] == "Discard the monsters"
    assert rec.text.endswith("go to the discard pile: 9♣ (which had 5 health left), 2♣.")
    assert "(5 left)" not in rec.text


def test_step5_weakened_monster_used_as_cover_loses_its_attack_card_CC_ABSORB():
    g = table()
    put(g, "Ana/monsters", "9C", "2C")
    put(g, "Ana/monsters", "5S", attached_to="9C")
    g.state.cards["9C"]["damage"] = 5
    put(g, "Ana/followers", "8H")
    start(g, "Counterattack")
    rec = g.step()  # 4 + 2 = 6 against 8
    assert rec.rule == "CC-ABSORB" and "= 6 against" in rec.text
    g.step()  # the 8♥ alone takes the 6 points
    rec = g.choose("cover:9C")
    assert g.state.cards["9C"] == {"card": "9C", "attached_to": "8H"}
    assert where(g, "5S") == "discard" and "the attack card on it, 5♠, is discarded" in rec.text
    assert g.state.cards["8H"]["damage"] == 6


def test_step5_covered_follower_defends_with_uncovered_health_only_CC_COVER():
    g = table()
    put(g, "Ana/followers", "9H", "5H")
    put(g, "Ana/followers", "6C", attached_to="9H")
    g.state.cards["9H"]["damage"] = 6
    put(g, "Ana/monsters", "4C")
    start(g, "Counterattack")
    rec = g.step()
    assert "9♥ (3 left) + 5♥ = 8" in rec.text
    # 4 points: the 5♥ could take them all, covered (the suggestion); Ana loses the covered 9♥
    # (3 left), which goes with its cover
    assert g.pending.default == "part:5H"
    g.choose("lose:9H")
    assert where(g, "9H") == "discard" and where(g, "6C") == "discard"
    assert "damage" not in g.state.cards["9H"]
    g.step()  # the 5♥ takes the last point; the single monster covers it
    g.step()
    assert g.state.cards["5H"]["damage"] == 1
    assert g.state.cards["4C"]["attached_to"] == "5H"


def test_step5_no_counterattack_without_monsters():
    g = table()
    put(g, "Ana/followers", "5H")
    put(g, "Ana/hand", "2D")
    start(g, "Counterattack")
    assert g.pending.kind == "discard"
    assert g.history == [] and zone(g, "Ana/followers") == ["5H"]


# -- step 6: treasure --------------------------------------------------------------

def test_step6_one_treasure_per_kill():
    g = table()
    put(g, "Ana/hand", "3D", "5D", "7D")
    start(g, "Treasure", kills=2)
    d = g.pending
    assert d.kind == "reward" and "kill 1 of 2" in d.prompt
    assert g.choose("treasure:7D").rule == TREAS
    assert g.pending.kind == "reward"
    g.choose("treasure:5D")
    assert g.pending.kind == "discard"  # two kills, two treasures: the third stays in hand
    assert zone(g, "Ana/treasure") == ["7D", "5D"]
    assert zone(g, "Ana/hand") == ["3D"]


def test_step6_prompt_offers_the_turn_up_only_when_it_is_legal_CC_TURNUP():
    g = table()
    put(g, "Ana/hand", "AD")
    stack(g, "9D")
    start(g, "Treasure", kills=1)
    d = g.pending
    assert "turn up" not in d.prompt.split("(")[0] and "play none" in d.prompt
    assert option(g, "treasure:AD").label == "Play A♦ (1 point)"
    assert not option(g, "turn_up").legal
    g2 = table()
    stack(g2, "9D")
    start(g2, "Treasure", kills=1)
    assert "you hold no treasure, so the top card" in rules.ask_reward(g2.ctx).prompt


def test_plurals_one_card_one_point():
    g = table()
    put(g, "Ana/hand", "2S", "3S", "4S", "5S")
    stack(g, "AH")
    start(g, "Draw")
    rec = g.step()
    assert "draws 1 card (A♥)" in rec.text and "card(s)" not in rec.text
    g = table()
    put(g, "Ana/monsters", "5C")
    put(g, "Ana/followers", "4H")
    put(g, "Ana/hand", "2D", "3D")
    start(g, "Counterattack")
    rec = g.step()
    assert "1 monster point remains, so Ana must discard 1 card from hand" in rec.text
    assert "(s)" not in rec.text and g.pending.prompt.startswith("Counterattack: 1 monster point got")


def test_step6_texts_offer_no_turn_up_to_a_player_holding_a_treasure_CC_TURNUP():
    """The step's own words once said "play a treasure, or turn up the top card":
    false for a player holding a treasure, for whom the turn-up is illegal."""
    g = table()
    put(g, "Ana/hand", "4D")
    start(g, "Treasure", kills=1)
    opt = option(g, "turn_up")
    assert not opt.legal and opt.rule == "CC-TURNUP"
    step = g.flow.find(["Rounds", "Turns", "Turn", "Treasure"])
    asked = g.flow.find(["Rounds", "Turns", "Turn", "Treasure", "Reward for a kill"])
    for words in (g.pending.prompt, asked.text, step.text):
        assert "or turn up" not in words
    assert "only without one is the top card turned up" in asked.text


def test_step6_no_kill_no_treasure():
    g = table()
    put(g, "Ana/hand", "3D")
    start(g, "Treasure")
    assert g.pending.kind == "discard"
    assert zone(g, "Ana/treasure") == []


@pytest.mark.parametrize("card, dest, rule", [
    ("8D", "Ana/treasure", TREAS),    # a treasure is played in front
    ("8H", "Ana/followers", TREAS),   # a follower too
    ("8S", "Ana/hand", TREAS),        # an attack goes to the hand for later
    ("8C", "Ana/monsters", TREAS),    # a monster is played in front of you
    ("JK#2", "Ana/hand", "CC-JOKER"),  # a Joker goes to the hand like an attack
])
def test_step6_turn_up_places_the_card_by_kind_a_joker_to_hand_CC_JOKER(card, dest, rule):
    g = table()
    stack(g, card, "2D")
    start(g, "Treasure", kills=1)
    assert g.pending is None  # the only legal choice is applied automatically
    rec = g.step()
    assert rec.rule == rule
    assert "(the only legal choice)" in rec.text
    assert where(g, card) == dest
    assert zone(g, "deck") == ["2D"]
    assert "Treasure" not in g.cursor  # the one kill is rewarded: the treasure step is over
    if g.turn == "Ana":  # with an empty hand her turn is over too, and Bo's data is fresh
        assert turn(g)["rewarded"] == 1


def test_step6_turned_up_joker_can_be_played_in_a_later_turn_CC_JOKER():
    g = table()
    stack(g, "JK#1")
    start(g, "Treasure", kills=1)
    assert g.step().rule == "CC-JOKER"
    assert zone(g, "Ana/hand") == ["JK#1"]
    put(g, "Ana/monsters", "QC", "5C")
    start(g, "Attack")  # a later turn of Ana's
    assert legal_ids(g) == ["joker:JK#1", "pass"]
    g.choose("joker:JK#1")
    assert zone(g, "Ana/monsters") == [] and where(g, "JK#1") == "discard"


def test_step6_turned_up_monster_strikes_next_turn():
    g = table(players=["Ana", "Bo"], heroes={"Ana": "KH", "Bo": "KD"})
    put(g, "Ana/followers", "4H")
    put(g, "Bo/hand", "2D", "3D", "4D", "5D", "6D")
    stack(g, "6C", "7D", "8D", "9D", "10D", "JD")
    start(g, "Treasure", kills=1)
    g.step()
    assert zone(g, "Ana/monsters") == ["6C"]
    to_decision(g)  # Ana's turn ends; Bo's turn
    assert g.pending.player == "Bo" and g.pending.kind == "discard"
    assert zone(g, "Ana/monsters") == ["6C"]  # still there, waiting
    g.choose()
    recs = to_decision(g)  # Ana's next turn
    strike = [r for r in recs if r.node[-1] == "Monsters strike"]
    assert len(strike) == 1 and strike[0].player == "Ana"
    assert "6♣ = 6 against 4♥ = 4" in strike[0].text
    assert where(g, "4H") == "discard"
    assert g.pending.kind == "hand-discard" and g.pending.min == 2


def test_step6_turn_up_illegal_while_holding_a_treasure_CC_TURNUP():
    g = table()
    put(g, "Ana/hand", "4D")
    stack(g, "9D")
    start(g, "Treasure", kills=1)
    opt = option(g, "turn_up")
    assert not opt.legal and "CC-TURNUP" in opt.reason
    assert sorted(legal_ids(g)) == ["skip", "treasure:4D"]
    refused(g, "turn_up")
    rec = g.choose("skip")  # the treasure play itself is optional
    assert rec.rule == "CC-TURNUP"
    assert zone(g, "Ana/hand") == ["4D"] and zone(g, "deck") == ["9D"]
    assert zone(g, "Ana/treasure") == []


def test_step6_turn_up_reshuffles_an_empty_pile_CC_RESHUFFLE():
    g = table()
    put(g, "discard", "8D", "9D")
    start(g, "Treasure", kills=1)
    rec = g.step()
    assert rec.rule == "CC-RESHUFFLE"
    assert g.state.extra["pile"] == 2
    assert len(zone(g, "Ana/treasure")) == 1 and len(zone(g, "deck")) == 1
    assert zone(g, "discard") == []


# -- step 7: discard ---------------------------------------------------------------

def test_step7_discard_is_optional():
    g = table()
    put(g, "Ana/hand", "2S", "3D", "4H")
    start(g, "Discard")
    d = g.pending
    assert d.kind == "discard" and d.min == 0 and d.max == 3
    rec = g.choose()
    assert rec.rule == DISC and "keeps the whole hand" in rec.text
    assert zone(g, "Ana/hand") == ["2S", "3D", "4H"]


def test_step7_discard_one_or_more_cards():
    g = table()
    put(g, "Ana/hand", "2S", "3D", "4H")
    start(g, "Discard")
    rec = g.choose("discard:2S", "discard:4H")
    assert rec.rule == DISC
    assert zone(g, "Ana/hand") == ["3D"]
    assert zone(g, "discard") == ["2S", "4H"]


# -- the Fighter -----------------------------------------------------------------

def fighter_at(hand: list[str], monsters: list[str]):
    """Ana the Fighter at step 4, with these cards in hand and monsters in front."""
    g = table(heroes=FIGHTER)
    put(g, "Ana/hand", *hand)
    put(g, "Ana/monsters", *monsters)
    start(g, "Attack")
    return g


def test_fighter_chooses_how_his_total_is_shared_out_CC_FIGHTER():
    g = fighter_at(["6S", "4S"], ["8C", "3C", "5C"])
    d = g.pending
    assert d.min == 0 and d.max == 2
    assert sorted(legal_ids(g)) == ["attack:4S", "attack:6S"]
    rec = g.choose("attack:6S", "attack:4S")
    assert rec.rule == "CC-FIGHTER" and "Ana chooses which monsters the total kills" in rec.text
    assert zone(g, "Ana/monsters") == ["8C", "3C", "5C"]  # nothing is decided for him
    d = g.pending
    assert d.player == "Ana" and d.kind == "fight"
    assert g.path[-2:] == ("Fighter's attack", "Share out the attack")
    # 10 against 8, 3 and 5: every way that pays each kill in full and leaves no point unused
    assert sorted(legal_ids(g)) == ["kill:3C+5C:weaken:8C", "kill:3C:weaken:8C", "kill:5C:weaken:8C",
                                    "kill:8C:weaken:3C", "kill:8C:weaken:5C"]
    assert d.default == "kill:3C+5C:weaken:8C"  # the suggestion: weakest first
    assert option(g, "kill:3C+5C:weaken:8C").label == "Kill 3♣ and 5♣; the 2 points weaken 8♣ to 6 of 8"


def test_fighter_default_share_is_weakest_first_and_bots_take_it_CC_FIGHTER():
    from tablekit.games.creatures.bots import heuristic
    g = fighter_at(["6S", "4S"], ["8C", "3C", "5C"])
    g.choose("attack:6S", "attack:4S")
    assert heuristic(g.ctx, g.pending) == ["kill:3C+5C:weaken:8C"]
    rec = g.choose(g.pending.default)
    assert rec.rule == "CC-FIGHTER" and "the player chooses" in rec.text
    assert "Killed: 3♣, 5♣. The 2 points left over weaken 8♣" in rec.text
    assert where(g, "3C") == "discard" and where(g, "5C") == "discard"
    assert g.state.cards["8C"]["damage"] == 2
    assert g.state.cards["6S"]["attached_to"] == "8C"
    assert g.state.cards["4S"]["attached_to"] == "8C"
    assert turn(g)["kills"] == 2


def test_fighter_may_kill_the_strongest_instead_CC_FIGHTER():
    g = fighter_at(["6S", "4S"], ["8C", "3C", "5C"])
    g.choose("attack:6S", "attack:4S")
    rec = g.choose("kill:8C:weaken:5C")
    assert where(g, "8C") == "discard" and where(g, "3C") == "Ana/monsters"
    assert g.state.cards["5C"]["damage"] == 2 and "damage" not in g.state.cards["3C"]
    assert g.state.cards["6S"]["attached_to"] == "5C" and g.state.cards["4S"]["attached_to"] == "5C"
    assert turn(g)["kills"] == 1
    assert "it has 3 of its 5 health left" in rec.text


def test_fighter_may_not_leave_points_unused_while_a_monster_stands_CC_FIGHTER():
    g = fighter_at(["6S", "4S"], ["8C", "3C", "5C"])
    g.choose("attack:6S", "attack:4S")
    opt = option(g, "kill:3C+5C")
    assert not opt.legal and opt.rule == "CC-FIGHTER" and "no point may go unused" in opt.reason
    refused(g, "kill:3C+5C")
    assert "kill:3C+5C+8C" not in [o.id for o in g.pending.options]  # 10 cannot pay for 16
    refused(g, "kill:3C+5C+8C")
    refused(g, "weaken:8C")  # 10 on the 8 would kill it: that is another share


def test_fighter_may_weaken_without_killing_CC_FIGHTER():
    g = fighter_at(["5S"], ["9C", "3C"])
    g.choose("attack:5S")
    assert sorted(legal_ids(g)) == ["kill:3C:weaken:9C", "weaken:9C"]
    assert g.pending.default == "kill:3C:weaken:9C"
    rec = g.choose("weaken:9C")
    assert g.state.cards["9C"]["damage"] == 5 and where(g, "3C") == "Ana/monsters"
    assert turn(g)["kills"] == 0 and "Killed: none." in rec.text


def test_fighter_with_one_attack_card_CC_FIGHTER():
    g = fighter_at(["7S", "9D"], ["5C", "3C"])
    rec = g.choose("attack:7S")
    assert rec.rule == "CC-FIGHTER" and g.pending.kind == "fight"
    assert sorted(legal_ids(g)) == ["kill:3C:weaken:5C", "kill:5C:weaken:3C"]
    g.choose(g.pending.default)
    assert where(g, "3C") == "discard"
    assert g.state.cards["5C"]["damage"] == 4
    assert g.state.cards["7S"]["attached_to"] == "5C"
    assert turn(g)["kills"] == 1


def test_fighter_total_kills_all_no_choice_and_attack_cards_discarded_CC_FIGHTER():
    g = fighter_at(["6S", "4S"], ["3C", "7C"])
    rec = g.choose("attack:6S", "attack:4S")
    assert rec.rule == "CC-FIGHTER" and "only one way to spend the total" in rec.text
    assert g.pending is None or g.pending.kind != "fight"
    assert zone(g, "Ana/monsters") == []
    assert {"3C", "7C", "6S", "4S"} <= set(zone(g, "discard"))
    assert turn(g)["kills"] == 2


@pytest.mark.parametrize("hand, spare", [(["9S", "4S"], "The 3 points to spare are lost."),
                                         (["6S", "5S"], "The 1 point to spare is lost.")])
def test_fighter_points_beyond_every_monster_are_lost_CC_FIGHTER(hand, spare):
    g = fighter_at(hand, ["3C", "7C"])
    rec = g.choose(*(f"attack:{c}" for c in hand))
    assert spare in rec.text and zone(g, "Ana/monsters") == []


def test_fighter_against_one_monster_has_no_choice_CC_FIGHTER():
    g = fighter_at(["4S", "3S"], ["9C"])
    rec = g.choose("attack:4S", "attack:3S")
    assert "only one way" in rec.text and (g.pending is None or g.pending.kind != "fight")
    assert g.state.cards["9C"]["damage"] == 7 and turn(g)["kills"] == 0


def test_fighter_one_point_left_over_in_the_singular_CC_FIGHTER():
    g = fighter_at(["7S"], ["6C", "5C"])
    g.choose("attack:7S")
    assert option(g, "kill:6C:weaken:5C").label == "Kill 6♣; the 1 point weakens 5♣ to 4 of 5"
    rec = g.choose("kill:6C:weaken:5C")
    assert "The 1 point left over weakens 5♣" in rec.text and "1 points" not in rec.text


def test_fighter_share_is_a_step_of_the_timeline_save_load_undo_CC_FIGHTER():
    g = fighter_at(["6S", "4S"], ["8C", "3C", "5C"])
    g.choose("attack:6S", "attack:4S")
    saved = g.save()
    back = tablekit.load(saved)
    assert back.pending.kind == "fight" and back.pending.default == "kill:3C+5C:weaken:8C"
    back.choose("kill:8C:weaken:3C")
    assert back.state.cards["3C"]["damage"] == 2
    g.undo()
    assert g.pending.kind == "attack" and zone(g, "Ana/monsters") == ["8C", "3C", "5C"]


def test_fighter_at_most_two_attack_cards():
    g = table(heroes=FIGHTER)
    put(g, "Ana/hand", "2S", "3S", "4S")
    put(g, "Ana/monsters", "QC")
    start(g, "Attack")
    why = refused(g, "attack:2S", "attack:3S", "attack:4S")
    assert "at most 2" in why


def test_fighter_may_make_no_attack():
    g = table(heroes=FIGHTER)
    put(g, "Ana/hand", "2S")
    put(g, "Ana/monsters", "QC")
    start(g, "Attack")
    rec = g.choose()
    assert "no attack" in rec.text and where(g, "2S") == "Ana/hand"


def test_fighter_no_attack_without_a_monster():
    g = table(heroes=FIGHTER)
    put(g, "Ana/hand", "2S")
    start(g, "Attack")
    opt = option(g, "attack:2S")
    assert not opt.legal and "no monster" in opt.reason
    refused(g, "attack:2S")


def test_fighter_joker_replaces_the_whole_attack():
    g = table(heroes=FIGHTER)
    put(g, "Ana/hand", "2S", "JK#1")
    put(g, "Ana/monsters", "5C", "QC")
    start(g, "Attack")
    why = refused(g, "attack:2S", "joker:JK#1")
    assert "alone" in why
    g.choose("joker:JK#1")
    assert zone(g, "Ana/monsters") == [] and turn(g)["kills"] == 2
    assert where(g, "2S") == "Ana/hand"


def test_fighter_joker_cannot_join_his_second_spade_CC_JOKER_ALONE():
    g = table(heroes=FIGHTER)
    put(g, "Ana/hand", "9S", "JK#1")
    put(g, "Ana/monsters", "5C", "QC")
    start(g, "Attack")
    assert "CC-JOKER-ALONE" in g.pending.prompt
    why = refused(g, "attack:9S", "joker:JK#1")
    assert "CC-JOKER-ALONE" in why and "instead of a spade" in why
    rec = g.choose("attack:9S")  # the spade alone is fine; so is the Joker alone (above)
    assert rec.rule == "CC-FIGHTER" and where(g, "JK#1") == "Ana/hand"


# -- the Wizard ------------------------------------------------------------------

def test_wizard_mass_attack_kills_anywhere_spares_stronger_kills_count_CC_WIZARD():
    g = table(heroes=WIZARD)
    put(g, "Ana/hand", "7S", "2D", "3D")
    put(g, "Ana/monsters", "4C")
    put(g, "Bo/monsters", "7C")
    put(g, "Cy/monsters", "9C")
    start(g, "Attack")
    assert option(g, "mass:7S").legal
    rec = g.choose("mass:7S")
    assert rec.rule == "CC-WIZARD"
    assert {"4C", "7C", "7S"} <= set(zone(g, "discard"))
    assert zone(g, "Cy/monsters") == ["9C"]  # stronger than 7: untouched
    assert "damage" not in g.state.cards["9C"]
    assert turn(g)["kills"] == 2
    g.choose("treasure:3D")
    assert g.pending.kind == "reward"  # the kill in front of Bo earns a treasure too
    g.choose("treasure:2D")
    assert zone(g, "Ana/treasure") == ["3D", "2D"]


def test_wizard_mass_attack_compares_health_left_CC_WIZARD():
    g = table(heroes=WIZARD)
    put(g, "Ana/hand", "6S")
    put(g, "Bo/monsters", "10C")
    put(g, "Bo/monsters", "4S", attached_to="10C")
    g.state.cards["10C"]["damage"] = 4  # 6 left
    put(g, "Cy/monsters", "7C")
    start(g, "Attack")
    g.choose("mass:6S")
    assert where(g, "10C") == "discard" and where(g, "4S") == "discard"
    assert zone(g, "Cy/monsters") == ["7C"]
    assert turn(g)["kills"] == 1


def test_wizard_mass_attack_without_a_monster_in_front_of_himself_CC_WIZARD():
    g = table(heroes=WIZARD)
    put(g, "Ana/hand", "7S")
    put(g, "Bo/monsters", "4C")
    start(g, "Attack")
    assert not option(g, "attack:7S").legal
    assert sorted(legal_ids(g)) == ["mass:7S", "pass"]
    g.choose("mass:7S")
    assert where(g, "4C") == "discard" and turn(g)["kills"] == 1


def test_wizard_mass_attack_needs_a_monster_somewhere_CC_WIZARD():
    g = table(heroes=WIZARD)
    put(g, "Ana/hand", "7S")
    start(g, "Attack")
    opt = option(g, "mass:7S")
    assert not opt.legal and "no monster anywhere" in opt.reason and opt.rule == "CC-MASS-NONE"
    refused(g, "mass:7S")


def test_wizard_mass_attack_that_kills_nothing_spends_the_card_CC_MASS_NONE():
    g = table(heroes=WIZARD)
    put(g, "Ana/hand", "3S")
    put(g, "Ana/monsters", "9C")
    put(g, "Bo/monsters", "QC")
    start(g, "Attack")
    opt = option(g, "mass:3S")
    assert opt.legal and "kills nothing" in opt.label
    rec = g.choose("mass:3S")
    assert rec.rule == "CC-MASS-NONE" and "none dies" in rec.text
    assert "9♣ in front of Ana, Q♣ in front of Bo" in rec.text and " before " not in rec.text
    assert where(g, "3S") == "discard" and where(g, "9C") == "Ana/monsters"
    assert turn(g)["kills"] == 0


def test_wizard_mass_attack_names_where_the_monsters_stood_CC_WIZARD():
    g = table(heroes=WIZARD)
    put(g, "Ana/hand", "5S")
    put(g, "Bo/monsters", "4C")
    start(g, "Attack")
    rec = g.choose("mass:5S")
    assert "Killed: 4♣ in front of Bo." in rec.text and "1 kill counts" in rec.text


def test_wizard_may_attack_normally():
    g = table(heroes=WIZARD)
    put(g, "Ana/hand", "5S")
    put(g, "Ana/monsters", "9C")
    put(g, "Bo/monsters", "2C")
    start(g, "Attack")
    rec = g.choose("attack:5S:9C")
    assert rec.rule == ATTACK
    assert g.state.cards["9C"]["damage"] == 5
    assert zone(g, "Bo/monsters") == ["2C"]


def test_only_the_wizard_has_the_mass_attack():
    g = table()  # Ana is the Priest
    put(g, "Ana/hand", "7S")
    put(g, "Ana/monsters", "4C")
    start(g, "Attack")
    assert "mass:7S" not in g.pending


# -- the Priest ------------------------------------------------------------------

def test_priest_rescue_from_discard_in_addition_to_the_follower():
    g = table()  # Ana is the Priest
    put(g, "Ana/hand", "5H")
    put(g, "discard", "8H", "2C")
    start(g, "Followers")
    g.choose("play:5H")
    d = g.pending
    assert d.kind == "priest"
    assert sorted(o.id for o in d.options) == ["pass", "rescue:8H"]
    rec = g.choose("rescue:8H")
    assert rec.rule == KJ and "rescues" in rec.text
    assert zone(g, "Ana/followers") == ["5H", "8H"]
    assert zone(g, "discard") == ["2C"]


def test_priest_heal_discards_the_covering_monster_CC_COVER():
    g = table()
    put(g, "Ana/followers", "9H")
    put(g, "Ana/followers", "6C", attached_to="9H")
    g.state.cards["9H"]["damage"] = 4
    start(g, "Followers")
    d = g.pending
    assert d.kind == "priest" and "heal:9H" in d
    rec = g.choose("heal:9H")
    assert rec.rule == "CC-COVER"
    assert where(g, "6C") == "discard" and "attached_to" not in g.state.cards["6C"]
    assert g.state.cards["9H"] == {"card": "9H"}


def test_priest_heal_in_addition_to_the_follower_CC_COVER():
    g = table()
    put(g, "Ana/hand", "4H")
    put(g, "Ana/followers", "9H")
    put(g, "Ana/followers", "6C", attached_to="9H")
    g.state.cards["9H"]["damage"] = 4
    start(g, "Followers")
    g.choose("play:4H")
    g.choose("heal:9H")
    assert zone(g, "Ana/followers") == ["9H", "4H"]
    assert "damage" not in g.state.cards["9H"]


def test_priest_power_is_optional():
    g = table()
    put(g, "discard", "8H")
    start(g, "Followers")
    rec = g.choose("pass")
    assert rec.rule == KJ
    assert zone(g, "discard") == ["8H"] and zone(g, "Ana/followers") == []


def test_priest_power_rescue_or_heal_not_both():
    g = table()
    put(g, "Ana/followers", "9H")
    put(g, "Ana/followers", "6C", attached_to="9H")
    g.state.cards["9H"]["damage"] = 4
    put(g, "discard", "8H")
    start(g, "Followers")
    assert g.pending.max == 1
    refused(g, "heal:9H", "rescue:8H")


def test_every_priest_option_id_leads_back_to_its_use():
    """PriestAid.use_for reads the use off an option id: the same use as the one
    `uses` gives for that id (what the rules apply once it is chosen)."""
    from tablekit.games.creatures.powers import power_options
    g = table()
    put(g, "Ana/followers", "9H")
    put(g, "Ana/followers", "6C", attached_to="9H")
    g.state.cards["9H"]["damage"] = 4
    put(g, "discard", "8H", "2C", "3H")
    start(g, "Followers")
    found = power_options(g.ctx, "followers", "Ana")
    assert sorted(oid for oid, _, _ in found) == ["heal:9H", "rescue:3H", "rescue:8H"]
    [action] = g.ctx.actions("followers", "Ana")  # the Priest's ability, as start_power finds it
    for oid, use, eff in found:
        back = eff.use_for(g.ctx, action, oid)
        assert (back.source, back.controller, back.ability, back.args) == (
            use.source, use.controller, use.ability, use.args)
    assert found[0][2].use_for(g.ctx, action, "mass:4S") is None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_powers_options_built_in_one_pass_are_those_of_each_use(players):
    """`power_choices` builds the Priest's and the Wizard's options in one pass
    (`Power.options`): at every Priest's and attack decision of seeded games,
    the same options, in the same order, with the same words, legality, reason
    and rule, as `Power.option` gives for each use on its own."""
    from tablekit.games.creatures.powers import power_choices, power_options
    windows = {"Priest's power": "followers", "Attack": "attack"}
    seen = {"followers": 0, "attack": 0, "mass": 0, "illegal": 0, "stronger": 0}
    for seed in range(12):
        g = tablekit.new_game("creatures", players=players, seed=seed)
        g.watched = False
        while not g.is_over:
            d = g.pending
            if d is not None and d.kind in ("priest", "attack"):
                ctx, window = g.ctx, windows[g._open[1].name]
                one_by_one = [eff.option(ctx, oid, use) for oid, use, eff in power_options(ctx, window, d.player)]
                batched = power_choices(ctx, window, d.player)
                assert [(o.id, o.label, o.legal, o.reason, o.rule) for o in batched] == [
                    (o.id, o.label, o.legal, o.reason, o.rule) for o in one_by_one]
                seen[window] += len(batched)
                for o in batched:
                    seen["mass"] += o.id.startswith("mass:")
                    seen["illegal"] += not o.legal
                    seen["stronger"] += "kills nothing" in o.label
            g.run(until="decision", bots="random") if d is None else g.choose(
                *tablekit.core.bots.record_answer("random", g.gamedef, g.ctx, d, seed, len(g.history)))
    assert all(seen.values()), seen  # rescues or heals, mass attacks legal, illegal and in vain


def test_only_the_priest_rescues():
    g = table()
    put(g, "Bo/hand", "5H", "2D")
    put(g, "discard", "8H")
    start(g, "Followers", turn="Bo")  # Bo is the Thief
    g.choose("play:5H")
    assert g.pending.player == "Bo" and g.pending.kind == "discard"  # no Priest's power
    assert where(g, "8H") == "discard"


# -- the Thief -------------------------------------------------------------------
# The Thief is an optional replacement of the turn-up: the reward's only legal
# choice, turning up a card, is applied, then the core asks the Thief's player
# "Instead: steal ... (Thief)" or "decline".

STEAL = "replace:KD:0"  # the Thief's King, its first ability


def thief_use(g):
    """The Thief's replacement of Ana's turn-up, as the core would offer it."""
    return g.ctx.optional_replacements("turn_up", player="Ana")[0]


def to_steal(g):
    """Apply the turn-up (the only legal reward): the core offers the Thief's steal."""
    assert g.pending is None  # no steal option in the reward: turning up is forced
    rec = g.step()
    assert "(the only legal choice)" in rec.text and "may steal" in rec.text
    d = g.pending
    assert d.player == "Ana" and d.kind == "replacement"
    return d


def test_thief_steals_lowest_treasure_of_player_with_most_treasure_cards_CC_THIEF():
    g = table(heroes=THIEF)
    put(g, "Bo/treasure", "AD", "2D", "3D")  # 3 cards, 6 points
    put(g, "Cy/treasure", "QD", "JD")  # 2 cards, 23 points: count, not value
    stack(g, "9D")
    start(g, "Treasure", kills=1)
    to_steal(g)
    assert sorted(legal_ids(g)) == ["decline", STEAL]
    assert "A♦ from Bo" in option(g, STEAL).label and option(g, STEAL).label.startswith("Instead: steal")
    rec = g.choose(STEAL)
    assert rec.rule == "CC-THIEF"
    assert zone(g, "Ana/treasure") == ["AD"]
    assert zone(g, "Bo/treasure") == ["2D", "3D"]
    assert zone(g, "deck") == ["9D"]  # instead of turning up


def test_thief_tie_takes_single_lowest_card_among_tied_players_CC_THIEF():
    g = table(heroes=THIEF)
    put(g, "Bo/treasure", "5D", "9D")
    put(g, "Cy/treasure", "QD", "3D")
    start(g, "Treasure", kills=1)
    to_steal(g)
    rec = g.choose(STEAL)
    assert rec.rule == "CC-THIEF" and "tie" in rec.text
    assert zone(g, "Ana/treasure") == ["3D"]
    assert zone(g, "Cy/treasure") == ["QD"] and zone(g, "Bo/treasure") == ["5D", "9D"]
    assert "tie with 2 treasure cards each" in rec.text


def test_thief_tie_with_one_card_each_in_the_singular_CC_THIEF():
    g = table(heroes=THIEF)
    put(g, "Bo/treasure", "9D")
    put(g, "Cy/treasure", "3D")
    start(g, "Treasure", kills=1)
    to_steal(g)
    rec = g.choose(STEAL)
    assert "tie with 1 treasure card each" in rec.text and "1 treasure cards" not in rec.text


def test_thief_own_treasure_not_counted_CC_THIEF():
    g = table(heroes=THIEF)
    put(g, "Ana/treasure", "AD", "2D", "4D", "6D")
    put(g, "Bo/treasure", "8D")
    put(g, "Cy/treasure", "10D", "JD")
    start(g, "Treasure", kills=1)
    to_steal(g)
    g.choose(STEAL)
    assert where(g, "10D") == "Ana/treasure"
    assert zone(g, "Cy/treasure") == ["JD"] and zone(g, "Bo/treasure") == ["8D"]


def test_thief_steal_is_optional_CC_THIEF():
    g = table(heroes=THIEF)
    put(g, "Bo/treasure", "5D")
    stack(g, "9D")
    start(g, "Treasure", kills=1)
    to_steal(g)
    rec = g.choose("decline")
    assert rec.text.startswith("Ana lets it happen. Ana has no treasure for this kill and turns up")
    assert rec.rule == TREAS
    assert zone(g, "Ana/treasure") == ["9D"] and zone(g, "Bo/treasure") == ["5D"]


def test_thief_steals_once_per_turn_CC_THIEF():
    g = table(heroes=THIEF)
    put(g, "Bo/treasure", "5D", "6D")
    stack(g, "8H")
    start(g, "Treasure", kills=2)
    to_steal(g)
    g.choose(STEAL)
    assert g.state.extra["_used_turn"] == ["KD:0"]  # the Thief card's once_per: turn
    why = g.ctx.usable(thief_use(g))
    assert why is not None and "once per turn" in why  # so the core does not offer it again
    assert g.pending is None  # only the turn-up is left, applied automatically
    rec = g.step()
    assert "turns up" in rec.text and where(g, "8H") == "Ana/followers"
    assert g.pending is None or g.pending.kind != "replacement"
    assert zone(g, "Ana/treasure") == ["5D"] and zone(g, "Bo/treasure") == ["6D"]


def test_thief_cannot_steal_when_nobody_else_has_treasure_CC_THIEF():
    g = table(heroes=THIEF)
    put(g, "Ana/treasure", "2D")
    stack(g, "8D")
    start(g, "Treasure", kills=1)
    why = g.ctx.usable(thief_use(g))
    assert why is not None and "No other player has a treasure" in why
    assert g.pending is None
    rec = g.step()  # the core does not offer the Thief: the card is turned up at once
    assert "turns up" in rec.text and "(the only legal choice)" in rec.text
    assert g.pending is None or g.pending.kind != "replacement"
    assert zone(g, "Ana/treasure") == ["2D", "8D"]


def test_thief_may_steal_when_the_pile_is_used_up_CC_THIEF_EMPTY():
    g = table(heroes=THIEF, pile=2, final=["Bo", "Cy"])
    put(g, "Bo/treasure", "4D")
    start(g, "Treasure", kills=1)
    assert zone(g, "deck") == []
    assert g.pending is None  # the turn-up is the only reward: it is applied as a step
    assert "a turn-up finds nothing (ruling CC-END)" in rules.ask_reward(g.ctx).prompt
    rec = g.step()
    assert rec.rule == "CC-THIEF-EMPTY" and "may steal" in rec.text
    assert sorted(legal_ids(g)) == ["decline", STEAL]
    rec = g.choose(STEAL)
    assert rec.rule == "CC-THIEF" and "CC-THIEF-EMPTY" in rec.text
    assert zone(g, "Ana/treasure") == ["4D"]


def test_thief_declining_with_the_pile_used_up_finds_nothing_CC_THIEF_EMPTY():
    g = table(heroes=THIEF, pile=2, final=["Bo", "Cy"])
    put(g, "Bo/treasure", "4D")
    start(g, "Treasure", kills=1)
    g.step()
    rec = g.choose("decline")
    assert "nothing is turned up" in rec.text and zone(g, "Ana/treasure") == []


def test_thief_cannot_steal_while_holding_a_treasure_CC_TURNUP():
    g = table(heroes=THIEF)
    put(g, "Ana/hand", "4D")
    put(g, "Bo/treasure", "5D")
    start(g, "Treasure", kills=1)
    opt = option(g, "turn_up")  # the Thief steals only instead of a turn-up, which is illegal
    assert not opt.legal and "CC-TURNUP" in opt.reason and "Thief" in opt.reason
    assert opt.rule == "CC-TURNUP"
    assert "steal" not in g.pending
    refused(g, "turn_up")


def test_thief_offer_is_a_step_of_the_timeline_save_load_undo_CC_THIEF():
    g = table(heroes=THIEF)
    put(g, "Bo/treasure", "5D")
    stack(g, "9D")
    start(g, "Treasure", kills=1)
    to_steal(g)
    assert g.stack_depth == 1 and g.path[-1] == "Ana turns up the top card of the draw pile"
    g2 = tablekit.load(g.save())
    assert g2.pending.kind == "replacement" and g2.state == g.state
    g2.choose(STEAL)
    assert zone(g2, "Ana/treasure") == ["5D"]
    g.undo()  # back before the turn-up: the reward is applied again, and offered again
    assert g.pending is None and zone(g, "deck")[0] == "9D"
    to_steal(g)


def test_thief_heuristic_steals_whenever_offered_CC_THIEF():
    g = table(heroes=THIEF)
    put(g, "Bo/treasure", "5D")
    stack(g, "9D")
    start(g, "Treasure", kills=1)
    d = to_steal(g)
    assert g.gamedef.heuristic(g.ctx, d) == [STEAL]


def test_powers_are_effects_started_on_the_stack():
    from tablekit.core import Effect
    assert all(isinstance(e, Effect) for e in g_effects())
    g = table(heroes=WIZARD)
    put(g, "Ana/hand", "7S", "JK#1")
    put(g, "Ana/monsters", "4C")
    start(g, "Attack")
    d = rules.ask_attack(g.ctx)  # options from ctx.actions, checked with ctx.usable
    assert [o.id for o in d.options if not o.id.startswith("attack:")] == ["joker:JK#1", "mass:7S", "pass"]
    rec = g.choose("mass:7S")
    assert rec.rule == "CC-WIZARD" and g.stack_depth == 0


def g_effects():
    from tablekit.games.creatures.game import GAME
    return GAME.effects.values()


def test_thief_steals_only_in_his_own_turn():
    g = table(heroes=THIEF)
    put(g, "Ana/treasure", "5D")
    stack(g, "9D")
    start(g, "Treasure", turn="Bo", kills=1)  # Bo is the Priest
    assert g.pending is None  # no steal option: the turn-up is forced
    g.step()
    assert zone(g, "Bo/treasure") == ["9D"] and zone(g, "Ana/treasure") == ["5D"]


# -- Jokers ----------------------------------------------------------------------

def test_joker_kills_every_monster_in_front_and_goes_to_discard():
    g = table()
    put(g, "Ana/hand", "JK#1")
    put(g, "Ana/monsters", "3C", "9C", "QC")
    put(g, "Ana/monsters", "4S", attached_to="9C")
    g.state.cards["9C"]["damage"] = 4
    put(g, "Bo/monsters", "2C")
    start(g, "Attack")
    rec = g.choose("joker:JK#1")
    assert rec.rule == KJ
    assert zone(g, "Ana/monsters") == []
    assert {"3C", "9C", "QC", "4S", "JK#1"} <= set(zone(g, "discard"))
    assert zone(g, "Bo/monsters") == ["2C"]  # only the monsters in front of you
    assert turn(g)["kills"] == 3
    # the weakened 9♣ is named with the health it had, not an ambiguous "(5 left)"
    assert "9♣ (which had 5 health left)" in rec.text and "(5 left)" not in rec.text


def test_joker_illegal_without_a_monster_in_front():
    g = table()
    put(g, "Ana/hand", "JK#1")
    put(g, "Bo/monsters", "2C")
    start(g, "Attack")
    opt = option(g, "joker:JK#1")
    assert not opt.legal and "no monster" in opt.reason
    refused(g, "joker:JK#1")


# -- card values -----------------------------------------------------------------

def test_ace_is_worth_one_CC_ACE():
    cards = tablekit.game_info("creatures").cards
    assert [cards[a]["value"] for a in ("AS", "AC", "AH", "AD")] == [1, 1, 1, 1]
    assert cards["JH"]["value"] == 11 and cards["QD"]["value"] == 12
    g = table()
    put(g, "Ana/hand", "AS")
    put(g, "Ana/monsters", "AC")
    start(g, "Attack")
    g.choose("attack:AS:AC")
    assert where(g, "AC") == "discard"  # 1 kills 1
    g = table()
    put(g, "Ana/hand", "AS")
    put(g, "Ana/monsters", "2C")
    start(g, "Attack")
    rec = g.choose("attack:AS:2C")
    assert "1 left" in rec.text and g.state.cards["2C"]["damage"] == 1


def test_ace_scores_one_CC_ACE():
    g = table()
    put(g, "Ana/treasure", "AD")
    put(g, "Ana/followers", "AH")
    g.start_at(["Count the points"])
    rec = g.step()
    assert "Ana: treasure 1 + followers 1 = 2" in rec.text
    assert g.result.scores["Ana"] == 2


# -- the draw pile: reshuffle and the end ------------------------------------------

def test_reshuffle_once_when_the_pile_is_empty_CC_RESHUFFLE():
    g = table()
    cards = ["2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "2C", "3C"]
    put(g, "discard", *cards)
    start(g, "Draw")
    rec = g.step()
    assert rec.rule == "CC-RESHUFFLE"
    assert g.state.extra["pile"] == 2 and g.state.extra["final"] is None
    assert len(zone(g, "Ana/hand")) == 5 and len(zone(g, "deck")) == 5
    assert set(zone(g, "Ana/hand")) | set(zone(g, "deck")) == set(cards)
    assert zone(g, "discard") == []


def test_reshuffle_in_the_middle_of_a_draw_CC_RESHUFFLE():
    g = table()
    stack(g, "2D", "3D")
    put(g, "discard", "4D", "5D", "6D", "7D")
    start(g, "Draw")
    rec = g.step()
    assert rec.rule == "CC-RESHUFFLE"
    hand = zone(g, "Ana/hand")
    assert hand[:2] == ["2D", "3D"] and len(hand) == 5
    assert len(zone(g, "deck")) == 1 and g.state.extra["pile"] == 2


def test_no_second_reshuffle_CC_RESHUFFLE():
    g = table(pile=2)
    stack(g, "2D", "3D")
    put(g, "discard", "4D", "5D", "6D", "7D")
    start(g, "Draw")
    rec = g.step()
    assert rec.rule == "CC-END" and "ran out after 2" in rec.text
    assert zone(g, "Ana/hand") == ["2D", "3D"]
    assert zone(g, "discard") == ["4D", "5D", "6D", "7D"]  # never shuffled again
    assert g.state.extra["final"] == ["Ana", "Bo", "Cy"]


@pytest.mark.parametrize("who, last_turns", [
    ("Ana", ["Bo", "Cy", "Ana"]),
    ("Bo", ["Cy", "Ana", "Bo"]),
    ("Cy", ["Ana", "Bo", "Cy"]),
])
def test_end_second_pile_used_up_one_last_turn_each_current_player_last_CC_END(who, last_turns):
    g = table(pile=2)
    hands = {"Ana": ["2D", "3D"], "Bo": ["4D", "5D", "6D", "7D"], "Cy": ["8D"]}
    for p, cards in hands.items():
        put(g, f"{p}/hand", *cards)
    put(g, "discard", "9C", "10C")
    drawn = {"Ana": "10D", "Bo": "JD", "Cy": "QD"}[who]
    stack(g, drawn)
    hands[who] = hands[who] + [drawn] if len(hands[who]) < 5 else hands[who]
    start(g, "Draw", turn=who)
    rec = g.step()
    assert rec.rule == "CC-END" and "last card of the second draw pile" in rec.text
    assert where(g, drawn) == f"{who}/hand"
    assert g.state.extra["final"] == ["Ana", "Bo", "Cy"]
    while not g.is_over:
        to_decision(g)
        if g.pending is not None:
            assert g.pending.kind == "discard"
            g.choose()
    starts = [r for r in g.history if r.node[-1] == "Start of turn"]
    assert [r.player for r in starts] == last_turns
    assert all(r.rule == "CC-END" and "last turn" in r.text for r in starts)
    for p in PLAYERS:  # nothing is drawn in the last turns
        assert zone(g, f"{p}/hand") == hands[p]
    assert zone(g, "discard") == ["9C", "10C"]
    assert g.history[-1].node == ("Creatures and Cards", "Count the points")


def test_end_turn_up_in_the_last_turns_finds_nothing_CC_END():
    g = table(pile=2, final=["Bo", "Cy"])
    put(g, "discard", "8D")
    start(g, "Treasure", kills=1)
    rec = g.step()
    assert rec.rule == "CC-END" and "nothing is turned up" in rec.text
    assert zone(g, "Ana/treasure") == [] and zone(g, "discard") == ["8D"]


def test_end_triggered_by_turning_up_the_last_card_CC_END():
    g = table(pile=2)
    stack(g, "8D")
    start(g, "Treasure", kills=1)
    rec = g.step()
    assert where(g, "8D") == "Ana/treasure"
    assert g.state.extra["final"] == ["Ana", "Bo", "Cy"]
    assert rec.rule == "CC-END" and "one last turn" in rec.text


def test_end_second_pile_found_used_up_starts_the_last_turns_CC_END():
    """A position whose second pile is already empty (and no last turn under way):
    the first card wanted starts the last turns, so the game ends."""
    g = table(pile=2)
    put(g, "Ana/hand", "2D")
    start(g, "Draw")
    rec = g.step()
    assert rec.rule == "CC-END" and "one last turn" in rec.text
    assert g.state.extra["final"] == ["Ana", "Bo", "Cy"]
    g.run(bots="heuristic")
    assert g.is_over and g.result.ending in ("most_treasure", "shared_win")


def test_end_first_pile_and_discards_both_empty_CC_END():
    g = table()
    put(g, "Ana/hand", "2D")
    start(g, "Draw")
    rec = g.step()
    assert "ran out after 0" in rec.text
    assert "CC-RESHUFFLE" in rec.text and "CC-END" in rec.text
    assert zone(g, "Ana/hand") == ["2D"]
    assert g.state.extra["pile"] == 2 and g.state.extra["final"] == ["Ana", "Bo", "Cy"]


# -- scoring -----------------------------------------------------------------------

def test_scoring_treasure_plus_followers_most_points_wins():
    g = table()
    put(g, "Ana/treasure", "5D", "3D")
    put(g, "Ana/followers", "4H")
    put(g, "Ana/monsters", "JC")  # monsters do not count
    put(g, "Bo/treasure", "JD")
    put(g, "Bo/followers", "2H")
    put(g, "Cy/followers", "9H")
    put(g, "Cy/followers", "6C", attached_to="9H")
    g.state.cards["9H"]["damage"] = 6
    put(g, "Cy/treasure", "2D")
    g.start_at(["Count the points"])
    rec = g.step()
    assert rec.rule == END and "Bo wins with 13" in rec.text and "CC-SCORE" not in rec.text
    assert "CC-COVER" in rec.text
    assert g.is_over
    assert g.result.scores == {"Ana": 12, "Bo": 13, "Cy": 5}  # Cy: 2 + the 3 uncovered
    assert g.result.winners == ["Bo"]


def test_scoring_diamonds_and_hearts_in_hand_score_nothing_CC_SCORE():
    g = table()
    put(g, "Ana/treasure", "5D")
    put(g, "Ana/hand", "QD", "QH", "3S")
    put(g, "Bo/treasure", "7D")
    g.start_at(["Count the points"])
    rec = g.step()
    assert rec.rule == "CC-SCORE" and "Ana's Q♦, Q♥" in rec.text and "score nothing" in rec.text
    assert "3♠" not in rec.text and "Bo wins with 7" in rec.text
    assert g.result.scores == {"Ana": 5, "Bo": 7, "Cy": 0}


def test_endings_are_declared_and_named_on_the_result():
    assert set(tablekit.game_info("creatures").endings) == {"most_treasure", "shared_win"}
    g = table()
    put(g, "Bo/treasure", "9D")
    g.start_at(["Count the points"])
    rec = g.step()
    assert g.result.ending == "most_treasure" and g.result.winners == ["Bo"]
    # started at the count, the last turns were never played: the line does not claim them
    assert "this position starts at the count" in rec.text and "every player has had" not in rec.text


def test_game_over_line_says_how_the_game_ended_CC_END():
    g = table(pile=2, final=[])
    put(g, "Ana/treasure", "4D")
    start(g, "Discard")
    rec = g.run(bots="heuristic")[-1]
    assert rec.node[-1] == "Count the points"
    assert rec.text.startswith("The game is over: the second draw pile is used up and every player "
                               "has had one last turn (ruling CC-END).")
    assert g.result.ending == "most_treasure"


def test_tie_shares_the_win_CC_TIE():
    g = table()
    put(g, "Ana/treasure", "5D")
    put(g, "Ana/followers", "4H")
    put(g, "Bo/treasure", "9D")
    put(g, "Cy/followers", "3H")
    g.start_at(["Count the points"])
    rec = g.step()
    assert rec.rule == "CC-TIE" and "share the win" in rec.text
    assert sorted(g.result.winners) == ["Ana", "Bo"]
    assert g.result.scores == {"Ana": 9, "Bo": 9, "Cy": 3}
    assert g.result.ending == "shared_win"


# -- whole games -------------------------------------------------------------------

def test_same_seed_gives_the_same_game():
    logs = []
    for _ in range(2):
        g = tablekit.new_game("creatures", list(PLAYERS), seed=11)
        g.run(bots="heuristic")
        logs.append(([r.text for r in g.history], g.state.to_json()))
    assert logs[0] == logs[1]
    other = tablekit.new_game("creatures", list(PLAYERS), seed=12)
    other.run(bots="heuristic")
    assert [r.text for r in other.history] != logs[0][0]


@pytest.mark.parametrize("players", [["Ana", "Bo"], ["Ana", "Bo", "Cy"], ["Ana", "Bo", "Cy", "Dee"]])
def test_whole_game_with_heuristic_bots_ends_with_winners(players):
    g = tablekit.new_game("creatures", players, seed=3)
    g.run(bots="heuristic")
    assert g.is_over
    res = g.result
    assert res.winners and set(res.winners) <= set(players)
    assert res.ending == ("shared_win" if len(res.winners) > 1 else "most_treasure")
    best = max(res.scores.values())
    assert sorted(res.winners) == sorted(p for p, s in res.scores.items() if s == best)
    assert g.history[-1].node[-1] == "Count the points"
    assert g.state.extra["pile"] == 2 and g.state.extra["final"] == []
    # Kings stay in front of their players (or aside) the whole game
    assert all(len(zone(g, f"{p}/hero")) == 1 for p in players)
    assert sum(len(cards) for cards in g.state.zones.values()) == 54
    kings = [where(g, k) for k in KINGS]
    assert all(z.endswith("/hero") or z == "aside" for z in kings)


def test_turn_data_set_in_part_gets_the_other_keys_fresh():
    g = table()
    put(g, "Ana/hand", "5D")
    g.state.extra["_this_turn"] = {"kills": 1}  # as a scenario may set it
    g.start_at(["Rounds", "Turns", "Turn", "Treasure"], turn="Ana")
    assert g.pending.kind == "reward" and "kill 1 of 1" in g.pending.prompt
    assert g.state.extra["_this_turn"] == {**FRESH, "kills": 1}
    rec = g.choose("treasure:5D")
    assert rec.rule == TREAS and where(g, "5D") == "Ana/treasure"


# -- the words of whole games ------------------------------------------------------------

def played_words(seeds=range(6)) -> tuple[list[str], list]:
    """Every record text, prompt and option label of seeded games (random and heuristic
    bots, 2 to 4 players), and every illegal option offered."""
    import random

    from tablekit.core.bots import random_answer
    words, illegal = [], []
    for seed in seeds:
        names = ["Ana", "Bo", "Cy", "Dee"][:2 + seed % 3]
        g = tablekit.new_game("creatures", names, seed=seed)
        rnd = random.Random(seed)
        while not g.is_over:
            d = g.pending
            if d is None:
                rec = g.step()
            else:
                words.append(d.prompt)
                words.extend(o.label for o in d.options)
                illegal.extend(o for o in d.options if not o.legal)
                ids = (g.gamedef.heuristic(g.ctx, d) or d.default and [d.default]) if seed % 2 else None
                rec = g.choose(*(ids if ids is not None else random_answer(d, rnd)))
            words.append(rec.text)
    return words, illegal


WORDS = None


def whole_game_words():
    global WORDS
    if WORDS is None:
        WORDS = played_words()
    return WORDS


def test_whole_games_have_right_plurals():
    import re
    words, _ = whole_game_words()
    bad = re.compile(r"\(s\)|\b1 (points|cards|kills|monsters|followers|treasure cards|monster points)\b")
    wrong = [w for w in words if bad.search(w)]
    assert not wrong, wrong[:3]


def test_whole_games_say_in_front_of_a_player_never_before():
    import re
    words, _ = whole_game_words()
    wrong = [w for w in words if re.search(r"\bbefore (Ana|Bo|Cy|Dee)\b", w)]
    assert not wrong, wrong[:3]


def test_every_illegal_option_a_ruling_refuses_names_it():
    import re
    _, illegal = whole_game_words()
    assert illegal
    from pathlib import Path
    page = Path(__file__).resolve().parents[1] / "docs/rulings/creatures.md"
    rulings = set(re.findall(r"\| (CC-[A-Z-]+) \|", page.read_text(encoding="utf-8")))
    for o in illegal:
        cited = re.findall(r"ruling (CC-[A-Z-]+)", o.reason)
        assert o.rule == (cited[0] if cited else None), (o.id, o.reason, o.rule)
        assert o.rule is None or o.rule in rulings
