"""Winning: incomplete parties are disqualified; the highest renown wins (ties
all win), unless one complete party has strictly the most scoundrels and
strictly the lowest renown."""

from __future__ import annotations

from tablekit.core import Ctx, Say

from . import table as T
from .setup import scoundrel_cards


def outcome(ctx: Ctx) -> tuple[list[str], str, str]:
    """(winners, why, rule)."""
    ren = {p: T.renown(ctx, p) for p in ctx.players}
    complete = [p for p in ctx.players if T.matching(ctx, p) is not None]
    if not complete:
        return [], ("No party is complete, so every player is disqualified and nobody wins (ruling "
                    "LFG-NO-WINNER)."), "LFG-NO-WINNER"
    sc = {p: T.scoundrels(ctx, p) for p in complete}
    note = ""
    few = scoundrel_cards(ctx)
    if few <= 2 and len(complete) >= 2 and max(sc.values()) > 0:
        note = (f" No scoundrel win is possible: only {few} scoundrel "
                f"{'card was' if few == 1 else 'cards were'} left in the deck (ruling LFG-SCOUNDREL-DECK).")
    elif len(complete) >= 2:
        most = max(sc.values())
        low = min(ren[p] for p in complete)
        rogues = [p for p in complete if sc[p] == most]
        lowest = [p for p in complete if ren[p] == low]
        if most > 0 and len(rogues) == 1 and len(lowest) == 1 and rogues == lowest:
            w = rogues[0]
            return [w], (f"Scoundrel win: {w}'s complete party has the most scoundrels ({most}, more than "
                         f"every other complete party) and the lowest renown ({low}). Only complete "
                         "parties are compared (ruling LFG-SCOUNDREL)."), "LFG-SCOUNDREL"
        if most > 0 and set(rogues) & set(lowest):
            cand = sorted(set(rogues) & set(lowest))
            tie = []
            if len(rogues) > 1:
                tie.append(f"{len(rogues)} parties share the most scoundrels ({most})")
            if len(lowest) > 1:
                tie.append(f"{len(lowest)} parties share the lowest renown ({low})")
            note = (f" No scoundrel win for {', '.join(cand)}: {' and '.join(tie)}, and a tie on either "
                    "count does not do.")
    best = max(ren[p] for p in complete)
    winners = [p for p in complete if ren[p] == best]
    if len(winners) > 1:
        return winners, (f"{' and '.join(winners)} tie for the highest renown ({best}) among the complete "
                         f"parties and all win.{note}"), T.RENOWN_R
    return winners, f"{winners[0]} has the highest renown ({best}) among the complete parties.{note}", T.WIN


def final_parties(ctx: Ctx) -> Say:
    lines = []
    for p in ctx.players:
        m = T.matching(ctx, p)
        ren = T.renown(ctx, p)
        sc = T.scoundrels(ctx, p)
        state = (f"roles: {T.matching_words(ctx, m)}" if m else
                 f"incomplete ({T.matching_words(ctx, m)}): disqualified")
        lines.append(f"{p}: {state}; renown {T.renown_words(ctx, p)} = {ren}; {sc} {'scoundrel' if sc == 1 else 'scoundrels'}")
    winners, why, rule = outcome(ctx)
    return Say("Every hero is drafted and the game ends. " + ". ".join(lines) + ". " + why, rule=rule)
