"""The consistency checks: each has a minimal bad content set that triggers it and a good
one that does not, documentation, and a way to silence it on one component."""
import json
import re
import shutil

import pytest
from click.testing import CliRunner

from mayhem.cli import main
from mayhem.compiler import driver
from mayhem.compiler.checks import CHECKS

from conftest import FIXTURES

BASE = FIXTURES / "checks" / "base"
BOX_FILES = ("box.mh", "characters.mh", "locations.mh")

GLITTER = '''
token glitter "Glitter" {
  source authored
  text "Sparkles."
  placed-on character
}
'''
GLITTER_CARD = '''
mayhem-card sparkle "Sparkle" {
  source authored
  text "Place a Glitter token."
  timing activation
  duration immediate
  effect { place(glitter, 1, on: self) }
}
'''
BEACON_CARD = '''
mayhem-card signal "Signal" {
  source authored
  text "Move to the Beacon."
  timing activation
  duration immediate
  effect { move-figure(self, to: one location in anywhere where has-icon(it, beacon)) }
}
'''
BEACON_ICON = '''
icon beacon "Beacon" {
  source authored
}
'''


def add(path, text):
    return ("add", path, text)


def sub(path, old, new):
    return ("sub", path, old, new)


CLONE = ("clone",)  # a second box "tiny2", a copy of the first

