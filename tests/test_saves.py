"""Saves from strangers: `tablekit.load` checks every part of a save before it
uses it, and every way a save can be wrong is one SaveFormatError with a
one-line message (never another exception, never a hang)."""

from __future__ import annotations

import copy
import json
import os
import random
from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tablekit
from tablekit.core.timeline import MAX_SAVE_BYTES

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("creatures", "labyrinth", "lfg")
FUZZ_EXAMPLES = int(os.environ.get("TABLEKIT_FUZZ_EXAMPLES") or 300)


# -- real saves of the three games ------------------------------------------------------

@lru_cache(maxsize=None)
def _saves() -> dict[str, str]:
    """For each game: a save of a new game part-way through (no base state),
    and saves of scenario positions (a hand-built base state, some inside a
    resolution), each with undo history and a redo list."""
    out: dict[str, str] = {}
    for gid in GAMES:
        g = tablekit.new_game(gid, players=3, seed=11)
        g.run(until="end", bots="random", max_records=25)
        g.undo()
        out[f"{gid}:new"] = g.save()
        for path in sorted((ROOT / "scenarios" / gid).glob("*.yaml"))[:2]:
            g = tablekit.load_scenario(path)
            g.run(until="end", bots="random", max_records=12)
            if g.history:
                g.undo()
            out[f"{gid}:{path.stem}"] = g.save()
    return out


def save_of(gid: str, with_base: bool = True) -> dict:
    key = next(k for k in _saves() if k.startswith(gid + ":") and (k.endswith(":new") != with_base))
    return json.loads(_saves()[key])


def engine_base(data: dict) -> dict:
    """A save with a hand-built start as format 2 writes it: the start as the engine's own
    state (what older saves hold, and what a save still writes when the public fields of
    format 3 cannot say its start). Its checks are the ones tried below."""
    if data["base"] is None or data["format_version"] == 2:
        return data
    g = tablekit.load(json.dumps(data))
    return {**data, "format_version": 2, "base": json.loads(json.dumps(g._base))}


def refused(data_or_text, *words: str) -> tablekit.SaveFormatError:
    text = data_or_text if isinstance(data_or_text, (str, bytes)) else json.dumps(data_or_text)
    with pytest.raises(tablekit.SaveFormatError) as info:
        tablekit.load(text)
    msg = str(info.value)
    assert "\n" not in msg and len(msg) < 400, f"not one short line: {msg!r}"
    for w in words:
        assert w.lower() in msg.lower(), f"{w!r} is not in the message {msg!r}"
    return info.value


def test_the_real_saves_load_back():
    for key, text in _saves().items():
        g = tablekit.load(text)
        assert g.save() == text, key


# -- the save's own fields -----------------------------------------------------------------

@pytest.mark.parametrize("version", [2.0, "2", True, None, [2], 1.5, -2],
                         ids=["float", "string", "true", "null", "list", "fraction", "negative"])
def test_format_version_is_exactly_the_integer_2(version):
    data = save_of("creatures", with_base=False)
    data["format_version"] = version
    refused(data, "format_version")
    del data["format_version"]
    refused(data, "format_version")


def test_a_save_over_10_mb_is_refused():
    data = save_of("creatures", with_base=False)
    data["padding"] = "x" * MAX_SAVE_BYTES
    refused(data, "10 MB")
    refused(json.dumps(data).encode(), "10 MB")


def test_duplicate_keys_are_refused():
    text = _saves()["creatures:new"]
    refused(text.replace('"seed":', '"seed": 1, "seed":', 1), "repeats", "seed")
    data = save_of("labyrinth")
    inner = json.dumps(data).replace('"rng":', '"rng": 1, "rng":', 1)
    refused(inner, "repeats", "rng")


@pytest.mark.parametrize("depth", [100_000, 5_000, 150])
def test_deep_nesting_is_refused(depth):
    refused("[" * depth, "")
    refused("[" * depth + "]" * depth, "nested")
    data = engine_base(save_of("creatures"))
    data["base"]["extra"]["deep"] = json.loads("[" * 140 + "]" * 140)
    refused(data, "nested")


@pytest.mark.parametrize("text", ["", "null", "[]", "7", '"a save"', "{", "NaN",
                                  '{"format_version": NaN}', "\udcff"])
def test_not_a_save_object(text):
    refused(text, "")


@pytest.mark.parametrize("value", [None, 7, "text", {}, True])
def test_not_text_at_all(value):
    if value is None or isinstance(value, (int, dict)):
        with pytest.raises(tablekit.SaveFormatError):
            tablekit.load(value)


