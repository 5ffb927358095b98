"""`silence "CODE" "reason"` on the component a finding is about silences that finding, for
every check: each finding carries the component it is about (a finding about nothing could
never be silenced). Run on the first finding of each check's bad golden cases
(tests/fixtures/checks/<CODE>/bad*), with the silence written as an author would: into the
declaration the finding points into, or the one a note of the finding points into (C102
points at the box's `tokens` line and notes the card that uses the token), or the one its
message names (C409 through a keyword's default argument points into the keyword)."""
from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from mayhem.compiler import driver

from test_checks import CASES, build, kind_of

# C001 is about a `silence` itself
NOT_ON_A_COMPONENT = {"C001"}
# Known bug, left to the compiler's owner: `silence` inside `first-game hands { }` is read as
# a player's hand and the resolver raises AttributeError (compiler/resolve.py, 'String' object
# has no attribute 'items'), so C103 cannot be silenced. Strict: this fails once it is fixed.
# `silence` in `first-game hands` once crashed compiler/resolve.py (it read the property as a hand)
BAD = [c for c in CASES if kind_of(c)[1] == "bad" and kind_of(c)[0] not in NOT_ON_A_COMPONENT]
# a top-level declaration (`first-game hands {`), or a named one at any depth (`ability jab "Jab" {`)
DECLARATION = re.compile(r'^([a-z][^{]*\{\s*$|\s*[a-z][a-z-]* [a-z0-9][a-z0-9-]* "[^"]*" \{)')


def _named(root, message: str):
    """(file, line) of the declaration a message names first (`mayhem-card 'drench' ...`)."""
    m = re.search(r"([a-z][a-z-]*) '([a-z0-9][a-z0-9-]*)'", message)
    if m:
        decl = re.compile(rf'^\s*{re.escape(m.group(1))} {re.escape(m.group(2))} "')
        for path in sorted(root.rglob("*.mh")):
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines()):
                if decl.match(line):
                    return SimpleNamespace(file=str(path.relative_to(root)), line=n + 1)
    return None


def _silence_at(root, span, code) -> None:
    path = root / span.file
    lines = path.read_text(encoding="utf-8").splitlines()
    k = span.line - 1
    while not DECLARATION.match(lines[k]):  # up past effect blocks and properties
        k -= 1
    lines.insert(k + 1, f'  silence "{code}" "checked by hand"')
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


@pytest.mark.parametrize("case", BAD)
def test_silencing_the_component_of_a_finding_silences_it(case, tmp_path):
    code = kind_of(case)[0]
    root = build(case, tmp_path / "content")
    before = [d for d in driver.check([root]).diagnostics.items if d.code == code]
    assert before, f"{case} raises no {code}"
    target = before[0]
    tried = []
    places = [target.span] + [r.span for r in target.related] + [_named(root, target.message)]
    for n, span in enumerate(p for p in places if p is not None):
        root = build(case, tmp_path / f"try-{n}")
        _silence_at(root, span, code)
        again = driver.check([root])
        silenced = [(d.message, reason) for d, reason in again.silenced if d.code == code]
        after = [d.message for d in again.diagnostics.items if d.code == code]
        tried.append(f"{span.file}:{span.line}: silenced {silenced}")
        if (target.message, "checked by hand") in silenced:
            assert target.message not in after
            # nothing is lost: every finding is either still shown or silenced
            assert len(after) + len(silenced) == len(before)
            return
    pytest.fail(f"{code} '{target.message}' was not silenced by a silence at any place it points to: {tried}")
