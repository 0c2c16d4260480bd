"""The coach: for the decision open in a game, each candidate answer's expected result
for the seat that decides, from playouts over what that seat may know.

Playout k draws the seat's view once (`seatview.seat_state`, seeded by the coach's
seed and k: each card hidden from the seat drawn anew from its pool, the RNG
replaced), and plays every candidate answer from a copy of that view: the answer
first, then each decision by the playout policy (the game's heuristic, reading the
playout's own state, which holds nothing real the seat cannot see; else the suggested
option; else a random legal answer seeded by the playout), until the game ends, or,
for a game that scores a position (`GameDef.evaluate`), until `horizon` records have
been played. Every answer meets the same draws (common random numbers), so their
difference is measured more closely than either alone.

A playout is worth, to the seat: 1 for a win (in a competitive game, 1/k of a win
shared by k), 0 for a loss or an unfinished game, or the evaluation at the horizon.
An estimate is the mean with its 95% interval. For a given position, seed and number
of playouts the estimates are always the same; the coach never reads a hidden card,
so exchanging hidden cards within their pools changes nothing it says. It never
answers for anyone: `Decision.default`, the records and saves do not know of it.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .context import Ctx
from .decision import Decision
from .errors import IllegalChoice, TablekitError
from .randomanswer import random_answer
from .seatview import seat_ctx, seat_state

if TYPE_CHECKING:  # pragma: no cover
    from .gamedef import GameDef
    from .state import State

DEFAULT_PLAYOUTS = 100
MAX_PLAYOUT_RECORDS = 200_000  # a playout longer than this is unfinished (worth 0)
Z95 = 1.96


@dataclass(frozen=True)
class Estimate:
    """One candidate answer's estimate: its mean value to the seat (a chance to win in
    a co-op game, a share of the win in a competitive one) with the half width of its
    95% interval, over `playouts` playouts, and how those ended (ending id -> count;
    "horizon" for those scored at the horizon)."""

    answer: tuple[str, ...]
    label: str
    mean: float
    spread: float
    playouts: int
    endings: dict[str, int] = field(default_factory=dict)

    def words(self) -> str:
        """"62% ± 5, 400 playouts"."""
        return f"{round(100 * self.mean)}% ± {round(100 * self.spread)}, {self.playouts} playouts"


@dataclass(frozen=True)
class Advice:
    """The coach's estimates for one open decision, the best first, and one sentence on
    why the best is best."""

    seat: str
    prompt: str
    estimates: tuple[Estimate, ...]
    why: str

    @property
    def best(self) -> Estimate:
        return self.estimates[0]


def result_value(gamedef: GameDef, winners: list[str], seat: str) -> float:
    """What an ended game is worth to `seat`: 1 for a win (1/k of a competitive win
    shared by k), else 0."""
    if seat not in winners:
        return 0.0
    return 1.0 if gamedef.cooperative else 1.0 / len(winners)


def candidates(gamedef: GameDef, ctx: Ctx, d: Decision, seed: Any = 0) -> list[tuple[str, ...]]:
    """The answers the coach weighs: each legal option where one pick is asked; where
    several may be picked, none (if allowed), the heuristic's answer from the seat's
    view, the suggested option, each option alone, and every legal option (up to the
    most allowed). Only answers the decision accepts."""
    out: list[tuple[str, ...]] = []

    def add(ids: Any) -> None:
        t = tuple(ids)
        if t in out:
            return
        try:
            d.check(list(t))
        except IllegalChoice:
            return
        out.append(t)

    legal = [o.id for o in d.options if o.legal]
    if d.min == 1 and d.max == 1:
        for i in legal:
            add((i,))
        return out
    if d.min == 0:
        add(())
    own = gamedef.heuristic(seat_ctx(ctx, d.player, f"coach-view:{seed}"), d)
    if own is not None:
        add(own)
    if d.default is not None:
        add((d.default,))
    for i in legal:
        add((i,))
    add(legal[:d.max])
    return out


class Search:
    """The playouts of one open decision, run a few at a time (`more`), read at any
    moment (`advice`): the board's coach runs it in the background and shows each
    advice as it grows; `advise` runs it to a budget at once.

    It starts from a copy of the position, so the game may go on meanwhile."""

    def __init__(self, gamedef: GameDef, ctx: Ctx, decision: Decision, seed: Any = 0,
                 horizon: int | None = None, answers: list[tuple[str, ...]] | None = None):
        self.gamedef = gamedef
        self.decision = decision
        self.seat = decision.player
        self.seed = seed
        self.horizon = horizon
        self._ctx = Ctx(gamedef, ctx.defs, ctx.state.copy())
        if answers is None:
            self.answers = candidates(gamedef, self._ctx, decision, seed)
        else:  # the answers to weigh, given (each checked: an illegal one is refused)
            self.answers = []
            for ids in answers:
                decision.check(list(ids))
                if tuple(ids) not in self.answers:
                    self.answers.append(tuple(ids))
        if not self.answers:
            raise TablekitError(f"the coach finds no legal answer to {decision.prompt!r}")
        n = len(self.answers)
        self.playouts = 0
        self._sums = [0.0] * n
        self._squares = [0.0] * n
        self._endings: list[Counter] = [Counter() for _ in range(n)]

    def more(self, n: int = 1) -> None:
        """Play `n` more playouts of every candidate answer."""
        for k in range(self.playouts, self.playouts + n):
            view = seat_state(self._ctx, self.seat, random.Random(f"coach:{self.seed}:{k}"))
            last = len(self.answers) - 1
            for i, ans in enumerate(self.answers):
                value, ending = self._playout(view if i == last else view.copy(), ans, k)
                self._sums[i] += value
                self._squares[i] += value * value
                self._endings[i][ending] += 1
        self.playouts += n

    def _playout(self, state: State, answer: tuple[str, ...], k: int) -> tuple[float, str]:
        gamedef, seat = self.gamedef, self.seat
        sim = gamedef.game_over_state(state)
        sim.choose(*answer)
        rnd = random.Random(f"coach-policy:{self.seed}:{k}")
        horizon = self.horizon
        while not sim.is_over:
            played = len(sim.history)
            if horizon is not None and played >= horizon:
                score = gamedef.evaluate(sim.ctx, seat)
                if score is not None:
                    return max(0.0, min(1.0, float(score))), "horizon"
                horizon = None  # the game scores no position: on to the end
            if played >= MAX_PLAYOUT_RECORDS:
                return 0.0, "unfinished"
            d = sim.pending
            if d is None:
                limit = MAX_PLAYOUT_RECORDS - played if horizon is None else horizon - played
                sim.run(until="decision", max_records=max(1, limit))
                continue
            ids = gamedef.heuristic(sim.ctx, d)
            if ids is None:
                ids = [d.suggested.id] if d.suggested is not None and d.min <= 1 <= d.max else random_answer(d, rnd)
            sim.choose(*ids)
        res = sim.result
        return result_value(gamedef, res.winners, seat), res.ending or "end"

    def advice(self) -> Advice:
        """The estimates so far, the best first (ties: the candidates' order)."""
        n = self.playouts
        rows = []
        for i, ans in enumerate(self.answers):
            mean = self._sums[i] / n if n else 0.0
            if n > 1:
                var = max(0.0, (self._squares[i] - n * mean * mean) / (n - 1))
                spread = Z95 * math.sqrt(var / n)
            else:
                spread = 1.0
            rows.append(Estimate(ans, self._label(ans), mean, spread, n, dict(self._endings[i])))
        order = sorted(range(len(rows)), key=lambda i: (-rows[i].mean, i))
        ranked = tuple(rows[i] for i in order)
        return Advice(self.seat, self.decision.prompt, ranked, self._why(ranked))

    def _label(self, answer: tuple[str, ...]) -> str:
        if not answer:
            return "none"
        return ", ".join(str(self.decision.option(i).label) for i in answer)

    def _why(self, ranked: tuple[Estimate, ...]) -> str:
        best = ranked[0]
        if best.playouts == 0:
            return "No playout has been played yet."
        n = best.playouts
        if self.gamedef.cooperative:
            text = f"{best.label} wins {pct(best.mean)} of its {n} playouts"
        else:
            text = f"{best.label} gets {pct(best.mean)} of a win on average over its {n} playouts"
        if len(ranked) == 1:
            return text + ": it is the only answer allowed."
        second = ranked[1]
        text += f", against {pct(second.mean)} for {second.label}"
        if best.mean - second.mean <= max(best.spread, second.spread):
            text += " (too close to call with these playouts)"
        # the way of ending whose share differs most between the two, if by 10 points or more
        shares = [(best.endings.get(e, 0) / n - second.endings.get(e, 0) / n, e)
                  for e in set(best.endings) | set(second.endings) if e not in ("horizon", "unfinished")]
        if shares:
            diff, ending = max(shares, key=lambda t: (round(abs(t[0]), 6), t[0] > 0, t[1]))
            if abs(diff) >= 0.10:
                words = self.gamedef.ending_words(ending) or ending
                a, b = best.endings.get(ending, 0) / n, second.endings.get(ending, 0) / n
                text += (f"; with it the playouts end {'more' if diff > 0 else 'less'} often this way: "
                         f"{words} ({pct(a)} against {pct(b)})")
        return text + "."


def pct(x: float) -> str:
    return f"{round(100 * x)}%"


def advise(gamedef: GameDef, ctx: Ctx, decision: Decision, playouts: int = DEFAULT_PLAYOUTS, seed: Any = 0,
           horizon: int | None = None, answers: list[tuple[str, ...]] | None = None) -> Advice:
    """The coach's advice on `decision` (open in the position of `ctx`) after `playouts`
    playouts of each candidate answer (or of each of `answers`, when given)."""
    if not isinstance(playouts, int) or isinstance(playouts, bool) or playouts < 1:
        raise TablekitError(f"the coach's playouts must be a whole number of at least 1, not {playouts!r}")
    search = Search(gamedef, ctx, decision, seed, horizon, answers)
    search.more(playouts)
    return search.advice()


def best_answer(gamedef: GameDef, ctx: Ctx, decision: Decision, playouts: int = DEFAULT_PLAYOUTS,
                seed: Any = 0, horizon: int | None = None) -> list[str]:
    """The coach bot's answer: the heuristic's own answer (from the seat's view; else the
    suggested option), unless the best estimate beats it by more than the wider of their
    two intervals' half widths: with few playouts, the best of several estimates is often
    best by chance, and the heuristic is kept until the playouts show otherwise. The
    only answer is taken without playouts."""
    search = Search(gamedef, ctx, decision, seed, horizon)
    if len(search.answers) == 1:
        return list(search.answers[0])
    own = gamedef.heuristic(seat_ctx(ctx, decision.player, f"coach-view:{seed}"), decision)
    if own is None and decision.default is not None and decision.min <= 1 <= decision.max:
        own = [decision.default]
    search.more(playouts)
    ranked = search.advice().estimates
    best = ranked[0]
    mine = next((e for e in ranked if own is not None and e.answer == tuple(own)), None)
    if mine is None or best.mean - mine.mean > max(best.spread, mine.spread):
        return list(best.answer)
    return list(mine.answer)
