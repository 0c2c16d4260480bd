"""Writing a game's position as a scenario file."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import yaml

from ..errors import TablekitError
from ..schemas import FILE_NAMES
from .fileformat import SCENARIO_FORMAT_VERSION

if TYPE_CHECKING:  # pragma: no cover
    from ..engine import Game


def to_yaml(game: Game, title: str = "", description: str = "") -> str:
    """The game's current position as a scenario file: every zone with its cards,
    card state, counters, the settable extra state, and the current rule as the start."""
    data = position_data(game, title, description)
    data["expect"] = []
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)


def position_data(game: Game, title: str = "", description: str = "") -> dict[str, Any]:
    """The game's current position as a scenario's data (what to_yaml writes, without
    its expectations): in the file format's public fields only. A save's starting
    position is written so too (save format 3). Part-way through a resolution too: an
    effect waiting for a choice or for the effects above it, a response window open (see
    `stack_entries`). Raises TablekitError only while an event is part-way through (its
    replacements being asked), which a file cannot say."""
    st = game.state
    gamedef = game.gamedef
    busy = [f for f in st.cursor if "do" in f]
    if busy:
        raise TablekitError("an event is part-way through (its replacements are being asked), and a "
                            "scenario file cannot say that: step or choose until it has happened, or "
                            "keep the game with save() instead")
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
    data.update(public_position(game))
    return data


def stack_entries(cursor: list[dict], resolution: bool = True) -> list[dict[str, Any]]:
    """The resolution stack above the flow as `start.stack` entries, bottom first: each
    effect as {effect, source, controller, ability, args, data}; with `resolution`, also
    what only a resolution in progress has: the `event` a response answers, the `chain` an effect belongs to (entries of
    one chain share a number: a response answers the effect below it in its chain), an
    effect's `waiting` (the stage it resumes at, `then`, with the `decision` it asks as
    the table shows it, or the `decision_from` stage that builds it, its `name` and
    `validate` stage, and whether its cost is `paid`), and each open response window as
    {window, ask (the players still to be asked, in order), label, mode, chain}."""
    chains: dict[int, int] = {}

    def chain_no(frame: dict) -> int | None:
        c = frame.get("chain")
        return None if c is None else chains.setdefault(c, len(chains) + 1)

    out = []
    for f in cursor:
        if "fx" in f:
            entry = {k: v for k, v in {"effect": f["fx"], "source": f["src"], "controller": f["ctl"],
                                       "ability": f["ab"], "args": f["args"], "data": f["data"] or None}.items()
                     if v is not None}
            if resolution:
                if f.get("ev") is not None:
                    entry["event"] = f["ev"]
                if chain_no(f) is not None:
                    entry["chain"] = chain_no(f)
                if f["st"] != "new":
                    entry["waiting"] = {k: v for k, v in {
                        "then": f.get("then"), "decision": f.get("ask"), "decision_from": f.get("asker"),
                        "name": f.get("askname"), "validate": f.get("val"), "paid": f.get("paid")}.items()
                        if v is not None}
            out.append(entry)
        elif "rw" in f and resolution:
            entry = {"window": f["rw"], "ask": list(f["o"]), "label": f["label"], "mode": f.get("mode", "cancel")}
            if chain_no(f) is not None:
                entry["chain"] = chain_no(f)
            out.append(entry)
    return json.loads(json.dumps(out))


def public_position(game: Game, resolution: bool = True) -> dict[str, Any]:
    """The position in the file format's public fields: `setup` (the zones, card states,
    players' numbers and the extra state a file may set, under its file names) and, when
    the game is past its first rule, `start` (the rule, the turn, the effects on the
    stack, lasting effects, waiting triggers). Without `resolution`, the stack is written
    as a save's digest reads it: each effect's own fields only, without chains, waiting
    stages and response windows (so a save written before they were public keeps its
    digest)."""
    st = game.state
    players_out = {}
    for p in st.players:
        counters = {k: v for k, v in p.items() if k != "name"}
        if counters:
            players_out[p["name"]] = counters
    cards_out = {uid: {k: v for k, v in cs.items() if k != "card"}
                 for uid, cs in st.cards.items() if len(cs) > 1}
    settable = game.gamedef.settable_extra_keys()
    # only what a scenario may set, and only values it accepts (a None a key cannot hold is left out)
    extra_out = {FILE_NAMES.get(k, k): v for k, v in st.extra.items()
                 if k in settable and isinstance(v, settable[k][0])}
    setup: dict[str, Any] = {"zones": {z: list(c) for z, c in st.zones.items() if c}}
    if cards_out:
        setup["cards"] = cards_out
    if players_out:
        setup["players"] = players_out
    if extra_out:
        setup["extra"] = json.loads(json.dumps(extra_out))
    data: dict[str, Any] = {"setup": setup}
    if len(game.cursor) > 1:
        data["start"] = {"at": list(game.cursor[1:])}
        if game.turn is not None:
            data["start"]["turn"] = game.turn
        stack = stack_entries(st.cursor, resolution)
        if stack:
            data["start"]["stack"] = stack
        if st.lasting:
            data["start"]["lasting"] = json.loads(json.dumps(
                [{k: v for k, v in e.items() if k not in ("id", "ends") and v is not None} for e in st.lasting]))
        if st.triggers:
            data["start"]["triggers"] = json.loads(json.dumps(
                [{k: v for k, v in {"source": t["source"], "ability": t["ability"],
                                    "controller": t["controller"], "card": t.get("card"),
                                    "data": t.get("data"), "event": t.get("event")}.items() if v is not None}
                 for t in st.triggers]))
    return data
