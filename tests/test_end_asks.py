"""The compiler refuses an `end when` body that may ask a player (E412, compiler/asking.py):
the Mayhem engine checks it at any moment and cannot stop there with a question."""
import ast
from pathlib import Path

from mayhem.compiler import builtins as B
from mayhem.compiler.asking import ASKING_PRIMITIVES

RUNTIME = Path(__file__).resolve().parent.parent / "runtime"


def _evaluates_arguments(node: ast.YieldFrom) -> bool:
    """`yield from self.args(...)` / `self.ev(...)`: an argument's value (a selector that asks is
    the compiler's to see in the expression)."""
    call = node.value
    return isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr in ("args", "ev")


def test_the_asking_primitives_are_those_whose_play_can_yield():
    found = set()
    for path in sorted(RUNTIME.glob("*.py")):
        for fn in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(fn, ast.FunctionDef) and fn.name.startswith("p_"):
                if any(isinstance(n, ast.YieldFrom) and not _evaluates_arguments(n) for n in ast.walk(fn)):
                    found.add(fn.name[2:].replace("_", "-"))
    # the content's `attack` is a shorthand for the kernel's `assault`, which the engine plays
    # (`p_assault`): the compiler sees the word written
    assert B.PRIMITIVES["attack"].stands_for.word == "assault" and "assault" in found
    assert found - {"assault"} | {"attack"} == set(ASKING_PRIMITIVES)

