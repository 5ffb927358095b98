"""One game of a Mayhem box (`Game(rules, GameConfig(box, ...))`), played by the rules kernel, one decision at a time.

The box's rules are loaded by the kernel as naming the shared rules' game (runtime/switch.py
`kernel_ir`), the GameConfig read as a KernelConfig (the players the mode seats, the first game,
the Teams' lists, the sides), and the kernel's decisions shown in the Mayhem words the scenarios
and logs use: a Location is its label `L4` (runtime/scenario_kernel.py's `to_scenario`), a `do`
or `choose` option its slug, a Reaction `play CARD`, the kinds `turn`, `die`, `draft`,
`optional`, `option`, `reaction`. `act` takes those strings back (and the kernel's own);
`result()` gives the winners as Teams, the kept counters by Team, each Team's characters.
`events` is the kernel's log with the decisions where they were asked, `state` the kernel's
State, and a log (`write_log`: JSON Lines) says `runtime: kernel` in its header
(runtime/replay.py replays it). The Mayhem engine that played these boxes before December 4,
2026 was removed; revision 29f6a0ed is the last that has it."""
from __future__ import annotations

import copy
import json
import re

from .config import GameConfig  # noqa: F401 (a Game's configuration; importable from here, as it was)
from .decisions import Decision, IllegalAction, slug
from .switch import kernel_ir

LOG_VERSION = 1  # the `mayhem_log` of a log's header line
LOG_RUNTIME = "kernel"  # a log's header `runtime`: a game of a Mayhem box played by the kernel
# the kernel's decision kinds in the Mayhem words (`action` is `die` or `turn`: _kind)
KINDS = {"pick": "draft", "may": "optional", "choose": "option", "react": "reaction", "move": "npc"}
VERBS = {"react": "play"}  # a verb the Mayhem words say otherwise
LABELLED = re.compile(r"^(do|choose) (.+)$")  # the answers that name an option by its label


class RoundLimit(Exception):
    """A question asked after the config's `max_rounds`: the game stops there (`max-rounds`)."""


def kernel_rules(ir: dict, box: str, mode: str):
    """The kernel's rules of `box` in `mode` from the IR naming the shared game (loaded once per IR):
    `standard` too, the mode the box declares of that id (its rules read)."""
    from .scenario_kernel import kernel_rules as load
    return load(kernel_ir(ir), box, mode)


def kernel_config(krules, config):
    """The GameConfig as the kernel's KernelConfig: the players the mode seats, the seed,
    the first game, the Teams' characters (`teams`, the team lists) and sides, the lists' hands."""
    from .kernel.structure import KernelConfig
    mode = krules.mode
    players = len(mode.team_of) if mode is not None and mode.team_of else 2
    dashboards = {t: list(ids) for t, ids in config.teams.items()} if config.teams else None
    sides, hands = dict(config.sides or {}), None
    if config.team_lists:
        dashboards, hands = {}, {}
        for team, listed in config.team_lists.items():
            dashboards[team] = []
            for qid in listed.get("characters", []):
                parts = qid.split("/")
                dashboards[team].append(parts[1] if len(parts) > 1 else parts[0])
                if len(parts) > 2:
                    sides[parts[1]] = parts[2]
            hands[team] = list(listed.get("hand", []))
    return KernelConfig(players=players, seed=config.seed, max_turns=5000, dashboards=dashboards,
                        sides=sides or None, first_game=config.first_game, hands=hands)


