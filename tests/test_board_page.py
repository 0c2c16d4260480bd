"""The board's drawing (tablekit/widgets/board.js and board.css) in Debian's
Chromium, with no Jupyter server: the ES module is loaded into a plain page and
drawn from view models of the fixed positions in tests/data/board/positions.json
(every game at every player count it allows: its first decision, its largest
decision over 50 seeded games and its end; tests/board_positions.py), as the
widget would draw them.

At 1366x768 and 1280x720 (and 1920x1080, with the pictures) the board must fit:
once its top is at the top of the screen, the viewing seat's hand, the open
decision and the seat's counters are inside the screen; no text is cut by a box
that hides its overflow; no sideways scroll; no text under 12 px. The hooks
tests outside the project use are there, and a click sends the ids the Python
side expects (and only ids). A screenshot of each game's positions at each size
goes to the test output folder (`make screenshots`: screenshots/)."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest
from board_positions import FILE, replay
from sampling import FULL
from test_generic import GAMES, new

from tablekit.widgets.board import Board, esm

HERE = Path(__file__).resolve().parent
WIDGETS = HERE.parent / "tablekit" / "widgets"
SIZES = [(1366, 768), (1280, 720), (1920, 1080)]
FIT_SIZES = SIZES[:2]  # where everything must be on the first screen
FIXTURES = json.loads(FILE.read_text(encoding="utf-8"))
PAGE = """<!doctype html><html><head><meta charset="utf-8"><style>{css}
body {{ margin: 0; font-family: sans-serif; }}</style></head><body><div id="host"></div></body></html>"""

# loads the module from its source (a blob URL: a file:// import is refused) and draws
# `view` with a stand-in for anywidget's model: get, on, send
DRAW = """async ([src, view]) => {
    const url = URL.createObjectURL(new Blob([src], {type: "text/javascript"}));
    const mod = await import(url);
    const listeners = {};
    const state = {view, error: ""};
    window.sent = [];
    window.tkModel = {
        get: (k) => state[k],
        on: (evt, cb) => { (listeners[evt] = listeners[evt] || []).push(cb); },
        send: (msg) => window.sent.push(msg),
        set: (k, v) => { state[k] = v; (listeners["change:" + k] || []).forEach((cb) => cb()); },
        emit: (msg) => (listeners["msg:custom"] || []).forEach((cb) => cb(msg)),
    };
    mod.default.render({model: window.tkModel, el: document.getElementById("host")});
}"""

SMALL_TEXT = """() => {
    const out = [];
    const walk = document.createTreeWalker(document.querySelector('.tk-app'), NodeFilter.SHOW_TEXT);
    while (walk.nextNode()) {
        const node = walk.currentNode;
        if (!node.textContent.trim()) continue;
        const el = node.parentElement;
        if (el.closest('.tk-card-zoom, .tk-zoom-float, details:not([open]) > :not(summary)')) continue;
        const size = parseFloat(getComputedStyle(el).fontSize);
        if (size < 12) out.push([node.textContent.trim().slice(0, 30), size]);
    }
    return out;
}"""

FIT = """(seat) => {
    const inside = (el) => { if (!el) return null; const r = el.getBoundingClientRect();
        return r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth; };
    const top = document.querySelector('.tk-app').getBoundingClientRect().top;
    return {decision: inside(document.querySelector('.tk-decision')),
            hand: inside(document.querySelector(`[data-zone="${seat}/hand"]`)),
            counters: inside(document.querySelector('.tk-board-mine .tk-tokens')),
            top: top,
            height: document.querySelector('.tk-app').getBoundingClientRect().height};
}"""

# a box that hides or scrolls its overflow and holds more than it shows (the card
# zooms, hidden until hovered, and closed folds are not drawn, so not counted)
CUT = """() => {
    const out = [];
    for (const el of document.querySelectorAll('.tk-app *')) {
        if (el.closest('.tk-card-zoom, .tk-zoom-float, details:not([open]) > :not(summary)')) continue;
        const st = getComputedStyle(el);
        if (st.display === 'none') continue;
        const hides = (v) => v === 'hidden' || v === 'auto' || v === 'scroll' || v === 'clip';
        const wide = hides(st.overflowX) && el.scrollWidth > el.clientWidth + 1;
        const tall = hides(st.overflowY) && el.scrollHeight > el.clientHeight + 1;
        if ((wide || tall) && el.textContent.trim()) out.push([el.className, el.textContent.trim().slice(0, 40)]);
    }
    return out;
}"""


def fixture_views(game_id: str) -> list[tuple[str, str, dict]]:
    """(name, seat, model) of each fixed position of a game: the seat is the one
    deciding (at the end, the first player), as that seat sees the table."""
    out = []
    for f in FIXTURES:
        if f["game"] != game_id:
            continue
        g = replay(f)
        seat = g.pending.player if g.pending is not None else g.players[0]
        # as a sandbox's board sends it: with its settings, Branch here and the rules
        view = Board(g, seat, rules=True, on_branch=lambda: None).view
        out.append((f"{f['position']}-{f['players']}p", seat, view))
    return out


def positions(game_id: str) -> dict[str, tuple]:
    """(seat, model) at the first decision, the largest decision and the end, at the
    game's usual player count."""
    n = len(new(game_id, 0).players)
    return {name.split("-")[0]: (seat, view) for name, seat, view in fixture_views(game_id)
            if name.endswith(f"-{n}p")}


def watched(game_id: str, seed: int) -> tuple:
    """A seeded game and a sandbox's board on it that shows everything, every seat a random bot."""
    g = new(game_id, seed)
    return g, Board(g, None, everything=True, bots={p: "random" for p in g.players}, rules=True)


