"""Legends of Labyrinth: one test per rule point and per ruling (docs/rulings/labyrinth.md)."""

from __future__ import annotations

import pytest

import tablekit
from tablekit.core.engine import make_game
from tablekit.games.labyrinth import GAME
from tablekit.games.labyrinth import table as T
from tablekit.games.labyrinth.chain import stands
from tablekit.games.labyrinth.positions import position

ABC = ["Ana", "Bo", "Cy"]


def new(n=3, seed=1, **opts):
    return make_game(GAME, n, seed, options=opts)


def setup_done(g):
    while g.path[:1] != ("Round 1",) or g.cursor[-1] != "Draw":
        g.step()


def passes(g, *who):
    for p in who:
        assert g.pending.player == p, (g.pending.player, p)
        g.choose("pass")


def last(g):
    return g.history[-1]


# -- setup ----------------------------------------------------------------------------------

def test_setup_board_decks_and_two_cards_each():
    g = new(3)
    setup_done(g)
    st = g.state
    assert [st.cards[u]["card"] for u in st.zones["retinues"]] == list(T.BOARD_ORDER)
    assert len(st.zones["influence"]) == 55 - 6 and len(st.zones["heroes"]) == 46
    for p in g.players:
        assert len(st.zones[f"{p}/hand"]) == 2
    assert st.extra["gathered"] == {p: [] for p in g.players}
    deal = next(r for r in g.history if r.node[-1] == "Deal")
    assert deal.public_text and "Sabotage" not in deal.public_text


def test_setup_gentle_game_leaves_out_golem_plague_beguilement():
    g = new(2, gentle=True)
    setup_done(g)
    box = {g.state.cards[u]["card"] for u in g.state.zones["box"]}
    assert box == {"golem", "deadly_plague", "beguilement"}
    assert "gentle game" in g.history[0].text


def test_setup_first_player_random_then_clockwise():
    firsts = set()
    for seed in range(12):
        g = new(4, seed)
        setup_done(g)
        firsts.add(g.state.extra["first"])
        assert g.turn == g.state.extra["first"]
    assert len(firsts) > 1


def test_player_count_two_to_four_ruling_lab_players():
    for n in (2, 3, 4):
        new(n)
    for n in (1, 5):
        with pytest.raises(tablekit.SetupError):
            new(n)


# -- drawing --------------------------------------------------------------------------------------

def test_draw_one_card_with_cards_in_hand():
    g = position(ABC, zones={"Ana/hand": ["haste"], "influence": ["scouts", "ambush"]})
    rec = g.step()
    assert g.state.zones["Ana/hand"] == ["haste#1", "ambush#1"]
    assert "draws 1" in rec.text and "Ambush" in rec.text and "Ambush" not in rec.public_text


def test_draw_two_cards_with_empty_hand():
    g = position(ABC, zones={"Ana/hand": [], "influence": ["scouts#1", "ambush#1", "haste#1"]})
    g.step()
    assert g.state.zones["Ana/hand"] == ["haste#1", "ambush#1"]


def test_influence_discard_reshuffled_only_when_drawing_from_empty_deck():
    g = position(ABC, zones={"Ana/hand": ["haste"], "influence": [], "discard": ["scouts#1", "ambush#1"]})
    rec = g.step()
    assert "shuffled into a new deck" in rec.text
    assert len(g.state.zones["Ana/hand"]) == 2 and len(g.state.zones["influence"]) == 1
    assert g.state.zones["discard"] == []


def test_empty_deck_is_not_reshuffled_at_the_end_of_a_turn():
    g = position(ABC, zones={"Ana/hand": ["scouts#1"], "influence": ["haste#1", "haste#2"],
                             "Bo/hand": [], "Cy/hand": []}, at="Actions",
                 turn_data={"actions": 2})
    g.choose("play:scouts")
    passes(g, "Bo", "Cy")
    g.step()  # Scouts draws the last 2
    assert g.state.zones["influence"] == []
    g.choose("play:haste")
    passes(g, "Bo", "Cy")
    g.step()
    g.choose("stop")
    g.step()  # discard the played cards
    assert g.state.zones["influence"] == [] and len(g.state.zones["discard"]) == 2


