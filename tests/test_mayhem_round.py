"""The Mayhem round's start and its dice are content (`game mayhem` of content/shared/game.mh,
issue #11 step 6): the Mayhem engine rolls the dice the game declares and runs its `round { }`.
Changing the content changes the game; the compiler checks what the round and the dice say."""
import copy
from pathlib import Path
import shutil

import pytest

from mayhem.compiler import driver
from mayhem.runtime.bots import RandomBot
from mayhem.runtime.dice import dice_rules, logged_events
from mayhem.runtime.engine import GameConfig
from mayhem.runtime.game import Game
from mayhem.runtime.rules import load_rules, prop

CONTENT = Path(__file__).resolve().parent.parent / "content"
GAME_MH = CONTENT / "shared" / "game.mh"
LOWEST = "let low = lowest(dice-total(playing))"
DISCARD = "move-card(cards-in(played, of: t), mayhem-discard)"


def content_with(tmp_path: Path, *edits: tuple[str, str]) -> Path:
    """A copy of the repository's content whose game.mh has each `old` replaced by `new`."""
    root = tmp_path / "content"
    shutil.copytree(CONTENT, root)
    text = GAME_MH.read_text(encoding="utf-8")
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new)
    (root / "shared" / "game.mh").write_text(text, encoding="utf-8")
    return root


def rules_of(root: Path):
    result = driver.compile_paths([root])
    assert result.ok, [f"{d.span}: {d.code} {d.message}" for d in result.diagnostics.items]
    return load_rules(result.ir)


def problems_of(root: Path) -> list[tuple[str, str, str]]:
    result = driver.compile_paths([root])
    return [(d.code, d.message, d.hint or "") for d in result.diagnostics.items if d.severity == "error"]


def leads(rules, box: str, seeds=range(4), rounds: int = 3, called: str = "initiative") -> list[dict]:
    """The lead lines of seeded games played by random bots for a few rounds, copied when
    logged (the line's dice are the Teams' pools, which a reroll changes later)."""
    out = []
    for seed in seeds:
        game = Game(rules, GameConfig(box, seed=seed))
        d = game.start()
        bots, seen = {}, 0
        while True:
            out.extend(copy.deepcopy(e) for e in game.events[seen:] if e["event"] == called)
            seen = len(game.events)
            if d is None or game.state.round > rounds:
                break
            d = game.act(bots.setdefault(d.player, RandomBot(seed)).choose(d, game))
    return out


def until_lead(game: Game) -> dict:
    """Play a game with random bots until the first round's leader is known: its lead line."""
    d = game.start()
    while not any(e["event"] == "initiative" for e in game.events):
        d = game.act(RandomBot(0).choose(d, game))
    return copy.deepcopy(next(e for e in game.events if e["event"] == "initiative"))


def test_the_round_gives_the_lead_to_the_lowest_total(rules):
    """"The player with the lowest total gets the Initiative. ... In the case of a tie, toss
    the Initiative token to decide." (Round Start)"""
    found = leads(rules, "teen-titans-go")
    assert len(found) >= 8
    for e in found:
        totals = {c: sum(d) for c, d in e["dice"].items()}
        low = min(totals.values())
        assert totals[e["team"]] == low
        assert e["coin_toss"] == (list(totals.values()).count(low) > 1)
        assert e["span"].startswith("shared/game.mh:")  # the line of the round that said it


def test_a_round_that_gives_the_lead_to_the_highest_total_plays_that_way(tmp_path):
    """The rule is content: the same engine, with a game.mh whose round picks the highest
    total, gives the lead to the highest total."""
    rules = rules_of(content_with(tmp_path, (LOWEST, "let low = highest(dice-total(teams))")))
    found = leads(rules, "teen-titans-go")
    strict = 0
    for e in found:
        totals = {c: sum(d) for c, d in e["dice"].items()}
        assert totals[e["team"]] == max(totals.values())
        strict += len(set(totals.values())) > 1
    assert strict >= 4  # rounds where highest and lowest differ: the content decided


def test_the_lead_line_is_named_by_the_game(tmp_path):
    """`lead-called` names the log line (and the scenario key) of the Team that leads."""
    rules = rules_of(content_with(tmp_path, ("lead-called initiative", "lead-called first-team")))
    assert leads(rules, "teen-titans-go", seeds=[0], rounds=1, called="initiative") == []
    assert leads(rules, "teen-titans-go", seeds=[0], rounds=1, called="first-team")
    assert "first-team" in logged_events(dice_rules(rules))


def test_the_dice_are_the_games_and_their_faces_the_boxs(rules):
    dice = dice_rules(rules)
    assert set(dice.dice) == {"activation", "mayhem"}
    assert (dice.effect_die, dice.pool_die) == ("mayhem", "activation")
    for box in ("teen-titans-go", "looney-tunes"):
        comp = rules.boxes[box]
        assert dice.faces("mayhem", comp) == prop(comp, "mayhem-die-faces")
        assert dice.faces("activation", comp) == prop(comp, "activation-die-faces")


