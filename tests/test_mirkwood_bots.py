"""Passage Through Mirkwood's heuristic bot: it answers every decision kind itself
(never the engine's random fallback), legally, and plays events and attachments
where they help (by card id and option id)."""

from __future__ import annotations

from test_mirkwood_events import COMBAT_WINDOW, WINDOW
from test_mirkwood_rules import PLANNING, STRIKES, position

import tablekit
from tablekit.games.mirkwood import bots
from tablekit.games.mirkwood import game as mk_game


def bot(g) -> list[str] | None:
    return bots.heuristic(g.ctx, g.pending)


def test_the_heuristic_answers_every_decision_itself(monkeypatch):
    seen: dict[str, int] = {}
    real = bots.heuristic

    def spy(ctx, d):
        answer = real(ctx, d)
        assert answer is not None, f"no heuristic answer for a {d.kind!r} decision"
        assert d.kind in bots.BY_KIND, d.kind
        assert all(d.option(a).legal for a in answer), (d.kind, answer)
        seen[d.kind] = seen.get(d.kind, 0) + 1
        return answer

    monkeypatch.setattr(mk_game, "heuristic", spy)
    for seed, players in ((1, 1), (2, 2), (3, 1), (4, 2)):
        g = tablekit.new_game("mirkwood", players=players, seed=seed)
        g.run(until="end", bots="heuristic", max_records=50_000)
        assert g.is_over and g.result.ending in mk_game.GAME.endings
    assert {"window", "effect", "commit", "defender", "response-offer", "mulligan"} <= set(seen), seen


def test_citadel_plate_goes_to_the_best_defender():
    g = position(PLANNING, zones={"P1/hand": ["citadel-plate#1"], "P1/allies": []}, cards={"legolas": {"resources": 4}})
    assert bot(g) == ["act:citadel-plate#1:0"]
    g.choose("act:citadel-plate#1:0")
    assert bot(g) == ["hero:aragorn"]                       # defense 2 against 1 and 1


def test_celebrians_stone_goes_to_aragorn():
    g = position(PLANNING, zones={"P1/hand": ["celebrian-s-stone"], "P1/allies": []},
                 cards={"theodred": {"resources": 2}})
    g.choose("act:celebrian-s-stone:0")
    assert bot(g) == ["hero:aragorn"]


def test_dwarven_axe_goes_to_a_dwarf():
    g = position(PLANNING, players=2, turn="P2", zones={"P2/hand": ["dwarven-axe#1"], "P1/allies": [],
                                                        "P2/allies": []},
                 cards={"legolas": {"resources": 2}})
    g.choose("act:dwarven-axe#1:0")
    assert bot(g)[0] in ("hero:gimli", "hero:thalin")       # a Dwarf, not Legolas (attack 3)


def test_steward_goes_on_the_hero_who_pays_for_the_dearest_sphere():
    g = position(PLANNING, zones={"P1/hand": ["steward-of-gondor#1", "faramir#1"], "P1/allies": []},
                 cards={"aragorn": {"resources": 2}})
    assert bot(g) == ["act:steward-of-gondor#1:0"]           # before an ally
    g.choose("act:steward-of-gondor#1:0")
    assert bot(g) in (["hero:aragorn"], ["hero:theodred"])   # Leadership, where Faramir's 4 are needed


def test_feint_only_when_an_attack_would_kill_a_hero():
    hurt = {"aragorn": {"damage": 4, "exhausted": True}, "theodred": {"damage": 3, "exhausted": True},
            "legolas": {"resources": 1, "damage": 3, "exhausted": True}}
    g = position(COMBAT_WINDOW, zones={"P1/hand": ["feint#1"], "P1/engaged": ["forest-spider#1"], "staging": []},
                 cards=hurt)
    assert bot(g) == ["act:feint#1:0"]
    g.choose("act:feint#1:0")
    assert bot(g) == ["target:forest-spider#1"]
    safe = position(COMBAT_WINDOW, zones={"P1/hand": ["feint#1"], "P1/engaged": ["forest-spider#1"], "staging": []},
                    cards={"legolas": {"resources": 1}})
    assert bot(safe) == ["pass"]                             # fresh heroes: not wasted


def test_blade_mastery_when_one_more_attack_makes_the_kill():
    g = position(STRIKES, zones={"P1/hand": ["blade-mastery#1"], "P1/engaged": ["forest-spider#1"], "staging": []},
                 cards={"legolas": {"resources": 1}, "forest-spider#1": {"damage": 2}}, extra={"struck": {}})
    g.choose("target:forest-spider#1")
    g.choose("attacker:theodred")                            # 2 against defense 1 and 2 hit points left: 1 short
    while g.pending is None or g.pending.kind != "window":
        g.step()
    assert bot(g) == ["act:blade-mastery#1:0"]
    g.choose("act:blade-mastery#1:0")
    assert bot(g) == ["pick:theodred"]


def test_sneak_attack_brings_gandalf_at_the_start_of_the_quest():
    g = position(WINDOW, zones={"P1/hand": ["sneak-attack#1", "gandalf#1"], "staging": []},
                 cards={"aragorn": {"resources": 1}})
    assert bot(g) == ["act:sneak-attack#1:0"]
    g.choose("act:sneak-attack#1:0")
    assert bot(g) == ["pick:gandalf#1"]


def test_payment_keeps_aragorn_a_resource_for_his_ready():
    g = position(PLANNING, zones={"P1/hand": ["guard-of-the-citadel#1"], "P1/allies": []},
                 cards={"aragorn": {"resources": 2}, "theodred": {"resources": 2}})
    g.choose("act:guard-of-the-citadel#1:0")
    assert g.pending.kind == "payment"
    pick = bot(g)
    assert g.pending.option(pick[0]).label == "Aragorn 1 and Théodred 1"      # both keep 1


def test_swift_strike_kept_for_a_kill_or_a_hard_hitter():
    from test_mirkwood_events import combat, until_kind
    g = combat(["dol-guldur-orcs#1"], ["swift-strike"], legolas={"resources": 2})       # attack 2, 3 hit points
    until_kind(g, "defender")
    g.choose("defend:aragorn")
    until_kind(g, "response-offer")
    assert bot(g) == ["decline"]
    g = combat(["dol-guldur-orcs#1"], ["swift-strike"], legolas={"resources": 2}, **{"dol-guldur-orcs#1": {"damage": 1}})
    until_kind(g, "defender")
    g.choose("defend:aragorn")
    until_kind(g, "response-offer")
    assert bot(g) == ["use"]                                                           # 2 left: it dies
