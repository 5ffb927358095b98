"""Actions as typed values: every legal action of seeded games of the Mayhem boxes and of the
rules kernel's own games parses and prints back to the same string, the answers carry typed
arguments, a bad string gets a clear error (what is wrong, what
was expected), never a traceback, and no module but runtime/actions.py splits an action string."""
from __future__ import annotations

import pickle
import random
import re

import pytest

from mayhem.compiler import driver
from mayhem.runtime.actions import (_FORMS, FORMS, VERBS, Action, ActionError, declare, declared_form, location_of,
                                    parse, texts, usage)
from mayhem.runtime.kernel import KernelConfig, KernelGame, load_game_rules
from mayhem.runtime.kernel.actions import legal_actions
from mayhem.runtime.decisions import IllegalAction
from mayhem.runtime import Game, GameConfig, make_bot

from cli_helpers import invoke
from conftest import CONTENT, REPO

TEAMS = REPO / "examples" / "teams"
GAMES = [("teen-titans-go", "standard"), ("looney-tunes", "standard"), ("teen-titans-go", "free-for-all"),
         ("looney-tunes", "four-players"), ("teen-titans-go", "three-players")]


def played_actions(rules, box: str, mode: str, seed: int, bot) -> list[str]:
    """Every legal action listed at every decision of one game."""
    game = Game(rules, GameConfig(box, seed=seed, mode=mode, max_rounds=8))
    seen = []
    d = game.start()
    while d is not None:
        seen.extend(d.actions)
        d = game.act(bot.choose(d, game))
    return seen


def test_every_legal_action_of_many_games_prints_back_to_itself(rules):
    verbs = set()
    total = 0
    for box, mode in GAMES:
        for seed in range(4):
            bot = make_bot("random" if seed % 2 else "greedy", seed)
            for text in played_actions(rules, box, mode, seed, bot):
                action = Action.parse(text)
                assert str(action) == text and action.text == text
                assert Action(action.verb, action.args) is action  # the one value of that verb and arguments
                verbs.add(action.verb)
                total += 1
    assert total > 1000
    # the games reach most of the grammar: the setup, the turn, cards and effects
    assert {"pick", "side", "place", "place-die", "move", "resolve", "end-turn", "target", "pass"} <= verbs


def test_arguments_are_typed_and_named(rules):  # the rules loaded: their actions' forms declared
    a = Action.parse("place-die 6 robin/staff-meeting")
    assert (a.verb, a.args) == ("place-die", (6, "robin", "staff-meeting"))
    assert (a.value, a.figure, a.ability) == (6, "robin", "staff-meeting")
    move = Action.parse("move black-robin L10")
    assert move.location == 9 and move.figure == "black-robin"
    assert str(Action("place", ("raven", 0))) == "place raven L1"
    assert Action.parse("play sneak-attack").args == ("sneak-attack",)
    assert Action.parse("play sneak-attack robin").figure == "robin"
    assert Action.parse("reroll mayhem-die").args == ("mayhem",)  # the game's die of that kind
    assert Action.parse("reroll die-2").die == 2
    assert Action.parse("target L3-L4").target == "L3-L4"
    assert location_of("L3") == 2 and location_of("L3-L4") is None
    with pytest.raises(AttributeError, match="'move CHARACTER Ln' has no argument 'card'"):
        move.card


def test_the_grammar_has_one_form_per_arity_and_a_usage_line_each(rules):
    for verb in VERBS:
        lines = usage(verb)
        assert len(lines) == sum(map(len, _FORMS[verb].values())) and all(line.startswith(verb) for line in lines)
    assert usage("play") == ["play CARD", "play CARD CHARACTER"]  # the declared action's, then the table's
    assert usage("reroll") == ["reroll KIND-die", "reroll die-N"]
    # two forms of one number of arguments, told apart by their types
    assert str(Action("reroll", ("mayhem",))) == "reroll mayhem-die" and str(Action("reroll", (2,))) == "reroll die-2"


