"""Files a table hands over or takes in: a position as a scenario file, a
download link, and a saved game read back from an upload (in memory, never on
the server)."""

from __future__ import annotations

import base64
from html import escape

import yaml

from ..core.engine import Game, make_game
from ..core.errors import TablekitError
from ..core.scenario import build, parse, to_yaml


def download_link(text: str, filename: str, what: str = "the scenario file", mime: str = "text/yaml") -> str:
    """HTML for a link that hands `text` to the browser as a file download.

    The file travels inside the link (a base64 data: URL), so a served app
    never writes anything on the server."""
    data = base64.b64encode(text.encode("utf-8")).decode("ascii")
    name = escape(filename, quote=True)
    size = len(text.encode("utf-8"))
    return (f"<span class='tk-download'><a download=\"{name}\" href=\"data:{mime};base64,{data}\" "
            f"title='Save {escape(what, quote=True)} on your computer'>⬇ Download {escape(filename)}</a> "
            f"<span class='tk-zone-meta'>({size} bytes)</span></span>")


def position_yaml(game: Game, title: str = "", description: str = "",
                  start: list[str] | None = None, turn: str | None = None, name: str = "scenario.yaml") -> str:
    """The game's position as a scenario file (made by `to_yaml`), checked to load back.

    Game state that still has the value a new game starts with is left out
    (a scenario starts from a new game, so nothing is lost; a default such as
    `first: null` is not a value a scenario may set), and so is a turn that
    is nobody's yet. `start`/`turn` replace the rule the file starts at."""
    return position_file(game, title, description, start, turn, name)[0]


def position_file(game: Game, title: str = "", description: str = "", start: list[str] | None = None,
                  turn: str | None = None, name: str = "scenario.yaml") -> tuple[str, list[str]]:
    """`position_yaml`, and what of the game's position the file cannot carry (in words)."""
    text = to_yaml(game, title, description)
    data = yaml.safe_load(text)
    setup = data.get("setup") or {}
    extra = setup.get("extra")
    if extra:
        st = game.state
        fresh = make_game(game.gamedef, game.players, st.seed, st.variant, st.options).state.extra
        for key in [k for k, v in extra.items() if k in fresh and fresh[k] == v]:
            del extra[key]
        if not extra:
            del setup["extra"]
    if start is not None:
        data["start"] = {"at": list(start), "turn": turn}
        data["expect"] = data.pop("expect", [])
    if isinstance(data.get("start"), dict) and data["start"].get("turn") is None:
        data["start"].pop("turn", None)  # nobody's turn yet (before the first turn): say nothing
    text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)
    try:  # the file offered must load back, as `tablekit check` would read it
        back = build(parse(text, name), name)
    except TablekitError as exc:
        raise TablekitError(f"the scenario would not load back: {exc}") from None
    gaps = []
    mine, theirs = game.state, back.state
    if mine.zones != theirs.zones:
        gaps.append("the order of some cards")
    if mine.cards != theirs.cards:
        gaps.append("some card state")
    if mine.players != theirs.players:
        gaps.append("some player counters")
    lost = sorted(k for k in set(mine.extra) | set(theirs.extra) if mine.extra.get(k) != theirs.extra.get(k))
    if lost:
        gaps.append("the game state " + ", ".join(lost))
    if start is None and (game.cursor != back.cursor or game.turn != back.turn):
        gaps.append("the exact point in the turn")
    return text, gaps


def game_from_upload(name: str, content: bytes, game_id: str) -> Game:
    """A game from an uploaded save (`Game.save` text), read in memory. Anything
    wrong with the file, or a save of another game, raises a TablekitError
    naming the file and what is wrong."""
    from .. import load
    from ..core.errors import SaveFormatError

    try:
        text = content.decode("utf-8")
    except UnicodeDecodeError:
        raise TablekitError(f"Load game: {name} is not text (a save is a .json file made by Save game)") from None
    try:
        game = load(text)
    except SaveFormatError as exc:
        raise TablekitError(f"Load game: {name} is not a save this table can load: {exc}") from None
    if game.id != game_id:
        raise TablekitError(f"Load game: {name} is a save of {game.gamedef.title} ({game.id}); this table "
                            f"plays {game_id}. Open it at that game's table.")
    return game

