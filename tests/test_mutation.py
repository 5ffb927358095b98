"""What keeps the mutation score of bench/mutation.py honest: the code it has to measure is
code mutmut can mutate."""
from __future__ import annotations

import ast
import inspect

import pytest

from mayhem.compiler.checks import CHECKS, register


def _definition(fn) -> ast.FunctionDef:
    module = inspect.getmodule(fn)
    tree = ast.parse(inspect.getsource(module))
    return next(node for node in tree.body
                if isinstance(node, ast.FunctionDef) and node.name == fn.__name__)


@pytest.mark.parametrize("code", sorted(CHECKS))
def test_every_check_body_is_a_plain_function_mutmut_mutates(code):
    # mutmut 3 leaves decorated functions alone, so a check registered by a decorator has a
    # body no mutant ever touches and the score would not count it.
    fn = CHECKS[code].run
    node = _definition(fn)
    # under mutmut itself, the mutated copy wraps each mutated function in its trampoline
    decorators = [d for d in node.decorator_list if not (isinstance(d, ast.Call) and
                                                          getattr(d.func, "id", "") == "_mutmut_mutated")]
    assert decorators == [], f"{code}: {fn.__module__}.{fn.__name__} is decorated"


def test_a_code_registered_twice_is_an_error_not_a_silent_replacement():
    code = sorted(CHECKS)[0]
    before = CHECKS[code]
    with pytest.raises(ValueError, match=f"check {code} is registered twice"):
        register(lambda col, emit: None, code, "again", "error", "test", "doc")
    assert CHECKS[code] is before


def test_every_check_module_registers_checks():
    modules = {inspect.getmodule(c.run).__name__.rsplit(".", 1)[1] for c in CHECKS.values()}
    assert modules >= {"board", "crossbox", "effect_graph", "ffa", "manifest", "names", "vocabulary",
                       "text", "timing", "conditions", "placement"}


def test_register_keeps_every_field_of_a_new_check_and_run_checks_runs_it():
    def finds_one(col, emit):
        emit("the collection has a box", qid=None, hint="a hint of its own")

    register(finds_one, "C998", "always-finds", "note", "test family", "the doc", "an example", "a fix")
    try:
        chk = CHECKS["C998"]
        assert (chk.code, chk.name, chk.severity, chk.family, chk.doc, chk.example, chk.fix, chk.run) == (
            "C998", "always-finds", "note", "test family", "the doc", "an example", "a fix", finds_one)
        from mayhem.compiler.checks import run_checks
        shown, silenced = run_checks({"components": []}, only={"C998"})
        assert [(d.code, d.severity, d.message, d.hint) for d in shown] == [
            ("C998", "note", "the collection has a box", "a hint of its own")]
        assert silenced == []
    finally:
        del CHECKS["C998"]