def test_the_declared_actions_print_by_their_declarations_not_by_a_table(rules):
    declared = [c for c in rules.game["children"] if c["kind"] == "action"]
    assert len(declared) >= 9
    for comp in declared:
        params = [p["name"] for p in comp["params"]]
        form = (comp["props"].get("form") or {}).get("value")
        assert FORMS.get(comp["id"], ()) in ((), ("{card} {figure}",))  # no Python table of their forms
        usage_line = declared_form(comp["id"], params, form).usage
        assert usage_line in usage(comp["id"])
        if form is None:  # its parameters in order, one word each
            assert usage_line == " ".join([comp["id"]] + [p.upper() for p in params])
    assert usage("place-die") == ["place-die N CHARACTER/ABILITY"] and usage("retrieve") == ["retrieve TOKEN"]
    assert usage("end-turn") == ["end-turn"] and usage("move") == ["move CHARACTER Ln"]


def test_a_declaration_s_form_is_checked_and_one_verb_prints_one_way(rules):
    with pytest.raises(ValueError, match="names figure, location: not its parameters"):
        declared_form("move", ["where"], "{figure} {location:loc}")
    with pytest.raises(ValueError, match=r"'pass' is a verb of .*, printed 'pass'"):
        declared_form("pass", [])
    with pytest.raises(ValueError, match="neither ':int' nor ':loc'"):
        declared_form("forfeit", ["value"], "{value:die}")
    assert declare("move", "{figure} {location:loc}", ["location"]).usage == "move CHARACTER Ln"  # again: the same
    with pytest.raises(ValueError, match="'move' is declared printed 'move Ln CHARACTER', and already 'move CHARACTER Ln'"):
        declare("move", "{location:loc} {figure}", ["location"])
    assert str(Action("move", ("hero", 3))) == "move hero L4"


@pytest.mark.parametrize("text, reason, hint", [
    ("", "it is empty", "an action starts with a verb"),
    ("plcae robin L1", "no verb 'plcae'", "did you mean 'place'"),
    ("end turn", "no verb 'end'", "did you mean 'end-turn'?"),
    ("place-die six robin/staff-meeting", "'place-die' is written 'place-die N CHARACTER/ABILITY'", "N is a number"),
    ("place robin 3", "'place' is written 'place CHARACTER Ln'", "Ln a Location such as L3"),
    ("place robin L0", "'place' is written 'place CHARACTER Ln'", "Ln a Location"),
    ("resolve robin", "'resolve' is written 'resolve CHARACTER/ABILITY'", "no blanks or '/'"),
    ("pass now", "'pass' is written 'pass'", "'pass' takes nothing more"),
    ("play", "'play' is written 'play CARD' or 'play CARD CHARACTER'", None),
    ("reroll die-x", "'reroll' is written 'reroll KIND-die' or 'reroll die-N'", "N is a number"),
    (" end-turn", "words are separated by single blanks", "did you mean 'end-turn'?"),
    ("move  robin L2", "words are separated by single blanks", "did you mean 'move robin L2'?"),
])
def test_a_bad_string_says_what_is_wrong_and_what_was_expected(rules, text, reason, hint):
    with pytest.raises(ActionError) as info:
        Action.parse(text)
    assert info.value.reason == reason
    assert str(info.value).startswith(f"{text!r} is not an action: {reason}")
    if hint:
        assert hint in info.value.hint


def test_building_an_action_checks_its_arguments():
    with pytest.raises(ActionError, match="no verb 'plcae'"):
        Action("plcae", ("robin", 1))
    with pytest.raises(ActionError, match="'move' takes no 1 arguments"):
        Action("move", ("robin",))
    with pytest.raises(TypeError, match="location is 'L2': expected an int"):
        Action("move", ("robin", "L2"))
    with pytest.raises(ActionError, match="must be a name without blanks"):
        Action("pick", ("two words",))


def test_a_game_answered_with_a_non_action_says_why_and_lists_the_legal_actions(rules):
    game = Game(rules, GameConfig("teen-titans-go", seed=1))
    d = game.start()
    with pytest.raises(IllegalAction) as info:
        game.act("pick  robin")
    assert "words are separated by single blanks" in str(info.value)
    assert "; legal: " + d.actions[0] in str(info.value)
    with pytest.raises(IllegalAction, match="is not a legal action now; legal: "):
        game.act("pick nobody")
    assert game.act(Action.parse(d.actions[0])) is not None  # an Action is an answer too


