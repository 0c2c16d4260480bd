"""In Chromium, against a live Voilà, at 1024x768 (issue 18): at a decision on the
Creatures notebook's first table (a Sandbox: one board, tablekit/widgets/board.js)
no button or option label is cut, and Save game then Load game brings the game
back to the same record.

The helpers here (open the first table, read the record, step to a decision) are
shared by the other browser tests of the sandbox. The record is read as a person
reads it: the number of the newest entry of the log ("#21 · Round 1 › ..."), or 0
while the log is empty."""

from __future__ import annotations

import json

BOARD_CSS = ".tk-app.tk-board"
BOARD = f"{BOARD_CSS} >> nth=0"  # the first table's board (a branch's boards come after it)
SANDBOX = ".tk-sandbox >> nth=0"      # the board with the branches "Branch here" opens under it
# a decision that asks the seat shown (not the idle prompt, a bot's or another seat's turn to
# decide, the hot seat's handover, or the game's end)
ASKING = ".tk-decision:not(.tk-idle):not(.tk-waiting):not(.tk-handover):not(.tk-over)"

CUT = """app => [...app.querySelectorAll(
        'button, .tk-option-card .tk-card-option, .tk-decision .tk-prompt, .tk-board-log > summary')]
    .filter(el => el.offsetParent !== null && el.scrollWidth > el.clientWidth)
    .map(el => `${el.innerText.trim()} (${el.scrollWidth} > ${el.clientWidth})`)"""

RECORD = """app => {
    const newest = app.querySelector('.tk-board-log li.tk-entry .tk-entry-path');
    if (!newest) return 0;
    const m = newest.textContent.match(/^#(\\d+)/);
    return m ? +m[1] : -1;
}"""


def record(app) -> int:
    """How many records the game has, as the log numbers them (0: the log is empty)."""
    n = app.evaluate(RECORD)
    assert n >= 0, "the log's newest entry has no record number"
    return n


def wait_for_record(page, n: int) -> None:
    """Wait until the first board's log says the game has `n` records."""
    page.wait_for_function(f"n => ({RECORD})(document.querySelector('{BOARD_CSS}')) === n", arg=n, timeout=30_000)


def log_entries(app) -> int:
    return app.locator(".tk-board-log li.tk-entry").count()


def step_to_a_decision(page, app) -> None:
    """Press Step (a bot's decision is played by a press too) until a decision asks the seat shown."""
    step = app.locator('button.tk-control[data-action="step"]')
    for _ in range(80):
        if app.locator(ASKING).count():
            return
        n = record(app)
        step.click()
        wait_for_record(page, n + 1)
    raise AssertionError("no decision for the person in 80 steps")


def open_first_table(page, voila_url: str, width: int, height: int):
    """The Creatures notebook's first table (its board), once its Step button answers."""
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{voila_url}/voila/render/creatures.ipynb", wait_until="commit")
    app = page.locator(BOARD)
    app.locator('button.tk-control[data-action="step"]').wait_for(timeout=120_000)
    page.wait_for_function(f"() => !document.querySelector('{BOARD_CSS} button.tk-control').disabled",
                           timeout=120_000)
    return app


def answer_first(app) -> None:
    """Answer the open decision with its first option a click reaches: an option button,
    else a card that is an option, else (several picks) the first option then Confirm."""
    decision = app.locator(ASKING)
    buttons = decision.locator("button.tk-option:enabled")
    multi = decision.locator("button.tk-confirm").count() > 0
    if multi:
        (buttons.first if buttons.count() else app.locator(".tk-option-card:not(.tk-illegal)").first).click()
        decision.locator("button.tk-confirm:enabled").click()
    elif buttons.count():
        buttons.first.click()
    else:
        app.locator(".tk-option-card:not(.tk-illegal)").first.click()


def test_at_1024_nothing_is_cut_and_save_then_load_game_round_trips(voila_url, page, output_dir):
    app = open_first_table(page, voila_url, 1024, 768)
    settings = app.locator(".tk-board-settings")
    files = app.locator(".tk-board-bar")  # Save game, Load game, Save position and Branch here
    assert files.locator("button.tk-save-game", has_text="Save game").count() == 1
    step_to_a_decision(page, app)
    page.screenshot(path=str(output_dir / "decision-1024x768.png"))
    cut = app.evaluate(CUT)
    assert cut == [], f"cut at 1024x768: {cut}"
    prompt = app.locator(f"{ASKING} .tk-prompt").inner_text()

    # Save game names every card, the hidden ones too: in Ana's view it is refused, with the reason
    files.locator("button.tk-save-game").click()
    banner = app.locator(".tk-banner")
    banner.wait_for(timeout=30_000)
    assert "View as: everything" in banner.inner_text()
    settings.locator("select.tk-view-as").select_option("*everything*")
    page.wait_for_function("() => document.querySelector('.tk-board .tk-board-title').innerText.endsWith('everything')"
                           " && !document.querySelector('.tk-board .tk-banner')", timeout=30_000)
    assert app.locator(f"{ASKING} .tk-prompt").inner_text() == prompt  # the same decision, seen whole

    # Save game: a download of the whole game
    saved_at, saved_entries = record(app), log_entries(app)
    with page.expect_download(timeout=30_000) as info:
        files.locator("button.tk-save-game").click()
    download = info.value
    assert download.suggested_filename == f"creatures-game-record-{saved_at}.json"
    path = output_dir / download.suggested_filename
    download.save_as(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["game"] == "creatures" and data["players"] == ["Ana", "Bo", "Cy"]
    assert app.locator(".tk-banner").count() == 0

    # play on, then Load game of that file: back at the saved record
    answer_first(app)
    wait_for_record(page, saved_at + 1)
    # the board's button opens the chooser of its hidden <input type=file>
    with page.expect_file_chooser(timeout=30_000) as chooser:
        files.locator("button.tk-load-game").click()
    chooser.value.set_files(path)
    wait_for_record(page, saved_at)
    assert log_entries(app) == saved_entries
    assert app.locator(".tk-banner").count() == 0
    assert app.locator(f"{ASKING} .tk-prompt").inner_text() == prompt  # the same decision is open again
    assert app.locator(f"{ASKING} button.tk-option, .tk-option-card").count()
