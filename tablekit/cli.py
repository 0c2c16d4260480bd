"""The `tablekit` command: games, play, check, serve, bench, rules, simulate."""

from __future__ import annotations

import argparse
import ipaddress
import json
import math
import re
import sys
from pathlib import Path
from typing import NoReturn

from . import games, new_game
from .core.bots import KIND_WORDS, kind_budget
from .core.errors import TablekitError
from .core.fields import SEED
from .core.registry import get_game, registry


def _cmd_games(args: argparse.Namespace) -> int:
    for gid in games():
        g = get_game(gid)
        print(f"{gid:12} {g.title} ({g.min_players}-{g.max_players} players)")
    return 0


def _cmd_play(args: argparse.Namespace) -> int:
    g = new_game(args.game, players=args.players, seed=args.seed, variant=args.variant,
                 options=_options(args))
    bots = args.bots
    printed = 0

    def emit(recs) -> None:
        nonlocal printed
        for r in recs:
            if args.json:
                print(json.dumps(r.to_dict(), ensure_ascii=False))
            else:
                print(f"{' › '.join(r.path)}: {r.text}  [{r.rule}]")
            printed += 1

    emit(g.run(until="end", bots=bots))
    if not g.is_over:
        d = g.pending
        print(f"stopped: {d.player} must choose ({d.prompt}); no bot plays that seat", file=sys.stderr)
        return 1
    res = g.result
    if args.json:
        print(json.dumps({"result": res.to_dict()}, ensure_ascii=False))
    else:
        scores = ", ".join(f"{p} {s}" for p, s in res.scores.items())
        words = g.gamedef.ending_words(res.ending)
        print(f"Ended: {res.summary()} [{res.ending}{': ' + words if words else ''}]")
        if scores:  # a cooperative game keeps no score
            print(f"Scores: {scores}")
        print(f"Winners: {', '.join(res.winners) or 'nobody'}")
    return 0


def _cmd_bench(args: argparse.Namespace) -> int:
    from .bench import run_bench

    res = run_bench(args.game, seconds=args.seconds, seeds=args.seeds, variant=args.variant,
                    options=_options(args))
    if args.json:
        print(json.dumps(res.to_dict()))
    else:
        print("\n".join(res.lines()))
    return 0


def _dask_executor(address: str):
    """The executor of a Dask cluster (`distributed.Client(address).get_executor()`)."""
    try:
        from distributed import Client
    except ImportError:
        raise TablekitError("--dask needs Dask: install tablekit[dask] "
                            "(pip install 'tablekit[dask]')") from None
    try:
        return Client(address, timeout="10s").get_executor()
    except (OSError, TimeoutError, ValueError) as exc:
        raise TablekitError(f"cannot reach the Dask scheduler at {_show(address)} "
                            f"({' '.join(str(exc).split())[:120] or type(exc).__name__})") from None


def _print_tables(tables: dict) -> None:
    """The summary tables of a run, each under its heading."""
    headings = {"by_position": "Win rate by seat position (Wilson 95% interval)",
                "by_fact": "Win rate by the game's facts about each seat (Wilson 95% interval)",
                "endings": "Endings", "lengths": "Length: records and rounds, mean and percentiles",
                "bots": "The bots that played, and how often anyone won (Wilson 95% interval)"}
    for key, heading in headings.items():
        table = tables[key]
        print(f"\n{heading}")
        print(table.to_string(index=False) if len(table) else
              "  (none: the game declares no facts about its seats)")


