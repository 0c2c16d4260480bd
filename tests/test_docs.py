"""The worked examples of docs/core.md run as written, in order, in one namespace."""

from __future__ import annotations

import re
from pathlib import Path

DOC = Path(__file__).resolve().parents[1] / "docs" / "core.md"


def test_core_md_examples_run():
    text = DOC.read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    assert len(blocks) >= 10, "docs/core.md lost its worked examples"
    namespace: dict = {"__name__": "core_md"}
    for i, block in enumerate(blocks):
        try:
            exec(compile(block, f"docs/core.md block {i + 1}", "exec"), namespace)  # noqa: S102
        except Exception as exc:  # pragma: no cover - the message says which block
            raise AssertionError(f"docs/core.md, example {i + 1} fails: {exc!r}\n{block}") from exc


ROOT = DOC.parents[1]


def _cited_and_listed(game: str) -> tuple[set[str], set[str]]:
    page = (ROOT / "docs" / "rulings" / f"{game}.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"^\| ([A-Z]+-[A-Z0-9-]+) \|", page, flags=re.M))
    prefixes = {i.split("-", 1)[0] for i in listed}
    pattern = re.compile(r"\b(?:" + "|".join(sorted(prefixes)) + r")-[A-Z0-9]+(?:-[A-Z0-9]+)*\b")
    places = [*(ROOT / "tablekit" / "games" / game).rglob("*.py"), ROOT / "cards" / f"{game}.yaml",
              *(ROOT / "scenarios" / game).glob("*.yaml"), *(ROOT / "notebooks").glob(f"{game}.ipynb")]
    cited = {m for p in places for m in pattern.findall(p.read_text(encoding="utf-8"))}
    return cited, listed


def test_every_ruling_a_game_cites_is_on_its_rulings_page():
    import tablekit
    for game in tablekit.games():
        cited, listed = _cited_and_listed(game)
        assert listed, f"docs/rulings/{game}.md lists no ruling"
        assert cited <= listed, f"{game} cites rulings its page does not list: {sorted(cited - listed)}"
