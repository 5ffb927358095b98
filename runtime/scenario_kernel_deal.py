"""A Mayhem scenario's Teams dealt by a kernel game of the shared rules' game, held where its first round would start.

The kernel deals the scenario's Teams (`KernelConfig.dashboards`: no colour chosen, no draft;
Competitive Mode's `box/id` Characters by their ids: the kernel's rules of a mode that takes
team lists hold every box's Characters) and sides, and plays the game's own `setup { }`,
answering its own questions (the hands' discards: the table replaces them); the game is held
as its first round would start (`_Held`); runtime/scenario_kernel_setup.py then writes the
scenario's table into its state (the zones dealt from a deck: `lay_decks`, here). `ScenarioGame`
resumes at the scenario's phase."""
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


def dealt_game(rules, players: int, spec: dict) -> ScenarioGame:
    """The kernel game after its own setup (its random stream from the scenario's `seed`), the
    scenario's Teams and sides dealt to its `players` seats."""
    from .kernel.structure import KernelConfig
    setup = spec.get("setup", {})
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


def lay_decks(table) -> None:
    """The zones dealt from a deck (scenario_keys.game_keys of the Mayhem rules: the same
    declarations), the decks from the top, written by the Table `table` (runtime/scenario_kernel_setup.py)."""
    from .kernel.finish import _flow
    from .kernel.scenario import _take
    from .scenario_keys import game_keys
    state = table.state
    keys = game_keys(table.mrules)
    placed: set[int] = set()
    for key, dz in keys.zones.items():
        if dz.per is not None or key not in table.setup:
            continue
        for uid in list(state.zones.get(dz.zone, [])):
            table.move(uid, SET_ASIDE)
        for cid in table.setup[key]:
            uid = _take(table.rules, state, cid, state.players[0], placed)
            if uid is None:
                raise CannotSetUp(f"no card '{cid}' for {key}")
            placed.add(uid)
            table.move(uid, dz.zone)
    # a deck the scenario lists holds those cards alone: a hand emptied does not go back onto
    # it, and a card dealt that it lists is taken from it (docs/scenarios.md: "an owner's cards are
    # taken from wherever they lie")
    laid = {dz.zone for key, dz in keys.zones.items() if dz.per is None and key in table.setup}
    for key, dz in keys.zones.items():
        if dz.per is None:
            continue
        listed_for = table.setup.get(key, {})
        back = dz.source if dz.source != dz.zone and dz.source not in laid else SET_ASIDE
        for zone in [z for z in state.zones if z.startswith(f"{dz.zone}/")]:  # an owner not listed:
            for uid in list(state.zones[zone]):  # no cards, as the Mayhem scenario's (its deck's again)
                table.move(uid, back)
        for who, listed in listed_for.items():
            who = table.t(who) if dz.per == "team" or who not in state.players else who
            owner = who if dz.per == "team" else (state.teams[who][0] if who in state.teams else who)
            zone = f"{dz.zone}/{owner}"
            for uid in list(state.zones.get(zone, [])):
                table.move(uid, back)
            for cid in [listed] if dz.single else listed:
                player = owner if owner in state.players else state.teams[owner][0]
                uid = take_listed(table, cid, player, placed) if "/" in cid else next(
                    (u for u in state.zones.get(dz.source, ()) if dz.source in laid
                     and table.rules.cards[state.cards[u]].id == cid), None)
                if uid is None and "/" not in cid:
                    uid = _take(table.rules, state, cid, player, placed)
                if uid is None:
                    raise CannotSetUp(f"no card '{cid}' for {key}.{who}")
                placed.add(uid)
                table.move(uid, zone)
                # as the game deals it: `draw-into` (a zone that `draws-from`) makes the card its
                # holder's player's; `draw` from a shared deck leaves it no one's (piles.draw)
                into = _flow(table.rules).get(dz.zone, {}).get("draws-from")
                state.owners[uid] = player if into or table.rules.zones[dz.source].per else None


def take_listed(table, qid: str, player: str, placed: set[int]) -> int | None:
    """A card a team list names (`box/id`, Competitive Mode: a hand chosen from the whole
    collection, another box's card too): that card, not yet placed, or one made for the
    player when the game holds none (a card the lists bring is dealt, never in the deck)."""
    from .kernel.scenario import set_aside_card
    state = table.state
    if qid not in table.rules.cards:
        return None
    free = [u for u, q in enumerate(state.cards) if q == qid and u not in placed]
    return free[0] if free else set_aside_card(state, qid, player)
