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


# a notebook of every input kind tablekit's pages use, an image (its state carries a binary
# buffer) and a lazy section: what a teacher's own form notebook would hold
FORM = '''import ipywidgets as W
from tablekit.widgets import LazySection
PIXEL = bytes.fromhex("89504e470d0a1a0a0000000d4948445200000001000000010806000000"
                      "1f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f8e1a7"
                      "0000000049454e44ae426082")
pick = W.Dropdown(options=["a", "b", "c"], value="a", description="Pick")
name = W.Text(value="hello", description="Name")
tick = W.Checkbox(value=False, description="Tick")
count = W.IntText(value=3, description="Count")
bar = W.IntProgress(value=2, max=10, description="Done")
upload = W.FileUpload(accept=".yaml", multiple=False)
picture = W.Image(format="png", value=PIXEL, width=16, height=16)
press = W.Button(description="Press me")
out = W.HTML("nothing yet")
press.on_click(lambda _: setattr(out, "value", f"pressed: {pick.value} {name.value} {tick.value} {count.value}"))
upload.observe(lambda _: setattr(out, "value", "uploaded: " + ",".join(
    f.name + "=" + bytes(f.content).decode() for f in upload.value)), "value")
W.VBox([pick, name, tick, count, bar, upload, picture, press, out,
        LazySection("More", lambda: W.HTML("the inside"))])
'''


def form_notebook(folder: Path) -> Path:
    import json

    nb = {"cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
                     "source": FORM.splitlines(keepends=True)}],
          "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                       "language_info": {"name": "python"}},
          "nbformat": 4, "nbformat_minor": 5}
    path = folder / "form.ipynb"
    path.write_text(json.dumps(nb), encoding="utf-8")
    return path


def test_a_form_notebook_with_an_image_and_an_upload_works_on_the_class_page(browser, tmp_path):
    """A widget state with binary buffers (the image) once hung Voilà's websocket handler
    for good, so such a page never drew: the page now speaks the v1 websocket framing."""
    notebook = form_notebook(tmp_path)
    with class_voila(str(notebook), tmp_path / "voila.log", class_size=1, class_quiet=600) as server:
        page = browser.new_page(viewport={"width": 1366, "height": 768})
        try:
            page.goto(f"http://127.0.0.1:{server.port}/voila/render/form.ipynb")
            press = page.get_by_role("button", name="Press me")
            press.wait_for(timeout=60_000)
            picture = page.locator("img.widget-image")
            assert picture.is_visible()
            page.wait_for_function("() => document.querySelector('img.widget-image').naturalWidth === 1",
                                   timeout=10_000)
            assert page.get_by_role("progressbar", name="Done").get_attribute("aria-valuenow") == "2"
            # every kind of change goes to the kernel, and the kernel's answer comes back
            page.get_by_role("combobox", name="Pick").select_option("c")
            page.get_by_role("textbox", name="Name").fill("Ada")
            page.get_by_role("textbox", name="Name").press("Tab")
            page.get_by_role("checkbox", name="Tick").check()
            count = page.get_by_role("textbox", name="Count")
            count.fill("7")
            count.press("Tab")
            press.click()
            page.get_by_text("pressed: c Ada True 7").wait_for(timeout=10_000)
            # a value the kernel refuses is put back to the model's
            count.fill("seven")
            count.press("Tab")
            assert count.input_value() == "7"
            # a file goes up as a binary buffer
            page.locator("input[type=file]").set_input_files(
                files=[{"name": "ruling.yaml", "mimeType": "text/yaml", "buffer": b"game: creatures"}])
            page.get_by_text("uploaded: ruling.yaml=game: creatures").wait_for(timeout=10_000)
            assert page.get_by_role("button", name="Upload (1)").is_visible()
            # a lazy section builds its inside when opened
            page.get_by_role("button", name="More").click()
            page.get_by_text("the inside").wait_for(timeout=10_000)
            # the server stayed answering throughout
            assert "Traceback" not in server.text()
        finally:
            page.close()
