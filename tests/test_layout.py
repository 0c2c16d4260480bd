"""The seat-centred table: where each zone goes (layout.py), the default view, piles."""

from __future__ import annotations

import pytest
from ipywidgets.widgets.widget import _instances

import tablekit
from tablekit.core.errors import TablekitError
from tablekit.widgets import Sandbox, layout
from tablekit.widgets.boardmodel import EVERYTHING, board_model
from tablekit.widgets.layout import SEAT_ALL, SEAT_NOBODY

GAMES = [("creatures", 3), ("lfg", 3), ("labyrinth", 3), ("foehunters", 2), ("mirkwood", 1)]
REGIONS = ("hand", "bottom", "top", "middle", "side", "hidden")


def at_first_decision(gid: str, n: int):
    g = tablekit.new_game(gid, players=n, seed=5)
    g.run(until="decision")
    assert g.pending is not None
    return g


def zone(view: dict, zid: str) -> dict:
    return next(z for z in view["zones"] if z["id"] == zid)


def placed(plan: layout.TableLayout) -> list[str]:
    out = plan.hand + plan.bottom + plan.middle + plan.side + plan.hidden
    return out + [z for _, zones in plan.top for z in zones]


@pytest.mark.parametrize("gid,n", GAMES)
def test_every_zone_lands_in_one_region_around_the_deciding_seat(gid, n):
    g = at_first_decision(gid, n)
    seat = g.pending.player
    info = g.state.zone_info
    plan = layout.plan(info, list(g.players), seat, layout.game_hints(g.gamedef))
    zones = placed(plan)
    assert sorted(zones) == sorted(info) and len(zones) == len(set(zones))   # each zone exactly once
    assert plan.bottom_seat == seat and plan.hand == [f"{seat}/hand"]          # the hand at the bottom
    assert all(layout.zone_seat(z, info[z], list(g.players)) == seat for z in plan.bottom)
    assert [p for p, _ in plan.top] == layout.seats_after(list(g.players), seat)
    for p, zs in plan.top:
        assert p != seat and all(layout.zone_seat(z, info[z], list(g.players)) == p for z in zs)
    shared_piles = [z for z, i in info.items() if i["owner"] is None and i["visibility"] == "hidden"
                    and not z.startswith(tuple(f"{p}/" for p in g.players))]
    assert shared_piles and all(plan.region_of(z) == "middle" for z in shared_piles)
    assert plan.region_of("box") == "side"


def test_seats_go_round_the_top_in_table_order_after_the_viewed_seat():
    assert layout.seats_after(["A", "B", "C", "D"], "C") == ["D", "A", "B"]
    assert layout.seats_after(["A", "B"], None) == ["A", "B"]


def test_a_shared_zone_named_after_a_seat_sits_with_that_seat():
    g = tablekit.new_game("mirkwood", players=1, seed=1)
    plan = layout.plan(g.state.zone_info, list(g.players), "P1")
    assert plan.region_of("P1/engaged") == "bottom" and plan.region_of("staging") == "middle"


def test_a_games_layout_hints_move_zones_and_a_bad_hint_is_refused(monkeypatch):
    g = tablekit.new_game("creatures", players=2, seed=1)
    monkeypatch.setattr(type(g.gamedef), "layout_hints", {"discard": "side", "aside": "hidden", "box": "middle"},
                        raising=False)
    plan = layout.plan(g.state.zone_info, list(g.players), "P1", layout.game_hints(g.gamedef))
    assert (plan.region_of("discard"), plan.region_of("aside"), plan.region_of("box")) == ("side", "hidden", "middle")
    monkeypatch.setattr(type(g.gamedef), "layout_hints", {"discard": "under the table"}, raising=False)
    with pytest.raises(TablekitError, match="'discard' the place 'under the table'"):
        layout.game_hints(g.gamedef)


