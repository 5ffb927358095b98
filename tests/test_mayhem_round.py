"""The Mayhem round's start and its dice are content (`game mayhem` of content/shared/game.mh,
issue #11 step 6): the kernel rolls the dice the game declares and runs its `round { }`.
Changing the content changes the game; the compiler checks what the round and the dice say.
Read through the view and the log in the Mayhem words (runtime/game_view.py `logged`).

Also held by scenarios: Recovery's return recovery-return.toml, none in the first round
first-round-go-cards-no-recovery.toml, the per-round limits special-ability-limits.toml and
ko-double-activation.toml, Free-For-All's Initiative ffa-initiative-rotates.toml, forced rolls and
tosses every scenario that says `rolls` or `tosses`; the phases declared in their order:
tests/test_kernel_rounds.py."""
import copy
from pathlib import Path
import shutil

import pytest

from mayhem.compiler import driver
from mayhem.runtime import Game, GameConfig, load_rules, make_bot
from mayhem.runtime.dice import dice_rules, logged_events
from mayhem.runtime.game_view import logged
from mayhem.runtime.rules import prop

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


class Log:
    """A game's events in the Mayhem words (runtime/game_view.py `logged`: the kernel's read through
    the table of its lines), read on as the game goes, each with the round it was logged in (`round`: the round of the last line that said one, where it says none)."""

    def __init__(self, game) -> None:
        self.game, self.events, self.since, self.round = game, [], 0, 0

    def read(self) -> list[dict]:
        """The events logged since the last read (and kept in `events`)."""
        new, self.since = logged(self.game, self.since)
        for e in new:
            self.round = e.get("round", self.round)
            e.setdefault("round", self.round)
        self.events += new
        return new


def round_of(game) -> int:
    return game.view(pieces=False)["round"]


def leads(rules, box: str, seeds=range(4), rounds: int = 3, called: str = "initiative") -> list[dict]:
    """The lead lines of seeded games played by random bots for a few rounds, copied when
    logged (the line's dice are the Teams' pools, which a reroll changes later)."""
    out = []
    for seed in seeds:
        game = Game(rules, GameConfig(box, seed=seed))
        d, log = game.start(), Log(game)
        bots = {}
        while True:
            out.extend(copy.deepcopy(e) for e in log.read() if e["event"] == called)
            if d is None or round_of(game) > rounds:
                break
            d = game.act(bots.setdefault(d.player, make_bot("random", seed)).choose(d, game))
    return out


def until_lead(game: Game) -> dict:
    """Play a game with random bots until the first round's leader is known: its lead line."""
    d, log = game.start(), Log(game)
    while not any(e["event"] == "initiative" for e in log.read()):
        d = game.act(make_bot("random", 0).choose(d, game))
    return copy.deepcopy(next(e for e in log.events if e["event"] == "initiative"))


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


def test_the_lead_line_names_the_line_of_the_round(rules):
    """The lead line names the DSL line of the round that said it (its `span`; the kernel's log
    lines name none yet: docs/kernel.md, "The flip: the suite under the kernel")."""
    found = leads(rules, "teen-titans-go", seeds=[0], rounds=1)
    assert found and all(e.get("span", "").startswith("shared/game.mh:") for e in found)


