"""The flow: an introspectable tree of rule nodes.

A game declares its rules as a tree of these nodes. The same tree drives the
engine (a stack of frames, the cursor, walks it), renders as the outline of
the game, and is what a scenario names as its start point.

Each node carries a short `name`, a one-line `text` in our own words and a
`rule` reference (the rulebook section, or a ruling id). Leaves apply rules:

* `Step`: an automatic rule; `apply(ctx)` changes the state and says what it did;
* `Ask`: a decision; `ask(ctx)` builds it (or None when it does not arise),
  `resolve(ctx, ids)` applies the answer;
* `ActionWindow`: each eligible player in turn may act or pass; it closes
  when all have passed in a row.

Inner nodes order them: `Sequence`, `Loop` (loop until a condition holds),
`ForEachPlayer` and `Branch`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Iterator
from typing import Sequence as Seq

from .lasting import turn_begins
from .records import Later

if TYPE_CHECKING:  # pragma: no cover
    from .context import Ctx
    from .decision import Decision

PUSH, POP, READY, OPEN = "push", "pop", "ready", "open"
POPPED = (POP,)  # the settle result of a node that is done (one tuple for all)
READIED = (READY,)  # the settle result of a rule ready to apply
OPENED = (OPEN,)  # the settle result of a decision open, built on first look


@dataclass(slots=True)
class Say:
    """What a rule did: the explanation, and optionally the ruling it applied
    and a shorter text for the seats that may not see the cards named. From
    an Ask's resolve, `again=True` keeps the decision open: it is asked again
    (for an action taken "at any time" while the question stands). `text`
    (and `public`) may be `Later(fn, *values)` words, written out only when
    read: `fn` is a function without a closure, given the values it names as
    taken now. A game nobody watches (`Game.watched = False`) keeps them
    unwritten in its records."""

    text: str | Later
    rule: str | None = None
    public: str | Later | None = None
    again: bool = False


class Node:
    kind = "node"
    static_label = True  # the label is the name (or nothing); False: it depends on the frame
    # a label that depends on the frame may be kept as (labels formatted so far, the frame's
    # key they are kept by): a record's path reads it there, and calls `label` for a key not seen
    label_table: tuple[dict, str] | None = None

    def __init__(self, name: str, text: str = "", rule: str = "",
                 children: Seq[Node] = (), level: str | None = None, show: bool = True,
                 offers: Seq[str] = ()):
        self.name = name
        self.text = text
        self.rule = rule
        self.children = list(children)
        self.level = level  # "phase" or "round": where run(until=...) stops
        self.show = show  # whether the node's name appears in a record's path
        # a decision node's own options: the forms of their ids (keys of
        # GameDef.option_forms), for the rules page; the generic suite checks
        # every option the node's own decision offers has one of them
        self.offers = tuple(offers)
        self.id = -1
        self.path: tuple[str, ...] = ()

    # -- the engine calls these ----------------------------------------
    def settle(self, ctx: Ctx, frame: dict) -> tuple:
        """Where the cursor goes from this node's `frame`: `(PUSH, child)` enters a
        child, `(PUSH, child, READY)` or `(PUSH, child, OPEN)` enters one whose own
        settle this node already knows the answer of (a Step ready at once, an Ask
        open at once), `POPPED` leaves this node, `(READY[, decision])` makes this
        node's rule the next step (with the decision an Ask answered by itself),
        `(OPEN[, decision])` opens this node's decision (built already, or on
        first look). The engine runs the settles of the compiled plan (`compile_flow`)."""
        raise NotImplementedError

    def on_entry(self) -> str | None:
        """What this node's `settle` answers when the node is just entered, where that
        is known without the position (READY for a Step without `when`), else None."""
        return None

    def when_held(self) -> str | None:
        """What this node's `settle` answers when it is just entered and its `when`
        was seen to hold (see Sequence), where that is known; else None."""
        return None

    def compile(self) -> None:
        """Work out once what entering each child returns (see `settle`): the
        tuples are made here, not at every entry."""
        self.entered = tuple((PUSH, c) if c.on_entry() is None else (PUSH, c, c.on_entry())
                             for c in self.children)

    def planned_settle(self) -> Callable[[Ctx, dict], tuple]:
        """The settle the plan runs for this node, once compiled: `settle`, or a
        method of the same class that settles it the same way with less to look
        at, where this node's own make-up allows (a Sequence none of whose
        children it could pass over)."""
        return self.settle

    def label(self, frame: dict) -> str | None:
        return self.name if self.show else None

    def start_frame(self, ctx: Ctx, child: Node, turn: str | None) -> dict:
        """The frame of this node when a hand-built position starts at `child`
        (or below it), as if this node had just entered it (see Game.start_at)."""
        raise ValueError(f"cannot start inside {self.kind} {self.name!r}")

    # -- introspection ---------------------------------------------------
    def walk(self) -> Iterator[Node]:
        yield self
        for c in self.children:
            yield from c.walk()

    def find(self, path: Seq[str]) -> Node:
        """The node at a static path of names (the root's name first, or omitted)."""
        parts = list(path)
        if parts and parts[0] == self.name:
            parts = parts[1:]
        node = self
        for part in parts:
            for c in node.children:
                if c.name == part:
                    node = c
                    break
            else:
                names = ", ".join(c.name for c in node.children) or "none"
                raise KeyError(f"no node {part!r} under {' › '.join(node.path)} "
                               f"(children: {names})")
        return node

    def outline(self, depth: int = 0) -> str:
        """The tree as indented text: name, text and rulebook section."""
        ref = f"  [{self.rule}]" if self.rule else ""
        lines = [f"{'  ' * depth}{self.name} ({self.kind}): {self.text}{ref}"]
        for c in self.children:
            lines.append(c.outline(depth + 1))
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "text": self.text, "rule": self.rule,
                "level": self.level, "children": [c.to_dict() for c in self.children]}

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {' › '.join(self.path) or self.name}>"

    def _repr_html_(self) -> str:
        from html import escape

        def render(n: Node) -> str:
            kids = "".join(f"<li>{render(c)}</li>" for c in n.children)
            ref = f" <small>[{escape(n.rule)}]</small>" if n.rule else ""
            body = f"<b>{escape(n.name)}</b> <i>{escape(n.kind)}</i>: {escape(n.text)}{ref}"
            return body + (f"<ul>{kids}</ul>" if kids else "")

        return f"<ul class='tk-flow'><li>{render(self)}</li></ul>"


