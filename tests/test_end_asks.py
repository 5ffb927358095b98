"""The compiler refuses an `end when` body that may ask a player (E412, compiler/asking.py), by
the rules kernel's own tables (compiler/builtins_kernel.py): every primitive whose statement the
kernel judges able to ask (runtime/kernel/asking.py `asks`) is one the compiler counts as asking,
and the compiler counts no other but those that raise an event of the game (KERNEL_RAISING)."""
from mayhem.compiler import builtins as B
from mayhem.compiler.asking import ASKING_PRIMITIVES, _played
from mayhem.compiler.builtins_kernel import KERNEL_ASKING, KERNEL_PRIMITIVES, KERNEL_RAISING
from mayhem.runtime.kernel.asking import asks


def _kernel_asks(word: str) -> bool:
    """Whether the kernel judges a statement of this primitive (its arguments none) able to ask."""
    return asks([{"op": "primitive", "name": word, "args": {}}], {})


def test_the_kernels_asking_primitives_are_the_compilers():
    words = set(B.PRIMITIVES) | set(KERNEL_PRIMITIVES) | KERNEL_ASKING
    kernel = {w for w in words if _kernel_asks(w)}
    compiler = {w for w in words if _played(w) in ASKING_PRIMITIVES}
    raising = {w for w in words if _played(w) in KERNEL_RAISING}
    assert len(kernel) > 15 and raising >= {"attack", "damage", "roll-mayhem-die"}, (kernel, raising)
    assert kernel <= compiler, sorted(kernel - compiler)
    assert compiler - kernel == raising - kernel, sorted((compiler - kernel) ^ (raising - kernel))
    # the content's `attack` is a shorthand for the kernel's `assault`: the compiler sees the word written
    assert B.PRIMITIVES["attack"].stands_for.word == "assault" and "attack" in compiler


def test_the_kernels_raising_primitives_are_its_own_and_name_its_event_properties():
    from mayhem.dsl.schema import KINDS
    properties = {p.name for p in KINDS["game"].props}
    assert set(KERNEL_RAISING) <= set(KERNEL_PRIMITIVES) | set(B.PRIMITIVES)
    assert all(set(props) <= properties for props in KERNEL_RAISING.values())


def test_the_events_e404_asks_of_a_shared_game_are_the_kernels_moments():
    """E404 (compiler/mayhem_events.py `check_emits`): a shared game that declares its events names
    one for each property of KERNEL_RAISING; those are every `*-event` property of a game
    (dsl/kernel_kinds.py) but the two moments no primitive raises, and the kernel reads each."""
    from pathlib import Path
    from mayhem.dsl.schema import KINDS
    named = {p.name for p in KINDS["game"].props if p.name.endswith("-event")}
    raised = set().union(*KERNEL_RAISING.values())
    assert raised == named - {"update-event", "activate-event"}, sorted(raised ^ (named - {"update-event", "activate-event"}))
    source = "".join(f.read_text(encoding="utf-8")
                     for f in (Path(__file__).resolve().parent.parent / "runtime" / "kernel").glob("*.py"))
    assert all(f'"{prop}"' in source for prop in named), [p for p in named if f'"{p}"' not in source]
