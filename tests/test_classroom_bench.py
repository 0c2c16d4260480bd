"""benchmarks/classroom.py without a browser or a server: its percentiles, its
arrival schedule, its table, its argument errors and how it knows a kernel."""

from __future__ import annotations

import argparse
import importlib.util
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

PATH = Path(__file__).resolve().parents[1] / "benchmarks" / "classroom.py"
_spec = importlib.util.spec_from_file_location("classroom_bench", PATH)
bench = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = bench  # its dataclasses look their module up there
_spec.loader.exec_module(bench)

KID = "fd8175e9-1dce-4d89-a188-e6610fa59a0b"


def test_nearest_rank_percentiles():
    values = [15, 20, 35, 40, 50]
    assert bench.nearest_rank(values, 5) == 15
    assert bench.nearest_rank(values, 30) == 20   # rank ceil(1.5) = 2
    assert bench.nearest_rank(values, 40) == 20   # rank 2 exactly
    assert bench.nearest_rank(values, 50) == 35
    assert bench.nearest_rank(values, 95) == 50
    assert bench.nearest_rank(values, 100) == 50
    assert bench.nearest_rank(list(reversed(values)), 50) == 35  # order of the samples does not matter
    assert bench.nearest_rank(list(range(1, 21)), 95) == 19      # 20 students: the 19th
    assert bench.nearest_rank([], 50) is None
    with pytest.raises(ValueError, match="at most 100"):
        bench.nearest_rank(values, 101)
    with pytest.raises(ValueError, match="above 0"):
        bench.nearest_rank(values, 0)


def test_arrivals_are_seeded_sorted_and_within_the_window():
    times = bench.arrival_times(20, 10.0, seed=17)
    assert len(times) == 20
    assert times == sorted(times)
    assert all(0 <= t <= 10 for t in times)
    assert times == bench.arrival_times(20, 10.0, seed=17)      # two runs are comparable
    assert times != bench.arrival_times(20, 10.0, seed=18)
    assert max(times) - min(times) > 5                           # spread, not bunched at one end
    assert bench.arrival_times(3, 0.0, seed=1) == [0.0, 0.0, 0.0]
    gaps = [bench.click_gaps(4, 17).uniform(1, 3) for _ in range(2)]
    assert gaps[0] == gaps[1] and 1 <= gaps[0] <= 3
    assert bench.click_gaps(4, 17).uniform(1, 3) != bench.click_gaps(5, 17).uniform(1, 3)


def test_kernel_id_from_a_cmdline_and_a_websocket_url():
    cmd = f"/venv/bin/python\0-m\0ipykernel_launcher\0-f\0/tmp/voila_x/kernel-{KID}.json\0".encode()
    assert bench.kernel_id_from_cmdline(cmd) == KID
    other = f"/usr/bin/python3\0tool.py\0/tmp/kernel-{KID}.json\0".encode()
    assert bench.kernel_id_from_cmdline(other) is None                  # not an ipykernel
    assert bench.kernel_id_from_cmdline(b"/venv/bin/python\0-m\0ipykernel_launcher\0") is None
    assert bench.kernel_id_from_cmdline(b"") is None
    url = f"ws://127.0.0.1:9000/api/kernels/{KID}/channels?session_id=abc"
    assert bench.kernel_id_from_url(url) == KID
    assert bench.kernel_id_from_url("ws://127.0.0.1:9000/api/events/subscribe") is None


def _result() -> dict:
    args = argparse.Namespace(pool=1, students=2, notebook="creatures.ipynb", serve_args=["--class", "20"],
                              arrive=10.0, class_seconds=60.0, seed=17)
    a, b = bench.Student(0, 0.5, kernel=KID, tti=3.1, server_tti=0.02, step_ms=[40.0, 60.0, 48.0]), \
        bench.Student(1, 7.0, kernel="k2", tti=None, server_tti=None)
    census = bench.Census(before={"pool1": 1}, peak=3,
                          after=[(0, [KID, "k2", "pool2"]), (10, [KID, "pool2"]), (30, ["pool2"]),
                                 (60, ["pool2"])])
    return bench.summarize(args, [a, b], census, wall=70.0, browser_cpu=42.0, server_cpu=14.0,
                           machine_cpu=84.0)