def test_both_influence_piles_empty_draws_nothing_ruling_lab_empty_draw():
    g = position(ABC, zones={"Ana/hand": [], "influence": [], "discard": []})
    rec = g.step()
    assert rec.rule == "LAB-EMPTY-DRAW" and g.state.zones["Ana/hand"] == []


# -- retinue abilities --------------------------------------------------------------------------

def test_retinue_ability_once_per_turn():
    g = position(ABC, gathered={"Ana": ["swordmasters"]}, at="Retinue abilities")
    g.choose("use:swordmasters")
    assert g.state.extra["_this_turn"]["actions"] == 2
    assert g.cursor[-1] == "Take an action"  # the loop ended: nothing left to use


def test_two_identical_retinues_used_twice():
    g = position(ABC, gathered={"Ana": ["swordmasters", "swordmasters"]}, at="Retinue abilities")
    g.choose("use:swordmasters")
    assert g.pending.option("use:swordmasters").legal
    g.choose("use:swordmasters")
    assert g.state.extra["_this_turn"]["actions"] == 3


def test_used_retinue_is_illegal_this_turn_and_usable_again_next_turn():
    """The once-a-turn limit is the core's (`once_per` in the card file): the used
    retinue is listed illegal with the rulebook's reason, and the engine, not a
    Labyrinth rule, makes it usable again when Ana's next turn begins."""
    g = position(["Ana", "Bo"], zones={"Ana/hand": ["scouts"], "Bo/hand": ["haste"]},
                 gathered={"Ana": ["swordmasters", "illusionists"]}, at="Retinue abilities")
    g.choose("use:swordmasters")
    opt = g.pending.option("use:swordmasters")
    assert not opt.legal and "used at most once a turn" in opt.reason
    assert g.pending.option("use:illusionists").legal
    assert g.state.extra["_used_turn"] == ["swordmasters:0@1"]
    assert "ret_used" not in g.state.extra["_this_turn"] and "turn" not in g.state.extra
    g.choose("done")
    for _ in range(40):  # Ana passes, Bo plays his turn, Ana's next turn begins
        d = g.pending
        if d is not None and d.player == "Ana" and d.kind == "retinue":
            break
        if d is None:
            g.step()
        else:
            g.choose("pass")
    assert g.turn == "Ana" and g.state.extra["round"] == 2
    assert g.pending.option("use:swordmasters").legal
    assert g.state.extra.get("_used_turn") in (None, [])
    assert g.state.extra["_this_turn"]["actions"] == 1


def test_used_legendary_hero_is_illegal_for_the_rest_of_the_turn():
    g = position(ABC, zones={"Ana/heroes": ["warlock", "golem"]}, at="Legendary heroes")
    g.choose("use:warlock")
    opt = g.pending.option("use:warlock")
    assert not opt.legal and opt.reason.startswith("This Warlock was used already this turn") and "LAB-LEGEND-ONCE" in opt.reason
    assert g.pending.option("use:golem").legal
    g = position(ABC, zones={"Ana/heroes": ["warlock", "thief"]}, at="Legendary heroes",
                 used=["thief:0"])  # a position with the Thief used already (`_used_turn`)
    opt = g.pending.option("use:thief")
    assert not opt.legal and opt.reason.startswith("This Thief was used already this turn")
    assert [o.id for o in g.pending.options] == ["use:warlock", "use:thief", "done"]


def test_retinue_ability_lost_once_the_lord_moves_on():
    g = position(ABC, zones={"Ana/heroes": ["warlock"]},
                 gathered={"Ana": ["swordmasters"]}, at="Retinue abilities")
    rec = g.choose("done")
    assert "cannot be used later" in rec.text
    assert g.cursor[-1] == "Use a legendary hero"
    g.choose("done")
    assert "use:swordmasters" not in g.pending and g.state.extra["_this_turn"]["actions"] == 1


def test_sorceresses_draw_comes_after_the_normal_draw_ruling_lab_start():
    g = position(ABC, zones={"Ana/hand": [], "influence": ["scouts#1", "ambush#1", "haste#1"]},
                 gathered={"Ana": ["sorceresses"]})
    assert "draws 2" in g.step().text
    rec = g.choose("use:sorceresses")
    assert rec.rule == "LAB-START" and len(g.state.zones["Ana/hand"]) == 3


