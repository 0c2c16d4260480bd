"""Decisions: who must choose, what is asked, and every option with its legality."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Sequence, Union

from .errors import IllegalChoice
from .records import Later


class Reason(str):
    """Why something cannot be done, in words, carrying the id of the ruling
    behind it: `Reason("Ana is protected this round", rule="LFG-PROTECT")`. It is
    a str, so an `Effect.check` or a cost may return it wherever a reason is
    expected; an `Option` made with it takes its `rule`."""

    rule: str | None

    def __new__(cls, text: str, rule: str | None = None) -> Reason:
        out = super().__new__(cls, text)
        out.rule = rule
        return out


Label = Union[str, Later, tuple]  # the words of an option: see Option


class Option:
    """One answer to a decision. `reason` says, in words, why an illegal option
    is illegal; `rule`, the id of the ruling that makes it so, where one does
    (the sandbox links it). A `Reason` given as `reason` brings its own `rule`.

    `label` is the option's words: a str, or words written out the first time
    they are read, as a `Later` or as a tuple `(function, *args)` (the label is
    then `function(*args)`). The tuple costs less than the words themselves, so
    a decision whose labels nobody reads (a bot's, on the fast path) never
    writes them. As with `Later`, what the words say must be fixed when the
    option is made: the args are values taken then, or things fixed for the
    whole game (a card's name, looked up by its uid)."""

    __slots__ = ("id", "_label", "legal", "reason", "rule")

    def __init__(self, id: str, label: Label, legal: bool = True, reason: str = "", rule: str | None = None):
        self.id = id
        self._label = label
        self.legal = legal
        if type(reason) is str:  # the common case: no Reason with a rule of its own
            self.reason = reason
            self.rule = rule
            return
        if rule is None:
            rule = getattr(reason, "rule", None)
        self.reason = str(reason)
        self.rule = rule

    @property
    def label(self) -> str:
        """The option's words (written out on first read, when given as words for later)."""
        words = self._label
        if type(words) is not str:
            words = self._label = words[0](*words[1:]) if type(words) is tuple else str(words)
        return words

    @label.setter
    def label(self, words: Label) -> None:
        self._label = words

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Option) and (self.id, self.label, self.legal, self.reason, self.rule) == (
            other.id, other.label, other.legal, other.reason, other.rule)

    def __hash__(self) -> int:
        return hash((self.id, self.label, self.legal, self.reason, self.rule))

    def to_dict(self) -> dict:
        out = {"id": self.id, "label": self.label, "legal": self.legal, "reason": self.reason}
        if self.rule:
            out["rule"] = self.rule
        return out

    def __repr__(self) -> str:
        mark = "" if self.legal else f" (illegal: {self.reason})"
        return f"<Option {self.id} {self.label!r}{mark}>"


@dataclass(init=False, slots=True)
class Decision:
    """The one open question of a game.

    `validate`, if given, checks a whole answer (for several picks) and returns
    the reason it is illegal, or None. `default` is an option id the rules or
    a ruling suggest: bots may take it and the sandbox pre-selects it, but
    every legal option stays open. `hint` is a sentence for a learner.
    `party` lists the seats a decision of "the party" belongs to: `player`
    is its speaker, and in the sandbox any member may answer. `secret`
    marks a pick the other seats may not see (a hidden draft): their view
    of the record withholds its choice and events.
    """

    player: str
    prompt: str
    options: list[Option]
    min: int = 1
    max: int = 1
    kind: str = "choice"
    validate: Callable[[Sequence[str]], str | None] | None = field(default=None, repr=False)
    default: str | None = None
    hint: str = ""
    party: list[str] | None = None
    secret: bool = False
    _by_id: dict[str, Option] = field(init=False, repr=False, compare=False)  # the options by id

    def __init__(self, player: str, prompt: str, options: list[Option], min: int = 1, max: int = 1,
                 kind: str = "choice", validate: Callable[[Sequence[str]], str | None] | None = None,
                 default: str | None = None, hint: str = "", party: list[str] | None = None,
                 secret: bool = False) -> None:
        # written out (the dataclass's own __init__ would call __post_init__: a call more per decision)
        self.player = player
        self.prompt = prompt
        self.options = options
        self.min = min
        self.max = max
        self.kind = kind
        self.validate = validate
        self.default = default
        self.hint = hint
        self.party = party
        self.secret = secret
        by_id = self._by_id = {}
        for o in options:  # a loop, not a comprehension: one call fewer per decision
            by_id[o.id] = o
        if len(by_id) != len(options):
            ids = [o.id for o in options]
            raise ValueError(f"duplicate option ids in decision {prompt!r}: {ids}")
        if default is not None and default not in by_id:
            raise ValueError(f"the default {default!r} is not an option of {prompt!r}")

    @property
    def suggested(self) -> Option | None:
        """The default option when it is legal (None otherwise)."""
        o = self._by_id.get(self.default) if self.default is not None else None
        return o if o is not None and o.legal else None

    @property
    def legal(self) -> list[Option]:
        return [o for o in self.options if o.legal]

    def option(self, option_id: str) -> Option:
        return self._by_id[option_id]

    def __contains__(self, option_id: object) -> bool:
        return option_id in self._by_id

    def check(self, ids: Sequence[str]) -> None:
        """Raise IllegalChoice with the reason if `ids` is not an allowed answer."""
        one = None  # the common case, checked at once: one legal pick where one is allowed
        if len(ids) == 1 and self.min <= 1 <= self.max:
            one = self._by_id.get(ids[0])
        if one is None or not one.legal:
            self._check_picks(ids)
        if self.validate is not None:
            why = self.validate(ids)
            if why:
                raise IllegalChoice(why)

    def _check_picks(self, ids: Sequence[str]) -> None:
        """The options exist, none twice, as many as allowed, each legal."""
        for oid in ids:
            if oid not in self._by_id:
                known = ", ".join(o.id for o in self.options) or "none"
                raise IllegalChoice(f"{oid!r} is not an option here; the options are: {known}")
        if len(set(ids)) != len(ids):
            raise IllegalChoice("the same option was chosen twice")
        n = len(ids)
        if n < self.min or n > self.max:
            if self.min == self.max:
                want = f"exactly {self.min}"
            elif self.min == 0:
                want = f"at most {self.max}"
            else:
                want = f"between {self.min} and {self.max}"
            raise IllegalChoice(f"{self.player} must choose {want} option(s), not {n}")
        for oid in ids:
            opt = self._by_id[oid]
            if not opt.legal:
                raise IllegalChoice(f"{opt.label}: {opt.reason}")

    def to_dict(self) -> dict:
        """The decision as plain data (without `validate`), as an effect's frame keeps it."""
        out = {"player": self.player, "prompt": self.prompt, "min": self.min, "max": self.max,
               "kind": self.kind, "options": [[o.id, o.label, o.legal, o.reason] + ([o.rule] if o.rule else [])
                                              for o in self.options]}
        for key in ("default", "hint", "party", "secret"):
            value = getattr(self, key)
            if value:
                out[key] = value
        return out

    @classmethod
    def from_dict(cls, d: dict, validate: Callable[[Sequence[str]], str | None] | None = None) -> Decision:
        return cls(d["player"], d["prompt"], [Option(*o) for o in d["options"]], d["min"], d["max"],
                   d["kind"], validate, d.get("default"), d.get("hint", ""), d.get("party"),
                   d.get("secret", False))

    def _repr_html_(self) -> str:
        from html import escape
        items = "".join(
            f"<li><code>{escape(o.id)}</code> {escape(o.label)}"
            + ("" if o.legal else f" — <i>not allowed: {escape(o.reason)}</i>") + "</li>"
            for o in self.options)
        picks = f"exactly {self.min}" if self.min == self.max else f"{self.min} to {self.max}"
        return (f"<div class='tk-decision'><b>{escape(self.player)}</b>: {escape(self.prompt)} "
                f"(choose {picks})<ul>{items}</ul></div>")

    def __repr__(self) -> str:
        opts = ", ".join(o.id if o.legal else f"{o.id}(illegal)" for o in self.options)
        return f"<Decision {self.player}: {self.prompt} [{opts}] pick {self.min}..{self.max}>"
