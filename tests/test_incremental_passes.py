"""The tables compiler/incremental_passes.py patches between checks instead of building again."""
from __future__ import annotations

from hypothesis import given, settings, strategies as st

from mayhem.compiler.incremental_tables import Sorted


@settings(deadline=None)  # a shared, loaded machine: no timed examples
@given(st.lists(st.tuples(st.booleans(), st.integers(0, 30), st.integers()), max_size=60),
       st.dictionaries(st.integers(0, 30), st.integers(), max_size=20))
def test_the_graphs_tables_list_their_values_in_key_order_after_any_changes(ops, start):
    # the values are the IR's dicts: each one is in the table once (the table knows a value's key by it)
    start = {k: {"value": v} for k, v in start.items()}
    table, plain = Sorted(start.items()), dict(start)
    before = table.in_order()
    for put, key, value in ops:
        if put:
            value = {"value": value}
            table[key] = value
            plain[key] = value
        else:
            assert table.pop(key, "none") == plain.pop(key, "none")
        assert table.in_order() == [plain[k] for k in sorted(plain)]
        assert len(table) == len(plain) and all(k in table and table[k] == v for k, v in plain.items())
    assert before == [start[k] for k in sorted(start)]  # a list given out earlier is not changed
