"""The Voilà that `tablekit serve` runs: Voilà itself, with two fixes for a class.

* The page's kernel shutdown works. When a tab closes, Voilà's page posts
  `voila/api/shutdown/<kernel>` with the `_xsrf` value it reads from the
  `_xsrf` cookie. jupyter_server checks that value on every POST, but Voilà's
  notebook page never asks tornado for the token, so the cookie is never set
  (only Voilà's tree page sets it, through its template namespace): the post
  carries an empty `_xsrf`, is refused with 403, and the kernel lives on. Here
  the notebook page sets the cookie before it streams.
* A class arrives without waiting for refills (`tablekit serve NOTEBOOK --class N`).
  Voilà refills its pool of preheated kernels `fill_delay` seconds after each
  take, every missing kernel at once, and puts the refill in the pool before it
  starts: a student who arrives then waits for the delay and for a kernel that
  competes with everyone else's page for the CPU. The kernel manager below
  preheats N kernels for the one class notebook (none for the others), and
  after a take refills only a small reserve, one kernel at a time, once no
  page has been opened for `refill_quiet` seconds. It says when the class's
  kernels are ready.
* A kernel no page is connected to is shut down (`free_on_close`): when the
  last websocket of a kernel closes (a tab closed or reloaded, a browser that
  quit or crashed, a page that lost its network) and none comes back within
  `disconnect_grace` seconds (5), the kernel is shut down. Voilà's own
  shutdown post on `beforeunload` does the same when it arrives, but a browser
  does not always send it (a killed browser, a test closing a page).
* Voilà follows `tablekit serve`: when the process that started it dies, by
  any signal (SIGKILL included: a crash, an out-of-memory kill), Voilà stops
  as on SIGTERM, shutting its kernels down (`watch_parent`), and removes the
  scratch folder `tablekit serve` could not remove. Its kernels follow Voilà in
  turn (ipykernel's parent poller: a kernel whose parent process dies exits).
* A class larger than its kernels waits politely (`Queue`): a student whose
  page would otherwise wait for a kernel still starting (a blank page) gets a
  small page saying "the table is being prepared (n ahead of you)", reloaded
  every 2 s, while kernels are started one at a time for the students waiting;
  each is let in, in the order they came, as soon as a kernel is ready. The page
  let in gets a ready kernel (`ready_first`: Voilà hands out the pool's first
  entry, which may still be starting), and a kernel that failed to start is
  left out of the pool instead of handing its error to a student.
* In class mode, the server's root, Voilà's tree and the index send a student
  to the class notebook (`class_redirects`).
* The page loads nothing from the internet. The `tablekit` template is Voilà's
  `lab` template without the Font Awesome stylesheets it links from a CDN
  (tablekit's widgets use no icons; the template folder is put on the Jupyter
  data path below).

Run as `python -m tablekit._voila ARGS...` with Voilà's own arguments.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import sys
import threading
import time
from pathlib import Path

TEMPLATES = Path(__file__).resolve().parent / "_jupyter"  # holds voila/templates/tablekit
TEMPLATE = "tablekit"
CLASS_TEMPLATE = "tablekit-class"  # a class's light page: the outputs drawn without JupyterLab (issue 38)
PARENT_ENV = "TABLEKIT_SERVE_PID"  # the `tablekit serve` process Voilà follows
SCRATCH_ENV = "TABLEKIT_SCRATCH"  # its scratch folder (runtime files, IPython's and matplotlib's)
DISCONNECT_GRACE = 5.0  # seconds a kernel without a page is kept (a reload, a network blip)
QUEUE_REFRESH = 2  # seconds between two looks of a waiting page
QUEUE_FORGET = 12.0  # seconds after which a waiting page that stopped looking is forgotten
WATCH_EVERY = 0.5  # seconds between two looks at the parent
STOP_WAIT = 8.0  # seconds Voilà has to stop its kernels once its parent is gone, before it exits anyway


class Queue:
    """The students waiting for a table, in the order they came: ticket -> when its page
    last asked. A ticket not seen for `forget` seconds (its page was closed) is dropped."""

    def __init__(self, forget: float = QUEUE_FORGET) -> None:
        self.forget = forget
        self.tickets: dict[str, float] = {}

    def __len__(self) -> int:
        return len(self.tickets)

    def tidy(self, now: float) -> None:
        for t, seen in list(self.tickets.items()):
            if now - seen > self.forget:
                del self.tickets[t]

    def join(self, ticket: str | None, now: float) -> str:
        """The ticket of a page that waits (a new one, or its own again), marked as seen now."""
        import secrets

        if ticket not in self.tickets:
            ticket = secrets.token_urlsafe(12)
        self.tickets[ticket] = now
        return ticket

    def ahead(self, ticket: str) -> int:
        return list(self.tickets).index(ticket)

    def admit(self, ticket: str | None, ready: int, now: float) -> bool:
        """Whether the page with `ticket` (None: just arrived) may take one of the `ready`
        kernels now: those ahead of it come first. An admitted ticket leaves the queue."""
        self.tidy(now)
        if ticket in self.tickets:
            if self.ahead(ticket) < ready:
                del self.tickets[ticket]
                return True
            return False
        return not self.tickets and ready > 0


def ready_first(pool: list) -> list:
    """Put a pool's ready kernels first, keeping their order, and take out those that
    failed to start or were cancelled (returned): Voilà hands a page the pool's
    first entry, and a page let in because one kernel is ready must not wait for another
    still starting, nor get the error of one that failed."""
    failed = [f for f in pool if f.done() and (f.cancelled() or f.exception() is not None)]
    kept = [f for f in pool if f not in failed]
    pool[:] = [f for f in kept if f.done()] + [f for f in kept if not f.done()]
    return failed


def waiting_page(url: str, ahead: int) -> str:
    """The page a waiting student sees: where they are in the queue, reloaded every
    QUEUE_REFRESH seconds (no script, nothing from elsewhere)."""
    from html import escape

    who = "you are next" if ahead == 0 else f"{ahead} ahead of you"
    return (f"<!doctype html><html lang='en'><head><meta charset='utf-8'>"
            f"<meta http-equiv='refresh' content='{QUEUE_REFRESH};url={escape(url, quote=True)}'>"
            "<title>The table is being prepared</title>"
            "<style>body{font:18px/1.5 system-ui,sans-serif;margin:15vh auto;max-width:36em;padding:0 1em;"
            "color:#1b1b1b}</style></head><body><main><h1>The table is being prepared</h1>"
            f"<p role='status' aria-live='polite' class='tk-queue'>The table is being prepared ({escape(who)}). "
            "This page opens it by itself as soon as it is ready: keep it open.</p></main></body></html>")


def watch_parent(parent: int, scratch: str | None = None, every: float = WATCH_EVERY,
                 wait: float = STOP_WAIT) -> threading.Thread:
    """A daemon thread that stops this process (SIGTERM to itself: Voilà shuts its kernels
    down) once `parent` is no longer its parent process, then exits it after `wait`
    seconds if it is still running, removing `scratch`. Works wherever os.getppid()
    does (Linux, macOS, the BSDs); Windows has no such signals and is not covered."""
    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(every)
        print("tablekit: tablekit serve is gone: stopping Voilà and its kernels", file=sys.stderr, flush=True)
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(wait)
        if scratch:
            shutil.rmtree(scratch, ignore_errors=True)
        os._exit(1)

    thread = threading.Thread(target=watch, name="tablekit-parent-watch", daemon=True)
    thread.start()
    return thread


def _use_templates() -> None:
    """Put tablekit's template folder first on the Jupyter data path (read by Voilà
    when it looks for templates and their static files)."""
    paths = [p for p in os.environ.get("JUPYTER_PATH", "").split(os.pathsep) if p]
    if str(TEMPLATES) not in paths:
        os.environ["JUPYTER_PATH"] = os.pathsep.join([str(TEMPLATES), *paths])


def class_pool(base: type, default_pool_size: int) -> type:
    """Voilà's preheating kernel manager `base` (made for `default_pool_size` kernels per
    notebook), with the class mode described above. Without a class notebook it is
    Voilà's own manager, unchanged."""
    from traitlets import Float, Integer, Unicode, default

    class TablekitKernelManager(base):
        class_notebook = Unicode("", config=True, help="the notebook a class opens (relative to the root)")
        class_size = Integer(0, config=True, help="kernels preheated for the class notebook")
        class_reserve = Integer(2, config=True, help="kernels kept ready once the class has arrived")
        refill_quiet = Float(15.0, config=True, help="seconds without a page opened before a refill")

        @default("kernel_pools_config")
        def _class_pools(self):
            others = 0 if self.class_notebook else max(default_pool_size, 0)
            pools = {"default": {"pool_size": others, "kernel_env_variables": self.default_env_variables}}
            if self.class_notebook:
                pools[self.class_notebook] = {"pool_size": self.class_size}
            return pools

        def __init__(self, **kwargs):
            self._last_take = 0.0
            self._refills: dict[str, tuple[dict, dict]] = {}
            self._refiller: asyncio.Task | None = None
            self.queue = Queue()
            self._supplier: asyncio.Task | None = None
            started = time.monotonic()
            super().__init__(**kwargs)
            if self.class_notebook:
                pool = list(self._pools.get(self.class_notebook, ()))
                asyncio.get_event_loop().create_task(self._say_ready(pool, started))

        async def _say_ready(self, pool: list, started: float) -> None:
            """Print when every kernel of the class is started and has run the notebook."""
            renders = []
            for task in pool:
                try:
                    renders.append((await asyncio.shield(task))["task"])
                except Exception:  # noqa: BLE001 - a kernel that failed to start is said below
                    pass
            if renders:
                await asyncio.wait(renders)
            ok = sum(1 for t in renders if not t.cancelled() and t.exception() is None)
            print(f"tablekit: {ok} of {self.class_size} kernels ready for {self.class_notebook} "
                  f"({time.monotonic() - started:.0f} s); the class can come in", file=sys.stderr, flush=True)

        def fill_if_needed(self, delay=None, notebook_name=None, extra_kernel_env_variables=None, **kwargs):
            extra = extra_kernel_env_variables or {}
            if delay is not None or not self.class_notebook:  # the first fill, or no class
                return super().fill_if_needed(delay, notebook_name, extra, **kwargs)
            # a page took a kernel: refill later, when no page has been opened for a while
            self._last_take = time.monotonic()
            self._refills[notebook_name] = (extra, kwargs)
            if self._refiller is None or self._refiller.done():
                self._refiller = asyncio.get_event_loop().create_task(self._refill_when_quiet())

        async def get_rendered_notebook(self, notebook_name: str, extra_kernel_env_variables: dict | None = None,
                                        **kwargs):
            if notebook_name == self.class_notebook:
                for f in ready_first(self._pools.get(notebook_name, [])):
                    why = "cancelled" if f.cancelled() else f.exception()
                    self.log.warning("tablekit: a preheated kernel for %s failed and is left out: %s",
                                     notebook_name, why)
            return await super().get_rendered_notebook(notebook_name, extra_kernel_env_variables or {}, **kwargs)

        def ready(self, notebook_name: str) -> int:
            """Kernels of the pool that have run the notebook (a page takes one at once)."""
            return sum(1 for f in self._pools.get(notebook_name, ())
                       if f.done() and not f.cancelled() and f.exception() is None)

        def admit(self, ticket: str | None) -> bool:
            """Whether a page of the class notebook may take a kernel now (see Queue); when
            it may not, the caller shows it the waiting page and kernels are started."""
            return self.queue.admit(ticket, self.ready(self.class_notebook), time.monotonic())

        def wait_in_queue(self, ticket: str | None) -> tuple[str, int]:
            """Put a page in the queue (or keep it there): (its ticket, how many are ahead)."""
            ticket = self.queue.join(ticket, time.monotonic())
            if self._supplier is None or self._supplier.done():
                self._supplier = asyncio.get_event_loop().create_task(self._supply())
            return ticket, self.queue.ahead(ticket)

        async def _supply(self) -> None:
            """Start kernels one at a time while students wait for more than are ready or starting."""
            nb = self.class_notebook
            while True:
                self.queue.tidy(time.monotonic())
                if len(self._pools.get(nb, ())) >= len(self.queue):
                    return
                await self._start_one(nb)

        def _refill_target(self, notebook_name: str) -> int:
            return self.class_reserve if notebook_name == self.class_notebook else 0

        async def _refill_when_quiet(self) -> None:
            while True:
                wait = self._last_take + self.refill_quiet - time.monotonic()
                if wait > 0:
                    await asyncio.sleep(wait)
                    continue
                short = [nb for nb in self._refills
                         if len(self._pools.get(nb, ())) < self._refill_target(nb)]
                if not short:
                    return
                await self._start_one(short[0])

        async def _start_one(self, notebook_name: str) -> None:
            """Start one kernel for the pool and wait until it has run the notebook."""
            extra, kwargs = self._refills.get(notebook_name, ({}, {}))
            before = list(self._pools.get(notebook_name, ()))
            pools = self.kernel_pools_config
            self.kernel_pools_config = {**pools, notebook_name: {"pool_size": len(before) + 1}}
            try:
                super().fill_if_needed(0, notebook_name, extra, **dict(kwargs))
            finally:
                self.kernel_pools_config = pools
            new = [t for t in self._pools.get(notebook_name, ()) if t not in before]
            try:
                for task in new:
                    await asyncio.wait([(await asyncio.shield(task))["task"]])
            except Exception as exc:  # noqa: BLE001 - the pool goes on without it
                self.log.warning("tablekit: a refill kernel for %s failed: %s", notebook_name, exc)

        async def shutdown_all(self, *args, **kwargs):
            for task in (self._refiller, self._supplier):
                if task is not None:
                    task.cancel()
            return await super().shutdown_all(*args, **kwargs)

    return TablekitKernelManager


