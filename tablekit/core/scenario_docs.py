"""The part of docs/scenarios.md made from the games themselves: for each
registered game, its zones (from a new game at each player count), variants,
options, rulings with two readings, endings, settable `extra`, per-turn and
per-round data, card state keys and option id forms.

It sits between two marker comments in docs/scenarios.md and is never
edited by hand:

    python -m tablekit.core.scenario_docs --write    # rewrite that part
    python -m tablekit.core.scenario_docs --check    # exit 1 if it is out of date

A game that does not declare one of these (no `option_forms` yet, no
`endings`) gets a line saying so, never an error.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable

from .errors import TablekitError

if TYPE_CHECKING:  # pragma: no cover
    from .gamedef import GameDef

DOC = Path(__file__).resolve().parent.parent.parent / "docs" / "scenarios.md"
BEGIN = "<!-- BEGIN GENERATED: games (python -m tablekit.core.scenario_docs --write) -->"
END = "<!-- END GENERATED: games -->"
PLAYER = "<player>"
_TYPE_WORDS = {str: "text", int: "whole number", bool: "true/false", list: "list", dict: "mapping",
               float: "number", type(None): "null"}


def _cell(text: Any) -> str:
    """Text fit for one cell of a Markdown table."""
    return " ".join(str(text).split()).replace("|", "\\|")


def _code(text: Any) -> str:
    return f"`{text}`"


def _types(types: Iterable[type] | type) -> str:
    ts = list(types) if isinstance(types, (tuple, list)) else [types]
    return " or ".join(_TYPE_WORDS.get(t, t.__name__) for t in ts)


def _table(head: list[str], rows: list[list[str]]) -> list[str]:
    out = ["| " + " | ".join(head) + " |", "| " + " | ".join("---" for _ in head) + " |"]
    out += ["| " + " | ".join(_cell(c) for c in row) + " |" for row in rows]
    return out


def _counts(ns: list[int], every: list[int]) -> str:
    if ns == every:
        return "all"
    if ns == list(range(ns[0], ns[-1] + 1)) and len(ns) > 1:
        return f"{ns[0]} to {ns[-1]}"
    return ", ".join(map(str, ns))


def _generic(text: str, player: str | None) -> str:
    """A zone name or label with its owner's name as the placeholder <player>."""
    if player is None:
        return text
    parts = text.split("/")
    out = "/".join(PLAYER if p == player else p for p in parts)
    return out.replace(f"{player}'s ", f"{PLAYER}'s ")


def zone_rows(g: GameDef) -> tuple[list[list[str]], list[int]]:
    """(one row per zone: name, what it is, who sees it, the player counts it exists for;
    the player counts a new game could be made for)."""
    from .engine import make_game

    seen: dict[str, dict[str, Any]] = {}
    made: list[int] = []
    for n in range(g.min_players, g.max_players + 1):
        try:
            game = make_game(g, n, 1)
        except TablekitError:
            continue  # a count the default variant does not seat
        made.append(n)
        st = game.state
        for name in st.zones:
            info = st.zone_info[name]
            owner = info["owner"]
            if owner is not None and owner != st.player_names[0]:
                continue  # one player's zones stand for everyone's
            key = _generic(name, owner)
            row = seen.setdefault(key, {"label": _generic(info["label"], owner),
                                        "visibility": info["visibility"], "counts": []})
            row["counts"].append(n)
    rows = [[_code(name), r["label"], r["visibility"], _counts(r["counts"], made)]
            for name, r in seen.items()]
    return rows, made


def _per_data(defaults: dict[str, Any], meanings: dict[str, str]) -> list[list[str]]:
    return [[_code(k), _types(type(v)), _code(json.dumps(v, ensure_ascii=False)), meanings.get(k, "")]
            for k, v in defaults.items()]


def _counted(meaning: str, counter: Any) -> str:
    """A field's meaning, with the range and the name of the board's counter that declares it."""
    if counter is None:
        return meaning
    return f"{meaning} ({counter.domain()}; the board's {counter.name} counter)"


