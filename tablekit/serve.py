"""Serve the notebooks as a web app with Voilà: sources stripped, preheated
kernels, idle kernels culled, no tracebacks and nothing from the internet in
the page, and the whole process tree stopped on Ctrl-C or SIGTERM.

Voilà runs as `python -m tablekit._voila` (Voilà with the kernel-shutdown fix
and the offline `tablekit` template, see _voila.py), in a session of its own:
`serve()` forwards SIGINT, SIGTERM and SIGHUP to it, waits for it to shut its
kernels down, and kills whatever is left after a grace period. If `tablekit
serve` itself dies by a signal it cannot catch (SIGKILL), Voilà sees its
parent gone and stops with its kernels (_voila.watch_parent).

Nothing is written on the server outside a scratch folder made for the run and
removed at its end (`server_env`): Jupyter's runtime files, its trust database
and config marks, IPython's folder (with its history off) and matplotlib's
cache all go there."""

from __future__ import annotations

import math
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .core.cards import data_path
from .core.errors import TablekitError

REFILL_DELAY = 8  # seconds
IOPUB_TIMEOUT = 30  # seconds a cell's outputs may take to arrive before Voilà drops them
CLASS_QUIET = 15.0  # class mode: seconds without a page opened before the pool is refilled
KERNEL_MB = 80  # about what one kernel holds once a notebook has run (measured: 77 MB)
CULL_IDLE = 600  # seconds a kernel may stay idle (and unconnected) before it is shut down
CULL_INTERVAL = 60  # seconds between two looks for idle kernels
STOP_GRACE = 20.0  # seconds Voilà has to shut its kernels down before everything is killed
_STOP_SIGNALS = tuple(getattr(signal, s) for s in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, s))


# the kernels' IPython configuration in the scratch folder: no history database
IPYTHON_CONFIG = "c.HistoryManager.enabled = False\n"


def server_env(scratch: Path, serve_pid: int, base: dict[str, str] | None = None) -> dict[str, str]:
    """The environment of Voilà and its kernels: everything they would write in the
    home or working folder goes into `scratch` (Jupyter's runtime, data and config
    folders, IPython's folder with its history off, matplotlib's cache), and Voilà
    follows `serve_pid`."""
    from jupyter_core.paths import jupyter_config_dir, jupyter_data_dir

    from ._voila import PARENT_ENV, SCRATCH_ENV

    env = dict(os.environ if base is None else base)
    # the person's own Jupyter folders are still read (searched after the scratch ones),
    # never written: Voilà's trust database and the config migration mark go to scratch
    for var, own in (("JUPYTER_PATH", jupyter_data_dir()), ("JUPYTER_CONFIG_PATH", jupyter_config_dir())):
        env[var] = os.pathsep.join(p for p in (env.get(var, ""), own) if p)
    dirs = {"JUPYTER_RUNTIME_DIR": scratch / "runtime", "IPYTHONDIR": scratch / "ipython",
            "MPLCONFIGDIR": scratch / "matplotlib", "JUPYTER_DATA_DIR": scratch / "data",
            "JUPYTER_CONFIG_DIR": scratch / "config"}
    for path in dirs.values():
        path.mkdir(parents=True, exist_ok=True)
    profile = dirs["IPYTHONDIR"] / "profile_default"
    profile.mkdir(exist_ok=True)
    for name in ("ipython_config.py", "ipython_kernel_config.py"):
        (profile / name).write_text(IPYTHON_CONFIG, encoding="utf-8")
    env.update({k: str(v) for k, v in dirs.items()})
    env.update({PARENT_ENV: str(serve_pid), SCRATCH_ENV: str(scratch)})
    return env


def notebooks_dir() -> Path:
    """The notebooks folder: the source tree's, or the copy inside the installed package."""
    here = Path(__file__).resolve().parent
    for candidate in (here.parent / "notebooks", here / "_data" / "notebooks"):
        if (candidate / "index.ipynb").exists():
            return candidate
    return data_path("notebooks", "")


def class_reserve(class_size: int) -> int:
    """Kernels kept ready once a class of `class_size` has arrived (for reloads and latecomers)."""
    return max(2, math.ceil(class_size / 10))


def _target(notebook: str | None) -> Path:
    root = notebooks_dir()
    target = root if notebook is None else (root / notebook if not Path(notebook).is_absolute()
                                             else Path(notebook))
    if not target.exists():
        raise TablekitError(f"no notebook {notebook!r}; the notebooks are in {root}")
    return target


def _class_options(target: Path, class_size: int, preheat: bool, quiet: float) -> list[str]:
    """Voilà's options for a class at one notebook: its folder is served, only that
    notebook is preheated (class_size kernels), refills wait for a quiet moment."""
    if not (target.is_file() and target.suffix == ".ipynb"):
        raise TablekitError(f"--class prepares one notebook for a class, not the folder {target}: "
                            "name it, as in `tablekit serve creatures.ipynb --class 20`")
    if not preheat:
        raise TablekitError("--class preheats the class's kernels: it cannot go with --no-preheat")
    manager = "--TablekitKernelManager"
    return [f"{manager}.class_notebook={target.name}", f"{manager}.class_size={class_size}",
            f"{manager}.class_reserve={class_reserve(class_size)}", f"{manager}.refill_quiet={quiet:g}"]


