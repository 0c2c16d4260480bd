"""The context a rule function works with: the state, the cards, and the one
event pipeline every change goes through."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Iterator

from .cards import Ability, CardDef
from .state import State

if TYPE_CHECKING:  # pragma: no cover
    from .gamedef import GameDef


@dataclass
class AbilityUse:
    """An ability being applied: its card, who controls it, the event behind it."""

    source: str
    controller: str | None
    ability: Ability
    event: dict | None = None

    @property
    def args(self) -> dict:
        return self.ability.args


class Ctx:
    def __init__(self, game: GameDef, defs: dict[str, CardDef], state: State):
        self.game = game
        self.defs = defs
        self.state = state
        self.events: list[dict[str, Any]] = []
        self._index: dict[str, list[tuple[str, Ability]]] | None = None
        self._names: dict[str, str] = {}
        self._procedures: dict[str, Callable[[Ctx, dict], None]] = {}
        self._kinds = {cid: d.kind for cid, d in defs.items()}

    # -- who and where ---------------------------------------------------
    @property
    def players(self) -> list[str]:
        return [p["name"] for p in self.state.players]

    @property
    def player(self) -> str | None:
        """Whose turn it is (the player of the innermost for-each-player frame)."""
        cursor = self.state.cursor
        if cursor:
            p = cursor[-1].get("p")
            if p is not None:
                return p
        return self.state.turn

    @property
    def extra(self) -> dict[str, Any]:
        return self.state.extra

    def next_player(self, name: str, step: int = 1) -> str:
        names = self.players
        return names[(names.index(name) + step) % len(names)]

    def zone(self, name: str) -> list[str]:
        return self.state.zones[name]

    def zone_of(self, uid: str) -> str:
        return self.state.card_zone[uid]

    def owner_of(self, uid: str) -> str | None:
        return self.state.zone_info[self.state.card_zone[uid]]["owner"]

    def card(self, uid: str) -> dict[str, Any]:
        """The card instance's own state (a mutable dict)."""
        return self.state.cards[uid]

    def defn(self, uid: str) -> CardDef:
        return self.defs[self.state.cards[uid]["card"]]

    def kind(self, uid: str) -> str:
        """The card's kind (attack, monster, ...): a fast path for the rules."""
        return self._kinds[self.state.cards[uid]["card"]]

    def name(self, uid: str) -> str:
        card_id = self.state.cards[uid]["card"]
        try:
            return self._names[card_id]
        except KeyError:
            n = self._names[card_id] = self.game.card_name(self.defs[card_id])
            return n

    def names(self, uids) -> str:
        uids = list(uids)
        if not uids:
            return "nothing"
        return ", ".join(self.name(u) for u in uids)

    def counter(self, player: str, key: str, default: int = 0) -> Any:
        return self.state.player(player).get(key, default)

    def randbelow(self, n: int) -> int:
        return self.state.randbelow(n)

    # -- the event pipeline --------------------------------------------
    def do(self, kind: str, **data: Any) -> dict | None:
        """Apply one change through the pipeline: mandatory replacement effects
        first, then the procedure for this kind of event, then collect the
        triggered abilities it sets off. Returns the event as applied, or None
        if a replacement cancelled it."""
        return self._emit({"type": kind, **data})

    def move(self, uid: str, to: str, index: int | None = None, **changes: Any) -> dict | None:
        """Move a card through the pipeline; `changes` set keys of its state
        (a key set to None is removed). Leaving a zone detaches a card unless
        `attached_to` is given."""
        ev: dict[str, Any] = {"type": "move", "card": uid, "to": to}
        if index is not None:
            ev["index"] = index
        if changes:
            ev["changes"] = changes
        return self._emit(ev)

    def _emit(self, ev: dict[str, Any]) -> dict | None:
        kind = ev["type"]
        index = self._index
        if index is None:
            index = self._index = self._build_index()
        if ("replacement", kind) in index:
            for uid, ab in self._active(("replacement", kind)):
                if ab.optional or not self._matches(ab.when, ev, uid):
                    continue
                fn = self.game.effect(ab.effect)
                ev = fn(self, AbilityUse(uid, self.owner_of(uid), ab, ev))
                if ev is None:
                    self.events.append({"type": kind, "cancelled_by": uid})
                    return None
        procedure = self._procedures.get(kind)
        if procedure is None:
            procedure = self._procedures[kind] = self.game.procedure(kind)
        procedure(self, ev)
        self.events.append(ev)
        if ("trigger", kind) not in index:
            return ev
        for uid, ab in self._active(("trigger", kind)):
            if self._matches(ab.when, ev, uid):
                self.state.triggers.append({"source": uid, "ability": self._ability_index(uid, ab),
                                            "controller": self.owner_of(uid), "event": ev})
        return ev

    def shuffle(self, zone: str) -> dict | None:
        return self.do("shuffle", zone=zone)

    def optional_replacements(self, kind: str, **data: Any) -> list[AbilityUse]:
        """The optional replacement abilities that could replace this event."""
        ev = {"type": kind, **data}
        return [AbilityUse(uid, self.owner_of(uid), ab, ev)
                for uid, ab in self._active(("replacement", kind))
                if ab.optional and self._matches(ab.when, ev, uid)]

    def actions(self, window: str, player: str) -> list[AbilityUse]:
        """The action abilities `player` controls that may be used in `window`."""
        return [AbilityUse(uid, player, ab) for uid, ab in self._active(("action", window))
                if self.owner_of(uid) == player]

    # -- "once per turn / round" ----------------------------------------
    def used(self, use: AbilityUse) -> bool:
        """Whether an ability limited by `once_per` (turn or round) was used already."""
        scope = use.ability.once_per
        if not scope:
            return False
        return self._use_key(use) in self.state.extra.get(f"_used_{scope}", [])

    def note_use(self, use: AbilityUse) -> None:
        """Record that an ability limited by `once_per` was used; the engine forgets
        it when the turn (or round) is over."""
        scope = use.ability.once_per
        if scope:
            self.state.extra.setdefault(f"_used_{scope}", []).append(self._use_key(use))

    def _use_key(self, use: AbilityUse) -> str:
        return f"{use.source}:{self._ability_index(use.source, use.ability)}"

    def stat(self, name: str, base: int | float, player: str | None = None,
             card: str | None = None) -> int | float:
        """A number after every continuous modifier from the cards in play."""
        total = base
        for uid, ab in self._active(("modifier", name)):
            if ab.scope == "all":
                total += ab.add
            elif ab.scope == "self" and card == uid:
                total += ab.add
            elif ab.scope == "owner" and player is not None and self.owner_of(uid) == player:
                total += ab.add
        return total

    def run_effect(self, use: AbilityUse) -> Any:
        return self.game.effect(use.ability.effect)(self, use)

    # -- internals -------------------------------------------------------
    def _active(self, key: tuple[str, str]) -> Iterator[tuple[str, Ability]]:
        if self._index is None:
            self._index = self._build_index()
        st = self.state
        for uid, ab in self._index.get(key, ()):
            zone = st.card_zone.get(uid)
            if zone is None:
                continue
            kind = st.zone_info[zone].get("kind")
            if ab.zone is not None:
                if kind != ab.zone:
                    continue
            elif kind not in self.game.active_zone_kinds:
                continue
            yield uid, ab

    def _build_index(self) -> dict[tuple[str, str], list[tuple[str, Ability]]]:
        index: dict[tuple[str, str], list[tuple[str, Ability]]] = {}
        for uid in sorted(self.state.cards):
            d = self.defs[self.state.cards[uid]["card"]]
            for ab in d.abilities:
                key = ab.stat if ab.type == "modifier" else ab.window if ab.type == "action" else ab.on
                index.setdefault((ab.type, key), []).append((uid, ab))
        return index

    def reindex(self) -> None:
        """Call after cards are created or removed."""
        self._index = None

    def _ability_index(self, uid: str, ab: Ability) -> int:
        return self.defn(uid).abilities.index(ab)

    def _matches(self, cond: dict, ev: dict, uid: str) -> bool:
        for key, want in cond.items():
            if isinstance(want, str) and "$" in want:
                # tokens stand for the ability's card, its controller, whose turn it is
                want = (want.replace("$self", uid)
                        .replace("$controller", str(self.owner_of(uid)))
                        .replace("$turn", str(self.player)))
            if ev.get(key) != want:
                return False
        return True


def core_move(ctx: Ctx, ev: dict) -> None:
    st = ctx.state
    uid = ev["card"]
    ev["from"] = st.move(uid, ev["to"], ev.get("index"))
    cs = st.cards[uid]
    changes = ev.get("changes")
    if changes is None:
        cs.pop("attached_to", None)
        return
    if "attached_to" not in changes:
        cs.pop("attached_to", None)
    for key, value in changes.items():
        if value is None:
            cs.pop(key, None)
        else:
            cs[key] = value


def core_shuffle(ctx: Ctx, ev: dict) -> None:
    ctx.state.shuffle(ctx.state.zones[ev["zone"]])


def core_counter(ctx: Ctx, ev: dict) -> None:
    p = ctx.state.player(ev["player"])
    p[ev["key"]] = p.get(ev["key"], 0) + ev["add"]


CORE_PROCEDURES: dict[str, Callable[[Ctx, dict], None]] = {
    "move": core_move,
    "shuffle": core_shuffle,
    "counter": core_counter,
}
