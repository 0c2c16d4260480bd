"""In Chromium, against `tablekit serve`'s Voilà in class mode: a page opened at the
server's root lands on the class notebook's table; closing a page (without the
`beforeunload` shutdown post a browser does not always send) or reloading it frees
its kernel within 10 s, counted as kernel processes; a class larger than its
kernels waits in line, told how many are ahead, and every student gets a table."""

from __future__ import annotations

import re
import time
import types

from conftest import class_voila

from tablekit.serve import _alive

FREED_WITHIN = 10.0  # seconds: a behaviour timeout, not a speed


def _wait_for(what, timeout: float, why: str) -> None:
    deadline = time.time() + timeout
    while not what():
        assert time.time() < deadline, why
        time.sleep(0.2)


def test_a_page_at_the_root_gets_the_class_table_and_a_closed_or_reloaded_page_frees_its_kernel(
        browser, tmp_path):
    # a long quiet time: no refill starts during the test, so the kernels counted are the pages'
    with class_voila("creatures.ipynb", tmp_path / "voila.log", class_size=2, class_quiet=600) as server:
        ctx = browser.new_context(viewport={"width": 1366, "height": 768})
        try:
            pages = []
            for path in ("/", "/voila/render/creatures.ipynb"):  # the root, and the address the server prints
                page = ctx.new_page()
                page.goto(f"http://127.0.0.1:{server.port}{path}")
                page.locator(".tk-app.tk-board").first.wait_for(timeout=90_000)
                assert page.url.endswith("/voila/render/creatures.ipynb"), page.url
                pages.append(page)
            taken = server.kernels()
            assert len(taken) == 2 and server.text().count("Using pre-heated kernel") == 2

            def alive() -> set[int]:
                server.kernels()
                return {k for k, started in server.seen.items() if _alive(k, started)}

            # a page closed without its shutdown post (a killed browser, a lost network): the
            # server frees the kernel once no page has been connected to it for a few seconds
            pages[0].evaluate("() => { window.fetch = () => Promise.reject(new Error('offline')); }")
            pages[0].close()
            _wait_for(lambda: len(alive() & set(taken)) == 1, FREED_WITHIN,
                      f"a closed page's kernel still runs after {FREED_WITHIN} s: {server.text()[-2000:]}")
            assert "no page has been connected to kernel" in server.text()
            pages[1].reload()  # the page takes a new kernel; its old one is freed (its post, or the server)
            pages[1].locator(".tk-app.tk-board").first.wait_for(timeout=90_000)
            _wait_for(lambda: not alive() & set(taken), FREED_WITHIN,
                      f"a reloaded page's old kernel still runs after {FREED_WITHIN} s: {server.text()[-2000:]}")
            assert len(alive()) == 1, "one kernel left: the reloaded page's"
        finally:
            ctx.close()


def test_the_queue_lets_students_in_in_the_order_they_came():
    from tablekit._voila import Queue, waiting_page

    q = Queue(forget=10)
    assert q.admit(None, ready=1, now=0)  # nobody waits and a kernel is ready: straight in
    assert not q.admit(None, ready=0, now=0)  # nothing ready: a ticket, then the waiting page
    a, b = q.join(None, now=0), q.join(None, now=1)
    assert (q.ahead(a), q.ahead(b)) == (0, 1) and q.join(a, now=2) == a
    assert not q.admit(None, ready=1, now=2)  # a newcomer does not pass those who wait
    assert not q.admit(b, ready=1, now=2) and q.admit(a, ready=1, now=2)  # the first in line first
    assert q.ahead(b) == 0 and len(q) == 1
    assert not q.admit(b, ready=0, now=10) and len(q) == 1  # seen at 1: still waiting at 10
    q.tidy(now=30)
    assert len(q) == 0  # a page that stopped asking is forgotten
    page = waiting_page("/voila/render/creatures.ipynb?ticket=x&y", 3)
    assert "The table is being prepared (3 ahead of you)" in page and "ticket=x&amp;y" in page
    assert "you are next" in waiting_page("/", 0) and "<script" not in page and "http:" not in page


def test_a_page_gets_a_ready_kernel_and_never_one_that_failed():
    import asyncio

    from tablekit._voila import ready_first

    loop = asyncio.new_event_loop()  # futures only: nothing runs (Playwright's loop may be running here)
    try:
        starting, failed, ready, cancelled, ready2 = (loop.create_future() for _ in range(5))
        failed.set_exception(RuntimeError("Kernel didn't respond in 60 seconds"))
        ready.set_result({"kernel_id": "k1"})
        cancelled.cancel()
        ready2.set_result({"kernel_id": "k2"})
        pool = [starting, failed, ready, cancelled, ready2]
        assert ready_first(pool) == [failed, cancelled]
        assert pool == [ready, ready2, starting]  # Voilà hands out pool[0]: a ready one
        assert ready_first(pool) == [] and pool == [ready, ready2, starting]  # nothing more to do
        # the class's count of ready kernels counts neither a failed nor a cancelled one
        from traitlets import Dict
        from traitlets.config import LoggingConfigurable

        from tablekit._voila import class_pool

        class Base(LoggingConfigurable):  # the one trait of Voilà's manager the class pool reads
            kernel_pools_config = Dict()

        manager = class_pool(Base, 1)
        pools = types.SimpleNamespace(_pools={"nb.ipynb": [starting, failed, ready, cancelled, ready2]})
        assert manager.ready(pools, "nb.ipynb") == 2
    finally:
        loop.close()


def test_a_class_larger_than_its_kernels_waits_in_line_and_every_student_gets_a_table(browser, tmp_path):
    contexts = []
    with class_voila("creatures.ipynb", tmp_path / "voila.log", class_size=1, class_quiet=600) as server:
        try:
            pages = []
            for _ in range(3):  # three students for one kernel
                ctx = browser.new_context(viewport={"width": 1280, "height": 720})
                contexts.append(ctx)
                page = ctx.new_page()
                page.goto(f"http://127.0.0.1:{server.port}/voila/render/creatures.ipynb", wait_until="commit")
                pages.append(page)
            for page in pages[1:]:  # the two who came later wait, and are told so
                # the words are read in the page in one go: the line may move on ("1 ahead" to
                # "you are next") or give way to the table between two reads from here
                words = page.wait_for_function(
                    "() => { const q = document.querySelector('.tk-queue'); return q ? q.innerText : null; }",
                    timeout=30_000).json_value()
                assert "The table is being prepared" in words
                assert re.search(r"prepared \((you are next|[12] ahead of you)\)", words)
            for page in pages:  # every student gets a working table within 60 s
                page.locator(".tk-app.tk-board button.tk-control").first.wait_for(timeout=60_000)
                assert page.locator(".tk-banner").count() == 0
            server.kernels()
            assert len(server.seen) >= 3
        finally:
            for ctx in contexts:
                ctx.close()
