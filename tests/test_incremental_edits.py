"""Incremental checking equals a full compile after any edit: random edits (a line inserted
or deleted, an id renamed, a number changed, the syntax broken, a file added or removed,
an unsaved buffer; and edits that change what the cross-file checks find: a declaration
removed that other files use, a declaration copied into another file of its box (a
duplicate id, or a duplicate name under a new id), a declaration given the display name of
another of its kind, in its box or another (C201, C202), a number of a card's text changed so
that text and effect disagree) applied one after another to a copy of content/, each followed by
`Workspace.check()` of one long-lived workspace, compared with a fresh full compile of the
same files: every diagnostic (code, severity, message, span, hint, related), every silenced
finding, the IR, and the findings `Workspace.diagnostics(name)` gives for the edited file.
Edits of a keyword of shared/core.mh, which every box uses: of its text or its body (checked
by file: the keyword built again, its callers' findings changed where what they read of it
did), and of its signature or its place (the whole collection checked again)."""
from __future__ import annotations

import re
import shutil

from hypothesis import HealthCheck, given, settings, strategies as st
import pytest

from mayhem.compiler import driver
from mayhem.compiler.incremental import Workspace
from mayhem.compiler.loader import absolute
from mayhem.compiler.resolve import resolve
from mayhem.compiler.typecheck import typecheck
from mayhem.dsl.diagnostics import Diagnostics

from conftest import CONTENT

EXAMPLES = 3  # each example is several whole checks of content/ (about a second each; 6 until the fifth content set)
LONG_EXAMPLES = 40  # the same sweeps, longer, in the run of the tests marked `slow`

FILES = sorted(p.relative_to(CONTENT).as_posix() for p in CONTENT.rglob("*.mh"))
ID = re.compile(r"\b[a-z][a-z0-9]*(?:-[a-z0-9]+)+\b")  # dashed ids: melee-attack, staff-meeting
NUMBER = re.compile(r"\b\d+\b")

KINDS = ("insert", "delete", "rename", "number", "break", "add-file", "remove-file", "buffer",
         "drop-decl", "copy-decl", "text-number", "take-name")
DECL = re.compile(r"^([a-z][a-z-]*) ([a-z][a-z0-9-]*)( \"[^\"]*\")? \{\n.*?^\}\n", re.S | re.M)
TEXT_NUMBER = re.compile(r'(^\s*text "[^"\n]*?)\b(\d+)\b', re.M)
EDIT = st.tuples(st.sampled_from(KINDS), st.sampled_from(FILES), st.integers(0, 10_000), st.integers(0, 20))


def everything(c: driver.Compilation) -> tuple:
    diags = [(d.code, d.severity, d.message, str(d.span), d.hint,
              [(str(r.span), r.message) for r in d.related]) for d in c.diagnostics.sorted()]
    silenced = sorted((d.code, d.message, str(d.span), reason) for d, reason in c.silenced)
    return diags, silenced, c.ir


