"""The rules page of a game as HTML, and RulesView: the page beside its diagram,
with the current node marked as a game moves."""

from __future__ import annotations

from html import escape
from typing import Sequence

import ipywidgets as W

from ..core.engine import Game
from ..core.errors import TablekitError
from ..core.gamedef import GameDef
from ..core.registry import get_game
from ..core.rulebook import OTHER_FORMS_WORDS, FlowLine, Offer, RulesPage, rules_page
from ..diagram import NOW
from .style import stylesheet

__all__ = ["RulesView", "rules_page_html", "diagram_html", "standalone_html"]

KIND_WORDS = {"decision": "decision", "action-window": "action window", "loop": "loop",
              "for-each-player": "for each player", "branch": "branch", "step": "step",
              "sequence": "sequence"}


def _offers(offers: Sequence[Offer]) -> str:
    items = "".join(f"<li><code>{escape(o.form)}</code>: {escape(o.meaning or '(no meaning written)')}</li>"
                    for o in offers)
    return f"<ul class='tk-rules-offers'>{items}</ul>"


def _flow_item(line: FlowLine) -> str:
    kind = KIND_WORDS.get(line.kind, line.kind)
    ref = f" <span class='tk-rules-ref'>[{escape(line.rule)}]</span>" if line.rule else ""
    text = f": {escape(line.text)}" if line.text else ""
    mark = "◆ " if line.decision else ""
    body = (f"<span class='tk-rules-node-name'>{mark}{escape(line.name)}</span> "
            f"<span class='tk-rules-kind'>({escape(kind)})</span>{text}{ref}")
    if line.decision:
        body += _offers(line.offers) if line.offers else "<div class='tk-rules-none'>(its options are not listed yet)</div>"
    return (f"<li class='tk-rules-node tk-rules-{escape(line.kind)}' data-path='{escape(' › '.join(line.path))}' "
            f"style='margin-left:{line.depth * 14}px'>{body}</li>")


def _pairs(rows: Sequence[tuple[str, str]], code: bool = True) -> str:
    wrap = (lambda s: f"<code>{escape(s)}</code>") if code else escape
    return "<ul>" + "".join(f"<li>{wrap(k)}: {escape(v)}</li>" for k, v in rows) + "</ul>"


def _setup(page: RulesPage) -> str:
    out = [f"<p><b>Players:</b> {escape(page.players)}.</p>"]
    if page.variants:
        out.append("<h4>Variants</h4>" + _pairs(page.variants))
    if page.options:
        out.append("<h4>Options</h4><ul>" + "".join(
            f"<li><code>{escape(k)}</code> (default <code>{escape(d)}</code>): {escape(doc)}</li>"
            for k, d, doc in page.options) + "</ul>")
    if page.rulings:
        out.append("<h4>Rulings with two readings</h4><p>The first reading is the default.</p><ul>" + "".join(
            f"<li><code>{escape(r)}</code> = <code>{escape(v)}</code>: {escape(w)}</li>"
            for r, v, w in page.rulings) + "</ul>")
    return "".join(out)


def _zones(page: RulesPage) -> str:
    rows = "".join(f"<tr><td>{escape(z.label)}</td><td><code>{escape(z.name)}</code></td>"
                   f"<td>{escape(z.seen_by)}</td></tr>" for z in page.zones)
    return (f"<p>A new table for {page.min_players}; a zone every player has is listed once.</p>"
            f"<table class='tk-rules-table'><tr><th>zone</th><th>name</th><th>who sees the cards</th></tr>"
            f"{rows}</table>")


def _components(page: RulesPage) -> str:
    stand = f", {page.stand_ins} of them stand-ins (cards the project designed)" if page.stand_ins else ""
    out = [f"<p><b>{page.total_cards} cards</b>{stand}.</p>"]
    for k in page.components:
        cards = ", ".join(
            f"{c.quantity} × {escape(c.name)}" + (" <i>(stand-in)</i>" if c.stand_in else "")
            + (" <i>(test only, never dealt)</i>" if c.test_only else "") for c in k.cards)
        kstand = f", {k.stand_ins} stand-ins" if k.stand_ins else ""
        out.append(f"<details class='tk-rules-kind-cards'><summary><b>{escape(k.kind)}</b>: {k.total} "
                   f"cards{kstand}</summary><p>{cards}</p></details>")
    return "".join(out)


