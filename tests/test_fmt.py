"""`mayhem fmt`: the canonical layout keeps the meaning (same IR), every comment, and is
idempotent; the command rewrites atomically, checks, diffs and refuses broken files."""
from __future__ import annotations

import dataclasses
import os
import re
import shutil
from pathlib import Path

import pytest

from mayhem.compiler import driver
from mayhem.dsl import ast
from mayhem.dsl.diagnostics import Diagnostics
from mayhem.dsl.format import format_text, parse_with_comments
from mayhem.dsl.parser import parse_source
from mayhem.dsl.spans import SourceFile

from cli_helpers import invoke
from conftest import CONTENT, FIXTURES

SPAN_TEXT = re.compile(r"^[\w./-]+\.mh:\d+:\d+")


def without_spans(x):
    """An IR document with every position taken out: the layout moves lines, not meaning."""
    if isinstance(x, dict):
        return {k: without_spans(v) for k, v in x.items() if k != "span"}
    if isinstance(x, list):
        return [without_spans(v) for v in x]
    if isinstance(x, str) and SPAN_TEXT.match(x):
        return "<span>"
    return x


def findings(comp) -> list[tuple]:
    """What a compile found, without positions (the messages may name a line)."""
    return sorted((d.code, d.severity, d.span.file if d.span else None, re.sub(r"\d+:\d+", "", d.message))
                  for d in comp.diagnostics.items)


def parsed_text(path: Path) -> str | None:
    """The text of a file that parses; None for the fixtures that are broken on purpose."""
    try:
        text = path.read_bytes().decode("utf-8")
    except UnicodeDecodeError:
        return None
    return text if parse_source(SourceFile(path.name, text), Diagnostics()) is not None else None


def formatted_copy(src: Path, dst: Path) -> int:
    """Copy a tree, formatting every .mh file that parses; the number of files changed."""
    shutil.copytree(src, dst)
    changed = 0
    for p in sorted(dst.rglob("*.mh")):
        text = parsed_text(p)
        if text is None:
            continue
        out = format_text(text)
        assert format_text(out) == out, f"{p}: formatting twice changes it"
        changed += out != text
        p.write_text(out, encoding="utf-8")
    return changed


def comments_of(text: str) -> list[str]:
    return sorted(str(c).rstrip() for c in parse_with_comments(text)[1])


# ---- meaning ---------------------------------------------------------------------

def untidy(text: str) -> str:
    """The same content laid out badly: indented by four, runs of spaces between words and
    at the ends of lines, `text` before `source` where one follows the other."""
    lines = []
    for line in text.split("\n"):
        body = line.lstrip(" ")
        if not body.startswith("#") and '"' not in body:
            body = body.replace(" ", "   ")
        lines.append(" " * (2 * (len(line) - len(body))) + body + ("  " if body else ""))
    out = "\n".join(lines)
    return re.sub(r"\n( +)(source [^\n]*)\n( +)(text [^\n]*)\n", r"\n\3\4\n\1\2\n", out)


def test_formatting_all_content_keeps_its_ir(tmp_path):
    formatted_copy(CONTENT, tmp_path / "content")
    shutil.copytree(CONTENT, tmp_path / "untidy")
    for p in (tmp_path / "untidy").rglob("*.mh"):
        p.write_text(untidy(p.read_text(encoding="utf-8")), encoding="utf-8")
    assert formatted_copy(tmp_path / "untidy", tmp_path / "retidied") > 20
    before = driver.build([CONTENT])
    assert before.ir is not None
    for copy in ("content", "untidy", "retidied"):
        after = driver.build([tmp_path / copy])
        assert after.ir is not None, copy
        assert without_spans(after.ir) == without_spans(before.ir), copy
        assert findings(after) == findings(before), copy
    for p in (tmp_path / "retidied").rglob("*.mh"):  # the layout does not depend on the one it is given
        assert p.read_text(encoding="utf-8") == (tmp_path / "content" / p.relative_to(tmp_path / "retidied")).read_text(
            encoding="utf-8"), p


def fixture_folders() -> list[Path]:
    return sorted({p.parent.relative_to(FIXTURES) for p in FIXTURES.rglob("*.mh")})


