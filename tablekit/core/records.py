"""What one step or one choice did, as a record in the history."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class StepRecord:
    """One rule applied (kind "step") or one decision answered (kind "choice").

    `node` is the static path of the rule in the flow tree, `path` the same
    place as words in the running game ("Round 3", "Ana's turn", "Attack"),
    `rule` the rulebook section or ruling id, `text` the explanation with the
    real cards and numbers. `public_text`, when set, is what the other seats
    are told (the text names cards only `player` may see).
    """

    index: int
    kind: str
    node: tuple[str, ...]
    path: tuple[str, ...]
    rule: str
    text: str
    events: list[dict[str, Any]] = field(default_factory=list)
    player: str | None = None
    choice: tuple[str, ...] = ()
    public_text: str | None = None
    secret: bool = False  # a hidden pick: other seats see neither its choice nor its events

    def text_for(self, viewer: str | None) -> str:
        """The explanation as a seat may read it: the player it concerns reads
        `text`, every other seat and a spectator (None) the public text."""
        if self.public_text is None or (viewer is not None and viewer == self.player):
            return self.text
        return self.public_text

    def for_viewer(self, viewer: str | None) -> dict[str, Any]:
        """The record as a seat may see it (None: a spectator). A record with a
        public text names cards only its player may see: for the others its
        text is the public one and its events and choice are withheld."""
        d = self.to_dict()
        other = viewer is None or viewer != self.player
        if other and (self.public_text is not None or self.secret):
            d["text"] = self.public_text if self.public_text is not None else f"{self.player} makes a hidden choice."
            d["events"] = []
            d["choice"] = []
        else:
            # an event shown to some seats only (a temporary reveal) is withheld from the others
            d["events"] = [e for e in d["events"] if "seen_by" not in e or viewer in e["seen_by"]]
        d.pop("public_text")
        d.pop("secret")
        return d

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index, "kind": self.kind, "node": list(self.node),
            "path": list(self.path), "rule": self.rule, "text": self.text,
            "events": self.events, "player": self.player, "choice": list(self.choice),
            "public_text": self.public_text, "secret": self.secret,
        }

    def _repr_html_(self) -> str:
        from html import escape
        return (f"<div class='tk-entry'><b>#{self.index + 1} · {escape(' › '.join(self.path))}</b> "
                f"<i>[{escape(self.rule)}]</i><br>{escape(self.text)}</div>")

    def __str__(self) -> str:
        return f"[{self.index}] {' › '.join(self.path)}: {self.text}"
