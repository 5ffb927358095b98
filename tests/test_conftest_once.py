"""tests/conftest.py `once`: a folder that the xdist workers of a run share, made only once;
`once_value`: a value made once, each caller reading its own copy; the collection's order."""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from conftest import FIRST, once, once_value, pytest_collection_modifyitems, pytest_configure


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


def item(name: str, engine_only: bool = False) -> SimpleNamespace:
    """A collected test as the hook reads it: its path and its marker `engine_only`, if any."""
    return SimpleNamespace(path=Path("tests") / name,
                           get_closest_marker=lambda marker: marker if engine_only and marker == "engine_only" else None)


def test_the_longest_modules_come_first_and_the_rest_keep_their_order(monkeypatch):
    for runtime in ("engine", "kernel"):  # the same order under either setting
        monkeypatch.setenv("MAYHEM_RUNTIME", runtime)
        items = [item(name) for name in ("test_a.py", "test_a.py", FIRST[0], FIRST[0], "test_b.py", "test_c.py")]
        pytest_collection_modifyitems(None, items)
        assert [i.path.name for i in items] == [FIRST[0], FIRST[0], "test_a.py", "test_a.py", "test_b.py",
                                                "test_c.py"], runtime


def test_under_the_kernel_the_engine_only_tests_are_deselected_and_said_so(monkeypatch):
    """The setting's plugin (conftest.py's EngineOnly, registered by pytest_configure when the
    kernel plays) leaves the `engine_only` tests out and says so; under the engine none is
    registered and every test stays."""
    said, plugins = [], []
    config = SimpleNamespace(hook=SimpleNamespace(pytest_deselected=lambda items: said.extend(items)),
                             pluginmanager=SimpleNamespace(register=lambda plugin, name: plugins.append(plugin)))
    for runtime, kept in (("engine", ["test_a.py", "test_b.py", "test_c.py"]), ("kernel", ["test_a.py", "test_c.py"])):
        monkeypatch.setenv("MAYHEM_RUNTIME", runtime)
        said.clear()
        plugins.clear()
        pytest_configure(config)
        items = [item("test_a.py"), item("test_b.py", engine_only=True), item("test_c.py")]
        pytest_collection_modifyitems(config, items)
        for plugin in plugins:
            plugin.pytest_collection_modifyitems(config, items)
        assert [i.path.name for i in items] == kept, runtime
        assert [i.path.name for i in said] == sorted(set(["test_a.py", "test_b.py", "test_c.py"]) - set(kept)), runtime