def test_formatting_the_test_fixtures_keeps_what_they_compile_to(tmp_path):
    """Every folder of .mh fixtures (good and bad) compiles to the same IR, with the same
    findings, before and after formatting."""
    copy = tmp_path / "fixtures"
    formatted_copy(FIXTURES, copy)
    folders = fixture_folders()
    assert len(folders) > 50
    for rel in folders:
        before = driver.build([FIXTURES / rel])
        after = driver.build([copy / rel])
        # a message may name a folder by its path (E702: "no content root at '...'"): the copy's differs
        moved = [(c, sev, f, m.replace(os.path.relpath(copy), os.path.relpath(FIXTURES)))
                 for c, sev, f, m in findings(after)]
        assert moved == findings(before), rel
        assert (before.ir is None) == (after.ir is None), rel
        if before.ir is not None:
            assert without_spans(after.ir) == without_spans(before.ir), rel


# every content file and every fixture that parses (fmt refuses the others: tested below)
PARSED = [p for p in sorted(CONTENT.rglob("*.mh")) + sorted(FIXTURES.rglob("*.mh")) if parsed_text(p) is not None]


@pytest.mark.parametrize("path", PARSED, ids=lambda p: p.relative_to(p.parents[2]).as_posix())
def test_every_comment_stays_and_twice_is_once(path):
    text = parsed_text(path)
    out = format_text(text)
    assert comments_of(out) == comments_of(text)
    assert format_text(out) == out


# ---- the layout ------------------------------------------------------------------

MESSY = '''in box b
use   "shared/core.mh"
# the hero
character  x "X"{
    life   10   # printed
  source authored


  ability a "A" { slot 3
    standard { if mayhem-die>=2 { damage( one opponent in here , 1 ) } else { move } }
  }
  mayhem-cards 2
}
tag t "T" { source authored }
'''

TIDY = '''in box b
use "shared/core.mh"

# the hero
character x "X" {
  source authored
  life 10  # printed
  mayhem-cards 2

  ability a "A" {
    slot 3
    standard {
      if mayhem-die >= 2 {
        damage(one opponent in here, 1)
      } else {
        move
      }
    }
  }
}

tag t "T" {
  source authored
}
'''


def test_the_canonical_layout():
    assert format_text(MESSY) == TIDY
    assert format_text(TIDY) == TIDY


def test_properties_follow_the_order_of_the_kind_in_the_schema():
    text = 'tag t "T" {\n  text "x"\n  silence "C1" "why"\n  source authored\n}\n'
    assert format_text(text) == 'tag t "T" {\n  source authored\n  text "x"\n  silence "C1" "why"\n}\n'


def test_a_kind_the_schema_does_not_know_puts_the_card_properties_first():
    """The kind is the first word of a declaration: the formatter has no list of kinds, and
    a kind without a schema entry (a card type that content declares) puts the properties
    every card has first (`named`, `source`, `text`, `copies`), then the card type's own in
    the author's order."""
    text = 'hero-card jab "Jab" {\n  attack 1\n  text "x"\n  defense 2\n  copies 3\n  source authored\n}\n'
    assert format_text(text) == ('hero-card jab "Jab" {\n  source authored\n  text "x"\n  copies 3\n'
                                 '  attack 1\n  defense 2\n}\n')


def test_long_calls_wrap_inside_their_brackets_and_still_mean_the_same():
    call = "damage(" + ", ".join(f"one opponent in here where count(all friend in it) == {k}" for k in range(3)) + ")"
    text = f'keyword k "K" {{\n  source authored\n  text "K"\n  effect {{\n    {call}\n  }}\n}}\n'
    out = format_text(text)
    assert all(len(line) <= 100 for line in out.splitlines())
    assert out.count("\n") > text.count("\n")
    assert format_text(out) == out
    strip = lambda t: re.sub(r"\s+", "", t)
    assert strip(out) == strip(text)


def test_a_comment_inside_a_joined_bracket_moves_above_its_line():
    text = 'tag t "T" {\n  source authored\n  authored-effects [a, # why\n    b]\n}\n'
    out = format_text(text)
    assert out == 'tag t "T" {\n  source authored\n  # why\n  authored-effects [a, b]\n}\n'
    assert format_text(out) == out


def test_long_text_strings_stay_whole():
    text = 'tag t "T" {\n  source authored\n  text "' + "word " * 40 + '"\n}\n'
    assert format_text(text) == text


# ---- the command -----------------------------------------------------------------

@pytest.fixture
def messy(tmp_path):
    (tmp_path / "mayhem.toml").write_text("")
    path = tmp_path / "x.mh"
    path.write_text(MESSY, encoding="utf-8")
    tidy = tmp_path / "tidy.mh"
    tidy.write_text(TIDY, encoding="utf-8")
    return path


