"""Scenario files of an older format, read as they were meant: the version steps.

A file names its `format_version`. `migrate(data, gamedef, path)` brings an older
file to the current version in place, one version step at a time, and returns
what it changed, in words. The loader (reading.py) runs it before the schema check,
so an old file loads as it always did; `tablekit migrate FILE...` shows the same
changes and, with `--write`, rewrites the file keeping its comments (migrate.py,
which reads the file with the loader, so it lies above it).

The steps work on any mapping: the loader's (LineDict: each key keeps its line,
so errors still point at the file's own lines) and ruamel.yaml's round-trip data
(each key keeps its place and its comments).

Version 1 to 2:
* `expect_not_offered` (a decision's) and `not_offered` (an expectation) become
  `expect_unavailable` and `unavailable`: "not offered, or offered as illegal".
  Version 1 was written when a forbidden try was sometimes left out of a
  decision; a try shown since as illegal with its reason does not contradict it.
* for the same reason a `pending` expectation that lists the options exactly
  gains `more_illegal: true` (other options may be offered, if illegal);
* `setup.extra.turn`, this turn's data before it was named `_this_turn`;
* state the game no longer keeps (`GameDef.retired_state`: Labyrinth's `chain`,
  `sub`, `winner`): dropped when empty, refused with the reason otherwise;
* card states that became lasting effects (`GameDef.retired_card_states`: LFG's
  `protected`) become those lasting effects in `start.lasting`;
* renamed option ids need no change: the game keeps their old names as aliases
  (`GameDef.option_aliases`); the changes name them.
A card the game no longer has as many copies of is not invented: the loader
refuses it at its line with the game's count.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..schemas import FILE_NAMES
from ..yamlio import LineDict, LineList
from .fileformat import SCENARIO_FORMAT_VERSION, error_at, line_of

if TYPE_CHECKING:
    from ..gamedef import GameDef

OLDEST = 1  # the oldest format version a migration step reads
EMPTY = (None, {}, [], False, 0, "")


def migrate(data: dict, gamedef: GameDef, path: str = "<scenario>") -> list[str]:
    """Bring `data` (a parsed scenario of `gamedef`'s game) to the current format in
    place; what changed, in words (empty for a current file). Raises ScenarioError,
    with the line, for what cannot be carried over."""
    changes: list[str] = []
    _EDITS.clear()
    version = data.get("format_version")
    if type(version) is not int or not OLDEST <= version <= SCENARIO_FORMAT_VERSION:
        raise error_at(path, line_of(data, "format_version"),
                       f"format_version {version!r} is not one this tablekit reads "
                       f"(it reads {OLDEST} to {SCENARIO_FORMAT_VERSION})")
    if version == 1:
        changes += _v1_to_v2(data, gamedef, path)
        set_value(data, "format_version", 2)
        changes.append("format_version 1 -> 2")
    if isinstance(data, LineDict):
        data.edits = list(_EDITS)
    return changes


# -- version 1 to 2 --------------------------------------------------------------------

def _v1_to_v2(data: dict, gamedef: GameDef, path: str) -> list[str]:
    changes: list[str] = []
    setup = data.get("setup")
    if isinstance(setup, dict):
        extra = setup.get("extra")
        if isinstance(extra, dict):
            changes += _turn_data(extra, gamedef)
            changes += _retired_state(extra, gamedef, path)
        cards = setup.get("cards")
        if isinstance(cards, dict):
            changes += _retired_card_states(data, cards, gamedef, path)
    for where, item in _decisions(data):
        if "expect_not_offered" in item:
            rename_key(item, "expect_not_offered", "expect_unavailable")
            changes.append(f"{where}: expect_not_offered -> expect_unavailable")
    for where, e in _expectations(data):
        if "not_offered" in e:
            rename_key(e, "not_offered", "unavailable")
            changes.append(f"{where}: not_offered -> unavailable")
        changes += _turn_expectation(where, e, gamedef)
        spec = e.get("pending")
        if isinstance(spec, dict) and ({"options", "options_any_order"} & set(spec)) \
                and "more_illegal" not in spec:
            add_key(spec, "more_illegal", True)
            changes.append(f"{where}: pending lists its options as version 1 did (more_illegal: true)")
    olds = sorted({oid for _, item in _decisions(data) for oid in _ids(item)} & set(gamedef.option_aliases))
    for oid in olds:
        changes.append(f"option {oid!r} is an old name of {gamedef.option_aliases[oid]!r}, kept as an alias")
    return changes


def _turn_data(extra: dict, gamedef: GameDef) -> list[str]:
    """The core's state under its file names (`_this_turn` -> `this_turn`), and this turn's
    data under its first name (`turn`) too."""
    changes = []
    if "turn" in extra and "turn" not in gamedef.settable_extra and "_this_turn" not in extra:
        rename_key(extra, "turn", "this_turn")
        changes.append("setup.extra: turn -> this_turn (this turn's data)")
    for key, name in FILE_NAMES.items():
        if key in extra and name not in extra:
            rename_key(extra, key, name)
            changes.append(f"setup.extra: {key} -> {name} (the engine's own name -> the file's)")
    return changes


def _turn_expectation(where: str, e: dict, gamedef: GameDef) -> list[str]:
    """`extra: {key: turn, equals: {...}}`: this turn's data under its new name; the keys
    it held then are checked (`includes`), since the game keeps more of them now."""
    spec = e.get("extra")
    if not isinstance(spec, dict):
        return []
    old = spec.get("key")
    if old in FILE_NAMES:
        set_value(spec, "key", FILE_NAMES[old])
        return [f"{where}: extra {old} -> {FILE_NAMES[old]}"]
    if spec.get("key") != "turn" or "turn" in gamedef.settable_extra:
        return []
    set_value(spec, "key", "this_turn")
    wanted = spec.get("equals")
    if isinstance(wanted, dict):
        for name in gamedef.retired_state:
            if name.startswith("turn.") and name[len("turn."):] in wanted:
                drop_key(wanted, name[len("turn."):])
        rename_key(spec, "equals", "includes")
    return [f"{where}: extra turn -> this_turn (the keys it gave, with includes)"]


def _retired_state(extra: dict, gamedef: GameDef, path: str) -> list[str]:
    changes: list[str] = []
    for name, why in gamedef.retired_state.items():
        holder, key, shown = extra, name, f"setup.extra.{name}"
        if name.startswith("turn."):
            holder, key = extra.get("this_turn"), name[len("turn."):]
            shown = f"setup.extra.this_turn.{key}"
        if not isinstance(holder, dict) or key not in holder:
            continue
        if holder[key] not in EMPTY:
            raise error_at(path, line_of(holder, key),
                           f"{shown} is state {gamedef.title} no longer keeps ({why}), and it is not "
                           "empty here, so the file cannot be carried over: set the position anew")
        drop_key(holder, key)
        changes.append(f"{shown} dropped: {why}")
    return changes


def _retired_card_states(data: dict, cards: dict, gamedef: GameDef, path: str) -> list[str]:
    changes: list[str] = []
    for uid, states in cards.items():
        if not isinstance(states, dict):
            continue
        for key, lasting in gamedef.retired_card_states.items():
            if key not in states:
                continue
            line, value = line_of(states, key), states[key]
            drop_key(states, key)
            if value in EMPTY:
                changes.append(f"setup.cards.{uid}.{key} dropped (false)")
                continue
            if value is not True:
                raise error_at(path, line, f"setup.cards.{uid}.{key} is true or false, not {value!r}")
            start = data.get("start")
            if not isinstance(start, dict) or "at" not in start:
                raise error_at(path, line, f"setup.cards.{uid}.{key} is now a lasting effect, which a "
                               "start inside the flow holds: give start.at")
            card = gamedef.cards.get(uid.split("#")[0])
            entry = _like(start, {**lasting, "text": lasting["text"].format(name=card.name if card else uid),
                                  "targets": [uid]}, line)
            if "lasting" not in start:
                add_key(start, "lasting", _list_like(start, [], line))
                _log("unsupported")  # a new list of mappings: written by the round trip
            append(start["lasting"], entry, line)
            changes.append(f"setup.cards.{uid}.{key} -> a lasting {lasting.get('kind')} in start.lasting")
    return changes


def _decisions(data: dict) -> list[tuple[str, dict]]:
    items = data.get("decisions")
    if not isinstance(items, list):
        return []
    return [(f"decision #{k + 1}", d) for k, d in enumerate(items) if isinstance(d, dict)]


def _expectations(data: dict) -> list[tuple[str, dict]]:
    out = [(f"expect #{k + 1}", e) for k, e in enumerate(data.get("expect") or []) if isinstance(e, dict)]
    for where, d in _decisions(data):
        out += [(f"{where}, expect #{k + 1}", e) for k, e in enumerate(d.get("expect") or [])
                if isinstance(e, dict)]
    return out


def _ids(item: dict) -> list[str]:
    """The option ids a scripted decision names (its choice and its checks)."""
    out: list[str] = []
    for key in ("choose", "expect_legal", "expect_illegal", "expect_unavailable", "expect_refused"):
        for x in item.get(key) if isinstance(item.get(key), list) else [item.get(key)]:
            if isinstance(x, str):
                out.append(x)
            elif isinstance(x, dict):
                out += [v for v in ([x.get("option")] + (x.get("choose") if isinstance(x.get("choose"), list)
                                                          else [x.get("choose")])) if isinstance(v, str)]
    return out


# -- changing a mapping in place, whoever read it ------------------------------------------

def _is_round_trip(node: Any) -> bool:
    return hasattr(node, "ca") and hasattr(node, "insert")  # ruamel.yaml's CommentedMap/Seq


# What the loader's copy changed, by line, so that `migrate_text` can make the same
# changes to the text itself and leave every other character as the writer wrote it.
_EDITS: list[tuple] = []


def _log(*edit: Any) -> None:
    _EDITS.append(edit)


def set_value(m: dict, key: str, value: Any) -> None:
    if isinstance(m, LineDict):
        _log("value", m.line_of(key), key, m[key], value)
    m[key] = value


def drop_key(m: dict, key: str) -> None:
    if isinstance(m, LineDict):
        _log("drop", m.line_of(key), key)
    del m[key]


def rename_key(m: dict, old: str, new: str) -> None:
    """Rename a key where it stands, keeping its line (LineDict) or its comments (ruamel)."""
    if _is_round_trip(m):
        pos = list(m).index(old)
        value = m.pop(old)
        m.insert(pos, new, value)
        if old in m.ca.items:
            m.ca.items[new] = m.ca.items.pop(old)
        return
    if isinstance(m, LineDict):
        _log("rename", m.line_of(old), old, new)
    items = list(m.items())
    m.clear()
    for k, v in items:
        m[new if k == old else k] = v
    if isinstance(m, LineDict):
        m.key_lines[new] = m.key_lines.pop(old, m.line)


def add_key(m: dict, key: str, value: Any) -> None:
    """Add a key at the end, on its mapping's last line (LineDict)."""
    if isinstance(m, LineDict):
        _log("add", m.line, key, value)
        m.key_lines[key] = max(m.key_lines.values(), default=m.line)
    m[key] = value


def _like(parent: Any, mapping: dict, line: int) -> dict:
    if isinstance(parent, LineDict):
        out = LineDict(mapping)
        out.line, out.key_lines = line, {k: line for k in mapping}
        return out
    return dict(mapping)


def _list_like(parent: Any, items: list, line: int) -> list:
    if isinstance(parent, LineDict):
        out = LineList(items)
        out.line, out.item_lines = line, [line] * len(items)
        return out
    return list(items)


def append(seq: list, item: Any, line: int) -> None:
    seq.append(item)
    if isinstance(seq, LineList):
        seq.item_lines = [*getattr(seq, "item_lines", []), line]