def edit(root, ws: Workspace, kind: str, name: str, k: int, n: int) -> str:
    """Apply one edit under root (the workspace sees a buffer edit through set_text; the
    file is written too, so that the full compile reads the same text); say what it was."""
    path = root / name
    if not path.exists():
        return "nothing (the file was removed)"
    text = ws.cache.overlays.get(absolute(path), path.read_text(encoding="utf-8"))
    lines = text.split("\n")
    at = k % len(lines)
    if kind == "insert":
        lines.insert(at, ["", "# a comment", lines[at], "  life 3"][n % 4])
    elif kind == "delete":
        del lines[at]
    elif kind == "rename":
        ids = sorted(set(ID.findall(text)))
        if ids:
            old = ids[k % len(ids)]
            everywhere = n % 2 == 0
            text = re.sub(rf"\b{re.escape(old)}\b", old + "-x", text, count=0 if everywhere else 1)
            lines = text.split("\n")
    elif kind == "number":
        found = list(NUMBER.finditer(text))
        if found:
            m = found[k % len(found)]
            text = text[:m.start()] + str(n) + text[m.end():]
            lines = text.split("\n")
    elif kind == "break":
        lines[at] = lines[at] + [" {", " }", " (", ' "', " ,"][n % 5]
    elif kind == "add-file":
        copy = path.with_name(f"copy-{n}-{path.name}")
        copy.write_text(text, encoding="utf-8")
        return f"copied {name} to {copy.name}"
    elif kind == "remove-file":
        path.unlink()
        ws.clear_text(path)
        return f"removed {name}"
    elif kind == "drop-decl":  # the names it declares vanish from the files that use them
        decls = list(DECL.finditer(text))
        if decls:
            m = decls[k % len(decls)]
            text = text[:m.start()] + text[m.end():]
            lines = text.split("\n")
    elif kind == "copy-decl":  # into another file of the same folder: a duplicate id, or name (C201)
        decls = list(DECL.finditer(text))
        others = sorted(p for p in path.parent.glob("*.mh") if p != path)
        if decls and others:
            m = decls[k % len(decls)]
            copy = m.group(0) if n % 2 == 0 else m.group(0).replace(f" {m.group(2)}", f" {m.group(2)}-copy", 1)
            other = others[n % len(others)]
            write(ws, other, ws.cache.overlays.get(absolute(other), other.read_text(encoding="utf-8")) + "\n" + copy)
            return f"copied {m.group(1)} {m.group(2)} of {name} into {other.name} ({n % 2})"
    elif kind == "take-name":  # another component's display name: C201 in its box, C202 across boxes
        decls = [m for m in DECL.finditer(text) if m.group(3)]
        if decls:
            m = decls[k % len(decls)]
            names = sorted({o.group(3) for p in sorted(root.rglob("*.mh"))
                            for o in DECL.finditer(p.read_text(encoding="utf-8"))
                            if o.group(1) == m.group(1) and o.group(3) and o.group(3) != m.group(3)})
            if names:
                text = text[:m.start(3)] + names[n % len(names)] + text[m.end(3):]
                lines = text.split("\n")
    elif kind == "text-number":  # the text says another number than the effect does (C307)
        found = list(TEXT_NUMBER.finditer(text))
        if found:
            m = found[k % len(found)]
            text = text[:m.start(2)] + str(int(m.group(2)) + 1 + n) + text[m.end(2):]
            lines = text.split("\n")
    new = "\n".join(lines)
    if kind == "buffer":
        new = text.replace("life ", f"life {n}", 1) if "life " in text else text + "\n# edited\n"
        ws.set_text(path, new)
    write(ws, path, new)
    return f"{kind} in {name} at {at} ({n})"


def assert_tables_as_built_afresh(c: driver.Compilation, done: list) -> None:
    """The names' and types' tables a Workspace patches between checks (compiler/incremental_front.py)
    hold what resolving and type-checking the same model from scratch writes: no entry of a
    component edited or removed is left, none is missing."""
    if c.resolution is None:
        return
    fresh = resolve(c.model, Diagnostics())
    assert c.resolution.symbols == fresh.symbols, f"the names' table differs after: {done}"
    if c.types is not None:
        assert c.types.of == typecheck(c.model, fresh, Diagnostics()).of, f"the types' table differs after: {done}"


def write(ws: Workspace, path, text: str) -> None:
    """Write a file; an unsaved buffer of it (an earlier `buffer` edit) gets the same text."""
    path.write_text(text, encoding="utf-8")
    if absolute(path) in ws.cache.overlays:
        ws.set_text(path, text)


@pytest.fixture(scope="module")
def session(tmp_path_factory):
    root = tmp_path_factory.mktemp("incremental") / "content"
    shutil.copytree(CONTENT, root)
    ws = Workspace(root)
    ws.check()
    return root, ws