CASES = {
    "C001": ([sub("characters.mh", "  life 10\n  mayhem-cards 2\n  special-ability grit",
                  '  life 10\n  mayhem-cards 2\n  silence "C999" "no such check"\n  special-ability grit')],
             [sub("characters.mh", "  life 10\n  mayhem-cards 2\n  special-ability grit",
                  '  life 10\n  mayhem-cards 2\n  silence "C303" "a real check"\n  special-ability grit')]),
    "C101": ([sub("box.mh", "mayhem-cards 1", "mayhem-cards 2")], []),
    "C102": ([add("rules.mh", GLITTER), add("characters.mh", GLITTER_CARD), sub("box.mh", "mayhem-cards 1", "mayhem-cards 2")],
             [add("rules.mh", GLITTER), add("characters.mh", GLITTER_CARD), sub("box.mh", "mayhem-cards 1", "mayhem-cards 2"),
              sub("box.mh", "tokens 14", "tokens 16"),
              sub("box.mh", "  pool shield", '  pool glitter "Glitter" {\n    count 2\n  }\n  pool shield')]),
    "C103": ([add("characters.mh", GLITTER_CARD.replace("place(glitter, 1, on: self)", "guard")
                  .replace("Place a Glitter token.", "Shield.")),
              sub("box.mh", "mayhem-cards 1", "mayhem-cards 2"),
              add("hands.mh", "in box tiny\nfirst-game hands {\n  source authored\n  ann [cover, sparkle]\n  bo [sparkle]\n}\n")],
             [add("characters.mh", GLITTER_CARD.replace("place(glitter, 1, on: self)", "guard")
                  .replace("Place a Glitter token.", "Shield.")),
              sub("box.mh", "mayhem-cards 1", "mayhem-cards 2"),
              add("hands.mh", "in box tiny\nfirst-game hands {\n  source authored\n  ann [cover]\n  bo [sparkle]\n}\n")]),
    "C201": ([sub("locations.mh", 'location lab "Lab"', 'location lab "Park"')], []),
    "C202": ([CLONE, sub("tiny2/characters.mh", 'text "Shield."\n  timing activation\n  duration immediate\n  effect { guard }',
                         'text "Melee Attack."\n  timing activation\n  duration immediate\n  effect { melee-attack }')],
             [CLONE]),
    "C301": ([add("characters.mh", '\nkeyword jab-attack "Melee Attack" {\n  source authored\n  text "Deal 1 Damage."\n'
                  '  effect { attack(one foe in here, amount: 1, tags: [attack]) }\n}\n'),
              sub("characters.mh", "standard { melee-attack }\n    special", "standard { jab-attack }\n    special")], []),
    "C302": ([add("rules.mh", '\nkeyword idle "IDLE" {\n  source authored\n  text "Nothing."\n  effect { guard }\n}\n')], []),
    "C303": ([sub("characters.mh", 'text "Melee Attack. Special: Shield."', 'text "Melee Attack."')], []),
    "C401": ([add("characters.mh", BEACON_CARD), add("rules.mh", BEACON_ICON), sub("box.mh", "mayhem-cards 1", "mayhem-cards 2")],
             [add("characters.mh", BEACON_CARD), add("rules.mh", BEACON_ICON), sub("box.mh", "mayhem-cards 1", "mayhem-cards 2"),
              sub("locations.mh", 'location park "Park" {\n  source authored\n  slots 2',
                  'location park "Park" {\n  source authored\n  slots 2\n  icons [beacon]')]),
    "C402": ([sub("characters.mh", "once per game\n    effect { guard }", "once per game\n    effect when mayhem-die > 3 { guard }")],
             [sub("characters.mh", "once per game\n    effect { guard }", "once per game\n    effect when mayhem-die >= 3 { guard }")]),
    "C403": ([sub("characters.mh", "slot 4", "slot 7")], []),
    "C404": ([sub("characters.mh", "standard { melee-attack }\n  }\n}", "standard { melee-attack }\n    mayhem { guard }\n  }\n}")],
             [sub("characters.mh", "standard { melee-attack }\n  }\n}",
                  "standard { melee-attack }\n    special { guard }\n    mayhem { guard }\n  }\n}"),
              sub("characters.mh", 'text "Melee Attack."\n    slot 3', 'text "Melee Attack. Special: Shield. Mayhem: Shield."\n    slot 3')]),
    "C405": ([add("rules.mh", GLITTER.replace('placed-on character\n', 'placed-on character\n  on damaged when target is holder {\n'
                                             '    damage(holder, 1)\n  }\n')),
              add("characters.mh", GLITTER_CARD), sub("box.mh", "mayhem-cards 1", "mayhem-cards 2"),
              sub("box.mh", "tokens 14", "tokens 16"),
              sub("box.mh", "  pool shield", '  pool glitter "Glitter" {\n    count 2\n  }\n  pool shield')], []),
    "C406": ([add("rules.mh", GLITTER)], []),
    "C501": ([CLONE, add("rules.mh", GLITTER), add("characters.mh", GLITTER_CARD.replace(
        'mayhem-card sparkle "Sparkle" {\n  source authored\n  text "Place a Glitter token."\n  timing activation\n  duration immediate\n  effect',
        'character cy "Cy" {\n  source authored\n  life 10\n  mayhem-cards 2\n  special-ability shine "Shine" {\n'
        '    text "Place a Glitter token."\n    effect')
        + "\n  ability poke \"Poke\" {\n    text \"Melee Attack.\"\n    slot 3\n    standard { melee-attack }\n  }\n}\n"),
        sub("box.mh", "figures 2\n  dashboards 2", "figures 3\n  dashboards 3"), sub("box.mh", "tokens 14", "tokens 16"),
        sub("box.mh", "  pool shield", '  pool glitter "Glitter" {\n    count 2\n  }\n  pool shield')],
        [CLONE, add("rules.mh", GLITTER)]),
    "C502": ([CLONE, add("characters.mh", BEACON_CARD), add("rules.mh", BEACON_ICON), sub("box.mh", "mayhem-cards 1", "mayhem-cards 2"),
              sub("locations.mh", 'location park "Park" {\n  source authored\n  slots 2',
                  'location park "Park" {\n  source authored\n  slots 2\n  icons [beacon]')],
             [CLONE, add("rules.mh", BEACON_ICON),
              sub("locations.mh", 'location park "Park" {\n  source authored\n  slots 2',
                  'location park "Park" {\n  source authored\n  slots 2\n  icons [beacon]'),
              sub("tiny2/locations.mh", 'location park "Park" {\n  source authored\n  slots 2',
                  'location park "Park" {\n  source authored\n  slots 2\n  icons [beacon]')]),
    "C601": ([sub("characters.mh", "duration immediate\n  effect { guard }",
                  "duration immediate\n  free-for-all\n  effect { place(shield, 1, on: one teammate in anywhere) }"),
              sub("characters.mh", 'text "Shield."\n  timing', 'text "Your Teammate takes a Shield token."\n  timing')],
             [sub("characters.mh", "duration immediate\n  effect { guard }", "duration immediate\n  free-for-all\n  effect { guard }")]),
    "C602": ([add("rules.mh", GLITTER), add("characters.mh", '\nnpc brute "Brute" {\n  source authored\n  text "Glitter everywhere."\n'
                                            '  figure ann\n  on turn-end { place(glitter, 1, on: all character in here) }\n}\n')],
             [add("characters.mh", '\nnpc brute "Brute" {\n  source authored\n  text "Shields everywhere."\n'
                                   '  figure ann\n  on turn-end { place(shield, 1, on: all character in here) }\n}\n')]),
    "C701": ([sub("box.mh", "board [3, 4, 3]", "board [3, 4, 2]")], []),
    "C702": ([sub("locations.mh", 'location lab "Lab" {\n  source authored\n  slots 1', 'location lab "Lab" {\n  source authored\n  slots 3')], []),
    "C703": ([sub("locations.mh", 'location white-base-2 "White Base" {\n  source authored\n  slots 2\n  base white',
                  'location white-base-2 "White Base" {\n  source authored\n  slots 2\n  base black')], []),
}


