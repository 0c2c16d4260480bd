"""A heuristic bot facing a decision with one legal answer (one pick) takes it without
building its seat's view or asking the game's heuristic: that answer is the only one the
heuristic could give. The records of heuristic games are unchanged by it
(benchmarks/records_digest.py-style digests were compared before and after)."""

from __future__ import annotations

import random

from tablekit.core.bots import answer
from tablekit.core.decision import Decision, Option


class NoHeuristic:
    def heuristic(self, ctx, d):
        raise AssertionError("the heuristic was asked")


def test_one_legal_answer_is_taken_without_the_heuristic():
    d = Decision("Ana", "Which?", [Option("a", "A"), Option("b", "B", legal=False, reason="no")])
    assert answer("heuristic", NoHeuristic(), None, d, random.Random(1)) == ["a"]


def test_several_legal_answers_or_a_multi_pick_still_ask_the_heuristic(monkeypatch):
    import pytest

    from tablekit.core import bots

    monkeypatch.setattr(bots, "SEAT_VIEW", False)  # no real game here: the context goes straight through
    two = Decision("Ana", "Which?", [Option("a", "A"), Option("b", "B")])
    many = Decision("Ana", "Which?", [Option("a", "A")], min=0, max=1)
    for d in (two, many):
        with pytest.raises(AssertionError, match="heuristic was asked"):
            answer("heuristic", NoHeuristic(), object(), d, random.Random(1))
