"""Card text read by a grammar (`card_text.lark`): the facts a text states that an effect
must match, a limiter, a duration, and the numbers it attaches to Damage, Heal,
Victory Points, tokens, Life and Damage thresholds.

>>> [(f.kind, f.value) for f in facts("Once per turn: Heal up to 2 Damage.")]
[('limiter', 'turn'), ('heal', 2)]
>>> [(f.kind, f.value, f.name) for f in facts("Mission: defeat Trigon (10 Life Points). Reward: 2 Victory Points.")]
[('life', 10, None), ('vp', 2, None)]
>>> [(f.kind, f.value) for f in facts("While Taz has 5 or more Damage, his Attacks deal +1 Damage.")]
[('at-least', 5), ('bonus', 1)]
>>> [(f.kind, f.value) for f in facts("Until the end of the round, it takes 1 Damage.")]
[('duration', 'round'), ('damage', 1)]
"""
from __future__ import annotations

import atexit
from functools import lru_cache
import hashlib
import marshal
import os
from pathlib import Path
import sys
import tempfile
from typing import NamedTuple

from lark import Lark, Tree
from lark.exceptions import LarkError

from mayhem.dsl.scanner import FastContextualLexer

from .card_text_reader import NotHere, Reader

GRAMMAR = Path(__file__).with_name("card_text.lark")
READER = Path(__file__).with_name("card_text_reader.py")
WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
         "nine": 9, "ten": 10}


class Fact(NamedTuple):
    """One thing a text says: `kind` is limiter, duration, damage, heal, prevent, bonus,
    at-least, after, vp, life or tokens; `value` its number (or the period: turn, round,
    game); `name` the token's name for tokens; `phrase` the words as written."""

    kind: str
    value: int | str
    phrase: str
    name: str | None = None


@lru_cache(maxsize=1)
def parser() -> Lark:
    # the lexer of content files (dsl/scanner.py): Lark's, with a tighter loop per token; the
    # tables cached on disk by Lark, as the content grammar's are (70 ms to build, 5 to load)
    return Lark(GRAMMAR.read_text(encoding="utf-8"), parser="lalr", cache=True,
                _plugins={"ContextualLexer": FastContextualLexer})


def _number(text: str) -> int:
    text = text.lower().lstrip("+")
    return WORDS[text] if text in WORDS else int(text)


# the phrases that may state a fact (a rule's alias, or its name)
PHRASES = frozenset(("limiter", "duration", "heal", "prevent", "increase", "add", "damage", "more", "vp", "tokens",
                     "at_least", "life", "after"))


def _fact(kind: str, types: list[str], values: list[str]) -> Fact | None:
    """The fact of one phrase: its rule's name, its tokens' types and their texts."""
    phrase = " ".join(values)
    nums = [_number(v) for t, v in zip(types, values) if t in ("NUMBER", "SIGNED_NUMBER")]
    if kind == "limiter":
        return Fact("limiter", values[-1].lower(), phrase) if "PERIOD" in types else None
    if kind == "duration":
        return Fact("duration", values[-1].lower(), phrase) if types[-1] == "PERIOD" else None
    if not nums:
        return None
    if kind == "heal" and types[0] == "REMOVE" and "DAMAGE" not in types:
        return None  # "remove 1 Obstacle" heals nothing
    if kind in ("heal", "prevent", "damage", "vp", "life", "after"):
        return Fact(kind, nums[0], phrase)
    if kind in ("increase", "more", "add"):
        return Fact("bonus", nums[0], phrase)
    if kind == "at_least":
        return Fact("at-least", nums[0], phrase) if "DAMAGE" in types else None
    if kind == "tokens":
        name = next(v for t, v in zip(types, values) if t == "NAME")
        return Fact("tokens", nums[0], phrase, name)
    return None


@lru_cache(maxsize=1 << 16)
def facts(text: str) -> tuple[Fact, ...]:
    """The facts of a card text, in the order the text states them (cached: several
    checks read each text, and a large collection repeats its phrasing; the cache holds
    a collection of tens of thousands of texts, so that each is parsed once per run; and
    on disk, STORE, so that a text read by an earlier run is not parsed again)."""
    known = STORE.get(text)
    if known is not None:
        return known
    found = _read(text)
    STORE.put(text, found)
    return found


@lru_cache(maxsize=1)
def _reader() -> Reader | None:
    try:
        return Reader(parser(), PHRASES)  # the grammar's tables, in one loop with no tree (card_text_reader.py)
    except NotHere:  # pragma: no cover - a grammar the reader cannot read: Lark's parse reads every text
        return None


