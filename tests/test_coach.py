"""The coach (core/coach.py): estimates from playouts over the seat's view, deterministic,
blind to what the seat cannot see, never answering for anyone; and the coach bot."""
from __future__ import annotations

import random
import re

import pytest
from token_toy import TokenToy

import tablekit
from tablekit.core import Ask, Ctx, Decision, Option, Sequence, Step, bots
from tablekit.core.coach import Search, advise, best_answer, candidates, result_value
from tablekit.core.engine import Game, make_game
from tablekit.core.errors import TablekitError
from tablekit.core.seatview import hidden_pools


class Gamble(TokenToy):
    """One seat, a face-down pile of 2 gold and 8 lead, and one question: *safe* wins when
    a roll of 0-9 is below 7 (70%); *dig* wins when the pile's top card is gold (20%, the
    seat cannot see it); *pass* loses."""

    id = "gamble"
    title = "Gamble"
    min_players = 1
    default_players = 1
    cooperative = True

    def create_table(self, ctx: Ctx) -> None:
        ctx.state.add_zone("pile", None, "hidden")
        for i in range(10):
            ctx.state.add_card(f"{'gold' if i < 2 else 'lead'}#{i}", "gold" if i < 2 else "lead", "pile")
        ctx.shuffle("pile")

    def build_flow(self):
        def ask(ctx):
            return Decision(ctx.state.player_names[0], "Safe, dig or pass?",
                            [Option("safe", "Play safe"), Option("dig", "Dig"), Option("pass", "Pass")])

        def resolve(ctx, ids):
            me = ctx.state.player_names[0]
            if ids[0] == "safe":
                won = ctx.randbelow(10) < 7
            elif ids[0] == "dig":
                won = ctx.state.cards[ctx.zone("pile")[-1]]["card"] == "gold"
            else:
                won = False
            ctx.end_game("won" if won else "lost", "the bet came good" if won else "the bet failed",
                         [me] if won else [])
            return f"{me} chose {ids[0]}."
        return Sequence("Gamble", children=[Ask("Bet", ask, resolve, "T")])

    endings = {"won": "the bet came good", "lost": "the bet failed"}


@pytest.fixture
def gamble(tmp_path):
    card_file = tmp_path / "gamble.yaml"
    card_file.write_text("format_version: 1\ngame: gamble\ncards:\n"
                         "  - {id: gold, name: Gold, text: Gold.}\n  - {id: lead, name: Lead, text: Lead.}\n",
                         encoding="utf-8")
    return Gamble(card_file)


class LongGamble(Gamble):
    """The bet, then six waiting steps, then the end: only *pass* wins there. Its score
    of a position (`evaluate`) says otherwise: *safe* looks sure, the rest hopeless."""

    id = "longgamble"

    def build_flow(self):
        def ask(ctx):
            return Decision(ctx.state.player_names[0], "Safe, dig or pass?",
                            [Option("safe", "Play safe"), Option("dig", "Dig"), Option("pass", "Pass")])

        def bet(ctx, ids):
            ctx.extra["bet"] = ids[0]
            return f"{ctx.state.player_names[0]} chose {ids[0]}."

        def end(ctx):
            me = ctx.state.player_names[0]
            won = ctx.extra["bet"] == "pass"
            ctx.end_game("won" if won else "lost", "the bet came good" if won else "the bet failed",
                         [me] if won else [])
            return "The bet is settled."
        waits = [Step(f"Wait {i}", lambda ctx: "Time passes.", "Time passes.", "T") for i in range(6)]
        return Sequence("Gamble", children=[Ask("Bet", ask, bet, "T"), *waits, Step("End", end, "Settle.", "T")])

    def evaluate(self, ctx: Ctx, seat: str) -> float:
        return 1.0 if ctx.extra.get("bet") == "safe" else 0.0


def test_a_horizon_stops_the_playouts_and_the_game_scores_where_they_stopped(tmp_path):
    card_file = tmp_path / "gamble.yaml"
    card_file.write_text("format_version: 1\ngame: longgamble\ncards:\n"
                         "  - {id: gold, name: Gold, text: Gold.}\n  - {id: lead, name: Lead, text: Lead.}\n",
                         encoding="utf-8")
    toy = LongGamble(card_file)
    g = make_game(toy, ["Ana"], seed=4)
    # to the end, only pass wins; stopped after 3 records, the score prefers safe
    full = advise(toy, g.ctx, g.pending, playouts=4)
    assert full.best.label == "Pass" and full.best.endings == {"won": 4}
    short = advise(toy, g.ctx, g.pending, playouts=4, horizon=3)
    assert short.best.label == "Play safe" and short.best.mean == 1.0 and short.best.endings == {"horizon": 4}
    # the coach bot (and the board's coach) take the game's own horizon
    assert toy.coach_horizon is None
    g.run(bots="coach:4")
    assert g.history[0].choice == ("pass",)
    toy.coach_horizon = 3
    g = make_game(toy, ["Ana"], seed=4)
    g.run(bots="coach:4")
    assert g.history[0].choice == ("safe",)


