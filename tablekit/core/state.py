"""The game state: plain data that round-trips through JSON.

A state holds the players and their counters, the zones (each an ordered list
of card uids with an owner and a visibility), the card instances with their
own state, whose turn it is, the cursor into the flow, the RNG state, the
queue of collected triggered abilities and the game's own extra state.
"""

from __future__ import annotations

import copy
import json
from typing import Any

from . import rng as _rng

HIDDEN = "hidden"  # nobody sees the cards (a deck)
OWNER = "owner"  # only the owner sees them (a hand)
PUBLIC = "public"  # everybody sees them (the table)
VISIBILITIES = (HIDDEN, OWNER, PUBLIC)


_ATOMS = (str, int, float, bool, type(None))


_ATOM_TYPES = frozenset(_ATOMS)


def _copy(x: Any) -> Any:
    """A deep copy of plain JSON-like data (much faster than copy.deepcopy on the
    many small dicts of a state); anything else is handed to copy.deepcopy."""
    t = type(x)
    if t is dict:  # a value that is an atom is kept as it is, without a call
        if _ATOM_TYPES.issuperset(map(type, x.values())):
            return x.copy()  # atoms only (most card states): copied whole
        return {k: v if type(v) in _ATOM_TYPES else _copy(v) for k, v in x.items()}
    if t is list:
        if _ATOM_TYPES.issuperset(map(type, x)):
            return x.copy()
        return [v if type(v) in _ATOM_TYPES else _copy(v) for v in x]
    if t in _ATOM_TYPES:
        return x
    return copy.deepcopy(x)


