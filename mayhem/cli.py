"""The `mayhem` command: one front for checking, compiling, listing, graphing and explaining."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import click
from rich.console import Console
from rich.table import Table

from mayhem import __version__, report
from mayhem.compiler import driver
from mayhem.compiler.graph_export import component_subgraph, find_component, to_dot, to_mermaid, to_text
from mayhem.compiler.listing import list_components
from mayhem.dsl.codes import CODES, explain as explain_code

EXIT_OK, EXIT_CONTENT, EXIT_USAGE = 0, 1, 2
DEFAULT_CONTENT = Path("content")


def _console(err: bool = False) -> Console:
    return Console(stderr=err, highlight=False, soft_wrap=True)


def _paths(paths: tuple[str, ...]) -> list[Path]:
    return [Path(p) for p in paths] if paths else [DEFAULT_CONTENT]


def _report(comp: driver.Compilation, fmt: str, limit: int | None, out=None) -> None:
    diags = comp.diagnostics.sorted()
    if fmt == "json":
        click.echo(report.as_json(diags, comp.root), file=out)
    elif fmt == "sarif":
        click.echo(report.sarif(diags, comp.root), file=out)
    else:
        stream = out or sys.stderr
        color = stream.isatty() if hasattr(stream, "isatty") else False
        click.echo(report.text(diags, comp.sources, comp.root, color=color, limit=limit), file=stream)


FORMAT = click.option("--format", "fmt", type=click.Choice(["text", "json", "sarif"]), default="text",
                      show_default=True, help="How to print the findings.")
ROOT = click.option("--root", type=click.Path(file_okay=False, path_type=Path), default=None,
                    help="The content root (default: the nearest folder above the paths with mayhem.toml).")
LIMIT = click.option("--max-errors", "limit", type=int, default=50, show_default=True,
                     help="Print at most this many diagnostics in text form ('... and N more').")


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="mayhem")
def main() -> None:
    """Author, check, compile and play content for the Mayhem board games."""


@main.command()
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@FORMAT
@ROOT
@LIMIT
@click.option("--report", "report_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Also write the consistency report as a Markdown page into this folder.")
@click.option("--watch", is_flag=True, help="Keep watching the content root and check again on every save.")
def check(paths, fmt, root, limit, report_dir, watch):
    """Parse, resolve and check content files or folders (default: content/), then run the
    consistency checks over the whole collection.

    Exits 0 when clean (warnings and notes allowed), 1 on content errors, 2 on usage errors."""
    def once() -> int:
        comp = driver.check(_paths(paths), root=root)
        _report(comp, fmt, limit, out=sys.stdout if fmt != "text" else None)
        if report_dir is not None:
            from mayhem.compiler.checks.report import markdown
            report_dir.mkdir(parents=True, exist_ok=True)
            findings = [d for d in comp.diagnostics.items if d.code.startswith("C")]
            (report_dir / "consistency.md").write_text(markdown(findings, comp.silenced), encoding="utf-8")
        return EXIT_OK if comp.ok else EXIT_CONTENT
    if watch:
        from mayhem.compiler.loader import find_root
        from mayhem.watch import watch as watch_and_check
        sys.exit(watch_and_check([root or find_root(_paths(paths))], once))
    sys.exit(once())


@main.command("compile")
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), required=True,
              help="Where to write the IR JSON.")
@FORMAT
@ROOT
@LIMIT
def compile_cmd(paths, output, fmt, root, limit):
    """Compile content to the IR JSON (validated against its schema before it is written)."""
    comp = driver.compile_paths(_paths(paths), root=root)
    if not comp.ok or comp.ir is None:
        _report(comp, fmt, limit, out=sys.stdout if fmt != "text" else None)
        sys.exit(EXIT_CONTENT)
    _write_ir(comp, output)
    if fmt == "text":
        _console(err=True).print(f"wrote {output} ({len(comp.ir['components'])} top-level components)")
        if comp.diagnostics.items:
            _report(comp, fmt, limit)
    else:
        _report(comp, fmt, limit, out=sys.stdout)


def _write_ir(comp: driver.Compilation, output: Path) -> None:
    from mayhem.compiler.ir import dumps
    output.parent.mkdir(parents=True, exist_ok=True)
    tmp = output.with_name(output.name + ".tmp")
    tmp.write_text(dumps(comp.ir), encoding="utf-8")
    tmp.replace(output)  # never leave a half-written IR behind


@main.command()
@click.option("-o", "--output", type=click.Path(file_okay=False, path_type=Path), default=Path("build"),
              show_default=True, help="The build folder.")
@click.option("--content", type=click.Path(exists=True, file_okay=False, path_type=Path),
              default=DEFAULT_CONTENT, show_default=True, help="The content folder.")
@LIMIT
def build(output, content, limit):
    """The main job: check and compile everything under content/ into the build folder."""
    console = _console(err=True)
    comp = driver.build([content])
    if not comp.ok or comp.ir is None:
        _report(comp, "text", limit)
        sys.exit(EXIT_CONTENT)
    ir_path = output / "ir.json"
    _write_ir(comp, ir_path)
    kinds: dict[str, int] = {}
    for c in comp.ir["components"]:
        kinds[c["kind"]] = kinds.get(c["kind"], 0) + 1
    console.print(f"checked {len(comp.ir['files'])} files, boxes: {', '.join(comp.ir['boxes']) or 'none'}")
    console.print("components: " + ", ".join(f"{n} {k}" for k, n in sorted(kinds.items())))
    console.print(f"wrote {ir_path}")
    if comp.diagnostics.items:
        _report(comp, "text", limit)
    _build_site(comp, output / "site", output / "site-src", None, None, console)


# ---- the reference site ----------------------------------------------------------------

def _build_site(comp, out: Path, src: Path | None, report: str | None, site_url: str | None, console) -> None:
    from mayhem.site.build import SiteError, build_from, consistency_markdown
    from mayhem.site.vendor import VendorError
    try:
        result = build_from(comp, out, src=src, site_url=site_url,
                            report=report if report is not None else consistency_markdown(comp))
    except (SiteError, VendorError) as exc:
        console.print(f"error: the site was not built: {exc}")
        sys.exit(EXIT_CONTENT)
    console.print(f"wrote the site: {result.out} ({result.pages} pages, {result.files} files; "
                  f"MkDocs project in {result.src})")


@main.group("site")
def site_group():
    """The rule-reference site: build it (static, works offline) or preview it."""


SITE_CONTENT = click.option("--content", type=click.Path(exists=True, file_okay=False, path_type=Path),
                            default=DEFAULT_CONTENT, show_default=True, help="The content folder.")
SITE_SRC = click.option("--src", type=click.Path(file_okay=False, path_type=Path), default=None,
                        help="Where to write the MkDocs project (default: next to the site, DIR-src).")


@site_group.command("build")
@click.option("-o", "--output", type=click.Path(file_okay=False, path_type=Path), default=Path("build/site"),
              show_default=True, help="The site folder.")
@SITE_CONTENT
@SITE_SRC
@click.option("--report", "report_file", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              default=None, help="A consistency report page in Markdown to show instead of the checks' own "
                                 "(as `mayhem check --report DIR` writes it).")
@click.option("--site-url", default=None, help="The URL the site will be served at (for its sitemap).")
@LIMIT
def site_build(output, content, src, report_file, site_url, limit):
    """Compile and check the content, render its pages and build the static site with MkDocs."""
    console = _console(err=True)
    comp = driver.build([content])
    if not comp.ok or comp.ir is None:
        _report(comp, "text", limit)
        sys.exit(EXIT_CONTENT)
    report_md = report_file.read_text(encoding="utf-8") if report_file else None
    _build_site(comp, output, src, report_md, site_url, console)


@site_group.command("serve")
@SITE_CONTENT
@SITE_SRC
@click.option("--dev-addr", default="127.0.0.1:8000", show_default=True, help="Where to serve (host:port).")
def site_serve(content, src, dev_addr):
    """Render the site and preview it with live reload (mkdocs serve); Ctrl-C stops."""
    import tempfile
    from mayhem.site.build import serve
    console = _console(err=True)
    comp = driver.build([content])
    if not comp.ok or comp.ir is None:
        _report(comp, "text", 50)
        sys.exit(EXIT_CONTENT)
    with tempfile.TemporaryDirectory(prefix="mayhem-site-") as tmp:
        _build_site(comp, Path(tmp) / "site", src or Path(tmp) / "site-src", None, None, console)
        host, _, port = dev_addr.rpartition(":")
        serve(src or Path(tmp) / "site-src", host=host or "127.0.0.1", port=int(port))


@main.command("list")
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--kind", help="Only this kind (character, mayhem-card, go-card, location, token, npc, keyword).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@ROOT
def list_cmd(paths, kind, fmt, root):
    """Every component with its box, kind, name, side and provenance."""
    comp = driver.check(_paths(paths), root=root)
    if not comp.ok:
        _report(comp, "text", 50)
        sys.exit(EXIT_CONTENT)
    rows = list_components(comp.model, kind)
    if fmt == "json":
        click.echo(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    table = Table(show_header=True, header_style="bold")
    for col in ("box", "kind", "name", "side", "provenance"):
        table.add_column(col)
    for r in rows:
        table.add_row(r["box"] or "-", r["kind"], r["name"], r["side"] or "", r["provenance"])
    _console().print(table)


@main.command()
@click.argument("name")
@click.option("--content", "paths", multiple=True, type=click.Path(path_type=Path),
              help="Content files or folders (default: content/).")
@click.option("--format", "fmt", type=click.Choice(["text", "dot", "mermaid"]), default="text", show_default=True)
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write the graph to this file instead of the terminal.")
def graph(name, paths, fmt, output):
    """Show one component's effect graph (by id, qualified id or display name)."""
    comp = driver.check(_paths(paths))
    if not comp.ok:
        _report(comp, "text", 50)
        sys.exit(EXIT_CONTENT)
    matches = find_component(comp.graph.g, name)
    if not matches:
        raise click.UsageError(f"no component called '{name}'")
    if len(matches) > 1:
        raise click.UsageError(f"'{name}' is ambiguous: " + ", ".join(matches))
    sub = component_subgraph(comp.graph.g, matches[0])
    text = {"text": to_text, "dot": to_dot, "mermaid": to_mermaid}[fmt](sub, matches[0])
    if output:
        output.write_text(text + "\n", encoding="utf-8")
    else:
        click.echo(text)


