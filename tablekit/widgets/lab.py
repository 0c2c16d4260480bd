"""The ruling lab: open a scenario file, play it in a sandbox, see whether
the rules do what the file expects, and build new scenarios by hand.

Scenario files come from the project's scenarios/ folder (chosen from a
list, never by typing a path) or from the reader's own computer through an
upload. An uploaded file is read from memory, size-limited, parsed safely
and never written to disk. Any problem with a file shows in the banner,
naming the file and the line.
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as W

from ..core.cards import data_path
from ..core.engine import Game
from ..core.errors import ScenarioError, TablekitError
from ..core.registry import registry
from ..core.scenario import MAX_BYTES, Outcome, build, parse, run
from ..core.yamlio import decode_utf8
from .builder import ScenarioBuilder
from .guard import Guarded
from .lazy import LazySection
from .sandbox import SEAT_ALL, Sandbox
from .search import rule_html
from .style import style_html

MAX_UPLOAD = 100_000  # bytes: a scenario file is a few kilobytes
NO_FILE = "__none__"


def scenarios_dir() -> Path:
    """The scenarios folder: the source tree's, or the copy inside the installed package."""
    here = Path(__file__).resolve().parent.parent
    for candidate in (here.parent / "scenarios", here / "_data" / "scenarios"):
        if candidate.is_dir():
            return candidate
    return data_path("scenarios", "")


def scenario_files(root: Path | None = None) -> list[Path]:
    """Every scenario file (.yaml, .yml) under the folder, sorted by game then name."""
    root = scenarios_dir() if root is None else Path(root)
    if not root.is_dir():
        return []
    return sorted(p for p in root.rglob("*") if p.suffix in (".yaml", ".yml") and p.is_file())


def _value_text(v: Any) -> str:
    if isinstance(v, dict):
        return ", ".join(f"{k}: {_value_text(x)}" for k, x in v.items())
    if isinstance(v, list):
        return "[" + ", ".join(_value_text(x) for x in v) + "]"
    return str(v)


def results_table(outcomes: list[Outcome]) -> str:
    """The expectations of a scenario as an HTML table, said in words (✓ holds / ✗ fails)."""
    if not outcomes:
        return "<div class='tk-help'>This scenario states no expectations.</div>"
    held = sum(o.passed for o in outcomes)
    rows = []
    for i, o in enumerate(outcomes, 1):
        verdict = ("<td class='tk-pass'>✓ holds</td>" if o.passed else "<td class='tk-fail'>✗ fails</td>")
        rows.append(f"<tr><td>{i}</td><td>{escape(o.what)}</td>{verdict}"
                    f"<td>{escape(_value_text(o.expected))}</td><td>{escape(_value_text(o.actual))}</td>"
                    f"<td>{o.line or ''}</td></tr>")
    summary = (f"<div class='tk-status'><b>{held} of {len(outcomes)} expectation"
               f"{'s' if len(outcomes) != 1 else ''} hold{'s' if held == 1 else ''}</b>"
               f"{'' if held == len(outcomes) else ' — the rules do not do what the file expects'}.</div>")
    return (summary + "<table class='tk-results'><thead><tr><th>#</th><th>Expectation</th><th>Result</th>"
            "<th>Expected</th><th>Found</th><th>Line</th></tr></thead><tbody>" + "".join(rows) +
            "</tbody></table>")