def draw(page, view: dict) -> None:
    page.set_content(PAGE.format(css=(WIDGETS / "board.css").read_text(encoding="utf-8")))
    page.evaluate(DRAW, [esm("board.js"), view])
    page.locator(".tk-app").wait_for()


@pytest.mark.parametrize("game_id", GAMES)
def test_the_board_draws_every_position_so_that_it_fits_with_its_hooks_and_no_small_or_cut_text(
        game_id, browser, output_dir):
    fit_log: dict[str, dict] = {}
    misfits = []
    ctx = browser.new_context(viewport={"width": SIZES[0][0], "height": SIZES[0][1]})
    ctx.route("**/*", lambda route: route.abort())  # nothing from the network
    page = ctx.new_page()
    pictures = output_dir.name == "screenshots" or FULL
    try:
        for name, seat, view in fixture_views(game_id):
            for (w, h), side in itertools.product(SIZES if pictures else FIT_SIZES, ("under", "beside")):
                page.set_viewport_size({"width": w, "height": h})
                draw(page, view)
                toggle = page.locator(".tk-side-toggle")
                if (toggle.get_attribute("aria-pressed") == "true") != (side == "beside"):
                    toggle.click()  # the side panel beside the table, or under it
                assert toggle.get_attribute("aria-pressed") == ("true" if side == "beside" else "false")
                assert page.locator(".tk-board-body.tk-side-beside").count() == (side == "beside")
                where = f"{game_id} {name} at {w}x{h}, side panel {side}"
                app = page.locator(".tk-app")
                assert app.count() == 1
                assert page.locator(".tk-decision").count() == 1
                hand = [z["id"] for z in view["zones"] if z["id"] == f"{seat}/hand"]
                for z in hand:
                    assert page.locator(f'[data-zone="{z}"]').count() == 1
                drawn = [u for z in view["zones"] for u in ([z["top"]] if z["pile"] and z["count"] > 1 else z["cards"])
                         if u is not None]  # a pile shows its top card only
                for uid in drawn[:8]:
                    assert page.locator(f'.tk-card[data-uid="{uid}"]').count() >= 1
                assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth"), \
                    f"{where}: the page scrolls sideways"
                small = page.evaluate(SMALL_TEXT)
                assert not small, f"{where}: text under 12 px: {small[:3]}"
                cut = page.evaluate(CUT)
                assert not cut, f"{where}: text cut by a box: {cut[:3]}"
                if name.startswith("over"):
                    text = page.locator(".tk-decision").inner_text()
                    assert "Game over" in text and view["over"]["why"] in text and view["over"]["who"] in text
                    assert "Scores: ." not in text
                fit = page.evaluate(FIT, seat)
                fit_log[f"{game_id}/{name}/{w}x{h}/{side}"] = fit
                if (w, h) in FIT_SIZES and not (fit["decision"] and fit["hand"] in (True, None)
                                                 and fit["counters"] in (True, None)):
                    misfits.append((where, fit))
                if pictures or name.startswith("largest"):
                    page.screenshot(path=str(output_dir / f"board-{game_id}-{name}-{w}x{h}-side-{side}.png"),
                                    full_page=True)
    finally:
        ctx.close()
        (output_dir / f"board-fit-{game_id}.json").write_text(json.dumps(fit_log, indent=1))
    assert not misfits, f"not on the first screen: {misfits}"


def test_the_fixtures_cover_every_player_count_and_replay_to_their_kind():
    from tablekit.core.registry import get_game

    for game_id in GAMES:
        gd = get_game(game_id)
        mine = [f for f in FIXTURES if f["game"] == game_id]
        for n in range(gd.min_players, gd.max_players + 1):
            assert {f["position"] for f in mine if f["players"] == n} >= {"start", "largest", "over"}, (game_id, n)
    assert [f["players"] for f in FIXTURES if f["position"] == "swap"] == [4]
    for f in FIXTURES:
        g = replay(f)
        if f["position"] == "over":
            assert g.is_over and len(g.history) == f["record"]
        else:
            assert g.pending is not None and len(g.pending.options) == f["options"], f
        if f["position"] == "swap":
            assert any(o.id.startswith("swap") for o in g.pending.options)


def test_no_decision_is_larger_than_the_largest_fixture():
    """Over the sampled seeds (all 50 under the full count, where the fixtures must be
    found again exactly), no decision has more options than the largest fixture."""
    from board_positions import find
    from sampling import count

    from tablekit.core.registry import get_game

    seeds = count("board_seeds")
    for game_id in GAMES:
        gd = get_game(game_id)
        for n in range(gd.min_players, gd.max_players + 1):
            mine = [f for f in FIXTURES if f["game"] == game_id and f["players"] == n]
            found = find(game_id, n, seeds)
            (largest,) = [f for f in found if f["position"] == "largest"]
            (kept,) = [f for f in mine if f["position"] == "largest"]
            assert largest["options"] <= kept["options"], (game_id, n, largest)
            if seeds == 50:
                assert found == mine


