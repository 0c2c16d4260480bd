"""Passage Through Mirkwood: one test per rule point of the specification
(/work/shared/specs/mirkwood.md, section 1; named test_pNNN_...) and per ruling
(docs/rulings/mirkwood.md), on positions built by hand."""

from __future__ import annotations

import pytest

import tablekit
from tablekit.games.mirkwood import combat as C
from tablekit.games.mirkwood import table as T

HEROES = ["aragorn", "theodred", "legolas"]
PARTIES = {                                         # each seat's heroes by player count (rulings MK-DECKS, MK-HEROES-MP)
    1: [HEROES],
    2: [["aragorn", "theodred", "gloin"], ["gimli", "legolas", "thalin"]],
    3: [["aragorn", "theodred"], ["gloin", "gimli"], ["legolas", "thalin"]],
    4: [["aragorn", "theodred"], ["gimli", "legolas"], ["gloin"], ["thalin"]],
}
QUEST = ["Rounds", "Round", "Quest phase"]
PLANNING = ["Rounds", "Round", "Planning phase", "Planning turns", "Play allies"]
COMMIT = QUEST + ["Commit", "Commit characters"]
STAGING = QUEST + ["Begin staging"]
RESOLUTION = QUEST + ["Quest resolution"]
TRAVEL = ["Rounds", "Round", "Travel phase", "Travel"]
ENCOUNTER = ["Rounds", "Round", "Encounter phase"]
ENGAGE = ENCOUNTER + ["Optional engagement", "Engage an enemy"]
CHECKS = ENCOUNTER + ["Engagement checks"]
COMBAT = ["Rounds", "Round", "Combat phase"]
ATTACK = COMBAT + ["Enemy attacks", "Attacks"]
STRIKES = COMBAT + ["Player attacks", "Strikes"]
REFRESH = ["Rounds", "Round", "Refresh phase", "Ready"]


def new(players: int = 1, seed: int = 1, **options) -> tablekit.Game:
    return tablekit.new_game("mirkwood", players=players, seed=seed, options={"mulligan": False, **options})


def position(at, zones=None, cards=None, extra=None, players: int = 1, threat: int = 29, turn: str = "P1",
             seed: int = 1, **options) -> tablekit.Game:
    """A hand-built position: each seat's heroes of `PARTIES`, stage 1B as the quest,
    the listed zones exactly as given, the cursor at `at`."""
    g = new(players, seed, **options)
    for p in g.players:
        g.state.player(p)["threat"] = threat
    base = {f"P{i + 1}/heroes": list(h) for i, h in enumerate(PARTIES[players])}
    base.update({"quest": ["ptm-1"], "quest_deck": ["ptm-2"],
                 "stage3_aside": ["ptm-3-dont-leave-the-path", "ptm-3-beorns-path"]})
    base.update(zones or {})
    state = {"ptm-1": {"face": 1, "progress": 0}}
    state.update(cards or {})
    g.arrange(zones=base, cards=state, extra={"first_player": "P1", **(extra or {})}, at=at, turn=turn)
    return g


def answer(g: tablekit.Game, *ids: str):
    return g.choose(*ids)


def steps_until(g: tablekit.Game, pred, limit: int = 200):
    """Step (answering every decision with the heuristic bot) until pred(g)."""
    for _ in range(limit):
        if pred(g) or g.is_over:
            return
        if g.pending is not None:
            g.choose(*bot(g))
        else:
            g.step()
    raise AssertionError("the position never came")


def bot(g: tablekit.Game) -> list[str]:
    d = g.pending
    out = g.gamedef.heuristic(g.ctx, d)
    return out if out else [d.legal[0].id]


def texts(g: tablekit.Game) -> str:
    return "\n".join(r.text for r in g.history)


# -- A. card types and stats ----------------------------------------------------------------------

def test_p003_cards_carry_the_reference_numbers():
    cards = tablekit.game_info("mirkwood").cards
    spider, spawn, aragorn, faramir = (cards[c] for c in ("forest-spider", "ungoliant-s-spawn", "aragorn", "faramir"))
    assert (spider.fields["engagement"], spider.fields["threat"], spider.fields["attack"], spider.fields["defense"],
            spider.fields["hit_points"], spider.quantity) == (25, 2, 2, 1, 4, 4)
    assert (spawn.fields["engagement"], spawn.fields["hit_points"], spawn.fields["unique"] if "unique" in spawn.fields
            else False) == (32, 9, False)
    assert (aragorn.fields["threat_cost"], aragorn.fields["keywords"]) == (12, ["Sentinel"])
    assert (faramir.fields["cost"], faramir.fields["sphere"], faramir.quantity) == (4, "leadership", 2)
    kinds = [d.kind for d in cards.values()]
    assert (kinds.count("hero"), kinds.count("ally"), kinds.count("quest")) == (6, 12, 4)
    assert sum(d.quantity for d in cards.values() if d.kind in ("enemy", "location", "treachery")) == 36
    assert sum(d.fields["quantity_easy"] for d in cards.values() if d.kind in ("enemy", "location", "treachery")) == 27


def test_p004_no_stat_below_zero():
    g = position(RESOLUTION, zones={"staging": []}, cards={"legolas": {"committed": True}})
    ctx = g.ctx
    ctx.add_lasting("modifier", "phase", "test: -3 willpower", targets=["legolas"], stat="willpower", add=-3)
    assert T.stat(ctx, "legolas", "willpower") == 0


# -- B. setup -------------------------------------------------------------------------------------

def test_p012_p015_p019_setup_solo():
    g = new()
    assert g.players == ["P1"]                      # solo by default (GameDef.default_players)
    steps_until(g, lambda g: g.pending is not None)
    st = g.state
    assert st.player("P1")["threat"] == 29           # 12 + 8 + 9
    assert sorted(st.zones["P1/heroes"]) == sorted(HEROES)
    assert len(st.zones["P1/hand"]) == 7            # 6 at setup, 1 in the resource phase
    assert len(st.zones["P1/deck"]) == 60 - 7       # solo: both starter decks (ruling MK-DECKS)
    assert sorted(g.ctx.defn(u).id for u in st.zones["staging"]) == ["forest-spider", "old-forest-road"]
    assert len(st.zones["encounter_deck"]) == 34
    assert g.ctx.face("ptm-1").name == "Flies and Spiders (1B)" and T.quest_points(g.ctx, "ptm-1") == 8
    assert [r.rule for r in g.history[:5]] == ["MK-DECKS", "point 18", "MK-FIRST", "point 15", "point 19"]


def test_p010_two_players_split_the_core_set_by_sphere():
    g = new(players=2)
    steps_until(g, lambda g: g.pending is not None)
    st = g.state
    assert sorted(st.zones["P1/heroes"]) == ["aragorn", "gloin", "theodred"]
    assert sorted(st.zones["P2/heroes"]) == ["gimli", "legolas", "thalin"]
    assert st.player("P1")["threat"] == 29 and st.player("P2")["threat"] == 29
    spheres = {p: {g.ctx.defn(u).fields["sphere"] for z in ("deck", "hand") for u in st.zones[f"{p}/{z}"]}
               for p in g.players}
    assert spheres == {"P1": {"leadership", "neutral"}, "P2": {"tactics", "neutral"}}   # each with 1 Gandalf
    assert [len(st.zones[f"{p}/deck"]) + len(st.zones[f"{p}/hand"]) for p in g.players] == [30, 30]
    assert len(st.zones["encounter_deck"]) == 34
    assert g.history[0].rule == "MK-DECKS" and st.extra["eliminated"] == []
    assert T.turn_order(g.ctx) == [st.extra["first_player"]] + [p for p in g.players if p != st.extra["first_player"]]
    steps_until(g, lambda g: any(r.node[-1] == "Gain resources" for r in g.history))
    assert all(T.resources(g.ctx, h) == 1 for p in g.players for h in st.zones[f"{p}/heroes"])


def test_p014_first_player_option_and_random_draw():
    g = new(players=2, first_player="P2")
    steps_until(g, lambda g: g.pending is not None)
    assert g.state.extra["first_player"] == "P2" and g.history[2].rule == "MK-FIRST"
    firsts = set()
    for seed in range(8):
        g = new(players=2, seed=seed)
        steps_until(g, lambda g: len(g.history) >= 3)
        firsts.add(g.state.extra["first_player"])
    assert firsts == {"P1", "P2"}                   # seeded draw (ruling MK-FIRST)


def test_p016_mulligan_once():
    g = tablekit.new_game("mirkwood", seed=2)
    steps_until(g, lambda g: g.pending is not None)
    d = g.pending
    assert d.kind == "mulligan" and [o.id for o in d.options] == ["keep", "mulligan"]
    deck_and_hand = sorted(g.state.zones["P1/hand"] + g.state.zones["P1/deck"])
    rec = g.choose("mulligan")
    assert rec.rule == "MK-MULLIGAN" and len(g.state.zones["P1/hand"]) == 6
    assert sorted(g.state.zones["P1/hand"] + g.state.zones["P1/deck"]) == deck_and_hand
    assert rec.public_text != rec.text and "takes their one mulligan" in rec.public_text
    steps_until(g, lambda g: g.pending is not None)
    assert g.pending.kind != "mulligan"                      # once only
    assert not any(r.node[-1] == "Mulligan" for r in new().run(bots="heuristic", until="round"))


