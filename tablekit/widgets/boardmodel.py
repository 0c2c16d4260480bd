"""The board's view model: one JSON description of the table as one seat may see
it, and the check of what the browser sends back.

`board_model(game, seat)` is computed from the core's seat view
(`Game.view(seat)`), so a card the seat may not see is a placeholder there and
stays one here: its uid, its name and its text never enter the model.
`everything=True` ("View as everyone") describes the whole position on purpose.
The browser sends back only ids; `check_message(game, seat, message)` reads
such a message as untrusted input and says what to do, or why not, without
changing anything. See docs/board.md.

The model is plain data, made without a kernel or a browser, and tested directly.
"""

from __future__ import annotations

from typing import Any, Mapping

from ..core.cardtemplates import template_for
from ..core.counters import Counter, counters_by_place
from ..core.engine import Game
from ..core.errors import TablekitError
from . import layout
from .cardwords import option_card
from .decisionwords import game_over_words, options_in_order, prompt_line, score_words

MODEL_VERSION = 1
LOG_LIMIT = 30  # the newest records the model carries
CONTROLS = ("step", "run:phase", "run:round", "run:end", "undo", "redo", "restart")
# what the table shows and who plays: they change no position, so they need no record
SETTINGS = ("view", "bot", "hot_seat", "i_am", "save", "load", "reading", "show_empty",
            "save_position", "branch", "search", "hit", "diagram", "coach", "guide")
EVERYTHING = "*everything*"  # "view": the whole position, on purpose
BOT_KINDS = ("person", "random", "heuristic")
MESSAGE_KEYS = {"action", "ids", "record", "seat", "kind", "on", "name", "text", "ruling", "reading", "query",
                "index", "uid", "zone", "key", "value", "do", "lesson"}
# what a board that edits a position (the scenario builder's) is sent: pick a card, move
# it to a zone (at a place), or type a counter's number; each names its card, zone or
# counter by id, and the number is checked against the counter's declared domain
EDITS = ("pick", "move", "counter")
MAX_QUERY = 200  # characters of a rules search
# the buttons of a guided game's bubble; "scenario" (with `index`, the place of a kind left to a
# scenario in the guide's list) opens that scenario on the table, "back" comes back to the guide
GUIDE_BUTTONS = ("next", "undo", "go_on", "restart", "scenario", "back")
MAX_LESSON = 1000
MAX_IDS = 64


class BoardMessageError(TablekitError):
    """A message from the browser that is refused: the reason is in words."""


def _tokens(counters: list[Counter], view: Mapping[str, Any], owner: str | None,
            defs: Mapping[str, Any], edit: bool = False) -> list[dict[str, Any]]:
    out = []
    for c in counters:
        value = c.read(view, owner, defs)
        if value is not None:
            token = {"key": c.key, "name": c.name, "value": value, "icon": c.icon, "meaning": c.meaning}
            if edit and c.settable:  # the builder's board: a number a person may type
                token.update(edit=True, low=c.low, high=c.high, domain=c.domain())
            out.append(token)
    return out


def _card(game: Game, uid: str, view: Mapping[str, Any], card_counters: list[Counter],
          defs: Mapping[str, Any], edit: bool = False) -> dict[str, Any]:
    """One card the view shows: its words, its state and its counters."""
    d = game.ctx.defn(uid)
    cs = view["cards"][uid]
    name, words, state = game.gamedef.describe_card(game.ctx, uid)
    template = template_for(game.gamedef.card_templates, d.kind)
    face = template.read(d, cs.get("face") or 0) if template else {"line": [], "stats": []}
    return {"uid": uid, "name": name, "kind": d.kind or "card", "words": words, "state": list(state),
            "line": face["line"], "stats": face["stats"],
            "text": d.text, "exhausted": bool(cs.get("exhausted")), "face_down": bool(cs.get("face_down")),
            "attached_to": cs.get("attached_to"), "counters": _tokens(card_counters, view, uid, defs, edit)}