def test_illusionists_recruit_two():
    g = position(ABC, zones={"heroes": ["golem", "thief"]}, gathered={"Ana": ["illusionists"]},
                 at="Retinue abilities")
    g.choose("use:illusionists")
    assert g.state.zones["Ana/heroes"] == ["thief", "golem"]


def test_head_hunters_discard_another_lords_legendary_hero_ruling_lab_target():
    g = position(ABC, zones={"Ana/heroes": ["thief"], "Bo/heroes": ["warlock", "archeress#1"]},
                 gathered={"Ana": ["head_hunters"]}, at="Retinue abilities")
    g.choose("use:head_hunters")
    assert [o.id for o in g.pending.options] == ["hero:warlock"]  # not Ana's own Thief
    g.choose("hero:warlock")
    assert g.state.card_zone["warlock"] == "heroes"


def test_archeresses_discard_a_common_hero():
    g = position(ABC, zones={"Bo/heroes": ["warlock", "archeress#1"]},
                 gathered={"Ana": ["archeresses"]}, at="Retinue abilities")
    g.choose("use:archeresses")
    g.choose("hero:archeress#1")
    assert g.state.zones["Bo/heroes"] == ["warlock"]


def test_retinue_ability_without_a_target_is_refused_with_reason():
    g = position(ABC, gathered={"Ana": ["archeresses", "swordmasters"]}, at="Retinue abilities")
    o = g.pending.option("use:archeresses")
    assert not o.legal and "No other lord" in o.reason


def test_architects_look_at_a_hand_and_swap_one_card():
    g = position(ABC, zones={"Ana/heroes": ["architect#1"], "Ana/hand": ["haste#1"],
                             "Bo/hand": ["ambush#1", "treason#1"]},
                 gathered={"Ana": ["architects"]}, at="Retinue abilities")
    g.choose("use:architects")
    g.choose("cost:architect#1")
    assert not g.pending.option("lord:Cy").legal
    g.choose("lord:Bo")
    rec = g.choose("swap:haste#1:treason#1")
    assert g.state.zones["Ana/hand"] == ["treason#1"] and "haste#1" in g.state.zones["Bo/hand"]
    assert "Ambush" in rec.text and "Ambush" not in rec.public_text


def test_sisters_of_war_pay_a_hero_draw_and_gain_an_action():
    g = position(ABC, zones={"Ana/heroes": ["reaper"]}, gathered={"Ana": ["sisters_of_war"]},
                 at="Retinue abilities")
    g.choose("use:sisters_of_war")
    g.choose("cost:reaper")
    assert g.state.card_zone["reaper"] == "heroes" and g.state.extra["_this_turn"]["actions"] == 2
    assert len(g.state.zones["Ana/hand"]) == 1


def test_archpriestesses_pay_a_hero_and_swap_heroes():
    g = position(ABC, zones={"Ana/heroes": ["reaper", "architect#1"], "Cy/heroes": ["thief"]},
                 gathered={"Ana": ["archpriestesses"]}, at="Retinue abilities")
    g.choose("use:archpriestesses")
    g.choose("cost:reaper")
    g.choose("swap:architect#1:thief")
    assert g.state.zones["Ana/heroes"] == ["thief"] and g.state.zones["Cy/heroes"] == ["architect#1"]


def test_legendary_retinue_borrows_any_common_ability_ruling_lab_legend_copy():
    g = position(ABC, zones={"Ana/heroes": ["reaper"]}, gathered={"Ana": ["legendary"]},
                 at="Retinue abilities")
    g.choose("use:legendary")
    g.choose("cost:reaper")
    assert g.pending.option("copy:swordmasters").legal
    assert not g.pending.option("copy:sisters_of_war").legal  # its own cost: no hero left
    rec = g.choose("copy:swordmasters")
    assert rec.rule == "LAB-LEGEND-COPY" and g.state.extra["_this_turn"]["actions"] == 2


# -- legendary heroes ---------------------------------------------------------------------------------

