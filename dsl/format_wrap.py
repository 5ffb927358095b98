"""Line wrapping for `mayhem fmt`: where a line longer than WIDTH breaks, and the column each piece starts at."""
from __future__ import annotations

from dataclasses import dataclass

INDENT = "  "
# a line longer than this is wrapped at a space inside ( ) or [ ], where a new line means
# nothing; a line with nothing to wrap at (a long `text`) stays long
WIDTH = 100


@dataclass(frozen=True)
class Part:
    """A token of a line: its text, whether a space goes before it, how many brackets are
    open before it, and the break it allows, if any."""

    text: str
    space: bool
    depth: int
    brk: "Break | None" = None
    starts: tuple = ()  # ids of the syntax trees whose first token it is


@dataclass(frozen=True)
class Break:
    """Where a long line may break. Every break of one group (an `and` chain, the commas of
    one call) is taken together; the group with the smallest key, outside the fewest brackets
    and highest in the syntax tree, is the outermost and breaks first."""

    group: int  # id of the syntax tree that owns the break
    key: tuple[int, int]  # (brackets open, depth in the syntax tree)
    after: bool  # the line breaks after the token (`and`, `+`, `,`), or before it (`where`)
    fill: bool  # a comma list fills each line; a chain of operators puts one operand per line


def _width(parts: list[Part]) -> int:
    """Columns of parts on one line, the first one's space left out (it starts the piece)."""
    return sum(len(p.text) + p.space for p in parts) - (parts[0].space if parts else 0)


def wrap(parts: list[Part], indent: str) -> str:
    """The tokens of one line, joined, and wrapped where the line would pass WIDTH: at its
    outermost chain of `and`/`or` first (each line ending with the operator), then inside
    brackets at the next level (a comma list filling its lines, a chain of operators one
    operand per line, `where` starting one). Outside brackets the continuation lines are
    indented two levels deeper than the line; inside a bracket a chain's lines start under
    its first operand, a list's under the bracket's first token. A piece with no break in
    it (a long `text`) stays long."""
    lines = _split(parts, len(indent), len(indent), len(indent) + 2 * len(INDENT), frozenset())
    out = []
    for i, (col, piece) in enumerate(lines):
        text = "".join((" " if p.space and k else "") + p.text for k, p in enumerate(piece))
        out.append((indent if i == 0 else " " * col) + text)
    return "\n".join(out)


def _split(parts: list[Part], col: int, cont: int, hanging: int, done: frozenset) -> list[tuple[int, list]]:
    """`parts` laid out from column `col`: (start column, parts) per line. `cont` is where a
    continuation line starts inside the bracket the parts began in, `hanging` where one
    starts outside every bracket; groups in `done` are already broken (a filled list)."""
    if col + _width(parts) <= WIDTH:
        return [(col, parts)]
    breaks = [(k, p.brk) for k, p in enumerate(parts) if p.brk is not None and p.brk.group not in done
              and (k < len(parts) - 1 if p.brk.after else k > 0)]
    if not breaks:
        return [(col, parts)]
    outer = min(breaks, key=lambda kb: kb[1].key)[1]
    cuts = [k + 1 if b.after else k for k, b in breaks if b.group == outer.group]
    pieces = [parts[a:b] for a, b in zip([0] + cuts, cuts + [len(parts)])]
    at = _bracket_column(parts, cuts[0], col, cont) if outer.key[0] else hanging
    if not outer.fill and outer.key[0]:  # under the chain's first operand
        first = next((k for k, p in enumerate(parts) if outer.group in p.starts), None)
        at = at if first is None else col + _width(parts[:first + 1]) - len(parts[first].text)
    if not outer.fill:
        out = _split(pieces[0], col, at, hanging, done)
        for piece in pieces[1:]:
            out += _split(piece, at, at, hanging, done)
        return out
    done = done | {outer.group}
    out, line, start = [], pieces[0], col
    for piece in pieces[1:]:
        if start + _width(line) + 1 + _width(piece) <= WIDTH or at + _width(piece) > WIDTH:
            line = line + piece  # it fits, or would not fit on a line of its own either
        else:
            out += _split(line, start, at, hanging, done)
            line, start = piece, at
    return out + _split(line, start, at, hanging, done)


def _bracket_column(parts: list[Part], cut: int, col: int, cont: int) -> int:
    """The column just after the bracket that holds the break at `cut`: found among `parts`
    laid out from `col`, or `cont` when it opened before them."""
    depth = parts[cut - 1].depth if cut else parts[0].depth
    for k in range(cut - 1, -1, -1):
        if parts[k].text in ("(", "[") and parts[k].depth == depth - 1:
            return col + _width(parts[:k + 1])
    return cont
