"""The rules search: one box over every rule node, ruling and card of a game.

Each keystroke searches (tablekit.core.search) and lists the hits as buttons
(the keyboard reaches them), at most SHOWN of them, with "and N more" after.
A click on a hit shows it in the result pane: a node's name, kind, text and
rule reference (and `on_node(path)` is called, so a sandbox can open its
outline there); a ruling's question, ruling and reason; a card's face drawn
as SVG and its whole text.

`RulesSearch` is not a whole app: a sandbox or a rules page puts it inside its
own `.tk-app`, whose stylesheet includes search.css.
"""

from __future__ import annotations

from html import escape
from typing import Any, Callable

import ipywidgets as W

from ..core.gamedef import GameDef
from ..core.rulings import rulings
from ..core.search import Hit, count_rules, search_rules
from . import render
from .cardface import definition_svg, fact_words, number_words
from .guard import Guarded

SHOWN = 12  # hits listed at once
LABEL = 90  # characters of a hit's title on its button
PLACEHOLDER = "Search the rules, rulings and cards"
KIND_WORDS = {"node": "Rule", "ruling": "Ruling", "card": "Card"}


def hit_label(hit: Hit) -> str:
    """A hit's button label: what it is, in a word, then its title (shortened)."""
    title = hit.title if len(hit.title) <= LABEL else hit.title[:LABEL - 1].rstrip() + "…"
    return f"{KIND_WORDS[hit.kind]}: {title}"


def no_match_html(query: str) -> str:
    return f"<div class='tk-search-none'>No rule, ruling or card matches “{escape(query.strip())}”.</div>"


def count_html(shown: int, total: int) -> str:
    """How many hits there are, in words; "and N more" when not all are listed."""
    if total == 0:
        return ""
    found = f"{total} match{'es' if total != 1 else ''}"
    more = f"; the first {shown} are listed, and {total - shown} more: add a word to narrow the search" \
        if total > shown else ""
    return f"<div class='tk-search-count'>{found}{more}.</div>"


# -- what a hit shows ---------------------------------------------------------

def node_html(gamedef: GameDef, path: tuple[str, ...]) -> str:
    """A rule node: its name, its kind, its text and its rule reference."""
    node = gamedef.flow.find(path)
    where = " › ".join(path)
    ref = render.rule_html(gamedef.id, node.rule) if node.rule else ""
    return (f"<div class='tk-search-node'><div class='tk-search-where'>{escape(where)}</div>"
            f"<div class='tk-search-name'><b>{escape(node.name)}</b> "
            f"<span class='tk-node-kind'>({escape(node.kind)})</span></div>"
            f"<div class='tk-node-text'>{escape(node.text)}</div>{ref}</div>")


def ruling_html(gamedef: GameDef, rid: str) -> str:
    """A ruling, opened: its question, the ruling and why."""
    r = rulings(gamedef.id)[rid]
    return (f"<details class='tk-ruling tk-search-ruling' open><summary>Ruling {escape(rid)}</summary>"
            f"<div><b>Question:</b> {escape(r['question'])}</div>"
            f"<div><b>Ruling:</b> {escape(r['ruling'])}</div>"
            f"<div><b>Why:</b> {escape(r['why'])}</div></details>")


def card_html(gamedef: GameDef, card_id: str) -> str:
    """A card definition: its face and its whole text, in words."""
    d = gamedef.cards[card_id]
    facts = [f"{d.kind}" if d.kind else "", f"×{d.quantity}" if d.quantity > 1 else "",
             *number_words(d.fields), *fact_words(d.fields)]
    traits = f"<div>Traits: {escape(', '.join(d.traits))}</div>" if d.traits else ""
    faces = "".join(f"<div class='tk-search-face'><b>{escape(f.name)}</b>: {escape(f.text)}</div>"
                    for f in d.faces)
    stand_in = " <span class='tk-standin'>(stand-in: designed by tablekit)</span>" if d.stand_in else ""
    return (f"<div class='tk-search-card'><div class='tk-search-face-svg'>{definition_svg(gamedef, d)}</div>"
            f"<div class='tk-search-card-words'><div class='tk-search-name'><b>{escape(gamedef.card_name(d))}</b>"
            f" <code>{escape(d.id)}</code>{stand_in}</div>"
            f"<div>{escape(' · '.join(f for f in facts if f))}</div>{traits}"
            f"<div class='tk-search-text'>{escape(d.text)}</div>{faces}</div></div>")


