"""The seat-centred table in a real browser, for every game's notebook, at three sizes:
during a decision the decision panel and the deciding seat's hand are both in the first
viewport, nothing is wider than the page, and no button or option label is cut. Screenshots
go to test-output/."""

from __future__ import annotations

import json

import pytest
from test_browser_decisions import CUT

SIZES = [(1366, 900), (1024, 768), (768, 1024)]
# the notebook and how its first table is reached: shown at once, or behind the first section's title
NOTEBOOKS = [("creatures", None), ("lfg", None), ("labyrinth", None),
             ("foehunters", "Open the table for this section"), ("mirkwood", "Open the table for this section")]
SANDBOX = ".tk-app:has(.tk-table) >> nth=0"

MEASURE = """app => {
    const box = sel => { const r = app.querySelector(sel).getBoundingClientRect();
                         return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
    const apps = [...document.querySelectorAll('.tk-app')].map(a => a.getBoundingClientRect().right);
    return {w: window.innerWidth, h: window.innerHeight, decision: box('.tk-decision'), hand: box('.tk-hand'),
            page_width: document.documentElement.scrollWidth, app_right: Math.max(...apps),
            hand_zones: [...app.querySelectorAll('.tk-hand .tk-zone')].map(z => z.dataset.zone),
            prompt: app.querySelector('.tk-decision .tk-prompt').innerText};
}"""


def in_viewport(r: dict, w: float, h: float) -> bool:
    """The box intersects the viewport (some of it is on the first screen)."""
    return r["bottom"] > 0 and r["top"] < h and r["right"] > 0 and r["left"] < w and r["bottom"] > r["top"]


def status(app) -> str:
    return app.locator(".tk-status").inner_text()


def reach_a_decision(page, app) -> None:
    """Press Step (bots answer their own decisions) until a decision panel asks or waits for someone."""
    for _ in range(80):
        if app.locator(".tk-decision .tk-prompt").count():
            return
        before = status(app)
        app.locator("button", has_text="Step").first.click()
        page.wait_for_function("([el, s]) => el.innerText !== s",
                               arg=[app.locator(".tk-status").element_handle(), before], timeout=30_000)
    pytest.fail("no decision within 80 steps")


@pytest.mark.parametrize("name,section", NOTEBOOKS)
def test_the_hand_and_the_decision_are_on_the_first_screen_and_no_label_is_cut(voila_url, page, output_dir, name, section):
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    page.goto(f"{voila_url}/voila/render/{name}.ipynb", wait_until="commit")
    if section:
        title = page.get_by_text(section).first
        title.wait_for(timeout=120_000)
        page.wait_for_load_state("load")
        title.click()
    app = page.locator(SANDBOX)
    app.locator("button", has_text="Step").first.wait_for(timeout=120_000)
    reach_a_decision(page, app)
    seen = {}
    for w, h in SIZES:
        page.set_viewport_size({"width": w, "height": h})
        page.wait_for_timeout(300)  # the grid reflows
        app.evaluate("e => e.scrollIntoView({block: 'start'})")
        page.wait_for_timeout(100)
        seen[(w, h)] = app.evaluate(MEASURE)
        seen[(w, h)]["cut"] = app.evaluate(CUT)
        page.screenshot(path=str(output_dir / f"layout-{name}-{w}x{h}.png"))
    (output_dir / f"layout-{name}.json").write_text(json.dumps({f"{w}x{h}": m for (w, h), m in seen.items()},
                                                               indent=1))
    for (w, h), m in seen.items():
        where = f"{name} at {w}x{h}: {json.dumps(m)}"
        assert in_viewport(m["decision"], w, h), f"the decision panel is off the first screen, {where}"
        assert in_viewport(m["hand"], w, h), f"the hand is off the first screen, {where}"
        assert m["page_width"] <= w and m["app_right"] <= w + 0.5, f"wider than the page, {where}"
        assert m["cut"] == [], f"labels cut short, {where}"
        seat = m["hand_zones"][0].split("/")[0]
        assert m["hand_zones"] == [f"{seat}/hand"] and seat in m["prompt"], f"not the deciding seat's hand, {where}"