def _read(text: str) -> tuple[Fact, ...]:
    reader = _reader()
    try:
        if reader is None:
            raise NotHere
        phrases = reader.phrases(text)
    except NotHere:  # Lark's own parse, where the reader cannot go
        try:
            tree = parser().parse(text)
        except LarkError:  # the grammar takes any run of words; this is a safety net, not a path
            return ()
        phrases = [(str(node.data), [t.type for t in node.children], [str(t) for t in node.children])
                   for node in tree.children if isinstance(node, Tree) and node.data in PHRASES]
    out = []
    for kind, types, values in phrases:
        f = _fact(kind, types, values)
        if f is not None:
            out.append(f)
    return tuple(out)


def of_kind(text: str | None, *kinds: str) -> list[Fact]:
    if not text:
        return []
    return [f for f in facts(text) if f.kind in kinds]


class Store:
    """The facts of the texts earlier runs read, in a file next to Lark's cached grammar
    tables (the temporary folder), keyed by the grammar's text, this module's, the reader's
    (card_text_reader.py) and the Python version (the file is `marshal`'s: a tuple per fact,
    read five to ten times faster than the JSON it replaced): a change to any starts a new file. Read on first use (each text's facts
    made when a check asks for that text), written at exit when a run read new texts
    (atomically: another process may write it too). A file another user owns is not read.
    The card-text grammar was about a fifth of a check from scratch at 10,000 cards."""

    LIMIT = 400_000  # texts kept at most; past it, only those of the latest run are

    def __init__(self) -> None:
        self.known: dict[str, tuple[Fact, ...]] | None = None  # the texts asked for, or read, this run
        self.stored: dict[str, tuple] = {}  # the file's texts not asked for yet: (kind, value, phrase, name)s
        self.used: set[str] = set()
        self.added = False
        self.pid = 0  # the process that loaded it: a forked mutant (mutation testing) reads its texts itself
        self.off = False

    @staticmethod
    def path() -> Path | None:
        """The file; `MAYHEM_CACHE` names another folder for it, or (off) turns it off. Off
        under mutation testing too (bench/mutation.py): mutmut's mutants share one source
        file, so a key made of it would give a mutant what the original code read."""
        where = os.environ.get("MAYHEM_CACHE", "")
        if where.lower() in ("off", "0", "no") or "MUTANT_UNDER_TEST" in os.environ:
            return None
        key = hashlib.blake2b(GRAMMAR.read_bytes() + Path(__file__).read_bytes() + READER.read_bytes()
                              + repr((sys.version_info[:2], marshal.version)).encode(), digest_size=12).hexdigest()
        return Path(where or tempfile.gettempdir()) / f".mayhem_card_text_{key}.marshal"

    def _load(self) -> dict:
        self.known, self.stored, self.pid = {}, {}, os.getpid()
        self.off = "MUTANT_UNDER_TEST" in os.environ  # (os.environ's look-up: 2 us, once per load)
        path = self.path()
        if path is not None:
            try:
                with open(path, "rb") as f:
                    if hasattr(os, "getuid") and os.fstat(f.fileno()).st_uid != os.getuid():
                        raise OSError("another user's file")
                    stored = marshal.loads(f.read())  # (marshal.load reads the file a few bytes at a time)
                if not isinstance(stored, dict):
                    raise ValueError("not a table of texts")
                self.stored = stored
            except (OSError, ValueError, EOFError, TypeError):
                self.stored = {}  # none yet, or unreadable: read afresh
        return self.known

    def get(self, text: str) -> tuple[Fact, ...] | None:
        if self.known is None or self.pid != os.getpid():
            self._load()
        if self.off:  # each mutant reads its texts itself
            return None
        found = self.known.get(text)
        if found is None:
            raw = self.stored.pop(text, None)
            if raw is None:
                return None
            try:
                found = self.known[text] = tuple(Fact(*f) for f in raw)
            except TypeError:  # not a fact's fields: read the text afresh
                return None
        self.used.add(text)
        return found

    def put(self, text: str, found: tuple[Fact, ...]) -> None:
        if self.known is None:
            self._load()
        self.known[text] = found
        self.stored.pop(text, None)
        self.used.add(text)
        if not self.added:
            self.added = True
            atexit.register(self.save)

    def save(self) -> None:
        path = self.path()
        if path is None or not self.added or self.known is None:
            return
        every = {**self.stored, **self.known}
        keep = every if len(every) <= self.LIMIT else {t: every[t] for t in self.used}
        data = {t: tuple(tuple(f) for f in found) for t, found in keep.items()}
        try:
            with tempfile.NamedTemporaryFile("wb", dir=path.parent, prefix=path.name, suffix=".tmp",
                                             delete=False) as out:
                marshal.dump(data, out)
            os.replace(out.name, path)
        except OSError:
            pass  # a cache: the next run reads the texts again
        self.added = False

    def clear(self) -> None:
        """Forget what was read (in memory): the next text is looked up on disk again."""
        self.known, self.stored, self.used = None, {}, set()


STORE = Store()
