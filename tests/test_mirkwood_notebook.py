"""The guided Mirkwood notebook: each table is the position its words describe (the
positions module builds them; these tests check them), the hints are true of the
position, and the notebook itself checks nothing, keeps no outputs and builds each
table only when its section is opened."""

from __future__ import annotations

import json
import re
from pathlib import Path

import notebook_checks as NC

from tablekit.games.mirkwood import positions as P
from tablekit.games.mirkwood import table as T

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = ROOT / "notebooks" / "mirkwood.ipynb"
A = P.SEAT


def ids(g):
    return [o.id for o in g.pending.options]


def until_decision(g):
    while g.pending is None and not g.is_over:
        g.step()


def play_until(g, kind):
    """Step, the guide's fixed answers taking every decision but one of `kind` (as a reader
    who passes each window would), until one is open."""
    while not g.is_over:
        if g.pending is None:
            g.step()
        elif g.pending.kind == kind:
            return g.pending
        else:
            g.choose(*P.guide_answer(g))
    raise AssertionError(f"the game ended before a decision of kind {kind!r}")


# -- a guided first game ---------------------------------------------------------------------------

def test_guided_setup_gives_the_trio_threat_29_and_asks_the_mulligan_with_a_hint():
    g = P.first_game()
    until_decision(g)
    assert T.heroes(g.ctx, A) == ["aragorn", "theodred", "legolas"] and T.threat(g.ctx, A) == 29
    d = g.pending
    assert d.kind == "mulligan" and ids(g) == ["keep", "mulligan"] and d.default == "keep"
    hand = g.state.zones[T.hand(A)]
    allies = sum(g.ctx.kind(u) == "ally" for u in hand)
    assert len(hand) == 6 and f"{allies} allies" in d.hint and "3 resources a round" in d.hint


def test_guided_resource_phase_gains_a_resource_on_each_hero_and_offers_blade_mastery():
    g = P.first_game()
    until_decision(g)
    g.choose("keep")
    until_decision(g)
    assert g.cursor[-1] == "Resource actions" and all(T.resources(g.ctx, h) == 1 for h in T.heroes(g.ctx, A))
    assert g.pending.kind == "window" and g.pending.option("act:blade-mastery#2:0").legal
    assert "Open to you now: Play Blade Mastery" in g.pending.hint and "Legolas 1 (Tactics)" in g.pending.hint


def test_guided_planning_asks_at_once_and_the_hint_names_the_pools():
    g = P.first_game_at("Planning phase")
    d = g.pending
    assert d.kind == "window" and g.history == [] and "beorn" in g.state.zones[T.hand(A)]
    assert not d.option("act:beorn:0").legal and "Beorn costs 6 Tactics resources" in d.option("act:beorn:0").reason
    assert "Nothing you hold can be paid for now" in d.hint and "Aragorn 1 (Leadership)" in d.hint


def test_guided_quest_phase_commit_hint_says_the_staging_threat_and_the_willpower():
    g = P.first_game_at("Quest phase")
    assert g.state.zones[T.STAGING] == ["forest-spider#2", "old-forest-road#1"]
    d = play_until(g, "commit")
    assert "threat is 3 now" in d.hint and "1 more encounter card" in d.hint and "add up to 4" in d.hint
    assert g.state.zones[T.ENC_DECK][-1] == "enchanted-stream#1"


def test_guided_travel_offers_the_three_places_with_the_threat_each_takes_off():
    g = P.first_game_at("Travel phase")
    d = play_until(g, "travel")
    assert ids(g) == [
        "travel:old-forest-road#1", "travel:enchanted-stream#1", "no_travel"]
    assert "threat is 5" in d.hint and "Enchanted Stream takes 2 off" in d.hint


def test_guided_encounter_spider_engages_at_threat_31_and_the_hint_says_so():
    g = P.first_game_at("Encounter phase")
    assert T.threat(g.ctx, A) == 31
    d = play_until(g, "engage")
    assert ids(g) == ["engage:forest-spider#2", "no_engage"]
    assert d.hint == "Forest Spider (25) will engage you at threat 31: engage it now, or keep a defender ready."


