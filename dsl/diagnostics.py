"""Diagnostics: collected, positioned, human-readable errors, warnings and notes."""
from __future__ import annotations

from dataclasses import dataclass, field
import difflib
from typing import Iterable

from .spans import SourceFile, Span

SEVERITIES = ("error", "warning", "note")


@dataclass(slots=True)
class Related:
    """A second place that explains a diagnostic ("the block opened here")."""

    span: Span
    message: str


@dataclass(slots=True)
class Diagnostic:
    code: str
    severity: str
    message: str
    span: Span | None
    hint: str | None = None
    related: list[Related] = field(default_factory=list)

    def sort_key(self):
        if self.span is None:
            return ("", 0, 0, self.code, self.message)
        return (self.span.file, self.span.line, self.span.col, self.code, self.message)

    def to_json(self) -> dict:
        return {
            "code": self.code,
            "severity": self.severity,
            "message": self.message,
            "span": self.span.to_json() if self.span else None,
            "hint": self.hint,
            "related": [{"span": r.span.to_json(), "message": r.message} for r in self.related],
        }


class Diagnostics:
    """Collects every diagnostic of a run; nothing is raised one by one."""

    def __init__(self) -> None:
        self.items: list[Diagnostic] = []
        self._seen: set = set()

    def add(self, code: str, message: str, span: Span | None, *, hint: str | None = None,
            severity: str = "error", related: Iterable[Related] = ()) -> Diagnostic:
        diag = Diagnostic(code, severity, message, span, hint, list(related))
        key = (code, message, span)
        if key not in self._seen:
            self._seen.add(key)
            self.items.append(diag)
        return diag

    def error(self, code: str, message: str, span: Span | None, **kw) -> Diagnostic:
        return self.add(code, message, span, severity="error", **kw)

    def warning(self, code: str, message: str, span: Span | None, **kw) -> Diagnostic:
        return self.add(code, message, span, severity="warning", **kw)

    def extend(self, other: "Diagnostics") -> None:
        for d in other.items:
            key = (d.code, d.message, d.span)
            if key not in self._seen:
                self._seen.add(key)
                self.items.append(d)

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.items if d.severity == "error"]

    def has_errors(self) -> bool:
        return any(d.severity == "error" for d in self.items)

    def sorted(self) -> list[Diagnostic]:
        return sorted(self.items, key=Diagnostic.sort_key)

    def __len__(self) -> int:
        return len(self.items)


def did_you_mean(word: str, candidates: Iterable[str], *, quote: str = "'") -> str | None:
    """A "did you mean ...?" hint for a misspelt name, or None.

    The closest candidates first, at most three:

    >>> did_you_mean("melee-atack", ["melee-attack", "ranged-attack", "heal"])
    "did you mean 'melee-attack'?"
    >>> did_you_mean("atack", ["attack", "stack", "track", "heal"])
    "did you mean 'attack', 'track' or 'stack'?"
    >>> did_you_mean("lifes", ["life", "mayhem-cards"], quote="`")
    'did you mean `life`?'

    Nothing close enough is no hint at all, not a wild guess:

    >>> did_you_mean("teleport", ["move", "heal"]) is None
    True
    """
    pool = sorted(set(candidates))
    close = difflib.get_close_matches(word, pool, n=3, cutoff=0.6)
    if not close:
        return None
    if len(close) == 1:
        return f"did you mean {quote}{close[0]}{quote}?"
    return "did you mean " + ", ".join(f"{quote}{c}{quote}" for c in close[:-1]) + \
        f" or {quote}{close[-1]}{quote}?"


def format_diagnostic(diag: Diagnostic, sources: dict[str, SourceFile], *, display=lambda name: name,
                      color: bool = False) -> str:
    """gcc-style text: `file:line:col: error[CODE]: message`, the source line, a caret, a hint.

    >>> src = SourceFile("robin.mh", "standard { melee-atack }\\n")
    >>> diag = Diagnostic("E301", "error", "unknown effect 'melee-atack'",
    ...                   Span("robin.mh", 1, 12, 1, 23), hint="did you mean 'melee-attack'?")
    >>> print(format_diagnostic(diag, {"robin.mh": src}))
    robin.mh:1:12: error[E301]: unknown effect 'melee-atack'
     1 | standard { melee-atack }
       |            ^^^^^^^^^^^
       = hint: did you mean 'melee-attack'?

    Without a position (a path that does not exist), only the message and the hint:

    >>> print(format_diagnostic(Diagnostic("E001", "error", "no such file", None), {}))
    error[E001]: no such file
    """
    sev = diag.severity
    if color:
        paint = {"error": "\x1b[1;31m", "warning": "\x1b[1;33m", "note": "\x1b[1;36m"}[sev]
        head_sev = f"{paint}{sev}[{diag.code}]\x1b[0m"
    else:
        head_sev = f"{sev}[{diag.code}]"
    if diag.span is None:
        out = [f"{head_sev}: {diag.message}"]
    else:
        out = [f"{display(diag.span.file)}:{diag.span.line}:{diag.span.col}: {head_sev}: {diag.message}"]
        out.extend(_excerpt(diag.span, sources))
    for rel in diag.related:
        out.append(f"{display(rel.span.file)}:{rel.span.line}:{rel.span.col}: note: {rel.message}")
        out.extend(_excerpt(rel.span, sources))
    if diag.hint:
        out.append(f"   = hint: {diag.hint}")
    return "\n".join(out)


def _excerpt(span: Span, sources: dict[str, SourceFile]) -> list[str]:
    src = sources.get(span.file)
    if src is None:
        return []
    text = src.line_text(span.line)
    if len(text) > 200:  # a minified or generated line: show the neighbourhood only
        start = max(span.col - 80, 1)
        text = text[start - 1:start + 159]
        col = span.col - start + 1
    else:
        col = span.col
    text = text.replace("\t", " ")
    width = 1
    if span.end_line == span.line:
        width = max(span.end_col - span.col, 1)
    width = min(width, max(len(text) - col + 1, 1))
    num = str(span.line)
    pad = " " * len(num)
    return [f" {num} | {text}", f" {pad} | {' ' * (col - 1)}{'^' * width}"]


def format_all(diags: list[Diagnostic], sources: dict[str, SourceFile], *, limit: int | None = None,
               display=lambda name: name, color: bool = False) -> str:
    """All diagnostics, truncated with "... and N more" past the limit."""
    shown = diags if limit is None else diags[:limit]
    parts = [format_diagnostic(d, sources, display=display, color=color) for d in shown]
    if limit is not None and len(diags) > limit:
        parts.append(f"... and {len(diags) - limit} more")
    return "\n".join(parts)


def summary(diags: list[Diagnostic]) -> str:
    """The last line of a report.

    >>> summary([])
    'no problems'
    >>> summary([Diagnostic("E301", "error", "a", None), Diagnostic("E302", "error", "b", None),
    ...          Diagnostic("C302", "warning", "c", None)])
    '2 errors, 1 warning'
    """
    counts = {s: sum(1 for d in diags if d.severity == s) for s in SEVERITIES}
    bits = [f"{n} {s}{'' if n == 1 else 's'}" for s, n in counts.items() if n]
    return ", ".join(bits) if bits else "no problems"
