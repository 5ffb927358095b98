"""A call printed from the IR keeps its argument names: `value(vp, of: it)`, never
`value(vp, it)` (the IR binds every argument to its parameter, so the name the writer gave
must come back when it is printed). compiler/render_text.call_args decides, site/effects.py
prints, reading the source where the site has it."""
from __future__ import annotations

import html
from types import SimpleNamespace

from markupsafe import Markup

from mayhem.compiler.render_text import call_args
from mayhem.site.effects import Phrases


def printed(e: dict, sources: dict | None = None) -> str:
    model = SimpleNamespace(by_qid={}, sources=sources or {})
    return html.unescape(str(Phrases(model, lambda qid, label: Markup(label)).expr(e)))


def at(line: int, col: int, end: int) -> str:
    return f"f.mh:{line}:{col}-{line}:{end}"


VP = {"e": "counter", "name": "vp", "span": at(1, 7, 9)}
IT = {"e": "it", "name": "it", "span": at(1, 15, 17)}
VALUE = {"e": "fn", "name": "value", "args": {"counter": VP, "of": IT}, "span": at(1, 1, 18)}


def test_a_named_argument_prints_with_its_name():
    assert printed(VALUE) == "value(vp, of: it)"
    # the same, read from the source the site holds
    assert printed(VALUE, {"f.mh": "value(vp, of: it)"}) == "value(vp, of: it)"


def test_an_argument_given_by_position_prints_without_a_name_when_the_source_says_so():
    # `roll` is a primitive; a function with two positional arguments: `restricted(self, "x")`
    self_ = {"e": "ctx", "name": "self", "span": at(1, 12, 16)}
    what = {"e": "str", "v": "no-ability", "span": at(1, 18, 30)}
    call = {"e": "fn", "name": "restricted", "args": {"figure": self_, "what": what}, "span": at(1, 1, 31)}
    assert printed(call, {"f.mh": 'restricted(self, "no-ability")'}) == 'restricted(self, “no-ability”)'
    # with no source, the second is named: it reads the same to the compiler
    assert printed(call) == 'restricted(self, what: “no-ability”)'


def test_a_default_the_compiler_filled_in_is_not_printed():
    filled = {"e": "fn", "name": "tokens-on", "span": at(1, 1, 15),
              "args": {"where": {"e": "ctx", "name": "self", "span": at(1, 11, 15)}, "of": None}}
    assert printed(filled) == "tokens-on(self)"
    assert [n for n, _ in call_args(["die", "count"], {"die": VP, "count": {"e": "num", "v": 1, "span": None}})] == [None]


def test_arguments_named_out_of_order_stay_named():
    # `value(of: it, counter: vp)`: no argument after a named one may lose its name
    swapped = {"e": "fn", "name": "value", "args": {"of": IT, "counter": VP}, "span": at(1, 1, 30)}
    assert printed(swapped) == "value(of: it, counter: vp)"
    src = {"f.mh": "value(of: it, counter: vp)"}
    assert printed({**swapped, "args": {"of": {**IT, "span": at(1, 11, 13)},
                                        "counter": {**VP, "span": at(1, 24, 26)}}}, src) == "value(of: it, counter: vp)"


def test_a_primitive_prints_its_arguments_as_written():
    phrases = Phrases(SimpleNamespace(by_qid={}, sources={"f.mh": "gain(vp, 1, on: opposing-team)"}),
                      lambda qid, label: Markup(label))
    stmt = {"op": "primitive", "name": "gain", "args": {
        "counter": {"e": "counter", "name": "vp", "span": at(1, 6, 8)},
        "amount": {"e": "num", "v": 1, "span": at(1, 10, 11)},
        "on": {"e": "ctx", "name": "opposing-team", "span": at(1, 17, 30)}}}
    assert html.unescape(str(phrases.stmt(stmt))) == "<code>gain</code>(vp, 1, on: opposing-team)"


def test_every_call_of_the_content_prints_as_its_source_writes_it():
    """Each function call in the compiled content (game.mh's `value(vp, of: it)`, a card's
    `count(trap, on: here, of: owner)`), printed by the site, is its source text: the same
    arguments, named where the writer named them (components by their id, quotes and spaces aside)."""
    import re
    from pathlib import Path

    from mayhem.compiler import driver
    from mayhem.site.model import SiteModel, parse_span

    from conftest import CONTENT

    comp = driver.compile_paths([Path(CONTENT)])
    sources = {n: sf.text for n, sf in comp.sources.items()}
    phrases = Phrases(SiteModel(comp.ir, sources), lambda qid, label: Markup(re.split(r"[:/]", qid)[-1]))
    calls = []

    def walk(x):
        if isinstance(x, dict):
            if x.get("e") == "fn" and x.get("span"):
                calls.append(x)
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    walk(comp.ir["components"])
    assert len(calls) > 100 and any(c["name"] == "value" and "of" in c["args"] for c in calls)

    def norm(t: str) -> str:
        return re.sub(r"\s+", "", t.replace("\u201c", '"').replace("\u201d", '"').replace("\u2212", "-"))

    differ = []
    for call in calls:
        file, (l1, c1), (l2, c2) = parse_span(call["span"])
        lines = sources[file].split("\n")
        written = lines[l1 - 1][c1 - 1:c2 - 1] if l1 == l2 else \
            "\n".join([lines[l1 - 1][c1 - 1:], *lines[l1:l2 - 1], lines[l2 - 1][:c2 - 1]])
        shown = html.unescape(re.sub(r"<[^>]+>", "", str(phrases.expr(call))))
        if norm(written) != norm(shown):
            differ.append((call["span"], written, shown))
    assert not differ, differ[:5]
