"""The balance lab: play many seeded bot games of one game (or the same seeds
under two settings) in a background thread, and show what they say: win rate
by seat position and by the game's own per-seat facts, how games end, how long
they last, as HTML tables and matplotlib plots (PNG in an Image widget).

`tablekit.simulate` and `tablekit.compare` do the playing; the lab takes them
as arguments (the real ones by default, imported when a run starts), so a test
can give it a small stand-in that keeps the same contract. Under Voilà (a page
served to a class) a run uses one process by default and plays at most
`MAX_GAMES_SERVED` games, so one student's run cannot starve the others.
pandas and matplotlib are imported only when a run starts (in its thread, while the first
games play), so the results show at once when the run ends or is cancelled.
"""

from __future__ import annotations

import io
import os
import re
import threading
import time
from dataclasses import dataclass, field
from html import escape
from typing import Any, Callable

import ipywidgets as W

from ..core.errors import TablekitError
from ..core.registry import get_game, registry
from .guard import Guarded
from .style import style_html

MAX_GAMES_SERVED = 2_000    # games a run may play on a page served by Voilà (a class shares the machine)
MAX_GAMES_LAB = 100_000     # games a run may play in JupyterLab
BOT_KINDS = ("random", "heuristic", "coach")  # the coach bot with its 16 playouts of each answer
PER_SEAT = "per_seat"
NO_VARIANT = "__none__"
SEAT_COLUMNS = ("name", "bot", "score", "won")
_KEY = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
_INT = re.compile(r"[+-]?[0-9]{1,18}")


def in_voila() -> bool:
    """Whether this kernel was started by Voilà (it sets VOILA_KERNEL_ID in every kernel it runs)."""
    return "VOILA_KERNEL_ID" in os.environ


def games_cap() -> int:
    return MAX_GAMES_SERVED if in_voila() else MAX_GAMES_LAB


def default_workers() -> int:
    return 1 if in_voila() else (os.cpu_count() or 1)


def parse_options(text: str) -> dict[str, int | bool | str]:
    """Options written as `key=value`, separated by commas or new lines: a whole
    number, true/false, or text (never evaluated). The game checks keys and values."""
    out: dict[str, int | bool | str] = {}
    for item in re.split(r"[,\n]", text):
        item = item.strip()
        if not item:
            continue
        key, sep, value = (part.strip() for part in item.partition("="))
        if not sep or not _KEY.fullmatch(key) or not value or not value.isprintable() or len(value) > 200:
            raise TablekitError(f"options are key=value, separated by commas (such as max_rounds=50), "
                                f"not {item[:60]!r}")
        if key == "rulings":
            raise TablekitError("choose the reading of a ruling in its own list, not in the options text")
        if key in out:
            raise TablekitError(f"the option {key!r} is given twice")
        out[key] = int(value) if _INT.fullmatch(value) else (value == "true") if value in ("true", "false") \
            else value
    return out


def run_args(setting: dict[str, Any]) -> dict[str, Any]:
    """A setting (variant, options, players, bots, rulings) as `simulate` takes it:
    the rulings merged into options["rulings"]."""
    args = {k: v for k, v in setting.items() if k in ("variant", "players", "bots") and v is not None}
    options = dict(setting.get("options") or {})
    if setting.get("rulings"):
        options["rulings"] = {**options.get("rulings", {}), **setting["rulings"]}
    if options:
        args["options"] = options
    return args