def test_legendary_heroes_act_before_actions_each_once():
    g = position(ABC, zones={"Ana/heroes": ["warlock", "golem", "thief"], "Bo/hand": ["haste#1"],
                             "heroes": ["sorceress#1"]}, at="Legendary heroes")
    g.choose("use:golem")
    assert "sorceress#1" in g.state.zones["Ana/heroes"]
    assert not g.pending.option("use:golem").legal
    assert not g.pending.option("use:thief:Cy").legal  # Cy's hand is empty
    rec = g.choose("use:thief:Bo")
    assert "Haste" in rec.text and "Haste" not in rec.public_text
    g.choose("use:warlock")
    assert g.cursor[-1] == "Take an action"


def test_paladin_shields_from_reaper_and_assassin():
    g = position(ABC, zones={"Ana/heroes": ["reaper"], "Bo/heroes": ["paladin", "archeress#1"],
                             "Cy/heroes": ["archeress#2"]}, at="Legendary heroes")
    o = g.pending.option("use:reaper:archeress#1")
    assert not o.legal and "Paladin" in o.reason
    g.choose("use:reaper:archeress#2")
    assert g.state.zones["Cy/heroes"] == []


def test_golem_mistress_raises_the_hand_limit():
    hand = ["haste", "haste", "haste", "haste", "haste", "scouts", "scouts", "scouts"]
    g = position(ABC, zones={"Ana/hand": hand, "Ana/heroes": ["golem_mistress"]}, at="Actions",
                 turn_data={"done": True})
    g.run(until="decision")
    assert g.pending is None or g.pending.player != "Ana" or g.pending.kind != "hand"


# -- actions, passing -------------------------------------------------------------------------

def test_one_free_action_then_extra_actions_from_cards():
    g = position(ABC, zones={"Ana/hand": ["haste", "scouts"]}, at="Actions")
    g.choose("play:haste")
    passes(g, "Bo", "Cy")
    g.step()
    assert g.state.extra["_this_turn"]["actions"] == 2
    assert g.pending.option("play:scouts").legal


def test_pass_recruits_one_hero_and_only_before_any_action_ruling_lab_pass():
    g = position(ABC, zones={"Ana/hand": ["haste"], "heroes": ["thief"]}, at="Actions")
    assert not g.pending.option("stop").legal
    rec = g.choose("pass")
    assert g.state.zones["Ana/heroes"] == ["thief"] and "recruits Thief" in rec.text
    g = position(ABC, zones={"Ana/hand": ["haste"]}, at="Actions", turn_data={"taken": 1})
    o = g.pending.option("pass")
    assert not o.legal and "LAB-PASS" in o.reason


def test_counters_are_never_played_as_actions():
    g = position(ABC, zones={"Ana/hand": ["sabotage", "treason"]}, at="Actions")
    for oid in ("play:sabotage", "play:treason"):
        o = g.pending.option(oid)
        assert not o.legal and "free" in o.reason


def test_played_cards_discarded_then_hand_down_to_seven():
    hand = ["haste", "haste", "haste", "scouts", "scouts", "scouts", "ambush", "ambush", "bribery"]
    g = position(ABC, zones={"Ana/hand": hand}, at="Actions")
    g.choose("play:bribery")
    passes(g, "Bo", "Cy")
    g.step()  # Bribery: nobody has a hero, nothing happens; no action left
    rec = g.step()
    assert rec.node[-1] == "Discard played cards" and g.state.zones["discard"] == ["bribery#1"]
    d = g.pending
    assert d.kind == "hand" and d.min == d.max == 1
    g.choose(d.options[0].id)
    assert len(g.state.zones["Ana/hand"]) == 7


# -- the counter chain ---------------------------------------------------------------------------------

def test_every_other_lord_asked_clockwise_even_without_counter_ruling_lab_ask():
    g = position(["Ana", "Bo", "Cy", "Di"], zones={"Ana/hand": ["haste"]}, at="Actions", turn="Bo")
    g.state.zones["Bo/hand"], g.state.zones["Ana/hand"] = g.state.zones["Ana/hand"], []
    g.state.card_zone["haste#1"] = "Bo/hand"
    g.rebase()
    g.choose("play:haste")
    asked = []
    while g.pending and g.pending.kind == "response":  # the core's counter window
        asked.append(g.pending.player)
        assert [o.id for o in g.pending.options] == ["pass"]
        g.choose("pass")
    assert asked == ["Cy", "Di", "Ana"]