# ---- playing -------------------------------------------------------------------------

def _rules(content: Path):
    from mayhem.runtime.rules import load_rules
    comp = driver.compile_paths([content])
    if not comp.ok or comp.ir is None:
        _report(comp, "text", 50)
        sys.exit(EXIT_CONTENT)
    return comp.ir, load_rules(comp.ir)


CONTENT = click.option("--content", type=click.Path(exists=True, file_okay=False, path_type=Path),
                       default=DEFAULT_CONTENT, show_default=True, help="The content folder.")


def _box_option(rules, box: str) -> str:
    if box not in rules.boxes:
        raise click.UsageError(f"no box '{box}'; boxes: {', '.join(sorted(rules.boxes))}")
    return box


MODE = click.option("--mode", default="standard", show_default=True,
                    help="standard, three-players, four-players, free-for-all or competitive (content/shared/modes.mh).")
TEAMS = click.option("--teams", default=None,
                     help="Competitive Mode: two team-list files, comma-separated (see `mayhem team check`).")


def _setup(ir, rules, box: str, mode: str, teams: str | None):
    """Check the box, the mode and (Competitive Mode) the team lists; the team lists by colour."""
    from mayhem.runtime.modes import available_modes, load_mode

    _box_option(rules, box)
    if mode not in available_modes(rules):
        raise click.UsageError(f"no mode '{mode}'; modes: {', '.join(available_modes(rules))}")
    if not load_mode(rules, mode).team_lists:
        if teams:
            raise click.UsageError("--teams is for a mode with team lists (--mode competitive)")
        return None
    files = [Path(t.strip()) for t in (teams or "").split(",") if t.strip()]
    if len(files) != 2:
        raise click.UsageError("--mode competitive needs --teams A.mh,B.mh")
    lists = {}
    for colour, path in zip(("black", "white"), files):
        team = _team(ir, path)
        lists[colour] = team.to_config()
    return lists


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


