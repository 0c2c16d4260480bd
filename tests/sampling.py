"""How many seeds the seed-sweeping tests play.

Everyday runs (`make test`, which CI runs, and `make test-fast`) play a sample
of each sweep; `make test-full` (the environment variable TABLEKIT_FULL=1)
plays the full counts. The assertions are the same either way: only the number
of seeded games they are made on changes. Every lowered count is named here
once, and docs/testing.md lists them (tests/test_sampling.py keeps the two alike).
"""

from __future__ import annotations

import os

FULL = os.environ.get("TABLEKIT_FULL", "").strip() not in ("", "0")

# name: (full count, everyday sample, what is counted). A sample in words is
# worked out by the test itself.
COUNTS: dict[str, tuple[int, int | str, str]] = {
    "random_playouts": (200, 50, "test_generic.py::test_random_playouts: seeded random games per game, "
                                 "watched and on the fast path"),
    "heavy_seeds": (20, "20, Labyrinth 17", "test_generic.py::test_time_travel_and_views: games per game "
                                            "with the heavy checks; the sample leaves out the longest "
                                            "Labyrinth games (LONG_GAMES)"),
    "fast_same_seeds": (40, 10, "test_generic.py::test_the_fast_path_gives_the_same_records: seeds per game "
                                "played watched and on the fast path"),
    "variant_playouts": (40, 10, "test_generic.py::test_every_variant: seeded random games per variant "
                                 "(the two heavy-checked games per variant are kept)"),
    "heuristic_seeds": (12, 6, "test_generic.py::test_heuristic_bots_do_not_read_hidden_cards: "
                               "heuristic games per game"),
    "board_seeds": (50, 10, "test_board_page.py::test_no_decision_is_larger_than_the_largest_fixture: seeded "
                            "games per game and player count searched for a decision with more options"),
    "diagram_steps": (400, 20, "test_board_page.py::test_the_diagram_keeps_now_on_the_screen_at_every_step: "
                               "steps of one seeded game per game, at each of three sizes, followed with the "
                               "diagram (to its end if sooner)"),
}

# The games the heavy checks' sample leaves out: their checks (a save loaded and
# replayed every 25 records) cost in the square of their length, and these three
# Labyrinth games, of 2,529 to 4,348 records, took 129 s of the 243 s that the
# heavy checks of all 100 games took in one process. tests/test_sampling.py checks
# that they are still the longest of the first 20 seeds.
LONG_GAMES: dict[str, tuple[int, ...]] = {"labyrinth": (1, 5, 19)}


def count(name: str) -> int:
    """The number of seeds the sweep `name` plays in this run: its full count under
    TABLEKIT_FULL=1, else its sample."""
    full, sample, _ = COUNTS[name]
    if FULL:
        return full
    if not isinstance(sample, int):
        raise ValueError(f"the sweep {name!r} works out its own sample ({sample})")
    return min(sample, full)


def heavy_seeds(game_id: str) -> list[int]:
    """The seeds whose games get the heavy checks: the first 20, less the game's
    LONG_GAMES unless the run is full."""
    full = range(COUNTS["heavy_seeds"][0])
    return list(full) if FULL else [s for s in full if s not in LONG_GAMES.get(game_id, ())]
