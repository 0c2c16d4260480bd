# JupyterHub for a class on one machine: every student who opens the hub's URL
# gets a temporary account and a Jupyter server of their own, which opens
# tablekit's index page as a Voilà app (no code showing).
#
# Run it from the repository root, with the project's .venv active:
#     jupyterhub -f deploy/jupyterhub/jupyterhub_config.py
# The hub keeps its database (jupyterhub.sqlite) and cookie secret in the folder it
# is started from. See deploy/jupyterhub/README.md.
#
# Settings a teacher may change, read from environment variables:
#   TABLEKIT_HUB_PORT          port the students' browsers open (default 8000)
#   TABLEKIT_HUB_IP            address to listen on (default: empty, every interface,
#                              so the machines of the class can reach it;
#                              127.0.0.1 keeps it to this machine)
#   TABLEKIT_HUB_IDLE_TIMEOUT  seconds a student's server may sit idle before the
#                              culler stops it and deletes the temporary user
#                              (default 3600; 0 turns the culler off)
#   TABLEKIT_HUB_PROXY         the configurable-http-proxy command (default: the one
#                              `make proxy` installs in .venv/node, else the one on PATH)
#
# All students share ONE Unix user: SimpleLocalProcessSpawner runs every student's
# server as the user the hub runs as. A student can read and change every other
# student's files (their homes are /tmp/<user name>) and the notebooks folder.

import os
import sys
from pathlib import Path

from tablekit._voila import TEMPLATES
from tablekit.serve import notebooks_dir

c = get_config()  # noqa: F821 - injected by the config loader

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
LOCAL_PROXY = REPO / ".venv" / "node" / "node_modules" / ".bin" / "configurable-http-proxy"


def setting_int(name: str, default: int, least: int = 0) -> int:
    """A whole-number setting from the environment, with a clear error for anything else."""
    text = os.environ.get(name, "").strip()
    if not text:
        return default
    if not text.isdigit() or int(text) < least:
        raise ValueError(f"{name} must be a whole number of {least} or more, not {text!r}")
    return int(text)


PORT = setting_int("TABLEKIT_HUB_PORT", 8000, least=1)
IP = os.environ.get("TABLEKIT_HUB_IP", "")
IDLE_TIMEOUT = setting_int("TABLEKIT_HUB_IDLE_TIMEOUT", 3600)
PROXY = os.environ.get("TABLEKIT_HUB_PROXY") or (str(LOCAL_PROXY) if LOCAL_PROXY.exists() else "")

# -- where students connect -------------------------------------------------------
c.JupyterHub.port = PORT
c.JupyterHub.ip = IP
if PROXY:
    c.ConfigurableHTTPProxy.command = [PROXY]

# -- temporary accounts: opening the URL logs a new student in, no password -------
c.JupyterHub.authenticator_class = "tmp"
# JupyterHub 5 and later let nobody in unless told to: every temporary user is allowed
c.Authenticator.allow_all = True

# -- one machine, one Unix user for everybody (see the note at the top) -----------
c.JupyterHub.spawner_class = "simple"
# the hub's own Python runs the students' servers, whether or not .venv is on PATH
c.Spawner.cmd = [sys.executable, "-m", "jupyterhub.singleuser"]
c.Spawner.notebook_dir = str(notebooks_dir())
# the page each student lands on: the index rendered by Voilà
c.Spawner.default_url = "/voila/render/index.ipynb"
# Voilà in the student's server: tablekit's offline template (nothing from the
# internet; its folder goes on JUPYTER_PATH), sources stripped, the error banner
# instead of tracebacks: the settings in singleuser_config.py beside this file
c.Spawner.environment = {"JUPYTER_PATH": os.pathsep.join(
    p for p in (str(TEMPLATES), os.environ.get("JUPYTER_PATH", "")) if p)}
c.Spawner.args = [f"--config={HERE / 'singleuser_config.py'}"]
if os.geteuid() == 0:
    # Jupyter refuses to run as root unless told to. A hub run as root gives every
    # student root's rights: run it as a user made for the class (README).
    c.Spawner.args.append("--allow-root")
# a class arriving at once starts many servers on few cores: give them time
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 90

# -- the idle culler: stops idle servers and deletes their temporary users --------
if IDLE_TIMEOUT:
    c.JupyterHub.services = [{
        "name": "idle-culler",
        "command": [sys.executable, "-m", "jupyterhub_idle_culler",
                    f"--timeout={IDLE_TIMEOUT}", f"--cull-every={max(1, min(60, IDLE_TIMEOUT // 2))}",
                    "--cull-users=True"],
    }]
    c.JupyterHub.load_roles = [{
        "name": "idle-culler",
        "description": "find idle servers, stop them and delete their temporary users",
        "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers",
                   "admin:users"],  # admin:users: deleting the users (--cull-users)
        "services": ["idle-culler"],
    }]
