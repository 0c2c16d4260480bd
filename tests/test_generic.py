"""The generic test suite every registered game must pass (OpenSpiel's idea).

It is parametrised over the registered games (what `tablekit.games()` lists),
so a new game joins by registering.

* `test_random_playouts`: 200 seeded random playouts per game (50 in everyday
  runs; tests/sampling.py), spread over the player counts the game allows, with the cheap checks at every step (every
  card in exactly one zone and no card appears or vanishes; an open decision
  has unique option ids, a legal option and a reason for each illegal one;
  every record explains itself; the game ends).
* `test_time_travel_and_views`: 20 of those seeds again (everyday runs leave out
  the three longest Labyrinth games), with the heavy checks at sampled steps (replay, save/load, undo/redo, goto, illegal choices,
  per-seat views, JSON round trip).
* `test_same_log_in_another_process`: the same seeds and choices give the same
  log in a process with another hash seed.
* `test_every_variant`: every variant a game declares, at every player count
  it allows, gets seeded random playouts and the heavy checks too.
* `test_heuristic_bots_do_not_read_hidden_cards`: at every decision of
  seeded heuristic games, the heuristic is asked twice, over two views of its
  seat in which the hidden cards are shuffled differently; the answers must
  agree.
* `test_save_and_load_in_the_middle_of_a_resolution`: a save made while an
  effect, an event or a response window is on the resolution stack loads back
  to the same position and plays on the same.
"""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from sampling import count, heavy_seeds

import tablekit
from tablekit.core.bots import random_answer
from tablekit.core.flow import ActionWindow, Ask
from tablekit.core.forms import form_of, form_pattern
from tablekit.core.registry import registry
from tablekit.core.state import HIDDEN, OWNER, State

# The registered games, as `tablekit.games()` lists them. Read from the registry
# itself so that the suite still runs while `tablekit.games` is broken (see
# test_games_lists_the_registered_games).
GAMES = list(registry())
# the seed sweeps: full counts with TABLEKIT_FULL=1 (make test-full), a sample otherwise
N_PLAYOUTS = count("random_playouts")
# a fail-safe only: every game ends long before (Labyrinth's safety cap of 200
# rounds is at most about 8000 records at 4 players)
MAX_RECORDS = 20_000
SAMPLE_EVERY = 25
FAST_HEAVY_SEEDS = (0, 2, 3)  # the heavy checks again on the fast path (Game.watched = False),
# on seeds of every player count whose games are not the longest: time travel replays from the start
FAST_SAME_SEEDS = count("fast_same_seeds")
N_HEURISTIC = count("heuristic_seeds")
HEAVY_CASES = [(gid, seed) for gid in GAMES for seed in heavy_seeds(gid)]


def player_count(game_id: str, seed: int) -> int:
    info = tablekit.game_info(game_id)
    counts = list(range(info.min_players, info.max_players + 1))
    return counts[seed % len(counts)]


def new(game_id: str, seed: int, variant: str | None = None, watched: bool = True) -> tablekit.Game:
    """A seeded game; `watched=False` puts it on the fast path bots and simulations take."""
    cap = tablekit.game_info(game_id).safety_options()  # a game with no limit of its own: its safety cap
    if variant is None:
        g = tablekit.new_game(game_id, players=player_count(game_id, seed), seed=seed, options=cap)
    else:
        counts = variant_counts(game_id, variant)
        g = tablekit.new_game(game_id, players=counts[seed % len(counts)], seed=seed, variant=variant,
                              options=cap)
    g.watched = watched
    return g


def variant_counts(game_id: str, variant: str) -> list[int]:
    info = tablekit.game_info(game_id)
    return [n for n in range(info.min_players, info.max_players + 1)
            if info.check_players(n, variant) is None]


# every (game, variant) pair the games declare: the suite runs them all, not only the default
VARIANTS = [(gid, v) for gid in GAMES for v in tablekit.game_info(gid).variants]
N_VARIANT_PLAYOUTS = count("variant_playouts")


def all_uids(st: State) -> list[str]:
    return [u for row in st.zones.values() for u in row]


def sig(d) -> tuple | None:
    """Everything a decision asks, comparable."""
    if d is None:
        return None
    return (d.player, d.prompt, d.min, d.max,
            tuple((o.id, o.label, o.legal, o.reason) for o in d.options))


