"""In a real browser: Debian's Chromium, driven by Playwright, against a live
Voilà serving the notebooks. Timings go to test-output/browser-timings.json
(they are measured and reported, never asserted)."""

from __future__ import annotations

import json
import time

STEP = ".tk-app >> nth=0"


def table_cards(app) -> dict[str, list[str]]:
    """Each zone's cards as the page shows them (uids of the face-up tiles, '?' for face-down)."""
    return app.locator(".tk-table").evaluate("""t => Object.fromEntries(
        [...t.querySelectorAll('.tk-zone')].map(z => [z.dataset.zone,
            [...z.querySelectorAll('.tk-card')].map(c => c.dataset.uid || '?')]))""")


def entries(page) -> int:
    return page.locator(f"{STEP} >> .tk-log .tk-entry-path").count()


def click_and_time(page, button) -> float:
    """Milliseconds from the click to the log being repainted, measured in the page."""
    page.evaluate("""() => {
        const log = document.querySelector('.tk-app .tk-log');
        window.__tk_changed = new Promise(resolve => {
            const obs = new MutationObserver(() => { obs.disconnect(); resolve(performance.now()); });
            obs.observe(log, {childList: true, subtree: true, characterData: true});
        });
        window.__tk_t0 = performance.now();
    }""")
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
    app = page.locator(STEP)
    step = app.locator("button", has_text="Step").first
    step.wait_for(timeout=120_000)
    page.wait_for_function("() => !document.querySelector('.tk-app button').disabled", timeout=120_000)
    timings["creatures_sandbox_interactive_s"] = round(time.perf_counter() - t1, 3)
    assert "Nothing yet: press Step" in app.locator(".tk-log").inner_text()

    clicks = []
    for _ in range(30):
        if app.locator(".tk-decision .tk-option").count():
            break
        clicks.append(click_and_time(page, step))
    decision = app.locator(".tk-decision")
    assert decision.locator(".tk-option").count(), "a decision appeared"
    prompt = decision.locator(".tk-prompt").inner_text()
    assert prompt
    n_before = entries(page)
    table_before = table_cards(app)

    buttons = decision.locator("button.tk-option:enabled")
    if buttons.count():
        clicks.append(click_and_time(page, buttons.first))
    else:  # several picks: tick the first allowed box, then confirm
        decision.locator(".tk-option input:enabled").first.check()
        clicks.append(click_and_time(page, decision.locator("button.tk-confirm")))
    page.wait_for_function(f"() => document.querySelectorAll('.tk-app .tk-log .tk-entry-path').length > {n_before}")
    assert entries(page) == n_before + 1
    chose = app.locator(".tk-log .tk-entry").first.inner_text()
    assert "chose" in chose
    assert table_cards(app) != table_before  # the choice moved a card (or ended placing monsters)

    undo = app.locator("button", has_text="Undo").first
    clicks.append(click_and_time(page, undo))
    page.wait_for_function(f"() => document.querySelectorAll('.tk-app .tk-log .tk-entry-path').length == {n_before}")
    assert app.locator(".tk-decision .tk-prompt").inner_text() == prompt  # the decision is open again
    assert table_cards(app) == table_before

    # without a mouse: an option button takes the keyboard focus and Enter presses it
    n = entries(page)
    option = app.locator(".tk-decision button.tk-option:enabled, .tk-decision button.tk-confirm").first
    option.focus()
    assert page.evaluate("() => document.activeElement.tagName") == "BUTTON"
    if app.locator(".tk-decision .tk-option input").count():  # several picks: Space ticks a box
        box = app.locator(".tk-decision .tk-option input:enabled").first
        box.focus()
        page.keyboard.press("Space")
        app.locator(".tk-decision button.tk-confirm").focus()
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => document.querySelectorAll('.tk-app .tk-log .tk-entry-path').length > {n}")

    app.screenshot(path=str(output_dir / "creatures-sandbox.png"))
    timings["click_to_repaint_ms"] = {"median": sorted(clicks)[len(clicks) // 2], "max": max(clicks),
                                      "clicks": len(clicks)}
    (output_dir / "browser-timings.json").write_text(json.dumps(timings, indent=1))
    print("browser timings:", timings)
    assert page.foreign == [], "the pages asked another host for something"


def open_sandbox(page, url: str) -> None:
    """Open the Creatures notebook and wait until its sandbox answers (its kernel is running)."""
    page.goto(f"{url}/voila/render/creatures.ipynb", wait_until="commit")
    page.locator(STEP).locator("button", has_text="Step").first.wait_for(timeout=120_000)
    page.wait_for_function("() => !document.querySelector('.tk-app button').disabled", timeout=120_000)


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
