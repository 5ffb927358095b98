"""`mayhem lsp` as a command: without the `lsp` extra it says what to install, no traceback."""
from __future__ import annotations

import subprocess
import sys

WITHOUT_PYGLS = "import sys; sys.modules['pygls'] = None; from mayhem.cli import main; main(['lsp', '--stdio'])"


def test_without_the_lsp_extra_it_says_what_to_install():
    done = subprocess.run([sys.executable, "-c", WITHOUT_PYGLS], capture_output=True, text=True, timeout=120)
    assert done.returncode == 1
    assert "the language server needs pygls and lsprotocol (pygls is missing)" in done.stderr
    assert "pip install 'mayhem-toolchain[lsp]'" in done.stderr
    assert "Traceback" not in done.stderr


def test_it_serves_until_the_input_ends():
    done = subprocess.run([sys.executable, "-m", "mayhem.cli", "lsp"], input="", capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0 and "Traceback" not in done.stderr
