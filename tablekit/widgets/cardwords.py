"""A card in words and as the board draws it, without a position: a card
definition's numbers and facts in words, the view model of a definition (what
the card shelf and the rules search draw with the board's card templates),
and the one card an option names.

The board draws every card in the browser (cardview.js) from a view model:
`boardmodel` makes it for a card in play, `definition_view` here for a card
definition (its first face, no state).
"""

from __future__ import annotations

from typing import Any

from ..core.cards import CardDef
from ..core.cardtemplates import template_for
from ..core.decision import Option
from ..core.engine import Game
from ..core.gamedef import GameDef

# fields that are bookkeeping, not something a player reads off the card
HIDDEN_FIELDS = {"core_number", "quantity_easy"}


def _pretty(key: str) -> str:
    return key.replace("_", " ")


def number_words(fields: dict) -> list[str]:
    """The card's numbers, as words: "cost 2", "hit points 5"."""
    return [f"{_pretty(k)} {v}" for k, v in fields.items()
            if isinstance(v, int) and not isinstance(v, bool) and k not in HIDDEN_FIELDS]


def fact_words(fields: dict) -> list[str]:
    """The card's other facts: its sphere, keywords, flags ("unique")."""
    out = []
    for k, v in fields.items():
        if k in HIDDEN_FIELDS or (isinstance(v, int) and not isinstance(v, bool)):
            continue
        if v is True:
            out.append(_pretty(k))
        elif isinstance(v, (list, tuple)) and v:
            out.append(f"{_pretty(k)}: {', '.join(_pretty(str(x)) for x in v)}")
        elif isinstance(v, str) and v and v != "none":
            out.append(f"{_pretty(k)}: {_pretty(v)}")
    return out


def definition_view(gamedef: GameDef, d: CardDef) -> dict[str, Any]:
    """A card definition as the board's card view model (see boardmodel): its name,
    its game's card template read at its first face, its words and its text;
    no counters and no state but "stand-in" for a card tablekit designed."""
    template = template_for(gamedef.card_templates, d.kind)
    face = template.read(d, 0) if template else {"line": [], "stats": []}
    words = " · ".join(w for w in (d.kind, f"×{d.quantity}" if d.quantity > 1 else "",
                                   *number_words(d.fields), *fact_words(d.fields)) if w)
    return {"uid": d.id, "name": gamedef.card_name(d), "kind": d.kind or "card", "words": words,
            "state": ["stand-in: designed by tablekit"] if d.stand_in else [],
            "line": face["line"], "stats": face["stats"], "text": d.text, "traits": list(d.traits),
            "exhausted": False, "face_down": False, "attached_to": None, "counters": []}


def option_card(game: Game, option: Option, seat: str | None) -> str | None:
    """The one card an option names that `seat` may see on the table, or None (no card,
    several cards, or a card hidden from that seat: its face would give it away)."""
    from ..core.seatview import hidden_from

    on_table = {u for uids in game.state.zones.values() for u in uids}
    cards = dict.fromkeys(part for part in option.id.split(":") if part in on_table)
    if len(cards) != 1:
        return None
    uid = next(iter(cards))
    return None if uid in hidden_from(game.state, seat) else uid
