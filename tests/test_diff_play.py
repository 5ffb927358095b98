"""`mayhem diff` beyond the components: Competitive Mode applicability that changes, and
the win-rate shifts of seeded simulations with their 95% confidence intervals."""
from __future__ import annotations

import json

import pytest

from mayhem.compiler.diff import compare, compile_side
from mayhem.compiler.diff.play import balance, changed_boxes, shift_interval

from cli_helpers import invoke
from diff_helpers import copy_content, edit


@pytest.fixture(scope="module")
def fiery(tmp_path_factory):
    """The Legendary Sandwich (Teen Titans GO!) now sets things on FIRE, a token of its own box."""
    base = tmp_path_factory.mktemp("fiery")
    old = copy_content(base / "old")
    new = copy_content(base / "new")
    edit(new, "teen-titans-go/mayhem-cards.mh", "    remove-damage(all friend in anywhere, 2)\n", "    fire-x(2)\n")
    return old, new


def test_applicability_that_changes(fiery):
    old, new = fiery
    d = compare(compile_side(old).ir, compile_side(new).ir)
    rows = [a for a in d.applicability if a["name"] == "The Legendary Sandwich"]
    # a card brings no tokens: on a Looney Tunes board, the Fire it now uses is not there
    assert rows == [{"qid": "teen-titans-go/legendary-sandwich", "name": "The Legendary Sandwich",
                     "board": "looney-tunes", "before": [], "after": ["Fire"], "gained": [], "lost": ["Fire"]}]
    assert d.semantic


def test_shift_interval_is_newcombes():
    # Newcombe (1998), table II, example (a): 56/70 against 48/80, 95% interval 0.0524 to 0.3339
    low, high = shift_interval(56, 70, 48, 80)
    assert (round(low, 4), round(high, 4)) == (0.0524, 0.3339)


def test_balance_on_both_sides(fiery):
    old, new = fiery
    a, b = compile_side(old).ir, compile_side(new).ir
    report = balance(a, b, 4, seed=3)
    # only the box whose content changed is played; the others would play the same seeded games
    assert sorted(report["boxes"]) == ["teen-titans-go"]
    assert report["unchanged"] == ["dc-teen-titans-go", "looney-tunes", "marvel-mayhem"]
    rows = {r["character"]: r for r in report["boxes"]["teen-titans-go"]["characters"]}
    assert sorted(rows) == ["cyborg", "raven", "robin", "starfire"]
    for r in rows.values():
        assert r["old"]["games"] == r["new"]["games"] == 4
        low, high = r["interval"]
        assert low <= r["shift"] <= high
        assert r["shift"] == pytest.approx(r["new"]["wins"] / 4 - r["old"]["wins"] / 4)
        assert r["significant"] == (low > 0 or high < 0)
    # the reason an unchanged box is left out: played anyway, the same seeds give the same games
    played = balance(a, a, 4, seed=3, boxes=["looney-tunes"])
    assert sorted(played["boxes"]) == ["looney-tunes"] and "looney-tunes" not in played["unchanged"]
    same = played["boxes"]["looney-tunes"]["characters"]
    assert len(same) == 4 and all(r["old"]["games"] == 4 for r in same)
    assert all(r["shift"] == 0 and not r["significant"] for r in same)  # same seeds, same games
    assert balance(a, a, 4, seed=3)["boxes"] == {}  # nothing changed: nothing played


def test_a_box_plays_again_when_what_it_is_played_from_changes(fiery):
    """A box is played again when a component of no box changes (the shared game, its keywords,
    tokens and modes are every box's), and not when a component only moved in its file."""
    old, _new = fiery
    a = compile_side(old).ir
    moved = json.loads(json.dumps(a))
    for c in moved["components"]:
        if c.get("box") == "looney-tunes":
            c["span"] = "looney-tunes/elsewhere.mh:1:1-2:2"
    assert changed_boxes(a, moved) == []
    shared = json.loads(json.dumps(a))
    keyword = next(c for c in shared["components"] if c.get("box") is None and c["kind"] == "keyword")
    keyword["name"] += " (errata)"
    assert changed_boxes(a, shared) == sorted(c["id"] for c in a["components"] if c["kind"] == "box")


@pytest.fixture(scope="module")
def panther(tmp_path_factory):
    """Black Panther's Panther Strike (Marvel Mayhem, a game of the rules kernel) hits for 6, not 2."""
    base = tmp_path_factory.mktemp("panther")
    old = copy_content(base / "old")
    new = copy_content(base / "new")
    edit(new, "marvel-mayhem/black-panther.mh", 'panther-strike "Panther Strike" {\n    copies 3\n    attack 2\n',
         'panther-strike "Panther Strike" {\n    copies 3\n    attack 6\n')
    return old, new


def test_balance_of_a_kernel_game_by_deck(panther):
    """A box of the rules kernel is compared per deck: the deck whose Attack card got stronger
    wins more, beyond chance; the same seeds on an unchanged side move nothing."""
    a, b = (compile_side(side).ir for side in panther)
    report = balance(a, b, 60, seed=1)
    data = report["boxes"]["marvel-mayhem"]
    rows = {r["deck"]: r for r in data["decks"]}
    assert sorted(rows) == ["black-panther", "captain-marvel", "iron-man", "scarlet-witch"]
    assert sum(r["old"]["games"] for r in rows.values()) == sum(r["new"]["games"] for r in rows.values()) == 120
    assert rows["black-panther"]["shift"] > 0 and rows["black-panther"]["significant"]
    assert data["turns"]["old"] > 0 and data["turns"]["new"] > 0
    assert report["unchanged"] == ["dc-teen-titans-go", "looney-tunes", "teen-titans-go"]
    same = balance(a, a, 10, seed=1, boxes=["marvel-mayhem"])["boxes"]["marvel-mayhem"]["decks"]
    assert all(r["shift"] == 0 and not r["significant"] for r in same)


def test_cli_games_names_a_kernel_games_decks(panther):
    old, new = panther
    result = invoke("diff", old, new, "--no-scenarios", "--games", "3")
    assert result.exit_code == 1
    assert "marvel-mayhem: (decks)" in result.output and "black-panther (deck)" in result.output
    assert "unchanged, not played: dc-teen-titans-go, looney-tunes, teen-titans-go" in result.output
    markdown = invoke("diff", old, new, "--no-scenarios", "--games", "3", "--format", "markdown")
    assert "| marvel-mayhem | black-panther (deck) |" in markdown.output
    assert "Unchanged, not played: dc-teen-titans-go, looney-tunes, teen-titans-go (" in markdown.output


def test_cli_games(fiery):
    old, new = fiery
    result = invoke("diff", old, new, "--no-scenarios", "--games", "2", "--format", "json")
    assert result.exit_code == 1
    doc = json.loads(result.output)
    assert doc["balance"]["games"] == 2 and doc["balance"]["bots"] == ["greedy"]
    assert list(doc["balance"]["boxes"]) == ["teen-titans-go"]
    assert doc["balance"]["unchanged"] == ["dc-teen-titans-go", "looney-tunes", "marvel-mayhem"]
    bad = invoke("diff", old, new, "--games", "2", "--bots", "nobody")
    assert bad.exit_code == 2 and "--bots takes names of" in bad.output
