"""How long the test suite takes: whole pytest runs, timed from outside, side by side.

    .venv/bin/python benchmarks/suite_time.py                       # make test's pytest, once
    .venv/bin/python benchmarks/suite_time.py --workers 1,logical --runs 2
    .venv/bin/python benchmarks/suite_time.py --fast                # make test-fast's selection
    .venv/bin/python benchmarks/suite_time.py --full                # every seed sweep at its full count
    .venv/bin/python benchmarks/suite_time.py --json -- tests/test_generic.py

Each configuration (worker count x sample/full) is run `--runs` times, the
configurations taking turns, so that a noisy machine weighs on each alike. Per
run it reports the wall time, the test counts and the 20 slowest tests (from
pytest's JUnit XML: setup, call and teardown together); per configuration the
median, the fastest and the slowest run.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")


def pytest_command(workers: str, fast: bool, junit: Path, extra: list[str]) -> list[str]:
    """The pytest command `make test` (or `make test-fast`) runs, writing JUnit XML to `junit`."""
    cmd = [sys.executable, "-m", "pytest", "-q", "--hypothesis-profile=ci", f"--junitxml={junit}"]
    if workers != "1":
        cmd += ["-n", workers]
    if fast:
        cmd += ["-m", "not browser and not server"]
    return cmd + extra


def read_junit(path: Path) -> tuple[dict[str, int], list[tuple[str, float]]]:
    """The counts of a run (tests, failures, errors, skipped) and each test's time."""
    root = ET.parse(path).getroot()
    suites = [root] if root.tag == "testsuite" else list(root.iter("testsuite"))
    counts = {k: sum(int(s.get(k, 0)) for s in suites) for k in ("tests", "failures", "errors", "skipped")}
    times = [(f"{c.get('classname')}::{c.get('name')}", float(c.get("time") or 0))
             for c in root.iter("testcase")]
    return counts, times


def run_once(workers: str, full: bool, fast: bool, extra: list[str]) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        junit = Path(tmp) / "junit.xml"
        env = dict(os.environ, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD="1", TABLEKIT_CHROMIUM=CHROMIUM,
                   TABLEKIT_FULL="1" if full else "0")
        t0 = time.perf_counter()
        proc = subprocess.run(pytest_command(workers, fast, junit, extra), cwd=ROOT, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        wall = time.perf_counter() - t0
        if not junit.exists():
            raise SystemExit(f"pytest wrote no report (exit {proc.returncode}):\n{proc.stdout[-3000:]}")
        counts, times = read_junit(junit)
    slowest = sorted(times, key=lambda t: -t[1])[:20]
    return {"workers": workers, "full": full, "fast": fast, "exit": proc.returncode,
            "wall_s": round(wall, 1), "test_time_s": round(sum(t for _, t in times), 1), **counts,
            "slowest": [[name, round(t, 2)] for name, t in slowest]}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--workers", default="logical",
                    help="comma-separated worker counts to compare: 1 (one process), N, logical")
    ap.add_argument("--runs", type=int, default=1, help="runs of each configuration (default 1)")
    ap.add_argument("--full", action="store_true", help="every seed sweep at its full count (TABLEKIT_FULL=1)")
    ap.add_argument("--both", action="store_true", help="the sample and the full counts, side by side")
    ap.add_argument("--fast", action="store_true", help="make test-fast's selection: no browser, no server")
    ap.add_argument("--json", action="store_true", help="one JSON line per run, then one per configuration")
    ap.add_argument("pytest_args", nargs="*", help="more pytest arguments (after --)")
    args = ap.parse_args(argv)
    if args.runs < 1:
        ap.error("--runs must be 1 or more")
    workers = [w.strip() for w in args.workers.split(",") if w.strip()]
    if not workers or any(not (w.isdigit() and int(w) > 0) and w not in ("auto", "logical") for w in workers):
        ap.error("--workers takes positive whole numbers, 'auto' or 'logical', separated by commas")
    fulls = [False, True] if args.both else [args.full]
    configs = [(w, f) for f in fulls for w in workers]
    runs: dict[tuple[str, bool], list[dict]] = {c: [] for c in configs}
    for i in range(args.runs):
        for w, f in configs:
            r = run_once(w, f, args.fast, args.pytest_args)
            runs[(w, f)].append(r)
            if args.json:
                print(json.dumps({"run": i + 1, **r}), flush=True)
            else:
                print(f"run {i + 1}, workers={w}, {'full' if f else 'sample'}{', fast' if args.fast else ''}: "
                      f"{r['wall_s']} s wall, {r['tests']} tests ({r['failures']} failed, {r['errors']} errors, "
                      f"{r['skipped']} skipped), exit {r['exit']}", flush=True)
                for name, t in r["slowest"]:
                    print(f"  {t:8.2f} s  {name}")
    failed = False
    for (w, f), rs in runs.items():
        walls = [r["wall_s"] for r in rs]
        summary = {"workers": w, "full": f, "fast": args.fast, "runs": len(rs),
                   "median_wall_s": round(statistics.median(walls), 1), "min_wall_s": min(walls),
                   "max_wall_s": max(walls)}
        failed = failed or any(r["exit"] != 0 for r in rs)
        if args.json:
            print(json.dumps(summary))
        else:
            print(f"workers={w}, {'full' if f else 'sample'}: median {summary['median_wall_s']} s "
                  f"(fastest {summary['min_wall_s']} s, slowest {summary['max_wall_s']} s) over {len(rs)} run(s)")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