def test_a_round_that_gives_the_lead_to_the_highest_total_plays_that_way(tmp_path):
    """The rule is content: the same runtime, with a game.mh whose round picks the highest
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
    log = Log(game)
    while not any(e["event"] == "mayhem-die" for e in log.read()):
        game.act(make_bot("random", 0).choose(game.decision, game))
    shown = game.view(pieces=False)["dice"]["mayhem"]
    assert shown in ("4", "5")
    assert [e["face"] for e in log.events if e["event"] == "mayhem-die"] == [shown]


def cards_played_in_round_one(rules, seeds=range(6)) -> list[tuple[Game, str, str]]:
    """(game at the start of round 2, Team, card qid) for each card played in round 1."""
    out = []
    for seed in seeds:
        game = Game(rules, GameConfig("teen-titans-go", seed=seed))
        d, log = game.start(), Log(game)
        while d is not None and round_of(game) < 2:
            d = game.act(make_bot("random", seed).choose(d, game))
            log.read()
        cards = {c["id"]: c["qid"] for c in rules.mayhem_cards["teen-titans-go"].values()}
        out.extend((game, e["team"], cards[e["card"]]) for e in log.events if e["event"] == "play" and e["round"] == 1)
    return out


def test_the_round_end_discards_the_cards_played(rules):
    """"Discard used Mayhem cards at the end of the round." (Mayhem Cards)"""
    found = cards_played_in_round_one(rules)
    assert found
    for game, _team, qid in found:  # (the view: each Team's cards played this round, by qid)
        assert not any(qid in t["played"] for t in game.view()["teams"].values())


def test_a_round_end_that_discards_nothing_keeps_the_cards_played(tmp_path):
    """The discard is content: without it, the cards played in round 1 are still the Teams'
    cards of the round when round 2 begins (and they can play no more)."""
    rules = rules_of(content_with(tmp_path, (DISCARD, "move-card(cards-in(played, of: t), played, of: t)")))
    found = cards_played_in_round_one(rules)
    assert found
    for game, team, qid in found:
        assert qid in game.view()["teams"][team]["played"]


@pytest.mark.parametrize("edit, code, words", [
    (("faces-from mayhem-die-faces", ""), "E205", "needs its faces"),
    (("faces-from mayhem-die-faces", "faces-from mayhem-die-face"), "E301", "did you mean 'mayhem-die-faces'"),
    (("effect-die mayhem", "effect-die mayhm"), "E301", "did you mean 'mayhem'"),
    (("  round {\n", "  turn {\n  }\n  round {\n"), "E205", "slots of shared rules: setup, round"),
    (("lead(first(leaders))", "lead(first(leaders))\n        place-figures(2)"), "E402", ""),
], ids=["no-faces", "unknown-faces-from", "unknown-effect-die", "unplayed-slot", "bad-arguments"])
def test_the_compiler_checks_the_round_and_the_dice(tmp_path, edit, code, words):
    found = problems_of(content_with(tmp_path, edit))
    assert any(c == code and words in (m + " " + h) for c, m, h in found), found


def test_faces_from_the_box_in_a_box_s_game_only_when_the_box_prints_them(tmp_path):
    """A game a box names is played by the rules kernel, which reads the faces its box prints
    (runtime/kernel/dice.py); a box that prints none is an error, not 1 to 6 as for the shared rules."""
    root = tmp_path / "ridge"
    shutil.copytree(Path(__file__).resolve().parent / "fixtures" / "kernel" / "ridge", root)
    mh = root / "ridge.mh"
    mh.write_text(mh.read_text(encoding="utf-8").replace("faces 1..6", "faces-from mayhem-die-faces"),
                  encoding="utf-8")
    found = problems_of(root)
    assert any(c == "E205" and "which prints no 'mayhem-die-faces'" in m for c, m, _h in found), found
    text = mh.read_text(encoding="utf-8")
    assert text.count("  game ridge\n") == 1
    mh.write_text(text.replace("  game ridge\n", '  game ridge\n  mayhem-die-faces ["1", "2", "3", "4", "5", "6"]\n', 1),
                  encoding="utf-8")
    assert not [c for c, _m, _h in problems_of(root) if c == "E205"]


# ---- the round's phases, Recovery and the End of Round as content (step 6) -------------------

RECOVERY_PHASE = GAME_MH.read_text(encoding="utf-8")[
    GAME_MH.read_text(encoding="utf-8").index('  phase recovery "Recovery" {'):
    GAME_MH.read_text(encoding="utf-8").index('  phase activation "Character Activation" {')]
RETURNS = "        return-figures(t, to: bases-of(t))\n"
RESETS = '    reset-limits("round")\n'


def returns_and_dice(rules, seeds=range(12), rounds=8) -> list[tuple[int, str]]:
    """(round, "return" | "die") of seeded games' logs, in order: the Characters brought back,
    and the Activation dice placed (`activate`)."""
    out = []
    for seed in seeds:
        game = Game(rules, GameConfig("teen-titans-go", seed=seed))
        d, bot, log = game.start(), make_bot("random", seed), Log(game)
        while d is not None and round_of(game) <= rounds:
            d = game.act(bot.choose(d, game))
            log.read()
        out.extend((e["round"], "return" if e["event"] == "return" else "die") for e in log.events
                   if e["event"] in ("return", "activate"))
        out.append((0, "end"))
    return out


def placed_around_returns(seen) -> tuple[int, int]:
    """How many dice were placed in the same round before a return, and after one."""
    before = after = 0
    for i, (rnd, what) in enumerate(seen):
        if what == "return":
            before += any(r == rnd and w == "die" for r, w in seen[:i][-12:])
            after += any(r == rnd and w == "die" for r, w in seen[i + 1:i + 12])
    return before, after


def test_a_game_whose_recovery_comes_after_activation_plays_that_way(rules, tmp_path):
    """The order is content: as game.mh declares them, the Characters KO'ed come back before
    the round's dice are placed; with the Recovery phase declared after Character Activation,
    after them."""
    before, after = placed_around_returns(returns_and_dice(rules))
    assert before == 0 and after > 0
    edited = rules_of(content_with(tmp_path, (RECOVERY_PHASE, ""),
                                   ('  phase round-end "End of Round" {',
                                    RECOVERY_PHASE + '  phase round-end "End of Round" {')))
    before, after = placed_around_returns(returns_and_dice(edited))
    assert before > 0 and after == 0


def test_a_recovery_that_returns_no_one_leaves_the_koed_off_the_board(tmp_path, rules):
    """Recovery's returns are content: without `return-figures`, a Character KO'ed stays off
    the board (the rule, not the runtime, brings it back)."""
    assert any(w == "return" for _r, w in returns_and_dice(rules, seeds=range(8), rounds=6))
    edited = rules_of(content_with(tmp_path, ("      for each t in in-lead-order(teams) {\n" + RETURNS + "      }\n", "")))
    koed_later = 0
    for seed in range(8):
        game = Game(edited, GameConfig("teen-titans-go", seed=seed))
        d, bot, log = game.start(), make_bot("random", seed), Log(game)
        while d is not None and round_of(game) <= 6:
            d = game.act(bot.choose(d, game))
            log.read()
        assert not any(e["event"] == "return" for e in log.events)
        figures = game.view(pieces=False)["figures"]
        koed_later += any(figures[e["figure"]]["space"] is None and e["round"] < round_of(game)
                          for e in log.events if e["event"] == "ko" and figures[e["figure"]]["kind"] == "character")
    assert koed_later > 0


def test_the_scenario_phase_is_named_by_the_declaration(tmp_path):
    """A scenario's `phase = "..."` is one of the game's phases: renamed in game.mh, the new
    name is the one a scenario uses (core/recovery-return.toml starts there and passes), and the
    old one is an error with a hint."""
    from mayhem.runtime import ScenarioError, run_scenario
    rules = rules_of(content_with(tmp_path, ('phase recovery "Recovery"', 'phase return "Recovery"')))
    text = (Path(__file__).resolve().parent / "scenarios" / "core" / "recovery-return.toml").read_text(encoding="utf-8")
    assert text.count('phase = "recovery"') == 1
    path = tmp_path / "recovery-return.toml"
    path.write_text(text.replace('phase = "recovery"', 'phase = "return"'), encoding="utf-8")
    result = run_scenario(rules, path)
    assert result.ok, result.failures
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError) as exc:
        run_scenario(rules, path)
    assert "recovery-return.toml:14:1: error[S100]: setup.phase is 'recovery': expected one of round-start, " \
        "return, activation, round-end, turn" in str(exc.value)


def test_free_for_all_plays_its_own_round(rules):
    """Free-For-All's `round { }` and `phase activation` (content/shared/modes.mh) replace the
    game's: the characters start on corners (the Locations with the fewest sides), the non-player
    figure in the centre (the most), and the Initiative goes round the table ("The Initiative token
    goes to the next player going clockwise"); the non-player figure is moved (an `npc` decision)."""
    for seed in (2, 3):
        game = Game(rules, GameConfig("teen-titans-go", seed=seed, mode="free-for-all"))
        d, bots, log, first = game.start(), {}, Log(game), None
        npc_moved = False
        while d is not None and round_of(game) < 4:
            if first is None and d.kind == "die":
                first = game.view()
            npc_moved |= d.kind == "npc"
            d = game.act(bots.setdefault(d.player, make_bot("random", seed + len(bots))).choose(d, game))
            log.read()
        sides = {label: len(near) for label, near in first["sides"].items()}
        for fig in first["figures"].values():
            want = max(sides.values()) if fig["kind"] == "npc" else min(sides.values())
            assert sides[fig["space"]] == want, (seed, fig)
        order = list(first["teams"])
        leads_ = [e["team"] for e in log.events if e["event"] == "initiative"]
        assert len(leads_) >= 3
        for a, b in zip(leads_, leads_[1:]):
            assert order.index(b) == (order.index(a) + 1) % len(order), (seed, leads_)
        assert npc_moved


@pytest.mark.parametrize("edit, code, words", [
    (('announce-together("recovery"', 'announce-together("recovry"'), "E402", "did you mean 'recovery'"),
    (('place-figures(t, on: bases-of(t), apart: "team")', 'place-figures(t, on: bases-of(t), apart: "teams")'),
     "E402", "did you mean 'team'"),
    (("    runs turns\n", ""), "E205", "phase 'activation' does nothing"),
    (("    runs round-end\n", "    runs round\n"), "E205", "which another phase already runs"),
], ids=["unknown-event", "unknown-apart", "phase-does-nothing", "runs-twice"])
def test_the_compiler_checks_the_phases(tmp_path, edit, code, words):
    found = problems_of(content_with(tmp_path, edit))
    assert any(c == code and words in (m + " " + h) for c, m, h in found), found


def test_a_modes_phase_must_replace_one_of_the_games(tmp_path):
    root = content_with(tmp_path)
    modes = root / "shared" / "modes.mh"
    text = modes.read_text(encoding="utf-8")
    modes.write_text(text.replace('  phase activation "Character Activation" {', '  phase activaton "Character Activation" {'),
                     encoding="utf-8")
    found = problems_of(root)
    assert any(c == "E301" and "unknown phase 'activaton'" in m and "did you mean 'activation'" in h
               for c, m, h in found), found


def test_a_kernel_game_s_phases_run_its_turns(tmp_path):
    """A kernel game may declare phases (runtime/kernel/phases.py), one of which runs the turns:
    a phase that runs them is no problem, phases that run none are E205."""
    root = tmp_path / "ridge"
    shutil.copytree(Path(__file__).resolve().parent / "fixtures" / "kernel" / "ridge", root)
    mh = root / "ridge.mh"
    text = mh.read_text(encoding="utf-8")
    for runs, wrong in (("turns", False), ("round", True)):
        mh.write_text(text.replace('  counter points "Points" {',
                                   f'  phase climb "Climb" {{\n    source authored\n    runs {runs}\n  }}\n\n'
                                   '  counter points "Points" {'), encoding="utf-8")
        found = problems_of(root)
        assert any(c == "E205" and "its phases run no turns" in m for c, m, _h in found) == wrong, found
