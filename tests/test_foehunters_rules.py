"""Foe Hunters: one test per rule point that states behaviour (named by its R- or
FAQ- id from the specification), on positions built by hand. Each asserts ids and
numbers in a position where the opposite reading would fail."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import tablekit
from tablekit.core.bots import random_answer
from tablekit.games.foehunters import table as T

TWO = {"Ana": "berserker", "Bo": "pathfinder"}
TURN = ["Rounds", "Round", "Hero phase", "Hero turns", "Hero turn", "Incapacitated?", "Turn", "Actions",
        "Take an action"]
TURN_START = TURN[:-2] + ["Start of the turn"]
HELP = TURN[:-3] + ["Help the party"]
FOE_PLAY = ["Rounds", "Round", "Foe phase", "Play the top foe card"]
FOE_START = ["Rounds", "Round", "Foe phase", "Start of the foe phase"]
FOE_END = ["Rounds", "Round", "Foe phase", "End of the foe phase"]
REFILL = ["Rounds", "Round", "Hero phase", "Hero turns", "Hero turn", "Refill the city row"]


def new(players=("Ana", "Bo"), foe="dragonspawn", heroes=None, seed=1, variant=None, **opts):
    g = tablekit.new_game("foehunters", players=list(players), seed=seed, variant=variant,
                          options={"foe": foe, "heroes": dict(heroes or TWO), **opts})
    while g.cursor[-1] != "Start of the foe phase":
        g.step()
    return g


def at(g, path, turn=None, zones=None, cards=None, extra=None, counters=None, lasting=None):
    for p, values in (counters or {}).items():
        g.state.player(p).update(values)
    g.arrange(zones=zones, cards=cards, extra=extra, at=path, turn=turn, lasting=lasting)
    return g


def ids(g):
    return [o.id for o in g.pending.options]


def legal(g):
    return {o.id: o.legal for o in g.pending.options}


def reason(g, oid):
    return g.pending.option(oid).reason


def until_decision(g, limit=60):
    for _ in range(limit):
        if g.pending is not None or g.is_over:
            return g
        g.step()
    raise AssertionError("no decision")


def texts(g):
    return " ".join(r.text for r in g.history)


# -- setup, seats and modes ---------------------------------------------------------------------

def test_R013_each_player_picks_a_different_hero():
    g = tablekit.new_game("foehunters", players=["Ana", "Bo"], seed=1, options={"foe": "cult"})
    assert g.pending.player == "Ana" and g.pending.kind == "hero"
    g.choose("hero:paladin")
    assert legal(g)["hero:paladin"] is False and "R-013" in reason(g, "hero:paladin")
    assert legal(g)["hero:pathfinder"] is True
    with pytest.raises(tablekit.SetupError, match="same hero"):
        tablekit.new_game("foehunters", players=["Ana", "Bo"], seed=1,
                          options={"heroes": {"Ana": "paladin", "Bo": "paladin"}})


def test_R019_the_party_picks_the_foe_and_options_answer_in_advance():
    g = tablekit.new_game("foehunters", players=["Ana", "Bo", "Cy"], seed=2)
    d = g.pending
    assert d.kind == "foe" and d.player == "Ana" and set(d.party) == {"Ana", "Bo", "Cy"}
    assert ids(g) == ["foe:cult", "foe:keraxis", "foe:dragonspawn"]
    g = tablekit.new_game("foehunters", players=["Ana", "Bo"], seed=2,
                          options={"foe": "keraxis", "heroes": "Ana:paladin,Bo:elemancer"})
    assert g.pending is None and g.state.extra["heroes"] == {"Ana": "paladin", "Bo": "elemancer"}
    with pytest.raises(tablekit.SetupError, match="one of"):
        tablekit.new_game("foehunters", players=2, seed=2, options={"foe": "kraken"})


def test_R016_R017_R018_hit_points_xp_and_one_card():
    g = new()
    assert g.state.player("Ana")["hp"] == 16 and g.state.player("Bo")["hp"] == 15
    assert all(g.state.player(p)["xp"] == 4 for p in ("Ana", "Bo"))
    assert len(g.state.zones["Ana/hand"]) == 1 and len(g.state.zones["Bo/hand"]) == 1
    assert len(g.state.zones["Ana/deck"]) == 9  # 10 cards, one drawn (ruling FH-DECK-SIZES)


def test_R010_R011_R012_R067_the_full_city_deck_and_a_row_of_four():
    g = new()
    city = g.state.zones["city/deck"] + g.state.zones["city/row"]
    assert len(g.state.zones["city/row"]) == 4
    assert "holy_water" in city  # a Paladin card, though no Paladin plays
    assert not any(g.ctx.defn(u).test_only for u in city)


def test_R034_R035_easy_mode_keeps_the_heroes_cards_and_the_generic_ones_even_in_solo():
    g = new(variant="solo", easy=True)
    city = g.state.zones["city/deck"] + g.state.zones["city/row"]
    affinities = {g.ctx.defn(u).fields.get("affinity") for u in city}
    assert affinities == {None, "berserker", "pathfinder"}
    assert "holy_water" not in city and "woodland_trap" in city and "sharp_sword" in city


def test_R028_R032_two_seats_use_the_two_player_foe_card_and_three_the_full_one():
    assert new().state.zones["foe/card"] == ["dragonspawn_2p"]
    assert new(variant="solo").state.zones["foe/card"] == ["dragonspawn_2p"]
    g = new(players=("Ana", "Bo", "Cy"), heroes={"Ana": "paladin", "Bo": "pathfinder", "Cy": "necromancer"})
    assert g.state.zones["foe/card"] == ["dragonspawn"]


def test_R032_solo_is_two_seats_with_open_hands_and_one_player_is_refused_with_the_call():
    with pytest.raises(tablekit.SetupError, match=r'new_game\("foehunters", players=2, variant="solo"\)'):
        tablekit.new_game("foehunters", players=1, seed=1)
    g = new(variant="solo")
    assert g.view("Ana")["zones"]["Bo/hand"] == g.state.zones["Bo/hand"]
    normal = new()
    assert normal.view("Ana")["zones"]["Bo/hand"][0].startswith("hidden:")


def test_FH_PLAYERS_five_players_are_refused():
    with pytest.raises(tablekit.SetupError, match="FH-PLAYERS"):
        tablekit.new_game("foehunters", players=5, seed=1)


# -- the foe phase ------------------------------------------------------------------------------

def test_R042_a_foe_ability_resolves_then_goes_to_the_foe_discard():
    g = at(new(), FOE_PLAY, zones={"foe/deck": ["ember_breath#1"]})
    rec = g.step()
    assert rec.rule == "How To Play: Foe Phase" and "Ember Breath" in rec.text
    while g.pending is None or g.pending.kind != "refresh":
        g.choose(g.pending.default or ids(g)[0]) if g.pending else g.step()
    assert g.state.zones["foe/discard"] == ["ember_breath#1"]
    assert g.state.player("Ana")["hp"] == 14 and g.state.player("Bo")["hp"] == 13


def test_R041_R098_a_vassal_goes_into_play_and_its_enters_play_effect_resolves():
    g = at(new(), FOE_PLAY, zones={"foe/deck": ["controlled_hireling"]}, cards={"dragonspawn_2p": {"damage": 8}})
    g.step()
    assert g.state.zones["foe/play"] == ["controlled_hireling"]
    rec = g.step()
    assert "heals 5 HP" in rec.text and g.state.cards["dragonspawn_2p"]["damage"] == 3


def test_FH_HEAL_CAP_the_foe_is_not_healed_above_its_face():
    g = at(new(), FOE_PLAY, zones={"foe/deck": ["controlled_hireling"]}, cards={"dragonspawn_2p": {"damage": 2}})
    g.step()
    rec = g.step()
    assert rec.rule == "FH-HEAL-CAP" and g.state.cards["dragonspawn_2p"]["damage"] == 0


def test_FH_FOE_DECK_EMPTY_the_foe_discard_is_reshuffled():
    g = at(new(), FOE_PLAY, zones={"foe/deck": [], "foe/discard": ["kobold_scout#1"]})
    rec = g.step()
    assert rec.rule == "FH-FOE-DECK-EMPTY" and g.state.zones["foe/play"] == ["kobold_scout#1"]


def test_R043_R047_R137_end_of_phase_triggers_are_ordered_by_the_party():
    g = at(new(), FOE_END, zones={"foe/play": ["kobold_scout#1", "controlled_hireling"]})
    g.step()
    d = g.pending
    assert d.kind == "trigger_order" and d.player == "Ana" and set(d.party) == {"Ana", "Bo"}
    assert all(o.id.startswith("first:") for o in d.options)


def test_R044_R045_the_refresh_is_one_for_one_and_optional():
    g = at(new(), FOE_END, zones={"foe/play": []})
    g.step()
    assert g.pending.kind == "refresh" and "no_refresh" in ids(g)
    row = list(g.state.zones["city/row"])
    top = g.state.zones["city/deck"][-1]
    rec = g.choose(f"refresh:{row[1]}")
    assert rec.rule == "FH-REFRESH"
    assert g.state.zones["city/row"] == [row[0], top, row[2], row[3]]
    assert g.state.zones["city/discard"] == [row[1]]


# -- the hero phase -----------------------------------------------------------------------------

def test_R048_R049_the_party_picks_the_starting_hero_then_clockwise():
    g = at(new(players=("Ana", "Bo", "Cy"), heroes={"Ana": "berserker", "Bo": "pathfinder", "Cy": "paladin"}),
           ["Rounds", "Round", "Hero phase", "Choose the starting hero"])
    assert g.pending.kind == "start" and g.pending.player == "Ana"
    g.choose("start:Bo")
    until_decision(g)
    assert g.pending.player == "Bo"
    assert g.state.extra["first"] == "Bo"


def test_R051_R116_armor_is_readied_at_the_start_of_the_turn():
    g = at(new(), TURN_START, turn="Ana", zones={"Ana/play": ["runed_shield"]}, counters={"Ana": {"armor_used": 1}})
    g.step()
    assert g.state.player("Ana")["armor_used"] == 0


def test_R053_FAQ27_the_active_hero_orders_its_own_start_of_turn_triggers():
    g = at(new(), TURN_START, turn="Bo", zones={"Bo/play": ["wolf_companion#1", "hunting_hawk"]})
    g.step()
    d = g.pending
    assert d.kind == "trigger_order" and d.player == "Bo"
    assert sorted(o.id for o in d.options) == ["first:0", "first:1"]


def test_R124_an_incapacitated_hero_ignores_start_of_turn_effects():
    g = at(new(), HELP, turn="Bo", zones={"Bo/play": []}, counters={"Bo": {"incap": 1, "hp": 0}})
    assert g.pending.kind == "help"
    assert not any(r.path[-1] == "Start of the turn" for r in g.history)


def test_R054_R087_R088_FAQ29_the_discard_is_shuffled_only_when_a_card_must_be_drawn():
    g = at(new(), TURN_START, turn="Ana", zones={"Ana/deck": [], "Ana/discard": ["frenzy#1", "frenzy#2", "cleave#1",
                                                                                 "cleave#2"]})
    g.step()
    assert g.state.zones["Ana/deck"] == [] and len(g.state.zones["Ana/discard"]) == 4
    rec = g.step()
    assert "shuffled into a new deck" in rec.text
    assert len(g.state.zones["Ana/deck"]) == 3 and g.state.zones["Ana/discard"] == []
    assert "frenzy" not in rec.text_for("Bo")


def test_FH_EMPTY_DRAW_nothing_to_draw():
    g = at(new(), TURN_START, turn="Ana", zones={"Ana/deck": [], "Ana/discard": []})
    g.step()
    assert g.step().rule == "FH-EMPTY-DRAW"


def test_R056_R082_R091_R079_one_play_one_feat_one_purchase():
    g = at(new(), TURN, turn="Ana", zones={"Ana/hand": ["frenzy#1", "frenzy#2"]}, counters={"Ana": {"xp": 20}})
    g.choose("play:frenzy#1")
    until_decision(g)
    assert legal(g)["play:frenzy#2"] is False and "R-082" in reason(g, "play:frenzy#2")
    row = g.state.zones["city/row"][0]
    g.choose(f"buy:{row}")
    assert all(legal(g)[f"buy:{u}"] is False for u in g.state.zones["city/row"])
    assert "R-079" in reason(g, f"buy:{g.state.zones['city/row'][0]}")
    assert row in g.state.zones["Ana/hand"]
    assert legal(g)[f"play:{row}"] is False  # the play is spent; a second play needs a card that allows it


def test_R057_a_hero_may_end_the_turn_having_done_nothing():
    g = at(new(), TURN, turn="Ana")
    assert "end" in ids(g) and legal(g)["end"]
    g.choose("end")
    assert g.history[-1].text == "Ana ends the turn."


def test_R060_R069_R078_R080_FH_COST_affinity_discount_and_too_little_xp():
    g = at(new(), TURN, turn="Ana", zones={"city/row": ["battle_axe", "woodland_trap", "sharp_sword"]},
           counters={"Ana": {"xp": 3}})
    assert g.pending.option("buy:battle_axe").label == "Purchase Battle Axe for 3 XP"  # 4 - 1 (berserker)
    assert g.pending.option("buy:woodland_trap").label == "Purchase Woodland Trap for 3 XP"
    assert legal(g)["buy:sharp_sword"] is False and g.pending.option("buy:sharp_sword").rule == "FH-COST"
    g.choose("buy:battle_axe")
    assert g.state.player("Ana")["xp"] == 0 and "battle_axe" in g.state.zones["Ana/hand"]


def test_R076_R077_a_purchased_card_may_be_played_the_same_turn():
    g = at(new(), TURN, turn="Ana", zones={"city/row": ["strong_draw"], "Ana/hand": []},
           counters={"Ana": {"xp": 5}})
    g.choose("buy:strong_draw")
    assert legal(g)["play:strong_draw"] is True


def test_R070_R071_R072_R073_R074_R075_FAQ13_the_row_refills_only_below_four():
    g = at(new(), REFILL, turn="Ana", zones={"city/row": ["strong_draw", "sharp_sword", "battle_axe", "holy_water",
                                                          "iron_ration"]})
    rec = g.step()
    assert "not refilled" in rec.text and len(g.state.zones["city/row"]) == 5
    g = at(new(), REFILL, turn="Ana", zones={"city/row": ["strong_draw", "sharp_sword", "battle_axe"]})
    rec = g.step()
    assert len(g.state.zones["city/row"]) == 4 and "refilled to 4" in rec.text


def test_R058_R083_R094_R095_R096_an_ability_goes_to_the_discard_a_persistent_card_stays():
    g = at(new(), TURN, turn="Ana", zones={"Ana/hand": ["frenzy#1"]})
    g.choose("play:frenzy#1")
    until_decision(g)
    assert g.state.zones["Ana/discard"] == ["frenzy#1"]
    g = at(new(), TURN, turn="Bo", zones={"Bo/hand": ["wolf_companion#1"]})
    g.choose("play:wolf_companion#1")
    until_decision(g)
    assert g.state.zones["Bo/play"] == ["wolf_companion#1"]


def test_R135_the_hand_is_cut_to_seven_at_the_end_of_the_turn():
    hand = ["frenzy#1", "frenzy#2", "cleave#1", "cleave#2", "wild_swing#1", "wild_swing#2", "strong_draw",
            "sharp_sword"]
    g = at(new(), TURN, turn="Ana", zones={"Ana/hand": hand})
    g.choose("end")
    until_decision(g)
    assert g.pending.kind == "hand" and g.pending.min == g.pending.max == 1


# -- damage, armor, redirection -------------------------------------------------------------------

def foe_hits(g, amount=3, dtype="fire"):
    """Start a foe_hit on every hero at the start of the foe phase (a stand-in card effect)."""
    g.ctx.start("foe_hit", controller=None, args={"amount": amount, "dtype": dtype}, now=False)
    g._settle()
    return g


def test_R113_R115_R117_R118_armor_reduces_the_damage_by_the_armor_exhausted():
    g = at(new(), FOE_START, zones={"Ana/play": ["runed_shield", "blessed_plate"]},
           lasting=[{"kind": "modifier", "until": "game", "text": "1 armor", "players": ["Ana"], "stat": "armor",
                     "add": 1}])
    g.ctx.start("foe_hit", controller=None, args={"amount": 4, "dtype": "melee"}, now=False)
    g.rebase()
    until_decision(g)
    assert g.pending.kind == "armor" and g.pending.player == "Ana"
    assert ids(g) == ["armor:0", "armor:1", "armor:2", "armor:3"]
    g.choose("armor:3")
    assert g.state.player("Ana")["hp"] == 15 and g.state.player("Ana")["armor_used"] == 3


def test_FH_ARMOR_more_armor_than_damage_is_refused_with_the_ruling():
    g = at(new(), FOE_START, zones={"Ana/play": ["runed_shield"]},
           lasting=[{"kind": "modifier", "until": "game", "text": "2 armor", "players": ["Ana"], "stat": "armor",
                     "add": 2}])
    g.ctx.start("foe_hit", controller=None, args={"amount": 1, "dtype": "melee"}, now=False)
    g.rebase()
    until_decision(g)
    assert legal(g) == {"armor:0": True, "armor:1": True, "armor:2": False, "armor:3": False}
    assert g.pending.option("armor:2").rule == "FH-ARMOR"


def test_R097_R102_R104_R110_R111_two_instances_on_an_ally_carry_over_after_the_batch():
    g = at(new(), FOE_START, zones={"Bo/play": ["wolf_companion#1"]})
    g.ctx.start("hit", controller=None, data={"todo": [
        {"target": "Bo", "amount": 2, "dtype": "melee", "source": None, "dealer": None, "by": "foe"},
        {"target": "Bo", "amount": 2, "dtype": "melee", "source": None, "dealer": None, "by": "foe"}],
        "said": []}, now=False)
    g.rebase()
    until_decision(g)
    assert g.pending.kind == "redirect" and ids(g) == ["redirect:wolf_companion#1", "take"]
    g.choose("redirect:wolf_companion#1")
    g.choose("redirect:wolf_companion#1")
    # the ally took 2 then 1 and is destroyed; the last point carries over to the hero
    assert g.state.zones["Bo/discard"] == ["wolf_companion#1"]
    assert g.state.player("Bo")["hp"] == 14
    assert "The other 1 point carries over" in texts(g)


def test_R103_FAQ22_prevented_or_redirected_damage_is_not_dealt_to_the_hero():
    g = at(new(), FOE_START, zones={"Bo/play": ["wolf_companion#1", "sample_hurt_draw"]})
    hand = len(g.state.zones["Bo/hand"])
    g.ctx.start("hit", controller=None, data={"todo": [
        {"target": "Bo", "amount": 2, "dtype": "melee", "source": None, "dealer": None, "by": "foe"}],
        "said": []}, now=False)
    g.rebase()
    until_decision(g)
    g.choose("redirect:wolf_companion#1")
    for _ in range(3):
        if g.pending is None and not g.is_over:
            g.step()
    assert g.state.player("Bo")["hp"] == 15 and len(g.state.zones["Bo/hand"]) == hand


def test_R100_R101_R121_R123_a_hero_at_zero_is_incapacitated_at_once():
    g = at(new(), FOE_START, zones={"Ana/hand": ["frenzy#1"], "Ana/play": ["battle_axe"]},
           counters={"Ana": {"hp": 2}})
    foe_hits(g, 3, "fire")
    until_decision(g) if g.pending is None else None
    st = g.state
    assert st.player("Ana")["hp"] == 0 and st.player("Ana")["incap"] == 1
    assert st.cards["grimnar"]["face"] == 1
    assert {"frenzy#1", "battle_axe"} <= set(st.zones["Ana/discard"]) and st.zones["Ana/hand"] == []
    assert any("FH-INCAP-DISCARD" in r.text for r in g.history)


def test_R064_R066_every_hero_down_ends_the_game_at_once_as_a_shared_loss():
    g = at(new(), FOE_START, counters={"Ana": {"hp": 1}, "Bo": {"hp": 1}})
    foe_hits(g, 1, "fire")
    while not g.is_over:
        g.step() if g.pending is None else g.choose(g.pending.default or ids(g)[0])
    assert g.result.ending == "party_defeated" and g.result.winners == []


def test_R063_R065_R066_the_foe_last_face_at_zero_ends_the_game_as_a_shared_win():
    g = at(new(), TURN, turn="Ana", zones={"Ana/hand": ["wild_swing#1"], "foe/play": []},
           cards={"dragonspawn_2p": {"face": 1, "damage": 22}})
    g.choose("play:wild_swing#1")
    while not g.is_over:
        g.step() if g.pending is None else g.choose(ids(g)[0])
    assert g.result.ending == "foe_defeated" and g.result.winners == ["Ana", "Bo"]


def test_R133_R134_FH_FLIP_DAMAGE_the_foe_flips_on_a_hero_turn_and_the_damage_carries_over():
    g = new()
    phase1 = g.gamedef.cards["dragonspawn_2p"].faces[0].fields["hp"]
    at(g, TURN, turn="Ana", zones={"Ana/hand": ["wild_swing#1"], "foe/play": []},
       cards={"dragonspawn_2p": {"damage": phase1 - 1}})
    g.choose("play:wild_swing#1")  # 3 melee: 1 ends phase 1, 2 carry over
    until_decision(g)
    foe = g.state.cards["dragonspawn_2p"]
    assert foe["face"] == 1 and foe["damage"] == 2 and not g.is_over
    assert any("FH-FLIP-DAMAGE" in r.text for r in g.history)


def test_R031_R132_R133_two_officers_in_the_discard_flip_keraxis():
    g = at(new(foe="keraxis"), TURN, turn="Ana", zones={"Ana/hand": ["wild_swing#1"],
                                                         "foe/play": ["bosun"], "foe/discard": ["first_mate"]})
    g.choose("play:wild_swing#1")
    until_decision(g)
    g.choose("target:bosun")
    until_decision(g)
    assert "bosun" in g.state.zones["foe/discard"]
    assert g.state.cards["keraxis_2p"]["face"] == 1 and g.state.cards["keraxis_2p"].get("damage", 0) == 0


def test_R021_FH_CULT_P1_the_cult_has_no_hit_points_in_phase_1():
    g = at(new(foe="cult"), TURN, turn="Ana", zones={"Ana/hand": ["wild_swing#1"], "foe/play": ["cultist#1"]})
    assert T.enemy_targets(g.ctx) == ["cultist#1"]  # the Cult itself is no target in phase 1
    g.choose("play:wild_swing#1")
    until_decision(g)
    # one legal target: hit without asking, as before; the record says why the Cult is not one
    assert not any(r.path[-1] == "Choose a target" for r in g.history)
    assert "cultist#1" in g.state.zones["foe/discard"] and g.state.cards["cult_2p"].get("damage", 0) == 0
    assert ("Wild Swing can hit no other target: The Cult of Oleg'Arth has no hit points in phase 1 (R-021), "
            "so it is no enemy target (ruling FH-CULT-P1)") in texts(g)


def test_R021_FH_CULT_P1_a_target_decision_shows_the_cult_refused():
    g = at(new(foe="cult"), TURN, turn="Ana",
           zones={"Ana/hand": ["wild_swing#1"], "foe/play": ["cultist#1", "cultist#2"]})
    g.choose("play:wild_swing#1")
    until_decision(g)
    # asked anyway (two Cultists): the Cult is offered as a target the player might try, refused
    assert legal(g) == {"target:cultist#1": True, "target:cultist#2": True, "target:cult_2p": False}
    assert "ruling FH-CULT-P1" in reason(g, "target:cult_2p") and "R-021" in reason(g, "target:cult_2p")
    assert g.pending.option("target:cult_2p").rule == "FH-CULT-P1"
    g.choose("target:cultist#1")
    until_decision(g)
    assert "cultist#1" in g.state.zones["foe/discard"] and g.state.cards["cult_2p"].get("damage", 0) == 0


def test_R109_a_non_foe_enemy_target_is_never_the_foe():
    g = at(new(heroes={"Ana": "berserker", "Bo": "pathfinder"}), TURN, turn="Bo",
           zones={"Bo/hand": ["snare"], "foe/play": ["kobold_scout#1"]})
    g.choose("play:snare")
    until_decision(g)
    # the Kobold Scout is the one legal target: not asked; the record says why the foe is not one
    assert not any(r.path[-1] == "Choose a target" for r in g.history)
    assert "kobold_scout#1" in g.state.zones["foe/discard"] and g.state.cards["dragonspawn_2p"].get("damage", 0) == 0
    assert ("Snare can hit no other target: this effect needs a non-foe enemy target, and The Dragonspawn is the "
            "foe itself (R-109)") in texts(g)
    g = at(new(heroes={"Ana": "berserker", "Bo": "pathfinder"}), TURN, turn="Bo",
           zones={"Bo/hand": ["snare"], "foe/play": ["kobold_scout#1", "kobold_scout#2"]})
    g.choose("play:snare")
    until_decision(g)
    assert legal(g) == {"target:kobold_scout#1": True, "target:kobold_scout#2": True,
                        "target:dragonspawn_2p": False}
    assert "non-foe enemy target" in reason(g, "target:dragonspawn_2p") and "R-109" in reason(g, "target:dragonspawn_2p")


def test_R007_R099_FH_XP_BY_HERO_a_vassal_destroyed_by_a_hero_gives_every_active_hero_its_xp():
    g = at(new(players=("Ana", "Bo", "Cy"), heroes={"Ana": "berserker", "Bo": "pathfinder", "Cy": "paladin"}),
           TURN, turn="Ana", zones={"Ana/hand": ["wild_swing#1"], "foe/play": ["bosun"]},
           counters={"Cy": {"incap": 1, "hp": 0}})
    g.choose("play:wild_swing#1")
    until_decision(g)
    g.choose("target:bosun")
    until_decision(g)
    assert g.state.player("Ana")["xp"] == 6 and g.state.player("Bo")["xp"] == 6
    assert g.state.player("Cy")["xp"] == 4


def test_FH_XP_BY_HERO_a_vassal_the_foe_destroys_gives_no_xp():
    g = at(new(), FOE_START, zones={"foe/play": ["kobold_scout#1"]}, counters={"Ana": {"hp": 10}, "Bo": {"hp": 10}})
    g.ctx.start("foe_hit", controller=None, args={"amount": 3, "dtype": "fire", "vassals": True}, now=False)
    g.rebase()
    while g.state.zones["foe/play"]:
        g.step() if g.pending is None else g.choose(g.pending.default or ids(g)[0])
    assert g.state.player("Ana")["xp"] == 4 and "FH-XP-BY-HERO" in texts(g)


def test_R127_FH_INCAP_HELP_the_four_helps():
    g = at(new(), HELP, turn="Ana", counters={"Ana": {"incap": 1, "hp": 0}, "Bo": {"hp": 15}},
           cards={"grimnar": {"face": 1}})
    o = legal(g)
    assert o["help:xp:Bo"] and not o["help:heal:Bo"] and not o["help:heal:Ana"]
    assert g.pending.option("help:heal:Bo").rule == "FH-INCAP-HELP"
    assert "help:damage:dragonspawn_2p" in o and any(i.startswith("help:refresh:") for i in o)
    g.choose("help:damage:dragonspawn_2p")
    assert g.state.cards["dragonspawn_2p"]["damage"] == 1


def test_R126_no_xp_and_no_healing_for_an_incapacitated_hero():
    g = at(new(), FOE_START, counters={"Ana": {"incap": 1, "hp": 0}})
    g.ctx.do("heal", target="Ana", amount=3)
    assert "gains no XP" in T.gain_xp(g.ctx, "Ana", 2)
    assert g.state.player("Ana")["hp"] == 0 and g.state.player("Ana")["xp"] == 4


def test_R027_R129_R138_P_counts_incapacitated_players():
    g = at(new(players=("Ana", "Bo", "Cy", "Di"),
               heroes={"Ana": "berserker", "Bo": "pathfinder", "Cy": "paladin", "Di": "elemancer"}),
           TURN, turn="Ana", zones={"Ana/hand": ["sample_p_damage"], "foe/play": []},
           counters={"Di": {"incap": 1, "hp": 0}})
    g.choose("play:sample_p_damage")
    until_decision(g)
    assert g.state.cards["dragonspawn"]["damage"] == 4


# -- power ------------------------------------------------------------------------------------

def test_R139_R142_typed_and_general_power_add_up():
    g = at(new(), TURN, turn="Ana", zones={"Ana/hand": ["sample_cold_fire"], "Ana/play": ["sample_cold_power",
                                                                                        "sample_power"],
                                           "foe/play": []})
    g.choose("play:sample_cold_fire")
    until_decision(g)
    rec = " ".join(r.text for r in g.history[-4:])
    assert "3 cold damage to The Dragonspawn" in rec and "2 fire damage to The Dragonspawn" in rec
    assert g.state.cards["dragonspawn_2p"]["damage"] == 5


def test_FAQ23_dragon_fire_raises_fire_damage_but_never_life_loss():
    g = at(new(), FOE_START, zones={"foe/play": ["dragon_fire"]}, counters={"Ana": {"hp": 10}})
    foe_hits(g, 3, "fire")
    while g.stack_depth:
        g.step() if g.pending is None else g.choose(g.pending.default or ids(g)[0])
    assert g.state.player("Ana")["hp"] == 6
    g.ctx.do("lose_life", player="Ana", amount=2)
    assert g.state.player("Ana")["hp"] == 4


# -- the FAQ ----------------------------------------------------------------------------------

def berserker_feat(g):
    g.choose("feat:grimnar:0")
    until_decision(g)
    return g


def test_FAQ01_the_berserker_feat_draws_first_then_discard_or_life():
    g = at(new(), TURN, turn="Ana", zones={"Ana/hand": ["frenzy#1"], "Ana/deck": ["cleave#1"]})
    berserker_feat(g)
    assert g.pending.kind == "pay" and ids(g) == ["discard:frenzy#1", "discard:cleave#1", "lose_life:2"]
    assert all(legal(g).values())


def test_FAQ02_losing_life_is_a_payment_not_damage():
    g = at(new(), TURN, turn="Ana", zones={"Ana/hand": ["frenzy#1"], "Ana/deck": ["frenzy#2", "cleave#1"],
                                           "Ana/play": ["sample_hurt_draw"]}, counters={"Ana": {"hp": 10}})
    berserker_feat(g)
    g.choose("lose_life:2")
    until_decision(g)
    # Pain Ward would draw frenzy#2 on damage: it stays on the deck
    assert g.state.player("Ana")["hp"] == 8 and g.state.zones["Ana/hand"] == ["frenzy#1", "cleave#1"]
    assert g.state.zones["Ana/deck"] == ["frenzy#2"] and not g.state.triggers


def test_FAQ02_contrast_damage_does_set_off_the_pain_ward():
    g = at(new(), FOE_START, zones={"Ana/play": ["sample_hurt_draw"], "Ana/hand": [],
                                    "Ana/deck": ["frenzy#2"]}, counters={"Ana": {"hp": 10}})
    g.ctx.start("hit", controller=None, data={"todo": [
        {"target": "Ana", "amount": 2, "dtype": "melee", "source": None, "dealer": None, "by": "foe"}],
        "said": []}, now=False)
    g.rebase()
    while g.stack_depth or g.state.triggers:
        g.step() if g.pending is None else g.choose(g.pending.default or ids(g)[0])
    assert g.state.player("Ana")["hp"] == 8 and g.state.zones["Ana/hand"] == ["frenzy#2"]


def test_FAQ03_FAQ04_the_card_just_drawn_may_rage_and_raging_is_not_playing():
    g = at(new(), TURN, turn="Ana", zones={"Ana/hand": ["frenzy#1"], "Ana/deck": ["wild_swing#1"],
                                           "foe/play": ["enervation"]}, counters={"Ana": {"xp": 4}})
    berserker_feat(g)
    g.choose("discard:wild_swing#1")
    assert g.pending.kind == "rage" and ids(g) == ["rage:wild_swing#1", "no_rage"]
    g.choose("rage:wild_swing#1")
    until_decision(g)
    assert g.state.cards["dragonspawn_2p"]["damage"] == 1
    assert g.state.player("Ana")["xp"] == 4  # Enervation did not trigger
    assert legal(g)["play:frenzy#1"] is True


def test_FAQ07_divided_damage_adds_power_before_dividing():
    g = at(new(), TURN, turn="Ana", zones={"Ana/hand": ["sample_divided"], "Ana/play": ["sample_power"],
                                           "foe/play": ["kobold_scout#1", "kobold_scout#2"]},
           lasting=[{"kind": "modifier", "until": "game", "text": "+1 power", "players": ["Ana"],
                     "stat": "power", "add": 1}])
    g.choose("play:sample_divided")
    until_decision(g)
    g.choose("target:kobold_scout#1", "target:kobold_scout#2")
    assert g.pending.kind == "split"
    for bad in (("split:kobold_scout#1:3", "split:kobold_scout#2:0"),
                ("split:kobold_scout#1:2", "split:kobold_scout#2:1")):
        with pytest.raises(tablekit.IllegalChoice, match="FAQ-07"):
            g.choose(*bad)
    g.choose("split:kobold_scout#1:4", "split:kobold_scout#2:1")
    assert "kobold_scout#1" in g.state.zones["foe/discard"] and g.state.cards["kobold_scout#2"]["damage"] == 1


def test_FAQ08_damage_to_each_enemy_target_gets_power_on_each():
    g = at(new(), TURN, turn="Ana", zones={"Ana/hand": ["sample_each"], "Ana/play": ["sample_power"],
                                           "foe/play": ["controlled_hireling", "competing_dragonslayers"]})
    g.choose("play:sample_each")
    until_decision(g)
    dmg = [e for r in g.history for e in r.events if e["type"] == "damage"]
    assert [e["amount"] for e in dmg] == [3, 3, 3]


MARTYR = [{"kind": "restriction", "until": {"turn_of": "Ana"}, "text": "Dorin's martyr", "controller": "Ana",
           "players": ["Ana"], "what": "martyr"}]
THREE = {"Ana": "paladin", "Bo": "pathfinder", "Cy": "berserker"}


def test_FAQ14_the_paladin_redirects_several_times_but_once_per_hero():
    g = at(new(players=("Ana", "Bo", "Cy"), heroes=THREE), FOE_START, zones={"foe/play": []}, lasting=MARTYR,
           extra={"martyr_used": []})
    for _ in range(2):
        g.ctx.start("hit", controller=None, data={"todo": [
            {"target": "Bo", "amount": 2, "dtype": "melee", "source": None, "dealer": None, "by": "foe"},
            {"target": "Cy", "amount": 2, "dtype": "melee", "source": None, "dealer": None, "by": "foe"}],
            "said": []}, now=False)
        g._settle()
        while g.stack_depth:
            if g.pending is None:
                g.step()
            elif g.pending.kind == "martyr":
                assert all(o.legal for o in g.pending.options)  # asked only when he may take it
                g.choose("martyr:Bo" if "martyr:Bo" in ids(g) else "decline")
            else:
                g.choose(g.pending.default or ids(g)[0])
    # Bo's damage went to Dorin the first time only; Cy's was offered and declined twice
    assert g.state.player("Ana")["hp"] == 16 and g.state.player("Bo")["hp"] == 13
    assert g.state.player("Cy")["hp"] == 12 and g.state.extra["martyr_used"] == ["Bo"]
    martyr_asks = [r for r in g.history if r.path[-1] == "Martyr"]
    assert len(martyr_asks) == 3  # Bo once (taken), Cy twice (declined); Bo's second instance is not asked
    # ... and the record says why, in words, with the rule point and the ruling
    assert ("Ana has already taken damage for Bo since the Paladin's feat, so Ana cannot take this damage for Bo: "
            "once for each hero until the beginning of Ana's next turn (FAQ-14, ruling FH-PALADIN).") in texts(g)


def test_FAQ15_a_new_use_of_the_feat_starts_the_count_again():
    g = at(new(players=("Ana", "Bo", "Cy"), heroes=THREE), TURN, turn="Ana", extra={"martyr_used": ["Bo"]})
    g.choose("feat:dorin:0")
    until_decision(g)
    assert g.state.extra["martyr_used"] == []
    assert [e["what"] for e in g.state.lasting if e["kind"] == "restriction"] == ["martyr"]
    assert g.history[-1].rule == "FH-PALADIN"


def test_FAQ16_FAQ17_FAQ18_marked_target():
    g = at(new(), TURN, turn="Bo", zones={"Bo/hand": ["quick_shot#1"], "Bo/play": ["sample_power"],
                                          "foe/play": ["controlled_hireling"]})
    g.choose("feat:lylias:0")
    until_decision(g)
    g.choose("target:controlled_hireling")
    until_decision(g)
    assert g.state.extra["marked"] == "controlled_hireling"
    assert g.state.cards["controlled_hireling"]["damage"] == 2          # 1 + 1 power, no mark (FAQ-16)
    g.choose("play:quick_shot#1")
    until_decision(g)
    g.choose("target:controlled_hireling")
    until_decision(g)
    assert "controlled_hireling" in g.state.zones["foe/discard"]          # 2 + 1 power + 1 mark = 4 (FAQ-17)
    assert T.amount_for(g.ctx, 2, "Bo", "ally", None, "dragonspawn_2p") == 2   # allies get no bonus (FAQ-18)


def test_FAQ20_FAQ21_healing_is_capped_at_the_current_maximum():
    g = at(new(), FOE_START, counters={"Ana": {"hp": 14}})
    g.ctx.do("heal", target="Ana", amount=5)
    assert g.state.player("Ana")["hp"] == 16
    at(g, FOE_START, zones={"Ana/play": ["sample_max_hp"]}, counters={"Ana": {"hp": 16}})
    g.ctx.do("heal", target="Ana", amount=5)
    assert g.state.player("Ana")["hp"] == 18


def test_FAQ24_life_loss_is_never_redirected_to_an_ally():
    g = at(new(), TURN, turn="Ana", zones={"Ana/hand": ["frenzy#1"], "Ana/deck": ["cleave#1"],
                                           "Ana/play": ["wolf_companion#1"]}, counters={"Ana": {"hp": 5}})
    berserker_feat(g)
    g.choose("lose_life:2")
    until_decision(g)
    assert g.pending.kind == "action"  # no redirect question came first
    assert not any(r.path[-1] == "Redirect" for r in g.history)
    assert g.state.player("Ana")["hp"] == 3 and g.state.cards["wolf_companion#1"].get("damage", 0) == 0


def test_FAQ22_losing_life_has_no_source_and_the_last_life_incapacitates():
    g = at(new(), TURN, turn="Ana", zones={"Ana/hand": ["frenzy#1"], "Ana/deck": ["frenzy#2", "cleave#1"],
                                           "Ana/play": ["sample_hurt_draw"]}, counters={"Ana": {"hp": 5}})
    berserker_feat(g)
    g.choose("lose_life:2")
    until_decision(g)
    assert g.state.player("Ana")["hp"] == 3 and "frenzy#2" in g.state.zones["Ana/deck"]
    g = at(new(), TURN, turn="Ana", zones={"Ana/hand": ["frenzy#1"], "Ana/deck": ["cleave#1"]},
           counters={"Ana": {"hp": 2}})
    berserker_feat(g)
    g.choose("lose_life:2")
    assert g.state.player("Ana")["hp"] == 0 and g.state.player("Ana")["incap"] == 1
    assert g.state.cards["grimnar"]["face"] == 1


def test_FAQ25_the_necromancer_returns_an_ally_only_after_a_discard():
    heroes = {"Ana": "necromancer", "Bo": "pathfinder"}
    g = at(new(heroes=heroes), TURN, turn="Ana", zones={"Ana/hand": ["skeleton#1", "bone_spear#1"],
                                                        "Ana/discard": ["ghoul"]})
    g.choose("feat:shael:0")
    until_decision(g)
    g.choose("discard:skeleton#1")
    assert sorted(ids(g)) == ["none", "return:ghoul", "return:skeleton#1"]
    g.choose("return:skeleton#1")
    until_decision(g)
    assert g.state.zones["Ana/play"] == ["skeleton#1"]
    assert not any(e["type"] == "card_played" for r in g.history for e in r.events)
    assert legal(g)["play:bone_spear#1"] is True
    g = at(new(heroes=heroes), TURN, turn="Ana", zones={"Ana/hand": ["skeleton#1"], "Ana/discard": ["ghoul"]})
    g.choose("feat:shael:0")
    until_decision(g)
    g.choose("none")
    assert "return:ghoul" not in (ids(g) if g.pending else [])


def test_FAQ26_R149_text_resolves_from_the_top_down():
    g = at(new(), TURN, turn="Ana", zones={"Ana/hand": ["sample_power_then_damage"], "foe/play": []})
    g.choose("play:sample_power_then_damage")
    until_decision(g)
    assert g.state.cards["dragonspawn_2p"]["damage"] == 3


def test_FAQ28_a_potion_is_sacrificed_for_its_effect_outside_the_play_limit():
    g = at(new(), TURN, turn="Ana", zones={"Ana/hand": ["frenzy#1"], "Ana/play": ["healing_potion"],
                                           "Ana/deck": ["cleave#1"], "city/row": ["strong_draw"]},
           counters={"Ana": {"hp": 10, "xp": 5}})
    g.choose("buy:strong_draw")
    g.choose("play:strong_draw")
    until_decision(g)
    berserker_feat(g)
    g.choose("discard:frenzy#1")
    until_decision(g)
    if g.pending.kind == "rage":
        g.choose("no_rage")
        until_decision(g)
    assert not any(o.legal for o in g.pending.options if o.id.startswith(("play:", "feat:", "buy:")))
    assert legal(g)["sacrifice:healing_potion"] is True
    g.choose("sacrifice:healing_potion")
    assert g.state.player("Ana")["hp"] == 13 and "healing_potion" in g.state.zones["Ana/discard"]
    assert g.history[-1].rule == "FH-POTION"


def test_FAQ30_when_a_card_is_played_triggers_resolve_first():
    g = at(new(), TURN, turn="Ana", zones={"Ana/hand": ["sample_heal"], "foe/play": ["arcane_rune"]},
           counters={"Ana": {"hp": 1}, "Bo": {"hp": 15}})
    g.choose("play:sample_heal")
    until_decision(g)
    assert g.state.player("Ana")["incap"] == 1 and g.state.player("Ana")["hp"] == 0
    assert any(r.rule == "FH-PLAY-INCAP" for r in g.history)


def test_FH_FEAT_TRIGGER_emberglow_punishes_a_feat_before_it_resolves():
    g = at(new(), TURN, turn="Ana", zones={"Ana/hand": ["frenzy#1"]}, cards={"dragonspawn_2p": {"face": 1}},
           counters={"Ana": {"hp": 2}})
    g.choose("feat:grimnar:0")
    until_decision(g)
    assert g.state.player("Ana")["incap"] == 1
    assert any(r.rule == "FH-FEAT-TRIGGER" and "does nothing" in r.text for r in g.history)


def test_R143_R145_R146_a_sacrifice_is_not_a_destruction():
    g = at(new(), FOE_START, zones={"Bo/play": ["sample_destroyed_draw", "woodland_trap"]})
    hand = len(g.state.zones["Bo/hand"])
    g.ctx.start("foe_sacrifice", controller=None, args={"kinds": ["persistent"]}, now=False)
    g.rebase()
    until_decision(g)
    assert g.pending.kind == "sacrifice" and g.pending.player == "Bo"
    g.choose("sacrifice:woodland_trap")
    until_decision(g) if g.pending is None and g.stack_depth else None
    assert "woodland_trap" in g.state.zones["Bo/discard"] and len(g.state.zones["Bo/hand"]) == hand


def test_R147_an_ally_at_zero_is_destroyed_and_the_robes_draw():
    g = at(new(heroes={"Ana": "necromancer", "Bo": "pathfinder"}), FOE_START,
           zones={"Ana/play": ["skeleton#1", "cryptwalkers_robes"], "Ana/hand": []})
    g.ctx.start("hit", controller=None, data={"todo": [
        {"target": "Ana", "amount": 2, "dtype": "melee", "source": None, "dealer": None, "by": "foe"}],
        "said": []}, now=False)
    g.rebase()
    until_decision(g)
    g.choose("redirect:skeleton#1")
    while g.stack_depth or g.state.triggers:
        g.step() if g.pending is None else g.choose(ids(g)[0])
    assert "skeleton#1" in g.state.zones["Ana/discard"] and len(g.state.zones["Ana/hand"]) == 1


def test_woodland_trap_hits_a_vassal_the_foe_plays():
    g = at(new(), FOE_PLAY, zones={"foe/deck": ["kobold_scout#1"], "Bo/play": ["woodland_trap"]},
           cards={"woodland_trap": {"counters": {"counters": 3}}})
    g.step()
    g.step()
    assert "kobold_scout#1" in g.state.zones["foe/discard"]
    assert g.state.cards["woodland_trap"]["counters"] == {"counters": 2}


def test_every_option_id_matches_a_declared_form():
    import re
    forms = [re.compile("^" + re.sub(r"<[^>]+>", "[^:]+", re.escape(f).replace(r"\<", "<").replace(r"\>", ">"))
                        + "$") for f in tablekit.game_info("foehunters").option_forms]
    seen = set()
    for seed in range(15):
        g = tablekit.new_game("foehunters", players=2 + seed % 3, seed=seed, options={"max_rounds": 30})
        rnd = random.Random(seed)
        while not g.is_over:
            if g.pending is not None:
                for o in g.pending.options:
                    seen.add(o.id)
                g.choose(*random_answer(g.pending, rnd))
            else:
                g.step()
    bad = [i for i in seen if not any(f.match(i) for f in forms)]
    assert not bad, bad


def test_FAQ05_a_rage_card_played_from_hand_does_only_the_text_before_rage():
    g = at(new(), TURN, turn="Ana", zones={"Ana/hand": ["wild_swing#1"], "foe/play": []})
    g.choose("play:wild_swing#1")
    until_decision(g)
    assert g.state.cards["dragonspawn_2p"]["damage"] == 3
    assert not any(r.path[-1] == "RAGE" for r in g.history)


def test_FAQ06_a_rage_card_discarded_to_the_hand_limit_may_rage():
    hand = ["wild_swing#1", "frenzy#1", "frenzy#2", "cleave#1", "cleave#2", "strong_draw", "sharp_sword", "battle_axe"]
    g = at(new(), TURN, turn="Ana", zones={"Ana/hand": hand, "foe/play": []})
    g.choose("end")
    until_decision(g)
    g.choose("discard:wild_swing#1")
    until_decision(g)
    assert g.pending.kind == "rage" and all(legal(g).values()) and ids(g) == ["rage:wild_swing#1", "no_rage"]
    g.choose("rage:wild_swing#1")
    until_decision(g)
    assert g.state.cards["dragonspawn_2p"]["damage"] == 1


def elemancer(zones, **kw):
    heroes = {"Ana": "elemancer", "Bo": "pathfinder"}
    return at(new(heroes=heroes), TURN, turn="Ana", zones=zones, **kw)


def test_FAQ09_focus_aeromancer_deals_the_same_air_damage_to_one_more_target():
    g = elemancer({"Ana/hand": ["gust#1"], "Ana/play": ["focus_aeromancer", "sample_power"],
                   "foe/play": ["controlled_hireling", "competing_dragonslayers"]})
    g.choose("play:gust#1")
    until_decision(g)
    g.choose("target:controlled_hireling")
    assert g.pending.kind == "copy" and legal(g)["copy:competing_dragonslayers"]
    assert legal(g)["copy:controlled_hireling"] is False            # one more target, not the same (FAQ-09)
    assert "FH-FOCUS" in reason(g, "copy:controlled_hireling")
    g.choose("copy:competing_dragonslayers")
    until_decision(g)
    assert g.state.cards["controlled_hireling"]["damage"] == 3          # 2 + 1 power
    assert g.state.cards["competing_dragonslayers"]["damage"] == 3      # the same 3, not powered again


def test_FAQ09_focus_aeromancer_with_no_other_target_asks_nothing_and_says_why():
    g = elemancer({"Ana/hand": ["gust#1"], "Ana/play": ["focus_aeromancer"], "foe/play": []})
    g.choose("play:gust#1")
    until_decision(g)
    assert not any(r.path[-1] == "Focus: Aeromancer" for r in g.history)  # no_copy was the one answer
    assert g.state.cards["dragonspawn_2p"]["damage"] == 2
    assert ("Focus: Aeromancer makes no copy: the copy must go to one more target, and The Dragonspawn, the only "
            "enemy target, is already hit by this effect (FAQ-09, ruling FH-FOCUS).") in texts(g)


def test_FAQ10_maelstrom_copies_one_instance_a_counter_copies_included():
    zones = {"Ana/hand": ["gust#1"], "Ana/play": ["focus_aeromancer", "maelstrom"],
             "foe/play": ["controlled_hireling", "competing_dragonslayers"]}
    g = elemancer(zones, cards={"maelstrom": {"counters": {"counters": 2}},
                                "controlled_hireling": {"damage": 0}, "competing_dragonslayers": {"damage": 0}})
    g.choose("play:gust#1")
    until_decision(g)
    g.choose("target:dragonspawn_2p")
    g.choose("copy:controlled_hireling")
    assert g.pending.kind == "maelstrom" and g.pending.max == 2
    g.choose("maelstrom:0", "maelstrom:1")
    until_decision(g)
    dmg = [e for r in g.history for e in r.events if e["type"] == "damage"]
    assert len(dmg) == 4 and g.state.cards["maelstrom"]["counters"] == {"counters": 0}
    g = elemancer(zones, cards={"maelstrom": {"counters": {"counters": 2}}})
    g.choose("play:gust#1")
    until_decision(g)
    g.choose("target:dragonspawn_2p")
    g.choose("copy:controlled_hireling")
    g.choose("maelstrom:1")
    until_decision(g)
    assert len([e for r in g.history for e in r.events if e["type"] == "damage"]) == 3
    assert g.state.cards["maelstrom"]["counters"] == {"counters": 1}


def test_FAQ11_copied_damage_resolves_at_the_same_time_for_triggers():
    g = elemancer({"Ana/hand": ["gust#1"], "Ana/play": ["focus_aeromancer", "sample_vassal_hurt"],
                   "foe/play": ["kobold_scout#1", "kobold_scout#2"]})
    g.choose("play:gust#1")
    until_decision(g)
    g.choose("target:kobold_scout#1")
    rec = g.choose("copy:kobold_scout#2")
    # both vassals are hit and destroyed in one record, before either trigger resolves
    assert [e["target"] for e in rec.events if e["type"] == "damage"] == ["kobold_scout#1", "kobold_scout#2"]
    assert g.state.zones["foe/discard"] == ["kobold_scout#1", "kobold_scout#2"] and len(g.state.triggers) == 2


def test_FAQ12_replacing_a_focus_is_not_a_play():
    g = elemancer({"Ana/hand": ["focus_pyromancer", "gust#1"], "Ana/play": ["focus_aeromancer"]})
    assert legal(g)["play:focus_pyromancer"] is False and g.pending.option("play:focus_pyromancer").rule == "FH-FOCUS"
    rec = g.choose("focus:focus_pyromancer")
    assert rec.rule == "FH-FOCUS"
    assert g.state.zones["Ana/play"] == ["focus_pyromancer"] and "focus_aeromancer" in g.state.zones["Ana/hand"]
    assert legal(g)["play:gust#1"] is True and legal(g)["focus:focus_aeromancer"] is False
    assert not any(e["type"] == "card_played" for e in rec.events)


def test_FAQ19_FH_FORGE_three_different_forge_techniques_at_most():
    heroes = {"Ana": "forgemaster", "Bo": "pathfinder"}
    three = ["dwarven_forge_technique", "runic_forge_technique", "searing_forge_technique"]
    g = at(new(heroes=heroes), TURN, turn="Ana", zones={"Ana/hand": ["enduring_forge_technique"],
                                                        "Ana/play": list(three), "Ana/discard": []})
    g.choose("play:enduring_forge_technique")
    until_decision(g)
    assert g.pending.kind == "sacrifice" and sorted(ids(g)) == sorted(f"sacrifice:{c}" for c in three)
    g.choose("sacrifice:runic_forge_technique")
    until_decision(g)
    forge = [u for u in g.state.zones["Ana/play"] if "forge" in g.ctx.defn(u).traits]
    assert len(forge) == 3 and g.state.zones["Ana/discard"] == ["runic_forge_technique"]
    g = at(new(heroes=heroes), TURN, turn="Ana", zones={"Ana/hand": ["dwarven_forge_technique"],
                                                        "Ana/play": []})
    assert legal(g)["play:dwarven_forge_technique"] is True


# -- more rule points ---------------------------------------------------------------------------

def test_R024_R036_R131_the_game_starts_with_a_foe_phase_and_the_foe_in_phase_1():
    g = new()
    assert g.cursor[-2:] == ("Foe phase", "Start of the foe phase")
    assert g.state.cards["dragonspawn_2p"]["face"] == 0


def test_R038_R062_the_hero_phase_follows_the_foe_phase_and_a_new_foe_phase_follows_it():
    g = new(seed=3)
    rnd = random.Random(3)
    phases = []
    while len(phases) < 4 and not g.is_over:
        if g.pending is not None:
            g.choose(*random_answer(g.pending, rnd))
        else:
            g.step()
        phase = g.cursor[3] if len(g.cursor) > 3 else None
        if phase and (not phases or phases[-1] != phase):
            phases.append(phase)
    assert phases[:3] == ["Foe phase", "Hero phase", "Foe phase"] or g.is_over


def test_R040_FH_ONE_FOE_CARD_one_foe_card_a_phase():
    g = at(new(), FOE_PLAY, zones={"foe/deck": ["kobold_scout#1", "kobold_scout#2"]})
    g.step()
    assert g.state.zones["foe/deck"] == ["kobold_scout#1"] and g.state.zones["foe/play"] == ["kobold_scout#2"]


def test_R052_R114_armor_from_an_ability_ends_at_the_beginning_of_the_next_turn():
    g = at(new(), TURN, turn="Ana", zones={"Ana/hand": ["holy_aegis#1"]})
    g.choose("play:holy_aegis#1")
    until_decision(g)
    assert T.armor_total(g.ctx, "Ana") == 2
    g.choose("end")
    while g.cursor[-1] != "Start of the turn" or g.ctx.player != "Ana":
        g.step() if g.pending is None else g.choose(g.pending.default or ids(g)[0])
    assert T.armor_total(g.ctx, "Ana") == 0


def test_R059_R091_a_second_feat_is_refused():
    g = at(new(), TURN, turn="Bo", zones={"foe/play": []})
    g.choose("feat:lylias:0")
    until_decision(g)
    if g.pending.kind == "target":
        g.choose(ids(g)[0])
        until_decision(g)
    assert legal(g)["feat:lylias:0"] is False and "R-059" in reason(g, "feat:lylias:0")


def test_R084_only_cards_in_hand_are_played():
    g = at(new(), TURN, turn="Ana", zones={"Ana/hand": ["frenzy#1"], "Ana/discard": ["frenzy#2"],
                                           "Ana/play": ["battle_axe"]})
    plays = [i for i in ids(g) if i.startswith("play:")]
    assert plays == ["play:frenzy#1"]


def test_R085_R086_FAQ25_an_ally_returned_to_play_was_not_played():
    g = at(new(heroes={"Ana": "necromancer", "Bo": "pathfinder"}), TURN, turn="Ana",
           zones={"Ana/hand": ["bone_spear#1"], "Ana/discard": ["ghoul"], "foe/play": ["arcane_rune"]},
           counters={"Ana": {"hp": 12}})
    g.choose("feat:shael:0")
    until_decision(g)
    g.choose("discard:bone_spear#1")
    g.choose("return:ghoul")
    until_decision(g)
    assert g.state.player("Ana")["hp"] == 12  # Arcane Rune reacts to played cards only


def test_R093_hero_feat_means_the_feat_on_the_hero_card():
    g = at(new(heroes={"Ana": "forgemaster", "Bo": "pathfinder"}), TURN, turn="Ana",
           zones={"Ana/play": ["dwarven_forge_technique"], "city/row": ["holy_water"]}, counters={"Ana": {"xp": 2}})
    assert legal(g)["buy:holy_water"] is False
    g.choose("feat:reghar:0")
    until_decision(g)
    g.choose("hero:Ana")
    until_decision(g)
    assert g.pending.option("buy:holy_water").label == "Purchase Holy Water for 2 XP" and legal(g)["buy:holy_water"]


def test_R105_R120_armor_comes_before_redirection_and_protects_only_the_hero():
    g = at(new(), FOE_START, zones={"Bo/play": ["wolf_companion#1", "runed_shield"]})
    g.ctx.start("hit", controller=None, data={"todo": [
        {"target": "Bo", "amount": 3, "dtype": "melee", "source": None, "dealer": None, "by": "foe"}],
        "said": []}, now=False)
    g.rebase()
    until_decision(g)
    assert g.pending.kind == "armor"
    g.choose("armor:1")
    assert g.pending.kind == "redirect"
    g.choose("redirect:wolf_companion#1")
    assert g.state.cards["wolf_companion#1"]["damage"] == 2 and g.state.player("Bo")["hp"] == 15


def test_R106_an_instance_lands_whole():
    g = at(new(), FOE_START, counters={"Ana": {"hp": 10}})
    g.ctx.start("hit", controller=None, data={"todo": [
        {"target": "Ana", "amount": 3, "dtype": "melee", "source": None, "dealer": None, "by": "foe"}],
        "said": []}, now=False)
    g.rebase()
    rec = g.step()
    assert [e["amount"] for e in rec.events if e["type"] == "damage"] == [3]


def test_R107_R109_a_non_foe_enemy_target_is_a_vassal():
    g = at(new(), TURN, turn="Ana", zones={"foe/play": ["kobold_scout#1"]})
    assert T.enemy_targets(g.ctx) == ["dragonspawn_2p", "kobold_scout#1"]
    assert T.enemy_targets(g.ctx, foe=False) == ["kobold_scout#1"]


def test_R119_exhausted_armor_stays_exhausted_through_the_foe_phase():
    g = at(new(), FOE_START, zones={"Ana/play": ["runed_shield"]}, counters={"Ana": {"armor_used": 1}})
    foe_hits(g, 2, "fire")
    until_decision(g)
    assert not (g.pending is not None and g.pending.kind == "armor" and g.pending.player == "Ana")


def test_R125_R128_an_incapacitated_hero_cannot_play_and_its_turn_then_ends():
    g = at(new(), HELP, turn="Ana", zones={"Ana/hand": []}, counters={"Ana": {"incap": 1, "hp": 0}},
           cards={"grimnar": {"face": 1}})
    assert not any(i.startswith("play:") for i in ids(g))  # no hand to play from
    refused = [o for o in g.pending.options if o.id.startswith(("feat:", "buy:"))]
    assert {o.id for o in refused} >= {"feat:grimnar:0"} | {f"buy:{u}" for u in g.state.zones["city/row"]}
    assert all(not o.legal and o.rule == "FH-INCAP-FEAT" for o in refused)
    assert "cannot obtain cards" in reason(g, f"buy:{g.state.zones['city/row'][0]}")
    assert legal(g)["help:xp:Ana"] is False and "R-126" in reason(g, "help:xp:Ana")
    g.choose("help:xp:Bo")
    assert g.state.player("Bo")["xp"] == 5
    assert g.step().path[-1] == "Refill the city row"


def test_R136_FAQ27_the_trigger_order_decision_belongs_to_the_active_hero():
    g = at(new(), TURN_START, turn="Bo", zones={"Bo/play": ["wolf_companion#1", "hunting_hawk"]})
    g.step()
    rec = g.choose(g.pending.options[1].id)
    assert rec.player == "Bo" and "first" in rec.text and rec.rule == "FH-TRIGGER-ORDER"


def test_R140_R141_one_power_adds_to_every_type_and_typed_power_to_its_own():
    g = at(new(), TURN, turn="Ana", zones={"Ana/play": ["sample_cold_power"]})
    assert T.amount_for(g.ctx, 1, "Ana", "hero", "cold", "dragonspawn_2p") == 2
    assert T.amount_for(g.ctx, 1, "Ana", "hero", "fire", "dragonspawn_2p") == 1
    assert T.amount_for(g.ctx, 1, "Ana", "hero", None, "dragonspawn_2p") == 1


def test_R144_a_destroyed_card_has_a_source():
    g = at(new(heroes={"Ana": "necromancer", "Bo": "pathfinder"}), TURN, turn="Ana",
           zones={"Ana/hand": ["bone_spear#1"], "foe/play": ["kobold_scout#1"]})
    g.choose("play:bone_spear#1")
    until_decision(g)
    g.choose("target:kobold_scout#1")
    ev = [e for r in g.history for e in r.events if e["type"] == "destroyed"]
    assert ev and ev[0]["source"] == "bone_spear#1" and ev[0]["by"] == "hero"


def test_R148_counters_go_down_and_the_trap_leaves_at_its_last():
    g = at(new(), FOE_PLAY, zones={"foe/deck": ["kobold_scout#1"], "Bo/play": ["woodland_trap"]},
           cards={"woodland_trap": {"counters": {"counters": 1}}})
    g.step()
    g.step()
    assert "woodland_trap" in g.state.zones["Bo/deck"]


def test_R150_the_incapacitated_refresh_is_one_for_one():
    g = at(new(), HELP, turn="Ana", counters={"Ana": {"incap": 1, "hp": 0}}, cards={"grimnar": {"face": 1}})
    row = list(g.state.zones["city/row"])
    top = g.state.zones["city/deck"][-1]
    rec = g.choose(f"help:refresh:{row[0]}")
    assert rec.rule == "FH-REFRESH" and g.state.zones["city/row"] == [top] + row[1:]


def test_R001_R002_R004_R005_R006_the_card_file_follows_the_anatomy_of_the_cards():
    cards = tablekit.game_info("foehunters").cards.values()
    hero_side = [d for d in cards if d.fields["deck"] in ("hero", "city")]
    foe_side = [d for d in cards if d.fields["deck"] == "foe"]
    assert {d.kind for d in hero_side} <= {"ability", "persistent", "ally", "equipment"}
    assert {d.kind for d in foe_side} <= {"ability", "persistent", "vassal", "equipment"}
    assert all(("cost" in d.fields) == (d.fields["deck"] == "city") for d in hero_side)
    assert all("affinity" not in d.fields for d in hero_side if d.fields["deck"] == "hero")
    assert all("hp" in d.fields for d in cards if d.kind in ("vassal", "ally"))


def test_R008_R014_R015_the_table_and_each_heros_area():
    g = new()
    z = g.state.zones
    for name in ("city/deck", "city/row", "city/discard", "foe/deck", "foe/card", "foe/play", "foe/discard",
                 "Ana/hero", "Ana/deck", "Ana/hand", "Ana/play", "Ana/discard"):
        assert name in z
    assert z["Bo/hero"] == ["lylias", "marked_target"]  # the hero card and its marker
    assert g.state.zone_info["Ana/deck"]["visibility"] == "hidden"


def test_R020_R029_R033_the_foe_deck_is_the_foes_own_and_the_same_for_two_players():
    full = new(players=("Ana", "Bo", "Cy"), heroes={"Ana": "paladin", "Bo": "pathfinder", "Cy": "berserker"})
    two, solo = new(), new(variant="solo")
    decks = [sorted(g.state.zones["foe/deck"] + g.state.zones["foe/play"] + g.state.zones["foe/discard"])
             for g in (full, two, solo)]
    assert decks[0] == decks[1] == decks[2]
    assert all(full.ctx.defn(u).fields["foe"] == "dragonspawn" for u in decks[0])
    assert full.state.zone_info["foe/deck"]["visibility"] == "hidden"


def test_R039_start_of_foe_phase_effects_resolve_first():
    g = at(new(), FOE_START, cards={"dragonspawn_2p": {"face": 1}}, counters={"Ana": {"hp": 10}, "Bo": {"hp": 10}})
    g.step()
    rec = g.step()
    assert "2 fire damage to Ana" in rec.text and rec.path[-1].endswith("triggers")


def test_R046_R050_after_the_refresh_the_hero_phase_begins_and_picks_a_starter_each_time():
    g = at(new(), FOE_END, zones={"foe/play": []})
    g.step()
    g.choose("no_refresh")
    assert g.pending.kind == "start"
    g.choose("start:Bo")
    assert g.state.extra["first"] == "Bo"
    at(g, ["Rounds", "Round", "Hero phase", "Choose the starting hero"])
    g.choose("start:Ana")
    until_decision(g)
    assert g.pending.player == "Ana"


def test_R055_FH_TURN_START_start_of_turn_effects_come_before_the_draw():
    g = at(new(), TURN_START, turn="Bo", zones={"Bo/play": ["wolf_companion#1"], "Bo/hand": [],
                                                "foe/play": []})
    g.step()
    g.step()  # the Wolf Companion resolves (one target) ...
    assert g.state.zones["Bo/hand"] == []  # ... before the draw
    assert g.step().path[-1] == "Draw" and len(g.state.zones["Bo/hand"]) == 1


def test_R061_play_goes_clockwise_to_the_next_hero():
    g = at(new(), TURN, turn="Ana", extra={"first": "Ana"})
    g.choose("end")
    until_decision(g)
    assert g.ctx.player == "Bo" and g.pending.player == "Bo"


def test_R037_the_foe_phase_asks_nothing_but_the_party_and_the_heroes_hit():
    g = at(new(), FOE_PLAY, zones={"foe/deck": ["kobold_scout#1"], "foe/play": []})
    until_decision(g)
    assert g.pending.kind == "refresh" and g.pending.party


def test_R089_R092_each_hero_card_has_its_feat():
    cards = tablekit.game_info("foehunters").cards
    for h in ("dorin", "lylias", "shael", "reghar", "grimnar", "rennin"):
        d = cards[h]
        assert any(ab.window == "feat" and ab.face == 0 for ab in d.abilities)
        assert d.faces[0].text.startswith("Feat")


def test_R108_R112_an_enemy_target_is_never_a_hero_and_damage_has_types():
    g = at(new(), TURN, turn="Ana", zones={"foe/play": ["kobold_scout#1"], "Bo/play": ["wolf_companion#1"]})
    assert not set(T.enemy_targets(g.ctx)) & {"Ana", "Bo", "wolf_companion#1"}
    kinds = {ab.args.get("dtype") for d in tablekit.game_info("foehunters").cards.values() for ab in d.abilities}
    assert {"fire", "melee", "nature", "cold", "air", "spirit", None} <= kinds


def test_R090_R059_R093_a_card_may_offer_another_feat_but_one_feat_a_turn():
    g = at(new(heroes={"Ana": "forgemaster", "Bo": "pathfinder"}), TURN, turn="Ana",
           zones={"Ana/play": ["runed_warhorn", "dwarven_forge_technique"]})
    assert legal(g)["feat:reghar:0"] and legal(g)["feat:runed_warhorn:0"]
    g.choose("feat:runed_warhorn:0")
    until_decision(g)
    assert legal(g)["feat:reghar:0"] is False
    # the Dwarven Forge Technique reacts to the Hero Feat only: no discount now
    assert not [e for e in g.state.lasting if e.get("stat") == "cost"]


def test_FAQ23_power_and_dragon_fire_never_raise_the_berserkers_life_payment():
    g = at(new(), TURN, turn="Ana", zones={"Ana/hand": ["frenzy#1"], "Ana/deck": ["cleave#1"],
                                           "Ana/play": ["sample_power", "battle_axe"], "foe/play": ["dragon_fire"]},
           counters={"Ana": {"hp": 10}})
    berserker_feat(g)
    g.choose("lose_life:2")
    until_decision(g)
    assert g.state.player("Ana")["hp"] == 8


def test_FAQ18_an_ally_gets_no_marked_target_bonus_in_play():
    g = at(new(), TURN_START, turn="Bo", zones={"Bo/play": ["wolf_companion#1", "sample_power"],
                                                "foe/play": ["controlled_hireling"]},
           extra={"marked": "controlled_hireling"})
    g.step()
    until_decision(g)
    if g.pending is not None and g.pending.kind == "target":
        g.choose("target:controlled_hireling")
    for _ in range(3):
        if g.state.cards["controlled_hireling"].get("damage"):
            break
        g.step()
    # the wolf's 1 melee: no mark, no power (an ally is no hero source, ruling FH-HERO-SOURCE)
    assert g.state.cards["controlled_hireling"]["damage"] == 1


def test_FAQ17_contrast_a_hero_card_on_the_marked_target_gets_the_bonus():
    g = at(new(), TURN, turn="Bo", zones={"Bo/hand": ["quick_shot#1"], "foe/play": ["controlled_hireling"]},
           extra={"marked": "controlled_hireling"})
    g.choose("play:quick_shot#1")
    until_decision(g)
    g.choose("target:controlled_hireling")
    until_decision(g)
    assert g.state.cards["controlled_hireling"]["damage"] == 3


def test_R137_on_the_foe_turn_the_party_orders_a_heros_trigger_and_the_foes():
    g = at(new(), FOE_PLAY, zones={"foe/deck": ["controlled_hireling"], "Bo/play": ["woodland_trap"]},
           cards={"woodland_trap": {"counters": {"counters": 3}}, "dragonspawn_2p": {"damage": 8}})
    g.step()
    until_decision(g)
    d = g.pending
    assert d.kind == "trigger_order" and d.player == "Ana" and set(d.party) == {"Ana", "Bo"}
    labels = {o.id: o.label for o in d.options}
    first_trap = next(i for i, lab in labels.items() if lab.startswith("Woodland Trap"))
    g.choose(first_trap)
    until_decision(g)
    # the trap hit the hireling (3 of its 6 HP) and the hireling's heal still came (8 - 5)
    assert g.state.cards["controlled_hireling"]["damage"] == 3 and g.state.cards["dragonspawn_2p"]["damage"] == 3



def test_R043_the_end_of_phase_record_claims_an_order_only_for_different_effects():
    g = at(new(), FOE_END, zones={"foe/play": ["kobold_scout#1", "kobold_scout#2"]})
    rec = g.step()
    assert "2 end-of-phase effects trigger (R-043)" in rec.text and (g.pending is None
                                                                   or g.pending.kind != "trigger_order")
    g = at(new(), FOE_END, zones={"foe/play": ["kobold_scout#1", "controlled_hireling"]})
    rec = g.step()
    assert "in the order the party chooses (ruling FH-TRIGGER-ORDER)" in rec.text
    g = at(new(), FOE_END, zones={"foe/play": []})
    assert "no end-of-phase effect triggers" in g.step().text


# -- part 2: the full decks and the effects their stand-ins use ------------------------------------

def _defs():
    return tablekit.new_game("foehunters", players=2, seed=1, options={"foe": "cult"}).gamedef.cards


def _dealt(defs, deck, **where):
    return [d for d in defs.values() if d.fields.get("deck") == deck and not d.test_only
            and all(d.fields.get(k) == v for k, v in where.items())]


def _effects(d) -> set[str]:
    """The distinct effects a card uses: each action's or trigger's effect (the parts of a
    several-part effect too), each modifier's stat, and being an ally."""
    out = {"ally"} if d.kind == "ally" else set()
    for ab in d.abilities:
        if ab.type == "modifier":
            out.add(f"modifier:{ab.stat}")
        elif ab.effect == "steps":
            out |= {s["effect"] for s in ab.args["steps"]}
        elif ab.effect:
            out.add(ab.effect)
    return out


