"""The timeline: snapshots, undo, redo, goto, and saves that load back.

A pickled snapshot of the state every SNAPSHOT_EVERY records; any position is
the nearest snapshot plus a replay of the recorded steps and choices.
"""

from __future__ import annotations

import hashlib
import json
import pickle
from typing import TYPE_CHECKING, Any, Mapping

from .errors import SaveFormatError, TablekitError
from .records import StepRecord
from .state import State

if TYPE_CHECKING:  # pragma: no cover
    from .engine import Game
    from .gamedef import GameDef

SAVE_FORMAT_VERSION = 2
SNAPSHOT_EVERY = 24


class Timeline:
    """The time-travel half of `Game` (see engine.py)."""

    state: Any
    ctx: Any
    history: list[StepRecord]
    _future: list[StepRecord]
    _snaps: dict[int, bytes]
    _base: dict | None

    # -- time travel -------------------------------------------------------
    def undo(self) -> None:
        """Go back one record (undoing a choice reopens the decision)."""
        if not self.history:
            raise TablekitError("nothing to undo: the game is at its start")
        self.goto(len(self.history) - 1)

    def redo(self) -> StepRecord:
        """Apply again the record undone last."""
        if not self._future:
            raise TablekitError("nothing to redo")
        rec = self._future.pop()
        self._replay_one(rec)
        self.history.append(rec)
        self._maybe_snapshot()
        return rec

    def forget_redo(self) -> None:
        """Drop the undone records (and their snapshots): the next records are new."""
        self._future.clear()
        n = len(self.history)
        for k in [k for k in self._snaps if k > n]:
            del self._snaps[k]

    @property
    def can_redo(self) -> int:
        return len(self._future)

    def goto(self, i: int) -> None:
        """Put the game in the state after `i` records (0: the start)."""
        n = len(self.history)
        if not isinstance(i, int) or isinstance(i, bool) or i < 0 or i > n + len(self._future):
            raise TablekitError(f"goto({i!r}): the records go from 0 to {n + len(self._future)}")
        if i >= n:
            for _ in range(i - n):
                self.redo()
            return
        undone = self.history[i:]
        self._future.extend(reversed(undone))
        del self.history[i:]
        self._rewind(i)

    # -- saving ------------------------------------------------------------
    def save(self, for_seat: str | None = None) -> str:
        """The game as JSON text; `tablekit.load` resumes it at the same record,
        with its undo and redo history. With `for_seat`, the save is what that
        seat may read: the position as its view, and the records as it sees
        them (other seats' hidden picks and events withheld); such a save can
        be read but not loaded, since the hidden picks are missing."""
        recs = self.history + list(reversed(self._future))
        if for_seat is not None:
            if for_seat not in self.players:
                raise TablekitError(f"save: no player named {for_seat!r}")
            return json.dumps({
                "format_version": SAVE_FORMAT_VERSION, "game": self.id, "for_seat": for_seat,
                "players": self.players, "variant": self.state.variant, "options": self.state.options,
                "records": [r.for_viewer(for_seat) for r in self.history],
                "view": self.view(for_seat),
            }, indent=1)
        return json.dumps({
            "format_version": SAVE_FORMAT_VERSION,
            "game": self.id,
            "players": self.players,
            "seed": self.state.seed,
            "variant": self.state.variant,
            "options": self.state.options,
            "records": [{"kind": r.kind, "choice": list(r.choice)} if r.kind == "choice"
                        else {"kind": r.kind} for r in recs],
            "position": len(self.history),
            "base": self._base,
            "digest": self._digest(),
        }, indent=1)

    def _digest(self) -> str:
        return hashlib.sha256(self.state.to_json().encode()).hexdigest()[:16]

    # -- internals -----------------------------------------------------------
    def _snapshot(self) -> bytes:
        return pickle.dumps(self.state, protocol=pickle.HIGHEST_PROTOCOL)

    def _restore(self, blob: bytes) -> None:
        self.state = pickle.loads(blob)  # noqa: S301 - our own in-memory snapshot
        self.ctx.state = self.state
        self._settle()

    def _rewind(self, i: int) -> None:
        """Rebuild the state after record i from the nearest snapshot."""
        j = max(k for k in self._snaps if k <= i)
        self._restore(self._snaps[j])
        for rec in self.history[j:i]:
            self._replay_one(rec)

    def _commit(self, rec: StepRecord) -> None:
        if self._future:
            self.forget_redo()
        self.history.append(rec)
        self._maybe_snapshot()

    def _maybe_snapshot(self) -> None:
        n = len(self.history)
        if n % SNAPSHOT_EVERY == 0 and n not in self._snaps:
            self._snaps[n] = self._snapshot()

    def _replay_one(self, rec: StepRecord) -> None:
        if rec.kind == "choice":
            self._do_choice(rec.choice)
        else:
            self._do_step()


def load_game(text: str, registry: Mapping[str, GameDef]) -> Game:
    from .engine import make_game

    try:
        data = json.loads(text)
    except (TypeError, ValueError) as exc:
        raise SaveFormatError(f"a save is JSON text; this is not ({exc})") from None
    if not isinstance(data, dict):
        raise SaveFormatError("a save is a JSON object")
    version = data.get("format_version")
    if version == 1:
        raise SaveFormatError("this save has format_version 1, from before the resolution stack; "
                              f"this tablekit reads format_version {SAVE_FORMAT_VERSION} only. "
                              "Replay the game, or rebuild the position as a scenario file")
    if version != SAVE_FORMAT_VERSION:
        raise SaveFormatError(f"this save has format_version {version!r}; this tablekit reads "
                              f"format_version {SAVE_FORMAT_VERSION}")
    if data.get("for_seat") is not None:
        raise SaveFormatError(f"this save was made for {data['for_seat']}'s eyes: it withholds the other "
                              "seats' hidden picks, so it can be read but not replayed; load the full save")
    gid = data.get("game")
    if not isinstance(gid, str) or gid not in registry:
        raise SaveFormatError(f"the save is of an unknown game {gid!r}")
    gamedef = registry[gid]
    try:
        game = make_game(gamedef, data["players"], data["seed"], data.get("variant"),
                         data.get("options"))
        recs = data["records"]
        position = int(data["position"])
        if data.get("base") is not None:
            game.state = State.from_dict(data["base"])
            game.ctx.state = game.state
            game.ctx.reindex()
            game.rebase()
    except (KeyError, TypeError, ValueError) as exc:
        raise SaveFormatError(f"the save is missing or has a bad field: {exc}") from None
    except TablekitError as exc:
        raise SaveFormatError(f"the save cannot set up its game: {exc}") from None
    try:
        for r in recs:
            if r["kind"] == "choice":
                game.choose(*r["choice"])
            else:
                game.step()
    except (TablekitError, KeyError, TypeError) as exc:
        raise SaveFormatError(f"replaying the save failed at record {len(game.history)}: {exc}") from None
    if not 0 <= position <= len(game.history):
        raise SaveFormatError(f"the save's position {position} is outside its records")
    game.goto(position)
    if data.get("digest") and data["digest"] != game._digest():
        raise SaveFormatError("replaying the save does not give the saved position "
                              "(the rules changed since it was saved)")
    return game
