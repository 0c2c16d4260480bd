"""The Legends of Labyrinth teaching notebook: the page's first table (built at load)
and each section's table (built by tablekit/games/labyrinth/positions.py when the
section is opened) are what the section's words say they are, and play out as they
say. The notebook itself runs no check; every check is here."""

from __future__ import annotations

from pathlib import Path

import notebook_checks as NC
import pytest
from test_creatures_notebook import first_table, opened_sections

import tablekit
from tablekit.games.labyrinth import positions as P
from tablekit.games.labyrinth import table as T

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = ROOT / "notebooks" / "labyrinth.ipynb"


def ids(g):
    return [o.id for o in g.pending.options]


# -- 1. setting up: the page's first table ----------------------------------------------------------

def test_1_the_board_has_nine_retinues_every_lord_two_cards_and_a_first_lord_drawn():
    game, bots = first_table(NOTEBOOK, "labyrinth")
    assert game.players == ["Ana", "Bo", "Cy"] and bots == {"Bo": "random", "Cy": "random"}
    game.run(until="phase")                                  # the setup rules
    st = game.state
    assert len(st.zones["retinues"]) == 9
    assert all(len(st.zones[f"{p}/hand"]) == 2 for p in game.players)
    assert st.extra["first"] in game.players and game.turn == st.extra["first"]


def test_1_the_gentle_variant_leaves_the_golem_deadly_plague_and_beguilement_in_the_box():
    gentle = tablekit.new_game("labyrinth", players=2, seed=1, variant="gentle")
    gentle.run(until="phase")
    assert sorted(gentle.state.zones["box"]) == ["beguilement", "deadly_plague", "golem"]


# -- 2. a turn, in order ------------------------------------------------------------------------------------

def test_2_one_card_drawn_unused_retinues_lost_then_the_warlock_gives_an_action():
    g = P.turn()
    assert g.state.extra["gathered"]["Ana"] == ["swordmasters"] and len(g.state.zones["Ana/hand"]) == 2
    assert "draws 1" in g.step().text                         # a hand that is not empty: draw one
    assert len(g.state.zones["Ana/hand"]) == 3
    assert g.pending.kind == "retinue" and ids(g) == ["use:swordmasters", "done"]
    g.choose("done")                                          # move on: the Swordmasters are lost this turn
    assert g.pending.kind == "legend" and "use:warlock" in ids(g)
    g.choose("use:warlock")
    assert g.state.extra["_this_turn"]["actions"] == 1
    assert g.pending.kind == "action" and g.pending.option("play:haste").legal and "pass" in ids(g)


def test_2_passing_is_only_before_the_first_action_and_stopping_after_one_recruits_nobody():
    g = P.gather(["archeress"])
    stop = g.pending.option("stop")
    assert not stop.legal and stop.rule == "LAB-PASS" and g.pending.option("pass").legal
    g = P.position(["Ana", "Bo"], {"Ana/hand": ["haste"]}, at="Actions", turn_data={"taken": 1}, dealt=True)
    passing = g.pending.option("pass")
    assert not passing.legal and passing.rule == "LAB-PASS" and g.pending.option("stop").legal
    heroes = list(g.state.zones["Ana/heroes"])
    g.choose("stop")
    assert g.state.zones["Ana/heroes"] == heroes


def test_2_each_legendary_hero_acts_once_a_turn():
    g = P.position(["Ana", "Bo"], {"Ana/heroes": ["warlock", "golem"], "Bo/heroes": ["archeress"]},
                   at="Legendary heroes", dealt=True)
    g.choose("use:warlock")
    again = g.pending.option("use:warlock")
    assert not again.legal and again.rule == "LAB-LEGEND-ONCE"


def test_2_a_retinue_that_chooses_a_lord_never_chooses_its_own_lord():
    g = P.position(["Ana", "Bo"], {"Ana/heroes": ["archeress", "warlock"], "Bo/heroes": []},
                   gathered={"Ana": ["archeresses", "swordmasters"]}, at="Retinue abilities", dealt=True)
    mine = g.pending.option("use:archeresses")
    assert not mine.legal and mine.rule == "LAB-TARGET"


# -- 3. counters and a chain --------------------------------------------------------------------------------