def test_p017_p018_quest_and_encounter_decks():
    g = new()
    steps_until(g, lambda g: len(g.history) >= 2)
    st = g.state
    assert st.zones["quest"] == ["ptm-1"] and st.zones["quest_deck"] == ["ptm-2"]
    assert sorted(st.zones["stage3_aside"]) == ["ptm-3-beorns-path", "ptm-3-dont-leave-the-path"]
    assert len(st.zones["encounter_deck"]) == 36
    assert g.view("P1")["zones"]["stage3_aside"][0].startswith("hidden:")


def test_p021_easy_mode_deck():
    g = new(easy=True)
    steps_until(g, lambda g: len(g.history) >= 2)
    assert len(g.state.zones["encounter_deck"]) == 27
    ids = {g.ctx.defn(u).id for u in g.state.zones["encounter_deck"]}
    assert "hummerhorns" not in ids and "chieftain-ufthak" not in ids
    assert all(T.resources(g.ctx, h) == 1 for h in HEROES) and "MK-EASY" in g.history[0].text


# -- C. round and windows -------------------------------------------------------------------------

def test_p022_seven_phases_in_order():
    g = new()
    names = [c.name for c in g.flow.find(["Rounds", "Round"]).children]
    assert names == ["Resource phase", "Planning phase", "Quest phase", "Travel phase", "Encounter phase",
                     "Combat phase", "Refresh phase"]


def test_p027_fifteen_fixed_windows_a_round():
    g = new()
    rnd = g.flow.find(["Rounds", "Round"])
    found = []

    def walk(n, inside_attack):
        for c in n.children:
            if c.kind == "action-window" and not inside_attack and c.name != "Play allies":
                found.append(c.name)
            walk(c, inside_attack or c.name in ("Attack", "Strike"))
    walk(rnd, False)
    assert len(found) == 15
    attack = g.flow.find(COMBAT + ["Enemy attacks", "Attacks", "Attack"])
    strike = g.flow.find(COMBAT + ["Player attacks", "Strikes", "Strike"])
    assert sum(c.kind == "action-window" for c in attack.children) == 4
    assert sum(c.kind == "action-window" for c in strike.children) == 3
    assert all(c.rule == "MK-WINDOWS" for c in attack.children if c.kind == "action-window")


def test_p028_autopass_when_nobody_can_act():
    g = position(QUEST + ["Quest begins"], zones={"P1/allies": [], "staging": []})
    rec = g.step()
    assert rec.text == "Quest begins: P1 has no action to take, so the window closes."


def test_p024_p099_a_window_offers_faramir_with_his_cost():
    g = position(QUEST + ["Quest begins"], zones={"P1/allies": ["faramir#1"], "staging": []})
    d = g.pending
    assert d.kind == "window" and [o.id for o in d.options] == ["act:faramir#1:1", "pass"]
    g.choose("act:faramir#1:1")
    assert g.state.cards["faramir#1"]["exhausted"] is True
    assert T.stat(g.ctx, "aragorn", "willpower") == 3          # +1 until the end of the phase
    window = g.flow.find(QUEST + ["Quest begins"])
    (far,) = window.options(g.ctx, "P1")
    assert not far.legal and far.reason == "Faramir is exhausted (point 7)"   # exhausted now: the reason
    assert g.pending is None                                                  # so the window closes by itself
    assert g.step().text == "Quest begins: P1 has no action to take, so the window closes."


# -- D. resource phase ----------------------------------------------------------------------------

def test_p030_p031_resources_and_draw():
    g = position(["Rounds", "Round", "Resource phase", "Gain resources"], zones={"P1/deck": ["guard-of-the-citadel#1"],
                 "P1/hand": []})
    rec = g.step()
    assert rec.rule == "point 30" and all(T.resources(g.ctx, h) == 1 for h in HEROES)
    rec = g.step()
    assert rec.rule == "point 31" and g.state.zones["P1/hand"] == ["guard-of-the-citadel#1"]


def test_p032_empty_deck_draws_nothing():
    g = position(["Rounds", "Round", "Resource phase", "Draw"], zones={"P1/deck": [], "P1/hand": []})
    rec = g.step()
    assert rec.rule == "MK-EMPTY-DECK" and g.state.zones["P1/hand"] == [] and not g.is_over


def test_p031_enchanted_stream_blocks_the_draw():
    g = position(["Rounds", "Round", "Resource phase", "Draw"], zones={
        "P1/deck": ["guard-of-the-citadel#1"], "P1/hand": [], "active_location": ["enchanted-stream#1"]})
    rec = g.step()
    assert rec.rule == "MK-ENCHANTED" and g.state.zones["P1/hand"] == []


# -- E. planning and costs ------------------------------------------------------------------------

def test_p036_p039_allies_paid_by_their_sphere_with_the_reason():
    g = position(PLANNING, zones={"P1/hand": ["faramir#1", "beorn", "snowbourn-scout#1"], "P1/allies": []},
                 cards={"aragorn": {"resources": 1}, "theodred": {"resources": 2}, "legolas": {"resources": 2}})
    d = g.pending
    far, beorn, scout = (d.option(f"act:{u}:0") for u in ("faramir#1", "beorn", "snowbourn-scout#1"))
    assert not far.legal and far.reason == "Faramir costs 4 Leadership resources; Aragorn has 1 and Théodred has 2 (point 39)"
    assert not beorn.legal and beorn.reason == "Beorn costs 6 Tactics resources; Legolas has 2 (point 39)"
    assert scout.legal and "pay 1 Leadership resource" in scout.label
    g.choose("act:snowbourn-scout#1:0")              # two Leadership heroes could pay: the player picks
    assert g.pending.kind == "payment" and sorted(o.label for o in g.pending.options) == ["Aragorn 1", "Théodred 1"]
    pick = next(o.id for o in g.pending.options if o.label == "Théodred 1")
    rec = g.choose(pick)
    assert "1 from Théodred" in rec.text
    assert T.resources(g.ctx, "theodred") == 1 and T.resources(g.ctx, "aragorn") == 1
    assert g.state.zones["P1/allies"] == ["snowbourn-scout#1"]


def test_p040_ally_enters_ready():
    g = position(PLANNING, zones={"P1/hand": ["guard-of-the-citadel#1"], "P1/allies": []},
                 cards={"aragorn": {"resources": 2}})
    rec = g.choose("act:guard-of-the-citadel#1:0")
    assert rec.rule == "point 40" and g.state.zones["P1/allies"] == ["guard-of-the-citadel#1"]
    assert not g.state.cards["guard-of-the-citadel#1"].get("exhausted")
    assert T.resources(g.ctx, "aragorn") == 0


def test_p005_unique_title_at_the_whole_table():
    g = position(PLANNING, zones={"P1/hand": ["faramir#2"], "P1/allies": ["faramir#1"]},
                 cards={"aragorn": {"resources": 4}})
    o = g.pending.option("act:faramir#2:0")
    assert not o.legal and o.rule == "MK-UNIQUE" and "unique" in o.reason


# -- F. quest -------------------------------------------------------------------------------------

def test_p007_p045_commit_exhausts_and_exhausted_cannot_commit():
    g = position(COMMIT, zones={"P1/allies": [], "staging": []}, cards={"legolas": {"exhausted": True}})
    d = g.pending
    assert d.kind == "commit" and d.min == 0
    assert not d.option("commit:legolas").legal and "exhausted" in d.option("commit:legolas").reason
    g.choose("commit:theodred")
    assert g.state.cards["theodred"]["exhausted"] and g.state.cards["theodred"]["committed"]


def test_p045_p100_aragorn_response_pays_to_ready():
    g = position(COMMIT, zones={"P1/allies": [], "staging": []}, cards={"aragorn": {"resources": 1}})
    g.choose("commit:aragorn")
    d = g.pending
    assert d.kind == "response-offer" and d.option("use").legal
    g.choose("use")
    assert not g.state.cards["aragorn"]["exhausted"] and g.state.cards["aragorn"]["committed"]
    assert T.resources(g.ctx, "aragorn") == 0


def test_p046_commit_nobody_staging_still_counts():
    g = position(COMMIT, zones={"P1/allies": [], "staging": ["forest-spider#1"]})
    rec = g.choose()
    assert rec.rule == "point 46"
    steps_until(g, lambda g: g.history[-1].node[-1] == "Quest resolution")
    assert g.history[-1].rule == "point 54"


def test_p047_p048_reveal_treachery_goes_to_discard():
    g = position(STAGING, zones={"encounter_deck": ["the-necromancer-s-reach#1"], "staging": []},
                 cards={"legolas": {"exhausted": True}})
    g.step()                                            # begin staging
    rec = g.step()
    assert g.state.zones["encounter_discard"] == ["the-necromancer-s-reach#1"]
    assert g.state.cards["legolas"]["damage"] == 1      # 1 damage to each exhausted character
    assert "Legolas" in rec.text


def test_p048_thalin_damages_revealed_enemies():
    g = position(STAGING, players=2, zones={"encounter_deck": ["forest-spider#2"], "staging": []},
                 cards={"thalin": {"committed": True, "exhausted": True}})
    g.step()
    g.step()
    g.step()
    assert g.state.cards["forest-spider#2"]["damage"] == 1
    assert g.state.zones["staging"] == ["forest-spider#2"]


def test_p049_p116_driven_by_shadow_surges_on_an_empty_staging_area():
    g = position(STAGING, zones={"encounter_deck": ["forest-gate#1", "driven-by-shadow"], "staging": []})
    g.step()
    rec = g.step()
    assert "surge" in rec.text.lower()
    g.step()
    assert g.state.zones["staging"] == ["forest-gate#1"]


