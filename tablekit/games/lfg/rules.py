"""The rules of LFG as a flow of rule nodes. Rule references name the
rulebook's sections (see table.py) or a ruling id of docs/rulings/lfg.md."""

from __future__ import annotations

from tablekit.core import Ask, Branch, ForEachPlayer, Loop, Sequence, Step

from . import draft as D
from . import scoring
from . import setup as S
from . import table as T
from .activation import resolving_anytime, with_anytime


def not_2p(ctx) -> bool:
    return not T.is_2p(ctx)


def build_flow():
    pick = Branch("Pick", D.skipping,
                  Step("Skipped pick", D.skip_pick, "An ability made this player skip this pick.",
                       T.DRAFT_AB),
                  Sequence("Draft one", show=False, rule=T.TURN, text="Pick one hero.", children=[
                      Step("Out of heroes", D.wait, "A player without heroes in hand drafts nothing "
                           "this round.", "LFG-SHORT-HAND", when=D.out_of_heroes),
                      Ask("Draft a hero", with_anytime(D.ask_draft),
                          resolving_anytime(D.resolve_draft, secret=True),
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
             "they set off activate, then resolve one by one in priority order (abilities activated "
             "meanwhile join them).", T.TURN),
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
               Loop("Pile turns", Ask("Take or leave", with_anytime(D.ask_pile),
                                      resolving_anytime(D.resolve_pile),
                                      "Look at the pile: take it (it is refilled from the deck) or leave "
                                      "it (one deck card is added) and look at the next.", T.TWO_R),
                    until=D.piles_done, rule=T.TWO_R, text="Turns alternate until every card is taken."),
               text="Two players: the three-pile draft before the parties are built.", rule=T.TWO_R),
        Loop("Rounds", round_, until=D.all_drafted, label="Round {n}", level="round", rule=T.TURN,
             text="Rounds go on until every hero is drafted."),
        Step("Final parties", scoring.final_parties, "Incomplete parties are disqualified; the most renown "
             "wins (ties share), unless a scoundrel win applies.", T.WIN),
    ])
