"""The state a card may carry, declared once: the core's keys (CORE_CARD_STATE_SCHEMA)
and a game's own (`GameDef.card_state_fields`: its `card_state_keys` and card counters), each with its type, checked the same way by
the scenario loader, `Game.arrange` and the scenario builder."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .counters import counter_problem

if TYPE_CHECKING:
    from .gamedef import GameDef
    from .state import State

# the core's card state keys: their types and meaning (the scenario schema shows them too)
CORE_CARD_STATE_SCHEMA = {"damage": ((int,), "damage on the card"),
                          "exhausted": ((bool,), "the card is exhausted"),
                          "face_down": ((bool,), "the card is face down"),
                          "attached_to": ((str,), "the uid of the card it lies on"),
                          "counters": ((dict,), "the card's counters: name -> number"),
                          "face": ((int,), "a two-faced card: the face showing (0 the front, 1 the back ...)")}
CORE_CARD_STATE = {k: types for k, (types, _) in CORE_CARD_STATE_SCHEMA.items()}


def allowed_state(gamedef: GameDef) -> dict[str, tuple[type, ...]]:
    """Every card state key of the game (the core's, then its own) -> the types it takes."""
    out = dict(CORE_CARD_STATE)
    out.update({k: t for k, (t, _) in gamedef.card_state_fields().items()})
    return out


def card_state_problem(gamedef: GameDef, state: State, defs: Any, uid: str, key: str, value: Any) -> str | None:
    """Why card `uid` cannot have `key` set to `value` in `state` (None: it can; a value of
    None removes the key and is always allowed)."""
    allowed = allowed_state(gamedef)
    if key == "card":
        return f"card {uid!r}: a card's identity cannot be changed"
    if key not in allowed:
        return f"card {uid!r}: unknown state key {key!r} (allowed: {', '.join(sorted(allowed))})"
    if value is None:
        return None
    types = allowed[key]
    if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
        return f"card {uid!r}: {key!r} has the wrong type ({str(value)[:40]!r})"
    # every number a card carries counts something (damage, progress, a face's place)
    if isinstance(value, (int, float)) and not isinstance(value, bool) and not 0 <= value < 2**63:
        return (f"card {uid!r}: {key!r} counts something, so it cannot be negative ({value})" if value < 0
                else f"card {uid!r}: {key!r} is at most {2**63 - 1}, not {value}")
    why = counter_problem(gamedef.counters, "card", key, value)
    if why:
        return f"card {uid!r}: {why}"
    if key == "attached_to" and value not in state.cards:
        return f"card {uid!r}: attached to unknown card {value!r}"
    if key == "attached_to" and value == uid:
        return f"card {uid!r} cannot lie on itself"
    if key == "counters":
        for name, n in value.items():
            if not isinstance(name, str) or not name:
                return f"card {uid!r}: a counter is named by a word, not {str(name)[:40]!r}"
            if isinstance(n, bool) or not isinstance(n, (int, float)) or not 0 <= n < 2**63:
                return f"card {uid!r}: counter {name!r} is a number from 0, not {str(n)[:40]!r}"
    if key == "face":
        faces = len(defs[state.cards[uid]["card"]].faces)
        if not faces:
            return f"card {uid!r} has one face only, so it has no 'face' to set"
        if not 0 <= value < faces:
            return f"card {uid!r}: 'face' must be 0 to {faces - 1} (its faces, front first), not {value}"
    return None
