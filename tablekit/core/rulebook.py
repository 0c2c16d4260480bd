"""A game's rules on one page, generated from the game itself: plain data.

`rules_page(gamedef)` reads the GameDef (its goal, endings, options, flow tree,
option forms and cards) and one new table (its zones) and returns a
`RulesPage`: dataclasses, no HTML. `page_text(page)` writes it as text (the
`tablekit rules GAME` command); the Jupyter layer writes it as HTML.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .flow import ActionWindow, Ask, Node
from .gamedef import GameDef
from .state import HIDDEN, OWNER, PUBLIC

__all__ = ["RulesPage", "FlowLine", "Offer", "ZoneLine", "CardLine", "KindLine", "rules_page",
           "page_text", "is_decision", "UNFINISHED_WORDS", "PASS_MEANING", "OTHER_FORMS_WORDS"]

VISIBILITY_WORDS = {HIDDEN: "hidden: nobody sees the cards", OWNER: "only its owner sees the cards",
                    PUBLIC: "everyone sees the cards"}
UNFINISHED_WORDS = "the game was stopped at its safety cap of rounds before its own end"
PASS_MEANING = "do nothing now; the window closes once every player has passed in a row"
OTHER_FORMS_WORDS = "asked by cards, events and responses"
NO_KIND = "cards"  # the kind shown for cards the game gives no kind


@dataclass(frozen=True)
class Offer:
    """One form of option a decision offers, and what it means (when it is allowed)."""

    form: str
    meaning: str


@dataclass(frozen=True)
class FlowLine:
    """One node of the flow, in tree order: `depth` 0 is the root."""

    id: int
    path: tuple[str, ...]
    kind: str
    name: str
    text: str
    rule: str
    level: str | None
    depth: int
    offers: tuple[Offer, ...] = ()

    @property
    def decision(self) -> bool:
        return self.kind in (Ask.kind, ActionWindow.kind)


@dataclass(frozen=True)
class ZoneLine:
    """A zone of a new table: `name` with <player> for an owner's name; `each_player`
    when every player has one."""

    name: str
    label: str
    visibility: str
    each_player: bool

    @property
    def seen_by(self) -> str:
        return VISIBILITY_WORDS[self.visibility]


@dataclass(frozen=True)
class CardLine:
    id: str
    name: str
    quantity: int
    stand_in: bool
    test_only: bool


@dataclass(frozen=True)
class KindLine:
    """The cards of one kind: `total` copies in the game (test-only samples not counted)."""

    kind: str
    cards: tuple[CardLine, ...]
    total: int
    stand_ins: int


@dataclass
class RulesPage:
    game: str
    title: str
    goal: str
    min_players: int
    max_players: int
    players_words: str = ""
    variants: list[tuple[str, str]] = field(default_factory=list)
    options: list[tuple[str, str, str]] = field(default_factory=list)  # name, default, doc
    rulings: list[tuple[str, str, str]] = field(default_factory=list)  # ruling id, reading, meaning
    endings: list[tuple[str, str]] = field(default_factory=list)
    flow: list[FlowLine] = field(default_factory=list)
    other_forms: list[Offer] = field(default_factory=list)  # forms no node offers
    zones: list[ZoneLine] = field(default_factory=list)
    components: list[KindLine] = field(default_factory=list)
    glossary: list[tuple[str, str, str]] = field(default_factory=list)  # term, meaning, ruling id or ""

    @property
    def total_cards(self) -> int:
        return sum(k.total for k in self.components)

    @property
    def stand_ins(self) -> int:
        return sum(k.stand_ins for k in self.components)

    @property
    def players(self) -> str:
        """How many play: the people, and the seats where they differ (GameDef.players_words)."""
        if self.players_words:
            return self.players_words
        lo, hi = self.min_players, self.max_players
        return f"{lo} player{'s' if lo > 1 else ''}" if lo == hi else f"{lo} to {hi} players"


def is_decision(node: Node) -> bool:
    """Whether the node asks a decision of its own (an Ask or an ActionWindow)."""
    return isinstance(node, (Ask, ActionWindow))


def _offers(gamedef: GameDef, node: Node) -> tuple[Offer, ...]:
    out = [Offer(f, gamedef.option_forms.get(f, "")) for f in node.offers]
    if isinstance(node, ActionWindow) and "pass" not in node.offers:
        out.append(Offer("pass", PASS_MEANING))
    return tuple(out)


def flow_lines(gamedef: GameDef) -> list[FlowLine]:
    """Every node of the flow in tree order, with its decision's offers."""
    root = gamedef.nodes[0]
    depth = {root.id: 0}
    for n in gamedef.nodes:
        for c in n.children:
            depth[c.id] = depth[n.id] + 1
    return [FlowLine(n.id, n.path, n.kind, n.name, n.text, n.rule, n.level, depth[n.id],
                     _offers(gamedef, n) if is_decision(n) else ()) for n in gamedef.nodes]


def other_forms(gamedef: GameDef) -> list[Offer]:
    """The option forms no node offers itself (cards, events and responses ask them)."""
    offered = {f for n in gamedef.nodes for f in n.offers}
    return [Offer(f, m) for f, m in gamedef.option_forms.items() if f not in offered]


