"""Passage Through Mirkwood's heuristic plan (`bots`, `bot_quest`, `bot_combat`), pinned
on hand-built positions: the mulligan, travel around Enchanted Stream, who quests and
who stays home, who defends, and that every answer stays legal in full games.

Each position is built so that the rule under test is what decides the answer (the
numbers worked out in the comments); the bot answers from its seat view, as in play."""

from __future__ import annotations

import random

import pytest
from test_mirkwood_events import combat, until_kind
from test_mirkwood_rules import COMMIT, ENGAGE, TRAVEL, bot, position

import tablekit
from tablekit.core.seatview import seat_ctx
from tablekit.games.mirkwood import bot_quest as Q
from tablekit.games.mirkwood import bots
from tablekit.games.mirkwood import game as mk_game
from tablekit.games.mirkwood import table as T

MULLIGAN = ["Setup", "Mulligans", "Mulligan"]


def pick(g: tablekit.Game) -> list[str]:
    """The heuristic's answer to the pending decision, from the deciding seat's view."""
    d = g.pending
    out = bots.heuristic(seat_ctx(g.ctx, d.player, random.Random(0)), d)
    assert out is not None and all(d.option(a).legal for a in out), (d.kind, out)
    return out


def committed(answer: list[str]) -> set[str]:
    return {a.split(":", 1)[1] for a in answer}


def willpower(g: tablekit.Game, cards) -> int:
    return sum(T.stat(g.ctx, u, "willpower") for u in cards)


# -- 1. mulligan --------------------------------------------------------------------------------------

def mulligan_answer(hand: list[str]) -> list[str]:
    g = position(MULLIGAN, zones={"P1/hand": hand}, mulligan=True)
    assert g.pending.kind == "mulligan"
    return pick(g)


def test_a_hand_with_two_cheap_allies_or_attachments_is_kept():
    # an ally (cost 2) and an attachment (cost 2); the rest costs 4 or more
    assert mulligan_answer(["guard-of-the-citadel#1", "dwarven-axe#1", "citadel-plate#1", "faramir#1",
                            "beorn", "brok-ironfist"]) == ["keep"]
    # cost 3 still counts as cheap: two allies of cost 3, nothing else cheap
    assert mulligan_answer(["son-of-arnor#1", "silverlode-archer#1", "faramir#1", "citadel-plate#1",
                            "beorn", "grim-resolve"]) == ["keep"]


def test_a_hand_whose_only_cheap_cards_are_events_is_mulliganed():
    assert set(bots.MULLIGAN_KINDS) == {"ally", "attachment"}
    # five cheap events and one cheap ally: the table's own suggestion is to keep (all payable)
    g = position(MULLIGAN, zones={"P1/hand": ["guard-of-the-citadel#1", "feint#1", "blade-mastery#1",
                                             "sneak-attack#1", "common-cause#1", "quick-strike#1"]},
                 mulligan=True)
    assert g.pending.default == "keep"
    assert pick(g) == ["mulligan"]
    # only events cheap, the allies and attachments all cost 4 or more
    assert mulligan_answer(["feint#1", "blade-mastery#1", "ever-vigilant#1", "faramir#1", "citadel-plate#1",
                            "beorn"]) == ["mulligan"]


# -- 2. travel ----------------------------------------------------------------------------------------

def test_no_travel_to_enchanted_stream_while_it_would_stay():
    # staging threat 3 (Stream 2, Road 1); the party's willpower 4 against 3 - 2 + 2 (one card to come):
    # 1 progress, short of the Stream's 2 quest points, so it would stay active and block the draws.
    # Stream: 2*2 - 0.5*2 - STREAM_PENALTY = -1; Old Forest Road: 2*1 - 0.5*3 = 0.5 (3 without the penalty)
    g = position(TRAVEL, zones={"staging": ["enchanted-stream#1", "old-forest-road#1"], "active_location": []})
    stream = "enchanted-stream#1"
    assert g.pending.option(f"travel:{stream}").legal
    assert not Q.clears_soon(g.ctx, stream)
    assert Q.travel_score(g.ctx, stream) < Q.travel_score(g.ctx, "old-forest-road#1")
    assert pick(g) == ["travel:old-forest-road#1"]