class State:
    """Everything needed to continue a game, and nothing else."""

    __slots__ = (
        "game", "variant", "options", "seed", "players", "zones", "zone_info",
        "cards", "card_zone", "turn", "cursor", "rng", "extra", "triggers",
        "trigger_next", "over", "result", "lasting", "delayed",
    )

    def __init__(self, game: str, players: list[str], seed: int,
                 variant: str | None = None, options: dict | None = None):
        self.game = game
        self.variant = variant
        self.options = dict(options or {})
        self.seed = seed
        self.players: list[dict[str, Any]] = [{"name": p} for p in players]
        self.zones: dict[str, list[str]] = {}
        self.zone_info: dict[str, dict[str, Any]] = {}
        self.cards: dict[str, dict[str, Any]] = {}
        self.card_zone: dict[str, str] = {}  # derived index: uid -> zone
        self.turn: str | None = None
        self.cursor: list[dict[str, Any]] = []
        self.rng = _rng.seed_state(seed)
        self.extra: dict[str, Any] = {}
        self.triggers: list[dict[str, Any]] = []
        self.trigger_next: int | None = None
        self.over = False
        self.result: dict[str, Any] | None = None
        self.lasting: list[dict[str, Any]] = []  # lasting effects with their end (lasting.py)
        self.delayed: list[dict[str, Any]] = []  # delayed triggers waiting for their moment

    # -- players ---------------------------------------------------------
    @property
    def player_names(self) -> list[str]:
        return [p["name"] for p in self.players]

    def player(self, name: str) -> dict[str, Any]:
        for p in self.players:
            if p["name"] == name:
                return p
        raise KeyError(name)

    # -- zones and cards -------------------------------------------------
    def add_zone(self, name: str, owner: str | None = None, visibility: str = PUBLIC,
                 label: str | None = None, kind: str | None = None) -> None:
        """Add an empty zone. `kind` groups zones for abilities ("hand", "hero"...):
        an ability works while its card is in a zone of the kind it names."""
        if visibility not in VISIBILITIES:
            raise ValueError(f"unknown visibility {visibility!r}")
        if name in self.zones:
            raise ValueError(f"zone {name!r} exists already")
        self.zones[name] = []
        self.zone_info[name] = {"owner": owner, "visibility": visibility,
                                "label": label or name, "kind": kind or name.rsplit("/", 1)[-1]}

    def add_card(self, uid: str, card_id: str, zone: str, **card_state: Any) -> None:
        if uid in self.cards:
            raise ValueError(f"card uid {uid!r} used twice")
        self.cards[uid] = {"card": card_id, **card_state}
        self.zones[zone].append(uid)
        self.card_zone[uid] = zone

    def zone_of(self, uid: str) -> str:
        return self.card_zone[uid]

    def move(self, uid: str, to: str, index: int | None = None) -> str:
        """Move a card to another zone (at the end, or at index). Returns the old zone."""
        src = self.card_zone[uid]
        row = self.zones[src]
        if row and row[-1] == uid:
            row.pop()
        else:
            row.remove(uid)
        dest = self.zones[to]
        if index is None:
            dest.append(uid)
        else:
            dest.insert(index, uid)
        self.card_zone[uid] = to
        return src

    # -- randomness ------------------------------------------------------
    def randbelow(self, n: int) -> int:
        self.rng, r = _rng.below(self.rng, n)
        return r

    def shuffle(self, items: list) -> None:
        """Fisher-Yates shuffle in place, using only the state's RNG: for i from the
        last place down to 1, the item at i swaps with the one at `below(i + 1)`
        (those draws made at once, `rng.below_many`)."""
        n = len(items)
        self.rng, picks = _rng.below_many(self.rng, range(n, 1, -1))
        for i, j in zip(range(n - 1, 0, -1), picks):
            items[i], items[j] = items[j], items[i]

    # -- serialisation ---------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "variant": self.variant,
            "options": _copy(self.options),
            "seed": self.seed,
            "players": _copy(self.players),
            "zones": {z: list(c) for z, c in self.zones.items()},
            "zone_info": _copy(self.zone_info),
            "cards": _copy(self.cards),
            "turn": self.turn,
            "cursor": _copy(self.cursor),
            "rng": self.rng,
            "extra": _copy(self.extra),
            "triggers": _copy(self.triggers),
            "trigger_next": self.trigger_next,
            "over": self.over,
            "result": _copy(self.result),
            "lasting": _copy(self.lasting),
            "delayed": _copy(self.delayed),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> State:
        st = cls.__new__(cls)
        st.game = data["game"]
        st.variant = data.get("variant")
        st.options = _copy(data.get("options") or {})
        st.seed = data["seed"]
        st.players = _copy(data["players"])
        st.zones = {z: list(c) for z, c in data["zones"].items()}
        st.zone_info = _copy(data["zone_info"])
        st.cards = _copy(data["cards"])
        st.card_zone = {uid: z for z, uids in st.zones.items() for uid in uids}
        st.turn = data.get("turn")
        st.cursor = _copy(data.get("cursor") or [])
        st.rng = int(data["rng"])
        st.extra = _copy(data.get("extra") or {})
        st.triggers = _copy(data.get("triggers") or [])
        st.trigger_next = data.get("trigger_next")
        st.over = bool(data.get("over"))
        st.result = _copy(data.get("result"))
        st.lasting = _copy(data.get("lasting") or [])
        st.delayed = _copy(data.get("delayed") or [])
        return st

    def copy(self) -> State:
        """A deep copy: what `State.from_dict(self.to_dict())` gives, copied once
        (`from_dict` copies every field it is handed)."""
        return State.from_dict({k: getattr(self, k) for k in State.__slots__ if k != "card_zone"})

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.to_dict() == other.to_dict()

    def __repr__(self) -> str:
        return (f"<State {self.game} players={self.player_names} turn={self.turn!r} "
                f"cards={len(self.cards)} over={self.over}>")

    def _repr_html_(self) -> str:
        from html import escape
        rows = []
        for z, uids in self.zones.items():
            info = self.zone_info[z]
            cards = ", ".join(escape(u) for u in uids) or "<i>empty</i>"
            rows.append(f"<tr><td><b>{escape(info.get('label') or z)}</b></td>"
                        f"<td>{escape(info['visibility'])}</td><td>{len(uids)}</td><td>{cards}</td></tr>")
        head = (f"<div><b>{escape(self.game)}</b> · players {escape(', '.join(self.player_names))} · "
                f"turn {escape(str(self.turn))}{' · over' if self.over else ''}</div>")
        return (head + "<table class='tk-state'><tr><th>zone</th><th>visibility</th><th>cards</th>"
                "<th>uids (bottom first)</th></tr>" + "".join(rows) + "</table>")

    # -- what one seat may see ------------------------------------------
    def view(self, viewer: str | None) -> dict[str, Any]:
        """The state as `viewer` may see it (None: a spectator who sees only public cards).

        Every card the viewer may not see becomes a placeholder whose id says
        only the zone and the position, so nothing survives a shuffle. The
        RNG state and the seed are removed (they would predict the deck).
        """
        out = self.to_dict()
        out.pop("rng")
        out.pop("seed")
        revealed = {u for e in self.lasting if e["kind"] == "reveal" and e.get("to") == viewer
                    for u in e.get("cards", ())}
        cards_out: dict[str, Any] = {}
        zones_out: dict[str, list[str]] = {}
        for z, uids in self.zones.items():
            info = self.zone_info[z]
            vis = info["visibility"]
            owner = info["owner"]
            is_owner = owner is not None and owner == viewer
            whole_zone_hidden = vis == HIDDEN or (vis == OWNER and not is_owner)
            row = []
            for i, uid in enumerate(uids):
                cs = self.cards[uid]
                if uid not in revealed and (whole_zone_hidden or (cs.get("face_down") and not is_owner)):
                    ph = f"hidden:{z}:{i}"
                    row.append(ph)
                    cards_out[ph] = {"card": None, "hidden": True}
                else:
                    row.append(uid)
                    cards_out[uid] = _copy(cs)
            zones_out[z] = row
        out["zones"] = zones_out
        out["cards"] = cards_out
        visible = set(cards_out)
        for cs in cards_out.values():
            if cs.get("attached_to") and cs["attached_to"] not in visible:
                cs["attached_to"] = "hidden"
        # triggers could name hidden cards: a view keeps only their count
        out["triggers"] = len(self.triggers)
        # the resolution stack keeps picks and events that may name hidden cards:
        # a view keeps only what each frame is and who controls it
        out["cursor"] = [f if "n" in f else _public_frame(f) for f in out["cursor"]]
        # lasting effects and delayed triggers: what each is and when it ends; a reveal only to its
        # seat; a modifier also says, as the table does, what it changes, by how much and for whom
        out["lasting"] = [_public_lasting(e) for e in self.lasting
                          if e["kind"] != "reveal" or e.get("to") == viewer]
        out["delayed"] = [{"id": d["id"], "text": d["text"], "until": d["until"]} for d in self.delayed]
        return out


def _public_lasting(e: dict[str, Any]) -> dict[str, Any]:
    out = {"id": e["id"], "kind": e["kind"], "text": e["text"], "until": e["until"]}
    if e["kind"] == "modifier":
        out.update(stat=e.get("stat"), add=e.get("add"), players=list(e.get("players") or ()),
                   conditional=bool(e.get("if") or e.get("per")))
    return out


def _public_frame(frame: dict[str, Any]) -> dict[str, Any]:
    if "fx" in frame:
        return {"fx": frame["fx"], "label": frame.get("label"), "ctl": frame.get("ctl"),
                "st": frame.get("st")}
    if "do" in frame:
        return {"do": frame["do"]["type"], "st": frame.get("st")}
    return {"rw": frame.get("rw"), "label": frame.get("label"), "o": list(frame.get("o", []))}