def _cmd_simulate(args: argparse.Namespace) -> int:
    from tqdm import tqdm

    from .balance import simulate, summary, weak_bots

    executor = _dask_executor(args.dask) if args.dask else None
    played = [0]
    try:
        with tqdm(total=args.games, unit="game", file=sys.stderr, disable=None, leave=False) as bar:
            def progress(done: int, total: int) -> None:
                played[0] = done
                bar.update(done - bar.n)

            df = simulate(args.game, games=args.games, players=args.players, bots=args.bots,
                          variant=args.variant, options=_options(args), seed=args.seed,
                          workers=args.workers, executor=executor, progress=progress)
    except KeyboardInterrupt:
        print(f"tablekit: stopped (Ctrl-C) after {played[0]} of {args.games} games; no tables printed",
              file=sys.stderr)
        return 130
    print(f"{args.game}: {len(df)} games, seeds {args.seed} to {args.seed + args.games - 1}")
    _print_tables(summary(df))
    warning = weak_bots(df)
    if warning:
        print(f"\nNote: {warning}")
    if args.csv:
        try:
            df.to_csv(args.csv, index=False)
        except OSError as exc:
            raise TablekitError(f"cannot write the rows to {_show(args.csv)} "
                                f"({exc.strerror or 'error'})") from None
        print(f"\nwrote {len(df)} rows to {args.csv}")
    return 0


def _cmd_check(args: argparse.Namespace) -> int:
    from .core.errors import ScenarioError
    from .core.scenario import check_scenario, override_words

    options = _options(args)
    given = override_words(args.variant, options)
    failed = 0
    for path in args.files:
        try:
            sc = check_scenario(path, variant=args.variant, options=options or None)
        except ScenarioError as exc:
            failed += 1
            if args.json:
                print(json.dumps({"file": path, "error": str(exc)}, ensure_ascii=False))
            else:
                print(f"ERROR {exc}")
            continue
        if args.json:
            print(json.dumps({"file": path, "title": sc.title, "passed": sc.passed,
                              "expectations": [o.to_dict() for o in sc.outcomes]}, ensure_ascii=False))
        else:
            print(f"{'PASS' if sc.passed else 'FAIL'} {path}: {sc.title}{given}")
            for o in sc.outcomes:
                mark = "passed" if o.passed else "FAILED"
                tail = "" if o.passed else f" (actual: {o.actual!r})"
                print(f"  {mark}: {o.what}{tail}  [line {o.line}]")
        failed += 0 if sc.passed else 1
    return 1 if failed else 0


def _cmd_migrate(args: argparse.Namespace) -> int:
    import difflib
    from pathlib import Path

    from .core.errors import SaveFormatError, ScenarioError
    from .core.scenario.migrate import migrate_text
    from .core.timeline import migrate_save

    failed = 0
    for name in args.files:
        path = Path(name)
        try:
            text = path.read_text(encoding="utf-8")
            if path.suffix.lower() == ".json":
                new, changes = migrate_save(text, registry())
            else:
                new, changes = migrate_text(text, name)
        except (OSError, UnicodeDecodeError, ScenarioError) as exc:
            failed += 1
            print(f"ERROR {exc}")
            continue
        except SaveFormatError as exc:
            failed += 1
            print(f"ERROR {name}: {exc}")
            continue
        if not changes:
            print(f"{name}: already at the current format, nothing to change")
            continue
        print(f"{name}: {len(changes)} change(s)" + ("" if args.write else " (not written: add --write)"))
        for c in changes:
            print(f"  - {c}")
        if args.write:
            path.write_text(new, encoding="utf-8")
        else:
            sys.stdout.writelines(difflib.unified_diff(text.splitlines(keepends=True),
                                                       new.splitlines(keepends=True), name, f"{name} (migrated)"))
    return 1 if failed else 0


def _cmd_rules(args: argparse.Namespace) -> int:
    gamedef = get_game(args.game)
    if args.html is None:
        from .core.rulebook import page_text, rules_page

        print(page_text(rules_page(gamedef)))
        return 0
    from .widgets.rules import standalone_html

    text = standalone_html(gamedef)
    try:
        Path(args.html).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise TablekitError(f"cannot write the rules page to {_show(args.html)} "
                            f"({exc.strerror or 'error'})") from None
    print(f"wrote the rules page of {gamedef.title} to {args.html}")
    return 0


def _cmd_serve(args: argparse.Namespace) -> int:
    from .serve import serve

    if args.class_size and args.pool_size is not None:
        raise TablekitError("--class sets the pool itself (a kernel per student, then a small reserve): "
                            "drop --pool-size")
    if args.no_view_all and not args.class_size:
        raise TablekitError("--no-view-all locks the views of a class: give the class size with --class N")
    pool = 1 if args.pool_size is None else args.pool_size
    return serve(args.notebook, port=args.port, ip=args.ip, pool_size=pool, cull_idle=args.cull_idle,
                 preheat=not args.no_preheat, class_size=args.class_size or 0, view_all=not args.no_view_all,
                 full_page=args.full_page)


