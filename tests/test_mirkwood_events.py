"""Passage Through Mirkwood: the starter decks' events, one test or more per card,
on hand-built positions (named by the spec point or ruling they check)."""

from __future__ import annotations

from test_mirkwood_rules import COMBAT, QUEST, STAGING, position, steps_until

from tablekit.games.mirkwood import combat as C
from tablekit.games.mirkwood import table as T

WINDOW = QUEST + ["Quest begins"]
COMBAT_WINDOW = COMBAT + ["Combat begins"]


def opts(g) -> dict:
    return {o.id: o for o in g.pending.options}


def window_opts(g, path, player: str = "P1") -> dict:
    """The options of an action window (the window passes by itself when none is legal)."""
    return {o.id: o for o in g.flow.find(path).options(g.ctx, player)}


def until_kind(g, kind: str) -> None:
    steps_until(g, lambda g: g.pending is not None and g.pending.kind == kind)


# -- the first chunk's events, now with their effects tested --------------------------------------

def test_p035_ever_vigilant_readies_the_chosen_ally():
    g = position(WINDOW, zones={"P1/hand": ["ever-vigilant#1"], "P1/allies": ["guard-of-the-citadel#1",
                                                                               "guard-of-the-citadel#2"],
                                "staging": []},
                 cards={"aragorn": {"resources": 1}, "guard-of-the-citadel#1": {"exhausted": True},
                        "guard-of-the-citadel#2": {"exhausted": False}})
    g.choose("act:ever-vigilant#1:0")
    assert [o.id for o in g.pending.options] == ["ready:guard-of-the-citadel#1"]    # only the exhausted one
    g.choose("ready:guard-of-the-citadel#1")
    assert T.is_ready(g.ctx, "guard-of-the-citadel#1") and g.state.zones["P1/discard"] == ["ever-vigilant#1"]


def test_p035_common_cause_exhausts_one_hero_to_ready_another():
    g = position(WINDOW, zones={"P1/hand": ["common-cause#1"], "staging": []},
                 cards={"legolas": {"exhausted": True}})
    g.choose("act:common-cause#1:0")
    assert set(opts(g)) == {"pick:aragorn", "pick:theodred"}
    g.choose("pick:theodred")
    assert [o.id for o in g.pending.options] == ["ready:legolas"]
    g.choose("ready:legolas")
    assert g.state.cards["theodred"]["exhausted"] and T.is_ready(g.ctx, "legolas")
    assert T.resources(g.ctx, "aragorn") == 0 and g.state.zones["P1/discard"] == ["common-cause#1"]


def test_p035_grim_resolve_readies_every_character():
    g = position(WINDOW, zones={"P1/hand": ["grim-resolve"], "P1/allies": ["guard-of-the-citadel#1"],
                                "staging": []},
                 cards={"aragorn": {"resources": 5, "exhausted": True}, "legolas": {"exhausted": True},
                        "guard-of-the-citadel#1": {"exhausted": True}})
    rec = g.choose("act:grim-resolve:0")
    assert all(T.is_ready(g.ctx, u) for u in ("aragorn", "theodred", "legolas", "guard-of-the-citadel#1"))
    assert T.resources(g.ctx, "aragorn") == 0 and rec.rule == "point 35"


def test_p109_blade_mastery_ends_with_the_phase():
    g = position(WINDOW, zones={"P1/hand": ["blade-mastery#1"], "staging": []}, cards={"legolas": {"resources": 1}})
    g.choose("act:blade-mastery#1:0")
    g.choose("pick:legolas")
    assert T.stat(g.ctx, "legolas", "attack") == 4
    steps_until(g, lambda g: g.history[-1].path[1] == "Travel phase")
    assert T.stat(g.ctx, "legolas", "attack") == 3 and T.stat(g.ctx, "legolas", "defense") == 1


def test_p109_for_gondor_ends_with_the_phase():
    g = position(WINDOW, zones={"P1/hand": ["for-gondor#1"], "staging": []}, cards={"aragorn": {"resources": 2}})
    g.choose("act:for-gondor#1:0")
    assert T.stat(g.ctx, "theodred", "attack") == 3
    steps_until(g, lambda g: g.history[-1].path[1] == "Travel phase")
    assert T.stat(g.ctx, "theodred", "attack") == 2


# -- Sneak Attack ---------------------------------------------------------------------------------

