"""Passage Through Mirkwood: the starter attachments' own effects (Celebrían's
Stone, Citadel Plate, Dwarven Axe, Blade of Gondolin, Steward of Gondor, Horn of
Gondor), points 8 and 117 and ruling MK-PLATE-OFF, on positions built by hand
with `g.arrange(...)`. Named by spec point, then card."""

from __future__ import annotations

from test_mirkwood_rules import COMMIT, PLANNING, REFRESH, STRIKES, position, steps_until, texts

from tablekit.games.mirkwood import table as T
from tablekit.games.mirkwood.powers import SphereCost

ACTIONS = ["Rounds", "Round", "Planning phase", "Planning actions"]


def shown(g, uid: str) -> list[str]:
    return g.gamedef.describe_card(g.ctx, uid)[2]


class SpiritCost(SphereCost):
    """A Spirit card of cost 1 (none is in these decks): who could pay for it."""

    def parts(self, ctx):
        return "spirit", 1


# -- Celebrían's Stone -------------------------------------------------------------------------------

def test_p117_celebrians_stone_gives_willpower_and_aragorn_a_spirit_icon():
    g = position(COMMIT, zones={"P1/attachments": ["celebrian-s-stone"]},
                 cards={"celebrian-s-stone": {"attached_to": "aragorn"}})
    ctx = g.ctx
    assert T.stat(ctx, "aragorn", "willpower") == 4 and T.stat(ctx, "theodred", "willpower") == 1
    assert T.spheres(ctx, "aragorn") == ["leadership", "spirit"] and T.spheres(ctx, "theodred") == ["leadership"]
    for hero in T.heroes(ctx, "P1"):  # one sphere asked alone: what the list says
        assert [s for s in (*T.SPHERES, "neutral") if T.has_sphere(ctx, hero, s)] == sorted(
            T.spheres(ctx, hero), key=T.SPHERES.index)
    assert T.has_sphere(ctx, "aragorn", "spirit") and not T.has_sphere(ctx, "theodred", "spirit")
    assert SpiritCost("celebrian-s-stone").payers(ctx, "P1") == ["aragorn"]
    assert "commit:aragorn" in [o.id for o in g.pending.options]
    assert g.pending.option("commit:aragorn").label == "Aragorn (4 willpower)"
    assert shown(g, "aragorn") == ["willpower 4 (printed 2)", "gains a Spirit resource icon",
                                   "carries Celebrían's Stone"]


def test_p117_celebrians_stone_on_another_hero_gives_no_icon():
    g = position(COMMIT, zones={"P1/attachments": ["celebrian-s-stone"]},
                 cards={"celebrian-s-stone": {"attached_to": "legolas"}})
    ctx = g.ctx
    assert T.stat(ctx, "legolas", "willpower") == 3 and T.spheres(ctx, "legolas") == ["tactics"]
    assert SpiritCost("celebrian-s-stone").payers(ctx, "P1") == []
    assert shown(g, "legolas") == ["willpower 3 (printed 1)", "carries Celebrían's Stone"]


def test_p117_the_stone_counts_at_quest_resolution():
    g = position(COMMIT, zones={"P1/attachments": ["celebrian-s-stone"], "staging": []},
                 cards={"celebrian-s-stone": {"attached_to": "aragorn"}})
    g.choose("commit:aragorn")
    steps_until(g, lambda g: g.state.cards["ptm-1"].get("progress", 0) > 0)
    assert g.state.cards["ptm-1"]["progress"] == 4      # 4 willpower against no threat


# -- Citadel Plate -----------------------------------------------------------------------------------