# -- argument types: each turns one argument into its value, or says in a
# sentence what is wrong with it (argparse prints it as one line, exit code 2)

SEED_MAX = SEED.high  # one declaration: tablekit.core.fields.SEED
PORT_MIN, PORT_MAX = 1, 65535
POOL_MAX = 64
CLASS_MAX = 200
CULL_MAX = 7 * 24 * 3600
SECONDS_MAX = 3600.0
SEEDS_MAX = 10_000
NAME_MAX = 40
PLAYERS_MAX = 100  # more names than any game seats


def _show(value: str) -> str:
    """The argument as given, quoted, on one short line."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _whole(value: str, what: str, lo: int, hi: int) -> int:
    """A whole number written in ASCII digits, from lo to hi."""
    v = value.strip()
    digits = v[1:] if v[:1] in "+-" else v
    if not (digits.isascii() and digits.isdigit()):
        raise argparse.ArgumentTypeError(f"{what} must be a whole number from {lo} to {hi}, "
                                         f"not {_show(value)}")
    if len(digits) > len(str(hi)) + 1 or not lo <= int(v) <= hi:
        raise argparse.ArgumentTypeError(f"{what} must be from {lo} to {hi}, not {_show(value)}")
    return int(v)


def _typed(name: str):
    """Name an argument type (argparse shows the name when a type fails otherwise)."""
    def mark(fn):
        fn.__name__ = name
        return fn
    return mark


@_typed("game")
def game_id(value: str) -> str:
    known = games()
    if value not in known:
        raise argparse.ArgumentTypeError(f"no game {_show(value)}; the games are "
                                         f"{', '.join(known)}")
    return value


def _player_counts() -> tuple[int, int]:
    defs = [get_game(g) for g in games()]
    return min(d.min_players for d in defs), max(d.max_players for d in defs)


@_typed("players")
def players_arg(value: str) -> int | list[str]:
    """A count of seats, or two or more names separated by commas. The count
    is checked against the game's own counts when the game is set up."""
    lo, hi = _player_counts()
    v = value.strip()
    if re.fullmatch(r"[+-]?[0-9]{1,20}", v):  # a count: the game checks it against its own counts
        return int(v)
    if v and not any(c.isalpha() for c in v):  # meant as a count
        raise argparse.ArgumentTypeError(f"a player count is a whole number (the games seat {lo} to "
                                         f"{hi}), not {_show(value)}")
    names = [n.strip() for n in v.split(",")]
    if len(names) < 2 or len(names) > PLAYERS_MAX:
        raise argparse.ArgumentTypeError(
            f"players are a count from {lo} to {hi}, or two or more names separated by commas, "
            f"not {_show(value)}")
    for n in names:
        ok = (0 < len(n) <= NAME_MAX and n[0].isalpha()
              and all(c.isalnum() or c in " _-.'" for c in n) and n.isprintable())
        if not ok:
            raise argparse.ArgumentTypeError(
                f"a player name starts with a letter and holds letters, digits, spaces and _-.' "
                f"(at most {NAME_MAX} characters), not {_show(n)}")
    if len(set(names)) < len(names):
        raise argparse.ArgumentTypeError(f"player names must be unique: {_show(value)}")
    return names


@_typed("seed")
def seed_arg(value: str) -> int:
    return _whole(value, "a seed", 0, SEED_MAX)


@_typed("variant")
def variant_arg(value: str) -> str:
    if not (value.isascii() and value.replace("_", "a").replace("-", "a").isalnum()) or len(value) > 40:
        raise argparse.ArgumentTypeError(f"a variant is a name such as two_player, not {_show(value)}")
    return value


_KEY = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")


def _scalar(text: str) -> int | bool | str:
    """An option's value from the command line: a whole number, true/false, or text
    (never evaluated)."""
    if re.fullmatch(r"[+-]?[0-9]{1,18}", text):
        return int(text)
    if text in ("true", "false"):
        return text == "true"
    return text


