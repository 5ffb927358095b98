"""All content compiles, validates against the IR schema, and gives the same bytes twice."""
from mayhem.compiler import driver, ir as ir_mod

from conftest import CONTENT


def test_content_is_clean(compiled):
    assert compiled.ok
    assert not compiled.diagnostics.items


def test_ir_validates_against_schema(ir):
    ir_mod.validate(ir)
    assert ir["ir_version"] == ir_mod.IR_VERSION


def test_compiling_twice_gives_the_same_bytes(ir):
    again = driver.compile_paths([CONTENT])
    assert ir_mod.dumps(again.ir) == ir_mod.dumps(ir)


def test_every_ir_node_carries_a_span(ir):
    missing = []

    def walk(node, path):
        if isinstance(node, dict):
            if ("op" in node or "qid" in node) and not node.get("span"):
                missing.append(path)
            for k, v in node.items():
                walk(v, f"{path}/{k}")
        elif isinstance(node, list):
            for i, v in enumerate(node):
                walk(v, f"{path}/{i}")

    walk(ir["components"], "")
    assert missing == []
