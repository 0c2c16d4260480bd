"""In Chromium, against a live Voilà (issue 19), on the Creatures notebook's first
table: the rules search beside the outline opens the outline at the rule found,
and "Branch here" at a decision opens two branches side by side; one answer on
each side, and the line under them says what differs."""

from __future__ import annotations

from test_browser_decisions import open_first_table, step_to_a_decision


def test_search_then_branch_here_and_one_answer_on_each_side(voila_url, page, output_dir):
    app = open_first_table(page, voila_url, 1366, 900)
    # the rules search: a rule's hit opens the outline at that rule
    box = app.locator(".tk-search input").first
    box.fill("counterattack")
    hit = app.locator(".tk-search button.tk-search-hit-node").first
    hit.wait_for(timeout=30_000)
    hit.click()
    found = app.locator(".tk-outline .tk-found > summary").first
    found.wait_for(timeout=30_000)
    assert "◆ found" in found.inner_text() and found.is_visible()

    step_to_a_decision(page, app)
    app.locator(".tk-controls button", has_text="Branch here").first.click()
    sides = app.locator(".tk-branch-side")
    sides.nth(1).wait_for(timeout=30_000)
    assert sides.count() == 2
    line = app.locator(".tk-diff-line")
    assert "The two positions are the same" in line.inner_text()
    boxes = [sides.nth(i).bounding_box() for i in range(2)]
    assert boxes[0]["x"] + boxes[0]["width"] <= boxes[1]["x"] + 1, "the branches stand side by side"

    # one answer on each side: the first option on the left, the last on the right
    options = "button.tk-option:enabled"
    sides.nth(0).locator(f".tk-decision {options}").first.click()
    sides.nth(1).locator(f".tk-decision {options}").last.click()
    page.wait_for_function("() => /difference/.test(document.querySelector('.tk-diff-line').innerText)",
                           timeout=30_000)
    words = line.inner_text()
    assert "What differs now:" in words and "left" in words and "right" in words
    app.locator(".tk-branches-panel").screenshot(path=str(output_dir / "branches-1366x900.png"))
    # no branch is wider than its half of the page
    width = page.evaluate("() => document.documentElement.clientWidth")
    for i in range(2):
        box = sides.nth(i).bounding_box()
        assert box["x"] + box["width"] <= width + 1
