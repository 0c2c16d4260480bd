"""The Foe Hunters teaching notebook: each section's table (built by
tablekit/games/foehunters/positions.py) is what the section's words say it is,
and plays out as they say. The notebook itself runs no check; every check is here."""

from __future__ import annotations

import json
import re
from pathlib import Path

import notebook_checks as NC
import pytest
from test_foehunters_rules import ids, legal, until_decision

import tablekit
from tablekit.games.foehunters import positions as P
from tablekit.games.foehunters import table as T

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = ROOT / "notebooks" / "foehunters.ipynb"
FOE_PHASE = "How To Play: Foe Phase"


def hp(g, p):
    return g.state.player(p)["hp"]


def max_hp(g, p):
    return T.max_hp(g.ctx, p)


def damage_events(records):
    return [e for r in records for e in r.events if e["type"] == "damage"]


def test_no_card_goes_to_the_box_and_the_row_keeps_four():
    """The positions place only the cards they name: every other card stays where the shuffle put it."""
    dealt = P.new("keraxis", {"Ana": "berserker", "Bo": "pathfinder", "Cy": "necromancer"}, 3)
    g = P.dealing_damage()
    assert sorted(g.state.zones["box"]) == sorted(dealt.state.zones["box"])
    assert len(g.state.zones["city/row"]) == 4 and "sharp_sword" not in g.state.zones["city/row"]
    fall = P.the_fall()
    assert len(fall.state.zones["city/row"]) == 4
    assert len(fall.state.zones["foe/deck"]) == len(P.new("cult", P.FALL_HEROES, 6).state.zones["foe/deck"]) - 1
    before = dealt.state.to_dict()
    with pytest.raises(tablekit.TablekitError, match="no card 'kraken'"):
        P.placed(dealt, {"foe/deck": ["broadside#1", "kraken"]})
    assert dealt.state.to_dict() == before


def test_a_sections_decks_are_the_seeded_shuffle_and_another_seed_shuffles_otherwise():
    heroes = {"Ana": "berserker", "Bo": "pathfinder", "Cy": "necromancer"}
    g, other = P.dealing_damage(3), P.dealing_damage(4)
    dealt = P.new("keraxis", heroes, 3).state
    for z in ("city/deck", "foe/deck", "Bo/deck"):
        mine = g.state.zones[z]
        assert mine == [u for u in dealt.zones[z] if u in set(mine)] and len(mine) > 3
    assert g.state.zones["city/deck"] != other.state.zones["city/deck"]
    assert g.state.zones["city/deck"] != sorted(g.state.zones["city/deck"], key=list(g.state.cards).index)


# -- 1. setting up and the round ------------------------------------------------------------------

def test_1_the_party_picks_the_foe_then_each_player_a_different_hero():
    g = P.setting_up()
    d = g.pending
    assert d.kind == "foe" and d.player == "Ana" and set(d.party) == set(P.PARTY)
    assert ids(g) == ["foe:cult", "foe:keraxis", "foe:dragonspawn"] and d.default == "foe:cult"
    assert "R-023" in d.hint
    g.choose("foe:cult")
    assert g.pending.kind == "hero" and g.pending.player == "Ana"
    g.choose("hero:paladin")
    assert g.pending.player == "Bo" and legal(g)["hero:paladin"] is False
    assert "R-013" in g.pending.option("hero:paladin").reason