class Game:
    """A game of a Mayhem box on the rules kernel (the module's docstring): `start()` and
    `act(action)` return the next Decision (None once over), `decision` is the one waiting."""

    runtime = "kernel"

    def __init__(self, rules, config, record: bool = True, game=None, *, runtime: str | None = None) -> None:
        """`runtime`: only `kernel` (runtime/switch.py; `engine` is an error naming the revision
        that last had it). `game`: a kernel game laid by hand (a scenario's table). `record`
        is kept for the callers that pass it (the kernel's log is always kept)."""
        from .kernel.structure import KernelGame
        from .switch import runtime_setting
        runtime_setting(runtime)
        if config.box not in rules.boxes:
            raise ValueError(f"no box '{config.box}' in the content; boxes: {', '.join(sorted(rules.boxes))}")
        if "game" in rules.boxes[config.box]["props"]:
            raise ValueError(f"box '{config.box}' names a game of the rules kernel: play it with "
                             f"mayhem.runtime.kernel (KernelGame(load_game_rules(ir, '{config.box}'), "
                             f"KernelConfig(players=..., seed=...))), or simulate(ir, '{config.box}', ...)")
        self.rules, self.config, self.record = rules, config, record
        self.krules = kernel_rules(rules.ir, config.box, config.mode)
        self.kernel = game if game is not None else KernelGame(self.krules, kernel_config(self.krules, config))
        self.decision: Decision | None = None
        self._shown: list[str] = []  # the decision's actions in the kernel's words, in its order
        self._capped = False
        # each decision answered: the length of the kernel's log then (events); a game given
        # (a scenario's, laid by hand) may have answered some already: at its log's start
        self._at: list[int] = [0] * len(self.kernel.history)

    # -- the API ----------------------------------------------------------------------------

    @property
    def state(self):
        return self.kernel.state

    @property
    def events(self) -> list[dict]:
        """The kernel's log with each decision answered where it was asked (`decision` events:
        player, decision kind, action in the Mayhem words)."""
        log, out, at = self.kernel.state.log, [], self._at
        steps = self.history
        n = 0
        for i, entry in enumerate(log):
            while n < len(steps) and at[n] <= i:
                out.append(_decision(steps[n]))
                n += 1
            out.append(entry)
        out += [_decision(step) for step in steps[n:]]
        return out

    @property
    def over(self) -> bool:
        return self._capped or self.kernel.over

    @property
    def history(self) -> list[dict]:
        """Every decision answered: {"player", "kind", "action"} in the Mayhem words."""
        return [{"player": h["player"], "kind": self._kind(h["kind"], h["action"]), "action": self._said(h["action"])}
                for h in self.kernel.history]

    def answered_at(self) -> list[int]:
        """For each decision answered (`history`), the length of the kernel's log when it was."""
        return list(self._at)

    @property
    def decisions(self) -> int:
        return len(self.kernel.history)

    def start(self) -> Decision | None:
        return self._show(self._capping(self.kernel.start))

    def act(self, action) -> Decision | None:
        action = str(action)
        if self.decision is None:
            raise IllegalAction(action, Decision("-", "over", "the game is over", []))
        try:
            said = self._shown[self.decision.actions.index(action)]
        except ValueError:
            if action not in self._shown:  # the kernel's own words are taken too
                raise IllegalAction(action, self.decision) from None
            said = action
        self._at.append(len(self.kernel.state.log))
        return self._show(self._capping(lambda: self.kernel.act(said)))

    def play_out(self, choose, pick=None) -> None:
        """Plays on to the end, `choose(decision)` answering each question (in the Mayhem words):
        the same game as act() by act() with the same answers. `pick=True` plays the kernel's
        random bots instead (runtime/kernel/play.py `_Draws`: simulate's games)."""
        if self.over:
            return
        if pick is True:
            from .kernel.play import _Draws
            draws, cap, kernel = _Draws(self.config.seed, self.krules), self.config.max_rounds, self.kernel
            at = self._at

            class Capped(dict):
                by_count = True  # as _Draws: a draw given the number of answers (kernel/counted.py)

                def __missing__(self, player):
                    draw = draws[player]

                    def capped(actions):
                        if kernel.state.round > cap:
                            raise RoundLimit()
                        at.append(len(kernel.state.log))
                        return draw(actions)
                    self[player] = capped
                    return capped
            run = lambda: self.kernel.play_out(self._answer(choose), Capped())  # noqa: E731
        else:
            if self.decision is None and not self.kernel.history and self.kernel.pending is None:
                # not started: its first question asked as start() asks it (not in place), so
                # that an answer refused leaves it waiting, as a refusal after act()s does
                if self.start() is None:
                    return
            run = lambda: self.kernel.play_out(self._answer(choose))  # noqa: E731
        try:
            self._capping(run)
        except IllegalAction:  # an answer refused: the kernel's question waits (KernelGame.play_out)
            self._show(self.kernel.decision)
            raise
        self.decision = None

    def clone(self) -> "Game":
        """An independent game in the same position (the kernel's state copied): acting on one
        leaves the other as it is."""
        twin = object.__new__(Game)
        twin.__dict__.update(self.__dict__)
        twin.kernel = self.kernel.clone()
        twin.config = copy.deepcopy(self.config)  # its own (a clone changed leaves the original as it was)
        twin._shown, twin._at = list(self._shown), list(self._at)
        return twin

    def on(self, kernel) -> "Game":
        """This game's reading of another kernel game of the same rules (a search's table: a
        clone, a deal), its decision waiting in the Mayhem words: what a bot that reads the
        Mayhem words (runtime/bots.py) is asked on a table the ISMCTS bot searches. Reading
        only: the twin shares this game's configuration and is not acted on."""
        twin = object.__new__(Game)
        twin.__dict__.update(self.__dict__)
        twin.kernel = kernel
        twin._at = []
        twin._show(kernel.decision)
        return twin

    def result(self) -> dict:
        """The result: winners as Teams, the reason, the round, each counter kept as pieces by
        Team, each Team's characters."""
        from .counters import kept_as_pieces
        from .kernel.effects import Run
        from .kernel.kept import value
        st = self.kernel.state
        res = st.result or {}
        reason = "max-rounds" if self._capped else res.get("reason")
        winners = [] if self._capped else sorted({_team_name(st, p) for p in res.get("winners") or ()})
        run = Run(self.kernel, [])
        counters = {c: {_team_label(st, t): value(run, c, t) for t in st.teams} for c in kept_as_pieces(self.rules)
                    if c in self.krules.counters and getattr(self.krules.counters[c], "kept_as", None)}
        teams = {_team_label(st, t): [f for f, x in st.figures.items()
                                      if x.get("owner") == t and x.get("kind") == "character"] for t in st.teams}
        return {"winners": winners, "reason": reason, "rounds": st.round, **counters, "teams": teams}

    def view(self, pieces: bool = True) -> dict:
        """The game as plain data (runtime/game_view.py): the round, the decision waiting, each
        Team's players, counters, hand size and dice, each figure's space, Damage, Life and KO,
        the Locations and the pieces on them, the result once over (`pieces=False`: without the
        pieces, a cheaper reading).

        >>> from mayhem.compiler.driver import compile_paths
        >>> from mayhem.runtime import Game, GameConfig, load_rules
        >>> game = Game(load_rules(compile_paths(["content"]).ir), GameConfig("teen-titans-go", seed=7))
        >>> _ = game.start()
        >>> seen = game.view()
        >>> seen["round"], seen["decision"]["kind"], seen["over"]
        (0, 'colour', False)
        """
        from .game_view import view
        return view(self, pieces)

    def teams(self) -> dict[str, list[str]]:
        """Each Team, as the game names it, with its players."""
        st = self.kernel.state
        return {_team_label(st, t): list(players) for t, players in st.teams.items()}

    def header(self) -> dict:
        """Everything the game's configuration holds, so that a replay can rebuild it, and
        `runtime`: the kernel played the game."""
        cfg = self.config
        return {"mayhem_log": LOG_VERSION, "runtime": LOG_RUNTIME, "ir_digest": self.rules.digest, "box": cfg.box,
                "seed": cfg.seed, "mode": cfg.mode, "first_game": cfg.first_game, "teams": cfg.teams,
                "sides": cfg.sides, "max_rounds": cfg.max_rounds, "team_lists": cfg.team_lists}

    def write_log(self, path) -> None:
        """A JSON Lines log: the header, every event (the kernel's log with the decisions where
        they were asked), then the result; `mayhem replay` replays it (runtime/replay.py)."""
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(json.dumps({"header": self.header()}, sort_keys=True) + "\n")
            for event in self.events:
                fh.write(json.dumps(event, sort_keys=True, default=str) + "\n")
            fh.write(json.dumps({"result": self.result()}, sort_keys=True) + "\n")

    # -- the kernel's words in the Mayhem words ---------------------------------------------

    def _capping(self, step):
        try:
            decision = step()
        except RoundLimit:
            self._capped = True
            return None
        if decision is not None and self.kernel.state.round > self.config.max_rounds:
            self._capped = True
            return None
        return decision

    def _tiles(self) -> list[str]:
        return self.kernel.state.board.get("tiles") or [] if isinstance(self.kernel.state.board, dict) else []

    def _said(self, action: str) -> str:
        from .scenario_kernel import to_scenario
        text = to_scenario(action, self._tiles(), VERBS)  # an option's label: its slug
        return LABELLED.sub(lambda m: f"{m.group(1)} {slug(m.group(2))}", text)

    def _kind(self, kind: str, action: str) -> str:
        if kind == "action":
            return "die" if action.startswith("place-die ") else "turn"
        return KINDS.get(kind, kind)

    def _show(self, decision):
        """The kernel's decision in the Mayhem words (its kernel strings kept in `_shown`)."""
        if decision is None:
            self.decision, self._shown = None, []
            return None
        self.decision = self._translate(decision)
        return self.decision

    def _translate(self, decision) -> Decision:
        self._shown = list(decision.actions)
        said = [self._said(a) for a in decision.actions]
        if len(set(said)) != len(said):  # two answers the Mayhem words would merge: the kernel's
            said = list(decision.actions)
        kind = self._kind(decision.kind, decision.actions[0] if decision.actions else "")
        if decision.kind == "action" and any(not a.startswith("place-die ") for a in decision.actions):
            kind = "turn"
        return Decision(decision.player, kind, decision.prompt, said, decision.span)

    def _answer(self, choose):
        """The kernel's `choose` of play_out: the decision shown in the Mayhem words, the answer
        taken back in the kernel's; RoundLimit past the config's max_rounds."""
        kernel, cap = self.kernel, self.config.max_rounds

        def answer(decision):
            if kernel.state.round > cap:
                raise RoundLimit()
            shown = self._translate(decision)
            text = str(choose(shown))
            try:
                said = self._shown[shown.actions.index(text)]
            except ValueError:
                if text not in self._shown:
                    raise IllegalAction(text, shown) from None
                said = text
            self._at.append(len(kernel.state.log))  # once answered (a refused answer answered nothing)
            return said
        return answer


def _decision(step: dict) -> dict:
    """A decision answered as a log writes it."""
    return {"event": "decision", "player": step["player"], "decision": step["kind"], "action": step["action"]}


def _team_name(state, player: str) -> str:
    """A player's Team as the game names it (_team_label); the player, if in none."""
    team = state.team_of(player)
    return player if team is None else _team_label(state, team)


def _team_label(state, team: str) -> str:
    """A Team as the game names it: its id; a Team of one player the game does not name
    (Free-For-All's t1, t2 ...) after its player (bench/parity_kernel.py's reading)."""
    players = state.teams.get(team, ())
    return players[0] if re.fullmatch(r"t\d+", team) and len(players) == 1 else team
