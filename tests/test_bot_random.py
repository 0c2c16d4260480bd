"""A bot's randomness at a record: `bots.record_random(seed, i)`, SplitMix64 from
the game's seed and the record's index (docs/core.md, "Bots and errors")."""

from __future__ import annotations

import random

import pytest
from token_toy import TokenToy, token_toy

import tablekit
from tablekit.core import Ask, Decision, Option, Sequence, bots, randomanswer, rng
from tablekit.core.engine import make_game
from tablekit.core.errors import IllegalChoice


def draws(rnd: random.Random) -> list:
    return [rnd.random(), rnd.getrandbits(70), rnd.randint(3, 9), rnd.choice("abcdefg"),
            rnd.sample(range(20), 4)]


def test_the_same_record_gives_the_same_numbers_and_another_record_others():
    assert draws(bots.record_random(7, 12)) == draws(bots.record_random(7, 12))
    assert draws(bots.record_random(7, 12)) != draws(bots.record_random(7, 13))
    assert draws(bots.record_random(7, 12)) != draws(bots.record_random(8, 12))
    rnd = bots.record_random(1, 1)
    first = draws(rnd)
    rnd.reseed(7, 12)  # one object moved to another record is that record's
    assert draws(rnd) == draws(bots.record_random(7, 12))
    rnd.reseed(1, 1)
    assert draws(rnd) == first


def test_its_numbers_are_in_range_and_spread():
    rnd = bots.record_random(3, 0)
    seen = [rnd.randrange(6) for _ in range(6000)]
    assert set(seen) == set(range(6))
    assert all(800 < seen.count(k) < 1200 for k in range(6))
    assert all(0.0 <= rnd.random() < 1.0 for _ in range(1000))
    assert all(0 <= rnd.getrandbits(5) < 32 for _ in range(1000))


def test_random_answers_through_it_are_legal():
    d = Decision("P1", "Pick two or three", [Option("a", "A"), Option("b", "B", False, "no"),
                                            Option("c", "C"), Option("d", "D")], min=2, max=3)
    for i in range(50):
        ids = bots.random_answer(d, bots.record_random(5, i))
        d.check(ids)
        assert "b" not in ids
    with pytest.raises(IllegalChoice):
        d.check(["b", "a"])


def test_run_answers_as_record_random_says():
    """Game.run's random bot at record i answers from record_random(seed, i): playing the
    same game by hand with those answers gives the same records."""
    g = tablekit.new_game("creatures", players=3, seed=11)
    g.run(until="end", bots="random")
    h = tablekit.new_game("creatures", players=3, seed=11)
    while not h.is_over:
        d = h.pending
        if d is None:
            h.step()
        else:
            h.choose(*bots.random_answer(d, bots.record_random(11, len(h.history))))
    assert [r.to_dict() for r in h.history] == [r.to_dict() for r in g.history]


def test_a_multi_pick_answer_is_the_first_draw_unless_a_validate_refuses_it():
    """Without a `validate`, the first draw of distinct legal picks is the answer
    (d.check could refuse none of them); a `validate` that refuses it is
    answered by drawing again."""
    opts = [Option(k, k.upper(), k != "b", "no" if k == "b" else "") for k in "abcdef"]
    legal = [o.id for o in opts if o.legal]
    plain = Decision("P1", "Pick one to three", opts, min=1, max=3)
    for i in range(40):
        assert bots.random_answer(plain, bots.record_random(6, i)) == randomanswer._some(
            bots.record_random(6, i), legal, 1, 3)
    fussy = Decision("P1", "Pick one to three", opts, min=1, max=3,
                     validate=lambda ids: "not a" if "a" in ids else None)
    redrawn = 0
    for i in range(40):
        ids = bots.random_answer(fussy, bots.record_random(6, i))
        fussy.check(ids)
        assert "a" not in ids
        redrawn += "a" in randomanswer._some(bots.record_random(6, i), legal, 1, 3)
    assert redrawn  # some first draws were refused and drawn again


@pytest.mark.parametrize("illegal", [(), ("b",), ("a", "c")])
def test_a_one_pick_answer_is_what_choice_picks_among_the_legal_options(illegal):
    """random_answer's one pick is `rnd.choice` of the legal ids, whether every
    option is legal (taken straight from the options) or some are not."""
    opts = [Option(k, k.upper(), k not in illegal, "no" if k in illegal else "") for k in "abcde"]
    d = Decision("P1", "Pick one", opts)
    legal = [o.id for o in opts if o.legal]
    for i in range(40):
        assert bots.random_answer(d, bots.record_random(9, i)) == [bots.record_random(9, i).choice(legal)]


def test_a_one_pick_decision_with_no_legal_option_is_an_error():
    d = Decision("P1", "Pick one", [Option("a", "A", False, "no")])
    with pytest.raises(tablekit.TablekitError, match="no legal answer"):
        bots.random_answer(d, bots.record_random(1, 0))


@pytest.mark.parametrize("make", [lambda i: bots.record_random(4, i), lambda i: random.Random(i)],
                         ids=["record_random", "Random"])
def test_a_multi_pick_answer_is_what_randint_then_sample_pick(make):
    """random_answer's multi-pick draw is `sample(legal, randint(min, max))`,
    whichever the size of the pool (up to 21 written out, beyond that by `sample`)."""
    for n in (1, 2, 5, 21, 22, 30):
        legal = [f"o{k}" for k in range(n)]
        for lo, hi in ((0, n), (1, min(n, 3)), (n, n), (0, 0)):
            for i in range(25):
                rnd = make(i)
                want = rnd.sample(legal, rnd.randint(lo, hi))
                assert randomanswer._some(make(i), legal, lo, hi) == want