_FORMS: dict[str, re.Pattern] = {}


def option_form(game_id: str) -> re.Pattern:
    """One pattern for every option id form the game declares (`GameDef.option_forms`)."""
    if game_id not in _FORMS:
        forms = tablekit.game_info(game_id).option_forms
        assert forms, f"{game_id} declares no option_forms"
        _FORMS[game_id] = form_pattern(forms)
    return _FORMS[game_id]


def own_option_forms(node) -> tuple[str, ...]:
    """The forms a decision node's own options may have: those it offers
    (an action window's "pass" is the core's, always there)."""
    return node.offers + (("pass",) if node.kind == "action-window" else ())


def check_cheap(g: tablekit.Game, uids: frozenset[str], rec) -> None:
    """The per-step checks of every playout (kept lean)."""
    st = g.state
    seen = all_uids(st)
    assert len(seen) == len(uids), f"record {rec}: {len(seen)} cards in zones, not {len(uids)}"
    assert set(seen) == uids, (f"record {rec}: cards appeared {set(seen) - uids} "
                               f"or vanished {uids - set(seen)}")
    assert st.cards.keys() == uids, f"record {rec}: the card instances changed"
    if rec is not None:
        assert isinstance(rec.text, str) and rec.text.strip(), f"record {rec.index} has no text"
        assert rec.path and all(isinstance(w, str) and w for w in rec.path), \
            f"record {rec.index} has no path: {rec.path!r}"
        assert isinstance(rec.rule, str) and rec.rule.strip(), f"record {rec.index} has no rule"
    d = g.pending
    if d is not None:
        assert not g.is_over, "a decision is open after the end"
        assert d.player in g.players, f"{d.player!r} is not a seat"
        ids = [o.id for o in d.options]
        assert len(ids) == len(set(ids)), f"duplicate option ids: {ids}"
        # a legal answer exists: a legal option, or choosing none when that is allowed
        assert d.legal or d.min == 0, f"{d.player} has no legal answer: {d!r}"
        assert d.min <= d.max and d.max >= 1, f"bad pick bounds: {d!r}"
        form = option_form(g.gamedef.id)
        for o in d.options:
            assert isinstance(o.id, str) and o.id, f"bad option id {o.id!r}"
            assert form.match(o.id), f"option id {o.id!r} has none of the forms in {g.gamedef.id}'s option_forms"
            if not o.legal:
                assert o.reason, f"illegal option {o.id} has no reason"
        node = g.pending_node
        if node is not None:
            own = own_option_forms(node)
            for o in d.options:
                assert form_of(own, o.id), (f"{g.gamedef.id}: option id {o.id!r} of {' › '.join(node.path)} "
                                            f"has none of the forms the node offers {own}")


def play(g: tablekit.Game, rnd: random.Random, after=None) -> list[tuple[str, ...]]:
    """Play to the end with random legal answers, checking every step.
    `after(g)` runs after each record. Returns the answers given, in order."""
    uids = frozenset(all_uids(g.state))
    check_cheap(g, uids, None)
    choices: list[tuple[str, ...]] = []
    while not g.is_over:
        assert len(g.history) < MAX_RECORDS, f"no end after {MAX_RECORDS} records"
        d = g.pending
        if d is not None:
            ids = tuple(random_answer(d, rnd))
            rec = g.choose(*ids)
            choices.append(ids)
        else:
            rec = g.step()
        check_cheap(g, uids, rec)
        if after is not None:
            after(g)
    assert g.pending is None
    assert g.result is not None and set(g.result.winners) <= set(g.players)
    endings = g.gamedef.endings
    assert endings, f"{g.gamedef.id} declares no endings"
    assert g.result.ending in endings or g.result.ending == "unfinished", \
        f"the ending {g.result.ending!r} is not declared"
    with pytest.raises(tablekit.GameOver):
        g.step()
    return choices


def test_games_lists_the_registered_games():
    # DESIGN.md: `tablekit.games()` gives the ids of the registered games, at any
    # time. Importing the registry binds the subpackage `tablekit.games` over it.
    tablekit.new_game(GAMES[0], players=tablekit.game_info(GAMES[0]).min_players, seed=1)
    assert callable(tablekit.games), f"tablekit.games is {tablekit.games!r}, not the function"
    assert tablekit.games() == GAMES
    assert tablekit.games() == GAMES