@main.command()
@click.option("--box", "--board", "box", required=True,
              help="The box to play (teen-titans-go, looney-tunes); in Competitive Mode, the board's box.")
@MODE
@TEAMS
@click.option("--first-game", is_flag=True, help="Use the First-Game hands instead of drawing.")
@click.option("--seed", type=int, default=None, help="The game's seed (default: random).")
@click.option("--bot", type=click.Choice(["random", "greedy"]), default="greedy", show_default=True,
              help="The bot playing every other seat.")
@click.option("--log", "log_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write the game's JSON Lines log here.")
@CONTENT
def play(box, mode, teams, first_game, seed, bot, log_path, content):
    """Play a game in the terminal against bots, choosing from the listed actions (you are p1)."""
    import random as _random
    from mayhem import tui
    from mayhem.runtime.bots import make_bot
    from mayhem.runtime.engine import GameConfig
    from mayhem.runtime.game import Game

    ir, rules = _rules(content)
    lists = _setup(ir, rules, box, mode, teams)
    seed = seed if seed is not None else _random.randrange(10 ** 6)
    game = Game(rules, GameConfig(box, seed=seed, first_game=first_game, mode=mode, team_lists=lists))
    console = _console()
    bots = {}
    console.print(f"[bold]{rules.boxes[box]['name']}[/bold] ({mode}), seed {seed}: you are p1, "
                  f"the {bot} bot plays the other seats.")
    decision = game.start()
    while decision is not None:
        if decision.player == "p1":
            tui.show(console, game, "p1")
            action = tui.prompt(console, decision, lambda text: click.prompt(text, prompt_suffix="", default="",
                                                                             show_default=False))
            if action is None:
                console.print("bye")
                break
        else:
            if decision.player not in bots:
                bots[decision.player] = make_bot(bot, seed + int(decision.player[1:]))
            action = bots[decision.player].choose(decision, game)
            console.print(f"[dim]{decision.player}: {action}[/dim]")
        decision = game.act(action)
    if game.state.over:
        tui.show(console, game, "p1")
        r = game.result()
        console.print(f"game over: {', '.join(r['winners']) or 'no winner'} ({r['reason']}) after {r['rounds']} rounds")
    if log_path:
        game.write_log(log_path)
        console.print(f"log written to {log_path}")