class Sequence(Node):
    kind = "sequence"

    def start_frame(self, ctx, child, turn):
        return {"n": self.id, "i": self.children.index(child) + 1}

    skips: tuple[bool, ...] = ()
    held: tuple[tuple, ...] = ()

    def compile(self) -> None:
        super().compile()
        # the children this sequence passes over by their `when` alone, and what
        # entering one whose `when` holds returns
        self.skips = tuple(passes_by_when(c) for c in self.children)
        self.held = tuple((PUSH, c) if c.when_held() is None else (PUSH, c, c.when_held())
                          for c in self.children)

    def settle(self, ctx, frame):
        i = frame.get("i", 0)
        children = self.children
        last = len(children)
        st = ctx.state
        if not (st.lasting or st.delayed):
            # a Step or an Ask below no phase whose `when` is false is passed over
            # without a frame (`passes_by_when`): entered, it would only be left at
            # once, and leaving it ends nothing (no lasting effect or delayed trigger
            # waits on it); one whose `when` holds is entered as settled already
            skips = self.skips
            while i < last and skips[i]:
                if children[i].when(ctx):
                    frame["i"] = i + 1
                    return self.held[i]
                i += 1
        if i < last:
            frame["i"] = i + 1
            return self.entered[i]
        return POPPED

    def settle_in_order(self, ctx, frame):
        """`settle` of a Sequence that passes over none of its children."""
        i = frame.get("i", 0)
        if i < len(self.entered):
            frame["i"] = i + 1
            return self.entered[i]
        return POPPED

    def planned_settle(self):
        return self.settle if any(self.skips) or type(self).settle is not Sequence.settle else self.settle_in_order