@pytest.mark.parametrize("game_id", GAMES)
def test_a_click_sends_only_ids_and_the_record(game_id, browser):
    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    page = ctx.new_page()
    try:
        seat, view = positions(game_id)["start"]
        draw(page, view)
        d = view["decision"]
        # a person decides: Step waits for them, the runs stop at their decision
        assert page.locator('.tk-board-bar button[data-action="step"]').is_disabled()
        page.locator('.tk-board-bar button[data-action="run:phase"]').click()
        assert page.evaluate("() => window.sent") == [{"action": "run:phase", "record": view["record"]}]
        legal = [o for o in d["options"] if o["legal"]]
        single = d["min"] == 1 and d["max"] == 1
        o = legal[0]
        target = (page.locator(f'.tk-card[data-uid="{o["card"]}"]').first if o["card"]
                  else page.locator(".tk-decision button.tk-option", has_text=o["label"]).first)
        target.click()
        if not single:  # a multi-pick counts what is picked, then Confirm sends them all
            want = o["id"]
            confirm = page.locator(".tk-decision .tk-confirm")
            assert "1 picked" in confirm.inner_text()
            if d["min"] <= 1:
                confirm.click()
                assert page.evaluate("() => window.sent")[-1] == {"action": "choose", "ids": [want],
                                                                  "record": view["record"]}
        else:
            assert page.evaluate("() => window.sent")[-1] == {"action": "choose", "ids": [o["id"]],
                                                              "record": view["record"]}
        # a refusal from the Python side shows as a banner
        page.evaluate("() => window.tkModel.set('error', 'the table has moved on')")
        assert page.locator(".tk-banner[role=alert]").inner_text().endswith("the table has moved on")
    finally:
        ctx.close()


def test_a_decision_over_pairs_of_cards_takes_two_clicks_pick_then_target(browser):
    """Labyrinth's largest decision of seed 0 is answered on the cards: a card, then its target."""
    seat, view = positions("labyrinth")["largest"]
    d = view["decision"]
    singles = {o["card"] for o in d["options"] if o["card"]}
    pairs = [o for o in d["options"] if o["legal"] and o["pair"] and o["pair"][0] not in singles]
    assert d["min"] == d["max"] == 1 and len(pairs) > 20, "the largest decision is one pick over pairs of cards"
    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    page = ctx.new_page()
    try:
        draw(page, view)
        buttons = page.locator(".tk-decision button.tk-option").count()
        assert buttons < len(d["options"]) - len(pairs) + 1, "the pairs are not listed as buttons"
        o = pairs[-1]
        first, target = o["pair"]
        page.locator(f'.tk-card[data-uid="{first}"]').first.click()
        assert page.evaluate("() => window.sent") == []
        assert page.locator(".tk-card.tk-aiming").count() == 1
        lit = page.locator(".tk-card.tk-target").count()
        assert lit == len({p["pair"][1] for p in pairs if p["pair"][0] == first})
        page.locator(".tk-decision .tk-cancel").click()       # Cancel puts the card down again
        assert page.locator(".tk-card.tk-target").count() == 0
        page.locator(f'.tk-card[data-uid="{first}"]').first.click()
        page.locator(f'.tk-card.tk-target[data-uid="{target}"]').first.click()
        assert page.evaluate("() => window.sent") == [{"action": "choose", "ids": [o["id"]], "record": view["record"]}]
    finally:
        ctx.close()


def test_view_as_who_plays_and_hot_seat_are_set_on_the_board(browser):
    from tablekit.widgets.board import Board

    g = new("mirkwood", 1)
    g.run(until="decision")
    board = Board(g, g.players[0])
    ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    page = ctx.new_page()
    try:
        draw(page, board.view)
        page.select_option(".tk-view-as", g.players[-1] if len(g.players) > 1 else "")
        page.locator(".tk-who-plays summary").click()
        page.locator(f'.tk-who-plays select[data-seat="{g.players[0]}"]').select_option("heuristic")
        page.locator(".tk-hot-seat input").check()
        sent = page.evaluate("() => window.sent")
        want_seat = g.players[-1] if len(g.players) > 1 else None
        assert [{k: v for k, v in m.items() if k != "record"} for m in sent] == [
            {"action": "view", "seat": want_seat},
            {"action": "bot", "seat": g.players[0], "kind": "heuristic"},
            {"action": "hot_seat", "on": True}]
        for m in sent:  # the Python side takes each as it comes
            assert board.handle(m) is None, m
        draw(page, board.view)
        rid, readings = next(iter(g.gamedef.ruling_variants.items()))
        other = list(readings)[1]
        page.locator(".tk-readings summary").click()  # the readings are folded until opened
        page.select_option(f'select[data-ruling="{rid}"]', other)
        assert page.evaluate("() => window.sent")[-1] == {"action": "reading", "ruling": rid, "reading": other,
                                                          "record": board.view["record"]}
        board.handle({"action": "bot", "seat": g.players[0], "kind": "person"})
        actor = board.actor()
        draw(page, board.view)
        assert page.locator(f".tk-decision .tk-i-am:has-text('I am {actor}')").is_visible()
        assert board.view["viewer"] is None and board.view["handover"] == actor
        hands = [u for z, info in g.state.zone_info.items() if info.get("kind") == "hand" for u in g.state.zones[z]]
        assert hands and not [u for u in hands if page.locator(f'[data-uid="{u}"]').count()], \
            "a hand's card is drawn before its player took the screen"
        page.locator(".tk-decision .tk-i-am").click()
        assert page.evaluate("() => window.sent")[-1]["action"] == "i_am"
    finally:
        ctx.close()


def test_save_game_downloads_the_file_it_is_sent_and_load_game_sends_the_files_text(browser, tmp_path):
    from tablekit.widgets.board import Board

    g = new("creatures", 2)
    g.run(until="decision")
    board = Board(g, None, everything=True)
    ctx = browser.new_context(viewport={"width": 1366, "height": 768}, accept_downloads=True)
    page = ctx.new_page()
    try:
        draw(page, board.view)
        page.locator(".tk-save-game").click()
        assert page.evaluate("() => window.sent")[-1] == {"action": "save", "record": board.view["record"]}
        with page.expect_download() as got:
            page.evaluate("(text) => window.tkModel.emit({kind: 'download', name: 'creatures-game-record-9.json', "
                          "text})", g.save())
        path = tmp_path / "saved.json"
        got.value.save_as(path)
        assert got.value.suggested_filename == "creatures-game-record-9.json"
        assert path.read_text(encoding="utf-8") == g.save()
        assert page.locator(".tk-load-file").is_hidden()  # the Load game button opens it
        page.locator(".tk-load-file").set_input_files(str(path))
        page.wait_for_function("() => window.sent.some((m) => m.action === 'load')")
        sent = [m for m in page.evaluate("() => window.sent") if m["action"] == "load"]
        assert sent == [{"action": "load", "name": "saved.json", "text": g.save(), "record": board.view["record"]}]
        assert board.handle(sent[0]) is None and len(board.game.history) == len(g.history)
    finally:
        ctx.close()


