"""CardBrowser: every card of a game, filterable; stand-ins marked. The cards are
drawn as the board draws them (the game's card templates), by a CardShelf."""

from __future__ import annotations

import anywidget
import ipywidgets as W
import traitlets

from ..core.cards import CardDef
from ..core.registry import get_game
from .board import HERE, esm
from .cardwords import definition_view
from .style import stylesheet


class CardShelf(anywidget.AnyWidget):
    """Card definitions side by side, each drawn as the board draws a card, with its text.
    `cards`: card view models (cardwords.definition_view)."""

    _esm = esm("shelf.js")
    _css = HERE / "board.css"
    cards = traitlets.List().tag(sync=True)
    empty = traitlets.Unicode("No card matches.").tag(sync=True)


class CardBrowser(W.VBox):
    def __init__(self, game_id: str):
        super().__init__()
        self.add_class("tk-app")
        self.gamedef = get_game(game_id)
        self.cards = list(self.gamedef.cards.values())
        kinds = sorted({d.kind for d in self.cards if d.kind})
        self.search = W.Text(description="Find", placeholder="name, id or words in the text",
                             continuous_update=True, layout=W.Layout(width="auto"))
        self.kind = W.Dropdown(options=[("every kind", "")] + [(k, k) for k in kinds],
                               description="Kind", layout=W.Layout(width="auto"))
        self.stand_ins = W.Dropdown(options=[("all cards", "all"), ("stand-ins only", "only"),
                                             ("printed cards only", "none")],
                                    description="Show", layout=W.Layout(width="auto"))
        self.count = W.HTML("")
        self.shelf = CardShelf()
        for w in (self.search, self.kind, self.stand_ins):
            w.observe(lambda _change: self.refresh(), names="value")
        self.children = [W.HTML(f"<style>{stylesheet()}</style>"),
                         W.HTML(f"<div class='tk-title'>{self.gamedef.title}: the cards</div>"),
                         W.HBox([self.search, self.kind, self.stand_ins]), self.count, self.shelf]
        self.refresh()

    def matching(self) -> list[CardDef]:
        q = self.search.value.strip().lower()
        out = []
        for d in self.cards:
            if self.kind.value and d.kind != self.kind.value:
                continue
            if self.stand_ins.value == "only" and not d.stand_in:
                continue
            if self.stand_ins.value == "none" and d.stand_in:
                continue
            if q and q not in f"{d.id} {d.name} {d.text} {' '.join(d.traits)}".lower():
                continue
            out.append(d)
        return out

    def refresh(self) -> None:
        found = self.matching()
        total = sum(d.quantity for d in found)
        self.count.value = f"{len(found)} card definitions ({total} cards) match."
        self.shelf.cards = [definition_view(self.gamedef, d) for d in found]
