"""The event after every step of play: a game whose `update-event` names one of its events raises it after every step (the setup, a round's start and end, a turn's start and end, each action), unlogged, then checks its end.

After a step that checked it last, the end is checked again only once a listener ran: what a
card in play watches to know it is done (its `card-done`, card_flow.py). Heard by cards in play
alone, the pass is written out (_in_play_heard) and skipped whole while the marks it read are the
same (update_lines); the cards' flow words (`draw-into`, `card-done`, `end-game`,
`remove-location`) are card_flow.py's, named here too."""
from __future__ import annotations

from . import writers
from .card_flow import FLOW, PRIMITIVES, _flow, _player, _run_effect, card_done, draw_into, end_game, remove_chosen  # noqa: F401 - (named here as before)
from .compile_stmts import compiled_block
from .rules import KernelError


# -- the event after every step of play ----------------------------------------------------

def update_event(rules) -> str | None:
    """The event the game's `update-event` names (None: it names none), checked once."""
    found = rules.__dict__.get("_update")
    if found is None:
        prop = rules.game["props"].get("update-event")
        found = prop["value"] if prop is not None else ""
        if found and found not in rules.hearing.events:
            raise KernelError(f"game '{rules.game['id']}': `update-event {found}` names no event of the game; "
                              "events: " + (", ".join(rules.hearing.events) or "none"))
        rules.__dict__["_update"] = found
    return found or None


def raise_update(game, run) -> None:
    """The game's update event raised (unlogged) once a step is over, if anything may hear it;
    then the end checked (updater's function for these rules, made anew: after_step keeps it).
    Heard by cards in play alone (a card's goal it watches), and no trigger installed, it is
    heard here (_in_play_heard), as land would hear it, each card's `when` asked again only
    once what it reads changed (when_reads.py)."""
    if update_event(game.rules) is not None:
        updater(game.rules)(game, run)


def _in_play_only(rules, here) -> bool:
    """Whether only cards in play hear the event of this table, and it has no amount and no
    effect (what land would do for it is _in_play_heard's), read once per table."""
    only = rules.__dict__.setdefault("_in_play_only", {})
    found = only.get(here)
    if found is None:
        spec = rules.hearing.events[update_event(rules)]
        found = only[here] = bool(here.cards) and not (here.rules or here.reactions or here.pieces or here.figures
                                                       or here.spaces or spec["amount"] or spec["body"])
    return found