def hit_html(gamedef: GameDef, hit: Hit) -> str:
    if hit.kind == "node":
        return node_html(gamedef, hit.key)
    if hit.kind == "ruling":
        return ruling_html(gamedef, hit.key)
    return card_html(gamedef, hit.key)


# -- the widget -------------------------------------------------------------

class RulesSearch(Guarded, W.VBox):
    """A search box over one game's rules, its hits as buttons, and a result
    pane. `on_node(path)` is called when a rule node's hit is clicked.
    `.query` (or `search(text)`) sets the box; `.hits` are the hits listed,
    `.hit_buttons` their buttons, `.result` the pane."""

    def __init__(self, gamedef: GameDef, on_node: Callable[[tuple[str, ...]], Any] | None = None,
                 banner: W.HTML | None = None, **kw: Any) -> None:
        super().__init__(**kw)
        self.add_class("tk-search")
        self.gamedef = gamedef
        self.on_node = on_node
        self.hits: list[Hit] = []
        self.hit_buttons: list[W.Button] = []
        # inside another widget (the sandbox), its banner says what went wrong
        own_banner = banner is None
        self.banner = self._make_banner() if own_banner else banner
        self.box = W.Text(placeholder=PLACEHOLDER, continuous_update=True,
                          layout=W.Layout(width="100%"))
        self.box.add_class("tk-search-box")
        self.count = W.HTML("")
        self.count.add_class("tk-search-summary")
        self.list = W.VBox([])
        self.list.add_class("tk-search-hits")
        self.result = W.HTML("")
        self.result.add_class("tk-search-result")
        self.box.observe(self._guard(self._refresh), names="value")
        self.children = [self.box] + ([self.banner] if own_banner else []) + [self.count, self.list, self.result]

    @property
    def query(self) -> str:
        return self.box.value

    @query.setter
    def query(self, text: str) -> None:
        self.box.value = text

    def search(self, text: str) -> list[Hit]:
        """Type `text` into the box; the hits listed."""
        self.query = text
        return self.hits

    def _refresh(self) -> None:
        text = self.box.value
        hits = search_rules(self.gamedef, text, limit=SHOWN)  # a bad query raises: nothing changes
        total = count_rules(self.gamedef, text) if len(hits) == SHOWN else len(hits)
        self.hits = hits
        self.hit_buttons = [self._button(h) for h in hits]
        self.list.children = [self._row(h, b) for h, b in zip(hits, self.hit_buttons)]
        self.count.value = no_match_html(text) if text.strip() and not hits else count_html(len(hits), total)

    def _button(self, hit: Hit) -> W.Button:
        b = W.Button(description=hit_label(hit), tooltip=f"{hit.title}: {hit.snippet}" if hit.snippet else hit.title,
                     layout=W.Layout(width="100%", height="auto"))
        b.add_class("tk-search-hit")
        b.add_class(f"tk-search-hit-{hit.kind}")
        b.on_click(self._guard(lambda: self.show_hit(hit)))
        return b

    def _row(self, hit: Hit, button: W.Button) -> W.VBox:
        snippet = W.HTML(f"<div class='tk-search-snippet'>{escape(hit.snippet)}</div>" if hit.snippet else "")
        row = W.VBox([button, snippet])
        row.add_class("tk-search-row")
        return row

    def show_hit(self, hit: Hit) -> None:
        """Show a hit in the result pane (and, for a rule node, tell `on_node`)."""
        self.result.value = hit_html(self.gamedef, hit)
        if hit.kind == "node" and self.on_node is not None:
            self.on_node(hit.key)
