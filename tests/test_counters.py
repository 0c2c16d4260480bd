"""The counters each game declares (GameDef.counters, tablekit/games/<id>/counters.py).

* Every declared counter has a key, a name, a one-line meaning, a place
  (player, card or table), an icon of at most one character and a domain
  whose low end is not above its high end.
* In seeded random games of each game, looked at every few records, what a
  counter reads from each seat's view (and a spectator's) is the number
  worked out here from the whole state with the game's own helpers.
* A card counter never reads a placeholder (a hidden card), not even one
  forged to carry the key; reading a counter changes nothing in the view.
"""

from __future__ import annotations

import copy
import json

import pytest

import tablekit
from tablekit.core.counters import WHERE, Counter
from tablekit.games.creatures import table as CT
from tablekit.games.foehunters import table as FT
from tablekit.games.lfg import table as LT
from tablekit.games.mirkwood import table as MT

GAMES = tuple(sorted(tablekit.games()))
CHUNK = 12  # records between two looks
CASES = {"mirkwood": [(1, 0), (2, 1)], "foehunters": [(2, 0), (3, 1)], "labyrinth": [(2, 0), (3, 1)],
         "lfg": [(3, 0), (4, 1), (2, 2)], "creatures": [(2, 0), (4, 1)]}
MAX_LOOKS = 120  # a long game is looked at this many times, then left


def counters(game_id: str) -> dict[str, Counter]:
    return {c.key: c for c in tablekit.game_info(game_id).counters}


def seats(g: tablekit.Game) -> list[str | None]:
    return [*g.players, None]


def looked(game_id: str, players: int, seed: int, check) -> tuple[tablekit.Game, set[str]]:
    """A seeded random game, `check(g)` every CHUNK records and at its end; the keys
    of the counters `check` saw with a number."""
    g = tablekit.new_game(game_id, players=players, seed=seed, options=tablekit.game_info(game_id).safety_options())
    shown: set[str] = set()
    looks = 0
    while True:
        shown |= check(g)
        looks += 1
        if g.is_over or looks > MAX_LOOKS:
            return g, shown
        g.run(until="end", bots="random", max_records=CHUNK)


# -- what each game's counters should read, from the whole state ------------------------------

def expect_cards(g: tablekit.Game, seat: str | None, want: dict[str, dict[str, int]]) -> set[str]:
    """Compare every card counter on every card (placeholders included) with `want`:
    counter key -> uid -> number; a card left out reads None."""
    view = g.view(seat)
    shown = set()
    for key, c in counters(g.id).items():
        if c.where != "card":
            continue
        for uid in [*g.state.cards, *view["cards"]]:
            expected = want.get(key, {}).get(uid)
            if expected is not None and uid not in view["cards"]:
                expected = None  # not shown to this seat
            got = c.read(view, uid, g.defs)
            assert got == expected, f"{g.id} seat {seat}: {key} on {uid} reads {got}, not {expected}"
            if got is not None:
                shown.add(key)
    return shown


def expect_players(g: tablekit.Game, seat: str | None, key: str, want: dict[str, int | None]) -> set[str]:
    view = g.view(seat)
    c = counters(g.id)[key]
    for p in g.players:
        got = c.read(view, p, g.defs)
        assert got == want[p], f"{g.id} seat {seat}: {key} of {p} reads {got}, not {want[p]}"
    return {key} if any(v is not None for v in want.values()) else set()


def zone_kind(g: tablekit.Game, uid: str) -> str:
    return g.state.zone_info[g.state.card_zone[uid]]["kind"]


def check_mirkwood(g: tablekit.Game) -> set[str]:
    st, ctx = g.state, g.ctx
    places = {"resources": {"hero": ("heroes",)},
              "damage": {"hero": ("heroes",), "ally": ("allies",), "enemy": (MT.STAGING, "engaged")},
              "progress": {"location": (MT.STAGING, MT.ACTIVE), "quest": (MT.QUEST,)}}
    want: dict[str, dict[str, int]] = {}
    for key, on in places.items():
        want[key] = {u: int(cs.get(key, 0)) for u, cs in st.cards.items()
                     if zone_kind(g, u) in on.get(ctx.kind(u), ())}
    stage = st.zones[MT.QUEST]
    if stage:  # the quest stage card is where the quest's progress is kept
        assert want["progress"][stage[0]] == int(st.cards[stage[0]].get("progress", 0))
    shown = set()
    for seat in seats(g):
        shown |= expect_players(g, seat, "threat", {p: st.player(p)["threat"] for p in g.players})
        shown |= expect_cards(g, seat, want)
    return shown