def test_FH_DECK_SIZES_every_deck_has_its_ruled_size():
    defs = _defs()
    for h in T.HEROES:
        assert sum(d.quantity for d in _dealt(defs, "hero", hero=h)) == 10, h
        assert sum(d.quantity for d in _dealt(defs, "city", affinity=h)) == 6, h
    city = _dealt(defs, "city")
    generic = [d for d in city if not d.fields.get("affinity")]
    assert sum(d.quantity for d in city) == 48 and sum(d.quantity for d in generic) == 12
    assert sum(d.quantity for d in generic if "potion" in d.traits) == 3
    assert "sharp_sword" in {d.id for d in generic}
    for f in T.FOES:
        foe_deck = _dealt(defs, "foe", foe=f)
        assert sum(d.quantity for d in foe_deck) == 20, f
        assert sum(d.quantity for d in foe_deck if d.kind == "vassal") == 8, f


def test_FH_DECK_SIZES_a_new_game_deals_them():
    g = tablekit.new_game("foehunters", players=["Ana", "Bo", "Cy"], seed=3,
                          options={"foe": "keraxis", "heroes": {"Ana": "paladin", "Bo": "necromancer",
                                                                "Cy": "elemancer"}})
    while g.cursor[-1] != "Start of the foe phase":
        g.step()
    z = g.state.zones
    assert len(z["city/deck"]) + len(z["city/row"]) == 48 and len(z["city/row"]) == 4
    assert len(z["foe/deck"]) == 20
    assert all(len(z[f"{p}/deck"]) + len(z[f"{p}/hand"]) == 10 for p in ("Ana", "Bo", "Cy"))
    easy = tablekit.new_game("foehunters", players=["Ana", "Bo", "Cy"], seed=3,
                             options={"foe": "keraxis", "easy": True, "heroes": {"Ana": "paladin", "Bo": "necromancer",
                                                                                 "Cy": "elemancer"}})
    while easy.cursor[-1] != "Start of the foe phase":
        easy.step()
    assert len(easy.state.zones["city/deck"]) + len(easy.state.zones["city/row"]) == 30  # 18 + 12