def defend(g):
    """Ana's Recruitment, Bo's Sabotage!, Ana's Treason!: a chain of three, each lord asked in turn."""
    g.choose("play:recruitment")
    assert g.pending.kind == "response" and g.pending.player == "Bo"
    g.choose("counter:sabotage")                              # Bo: a chain of two
    held = g.state.zones["Cy/hand"]                           # what Cy was dealt: no counter
    assert g.pending.player == "Cy" and held and not any(T.is_counter(g.ctx, u) for u in held)
    assert ids(g) == ["pass"]
    g.choose("pass")                                          # Cy, who holds no counter, is asked all the same
    assert g.pending.player == "Ana" and "counter:treason" in ids(g)
    g.choose("counter:treason")                               # Ana counters the counter
    assert g.pending.player == "Bo"                           # every lord but its owner is asked again
    g.choose("pass")
    g.choose("pass")
    return g


def test_3_by_the_words_only_the_last_card_resolves_and_the_recruitment_is_discarded():
    g = defend(P.chain())
    rec = g.step()
    assert rec.rule == "LAB-CHAIN" and "discarded without effect" in rec.text
    assert "The action spent on it stays spent" in rec.text        # a cancelled card still costs its action
    assert g.state.zones["Ana/heroes"] == [] and g.state.zones["heroes"] == ["thief", "golem"]


def test_3_by_the_stack_reading_the_treason_cancels_the_sabotage_and_the_recruitment_stands():
    g = defend(P.chain("stack"))
    assert g.step().rule == "LAB-CHAIN"                        # the Treason! cancels the Sabotage!
    g.step()                                                  # so the Recruitment stands and resolves
    assert sorted(g.state.zones["Ana/heroes"]) == ["golem", "thief"]


def test_3_a_counter_is_never_an_action_and_passing_cannot_be_countered():
    g = P.chain()
    played = g.pending.option("play:treason")
    assert not played.legal and played.rule == "LAB-COUNTER-WHAT"
    g.choose("pass")                                          # Bo holds Sabotage!, yet nobody is asked
    assert g.pending is None or g.pending.kind != "response"


# -- 4. gathering a retinue ------------------------------------------------------------------------------------

def test_4_four_of_a_kind_gather_three_do_not_and_a_mentalmancer_needs_one_of_the_kind():
    assert P.gather(["archeress"] * 4).pending.option("gather:archeresses").legal
    assert not P.gather(["archeress"] * 3).pending.option("gather:archeresses").legal
    alone = P.gather(["mentalmancer"] * 4).pending.option("gather:archeresses")
    assert not alone.legal and "LAB-MENTAL" in alone.reason


def test_4_the_mentalmancer_stands_in_and_the_heroes_go_back_into_the_heroes_deck():
    g = P.mentalmancer()
    spent = list(g.state.zones["Ana/heroes"])
    g.choose("gather:archeresses")
    assert g.pending.kind == "response" and g.pending.player == "Bo"
    g.choose("pass")                                          # Bo does not counter
    assert "1 Mentalmancer stands in" in g.step().text
    assert g.state.extra["gathered"]["Ana"] == ["archeresses"] and g.state.zones["Ana/heroes"] == []
    assert set(spent) <= set(g.state.zones["heroes"])


# -- 5. the Legendary Retinue -------------------------------------------------------------------------------------

def test_5_the_golem_never_counts_and_a_lord_gathers_one_legendary_retinue_only():
    g = P.legendary()
    why = g.pending.option("gather:legendary")
    assert not why.legal and "Golem never counts" in why.reason
    four = P.gather(["thief", "reaper", "warlock", "assassin"])
    assert four.pending.option("gather:legendary").legal
    again = P.position(["Ana", "Bo"], {"Ana/heroes": ["thief", "reaper", "warlock", "assassin"]},
                       gathered={"Ana": ["legendary"]}, at="Actions")
    assert "only one Legendary Retinue" in again.pending.option("gather:legendary").reason


def test_5_the_legendary_retinue_borrows_any_other_retinue_gathered_or_not_with_its_own_cost():
    g = P.position(["Ana", "Bo"], {"Ana/heroes": ["reaper"]}, gathered={"Ana": ["legendary"]},
                   at="Retinue abilities", dealt=True)
    g.choose("use:legendary")
    g.choose("cost:reaper")
    assert g.pending.option("copy:swordmasters").legal          # gathered by nobody
    assert not g.pending.option("copy:sisters_of_war").legal    # its own cost: no hero left to pay
    assert g.choose("copy:swordmasters").rule == "LAB-LEGEND-COPY"


# -- 6. running out of influence cards --------------------------------------------------------------------------