@pytest.mark.parametrize("bots,hot,view", [
    ({"P2": "random", "P3": "heuristic"}, False, "P1"),   # one person: that person's seat
    ({"P3": "random"}, False, SEAT_NOBODY),                # two people: a spectator
    ({"P3": "random"}, True, SEAT_NOBODY),                 # hot seat: a spectator until "I am ..."
    ({"P1": "random", "P2": "random", "P3": "random"}, False, SEAT_ALL),  # only bots: everything
])
def test_the_default_view_follows_who_plays(bots, hot, view):
    assert layout.default_view(["P1", "P2", "P3"], bots, hot) == view
    g = tablekit.new_game("creatures", players=3, seed=2)
    sb = Sandbox(g, bots=bots, hot_seat=hot)
    shown = sb.board.view
    assert shown["controls"]["view"] == {SEAT_ALL: EVERYTHING, SEAT_NOBODY: None}.get(view, view)  # View as
    assert (shown["viewer"], shown["everything"]) == (view if view in g.players else None, view == SEAT_ALL)
    assert sb.board.viewer()[:2] == (shown["viewer"], shown["everything"])
    assert shown["controls"]["hot_seat"] == hot and shown["controls"]["bots"] == bots    # Who plays
    assert [p["bot"] for p in shown["players"]] == [bots.get(p) for p in g.players]


def test_the_one_persons_hand_is_shown_and_the_others_are_face_down():
    g = tablekit.new_game("creatures", players=["Ana", "Bo", "Cy"], seed=7)
    sb = Sandbox(g, bots={"Bo": "random", "Cy": "random"})
    g.run(until="decision", bots={"Bo": "random", "Cy": "random"})
    sb.refresh()
    assert g.pending.player == "Bo"                           # a bot decides: Ana watches
    view = sb.board.view
    assert view["controls"]["view"] == "Ana" and view["viewer"] == "Ana" and not view["everything"]
    assert [p["name"] for p in view["players"] if p["bottom"]] == ["Ana"]
    bo = g.state.zones["Bo/hand"]
    row = zone(view, "Bo/hand")
    assert bo and row["cards"] == [None] * len(bo) and row["count"] == len(bo) and row["top"] is None
    assert not set(bo) & set(view["cards"])                   # face down: no uid, no name sent
    assert (row["region"], row["seat"]) == ("top", "Bo")
    assert {z["seat"] for z in view["zones"] if z["region"] == "top"} == {"Bo", "Cy"}
    assert [p["name"] for p in view["players"] if not p["bottom"]] == ["Bo", "Cy"]
    assert view["decision"] == {"waiting_for": "Bo", "bot": "random"}
    while g.pending is None or g.pending.player != "Ana":     # the bots answer on Step, up to Ana's turn
        assert sb.press("step") is None
    view = sb.board.view
    hand = g.state.zones["Ana/hand"]
    row = zone(view, "Ana/hand")
    assert hand and (row["region"], row["seat"], row["cards"]) == ("hand", "Ana", hand)
    assert all(view["cards"][u]["name"] for u in hand)        # her own cards, face up
    assert view["decision"]["player"] == "Ana" and [p["name"] for p in view["players"] if p["bottom"]] == ["Ana"]


def test_hot_seat_shows_no_hand_until_i_am_and_off_shows_what_view_as_names():
    g = tablekit.new_game("creatures", players=["Ana", "Bo"], seed=7)
    sb = Sandbox(g, hot_seat=True)
    g.run(until="decision")
    sb.refresh()
    view = sb.board.view
    who = g.pending.player
    assert view["controls"]["view"] is None and view["controls"]["hot_seat"]     # two people: a spectator
    assert view["viewer"] is None and view["handover"] == who and sb.board.viewer() == (None, False, who)
    assert sb.press("i_am", seat=who) is None
    view = sb.board.view
    assert view["viewer"] == who and view["handover"] is None and sb.board.viewer() == (who, False, None)
    assert sb.press("hot_seat", on=False) is None
    view = sb.board.view
    assert not view["controls"]["hot_seat"] and view["handover"] is None
    assert view["viewer"] == view["controls"]["view"] and not view["everything"]   # what View as names


