"""The rules search's words: what a hit is called on its button, and what the
result pane shows when it is picked (a node's name, kind, text and rule
reference; a ruling's question, ruling and reason; a card's words and its whole
text, its face drawn by the board from `cardwords.definition_view`). The board's rules search (board.py) lists the hits of
tablekit.core.search and shows the one picked with these.
"""

from __future__ import annotations

from html import escape

from ..core.gamedef import GameDef
from ..core.rulings import rulings
from ..core.search import Hit
from .cardwords import fact_words, number_words

LABEL = 90  # characters of a hit's title on its button
KIND_WORDS = {"node": "Rule", "ruling": "Ruling", "card": "Card"}


def hit_label(hit: Hit) -> str:
    """A hit's button label: what it is, in a word, then its title (shortened)."""
    title = hit.title if len(hit.title) <= LABEL else hit.title[:LABEL - 1].rstrip() + "…"
    return f"{KIND_WORDS[hit.kind]}: {title}"


# -- what a hit shows ---------------------------------------------------------

def rule_html(game_id: str, rule: str) -> str:
    """A rule reference: a ruling (folded: its question, the ruling and why) or,
    for a rule that is no ruling id, the rulebook section it names."""
    r = rulings(game_id).get(rule)
    if r is None:
        return f"<span class='tk-entry-rule'>Rulebook: {escape(rule)}</span>"
    return (f"<details class='tk-ruling'><summary>Ruling {escape(rule)}</summary>"
            f"<div><b>Question:</b> {escape(r['question'])}</div>"
            f"<div><b>Ruling:</b> {escape(r['ruling'])}</div>"
            f"<div><b>Why:</b> {escape(r['why'])}</div></details>")


def node_html(gamedef: GameDef, path: tuple[str, ...]) -> str:
    """A rule node: its name, its kind, its text and its rule reference."""
    node = gamedef.flow.find(path)
    where = " › ".join(path)
    ref = rule_html(gamedef.id, node.rule) if node.rule else ""
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
    return (f"<div class='tk-search-card'><div class='tk-search-card-words'><div class='tk-search-name'><b>{escape(gamedef.card_name(d))}</b>"
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
