"""Foe Hunters' heuristic bot: its rules of thumb, each pinned on a position built by hand
(by card id and option id), and legal answers over whole seeded games."""

from __future__ import annotations

from test_foehunters_rules import TURN, at, new

from tablekit.games.foehunters import bot_threat, bots

PAL = {"Ana": "paladin", "Bo": "elemancer"}


def bot(g) -> list[str] | None:
    return bots.heuristic(g.ctx, g.pending)


ALTARS = ["altar_of_olegarth#1", "altar_of_olegarth#2"]


def turn(who, hand, foe_play=(), face=1, damage=0, counters=None):
    """Who's turn in a 2-player game against the Cult, with this hand, these foe cards in
    play, an empty city row and the foe card on `face` (1: Oleg'Arth, 28 HP) with `damage`."""
    return at(new(foe="cult", heroes=PAL), TURN, turn=who,
              zones={f"{who}/hand": list(hand), "foe/play": list(foe_play), "city/row": []},
              cards={"cult_2p": {"face": face, "damage": damage}}, counters=counters)


def test_a_safe_hero_strikes_the_foe_instead_of_shielding_itself():
    """Defence counts the damage it stops times the danger: at full health Dorin plays
    Shield Bash on the foe's last face, not Holy Aegis."""
    g = turn("Ana", ["shield_bash#1", "holy_aegis#1"])
    assert bot_threat.danger(g.ctx, "Ana") == 0.5
    assert bot(g) == ["play:shield_bash#1"]


def test_a_hero_in_danger_shields_itself_first():
    """The same hand with Dorin at 3 HP and two Altars hitting each phase: the armor wins."""
    g = turn("Ana", ["shield_bash#1", "holy_aegis#1"], ALTARS, counters={"Ana": {"hp": 3}})
    assert bot_threat.incoming(g.ctx, "Ana") == 2 + bot_threat.UNKNOWN_HIT
    assert bot_threat.danger(g.ctx, "Ana") == 3.0
    assert bot(g) == ["play:holy_aegis#1"]


def test_a_blow_that_defeats_the_foe_comes_before_anything_else():
    """Oleg'Arth at 2 HP and Dorin at 3 HP under two Altars: Shield Bash wins the game, so
    it beats the shield he would otherwise play."""
    g = turn("Ana", ["shield_bash#1", "holy_aegis#1"], ALTARS, damage=26, counters={"Ana": {"hp": 3}})
    assert bot(g) == ["play:shield_bash#1"]


def test_drawing_is_worth_little_when_the_hand_is_full_of_plays():
    """One play a turn: with three cards in hand Rennin strikes rather than play Arcane
    Insight (draw 2): the cards drawn would wait for turns to play them."""
    g = turn("Bo", ["arcane_insight", "gust#1", "frost_bolt#1"])
    assert bot(g)[0] in ("play:gust#1", "play:frost_bolt#1")


def test_a_damage_card_waits_while_nothing_can_be_hurt_but_keeps_its_worth():
    """The Cult in phase 1 has no HP: with no vassal, Gust is not played (worth 0 now), but
    it keeps its worth for later, so it is still worth buying."""
    g = turn("Bo", ["gust#1"], face=0)
    assert bots.card_value(g.ctx, "Bo", "gust#1") == 0.0
    assert bots.worth(g.ctx, "Bo", "gust#1") > 1.0
    assert bot(g) != ["play:gust#1"]


def test_a_ward_is_not_played_when_nobody_is_in_danger():
    """Sacred Ward stops the Cult's spirit damage, but with both heroes at full health and
    nothing in play it stops only the guess for one card: Shield Bash on the foe is better."""
    g = turn("Ana", ["shield_bash#1", "sacred_ward"])
    assert bot(g) == ["play:shield_bash#1"]


def test_a_ward_is_played_when_it_saves_heroes_in_danger():
    """Two Altars and both heroes low: Sacred Ward stops every hit on both, and wins."""
    g = turn("Ana", ["shield_bash#1", "sacred_ward", "flame_ward"], ALTARS,
             counters={"Ana": {"hp": 6}, "Bo": {"hp": 4}})
    assert bots.card_value(g.ctx, "Ana", "flame_ward") < 1.0 < bots.card_value(g.ctx, "Ana", "sacred_ward")
    assert bot(g) == ["play:sacred_ward"]