class Loop(Node):
    """Repeat the body until `until(ctx)` holds (checked before each pass)."""

    kind = "loop"
    static_label = False

    def __init__(self, name: str, body: Node, until: Callable[[Ctx], bool],
                 text: str = "", rule: str = "", label: str | None = None, **kw):
        super().__init__(name, text, rule, [body], **kw)
        self.until = until
        self.label_format = label
        self._labels: dict[int, str] = {}  # each pass's label, formatted once
        own = type(self).label is Loop.label  # a subclass may label its passes its own way
        self.static_label = label is None and own  # without a format, its label is its name
        # each pass's label formatted so far, by the frame's "k" (see Node.label_table)
        self.label_table = (self._labels, "k") if label is not None and own else None

    def settle(self, ctx, frame):
        if self.until(ctx):
            return POPPED
        frame["k"] = frame.get("k", 0) + 1
        if self.level == "round":
            self.round_begins(ctx)
        return self.entered[0]

    @staticmethod
    def round_begins(ctx: Ctx) -> None:
        """A pass of a round loop begins: once-per-round abilities are fresh again,
        and the round's data (`ctx.this("round")`) starts fresh."""
        ctx.state.extra.pop("_used_round", None)
        ctx.new_scope("round")

    def start_frame(self, ctx, child, turn):
        return {"n": self.id, "k": 1}

    def label(self, frame):
        if self.label_format:
            k = frame.get("k", 0)
            words = self._labels.get(k)
            if words is None:
                words = self._labels[k] = self.label_format.format(n=k)
            return words
        return super().label(frame)


class ForEachPlayer(Node):
    """Run the body once for each player in `order(ctx)` (default: seating order),
    skipping those for whom `skip(ctx, name)` holds. Sets whose turn it is."""

    kind = "for-each-player"
    static_label = False

    def __init__(self, name: str, body: Node, order: Callable[[Ctx], list[str]] | None = None,
                 skip: Callable[[Ctx, str], bool] | None = None, text: str = "", rule: str = "",
                 label: str = "{player}'s turn", sets_turn: bool = True, **kw):
        super().__init__(name, text, rule, [body], **kw)
        self.order = order
        self.skip = skip
        self.label_format = label
        self._labels: dict[str, str] = {}  # each player's label, formatted once
        # by the frame's "p" (see Node.label_table); a subclass may label its turns its own way
        self.label_table = (self._labels, "p") if type(self).label is ForEachPlayer.label else None
        self.sets_turn = sets_turn

    def settle(self, ctx, frame):
        if "o" not in frame:
            frame["o"] = list(self.order(ctx)) if self.order else ctx.players
            frame["i"] = 0
        order = frame["o"]
        i = frame["i"]
        while i < len(order):
            name = order[i]
            i += 1
            if self.skip is not None and self.skip(ctx, name):
                continue
            frame["i"] = i
            frame["p"] = name
            if self.sets_turn:
                st = ctx.state
                st.turn = name
                st.extra.pop("_used_turn", None)  # once-per-turn abilities are fresh again
                ctx.new_scope("turn")
                if st.lasting or st.delayed:
                    turn_begins(ctx, name)
            return self.entered[0]
        frame["i"] = i
        if self.sets_turn:
            ctx.state.turn = None  # between turns, it is nobody's turn
        return POPPED

    def start_frame(self, ctx, child, turn):
        order = list(self.order(ctx)) if self.order else ctx.players
        who = turn or (ctx.state.turn if ctx.state.turn in order else order[0])
        if who not in order:
            raise ValueError(f"{who!r} does not take a turn here")
        if self.sets_turn:
            ctx.state.turn = who
        return {"n": self.id, "o": order, "i": order.index(who) + 1, "p": who}

    def label(self, frame):
        p = frame.get("p", "?")
        words = self._labels.get(p)
        if words is None:
            words = self._labels[p] = self.label_format.format(player=p)
        return words