def test_1_the_setup_deals_the_row_the_hero_decks_one_card_each_and_the_foe():
    g = P.setting_up()
    for choice in ("foe:cult", "hero:paladin", "hero:pathfinder", "hero:berserker"):
        g.choose(choice)
    steps = [g.step() for _ in range(4)]
    assert [r.path[-1] for r in steps] == ["City deck", "Hero decks", "First draw", "Foe deck"]
    st = g.state
    assert len(st.zones["city/row"]) == 4
    city = st.zones["city/row"] + st.zones["city/deck"]
    assert {g.ctx.defn(u).fields.get("affinity") for u in city} >= {"necromancer", "forgemaster", "elemancer"}
    for p in P.PARTY:
        assert hp(g, p) == max_hp(g, p) and st.player(p)["xp"] == 4 and len(st.zones[f"{p}/hand"]) == 1
        assert st.zones[f"{p}/play"] == []
    assert st.zones["foe/card"] == ["cult"] and st.cards["cult"]["face"] == 0
    assert T.card_hp(g.ctx, "cult") is None and "no hit points in phase 1" in steps[-1].text
    assert g.cursor[-3:] == ("Round", "Foe phase", "Start of the foe phase")


def test_1_a_round_is_a_foe_phase_then_a_hero_phase_in_the_order_the_page_gives():
    flow = P.setting_up().flow
    assert [c.name for c in flow.find(["Rounds", "Round"]).children] == ["Foe phase", "Hero phase"]
    assert [c.name for c in flow.find(["Rounds", "Round", "Foe phase"]).children] == [
        "Start of the foe phase", "Play the top foe card", "End of the foe phase", "Refresh a city card"]
    assert [c.name for c in flow.find(["Rounds", "Round", "Hero phase"]).children] == [
        "Choose the starting hero", "Hero turns"]
    assert [c.name for c in flow.find(list(P.HERO_TURN[:-1])).children] == [
        "Incapacitated?", "Refill the city row", "Discard down to seven"]
    assert [c.name for c in flow.find(list(P.HERO_TURN) + ["Turn"]).children] == [
        "Start of the turn", "Draw", "Actions"]


def test_1_two_seats_take_the_two_player_foe_card():
    g = P.new("cult", {"Ana": "paladin", "Bo": "pathfinder"}, players=("Ana", "Bo"))
    assert g.state.zones["foe/card"] == ["cult_2p"]
    solo = tablekit.new_game("foehunters", players=2, variant="solo", seed=1)
    assert solo.state.variant == "solo"


RANK = {"Ana": "berserker", "Bo": "pathfinder", "Cy": "necromancer"}


def test_1_a_purchase_needs_its_cost_in_xp_and_an_empty_deck_and_discard_draw_nothing():
    g = P.position("keraxis", RANK, P.ACTION, turn="Ana", counters={"Ana": {"xp": 0}})
    buys = [o for o in g.pending.options if o.id.startswith("buy:")]
    assert buys and all(not o.legal and o.rule == "FH-COST" for o in buys)
    start = P.HERO_TURN + ("Turn", "Start of the turn")
    g = P.new("keraxis", RANK)
    g.arrange(zones={"Ana/deck": [], "Ana/discard": []}, at=start, turn="Ana")
    hand = list(g.state.zones["Ana/hand"])
    g.step()
    assert g.step().rule == "FH-EMPTY-DRAW" and g.state.zones["Ana/hand"] == hand


# -- 2. the foe phase -------------------------------------------------------------------------------

def test_2_the_table_is_emberglow_with_the_dragonslayers_and_the_hireling_on_top():
    g = P.foe_phase()
    assert g.cursor[-1] == "Start of the foe phase" and g.pending is None
    assert g.state.cards["dragonspawn"]["face"] == 1 and g.ctx.face("dragonspawn").name == "Emberglow, the Flame Bringer"
    full = T.card_hp(g.ctx, "dragonspawn")
    assert full == P.phase_hp("dragonspawn", 1) and T.hp_left(g.ctx, "dragonspawn") == full - 6
    assert g.state.zones["foe/play"] == ["competing_dragonslayers"]
    assert T.hp_left(g.ctx, "competing_dragonslayers") == 5
    assert g.state.zones["foe/deck"][-1] == "controlled_hireling"
    for p in P.PARTY:  # no armor and no ally: the foe phase asks the heroes nothing
        assert T.armor_ready(g.ctx, p) == 0 and T.allies(g.ctx, p) == []


