"""`Ask(when=...)`: a cheap test that keeps `ask` from being called where the
decision cannot arise, for an automatic (auto_forced) decision as for any; and
the compiled flow (each node's own settle, `GameDef.settle_plan`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from token_toy import TokenToy, token_toy

from tablekit.core import Ask, Ctx, Decision, Loop, Option, Sequence, Step
from tablekit.core.engine import make_game
from tablekit.core.flow import PUSH


class WhenToy(TokenToy):
    """One automatic decision with `when`, then one asked decision with `when`."""

    id = "whentoy"
    title = "When toy"

    def __init__(self, card_file: Path, forced_when: bool, asked_when: bool, forced_options: int = 1):
        super().__init__(card_file)
        self.forced_when, self.asked_when, self.forced_options = forced_when, asked_when, forced_options
        self.asked: list[str] = []  # which ask functions ran

    def ask_forced(self, ctx: Ctx) -> Decision | None:
        self.asked.append("forced")
        opts = [Option(f"o{k}", f"Option {k}") for k in range(self.forced_options)]
        return Decision(ctx.state.player_names[0], "Forced?", opts) if opts else None

    def ask_open(self, ctx: Ctx) -> Decision:
        self.asked.append("open")
        return Decision(ctx.state.player_names[0], "Open?", [Option("a", "A"), Option("b", "B")])

    def build_flow(self):
        return Sequence("Toy", children=[
            Ask("Forced", self.ask_forced, lambda ctx, ids: f"{ids[0]} is applied.", "T", auto_forced=True,
                when=lambda ctx: self.forced_when),
            Ask("Open", self.ask_open, lambda ctx, ids: f"{ids[0]} is chosen.", "T",
                when=lambda ctx: self.asked_when),
            Step("End", lambda ctx: "The toy ends.", "", "T"),
        ])


def _toy(tmp_path: Path, **kw) -> WhenToy:
    return token_toy(WhenToy, tmp_path, **kw)


def test_a_false_when_skips_an_automatic_decision_without_building_it(tmp_path):
    toy = _toy(tmp_path, forced_when=False, asked_when=False)
    g = make_game(toy, ["A", "B"], seed=1)
    g.run(until="end")
    assert toy.asked == []
    assert [r.text for r in g.history] == ["The toy ends."]


def test_a_true_when_lets_an_automatic_decision_be_forced(tmp_path):
    toy = _toy(tmp_path, forced_when=True, asked_when=False)
    g = make_game(toy, ["A", "B"], seed=1)
    g.run(until="end")
    assert "forced" in toy.asked and "open" not in toy.asked
    assert g.history[0].text == "o0 is applied. (the only legal choice)"


def test_with_a_true_when_ask_still_decides_an_automatic_decision(tmp_path):
    # the automatic decision's `when` holds, but ask() finds no option: it does not arise
    toy = _toy(tmp_path, forced_when=True, asked_when=False, forced_options=0)
    g = make_game(toy, ["A", "B"], seed=1)
    g.run(until="end")
    assert [r.text for r in g.history] == ["The toy ends."]


def test_an_automatic_decision_with_two_options_is_asked(tmp_path):
    toy = _toy(tmp_path, forced_when=True, asked_when=False, forced_options=2)
    g = make_game(toy, ["A", "B"], seed=1)
    assert g.pending is not None and g.pending.prompt == "Forced?"


def test_an_asked_decision_is_built_only_when_looked_at(tmp_path):
    toy = _toy(tmp_path, forced_when=False, asked_when=True)
    g = make_game(toy, ["A", "B"], seed=1)
    assert toy.asked == []  # the cursor stands at the decision, not built yet
    assert g.pending.prompt == "Open?" and toy.asked == ["open"]


def test_an_automatic_decision_is_built_once_for_its_forced_step(tmp_path):
    """The decision the settle built to see that it is forced is the one the step applies."""
    toy = _toy(tmp_path, forced_when=True, asked_when=False)
    g = make_game(toy, ["A", "B"], seed=1)
    g.run(until="end")
    assert toy.asked.count("forced") == 1


class CountToy(TokenToy):
    """Steps and a decision in a sequence, each `when` counting its calls and
    noting the phase it is asked in."""

    id = "counttoy"
    title = "Count toy"

    def __init__(self, card_file: Path):
        super().__init__(card_file)
        self.calls: list[tuple[str, str | None]] = []

    def when(self, name: str, holds: bool):
        def test(ctx: Ctx) -> bool:
            self.calls.append((name, ctx.phase()))
            return holds
        return test

    def build_flow(self):
        return Sequence("Toy", children=[
            Step("Skipped", lambda ctx: "never", "", "T", when=self.when("Skipped", False)),
            Step("Held", lambda ctx: "Held applies.", "", "T", when=self.when("Held", True)),
            Step("Phase", lambda ctx: "Phase applies.", "", "T", when=self.when("Phase", True), level="phase"),
            Ask("Skipped ask", lambda ctx: None, lambda ctx, ids: "never", "T",
                when=self.when("Skipped ask", False)),
            Ask("Open", lambda ctx: Decision("A", "Open?", [Option("a", "A")]),
                lambda ctx, ids: "a is chosen.", "T", when=self.when("Open", True)),
            Step("End", lambda ctx: "The toy ends.", "", "T"),
        ])


def test_each_when_is_asked_once_and_a_phase_sees_itself(tmp_path):
    """A Sequence passes over a Step or an Ask whose `when` is false, and enters one
    whose `when` holds, asking each `when` once; a node of level "phase" is entered
    before its `when` is asked, so `ctx.phase()` there is its own name."""
    toy = token_toy(CountToy, tmp_path)
    g = make_game(toy, ["A", "B"], seed=1)
    assert g.cursor == ("Toy", "Held")
    g.step()
    assert g.cursor == ("Toy", "Phase")
    g.step()
    assert g.cursor == ("Toy", "Open") and g.pending.prompt == "Open?"
    g.choose("a")
    g.step()
    assert g.is_over
    assert [r.text for r in g.history] == ["Held applies.", "Phase applies.", "a is chosen.", "The toy ends."]
    assert toy.calls == [("Skipped", None), ("Held", None), ("Phase", "Phase"), ("Skipped ask", None),
                         ("Open", None)]


def test_index_flow_flags_the_children_a_sequence_passes_over_by_their_when():
    """`Sequence.skips`: a Step or an Ask (not a subclass) with a `when`, of no level phase."""
    from tablekit.core.flow import Loop, index_flow

    class MyStep(Step):
        pass

    def yes(ctx):
        return True

    kids = [Step("a", lambda ctx: "A", when=yes), Step("b", lambda ctx: "B"),
            Step("c", lambda ctx: "C", when=yes, level="phase"), MyStep("d", lambda ctx: "D", when=yes),
            Ask("e", lambda ctx: None, lambda ctx, ids: "E", when=yes),
            Loop("f", Step("g", lambda ctx: "G"), until=yes)]
    root = Sequence("root", children=kids)
    index_flow(root)
    assert root.skips == (True, False, False, False, True, False)


class LoopToy(TokenToy):
    """Rounds (a round loop) of a tick each, then a loop that never runs."""

    id = "looptoy"
    title = "Loop toy"
    per_round = {"ticks": 0}

    def __init__(self, card_file: Path):
        super().__init__(card_file)
        self.seen: list[tuple[int, int, bool]] = []  # each tick: the pass, the round's ticks, a round use left

    def tick(self, ctx: Ctx) -> str:
        data = ctx.this("round")
        self.seen.append((ctx.count("Rounds"), data["ticks"], "_used_round" in ctx.state.extra))
        data["ticks"] += 1
        ctx.state.extra["_used_round"] = ["token:0"]  # as a once-per-round use records itself
        return f"Tick {ctx.count('Rounds')}."

    def build_flow(self):
        return Sequence("Toy", children=[
            Loop("Rounds", Step("Tick", self.tick, "", "T"), until=lambda ctx: ctx.count("Rounds") >= 3,
                            label="Round {n}", level="round"),
            Loop("Never", Step("Nothing", lambda ctx: "Nothing.", "", "T"), until=lambda ctx: True),
            Step("End", lambda ctx: "The toy ends.", "", "T"),
        ])


@pytest.mark.parametrize("watched", [True, False], ids=["watched", "fast"])
def test_a_round_loop_starts_each_pass_fresh(tmp_path, watched):
    toy = token_toy(LoopToy, tmp_path)
    g = make_game(toy, ["Ana", "Bo"], seed=1)
    g.watched = watched
    g.run(until="end")
    # each round starts with fresh round data and no round use left over
    assert toy.seen == [(1, 0, False), (2, 0, False), (3, 0, False)]
    assert [r.text for r in g.history] == ["Tick 1.", "Tick 2.", "Tick 3.", "The toy ends."]
    assert [r.path for r in g.history][:3] == [("Toy", "Round 1", "Tick"), ("Toy", "Round 2", "Tick"),
                                               ("Toy", "Round 3", "Tick")]


class Gate(Step):
    """A Step of a subclass that settles its own way: shut, it is passed over."""

    shut = True

    def settle(self, ctx, frame):
        from tablekit.core.flow import POPPED, READIED
        return POPPED if self.shut else READIED


class GateToy(TokenToy):
    id = "gatetoy"
    title = "Gate toy"

    def build_flow(self):
        return Sequence("Toy", children=[
            Gate("Gate", lambda ctx: "The gate opens.", "", "T"),
            Step("End", lambda ctx: "The toy ends.", "", "T"),
        ])


@pytest.mark.parametrize("shut", [True, False])
def test_the_plan_settles_each_node_by_its_own_class(tmp_path, shut):
    """The compiled plan is each node's own settle: a plain Step without `when` is
    entered as ready (its settle known at entry), a subclass's own settle is asked."""
    from tablekit.core.flow import READY

    toy = token_toy(GateToy, tmp_path)
    root, gate, end = toy.nodes
    assert toy.settle_plan == [root.settle_in_order, gate.settle, end.settle]  # no child to pass over
    assert root.entered == ((PUSH, gate), (PUSH, end, READY))  # the Gate's own settle decides
    Gate.shut = shut
    try:
        g = make_game(toy, ["A", "B"], seed=1)
        g.run(until="end")
    finally:
        Gate.shut = True
    assert [r.text for r in g.history] == (["The toy ends."] if shut else ["The gate opens.", "The toy ends."])
