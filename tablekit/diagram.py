"""The rules diagram: the flow tree as SVG, laid out by Graphviz (pygraphviz).

`flow_svg(gamedef)` lays the tree out once per game (cached); every node is a
`<g id="tk-node-<node.id>">`. Its shape AND its first words say its kind (a
legend explains them), never colour alone. `marked_svg(gamedef, path)` marks
the node at a static path (`Game.cursor`) in that same SVG, without a new
layout: a thicker outline and the words "▶ now" beside it; its ancestors get a
lighter outline.

pygraphviz is imported inside the functions, so `import tablekit` stays fast.
"""

from __future__ import annotations

import os
import sys
import tempfile
import xml.etree.ElementTree as ET
from contextlib import contextmanager
from functools import lru_cache
from typing import Iterator, Sequence

from .core.errors import TablekitError
from .core.flow import Node
from .core.gamedef import GameDef

__all__ = ["flow_svg", "marked_svg", "KINDS", "NOW"]

SVG_NS = "http://www.w3.org/2000/svg"
ET.register_namespace("", SVG_NS)
ET.register_namespace("xlink", "http://www.w3.org/1999/xlink")
NOW = "▶ now"
FONT = "Helvetica,Arial,sans-serif"

# each kind: (Graphviz shape, the word on the node, the legend's words)
KINDS: dict[str, tuple[str, str, str]] = {
    "decision": ("diamond", "◆ decision", "a player decides (the options are on the page)"),
    "action-window": ("hexagon", "⬡ action window", "each player may act, or pass"),
    "loop": ("ellipse", "↻ loop", "repeats its body until a condition holds"),
    "for-each-player": ("ellipse", "↻ each player", "runs its body once for each player"),
    "branch": ("trapezium", "⑂ branch", "goes one way or the other on a condition"),
    "step": ("box", "■ step", "an automatic rule"),
    "sequence": ("folder", "▤ sequence", "its parts in order"),
}
OTHER_KIND = ("box", "node", "")


def _kind(kind: str) -> tuple[str, str, str]:
    return KINDS.get(kind, OTHER_KIND)


def _wrap(text: str, width: int = 22) -> str:
    """Words on lines of about `width` characters, for a node's label."""
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return "\n".join(lines)


@contextmanager
def _quiet_fontconfig() -> Iterator[None]:
    """Graphviz's bundled fontconfig reads the system's configuration directory and
    warns on stderr ("unknown element reset-dirs") about an element newer than it
    knows; it does so even under a FONTCONFIG_FILE of our own (it still reads the
    system's conf.avail). So while Graphviz draws, file descriptor 2 goes to a
    temp file; afterwards the "Fontconfig warning" lines are dropped and anything
    else Graphviz said is written on to `sys.stderr`, so no real error is lost and
    the warning reaches neither the terminal nor the kernel's output."""
    sys.stderr.flush()
    saved = os.dup(2)
    with tempfile.TemporaryFile(mode="w+b") as caught:
        os.dup2(caught.fileno(), 2)
        try:
            yield
        finally:
            os.dup2(saved, 2)
            os.close(saved)
            caught.seek(0)
            said = caught.read().decode("utf-8", "replace")
    rest = [line for line in said.splitlines() if line and not line.startswith("Fontconfig warning")]
    if rest:
        print("\n".join(rest), file=sys.stderr)