def test_the_coach_finds_the_better_bet_and_sees_no_hidden_card(gamble):
    g = make_game(gamble, ["Ana"], seed=4)
    advice = advise(g.gamedef, g.ctx, g.pending, playouts=400, seed=1)
    by = {e.answer: e for e in advice.estimates}
    assert advice.best.answer == ("safe",) and [e.answer for e in advice.estimates][-1] == ("pass",)
    assert abs(by[("safe",)].mean - 0.7) <= by[("safe",)].spread + 0.02
    assert abs(by[("dig",)].mean - 0.2) <= by[("dig",)].spread + 0.02    # the pile's odds, not its top card
    assert by[("pass",)].mean == 0 and by[("safe",)].playouts == 400
    assert re.match(r"Play safe wins \d+% of its 400 playouts, against \d+% for Dig; with it the playouts end "
                    r"more often this way: the bet came good", advice.why), advice.why
    assert by[("safe",)].words().endswith("400 playouts") and "±" in by[("safe",)].words()
    # whatever the top card is, the estimate of digging is the same
    top = g.state.zones["pile"][-1]
    other = next(u for u in g.state.zones["pile"] if g.state.cards[u]["card"] != g.state.cards[top]["card"])
    h = make_game(gamble, ["Ana"], seed=4)
    h.state.cards[top]["card"], h.state.cards[other]["card"] = h.state.cards[other]["card"], h.state.cards[top]["card"]
    again = advise(h.gamedef, h.ctx, h.pending, playouts=400, seed=1)
    assert again.estimates == advice.estimates


def test_the_same_seed_gives_the_same_estimates_and_another_seed_others(gamble):
    g = make_game(gamble, ["Ana"], seed=4)
    a = advise(g.gamedef, g.ctx, g.pending, playouts=30, seed=1)
    assert advise(g.gamedef, g.ctx, g.pending, playouts=30, seed=1) == a
    assert advise(g.gamedef, g.ctx, g.pending, playouts=30, seed=2) != a


def test_the_coach_changes_nothing_in_the_game(gamble):
    g = tablekit.new_game("mirkwood", seed=2)
    g.run(until="decision")
    d = g.pending
    before, default, records = g.state.to_json(), d.default, len(g.history)
    advise(g.gamedef, g.ctx, d, playouts=2, seed=0)
    assert g.state.to_json() == before and d.default == default and len(g.history) == records
    assert g.pending is d


def test_a_search_grows_and_reads_at_any_moment(gamble):
    g = make_game(gamble, ["Ana"], seed=4)
    s = Search(g.gamedef, g.ctx, g.pending, seed=3)
    assert s.advice().why == "No playout has been played yet."
    s.more(5)
    s.more(5)
    assert s.playouts == 10 and s.advice() == advise(g.gamedef, g.ctx, g.pending, playouts=10, seed=3)


@pytest.mark.parametrize("game_id", ["mirkwood", "foehunters"])
def test_hidden_cards_exchanged_within_their_pool_leave_the_estimates_unchanged(game_id):
    g = tablekit.new_game(game_id, seed=6)
    g.run(bots="random", max_records=60)
    g.run(until="decision")
    seat = g.pending.player
    pool = max(hidden_pools(g.ctx, seat).values(), key=len)
    a, b = next((a, b) for i, a in enumerate(pool) for b in pool[i + 1:]
                if g.state.cards[a]["card"] != g.state.cards[b]["card"])
    first = advise(g.gamedef, g.ctx, g.pending, playouts=3, seed=5, horizon=None)
    h = g.fork()
    h.state.cards[a]["card"], h.state.cards[b]["card"] = h.state.cards[b]["card"], h.state.cards[a]["card"]
    h.ctx.reindex()
    assert advise(h.gamedef, h.ctx, h.pending, playouts=3, seed=5) == first


def test_the_candidates_are_legal_answers_and_every_single_option_is_weighed():
    g = tablekit.new_game("mirkwood", seed=2)
    while g.pending is None or g.pending.kind != "commit":
        g.step() if g.pending is None else g.choose(*bots.record_answer("heuristic", g.gamedef, g.ctx, g.pending,
                                                                         2, len(g.history)))
    d = g.pending
    found = candidates(g.gamedef, g.ctx, d)
    for ids in found:
        d.check(list(ids))
    assert () in found and all((o.id,) in found for o in d.legal)
    assert tuple(o.id for o in d.legal)[:d.max] in found