def test_a_scenario_with_a_misspelt_action_is_an_error_at_its_line(tmp_path):
    good = REPO / "tests" / "scenarios" / "teen-titans-go" / "bring-the-pizza.toml"
    text = good.read_text(encoding="utf-8")
    assert text.count('action = "place-die 1 robin/hero-reflexes"') == 1
    line = text[:text.index('action = "place-die 1 robin/hero-reflexes"')].count("\n") + 1
    bad = tmp_path / "bad-action.toml"
    bad.write_text(text.replace('action = "place-die 1 robin/hero-reflexes"', 'action = "place-die one robin/hero-reflexes"'),
                   encoding="utf-8")
    result = invoke("scenario", "run", bad, "--content", CONTENT)
    assert result.exit_code != 0
    assert f"{bad}:{line}:1: error[S100]: 'place-die one robin/hero-reflexes' is not an action" in result.output
    assert "'place-die N CHARACTER/ABILITY'" in result.output
    assert "Traceback" not in result.output


def kernel_menus(rules, players: int, seeds, decks=None):
    """(the decision, its legal Actions) at every choice of an action of seeded random games of
    a kernel game."""
    for seed in seeds:
        game = KernelGame(rules, KernelConfig(players=players, seed=seed, decks=decks or []))
        rnd = random.Random(seed)
        decision = game.start()
        while decision is not None:
            if decision.kind == "action":
                yield decision, legal_actions(game)
            decision = game.act(rnd.choice(decision.actions))


def test_every_legal_action_of_kernel_games_prints_and_parses_back(ir):
    ridge = driver.compile_paths([REPO / "tests" / "fixtures" / "kernel" / "ridge"]).ir
    verbs: dict = {}
    total = 0
    for rules, players in ((load_game_rules(ir, "marvel-mayhem"), 2), (load_game_rules(ir, "marvel-mayhem"), 3),
                           (load_game_rules(ridge, "ridge"), 4)):
        for decision, legal in kernel_menus(rules, players, range(3)):
            assert texts(legal) == decision.actions  # the decision lists the Actions' texts, in their order
            for action in legal:
                assert type(action) is Action
                text = str(action)
                assert parse(text, legal) is action and parse(text, legal).text == text  # print(parse(s)) == s
                # the form of a declared verb: the verb, then one value per parameter of its declaration
                params = [name for name, _domain in rules.actions[action.verb].params]
                assert len(action.args) == len(params) and text.startswith(action.verb)
                verbs.setdefault(rules.game["id"] if isinstance(rules.game, dict) else id(rules), set()).add(
                    action.verb)
                total += 1
    assert total > 500
    assert set().union(*verbs.values()) >= {"play", "climb", "rest"}


def test_parsing_against_the_legal_actions_names_them_when_none_is_said(ir):
    rules = load_game_rules(ir, "marvel-mayhem")
    decision, legal = next(kernel_menus(rules, 2, [1]))
    with pytest.raises(ValueError, match="'play nothing' is not a legal action now; legal: play "):
        parse("play nothing", legal)
    assert parse(" " + legal[0].text + " ", legal) is legal[0]  # blanks around an answer aside
    mayhem = [Action.parse("pass"), Action.parse("end-turn")]
    assert parse("end-turn", mayhem) is mayhem[1] is Action("end-turn")


# Where a module splits a string at its blanks, or cuts a verb off the front: on an action's
# text, that is a second parser (route it through runtime/actions.py's `parse`)
SPLITS = re.compile(r"""\.(r?split)\(\s*(\)|" "|None|maxsplit)|\.r?partition\(" "\)|\.removeprefix\(|"""
                    r"""\[len\(["'][a-z-]+ ["']\)\s*:|\b(picked|answer|action|choice|chosen)\[\d+:\]""")
# the splits that are of something else than an action, with what they split
NOT_ACTIONS = {
    ("bench/side_by_side.py", "what, *key, start, n = line.split()"): "a request to a bench worker",
    ("bench/side_by_side.py", "decisions, figure = worker.stdout.readline().split()"): "a bench worker's answer",
    ("bench/lsp.py", 'fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()'): "/proc/PID/stat",
    ("runtime/scenario_schema.py",
     "return {kind: frozenset(fields.split()) | frozenset(EVENT_COMMON) for kind, fields in EVENTS.items()}"):
        "the field names of the events a scenario may name",
}


def action_splits(sources) -> list[tuple[str, str]]:
    """(file, line) of every line of `sources` ((file, text) pairs) that splits a string as an
    action is split, but the parser's own and those of NOT_ACTIONS."""
    found = []
    for name, text in sources:
        if name == "runtime/actions.py":
            continue
        for line in text.splitlines():
            if SPLITS.search(line) and (name, line.strip()) not in NOT_ACTIONS:
                found.append((name, line.strip()))
    return found


