"""The runtime knows the primitives and the round procedure, and no content by name."""
from pathlib import Path
import re

from mayhem.compiler import builtins as B
from mayhem.runtime.engine import Engine
from mayhem.runtime import effects as effects_module

RUNTIME = Path(__file__).resolve().parent.parent / "runtime"
NAMED_KINDS = ("character", "mayhem-card", "go-card", "location", "token", "npc", "keyword")


def runtime_source() -> str:
    # the Mayhem engine and the rules kernel (runtime/kernel/) alike
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(RUNTIME.rglob("*.py")))


def action_verbs() -> set[str]:
    """The verbs of the legal-action grammar (runtime/decisions.py)."""
    from mayhem.runtime import decisions
    return {line.split()[0] for line in decisions.__doc__.splitlines()
            if line.startswith("    ") and line.split()}


def content_names(ir) -> set[str]:
    names = set()

    def walk(comp):
        if comp["kind"] in NAMED_KINDS or comp["kind"] in ("ability", "special-ability"):
            if comp["name"]:
                names.add(comp["name"])
            names.add(comp["id"])
        for child in comp["children"]:
            walk(child)

    for comp in ir["components"]:
        walk(comp)
    # rules words the runtime itself owns: a primitive, an event, a context name or a
    # selector kind may share its spelling with a keyword (MOVE, the free Move)
    owned = set(B.PRIMITIVES) | set(B.EVENTS) | set(B.CONTEXT_NAMES) | set(B.SELECTOR_KINDS) | action_verbs()
    return {n for n in names if n.lower() not in owned and len(n) > 2}


def test_runtime_names_no_component_of_the_content(ir):
    source = runtime_source().lower()
    leaks = sorted(n for n in content_names(ir)
                   if re.search(r"(?<![a-z0-9-])" + re.escape(n.lower()) + r"(?![a-z0-9-])", source))
    assert leaks == [], f"runtime/ names content: {leaks}"


def test_the_check_catches_a_leak(ir, tmp_path):
    # the test above would fail if a character's name appeared in the runtime
    some_character = next(c for c in ir["components"] if c["kind"] == "character")
    source = (runtime_source() + f"\n# {some_character['name']}\n").lower()
    name = some_character["name"].lower()
    assert re.search(r"(?<![a-z0-9-])" + re.escape(name) + r"(?![a-z0-9-])", source)
    assert some_character["name"] in content_names(ir)


def test_every_primitive_is_implemented_and_nothing_else():
    implemented = {name[2:].replace("_", "-") for name in dir(Engine) if name.startswith("p_")}
    assert implemented == set(B.PRIMITIVES)


def test_every_function_and_context_name_is_evaluated():
    source = Path(effects_module.__file__).read_text(encoding="utf-8")
    for name in list(B.FUNCTIONS) + list(B.CONTEXT_NAMES):
        assert f'name == "{name}"' in source, f"the interpreter does not evaluate '{name}'"
    for kind in B.SELECTOR_KINDS:
        assert f'"{kind}"' in source, f"the interpreter cannot select '{kind}'"


def test_every_event_is_emitted_by_the_runtime():
    source = runtime_source()
    emitted = set(re.findall(r'emit\("([a-z-]+)"', source))
    assert emitted == set(B.EVENTS), f"declared but never emitted: {set(B.EVENTS) - emitted}; " \
                                     f"emitted but not declared: {emitted - set(B.EVENTS)}"