def test_fmt_rewrites_files(messy):
    messy.chmod(0o640)
    result = invoke("fmt", messy.parent)
    assert result.exit_code == 0, result.output
    assert messy.read_text(encoding="utf-8") == TIDY
    assert messy.stat().st_mode & 0o777 == 0o640
    assert sorted(p.name for p in messy.parent.iterdir()) == ["mayhem.toml", "tidy.mh", "x.mh"]  # no temp files
    assert "1 file reformatted, 1 already formatted" in result.stderr


def test_fmt_check_lists_what_would_change_and_writes_nothing(messy):
    result = invoke("fmt", "--check", messy.parent)
    assert result.exit_code == 1
    assert f"would reformat {messy}" in result.stdout
    assert "tidy.mh" not in result.stdout
    assert messy.read_text(encoding="utf-8") == MESSY
    assert invoke("fmt", "--check", messy.parent / "tidy.mh").exit_code == 0


def test_fmt_diff_prints_a_unified_diff(messy):
    result = invoke("fmt", "--diff", messy)
    assert result.exit_code == 1
    assert result.stdout.startswith(f"--- {messy} (original)\n+++ {messy} (formatted)\n@@ ")
    assert "-use   \"shared/core.mh\"\n+use \"shared/core.mh\"\n" in result.stdout
    assert messy.read_text(encoding="utf-8") == MESSY


def test_fmt_refuses_a_file_that_does_not_parse(tmp_path):
    bad = tmp_path / "bad.mh"
    text = 'tag t "T" {\n  source   authored\n  text [a,\n'
    bad.write_text(text, encoding="utf-8")
    result = invoke("fmt", bad)
    assert result.exit_code == 1
    assert f"{bad}:3:" in result.stderr and "error[E1" in result.stderr and "hint:" in result.stderr
    assert "Traceback" not in result.output
    assert "1 left as it is" in result.stderr
    assert bad.read_text(encoding="utf-8") == text


def test_fmt_reads_standard_input():
    result = invoke("fmt", "-", input=MESSY)
    assert result.exit_code == 0
    assert result.stdout == TIDY
    assert invoke("fmt", "--check", "-", input=MESSY).exit_code == 1
    assert invoke("fmt", "--check", "-", input=TIDY).exit_code == 0


def test_operators_empty_blocks_and_else_if():
    text = ('keyword k "K" (reach=adjacent) {\n  effect {\n    let x = 3 - -1\n'
            '    if not (x>1 or x<2) { repeat -x+1 { heal( 1 ) } } else if x is not 2 { choose one { "B" {  } } }\n'
            '  }\n}\n')
    assert format_text(text) == (
        'keyword k "K" (reach = adjacent) {\n  effect {\n    let x = 3 - -1\n'
        '    if not (x > 1 or x < 2) {\n      repeat -x + 1 {\n        heal(1)\n      }\n'
        '    } else if x is not 2 {\n      choose one {\n        "B" {}\n      }\n    }\n  }\n}\n')


def test_windows_line_ends_and_a_file_of_comments():
    assert format_text('tag t "T" {\r\n  source authored # c\r\n}\r\n') == 'tag t "T" {\n  source authored  # c\n}\n'
    assert format_text("# a\n\n\n# b\n") == "# a\n\n# b\n"
    assert format_text("") == ""


def test_content_is_formatted():
    """CI's check: every file of content/ is in the canonical layout (`mayhem fmt content`
    formats them)."""
    result = invoke("fmt", "--check", CONTENT)
    assert result.exit_code == 0, result.stdout + result.stderr
    assert result.stdout == ""
    assert f"0 files would reformat, {len(list(CONTENT.rglob('*.mh')))} already formatted" in result.stderr


def test_kernel_lab_game_is_formatted():
    """The Ridge lab game (tests/fixtures/kernel/ridge/) stays in the canonical layout too: its
    climb guard, longer than a line, is wrapped at its outermost `and`."""
    ridge = FIXTURES / "kernel" / "ridge"
    result = invoke("fmt", "--check", ridge)
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "0 files would reformat, 1 already formatted" in result.stderr


@pytest.mark.parametrize("box", ["mini", "lab"])
def test_the_runtime_test_boxes_are_formatted(box):
    """The test boxes of tests/fixtures/runtime/ (the small Mayhem box `mini`, the Rules Lab) stay
    in the canonical layout too (`mayhem fmt tests/fixtures/runtime` formats them)."""
    result = invoke("fmt", "--check", FIXTURES / "runtime" / box)
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "0 files would reformat, 1 already formatted" in result.stderr
