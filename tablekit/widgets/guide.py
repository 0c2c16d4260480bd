"""Learn to play: a guided first game on the board (docs/guides.md).

`learn_to_play(game_id)` deals the game's guide (`core.guide.load_guide`) and shows
it on a Sandbox whose board carries the guide. `bubble(run, game, model, seat,
everything)` is what the board sends for the guide: the lesson showing (or the
wait for it, a wrong turn, the end), its words and the thing on the table to point
at, resolved to what the view model shows. A lesson speaks to the learner's seat
(it may name the learner's cards), so it is sent only to a view of that seat, or
of everything.
"""

from __future__ import annotations

import re
from typing import Any, Mapping

from ..core.errors import TablekitError
from ..core.guide import GuideRun, Lesson, learner_decides, load_guide, suggested_answer

LAB_PAGE = "ruling-lab.ipynb"  # where a scenario is replayed


def anchor(heading: str) -> str:
    """The in-page link Jupyter and Voilà give a Markdown heading: its words, spaces as '-'."""
    return "#" + re.sub(r"\s+", "-", heading.strip())


def _find_card(model: Mapping[str, Any], name: str, seat: str) -> str | None:
    """The uid of the card named `name` the model shows: one in the seat's own zones or the
    shared ones first."""
    uids = [u for u, c in model.get("cards", {}).items() if c.get("name") == name]
    if not uids:
        return None
    where = {u: z for z in model.get("zones", []) for u in z.get("cards", []) if u is not None}
    return min(uids, key=lambda u: where.get(u, {}).get("seat") not in (seat, None))


def _target(lesson: Lesson | None, run: GuideRun, game: Any, model: Mapping[str, Any],
            seat: str) -> dict[str, Any] | None:
    """Where the bubble points, as the drawing finds it: {"card": uid}, {"zone": id},
    {"seat": name}, {"decision": true}, {"control": action}, {"option": id} or {"log": true}."""
    if lesson is not None and lesson.point is not None:
        kind, value = lesson.point
        if kind == "card":
            uid = _find_card(model, value, seat)
            return {"card": uid} if uid else {"decision": True}
        if kind == "zone":
            zid = value.replace("{seat}", seat)
            return {"zone": zid} if any(z["id"] == zid for z in model.get("zones", [])) else {"decision": True}
        if kind in ("decision", "log"):
            return {kind: True}
        return {kind: value}
    if lesson is None or lesson.do == "next":
        return {"decision": True}
    if lesson.do == "step":
        return {"control": "step"}
    want = run.expected(game) if game.pending is not None else None
    d = model.get("decision") or {}
    for o in d.get("options", []):
        if want and o["id"] == want[0]:
            return {"card": o["card"]} if o.get("card") else {"option": o["id"]}
    return {"decision": True}


def _pair_of(model: Mapping[str, Any], answer: list[str]) -> list[str]:
    """The two cards of a one-option answer the board takes in two clicks (else [])."""
    options = {o["id"]: o for o in (model.get("decision") or {}).get("options", [])}
    return list(options[answer[0]].get("pair") or []) if len(answer) == 1 and answer[0] in options else []


def bubble(run: GuideRun, game: Any, model: Mapping[str, Any], seat: str | None,
           everything: bool, scenario: bool = False) -> dict[str, Any]:
    """The guide's bubble for the position `model` shows (plain data for the board); with
    `scenario`, the table shows a scenario the guide's end offers, and `game` is the guided
    game waiting for Back."""
    g = run.guide
    head = {"on": True, "title": g.title, "index": run.index, "total": len(g.lessons), "seat": g.seat}
    if scenario:
        return {**head, "state": "scenario", "target": None, "buttons": ["back"],
                "say": "A scenario from the end of the guide is on the table (the notice above says which). "
                       "Back to the guided game puts your game back."}
    if not everything and seat != g.seat:
        return {**head, "state": "note", "target": None,
                "say": f"The guide speaks to {g.seat}, the learner's seat: choose {g.seat} under View as to "
                       "follow it."}
    if run.wrong is not None:
        lesson = g.lessons[run.wrong.lesson]
        return {**head, "state": "wrong", "lesson": lesson.id, "teaches": list(lesson.teaches),
                "say": f"This lesson wanted {run.wrong.wanted or 'another answer'}."
                       + (f" {lesson.why}" if lesson.why else ""),
                "todo": "Undo your answer to try the lesson's, or go on from here with yours.",
                "buttons": ["undo", "go_on"], "target": {"decision": True}}
    lesson = run.lesson()
    if lesson is None:
        return {**head, "state": "done", "say": "That was the guided game. Play on as you like: the table is yours.",
                "summary": list(g.summary), "target": None,
                "sections": [{"title": s, "href": anchor(s)} for s in g.sections],
                "left": [{"kind": e.kind, "scenario": e.scenario, "say": e.say, "href": LAB_PAGE} for e in g.left],
                "buttons": ["restart"]}
    intro = g.intro if run.index == 0 and not game.history else ""
    if game.is_over and lesson.do != "next":
        return {**head, "state": "over", "say": "The game ended before the guide did: it went another way than "
                "the guide's game. Restart the guide to follow its game from the deal.", "target": None,
                "buttons": ["restart"]}
    if not run.ready(game):
        answer: list[str] = []
        if learner_decides(game.pending, g.seat):
            d = game.pending
            answer = suggested_answer(d)
            labels = {o.id: o.label for o in d.options}
            say = ("No lesson for this choice. The guide's game goes on with "
                   + "; ".join(f"“{labels[i]}”" for i in answer)
                   + ": pick it to stay on the guide's path, or answer as you like." if answer else
                   "No lesson for this choice: answer as you like.")
            target: dict[str, Any] | None = {"decision": True}
        else:
            say = ("Press Step to go on: the next lesson comes when the game gets there (End of phase goes "
                   "straight there, or to the end of the phase if that comes first).")
            target = {"control": "step"}
        return {**head, "state": "waiting", "intro": intro, "say": say, "todo": "", "target": target,
                "answer": answer, "pair": _pair_of(model, answer), "buttons": ["restart"] if run.index else []}
    stray = run.stray(game)
    answer = list(run.expected(game) or ()) if lesson.answers else []
    return {**head, "state": "lesson", "lesson": lesson.id, "intro": intro, "teaches": list(lesson.teaches),
            "say": lesson.say, "todo": run.todo(game), "why": lesson.why if lesson.do in ("option", "card") else "",
            "target": _target(lesson, run, game, model, g.seat), "answer": answer, "pair": _pair_of(model, answer),
            "buttons": (["next"] if lesson.do == "next" else []) + (["restart"] if stray or run.index else [])}


def learn_to_play(game_id: str, coach: bool = False) -> Any:
    """A Sandbox dealing `game_id`'s guided first game, with the guide on its board."""
    from .sandbox import Sandbox

    guide = load_guide(game_id)
    if guide is None:
        raise TablekitError(f"{game_id} has no guided first game (no guide.yaml in its folder)")
    return Sandbox(guide.new_game(), guide.seat, bots=dict(guide.bots), title=guide.title, coach=coach,
                   guide=GuideRun(guide))
