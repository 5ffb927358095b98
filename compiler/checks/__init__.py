"""Cross-set consistency checks: named checks over the whole compiled collection, run by
`mayhem check` after the compiler's own errors.

Each check has a code (C1xx manifest, C2xx names, C3xx vocabulary, C4xx effect graph,
C5xx cross-box, C6xx Free-For-All, C7xx board, C8xx card games), a severity, documentation for
`mayhem explain`, and can be silenced on one component with
`silence "CODE" "reason"`."""
from __future__ import annotations

from dataclasses import dataclass, field
import gc
from typing import Callable

import networkx as nx

from mayhem.dsl.diagnostics import Diagnostic, Related, did_you_mean
from mayhem.dsl.spans import Span

from .collection import Collection, span_of  # noqa: F401 (span_of: the check families')


@dataclass(frozen=True)
class Check:
    code: str
    name: str
    severity: str
    family: str
    doc: str
    example: str
    fix: str
    run: Callable


CHECKS: dict[str, Check] = {}


def register(fn: Callable, code: str, name: str, severity: str, family: str, doc: str, example: str = "",
             fix: str = "") -> None:
    """Register `fn(col, emit)` as check `code`. Called after the function, not as a decorator:
    mutmut does not mutate decorated functions, so a decorator would leave the checks' bodies
    out of the mutation score (bench/mutation.py; tests/test_mutation.py keeps it so)."""
    if code in CHECKS:
        raise ValueError(f"check {code} is registered twice ({CHECKS[code].run.__qualname__}, {fn.__qualname__})")
    CHECKS[code] = Check(code, name, severity, family, doc, example, fix, fn)


@dataclass
class Finding:
    code: str
    message: str
    qid: str | None  # the component it is about (for `silence`)
    span: Span | None
    hint: str | None = None
    related: list[Related] = field(default_factory=list)


def _silence_chain(col: Collection, qid: str) -> list[tuple[str, str]]:
    """[(code, reason)] a component silences, its parents' included."""
    chain = []
    q = qid
    while q is not None:
        for code, reason in col.prop(col.by_qid[q], "silence", []) or []:
            chain.append((code, reason))
        q = col.parent.get(q)
    return chain


def run_checks(ir: dict, graph: nx.DiGraph | None = None, only: set[str] | None = None):
    """Every check over the collection: (findings as Diagnostics, silenced findings with
    their reasons).

    The checks keep what they work out per component (walks, uses, facts: many small
    objects, few of them garbage), so the cyclic garbage collector is off while they run:
    at the default threshold each of its full collections rescanned them and the whole IR
    (the checks took twice as long), and at compiler.driver's (100,000 allocations) its six
    young-generation collections at 10,000 cards took 0.15 s and freed nothing. What the
    checks leave in reference cycles (a thousand objects at 2,000 cards) is collected after
    them: compiler.driver freezes what a pass leaves (gc.freeze, which also sets the young
    generation's count back to zero) and gives it back to the collector at the end of the run."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        col = Collection(ir, graph)
        findings: list[Finding] = []
        for code in sorted(CHECKS):
            if only and code not in only:
                continue
            findings.extend(run_one(col, code))
        return present(col, findings)
    finally:
        if enabled:
            gc.enable()


def run_one(col: Collection, code: str) -> list[Finding]:
    """What one check finds in a collection (compiler/checks/incremental.py runs a check over
    the components an edit changed, through a view of the collection)."""
    findings: list[Finding] = []

    def emit(message, qid=None, span=None, hint=None, related=(), _code=code):
        findings.append(Finding(_code, message, qid, span, hint, list(related)))

    CHECKS[code].run(col, emit)
    return findings


def present(col: Collection, findings: list[Finding]):
    """The findings as Diagnostics, those silenced on their component (or a parent of it)
    apart with the reason, and a C001 for each `silence` that names no check."""
    chains: dict[str, list[tuple[str, str]]] = {}
    shown: list[Diagnostic] = []
    silenced: list[tuple[Diagnostic, str]] = []
    unknown_silence: list[Diagnostic] = []
    for f in findings:
        # every finding carries a hint: its own, or the check's documented fix
        hint = f.hint or (f"{CHECKS[f.code].fix} (mayhem explain {f.code})" if CHECKS[f.code].fix
                          else f"mayhem explain {f.code}")
        d = Diagnostic(f.code, CHECKS[f.code].severity, f.message, f.span, hint, f.related)
        reason = None
        if f.qid and f.qid in col.by_qid:
            chain = chains.get(f.qid)
            if chain is None:
                chain = chains[f.qid] = _silence_chain(col, f.qid)
            reason = next((r for c, r in chain if c == f.code), None)
        if reason is not None:
            silenced.append((d, reason))
        else:
            shown.append(d)
    for comp in col.silencing:
        for code, _reason in col.prop(comp, "silence", []) or []:
            if code not in CHECKS:
                unknown_silence.append(Diagnostic(
                    "C001", "warning", f"'silence' names no check '{code}'", col.prop_span(comp, "silence"),
                    did_you_mean(code, CHECKS) or "`mayhem explain` lists every check"))
    return shown + unknown_silence, silenced


def _unknown_silence(col, emit):  # reported by run_checks itself
    return None


register(_unknown_silence, "C001", "unknown-silence", "warning", "checks",
         "A `silence` names a code that is no consistency check, so it silences nothing.",
         'silence "C999" "..."', 'silence "C303" "..."')


# The check families register themselves (register(...) after each function) when imported.
from . import board, crossbox, effect_graph, ffa, manifest, names, vocabulary  # noqa: E402,F401
from . import text  # noqa: E402,F401
from . import timing  # noqa: E402,F401
from . import conditions  # noqa: E402,F401
from . import placement  # noqa: E402,F401
from . import decks  # noqa: E402,F401
from . import deckbuilder, deckbuilder_text  # noqa: E402,F401