def check_foehunters(g: tablekit.Game) -> set[str]:
    st, ctx = g.state, g.ctx
    dealt = {p: FT.hero_card(ctx, p) is not None for p in g.players}
    hp_on = {"foe": (FT.FOE_CARD,), "vassal": (FT.FOE_PLAY,), "ally": tuple(FT.play(p) for p in g.players)}
    left = {u: FT.hp_left(ctx, u) for u in st.cards
            if st.card_zone[u] in hp_on.get(ctx.kind(u), ()) and FT.card_hp(ctx, u) is not None}
    foe = FT.foe_card(ctx)
    if foe is not None and FT.card_hp(ctx, foe) is not None:  # the foe's HP: its face's HP less its damage
        assert left[foe] == max(FT.card_hp(ctx, foe) - st.cards[foe].get("damage", 0), 0)
    shown = set()
    for seat in seats(g):
        for key in ("hp", "xp", "armor_used"):
            shown |= expect_players(g, seat, key, {p: st.player(p)[key] if dealt[p] else None for p in g.players})
        shown |= expect_players(g, seat, "armor", {p: FT.armor_ready(ctx, p) if dealt[p] else None
                                                   for p in g.players})
        shown |= expect_cards(g, seat, {"hp_left": left})
    return shown


def check_labyrinth(g: tablekit.Game) -> set[str]:
    st = g.state
    data = st.extra.get("_this_turn")
    actions = {p: None for p in g.players}
    if st.turn in actions and isinstance(data, dict):
        actions[st.turn] = 0 if data["done"] else max(data["actions"], 0)
    gathered = st.extra.get("gathered", {})
    for p in g.players:
        if "retinues" in st.player(p):
            assert st.player(p)["retinues"] == len(gathered.get(p, []))
    shown = set()
    for seat in seats(g):
        shown |= expect_players(g, seat, "actions", actions)
        shown |= expect_players(g, seat, "retinues",  # counted from the lists, which every seat sees
                                {p: len(gathered[p]) if "gathered" in st.extra else None for p in g.players})
    return shown


def lfg_visible_renown(g: tablekit.Game, p: str) -> int:
    """p's renown counted over the heroes of p's party that are face up."""
    ctx = g.ctx
    up = [u for u in ctx.zone(LT.party(p)) if not ctx.card(u).get("face_down")]
    total = sum(LT.hero_renown(ctx, u) for u in up)
    for u in up:
        for ab in ctx.defn(u).abilities:
            if ab.window == "always":
                total += int(ab.args.get("per", 1)) * sum(1 for h in up if LT.has(ctx, h, ab.args["trait"]))
    return total


def check_lfg(g: tablekit.Game) -> set[str]:
    ctx = g.ctx
    hidden_pick = {p: any(ctx.card(u).get("face_down") for u in ctx.zone(LT.party(p))) for p in g.players}
    shown = set()
    for seat in seats(g):
        sees_all = {p: seat == p or not hidden_pick[p] for p in g.players}
        shown |= expect_players(g, seat, "renown", {p: LT.renown(ctx, p) if sees_all[p] else lfg_visible_renown(g, p)
                                                    for p in g.players})
        shown |= expect_players(g, seat, "scoundrels", {
            p: LT.scoundrels(ctx, p) if sees_all[p] else
            sum(1 for u in ctx.zone(LT.party(p)) if not ctx.card(u).get("face_down") and LT.has(ctx, u, "scoundrel"))
            for p in g.players})
        view = g.view(seat)
        roles = counters("lfg")["roles"]
        for p in g.players:
            n = roles.read(view, p, g.defs)
            if sees_all[p]:
                assert (n == 3) == (LT.matching(ctx, p) is not None), f"roles of {p}: {n}"
            assert 0 <= n <= min(3, len(ctx.zone(LT.party(p))))
            shown.add("roles")
    if g.is_over:  # the score is the renown, and at the end every seat sees every party
        for seat in seats(g):
            ren = counters("lfg")["renown"]
            assert {p: ren.read(g.view(seat), p, g.defs) for p in g.players} == g.result.scores
    return shown


