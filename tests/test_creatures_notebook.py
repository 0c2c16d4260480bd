"""The Creatures and Cards teaching notebook: the page's first table (built at load,
so a preheated kernel has it ready) and each section's table (built by
tablekit/games/creatures/positions.py when the section is opened) are what the
section's words say they are, and play out as they say. The notebook itself runs no
check; every check is here. The helpers at the end read any teaching notebook of
that shape; the LFG and Labyrinth notebook tests use them too."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import notebook_checks as NC
import pytest

import tablekit
from tablekit.games.creatures import positions as P
from tablekit.games.creatures import table as T

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = ROOT / "notebooks" / "creatures.ipynb"


def ids(g):
    return [o.id for o in g.pending.options]


# -- 1. setting up: the page's first table -----------------------------------------------------------

def test_1_the_first_table_deals_one_king_to_each_of_three_and_sets_the_fourth_aside():
    game, bots = first_table(NOTEBOOK, "creatures")
    assert game.players == ["Ana", "Bo", "Cy"] and bots == {"Bo": "random", "Cy": "random"}
    rec = game.step()
    assert rec.path == ("Game prep", "Deal the Kings") and rec.rule == "CC-KINGS"
    kings = [game.state.zones[f"{p}/hero"] for p in game.players]
    assert all(len(k) == 1 for k in kings) and len(game.state.zones["aside"]) == 1
    assert {k[0] for k in kings} | set(game.state.zones["aside"]) == set(P.HEROES.values())
    while game.pending is None and game.cursor[-1] != "Draw":
        game.step()
    fighter = next(p for p, k in zip(game.players, kings) if k == ["KS"])   # this seed deals the Fighter
    assert game.turn == fighter and all(game.state.zones[f"{p}/hand"] == [] for p in game.players)


# -- 2. a turn in seven steps ---------------------------------------------------------------------------

def test_2_one_follower_then_at_most_one_monster_on_each_other_player():
    g = P.turn()
    assert g.step().path[-1] == "Start of turn"
    assert "draws none" in g.step().text                    # five cards in hand already
    assert g.pending.kind == "follower" and "play:6H" in ids(g)
    g.choose("play:6H")
    assert g.state.zones["Ana/followers"] == ["6H"]
    assert g.pending.kind == "monster" and g.pending.option("monster:3C:Ana").legal
    g.choose("monster:9C:Bo")
    illegal = g.pending.option("monster:3C:Bo")
    assert not illegal.legal and "at most one" in illegal.reason
    assert g.pending.option("monster:3C:Ana").legal          # as many as you like on yourself


# -- 2. where treasure comes from, and a clogged hand ---------------------------------------------------

def rewarding(top: str, hand: list[str] = ()):
    """The Fighter's (Ana's) treasure step after one kill, `top` on the draw pile."""
    return P.position({"Ana": "Fighter", "Bo": "Wizard"}, {"Ana/hand": list(hand)}, at="Treasure",
                      turn_data={"kills": 1}, top=[top])


@pytest.mark.parametrize("top, zone", [("8D", "Ana/treasure"), ("5H", "Ana/followers"), ("4S", "Ana/hand"),
                                       ("JK#1", "Ana/hand"), ("7C", "Ana/monsters")])
def test_2_without_a_diamond_the_turned_up_card_goes_where_its_suit_says(top, zone):
    g = rewarding(top)
    assert g.pending is None                                 # no diamond in hand: the turn-up is the only way
    rec = g.step()
    assert g.state.card_zone[top] == zone and rec.rule == ("CC-JOKER" if top == "JK#1" else "Player turn 6: Treasure")


def test_2_a_turned_up_monster_strikes_in_the_next_counterattack():
    g = rewarding("7C")
    g.step()
    assert T.monsters_in_front(g.ctx, "Ana") == ["7C"] and "next counterattack" in g.history[-1].text


def test_2_holding_a_diamond_you_play_it_or_none_and_may_not_turn_up():
    g = rewarding("8D", hand=["3D"])
    assert ids(g) == ["treasure:3D", "turn_up", "skip"]
    assert not g.pending.option("turn_up").legal and g.pending.option("turn_up").rule == "CC-TURNUP"
    g.choose("treasure:3D")
    assert g.state.zones["Ana/treasure"] == ["3D"] and g.state.zones["deck"][-1] == "8D"


def test_2_discarding_in_step_7_lets_the_next_draw_bring_new_cards():
    clogged = ["3C", "4C", "5C", "AS", "2S"]
    g = P.position({"Ana": "Fighter", "Bo": "Wizard"}, {"Ana/hand": clogged}, at="Discard")
    g.choose("discard:3C", "discard:4C", "discard:5C")
    g.run(bots=P.RANDOM_BO)                                  # Bo's turn, then Ana's draw
    drawn = next(r for r in reversed(g.history) if r.path[-1] == "Draw" and r.text.startswith("Ana"))
    assert "draws 3" in drawn.text and {"AS", "2S"} <= set(g.state.zones["Ana/hand"])
    assert len(g.state.zones["Ana/hand"]) == 5 and {"3C", "4C", "5C"} <= set(g.state.zones["discard"])


def test_2_a_full_hand_draws_nothing():
    g = P.position({"Ana": "Fighter", "Bo": "Wizard"}, {"Ana/hand": ["3C", "4C", "5C", "AS", "2S"]},
                   at="Draw")
    assert "draws none" in g.step().text and len(g.state.zones["Ana/hand"]) == 5


# -- 3. attacks, and weakened monsters --------------------------------------------------------------------

def test_3_a_low_spade_weakens_the_monster_which_still_strikes_then_is_discarded():
    g = P.weaken()
    assert ids(g)[:1] == ["attack:4S:9C"]
    g.choose("attack:4S:9C")
    assert g.state.cards["9C"]["damage"] == 4              # 9 - 4: five points left
    assert g.state.cards["4S"]["attached_to"] == "9C"      # the spade lies on the monster
    strike = g.step()
    assert "9♣ (5 left) = 5 against 3♥ = 3" in strike.text
    g.step()
    assert {"9C", "4S", "3H"} <= set(g.state.zones["discard"]) and g.state.zones["Ana/monsters"] == []


# -- 4. the counterattack ------------------------------------------------------------------------------------

def test_4_stronger_followers_lose_six_points_ana_chooses_who_and_the_monster_covers_the_eight():
    g = P.strike()
    rec = g.step()
    assert rec.rule == "CC-ABSORB" and g.pending.kind == "absorb" and g.pending.player == "Ana"
    assert ids(g) == ["lose:2H", "part:8H"] and g.pending.default == "part:8H"   # only a suggestion
    g.choose("lose:2H")
    g.step()
    g.step()
    assert "2H" in g.state.zones["discard"] and g.state.zones["Ana/followers"] == ["8H", "6C"]
    assert g.state.cards["8H"]["damage"] == 4               # 6 - 2 = 4 points covered on the 8
    assert g.state.cards["6C"]["attached_to"] == "8H"


def test_4_the_player_may_choose_otherwise_than_the_suggestion():
    g = P.strike()
    g.step()
    g.choose("part:8H")
    assert "8H" not in g.state.zones["discard"]


def test_4_monsters_exactly_equal_to_the_followers_take_every_follower_and_no_hand_card():
    g = P.position({"Ana": "Fighter", "Bo": "Wizard"}, {"Ana/monsters": ["7C"], "Ana/followers": ["3H", "4H"],
                                                        "Ana/hand": ["2S", "9D"]}, at="Counterattack")
    rec = g.step()
    assert rec.rule == "Player turn 5: Counterattack" and "used up exactly" in rec.text
    assert g.state.zones["Ana/followers"] == [] and {"3H", "4H"} <= set(g.state.zones["discard"])
    assert g.state.zones["Ana/hand"] == ["2S", "9D"] and g.pending is None


def test_4_the_covering_monster_stays_on_its_follower_when_the_others_are_discarded():
    g = P.position({"Ana": "Fighter", "Bo": "Wizard"}, {"Ana/monsters": ["3C", "4C"], "Ana/followers": ["10H"]},
                   at="Counterattack")
    g.step()                                                 # 7 against 10: the ten takes all seven
    g.step()                                                 # the only follower: no choice to make
    assert ids(g) == ["cover:3C", "cover:4C"]
    g.choose("cover:4C")
    g.step()                                                 # the other monsters are discarded
    assert "3C" in g.state.zones["discard"] and "4C" not in g.state.zones["discard"]
    assert g.state.zones["Ana/followers"] == ["10H", "4C"] and g.state.cards["4C"]["attached_to"] == "10H"
    assert T.monsters_in_front(g.ctx, "Ana") == [] and T.score(g.ctx, "Ana") == 3


# -- 5. the heroes' powers ------------------------------------------------------------------------------------

def test_5_the_fighters_two_spades_kill_the_three_and_four_and_weaken_the_nine():
    g = P.fighter()
    g.choose("attack:7S", "attack:5S")                       # 12 against 3 + 4 + 9
    assert g.pending.kind == "fight" and g.pending.player == "Ana"
    g.choose(g.pending.default)                              # the suggested share, weakest first (CC-FIGHTER)
    assert {"3C", "4C"} <= set(g.state.zones["discard"])
    assert g.state.cards["9C"]["damage"] == 5                # 12 - 3 - 4 = 5 left over


def test_5_the_wizards_mass_attack_kills_every_monster_no_stronger_wherever_it_stands():
    g = P.wizard()
    assert "mass:8S" in ids(g)
    rec = g.choose("mass:8S")
    assert rec.rule == "CC-WIZARD"
    assert {"5C", "7C"} <= set(g.state.zones["discard"])    # both die, wherever they stand
    assert g.state.zones["Bo/monsters"] == ["JC"]           # 11 is too strong for an 8


def test_5_the_priest_plays_a_follower_and_rescues_another_from_the_discard_pile():
    g = P.priest()
    g.choose("play:4H")
    assert "rescue:9H" in ids(g)
    g.choose("rescue:9H")
    assert g.state.zones["Ana/followers"] == ["4H", "9H"] and "9H" not in g.state.zones["discard"]


def test_5_the_thief_steals_the_lowest_treasure_of_the_tied_richest_instead_of_turning_up():
    g = P.thief()
    assert "CC-THIEF" in g.step().text                      # no treasure in hand: a card is to be turned up
    assert g.pending.kind == "replacement" and ids(g) == ["replace:KD:0", "decline"]
    deck = list(g.state.zones["deck"])
    rec = g.choose("replace:KD:0")                           # Bo and Cy tie with two; the 2 is the lowest
    assert rec.rule == "CC-THIEF"
    assert g.state.zones["Ana/treasure"] == ["2D"] and g.state.zones["Cy/treasure"] == ["QD"]
    assert g.state.zones["Bo/treasure"] == ["9D", "3D"] and g.state.zones["deck"] == deck


# -- 6. jokers -----------------------------------------------------------------------------------------------------

def test_6_a_joker_kills_every_monster_in_front_of_ana_and_is_discarded():
    g = P.joker()
    g.choose("joker:JK#1")
    assert g.state.zones["Ana/monsters"] == [] and {"QC", "10C", "JK#1"} <= set(g.state.zones["discard"])
    assert g.state.extra["_this_turn"]["kills"] == 2


# -- 7. the end and the score ----------------------------------------------------------------------------------------

def test_7_the_played_game_ended_by_the_rules_and_the_highest_score_wins():
    g = P.played_game()
    assert g.is_over and g.result.ending == "most_treasure" and g.players == ["Ana", "Bo"]
    assert any(r.rule == "CC-RESHUFFLE" for r in g.history) and any(r.rule == "CC-END" for r in g.history)
    best = max(g.result.scores.values())
    assert g.result.winners == [p for p in g.players if g.result.scores[p] == best]


def test_7_diamonds_and_hearts_still_in_hand_score_nothing():
    g = P.position({"Ana": "Fighter", "Bo": "Wizard"}, {"Ana/hand": ["QD", "9H"], "Ana/treasure": ["2D"]})
    g.arrange(at=["Count the points"])
    rec = g.step()
    assert rec.rule == "CC-SCORE" and g.result.scores == {"Ana": 2, "Bo": 0}


# -- every section: a shuffled deck, the seats in table order --------------------------------------------

SECTIONS = [P.turn, P.weaken, P.strike, P.fighter, P.wizard, P.priest, P.thief, P.joker]


@pytest.mark.parametrize("section", SECTIONS)
def test_each_sections_draw_pile_is_the_games_own_seeded_shuffle_less_the_named_cards(section):
    g = section()
    deck = g.state.zones["deck"]
    dealt = NC.set_up_by_the_rules("creatures", g.players, g.state.seed).state.zones["deck"]
    assert deck == [u for u in dealt if u in set(deck)] and len(deck) >= 40
    in_card_order = [u for u in g.state.cards if u in set(deck)]
    assert deck != in_card_order


def test_a_position_shuffles_by_its_seed_and_finds_the_first_player_by_the_heroes():
    one, two = (P.position({"Ana": "Wizard", "Bo": "Fighter"}, seed=s) for s in (1, 2))
    assert one.state.zones["deck"] != two.state.zones["deck"]
    assert sorted(one.state.zones["deck"]) == sorted(two.state.zones["deck"])
    assert one.players == ["Ana", "Bo"] and one.turn == "Ana" and one.state.extra["first"] == "Bo"   # CC-FIRST
    assert P.thief().state.extra["first"] == "Bo" and P.thief().players == ["Ana", "Bo", "Cy"]


# -- the notebook itself -----------------------------------------------------------------------------------------------

def test_the_notebook_checks_nothing_and_builds_each_table_when_opened():
    NC.assert_runs_only_what_it_shows(NOTEBOOK, 9, eager_tables=1)


def test_every_table_of_the_notebook_is_checked_here():
    NC.assert_every_table_checked(NOTEBOOK, __file__)


def test_the_rulings_the_notebook_cites_are_on_the_rulings_page():
    NC.assert_cited_rulings_listed(NOTEBOOK, "CC", "creatures")


def test_every_section_opens_its_table_and_the_last_is_the_played_game():
    from tablekit.widgets import CardBrowser, Sandbox
    from tablekit.widgets.rules import RulesView

    shown = opened_sections(NOTEBOOK, P, "creatures")
    assert len(shown) == 11 and isinstance(shown[-2], CardBrowser) and isinstance(shown[-1], RulesView)
    tables = shown[:-2]
    assert all(isinstance(w, Sandbox) for w in tables)
    assert all(sb.bots in (P.RANDOM_BO, P.RANDOM_BO_CY) for sb in tables[:-1])
    assert tables[-1].bots == {} and tables[-1].game.is_over


# -- the notebook itself: reading a teaching notebook's cells (never running their text) --------------------------------

EAGER = re.compile(r'Sandbox\(tablekit\.new_game\("(\w+)", players=(\[[^\]]*\]), seed=(\d+)\),\s*bots=(\{[^}]*\})\)')
TABLE = re.compile(r'LazySection\(("[^"]*"),\s*lambda: Sandbox\(P\.(\w+)\(\)(?:, bots=P\.(\w+))?\)\)')
BROWSER = re.compile(r'LazySection\(("[^"]*"),\s*lambda: CardBrowser\("(\w+)"\)\)')
RULES = re.compile(r'LazySection\(("[^"]*"),\s*lambda: RulesView\("(\w+)"\)\)')


def first_table(notebook: Path, game: str):
    """The page's first table, built at load: a new game and its bots, read from the cell."""
    code = NC.cells(notebook, "code")
    m = EAGER.fullmatch(code[1])
    assert m and m.group(1) == game, code[1]
    return tablekit.new_game(game, players=json.loads(m.group(2)), seed=int(m.group(3))), json.loads(m.group(4))


