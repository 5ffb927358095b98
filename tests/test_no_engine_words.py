"""What a user reads says the rules kernel, not the deleted Mayhem engine: the `mayhem explain`
texts (dsl/codes.py), the docs of the declaration kinds (dsl/kernel_kinds.py, shown on the
reference site) and the comments of the shipped content (the site shows a game's source)."""
from __future__ import annotations

import re
from pathlib import Path

from mayhem.dsl import codes

ROOT = Path(__file__).resolve().parent.parent
ENGINE = re.compile(r"\bengine\b", re.IGNORECASE)


def test_no_explain_text_names_the_engine():
    from mayhem.compiler.checks import CHECKS
    texts = {code: codes.explain(code) for code in codes.CODES}
    texts.update({c.code: " ".join((c.doc, c.example or "", c.fix or "")) for c in CHECKS.values()})
    assert len(texts) > 90 and [code for code, text in texts.items() if ENGINE.search(text)] == []


def test_no_kind_doc_names_the_engine():
    text = (ROOT / "dsl" / "kernel_kinds.py").read_text(encoding="utf-8")
    assert [n for n, line in enumerate(text.splitlines(), 1) if ENGINE.search(line)] == []


def test_no_comment_of_the_content_names_the_engine():
    found = [f"{path.relative_to(ROOT)}:{n}" for path in sorted((ROOT / "content").rglob("*.mh"))
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if ENGINE.search(line)]
    assert found == []
