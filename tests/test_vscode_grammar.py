"""The VS Code extension's TextMate grammar (editors/vscode): generated from the language's own
tables, its hand-written scope tests (vscode-tmgrammar-test) and its snapshots over every
content file (vscode-tmgrammar-snap) pass, and each of them fails when a scope is wrong."""
from __future__ import annotations

import importlib.util
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
EXT = REPO / "editors" / "vscode"
GRAMMAR = EXT / "syntaxes" / "mayhem.tmLanguage.json"
CONTENT = REPO / "content"


def _load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def node_modules():
    return _load("vscode_node_env", EXT / "scripts" / "node_env.py").ensure_node_modules()


@pytest.fixture(scope="module")
def gen():
    return _load("vscode_gen_grammar", EXT / "scripts" / "gen_grammar.py")


def _tmgrammar_test(*files: Path) -> subprocess.CompletedProcess:
    unit = EXT / "node_modules" / "vscode-tmgrammar-test" / "dist" / "unit.js"
    return subprocess.run(["node", str(unit), "--compact", "--config", str(EXT / "package.json"),
                           "-g", str(GRAMMAR), *map(str, files)], cwd=EXT, capture_output=True, text=True)


def _snap(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["node", str(EXT / "scripts" / "snap.js"), *args], cwd=EXT, capture_output=True, text=True)


# ---- the grammar is generated from the language ---------------------------------------------

