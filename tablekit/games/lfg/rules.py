"""The rules of LFG as a flow of rule nodes. Rule references name the
rulebook's sections (see table.py) or a ruling id of docs/rulings/lfg.md."""

from __future__ import annotations

from tablekit.core import ActionWindow, Ask, Branch, ForEachPlayer, Loop, Sequence, Step

from . import draft as D
from . import scoring
from . import setup as S
from . import table as T
from .activation import anytime_options, resolving_anytime, window_action, window_players, with_anytime


def not_2p(ctx) -> bool:
    return not T.is_2p(ctx)


def round_window_players(ctx) -> list[str]:
    """The start of a round: a player about to draft from their hand is offered
    these abilities by that draft decision, at the same moment, so is not asked
    twice (ruling LFG-ANYTIME)."""
    return window_players(ctx, skip=D.drafts_from_hand)


def anytime_window(name: str, players, prompt: str, text: str) -> ActionWindow:
    """A window for the abilities usable "whenever you like": each player who
    can use one is asked in seat order and may pass; using one asks the others
    again. Nobody else is asked (auto_pass): such heroes lie face up in the
    parties, so skipping a player tells nobody anything hidden."""
    return ActionWindow(name, players, actions=anytime_options, resolve=window_action, prompt=prompt,
                        text=text, rule="LFG-ANYTIME", auto_pass=True, offers=("act:<hero>",))


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
                          when=D.can_pick, offers=("draft:<hero>", "act:<hero>")),
                      Step("Next hero in order", D.put_forward, "Two players: the next hero in your hand, "
                           "in the order you drafted them, is your pick.", T.TWO_R, when=D.two_player_pick),
                  ]),
                  show=False, rule=T.TURN, text="One player's pick for the round (or a skipped one).")
    round_ = Sequence("Round", show=False, rule=T.TURN, text="A window for \"whenever you like\" abilities, "
                      "then draft, reveal, resolve, pass.", children=[
        anytime_window("Whenever you like", round_window_players,
                       "Before this round's picks: you may use an ability of your party that works "
                       "\"whenever you like\", or pass (ruling LFG-ANYTIME).",
                       "Before the picks, each player who can use a \"whenever you like\" ability and is "
                       "not about to draft from a hand may use it or pass."),
        ForEachPlayer("Draft", pick, label="{player}'s pick", rule=T.TURN,
                      text="Every player drafts one hero face down (asked one seat at a time)."),
        Step("Reveal", D.reveal, "All picks turn face up together; their Draft abilities activate, and so "
             "do the passives they set off (a passive works only while its hero is in a party), then all "
             "resolve one by one in priority order (abilities activated meanwhile join them).", T.TURN),
        Step("End of round", D.end_round, "Protection ends; each hand passes to the next player "
             "(two players keep their own).", T.TURN),
    ])
    return Sequence("LFG", show=False, text="The whole game.", rule="", children=[
        Sequence("Setup", text="Make the deck for the player count and deal.", rule=T.SETUP, children=[
            Step("Build the deck", S.build_deck, "2 to 4 players: one copy of each hero, the second "
                 "copies staying in the box, out of the game; 5 to 7 players or a little chaos: both "
                 "copies; a custom deck removes heroes or adds second copies.", T.SETUP),
            Branch("Deal", not_2p,
                   Step("Deal hands", S.deal, "Deal each player a hand (five, or fewer as chosen), three "
                        "face up to the graveyard, and set the rest aside face down: nobody sees or uses "
                        "them this game.", T.SETUP),
                   Step("Deal the piles", S.deal_piles, "Two players: deal three piles of one card and "
                        "draw who drafts first.", T.TWO_R),
                   text="Hands and graveyard, or the two-player piles.", rule=T.SETUP),
        ]),
        Branch("Pile draft", T.is_2p,
               Loop("Pile turns", Ask("Take or leave", with_anytime(D.ask_pile),
                                      resolving_anytime(D.resolve_pile),
                                      "Look at the pile: take it (it is refilled from the deck) or leave "
                                      "it (one deck card is added) and look at the next.", T.TWO_R,
                                      offers=("take:<pile>", "leave:<pile>")),
                    until=D.piles_done, rule=T.TWO_R, text="Turns alternate until every card is taken."),
               text="Two players: the three-pile draft before the parties are built.", rule=T.TWO_R),
        Loop("Rounds", round_, until=D.all_drafted, label="Round {n}", level="round", rule=T.TURN,
             text="Rounds go on until every hero is drafted."),
        anytime_window("Before scoring", window_players,
                       "Every hero is drafted; before the parties are scored you may use an ability of your "
                       "party that works \"whenever you like\", or pass (ruling LFG-ANYTIME).",
                       "The last chance for \"whenever you like\" abilities: each player who can use one "
                       "may use it or pass."),
        Step("Final parties", scoring.final_parties, "Incomplete parties are disqualified; the most renown "
             "wins (ties share), unless a scoundrel win applies.", T.WIN),
    ])