@dataclass(frozen=True)
class Request:
    """One run of the lab: `games` seeded games of `game` under setting `a`, or
    the same seeds under `a` and under `b` (a comparison)."""

    game: str
    games: int
    players: int | None = None
    bots: str | tuple[str, ...] = "random"
    seed: int = 0
    workers: int = 1
    a: dict[str, Any] = field(default_factory=dict)
    b: dict[str, Any] | None = None

    @property
    def total(self) -> int:
        """Games played in all: a comparison plays every seed twice."""
        return self.games * (1 if self.b is None else 2)

    def common(self) -> dict[str, Any]:
        out: dict[str, Any] = {"bots": list(self.bots) if isinstance(self.bots, tuple) else self.bots,
                               "seed": self.seed, "workers": self.workers}
        if self.players is not None:
            out["players"] = self.players
        return out

    def execute(self, simulate: Callable, compare: Callable, progress: Callable[[int, int], None],
                cancel: threading.Event) -> Any:
        common = {**self.common(), "progress": progress, "cancel": cancel}
        if self.b is None:
            return simulate(self.game, games=self.games, **{**common, **run_args(self.a)})
        return compare(self.game, self.a, self.b, games=self.games, **common)

    def check(self) -> None:
        """Refuse a run the game would refuse (a bad variant, option or player count)
        before any game is played: one table is set up for each setting, none played."""
        import tablekit

        for setting in (self.a, self.b) if self.b is not None else (self.a,):
            args = run_args(setting)
            tablekit.new_game(self.game, players=args.get("players", self.players), seed=self.seed,
                              variant=args.get("variant"), options=args.get("options"))


# -- showing them --------------------------------------------------------------------------------------

TABLE_TITLES = {"by_position": "Win rate by seat position (95% interval)",
                "by_fact": "Win rate by the game's own facts about each seat",
                "endings": "How the games ended", "lengths": "Game length, percentiles",
                "bots": "The bots that played, and how often anyone won (95% interval)"}


def table_html(df) -> str:
    return df.to_html(index=False, classes="tk-balance-table", border=0, na_rep="–",
                      float_format=lambda x: f"{x:.3f}")


def tables_html(tables: dict[str, Any], heading: str = "") -> str:
    parts = [f"<div class='tk-section'>{escape(heading)}</div>"] if heading else []
    for key, title in TABLE_TITLES.items():
        if tables.get(key) is not None and len(tables[key]):
            parts.append(f"<div class='tk-balance-caption'><b>{escape(title)}</b></div>{table_html(tables[key])}")
    return "".join(parts)


def lengths_of(df):
    """Each game's length in rounds, or in records for a game without rounds (its name, the numbers)."""
    import pandas as pd

    rounds = pd.to_numeric(df["rounds"], errors="coerce").dropna()
    return ("rounds", rounds) if len(rounds) else ("records", pd.to_numeric(df["records"], errors="coerce"))


def _load_plotting() -> None:
    """Import what the results need (pandas, matplotlib's Figure): once, as a run starts."""
    import matplotlib.figure  # noqa: F401
    import pandas  # noqa: F401

    from .. import balance  # noqa: F401


def _png(fig) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=90)
    return buf.getvalue()


def _errors(t) -> list[list[float]]:
    """The error bars of win rates: never below 0 (Wilson's bound of a rate of 0 or 1 can
    lie a rounding error past the rate, which matplotlib refuses)."""
    return [list((t["win_rate"] - t["ci_low"]).clip(lower=0)), list((t["ci_high"] - t["win_rate"]).clip(lower=0))]


def plot_run(df, tables: dict[str, Any]) -> bytes:
    """Win rate by seat position with its interval, the length histogram, and the
    first per-seat fact's win rates, as one PNG (a Figure of its own, no pyplot)."""
    from matplotlib.figure import Figure

    by_fact = tables.get("by_fact")
    if by_fact is not None and not len(by_fact):
        by_fact = None
    fig = Figure(figsize=(12 if by_fact is not None else 8.5, 3.6), layout="constrained")
    axes = fig.subplots(1, 3 if by_fact is not None else 2)
    pos = tables["by_position"]
    labels = [f"{p}p seat {k}" for p, k in zip(pos["players"], pos["position"])]
    axes[0].bar(labels, pos["win_rate"], yerr=_errors(pos), capsize=4, color="#4a78b5", edgecolor="black")
    axes[0].set(title="Win rate by seat position", ylabel="win rate (95% interval)", ylim=(0, 1))
    axes[0].tick_params(axis="x", rotation=45)
    col, lengths = lengths_of(df)
    axes[1].hist(lengths, bins=30, color="#888", edgecolor="black")
    axes[1].set(title=f"Game length ({col})", xlabel=col, ylabel="games")
    if by_fact is not None:
        first = by_fact[by_fact["fact"] == by_fact["fact"].iloc[0]]
        axes[2].bar([str(v) for v in first["value"]], first["win_rate"], yerr=_errors(first), capsize=4,
                    color="#6a9a5b", edgecolor="black")
        axes[2].set(title=f"Win rate by {first['fact'].iloc[0]}", ylim=(0, 1))
        axes[2].tick_params(axis="x", rotation=45)
    return _png(fig)


