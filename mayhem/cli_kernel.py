"""`mayhem play` and `simulate` for a box that names a game of the rules kernel (Marvel Mayhem),
and whether a log is one of its games: the Mayhem commands hand such a box over to these."""
from __future__ import annotations

import json
import random as _random
from pathlib import Path

import click

from mayhem.cli_common import _console


def is_game_box(ir: dict, box: str) -> bool:
    from mayhem.runtime.kernel.rules import names_a_game
    return names_a_game(ir, box)


def refuse_mayhem_options(box: str, teams, first_game: bool) -> None:
    """A UsageError for an option of the Mayhem boxes' games that a kernel game has not
    (it would otherwise be left out without a word)."""
    for given, option in ((bool(teams), "--teams"), (first_game, "--first-game")):
        if given:
            raise click.UsageError(f"{option}: box '{box}' names a game of the rules kernel, which has no "
                                   "Teams files nor first-game set-up; its options are --mode, --players and --decks")


def _rules(ir: dict, box: str, mode: str = "standard"):
    """The rules of the box's game in the mode (a mode the game has not: a UsageError naming its modes)."""
    from mayhem.runtime.kernel import KernelError, load_game_rules
    try:
        return load_game_rules(ir, box, mode=mode)
    except KernelError as exc:
        raise click.UsageError(f"--mode: {exc}" if "has no mode" in str(exc) else str(exc))


def _decks(rules, decks: str | None) -> list[str]:
    names = [d.strip() for d in (decks or "").split(",") if d.strip()]
    unknown = [d for d in names if d not in rules.decks]
    if unknown:
        raise click.UsageError(f"no deck '{unknown[0]}' in box '{rules.box}'; decks: {', '.join(sorted(rules.decks))}")
    return names


def _players(rules, players: int | None) -> int:
    low, high = rules.seats
    players = players or low
    if not low <= players <= high:
        raise click.UsageError(f"--players: {rules.game['name']} plays {low} to {high} players")
    return players


def simulate(ir, box, games, players, bots, seed, decks, log_dir, fmt, jobs=1, mode="standard") -> None:
    """The games of simulate_kernel (which checks the bots and decks), with a progress bar."""
    from rich.progress import Progress
    from mayhem.runtime.simulate import simulate_kernel
    rules = _rules(ir, box, mode)
    names = [b.strip() for b in bots.split(",") if b.strip()]  # `greedy` too: runtime/kernel/greedy.py
    players = _players(rules, players)
    chosen = _decks(rules, decks)
    if "greedy" in names:
        _greedy_note(rules)
    with Progress(console=_console(err=True), transient=True) as progress:
        task = progress.add_task(f"{box}: {games} games", total=games)
        try:
            summary = simulate_kernel(ir, box, games, names, seed=seed, log_dir=log_dir, jobs=jobs, players=players,
                                      decks=chosen or None, progress=lambda: progress.advance(task), mode=mode)
        except ValueError as exc:
            raise click.UsageError(str(exc))
    if fmt == "json":
        click.echo(json.dumps(summary.as_dict(), indent=2, sort_keys=True))
    else:
        shown = f" ({rules.mode.name})" if rules.mode is not None else ""
        click.echo(f"{rules.game['name']}{shown}, {players} players, bots {', '.join(names)}")
        click.echo(summary.report())


def play(ir, box, players, seed, bot, decks, log_path, mode="standard") -> None:
    from mayhem.runtime.kernel import KernelConfig, KernelGame
    from mayhem.runtime.kernel.play import default_decks, make_bot, write_log
    rules = _rules(ir, box, mode)
    seed = seed if seed is not None else _random.randrange(10 ** 6)
    players = _players(rules, players)
    chosen = _decks(rules, decks) or default_decks(rules, players)  # as `simulate` deals them: the seed's choice
    config = KernelConfig(players=players, seed=seed, decks=chosen)
    game = KernelGame(rules, config)
    console = _console()
    shown = f" ({rules.mode.name})" if rules.mode is not None else ""
    console.print(f"[bold]{rules.game['name']}[/bold]{shown}, seed {seed}: you are p1, the {bot} bot plays the others.")
    if bot == "greedy":
        _greedy_note(rules)
    bots = {}
    if not _turns(console, game, game,
                  lambda p: bots.setdefault(p, make_bot(bot, seed + len(bots)))):
        return
    result = game.state.result
    console.print(f"game over: {', '.join(result['winners']) or 'no winner'} ({result['reason']}) "
                  f"after {result['turns']} turns")
    if log_path:
        write_log(game, log_path)
        console.print(f"log written to {log_path}")


def _greedy_note(rules) -> None:
    """Said on stderr when the greedy bot has nothing to weigh in the game (runtime/kernel/greedy.py)."""
    from mayhem.runtime.kernel.greedy import weighs
    if not weighs(rules):
        click.echo(f"note: {rules.game['name']} declares no counter kept per player that puts a player out "
                   "(`out-at-min`) and scores no card property, which the greedy bot weighs: it plays as the "
                   "random bot", err=True)