def test_p051_empty_encounter_deck_takes_the_discard_pile():
    g = position(STAGING, zones={"encounter_deck": [], "encounter_discard": ["forest-gate#1"], "staging": []})
    g.step()
    rec = g.step()
    assert rec.rule == "MK-ENC-EMPTY" and g.state.zones["staging"] == ["forest-gate#1"]


def test_p053_p062_progress_to_the_active_location_first():
    g = position(RESOLUTION, zones={"staging": [], "active_location": ["forest-gate#1"]},
                 cards={"aragorn": {"committed": True}, "legolas": {"committed": True},
                        "forest-gate#1": {"progress": 3}})
    rec = g.step()
    assert rec.rule == "point 53"
    assert "forest-gate#1" in g.state.zones["encounter_discard"]      # explored (point 58)
    assert g.state.cards["ptm-1"]["progress"] == 2


def test_p054_threat_rises_by_the_difference():
    g = position(RESOLUTION, zones={"staging": ["forest-spider#1", "old-forest-road#1"]},
                 cards={"theodred": {"committed": True}})
    rec = g.step()
    assert rec.rule == "point 54" and g.state.player("P1")["threat"] == 31


def test_p055_equal_nothing_happens():
    g = position(RESOLUTION, zones={"staging": ["forest-spider#1"]}, cards={"aragorn": {"committed": True}})
    assert g.step().rule == "point 55" and g.state.player("P1")["threat"] == 29


def test_p057_bats_remove_a_committed_character():
    g = position(STAGING, zones={"encounter_deck": ["black-forest-bats"], "staging": []},
                 cards={"aragorn": {"committed": True, "exhausted": True},
                        "legolas": {"committed": True, "exhausted": True}})
    g.step()
    g.step()
    d = g.pending
    assert {o.id for o in d.options} == {"pick:aragorn", "pick:legolas"}
    g.choose("pick:aragorn")
    assert not g.state.cards["aragorn"].get("committed") and g.state.cards["aragorn"]["exhausted"]


# -- G. progress and the quest stages -------------------------------------------------------------

def test_p059_p061_stage_defeated_advances():
    g = position(RESOLUTION, zones={"staging": []}, cards={"aragorn": {"committed": True}, "legolas": {"committed": True},
                                                         "ptm-1": {"face": 1, "progress": 6}})
    rec = g.step()
    assert g.state.zones["quest"] == ["ptm-2"] and g.ctx.face("ptm-2").name == "A Fork in the Road (2B)"
    assert "which is defeated (point 59; the excess progress is lost): the players advance to A Fork in the Road" \
        in rec.text
    assert g.state.cards["ptm-2"].get("progress", 0) == 0            # excess progress is lost


def test_p121_stage_two_picks_a_random_stage_three():
    seen = set()
    for seed in range(6):
        g = position(RESOLUTION, seed=seed, zones={"staging": [], "quest": ["ptm-2"], "quest_deck": []},
                     cards={"aragorn": {"committed": True}, "ptm-2": {"face": 1, "progress": 1}})
        rec = g.step()
        seen.add(g.state.zones["quest"][0])
        assert "picked at random from the two stage-3 cards" in rec.text
        assert len(g.state.zones["removed"]) == 2
    assert seen == {"ptm-3-beorns-path", "ptm-3-dont-leave-the-path"}


def test_p112_p122_p129_dont_leave_the_path_searches_and_the_spawn_wins():
    g = position(RESOLUTION, zones={"staging": [], "quest": ["ptm-2"], "quest_deck": [],
                                    "stage3_aside": ["ptm-3-dont-leave-the-path"],
                                    "encounter_deck": ["ungoliant-s-spawn", "forest-gate#1"],
                                    "encounter_discard": ["king-spider#1"]},
                 cards={"aragorn": {"committed": True}, "ptm-2": {"face": 1, "progress": 1}})
    g.step()
    assert g.state.zones["quest"] == ["ptm-3-dont-leave-the-path"]
    steps_until(g, lambda g: g.pending is not None)
    assert {o.id for o in g.pending.options} == {"spider:ungoliant-s-spawn", "spider:king-spider#1"}
    rec = g.choose("spider:ungoliant-s-spawn")
    assert "ungoliant-s-spawn" in g.state.zones["staging"] and rec.rule == "MK-DLTP"
    assert rec.text.endswith("The encounter deck is shuffled.") and g.state.zones["encounter_discard"] == ["king-spider#1"]
    g.ctx.do("damage", card="ungoliant-s-spawn", amount=9)
    assert g.is_over and g.result.ending == "won_spawn_defeated" and g.result.winners == ["P1"]


def test_p123_beorns_path_waits_for_the_spawn():
    g = position(RESOLUTION, zones={"staging": ["ungoliant-s-spawn"], "quest": ["ptm-3-beorns-path"],
                                    "quest_deck": [], "stage3_aside": []},
                 cards={"ptm-3-beorns-path": {"face": 1, "progress": 12}, "ptm-1": {}})
    g.ctx.do("progress", card="ptm-3-beorns-path", add=0)
    assert not g.is_over                                           # ruling MK-BEORN-PATH
    g.ctx.do("damage", card="ungoliant-s-spawn", amount=9)
    assert g.is_over and g.result.ending == "won_beorns_path"


def test_p124_spawn_as_a_shadow_card_is_in_play():
    g = position(RESOLUTION, zones={"staging": [], "shadow": ["ungoliant-s-spawn"]},
                 cards={"ungoliant-s-spawn": {"face_down": True, "attached_to": "forest-spider#1"}})
    assert T.spawn_in_play(g.ctx)                                   # ruling MK-SPAWN-INPLAY
    g.arrange(zones={"shadow": [], "encounter_discard": ["ungoliant-s-spawn"]})
    assert not T.spawn_in_play(g.ctx)


# -- H. travel ------------------------------------------------------------------------------------

def test_p063_p065_travel_and_old_forest_road():
    g = position(TRAVEL, zones={"staging": ["old-forest-road#1", "forest-spider#1"], "active_location": []},
                 cards={"legolas": {"exhausted": True}})
    d = g.pending
    assert [o.id for o in d.options] == ["travel:old-forest-road#1", "no_travel"]
    g.choose("travel:old-forest-road#1")
    assert g.state.zones["active_location"] == ["old-forest-road#1"]
    assert g.pending.kind == "response-offer"
    g.choose("use")
    assert [o.id for o in g.pending.options] == ["ready:legolas"]
    rec = g.choose("ready:legolas")
    assert rec.rule == "point 65" and not g.state.cards["legolas"]["exhausted"]


def test_p064_unpayable_travel_cost_is_illegal():
    g = position(TRAVEL, zones={"staging": ["necromancer-s-pass#1"], "active_location": [], "P1/hand": ["beorn"]})
    o = g.pending.option("travel:necromancer-s-pass#1")
    assert not o.legal and o.rule == "MK-TRAVEL-COST" and "holds 1 card, not 2" in o.reason


def test_p066_no_travel_with_an_active_location():
    g = position(TRAVEL, zones={"staging": ["forest-gate#1"], "active_location": ["old-forest-road#1"]})
    assert g.pending is None                                  # the travel choice does not arise
    rec = g.step()
    assert rec.node[-1] == "After travel" and g.state.zones["active_location"] == ["old-forest-road#1"]


# -- I. encounter ---------------------------------------------------------------------------------

def test_p067_optional_engagement():
    g = position(ENGAGE, zones={"staging": ["hummerhorns"], "P1/engaged": []})
    assert [o.id for o in g.pending.options] == ["engage:hummerhorns", "no_engage"]
    g.choose("engage:hummerhorns")
    assert g.state.zones["P1/engaged"] == ["hummerhorns"]
    steps_until(g, lambda g: g.pending is not None)
    assert g.pending.kind == "effect"                     # Forced: 5 damage to one of his heroes (point 101)
    assert {o.id for o in g.pending.options} == {f"hero:{h}" for h in HEROES}
    g.choose("hero:aragorn")
    assert "aragorn" in g.state.zones["P1/discard"]       # 5 hit points: destroyed (point 96)


def test_p068_p070_engagement_check_and_forest_spider():
    g = position(CHECKS, zones={"staging": ["forest-spider#1", "black-forest-bats", "hummerhorns"],
                                "P1/engaged": []}, threat=30)
    steps_until(g, lambda g: "forest-spider#1" in g.state.zones["P1/engaged"]
                and "black-forest-bats" in g.state.zones["P1/engaged"])
    assert g.state.zones["staging"] == ["hummerhorns"]               # 40 > 30
    assert T.stat(g.ctx, "forest-spider#1", "attack") == 3           # +1 until the end of the round


def test_p069_tied_enemies_the_checking_player_chooses():
    g = position(CHECKS, zones={"staging": ["forest-spider#1", "forest-spider#2"], "P1/engaged": []})
    steps_until(g, lambda g: g.pending is not None)
    d = g.pending
    assert d.kind == "engagement" and len(d.legal) == 2 and d.player == "P1"
    rec = g.choose("engage:forest-spider#2")
    assert rec.rule == "MK-ENGAGE-TIE"


# -- J. enemy attacks -----------------------------------------------------------------------------

def combat_position(engaged, shadows=(), **kw):
    zones = {"P1/engaged": list(engaged), "shadow": list(shadows), "staging": []}
    zones.update(kw.pop("zones", {}))
    cards = kw.pop("cards", {})
    for s in shadows:
        cards.setdefault(s, {"face_down": True, "attached_to": engaged[0]})
    return position(ATTACK, zones=zones, cards=cards, extra={"attacked": [], "struck": {}}, **kw)


