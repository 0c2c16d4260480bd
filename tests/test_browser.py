"""In a real browser: Debian's Chromium, driven by Playwright, against a live
Voilà serving the notebooks. The Creatures notebook's first table is a Sandbox,
drawn by one board (tablekit/widgets/board.js). Timings go to
test-output/browser-timings.json (they are measured and reported, never asserted)."""

from __future__ import annotations

import json
import time

from test_browser_decisions import ASKING, BOARD, BOARD_CSS, log_entries, record, wait_for_record


def table_cards(app) -> dict[str, list[str]]:
    """Each zone's cards as the board shows them (uids of the face-up cards, '?' for a card back)."""
    return app.evaluate("""b => Object.fromEntries(
        [...b.querySelectorAll('.tk-zone[data-zone]')].map(z => [z.dataset.zone,
            [...z.querySelectorAll('.tk-card')].map(c => c.dataset.uid || '?')]))""")


def click_and_time(page, button) -> float:
    """Milliseconds from the click to the board being redrawn (by the kernel's answer), measured in the page."""
    page.evaluate(f"""() => {{
        const board = document.querySelector('{BOARD_CSS}');
        window.__tk_changed = new Promise(resolve => {{
            const obs = new MutationObserver(() => {{ obs.disconnect(); resolve(performance.now()); }});
            obs.observe(board, {{childList: true, subtree: true, characterData: true}});
        }});
        window.__tk_t0 = performance.now();
    }}""")
    button.click()
    return page.evaluate("async () => (await window.__tk_changed) - window.__tk_t0")


