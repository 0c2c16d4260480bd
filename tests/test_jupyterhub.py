"""JupyterHub as deploy/jupyterhub/jupyterhub_config.py sets it up, run for real on
this machine: three students in three browser contexts each get a temporary
account and a server of their own, and land on Voilà's rendering of the index.

The hub, its proxy (configurable-http-proxy, which `make test` installs in
.venv/node), the three single-user servers and their kernels are all stopped at
the end, and the test checks that none of them is left."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from conftest import OUTPUT, ROOT, close_tabs, free_port, is_local

from tablekit.serve import descendants, notebooks_dir
from tablekit.widgets.index import index_tiles

pytestmark = pytest.mark.server  # JupyterHub, its proxy and the students' Voilà servers

CONFIG = ROOT / "deploy" / "jupyterhub" / "jupyterhub_config.py"
LOCAL_PROXY = ROOT / ".venv" / "node" / "node_modules" / ".bin" / "configurable-http-proxy"
STUDENTS = 3
TOKEN = "tablekit-hub-test-" + os.urandom(12).hex()
START_TIMEOUT = 60  # seconds for the hub to answer
LANDING_TIMEOUT = 120  # seconds for a student's Voilà page to show its tiles
KERNEL_FREED_TIMEOUT = 20  # seconds for a closed tab's kernel to be shut down
STOP_TIMEOUT = 30  # seconds for the hub to stop its proxy, servers and kernels


def proxy_command() -> str:
    """The configurable-http-proxy the hub will run, or a failure saying how to get one."""
    found = os.environ.get("TABLEKIT_HUB_PROXY") or (str(LOCAL_PROXY) if LOCAL_PROXY.exists() else None)
    found = found or shutil.which("configurable-http-proxy")
    if not found or not (shutil.which(found) or os.access(found, os.X_OK)):
        pytest.fail("the JupyterHub test needs configurable-http-proxy (from npm): run `make test`, "
                    "which installs Node if needed and the proxy into .venv/node")
    return found


def config_with_token(folder: Path) -> Path:
    """The deploy config plus one API token, for this test to list the hub's users."""
    path = folder / "jupyterhub_test_config.py"
    path.write_text(
        f"load_subconfig({str(CONFIG)!r})\n"
        "c = get_config()  # noqa: F821\n"
        f"c.JupyterHub.services = [*c.JupyterHub.services, {{'name': 'tablekit-test', 'api_token': {TOKEN!r}}}]\n"
        "c.JupyterHub.load_roles = [*c.JupyterHub.load_roles, {'name': 'tablekit-test', "
        "'scopes': ['list:users', 'read:users', 'read:servers'], 'services': ['tablekit-test']}]\n"
        # the students' homes (/tmp/<name> for a class) in the test's own folder
        f"c.SimpleLocalProcessSpawner.home_dir_template = {str(folder / 'home' / '{username}')!r}\n")
    return path


class Hub:
    """A running JupyterHub: its public URL, its process, and every process seen under it."""

    def __init__(self, folder: Path, log) -> None:
        port, hub_port, api_port = free_port(), free_port(), free_port()
        env = {**os.environ, "TABLEKIT_HUB_IP": "127.0.0.1", "TABLEKIT_HUB_PORT": str(port),
               "TABLEKIT_HUB_PROXY": proxy_command()}
        self.url = f"http://127.0.0.1:{port}"
        if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
            # started in the background by a shell: the children would inherit the
            # ignored SIGINT, and the hub's stop would wait on its culler (about 30 s)
            signal.signal(signal.SIGINT, signal.default_int_handler)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "jupyterhub", "-f", str(config_with_token(folder)),
             f"--JupyterHub.hub_port={hub_port}",
             f"--ConfigurableHTTPProxy.api_url=http://127.0.0.1:{api_port}"],
            cwd=folder, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        self.seen: dict[int, str | None] = {}

    def api(self, path: str):
        request = urllib.request.Request(f"{self.url}/hub/api{path}", headers={"Authorization": f"token {TOKEN}"})
        with urllib.request.urlopen(request, timeout=10) as answer:
            return json.load(answer)

    def wait_ready(self) -> None:
        deadline = time.time() + START_TIMEOUT
        while True:
            if self.proc.poll() is not None:
                pytest.fail(f"JupyterHub exited with code {self.proc.returncode}; see {OUTPUT / 'jupyterhub.log'}")
            try:
                self.api("/users")
                return
            except (OSError, urllib.error.URLError):
                if time.time() > deadline:
                    pytest.fail(f"JupyterHub did not answer within {START_TIMEOUT} s; see {OUTPUT / 'jupyterhub.log'}")
                time.sleep(0.3)

    def note_processes(self) -> dict[int, str | None]:
        self.seen.update(descendants(self.proc.pid))
        return self.seen

    def wait_no_kernels(self, timeout: float) -> int:
        """Wait until no kernel is alive under the hub (or the time is up); the count then."""
        deadline = time.time() + timeout
        while (k := len(memory_by_kind(descendants(self.proc.pid))["kernel"])) and time.time() < deadline:
            time.sleep(0.5)
        return k

    def stop(self) -> list[str]:
        """Stop the hub as a teacher does (SIGTERM); the processes still alive after it exited."""
        self.note_processes()
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=STOP_TIMEOUT)
            except subprocess.TimeoutExpired:
                return ["the hub itself, still running after SIGTERM"] + self.survivors()
        deadline = time.time() + 5  # a child may still be on its way out
        while self.survivors() and time.time() < deadline:
            time.sleep(0.2)
        return self.survivors()

    def survivors(self) -> list[str]:
        return [command_line(pid) for pid, started in self.seen.items() if alive(pid, started)]

    def kill_everything(self) -> None:
        """The last resort when the test failed midway: nothing it started outlives it."""
        self.note_processes()
        for pid, started in [(self.proc.pid, None), *self.seen.items()]:
            if alive(pid, started):
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
        if self.proc.poll() is None:
            self.proc.wait(timeout=10)


