"""A call traced opcode by opcode: the Python opcodes and Python-level calls each function runs.

Unlike the clock, the counts are the same on any machine and under any load (C work inside a
call is not counted: callgrind counts that); a traced call runs about 30 times slower. Used by
`bench/kernel.py --opcodes` and `bench/profile_runtime.py --opcodes`.
"""
from __future__ import annotations

from collections import Counter
import sys


def traced(fn, *args):
    """fn(*args) under sys.settrace: (its result, opcodes per code object, calls per code object)."""
    ops, calls = Counter(), Counter()

    def tracer(frame, event, arg):
        if event == "opcode":
            ops[frame.f_code] += 1
        elif event == "call":
            calls[frame.f_code] += 1
            frame.f_trace_opcodes = True
        return tracer

    sys.settrace(tracer)
    try:
        out = fn(*args)
    finally:
        sys.settrace(None)
    return out, ops, calls
