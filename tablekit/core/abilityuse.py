"""An ability being applied: the value a rule or an effect reads its card, controller,
event, arguments and picks from (re-exported by tablekit.core.context)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from .cards import Ability

class AbilityUse:
    """An ability (or an effect a rule started) being applied: its card, who
    controls it, the event behind it, its `args`, and `data`, the picks made
    so far while it resolves (a plain dict kept in its frame)."""

    __slots__ = ("source", "controller", "ability", "event", "_args", "data", "frame")

    def __init__(self, source: str | None, controller: str | None, ability: Ability | None,
                 event: dict | None = None, args: dict | None = None, data: dict | None = None,
                 frame: dict | None = None):
        self.source = source
        self.controller = controller
        self.ability = ability
        self.event = event
        self._args = args
        self.data = {} if data is None else data
        self.frame = frame

    @property
    def args(self) -> dict:
        if self._args is not None:
            return self._args
        return self.ability.args if self.ability is not None else {}

    @property
    def effect_name(self) -> str | None:
        return self.ability.effect if self.ability is not None else None

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, AbilityUse) and self.source == other.source
                and self.controller == other.controller and self.ability == other.ability
                and self.event == other.event and self.args == other.args)

    def __repr__(self) -> str:
        return f"<AbilityUse {self.effect_name} of {self.source} by {self.controller}>"
