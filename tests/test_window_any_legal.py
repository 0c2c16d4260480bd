"""`ActionWindow.any_legal` (what `auto_pass` asks) agrees with the options the player
would be shown, in every game's windows (issue 42: asked without writing their words)."""
from __future__ import annotations

import random

import pytest

import tablekit
from tablekit.core import ActionWindow
from tablekit.core.randomanswer import random_answer

GAMES = sorted(tablekit.games())


@pytest.mark.parametrize("game_id", GAMES)
def test_any_legal_is_whether_an_option_is_legal(game_id):
    checked = legal = 0
    for seed in range(3):
        g = tablekit.new_game(game_id, seed=seed)
        rnd = random.Random(seed)
        while not g.is_over and len(g.history) < 600:
            for frame in g.state.cursor:
                node = g.nodes[frame["n"]] if "n" in frame else None
                if isinstance(node, ActionWindow):
                    for p in g.players:
                        shown = any(o.legal for o in node.options(g.ctx, p))
                        assert node.any_legal(g.ctx, p) == shown, (seed, len(g.history), p)
                        checked += 1
                        legal += shown
            d = g.pending
            if d is None:
                g.step()
            else:
                g.choose(*random_answer(d, rnd))
    if game_id in ("mirkwood", "lfg"):  # the games with action windows
        assert checked > 5 and 0 < legal < checked, (checked, legal)