@pytest.mark.parametrize("kind,choice", [("move", None), (None, None), ("choice", "play:7S"),
                                         ("choice", [7]), ("choice", None), ("step", ["x"])],
                         ids=["unknown", "missing", "choice-string", "choice-number",
                              "choice-missing", "step-with-choice"])
def test_record_kinds_are_checked(kind, choice):
    data = save_of("creatures", with_base=False)
    rec: dict = {}
    if kind is not None:
        rec["kind"] = kind
    if choice is not None:
        rec["choice"] = choice
    data["records"][0] = rec
    refused(data, "record 0")


def test_records_must_be_a_list_of_objects():
    data = save_of("lfg", with_base=False)
    for bad in ({"kind": "step"}, "step", ["step"]):
        data["records"] = bad
        refused(data, "record")


@pytest.mark.parametrize("position", [-1, 10**9, "3", 2.0, True, None])
def test_position_is_a_record_number(position):
    data = save_of("creatures", with_base=False)
    data["position"] = position
    refused(data, "position")


@pytest.mark.parametrize("field,value,words", [
    ("players", 10**12, ["players"]),
    ("players", ["Ana"] * 10**5, ["players"]),
    ("players", "Ana,Bo", ["players"]),
    ("players", ["Ana", 3], ["players"]),
    ("seed", "7", ["seed"]),
    ("seed", 7.5, ["seed"]),
    ("seed", True, ["seed"]),
    ("variant", 3, ["variant"]),
    ("variant", "speedrun", ["variant", "speedrun"]),
    ("options", [["a", 1]], ["options"]),
    ("options", {"hand_sise": 4}, ["hand_sise"]),
    ("digest", 7, ["digest"]),
    ("digest", "0123456789abcdef", ["saved position"]),
    ("game", {"id": "creatures"}, ["game"]),
    ("surprise", 1, ["surprise"]),
])
def test_bad_save_fields(field, value, words):
    data = save_of("creatures", with_base=False)
    data[field] = value
    refused(data, *words)


def test_a_missing_field_is_named():
    for field in ("players", "seed", "records", "position"):
        data = save_of("creatures", with_base=False)
        del data[field]
        refused(data, field)


def test_player_count_of_a_trillion_is_refused_at_once():
    with pytest.raises(tablekit.SetupError, match="2 to 4 players, not 1000000000000"):
        tablekit.new_game("creatures", players=10**12)
    with pytest.raises(tablekit.SetupError, match="not 100000"):
        tablekit.new_game("creatures", players=["Ana"] * 100_000)


# -- the base state -------------------------------------------------------------------------

def _base_case(mutate, gid="creatures"):
    data = engine_base(save_of(gid))
    assert data["base"] is not None
    mutate(data["base"], data)
    return data


def _first_card(b):
    return next(u for z in b["zones"].values() for u in z)


def _zone_with_cards(b):
    return next(z for z, uids in b["zones"].items() if uids)