def _decision(game: Game, seat: str | None, everything: bool, bots: Mapping[str, str],
              shown_cards: set[str]) -> dict[str, Any] | None:
    d = game.pending
    if d is None or game.is_over:
        return None
    if d.player in bots:
        return {"waiting_for": d.player, "bot": bots[d.player]}
    if not everything and seat != d.player and seat not in (d.party or ()):
        return {"waiting_for": d.player}
    shown, folded = options_in_order(d)
    suggested = d.suggested.id if d.suggested is not None else None
    options = []
    for o in shown + folded:
        uid = option_card(game, o, d.player)
        named = list(dict.fromkeys(part for part in o.id.split(":") if part in shown_cards))
        options.append({"id": o.id, "label": o.label, "legal": o.legal, "reason": o.reason or "", "rule": o.rule or "",
                        "suggested": o.id == suggested,
                        "card": uid if uid in shown_cards else None,
                        "pair": named if len(named) == 2 and uid is None else None})
    return {"player": d.player, "prompt": prompt_line(d), "hint": d.hint or "", "min": d.min, "max": d.max,
            "options": options, "folded": len(folded)}


def bottom_seat(game: Game) -> str | None:
    """The seat drawn at the bottom when the view is not one seat's (everything, or a
    spectator): the one deciding, else the one whose turn it is, else the first."""
    d = game.pending
    actor = d.player if d is not None else game.turn
    players = list(game.players)
    return actor if actor in players else (players[0] if players else None)


def board_model(game: Game, seat: str | None, *, everything: bool = False,
                bots: Mapping[str, str] | None = None, show_empty: bool = False,
                edit: bool = False) -> dict[str, Any]:
    """The table as `seat` may see it (None: a spectator, public cards only), or
    the whole position with `everything=True`; plain JSON-ready data. `edit`: a
    position being built (the scenario builder's board): every zone spread out,
    no decision, and the counters a person may type marked with their domain."""
    bots = dict(bots or {})
    if seat is not None and seat not in game.players:
        raise TablekitError(f"no player named {seat!r}; the players are {', '.join(game.players)}")
    view = game.state.to_dict() if everything else game.view(seat)
    defs = game.defs
    places = counters_by_place(game.gamedef.counters)
    zone_info = view["zone_info"]
    shown_zones = [z for z, row in view["zones"].items()
                   if show_empty or (row and z != "box")]
    bottom = seat if seat is not None else bottom_seat(game)
    plan = layout.plan(zone_info, list(game.players), bottom, layout.game_hints(game.gamedef), shown_zones)
    seat_of = {z: p for p, zs in plan.top for z in zs}
    seat_of.update({z: bottom for z in plan.hand + plan.bottom})
    cards: dict[str, dict[str, Any]] = {}
    zones = []
    for z in shown_zones:
        info = zone_info[z]
        row = view["zones"][z]
        uids = []
        for u in row:
            if (view["cards"].get(u) or {}).get("hidden"):
                uids.append(None)  # a card back: where it lies, nothing of what it is
            else:
                uids.append(u)
                if u not in cards:
                    cards[u] = _card(game, u, view, places["card"], defs, edit)
        zones.append({"id": z, "label": info.get("label") or z, "owner": info.get("owner"), "seat": seat_of.get(z),
                      "kind": info.get("kind") or "", "visibility": info["visibility"],
                      "region": plan.region_of(z), "count": len(row), "cards": uids,
                      # the game's words about the zone (public: GameDef.describe_zone reads only those)
                      "about": game.gamedef.describe_zone(game.ctx, z),
                      "pile": not edit and (info["visibility"] == "hidden" or info.get("kind") in game.gamedef.pile_kinds),
                      "top": uids[-1] if uids else None})
    for c in cards.values():  # a card lies on another the model shows, or on nothing it names
        if c["attached_to"] not in cards:
            c["attached_to"] = None
    players = []
    for p in game.players:
        players.append({"name": p, "viewer": p == seat, "bottom": p == bottom, "bot": bots.get(p),
                        "turn": view.get("turn") == p,
                        "counters": _tokens(places["player"], view, p, defs, edit)})
    over = None
    if game.is_over and game.result is not None:
        r = game.result
        over = {"winners": list(r.winners), "summary": r.summary(), "ending": r.ending,
                "scores": {p: score_words(v) for p, v in r.scores.items()} if r.scores else None,
                **game_over_words(game)}
    log = []
    for rec in reversed(game.history[-LOG_LIMIT:]):
        log.append({"index": rec.index, "path": list(rec.path), "rule": rec.rule, "kind": rec.kind,
                    "player": rec.player if rec.kind == "choice" else None,
                    "text": rec.text if everything else rec.text_for(seat)})
    return {
        "version": MODEL_VERSION,
        "game": {"id": game.id, "title": game.gamedef.title},
        "viewer": seat, "everything": everything, "record": len(game.history),
        "at": list(game.cursor or ()),
        "players": players, "zones": zones, "cards": cards,
        "table": _tokens(places["table"], view, None, defs, edit),
        "decision": None if edit else _decision(game, seat, everything, bots, set(cards)),
        "edit": edit,
        "over": over, "log": log,
        # Step waits while a person must choose (a bot's choice is what Step plays)
        "can": {"step": not edit and not game.is_over and (game.pending is None or game.pending.player in bots),
                "undo": not edit and bool(game.history), "redo": not edit and bool(game.can_redo)},
    }


