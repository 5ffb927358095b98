"""The rules that moved into content (issue #11: content/shared/game.mh, modes.mh) read as rules
text on the site: a mode's own round, phases, rules, round end and setup beside its "To win"
row, on the box's modes page and on the mode's page; the game's page says its phases in order
with their effects, its actions (verb, parameters, guard) and its counters. The text is the
effect phrases' (site/effects.py `Phrases.steps`), the one renderer of the effect graph. The
pages are rendered to Markdown, without MkDocs: what is checked is what the templates write."""
from __future__ import annotations

import copy
import re

import pytest

from mayhem.compiler import driver
from mayhem.site.model import SiteModel
from mayhem.site.render import render
from mayhem.site.words import mode_label

from conftest import CONTENT


@pytest.fixture(scope="module")
def compiled():
    comp = driver.compile_paths([CONTENT])
    assert comp.ok, "the content compiles"
    return comp


def pages_of(comp, ir=None) -> dict[str, str]:
    return render(SiteModel(ir or comp.ir, {n: sf.text for n, sf in comp.sources.items()}), docs={}).pages


@pytest.fixture(scope="module")
def pages(compiled) -> dict[str, str]:
    return pages_of(compiled)


def section(page: str, heading: str) -> str:
    """The text of a `## heading` section of a Markdown page, up to the next `## `."""
    found = re.search(rf"^## {re.escape(heading)}\n(.*?)(?=^## |\Z)", page, re.S | re.M)
    assert found, f"no section {heading!r}"
    return found.group(1)


def rows(text: str) -> list[tuple[str, str]]:
    """(label, cell) of each row of the Markdown tables of a text."""
    return re.findall(r"^\| (.+?) \| (.+) \|$", text, re.M)


FFA_OWN = [
    # "After setup, randomly choose the first player." ... "The Initiative token goes to the next
    # player going clockwise." (Free-For-All Mayhem, How to Play): the rotating lead
    ("At the start of each round", ["<code>lead</code>(pick-at-random(playing))",
                                    "<code>lead</code>(next-team(leading-team))",
                                    "<code>place-figures</code>(t, on: corners(), apart: &#8220;all&#8221;)",
                                    "<code>put-figure</code>(unowned-figures(), on: centre())",
                                    "this mode's own, in place of the round start of the game"]),
    # "Each round, before they activate their Character, the player with the Initiative may move
    # Cyborg to one of his adjacent Locations.": the non-player figure's move
    ("Phase: Character Activation", ["<code>offer-move</code>(on-board(unowned-figures()), by: leading-team); "
                                     "then the turns: the Teams take turns",
                                     "in place of the game's <a href="]),
    # "When a Character is KO'ed, they are permanently removed from the game"
    ("Rule: A KO&#39;ed Character is out of the game", ["<em>on</em> ko <em>when</em> figure is character: "
                                                       "<code>remove-from-game</code>(figure)"]),
    # "the last player of the current round removes 1 empty Location from play": the shrinking board
    ("At the end of each round", ["<code>remove-location</code>", "first, once every player"]),
    ("To win", ["count(all team where standing(it)) &lt;&#61; 1", "&#8220;last-standing&#8221;"]),
]


def assert_ffa_rows(found: list[tuple[str, str]]) -> None:
    labels = [label for label, _ in found]
    own = [label for label, _ in FFA_OWN]
    # the mode's own rules, in the order they act, the "To win" row last
    assert [label for label in labels if label in own] == own, labels
    cells = dict(found)
    for label, said in FFA_OWN:
        for words in said:
            assert words in cells[label], (label, words, cells[label])


def test_the_modes_page_says_free_for_alls_own_rules_beside_its_win_row(pages):
    for box in ("teen-titans-go", "looney-tunes"):
        ffa = section(pages[f"{box}/modes/index.md"], "Free-For-All Mayhem")
        assert_ffa_rows(rows(ffa))
        # the round is steps to read, its `else { if }` the next case: not one line of `;`
        start = dict(rows(ffa))["At the start of each round"]
        assert start.startswith('<ol class="mh-steps"><li><em>let</em> playing')
        assert "<li><em>otherwise,</em> <em>if</em> round &gt; 1: <code>lead</code>(next-team(leading-team))</li>" in start


def test_a_mode_without_rules_of_its_own_shows_only_how_it_is_won(pages):
    standard = section(pages["teen-titans-go/modes/index.md"], "Standard game")
    labels = [label for label, _ in rows(standard)]
    assert labels == ["Rule", "---", "Teams and players", "Characters start", "To win"]


def test_the_modes_own_page_says_its_rules_in_play(pages):
    page = pages["shared/modes/modes/free-for-all/index.md"]
    assert_ffa_rows(rows(section(page, "In play")))
    # links go from the mode's page to the game's page and its phase
    assert '<a href="../../../game/games/mayhem/index.html#shared-game-game-mayhem-activation">' \
           'Character Activation</a>' in page
    # a mode with no rules of its own: only how it is won, the game's way
    standard = rows(section(pages["shared/modes/modes/standard/index.md"], "In play"))
    assert [label for label, _ in standard] == ["Rule", "---", "To win"] and "the game's, <a href=" in standard[2][1]