def voila_command(notebook: str | None = None, port: int = 8866, ip: str = "127.0.0.1",
                  pool_size: int = 1, cull_idle: int = CULL_IDLE, preheat: bool = True,
                  cull_interval: int = CULL_INTERVAL, class_size: int = 0,
                  class_quiet: float = CLASS_QUIET, full_page: bool = False) -> list[str]:
    """The Voilà command line `tablekit serve` runs (cull_idle=0: never cull).
    `class_size` N > 0: serve the notebook's folder, with N kernels preheated for that
    notebook only (see `_voila.class_pool`), on the light class page (`CLASS_TEMPLATE`)
    unless `full_page` asks for Voilà's JupyterLab page."""
    target = _target(notebook)
    if pool_size < 0 or port <= 0 or cull_idle < 0 or cull_interval <= 0 or class_size < 0:
        raise TablekitError("port and cull interval must be positive; pool size, class size and cull time "
                            "zero or more")
    from ._voila import CLASS_TEMPLATE, TEMPLATE

    if full_page and not class_size:
        raise TablekitError("--full-page is for a class (--class N): without it every page is the full page")
    template = CLASS_TEMPLATE if class_size and not full_page else TEMPLATE

    klass = _class_options(target, class_size, preheat, class_quiet) if class_size else []
    served = target.parent if class_size else target
    cmd = [sys.executable, "-m", "tablekit._voila", str(served), "--no-browser", f"--port={port}",
           # the port asked for or nothing: Voilà would otherwise quietly take a neighbour
           "--Voila.port_retries=0",
           f"--Voila.ip={ip}", f"--template={template}", "--strip_sources=True",
           # the page shows the error banner, never a traceback with the server's paths
           "--show_tracebacks=False",
           f"--preheat_kernel={preheat}", f"--pool_size={0 if class_size else pool_size}",
           # refill the pool a little after a kernel is taken, not while its page is loading
           f"--VoilaKernelManager.fill_delay={REFILL_DELAY}",
           # a loaded machine is slow to deliver outputs: wait rather than drop them
           f"--VoilaExecutor.iopub_timeout={IOPUB_TIMEOUT}", *klass]
    if cull_idle:
        # a kernel with a page connected is never culled; a closed laptop's page stops
        # answering the server's websocket pings and is disconnected after about 90 s
        cmd += [f"--MappingKernelManager.cull_idle_timeout={cull_idle}",
                f"--MappingKernelManager.cull_interval={min(cull_interval, cull_idle)}"]
    return cmd


def answers(port: int, ip: str = "127.0.0.1") -> bool:
    """Voilà answers HTTP there: a static file of its own (the notebook page would take a
    preheated kernel)."""
    import http.client

    conn = http.client.HTTPConnection(ip, port, timeout=5)
    try:
        conn.request("GET", "/voila/static/voila-style.js")
        return conn.getresponse().status == 200
    except OSError:
        return False
    finally:
        conn.close()