def test_guided_combat_defender_hint_gives_attack_defense_and_hit_points():
    g = P.first_game_at("Combat phase")
    assert g.state.zones[T.engaged_zone(A)] == ["forest-spider#2"]
    d = play_until(g, "defender")
    assert "Forest Spider attacks with 3 now" in d.hint and "1 face-down shadow card" in d.hint
    assert "Aragorn (defense 2, 5 hit points left) would take 1 damage" in d.hint
    assert "undefended, all 3 attack goes to one hero" in d.hint


def test_guided_refresh_readies_raises_threat_and_ends_round_one():
    g = P.first_game_at("Refresh phase")
    before = T.threat(g.ctx, A)
    while g.ctx.count("Rounds") == 1:
        g.step() if g.pending is None else g.choose(*P.bot_answer(g))
    assert T.threat(g.ctx, A) == before + 1
    assert all(T.is_ready(g.ctx, c) for c in T.characters(g.ctx, A))


# -- staging and questing ------------------------------------------------------------------------

def test_a_sections_encounter_deck_is_the_seeded_shuffle_with_only_the_named_card_moved():
    g = P.staging()
    deck = g.state.zones[T.ENC_DECK]
    played = P.played_to(P.new(), "Quest phase").state.zones[T.ENC_DECK]
    assert deck[-1] == "the-necromancer-s-reach#1" and deck[:-1] == [u for u in played if u != deck[-1]]
    other = P.played_to(P.new(2), "Quest phase").state.zones[T.ENC_DECK]
    assert other != played and deck[:-1] != sorted(deck[:-1], key=list(g.state.cards).index)


def at_node(phase, path, add):
    """Round 1 of the guided game played to `phase`, then set at the rule `path` with the cards of
    `add` laid on their zones (every other card where the shuffle put it)."""
    g = P.played_to(P.new(), phase)
    g.arrange(zones=P.placed(g, add), at=["Rounds", "Round", phase, *path])
    return g


def test_guided_an_empty_deck_draws_nothing_and_loses_nothing():
    g = P.played_to(P.new(), "Resource phase")
    g.arrange(zones={f"{A}/deck": []}, at=["Rounds", "Round", "Resource phase", "Draw"])
    hand = list(g.state.zones[f"{A}/hand"])
    rec = g.step()
    assert rec.rule == "MK-EMPTY-DECK" and g.state.zones[f"{A}/hand"] == hand and not g.is_over


def test_guided_a_unique_title_in_play_blocks_its_other_copy():
    g = at_node("Planning phase", ["Planning turns", "Play allies"],
                {f"{A}/allies": ["faramir#1"], f"{A}/hand": ["faramir#2"]})
    g.arrange(cards={"aragorn": {"resources": 4}})
    o = g.pending.option("act:faramir#2:0")
    assert not o.legal and o.rule == "MK-UNIQUE"


def test_guided_a_travel_cost_that_cannot_be_paid_in_full_makes_the_travel_illegal():
    g = P.played_to(P.new(), "Travel phase")
    g.arrange(zones={"staging": ["necromancer-s-pass#1"], "active_location": [], f"{A}/hand": ["beorn"]},
              at=["Rounds", "Round", "Travel phase", "Travel"])
    o = g.pending.option("travel:necromancer-s-pass#1")
    assert not o.legal and o.rule == "MK-TRAVEL-COST"


def test_guided_enemies_tied_in_the_engagement_check_are_the_players_choice():
    g = at_node("Encounter phase", ["Engagement checks"], {"staging": ["forest-spider#3"]})
    spiders = [u for u in g.state.zones["staging"] if u.startswith("forest-spider#")]
    assert len(spiders) == 2                                 # stage 1A's and this one: engagement 25 each
    while g.pending is None or g.pending.kind == "window":
        g.step() if g.pending is None else g.choose("pass")
    assert g.pending.kind == "engagement" and len(g.pending.legal) == 2 and g.pending.player == A
    assert g.choose("engage:forest-spider#3").rule == "MK-ENGAGE-TIE"


def test_staging_table_has_the_necromancers_reach_on_top():
    g = P.staging()
    assert g.state.zones[T.ENC_DECK][-1] == "the-necromancer-s-reach#1" and g.history == []
    assert g.state.zones[T.STAGING] == ["forest-spider#2", "old-forest-road#1"]


