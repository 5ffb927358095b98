"""The `mayhem` commands that play: play, simulate, replay, scenario run and team check."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from mayhem import cli_kernel as kernel
from mayhem.cli_common import ALLOW_ERRORS, CONTENT, EXIT_CONTENT, EXIT_OK, _console, compiled


def _rules(content: Path, allow_errors: bool):
    from mayhem.runtime import load_rules
    comp = compiled([content], allow_errors)
    return comp.ir, load_rules(comp.ir)


def _box_option(rules, box: str) -> str:
    if box not in rules.boxes:
        raise click.UsageError(f"no box '{box}'; boxes: {', '.join(sorted(rules.boxes))}")
    return box


MODE = click.option("--mode", default="standard", show_default=True,
                    help="standard, three-players, four-players, free-for-all or competitive (content/shared/modes.mh); "
                         "for a game of the rules kernel, a mode its box declares.")
PLAYERS = click.option("--players", type=int, default=None,
                       help="Games of the rules kernel (Marvel Mayhem): how many players (default: the fewest).")
DECKS = click.option("--decks", default=None,
                     help="Games of the rules kernel: one deck per player, comma-separated (default: a seeded choice).")
TEAMS = click.option("--teams", default=None,
                     help="A mode with team lists (Competitive Mode): one team-list file per Team, comma-separated, in the order of the game's team-names (see `mayhem team check`).")


def _runtime() -> str:
    """The runtime setting, MAYHEM_RUNTIME (runtime/switch.py): `kernel` or unset; a UsageError
    with a hint for any other value (`engine`: the engine was removed, revision 29f6a0ed has it)."""
    from mayhem.runtime.switch import RuntimeSettingError, runtime_setting
    try:
        return runtime_setting()
    except RuntimeSettingError as exc:
        raise click.UsageError(str(exc)) from None


def _setup(ir, rules, box: str, mode: str, teams: str | None):
    """Check the box, the mode and (Competitive Mode) the team lists; the team lists by the
    Teams' names, in seat order: the game's `team-names` (content/shared/game.mh) when it names
    as many Teams as the mode seats, else p1, p2, ... (runtime/modes.py, `Mode.team_ids`)."""
    from mayhem.runtime.modes import available_modes, load_mode, team_names

    _box_option(rules, box)
    if mode not in available_modes(rules):
        raise click.UsageError(f"no mode '{mode}'; modes: {', '.join(available_modes(rules))}")
    chosen = load_mode(rules, mode)
    if not chosen.team_lists:
        if teams:
            with_lists = [m for m in available_modes(rules) if load_mode(rules, m).team_lists]
            raise click.UsageError(f"--teams is for a mode with team lists "
                                   f"({', '.join('--mode ' + m for m in with_lists) or 'none in this content'})")
        return None
    names = chosen.team_ids(team_names(rules))
    files = [Path(t.strip()) for t in (teams or "").split(",") if t.strip()]
    if len(files) != len(names):
        example = ",".join(f"{n.upper()}.mh" for n in names)
        raise click.UsageError(f"--mode {mode} needs {len(names)} team lists, one per Team "
                               f"({', '.join(names)}, in this order): --teams {example}")
    return {name: _team(ir, path).to_config() for name, path in zip(names, files)}


def _team(ir, path: Path):
    from mayhem.compiler.teams import load_team
    from mayhem.dsl.diagnostics import Diagnostics

    diags = Diagnostics()
    if not path.is_file():
        raise click.UsageError(f"no team file '{path}'")
    team = load_team(path, ir, diags)
    if diags.has_errors() or team is None:
        from mayhem.dsl.diagnostics import format_all
        from mayhem.dsl.parser import read_source
        src = read_source(path, path.name, Diagnostics())
        click.echo(format_all(diags.sorted(), {path.name: src} if src else {},
                              display=lambda n: str(path.parent / n)), err=True)
        sys.exit(EXIT_CONTENT)
    return team


@click.command()
@click.option("--box", "--board", "box", required=True,
              help="The box to play (teen-titans-go, looney-tunes); in Competitive Mode, the board's box.")
@MODE
@TEAMS
@click.option("--first-game", is_flag=True, help="Use the First-Game hands instead of drawing.")
@click.option("--seed", type=int, default=None, help="The game's seed (default: random).")
@click.option("--bot", type=click.Choice(["random", "greedy", "rollout"]), default="greedy", show_default=True,
              help="The bot playing every other seat.")
@click.option("--log", "log_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write the game's JSON Lines log here.")
@CONTENT
@ALLOW_ERRORS
@PLAYERS
@DECKS
def play(box, mode, teams, first_game, seed, bot, log_path, content, allow_errors, players=None, decks=None):
    """Play a game in the terminal against bots, choosing from the listed actions (you are p1)."""
    import random as _random
    from mayhem import tui
    from mayhem.narrate import Narrator
    from mayhem.runtime import Game, GameConfig
    from mayhem.runtime.bots import BOTS

    _runtime()
    ir, rules = _rules(content, allow_errors)
    if kernel.is_game_box(ir, box):  # a game of the rules kernel of its own (Marvel Mayhem)
        kernel.refuse_mayhem_options(box, teams, first_game)
        return kernel.play(ir, box, players, seed, bot, decks, log_path, mode)
    if box in rules.boxes and bot not in BOTS:  # `rollout` is a bot of the kernel's own games
        raise click.UsageError(f"--bot: box '{box}' is played by the bots {', '.join(BOTS)}, not '{bot}'")
    lists = _setup(ir, rules, box, mode, teams)
    seed = seed if seed is not None else _random.randrange(10 ** 6)
    game = Game(rules, GameConfig(box, seed=seed, first_game=first_game, mode=mode, team_lists=lists))
    console = _console()
    console.print(f"[bold]{rules.boxes[box]['name']}[/bold] ({mode}), seed {seed}: you are p1, "
                  f"the {bot} bot plays the other seats (runtime: the rules kernel).")
    narrator = Narrator(game, "p1")
    from mayhem.runtime.kernel import KernelError
    try:
        ended = _play_loop(game, narrator, console, bot, seed)
    except KernelError as exc:  # content the rules kernel cannot play (a box too small to draft from)
        _cannot_play(box, exc)
    for line in narrator.pending():
        console.print(line, highlight=False, markup=False)
    if game.over:
        tui.show(console, game, "p1")
        r = game.result()
        console.print(f"game over: {', '.join(r['winners']) or 'no winner'} ({r['reason']}) after {r['rounds']} rounds")
    else:
        console.print(ended)
    if log_path:
        game.write_log(log_path)
        console.print(f"log written to {log_path}")


def _cannot_play(box: str, exc: Exception) -> None:
    """A box the rules kernel cannot play: said, exit 1 (never a traceback)."""
    click.echo(f"error: the rules kernel cannot play box '{box}': {exc}", err=True)
    sys.exit(EXIT_CONTENT)


def _ask(text: str) -> str:
    try:
        return click.prompt(text, prompt_suffix="", default="", show_default=False)
    except (click.exceptions.Abort, EOFError):
        from mayhem.tui import EndOfInput
        raise EndOfInput from None


def _play_loop(game, narrator, console, bot: str, seed: int) -> str | None:
    """Play until the game ends (None) or the player leaves (how, in words). Every event is
    told as it happens; the board is shown again before a question when it has changed."""
    from mayhem import tui
    from mayhem.runtime import make_bot

    bots = {}
    shown_at = -1
    decision = game.start()
    while decision is not None:
        if decision.player == "p1":
            for line in narrator.pending():
                console.print(line, highlight=False, markup=False)
            if narrator.changes != shown_at:
                tui.show(console, game, "p1")
                shown_at = narrator.changes
            try:
                action = tui.prompt(console, decision, _ask)
            except tui.EndOfInput:
                return "end of input: the game is left unfinished"
            if action is None:
                return "you left the game unfinished"
        else:
            if decision.player not in bots:
                bots[decision.player] = make_bot(bot, seed + int(decision.player[1:]))
            action = bots[decision.player].choose(decision, game)
        decision = game.act(action)
    return None


@click.command()
@click.option("--box", "--board", "box", required=True, help="The box to simulate (in Competitive Mode, the board's).")
@MODE
@TEAMS
@click.option("--games", type=int, default=100, show_default=True)
@click.option("--bots", default="random,greedy", show_default=True,
              help="Comma-separated: one bot for all players, one per Team, or one per player.")
@click.option("--seed", type=int, default=0, show_default=True, help="The seed of the first game.")
@click.option("--jobs", type=int, default=1, show_default=True, help="Worker processes.")
@click.option("--first-game", is_flag=True)
@click.option("--log-dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Write each game's JSON Lines log into this folder (seed-N.jsonl), for `mayhem replay`.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="The summary as text, or as JSON (the counts behind it).")
@CONTENT
@ALLOW_ERRORS
@PLAYERS
@DECKS
def simulate(box, mode, teams, games, bots, seed, jobs, first_game, log_dir, fmt, content,
             allow_errors, players=None, decks=None):
    """Run many seeded games between bots and print win rates by Team, player and character,
    mean rounds, and how games ended."""
    from rich.progress import Progress
    from mayhem.runtime.bots import BOTS
    from mayhem.runtime import simulate as run_sim
    from mayhem.runtime.simulate import seat_bots

    if games < 1 or jobs < 1:
        raise click.UsageError("--games and --jobs must be at least 1")
    _runtime()
    ir, rules = _rules(content, allow_errors)
    if kernel.is_game_box(ir, box):  # a game of the rules kernel (Marvel Mayhem): its own bots
        kernel.refuse_mayhem_options(box, teams, first_game)
        return kernel.simulate(ir, box, games, players, bots, seed, decks, log_dir, fmt, jobs, mode)
    names = [b.strip() for b in bots.split(",") if b.strip()]
    unknown = [b for b in names if b not in BOTS]
    if unknown or not names:
        raise click.UsageError(f"--bots takes names of: {', '.join(BOTS)}")
    lists = _setup(ir, rules, box, mode, teams)
    try:
        seat_bots(rules, mode, names)
    except ValueError as exc:
        raise click.UsageError(str(exc))
    from mayhem.runtime.kernel import KernelError
    try:
        with Progress(console=_console(err=True), transient=True) as progress:
            task = progress.add_task(f"{box} ({mode}): {games} games", total=games)
            summary = run_sim(ir, box, games, names, seed=seed, jobs=jobs, first_game=first_game, mode=mode,
                              team_lists=lists, log_dir=log_dir, progress=lambda: progress.advance(task))
    except KernelError as exc:  # content the rules kernel cannot play (a box too small to draft from)
        _cannot_play(box, exc)
    if fmt == "json":
        import json
        click.echo(json.dumps(summary.as_dict(), indent=2, sort_keys=True))
    else:
        click.echo(summary.report())


@click.group()
def team():
    """Competitive Mode team lists."""


@team.command("check")
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path))
@CONTENT
@ALLOW_ERRORS
def team_check(files, content, allow_errors):
    """Validate team lists: two different characters from the whole collection, a Mayhem hand
    of existing cards, no card twice, no more cards than the characters' Mayhem icons."""
    ir, _rules_ = _rules(content, allow_errors)
    for path in files:
        team_ = _team(ir, path)
        click.echo(f"{path}: team '{team_.name}' is valid: {', '.join(team_.characters)}; "
                   f"{len(team_.hand)} Mayhem cards")


