"""Player counts are stated one way: every range of players, people, lords or seats in a
game's notebook, rulings page, glossary, rules page, README row and scenario-docs section
lies within what the game allows (`GameDef.min_people`/`min_players` to `max_players`), and
the statements that say how many play (the notebook's opening, the README row, the rules
page, the scenario docs) give the whole range: people, with the seats apart where they
differ (Foe Hunters: 1 to 4 players, 2 to 4 seats)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from test_generic import GAMES

import tablekit
from tablekit.core.rulebook import page_text, rules_page

ROOT = Path(__file__).resolve().parent.parent
RANGE = re.compile(r"\b(\d+)\s*(?:to|or|-|–)\s*(\d+)\s+(players|people|lords|seats)\b", re.I)


def ranges(text: str) -> list[tuple[int, int, str, str]]:
    """(low, high, noun, the words around) of each count range in `text`."""
    return [(int(m[1]), int(m[2]), m[3].lower(), text[max(0, m.start() - 60):m.end() + 30].replace("\n", " "))
            for m in RANGE.finditer(text)]


def allowed(game_id: str, noun: str) -> tuple[int, int]:
    g = tablekit.game_info(game_id)
    people = g.min_people if g.min_people is not None else g.min_players
    return (g.min_players if noun == "seats" else people), g.max_players


def notebook_text(game_id: str) -> list[str]:
    nb = json.loads((ROOT / "notebooks" / f"{game_id}.ipynb").read_text(encoding="utf-8"))
    return ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown"]


def readme_row(game_id: str) -> str:
    row = next(line for line in (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
               if line.startswith(f"| `{game_id}` |"))
    return row.split("|")[2]


def scenario_docs_section(game_id: str) -> str:
    text = (ROOT / "docs" / "scenarios.md").read_text(encoding="utf-8")
    title = tablekit.game_info(game_id).title
    start = text.index(f"### {title} (`{game_id}`)")
    end = text.find("\n### ", start + 1)
    return text[start:end if end > 0 else None]


def places(game_id: str) -> dict[str, str]:
    gd = tablekit.game_info(game_id)
    return {"notebook": "\n".join(notebook_text(game_id)),
            "rulings page": (ROOT / "docs" / "rulings" / f"{game_id}.md").read_text(encoding="utf-8"),
            "glossary": "\n".join(f"{t.term}: {t.meaning}" for t in gd.glossary),
            "rules page": page_text(rules_page(gd)),
            "README row": readme_row(game_id),
            "scenario docs": scenario_docs_section(game_id)}


@pytest.mark.parametrize("game_id", GAMES)
def test_every_count_stated_is_one_the_game_allows(game_id):
    for where, text in places(game_id).items():
        for lo, hi, noun, words in ranges(text):
            if "refus" in words:  # a count the game refuses, said as refused
                continue
            a, b = allowed(game_id, noun)
            assert a <= lo <= hi <= b, f"{game_id} {where}: '{words}' is outside {a} to {b} {noun}"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_statements_of_how_many_play_give_the_whole_range(game_id):
    g = tablekit.game_info(game_id)
    whole = allowed(game_id, "players")
    heads = {"the notebook's opening": notebook_text(game_id)[0], "README row": readme_row(game_id),
             "rules page": f"Players: {g.players_words()}",
             "scenario docs": next(line for line in scenario_docs_section(game_id).splitlines()
                                   if line.startswith("For "))}
    for where, text in heads.items():
        found = [(lo, hi) for lo, hi, noun, _ in ranges(text) if noun in ("players", "people", "lords")]
        assert found and found[0] == whole, f"{game_id} {where}: says {found[:1]}, not {whole[0]} to {whole[1]}"
    if whole[0] != g.min_players:  # fewer people than seats: the seats are said too
        assert f"{g.min_players} to {g.max_players} seats" in g.players_words()


def test_a_count_outside_the_game_is_caught():
    assert ranges("A cooperative game for 1 or 2 players here") == [
        (1, 2, "players", "A cooperative game for 1 or 2 players here")]
    assert allowed("mirkwood", "players") == (1, 4)  # so that statement is caught for Mirkwood
    lo, hi = allowed("foehunters", "players")
    assert (lo, hi) == (1, 4) and allowed("foehunters", "seats") == (2, 4)
