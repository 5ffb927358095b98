"""Where the cursor is, read from the text before it (which, while the author types, seldom
parses): the declarations and blocks it is inside, whether that is effect code and in which
evaluation context, and the words of the statement typed so far.

>>> text = 'in box b\\ncharacter robin "Robin" {\\n  ability a "A" {\\n    mayhem {\\n      stun(at'
>>> at = cursor_at(text, len(text))
>>> at.decls, at.effect_slot, at.words, at.partial
(['character', 'ability'], 'mayhem', ['stun', '('], 'at')
"""
from __future__ import annotations

from dataclasses import dataclass, field
import re

WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*|\d+|\.\.|[(){}\[\],=:+*<>!-]")
NAME_CHARS = re.compile(r"[A-Za-z0-9_-]*$")


@dataclass
class Frame:
    header: list[str]  # the words before its `{`
    start: int  # offset of the `{`


@dataclass
class Cursor:
    frames: list[Frame] = field(default_factory=list)
    words: list[str] = field(default_factory=list)  # the statement before the cursor, whole words
    partial: str = ""  # the name being typed
    in_string: bool = False
    in_comment: bool = False
    decls: list[str] = field(default_factory=list)  # kinds of the declarations around, outermost first
    effect_slot: str | None = None  # the slot (or `on EVENT`) whose effect code holds the cursor
    event: str | None = None  # the event of the trigger around, if any
    effect_start: int = -1  # offset where the effect block starts


def cursor_at(text: str, offset: int, kinds: set[str] | None = None) -> Cursor:
    """Scan the text up to `offset`: strings and comments skipped, `{` `}` nesting kept,
    newlines ending statements except inside ( ) and [ ]."""
    cur = Cursor()
    header: list[str] = []
    depth_paren = 0
    i = 0
    before = text[:offset]
    n = len(before)
    while i < n:
        ch = before[i]
        if ch == "#":
            end = before.find("\n", i)
            if end < 0:
                cur.in_comment = True
                break
            i = end
            continue
        if ch == '"':
            j = i + 1
            while j < n and before[j] != '"' and before[j] != "\n":
                j += 2 if before[j] == "\\" else 1
            if j >= n:
                cur.in_string = True
                break
            header.append('"')
            i = j + 1
            continue
        if ch == "\n":
            if depth_paren == 0:
                header = []
            i += 1
            continue
        if ch == "{":
            cur.frames.append(Frame(header, i))
            header, depth_paren = [], 0
            i += 1
            continue
        if ch == "}":
            if cur.frames:
                cur.frames.pop()
            header, depth_paren = [], 0
            i += 1
            continue
        m = WORD.match(before, i)
        if m is None:
            i += 1
            continue
        tok = m.group(0)
        if tok in "([":
            depth_paren += 1
        elif tok in ")]":
            depth_paren = max(depth_paren - 1, 0)
        header.append(tok)
        i = m.end()
    if not (cur.in_string or cur.in_comment):
        partial = NAME_CHARS.search(before).group(0)
        if partial and not partial[0].isdigit():
            cur.partial = partial
            if header and header[-1] == partial:
                header = header[:-1]
    cur.words = header
    _classify(cur, kinds or set())
    return cur


def _classify(cur: Cursor, kinds: set[str]) -> None:
    """Which frames are declarations and where effect code starts. The slots and triggers
    of a declaration open effect code; everything inside it is effect code too."""
    for frame in cur.frames:
        head = frame.header
        if cur.effect_slot is not None:
            continue
        if not head:
            continue
        first = head[0]
        if first == "on":
            cur.effect_slot = "on"
            cur.event = head[1] if len(head) > 1 else None
            cur.effect_start = frame.start
        elif first in kinds or (len(head) >= 2 and head[1] not in ("when", "(") and not _slot_like(head)):
            cur.decls.append(first)
        else:
            cur.effect_slot = first
            cur.effect_start = frame.start


def _slot_like(head: list[str]) -> bool:
    """`standard`, `effect when COND`: a slot is one name, with at most a guard."""
    return len(head) == 1 or head[1] == "when"
