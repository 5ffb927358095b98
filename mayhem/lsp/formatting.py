"""Formatting: `mayhem fmt`'s canonical layout (dsl/format.py) as one edit of the whole
document; nothing for a document that does not parse (fmt never rewrites one)."""
from __future__ import annotations

from lsprotocol import types as T

from mayhem.dsl.diagnostics import Diagnostics
from mayhem.dsl.format import FormatError, format_source
from mayhem.dsl.spans import SourceFile

from .project import to_units


def format_document(name: str, text: str, encoding: str = "utf-16") -> list[T.TextEdit] | None:
    try:
        out = format_source(SourceFile(name, text), Diagnostics())
    except FormatError:  # the layout would lose a token or a comment: leave the text alone
        return None
    if out is None or out == text:
        return [] if out == text else None
    last = text.split("\n")[-1]
    end = T.Position(line=text.count("\n"), character=to_units(last, len(last), encoding))
    return [T.TextEdit(range=T.Range(start=T.Position(line=0, character=0), end=end), new_text=out)]
