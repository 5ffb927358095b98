"""The Mayhem events declared in `game mayhem` (content/shared/game.mh), read by the compiler
(issue #11, plan step 1; compiler/mayhem_events.py) and carried by the IR (plan step 5).

There is no built-in table of them: a collection without that game hears those the toolchain's
own game.mh declares (`mayhem_events.shipped`), so the IR and the language reference are what
they were; a fork of the content that removes or renames an event, or declares a new one, gets
the findings an author expects."""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from mayhem.compiler import builtins as B, driver, ir as ir_mod, mayhem_events
from mayhem.lsp import completion, hover
from mayhem.lsp.index import Index
from mayhem.lsp.project import Project
from mayhem.site.model import SiteModel
from mayhem.site.render import REFERENCE, render

CONTENT = Path(__file__).resolve().parent.parent / "content"
SECTION = "\n  # ---- the Mayhem events"  # where game.mh's section of events begins


def fork(tmp_path: Path, edit) -> Path:
    """A copy of the content whose shared game.mh is `edit(text)`."""
    root = tmp_path / "content"
    shutil.copytree(CONTENT, root)
    game = root / "shared" / "game.mh"
    game.write_text(edit(game.read_text(encoding="utf-8")), encoding="utf-8")
    return root


def compiled(root: Path):
    return driver.compile_paths([root])


def errors(result) -> list:
    return [d for d in result.diagnostics.items if d.severity == "error"]


@pytest.fixture(scope="module")
def content():
    result = compiled(CONTENT)
    assert errors(result) == []
    return result


def without_section(text: str) -> str:
    """game.mh as it was before the events were declared: the section cut out."""
    start = text.index(SECTION)
    return text[:start] + "\n}\n"


def test_the_compiler_reads_the_events_the_shipped_game_declares(content):
    """The resolution's reading of `game mayhem` and the shipped file's own parse agree, word for
    word: names in order, fields with their types, docs, and those with `amount`."""
    res = content.resolution
    assert mayhem_events.declared_by_game(res)
    declared = mayhem_events.events(res)
    shipped, with_amount = mayhem_events.shipped()
    assert declared == shipped and list(declared) == list(shipped)
    assert list(shipped)[:3] == ["round-start", "recovery", "activate"] and len(shipped) == 13
    assert shipped["move"].params == (("figure", "figure"), ("from", "location"), ("to", "location"))
    assert shipped["ko"].doc == "A figure is KO'ed."
    assert sorted(mayhem_events.pending(res)) == sorted(with_amount) == ["attack", "damage", "damaged"]
    assert not hasattr(B, "EVENTS") and not hasattr(B, "PENDING_EVENTS")  # no built-in table


def test_the_ir_carries_the_declared_events_and_is_otherwise_the_one_the_built_in_table_gave(content, tmp_path):
    """The content's IR against the IR of the same content with the section of events cut out
    (which hears the shipped declarations, as main heard the built-in table): the shared game's children
    are its events more, each with its fields and their types, as a kernel game's are; the rest
    is the same bytes but for the game's own span, which ends where its last declaration, now
    the events', ends."""
    before = compiled(fork(tmp_path, without_section))
    assert errors(before) == [] and not mayhem_events.declared_by_game(before.resolution)
    now = json.loads(ir_mod.dumps(content.ir))
    game = next(c for c in now["components"] if c["kind"] == "game" and c["box"] is None)
    events = [c for c in game["children"] if c["kind"] == "event"]
    shipped, with_amount = mayhem_events.shipped()
    assert [e["id"] for e in events] == list(shipped)
    for e in events:  # the fields as declared, typed; the doc its `text`
        assert [(f["name"], f["type"]) for f in e["fields"]] == list(shipped[e["id"]].params), e["id"]
        assert e["props"]["text"]["value"] == shipped[e["id"]].doc
    assert [f["type"] for e in events for f in e["fields"]].count("figure") == 12
    assert sorted(e["id"] for e in events if "amount" in e["props"]) == sorted(with_amount)
    game["children"] = [c for c in game["children"] if c["kind"] != "event"]
    now_text, before_text = ir_mod.dumps(now), ir_mod.dumps(before.ir)
    game_span = re.compile(r'"span": "shared/game\.mh:15:1-\d+:2"')
    assert len(game_span.findall(now_text)) == 2  # the game's component and its graph node
    assert now_text != before_text
    assert game_span.sub("GAME", now_text) == game_span.sub("GAME", before_text)
    # no event of the shared game before (a game of the rules kernel, the DC deck-builder's,
    # declares events of its own)
    before_game = next(c for c in json.loads(before_text)["components"] if c["kind"] == "game" and c["box"] is None)
    assert not [c for c in before_game["children"] if c["kind"] == "event"]


