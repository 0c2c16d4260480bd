"""Running a scenario: its scripted decisions with their checks, then `run`, then `expect`."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import IllegalChoice, ScenarioError, TablekitError
from .building import build
from .checks import (
    as_list,
    check_expectation,
    check_not_offered,
    check_option,
    check_refused,
                     check_unavailable,
    describe_match,
    record_matches,
    times_words,
)
from .fileformat import error_at, line_of
from .outcome import Outcome, Scenario
from .reading import read

if TYPE_CHECKING:  # pragma: no cover
    from ..engine import Game


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
        raise error_at(path, line_of(data, "decisions" if script else "run"), str(exc)) from None
    except Exception as exc:  # noqa: BLE001 - the position broke the rules: say so, with where
        where = " › ".join(game.path) or "the start"
        raise error_at(path, line_of(data, "setup" if "setup" in data else "start"),
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
    line = line_of(settings, "stop_after")
    if not match:
        raise error_at(path, line, "run.stop_after needs rule, node or text_contains (and may give times)")
    name = match.get("node")
    if name is not None:
        node = next((n for n in game.flow.walk() if n.name == name), None)
        if node is None or node.children:
            what = "a group of rules" if node is not None else "no rule"
            raise error_at(path, line, f"run.stop_after: {name!r} is {what}; "
                       "name a single rule (a step or a decision)")
    return match, 1 if isinstance(spec, str) else spec.get("times", 1)


def _play(game: Game, data: dict, path: str, script: list, settings: dict,
          stop: tuple[dict, int] | None) -> list[Outcome]:
    limit = settings.get("max_records", 5000)
    outcomes: list[Outcome] = []
    if _play_script(game, path, script, limit, outcomes):
        _apply_run(game, settings, stop, limit, outcomes)
    for e in data.get("expect") or []:
        outcomes.append(check_expectation(game, e, path))
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
            raise error_at(path, line_of(item, "choose"), f"scripted decision #{k + 1} is illegal at "
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
                   f"{found}; {rest} and run are not played", line_of(item))


_DECISION_CHECKS = ("expect_illegal", "expect_legal", "expect_not_offered", "expect_unavailable",
                    "expect_refused", "expect")


def _decision_checks(game: Game, item: dict, d: Any, path: str) -> list[Outcome]:
    """The checks of one scripted decision, in the file's order, on the decision as it is
    asked (before its choice is played)."""
    out: list[Outcome] = []
    for key in (k for k in item if k in _DECISION_CHECKS):
        for e, line in _with_lines(item[key], line_of(item, key)):
            if key == "expect":
                out.append(check_expectation(game, e, path))
            elif key == "expect_not_offered":
                out.append(check_not_offered(d, e, line))
            elif key == "expect_unavailable":
                out.append(check_unavailable(game, d, e, line))
            elif key == "expect_refused":
                out.append(check_refused(game, e, line))
            else:
                out.append(check_option(d, e, key == "expect_legal", line, game.gamedef))
    return out


def _with_lines(spec: Any, line: int) -> list[tuple[Any, int]]:
    """One check or a list of them (expect_refused: each an option id, or {choose: an id or
    a list of ids chosen together, reason_contains}), each with its own line in the file
    (`line`, the key's, for one given alone)."""
    items = as_list(spec)
    lines = getattr(spec, "item_lines", None) or [line] * len(items)
    return [(e, line_of(e) or at) for e, at in zip(items, lines)]


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
        if record_matches(game.step(), match, game.gamedef.text_aliases):
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
    return Outcome(f"run.stop_after {describe_match(match)} is applied {times_words(times)}", False,
                   settings.get("stop_after"), f"applied {times_words(reached)}, then {why}",
                   line_of(settings, "stop_after"))


def check_scenario(path: str | Path, variant: str | None = None,
                   options: dict[str, Any] | None = None) -> Scenario:
    """Run a scenario file and report each expectation; `variant` and `options` override
    and add to the file's (as `tablekit check --variant/--option/--ruling` does)."""
    data = read(path)
    _, outcomes = run(data, str(path), variant, options)
    return Scenario(str(path), data, data["game"], data.get("title", ""), outcomes)