def test_games_are_registered():
    assert GAMES, "no game is registered"
    assert "creatures" in GAMES
    for gid in GAMES:
        info = tablekit.game_info(gid)
        assert 1 <= info.min_players <= info.max_players


@pytest.mark.parametrize("watched", [True, False], ids=["watched", "fast-path"])
@pytest.mark.parametrize("game_id", GAMES)
def test_random_playouts(game_id, watched):
    counts = set()
    for seed in range(N_PLAYOUTS):
        g = new(game_id, seed, watched=watched)
        counts.add(len(g.players))
        play(g, random.Random(seed))
        st = g.state
        assert State.from_dict(json.loads(json.dumps(st.to_dict()))) == st
    info = tablekit.game_info(game_id)
    assert counts == set(range(info.min_players, info.max_players + 1))


# -- the heavy checks ---------------------------------------------------------

def hidden_from(st: State, viewer: str | None) -> set[str]:
    """The uids `viewer` may not see (None: a spectator, who sees only public cards)."""
    out = set()
    for z, row in st.zones.items():
        info = st.zone_info[z]
        owner, vis = info.get("owner"), info["visibility"]
        mine = viewer is not None and owner == viewer
        if vis == HIDDEN or (vis == OWNER and not mine):
            out.update(row)
        else:
            out.update(u for u in row if st.cards[u].get("face_down") and not mine)
    return out


def uid_pattern(uids) -> re.Pattern:
    """Finds any of these uids as a whole word (so "JK#1" is not found in "JK#12")."""
    alts = "|".join(re.escape(u) for u in sorted(uids, key=len, reverse=True))
    return re.compile(r"(?<![\w#-])(?:" + alts + r")(?![\w#-])")


def keys_anywhere(obj) -> set[str]:
    if isinstance(obj, dict):
        out = set(obj)
        for v in obj.values():
            out |= keys_anywhere(v)
        return out
    if isinstance(obj, list):
        out = set()
        for v in obj:
            out |= keys_anywhere(v)
        return out
    return set()


def check_views(g: tablekit.Game, chk: random.Random) -> None:
    st = g.state
    every = set(st.cards)
    any_uid = uid_pattern(every)
    whole = st.to_dict()
    for viewer in [*g.players, None]:
        v = g.view(viewer)
        text = json.dumps(v)
        assert "rng" not in keys_anywhere(v) and "seed" not in keys_anywhere(v), \
            f"the view of {viewer} carries the RNG or the seed"
        assert str(st.rng) not in text, f"the view of {viewer} carries the RNG state"
        hidden = hidden_from(st, viewer)
        assert v["zones"].keys() == st.zones.keys()
        placeholders = []
        for z, row in st.zones.items():
            vrow = v["zones"][z]
            assert len(vrow) == len(row), f"{viewer}: zone {z} changed size in the view"
            for real, shown in zip(row, vrow):
                if real in hidden:
                    assert shown not in every, f"{viewer} sees hidden {real} in {z} as {shown}"
                    placeholders.append(shown)
                else:
                    assert shown == real, f"{viewer} should see {real} in {z}, not {shown}"
        assert len(placeholders) == len(set(placeholders)), "placeholders repeat"
        for ph in placeholders:
            assert not any_uid.search(ph), f"placeholder {ph!r} names a card"
            assert v["cards"].get(ph, {}).get("card") is None, f"placeholder {ph!r} reveals its card"
        leaked_keys = hidden & set(v["cards"])
        assert not leaked_keys, f"the view of {viewer} has the hidden cards {leaked_keys}"
        leaked = hidden & set(any_uid.findall(text))
        assert not leaked, f"the view of {viewer} names the hidden cards {leaked}"
        # the placeholders depend on where a hidden card lies, never on which card it
        # is: reordering a zone the viewer cannot see leaves the view unchanged
        base = st.view(viewer)
        for z, row in st.zones.items():
            if len(row) > 1 and all(u in hidden for u in row):
                perm = list(row)
                while perm == row:
                    chk.shuffle(perm)
                d = dict(whole, zones=dict(whole["zones"], **{z: perm}))
                assert State.from_dict(d).view(viewer) == base, \
                    f"the view of {viewer} changes when hidden zone {z} is reordered"


