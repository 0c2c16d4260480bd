"""Winning: incomplete parties are disqualified; the highest renown wins (ties
all win), unless one complete party has strictly the most scoundrels and
strictly the lowest renown."""

from __future__ import annotations

from typing import NamedTuple

from tablekit.core import Ctx, Say

from . import table as T
from .setup import scoundrel_cards

# how a game of LFG ends (GameDef.endings): the id of every Result
ENDINGS = {
    "highest_renown": "the complete party with the highest renown wins",
    "shared_renown": "two or more complete parties share the highest renown, and all of them win",
    "only_complete": "only one party is complete: every other party is disqualified, so it wins",
    "scoundrel_win": "a scoundrel win: the complete party with strictly the most scoundrels and strictly "
                     "the lowest renown wins",
    "all_disqualified": "no party is complete: every player is disqualified and nobody wins",
}


class Outcome(NamedTuple):
    winners: list[str]
    ending: str  # one of ENDINGS
    reason: str  # why, in one sentence without its full stop: the Result's text
    rule: str
    note: str = ""  # more for the final record (a scoundrel win that does not apply)

    @property
    def words(self) -> str:
        return f"{self.reason}.{self.note}"


def outcome(ctx: Ctx) -> Outcome:
    ren = {p: T.renown(ctx, p) for p in ctx.players}
    complete = [p for p in ctx.players if T.matching(ctx, p) is not None]
    if not complete:
        return Outcome([], "all_disqualified", "No party is complete, so every player is disqualified "
                       "(ruling LFG-NO-WINNER)", "LFG-NO-WINNER")
    note = ""
    if len(complete) >= 2:
        win, note = scoundrel_outcome(ctx, complete, ren)
        if win is not None:
            return win
    if len(complete) == 1:
        w = complete[0]
        out = [p for p in ctx.players if p != w]
        return Outcome([w], "only_complete", f"{w}'s is the only complete party: {' and '.join(out)} "
                       f"{'is' if len(out) == 1 else 'are'} disqualified", T.WIN, note)
    best = max(ren[p] for p in complete)
    winners = [p for p in complete if ren[p] == best]
    if len(winners) > 1:
        return Outcome(winners, "shared_renown", f"{' and '.join(winners)} tie for the highest renown "
                       f"({best}) among the complete parties", T.RENOWN_R, note)
    return Outcome(winners, "highest_renown", f"{winners[0]}'s party has the highest renown ({best}) among "
                   "the complete parties", T.WIN, note)


def scoundrel_outcome(ctx: Ctx, complete: list[str], ren: dict[str, int]) -> tuple[Outcome | None, str]:
    """The scoundrel win among two or more complete parties, or None and what
    the final record says of a scoundrel win that does not apply."""
    sc = {p: T.scoundrels(ctx, p) for p in complete}
    most = max(sc.values())
    if most == 0:
        return None, ""
    few = scoundrel_cards(ctx)
    if few <= 2:
        return None, (f" No scoundrel win is possible: only {T.plural(few, 'scoundrel card')} "
                      f"{'was' if few == 1 else 'were'} left in the deck (ruling LFG-SCOUNDREL-DECK).")
    low = min(ren[p] for p in complete)
    rogues = [p for p in complete if sc[p] == most]
    lowest = [p for p in complete if ren[p] == low]
    if len(rogues) == 1 and len(lowest) == 1 and rogues == lowest:
        w = rogues[0]
        return Outcome([w], "scoundrel_win", f"Scoundrel win: {w}'s complete party has the most scoundrels "
                       f"({most}, more than every other complete party) and the lowest renown ({low}); only "
                       "complete parties are compared (ruling LFG-SCOUNDREL)", "LFG-SCOUNDREL"), ""
    cand = sorted(set(rogues) & set(lowest))
    if not cand:
        return None, ""
    tie = []
    if len(rogues) > 1:
        tie.append(f"{len(rogues)} parties share the most scoundrels ({most})")
    if len(lowest) > 1:
        tie.append(f"{len(lowest)} parties share the lowest renown ({low})")
    return None, (f" No scoundrel win for {', '.join(cand)}: {' and '.join(tie)}, and a tie on either count "
                  "does not do.")


def final_parties(ctx: Ctx) -> Say:
    lines = []
    for p in ctx.players:
        m = T.matching(ctx, p)
        ren = T.renown(ctx, p)
        state = (f"roles: {T.matching_words(ctx, m)}" if m else
                 f"incomplete ({T.matching_words(ctx, m)}): disqualified")
        lines.append(f"{p}: {state}; renown {T.renown_words(ctx, p)} = {ren}; "
                     f"{T.plural(T.scoundrels(ctx, p), 'scoundrel')}")
    o = outcome(ctx)
    return Say("Every hero is drafted and the game ends. " + ". ".join(lines) + ". " + o.words, rule=o.rule)
