"""How benchmarks/classroom.py presses and watches a student's page, in Chromium on
small pages of its own (no server): what it aims at, that the press lands on it,
that a hidden or covered button is not pressed, and that the page notes the moment
its first sandbox answered."""

from __future__ import annotations

import importlib.util
import sys
import time
from pathlib import Path

PATH = Path(__file__).resolve().parents[1] / "benchmarks" / "classroom.py"
_spec = importlib.util.spec_from_file_location("classroom_clicks", PATH)
bench = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = bench
_spec.loader.exec_module(bench)

PRESSED = "window.pressed = []; document.addEventListener('click', e => { const b = e.target.closest('button'); if (b) window.pressed.push(b.textContent.trim()); });"


def table(page, inner: str) -> None:
    """A page whose sandbox is `inner`; each press is noted in window.pressed, and a
    press on a button redraws the sandbox (as the board does)."""
    page.set_content(f"<body style='margin:0'><div class='tk-app tk-board'>{inner}</div></body>")
    page.evaluate(PRESSED)
    page.evaluate("document.querySelector('.tk-app').addEventListener('click', e => "
                  "{ if (e.target.closest('button')) e.currentTarget.append(document.createElement('i')); })")


def test_an_open_decisions_first_allowed_option_is_pressed_and_timed(browser):
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    table(page, "<button disabled>Step</button><div class='tk-decision'>"
                "<button class='tk-option' disabled>Not this</button>"
                "<button class='tk-option'>Attack</button></div>")
    kind, x, y = page.evaluate(bench.AIM)
    assert kind == "choice"
    ms = bench_press(page, x, y)
    assert page.evaluate("window.pressed") == ["Attack"]
    assert ms is not None and ms[0] >= 0  # from the press to the redraw
    page.close()


def test_step_below_the_screen_is_scrolled_into_sight_then_pressed(browser):
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    table(page, "<div style='height:3000px'></div><button>Step</button>")
    kind, x, y = page.evaluate(bench.AIM)
    assert kind == "step" and 0 <= y <= 720
    assert bench_press(page, x, y) is not None
    assert page.evaluate("window.pressed") == ["Step"]
    page.close()


def test_a_covered_or_disabled_button_is_not_pressed(browser):
    page = browser.new_page(viewport={"width": 1920, "height": 1080})
    table(page, "<button>Step</button>"
                "<div style='position:fixed;inset:0;background:white'>a dialog over the table</div>")
    kind, why = page.evaluate(bench.AIM)
    assert kind == "covered" and "Step" in why
    table(page, "<button disabled>Step</button>")
    assert page.evaluate(bench.AIM)[0] == "stuck"
    page.set_content("<p>no table here</p>")
    assert page.evaluate(bench.AIM) == ["stuck", "no sandbox on the page"]
    page.close()


def test_a_multi_pick_ticks_its_first_box_then_aims_at_confirm(browser):
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    table(page, "<div class='tk-decision'><label class='tk-option'><input type='checkbox'> Gimli</label>"
                "<label class='tk-option'><input type='checkbox'> Legolas</label>"
                "<button class='tk-confirm'>Confirm</button></div>")
    kind, x, y = page.evaluate(bench.AIM)
    assert kind == "box"
    page.mouse.click(x, y)
    assert page.evaluate("document.querySelector('input').checked")
    kind, x, y = page.evaluate(bench.AIM)
    assert kind == "choice"
    assert bench_press(page, x, y) is not None
    assert page.evaluate("window.pressed") == ["Confirm"]
    page.close()


def test_the_page_notes_when_its_first_sandbox_answered(browser):
    page = browser.new_page()
    page.set_content("<body><p>loading</p></body>")
    page.evaluate(bench.READY_WATCH)
    assert page.evaluate(bench.POLL) == [None, False, False]
    before = time.time() * 1000
    page.evaluate("setTimeout(() => { document.body.insertAdjacentHTML('beforeend', "
                  "\"<div class='tk-app'><button disabled>Step</button></div>\"); }, 50)")
    page.wait_for_selector(".tk-app")
    page.wait_for_timeout(100)
    assert page.evaluate(bench.POLL)[0] is None  # shown but not yet enabled
    page.evaluate("document.querySelector('.tk-app button').disabled = false")
    page.wait_for_function("window.__tk_ready !== null", timeout=5000)
    ready_at = page.evaluate(bench.POLL)[0]
    assert before <= ready_at <= time.time() * 1000
    page.close()


def test_the_waiting_page_and_a_lazy_section_are_seen(browser):
    page = browser.new_page()
    page.set_content("<body><div class='tk-queue'>The table is being prepared (2 ahead of you)</div></body>")
    page.evaluate(bench.READY_WATCH)
    assert page.evaluate(bench.POLL)[1] is True
    page.set_content("<body><div class='tk-lazy'><button>Open the table</button></div></body>")
    page.evaluate(bench.READY_WATCH)
    assert page.evaluate(bench.POLL) == [None, False, True]
    page.close()


def bench_press(page, x: float, y: float):
    """The harness's timed press (async in the harness; here its two steps in order)."""
    page.mouse.click(x, y)
    return page.evaluate(bench.WAIT, 5000)


def test_a_students_tab_is_open_before_class_and_the_student_arrives_in_it():
    """The students' browsers are open before the class (open_tab: a context of its own
    with one empty tab); a student given a tab opens the class page in it, and one given
    none opens a context on arrival (--cold-browsers). The async harness runs in a
    thread of its own, beside the tests' own (sync) browser."""
    import asyncio
    import threading

    from playwright.async_api import async_playwright

    page_url = ("data:text/html,<body><div class='tk-app'><button onclick=\"this.parentNode"
                ".append(document.createElement('i'))\">Step</button></div></body>")
    seen: dict = {}

    async def class_of_two() -> None:
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path=bench.CHROMIUM, headless=True,
                                               args=bench.CHROMIUM_ARGS)
            try:
                contexts: list = []
                tab = await bench.open_tab(browser, contexts)
                seen["before"] = (len(contexts), len(browser.contexts), tab.url)
                seen["tapped"] = await tab.evaluate("window.WebSocket.name !== 'WebSocket'")
                warm, cold = bench.Student(0, 0.0), bench.Student(1, 0.0)
                start = time.monotonic()
                await asyncio.gather(bench.attend(browser, page_url, warm, start, start + 1.5, 17, contexts, tab),
                                     bench.attend(browser, page_url, cold, start, start + 1.5, 17, contexts))
                seen["after"] = (len(contexts), contexts[0].pages == [tab], tab.url)
                seen["students"] = (warm, cold)
            finally:
                await browser.close()

    errors: list = []
    worker = threading.Thread(target=lambda: _run_or_note(asyncio.run, class_of_two(), errors))
    worker.start()
    worker.join(timeout=120)
    assert not worker.is_alive() and not errors, errors
    assert seen["before"] == (1, 1, "about:blank")  # one context, its tab empty, before the class
    assert seen["tapped"]  # the click timing's websocket tap is in the tab already
    assert seen["after"][:2] == (2, True)  # the second student's context opened on arrival
    assert seen["after"][2].startswith("data:text/html")  # the first student used the open tab
    for s in seen["students"]:
        assert s.tti is not None and s.error is None and s.lost_page is None


def _run_or_note(run, coro, errors: list) -> None:
    try:
        run(coro)
    except Exception as exc:  # noqa: BLE001 - reported by the test's assertion
        errors.append(repr(exc))
