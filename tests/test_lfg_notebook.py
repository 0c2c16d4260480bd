"""The LFG teaching notebook: the page's first table (built at load) and each
section's table (built by tablekit/games/lfg/positions.py when the section is
opened) are what the section's words say they are, and play out as they say. The
notebook itself runs no check; every check is here."""

from __future__ import annotations

from pathlib import Path

import notebook_checks as NC
import pytest
from test_creatures_notebook import first_table, opened_sections

import tablekit
from tablekit.games.lfg import positions as P
from tablekit.games.lfg import table as T
from tablekit.games.lfg.activation import priority

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = ROOT / "notebooks" / "lfg.ipynb"


def legal_ids(g):
    return {o.id for o in g.pending.legal}


# -- 1. setting up: the page's first table -----------------------------------------------------------

def test_1_three_players_use_one_copy_of_each_hero_five_each_and_three_to_the_graveyard():
    game, bots = first_table(NOTEBOOK, "lfg")
    assert game.players == ["Ana", "Bo", "Cy"] and bots == {"Bo": "random", "Cy": "random"}
    game.run(until="decision")
    st = game.state
    assert all(len(st.zones[f"{p}/hand"]) == 5 for p in game.players)
    assert len(st.zones["graveyard"]) == 3 and len(st.zones["aside"]) == 23 - 15 - 3
    assert game.pending.kind == "draft"


def test_1_five_players_use_the_whole_deck_of_46():
    big = tablekit.new_game("lfg", players=5, seed=7)
    big.run(until="decision")
    assert all(len(big.state.zones[f"{p}/hand"]) == 5 for p in big.players)
    assert len(big.state.zones["graveyard"]) == 3 and len(big.state.zones["aside"]) == 46 - 25 - 3


# -- 2. a round --------------------------------------------------------------------------------------------

def test_2_picks_are_face_down_then_turned_up_together_and_the_hands_pass_on():
    g = P.a_round()
    assert g.pending.kind == "draft" and g.pending.player == "Ana"
    g.choose("draft:Knight#1")
    assert g.view("Bo")["zones"]["Ana/party"] == ["hidden:Ana/party:0"]   # face down for Bo
    g.choose("draft:Rogue#1")
    g.choose("draft:Druid#1")
    rec = g.step()
    assert rec.node[-1] == "Reveal" and all(name in rec.text for name in ("Knight", "Rogue", "Druid"))
    g.run(until="decision")
    assert g.pending.kind == "target" and g.pending.player == "Ana"        # the Knight's protect resolves first
    assert {p: g.state.zones[f"{p}/hand"] for p in g.players} == {
        "Ana": ["Bard#1"], "Bo": ["Cleric#1"], "Cy": ["Archer#1"]}


ABC = ["Ana", "Bo", "Cy"]


def fired(g) -> set[str]:
    return {r.rule for r in g.history}


def test_2_an_extra_draft_from_an_empty_hand_drafts_nothing_and_an_empty_hand_waits():
    g = P.position(dealt=True, players=ABC, picks={"Ana": "Scout#1", "Bo": "Bard#1", "Cy": "Druid#1"})
    g.run(until="decision")
    assert "LFG-EMPTY-EXTRA" in fired(g) and g.state.zones["Ana/party"] == ["Scout#1"]
    g = P.position(dealt=True, players=ABC, picks={"Ana": "Scout#1", "Bo": "Bard#1", "Cy": "Druid#1"},
                   hands={"Ana": ["Bard#2"], "Bo": ["Guardian#1"], "Cy": ["Gladiator#1"]})
    g.run(until="decision")
    g.choose("draft:Bard#2")                                  # the extra pick empties Ana's hand; she skips next
    g.run(until="decision")
    assert g.pending.player == "Cy" and "LFG-SKIP" in fired(g) and "LFG-SHORT-HAND" in fired(g)


# -- 3. roles: a matching ------------------------------------------------------------------------------------

def test_3_a_bard_with_two_defence_heroes_is_incomplete_and_the_matching_party_wins():
    g = P.roles()
    assert T.matching(g.ctx, "Ana") is None
    assert T.matching(g.ctx, "Bo") == {"defence": "Knight#2", "support": "Cleric#1", "damage": "Bard#2"}
    rec = g.step()
    assert g.is_over and g.result.winners == ["Bo"] and g.result.ending == "only_complete"
    assert "Knight as Defence, Cleric as Support, Bard as Damage" in rec.text   # the table shows the matching