def test_2_the_foe_phase_plays_out_in_its_four_steps():
    g = P.foe_phase()
    full = T.card_hp(g.ctx, "dragonspawn")
    start = g.step()
    assert start.rule == FOE_PHASE and "1 start-of-phase effect triggers" in start.text
    emberglow = g.step()
    hits = {e["target"]: (e["amount"], e["dtype"]) for e in damage_events([emberglow])}
    assert hits == {"Ana": (3, "fire"), "Bo": (3, "fire"), "Cy": (3, "fire"), "competing_dragonslayers": (3, "fire")}
    assert all(hp(g, p) == max_hp(g, p) - 3 for p in P.PARTY)
    assert T.hp_left(g.ctx, "competing_dragonslayers") == 2
    played = g.step()
    assert played.path[-1] == "Play the top foe card" and "controlled_hireling" in g.state.zones["foe/play"]
    healed = g.step()
    assert "heals 5 HP" in healed.text and T.hp_left(g.ctx, "dragonspawn") == full - 6 + 5
    end = g.step()
    assert end.path[-1] == "End of the foe phase" and "in the order the party chooses" in end.text
    d = g.pending
    assert d.kind == "trigger_order" and d.player == "Ana" and set(d.party) == set(P.PARTY)
    assert sorted(o.label.split(":")[0] for o in d.options) == ["Competing Dragonslayers", "Controlled Hireling"]
    g.choose(next(o.id for o in d.options if o.label.startswith("Controlled Hireling")))
    until_decision(g)
    assert all(hp(g, p) == max_hp(g, p) - 3 - 2 - 1 for p in P.PARTY)
    assert T.hp_left(g.ctx, "dragonspawn") == full - 6 + 5 - 1     # the Dragonslayers hit the foe too
    assert g.pending.kind == "refresh" and g.pending.player == "Ana" and "no_refresh" in ids(g)
    row = list(g.state.zones["city/row"])
    top = g.state.zones["city/deck"][-1]
    assert g.choose(f"refresh:{row[0]}").rule == "FH-REFRESH"
    assert g.state.zones["city/row"] == [top] + row[1:] and g.state.zones["city/discard"] == [row[0]]
    assert g.pending.kind == "start"


def test_2_the_foe_never_heals_above_its_face():
    g = P.position("dragonspawn", RANK, P.FOE_PLAY, add={"foe/deck": ["controlled_hireling"]},
                   cards={"dragonspawn": {"damage": 2}})
    g.step()
    rec = g.step()                                            # the Hireling heals 5, but only 2 were lost
    assert rec.rule == "FH-HEAL-CAP" and g.state.cards["dragonspawn"]["damage"] == 0


# -- 3. damage and armor -----------------------------------------------------------------------------

def test_3_the_dealing_table_has_the_sword_the_cleave_and_two_vassals():
    g = P.dealing_damage()
    assert g.pending.kind == "action" and g.pending.player == "Ana" and legal(g)["play:cleave#1"]
    assert g.state.zones["Ana/play"] == ["sharp_sword"]
    assert g.state.zones["foe/play"] == ["pirate_raider#1", "bosun"]
    assert T.hp_left(g.ctx, "keraxis") == P.phase_hp("keraxis", 0)
    assert [T.hp_left(g.ctx, u) for u in ("pirate_raider#1", "bosun")] == [3, 3]
    assert [g.ctx.defn(u).fields["xp"] for u in ("pirate_raider#1", "bosun")] == [1, 2]


