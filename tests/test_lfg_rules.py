"""One test for each rule point of the LFG rulebook and each ruling of
docs/rulings/lfg.md, named after the rule it shows. Positions are built by
hand with tablekit.games.lfg.positions and driven through the public API."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import tablekit
from tablekit.games.lfg import table as T
from tablekit.games.lfg.activation import of_trigger
from tablekit.games.lfg.positions import position

AB = ["Ana", "Bo"]
ABC = ["Ana", "Bo", "Cy"]


def to_decision(g):
    g.run(until="decision")
    return g.pending


def legal(g) -> list[str]:
    return [o.id for o in g.pending.legal]


def option(g, oid):
    return g.pending.option(oid)


def zone(g, z):
    return g.state.zones[z]


def texts(g) -> str:
    return "\n".join(r.text for r in g.history)


def rules_fired(g) -> list[str]:
    return [r.rule for r in g.history]


def waiting(g) -> list[dict]:
    """The activated abilities waiting to resolve (the core's triggers), as entries
    {name, by, pri, ...}."""
    return [of_trigger(g.ctx, t) for t in g.state.triggers]


def final(parties, hurt=(), players=None):
    players = players or list(parties)
    g = position(players, parties=parties, hurt=list(hurt), at="Final parties")
    g.run()
    assert g.is_over
    return g


# -- setup ----------------------------------------------------------------------------------

def test_setup_3_4_players_one_copy_five_each_three_to_graveyard_rest_set_aside():
    g = tablekit.new_game("lfg", players=3, seed=2)
    g.run(until="decision")
    st = g.state
    assert all(len(st.zones[f"{p}/hand"]) == 5 for p in g.players)
    assert len(st.zones["graveyard"]) == 3 and len(st.zones["aside"]) == 23 - 15 - 3
    assert all(u.endswith("#2") for u in st.zones["box"]) and len(st.zones["box"]) == 23
    assert g.history[0].rule == T.SETUP


def test_setup_large_groups_use_the_whole_deck():
    g = tablekit.new_game("lfg", players=5, seed=2)
    g.run(until="decision")
    assert not g.state.zones["box"]
    assert len(g.state.zones["aside"]) == 46 - 25 - 3
    assert g.history[0].rule == T.LARGE


def test_setup_little_chaos_whole_deck_with_few_players():
    g = tablekit.new_game("lfg", players=3, seed=2, variant="little_chaos")
    g.run(until="decision")
    assert not g.state.zones["box"] and len(g.state.zones["aside"]) == 46 - 15 - 3
    assert g.history[0].rule == T.LITTLE_CHAOS


def test_little_chaos_at_5_7_players_is_the_same_game_LFG_CHAOS_COUNT():
    g = tablekit.new_game("lfg", players=5, seed=7, variant="little_chaos", options={"hand_size": 4})
    g.run(until="decision")
    plain = tablekit.new_game("lfg", players=5, seed=7, options={"hand_size": 4})
    plain.run(until="decision")
    assert not g.state.zones["box"] and g.state.zones["aside"] == plain.state.zones["aside"]
    assert "same game" in g.history[0].text and g.history[0].rule == "LFG-CHAOS-COUNT"


def test_setup_smaller_hand_size():
    g = tablekit.new_game("lfg", players=4, seed=2, options={"hand_size": 3})
    g.run(until="decision")
    assert all(len(g.state.zones[f"{p}/hand"]) == 3 for p in g.players)
    assert "smaller hand" in g.history[1].text


def test_setup_custom_deck_removes_and_adds_heroes():
    g = tablekit.new_game("lfg", players=3, seed=2, options={"remove": "Assassin,WitchHunter",
                                                             "add": "Bard"})
    g.run(until="decision")
    out = set(g.state.zones["box"])
    assert {"Assassin#1", "Assassin#2", "WitchHunter#1", "WitchHunter#2"} <= out
    assert "Bard#2" not in out
    assert "Custom deck" in g.history[0].text
    with pytest.raises(tablekit.SetupError, match="no hero 'Dragon'"):
        tablekit.new_game("lfg", players=3, options={"remove": "Dragon"})
    with pytest.raises(tablekit.SetupError, match="too few"):
        tablekit.new_game("lfg", players=4, options={"remove": ",".join(list(GAME_IDS)[:10])})


@pytest.mark.parametrize("n,variant", [(2, None), (2, "passing"), (3, None), (3, "little_chaos"), (4, None),
                                       (4, "little_chaos"), (5, None), (6, None), (7, None)])
def test_no_death_custom_deck_at_every_count_LFG_NO_DEATH(n, variant):
    for seed in (3, 4):
        g = tablekit.new_game("lfg", players=n, seed=seed, variant=variant,
                              options={"remove": "Assassin,WitchHunter"})
        g.run(until="decision")
        assert g.history[0].rule == "LFG-NO-DEATH" and "Executioner" in g.history[0].text
        in_game = [u for u in g.state.cards if g.ctx.zone_of(u) != "box"]
        assert in_game and not any(ab.effect == "kill" for u in in_game for ab in g.ctx.defn(u).abilities)
        g.run(bots="random")
        assert g.is_over and g.result.ending in g.gamedef.endings
        assert not any(r.rule == T.EFFECT_R[7] for r in g.history)


def test_recruit_and_swap_never_take_from_a_hand():
    # "These abilities let you take a hero from somewhere other than your hand"
    for d in GAME_IDS.values():
        for ab in d.abilities:
            if ab.effect in ("recruit", "swap"):
                assert ab.args.get("from", ab.args.get("with", "party")) in ("party", "graveyard"), d.id
    assert GAME_IDS["Quartermaster"].abilities[0].args["with"] == "graveyard"


def test_deck_too_small_for_the_deal_hands_first_LFG_SHORT_DECK():
    g = tablekit.new_game("lfg", players=4, seed=2, options={"remove": "Assassin,WitchHunter"})
    g.run(until="decision")
    assert all(len(g.state.zones[f"{p}/hand"]) == 5 for p in g.players)
    assert g.state.zones["graveyard"] == [] and g.state.zones["aside"] == []
    assert g.history[1].rule == "LFG-SHORT-DECK" and "hands are dealt in full first" in g.history[1].text
    g = tablekit.new_game("lfg", players=4, seed=2, options={"remove": "Assassin"})
    g.run(until="decision")
    assert len(g.state.zones["graveyard"]) == 2 and g.history[1].rule == "LFG-SHORT-DECK"
    with pytest.raises(tablekit.SetupError, match="LFG-SHORT-DECK"):
        tablekit.new_game("lfg", players=4, options={"remove": "Assassin,WitchHunter,Bard"})


GAME_IDS = tablekit.game_info("lfg").cards


def test_two_players_play_the_two_player_mode_LFG_TWO_MODE():
    g = tablekit.new_game("lfg", players=2, seed=1)
    assert g.state.variant == "two_player"
    with pytest.raises(tablekit.SetupError, match="LFG-TWO-MODE"):
        tablekit.new_game("lfg", players=2, variant="little_chaos")
    with pytest.raises(tablekit.SetupError):
        tablekit.new_game("lfg", players=3, variant="two_player")
    with pytest.raises(tablekit.SetupError, match="LFG-TWO-MODE"):
        tablekit.new_game("lfg", players=3, variant="passing")


def test_two_players_may_pass_hands_instead_LFG_TWO_MODE():
    g = tablekit.new_game("lfg", players=["Ana", "Bo"], seed=1, variant="passing")
    g.run(until="decision")
    assert g.history[0].rule == "LFG-TWO-MODE"
    assert all(len(g.state.zones[f"{p}/hand"]) == 5 for p in g.players)
    assert len(g.state.zones["graveyard"]) == 3 and len(g.state.zones["aside"]) == 23 - 13
    assert g.pending.kind == "draft"
    g.run(bots="random")
    assert g.is_over and any("every hand passes" in r.text for r in g.history)


# -- the round --------------------------------------------------------------------------------

def test_draft_is_face_down_and_hidden_until_the_reveal():
    g = position(ABC, hands={"Ana": ["Knight#1", "Bard#1"], "Bo": ["Cleric#1", "Rogue#1"],
                             "Cy": ["Archer#1", "Scout#1"]}, at="Draft")
    assert g.pending.player == "Ana" and "draft:Knight#1" in legal(g)
    rec = g.choose("draft:Knight#1")
    assert g.state.cards["Knight#1"]["face_down"]
    assert "Knight" not in rec.text_for("Bo") and rec.for_viewer("Bo")["choice"] == []
    assert g.view("Bo")["zones"]["Ana/party"] == ["hidden:Ana/party:0"]
    assert g.view("Ana")["zones"]["Ana/party"] == ["Knight#1"]
    assert g.pending.player == "Bo"  # asked one seat at a time


def test_the_draft_pick_is_a_secret_decision_until_the_reveal():
    g = position(ABC, hands={"Ana": ["Knight#1", "Bard#1"], "Bo": ["Cleric#1", "Rogue#1"],
                             "Cy": ["Archer#1", "Scout#1"]}, at="Draft")
    assert g.pending.secret
    rec = g.choose("draft:Knight#1")
    assert rec.secret
    for seat in ("Bo", "Cy", None):  # another seat, or a spectator
        seen = rec.for_viewer(seat)
        assert seen["choice"] == [] and seen["events"] == [] and "Knight" not in seen["text"]
        assert seen["text"] == "Ana drafts a hero and lays it face down in the party."
    mine = rec.for_viewer("Ana")
    assert mine["choice"] == ["draft:Knight#1"] and mine["events"] and "Knight" in mine["text"]
    g.choose("draft:Cleric#1")
    g.choose("draft:Archer#1")
    reveal = g.step()  # the reveal shows everything, to everyone
    assert reveal.node[-1] == "Reveal" and not reveal.secret
    for seat in ("Ana", "Bo", "Cy", None):
        seen = reveal.for_viewer(seat)
        assert "Ana: Knight; Bo: Cleric; Cy: Archer" in seen["text"]
        assert {e["card"] for e in seen["events"] if e["type"] == "drafted"} == {"Knight#1", "Cleric#1",
                                                                                 "Archer#1"}
        assert "Knight#1" in g.view(seat)["zones"]["Ana/party"]


def test_reveal_turns_every_pick_up_and_activates_draft_abilities():
    g = position(AB, parties={"Ana": ["Bard#1"]}, picks={"Ana": "Rogue#1", "Bo": "Cleric#1"},
                 variant="two_player")
    rec = g.step()
    assert rec.node[-1] == "Reveal"
    assert not any(g.state.cards[u].get("face_down") for u in ("Rogue#1", "Cleric#1"))
    assert [e["name"] for e in waiting(g)] == ["Rogue", "Cleric"]


def test_hands_pass_to_the_next_player_at_the_end_of_the_round():
    g = position(ABC, hands={"Ana": ["Knight#1"], "Bo": ["Cleric#1"], "Cy": ["Archer#1"]},
                 picks={"Ana": "Bard#1", "Bo": "Druid#1", "Cy": "Guardian#1"})
    g.run(until="decision")  # the Knight is still in hand: next round's draft
    assert zone(g, "Bo/hand") == ["Knight#1"] and zone(g, "Cy/hand") == ["Cleric#1"]
    assert zone(g, "Ana/hand") == ["Archer#1"]


def test_game_ends_when_every_hero_is_drafted():
    g = position(AB, picks={"Ana": "Bard#1", "Bo": "Druid#1"}, variant="two_player")
    g.run()
    assert g.is_over and g.history[-1].node[-1] == "Final parties"


# -- roles, renown, traits ---------------------------------------------------------------------

def test_roles_are_a_matching_not_a_count():
    # the Bard can fill any role, but only one: Bard + two Defence heroes is incomplete
    g = final({"Ana": ["Bard#1", "Knight#1", "Guardian#1"], "Bo": ["Bard#2", "Knight#2", "Cleric#1"]})
    assert g.result.winners == ["Bo"]
    assert "Ana: incomplete" in g.history[-1].text


def test_matching_shows_which_hero_fills_which_role():
    g = position(AB, parties={"Ana": ["Bard#1", "Knight#1", "Cleric#1"]}, at="Final parties")
    assert T.matching(g.ctx, "Ana") == {"defence": "Knight#1", "support": "Cleric#1", "damage": "Bard#1"}
    g.run()
    assert "Knight as Defence, Cleric as Support, Bard as Damage" in g.history[-1].text


def test_hurt_heroes_use_hurt_renown_some_go_up():
    g = position(AB, parties={"Ana": ["Knight#1", "Berserker#1"]}, hurt=["Knight#1", "Berserker#1"],
                 at="Final parties")
    assert T.renown(g.ctx, "Ana") == 2 + 4  # Knight 4 -> 2, Berserker 2 -> 4


def test_traits_apply_wherever_the_card_is_loyal_in_the_graveyard():
    g = position(AB, parties={"Ana": ["Cleric#1"]}, picks={"Ana": "Necromancer#1", "Bo": "Bard#1"},
                 graveyard=["Knight#1", "Archer#1"], variant="two_player")
    to_decision(g)
    o = option(g, "target:graveyard:Knight#1")
    assert not o.legal and "Loyal" in o.reason and "graveyard" in o.reason
    assert legal(g) == ["target:graveyard:Archer#1"] or legal(g) == ["target:graveyard:Archer#1"]


def test_witch_hunter_kills_only_spellcasters():
    g = position(AB, parties={"Bo": ["Cleric#1", "Knight#1"]}, picks={"Ana": "WitchHunter#1",
                                                                       "Bo": "Bard#1"},
                 variant="two_player")
    to_decision(g)
    assert not option(g, "target:Bo:Knight#1").legal
    assert "only targets a Spellcaster" in option(g, "target:Bo:Knight#1").reason
    g.choose("target:Bo:Cleric#1")
    assert "Cleric#1" in zone(g, "graveyard")


def test_wild_passive_answers_another_wild_pick():
    g = position(AB, parties={"Ana": ["WolfRider#1"]}, picks={"Ana": "Ranger#1", "Bo": "Bard#1"},
                 hands={"Ana": ["Berserker#1"]}, variant="two_player")
    g.step()  # the Ranger is Wild: the Wolf Rider heals; the Ranger does not answer itself
    names = [e["name"] for e in waiting(g)]
    assert names == ["Wolf Rider"]


# -- draft and passive abilities ----------------------------------------------------------------

def test_draft_ability_fires_only_when_drafted_not_when_recruited():
    g = position(AB, parties={"Bo": ["Assassin#1"]}, picks={"Ana": "Mercenary#1", "Bo": "Bard#1"},
                 variant="two_player")
    to_decision(g)
    g.choose("target:Bo:Assassin#1")
    assert "Assassin#1" in zone(g, "Ana/party")
    assert not waiting(g) and "does not fire" in g.history[-1].text


def test_passive_works_only_in_a_party():
    g = position(AB, hands={"Ana": ["Ranger#1"]}, picks={"Ana": "Berserker#1", "Bo": "Bard#1"},
                 variant="two_player")
    g.step()
    assert [e["name"] for e in waiting(g)] == ["Berserker"]


def test_passive_always_on_has_no_priority():
    g = position(AB, parties={"Ana": ["Druid#1", "Ranger#1", "Knight#1"]}, at="Final parties")
    assert T.renown(g.ctx, "Ana") == 1 + 3 + 4 + 2  # two Wild heroes: +2
    assert not waiting(g)


def test_passive_whenever_you_like_is_offered_at_every_decision_LFG_ANYTIME():
    g = position(ABC, parties={"Ana": ["Gladiator#1"]},
                 hands={"Ana": ["Knight#1"], "Bo": ["Cleric#1"], "Cy": ["Archer#1"]}, at="Draft")
    assert "act:Gladiator#1" in legal(g)
    rec = g.choose("act:Gladiator#1")
    assert rec.rule == "LFG-ANYTIME" and g.state.cards["Gladiator#1"]["hurt"]
    assert g.pending.player == "Ana" and g.pending.kind == "draft"  # the same pick, asked again
    again = option(g, "act:Gladiator#1")
    assert not again.legal and "already hurt" in again.reason and again.rule is None
    g.choose("draft:Knight#1")
    assert g.pending.player == "Bo" and "act:Gladiator#1" not in g.pending  # Bo's decision: Bo's abilities


def window(g):
    """The open "whenever you like" window (run up to it)."""
    d = to_decision(g)
    assert d is not None and d.kind == "window", d
    return d


def test_gladiator_is_offered_in_two_player_party_building_LFG_ANYTIME():
    # two players reveal the next hero in hand: no decision at all, but a window every round
    g = position(AB, parties={"Ana": ["Gladiator#1"]}, hands={"Ana": ["Guardian#1", "Bard#1"],
                                                               "Bo": ["Druid#1", "Bard#2"]},
                 at="Whenever you like", variant="two_player")
    d = window(g)
    assert d.player == "Ana" and legal(g) == ["act:Gladiator#1", "pass"]
    assert g.pending.option("act:Gladiator#1").label.endswith("(its renown goes up from 1 to 4)")
    rec = g.choose("pass")
    assert rec.rule == "LFG-ANYTIME" and rec.node[-1] == "Whenever you like"
    d = window(g)  # round 2: offered again, before the picks
    assert g.path[0] == "Round 2" and d.player == "Ana"
    rec = g.choose("act:Gladiator#1")
    assert rec.rule == "LFG-ANYTIME" and g.state.cards["Gladiator#1"]["hurt"]
    assert "its renown goes up from 1 to 4; Ana's party renown is now 7" in rec.text  # Guardian 2 + 1
    g.run()  # hurt now, so nothing more to offer: no window stops the game again
    assert g.is_over and T.hero_renown(g.ctx, "Gladiator#1") == 4


def test_gladiator_is_offered_after_the_last_pick_LFG_ANYTIME():
    # Ana's hand has run out (extra drafts) while Bo and Cy still draft: she is asked at the start of
    # the round, they are not (their draft decisions offer their own abilities)
    g = position(ABC, parties={"Ana": ["Gladiator#1"], "Bo": ["Gladiator#2"]},
                 hands={"Bo": ["Guardian#1"], "Cy": ["Bard#1"]}, at="Whenever you like")
    d = window(g)
    assert d.player == "Ana" and "act:Gladiator#1" in legal(g)
    g.choose("pass")
    d = to_decision(g)
    assert d.kind == "draft" and d.player == "Bo" and "act:Gladiator#2" in legal(g)
    g.choose("draft:Guardian#1")
    g.choose("draft:Bard#1")
    d = window(g)  # every hero is drafted: the last window, before scoring
    assert g.path == ("Before scoring",) and d.player == "Ana"
    assert {o.id for o in d.legal} == {"act:Gladiator#1", "pass"}
    g.choose("pass")
    assert window(g).player == "Bo"


def test_gladiator_is_offered_before_scoring_and_counts_LFG_ANYTIME():
    parties = {"Ana": ["Gladiator#1", "Cleric#1"], "Bo": ["Knight#1", "Cleric#2", "Archer#1"]}
    g = position(AB, parties=parties, at="Before scoring")
    assert window(g).player == "Ana"
    g.choose("act:Gladiator#1")
    g.run()
    assert g.result.scores["Ana"] == 4 + 3 and g.result.winners == ["Bo"]  # Ana has no Damage hero
    g = position(AB, parties=parties, hurt=["Gladiator#1"], at="Before scoring")
    g.run()  # nobody can act: the window asks nobody and makes no record
    assert g.is_over and not any(r.node[-1] == "Before scoring" for r in g.history)


def test_a_window_asks_the_others_again_after_a_use_and_anyone_may_pass_LFG_ANYTIME():
    g = position(AB, parties={"Ana": ["Gladiator#1"], "Bo": ["Gladiator#2"]}, at="Before scoring")
    assert window(g).player == "Ana"
    g.choose("pass")
    assert window(g).player == "Bo"
    g.choose("act:Gladiator#2")
    assert window(g).player == "Ana"  # Bo acted: Ana may answer after all
    g.choose("act:Gladiator#1")
    rec = g.step()  # Bo has nothing left to use: the window closes
    assert rec.node[-1] == "Before scoring" and "no action to take" in rec.text
    g.run()
    assert g.is_over


def test_a_protected_gladiator_cannot_hurt_herself_LFG_ANYTIME_LFG_PROTECT():
    g = position(AB, parties={"Ana": ["Gladiator#1", "Cleric#1"], "Bo": ["Knight#1"]},
                 picks={"Ana": "Rogue#1", "Bo": "Bard#1"}, variant="two_player", protected=["Gladiator#1"])
    d = to_decision(g)
    assert d.kind == "target" and d.player == "Ana"
    me = option(g, "act:Gladiator#1")
    assert not me.legal and "protected this round" in me.reason and me.rule == "LFG-PROTECT"
    target = option(g, "target:Ana:Gladiator#1")
    assert not target.legal and target.rule == "LFG-PROTECT"


# -- resolution ------------------------------------------------------------------------------------

def test_resolution_follows_the_priority_list():
    g = position(["Ana", "Bo", "Cy", "Di", "Ed", "Fay", "Gus"],
                 parties={"Gus": ["Bard#2"]},
                 picks={"Ana": "Assassin#1", "Bo": "Mercenary#1", "Cy": "Cleric#1", "Di": "Archer#1",
                        "Ed": "Knight#1", "Fay": "Illusionist#1", "Gus": "Scout#1"},
                 hands={"Gus": ["Bard#1"]})
    g.run(bots="random")
    order = [r.text.split("Next to resolve: ")[1].split(",")[0] for r in g.history
             if r.path[-1].endswith(" triggers")]
    classes = [o[o.index("(") + 1:o.index(")")] for o in order]
    rank = {w: k for k, w in T.CLASS_WORD.items()}
    assert [rank[c] for c in classes] == sorted(rank[c] for c in classes)
    assert set(classes) == set(rank)


def test_ability_activated_during_resolution_with_higher_priority_resolves_at_once():
    # the Scout's extra pick (a Wild Berserker) sets off the Ranger's extra draft, which goes before
    # the Knight's protect already waiting
    g = position(ABC, parties={"Ana": ["Ranger#1"]}, picks={"Ana": "Scout#1", "Bo": "Knight#1"},
                 hands={"Ana": ["Berserker#1", "Bard#1"]})
    to_decision(g)
    g.choose("draft:Berserker#1")
    assert "It activates" in g.history[-1].text
    nxt = g.run(until="decision")
    assert "Ranger (extra draft)" in nxt[0].text
    assert g.pending.kind == "target" and "draft:Bard#1" in legal(g)


def test_copy_uses_the_copied_ability_at_its_own_priority_LFG_COPY():
    g = position(AB, parties={"Bo": ["Cleric#1"]}, picks={"Ana": "Illusionist#1", "Bo": "Assassin#1"},
                 variant="two_player")
    to_decision(g)
    assert "target:Ana:Illusionist#1" not in g.pending and option(g, "target:Bo:Assassin#1").legal
    rec = g.choose("target:Bo:Assassin#1")
    assert rec.rule == "LFG-COPY"
    kinds = sorted((e["pri"], e["by"]) for e in waiting(g))
    assert kinds == [(7, "Ana"), (7, "Bo")]
    # the Illusionist gains nothing else: she is still a Support spellcaster
    assert T.roles(g.ctx, "Illusionist#1") == ["support"]


def test_protect_makes_immune_and_untargetable_and_ends_with_the_round_LFG_PROTECT():
    g = position(AB, parties={"Bo": ["Cleric#1", "Bard#2"]}, picks={"Ana": "Assassin#1", "Bo": "Knight#1"},
                 hands={"Ana": ["Rogue#1"], "Bo": ["Druid#1"]}, variant="two_player")
    to_decision(g)
    g.choose("target:Bo:Cleric#1")  # Bo's Knight protects the Cleric
    assert g.history[-1].rule == "LFG-PROTECT"
    to_decision(g)
    o = option(g, "target:Bo:Cleric#1")
    assert not o.legal and "LFG-PROTECT" in o.reason
    g.choose("target:Bo:Bard#2")
    g.run(until="decision")
    assert not T.is_protected(g.ctx, "Cleric#1") and not g.ctx.lasting()
    assert any(r.rule == "LFG-PROTECT" and r.node[-1] == "End of round" for r in g.history)


def test_protection_is_a_lasting_effect_the_core_ends_with_the_round_LFG_PROTECT():
    g = position(AB, parties={"Bo": ["Cleric#1"]}, picks={"Ana": "Bard#1", "Bo": "Knight#1"},
                 hands={"Ana": ["Rogue#1"], "Bo": ["Druid#1"]}, variant="two_player")
    to_decision(g)
    rec = g.choose("target:Bo:Cleric#1")
    words = "Bo's Knight protects Bo's Cleric until the end of the round"
    [held] = g.ctx.lasting("restriction")
    assert held["text"] == words and held["targets"] == ["Cleric#1"] and held["until"] == "round"
    assert any(e["type"] == "lasting_start" for e in rec.events)
    assert g.ctx.restricted("harm", card="Cleric#1") == words and T.is_protected(g.ctx, "Cleric#1")
    assert "protected this round" in g.gamedef.describe_card(g.ctx, "Cleric#1")[2]
    assert "protected" not in g.state.cards["Cleric#1"]
    g.run(until="decision")
    end = next(r for r in g.history if r.node[-1] == "End of round")
    assert end.text.endswith(f"{words}: that ends now.") and end.rule == "LFG-PROTECT"
    assert any(e["type"] == "lasting_end" for e in end.events)
    assert not g.ctx.lasting() and not T.is_protected(g.ctx, "Cleric#1")
    assert "protected this round" not in g.gamedef.describe_card(g.ctx, "Cleric#1")[2]


def test_a_protected_hero_who_leaves_the_parties_is_no_longer_protected_LFG_PROTECT():
    g = position(AB, parties={"Ana": ["Knight#2", "Cleric#1"]}, graveyard=["Assassin#1"],
                 picks={"Ana": "Quartermaster#1", "Bo": "Bard#1"}, variant="two_player",
                 protected=["Cleric#1"])
    assert T.is_protected(g.ctx, "Cleric#1")
    to_decision(g)
    g.choose("target:Ana:Cleric#1")
    rec = g.choose("target:graveyard:Assassin#1")  # the Cleric goes into the graveyard
    assert zone(g, "graveyard") == ["Cleric#1"]
    assert rec.text.endswith("Cleric is protected until the end of the round: that ends now.")
    assert not g.ctx.lasting() and not T.is_protected(g.ctx, "Cleric#1")


def test_hurting_a_hurt_hero_and_healing_a_healthy_one_do_nothing_but_may_be_targeted():
    g = position(AB, parties={"Bo": ["Knight#1"]}, hurt=["Knight#1"], picks={"Ana": "Rogue#1", "Bo": "Bard#1"},
                 variant="two_player")
    to_decision(g)
    assert option(g, "target:Bo:Knight#1").legal
    g.choose("target:Bo:Knight#1")
    assert "already hurt, so nothing changes" in g.history[-1].text
    g = position(AB, parties={"Bo": ["Knight#1"]}, picks={"Ana": "Cleric#1", "Bo": "Bard#1"},
                 variant="two_player")
    to_decision(g)
    assert option(g, "target:Bo:Knight#1").legal
    g.choose("target:Bo:Knight#1")
    assert "is not hurt, so nothing changes" in g.history[-1].text


def test_recruit_keeps_hurt_status_and_is_not_a_draft():
    g = position(AB, parties={"Bo": ["Berserker#1", "Knight#1"]}, hurt=["Berserker#1"],
                 picks={"Ana": "Mercenary#1", "Bo": "Bard#1"}, variant="two_player")
    to_decision(g)
    assert not option(g, "target:Bo:Knight#1").legal  # Loyal
    assert "Loyal" in option(g, "target:Bo:Knight#1").reason
    g.choose("target:Bo:Berserker#1")
    assert "Berserker#1" in zone(g, "Ana/party") and g.state.cards["Berserker#1"]["hurt"]
    assert "stays hurt" in g.history[-1].text


def test_kill_sends_to_the_graveyard_and_the_dead_cannot_be_healed():
    g = position(AB, parties={"Bo": ["Knight#1"]}, hurt=["Knight#1"],
                 picks={"Ana": "Assassin#1", "Bo": "Cleric#1"}, variant="two_player")
    to_decision(g)  # the Cleric heals first (priority 5), the kill comes last (7)
    g.choose("target:Bo:Knight#1")
    to_decision(g)
    g.choose("target:Bo:Knight#1")
    assert "Knight#1" in zone(g, "graveyard")
    g2 = position(AB, parties={"Bo": ["Bard#2"]}, graveyard=["Knight#1"],
                  picks={"Ana": "Cleric#1", "Bo": "Bard#1"}, variant="two_player")
    to_decision(g2)
    assert not any("Knight#1" in o.id for o in g2.pending.options)


def test_abilities_are_mandatory_unless_they_say_may():
    g = position(AB, parties={"Ana": ["Knight#1"]}, picks={"Ana": "Quartermaster#1", "Bo": "Bard#1"},
                 graveyard=["Cleric#1"], variant="two_player")
    to_decision(g)
    assert "pass" in legal(g)
    rec = g.choose("pass")
    assert rec.rule == T.NOT_OPTIONAL
    g = position(AB, parties={"Bo": ["Knight#1"]}, picks={"Ana": "Rogue#1", "Bo": "Bard#1"},
                 variant="two_player")
    to_decision(g)
    assert "pass" not in g.pending


def test_must_choose_a_target_friendly_fire():
    # Bo's Paladin answers no pick of his (it is itself the pick); the Knight is Loyal but that
    # does not stop a hurt: give Bo's heroes protection first
    g = position(AB, parties={"Ana": ["Cleric#1"], "Bo": ["Knight#1"]},
                 picks={"Ana": "Berserker#1", "Bo": "Paladin#1"}, variant="two_player",
                 protected=["Knight#1", "Paladin#1"])
    to_decision(g)
    assert set(legal(g)) == {"target:Ana:Cleric#1", "target:Ana:Berserker#1"}
    g.choose("target:Ana:Cleric#1")
    assert "had to target their own hero" in g.history[-1].text


def test_no_valid_target_the_ability_does_nothing():
    g = position(AB, picks={"Ana": "Necromancer#1", "Bo": "Bard#1"}, variant="two_player")
    g.run(until="decision")
    assert "no valid target, so the ability does nothing" in texts(g)


def test_targets_in_parties_only_unless_the_ability_names_hand_or_graveyard():
    g = position(AB, parties={"Ana": ["Knight#1"]}, hands={"Ana": ["Cleric#1"], "Bo": ["Archer#1"]},
                 graveyard=["Druid#1"], picks={"Ana": "Rogue#1", "Bo": "Bard#1"}, variant="two_player")
    to_decision(g)
    ids = [o.id for o in g.pending.options]
    assert all(":Ana:" in i or ":Bo:" in i for i in ids)
    assert not any("Cleric#1" in i or "Druid#1" in i or "Archer#1" in i for i in ids)


def test_same_controller_orders_their_own_abilities():
    g = position(AB, parties={"Ana": ["Cutpurse#1"], "Bo": ["Knight#1", "Cleric#1"]},
                 picks={"Ana": "Rogue#1", "Bo": "Bard#1"}, variant="two_player")
    d = to_decision(g)
    assert d.kind == "own-order" and d.player == "Ana" and len(d.options) == 2


def test_higher_renown_chooses_before_or_after():
    g = position(AB, parties={"Bo": ["Knight#2"]}, picks={"Ana": "Rogue#1", "Bo": "Berserker#1"},
                 variant="two_player")
    d = to_decision(g)
    assert d.kind == "order" and d.player == "Bo"  # Bo 4 + 2 against Ana 1
    assert "Bo 6" in g.history[-1].text
    g.choose("after")
    d = to_decision(g)
    assert d.player == "Ana"


def test_equal_renown_is_drawn_at_random_from_the_seed():
    def first(seed):
        g = position(AB, picks={"Ana": "Rogue#1", "Bo": "Rogue#2"}, variant="two_player", seed=seed)
        return to_decision(g).player, g.history[-1].text
    draws = {first(s)[0] for s in range(12)}
    assert draws == {"Ana", "Bo"}
    assert first(3) == first(3)
    assert "a random draw" in first(3)[1]


def test_three_or_more_tied_players_LFG_TIE_ORDER():
    g = position(ABC, parties={"Ana": ["Knight#1"], "Bo": ["Cleric#1"]},
                 picks={"Ana": "Rogue#1", "Bo": "Berserker#1", "Cy": "Archer#1"})
    d = to_decision(g)
    assert g.history[-1].rule == "LFG-TIE-ORDER"
    assert d.player == "Ana"  # 5 renown, then Bo 5? no: Bo 3 + 2 = 5 ties Ana's 4 + 1 = 5
    g.choose("after")
    d = to_decision(g)
    assert d.kind == "order"
    rec = g.choose("before")
    assert rec.text.endswith("The order for this priority is Bo, Cy, Ana.")
    assert all(t["data"]["orders"]["4"][-1] == "Ana" for t in g.state.triggers)


# -- rulings -----------------------------------------------------------------------------------------

def test_swap_never_takes_or_gives_a_loyal_hero_LFG_SWAP_LOYAL():
    g = position(AB, parties={"Ana": ["Paladin#1", "Bard#1"], "Bo": ["Knight#1", "Cleric#1"]},
                 picks={"Ana": "Trickster#1", "Bo": "Bard#2"}, variant="two_player")
    to_decision(g)
    assert "LFG-SWAP-LOYAL" in option(g, "target:Ana:Paladin#1").reason
    assert g.pending.prompt.endswith("A valid target must be chosen.")  # giving up your own: no friendly fire
    g.choose("target:Ana:Bard#1")
    assert "LFG-SWAP-LOYAL" in option(g, "target:Bo:Knight#1").reason
    g.choose("target:Bo:Cleric#1")
    assert "Cleric#1" in zone(g, "Ana/party") and "Bard#1" in zone(g, "Bo/party")


def test_swap_without_a_pair_does_nothing_LFG_SWAP_PAIR():
    g = position(AB, parties={"Ana": ["Bard#1"], "Bo": ["Knight#1"]},
                 picks={"Ana": "Trickster#1", "Bo": "Paladin#1"}, variant="two_player")
    g.run(until="decision")
    assert "LFG-SWAP-PAIR" in rules_fired(g)


def test_swap_with_the_graveyard_never_the_hand_and_is_not_a_draft():
    g = position(AB, parties={"Ana": ["Knight#2", "Cleric#1"]}, hands={"Ana": ["Rogue#1"]},
                 graveyard=["Assassin#1", "Guardian#1"],
                 picks={"Ana": "Quartermaster#1", "Bo": "Bard#1"}, variant="two_player")
    to_decision(g)
    g.choose("target:Ana:Cleric#1")
    assert not any("Rogue#1" in o.id for o in g.pending.options)  # never from your own hand
    assert "LFG-SWAP-LOYAL" in option(g, "target:graveyard:Guardian#1").reason
    g.choose("target:graveyard:Assassin#1")
    assert "Assassin#1" in zone(g, "Ana/party") and "Cleric#1" in zone(g, "graveyard")
    assert zone(g, "Ana/hand") == ["Rogue#1"]
    assert not waiting(g)


def test_ability_of_a_hero_who_left_still_resolves_LFG_GONE():
    g = position(AB, parties={"Ana": ["Bard#1"]}, picks={"Ana": "Mercenary#1", "Bo": "Assassin#1"},
                 variant="two_player")
    to_decision(g)
    g.choose("target:Bo:Assassin#1")
    to_decision(g)
    assert "LFG-GONE" in rules_fired(g) and g.pending.player == "Bo"


def test_killed_hurt_hero_stays_hurt_LFG_GRAVE_HURT():
    g = position(AB, graveyard=["Berserker#1"], hurt=["Berserker#1"],
                 picks={"Ana": "Necromancer#1", "Bo": "Bard#1"}, variant="two_player")
    to_decision(g)
    g.choose("target:graveyard:Berserker#1")
    assert g.history[-1].rule == "LFG-GRAVE-HURT" and g.state.cards["Berserker#1"]["hurt"]


def test_several_targets_are_different_heroes_LFG_DISTINCT():
    g = position(AB, parties={"Bo": ["Knight#1", "Cleric#1"]}, picks={"Ana": "Archer#1", "Bo": "Bard#1"},
                 variant="two_player")
    to_decision(g)
    g.choose("target:Bo:Knight#1")
    assert "LFG-DISTINCT" in option(g, "target:Bo:Knight#1").reason


def test_extra_draft_from_an_empty_hand_LFG_EMPTY_EXTRA():
    g = position(ABC, picks={"Ana": "Scout#1", "Bo": "Bard#1", "Cy": "Druid#1"})
    g.run(until="end")
    assert "LFG-EMPTY-EXTRA" in rules_fired(g)


def test_skipped_pick_and_short_hand_LFG_SHORT_HAND():
    g = position(ABC, picks={"Ana": "Scout#1", "Bo": "Bard#1", "Cy": "Druid#1"},
                 hands={"Ana": ["Bard#2"], "Bo": ["Guardian#1"], "Cy": ["Gladiator#1"]})
    to_decision(g)
    g.choose("draft:Bard#2")  # Ana's extra pick empties her hand; she skips the next pick
    g.run(until="decision")
    assert g.pending.player == "Cy"  # Ana skips, Bo is passed Ana's empty hand
    assert "Skipped pick" in [r.node[-1] for r in g.history]
    g.run(bots="random")
    assert "LFG-SHORT-HAND" in rules_fired(g)


# -- winning -----------------------------------------------------------------------------------------

def test_incomplete_parties_are_disqualified():
    g = final({"Ana": ["Knight#1", "Paladin#1", "Guardian#1", "Archer#1"],
               "Bo": ["Bard#1", "Cleric#1", "Rogue#1"]})
    assert g.result.winners == ["Bo"]


def test_highest_renown_wins_and_ties_all_win():
    g = final({"Ana": ["Knight#1", "Cleric#1", "Archer#1"], "Bo": ["Paladin#1", "Cleric#2", "Archer#2"]})
    assert sorted(g.result.winners) == ["Ana", "Bo"] and g.history[-1].rule == T.RENOWN_R


def test_scoundrel_win():
    g = final({"Ana": ["Mercenary#1", "Trickster#1", "Rogue#1"],
               "Bo": ["Knight#1", "Cleric#1", "Archer#1"],
               "Cy": ["Paladin#1", "Cleric#2", "Assassin#1"]})
    assert g.result.winners == ["Ana"] and g.history[-1].rule == "LFG-SCOUNDREL"


def test_scoundrel_win_denied_by_a_tie():
    g = final({"Ana": ["Mercenary#1", "Trickster#1", "Rogue#1"],
               "Bo": ["Mercenary#2", "Trickster#2", "Rogue#2"],
               "Cy": ["Knight#1", "Cleric#1", "Archer#1"]})
    assert g.result.winners == ["Cy"] and "No scoundrel win" in g.history[-1].text


def test_scoundrel_win_counts_complete_parties_only_LFG_SCOUNDREL():
    # Cy has more scoundrels and less renown, but no Defence: disqualified and not counted
    g = final({"Ana": ["Mercenary#1", "Trickster#1", "Rogue#1"],
               "Bo": ["Knight#1", "Cleric#1", "Archer#1"],
               "Cy": ["Cutpurse#1", "Smuggler#1", "Trickster#2", "Rogue#2"]})
    assert g.result.winners == ["Ana"]


def test_nobody_wins_without_a_complete_party_LFG_NO_WINNER():
    g = final({"Ana": ["Knight#1"], "Bo": ["Cleric#1"]})
    assert g.result.winners == [] and g.history[-1].rule == "LFG-NO-WINNER"


# -- two players ----------------------------------------------------------------------------------

def piles(g, p1, p2, p3, deck, drafter="Ana"):
    g.arrange(zones={"pile1": p1, "pile2": p2, "pile3": p3, "deck": deck}, rest="box",
              extra={"drafter": drafter, "pile": 0}, at=["Pile draft"], turn=drafter)


def two():
    return tablekit.new_game("lfg", players=AB, seed=1)


def test_two_player_take_the_pile_and_refill_it():
    g = two()
    piles(g, ["Knight#1", "Bard#1"], ["Cleric#1"], ["Archer#1"], ["Rogue#1", "Druid#1"])
    assert g.pending.player == "Ana" and "Knight" in g.pending.option("take:pile1").label
    rec = g.choose("take:pile1")
    assert zone(g, "Ana/hand") == ["Knight#1", "Bard#1"] and zone(g, "pile1") == ["Druid#1"]
    assert "Knight" not in rec.text_for("Bo") and g.pending.player == "Bo"


def test_two_player_leave_the_pile_add_a_card_and_look_at_the_next():
    g = two()
    piles(g, ["Knight#1"], ["Cleric#1"], ["Archer#1"], ["Rogue#1", "Druid#1"])
    g.choose("leave:pile1")
    assert zone(g, "pile1") == ["Knight#1", "Druid#1"] and g.pending.option("take:pile2")


def test_two_player_all_three_left_LFG_2P_ALLLEFT():
    g = two()
    piles(g, ["Knight#1"], ["Cleric#1"], ["Archer#1"], ["Scout#1", "Rogue#1", "Druid#1", "Bard#1"])
    for i in (1, 2, 3):
        g.choose(f"leave:pile{i}")
    assert g.history[-1].rule == "LFG-2P-ALLLEFT" and zone(g, "Ana/hand") == ["Scout#1"]
    g = two()
    piles(g, ["Knight#1"], [], [], ["Scout#1"])
    assert not g.pending.option("leave:pile1").legal


def test_two_player_empty_deck_no_refill_LFG_2P_EMPTY_DECK():
    g = two()
    piles(g, ["Knight#1"], ["Cleric#1"], [], [])
    g.choose("take:pile1")
    assert zone(g, "pile1") == [] and g.history[-1].rule == "LFG-2P-EMPTY-DECK"
    assert g.pending.player == "Bo" and "take:pile2" in g.pending


def test_two_player_parties_are_built_in_draft_order():
    g = two()
    piles(g, ["Knight#1"], [], [], [])
    g.arrange(zones={"Ana/hand": ["Cleric#1", "Bard#1"], "Bo/hand": ["Archer#1"]},
              at=["Rounds"], turn="Ana")
    g.run(until="round")
    assert zone(g, "Ana/party") == ["Cleric#1"] and zone(g, "Bo/party") == ["Archer#1"]


def test_two_player_extra_draft_reveals_the_next_card_in_hand():
    g = position(AB, picks={"Ana": "Scout#1", "Bo": "Bard#1"}, hands={"Ana": ["Berserker#1", "Knight#1"]},
                 variant="two_player")
    g.run(until="decision")
    assert zone(g, "Ana/party")[:2] == ["Scout#1", "Berserker#1"]
    assert "reveals the next hero in hand" in texts(g)


def test_two_player_skipped_pick_and_running_out_early():
    g = position(AB, picks={"Ana": "Scout#1", "Bo": "Bard#1"},
                 hands={"Ana": ["Cleric#1", "Knight#1"], "Bo": ["Archer#1", "Rogue#1", "Druid#1"]},
                 variant="two_player")
    g.run(bots="random")
    nodes = [r.node[-1] for r in g.history]
    assert "Skipped pick" in nodes and "Out of heroes" in nodes
    assert zone(g, "Bo/hand") == []


# -- narration that stays true -----------------------------------------------------------------

def test_own_hero_chosen_though_others_were_legal_is_not_called_forced():
    g = position(AB, parties={"Ana": ["Cleric#1"], "Bo": ["Knight#1"]},
                 picks={"Ana": "Assassin#1", "Bo": "Bard#1"}, variant="two_player")
    d = to_decision(g)
    assert option(g, "target:Bo:Knight#1").legal
    assert d.prompt.endswith("A valid target must be chosen.") and "own" not in d.prompt
    rec = g.choose("target:Ana:Cleric#1")
    assert "no other valid target" not in rec.text and "had to target" not in rec.text
    assert "chose to kill their own hero" in rec.text


def test_own_hero_forced_is_called_forced():
    g = position(AB, parties={"Ana": ["Cleric#1"], "Bo": ["Knight#1"]},
                 picks={"Ana": "Assassin#1", "Bo": "Bard#1"}, variant="two_player",
                 protected=["Knight#1", "Bard#1"])
    d = to_decision(g)
    assert "Only heroes of your own party are valid targets" in d.prompt
    rec = g.choose("target:Ana:Cleric#1")
    assert "had to target their own hero" in rec.text and "chose to" not in rec.text


def test_the_order_prompt_says_when_a_random_draw_put_a_player_first():
    for seed in range(6):
        g = position(AB, picks={"Ana": "Rogue#1", "Bo": "Rogue#2"}, variant="two_player", seed=seed)
        d = to_decision(g)
        assert "most renown (" not in d.prompt.replace("for the most renown", "")
        assert "random draw put you first" in d.prompt
    g = position(AB, parties={"Bo": ["Knight#1"]}, picks={"Ana": "Rogue#1", "Bo": "Rogue#2"},
                 variant="two_player")
    d = to_decision(g)
    assert d.player == "Bo" and "you have the most renown" in d.prompt and "random" not in d.prompt


def test_plurals_and_unchanged_renown_read_right():
    # the Bard's placeholder renown is 2, hurt 1; a hero hurt from n to n "stays at n"
    g = position(AB, parties={"Bo": ["Smuggler#1"]}, picks={"Ana": "Rogue#1", "Bo": "Bard#1"},
                 variant="two_player", protected=["Bard#1"])
    to_decision(g)
    rec = g.choose("target:Bo:Smuggler#1")
    assert "stays at 1" in rec.text and "from 1 to 1" not in rec.text
    g = final({"Ana": ["Mercenary#1", "Knight#1", "Cleric#1"], "Bo": ["Knight#2", "Cleric#2", "Archer#1"]})
    last = g.history[-1].text
    assert "(s)" not in last and "; 1 scoundrel." in last and "; 0 scoundrels." in last
    assert not any("(s)" in r.text or "(ies)" in r.text for r in g.history)


# -- stand-ins and printed heroes ---------------------------------------------------------------

def test_printed_heroes_list_every_unknown_field():
    cards = tablekit.game_info("lfg").cards
    for cid in ("Bard", "Assassin", "WitchHunter"):
        assert {"ability", "timing", "renown", "hurt_renown", "traits"} <= set(cards[cid]["unknown"])
    assert "roles" not in cards["Bard"]["unknown"]  # "The versatile bard can play any role"


# -- custom decks and the scoundrel win ------------------------------------------------------------

def test_two_scoundrel_cards_in_the_deck_make_a_scoundrel_win_impossible_LFG_SCOUNDREL_DECK():
    g = final({"Ana": ["Mercenary#1", "Trickster#1", "Bard#1"],
               "Bo": ["Knight#1", "Cleric#1", "Archer#1"]})
    assert g.result.winners == ["Bo"] and "LFG-SCOUNDREL-DECK" in g.history[-1].text
    # a third scoundrel card anywhere in the game (here set aside) makes it possible again
    g = position(AB, parties={"Ana": ["Mercenary#1", "Trickster#1", "Bard#1"],
                              "Bo": ["Knight#1", "Cleric#1", "Archer#1"]},
                 zones={"aside": ["Rogue#1"]}, at="Final parties")
    g.run()
    assert g.result.winners == ["Ana"] and g.history[-1].rule == "LFG-SCOUNDREL"
    scoundrels = ",".join(c for c, d in tablekit.game_info("lfg").cards.items()
                          if "scoundrel" in d.traits and c not in ("Mercenary", "Rogue"))
    g = tablekit.new_game("lfg", players=3, seed=1, options={"remove": scoundrels})
    g.run(until="decision")
    assert "impossible this game (ruling LFG-SCOUNDREL-DECK)" in g.history[0].text


# -- the rulings of the deal, hands, skips and piles ------------------------------------------------

def test_a_hurt_hero_in_a_hand_stays_hurt_and_is_drafted_hurt_LFG_HAND_HURT():
    g = position(ABC, hands={"Ana": ["Knight#1"], "Bo": ["Bard#1"], "Cy": ["Cleric#1"]},
                 hurt=["Knight#1"], at="Rounds/Round/Draft")
    to_decision(g)
    g.choose("draft:Knight#1")
    g.run(until="decision")
    assert T.is_hurt(g.ctx, "Knight#1") and "Knight#1" in zone(g, "Ana/party")


def test_a_skipped_pick_with_three_players_passes_the_hand_on_LFG_SKIP():
    g = position(ABC, hands={"Ana": ["Cleric#1", "Knight#1"], "Bo": ["Bard#2", "Rogue#1"],
                             "Cy": ["Druid#1", "Bard#1"]},
                 extra={"skip": {"Ana": 1}}, at="Rounds/Round/Draft")
    to_decision(g)
    skip = next(r for r in g.history if r.node[-1] == "Skipped pick")
    assert skip.rule == "LFG-SKIP"
    g.choose("draft:Bard#2")
    to_decision(g)
    g.choose("draft:Bard#1")
    g.run(until="decision")
    assert zone(g, "Bo/hand") == ["Cleric#1", "Knight#1"]  # Ana's hand, whole, passed on
    assert zone(g, "Ana/party") == []


def test_a_taken_pile_keeps_its_order_first_dealt_first_LFG_PILE_ORDER():
    g = two()
    piles(g, ["Knight#1"], ["Cleric#1"], ["Archer#1"], ["Rogue#1", "Druid#1", "Bard#1"])
    g.choose("leave:pile1")           # Bard goes on top of the Knight
    rec = g.choose("take:pile2")      # a pile of one card: no order to keep
    assert rec.rule == T.TWO_R and zone(g, "pile1") == ["Knight#1", "Bard#1"]
    g2 = two()
    # the Knight was dealt first (the bottom), the Bard laid on top when the pile was left
    piles(g2, ["Knight#1", "Bard#1"], ["Cleric#1"], ["Archer#1"], ["Rogue#1"])
    rec = g2.choose("take:pile1")
    assert rec.rule == "LFG-PILE-ORDER" and zone(g2, "Ana/hand") == ["Knight#1", "Bard#1"]


# -- how the game ended ------------------------------------------------------------------------------

def test_every_way_of_ending_is_declared_and_named_on_the_result():
    assert set(tablekit.game_info("lfg").endings) == {"highest_renown", "shared_renown", "only_complete",
                                                      "scoundrel_win", "all_disqualified"}
    cases = [
        ({"Ana": ["Knight#1", "Cleric#1", "Archer#1"], "Bo": ["Guardian#1", "Cleric#2", "Archer#2"]},
         "highest_renown", ["Ana"], "Ana's party has the highest renown (10) among the complete parties. "
                                    "Ana wins."),
        ({"Ana": ["Knight#1", "Cleric#1", "Archer#1"], "Bo": ["Paladin#1", "Cleric#2", "Archer#2"]},
         "shared_renown", ["Ana", "Bo"], "Ana and Bo tie for the highest renown (10) among the complete "
                                         "parties. Ana, Bo win."),
        ({"Ana": ["Knight#1", "Paladin#1"], "Bo": ["Bard#1", "Cleric#1", "Rogue#1"]},
         "only_complete", ["Bo"], "Bo's is the only complete party: Ana is disqualified. Bo wins."),
        ({"Ana": ["Knight#1"], "Bo": ["Cleric#1"]},
         "all_disqualified", [], "No party is complete, so every player is disqualified (ruling "
                                 "LFG-NO-WINNER). Nobody wins."),
    ]
    for parties, ending, winners, summary in cases:
        g = final(parties)
        assert (g.result.ending, g.result.winners, g.result.summary()) == (ending, winners, summary)
    g = final({"Ana": ["Mercenary#1", "Trickster#1", "Rogue#1"], "Bo": ["Knight#1", "Cleric#1", "Archer#1"],
               "Cy": ["Paladin#1", "Cleric#2", "Assassin#1"]})
    assert g.result.ending == "scoundrel_win" and g.result.winners == ["Ana"]
    assert g.result.summary().startswith("Scoundrel win: Ana's complete party has the most scoundrels (3")
    assert ".." not in g.result.summary() and g.result.summary().endswith("(ruling LFG-SCOUNDREL). Ana wins.")


def test_a_played_game_ends_with_a_declared_ending_and_its_words():
    for n, seed in ((2, 1), (3, 2), (5, 3)):
        g = tablekit.new_game("lfg", players=n, seed=seed)
        g.run(bots="heuristic")
        assert g.result.ending in g.gamedef.endings and g.gamedef.ending_words(g.result.ending)
        assert g.result.text and not g.result.text.endswith(".")


# -- options a ruling makes illegal name it --------------------------------------------------------------

def test_illegal_options_name_the_ruling_that_makes_them_so():
    # LFG-DISTINCT
    g = position(AB, parties={"Bo": ["Knight#1", "Cleric#1"]}, picks={"Ana": "Archer#1", "Bo": "Bard#1"},
                 variant="two_player")
    to_decision(g)
    g.choose("target:Bo:Knight#1")
    assert option(g, "target:Bo:Knight#1").rule == "LFG-DISTINCT"
    # LFG-PROTECT
    g = position(AB, parties={"Bo": ["Cleric#1"]}, picks={"Ana": "Assassin#1", "Bo": "Bard#1"},
                 variant="two_player", protected=["Cleric#1"])
    to_decision(g)
    assert option(g, "target:Bo:Cleric#1").rule == "LFG-PROTECT"
    assert option(g, "target:Bo:Bard#1").rule is None and option(g, "target:Bo:Bard#1").legal
    # LFG-COPY: a copy cannot be copied, nor a pick that has left the parties
    g = two()
    g.arrange(zones={"Ana/party": ["Illusionist#1"], "Bo/party": ["Illusionist#2", "Rogue#1"],
                     "graveyard": ["Assassin#1"]}, rest="box",
              extra={"round_picks": ["Illusionist#1", "Illusionist#2", "Rogue#1", "Assassin#1"]},
              at=["Rounds", "Round", "End of round"], turn="Ana",
              triggers=[{"source": "Illusionist#1", "ability": 0, "controller": "Ana"}])
    to_decision(g)
    assert option(g, "target:Bo:Illusionist#2").rule == "LFG-COPY" and option(g, "target:Bo:Rogue#1").legal
    gone = option(g, "target:graveyard:Assassin#1")
    assert not gone.legal and gone.rule == "LFG-COPY" and "no longer in a party" in gone.reason
    # LFG-SWAP-LOYAL, on both sides
    g = position(AB, parties={"Ana": ["Paladin#1", "Bard#1"], "Bo": ["Knight#1", "Cleric#1"]},
                 picks={"Ana": "Trickster#1", "Bo": "Bard#2"}, variant="two_player")
    to_decision(g)
    assert option(g, "target:Ana:Paladin#1").rule == "LFG-SWAP-LOYAL"
    g.choose("target:Ana:Bard#1")
    assert option(g, "target:Bo:Knight#1").rule == "LFG-SWAP-LOYAL"
    # LFG-2P-ALLLEFT
    g = two()
    piles(g, ["Knight#1"], [], [], ["Scout#1"])
    assert option(g, "leave:pile1").rule == "LFG-2P-ALLLEFT"
    # the plain rulebook (Loyal heroes are never recruited) names no ruling
    g = position(AB, parties={"Bo": ["Knight#1", "Cleric#1"]}, picks={"Ana": "Mercenary#1", "Bo": "Bard#1"},
                 variant="two_player")
    to_decision(g)
    assert not option(g, "target:Bo:Knight#1").legal and option(g, "target:Bo:Knight#1").rule is None



RULINGS = (Path(__file__).parents[1] / "docs" / "rulings" / "lfg.md").read_text(encoding="utf-8")
RULING_IDS = set(re.findall(r"^\| (LFG-[A-Z0-9-]+) \|", RULINGS, re.M))
CITED = re.compile(r"LFG-[A-Z0-9]+(?:-[A-Z0-9]+)*")


def check_options(d) -> None:
    """An illegal option whose reason cites a ruling carries that ruling's id in
    `rule`; every `rule` is a ruling of docs/rulings/lfg.md."""
    for o in d.options:
        if o.rule is not None:
            assert o.rule in RULING_IDS and not o.legal, o
        if not o.legal and CITED.search(o.reason):
            assert o.rule in CITED.findall(o.reason), o


@pytest.mark.parametrize("n,variant", [(2, None), (2, "passing"), (3, None), (4, "little_chaos"), (6, None)])
def test_every_illegal_option_a_ruling_explains_names_it(n, variant):
    assert {"LFG-ANYTIME", "LFG-PROTECT", "LFG-COPY"} <= RULING_IDS
    for seed in range(6):
        g = tablekit.new_game("lfg", players=n, seed=seed, variant=variant)
        rnd = random.Random(seed)
        while not g.is_over:
            d = g.pending
            if d is None:
                g.step()
                continue
            check_options(d)
            g.choose(rnd.choice([o.id for o in d.legal]))


# -- counts read right in the positions where a plural was wrong ---------------------------------------

BAD_COUNT = re.compile(r"\b1 (heroes|cards|points|abilities|scoundrels|targets|players|parties)\b|\(s\)|\(ies\)"
                       r"|from (-?\d+) to \2\b")


def test_a_hand_of_one_hero_is_one_hero():
    g = tablekit.new_game("lfg", players=3, seed=2, options={"hand_size": 1})
    g.run(until="decision")
    assert "Each player is dealt 1 hero (a smaller hand" in g.history[1].text


def test_a_one_card_pile_and_a_one_card_deck_read_in_the_singular():
    keep = {"Knight", "Cleric", "Archer", "Bard"}
    g = tablekit.new_game("lfg", players=AB, seed=1,
                          options={"remove": ",".join(c for c in GAME_IDS if c not in keep)})
    g.run(until="decision")
    deal = g.history[-1].text
    assert "; 1 hero stays in the deck and" in deal
    rec = g.choose("take:pile1")
    assert "(1 hero) into hand" in rec.text_for("Bo")


def test_no_other_ability_waiting_is_said_so():
    g = position(AB, parties={"Bo": ["Knight#1"]}, picks={"Ana": "Rogue#1", "Bo": "Bard#1"},
                 variant="two_player")
    to_decision(g)
    assert g.history[-1].text.endswith("No other ability waits.")


@pytest.mark.parametrize("n,variant", [(2, None), (2, "passing"), (3, "little_chaos"), (5, None), (7, None)])
def test_no_record_or_question_of_a_played_game_miscounts(n, variant):
    for seed in range(4):
        g = tablekit.new_game("lfg", players=n, seed=seed, variant=variant, options={"hand_size": 1 + seed})
        rnd = random.Random(seed)
        while not g.is_over:
            d = g.pending
            if d is None:
                g.step()
                continue
            for words in (d.prompt, *(o.label for o in d.options), *(o.reason for o in d.options)):
                assert not BAD_COUNT.search(words), words
            g.choose(rnd.choice([o.id for o in d.legal]))
        for r in g.history:
            for seat in (None, *g.players):
                assert not BAD_COUNT.search(r.text_for(seat)), r.text_for(seat)
        assert not BAD_COUNT.search(g.result.summary())
