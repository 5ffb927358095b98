"""Hostile input: absurd nesting, huge files, bad bytes, escapes from the content root,
cycles. Each gives a clear positioned error (or is clean when it should be), never a
traceback."""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from mayhem.cli import main
from mayhem.compiler import driver

from conftest import FIXTURES

DEEP = 10_000
KEYWORD = 'keyword k "K" {{\n  source authored\n  text "t"\n  effect {{\n{body}\n  }}\n}}\n'


def content(tmp_path: Path, files: dict[str, str | bytes]) -> Path:
    root = tmp_path / "content"
    root.mkdir(exist_ok=True)
    (root / "mayhem.toml").write_text("")
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text, encoding="utf-8", newline="")
    return root


def compile_root(root: Path):
    result = driver.compile_paths([root])
    for d in result.diagnostics.items:
        assert d.message and d.code
    return result


def codes(result) -> list[str]:
    return [d.code for d in result.diagnostics.items]


def only(result, code: str):
    assert codes(result) == [code], [(d.code, d.message) for d in result.diagnostics.items]
    return result.diagnostics.items[0]


def assert_in_file(diag, root: Path) -> None:
    assert diag.span is not None
    lines = (root / diag.span.file).read_bytes().split(b"\n")
    assert 1 <= diag.span.line <= len(lines)
    assert 1 <= diag.span.col <= len(lines[diag.span.line - 1]) + 1


# ---- nesting ------------------------------------------------------------------

def test_ten_thousand_nested_blocks(tmp_path):
    root = content(tmp_path, {"deep.mh": KEYWORD.format(body="may {" * DEEP + "}" * DEEP)})
    diag = only(compile_root(root), "E105")
    assert "nested too deeply" in diag.message
    # the 65th opener: the keyword's, the effect's, then 63 `may {` on line 5
    assert (diag.span.line, diag.span.col) == (5, 63 * 5)
    assert_in_file(diag, root)


def test_ten_thousand_nots(tmp_path):
    body = "if " + "not " * DEEP + "mayhem-icon {\n roll-mayhem-die\n}"
    root = content(tmp_path, {"deep.mh": KEYWORD.format(body=body)})
    diag = only(compile_root(root), "E105")
    assert diag.message.startswith("expression nested too deeply")
    assert diag.span.line == 5
    assert_in_file(diag, root)


def test_ten_thousand_open_parentheses(tmp_path):
    body = "damage(self, " + "(" * DEEP + "1" + ")" * DEEP + ")"
    root = content(tmp_path, {"deep.mh": KEYWORD.format(body=body)})
    diag = only(compile_root(root), "E105")
    assert diag.span.line == 5
    assert_in_file(diag, root)


@pytest.mark.parametrize("op", ["+", "*", "-"])
def test_ten_thousand_term_chain(tmp_path, op):
    # one flat node for the parser, a left-nested chain for every later pass
    body = f"damage(self, {f' {op} '.join(['1'] * DEEP)})"
    root = content(tmp_path, {"chain.mh": KEYWORD.format(body=body)})
    diag = only(compile_root(root), "E105")
    assert diag.span.line == 5


def test_long_flat_chains_are_fine(tmp_path):
    cond = " and ".join(["(mayhem-icon or not mayhem-icon)"] * 500)
    lets = "\n".join(f"let v{i} = {'v' + str(i - 1) if i else '1'} + 1" for i in range(500))
    root = content(tmp_path, {"flat.mh": KEYWORD.format(body=f"if {cond} {{\n roll-mayhem-die\n}}\n{lets}")})
    result = compile_root(root)
    assert result.ok and result.ir is not None


def test_nesting_just_under_the_limits_compiles(tmp_path):
    body = "may {\n" * 30 + "if " + "not " * 30 + "mayhem-icon {\n roll-mayhem-die\n}\n" + "}\n" * 30
    root = content(tmp_path, {"deep.mh": KEYWORD.format(body=body)})
    result = compile_root(root)
    assert result.ok and result.ir is not None


# ---- size and bytes -------------------------------------------------------------

