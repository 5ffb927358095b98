"""The cross-set checks that count over the whole collection (C101, C102, C108, C302, C405, C406)
patch their tallies (compiler/checks/tally.py) after an edit instead of counting again:
after edits that change what each of them finds, a long-lived Workspace finds what a full
compile finds, and the edit did change that check's findings (so the patched tally, not a
count from scratch, is what the comparison tested: the edits leave the interface alone)."""
from __future__ import annotations

import shutil

import pytest

from mayhem.compiler import driver
from mayhem.compiler.checks.tally import Tally
from mayhem.compiler.incremental import Workspace

from conftest import CONTENT
from test_incremental_edits import everything

# (the check, [(a file, the text as it is, the text after the edit), ...]): each keeps every
# declaration's kind and id, so the collection's interface is unchanged
EDITS = [
    # a Base taken off a Location: the box's Bases and Special Locations counted again
    ("C101", [("teen-titans-go/locations.mh", "  base black\n", "\n")]),
    # FLEE's two callers call it no more: the keyword is unused
    ("C302", [("looney-tunes/bugs-bunny.mh", "        flee\n", "        shield\n"),
              ("looney-tunes/elmer-fudd.mh", "          flee\n", "          shield\n")]),
    # the box (edited before the first check) has no Obstacle pool: the first user of the token changes
    ("C102", [("teen-titans-go/go-cards.mh", "      obstacle(all location in anywhere where has-icon(it, gift-spot))\n",
              "      roll-mayhem-die\n")]),
    # a trigger that sets itself off: the Special Ability is used once per round no more
    ("C405", [("looney-tunes/bugs-bunny.mh", "      once per round\n      on attack when target is self {\n"
               "        prevent(1)\n", "      on attack when target is self {\n        melee-attack\n")]),
    # a card flagged for Free-For-All no more: the mode's three hands of 4 outnumber the 11 left
    ("C108", [("looney-tunes/mayhem-cards.mh", "  free-for-all\n", "\n")]),
    # the Delivery icon on no Location and looked for by no effect any more
    ("C406", [("teen-titans-go/locations.mh", "  icons [delivery]\n", "\n"),
              ("teen-titans-go/go-cards.mh", "has-icon(location-of(it), delivery)", "has-icon(location-of(it), pizza-spot)")]),
]


def findings(c: driver.Compilation, code: str) -> list:
    return [(d.message, str(d.span)) for d in c.diagnostics.sorted() if d.code == code]


@pytest.fixture(scope="module")
def root(tmp_path_factory):
    root = tmp_path_factory.mktemp("tallies") / "content"
    shutil.copytree(CONTENT, root)
    box = root / "teen-titans-go" / "box.mh"
    text = box.read_text(encoding="utf-8")
    start = text.index('  pool obstacle "')
    box.write_text(text[:start] + text[text.index("}\n", start) + 2:], encoding="utf-8")  # C102, C101's tokens
    return root


@pytest.mark.parametrize("code, edits", EDITS, ids=[e[0] for e in EDITS])
def test_an_edit_that_changes_a_counting_checks_findings_is_patched_as_a_full_compile_finds(root, code, edits):
    ws = Workspace(root)
    before = ws.check()
    assert before.ir is not None
    texts = {name: (root / name).read_text(encoding="utf-8") for name, _old, _new in edits}
    try:
        for name, old, new in edits:
            assert old in texts[name]
            (root / name).write_text(texts[name].replace(old, new), encoding="utf-8")
        after = ws.check()
        assert ws.back.same and ws.back.checks.col.tallies_stale, "the edit left the interface alone"
        fresh = driver.check([root], root=root)
        assert findings(after, code) != findings(before, code), f"the edit changes what {code} finds"
        assert everything(after) == everything(fresh)
    finally:
        for name, text in texts.items():
            (root / name).write_text(text, encoding="utf-8")
    assert everything(ws.check()) == everything(driver.check([root], root=root)), "and back"


def test_a_tally_counts_each_key_once_per_component_and_forgets_a_component_set_empty():
    t = Tally()
    t.put("b", ("k", "k", "j"))
    t.put("a", ("k",))
    assert (t.count("k"), t.count("j"), t.first("k")) == (2, 1, "a")
    t.put("a", ())
    t.put("b", ("j",))
    assert (t.count("k"), t.first("k"), sorted(t.keys()), t.in_order()) == (0, None, ["j"], [("b", ("j",))])


def test_the_index_by_kind_and_box_is_patched_as_a_fresh_collection_builds_it(root):
    from mayhem.compiler.checks import Collection
    from mayhem.compiler.checks.incremental_collection import patched_kinds
    ws = Workspace(root)
    ws.check()
    old = ws.back.checks.col
    path = root / "looney-tunes" / "locations.mh"  # its Locations come before the other box's
    text = path.read_text(encoding="utf-8")
    try:
        path.write_text(text.replace("  base black\n", "\n", 1), encoding="utf-8")
        after = ws.check()
        col = ws.back.checks.col
        dirty = set(ws.back.changed) | set(ws.back.removed)
        prior = ws.back.checks.prior  # the former top-level components of the changed qids
        assert set(prior) <= dirty and any(c["kind"] == "location" for c in prior.values())
        assert col.tallies_stale == dirty and col.by_qid is old.by_qid, "the index by qid patched in place"
        patched = patched_kinds(old, col, dirty, prior)
        assert patched is not None, "patched, not indexed afresh"
        fresh = Collection(after.ir)
        fresh.of_kind("box")
        assert {k: v for k, v in patched.items() if v} == fresh._kind_index
        for kind in {c["kind"] for c in after.ir["components"]}:
            assert col.of_kind(kind) == fresh.of_kind(kind)
        assert all(c is f for c, f in zip(col.of_kind("location"), fresh.of_kind("location")))  # the IR's own dicts
    finally:
        path.write_text(text, encoding="utf-8")