def check_message(game: Game, seat: str | None, message: Any, *, everything: bool = False,
                  bots: Mapping[str, str] | None = None, editing: bool = False,
                  view_all: bool = True) -> tuple[str, tuple[str, ...]]:
    """What a message from the browser asks, checked: ("choose", ids) or (control, ()).

    The message is untrusted: it must be an object with `action` (an option pick,
    "choose", or one of CONTROLS), `record` (the number of records the model it
    answers was made at: an older one is stale) and, for "choose", `ids`, the
    option ids picked. An unknown key, a stale record, a seat that is not the
    one deciding, an unknown option or an illegal one raises BoardMessageError
    with the reason in words; nothing is changed either way. A board that edits a
    position (`editing`) takes the EDITS too, and only those (see `_edit`)."""
    bots = dict(bots or {})
    if not isinstance(message, dict):
        raise BoardMessageError(f"a board message is an object, not {type(message).__name__}")
    unknown = sorted(set(message) - MESSAGE_KEYS, key=str)
    if unknown:
        raise BoardMessageError(f"a board message has no field {str(unknown[0])[:40]!r}")
    action, record = message.get("action"), message.get("record")
    if editing:
        if action not in EDITS:
            raise BoardMessageError(f"a position being built is edited: {str(action)[:40]!r} is not done here "
                                    "(open it in a sandbox to play it)")
        return action, _edit(game, action, message)
    if action in EDITS:
        raise BoardMessageError(f"{action!r} edits a position in the scenario builder, not on a game's table")
    if isinstance(action, str) and action in SETTINGS:
        args = _setting(game, action, message)
        if action == "view" and args == (EVERYTHING,) and not view_all:
            raise BoardMessageError("the views are locked for this class: a table shows one seat's cards, "
                                    "or a spectator's, not everything")
        return action, args
    if not isinstance(action, str) or (action != "choose" and action not in CONTROLS):
        raise BoardMessageError(f"unknown board action {str(action)[:40]!r}")
    extra = sorted((MESSAGE_KEYS - {"action", "ids", "record"}) & set(message))
    if extra:
        raise BoardMessageError(f"{action!r} takes no {extra[0]!r}")
    if isinstance(record, bool) or not isinstance(record, int):
        raise BoardMessageError("a board message says which record its table was drawn at")
    if record != len(game.history):
        raise BoardMessageError(f"the table has moved on (record {len(game.history)}, not {record}): "
                                "the click was for an older position, so nothing was done")
    if action != "choose":
        if "ids" in message:
            raise BoardMessageError(f"{action!r} takes no ids")
        return action, ()
    ids = message.get("ids")
    if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids) or len(ids) > MAX_IDS:
        raise BoardMessageError(f"'ids' is a list of at most {MAX_IDS} option ids")
    d = game.pending
    if d is None or game.is_over:
        raise BoardMessageError("no decision is open")
    if d.player in bots:
        raise BoardMessageError(f"{d.player} is played by a bot")
    if not everything and seat != d.player and seat not in (d.party or ()):
        raise BoardMessageError(f"{d.player} decides here, not {seat or 'a spectator'}")
    by_id = {o.id: o for o in d.options}
    for i in ids:
        o = by_id.get(i)
        if o is None:
            raise BoardMessageError(f"{i[:60]!r} is not an option of this decision")
        if not o.legal:
            raise BoardMessageError(f"{o.label}: {o.reason}")
    if len(set(ids)) != len(ids):
        raise BoardMessageError("an option is picked twice")
    if not d.min <= len(ids) <= d.max:
        want = f"exactly {d.min}" if d.min == d.max else f"{d.min} to {d.max}"
        raise BoardMessageError(f"pick {want}, not {len(ids)}")
    return "choose", tuple(ids)