def test_6_the_discard_pile_becomes_the_deck_only_when_a_card_must_be_drawn():
    g = P.reshuffle()
    assert g.state.zones["influence"] == [] and len(g.state.zones["discard"]) == 3
    rec = g.step()
    assert "shuffled into a new deck" in rec.text
    assert len(g.state.zones["influence"]) == 2 and g.state.zones["discard"] == []
    assert len(g.state.zones["Ana/hand"]) == 2


# -- 7. the hand limit ---------------------------------------------------------------------------------------------

def test_7_nine_cards_after_the_actions_are_discarded_down_to_seven():
    g = P.limit()
    g.choose("play:summons")
    g.choose("pass")                                          # Bo
    g.step()                                                  # Summons: a hero and a card
    g.step()                                                  # the played card is discarded
    assert len(g.state.zones["Ana/hand"]) == 9
    assert g.pending.kind == "hand" and g.pending.player == "Ana" and g.pending.min == 2


# -- 8. the sudden end -----------------------------------------------------------------------------------------------

def test_8_the_third_retinue_ends_the_game_at_once():
    g = P.finale()
    g.choose("gather:archeresses")
    g.choose("pass")
    g.step()
    assert g.is_over and g.result.winners == ["Ana"] and g.result.ending == "third_retinue"
    assert [g.state.cards[u]["card"] for u in g.state.zones["Ana/hand"]] == ["haste"]   # her second action never comes


def test_8_the_played_game_has_at_most_one_winner_who_gathered_three_retinues():
    g = P.played_game()
    assert g.is_over and g.players == ["Ana", "Bo", "Cy"] and g.state.options["max_rounds"]
    assert g.result.ending in tablekit.game_info("labyrinth").endings and len(g.result.winners) <= 1
    if g.result.ending == "third_retinue":
        assert [g.result.scores[w] for w in g.result.winners] == [3]
    else:
        assert g.result.winners == []


# -- every section: dealt from the seeded shuffle, the seats in table order -----------------------------------------

SECTIONS = [P.turn, P.chain, P.mentalmancer, P.legendary, P.reshuffle, P.limit, P.finale]


@pytest.mark.parametrize("section", SECTIONS)
def test_each_sections_decks_are_the_games_own_seeded_shuffle_less_the_named_cards(section):
    g = section()
    dealt = NC.set_up_by_the_rules("labyrinth", g.players, g.state.seed).state
    for deck in (T.INFLUENCE, T.HEROES):
        mine = g.state.zones[deck]
        shuffled = [u for u in dealt.zones[deck] if u in set(mine)]
        assert mine[len(mine) - len(shuffled):] == shuffled    # on top: the shuffle; under it: cards put back
        if len(mine) > 10:
            assert mine != [u for u in g.state.cards if u in set(mine)]   # not in card-file order
    assert g.players[0] == "Ana" and g.turn == "Ana" and g.state.extra["first"] == "Ana"


def test_an_unnamed_hand_keeps_the_two_cards_it_was_dealt():
    g = P.legendary()
    assert g.state.zones["Bo/hand"] == NC.set_up_by_the_rules("labyrinth", ["Ana", "Bo"], 1).state.zones["Bo/hand"]
    assert len(g.state.zones["Bo/hand"]) == 2


# -- the notebook itself ---------------------------------------------------------------------------------------------

def test_the_notebook_checks_nothing_and_builds_each_table_when_opened():
    NC.assert_runs_only_what_it_shows(NOTEBOOK, 8, eager_tables=1)


def test_every_table_of_the_notebook_is_checked_here():
    NC.assert_every_table_checked(NOTEBOOK, __file__)


def test_the_rulings_the_notebook_cites_are_on_the_rulings_page():
    NC.assert_cited_rulings_listed(NOTEBOOK, "LAB", "labyrinth")


def test_every_section_opens_its_table_and_the_last_is_the_played_game():
    from tablekit.widgets import CardBrowser, Sandbox
    from tablekit.widgets.rules import RulesView

    shown = opened_sections(NOTEBOOK, P, "labyrinth")
    assert len(shown) == 10 and isinstance(shown[-2], CardBrowser) and isinstance(shown[-1], RulesView)
    tables = shown[:-2]
    assert all(isinstance(w, Sandbox) and w.board.error == "" for w in tables)
    assert tables[1].bots == {}                               # the chain: the reader plays every lord
    assert all(sb.bots == P.RANDOM_BO for sb in tables[:-1] if sb is not tables[1])
    assert tables[-1].bots == {} and tables[-1].game.is_over