class RulingLab(Guarded, W.VBox):
    """Pick a scenario file (or upload one), see it in a sandbox at its start
    and the result of each of its expectations; build new ones below.

    `root` is the folder to list (default: `scenarios_dir()`); `select_first`
    opens the first file at once."""

    def __init__(self, root: Path | str | None = None, select_first: bool = True,
                 max_upload: int = MAX_UPLOAD):
        super().__init__()
        self.add_class("tk-app")
        self.add_class("tk-lab")
        self.root = scenarios_dir() if root is None else Path(root)
        self.max_upload = max_upload
        self.files = scenario_files(self.root)
        self.data: dict | None = None
        self.name: str | None = None
        self.outcomes: list[Outcome] = []
        self.sandbox: Sandbox | None = None
        self.builder: ScenarioBuilder | None = None
        self._quiet = False

        self.banner = self._make_banner()
        options = [("— choose a scenario file —", NO_FILE)]
        options += [(self._label(p), str(p)) for p in self.files]
        self.picker = W.Dropdown(options=options, value=NO_FILE, description="Scenario",
                                 layout=W.Layout(width="auto"))
        self.picker.observe(self._guard(self._on_pick), names="value")
        self.upload = W.FileUpload(accept=".yaml,.yml", multiple=False,
                                   description="Open my own file", layout=W.Layout(width="auto"))
        self.upload.observe(self._guard(self._on_upload), names="value")
        found = (f"{len(self.files)} scenario file{'s' if len(self.files) != 1 else ''} in the "
                 f"project's scenarios folder." if self.files else
                 "No scenario files were found in the project's scenarios folder.")
        self.help = W.HTML(f"<div class='tk-help'>{escape(found)} Or open one of your own "
                           f"(.yaml, up to {self.max_upload // 1000} kB): it is read in memory, "
                           "never stored.</div>")
        self.info = W.HTML("")
        self.results = W.HTML("")
        self.results.add_class("tk-results-box")
        self.sandbox_box = W.VBox([])
        self.builder_section = LazySection("Build a scenario by hand", self._make_builder_area)
        self.children = [style_html(), W.HTML("<div class='tk-title'>Ruling lab</div>"), self.banner,
                         W.HBox([self.picker, self.upload], layout=W.Layout(flex_flow="row wrap")),
                         self.help, self.info,
                         W.HTML("<div class='tk-section'>What the file expects, after running it</div>"),
                         self.results,
                         W.HTML("<div class='tk-section'>The position at the scenario's start</div>"),
                         self.sandbox_box, self.builder_section]
        if select_first and self.files:
            self.picker.value = str(self.files[0])

    def _label(self, p: Path) -> str:
        try:
            return p.relative_to(self.root).as_posix()
        except ValueError:  # pragma: no cover - files come from under the root
            return p.name

    # -- loading ---------------------------------------------------------------
    def clear(self) -> None:
        self.data = self.name = None
        self.outcomes = []
        self.sandbox = None
        self.info.value = ""
        self.results.value = ""
        self.sandbox_box.children = []

    def _on_pick(self) -> None:
        if self._quiet:
            return
        value = self.picker.value
        if value == NO_FILE:
            self.clear()
            return
        path = Path(value)
        if path not in self.files:  # only the listed files can be opened
            raise TablekitError("that file is not one of the listed scenario files")
        self.open_file(path)

    def open_file(self, path: Path) -> None:
        """Open one of the listed scenario files."""
        name = self._label(path)
        try:
            size = path.stat().st_size
        except OSError as exc:
            raise ScenarioError(f"{name}: cannot read the file ({exc.strerror})") from None
        if size > MAX_BYTES:
            raise ScenarioError(f"{name}: the file is {size} bytes; a scenario may have {MAX_BYTES}")
        self.load_text(decode_utf8(path.read_bytes(), name, ScenarioError), name)

    def _on_upload(self) -> None:
        files = self.upload.value
        if not files:
            return
        f = files[0]
        try:
            self.load_upload(f)
        finally:
            self.upload.value = ()  # the same file can be opened again after a fix

    def load_upload(self, f: dict) -> None:
        """Open a file from the FileUpload widget (a dict with name, size and content)."""
        name = Path(str(f.get("name") or "uploaded.yaml")).name
        content = f.get("content")
        size = f.get("size")
        n = len(content) if content is not None else 0
        size = max(size if isinstance(size, int) else 0, n)
        self.clear()
        self._quiet = True
        try:
            self.picker.value = NO_FILE
        finally:
            self._quiet = False
        if not name.lower().endswith((".yaml", ".yml")):
            raise ScenarioError(f"{name}: a scenario file ends in .yaml or .yml")
        if size > self.max_upload:
            raise ScenarioError(f"{name}: the file is {size} bytes; the lab opens files of up to "
                                f"{self.max_upload} bytes")
        try:
            data = bytes(content)
        except TypeError:
            raise ScenarioError(f"{name}: the upload is not a file's bytes") from None
        text = decode_utf8(data, name, ScenarioError)
        self.load_text(text, name)

    def load_text(self, text: str, name: str) -> Game:
        """Parse a scenario text, show it in a sandbox at its start, run it and
        show each expectation's result. Returns the game at the start."""
        self.clear()
        data = parse(text, name)
        game = build(data, name)
        self.data, self.name = data, name
        gid = data["game"]
        title = str(data.get("title") or name)
        desc = str(data.get("description") or "")
        ruling = data.get("ruling")
        parts = [f"<div class='tk-title'>{escape(title)}</div>",
                 f"<div class='tk-help'>{escape(name)} · {escape(game.gamedef.title)} · players "
                 f"{escape(', '.join(game.players))} · seed {game.state.seed}</div>"]
        if desc:
            parts.append(f"<p>{escape(desc)}</p>")
        if isinstance(ruling, str) and ruling:
            parts.append(rule_html(gid, ruling))
        script = data.get("decisions") or []
        if script:
            steps = "".join(f"<li>{escape(str(d.get('player')))} chooses "
                            f"{escape(', '.join(d.get('choose') or []) or 'nothing')}</li>" for d in script)
            parts.append(f"<div class='tk-help'>Scripted decisions, in order:<ol>{steps}</ol></div>")
        self.info.value = "".join(parts)
        self.sandbox = Sandbox(game, seat=SEAT_ALL, title=f"{title}: the start")
        self.sandbox_box.children = [self.sandbox]
        try:
            _, self.outcomes = run(data, name)
        except TablekitError as exc:
            self.results.value = ("<div class='tk-fail'>The scenario could not be run to its end, "
                                  "so its expectations were not checked.</div>")
            raise ScenarioError(str(exc)) from None
        self.results.value = results_table(self.outcomes)
        return game

    # -- the builder -------------------------------------------------------------
    def _make_builder_area(self) -> W.Widget:
        games = list(registry())
        gid = self.data["game"] if self.data else (games[0] if games else None)
        if gid is None:
            raise TablekitError("no game is registered")
        self.builder_game = W.Dropdown(options=[(registry()[g].title, g) for g in games], value=gid,
                                       description="Game", layout=W.Layout(width="auto"))
        self.new_builder_button = W.Button(description="New builder for this game",
                                           layout=W.Layout(width="auto"),
                                           tooltip="Start a builder from an empty table of the chosen game")
        self.edit_button = W.Button(description="Edit the scenario shown above", layout=W.Layout(width="auto"),
                                    tooltip="Start a builder from the start of the scenario loaded above")
        self.new_builder_button.on_click(self._guard(self.new_builder))
        self.edit_button.on_click(self._guard(self.edit_in_builder))
        self.builder_box = W.VBox([])
        self.new_builder()
        return W.VBox([W.HBox([self.builder_game, self.new_builder_button, self.edit_button],
                              layout=W.Layout(flex_flow="row wrap")), self.builder_box])

    def new_builder(self) -> None:
        self.builder = ScenarioBuilder(self.builder_game.value)
        self.builder_box.children = [self.builder]

    def edit_in_builder(self) -> None:
        if self.data is None or self.name is None:
            raise TablekitError("open a scenario first")
        game = build(self.data, self.name)
        self.builder = ScenarioBuilder(game, title=str(self.data.get("title") or ""),
                                       description=str(self.data.get("description") or ""))
        self.builder_box.children = [self.builder]
        self.builder_game.value = game.id
