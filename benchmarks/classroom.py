"""A class of N students at one notebook, in one headless Chromium.

    python benchmarks/classroom.py --students N [--pool K] [--notebook creatures.ipynb]
        [--arrive 10] [--class-seconds 60] [--seed 17] [--json FILE] [--serve-args "..."]

Starts `tablekit serve NOTEBOOK [--pool-size K] SERVE_ARGS` on a free port, waits
until its preheated kernels have run the notebook, then lets N students (one
browser context each, Playwright's async API, Debian's Chromium) arrive at
seeded random times within `--arrive` seconds. Each student opens the page,
waits until the first sandbox's Step button answers (opening a lazy section
first if the page shows one), then clicks Step (or the first allowed option of
a decision) every 1 to 3 seconds until `--class-seconds` after the class began.
It prints a markdown table (time to interactive, the server's share of it,
click latency, lost pages, the browser's share of the CPU, the kernels alive
before, at the peak and 60 s after the tabs closed) and a few lines of detail;
`--json FILE` writes every raw number. The figures depend on the machine.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import os
import random
import re
import shlex
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import async_playwright

from tablekit.serve import answers, descendants, notebooks_dir, stop_tree

CHROMIUM = os.environ.get("TABLEKIT_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
TTI_TIMEOUT = 90.0  # seconds: a page not interactive by then is lost
CLICK_TIMEOUT = 10.0  # seconds: a click whose log is not repainted by then is a timeout
AFTER_SECONDS = 60  # seconds the kernels are watched after the tabs closed
AFTER_MARKS = (0, 10, 30, 60)
WARM_SETTLE = 2.0  # seconds the students' open, empty tabs are left to settle before the class begins
READY_TIMEOUT = 300.0  # seconds the server has to open its port and go idle
KERNEL_FILE = re.compile(r"kernel-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.json")
CHANNELS_URL = re.compile(r"/api/kernels/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/channels")
APP = ".tk-app >> nth=0"
# the opener of a LazySection (an ipywidgets Accordion) whose title says "Open"
OPENER = ".tk-lazy button, .jupyter-widget-Collapse-header, .widget-accordion .p-Collapse-header"


# -- arithmetic and schedules ------------------------------------------------------

def nearest_rank(values: list[float], pct: float) -> float | None:
    """The pct-th percentile by the nearest-rank method (None for no values)."""
    if not 0 < pct <= 100:
        raise ValueError(f"a percentile is above 0 and at most 100, not {pct}")
    if not values:
        return None
    ordered = sorted(values)
    return ordered[max(1, math.ceil(pct / 100 * len(ordered))) - 1]


def arrival_times(students: int, window: float, seed: int) -> list[float]:
    """Seconds after the class begins at which each student opens the page: seeded,
    within [0, window], in order of arrival."""
    rnd = random.Random(f"arrivals:{seed}")
    return sorted(rnd.uniform(0, window) for _ in range(students))


def click_gaps(student: int, seed: int) -> random.Random:
    """The generator of one student's pauses between clicks (1 to 3 s: `.uniform(1, 3)`)."""
    return random.Random(f"clicks:{seed}:{student}")


# -- kernels -----------------------------------------------------------------------

def kernel_id_from_cmdline(cmdline: bytes) -> str | None:
    """The kernel id of an ipykernel process, from its /proc cmdline (its connection
    file is kernel-<id>.json); None for any other process."""
    args = cmdline.split(b"\0")
    if not any(b"ipykernel" in a for a in args):
        return None
    for a in args:
        m = KERNEL_FILE.search(a.decode(errors="replace"))
        if m:
            return m.group(1)
    return None


def kernel_id_from_url(url: str) -> str | None:
    """The kernel id in a kernel websocket's URL (.../api/kernels/<id>/channels?...)."""
    m = CHANNELS_URL.search(url)
    return m.group(1) if m else None