def test_each_heros_stand_ins_use_at_least_five_distinct_effects():
    defs = _defs()
    for h in T.HEROES:
        used = set().union(*(_effects(d) for d in _dealt(defs, "hero", hero=h)))
        assert len(used) >= 5, (h, used)
        assert all(d.stand_in for d in _dealt(defs, "hero", hero=h))


def test_the_playstyles_show_in_the_decks():
    """Tank/Buffs, Pets/Support, Pets/Attrition, Buffs/Utility, Technical/Combo, Technical/Synergy."""
    defs = _defs()
    deck = {h: _dealt(defs, "hero", hero=h) for h in T.HEROES}
    assert any(ab.args.get("who") == "party" for d in deck["paladin"] for ab in d.abilities)
    assert any(d.kind == "ally" for d in deck["pathfinder"]) and any("heal" in _effects(d) for d in deck["pathfinder"])
    assert sum(d.quantity for d in deck["necromancer"] if d.kind == "ally") >= 3
    assert any(ab.args.get("who") == "choose" for d in deck["forgemaster"] for ab in d.abilities)
    assert sum(d.quantity for d in deck["berserker"] if "rage" in d.traits) >= 4
    types = {ab.args.get("dtype") for d in deck["elemancer"] for ab in d.abilities}
    types |= {s["args"].get("dtype") for d in deck["elemancer"] for ab in d.abilities if ab.effect == "steps"
              for s in ab.args["steps"]}
    assert {"air", "cold", "fire"} <= types