def test_p072_shadows_dealt_highest_engagement_first():
    g = position(COMBAT + ["Deal shadows"], zones={"P1/engaged": ["forest-spider#1", "east-bight-patrol"],
                                                   "encounter_deck": ["forest-gate#1", "king-spider#1"]})
    rec = g.step()
    assert g.state.cards["king-spider#1"]["attached_to"] == "forest-spider#1"       # 25 before 5
    assert g.state.cards["forest-gate#1"]["attached_to"] == "east-bight-patrol"
    assert rec.rule == "MK-SHADOW-TIE" and g.view("P1")["zones"]["shadow"][0].startswith("hidden:")


def test_p074_the_defending_player_chooses_the_attacker():
    g = combat_position(["east-bight-patrol", "forest-spider#1"])
    d = g.pending
    assert d.kind == "attacker" and d.default == "enemy:forest-spider#1" and len(d.legal) == 2
    assert g.choose("enemy:east-bight-patrol").rule == "MK-ATTACK-ORDER"


def test_p074_engagement_reading_fixes_the_order():
    g = combat_position(["east-bight-patrol", "forest-spider#1"], rulings={"MK-ATTACK-ORDER": "engagement"})
    rec = g.step()
    assert "forest-spider#1" == g.state.extra["attack"]["enemy"] and rec.rule == "MK-ATTACK-ORDER"


def test_p075_p077_defended_attack():
    g = combat_position(["forest-spider#1"])
    g.step()                                              # the only enemy: chosen by itself
    steps_until(g, lambda g: g.pending is not None and g.pending.kind == "defender")
    g.choose("defend:aragorn")
    steps_until(g, lambda g: g.history[-1].node[-1] == "Combat damage")
    assert g.history[-1].rule == "point 77" and g.state.cards["aragorn"].get("damage", 0) == 0    # 2 - 2


def test_p076_shadow_effect_resolves():
    g = combat_position(["forest-spider#1"], shadows=["east-bight-patrol"])
    g.step()
    steps_until(g, lambda g: g.pending is not None and g.pending.kind == "defender")
    g.choose("undefended")
    steps_until(g, lambda g: g.pending is not None and g.pending.kind == "undefended")
    assert g.state.player("P1")["threat"] == 32                     # undefended: +3 threat
    assert T.stat(g.ctx, "forest-spider#1", "attack") == 3          # +1 for this attack


def test_p078_undefended_the_player_picks_the_hero():
    g = combat_position(["forest-spider#1"])
    g.step()
    steps_until(g, lambda g: g.pending is not None and g.pending.kind == "defender")
    g.choose("undefended")
    steps_until(g, lambda g: g.pending is not None and g.pending.kind == "undefended")
    assert {o.id for o in g.pending.options} == {f"hero:{h}" for h in HEROES}
    rec = g.choose("hero:legolas")
    assert rec.rule == "MK-UNDEF-HERO" and g.state.cards["legolas"]["damage"] == 2


def test_p080_ufthak_token_after_his_attack():
    g = combat_position(["chieftain-ufthak"])
    g.step()
    steps_until(g, lambda g: g.pending is not None and g.pending.kind == "defender")
    g.choose("defend:aragorn")
    steps_until(g, lambda g: g.state.cards["chieftain-ufthak"].get("tokens"))
    assert T.stat(g.ctx, "chieftain-ufthak", "attack") == 5
    assert any(r.rule == "MK-UFTHAK" for r in g.history)


def test_p096_destroyed_character_goes_to_discard():
    g = combat_position(["forest-spider#1"], cards={"theodred": {"damage": 3}})
    g.ctx.do("damage", card="theodred", amount=1)
    assert "theodred" in g.state.zones["P1/discard"] and "theodred" not in g.state.zones["P1/heroes"]


# -- K. player attacks ----------------------------------------------------------------------------

def test_p084_p085_p086_p087_p088_p089_player_attack_destroys():
    g = position(STRIKES, zones={"P1/engaged": ["dol-guldur-orcs#1"], "staging": []}, extra={"struck": {}})
    d = g.pending
    assert [o.id for o in d.options] == ["target:dol-guldur-orcs#1", "no_attack"]
    g.choose("target:dol-guldur-orcs#1")
    d = g.pending
    assert d.kind == "attackers" and d.max == 3
    g.choose("attacker:legolas")
    steps_until(g, lambda g: "dol-guldur-orcs#1" not in g.state.zones["P1/engaged"])
    assert g.state.zones["encounter_discard"] == ["dol-guldur-orcs#1"]
    assert g.pending.kind == "response-offer"                        # Legolas (point 89)
    g.choose("use")
    assert g.state.cards["ptm-1"]["progress"] == 2


def test_p088_p118_victory_display():
    g = position(STRIKES, zones={"P1/engaged": ["hummerhorns"], "staging": []}, extra={"struck": {}})
    g.choose("target:hummerhorns")
    g.choose("attacker:legolas")
    steps_until(g, lambda g: "hummerhorns" not in g.state.zones["P1/engaged"])
    assert g.state.zones["victory"] == ["hummerhorns"]


def test_p090_one_attack_per_enemy():
    g = position(STRIKES, zones={"P1/engaged": ["ungoliant-s-spawn"], "staging": []}, extra={"struck": {}})
    g.choose("target:ungoliant-s-spawn")
    g.choose("attacker:theodred")
    steps_until(g, lambda g: g.history[-1].node[-1] == "Attack over")
    assert C.targets(g.ctx, "P1") == [("ungoliant-s-spawn", "P1 has attacked Ungoliant's Spawn this phase already: "
                                      "one attack per enemy (point 90)")]


def test_p082_p091_end_of_combat_discards_shadows():
    g = position(COMBAT + ["End of combat"], zones={"P1/engaged": ["forest-spider#1"], "shadow": ["forest-gate#1"]},
                 cards={"forest-gate#1": {"face_down": True, "attached_to": "forest-spider#1"}})
    g.step()
    assert g.state.zones["shadow"] == [] and g.state.zones["encounter_discard"] == ["forest-gate#1"]


# -- L. refresh -----------------------------------------------------------------------------------

def test_p092_p093_refresh_readies_and_threat():
    g = position(REFRESH, cards={h: {"exhausted": True} for h in HEROES})
    g.step()
    assert not any(g.state.cards[h]["exhausted"] for h in HEROES)
    g.step()
    assert g.state.player("P1")["threat"] == 30


def test_p092_caught_in_a_web():
    g = position(REFRESH, zones={"encounter_attachments": ["caught-in-a-web#1"]},
                 cards={"aragorn": {"exhausted": True, "resources": 1},
                        "caught-in-a-web#1": {"attached_to": "aragorn"}})
    rec = g.step()
    assert rec.rule == "MK-CAUGHT" and g.state.cards["aragorn"]["exhausted"]
    o = g.pending.option("pay:aragorn")
    assert not o.legal and o.rule == "MK-CAUGHT"
    g.choose("stay:aragorn")
    assert g.state.cards["aragorn"]["exhausted"]


def test_p094_token_passes_clockwise():
    g = position(["Rounds", "Round", "Refresh phase", "First player token"], players=2)
    rec = g.step()
    assert rec.rule == "point 94" and g.state.extra["first_player"] == "P2"


# -- O. keywords with two players -----------------------------------------------------------------

def test_p114_sentinel_asked_after_the_defending_player():
    g = position(ATTACK, players=2, zones={"P2/engaged": ["forest-spider#1"], "P1/engaged": [], "staging": []},
                 extra={"attacked": []}, turn="P2")
    steps_until(g, lambda g: g.pending is not None and g.pending.kind == "defender")
    assert g.pending.player == "P2"
    g.choose("undefended")
    d = g.pending
    assert d.kind == "sentinel" and d.player == "P1" and d.option("defend:aragorn").legal
    rec = g.choose("defend:aragorn")
    assert rec.rule == "MK-SENTINEL" and g.state.extra["attack"]["defender"] == "aragorn"


def test_p115_ranged_joins_another_players_attack():
    g = position(STRIKES, players=2, zones={"P1/engaged": ["forest-spider#1"], "P2/engaged": [], "staging": []},
                 extra={"struck": {}})
    g.choose("target:forest-spider#1")
    g.choose("attacker:aragorn")
    d = g.pending
    assert d.kind == "join" and d.player == "P2" and [o.id for o in d.legal] == ["attacker:legolas"]
    assert "not Ranged" in d.option("attacker:gimli").reason      # shown, with the reason (point 85)
    rec = g.choose("attacker:legolas")
    assert rec.rule == "MK-RANGED"
    steps_until(g, lambda g: "forest-spider#1" not in g.state.zones["P1/engaged"])   # 3 + 3 - 1 = 5 >= 4


# -- Q. the end -----------------------------------------------------------------------------------

def test_p125_p128_threat_fifty_eliminates_and_loses():
    g = position(RESOLUTION, zones={"staging": ["forest-spider#1"]}, threat=48)
    g.step()
    assert g.is_over and g.result.ending == "lost" and g.result.winners == []
    assert "threat reached 50" in g.result.text


def test_p126_p127_no_hero_left_eliminates_one_of_two():
    g = position(RESOLUTION, players=2, zones={"staging": [], "P2/engaged": ["forest-spider#1"]},
                 cards={"gimli": {"damage": 4}, "legolas": {"damage": 3}, "thalin": {"damage": 3}})
    for h in ("gimli", "legolas", "thalin"):
        g.ctx.do("damage", card=h, amount=1)
    st = g.state
    assert not g.is_over and st.extra["eliminated"] == ["P2"]
    assert "forest-spider#1" in st.zones["staging"]                          # back to staging (ruling MK-ELIM)
    assert set(st.zones["P2/out"]) >= {"gimli", "legolas", "thalin"}
    assert T.turn_order(g.ctx) == ["P1"]
    g.rebase()
    rec = g.step()
    assert rec.rule == "MK-ELIM" and rec.text.startswith("P2 is eliminated: they have no hero left")


