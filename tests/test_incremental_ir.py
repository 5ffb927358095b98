"""The IR's validation (jsonschema-rs, for speed) against the reference `jsonschema`
library: the schema is a valid 2020-12 schema, and both validators accept the real IR
and reject the same broken documents at the same places."""
from __future__ import annotations

import copy

import jsonschema
import pytest

from mayhem.compiler import ir as ir_mod


def test_the_schema_is_a_valid_json_schema():
    cls = jsonschema.validators.validator_for(ir_mod.schema())
    assert cls is jsonschema.Draft202012Validator
    cls.check_schema(ir_mod.schema())


def reference_errors(doc) -> set[str]:
    v = jsonschema.Draft202012Validator(ir_mod.schema())
    return {"/" + "/".join(map(str, e.absolute_path)) for e in v.iter_errors(doc)}


def test_both_validators_accept_the_content_ir(ir):
    assert reference_errors(ir) == set()
    ir_mod.validate(ir)


BREAKS = [
    ("a component without its kind", lambda d: d["components"][0].pop("kind"), "/components/0"),
    ("a span that is a number", lambda d: d["components"][1].__setitem__("span", 7), "/components/1/span"),
    ("an unknown top-level key", lambda d: d.__setitem__("surprise", True), "/"),
]


@pytest.mark.parametrize("what,breaks,where", BREAKS, ids=[b[0] for b in BREAKS])
def test_both_validators_reject_a_broken_ir_at_the_same_place(ir, what, breaks, where):
    doc = copy.deepcopy(ir)
    breaks(doc)
    assert where in reference_errors(doc)
    with pytest.raises(ir_mod.IRError) as err:
        ir_mod.validate(doc)
    assert f"\n{where}: " in str(err.value)