def test_committed_grammar_is_the_generated_one():
    run = subprocess.run([sys.executable, str(EXT / "scripts" / "gen_grammar.py"), "--check"],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr


def test_check_fails_on_a_stale_grammar(gen, tmp_path, monkeypatch, capsys):
    stale = json.loads(GRAMMAR.read_text(encoding="utf-8"))
    stale["repository"]["keywords"]["patterns"].pop()
    out = tmp_path / "mayhem.tmLanguage.json"
    out.write_text(json.dumps(stale, indent=2) + "\n", encoding="utf-8")
    monkeypatch.setattr(gen, "GRAMMAR_OUT", out)
    assert gen.main(["--check"]) == 1
    assert "is stale" in capsys.readouterr().err


def test_every_word_of_the_language_is_in_the_grammar(gen):
    """The word lists come from the tables: each primitive, function, context name, kind,
    property and keyword of the language appears in the grammar's patterns."""
    from mayhem.compiler import builtins, builtins_kernel
    from mayhem.dsl import schema

    text = GRAMMAR.read_text(encoding="utf-8")
    words = (set(builtins.PRIMITIVES) | set(builtins_kernel.KERNEL_PRIMITIVES) | set(builtins.FUNCTIONS)
             | set(builtins_kernel.KERNEL_FUNCTIONS) | set(builtins.CONTEXT_NAMES)
             | set(builtins_kernel.KERNEL_CONTEXT_NAMES) | set(schema.KINDS) | set(gen.KEYWORD_ROLES)
             | {p.name for k in schema.KINDS.values() for p in k.props})
    missing = sorted(w for w in words if w not in text and w.replace("-", "\\-") not in text)
    assert not missing


def test_a_keyword_without_a_role_stops_the_generator(gen, monkeypatch):
    monkeypatch.delitem(gen.KEYWORD_ROLES, "repeat")
    with pytest.raises(SystemExit, match="repeat"):
        gen.build()


# ---- hand-written scope tests ---------------------------------------------------------------

def test_hand_written_grammar_tests_pass(node_modules):
    files = sorted((EXT / "test").glob("*.test.mh"))
    assert len(files) >= 4
    run = _tmgrammar_test(*files)
    assert run.returncode == 0, run.stdout + run.stderr
    for f in files:
        assert f"{f.relative_to(EXT)}" in run.stdout or f.name in run.stdout


def test_a_wrong_scope_fails(node_modules, tmp_path):
    case = tmp_path / "wrong.test.mh"
    case.write_text('# SYNTAX TEST "source.mayhem" "a wrong expectation"\n'
                    "character robin \"Robin\" {\n"
                    "# <--------- entity.name.type.mayhem\n"
                    "}\n", encoding="utf-8")
    run = _tmgrammar_test(case)
    assert run.returncode != 0
    assert "Missing required scopes: [ entity.name.type.mayhem ]" in run.stdout
    assert "storage.type.kind.mayhem" in run.stdout  # what `character` really is


# ---- snapshots of every content file ---------------------------------------------------------

def test_every_content_file_matches_its_snapshot(node_modules):
    files = sorted(CONTENT.rglob("*.mh"))
    run = _snap()
    assert run.returncode == 0, run.stdout + run.stderr
    assert f"{len(files)} content files highlighted as their snapshots say" in run.stdout
    snaps = sorted((EXT / "test" / "snapshots" / "content").rglob("*.mh.snap"))
    assert [s.relative_to(EXT / "test" / "snapshots" / "content") for s in snaps] == \
        [Path(str(f.relative_to(CONTENT)) + ".snap") for f in files]


def _snapshot_tokens(snap: Path):
    """(line, text, scopes) of every token a vscode-tmgrammar-snap snapshot lists."""
    src = None
    for n, line in enumerate(snap.read_text(encoding="utf-8").splitlines()):
        if line.startswith(">"):
            src = line[1:]
        elif line.startswith("#") and src is not None:
            m = re.match(r"#( *)(\^+) (.*)", line)
            if m:
                start = len(m.group(1))
                yield n, src[start:start + len(m.group(2))], m.group(3).split()


def test_every_token_of_the_content_is_highlighted():
    """Nothing the content writes is left plain: every token that is not blank carries a scope
    besides the language's and its `meta.*` regions."""
    snaps = sorted((EXT / "test" / "snapshots" / "content").rglob("*.mh.snap"))
    assert snaps
    plain = [(snap.name, n, text) for snap in snaps for n, text, scopes in _snapshot_tokens(snap)
             if text.strip() and not [s for s in scopes if not s.startswith(("source.mayhem", "meta."))]]
    assert not plain[:20]


def test_content_kinds_and_names_get_their_scopes():
    """Spot checks over the snapshots: every kind the content declares and every primitive it calls."""
    seen: dict[str, set[str]] = {}
    for snap in (EXT / "test" / "snapshots" / "content").rglob("*.mh.snap"):
        for _, text, scopes in _snapshot_tokens(snap):
            seen.setdefault(scopes[-1], set()).add(text)
    from mayhem.compiler import builtins, builtins_kernel
    kinds = seen["storage.type.kind.mayhem"]
    assert {"character", "ability", "mayhem-card", "location", "token", "keyword", "game", "card-type"} <= kinds
    declared = {m.group(1) for f in CONTENT.rglob("*.mh") if f.parent.name != "shared"
                for m in re.finditer(r"^card-type ([\w-]+)", f.read_text(encoding="utf-8"), re.M)}
    assert {"marvel-card", "hero", "nemesis", "dc-event", "super-hero"} <= declared
    assert seen["storage.type.kind.declared.mayhem"] == declared  # each card type a box's own game declares (the shared ones are the language's kinds)
    called = seen["support.function.primitive.mayhem"]
    assert called <= set(builtins.PRIMITIVES) | set(builtins_kernel.KERNEL_PRIMITIVES)
    assert {"attack", "place", "move-figure", "gain-vp"} <= called


def _content_copy(tmp_path: Path) -> Path:
    copy = tmp_path / "content"
    shutil.copytree(CONTENT, copy)
    return copy


def test_a_changed_scope_fails_the_snapshots(node_modules, tmp_path):
    grammar = json.loads(GRAMMAR.read_text(encoding="utf-8"))
    for rule in grammar["repository"]["keywords"]["patterns"]:  # `and`, `or`, `not` no more logical
        rule["name"] = rule["name"].replace("keyword.operator.logical", "keyword.operator.boolean")
    wrong = tmp_path / "mayhem.tmLanguage.json"
    wrong.write_text(json.dumps(grammar), encoding="utf-8")
    run = _snap(f"--grammar={wrong}")
    assert run.returncode != 0
    assert "keyword.operator.boolean.mayhem" in run.stdout and "keyword.operator.logical.mayhem" in run.stdout
    snaps = EXT / "test" / "snapshots" / "content"
    for snap in sorted(snaps.rglob("*.mh.snap")):
        name = "content/" + str(snap.relative_to(snaps))[:-len(".snap")]
        uses = "keyword.operator.logical.mayhem" in snap.read_text(encoding="utf-8")
        assert (f"{name} run successfully" in run.stdout) != uses, name


def test_edited_content_fails_its_snapshot(node_modules, tmp_path):
    copy = _content_copy(tmp_path)
    robin = copy / "teen-titans-go" / "robin.mh"
    text = robin.read_text(encoding="utf-8")
    assert "  life 12\n" in text
    robin.write_text(text.replace("  life 12\n", "  life 13\n"), encoding="utf-8")
    run = _snap(f"--content={copy}")
    assert run.returncode != 0
    assert "content/teen-titans-go/robin.mh source different snapshot" in run.stdout


def test_a_content_file_without_a_snapshot_fails(node_modules, tmp_path):
    copy = _content_copy(tmp_path)
    (copy / "teen-titans-go" / "beast-boy.mh").write_text("in box teen-titans-go\n", encoding="utf-8")
    run = _snap(f"--content={copy}")
    assert run.returncode != 0
    assert "no snapshot for content/teen-titans-go/beast-boy.mh" in run.stdout


def test_a_snapshot_of_a_removed_file_fails(node_modules, tmp_path):
    copy = _content_copy(tmp_path)
    (copy / "teen-titans-go" / "raven.mh").unlink()
    run = _snap(f"--content={copy}")
    assert run.returncode != 0
    assert "snapshots of files that are gone: content/teen-titans-go/raven.mh" in run.stdout


# ---- snippets --------------------------------------------------------------------------------

def test_a_snippet_for_every_kind_that_parses(gen):
    """snippets/mayhem.json (written with the grammar): one skeleton per declaration kind, which the
    DSL's parser accepts once every placeholder keeps its default."""
    from mayhem.dsl import schema
    from mayhem.dsl.parser import lark_parser

    snippets_gen = _load("vscode_gen_snippets", EXT / "scripts" / "gen_snippets.py")
    snippets = json.loads((EXT / "snippets" / "mayhem.json").read_text(encoding="utf-8"))
    assert set(snippets) == set(schema.KINDS)
    for kind, snip in snippets.items():
        text = snippets_gen.expand(snip["body"])
        assert "$" not in text, kind
        lark_parser().parse(text + "\n")  # raises on a syntax error
        spec = schema.KINDS[kind]
        for p in spec.props:
            if p.required:
                assert f"\n  {p.name}" in text, (kind, p.name)
        for s in spec.slots:
            assert f"\n  {s.name} {{" in text, (kind, s.name)
        assert "$0" in "\n".join(snip["body"]), kind
    mayhem_card = snippets_gen.expand(snippets["mayhem-card"]["body"])
    assert "timing round-start" in mayhem_card and 'source authored' in mayhem_card
