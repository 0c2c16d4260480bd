"""The board's view model (tablekit/widgets/boardmodel.py): what one seat is sent,
and the check of what the browser sends back.

* Over seeded random games of every game, the model a seat (or a spectator) is
  sent never names a card that seat may not see: not as a uid, not as a card
  entry, not in an option; "everything" names them all, on purpose.
* Forged messages (an unknown id, an illegal option, a stale record, the wrong
  seat, a bot's decision, bad shapes) are refused with the reason in words and
  change nothing; a good one is read as the ids it names.
* Every counter a game declares shows somewhere in its games.
"""

from __future__ import annotations

import json
import random
from functools import lru_cache

import pytest
from test_generic import GAMES, hidden_from, new, snapshot, uid_pattern

import tablekit
from tablekit.core.bots import random_answer
from tablekit.widgets.boardmodel import CONTROLS, BoardMessageError, board_model, check_message

SEEDS = (0, 1, 2)
EVERY = 7  # records between two looks at the models


def played(game_id: str, seed: int, look) -> tablekit.Game:
    """A seeded random game; `look(g)` at its start, every EVERY records and at its end."""
    g = new(game_id, seed)
    rnd = random.Random(seed)
    look(g)
    while not g.is_over:
        d = g.pending
        g.choose(*random_answer(d, rnd)) if d is not None else g.step()
        if len(g.history) % EVERY == 0 or g.is_over:
            look(g)
    return g


def check_seat_model(g: tablekit.Game, seat: str | None) -> dict:
    model = board_model(g, seat)
    text = json.dumps(model)  # plain JSON, or this raises
    hidden = set(hidden_from(g.state, seat))
    assert not hidden & set(model["cards"]), f"{seat}: the model describes hidden cards"
    leaked = hidden & set(uid_pattern(g.state.cards).findall(text))
    d = g.pending
    if d is not None and not g.is_over and (seat == d.player or seat in (d.party or ())):
        # the deciding seat's own options may name cards the rule shows it for this choice
        # (Labyrinth's Architects: "P1's hand is open to you; choose the swap"): as ids only
        leaked -= {u for o in d.options for u in o.id.split(":")}
    assert not leaked, f"{seat} is sent the hidden cards {sorted(leaked)[:5]}"
    for z in model["zones"]:
        for u in z["cards"]:
            assert u is None or u in model["cards"], f"{seat}: {u} in {z['id']} has no entry"
        assert z["count"] == len(z["cards"]) == len(g.state.zones[z["id"]])
    d, pending = model["decision"], d
    if pending is not None and not g.is_over and seat != pending.player and seat not in (pending.party or ()):
        assert d == {"waiting_for": pending.player}, f"{seat} is sent {pending.player}'s decision"
    return model


@lru_cache(maxsize=None)
def survey(game_id: str) -> tuple[int, frozenset[str]]:
    """The seeded games of SEEDS played once per worker, every seat's model checked at
    each look (check_seat_model); how many looks, and the counter keys seen on the table."""
    looks, seen = [0], set()

    def look(g):
        for seat in [*g.players, None]:
            m = check_seat_model(g, seat)
            seen.update(t["key"] for t in m["table"])
            for p in m["players"]:
                seen.update(t["key"] for t in p["counters"])
            for c in m["cards"].values():
                seen.update(t["key"] for t in c["counters"])
        looks[0] += 1

    for seed in SEEDS:
        played(game_id, seed, look)
    return looks[0], frozenset(seen)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_seat_is_never_sent_a_card_it_may_not_see(game_id):
    looks, _ = survey(game_id)
    assert looks > 10


@pytest.mark.parametrize("game_id", GAMES)
def test_everything_describes_every_card_on_purpose(game_id):
    g = new(game_id, 0)
    g.run(until="decision")
    model = board_model(g, None, everything=True, show_empty=True)
    assert set(model["cards"]) == set(g.state.cards)
    assert all(u is not None for z in model["zones"] for u in z["cards"])
    assert model["decision"]["player"] == g.pending.player
    assert {o["id"] for o in model["decision"]["options"]} == {o.id for o in g.pending.options}


@pytest.mark.parametrize("game_id", GAMES)
def test_the_deciding_seat_gets_every_option_with_its_reason(game_id):
    g = new(game_id, 1)
    rnd = random.Random(1)
    while g.pending is None or all(o.legal for o in g.pending.options):
        d = g.pending
        g.choose(*random_answer(d, rnd)) if d is not None else g.step()
        assert not g.is_over, "no decision with an illegal option"
    d = g.pending
    model = check_seat_model(g, d.player)
    options = {o["id"]: o for o in model["decision"]["options"]}
    assert options.keys() == {o.id for o in d.options}
    for o in d.options:
        assert options[o.id]["legal"] == o.legal and options[o.id]["label"] == o.label
        if not o.legal:
            assert options[o.id]["reason"] == o.reason and o.reason
    assert sum(o["suggested"] for o in options.values()) == (d.suggested is not None)