def _cmdline(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def kernels(server_pid: int) -> dict[str, int]:
    """The kernels running under the server now: kernel id -> pid."""
    found = {}
    for pid in descendants(server_pid):
        kid = kernel_id_from_cmdline(_cmdline(pid))
        if kid:
            found[kid] = pid
    return found


# -- CPU ---------------------------------------------------------------------------

def _proc_fields(pid: int) -> list[str] | None:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None


def tree_cpu_seconds(pid: int) -> float:
    """CPU-seconds of a process and every process below it, including the children
    they have already reaped (Linux /proc: utime, stime, cutime, cstime)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for p in (pid, *descendants(pid)):
        fields = _proc_fields(p)
        if fields:
            total += sum(int(f) for f in fields[11:15]) / tick
    return total


def machine_busy_seconds() -> float:
    """CPU-seconds every core of the machine has spent busy since boot (/proc/stat:
    everything but idle and iowait)."""
    fields = [int(f) for f in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    return (sum(fields) - fields[3] - (fields[4] if len(fields) > 4 else 0)) / os.sysconf("SC_CLK_TCK")


def _parent(pid: int) -> int | None:
    fields = _proc_fields(pid)
    return int(fields[1]) if fields else None


def _is_chromium(pid: int) -> bool:
    first = _cmdline(pid).split(b"\0", 1)[0]
    return b"chromium" in Path(first.decode(errors="replace")).name.encode()


def browser_roots(exclude: int) -> list[int]:
    """The Chromium processes Playwright launched (below this process, not below the
    server `exclude`): each Chromium whose parent is not a Chromium."""
    server_tree = {exclude, *descendants(exclude)}
    mine = [p for p in descendants(os.getpid()) if p not in server_tree and _is_chromium(p)]
    return [p for p in mine if _parent(p) not in mine]


# -- arguments ---------------------------------------------------------------------

def _bounded(kind, what: str, lo: float, hi: float):
    def parse(value: str):
        try:
            v = kind(value)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{what} must be a number from {lo} to {hi}, not {value!r}") from None
        if not lo <= v <= hi:
            raise argparse.ArgumentTypeError(f"{what} must be from {lo} to {hi}, not {value!r}")
        return v
    parse.__name__ = what
    return parse


def _notebook(value: str) -> str:
    if not value.endswith(".ipynb") or not (notebooks_dir() / value).is_file():
        names = ", ".join(sorted(p.name for p in notebooks_dir().glob("*.ipynb")))
        raise argparse.ArgumentTypeError(f"no notebook {value!r} to serve; the notebooks are: {names}")
    return value


def _serve_args(value: str) -> list[str]:
    try:
        return shlex.split(value)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"--serve-args {value!r} cannot be split into arguments: {exc}") from None


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--students", type=_bounded(int, "the number of students", 1, 200), required=True)
    ap.add_argument("--pool", type=_bounded(int, "the pool size", 0, 64), default=None,
                    help="preheated kernels (tablekit serve --pool-size); leave it out when the serve "
                         "args choose the pool (--class N)")
    ap.add_argument("--notebook", type=_notebook, default="creatures.ipynb")
    ap.add_argument("--arrive", type=_bounded(float, "the arrival window (seconds)", 0, 600), default=10.0,
                    help="students arrive at seeded random times within this many seconds")
    ap.add_argument("--class-seconds", type=_bounded(float, "the class length (seconds)", 1, 3600), default=60.0,
                    help="students click until this many seconds after the class began")
    ap.add_argument("--seed", type=_bounded(int, "the seed", 0, 2**63 - 1), default=17)
    ap.add_argument("--json", type=Path, default=None, metavar="FILE", help="write every raw number here")
    ap.add_argument("--at-root", action="store_true",
                    help="the students open the server's root address instead of the one it prints")
    ap.add_argument("--serve-args", type=_serve_args, default=[], metavar='"ARGS"',
                    help='more arguments for tablekit serve, passed unchanged (e.g. "--class 20")')
    ap.add_argument("--browser-nice", type=_bounded(int, "the browsers' niceness", 0, 19), default=0,
                    metavar="N", help="run the students' browsers at this niceness (0, the default: as the "
                                      "server). In a real class they run on the students' own machines; "
                                      "here they share the server's cores, and N > 0 lets the server and "
                                      "kernels go first (see benchmarks/README.md)")
    ap.add_argument("--cold-browsers", action="store_true",
                    help="open each student's browser context and tab when the student arrives, during "
                         "the class, instead of before it (see benchmarks/README.md)")
    args = ap.parse_args(argv)
    if args.class_seconds <= args.arrive:
        ap.error(f"--class-seconds ({args.class_seconds:g}) must be longer than --arrive ({args.arrive:g}): "
                 "the last student must have time to click")
    return args


# -- the server --------------------------------------------------------------------

def _tablekit() -> list[str]:
    exe = Path(sys.executable).with_name("tablekit")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "tablekit.cli"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve_command(notebook: str, port: int, pool: int | None, extra: list[str]) -> list[str]:
    """The `tablekit serve` command line (pool None: no --pool-size, the extra args decide)."""
    sized = [] if pool is None else ["--pool-size", str(pool)]
    return [*_tablekit(), "serve", notebook, "--port", str(port), *sized, *extra]


def wait_ready(proc: subprocess.Popen, port: int, timeout: float = READY_TIMEOUT, quiet: float = 0.15) -> float:
    """Wait until the server answers and its tree is idle (its preheated kernels have run
    the notebook: under `quiet` CPU-seconds a second, twice in a row). Seconds taken."""
    start = time.monotonic()
    deadline = start + timeout
    while not answers(port):
        if proc.poll() is not None:
            raise RuntimeError(f"tablekit serve exited with code {proc.returncode} before it answered")
        if time.monotonic() > deadline:
            raise RuntimeError(f"tablekit serve did not answer on port {port} within {timeout:g} s")
        time.sleep(0.3)
    last, calm = tree_cpu_seconds(proc.pid), 0
    while calm < 2:
        if time.monotonic() > deadline:
            raise RuntimeError(f"tablekit serve was still busy {timeout:g} s after it started")
        time.sleep(1)
        now = tree_cpu_seconds(proc.pid)
        calm = calm + 1 if now - last < quiet else 0
        last = now
    return time.monotonic() - start - 2  # the two calm seconds were already idle


# -- one student -------------------------------------------------------------------

@dataclass
class Student:
    index: int
    arrive: float  # seconds after the class began
    kernel: str | None = None
    tti: float | None = None  # seconds from opening the page to Step enabled; None: lost
    waited: bool = False  # saw "the table is being prepared" first
    server_tti: float | None = None  # seconds from navigation start to responseEnd
    opened_lazy: bool = False
    step_ms: list[float] = field(default_factory=list)  # from the press to the repaint
    step_call_ms: list[float] = field(default_factory=list)  # from the harness's call (its trip to the page too)
    # each Step click's wait in parts (WIRE_TAP): press to sent, sent to the first message
    # back, to the last message before the repaint, to the repaint
    step_parts_ms: list[list[float] | None] = field(default_factory=list)  # None: a part was not seen
    step_at: list[float] = field(default_factory=list)  # each Step click's seconds into the class
    choice_ms: list[float] = field(default_factory=list)
    timeouts: int = 0
    timeout_why: list[str] = field(default_factory=list)  # each timeout: what was pressed, what failed
    stuck: int = 0  # clicks skipped: neither Step nor an option could be pressed
    error: str | None = None
    lost_page: str | None = None  # a lost page: its address and the start of its words


# Where a click's wait goes: each page notes when it last sent on its kernel's websocket
# and when messages came back, so a click splits into the browser's handling of the press
# (press -> sent), the server and kernel waking (sent -> first message back), the kernel's
# work and the server's forwarding (-> the last message before the repaint) and the
# browser's drawing (-> the repaint).
WIRE_TAP = """(() => {
    const Native = window.WebSocket;
    const send = Native.prototype.send;
    Native.prototype.send = function (data) {
        if (window.__tk_sent === null) window.__tk_sent = performance.now();
        return send.call(this, data);
    };
    window.WebSocket = class extends Native {
        constructor(...args) {
            super(...args);
            this.addEventListener('message', () => {
                if (window.__tk_sent == null) return;
                const t = performance.now();
                if (window.__tk_heard === null) window.__tk_heard = t;
                window.__tk_last = t;
            });
        }
    };
})();"""
ARM = """() => {
    // the board redraws its children on every change the kernel sends
    const log = document.querySelector('.tk-app.tk-board') || document.querySelector('.tk-app');
    window.__tk_changed = new Promise(resolve => {
        const obs = new MutationObserver(() => {
            obs.disconnect();
            // the wire as it stood at the repaint (messages after it are not this click's wait)
            window.__tk_wire = [window.__tk_sent, window.__tk_heard, window.__tk_last];
            resolve(performance.now());
        });
        obs.observe(log, {childList: true, subtree: true, characterData: true});
    });
    // a student's wait starts when the button is pressed, not when the harness armed it
    window.__tk_pressed = null;
    window.__tk_sent = null; window.__tk_heard = null; window.__tk_last = null;
    document.addEventListener('pointerdown', e => { window.__tk_pressed = e.timeStamp; },
                              {capture: true, once: true});
    window.__tk_t0 = performance.now();
}"""
WAIT = """async ms => {
    const t = await Promise.race([window.__tk_changed, new Promise(r => setTimeout(() => r(null), ms))]);
    if (t === null) return null;
    const pressed = window.__tk_pressed ?? window.__tk_t0;
    const [sent, heard, last] = window.__tk_wire;
    const parts = sent === null || heard === null ? null
        : [sent - pressed, heard - sent, last - heard, t - last];
    return [t - pressed, t - window.__tk_t0, parts];
}"""
# the first sandbox answers: its Step button is shown and enabled (or, when it opens on a
# decision, one of the decision's options is)
STEP_READY = """() => {
    const app = document.querySelector('.tk-app');
    if (!app) return null;
    const step = [...app.querySelectorAll('button')].find(b => b.textContent.trim() === 'Step');
    const option = app.querySelector('.tk-decision button.tk-option:enabled, .tk-decision .tk-option input:enabled');
    const ready = b => b && !b.disabled && b.offsetParent !== null;
    return ready(step) || ready(option) ? performance.now() : null;
}"""
# The harness watches a student's page from inside it, so that watching costs the shared
# machine next to nothing (a student's own browser does no such work): the page notes the
# wall-clock time its first sandbox answered, looking at most every 20 ms after a change,
# and the harness reads that and what else it needs with one call every POLL seconds.
READY_WATCH = """(() => {
    const ready = %s;
    window.__tk_ready = null;
    let queued = false;
    const check = () => {
        queued = false;
        if (window.__tk_ready === null && ready() !== null) { window.__tk_ready = Date.now(); watch.disconnect(); }
    };
    const watch = new MutationObserver(() => { if (!queued) { queued = true; setTimeout(check, 20); } });
    watch.observe(document, {childList: true, subtree: true, attributes: true,
                             attributeFilter: ['disabled', 'class', 'style', 'hidden']});
})();""" % STEP_READY
# one look at a loading page: [when it answered (ms since the epoch) or null, whether it
# shows the waiting message, whether it loaded, whether a lazy section's opener is the
# only way to a sandbox (every widget rendered: Voilà removes each widget's script tag as
# it renders it)]
POLL = """() => {
    const lazy = document.readyState === 'complete' && !document.querySelector('.tk-app')
        && !document.querySelector('script[type="application/vnd.jupyter.widget-view+json"]')
        && [...document.querySelectorAll('%s')].some(b => b.textContent.includes('Open'));
    return [window.__tk_ready ?? null, !!document.querySelector('.tk-queue'), lazy];
}""" % OPENER
POLL_SECONDS = 0.2
PENDING_WIDGETS = "() => !!document.querySelector('script[type=\"application/vnd.jupyter.widget-view+json\"]')"
PAGE_KERNEL = re.compile(r'"kernelId": "([0-9a-f-]{36})"')
SERVER_TTI = "() => { const n = performance.getEntriesByType('navigation')[0]; return n ? n.responseEnd : null; }"


async def _open_lazy_first(page) -> bool:
    """If the page, with every widget rendered (Voilà removes each widget's script tag
    as it renders it), shows no sandbox but a lazy section whose opener says "Open",
    open the first one. True if it did."""
    if await page.evaluate(PENDING_WIDGETS) or await page.locator(".tk-app").count():
        return False
    opener = page.locator(OPENER).filter(has_text="Open")
    if not await opener.count():
        return False
    await opener.first.click(timeout=5000)
    return True


async def become_interactive(page, url: str, s: Student, timeout: float = TTI_TIMEOUT) -> None:
    """Open the page; s.tti is when the first sandbox's Step answered (None: lost), from
    the moment the student opened it (a waiting page, reloaded until a kernel is ready,
    counts in it; the server-side figure is the last page's). The page itself notes the
    moment (READY_WATCH); the harness looks every POLL_SECONDS."""
    opened = time.time()
    deadline = time.monotonic() + timeout
    await page.add_init_script(READY_WATCH)
    await page.goto(url, wait_until="commit", timeout=timeout * 1000)
    while time.monotonic() < deadline:
        try:
            ready_at, waiting, lazy = await page.evaluate(POLL)
            s.waited = s.waited or waiting
            if ready_at is not None:
                s.tti = max(0.0, ready_at / 1000 - opened)
                break
            if lazy and not s.opened_lazy:
                s.opened_lazy = await _open_lazy_first(page)
        except PlaywrightError:  # the page is still arriving (its document changed): look again
            pass
        await asyncio.sleep(POLL_SECONDS)
    end = await page.evaluate(SERVER_TTI)
    s.server_tti = end / 1000 if end else None
    if s.tti is None:
        words = await page.evaluate("() => document.body ? document.body.innerText : ''")
        s.lost_page = f"{page.url}: {' '.join(words.split())[:300]!r}"
    if s.kernel is None:  # no websocket yet: the page config names the kernel
        m = PAGE_KERNEL.search(await page.content())
        s.kernel = m.group(1) if m else None


# What a player would press now, found and pressed in one call: the first allowed option
# of an open decision (of a multi-pick: its first box, then Confirm), else Step. The
# button is scrolled into sight and must be what a press at its middle hits; the click is
# then armed (ARM) and the harness presses there with the mouse. Playwright's own
# locators and checks cost the shared machine several calls into the page per click.
AIM = """() => {
    const app = document.querySelector('.tk-app');
    if (!app) return ['stuck', 'no sandbox on the page'];
    const decision = app.querySelector('.tk-decision');
    let kind = 'choice';
    let target = decision && decision.querySelector('button.tk-option:enabled');
    const box = !target && decision && decision.querySelector('.tk-option input:enabled');
    if (box) target = box.checked ? decision.querySelector('button.tk-confirm') : box;
    if (box && !box.checked) kind = 'box';
    if (!target) { kind = 'step'; target = [...app.querySelectorAll('button')].find(b => b.textContent.trim() === 'Step'); }
    if (!target || target.disabled) return ['stuck', `${kind}: nothing to press`];
    const r0 = target.getBoundingClientRect();
    if (r0.top < 0 || r0.bottom > window.innerHeight || r0.left < 0 || r0.right > window.innerWidth)
        target.scrollIntoView({block: 'center', inline: 'nearest', behavior: 'instant'});
    const r = target.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const hit = document.elementFromPoint(x, y);
    if (r.width === 0 || !hit || !(hit === target || target.contains(hit) || (hit.control === target)))
        return ['covered', `${kind}: ${target.textContent.trim().slice(0, 40) || target.tagName} is hidden or covered`];
    if (kind !== 'box') (%s)();
    return [kind, x, y];
}""" % ARM


async def timed_click(page, x: float, y: float) -> tuple[float, float, list[float] | None] | None:
    """Press at (x, y), AIM having armed the click. Milliseconds from the press to the
    sandbox's repainting, from the harness's call to it, and the press's wait in
    WIRE_TAP's parts (None: not within CLICK_TIMEOUT)."""
    await page.mouse.click(x, y)
    found = await page.evaluate(WAIT, CLICK_TIMEOUT * 1000)
    return None if found is None else (found[0], found[1], found[2])


async def one_click(page, s: Student) -> None:
    """Press what a player would press now (AIM). Records its latency, a timeout, or a
    stuck page."""
    try:
        kind, *aim = await page.evaluate(AIM)
        if kind == "box":  # a multi-pick: tick its first box, then Confirm is aimed at
            await page.mouse.click(*aim)
            kind, *aim = await page.evaluate(AIM)
        if kind == "stuck":
            s.stuck += 1
            return
        if kind == "covered":
            raise RuntimeError(aim[0])
        ms = await timed_click(page, *aim)
    except Exception as exc:  # noqa: BLE001 - a click the harness could not make
        s.timeouts += 1
        s.timeout_why.append(f"the press failed: {str(exc).splitlines()[0][:160] if str(exc) else type(exc).__name__}")
        return
    if ms is None:
        s.timeouts += 1
        s.timeout_why.append(f"{kind}: pressed, no repaint within {CLICK_TIMEOUT:g} s")
    elif kind == "step":
        s.step_ms.append(ms[0])
        s.step_call_ms.append(ms[1])
        s.step_parts_ms.append(ms[2])
    else:
        s.choice_ms.append(ms[0])


async def open_tab(browser, contexts: list):
    """A student's browser window: a context of its own with one empty tab."""
    ctx = await browser.new_context(viewport={"width": 1400, "height": 1000})
    await ctx.add_init_script(WIRE_TAP)
    contexts.append(ctx)
    return await ctx.new_page()


async def attend(browser, url: str, s: Student, class_start: float, class_end: float, seed: int,
                 contexts: list, page=None) -> None:
    """One student's class: arrive, become interactive, click until the class ends. `page`
    is the student's tab, already open on an empty page (None: opened on arrival, in a new
    context)."""
    await asyncio.sleep(max(0.0, class_start + s.arrive - time.monotonic()))
    if page is None:
        page = await open_tab(browser, contexts)

    def note(ws) -> None:
        s.kernel = s.kernel or kernel_id_from_url(ws.url)

    page.on("websocket", note)
    try:
        await become_interactive(page, url, s)
        gaps = click_gaps(s.index, seed)
        while s.tti is not None:
            await asyncio.sleep(gaps.uniform(1, 3))
            if time.monotonic() >= class_end:
                break
            clicked, at = len(s.step_ms), time.monotonic() - class_start
            await one_click(page, s)
            s.step_at += [round(at, 1)] * (len(s.step_ms) - clicked)
    except Exception as exc:  # noqa: BLE001 - recorded: one student's failure ends only their class
        s.error = f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"


async def close_tabs(ctx, timeout: float = 10.0) -> None:
    """Close the context's tabs as a reader does (unload handlers run: Voilà posts the
    kernel's shutdown), then the context."""
    for tab in list(ctx.pages):
        if tab.is_closed():
            continue
        try:
            async with tab.expect_event("close", timeout=timeout * 1000):
                await tab.close(run_before_unload=True)
        except Exception:  # noqa: BLE001 - a tab that will not close is closed with its context
            pass
    await ctx.close()


# -- the class ---------------------------------------------------------------------

@dataclass
class Census:
    before: dict[str, int] = field(default_factory=dict)  # kernel id -> pid before the class
    peak: int = 0
    samples: list[tuple[float, int]] = field(default_factory=list)  # (seconds into the class, kernels)
    seen: set[str] = field(default_factory=set)
    after: list[tuple[float, list[str]]] = field(default_factory=list)  # (s after closing, kernel ids alive)


async def sample_while(server_pid: int, census: Census, start: float, done: asyncio.Event) -> None:
    while not done.is_set():
        alive = kernels(server_pid)
        census.seen.update(alive)
        census.peak = max(census.peak, len(alive))
        census.samples.append((round(time.monotonic() - start, 1), len(alive)))
        try:
            await asyncio.wait_for(done.wait(), timeout=1.0)
        except asyncio.TimeoutError:
            pass


async def watch_after(server_pid: int, census: Census, seconds: int = AFTER_SECONDS) -> None:
    start = time.monotonic()
    for second in range(seconds + 1):
        await asyncio.sleep(max(0.0, start + second - time.monotonic()))
        alive = kernels(server_pid)
        census.seen.update(alive)
        census.after.append((second, sorted(alive)))


def note_tree(pid: int, seen: dict[int, str | None]) -> None:
    """Add a process and everything below it to `seen` (pid -> start time)."""
    from tablekit.serve import _start_time

    seen.setdefault(pid, _start_time(pid))
    seen.update({k: v for k, v in descendants(pid).items() if k not in seen})


@contextlib.contextmanager
def niced_chromium(nice: int) -> Iterator[str]:
    """The Chromium to launch: CHROMIUM itself (nice 0), or a script in a temporary folder
    that runs it at niceness `nice`, so that every browser process and thread is born with
    it (Linux's niceness is a thread's, inherited at fork: a later renice would miss the
    renderers the zygote forks)."""
    if not nice:
        yield CHROMIUM
        return
    with tempfile.TemporaryDirectory(prefix="classroom-chromium-") as folder:
        script = Path(folder) / "chromium"
        script.write_text(f'#!/bin/sh\nexec nice -n {int(nice)} {shlex.quote(CHROMIUM)} "$@"\n')
        script.chmod(0o700)
        yield str(script)


async def run_class(url: str, server_pid: int, args: argparse.Namespace, seen: dict[int, str | None]) -> dict:
    """The class: one browser, a context per student, the census and the CPU readings.
    Every browser process met is added to `seen`, to check that none outlives the run."""
    if not os.path.exists(CHROMIUM):
        raise RuntimeError(f"the benchmark needs Chromium at {CHROMIUM}: apt-get install chromium, "
                           "or set TABLEKIT_CHROMIUM")
    students = [Student(i, t) for i, t in enumerate(arrival_times(args.students, args.arrive, args.seed))]
    census = Census(before=kernels(server_pid))
    contexts: list = []
    with niced_chromium(getattr(args, "browser_nice", 0)) as exe:
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path=exe, headless=True, args=CHROMIUM_ARGS)
            try:
                tabs = [None] * len(students)
                if not getattr(args, "cold_browsers", False):  # the students' browsers are open before class
                    tabs = [await open_tab(browser, contexts) for _ in students]
                    await asyncio.sleep(WARM_SETTLE)
                roots = browser_roots(server_pid)
                for r in roots:
                    note_tree(r, seen)
                cpu0 = (sum(tree_cpu_seconds(r) for r in roots), tree_cpu_seconds(server_pid), machine_busy_seconds())
                start = time.monotonic()
                done = asyncio.Event()
                sampler = asyncio.create_task(sample_while(server_pid, census, start, done))
                await asyncio.gather(*(attend(browser, url, s, start, start + args.class_seconds, args.seed,
                                              contexts, tab) for s, tab in zip(students, tabs)))
                wall = time.monotonic() - start
                cpu1 = (sum(tree_cpu_seconds(r) for r in roots), tree_cpu_seconds(server_pid), machine_busy_seconds())
                done.set()
                await sampler
                for r in roots:
                    note_tree(r, seen)
                for ctx in contexts:
                    await close_tabs(ctx)
                await watch_after(server_pid, census)
            finally:
                await browser.close()
    return summarize(args, students, census, wall, *(b - a for a, b in zip(cpu0, cpu1)))


# -- the figures -------------------------------------------------------------------

def students_alive_after(students: list[Student], census: Census) -> dict[int, int]:
    """How many of the students' kernels were alive at each mark after the tabs closed."""
    theirs = {s.kernel for s in students if s.kernel}
    at = dict(census.after)
    return {m: len(theirs & set(at[m])) for m in AFTER_MARKS if m in at}


def last_student_kernel_gone(students: list[Student], census: Census) -> float | None:
    """Seconds after the tabs closed at which no student's kernel was alive any more (None: never)."""
    theirs = {s.kernel for s in students if s.kernel}
    for second, alive in census.after:
        if not theirs & set(alive):
            return second
    return None


STEP_PARTS = ("press_to_sent", "sent_to_first_reply", "first_reply_to_update", "update_to_repaint")


def step_parts(students: list[Student]) -> dict:
    """Each part of the Step clicks' wait: its median and p95 over every click, and its
    mean over the slowest 5% of clicks (where the tail's time goes)."""
    clicks = [p for s in students for p in s.step_parts_ms if p is not None]
    slow = sorted(clicks, key=sum)[-max(1, len(clicks) // 20):] if clicks else []
    return {name: {"median": nearest_rank([c[i] for c in clicks], 50),
                   "p95": nearest_rank([c[i] for c in clicks], 95),
                   "slowest_5pc_mean": round(sum(c[i] for c in slow) / len(slow), 1) if slow else None}
            for i, name in enumerate(STEP_PARTS)} | {"clicks": len(clicks)}


EARLY_SECONDS = 20  # the clicks of the class's first seconds, while pages are still loading


def step_by_time(students: list[Student]) -> dict:
    """The Step clicks pressed in the first EARLY_SECONDS of the class and after: their count and p95."""
    timed = [(at, ms) for s in students for at, ms in zip(s.step_at, s.step_ms)]
    early = [ms for at, ms in timed if at < EARLY_SECONDS]
    later = [ms for at, ms in timed if at >= EARLY_SECONDS]
    return {"early_seconds": EARLY_SECONDS, "early": {"clicks": len(early), "p95": nearest_rank(early, 95)},
            "later": {"clicks": len(later), "p95": nearest_rank(later, 95)}}


def summarize(args: argparse.Namespace, students: list[Student], census: Census, wall: float,
              browser_cpu: float, server_cpu: float, machine_cpu: float | None = None) -> dict:
    """Every figure of one class (machine_cpu: the whole machine's busy CPU-seconds over it)."""
    cores = os.cpu_count() or 1
    theirs = {s.kernel for s in students if s.kernel}
    final = set(census.after[-1][1]) if census.after else set()
    steps = [ms for s in students for ms in s.step_ms]
    calls = [ms for s in students for ms in s.step_call_ms]
    ttis = [s.tti for s in students if s.tti is not None]
    servers = [s.server_tti for s in students if s.server_tti is not None]
    return {
        "pool": args.pool if args.pool is not None else " ".join(args.serve_args) or "serve's default",
        "students": args.students, "notebook": args.notebook, "serve_args": args.serve_args,
        "arrive": args.arrive, "class_seconds": args.class_seconds, "seed": args.seed, "cores": cores,
        "browser_nice": getattr(args, "browser_nice", 0),
        "browsers_open_before_class": not getattr(args, "cold_browsers", False),
        "wall_seconds": round(wall, 1),
        "tti": {"median": nearest_rank(ttis, 50), "p95": nearest_rank(ttis, 95)},
        "server_tti": {"median": nearest_rank(servers, 50), "p95": nearest_rank(servers, 95)},
        "step_ms": {"median": nearest_rank(steps, 50), "p95": nearest_rank(steps, 95), "clicks": len(steps)},
        "step_call_ms": {"median": nearest_rank(calls, 50), "p95": nearest_rank(calls, 95)},
        "step_ms_by_time": step_by_time(students),
        "step_parts_ms": step_parts(students),
        "choice_ms": {"p95": nearest_rank([ms for s in students for ms in s.choice_ms], 95),
                      "clicks": sum(len(s.choice_ms) for s in students)},
        "click_timeouts": sum(s.timeouts for s in students), "stuck": sum(s.stuck for s in students),
        "lost": sum(s.tti is None for s in students),
        "waited": sum(s.waited for s in students),
        "url": getattr(args, "url", None),
        "cpu": {"browser_seconds": round(browser_cpu, 1), "server_seconds": round(server_cpu, 1),
                "browser_share": browser_cpu / (browser_cpu + server_cpu) if browser_cpu + server_cpu else None,
                "browser_of_machine": browser_cpu / (wall * cores), "server_of_machine": server_cpu / (wall * cores),
                "machine_busy": None if machine_cpu is None else machine_cpu / (wall * cores)},
        "kernels": {"before": len(census.before), "peak": census.peak, "after": len(final),
                    "students_known": len(theirs),
                    "students_alive_after": students_alive_after(students, census),
                    "last_student_kernel_gone_s": last_student_kernel_gone(students, census),
                    "pool_after": len(final - theirs),
                    "samples": census.samples},
        "per_student": [asdict(s) for s in students],
    }


def _seconds(v: float) -> str:
    return f"{v:.1f}" if v >= 1 else f"{v:.2f}"


def _pair(d: dict) -> str:
    return "—" if d["median"] is None else f"{_seconds(d['median'])} / {_seconds(d['p95'])} s"


TABLE_HEAD = ("| pool | class | TTI median / p95 | server-side TTI median / p95 | Step p95 (median) "
              "| lost pages | browser CPU share | kernels before / peak / 60 s after |\n"
              "| --- | --- | --- | --- | --- | --- | --- | --- |")


def table_row(r: dict) -> str:
    step = r["step_ms"]
    clicks = "—" if step["p95"] is None else f"{step['p95']:,.0f} ms ({step['median']:,.0f} ms)"
    share = r["cpu"]["browser_share"]
    k = r["kernels"]
    return (f"| {r['pool']} | {r['students']} | {_pair(r['tti'])} | {_pair(r['server_tti'])} | {clicks} "
            f"| {r['lost']} of {r['students']} | {'—' if share is None else f'{share:.0%}'} "
            f"| {k['before']} / {k['peak']} / {k['after']} |")


def table(rows: list[dict]) -> str:
    return "\n".join([TABLE_HEAD, *(table_row(r) for r in rows)])


def details(r: dict, ready: float) -> list[str]:
    k, cpu = r["kernels"], r["cpu"]
    alive = ", ".join(f"{m} s: {n}" for m, n in k["students_alive_after"].items())
    gone = k["last_student_kernel_gone_s"]
    lines = [
        f"server ready {ready:.1f} s after start; serve args: {' '.join(r['serve_args']) or '(none)'}",
        f"class: {r['students']} students arriving within {r['arrive']:g} s, {r['wall_seconds']:g} s in all, "
        f"{r['step_ms']['clicks']} Step clicks (from the harness's call, its trip to the page included: "
        f"p95 {r['step_call_ms']['p95'] or 0:,.0f} ms), {r['choice_ms']['clicks']} option clicks "
        f"(p95 {r['choice_ms']['p95'] or 0:,.0f} ms), {r['click_timeouts']} click timeouts, {r['stuck']} stuck; "
        f"{r['waited']} waited on \"the table is being prepared\" first; they opened {r['url'] or 'the page'} "
        + ("in a tab open (empty) before the class" if r.get("browsers_open_before_class", True)
           else "in a browser context and tab opened on arrival"),
        f"CPU over the class on {r['cores']} cores: browser {cpu['browser_seconds']:g} s "
        + (f"(at niceness {r['browser_nice']}) " if r.get("browser_nice") else "")
        + f"({cpu['browser_of_machine']:.0%} of the machine), server and kernels {cpu['server_seconds']:g} s "
        f"({cpu['server_of_machine']:.0%})"
        + ("" if cpu["machine_busy"] is None else f"; the whole machine was {cpu['machine_busy']:.0%} busy "
           f"(other work: {max(0.0, cpu['machine_busy'] - cpu['browser_of_machine'] - cpu['server_of_machine']):.0%})"),
        f"students' kernels known {k['students_known']} of {r['students']}; alive after the tabs closed: {alive}; "
        + (f"the last went {gone} s after" if gone is not None else f"some still alive after {AFTER_SECONDS} s"),
        f"other kernels (the pool) alive {AFTER_SECONDS} s after: {k['pool_after']}",
    ]
    by = r.get("step_ms_by_time")
    if by:
        lines.append(f"Step clicks pressed in the first {by['early_seconds']} s: {by['early']['clicks']}, p95 "
                     f"{by['early']['p95'] or 0:,.0f} ms; later: {by['later']['clicks']}, p95 "
                     f"{by['later']['p95'] or 0:,.0f} ms")
    parts = r["step_parts_ms"]
    if parts["clicks"]:
        lines.append("a Step click's wait in parts, median / p95 / mean of the slowest 5%: " + "; ".join(
            f"{name.replace('_', ' ')} {parts[name]['median']:,.0f} / {parts[name]['p95']:,.0f} / "
            f"{parts[name]['slowest_5pc_mean']:,.0f} ms" for name in STEP_PARTS))
    lines += [f"student {s['index']}: {s['error']}" for s in r["per_student"] if s["error"]]
    lines += [f"student {s['index']} lost, the page showed {s['lost_page']}" for s in r["per_student"]
              if s["lost_page"]]
    lines += [f"student {s['index']} click timeout: {why}" for s in r["per_student"] for why in s["timeout_why"]]
    return lines


# -- main --------------------------------------------------------------------------

def left_over(seen: dict[int, str | None]) -> list[int]:
    """The processes of `seen` still running: alive, the same process (its start time), and
    not a zombie (an exited process its parent has not reaped holds nothing but its pid)."""
    from tablekit.serve import _alive

    def running(pid: int, started: str | None) -> bool:
        fields = _proc_fields(pid)
        return _alive(pid, started) and fields is not None and fields[0] != "Z"

    return [p for p, started in seen.items() if running(p, started)]


OPEN_LINE = re.compile(r"^tablekit: open (http://\S+)", re.M)


def page_to_open(serve_output: str, port: int) -> str:
    """The page `tablekit serve` says to open (a class's notebook is served in its folder,
    under voila/render/; one notebook alone at the root)."""
    m = OPEN_LINE.search(serve_output)
    return m[1] if m else f"http://127.0.0.1:{port}/"


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    port = free_port()
    cmd = serve_command(args.notebook, port, args.pool, args.serve_args)
    print("$", " ".join(cmd), flush=True)
    fd, name = tempfile.mkstemp(prefix="classroom-serve-", suffix=".log")
    os.close(fd)
    log = Path(name)
    with open(log, "w") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    seen: dict[int, str | None] = {}
    try:
        ready = wait_ready(proc, port)
        url = f"http://127.0.0.1:{port}/" if args.at_root else page_to_open(log.read_text(), port)
        args.url = url
        print(f"server ready {ready:.1f} s after start; the students open {url}", flush=True)
        result = asyncio.run(run_class(url, proc.pid, args, seen))
        result["server_ready_s"] = round(ready, 1)
    finally:
        note_tree(proc.pid, seen)
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)  # tablekit serve stops Voilà and its kernels
            try:
                proc.wait(timeout=40)
            except subprocess.TimeoutExpired:
                stop_tree(proc, grace=5.0)
        left = left_over(seen)
        deadline = time.monotonic() + 5  # a process may still be on its way out
        while left and time.monotonic() < deadline:
            time.sleep(0.2)
            left = left_over(seen)
        log.unlink(missing_ok=True)
        if left:
            print("left running after the stop:", *(f"{p} {_cmdline(p)[:100]!r}" for p in left), file=sys.stderr)
    print(table([result]))
    print("\n".join(details(result, ready)))
    if args.json:
        args.json.write_text(json.dumps(result, indent=1))
    return 1 if left else 0


if __name__ == "__main__":
    sys.exit(main())