def _setting(game: Game, action: str, message: dict) -> tuple[str, ...]:
    """The checked arguments of a setting: ("view", seat or "" for a spectator or
    EVERYTHING), ("bot", seat, kind), ("hot_seat", "on" or "off"), ("i_am", seat),
    ("save",), ("load", file name, text), ("reading", ruling id, reading),
    ("show_empty", "on" or "off"), ("save_position",), ("branch",),
    ("search", query), ("hit", index as text), ("diagram", "on" or "off"), ("coach", "on" or "off"),
    ("guide", what, the lesson's number, a scenario's place, as text): what is next, undo, go_on,
    restart, scenario or back."""
    allowed = {"view": {"seat"}, "bot": {"seat", "kind"}, "hot_seat": {"on"}, "i_am": {"seat"},
               "save": set(), "load": {"name", "text"}, "reading": {"ruling", "reading"},
               "show_empty": {"on"}, "save_position": set(), "branch": set(), "search": {"query"},
               "hit": {"index"}, "diagram": {"on"}, "coach": {"on"}, "guide": {"do", "lesson", "index"}}[action]
    extra = sorted(set(message) - allowed - {"action", "record"}, key=str)
    if extra:
        raise BoardMessageError(f"{action!r} takes no {str(extra[0])[:40]!r}")
    if action in ("save", "save_position", "branch"):
        return ()
    if action == "guide":
        do, lesson = message.get("do"), message.get("lesson")
        if do not in GUIDE_BUTTONS:
            raise BoardMessageError(f"a guide's button is {', '.join(GUIDE_BUTTONS)}, not {str(do)[:40]!r}")
        if isinstance(lesson, bool) or not isinstance(lesson, int) or not 0 <= lesson <= MAX_LESSON:
            raise BoardMessageError("a guide's button says which lesson it was pressed at (its number from 0)")
        index = message.get("index", 0)
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index <= MAX_LESSON:
            raise BoardMessageError("a scenario of the guide is named by its place in the list (0 for the first)")
        return do, str(lesson), str(index)
    if action == "search":
        query = message.get("query")
        if not isinstance(query, str) or len(query) > MAX_QUERY:
            raise BoardMessageError(f"a rules search is words, at most {MAX_QUERY} characters")
        return (query,)
    if action == "hit":
        index = message.get("index")
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < MAX_IDS:
            raise BoardMessageError("a search hit is picked by its place in the list (0 for the first)")
        return (str(index),)
    if action == "reading":
        variants = game.gamedef.ruling_variants
        rid, reading = message.get("ruling"), message.get("reading")
        if not isinstance(rid, str) or rid not in variants:
            raise BoardMessageError(f"{game.gamedef.title} has no ruling with two readings named {str(rid)[:40]!r}"
                                    + (f" (it has {', '.join(variants)})" if variants else ""))
        if not isinstance(reading, str) or reading not in variants[rid]:
            raise BoardMessageError(f"{rid} is read {' or '.join(variants[rid])}, not {str(reading)[:40]!r}")
        return rid, reading
    if action == "load":
        name, text = message.get("name", "the file"), message.get("text")
        if not isinstance(name, str) or not isinstance(text, str):
            raise BoardMessageError("Load game sends the file's name and its text")
        return name[:120], text
    seat = message.get("seat")
    if action in ("hot_seat", "show_empty", "diagram", "coach"):
        on = message.get("on")
        if not isinstance(on, bool):
            raise BoardMessageError(f"{action!r} is turned on or off: 'on' is true or false")
        return ("on" if on else "off",)
    if action == "view" and (seat is None or seat == EVERYTHING):
        return (seat or "",)
    if not isinstance(seat, str) or seat not in game.players:
        raise BoardMessageError(f"no player named {str(seat)[:40]!r}; the players are {', '.join(game.players)}")
    if action == "bot":
        kind = message.get("kind")
        if kind not in BOT_KINDS:
            raise BoardMessageError(f"a seat is played by {', '.join(BOT_KINDS)}, not {str(kind)[:40]!r}")
        return seat, kind
    return (seat,)


