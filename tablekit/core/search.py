"""Search one game's rules: every node of its flow, every ruling of its register
and every card definition, by words.

A query's words must all appear, each as a word or as the start of one ("spid"
finds "Forest Spider"), in any case and with or without accents ("theodred"
finds "Théodred"). A suit symbol is a word of its own ("♠" finds "A♠"). Hits
whose title holds every word come first, then nodes before rulings before
cards, then the earlier match. The index of a game is built once (cached); a
search looks words up in it, fast enough for every keystroke.
"""

from __future__ import annotations

import bisect
import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Iterator

from .errors import TablekitError
from .rulings import rulings

if TYPE_CHECKING:  # pragma: no cover
    from .gamedef import GameDef

MAX_QUERY = 200  # characters
KIND_ORDER = {"node": 0, "ruling": 1, "card": 2}
SNIPPET = 110  # characters of matched text shown with a hit
# a word: letters and digits (the underscore splits words, as a space does),
# or one symbol character such as a suit (♠ ♥ ♦ ♣ ★)
_WORD = re.compile(r"[^\W_]+|[^\w\s]")
# the shape of a ruling id ("CC-KINGS"): the register's other tables (a table of
# seats, of a chain's cards) are not rulings


@dataclass(frozen=True)
class Hit:
    """One thing a search found: `kind` "node", "ruling" or "card"; `key` the
    node's static path (a tuple of names), the ruling id or the card id;
    `title` what it is called; `snippet` a short piece of its text around the
    match; `score` how well it matched (higher is better: 2 when the title
    holds every word of the query, 1 when it holds some, 0 otherwise, plus a
    fraction that is larger the earlier the first match)."""

    kind: str
    key: Any
    title: str
    snippet: str
    score: float


@dataclass(frozen=True)
class _Entry:
    kind: str
    key: Any
    title: str
    body: tuple[str, ...]  # its prose searched besides the title, in order (snippets come from it)
    tags: tuple[str, ...]  # short facts searched too: an id, a kind, traits, a rule reference
    summary: str  # what the hit shows when its prose holds no word of the query
    order: int = 0  # its place in the game (nodes in flow order, then rulings, then cards)


def fold(text: str) -> str:
    """`text` in lower case without accents ("Théodred" -> "theodred")."""
    return "".join(_fold_char(ch) for ch in text)


def _fold_char(ch: str) -> str:
    decomposed = unicodedata.normalize("NFKD", ch)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def _symbol(word: str) -> bool:
    return len(word) == 1 and unicodedata.category(word).startswith("S")


def words_of(text: str) -> list[str]:
    """The folded words of `text` (punctuation other than symbols left out)."""
    return [w for w in _WORD.findall(fold(text)) if w[0].isalnum() or _symbol(w)]


def _located_words(text: str) -> Iterator[tuple[str, int]]:
    """Each folded word of `text` with where it starts in the original text."""
    folded: list[str] = []
    starts: list[int] = []
    for i, ch in enumerate(text):
        f = _fold_char(ch)
        folded.append(f)
        starts.extend([i] * len(f))
    joined = "".join(folded)
    for m in _WORD.finditer(joined):
        w = m.group()
        if w[0].isalnum() or _symbol(w):
            yield w, starts[m.start()]


# -- what is searched -------------------------------------------------------

def _node_entries(gamedef: GameDef) -> list[_Entry]:
    return [_Entry("node", node.path, node.name, (node.text,), (node.rule,), node.text)
            for node in gamedef.nodes]


def _ruling_entries(gamedef: GameDef) -> list[_Entry]:
    return [_Entry("ruling", rid, f"{rid}: {r['question']}", (r["ruling"], r["why"]), (), r["ruling"])
            for rid, r in rulings(gamedef.id).items()]


def _card_entries(gamedef: GameDef) -> list[_Entry]:
    out = []
    for d in gamedef.cards.values():
        name = gamedef.card_name(d)
        faces = tuple(part for face in d.faces for part in (face.name, face.text))
        also = (d.name,) if d.name != name else ()
        body = (d.text, *faces, *also)
        out.append(_Entry("card", d.id, name, body, (d.id, d.kind, ", ".join(d.traits)), d.text or d.name))
    return out