def check_creatures(g: tablekit.Game) -> set[str]:
    ctx = g.ctx
    treasure = {p: sum(CT.value(ctx, u) for u in CT.of_kind(ctx, CT.treasure(p), "treasure")) for p in g.players}
    health = {u: CT.remaining(ctx, u) for p in g.players
              for u in CT.monsters_in_front(ctx, p) + CT.of_kind(ctx, CT.followers(p), "follower")}
    data = g.state.extra.get("_this_turn")  # this turn's kills: the panel of the player whose turn it is
    kills = {p: data["kills"] if p == g.state.turn and isinstance(data, dict) else None for p in g.players}
    shown = set()
    for seat in seats(g):
        shown |= expect_players(g, seat, "treasure", treasure)
        shown |= expect_players(g, seat, "score", {p: CT.score(ctx, p) for p in g.players})
        shown |= expect_cards(g, seat, {"health": health})
        shown |= expect_players(g, seat, "kills", kills)
    if g.is_over:
        score = counters("creatures")["score"]
        assert {p: score.read(g.view(g.players[0]), p, g.defs) for p in g.players} == g.result.scores
    return shown


CHECKS = {"mirkwood": check_mirkwood, "foehunters": check_foehunters, "labyrinth": check_labyrinth,
          "lfg": check_lfg, "creatures": check_creatures}


# -- the tests -------------------------------------------------------------------------------------

@pytest.mark.parametrize("game_id", GAMES)
def test_every_counter_is_declared_in_full(game_id):
    declared = tablekit.game_info(game_id).counters
    assert declared, f"{game_id} declares no counters"
    assert len({c.key for c in declared}) == len(declared), "two counters share a key"
    for c in declared:
        assert isinstance(c, Counter)
        assert c.key and c.name and c.meaning, c
        assert c.where in WHERE, c
        assert "\n" not in c.meaning and len(c.meaning) <= 120, c.key
        assert len(c.name) <= 12 and len(c.icon) <= 1, c.key
        assert c.low is None or c.high is None or c.low <= c.high, c.key
        assert not c.kinds or set(c.kinds) <= {d.kind for d in tablekit.game_info(game_id).cards.values()}, c.key
        json.dumps(c.describe())


@pytest.mark.parametrize("game_id", GAMES)
def test_counters_read_the_number_of_the_position(game_id):
    shown: set[str] = set()
    for players, seed in CASES[game_id]:
        _g, seen = looked(game_id, players, seed, CHECKS[game_id])
        shown |= seen
    assert shown == set(counters(game_id)), f"never checked with a number: {set(counters(game_id)) - shown}"


@pytest.mark.parametrize("game_id", GAMES)
def test_a_card_counter_never_reads_a_hidden_card(game_id):
    card_counters = [c for c in tablekit.game_info(game_id).counters if c.where == "card"]
    placeholders = forged = 0

    def check(g):
        nonlocal placeholders, forged
        for seat in seats(g):
            view = g.view(seat)
            before = copy.deepcopy(view)
            for c in tablekit.game_info(game_id).counters:  # reading changes nothing in the view
                for owner in [*g.players, None, *view["cards"]]:
                    c.read(view, owner, g.defs)
            assert view == before, f"{game_id}: reading the counters changed the view"
            for uid, cs in view["cards"].items():
                if cs.get("hidden"):
                    placeholders += 1
                    for c in card_counters:
                        assert c.read(view, uid, g.defs) is None, f"{c.key} reads the placeholder {uid}"
            for c in card_counters:  # a shown card with a number, turned into a placeholder
                uid = next((u for u in view["cards"] if c.read(view, u, g.defs) is not None), None)
                if uid is None:
                    continue
                fake = copy.deepcopy(view)
                fake["cards"][uid] = {"card": None, "hidden": True, c.key: 3, "damage": 3, "progress": 3}
                assert c.read(fake, uid, g.defs) is None, f"{c.key} reads a hidden card"
                forged += 1
        return set()

    for players, seed in CASES[game_id][:1]:
        looked(game_id, players, seed, check)
    assert placeholders, f"{game_id}: no hidden card was looked at"
    assert forged or not card_counters


def test_lfg_a_face_down_pick_counts_only_for_its_owner():
    g = tablekit.new_game("lfg", players=3, seed=4)
    ren = counters("lfg")["renown"]
    for _ in range(400):
        picks = {p: [u for u in g.ctx.zone(LT.party(p)) if g.ctx.card(u).get("face_down")] for p in g.players}
        p = next((q for q in g.players if picks[q]), None)
        if p is not None and LT.hero_renown(g.ctx, picks[p][0]) != 0:
            break
        g.run(until="end", bots="random", max_records=1)
    else:
        pytest.fail("no face-down pick of nonzero renown came up")
    other = next(q for q in g.players if q != p)
    assert ren.read(g.view(p), p, g.defs) == LT.renown(g.ctx, p)
    assert ren.read(g.view(other), p, g.defs) == lfg_visible_renown(g, p) != LT.renown(g.ctx, p)
