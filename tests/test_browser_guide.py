"""Learn to play in Chromium (issue 45), against a live Voilà as `tablekit serve` runs it:
each game's guide is clicked through once at 1366x768 as a person would (Next in the
bubble, Step in the bar, the answer a lesson asks for on its button or its card, the
suggested answer where no lesson speaks), and every lesson's bubble is inside the
screen when it shows. At 1280x720 and 1920x1080 the first lessons are checked the same
way, and a screenshot of each size is kept."""

from __future__ import annotations

import pytest
from conftest import local_page, one_notebook_voila

from tablekit.core.registry import registry

GAMES = sorted(registry())
SOURCE = """from tablekit.widgets import learn_to_play
learn_to_play("{game}")"""


@pytest.fixture(scope="module")
def guide_server(tmp_path_factory, output_dir):
    folder = tmp_path_factory.mktemp("guide-notebooks")
    first, *rest = GAMES
    # one server: the first notebook is written by the helper, the others beside it
    import shutil

    with one_notebook_voila(folder, f"learn-{first}.ipynb", SOURCE.format(game=first),
                            output_dir / "voila-guide.log") as url:
        for game in rest:
            shutil.copy(folder / f"learn-{first}.ipynb", folder / f"learn-{game}.ipynb")
            text = (folder / f"learn-{game}.ipynb").read_text().replace(f'\\"{first}\\"', f'\\"{game}\\"')
            (folder / f"learn-{game}.ipynb").write_text(text)
        yield url


def bubble_inside(page, w, h) -> None:
    box = page.locator(".tk-guide").bounding_box()
    if box is None or box["y"] + box["height"] > h + 0.5 or box["y"] < 0:
        page.screenshot(path="/tmp/guide-outside.png")
        print("DEBUG", page.evaluate("""() => { const out = []; let e = document.querySelector('.tk-guide');
          while (e) { if (e.scrollHeight > e.clientHeight + 2) out.push([e.tagName, e.className, e.scrollHeight, e.clientHeight, e.scrollTop, getComputedStyle(e).overflowY]); e = e.parentElement; }
          const g = document.querySelector('.tk-guide'); g.scrollIntoView({block: 'nearest'});
          return [scrollY, document.documentElement.scrollHeight, innerHeight, out, document.querySelector('.lm-BoxPanel-child').scrollTop, g.getBoundingClientRect().bottom]; }"""),
              page.locator(".tk-guide").inner_text()[:200])
    assert box is not None
    assert box["x"] >= 0 and box["x"] + box["width"] <= w + 0.5, box
    assert box["y"] >= 0 and box["y"] + box["height"] <= h + 0.5, box


def option_el(board, oid: str):
    button = board.locator(f'.tk-decision button.tk-option[data-option="{oid}"]')
    if button.count():
        return button.first
    return board.locator(f'.tk-card[data-option="{oid}"]').first


def answer(page, board, ids: list[str], pair: list[str]) -> None:
    """Give the answer `ids` as a person would: its button or card (a pair: its first card,
    then the target); several: tick each (the suggested one starts ticked), then Confirm."""
    button = board.locator(f'.tk-decision button.tk-option[data-option="{ids[0]}"]')
    if pair and not button.count():
        first = board.locator(f'.tk-card.tk-pair-first[data-uid="{pair[0]}"]').first
        target = board.locator(f'.tk-card.tk-target[data-uid="{pair[1]}"]').first
        for _ in range(3):  # the first card picked lights its targets (a redraw may come between)
            if not target.count():
                first.click()
            try:
                target.wait_for(timeout=5_000)
                break
            except Exception:  # noqa: BLE001 - picked again below
                continue
        target.click()
        return
    confirm = board.locator(".tk-decision button.tk-confirm")
    if not confirm.count():
        option_el(board, ids[0]).click()
        return
    ticked = board.locator(".tk-decision .tk-picked[data-option]")
    for oid in [ticked.nth(i).get_attribute("data-option") for i in range(ticked.count())]:
        if oid not in ids:
            option_el(board, oid).click()
    for oid in ids:
        el = option_el(board, oid)
        if "tk-picked" not in (el.get_attribute("class") or ""):
            el.click()
    confirm.click()