def test_p096_citadel_plate_adds_four_hit_points_to_the_destruction_check():
    g = position(COMMIT, zones={"P1/attachments": ["citadel-plate#1"]},
                 cards={"citadel-plate#1": {"attached_to": "theodred"}})
    ctx = g.ctx
    assert T.stat(ctx, "theodred", "hit_points") == 8
    ctx.do("damage", card="theodred", amount=7)
    assert "theodred" in g.state.zones["P1/heroes"] and T.hp_left(ctx, "theodred") == 1
    assert "hit points 8 (printed 4)" in shown(g, "theodred") and "damage 7" in shown(g, "theodred")
    ctx.do("damage", card="theodred", amount=1)
    assert "theodred" in g.state.zones["P1/discard"] and "citadel-plate#1" in g.state.zones["P1/discard"]


def test_mk_plate_off_losing_the_plate_with_enough_damage_destroys_the_hero():
    g = position(PLANNING, zones={"P1/hand": ["dwarven-axe#1"], "P1/allies": [],
                                  "P1/attachments": ["citadel-plate#1", "blade-of-gondolin#1"]},
                 cards={"legolas": {"resources": 2}, "theodred": {"damage": 5},
                        "citadel-plate#1": {"attached_to": "theodred"},
                        "blade-of-gondolin#1": {"attached_to": "theodred"}})
    g.choose("act:dwarven-axe#1:0")
    g.choose("hero:theodred")
    assert "theodred" in g.state.zones["P1/heroes"]                    # 5 damage, 8 hit points
    rec = g.choose("pick:citadel-plate#1")
    assert rec.rule == "MK-PLATE-OFF"
    assert "theodred" in g.state.zones["P1/discard"]
    assert sorted(g.state.zones["P1/discard"]) == ["blade-of-gondolin#1", "citadel-plate#1", "dwarven-axe#1",
                                                   "theodred"]
    assert "5 damage against 4 hit points" in rec.text


def test_mk_plate_off_losing_the_plate_with_less_damage_keeps_the_hero():
    g = position(PLANNING, zones={"P1/hand": ["dwarven-axe#1"], "P1/allies": [],
                                  "P1/attachments": ["citadel-plate#1", "blade-of-gondolin#1"]},
                 cards={"legolas": {"resources": 2}, "theodred": {"damage": 3},
                        "citadel-plate#1": {"attached_to": "theodred"},
                        "blade-of-gondolin#1": {"attached_to": "theodred"}})
    g.choose("act:dwarven-axe#1:0")
    g.choose("hero:theodred")
    rec = g.choose("pick:citadel-plate#1")
    assert rec.rule == "MK-RESTRICTED" and "theodred" in g.state.zones["P1/heroes"]
    assert T.hp_left(g.ctx, "theodred") == 1


# -- Dwarven Axe -------------------------------------------------------------------------------------

def test_p006_dwarven_axe_one_attack_two_on_a_dwarf():
    g = position(COMMIT, players=2, zones={"P2/attachments": ["dwarven-axe#1", "dwarven-axe#2"]},
                 cards={"dwarven-axe#1": {"attached_to": "legolas"}, "dwarven-axe#2": {"attached_to": "gimli"}})
    ctx = g.ctx
    assert T.stat(ctx, "legolas", "attack") == 4                # 3 + 1
    assert T.stat(ctx, "gimli", "attack") == 4                  # 2 + 2: a Dwarf
    assert T.stat(ctx, "thalin", "attack") == 2                 # a Dwarf without the Axe
    assert "attack 4 (printed 2)" in shown(g, "gimli")
    ctx.do("damage", card="gimli", amount=1)                    # his own +1 per damage adds up with the Axe
    assert T.stat(ctx, "gimli", "attack") == 5


# -- Blade of Gondolin -------------------------------------------------------------------------------