@_typed("option")
def option_arg(value: str) -> tuple[str, int | bool | str]:
    """`key=value`: one of the game's options (the game checks the key and the value)."""
    key, sep, text = value.partition("=")
    if not sep or not _KEY.fullmatch(key) or len(text) > 200 or not text.isprintable():
        raise argparse.ArgumentTypeError(f"an option is key=value, such as hand_size=4, not {_show(value)}")
    if key == "rulings":
        raise argparse.ArgumentTypeError("give the readings of rulings with --ruling ID=reading")
    return key, _scalar(text)


@_typed("ruling")
def ruling_arg(value: str) -> tuple[str, str]:
    """`ID=reading`: another reading of a ruling that has two (the game checks both)."""
    rid, sep, reading = value.partition("=")
    if not sep or not re.fullmatch(r"[A-Z][A-Z0-9-]{1,39}", rid) or not _KEY.fullmatch(reading):
        raise argparse.ArgumentTypeError(f"a ruling is ID=reading, such as LAB-CHAIN=stack, not {_show(value)}")
    return rid, reading


def _options(args: argparse.Namespace) -> dict:
    """The game options of --option and --ruling, as new_game takes them."""
    out: dict = {}
    for key, value in getattr(args, "option", None) or ():
        out[key] = value
    for rid, reading in getattr(args, "ruling", None) or ():
        out.setdefault("rulings", {})[rid] = reading
    return out


@_typed("scenario file or save")
def migratable_file(value: str) -> str:
    """A scenario file or a save (`tablekit migrate` takes both)."""
    if Path(value).suffix.lower() == ".json":
        return _readable(value, "save")
    return scenario_file(value)


def _readable(value: str, what: str) -> str:
    try:
        if not Path(value).is_file():
            raise argparse.ArgumentTypeError(f"there is no {what} {_show(value)}")
        with open(value, "rb"):
            pass
    except OSError as exc:
        raise argparse.ArgumentTypeError(f"the {what} {_show(value)} cannot be read "
                                         f"({exc.strerror or 'error'})") from None
    return value


@_typed("scenario file")
def scenario_file(value: str) -> str:
    if Path(value).suffix.lower() not in (".yaml", ".yml"):
        raise argparse.ArgumentTypeError(f"{_show(value)} is not a scenario file: scenario files end "
                                         "in .yaml or .yml")
    return _readable(value, "scenario file")


@_typed("notebook")
def notebook_arg(value: str) -> str:
    """A notebook (.ipynb) or a folder of notebooks, as `tablekit serve` finds
    it: a relative path inside the notebooks folder, else from here."""
    from .serve import notebooks_dir

    try:
        p = Path(value)
        found = p if p.is_absolute() else next(
            (c for c in (notebooks_dir() / p, Path.cwd() / p) if c.exists()), None)
        if found is None or not found.exists():
            raise argparse.ArgumentTypeError(f"there is no notebook or folder {_show(value)} (relative "
                                             f"paths are looked up in {notebooks_dir()})")
        if found.is_dir():
            if not any(found.glob("*.ipynb")):
                raise argparse.ArgumentTypeError(f"the folder {_show(value)} holds no notebook (.ipynb)")
        elif found.suffix != ".ipynb" or not found.is_file():
            raise argparse.ArgumentTypeError(f"{_show(value)} is not a notebook: serve takes a .ipynb "
                                             "file or a folder of them")
    except (OSError, ValueError) as exc:  # a name too long, a NUL byte
        raise argparse.ArgumentTypeError(f"{_show(value)} is not a path to a notebook "
                                         f"({getattr(exc, 'strerror', None) or exc})") from None
    return value


@_typed("html file")
def html_file(value: str) -> str:
    """Where `tablekit rules --html` writes its page: a .html file in a folder that exists."""
    if not value.isprintable() or len(value) > 1000:
        raise argparse.ArgumentTypeError(f"{_show(value)} is not a file name")
    p = Path(value)
    if p.suffix.lower() not in (".html", ".htm"):
        raise argparse.ArgumentTypeError(f"the rules page is written to a .html file, not {_show(value)}")
    try:
        folder_ok = (p.parent if str(p.parent) else Path(".")).is_dir()
    except (OSError, ValueError):
        folder_ok = False
    if not folder_ok:
        raise argparse.ArgumentTypeError(f"there is no folder for {_show(value)}")
    return value


