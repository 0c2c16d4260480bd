"""Reading a scenario file: its size, YAML and schema, before any game is built."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .. import schemas
from ..errors import ScenarioError
from ..registry import registry
from ..schemas import FILE_NAMES
from ..yamlio import LineDict, load_yaml, read_text
from .fileformat import MAX_BYTES, error_at, line_of
from .versions import migrate

_SCHEMAS: dict[str, tuple[Any, dict]] = {}


def game_schema(game_id: str) -> dict:
    """The scenario schema for one game (cached; the registry's game object is the key)."""
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
    if len(text.encode("utf-8")) > MAX_BYTES:
        raise ScenarioError(f"{path}: the file is larger than {MAX_BYTES} bytes")
    data = load_yaml(text, path, ScenarioError)
    if not isinstance(data, LineDict) or "format_version" not in data or "game" not in data:
        # not a scenario at all (a password file given by mistake...): quote nothing of it
        raise error_at(path, 1, "not a scenario file: a scenario is a mapping with format_version, game, "
                   "players, ... (see docs/scenarios.md)")
    game = data["game"]
    if not isinstance(game, str) or game not in registry():
        raise error_at(path, line_of(data, "game"), f"unknown game {game!r} (games: {', '.join(registry())})")
    data.migrated = migrate(data, registry()[game], path)  # an older format, read as it was meant
    schemas.check(data, game_schema(game), path, ScenarioError, schemas.dotted, key=f"scenario:{game}")
    start = data.get("start") or {}
    if isinstance(start.get("at"), str):
        at = [p for p in start["at"].split("/") if p]
        if not at:
            raise error_at(path, line_of(start, "at"), "start.at is a node path below the root: "
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
        raise error_at(path, line_of(e, kind), "a zone expectation needs equals, contains, not_contains "
                   "or count")
    if kind == "extra" and isinstance(spec.get("key"), str) and spec["key"].startswith("_"):
        public = FILE_NAMES.get(spec["key"])
        raise error_at(path, line_of(e, kind), f"extra {spec['key']!r} is the engine's private state, which a file "
                       "does not name" + (f": its name in a file is {public!r}" if public else ""))
    if kind == "extra" and len(set(spec) & {"equals", "includes"}) != 1:
        raise error_at(path, line_of(e, kind), "an extra expectation needs either equals (the whole value) "
                   "or includes (the keys it must have, with their values)")
    if kind == "pending" and isinstance(spec, dict) and {"options", "options_any_order"} <= set(spec):
        raise error_at(path, line_of(e, kind), "a pending expectation gives options (in order) or "
                   "options_any_order, not both")
    if kind == "fired" and isinstance(spec, dict) and \
            not set(spec) & {"rule", "node", "text_contains"}:
        raise error_at(path, line_of(e, kind), "a fired expectation needs rule, node or text_contains")
    if kind == "fired_in_order" and any(isinstance(i, dict) and not i for i in spec):
        raise error_at(path, line_of(e, kind), "each item of fired_in_order is a rule id or {rule, node, "
                   "text_contains}")


def read(path: str | Path) -> dict:
    return parse(read_text(path, ScenarioError, MAX_BYTES), str(path))