def reference_page(result, events) -> str:
    page = render(SiteModel(result.ir, events=events), docs={}).pages[REFERENCE]
    return page[page.index("## Events"):]


def test_the_language_reference_lists_the_declared_events_as_before(content):
    declared = reference_page(content, None)  # None: as the IR carries them
    assert SiteModel(content.ir).mayhem_events == mayhem_events.events(content.resolution)
    assert declared == reference_page(content, mayhem_events.shipped()[0])  # the shipped ones: the same page
    assert "<code>attacker: figure</code>, <code>target: figure</code>" in declared


def knocked_out_at(text: str) -> tuple[int, int]:
    """Line and column (from 1) of the rule ko-vp's `on ko` in game.mh."""
    lines = text.splitlines()
    line = next(i for i, t in enumerate(lines) if "on ko when figure is character" in t)
    return line + 1, lines[line].index("ko when") + 1


def test_a_game_without_ko_makes_on_ko_an_unknown_event(tmp_path):
    def drop_ko(text: str) -> str:
        start = text.index('  event ko "KO"')
        return text[:start] + text[text.index("\n  }\n", start) + 5:]
    root = fork(tmp_path, drop_ko)
    result = compiled(root)
    found = errors(result)
    unknown = [d for d in found if d.message == "unknown event 'ko'"]
    line, col = knocked_out_at((root / "shared" / "game.mh").read_text(encoding="utf-8"))
    assert [(d.span.file, d.span.line, d.span.col) for d in unknown if d.span.file.endswith("game.mh")] == \
        [("shared/game.mh", line, col)]
    hearing = {p.relative_to(root).as_posix() for p in root.rglob("*.mh")
               if re.search(r"\bon ko\b", p.read_text(encoding="utf-8"))}
    assert {d.span.file for d in unknown} == hearing and len(hearing) > 3  # the rules, the modes, the boxes' cards
    hint = unknown[0].hint
    assert hint.startswith("events: round-start, recovery, activate") and "damaged" in hint and " ko" not in hint
    # the game still names `ko` for the kernel's knock-outs (`ko-event ko`): that names no event now
    named = [d for d in found if d.message == "'ko-event ko' names no event of the game"]
    assert len(named) == 1 and named[0].code == "E301" and named[0].span.file == "shared/game.mh"


def test_a_game_that_names_no_ko_event_is_told_the_kernel_raises_one(tmp_path):
    """E404 (compiler/mayhem_events.py `check_emits`, the kernel's KERNEL_RAISING): the shared game
    declares its events but names none for a knock-out, which the kernel's `assault` and `damage`
    raise."""
    root = fork(tmp_path, lambda text: text.replace("\n  ko-event ko\n", "\n"))
    raised = [d for d in errors(compiled(root)) if d.code == "E404" and "names none for these moments" in d.message]
    assert len(raised) == 1 and raised[0].message.endswith("one at: `ko-event` (raised by assault, damage)")
    assert raised[0].span.file == "shared/game.mh"


def test_a_game_that_renames_ko_says_did_you_mean(tmp_path):
    result = compiled(fork(tmp_path, lambda text: text.replace('event ko "KO"', 'event k-o "KO"')))
    unknown = [d for d in errors(result) if d.message == "unknown event 'ko'"]
    assert unknown and all(d.code == "E404" and d.hint == "did you mean 'k-o'?" for d in unknown)


TELEPORT = '''
  event teleport "A Teleport" (figure = figure) {
    source authored
    text "A figure is placed on an open Slot by a TELEPORT."
  }
}
'''