def test_travel_to_enchanted_stream_when_the_next_quest_explores_it():
    # Gandalf's 4 willpower more: 8 against 3 beats the Stream's 2 quest points, no penalty: 3 beats 0.5
    g = position(TRAVEL, zones={"staging": ["enchanted-stream#1", "old-forest-road#1"], "active_location": [],
                                "P1/allies": ["gandalf#1"]})
    assert Q.clears_soon(g.ctx, "enchanted-stream#1")
    assert pick(g) == ["travel:enchanted-stream#1"]


# -- 3. quest commitment ------------------------------------------------------------------------------

def test_with_no_enemy_coming_everyone_short_of_the_threat_quests():
    # Forest Spider (engagement 25) stays in the staging area at threat 20: nobody is kept home.
    # Needed: threat 2 + 2 to come + QUEST_MARGIN 5 = 9, and the party has only 2 + 1 + 1 + 4
    g = position(COMMIT, zones={"P1/allies": ["gandalf#1"], "staging": ["forest-spider#1"]}, threat=20)
    assert not Q.home_guard(g.ctx, "P1", ["aragorn", "theodred", "legolas", "gandalf#1"], None)
    answer = pick(g)
    assert committed(answer) == {"aragorn", "theodred", "legolas", "gandalf#1"}
    assert willpower(g, committed(answer)) > T.stat(g.ctx, "forest-spider#1", "threat") + 2     # progress made


def test_questers_stop_at_the_margin_and_the_fighters_stay_home():
    # Needed: threat 1 + 2 to come + 5 = 8. Aragorn first (he readies with his resource), then the most
    # willpower, then those least useful at home: Aragorn 2, Gandalf 4, two Guards 1 each = 8, then stop
    allies = ["gandalf#1", "guard-of-the-citadel#1", "guard-of-the-citadel#2", "guard-of-the-citadel#3"]
    g = position(COMMIT, zones={"P1/allies": allies, "staging": ["old-forest-road#1"]},
                 cards={"aragorn": {"resources": 1}})
    need = Q.willpower_needed(g.ctx, "P1")
    assert need == 8
    chosen = committed(pick(g))
    assert {"aragorn", "gandalf#1"} <= chosen and len(chosen) == 4
    assert willpower(g, chosen) >= need
    assert "legolas" not in chosen and "theodred" not in chosen       # attack 3 and 2: kept for combat


@pytest.mark.parametrize("zones, threat", [
    ({"P1/engaged": ["chieftain-ufthak"], "staging": []}, 29),       # engaged
    ({"staging": ["chieftain-ufthak"]}, 35),                         # engagement 35 reached: it will engage
], ids=["engaged", "will-engage"])
def test_a_defender_stays_home_for_the_enemy_that_will_attack(zones, threat):
    # Chieftain Ufthak: attack 3 (+1 shadow margin), 6 hit points and defense 3, out of the party's reach
    # (no attacker is kept home). Aragorn is exhausted; Théodred and Legolas both survive the attack:
    # the one who quests least and defends best, Théodred (willpower 1, like Legolas; worth less),
    # stays home. The quest still needs more than Gandalf and Legolas bring, so they both quest.
    g = position(COMMIT, zones={"P1/allies": ["gandalf#1"], **zones}, cards={"aragorn": {"exhausted": True}},
                 threat=threat)
    assert committed(pick(g)) == {"gandalf#1", "legolas"}


def test_nobody_stays_home_for_an_enemy_that_will_not_engage():
    g = position(COMMIT, zones={"P1/allies": ["gandalf#1"], "staging": ["chieftain-ufthak"]},
                 cards={"aragorn": {"exhausted": True}}, threat=34)
    assert committed(pick(g)) == {"gandalf#1", "theodred", "legolas"}


def test_legolas_and_theodred_stay_home_to_kill_the_first_forest_spider():
    # The plan's own example: Aragorn quests and readies (1 resource) to defend the Spider (engagement 25 at
    # threat 29); Legolas 3 + Théodred 2 destroy it (4 hit points + 1 defense) the round it engages
    g = position(COMMIT, zones={"P1/allies": ["gandalf#1"], "staging": ["forest-spider#1"]},
                 cards={"aragorn": {"resources": 1}})
    assert committed(pick(g)) == {"aragorn", "gandalf#1"}