def free_on_close(base: type) -> type:
    """Voilà's kernel manager `base`, shutting a kernel down once no page has been
    connected to it for `disconnect_grace` seconds (0: never), after its last
    websocket closed. A kernel in the pool, which no page has opened yet, has no
    connection to lose and is left alone."""
    from jupyter_core.utils import ensure_async
    from traitlets import Float

    class TablekitFreeingKernelManager(base):
        disconnect_grace = Float(DISCONNECT_GRACE, config=True,
                                 help="seconds a kernel whose last page closed is kept before it is shut down")

        def notify_disconnect(self, kernel_id: str) -> None:
            super().notify_disconnect(kernel_id)
            if self.disconnect_grace > 0 and self._connections(kernel_id) == 0:
                loop = asyncio.get_event_loop()
                loop.call_later(self.disconnect_grace, lambda: loop.create_task(self._free_if_alone(kernel_id)))

        def _connections(self, kernel_id: str) -> int | None:
            try:
                return self.kernel_model(kernel_id)["connections"]
            except Exception:  # noqa: BLE001 - a kernel already gone
                return None

        async def _free_if_alone(self, kernel_id: str) -> None:
            if kernel_id in self.list_kernel_ids() and self._connections(kernel_id) == 0:
                self.log.info("tablekit: no page has been connected to kernel %s for %g s: shutting it down",
                              kernel_id, self.disconnect_grace)
                try:
                    await ensure_async(self.shutdown_kernel(kernel_id))
                except Exception as exc:  # noqa: BLE001 - shut down meanwhile: nothing to do
                    self.log.debug("tablekit: kernel %s: %s", kernel_id, exc)

    return TablekitFreeingKernelManager


