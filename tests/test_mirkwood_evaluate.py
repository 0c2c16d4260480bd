"""Mirkwood's position score (games/mirkwood/evaluate.py): what the coach scores a playout
with when it stops at the game's horizon."""
from __future__ import annotations

import tablekit
from tablekit.core.coach import advise
from tablekit.games.mirkwood import evaluate as E
from tablekit.games.mirkwood import table as T


def started(players: int = 1, seed: int = 3) -> tablekit.Game:
    g = tablekit.new_game("mirkwood", players=players, seed=seed)
    g.run(until="decision")
    return g


def test_the_facts_are_what_every_player_sees_and_the_score_a_chance():
    g = started()
    facts = E.facts(g.ctx)
    assert len(facts) == len(E.FACTS) == len(E.WEIGHTS) - 1
    named = dict(zip(E.FACTS, facts))
    assert named["solo"] == 1.0 and named["stage"] == 0.0 and named["heroes"] == 1.0 and named["hero_health"] == 1.0
    assert named["threat"] == T.threat(g.ctx, "P1") / T.THREAT_OUT
    assert 0 < g.gamedef.evaluate(g.ctx, "P1") < 1
    assert E.facts(started(players=2).ctx)[0] == 0.0  # two players: not solo


def test_a_wounded_hero_scores_lower_and_progress_higher():
    g = started()
    while g.state.cards[T.current_stage(g.ctx)].get("face", 0) != 1:  # past the setup side of stage 1
        g.run(bots="heuristic", max_records=1)
    g.run(until="decision")
    base = g.gamedef.evaluate(g.ctx, "P1")
    wounded = g.fork()
    wounded.state.cards[T.heroes(wounded.ctx, "P1")[0]]["damage"] = 2
    stage = T.current_stage(g.ctx)
    ahead = g.fork()
    ahead.state.cards[stage]["progress"] = T.quest_points(ahead.ctx, stage) - 1
    assert g.gamedef.evaluate(wounded.ctx, "P1") < base < g.gamedef.evaluate(ahead.ctx, "P1")


def test_the_coach_stops_mirkwood_playouts_at_its_horizon():
    g = started()
    assert g.gamedef.coach_horizon
    advice = advise(g.gamedef, g.ctx, g.pending, playouts=2, horizon=g.gamedef.coach_horizon)
    assert all(set(e.endings) <= {"horizon", "unfinished"} | set(g.gamedef.endings) for e in advice.estimates)
    assert any(e.endings.get("horizon") for e in advice.estimates)
