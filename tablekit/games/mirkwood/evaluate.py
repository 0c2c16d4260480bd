"""How well the party stands in a Mirkwood position: the coach's score for a playout it
stops at its horizon (`GameDef.evaluate`), a chance to win from 0 to 1.

A logistic model over a few facts every player can see (the quest's stage and its
progress, the threat, the heroes' health, the enemies engaged and in the staging
area, the cards at hand), fitted on positions of heuristic-bot games and their
outcomes by `benchmarks/mirkwood_evaluation.py`, which prints the weights below and
how well they predict games they were not fitted on. Co-op: every seat gets the
party's score."""

from __future__ import annotations

import math

from tablekit.core.context import Ctx

from . import rules as R
from . import table as T

# the facts, in the order of WEIGHTS (each scaled to about 0..1)
FACTS = ("solo", "stage", "progress", "threat", "threat_max", "heroes", "hero_health", "engaged_attack",
         "staging_threat", "hand", "allies")

# fitted by `benchmarks/mirkwood_evaluation.py --games 400 --every 25` (2026-12-07): the bias
# first. On the even seeds' 4,190 positions, not fitted on: log loss 0.567 against 0.681 for the
# base rate alone, Brier score 0.190 against 0.244
WEIGHTS = (1.457, -2.011, 2.325, 0.365, -2.052, -7.091, 4.89, 1.158, -0.912, -3.781, 0.366, 1.421)


def facts(ctx: Ctx) -> tuple[float, ...]:
    """The position's facts (FACTS), from what every player sees."""
    players = [p for p in ctx.players if not T.eliminated(ctx, p)] or list(ctx.players)
    stage_uid = T.current_stage(ctx)
    stage = int(T.field(ctx, stage_uid, "stage", 1) or 1) if stage_uid else 1
    qp = T.quest_points(ctx, stage_uid) if stage_uid else 0
    progress = min(1.0, int(ctx.card(stage_uid).get("progress", 0)) / qp) if stage_uid and qp > 0 else 0.0
    threats = [T.threat(ctx, p) for p in players]
    heroes = [h for p in players for h in T.heroes(ctx, p)]
    health = sum(max(0, T.hp_left(ctx, h)) for h in heroes)
    full = sum(max(1, T.stat(ctx, h, "hit_points")) for h in heroes) or 1
    engaged = sum(T.stat(ctx, e, "attack") for p in players for e in T.engaged_enemies(ctx, p))
    staging = R.staging_threat(ctx)
    hand = sum(len(ctx.zone(T.hand(p))) for p in players)
    allies = sum(len(ctx.zone(T.allies_zone(p))) for p in players)
    n = len(players)
    solo = float(len(ctx.players) == 1)
    return (solo, (stage - 1) / 2, progress, sum(threats) / n / T.THREAT_OUT, max(threats) / T.THREAT_OUT,
            len(heroes) / (3 * n), health / full, engaged / (5 * n), staging / 10, hand / (6 * n), allies / (3 * n))


def evaluate(ctx: Ctx, seat: str) -> float:
    """The party's chance to win from this position, by the fitted model."""
    z = WEIGHTS[0] + sum(w * x for w, x in zip(WEIGHTS[1:], facts(ctx)))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
