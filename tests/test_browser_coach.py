"""The Coach switch in Chromium, against a live Voilà as `tablekit serve` runs it: off at
first; turned on, the odds of each answer appear under the decision while the search
runs in the kernel's background, inside the screen at 1366x768, 1280x720 and 1920x1080,
and the options stay clickable meanwhile."""

from __future__ import annotations

import pytest
from conftest import local_page, one_notebook_voila

NOTEBOOK = """import tablekit
from tablekit.widgets import Sandbox
game = tablekit.new_game("creatures", players=2, seed=2)
game.run(until="decision")
Sandbox(game, "P1", bots={"P2": "heuristic"})"""

SIZES = [(1366, 768), (1280, 720), (1920, 1080)]


@pytest.fixture(scope="module")
def coach_server(tmp_path_factory, output_dir):
    with one_notebook_voila(tmp_path_factory.mktemp("coach-notebook"), "coach.ipynb", NOTEBOOK,
                            output_dir / "voila-coach.log") as url:
        yield url


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_coach_shows_the_odds_of_each_answer_and_the_options_stay_clickable(coach_server, browser, output_dir,
                                                                                size):
    w, h = size
    with local_page(browser, coach_server, {"width": w, "height": h}) as page:
        page.goto(f"{coach_server}/voila/render/coach.ipynb", wait_until="load", timeout=120_000)
        board = page.locator(".tk-app.tk-board")
        board.wait_for(timeout=120_000)
        switch = board.locator("label.tk-coach-switch")
        assert switch.is_visible() and not switch.locator("input").is_checked()
        assert board.locator(".tk-coach").count() == 0
        options = board.locator(".tk-decision button.tk-option")
        assert options.count() >= 1
        switch.click()
        rows = board.locator(".tk-coach .tk-coach-row")
        rows.first.wait_for(timeout=60_000)
        n = rows.count()     # one a legal option (some are clicked on the cards where they lie)
        assert n >= 2 and len(set(rows.locator(".tk-coach-label").all_inner_texts())) == n
        page.wait_for_function("() => !document.querySelector('.tk-coach-head').textContent.includes('still')",
                               timeout=120_000)
        assert rows.first.locator(".tk-coach-label").inner_text().startswith("★ ")
        for i in range(n):
            assert "400 playouts" in rows.nth(i).locator(".tk-coach-odds").inner_text()
        panel = board.locator(".tk-coach")
        panel.scroll_into_view_if_needed()
        box = panel.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= w, "the odds are inside the screen's width"
        assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
        assert "the choice stays yours" in panel.inner_text()
        why = board.locator(".tk-coach-why").inner_text()
        assert why.endswith(".") and "playouts" in why
        for el in (".tk-coach-odds", ".tk-coach-why", ".tk-coach-head"):
            assert float(board.locator(el).first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")) >= 12
        board.screenshot(path=str(output_dir / f"board-coach-{w}x{h}.png"))
        # no option is marked by the coach: the suggestion stays the rules' own
        assert board.locator(".tk-option.tk-suggested").count() <= 1
        # a click goes through while the coach searches the next position
        before = board.locator(".tk-board-log li").count()
        assert options.first.is_enabled()
        options.first.click()
        page.wait_for_function("(n) => document.querySelectorAll('.tk-board-log li').length > n", arg=before,
                               timeout=30_000)
        assert page.locator(".tk-banner").count() == 0
        assert page.foreign == [], f"the page asked another host for {page.foreign[:3]}"