def _edit(game: Game, action: str, message: dict) -> tuple[str, ...]:
    """The checked arguments of an edit: ("pick", uid), ("move", uid, zone, index as
    text; -1 the end) or ("counter", owner: a seat, a card's uid or "" for the table,
    counter key, value as text), the value a number in the counter's declared domain.
    The builder then checks the edit as the scenario format does."""
    allowed = {"pick": {"uid"}, "move": {"uid", "zone", "index"}, "counter": {"seat", "uid", "key", "value"}}[action]
    extra = sorted(set(message) - allowed - {"action", "record"}, key=str)
    if extra:
        raise BoardMessageError(f"{action!r} takes no {str(extra[0])[:40]!r}")
    st = game.state
    uid = message.get("uid")
    if uid is not None or action != "counter":
        if not isinstance(uid, str) or uid not in st.cards:
            raise BoardMessageError(f"no card {str(uid)[:60]!r} in this game")
    if action == "pick":
        return (uid,)
    if action == "move":
        zone, index = message.get("zone"), message.get("index", -1)
        if not isinstance(zone, str) or zone not in st.zones:
            raise BoardMessageError(f"no zone {str(zone)[:60]!r} in this game")
        others = len([u for u in st.zones[zone] if u != uid])
        if isinstance(index, bool) or not isinstance(index, int) or not -1 <= index <= others:
            raise BoardMessageError(f"a place in {zone} is 0 to {others}, or -1 for the end, "
                                    f"not {str(index)[:20]!r}")
        return uid, zone, str(index)
    seat, key, value = message.get("seat"), message.get("key"), message.get("value")
    if seat is not None and uid is not None:
        raise BoardMessageError("a counter is a seat's, a card's or the table's: name one, not both")
    if seat is not None and (not isinstance(seat, str) or seat not in game.players):
        raise BoardMessageError(f"no player named {str(seat)[:40]!r}; the players are {', '.join(game.players)}")
    where = "player" if seat is not None else "card" if uid is not None else "table"
    counter = next((c for c in game.gamedef.counters if c.key == key and c.where == where), None)
    if counter is None:
        raise BoardMessageError(f"{game.gamedef.title} has no {where} counter {str(key)[:40]!r}")
    if not counter.settable:
        raise BoardMessageError(f"{counter.name} is worked out from the position: set what it counts")
    if counter.kinds and game.ctx.defn(uid).kind not in counter.kinds:
        raise BoardMessageError(f"{counter.name} is kept only on {', '.join(counter.kinds)} cards")
    try:
        counter.check(value)
    except ValueError as exc:
        raise BoardMessageError(str(exc)) from None
    return seat or uid or "", counter.key, str(value)