# -- 4. renown, hurt heroes and traits -------------------------------------------------------------------------

def test_4_hurt_heroes_count_their_hurt_renown_and_the_druid_counts_the_wild():
    g = P.hurt_renown()
    assert T.renown(g.ctx, "Ana") == 2 + 4 + 1 + 2          # hurt Knight 2, hurt Berserker 4, Druid 1 + 2 Wild
    g.step()
    assert g.result.scores["Ana"] == 2 + 4 + 1 + 2 and g.result.winners == ["Ana"]


def test_4_the_gladiator_is_offered_at_the_draft_decision_and_hurts_herself_for_more_renown():
    g = P.anytime()
    assert g.pending.kind == "draft" and "act:Gladiator#1" in g.pending
    assert T.renown(g.ctx, "Ana") == 1
    rec = g.choose("act:Gladiator#1")
    assert rec.rule == "LFG-ANYTIME" and g.state.cards["Gladiator#1"]["hurt"] and T.renown(g.ctx, "Ana") == 4
    assert g.pending.kind == "draft" and g.pending.player == "Ana"       # still Ana's pick to make
    again = g.pending.option("act:Gladiator#1")
    assert not again.legal and "already hurt" in again.reason


# -- 5. the priority list ----------------------------------------------------------------------------------------

def test_5_the_rangers_extra_draft_goes_before_the_knights_protect_already_waiting():
    g = P.extra_draft()
    g.run(until="decision")
    assert g.pending.kind == "target" and g.pending.player == "Ana" and "Scout (extra draft)" in g.pending.prompt
    g.choose("draft:Berserker#1")                       # Wild: the Ranger's passive adds another extra draft
    nxt = g.run(until="decision")
    assert "Ranger (extra draft)" in nxt[0].text


def test_5_the_illusionist_copies_the_assassin_at_its_priority():
    g = P.copy_kill()
    g.run(until="decision")
    rec = g.choose("target:Bo:Assassin#1")
    waiting = [priority(g.ctx, t) for t in g.state.triggers]   # the abilities still to resolve
    assert rec.rule == "LFG-COPY" and sorted(waiting) == [7, 7]


def test_5_the_knights_protect_resolves_before_the_assassins_kill_and_stops_it():
    g = P.protect_then_kill()
    g.run(until="decision")
    assert g.pending.player == "Bo"                       # protect (3) goes before kill (7)
    g.choose("target:Bo:Cleric#1")
    g.run(until="decision")
    assert g.pending.player == "Ana" and not g.pending.option("target:Bo:Cleric#1").legal
    assert "LFG-PROTECT" in g.pending.option("target:Bo:Cleric#1").reason


def test_5_hurting_a_hurt_hero_is_legal_and_changes_nothing():
    g = P.hurt_and_heal()
    g.run(until="decision")
    assert g.pending.option("target:Bo:Knight#1").legal    # already hurt, still a legal target
    g.choose("target:Bo:Knight#1")
    assert "already hurt, so nothing changes" in g.history[-1].text and g.state.cards["Knight#1"]["hurt"]


def test_5_the_mercenary_never_recruits_a_loyal_hero_and_the_recruit_stays_hurt():
    g = P.recruit()
    g.run(until="decision")
    loyal = g.pending.option("target:Bo:Knight#1")
    assert not loyal.legal and "Loyal" in loyal.reason
    g.choose("target:Bo:Berserker#1")
    assert "Berserker#1" in g.state.zones["Ana/party"] and g.state.cards["Berserker#1"]["hurt"]


def test_5_an_ability_whose_hero_has_left_still_resolves_and_a_killed_hurt_hero_stays_hurt():
    g = P.position(dealt=True, players=ABC, parties={"Ana": ["Bard#1"]},
                   picks={"Ana": "Mercenary#1", "Bo": "Assassin#1", "Cy": "Druid#1"})
    g.run(until="decision")
    g.choose("target:Bo:Assassin#1")                          # recruited away before her kill resolves
    g.run(until="decision")
    assert "LFG-GONE" in fired(g) and g.pending.player == "Bo"
    g = P.position(dealt=True, players=ABC, graveyard=["Berserker#1"], hurt=["Berserker#1"],
                   picks={"Ana": "Necromancer#1", "Bo": "Bard#1", "Cy": "Druid#1"})
    g.run(until="decision")
    g.choose("target:graveyard:Berserker#1")
    assert g.history[-1].rule == "LFG-GRAVE-HURT" and g.state.cards["Berserker#1"]["hurt"]