def test_summary_and_its_table_row():
    r = _result()
    assert r["tti"] == {"median": 3.1, "p95": 3.1}
    assert r["lost"] == 1
    assert r["step_ms"] == {"median": 48.0, "p95": 60.0, "clicks": 3}
    assert r["cpu"]["browser_share"] == 0.75
    assert r["kernels"]["students_alive_after"] == {0: 2, 10: 1, 30: 0, 60: 0}
    assert r["kernels"]["last_student_kernel_gone_s"] == 30
    assert (r["kernels"]["after"], r["kernels"]["pool_after"]) == (1, 1)
    lines = bench.table([r]).splitlines()
    assert lines[0].startswith("| pool | class | TTI median / p95 | server-side TTI median / p95 |")
    assert lines[0].count("|") == lines[1].count("|") == lines[2].count("|") == 9
    assert lines[2] == "| 1 | 2 | 3.1 / 3.1 s | 0.02 / 0.02 s | 60 ms (48 ms) | 1 of 2 | 75% | 1 / 3 / 1 |"
    detail = "\n".join(bench.details(r, ready=12.3))
    assert "server ready 12.3 s after start; serve args: --class 20" in detail
    assert "the last went 30 s after" in detail
    assert r["browsers_open_before_class"] and "in a tab open (empty) before the class" in detail
    cold = bench.summarize(argparse.Namespace(**{**vars(bench.parse_args(["--students", "2", "--cold-browsers"])),
                                                 "pool": 1}),
                           [], bench.Census(), wall=1.0, browser_cpu=0.0, server_cpu=0.0, machine_cpu=None)
    assert not cold["browsers_open_before_class"]
    assert "in a browser context and tab opened on arrival" in "\n".join(bench.details(cold, ready=1.0))
    # 140 CPU-seconds on 2 cores: browser 30%, server 10%, the machine 60% busy, so 20% was other work
    assert "browser 42 s (30% of the machine), server and kernels 14 s (10%); " \
        "the whole machine was 60% busy (other work: 20%)" in detail


def test_a_clicks_wait_in_parts_and_where_the_slowest_clicks_spend_it():
    args = argparse.Namespace(pool=None, students=1, notebook="creatures.ipynb", serve_args=[],
                              arrive=10.0, class_seconds=60.0, seed=1)
    # 20 clicks: 19 spend 10 ms in each part, the slowest waits 400 ms for its repaint; one
    # click's parts were not seen (None) and count in no part
    parts = [[10.0, 10.0, 10.0, 10.0]] * 19 + [[5.0, 20.0, 1.0, 400.0], None]
    s = bench.Student(0, 1.0, kernel="k1", tti=2.0, step_ms=[sum(p or [50.0]) for p in parts],
                      step_parts_ms=parts, step_at=[float(i) for i in range(21)])
    r = bench.summarize(args, [s], bench.Census(), 70.0, 1.0, 1.0)
    got = r["step_parts_ms"]
    assert got["clicks"] == 20
    assert got["update_to_repaint"] == {"median": 10.0, "p95": 10.0, "slowest_5pc_mean": 400.0}
    assert got["press_to_sent"]["slowest_5pc_mean"] == 5.0
    assert got["sent_to_first_reply"]["p95"] == 10.0
    detail = "\n".join(bench.details(r, ready=1.0))
    assert "update to repaint 10 / 10 / 400 ms" in detail
    # the clicks pressed at 0..19 s are the early ones (the 426 ms one among them, above their
    # nearest-rank p95), the one pressed at 20 s (50 ms) is later
    assert r["step_ms_by_time"]["early"] == {"clicks": 20, "p95": 40.0}
    assert r["step_ms_by_time"]["later"] == {"clicks": 1, "p95": 50.0}
    assert "Step clicks pressed in the first 20 s: 20, p95 40 ms; later: 1, p95 50 ms" in detail
    # a page lost: what it showed is in the details
    lost = bench.Student(1, 2.0, lost_page="http://h/voila/render/creatures.ipynb: 'Opening the table…'")
    slow = bench.Student(2, 3.0, tti=2.0, timeouts=1, timeout_why=["step: pressed, no repaint within 10 s"])
    r = bench.summarize(args, [s, lost, slow], bench.Census(), 70.0, 1.0, 1.0)
    detail = "\n".join(bench.details(r, ready=1.0))
    assert "student 1 lost, the page showed http://h/voila/render/creatures.ipynb: 'Opening the table…'" in detail
    assert "student 2 click timeout: step: pressed, no repaint within 10 s" in detail and r["click_timeouts"] == 1


def test_a_class_where_nobody_got_in():
    args = argparse.Namespace(pool=None, students=1, notebook="creatures.ipynb", serve_args=["--class", "1"],
                              arrive=10.0, class_seconds=60.0, seed=1)
    r = bench.summarize(args, [bench.Student(0, 1.0, kernel="k1")],
                        bench.Census(after=[(s, ["k1"]) for s in range(61)]), 100.0, 0.0, 0.0)
    assert r["kernels"]["last_student_kernel_gone_s"] is None
    assert bench.table_row(r) == "| --class 1 | 1 | — | — | — | 1 of 1 | — | 0 / 0 / 1 |"
    assert "some still alive after 60 s" in "\n".join(bench.details(r, ready=1.0))


