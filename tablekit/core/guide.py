"""Guided first games: a fixed deal and a sequence of lessons, written as data.

A game's folder may hold `guide.yaml`: the deal (the players, the learner's seat,
the seed, the bots at the other seats) and the lessons, each naming the rule or
ruling it teaches, its words, what the learner should do and where on the board
to point. `load_guide` reads it, checked against `guide_schema()` (a broken file
is refused naming the file, the line and the field; nothing in it is evaluated)
and against the game (every cited id exists). `GuideRun` follows one guided game
as it is played: which lesson shows, whether the learner did what it asked, and a
wrong turn's undo. It knows no screen: the board draws it (docs/board.md, "Learn
to play"). See docs/guides.md.

A lesson's `do` is one of:

- `next`: words to read; the learner presses Next;
- `step`: the learner moves the game on (Step, or End of phase ...);
- `{option: id}` (or a list of ids, for a decision that picks several): that answer;
- `{card: name}`: an answer that names a card of that name;
- `anything`: any legal answer to the learner's open decision.

A lesson with `at` waits until the game reaches it: `{decision: kind}` (the
learner's open decision is of that kind) or `{rule: name}` (the rule of that name
is where the game stands). An answer lesson always waits for a decision of the
learner's. Until a lesson is ready, the learner steps on and answers the
decisions no lesson speaks of as they like.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from . import schemacheck
from .bots import record_answer
from .decision import Decision, Option
from .errors import TablekitError
from .guideschema import ANSWERS, guide_schema
from .yamlio import LineDict, load_yaml_file

FILE_NAME = "guide.yaml"
MAX_WAIT = 5_000  # records a lesson may wait for its moment when a guide is walked through


class GuideError(TablekitError):
    """A guide file that cannot be read, or a guide that cannot be followed."""


# -- the file ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Lesson:
    """One lesson of a guide (see the module's words)."""

    id: str
    teaches: tuple[str, ...]
    say: str
    do: str                         # "next", "step", "option", "card" or "anything"
    value: tuple[str, ...] = ()     # the option ids ("option") or the card's name ("card")
    at: tuple[str, str] | None = None   # ("decision", kind) or ("rule", name)
    point: tuple[str, str] | None = None  # ("card", name), ("zone", id), ("decision", "") ...
    why: str = ""
    line: int = 0

    @property
    def answers(self) -> bool:
        """Whether the learner answers a decision to do this lesson."""
        return self.do in ANSWERS


@dataclass(frozen=True)
class Left:
    """A decision kind the guide's deal does not reach, and a scenario that shows it."""

    kind: str
    scenario: str
    say: str


@dataclass(frozen=True)
class Guide:
    """A guided first game, as its file gives it."""

    game: str
    title: str
    players: tuple[str, ...]
    seat: str
    seed: int
    lessons: tuple[Lesson, ...]
    summary: tuple[str, ...]
    bots: Mapping[str, str] = field(default_factory=dict)
    options: Mapping[str, Any] = field(default_factory=dict)
    intro: str = ""
    sections: tuple[str, ...] = ()
    left: tuple[Left, ...] = ()
    seeds: Mapping[str, int] = field(default_factory=dict)
    path: str = ""

    def new_game(self) -> Any:
        """The guide's deal: a new game of its seats, seed and options."""
        from .engine import make_game
        from .registry import get_game

        return make_game(get_game(self.game), list(self.players), self.seed, None, dict(self.options) or None)


def _where(path: list, inner: bool = False) -> str:
    out = ""
    for step in path:
        out += f"[{step + 1}]" if isinstance(step, int) else (f".{step}" if out else str(step))
    out = out.replace("lessons[", "lesson [")
    return out or "the guide"


def _pair(spec: Any) -> tuple[str, str] | None:
    if spec is None:
        return None
    if isinstance(spec, str):
        return spec, ""
    (key, value), = spec.items()
    return key, value


def read_guide(path: str | Path) -> Guide:
    """The guide in a file, checked against the schema (not yet against its game)."""
    p = Path(path)
    data = load_yaml_file(p, GuideError)
    schemacheck.check(data, guide_schema(), str(p), GuideError, _where, key="guide", word="field")
    lessons = []
    seen: dict[str, int] = {}
    for raw in data["lessons"]:
        line = raw.line if isinstance(raw, LineDict) else 0
        if raw["id"] in seen:
            raise GuideError(f"{p}, line {raw.line_of('id') if isinstance(raw, LineDict) else line}: lesson id "
                             f"{raw['id']!r} is used already (line {seen[raw['id']]})")
        seen[raw["id"]] = line
        do = raw["do"]
        if isinstance(do, str):
            kind, value = do, ()
        elif "option" in do:
            kind, value = "option", tuple([do["option"]] if isinstance(do["option"], str) else do["option"])
        else:
            kind, value = "card", (do["card"],)
        lessons.append(Lesson(id=raw["id"], teaches=tuple(raw["teaches"]), say=raw["say"], do=kind, value=value,
                              at=_pair(raw.get("at")), point=_pair(raw.get("point")), why=raw.get("why", ""),
                              line=line))
    if data["seat"] not in data["players"]:
        raise GuideError(f"{p}, line {data.line_of('seat')}: the learner's seat {data['seat']!r} is not one of "
                         f"the players ({', '.join(data['players'])})")
    bots = dict(data.get("bots") or {})
    for seat in bots:
        if seat not in data["players"] or seat == data["seat"]:
            raise GuideError(f"{p}, line {data.line_of('bots')}: bots: {seat!r} is not one of the other seats")
    return Guide(game=data["game"], title=data["title"], players=tuple(data["players"]), seat=data["seat"],
                 seed=data["seed"], lessons=tuple(lessons), summary=tuple(data["summary"]), bots=bots,
                 options=dict(data.get("options") or {}), intro=data.get("intro", ""),
                 sections=tuple(data.get("sections") or ()),
                 left=tuple(Left(e["kind"], e["scenario"], e["say"]) for e in data.get("left_to_scenarios") or ()),
                 seeds=dict(data.get("seeds") or {}), path=str(p))


def check_against_game(guide: Guide, gamedef: Any) -> None:
    """Every id a lesson cites is a ruling of the game or a rule of its flow, every rule
    a lesson waits at is in the flow, and the guide is for this game."""
    from .rulings import rulings

    where = guide.path or "the guide"
    if guide.game != gamedef.id:
        raise GuideError(f"{where}: the guide is for {guide.game!r}, not {gamedef.id!r}")
    rules, names = set(rulings(gamedef.id)), set()
    stack = [gamedef.flow]
    while stack:
        node = stack.pop()
        names.add(node.name)
        if node.rule:
            rules.add(node.rule)
        stack.extend(node.children)
    for lesson in guide.lessons:
        for rid in lesson.teaches:
            if rid not in rules:
                raise GuideError(f"{where}, line {lesson.line}: lesson {lesson.id!r} teaches {rid!r}, which is "
                                 f"neither a ruling of {gamedef.title} nor a rule of its flow")
        if lesson.at and lesson.at[0] == "rule" and lesson.at[1] not in names:
            raise GuideError(f"{where}, line {lesson.line}: lesson {lesson.id!r} waits at the rule "
                             f"{lesson.at[1]!r}, which is not in {gamedef.title}'s flow")


def load_guide(game_id: str) -> Guide | None:
    """The guided first game of a game (its folder's guide.yaml), checked; None without one."""
    from .registry import get_game

    gamedef = get_game(game_id)
    where = getattr(sys.modules.get(type(gamedef).__module__), "__file__", None)
    if not where:
        return None
    p = Path(where).parent / FILE_NAME
    if not p.is_file():
        return None
    guide = read_guide(p)
    check_against_game(guide, gamedef)
    return guide


# -- following a guided game -------------------------------------------------------------------

def learner_decides(d: Decision | None, seat: str) -> bool:
    return d is not None and (d.player == seat or seat in (d.party or ()))


def card_option(game: Any, d: Decision, name: str) -> Option | None:
    """The first legal option of `d` whose id names a card called `name`."""
    for o in d.options:
        if not o.legal:
            continue
        for part in o.id.split(":"):
            try:
                if game.ctx.defn(part).name == name:
                    return o
            except (KeyError, TablekitError, AttributeError, TypeError):
                continue
    return None


@dataclass
class WrongTurn:
    """The learner answered otherwise than the lesson asked."""

    lesson: int
    before: int          # the records before the answer: undo goes back there
    answer: tuple[str, ...]
    wanted: str          # what the lesson asked for, in words


class GuideRun:
    """One guided game being played: the lesson showing, the lessons done (each at the
    number of records it was done at), and a wrong turn waiting for Undo or Go on.

    The board calls `ready` to know whether the current lesson shows, `answered` after the
    learner answers, `moved` after the game moved on by Step, `follow` after an undo, a
    redo or a restart, and `next`, `undo_wrong`, `go_on` and `restart` for the bubble's
    buttons."""

    def __init__(self, guide: Guide):
        self.guide = guide
        self.done_at: list[int] = []   # lesson i was done when the game had done_at[i] records
        self.wrong: WrongTurn | None = None
        self.off_path = False           # the learner went on after a wrong turn

    # -- where the guide stands -------------------------------------------------------------
    @property
    def index(self) -> int:
        return len(self.done_at)

    @property
    def finished(self) -> bool:
        return self.index >= len(self.guide.lessons)

    def lesson(self) -> Lesson | None:
        return None if self.finished else self.guide.lessons[self.index]

    def ready(self, game: Any) -> bool:
        """Whether the current lesson shows now (its moment has come)."""
        lesson = self.lesson()
        if lesson is None or game.is_over and lesson.do != "next":
            return False
        d = game.pending
        if lesson.at and lesson.at[0] == "rule":
            if lesson.at[1] not in (game.cursor or ()):
                return False
        if lesson.at and lesson.at[0] == "decision":
            if not learner_decides(d, self.guide.seat) or d.kind != lesson.at[1]:
                return False
        if lesson.answers:
            return learner_decides(d, self.guide.seat)
        if lesson.do == "step":
            return not learner_decides(d, self.guide.seat)
        return True

    def expected(self, game: Any) -> tuple[str, ...] | None:
        """The answer the ready lesson asks for (None: any legal answer), relaxed to None when
        the game went another way and that answer is not open now."""
        lesson = self.lesson()
        if lesson is None or not lesson.answers or lesson.do == "anything":
            return None
        d = game.pending
        if lesson.do == "card":
            o = card_option(game, d, lesson.value[0])
            return (o.id,) if o is not None else None
        legal = {o.id for o in d.options if o.legal}
        return lesson.value if all(i in legal for i in lesson.value) else None

    def stray(self, game: Any) -> bool:
        """Whether the ready lesson's answer is not open now (the game went another way)."""
        lesson = self.lesson()
        return bool(lesson and lesson.answers and lesson.do != "anything" and self.expected(game) is None)

    # -- what the learner did ----------------------------------------------------------------
    def before_answer(self, game: Any) -> tuple[bool, tuple[str, ...] | None, str]:
        """Taken just before the learner's answer: (whether the lesson showed, the answer it
        asked for or None for any, that answer in words)."""
        if not self.ready(game) or self.wrong is not None:
            return False, None, ""
        want = self.expected(game)
        labels = {o.id: o.label for o in game.pending.options}
        return True, want, "; ".join(f"“{labels.get(i, i)}”" for i in want or ())

    def answered(self, game: Any, ids: Sequence[str], before: int,
                 asked: tuple[bool, tuple[str, ...] | None, str]) -> None:
        """The learner answered a decision (the game had `before` records first; `asked` is
        what `before_answer` said then)."""
        shown, want, words = asked
        lesson = self.lesson()
        if lesson is None or not lesson.answers or not shown:
            return
        if want is None or sorted(ids) == sorted(want):
            self.done_at.append(len(game.history))
        else:
            self.wrong = WrongTurn(self.index, before, tuple(ids), words)

    def moved(self, game: Any, was_ready: bool) -> None:
        """The game moved on by Step (or End of phase ...): a ready step lesson is done."""
        lesson = self.lesson()
        if lesson is not None and lesson.do == "step" and was_ready and self.wrong is None:
            self.done_at.append(len(game.history))

    def next(self, game: Any) -> None:
        """Next, on a lesson of words."""
        lesson = self.lesson()
        if lesson is None or lesson.do != "next":
            raise GuideError("this lesson is not read and passed with Next: "
                             + (self.todo(game) if lesson else "the guide is over"))
        if not self.ready(game):
            raise GuideError("this lesson's moment has not come yet: step on")
        self.done_at.append(len(game.history))

    def follow(self, game: Any) -> None:
        """After an undo, a redo, a restart or a goto: the lessons done later than the game
        now stands are to do again."""
        n = len(game.history)
        while self.done_at and self.done_at[-1] > n:
            self.done_at.pop()
        if self.wrong is not None and n <= self.wrong.before:
            self.wrong = None
        if n == 0:
            self.off_path = False

    def undo_wrong(self, game: Any) -> None:
        """Undo the wrong turn: back to the lesson's question."""
        if self.wrong is None:
            raise GuideError("there is no wrong turn to undo")
        game.goto(self.wrong.before)
        self.wrong = None

    def go_on(self, game: Any) -> None:
        """Keep the other answer: the lesson counts as done and the guide goes on from here."""
        if self.wrong is None:
            raise GuideError("there is no wrong turn to go on from")
        self.wrong = None
        self.off_path = True
        self.done_at.append(len(game.history))

    def restart(self, game: Any) -> None:
        """The guided game from its first step."""
        game.goto(0)
        self.done_at, self.wrong, self.off_path = [], None, False

    # -- words -------------------------------------------------------------------------------
    def todo(self, game: Any) -> str:
        """What the learner is to do now, in words."""
        lesson = self.lesson()
        if lesson is None:
            return "The guide is over: play on as you like."
        if lesson.do == "next":
            return "Read, then press Next."
        if lesson.do == "step":
            return "Press Step to apply the next rule."
        d = game.pending
        if lesson.do == "anything":
            return "Choose any answer you like."
        want = self.expected(game)
        if want is None:
            return ("Your game went another way than the guide's, so that answer is not open: choose as you "
                    "like, or restart the guide to follow its game.")
        by_id = {o.id: o for o in d.options}
        return "Choose: " + "; ".join(f"“{by_id[i].label}”" for i in want if i in by_id) + "."


# -- walking a guide through (tests, the seed search, authors) ---------------------------------

def advance(game: Any, bots: Mapping[str, str], seat: str) -> None:
    """One move of the game as the board's Step makes it: a rule, or a bot's answer. The
    learner's own open decision is answered with its suggestion (the first legal option
    where it has none): what a learner who follows the suggestions would pick."""
    d = game.pending
    if d is None:
        game.step()
    elif learner_decides(d, seat) or d.player not in bots:
        game.choose(*suggested_answer(d))
    else:
        game.choose(*record_answer(bots[d.player], game.gamedef, game.ctx, d, game.state.seed, len(game.history)))


def suggested_answer(d: Decision) -> list[str]:
    if d.suggested is not None and d.suggested.legal and d.min <= 1:
        return [d.suggested.id]
    legal = [o.id for o in d.options if o.legal]
    return legal[:max(d.min, 1)] if d.min >= 1 or not legal else legal[:1]


@dataclass
class Walk:
    """What walking a guide through saw: for each lesson, the record it showed at and the
    learner's decision kind there; every learner decision met, by kind."""

    shown_at: list[int] = field(default_factory=list)
    lesson_kinds: list[str | None] = field(default_factory=list)
    kinds: list[str] = field(default_factory=list)      # the learner's decisions, in order
    records: int = 0


def walk(guide: Guide, on_lesson: Callable[[Any, GuideRun, Lesson], None] | None = None) -> Walk:
    """Play the guide as a learner who does what every lesson asks (and answers the
    decisions no lesson speaks of with their suggestions). Raises GuideError when a
    lesson's moment never comes or the answer it asks is not legal when it shows."""
    game = guide.new_game()
    run = GuideRun(guide)
    out = Walk()
    seen_record = -1
    for lesson in guide.lessons:
        waited = 0
        while not run.ready(game):
            if game.is_over:
                raise GuideError(f"{guide.path}, line {lesson.line}: the game ended before lesson "
                                 f"{lesson.id!r} showed")
            if learner_decides(game.pending, guide.seat) and len(game.history) != seen_record:
                out.kinds.append(game.pending.kind)
                seen_record = len(game.history)
            advance(game, guide.bots, guide.seat)
            waited += 1
            if waited > MAX_WAIT:
                raise GuideError(f"{guide.path}, line {lesson.line}: lesson {lesson.id!r} waited "
                                 f"{MAX_WAIT} records for its moment")
        out.shown_at.append(len(game.history))
        d = game.pending
        out.lesson_kinds.append(d.kind if learner_decides(d, guide.seat) else None)
        if on_lesson is not None:
            on_lesson(game, run, lesson)
        if lesson.answers:
            if len(game.history) != seen_record:
                out.kinds.append(d.kind)
                seen_record = len(game.history)
            want = run.expected(game)
            if want is None and lesson.do != "anything":
                legal = ", ".join(o.id for o in d.options if o.legal)
                raise GuideError(f"{guide.path}, line {lesson.line}: lesson {lesson.id!r} asks for "
                                 f"{' + '.join(lesson.value)}, which is not a legal answer to {d.player}'s "
                                 f"{d.kind!r} decision here (legal: {legal[:300]})")
            ids = list(want) if want is not None else suggested_answer(d)
            before, asked = len(game.history), run.before_answer(game)
            game.choose(*ids)
            run.answered(game, ids, before, asked)
        elif lesson.do == "step":
            advance(game, guide.bots, guide.seat)
            run.moved(game, True)
        else:
            run.next(game)
    out.records = len(game.history)
    return out


def kinds_in_game(game_id: str, players: Sequence[str], seat: str, bots: Mapping[str, str], seed: int,
                  options: Mapping[str, Any] | None = None, records: int | None = None) -> list[str]:
    """The kinds of the decisions `seat` meets, in order, in the first `records` records of a
    game where it follows the suggestions and the bots play the other seats."""
    from .engine import make_game
    from .registry import get_game

    game = make_game(get_game(game_id), list(players), seed, None, dict(options or {}) or None)
    out: list[str] = []
    while not game.is_over and (records is None or len(game.history) < records):
        d = game.pending
        if learner_decides(d, seat):
            out.append(d.kind)
        advance(game, bots, seat)
    return out