def test_a_redraw_keeps_the_keyboard_focus_and_the_open_folds(browser):
    """A person who pressed Step with Enter can press Enter again; a fold opened stays open."""
    g, board = watched("creatures", 5)
    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    page = ctx.new_page()
    try:
        draw(page, board.view)
        page.locator(".tk-board-log > summary").click()
        page.locator('.tk-board-bar button[data-action="step"]').focus()
        page.keyboard.press("Enter")
        assert page.evaluate("() => window.sent")[-1]["action"] == "step"
        assert board.press("step") is None
        page.evaluate("(view) => window.tkModel.set('view', view)", board.view)  # the kernel's answer
        assert page.evaluate("() => document.activeElement.dataset.action") == "step"
        assert page.locator(".tk-board-log").get_attribute("open") is not None
        page.keyboard.press("Enter")
        assert len([m for m in page.evaluate("() => window.sent") if m["action"] == "step"]) == 2
        page.locator(".tk-board-rules > summary").click()
        box = page.locator(".tk-search-box")
        box.type("thie")
        page.evaluate("(view) => window.tkModel.set('view', view)", board.view)
        box.type("f")
        assert box.input_value() == "thief" and page.evaluate(
            "() => document.activeElement.classList.contains('tk-search-box')")
    finally:
        ctx.close()


def test_a_crowded_table_folds_the_other_seats_to_fit_and_unfolds_them_when_there_is_room(browser):
    """Mirkwood's largest decision at 4 players: at 1280x720 the other seats fold to one
    line each (the hand comes on screen); a seat opened stays open; at 1920x1080 none folds."""
    f = next(f for f in FIXTURES if f["game"] == "mirkwood" and f["position"] == "largest" and f["players"] == 4)
    g = replay(f)
    seat = g.pending.player
    board = Board(g, seat, rules=True, on_branch=lambda: None)
    ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    page = ctx.new_page()
    try:
        draw(page, board.view)
        folds = page.locator(".tk-seat-fold")
        others = [p for p in g.players if p != seat]
        assert folds.count() == len(others)
        assert all(folds.nth(i).get_attribute("open") is None for i in range(folds.count()))
        assert folds.first.locator("summary").inner_text().startswith("Cards: ")
        assert page.evaluate(FIT, seat)["hand"] is True
        # each folded seat still shows its counters (threat)
        assert page.locator(f'.tk-seat[data-seat="{others[0]}"] .tk-token').first.is_visible()
        folds.first.locator("summary").click()
        page.evaluate("(view) => window.tkModel.set('view', view)", board.view)  # a redraw
        assert page.locator(".tk-seat-fold").first.get_attribute("open") is not None
        page.set_viewport_size({"width": 1920, "height": 1080})
        page.wait_for_function("() => !document.querySelector('.tk-seat-fold')", timeout=5000)
    finally:
        ctx.close()


def test_a_seat_holding_a_card_of_the_decision_is_never_folded(browser):
    """Labyrinth's Archpriestess swap on a low window: the targets in the other seats'
    panels stay drawn, so a pick lights targets a person can see and click."""
    f = next(f for f in FIXTURES if f["position"] == "swap")
    g = replay(f)
    board = Board(g, g.pending.player, rules=True, on_branch=lambda: None)
    ctx = browser.new_context(viewport={"width": 1280, "height": 500})
    page = ctx.new_page()
    try:
        draw(page, board.view)
        first = page.locator(".tk-pair-first").first
        first.click()
        targets = page.locator(".tk-card.tk-target")
        assert targets.count() >= 1
        for i in range(targets.count()):
            assert targets.nth(i).is_visible()
        # the targets lie in the other seats' panels, none of them behind a fold
        assert page.locator(".tk-seat .tk-card.tk-target").count() >= 1
        assert page.locator(".tk-seat-fold .tk-card.tk-target").count() == 0
    finally:
        ctx.close()


ZOOM = """() => {
    const z = document.querySelector('.tk-zoom-float');
    if (!z || z.hidden) return null;
    const r = z.getBoundingClientRect(), app = document.querySelector('.tk-app').getBoundingClientRect();
    return {text: z.innerText, left: r.left, right: r.right, top: r.top, bottom: r.bottom,
            appLeft: app.left, appRight: app.right, appTop: app.top, appBottom: app.bottom,
            wide: document.documentElement.scrollWidth > innerWidth};
}"""