def test_p089_blade_of_gondolin_against_an_orc_and_its_response():
    g = position(STRIKES, zones={"P1/engaged": ["dol-guldur-orcs#1"], "staging": [],
                                 "P1/attachments": ["blade-of-gondolin#1"]},
                 cards={"blade-of-gondolin#1": {"attached_to": "aragorn"}}, extra={"struck": {}})
    assert T.stat(g.ctx, "aragorn", "attack", event={"type": "strike", "enemy": "dol-guldur-orcs#1"}) == 4
    assert T.stat(g.ctx, "aragorn", "attack") == 3
    g.choose("target:dol-guldur-orcs#1")
    g.choose("attacker:aragorn")
    steps_until(g, lambda g: "dol-guldur-orcs#1" not in g.state.zones["P1/engaged"])
    assert "Aragorn 4" in texts(g)                                # the total names his 4 attack
    d = g.pending
    assert d.kind == "response-offer" and [o.id for o in d.options] == ["use", "decline"]
    g.choose("use")
    assert g.state.cards["ptm-1"]["progress"] == 1


def test_p089_blade_of_gondolin_response_may_be_declined():
    g = position(STRIKES, zones={"P1/engaged": ["dol-guldur-orcs#1"], "staging": [],
                                 "P1/attachments": ["blade-of-gondolin#1"]},
                 cards={"blade-of-gondolin#1": {"attached_to": "aragorn"}}, extra={"struck": {}})
    g.choose("target:dol-guldur-orcs#1")
    g.choose("attacker:aragorn")
    steps_until(g, lambda g: g.pending is not None and g.pending.kind == "response-offer")
    g.choose("decline")
    assert g.state.cards["ptm-1"].get("progress", 0) == 0


def test_p089_blade_of_gondolin_no_bonus_against_a_spider_but_its_response_still_fires():
    g = position(STRIKES, zones={"P1/engaged": ["forest-spider#1"], "staging": [],
                                 "P1/attachments": ["blade-of-gondolin#1"]},
                 cards={"blade-of-gondolin#1": {"attached_to": "aragorn"}, "forest-spider#1": {"damage": 2}},
                 extra={"struck": {}})
    assert T.stat(g.ctx, "aragorn", "attack", event={"type": "strike", "enemy": "forest-spider#1"}) == 3
    g.choose("target:forest-spider#1")
    g.choose("attacker:aragorn")                                    # 3 - 1 defense: 2 damage, 4 hit points
    steps_until(g, lambda g: "forest-spider#1" not in g.state.zones["P1/engaged"])
    assert g.pending.kind == "response-offer"                       # any enemy, not only an Orc
    g.choose("use")
    assert g.state.cards["ptm-1"]["progress"] == 1


def test_p089_blade_of_gondolin_answers_only_its_own_heros_attack():
    g = position(STRIKES, zones={"P1/engaged": ["forest-spider#1"], "staging": [],
                                 "P1/attachments": ["blade-of-gondolin#1"]},
                 cards={"blade-of-gondolin#1": {"attached_to": "aragorn"}, "forest-spider#1": {"damage": 3}},
                 extra={"struck": {}})
    g.choose("target:forest-spider#1")
    g.choose("attacker:theodred")                                   # 2 - 1 defense: the last hit point
    steps_until(g, lambda g: "forest-spider#1" not in g.state.zones["P1/engaged"])
    assert g.pending is None or g.pending.kind != "response-offer"
    assert g.state.triggers == []


# -- Steward of Gondor -------------------------------------------------------------------------------

def test_p006_p109_steward_gives_the_gondor_trait_and_for_gondor_sees_it():
    g = position(ACTIONS, zones={"P1/hand": ["for-gondor#1"], "P1/attachments": ["steward-of-gondor#1"]},
                 cards={"steward-of-gondor#1": {"attached_to": "legolas"}, "aragorn": {"resources": 2}})
    ctx = g.ctx
    assert "Gondor" in T.traits(ctx, "legolas") and "Gondor" not in ctx.defn("legolas").traits
    assert "gains the Gondor trait" in shown(g, "legolas")
    g.choose("act:for-gondor#1:0")
    assert T.stat(ctx, "legolas", "defense") == 2                      # 1 + 1: a Gondor character now
    assert T.stat(ctx, "aragorn", "defense") == 2 and T.stat(ctx, "theodred", "defense") == 1   # printed: no Gondor
    assert "the Gondor characters (Legolas) also +1 defense" in texts(g)


