"""Cards drawn as inline SVG, made here: no image file, nothing from the internet.

Creatures and Cards gets a poker face (rank and suit in the corners, the suit
big in the middle, a crown and the hero on a King, "JOKER" on a Joker); every
other game a frame with the name, the type, the card's numbers and its whole
text in our words, wrapped in Python by an estimate of the font's widths (SVG
<text> does not wrap) so that nothing is cut off: a longer text makes a taller
card. The card's state is drawn on it and said in words in a band (damage,
hurt, exhausted, face down, progress, counters, lasting effects, "stand-in");
an exhausted card is drawn turned 90°. A face-down card the viewer may not see
is a card back with the words "face down".
"""

from __future__ import annotations

import base64
import functools
import hashlib
from html import escape

from ..core.cards import CardDef
from ..core.decision import Option
from ..core.engine import Game
from ..core.gamedef import GameDef

FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
FRAME_W = 168          # a framed card's width (px); its height follows its text
POKER_W, POKER_H = 100, 140
PAD = 7
TURNED_CAPTION = 15  # the room above a turned card for its caption
SUIT_SYMBOL = {"spades": "♠", "clubs": "♣", "hearts": "♥", "diamonds": "♦"}
RED_SUITS = ("hearts", "diamonds")
# fields that are bookkeeping, not something a player reads off the card
HIDDEN_FIELDS = {"core_number", "quantity_easy"}
TOKENS = (("damage", "damage", "#b00020"), ("progress", "progress", "#1d5fa8"),
          ("resources", "resources", "#8a6d00"), ("tokens", "tokens", "#555"))

_NARROW = set("ijl.,;:'!|()[]tfI ")
_WIDE = set("mwMW@%")


def text_width(text: str, size: float, bold: bool = False) -> float:
    """A generous estimate of `text`'s width in px at font `size` (DejaVu Sans /
    Verdana metrics, rounded up), so wrapped lines never run past the frame."""
    w = 0.0
    for ch in text:
        if ch in _NARROW:
            w += 0.36
        elif ch in _WIDE:
            w += 0.95
        elif ch.isupper() or ch.isdigit():
            w += 0.72
        elif ord(ch) < 128:
            w += 0.6
        else:
            w += 1.0
    return w * size * (1.12 if bold else 1.0)


def wrap(text: str, width: float, size: float, bold: bool = False) -> list[str]:
    """`text` in lines no wider than `width` at font `size`; a word too long
    for one line is split, never dropped."""
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split():
            while text_width(word, size, bold) > width:  # a very long word: split it
                cut = max(1, int(len(word) * width / text_width(word, size, bold)) - 1)
                if line:
                    lines.append(line)
                    line = ""
                lines.append(word[:cut])
                word = word[cut:]
            candidate = f"{line} {word}" if line else word
            if text_width(candidate, size, bold) <= width:
                line = candidate
            else:
                lines.append(line)
                line = word
        if line:
            lines.append(line)
    return lines


class _Canvas:
    """The SVG elements of one card, top to bottom; `y` is the next free line."""

    def __init__(self, width: int) -> None:
        self.width = width
        self.y = PAD
        self.parts: list[str] = []

    def lines(self, text: str, size: float, weight: str = "normal", style: str = "normal",
              cls: str = "", x: float = PAD, width: float | None = None) -> None:
        width = width if width is not None else self.width - 2 * PAD
        for line in wrap(text, width, size, weight == "bold"):
            self.y += size * 1.25
            self.parts.append(f"<text x='{x}' y='{self.y:.1f}' font-size='{size}' font-weight='{weight}' "
                              f"font-style='{style}' class='{cls}'>{escape(line)}</text>")
        self.y += size * 0.3

    def rule(self) -> None:
        self.y += 2
        self.parts.append(f"<line x1='{PAD}' y1='{self.y:.1f}' x2='{self.width - PAD}' y2='{self.y:.1f}' "
                          "stroke='#999' stroke-width='1'/>")
        self.y += 1


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