@main.command()
@click.option("--box", "--board", "box", required=True, help="The box to simulate (in Competitive Mode, the board's).")
@MODE
@TEAMS
@click.option("--games", type=int, default=100, show_default=True)
@click.option("--bots", default="random,greedy", show_default=True,
              help="Comma-separated: one bot for all players, one per Team, or one per player.")
@click.option("--seed", type=int, default=0, show_default=True, help="The seed of the first game.")
@click.option("--jobs", type=int, default=1, show_default=True, help="Worker processes.")
@click.option("--first-game", is_flag=True)
@CONTENT
def simulate(box, mode, teams, games, bots, seed, jobs, first_game, content):
    """Run many seeded games between bots and print win rates by Team, player and character,
    mean rounds, and how games ended."""
    from rich.progress import Progress
    from mayhem.runtime.bots import BOTS
    from mayhem.runtime.simulate import seat_bots, simulate as run_sim

    names = [b.strip() for b in bots.split(",") if b.strip()]
    unknown = [b for b in names if b not in BOTS]
    if unknown or not names:
        raise click.UsageError(f"--bots takes names of: {', '.join(BOTS)}")
    if games < 1 or jobs < 1:
        raise click.UsageError("--games and --jobs must be at least 1")
    ir, rules = _rules(content)
    lists = _setup(ir, rules, box, mode, teams)
    try:
        seat_bots(rules, mode, names)
    except ValueError as exc:
        raise click.UsageError(str(exc))
    with Progress(console=_console(err=True), transient=True) as progress:
        task = progress.add_task(f"{box} ({mode}): {games} games", total=games)
        summary = run_sim(ir, box, games, names, seed=seed, jobs=jobs, first_game=first_game, mode=mode,
                          team_lists=lists, progress=lambda: progress.advance(task))
    click.echo(summary.report())


