"""The runtime knows the primitives and the round procedure, and no content by name."""
from pathlib import Path
import re

from mayhem.compiler import builtins as B
from mayhem.compiler.mayhem_events import shipped
from mayhem.compiler.ir_ops import ir_statements
from mayhem.runtime.engine import Engine
from mayhem.runtime import expressions as expressions_module

RUNTIME = Path(__file__).resolve().parent.parent / "runtime"
NAMED_KINDS = ("character", "mayhem-card", "go-card", "location", "token", "npc", "keyword")


def runtime_source() -> str:
    # the Mayhem engine and the rules kernel (runtime/kernel/) alike
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(RUNTIME.rglob("*.py")))


def action_verbs(ir) -> set[str]:
    """The verbs of the legal-action grammar: the engine's own (runtime/actions.py) and those the
    shared game declares as its actions."""
    from mayhem.runtime.actions import FORMS
    game = next(c for c in ir["components"] if c["kind"] == "game" and not c["box"])
    return set(FORMS) | {c["id"] for c in game["children"] if c["kind"] == "action"}


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
    owned = set(B.PRIMITIVES) | set(shipped()[0]) | set(B.CONTEXT_NAMES) | set(B.SELECTOR_KINDS) | action_verbs(ir)
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
    from mayhem.compiler.builtins_kernel import KERNEL_PRIMITIVES
    implemented = {name[2:].replace("_", "-") for name in dir(Engine) if name.startswith("p_")}
    # and the kernel's words the shared rules use: the round's (context `rules`: `roll`, `lead`)
    # and the turn actions' (context `turn`: `end-turn()`, `play-card`)
    kernel = {name for name, p in KERNEL_PRIMITIVES.items() if {"rules", "turn"} & set(p.contexts or ())}
    # a shorthand word (`gain-vp`) is played as the word it stands for (compiler/shorthand.py):
    # `attack` as the kernel's `assault`
    own = {name for name, p in B.PRIMITIVES.items() if p.stands_for is None}
    stood_for = {p.stands_for.word for p in B.PRIMITIVES.values() if p.stands_for is not None}
    assert kernel and "assault" in stood_for and implemented == own | kernel | stood_for


def test_every_function_and_context_name_is_evaluated():
    source = Path(expressions_module.__file__).read_text(encoding="utf-8")
    for name, word in list(B.FUNCTIONS.items()) + list(B.CONTEXT_NAMES.items()):
        if word.stands_for is not None:  # evaluated as the function it stands for (compiler/shorthand.py)
            assert f'name == "{word.stands_for.word}"' in source, f"'{name}' stands for no evaluated function"
            continue
        assert f'name == "{name}"' in source, f"the interpreter does not evaluate '{name}'"
    for kind in B.SELECTOR_KINDS:
        assert f'"{kind}"' in source, f"the interpreter cannot select '{kind}'"


def announced(ir) -> set[str]:
    """The events the content's statements announce (`announce-together("recovery", ...)`)."""
    return {s["args"]["event"]["v"] for s in ir_statements(ir["components"])
            if s["op"] == "primitive" and s["name"] == "announce-together"}


def test_every_event_is_emitted_by_the_runtime_or_announced_by_the_content(ir):
    source = runtime_source()
    emitted = set(re.findall(r'emit\("([a-z-]+)"', source)) | announced(ir)
    declared = set(shipped()[0])  # the events `game mayhem` declares (content/shared/game.mh)
    assert emitted == declared, f"declared but never emitted: {declared - emitted}; " \
                                f"emitted but not declared: {emitted - declared}"


# ---- no Mayhem concept is named in runtime/ (issue 11) --------------------------------------
#
# The runtime is a kernel that knows no game (docs/architecture.md): the Mayhem round's concepts
# are content in content/shared/ (game.mh, modes.mh), read through the general words of the
# declarations, and the cards' own words for them (`mayhem-die`, `complete-mission`) are
# shorthands the compiler's vocabulary lowers to general ones (compiler/shorthand.py). Every
# module of runtime/, the rules kernel's included, names none of these concepts: not in code,
# not in a comment.
CONCEPTS = {
    "Initiative": r"initiative",
    "Recovery": r"recovery",
    "Mission": r"mission",
    "Victory Point": r"victory[-_ ]?points?|(?<![a-z])vp(?![a-z])",
    "black/white": r"(?<![a-z])(black|white)(?![a-z])",
    "GO!": r"(?<![a-z])go(!|[-_ ](cards?|deck))",
    "Mayhem die": r"mayhem[-_ ]?(die|value|icon)|roll_mayhem",
}


def concepts_named(source: str) -> set[str]:
    low = source.lower()
    return {name for name, rx in CONCEPTS.items() if re.search(rx, low)}


def test_no_module_names_a_mayhem_concept():
    named = {str(path.relative_to(RUNTIME)): sorted(concepts_named(path.read_text(encoding="utf-8")))
             for path in sorted(RUNTIME.rglob("*.py"))}
    assert len(named) > 30  # every module of runtime/ and runtime/kernel/ was read
    leaks = {module: found for module, found in named.items() if found}
    assert leaks == {}, f"runtime/ must name no Mayhem concept (they belong in content/): {leaks}"


def test_the_concept_check_catches_a_new_mention():
    assert concepts_named("def roll(self):\n    return self.rng.randint(1, 6)\n") == set()
    assert concepts_named("team.vp += 1") == {"Victory Point"}
    assert concepts_named("# the Initiative holder draws a GO! card") == {"Initiative", "GO!"}
    assert concepts_named("colours = ['black', 'white']") == {"black/white"}
    assert concepts_named("st.mayhem_value < 2") == {"Mayhem die"}
    assert concepts_named("blackboard, whitespace, vpn, ago") == set()
    assert concepts_named("new_owner = owner if self.rules.token_flag(tok, 'mission')") == {"Mission"}
    assert concepts_named("def p_roll_mayhem_die(self):") == {"Mayhem die"}
    # any module of runtime/ fails as soon as it names one
    assert concepts_named((RUNTIME / "board.py").read_text(encoding="utf-8") + "\n# Recovery\n") == {"Recovery"}