def endings(gamedef: GameDef) -> list[tuple[str, str]]:
    out = list(gamedef.endings.items())
    if gamedef.safety_rounds and "unfinished" not in gamedef.endings:
        out.append(("unfinished", UNFINISHED_WORDS))
    return out


def _each_player(text: str, player: str) -> str:
    """A zone's label as every player's: "Ana's hand" -> "each player's hand",
    "Engaged with Ana" -> "Engaged with each player"."""
    if text.startswith(f"{player}'s "):
        return "each player's " + text[len(player) + 3:]
    if player in text:
        return text.replace(player, "each player")
    return f"each player's {text}"


def _seat_of(name: str, info: dict, players: list[str]) -> str | None:
    """The player a zone belongs to: its owner, or the player its name is made for
    ("Ana/engaged" has no owner but is Ana's)."""
    if info["owner"] is not None:
        return info["owner"]
    return next((p for p in name.split("/") if p in players), None)


def zone_lines(gamedef: GameDef) -> list[ZoneLine]:
    """The zones of one new table at the game's smallest player count, a zone every
    player has listed once."""
    from .engine import make_game

    st = make_game(gamedef, gamedef.min_players, 1).state
    players = st.player_names
    out = []
    for name in st.zones:
        info = st.zone_info[name]
        seat = _seat_of(name, info, players)
        if seat is None:
            out.append(ZoneLine(name, info["label"], info["visibility"], False))
        elif seat == players[0]:
            generic = "/".join("<player>" if p == seat else p for p in name.split("/"))
            out.append(ZoneLine(generic, _each_player(info["label"], seat), info["visibility"], True))
    return out


def components(gamedef: GameDef) -> list[KindLine]:
    """The cards by kind (in the card file's order) with their copies."""
    kinds: dict[str, list[CardLine]] = {}
    for d in gamedef.cards.values():
        kinds.setdefault(d.kind or NO_KIND, []).append(
            CardLine(d.id, d.name, d.quantity, d.stand_in, d.test_only))
    return [KindLine(k, tuple(cs), sum(c.quantity for c in cs if not c.test_only),
                     sum(c.quantity for c in cs if c.stand_in and not c.test_only))
            for k, cs in kinds.items()]


def rules_page(gamedef: GameDef) -> RulesPage:
    """The rules page of a game, generated from the game itself."""
    return RulesPage(
        game=gamedef.id, title=gamedef.title, goal=gamedef.goal,
        min_players=gamedef.min_players, max_players=gamedef.max_players,
        players_words=gamedef.players_words(), variants=list(gamedef.variants.items()),
        options=[(k, repr(s.default), s.doc) for k, s in gamedef.options.items()],
        rulings=[(rid, reading, words) for rid, readings in gamedef.ruling_variants.items()
                 for reading, words in readings.items()],
        endings=endings(gamedef), flow=flow_lines(gamedef), other_forms=other_forms(gamedef),
        zones=zone_lines(gamedef), components=components(gamedef),
        glossary=[(t.term, t.meaning, t.see) for t in gamedef.glossary])


def _card_marks(c: CardLine) -> str:
    marks = (["stand-in"] if c.stand_in else []) + (["test only, never dealt"] if c.test_only else [])
    return f" ({', '.join(marks)})" if marks else ""


def page_text(page: RulesPage) -> str:
    """The page as plain text: goal, endings, the flow outline with each decision's
    options, zones, components and the glossary."""
    out = [page.title, "=" * len(page.title), "", f"Goal: {page.goal or '(not written yet)'}",
           f"Players: {page.players}."]
    if page.variants:
        out += ["", "Variants:"] + [f"  {k}: {v}" for k, v in page.variants]
    if page.options:
        out += ["", "Options:"] + [f"  {k} (default {d}): {doc}" for k, d, doc in page.options]
    if page.rulings:
        out += ["", "Rulings with two readings (the first is the default):"]
        out += [f"  {rid} = {r}: {w}" for rid, r, w in page.rulings]
    out += ["", "How it ends:"] + [f"  {k}: {w}" for k, w in page.endings]
    out += ["", "The flow:"]
    for line in page.flow:
        pad = "  " * (line.depth + 1)
        ref = f"  [{line.rule}]" if line.rule else ""
        out.append(f"{pad}{line.name} ({line.kind}){': ' + line.text if line.text else ''}{ref}")
        out += [f"{pad}  - {o.form}: {o.meaning}" for o in line.offers]
    if page.other_forms:
        out += ["", f"Other options ({OTHER_FORMS_WORDS}):"]
        out += [f"  - {o.form}: {o.meaning}" for o in page.other_forms]
    out += ["", f"Zones (a new table for {page.min_players}):"]
    out += [f"  {z.label} [{z.name}]: {z.seen_by}" for z in page.zones]
    stand = f", {page.stand_ins} of them stand-ins" if page.stand_ins else ""
    out += ["", f"Components: {page.total_cards} cards{stand}"]
    for k in page.components:
        kstand = f", {k.stand_ins} stand-ins" if k.stand_ins else ""
        out.append(f"  {k.kind}: {k.total}{kstand}")
        out += [f"    {c.quantity} x {c.name}{_card_marks(c)}" for c in k.cards]
    if page.glossary:
        out += ["", "The words of the game:"]
        out += [f"  {t}: {m}{f' (ruling {see})' if see else ''}" for t, m, see in page.glossary]
    return "\n".join(out)