def snapshot(g: tablekit.Game) -> tuple:
    return g.state.to_dict(), len(g.history), sig(g.pending), g.can_redo


def check_illegal(g: tablekit.Game) -> None:
    d = g.pending
    before = snapshot(g)
    ids = {o.id for o in d.options}
    bogus = "no-such-option"
    while bogus in ids:
        bogus += "!"
    attempts = [(bogus,)]
    illegal = [o.id for o in d.options if not o.legal]
    if illegal:
        attempts.append((illegal[0],))
    legal = [o.id for o in d.legal]
    if d.min > 0:
        attempts.append(())
    if d.max < len(legal):
        attempts.append(tuple(legal[:d.max + 1]))
    if legal:
        attempts.append((legal[0], legal[0]))
    for ans in attempts:
        with pytest.raises(tablekit.IllegalChoice) as exc:
            g.choose(*ans)
        assert str(exc.value), f"choose{ans} was refused without a reason"
        assert snapshot(g) == before, f"the refused choose{ans} changed the game"


def check_save_load(g: tablekit.Game) -> None:
    g2 = tablekit.load(g.save())
    assert snapshot(g2) == snapshot(g)
    assert [r.text for r in g2.history] == [r.text for r in g.history]


def check_undo_redo(g: tablekit.Game, states: list[dict], chk: random.Random) -> None:
    n = len(g.history)
    if n == 0:
        return
    before, texts = snapshot(g), [r.text for r in g.history]
    k = chk.randint(1, min(10, n))
    for _ in range(k):
        g.undo()
    assert len(g.history) == n - k and g.can_redo == k
    assert g.state.to_dict() == states[n - k], f"undo {k} from {n} did not restore record {n - k}"
    # a save in the middle of the undo history loads there, with its redo list
    g2 = tablekit.load(g.save())
    assert snapshot(g2) == snapshot(g)
    for _ in range(k):
        g.redo()
        g2.redo()
    assert snapshot(g) == before and snapshot(g2) == before
    assert [r.text for r in g.history] == texts


def check_goto(g: tablekit.Game, states: list[dict], chk: random.Random) -> None:
    n = len(g.history)
    before = snapshot(g)
    i = chk.randint(0, n)
    g.goto(i)
    assert len(g.history) == i and g.state.to_dict() == states[i], f"goto({i}) from {n}"
    g.goto(n)
    assert snapshot(g) == before, f"goto({i}) then goto({n}) did not come back"


def check_json_round_trip(st: State) -> None:
    again = State.from_dict(json.loads(json.dumps(st.to_dict())))
    assert again == st
    assert again.to_dict() == st.to_dict()


def check_replay(game_id: str, seed: int, choices, texts, paths, rules, states,
                 variant: str | None = None) -> None:
    g = new(game_id, seed, variant)
    todo = list(choices)
    while not g.is_over:
        assert len(g.history) < len(texts), "the replay runs past the original end"
        if g.pending is not None:
            assert todo, "the replay asks more decisions than the original"
            rec = g.choose(*todo.pop(0))
        else:
            rec = g.step()
        i = rec.index
        assert (rec.text, rec.path, rec.rule) == (texts[i], paths[i], rules[i]), \
            f"seed {seed}: the replay differs at record {i}"
        if i + 1 in states:
            assert g.state.to_dict() == states[i + 1], f"seed {seed}: state differs after {i + 1}"
    assert not todo and len(g.history) == len(texts)


@pytest.mark.parametrize(("game_id", "seed"), HEAVY_CASES, ids=[f"{g}-{s}" for g, s in HEAVY_CASES])
def test_time_travel_and_views(game_id, seed):
    heavy_playout(game_id, seed)


