"""The balance lab: thousands of seeded bot games as a pandas DataFrame.

    import tablekit
    df = tablekit.simulate("creatures", games=1000, players=3)
    tables = tablekit.balance.summary(df)        # win rate by seat, endings, lengths
    cmp = tablekit.compare("labyrinth", a={}, b={"rulings": {"LAB-CHAIN": "stack"}}, games=500)
    cmp.table                                    # each statistic side by side

Game i of a run is played with the seed `seed + i`, so the same call gives the
same DataFrame whatever the number of workers or the executor. The games are
played by `tablekit.core.simulation` in chunks (one task a chunk, each task
returns only its rows), in this process, in a pool of processes, or on any
`concurrent.futures.Executor` (a Dask `distributed.Client(...).get_executor()`).
"""

from __future__ import annotations

import math
import os
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from typing import Any

import pandas as pd

from .core.bots import KIND_WORDS, kind_budget, seat_kinds
from .core.engine import make_game
from .core.errors import TablekitError
from .core.registry import get_game
from .core.simulation import MAX_RECORDS, GameJob, play_chunk, play_row, seat_names, settled_heap

__all__ = ["simulate", "compare", "summary", "Comparison"]

BASE_COLUMNS = ["game", "seed", "players", "variant", "ending", "records", "rounds", "winners"]
SEAT_COLUMNS = ["name", "bot", "score", "won"]
SETTING_KEYS = ("variant", "options", "players", "bots", "rulings")
PERCENTILES = (5, 25, 50, 75, 95)
Z95 = 1.959963984540054  # the normal quantile of a two-sided 95% interval
RATE_COLUMNS = ["wins", "win_rate", "ci_low", "ci_high"]
CHUNK_MAX = 100
WAIT_SECONDS = 0.1  # how often a run waiting on workers looks at `cancel`

Progress = Callable[[int, int], None]


# -- the plan of a run: everything checked before any game is played ------------

@dataclass(frozen=True)
class _Plan:
    game: str
    jobs: list[GameJob]
    max_players: int


def _whole(value: Any, what: str, lo: int = 1) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < lo:
        raise TablekitError(f"{what} must be a whole number of at least {lo}, not {value!r}")
    return value


def _counts(players: int | Sequence[int] | None, default: int) -> list[int]:
    """The player counts of the run, cycled over the games."""
    if players is None:
        return [default]
    if isinstance(players, int) and not isinstance(players, bool):
        return [players]
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence) or not players:
        raise TablekitError(f"players must be a count or a sequence of counts (such as [2, 3, 4]), "
                            f"not {players!r}")
    for n in players:
        if isinstance(n, bool) or not isinstance(n, int):
            raise TablekitError(f"players: every count is a whole number, not {n!r}")
    return list(players)


def _bots_by_count(bots: str | Sequence[str] | Mapping[str, str], counts: list[int]) -> dict[int, tuple[str, ...]]:
    """The kind of bot of every seat, in seat order, for each player count."""
    top = max(counts)
    if isinstance(bots, str):
        seat_kinds(bots, ["P1"])  # refuses an unknown kind
        return {n: (bots,) * n for n in counts}
    if isinstance(bots, Mapping):
        seat_kinds(bots, seat_names(top))  # refuses a seat beyond the largest game, an unknown kind
        out = {}
        for n in counts:
            missing = [s for s in seat_names(n) if s not in bots]
            if missing:
                raise TablekitError(f"bots: no bot for {', '.join(missing)}; a mapping names the kind "
                                    f"of every seat ({', '.join(seat_names(n))})")
            out[n] = tuple(bots[s] for s in seat_names(n))
        return out
    if isinstance(bots, Sequence) and not isinstance(bots, bytes):
        kinds = list(bots)
        for kind in kinds:
            if kind_budget(kind) is None:
                raise TablekitError(f"bots: every seat's bot is {KIND_WORDS}, not {kind!r}")
        if len(kinds) != top:
            raise TablekitError(f"bots: {len(kinds)} kinds given by seat position, but the games seat "
                                f"up to {top} players: give one kind per seat, or one kind (not a list) for all")
        return {n: tuple(kinds[:n]) for n in counts}
    raise TablekitError(f"bots must be {KIND_WORDS}, a sequence of them by seat position, "
                        f"or a mapping of seats to them, not {bots!r}")


