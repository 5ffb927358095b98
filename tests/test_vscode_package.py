"""The VS Code extension packaged by scripts/build-vscode.sh (@vscode/vsce): a .vsix (a zip)
named and versioned after the toolchain, holding the manifest, the grammar, the language
configuration, the client and its runtime dependencies, and none of the development files."""
from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import zipfile
from pathlib import Path

import pytest

from mayhem import __version__

REPO = Path(__file__).resolve().parent.parent
EXT = REPO / "editors" / "vscode"


@pytest.fixture(scope="module")
def vsix(tmp_path_factory):
    spec = importlib.util.spec_from_file_location("vscode_node_env", EXT / "scripts" / "node_env.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.ensure_node_modules()
    out = tmp_path_factory.mktemp("vsix")
    # --skip-install: the fixture above ran `npm ci` when node_modules was not the lock's
    run = subprocess.run([str(REPO / "scripts" / "build-vscode.sh"), "--skip-install", "--out", str(out)],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    path = out / f"mayhem-{__version__}.vsix"
    assert path.exists(), run.stdout
    assert f"built {path}" in run.stdout
    return path


def test_vsix_holds_grammar_configuration_and_client(vsix):
    with zipfile.ZipFile(vsix) as z:
        names = set(z.namelist())
        for name in ("extension.vsixmanifest", "extension/package.json", "extension/readme.md",
                     "extension/language-configuration.json", "extension/syntaxes/mayhem.tmLanguage.json",
                     "extension/snippets/mayhem.json",
                     "extension/dist/extension.js"):
            assert name in names, name
        # the files packaged are the committed ones
        for name in ("syntaxes/mayhem.tmLanguage.json", "language-configuration.json", "snippets/mayhem.json"):
            assert z.read(f"extension/{name}") == (EXT / name).read_bytes(), name
        bundle = z.read("extension/dist/extension.js").decode("utf-8")
        manifest = json.loads(z.read("extension/package.json"))
        vsixmanifest = z.read("extension.vsixmanifest").decode("utf-8")
    # the client and vscode-languageclient in one file, `vscode` left to the editor
    assert "mayhem.restartServer" in bundle and "textDocument/publishDiagnostics" in bundle
    assert 'require("vscode")' in bundle
    assert manifest["main"] == "./dist/extension.js"
    assert manifest["version"] == __version__
    assert f'Version="{__version__}"' in vsixmanifest
    assert manifest["contributes"]["languages"][0]["extensions"] == [".mh"]


def test_vsix_leaves_out_development_files(vsix):
    with zipfile.ZipFile(vsix) as z:
        names = z.namelist()
    for prefix in ("extension/test/", "extension/scripts/", "extension/src/", "extension/node_modules/"):
        assert not [n for n in names if n.startswith(prefix)], prefix
    assert not [n for n in names if n.endswith(".vsix")]


def test_build_script_rejects_an_unknown_argument():
    run = subprocess.run([str(REPO / "scripts" / "build-vscode.sh"), "--frobnicate"], capture_output=True, text=True)
    assert run.returncode == 2
    assert "unknown argument '--frobnicate'" in run.stderr


def test_the_packaged_extension_activates_with_its_bundled_dependencies(vsix, tmp_path):
    """The unpacked .vsix alone (its bundle, nothing of the checkout's node_modules) starts a server."""
    with zipfile.ZipFile(vsix) as z:
        z.extractall(tmp_path / "unpacked")
    unpacked = tmp_path / "unpacked" / "extension"
    harness = EXT / "test" / "integration" / "client-harness.js"
    run = subprocess.run(["node", str(harness), "start", str(tmp_path / "server.log")], cwd=tmp_path,
                         capture_output=True, text=True, timeout=120,
                         env={**os.environ, "MAYHEM_EXTENSION_DIR": str(unpacked), "NODE_PATH": ""})
    assert run.returncode == 0, run.stdout + run.stderr
    result = json.loads(run.stdout)
    assert result["statusAfterStart"] == "Mayhem: ready" and not result["errors"]