def restore(root, ws: Workspace) -> None:
    """Back to content/ as shipped: the workspace sees that as edits too."""
    for p in list(root.rglob("*.mh")):
        rel = p.relative_to(root).as_posix()
        ws.clear_text(p)
        if rel not in FILES:
            p.unlink()
    for rel in FILES:
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(CONTENT / rel, root / rel)


def sweep(examples: int, strategy, check, *, slow: bool = False):
    """`check(session, edits)` over `examples` lists of edits drawn from `strategy`; the long
    version of a sweep is marked `slow` (the default run keeps the short one)."""
    test = settings(max_examples=examples, deadline=None, suppress_health_check=[
        HealthCheck.too_slow, HealthCheck.function_scoped_fixture])(given(edits=strategy)(check))
    return pytest.mark.slow(test) if slow else test


def any_edit(session, edits):
    root, ws = session
    try:
        done = []
        for kind, name, k, n in edits:
            done.append(edit(root, ws, kind, name, k, n))
            got = everything(ws.check())
            fresh = driver.check([root], root=root)
            want = everything(fresh)
            in_file = [d for d in fresh.diagnostics.sorted() if d.span is not None and d.span.file == name]
            assert ws.diagnostics(name) == in_file, f"the findings in {name} differ after: {done}"
            assert got[0] == want[0], f"diagnostics differ after: {done}"
            assert got[1] == want[1], f"silenced findings differ after: {done}"
            assert got[2] == want[2], f"the IR differs after: {done}"
            assert_tables_as_built_afresh(ws.result, done)
    finally:
        restore(root, ws)
    back = everything(ws.check())
    assert back == everything(driver.check([root], root=root))
    assert back[2] is not None, "content/ as shipped compiles"


CROSS = st.tuples(st.sampled_from(("drop-decl", "copy-decl", "text-number", "take-name")), st.sampled_from(FILES),
                 st.integers(0, 10_000), st.integers(0, 20))


test_after_any_edit_the_workspace_finds_what_a_full_compile_finds = sweep(
    EXAMPLES, st.lists(EDIT, min_size=1, max_size=3), any_edit)
test_after_any_edit_the_workspace_finds_what_a_full_compile_finds_long = sweep(
    LONG_EXAMPLES, st.lists(EDIT, min_size=1, max_size=3), any_edit, slow=True)
test_after_edits_that_change_cross_file_findings_the_workspace_finds_the_same = sweep(
    EXAMPLES, st.lists(CROSS, min_size=1, max_size=3), any_edit)
test_after_edits_that_change_cross_file_findings_the_workspace_finds_the_same_long = sweep(
    LONG_EXAMPLES, st.lists(CROSS, min_size=1, max_size=3), any_edit, slow=True)


@pytest.fixture(scope="module")
def watched_session(tmp_path_factory):
    """A workspace told of every change on disk, as the language server's is by the editor:
    its checks go by file (compiler/incremental.py, Workspace.pass_load) where they can."""
    root = tmp_path_factory.mktemp("incremental-watched") / "content"
    shutil.copytree(CONTENT, root)
    ws = Workspace(root)
    ws.watched()
    ws.check()
    return root, ws


def texts(root) -> dict:
    return {p: p.read_bytes() for p in root.rglob("*.mh")}


def watched_edit(watched_session, edits):
    root, ws = watched_session
    try:
        done = []
        for kind, name, k, n in edits:
            before = texts(root)
            done.append(edit(root, ws, kind, name, k, n))
            after = texts(root)
            for path in before.keys() | after.keys():  # what the editor's file watcher says
                if before.get(path) != after.get(path):
                    ws.saw(path, added_or_removed=path not in before or path not in after)
            got = everything(ws.check())
            want = everything(driver.check([root], root=root))
            assert got[0] == want[0], f"diagnostics differ after: {done}"
            assert got[1] == want[1], f"silenced findings differ after: {done}"
            assert got[2] == want[2], f"the IR differs after: {done}"
            assert_tables_as_built_afresh(ws.result, done)
    finally:
        before = texts(root)
        restore(root, ws)
        after = texts(root)
        for path in before.keys() | after.keys():
            if before.get(path) != after.get(path):
                ws.saw(path, added_or_removed=path not in before or path not in after)
    back = everything(ws.check())
    assert back == everything(driver.check([root], root=root))


