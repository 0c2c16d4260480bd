"""The rules in a real browser (Debian's Chromium via Playwright, against a live
Voilà): the Creatures notebook's "The rules on one page" section opens, and its rules
diagram renders as a visible SVG with a group for each rule node and the "▶ now" mark,
and its glossary lists every term;
the diagram under a table (a Sandbox's board) follows ▶ now as the game steps."""

from __future__ import annotations

import tablekit

SECTION = "Open the rules page and its diagram"

MEASURE = """svg => {
    const box = svg.getBoundingClientRect();
    const nodes = [...svg.querySelectorAll('g[id^="tk-node-"]')];
    const now = [...svg.querySelectorAll('text.tk-flow-now-label')];
    const first = nodes.length ? nodes[0].getBBox() : {width: 0, height: 0};
    return {width: box.width, height: box.height, nodes: nodes.map(n => n.id),
            first: [first.width, first.height], now: now.map(t => t.textContent),
            now_in: now.map(t => t.closest('g[id^="tk-node-"]').id),
            visible: getComputedStyle(svg).visibility === 'visible' && getComputedStyle(svg).display !== 'none'};
}"""


def test_the_creatures_rules_section_draws_its_diagram_with_the_now_mark(voila_url, page, output_dir):
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(f"{voila_url}/voila/render/creatures.ipynb", wait_until="commit")
    title = page.get_by_text(SECTION).first
    title.wait_for(timeout=120_000)
    page.wait_for_load_state("load")
    title.scroll_into_view_if_needed()
    title.click()
    svg = page.locator(".tk-rules-view .tk-rules-diagram svg").first
    svg.wait_for(state="visible", timeout=60_000)
    svg.scroll_into_view_if_needed()
    got = svg.evaluate(MEASURE)
    g = tablekit.get_game("creatures")
    start = g.flow.find(tablekit.new_game("creatures", seed=1).cursor)
    assert got["visible"] and got["width"] > 0 and got["height"] > 0
    assert got["first"][0] > 0 and got["first"][1] > 0
    assert set(got["nodes"]) == {f"tk-node-{n.id}" for n in g.nodes}
    assert got["now"] == ["▶ now"] and got["now_in"] == [f"tk-node-{start.id}"]
    page_text = page.locator(".tk-rules-view .tk-rules").first.inner_text()
    assert "The flow" in page_text and "Deal the Kings" in page_text and "The zones" in page_text
    page.screenshot(path=str(output_dir / "rules-creatures.png"))
    # the game's words, a section of the page: every term, inside the screen's width
    words = page.locator(".tk-rules-view .tk-glossary").first
    terms = words.locator("dt")
    assert terms.count() == len(g.glossary) and terms.first.inner_text() == g.glossary[0].term
    for width, height in ((1366, 768), (1280, 720), (1920, 1080)):
        page.set_viewport_size({"width": width, "height": height})
        terms.first.scroll_into_view_if_needed()
        box = words.bounding_box()
        assert terms.first.is_visible() and box["x"] >= 0 and box["x"] + box["width"] <= width, (width, box)
        page.screenshot(path=str(output_dir / f"rules-creatures-glossary-{width}x{height}.png"))
    assert page.foreign == [], f"requests to other hosts: {page.foreign}"


NOW = """svg => [...svg.querySelectorAll('text.tk-flow-now-label')]
    .map(t => [t.textContent, t.closest('g[id^="tk-node-"]').id])"""


def test_the_boards_diagram_follows_now_as_the_game_steps(voila_url, page, output_dir):
    """The Creatures notebook's first table (a Sandbox's board): its rules diagram, folded
    under the table, is drawn when opened, with "▶ now" on the rule the outline marks
    ▶ now; after each Step the mark moves with the game."""
    from test_browser_decisions import open_first_table, record, wait_for_record

    g = tablekit.get_game("creatures")
    app = open_first_table(page, voila_url, 1366, 900)
    diagram = app.locator("details.tk-board-diagram")
    assert not diagram.evaluate("d => d.open"), "the diagram starts folded"
    diagram.locator("> summary").click()
    svg = diagram.locator(".tk-diagram svg")
    svg.wait_for(state="visible", timeout=60_000)
    got = svg.evaluate(MEASURE)
    assert got["visible"] and got["width"] > 0 and got["height"] > 0
    assert set(got["nodes"]) == {f"tk-node-{n.id}" for n in g.nodes}
    start = g.flow.find(tablekit.new_game("creatures", seed=1).cursor)
    assert svg.evaluate(NOW) == [["▶ now", f"tk-node-{start.id}"]]
    svg.scroll_into_view_if_needed()
    page.screenshot(path=str(output_dir / "board-diagram-creatures-start.png"))

    app.locator("details.tk-board-rules > summary").click()  # the outline, where ▶ now is said in words
    step = app.locator('button.tk-control[data-action="step"]')
    marked = {f"tk-node-{start.id}"}
    for _ in range(4):
        n = record(app)
        step.click()
        wait_for_record(page, n + 1)
        # the outline and the diagram mark the same rule
        path = app.locator(".tk-outline-tree .tk-node.tk-current").first.get_attribute("data-path")
        node = g.flow.find(path.split(" › "))
        page.wait_for_function(f"""() => [...document.querySelectorAll('.tk-board .tk-diagram text.tk-flow-now-label')]
            .map(t => t.closest('g[id^="tk-node-"]').id).join() === 'tk-node-{node.id}'""", timeout=30_000)
        assert svg.evaluate(NOW) == [["▶ now", f"tk-node-{node.id}"]]
        assert diagram.evaluate("d => d.open"), "the diagram stays open as the table is redrawn"
        marked.add(f"tk-node-{node.id}")
    assert len(marked) > 1, f"▶ now never moved: {marked}"
    page.screenshot(path=str(output_dir / "board-diagram-creatures-stepped.png"))
    assert page.foreign == [], f"requests to other hosts: {page.foreign}"