BASE_CASES = {
    "card in two zones": (lambda b, d: b["zones"][next(z for z in b["zones"] if z != _zone_with_cards(b))]
                          .append(_first_card(b)), ["two places"]),
    "card in no zone": (lambda b, d: b["zones"][_zone_with_cards(b)].pop(), ["no zone"]),
    "unknown card in a zone": (lambda b, d: b["zones"][_zone_with_cards(b)].append("ZZ#9"), ["ZZ#9"]),
    "unknown card state": (lambda b, d: b["cards"].__setitem__("ZZ#9", {"card": "ZZ"}), ["ZZ#9"]),
    "card changes identity": (lambda b, d: b["cards"][_first_card(b)].__setitem__("card", "JK"),
                              ["'card'"]),
    "card state not an object": (lambda b, d: b["cards"].__setitem__(_first_card(b), 7), ["state"]),
    "card state missing": (lambda b, d: b["cards"].pop(_first_card(b)), ["no state"]),
    "unknown zone": (lambda b, d: (b["zones"].__setitem__("moon", []),
                                   b["zone_info"].__setitem__("moon", {"visibility": "public"})), ["moon"]),
    "zone missing": (lambda b, d: b["zones"].pop(next(z for z, u in b["zones"].items() if not u))
                     if any(not u for u in b["zones"].values()) else b["zones"].pop("box"), ["zone"]),
    "unknown visibility": (lambda b, d: b["zone_info"][_zone_with_cards(b)].__setitem__("visibility", "glass"),
                           ["visibility", "glass"]),
    "zone owner not a player": (lambda b, d: b["zone_info"][_zone_with_cards(b)].__setitem__("owner", "Zed"),
                                ["Zed"]),
    "cursor node out of range": (lambda b, d: b["cursor"][-1].__setitem__("n", 10**6), ["node"]),
    "cursor node negative": (lambda b, d: b["cursor"][0].__setitem__("n", -1), ["node"]),
    "cursor node a string": (lambda b, d: b["cursor"][0].__setitem__("n", "0"), ["node"]),
    "cursor frame out of its parent": (lambda b, d: b["cursor"].append({"n": 0}), ["frame"]),
    "cursor frame of no kind": (lambda b, d: b["cursor"].append({"zz": 1}), ["frame"]),
    "cursor not a list": (lambda b, d: b.__setitem__("cursor", {"n": 0}), ["cursor"]),
    "rng negative": (lambda b, d: b.__setitem__("rng", -1), ["rng"]),
    "rng too large": (lambda b, d: b.__setitem__("rng", 2**64), ["rng"]),
    "rng a float": (lambda b, d: b.__setitem__("rng", 1.5), ["rng"]),
    "rng a string": (lambda b, d: b.__setitem__("rng", "12"), ["rng"]),
    "another game": (lambda b, d: b.__setitem__("game", "lfg"), ["lfg"]),
    "another seed": (lambda b, d: b.__setitem__("seed", b["seed"] + 1), ["seed"]),
    "other players": (lambda b, d: b["players"][0].__setitem__("name", "Zed"), ["players"]),
    "players not a list": (lambda b, d: b.__setitem__("players", "Ana"), ["players"]),
    "turn of a stranger": (lambda b, d: b.__setitem__("turn", "Zed"), ["Zed"]),
    "over without a result": (lambda b, d: b.__setitem__("over", True), ["over", "result"]),
    "result while not over": (lambda b, d: b.__setitem__("result", {"winners": [], "scores": {}}),
                              ["result", "not over"]),
    "over is a string": (lambda b, d: b.__setitem__("over", "no"), ["over"]),
    "a stranger wins": (lambda b, d: (b.__setitem__("over", True), b.__setitem__("cursor", []),
                                      b.__setitem__("result", {"winners": ["Zed"], "scores": {}})), ["Zed"]),
    "trigger of an unknown card": (lambda b, d: b.__setitem__("triggers", [{"source": "ZZ#1", "ability": 0,
                                                                             "controller": None}]), ["ZZ#1"]),
    "trigger of a card given as a list": (lambda b, d: b.__setitem__("triggers", [{"card": ["a"], "ability": 0,
                                                                                    "controller": None}]),
                                          ["trigger"]),
    "delayed trigger of an effect given as a list": (lambda b, d: b.__setitem__(
        "triggers", [{"effect": ["x"], "event": {}, "controller": None}]), ["trigger"]),
    "trigger_next out of range": (lambda b, d: b.__setitem__("trigger_next", 3), ["trigger_next"]),
    "unknown field": (lambda b, d: b.__setitem__("mood", "sunny"), ["mood"]),
    "missing field": (lambda b, d: b.pop("zones"), ["zones"]),
    "base not an object": (lambda b, d: d.__setitem__("base", [1, 2]), ["base"]),
    "extra not an object": (lambda b, d: b.__setitem__("extra", [1]), ["extra"]),
    # what a scenario may set is checked as in a scenario (Creatures' own checks included)
    "final of 20,000 nulls": (lambda b, d: b["extra"].__setitem__("final", [None] * 20_000),
                              ["'final'", "item 1", "not a player"]),
    "final names a player twice": (lambda b, d: b["extra"].__setitem__("final", ["Ana", "Bo", "Ana"]),
                                   ["'final'", "'Ana'", "twice"]),
    "final not a list": (lambda b, d: b["extra"].__setitem__("final", "Ana"), ["'final'", "wrong type"]),
    "pile 3": (lambda b, d: b["extra"].__setitem__("pile", 3), ["'pile'", "1 or 2"]),
    "first a stranger": (lambda b, d: b["extra"].__setitem__("first", "Zed" * 500), ["'first'", "Zed"]),
    "this turn with an unknown key": (lambda b, d: b["extra"]["_this_turn"].__setitem__("mood", 1),
                                      ["'_this_turn'", "mood"]),
}


@pytest.mark.timeout(30)  # refused by the checks, never by a replay that goes round for minutes
@pytest.mark.parametrize("case", list(BASE_CASES))
def test_bad_base_state(case):
    mutate, words = BASE_CASES[case]
    refused(_base_case(mutate), *words)


def _stack_save() -> dict:
    for text in _saves().values():
        data = engine_base(json.loads(text))
        if data["base"] and any("fx" in f for f in data["base"]["cursor"]):
            return data
    raise AssertionError("no save starts inside a resolution")


