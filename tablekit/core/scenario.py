"""Scenario files: a position built by hand, scripted decisions and
expectations about what the rules do with them.

A scenario is YAML (loaded safely, with line numbers, aliases refused); see
docs/scenarios.md for every key. `load_scenario(path)` gives the game
positioned at the scenario's start; `check_scenario(path)` runs it and
reports each expectation. Any problem with a file raises ScenarioError
naming the file, the line and what is wrong.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from . import rng
from .cardstate import card_state_problem
from .engine import Game, make_game
from .errors import IllegalChoice, ScenarioError, TablekitError
from .registry import registry
from .yamlio import LineDict, load_yaml, read_text

SCENARIO_FORMAT_VERSION = 1
MAX_BYTES = 200_000
TOP_KEYS = {"format_version", "game", "title", "description", "ruling", "variant", "options",
            "players", "seed", "setup", "start", "decisions", "run", "expect"}
SETUP_KEYS = {"rest", "zones", "cards", "players", "extra"}
START_KEYS = {"at", "turn", "stack", "triggers", "lasting"}
LASTING_KEYS = {"kind", "until", "text", "source", "controller", "targets", "players", "stat", "add",
                "per", "if", "what", "on", "effect", "args", "cards", "to"}
STACK_KEYS = {"effect", "source", "controller", "ability", "args", "data"}
TRIGGER_KEYS = {"source", "ability", "controller", "card", "data", "event"}
DECISION_KEYS = {"player", "choose", "expect_illegal", "expect_legal", "expect_not_offered",
                 "expect_refused", "expect"}
RUN_KEYS = {"until", "bots", "max_records", "steps", "stop_after"}
UNTIL = ("script", "decision", "end")
EXPECT_KINDS = {"zone", "card", "counter", "winners", "scores", "score", "ending", "illegal", "legal",
                "not_offered", "refused", "fired", "fired_in_order", "pending", "over", "extra"}


@dataclass
class Outcome:
    """One expectation checked: what was expected, what was found."""

    what: str
    passed: bool
    expected: Any
    actual: Any
    line: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {"what": self.what, "passed": self.passed, "expected": self.expected,
                "actual": self.actual, "line": self.line}


@dataclass
class Scenario:
    path: str
    data: dict
    game_id: str
    title: str = ""
    outcomes: list[Outcome] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return all(o.passed for o in self.outcomes)


def _err(path: str, line: int, msg: str) -> ScenarioError:
    return ScenarioError(f"{path}, line {line}: {msg}")


def _line(node: Any, key: str | None = None) -> int:
    if isinstance(node, LineDict):
        return node.line_of(key) if key else node.line
    return getattr(node, "line", 0)


# -- reading ---------------------------------------------------------------------

def _is_int(v: Any) -> bool:
    return type(v) is int


_SCHEMAS: dict[str, tuple[Any, dict]] = {}


def game_schema(game_id: str) -> dict:
    """The scenario schema for one game (cached; the registry's game object is the key)."""
    from . import schemas
    gamedef = registry()[game_id]
    hit = _SCHEMAS.get(game_id)
    if hit is None or hit[0] is not gamedef:
        hit = (gamedef, schemas.scenario_schema(registry(), game=game_id))
        _SCHEMAS[game_id] = hit
    return hit[1]


def parse(text: str, path: str = "<scenario>") -> dict:
    """Parse and check the structure of a scenario text (no game is built): the
    scenario schema of its game (tablekit.core.schemas), on the loader's output,
    so each problem names its line."""
    from . import schemas
    if len(text.encode("utf-8")) > MAX_BYTES:
        raise ScenarioError(f"{path}: the file is larger than {MAX_BYTES} bytes")
    data = load_yaml(text, path, ScenarioError)
    if not isinstance(data, LineDict) or "format_version" not in data or "game" not in data:
        # not a scenario at all (a password file given by mistake...): quote nothing of it
        raise _err(path, 1, "not a scenario file: a scenario is a mapping with format_version, game, "
                   "players, ... (see docs/scenarios.md)")
    version = data.get("format_version")
    if not _is_int(version) or version != SCENARIO_FORMAT_VERSION:
        raise _err(path, _line(data, "format_version"),
                   f"format_version {version!r} is not one this tablekit reads "
                   f"(it reads {SCENARIO_FORMAT_VERSION})")
    game = data["game"]
    if not isinstance(game, str) or game not in registry():
        raise _err(path, _line(data, "game"), f"unknown game {game!r} (games: {', '.join(registry())})")
    schemas.check(data, game_schema(game), path, ScenarioError, schemas.dotted, key=f"scenario:{game}")
    start = data.get("start") or {}
    if isinstance(start.get("at"), str):
        at = [p for p in start["at"].split("/") if p]
        if not at:
            raise _err(path, _line(start, "at"), "start.at is a node path below the root: "
                       "a non-empty list of names, or 'A/B/C'")
        start["at"] = at
    for d in data.get("decisions") or []:
        if isinstance(d.get("choose"), str):
            d["choose"] = [d["choose"]]
    checkpoints = [e for d in data.get("decisions") or [] for e in d.get("expect") or []]
    for e in list(data.get("expect") or []) + checkpoints:
        _check_expectation_parts(path, e)
    return data


def _check_expectation_parts(path: str, e: dict) -> None:
    """What the schema cannot say in a clear sentence: the parts an expectation needs."""
    kind = next(iter(e))
    spec = e[kind]
    if kind == "zone" and not set(spec) & {"equals", "contains", "not_contains", "count"}:
        raise _err(path, _line(e, kind), "a zone expectation needs equals, contains, not_contains "
                   "or count")
    if kind == "extra" and len(set(spec) & {"equals", "includes"}) != 1:
        raise _err(path, _line(e, kind), "an extra expectation needs either equals (the whole value) "
                   "or includes (the keys it must have, with their values)")
    if kind == "pending" and isinstance(spec, dict) and {"options", "options_any_order"} <= set(spec):
        raise _err(path, _line(e, kind), "a pending expectation gives options (in order) or "
                   "options_any_order, not both")
    if kind == "fired" and isinstance(spec, dict) and \
            not set(spec) & {"rule", "node", "text_contains"}:
        raise _err(path, _line(e, kind), "a fired expectation needs rule, node or text_contains")
    if kind == "fired_in_order" and any(isinstance(i, dict) and not i for i in spec):
        raise _err(path, _line(e, kind), "each item of fired_in_order is a rule id or {rule, node, "
                   "text_contains}")


def read(path: str | Path) -> dict:
    return parse(read_text(path, ScenarioError, MAX_BYTES), str(path))


# -- building the game ----------------------------------------------------------------

def _resolve_cards(path: str, game: Game, zones: dict) -> dict[str, list[str]]:
    """Zone lists name card uids ("7S", "JK#2") or, for cards with several copies,
    the card id ("JK"), which takes the next copy not placed yet."""
    st = game.state
    by_card: dict[str, list[str]] = {}
    for uid in sorted(st.cards):
        by_card.setdefault(st.cards[uid]["card"], []).append(uid)
    placed: dict[str, int] = {}
    # copies named explicitly anywhere ("JK#2") are reserved before bare ids ("JK") take theirs
    named = {item for items in zones.values() if isinstance(items, list)
             for item in items if isinstance(item, str) and item in st.cards}
    out: dict[str, list[str]] = {}
    for zone, items in zones.items():
        line = _line(zones, zone)
        if zone not in st.zones:
            raise _err(path, line, f"unknown zone {zone!r} (zones: {', '.join(st.zones)})")
        if not isinstance(items, list):
            raise _err(path, line, f"zone {zone!r} must list card ids")
        row = []
        for i, item in enumerate(items):
            iline = items.item_lines[i] if hasattr(items, "item_lines") else line
            if not isinstance(item, str):
                raise _err(path, iline, f"zone {zone!r}: {item!r} is not a card id")
            if item in st.cards:
                uid = item
            elif item in by_card:
                copies = by_card[item]
                free = [u for u in copies if u not in placed and u not in named]
                if not free:
                    raise _err(path, iline, f"more copies of {item!r} than the game has ({len(copies)})")
                uid = free[0]
            else:
                raise _err(path, iline, f"unknown card {item!r} in zone {zone!r}")
            if uid in placed:
                raise _err(path, iline, f"card {uid!r} is placed twice (also on line {placed[uid]})")
            placed[uid] = iline
            row.append(uid)
        out[zone] = row
    return out


def build(data: dict, path: str = "<scenario>", variant: str | None = None,
          options: dict[str, Any] | None = None) -> Game:
    """The game at the scenario's start (no scripted decision applied); `variant` and
    `options` override and add to the file's (see merged_setup)."""
    chosen, opts = merged_setup(data, variant, options)
    try:
        gid = data["game"]
        game = make_game(registry()[gid], data.get("players"), data.get("seed", 1), chosen, opts)
    except TablekitError as exc:
        if variant is not None or options:
            raise ScenarioError(f"{path}: with the command line's variant and options: {exc}") from None
        raise _err(path, _line(data, "players"), str(exc)) from None
    gamedef = game.gamedef
    setup = data.get("setup") or {}
    start = data.get("start") or {}
    zones = _resolve_cards(path, game, setup.get("zones") or {})
    rest = setup.get("rest")
    shuffle = False
    if isinstance(rest, dict):  # rest: {zone: deck, shuffle: true}
        shuffle = bool(rest.get("shuffle", False))
        rest = rest["zone"]
    if rest is not None and rest not in game.state.zones:
        raise _err(path, _line(setup, "rest"), f"unknown zone {rest!r} for the other cards "
                   f"(zones: {', '.join(game.state.zones)})")
    if shuffle:
        zones = _shuffled_rest(game, zones, rest, data.get("seed", 1))
    cards = setup.get("cards") or {}
    for uid, changes in cards.items():
        line = _line(cards, uid)
        if uid not in game.state.cards:
            raise _err(path, line, f"unknown card {uid!r} in setup.cards")
        if not isinstance(changes, dict):
            raise _err(path, line, f"setup.cards.{uid} must be a mapping of state keys")
        for key, value in changes.items():
            why = card_state_problem(gamedef, game.state, game.defs, uid, key, value)
            if why:
                raise _err(path, _line(changes, key), why)
    extra = setup.get("extra") or {}
    settable = gamedef.settable_extra_keys()
    for key, value in extra.items():
        if key not in settable:
            raise _err(path, _line(extra, key), f"{gamedef.title} has no settable state {key!r} "
                       f"(settable: {', '.join(settable)})")
        why = gamedef.extra_problem(key, value, game.players)
        if why:
            raise _err(path, _line(extra, key), f"extra state {why}")
    counters = setup.get("players") or {}
    for name, values in counters.items():
        if name not in game.players:
            raise _err(path, _line(counters, name), f"unknown player {name!r} in setup.players")
        if not isinstance(values, dict) or not all(
                isinstance(v, (int, float)) and not isinstance(v, bool) for v in values.values()):
            raise _err(path, _line(counters, name), f"setup.players.{name} must map counters to numbers")
    at = start.get("at")
    if at is not None:
        try:
            game.flow.find(at)
        except KeyError as exc:
            raise _err(path, _line(start, "at"), f"start node does not exist: {exc.args[0]}") from None
    turn = start.get("turn")
    if turn is not None and turn not in game.players:
        raise _err(path, _line(start, "turn"), f"start.turn: no player {turn!r}")
    triggers = start.get("triggers") or []
    for t in triggers:
        line = _line(t)
        if t["source"] not in game.state.cards:
            raise _err(path, line, f"start.triggers: unknown card {t['source']!r}")
        card = t.get("card") or game.state.cards[t["source"]]["card"]
        if card not in game.defs:
            raise _err(path, _line(t, "card"), f"start.triggers: unknown card definition {card!r}")
        abilities = game.defs[card].abilities
        ab = t.get("ability", next((i for i, a in enumerate(abilities) if a.type == "trigger"), None))
        if ab is None or not 0 <= ab < len(abilities):
            raise _err(path, line, f"start.triggers: {card!r} has no ability {ab!r}")
        if t.get("controller") is not None and t["controller"] not in game.players:
            raise _err(path, _line(t, "controller"), f"start.triggers: no player {t['controller']!r}")
        t["ability"] = ab
    extra = _complete_extra(path, game, data, extra, at, turn)
    stack = [dict(e) for e in start.get("stack") or []]
    if zones or cards or extra or counters or at is not None or rest is not None or triggers or \
            start.get("lasting"):
        for name, values in counters.items():
            game.state.player(name).update(values)
        try:
            game.arrange(zones=zones, cards=cards, extra=extra, rest=rest, at=at, turn=turn, stack=stack,
                         triggers=triggers, lasting=[dict(e) for e in start.get("lasting") or []])
        except TablekitError as exc:
            raise _err(path, _line(data, "start" if "start" in data else "setup"), str(exc)) from None
        except Exception as exc:  # noqa: BLE001 - a position the rules cannot start from
            raise _err(path, _line(data, "start" if "start" in data else "setup"),
                       f"the rules cannot start from this position ({type(exc).__name__}: {exc}); "
                       "check setup.extra and start") from None
    _try_playing(game, path, _line(data, "start" if "start" in data else "setup"))
    return game


def _try_playing(game: Game, path: str, line: int) -> None:
    """Refuse a built position the rules cannot play (timeline.trial_problem: 50 rules on a
    copy with the seeded random bot) at load, not by a crash later."""
    from .timeline import trial_problem

    why = trial_problem(game)
    if why:
        raise _err(path, line, f"the position it builds cannot be played: {why}; give the zones, cards and "
                   "state the rules read there (a hero dealt, a foe card in its place) or start earlier")


def _shuffled_rest(game: Game, zones: dict[str, list[str]], rest: str, seed: int) -> dict[str, list[str]]:
    """`rest: {zone: Z, shuffle: true}`: the cards not placed go to Z in an order shuffled with
    the scenario's seed; the cards listed for Z (if any) still lie on top, as listed."""
    placed = {u for uids in zones.values() for u in uids}
    others = [u for u in game.state.cards if u not in placed]
    state = rng.seed_state(seed)
    for i in range(len(others) - 1, 0, -1):  # Fisher-Yates, with the game's own generator
        state, j = rng.below(state, i + 1)
        others[i], others[j] = others[j], others[i]
    out = dict(zones)
    out[rest] = others + list(zones.get(rest, []))
    return out


def _complete_extra(path: str, game: Game, data: dict, extra: dict, at: Any, turn: Any) -> dict:
    """The extra state a start inside the flow needs (`GameDef.extra_from_start`): what the
    start gives is filled in (Creatures' `first` is the player of start.turn); a key the game
    cannot do without and the file leaves out is refused, saying what it holds."""
    needs = getattr(game.gamedef, "extra_from_start", {})
    if at is None or not needs:
        return extra
    top = [c.name for c in game.flow.children]
    steps = list(at)
    if steps and steps[0] == game.flow.name and len(steps) > 1:
        steps = steps[1:]
    here = top.index(steps[0]) if steps and steps[0] in top else -1
    out = dict(extra)
    setup = data.get("setup") or {}
    for key, need in needs.items():
        node = need.get("from")
        if key in out or game.state.extra.get(key) is not None or node not in top or here < top.index(node):
            continue
        if need.get("derive") == "turn" and turn is not None:
            out[key] = turn
            continue
        types, meaning = game.gamedef.settable_extra.get(key, ((object,), ""))
        words = " or ".join(_TYPE_WORDS.get(t, t.__name__) for t in types)
        line = _line(setup, "extra") if "extra" in setup else _line(data, "setup" if setup else "start")
        hint = " (or give start.turn: that player is taken)" if need.get("derive") == "turn" else ""
        raise _err(path, line, f"setup.extra is missing {key!r}, which a start in {node!r} needs{hint}; "
                   f"it holds {words}: {meaning}")
    return out


_TYPE_WORDS = {str: "text", int: "a whole number", bool: "true or false", list: "a list",
               dict: "a mapping", float: "a number"}


def load_scenario(path: str | Path) -> Game:
    """The game of a scenario file, positioned at its start."""
    return build(read(path), str(path))


# -- running and checking --------------------------------------------------------------

def merged_setup(data: dict, variant: str | None = None,
                 options: dict[str, Any] | None = None) -> tuple[str | None, dict[str, Any]]:
    """The variant and options a run uses: the file's, with `variant` replacing its variant
    and `options` added to its options (their `rulings` added to the file's readings), as
    `tablekit check --variant/--option/--ruling` gives them."""
    chosen = variant if variant is not None else data.get("variant")
    out = dict(data.get("options") or {})
    for key, value in (options or {}).items():
        if key == "rulings" and isinstance(out.get("rulings"), dict) and isinstance(value, dict):
            out["rulings"] = {**out["rulings"], **value}
        else:
            out[key] = value
    return chosen, out


def override_words(variant: str | None, options: dict[str, Any] | None) -> str:
    """The overrides of a run in words, for a report's first line ("" for none):
    " (with variant two_player, LAB-CHAIN=stack)"."""
    options = options or {}
    parts = [f"variant {variant}"] if variant else []
    parts += [f"{k}={v}" for k, v in options.items() if k != "rulings"]
    parts += [f"{rid}={reading}" for rid, reading in (options.get("rulings") or {}).items()]
    return f" (with {', '.join(parts)})" if parts else ""


def run(data: dict, path: str = "<scenario>", variant: str | None = None,
        options: dict[str, Any] | None = None) -> tuple[Game, list[Outcome]]:
    """Build the game, play the scripted decisions (stepping between them),
    go on as `run` says, and check every expectation. `variant` and `options`
    override and add to the file's (see merged_setup)."""
    game = build(data, path, variant, options)
    script = list(data.get("decisions") or [])
    settings = data.get("run") or {}
    stop = _stop_after(game, settings, path)
    try:
        return game, _play(game, data, path, script, settings, stop)
    except ScenarioError:
        raise
    except TablekitError as exc:
        raise _err(path, _line(data, "decisions" if script else "run"), str(exc)) from None
    except Exception as exc:  # noqa: BLE001 - the position broke the rules: say so, with where
        where = " › ".join(game.path) or "the start"
        raise _err(path, _line(data, "setup" if "setup" in data else "start"),
                   f"the rules failed at record {len(game.history)} ({where}): "
                   f"{type(exc).__name__}: {exc}; the position is probably inconsistent "
                   "(check setup.extra)") from None


def _stop_after(game: Game, settings: dict, path: str) -> tuple[dict, int] | None:
    """run.stop_after as (what a record must match, how many times): a rule's name
    (`stop_after: Monsters strike`) or {rule, node, text_contains, times}."""
    spec = settings.get("stop_after")
    if spec is None:
        return None
    match = {"node": spec} if isinstance(spec, str) else {k: v for k, v in spec.items() if k != "times"}
    line = _line(settings, "stop_after")
    if not match:
        raise _err(path, line, "run.stop_after needs rule, node or text_contains (and may give times)")
    name = match.get("node")
    if name is not None:
        node = next((n for n in game.flow.walk() if n.name == name), None)
        if node is None or node.children:
            what = "a group of rules" if node is not None else "no rule"
            raise _err(path, line, f"run.stop_after: {name!r} is {what}; "
                       "name a single rule (a step or a decision)")
    return match, 1 if isinstance(spec, str) else spec.get("times", 1)


def _play(game: Game, data: dict, path: str, script: list, settings: dict,
          stop: tuple[dict, int] | None) -> list[Outcome]:
    limit = settings.get("max_records", 5000)
    outcomes: list[Outcome] = []
    if _play_script(game, path, script, limit, outcomes):
        _apply_run(game, settings, stop, limit, outcomes)
    for e in data.get("expect") or []:
        outcomes.append(_expect(game, e, path))
    return outcomes


def _next_decision(game: Game, limit: int) -> Any:
    """Apply the rules that need nobody's choice; the decision that opens (None if the
    game ends or the run reaches `limit` records first)."""
    while not game.is_over and len(game.history) < limit:
        d = game.pending
        if d is not None:
            return d
        game.step()
    return None


def _play_script(game: Game, path: str, script: list, limit: int, outcomes: list[Outcome]) -> bool:
    """Play the scripted decisions with their checks. A decision that does not come up
    is a failed outcome saying what came up instead; the script stops there (False)."""
    for k, item in enumerate(script):
        d = _next_decision(game, limit)
        if d is None or d.player != item["player"]:
            outcomes.append(_not_asked(game, script, k, d, limit))
            return False
        outcomes.extend(_decision_checks(game, item, d, path))
        try:
            game.choose(*item.get("choose", []))
        except IllegalChoice as exc:
            raise _err(path, _line(item, "choose"), f"scripted decision #{k + 1} is illegal at "
                       f"that point: {exc.reason}") from None
    return True


def _not_asked(game: Game, script: list, k: int, d: Any, limit: int) -> Outcome:
    item = script[k]
    if d is not None:
        found = (f"{d.player} was asked instead: {d.prompt} (kind {d.kind}; options: "
                 f"{', '.join(o.id for o in d.options) or 'none'})")
    elif game.is_over:
        res = game.result
        found = f"the game ended first ({res.ending})" if res is not None else "the game ended first"
    else:
        found = f"no decision came up within max_records ({limit} records)"
    rest = f"decisions #{k + 1} to #{len(script)}" if k + 1 < len(script) else f"decision #{k + 1}"
    wanted = {"player": item["player"], "choose": item.get("choose", [])}
    return Outcome(f"scripted decision #{k + 1} comes up for {item['player']}", False, wanted,
                   f"{found}; {rest} and run are not played", _line(item))


_DECISION_CHECKS = ("expect_illegal", "expect_legal", "expect_not_offered", "expect_refused", "expect")


def _decision_checks(game: Game, item: dict, d: Any, path: str) -> list[Outcome]:
    """The checks of one scripted decision, in the file's order, on the decision as it is
    asked (before its choice is played)."""
    out: list[Outcome] = []
    for key in (k for k in item if k in _DECISION_CHECKS):
        for e, line in _with_lines(item[key], _line(item, key)):
            if key == "expect":
                out.append(_expect(game, e, path))
            elif key == "expect_not_offered":
                out.append(_check_not_offered(d, e, line))
            elif key == "expect_refused":
                out.append(_check_refused(game, e, line))
            else:
                out.append(_check_option(d, e, key == "expect_legal", line))
    return out


def _with_lines(spec: Any, line: int) -> list[tuple[Any, int]]:
    """One check or a list of them (expect_refused: each an option id, or {choose: an id or
    a list of ids chosen together, reason_contains}), each with its own line in the file
    (`line`, the key's, for one given alone)."""
    items = _as_list(spec)
    lines = getattr(spec, "item_lines", None) or [line] * len(items)
    return [(e, _line(e) or at) for e, at in zip(items, lines)]


def _apply_run(game: Game, settings: dict, stop: tuple[dict, int] | None, limit: int,
               outcomes: list[Outcome]) -> None:
    """After the script: a number of rules, up to a named rule, to a decision, or to the end."""
    for _ in range(settings.get("steps", 0)):
        if game.is_over or game.pending is not None:
            break
        game.step()
    if stop is not None:
        reached = _run_to_stop(game, stop, limit)
        if reached < stop[1]:
            outcomes.append(_stop_missed(game, settings, stop, reached, limit))
    until = settings.get("until", "script")
    if until == "decision":
        game.run(until="decision", max_records=limit)
    elif until == "end":
        game.run(until="end", bots=settings.get("bots"), max_records=max(0, limit - len(game.history)))


def _run_to_stop(game: Game, stop: tuple[dict, int], limit: int) -> int:
    """Apply rules until a record matching the stop point has been made `times` times (or a
    decision opens, or the game ends); the number of matching records made."""
    match, times = stop
    seen = 0
    while seen < times and not game.is_over and game.pending is None and len(game.history) < limit:
        if _record_matches(game.step(), match):
            seen += 1
    return seen


def _stop_missed(game: Game, settings: dict, stop: tuple[dict, int], reached: int, limit: int) -> Outcome:
    match, times = stop
    d = game.pending
    if d is not None:
        why = f"{d.player}'s decision opened ({d.prompt})"
    elif game.is_over:
        why = "the game ended"
    else:
        why = f"the run reached max_records ({limit})"
    return Outcome(f"run.stop_after {_describe_match(match)} is applied {_times(times)}", False,
                   settings.get("stop_after"), f"applied {_times(reached)}, then {why}",
                   _line(settings, "stop_after"))


def _times(n: int) -> str:
    return "1 time" if n == 1 else f"{n} times"


def _as_list(x: Any) -> list:
    if x is None:
        return []
    return x if isinstance(x, list) else [x]


def _check_option(d, e: Any, want_legal: bool, line: int) -> Outcome:
    if isinstance(e, str):
        e = {"option": e}
    oid = e.get("option")
    what = f"option {oid!r} is {'legal' if want_legal else 'illegal'}"
    if oid not in d:
        return Outcome(what, False, "offered", "not offered", line)
    o = d.option(oid)
    ok = o.legal == want_legal
    actual: Any = "legal" if o.legal else f"illegal: {o.reason}"
    want = e.get("reason_contains")
    if want is not None:
        what += f", reason contains {want!r}"
        ok = ok and want in o.reason
    return Outcome(what, ok, e, actual, line)


def _check_not_offered(d: Any, oid: str, line: int) -> Outcome:
    """An option the decision does not offer at all (not: offered as illegal)."""
    what = f"option {oid!r} is not offered"
    if d is None:
        return Outcome(what, False, "not offered", "no decision is open", line)
    if oid not in d:
        return Outcome(what, True, "not offered", "not offered", line)
    o = d.option(oid)
    return Outcome(what, False, "not offered",
                   "offered, legal" if o.legal else f"offered, illegal: {o.reason}", line)


def _check_refused(game: Game, spec: Any, line: int) -> Outcome:
    """Try a choice that the game must refuse; the position stays as it was (a choice
    the game accepts is reported and undone, so the run goes on unchanged)."""
    if not isinstance(spec, dict):
        spec = {"choose": spec}
    ids = _as_list(spec.get("choose"))
    want = spec.get("reason_contains")
    what = f"choosing {', '.join(ids) or 'nothing'} is refused" + (
        f", reason contains {want!r}" if want is not None else "")
    if game.pending is None:
        return Outcome(what, False, spec, "no decision is open", line)
    before, position = len(game.history), game.state.to_json()
    try:
        rec = game.choose(*ids)
    except TablekitError as exc:
        reason = getattr(exc, "reason", None) or str(exc)
        same = len(game.history) == before and game.state.to_json() == position
        ok = same and (want is None or want in reason)
        return Outcome(what, ok, spec, f"refused: {reason}" + ("" if same else " (but the position changed)"),
                       line)
    game.goto(before)
    game.forget_redo()
    return Outcome(what, False, spec, f"accepted: {rec.text}", line)


def _record_matches(r: Any, spec: dict) -> bool:
    """A record matches {rule, node, text_contains}: every part given."""
    return (("rule" not in spec or r.rule == spec["rule"])
            and ("node" not in spec or spec["node"] in (r.node[-1], r.path[-1] if r.path else None))
            and ("text_contains" not in spec or spec["text_contains"] in r.text))


def _describe_match(spec: dict) -> str:
    return ", ".join(f"{k} {spec[k]!r}" for k in ("rule", "node", "text_contains") if k in spec)


def _as_match(item: Any) -> dict:
    return {"rule": item} if isinstance(item, str) else {k: v for k, v in item.items() if k != "times"}


def _check_fired(game: Game, spec: Any, line: int) -> Outcome:
    match = _as_match(spec)
    hits = [r for r in game.history if _record_matches(r, match)]
    times = spec.get("times") if isinstance(spec, dict) else None
    if times is None:
        return Outcome(f"a rule fired: {dict(spec) if isinstance(spec, dict) else {'rule': spec}!r}", bool(hits),
                       spec, hits[0].text if hits else [r.rule for r in game.history][-8:], line)
    return Outcome(f"a rule fired {_times(times)}: {_describe_match(match)}", len(hits) == times, spec,
                   {"times": len(hits), "records": [r.index for r in hits]}, line)


def _check_fired_in_order(game: Game, items: list, line: int) -> Outcome:
    """Records matching each item, one after another (other records may come between)."""
    matches = [_as_match(i) for i in items]
    what = "rules fired in this order: " + "; ".join(_describe_match(m) for m in matches)
    found: list[int] = []  # positions in the history
    for m in matches:
        start = found[-1] + 1 if found else 0
        at = next((i for i in range(start, len(game.history)) if _record_matches(game.history[i], m)), None)
        if at is None:
            got = [f"{_describe_match(x)} at record {i}" for x, i in zip(matches, found)]
            miss = f"no {_describe_match(m)}" + (f" after record {found[-1]}" if found else "")
            earlier = [str(i) for i in range(start) if _record_matches(game.history[i], m)]
            if earlier:
                miss += f" (only at record {', '.join(earlier)}, before)"
            return Outcome(what, False, items, "; ".join(got + [miss]), line)
        found.append(at)
    return Outcome(what, True, items, {"records": found}, line)


_NOT_SET = "(not set)"


def _includes(actual: Any, wanted: Any) -> bool:
    """`wanted` is part of `actual`: every key a mapping gives matches, level by level;
    anything else (a list, a number, text) must be equal."""
    if isinstance(wanted, dict):
        return isinstance(actual, dict) and all(k in actual and _includes(actual[k], v)
                                                for k, v in wanted.items())
    return actual == wanted


def _part(actual: Any, wanted: Any) -> Any:
    """What `actual` holds at the keys `wanted` names (for the report)."""
    if isinstance(wanted, dict) and isinstance(actual, dict):
        return {k: _part(actual[k], v) if k in actual else _NOT_SET for k, v in wanted.items()}
    return actual


def _check_extra(game: Game, spec: dict, line: int) -> Outcome:
    key = spec.get("key")
    actual = game.state.extra.get(key, _NOT_SET if "includes" in spec else None)
    if "includes" in spec:
        wanted = spec["includes"]
        return Outcome(f"extra {key} includes {wanted!r}", _includes(actual, wanted), wanted,
                       _part(actual, wanted), line)
    return Outcome(f"extra {key} = {spec.get('equals')!r}", actual == spec.get("equals"),
                   spec.get("equals"), actual, line)


def current_scores(game: Game) -> dict[str, float]:
    """Each player's score now: the final scores once the game is over, and before that
    the game's `current_scores` for the position as it stands."""
    if game.result is not None:
        return dict(game.result.scores)
    return dict(game.gamedef.current_scores(game.ctx))


def _check_score(game: Game, spec: dict, line: int, path: str) -> Outcome:
    p, want = spec.get("player"), spec.get("equals")
    if p not in game.players:
        raise _err(path, line, f"expectation: unknown player {p!r}")
    what = f"{p}'s score is {want!r}" + ("" if game.is_over else " (now, before the end)")
    try:
        scores = current_scores(game)
    except Exception as exc:  # noqa: BLE001 - a game whose result() needs the end
        return Outcome(what, False, want, f"{game.gamedef.title} gives no score here "
                       f"({type(exc).__name__}: {exc})", line)
    actual = scores.get(p)
    return Outcome(what, actual == want, want, actual, line)


def _check_pending(game: Game, spec: Any, line: int) -> Outcome:
    d = game.pending
    wanted = spec if isinstance(spec, dict) else {"player": spec}
    if not spec:
        return Outcome(f"open decision {spec!r}", d is None, spec,
                       None if d is None else {"player": d.player, "kind": d.kind}, line)
    if d is None:
        return Outcome(f"open decision {spec!r}", False, spec, None, line)
    found = {"player": d.player, "kind": d.kind, "options": [o.id for o in d.options],
             "min": d.min, "max": d.max}
    found["options_any_order"] = found["options"]
    ok = all(sorted(found[k]) == sorted(v) if k == "options_any_order" else found[k] == v
             for k, v in wanted.items())
    actual = {k: found[k] for k in wanted} if set(wanted) - {"player", "kind"} else \
        {"player": d.player, "kind": d.kind}
    return Outcome(f"open decision {spec!r}", ok, spec, actual, line)


def _expect(game: Game, e: dict, path: str) -> Outcome:
    kind, spec = next(iter(e.items()))
    line = _line(e, kind)
    st = game.state
    if kind == "zone":
        name = spec.get("name")
        if name not in st.zones:
            raise _err(path, line, f"expectation: unknown zone {name!r}")
        actual = list(st.zones[name])
        checks = []
        if "equals" in spec:
            checks.append(("equals", actual == list(spec["equals"])))
        if "contains" in spec:
            checks.append(("contains", all(c in actual for c in spec["contains"])))
        if "not_contains" in spec:
            checks.append(("not_contains", not any(c in actual for c in spec["not_contains"])))
        if "count" in spec:
            checks.append(("count", len(actual) == spec["count"]))
        if not checks:
            raise _err(path, line, "a zone expectation needs equals, contains, not_contains or count")
        return Outcome(f"zone {name}: " + ", ".join(f"{k} {spec[k]!r}" for k, _ in checks),
                       all(ok for _, ok in checks), dict(spec), actual, line)
    if kind == "card":
        uid = spec.get("uid")
        if uid not in st.cards:
            raise _err(path, line, f"expectation: unknown card {uid!r}")
        actual = {"zone": st.card_zone[uid], **{k: v for k, v in st.cards[uid].items() if k != "card"}}
        wanted = {k: v for k, v in spec.items() if k != "uid"}
        ok = all(actual.get(k) == v for k, v in wanted.items())
        return Outcome(f"card {uid}: " + ", ".join(f"{k} = {v!r}" for k, v in wanted.items()), ok,
                       wanted, {k: actual.get(k) for k in wanted}, line)
    if kind == "counter":
        p, key = spec.get("player"), spec.get("key")
        if p not in game.players:
            raise _err(path, line, f"expectation: unknown player {p!r}")
        actual = st.player(p).get(key, 0)
        return Outcome(f"{p}'s {key} = {spec.get('equals')!r}", actual == spec.get("equals"),
                       spec.get("equals"), actual, line)
    if kind == "extra":
        return _check_extra(game, spec, line)
    if kind == "score":
        return _check_score(game, spec, line, path)
    if kind == "ending":
        declared = game.gamedef.endings
        if declared and spec not in declared and spec != "unfinished":
            raise _err(path, line, f"expectation: {game.gamedef.title} has no ending {spec!r} (its endings: "
                       f"{', '.join([*declared, 'unfinished'])})")
        res = game.result
        if res is None:
            return Outcome(f"the game ends as {spec!r}", False, spec, "the game is not over", line)
        return Outcome(f"the game ends as {spec!r}", res.ending == spec, spec, res.ending, line)
    if kind in ("winners", "scores", "over"):
        res = game.result
        if kind == "over":
            return Outcome(f"the game is {'over' if spec else 'not over'}", game.is_over == bool(spec),
                           bool(spec), game.is_over, line)
        if res is None:
            return Outcome(f"{kind} {spec!r}", False, spec, "the game is not over", line)
        actual = sorted(res.winners) if kind == "winners" else res.scores
        want = sorted(spec) if kind == "winners" else spec
        return Outcome(f"{kind} {spec!r}", actual == want, spec, actual, line)
    if kind in ("illegal", "legal"):
        d = game.pending
        if d is None:
            return Outcome(f"option {spec!r} is {kind}", False, spec, "no decision is open", line)
        return _check_option(d, spec, kind == "legal", line)
    if kind == "not_offered":
        return _check_not_offered(game.pending, spec, line)
    if kind == "refused":
        return _check_refused(game, spec, line)
    if kind == "pending":
        return _check_pending(game, spec, line)
    if kind == "fired":
        return _check_fired(game, spec, line)
    if kind == "fired_in_order":
        return _check_fired_in_order(game, spec, line)
    raise _err(path, line, f"unknown expectation {kind!r}")  # pragma: no cover - parse() refuses it


def check_scenario(path: str | Path, variant: str | None = None,
                   options: dict[str, Any] | None = None) -> Scenario:
    """Run a scenario file and report each expectation; `variant` and `options` override
    and add to the file's (as `tablekit check --variant/--option/--ruling` does)."""
    data = read(path)
    _, outcomes = run(data, str(path), variant, options)
    return Scenario(str(path), data, data["game"], data.get("title", ""), outcomes)


# -- writing -------------------------------------------------------------------------

def to_yaml(game: Game, title: str = "", description: str = "") -> str:
    """The game's current position as a scenario file: every zone with its cards,
    card state, counters, the settable extra state, and the current rule as the start."""
    st = game.state
    gamedef = game.gamedef
    players_out = {}
    for p in st.players:
        counters = {k: v for k, v in p.items() if k != "name"}
        if counters:
            players_out[p["name"]] = counters
    cards_out = {uid: {k: v for k, v in cs.items() if k != "card"}
                 for uid, cs in st.cards.items() if len(cs) > 1}
    settable = gamedef.settable_extra_keys()
    # only what a scenario may set, and only values it accepts (a None a key cannot hold is left out)
    extra_out = {k: v for k, v in st.extra.items()
                 if k in settable and isinstance(v, settable[k][0])}
    data: dict[str, Any] = {
        "format_version": SCENARIO_FORMAT_VERSION,
        "game": game.id,
        "title": title or f"{gamedef.title}: a position saved at record {len(game.history)}",
    }
    if description:
        data["description"] = description
    if st.variant:
        data["variant"] = st.variant
    if st.options:
        data["options"] = st.options
    data["players"] = game.players
    data["seed"] = st.seed
    setup: dict[str, Any] = {"zones": {z: list(c) for z, c in st.zones.items() if c}}
    if cards_out:
        setup["cards"] = cards_out
    if players_out:
        setup["players"] = players_out
    if extra_out:
        setup["extra"] = json.loads(json.dumps(extra_out))
    data["setup"] = setup
    busy = [f for f in st.cursor if "n" not in f and not ("fx" in f and f["st"] == "new")]
    if busy:
        what = busy[-1].get("label") or busy[-1].get("fx") or "an event"
        raise TablekitError(f"{what} is part-way through its resolution, and a scenario file starts "
                            "an effect from its beginning: step or choose until it has resolved, or "
                            "keep the game with save() instead")
    if len(game.cursor) > 1:
        data["start"] = {"at": list(game.cursor[1:])}
        if game.turn is not None:
            data["start"]["turn"] = game.turn
        stack = [{k: v for k, v in {"effect": f["fx"], "source": f["src"], "controller": f["ctl"],
                                    "ability": f["ab"], "args": f["args"], "data": f["data"] or None}.items()
                  if v is not None} for f in st.cursor if "fx" in f]
        if stack:
            data["start"]["stack"] = json.loads(json.dumps(stack))
        if st.lasting:
            data["start"]["lasting"] = json.loads(json.dumps(
                [{k: v for k, v in e.items() if k not in ("id", "ends") and v is not None} for e in st.lasting]))
        if st.triggers:
            data["start"]["triggers"] = json.loads(json.dumps(
                [{k: v for k, v in {"source": t["source"], "ability": t["ability"],
                                    "controller": t["controller"], "card": t.get("card"),
                                    "data": t.get("data"), "event": t.get("event")}.items() if v is not None}
                 for t in st.triggers]))
    data["expect"] = []
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)