def game_section(g: GameDef) -> list[str]:
    """The Markdown of one game."""
    out = [f"### {g.title} (`{g.id}`)", ""]
    zones, made = zone_rows(g)
    out.append(f"For {g.players_words()}.")
    skipped = [n for n in range(g.min_players, g.max_players + 1) if n not in made]
    note = f"; a new game for {', '.join(map(str, skipped))} needs a variant" if skipped else ""
    out += ["", f"**Zones** (a new game's, at each player count{note}; `{PLAYER}` stands for each "
            "player's name, and the last column gives the player counts that have the zone):", ""]
    out += _table(["zone", "what it is", "seen by", "players"], zones)
    out += ["", "**Variants** (`variant:`):", ""]
    out += _table(["variant", "meaning"], [[_code(k), v] for k, v in g.variants.items()]) if g.variants \
        else ["None."]
    out += ["", "**Options** (`options:`):", ""]
    if g.options:
        out += _table(["option", "type", "default", "choices", "meaning"],
                      [[_code(k), _types(s.type), _code(json.dumps(s.default)),
                        ", ".join(map(str, s.choices)) or "any", s.doc] for k, s in g.options.items()])
    else:
        out.append("None.")
    out += ["", "**Rulings with two readings** (`options: {rulings: {ID: reading}}`, or "
            "`tablekit check --ruling ID=reading`; the first reading is the default):", ""]
    if g.ruling_variants:
        out += _table(["ruling", "reading", "meaning"],
                      [[_code(rid), _code(k), v] for rid, readings in g.ruling_variants.items()
                       for k, v in readings.items()])
    else:
        out.append("None.")
    out += ["", "**Settable `extra`** (`setup.extra`, beside the core keys):", ""]
    out += _table(["key", "type", "meaning"], [[_code(k), _types(t), d] for k, (t, d) in g.settable_extra.items()]) \
        if g.settable_extra else ["None."]
    kept = {c.field: c for c in g.counters if c.field}
    for key, defaults, meanings in (("this_turn", g.per_turn, g.turn_fields()),
                                    ("this_round", g.per_round, g.round_fields())):
        meanings = {k: _counted(m, kept.get(f"{key}.{k}")) for k, m in meanings.items()}
        out += ["", f"**`{key}`** (keys left out start fresh):", ""]
        out += _table(["key", "type", "fresh value", "meaning"], _per_data(defaults, meanings)) if defaults else \
            ["The game keeps no such data."]
    out += ["", "**Card state keys** (`setup.cards`, `card:` expectations, beside the core keys):", ""]
    on_cards = {c.key: c for c in g.counters if c.where == "card" and c.settable}
    card_fields = {k: (t, _counted(d, on_cards.get(k))) for k, (t, d) in g.card_state_fields().items()}
    out += _table(["key", "type", "meaning"], [[_code(k), _types(t), d] for k, (t, d) in card_fields.items()]) \
        if card_fields else ["None."]
    out += ["", "**Option ids** (`choose:`, `expect_legal:`...; each `<part>` is one or more characters "
            "other than `:`):", ""]
    forms = getattr(g, "option_forms", {}) or {}
    out += _table(["option id", "meaning"], [[_code(k), v] for k, v in forms.items()]) if forms else \
        ["Not declared yet (`GameDef.option_forms`): `g.pending.options` lists them at any point."]
    aliases = getattr(g, "option_aliases", {}) or {}
    if aliases:
        out += ["", "**Old option ids** (kept as aliases: a file or a save that names one takes the one "
                "option of the open decision its new form matches):", ""]
        out += _table(["old id", "now"], [[_code(k), _code(v)] for k, v in aliases.items()])
    out += ["", "**Endings** (`result.ending`):", ""]
    endings = getattr(g, "endings", {}) or {}
    out += _table(["ending", "meaning"], [[_code(k), v] for k, v in endings.items()]) if endings else \
        ["Not declared yet (`GameDef.endings`)."]
    return out + [""]


def generated(games: dict[str, GameDef] | None = None) -> str:
    """The text between the markers (the markers excluded)."""
    if games is None:
        from .registry import registry
        games = dict(registry())
    lines = ["", "<!-- made from the games by `python -m tablekit.core.scenario_docs --write`; "
             "do not edit by hand -->", ""]
    for gid in sorted(games):
        lines += game_section(games[gid])
    return "\n".join(lines)


def _split(text: str) -> tuple[str, str]:
    if text.count(BEGIN) != 1 or text.count(END) != 1 or text.index(BEGIN) > text.index(END):
        raise TablekitError(f"{DOC.name} must hold the markers {BEGIN!r} and {END!r} once each, in order")
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    return head + BEGIN, END + tail


def updated(text: str) -> str:
    """`text` (docs/scenarios.md) with the part between the markers made anew."""
    head, tail = _split(text)
    return head + generated() + tail


def stale(doc: Path | None = None) -> bool:
    """True when the generated part of `doc` (docs/scenarios.md) differs from what the
    games declare now."""
    text = (doc or DOC).read_text(encoding="utf-8")
    return updated(text) != text


def write(doc: Path | None = None) -> None:
    doc = doc or DOC
    doc.write_text(updated(doc.read_text(encoding="utf-8")), encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args == ["--write"]:
        write()
        print(f"wrote the games' part of {DOC}")
        return 0
    if args == ["--check"]:
        if stale():
            print(f"out of date: the games' part of {DOC.name} (run python -m tablekit.core.scenario_docs "
                  "--write)")
            return 1
        return 0
    print("usage: python -m tablekit.core.scenario_docs --write | --check", file=sys.stderr)
    return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