def state_words(game: Game, uid: str, state: list[str]) -> list[str]:
    """What `describe_card` says of the card's state, plus the words for what is
    drawn on it and not yet said (exhausted, face down, stand-in)."""
    cs = game.ctx.card(uid)
    out = list(state)
    for key, word in (("exhausted", "exhausted"), ("face_down", "face down"), ("hurt", "hurt")):
        if cs.get(key) and word not in out:
            out.append(word)
    if game.ctx.defn(uid).stand_in:
        out.append("stand-in")
    return out


def _look(game: Game, uid: str) -> tuple:
    """Everything the drawing depends on, hashable (the drawing is cached on it)."""
    d = game.ctx.defn(uid)
    cs = game.ctx.card(uid)
    name, words, state = game.gamedef.describe_card(game.ctx, uid)
    face = game.ctx.face(uid)
    fields = {**d.fields, **(face.fields if face is not None else {})}
    text = face.text if face is not None else d.text
    tokens = tuple((label, int(cs.get(key) or 0), colour) for key, label, colour in TOKENS if cs.get(key))
    return (game.id, d.id, name, words, tuple(state_words(game, uid, state)), text,
            tuple(number_words(fields)), tuple(fact_words(fields)), tuple(d.traits), d.kind,
            bool(cs.get("exhausted")), bool(cs.get("face_down")), d.stand_in, tokens,
            tuple(sorted((k, str(v)) for k, v in d.fields.items() if k in ("suit", "rank", "hero"))))


def card_label(game: Game, uid: str) -> str:
    """The card's accessible name: its name, what it is, and its state, in words."""
    return _label(_look(game, uid))


def _label(look: tuple) -> str:
    name, words, state = look[2], look[3], look[4]
    out = words if words.startswith(name) else f"{name}, {words}"
    return out + (f"; {', '.join(state)}" if state else "")


def card_svg(game: Game, uid: str, with_text: bool | None = None) -> str:
    """The card `uid` drawn as an inline SVG (role="img", labelled with its name
    and state). `with_text`: draw the card's whole text (default: every game
    but Creatures and Cards, whose poker face carries the text as its title)."""
    look = _look(game, uid)
    if with_text is None:
        with_text = look[0] != "creatures"
    return _draw(look, _label(look), with_text)


def definition_svg(gamedef: GameDef, d: CardDef) -> str:
    """A card definition drawn as a card in no game (no state on it), as
    cardface draws a card on the table, with its whole text."""
    name = gamedef.card_name(d)
    words = d.name + (f" · {d.kind}" if d.kind else "")
    state = ("stand-in",) if d.stand_in else ()
    suitinfo = tuple(sorted((k, str(v)) for k, v in d.fields.items() if k in ("suit", "rank", "hero")))
    look = (gamedef.id, d.id, name, words, state, d.text, tuple(number_words(d.fields)),
            tuple(fact_words(d.fields)), tuple(d.traits), d.kind, False, False, d.stand_in, (), suitinfo)
    label = (words if words.startswith(name) else f"{name}, {words}") + ("; stand-in" if d.stand_in else "")
    return _draw(look, label, True)


@functools.lru_cache(maxsize=4096)
def _draw(look: tuple, label: str, with_text: bool) -> str:
    (gid, _cid, name, words, state, text, numbers, facts, traits, kind,
     exhausted, face_down, stand_in, tokens, suitinfo) = look
    info = dict(suitinfo)
    if gid == "creatures":
        c = _poker(name, words, info, kind, text if with_text else "")
    else:
        c = _frame(name, words, numbers, facts, traits, text)
    _band(c, state)
    _tokens(c, tokens)
    height = int(c.y + PAD)
    body = "".join(c.parts)
    dash = " stroke-dasharray='6 3'" if stand_in else ""
    frame = (f"<rect x='1' y='1' width='{c.width - 2}' height='{height - 2}' rx='7' fill='#fffdf7' "
             f"stroke='#333' stroke-width='{2 if stand_in else 1.5}'{dash}/>")
    if face_down:
        frame += (f"<rect x='4' y='4' width='{c.width - 8}' height='{height - 8}' rx='5' fill='none' "
                  "stroke='#55a' stroke-width='3' stroke-dasharray='2 3'/>")
    inner = frame + body
    w, h = c.width, height
    if exhausted:  # turned a quarter clockwise, as on the table
        inner = (f"<text x='2' y='11' font-size='10' font-weight='bold' class='tk-svg-state'>↻ turned: exhausted</text>"
                 f"<g transform='translate({h},{TURNED_CAPTION}) rotate(90)'>{inner}</g>")
        w, h = h, w + TURNED_CAPTION
    tip = escape(f"{name}: {text}")
    return (f"<svg xmlns='http://www.w3.org/2000/svg' class='tk-cardsvg' role='img' "
            f"aria-label='{escape(label)}' width='{w}' height='{h}' viewBox='0 0 {w} {h}' "
            f"font-family='{FONT}' fill='#111'><title>{tip}</title>{inner}</svg>")


