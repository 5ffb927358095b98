"""The runtime knows the primitives and the round procedure, and no content by name."""
from pathlib import Path
import re

from mayhem.compiler import builtins as B
from mayhem.compiler import builtins_kernel as K
from mayhem.runtime.engine import Engine
from mayhem.runtime import expressions as expressions_module

RUNTIME = Path(__file__).resolve().parent.parent / "runtime"
NAMED_KINDS = ("character", "mayhem-card", "go-card", "location", "token", "npc", "keyword")


def runtime_source() -> str:
    # the Mayhem engine and the rules kernel (runtime/kernel/) alike
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(RUNTIME.rglob("*.py")))


def action_verbs() -> set[str]:
    """The verbs of the legal-action grammar (runtime/actions.py)."""
    from mayhem.runtime.actions import VERBS
    return set(VERBS)


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
    from mayhem.compiler.builtins_kernel import KERNEL_PRIMITIVES
    implemented = {name[2:].replace("_", "-") for name in dir(Engine) if name.startswith("p_")}
    # and the kernel's words the shared rules use: the round's (context `rules`: `roll`, `lead`)
    # and the turn actions' (context `turn`: `end-turn()`, `play-card`)
    kernel = {name for name, p in KERNEL_PRIMITIVES.items() if {"rules", "turn"} & set(p.contexts or ())}
    # a shorthand word (`gain-vp`) is played as the word it stands for (compiler/shorthand.py)
    own = {name for name, p in B.PRIMITIVES.items() if p.stands_for is None}
    assert kernel and implemented == own | kernel


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
    found = set()

    def walk(node):
        if isinstance(node, dict):
            if node.get("op") == "primitive" and node.get("name") == "announce-together":
                found.add(node["args"]["event"]["v"])
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    walk(ir["components"])
    return found


def test_every_event_is_emitted_by_the_runtime_or_announced_by_the_content(ir):
    source = runtime_source()
    emitted = set(re.findall(r'emit\("([a-z-]+)"', source)) | announced(ir)
    assert emitted == set(B.EVENTS), f"declared but never emitted: {set(B.EVENTS) - emitted}; " \
                                     f"emitted but not declared: {emitted - set(B.EVENTS)}"


# ---- the Mayhem concepts still named in runtime/: the migration's to-do list -----------------
#
# The runtime is to become a kernel that knows no game (issue 11, docs/architecture.md): the
# Mayhem round's concepts move into content/shared/ as DSL. Until then, each module may name
# only the concepts listed for it here. The list only shrinks: a module that names a concept
# not listed fails (new code cannot add one), and a listed concept a module no longer names
# fails too, so that the list is struck off as the work is done. runtime/kernel/ is held to
# an empty list by its own tests.
CONCEPTS = {
    "Initiative": r"initiative",
    "Recovery": r"recovery",
    "Mission": r"mission",
    "Victory Point": r"victory[-_ ]?points?|(?<![a-z])vp(?![a-z])",
    "black/white": r"(?<![a-z])(black|white)(?![a-z])",
    "GO!": r"(?<![a-z])go(!|[-_ ](cards?|deck))",
    "Mayhem die": r"mayhem[-_ ]?(die|value|icon)|roll_mayhem",
}
STILL_NAMED = {
    "__init__.py": [],
    "actions.py": [],
    "board.py": [],
    "bots.py": [],
    "cards.py": [],
    "cards_in_play.py": [],
    "compiled.py": [],
    "compiled_expressions.py": [],
    "counters.py": [],
    "decisions.py": [],
    "declared_actions.py": [],
    "dice.py": [],
    "effects.py": [],
    "engine.py": [],
    "events.py": [],
    "expressions.py": ["Mayhem die"],
    "figures.py": [],
    "game.py": [],
    "invariants.py": [],
    "modes.py": [],
    "pieces.py": ["Mission"],
    "placement.py": [],
    "primitives.py": ["Mission", "Mayhem die"],
    "replay.py": [],
    "round.py": [],
    "rules.py": [],
    "scenario.py": [],
    "scenario_keys.py": [],
    "scenario_problems.py": [],
    "scenario_schema.py": [],
    "scenario_setup.py": [],
    "scenario_toml.py": [],
    "setup.py": [],
    "setup_words.py": [],
    "simulate.py": [],
    "state.py": [],
    "statuses.py": [],
    "turn.py": [],
    "turn_words.py": [],
}


def concepts_named(source: str) -> set[str]:
    low = source.lower()
    return {name for name, rx in CONCEPTS.items() if re.search(rx, low)}


def test_no_module_names_a_mayhem_concept_it_is_not_allowed_to():
    modules = {p.name: p for p in sorted(RUNTIME.glob("*.py"))}
    unlisted = sorted(set(modules) - set(STILL_NAMED))
    assert unlisted == [], f"new runtime modules must name no Mayhem concept; list them with []: {unlisted}"
    added, done = {}, {}
    for name, path in modules.items():
        found = concepts_named(path.read_text(encoding="utf-8"))
        if found - set(STILL_NAMED[name]):
            added[name] = sorted(found - set(STILL_NAMED[name]))
        if set(STILL_NAMED[name]) - found:
            done[name] = sorted(set(STILL_NAMED[name]) - found)
    assert added == {}, f"runtime/ must not name more Mayhem concepts (they belong in content/): {added}"
    assert done == {}, f"no longer named, strike them off STILL_NAMED: {done}"


def test_the_concept_check_catches_a_new_mention():
    assert concepts_named("def roll(self):\n    return self.rng.randint(1, 6)\n") == set()
    assert concepts_named("team.vp += 1") == {"Victory Point"}
    assert concepts_named("# the Initiative holder draws a GO! card") == {"Initiative", "GO!"}
    assert concepts_named("colours = ['black', 'white']") == {"black/white"}
    assert concepts_named("st.mayhem_value < 2") == {"Mayhem die"}
    assert concepts_named("blackboard, whitespace, vpn, ago") == set()
    # a module on the list with [] fails as soon as it names one
    assert concepts_named((RUNTIME / "board.py").read_text(encoding="utf-8") + "\n# Recovery\n") == {"Recovery"}