def python_sources():
    """The modules whose strings may be actions: the package (mayhem/, runtime/), bench/ and the
    tests' helpers (tests/*.py that are not tests)."""
    paths = [p for top in ("mayhem", "runtime", "bench") for p in sorted((REPO / top).rglob("*.py"))]
    paths += [p for p in sorted((REPO / "tests").glob("*.py")) if not p.name.startswith("test_")]
    return [(p.relative_to(REPO).as_posix(), p.read_text(encoding="utf-8")) for p in paths]


def test_no_module_but_the_parser_splits_an_action_string():
    sources = python_sources()
    assert "runtime/kernel/effects.py" in dict(sources) and "tests/game_helpers.py" in dict(sources)
    assert action_splits(sources) == []
    for (name, line), what in NOT_ACTIONS.items():  # each exception still there, else it goes
        assert line in dict(sources)[name], f"{name} no longer has the split of {what}"


@pytest.mark.parametrize("line", ['verb, _, rest = text.partition(" ")', "card = action.split()[1]",
                                  'label = picked[len("choose "):]', "return values[labels.index(picked[7:])]",
                                  'words = text.split(" ")', 'name = answer.removeprefix("play ")'])
def test_the_check_catches_an_action_split_anywhere(line):
    assert action_splits([("runtime/kernel/effects.py", f"    {line}\n")]) == [("runtime/kernel/effects.py", line)]
    assert action_splits([("runtime/actions.py", line)]) == []  # the parser's own


def test_before_any_rules_are_loaded_a_declared_verb_says_so():
    """The game's actions are in the grammar once its rules are read; before, parsing one says
    that, not a guess at another verb (a fresh process: the tests' own have loaded rules)."""
    import subprocess
    import sys
    code = ("from mayhem.runtime.actions import Action, ActionError\n"
            "try:\n    Action.parse('move hero L4')\nexcept ActionError as exc:\n    print(exc.hint)\n"
            "print(Action.parse('pick hero').character)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.splitlines() == ["no rules are loaded: a game's actions parse once load_rules() has read their "
                                "declarations", "hero"]


def test_an_ir_whose_form_does_not_fit_its_parameters_is_a_declaration_error_at_its_span(ir, rules):
    """The compiler refuses such a form (E411); an IR made otherwise is refused by the runtime
    that plays it (the kernel's KernelError), with the declaration's span, and leaves the
    grammar as it was."""
    import copy
    from mayhem.runtime import load_rules
    from mayhem.runtime.kernel.rules import KernelError
    bad = copy.deepcopy(ir)
    game = next(c for c in bad["components"] if c["kind"] == "game" and not c["box"])
    move = next(c for c in game["children"] if c["kind"] == "action" and c["id"] == "move")
    move["props"]["form"]["value"] = "{figure} {where:loc}"
    with pytest.raises(KernelError, match=r"game\.mh:\d+.*the form of action 'move' names figure, where"):
        game = Game(load_rules(bad), GameConfig("teen-titans-go", seed=1))
        decision = game.start()
        while decision is not None:  # the setup's questions, up to the first turn's menu
            decision = game.act(decision.actions[0])
    assert usage("move") == ["move CHARACTER Ln"]


def test_an_action_is_its_verb_arguments_and_text(rules):  # the rules loaded: `move` declared
    a = Action("move", ("hero", 3))
    assert a == ("move", ("hero", 3), "move hero L4") and hash(a) == hash(("move", ("hero", 3), "move hero L4"))
    assert Action("move", ("hero", 3)) is a  # made once: the menus' actions are looked up, not printed again
    assert a != Action("move", ("hero", 4)) and a != Action("place", ("hero", 3))
    assert (a.verb, a.args, a.text, a.figure, a.location) == ("move", ("hero", 3), "move hero L4", "hero", 3)
    assert str(a) == "move hero L4" and repr(a) == "Action(verb='move', args=('hero', 3), text='move hero L4')"
    assert pickle.loads(pickle.dumps(a)) == a and type(pickle.loads(pickle.dumps(a))) is Action
    with pytest.raises(AttributeError, match="immutable"):
        a.verb = "place"
    with pytest.raises(TypeError, match="expected an int"):
        Action("move", ("hero", "L4"))