BOTS = ("random", "heuristic", "coach")


@_typed("bots")
def bots_arg(value: str) -> str:
    if kind_budget(value) is None:
        raise argparse.ArgumentTypeError(f"the bots are {KIND_WORDS}, not {_show(value)}")
    return value


@_typed("port")
def port_arg(value: str) -> int:
    return _whole(value, "a port", PORT_MIN, PORT_MAX)


@_typed("address")
def ip_arg(value: str) -> str:
    if value == "localhost":
        return value
    try:
        return str(ipaddress.ip_address(value))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{_show(value)} is not an IP address (such as 127.0.0.1, "
                                         "0.0.0.0 or ::1)") from None


@_typed("pool size")
def pool_size_arg(value: str) -> int:
    return _whole(value, "a pool size", 0, POOL_MAX)


@_typed("class size")
def class_size_arg(value: str) -> int:
    return _whole(value, "a class size (students)", 1, CLASS_MAX)


@_typed("seconds")
def cull_idle_arg(value: str) -> int:
    return _whole(value, "the idle time (whole seconds, 0: never)", 0, CULL_MAX)


@_typed("seconds")
def seconds_arg(value: str) -> float:
    try:
        v = float(value) if value.strip().isascii() else math.nan
    except ValueError:
        v = math.nan
    if not (math.isfinite(v) and 0 < v <= SECONDS_MAX):
        raise argparse.ArgumentTypeError(f"the time must be a number of seconds above 0 and at most "
                                         f"{SECONDS_MAX:g}, not {_show(value)}")
    return v


@_typed("seeds")
def seeds_arg(value: str) -> int:
    return _whole(value, "the number of seeded games", 1, SEEDS_MAX)


GAMES_MAX = 10_000_000
WORKERS_MAX = 256


@_typed("games")
def games_arg(value: str) -> int:
    return _whole(value, "the number of games", 1, GAMES_MAX)


@_typed("workers")
def workers_arg(value: str) -> int:
    return _whole(value, "the number of worker processes", 1, WORKERS_MAX)


@_typed("player counts")
def player_counts_arg(value: str) -> list[int]:
    """One or more player counts separated by commas, such as 3 or 2,3,4 (the
    game checks each against its own counts)."""
    parts = value.split(",")
    if not value or len(parts) > 20 or not all(re.fullmatch(r"[0-9]{1,3}", p.strip()) for p in parts):
        raise argparse.ArgumentTypeError(f"players are one or more counts separated by commas, such as "
                                         f"3 or 2,3,4, not {_show(value)}")
    return [int(p) for p in parts]


@_typed("bots")
def seat_bots_arg(value: str) -> str | list[str]:
    """One bot for every seat, or one per seat position separated by commas."""
    kinds = value.split(",")
    if not all(kind_budget(k) is not None for k in kinds) or len(kinds) > PLAYERS_MAX:
        raise argparse.ArgumentTypeError(f"the bots are {KIND_WORDS}, or one per seat separated "
                                         f"by commas (random,heuristic,coach:32), not {_show(value)}")
    return kinds[0] if len(kinds) == 1 else kinds


@_typed("Dask address")
def dask_arg(value: str) -> str:
    if not re.fullmatch(r"[a-z][a-z0-9+]{1,10}://[A-Za-z0-9.\-\[\]:]{1,200}:[0-9]{1,5}", value):
        raise argparse.ArgumentTypeError(f"a Dask scheduler's address looks like tcp://host:8786, "
                                         f"not {_show(value)}")
    return value