def _graph(gamedef: GameDef):
    import pygraphviz  # here, not at the top: `import tablekit` must not load Graphviz

    g = pygraphviz.AGraph(directed=True, rankdir="LR", nodesep="0.35", ranksep="0.4", pad="0.3", ordering="out",
                          fontname=FONT, id="tk-flow-graph")
    g.node_attr.update(fontname=FONT, fontsize="11", margin="0.08,0.04")
    g.edge_attr.update(arrowsize="0.6")
    for n in gamedef.nodes:
        shape, word, _ = _kind(n.kind)
        g.add_node(str(n.id), id=f"tk-node-{n.id}", shape=shape, label=f"{word}\n{_wrap(n.name)}",
                   tooltip=n.text or n.name, **{"class": f"tk-flow-{n.kind}"})
    for n in gamedef.nodes:
        for c in n.children:
            g.add_edge(str(n.id), str(c.id))
    legend = g.add_subgraph(name="cluster_legend", label="Legend: shape and first words tell the kind",
                            fontname=FONT, fontsize="11", id="tk-legend")
    kinds = [k for k in KINDS if any(n.kind == k for n in gamedef.nodes)]
    for k in kinds:
        shape, word, words = KINDS[k]
        legend.add_node(f"legend-{k}", id=f"tk-legend-{k}", shape=shape, label=f"{word}\n{_wrap(words, 26)}",
                        fontsize="10")
    for a, b in zip(kinds, kinds[1:]):
        legend.add_edge(f"legend-{a}", f"legend-{b}", style="invis")
    return g


@lru_cache(maxsize=16)
def _layout(gamedef: GameDef) -> str:
    with _quiet_fontconfig():
        svg = _graph(gamedef).draw(format="svg", prog="dot")
    root = ET.fromstring(svg)
    root.set("class", "tk-flow-svg")
    root.set("role", "img")
    root.set("aria-label", f"The rules diagram of {gamedef.title}")
    return ET.tostring(root, encoding="unicode")


def flow_svg(gamedef: GameDef) -> str:
    """The rules diagram of a game as SVG (laid out once per game)."""
    return _layout(gamedef)


def _node_at(gamedef: GameDef, path: Sequence[str]) -> Node:
    try:
        return gamedef.flow.find(list(path))
    except KeyError as exc:
        raise TablekitError(f"{gamedef.title}: no node of the flow at {' › '.join(path) or '(empty path)'}: "
                            f"{exc.args[0]}") from None


def _shape(group: ET.Element) -> ET.Element:
    for el in group.iter():  # the outline may sit inside the tooltip's <a>
        if el.tag in (f"{{{SVG_NS}}}polygon", f"{{{SVG_NS}}}ellipse"):
            return el
    raise TablekitError(f"the diagram's node {group.get('id')} has no outline")  # pragma: no cover


def _box(shape: ET.Element) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) of a polygon or an ellipse."""
    if shape.tag.endswith("ellipse"):
        cx, cy, rx, ry = (float(shape.get(a)) for a in ("cx", "cy", "rx", "ry"))
        return cx - rx, cy - ry, cx + rx, cy + ry
    pts = [tuple(map(float, p.split(","))) for p in shape.get("points", "").split()]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return min(xs), min(ys), max(xs), max(ys)


def _mark(group: ET.Element, width: str, cls: str) -> ET.Element:
    shape = _shape(group)
    shape.set("stroke-width", width)
    group.set("class", f"{group.get('class', '')} {cls}".strip())
    return shape


def marked_svg(gamedef: GameDef, path: Sequence[str]) -> str:
    """The diagram with the node at `path` marked "▶ now" (thicker outline, the words
    above it) and its ancestors outlined a little thicker. No new layout."""
    node = _node_at(gamedef, path)
    root = ET.fromstring(flow_svg(gamedef))
    groups = {g.get("id"): g for g in root.iter(f"{{{SVG_NS}}}g")}
    ancestors = [gamedef.flow.find(node.path[:i]) for i in range(1, len(node.path))]
    for a in ancestors:
        _mark(groups[f"tk-node-{a.id}"], "2", "tk-flow-on-path")
    group = groups[f"tk-node-{node.id}"]
    left, top, right, _ = _box(_mark(group, "4", "tk-flow-now"))
    label = ET.SubElement(group, f"{{{SVG_NS}}}text", {
        "class": "tk-flow-now-label", "x": f"{(left + right) / 2:.2f}", "y": f"{top - 3:.2f}",
        "text-anchor": "middle", "font-family": FONT, "font-size": "12", "font-weight": "bold"})
    label.text = NOW
    return ET.tostring(root, encoding="unicode")
