"""Click to repaint on the board, through Voilà as `tablekit serve` runs it, the kernel
round trip included: a sandbox per game (its board; the first seat a person, the others
heuristic bots), Step clicked again and again in Debian's Chromium, each time
from the click to the board's redrawn log, measured in the page.

    .venv/bin/python benchmarks/board_clicks.py                    # every game, 40 clicks each
    .venv/bin/python benchmarks/board_clicks.py --games creatures,lfg --clicks 80 --runs 3 --json

A Step that meets the person's decision is answered with the decision's first
legal option instead (a click on the board too). Per game it prints the median,
the 95th percentile and the slowest click of each run, and across runs the
spread of the p95. A measurement, never a test: the machine's load counts.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import tablekit
from tablekit.serve import stop_tree, voila_command

CHROMIUM = os.environ.get("TABLEKIT_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]

# the table a learner opens: a sandbox (the board with its rules and Branch here)
NOTEBOOK = """import tablekit
from tablekit.widgets import Sandbox
game = tablekit.new_game({game!r}, players={players}, seed=7)
Sandbox(game, bots={{p: "heuristic" for p in game.players[1:]}})"""

# arm a watch on the log, click, and resolve with the milliseconds to the first change
CLICK = """async (selector) => {
    const log = document.querySelector('.tk-board');
    const changed = new Promise((resolve) => {
        const obs = new MutationObserver(() => { obs.disconnect(); resolve(performance.now()); });
        obs.observe(log, {childList: true, subtree: true, characterData: true});
    });
    const t0 = performance.now();
    document.querySelector(selector).click();
    return (await changed) - t0;
}"""


def write(folder: Path, game: str, players: int) -> None:
    nb = {"cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
                     "source": NOTEBOOK.format(game=game, players=players)}],
          "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
          "nbformat": 4, "nbformat_minor": 5}
    (folder / f"{game}.ipynb").write_text(json.dumps(nb), encoding="utf-8")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered) + 0.5) - 1))]


def measure(page, url: str, game: str, clicks: int) -> list[float]:
    page.goto(f"{url}/voila/render/{game}.ipynb", wait_until="load", timeout=120_000)
    page.locator(".tk-board").wait_for(timeout=120_000)
    times = []
    while len(times) < clicks:
        board = page.locator(".tk-board")
        if board.locator(".tk-decision .tk-confirm").count():  # a multi-pick: pick in the page, then confirm
            if board.locator(".tk-decision .tk-confirm:not([disabled])").count():
                selector = ".tk-board .tk-decision .tk-confirm"
            else:
                board.locator(".tk-option:not(.tk-picked), .tk-option-card:not(.tk-illegal):not(.tk-picked)").first.click()
                continue  # drawn in the page: no round trip to measure
        elif board.locator(".tk-card.tk-target").count():
            selector = ".tk-board .tk-card.tk-target"
        elif board.locator(".tk-card.tk-pair-first").count():
            board.locator(".tk-card.tk-pair-first").first.click()  # the pair's first card: in the page
            continue
        elif board.locator("button.tk-option").count():
            selector = ".tk-board button.tk-option"
        elif board.locator(".tk-option-card:not(.tk-illegal)").count():
            selector = ".tk-board .tk-option-card:not(.tk-illegal)"
        elif board.locator('button[data-action="step"]:not([disabled])').count():
            selector = '.tk-board button[data-action="step"]'
        else:
            break  # the game is over
        times.append(page.evaluate(CLICK, selector))
    return times


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", default=",".join(tablekit.games()))
    ap.add_argument("--clicks", type=int, default=40)
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    games = [g.strip() for g in args.games.split(",") if g.strip()]
    unknown = [g for g in games if g not in tablekit.games()]
    if unknown or args.clicks < 1 or args.runs < 1:
        ap.error(f"unknown games {unknown}" if unknown else "--clicks and --runs must be 1 or more")
    from playwright.sync_api import sync_playwright

    results: dict[str, list[dict]] = {g: [] for g in games}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for g in games:
            write(folder, g, tablekit.game_info(g).min_players)
        port = free_port()
        proc = subprocess.Popen(voila_command(str(folder), port=port, pool_size=0, preheat=False),
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        try:
            deadline = time.time() + 120
            while socket.socket().connect_ex(("127.0.0.1", port)) != 0:
                if time.time() > deadline or proc.poll() is not None:
                    raise SystemExit("Voilà did not start")
                time.sleep(0.2)
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
                for run in range(args.runs):
                    for g in games:  # the games take turns, run by run
                        page = browser.new_page(viewport={"width": 1366, "height": 768})
                        times = measure(page, f"http://127.0.0.1:{port}", g, args.clicks)
                        page.close()
                        row = {"game": g, "run": run + 1, "clicks": len(times),
                               "median_ms": round(statistics.median(times), 1),
                               "p95_ms": round(percentile(times, 0.95), 1), "max_ms": round(max(times), 1)}
                        results[g].append(row)
                        print(json.dumps(row) if args.json else
                              f"{g} run {run + 1}: {row['clicks']} clicks, median {row['median_ms']} ms, "
                              f"p95 {row['p95_ms']} ms, slowest {row['max_ms']} ms", flush=True)
                browser.close()
        finally:
            stop_tree(proc)
    for g, rows in results.items():
        p95s = [r["p95_ms"] for r in rows]
        summary = {"game": g, "runs": len(rows), "p95_median_ms": statistics.median(p95s),
                   "p95_min_ms": min(p95s), "p95_max_ms": max(p95s)}
        print(json.dumps(summary) if args.json else
              f"{g}: p95 {summary['p95_median_ms']} ms (runs from {summary['p95_min_ms']} to {summary['p95_max_ms']} ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
