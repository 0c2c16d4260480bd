"""Decision.check: every answer it refuses, refused with its reason; one legal
pick (the common case, checked at once) still goes through `validate`."""

from __future__ import annotations

import pytest

from tablekit.core import Decision, IllegalChoice, Option


def _one(validate=None) -> Decision:
    return Decision("Ana", "Pick one", [Option("a", "A"), Option("b", "B", False, "B is spent")],
                    validate=validate)


def _some(validate=None) -> Decision:
    opts = [Option("a", "A"), Option("b", "B"), Option("c", "C", False, "C is spent")]
    return Decision("Ana", "Pick some", opts, min=0, max=2, validate=validate)


def test_one_legal_pick_passes():
    _one().check(("a",))
    _some().check(("a",))
    _some().check(("a", "b"))
    _some().check(())


@pytest.mark.parametrize("make,ids,words", [
    (_one, ("b",), "B: B is spent"),
    (_one, ("z",), "'z' is not an option here; the options are: a, b"),
    (_one, ("a", "a"), "the same option was chosen twice"),
    (_one, ("a", "b"), "Ana must choose exactly 1 option(s), not 2"),
    (_one, (), "Ana must choose exactly 1 option(s), not 0"),
    (_some, ("c",), "C: C is spent"),
    (_some, ("a", "b", "c"), "Ana must choose at most 2 option(s), not 3"),
    (_some, ("z",), "'z' is not an option here"),
])
def test_a_refused_answer_says_why(make, ids, words):
    with pytest.raises(IllegalChoice, match=words.replace("(", r"\(").replace(")", r"\)")):
        make().check(ids)


def test_a_single_pick_with_more_allowed_is_counted():
    d = Decision("Ana", "Pick two or three", [Option(k, k.upper()) for k in "abc"], min=2, max=3)
    with pytest.raises(IllegalChoice, match="between 2 and 3"):
        d.check(("a",))


@pytest.mark.parametrize("make,ids", [(_one, ("a",)), (_some, ("a",)), (_some, ("a", "b"))])
def test_validate_sees_every_legal_answer(make, ids):
    seen = []

    def validate(picks):
        seen.append(tuple(picks))
        return "not today"

    with pytest.raises(IllegalChoice, match="not today"):
        make(validate).check(ids)
    assert seen == [ids]