def forged(g: tablekit.Game) -> list[tuple[object, str]]:
    """Messages that must be refused at this open decision, with a word of each reason."""
    d, n = g.pending, len(g.history)
    illegal = [o for o in d.options if not o.legal]
    legal = [o.id for o in d.legal]
    out: list[tuple[object, str]] = [
        ("choose", "object"), (["choose"], "object"), (None, "object"),
        ({"action": "choose", "ids": legal[:1], "record": n, "extra": 1}, "no field"),
        ({"action": "eval", "record": n}, "unknown board action"),
        ({"action": "choose", "ids": legal[:1]}, "record"),
        ({"action": "choose", "ids": legal[:1], "record": True}, "record"),
        ({"action": "choose", "ids": legal[:1], "record": n - 1}, "moved on"),
        ({"action": "choose", "ids": legal[:1], "record": n + 1}, "moved on"),
        ({"action": "choose", "ids": "x", "record": n}, "list"),
        ({"action": "choose", "ids": [1], "record": n}, "list"),
        ({"action": "choose", "ids": ["x"] * 65, "record": n}, "list"),
        ({"action": "choose", "ids": ["no-such-option"], "record": n}, "not an option"),
        ({"action": "choose", "ids": ["__class__"], "record": n}, "not an option"),
        ({"action": "step", "ids": [], "record": n}, "takes no ids"),
    ]
    if illegal:
        out.append(({"action": "choose", "ids": [illegal[0].id], "record": n}, illegal[0].reason))
    if legal:
        out.append(({"action": "choose", "ids": [legal[0], legal[0]], "record": n}, "twice"))
    if d.min > 0:
        out.append(({"action": "choose", "ids": [], "record": n}, "pick"))
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_forged_messages_are_refused_with_a_reason_and_change_nothing(game_id):
    g = new(game_id, 2)
    g.run(until="decision")
    d = g.pending
    before = snapshot(g)
    for message, words in forged(g):
        with pytest.raises(BoardMessageError) as exc:
            check_message(g, d.player, message)
        assert words.lower() in str(exc.value).lower(), (message, str(exc.value))
        assert snapshot(g) == before
    others = [p for p in g.players if p != d.player and p not in (d.party or ())]
    good = {"action": "choose", "ids": [d.legal[0].id] if d.max == 1 else [o.id for o in d.legal[:d.min]],
            "record": len(g.history)}
    for seat in [*others, None]:
        with pytest.raises(BoardMessageError, match="decides here"):
            check_message(g, seat, good)
    with pytest.raises(BoardMessageError, match="bot"):
        check_message(g, d.player, good, bots={d.player: "random"})
    assert check_message(g, d.player, good) == ("choose", tuple(good["ids"]))
    assert check_message(g, None, good, everything=True) == ("choose", tuple(good["ids"]))
    for control in CONTROLS:
        assert check_message(g, d.player, {"action": control, "record": len(g.history)}) == (control, ())
    assert snapshot(g) == before
    g.choose(*good["ids"])
    with pytest.raises(BoardMessageError, match="moved on"):  # the same click again is stale
        check_message(g, d.player, good)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_declared_counter_shows_on_the_table(game_id):
    info = tablekit.game_info(game_id)
    assert info.counters, f"{game_id} declares no counters"
    _, seen = survey(game_id)  # the same games as the hidden-card check, played once
    missing = {c.key for c in info.counters} - seen
    assert not missing, f"{game_id}: counters never shown: {missing}"


def test_the_board_doc_lists_what_each_game_declares():
    from pathlib import Path

    text = (Path(__file__).resolve().parents[1] / "docs" / "board.md").read_text(encoding="utf-8")
    table = text.split("<!-- counters table -->", 1)[1].split("<!-- end counters table -->", 1)[0]
    for gid in GAMES:
        info = tablekit.game_info(gid)
        row = "; ".join(f"`{c.key}` ({c.where}): {c.name}" for c in info.counters)
        assert f"| {info.title} | {row} |" in table, gid


def test_game_over_names_the_winners_and_the_result():
    g = new("creatures", 0)
    g.run(until="end", bots="random")
    model = board_model(g, g.players[0])
    assert model["decision"] is None
    over = model["over"]
    assert over["winners"] == g.result.winners and over["summary"] == g.result.summary()
    assert model["can"]["step"] is False


def test_an_unknown_seat_is_refused():
    g = new("lfg", 0)
    with pytest.raises(tablekit.TablekitError, match="no player named"):
        board_model(g, "Zed")
