"""In Chromium, against `tablekit serve`'s Voilà in class mode: a page opened at the
server's root lands on the class notebook's table; closing a page (without the
`beforeunload` shutdown post a browser does not always send) or reloading it frees
its kernel within 10 s, counted as kernel processes."""

from __future__ import annotations

import os
import signal
import subprocess
import time

from conftest import ROOT, free_port
from test_serve_class import _kernels

from tablekit.serve import _alive, voila_command

FREED_WITHIN = 10.0  # seconds: a behaviour timeout, not a speed


def _wait_for(what, timeout: float, why: str) -> None:
    deadline = time.time() + timeout
    while not what():
        assert time.time() < deadline, why
        time.sleep(0.2)


def test_a_page_at_the_root_gets_the_class_table_and_a_closed_or_reloaded_page_frees_its_kernel(
        browser, tmp_path):
    port = free_port()
    log = tmp_path / "voila.log"
    # a long quiet time: no refill starts during the test, so the kernels counted are the pages'
    cmd = voila_command("creatures.ipynb", port=port, class_size=2, class_quiet=600)
    with open(log, "w") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, cwd=ROOT, start_new_session=True)
    seen: dict[int, str | None] = {}
    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    try:
        _wait_for(lambda: "kernels ready for creatures.ipynb" in log.read_text(), 120, log.read_text()[-2000:])
        pages = []
        for path in ("/", "/voila/render/creatures.ipynb"):  # the root, and the address the server prints
            page = ctx.new_page()
            page.goto(f"http://127.0.0.1:{port}{path}")
            page.locator(".tk-app.tk-board").first.wait_for(timeout=90_000)
            assert page.url.endswith("/voila/render/creatures.ipynb"), page.url
            pages.append(page)
        taken = _kernels(proc.pid)
        seen.update(taken)
        assert len(taken) == 2 and log.read_text().count("Using pre-heated kernel") == 2

        def alive() -> set[int]:
            seen.update(_kernels(proc.pid))
            return {k for k, started in seen.items() if _alive(k, started)}

        pages[0].close()  # no beforeunload: as a browser that is killed, or a test closing a page
        _wait_for(lambda: len(alive() & set(taken)) == 1, FREED_WITHIN,
                  f"a closed page's kernel still runs after {FREED_WITHIN} s: {log.read_text()[-2000:]}")
        pages[1].reload()  # the page takes a new kernel; its old one is freed
        pages[1].locator(".tk-app.tk-board").first.wait_for(timeout=90_000)
        _wait_for(lambda: not alive() & set(taken), FREED_WITHIN,
                  f"a reloaded page's old kernel still runs after {FREED_WITHIN} s: {log.read_text()[-2000:]}")
        assert len(alive()) == 1, "one kernel left: the reloaded page's"
        assert "no page has been connected to kernel" in log.read_text()
    finally:
        ctx.close()
        seen.update(_kernels(proc.pid))
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        for k, started in seen.items():
            if _alive(k, started):
                os.kill(k, signal.SIGKILL)