def test_staging_the_reach_damages_the_committed_characters_and_the_quest_fails():
    g = P.staging()
    d = play_until(g, "commit")
    assert "threat is 3 now" in d.hint
    g.choose("commit:theodred", "commit:legolas")
    rest = []
    while "Quest resolution" not in [r.path[-1] for r in rest]:
        rest.append(g.step() if g.pending is None else g.choose(*P.bot_answer(g)))
    assert g.state.cards["theodred"].get("damage") == 1 and g.state.cards["legolas"].get("damage") == 1
    assert not g.state.cards["aragorn"].get("damage")      # he stayed ready: the Reach passes him by
    assert T.threat(g.ctx, A) == 30    # willpower 2 against threat 3: the quest fails by 1 (point 54)
    assert rest[-1].rule == T.point(54)


# -- engagement ----------------------------------------------------------------------------------

def test_engagement_hint_names_the_spider_that_will_engage_and_the_hummerhorns_that_will_not():
    g = P.engagement()
    assert T.threat(g.ctx, A) == P.ENGAGE_THREAT == 29 and "hummerhorns" in g.state.zones[T.STAGING]
    d = play_until(g, "engage")
    assert ids(g) == ["engage:forest-spider#2", "engage:hummerhorns", "no_engage"]
    assert d.hint.startswith("Forest Spider (25) will engage you at threat 29: engage it now, or keep a defender "
                             "ready; Hummerhorns (40) stays in the staging area at threat 29")
    g.choose("no_engage")
    while "forest-spider#2" in g.state.zones[T.STAGING]:
        g.step() if g.pending is None else g.choose(*P.bot_answer(g))
    assert g.state.zones[T.engaged_zone(A)] == ["forest-spider#2"] and "hummerhorns" in g.state.zones[T.STAGING]


# -- a combat with shadows -------------------------------------------------------------------------

def test_combat_two_enemies_the_orcs_shadow_goes_to_the_forest_spider():
    g = P.combat()
    assert g.state.zones[T.engaged_zone(A)] == ["forest-spider#2", "king-spider#1"]
    assert g.state.zones[T.ENC_DECK][-2:] == ["mountains-of-mirkwood#1", "dol-guldur-orcs#1"]
    d = play_until(g, "attacker")
    assert ids(g) == ["enemy:forest-spider#2", "enemy:king-spider#1"] and d.default == "enemy:forest-spider#2"
    assert g.ctx.zone_of("dol-guldur-orcs#1") == T.SHADOW
    assert "Forest Spider (engagement 25, attack 3" in d.hint and "King Spider (engagement 20, attack 3" in d.hint
    g.choose("enemy:forest-spider#2")
    d = play_until(g, "defender")
    assert "Forest Spider attacks with 3 now" in d.hint
    g.choose("defend:aragorn")
    play_until(g, "attacker")  # the King Spider is next, its shadow card without a shadow effect
    assert g.state.cards["aragorn"].get("damage") == 2    # 3 + 1 (the Orcs' shadow) against defense 2


# -- the quest stages ------------------------------------------------------------------------------

def test_stage_two_won_turns_a_random_stage_three_and_removes_the_other():
    g = P.stage_two()
    assert T.current_stage(g.ctx) == "ptm-2" and g.ctx.face("ptm-2").name == "A Fork in the Road (2B)"
    assert sorted(g.state.zones[T.STAGE3]) == ["ptm-3-beorns-path", "ptm-3-dont-leave-the-path"]
    assert g.state.zones[T.ENC_DECK][-1] == P.QUIET_TOP and g.state.cards["ptm-2"]["progress"] == 1
    play_until(g, "commit")
    g.choose("commit:aragorn", "commit:theodred", "commit:legolas")
    while T.current_stage(g.ctx) == "ptm-2":
        g.step() if g.pending is None else g.choose(*P.bot_answer(g))
    stage3 = T.current_stage(g.ctx)
    assert stage3 in ("ptm-3-beorns-path", "ptm-3-dont-leave-the-path") and g.state.zones[T.STAGE3] == []
    assert g.state.extra["stage3"] == stage3 and "ptm-2" in g.state.zones[T.REMOVED]