def test_3_cleave_is_one_instance_on_each_target_raised_by_power():
    g = P.dealing_damage()
    xp = {p: g.state.player(p)["xp"] for p in P.PARTY}
    g.choose("play:cleave#1")
    until_decision(g)
    hits = damage_events(g.history)
    assert [(e["target"], e["amount"], e["dtype"]) for e in hits] == [
        ("keraxis", 3, "melee"), ("pirate_raider#1", 3, "melee"), ("bosun", 3, "melee")]
    assert T.hp_left(g.ctx, "keraxis") == P.phase_hp("keraxis", 0) - 3 and g.state.cards["keraxis"]["face"] == 0
    assert {"pirate_raider#1", "bosun"} <= set(g.state.zones["foe/discard"]) and g.state.zones["foe/play"] == []
    assert all(g.state.player(p)["xp"] == xp[p] + 1 + 2 for p in P.PARTY)


def test_3_the_armor_table_has_three_ready_armor_and_broadside_on_top():
    g = P.armor()
    assert g.cursor[-1] == "Play the top foe card" and g.state.zones["foe/deck"][-1] == "broadside#1"
    assert g.state.zones["Ana/play"] == ["blessed_plate"] and "holy_aegis#1" in g.state.zones["Ana/discard"]
    assert T.armor_ready(g.ctx, "Ana") == 3
    assert T.armor_ready(g.ctx, "Bo") == 0 and T.armor_ready(g.ctx, "Cy") == 0


def test_3_armor_is_exhausted_against_the_instance_and_readied_on_the_next_turn():
    g = P.armor()
    until_decision(g)
    d = g.pending
    assert d.kind == "armor" and d.player == "Ana"
    assert legal(g) == {"armor:0": True, "armor:1": True, "armor:2": True, "armor:3": False}
    assert d.option("armor:3").rule == "FH-ARMOR"
    g.choose("armor:2")
    assert hp(g, "Ana") == max_hp(g, "Ana") and g.state.player("Ana")["armor_used"] == 2
    assert T.armor_ready(g.ctx, "Ana") == 1
    assert hp(g, "Bo") == max_hp(g, "Bo") - 2 and hp(g, "Cy") == max_hp(g, "Cy") - 2
    until_decision(g)
    g.choose("no_refresh")
    g.choose("start:Ana")
    assert g.step().path[-1] == "Start of the turn"
    assert g.state.player("Ana")["armor_used"] == 0
    assert T.armor_total(g.ctx, "Ana") == 1    # the Holy Aegis's 2 armor ended; the Blessed Plate's stays


def test_3_a_foe_persistent_ability_is_no_enemy_target():
    g = P.position("dragonspawn", RANK, P.ACTION, turn="Ana",
                   add={"Ana/hand": ["cleave#1"], "foe/play": ["dragon_fire", "pirate_raider#1"]})
    g.choose("play:cleave#1")
    while g.pending is None and "cleave#1" not in g.state.zones["Ana/discard"]:
        g.step()
    hit = {e["target"] for e in damage_events(g.history)}
    assert hit == {"dragonspawn", "pirate_raider#1"} and "damage" not in g.state.cards["dragon_fire"]


# -- 4. redirecting to an ally, and carry-over -----------------------------------------------------

def test_4_the_table_has_shaels_allies_dragon_fire_and_ember_breath_on_top():
    g = P.redirect()
    assert g.state.zones["Ana/play"] == ["skeleton#1", "ghoul"]
    assert [T.hp_left(g.ctx, u) for u in ("skeleton#1", "ghoul")] == [2, 4]
    assert g.state.zones["foe/play"] == ["dragon_fire"] and g.state.zones["foe/deck"][-1] == "ember_breath#1"
    assert T.armor_ready(g.ctx, "Ana") == 0
    assert all(T.allies(g.ctx, p) == [] for p in ("Bo", "Cy"))


