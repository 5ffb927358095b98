"""dsl/lalr_loop.py parses a well-formed file in one loop; anything else goes through Lark's own
loop. Both give the same syntax tree and the same findings, on every content file and on
mutated ones, and each file takes the path it should."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from mayhem.dsl.diagnostics import Diagnostics
from mayhem.dsl.grammar import ast_parser
from mayhem.dsl.lalr_loop import NotHere
from mayhem.dsl.parser import parse_source
from mayhem.dsl.spans import SourceFile

REPO = Path(__file__).resolve().parent.parent
FILES = sorted((REPO / "content").rglob("*.mh")) + sorted((REPO / "tests").rglob("*.mh"))
TEXTS = {p.relative_to(REPO).as_posix(): p.read_text(encoding="utf-8", errors="replace") for p in FILES}
PIECES = ["{", "}", "(", ")", "[", "]", "\n", "\r\n", '"', " and ", " or\n", ",", "==", "x", "# note", "-", "\t",
          "\f", "1", "..", "if", "else", "é", "X", "\\", "not not", "{\n}", "\n\n\n"]


def _both(name: str, text: str, monkeypatch) -> tuple:
    """(tree, findings) of the fast loop, then of Lark's loop alone."""
    src = SourceFile(name, text)
    fast_diags = Diagnostics()
    fast = parse_source(src, fast_diags)
    with monkeypatch.context() as m:
        def refuse(_text):
            raise NotHere
        m.setattr(ast_parser().loop, "parse", refuse)
        lark_diags = Diagnostics()
        lark = parse_source(src, lark_diags)
    return (fast, [d.to_json() for d in fast_diags.items]), (lark, [d.to_json() for d in lark_diags.items])


def _mutants(text: str, rng: random.Random, n: int) -> list[str]:
    out = []
    for k in range(n):
        i = rng.randrange(len(text) + 1)
        j = min(len(text), i + rng.randrange(1, 16))
        op = k % 5
        if op == 0:
            out.append(text[:i] + text[j:])  # a piece deleted
        elif op == 1:
            out.append(text[:i] + rng.choice(PIECES) + text[i:])  # something typed in
        elif op == 2:
            out.append(text[:j] + text[i:])  # a piece duplicated
        elif op == 3:
            out.append(text[:i])  # cut short
        else:
            out.append(text[:i] + text[i:j].upper() + text[j:])
    return out


@pytest.mark.parametrize("name", sorted(TEXTS))
def test_both_loops_give_the_same_tree_and_findings(name, monkeypatch):
    fast, lark = _both(name, TEXTS[name], monkeypatch)
    assert fast[0] is not None or fast[1], "a file that does not parse says why"
    assert fast == lark


def test_both_loops_agree_on_mutated_files(monkeypatch):
    rng = random.Random(2026)
    compared = broken = 0
    for name, text in TEXTS.items():
        for mutant in _mutants(text, rng, 5):
            fast, lark = _both(name, mutant, monkeypatch)
            assert fast == lark, (name, mutant)
            compared += 1
            broken += fast[0] is None
    assert compared > 1000 and 0 < broken < compared  # both kinds of file were compared


@pytest.mark.parametrize("text", ["", "\n\n", "# only a comment", "in box b\r\nuse \"core.mh\"\r\n",
                                  "in box b\n\n\nkeyword k \"K\" {\n\n  text \"x\"  # why\n\n}\n\n",
                                  "in box b\nkeyword k \"K\" {\n  effect {\n    if (a and\n      b) or\n"
                                  "      c {\n      move\n    } else {\n      f(x: 1, [1, 2])\n    }\n  }\n}\n",
                                  "in box b\nin box c\n", "keyword k \"K\" {\n}\nin box b\n",
                                  "in box b\nkeyword k \"K\" {\n  effect {\n    repeat " + " + ".join(["1"] * 150)
                                  + " {\n      move\n    }\n  }\n}\n"])
def test_edge_cases_agree(text, monkeypatch):
    fast, lark = _both("edge.mh", text, monkeypatch)
    assert fast == lark


def test_a_well_formed_file_never_reaches_larks_loop(monkeypatch):
    def lark_parse(*_args, **_kw):
        raise AssertionError("Lark's loop was used")
    monkeypatch.setattr(ast_parser(), "parse", lark_parse)
    diags = Diagnostics()
    tree = parse_source(SourceFile("robin.mh", TEXTS["content/teen-titans-go/robin.mh"]), diags)
    assert tree is not None and tree.decls and not diags.items


@pytest.mark.parametrize("text", ["in box b\nkeyword k \"K\" {\n  life 1 }}\n",  # a token the state does not expect
                                  "in box b\nkeyword k \"K\" {\n  life ~\n}\n",  # a character nothing matches
                                  "in box b\nkeyword k \"K\" {\n  effect {\n    f(" + "(" * 70 + "1" + ")" * 70
                                  + ")\n  }\n}\n"])  # nested too deep
def test_a_broken_file_is_left_to_larks_loop(text):
    with pytest.raises(NotHere):
        ast_parser().loop.parse(text)
    diags = Diagnostics()
    assert parse_source(SourceFile("broken.mh", text), diags) is None
    assert diags.errors and all(d.span is not None for d in diags.errors)

