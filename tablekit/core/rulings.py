"""Read a game's rulings register (docs/rulings/<id>.md) so explanations can
show the ruling they cite. The register is a Markdown table whose rows start
with the ruling id."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from .cards import data_path

# a ruling's id: the game's prefix and a name, "CC-FIGHTER", "LAB-CHAIN"
RULING_ID = re.compile(r"[A-Z]+-[A-Z0-9-]+\Z")


@lru_cache(maxsize=16)
def rulings(game_id: str) -> dict[str, dict[str, str]]:
    """{ruling id: {"question", "ruling", "why"}} for a game (empty if none)."""
    path: Path = data_path("rulings", f"{game_id}.md")
    if not path.exists():
        path = Path(__file__).resolve().parent.parent.parent / "docs" / "rulings" / f"{game_id}.md"
    if not path.exists():
        return {}
    out: dict[str, dict[str, str]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        cells = table_cells(line)
        # only the register's rows: the page's other tables (a chain's order, the
        # seats by player count) do not start with a ruling id
        if len(cells) >= 4 and RULING_ID.match(cells[0]):
            out[cells[0]] = {"question": cells[1], "ruling": cells[2], "why": cells[3]}
    return out


def table_cells(line: str) -> list[str]:
    """The cells of one Markdown table row; a pipe written `\\|` stays inside its cell."""
    row = line.strip()
    row = row[1:] if row.startswith("|") else row
    row = row[:-1] if row.endswith("|") and not row.endswith("\\|") else row
    return [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", row)]