def test_4_redirect_to_the_skeleton_then_carry_the_rest_after_the_batch():
    g = P.redirect()
    until_decision(g)
    d = g.pending
    assert d.kind == "redirect" and d.player == "Ana"
    assert ids(g) == ["redirect:skeleton#1", "redirect:ghoul", "take"] and "3 fire damage" in d.prompt
    g.choose("redirect:skeleton#1")
    assert "skeleton#1" in g.state.zones["Ana/discard"]
    # Bo's and Cy's instances of the batch are dealt before the carry-over is assigned
    assert hp(g, "Bo") == max_hp(g, "Bo") - 3 and hp(g, "Cy") == max_hp(g, "Cy") - 3
    assert g.pending.kind == "carry" and ids(g) == ["carry:ghoul", "carry:hero"]
    assert "1 point of damage" in g.pending.prompt
    g.choose("carry:ghoul")
    assert T.hp_left(g.ctx, "ghoul") == 3 and hp(g, "Ana") == max_hp(g, "Ana")


def test_4_the_carry_over_may_go_to_the_hero_instead():
    g = P.redirect()
    until_decision(g)
    g.choose("redirect:skeleton#1")
    g.choose("carry:hero")
    assert hp(g, "Ana") == max_hp(g, "Ana") - 1 and T.hp_left(g.ctx, "ghoul") == 4


# -- 5. incapacitation and the four helps --------------------------------------------------------------

def test_5_the_fall_table_has_grimnar_at_two_hp_and_dark_whispers_on_top():
    g = P.the_fall()
    assert hp(g, "Ana") == 2 and g.state.zones["Ana/play"] == ["sharp_sword"]
    assert g.state.zones["foe/deck"][-1] == "dark_whispers#1" and g.state.zones["foe/play"] == ["cultist#1"]


def test_5_grimnar_is_incapacitated_and_discards_his_hand_and_cards_in_play():
    g = P.the_fall()
    hand = list(g.state.zones["Ana/hand"])
    g.step()
    whispers = g.step()
    st = g.state
    assert st.player("Ana")["incap"] == 1 and hp(g, "Ana") == 0 and st.cards["grimnar"]["face"] == 1
    assert st.zones["Ana/hand"] == [] and st.zones["Ana/play"] == []
    assert set(hand) | {"sharp_sword"} <= set(st.zones["Ana/discard"])
    assert "FH-INCAP-DISCARD" in whispers.text
    end = [g.step(), g.step()]
    assert end[0].path[-1] == "End of the foe phase"
    assert [e["target"] for e in damage_events(end)] == ["Bo", "Cy"]      # the Cultist passes Grimnar by
    assert not g.is_over and g.pending.kind == "refresh"


def test_5_the_helps_table_is_grimnars_turn_after_the_fall():
    g = P.helps()
    assert g.history == [] and g.turn == "Ana" and g.pending.kind == "help" and g.pending.player == "Ana"
    assert g.state.player("Ana")["incap"] == 1 and g.state.zones["foe/discard"] == ["dark_whispers#1"]
    assert g.state.extra["first"] == "Ana"


def test_5_the_four_helps_with_the_reasons_for_those_that_cannot_be_given():
    g = P.helps()
    o = legal(g)
    assert all(i.startswith("help:") for i in o if o[i])          # no draw, play, purchase or feat
    refused = [i for i in o if not i.startswith("help:")]         # purchase and feat: shown, refused
    assert refused and all(i.startswith(("buy:", "feat:")) and not o[i] for i in refused)
    assert all(g.pending.option(i).rule == "FH-INCAP-FEAT" for i in refused)
    assert o["help:xp:Bo"] and o["help:xp:Cy"] and o["help:xp:Ana"] is False
    assert "R-126" in g.pending.option("help:xp:Ana").reason
    assert o["help:heal:Bo"] and o["help:heal:Cy"] and o["help:heal:Ana"] is False
    assert "R-126" in g.pending.option("help:heal:Ana").reason
    assert all(o[f"help:refresh:{u}"] for u in g.state.zones["city/row"])
    damage = [i for i in o if i.startswith("help:damage:")]
    assert damage == ["help:damage:cultist#1", "help:damage:cult"]  # the Cult has no HP: refused
    assert o["help:damage:cult"] is False and g.pending.option("help:damage:cult").rule == "FH-CULT-P1"
    g.choose("help:damage:cultist#1")
    assert T.hp_left(g.ctx, "cultist#1") == 2
    assert g.step().path[-1] == "Refill the city row"           # the help was the whole turn


