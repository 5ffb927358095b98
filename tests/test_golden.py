"""Golden files for the compiler: DSL in, IR out, one runner for every case.

Each folder under tests/fixtures/compile/<case>/ is a content root (`mayhem.toml`
and .mh files) with `expected.json`, the IR as `mayhem.compiler.ir.dumps` writes
it. Run with MAYHEM_UPDATE_GOLDEN=1 to rewrite the expected files after a
deliberate change of the IR; review the diff before committing it.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from mayhem.compiler import driver, ir as ir_mod

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "compile"
UPDATE = os.environ.get("MAYHEM_UPDATE_GOLDEN") == "1"
CASES = sorted(p.name for p in FIXTURES.iterdir() if p.is_dir())


def compile_case(case: str) -> dict:
    result = driver.compile_paths([FIXTURES / case])
    problems = [f"{d.span}: {d.code} {d.message}" for d in result.diagnostics.items]
    assert result.ok and not problems, "\n".join(problems)
    assert result.ir is not None
    return result.ir


@pytest.fixture(scope="module")
def irs():
    return {case: compile_case(case) for case in CASES}


@pytest.mark.parametrize("case", CASES)
def test_golden(case):
    doc = compile_case(case)
    text = ir_mod.dumps(doc)
    expected = FIXTURES / case / "expected.json"
    if UPDATE:
        expected.write_text(text, encoding="utf-8")
    ir_mod.validate(json.loads(expected.read_text(encoding="utf-8")))
    assert text == expected.read_text(encoding="utf-8")


def test_there_are_cases():
    assert len(CASES) >= 4


# ---- a few facts the golden files hold, stated so that a careless regeneration
# of the expected files cannot quietly lose them ------------------------------

def _component(doc: dict, qid: str) -> dict:
    def walk(items):
        for c in items:
            if c["qid"] == qid:
                return c
            found = walk(c["children"])
            if found:
                return found
        return None
    found = walk(doc["components"])
    assert found is not None, qid
    return found


def _ops(body: list) -> list[str]:
    return [s["op"] for s in body]


def test_keyword_defaults_are_filled_in_at_each_call(irs):
    combo = _component(irs["keyword-params"], "rules:keyword:combo")
    first, second, third, _ = combo["effects"]["effect"]["body"]
    assert first["op"] == "keyword" and first["name"] == "strike"
    assert first["args"]["x"]["v"] == 2
    assert first["args"]["reach"] == {"e": "ctx", "name": "here", "span": first["args"]["reach"]["span"]}
    assert first["args"]["extra"]["e"] == "bin"  # the default `mayhem-die - 1`
    assert second["args"]["reach"]["name"] == "adjacent" and second["args"]["extra"]["v"] == 0
    assert third["args"] == {"x": third["args"]["x"]} and third["args"]["x"]["v"] == 1


def test_selectors_keep_quantifier_place_and_filter(irs):
    sweep = _component(irs["selectors"], "rules:keyword:sweep")
    body = sweep["effects"]["effect"]["body"]
    every = body[0]["args"]["target"]
    assert (every["e"], every["quant"], every["kind"], every["in"]["name"]) == ("select", "all", "opponent", "here")
    up_to = body[2]["args"]["figure"]
    assert up_to["quant"] == "up-to" and up_to["count"]["v"] == 2 and up_to["where"]["e"] == "and"


def test_every_statement_kind_is_serialized(irs):
    gambit = _component(irs["statements"], "rules:keyword:gambit")
    ops = _ops(gambit["effects"]["effect"]["body"])
    for op in ("may", "choose", "if", "let", "for-each", "as", "repeat", "until"):
        assert op in ops
    chained = next(s for s in gambit["effects"]["effect"]["body"] if s["op"] == "if")
    assert chained["else"][0]["op"] == "if" and _ops(chained["else"][0]["else"]) == ["primitive"]


def test_triggers_carry_event_and_condition(irs):
    doc = irs["triggers"]
    spike = _component(doc, "rules:token:spike")
    assert [t["event"] for t in spike["triggers"]] == ["damage", "round-end"]
    assert spike["triggers"][0]["when"]["e"] == "and"
    pit = _component(doc, "demo/lava-pit")
    assert pit["triggers"][0]["event"] == "enter"
    listens = {(e["source"], e["target"]) for e in doc["graph"]["edges"] if e["type"] == "listens"}
    assert ("event:attack", "demo/parry#on.0") in listens


def test_property_provenance_overrides_and_inheritance(irs):
    doc = irs["provenance"]
    hero = _component(doc, "demo/hero")
    assert hero["source"] == {"kind": "authored"}
    assert hero["props"]["named"]["value"] == {"kind": "rulebook", "section": "Components"}
    punch = _component(doc, "demo/hero/punch")
    assert punch["source"]["section"] == "Basic Concepts > Character Dashboard"
    assert punch["props"]["slot"]["source"] == {"kind": "authored"}
    assert punch["props"]["text"]["source"] == punch["source"]
    assert _component(doc, "demo/hero/dodge")["source"] == {"kind": "authored"}  # inherited
    box = _component(doc, "demo")
    assert box["props"]["win-vp"]["source"] == {"kind": "rulebook", "section": "Winning the Game"}
    assert box["props"]["mayhem-die-faces"]["source"] == {"kind": "authored"}


def test_double_sided_character_has_two_sides(irs):
    twins = _component(irs["double-sided"], "demo/twins")
    sides = [c for c in twins["children"] if c["kind"] == "side"]
    assert [s["id"] for s in sides] == ["a", "b"]
    assert sides[0]["source"] == twins["source"] and sides[1]["source"] == {"kind": "authored"}
    assert sides[0]["props"]["life"]["value"] == 9 and sides[1]["props"]["life"]["value"] == 12
    assert [c["id"] for c in sides[1]["children"]] == ["rally", "shove"]