def test_unfinished_by_the_safety_cap():
    g = new(max_rounds=1)
    g.run(bots="heuristic")
    assert g.is_over and g.result.ending == "unfinished" and g.result.winners == []


@pytest.mark.parametrize("players", [1, 2])
def test_whole_games_end_with_a_declared_ending(players):
    for seed in range(3):
        g = new(players=players, seed=seed)
        g.run(bots="heuristic")
        assert g.is_over and g.result.ending in g.gamedef.endings


def test_cli_plays_a_whole_solo_game(capsys):
    from tablekit.cli import main
    assert main(["play", "mirkwood", "--players", "1", "--bots", "heuristic"]) == 0
    out = capsys.readouterr().out
    assert "Setup › Stage 1A" in out and "Round 2 › Resource phase" in out
    assert out.rstrip().splitlines()[-2].startswith("Ended: ")


# -- N. card abilities (When Revealed, Shadow, Forced, Response, Action, Travel) ------------------

def reveal_position(card, **kw):
    zones = {"encounter_deck": [card], "staging": []}
    zones.update(kw.pop("zones", {}))
    g = position(STAGING, zones=zones, **kw)
    g.step()                                                    # begin staging
    return g


def test_p048_caught_in_a_web_attaches_and_blocks_the_ready():
    g = reveal_position("caught-in-a-web#1", cards={"legolas": {"committed": True, "exhausted": True}})
    g.step()
    assert g.pending.kind == "effect" and {o.id for o in g.pending.options} == {f"hero:{h}" for h in HEROES}
    rec = g.choose("hero:legolas")
    assert rec.rule == "MK-CAUGHT" and g.state.cards["caught-in-a-web#1"]["attached_to"] == "legolas"
    assert g.state.zones["encounter_attachments"] == ["caught-in-a-web#1"]


def test_p048_king_spider_each_player_exhausts():
    g = reveal_position("king-spider#1", cards={"aragorn": {"exhausted": True}, "theodred": {"exhausted": True}})
    rec = g.step()                                              # only Legolas is ready: no choice
    assert g.state.cards["legolas"]["exhausted"] and "P1 exhausts Legolas" in rec.text
    assert rec.rule == "MK-EACH-ORDER"


def test_p048_p111_dol_guldur_orcs_first_player_picks_a_committed_character():
    g = reveal_position("dol-guldur-orcs#1", cards={"aragorn": {"committed": True, "exhausted": True},
                                                    "theodred": {"committed": True, "exhausted": True}})
    g.step()
    d = g.pending
    assert d.player == "P1" and {o.id for o in d.options} == {"target:aragorn", "target:theodred"}
    g.choose("target:theodred")
    assert g.state.cards["theodred"]["damage"] == 2


def test_p109_ungoliants_spawn_fixes_its_targets_until_the_end_of_the_phase():
    g = reveal_position("ungoliant-s-spawn", cards={"aragorn": {"committed": True, "exhausted": True}})
    g.step()
    assert T.stat(g.ctx, "aragorn", "willpower") == 1 and T.stat(g.ctx, "legolas", "willpower") == 1
    steps_until(g, lambda g: g.history[-1].node[-1] == "Quest ends")
    steps_until(g, lambda g: g.history[-1].path[1] == "Travel phase")
    assert T.stat(g.ctx, "aragorn", "willpower") == 2
    assert any("Ungoliant's Spawn: -1 willpower: that ends now." in r.text for r in g.history)


def test_p109_driven_by_shadow_adds_threat_to_staging_cards():
    g = reveal_position("driven-by-shadow", zones={"staging": ["forest-spider#1"]})
    g.step()
    assert T.stat(g.ctx, "forest-spider#1", "threat") == 3


def test_p064_p105_great_forest_web_travel_exhausts_a_hero():
    g = position(TRAVEL, zones={"staging": ["great-forest-web#1"], "active_location": []})
    g.choose("travel:great-forest-web#1")
    assert g.pending.kind == "effect" and len(g.pending.options) == 3
    g.choose("pick:theodred")
    steps_until(g, lambda g: g.state.zones["active_location"])
    assert g.state.zones["active_location"] == ["great-forest-web#1"] and g.state.cards["theodred"]["exhausted"]


def test_p064_mountains_travel_reveals_and_its_response_looks():
    g = position(TRAVEL, zones={"staging": ["mountains-of-mirkwood#1"], "active_location": [],
                                "encounter_deck": ["forest-gate#1"],
                                "P1/deck": ["guard-of-the-citadel#1", "faramir#1"], "P1/hand": []})
    g.choose("travel:mountains-of-mirkwood#1")
    steps_until(g, lambda g: g.state.zones["active_location"])
    assert g.state.zones["staging"] == ["forest-gate#1"]
    g.ctx.do("progress", card="mountains-of-mirkwood#1", add=3)      # explored
    steps_until(g, lambda g: g.pending is not None)
    assert [o.id for o in g.pending.options] == ["look", "no_look"]
    g.choose("look")
    assert {o.id for o in g.pending.options} == {"take:faramir#1", "take:guard-of-the-citadel#1"}
    g.choose("take:faramir#1")
    assert g.state.zones["P1/hand"] == ["faramir#1"]


def test_p064_necromancers_pass_discards_two_random_cards():
    g = position(TRAVEL, zones={"staging": ["necromancer-s-pass#1"], "active_location": [],
                                "P1/hand": ["beorn", "faramir#1", "guard-of-the-citadel#1"]})
    g.choose("travel:necromancer-s-pass#1")
    assert len(g.state.zones["P1/hand"]) == 1 and len(g.state.zones["P1/discard"]) == 2


def test_p074_beastmaster_gets_an_extra_shadow():
    g = combat_position(["dol-guldur-beastmaster#1"], zones={"encounter_deck": ["forest-gate#1"]})
    g.step()
    steps_until(g, lambda g: g.state.zones["shadow"])
    assert g.state.cards["forest-gate#1"]["attached_to"] == "dol-guldur-beastmaster#1"


def test_p075_gondorian_spearman_strikes_the_attacker():
    g = combat_position(["forest-spider#1"], zones={"P1/allies": ["gondorian-spearman#1"]})
    g.step()
    steps_until(g, lambda g: g.pending is not None and g.pending.kind == "defender")
    g.choose("defend:gondorian-spearman#1")
    steps_until(g, lambda g: g.pending is not None)
    assert g.pending.kind == "response-offer"
    g.choose("use")
    assert g.state.cards["forest-spider#1"]["damage"] == 1


def test_p076_hummerhorns_shadow_hits_each_character():
    g = combat_position(["forest-spider#1"], shadows=["hummerhorns"])
    g.step()
    steps_until(g, lambda g: g.pending is not None and g.pending.kind == "defender")
    g.choose("undefended")
    steps_until(g, lambda g: g.history[-1].node[-1] == "Shadow card")
    assert all(g.state.cards[h]["damage"] == 2 for h in HEROES)


def test_p099_beorn_rages_then_goes_back_into_the_deck():
    g = position(STRIKES, zones={"P1/engaged": ["ungoliant-s-spawn"], "P1/allies": ["beorn"], "P1/deck": [],
                                 "staging": []}, extra={"struck": {}})
    rec = g.ctx.start("beorn_rage", source="beorn", controller="P1")
    assert T.stat(g.ctx, "beorn", "attack") == 8 and "+5 attack" in rec.text
    steps_until(g, lambda g: g.history and g.history[-1].path[1] == "Refresh phase")
    assert g.state.zones["P1/deck"] == ["beorn"]
    assert any(r.path[-1] == "Beorn shuffles back into his owner's deck" for r in g.history)


def test_p100_son_of_arnor_engages_and_scout_explores():
    g = position(PLANNING, zones={"P1/hand": ["son-of-arnor#1", "snowbourn-scout#1"], "P1/allies": [],
                                  "staging": ["forest-spider#1", "old-forest-road#1"]},
                 cards={"aragorn": {"resources": 3}, "theodred": {"resources": 1}, "old-forest-road#1": {"progress": 2}})
    g.choose("act:son-of-arnor#1:0")
    assert g.pending.kind == "payment"                    # Aragorn 3, or Aragorn 2 and Théodred 1
    g.choose(next(o.id for o in g.pending.options if o.label == "Aragorn 3"))
    assert g.pending.kind == "response-offer"
    g.choose("use")
    assert [o.id for o in g.pending.options] == ["enemy:forest-spider#1"]
    g.choose("enemy:forest-spider#1")
    assert g.state.zones["P1/engaged"] == ["forest-spider#1"]
    steps_until(g, lambda g: g.pending is not None and g.pending.kind == "window")
    g.choose("act:snowbourn-scout#1:0")
    steps_until(g, lambda g: g.pending is not None)
    g.choose("use")
    steps_until(g, lambda g: "old-forest-road#1" in g.state.zones["encounter_discard"])


def test_p044_p098_brok_ironfist_answers_a_dwarf_hero_leaving_play():
    g = position(RESOLUTION, players=2, zones={"staging": [], "P1/hand": ["brok-ironfist"]},
                 cards={"gloin": {"damage": 3}})
    g.ctx.do("damage", card="gloin", amount=1)
    g.rebase()
    steps_until(g, lambda g: g.pending is not None and g.pending.kind == "response-offer"
                and "Brok" in g.pending.prompt)
    assert g.pending.kind == "response-offer" and g.pending.player == "P1"
    g.choose("use")
    steps_until(g, lambda g: "brok-ironfist" in g.state.zones["P1/allies"])
    assert all(T.resources(g.ctx, h) == 0 for h in ("aragorn", "theodred"))    # put into play: no cost


