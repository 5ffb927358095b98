"""The `mayhem` command: one front for checking, compiling, listing, graphing and explaining."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import click
from rich.table import Table

from mayhem import __version__
from mayhem.cli_common import (ALLOW_ERRORS, EXIT_CONTENT, EXIT_OK, FORMAT, LIMIT, ROOT, _console,
                               _paths, _report, compiled, default_content)
from mayhem.cli_fmt import fmt as fmt_command
from mayhem.cli_init import init as init_command
from mayhem.cli_play import COMMANDS as PLAY_COMMANDS
from mayhem.compiler import driver
from mayhem.compiler.graph_export import component_subgraph, find_component, to_dot, to_mermaid, to_text
from mayhem.compiler.listing import list_components, listed_kinds
from mayhem.dsl.codes import CODES, explain as explain_code
from mayhem.dsl.diagnostics import did_you_mean

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
    ws = None
    if watch:  # a Workspace, as the language server's: after a save, by file (only what it reaches)
        from mayhem.compiler.incremental import Workspace
        from mayhem.compiler.loader import absolute, find_root
        ws = Workspace(absolute(root) if root else find_root(_paths(paths)))
        ws.watched()  # told of every save by the watcher: the other files are neither walked for nor stat'ed

    def once() -> int:
        if ws is None:
            comp = driver.check_in_context(_paths(paths), root=root)
        else:
            comp = ws.check_in_context(_paths(paths))
            if comp.files:
                fresh = len(set(ws.cache.parsed_last))
                how = "; checked by file" if ws.by_file else ""
                click.echo(f"parsed {fresh} file{'s' if fresh != 1 else ''}, "
                           f"{max(comp.files - fresh, 0)} unchanged from the last check{how}", err=True)
        _report(comp, fmt, limit, out=sys.stdout if fmt != "text" else None, loaded=True)
        if report_dir is not None:
            from mayhem.compiler.checks.report import markdown
            report_dir.mkdir(parents=True, exist_ok=True)
            findings = [d for d in comp.diagnostics.items if d.code.startswith("C")]
            (report_dir / "consistency.md").write_text(markdown(findings, comp.silenced), encoding="utf-8")
        return EXIT_OK if comp.ok else EXIT_CONTENT
    if ws is not None:
        from mayhem.watch import watch as watch_and_check
        sys.exit(watch_and_check([ws.root], once, saw=ws.saw))
    sys.exit(once())


@main.command("compile")
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), required=True,
              help="Where to write the IR JSON.")
@FORMAT
@ROOT
@LIMIT
@ALLOW_ERRORS
def compile_cmd(paths, output, fmt, root, limit, allow_errors):
    """Compile content to the IR JSON (validated against its schema before it is written).
    Errors, of the compiler or of the consistency checks, stop it unless --allow-errors."""
    comp = compiled(_paths(paths), allow_errors, root=root, fmt=fmt, limit=limit)
    _write_ir(comp, output)
    if fmt == "text":
        _console(err=True).print(f"wrote {output} ({len(comp.ir['components'])} top-level components)")
        if comp.ok and comp.diagnostics.items:
            _report(comp, fmt, limit)
    elif comp.ok:  # with errors, the report is out already
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
              default=default_content, show_default="content/, or the content root around the working folder",
              help="The content folder.")
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

def _build_site(comp, out: Path, src: Path | None, report: str | None, site_url: str | None, console,
                history=None, balance=None) -> None:
    from mayhem.site.build import SiteError, build_from, consistency_markdown
    from mayhem.site.vendor import VendorError
    try:
        result = build_from(comp, out, src=src, site_url=site_url, history=history, balance=balance,
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
                            default=default_content, show_default="content/, or the content root around the working folder",
              help="The content folder.")
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
@click.option("--history", default=None, metavar="REV1,REV2,...|git",
              help="Add a changelog and component histories: the git revisions of the content, oldest "
                   "first, or `git` for the last 20 commits that changed it (see docs/diff.md).")
@click.option("--balance", "balance_file", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              default=None, help="Add a balance page: the results of `mayhem balance --out FILE` (.csv or "
                                 ".parquet), plotted (see docs/balance.md).")
@LIMIT
def site_build(output, content, src, report_file, site_url, history, balance_file, limit):
    """Compile and check the content, render its pages and build the static site with MkDocs."""
    console = _console(err=True)
    comp = driver.build([content])
    if not comp.ok or comp.ir is None:
        _report(comp, "text", limit)
        sys.exit(EXIT_CONTENT)
    report_md = report_file.read_text(encoding="utf-8") if report_file else None
    from mayhem.cli_diff import site_history
    rows = None
    if balance_file is not None:
        from mayhem.cli_balance import read_results
        rows = read_results(balance_file)
    _build_site(comp, output, src, report_md, site_url, console, history=site_history(history, content, comp),
                balance=rows)


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
@click.option("--kind", help="Only this kind (character, mayhem-card, go-card, location, token, npc, keyword, game, "
              "deck, or the card type of the cards in decks: marvel-card).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@ROOT
@ALLOW_ERRORS
def list_cmd(paths, kind, fmt, root, allow_errors):
    """Every component with its box, kind, name, side and provenance."""
    comp = compiled(_paths(paths), allow_errors, root=root)
    kinds = listed_kinds(comp.model)
    if kind is not None and kind not in kinds:
        raise click.BadParameter(f"no kind '{kind}' to list; " + (did_you_mean(kind, kinds) or "kinds: " + ", ".join(kinds)),
                                 param_hint="--kind")
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
@ALLOW_ERRORS
def graph(name, paths, fmt, output, allow_errors):
    """Show one component's effect graph (by id, qualified id or display name)."""
    comp = compiled(_paths(paths), allow_errors)
    matches = find_component(comp.graph.g, name)
    if not matches:
        raise click.UsageError(f"no component called '{name}'")
    if len(matches) > 1:
        raise click.UsageError(f"'{name}' is ambiguous: " + ", ".join(matches))
    sub = component_subgraph(comp.graph.g, matches[0], comp.ir)
    text = {"text": to_text, "dot": to_dot, "mermaid": to_mermaid}[fmt](sub, matches[0])
    if output:
        output.write_text(text + "\n", encoding="utf-8")
    else:
        click.echo(text)


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


@main.command()
@click.option("--stdio", is_flag=True, help="Speak over stdin and stdout (the default and only transport; "
              "the flag is accepted because editors' clients pass it).")
def lsp(stdio):
    """The language server: diagnostics, completion, hover, navigation and rename for .mh files
    in any LSP editor (see docs/lsp.md). Needs the `lsp` extra."""
    try:
        from mayhem.lsp.server import main as serve
    except ImportError as exc:
        missing = (exc.name or "a module").split(".")[0]
        raise click.ClickException(f"the language server needs pygls and lsprotocol ({missing} is missing): "
                                   "pip install 'mayhem-toolchain[lsp]'") from None
    serve()


for _command in (*PLAY_COMMANDS, fmt_command):
    main.add_command(_command)
main.add_command(init_command)

from mayhem.cli_diff import diff as _diff  # noqa: E402 (registered after the commands above)
main.add_command(_diff)
from mayhem.cli_balance import balance as _balance  # noqa: E402
main.add_command(_balance)


if __name__ == "__main__":  # pragma: no cover
    main()