def plot_comparison(a, b, ta: dict[str, Any], tb: dict[str, Any]) -> bytes:
    """Each seat position's win rate under A and under B side by side (B hatched,
    and named in the legend), each with its interval; and both length histograms."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=(10, 3.6), layout="constrained")
    left, right = fig.subplots(1, 2)
    pa, pb = ta["by_position"], tb["by_position"]
    labels = sorted(set(zip(pa["players"], pa["position"])) | set(zip(pb["players"], pb["position"])))
    xs = range(len(labels))
    for shift, t, name, hatch in ((-0.2, pa, "A", ""), (0.2, pb, "B", "//")):
        t = t.set_index(["players", "position"]).reindex(labels)
        left.bar([x + shift for x in xs], t["win_rate"], width=0.4, yerr=_errors(t), capsize=3, label=name,
                 hatch=hatch, color="#4a78b5" if name == "A" else "#e0a040", edgecolor="black")
    left.set_xticks(list(xs), [f"{p}p seat {k}" for p, k in labels], rotation=45)
    left.set(title="Win rate by seat position, A and B", ylabel="win rate (95% interval)", ylim=(0, 1))
    left.legend()
    (col, la), (col_b, lb) = lengths_of(a), lengths_of(b)
    if col != col_b:                                  # one setting without rounds: compare records
        col, la, lb = "records", *(lengths_of(df.assign(rounds=None))[1] for df in (a, b))
    for lengths, name, style in ((la, "A", "solid"), (lb, "B", "dashed")):
        right.hist(lengths, bins=30, histtype="step", linestyle=style, linewidth=2, label=name)
    right.set(title=f"Game length ({col}), A and B", xlabel=col, ylabel="games")
    right.legend()
    return _png(fig)


# -- the run: a background thread, its progress, its cancel ------------------------------------------------

class Progress:
    """The progress callback: maps `(done, total)` of one or two runs (a comparison)
    onto the bar, at most every `every` seconds (and always at the end)."""

    def __init__(self, view: RunView, total: int, every: float = 0.1):
        self.view, self.total, self.every = view, total, every
        self.offset = self.last = self.done = 0
        self.last_total = 0
        self.shown_at = 0.0

    def __call__(self, done: int, total: int) -> None:
        if done < self.last:                      # the second run of a comparison starts again from 0
            self.offset += self.last_total
        self.last, self.last_total = done, total
        self.done = min(self.offset + done, self.total)
        now = time.monotonic()
        if now - self.shown_at >= self.every or self.done == self.total:
            self.shown_at = now
            self.view.show_progress(self.done)


def games_words(n: int) -> str:
    return f"{n:,} game{'s' if n != 1 else ''}"


class RunView(Guarded, W.VBox):
    """A run's progress bar, Cancel button and results. `start(request)` plays it in a
    background thread (never in a click's callback); `wait()` joins it."""

    def __init__(self, simulate: Callable | None = None, compare: Callable | None = None,
                 on_done: Callable[[], None] | None = None):
        super().__init__()
        self.add_class("tk-balance-run")
        self.simulate_fn, self.compare_fn, self._on_done = simulate, compare, on_done
        self.thread: threading.Thread | None = None
        self.cancel_event = threading.Event()
        self.request: Request | None = None
        self.result: Any = None
        self.tables: dict[str, Any] = {}
        self.banner = self._make_banner()
        self.bar = W.IntProgress(value=0, min=0, max=1, description="Games", layout=W.Layout(width="360px"))
        self.bar.add_class("tk-balance-bar")
        self.status = W.HTML("<div class='tk-status'>Nothing run yet.</div>")
        self.status.add_class("tk-balance-status")
        self.cancel_button = W.Button(description="Cancel", disabled=True, icon="stop",
                                      tooltip="Stop the run: no new games start, the finished ones are kept")
        self.cancel_button.add_class("tk-balance-cancel")
        self.cancel_button.on_click(self._guard(self.cancel))
        self.tables_html = W.HTML("")
        self.tables_html.add_class("tk-balance-tables")
        self.plot = W.Image(format="png", value=b"", layout=W.Layout(max_width="100%", display="none"))
        self.plot.add_class("tk-balance-plot")
        self.children = [self.banner, W.HBox([self.bar, self.cancel_button]), self.status, self.plot,
                         self.tables_html]

    @property
    def running(self) -> bool:
        return self.thread is not None and self.thread.is_alive()

    def start(self, request: Request) -> None:
        if self.running:
            raise TablekitError("a run is still going: wait for it, or cancel it first")
        self.request, self.result, self.tables = request, None, {}
        self.cancel_event = threading.Event()
        self.bar.max, self.bar.value = request.total, 0
        self.bar.bar_style = ""
        self.tables_html.value, self.plot.value, self.plot.layout.display = "", b"", "none"
        self.banner.value = ""
        self.show_progress(0)
        self.cancel_button.disabled = False
        self.thread = threading.Thread(target=self._play, args=(request, Progress(self, request.total)),
                                       name="tablekit-balance", daemon=True)
        self.thread.start()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the run to end (True when it has)."""
        if self.thread is not None:
            self.thread.join(timeout)
        return not self.running

    def cancel(self) -> None:
        if not self.running:
            raise TablekitError("no run is going")
        self.cancel_button.disabled = True
        self.status.value = "<div class='tk-status'>Cancelling: no new games start…</div>"
        self.cancel_event.set()                   # after the words: the run's last words come after these

    def show_progress(self, done: int) -> None:
        total = self.request.total if self.request else 0
        self.bar.value = done
        self.status.value = f"<div class='tk-status'>{done:,} of {games_words(total)} played…</div>"

    def _functions(self) -> tuple[Callable, Callable]:
        if self.simulate_fn is not None and self.compare_fn is not None:
            return self.simulate_fn, self.compare_fn
        import tablekit

        return self.simulate_fn or tablekit.simulate, self.compare_fn or tablekit.compare

    def _play(self, request: Request, progress: Progress) -> None:
        try:
            simulate, compare = self._functions()
            _load_plotting()
            self.result = request.execute(simulate, compare, progress, self.cancel_event)
            self._show(request, self.result)
        except TablekitError as exc:
            self.show_error(str(exc))
            self.status.value = "<div class='tk-status'>The run stopped with an error (see above).</div>"
        except Exception as exc:  # noqa: BLE001 - shown in the banner, never lost in the thread
            self.show_error(f"Internal error: {type(exc).__name__}: {exc}")
            self.status.value = "<div class='tk-status'>The run stopped with an error (see above).</div>"
        finally:
            self.cancel_button.disabled = True
            if self._on_done is not None:
                self._on_done()

    def _show(self, request: Request, result: Any) -> None:
        frames = [result] if request.b is None else [result.a, result.b]
        played = sum(len(df) for df in frames)
        cancelled = self.cancel_event.is_set() or any(df.attrs.get("cancelled") for df in frames)
        self.bar.value = played
        if cancelled:
            self.bar.bar_style = "warning"
            words = f"Cancelled after {games_words(played)} of {request.total:,}."
        else:
            self.bar.bar_style = "success"
            words = f"Done: {played:,} of {games_words(request.total)} played (seeds {request.seed} to " \
                    f"{request.seed + request.games - 1})."
        if all(len(df) for df in frames):
            self._show_results(request, result)
        # the status comes last: when it says "Done", the tables and the plot are on the page
        self.status.value = f"<div class='tk-status'><b>{escape(words)}</b></div>"

    def _show_results(self, request: Request, result: Any) -> None:
        from ..balance import summary, weak_bots  # pandas: imported when a run's results are shown

        frames = [result] if request.b is None else [result.a, result.b]
        warnings = [w for w in (weak_bots(df) for df in frames) if w]
        warned = "".join(f"<div class='tk-banner tk-weak-bots' role='note'>{escape(w)}</div>"
                         for w in dict.fromkeys(warnings))
        if request.b is None:
            self.tables = summary(result)
            self.tables_html.value = warned + tables_html(self.tables)
            self.plot.value = plot_run(result, self.tables)
        else:
            ta, tb = summary(result.a), summary(result.b)
            self.tables = {"comparison": result.table, "a": ta, "b": tb}
            self.tables_html.value = warned + (
                "<div class='tk-section'>A and B side by side (diff = B − A, with a 95% interval for each "
                "win-rate difference)</div>" + result.table.to_html(classes="tk-balance-table", border=0,
                                                                    na_rep="–", float_format=lambda x: f"{x:.3f}")
                + tables_html(ta, "Setting A") + tables_html(tb, "Setting B"))
            self.plot.value = plot_comparison(result.a, result.b, ta, tb)
        self.plot.layout.display = ""


# -- the lab's controls --------------------------------------------------------------------------------------

class SettingBox(W.VBox):
    """One setting to run (A or B): a variant, options as key=value text, and the reading
    of each ruling the game has two readings of."""

    def __init__(self, game: str, name: str):
        super().__init__()
        self.add_class("tk-balance-setting")
        gd = get_game(game)
        self.variant = W.Dropdown(options=[("(none: the standard game)", NO_VARIANT)] +
                                  [(v, v) for v in gd.variants], value=NO_VARIANT, description="Variant",
                                  layout=W.Layout(width="auto"))
        known = ", ".join(gd.options) or "this game has none"
        self.options = W.Text(value="", description="Options", placeholder="key=value, key=value",
                              tooltip=f"The game's options: {known}", layout=W.Layout(width="320px"))
        self.rulings = {rid: W.Dropdown(options=list(readings), value=next(iter(readings)), description=rid,
                                        layout=W.Layout(width="auto"), style={"description_width": "initial"})
                        for rid, readings in gd.ruling_variants.items()}
        self.children = [W.HTML(f"<b>Setting {escape(name)}</b>"), self.variant, self.options,
                         W.HTML(f"<div class='tk-help'>Options of this game: {escape(known)}</div>"),
                         *self.rulings.values()]

    def setting(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.variant.value != NO_VARIANT:
            out["variant"] = self.variant.value
        options = parse_options(self.options.value)
        if options:
            out["options"] = options
        if self.rulings:
            out["rulings"] = {rid: d.value for rid, d in self.rulings.items()}
        return out


class BalanceLab(Guarded, W.VBox):
    """Pick a game, its players and bots, a number of games and a seed, one setting
    (or two to compare), then Run: the games play in the background, the bar moves,
    Cancel stops them, and the tables and plots show what they found. Building it
    plays no game. `simulate`/`compare` default to `tablekit.simulate`/`tablekit.compare`."""

    def __init__(self, simulate: Callable | None = None, compare: Callable | None = None, game: str | None = None):
        super().__init__()
        self.add_class("tk-app")
        self.add_class("tk-balance")
        self.served = in_voila()
        self.cap = games_cap()
        self.banner = self._make_banner()
        games = list(registry())
        self.game = W.Dropdown(options=[(registry()[g].title, g) for g in games],
                               value=game if game in games else games[0], description="Game",
                               layout=W.Layout(width="auto"))
        self.players = W.Dropdown(description="Players", layout=W.Layout(width="auto"))
        self.bots = W.Dropdown(options=[("random, every seat", "random"), ("heuristic, every seat", "heuristic"),
                                        ("one kind per seat", PER_SEAT)], value="random", description="Bots",
                               layout=W.Layout(width="auto"))
        self.seat_bots = W.HBox([], layout=W.Layout(flex_flow="row wrap"))
        self.games = W.IntText(value=min(200, self.cap), description="Games", layout=W.Layout(width="180px"))
        self.games_note = W.HTML("")
        self.seed = W.IntText(value=0, description="First seed", layout=W.Layout(width="180px"),
                              style={"description_width": "initial"})
        self.workers = W.IntText(value=default_workers(), description="Processes", layout=W.Layout(width="180px"))
        self.compare = W.Checkbox(value=False, description="Compare A and B (the same seeds under both)",
                                  indent=False, layout=W.Layout(width="auto"))
        self.settings = W.HBox([], layout=W.Layout(flex_flow="row wrap"))
        self.run_button = W.Button(description="Run", button_style="primary", icon="play",
                                   tooltip="Play the games in the background")
        self.run_button.add_class("tk-balance-run-button")
        self.run_button.on_click(self._guard(self.run))
        self.view = RunView(simulate, compare, on_done=self._finished)
        self.game.observe(self._guard(self._on_game), names="value")
        self.players.observe(self._guard(self._show_seat_bots), names="value")
        self.bots.observe(self._guard(self._show_seat_bots), names="value")
        for box in (self.games, self.compare):
            box.observe(self._guard(self._note_games), names="value")
        self.compare.observe(self._guard(self._show_settings), names="value")
        where = ("a page served to a class: one process by default, and at most "
                 f"{MAX_GAMES_SERVED:,} games a run" if self.served else
                 f"JupyterLab: one process per core by default, at most {MAX_GAMES_LAB:,} games a run")
        self.children = [
            style_html(), W.HTML("<div class='tk-title'>Balance lab</div>"), self.banner,
            W.HTML(f"<div class='tk-help'>Bots play seeded games (game i has seed first seed + i), so the "
                   f"same choices give the same numbers. Here: {escape(where)}.</div>"),
            W.HBox([self.game, self.players, self.bots], layout=W.Layout(flex_flow="row wrap")), self.seat_bots,
            W.HBox([self.games, self.seed, self.workers], layout=W.Layout(flex_flow="row wrap")), self.games_note,
            self.compare, self.settings, W.HBox([self.run_button]), self.view]
        self._on_game()

    # -- the controls follow the game --------------------------------------------------------------------
    def _on_game(self) -> None:
        gd = get_game(self.game.value)
        self.players.options = [(str(n), n) for n in range(gd.min_players, gd.max_players + 1)]
        self.players.value = gd.default_players
        self.setting_a, self.setting_b = SettingBox(gd.id, "A"), SettingBox(gd.id, "B")
        self._show_settings()
        self._show_seat_bots()
        self._note_games()

    def _show_settings(self) -> None:
        self.settings.children = [self.setting_a] + ([self.setting_b] if self.compare.value else [])

    def _show_seat_bots(self) -> None:
        if self.bots.value != PER_SEAT or self.players.value is None:
            self.seat_bots.children = []
            return
        old = [d.value for d in self.seat_bots.children]
        self.seat_bots.children = [W.Dropdown(options=list(BOT_KINDS), value=old[k] if k < len(old) else "random",
                                              description=f"P{k + 1}", layout=W.Layout(width="160px"))
                                   for k in range(self.players.value)]

    def _note_games(self) -> None:
        why = self.games_problem()
        self.games_note.value = (f"<div class='tk-balance-refused'>✗ {escape(why)}</div>" if why else
                                 f"<div class='tk-help'>Up to {self.cap:,} games a run here.</div>")

    # -- reading them ---------------------------------------------------------------------------------------
    def games_problem(self) -> str | None:
        """Why the games box's number cannot be run (None when it can)."""
        n = self.games.value
        if n < 1:
            return "the number of games must be at least 1"
        total = n * (2 if self.compare.value else 1)
        if total <= self.cap:
            return None
        where = ("on this page, served to a class, a run plays at most "
                 f"{self.cap:,} games so that one run cannot slow everyone else down; open the notebook in "
                 "JupyterLab for more" if self.served else f"a run plays at most {self.cap:,} games")
        twice = f" (a comparison plays every seed twice: {n:,} × 2 = {total:,})" if self.compare.value else ""
        return f"{games_words(total)} is too many{twice}: {where}"

    def bots_value(self) -> str | tuple[str, ...]:
        if self.bots.value != PER_SEAT:
            return self.bots.value
        return tuple(d.value for d in self.seat_bots.children)

    def request(self) -> Request:
        """The run the controls describe, checked (nothing is played when it is refused)."""
        why = self.games_problem()
        if why:
            raise TablekitError(why)
        cpus = os.cpu_count() or 1
        if not 1 <= self.workers.value <= cpus:
            raise TablekitError(f"processes must be from 1 to {cpus} (the machine's cores), not {self.workers.value}")
        if self.seed.value < 0:
            raise TablekitError("the first seed must be 0 or more")
        b = self.setting_b.setting() if self.compare.value else None
        req = Request(self.game.value, self.games.value, self.players.value, self.bots_value(), self.seed.value,
                      self.workers.value, self.setting_a.setting(), b)
        req.check()
        return req

    # -- running -------------------------------------------------------------------------------------------
    def run(self) -> None:
        if self.view.running:
            raise TablekitError("a run is still going: wait for it, or cancel it first")
        req = self.request()
        self.run_button.disabled = True
        try:
            self.view.start(req)
        except BaseException:
            self.run_button.disabled = False
            raise

    def cancel(self) -> None:
        self.view.cancel()

    def wait(self, timeout: float | None = None) -> bool:
        return self.view.wait(timeout)

    def _finished(self) -> None:
        self.run_button.disabled = False


# -- one worked example per game ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Example:
    question: str
    words: str
    request: Request


EXAMPLES: dict[str, Example] = {
    "creatures": Example(
        "Is one hero stronger than the others?",
        "300 games of three random bots. The table of facts gives each hero's win rate with its 95% interval: "
        "where two intervals do not overlap, the difference is unlikely to be luck.",
        Request("creatures", 300, 3, "random", 0, 1)),
    "lfg": Example(
        "Does the first seat win more often?",
        "300 games of four random bots. In a fair game every seat would win about as often as any other: "
        "compare the first seat's interval with the others'.",
        Request("lfg", 300, 4, "random", 0, 1)),
    "labyrinth": Example(
        "How much shorter is the gentle variant?",
        "The same 100 seeds, three random lords, played as the standard game (A) and in the gentle variant "
        "(B, without the Golem, Deadly Plague and Beguilement!). The side-by-side table gives the median "
        "length of each.",
        Request("labyrinth", 100, 3, "random", 0, 1, a={}, b={"variant": "gentle"})),
    "foehunters": Example(
        "Against which foe do the heroes win least?",
        "300 games of two random heroes. The table of facts gives the win rate against each foe.",
        Request("foehunters", 300, 2, "random", 0, 1)),
    "mirkwood": Example(
        "Is the quest easier alone or with two players?",
        "The same 150 seeds played by one random player (A) and by two (B): the side-by-side table gives "
        "each setting's win rate and the interval of the difference.",
        Request("mirkwood", 150, None, "random", 0, 1, a={"players": 1}, b={"players": 2})),
}


def worked_example(game: str, simulate: Callable | None = None, compare: Callable | None = None) -> W.VBox:
    """A game's worked example: its question in words and a read-only run that starts now
    (build it when a reader opens it)."""
    if game not in EXAMPLES:
        raise TablekitError(f"no worked example for {game!r}; the examples are: {', '.join(EXAMPLES)}")
    ex = EXAMPLES[game]
    view = RunView(simulate, compare)
    box = W.VBox([W.HTML(f"<div class='tk-balance-question'><b>{escape(ex.question)}</b></div>"
                         f"<div class='tk-help'>{escape(ex.words)}</div>"), view])
    box.add_class("tk-app")
    box.add_class("tk-balance-example")
    box.view = view  # type: ignore[attr-defined] - the tests and the notebook reach the run through it
    view.start(ex.request)
    return box
