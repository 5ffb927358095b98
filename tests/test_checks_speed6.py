"""The consistency checks made faster (issue #15, "Speed": check at least 2,000 cards per
second) find exactly what they found before: the same findings, in the same order, with the
same spans, hints and related places, and the same silenced ones.

The golden findings (tests/fixtures/checks/speed6_golden.json) were written by the checks as
they were before they were made faster (`python tests/test_checks_speed6.py --write`):

- every content folder (content/ as `mayhem check content/` reads it, and each box alone);
- the content with fixed mutants of its files (the fuzz test's mutations, seeded), each
  checked over its folder as the fuzz test checks it;
- a synthetic set of 10,000 cards (bench/synthetic.py) whose card texts, Life and limiters
  are altered in a fixed pattern, so that the text, manifest and effect checks have
  something to find in each box.

A set of 10,000 cards is compared by a digest and the count of findings per check (its
findings are too many to keep in the repository); the others in full.
"""
from __future__ import annotations

import hashlib
import json
import random
import re
import shutil
import sys
from collections import Counter
from pathlib import Path

import pytest

from mayhem.compiler import driver
from mayhem.compiler.checks import CHECKS

from conftest import CONTENT, REPO

GOLDEN = REPO / "tests" / "fixtures" / "checks" / "speed6_golden.json"
MUTANTS = 30  # mutated content files, checked over their folder each
SYNTHETIC_CARDS = 10_000


def rendered(result) -> list[str]:
    """The consistency checks' findings of a check, as `mayhem check` shows them (in its
    order), then the silenced ones with their reasons."""
    out = []
    for d in result.diagnostics.items:
        if d.code in CHECKS:
            out.append(_line(d))
    for d, reason in result.silenced:
        out.append(f"silenced ({reason}) {_line(d)}")
    return out


def _line(d) -> str:
    related = "; ".join(f"{r.span}: {r.message}" for r in d.related)
    return f"{d.span}: {d.code} {d.severity} {d.message} | hint: {d.hint} | related: {related}"


def _folders() -> list[Path]:
    return [CONTENT] + sorted(p for p in CONTENT.iterdir() if p.is_dir() and p.name != "shared")


def content_findings() -> dict[str, list[str]]:
    return {p.relative_to(REPO).as_posix(): rendered(driver.check([p], root=CONTENT)) for p in _folders()}


# (pattern, its replacement): alterations that keep a file well-formed, so that the checks
# run and have something to find (a number in a text or an effect, a limiter, a duration, a
# keyword named in capitals, a Life, a `silence`)
SEMANTIC = (
    (re.compile(r'(text "[^"\n]*?)(\d+)'), lambda m, r: m.group(1) + str(int(m.group(2)) + r.randint(1, 3))),
    (re.compile(r"\((\d+)\)"), lambda m, r: f"({int(m.group(1)) + r.randint(1, 2)})"),
    (re.compile(r"  life (\d+)"), lambda m, r: f"  life {r.randint(1, 4)}"),
    (re.compile(r"[ \t]*once per \w+\n"), lambda m, r: ""),
    (re.compile(r"until (turn|round)-end"), lambda m, r: "until " + ("round" if m.group(1) == "turn" else "turn") + "-end"),
    (re.compile(r'(text "[^"\n]*?)\b(PUSH|PULL|STUN|TRAP|MOVE|SHIELD|OBSTACLE)\b'),
     lambda m, r: m.group(1) + r.choice(["PUSH", "PULL", "STUN", "MOVE", "TELEPORT"])),
    (re.compile(r'[ \t]*silence "[^"\n]*" "[^"\n]*"\n'), lambda m, r: ""),
)


def _mutants() -> list[tuple[str, str]]:
    """(file, its mutated text), from a fixed seed: two in three altered in meaning and still
    well-formed (SEMANTIC), one in three by the fuzz test's mutations of its tokens and lines."""
    from test_fuzz import FILES, mutate

    rng = random.Random(15)
    ops = ["delete-token", "duplicate-token", "swap-tokens", "delete-line", "duplicate-line", "swap-lines"]
    out = []
    for i in range(MUTANTS):
        name = rng.choice(FILES)
        text = (CONTENT / name).read_text(encoding="utf-8")
        for _k in range(rng.randint(1, 3)):
            if i % 3 == 2:
                text = mutate(text, (rng.choice(ops), rng.randrange(10**6), rng.randrange(10**6)))
                continue
            pattern, repl = rng.choice(SEMANTIC)
            hits = list(pattern.finditer(text))
            if hits:
                m = rng.choice(hits)
                text = text[:m.start()] + repl(m, rng) + text[m.end():]
        out.append((name, text))
    return out


def mutant_findings(sandbox: Path) -> list[list[str]]:
    out = []
    for name, text in _mutants():
        target = sandbox / name
        original = target.read_text(encoding="utf-8")
        target.write_text(text, encoding="utf-8")
        try:
            out.append(rendered(driver.check([target.parent], root=sandbox)))
        finally:
            target.write_text(original, encoding="utf-8")
    return out


# text-only alterations of the synthetic content (the content still compiles): every n-th
# occurrence of a pattern, so that each check family has findings in every box
ALTERATIONS = (
    (re.compile(r'(text "[^"\n]*Heal )1'), r"\g<1>2", 3),  # C307: a Heal the effect does not do
    (re.compile(r'(text "[^"\n]*deals )(\d)'), r"\g<1>9", 4),  # C307: a Damage the effect does not deal
    (re.compile(r'text "Once per turn'), 'text "Once per game', 5),  # C305: a limiter the text does not state
    (re.compile(r"Special: PUSH"), "Special: SHOVE", 3),  # C303: a keyword the text does not name
    (re.compile(r"Special: OBSTACLE"), "Special: OBSTACLE and TELEPORT", 4),  # C303: one the effect lacks
    (re.compile(r"  life \d+"), "  life 1", 7),  # C104/C307: thresholds over the Life
    (re.compile(r'(text "Until the end of the )round'), r"\g<1>turn", 2),  # C306: a duration
)


