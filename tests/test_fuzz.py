"""Fuzzing the front end: mutated real content files compile, or fail with positioned
diagnostics, and never raise.

The mutations are those of real editing accidents: tokens and lines deleted,
duplicated and swapped, random characters typed in, a file cut short, bytes that are
not UTF-8. MAYHEM_FUZZ_EXAMPLES raises the number of examples for a longer run.
"""
from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from mayhem import report
from mayhem.compiler import driver
from mayhem.compiler.checks import CHECKS
from mayhem.dsl.codes import CODES

from conftest import CONTENT

FILES = sorted(p.relative_to(CONTENT).as_posix() for p in CONTENT.rglob("*.mh"))
EXAMPLES = int(os.environ.get("MAYHEM_FUZZ_EXAMPLES", "200"))

# strings, comments, names, runs of blanks, or any single character
TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"|#[^\n]*|[a-z0-9]+(?:-[a-z0-9]+)*|[ \t]+|\n|.')
TYPED = st.one_of(
    st.text(alphabet=st.one_of(st.sampled_from('{}()[]"#=,:.+-*<>!\\\n\t \r\x0c\x00\ufeff\u2028'),
                               st.characters(codec="utf-8")), min_size=1, max_size=6),
    st.sampled_from(["..", " else ", "\n}", "{\n", "let x = ", " when ", "use \"x.mh\"\n", "in box x\n"]))
INDEX = st.integers(min_value=0, max_value=10**6)

MUTATION = st.one_of(
    st.tuples(st.just("delete-token"), INDEX),
    st.tuples(st.just("duplicate-token"), INDEX),
    st.tuples(st.just("swap-tokens"), INDEX, INDEX),
    st.tuples(st.just("delete-line"), INDEX),
    st.tuples(st.just("duplicate-line"), INDEX),
    st.tuples(st.just("swap-lines"), INDEX, INDEX),
    st.tuples(st.just("insert"), INDEX, TYPED),
    st.tuples(st.just("truncate"), INDEX),
)
RAW_BYTES = st.binary(min_size=1, max_size=4)


def mutate(text: str, mutation: tuple) -> str:
    op = mutation[0]
    if op.endswith("-token"):
        tokens = TOKEN.findall(text)
        words = [i for i, t in enumerate(tokens) if not t.isspace()]
        if not words:
            return text
        i = words[mutation[1] % len(words)]
        if op == "delete-token":
            del tokens[i]
        elif op == "duplicate-token":
            tokens.insert(i, tokens[i] + " ")
        return "".join(tokens)
    if op == "swap-tokens":
        tokens = TOKEN.findall(text)
        words = [i for i, t in enumerate(tokens) if not t.isspace()]
        if len(words) < 2:
            return text
        i, j = words[mutation[1] % len(words)], words[mutation[2] % len(words)]
        tokens[i], tokens[j] = tokens[j], tokens[i]
        return "".join(tokens)
    if op.endswith("-line") or op == "swap-lines":
        lines = text.split("\n")
        i = mutation[1] % len(lines)
        if op == "delete-line":
            del lines[i]
        elif op == "duplicate-line":
            lines.insert(i, lines[i])
        else:
            j = mutation[2] % len(lines)
            lines[i], lines[j] = lines[j], lines[i]
        return "\n".join(lines)
    pos = mutation[1] % (len(text) + 1)
    if op == "insert":
        return text[:pos] + mutation[2] + text[pos:]
    assert op == "truncate"
    return text[:pos]


@pytest.fixture(scope="module")
def sandbox(tmp_path_factory):
    root = tmp_path_factory.mktemp("fuzz") / "content"
    shutil.copytree(CONTENT, root)
    return root


def check_positioned(result, root: Path) -> None:
    lines_of: dict[str, list[str]] = {}

    def assert_inside(span, what):
        assert span.file in lines_of or (root / span.file).is_file(), what
        if span.file not in lines_of:
            data = (root / span.file).read_bytes().decode("utf-8", errors="replace")
            lines_of[span.file] = data.split("\n")
        lines = lines_of[span.file]
        assert 1 <= span.line <= len(lines), what
        assert 1 <= span.col <= len(lines[span.line - 1]) + 1, what
        assert (span.end_line, span.end_col) >= (span.line, span.col), what

    for d in result.diagnostics.items:
        what = f"{d.code} {d.message} at {d.span}"
        assert d.code in CODES or d.code in CHECKS, what
        assert d.message, what
        if d.span is None:
            assert d.code == "E001" or d.code.startswith("E30"), what
        else:
            assert_inside(d.span, what)
        for rel in d.related:
            assert_inside(rel.span, what)


@settings(max_examples=EXAMPLES, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(name=st.sampled_from(FILES), mutations=st.lists(MUTATION, min_size=1, max_size=4),
       raw=st.one_of(st.none(), st.tuples(INDEX, RAW_BYTES)))
def test_mutated_content_gives_success_or_positioned_errors(sandbox, name, mutations, raw):
    original = (CONTENT / name).read_text(encoding="utf-8")
    text = original
    for m in mutations:
        text = mutate(text, m)
    data = text.encode("utf-8", errors="surrogatepass")
    if raw is not None:
        pos = raw[0] % (len(data) + 1)
        data = data[:pos] + raw[1] + data[pos:]
    target = sandbox / name
    target.write_bytes(data)
    try:
        # every pass, the consistency checks included, over the file's own folder (its
        # box, or the shared modules) and what it uses
        result = driver.build([target.parent], root=sandbox)
        check_positioned(result, sandbox)
        if result.ok:
            assert result.ir is not None
        diags = result.diagnostics.sorted()
        report.text(diags, result.sources, sandbox, limit=50)
        report.as_json(diags, sandbox)
        report.sarif(diags, sandbox)
    finally:
        target.write_text(original, encoding="utf-8")


def test_mutations_change_the_text():
    text = 'tag t "T" {\n  source authored\n}\n'
    assert mutate(text, ("delete-token", 0)) == ' t "T" {\n  source authored\n}\n'
    assert mutate(text, ("duplicate-token", 1)) == 'tag t t "T" {\n  source authored\n}\n'
    assert mutate(text, ("swap-tokens", 0, 1)) == 't tag "T" {\n  source authored\n}\n'
    assert mutate(text, ("delete-line", 1)) == 'tag t "T" {\n}\n'
    assert mutate(text, ("duplicate-line", 2)) == 'tag t "T" {\n  source authored\n}\n}\n'
    assert mutate(text, ("swap-lines", 0, 2)) == '}\n  source authored\ntag t "T" {\n'
    assert mutate(text, ("insert", 3, "@")) == 'tag@ t "T" {\n  source authored\n}\n'
    assert mutate(text, ("truncate", 11)) == 'tag t "T" {'
    assert len(FILES) >= 2
