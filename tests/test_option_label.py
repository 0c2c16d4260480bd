"""An option's words written when first read: a `(function, *args)` tuple or a
`Later` as `Option.label` (docs/core.md, "Decisions")."""

from __future__ import annotations

import pytest

from tablekit.core import Decision, IllegalChoice, Later, Option


def _counted():
    calls = []

    def words(name: str, health: int) -> str:
        calls.append((name, health))
        return f"Play {name} ({health} health)"

    return words, calls


def test_tuple_label_is_written_on_first_read_and_only_once():
    words, calls = _counted()
    o = Option("play:7H", (words, "7♥", 7))
    assert calls == []  # made, not written
    assert o.label == "Play 7♥ (7 health)"
    assert o.label == "Play 7♥ (7 health)"
    assert calls == [("7♥", 7)]


def test_lazy_label_reads_as_the_plain_one_everywhere():
    words, _ = _counted()
    lazy = Option("play:7H", (words, "7♥", 7), False, "not your turn")
    plain = Option("play:7H", "Play 7♥ (7 health)", False, "not your turn")
    assert lazy == plain and hash(lazy) == hash(plain)
    assert lazy.to_dict() == plain.to_dict()
    assert repr(lazy) == repr(plain)


def test_later_label_and_setter():
    o = Option("a", Later(lambda: "Attack 9♣"))
    assert o.label == "Attack 9♣"
    o.label = "Attack 9♣ (4 left)"
    assert o.label == "Attack 9♣ (4 left)"


def test_refusal_names_the_lazy_label():
    words, _ = _counted()
    d = Decision("Ana", "Play a follower", [Option("play:7H", (words, "7♥", 7), False, "your hand is full"),
                                            Option("pass", "Play none")])
    with pytest.raises(IllegalChoice) as e:
        d.check(("play:7H",))
    assert e.value.reason == "Play 7♥ (7 health): your hand is full"
    assert d.to_dict()["options"][0][1] == "Play 7♥ (7 health)"