@pytest.mark.parametrize("argv, message", [
    (["--students", "0", "--pool", "1"], "the number of students must be from 1 to 200, not '0'"),
    (["--students", "five", "--pool", "1"], "the number of students must be a number from 1 to 200, not 'five'"),
    (["--students", "5", "--pool", "-1"], "the pool size must be from 0 to 64, not '-1'"),
    (["--pool", "1"], "the following arguments are required: --students"),
    (["--students", "5", "--pool", "1", "--notebook", "nope.ipynb"], "no notebook 'nope.ipynb' to serve"),
    (["--students", "5", "--pool", "1", "--arrive", "30", "--class-seconds", "20"],
     "--class-seconds (20) must be longer than --arrive (30)"),
    (["--students", "5", "--pool", "1", "--serve-args", '"--class 20'], "cannot be split into arguments"),
])
def test_argument_errors_say_what_is_wrong(argv, message, capsys):
    with pytest.raises(SystemExit) as stop:
        bench.parse_args(argv)
    assert stop.value.code == 2
    assert message in capsys.readouterr().err


def test_arguments_and_the_serve_command():
    args = bench.parse_args(["--students", "20", "--pool", "1", "--serve-args", "--class 20 --cull-idle 30"])
    assert (args.students, args.pool, args.arrive, args.class_seconds, args.notebook) == \
        (20, 1, 10.0, 60.0, "creatures.ipynb")
    cmd = bench.serve_command(args.notebook, 9001, args.pool, args.serve_args)
    assert cmd[-10:] == ["serve", "creatures.ipynb", "--port", "9001", "--pool-size", "1",
                         "--class", "20", "--cull-idle", "30"]        # the serve args pass unchanged
    assert Path(cmd[0]).name == "tablekit" or cmd[1:3] == ["-m", "tablekit.cli"]
    args = bench.parse_args(["--students", "20", "--serve-args", "--class 20"])
    assert args.pool is None
    cmd = bench.serve_command(args.notebook, 9001, args.pool, args.serve_args)
    assert "--pool-size" not in cmd and cmd[-2:] == ["--class", "20"]   # --class chooses the pool


def test_the_students_open_the_page_serve_names():
    said = ("tablekit: serving /srv/notebooks with Voilà\n"
            "tablekit: open http://127.0.0.1:9001/voila/render/creatures.ipynb   (Ctrl-C stops it)\n")
    assert bench.page_to_open(said, 9001) == "http://127.0.0.1:9001/voila/render/creatures.ipynb"
    assert bench.page_to_open("[Voila] starting\n", 9001) == "http://127.0.0.1:9001/"


def test_left_over_counts_running_processes_not_zombies_or_reused_pids():
    import subprocess

    from tablekit.serve import _start_time

    proc = subprocess.Popen(["sleep", "30"])
    try:
        started = _start_time(proc.pid)
        assert bench.left_over({proc.pid: started}) == [proc.pid]
        assert bench.left_over({proc.pid: "0"}) == []               # another process once had the pid
        proc.kill()
        deadline = time.monotonic() + 10
        while Path(f"/proc/{proc.pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z":
            assert time.monotonic() < deadline, "the killed process did not exit"
            time.sleep(0.05)
        assert bench.left_over({proc.pid: started}) == []           # exited, not yet reaped
    finally:
        proc.kill()
        proc.wait()
    assert bench.left_over({proc.pid: started}) == []


def test_the_browsers_niceness_is_an_option_and_the_script_runs_chromium_at_it(tmp_path, monkeypatch):
    assert bench.parse_args(["--students", "2", "--pool", "1"]).browser_nice == 0
    assert bench.parse_args(["--students", "2", "--pool", "1", "--browser-nice", "10"]).browser_nice == 10
    with pytest.raises(SystemExit):
        bench.parse_args(["--students", "2", "--pool", "1", "--browser-nice", "20"])
    # a stand-in browser that says its niceness and its arguments
    fake = tmp_path / "chromium with a space"
    fake.write_text(f"#!{sys.executable}\nimport os, sys\nprint(os.nice(0), *sys.argv[1:])\n")
    fake.chmod(0o755)
    monkeypatch.setattr(bench, "CHROMIUM", str(fake))
    with bench.niced_chromium(0) as exe:
        assert exe == str(fake)  # nice 0: the browser itself, no script
    base = os.nice(0)
    with bench.niced_chromium(7) as exe:
        out = subprocess.run([exe, "--headless", "a b"], capture_output=True, text=True, check=True).stdout
        assert out.split() == [str(min(19, base + 7)), "--headless", "a", "b"]
        folder = Path(exe).parent
    assert not folder.exists()  # the script's folder goes with the run