def _in_play_heard(rules, here, settled: bool):
    """The update function of an event only cards in play hear (_in_play_only), land's listener
    loop written out with events.in_play and when_reads.asked in it (no call of theirs): each
    card's triggers found before any runs, heard while the card still lies in its zone, a `once`
    limit spent as land spends it, each whose `when` holds run (its last answer for that
    listener kept with what it read, as `asked` keeps it: in `rules._when_reads` and
    `game._when_said`), then the end checked, after a `settled` step only if one ran (a body, or
    a limit spent). With a trigger installed (or a limit spent: the state's triggers) it lands."""
    name, hearing, heard = update_event(rules), rules.hearing, here.cards
    once = hearing.once
    quiets = quiet_kept(rules, here)  # a pass that ran nothing keeps the marks it read (game._quiet)

    def in_play_only(game, run) -> None:
        state = game.state
        if state.phase == "over":
            return
        game._quiet = None
        if state.triggers:
            land(run, {"ctx:me": state.active}, name, 0, {}, logged=False)
            game.check_end(run)
            return
        zones, cards, owners = state.zones, state.cards, state.owners
        try:  # Hearing.in_play_keys' keys, read here while the seats and Teams are theirs (no call)
            players, teams, keys = hearing._keys
            if players is not state.players or teams is not state.teams:
                keys = hearing.in_play_keys(rules, state)
        except AttributeError:
            keys = hearing.in_play_keys(rules, state)
        found = []  # (events.in_play, written out: found before any runs)
        for key in keys:
            if key in zones:
                for uid in zones[key]:
                    if cards[uid] in heard:
                        for t in heard[cards[uid]]:
                            found.append((t, owners[uid], uid, key))
        if not found:
            if quiets:
                game._quiet = (state.pieces_mark, state.figures_mark, state.board.get("key"))
            if not settled:
                game.check_end(run)
            return
        ran, places, pending = False, state.places, [0]
        try:  # (attribute reads: no call)
            known = rules._when_reads
        except AttributeError:
            known = rules._when_reads = {}
        try:  # per game: its seats and Teams are its own
            memo = game._when_said
        except AttributeError:
            memo = game._when_said = {}
        for trigger, me, card, key in found:
            if places[card] != key:
                continue  # a card in play that left its zone while the event was heard (card_done)
            lenv = None  # the listener's env, made once something reads it (not for a no kept)
            period = once[id(trigger)] if once and id(trigger) in once else None
            if period is not None:
                lenv = {"ctx:me": me, "ctx:this-card": card, "_in": key, "_pending": pending}
                if state.triggers and spent(state, trigger, lenv):
                    continue
            when = trigger["when"] if "when" in trigger else None
            if when is not None:  # when_reads.asked, written out
                wid = id(when)
                hit = known[wid] if wid in known else None
                if hit is None or hit[0] is not when:
                    hit = known[wid] = (when, when_reads.projection(when, rules))
                if hit[1] is None:
                    if lenv is None:
                        lenv = {"ctx:me": me, "ctx:this-card": card, "_in": key, "_pending": pending}
                    holds = when_reads.compiled(when)(run, lenv)
                else:
                    mkey, parts = (wid, me, card, owners[card]), hit[1](state)
                    said = memo[mkey] if mkey in memo else None
                    if said is not None and said[0] == parts:
                        holds = said[1]  # what it said last, for the same parts
                    else:
                        if lenv is None:
                            lenv = {"ctx:me": me, "ctx:this-card": card, "_in": key, "_pending": pending}
                        holds = True if when_reads.compiled(when)(run, lenv) else False
                        memo[mkey] = (parts, holds)
                if not holds:
                    continue
            if lenv is None:
                lenv = {"ctx:me": me, "ctx:this-card": card, "_in": key, "_pending": pending}
            if period is not None:
                spend(state, trigger, lenv, period)
                ran = True
            loop = loop_of(trigger, rules)  # a body that loops over a set found empty: nothing to run
            if loop is None or not loops_none(run, loop, lenv):
                compiled_block(trigger["body"])(run, lenv)
                ran = True
        if not ran and quiets:  # nothing ran: the same marks, nothing would (stepped skips the pass)
            game._quiet = (state.pieces_mark, state.figures_mark, state.board.get("key"))
        if ran or not settled:
            game.check_end(run)
    return in_play_only


def quiet_kept(rules, here) -> bool:
    """Whether a pass of the update event heard by cards in play alone (_in_play_heard) that ran
    nothing may be skipped whole while the marks it keeps are the same (`game._quiet`: the cards'
    and pieces' mark, the figures' mark, the board's key, writers.py): when every `when` of the
    cards' triggers reads only what those marks cover (when_reads.reads: the figures, the board,
    the pieces of tokens, or only the listener itself), with the figures' marks on. Which cards
    are in play, their owners and the listeners found are the cards' places, owners and cards
    (the mark's); a trigger without a `when` runs (a pass that ran something keeps no marks)."""
    if not writers.MARKS:
        return False
    for triggers in here.cards.values():
        for t in triggers:
            when = t["when"] if "when" in t else None
            if when is not None and when_reads.reads(when, rules) is None:
                return False
    return True