def test_p097_gloin_gains_a_resource_per_damage():
    g = position(RESOLUTION, players=2, zones={"staging": []})
    g.ctx.do("damage", card="gloin", amount=2)
    g.rebase()                                                  # the hand-made damage is the start
    assert g.pending.kind == "response-offer" and g.pending.player == "P1"
    g.choose("use")
    assert T.resources(g.ctx, "gloin") == 2


def test_bad_first_player_option_is_refused():
    with pytest.raises(tablekit.SetupError, match="option 'first_player' is a seat \\(P1, P2\\) or random, not 'Cy'"):
        new(players=2, first_player="Cy")


WEB_ON_ARAGORN = {"zones": {"encounter_attachments": ["caught-in-a-web#1"]},
                  "cards": {"caught-in-a-web#1": {"attached_to": "aragorn"}}}
P1_GEAR = {"zones": {"P1/attachments": ["citadel-plate#1", "dwarven-axe#1"]},
           "cards": {"citadel-plate#1": {"attached_to": "aragorn"}, "dwarven-axe#1": {"attached_to": "legolas"}}}


def shadow_attack(shadow: str, answer: str, *positions: dict) -> tablekit.Game:
    """Forest Spider attacks P1 with `shadow` face down on it; P1 answers the
    defender decision with `answer`; the zones and card states of `positions` are laid."""
    zones, cards = {}, {}
    for pos in positions:
        zones.update(pos["zones"])
        cards.update(pos["cards"])
    g = combat_position(["forest-spider#1"], shadows=[shadow], zones=zones, cards=cards)
    g.step()
    steps_until(g, lambda g: g.pending is not None and g.pending.kind == "defender")
    g.choose(answer)
    return g


def test_attachment_discard_shadow_takes_a_web_only_from_the_defender():
    g = shadow_attack("driven-by-shadow", "defend:aragorn", WEB_ON_ARAGORN)
    steps_until(g, lambda g: g.history[-1].node[-1] == "Shadow card")
    assert g.history[-1].rule == "MK-ATTACHMENT-DISCARD"
    assert g.state.zones["encounter_attachments"] == [] and "caught-in-a-web#1" in g.state.zones["encounter_discard"]


def test_forest_spider_shadow_never_takes_caught_in_a_web():
    g = shadow_attack("forest-spider#2", "defend:aragorn", WEB_ON_ARAGORN)
    steps_until(g, lambda g: g.history[-1].node[-1] == "Shadow card")
    assert g.history[-1].rule == "MK-ATTACHMENT-DISCARD"
    assert g.state.zones["encounter_attachments"] == ["caught-in-a-web#1"]


def test_forest_spider_shadow_lets_the_defending_player_pick_his_attachment():
    g = shadow_attack("forest-spider#2", "defend:aragorn", P1_GEAR)
    steps_until(g, lambda g: g.pending is not None and g.pending.kind == "effect")
    assert g.pending.player == "P1" and {o.id for o in g.pending.legal} == {"pick:citadel-plate#1",
                                                                            "pick:dwarven-axe#1"}
    rec = g.choose("pick:dwarven-axe#1")
    assert rec.rule == "MK-ATTACHMENT-DISCARD" and "dwarven-axe#1" in g.state.zones["P1/discard"]
    assert g.state.zones["P1/attachments"] == ["citadel-plate#1"]


def test_driven_by_shadow_undefended_discards_every_attachment_he_controls_but_no_web():
    g = shadow_attack("driven-by-shadow", "undefended", P1_GEAR, WEB_ON_ARAGORN)
    steps_until(g, lambda g: g.history[-1].rule == "MK-ATTACHMENT-DISCARD")
    assert g.state.zones["P1/attachments"] == []
    assert {"citadel-plate#1", "dwarven-axe#1"} <= set(g.state.zones["P1/discard"])
    assert g.state.zones["encounter_attachments"] == ["caught-in-a-web#1"]


def test_p095_gandalf_gives_then_leaves_at_the_end_of_the_round():
    g = position(PLANNING, zones={"P1/hand": ["gandalf#1"], "P1/allies": [], "staging": ["forest-spider#1"]},
                 cards={"aragorn": {"resources": 5}}, threat=35)
    g.choose("act:gandalf#1:0")
    g.choose("use")
    assert {o.id for o in g.pending.options} == {"mode:draw", "mode:forest-spider#1", "mode:threat"}
    g.choose("mode:threat")
    assert g.state.player("P1")["threat"] == 30
    steps_until(g, lambda g: "gandalf#1" in g.state.zones["P1/discard"], limit=400)
    assert g.history[-1].rule == "point 95" and g.history[-1].path[0] == "Round 1"


def test_p107_gimli_gains_attack_from_his_damage():
    g = position(RESOLUTION, players=2, zones={"staging": []}, cards={"gimli": {"damage": 3}})
    assert T.stat(g.ctx, "gimli", "attack") == 5 and T.stat(g.ctx, "legolas", "attack") == 3


# -- more points ----------------------------------------------------------------------------------

def test_p002_only_heroes_and_allies_are_characters():
    g = position(COMMIT, zones={"P1/allies": ["guard-of-the-citadel#1"], "staging": ["forest-spider#1"],
                                "P1/engaged": ["black-forest-bats"]})
    assert {o.id for o in g.pending.options} == {f"commit:{u}" for u in HEROES + ["guard-of-the-citadel#1"]}


def test_p006_traits_orc_slayer_hits_only_orcs():
    g = position(PLANNING, zones={"P1/hand": ["longbeard-orc-slayer#1"], "P1/allies": [],
                                  "staging": ["dol-guldur-orcs#1", "forest-spider#1"], "P1/engaged": ["east-bight-patrol"]},
                 cards={"aragorn": {"resources": 4}})
    g.choose("act:longbeard-orc-slayer#1:0")
    g.choose("use")
    assert g.state.cards["dol-guldur-orcs#1"]["damage"] == 1 and g.state.cards["east-bight-patrol"]["damage"] == 1
    assert not g.state.cards["forest-spider#1"].get("damage")


def test_p009_p062_legolas_progress_goes_to_the_active_location_first():
    g = position(RESOLUTION, zones={"staging": [], "active_location": ["forest-gate#1"]},
                 cards={"forest-gate#1": {"progress": 3}})
    rec = g.ctx.start("progress_on_quest", source="legolas", controller="P1", args={"amount": 2})
    assert "forest-gate#1" in g.state.zones["encounter_discard"] and g.state.cards["ptm-1"]["progress"] == 1
    assert rec.rule == "point 62"


def test_p011_player_decks_are_shuffled_by_the_seed():
    orders = set()
    for seed in range(3):
        g = new(seed=seed)
        steps_until(g, lambda g: len(g.history) >= 2)
        orders.add(tuple(g.state.zones["P1/deck"]))
    assert len(orders) == 3


def test_p023_p034_turn_order_from_the_first_player():
    g = position(PLANNING, players=2, extra={"first_player": "P2"}, turn="P2",
                 zones={"P1/hand": [], "P2/hand": []})
    assert T.turn_order(g.ctx) == ["P2", "P1"]
    assert g.pending.player == "P2"
    g.choose("pass")
    assert g.pending.player == "P1"                          # then the next player plans


def test_p029_faramirs_willpower_ends_with_the_phase():
    g = position(QUEST + ["Quest begins"], zones={"P1/allies": ["faramir#1"], "staging": []})
    g.choose("act:faramir#1:1")
    assert T.stat(g.ctx, "legolas", "willpower") == 2
    steps_until(g, lambda g: g.history[-1].path[1] == "Travel phase")
    assert T.stat(g.ctx, "legolas", "willpower") == 1
    assert any("Faramir: +1 willpower for P1's characters: that ends now." in r.text for r in g.history)


def test_p033_no_hand_limit():
    hand = [f"guard-of-the-citadel#{i}" for i in (1, 2, 3)] + [f"snowbourn-scout#{i}" for i in (1, 2, 3)] + [
        f"veteran-axehand#{i}" for i in (1, 2, 3)] + ["beorn"]
    g = position(REFRESH, zones={"P1/hand": hand})
    steps_until(g, lambda g: g.history and g.history[-1].node[-1] == "End of the round")
    assert len(g.state.zones["P1/hand"]) == 10


def test_p052_only_the_staging_area_counts():
    g = position(RESOLUTION, zones={"staging": ["forest-gate#1"], "P1/engaged": ["forest-spider#1"],
                                    "active_location": ["enchanted-stream#1"]},
                 cards={"aragorn": {"committed": True}})
    rec = g.step()
    assert rec.text.startswith("Willpower 2 against threat 2")


def test_p056_committed_characters_stay_exhausted():
    g = position(QUEST + ["Quest ends"], cards={"aragorn": {"committed": True, "exhausted": True}})
    g.step()
    assert not g.state.cards["aragorn"].get("committed") and g.state.cards["aragorn"]["exhausted"]


def test_p058_a_location_in_staging_is_explored_too():
    g = position(RESOLUTION, zones={"staging": ["old-forest-road#1"]}, cards={"old-forest-road#1": {"progress": 2}})
    g.ctx.do("progress", card="old-forest-road#1", add=1)
    assert g.state.zones["encounter_discard"] == ["old-forest-road#1"] and g.state.zones["staging"] == []