def _foe_dtypes(d) -> set:
    out = set()
    for ab in d.abilities:
        if ab.effect == "foe_hit":
            out.add(ab.args.get("dtype"))
        if ab.effect == "foe_steps":
            out |= {s["args"].get("dtype") for s in ab.args["steps"] if s["effect"] == "foe_hit"}
        if ab.type == "modifier" and ab.stat == "damage_all":
            out.add(ab.when.get("dtype"))
    return out


def test_each_foe_deck_does_what_its_tip_says():
    defs = _defs()
    # the Cult: one damage type, so a ward of that type gives the party a turn without reprisal
    cult = set().union(*(_foe_dtypes(d) for d in _dealt(defs, "foe", foe="cult")))
    cult |= set().union(*(_foe_dtypes(d) for d in defs.values() if d.fields.get("foe") == "cult" and d.kind == "foe"))
    assert cult == {"spirit"}
    wards = {ab.args["dtype"] for d in _dealt(defs, "city") for ab in d.abilities if ab.effect == "ward"}
    assert "spirit" in wards
    # Keraxis: plunder takes equipment and persistent abilities
    plunder = [d for d in _dealt(defs, "foe", foe="keraxis")
               if any("equipment" in (s.get("args", {}).get("kinds") or ab.args.get("kinds") or [])
                      for ab in d.abilities for s in (ab.args.get("steps") or [{}]))]
    assert sum(d.quantity for d in plunder) >= 4
    # the Dragonspawn: dragonslayers who wound the foe as well as the heroes
    slayers = [d for d in _dealt(defs, "foe", foe="dragonspawn") if any(ab.args.get("foe") for ab in d.abilities)]
    assert "competing_dragonslayers" in {d.id for d in slayers}