def is_imports(text: str) -> bool:
    return all(isinstance(s, (ast.Import, ast.ImportFrom)) for s in ast.parse(text).body)


def opened_sections(notebook: Path, positions, game: str) -> list:
    """Every section the page shows, built as its cell says (the positions function and
    the bots it names), then opened. The page is its imports, its first table, and
    sections only: no cell computes or prints anything else."""
    from tablekit.widgets import CardBrowser, LazySection, Sandbox
    from tablekit.widgets.rules import RulesView

    code = NC.cells(notebook, "code")
    assert is_imports(code[0]) and EAGER.fullmatch(code[1])
    out = []
    for text in code[2:]:
        table, browser, rules = TABLE.fullmatch(text), BROWSER.fullmatch(text), RULES.fullmatch(text)
        assert table or (browser and browser.group(2) == game) or (rules and rules.group(2) == game), text
        if table:
            build = getattr(positions, table.group(2))
            bots = getattr(positions, table.group(3)) if table.group(3) else None
            out.append(LazySection(json.loads(table.group(1)), lambda b=build, s=bots: Sandbox(b(), bots=s)))
        elif browser:
            out.append(LazySection(json.loads(browser.group(1)), lambda: CardBrowser(game)))
        else:
            out.append(LazySection(json.loads(rules.group(1)), lambda: RulesView(game)))
    for sec in out:
        assert not sec.built
        sec.selected_index = 0
    return [sec.children[0] for sec in out]
