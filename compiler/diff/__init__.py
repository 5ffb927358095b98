"""Errata impact: what a change of the content touches, between two versions of a collection.

`compare` pairs and classifies the components of two IR documents (compare.py), names the
differences in words (words.py) and follows them through the effect graph (impact.py);
`compile_side` compiles a content root; sources.py reads git revisions; play.py runs the
scenarios and simulations on both sides; report.py writes text, JSON and Markdown.
"""
from __future__ import annotations

from pathlib import Path

from .compare import CHANGES, SEMANTIC, ComponentChange, Diff, compare
from .sources import DiffError, Side, open_side

__all__ = ["CHANGES", "SEMANTIC", "ComponentChange", "Diff", "DiffError", "Side", "compare", "compile_side",
           "open_side"]


def compile_side(root: Path):
    """Compile and check a content root; DiffError (with the findings) when it does not
    compile. Errors of the consistency checks do not stop it: they are findings, and the diff
    says which appear or disappear (an old revision may fail a check added since)."""
    from mayhem.compiler import driver
    comp = driver.build([Path(root)], root=Path(root))
    if comp.ir is None:
        err = DiffError(f"{root}: the content has errors; `mayhem check {root}` shows them")
        err.compilation = comp
        raise err
    return comp