def test_5_a_swap_with_a_hero_on_one_side_only_does_nothing():
    g = P.position(dealt=True, players=["Ana", "Bo"], parties={"Ana": ["Bard#1"], "Bo": ["Knight#1"]},
                   picks={"Ana": "Trickster#1", "Bo": "Paladin#1"})     # both of Bo's heroes are Loyal
    g.run(until="decision")
    assert "LFG-SWAP-PAIR" in fired(g)


# -- 6. targets and friendly fire -----------------------------------------------------------------------------------

def test_6_the_rogue_must_hurt_a_hero_in_a_party_her_own_included():
    g = P.friendly()
    g.run(until="decision")
    assert g.pending.kind == "target" and g.pending.player == "Ana" and "pass" not in g.pending
    assert legal_ids(g) == {"target:Ana:Cleric#1", "target:Ana:Rogue#1", "target:Bo:Knight#1",
                            "target:Bo:Bard#1", "target:Cy:Druid#1"}       # party heroes only, no hand


def test_6_with_the_others_protected_only_anas_own_heroes_are_left():
    g = P.friendly(protected=("Knight#1", "Bard#1", "Druid#1"))
    g.run(until="decision")
    assert legal_ids(g) == {"target:Ana:Cleric#1", "target:Ana:Rogue#1"}
    assert "pass" not in g.pending                        # mandatory: no way to decline


def test_6_several_targets_are_different_heroes():
    g = P.position(dealt=True, players=ABC, parties={"Bo": ["Knight#1", "Cleric#1"]},
                   picks={"Ana": "Archer#1", "Bo": "Bard#1", "Cy": "Druid#1"})
    g.run(until="decision")
    g.choose("target:Bo:Knight#1")
    again = g.pending.option("target:Bo:Knight#1")
    assert not again.legal and again.rule == "LFG-DISTINCT"


# -- 7. same priority ------------------------------------------------------------------------------------------------

def test_7_the_player_with_more_renown_chooses_before_or_after():
    g = P.tie()
    g.run(until="decision")
    d = g.pending
    assert d.kind == "order" and d.player == "Bo"          # 4 + 2 renown against Ana's 1
    assert T.renown(g.ctx, "Bo") == 6 and T.renown(g.ctx, "Ana") == 1


# -- 8. winning, two ways ---------------------------------------------------------------------------------------------

def test_8_the_most_scoundrels_and_the_lowest_renown_win_instead():
    g = P.scoundrels()
    rec = g.step()
    assert rec.rule == "LFG-SCOUNDREL" and g.result.ending == "scoundrel_win" and g.result.winners == ["Ana"]
    assert g.result.scores == {"Ana": 4, "Bo": 10, "Cy": 10}


def test_8_a_tie_for_the_most_renown_shares_the_win():
    g = P.tied_win()
    g.step()
    assert g.result.ending == "shared_renown" and sorted(g.result.winners) == ["Ana", "Bo"]


def test_8_nobody_wins_without_a_complete_party():
    g = P.position(dealt=True, players=ABC, at="Final parties", parties={"Ana": ["Knight#1"], "Bo": ["Cleric#1"]})
    g.step()
    assert g.result.winners == [] and g.history[-1].rule == "LFG-NO-WINNER"


# -- 9. two players, and the whole game ---------------------------------------------------------------------------------

def test_9_two_players_start_with_the_pile_draft_and_play_to_the_end():
    g = P.two_players()
    assert g.players == ["Ana", "Bo"] and g.state.variant == "two_player"
    g.run(until="decision")
    assert g.pending.kind == "pile" and g.pending.player == "Ana"
    assert [o.id for o in g.pending.options] == ["take:pile1", "leave:pile1"]
    g.run(bots="heuristic")
    assert g.is_over and g.result.ending in tablekit.game_info("lfg").endings


