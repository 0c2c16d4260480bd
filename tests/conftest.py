"""Shared fixtures: a live Voilà server and Debian's Chromium for the browser tests."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = Path(os.environ.get("TABLEKIT_TEST_OUTPUT", ROOT / "test-output"))
CHROMIUM = os.environ.get("TABLEKIT_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def output_dir() -> Path:
    OUTPUT.mkdir(parents=True, exist_ok=True)
    return OUTPUT


@pytest.fixture(scope="session")
def voila_url(output_dir):
    """Voilà serving notebooks/ as `tablekit serve` does, on a free loopback port."""
    from tablekit.serve import voila_command

    port = free_port()
    log = open(output_dir / "voila.log", "w")
    proc = subprocess.Popen(voila_command(port=port, pool_size=1), stdout=log, stderr=subprocess.STDOUT,
                            cwd=ROOT)
    deadline = time.time() + 120
    try:
        while True:
            if proc.poll() is not None:
                pytest.fail(f"Voilà exited early with code {proc.returncode}; see {output_dir / 'voila.log'}")
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    break
            if time.time() > deadline:
                pytest.fail("Voilà did not open its port within 120 s")
            time.sleep(0.2)
        # wait until the preheated kernels have run the notebooks
        while time.time() < deadline:
            text = (output_dir / "voila.log").read_text(errors="replace")
            if text.count("is filled with") >= 2:
                break
            time.sleep(0.2)
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


@pytest.fixture(scope="session")
def browser():
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"the browser tests need Chromium at {CHROMIUM}: run "
                    "`sudo apt-get install -y chromium` (make test does this when run as root), "
                    "or set TABLEKIT_CHROMIUM")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser):
    ctx = browser.new_context(viewport={"width": 1400, "height": 1000})
    p = ctx.new_page()

    def only_local(route):
        url = route.request.url
        if url.startswith(("http://127.0.0.1", "data:", "blob:")):
            route.continue_()
        else:
            route.abort()

    p.route("**/*", only_local)
    yield p
    ctx.close()


__all__ = ["CHROMIUM", "sys"]
