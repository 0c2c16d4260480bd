"""Scenario files: a position built by hand, scripted decisions and
expectations about what the rules do with them.

A scenario is YAML (loaded safely, with line numbers, aliases refused); see
docs/scenarios.md for every key. `load_scenario(path)` gives the game
positioned at the scenario's start; `check_scenario(path)` runs it and
reports each expectation. Any problem with a file raises ScenarioError
naming the file, the line and what is wrong.

One module a job: `reading` (the file and its schema), `building` (the game at
the start), `playing` (the script and the run), `checks` (each expectation),
`writing` (a position as a file); `fileformat` holds the keys and the version,
`outcome` what a check reports.
"""

from __future__ import annotations

from .building import build, load_scenario, merged_setup
from .checks import current_scores
from .fileformat import LASTING_KEYS, MAX_BYTES, SCENARIO_FORMAT_VERSION
from .outcome import Outcome, Scenario
from .playing import check_scenario, override_words, run
from .reading import game_schema, parse, read
from .writing import to_yaml

__all__ = ["LASTING_KEYS", "MAX_BYTES", "SCENARIO_FORMAT_VERSION", "Outcome", "Scenario", "build",
           "check_scenario", "current_scores", "game_schema", "load_scenario", "merged_setup",
           "override_words", "parse", "read", "run", "to_yaml"]
