"""How a game ended (`Result`): the winners, the scores, why in words, and the ending's id.

`ctx.end_game` writes it into the state (as its dict); `Game.result` and
`GameDef.result` give it back. Also importable from `gamedef` and `tablekit.core`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Result:
    """How a game ended: the winners (empty for a shared loss), the scores, why
    in words (`text`), and `ending`, a short id of the way it ended
    ("most_treasure", "third_retinue", "unfinished")."""

    winners: list[str]
    scores: dict[str, float] = field(default_factory=dict)
    text: str = ""
    ending: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "scores": dict(self.scores), "text": self.text,
                "ending": self.ending}

    def summary(self) -> str:
        """How the game ended, in words: the reason, then who won. An unfinished
        game (stopped at a cap) says so, never just "nobody"."""
        why = (self.text[:1].upper() + self.text[1:]) if self.text else ""
        if self.ending == "unfinished":
            return f"Unfinished: {self.text or 'the game was stopped before its end'}. Nobody wins."
        who = (f"{', '.join(self.winners)} {'wins' if len(self.winners) == 1 else 'win'}."
               if self.winners else "Nobody wins.")
        return f"{why}. {who}" if why else who

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Result:
        return cls(list(d["winners"]), dict(d.get("scores", {})), d.get("text", ""),
                   d.get("ending", ""))
