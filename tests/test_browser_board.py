"""In Chromium, against a live Voilà as `tablekit serve` runs it, offline: a
notebook with a board (tablekit/widgets/board.py) draws it, a click on Step goes
through the kernel and the board redraws, and nothing is asked of another host."""

from __future__ import annotations

import json

import pytest
from conftest import free_port, local_page, running_voila

NOTEBOOK = """import tablekit
from tablekit.widgets.board import Board
game = tablekit.new_game("creatures", players=2, seed=3)
Board(game, "P1", bots={"P2": "random"})"""


def write_notebook(folder) -> None:
    nb = {"cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
                     "source": NOTEBOOK.splitlines(keepends=True)}],
          "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                       "language_info": {"name": "python"}},
          "nbformat": 4, "nbformat_minor": 5}
    (folder / "board.ipynb").write_text(json.dumps(nb), encoding="utf-8")


@pytest.fixture(scope="module")
def board_server(tmp_path_factory, output_dir):
    from tablekit.serve import voila_command

    folder = tmp_path_factory.mktemp("board-notebook")
    write_notebook(folder)
    port = free_port()
    with running_voila(voila_command(str(folder), port=port, pool_size=0, preheat=False), port,
                       output_dir / "voila-board.log"):
        yield f"http://127.0.0.1:{port}"


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