def test_hot_seat_view_as_names_what_is_shown():
    g = tablekit.new_game("creatures", players=["Ana", "Bo"], seed=7)
    sb = Sandbox(g, hot_seat=True)
    g.run(until="decision")
    sb.refresh()
    who = g.pending.player
    assert sb.press("i_am", seat=who) is None
    assert sb.board.view["viewer"] == who
    assert sb.board.view["controls"]["view"] == who
    assert sb.press("hot_seat", on=False) is None
    assert sb.board.view["viewer"] == sb.board.view["controls"]["view"] == who


def test_a_seat_that_is_not_at_the_table_is_refused():
    g = tablekit.new_game("creatures", players=["Ana", "Bo"], seed=7)
    with pytest.raises(TablekitError, match="no seat 'Cy'"):
        Sandbox(g, seat="Cy")


def test_the_decision_panel_sits_next_to_the_deciding_seats_hand():
    g = at_first_decision("labyrinth", 3)
    sb = Sandbox(g, seat=SEAT_ALL)
    view = sb.board.view
    who = g.pending.player
    assert [p["name"] for p in view["players"] if p["bottom"]] == [who]  # drawn at the bottom, with the decision
    assert [z["id"] for z in view["zones"] if z["region"] == "hand"] == [f"{who}/hand"]
    assert all(z["seat"] == who for z in view["zones"] if z["region"] == "bottom")
    assert all(z["seat"] != who for z in view["zones"] if z["region"] == "top")
    d = view["decision"]
    assert d["player"] == who and d["options"]
    assert {o["id"] for o in d["options"]} == {o.id for o in g.pending.options}


@pytest.mark.parametrize("gid,n", GAMES)
def test_no_draw_pile_is_laid_out_face_up(gid, n):
    g = at_first_decision(gid, n)
    for seat in [None, *g.players]:
        for z in board_model(g, seat)["zones"]:
            if g.state.zone_info[z["id"]]["visibility"] != "hidden":
                continue
            assert z["pile"] and z["count"] == len(g.state.zones[z["id"]])
            assert z["cards"] == [None] * z["count"] and z["top"] is None, f"{gid} {z['id']}: a face-down card shown"


def test_a_pile_shows_its_top_card_and_any_other_zone_every_card():
    g = tablekit.new_game("creatures", players=["Ana", "Bo"], seed=7)
    box = list(g.state.zones["box"])
    for uid in box[:3]:
        g.state.move(uid, "discard")
    for uid in box[3:13]:
        g.state.move(uid, "Ana/treasure")
    zones = {z["id"]: z for z in board_model(g, "Ana")["zones"]}
    pile = zones["discard"]                                  # a pile kind: one stack, its top card on it
    assert pile["pile"] and pile["count"] == 3 and pile["top"] == box[2]
    row = zones["Ana/treasure"]                               # ten cards in a seat's zone: all laid out
    assert not row["pile"] and row["cards"] == box[3:13]


@pytest.mark.parametrize("seat", [SEAT_ALL, SEAT_NOBODY])
def test_the_table_turns_to_the_seat_to_act_when_no_seat_is_viewed(seat):
    g = tablekit.new_game("creatures", players=["Ana", "Bo", "Cy"], seed=7)
    sb = Sandbox(g, seat=seat)
    g.run(until="decision")
    sb.refresh()
    first = g.pending.player

    def bottom_and_hand(view):
        return ([p["name"] for p in view["players"] if p["bottom"]],
                [z["id"] for z in view["zones"] if z["region"] == "hand"])

    assert bottom_and_hand(sb.board.view) == ([first], [f"{first}/hand"])
    before = set(_instances)
    for _ in range(300):   # play on (first allowed option each time) until another seat must choose
        if g.pending is None:
            g.step()
        elif g.pending.player == first:
            g.choose(next(o.id for o in g.pending.options if o.legal))
        else:
            break
    sb.refresh()
    now = g.pending.player
    view = sb.board.view
    assert now != first and bottom_and_hand(view) == ([now], [f"{now}/hand"])
    assert view["viewer"] is None and view["everything"] == (seat == SEAT_ALL)
    tops = {z["seat"] for z in view["zones"] if z["region"] == "top"}
    assert tops and tops <= set(layout.seats_after(list(g.players), now))
    assert set(_instances) == before   # the board redraws: no widget is made as the table turns
