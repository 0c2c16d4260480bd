"""The board where a notebook runs: a game's table opened in JupyterLab 4 and in
Notebook 7 (each a real server on a free loopback port, in Debian's Chromium),
its cell run, Step clicked on the board and answered through the kernel; and in
JupyterLab's dark theme the board's words stay readable."""

from __future__ import annotations

import json
import sys

import pytest
from conftest import free_port, running_voila
from playwright.sync_api import TimeoutError as PlaywrightTimeout

SOURCE = """import tablekit
from tablekit.widgets import Sandbox
Sandbox(tablekit.new_game("creatures", players=["Ana", "Bo"], seed=7), bots={"Bo": "random"})"""

# the contrast of two CSS colours (WCAG's formula), worked out in the page
CONTRAST = """(el) => {
    const rgb = (c) => c.match(/[\\d.]+/g).slice(0, 3).map(Number);
    const lum = ([r, g, b]) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
        return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
    let bg = el; let back = "rgba(0, 0, 0, 0)";
    while (bg && (back = getComputedStyle(bg).backgroundColor).endsWith(", 0)")) bg = bg.parentElement;
    const a = lum(rgb(getComputedStyle(el).color)), b = lum(rgb(back));
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}"""


def server_command(app: str, folder, port: int, settings) -> list[str]:
    return [sys.executable, "-m", "jupyterlab" if app == "lab" else "notebook", "--no-browser",
            f"--port={port}", "--ip=127.0.0.1", "--ServerApp.token=", "--ServerApp.password=",
            "--ServerApp.disable_check_xsrf=True", "--allow-root", f"--ServerApp.root_dir={folder}",
            f"--LabApp.user_settings_dir={settings}", "--LabApp.workspaces_dir=" + str(settings / "ws")]


@pytest.mark.parametrize("app,theme", [("lab", "JupyterLab Dark"), ("notebook", "JupyterLab Light")])
def test_the_board_runs_in_jupyterlab_and_notebook_7(app, theme, tmp_path, browser, output_dir):
    nb = {"cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
                     "source": SOURCE.splitlines(keepends=True)}],
          "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
          "nbformat": 4, "nbformat_minor": 5}
    (tmp_path / "board.ipynb").write_text(json.dumps(nb), encoding="utf-8")
    settings = tmp_path / "settings"
    themes = settings / "@jupyterlab" / "apputils-extension"
    themes.mkdir(parents=True)
    (themes / "themes.jupyterlab-settings").write_text(json.dumps({"theme": theme}), encoding="utf-8")
    port = free_port()
    with running_voila(server_command(app, tmp_path, port, settings), port, output_dir / f"jupyter-{app}.log"):
        ctx = browser.new_context(viewport={"width": 1366, "height": 768})
        page = ctx.new_page()
        try:
            path = "lab/tree/board.ipynb" if app == "lab" else "notebooks/board.ipynb"
            page.goto(f"http://127.0.0.1:{port}/{path}", wait_until="load", timeout=120_000)
            cell = page.locator(".jp-Cell.jp-CodeCell").first
            cell.wait_for(timeout=120_000)
            # a fresh server may ask which kernel to start: the preferred one, Python 3
            accept = page.locator(".jp-Dialog .jp-mod-accept")
            try:
                accept.wait_for(timeout=8_000)
                accept.click()
            except PlaywrightTimeout:
                pass
            page.locator('.jp-Notebook-ExecutionIndicator[data-status="idle"]').wait_for(
                state="attached", timeout=120_000)
            cell.locator(".jp-InputArea-editor").click()
            page.keyboard.press("Shift+Enter")  # run the cell, as a person does
            board = page.locator(".tk-app.tk-board")
            try:
                board.wait_for(timeout=120_000)
            except Exception:
                page.screenshot(path=str(output_dir / f"board-{app}-no-board.png"))
                raise
            log = board.locator(".tk-board-log > summary")
            assert "nothing yet" in log.inner_text()
            board.locator('button[data-action="step"]').click()
            page.wait_for_function("() => !document.querySelector('.tk-board-log > summary')"
                                   ".textContent.includes('nothing yet')", timeout=60_000)
            for _ in range(12):  # on to Ana's first decision: her hand and the options on it
                if board.locator(".tk-decision .tk-option, .tk-card.tk-option-card").count():
                    break
                board.locator('button[data-action="run:phase"]').click()
                page.wait_for_timeout(1500)
            assert board.locator(".tk-banner").count() == 0
            page.screenshot(path=str(output_dir / f"board-{app}-{theme.split()[-1].lower()}.png"))
            if theme.endswith("Dark"):
                assert page.locator("body").get_attribute("data-jp-theme-light") == "false"  # the dark theme is on
                for sel in [".tk-seat-name", ".tk-board-log > summary", ".tk-zone-label", "button.tk-control",
                            ".tk-token-name", ".tk-decision .tk-prompt", ".tk-turn-mark", ".tk-card-option",
                            ".tk-card-name", ".tk-option"]:
                    el = board.locator(sel).first
                    if el.count():
                        ratio = el.evaluate(CONTRAST)
                        assert ratio >= 4.5, f"{sel} is hard to read in the dark theme (contrast {ratio:.1f})"
        finally:
            ctx.close()
