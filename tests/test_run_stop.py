"""`Game.run(..., stop=...)` on a toy game: the run ends after the first record at which
`stop()` is true (a guided game's End of phase stops where the next lesson shows), and
without `stop` it runs on as before."""

from __future__ import annotations

from token_toy import TokenToy, token_toy

from tablekit.core import Sequence, Step
from tablekit.core.engine import make_game


class SaysToy(TokenToy):
    id = "saystoy"
    title = "Says toy"

    def build_flow(self):
        return Sequence("Game", children=[Step(f"Say {i}", lambda ctx, i=i: f"Rule {i} said.", f"Rule {i}.", f"Say {i}")
                                 for i in range(6)])


def test_run_stops_after_the_record_at_which_stop_is_true(tmp_path):
    g = make_game(token_toy(SaysToy, tmp_path), ["A", "B"], 1)
    out = g.run(until="end", stop=lambda: len(g.history) >= 3)
    assert len(out) == 3 and len(g.history) == 3 and not g.is_over
    assert g.run(until="end", stop=lambda: g.cursor is not None and "Say 4" in g.cursor)
    assert "Say 4" in g.cursor and g.history[-1].path[-1] == "Say 3"
    g.run(until="end")
    assert g.is_over and len(g.history) == 6