def test_the_games_page_says_its_phases_in_order_with_their_effects(pages):
    page = pages["shared/game/games/mayhem/index.md"]
    played = section(page, "How a game is played")
    # the game's `setup { }` ("Setup"), then "1. Round Start ... 2. Recovery ... 3. Character
    # Activation ... 4. Round End" (How to Play)
    assert re.findall(r"^### (.+)$", played, re.M) == ["1. Setup", "2. Round Start", "3. Recovery",
                                                       "4. Character Activation", "5. End of Round"]
    phases = dict(zip(re.findall(r"^### \d\. (.+)$", played, re.M), re.split(r"^### .+$", played, flags=re.M)[1:]))
    # Round Start runs the game's `round { }`: "The player with the lowest total gets the
    # Initiative. ... In the case of a tie, toss the Initiative token to decide."
    assert "<code>lead</code>(coin-toss-between(leaders))" in phases["Round Start"]
    assert "<code>roll</code>(&#8220;mayhem&#8221;)" in phases["Round Start"]
    # "During the first round of the game, this step is ignored."
    assert "<em>only when</em> round &gt; 1: " in phases["Recovery"]
    assert "<code>return-figures</code>(t, to: bases-of(t))" in phases["Recovery"]
    assert "the turns: the Teams take turns, each offering the game's <a href=\"index.html#actions\">actions</a>" \
        in phases["Character Activation"]
    assert "<code>move-card</code>(cards-in(played, of: t), mayhem-discard)" in phases["End of Round"]
    assert "Rulebook: End of Round" in phases["End of Round"]


def test_the_games_page_lists_its_actions_with_verb_parameters_and_guard(pages):
    page = pages["shared/game/games/mayhem/index.md"]
    actions = rows(section(page, "Actions"))[2:]
    verbs = [re.search(r"<code>(.+?)</code>", cells).group(1) for _label, cells in actions]
    assert verbs == ["place-die", "forfeit", "move", "resolve", "use", "play", "use-token", "retrieve", "end-turn"]
    by_verb = dict(zip(verbs, (f"{label} | {cells}" for label, cells in actions)))
    assert "(starts the turn)" in by_verb["place-die"]
    assert "figure from figures-of(my-team); ability from abilities-of(figure); value from dice-of(my-team)" \
        in by_verb["place-die"]
    assert "<code>activate</code>(figure, ability, die: value)" in by_verb["place-die"]
    # "b. Free Move (optional) The player may choose to Move the Active Character to an adjacent
    # Location with an open Slot."
    assert "| location from adjacent | free-move-available and can-move(self) and open(location) |" in by_verb["move"]
    assert "| &#8212; | always | <code>end-turn</code>" in by_verb["end-turn"]
    # a restriction whose `actions` name the action is a part of its guard the game writes nowhere
    assert "| special from special-of(self) | can-use(special) and no token restricts it (no-special) |" \
        in by_verb["use"]


def test_the_games_page_lists_its_counters_and_rules_and_how_it_ends(pages):
    page = pages["shared/game/games/mayhem/index.md"]
    counters = dict(rows(section(page, "Counters")))
    vp = next(cell for label, cell in counters.items() if ">Victory Points</a>" in label)
    assert "Kept for: each Team" in vp and "Minimum: 0" in vp
    assert "<code>gain</code>(vp, 1, on: opposing-team)" in section(page, "Rules that act at any time")
    ends = section(page, "How the game ends")
    assert "value(vp, of: it) &gt;&#61; box-property(&#8220;win-vp&#8221;)" in ends
    assert "<code>end-game</code>(winners, &#8220;double-ko&#8221;)" in ends


def test_a_kernel_game_without_phases_says_its_setup_and_turns(pages):
    page = pages["marvel-mayhem/games/marvel-mayhem/index.md"]
    played = section(page, "How a game is played")
    assert re.findall(r"^### (.+)$", played, re.M) == ["1. Setup", "2. Turns"]
    assert "the turns: clockwise" in played and "at the start of each turn: " in played
    assert "<code>draw</code>(me, 1)" in played
    assert [v for v in re.findall(r"<code>(.+?)</code> \|", section(page, "Actions"))] == ["play"]


def test_a_setup_block_of_the_game_and_of_a_mode_is_shown_when_there_is_one(compiled):
    """`setup { }` of `game mayhem` and of a mode (issue #11: the setup as declared steps) is the
    first part of the game's procedure and a row of the mode's table, whenever content has it."""
    ir = copy.deepcopy(compiled.ir)
    game = next(c for c in ir["components"] if c["qid"] == "shared/game:game:mayhem")
    ffa = next(c for c in ir["components"] if c["qid"] == "shared/modes:mode:free-for-all")
    shuffle = {"op": "primitive", "name": "shuffle", "args": {"zone": {"e": "zone", "name": "mayhem-deck", "span": None}}}
    roll = {"op": "primitive", "name": "roll", "args": {"die": {"e": "str", "v": "mayhem", "span": "x"}}}
    game["effects"]["setup"] = {"source": {"kind": "rulebook", "section": "Setup"}, "when": None, "body": [shuffle]}
    ffa["effects"]["setup"] = {"source": {"kind": "rulebook", "section": "Free-For-All Mayhem"}, "when": None,
                               "body": [roll]}
    pages = pages_of(compiled, ir)
    played = section(pages["shared/game/games/mayhem/index.md"], "How a game is played")
    assert re.findall(r"^### (.+)$", played, re.M)[:2] == ["1. Setup", "2. Round Start"]
    assert "<code>shuffle</code>" in played.split("### 2.")[0]
    setup = mode_label("setup")
    for page in (section(pages["looney-tunes/modes/index.md"], "Free-For-All Mayhem"),
                 section(pages["shared/modes/modes/free-for-all/index.md"], "In play")):
        cells = dict(rows(page))
        assert cells[setup].startswith("<code>roll</code>(&#8220;mayhem&#8221;) (this mode's own, in place of the "
                                       "setup of the game <a href="), cells[setup]
        labels = [label for label, _ in rows(page)]
        assert labels.index(setup) < labels.index("At the start of each round")