def _run_options(gamedef, options: Mapping | None) -> dict[str, Any]:
    """The options of every game: the given ones, and the game's safety cap unless they set it."""
    if options is not None and not isinstance(options, Mapping):
        raise TablekitError(f"options must be a mapping of option names to values, not {options!r}")
    given = dict(options or {})
    return given if "max_rounds" in given else {**gamedef.safety_options(), **given}


def _plan(game: str, games: int, players, bots, variant, options, seed: int) -> _Plan:
    """Check every setting (one game is set up at each player count) and list the jobs."""
    gamedef = get_game(game) if isinstance(game, str) else None
    if gamedef is None:
        raise TablekitError(f"game must be a game id such as 'creatures', not {game!r}")
    _whole(games, "games")
    _whole(seed, "seed", 0)
    counts = _counts(players, gamedef.default_players)
    kinds = _bots_by_count(bots, counts)
    opts = _run_options(gamedef, options)
    for n in sorted(set(counts)):
        make_game(gamedef, n, seed, variant, opts)  # the game's own checks: count, variant, options
    jobs = [GameJob(game, i, seed + i, counts[i % len(counts)], kinds[counts[i % len(counts)]],
                    variant, opts, MAX_RECORDS) for i in range(games)]
    return _Plan(game, jobs, max(counts))


# -- running the jobs ------------------------------------------------------------

def _chunks(jobs: list[GameJob], size: int) -> Iterator[list[GameJob]]:
    for at in range(0, len(jobs), size):
        yield jobs[at:at + size]