def _turns(console, game, board, bot_of) -> bool:
    """Plays `game` to its end, its events told as they come: p1 asked at the terminal (`board`
    shown), the other seats by bot_of(player). False when p1 leaves it unfinished."""
    shown = 0
    decision = game.start()
    while decision is not None:
        for event in game.state.log[shown:]:
            console.print(_tell(event), highlight=False, markup=False)
        shown = len(game.state.log)
        if decision.player == "p1":
            _show(console, board)
            for i, action in enumerate(decision.actions, 1):
                console.print(f"  {i}. {action}", highlight=False, markup=False)
            answer = _ask(decision)
            if answer is None:
                console.print("the game is left unfinished")
                return False
        else:
            answer = bot_of(decision.player).choose(decision, game)
        decision = game.act(answer)
    for event in game.state.log[shown:]:
        console.print(_tell(event), highlight=False, markup=False)
    return True


def _ask(decision) -> str | None:
    while True:
        try:
            text = click.prompt("your choice (number or action, q to quit)", default="", show_default=False).strip()
        except (click.exceptions.Abort, EOFError):
            return None
        if text == "q":
            return None
        if text.isdigit() and 1 <= int(text) <= len(decision.actions):
            return decision.actions[int(text) - 1]
        if text in decision.actions:
            return text
        click.echo(f"'{text}' is not one of the {len(decision.actions)} actions")


def _show(console, game) -> None:
    state = game.state
    for p in state.players:
        counters = ", ".join(f"{k.split('/')[0]} {v}" for k, v in sorted(state.counters.items())
                             if k.endswith("/" + p) and v) or "no counter above 0"
        piles = ", ".join(f"{z.split('/')[0]} {len(u)}" for z, u in state.zones.items() if z.endswith("/" + p))
        out = " (out)" if p in state.out else ""
        console.print(f"{p} {state.decks.get(p, '')}{out}: {counters}; {piles}", highlight=False, markup=False)
    for team, seats in state.teams.items():  # Teams: their counters and free dice
        counters = ", ".join(f"{k.split('/')[0]} {v}" for k, v in sorted(state.counters.items()) if k.endswith("/" + team))
        dice = [str(d["value"]) for d in state.dice.values() if d["owner"] == team and d["on"] is None]
        console.print(f"{team} ({', '.join(seats)}): {counters}; dice {' '.join(dice) or 'none'}", highlight=False,
                      markup=False)
    if state.figures:
        def kept(f):  # a figure's own counters (a dashboard's Life)
            own = ", ".join(f"{k.split('/')[0]} {v}" for k, v in sorted(state.counters.items()) if k.endswith("/" + f))
            return f" ({own})" if own else ""
        console.print("board: " + ", ".join(f"{f}{kept(f)} on {x['space']}" for f, x in state.figures.items()),
                      highlight=False, markup=False)
    # the open piles, the table's (a deck-builder's Line-Up, its face-up stacks) and the players'
    # (the cards in play, the discard piles)
    open_zones = [z for z in game.rules.zones.values() if z.per in (None, "player") and z.visibility == "public"]
    for z in open_zones:
        for key in [z.id] if z.per is None else [f"{z.id}/{p}" for p in state.players]:
            if state.zones.get(key):
                console.print(_pile(game, key), highlight=False, markup=False)
    hand = game.rules.zone_roles["draw-to"]
    if hand is not None:
        team = state.team_of("p1") if state.teams else None  # a hand kept per Team (the Mayhem rules)
        cards = [game.card_id(uid) for uid in state.zones.get(f"{hand}/p1") or state.zones.get(f"{hand}/{team}", [])]
        console.print(f"your {hand}: {', '.join(cards) or 'empty'}", highlight=False, markup=False)


def _pile(game, key: str, shown: int = 6) -> str:
    """An open pile (`lineup`, `team/p1`): its cards (the top one alone, and the count, for a bigger
    pile; the count and the card for copies of one), each with its printed numbers that are not
    0 (`hero (cost 3, power 2)`)."""
    uids = game.state.zones[key]
    zone, _, holder = key.partition("/")
    name = f"{holder}'s {zone}" if holder else zone
    if len(uids) > 1 and len({game.state.cards[uid] for uid in uids}) == 1:  # copies of one card: counted
        return f"{name}: {len(uids)} x {_card(game, uids[0])}"
    if len(uids) > shown:
        return f"{name}: {len(uids)} cards, top {_card(game, uids[0])}"
    return f"{name}: {', '.join(_card(game, uid) for uid in uids)}"


def _card(game, uid: int) -> str:
    from mayhem.runtime.kernel.layout import printed_property
    rules = game.rules
    printed = rules.cards[game.state.cards[uid]]
    numbers = []
    for name, decl in rules.card_types[printed.type].props.items():
        value = printed_property(rules, printed, name)
        if decl.get("type") in ("int", "signed") and isinstance(value, int) and value:
            numbers.append(f"{name} {value}")
    return game.card_id(uid) + (f" ({', '.join(numbers)})" if numbers else "")


def _tell(event: dict) -> str:
    rest = ", ".join(f"{k} {v}" for k, v in event.items() if k not in ("event", "uid"))
    return f"- {event['event']}: {rest}" if rest else f"- {event['event']}"


def is_kernel_log(path: Path) -> bool:
    from mayhem.runtime.kernel.play import is_kernel_log as kernel_log
    return kernel_log(path)