def test_p035_sneak_attack_puts_an_ally_in_play_then_back_in_hand():
    g = position(WINDOW, zones={"P1/hand": ["sneak-attack#1", "guard-of-the-citadel#1"], "staging": []},
                 cards={"aragorn": {"resources": 1}})
    g.choose("act:sneak-attack#1:0")
    assert [o.id for o in g.pending.options] == ["pick:guard-of-the-citadel#1"]
    g.choose("pick:guard-of-the-citadel#1")
    assert g.state.zones["P1/allies"] == ["guard-of-the-citadel#1"] and T.resources(g.ctx, "aragorn") == 0
    assert g.state.zones["P1/discard"] == ["sneak-attack#1"]
    steps_until(g, lambda g: g.history[-1].path[1] == "Travel phase")
    back = [r for r in g.history if "Sneak Attack returns it" in r.text]
    assert back and back[0].rule == "MK-SIMULTANEOUS"
    assert "guard-of-the-citadel#1" in g.state.zones["P1/hand"] and g.state.zones["P1/allies"] == []


def test_p035_sneak_attack_needs_an_ally_in_hand():
    g = position(WINDOW, zones={"P1/hand": ["sneak-attack#1"], "staging": []}, cards={"aragorn": {"resources": 1}})
    o = window_opts(g, WINDOW)["act:sneak-attack#1:0"]
    assert not o.legal and o.reason == "P1 holds no ally card in hand"


def test_mk_simultaneous_sneak_attack_and_beorn_the_first_player_orders():
    g = position(WINDOW, zones={"P1/hand": ["sneak-attack#1", "beorn"], "staging": [], "P1/deck": []},
                 cards={"aragorn": {"resources": 1}})
    g.choose("act:sneak-attack#1:0")
    g.choose("pick:beorn")
    steps_until(g, lambda g: g.pending is not None and g.pending.kind == "window")
    g.choose("act:beorn:1")                                         # +5 attack; shuffled back at phase end
    steps_until(g, lambda g: g.pending is not None and g.pending.kind == "trigger_order" and any(
        o.label.startswith("Sneak Attack") for o in g.pending.options))
    d = g.pending
    assert d.player == "P1" and len(d.options) == 2 and "MK-SIMULTANEOUS" in d.prompt
    assert {o.label.split(" (")[0] for o in d.options} == {"Sneak Attack", "Beorn"}
    sneak = next(o.id for o in d.options if o.label.startswith("Sneak Attack"))
    assert g.choose(sneak).rule == "MK-SIMULTANEOUS"
    steps_until(g, lambda g: g.history[-1].path[1] == "Travel phase")
    assert "beorn" in g.state.zones["P1/hand"] and "beorn" not in g.state.zones["P1/deck"]
    assert any(r.text == "Beorn has already left play." for r in g.history)


# -- Valiant Sacrifice and Swift Strike (Responses from hand) --------------------------------------

def combat(engaged, hand, allies=(), deck=(), zones=None, **cards):
    """At the first enemy attack on P1, with these cards (no shadow card)."""
    z = {"P1/engaged": list(engaged), "P1/hand": list(hand), "P1/allies": list(allies), "P1/deck": list(deck),
         "shadow": [], "staging": []}
    z.update(zones or {})
    return position(COMBAT + ["Enemy attacks", "Attacks"], zones=z, cards=cards,
                    extra={"attacked": [], "struck": {}})


def guard_dies(g) -> None:
    """The Guard of the Citadel defends Forest Spider's attack (2 against 0 defense, 2 hit points)."""
    until_kind(g, "defender")
    g.choose("defend:guard-of-the-citadel#1")
    until_kind(g, "response-offer")


def test_p035_valiant_sacrifice_responds_to_an_ally_leaving_play():
    g = combat(["forest-spider#1"], ["valiant-sacrifice#1"], allies=["guard-of-the-citadel#1"],
               deck=["faramir#1", "gandalf#1", "beorn"], aragorn={"resources": 1})
    guard_dies(g)
    assert "guard-of-the-citadel#1" in g.state.zones["P1/discard"]
    assert g.pending.prompt.startswith("Valiant Sacrifice: Guard of the Citadel has left play, so P1 draws 2 cards")
    assert opts(g)["use"].legal
    g.choose("use")
    assert set(g.state.zones["P1/hand"]) == {"beorn", "gandalf#1"} and T.resources(g.ctx, "aragorn") == 0
    assert g.state.zones["P1/discard"] == ["guard-of-the-citadel#1", "valiant-sacrifice#1"]


