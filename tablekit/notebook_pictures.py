"""Pictures of the tables in the teaching notebooks, so a notebook opened as a file (on a
code host, in nbviewer, in JupyterLab before it runs) shows each section's position.

A table cell is a code cell that builds a `Sandbox` (directly, or in a `LazySection`).
Its only output is a picture of that table as it opens: the board's own view model
(`Board.view`), drawn by the board's own code (`widgets/board.js` and `board.css`) in
headless Chromium, never by a second renderer. The cell's metadata keeps a hash of the
view model (`metadata.tablekit.view`), so a picture whose position changed is found
stale without a browser (`problems`, which the notebook tests call). Every other code
cell keeps no output, and no cell an execution count.

    python -m tablekit.notebook_pictures --write notebooks/*.ipynb   # make pictures
    python -m tablekit.notebook_pictures --check notebooks/*.ipynb   # exit 1 when stale

The notebook's own code builds the tables (its first cell's imports, then each table
cell's expression), exactly as a reader's kernel would; it is the project's code, read
from the project's notebooks.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import io
import json
import os
import sys
from pathlib import Path
from typing import Any

from .widgets.board import esm

WIDGETS = Path(__file__).resolve().parent / "widgets"
CHROMIUM = os.environ.get("TABLEKIT_CHROMIUM", "/usr/bin/chromium")
VIEWPORT = {"width": 1366, "height": 768}
COLOURS = 128
KEY = "tablekit"
PAGE = """<!doctype html><html><head><meta charset="utf-8"><style>{css}
body {{ margin: 0; font-family: sans-serif; background: #fff; }}</style></head>
<body><div id="host"></div></body></html>"""
# the board's module from its own source, with a stand-in for anywidget's model
DRAW = """async ([src, view]) => {
    const url = URL.createObjectURL(new Blob([src], {type: "text/javascript"}));
    const mod = await import(url);
    const state = {view, error: ""};
    const model = {get: (k) => state[k], on: () => {}, send: () => {}};
    mod.default.render({model, el: document.getElementById("host")});
}"""
WORDS = ("A picture of this section's table as it opens (made by `make pictures`). Run the notebook, or "
         "open the page with Voilà, to play it.")


def read(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def write(path: Path, nb: dict) -> None:
    path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def is_table_cell(cell: dict) -> bool:
    return cell["cell_type"] == "code" and "Sandbox(" in "".join(cell["source"])


def tables(nb: dict) -> dict[int, Any]:
    """The Board of each table cell, by cell index, built as a reader's kernel builds it."""
    code = [(i, "".join(c["source"])) for i, c in enumerate(nb["cells"]) if c["cell_type"] == "code"]
    if not code:
        return {}
    namespace: dict[str, Any] = {}
    exec(compile(code[0][1], "<the notebook's first cell>", "exec"), namespace)  # noqa: S102 - its imports
    out = {}
    for i, source in code[1:]:
        if "Sandbox(" not in source:
            continue
        shown = eval(compile(source, f"<cell {i}>", "eval"), namespace)  # noqa: S307 - the notebook's own cell
        if not hasattr(shown, "board"):  # a LazySection: opened, as a reader opens it
            shown.selected_index = 0
            shown = shown.children[0]
        board = getattr(shown, "board", None)
        if board is None:
            raise RuntimeError(f"cell {i} builds no table: {source[:80]!r}")
        out[i] = board
    return out


def view_hash(board: Any) -> str:
    """The hash of a board's view model (what the picture shows)."""
    text = json.dumps(board.view, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:20]


def problems(path: Path) -> list[str]:
    """What is wrong with a notebook's saved outputs, in words ([]: nothing): a table cell
    whose only output is not its current picture, another code cell with an output, an
    execution count kept."""
    nb = read(path)
    boards = tables(nb)
    out = []
    for i, cell in enumerate(nb["cells"]):
        if cell["cell_type"] != "code":
            continue
        if cell.get("execution_count") is not None:
            out.append(f"{path.name} cell {i}: keeps an execution count")
        outputs = cell.get("outputs") or []
        if i not in boards:
            if outputs:
                out.append(f"{path.name} cell {i}: keeps an output, but only a table cell keeps one (its picture)")
            continue
        pictures = [o for o in outputs if "image/png" in (o.get("data") or {})]
        if len(outputs) != 1 or len(pictures) != 1:
            out.append(f"{path.name} cell {i}: a table cell's only output is its picture (run make pictures)")
        elif (cell.get("metadata") or {}).get(KEY, {}).get("view") != view_hash(boards[i]):
            out.append(f"{path.name} cell {i}: the picture is out of date, the table has changed (run make pictures)")
    return out


def draw_pictures(paths: list[Path]) -> dict[Path, dict[int, bytes]]:
    """PNG pictures of every table of each notebook, drawn in headless Chromium."""
    try:
        import PIL  # noqa: F401 - smaller() needs it
        from playwright.sync_api import sync_playwright
    except ImportError:  # pragma: no cover - the test extras bring it
        raise SystemExit("drawing the pictures needs Playwright and Pillow: pip install -e '.[test]' "
                         "(make venv)") from None
    if not Path(CHROMIUM).exists():
        raise SystemExit(f"drawing the pictures needs Chromium at {CHROMIUM} (make chromium, or set TABLEKIT_CHROMIUM)")
    css = (WIDGETS / "board.css").read_text(encoding="utf-8")
    src = esm("board.js")
    out: dict[Path, dict[int, bytes]] = {}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True,
                                     args=["--no-sandbox", "--disable-gpu"])
        try:
            ctx = browser.new_context(viewport=VIEWPORT)
            ctx.route("**/*", lambda route: route.abort())  # nothing from the network
            page = ctx.new_page()
            for path in paths:
                out[path] = {}
                for i, board in tables(read(path)).items():
                    page.set_content(PAGE.format(css=css))
                    page.evaluate(DRAW, [src, board.view])
                    app = page.locator(".tk-app")
                    app.wait_for()
                    out[path][i] = smaller(app.screenshot(animations="disabled"))
        finally:
            browser.close()
    return out


def smaller(png: bytes) -> bytes:
    """The picture with its colours reduced to a palette (a board has few; the file is about
    a third the size, and a notebook of 15 tables stays near half a megabyte)."""
    from PIL import Image

    image = Image.open(io.BytesIO(png)).convert("RGB").quantize(colors=COLOURS, method=Image.Quantize.MEDIANCUT)
    out = io.BytesIO()
    image.save(out, "PNG", optimize=True)
    return out.getvalue()


def write_pictures(paths: list[Path]) -> list[str]:
    """Draw and store the picture of every table cell; clear every other output and every
    execution count. Returns what changed, in words."""
    drawn = draw_pictures(paths)
    changed = []
    for path in paths:
        nb = read(path)
        boards = tables(nb)
        before = json.dumps(nb, sort_keys=True)
        for i, cell in enumerate(nb["cells"]):
            if cell["cell_type"] != "code":
                continue
            cell["execution_count"] = None
            if i in boards:
                png = drawn[path][i]
                cell["outputs"] = [{"output_type": "display_data", "metadata": {},
                                    "data": {"image/png": base64.b64encode(png).decode("ascii"),
                                             "text/plain": [WORDS]}}]
                cell.setdefault("metadata", {})[KEY] = {"view": view_hash(boards[i])}
            else:
                cell["outputs"] = []
                (cell.get("metadata") or {}).pop(KEY, None)
        if json.dumps(nb, sort_keys=True) != before:
            write(path, nb)
            changed.append(f"{path}: {len(boards)} pictures")
    return changed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tablekit.notebook_pictures",
                                     description="Pictures of the tables in the teaching notebooks.")
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument("--write", action="store_true", help="draw the pictures and store them in the notebooks")
    what.add_argument("--check", action="store_true", help="exit 1 when a picture is missing or out of date")
    parser.add_argument("notebooks", nargs="+", type=Path)
    args = parser.parse_args(argv)
    for p in args.notebooks:
        if not p.is_file() or p.suffix != ".ipynb":
            parser.error(f"{p} is not a notebook (.ipynb)")
    if args.write:
        for line in write_pictures(args.notebooks) or ["every picture is current"]:
            print(line)
        return 0
    found = [w for p in args.notebooks for w in problems(p)]
    for w in found:
        print(w)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