@pytest.mark.parametrize("field,value", [("fx", "teleport"), ("st", "sleeping"), ("then", "__class__"),
                                         ("then", "save"), ("ctl", "Zed"), ("src", "ZZ#1"), ("data", None),
                                         ("ab", 99), ("src", []), ("card", {"a": 1}), ("fx", ["x"])])
def test_bad_effect_frame(field, value):
    data = _stack_save()
    frame = next(f for f in data["base"]["cursor"] if "fx" in f)
    frame[field] = value
    refused(data, "frame")


def test_visibility_and_owner_of_every_zone_are_checked_in_every_game():
    for gid in GAMES:
        data = engine_base(save_of(gid))
        z = next(iter(data["base"]["zone_info"]))
        data["base"]["zone_info"][z]["visibility"] = "x-ray"
        refused(data, "x-ray")


# -- the fuzz test ------------------------------------------------------------------------------

def _paths(value, here=()):
    """Every path into a JSON value (the root too)."""
    yield here
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, here + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, here + (i,))


_LEAVES = st.one_of(
    st.none(), st.booleans(),
    st.integers(min_value=-2**70, max_value=2**70),
    st.sampled_from([0, 1, -1, 2, 10**12, 2**64, 2**63 - 1, 2.0, 0.5, -0.0, 1e308]),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=12),
    st.sampled_from(["", "step", "choice", "Ana", "P1", "Zed", "box", "deck", "hidden", "public",
                     "owner", "__class__", "apply", "new", "ask", "wait", "JK", "7S", "pass",
                     "creatures", "lfg", "labyrinth", "two_player"]),
)
_VALUES = st.recursive(_LEAVES, lambda kids: st.one_of(st.lists(kids, max_size=4),
                                                       st.dictionaries(st.text(max_size=6), kids, max_size=4)),
                       max_leaves=8)
MUTATIONS = ("replace", "delete", "nest", "grow", "swap_type", "copy_other", "duplicate")


def _mutate(data, rnd: random.Random, draw) -> str:
    """One mutation somewhere in the save; returns which."""
    paths = [p for p in _paths(data) if p]
    path = paths[rnd.randrange(len(paths))]
    parent = data
    for k in path[:-1]:
        parent = parent[k]
    key = path[-1]
    old = parent[key]
    how = draw(st.sampled_from(MUTATIONS))
    if how == "replace":
        parent[key] = draw(_VALUES)
    elif how == "delete":
        del parent[key]
    elif how == "nest":
        new = old
        for _ in range(draw(st.sampled_from([1, 2, 5, 50, 120]))):
            new = [new] if rnd.random() < 0.5 else {"x": new}
        parent[key] = new
    elif how == "grow":
        n = draw(st.sampled_from([2, 10, 1000, 20_000]))
        n = max(2, min(n, (MAX_SAVE_BYTES + 4096) // max(1, len(json.dumps(old)))))  # just over the limit at most
        parent[key] = ([old] * n if not isinstance(old, str) else old * n)
    elif how == "swap_type":
        swaps = {str: lambda v: len(v), int: lambda v: str(v), float: lambda v: int(v),
                 bool: lambda v: int(v), list: lambda v: dict(enumerate(v)), dict: lambda v: list(v.values()),
                 type(None): lambda v: 0}
        parent[key] = swaps[type(old)](old)
    elif how == "copy_other":  # a value from elsewhere in the save: the right type, the wrong place
        src = data
        for k in paths[rnd.randrange(len(paths))]:
            src = src[k]
        parent[key] = copy.deepcopy(src)
    elif how == "duplicate" and isinstance(parent, list):
        parent.insert(key, copy.deepcopy(old))
    else:
        parent[key] = None
    return how


@pytest.mark.timeout(max(30, FUZZ_EXAMPLES // 10))  # a hang fails; never a speed assert
@settings(max_examples=FUZZ_EXAMPLES, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.data())
def test_fuzz_load_of_mutated_saves(data):
    saves = _saves()
    key = data.draw(st.sampled_from(sorted(saves)), label="save")
    save = json.loads(saves[key])
    rnd = random.Random(data.draw(st.integers(0, 2**32), label="rnd"))
    for _ in range(data.draw(st.integers(1, 3), label="mutations")):
        if _mutate(save, rnd, data.draw) == "grow":
            break  # a grown list shares one value n times: a mutation inside it would grow n-fold
    try:
        text = json.dumps(save)
    except (ValueError, RecursionError):  # pragma: no cover - json.dumps of our own values
        return
    try:
        tablekit.load(text)
    except tablekit.SaveFormatError as exc:
        msg = str(exc)
        assert msg and "\n" not in msg and len(msg) < 400, f"not one short line: {msg!r}"
    except tablekit.TablekitError:  # pragma: no cover - allowed by the contract, not expected
        pass