def alive(pid: int, started: str | None) -> bool:
    """The process is running and is the one that was seen (not a later one with its pid)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return False
    return stat[0] != "Z" and (started is None or stat[19] == started)


def memory_by_kind(pids) -> dict[str, list[int]]:
    """Resident memory (MB) of each single-user server and each kernel, for the README's figures."""
    found: dict[str, list[int]] = {"server": [], "kernel": []}
    for pid in pids:
        try:
            cmd = Path(f"/proc/{pid}/cmdline").read_bytes()
            rss = int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * os.sysconf("SC_PAGE_SIZE")
        except (OSError, ValueError):
            continue
        kind = "server" if b"jupyterhub.singleuser" in cmd else "kernel" if b"ipykernel" in cmd else None
        if kind:
            found[kind].append(rss // 2**20)
    return found


def command_line(pid: int) -> str:
    try:
        return f"{pid}: " + Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()[:200]
    except OSError:
        return str(pid)


def student_context(browser, hub_url: str):
    """A browser context of its own (a student's machine); requests to other hosts are noted and refused."""
    ctx = browser.new_context(viewport={"width": 1200, "height": 900})
    ctx.foreign, ctx.requests = [], []

    def only_local(route):
        url = route.request.url
        ctx.requests.append(url)
        if is_local(url, hub_url):
            route.continue_()
        else:
            ctx.foreign.append(url)
            route.abort()

    ctx.route("**/*", only_local)
    return ctx


def expected_tiles() -> int:
    """The tiles the index shows as links: the games that have a notebook, and the two labs (ruling and balance)."""
    return sum("<a class='tk-tile" in tile for tile in index_tiles(notebooks_dir()))


def test_three_students_each_land_on_their_own_voila_app(browser, tmp_path):
    OUTPUT.mkdir(parents=True, exist_ok=True)
    with open(OUTPUT / "jupyterhub.log", "w") as log:
        hub = Hub(tmp_path, log)
        contexts = []
        try:
            hub.wait_ready()
            assert hub.api("/users") == [], "a fresh hub has no users"
            contexts = [student_context(browser, hub.url) for _ in range(STUDENTS)]
            pages = [ctx.new_page() for ctx in contexts]
            arrived = time.time()
            for page in pages:  # all three arrive at once; their servers start side by side
                page.goto(hub.url + "/", wait_until="commit")
            names, landed = [], []
            for page in pages:
                names.append(land_on_index(page, hub))
                landed.append(round(time.time() - arrived, 1))
            # measured and reported, never asserted
            (OUTPUT / "jupyterhub-timings.json").write_text(json.dumps(
                {"seconds_to_tiles": landed, "memory_mb": memory_by_kind(hub.note_processes())}))
            hub.note_processes()

            assert len(set(names)) == STUDENTS, f"each student is a new temporary user: {names}"
            users = {u["name"]: u for u in hub.api("/users")}
            assert sorted(users) == sorted(names), "the hub lists exactly the three students"
            assert all(users[n]["servers"][""]["ready"] for n in names), "each student's server is running"
            for ctx in contexts:
                assert ctx.foreign == [], f"pages asked another host for something: {ctx.foreign}"
                assert any("/voila/templates/tablekit/" in url for url in ctx.requests), \
                    "Voilà rendered the index with tablekit's offline template"
            assert re.search(r"200 GET /hub/api/users\S* \(idle-culler@", (OUTPUT / "jupyterhub.log").read_text()), \
                "the idle culler runs and its role lets it list the users"
            for ctx in contexts:
                close_tabs(ctx)
            # the contexts stay open meanwhile: closing one would cancel its page's shutdown post
            assert hub.wait_no_kernels(KERNEL_FREED_TIMEOUT) == 0, \
                "closing a student's tab shuts its kernel down (Voilà's page posts the shutdown)"
            for ctx in contexts:
                ctx.close()
            contexts = []
            left = hub.stop()
            assert left == [], f"processes left after the hub stopped: {left}"
        finally:
            for ctx in contexts:
                ctx.close()
            hub.kill_everything()


def land_on_index(page, hub: Hub) -> str:
    """Wait until the student's page is Voilà's rendering of the index; the student's user name."""
    page.locator("a.tk-tile").first.wait_for(timeout=LANDING_TIMEOUT * 1000)
    path = page.url.removeprefix(hub.url)
    assert path.startswith("/user/") and path.split("?")[0].endswith("/voila/render/index.ipynb"), path
    assert page.locator("a.tk-tile").count() == expected_tiles()
    assert "import GameIndex" not in page.content(), "the code cell's source is stripped"
    return path.split("/")[2]
