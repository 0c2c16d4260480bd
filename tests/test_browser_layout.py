"""The seat-centred table (a Sandbox's board, tablekit/widgets/board.js) in a real
browser, for every game's notebook, at six sizes: during a decision the decision
and the deciding seat's hand are both in the first viewport, nothing is wider than
the page, no button or option label is cut, and the other seats' hands show no
card's face. Screenshots and the measures go to test-output/."""

from __future__ import annotations

import json

import pytest
from test_browser_decisions import BOARD, CUT, step_to_a_decision

# the sizes the sandbox was measured at, then the board's own (docs/board.md)
SIZES = [(1366, 900), (1024, 768), (768, 1024), (1366, 768), (1280, 720), (1920, 1080)]
# the notebook, how its first table is reached (shown at once, or behind the first section's
# title), whether the deciding seat holds cards at its first decision (Foe Hunters' party
# chooses its foe before anything is dealt: the board draws no empty zone, so no hand), and
# how many other seats hold cards then (their hands are drawn as card backs)
NOTEBOOKS = [("creatures", None, True, 0), ("lfg", None, True, 2), ("labyrinth", None, True, 2),
             ("foehunters", "Open the table for this section", False, 0),
             ("mirkwood", "Open the table for this section", True, 0)]

MEASURE = """app => {
    const box = el => { const r = el.getBoundingClientRect();
                        return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
    const mine = app.querySelector('.tk-board-mine');
    const hands = [...mine.querySelectorAll('.tk-zone[data-zone$="/hand"]')];
    const apps = [...document.querySelectorAll('.tk-app')].map(a => a.getBoundingClientRect().right);
    return {w: window.innerWidth, h: window.innerHeight,
            decision: box(app.querySelector('.tk-decision')),
            hand: hands.length ? box(hands[0]) : null,
            seat: box(mine.querySelector('.tk-seat-name')),
            seat_name: mine.querySelector('.tk-seat-name').firstChild.textContent.trim(),
            page_width: document.documentElement.scrollWidth, app_right: Math.max(...apps),
            hand_zones: hands.map(z => z.dataset.zone),
            others_hands: [...app.querySelectorAll('.tk-board-top .tk-zone[data-zone$="/hand"]')].map(z => ({
                zone: z.dataset.zone, label: z.querySelector('.tk-zone-label').innerText,
                faces: z.querySelectorAll('.tk-card[data-uid]').length,
                backs: z.querySelectorAll('.tk-card.tk-back').length})),
            prompt: app.querySelector('.tk-decision .tk-prompt').innerText};
}"""


def in_viewport(r: dict, w: float, h: float) -> bool:
    """The box intersects the viewport (some of it is on the first screen)."""
    return r["bottom"] > 0 and r["top"] < h and r["right"] > 0 and r["left"] < w and r["bottom"] > r["top"]


@pytest.mark.parametrize("name,section,holds_cards,other_hands", NOTEBOOKS)
def test_the_hand_and_the_decision_are_on_the_first_screen_and_no_label_is_cut(voila_url, page, output_dir,
                                                                                name, section, holds_cards, other_hands):
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    page.goto(f"{voila_url}/voila/render/{name}.ipynb", wait_until="commit")
    if section:
        title = page.get_by_text(section).first
        title.wait_for(timeout=120_000)
        page.wait_for_load_state("load")
        title.click()
    app = page.locator(BOARD)
    app.locator('button.tk-control[data-action="step"]').wait_for(timeout=120_000)
    step_to_a_decision(page, app)
    assert app.locator(".tk-banner").count() == 0
    seen = {}
    for w, h in SIZES:
        page.set_viewport_size({"width": w, "height": h})
        page.wait_for_timeout(300)  # the board reflows
        app.evaluate("e => e.scrollIntoView({block: 'start'})")
        page.wait_for_timeout(100)
        seen[(w, h)] = app.evaluate(MEASURE)
        seen[(w, h)]["cut"] = app.evaluate(CUT)
        page.screenshot(path=str(output_dir / f"layout-{name}-{w}x{h}.png"))
    (output_dir / f"layout-{name}.json").write_text(json.dumps({f"{w}x{h}": m for (w, h), m in seen.items()},
                                                               indent=1))
    for (w, h), m in seen.items():
        where = f"{name} at {w}x{h}: {json.dumps(m)}"
        assert in_viewport(m["decision"], w, h), f"the decision is off the first screen, {where}"
        assert in_viewport(m["seat"], w, h), f"the deciding seat's panel is off the first screen, {where}"
        if holds_cards:
            assert m["hand"] is not None, f"no hand drawn, {where}"
            assert in_viewport(m["hand"], w, h), f"the hand is off the first screen, {where}"
        assert m["page_width"] <= w and m["app_right"] <= w + 0.5, f"wider than the page, {where}"
        assert m["cut"] == [], f"labels cut short, {where}"
        seat = m["seat_name"]
        assert m["hand_zones"] == ([f"{seat}/hand"] if holds_cards else []) and seat in m["prompt"], \
            f"not the deciding seat's hand, {where}"
        assert len(m["others_hands"]) == other_hands, f"the other seats' hands, {where}"
        for hand in m["others_hands"]:  # counted, face down: nothing of their cards is in the page
            assert hand["faces"] == 0 and hand["backs"] >= 1, f"another seat's hand shows a card's face, {where}"