@pytest.mark.parametrize("seed", FAST_HEAVY_SEEDS)
@pytest.mark.parametrize("game_id", GAMES)
def test_time_travel_and_views_on_the_fast_path(game_id, seed):
    """The heavy checks on a game nobody watches: undo and goto replay from the start."""
    heavy_playout(game_id, seed, watched=False)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_fast_path_gives_the_same_records(game_id):
    """The same seeds and answers, watched and on the fast path: the same records and
    the same positions. The fast path's words are read only after its game is over,
    so each must hold the values of its own step."""
    for seed in range(FAST_SAME_SEEDS):
        slow, fast = new(game_id, seed), new(game_id, seed, watched=False)
        for g in (slow, fast):
            rnd = random.Random(seed)
            while not g.is_over:
                d = g.pending
                g.choose(*random_answer(d, rnd)) if d is not None else g.step()
        assert fast.state.to_dict() == slow.state.to_dict(), f"{game_id} seed {seed}: the positions differ"
        for a, b in zip(slow.history, fast.history):
            assert a.to_dict() == b.to_dict(), f"{game_id} seed {seed}, record {a.index}: {a.text!r} / {b.text!r}"
        assert len(slow.history) == len(fast.history)


def heavy_playout(game_id: str, seed: int, variant: str | None = None, watched: bool = True) -> None:
    g = new(game_id, seed, variant, watched)
    chk = random.Random(10_000 + seed)  # the checker's own randomness: never the players'
    states = [g.state.to_dict()]  # the state after each record
    sampled: dict[int, dict] = {}
    due = [0]  # the next sample point; a decision check waits for the next open decision
    wants_any = [True]  # the next open decision gets the illegal-choice checks
    wants_marked = [True]  # and so does the next one with an option marked illegal
    illegal_tried = [0]

    def heavy(g):
        d = g.pending
        if d is not None:
            marked = any(not o.legal for o in d.options)
            if wants_any[0] or (wants_marked[0] and marked):
                check_illegal(g)
                illegal_tried[0] += 1
                wants_any[0] = False
                wants_marked[0] = wants_marked[0] and not marked
        n = len(g.history)
        if n < due[0] and not g.is_over:
            return
        due[0] = n + SAMPLE_EVERY
        wants_any[0] = wants_marked[0] = True
        sampled[n] = g.state.to_dict()
        check_json_round_trip(g.state)
        check_views(g, chk)
        check_save_load(g)
        check_undo_redo(g, states, chk)
        check_goto(g, states, chk)

    def after(g):
        states.append(g.state.to_dict())
        assert len(states) == len(g.history) + 1
        heavy(g)

    heavy(g)
    choices = play(g, random.Random(seed), after)
    assert g.is_over and len(g.history) in sampled, "the end was not checked"
    assert illegal_tried[0] >= 1, "no decision was checked for illegal choices"
    check_replay(game_id, seed, choices, [r.text for r in g.history], [r.path for r in g.history],
                 [r.rule for r in g.history], sampled, variant)


@pytest.mark.parametrize(("game_id", "variant"), VARIANTS)
def test_every_variant(game_id, variant):
    counts = variant_counts(game_id, variant)
    assert counts, f"{game_id}: no player count can play the variant {variant!r}"
    seen = set()
    for seed in range(N_VARIANT_PLAYOUTS):
        g = new(game_id, seed, variant)
        assert g.state.variant == variant
        seen.add(len(g.players))
        play(g, random.Random(seed))
    assert seen == set(counts)
    for seed in range(2):
        heavy_playout(game_id, seed, variant)


@pytest.mark.parametrize("game_id", GAMES)
def test_heuristic_bots_do_not_read_hidden_cards(game_id):
    from tablekit.core.seatview import seat_ctx
    asked = 0
    for seed in range(N_HEURISTIC):
        g = new(game_id, seed)
        while not g.is_over and len(g.history) < MAX_RECORDS:
            d = g.pending
            if d is None:
                g.step()
                continue
            views = [seat_ctx(g.ctx, d.player, random.Random(k)) for k in (1, 2, 3)]
            before = views[0].state.to_json()
            answers = {tuple(g.gamedef.heuristic(view, d) or ()) for view in views}
            assert len(answers) == 1, (f"{game_id} seed {seed}, record {len(g.history)}: the heuristic's "
                                       f"answer to {d.prompt!r} depends on hidden cards: {answers}")
            # a seat's view shares the state's parts (seatview.seat_view): a heuristic only reads it
            assert views[0].state.to_json() == before, (f"{game_id} seed {seed}, record {len(g.history)}: the "
                                                        f"heuristic changed its view answering {d.prompt!r}")
            asked += 1
            g.choose(*(next(iter(answers)) or random_answer(d, random.Random(seed))))
    assert asked > 50


