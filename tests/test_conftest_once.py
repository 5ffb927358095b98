"""tests/conftest.py `once`: a folder that the xdist workers of a run share, made only once;
`once_value`: a value made once, each caller reading its own copy; the collection's order."""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from conftest import FIRST, once, once_value, pytest_collection_modifyitems


def test_a_folder_is_made_once_and_a_failed_maker_is_run_again(tmp_path_factory):
    made = []

    def make(folder):
        made.append(folder)
        folder.mkdir()
        (folder / "page.html").write_text("hello", encoding="utf-8")

    first = once(tmp_path_factory, "once-test", make)
    second = once(tmp_path_factory, "once-test", make)
    assert first == second and made == [first]
    assert (first / "page.html").read_text(encoding="utf-8") == "hello"

    def broken(folder):
        folder.mkdir()
        raise RuntimeError("half-way")

    with pytest.raises(RuntimeError):
        once(tmp_path_factory, "once-broken", broken)
    again = once(tmp_path_factory, "once-broken", make)  # the half-made folder is made again
    assert (again / "page.html").is_file() and len(made) == 2


def test_a_value_is_made_once_and_each_caller_reads_its_own_copy(tmp_path_factory):
    made = []

    def make():
        made.append(1)
        return {"games": [1, 2], "box": "teen-titans-go"}

    first = once_value(tmp_path_factory, "once-value-test", make)
    first["games"].append(3)  # a caller's copy is its own
    second = once_value(tmp_path_factory, "once-value-test", make)
    assert second == {"games": [1, 2], "box": "teen-titans-go"} and made == [1]


def item(name: str) -> SimpleNamespace:
    """A collected test as the hook reads it: its path."""
    return SimpleNamespace(path=Path("tests") / name)


def test_the_longest_modules_come_first_and_the_rest_keep_their_order():
    items = [item(name) for name in ("test_a.py", "test_a.py", FIRST[0], FIRST[0], "test_b.py", "test_c.py")]
    pytest_collection_modifyitems(None, items)
    assert [i.path.name for i in items] == [FIRST[0], FIRST[0], "test_a.py", "test_a.py", "test_b.py", "test_c.py"]
