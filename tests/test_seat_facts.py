"""Each game's seat facts (`GameDef.seat_facts`): what a seat played as, for the
balance lab. For every game, at each player count, seeded random games: right
after setup, in the middle and at the end, every seat has the game's keys, each
value is short text, an int or a bool, and every fact is true of the position
(read here straight from the zones and cards, not through the game's helpers)."""

from __future__ import annotations

import json
from typing import Any, Callable

import pytest

import tablekit
from tablekit.core import Ctx
from tablekit.games.foehunters import table as FT
from tablekit.games.mirkwood import table as MT

SEEDS = (0, 1, 2)
MAX_RECORDS = 20_000
KEYS = {
    "creatures": {"hero", "first"},
    "lfg": {"defence", "support", "damage", "scoundrels"},
    "labyrinth": {"retinues", "retinue_count", "first"},
    "foehunters": {"hero", "foe"},
    "mirkwood": {"heroes", "deck"},
}


def counts(game_id: str) -> list[int]:
    info = tablekit.game_info(game_id)
    return [n for n in range(info.min_players, info.max_players + 1)
            if info.check_players(n, info.default_variant(n)) is None]


CASES = [(g, n, s) for g in KEYS for n in counts(g) for s in SEEDS]


def new(game_id: str, n: int, seed: int, **options: Any) -> tablekit.Game:
    opts = {**tablekit.game_info(game_id).safety_options(), **options}
    return tablekit.new_game(game_id, players=n, seed=seed, options=opts)


def facts(g: tablekit.Game) -> dict[str, dict[str, Any]]:
    """The facts, checked to leave the state exactly as it was."""
    before = g.state.to_json()
    out = g.gamedef.seat_facts(g.ctx)
    assert g.state.to_json() == before, "seat_facts changed the state"
    return out


def past_setup(g: tablekit.Game) -> None:
    """Play (random bots) until the first record after the flow's setup node."""
    setup = g.flow.children[0].name
    while not g.is_over:
        g.run(bots="random", max_records=1)
        if g.history and g.history[-1].path[0] != setup:
            return
    raise AssertionError("the game ended during its setup")


def check_shape(g: tablekit.Game, found: dict[str, dict[str, Any]]) -> None:
    assert set(found) == set(g.players)
    for p, fs in found.items():
        assert set(fs) == KEYS[g.id], p
        for k, v in fs.items():
            assert type(v) in (str, int, bool), (p, k, v)
            if isinstance(v, str):
                assert len(v) <= 80 and "\n" not in v, (p, k, v)
    json.dumps(found)  # plain data, as a DataFrame's cells


# -- what each fact means, read straight from the position --------------------------

def creatures_truth(ctx: Ctx, found: dict[str, dict[str, Any]], started: bool) -> None:
    for p, fs in found.items():
        kings = [u for u in ctx.zone(f"{p}/hero") if ctx.defn(u).kind == "hero"]
        assert fs["hero"] == (ctx.defn(kings[0])["hero"] if kings else "")
        assert fs["first"] is (ctx.extra["first"] == p)
        if started:
            assert fs["hero"] in ("Fighter", "Wizard", "Priest", "Thief")
    if started:
        assert sum(fs["first"] for fs in found.values()) == 1
        heroes = [fs["hero"] for fs in found.values()]
        assert len(set(heroes)) == len(heroes)  # one King each


def lfg_truth(ctx: Ctx, found: dict[str, dict[str, Any]], started: bool) -> None:
    for p, fs in found.items():
        party = ctx.zone(f"{p}/party")
        for role in ("defence", "support", "damage"):
            assert fs[role] == sum(1 for u in party if role in ctx.defn(u)["roles"]), (p, role)
        assert fs["scoundrels"] == sum(1 for u in party if "scoundrel" in ctx.defn(u).traits)


def labyrinth_truth(ctx: Ctx, found: dict[str, dict[str, Any]], started: bool) -> None:
    for p, fs in found.items():
        got = ctx.extra["gathered"].get(p, [])
        names = fs["retinues"].split("+") if fs["retinues"] else []
        assert names == sorted(got) and fs["retinue_count"] == len(got)
        assert all(ctx.defn(r).kind == "retinue" for r in names)
        assert fs["first"] is (ctx.extra["first"] == p)
    if started:
        assert sum(fs["first"] for fs in found.values()) == 1


def foehunters_truth(ctx: Ctx, found: dict[str, dict[str, Any]], started: bool) -> None:
    foe_cards = ctx.zone(FT.FOE_CARD)
    for p, fs in found.items():
        hero_cards = [u for u in ctx.zone(FT.hero_zone(p)) if ctx.defn(u).kind == "hero"]
        if started:
            assert len(hero_cards) == 1 and len(foe_cards) == 1
            assert fs["hero"] == ctx.defn(hero_cards[0])["hero"]
            assert fs["foe"] == ctx.defn(foe_cards[0])["foe"]
    assert len({fs["foe"] for fs in found.values()}) == 1  # one foe for the whole party
    if started:
        heroes = [fs["hero"] for fs in found.values()]
        assert len(set(heroes)) == len(heroes)