def test_p060_p120_progress_accumulates_on_a_stage_that_cannot_fall():
    g = position(RESOLUTION, zones={"staging": ["ungoliant-s-spawn"], "quest": ["ptm-3-beorns-path"],
                                    "quest_deck": [], "stage3_aside": []},
                 cards={"ptm-3-beorns-path": {"face": 1, "progress": 10}, "ptm-1": {}})
    g.ctx.do("progress", card="ptm-3-beorns-path", add=3)
    assert g.state.cards["ptm-3-beorns-path"]["progress"] == 13 and not g.is_over
    assert T.quest_points(g.ctx, "ptm-1") == 0 and g.ctx.defn("ptm-1").faces[1].fields["quest_points"] == 8


def test_p073_enemy_attacks_player_by_player_from_the_first():
    g = position(COMBAT + ["Enemy attacks"], players=2, extra={"attacked": [], "first_player": "P2"},
                 zones={"P1/engaged": ["forest-spider#1"], "P2/engaged": ["forest-spider#2"], "staging": []})
    steps_until(g, lambda g: g.pending is not None and g.pending.kind == "defender")
    assert g.pending.player == "P2" and g.state.extra["attack"]["enemy"] == "forest-spider#2"


def test_p079_the_defending_player_stays_the_attacked_one():
    g = position(ATTACK, players=2, turn="P2", extra={"attacked": []},
                 zones={"P2/engaged": ["forest-spider#1"], "P1/engaged": [], "staging": [],
                        "shadow": ["ungoliant-s-spawn"]},
                 cards={"ungoliant-s-spawn": {"face_down": True, "attached_to": "forest-spider#1"}})
    steps_until(g, lambda g: g.pending is not None and g.pending.kind == "defender")
    g.choose("undefended")
    g.choose("defend:aragorn")                               # P1's Sentinel defends for P2
    steps_until(g, lambda g: g.history[-1].node[-1] == "Shadow card")
    assert g.state.player("P2")["threat"] == 33 and g.state.player("P1")["threat"] == 29   # 4: defended


def test_p081_an_enemy_destroyed_mid_attack_deals_no_damage():
    g = combat_position(["forest-spider#1"], zones={"P1/allies": ["gondorian-spearman#1"]},
                        cards={"forest-spider#1": {"damage": 3}})
    g.step()
    steps_until(g, lambda g: g.pending is not None and g.pending.kind == "defender")
    g.choose("defend:gondorian-spearman#1")
    steps_until(g, lambda g: g.pending is not None)
    g.choose("use")                                          # 1 damage: the Spider falls
    steps_until(g, lambda g: g.history[-1].node[-1] == "After the attack")
    assert g.history[-1].rule == "point 81" and not g.state.cards["gondorian-spearman#1"].get("damage")
    assert not any(r.node[-1] == "Combat damage" for r in g.history)


def test_p101_forced_effects_resolve_without_asking():
    g = position(ENGAGE, zones={"staging": ["forest-spider#1"], "P1/engaged": []})
    g.choose("engage:forest-spider#1")
    rec = g.step()
    assert rec.path[-1] == "Forest Spider triggers" and rec.kind == "step"


def test_p104_p106_a_shadow_card_uses_only_its_shadow_text():
    g = combat_position(["forest-spider#1"], shadows=["king-spider#1"])
    g.step()
    steps_until(g, lambda g: g.pending is not None and g.pending.kind == "defender")
    g.choose("defend:aragorn")
    steps_until(g, lambda g: g.pending is not None)
    assert g.pending.prompt.startswith("P1: exhaust a character you control (King Spider (shadow)")


def test_p110_beorn_once_per_round():
    g = position(QUEST + ["Quest begins"], zones={"P1/allies": ["beorn"], "staging": []})
    g.choose("act:beorn:1")
    opts = g.flow.find(QUEST + ["After committing"]).options(g.ctx, "P1")
    assert [(o.id, o.legal, o.reason) for o in opts] == [
        ("act:beorn:1", False, "it may be used once per round, and was used already")]


def test_p131_one_card_per_player():
    g = position(STAGING, players=2, zones={"encounter_deck": ["forest-gate#1", "forest-gate#2"], "staging": []})
    rec = g.step()
    assert g.state.extra["staging_left"] == 2 and "2 encounter cards" in rec.text


def test_p132_p133_each_player_from_the_first_player():
    g = position(STAGING, players=2, extra={"first_player": "P2"}, zones={"encounter_deck": ["king-spider#1",
                 "forest-gate#1"], "staging": []})
    steps_until(g, lambda g: g.pending is not None)
    assert g.pending.player == "P2" and g.pending.kind == "effect"


def test_p136_an_eliminated_player_is_skipped():
    g = position(QUEST + ["Commit"], players=2, extra={"eliminated": ["P1"], "first_player": "P2"}, turn="P2")
    steps_until(g, lambda g: g.pending is not None)
    assert g.pending.player == "P2"
    assert T.turn_order(g.ctx) == ["P2"]


def test_p025_framework_steps_are_not_windows():
    g = new()
    quest = g.flow.find(QUEST)
    kinds = [(c.name, c.kind) for c in quest.children]
    assert ("Begin staging", "step") in kinds and ("Quest resolution", "step") in kinds
    assert all(k != "action-window" or n.startswith(("Quest begins", "After")) for n, k in kinds)


def test_p037_a_card_needs_a_hero_of_its_sphere():
    g = position(PLANNING, players=2, turn="P2", extra={"first_player": "P2"},
                 zones={"P2/hand": ["guard-of-the-citadel#1"], "P1/hand": []},
                 cards={"gimli": {"resources": 5}})
    o = g.pending.option("act:guard-of-the-citadel#1:0")
    assert not o.legal and o.reason == ("Guard of the Citadel is Leadership: P2 controls no Leadership hero to pay "
                                        "for it, even at cost 0 (point 37)")


def test_p071_an_enemy_stays_engaged_across_rounds():
    g = position(REFRESH, zones={"P1/engaged": ["forest-spider#1"]})
    steps_until(g, lambda g: g.history and g.history[-1].path[1] == "Quest phase")
    assert g.state.zones["P1/engaged"] == ["forest-spider#1"]


def test_p102_the_committing_player_orders_his_responses():
    g = position(COMMIT, zones={"P1/allies": [], "staging": []}, cards={"aragorn": {"resources": 1}})
    g.choose("commit:aragorn", "commit:theodred")
    d = g.pending
    assert d.kind == "trigger_order" and d.player == "P1" and len(d.options) == 2
    assert "orders the responses to their own commit" in d.prompt
    theo = next(o.id for o in d.options if o.label.startswith("Théodred"))
    rec = g.choose(theo)
    assert rec.rule == "MK-SIMULTANEOUS"
    assert g.pending.kind == "response-offer" and "Théodred" in g.pending.prompt


def test_p072_too_few_shadow_cards_for_tied_enemies_the_first_player_picks():
    g = position(COMBAT + ["Shadow tie"], zones={"P1/engaged": ["forest-spider#1", "forest-spider#2", "east-bight-patrol"],
                                                 "encounter_deck": ["king-spider#1"]})
    d = g.pending
    assert d.kind == "shadow_tie" and d.min == d.max == 1 and {o.id for o in d.options} == {
        "shadow:forest-spider#1", "shadow:forest-spider#2"}
    assert g.choose("shadow:forest-spider#2").rule == "MK-SHADOW-TIE"
    rec = g.step()
    assert g.state.cards["king-spider#1"]["attached_to"] == "forest-spider#2"
    assert "Forest Spider and East Bight Patrol get none" in rec.text and rec.rule == "MK-ENC-EMPTY"


def test_p072_no_tie_choice_when_the_cut_falls_between_costs():
    g = position(COMBAT + ["Shadow tie"], zones={"P1/engaged": ["forest-spider#1", "forest-spider#2", "east-bight-patrol"],
                                                 "encounter_deck": ["forest-gate#1", "king-spider#1"]})
    assert g.pending is None
    g.step()
    assert {g.state.cards[u]["attached_to"] for u in ("forest-gate#1", "king-spider#1")} == {
        "forest-spider#1", "forest-spider#2"}


def test_p084_stopping_attacks_lasts_one_combat_phase():
    g = position(COMBAT + ["Deal shadows"], zones={"P1/engaged": ["forest-spider#1"], "encounter_deck": ["forest-gate#1"]},
                 extra={"strikes_over": ["P1"], "struck": {"P1": ["forest-spider#1"]}, "attacked": ["forest-spider#1"]})
    g.step()
    assert "strikes_over" not in g.state.extra and g.state.extra["struck"] == {} and g.state.extra["attacked"] == []


def test_the_table_model_zones():
    g = new(players=2)
    zones = set(g.state.zones)
    for p in g.players:
        assert {f"{p}/{z}" for z in ("deck", "hand", "heroes", "allies", "attachments", "discard", "engaged", "out")} <= zones
        assert g.state.zone_info[f"{p}/engaged"]["owner"] is None         # enemies are never the player's
    assert {"quest_deck", "quest", "stage3_aside", "staging", "active_location", "encounter_deck", "revealed",
            "encounter_discard", "shadow", "encounter_attachments", "victory", "removed"} <= zones
    assert g.state.zone_info["encounter_deck"]["visibility"] == "hidden"
    assert g.state.zone_info["P1/hand"]["visibility"] == "owner"


