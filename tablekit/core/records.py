"""What one step or one choice did, as a record in the history."""

from __future__ import annotations

from typing import Any, Callable


class Later:
    """Words written out only when read: `Later(fn, *values)` stands for the
    text `fn(*values)`, called once, the first time the words are read (then
    kept). A game nobody watches never reads most of its records, so it never
    writes their words.

    `fn` takes everything it names as arguments, and captures nothing: a
    function that closes over variables (a nested function or a lambda naming
    the caller's locals) is refused with a TypeError. The values are taken when
    the Later is made, so the words are true of the position of their step
    whenever they are read: pass the numbers that change (damage, what a hand
    holds) as they are now, never something to read them from later. What is
    fixed for the whole game (a card's name by its uid) may be looked up when
    the words are written. A list passed is the caller's to leave unchanged.
    `Later` joins with text (`later + " more words"`) into another Later."""

    __slots__ = ("_fn", "_values", "_text")

    def __init__(self, fn: Callable[..., str], *values: Any):
        if getattr(fn, "__closure__", None):
            raise TypeError(_closure_refused(fn))
        self._fn = fn
        self._values = values
        self._text: str | None = None

    def __str__(self) -> str:
        if self._text is None:
            self._text = self._fn(*self._values)
            self._fn = self._values = None  # type: ignore[assignment]  # the values are no longer needed
        return self._text

    def __add__(self, more: str) -> Later:
        return Later(_joined, self, more)

    def __bool__(self) -> bool:
        return True  # a rule's words are never empty; the text is checked once it is read

    def __repr__(self) -> str:
        return f"Later({str(self)!r})"


def _joined(words: Later, more: str) -> str:
    """The words of `Later + text`."""
    return str(words) + more


def _closure_refused(fn: Any) -> str:
    code = getattr(fn, "__code__", None)
    names = ", ".join(code.co_freevars) if code is not None else "variables"
    what = getattr(fn, "__qualname__", repr(fn))
    return (f"Later({what}) would capture {names} implicitly: Later words take the values they "
            f"name as arguments, Later(fn, *values), so pass them to Later and give fn a "
            f"parameter for each (fn must be a function without a closure)")


class StepRecord:
    """One rule applied (kind "step") or one decision answered (kind "choice").

    `node` is the static path of the rule in the flow tree, `path` the same
    place as words in the running game ("Round 3", "Ana's turn", "Attack"),
    `rule` the rulebook section or ruling id, `text` the explanation with the
    real cards and numbers. `public_text`, when set, is what the other seats
    are told (the text names cards only `player` may see).

    On the fast path (a game nobody watches, `Game.watched = False`) `text`
    and `public_text` may be held as `Later` words, `Later(fn, *values)`: the
    values they name were passed at the step, and `fn(*values)` writes them
    out the first time they are read (then the record keeps the str).
    """

    __slots__ = ("index", "kind", "node", "path", "rule", "_text", "events", "player", "choice",
                 "_public", "secret")

    def __init__(self, index: int, kind: str, node: tuple[str, ...], path: tuple[str, ...], rule: str,
                 text: str | Later, events: list[dict[str, Any]] | None = None, player: str | None = None,
                 choice: tuple[str, ...] = (), public_text: str | Later | None = None,
                 secret: bool = False):
        self.index = index
        self.kind = kind
        self.node = node
        self.path = path
        self.rule = rule
        self._text = text
        self.events = [] if events is None else events
        self.player = player
        self.choice = choice
        self._public = public_text
        self.secret = secret  # a hidden pick: other seats see neither its choice nor its events

    @property
    def text(self) -> str:
        t = self._text
        if type(t) is not str:
            t = self._text = str(t)
        return t

    @text.setter
    def text(self, value: str | Later) -> None:
        self._text = value

    @property
    def public_text(self) -> str | None:
        t = self._public
        if t is not None and type(t) is not str:
            t = self._public = str(t)
        return t

    @public_text.setter
    def public_text(self, value: str | Later | None) -> None:
        self._public = value

    def __eq__(self, other: object) -> bool:
        return isinstance(other, StepRecord) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]  # records are compared by value, like the dataclass was

    def __repr__(self) -> str:
        return (f"StepRecord(index={self.index}, kind={self.kind!r}, node={self.node!r}, path={self.path!r}, "
                f"rule={self.rule!r}, text={self.text!r}, events={self.events!r}, player={self.player!r}, "
                f"choice={self.choice!r}, public_text={self.public_text!r}, secret={self.secret!r})")

    def text_for(self, viewer: str | None) -> str:
        """The explanation as a seat may read it: the player it concerns reads
        `text`, every other seat and a spectator (None) the public text."""
        if self.public_text is None or (viewer is not None and viewer == self.player):
            return self.text
        return self.public_text

    def for_viewer(self, viewer: str | None) -> dict[str, Any]:
        """The record as a seat may see it (None: a spectator). A record with a
        public text names cards only its player may see: for the others its
        text is the public one and its events and choice are withheld."""
        d = self.to_dict()
        other = viewer is None or viewer != self.player
        if other and (self.public_text is not None or self.secret):
            d["text"] = self.public_text if self.public_text is not None else f"{self.player} makes a hidden choice."
            d["events"] = []
            d["choice"] = []
        else:
            # an event shown to some seats only (a temporary reveal) is withheld from the others
            d["events"] = [e for e in d["events"] if "seen_by" not in e or viewer in e["seen_by"]]
        d.pop("public_text")
        d.pop("secret")
        return d

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index, "kind": self.kind, "node": list(self.node),
            "path": list(self.path), "rule": self.rule, "text": self.text,
            "events": self.events, "player": self.player, "choice": list(self.choice),
            "public_text": self.public_text, "secret": self.secret,
        }

    def _repr_html_(self) -> str:
        from html import escape
        return (f"<div class='tk-entry'><b>#{self.index + 1} · {escape(' › '.join(self.path))}</b> "
                f"<i>[{escape(self.rule)}]</i><br>{escape(self.text)}</div>")

    def __str__(self) -> str:
        return f"[{self.index}] {' › '.join(self.path)}: {self.text}"