test_a_watched_workspace_told_of_each_edit_finds_what_a_full_compile_finds = sweep(
    EXAMPLES, st.lists(EDIT, min_size=1, max_size=3), watched_edit)
test_a_watched_workspace_told_of_each_edit_finds_what_a_full_compile_finds_long = sweep(
    LONG_EXAMPLES, st.lists(EDIT, min_size=1, max_size=3), watched_edit, slow=True)


def test_the_shipped_content_and_a_workspace_agree_from_the_start(session):
    root, ws = session
    assert everything(ws.check()) == everything(driver.check([root], root=root))
    assert ws.result.ok and ws.result.ir is not None
    assert_tables_as_built_afresh(ws.result, ["the check again"])


# (what, the text in content/shared/core.mh, what it becomes, by file, a caller's finding changes)
KEYWORD_EDITS = (
    ("the text of melee-attack (bench/compile.py's edit)", 'to 1 opposing Character in the same Location."',
     'to one opposing Character in the same Location."', True, False),
    ("heal's body: the cards that heal 1 or 3 now heal 2 (C307 on them)", "remove-damage(self, x)",
     "remove-damage(self, 2)", True, True),
    ("plus-damage's body: +X Damage adds 1 (C307 on the abilities that say +2)", "bonus(x)", "bonus(1)", True, True),
    ("stun's body reads attack-target, which Mayhem cards lack (E409 on the cards that STUN)",
     "place(stun, 1, on: target, tags: [stun])", "place(stun, 1, on: attack-target, tags: [stun])", True, True),
    ("heal's body calls heal (E501: an error, so the checks' notes on the cards are gone)", "remove-damage(self, x)",
     "heal(1)", True, True),
    ("shield's body places a Flee token (what the cards use through it)", "place(shield, 1, on: self)",
     "place(flee, 1, on: self)", True, False),
    ("heal's signature: a parameter more", 'keyword heal "Heal X" (x) {', 'keyword heal "Heal X" (x, y = 1) {', False, False),
    ("heal's body a line longer: the declarations after it move", "remove-damage(self, x)",
     "remove-damage(self, x)\n    remove-damage(self, 0)", False, False),
)


def findings(c: driver.Compilation) -> set:
    return {(d.code, d.message, str(d.span)) for d in c.diagnostics.items}


@pytest.mark.parametrize("what, old, new, by_file, reaches_callers", KEYWORD_EDITS, ids=[e[0] for e in KEYWORD_EDITS])
def test_an_edit_of_a_shared_keyword_finds_what_a_full_compile_finds(watched_session, what, old, new, by_file,
                                                                    reaches_callers):
    root, ws = watched_session
    core = root / "shared" / "core.mh"
    text = core.read_text(encoding="utf-8")
    assert old in text
    before = findings(ws.check())
    try:
        for body in (text.replace(old, new, 1), text):
            write(ws, core, body)
            ws.saw(core)
            got = ws.check()
            assert ws.by_file == (by_file or body == text and ws.by_file), what
            fresh = driver.check([root], root=root)
            assert everything(got) == everything(fresh), what
            assert ws.diagnostics("shared/core.mh") == [d for d in fresh.diagnostics.sorted()
                                                        if d.span is not None and d.span.file == "shared/core.mh"]
            assert_tables_as_built_afresh(got, [what])
            if body != text:
                elsewhere = {f for f in findings(got) ^ before if not f[2].startswith("shared/")}
                assert bool(elsewhere) == reaches_callers, (what, sorted(elsewhere)[:3])
    finally:
        write(ws, core, text)
        ws.saw(core)
    assert findings(ws.check()) == before