@pytest.mark.parametrize("game_id", GAMES)
def test_save_and_load_in_the_middle_of_a_resolution(game_id):
    found = 0
    for seed in range(60):
        g = new(game_id, seed)
        rnd = random.Random(seed)
        while not g.is_over and found < 3:
            if g.stack_depth and g.pending is not None:
                text = g.save()
                asked = sig(g.pending)
                g2 = tablekit.load(text)
                assert snapshot(g2) == snapshot(g) and g2.path == g.path and g2.stack == g.stack
                ids = tuple(random_answer(g.pending, rnd))
                assert g2.choose(*ids).text == g.choose(*ids).text
                assert snapshot(g2) == snapshot(g)
                g.undo()                      # undo inside the resolution reopens the same decision
                assert sig(g.pending) == asked
                g.choose(*ids)
                found += 1
                continue
            d = g.pending
            if d is not None:
                g.choose(*random_answer(d, rnd))
            else:
                g.step()
        if found >= 3:
            break
    assert found >= 3, f"{game_id}: random play never stopped at a decision inside a resolution"


_CHILD = """
import json, random, sys
import tablekit
from tablekit.core.bots import random_answer
from tablekit.core.flow import ActionWindow, Ask
from tablekit.core.forms import form_of, form_pattern
game_id, seeds, counts = sys.argv[1], json.loads(sys.argv[2]), json.loads(sys.argv[3])
out = []
for seed, n in zip(seeds, counts):
    g = tablekit.new_game(game_id, players=n, seed=seed, options=tablekit.game_info(game_id).safety_options())
    rnd = random.Random(seed)
    while not g.is_over:
        d = g.pending
        if d is not None:
            g.choose(*random_answer(d, rnd))
        else:
            g.step()
    out.append([[r.text, list(r.path), r.rule] for r in g.history])
print(json.dumps(out))
"""


@pytest.mark.parametrize("game_id", GAMES)
def test_same_log_in_another_process(game_id):
    seeds = [0, 1, 2]
    counts = [player_count(game_id, s) for s in seeds]
    here = []
    for seed in seeds:
        g = new(game_id, seed)
        play(g, random.Random(seed))
        here.append([[r.text, list(r.path), r.rule] for r in g.history])
    env = dict(os.environ, PYTHONHASHSEED="12345")
    root = Path(__file__).resolve().parents[1]
    env["PYTHONPATH"] = os.pathsep.join([str(root), env.get("PYTHONPATH", "")])
    out = subprocess.run([sys.executable, "-c", _CHILD, game_id, json.dumps(seeds), json.dumps(counts)],
                         capture_output=True, text=True, env=env, timeout=120, check=True)
    assert json.loads(out.stdout) == here


@pytest.mark.parametrize("game_id", GAMES)
def test_every_decision_node_says_what_it_offers(game_id):
    """Every decision and action window declares the forms of its own options
    (`Node.offers`), each one of the game's `option_forms`: the rules page
    lists them under the node, and the playouts check them."""
    info = tablekit.game_info(game_id)
    for node in info.nodes:
        if isinstance(node, (Ask, ActionWindow)):
            assert node.offers, f"{game_id}: {' › '.join(node.path)} declares no offers"
            unknown = [f for f in node.offers if f not in info.option_forms]
            assert not unknown, f"{game_id}: {' › '.join(node.path)} offers forms not in option_forms: {unknown}"


@pytest.mark.parametrize("game_id", GAMES)
def test_every_key_of_a_turns_and_a_rounds_data_says_what_it_means(game_id):
    """A scenario file sets this turn's data by the game's keys (setup.extra.this_turn):
    each is declared with its meaning, so the docs and the schema can say it."""
    g = registry()[game_id]
    assert set(g.turn_fields()) == set(g.per_turn), game_id
    assert set(g.round_fields()) == set(g.per_round), game_id
    assert all(len(m) > 10 for m in [*g.turn_fields().values(), *g.round_fields().values()])
