"""In Chromium, against a live Voilà as `tablekit serve` runs it, offline: a
notebook with a board (tablekit/widgets/board.py) draws it, a click on Step goes
through the kernel and the board redraws, and nothing is asked of another host."""

from __future__ import annotations

import pytest
from conftest import local_page, one_notebook_voila

NOTEBOOK = """import tablekit
from tablekit.widgets.board import Board
game = tablekit.new_game("creatures", players=2, seed=3)
Board(game, "P1", bots={"P2": "random"})"""


@pytest.fixture(scope="module")
def board_server(tmp_path_factory, output_dir):
    with one_notebook_voila(tmp_path_factory.mktemp("board-notebook"), "board.ipynb", NOTEBOOK,
                            output_dir / "voila-board.log") as url:
        yield url


def test_the_board_draws_under_voila_offline_and_step_goes_through_the_kernel(board_server, browser, output_dir):
    with local_page(browser, board_server, {"width": 1366, "height": 768}) as page:
        page.goto(f"{board_server}/voila/render/board.ipynb", wait_until="load", timeout=120_000)
        board = page.locator(".tk-app.tk-board")
        board.wait_for(timeout=120_000)
        assert page.locator('[data-zone="P1/hand"]').count() == 0  # nothing dealt before the first rule
        step = board.locator('button[data-action="step"]')
        assert "nothing yet" in board.locator(".tk-board-log summary").inner_text()
        for n in range(1, 30):  # one rule a click (P2 is a bot), each through the kernel and back
            step.click()
            page.wait_for_function("(n) => document.querySelectorAll('.tk-board-log li').length >= n",
                                   arg=n, timeout=30_000)
            if page.locator('[data-zone="P1/hand"]').count():
                break
        assert page.locator(".tk-banner").count() == 0
        assert page.locator('[data-zone="P1/hand"] .tk-card[data-uid]').count() >= 1, "P1's hand is drawn"
        assert page.locator('[data-zone="P2/hand"] .tk-card[data-uid]').count() == 0, "P2's cards stay hidden"
        page.screenshot(path=str(output_dir / "board-voila-1366x768.png"))
        assert page.foreign == [], f"the page asked another host for {page.foreign[:3]}"