def test_p097_damage_to_each_names_the_destroyed():
    g = reveal_position("the-necromancer-s-reach#1", zones={"P1/allies": ["guard-of-the-citadel#1"]},
                        cards={"guard-of-the-citadel#1": {"exhausted": True, "damage": 1},
                               "legolas": {"exhausted": True}})
    rec = g.step()
    assert "Legolas and Guard of the Citadel; Guard of the Citadel is destroyed (points 88, 96)" in rec.text
    assert "guard-of-the-citadel#1" in g.state.zones["P1/discard"] and g.state.cards["legolas"]["damage"] == 1


# -- the points still without a test of their own -------------------------------------------------

def test_p013_tokens_are_unlimited():
    g = position(["Rounds", "Round", "Resource phase", "Gain resources"], zones={"P1/deck": [], "P1/hand": []},
                 cards={"aragorn": {"resources": 40}, "theodred": {"resources": 0}, "legolas": {"resources": 0}})
    g.step()
    assert T.resources(g.ctx, "aragorn") == 41  # no bank runs out, no cap


def test_p103_a_forced_effect_must_be_in_play_when_its_event_happens():
    # only the Forest Spider in play whose event it is reacts: not the one left in the staging area
    # (not its engagement) and not the one in the encounter deck (not in play)
    g = position(ENGAGE, zones={"staging": ["forest-spider#1", "forest-spider#2"], "P1/engaged": [],
                                "encounter_deck": ["forest-spider#3"]})
    g.choose("engage:forest-spider#1")
    g.step()
    lasting = [e for e in g.state.lasting if e.get("stat") == "attack"]
    assert [e["targets"] for e in lasting] == [["forest-spider#1"]]


def test_p108_cannot_is_absolute_even_for_a_card_that_says_draw():
    g = position(["Rounds", "Round", "Resource phase", "Draw"], zones={
        "P1/deck": ["guard-of-the-citadel#1", "guard-of-the-citadel#2"], "P1/hand": [],
        "active_location": ["enchanted-stream#1"]})
    rec = g.step()
    assert rec.rule == "MK-ENCHANTED" and g.state.zones["P1/hand"] == []
    assert len(g.state.zones["P1/deck"]) == 2


def test_p134_uniqueness_spans_both_players():
    # Gandalf is neutral (any hero may pay) and unique: P1's copy in play blocks P2's
    g = position(PLANNING, players=2, zones={"P2/hand": ["gandalf#2"], "P1/allies": ["gandalf#1"], "P2/allies": []},
                 cards={"gimli": {"resources": 4}, "legolas": {"resources": 4}, "thalin": {"resources": 4}},
                 turn="P2")
    o = g.pending.option("act:gandalf#2:0")
    assert g.pending.player == "P2" and not o.legal and o.rule == "MK-UNIQUE"
    free = position(PLANNING, players=2, zones={"P2/hand": ["gandalf#2"], "P1/allies": [], "P2/allies": []},
                    cards={"gimli": {"resources": 4}, "legolas": {"resources": 4}, "thalin": {"resources": 4}},
                    turn="P2")
    assert free.pending.option("act:gandalf#2:0").legal  # the same play, with no copy at the table


def test_p135_no_card_of_part_1_speaks_of_the_next_player():
    cards = tablekit.game_info("mirkwood").cards
    assert not any("next player" in d.text.lower() for d in cards.values())


# -- part 2: the starter decks' events and attachments ---------------------------------------------

def test_p010_option_deck_allies_keeps_the_model_deck():
    g = new(deck="allies")
    steps_until(g, lambda g: g.pending is not None)
    st = g.state
    cards = st.zones["P1/deck"] + st.zones["P1/hand"]
    assert len(cards) == 24 and {g.ctx.defn(u).kind for u in cards} == {"ally"}
    assert g.history[0].rule == "MK-DECKS" and "24 allies" in g.history[0].text


def test_p010_starter_deck_holds_the_reference_cards():
    g = new(players=2)
    steps_until(g, lambda g: g.pending is not None)
    st = g.state
    ids = sorted(g.ctx.defn(u).id for u in st.zones["P2/deck"] + st.zones["P2/hand"])
    want = sorted(c for c, n in T.STARTER_CARDS["tactics"].items() for _ in range(n))
    assert ids == want and len(ids) == 30
    assert "a starter deck of 30 cards" in g.history[0].text


def test_p035_p043_an_event_is_paid_resolved_then_discarded():
    g = position(QUEST + ["Quest begins"], zones={"P1/hand": ["blade-mastery#1"], "P1/allies": [], "staging": []},
                 cards={"legolas": {"resources": 1}})
    d = g.pending
    assert [o.id for o in d.options] == ["act:blade-mastery#1:0", "pass"]
    g.choose("act:blade-mastery#1:0")
    assert g.pending.kind == "effect"
    g.choose("pick:aragorn")
    assert T.stat(g.ctx, "aragorn", "attack") == 4 and T.stat(g.ctx, "aragorn", "defense") == 3
    assert T.resources(g.ctx, "legolas") == 0
    assert g.state.zones["P1/discard"] == ["blade-mastery#1"] and g.state.zones["P1/hand"] == []
    assert g.history[-1].rule == "point 109" and "discard pile (point 43)" in g.history[-1].text


def test_p035_an_event_needs_a_target_and_its_sphere():
    g = position(QUEST + ["Quest begins"], zones={"P1/hand": ["ever-vigilant#1", "blade-mastery#1"],
                                                  "P1/allies": ["guard-of-the-citadel#1"], "staging": []},
                 cards={"aragorn": {"resources": 1}, "guard-of-the-citadel#1": {"exhausted": False}})
    window = g.flow.find(QUEST + ["Quest begins"])
    opts = {o.id: o for o in window.options(g.ctx, "P1")}
    vig, blade = opts["act:ever-vigilant#1:0"], opts["act:blade-mastery#1:0"]
    assert not vig.legal and vig.reason == "no ally in play is exhausted"
    assert not blade.legal and blade.reason == "Blade Mastery costs 1 Tactics resource; Legolas has 0 (point 39)"


def test_p109_for_gondor_fixes_its_cards_and_gives_gondor_defense():
    g = position(QUEST + ["Quest begins"], zones={"P1/hand": ["for-gondor#1"], "P1/allies": ["guard-of-the-citadel#1"],
                                                  "staging": []}, cards={"aragorn": {"resources": 2}})
    g.choose("act:for-gondor#1:0")
    assert T.stat(g.ctx, "legolas", "attack") == 4 and T.stat(g.ctx, "legolas", "defense") == 1
    assert T.stat(g.ctx, "guard-of-the-citadel#1", "defense") == 1      # Gondor: +1 defense too
    assert g.state.zones["P1/discard"] == ["for-gondor#1"]


def test_p041_p096_an_attachment_goes_on_a_hero_and_leaves_with_it():
    g = position(PLANNING, zones={"P1/hand": ["citadel-plate#1"], "P1/allies": []},
                 cards={"legolas": {"resources": 4}})
    g.choose("act:citadel-plate#1:0")
    assert g.pending.kind == "effect" and [o.id for o in g.pending.options] == ["hero:aragorn", "hero:theodred",
                                                                                 "hero:legolas"]
    g.choose("hero:theodred")
    assert g.state.zones["P1/attachments"] == ["citadel-plate#1"]
    assert g.state.cards["citadel-plate#1"]["attached_to"] == "theodred"
    g.ctx.card("theodred")["damage"] = 9
    g.ctx.do("damage", card="theodred", amount=0)
    steps_until(g, lambda g: "theodred" in g.state.zones["P1/discard"])
    assert "citadel-plate#1" in g.state.zones["P1/discard"] and g.state.zones["P1/attachments"] == []


def test_p042_a_third_restricted_attachment_makes_its_player_discard_one():
    g = position(PLANNING, zones={"P1/hand": ["dwarven-axe#1"], "P1/allies": [],
                                  "P1/attachments": ["citadel-plate#1", "blade-of-gondolin#1"]},
                 cards={"legolas": {"resources": 2}, "citadel-plate#1": {"attached_to": "legolas"},
                        "blade-of-gondolin#1": {"attached_to": "legolas"}})
    g.choose("act:dwarven-axe#1:0")
    g.choose("hero:legolas")
    d = g.pending
    assert sorted(o.id for o in d.options) == ["pick:blade-of-gondolin#1", "pick:citadel-plate#1",
                                                "pick:dwarven-axe#1"]
    rec = g.choose("pick:citadel-plate#1")
    assert rec.rule == "MK-RESTRICTED" and g.state.zones["P1/discard"] == ["citadel-plate#1"]
    assert sorted(g.state.zones["P1/attachments"]) == ["blade-of-gondolin#1", "dwarven-axe#1"]


def test_point_96_an_undamaged_character_whose_hit_points_are_taken_away_is_destroyed():
    """The state check skips undamaged cards only while nothing may lower hit points
    (checks.hit_points_can_fall): no card of the file does, but a lasting effect may."""
    from tablekit.games.mirkwood import checks
    from tablekit.games.mirkwood import table as T
    g = tablekit.new_game("mirkwood", seed=1)
    g.run(until="decision")
    ctx = g.ctx
    assert not checks.hit_points_can_fall(ctx)
    hero = T.heroes(ctx, "P1")[0]
    assert not ctx.card(hero).get("damage")
    printed = T.stat(ctx, hero, "hit_points")
    ctx.add_lasting("modifier", "game", "a test's curse", targets=[hero], stat="hit_points", add=-printed)
    assert checks.hit_points_can_fall(ctx) and T.hp_left(ctx, hero) == 0
    assert checks.destroyed_character(ctx, {"type": "test"})
    assert hero in ctx.zone(T.discard("P1"))