def test_a_die_declared_with_other_faces_rolls_them(tmp_path):
    """The Activation die of a game.mh with faces 1..2 rolls only 1s and 2s, and the
    Mayhem die whose faces are listed shows one of them, read by the effects."""
    rules = rules_of(content_with(tmp_path, ("faces-from activation-die-faces", "faces 1..2"),
                                  ("faces-from mayhem-die-faces", "face-values [4, 5]")))
    found = leads(rules, "looney-tunes", seeds=[0, 1], rounds=2)
    assert found and all(v in (1, 2) for e in found for d in e["dice"].values() for v in d)
    game = Game(rules, GameConfig("looney-tunes", seed=3))
    until_lead(game)
    while not any(e["event"] == "mayhem-die" for e in game.events):
        game.act(RandomBot(0).choose(game.decision, game))
    assert game.state.shown["mayhem"] in ("4", "5")
    assert game.engine.effect_die_value() == int(game.state.shown["mayhem"])
    assert [e["face"] for e in game.events if e["event"] == "mayhem-die"] == [game.state.shown["mayhem"]]


def test_forced_rolls_and_tosses_decide_the_round(rules):
    """A scenario's queued results come before the seeded ones: a tie of the totals
    (3 + 4 against 5 + 2) is decided by the forced toss."""
    game = Game(rules, GameConfig("teen-titans-go", seed=0))
    eng = game.engine
    eng.forced_rolls = ["3", "4", "5", "2", "6*"]
    eng.forced_tosses = ["black"]
    e = until_lead(game)
    first, second = game.state.order  # the Teams roll in seat order
    assert (e["team"], e["coin_toss"], e["dice"]) == ("black", True, {first: [3, 4], second: [5, 2]})
    assert game.state.lead == "black"
    while not any(e["event"] == "mayhem-die" for e in game.events):
        game.act(RandomBot(0).choose(game.decision, game))
    assert next(e["face"] for e in game.events if e["event"] == "mayhem-die") == "6*"
    assert eng.forced_rolls == [] and eng.forced_tosses == []


def cards_played_in_round_one(rules, seeds=range(6)) -> list[tuple[Game, str, str]]:
    """(game at the start of round 2, Team, card qid) for each card played in round 1."""
    out = []
    for seed in seeds:
        game = Game(rules, GameConfig("teen-titans-go", seed=seed))
        d = game.start()
        while d is not None and game.state.round < 2:
            d = game.act(RandomBot(seed).choose(d, game))
        cards = {c["id"]: c["qid"] for c in rules.mayhem_cards["teen-titans-go"].values()}
        out.extend((game, e["team"], cards[e["card"]]) for e in game.events if e["event"] == "play" and e["round"] == 1)
    return out


def test_the_round_end_discards_the_cards_played(rules):
    """"Discard used Mayhem cards at the end of the round." (Mayhem Cards)"""
    found = cards_played_in_round_one(rules)
    assert found
    for game, team, qid in found:
        assert qid in game.state.zones["mayhem-discard"] or qid not in game.state.zones[f"played/{team}"]
        assert not any(qid in game.state.zones[f"played/{t}"] for t in game.state.order)


def test_a_round_end_that_discards_nothing_keeps_the_cards_played(tmp_path):
    """The discard is content: without it, the cards played in round 1 are still the Teams'
    cards of the round when round 2 begins (and they can play no more)."""
    rules = rules_of(content_with(tmp_path, (DISCARD, "move-card(cards-in(played, of: t), played, of: t)")))
    found = cards_played_in_round_one(rules)
    assert found
    for game, team, qid in found:
        assert qid in game.state.zones[f"played/{team}"]
        assert qid not in game.state.zones.get("mayhem-discard", [])


@pytest.mark.parametrize("edit, code, words", [
    (("faces-from mayhem-die-faces", ""), "E205", "needs its faces"),
    (("faces-from mayhem-die-faces", "faces-from mayhem-die-face"), "E301", "did you mean 'mayhem-die-faces'"),
    (("effect-die mayhem", "effect-die mayhm"), "E301", "did you mean 'mayhem'"),
    (("  round {\n", "  turn {\n  }\n  round {\n"), "E205", "slots of shared rules: round"),
    (("lead(first(leaders))", "lead(first(leaders))\n        place-figures(2)"), "E402", ""),
], ids=["no-faces", "unknown-faces-from", "unknown-effect-die", "unplayed-slot", "bad-arguments"])
def test_the_compiler_checks_the_round_and_the_dice(tmp_path, edit, code, words):
    found = problems_of(content_with(tmp_path, edit))
    assert any(c == code and words in (m + " " + h) for c, m, h in found), found


def test_faces_from_the_box_only_in_shared_rules(tmp_path):
    """A game a box names is played by the rules kernel, which has no box to read faces from."""
    root = tmp_path / "ridge"
    shutil.copytree(Path(__file__).resolve().parent / "fixtures" / "kernel" / "ridge", root)
    mh = root / "ridge.mh"
    mh.write_text(mh.read_text(encoding="utf-8").replace("faces 1..6", "faces-from mayhem-die-faces"),
                  encoding="utf-8")
    found = problems_of(root)
    assert any(c == "E205" and "only the shared rules of a module file" in m for c, m, _h in found), found