def port_free(ip: str, port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex((ip, port)) != 0


# -- the process tree ---------------------------------------------------------------

def _start_time(pid: int) -> str | None:
    """The process's start time (Linux /proc), to tell it from a later process with its pid."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[19]
    except (OSError, IndexError):
        return None


def descendants(pid: int) -> dict[int, str | None]:
    """Every process below `pid` (its kernels run in sessions of their own, so a signal
    to Voilà's process group does not reach them): pid -> start time. Linux only;
    elsewhere nothing is found and only Voilà's process group is signalled."""
    found: dict[int, str | None] = {}
    todo = [pid]
    while todo:
        p = todo.pop()
        try:
            tasks = list(Path(f"/proc/{p}/task").iterdir())
        except OSError:
            continue
        for task in tasks:
            try:
                kids = [int(k) for k in (task / "children").read_text().split()]
            except (OSError, ValueError):
                continue
            for k in kids:
                if k not in found:
                    found[k] = _start_time(k)
                    todo.append(k)
    return found


def _alive(pid: int, started: str | None) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return started is None or _start_time(pid) == started


def _signal_group(proc: subprocess.Popen, sig: int) -> None:
    try:
        os.killpg(proc.pid, sig)  # Voilà leads a process group of its own
    except (ProcessLookupError, PermissionError, AttributeError):
        try:
            proc.send_signal(sig)
        except ProcessLookupError:
            pass


class _Stop(Exception):
    pass


def _raise_stop(signum, _frame):
    raise _Stop(signum)


def stop_tree(proc: subprocess.Popen, grace: float = STOP_GRACE) -> int:
    """Ask Voilà to stop (SIGTERM: it shuts its kernels down), wait up to `grace`
    seconds, then kill what is left of it and of every process it started."""
    kids = descendants(proc.pid)
    _signal_group(proc, signal.SIGTERM)
    try:
        rc = proc.wait(timeout=grace)
    except (subprocess.TimeoutExpired, _Stop):  # too slow, or asked again: no more waiting
        _signal_group(proc, signal.SIGKILL)
        rc = proc.wait()
    kids.update({k: v for k, v in descendants(proc.pid).items() if k not in kids})
    left = {k: v for k, v in kids.items() if _alive(k, v)}
    for sig, wait in ((signal.SIGTERM, 3.0), (signal.SIGKILL, 1.0)):
        for k in left:
            try:
                os.kill(k, sig)
            except (ProcessLookupError, PermissionError):
                pass
        deadline = time.monotonic() + wait
        while left and time.monotonic() < deadline:
            time.sleep(0.1)
            left = {k: v for k, v in left.items() if _alive(k, v)}
        if not left:
            break
    return rc


def memory_available_mb() -> int | None:
    """Memory the machine can still give (Linux /proc/meminfo), in MB; None elsewhere."""
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) // 1024
    except (OSError, ValueError, IndexError):
        pass
    return None


def class_memory_warning(class_size: int, available_mb: int | None) -> str | None:
    """A warning when the class's kernels would not fit in the memory left, else None."""
    needed = class_size * KERNEL_MB
    if available_mb is None or needed <= available_mb * 0.8:
        return None
    return (f"a class of {class_size} needs about {needed} MB for its kernels and this machine has "
            f"{available_mb} MB free: expect swapping, or use JupyterHub on more machines (README: Teach)")


def page_url(ip: str, port: int, notebook: str | None, class_size: int = 0) -> str:
    """The address to open: one notebook is served at the root; a folder (or a class's
    folder) lists its notebooks under voila/render/."""
    host = socket.gethostname() if ip in ("0.0.0.0", "::") else (f"[{ip}]" if ":" in ip else ip)
    if class_size:
        page = f"voila/render/{Path(notebook or '').name}"
    else:
        page = "" if notebook and notebook.endswith(".ipynb") else "voila/render/index.ipynb"
    return f"http://{host}:{port}/{page}"


def serve(notebook: str | None = None, port: int = 8866, ip: str = "127.0.0.1", pool_size: int = 1,
          cull_idle: int | None = CULL_IDLE, preheat: bool = True, cull_interval: int = CULL_INTERVAL,
          class_size: int = 0, view_all: bool = True, full_page: bool = False) -> int:
    """Run Voilà until it exits, or until Ctrl-C / SIGTERM / SIGHUP stops it and its kernels.
    `cull_idle`: seconds (0: never cull; None: the default, CULL_IDLE). `class_size`: prepare
    `notebook` for a class of that many students (see voila_command). `view_all=False`:
    the boards of every page offer no "View as everything" and refuse it (NO_VIEW_ALL_ENV).
    `full_page`: a class gets Voilà's JupyterLab page instead of the light class page."""
    cull_idle = CULL_IDLE if cull_idle is None else cull_idle
    if shutil.which("voila") is None:
        try:
            import voila  # noqa: F401
        except ImportError:
            raise TablekitError("Voilà is not installed: pip install voila") from None
    cmd = voila_command(notebook, port, ip, pool_size, cull_idle, preheat, cull_interval, class_size,
                        full_page=full_page)
    if not port_free(ip, port):
        raise TablekitError(f"port {port} on {ip} is already in use: pick another with --port")
    print(f"tablekit: serving {cmd[3]} with Voilà", flush=True)
    if class_size:
        print(f"tablekit: a class of {class_size}: {class_size} kernels are preheated for "
              f"{Path(notebook or '').name} only; once the class is in, {class_reserve(class_size)} are kept "
              f"ready, refilled one at a time after {CLASS_QUIET:g} s without a new page", flush=True)
        warning = class_memory_warning(class_size, memory_available_mb())
        if warning:
            print(f"tablekit: warning: {warning}", flush=True)
    cull = f"kernels idle {cull_idle} s are shut down" if cull_idle else "idle kernels are kept"
    print(f"tablekit: open {page_url(ip, port, notebook, class_size)}   (Ctrl-C stops it; {cull})", flush=True)
    # Voilà gets a session of its own, so a signal meant for `tablekit serve` reaches it
    # only through the handlers below (and a terminal's Ctrl-C does not hit it twice)
    scratch = Path(tempfile.mkdtemp(prefix="tablekit-serve-"))
    env = server_env(scratch, os.getpid())
    if not view_all:
        from .widgets.board import NO_VIEW_ALL_ENV

        env[NO_VIEW_ALL_ENV] = "1"
        print("tablekit: the views are locked: no table offers View as everything", flush=True)
    proc = subprocess.Popen(cmd, start_new_session=True, env=env)
    old = {s: signal.signal(s, _raise_stop) for s in _STOP_SIGNALS}
    try:
        try:
            return proc.wait()
        except _Stop:
            pass
        stop_tree(proc)
        print("tablekit: stopped", flush=True)
        return 0
    finally:
        if proc.poll() is None:  # an unexpected error here: never leave Voilà behind
            stop_tree(proc, grace=5.0)
        shutil.rmtree(scratch, ignore_errors=True)
        for s, handler in old.items():
            signal.signal(s, handler)
