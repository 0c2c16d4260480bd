"""Building the game a scenario starts from: its zones, cards, counters, state and start, tried before it is accepted."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import rng
from ..cardstate import card_state_problem
from ..errors import ScenarioError, TablekitError
from ..registry import registry
from ..schemas import STATE_NAMES
from ..trial import trial_problem
from ..yamlio import LineDict
from .fileformat import error_at, line_of
from .reading import read

if TYPE_CHECKING:  # pragma: no cover
    from ..engine import Game


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
        line = line_of(zones, zone)
        if zone not in st.zones:
            raise error_at(path, line, f"unknown zone {zone!r} (zones: {', '.join(st.zones)})")
        if not isinstance(items, list):
            raise error_at(path, line, f"zone {zone!r} must list card ids")
        row = []
        for i, item in enumerate(items):
            iline = items.item_lines[i] if hasattr(items, "item_lines") else line
            if not isinstance(item, str):
                raise error_at(path, iline, f"zone {zone!r}: {item!r} is not a card id")
            if item in st.cards:
                uid = item
            elif item in by_card:
                copies = by_card[item]
                free = [u for u in copies if u not in placed and u not in named]
                if not free:
                    raise error_at(path, iline, f"more copies of {item!r} than the game has ({len(copies)})")
                uid = free[0]
            else:
                raise error_at(path, iline, f"unknown card {item!r} in zone {zone!r}")
            if uid in placed:
                raise error_at(path, iline, f"card {uid!r} is placed twice (also on line {placed[uid]})")
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
        game = registry()[gid].make_game(data.get("players"), data.get("seed", 1), chosen, opts)
    except TablekitError as exc:
        if variant is not None or options:
            raise ScenarioError(f"{path}: with the command line's variant and options: {exc}") from None
        raise error_at(path, line_of(data, "players"), str(exc)) from None
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
        raise error_at(path, line_of(setup, "rest"), f"unknown zone {rest!r} for the other cards "
                   f"(zones: {', '.join(game.state.zones)})")
    if shuffle:
        zones = _shuffled_rest(game, zones, rest, data.get("seed", 1))
    cards = setup.get("cards") or {}
    for uid, changes in cards.items():
        line = line_of(cards, uid)
        if uid not in game.state.cards:
            raise error_at(path, line, f"unknown card {uid!r} in setup.cards")
        if not isinstance(changes, dict):
            raise error_at(path, line, f"setup.cards.{uid} must be a mapping of state keys")
        for key, value in changes.items():
            why = card_state_problem(gamedef, game.state, game.defs, uid, key, value)
            if why:
                raise error_at(path, line_of(changes, key), why)
    extra = _state_names(setup.get("extra") or {})
    settable = gamedef.settable_extra_keys()
    for key, value in extra.items():
        if key not in settable:
            raise error_at(path, line_of(extra, key), f"{gamedef.title} has no settable state {key!r} "
                       f"(settable: {', '.join(settable)})")
        why = gamedef.extra_problem(key, value, game.players)
        if why:
            raise error_at(path, line_of(extra, key), f"extra state {why}")
    counters = setup.get("players") or {}
    for name, values in counters.items():
        if name not in game.players:
            raise error_at(path, line_of(counters, name), f"unknown player {name!r} in setup.players")
        if not isinstance(values, dict):
            raise error_at(path, line_of(counters, name), f"setup.players.{name} must map counters to numbers")
        for key, value in values.items():
            why = gamedef.player_value_problem(key, value)
            if why:
                raise error_at(path, line_of(values, key), f"setup.players.{name}: {why}")
    _check_derived_numbers(path, gamedef, game.players, {**game.state.extra, **extra}, counters)
    at = start.get("at")
    if at is not None:
        try:
            game.flow.find(at)
        except KeyError as exc:
            raise error_at(path, line_of(start, "at"), f"start node does not exist: {exc.args[0]}") from None
    turn = start.get("turn")
    if turn is not None and turn not in game.players:
        raise error_at(path, line_of(start, "turn"), f"start.turn: no player {turn!r}")
    triggers = start.get("triggers") or []
    for t in triggers:
        line = line_of(t)
        if t["source"] not in game.state.cards:
            raise error_at(path, line, f"start.triggers: unknown card {t['source']!r}")
        card = t.get("card") or game.state.cards[t["source"]]["card"]
        if card not in game.defs:
            raise error_at(path, line_of(t, "card"), f"start.triggers: unknown card definition {card!r}")
        abilities = game.defs[card].abilities
        ab = t.get("ability", next((i for i, a in enumerate(abilities) if a.type == "trigger"), None))
        if ab is None or not 0 <= ab < len(abilities):
            raise error_at(path, line, f"start.triggers: {card!r} has no ability {ab!r}")
        if t.get("controller") is not None and t["controller"] not in game.players:
            raise error_at(path, line_of(t, "controller"), f"start.triggers: no player {t['controller']!r}")
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
            raise error_at(path, line_of(data, "start" if "start" in data else "setup"), str(exc)) from None
        except Exception as exc:  # noqa: BLE001 - a position the rules cannot start from
            raise error_at(path, line_of(data, "start" if "start" in data else "setup"),
                       f"the rules cannot start from this position ({type(exc).__name__}: {exc}); "
                       "check setup.extra and start") from None
    _try_playing(game, path, line_of(data, "start" if "start" in data else "setup"))
    return game


def _check_derived_numbers(path: str, gamedef: Any, players: list[str], extra: dict, given: dict) -> None:
    """Refuse, at its line, a player's number in setup.players that disagrees with what the
    other fields decide (`GameDef.derived_player_numbers`); one left out is fine."""
    for name, numbers in gamedef.derived_player_numbers(extra, players).items():
        values = given.get(name) or {}
        for key, n in numbers.items():
            if key in values and values[key] != n:
                raise error_at(path, line_of(values, key),
                               f"setup.players.{name}: {key!r} is {values[key]}, but the other fields of the "
                               f"position make it {n} (it follows them, so it may be left out)")


def _state_names(extra: dict) -> dict:
    """setup.extra with the core's keys under the state's own names (`this_turn` is the
    state's `_this_turn`), each keeping its line."""
    if not any(k in STATE_NAMES for k in extra):
        return extra
    out = LineDict({STATE_NAMES.get(k, k): v for k, v in extra.items()})
    out.line = getattr(extra, "line", 0)
    out.key_lines = {STATE_NAMES.get(k, k): line_of(extra, k) for k in extra}
    return out


def _try_playing(game: Game, path: str, line: int) -> None:
    """Refuse a built position the rules cannot play (trial.trial_problem: 50 rules on a
    copy with the seeded random bot) at load, not by a crash later."""
    why = trial_problem(game)
    if why:
        raise error_at(path, line, f"the position it builds cannot be played: {why}; give the zones, cards and "
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
        line = line_of(setup, "extra") if "extra" in setup else line_of(data, "setup" if setup else "start")
        hint = " (or give start.turn: that player is taken)" if need.get("derive") == "turn" else ""
        raise error_at(path, line, f"setup.extra is missing {key!r}, which a start in {node!r} needs{hint}; "
                   f"it holds {words}: {meaning}")
    return out


_TYPE_WORDS = {str: "text", int: "a whole number", bool: "true or false", list: "a list",
               dict: "a mapping", float: "a number"}


def load_scenario(path: str | Path) -> Game:
    """The game of a scenario file, positioned at its start."""
    return build(read(path), str(path))


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
