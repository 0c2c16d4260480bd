"""The deploy files, checked fast (no hub started): the JupyterHub config sets what a
class needs, the Zero-to-JupyterHub values are valid YAML naming their chart version,
and binder/ installs the package itself (its dependencies stay in pyproject.toml)."""

from __future__ import annotations

import re
import tomllib

import pytest
from conftest import ROOT
from traitlets.config.loader import PyFileConfigLoader

from tablekit._voila import TEMPLATE, TEMPLATES
from tablekit.core.errors import TablekitError
from tablekit.core.yamlio import load_yaml_file
from tablekit.serve import CULL_IDLE

HUB = ROOT / "deploy" / "jupyterhub"
VALUES = ROOT / "deploy" / "kubernetes" / "values.yaml"
BINDER = ROOT / "binder"
SETTINGS = ("TABLEKIT_HUB_PORT", "TABLEKIT_HUB_IP", "TABLEKIT_HUB_IDLE_TIMEOUT", "TABLEKIT_HUB_PROXY")


def load(name: str):
    return PyFileConfigLoader(name, path=str(HUB)).load_config()


@pytest.fixture
def hub_config(monkeypatch):
    """The hub's config as a teacher who sets nothing gets it."""
    for name in SETTINGS:
        monkeypatch.delenv(name, raising=False)
    return load("jupyterhub_config.py")


def test_hub_config_sets_accounts_spawner_and_landing_page(hub_config):
    assert hub_config.JupyterHub.authenticator_class == "tmp"
    assert hub_config.Authenticator.allow_all is True
    assert hub_config.JupyterHub.spawner_class == "simple"
    assert hub_config.Spawner.default_url == "/voila/render/index.ipynb"
    assert (ROOT / "notebooks" / "index.ipynb").samefile(
        f"{hub_config.Spawner.notebook_dir}/index.ipynb")
    assert hub_config.Spawner.environment["JUPYTER_PATH"].split(":")[0] == str(TEMPLATES)
    assert hub_config.JupyterHub.port == 8000 and hub_config.JupyterHub.ip == ""


def test_hub_config_runs_the_culler_with_the_scopes_it_needs(hub_config):
    (culler,) = hub_config.JupyterHub.services
    assert culler["name"] == "idle-culler"
    assert culler["command"][1:3] == ["-m", "jupyterhub_idle_culler"]
    assert "--timeout=3600" in culler["command"] and "--cull-users=True" in culler["command"]
    (role,) = hub_config.JupyterHub.load_roles
    assert role["services"] == ["idle-culler"]
    assert {"list:users", "read:users:activity", "read:servers", "delete:servers",
            "admin:users"} <= set(role["scopes"])


def test_hub_settings_come_from_the_environment(monkeypatch):
    monkeypatch.setenv("TABLEKIT_HUB_PORT", "9001")
    monkeypatch.setenv("TABLEKIT_HUB_IP", "127.0.0.1")
    monkeypatch.setenv("TABLEKIT_HUB_IDLE_TIMEOUT", "0")
    monkeypatch.setenv("TABLEKIT_HUB_PROXY", "/opt/chp/bin/configurable-http-proxy")
    config = load("jupyterhub_config.py")
    assert config.JupyterHub.port == 9001 and config.JupyterHub.ip == "127.0.0.1"
    assert "services" not in config.JupyterHub, "an idle timeout of 0 turns the culler off"
    assert config.ConfigurableHTTPProxy.command == ["/opt/chp/bin/configurable-http-proxy"]


@pytest.mark.parametrize("name, value, least", [("TABLEKIT_HUB_IDLE_TIMEOUT", "an hour", 0),
                                                ("TABLEKIT_HUB_PORT", "0", 1), ("TABLEKIT_HUB_PORT", "-80", 1)])
def test_a_bad_hub_setting_is_named(monkeypatch, name, value, least):
    monkeypatch.setenv(name, value)
    with pytest.raises(ValueError, match=f"{name} must be a whole number of {least} or more, not '{value}'"):
        load("jupyterhub_config.py")


def test_student_server_config_is_the_offline_voila(hub_config):
    (config_arg,) = [a for a in hub_config.Spawner.args if a.startswith("--config=")]
    assert config_arg == f"--config={HUB / 'singleuser_config.py'}"
    server = load("singleuser_config.py")
    assert server.VoilaConfiguration.template == TEMPLATE
    assert (TEMPLATES / "voila" / "templates" / TEMPLATE).is_dir()
    assert server.VoilaConfiguration.strip_sources is True
    assert server.VoilaConfiguration.show_tracebacks is False
    assert server.ServerApp.tornado_settings["mathjax_url"] is None
    assert server.MappingKernelManager.cull_idle_timeout == CULL_IDLE > 0


def test_kubernetes_values_are_yaml_naming_their_chart_version():
    values = load_yaml_file(VALUES, TablekitError)
    head = VALUES.read_text().split("\n\n", 1)[0]
    assert re.search(r"chart version \d+\.\d+\.\d+", head), "the comment at the top names the chart version"
    assert values["hub"]["config"]["JupyterHub"]["authenticator_class"] == "tmp"
    assert values["cull"]["enabled"] is True and values["cull"]["users"] is True
    # repo2docker puts the repository in the home folder, the server's root
    landing = values["singleuser"]["defaultUrl"].removeprefix("/voila/render/")
    assert (ROOT / landing).is_file(), landing


def test_binder_installs_the_package_with_the_dependencies_of_pyproject():
    # binder/requirements.txt names only the package (tests/test_packaging.py): its
    # dependencies are pyproject.toml's, and its Python must be one the package accepts
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    runtime = (BINDER / "runtime.txt").read_text().strip()
    minimum = project["requires-python"].removeprefix(">=")
    assert tuple(map(int, runtime.removeprefix("python-").split("."))) >= tuple(map(int, minimum.split(".")))
    # postBuild copies the student-server settings; start puts the template on JUPYTER_PATH
    assert "deploy/jupyterhub/singleuser_config.py" in (BINDER / "postBuild").read_text()
    assert (ROOT / "deploy" / "jupyterhub" / "singleuser_config.py").is_file()
    assert "from tablekit._voila import TEMPLATES" in (BINDER / "start").read_text()
    assert (BINDER / "start").stat().st_mode & 0o111, "repo2docker runs start only when it is executable"
