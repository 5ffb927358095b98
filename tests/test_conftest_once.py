"""tests/conftest.py `once`: a folder that the xdist workers of a run share, made only once."""
from __future__ import annotations

import pytest

from conftest import once


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