@_typed("csv file")
def csv_file(value: str) -> str:
    """Where `tablekit simulate --csv` writes its rows: a .csv file in a folder that exists."""
    if not value.isprintable() or len(value) > 1000:
        raise argparse.ArgumentTypeError(f"{_show(value)} is not a file name")
    p = Path(value)
    if p.suffix.lower() != ".csv":
        raise argparse.ArgumentTypeError(f"the rows are written to a .csv file, not {_show(value)}")
    try:
        folder_ok = (p.parent if str(p.parent) else Path(".")).is_dir()
    except (OSError, ValueError):
        folder_ok = False
    if not folder_ok:
        raise argparse.ArgumentTypeError(f"there is no folder for {_show(value)}")
    return value


class _Parser(argparse.ArgumentParser):
    """An argparse parser whose errors are one line: what is wrong, and where help is."""

    def error(self, message: str) -> NoReturn:
        message = " ".join(message.split())
        if len(message) > 300:  # argparse's own messages quote the argument whole
            message = message[:297] + "..."
        m = re.fullmatch(r"argument ([^:]+): (.*)", message)
        if m:  # our types' sentences come first, then which argument it was
            self.exit(2, f"tablekit: {m[2]} ({m[1]}; see {self.prog} --help)\n")
        self.exit(2, f"tablekit: {message} (see {self.prog} --help)\n")


def _game_setup_arguments(p: argparse.ArgumentParser) -> None:
    """The one form every command that sets up games takes: a variant, options, readings of rulings."""
    p.add_argument("--variant", type=variant_arg, default=None, help="a variant of the game")
    p.add_argument("--option", type=option_arg, action="append", metavar="KEY=VALUE",
                   help="a game option, such as hand_size=4 (again for more)")
    p.add_argument("--ruling", type=ruling_arg, action="append", metavar="ID=READING",
                   help="another reading of a ruling that has two, such as LAB-CHAIN=stack")


