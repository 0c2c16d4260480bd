"""Passage Through Mirkwood at 3 and 4 players (ruling MK-HEROES-MP), the score
(point 130, ruling MK-SCORE), the victory display, lasting effects shown on the
cards, and setup's windows (point 20). Named by spec point where one applies."""

from __future__ import annotations

import pytest
from test_mirkwood_rules import PARTIES
from test_mirkwood_rules import position as rules_position

import tablekit
from tablekit.games.mirkwood import table as T

QUEST = ["Rounds", "Round", "Quest phase"]
STAGING = QUEST + ["Begin staging"]
RESOLUTION = QUEST + ["Quest resolution"]
TOKEN = ["Rounds", "Round", "Refresh phase", "First player token"]
COMBAT = ["Rounds", "Round", "Combat phase"]



def new(players: int, seed: int = 1, **options) -> tablekit.Game:
    return tablekit.new_game("mirkwood", players=players, seed=seed, options={"mulligan": False, **options})


def dealt(players: int, **options) -> tablekit.Game:
    """A new game run up to its first decision: setup is over."""
    g = new(players, **options)
    g.run(until="decision")
    return g


def position(at, players: int, zones=None, cards=None, extra=None, threat: int = 20, turn: str = "P1",
             **options) -> tablekit.Game:
    """A hand-built 3- or 4-player position (test_mirkwood_rules.position): each seat's
    heroes of ruling MK-HEROES-MP, stage 1B as the quest, the zones given, the cursor at `at`."""
    return rules_position(at, zones, cards, extra, players=players, threat=threat, turn=turn, **options)