def test_5_a_hero_incapacitated_by_playing_a_card_loses_the_card_and_the_rest_of_the_turn():
    g = P.position("dragonspawn", RANK, P.ACTION, turn="Ana",
                   add={"Ana/hand": ["cleave#1"], "foe/play": ["arcane_rune"]}, counters={"Ana": {"hp": 1}})
    g.choose("play:cleave#1")
    while g.pending is None:
        g.step()
    assert "FH-PLAY-INCAP" in {r.rule for r in g.history} and g.state.player("Ana")["incap"]
    assert {e["target"] for e in damage_events(g.history)} == {"Ana"}     # the Cleave dealt nothing
    assert "cleave#1" in g.state.zones["Ana/discard"] and g.turn == "Bo"   # no help, no more actions


# -- 6. the phase flip ------------------------------------------------------------------------------------

def test_6_damage_beyond_zero_flips_the_dragonspawn_and_carries_over():
    g = P.flip_by_damage()
    assert T.hp_left(g.ctx, "dragonspawn") == 2 and g.state.zones["foe/play"] == []
    assert legal(g)["play:wild_swing#1"]
    g.choose("play:wild_swing#1")
    until_decision(g)
    assert g.state.cards["dragonspawn"]["face"] == 1 and g.ctx.face("dragonspawn").name == "Emberglow, the Flame Bringer"
    assert g.state.cards["dragonspawn"]["damage"] == 1
    assert T.hp_left(g.ctx, "dragonspawn") == P.phase_hp("dragonspawn", 1) - 1
    assert any("FH-FLIP-DAMAGE" in r.text for r in g.history) and not g.is_over


def test_6_the_third_officer_flips_keraxis_and_no_damage_carries_over():
    g = P.officers()
    discard = g.state.zones["foe/discard"]
    assert sum("officer" in g.ctx.defn(u).traits for u in discard) == 2
    assert g.ctx.face("keraxis").fields["flip_officers"] == 3
    assert T.hp_left(g.ctx, "keraxis") == P.phase_hp("keraxis", 0) - 6
    assert "officer" in g.ctx.defn("bosun").traits and T.hp_left(g.ctx, "bosun") == 3
    g.choose("play:wild_swing#1")
    until_decision(g)
    assert ids(g) == ["target:keraxis", "target:bosun"]
    g.choose("target:bosun")
    until_decision(g)
    assert sum("officer" in g.ctx.defn(u).traits for u in g.state.zones["foe/discard"]) == 3
    assert g.state.cards["keraxis"]["face"] == 1 and g.ctx.face("keraxis").name == "Master Duelist Keraxis"
    assert g.state.cards["keraxis"]["damage"] == 0
    assert T.hp_left(g.ctx, "keraxis") == T.card_hp(g.ctx, "keraxis") == P.phase_hp("keraxis", 1)


def test_6_the_cult_is_no_target_and_flips_on_its_fourth_discarded_card():
    g = P.cult_flip()
    assert T.card_hp(g.ctx, "cult") is None and T.enemy_targets(g.ctx) == ["cultist#1"]
    assert len(g.state.zones["foe/discard"]) == 3 and g.ctx.face("cult").fields["flip_discard"] == 4
    g.choose("play:wild_swing#1")
    until_decision(g)
    assert not any(r.path[-1] == "Choose a target" for r in g.history)   # the one legal target: not asked
    said = " ".join(r.text for r in g.history)                          # ... and the record says why
    assert "Wild Swing can hit no other target: The Cult of Oleg'Arth has no hit points in phase 1" in said
    assert "(R-021), so it is no enemy target (ruling FH-CULT-P1)" in said
    assert "cultist#1" in g.state.zones["foe/discard"] and len(g.state.zones["foe/discard"]) == 4
    assert g.state.cards["cult"]["face"] == 1 and g.ctx.face("cult").name == "Oleg'Arth the Devourer"
    assert T.hp_left(g.ctx, "cult") == P.phase_hp("cult", 1)