def rules_page_html(gamedef: GameDef, diagram: str | None = None) -> str:
    """The rules page as HTML: goal, endings, setup, the flow with every decision and
    its options, the zones, the components, the glossary and the diagram (`diagram`: the SVG to
    show, by default the unmarked one; "" leaves it out)."""
    from ..diagram import flow_svg

    page = rules_page(gamedef)
    svg = flow_svg(gamedef) if diagram is None else diagram
    flow = "".join(_flow_item(line) for line in page.flow)
    other = (f"<h4>Other options ({escape(OTHER_FORMS_WORDS)})</h4>{_offers(page.other_forms)}"
             if page.other_forms else "")
    parts = [
        f"<div class='tk-rules'><h2 class='tk-rules-title'>{escape(page.title)}: the rules on one page</h2>",
        f"<section><h3>The goal</h3><p>{escape(page.goal or '(not written yet)')}</p></section>",
        f"<section><h3>How it ends</h3>{_pairs(page.endings)}</section>",
        f"<section><h3>Setting up</h3>{_setup(page)}</section>",
        "<section><h3>The flow</h3><p>Every rule node in order. ◆ marks a decision; under it, each form "
        f"of its options and when it is allowed.</p><ul class='tk-rules-flow'>{flow}</ul>{other}</section>",
        f"<section><h3>The zones</h3>{_zones(page)}</section>",
        f"<section><h3>The components</h3>{_components(page)}</section>",
    ]
    if page.glossary:
        parts.append(f"<section id='tk-glossary-{escape(page.game)}' class='tk-glossary'><h3>The words of the "
                     f"game</h3>{glossary_html(page.glossary)}</section>")
    if svg:
        parts.append(f"<section><h3>The rules diagram</h3>{diagram_html(svg)}</section>")
    parts.append("</div>")
    return "".join(parts)


def glossary_html(terms: list[tuple[str, str, str]]) -> str:
    """The glossary as a definition list: each term, its meaning and the ruling that decides it."""
    rows = "".join(f"<dt>{escape(t)}</dt><dd>{escape(m)}"
                   + (f" <span class='tk-glossary-see'>(ruling {escape(see)})</span>" if see else "") + "</dd>"
                   for t, m, see in terms)
    return f"<dl class='tk-glossary-list'>{rows}</dl>"


def diagram_html(svg: str) -> str:
    """The diagram's SVG in a scrolling frame."""
    return f"<div class='tk-rules-diagram'>{svg}</div>"


def standalone_html(gamedef: GameDef) -> str:
    """A whole HTML page of the rules: the stylesheet inline, the SVG embedded,
    nothing loaded from anywhere else."""
    return ("<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'>"
            f"<title>{escape(gamedef.title)}: the rules</title><style>{stylesheet()}</style></head>"
            f"<body><div class='tk-app'>{rules_page_html(gamedef)}</div></body></html>\n")


class RulesView(W.VBox):
    """A game's rules page in one HTML widget and its diagram in another; `follow(game)`
    and `show_at(path)` mark the current node (only the diagram's HTML changes), and
    `follow_sandbox(sandbox)` keeps marking where a sandbox's game stands. Given a
    game, it marks where that game stands; given a game id (or GameDef), where a new
    game starts."""

    def __init__(self, game_or_id: Game | GameDef | str):
        super().__init__()
        self.add_class("tk-app")
        self.add_class("tk-rules-view")
        game = game_or_id if isinstance(game_or_id, Game) else None
        if isinstance(game_or_id, Game):
            self.gamedef = game_or_id.gamedef
        elif isinstance(game_or_id, GameDef):
            self.gamedef = game_or_id
        else:
            self.gamedef = get_game(game_or_id)
        self.page = W.HTML(rules_page_html(self.gamedef, diagram=""))
        self.diagram = W.HTML("")
        self.diagram.add_class("tk-rules-diagram-box")
        self.path: tuple[str, ...] = ()
        self.caption = W.HTML("")
        self.children = [W.HTML(f"<style>{stylesheet()}</style>"), self.page,
                         W.HTML("<h3>The rules diagram</h3>"), self.caption, self.diagram]
        if game is not None:
            self.follow(game)
        else:
            from ..core.engine import make_game
            self.follow(make_game(self.gamedef, seed=1))
            self.caption.value = (f"<p>{NOW} marks the rule where a new game starts; beside a table it "
                                  "follows the game.</p>")

    def show_at(self, path: Sequence[str]) -> None:
        """Mark the node at a static path of the flow (() shows the diagram unmarked)."""
        from ..diagram import flow_svg, marked_svg

        svg = marked_svg(self.gamedef, path) if path else flow_svg(self.gamedef)
        self.path = tuple(path)
        self.diagram.value = diagram_html(svg)

    def follow(self, game: Game) -> None:
        """Mark where `game` stands (its cursor; the root once it is over)."""
        if game.gamedef is not self.gamedef:
            raise TablekitError(f"this rules page is {self.gamedef.title}'s, not {game.gamedef.title}'s")
        self.show_at(game.cursor or (self.gamedef.flow.name,))
        self.caption.value = f"<p>{NOW} marks where the game stands: {escape(' › '.join(self.path))}.</p>"

    def follow_sandbox(self, sandbox) -> None:
        """Mark where `sandbox`'s game stands, now and after every repaint (a
        game replaced in the sandbox, by Load game or a reading, is followed too)."""
        sandbox.listeners.append(lambda: self.follow(sandbox.game))
        self.follow(sandbox.game)
