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