class _Index:
    """The words of every entry of one game: word -> the entries holding it, the
    sorted words (a query word finds the words it starts by bisection), and each
    entry's words in order with where they are (text number, place in that text,
    place overall: the title is text 0, its body follows, then its tags)."""

    def __init__(self, entries: list[_Entry]) -> None:
        self.entries = entries
        self.holders: dict[str, set[int]] = {}
        self.located: list[list[tuple[str, int, int, int]]] = []
        for i, e in enumerate(entries):
            located = []
            offset = 0
            for n, text in enumerate((e.title, *e.body, *e.tags)):
                for w, start in _located_words(text):
                    located.append((w, n, start, offset + start))
                    self.holders.setdefault(w, set()).add(i)
                offset += len(text) + 1
            self.located.append(located)
        self.vocabulary = sorted(self.holders)

    def starting_with(self, prefix: str) -> set[int]:
        """The entries with a word that starts with `prefix`."""
        found: set[int] = set()
        i = bisect.bisect_left(self.vocabulary, prefix)
        while i < len(self.vocabulary) and self.vocabulary[i].startswith(prefix):
            found |= self.holders[self.vocabulary[i]]
            i += 1
        return found


@lru_cache(maxsize=16)
def game_index(gamedef: GameDef) -> _Index:
    """The search index of one game, built once."""
    entries = _node_entries(gamedef) + _ruling_entries(gamedef) + _card_entries(gamedef)
    numbered = [_Entry(e.kind, e.key, e.title, e.body, e.tags, e.summary, i) for i, e in enumerate(entries)]
    return _Index(numbered)


# -- searching --------------------------------------------------------------

def check_query(query: Any) -> str:
    """The query, if it is text of at most MAX_QUERY characters."""
    if not isinstance(query, str):
        raise TablekitError(f"a rules search takes text, not {type(query).__name__}")
    if len(query) > MAX_QUERY:
        raise TablekitError(f"a rules search is at most {MAX_QUERY} characters; this one has {len(query)}")
    return query


def snippet_of(text: str, at: int, size: int = SNIPPET) -> str:
    """About `size` characters of `text` around position `at`, cut at spaces,
    with "…" where it is cut."""
    if len(text) <= size:
        return text
    start = max(0, min(at - size // 3, len(text) - size))
    if start:
        space = text.find(" ", start)
        start = space + 1 if 0 <= space < at else start
    end = min(len(text), start + size)
    if end < len(text):
        space = text.rfind(" ", start, end)
        end = space if space > at else end
    return ("…" if start else "") + text[start:end].strip() + ("…" if end < len(text) else "")


def _hit(entry: _Entry, located: list[tuple[str, int, int, int]], words: list[str]) -> tuple[tuple, Hit]:
    """The hit of one entry that holds every word, and its rank (smaller is better)."""
    matched = [(n, start, at) for w, n, start, at in located if any(w.startswith(q) for q in words)]
    in_title = sum(any(w.startswith(q) for w, n, _s, _a in located if n == 0) for q in words)
    title_class = 2 if in_title == len(words) else (1 if in_title else 0)
    position = matched[0][2] if matched else 0
    in_body = next(((n, start) for n, start, _at in matched if 0 < n <= len(entry.body)), None)
    snippet = (snippet_of(entry.body[in_body[0] - 1], in_body[1]) if in_body
               else snippet_of(entry.summary, 0))
    score = title_class + 1 / (2 + position)
    rank = (-title_class, KIND_ORDER[entry.kind], position, entry.order)
    return rank, Hit(entry.kind, entry.key, entry.title, snippet, round(score, 4))


def _matching(gamedef: GameDef, query: str) -> tuple[_Index, list[str], set[int]]:
    """The game's index, the query's words, and the entries holding every one of them."""
    words = list(dict.fromkeys(words_of(check_query(query))))
    index = game_index(gamedef)
    if not words:
        return index, words, set()
    return index, words, set.intersection(*(index.starting_with(w) for w in words))


def search_rules(gamedef: GameDef, query: str, limit: int = 30) -> list[Hit]:
    """The nodes, rulings and cards of `gamedef` that hold every word of `query`
    (a word may be the start of a word), best first, at most `limit` of them.
    An empty query finds nothing; a query over MAX_QUERY characters is refused."""
    if not isinstance(limit, int) or isinstance(limit, bool) or limit < 1:
        raise TablekitError(f"a rules search's limit is a whole number of 1 or more, not {limit!r}")
    index, words, found = _matching(gamedef, query)
    ranked = sorted(_hit(index.entries[i], index.located[i], words) for i in found)
    return [hit for _rank, hit in ranked[:limit]]


def count_rules(gamedef: GameDef, query: str) -> int:
    """How many nodes, rulings and cards `search_rules` would find with no limit."""
    return len(_matching(gamedef, query)[2])