@pytest.mark.parametrize("size", FIT_SIZES)
def test_a_cards_zoom_opens_on_hover_and_focus_inside_the_board_never_clipped(browser, size):
    """The rightmost card of the top seats and the last card of the hand: the zoom shows
    the card's name inside the board and the window's width; it goes when the pointer leaves."""
    f = next(f for f in FIXTURES if f["position"] == "swap")  # heroes up to the right edge
    g = replay(f)
    seat = g.pending.player
    board = Board(g, seat, rules=True, on_branch=lambda: None)
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = ctx.new_page()
    try:
        draw(page, board.view)
        page.locator(".tk-seat-fold > summary").evaluate_all("(ss) => ss.forEach((s) => s.click())")
        cards = page.locator(".tk-board-top .tk-card[data-uid], [data-zone$='/hand'] .tk-card[data-uid]")
        boxes = [cards.nth(i).bounding_box() for i in range(cards.count())]
        rightmost = max(range(len(boxes)), key=lambda i: boxes[i]["x"] + boxes[i]["width"])
        assert boxes[rightmost]["x"] + 240 > size[0], "a card whose zoom would not fit to its right"
        lowest = max(range(len(boxes)), key=lambda i: boxes[i]["y"])
        for i in (rightmost, lowest):
            card = cards.nth(i)
            name = board.view["cards"][card.get_attribute("data-uid")]["name"]
            card.hover()
            z = page.evaluate(ZOOM)
            assert z and name in z["text"], (name, z)
            assert z["appLeft"] <= z["left"] and z["right"] <= min(z["appRight"], size[0]) + 0.5, z
            assert z["appTop"] <= z["top"] and z["bottom"] <= z["appBottom"] + 0.5, z
            assert not z["wide"], "the zoom makes the page scroll sideways"
            page.mouse.move(0, 0)
            assert page.evaluate(ZOOM) is None
        cards.nth(rightmost).focus()  # the keyboard opens it too
        assert page.evaluate(ZOOM) is not None
        page.locator('.tk-board-bar button[data-action="undo"]').focus()
        assert page.evaluate(ZOOM) is None
    finally:
        ctx.close()


NOW_ON_SCREEN = """() => {
    const now = document.querySelector('.tk-diagram-stage .tk-flow-now');
    const stage = document.querySelector('.tk-diagram-stage');
    if (!now || !stage) return null;
    const n = now.getBoundingClientRect(), s = stage.getBoundingClientRect();
    const cx = n.left + n.width / 2, cy = n.top + n.height / 2;
    return {inStage: cx >= s.left && cx <= s.right && cy >= s.top && cy <= s.bottom,
            onScreen: cx >= 0 && cx <= innerWidth && cy >= 0 && cy <= innerHeight, y: cy,
            wide: document.documentElement.scrollWidth > innerWidth};
}"""


@pytest.mark.parametrize("game_id", GAMES)
def test_the_diagram_keeps_now_on_the_screen_at_every_step(game_id, browser):
    """The side panel beside the table with the diagram open: after every step of a seeded
    game with bots (the sample: its first steps; the full count: to its end), at the three
    sizes, ▶ now lies inside the diagram's box and inside the screen."""
    from sampling import count

    steps = count("diagram_steps")
    ctx = browser.new_context(viewport={"width": SIZES[0][0], "height": SIZES[0][1]})
    page = ctx.new_page()
    try:
        for w, h in SIZES:
            g, board = watched(game_id, 3)
            page.set_viewport_size({"width": w, "height": h})
            draw(page, board.view)
            toggle = page.locator(".tk-side-toggle")
            if toggle.get_attribute("aria-pressed") != "true":
                toggle.click()
            page.locator(".tk-board-diagram > summary").click()
            page.wait_for_function("() => window.sent.length > 0")  # the fold's toggle comes after the click
            assert page.evaluate("() => window.sent")[-1]["action"] == "diagram"
            assert board.handle(page.evaluate("() => window.sent")[-1]) is None
            page.evaluate("(svg) => window.tkModel.set('diagram', svg)", board.diagram)
            for step in range(steps):
                if g.is_over:
                    break
                assert board.press("step") is None
                page.evaluate("([view, svg]) => { window.tkModel.set('diagram', svg); window.tkModel.set('view', view); }",
                              [board.view, board.diagram])
                where = f"{game_id} at {w}x{h}, step {step + 1} (record {len(g.history)})"
                now = page.evaluate(NOW_ON_SCREEN)
                assert now and now["inStage"] and now["onScreen"], f"{where}: ▶ now {now}"
                assert not now["wide"], f"{where}: the page scrolls sideways"
    finally:
        ctx.close()


VIEWBOX = "() => document.querySelector('.tk-diagram-stage svg').getAttribute('viewBox').split(' ').map(Number)"


def open_diagram(page, board: Board) -> None:
    """The side panel beside the table and the diagram open, as the kernel answers."""
    toggle = page.locator(".tk-side-toggle")
    if toggle.get_attribute("aria-pressed") != "true":
        toggle.click()
    page.locator(".tk-board-diagram > summary").click()
    page.wait_for_function("() => window.sent.some((m) => m.action === 'diagram')")
    msg = [m for m in page.evaluate("() => window.sent") if m["action"] == "diagram"][-1]
    assert board.handle(msg) is None
    page.evaluate("(svg) => window.tkModel.set('diagram', svg)", board.diagram)