def _default_chunk(games: int, workers: int) -> int:
    """Small enough that every worker gets several tasks, at most CHUNK_MAX games."""
    return max(1, min(CHUNK_MAX, games // (workers * 8)))


class _Rows:
    """The rows as they come back, held as one list a column (a list of dicts
    costs several times the DataFrame it becomes); each text value is kept
    once (the seats' names, the bots, the endings repeat in every row)."""

    def __init__(self) -> None:
        self.columns: dict[str, list] = {}
        self.n = 0
        self._texts: dict[str, str] = {}

    def __len__(self) -> int:
        return self.n

    def add(self, rows: list[dict]) -> None:
        columns, texts = self.columns, self._texts
        for row in rows:
            for key in row:  # a column first seen (in the row's order): None in the rows before
                if key not in columns:
                    columns[key] = [None] * self.n
            for key, col in columns.items():
                v = row.get(key)
                if type(v) is str:
                    v = texts.setdefault(v, v)
                col.append(v)
            self.n += 1


def _run_here(jobs: list[GameJob], progress: Progress | None, cancel) -> tuple[_Rows, bool]:
    """Play the games in this process, looking at `cancel` between games."""
    rows = _Rows()
    with settled_heap():
        for job in jobs:
            if cancel is not None and cancel.is_set():
                return rows, True
            rows.add([play_row(job)])
            if progress is not None:
                progress(len(rows), len(jobs))
    return rows, False


def _run_on(executor: Executor, jobs: list[GameJob], chunk: int, progress: Progress | None,
            cancel) -> tuple[_Rows, bool]:
    """Play the games in tasks of `chunk` games on an executor; on cancel, stop
    waiting and cancel the tasks not started."""
    pending: dict[Future, int] = {executor.submit(play_chunk, c): len(c) for c in _chunks(jobs, chunk)}
    rows = _Rows()
    try:
        while pending:
            if cancel is not None and cancel.is_set():
                return rows, True
            done, _ = wait(pending, timeout=WAIT_SECONDS, return_when=FIRST_COMPLETED)
            for fut in done:
                pending.pop(fut)
                rows.add(fut.result())
                if progress is not None:
                    progress(len(rows), len(jobs))
        return rows, False
    finally:
        for fut in pending:
            fut.cancel()


def _frame(plan: _Plan, rows: _Rows, cancelled: bool) -> pd.DataFrame:
    """The rows as a DataFrame sorted by game, the columns in THE order."""
    facts: dict[str, None] = {}
    for key in rows.columns:
        if key.startswith("seat"):
            fact = key.split("_", 1)[1]
            if fact not in SEAT_COLUMNS:
                facts.setdefault(fact)
    seat_cols = [f"seat{k}_{c}" for k in range(1, plan.max_players + 1) for c in [*SEAT_COLUMNS, *facts]]
    names = BASE_COLUMNS + seat_cols
    df = pd.DataFrame({c: rows.columns.get(c, [None] * len(rows)) for c in names}, columns=names)
    rows.columns.clear()  # the lists are the DataFrame's now
    df = df.sort_values("game", kind="stable", ignore_index=True)
    df.attrs["game"] = plan.game
    df.attrs["cancelled"] = cancelled
    return df


def _execute(plan: _Plan, workers: int | None, executor: Executor | None, chunk: int | None,
             progress: Progress | None, cancel) -> pd.DataFrame:
    if executor is not None:
        size = chunk or _default_chunk(len(plan.jobs), os.cpu_count() or 1)
        rows, cancelled = _run_on(executor, plan.jobs, size, progress, cancel)
    elif workers == 1:
        rows, cancelled = _run_here(plan.jobs, progress, cancel)
    else:
        pool = ProcessPoolExecutor(workers)
        try:
            rows, cancelled = _run_on(pool, plan.jobs, chunk or _default_chunk(len(plan.jobs), workers),
                                      progress, cancel)
        except BaseException:  # a failed run does not wait for the tasks still running
            pool.shutdown(wait=False, cancel_futures=True)
            raise
        # a finished run lets its workers exit before it returns; a cancelled one does not wait
        pool.shutdown(wait=not cancelled, cancel_futures=True)
    return _frame(plan, rows, cancelled)


def _check_running(workers, executor, chunk, progress, cancel) -> int:
    """The number of workers (None: the machine's cores), after checking how to run."""
    if workers is None:
        workers = os.cpu_count() or 1
    _whole(workers, "workers")
    if chunk is not None:
        _whole(chunk, "chunk")
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise TablekitError(f"executor must be a concurrent.futures.Executor, not {executor!r}")
    if progress is not None and not callable(progress):
        raise TablekitError(f"progress must be a function of (done, total), not {progress!r}")
    if cancel is not None and not callable(getattr(cancel, "is_set", None)):
        raise TablekitError(f"cancel must be a threading.Event, not {cancel!r}")
    return workers


def simulate(game: str, games: int = 1000, players: int | Sequence[int] | None = None,
             bots: str | Sequence[str] | Mapping[str, str] = "random",
             variant: str | None = None, options: Mapping | None = None,
             seed: int = 0, workers: int | None = None, executor: Executor | None = None,
             chunk: int | None = None, progress: Progress | None = None,
             cancel: threading.Event | None = None) -> pd.DataFrame:
    """Play `games` seeded bot games and return one row a game.

    Game i is played with the seed `seed + i` at `players` seats ("P1".."Pn"; a
    sequence of counts is cycled over the games; None: the game's default).
    `bots` is one kind for every seat, a sequence by seat position or a mapping
    seat -> kind. The game's safety cap is passed as `max_rounds` unless `options`
    sets it. `workers`: None = the machine's cores, 1 = this process, K = a pool of
    K processes; `executor` (any concurrent.futures.Executor) overrides it.
    `progress(done, total)` is called here as games finish; once `cancel` is set
    no new game starts and the rows finished so far come back with
    `df.attrs["cancelled"] = True`. Every setting is checked before any game is
    played (a TablekitError saying what is wrong)."""
    workers = _check_running(workers, executor, chunk, progress, cancel)
    plan = _plan(game, games, players, bots, variant, options, seed)
    return _execute(plan, workers, executor, chunk, progress, cancel)


# -- summaries -------------------------------------------------------------------

def _max_seats(df: pd.DataFrame) -> int:
    return sum(1 for c in df.columns if c.startswith("seat") and c.endswith("_won"))


def _fact_names(df: pd.DataFrame) -> list[str]:
    return [c.split("_", 1)[1] for c in df.columns
            if c.startswith("seat1_") and c.split("_", 1)[1] not in SEAT_COLUMNS]


def fact_value(v: Any) -> Any:
    """A fact as a table groups it: a list becomes its text ("fighter, thief"), a mapping its repr."""
    return ", ".join(map(str, v)) if isinstance(v, (list, tuple)) else str(v) if isinstance(v, dict) else v


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """A 95% interval for a win rate of `wins` in `n` games (Wilson's); NaN for no games."""
    if n == 0:
        return math.nan, math.nan
    p = wins / n
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, mid - half), min(1.0, mid + half)


def _won(df: pd.DataFrame, k: int) -> pd.Series:
    """Whether seat k won, in the games that have a seat k (indexed by the game's row)."""
    return df.loc[df[f"seat{k}_name"].notna(), f"seat{k}_won"].astype(bool)


def _rate_row(wins: int, n: int) -> dict[str, float]:
    low, high = wilson(wins, n)
    return {"wins": wins, "win_rate": wins / n if n else math.nan, "ci_low": low, "ci_high": high}


def _by_position(df: pd.DataFrame) -> pd.DataFrame:
    rows = []
    for n in sorted(df["players"].unique()):
        mine = df[df["players"] == n]
        for k in range(1, int(n) + 1):
            won = _won(mine, k)
            rows.append({"players": int(n), "position": k, "games": len(won),
                         **_rate_row(int(won.sum()), len(won))})
    return pd.DataFrame(rows, columns=["players", "position", "games", *RATE_COLUMNS])


def _seats_with(df: pd.DataFrame, fact: str) -> pd.DataFrame:
    """One row a seat of every game: the fact's value (a list as its text) and whether that seat won."""
    parts = []
    for k in range(1, _max_seats(df) + 1):
        has = df[f"seat{k}_name"].notna()
        parts.append(pd.DataFrame({"value": df.loc[has, f"seat{k}_{fact}"].map(fact_value),
                                   "won": df.loc[has, f"seat{k}_won"].astype(bool)}))
    return pd.concat(parts, ignore_index=True) if parts else pd.DataFrame({"value": [], "won": []})


def _fact_values(values) -> list:
    return sorted(set(values), key=lambda v: (type(v).__name__, str(v)))


def _by_fact(df: pd.DataFrame) -> pd.DataFrame:
    rows = []
    for fact in _fact_names(df):
        seats = _seats_with(df, fact).dropna(subset=["value"])
        for value in _fact_values(seats["value"]):
            won = seats.loc[seats["value"] == value, "won"]
            rows.append({"fact": fact, "value": value, "seats": len(won), **_rate_row(int(won.sum()), len(won))})
    return pd.DataFrame(rows, columns=["fact", "value", "seats", *RATE_COLUMNS])


def _endings(df: pd.DataFrame) -> pd.DataFrame:
    counts = df["ending"].value_counts()
    order = sorted(counts.index, key=lambda e: (-counts[e], e))
    return pd.DataFrame({"ending": order, "games": [int(counts[e]) for e in order],
                         "share": [counts[e] / len(df) for e in order]})


def _lengths(df: pd.DataFrame) -> pd.DataFrame:
    rows = []
    for col in ("records", "rounds"):
        values = pd.to_numeric(df[col], errors="coerce").dropna()
        if len(values):  # a game without rounds has no rounds row
            rows.append({"length": col, "mean": values.mean(),
                         **{f"p{p}": values.quantile(p / 100) for p in PERCENTILES}})
    return pd.DataFrame(rows, columns=["length", "mean", *[f"p{p}" for p in PERCENTILES]])


def summary(df: pd.DataFrame) -> dict[str, pd.DataFrame]:
    """The tables of a run, each a plain table (no index):

    * "by_position": a row per player count and seat position: games, wins,
      win_rate and its Wilson 95% interval (ci_low, ci_high);
    * "by_fact": a row per value of each per-seat fact (a list fact as its
      text): seats, wins, win_rate, ci_low, ci_high;
    * "endings": a row per ending, the most frequent first: games, share;
    * "lengths": a row for records and one for rounds (none for a game
      without rounds): the mean and the 5/25/50/75/95th percentiles;
    * "bots": a row per player count and the bots that played its seats, in seat
      order ("heuristic, random"): games, games that anyone won, that share and
      its Wilson 95% interval.

    The command line prints them, and the balance lab shows and plots them, with
    `weak_bots(df)`'s warning above them."""
    if not isinstance(df, pd.DataFrame) or "ending" not in df.columns:
        raise TablekitError("summary takes the DataFrame of tablekit.simulate")
    return {"by_position": _by_position(df), "by_fact": _by_fact(df), "endings": _endings(df),
            "lengths": _lengths(df), "bots": _bots(df)}


WEAK_SHARE = 0.05  # bots that win fewer games than this (95% interval wholly below it) are weak


def _bots(df: pd.DataFrame) -> pd.DataFrame:
    """Which bots played each player count, and how often anyone won."""
    columns = ["players", "bots", "games", "won", "won_share", "ci_low", "ci_high"]
    if not len(df):
        return pd.DataFrame([], columns=columns)
    played = df["seat1_bot"].astype(str)
    for k in range(2, _max_seats(df) + 1):  # the seats of each game, in order, joined
        played = played.where(df["players"] < k, played + ", " + df[f"seat{k}_bot"].astype(str))
    anyone = df["winners"].fillna("").astype(str).str.len() > 0
    rows = []
    for (n, bots), won in anyone.groupby([df["players"], played], sort=True):
        low, high = wilson(int(won.sum()), len(won))
        rows.append({"players": int(n), "bots": bots, "games": len(won), "won": int(won.sum()),
                     "won_share": won.mean(), "ci_low": low, "ci_high": high})
    return pd.DataFrame(rows, columns=columns)


def weak_bots(df: pd.DataFrame) -> str:
    """A warning, in words, when the bots of a run lose nearly every game (nobody wins in
    more than 95% of them, surely: the 95% interval of the share won lies below 5%), so
    its figures describe the bots rather than the game; "" when they do not."""
    out = []
    for row in _bots(df).itertuples():
        if row.games and row.ci_high < WEAK_SHARE:
            out.append(f"at {row.players} player{'s' if row.players != 1 else ''} ({row.bots}) the bots won "
                       f"{row.won} of {row.games:,} games "
                       f"({row.won_share:.1%}, at most {row.ci_high:.1%} with 95% confidence)")
    if not out:
        return ""
    return ("These figures describe weak bots: " + "; ".join(out) + ". A variant or a ruling that changes "
            "nothing for bots that lose anyway may still change the game for players: try stronger bots "
            "(heuristic) before reading a comparison.")


# -- comparing two settings --------------------------------------------------------

@dataclass
class Comparison:
    """Two runs on the same seeds: `a`, `b` (their DataFrames) and `table`, one row
    a statistic with columns a, b, diff (b - a), ci_low, ci_high."""

    a: pd.DataFrame
    b: pd.DataFrame
    table: pd.DataFrame

    @property
    def cancelled(self) -> bool:
        return bool(self.a.attrs.get("cancelled") or self.b.attrs.get("cancelled"))


def _setting(name: str, base: Mapping, setting: Mapping) -> dict[str, Any]:
    """A setting laid over the common one: options merged, rulings into options["rulings"]."""
    if not isinstance(setting, Mapping):
        raise TablekitError(f"{name} must be a mapping such as {{'variant': 'gentle'}}, not {setting!r}")
    unknown = [k for k in setting if k not in SETTING_KEYS]
    if unknown:
        raise TablekitError(f"{name}: unknown setting {', '.join(map(repr, unknown))}; a setting has "
                            f"{', '.join(SETTING_KEYS)}")
    for key in ("options", "rulings"):
        for where in (base, setting):
            if where.get(key) is not None and not isinstance(where[key], Mapping):
                raise TablekitError(f"{name}: {key} must be a mapping, not {where[key]!r}")
    options = {**(base.get("options") or {}), **(setting.get("options") or {})}
    rulings = {**(base.get("options") or {}).get("rulings", {}), **(base.get("rulings") or {}),
               **(setting.get("options") or {}).get("rulings", {}), **(setting.get("rulings") or {})}
    if rulings:
        options["rulings"] = rulings
    out = {k: setting.get(k, base.get(k)) for k in ("variant", "players", "bots")}
    if out["bots"] is None:
        out["bots"] = "random"
    return {**out, "options": options}


def _proportion_rows(name: str, a: pd.Series, b: pd.Series) -> dict[str, float]:
    """Win rates of a and b (independent samples), their difference and its 95% Wald interval."""
    pa, pb = a.mean() if len(a) else math.nan, b.mean() if len(b) else math.nan
    diff = pb - pa
    if len(a) and len(b):
        half = Z95 * math.sqrt(pa * (1 - pa) / len(a) + pb * (1 - pb) / len(b))
        low, high = diff - half, diff + half
    else:
        low = high = math.nan
    return {"statistic": name, "a": pa, "b": pb, "diff": diff, "ci_low": low, "ci_high": high}


def _paired_rows(name: str, a: pd.DataFrame, b: pd.DataFrame, k: int) -> dict[str, float]:
    """Seat k's win rate under a and b. Where every game with a seat k under one
    setting has one under the other on the same seed, the interval is that of the
    mean of the per-seed differences (a paired interval: the seed's deal is the
    same under both settings, so what it shares drops out); otherwise the two
    runs are taken as independent samples (`_proportion_rows`)."""
    wa = _won(a, k) if f"seat{k}_won" in a.columns else pd.Series([], dtype=bool)
    wb = _won(b, k) if f"seat{k}_won" in b.columns else pd.Series([], dtype=bool)
    row = _proportion_rows(name, wa, wb)
    sa, sb = a.loc[wa.index, "seed"], b.loc[wb.index, "seed"]
    if len(wa) < 2 or len(wa) != len(wb) or set(sa) != set(sb):
        return row
    pairs = pd.DataFrame({"seed": sa, "a": wa.astype(int)}).merge(
        pd.DataFrame({"seed": sb, "b": wb.astype(int)}), on="seed")
    d = pairs["b"] - pairs["a"]
    half = Z95 * float(d.std(ddof=1)) / math.sqrt(len(d))
    row["ci_low"], row["ci_high"] = row["diff"] - half, row["diff"] + half
    return row


def _plain_row(name: str, a: float, b: float) -> dict[str, float]:
    return {"statistic": name, "a": a, "b": b, "diff": b - a, "ci_low": math.nan, "ci_high": math.nan}


def _mean(s: pd.Series) -> float:
    values = pd.to_numeric(s, errors="coerce").dropna()
    return float(values.mean()) if len(values) else math.nan


def comparison_table(a: pd.DataFrame, b: pd.DataFrame) -> pd.DataFrame:
    """Each statistic of two runs side by side: games, the win rate of each seat
    position (a 95% interval of the difference paired by seed) and of each
    per-seat fact value (Wald's interval of the difference of two independent
    proportions), the share of each ending, mean records and rounds."""
    rows = [_plain_row("games", len(a), len(b))]
    for k in range(1, max(_max_seats(a), _max_seats(b)) + 1):
        rows.append(_paired_rows(f"win rate seat{k}", a, b, k))
    for fact in dict.fromkeys(_fact_names(a) + _fact_names(b)):
        sa = _seats_with(a, fact).dropna(subset=["value"]) if f"seat1_{fact}" in a.columns else None
        sb = _seats_with(b, fact).dropna(subset=["value"]) if f"seat1_{fact}" in b.columns else None
        values = set(sa["value"] if sa is not None else []) | set(sb["value"] if sb is not None else [])
        for value in _fact_values(values):
            wa = sa.loc[sa["value"] == value, "won"] if sa is not None else pd.Series([], dtype=bool)
            wb = sb.loc[sb["value"] == value, "won"] if sb is not None else pd.Series([], dtype=bool)
            rows.append(_proportion_rows(f"win rate {fact}={value}", wa, wb))
    for ending in sorted(set(a["ending"]) | set(b["ending"])):
        rows.append(_plain_row(f"ending {ending}", (a["ending"] == ending).mean() if len(a) else math.nan,
                               (b["ending"] == ending).mean() if len(b) else math.nan))
    for col in ("records", "rounds"):
        rows.append(_plain_row(f"mean {col}", _mean(a[col]), _mean(b[col])))
    return pd.DataFrame(rows).set_index("statistic")


def _offset(progress: Progress | None, before: int, total: int) -> Progress | None:
    """progress of one of two runs, counted over both."""
    if progress is None:
        return None
    return lambda done, _total: progress(before + done, total)


def compare(game: str, a: Mapping, b: Mapping, games: int = 1000, **common: Any) -> Comparison:
    """Play the same seeds under two settings and put each statistic side by side.

    A setting has any of: variant, options, players, bots, and rulings
    ({"LAB-CHAIN": "stack"}, merged into options["rulings"]); `common` holds the
    settings both share and simulate's other arguments (seed, workers, executor,
    chunk, progress, cancel). `table`'s diff is b - a, each win-rate difference
    with a 95% interval: a seat position's is paired by seed (the interval of
    the mean per-seed difference, since both settings play the same deals),
    a fact value's treats the two runs as independent samples (the seats that
    hold a value differ between the settings; Wald's interval, on the wide
    side). Both settings are checked before any game is played."""
    running = {k: common.pop(k) for k in ("seed", "workers", "executor", "chunk", "progress", "cancel")
               if k in common}
    base = _setting("common", {}, common)
    sa, sb = _setting("a", base, a), _setting("b", base, b)
    seed = running.get("seed", 0)
    workers = _check_running(running.get("workers"), running.get("executor"), running.get("chunk"),
                             running.get("progress"), running.get("cancel"))
    plans = [_plan(game, games, s["players"], s["bots"], s["variant"], s["options"], seed) for s in (sa, sb)]
    progress, total = running.get("progress"), 2 * games
    frames = [_execute(p, workers, running.get("executor"), running.get("chunk"),
                       _offset(progress, i * games, total), running.get("cancel"))
              for i, p in enumerate(plans)]
    return Comparison(frames[0], frames[1], comparison_table(frames[0], frames[1]))
