"""The VS Code extension's client (editors/vscode/src): its logic under node's test runner, and
its manifest (package.json) in step with what the code and the language server use."""
from __future__ import annotations

import importlib.util
import json
import re
import sys
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
EXT = REPO / "editors" / "vscode"
MANIFEST = json.loads((EXT / "package.json").read_text(encoding="utf-8"))


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
    # the bundle of src/extension.js (npm run bundle, run by vsce before packaging)
    assert MANIFEST["main"] == "./dist/extension.js"
    bundle = MANIFEST["scripts"]["bundle"]
    assert "src/extension.js" in bundle and "--outfile=dist/extension.js" in bundle
    assert MANIFEST["scripts"]["vscode:prepublish"] == "npm run bundle"


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


# ---- the client activated under node: a stub `vscode`, a fake `mayhem lsp` -----------------

HARNESS = EXT / "test" / "integration" / "client-harness.js"
FAKE = EXT / "test" / "integration" / "fake-server.js"


def _activate(node_modules, scenario: str, log: Path, *extra: str) -> dict:
    run = subprocess.run(["node", str(HARNESS), scenario, str(log), *extra], cwd=EXT, capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    return json.loads(run.stdout)


def test_client_starts_the_configured_command_and_restarts_it(node_modules, tmp_path):
    r = _activate(node_modules, "start", tmp_path / "server.log")
    starts = [e for e in r["events"] if e["event"] == "start"]
    assert len(starts) == 2  # activation, then "Mayhem: Restart Language Server"
    assert starts[0]["pid"] != starts[1]["pid"]
    # the command line of the settings, as is (no `--stdio` added), with the settings' environment
    assert all(s["argv"] == ["lsp"] and s["env"] == "from-settings" for s in starts)
    assert [e["event"] for e in r["events"] if e["pid"] == starts[0]["pid"]] == \
        ["start", "initialize", "initialized", "shutdown", "exit"]
    assert r["statusAfterStart"] == r["statusAfterRestart"] == "Mayhem: ready"
    assert f"{FAKE} lsp" in r["output"]
    assert "fake mayhem lsp" in r["output"]  # the server's stderr reaches the output channel
    assert r["commands"] == ["mayhem.restartServer", "mayhem.showOutput"]
    assert not r["errors"]


def test_client_restarts_a_crashing_server_then_gives_up(node_modules, tmp_path):
    r = _activate(node_modules, "crash", tmp_path / "server.log")
    starts = [e for e in r["events"] if e["event"] == "start"]
    crashes = [e for e in r["events"] if e["event"] == "crash"]
    assert len(starts) == len(crashes) == 6  # the first start and 5 restarts
    assert r["output"].count("[mayhem] the language server stopped; restarting") == 5
    assert r["status"] == {"text": "Mayhem: crashed", "severity": 2}
    (message,) = r["errors"]
    assert "stopped 6 times in 3 minutes" in message and "Mayhem: Restart Language Server" in message


def test_client_reports_a_server_that_dies_while_starting_once(node_modules, tmp_path):
    """A `mayhem` without the `lsp` command (or without its extra) exits at once: no restart loop,
    one message quoting what it printed, with what to do."""
    r = _activate(node_modules, "early", tmp_path / "server.log")
    assert [e["event"] for e in r["events"]] == ["start"]  # started once, never again
    mine = [m for m in r["errors"] if "stopped while starting" in m]
    assert len(mine) == 1
    assert "Error: No such command 'lsp'" in mine[0] and "install a newer toolchain with its `lsp` extra" in mine[0]
    assert r["status"] == {"text": "Mayhem: not running", "severity": 2}
    assert "restarting" not in r["output"]


def test_client_says_which_setting_to_change_when_the_command_is_missing(node_modules, tmp_path):
    r = _activate(node_modules, "missing", tmp_path / "server.log")
    (message,) = r["errors"]
    assert "`/nonexistent/bin/mayhem` was not found" in message
    assert "mayhem.server.path" in message and "mayhem-toolchain[lsp]" in message
    assert r["status"] == {"text": "Mayhem: not running", "severity": 2}
    assert message in r["output"]


def test_client_without_server_only_highlights(node_modules, tmp_path):
    r = _activate(node_modules, "disabled", tmp_path / "server.log")
    assert r["status"]["text"] == "Mayhem: highlighting only"
    assert r["output"] == "" and not r["errors"]


def _real_server() -> Path:
    assert importlib.util.find_spec("pygls") is not None, "install the test extra: pip install -e '.[test]'"
    return Path(sys.executable).with_name("mayhem")


def test_client_starts_the_real_language_server(node_modules, tmp_path):
    r = _activate(node_modules, "real", tmp_path / "unused.log", str(_real_server()))
    assert r["statusAfterStart"] == "Mayhem: ready"
    assert not r["errors"]


def test_client_shows_the_real_servers_diagnostics_of_an_open_file(node_modules, tmp_path):
    """A .mh file open in the editor goes to `mayhem lsp` (a JavaScript file does not), and its errors
    come back (seen in the LSP trace, `mayhem.trace.server: verbose`)."""
    import shutil

    mayhem = _real_server()
    root = tmp_path / "content"
    shutil.copytree(REPO / "content", root)
    robin = root / "teen-titans-go" / "robin.mh"
    robin.write_text(robin.read_text(encoding="utf-8").replace("  life 12\n", "  lfe 12\n"), encoding="utf-8")
    r = _activate(node_modules, "diagnostics", tmp_path / "unused.log", str(mayhem), str(robin))
    trace = r["trace"]
    assert trace.count("Sending notification 'textDocument/didOpen'") == 1
    assert robin.as_uri() in trace and "client-harness.js" not in trace
    block = trace.split("Received notification 'textDocument/publishDiagnostics'.\nParams: ", 1)[1]
    params = json.loads(block.split("\n\n\n", 1)[0])
    assert params["uri"] == robin.as_uri()
    lfe = [d for d in params["diagnostics"] if d["code"] == "E202"]
    assert lfe and lfe[0]["range"]["start"] == {"line": 12, "character": 2}
    assert not r["errors"]


def test_language_configuration_patterns_are_javascript_regexps(node_modules):
    """VS Code compiles them as JavaScript regular expressions: node must accept each one."""
    script = ("const c = require('./language-configuration.json');"
              "const rx = [c.wordPattern, c.folding.markers.start, c.folding.markers.end,"
              " c.indentationRules.increaseIndentPattern, c.indentationRules.decreaseIndentPattern,"
              " ...c.onEnterRules.flatMap((r) => [r.beforeText, r.afterText])];"
              "rx.forEach((r) => new RegExp(r));"
              "const inc = new RegExp(c.indentationRules.increaseIndentPattern);"
              "if (!inc.test('character robin \"Robin\" {') || inc.test('  life 12') || inc.test('x { y }'))"
              " throw new Error('increaseIndentPattern');"
              "console.log(rx.length);")
    run = subprocess.run(["node", "-e", script], cwd=EXT, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert int(run.stdout) == 7


def test_an_untrusted_workspace_cannot_choose_what_runs():
    """A folder's own .vscode/settings.json must not run a program of its choosing: the settings that
    make the server's command line are restricted in untrusted workspaces."""
    restricted = set(MANIFEST["capabilities"]["untrustedWorkspaces"]["restrictedConfigurations"])
    props = MANIFEST["contributes"]["configuration"]["properties"]
    assert {k for k in props if k.startswith("mayhem.server.") and k != "mayhem.server.enabled"} == restricted


def test_problem_matcher_reads_mayhem_check(node_modules, tmp_path):
    """`$mayhem` (tasks running `mayhem check`) finds each diagnostic's file, place, severity, code and message."""
    import shutil

    root = tmp_path / "content"
    shutil.copytree(REPO / "content", root)
    robin = root / "teen-titans-go" / "robin.mh"
    robin.write_text(robin.read_text(encoding="utf-8").replace("  life 12\n", "  lfe 12\n"), encoding="utf-8")
    check = subprocess.run([str(Path(sys.executable).with_name("mayhem")), "check", "content"], cwd=tmp_path,
                           capture_output=True, text=True)
    assert check.returncode == 1
    report = check.stdout + check.stderr
    script = ("const m = require('./package.json').contributes.problemMatchers;"
              "const p = m.find((x) => x.name === 'mayhem').pattern;"
              "const w = m.find((x) => x.name === 'mayhem-watch').background;"
              "const text = require('fs').readFileSync(0, 'utf8').split('\\n');"
              "const found = text.map((l) => new RegExp(p.regexp).exec(l)).filter(Boolean)"
              ".map((x) => [x[p.file], +x[p.line], +x[p.column], x[p.severity], x[p.code], x[p.message]]);"
              "const ends = text.filter((l) => new RegExp(w.endsPattern).test(l));"
              "const begins = ['[12:01:02] robin.mh changed; checking again',"
              " 'watching content for changes (Ctrl-C to stop)']"
              ".map((l) => [new RegExp(w.beginsPattern).test(l), new RegExp(w.endsPattern).test(l)]);"
              "console.log(JSON.stringify({ found, ends, begins }));")
    run = subprocess.run(["node", "-e", script], cwd=EXT, input=report, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert ["content/teen-titans-go/robin.mh", 13, 3, "error", "E202", "unknown property 'lfe' in a character"] \
        in out["found"]
    assert all(f[0] == "content/teen-titans-go/robin.mh" for f in out["found"])
    assert len(out["found"]) == report.count("error[")
    assert out["ends"] == [report.strip().splitlines()[-1]]  # the summary line ends a --watch run
    assert out["begins"] == [[True, False], [False, True]]


def test_semantic_tokens_fall_back_to_the_grammars_scopes():
    """With a theme that has no semantic colours, the server's semantic tokens (standard LSP token
    types) take the scopes the TextMate grammar gives the same things: a primitive stays a
    primitive, a content keyword a call."""
    standard = {"namespace", "type", "class", "enum", "interface", "struct", "typeParameter", "parameter",
                "variable", "property", "enumMember", "event", "function", "method", "macro", "keyword",
                "modifier", "comment", "string", "number", "regexp", "operator", "decorator"}
    grammar = (EXT / "syntaxes" / "mayhem.tmLanguage.json").read_text(encoding="utf-8")
    (entry,) = MANIFEST["contributes"]["semanticTokenScopes"]
    assert entry["language"] == "mayhem"
    for selector, scopes in entry["scopes"].items():
        assert selector.split(".")[0] in standard, selector
        for scope in scopes:
            assert f'"name": "{scope}"' in grammar, scope
