"""The VS Code extension's client (editors/vscode/src): its logic under node's test runner, and
its manifest (package.json) in step with what the code and the language server use."""
from __future__ import annotations

import importlib.util
import json
import re
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
EXT = REPO / "editors" / "vscode"
MANIFEST = json.loads((EXT / "package.json").read_text(encoding="utf-8"))

pytestmark = pytest.mark.xdist_group("vscode")


@pytest.fixture(scope="module")
def node_modules():
    spec = importlib.util.spec_from_file_location("vscode_node_env", EXT / "scripts" / "node_env.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.ensure_node_modules()


def test_client_unit_tests_pass(node_modules):
    run = subprocess.run(["node", "--test", "test/unit/"], cwd=EXT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    assert re.search(r"^# fail 0$", run.stdout, re.M)
    passed = int(re.search(r"^# pass (\d+)$", run.stdout, re.M).group(1))
    assert passed >= 10


def test_a_failing_unit_test_fails_the_run(node_modules, tmp_path):
    bad = tmp_path / "bad.test.js"
    bad.write_text("const test = require('node:test'); const assert = require('node:assert');\n"
                   f"const {{ RestartPolicy }} = require({json.dumps(str(EXT / 'src' / 'restart-policy.js'))});\n"
                   "test('never restarts', () => assert.strictEqual(new RestartPolicy(0).shouldRestart(), true));\n",
                   encoding="utf-8")
    run = subprocess.run(["node", "--test", str(bad)], cwd=EXT, capture_output=True, text=True)
    assert run.returncode != 0
    assert "# fail 1" in run.stdout


def test_the_language_is_mayhem_with_mh_files():
    (lang,) = MANIFEST["contributes"]["languages"]
    assert lang["id"] == "mayhem" and lang["extensions"] == [".mh"]
    assert (EXT / lang["configuration"]).exists()
    (grammar,) = MANIFEST["contributes"]["grammars"]
    assert grammar["language"] == "mayhem" and grammar["scopeName"] == "source.mayhem"
    assert json.loads((EXT / grammar["path"]).read_text(encoding="utf-8"))["scopeName"] == "source.mayhem"
    assert "onLanguage:mayhem" in MANIFEST["activationEvents"]
    assert (EXT / MANIFEST["main"]).exists()


def test_every_setting_and_command_the_code_uses_is_declared():
    code = "\n".join(p.read_text(encoding="utf-8") for p in (EXT / "src").glob("*.js"))
    settings = set(MANIFEST["contributes"]["configuration"]["properties"])
    used = {"mayhem." + m for m in re.findall(r"c\.get\('([\w.]+)'", code)}
    assert used and used <= settings
    # the client's id `mayhem` makes vscode-languageclient read `mayhem.trace.server`
    assert "new LanguageClient('mayhem'" in code and "mayhem.trace.server" in settings
    commands = {c["command"] for c in MANIFEST["contributes"]["commands"]}
    assert set(re.findall(r"registerCommand\('([\w.]+)'", code)) == commands


def test_the_server_command_is_mayhem_lsp_by_default():
    props = MANIFEST["contributes"]["configuration"]["properties"]
    assert props["mayhem.server.path"]["default"] == "mayhem"
    assert props["mayhem.server.args"]["default"] == ["lsp"]


def test_language_configuration():
    conf = json.loads((EXT / "language-configuration.json").read_text(encoding="utf-8"))
    assert conf["comments"] == {"lineComment": "#"}
    assert ["{", "}"] in conf["brackets"]
    assert {"open": "{", "close": "}"} in conf["autoClosingPairs"]
    word = re.compile(conf["wordPattern"])
    for name in ("attack-target", "up-to", "roll-mayhem-die", "robin"):
        assert word.fullmatch(name), name
    assert word.match("melee-attack(").group(0) == "melee-attack"