@pytest.mark.parametrize("reading", ["words", "stack"])
@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_chain_of_one_to_four_cards_ruling_lab_chain(n, reading):
    g = position(ABC, zones={"Ana/hand": ["recruitment", "sabotage#1"], "Bo/hand": ["sabotage#2"],
                             "Cy/hand": ["treason#1"], "heroes": ["thief", "golem"]}, at="Actions",
                 options={"rulings": {"LAB-CHAIN": reading}})
    g.choose("play:recruitment")
    script = [("Bo", "counter:sabotage"), ("Cy", "counter:treason"), ("Ana", "counter:sabotage")]
    for who, oid in script[:n - 1]:
        while g.pending.player != who:
            g.choose("pass")
        g.choose(oid)
    while g.pending and g.pending.kind == "response":
        g.choose("pass")
    recs = []
    while g.stack_depth:  # the chain resolves from the top; an activity that stands after
        recs.append(g.step())  # counters (3 links) resolves in a record of its own
    rec = recs[0]
    if reading == "words":  # only the last card's text resolves; the cards below are discarded
        assert len(recs) == 1
        resolves = n == 1
        if n > 1:
            assert "the rulebook's words" in rec.text and "discarded without effect" in rec.text
    else:
        assert len(recs) == (2 if n == 3 else 1)
        resolves = n % 2 == 1
        assert stands(n, 0) == resolves
    assert (len(g.state.zones["Ana/heroes"]) == 2) == resolves
    if n > 1:
        assert rec.rule == "LAB-CHAIN" and "LAB-CHAIN" in rec.text
    assert g.state.extra["_this_turn"]["actions"] == 0


def test_negated_card_costs_its_action_and_the_lord_goes_on():
    g = position(ABC, zones={"Ana/hand": ["recruitment", "scouts"], "Bo/hand": ["sabotage"]},
                 at="Actions", turn_data={"actions": 2})
    g.choose("play:recruitment")
    g.choose("counter:sabotage")
    passes(g, "Cy", "Ana")
    rec = g.step()
    assert "stays spent" in rec.text
    assert g.state.extra["_this_turn"]["actions"] == 1 and g.pending.option("play:scouts").legal


def test_sabotage_and_treason_counter_different_activities_ruling_lab_counter_what():
    g = position(ABC, zones={"Ana/hand": ["haste"], "Bo/hand": ["sabotage", "treason"]}, at="Actions")
    g.choose("play:haste")
    assert g.pending.option("counter:sabotage").legal
    o = g.pending.option("counter:treason")
    assert not o.legal and "LAB-COUNTER-WHAT" in o.reason
    g = position(ABC, zones={"Ana/heroes": ["archeress"] * 4, "Bo/hand": ["sabotage", "treason"]},
                 at="Actions")
    g.choose("gather:archeresses")
    assert g.pending.option("counter:treason").legal
    assert not g.pending.option("counter:sabotage").legal


def test_counter_played_on_another_lords_turn_goes_to_discard_at_turn_end():
    g = position(ABC, zones={"Ana/hand": ["haste"], "Cy/hand": ["sabotage"]}, at="Actions")
    g.choose("play:haste")
    g.choose("pass")
    rec = g.choose("counter:sabotage")
    assert "on another lord's turn" in rec.text and g.state.zones["Cy/played"] == ["sabotage#1"]
    passes(g, "Ana", "Bo")
    g.step()
    g.step()  # no actions left: discard the played cards
    assert set(g.state.zones["discard"]) == {"haste#1", "sabotage#1"}


def test_a_lord_may_not_counter_their_own_card_ruling_lab_counter_who():
    g = position(ABC, zones={"Ana/hand": ["haste", "sabotage"], "Bo/hand": ["sabotage"]}, at="Actions")
    g.choose("play:haste")
    g.choose("counter:sabotage")
    assert g.pending.player == "Cy"
    g.choose("pass")
    assert g.pending.player == "Ana"  # Ana may defend her Haste, but not counter it herself
    assert g.pending.option("counter:sabotage").legal
    g.choose("pass")
    assert g.pending is None  # Bo played the top card: Bo is not asked


# -- heroes and gathering ------------------------------------------------------------------------------

