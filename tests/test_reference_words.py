"""The words of the language's reference (each primitive's and function's doc and its
parameters' docs: a parameter's is the hint of a type error, compiler/typecheck.py, and the
site prints them, site/render.py) name no runtime that is gone: the Mayhem engine was deleted
(docs/kernel.md, "The engine deleted"), and the rules kernel plays every box. `place`'s `life`
and `remove`'s `of` said "Read by the Mayhem engine only." while the kernel read both
(runtime/kernel/pieces.py)."""
from __future__ import annotations

import re

from mayhem.compiler import builtins as B
from mayhem.compiler import builtins_kernel as K

TABLES = (B.PRIMITIVES, B.FUNCTIONS, K.KERNEL_PRIMITIVES, K.KERNEL_FUNCTIONS)


def texts():
    for table in TABLES:
        for word in table.values():
            yield word.name, word.doc
            for param in word.params:
                yield f"{word.name}({param.name})", param.doc


def test_no_reference_text_names_the_deleted_engine():
    said = [(name, doc) for name, doc in texts() if doc and re.search(r"\bengine\b", doc, re.I)]
    assert said == []