def test_index_then_creatures_step_choose_undo(voila_url, page, output_dir):
    timings: dict[str, object] = {}
    t0 = time.perf_counter()
    page.goto(f"{voila_url}/voila/render/index.ipynb", wait_until="commit")
    tile = page.locator("a.tk-tile", has_text="Creatures and Cards")
    tile.wait_for(timeout=60_000)
    timings["index_visible_s"] = round(time.perf_counter() - t0, 3)
    page.wait_for_load_state("load")
    timings["index_interactive_s"] = round(time.perf_counter() - t0, 3)

    t1 = time.perf_counter()
    if tile.get_attribute("target") == "_blank":  # JupyterLab's renderer opens links in a new tab
        with page.context.expect_page() as opened:
            tile.click()
        foreign, page = page.foreign, opened.value
        page.foreign = foreign
    else:
        tile.click()
    app = page.locator(BOARD)
    step = app.locator('button.tk-control[data-action="step"]')
    step.wait_for(timeout=120_000)
    page.wait_for_function(f"() => !document.querySelector('{BOARD_CSS} button.tk-control').disabled",
                           timeout=120_000)
    timings["creatures_sandbox_interactive_s"] = round(time.perf_counter() - t1, 3)
    log = app.locator("details.tk-board-log")
    assert "nothing yet, press Step" in log.locator("> summary").inner_text()
    log.locator("> summary").click()  # the log is folded under the table: open it (it stays open)
    assert log.evaluate("d => d.open")

    clicks = []
    for _ in range(30):
        if app.locator(ASKING).count():
            break
        clicks.append(click_and_time(page, step))
        assert app.locator(".tk-banner").count() == 0
    decision = app.locator(ASKING)
    assert decision.count(), "a decision appeared"
    prompt = decision.locator(".tk-prompt").inner_text()
    assert prompt.startswith("Ana")
    n_before, at = log_entries(app), record(app)
    assert n_before == at, "one log entry a record"
    newest = app.locator(".tk-board-log li.tk-entry").first.inner_text()
    assert newest.startswith(f"#{at} ") and newest.split("\n")[-1] in log.locator("> summary").inner_text()
    table_before = table_cards(app)
    assert table_before.get("Ana/hand"), "Ana's hand is on the table"

    # a click on a card that is an option, where it lies, answers the decision
    card = app.locator(".tk-option-card:not(.tk-illegal):not(.tk-pair-first)").first
    assert card.count(), "an option is on a card"
    label = card.locator(".tk-card-option").inner_text().lstrip("▶ ").removeprefix("suggested: ")
    clicks.append(click_and_time(page, card))
    wait_for_record(page, at + 1)
    assert log_entries(app) == n_before + 1
    chose = app.locator(".tk-board-log li.tk-entry").first.inner_text()
    assert "Ana chose" in chose, chose
    assert table_cards(app) != table_before  # the choice moved a card
    assert app.locator(".tk-banner").count() == 0

    undo = app.locator('button.tk-control[data-action="undo"]')
    clicks.append(click_and_time(page, undo))
    wait_for_record(page, at)
    assert log_entries(app) == n_before
    assert app.locator(f"{ASKING} .tk-prompt").inner_text() == prompt  # the decision is open again
    assert table_cards(app) == table_before
    assert label in app.locator(".tk-option-card:not(.tk-illegal)").first.inner_text()

    # a click on an option that is no card: its button
    option = app.locator(f"{ASKING} button.tk-option:enabled").first
    words = option.inner_text()
    clicks.append(click_and_time(page, option))
    wait_for_record(page, at + 1)
    assert "Ana chose" in app.locator(".tk-board-log li.tk-entry").first.inner_text()
    clicks.append(click_and_time(page, undo))
    wait_for_record(page, at)
    assert app.locator(f"{ASKING} .tk-prompt").inner_text() == prompt

    # without a mouse: an option button takes the keyboard focus and Enter presses it
    option = app.locator(f"{ASKING} button.tk-option:enabled, {ASKING} button.tk-confirm").first
    option.focus()
    assert page.evaluate("() => document.activeElement.tagName") == "BUTTON"
    assert page.evaluate("() => document.activeElement.innerText") == words
    if app.locator(f"{ASKING} button.tk-confirm").count():  # several picks: Space picks, then Confirm
        page.keyboard.press("Space")
        app.locator(f"{ASKING} button.tk-confirm").focus()
    page.keyboard.press("Enter")
    wait_for_record(page, at + 1)
    assert "Ana chose" in app.locator(".tk-board-log li.tk-entry").first.inner_text()

    # and a card that is an option, focused, answers to Enter too
    clicks.append(click_and_time(page, undo))
    wait_for_record(page, at)
    card = app.locator(".tk-option-card:not(.tk-illegal):not(.tk-pair-first)").first
    card.focus()
    assert page.evaluate("() => document.activeElement.dataset.uid") == card.get_attribute("data-uid")
    page.keyboard.press("Enter")
    wait_for_record(page, at + 1)
    assert table_cards(app) != table_before

    app.screenshot(path=str(output_dir / "creatures-sandbox.png"))
    timings["click_to_repaint_ms"] = {"median": sorted(clicks)[len(clicks) // 2], "max": max(clicks),
                                      "clicks": len(clicks)}
    (output_dir / "browser-timings.json").write_text(json.dumps(timings, indent=1))
    print("browser timings:", timings)
    assert page.foreign == [], "the pages asked another host for something"


def open_sandbox(page, url: str) -> None:
    """Open the Creatures notebook and wait until its board answers (its kernel is running)."""
    page.goto(f"{url}/voila/render/creatures.ipynb", wait_until="commit")
    page.locator(BOARD).locator('button.tk-control[data-action="step"]').wait_for(timeout=120_000)
    page.wait_for_function(f"() => !document.querySelector('{BOARD_CSS} button.tk-control').disabled",
                           timeout=120_000)


def test_closing_a_tab_frees_its_kernel(voila_server, browser, output_dir):
    """Open the app and close its tab three times: the page's shutdown post is
    accepted (it carries the _xsrf cookie) and the kernels come back to the pool."""
    from conftest import close_tabs

    pool = voila_server.pool
    before = voila_server.wait_kernels(pool, timeout=60)  # the previous test's tabs are closed too
    assert before == pool, f"{before} kernels before the test, the pool is {pool}"
    counts = []
    ctx = browser.new_context(viewport={"width": 1200, "height": 900})
    try:
        for _ in range(3):
            page = ctx.new_page()
            open_sandbox(page, voila_server.url)
            counts.append(voila_server.kernels())
            assert any(c["name"] == "_xsrf" for c in ctx.cookies()), "the page set no _xsrf cookie"
            close_tabs(ctx)
        # the pool refills a few seconds after a kernel is taken; then every closed tab's kernel is gone
        after = voila_server.wait_kernels(pool, timeout=45)
    finally:
        ctx.close()
    (output_dir / "kernels.json").write_text(json.dumps({"pool": pool, "before": before, "while_open": counts,
                                                         "after_closing_3_tabs": after}))
    assert after == pool, f"{after} kernels after closing 3 tabs, the pool is {pool} (opened: {counts})"
    log = (output_dir / "voila.log").read_text()
    assert "_xsrf" not in log and "403 POST" not in log


def test_nothing_from_the_internet(voila_url, page):
    """The index, the tree page and an error page ask no other host for anything
    (Voilà's lab template linked Font Awesome from a CDN), and no traceback shows."""
    page.goto(f"{voila_url}/voila/render/index.ipynb")
    page.locator("a.tk-tile").first.wait_for(timeout=60_000)
    page.wait_for_load_state("networkidle")
    page.goto(f"{voila_url}/voila/tree")
    page.wait_for_load_state("networkidle")
    page.goto(f"{voila_url}/voila/render/no-such-notebook.ipynb")
    page.wait_for_load_state("networkidle")
    body = page.locator("body").inner_text()
    assert "Traceback" not in body and "site-packages" not in body
    assert page.foreign == [], f"requests to other hosts: {page.foreign}"