def test_discarded_hero_shuffled_straight_into_heroes_deck():
    g = position(ABC, zones={"Ana/hand": ["ambush"], "Bo/heroes": ["thief"]}, at="Actions")
    g.choose("play:ambush")
    passes(g, "Bo", "Cy")
    g.step()
    g.choose("hero:thief")
    assert g.state.card_zone["thief"] == "heroes"


def test_empty_heroes_deck_recruits_nobody_ruling_lab_empty_heroes():
    g = position(ABC, zones={"heroes": []}, at="Actions")
    g.arrange(zones={"box": [u for u in g.state.cards if g.ctx.kind(u) == "hero"]})
    rec = g.choose("pass")
    assert "LAB-EMPTY-HEROES" in rec.text and g.state.zones["Ana/heroes"] == []


def test_gather_four_identical_common_heroes():
    g = position(ABC, zones={"Ana/heroes": ["archeress"] * 4 + ["thief"]}, at="Actions")
    g.choose("gather:archeresses")
    passes(g, "Bo", "Cy")
    rec = g.step()
    assert g.state.extra["gathered"]["Ana"] == ["archeresses"]
    assert g.state.zones["Ana/heroes"] == ["thief"] and "marker" in rec.text
    assert g.state.player("Ana")["retinues"] == 1


def test_mentalmancer_replaces_a_missing_hero_ruling_lab_mental():
    g = position(ABC, zones={"Ana/heroes": ["archeress"] * 3 + ["mentalmancer"]}, at="Actions")
    assert g.pending.option("gather:archeresses").legal
    g = position(ABC, zones={"Ana/heroes": ["archeress"] * 2 + ["mentalmancer"]}, at="Actions")
    assert not g.pending.option("gather:archeresses").legal
    g = position(ABC, zones={"Ana/heroes": ["mentalmancer"] * 3}, at="Actions")
    o = g.pending.option("gather:archeresses")
    assert not o.legal and "LAB-MENTAL" in o.reason


def test_legendary_retinue_any_four_legendary_heroes():
    g = position(ABC, zones={"Ana/heroes": ["mentalmancer", "mentalmancer", "thief", "reaper", "warlock"]},
                 at="Actions")
    g.choose("gather:legendary")
    passes(g, "Bo", "Cy")
    g.step()
    d = g.pending
    assert d.kind == "gather" and d.player == "Ana"  # ruling LAB-GATHER-PICK: Ana chooses
    g.choose(d.default)
    assert g.state.zones["Ana/heroes"] == ["mentalmancer#2"]  # the suggestion keeps a Mentalmancer


def test_the_lord_chooses_the_heroes_a_gathering_spends_ruling_lab_gather_pick():
    g = position(ABC, zones={"Ana/heroes": ["archeress"] * 4 + ["mentalmancer"]}, at="Actions")
    g.choose("gather:archeresses")
    passes(g, "Bo", "Cy")
    g.step()
    d = g.pending
    assert d.kind == "gather" and d.suggested.label.startswith("Spend 4 Archeresses")
    legal = [o.label for o in d.legal]
    assert legal == ["Spend 4 Archeresses (suggested: Mentalmancers kept for later)",
                     "Spend 3 Archeresses and 1 Mentalmancer(s)"]
    two = next(o for o in d.options if o.label.startswith("Spend 2"))
    assert not two.legal and "1 Mentalmancer(s), not 2" in two.reason
    rec = g.choose(next(o.id for o in d.legal if "Mentalmancer(s)" in o.label))
    assert rec.rule == "LAB-GATHER-PICK" and "chosen by Ana" in rec.text
    assert [g.state.cards[u]["card"] for u in g.state.zones["Ana/heroes"]] == ["archeress"]


def test_the_heuristic_bot_takes_the_suggested_heroes():
    g = position(ABC, zones={"Ana/heroes": ["archeress"] * 4 + ["mentalmancer"]}, at="Actions")
    g.choose("gather:archeresses")
    passes(g, "Bo", "Cy")
    g.step()
    d = g.pending
    assert GAME.heuristic(g.ctx, d) == [d.default]