def test_R030_the_two_player_foe_cards_are_a_little_easier():
    defs = _defs()
    for f in T.FOES:
        full, two = defs[f], defs[f"{f}_2p"]
        assert two.fields.get("two_player") and not full.fields.get("two_player")
        for face in (0, 1):
            a, b = full.faces[face].fields.get("hp"), two.faces[face].fields.get("hp")
            assert (a is None and b is None) or b < a, (f, face)
        hits = {i: sum(ab.args.get("amount", 0) for ab in d.abilities if ab.effect == "foe_hit"
                       and ab.on == "foe_phase_start") for i, d in (("full", full), ("two", two))}
        assert hits["two"] <= hits["full"], f


PALADIN = {"Ana": "paladin", "Bo": "pathfinder"}


def test_FH_WARD_a_ward_prevents_one_damage_type_before_anything_is_asked():
    g = at(new(foe="cult", heroes=PALADIN), TURN, turn="Ana",
           zones={"Ana/hand": ["sacred_ward"], "Ana/play": ["blessed_plate"], "Bo/play": ["wolf_companion#1"]})
    g.choose("play:sacred_ward")
    until_decision(g)
    ward = [e for e in g.state.lasting if e.get("stat") == "ward"]
    assert len(ward) == 1 and ward[0]["players"] == ["Ana", "Bo"] and ward[0]["until"] == {"turn_of": "Ana"}
    hp = {p: g.state.player(p)["hp"] for p in ("Ana", "Bo")}
    g.ctx.start("foe_hit", controller=None, args={"amount": 2, "dtype": "spirit"}, now=False)
    g.rebase()
    until_decision(g)
    # no armor (Ana) and no redirect (Bo's wolf) is asked: the damage is never dealt
    assert g.pending.kind == "action" and {p: g.state.player(p)["hp"] for p in ("Ana", "Bo")} == hp
    assert sum(1 for r in g.history if "FH-WARD" in r.text and "prevented" in r.text) >= 1
    g.ctx.start("foe_hit", controller=None, args={"amount": 2, "dtype": "melee"}, now=False)
    g.rebase()
    until_decision(g)
    assert g.pending.kind == "armor" and g.pending.player == "Ana"  # melee is not warded