# -- 7. a whole game by bots -------------------------------------------------------------------------------

def test_7_the_whole_game_is_the_cult_with_the_safety_cap_and_ends_by_the_rules():
    g = P.whole_game()
    assert g.state.options["max_rounds"] == 60 and g.state.zones["foe/card"] == ["cult"]
    assert g.state.extra["heroes"] == P.WHOLE_GAME_HEROES and g.pending is None
    g.run(bots={p: "heuristic" for p in P.PARTY})
    assert g.is_over and g.result.ending in tablekit.game_info("foehunters").endings
    if g.result.ending == "foe_defeated":
        assert g.result.winners == list(P.PARTY)
    elif g.result.ending == "party_defeated":
        assert g.result.winners == [] and all(g.state.player(p)["incap"] for p in P.PARTY)


# -- the notebook itself -----------------------------------------------------------------------------------

def cells(kind):
    return NC.cells(NOTEBOOK, kind)


def test_the_notebook_checks_nothing_and_builds_each_table_when_opened():
    NC.assert_runs_only_what_it_shows(NOTEBOOK, 10)


def test_every_table_of_the_notebook_is_checked_here():
    NC.assert_every_table_checked(NOTEBOOK, __file__)


def test_the_rulings_the_notebook_cites_are_on_the_rulings_page():
    NC.assert_cited_rulings_listed(NOTEBOOK, "FH", "foehunters")


TABLE = re.compile(r'LazySection\((".*?"),\s*lambda: Sandbox\(P\.(\w+)\(\), bots=P\.(\w+)\)\)', re.S)
BROWSER = re.compile(r'LazySection\((".*?"),\s*lambda: CardBrowser\("foehunters"\)\)', re.S)
RULES = re.compile(r'LazySection\((".*?"),\s*lambda: RulesView\("foehunters"\)\)', re.S)


def opened_sections():
    """Every section the page shows, built as its cell says (the positions function and the
    bots it names, read from the cell, never run from its text), then opened."""
    from tablekit.widgets import CardBrowser, LazySection, Sandbox
    from tablekit.widgets.rules import RulesView

    out = []
    for text in cells("code"):
        table, browser, rules = TABLE.search(text), BROWSER.search(text), RULES.search(text)
        if table:
            build, bots = getattr(P, table.group(2)), getattr(P, table.group(3))
            out.append(LazySection(json.loads(table.group(1)), lambda b=build, s=bots: Sandbox(b(), bots=s)))
        elif browser:
            out.append(LazySection(json.loads(browser.group(1)), lambda: CardBrowser("foehunters")))
        elif rules:
            out.append(LazySection(json.loads(rules.group(1)), lambda: RulesView("foehunters")))
        else:
            assert "LazySection(" not in text and "Sandbox(" not in text, text  # every section has its shape
    for sec in out:
        sec.selected_index = 0
    return [sec.children[0] for sec in out]


def test_every_section_opens_its_table_and_the_last_game_runs_to_its_end():
    from tablekit.widgets import CardBrowser, Sandbox
    from tablekit.widgets.rules import RulesView

    shown = opened_sections()
    tables = [w for w in shown if isinstance(w, Sandbox)]
    assert len(tables) == len(shown) - 2 and isinstance(shown[-2], CardBrowser) and isinstance(shown[-1], RulesView)
    assert all(sb.bots == P.HELPERS for sb in tables[:-1])
    last = tables[-1]
    assert last.bots == P.ALL_BOTS == {p: "heuristic" for p in P.PARTY}
    assert last.press("run:end") is None
    assert last.board.error == "" and last.game.is_over and last.board.view["over"] is not None
