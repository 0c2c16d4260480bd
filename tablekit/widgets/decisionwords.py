"""A decision and a game's end in words: the options in the order a table shows
them (the suggested one first, many illegal ones folded), who is asked, and
the game-over summary."""

from __future__ import annotations

from ..core.decision import Decision, Option
from ..core.engine import Game

FOLD_AFTER = 3  # more options than this not possible now: they fold behind "Not possible now (N) — why"


def options_in_order(d: Decision) -> tuple[list[Option], list[Option]]:
    """(the options shown as widgets, the options folded away). The suggested
    option comes first; the others keep the rules' order. When more than
    FOLD_AFTER options are not possible now, those are folded."""
    first = [d.suggested] if d.suggested is not None else []
    rest = [o for o in d.options if not first or o.id != first[0].id]
    illegal = [o for o in rest if not o.legal]
    if len(illegal) <= FOLD_AFTER:
        return first + rest, []
    return first + [o for o in rest if o.legal], illegal


def prompt_line(d: Decision) -> str:
    """Who decides and what is asked: "Ana: Step 2: you may play ...". A prompt
    that already opens with the seat's name as a word ("Ana: which hero?",
    "Ana, the first player: ...", "Ana (threat 32): ...") is not given it twice."""
    if d.party:
        return f"The party ({', '.join(d.party)}; {d.player} speaks): {d.prompt}"
    rest = d.prompt[len(d.player):] if d.prompt.startswith(d.player) else None
    if rest is not None and (not rest or not (rest[0].isalnum() or rest[0] == "_")):
        return d.prompt
    return f"{d.player}: {d.prompt}"


def game_over_words(game: Game) -> dict[str, str]:
    """The game's end in words: `who` (who won, or that the party won or lost
    together: a co-operative game keeps no score), `why` (the result's summary)
    and `how` (how it ended, where the game names its endings)."""
    res = game.result
    if res.scores:
        who = (f"{', '.join(res.winners)} {'wins' if len(res.winners) == 1 else 'win'}." if res.winners
               else "Nobody wins.")
    else:
        party = ", ".join(game.players)
        who = (f"The party ({party}) won together." if res.winners
               else f"The party ({party}) did not win." if res.ending == "unfinished"
               else f"The party ({party}) lost together.")
    words = game.gamedef.ending_words(res.ending)
    return {"who": who, "why": res.summary(), "how": f"How it ended: {words}." if words else ""}


def score_words(value: float) -> str:
    """A score as a table shows it: 7, not 7.0."""
    return str(int(value)) if float(value).is_integer() else str(value)