class Branch(Node):
    """Go into `then` when `cond(ctx)` holds, else into `otherwise` (if any)."""

    kind = "branch"

    def __init__(self, name: str, cond: Callable[[Ctx], bool], then: Node,
                 otherwise: Node | None = None, text: str = "", rule: str = "", **kw):
        kids = [then] + ([otherwise] if otherwise is not None else [])
        super().__init__(name, text, rule, kids, **kw)
        self.cond = cond

    def start_frame(self, ctx, child, turn):
        return {"n": self.id, "i": 1}

    def settle(self, ctx, frame):
        if "i" in frame:
            return POPPED
        frame["i"] = 1
        if self.cond(ctx):
            return self.entered[0]
        if len(self.children) > 1:
            return self.entered[1]
        return POPPED


class Step(Node):
    """An automatic rule. `when(ctx)` (optional) says whether it applies at all;
    `apply(ctx)` changes the state and returns a Say or a plain string."""

    kind = "step"

    def __init__(self, name: str, apply: Callable[[Ctx], Say | str], text: str = "",
                 rule: str = "", when: Callable[[Ctx], bool] | None = None, **kw):
        super().__init__(name, text, rule, **kw)
        self.apply = apply
        self.when = when

    def settle(self, ctx, frame):
        if self.when is not None and not self.when(ctx):
            return POPPED
        return READIED

    def on_entry(self):
        # ready at once without a `when` (a subclass may settle its own way)
        return READY if self.when is None and type(self).settle is Step.settle else None

    def when_held(self):
        return READY if type(self).settle is Step.settle else None


class Ask(Node):
    """A decision. `ask(ctx)` returns the Decision, or None when it does not
    arise; `resolve(ctx, ids)` applies the answer. With `auto_forced`, a
    decision with a single legal option and exactly one pick is applied as
    an automatic step instead of being asked."""

    kind = "decision"

    def __init__(self, name: str, ask: Callable[[Ctx], Decision | None],
                 resolve: Callable[[Ctx, tuple[str, ...]], Say | str], text: str = "",
                 rule: str = "", auto_forced: bool = False,
                 when: Callable[[Ctx], bool] | None = None, **kw):
        super().__init__(name, text, rule, **kw)
        self.ask = ask
        self.resolve = resolve
        self.auto_forced = auto_forced
        # `when`, if given, is a cheap test that is false whenever ask() would
        # return None, so ask() is not called then. Without auto_forced it must
        # also hold only when ask() returns a decision: the decision is then
        # built only when looked at. With auto_forced, ask() still decides once
        # `when` holds (it may return None), since a forced answer needs it.
        self.when = when

    def forced(self, d: Decision) -> str | None:
        if not self.auto_forced or d.min != 1 or d.max != 1:
            return None
        legal = d.legal
        return legal[0].id if len(legal) == 1 else None

    def settle(self, ctx, frame):
        if self.when is not None:
            if not self.when(ctx):
                return POPPED
            if not self.auto_forced:
                return OPENED  # the decision is built on first look
        d = self.ask(ctx)
        if d is None:
            return POPPED
        if self.forced(d) is not None:
            return (READY, d)
        return (OPEN, d)

    def when_held(self):
        # with its `when` holding, an asked decision is open, built on first look
        return OPEN if not self.auto_forced and type(self).settle is Ask.settle else None

    def settle_asking(self, ctx, frame):
        """`settle` of an Ask without `when` that is asked, never answered by itself."""
        d = self.ask(ctx)
        return POPPED if d is None else (OPEN, d)

    def planned_settle(self):
        plain = self.when is None and not self.auto_forced and type(self).settle is Ask.settle
        return self.settle_asking if plain else self.settle