def _frame(name: str, words: str, numbers: tuple, facts: tuple, traits: tuple, text: str) -> _Canvas:
    c = _Canvas(FRAME_W)
    c.lines(name, 13, weight="bold", cls="tk-svg-name")
    about = words[len(name):].lstrip(" ·") if words.startswith(name) else words
    if about:
        c.lines(about, 10, style="italic", cls="tk-svg-type")
    if traits:
        c.lines("traits: " + ", ".join(traits), 9.5, cls="tk-svg-traits")
    if numbers:
        c.lines(" · ".join(numbers), 10, weight="bold", cls="tk-svg-numbers")
    if facts:
        c.lines(" · ".join(facts), 9.5, cls="tk-svg-facts")
    c.rule()
    c.lines(text, 10, cls="tk-svg-text")
    return c


def _poker(name: str, words: str, info: dict, kind: str, text: str) -> _Canvas:
    c = _Canvas(POKER_W)
    suit = info.get("suit", "none")
    sym = SUIT_SYMBOL.get(suit, "★")
    ink = "#b00020" if suit in RED_SUITS else "#111"
    rank = "JOKER" if kind == "joker" else info.get("rank", "?")
    top, mid, bot = PAD, 48, 96
    if kind == "joker":
        corner = "".join(f"<tspan x='{PAD + 3}' dy='{0 if i == 0 else 10}'>{ch}</tspan>" for i, ch in enumerate("JOKER"))
        c.parts.append(f"<text x='{PAD + 3}' y='{top + 10}' font-size='9' font-weight='bold' "
                       f"class='tk-svg-rank'>{corner}</text>")
        c.parts.append(f"<text x='{POKER_W / 2}' y='{mid + 14}' font-size='40' text-anchor='middle' "
                       f"class='tk-svg-suit'>★</text>")
        c.parts.append(f"<text x='{POKER_W / 2}' y='{mid + 34}' font-size='12' font-weight='bold' "
                       "text-anchor='middle'>Joker</text>")
    else:
        for x, y, rot in ((PAD + 6, top + 13, ""), (POKER_W - PAD - 6, bot - 6,
                                                   f" transform='rotate(180 {POKER_W - PAD - 6} {bot - 12})'")):
            c.parts.append(f"<g fill='{ink}'{rot}><text x='{x}' y='{y}' font-size='14' font-weight='bold' "
                           f"text-anchor='middle' class='tk-svg-rank'>{escape(rank)}</text>"
                           f"<text x='{x}' y='{y + 13}' font-size='13' text-anchor='middle' "
                           f"class='tk-svg-corner-suit'>{sym}</text></g>")
        if kind == "hero":
            c.parts.append(f"<text x='{POKER_W / 2}' y='{mid - 2}' font-size='24' text-anchor='middle'>♔</text>"
                           f"<text x='{POKER_W / 2}' y='{mid + 24}' font-size='26' text-anchor='middle' "
                           f"fill='{ink}' class='tk-svg-suit'>{sym}</text>"
                           f"<text x='{POKER_W / 2}' y='{mid + 38}' font-size='10' font-weight='bold' "
                           f"text-anchor='middle'>{escape(info.get('hero', 'King'))}</text>")
        else:
            c.parts.append(f"<text x='{POKER_W / 2}' y='{mid + 18}' font-size='44' text-anchor='middle' "
                           f"fill='{ink}' class='tk-svg-suit'>{sym}</text>")
    c.y = bot
    c.rule()
    c.lines(words, 9, cls="tk-svg-type")
    if text:
        c.lines(text, 9, cls="tk-svg-text")
    return c