def test_mk_enchanted_blocks_valiant_sacrifice_with_the_reason():
    g = combat(["forest-spider#1"], ["valiant-sacrifice#1"], allies=["guard-of-the-citadel#1"], deck=["faramir#1"],
               zones={"active_location": ["enchanted-stream#1"]}, aragorn={"resources": 1})
    guard_dies(g)
    use = opts(g)["use"]
    assert not use.legal and use.rule == "MK-ENCHANTED" and "Enchanted Stream" in use.reason
    g.choose("decline")
    assert g.state.zones["P1/hand"] == ["valiant-sacrifice#1"]


def test_p039_valiant_sacrifice_unpaid_is_shown_illegal():
    g = combat(["forest-spider#1"], ["valiant-sacrifice#1"], allies=["guard-of-the-citadel#1"], deck=["faramir#1"])
    guard_dies(g)
    use = opts(g)["use"]
    assert not use.legal and use.reason == "Valiant Sacrifice costs 1 Leadership resource; Aragorn has 0 and " \
        "Théodred has 0 (point 39)"


def test_p035_swift_strike_after_a_defender_is_declared():
    g = combat(["forest-spider#1"], ["swift-strike"], legolas={"resources": 2})
    until_kind(g, "defender")
    g.choose("defend:aragorn")
    until_kind(g, "response-offer")
    assert g.pending.prompt.startswith("Swift Strike: 2 damage to Forest Spider")
    rec = g.choose("use")
    assert g.state.cards["forest-spider#1"]["damage"] == 2 and T.resources(g.ctx, "legolas") == 0
    assert "2 damage to Forest Spider, the attacking enemy" in rec.text


# -- Rain of Arrows -------------------------------------------------------------------------------

def test_p097_rain_of_arrows_one_damage_to_each_engaged_enemy():
    g = position(WINDOW, zones={"P1/hand": ["rain-of-arrows#1"], "P1/engaged": ["forest-spider#1",
                                                                                "dol-guldur-orcs#1"],
                                "staging": []}, cards={"legolas": {"resources": 1}})
    g.choose("act:rain-of-arrows#1:0")
    assert [o.id for o in g.pending.options] == ["pick:legolas"]      # the only Ranged character
    g.choose("pick:legolas")
    assert [o.id for o in g.pending.options] == ["player:P1"]
    g.choose("player:P1")
    assert g.state.cards["legolas"]["exhausted"]
    assert g.state.cards["forest-spider#1"]["damage"] == 1 and g.state.cards["dol-guldur-orcs#1"]["damage"] == 1


def test_p035_rain_of_arrows_needs_a_ready_ranged_character():
    g = position(WINDOW, zones={"P1/hand": ["rain-of-arrows#1"], "staging": []},
                 cards={"legolas": {"resources": 1, "exhausted": True}})
    o = window_opts(g, WINDOW)["act:rain-of-arrows#1:0"]
    assert not o.legal and o.reason == "P1 controls no ready Ranged character to exhaust"


# -- Feint ----------------------------------------------------------------------------------------

def test_p026_feint_is_a_combat_action_only():
    g = position(WINDOW, zones={"P1/hand": ["feint#1"], "P1/engaged": ["forest-spider#1"], "staging": []},
                 cards={"legolas": {"resources": 1}})
    o = window_opts(g, WINDOW)["act:feint#1:0"]
    assert not o.legal and o.reason == "Feint is a Combat Action: it may be played only in the combat phase (point 26)"


def test_p026_mk_ufthak_feint_stops_the_attack_and_the_token():
    g = position(COMBAT_WINDOW, zones={"P1/hand": ["feint#1"], "P1/engaged": ["chieftain-ufthak"], "staging": [],
                                       "encounter_deck": ["forest-gate#1"]}, cards={"legolas": {"resources": 1}})
    g.choose("act:feint#1:0")
    assert [o.id for o in g.pending.options] == ["target:chieftain-ufthak"]
    rec = g.choose("target:chieftain-ufthak")
    assert rec.rule == "MK-UFTHAK"
    assert C.to_attack(g.ctx, "P1") == []
    steps_until(g, lambda g: g.history[-1].node[-1] == "End of combat")
    assert not g.state.cards["chieftain-ufthak"].get("tokens") and not any(
        r.node[-1] == "Declare a defender" for r in g.history)


# -- Quick Strike ---------------------------------------------------------------------------------

def test_p090_quick_strike_attacks_at_once_and_keeps_the_framework_attack():
    g = position(WINDOW, zones={"P1/hand": ["quick-strike#1"], "P1/engaged": ["forest-spider#1"], "staging": []},
                 cards={"legolas": {"resources": 1}})
    g.choose("act:quick-strike#1:0")
    assert set(opts(g)) == {"attacker:aragorn", "attacker:theodred", "attacker:legolas"}
    g.choose("attacker:legolas")
    assert [o.id for o in g.pending.options] == ["target:forest-spider#1"]
    rec = g.choose("target:forest-spider#1")
    assert g.state.cards["forest-spider#1"]["damage"] == 2 and g.state.cards["legolas"]["exhausted"]  # 3 - 1
    assert rec.rule == "point 90" and g.state.extra.get("struck") == {}
    assert dict(C.targets(g.ctx, "P1")) == {"forest-spider#1": ""}          # still attackable this phase