def test_FH_WARD_only_for_the_heroes_standing_and_only_its_type():
    g = at(new(foe="cult", heroes=PALADIN), TURN, turn="Ana", zones={"Ana/hand": ["sacred_ward"]},
           counters={"Bo": {"hp": 0, "incap": 1}})
    g.choose("play:sacred_ward")
    until_decision(g)
    assert [e["players"] for e in g.state.lasting if e.get("stat") == "ward"] == [["Ana"]]
    g.ctx.start("foe_hit", controller=None, args={"amount": 1}, now=False)  # untyped damage
    g.rebase()
    until_decision(g)
    assert g.state.player("Ana")["hp"] == 17


def test_FH_UNTIL_WHOSE_power_for_the_party_lasts_until_the_players_next_turn():
    g = at(new(foe="cult", heroes=PALADIN), TURN, turn="Ana", zones={"Ana/hand": ["battle_hymn#1"]})
    g.choose("play:battle_hymn#1")
    until_decision(g)
    hymn = [e for e in g.state.lasting if e.get("stat") == "power"]
    assert len(hymn) == 1 and hymn[0]["players"] == ["Ana", "Bo"] and hymn[0]["until"] == {"turn_of": "Ana"}
    assert g.ctx.stat("power", 2, player="Bo") == 3
    assert any("ruling FH-UNTIL-WHOSE" in r.text for r in g.history)


