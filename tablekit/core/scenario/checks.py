"""Checking one expectation of a scenario against the game as it stands."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ..errors import TablekitError
from ..schemas import STATE_NAMES
from .fileformat import error_at, line_of
from .outcome import Outcome

if TYPE_CHECKING:  # pragma: no cover
    from ..engine import Game


def times_words(n: int) -> str:
    return "1 time" if n == 1 else f"{n} times"


def as_list(x: Any) -> list:
    if x is None:
        return []
    return x if isinstance(x, list) else [x]


def check_option(d, e: Any, want_legal: bool, line: int, gamedef: Any) -> Outcome:
    if isinstance(e, str):
        e = {"option": e}
    oid = e.get("option")
    what = f"option {oid!r} is {'legal' if want_legal else 'illegal'}"
    oid = gamedef.resolve_option(d, oid)  # an old name of a renamed option
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


def check_unavailable(game: Game, d: Any, e: Any, line: int) -> Outcome:
    """An option the player cannot choose: not offered, or offered as illegal (with the
    reason, if one is asked for), for a writer who does not care which."""
    if isinstance(e, str):
        e = {"option": e}
    oid, want = e.get("option"), e.get("reason_contains")
    what = f"option {oid!r} cannot be chosen" + (f" (if offered, reason contains {want!r})" if want else "")
    if d is None:
        return Outcome(what, False, e, "no decision is open", line)
    oid = game.gamedef.resolve_option(d, oid)
    if oid not in d:
        return Outcome(what, True, e, "not offered", line)
    o = d.option(oid)
    if o.legal:
        return Outcome(what, False, e, "offered, legal", line)
    return Outcome(what, want is None or want in o.reason, e, f"offered, illegal: {o.reason}", line)


def check_not_offered(d: Any, oid: str, line: int) -> Outcome:
    """An option the decision does not offer at all (not: offered as illegal)."""
    what = f"option {oid!r} is not offered"
    if d is None:
        return Outcome(what, False, "not offered", "no decision is open", line)
    if oid not in d:
        return Outcome(what, True, "not offered", "not offered", line)
    o = d.option(oid)
    return Outcome(what, False, "not offered",
                   "offered, legal" if o.legal else f"offered, illegal: {o.reason}", line)


def check_refused(game: Game, spec: Any, line: int) -> Outcome:
    """Try a choice that the game must refuse; the position stays as it was (a choice
    the game accepts is reported and undone, so the run goes on unchanged)."""
    if not isinstance(spec, dict):
        spec = {"choose": spec}
    ids = as_list(spec.get("choose"))
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


def record_matches(r: Any, spec: dict, reworded: Mapping[str, str] | None = None) -> bool:
    """A record matches {rule, node, text_contains}: every part given. `reworded` (the
    game's `GameDef.text_aliases`, old words -> new) lets words a file quotes from an
    older wording of a record match the record as it reads now."""
    return (("rule" not in spec or r.rule == spec["rule"])
            and ("node" not in spec or spec["node"] in (r.node[-1], r.path[-1] if r.path else None))
            and ("text_contains" not in spec or text_contains(r.text, spec["text_contains"], reworded)))


def text_contains(text: str, words: str, reworded: Mapping[str, str] | None = None) -> bool:
    """Whether `text` holds `words`, as written or with the game's rewordings applied."""
    if words in text:
        return True
    now = words
    for old, new in (reworded or {}).items():
        now = now.replace(old, new)
    return now != words and now in text


def describe_match(spec: dict) -> str:
    return ", ".join(f"{k} {spec[k]!r}" for k in ("rule", "node", "text_contains") if k in spec)


def _as_match(item: Any) -> dict:
    return {"rule": item} if isinstance(item, str) else {k: v for k, v in item.items() if k != "times"}


def _check_fired(game: Game, spec: Any, line: int) -> Outcome:
    match = _as_match(spec)
    hits = [r for r in game.history if record_matches(r, match, game.gamedef.text_aliases)]
    times = spec.get("times") if isinstance(spec, dict) else None
    if times is None:
        return Outcome(f"a rule fired: {dict(spec) if isinstance(spec, dict) else {'rule': spec}!r}", bool(hits),
                       spec, hits[0].text if hits else [r.rule for r in game.history][-8:], line)
    return Outcome(f"a rule fired {times_words(times)}: {describe_match(match)}", len(hits) == times, spec,
                   {"times": len(hits), "records": [r.index for r in hits]}, line)


def _check_fired_in_order(game: Game, items: list, line: int) -> Outcome:
    """Records matching each item, one after another (other records may come between)."""
    matches = [_as_match(i) for i in items]
    what = "rules fired in this order: " + "; ".join(describe_match(m) for m in matches)
    found: list[int] = []  # positions in the history
    for m in matches:
        start = found[-1] + 1 if found else 0
        reworded = game.gamedef.text_aliases
        at = next((i for i in range(start, len(game.history)) if record_matches(game.history[i], m, reworded)),
                  None)
        if at is None:
            got = [f"{describe_match(x)} at record {i}" for x, i in zip(matches, found)]
            miss = f"no {describe_match(m)}" + (f" after record {found[-1]}" if found else "")
            earlier = [str(i) for i in range(start) if record_matches(game.history[i], m, reworded)]
            if earlier:
                miss += f" (only at record {', '.join(earlier)}, before)"
            return Outcome(what, False, items, "; ".join(got + [miss]), line)
        found.append(at)
    return Outcome(what, True, items, {"records": found}, line)


_NOT_SET = "(not set)"


def includes(actual: Any, wanted: Any) -> bool:
    """`wanted` is part of `actual`: every key a mapping gives matches, level by level;
    anything else (a list, a number, text) must be equal."""
    if isinstance(wanted, dict):
        return isinstance(actual, dict) and all(k in actual and includes(actual[k], v)
                                                for k, v in wanted.items())
    return actual == wanted


def _part(actual: Any, wanted: Any) -> Any:
    """What `actual` holds at the keys `wanted` names (for the report)."""
    if isinstance(wanted, dict) and isinstance(actual, dict):
        return {k: _part(actual[k], v) if k in actual else _NOT_SET for k, v in wanted.items()}
    return actual


def _check_extra(game: Game, spec: dict, line: int) -> Outcome:
    key = spec.get("key")
    key = STATE_NAMES.get(key, key)  # this_turn: the state's _this_turn
    actual = game.state.extra.get(key, _NOT_SET if "includes" in spec else None)
    if "includes" in spec:
        wanted = spec["includes"]
        return Outcome(f"extra {key} includes {wanted!r}", includes(actual, wanted), wanted,
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
        raise error_at(path, line, f"expectation: unknown player {p!r}")
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
    wanted = {k: v for k, v in wanted.items() if k != "more_illegal"}
    for k in ("options", "options_any_order"):
        if k in wanted:  # an old name of a renamed option stands for its new one
            wanted[k] = [game.gamedef.resolve_option(d, oid) for oid in wanted[k]]
    listed = set(wanted.get("options", wanted.get("options_any_order", ())))
    # more_illegal: an option offered as illegal that the list leaves out does not count
    # (a version 1 file was written when forbidden tries were sometimes not shown)
    offered = [o.id for o in d.options
               if o.legal or o.id in listed or not (isinstance(spec, dict) and spec.get("more_illegal"))]
    found = {"player": d.player, "kind": d.kind, "options": offered, "min": d.min, "max": d.max}
    found["options_any_order"] = found["options"]
    ok = all(sorted(found[k]) == sorted(v) if k == "options_any_order" else found[k] == v
             for k, v in wanted.items())
    actual = {k: found[k] for k in wanted} if set(wanted) - {"player", "kind"} else \
        {"player": d.player, "kind": d.kind}
    return Outcome(f"open decision {spec!r}", ok, spec, actual, line)


def check_expectation(game: Game, e: dict, path: str) -> Outcome:
    kind, spec = next(iter(e.items()))
    line = line_of(e, kind)
    st = game.state
    if kind == "zone":
        name = spec.get("name")
        if name not in st.zones:
            raise error_at(path, line, f"expectation: unknown zone {name!r}")
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
            raise error_at(path, line, "a zone expectation needs equals, contains, not_contains or count")
        return Outcome(f"zone {name}: " + ", ".join(f"{k} {spec[k]!r}" for k, _ in checks),
                       all(ok for _, ok in checks), dict(spec), actual, line)
    if kind == "card":
        uid = spec.get("uid")
        if uid not in st.cards:
            raise error_at(path, line, f"expectation: unknown card {uid!r}")
        actual = {"zone": st.card_zone[uid], **{k: v for k, v in st.cards[uid].items() if k != "card"}}
        wanted = {k: v for k, v in spec.items() if k != "uid"}
        ok = all(actual.get(k) == v for k, v in wanted.items())
        return Outcome(f"card {uid}: " + ", ".join(f"{k} = {v!r}" for k, v in wanted.items()), ok,
                       wanted, {k: actual.get(k) for k in wanted}, line)
    if kind == "counter":
        p, key = spec.get("player"), spec.get("key")
        if p not in game.players:
            raise error_at(path, line, f"expectation: unknown player {p!r}")
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
            raise error_at(path, line, f"expectation: {game.gamedef.title} has no ending {spec!r} (its endings: "
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
        return check_option(d, spec, kind == "legal", line, game.gamedef)
    if kind == "not_offered":
        return check_not_offered(game.pending, spec, line)
    if kind == "unavailable":
        return check_unavailable(game, game.pending, spec, line)
    if kind == "refused":
        return check_refused(game, spec, line)
    if kind == "pending":
        return _check_pending(game, spec, line)
    if kind == "fired":
        return _check_fired(game, spec, line)
    if kind == "fired_in_order":
        return _check_fired_in_order(game, spec, line)
    raise error_at(path, line, f"unknown expectation {kind!r}")  # pragma: no cover - parse() refuses it