def test_p008_steward_exhausts_on_its_own_for_two_resources():
    g = position(ACTIONS, zones={"P1/attachments": ["steward-of-gondor#1"], "P1/hand": ["common-cause#1"]},
                 cards={"steward-of-gondor#1": {"attached_to": "theodred"}, "theodred": {"exhausted": True}})
    d = g.pending
    assert d.option("act:steward-of-gondor#1:2").legal             # the hero exhausted: the Steward is not
    rec = g.choose("act:steward-of-gondor#1:2")
    assert rec.rule == "point 8"
    assert T.resources(g.ctx, "theodred") == 2
    assert g.state.cards["steward-of-gondor#1"]["exhausted"] and g.state.cards["theodred"]["exhausted"]
    assert "exhausted" in shown(g, "steward-of-gondor#1")
    opt = g.pending.option("act:steward-of-gondor#1:2")
    assert not opt.legal and "Steward of Gondor is exhausted" in opt.reason


def test_p008_an_exhausted_attachment_readies_in_the_refresh_phase():
    g = position(REFRESH, zones={"P1/attachments": ["steward-of-gondor#1"]},
                 cards={"steward-of-gondor#1": {"attached_to": "theodred", "exhausted": True},
                        "aragorn": {"exhausted": True}})
    steps_until(g, lambda g: not g.state.cards["steward-of-gondor#1"].get("exhausted"))
    assert not g.state.cards["aragorn"].get("exhausted")
    assert "(1 character and 1 attachment)" in texts(g)


def test_p042_steward_is_not_restricted():
    g = position(PLANNING, zones={"P1/hand": ["steward-of-gondor#1"], "P1/allies": [],
                                  "P1/attachments": ["citadel-plate#1", "blade-of-gondolin#1"]},
                 cards={"aragorn": {"resources": 2}, "citadel-plate#1": {"attached_to": "legolas"},
                        "blade-of-gondolin#1": {"attached_to": "legolas"}})
    g.choose("act:steward-of-gondor#1:0")
    rec = g.choose("hero:legolas")
    assert rec.rule == "point 41" and len(g.state.zones["P1/attachments"]) == 3


# -- Horn of Gondor ----------------------------------------------------------------------------------

def test_p096_horn_of_gondor_responds_to_any_players_character_destroyed():
    g = position(COMMIT, players=2, zones={"P1/attachments": ["horn-of-gondor"]},
                 cards={"horn-of-gondor": {"attached_to": "aragorn"}, "thalin": {"damage": 3}})
    g.ctx.do("damage", card="thalin", amount=1)
    assert "thalin" in g.state.zones["P2/discard"]
    steps_until(g, lambda g: g.pending is not None and g.pending.kind == "trigger_order")
    assert g.pending.option("first:0").label.startswith("Horn of Gondor")
    g.choose("first:0")                     # P1 orders the Horn's response first
    steps_until(g, lambda g: g.pending is not None and g.pending.kind == "response-offer")
    d = g.pending
    assert d.player == "P1" and [o.id for o in d.options] == ["use", "decline"]
    rec = g.choose("use")
    assert T.resources(g.ctx, "aragorn") == 1
    assert "after Thalin was destroyed" in rec.text


def test_p096_horn_of_gondor_is_gone_with_its_own_hero():
    g = position(COMMIT, zones={"P1/attachments": ["horn-of-gondor"]},
                 cards={"horn-of-gondor": {"attached_to": "theodred"}, "theodred": {"damage": 3}})
    g.ctx.do("damage", card="theodred", amount=1)
    assert "horn-of-gondor" in g.state.zones["P1/discard"]
    steps_until(g, lambda g: g.pending is not None)
    assert g.pending.kind != "response-offer"