def deck_ids(g: tablekit.Game, p: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for u in list(g.state.zones[f"{p}/deck"]) + list(g.state.zones[f"{p}/hand"]):
        cid = g.ctx.defn(u).id
        out[cid] = out.get(cid, 0) + 1
    return out


# -- ruling MK-HEROES-MP: heroes and decks by player count -------------------------------------------

def test_max_players_is_four():
    info = tablekit.game_info("mirkwood")
    assert (info.min_players, info.max_players) == (1, 4)


@pytest.mark.parametrize(("players", "threats", "sizes"), [
    (3, [20, 20, 18], [30, 60, 30]),
    (4, [20, 20, 9, 9], [30, 30, 30, 30]),
])
def test_mk_heroes_mp_starter_decks(players, threats, sizes):
    g = dealt(players)
    for i, p in enumerate(g.players):
        assert [g.ctx.defn(u).id for u in g.state.zones[f"{p}/heroes"]] == PARTIES[players][i]
        assert T.threat(g.ctx, p) == threats[i]
        assert sum(deck_ids(g, p).values()) == sizes[i]
    rec = next(r for r in g.history if r.node[-1] == "Player decks")
    assert rec.rule == "MK-HEROES-MP"


def test_mk_heroes_mp_each_seat_its_own_copies():
    g = dealt(4)
    lead, tac = T.STARTER_CARDS["leadership"], T.STARTER_CARDS["tactics"]
    assert deck_ids(g, "P1") == lead and deck_ids(g, "P3") == lead
    assert deck_ids(g, "P2") == tac and deck_ids(g, "P4") == tac
    # two Leadership seats: 6 Guards of the Citadel where one Core Set has 3
    guards = [u for u, c in g.state.cards.items() if c["card"] == "guard-of-the-citadel"]
    assert len(guards) == 6


def test_mk_heroes_mp_a_mixed_seat_takes_both_decks():
    g = dealt(3)
    both = dict(T.STARTER_CARDS["leadership"])
    for cid, n in T.STARTER_CARDS["tactics"].items():
        both[cid] = both.get(cid, 0) + n
    assert deck_ids(g, "P2") == both      # Glóin (Leadership) and Gimli (Tactics)


def test_mk_heroes_mp_allies_decks():
    g = dealt(4, deck="allies")
    spheres = {p: {g.ctx.defn(u).fields["sphere"] for u in g.state.zones[f"{p}/deck"] + g.state.zones[f"{p}/hand"]}
               for p in g.players}
    assert spheres == {"P1": {"leadership"}, "P2": {"tactics"}, "P3": {"leadership"}, "P4": {"tactics"}}
    assert [sum(deck_ids(g, p).values()) for p in g.players] == [15, 9, 15, 9]
    g = dealt(3, deck="allies")
    assert sum(deck_ids(g, "P2").values()) == 24


@pytest.mark.parametrize("players", [3, 4])
def test_p134_heroes_unique_across_the_table(players):
    g = dealt(players)
    titles = [g.ctx.defn(u).name for p in g.players for u in g.state.zones[f"{p}/heroes"]]
    assert len(titles) == len(set(titles)) == 6


def test_mk_heroes_mp_duplicate_heroes_is_a_house_rule():
    g = dealt(3, allow_duplicate_heroes=True)
    for p in g.players:
        assert sorted(g.ctx.defn(u).id for u in g.state.zones[f"{p}/heroes"]) == ["aragorn", "legolas", "theodred"]
        assert T.threat(g.ctx, p) == 29 and sum(deck_ids(g, p).values()) == 60
    rec = next(r for r in g.history if r.node[-1] == "Player decks")
    assert rec.rule == "MK-HEROES-MP" and "a house rule" in rec.text


# -- the per-player loops at 3 and 4 ------------------------------------------------------------------

def test_p131_one_card_per_player_at_four():
    g = position(STAGING, 4, zones={"encounter_deck": [f"forest-gate#{i}" for i in (1, 2)] + ["old-forest-road#1",
                 "old-forest-road#2"], "staging": []})
    rec = g.step()
    assert g.state.extra["staging_left"] == 4 and "4 encounter cards" in rec.text


def test_p131_p136_an_eliminated_player_reveals_nothing():
    g = position(STAGING, 4, extra={"eliminated": ["P3"]},
                 zones={"encounter_deck": ["forest-gate#1", "forest-gate#2", "old-forest-road#1"], "staging": []})
    g.step()
    assert g.state.extra["staging_left"] == 3
    assert T.turn_order(g.ctx) == ["P1", "P2", "P4"]


def test_p094_token_goes_round_four_players():
    g = position(TOKEN, 4, extra={"first_player": "P4"}, turn="P4")
    rec = g.step()
    assert rec.rule == "point 94" and g.state.extra["first_player"] == "P1"


def test_p094_p136_token_skips_an_eliminated_player():
    g = position(TOKEN, 3, extra={"first_player": "P1", "eliminated": ["P2"]})
    g.step()
    assert g.state.extra["first_player"] == "P3"


def test_p127_elimination_at_four_passes_the_token():
    g = position(RESOLUTION, 4, extra={"first_player": "P3"}, turn="P3", zones={"staging": []},
                 cards={"gloin": {"damage": 8}})
    g.ctx.do("damage", card="gloin", amount=1)     # Glóin (9 hit points) is P3's only hero
    st = g.state
    assert st.extra["eliminated"] == ["P3"] and st.extra["first_player"] == "P4"
    assert T.turn_order(g.ctx) == ["P4", "P1", "P2"] and not g.is_over
    assert "gloin" in st.zones["P3/out"]


def test_p136_every_commit_turn_skips_the_eliminated():
    g = position(QUEST + ["Commit"], 4, extra={"eliminated": ["P1", "P2"], "first_player": "P3"}, turn="P3",
                 zones={"staging": []})
    asked = []
    for _ in range(40):
        if g.pending is not None:
            if g.pending.kind != "commit":
                break
            asked.append(g.pending.player)
            g.choose()
        else:
            g.step()
    assert asked == ["P3", "P4"]


@pytest.mark.parametrize("players", [3, 4])
def test_a_whole_game_at_three_and_four(players):
    g = new(players, seed=7)
    g.run(until="end", bots="heuristic")
    assert g.is_over and g.result.ending in tablekit.game_info("mirkwood").endings


# -- point 130: the score (ruling MK-SCORE) -------------------------------------------------------------

def winning(players: int = 3, rounds: int = 6, progress: int = 9) -> tablekit.Game:
    """Beorn's Path with `progress` of its 10 at 3 players, in round `rounds`:
    threats 30, 25 and 20; Théodred (threat cost 8) dead in P1's discard pile; Glóin
    with 2 damage, Legolas with 1; the Hummerhorns (victory 5) in the victory display."""
    g = position(RESOLUTION, players, zones={"staging": [], "quest": ["ptm-3-beorns-path"], "quest_deck": [],
                 "stage3_aside": [], "P1/heroes": ["aragorn"], "P1/discard": ["theodred"],
                 "victory": ["hummerhorns"]},
                 cards={"ptm-3-beorns-path": {"face": 1, "progress": progress}, "gloin": {"damage": 2},
                        "legolas": {"damage": 1}})
    for p, t in zip(g.players, (30, 25, 20)):
        g.state.player(p)["threat"] = t
    rounds_loop = g.flow.find(["Rounds"]).id
    # the arranged position is in round `rounds`: the Rounds loop's pass count (test set-up only)
    next(f for f in g.state.cursor if f.get("n") == rounds_loop)["k"] = rounds
    return g


def test_p130_score_parts_of_an_arranged_win():
    g = winning()
    parts = T.score_parts(g.ctx)
    assert parts == {"threat": 75, "dead_heroes": 8, "damage": 3, "victory": 5, "rounds": 6}
    assert T.core_score(parts) == 81 and T.full_score(parts) == 141


def test_p130_the_win_carries_the_score():
    g = winning()
    g.ctx.do("progress", card="ptm-3-beorns-path", add=1)
    assert g.is_over and g.result.ending == "won_beorns_path"
    assert g.result.winners == ["P1", "P2", "P3"]
    text = g.result.text
    assert "Score 141, lower is better (ruling MK-SCORE)" in text
    assert "threat 75 + dead heroes' threat costs 8 + damage on heroes 3 - victory points 5" in text
    assert "+ 10 per round played (6 rounds)" in text and "the Core-only score, without the rounds, is 81" in text
    assert "Score 141" in g.result.summary()


def test_p130_an_eliminated_player_counts_nothing():
    g = winning()
    g.state.extra["eliminated"] = ["P3"]
    parts = T.score_parts(g.ctx)
    assert parts["threat"] == 55 and parts["damage"] == 2      # P3's threat 20 and Legolas' 1 damage left out


def test_p130_a_loss_has_no_score():
    g = position(RESOLUTION, 3, zones={"staging": ["forest-spider#1"]}, threat=49)
    g.step()
    assert g.is_over and g.result.ending == "lost" and "Score" not in g.result.text


# -- the victory display ------------------------------------------------------------------------------------

def test_p088_victory_display_shows_its_points():
    g = position(RESOLUTION, 3, zones={"victory": ["hummerhorns", "chieftain-ufthak"]})
    assert T.victory_points(g.ctx) == 9
    _, _, state = g.gamedef.describe_card(g.ctx, "hummerhorns")
    assert "victory 5 of the display's 9 victory points" in state
    assert g.state.zone_info["victory"]["label"] == "Victory display"
    assert g.gamedef.describe_zone(g.ctx, "victory") == "9 victory points"
    assert g.gamedef.describe_zone(g.ctx, "staging") == ""


# -- lasting effects shown on the cards --------------------------------------------------------------------

def test_p109_for_gondor_shows_on_each_card_with_its_end():
    g = position(QUEST + ["Quest begins"], 3, zones={"P1/hand": ["for-gondor#1"],
                 "P1/allies": ["guard-of-the-citadel#1"], "staging": []}, cards={"aragorn": {"resources": 2}})
    g.choose("act:for-gondor#1:0")
    attack, defense = ("For Gondor!: +1 attack (until the end of the phase)",
                       "For Gondor!: +1 defense (until the end of the phase)")
    for u in ("aragorn", "gimli", "thalin", "legolas"):
        shown = g.gamedef.describe_card(g.ctx, u)[2]
        assert attack in shown and defense not in shown
    assert {attack, defense} <= set(g.gamedef.describe_card(g.ctx, "guard-of-the-citadel#1")[2])   # Gondor
    steps_until(g, lambda g: g.history[-1].path[:3] == ["Rounds", "Round", "Travel phase"])
    assert not any("For Gondor!" in s for s in g.gamedef.describe_card(g.ctx, "gimli")[2])


def test_lasting_filtered_effect_shows_on_the_cards_it_touches():
    g = position(RESOLUTION, 3, zones={"staging": ["forest-spider#1"]})
    g.ctx.add_lasting("modifier", "round", "A test banner: +1 defense for Dwarves", stat="defense", add=1,
                      **{"if": {"card.traits": "Dwarf"}})
    shown = {u: g.gamedef.describe_card(g.ctx, u)[2] for u in ("aragorn", "gloin", "gimli", "forest-spider#1")}
    line = "A test banner: +1 defense for Dwarves (until the end of the round)"
    assert line in shown["gimli"] and line in shown["gloin"]
    assert line not in shown["aragorn"] and line not in shown["forest-spider#1"]
    assert T.stat(g.ctx, "gimli", "defense") == 3 and T.stat(g.ctx, "aragorn", "defense") == 2
    # an unfiltered one touches every card in play that has the stat, and it says so on each
    g.ctx.add_lasting("modifier", "phase", "A test horn: +1 attack", stat="attack", add=1)
    assert "A test horn: +1 attack (until the end of the phase)" in g.gamedef.describe_card(g.ctx, "forest-spider#1")[2]
    assert not any("A test horn" in s for s in g.gamedef.describe_card(g.ctx, "ptm-1")[2])


def steps_until(g: tablekit.Game, pred, limit: int = 300) -> None:
    """Step (answering every decision with the heuristic bot) until pred(g)."""
    for _ in range(limit):
        if pred(g) or g.is_over:
            return
        if g.pending is not None:
            d = g.pending
            g.choose(*(g.gamedef.heuristic(g.ctx, d) or [d.legal[0].id]))
        else:
            g.step()
    raise AssertionError("the position never came")


# -- point 20: setup has no action window ---------------------------------------------------------------------

def test_p020_no_action_window_during_setup():
    setup = tablekit.new_game("mirkwood", players=4, seed=3).flow.find(["Setup"])
    assert [n.kind for n in setup.walk() if n.kind == "action-window"] == []
    g = tablekit.new_game("mirkwood", players=4, seed=3)      # mulligan on: the only setup decisions
    kinds = []
    while not g.history or g.history[-1].path[0] == "Setup":
        if g.pending is not None:
            kinds.append(g.pending.kind)
            g.choose(g.pending.default)
        else:
            g.step()
    assert kinds == ["mulligan"] * 4
    assert all(r.rule != "MK-WINDOWS" for r in g.history if r.path[0] == "Setup")
    assert g.history[-1].node[:4] == ("Passage Through Mirkwood", "Rounds", "Round", "Resource phase")