# -- Thicket of Spears ----------------------------------------------------------------------------

def test_p038_thicket_of_spears_needs_three_tactics_heroes():
    g = position(COMBAT_WINDOW, zones={"P1/hand": ["thicket-of-spears#1"], "P1/engaged": ["forest-spider#1"],
                                       "staging": []}, cards={"legolas": {"resources": 3}})
    o = window_opts(g, COMBAT_WINDOW)["act:thicket-of-spears#1:0"]
    assert not o.legal and o.reason == ("Thicket of Spears must be paid from 3 different Tactics heroes' pools; P1 "
                                        "controls 1 Tactics hero (point 38)")


def test_p038_thicket_of_spears_paid_by_three_heroes_stops_the_attacks():
    g = position(COMBAT_WINDOW, players=2, zones={"P2/hand": ["thicket-of-spears#1"], "P2/engaged": [
        "forest-spider#1", "dol-guldur-orcs#1"], "P1/engaged": [], "staging": [], "encounter_deck": []},
        cards={"gimli": {"resources": 1}, "legolas": {"resources": 1}, "thalin": {"resources": 0}})
    o = window_opts(g, COMBAT_WINDOW, "P2")["act:thicket-of-spears#1:0"]
    assert not o.legal and o.reason == ("Thicket of Spears must be paid from 3 different Tactics heroes' pools, 1 "
                                        "from each; Thalin has none (point 38)")
    g.ctx.card("thalin")["resources"] = 1
    steps_until(g, lambda g: g.pending is not None and g.pending.player == "P2")
    assert opts(g)["act:thicket-of-spears#1:0"].legal
    g.choose("act:thicket-of-spears#1:0")
    g.choose("player:P2")
    assert all(T.resources(g.ctx, h) == 0 for h in ("gimli", "legolas", "thalin"))
    assert C.to_attack(g.ctx, "P2") == []
    steps_until(g, lambda g: g.history[-1].node[-1] == "End of combat")
    assert not any(r.node[-1] == "Declare a defender" for r in g.history)


# -- Stand Together -------------------------------------------------------------------------------

def test_p083_stand_together_many_defenders_damage_to_one():
    g = position(COMBAT_WINDOW, zones={"P1/hand": ["stand-together"], "P1/engaged": ["chieftain-ufthak"],
                                       "staging": [], "encounter_deck": []})
    g.choose("act:stand-together:0")
    g.choose("player:P1")
    until_kind(g, "defender")
    d = g.pending
    assert d.max == 4                   # three heroes, or undefended alone
    assert d.validate(["undefended", "defend:aragorn"])
    g.choose("defend:aragorn", "defend:legolas")
    until_kind(g, "damage")
    assert {o.id for o in g.pending.options} == {"damage:aragorn", "damage:legolas"}
    assert "total defense 3" in g.pending.prompt                        # 2 + 1 against Ufthak's 3: 0 damage
    rec = g.choose("damage:legolas")
    assert rec.rule == "point 83" and g.state.cards["legolas"].get("damage", 0) == 0


# -- Eyes of the Forest (point 113) ---------------------------------------------------------------

def test_p113_eyes_of_the_forest_discards_every_event_in_hand():
    g = position(STAGING, zones={"encounter_deck": ["eyes-of-the-forest"], "staging": [],
                                 "P1/hand": ["feint#1", "guard-of-the-citadel#1", "sneak-attack#1"]})
    g.step()
    rec = g.step()
    assert g.state.zones["P1/hand"] == ["guard-of-the-citadel#1"]
    assert set(g.state.zones["P1/discard"]) == {"feint#1", "sneak-attack#1"}
    assert "P1 discards Feint and Sneak Attack (as much as each can, point 113)" in rec.text


def test_p113_eyes_of_the_forest_with_no_event_discards_nothing():
    g = position(STAGING, zones={"encounter_deck": ["eyes-of-the-forest"], "staging": [],
                                 "P1/hand": ["guard-of-the-citadel#1"]})
    g.step()
    rec = g.step()
    assert g.state.zones["P1/hand"] == ["guard-of-the-citadel#1"] and "they hold no event" in rec.text
