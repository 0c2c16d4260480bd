"""How a game's cards show their key facts on the table, as the game declares them.

A card template (`GameDef.card_templates`, the first whose `kinds` hold the
card's kind) names the card fields that make a card's type line in words
(Mirkwood's sphere, Foe Hunters' role) and the numbers shown as icons with
their values (a cost, willpower, hit points). The board reads these
declarations; it knows no game. A field is read from the card's current face
first (a two-faced card), then from the card; a field the card lacks is left
out, and a list (keywords, roles) is joined with commas.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Stat:
    """One number on a card: its field, its name and an icon (one character)."""

    key: str
    name: str
    icon: str = ""


@dataclass(frozen=True)
class CardTemplate:
    """The type line and the numbers of the cards of `kinds` (every kind when empty)."""

    kinds: tuple[str, ...] = ()
    line: tuple[str, ...] = ()
    stats: tuple[Stat, ...] = ()

    def applies(self, kind: str | None) -> bool:
        return not self.kinds or (kind or "") in self.kinds

    def read(self, defn: Any, face: int = 0) -> dict[str, list]:
        """{"line": [words], "stats": [{"key", "name", "icon", "value"}]} for a card
        definition (a CardDef) showing `face`."""
        faces = getattr(defn, "faces", ()) or ()
        own = faces[face].fields if faces and 0 <= face < len(faces) else {}

        def value(key: str) -> Any:
            v = own.get(key, defn.fields.get(key))
            if isinstance(v, (list, tuple)):
                return ", ".join(str(x) for x in v) or None
            return v

        line = [str(v) for v in (value(k) for k in self.line) if v not in (None, "", False)]
        stats = [{"key": s.key, "name": s.name, "icon": s.icon, "value": v}
                 for s in self.stats for v in [value(s.key)] if v is not None and not isinstance(v, bool)]
        return {"line": line, "stats": stats}


def template_for(templates: tuple[CardTemplate, ...], kind: str | None) -> CardTemplate | None:
    """The first template that applies to a card of `kind`, or None."""
    return next((t for t in templates if t.applies(kind)), None)
