"""In Chromium, against a live Voilà (issue 19): the rules search under a table (a
Sandbox's board, tablekit/widgets/board.js) on a tiny notebook this test writes:
typing a word lists the hits as buttons, and a card's hit shows the card drawn as the
table draws it (its template's numbers), with its text."""

from __future__ import annotations

import pytest
from conftest import local_page, one_notebook_voila

NOTEBOOK = """from tablekit.games.mirkwood import positions as P
from tablekit.widgets import Sandbox
Sandbox(P.first_game(), bots=P.READER)"""


@pytest.fixture(scope="module")
def search_server(tmp_path_factory, output_dir):
    """Voilà serving a folder with one notebook: a Mirkwood table with its rules (no preheated kernel)."""
    with one_notebook_voila(tmp_path_factory.mktemp("search-notebook"), "search.ipynb", NOTEBOOK,
                            output_dir / "voila-search.log") as url:
        yield url


@pytest.fixture
def search_page(browser, search_server):
    """A page of its own context; every request to another host is recorded and aborted."""
    with local_page(browser, search_server, {"width": 1200, "height": 900}) as p:
        yield p


def test_typing_lists_hits_and_a_card_hit_shows_its_face(search_server, search_page, output_dir):
    page = search_page
    page.goto(f"{search_server}/voila/render/search.ipynb", wait_until="commit")
    rules = page.locator(".tk-app.tk-board details.tk-board-rules")
    rules.wait_for(state="attached", timeout=120_000)
    assert not rules.evaluate("d => d.open"), "the rules start folded under the table"
    rules.locator("> summary").click()
    box = rules.locator("input.tk-search-box")
    box.wait_for(timeout=30_000)
    assert box.get_attribute("placeholder") == "Search the rules, rulings and cards"
    box.click()
    box.press_sequentially("spid", delay=30)
    hits = rules.locator("button.tk-search-hit")
    # exact: "MK-ATTACHMENT-DISCARD: Forest Spider..." holds "card: forest spider" too
    card = rules.get_by_role("button", name="Card: Forest Spider", exact=True)
    card.wait_for(timeout=30_000)
    assert hits.count() >= 3
    assert rules.locator(".tk-search-count").inner_text().startswith(f"{hits.count()} match")
    # the keyboard reaches a hit: it is a real button
    assert card.evaluate("el => el.tagName") == "BUTTON"
    card.focus()
    page.keyboard.press("Enter")
    face = rules.locator(".tk-search-result .tk-card.tk-search-face")  # drawn as the table draws it
    face.wait_for(timeout=30_000)
    assert face.get_attribute("aria-label") == "Forest Spider"
    assert "Forest Spider" in face.inner_text() and face.locator(".tk-stat").count() >= 3  # the template's numbers
    box_size = face.bounding_box()
    assert box_size and box_size["width"] > 100 and box_size["height"] > 60
    assert "Forced:" in rules.locator(".tk-search-result").inner_text()
    page.screenshot(path=str(output_dir / "rules-search.png"))

    box.fill("zzzq")
    none = rules.locator(".tk-search-count", has_text="No rule")
    none.wait_for(timeout=30_000)
    assert "No rule, ruling or card matches “zzzq”" in none.inner_text()
    assert hits.count() == 0
    assert rules.locator(".tk-search-result .tk-card").count() == 0
    assert page.foreign == []
