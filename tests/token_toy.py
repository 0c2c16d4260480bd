"""What the core's small toy games share: one token card in a box, and nobody
wins. A toy gives its `id`, `title` and `build_flow`; `token_toy(cls, tmp_path)`
writes its card file and makes it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tablekit.core import Ctx, GameDef, Result
from tablekit.core.cards import load_cards


class TokenToy(GameDef):
    def __init__(self, card_file: Path):
        self.card_file = card_file

    @property
    def cards(self):
        return load_cards(self.card_file, self.id, {}, frozenset())

    def create_table(self, ctx: Ctx) -> None:
        ctx.state.add_zone("box", None, "public")
        ctx.state.add_card("token", "token", "box")

    def result(self, ctx: Ctx) -> Result:
        return Result([], {}, "nobody wins", "end")


def token_toy(cls: type[TokenToy], tmp_path: Path, **kw: Any) -> Any:
    """A `cls` toy over its card file (one token), written in `tmp_path`."""
    card_file = tmp_path / f"{cls.id}.yaml"
    card_file.write_text(f"format_version: 1\ngame: {cls.id}\ncards:\n"
                         "  - {id: token, name: Token, text: A token.}\n", encoding="utf-8")
    return cls(card_file, **kw)
