"""The compiler refuses an `end when` body that may ask a player (E412, compiler/asking.py): every
primitive of the Mayhem vocabulary (compiler/builtins.py) that the rules kernel counts as one that
can stop with a question (runtime/kernel/asking.py) is one the compiler counts as asking."""
from mayhem.compiler import builtins as B
from mayhem.compiler.asking import ASKING_PRIMITIVES
from mayhem.runtime.kernel.asking import ASKING_PRIMITIVES as KERNEL_ASKING


def test_the_kernels_asking_primitives_are_the_compilers():
    asking = KERNEL_ASKING & set(B.PRIMITIVES)
    assert len(asking) > 10, sorted(asking)
    assert asking <= ASKING_PRIMITIVES, sorted(asking - ASKING_PRIMITIVES)
    # the content's `attack` is a shorthand for the kernel's `assault`: the compiler sees the word written
    assert B.PRIMITIVES["attack"].stands_for.word == "assault" and "attack" in ASKING_PRIMITIVES