def test_beorns_path_with_nine_progress_is_won_by_one_more():
    g = P.beorns_path()
    assert T.current_stage(g.ctx) == "ptm-3-beorns-path" and not T.spawn_in_play(g.ctx)
    assert g.state.cards["ptm-3-beorns-path"]["progress"] == P.BEORN_PROGRESS == 9
    assert T.quest_points(g.ctx, "ptm-3-beorns-path") == 10
    play_until(g, "commit")
    g.choose("commit:aragorn", "commit:theodred", "commit:legolas")
    while not g.is_over:
        g.step() if g.pending is None else g.choose(*P.bot_answer(g))
    assert g.result.ending == "won_beorns_path" and g.result.winners == [A]
    assert "lower is better (ruling MK-SCORE)" in g.history[-1].text


# -- a whole game by bots --------------------------------------------------------------------------

def test_the_whole_game_runs_to_an_ending_the_game_declares():
    from tablekit.games.mirkwood.game import GAME

    g = P.whole_game()
    assert g.state.options["max_rounds"] == GAME.safety_rounds and g.history == []
    g.run(bots=P.ALL_BOTS)
    assert g.is_over and g.result.ending in GAME.endings


def test_every_decision_of_a_bot_game_carries_a_hint():
    g = P.whole_game()
    kinds = set()
    while not g.is_over and len(g.history) < 600:
        if g.pending is None:
            g.step()
            continue
        assert g.pending.hint, (g.pending.kind, g.pending.prompt)
        kinds.add(g.pending.kind)
        g.choose(*P.bot_answer(g))
    assert {"mulligan", "window", "commit", "defender"} <= kinds


# -- the notebook itself -----------------------------------------------------------------------------------

def cells(kind):
    return NC.cells(NOTEBOOK, kind)


def test_the_notebook_checks_nothing_and_builds_each_table_when_opened():
    NC.assert_runs_only_what_it_shows(NOTEBOOK, 12)


def test_every_table_of_the_notebook_is_checked_here():
    NC.assert_every_table_checked(NOTEBOOK, __file__)


def test_the_rulings_the_notebook_cites_are_on_the_rulings_page():
    NC.assert_cited_rulings_listed(NOTEBOOK, "MK", "mirkwood")


TABLE = re.compile(r'LazySection\((".*?"),\s*lambda: Sandbox\(P\.(\w+)\(((?:"[^"]*")?)\), bots=P\.(\w+)\)\)', re.S)
RULES = re.compile(r'LazySection\((".*?"),\s*lambda: RulesView\("mirkwood"\)\)', re.S)


def opened_sections():
    """Every section the page shows, built as its cell says (the positions function, its
    one text argument and the bots, read from the cell, never run from its text), then opened."""
    from tablekit.widgets import LazySection, Sandbox
    from tablekit.widgets.rules import RulesView

    out = []
    for text in cells("code"):
        m, rules = TABLE.search(text), RULES.search(text)
        if rules:
            out.append(LazySection(json.loads(rules.group(1)), lambda: RulesView("mirkwood")))
        elif m:
            build, bots = getattr(P, m.group(2)), getattr(P, m.group(4))
            args = [json.loads(m.group(3))] if m.group(3) else []
            out.append(LazySection(json.loads(m.group(1)), lambda b=build, a=args, s=bots: Sandbox(b(*a), bots=s)))
        else:
            assert "LazySection(" not in text and "Sandbox(" not in text, text
    for sec in out:
        sec.selected_index = 0
    return [sec.children[0] for sec in out]


def test_every_section_opens_its_table_and_the_last_game_runs_to_its_end():
    from tablekit.widgets import Sandbox
    from tablekit.widgets.rules import RulesView

    shown = opened_sections()
    assert isinstance(shown[-1], RulesView) and shown[-1].gamedef.id == "mirkwood"
    shown = shown[:-1]
    assert len(shown) >= 12 and all(isinstance(w, Sandbox) for w in shown)
    assert all(sb.bots == P.READER for sb in shown[:-1])
    last = shown[-1]
    assert last.bots == P.ALL_BOTS
    assert last.press("run:end") is None
    assert last.board.error == "" and last.game.is_over and last.board.view["over"] is not None