def _use_class_pool() -> None:
    """Have Voilà build its preheating kernel manager with `class_pool` on top."""
    import voila.app

    voila_factory = voila.app.voila_kernel_manager_factory
    if getattr(voila_factory, "tablekit", False):
        return

    def factory(base_class, preheat_kernel, default_pool_size, page_config_hook=None):
        made = voila_factory(base_class, preheat_kernel, default_pool_size, page_config_hook)
        return free_on_close(class_pool(made, default_pool_size) if preheat_kernel else made)

    factory.tablekit = True
    voila.app.voila_kernel_manager_factory = factory


def app_class():
    from voila.app import Voila
    from voila.tornado.handler import TornadoVoilaHandler

    class XsrfVoilaHandler(TornadoVoilaHandler):
        """Voilà's notebook page, which also sets the `_xsrf` cookie its shutdown post sends back."""

        async def prepare(self, *args, **kwargs):
            await super().prepare(*args, **kwargs)
            if self.request.method == "GET":
                self.xsrf_token  # noqa: B018 - reading it sets the cookie (tornado)

        async def get(self, path=None):
            km = self.kernel_manager
            if path and path == getattr(km, "class_notebook", None) and hasattr(km, "admit"):
                ticket = self.get_argument("ticket", None)
                if not km.admit(ticket):  # no kernel ready for this page yet: it waits in line
                    ticket, ahead = km.wait_in_queue(ticket)
                    self.set_header("Cache-Control", "no-store")
                    self.finish(waiting_page(f"{self.request.path}?ticket={ticket}", ahead))
                    return
            return await super().get(path)

    class TablekitVoila(Voila):
        def init_handlers(self):
            handlers = [(h[0], XsrfVoilaHandler, *h[2:]) if len(h) > 1 and h[1] is TornadoVoilaHandler else h
                        for h in super().init_handlers()]
            notebook = self.config.get("TablekitKernelManager", {}).get("class_notebook")
            return class_redirects(self.server_url, notebook) + handlers if notebook else handlers

    return TablekitVoila


def class_redirects(base_url: str, notebook: str) -> list[tuple]:
    """Tornado handlers sending the server's root, Voilà's tree and the index page to
    the class notebook (a class's students type the shortest address they are given)."""
    from tornado.web import RedirectHandler

    base = "/" + base_url.strip("/") + "/" if base_url.strip("/") else "/"
    to = f"{base}voila/render/{notebook}"
    paths = ["", "voila", "voila/", "voila/tree", "voila/tree/", "voila/render/index.ipynb"]
    return [(f"{base}{p}", RedirectHandler, {"url": to, "permanent": False})
            for p in paths if p.rstrip("/") != f"voila/render/{notebook}"]


def main(argv: list[str] | None = None) -> None:
    _use_templates()
    _use_class_pool()
    parent = os.environ.get(PARENT_ENV, "")
    scratch = os.environ.get(SCRATCH_ENV)
    if parent.isdigit():
        watch_parent(int(parent), scratch)
    try:
        app_class().launch_instance(argv)
    finally:  # stopped because `tablekit serve` is gone: its scratch folder is left to us
        if parent.isdigit() and os.getppid() != int(parent) and scratch:
            shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