def test_a_hero_of_your_choice_gains_the_armor_and_an_incapacitated_one_cannot():
    g = at(new(foe="cult", heroes=PALADIN), TURN, turn="Ana", zones={"Ana/hand": ["guardians_oath"]},
           counters={"Bo": {"hp": 0, "incap": 1}})
    g.choose("play:guardians_oath")
    until_decision(g)
    assert g.pending.kind == "hero" and legal(g) == {"hero:Ana": True, "hero:Bo": False}
    assert "incapacitated" in reason(g, "hero:Bo")
    g.choose("hero:Ana")
    assert T.armor_total(g.ctx, "Ana") == 2


def test_reckless_charge_loses_life_and_its_rage_draws():
    g = at(new(), TURN, turn="Ana", zones={"Ana/hand": ["reckless_charge"], "foe/play": []})
    hp, foe_dmg = g.state.player("Ana")["hp"], g.state.cards["dragonspawn_2p"].get("damage", 0)
    g.choose("play:reckless_charge")
    until_decision(g)
    assert g.state.cards["dragonspawn_2p"]["damage"] == foe_dmg + 4
    assert g.state.player("Ana")["hp"] == hp - 1
    assert any("loses 1 life" in r.text and "FAQ-22" in r.text for r in g.history)
    rage = [ab for ab in g.gamedef.cards["reckless_charge"].abilities if ab.window == "rage"]
    assert rage and rage[0].effect == "draw"