def test_the_diagram_zooms_and_pans_with_mouse_keys_buttons_and_touch(browser):
    g, board = watched("mirkwood", 2)
    ctx = browser.new_context(viewport={"width": 1920, "height": 1080}, has_touch=True)
    page = ctx.new_page()
    try:
        draw(page, board.view)
        open_diagram(page, board)
        stage = page.locator(".tk-diagram-stage")
        first = page.evaluate(VIEWBOX)
        box = stage.bounding_box()
        # centred on ▶ now at a readable scale: one diagram unit a pixel
        assert first[2] == pytest.approx(box["width"] - 2, abs=2)
        page.locator(".tk-diagram-tool[aria-label='Zoom in']").click()
        zoomed = page.evaluate(VIEWBOX)
        assert zoomed[2] < first[2] * 0.9
        page.locator(".tk-diagram-tool[aria-label='Show the whole diagram']").click()
        whole = page.evaluate(VIEWBOX)
        assert whole[2] > first[2] * 1.5  # Mirkwood's diagram is far larger than its box
        page.locator(".tk-diagram-tool[aria-label='Centre on ▶ now']").click()
        assert page.evaluate(VIEWBOX) == pytest.approx(first, abs=1)
        # a drag pans by as many units as pixels, at this scale
        cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        page.mouse.move(cx, cy)
        page.mouse.down()
        page.mouse.move(cx + 100, cy + 40, steps=5)
        page.mouse.up()
        dragged = page.evaluate(VIEWBOX)
        assert dragged[0] == pytest.approx(first[0] - 100, abs=2) and dragged[1] == pytest.approx(first[1] - 40, abs=2)
        # the wheel zooms round the pointer
        page.mouse.wheel(0, -100)
        assert page.evaluate(VIEWBOX)[2] < dragged[2]
        # the keys: arrows pan, + and - zoom, 0 shows it whole, N finds ▶ now
        stage.focus()
        before = page.evaluate(VIEWBOX)
        page.keyboard.press("ArrowRight")
        assert page.evaluate(VIEWBOX)[0] > before[0]
        page.keyboard.press("-")
        assert page.evaluate(VIEWBOX)[2] > before[2]
        page.keyboard.press("0")
        assert page.evaluate(VIEWBOX) == pytest.approx(whole, abs=1)
        page.keyboard.press("n")
        assert page.evaluate(NOW_ON_SCREEN)["inStage"]
        # a finger drags it too (pointer events of a touch)
        before = page.evaluate(VIEWBOX)
        page.evaluate("""([x, y]) => {
            const s = document.querySelector('.tk-diagram-stage');
            const ev = (type, dx) => s.dispatchEvent(new PointerEvent(type, {pointerId: 7, pointerType: 'touch',
                clientX: x + dx, clientY: y, bubbles: true}));
            ev('pointerdown', 0); ev('pointermove', -50); ev('pointerup', -50);
        }""", [cx, cy])
        assert page.evaluate(VIEWBOX)[0] > before[0]
        # the game moves: ▶ now is centred again, at the person's scale
        for _ in range(5):
            board.press("step")
        page.evaluate("([view, svg]) => { window.tkModel.set('diagram', svg); window.tkModel.set('view', view); }",
                      [board.view, board.diagram])
        assert page.evaluate(NOW_ON_SCREEN)["inStage"]
    finally:
        ctx.close()


def test_the_search_results_stay_inside_the_side_panel(browser):
    g = new("mirkwood", 2)
    board = Board(g, g.players[0], rules=True)
    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    page = ctx.new_page()
    try:
        draw(page, board.view)
        page.locator(".tk-side-toggle").click()
        assert page.locator(".tk-board-right .tk-side").count() == 1
        page.locator(".tk-board-rules > summary").click()
        page.locator(".tk-search-box").type("engagement cost")
        page.wait_for_function("() => window.sent.some((m) => m.action === 'search')")
        msg = [m for m in page.evaluate("() => window.sent") if m["action"] == "search"][-1]
        assert board.handle(msg) is None
        page.evaluate("(found) => window.tkModel.set('found', found)", board.found)
        hits = page.locator(".tk-search-hit")
        assert hits.count() >= 3
        side = page.locator(".tk-side").bounding_box()
        for el in [page.locator(".tk-search-box")] + [hits.nth(i) for i in range(hits.count())]:
            r = el.bounding_box()
            assert side["x"] <= r["x"] and r["x"] + r["width"] <= side["x"] + side["width"] + 0.5
        assert not page.evaluate(CUT)
        assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
    finally:
        ctx.close()


def zones_of(view: dict) -> dict[str, str]:
    return {u: z["id"] for z in view["zones"] for u in z["cards"] if u is not None}


def step_until_a_card_moves(board: Board) -> str:
    """Steps until a card the view shows changes zone; that card's uid."""
    for _ in range(200):
        before = zones_of(board.view)
        assert board.press("step") is None
        after = zones_of(board.view)
        moved = [u for u in after if u in before and before[u] != after[u]]
        if moved:
            return moved[0]
    raise AssertionError("no card moved in 200 steps")


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_a_card_that_changes_zone_slides_there_and_what_changed_is_marked_until_the_next_step(browser, motion):
    g, board = watched("creatures", 2)
    ctx = browser.new_context(viewport={"width": 1366, "height": 768}, reduced_motion=motion)
    page = ctx.new_page()
    try:
        draw(page, board.view)
        assert page.locator(".tk-card.tk-changed").count() == 0  # the first drawing marks nothing
        uid = step_until_a_card_moves(board)
        # the slide is looked for as the view arrives, frame by frame (a busy machine must not let
        # the 250 ms animation end before the test looks at it)
        sliding = page.evaluate("""async ([view, uid]) => {
            window.tkModel.set('view', view);
            for (let i = 0; i < 10; i++) {
                const el = document.querySelector(`.tk-card[data-uid="${uid}"]`);
                const found = el ? el.getAnimations().map((a) => a.effect.getTiming().duration) : [];
                if (found.length) return found;
                await new Promise((done) => requestAnimationFrame(done));
            }
            return [];
        }""", [board.view, uid])
        assert sliding == ([] if motion == "reduce" else [250])
        card = page.locator(f'.tk-card[data-uid="{uid}"]').first
        assert "tk-changed" in card.get_attribute("class")
        assert card.locator(".tk-changed-mark").inner_text().strip() == "✱"  # a sign, not a colour only
        assert card.get_attribute("aria-label").startswith("just changed: ")
        # a redraw of the same record keeps the marks; the next record clears them
        page.evaluate("(view) => window.tkModel.set('view', view)", board.view)
        assert "tk-changed" in page.locator(f'.tk-card[data-uid="{uid}"]').first.get_attribute("class")
        # one more step that leaves the card where and as it is: its mark goes
        view = board.view
        assert board.press("step") is None
        assert zones_of(board.view)[uid] == zones_of(view)[uid] and board.view["cards"][uid] == view["cards"][uid]
        page.evaluate("(view) => window.tkModel.set('view', view)", board.view)
        assert "tk-changed" not in page.locator(f'.tk-card[data-uid="{uid}"]').first.get_attribute("class")
    finally:
        ctx.close()


