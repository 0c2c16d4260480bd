"""In Chromium, against a live Voilà (issue 19): the rules search on a tiny
notebook this test writes: typing a word lists the hits as buttons, and a
card's hit shows the card drawn as SVG with its text."""

from __future__ import annotations

import pytest
from conftest import local_page, one_notebook_voila

NOTEBOOK = """import ipywidgets as W
from tablekit.core.registry import get_game
from tablekit.widgets.search import RulesSearch
from tablekit.widgets.style import style_html
app = W.VBox([style_html(), RulesSearch(get_game("mirkwood"))])
app.add_class("tk-app")
app"""


@pytest.fixture(scope="module")
def search_server(tmp_path_factory, output_dir):
    """Voilà serving a folder with one notebook: a rules search (no preheated kernel)."""
    with one_notebook_voila(tmp_path_factory.mktemp("search-notebook"), "search.ipynb", NOTEBOOK,
                            output_dir / "voila-search.log") as url:
        yield url


@pytest.fixture
def search_page(browser, search_server):
    """A page of its own context; every request to another host is recorded and aborted."""
    with local_page(browser, search_server, {"width": 1200, "height": 900}) as p:
        yield p


def test_typing_lists_hits_and_a_card_hit_shows_its_svg(search_server, search_page, output_dir):
    page = search_page
    page.goto(f"{search_server}/voila/render/search.ipynb", wait_until="commit")
    box = page.locator(".tk-app .tk-search .tk-search-box input")
    box.wait_for(timeout=120_000)
    assert box.get_attribute("placeholder") == "Search the rules, rulings and cards"
    box.click()
    box.press_sequentially("spid", delay=30)
    hits = page.locator(".tk-search button.tk-search-hit")
    # exact: "MK-ATTACHMENT-DISCARD: Forest Spider..." holds "card: forest spider" too
    card = page.locator(".tk-search").get_by_role("button", name="Card: Forest Spider", exact=True)
    card.wait_for(timeout=30_000)
    assert hits.count() >= 3
    assert page.locator(".tk-search-count").inner_text().startswith(f"{hits.count()} match")
    # the keyboard reaches a hit: it is a real button
    assert card.evaluate("el => el.tagName") == "BUTTON"
    card.focus()
    page.keyboard.press("Enter")
    svg = page.locator(".tk-search-result svg.tk-cardsvg")
    svg.wait_for(timeout=30_000)
    assert svg.get_attribute("aria-label").startswith("Forest Spider")
    box_size = svg.bounding_box()
    assert box_size and box_size["width"] > 100 and box_size["height"] > 100
    assert "Forced:" in page.locator(".tk-search-result").inner_text()
    page.screenshot(path=str(output_dir / "rules-search.png"))

    box.fill("zzzq")
    page.locator(".tk-search-none").wait_for(timeout=30_000)
    assert "No rule, ruling or card matches “zzzq”" in page.locator(".tk-search-none").inner_text()
    assert hits.count() == 0
    assert page.foreign == []
