"""Shared fixtures: a live Voilà server and Debian's Chromium for the browser tests;
how the suite runs on several cores (pytest-xdist); the Hypothesis profiles.

Parallel runs (`make test` runs `pytest -n logical`): the session fixtures
below are built once per worker process, and the scheduler below sends each
worker whole units of work, so that what shares a process stays together:

* the cells of one notebook, in order (nbval runs them in one kernel);
* the browser tests on the notebooks' Voilà (tests/test_browser*.py): one
  Voilà server and one Chromium for all of them;
* every other test on its own, to whichever worker is free.

Markers, given here by the fixtures a test uses, or by the module: `browser`
(drives Chromium) and `server` (starts a server process: Voilà, JupyterHub, a
Dask cluster). `make test-fast` leaves both out.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

import pytest
from hypothesis import settings

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = Path(os.environ.get("TABLEKIT_TEST_OUTPUT", ROOT / "test-output"))
CHROMIUM = os.environ.get("TABLEKIT_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]

# Hypothesis: `ci` (the default, and what make test runs) draws the same examples on
# every run, so a run can be repeated; `explore` draws new ones each time (pytest
# --hypothesis-profile=explore) and keeps failing examples in .hypothesis/.
settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile("ci")

VOILA_FIXTURES = {"voila_server", "voila_url", "page"}
SERVER_FIXTURES = VOILA_FIXTURES | {"search_server"}


def pytest_collection_modifyitems(config, items):
    """Mark the browser and server tests by the fixtures they use (the modules of
    the other server tests mark themselves)."""
    for item in items:
        fixtures = set(getattr(item, "fixturenames", ()))
        if fixtures & SERVER_FIXTURES:
            item.add_marker(pytest.mark.server)
        if "browser" in fixtures or fixtures & VOILA_FIXTURES:
            item.add_marker(pytest.mark.browser)


def work_unit(nodeid: str) -> str:
    """The unit of work a test is sent to a worker in: a notebook's cells together,
    the browser tests together, any other test alone. (pytest-xdist's own
    `--dist loadgroup` reads groups off node ids, which pytest 9 no longer lets it
    rename; this scheduler needs no marks.)"""
    path = nodeid.split("::", 1)[0]
    if path.endswith(".ipynb"):
        return path
    if path.rsplit("/", 1)[-1].startswith("test_browser"):
        return "tests/test_browser*.py"
    return nodeid


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """`-n N` (xdist's `--dist load`): whole units of work (`work_unit`) to whichever
    worker is free, the units of several tests first."""
    if config.getvalue("dist") != "load":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class UnitScheduling(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return work_unit(nodeid)

    return UnitScheduling(config, log)



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


class VoilaServer:
    """The live server of the browser tests: its URL and its process (to count its kernels)."""

    def __init__(self, url: str, proc: subprocess.Popen, pool: int):
        self.url = url
        self.proc = proc
        self.pool = pool  # preheated kernels it keeps: pool size x notebooks

    def kernels(self) -> int:
        """Kernels alive now: the ipykernel processes Voilà started. (Voilà serves no
        kernel listing: /api/kernels alone is not one of its routes.)"""
        from tablekit.serve import descendants

        n = 0
        for pid in descendants(self.proc.pid):
            try:
                n += b"ipykernel" in Path(f"/proc/{pid}/cmdline").read_bytes()
            except OSError:
                pass
        return n

    def wait_kernels(self, n: int, timeout: float) -> int:
        """Wait until exactly `n` kernels are alive (or the time is up); the count then."""
        deadline = time.time() + timeout
        while (k := self.kernels()) != n and time.time() < deadline:
            time.sleep(0.5)
        return k


@contextmanager
def running_voila(cmd: list[str], port: int, log_path: Path, settle: bool = False) -> Iterator[subprocess.Popen]:
    """A Voilà started with `cmd`, once it listens on `port` (with `settle`, also once
    its preheated kernels have run their notebooks); stopped as `tablekit serve` stops
    it: SIGTERM, then Voilà shuts its kernels down. (Not SIGINT: a shell that starts a
    command in the background makes it ignore SIGINT, and so would Voilà, until the
    kill 20 s later.)"""
    log = open(log_path, "w")
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, cwd=ROOT)
    deadline = time.time() + 120
    try:
        while True:
            if proc.poll() is not None:
                pytest.fail(f"Voilà exited early with code {proc.returncode}; see {log_path}")
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    break
            if time.time() > deadline:
                pytest.fail("Voilà did not open its port within 120 s")
            time.sleep(0.2)
        if settle:
            wait_until_idle(proc.pid, deadline + 60)
        yield proc
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


def class_kernels(pid: int) -> dict[int, str | None]:
    """The ipykernel processes below a server: pid -> start time."""
    from tablekit.serve import descendants

    found = {}
    for k, started in descendants(pid).items():
        try:
            if b"ipykernel" in Path(f"/proc/{k}/cmdline").read_bytes():
                found[k] = started
        except OSError:
            pass
    return found


class ClassServer:
    """`tablekit serve NOTEBOOK --class N`'s Voilà, as class_voila runs it: its port, its
    process, its log, and every kernel it was seen to run (killed at the end if alive)."""

    def __init__(self, port: int, proc: subprocess.Popen, log: Path):
        self.port, self.proc, self.log = port, proc, log
        self.seen: dict[int, str | None] = {}

    def kernels(self) -> dict[int, str | None]:
        found = class_kernels(self.proc.pid)
        self.seen.update(found)
        return found

    def text(self) -> str:
        return self.log.read_text()

    def wait_ready(self, notebook: str, timeout: float = 120) -> None:
        deadline = time.time() + timeout
        while f"kernels ready for {Path(notebook).name}" not in self.text():
            assert time.time() < deadline, self.text()[-3000:]
            time.sleep(0.2)


@contextmanager
def class_voila(notebook: str, log: Path, class_size: int, class_quiet: float) -> Iterator[ClassServer]:
    """Voilà in class mode for `notebook`, in a session of its own, ready once its kernels
    are; stopped with its process group at the end, and any kernel still alive killed."""
    from tablekit.serve import _alive, voila_command

    port = free_port()
    cmd = voila_command(notebook, port=port, class_size=class_size, class_quiet=class_quiet)
    with open(log, "w") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, cwd=ROOT, start_new_session=True)
    server = ClassServer(port, proc, log)
    try:
        server.wait_ready(notebook)
        yield server
    finally:
        server.kernels()
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        for k, started in server.seen.items():
            if _alive(k, started):
                os.kill(k, signal.SIGKILL)


@contextmanager
def one_notebook_voila(folder: Path, name: str, source: str, log_path: Path) -> Iterator[str]:
    """Voilà, as `tablekit serve` runs it (no preheated kernel), serving a folder with one
    notebook of one code cell, `source`, written there as `name`; its URL."""
    import json

    from tablekit.serve import voila_command

    nb = {"cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
                     "source": source.splitlines(keepends=True)}],
          "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                       "language_info": {"name": "python"}},
          "nbformat": 4, "nbformat_minor": 5}
    (folder / name).write_text(json.dumps(nb), encoding="utf-8")
    port = free_port()
    with running_voila(voila_command(str(folder), port=port, pool_size=0, preheat=False), port, log_path):
        yield f"http://127.0.0.1:{port}"


@pytest.fixture(scope="session")
def voila_server(output_dir):
    """Voilà serving notebooks/ as `tablekit serve` does, on a free loopback port."""
    from tablekit.serve import notebooks_dir, voila_command

    port = free_port()
    pool = 1
    # settle: the preheated kernels have run the notebooks, as a class's server
    # would have long before the students arrive
    with running_voila(voila_command(port=port, pool_size=pool), port, output_dir / "voila.log",
                       settle=True) as proc:
        yield VoilaServer(f"http://127.0.0.1:{port}", proc, pool * len(list(notebooks_dir().rglob("*.ipynb"))))


@pytest.fixture(scope="session")
def voila_url(voila_server):
    return voila_server.url


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


def is_local(url: str, server: str) -> bool:
    return url.startswith((server + "/", "data:", "blob:")) or url == server


@contextmanager
def local_page(browser, server: str, viewport: dict | None = None) -> Iterator[Any]:
    """A page in a new browser context. Every request of the context (of any tab it
    opens) to a host other than `server` is recorded in `page.foreign` and
    aborted, so an offline classroom sees what the test sees. At the end its tabs
    are closed as a reader closes them: the page's unload handlers run (Voilà's
    posts the kernel's shutdown)."""
    ctx = browser.new_context(viewport=viewport or {"width": 1400, "height": 1000})
    foreign: list[str] = []

    def note(request):
        if not is_local(request.url, server):
            foreign.append(request.url)

    def only_local(route):
        if is_local(route.request.url, server):
            route.continue_()
        else:
            route.abort()

    ctx.on("request", note)
    ctx.route("**/*", only_local)
    p = ctx.new_page()
    p.foreign = foreign
    try:
        yield p
    finally:
        close_tabs(ctx)
        ctx.close()


@pytest.fixture
def page(browser, voila_url):
    """A page of its own on the notebooks' Voilà (see `local_page`)."""
    with local_page(browser, voila_url) as p:
        yield p


def close_tabs(ctx, timeout: float = 10.0) -> None:
    """Close every tab of a context as a reader does (its unload handlers run), waiting until each is closed."""
    for tab in list(ctx.pages):
        if tab.is_closed():
            continue
        try:
            with tab.expect_event("close", timeout=timeout * 1000):
                tab.close(run_before_unload=True)
        except Exception:  # noqa: BLE001 - a tab that will not close is closed by ctx.close()
            pass


__all__ = ["CHROMIUM", "sys"]