def make(tmp_path, ops):
    root = tmp_path / "content"
    shutil.copytree(BASE, root)
    for op in ops:
        if op[0] == "clone":
            (root / "tiny2").mkdir()
            for name in BOX_FILES:
                text = (root / name).read_text().replace("in box tiny", "in box tiny2").replace(
                    'box tiny "Tiny Mayhem"', 'box tiny2 "Tiny Mayhem Two"').replace('use "rules.mh"', 'use "rules.mh"')
                (root / "tiny2" / name).write_text(text)
        elif op[0] == "add":
            path = root / op[1]
            path.write_text((path.read_text() if path.exists() else "") + op[2])
        else:
            path = root / op[1]
            text = path.read_text()
            assert op[2] in text, f"the case edits text that is not in {op[1]}: {op[2]!r}"
            path.write_text(text.replace(op[2], op[3], 1))
    return root


def findings(root):
    comp = driver.check([root])
    errors = [d for d in comp.diagnostics.items if d.code.startswith("E")]
    assert not errors, [f"{d.span}: {d.code} {d.message}" for d in errors]
    return comp


def test_the_base_set_is_clean():
    comp = findings(BASE)
    assert [d.code for d in comp.diagnostics.items] == []


def test_every_check_has_a_case_and_documentation():
    from test_checks_authoring import COVERED  # the authoring-mistake checks have golden fixtures there
    assert set(CASES) | COVERED == set(CHECKS)
    for chk in CHECKS.values():
        assert chk.doc and chk.severity in ("error", "warning", "note") and chk.name


@pytest.mark.parametrize("code", sorted(CASES))
def test_bad_set_triggers_good_set_does_not(tmp_path, code):
    bad, good = CASES[code]
    got = findings(make(tmp_path / "bad", bad))
    codes = [d.code for d in got.diagnostics.items]
    assert code in codes, f"{code} did not fire; findings: {[(d.code, d.message) for d in got.diagnostics.items]}"
    d = next(d for d in got.diagnostics.items if d.code == code)
    assert d.severity == CHECKS[code].severity
    assert d.hint, "every finding comes with a hint"
    if d.span is not None:
        assert d.span.file.endswith(".mh") and d.span.line >= 1 and d.span.col >= 1
    good_codes = [d.code for d in findings(make(tmp_path / "good", good)).diagnostics.items]
    assert code not in good_codes


@pytest.mark.parametrize("code", ["C303", "C403", "C406"])
def test_a_check_can_be_silenced_on_one_component_with_a_reason(tmp_path, code):
    root = make(tmp_path, CASES[code][0])
    comp = findings(root)
    target = next(d for d in comp.diagnostics.items if d.code == code)
    path = root / target.span.file
    lines = path.read_text().splitlines()
    # add the silence as the first member of the declaration the finding points into
    k = target.span.line - 1
    while "{" not in lines[k]:
        k -= 1
    indent = " " * (len(lines[k + 1]) - len(lines[k + 1].lstrip()))
    lines.insert(k + 1, f'{indent}silence "{code}" "checked by hand"')
    path.write_text("\n".join(lines) + "\n")
    again = findings(root)
    assert code not in [d.code for d in again.diagnostics.items]
    assert [(d.code, reason) for d, reason in again.silenced] == [(code, "checked by hand")]


def test_check_output_formats_and_report(tmp_path):
    root = make(tmp_path, CASES["C403"][0])
    runner = CliRunner()
    text = runner.invoke(main, ["check", str(root)])
    assert text.exit_code == 1 and "error[C403]" in text.output
    js = runner.invoke(main, ["check", str(root), "--format", "json"])
    assert any(d["code"] == "C403" for d in json.loads(js.output)["diagnostics"])
    sarif = json.loads(runner.invoke(main, ["check", str(root), "--format", "sarif"]).output)
    assert any(r["ruleId"] == "C403" for r in sarif["runs"][0]["results"])
    out = tmp_path / "report"
    runner.invoke(main, ["check", str(root), "--report", str(out)])
    page = (out / "consistency.md").read_text()
    assert "C403" in page and re.search(r"slot-off-the-die \(error\): 1 finding", page)
    explained = runner.invoke(main, ["explain", "C403"])
    assert explained.exit_code == 0 and "slot threshold" in explained.output


def test_warnings_do_not_fail_check(tmp_path):
    root = make(tmp_path, CASES["C302"][0])
    result = CliRunner().invoke(main, ["check", str(root)])
    assert result.exit_code == 0 and "warning[C302]" in result.output