def test_a_sliding_card_lets_a_click_through_to_the_card_under_it(browser):
    """A card sliding to its new zone takes no clicks while it moves (a click at its
    middle lands on what lies under it), and takes them again once it is there."""
    g, board = watched("creatures", 2)
    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    page = ctx.new_page()
    try:
        draw(page, board.view)
        seen = None
        for _ in range(200):
            assert board.press("step") is None
            seen = page.evaluate("""(view) => {
                window.tkModel.set('view', view);
                const el = document.querySelector('.tk-card.tk-sliding');
                if (!el) return null;
                const r = el.getBoundingClientRect();
                const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
                return {uid: el.dataset.uid, sliding: el.getAnimations().length,
                        pointer: getComputedStyle(el).pointerEvents, hitsIt: !!hit && el.contains(hit)};
            }""", board.view)
            if seen:
                break
        assert seen, "no card slid in 200 steps"
        assert seen["sliding"] and seen["pointer"] == "none" and not seen["hitsIt"]
        page.wait_for_function("(uid) => !document.querySelector(`.tk-card[data-uid='${uid}']`).getAnimations().length",
                               arg=seen["uid"])
        card = page.locator(f'.tk-card[data-uid="{seen["uid"]}"]').first
        assert "tk-sliding" not in card.get_attribute("class")
        assert card.evaluate("(el) => getComputedStyle(el).pointerEvents") == "auto"
    finally:
        ctx.close()