def answer_as_suggested(page, board) -> None:
    confirm = board.locator(".tk-decision button.tk-confirm")
    if confirm.count():
        legal = board.locator('.tk-decision button.tk-option, .tk-card.tk-option-card[data-option]:not(.tk-illegal)')
        i = 0
        while confirm.is_disabled() and i < legal.count():
            if "tk-picked" not in (legal.nth(i).get_attribute("class") or ""):
                legal.nth(i).click()
            i += 1
        confirm.click()
        return
    for sel in (".tk-decision button.tk-option.tk-suggested", ".tk-card.tk-suggested[data-option]",
                ".tk-decision button.tk-option", ".tk-card.tk-option-card[data-option]:not(.tk-illegal)"):
        el = board.locator(sel)
        if el.count():
            el.first.click()
            return
    first = board.locator(".tk-card.tk-pair-first").first
    first.click()
    board.locator(".tk-card.tk-target").first.click()


def click_through(page, board, w: int, h: int, lessons: int | None = None, shots: dict | None = None) -> set[int]:
    """Click the guide on; the lessons whose bubble showed (checked inside the screen)."""
    shown: set[int] = set()
    for _ in range(2000):
        guide = board.locator(".tk-guide")
        guide.wait_for(timeout=60_000)
        # read at once, so no update lands between two reads
        now = page.evaluate("""() => { const g = document.querySelector('.tk-guide');
          return { sig: window.__tkSig(), state: g.dataset.state, head: g.querySelector('.tk-guide-head').textContent,
                   answer: JSON.parse(g.dataset.answer || '[]'), pair: JSON.parse(g.dataset.pair || '[]'),
                   next: Boolean(g.querySelector("button[data-guide='next']")),
                   offered: Boolean(document.querySelector('.tk-decision .tk-options, .tk-decision .tk-on-cards')) }; }""")
        state, head, ids, pair = now["state"], now["head"], now["answer"], now["pair"]
        if state == "done":
            bubble_inside(page, w, h)
            return shown
        if state == "lesson":
            index = int(head.split("lesson ")[1].split(" of ")[0]) - 1
            if index not in shown:
                bubble_inside(page, w, h)
                shown.add(index)
                if shots is not None and index in shots:
                    page.screenshot(path=str(shots[index]))
            if lessons is not None and len(shown) >= lessons:
                return shown
        before = now["sig"]
        if page.evaluate("() => window.__tkSig()") != before:
            continue  # the table moved on while it was read: read it again
        if state == "lesson" and now["next"]:
            guide.locator("button[data-guide='next']").click()
        elif state in ("lesson", "waiting") and now["offered"]:
            try:
                answer(page, board, ids, pair) if ids else answer_as_suggested(page, board)
            except Exception as exc:
                page.screenshot(path="/tmp/guide-answer-failed.png")
                raise AssertionError(f"{state} {head!r}: answering {ids} (pair {pair}) failed; errors in the "
                                     f"page: {page.errors}; {str(exc)[:600]}") from None
        else:
            # waiting for the next lesson: End of phase runs to it (or to the phase's end)
            step = board.locator("button[data-action='step']" if state == "lesson" else "button[data-action='run:phase']")
            if step.is_disabled():
                page.screenshot(path="/tmp/guide-step-disabled.png")
                raise AssertionError(f"{state} {head!r}: Step is disabled and no answer is offered: "
                                     + board.locator(".tk-decision").inner_text()[:300])
            step.click()
        try:
            page.wait_for_function("(before) => window.__tkSig() !== before", arg=before, timeout=30_000)
        except Exception:
            page.screenshot(path="/tmp/guide-stuck.png")
            raise AssertionError(f"nothing moved after {state} {head!r} (answer {ids}, pair {pair}); "
                                 f"errors in the page: {page.errors}") from None
        assert not page.errors, page.errors
        assert page.locator(".tk-banner").count() == 0, page.locator(".tk-banner").inner_text()
    raise AssertionError("the guide did not end")


