"""A Mayhem scenario's Teams dealt by a kernel game of the shared rules' game, held where its first round would start.

The kernel deals the scenario's Teams (`KernelConfig.dashboards`: no colour chosen, no draft;
Competitive Mode's `box/id` Characters by their ids: the kernel's rules of a mode that takes
team lists hold every box's Characters) and sides, and plays the game's own `setup { }`,
answering its own questions (the hands' discards: the table replaces them); the game is held
as its first round would start (`_Held`); runtime/scenario_kernel_setup.py then writes the
scenario's table into its state. `ScenarioGame` resumes at the scenario's phase."""
from __future__ import annotations

from .kernel.rounds import next_member
from .kernel.rules import KernelError
from .kernel.structure import KernelGame

SET_ASIDE = "set-aside"  # the kernel's zone of cards out of the game (kernel/scenario.py)


class CannotSetUp(Exception):
    """The scenario's setup says something the translation cannot lay on the kernel's state."""


class _Held(Exception):
    """The kernel's setup is done: the game stops where its first round would start."""


class ScenarioGame(KernelGame):
    """A kernel game that stops after its setup (`hold`) and resumes at the scenario's phase:
    `resume` is the body of the round's part to play first (compiled), then the turns."""

    hold = True
    resume = None

    def _next_step(self):
        phase = self.state.phase
        if self.hold and phase == "round-start":
            raise _Held()
        if phase == "scenario-resume":
            return ["scenario-resume"]
        return super()._next_step()

    def _run_step(self, run, step):
        if step[0] != "scenario-resume":
            return super()._run_step(run, step)
        state = self.state
        self.resume(run, {"ctx:me": state.active})
        self.check_end(run)
        state.active = next_member(state, state.lead) if state.lead in state.teams else state.active
        state.log.append({"event": self.rules.lead_called, "round": state.round, "lead": state.lead,
                          "player": state.active})
        state.phase = "turn-start"


def dealt_game(rules, mgame_state, spec: dict) -> ScenarioGame:
    """The kernel game after its own setup, the scenario's Teams and sides dealt."""
    from .kernel.structure import KernelConfig
    setup = spec.get("setup", {})
    players = sum(len(t.players) for t in mgame_state.teams.values())
    try:  # the kernel's Teams, in order: the scenario's, in its order (Free-For-All: p1 ... are t1 ...)
        probe = ScenarioGame(rules, KernelConfig(players=players, seed=0))
        probe._setup_table()
        ids = list(probe.state.teams)
    except KernelError as exc:
        raise CannotSetUp(f"the kernel's setup: {exc}") from None
    if len(ids) != len(setup["teams"]):
        raise CannotSetUp(f"the scenario has {len(setup['teams'])} Teams, the kernel's game {len(ids)}")
    named = dict(zip(setup["teams"], ids))
    listed = {c: c.split("/") for chars in setup["teams"].values() for c in chars}  # ID, BOX/ID, BOX/ID/SIDE
    teams = {named[t]: [listed[c][min(1, len(listed[c]) - 1)] for c in chars] for t, chars in setup["teams"].items()}
    sides = {c: setup.get("sides", {}).get(c, "a") for chars in teams.values() for c in chars}  # default a
    sides.update({parts[1]: parts[2] for parts in listed.values() if len(parts) == 3})
    config = KernelConfig(players=players, seed=setup.get("seed", 0), dashboards=teams, sides=sides)
    try:
        game = ScenarioGame(rules, config)
        game.scenario_teams = named  # the scenario's Team -> the kernel's (scenario_kernel_read reads it back)
        decision = game.start()
        for _ in range(64):  # the setup's own questions (the hands' discards): the table replaces them
            if decision is None:
                break
            decision = game.act(decision.actions[0])
    except _Held:
        game.pending = game.snapshot = None
        game.hold = False
        return game
    except KernelError as exc:
        raise CannotSetUp(f"the kernel's setup: {exc}") from None
    raise CannotSetUp("the kernel's setup did not reach the first round (it asked: "
                      f"{game.decision.kind if game.decision else 'nothing'})")


def plain_pieces(table, token: str, zones: list) -> list[int]:
    """The pieces in these zones lying as the other tokens of `token`'s pool of plain pieces
    (kernel/flip.py: a piece is whichever of its tokens it is placed as), after its own."""
    rules, state = table.rules, table.state
    sides = rules.pieces.sides if rules.pieces is not None else {}
    qid = next((q for q in sides if rules.cards[q].id == token), None)
    others = set(sides[qid]) - {qid} if qid is not None else ()
    return [u for z in zones for u in state.zones[z] if state.cards[u] in others]


def turned_over(table, uid: int, token: str) -> int:
    """The piece shows `token` (a plain piece of its pool turned over: kernel/flip.py `turned`)."""
    rules, state = table.rules, table.state
    if rules.cards[state.cards[uid]].id != token:
        state.cards[uid] = next(q for q in rules.pieces.sides[state.cards[uid]] if rules.cards[q].id == token)
        state.heard_uids = None  # the pieces that hear each event are found again (listeners.pieces_hearing)
    return uid