def tab_to(page, selector: str, limit: int = 600) -> None:
    """Presses Tab until the keyboard focus is on an element matching `selector`."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("(sel) => !!document.activeElement && document.activeElement.matches(sel)", selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


def answer(page, board: Board) -> list[dict]:
    """What the page sent goes to the board, and the board's new view back to the page;
    returns what the page sent."""
    sent = page.evaluate("() => window.sent.splice(0)")
    for msg in sent:
        assert board.handle(msg) is None, msg
    page.evaluate("(view) => window.tkModel.set('view', view)", board.view)
    return sent


@pytest.mark.parametrize("game_id", GAMES)
def test_ten_steps_played_with_the_keyboard_only(game_id, browser):
    """The first seat a person, the others random bots: Tab and Enter (or Space) press Step,
    answer a decision on a button or a card where it lies, a pair in two presses, a
    multi-pick with Confirm; the arrow keys move between the cards of a zone."""
    g = new(game_id, 4)
    me = g.players[0]
    board = Board(g, me, bots={p: "random" for p in g.players[1:]}, rules=True)
    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    page = ctx.new_page()
    try:
        draw(page, board.view)
        keys = ["Enter", " "]
        decided = 0
        turn = 0
        while turn < 10 or (not decided and turn < 60):  # ten steps, and at least one of the person's decisions
            key = keys[turn % 2]
            turn += 1
            record = board.view["record"]
            d = board.view["decision"]
            if d and not d.get("waiting_for") and d["player"] == me:
                if d["min"] == 1 and d["max"] == 1:
                    tab_to(page, ".tk-decision button.tk-option, .tk-option-card:not(.tk-illegal)")
                    page.keyboard.press(key)
                    if page.locator(".tk-card.tk-aiming").count():  # a pair: now its target
                        tab_to(page, ".tk-card.tk-target")
                        page.keyboard.press(key)
                else:
                    tab_to(page, "button.tk-confirm:not([disabled])")
                    page.keyboard.press(key)
                decided += 1
            else:
                tab_to(page, 'button.tk-control[data-action="step"]')
                page.keyboard.press(key)
            sent = page.evaluate("() => window.sent.slice()")
            assert sent, f"turn {turn}: the key sent nothing"
            answer(page, board)
            assert board.view["record"] > record, f"turn {turn}: nothing happened"
        assert decided >= 1, "no decision of the person's in ten steps"
        # the arrow keys within a zone
        hand = page.locator(f'[data-zone="{me}/hand"] .tk-card[tabindex]')
        if hand.count() >= 2:
            hand.first.focus()
            page.keyboard.press("ArrowRight")
            assert page.evaluate("() => document.activeElement.dataset.uid") == hand.nth(1).get_attribute("data-uid")
            page.keyboard.press("End")
            assert page.evaluate("() => document.activeElement.dataset.uid") == hand.last.get_attribute("data-uid")
            page.keyboard.press("Home")
            assert page.evaluate("() => document.activeElement.dataset.uid") == hand.first.get_attribute("data-uid")
    finally:
        ctx.close()


TOO_SMALL = """() => [...document.querySelectorAll('.tk-app button, .tk-app summary, .tk-app label, .tk-app select,'
    + ' .tk-app input:not([type=file]):not([type=checkbox]), .tk-app [tabindex]')]
    .filter((e) => e.getClientRects().length && !e.closest('details:not([open]) > :not(summary)'))
    .map((e) => { const r = e.getBoundingClientRect();
        return [e.tagName + '.' + e.className, Math.round(r.width), Math.round(r.height), (e.innerText || '').slice(0, 20)]; })
    .filter(([, w, h]) => w < 32 || h < 32)"""


def test_on_a_touch_screen_at_1024x768_every_target_is_32px_and_a_tap_opens_the_zoom(browser):
    """Every fixed position of every game at 1024x768 on a touch screen: buttons, folds,
    labels (a checkbox is tapped by its label), selects and cards at least 32 px. A first
    tap on a card that is an option opens its zoom and sends nothing; a second chooses it."""
    ctx = browser.new_context(viewport={"width": 1024, "height": 768}, has_touch=True)
    page = ctx.new_page()
    try:
        for game_id in GAMES:
            for name, _seat, view in fixture_views(game_id):
                draw(page, view)
                assert page.evaluate("() => matchMedia('(pointer: coarse)').matches")
                small = page.evaluate(TOO_SMALL)
                assert not small, f"{game_id} {name}: targets under 32 px: {small[:4]}"
                for box in page.locator(".tk-app label:has(input[type=checkbox])").all():
                    assert box.bounding_box()["height"] >= 32
        f = next(f for f in FIXTURES if f["game"] == "mirkwood" and f["position"] == "largest" and f["players"] == 4)
        g = replay(f)
        board = Board(g, g.pending.player, rules=True, on_branch=lambda: None)
        draw(page, board.view)
        card = page.locator(".tk-option-card:not(.tk-illegal):not(.tk-pair-first)").first
        card.tap()
        z = page.evaluate(ZOOM)
        assert z and board.view["cards"][card.get_attribute("data-uid")]["name"] in z["text"]
        assert page.evaluate("() => window.sent") == []
        card.tap()
        assert [m["action"] for m in page.evaluate("() => window.sent")] == ["choose"]
    finally:
        ctx.close()


# a seed whose game, clicked through as below, ends in a few hundred clicks (seed 2's
# Labyrinth game at four players takes nearly 3,000, and a minute and a half)
WHOLE_GAME_SEED = {"labyrinth": 6, "foehunters": 3}


@pytest.mark.parametrize("game_id", GAMES)
def test_one_whole_game_clicked_through_with_bots_in_the_other_seats(game_id, browser):
    """The first seat a person, the others random bots, at 1366x768: End of round (which
    stops where the person must choose) or, at a decision, its first legal option clicked
    where it lies (a card, a pair's two cards, a button; a multi-pick's Confirm), to the
    game's end, which the board then names."""
    g = new(game_id, WHOLE_GAME_SEED.get(game_id, 2))
    me = g.players[0]
    board = Board(g, me, bots={p: "random" for p in g.players[1:]}, rules=True)
    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    page = ctx.new_page()
    clicks = 0
    try:
        draw(page, board.view)
        while not g.is_over:
            assert clicks < 3000, "the game did not end in 3000 clicks"
            record = board.view["record"]
            d = board.view["decision"]
            if d and not d.get("waiting_for") and d["player"] == me:
                if not (d["min"] == 1 and d["max"] == 1):
                    # the suggestion comes ticked; else tick options until enough are picked
                    ticks = page.locator(".tk-decision button.tk-option:not(.tk-picked),"
                                         " .tk-option-card:not(.tk-illegal):not(.tk-picked)")
                    while page.locator("button.tk-confirm[disabled]").count() and ticks.count():
                        ticks.first.click()
                    page.locator("button.tk-confirm:not([disabled])").click()
                elif page.locator(".tk-pair-first").count() and not page.locator(
                        ".tk-decision button.tk-option, .tk-option-card:not(.tk-illegal):not(.tk-pair-first)").count():
                    page.locator(".tk-pair-first").first.click()
                    page.locator(".tk-card.tk-target").first.click()
                else:
                    page.locator(".tk-decision button.tk-option, .tk-option-card:not(.tk-illegal):not(.tk-pair-first)"
                                 ).first.click()
            else:
                page.locator('button.tk-control[data-action="run:round"]').click()
            clicks += 1
            sent = answer(page, board)
            assert board.view["record"] > record, f"click {clicks}: nothing happened (the page sent {sent})"
            assert page.locator(".tk-banner").count() == 0
        text = page.locator(".tk-decision").inner_text()
        assert "Game over" in text and board.view["over"]["why"] in text
    finally:
        ctx.close()


@pytest.mark.parametrize("size", SIZES)
def test_the_glossary_opens_in_the_side_panel_with_every_term(browser, size, output_dir):
    """The game's words (its glossary.yaml) are one fold of the rules panel: each term
    and its meaning, inside the panel, nothing cut."""
    g = new("foehunters", 2)
    board = Board(g, g.players[0], rules=True)
    assert board.glossary and board.glossary[0]["term"] == "P"
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = ctx.new_page()
    try:
        draw(page, board.view)
        page.evaluate("(terms) => window.tkModel.set('glossary', terms)", board.glossary)
        page.locator(".tk-side-toggle").click()
        summary = page.locator(".tk-board-glossary > summary")
        assert summary.is_visible() and f"({len(board.glossary)})" in summary.inner_text()
        summary.click()
        terms = page.locator(".tk-board-glossary dt")
        assert terms.count() == len(board.glossary)
        assert terms.first.inner_text() == "P" and terms.first.is_visible()
        meaning = page.locator(".tk-board-glossary dd").first
        assert "number of heroes" in meaning.inner_text() and "FH-SOLO-P" in meaning.inner_text()
        side = page.locator(".tk-side").bounding_box()
        r = page.locator(".tk-board-glossary").bounding_box()
        assert side["x"] <= r["x"] and r["x"] + r["width"] <= side["x"] + side["width"] + 0.5
        assert not page.evaluate(CUT) and not page.evaluate(SMALL_TEXT)
        assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
        page.locator(".tk-board-glossary").scroll_into_view_if_needed()
        page.screenshot(path=str(output_dir / f"board-glossary-{size[0]}x{size[1]}.png"))
    finally:
        ctx.close()
