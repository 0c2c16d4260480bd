"""In Chromium, against a live Voilà (issue 20): the balance lab's page runs a
small run of real games (the progress bar reaches its end and the plot image
appears), then a bigger one that Cancel stops, the page saying so within 2 s.
It plays through the real `tablekit.simulate`, in the served kernel (one
process, at most 2,000 games: the page is served to a class)."""

from __future__ import annotations

LAB = ".tk-balance"
STATUS = f"{LAB} .tk-balance-status"


def set_games(app, n: int) -> None:
    box = app.locator(".widget-text:has(> label:text-is('Games')) input").first
    box.fill(str(n))
    box.press("Enter")
    box.press("Tab")


def wait_for_status(page, pattern: str, timeout: int) -> None:
    page.wait_for_function("([sel, pat]) => new RegExp(pat).test(document.querySelector(sel).innerText)",
                           arg=[STATUS, pattern], timeout=timeout)


def test_run_reaches_the_end_and_shows_the_plot_then_cancel_stops_a_bigger_run(voila_url, page, output_dir):
    page.goto(f"{voila_url}/voila/render/balance-lab.ipynb", wait_until="commit")
    app = page.locator(LAB).first
    run = app.locator("button.tk-balance-run-button")
    run.wait_for(timeout=120_000)
    page.wait_for_function("() => !document.querySelector('.tk-balance-run-button').disabled", timeout=120_000)
    assert "at most 2,000 games a run" in app.inner_text()           # served to a class: the cap says so

    # a small run: the bar reaches its end and the plot appears
    set_games(app, 12)
    run.click()
    wait_for_status(page, "Done: 12 of 12 games played", 120_000)
    bar = app.locator(".tk-balance-bar .progress-bar").first
    assert bar.evaluate("el => el.style.width") == "100%"
    plot = app.locator("img.tk-balance-plot").first
    page.wait_for_function("() => { const i = document.querySelector('img.tk-balance-plot'); "
                           "return i && i.complete && i.naturalWidth > 0; }", timeout=30_000)
    plot.wait_for(state="visible", timeout=10_000)
    box = plot.bounding_box()
    assert box and box["width"] > 100 and box["height"] > 100
    assert "Win rate by seat position" in app.locator(".tk-balance-tables").inner_text()
    app.screenshot(path=str(output_dir / "balance-lab.png"))

    # a bigger run, cancelled: the page says so within 2 s
    set_games(app, 2_000)
    run.click()
    wait_for_status(page, "[1-9][0-9,]* of 2,000 games played", 120_000)
    app.locator("button.tk-balance-cancel").click()
    wait_for_status(page, "Cancelled after [0-9,]+ games? of 2,000", 2_000)
    assert [t.strip() for t in app.locator(".tk-banner").all_inner_texts()] == ["", ""]  # the lab's, the run's


def test_a_run_of_bots_that_lose_nearly_every_game_says_so_above_its_tables(voila_url, page, output_dir):
    """Mirkwood solo with random bots: the party never wins, and the page says the figures
    describe weak bots, above the tables, with the count; the bots that played are listed."""
    page.goto(f"{voila_url}/voila/render/balance-lab.ipynb", wait_until="commit")
    app = page.locator(LAB).first
    run = app.locator("button.tk-balance-run-button")
    run.wait_for(timeout=120_000)
    page.wait_for_function("() => !document.querySelector('.tk-balance-run-button').disabled", timeout=120_000)
    game = app.locator(".widget-dropdown:has(> label:text-is('Game')) select").first
    game.select_option(label="Passage Through Mirkwood")
    page.wait_for_function("() => [...document.querySelectorAll('.tk-balance .widget-dropdown select')]"
                           ".some((s) => s.selectedOptions[0] && s.selectedOptions[0].text === '1')", timeout=30_000)
    set_games(app, 150)
    run.click()
    wait_for_status(page, "Done: 150 of 150 games played", 120_000)
    note = app.locator(".tk-weak-bots").first
    note.wait_for(state="visible", timeout=10_000)
    words = note.inner_text()
    assert words.startswith("These figures describe weak bots: at 1 player (random) the bots won 0 of 150 games")
    tables = app.locator(".tk-balance-tables")
    assert note.bounding_box()["y"] < tables.get_by_text("Win rate by seat position").first.bounding_box()["y"]
    assert "The bots that played" in tables.inner_text()
    for width, height in ((1366, 768), (1280, 720), (1920, 1080)):
        page.set_viewport_size({"width": width, "height": height})
        note.scroll_into_view_if_needed()
        box = note.bounding_box()
        assert note.is_visible() and 0 <= box["x"] and box["x"] + box["width"] <= width, (width, box)
        assert 0 <= box["y"] and box["y"] + box["height"] <= height, (width, box)
        page.screenshot(path=str(output_dir / f"balance-lab-weak-bots-{width}x{height}.png"))
