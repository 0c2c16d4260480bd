"""`tablekit serve NOTEBOOK --class N`: the class's kernels are preheated for that
notebook alone, pages take them, and the pool is refilled to its small reserve only
after no page has been opened for a while, one kernel at a time; the server's root
and the index lead to the class notebook."""

from __future__ import annotations

import http.client
import os
import socket
import time
from pathlib import Path

import pytest
from conftest import class_kernels, class_voila

from tablekit import TablekitError, cli
from tablekit.serve import (
    CLASS_QUIET,
    KERNEL_MB,
    _start_time,
    class_memory_warning,
    class_reserve,
    notebooks_dir,
    page_url,
    voila_command,
)


def test_a_class_serves_the_folder_and_preheats_its_notebook_only():
    cmd = voila_command("creatures.ipynb", port=9002, class_size=20)
    assert Path(cmd[3]) == notebooks_dir()  # the folder: the index and the other games stay reachable
    for flag in ("--preheat_kernel=True", "--pool_size=0",
                 "--TablekitKernelManager.class_notebook=creatures.ipynb",
                 "--TablekitKernelManager.class_size=20", "--TablekitKernelManager.class_reserve=2",
                 f"--TablekitKernelManager.refill_quiet={CLASS_QUIET:g}"):
        assert flag in cmd
    assert "--TablekitKernelManager.class_reserve=4" in voila_command("lfg.ipynb", class_size=40)
    plain = voila_command("creatures.ipynb")
    assert plain[3].endswith("creatures.ipynb") and not any("TablekitKernelManager" in c for c in plain)
    assert [class_reserve(n) for n in (1, 20, 21, 45)] == [2, 2, 3, 5]


def test_a_class_needs_one_preheated_notebook():
    with pytest.raises(TablekitError, match="not the folder"):
        voila_command(None, class_size=5)
    with pytest.raises(TablekitError, match="--no-preheat"):
        voila_command("creatures.ipynb", class_size=5, preheat=False)
    with pytest.raises(TablekitError, match="class size"):
        voila_command("creatures.ipynb", class_size=-1)


def test_the_class_arguments(capsys):
    assert cli.main(["serve", "creatures.ipynb", "--class", "3", "--pool-size", "2"]) == 2
    assert "drop --pool-size" in capsys.readouterr().err
    assert cli.main(["serve", "--class", "3"]) == 2
    err = capsys.readouterr().err
    assert "not the folder" in err and "Traceback" not in err
    args = cli.build_parser().parse_args(["serve", "creatures.ipynb", "--class", "20"])
    assert (args.class_size, args.pool_size) == (20, None)
    for bad in ("0", "201", "twenty"):
        with pytest.raises(SystemExit):
            cli.build_parser().parse_args(["serve", "creatures.ipynb", "--class", bad])
        assert "class size" in capsys.readouterr().err


def test_where_the_students_go_and_what_memory_they_need():
    assert page_url("127.0.0.1", 8866, "creatures.ipynb", 20) == "http://127.0.0.1:8866/voila/render/creatures.ipynb"
    assert page_url("127.0.0.1", 8866, "creatures.ipynb") == "http://127.0.0.1:8866/"
    assert page_url("::1", 9000, None) == "http://[::1]:9000/voila/render/index.ipynb"
    assert page_url("0.0.0.0", 80, None).startswith(f"http://{socket.gethostname()}:80/")
    assert class_memory_warning(20, 24_000) is None and class_memory_warning(20, None) is None
    warning = class_memory_warning(20, 1_000)
    assert f"{20 * KERNEL_MB} MB" in warning and "1000 MB free" in warning


# -- live: a class of three --------------------------------------------------------------------

def _open_page(port: int, path: str) -> int:
    """Open a page as a browser does (its first request takes a kernel); the HTTP status."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        conn.request("GET", path)
        response = conn.getresponse()
        response.read()
        return response.status
    finally:
        conn.close()


def _redirect(port: int, path: str) -> str | None:
    """Where a GET of `path` is sent (its Location), or None when it is not a redirect."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        conn.request("GET", path)
        response = conn.getresponse()
        response.read()
        return response.getheader("Location") if response.status in (301, 302, 303, 307) else None
    finally:
        conn.close()


def _wait(what, timeout: float, log: Path) -> None:
    deadline = time.time() + timeout
    while not what():
        assert time.time() < deadline, log.read_text()[-3000:]
        time.sleep(0.2)


@pytest.mark.server
def test_a_class_of_three_takes_its_kernels_and_refills_only_the_reserve_when_quiet(tmp_path):
    quiet = 4.0
    log = tmp_path / "voila.log"
    with class_voila("creatures.ipynb", log, class_size=3, class_quiet=quiet) as server:
        port, pid = server.port, server.proc.pid
        assert "3 of 3 kernels ready" in server.text()
        pool = server.kernels()
        assert len(pool) == 3  # none for the index or the other games
        for _ in range(3):  # the class arrives: each page takes a preheated kernel
            assert _open_page(port, "/voila/render/creatures.ipynb") == 200
        assert server.text().count("Using pre-heated kernel") == 3
        time.sleep(quiet / 2)
        assert set(class_kernels(pid)) == set(pool), "a refill started while students were arriving"
        _wait(lambda: len(server.kernels()) == 3 + class_reserve(3), 60 + quiet, log)
        refills = sorted(_start_time(k) and int(_start_time(k)) for k in set(server.kernels()) - set(pool))
        tick = os.sysconf("SC_CLK_TCK")
        assert refills[1] - refills[0] > tick // 2, (
            f"the reserve's kernels started together, not one at a time: started at {refills} (ticks of "
            f"1/{tick} s); kernels {server.kernels()}, first pool {pool}; log:\n{server.text()[-4000:]}")
        # the root, Voilà's tree and the index send a student to the class notebook (no kernel taken)
        for path in ("/", "/voila", "/voila/tree", "/voila/render/index.ipynb"):
            assert _redirect(port, path) == "/voila/render/creatures.ipynb", path
        assert _open_page(port, "/voila/render/lfg.ipynb") == 200  # another notebook: a kernel of its own
        assert server.text().count("Using pre-heated kernel") == 3
