"""The seat-centred table: where each zone goes (layout.py), the default view, piles."""

from __future__ import annotations

import re

import pytest

import tablekit
from tablekit.core.errors import TablekitError
from tablekit.widgets import Sandbox, layout, render
from tablekit.widgets.layout import SEAT_ALL, SEAT_NOBODY

GAMES = [("creatures", 3), ("lfg", 3), ("labyrinth", 3), ("foehunters", 2), ("mirkwood", 1)]
REGIONS = ("hand", "bottom", "top", "middle", "side", "hidden")


def at_first_decision(gid: str, n: int):
    g = tablekit.new_game(gid, players=n, seed=5)
    g.run(until="decision")
    assert g.pending is not None
    return g


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
    assert sb.seat.value == view
    everything, seat = sb.viewer()
    assert (everything, seat) == (view == SEAT_ALL, view if view in g.players else None)


def test_the_one_persons_hand_is_shown_and_the_others_are_face_down():
    g = tablekit.new_game("creatures", players=["Ana", "Bo", "Cy"], seed=7)
    sb = Sandbox(g, bots={"Bo": "random", "Cy": "random"})
    g.run(until="decision", bots={"Bo": "random", "Cy": "random"})
    sb.refresh()
    assert sb.seat.value == "Ana" and sb.hand_view.children[1] is sb.zone_widgets["Ana/hand"]
    assert "tk-hand" in sb.hand_view._dom_classes
    for u in g.state.zones["Ana/hand"]:
        assert f"data-uid='{u}'" in sb.zone_widgets["Ana/hand"].value
    bo = g.state.zones["Bo/hand"]
    assert bo and all(f"data-uid='{u}'" not in sb.zone_widgets["Bo/hand"].value for u in bo)
    assert f"🂠 × {len(bo)}</div><div class='tk-card-words'>{len(bo)} cards, face down" in sb.zone_widgets["Bo/hand"].value
    assert [c.children[0].value for c in sb.top_view.children] == [
        "<div class='tk-seat-name'>Bo</div>", "<div class='tk-seat-name'>Cy</div>"]


def test_hot_seat_view_as_names_what_is_shown():
    g = tablekit.new_game("creatures", players=["Ana", "Bo"], seed=7)
    sb = Sandbox(g, hot_seat=True)
    g.run(until="decision")
    sb.refresh()
    assert sb.seat.value == SEAT_NOBODY and sb.seat.disabled
    who = g.pending.player
    sb.handover.children[1].click()
    assert sb.seat.value == who and sb.viewer() == (False, who)
    sb.hot_seat.value = False
    assert not sb.seat.disabled and sb.viewer() == (False, who)


def test_a_seat_that_is_not_at_the_table_is_refused():
    g = tablekit.new_game("creatures", players=["Ana", "Bo"], seed=7)
    with pytest.raises(TablekitError, match="no seat 'Cy'"):
        Sandbox(g, seat="Cy")


def test_the_decision_panel_sits_next_to_the_deciding_seats_hand():
    g = at_first_decision("labyrinth", 3)
    sb = Sandbox(g, seat=SEAT_ALL)
    assert list(sb.hand_row.children) == [sb.hand_view, sb.decision_panel]
    kids = list(sb.table_view.children)
    assert kids.index(sb.hand_row) == kids.index(sb.middle_view) + 1 and kids[-1] is sb.bottom_view
    assert sb.zone_widgets[f"{g.pending.player}/hand"] in sb.hand_view.children
    assert sb.option_buttons()


@pytest.mark.parametrize("gid,n", GAMES)
def test_no_draw_pile_is_laid_out_face_up(gid, n):
    g = at_first_decision(gid, n)
    view = g.view(None)
    for z, info in g.state.zone_info.items():
        if info["visibility"] != "hidden" or not g.state.zones[z]:
            continue
        n_cards = len(g.state.zones[z])
        for uids in (list(view["zones"][z]), list(g.state.zones[z])):   # a spectator, then everything
            html = render.zone_row(g, z, uids, set())
            assert f"🂠 × {n_cards}" in html and f"a pile of {n_cards} card" in html
            outside = re.sub(r"<details.*?</details>", "", html, flags=re.S)
            assert "data-uid" not in outside, f"{gid} {z}: a face-down pile shows a card"
            assert "<details class='tk-show-all'>" in html if uids[0][:7] != "hidden:" else "<details" not in html


def test_a_public_pile_shows_its_top_card_and_a_long_zone_folds_behind_show_all():
    g = tablekit.new_game("creatures", players=["Ana", "Bo"], seed=7)
    box = list(g.state.zones["box"])
    pile = render.zone_row(g, "box", box, set())          # shared, 54 cards: a stack and its top card
    assert "🂠 × 54" in pile and f"top card: {g.gamedef.describe_card(g.ctx, box[-1])[0]}" in pile
    outside = re.sub(r"<details.*?</details>", "", pile, flags=re.S)
    assert outside.count("data-uid") == 1 and f"data-uid='{box[-1]}'" in outside
    assert "<summary>show all (54)</summary>" in pile and all(f"data-uid='{u}'" in pile for u in box)
    ten = box[:10]
    row = render.zone_row(g, "Ana/treasure", ten, set())  # a seat's zone of 10: 8 shown, 2 folded
    outside = re.sub(r"<details.*?</details>", "", row, flags=re.S)
    assert outside.count("data-uid") == 8 and "<summary>show all (10): 2 more</summary>" in row
    assert "🂠 ×" not in row
    short = render.zone_row(g, "Ana/treasure", box[:8], set())
    assert "<details" not in short and short.count("data-uid") == 8


def test_the_table_turns_to_the_seat_to_act_when_no_seat_is_viewed():
    g = tablekit.new_game("creatures", players=["Ana", "Bo", "Cy"], seed=7)
    sb = Sandbox(g, seat=SEAT_ALL)
    g.run(until="decision")
    sb.refresh()
    first = g.pending.player
    assert sb.hand_view.children[1] is sb.zone_widgets[f"{first}/hand"]
    for _ in range(300):   # play on (first allowed option each time) until another seat must choose
        if g.pending is None:
            g.step()
        elif g.pending.player == first:
            g.choose(next(o.id for o in g.pending.options if o.legal))
        else:
            break
    sb.refresh()
    now = g.pending.player
    assert now != first and sb.hand_view.children[1] is sb.zone_widgets[f"{now}/hand"]
    assert [c.children[0].value for c in sb.top_view.children] == [
        f"<div class='tk-seat-name'>{p}</div>" for p in layout.seats_after(list(g.players), now)]
    assert len(sb._seat_boxes) == 3   # one box a seat, made once
