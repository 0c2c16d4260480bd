"""In Chromium, against a live Voilà (issue 19), on the Creatures notebook's first
table (a Sandbox's board): the rules search under the table opens the outline at
the rule found, and "Branch here" at a decision opens two branches side by side
under the board, each a board of its own; one answer on each side, and the line
over them says what differs; on a narrow screen they stand one above the other."""

from __future__ import annotations

from test_browser_decisions import ASKING, RECORD, SANDBOX, open_first_table, record, step_to_a_decision


def test_search_then_branch_here_and_one_answer_on_each_side(voila_url, page, output_dir):
    app = open_first_table(page, voila_url, 1366, 900)
    # the rules search: a rule's hit opens the outline at that rule
    app.locator("details.tk-board-rules > summary").click()
    box = app.locator("details.tk-board-rules input.tk-search-box")
    box.fill("counterattack")
    hit = app.locator("details.tk-board-rules button.tk-search-hit-node").first
    hit.wait_for(timeout=30_000)
    assert "Counterattack" in hit.inner_text()
    hit.click()
    found = app.locator(".tk-outline-tree .tk-found > summary").first
    found.wait_for(timeout=30_000)
    assert "◆ found" in found.inner_text() and "Counterattack" in found.inner_text() and found.is_visible()

    step_to_a_decision(page, app)
    at = record(app)
    app.locator(".tk-board-bar button.tk-branch", has_text="Branch here").click()
    sandbox = page.locator(SANDBOX)
    panel = sandbox.locator(".tk-branches-panel")
    sides = panel.locator(".tk-branch-side")
    sides.nth(1).wait_for(timeout=30_000)
    assert sides.count() == 2
    for i, name in enumerate(("left", "right")):
        side = sides.nth(i)
        assert side.locator(f".tk-branch-{name} .tk-app.tk-board").count() == 1, f"the {name} branch has a board"
        side.locator(f"{ASKING} .tk-prompt").wait_for(timeout=30_000)  # the decision, open on both sides
        assert side.locator(".tk-board-title").inner_text().startswith(f"{name.capitalize()} branch")
    line = panel.locator(".tk-diff-line")
    assert "The two positions are the same" in line.inner_text()
    boxes = [sides.nth(i).bounding_box() for i in range(2)]
    assert boxes[0]["x"] + boxes[0]["width"] <= boxes[1]["x"] + 1, "the branches stand side by side"

    # one answer on each side: the first option on the left, the last on the right
    options = f"{ASKING} button.tk-option:enabled"
    # (after each answer the line says something new)
    for i, pick in enumerate(("first", "last")):
        side, before = sides.nth(i), line.inner_text()
        getattr(side.locator(options), pick).click()
        page.wait_for_function(f"b => ({RECORD})(b) === {at + 1}", arg=side.locator(".tk-board").element_handle(),
                               timeout=30_000)
        page.wait_for_function("s => document.querySelector('.tk-diff-line').innerText !== s", arg=before,
                               timeout=30_000)
    assert "difference" in line.inner_text()
    words = line.inner_text()
    assert "What differs now:" in words and "left" in words and "right" in words
    assert record(app) == at, "the table the branches were taken from stays where it was"
    panel.screenshot(path=str(output_dir / "branches-1366x900.png"))
    # no branch is wider than its half of the page
    width = page.evaluate("() => document.documentElement.clientWidth")
    for i in range(2):
        box = sides.nth(i).bounding_box()
        assert box["x"] + box["width"] <= width + 1
    # on a narrow screen the two boards stand one above the other, each the page's width
    page.set_viewport_size({"width": 900, "height": 900})
    page.wait_for_function("() => { const s = document.querySelectorAll('.tk-branch-side');"
                           " return s[1].getBoundingClientRect().top >= s[0].getBoundingClientRect().bottom - 1; }",
                           timeout=10_000)
    for i in range(2):
        box = sides.nth(i).bounding_box()
        assert box["x"] + box["width"] <= 901
        bar = sides.nth(i).locator(".tk-board-bar").bounding_box()
        assert bar and bar["height"] > 20 and box["y"] <= bar["y"] <= box["y"] + box["height"], (i, box, bar)
    for i, name in enumerate(("left", "right")):
        sides.nth(i).screenshot(path=str(output_dir / f"branch-{name}-900x900.png"))