def test_a_result_is_worth_a_win_to_each_of_a_co_op_party_and_a_share_in_a_competition():
    mk, cc = tablekit.game_info("mirkwood"), tablekit.game_info("creatures")
    assert result_value(mk, ["P1", "P2"], "P2") == 1.0 and result_value(mk, [], "P1") == 0.0
    assert result_value(cc, ["P1", "P2"], "P2") == 0.5 and result_value(cc, ["P1"], "P2") == 0.0


def test_a_game_over_a_state_plays_on_but_has_no_way_back(gamble):
    g = make_game(gamble, ["Ana"], seed=4)
    sim = Game.over_state(gamble, g.state.copy())
    assert sim.pending.prompt == "Safe, dig or pass?" and not sim.watched and sim.history == []
    sim.choose("pass")
    assert sim.is_over and sim.result.winners == []
    with pytest.raises(TablekitError, match="no way back"):
        sim.undo()
    assert not g.is_over


def test_the_coach_bot_plays_by_name_with_its_budget(gamble):
    g = make_game(gamble, ["Ana"], seed=4)
    g.run(bots="coach:40")
    assert g.history[0].choice == ("safe",) or list(g.history[0].choice) == ["safe"]
    assert best_answer(gamble, make_game(gamble, ["Ana"], seed=4).ctx,
                       make_game(gamble, ["Ana"], seed=4).pending, playouts=40) == ["safe"]
    assert bots.kind_budget("coach") == ("coach", bots.COACH_PLAYOUTS)
    assert bots.kind_budget("coach:64") == ("coach", 64)
    for bad in ("coach:0", "coach:x", "coach:", "Coach", "coach:1000000", "coach:٣"):
        assert bots.kind_budget(bad) is None
        with pytest.raises(TablekitError, match="coach:N"):
            g.run(bots=bad)


def test_simulate_takes_the_coach_bot():
    df = tablekit.simulate("creatures", games=1, players=2, bots=["coach:1", "heuristic"], workers=1, seed=3)
    assert len(df) == 1


def test_the_coach_draws_its_views_from_the_seat_only(monkeypatch):
    """The coach's playouts start from seat_state of the deciding seat, never the state."""
    from tablekit.core import coach

    seen = []
    real = coach.seat_state

    def spy(ctx, seat, rnd: random.Random):
        seen.append(seat)
        return real(ctx, seat, rnd)

    monkeypatch.setattr(coach, "seat_state", spy)
    g = tablekit.new_game("creatures", seed=2)
    g.run(until="decision")
    advise(g.gamedef, g.ctx, g.pending, playouts=2)
    assert seen == [g.pending.player] * 2


def test_the_stability_benchmark_judges_a_decision_by_its_tenfold_re_estimate(gamble, monkeypatch):
    """benchmarks/coach_stability.py on the toy (safe 70%, dig 20%, pass 0%): the best
    answer at 8 playouts is safe, which the tenfold re-estimate also puts first, so the
    advice is stable; with a threshold no gap can meet it is not, and the report lists it."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "benchmarks" / "coach_stability.py"
    monkeypatch.syspath_prepend(str(path.parent))  # its sampled_decisions.py beside it
    spec = importlib.util.spec_from_file_location("coach_stability_bench", path)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    for seed in range(4):
        g = make_game(gamble, ["Ana"], seed=seed)
        row = bench.judge(g, g.pending, 8, seed, 5.0)
        assert (row["answers"], row["best"], row["tenfold_best"]) == (3, ["safe"], ["safe"])
        assert row["gap_points"] == 0 and row["stable"]
        assert "80 playouts" in row["tenfold_top"]
        strict = bench.judge(g, g.pending, 8, seed, -1.0)
        assert strict["gap_points"] == 0 and not strict["stable"]
    res = {"game": "gamble", "games": 1, "playouts": 8, "tenfold": 80, "cpu_s": 1.0, "rows": [row, strict]}
    lines = bench.report(res)
    assert lines[0].startswith("gamble      2 decisions from 1 games, 8 playouts then 80: stable in 1 (50.0%")
    assert len(lines) == 2 and lines[1].startswith("    unstable: seed 3 record 0 ")
    # a game whose coach stops at a horizon keeps its results apart from playouts to the end
    assert bench.result_file("creatures", 8).name == "coach_stability-creatures-8.json"
    assert bench.result_file("mirkwood", 8).name == "coach_stability-mirkwood-8-h90.json"