# -- 4. defence ---------------------------------------------------------------------------------------

def defender_answer(engaged, allies=(), **cards) -> tuple[tablekit.Game, list[str]]:
    g = combat(engaged, [], allies=allies, **cards)
    until_kind(g, "defender")
    return g, pick(g)


def test_an_ally_that_takes_the_blow_defends_not_a_hero():
    # King Spider attacks 3: Faramir (defense 2, 3 hit points) takes 1 damage and lives (0.5); Aragorn
    # (defense 2) would take 1 damage that never heals (3); either way the rest make the kill
    g, answer = defender_answer(["king-spider#1"], allies=["faramir#1"])
    assert "defend:aragorn" in {o.id for o in g.pending.legal}
    assert answer == ["defend:faramir#1"]


def test_with_no_ally_the_best_defending_hero_takes_it():
    _, answer = defender_answer(["king-spider#1"])
    assert answer == ["defend:aragorn"]                     # 1 damage, against 2 on Théodred or Legolas


def test_when_nobody_survives_a_cheap_ally_blocks():
    # Ungoliant's Spawn attacks 5: every hurt hero (2 hit points left) and the Guard (defense 0, 2 hit
    # points) would die. Losing the Guard (worth 6) costs far less than a hero (48 and up), defending or not
    g, answer = defender_answer(["ungoliant-s-spawn"], allies=["guard-of-the-citadel#1"],
                                aragorn={"damage": 3}, theodred={"damage": 2}, legolas={"damage": 2})
    assert {"defend:aragorn", "defend:theodred", "defend:legolas", "undefended"} <= {o.id for o in g.pending.legal}
    assert answer == ["defend:guard-of-the-citadel#1"]


def test_undefended_when_the_only_defender_is_the_kill():
    # Dol Guldur Orcs (attack 2, 3 hit points, defense 0) and only Legolas ready: defending costs him 1
    # damage (3) and the kill; left undefended, a hero takes 2 (1 + 6) but Legolas's 3 attack destroys the
    # Orcs afterwards (worth 2*2 + 2 = 6): 1 against 3
    g, answer = defender_answer(["dol-guldur-orcs#1"], aragorn={"exhausted": True}, theodred={"exhausted": True})
    assert [o.id for o in g.pending.legal] == ["defend:legolas", "undefended"]
    assert answer == ["undefended"]


# -- 5. legal answers in full games -------------------------------------------------------------------

def test_full_games_get_only_legal_answers(monkeypatch):
    seen: dict[str, int] = {}
    real = bots.heuristic

    def spy(ctx, d):
        answer = real(ctx, d)
        assert answer is not None, f"no heuristic answer for a {d.kind!r} decision"
        assert d.kind in bots.BY_KIND, d.kind
        assert all(d.option(a).legal for a in answer), (d.kind, answer)
        d.check(answer)
        seen[d.kind] = seen.get(d.kind, 0) + 1
        return answer

    monkeypatch.setattr(mk_game, "heuristic", spy)
    for seed, players in ((1, 1), (2, 2)):
        g = tablekit.new_game("mirkwood", players=players, seed=seed)
        g.run(until="end", bots="heuristic", max_records=50_000)
        assert g.is_over and g.result.ending in mk_game.GAME.endings
    assert {"commit", "travel", "defender", "mulligan"} <= set(seen), seen


# -- 6. home guard: Aragorn readying counts once, and only when he can --------------------------------

def play_round(g: tablekit.Game) -> None:
    """Answer every decision with the heuristic until the refresh phase."""
    for _ in range(400):
        if g.is_over or (g.history and "Refresh phase" in g.history[-1].node):
            return
        if g.pending is not None:
            g.choose(*pick(g))
        else:
            g.step()
    raise AssertionError("the refresh phase never came")