def alter(root: Path) -> None:
    for path in sorted(root.rglob("*.mh")):
        if path.parent.name == "shared":
            continue
        text = path.read_text(encoding="utf-8")
        for pattern, repl, every in ALTERATIONS:
            seen = [0]

            def one(m, seen=seen, every=every, repl=repl):
                seen[0] += 1
                return m.expand(repl) if seen[0] % every == 0 else m.group(0)

            text = pattern.sub(one, text)
        path.write_text(text, encoding="utf-8")


def synthetic_root(base: Path) -> Path:
    sys.path.insert(0, str(REPO / "bench"))
    from synthetic import generate

    root = base / "synthetic"
    if root.exists():
        shutil.rmtree(root)
    generate(root, SYNTHETIC_CARDS, 4)
    alter(root)
    return root


def summary(lines: list[str]) -> dict:
    counts = Counter(line.split(": ", 2)[1].split(" ", 1)[0] if not line.startswith("silenced")
                     else "silenced" for line in lines)
    return {"findings": len(lines), "per_code": dict(sorted(counts.items())),
            "sha256": hashlib.sha256("\n".join(lines).encode("utf-8")).hexdigest(),
            "sample": lines[:40]}


def golden() -> dict:
    return json.loads(GOLDEN.read_text(encoding="utf-8"))


def test_every_content_folder_finds_what_it_found_before():
    expected = golden()["content"]
    got = content_findings()
    assert sorted(got) == sorted(expected)
    for folder, lines in expected.items():
        assert got[folder] == lines, folder


def test_the_fuzzed_mutants_find_what_they_found_before(tmp_path):
    sandbox = tmp_path / "content"
    shutil.copytree(CONTENT, sandbox)
    expected = golden()["mutants"]
    got = mutant_findings(sandbox)
    assert len(got) == len(expected) == MUTANTS
    for i, (g, e) in enumerate(zip(got, expected)):
        assert g == e, f"mutant {i}: {_mutants()[i][0]}"
    assert any(expected), "the mutants find something (else the comparison proves little)"


@pytest.fixture(scope="module")
def synthetic(tmp_path_factory):
    root = synthetic_root(tmp_path_factory.mktemp("speed6"))
    return root, driver.check([root])


def test_a_synthetic_10000_card_set_finds_what_it_found_before(synthetic):
    _root, result = synthetic
    expected = golden()["synthetic"]
    got = summary(rendered(result))
    assert got["per_code"] == expected["per_code"]
    assert got["sample"] == expected["sample"]
    assert got["sha256"] == expected["sha256"]
    # the alterations give each text family findings to compare
    assert {"C303", "C305", "C307"} <= set(expected["per_code"])


def write() -> None:
    import tempfile

    data = {"content": content_findings()}
    with tempfile.TemporaryDirectory() as tmp:
        sandbox = Path(tmp) / "content"
        shutil.copytree(CONTENT, sandbox)
        data["mutants"] = mutant_findings(sandbox)
        root = synthetic_root(Path(tmp))
        data["synthetic"] = summary(rendered(driver.check([root])))
    GOLDEN.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {GOLDEN}: synthetic {data['synthetic']['per_code']}, "
          f"mutants {[len(m) for m in data['mutants']]}")


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    if "--write" in sys.argv:
        write()


def _deep_if(depth: int) -> dict:
    """An `if` nested `depth` times, each with a condition `not not ... true` as deep."""
    cond: dict = {"e": "bool", "v": True}
    for _ in range(depth):
        cond = {"e": "not", "x": cond}
    stmt: dict = {"op": "let", "name": "n", "value": {"e": "num", "v": 1}}
    for _ in range(depth):
        stmt = {"op": "if", "cond": cond, "then": [stmt], "else": []}
    return stmt


def test_the_checks_walks_are_the_registrys_walks_in_order_and_depth(ir):
    """Collection.stmts and Collection.exprs (written out for speed) give the nodes the IR
    registry's walks give, in the same order, cut at the same depths; and each is kept."""
    from mayhem.compiler.checks.collection import Collection
    from mayhem.compiler.ir_ops import walk_expressions, walk_statements

    col = Collection(ir)
    bodies = 0
    for comp in col.by_qid.values():
        for _label, body, _span in col.bodies(comp):
            bodies += 1
            got = col.stmts(body)
            assert [id(s) for s in got] == [id(s) for s in walk_statements(body)]
            assert col.stmts(body) is got  # kept, not walked again
            for s in got:
                assert [id(e) for e in col.exprs(s)] == [id(e) for e in walk_expressions(s)]
    assert bodies > 100
    deep = [_deep_if(80)]  # deeper than both walks go (30 bodies, 60 expressions)
    assert [id(s) for s in col.stmts(deep)] == [id(s) for s in walk_statements(deep)]
    assert len(col.stmts(deep)) == 32  # the bodies of depth 0 to 31 (depth 30 is the last entered)
    assert [id(e) for e in col.exprs(deep[0])] == [id(e) for e in walk_expressions(deep[0])]
    assert len(col.exprs(deep[0])) == 60