def _band(c: _Canvas, state: tuple) -> None:
    """The state in words, on a shaded band at the foot of the card."""
    if not state:
        return
    c.y += 2
    start, first = c.y, len(c.parts)
    c.lines(" · ".join(state), 9.5, weight="bold", cls="tk-svg-state")
    c.parts.insert(first, f"<rect x='3' y='{start:.1f}' width='{c.width - 6}' height='{c.y - start + 1:.1f}' "
                          "fill='#eee' stroke='#777' stroke-width='0.5'/>")


def _tokens(c: _Canvas, tokens: tuple) -> None:
    """A row of round tokens at the foot, one for each kind of token on the card,
    its number inside (the band says the same in words)."""
    if not tokens:
        return
    cy = c.y + 12
    for i, (label, n, colour) in enumerate(tokens):
        cx = PAD + 10 + 24 * i
        c.parts.append(f"<g class='tk-svg-token'><title>{escape(label)} {n}</title>"
                       f"<circle cx='{cx}' cy='{cy:.1f}' r='10' fill='{colour}' stroke='#fff' stroke-width='1.5'/>"
                       f"<text x='{cx}' y='{cy + 4:.1f}' font-size='11' font-weight='bold' fill='#fff' "
                       f"text-anchor='middle'>{n}</text></g>")
    c.y = cy + 12


def back_svg(words: str = "face down", width: int = POKER_W, height: int = POKER_H) -> str:
    """A card back, with `words` on it."""
    return (f"<svg xmlns='http://www.w3.org/2000/svg' class='tk-cardsvg tk-cardback' role='img' "
            f"aria-label='{escape(words)}' width='{width}' height='{height}' viewBox='0 0 {width} {height}' "
            f"font-family='{FONT}'><title>{escape(words)}</title>"
            f"<rect x='1' y='1' width='{width - 2}' height='{height - 2}' rx='7' fill='#dde' stroke='#333'/>"
            f"<rect x='8' y='8' width='{width - 16}' height='{height - 16}' rx='4' fill='none' stroke='#556' "
            "stroke-width='2' stroke-dasharray='4 3'/>"
            f"<text x='{width / 2}' y='{height / 2 - 4}' font-size='26' text-anchor='middle' fill='#556'>◆</text>"
            f"<text x='{width / 2}' y='{height / 2 + 18}' font-size='12' font-weight='bold' "
            f"text-anchor='middle' fill='#111'>{escape(words)}</text></svg>")


def named_cards(game: Game) -> set[str]:
    """The cards the open decision's legal options name: each part of an option id
    (split at ":") that is a card lying in a zone. Empty when nothing is asked."""
    d = game.pending
    if d is None:
        return set()
    on_table = {u for uids in game.state.zones.values() for u in uids}
    return {part for o in d.options if o.legal for part in o.id.split(":") if part in on_table}


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


def svg_data_url(svg: str) -> str:
    """The SVG as a data URL (base64), for a CSS background."""
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")


def svg_size(svg: str) -> tuple[int, int]:
    """The width and height written on a card SVG."""
    head = svg[:svg.index(">")]
    def attr(name: str) -> int:
        return int(head.split(f" {name}='")[1].split("'")[0])
    return attr("width"), attr("height")


def card_button_style(game: Game, uid: str) -> tuple[str, str]:
    """The scoped class of the card's button face and its CSS rule."""
    svg = card_svg(game, uid)
    cls = "tk-cardbtn-" + hashlib.sha1(svg.encode("utf-8")).hexdigest()[:12]
    w, h = svg_size(svg)
    # more specific than ipywidgets' own .jupyter-button rules, whose padding would cover the label
    rule = (f".tk-app .jupyter-button.tk-cardbtn.{cls} {{ background-image: url(\"{svg_data_url(svg)}\"); "
            f"width: {w + 4}px; padding-top: {h + 4}px; }}")
    return cls, rule

