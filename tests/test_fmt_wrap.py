"""How `mayhem fmt` wraps a line longer than 100 columns: at the outermost `and`/`or`
first (every operator of that chain, each line ending with it), then inside brackets at
the next level; a guard's continuation lines are indented two levels deeper than the
line they continue, a bracket's continuation lines start under its first token. Long
comma lists fill their lines. The wrapped text means the same, parses, and formats to
itself."""
from __future__ import annotations

from hypothesis import given, settings, strategies as st

from mayhem.dsl.diagnostics import Diagnostics
from mayhem.dsl.format import WIDTH, format_text
from mayhem.dsl.parser import parse_source
from mayhem.dsl.spans import SourceFile

from conftest import FIXTURES
from test_fmt_properties import meaning

RIDGE = FIXTURES / "kernel" / "ridge" / "ridge.mh"


def parsed(text: str):
    tree = parse_source(SourceFile("x.mh", text), Diagnostics())
    assert tree is not None, text
    return tree


def test_ridge_climb_guard_breaks_at_its_outermost_and():
    out = format_text(RIDGE.read_text(encoding="utf-8"))
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip().startswith("effect when free-slots(to)"))
    assert lines[start] == "    effect when free-slots(to) > 0 and"
    assert lines[start + 1] == \
        "        (die-value(die) >= 4 or distance(to, summit) >= distance(first(figures-of(me)), summit)) {"
    assert lines[start + 2] == "      place-die(die, on: to)"
    assert max(len(line) for line in lines if not line.lstrip().startswith(("text ", "#"))) <= WIDTH
    assert meaning(parsed(out)) == meaning(parsed(RIDGE.read_text(encoding="utf-8")))
    assert format_text(out) == out


def guard(expr: str, depth: int = 0) -> str:
    """`expr` as a slot's guard, or (depth > 0) as the condition of an `if` in `depth` blocks."""
    if depth == 0:
        return f'keyword k "K" {{\n  source authored\n  effect when {expr} {{\n    move\n  }}\n}}\n'
    opens = "".join(f"{'  ' * (d + 2)}repeat 2 {{\n" for d in range(depth - 1))
    closes = "".join(f"{'  ' * (d + 2)}}}\n" for d in reversed(range(depth - 1)))
    pad = "  " * (depth + 1)
    return (f'keyword k "K" {{\n  source authored\n  effect {{\n{opens}{pad}if {expr} {{\n{pad}  move\n'
            f'{pad}}}\n{closes}  }}\n}}\n')


def test_or_breaks_before_and():
    """`a or b and c`: the `or` is the outermost operator; its `and` side breaks only if it
    still does not fit."""
    long = "count(all opponent in here) > 0"
    out = format_text(guard(f"{long} and {long} or {long} and {long}"))
    assert out.splitlines()[2:5] == [
        f"  effect when {long} and {long} or",
        f"      {long} and {long} {{",
        "    move",
    ]


def test_inside_a_bracket_the_chain_lines_up_under_its_first_token():
    inner = " or ".join(f"has(here, token{i})" for i in range(6))
    out = format_text(guard(f"x == 1 and ({inner})"))
    lines = out.splitlines()
    assert lines[2] == "  effect when x == 1 and"
    assert lines[3].startswith("      (has(here, token0) or")
    assert all(line.startswith("       has(here, token") for line in lines[4:8])


def test_a_line_that_fits_is_not_wrapped():
    text = guard("a and (b or c)")
    assert format_text(text) == text


def test_a_line_may_end_with_and_or_or():
    """What fmt writes parses: a newline after `and`/`or` continues the expression."""
    tree = parsed(guard("a and\n      (b or\n       c)"))
    assert meaning(tree) == meaning(parsed(guard("a and (b or c)")))


NAMES = st.from_regex(r"[a-z][a-z0-9]{0,14}(-[a-z0-9]{1,8}){0,2}", fullmatch=True).filter(
    lambda n: n not in {"and", "or", "not", "is", "in", "where", "one", "all", "up-to", "if", "else", "may",
                        "repeat", "let", "for", "each", "as", "until", "on", "choose"})
atoms = st.one_of(
    NAMES,
    st.builds(lambda f, a: f"{f}({', '.join(a)})", NAMES, st.lists(NAMES, min_size=1, max_size=4)),
    st.builds(lambda a, op, b: f"{a} {op} {b}", NAMES, st.sampled_from(["==", ">=", "<"]), NAMES),
)
exprs = st.recursive(atoms, lambda sub: st.one_of(
    st.builds(lambda items, op: f" {op} ".join(items), st.lists(sub, min_size=2, max_size=4), st.sampled_from(["and", "or"])),
    sub.map(lambda e: f"({e})"),
    sub.map(lambda e: f"not ({e})"),
), max_leaves=14)


@settings(max_examples=200, deadline=None)
@given(e=exprs, depth=st.integers(0, 3))
def test_wrapped_guards_keep_their_meaning_fit_and_are_idempotent(e, depth):
    text = guard(e, depth)
    out = format_text(text)
    assert meaning(parsed(out)) == meaning(parsed(text))
    assert format_text(out) == out
    assert all(len(line) <= WIDTH for line in out.splitlines()), out
