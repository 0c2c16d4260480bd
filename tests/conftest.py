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


def _cpu_seconds(pid: int) -> float:
    """CPU time used by a process and all its descendants (Linux /proc)."""
    total = 0.0
    todo = [pid]
    tick = os.sysconf("SC_CLK_TCK")
    while todo:
        p = todo.pop()
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / tick
            for task in Path(f"/proc/{p}/task").iterdir():
                kids = (task / "children").read_text().split()
                todo.extend(int(k) for k in kids)
        except (OSError, IndexError, ValueError):
            continue
    return total


def wait_until_idle(pid: int, deadline: float, quiet: float = 0.15) -> None:
    """Wait until the server and its kernels have finished their start-up work
    (the preheated kernels run the notebooks): under `quiet` CPU-seconds a second."""
    last = _cpu_seconds(pid)
    calm = 0
    while time.time() < deadline and calm < 2:
        time.sleep(1)
        now = _cpu_seconds(pid)
        calm = calm + 1 if now - last < quiet else 0
        last = now


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
        # wait until the preheated kernels have run the notebooks, as a class's
        # server would have long before the students arrive
        wait_until_idle(proc.pid, deadline + 60)
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
