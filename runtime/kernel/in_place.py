"""A kernel game played on to its end with each question answered where it arises (play_out's loop).

Each step is run to its end, so none is kept pending, copied or replayed: the structure's
steps by their functions (steps.py, turns.py), and a turn's choices of an action in one loop
of their own, each action taken by its declaration's function (compile_stmts.compiled_action)."""
from __future__ import annotations

from ..decisions import Decision
from .actions import sole_listing, sole_menu_of, take_action
from .compile_stmts import compiled_action
from .effects import GameOver, Run
from .menus import bound_menu, counted_menu
from .piles import refill


def steps_in_place(game) -> None:
    """KernelGame.play_out() between two steps: the rest of the game, in place."""
    refills = game.rules.refills
    game.pending = game.snapshot = None
    run = game._run
    if run is None:
        run = game._run = Run(game, [])
    run.in_place = game._answer_in_place
    # a choice of a value (Run.choose_value) drawn in place by play_out's draws: the run's
    # answers, which only grow there, are never read again, so it keeps none
    run.draws = game._draws
    kinds = game._kinds
    turn_start, turn_end = kinds["turn-start"], kinds["turn-end"]
    sole = sole_listing(game)  # the game's only action, of one card parameter: listed by sole.py
    take = None  # its declaration's function
    if sole is not None:  # its menu's function (actions.sole_menu_of): the state is the game's to the end
        listed = sole_menu_of(game, *sole)
        take = takes_of(game, sole[0])
    else:  # menu(game): the game's whole menu, one generated function bound to it (menus.py)
        listed = bound_menu(game)
    # seats that draw by the number of answers (play.py's _Draws): the menu counted, only the action
    # drawn printed (counted.py); None: the whole menu and a draw among its texts
    counted = None
    if sole is None and game._draws is not None and getattr(game._draws, "by_count", False):
        counted = counted_menu(game)
    prompt = (None, "")  # (the turn, its choice of an action's prompt)
    takes = game._takes  # each verb's function, once take_action has made it
    pick, draws, history = game._pick, game._draws, game.history
    # the state is the game's until the end (no step is replayed from a copy); the run's
    # answers only grow, each asked and used at once (Run.ask), so they need no reset
    state = game.state
    run.state, run.answers, run.used = state, [], 0
    while True:
        phase = state.phase
        if phase == "over":
            break
        if refills and phase != "setup":
            refill(Run(game, []))  # between two steps, zones with `refill-from` fill up
        try:
            if phase != "actions":  # setup, a round's start or end, a turn's start or end
                kinds[phase](game, run)
                if refills or state.phase != "actions":
                    continue
            if take is not None and draws is not None and not refills:  # the common case, in a loop of its own
                _drawn_turns(game, run, listed, take, draws, turn_start, turn_end)
                continue
            while True:  # a turn's actions, its end and the next turn's start, one after the other
                # the turn's choices of an action (_next_step's, written out), one step each: the
                # phase stays `actions` until the turn ends (the end of the game raises GameOver)
                while not state.end_turn:
                    if counted is not None:  # the action drawn (the history kept), None when none is legal
                        action = counted(game, draws, history)
                        if action is None:
                            break
                        if take is not None:
                            take(game, run, action)
                        else:
                            (takes.get(action.verb) or take_action)(game, run, action)
                        if refills:
                            refill(Run(game, []))
                        continue
                    legal, texts = listed()
                    if not legal:
                        break
                    if len(legal) == 1:  # its only legal action, taken without asking
                        action = legal[0]
                    elif draws is not None:  # by the player's draw: no Decision made
                        me = state.active
                        index = draws[me](texts)  # the actions: a bot's waits (waits.py)
                        history.append({"player": me, "kind": "action", "action": texts[index]})
                        action = legal[index]
                    else:  # the step's first question
                        if prompt[0] != state.turn:  # its prompt, made once a turn
                            prompt = (state.turn, f"turn {state.turn}: choose an action")
                        decision = Decision(state.active, "action", prompt[1], texts)
                        if pick is None:
                            index = game._answer_index(decision)
                        else:  # _answer_index(decision), written out: by its place (play_out's `pick`)
                            game.decision = decision
                            index = pick(decision)
                            history.append({"player": decision.player, "kind": "action", "action": texts[index]})
                        action = legal[index]
                    if take is not None:
                        take(game, run, action)
                    else:
                        (takes.get(action.verb) or take_action)(game, run, action)  # its own function
                    if refills:
                        refill(Run(game, []))  # between two steps
                state.phase = "turn-end"  # the turn has ended, or no action is left
                turn_end(game, run)
                # the next turn's start at once, unless zones refill between two steps or a
                # round ends first (then the loop above takes the next step)
                if refills or state.phase != "turn-start":
                    break
                turn_start(game, run)
                if state.phase != "actions":
                    break
        except GameOver:
            pass
    run.draws = None
    game._legal = game._texts = None
    game.decision = None


def _drawn_turns(game, run, listed, take, draws, turn_start, turn_end) -> None:
    """steps_in_place's loop of a turn's actions, its end and the next turn's start, for a game
    whose sole action is listed by sole.py, played by seats that draw their answers (no
    Decision made) and with no zone to refill: the same steps in the same order, less the
    tests those three make, until a round ends or the game does (GameOver)."""
    state, history = game.state, game.history
    drawn = listed.drawn  # sole.py's: the loop below, with the menu written in
    while True:
        # while not state.end_turn: the menu listed, one action drawn among n (taken without
        # asking when it is the only one) and taken; out of it when no action is left
        drawn(take, draws, history, game, run)
        state.phase = "turn-end"  # the turn has ended, or no action is left
        turn_end(game, run)
        if state.phase != "turn-start":  # a round ends first: steps_in_place takes the next step
            return
        turn_start(game, run)
        if state.phase != "actions":
            return


def takes_of(game, verb: str):
    """The declaration's function of the verb (actions.take_action's), kept by the game."""
    take = game._takes.get(verb)
    if take is None:
        take = game._takes[verb] = compiled_action(game.rules.actions[verb], game.rules)
    return take