def test_reseed_is_seed_state_of_the_record():
    """RecordRandom.reseed writes seed_state out: the state it sets is
    seed_state(seed * 1_000_003 + i), for small, large and negative numbers."""
    from tablekit.core import rng
    for seed, i in ((0, 0), (7, 12), (2**31 - 1, 99_999), (2**70, 3), (-5, 8)):
        rnd = bots.record_random(seed, i)
        assert rnd.getstate() == rng.seed_state(seed * 1_000_003 + i)
        rnd.reseed(seed + 1, i)
        assert rnd.getstate() == rng.seed_state((seed + 1) * 1_000_003 + i)


class CheckToy(TokenToy):
    """Three rounds of one decision of up to three picks among four, which
    refuses "a" with "d" (a `validate` that counts its calls)."""

    id = "checktoy"
    title = "Check toy"

    def __init__(self, card_file):
        super().__init__(card_file)
        self.validated = 0

    def decision(self, player: str) -> Decision:
        def refuse(ids) -> str | None:
            self.validated += 1
            return "not a with d" if "a" in ids and "d" in ids else None
        return Decision(player, "Pick", [Option(k, k.upper()) for k in "abcd"], min=0, max=3, validate=refuse)

    def build_flow(self):
        ask = Ask("Pick", lambda ctx: self.decision(ctx.state.player_names[0]),
                  lambda ctx, ids: f"{', '.join(ids) or 'nothing'} is picked.", "T")
        return Sequence("Toy", children=[Sequence(f"Round {k}", children=[ask]) for k in (1, 2, 3)])


def test_run_checks_a_random_answer_once(tmp_path):
    """Game.run applies the random bot's multi-pick answer without checking it a
    second time: the decision's `validate` runs only for random_answer's draws."""
    toy = token_toy(CheckToy, tmp_path)
    g = make_game(toy, ["A", "B"], seed=3)
    g.run(until="end", bots="random")
    during_run = toy.validated
    toy.validated = 0
    for rec in g.history:  # the same draws, outside the game
        assert list(rec.choice) == bots.random_answer(toy.decision("A"), bots.record_random(3, rec.index))
    assert len(g.history) == 3 and during_run == toy.validated
    assert not any("a" in r.choice and "d" in r.choice for r in g.history)


class StreamByDefinition(random.Random):
    """Record i's stream by its definition: SplitMix64 from seed_state(seed * 1_000_003 + i),
    every number drawn one at a time (what RecordRandom gives, its first draws in blocks)."""

    def __init__(self, seed: int, i: int):
        self.s = rng.seed_state(seed * 1_000_003 + i)
        self.gauss_next = None

    def _randbelow(self, n):
        self.s, r = rng.below(self.s, n)
        return r

    def random(self):
        self.s, r = rng.next_u64(self.s)
        return (r >> 11) * (1.0 / 9007199254740992.0)

    def getrandbits(self, k):
        out, have = 0, 0
        while have < k:
            self.s, r = rng.next_u64(self.s)
            out |= r << have
            have += 64
        return out & ((1 << k) - 1)

    def getstate(self):
        return self.s


def picks(rnd: random.Random, bounds) -> list:
    out = [rnd._randbelow(n) for n in bounds]
    return out + [rnd.getstate(), rnd.random(), rnd._randbelow(7), rnd.getstate()]


REJECTS = (1 << 63) + 1  # a bound whose limit rejects almost half of all draws


def test_record_random_draws_each_record_s_stream_whatever_the_order_of_records():
    """Moved from record to record (on, back, past a block of first draws, to another
    seed), one RecordRandom draws what each record's stream gives by its definition,
    the first number of a record included, rejected or not."""
    rnd = bots.RecordRandom()
    walk = [(5, i) for i in range(0, 150, 3)] + [(5, 7), (5, 6), (9, 6), (5, 200), (5, 63), (5, 64), (0, 0)]
    rejected = 0
    for k, (seed, i) in enumerate(walk):
        bounds = [(3, 52, REJECTS, 2)[k % 4]] + [5] * (k % 3)
        rnd.reseed(seed, i)
        assert picks(rnd, bounds) == picks(StreamByDefinition(seed, i), bounds)
        first = StreamByDefinition(seed, i)
        first._randbelow(bounds[0])
        rejected += first.getstate() != rng.seed_state(seed * 1_000_003 + i + 1)
    assert rejected > 2  # some first draws were rejected, and drew again
    for seed, i in walk[:20]:
        rnd.reseed(seed, i)
        assert draws(rnd) == draws(StreamByDefinition(seed, i))
        rnd.reseed(seed, i)
        assert rnd.getstate() == rng.seed_state(seed * 1_000_003 + i)


def test_an_object_made_for_one_record_draws_without_a_block(monkeypatch):
    """record_random(seed, i) answers one record: it never computes a block of first
    draws (64 records' worth), and draws what the record's stream gives; moved on
    with reseed, it reads first draws from a block."""
    blocks = []
    real = rng.bits_many
    monkeypatch.setattr(rng, "bits_many", lambda state, m: blocks.append(m) or real(state, m))
    rnd = bots.record_random(4, 9)
    assert picks(rnd, [5, 3]) == picks(StreamByDefinition(4, 9), [5, 3]) and blocks == []
    rnd.reseed(4, 10)
    assert picks(rnd, [5, 3]) == picks(StreamByDefinition(4, 10), [5, 3]) and blocks == [bots.FIRST_DRAWS]
