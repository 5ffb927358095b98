"""The runtime plays the vocabulary the compiler knows and the events the shared game declares,
and names no content and no Mayhem concept: runtime/, the rules kernel (runtime/kernel/)
included, knows no game."""
from pathlib import Path
import re

from mayhem.compiler import builtins as B
from mayhem.compiler.builtins_kernel import KERNEL_EVENTS
from mayhem.compiler.mayhem_events import shipped
from mayhem.compiler.ir_ops import ir_statements
from mayhem.runtime.kernel import primitives as kernel_words

RUNTIME = Path(__file__).resolve().parent.parent / "runtime"
NAMED_KINDS = ("character", "mayhem-card", "go-card", "location", "token", "npc", "keyword")


def runtime_source() -> str:
    # every module of runtime/, the rules kernel's (runtime/kernel/) included
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(RUNTIME.rglob("*.py")))


def action_verbs(ir) -> set[str]:
    """The verbs of the legal-action grammar: runtime/actions.py's and those the shared game
    declares as its actions."""
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


# Words of the Mayhem vocabulary (compiler/builtins.py) that the kernel does not play, and that no
# content of the repository uses (test_the_unplayed_words_are_used_by_no_content holds that).
UNPLAYED_PRIMITIVES = {"expire"}
UNPLAYED_FUNCTIONS = {"life", "same-location"}


def played(table: dict) -> set[str]:
    """The words of a table of compiler/builtins.py as the kernel plays them: a shorthand word
    (`gain-vp`) as the word it stands for (compiler/shorthand.py)."""
    return {w.stands_for.word if w.stands_for is not None else name for name, w in table.items()}


def test_every_word_of_the_vocabulary_is_played_by_the_kernel():
    """Every primitive and function the compiler accepts in a Mayhem box is one of the kernel's
    words (runtime/kernel/primitives.py: its own and the shared vocabulary's), but the few listed
    above; and `attack` is played as the kernel's `assault`."""
    primitives, functions = played(B.PRIMITIVES), played(B.FUNCTIONS)
    assert "assault" in primitives and "attack" in B.PRIMITIVES
    assert primitives - set(kernel_words.PRIMITIVES) <= UNPLAYED_PRIMITIVES, primitives - set(kernel_words.PRIMITIVES)
    assert functions - set(kernel_words.FUNCTIONS) <= UNPLAYED_FUNCTIONS, functions - set(kernel_words.FUNCTIONS)
    assert UNPLAYED_PRIMITIVES <= set(B.PRIMITIVES) and UNPLAYED_FUNCTIONS <= set(B.FUNCTIONS)


def test_the_unplayed_words_are_used_by_no_content(ir):
    """No content of the repository uses a word the kernel does not play (the IR walked whole:
    statements, conditions, values)."""
    used_primitives, used_functions = set(), set()

    def walk(node):
        if isinstance(node, dict):
            if node.get("op") == "primitive":
                used_primitives.add(node["name"])
            if node.get("e") == "fn":
                used_functions.add(node["name"])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)
    walk(ir["components"])
    assert "attack" in used_primitives and "dice-total" in used_functions  # (the walk finds words)
    assert used_primitives & UNPLAYED_PRIMITIVES == set() and used_functions & UNPLAYED_FUNCTIONS == set()


def announced(ir) -> set[str]:
    """The events the content's statements announce (`announce-together("recovery", ...)`)."""
    return {s["args"]["event"]["v"] for s in ir_statements(ir["components"])
            if s["op"] == "primitive" and s["name"] == "announce-together"}


def raised_on_the_kernel(ir) -> set[str]:
    """The events a game of the kernel raises: its structure events (KERNEL_EVENTS), those the
    shared game names for the kernel's moments by a `*-event` property (`ko-event ko`), and those
    the content announces."""
    game = next(c for c in ir["components"] if c["kind"] == "game" and not c["box"])
    named = {v["value"] for k, v in game["props"].items() if k.endswith("-event")}
    return set(KERNEL_EVENTS) & set(shipped()[0]) | named | announced(ir)


def test_every_event_is_raised_by_the_kernel_or_announced_by_the_content(ir):
    declared = set(shipped()[0])  # the events `game mayhem` declares (content/shared/game.mh)
    raised = raised_on_the_kernel(ir)
    assert raised == declared, f"declared but never raised: {declared - raised}; raised but not declared: {raised - declared}"
    # each `*-event` property the shared game names is one the kernel reads
    game = next(c for c in ir["components"] if c["kind"] == "game" and not c["box"])
    kernel = "\n".join(p.read_text(encoding="utf-8") for p in sorted((RUNTIME / "kernel").glob("*.py")))
    properties = [k for k in game["props"] if k.endswith("-event")]
    assert len(properties) >= 9 and [k for k in properties if f'"{k}"' not in kernel] == []


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
    assert sum(m.startswith("kernel/") for m in named) == len(list((RUNTIME / "kernel").glob("*.py"))) > 50
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
    assert concepts_named((RUNTIME / "kernel" / "board.py").read_text(encoding="utf-8") + "\n# Recovery\n") == {"Recovery"}