@click.command()
@click.argument("log", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@CONTENT
@ALLOW_ERRORS
def replay(log, content, allow_errors):
    """Replay a game log and verify that the same game comes out (a log of the Mayhem engine,
    removed, is an error: revision 29f6a0ed replays it)."""
    from mayhem.runtime import LogError, replay as run_replay

    _runtime()
    _ir, rules = _rules(content, allow_errors)
    try:  # a log of a game of the rules kernel (Marvel Mayhem) too: runtime.replay hands it over
        report_ = run_replay(rules, log)
    except LogError as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(EXIT_CONTENT)
    events = "" if kernel.is_kernel_log(log) else f", {report_.events} events"  # a kernel log holds none
    click.echo(f"{log}: {report_.message} ({report_.decisions} decisions{events})")
    sys.exit(EXIT_OK if report_.ok else EXIT_CONTENT)


@click.group()
def scenario():
    """Scenario files: a starting state, actions, the expected state."""


@scenario.command("run")
@click.argument("files", nargs=-1, required=True, type=click.Path(exists=True, path_type=Path))
@CONTENT
@ALLOW_ERRORS
def scenario_run(files, content, allow_errors):
    """Run scenario files (or folders of them) on the rules kernel and report each."""
    from mayhem.runtime import ScenarioError, run_scenario

    _runtime()
    _ir, rules = _rules(content, allow_errors)
    paths = []
    for f in files:
        paths.extend(sorted(f.rglob("*.toml")) if f.is_dir() else [f])
    if not paths:
        click.echo(f"error: no scenario files (.toml) in {', '.join(str(f) for f in files)}", err=True)
        sys.exit(EXIT_CONTENT)
    failed = 0
    for path in paths:
        try:
            result = run_scenario(rules, path)
        except ScenarioError as exc:
            click.echo(f"ERROR {exc}")
            failed += 1
            continue
        except Exception as exc:  # a scenario the runner cannot follow: reported, never a traceback
            click.echo(f"ERROR {path}: the runner failed on it: {type(exc).__name__}: {exc}")
            failed += 1
            continue
        click.echo(f"{'PASS' if result.ok else 'FAIL'} {path}: {result.name}")
        for f in result.failures:
            click.echo(f"    {f}")
        failed += 0 if result.ok else 1
    click.echo(f"{len(paths) - failed} passed, {failed} failed")
    sys.exit(EXIT_OK if not failed else EXIT_CONTENT)


COMMANDS = (play, simulate, team, replay, scenario)
