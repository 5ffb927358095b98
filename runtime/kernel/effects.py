"""One step of play, running the compiled effect statements and expressions of kernel games.

A choice it cannot make comes from the run's answers, or stops the run with the question
(NeedChoice), or (a game played out, KernelGame.play_out) is asked of its player where it
arises."""
from __future__ import annotations

from ..decisions import Decision
from .compile import compiled
from .compile_stmts import compiled_block
from .labels import labels as label_values


_STR = {str}
NAMES = [True]  # a draw among names printed as themselves makes no labels (a test's switch: off, labels() first)


class NeedChoice(Exception):
    def __init__(self, decision: Decision) -> None:
        super().__init__(decision.prompt)
        self.decision = decision


class GameOver(Exception):
    """The end condition held: the step stops where it is."""


class Run:
    """One step of play (setup, a turn's start or end, one action) being interpreted. The
    answers are the choices made in this step so far; the step is replayed from its start
    with them when the next one arrives, so no Python frame outlives a decision."""

    __slots__ = ("game", "rules", "state", "answers", "used", "in_place", "draws")

    def __init__(self, game, answers: list[str]) -> None:
        self.game = game
        self.rules = game.rules
        self.state = game.state
        self.answers = answers
        self.used = 0
        self.in_place = None  # KernelGame.play_out(): a question is answered where it is asked
        self.draws = None  # play_out's draws by player (in_place.steps_in_place): a choice of a value drawn here

    # -- choices ---------------------------------------------------------------------

    def ask(self, player: str, kind: str, prompt: str, actions: list[str], span=None) -> str:
        if len(actions) == 1:
            return actions[0]
        if self.used < len(self.answers):
            answer = self.answers[self.used]
            self.used += 1
            return answer
        if self.in_place is None:
            raise NeedChoice(Decision(player, kind, prompt, actions, span))
        answer = self.in_place(player, kind, prompt, actions, span)  # the game asks its player now, and keeps it
        self.answers.append(answer)
        self.used += 1
        return answer

    def choose_value(self, player: str, values: list, prompt: str, span=None, optional: bool = False):
        """One of the values, asked of `player` (`target LABEL`); `optional` (`up-to 1`): or
        none of them (`target none`, None), asked even of a lone value."""
        if len(values) == 1 and not optional:  # one choice: taken without asking
            return values[0]
        draws = self.draws
        if draws is not None and NAMES[0] and set(map(type, values)) == _STR and \
                self.state.dice.keys().isdisjoint(values) and self.rules.cards.keys().isdisjoint(values):
            # names that print as themselves (figures, spaces: labels() gives each its own text),
            # drawn among as the texts below are: one option a name, only the one drawn printed
            options = values if len(set(values)) == len(values) else list(dict.fromkeys(values))
            if optional:
                options = [*options, None]
            if len(options) == 1:
                return values[0]
            picked = options[draws[player](len(options))]
            self.game.history.append({"player": player, "kind": "target",
                                      "action": "target none" if picked is None else "target " + picked})
            return picked
        labels = label_values(self.game, values)
        texts = list(map("target ".__add__, labels))
        if optional:
            values, texts = [*values, None], [*texts, "target none"]
        if draws is not None:  # ask() and the game's _answer_in_place by draws, written out: no answer is kept
            options = list(dict.fromkeys(texts))
            if len(options) == 1:
                return values[0]
            picked = options[draws[player](len(options))]
            self.game.history.append({"player": player, "kind": "target", "action": picked})
            return values[texts.index(picked)]
        picked = self.ask(player, "target", prompt, list(dict.fromkeys(texts)), span)  # copies alike: one choice
        return values[texts.index(picked)]  # the first value so printed

    # -- statements ------------------------------------------------------------------

    def block(self, body: list, env: dict) -> None:
        """Run statements: their closures, compiled once per IR list (compile_stmts.py)."""
        compiled_block(body)(self, env)

    # -- expressions -----------------------------------------------------------------

    def expr(self, e: dict | None, env: dict):
        if e is None:
            return None
        return compiled(e)(self, env)