def test_the_heuristic_bot_answers_every_decision_itself(monkeypatch):
    """Every decision of whole games, the party's included, gets the heuristic's own legal
    answer: no kind falls back to the engine's default."""
    from tablekit.games.foehunters import bots
    from tablekit.games.foehunters import game as fh_game
    seen: dict[str, int] = {}
    real = bots.heuristic

    def spy(ctx, d):
        answer = real(ctx, d)
        assert answer is not None, f"no heuristic answer for a {d.kind!r} decision"
        assert all(d.option(a).legal for a in answer), (d.kind, answer)
        assert d.min <= len(answer) <= d.max, (d.kind, answer)
        seen[d.kind] = seen.get(d.kind, 0) + 1
        return answer

    monkeypatch.setattr(bots, "heuristic", spy)
    monkeypatch.setattr(fh_game, "heuristic", spy)
    for seed, foe, players in ((1, "cult", 3), (2, "keraxis", 3), (3, "dragonspawn", 3), (4, None, 3),
                               (1, None, 2), (2, None, 3)):
        g = tablekit.new_game("foehunters", players=["Ana", "Bo", "Cy"][:players], seed=seed,
                              options={"foe": foe} if foe else {})
        g.run(until="end", bots="heuristic", max_records=50_000)
        assert g.is_over and g.result.ending in ("foe_defeated", "party_defeated")
    assert {"foe", "hero", "start", "refresh", "action", "target", "armor"} <= set(seen), seen
    assert set(seen) <= set(bots.ANSWERS), set(seen) - set(bots.ANSWERS)


def test_the_turn_suggests_a_play_then_a_purchase_then_a_feat_and_ending_only_when_none_is_open():
    """A learner who follows the suggestions plays and purchases cards (issue 44): on every
    turn decision of seeded random-bot games, the suggestion is a legal card play that does
    something if there is one, else the dearest purchase the hero can pay, else a feat, else
    a card that would hit nothing (no enemy target), else "end"; with its reason."""
    from tablekit.core.bots import record_answer
    from tablekit.games.foehunters.rules import hits_nothing

    seen = Counter()
    for seed in (1, 2, 3):
        g = tablekit.new_game("foehunters", players=2 + seed % 3, seed=seed)
        while not g.is_over and len(g.history) < 600:
            d = g.pending
            if d is None:
                g.step()
                continue
            if d.kind == "action":
                legal = [o.id for o in d.options if o.legal]
                by = {k: [i for i in legal if i.startswith(k + ":")] for k in ("play", "buy", "feat")}
                idle = [i for i in by["play"] if hits_nothing(g.ctx, i[len("play:"):])]
                by["play"] = [i for i in by["play"] if i not in idle]
                first = next((k for k in ("play", "buy", "feat") if by[k]), "idle" if idle else "end")
                assert d.default in legal and d.default.split(":")[0] == first.replace("idle", "play"), \
                    (d.default, legal)
                if idle:
                    seen["idle passed over" if first != "idle" else "idle"] += 1
                    assert (d.default in idle) == (first == "idle")
                if first == "buy":
                    costs = {i: T.city_cost(g.ctx, d.player, i[4:]) for i in by["buy"]}
                    assert costs[d.default] == max(costs.values())
                assert d.hint.startswith("Suggested: ") and (first != "end" or "forfeits nothing" in d.hint)
                seen[first] += 1
            g.choose(*record_answer("random", g.gamedef, g.ctx, d, g.state.seed, len(g.history)))
    assert seen["play"] and seen["end"] and seen["idle passed over"], seen