def test_the_five_player_game_is_played_to_its_end():
    g = P.played_game()
    assert len(g.players) == 5 and g.is_over and g.result.ending in tablekit.game_info("lfg").endings
    assert all(g.state.zones[f"{p}/hand"] == [] for p in g.players)   # every hero is drafted


# -- every section: dealt from the seeded shuffle, the seats in table order -----------------------------------------

SECTIONS = [P.a_round, P.roles, P.hurt_renown, P.anytime, P.extra_draft, P.copy_kill, P.protect_then_kill,
            P.hurt_and_heal, P.recruit, P.friendly, P.tie, P.scoundrels, P.tied_win]


def dealt_by_the_rules(players, seed):
    g = tablekit.new_game("lfg", players=players, seed=seed)
    while not {"Rounds", "Pile draft"} & set(g.cursor):
        g.step()
    return g


@pytest.mark.parametrize("section", SECTIONS)
def test_each_section_is_dealt_from_the_games_own_seeded_shuffle_and_only_the_named_heroes_moved(section):
    g = section()
    st = g.state
    dealt = dealt_by_the_rules(g.players, st.seed).state
    in_play = {u for u in st.cards if st.card_zone[u] != T.BOX}
    built = {u for u in dealt.cards if dealt.card_zone[u] != T.BOX}
    assert built <= in_play                                   # the deck the rules build for this many players
    grave = st.zones[T.GRAVE]
    assert grave == [u for u in dealt.zones[T.GRAVE] if u in set(grave)]   # what the deal laid there
    named = {u for p in g.players for z in (T.hand(p), T.party(p)) for u in st.zones[z]}
    assert named | set(grave) | set(st.zones[T.ASIDE]) == in_play
    assert g.players[0] == "Ana" and g.players == sorted(g.players, key=["Ana", "Bo", "Cy"].index)


def test_a_dealt_section_differs_by_its_seed():
    one, two = (P.position(["Ana", "Bo", "Cy"], at="Draft", hands={"Ana": ["Knight#1"]}, seed=s, dealt=True)
                for s in (1, 2))
    assert one.state.zones[T.ASIDE] != two.state.zones[T.ASIDE]
    assert len(one.state.zones[T.GRAVE]) == 3 and one.state.zones[T.GRAVE] != two.state.zones[T.GRAVE]


def test_9_two_players_start_with_an_empty_graveyard_and_the_last_pile_may_have_to_be_taken():
    g = P.two_players()
    while g.pending is None:
        g.step()
    assert g.state.zones[T.GRAVE] == [] and "LFG-2P-GRAVE" in fired(g)
    g.arrange(zones={"pile1": ["Knight#1"], "pile2": ["Bard#1"], "pile3": ["Cleric#1"], "deck": ["Rogue#1"]},
              rest="box", extra={"drafter": "Ana", "pile": 2}, at=["Pile draft"], turn="Ana")
    last = g.pending.option("leave:pile3")
    assert not last.legal and last.rule == "LFG-2P-ALLLEFT"


# -- the notebook itself -------------------------------------------------------------------------------------------------

def test_the_notebook_checks_nothing_and_builds_each_table_when_opened():
    NC.assert_runs_only_what_it_shows(NOTEBOOK, 15, eager_tables=1)


def test_every_table_of_the_notebook_is_checked_here():
    NC.assert_every_table_checked(NOTEBOOK, __file__)


def test_the_rulings_the_notebook_cites_are_on_the_rulings_page():
    NC.assert_cited_rulings_listed(NOTEBOOK, "LFG", "lfg")


def test_every_section_opens_its_table_and_the_last_is_the_played_game():
    from tablekit.widgets import CardBrowser, Sandbox
    from tablekit.widgets.rules import RulesView

    shown = opened_sections(NOTEBOOK, P, "lfg")
    assert len(shown) == 17 and isinstance(shown[-2], CardBrowser) and isinstance(shown[-1], RulesView)
    tables = shown[:-2]
    assert all(isinstance(w, Sandbox) for w in tables) and all(w.board.error == "" for w in tables)
    assert all(sb.bots in (P.RANDOM_BO, P.RANDOM_BO_CY, P.RANDOM_ANA_CY, P.HEURISTIC_BO) for sb in tables[:-1])
    assert tables[-1].bots == {} and tables[-1].game.is_over