def updater(rules, settled: bool = False):
    """raise_update for these rules, its tests made once: what it does is fixed by who can hear
    the update event (its table) and by the state's installed triggers alone. Made at a step's
    first end (after_step), once the rules are loaded; one function call after each step. After
    a `settled` step (its end checked last, nothing it reads written since) the end is checked
    again only once a listener ran (a body, or a once-per limit spent)."""
    name = update_event(rules)
    here = rules.hearing.table(rules, name)
    if here.silent:  # only a trigger installed for it (`until`) can hear it
        def silent(game, run) -> None:
            state = game.state
            if state.triggers and state.phase != "over" and \
                    any(t["event"] == name and "until" in t for t in state.triggers):
                land(run, {"ctx:me": state.active}, name, 0, {}, logged=False)
            elif settled:
                return
            game.check_end(run)  # (it does nothing once the game is over)
        return silent
    if _in_play_only(rules, here):  # heard by cards in play alone: land's listener loop, none of its tests
        return _in_play_heard(rules, here, settled)

    def heard(game, run) -> None:
        state = game.state
        if state.phase != "over":
            land(run, {"ctx:me": state.active}, name, 0, {}, logged=False)
            game.check_end(run)
    return heard


def after_step(rules, step, settled: frozenset | None = None):
    """`step(game, run, ...)` followed by the update event, for a game that declares one; the
    step itself otherwise. A step that checks the end last names what it writes after that
    check (`settled`: turns.py's, an action's nothing): when the end reads none of it, the
    check after the update event is made only if a listener ran. One generated function
    (update_lines): the update function (updater) called only when it may do something. A step
    generated with those lines in it (`step.updated`: turns.py's) is itself."""
    if rules is None or update_event(rules) is None or getattr(step, "updated", False):
        return step
    space = {"step": step}
    lines = ["def stepped(game, run, *args):", "    step(game, run, *args)"]
    lines += update_lines(rules, settled, space)
    exec("\n".join(lines), space)  # noqa: S102 - source generated here, from the rules
    return space["stepped"]


def update_lines(rules, settled: frozenset | None, space: dict, pad: str = "    ") -> list[str]:
    """The lines run after a step (its `game`, `run`): the update function for these rules
    (updater, bound in `space` as `_update`) called only when it may do something: with a
    trigger installed, or, for cards in play alone (quiet_kept), unless the last pass ran nothing
    and the marks it kept are the same; silent, only with a trigger installed. Where it is not
    called, the end is checked unless the step is `settled` (its end checked last, nothing
    the end reads written since: end_reads.end_parts)."""
    parts = end_parts(rules) if settled is not None else None
    calm = parts is not None and not parts & settled  # (updater's `settled`)
    space["_update"] = updater(rules, calm)
    here = rules.hearing.table(rules, update_event(rules))
    from .turns import end_lines  # (the end check, skipped while its marks are as when it said no)
    ends = end_lines(rules, pad + "    ", "game.state")
    rest = [] if calm or not ends else [pad + "else:"] + ends
    watch = []
    if WATCH[0] is not None:  # (a test's: called before the update, at every step)
        space["_watch"], watch = WATCH[0], [pad + "_watch(game)"]
    if here.silent:
        return watch + [pad + "if game.state.triggers:", pad + "    _update(game, run)"] + rest
    if _in_play_only(rules, here) and quiet_kept(rules, here):
        return watch + [pad + "state = game.state",
                pad + "if state.triggers or game._quiet != (state.pieces_mark, state.figures_mark, "
                      "state.board.get('key')):",
                pad + "    _update(game, run)"] + rest
    return watch + [pad + "_update(game, run)"]


WATCH = [None]  # a test's function of the game, written into update_lines (before rules are loaded)


def after_steps(rules, kinds: dict) -> dict:
    """Each step of the structure (by kind) followed by the update event (after_step)."""
    return {kind: after_step(rules, step, getattr(step, "settled", None)) for kind, step in kinds.items()}


# -- imported here, once: at the end, as these modules import this one's names
from .events import land  # noqa: E402 - bound once, after this module's names (cycles)
from .when_reads import loop_of, loops_none  # noqa: E402 - bound once, after this module's names (cycles)
from . import when_reads  # noqa: E402 - (its `compiled` and `projection` read at a call: tests count them)
from .end_reads import end_parts  # noqa: E402 - bound once, after this module's names (cycles)
from .listeners import spend, spent  # noqa: E402 - bound once, after this module's names (cycles)