@main.group()
def team():
    """Competitive Mode team lists."""


@team.command("check")
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path))
@CONTENT
def team_check(files, content):
    """Validate team lists: two different characters from the whole collection, a Mayhem hand
    of existing cards, no card twice, no more cards than the characters' Mayhem icons."""
    ir, _rules_ = _rules(content)
    for path in files:
        team_ = _team(ir, path)
        click.echo(f"{path}: team '{team_.name}' is valid: {', '.join(team_.characters)}; "
                   f"{len(team_.hand)} Mayhem cards")


@main.command()
@click.argument("log", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@CONTENT
def replay(log, content):
    """Replay a game log and verify that the same game comes out."""
    from mayhem.runtime.replay import LogError, replay as run_replay

    _ir, rules = _rules(content)
    try:
        report_ = run_replay(rules, log)
    except LogError as exc:
        raise click.UsageError(str(exc))
    click.echo(f"{log}: {report_.message} ({report_.decisions} decisions, {report_.events} events)")
    sys.exit(EXIT_OK if report_.ok else EXIT_CONTENT)


@main.group()
def scenario():
    """Scenario files: a starting state, actions, the expected state."""


@scenario.command("run")
@click.argument("files", nargs=-1, required=True, type=click.Path(exists=True, path_type=Path))
@CONTENT
def scenario_run(files, content):
    """Run scenario files (or folders of them) and report each."""
    from mayhem.runtime import scenario as sc

    _ir, rules = _rules(content)
    paths = []
    for f in files:
        paths.extend(sorted(f.rglob("*.toml")) if f.is_dir() else [f])
    failed = 0
    for path in paths:
        try:
            result = sc.run(rules, path)
        except sc.ScenarioError as exc:
            click.echo(f"ERROR {exc}")
            failed += 1
            continue
        click.echo(f"{'PASS' if result.ok else 'FAIL'} {path}: {result.name}")
        for f in result.failures:
            click.echo(f"    {f}")
        failed += 0 if result.ok else 1
    click.echo(f"{len(paths) - failed} passed, {failed} failed")
    sys.exit(EXIT_OK if not failed else EXIT_CONTENT)


@main.command()
@click.argument("code", required=False)
def explain(code):
    """The documentation of a diagnostic code; without a code, the list of codes."""
    if code is None:
        from mayhem.compiler.checks import CHECKS
        for c in CODES.values():
            click.echo(f"{c.code}  {c.title}")
        for c in CHECKS.values():
            click.echo(f"{c.code}  {c.name} ({c.severity})")
        return
    doc = explain_code(code)
    if doc is None:
        from mayhem.compiler.checks import CHECKS
        chk = CHECKS.get(code.upper())
        if chk is not None:
            doc = "\n".join([f"{chk.code} ({chk.name}, {chk.severity}, {chk.family} check)", "", chk.doc]
                            + (["", "Example:", "", "    " + chk.example.replace("\n", "\n    ")] if chk.example else [])
                            + (["", "Fix:", "", "    " + chk.fix] if chk.fix else [])
                            + ["", f'Silence it on one component with: silence "{chk.code}" "the reason"'])
    if doc is None:
        raise click.UsageError(f"no diagnostic code '{code}'; `mayhem explain` lists them")
    click.echo(doc)


if __name__ == "__main__":  # pragma: no cover
    main()