class ActionWindow(Node):
    """Each player of `players(ctx)` in turn may take one of `actions(ctx, name)`
    (a list of Options, answered by `resolve(ctx, name, ids)`) or pass; the
    window closes once all have passed in a row. Taking an action gives
    everybody another chance to respond.

    `abilities` names a window of action abilities (`type: action`,
    `window: <abilities>`): each is offered too, illegal with `ctx.usable`'s
    reason (its phase, its use limit, its cost), and taking one pushes its
    effect's frame. Eliminated players (`GameDef.is_eliminated`) are skipped.
    With `auto_pass`, a player with no legal action is passed without being
    asked, and a window that closes because nobody can act makes one record;
    leave it off wherever skipping a player would reveal a hidden hand."""

    kind = "action-window"

    def __init__(self, name: str, players: Callable[[Ctx], list[str]],
                 actions: Callable[[Ctx, str], list] | None = None,
                 resolve: Callable[[Ctx, str, tuple[str, ...]], Say | str] | None = None,
                 text: str = "", rule: str = "", prompt: str = "Act, or pass",
                 abilities: str | None = None, auto_pass: bool = False, **kw):
        super().__init__(name, text, rule, **kw)
        self.players = players
        self.actions = actions
        self.resolve = resolve
        self.prompt = prompt
        self.abilities = abilities
        self.auto_pass = auto_pass

    def options(self, ctx: Ctx, player: str) -> list:
        from .decision import Option
        out = list(self.actions(ctx, player)) if self.actions is not None else []
        if self.abilities:
            for use in ctx.actions(self.abilities, player):
                eff = ctx.game.effect(use.ability.effect)
                why = ctx.usable(use)
                cost = eff.cost(ctx, use)
                price = f" ({cost.words(ctx, use)})" if cost is not None else ""
                out.append(Option(f"act:{use.source}:{ctx.ability_index(use.source, use.ability)}",
                                  f"{eff.label(ctx, use)}{price}", why is None, why or ""))
        return out

    def any_legal(self, ctx: Ctx, player: str) -> bool:
        """Whether `player` has a legal option here (what `auto_pass` asks): the
        game's actions, then each action ability's `ctx.usable`, without writing
        any option's words."""
        if self.actions is not None and any(o.legal for o in self.actions(ctx, player)):
            return True
        if self.abilities:
            return any(ctx.usable(use) is None for use in ctx.actions(self.abilities, player))
        return False

    def decision(self, player: str, options: list) -> Decision:
        """The window's question to `player`: `options` (see `options`) or pass."""
        from .decision import Decision, Option
        return Decision(player, self.prompt, options + [Option("pass", "Pass")], kind="window")

    def settle(self, ctx, frame):
        if "o" not in frame:
            frame["o"] = list(self.players(ctx))
            frame["i"] = 0
            frame["passes"] = 0
        order = frame["o"]
        while order and frame["passes"] < len(order):
            p = order[frame["i"]]
            out = ctx.game.is_eliminated(ctx, p)
            if not out and not (self.auto_pass and not self.any_legal(ctx, p)):
                return OPENED
            frame["passes"] += 1
            frame["i"] = (frame["i"] + 1) % len(order)
            if not out:
                frame.setdefault("auto", []).append(p)
        if frame.get("auto"):
            return READIED  # one record: the window closes because nobody (else) can act
        return POPPED

    def closing_words(self, frame: dict) -> str:
        who = frame.get("auto") or []
        from .words import listing
        names = listing(list(dict.fromkeys(who)))
        return f"{self.name}: {names} {'has' if len(set(who)) == 1 else 'have'} no action to take, so the window closes."


def passes_by_when(node: Node) -> bool:
    """Whether a Sequence may pass over `node` by its `when` alone, without a
    frame (see `Sequence.settle`): a Step or an Ask (exactly these: a subclass
    may settle in its own way) with a `when`, of no level "phase"."""
    return type(node) in (Step, Ask) and node.when is not None and node.level != "phase"


def index_flow(root: Node) -> list[Node]:
    """Give every node its id and static path, and compile it (`Node.compile`:
    what entering each child returns; a Sequence's children it passes over by
    their `when`); return the nodes by id."""
    nodes: list[Node] = []

    def visit(n: Node, parent_path: tuple[str, ...]) -> None:
        n.id = len(nodes)
        n.path = parent_path + (n.name,)
        n.compile()
        nodes.append(n)
        seen = set()
        for c in n.children:
            if c.name in seen:
                raise ValueError(f"two children named {c.name!r} under {' › '.join(n.path)}")
            seen.add(c.name)
            visit(c, n.path)

    visit(root, ())
    return nodes


def compile_flow(nodes: list[Node]) -> list[Callable[[Ctx, dict], tuple]]:
    """The plan of a flow indexed by `index_flow`: each node's own settle
    (`Node.planned_settle`), by node id. The engine moves the cursor by these
    alone (see `Node.settle`)."""
    return [n.planned_settle() for n in nodes]