def test_aragorn_is_no_free_defender_when_the_theodred_he_readies_with_stays_home():
    # Aragorn has no resource: he readies after committing only with Théodred's, if Théodred quests too.
    # The Forest Spider (engagement 25, attack 2 + 1 the round it engages) needs Théodred 2 + Legolas 3
    # (or Aragorn 3 + Legolas 3) to be destroyed (4 hit points + 1 defense): the one who kills it stays
    # home, so Aragorn cannot ready and must stay home too, to defend. Before the fix the bot sent Aragorn
    # questing (no resource: "decline" his ready) and the Spider's attack went undefended onto Théodred.
    g = position(COMMIT, zones={"P1/allies": ["gandalf#1"], "staging": ["forest-spider#1"]}, threat=29,
                 cards={"aragorn": {"resources": 0}})
    chosen = committed(pick(g))
    assert "aragorn" not in chosen or "theodred" in chosen
    assert chosen == {"gandalf#1"}
    play_round(g)
    assert "leaves Forest Spider's attack undefended" not in "\n".join(r.text for r in g.history)
    assert "forest-spider#1" not in g.state.zones["P1/engaged"]                   # destroyed
    assert all(int(g.state.cards[h].get("damage", 0)) == 0 for h in ("theodred", "legolas"))


def test_aragorn_readying_is_a_defender_or_an_attacker_not_both():
    # Dol Guldur Beastmaster engaged: attack 3 (+1 shadow margin), 5 hit points + 1 defense = 6 to kill.
    # Aragorn (1 resource) quests and readies. Before the fix he was counted as the defender and again
    # among the attackers, so everyone stayed home (Théodred 2 + Legolas 3 fall short of 6 without him)
    # and only Gandalf quested. Now: Aragorn quests and readies to attack with Legolas (3 + 3 = 6),
    # Théodred stays home to defend (4 hit points, 1 defense: survives 4), Gandalf quests.
    g = position(COMMIT, zones={"P1/allies": ["gandalf#1"], "P1/engaged": ["dol-guldur-beastmaster#1"],
                                "staging": []}, cards={"aragorn": {"resources": 1}})
    assert committed(pick(g)) == {"aragorn", "gandalf#1"}
    play_round(g)
    assert "dol-guldur-beastmaster#1" not in g.state.zones["P1/engaged"]           # destroyed
    text = "\n".join(r.text for r in g.history)
    assert "Aragorn readies" in text and "P1 declares Théodred as the defender" in text


# -- the optional engagement's suggestion (rules.engage_now) -------------------------------------------

def engage_position(threat: int, allies=("gandalf#1",), engaged=(), staging=("dol-guldur-beastmaster#1",)):
    return position(ENGAGE, zones={"staging": list(staging), "P1/engaged": list(engaged), "P1/allies": list(allies)},
                    threat=threat)


def test_an_enemy_coming_next_round_that_the_party_can_destroy_now_is_suggested_and_the_hint_says_why():
    # the Beastmaster (engagement 35) engages at the next check once the refresh makes threat 34 into 35;
    # Gandalf defends, Aragorn, Théodred and Legolas (3 + 2 + 3) reach its 5 hit points and 1 defense
    g = engage_position(34)
    d = g.pending
    assert d.default == "engage:dol-guldur-beastmaster#1"
    assert d.suggested.id == d.default
    assert "will engage you in the next round's checks unless your threat falls (the refresh raises it to 35)" in d.hint
    assert bot(g) == ["engage:dol-guldur-beastmaster#1"]


@pytest.mark.parametrize("why, kw", [
    ("it would not come next round (engagement 35, threat 30)", {"threat": 30}),
    ("it engages in this round's check anyway (threat 35)", {"threat": 35}),
    ("the heroes alone, Aragorn kept back to defend, do not reach 6", {"threat": 34, "allies": ()}),
    ("another enemy is engaged already", {"threat": 34, "engaged": ("forest-spider#1",)}),
    ("a Forest Spider (25) engages in this round's check as well",
     {"threat": 34, "staging": ("dol-guldur-beastmaster#1", "forest-spider#1")}),
])
def test_otherwise_no_enemy_is_suggested(why, kw):
    g = engage_position(**kw)
    assert g.pending.default == "no_engage", why
    assert bot(g) == ["no_engage"], why