# what the kernel last sent: the bubble and the newest record (what the page draws on its own, a
# card picked or an option ticked, changes neither, so a wait for the kernel's answer is not
# ended by the page's own redraw)
SIG = """window.__tkSig = () => {
  const g = document.querySelector('.tk-guide');
  const newest = document.querySelector('.tk-board-log .tk-entry-path');
  const banner = document.querySelector('.tk-banner');
  return JSON.stringify([g && !g.hidden ? g.textContent : '', newest ? newest.textContent : '',
                         banner ? banner.textContent : '']);
};"""


def open_guide(page, server: str, game: str):
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    page.goto(f"{server}/voila/render/learn-{game}.ipynb", wait_until="load", timeout=120_000)
    board = page.locator(".tk-app.tk-board")
    board.wait_for(timeout=120_000)
    page.evaluate(SIG)
    return board


@pytest.mark.parametrize("game", GAMES)
def test_each_guide_is_clicked_through_with_every_bubble_inside_the_screen(guide_server, browser, output_dir, game):
    from tablekit.core.guide import load_guide

    total = len(load_guide(game).lessons)
    with local_page(browser, guide_server, {"width": 1366, "height": 768}) as page:
        board = open_guide(page, guide_server, game)
        shots = {0: output_dir / f"guide-{game}-first-1366x768.png",
                 total // 2: output_dir / f"guide-{game}-middle-1366x768.png"}
        shown = click_through(page, board, 1366, 768, shots=shots)
        assert shown == set(range(total)), sorted(set(range(total)) - shown)
        end = board.locator(".tk-guide")
        assert "What you learned" in end.inner_text()
        assert end.locator(".tk-guide-summary li").count() == len(load_guide(game).summary)
        page.screenshot(path=str(output_dir / f"guide-{game}-end-1366x768.png"))
        left = load_guide(game).left
        if left:  # a kind left to a scenario: opened on this table, then back to the guided game
            before = page.evaluate("() => window.__tkSig()")
            end.locator("button[data-guide='scenario:0']").click()
            page.wait_for_function("(b) => window.__tkSig() !== b", arg=before, timeout=60_000)
            assert left[0].scenario in board.locator(".tk-notice").inner_text()
            page.screenshot(path=str(output_dir / f"guide-{game}-scenario-1366x768.png"))
            board.locator(".tk-guide button[data-guide='back']").click()
            board.locator(".tk-guide[data-state='done']").wait_for(timeout=60_000)
        assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
        assert page.foreign == [], f"the page asked another host for {page.foreign[:3]}"


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=["1280x720", "1920x1080"])
def test_the_first_lessons_fit_the_other_screens(guide_server, browser, output_dir, size):
    w, h = size
    with local_page(browser, guide_server, {"width": w, "height": h}) as page:
        board = open_guide(page, guide_server, "creatures")
        shown = click_through(page, board, w, h, lessons=6,
                              shots={5: output_dir / f"guide-creatures-{w}x{h}.png"})
        assert shown == set(range(6))
        assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")


def test_the_index_leads_to_a_games_learn_to_play_section(browser, voila_url):
    with local_page(browser, voila_url, {"width": 1366, "height": 768}) as page:
        page.goto(f"{voila_url}/voila/render/index.ipynb", wait_until="load", timeout=120_000)
        link = page.locator("a.tk-learn-link", has_text="Creatures and Cards")
        link.wait_for(timeout=60_000)
        link.click()
        heading = page.locator("[id='Learn-to-play']")
        heading.wait_for(timeout=120_000)
        assert "creatures.ipynb" in page.url and heading.inner_text().startswith("Learn to play")
        start = page.get_by_text("Start the guided first game").first
        start.wait_for(timeout=120_000)
        start.click()
        bubble = page.locator(".tk-app.tk-board .tk-guide")
        bubble.wait_for(timeout=120_000)
        assert "lesson 1 of" in bubble.inner_text()
        assert page.foreign == [], f"the page asked another host for {page.foreign[:3]}"