def build_parser() -> argparse.ArgumentParser:
    ap = _Parser(prog="tablekit", description="Interactive rulebooks for card games.")
    sub = ap.add_subparsers(dest="command", required=True, parser_class=_Parser)
    sub.add_parser("games", help="list the registered games").set_defaults(fn=_cmd_games)
    p = sub.add_parser("play", help="narrate a whole game played by bots, one line per step")
    p.add_argument("game", type=game_id, help="the game: " + ", ".join(games()))
    p.add_argument("--players", type=players_arg, default=None,
                   help="a count, or two or more names separated by commas (default: the game's own "
                        "default count, 2 for most games)")
    p.add_argument("--seed", type=seed_arg, default=1, help=f"a whole number from 0 to {SEED_MAX}")
    _game_setup_arguments(p)
    p.add_argument("--bots", type=bots_arg, default="random", metavar="{" + ",".join(BOTS) + "}",
                   help="the bot that plays every seat (coach:N: the coach with N playouts of each answer)")
    p.add_argument("--json", action="store_true", help="print the history as JSON lines")
    p.set_defaults(fn=_cmd_play)
    c = sub.add_parser("check", help="run scenario files and report each expectation")
    c.add_argument("files", nargs="+", metavar="FILE", type=scenario_file, help="scenario files (.yaml)")
    c.add_argument("--json", action="store_true", help="one JSON object per file")
    _game_setup_arguments(c)  # these replace the file's variant and add to its options
    c.set_defaults(fn=_cmd_check)
    g = sub.add_parser("migrate", help="bring scenario files and saves of an older format to the current "
                                       "one (shows the changes; --write rewrites, keeping a scenario's comments)")
    g.add_argument("files", nargs="+", metavar="FILE", type=migratable_file,
                   help="scenario files (.yaml) and saves (.json)")
    g.add_argument("--write", action="store_true", help="rewrite the files (otherwise only show the changes)")
    g.set_defaults(fn=_cmd_migrate)
    s = sub.add_parser("serve", help="serve the notebooks as a web app with Voilà")
    s.add_argument("notebook", nargs="?", default=None, type=notebook_arg,
                   help="one notebook (e.g. creatures.ipynb) or a folder of notebooks; "
                        "default: the whole notebooks folder")
    s.add_argument("--port", type=port_arg, default=8866, help=f"{PORT_MIN} to {PORT_MAX}")
    s.add_argument("--ip", type=ip_arg, default="127.0.0.1", help="address to listen on (default: this machine only)")
    s.add_argument("--pool-size", type=pool_size_arg, default=None,
                   help=f"preheated kernels kept ready per notebook (0 to {POOL_MAX}; default 1)")
    s.add_argument("--class", dest="class_size", type=class_size_arg, default=None, metavar="N",
                   help=f"prepare NOTEBOOK for a class of N students (1 to {CLASS_MAX}): N kernels "
                        "preheated for it alone, refills only when no student is arriving")
    from . import serve as _serve
    idle = getattr(_serve, "CULL_IDLE", None)
    s.add_argument("--cull-idle", type=cull_idle_arg, default=None, metavar="SECONDS",
                   help="shut down kernels idle this long (0: never"
                        + (f"; default {idle})" if idle is not None else ")"))
    s.add_argument("--no-preheat", action="store_true", help="start kernels only when a page opens")
    s.add_argument("--no-view-all", action="store_true",
                   help="with --class: the tables offer no \"View as everything\" (a seat's or a spectator's "
                        "view only), and refuse it")
    s.add_argument("--full-page", action="store_true",
                   help="with --class: Voilà's JupyterLab page instead of the light class page (slower "
                        "to open; for a notebook showing widgets the class page cannot draw)")
    s.set_defaults(fn=_cmd_serve)
    r = sub.add_parser("rules", help="the rules of a game on one page: as text, or --html FILE for a "
                                     "standalone web page with the rules diagram")
    r.add_argument("game", type=game_id, help="the game: " + ", ".join(games()))
    r.add_argument("--html", type=html_file, default=None, metavar="FILE",
                   help="write a standalone HTML page (stylesheet and diagram inside, nothing loaded "
                        "from elsewhere) instead of printing text")
    r.set_defaults(fn=_cmd_rules)
    b = sub.add_parser("bench", help="measure speed and memory of a game")
    b.add_argument("game", type=game_id, help="the game: " + ", ".join(games()))
    b.add_argument("--seconds", type=seconds_arg, default=5.0,
                   help=f"time spent on whole games (above 0, at most {SECONDS_MAX:g})")
    b.add_argument("--seeds", type=seeds_arg, default=20,
                   help=f"seeded games for the per-step figures (1 to {SEEDS_MAX})")
    _game_setup_arguments(b)
    b.add_argument("--json", action="store_true")
    b.set_defaults(fn=_cmd_bench)
    m = sub.add_parser("simulate", help="play many seeded bot games and print the balance tables "
                                        "(win rate by seat and by the game's facts, endings, lengths)")
    m.add_argument("game", type=game_id, help="the game: " + ", ".join(games()))
    m.add_argument("--games", type=games_arg, default=1000, help=f"how many games (1 to {GAMES_MAX}; "
                   "game i is played with the seed SEED + i)")
    m.add_argument("--players", type=player_counts_arg, default=None,
                   help="a player count, or counts cycled over the games, such as 2,3,4 (default: the "
                        "game's own default count)")
    m.add_argument("--bots", type=seat_bots_arg, default="random", metavar="BOTS",
                   help="random, heuristic or coach (coach:N: N playouts of each answer) for every seat, or "
                        "one per seat position: random,heuristic,coach")
    _game_setup_arguments(m)
    m.add_argument("--seed", type=seed_arg, default=0, help="the first game's seed (default 0)")
    m.add_argument("--workers", type=workers_arg, default=None,
                   help="worker processes (1: this process; default: as many as the machine has cores)")
    m.add_argument("--dask", type=dask_arg, default=None, metavar="ADDRESS",
                   help="play on a Dask cluster, such as tcp://host:8786 (needs tablekit[dask])")
    m.add_argument("--csv", type=csv_file, default=None, metavar="FILE", help="write one row a game to FILE")
    m.set_defaults(fn=_cmd_simulate)
    return ap


def main(argv: list[str] | None = None) -> int:
    """Run the command; returns the exit code (2: a bad argument or a setup
    error, said in one line on stderr)."""
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as exc:  # a bad argument (said already), or --help
        return exc.code if isinstance(exc.code, int) else 2
    try:
        return args.fn(args)
    except TablekitError as exc:
        print(f"tablekit: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