def test_one_way_to_gather_asks_nothing():
    g = position(ABC, zones={"Ana/heroes": ["archeress"] * 4}, at="Actions")
    g.choose("gather:archeresses")
    passes(g, "Bo", "Cy")
    rec = g.step()
    assert rec.rule == T.GATHER and "LAB-GATHER-PICK" not in rec.text
    assert "archeresses" in g.state.extra["gathered"]["Ana"]


def test_a_used_hero_shuffled_into_the_heroes_deck_is_no_longer_named_as_used():
    """The use limit names the hero; once it is back in the hidden heroes deck, the
    state the others see must not name it."""
    g = position(ABC, zones={"Ana/heroes": ["thief", "reaper", "warlock", "assassin"], "Bo/hand": []},
                 at="Legendary heroes", turn_data={"actions": 2})
    g.choose("use:warlock")
    assert g.state.extra["_used_turn"] == ["warlock:0"]
    g.choose("done")
    g.choose("gather:legendary")
    passes(g, "Bo", "Cy")
    g.step()
    assert g.turn == "Ana" and g.pending.kind == "action"  # one action left
    assert g.state.card_zone["warlock"] == T.HEROES and g.state.extra["_used_turn"] == []


def test_golem_never_part_of_a_retinue():
    g = position(ABC, zones={"Ana/heroes": ["golem", "thief", "reaper", "warlock"]}, at="Actions")
    o = g.pending.option("gather:legendary")
    assert not o.legal and "Golem never counts" in o.reason


def test_only_one_legendary_retinue_per_lord():
    g = position(ABC, zones={"Ana/heroes": ["thief", "reaper", "warlock", "assassin"]},
                 gathered={"Ana": ["legendary"]}, at="Actions")
    o = g.pending.option("gather:legendary")
    assert not o.legal and "only one Legendary Retinue" in o.reason


def test_third_retinue_ends_the_game_at_once():
    g = position(ABC, zones={"Ana/heroes": ["archeress"] * 4, "Ana/hand": ["haste"]},
                 gathered={"Ana": ["swordmasters", "legendary"]}, at="Actions",
                 turn_data={"actions": 2})
    g.choose("gather:archeresses")
    passes(g, "Bo", "Cy")
    rec = g.step()
    assert g.is_over and g.result.winners == ["Ana"] and "ends at once" in rec.text
    assert g.state.zones["Ana/hand"] == ["haste#1"]  # the turn did not go on


def test_safety_cap_ends_unfinished_with_no_winner_ruling_lab_long():
    g = new(2, 3, max_rounds=1)
    g.run(until="end", bots="random")
    assert g.is_over
    res = g.result
    assert res.ending == "unfinished" and res.winners == [] and "safety cap" in res.text
    assert g.history[-1].rule == "LAB-LONG" and "LAB-ONE-WINNER" in g.history[-1].text


def test_lab_chain_readings_words_first():
    assert list(GAME.ruling_variants["LAB-CHAIN"]) == ["words", "stack"]
    assert new(3).ctx.ruling("LAB-CHAIN") == "words"


def test_no_round_limit_by_default_and_a_safety_cap():
    assert GAME.options["max_rounds"].default == 0
    assert GAME.safety_rounds == 100 and GAME.safety_options() == {"max_rounds": 100}


def test_only_ever_one_winner_ruling_lab_one_winner():
    for seed in range(6):
        g = tablekit.new_game("labyrinth", players=3, seed=seed, options=GAME.safety_options())
        g.run(until="end", bots="heuristic")
        assert g.is_over and len(g.result.winners) <= 1
        assert (g.result.ending == "third_retinue") == (len(g.result.winners) == 1)


# -- the whole game --------------------------------------------------------------------------------------

def test_every_node_has_text_and_rule():
    for node in GAME.flow.walk():
        assert node.text and node.rule, node


def test_heuristic_counters_an_opponents_gathering():
    g = position(ABC, zones={"Ana/heroes": ["archeress"] * 4, "Bo/hand": ["treason"]},
                 gathered={"Ana": ["swordmasters", "legendary"]}, at="Actions")
    g.choose("gather:archeresses")
    assert GAME.heuristic(g.ctx, g.pending) == ["counter:treason"]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_heuristic_bots_play_a_whole_game(n):
    g = new(n, 5)
    g.run(until="end", bots="heuristic")
    assert g.is_over and g.result.winners
