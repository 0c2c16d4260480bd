"""The rules of LFG as a flow of rule nodes. Rule references name the
rulebook's sections (see table.py) or a ruling id of docs/rulings/lfg.md."""

from __future__ import annotations

from tablekit.core import Ask, Branch, ForEachPlayer, Loop, Say, Sequence, Step

from . import draft as D
from . import resolution as R
from . import scoring
from . import setup as S
from . import table as T


def not_2p(ctx) -> bool:
    return not T.is_2p(ctx)


def apply_step(ctx) -> Say:
    return R.apply_current(ctx)


def build_flow():
    one = Sequence("Next ability", show=False, rule=T.PRIO,
                   text="One rule of the resolution: settle the order, then resolve the next ability.",
                   children=[
        Step("Rank tied players", R.rank, "Abilities of several players wait at the same priority: "
             "rank the players by current renown (equal renown: a random draw).", T.CONFLICT,
             when=lambda ctx: R.situation(ctx)[0] == "rank"),
        Ask("Before or after", R.with_anytime(R.ask_order), R.resolving_anytime(R.resolve_order),
            "The best-ranked player not yet placed chooses to resolve before or after the others.",
            T.CONFLICT, when=R.asking_order),
        Ask("Order own abilities", R.with_anytime(R.ask_own), R.resolving_anytime(R.resolve_own),
            "A player with several abilities at the same priority chooses which goes first.", T.CONFLICT,
            when=R.choosing_own),
        Step("Next ability", R.take_next, "The waiting ability with the best priority resolves next: "
             "extra draft, copy, protect, hurt, heal, recruit/swap, kill.", T.PRIO, when=R.taking),
        Loop("Targets", Ask("Choose a target", R.with_anytime(R.ask_target),
                            R.resolving_anytime(R.resolve_target),
                            "Targets are chosen now, at resolution; a valid one must be chosen if there "
                            "is any, even your own hero.", T.TARGETS, when=R.needs_target),
             until=lambda ctx: not R.needs_target(ctx), show=False, rule=T.TARGETS,
             text="As many targets as the ability asks, while valid ones remain."),
        Step("Apply the ability", apply_step, "The ability takes effect; with no valid target it does "
             "nothing.", T.PRIO, when=R.applying),
    ])
    pick = Branch("Pick", D.skipping,
                  Step("Skipped pick", D.skip_pick, "An ability made this player skip this pick.",
                       T.DRAFT_AB),
                  Sequence("Draft one", show=False, rule=T.TURN, text="Pick one hero.", children=[
                      Step("Out of heroes", D.wait, "A player without heroes in hand drafts nothing "
                           "this round.", "LFG-SHORT-HAND", when=D.out_of_heroes),
                      Ask("Draft a hero", R.with_anytime(D.ask_draft), R.resolving_anytime(D.resolve_draft),
                          "Choose one hero from your hand and lay it face down in your party.", T.TURN,
                          when=D.can_pick),
                      Step("Next hero in order", D.put_forward, "Two players: the next hero in your hand, "
                           "in the order you drafted them, is your pick.", T.TWO_R, when=D.two_player_pick),
                  ]),
                  show=False, rule=T.TURN, text="One player's pick for the round (or a skipped one).")
    round_ = Sequence("Round", show=False, rule=T.TURN, text="Draft, reveal, resolve, pass.", children=[
        ForEachPlayer("Draft", pick, label="{player}'s pick", rule=T.TURN,
                      text="Every player drafts one hero face down (asked one seat at a time)."),
        Step("Reveal", D.reveal, "All picks turn face up together; their Draft abilities and the passives "
             "they set off activate.", T.TURN),
        Loop("Resolve abilities", one, until=lambda ctx: not R.resolving(ctx), rule=T.PRIO,
             text="Resolve every activated ability in priority order; abilities activated meanwhile join "
                  "the queue."),
        Step("End of round", D.end_round, "Protection ends; each hand passes to the next player "
             "(two players keep their own).", T.TURN),
    ])
    return Sequence("LFG", show=False, text="The whole game.", rule="", children=[
        Sequence("Setup", text="Make the deck for the player count and deal.", rule=T.SETUP, children=[
            Step("Build the deck", S.build_deck, "3-4 players: one copy of each hero; 5-7 players or a "
                 "little chaos: both copies; a custom deck removes or adds heroes.", T.SETUP),
            Branch("Deal", not_2p,
                   Step("Deal hands", S.deal, "Deal each player a hand (five, or fewer as chosen), three "
                        "face up to the graveyard, and set the rest aside.", T.SETUP),
                   Step("Deal the piles", S.deal_piles, "Two players: deal three piles of one card and "
                        "draw who drafts first.", T.TWO_R),
                   text="Hands and graveyard, or the two-player piles.", rule=T.SETUP),
        ]),
        Branch("Pile draft", T.is_2p,
               Loop("Pile turns", Ask("Take or leave", R.with_anytime(D.ask_pile),
                                      R.resolving_anytime(D.resolve_pile),
                                      "Look at the pile: take it (it is refilled from the deck) or leave "
                                      "it (one deck card is added) and look at the next.", T.TWO_R),
                    until=D.piles_done, rule=T.TWO_R, text="Turns alternate until every card is taken."),
               text="Two players: the three-pile draft before the parties are built.", rule=T.TWO_R),
        Loop("Rounds", round_, until=D.all_drafted, label="Round {n}", level="round", rule=T.TURN,
             text="Rounds go on until every hero is drafted."),
        Step("Final parties", scoring.final_parties, "Incomplete parties are disqualified; the most renown "
             "wins (ties share), unless a scoundrel win applies.", T.WIN),
    ])
