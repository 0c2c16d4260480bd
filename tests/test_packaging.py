"""The packaging: the binder files install the same package and notebooks,
the wheel carries the data files, and the CLI works."""

from __future__ import annotations

import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import tablekit
from tablekit import cli
from tablekit.serve import voila_command

ROOT = Path(__file__).resolve().parent.parent


def _req_names(lines):
    out = {}
    for line in lines:
        line = line.split("#", 1)[0].strip()
        if line:
            name = re.split(r"[<>=!~\[ ]", line, maxsplit=1)[0].lower()
            out[name] = line.replace(" ", "")
    return out


def test_binder_installs_the_same_package_and_python():
    assert (ROOT / "binder" / "runtime.txt").read_text().strip() == "python-3.11"
    assert (ROOT / "binder" / "postBuild").stat().st_mode & 0o111, "postBuild is executable"
    # the package itself, with pyproject.toml's dependencies: nothing listed twice
    # (tests/test_deploy.py checks the rest of binder/)
    binder = _req_names((ROOT / "binder" / "requirements.txt").read_text().splitlines())
    assert binder == {".": "."}, "binder/requirements.txt installs this repository and lists nothing else"
    readme = (ROOT / "README.md").read_text()
    assert "urlpath=voila%2Ftree%2Fnotebooks" in readme


def test_wheel_carries_cards_notebooks_rulings_and_css(tmp_path):
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(ROOT)],
                   check=True, capture_output=True)
    wheel = next(tmp_path.glob("tablekit-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    for nb in (ROOT / "notebooks").glob("*.ipynb"):
        assert f"tablekit/_data/notebooks/{nb.name}" in names
    for gid in tablekit.games():
        assert f"tablekit/_data/cards/{gid}.yaml" in names
        assert f"tablekit/_data/rulings/{gid}.md" in names
    assert "tablekit/widgets/style.css" in names
    assert {"tablekit/widgets/board.js", "tablekit/widgets/board.css"} <= names  # the board's drawing


def test_cli_games_and_play(capsys):
    assert cli.main(["games"]) == 0
    assert "creatures" in capsys.readouterr().out
    assert cli.main(["play", "creatures", "--players", "Ana,Bo", "--seed", "4", "--bots", "heuristic"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Game prep › Deal the Kings:")
    assert out[-2].startswith("Scores: ") and out[-1].startswith("Winners: ")


def test_cli_play_json_lines(capsys):
    import json

    assert cli.main(["play", "creatures", "--players", "2", "--seed", "4", "--json"]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert lines[0]["index"] == 0 and lines[0]["path"] == ["Game prep", "Deal the Kings"]
    assert "result" in lines[-1] and lines[-1]["result"]["winners"]


def test_cli_errors_are_one_line(capsys):
    assert cli.main(["play", "nope"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tablekit: no game 'nope'") and "Traceback" not in err
    assert cli.main(["play", "creatures", "--players", "9"]) == 2
    assert "2 to 4 players" in capsys.readouterr().err


def test_serve_command_line():
    cmd = voila_command(port=9001, pool_size=3, cull_idle=600)
    assert cmd[1:3] == ["-m", "tablekit._voila"] and cmd[3].endswith("notebooks")
    for flag in ("--no-browser", "--port=9001", "--Voila.ip=127.0.0.1", "--template=tablekit",
                 "--strip_sources=True", "--preheat_kernel=True", "--pool_size=3",
                 "--MappingKernelManager.cull_idle_timeout=600"):
        assert flag in cmd
    one = voila_command("creatures.ipynb")
    assert one[3].endswith("creatures.ipynb")
    with pytest.raises(tablekit.TablekitError, match="no notebook"):
        voila_command("nope.ipynb")


def test_the_index_links_only_to_pages_that_exist():
    """Every game gets a tile on the index; a game whose page is still to come gets
    no link (a link to a missing notebook would be a 404 in Voilà)."""
    from tablekit.widgets.index import game_tiles
    folder = ROOT / "notebooks"
    tiles = game_tiles(folder)
    assert len(tiles) == len(tablekit.games())
    for gid, tile in zip(tablekit.games(), tiles):
        has_page = (folder / f"{gid}.ipynb").exists()
        assert (f"href='{gid}.ipynb'" in tile) == has_page, gid
        assert ("still to come" in tile) != has_page, gid
