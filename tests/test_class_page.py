"""The light class page (issue 38): `tablekit serve NOTEBOOK --class N` draws the
notebook's outputs with the small widget manager of the `tablekit-class` template
instead of JupyterLab's front end. It must draw every widget model tablekit's pages
use, carry each kind of change both ways, and show the board as a person sees it."""

from __future__ import annotations

import re
from pathlib import Path

import ipywidgets
import pytest
from conftest import class_voila

from tablekit._voila import CLASS_TEMPLATE, TEMPLATE, TEMPLATES
from tablekit.serve import voila_command

FOLDER = TEMPLATES / "voila" / "templates" / CLASS_TEMPLATE
WIDGETS = Path(__file__).resolve().parent.parent / "tablekit" / "widgets"
SIZES = [(1366, 768), (1280, 720), (1920, 1080)]


def drawn_models() -> set[str]:
    """The model names classpage.js draws: the keys of its VIEWS table."""
    text = (FOLDER / "static" / "classpage.js").read_text()
    table = text.split("const VIEWS = {", 1)[1].split("\n};", 1)[0]
    return set(re.findall(r"^\s+(\w+Model):", table, re.M))


def used_models() -> set[str]:
    """The models of every ipywidgets class tablekit's widgets build (`W.Name`), and the
    anywidget model; layouts and styles are no views (the page applies them)."""
    names = set()
    for path in WIDGETS.glob("*.py"):
        names |= set(re.findall(r"\bW\.([A-Z]\w+)", path.read_text()))
    models = {"AnyModel"}
    for name in names:
        cls = getattr(ipywidgets, name)
        if issubclass(cls, ipywidgets.DOMWidget):
            models.add(cls._model_name.default_value)
    return models


def test_the_class_page_draws_every_widget_model_tablekit_uses():
    used = used_models()
    assert {"ButtonModel", "AccordionModel", "FileUploadModel", "DropdownModel"} <= used
    assert used <= drawn_models(), f"the class page cannot draw {sorted(used - drawn_models())}"


def test_a_class_gets_the_light_page_unless_it_asks_for_the_full_one():
    assert f"--template={CLASS_TEMPLATE}" in voila_command("creatures.ipynb", class_size=3)
    assert f"--template={TEMPLATE}" in voila_command("creatures.ipynb", class_size=3, full_page=True)
    assert f"--template={TEMPLATE}" in voila_command("creatures.ipynb")
    import tablekit

    with pytest.raises(tablekit.TablekitError, match="--full-page is for a class"):
        voila_command("creatures.ipynb", full_page=True)


def test_the_class_page_loads_nothing_from_elsewhere():
    for path in FOLDER.rglob("*"):
        if path.is_file():
            text = path.read_text()
            assert not re.search(r"(src|href)=[\"']?https?://", text), path
            assert "cdn." not in text and "import(\"http" not in text, path


# -- in Chromium ---------------------------------------------------------------------

@pytest.mark.parametrize("width,height", SIZES)
def test_the_class_page_shows_the_board_at_each_size(browser, tmp_path, width, height):
    out = Path(__import__("os").environ.get("TABLEKIT_TEST_OUTPUT", tmp_path))
    out.mkdir(parents=True, exist_ok=True)
    with class_voila("creatures.ipynb", tmp_path / "voila.log", class_size=1, class_quiet=600) as server:
        page = browser.new_page(viewport={"width": width, "height": height})
        try:
            page.goto(f"http://127.0.0.1:{server.port}/voila/render/creatures.ipynb")
            board = page.locator(".tk-app.tk-board").first
            board.wait_for(timeout=60_000)
            assert page.get_by_role("heading", name="Creatures and Cards").is_visible()
            step = board.get_by_role("button", name="Step", exact=True)
            step.scroll_into_view_if_needed()
            assert step.is_visible() and step.is_enabled()
            # nothing wider than the window, and the board inside it
            assert page.evaluate("document.documentElement.scrollWidth") <= width
            box = board.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= width
            for _ in range(3):
                step.click()
            page.wait_for_function("() => !document.querySelector('.tk-app.tk-board .tk-board-log')"
                                   ".innerText.includes('nothing yet')", timeout=10_000)
            opener = page.locator(".jupyter-widget-Collapse-header").first
            opener.scroll_into_view_if_needed()
            assert opener.is_visible()
            page.screenshot(path=str(out / f"class-page-{width}x{height}.png"))
            opener.click()
            assert opener.get_attribute("aria-expanded") == "true"
            page.locator(".tk-app.tk-board").nth(1).wait_for(timeout=30_000)
            page.screenshot(path=str(out / f"class-page-{width}x{height}-opened.png"))
        finally:
            page.close()
