"""`tablekit serve` as a process: it stops its whole tree (Voilà and the kernels)
on SIGTERM and on Ctrl-C, and its Voilà command line."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import ROOT, free_port

import tablekit
from tablekit.serve import CULL_IDLE, CULL_INTERVAL, _alive, answers, descendants, voila_command


def test_command_line():
    cmd = voila_command(port=9001, pool_size=3)
    assert cmd[1:3] == ["-m", "tablekit._voila"] and cmd[3].endswith("notebooks")
    for flag in ("--no-browser", "--port=9001", "--Voila.ip=127.0.0.1", "--template=tablekit",
                 "--strip_sources=True", "--show_tracebacks=False", "--preheat_kernel=True", "--pool_size=3",
                 f"--MappingKernelManager.cull_idle_timeout={CULL_IDLE}",
                 f"--MappingKernelManager.cull_interval={CULL_INTERVAL}"):
        assert flag in cmd
    assert (CULL_IDLE, CULL_INTERVAL) == (600, 60)
    never = voila_command(cull_idle=0)
    assert not any("cull" in c for c in never)
    assert "--MappingKernelManager.cull_interval=30" in voila_command(cull_idle=30)
    with pytest.raises(tablekit.TablekitError, match="no notebook"):
        voila_command("nope.ipynb")


def test_template_drops_the_cdn_stylesheets():
    from tablekit._voila import TEMPLATE, TEMPLATES

    folder = TEMPLATES / "voila" / "templates" / TEMPLATE
    for name in ("index.html.j2", "page.html", "conf.json"):
        text = (folder / name).read_text()
        assert "<link" not in text or "https://" not in text.split("<link", 1)[1].split(">", 1)[0]
        assert "cdn." not in text


def _tablekit() -> list[str]:
    exe = Path(sys.executable).with_name("tablekit")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "tablekit.cli"]


def _listening(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) == 0


@pytest.mark.server
@pytest.mark.parametrize("how", ["SIGTERM", "Ctrl-C"])
def test_a_signal_stops_the_whole_tree(how, tmp_path):
    port = free_port()
    log = open(tmp_path / "serve.log", "w")
    # its own session, as a shell gives a job: Ctrl-C is SIGINT to that whole process group
    proc = subprocess.Popen([*_tablekit(), "serve", "creatures.ipynb", "--port", str(port), "--pool-size", "1"],
                            stdout=log, stderr=subprocess.STDOUT, cwd=ROOT, start_new_session=True)
    kids: dict[int, str | None] = {}
    try:
        deadline = time.time() + 90
        kernel = False
        while time.time() < deadline and not (kernel and answers(port)):
            assert proc.poll() is None, (tmp_path / "serve.log").read_text()
            kids.update(descendants(proc.pid))
            kernel = any(b"ipykernel" in _cmdline(k) for k in kids)
            time.sleep(0.3)
        assert kernel and answers(port), "tablekit serve did not answer with its preheated kernel in 90 s"
        kids.update(descendants(proc.pid))
        if how == "SIGTERM":
            proc.send_signal(signal.SIGTERM)
        else:
            os.killpg(proc.pid, signal.SIGINT)
        rc = proc.wait(timeout=40)
        assert rc == 0, (tmp_path / "serve.log").read_text()
        assert not _listening(port), "something still listens on the port"
        left = [k for k, started in kids.items() if _alive(k, started)]
        assert not left, f"processes left: {[_cmdline(k) for k in left]}"
        assert "tablekit: stopped" in (tmp_path / "serve.log").read_text()
    finally:  # a failed test leaves nothing behind either (Voilà runs in a session of its own)
        if proc.poll() is None:
            kids.update(descendants(proc.pid))
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        for k, started in kids.items():
            if _alive(k, started):
                os.kill(k, signal.SIGKILL)
        log.close()


def _cmdline(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


@pytest.mark.server
def test_a_killed_serve_leaves_nothing_running_and_nothing_is_written_on_the_server(tmp_path):
    """SIGKILL (a crash, an out-of-memory kill) gives `tablekit serve` no chance to stop
    anything: Voilà sees its parent gone and stops with its kernels within 10 s. Nothing
    is written in the home folder, the working folder or the temporary folder (its
    scratch folder is removed), although a page took a kernel and ran the notebook."""
    home, work, tmp = (tmp_path / d for d in ("home", "work", "tmp"))
    for d in (home, work, tmp):
        d.mkdir()
    env = {**os.environ, "HOME": str(home), "TMPDIR": str(tmp)}
    for key in ("JUPYTER_RUNTIME_DIR", "IPYTHONDIR", "MPLCONFIGDIR", "JUPYTER_DATA_DIR", "XDG_CACHE_HOME"):
        env.pop(key, None)
    port = free_port()
    log = open(tmp_path / "serve.log", "w")
    proc = subprocess.Popen([*_tablekit(), "serve", "creatures.ipynb", "--port", str(port), "--pool-size", "1"],
                            stdout=log, stderr=subprocess.STDOUT, cwd=work, env=env, start_new_session=True)
    kids: dict[int, str | None] = {}
    try:
        deadline = time.time() + 90
        while time.time() < deadline and not (any(b"ipykernel" in _cmdline(k) for k in kids) and answers(port)):
            assert proc.poll() is None, (tmp_path / "serve.log").read_text()
            kids.update(descendants(proc.pid))
            time.sleep(0.3)
        assert answers(port), "tablekit serve did not answer in 90 s"
        import http.client

        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=90)
        conn.request("GET", "/")  # the page takes the preheated kernel, which has run the notebook
        assert conn.getresponse().status == 200
        conn.close()
        kids.update(descendants(proc.pid))
        assert any(b"ipykernel" in _cmdline(k) for k in kids)
        proc.kill()
        proc.wait()
        deadline = time.time() + 10  # a behaviour timeout: Voilà and the kernels must stop within 10 s
        left = kids
        while left and time.time() < deadline:
            time.sleep(0.2)
            left = {k: v for k, v in kids.items() if _alive(k, v)}
        assert not left, f"still running 10 s after SIGKILL: {[_cmdline(k) for k in left]}"
        assert not _listening(port)
        written = sorted(str(p.relative_to(tmp_path)) for d in (home, work, tmp) for p in d.rglob("*"))
        assert written == [], f"written on the server: {written}"
    finally:
        for k, started in kids.items():
            if _alive(k, started):
                os.kill(k, signal.SIGKILL)
        log.close()


def test_voila_and_its_kernels_write_only_in_the_scratch_folder_and_keep_no_history(tmp_path):
    from tablekit._voila import PARENT_ENV, SCRATCH_ENV
    from tablekit.serve import server_env

    env = server_env(tmp_path, 4242, base={"PATH": "/usr/bin", "JUPYTER_PATH": "/mine"})
    for var in ("JUPYTER_RUNTIME_DIR", "JUPYTER_DATA_DIR", "JUPYTER_CONFIG_DIR", "IPYTHONDIR", "MPLCONFIGDIR"):
        assert Path(env[var]).is_dir() and Path(env[var]).is_relative_to(tmp_path), var
    assert env["JUPYTER_PATH"].split(os.pathsep)[0] == "/mine"  # still read, after the scratch folders
    assert (env[PARENT_ENV], env[SCRATCH_ENV]) == ("4242", str(tmp_path))
    kernel_config = Path(env["IPYTHONDIR"]) / "profile_default" / "ipython_kernel_config.py"
    assert "c.HistoryManager.enabled = False" in kernel_config.read_text()