def test_fifty_megabyte_file(tmp_path):
    root = content(tmp_path, {"ok.mh": 'tag t "T" {\n  source authored\n}\n'})
    line = b"# a generated line of padding, over and over again\n"
    with open(root / "huge.mh", "wb") as f:
        for _ in range(50 * 1024 * 1024 // (len(line) * 1024) + 1):
            f.write(line * 1024)
    result = compile_root(root)
    diag = only(result, "E106")
    assert (diag.span.file, diag.span.line, diag.span.col) == ("huge.mh", 1, 1)
    assert "too large (52." in diag.message or "too large (53." in diag.message


def test_invalid_utf8_is_positioned_and_does_not_cascade(tmp_path):
    bad = 'tag burn "Burn" {\n  source authored\n  text "caf'.encode() + b"\xe9" + b'"\n}\n'
    user = 'use "rules.mh"\n\ntoken fire "Fire" {\n  source authored\n  text "t"\n  placed-on character\n' \
           '  immune [burn]\n}\n'
    root = content(tmp_path, {"rules.mh": bad, "user.mh": user})
    diag = only(compile_root(root), "E107")
    assert (diag.span.file, diag.span.line, diag.span.col) == ("rules.mh", 3, 12)
    assert "0xe9" in diag.message


def test_nul_byte(tmp_path):
    root = content(tmp_path, {"bin.mh": 'tag t "T" {\n  source \x00authored\n}\n'})
    diag = only(compile_root(root), "E101")
    assert (diag.span.line, diag.span.col) == (2, 10)
    assert "NUL" in diag.message


@pytest.mark.parametrize("char", ["À", "Σ", "Ǆ"])
def test_capital_letter_outside_ascii(tmp_path, char):
    # found by the fuzz test: the "write it in lower case" hint expected ASCII
    root = content(tmp_path, {"x.mh": f'tag t "T" {{\n  source {char}uthored\n}}\n'})
    diag = only(compile_root(root), "E101")
    assert (diag.span.line, diag.span.col) == (2, 10)
    assert diag.message == f"unexpected character '{char}'"


def test_capital_letter_gets_a_lower_case_hint(tmp_path):
    root = content(tmp_path, {"x.mh": 'tag t "T" {\n  source authored\n}\ntag StaffMeeting "S" {\n}\n'})
    diag = only(compile_root(root), "E101")
    assert diag.hint == "names are lower-case with dashes: write 'staff-meeting'"


@pytest.mark.parametrize("text", ["", "\ufeff", "\n\n\n", "# only a comment\n", "# one\n  # two\n\n# three"])
def test_empty_and_comment_only_files_are_clean(tmp_path, text):
    root = content(tmp_path, {"empty.mh": text})
    result = compile_root(root)
    assert result.ok and codes(result) == []
    assert result.ir is not None and result.ir["files"] == ["empty.mh"]


def test_crlf_file_is_clean(tmp_path):
    root = content(tmp_path, {"crlf.mh": 'tag t "T" {\r\n  source authored\r\n}\r\n'})
    assert compile_root(root).ok


def test_unicode_line_separator_does_not_shift_the_shown_line(tmp_path):
    from mayhem import report
    root = content(tmp_path, {"x.mh": '# a\u2028comment\ftoo\ntag t "T" {\n  source @\n}\n'})
    result = compile_root(root)
    diag = only(result, "E101")
    assert diag.span.line == 3
    text = report.text(result.diagnostics.sorted(), result.sources, None)
    assert " 3 |   source @\n" in text


def test_die_faces_that_are_not_numbers(tmp_path):
    # found by the fuzz test: the checks (and the runtime) read a face as int(face)
    box = (FIXTURES / "errors" / "E204" / "box.mh").read_text(encoding="utf-8")
    box = box.replace('["1", "2", "3", "4", "5", "6"]', '["1", "two", "3", "4", "5", "6*"]')
    box = box.replace('["1", "1*", "2", "2", "3", "3*"]', "[]")
    root = content(tmp_path, {"box.mh": box})
    result = driver.build([root])
    assert codes(result) == ["E204", "E204"]
    empty, word = result.diagnostics.sorted()
    assert empty.message == "'mayhem-die-faces' lists no face" and empty.span.line == 8
    assert word.message == "a die face is a number, with '*' for the Mayhem icon, not \"two\""
    assert (word.span.line, word.span.col) == (9, 30)


# ---- many errors in one file ----------------------------------------------------

def test_every_broken_declaration_is_reported_where_it_is(tmp_path):
    pieces = [
        ('tag a "A" {\n  source @\n}\n', "E101", 2, 10),
        ('tag b "B" {\n  source authored }\n}\n', "E102", 3, 1),
        (KEYWORD.format(body="    if mayhem-icon {\n    }\n    else {\n    }"), "E115", 7, 5),
        (KEYWORD.format(body="    damage(self, 1"), "E112", 6, 3),
        (KEYWORD.format(body="may {" * 70 + "}" * 70), "E105", 5, 63 * 5),
        (KEYWORD.format(body="    if mayhem-die = 3 {\n    }"), "E110", 5, 19),
    ]
    text = ""
    expected = []
    for piece, code, line, col in pieces:
        offset = text.count("\n")
        text += piece + "\n"
        expected.append((code, offset + line, col))
    root = content(tmp_path, {"many.mh": text})
    result = compile_root(root)
    got = [(d.code, d.span.line, d.span.col) for d in result.diagnostics.sorted()]
    assert got == expected
    e112 = next(d for d in result.diagnostics.items if d.code == "E112")
    assert [(r.span.line, r.span.col) for r in e112.related] == [(expected[3][1] - 1, 11)]


def test_thousands_of_broken_declarations(tmp_path):
    # Each top-level piece is re-parsed on its own; this once took quadratic time
    # and memory (every piece carried a blanked copy of the whole file before it).
    n = 5000
    root = content(tmp_path, {"many.mh": 'tag t "T" {\n  source @\n}\n' * n})
    result = compile_root(root)
    assert len(result.diagnostics.items) == n
    assert [d.span.line for d in result.diagnostics.items] == [2 + 3 * k for k in range(n)]


# ---- the content root and cycles -------------------------------------------------

TAG = 'tag {id} "T" {{\n  source authored\n}}\n'


@pytest.mark.parametrize("path", ["../x.mh", "./../x.mh", "sub/../../x.mh", "/etc/x.mh"])
def test_use_that_leaves_the_root(tmp_path, path):
    (tmp_path / "x.mh").write_text(TAG.format(id="x"))
    root = content(tmp_path, {"a.mh": f'use "{path}"\n\n' + TAG.format(id="a")})
    diag = only(compile_root(root), "E304")
    assert (diag.span.file, diag.span.line, diag.span.col) == ("a.mh", 1, 1)
    assert "outside the content root" in diag.message


def test_symlink_that_leaves_the_root(tmp_path):
    (tmp_path / "outside.mh").write_text(TAG.format(id="outside"))
    root = content(tmp_path, {"a.mh": 'use "link.mh"\n\n' + TAG.format(id="a")})
    os.symlink(tmp_path / "outside.mh", root / "link.mh")
    result = compile_root(root)
    assert codes(result) == ["E304", "E304"]
    found, used = result.diagnostics.items
    assert found.span is None and found.message.startswith(f"'{root / 'link.mh'}' is outside the content root")
    assert (used.span.file, used.span.line) == ("a.mh", 1)
    assert result.ir is None


def test_symlinked_folder_loop_terminates(tmp_path):
    root = content(tmp_path, {"sub/a.mh": TAG.format(id="a")})
    os.symlink(root, root / "sub" / "loop")
    result = compile_root(root)
    assert result.ok
    assert result.ir["files"] == ["sub/a.mh"]


def test_import_cycle(tmp_path):
    root = content(tmp_path, {
        "a.mh": 'use "b.mh"\n\n' + TAG.format(id="a"),
        "b.mh": 'use "c.mh"\n\n' + TAG.format(id="b"),
        "c.mh": 'use "a.mh"\n\n' + TAG.format(id="c"),
    })
    diag = only(compile_root(root), "E303")
    assert diag.message == "import cycle: a.mh -> b.mh -> c.mh -> a.mh"
    assert (diag.span.file, diag.span.line) == ("a.mh", 1)


def test_file_that_uses_itself(tmp_path):
    root = content(tmp_path, {"a.mh": 'use "a.mh"\n\n' + TAG.format(id="a")})
    diag = only(compile_root(root), "E303")
    assert diag.message == "import cycle: a.mh -> a.mh"


def test_cli_never_prints_a_traceback(tmp_path, monkeypatch):
    root = content(tmp_path, {
        "deep.mh": KEYWORD.format(body="may {" * DEEP + "}" * DEEP),
        "bad.mh": b"\xff\xfe\x00garbage",
    })
    monkeypatch.chdir(root)
    for fmt in ("text", "json", "sarif"):
        result = CliRunner().invoke(main, ["check", ".", "--format", fmt])
        assert result.exit_code == 1, result.output
        assert isinstance(result.exception, SystemExit)
        assert "Traceback" not in result.output
        for code in ("E105", "E107"):
            assert code in result.output
