"""In Chromium, against a live Voilà, at 1024x768 (issue 18): at a decision on the
Creatures notebook's first table no button or option label is cut, and Save game
then Load game brings the game back to the same record."""

from __future__ import annotations

import json
import re

APP = ".tk-app >> nth=0"

CUT = """app => [...app.querySelectorAll('button, .tk-option label, .tk-option label span')]
    .filter(el => el.offsetParent !== null && el.scrollWidth > el.clientWidth)
    .map(el => `${el.innerText.trim()} (${el.scrollWidth} > ${el.clientWidth})`)"""


def record(app) -> int:
    text = app.locator(".tk-status").inner_text()
    m = re.search(r"Record (\d+)", text)
    assert m, f"no record number in the status line: {text!r}"
    return int(m.group(1))


def wait_for_record(page, n: int) -> None:
    page.wait_for_function("n => /Record (\\d+)/.test(document.querySelector('.tk-app .tk-status').innerText) && "
                           "+document.querySelector('.tk-app .tk-status').innerText.match(/Record (\\d+)/)[1] === n",
                           arg=n, timeout=30_000)


def log_entries(app) -> int:
    return app.locator(".tk-log .tk-entry-path").count()


def step_to_a_decision(page, app) -> None:
    step = app.locator("button", has_text="Step").first
    for _ in range(80):
        if app.locator(".tk-decision .tk-option").count():
            return
        n = record(app)
        step.click()
        wait_for_record(page, n + 1)
    raise AssertionError("no decision for the person in 80 steps")


def open_first_table(page, voila_url: str, width: int, height: int):
    """The Creatures notebook's first table, once its buttons answer."""
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{voila_url}/voila/render/creatures.ipynb", wait_until="commit")
    app = page.locator(APP)
    app.locator("button", has_text="Step").first.wait_for(timeout=120_000)
    page.wait_for_function("() => !document.querySelector('.tk-app button').disabled", timeout=120_000)
    return app


def test_at_1024_nothing_is_cut_and_save_then_load_game_round_trips(voila_url, page, output_dir):
    app = open_first_table(page, voila_url, 1024, 768)
    assert app.locator(".tk-controls button", has_text="Save game").count() == 1
    step_to_a_decision(page, app)
    page.screenshot(path=str(output_dir / "decision-1024x768.png"))
    cut = app.evaluate(CUT)
    assert cut == [], f"cut at 1024x768: {cut}"

    # Save game: a download of the whole game
    saved_at, saved_entries = record(app), log_entries(app)
    app.locator(".tk-controls button", has_text="Save game").click()
    link = app.locator(".tk-download a")
    link.wait_for(timeout=30_000)
    with page.expect_download() as info:
        link.click()
    download = info.value
    assert download.suggested_filename == f"creatures-game-record-{saved_at}.json"
    path = output_dir / download.suggested_filename
    download.save_as(path)
    data = json.loads(open(path, encoding="utf-8").read())
    assert data["game"] == "creatures" and data["players"] == ["Ana", "Bo", "Cy"]

    # play on, then Load game of that file: back at the saved record
    app.locator(".tk-decision button.tk-option:enabled, .tk-decision button.tk-confirm").first.click()
    wait_for_record(page, saved_at + 1)
    # ipywidgets' FileUpload keeps its <input type=file> out of the page: its button opens the chooser
    with page.expect_file_chooser() as chooser:
        app.locator("button.tk-load").click()
    chooser.value.set_files(path)
    wait_for_record(page, saved_at)
    # the widgets' updates arrive one message each: the note may follow the status line
    app.locator(".tk-controls .tk-loaded").wait_for(timeout=30_000)
    assert log_entries(app) == saved_entries
    assert f"Loaded {path.name}: record {saved_at}." in app.locator(".tk-controls").inner_text()
    assert app.locator(".tk-banner").inner_text().strip() == ""
    assert app.locator(".tk-decision .tk-option").count()      # the same decision is open again