def mirkwood_truth(ctx: Ctx, found: dict[str, dict[str, Any]], started: bool) -> None:
    for p, fs in found.items():
        mine = sorted(ctx.defn(u).id for z, info in ctx.state.zone_info.items() if info["owner"] == p
                      for u in ctx.zone(z) if ctx.defn(u).kind == "hero")
        assert fs["heroes"] == "+".join(mine)
        assert fs["deck"] == ctx.state.options.get("deck", "starter")
        if started:
            seat = ctx.players.index(p)
            dealt, _ = MT.seat_party(len(ctx.players), seat, bool(ctx.state.options.get("allow_duplicate_heroes")))
            assert fs["heroes"] == "+".join(sorted(dealt))


TRUTH: dict[str, Callable[[Ctx, dict, bool], None]] = {
    "creatures": creatures_truth, "lfg": lfg_truth, "labyrinth": labyrinth_truth,
    "foehunters": foehunters_truth, "mirkwood": mirkwood_truth,
}


def check(g: tablekit.Game, started: bool) -> dict[str, dict[str, Any]]:
    found = facts(g)
    check_shape(g, found)
    TRUTH[g.id](g.ctx, found, started)
    return found


# -- the tests ------------------------------------------------------------------------

def test_every_registered_game_declares_its_facts() -> None:
    """A new game that gives no facts fails here: add it to KEYS and TRUTH."""
    assert set(tablekit.games()) == set(KEYS)


@pytest.mark.parametrize("game_id,n,seed", CASES)
def test_facts_after_setup_midway_and_at_the_end(game_id: str, n: int, seed: int) -> None:
    g = new(game_id, n, seed)
    check(g, started=False)  # before any rule: the keys are already there
    past_setup(g)
    check(g, started=True)
    g.run(bots="random", max_records=len(g.history) + 1)  # as many records again: a point mid-game
    check(g, started=True)
    g.run(bots="random", max_records=MAX_RECORDS)
    assert g.is_over
    end = check(g, started=True)
    ending_truth(g, end)


def ending_truth(g: tablekit.Game, end: dict[str, dict[str, Any]]) -> None:
    """What the end shows agrees with the facts."""
    res = g.result
    if g.id == "labyrinth":
        for p in g.players:
            assert end[p]["retinue_count"] == (res.scores.get(p, end[p]["retinue_count"]))
        if res.ending == "third_retinue":
            assert [end[w]["retinue_count"] for w in res.winners] == [3]
    if g.id == "lfg" and res.winners:
        for w in res.winners:  # a winning party is complete: every role has a hero
            assert min(end[w][r] for r in ("defence", "support", "damage")) >= 1


def test_creatures_facts_name_each_seats_king_from_the_deal() -> None:
    g = new("creatures", 4, 5)
    past_setup(g)
    found = facts(g)
    assert sorted(fs["hero"] for fs in found.values()) == ["Fighter", "Priest", "Thief", "Wizard"]
    fighter = next(p for p, fs in found.items() if fs["hero"] == "Fighter")
    assert found[fighter]["first"] is True  # the Fighter begins (4 players: every King is dealt)


def test_foehunters_facts_follow_the_chosen_foe_and_heroes() -> None:
    heroes = {"P1": "paladin", "P2": "necromancer", "P3": "berserker"}
    g = new("foehunters", 3, 2, foe="keraxis", heroes=heroes)
    assert facts(g) == {p: {"hero": h, "foe": "keraxis"} for p, h in heroes.items()}
    past_setup(g)
    check(g, started=True)
    g.run(bots="random", max_records=MAX_RECORDS)
    assert facts(g) == {p: {"hero": h, "foe": "keraxis"} for p, h in heroes.items()}


def test_foehunters_facts_before_the_choices_are_empty_text() -> None:
    g = new("foehunters", 2, 0)
    assert facts(g) == {p: {"hero": "", "foe": ""} for p in g.players}


def test_mirkwood_facts_name_the_deck_option() -> None:
    g = new("mirkwood", 2, 1, deck="allies")
    past_setup(g)
    found = check(g, started=True)
    assert {fs["deck"] for fs in found.values()} == {"allies"}
    assert found["P2"]["heroes"] == "gimli+legolas+thalin"


def test_labyrinth_facts_list_a_gathered_retinue_at_once() -> None:
    g = new("labyrinth", 3, 4)
    while not g.is_over and not any(g.ctx.extra["gathered"].get(p) for p in g.players):
        g.run(bots="random", max_records=1)
    found = check(g, started=True)
    who = [p for p in g.players if found[p]["retinue_count"]]
    assert len(who) == 1 and found[who[0]]["retinues"] == g.ctx.extra["gathered"][who[0]][0]
