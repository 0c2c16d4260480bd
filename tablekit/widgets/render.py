"""HTML for the scenario builder's table: card tiles, zone rows, a ruling's reference.

Pure functions from game objects to HTML strings; nothing here needs a
kernel, so they are tested directly. Everything is said in words and
symbols (suits, "weakened: 4 left", "▶ now"), never by colour alone.
"""

from __future__ import annotations

from html import escape
from typing import AbstractSet as Set
from typing import Any

from ..core.engine import Game
from ..core.rulings import rulings
from . import cardface

VIS_WORDS = {"hidden": "face down", "owner": "only its owner sees it", "public": "face up"}


def card_tile(game: Game, uid: str, changed: bool = False, named: bool = False) -> str:
    """A card on the table: its drawing (cardface.card_svg) in a tile that keeps the
    card's kind, uid and text (the title) for the tests and the browser; `changed`
    marks it "★ just changed", `named` "▶ in the decision" with a thick outline."""
    d = game.ctx.defn(uid)
    cs = game.ctx.card(uid)
    cls = f"tk-card tk-drawn tk-kind-{escape(d.kind or 'card')}"
    for on, extra in ((changed, "tk-changed"), (named, "tk-named"), (cs.get("exhausted"), "tk-turned"),
                      (cs.get("face_down"), "tk-facedown"), (d.stand_in, "tk-standin")):
        if on:
            cls += f" {extra}"
    parts = [cardface.card_svg(game, uid)]
    if named:
        parts.append("<div class='tk-card-named'>▶ in the decision</div>")
    if changed:
        parts.append("<div class='tk-card-new'>★ just changed</div>")
    title = escape(d.text, quote=True)
    return f"<div class='{cls}' title='{title}' data-uid='{escape(uid, quote=True)}'>{''.join(parts)}</div>"


def hidden_tile(words: str = "face down") -> str:
    """A card the viewer may not see: a card back saying `words`."""
    return f"<div class='tk-card tk-drawn tk-hidden'>{cardface.back_svg(words)}</div>"


def named_cards(game: Game) -> set[str]:
    """The uids the open decision's legal options name (see cardface.named_cards)."""
    return cardface.named_cards(game)


PILE_LIMIT = 8  # a zone with more cards than this is collapsed behind "show all (N)"


def is_pile(info: dict[str, Any], n: int) -> bool:
    """A deck/draw/discard-like zone shown as one stack: face down, or shared and longer than PILE_LIMIT."""
    return info["visibility"] == "hidden" or (info.get("owner") is None and n > PILE_LIMIT)


def tiles(game: Game, uids: list[str], changed: set[str], named: Set[str] = frozenset()) -> str:
    """The cards' tiles; `named`: the cards the open decision names (highlighted)."""
    return "".join(hidden_tile() if u.startswith("hidden:") else card_tile(game, u, u in changed, u in named)
                   for u in uids)


def show_all(game: Game, uids: list[str], changed: set[str], n: int, more: str = "",
             named: Set[str] = frozenset()) -> str:
    """The cards behind a keyboard-friendly <details> control, closed."""
    return (f"<details class='tk-show-all'><summary>show all ({n}){more}</summary>"
            f"<div class='tk-zone-cards'>{tiles(game, uids, changed, named)}</div></details>")


def pile_html(game: Game, uids: list[str], changed: set[str], hidden: bool,
              named: Set[str] = frozenset()) -> str:
    """One stack with its count, its top card (the last) face up where the viewer may see it,
    and every card behind "show all" where any is known to the viewer. A face-down pile
    (`hidden`) never shows its top card, even to a viewer who sees everything."""
    n = len(uids)
    top = uids[-1]
    face = "" if hidden or top.startswith("hidden:") else card_tile(game, top, top in changed, top in named)
    words = f"top card: {escape(game.gamedef.describe_card(game.ctx, top)[0])}" if face else "face down"
    stack = (f"<div class='tk-card tk-hidden tk-pile'><div class='tk-card-name'>🂠 × {n}</div>"
             f"<div class='tk-card-words'>a pile of {n} card{'s' if n != 1 else ''}, {words}</div></div>")
    seen = [u for u in uids if not u.startswith("hidden:")]
    more = show_all(game, uids, changed, n, named=named) if seen and n > 1 else ""
    return f"<div class='tk-pile-row'>{stack}{face}</div>{more}"


def zone_row(game: Game, zone: str, uids: list[str], changed: set[str], named: Set[str] = frozenset()) -> str:
    info = game.state.zone_info[zone]
    label = escape(info.get("label") or zone)
    vis = VIS_WORDS.get(info["visibility"], info["visibility"])
    n = len(uids)
    about = game.gamedef.describe_zone(game.ctx, zone)
    extra = f" · {escape(about)}" if about else ""
    head = (f"<div class='tk-zone-label'><b>{label}</b> "
            f"<span class='tk-zone-meta'>{n} card{'s' if n != 1 else ''} · {vis}{extra}</span></div>")
    if not uids:
        body = "<span class='tk-empty'>empty</span>"
    elif is_pile(info, n):
        body = pile_html(game, uids, changed, info["visibility"] == "hidden", named)
    elif n > 1 and all(u.startswith("hidden:") for u in uids):  # another seat's hand: one stack, counted
        body = (f"<div class='tk-card tk-hidden tk-pile'><div class='tk-card-name'>🂠 × {n}</div>"
                f"<div class='tk-card-words'>{n} cards, face down</div></div>")
    elif n > PILE_LIMIT:
        body = tiles(game, uids[:PILE_LIMIT], changed, named) + show_all(
            game, uids[PILE_LIMIT:], changed, n, f": {n - PILE_LIMIT} more", named)
    else:
        body = tiles(game, uids, changed, named)
    empty = " tk-zone-empty" if not uids else ""
    return f"<div class='tk-zone{empty}' data-zone='{escape(zone, quote=True)}'>{head}" \
           f"<div class='tk-zone-cards'>{body}</div></div>"


def rule_html(game_id: str, rule: str) -> str:
    r = rulings(game_id).get(rule)
    if r is None:
        return f"<span class='tk-entry-rule'>Rulebook: {escape(rule)}</span>"
    return (f"<details class='tk-ruling'><summary>Ruling {escape(rule)}</summary>"
            f"<div><b>Question:</b> {escape(r['question'])}</div>"
            f"<div><b>Ruling:</b> {escape(r['ruling'])}</div>"
            f"<div><b>Why:</b> {escape(r['why'])}</div></details>")


def card_list(cards: list[Any]) -> str:
    rows = []
    for d in cards:
        nums = ", ".join(f"{escape(str(k))} {escape(str(v))}" for k, v in d.fields.items())
        tag = " <span class='tk-standin'>(stand-in: designed by tablekit)</span>" if d.stand_in else ""
        traits = f" · traits: {escape(', '.join(d.traits))}" if d.traits else ""
        qty = f" · ×{d.quantity}" if d.quantity > 1 else ""
        rows.append(f"<div class='tk-cardrow'><b>{escape(d.name)}</b> <code>{escape(d.id)}</code>{tag}"
                    f"<div class='tk-cardrow-nums'>{escape(d.kind)}{qty} · {nums}{traits}</div>"
                    f"<div class='tk-cardrow-text'>{escape(d.text)}</div></div>")
    return "".join(rows) or "<span class='tk-empty'>no card matches</span>"