def test_a_game_that_declares_teleport_lets_a_card_hear_it(tmp_path):
    root = fork(tmp_path, lambda text: text[:text.rindex("}")] + TELEPORT.lstrip("\n"))
    cards = root / "teen-titans-go" / "go-cards.mh"
    text = cards.read_text(encoding="utf-8")
    cards.write_text(text.replace("on ko when figure is foe", "on teleport when figure is foe", 1), encoding="utf-8")
    result = compiled(root)
    assert errors(result) == []
    assert mayhem_events.events(result.resolution)["teleport"].params == (("figure", "figure"),)
    nodes = {n["id"]: n for n in result.ir["graph"]["nodes"]}
    assert nodes["event:teleport"]["doc"] == "A figure is placed on an open Slot by a TELEPORT."
    triggers = [t for c in result.ir["components"] if c["id"] == "control-freak" for t in c["triggers"]]
    assert [t["event"] for t in triggers] == ["teleport"]
    assert "<code>teleport</code> | <code>figure: figure</code>" in reference_page(result, None)  # from the IR
    assert "teleport" in [item.label for item in completion._events(Index(result))]
    project = Project(root)
    project.check()
    lines = (root / "teen-titans-go" / "go-cards.mh").read_text(encoding="utf-8").splitlines()
    line = next(i for i, t in enumerate(lines) if "on teleport" in t)
    found = hover.hover(project, "teen-titans-go/go-cards.mh", line, lines[line].index("teleport") + 1)
    assert found.contents.value.startswith("**event** `teleport`\n\nA figure is placed on an open Slot by a TELEPORT.")



def test_a_kernel_games_event_types_its_fields(tmp_path):
    """In general terms: a field's `= TYPE` types it in the triggers that hear the event (Bastion's
    `hit` with players for fields compiles as before; its target compared with a number is E405)."""
    root = tmp_path / "bastion"
    shutil.copytree(Path(__file__).resolve().parent / "fixtures" / "kernel" / "bastion", root)
    game = root / "bastion.mh"
    text = game.read_text(encoding="utf-8").replace('event hit "A hit" (attacker, target)',
                                                    'event hit "A hit" (attacker = player, target = player)')
    game.write_text(text, encoding="utf-8")
    assert errors(compiled(root)) == []
    game.write_text(text.replace("on hit when pending >= 3 {", "on hit when pending >= 3 and target > 2 {"),
                    encoding="utf-8")
    assert [(d.code, d.message) for d in errors(compiled(root))] == [("E405", "'>' compares numbers, not a player")]


def test_the_placement_check_reads_the_fields_of_the_events_the_ir_carries(tmp_path):
    """C409 types a trigger's fields by the event's declaration as the IR carries it, not by the
    built-in table: a Ripple that puts a Puddle (`placed-on location`) on the `figure` of `enter`
    breaks the rule while the game types `figure` a figure, and no more once it types it a
    location (an edit no real game makes: it shows where the check reads)."""
    checks = Path(__file__).resolve().parent / "fixtures" / "checks"
    section = CONTENT.joinpath("shared", "game.mh").read_text(encoding="utf-8")
    section = section[section.index(SECTION):section.rindex("}")]

    def ripple_findings(events: str) -> list[str]:
        root = tmp_path / f"content-{len(list(tmp_path.iterdir()))}"
        shutil.copytree(checks / "base", root)
        shutil.copy(checks / "C409" / "bad-branches-events-defaults" / "C409-more.mh", root / "C409-more.mh")
        game = root / "game.mh"
        text = game.read_text(encoding="utf-8")
        # with its events, the game names those the kernel raises at its moments (E404 else)
        text = text.replace("  seats 2\n", "  seats 2\n" + "".join(
            f"  {prop} {name}\n" for prop, name in (("assault-event", "attack"), ("damage-event", "damage"),
                                                    ("dealt-event", "damaged"), ("ko-event", "ko"), ("enter-event", "enter"),
                                                    ("move-event", "move"), ("effect-roll-event", "mayhem-roll"))), 1)
        game.write_text(text[:text.rindex("}")] + events + "}\n", encoding="utf-8")
        found = driver.check([root]).diagnostics.items
        assert [d for d in found if d.code.startswith("E")] == []
        return [d.message for d in found if d.code == "C409" and "'ripple'" in d.message]

    assert ripple_findings(section) == ["token 'ripple' puts token 'puddle' on a character, but it lies only on "
                                        "a location (its `placed-on`)"]
    typed = section.replace("(figure = figure, location = location)", "(figure = location, location = location)")
    assert typed != section and ripple_findings(typed) == []
