"""Serve the notebooks as a web app with Voilà: sources stripped, the lab
template, preheated kernels, optional culling of idle kernels for a class."""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
from pathlib import Path

from .core.cards import data_path
from .core.errors import TablekitError

REFILL_DELAY = 8  # seconds


def notebooks_dir() -> Path:
    """The notebooks folder: the source tree's, or the copy inside the installed package."""
    here = Path(__file__).resolve().parent
    for candidate in (here.parent / "notebooks", here / "_data" / "notebooks"):
        if (candidate / "index.ipynb").exists():
            return candidate
    return data_path("notebooks", "")


def voila_command(notebook: str | None = None, port: int = 8866, ip: str = "127.0.0.1",
                  pool_size: int = 1, cull_idle: int = 0, preheat: bool = True) -> list[str]:
    """The Voilà command line `tablekit serve` runs."""
    root = notebooks_dir()
    target = root if notebook is None else (root / notebook if not Path(notebook).is_absolute()
                                             else Path(notebook))
    if not target.exists():
        raise TablekitError(f"no notebook {notebook!r}; the notebooks are in {root}")
    if pool_size < 0 or port <= 0 or cull_idle < 0:
        raise TablekitError("port must be positive, pool size and cull time zero or more")
    cmd = [sys.executable, "-m", "voila", str(target), "--no-browser", f"--port={port}",
           f"--Voila.ip={ip}", "--template=lab", "--strip_sources=True",
           f"--preheat_kernel={preheat}", f"--pool_size={pool_size}",
           # refill the pool a little after a kernel is taken, not while its page is loading
           f"--VoilaKernelManager.fill_delay={REFILL_DELAY}"]
    if cull_idle:
        cmd += [f"--MappingKernelManager.cull_idle_timeout={cull_idle}",
                f"--MappingKernelManager.cull_interval={max(10, min(cull_idle // 2, 300))}"]
    return cmd


def port_free(ip: str, port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex((ip, port)) != 0


def serve(notebook: str | None = None, port: int = 8866, ip: str = "127.0.0.1", pool_size: int = 1,
          cull_idle: int = 0, preheat: bool = True) -> int:
    if shutil.which("voila") is None:
        try:
            import voila  # noqa: F401
        except ImportError:
            raise TablekitError("Voilà is not installed: pip install voila") from None
    if not port_free(ip, port):
        raise TablekitError(f"port {port} on {ip} is already in use: pick another with --port")
    cmd = voila_command(notebook, port, ip, pool_size, cull_idle, preheat)
    # one notebook is served at the root; a folder lists its notebooks under voila/render/
    page = "" if notebook and notebook.endswith(".ipynb") else "voila/render/index.ipynb"
    print(f"tablekit: serving {cmd[3]} with Voilà", flush=True)
    print(f"tablekit: open http://{ip}:{port}/{page}   (Ctrl-C stops it)", flush=True)
    proc = subprocess.Popen(cmd)
    try:
        return proc.wait()
    except KeyboardInterrupt:
        proc.terminate()
        return proc.wait()
