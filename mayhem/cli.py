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
def check(paths, fmt, root, limit):
    """Parse, resolve and check content files or folders (default: content/).

    Exits 0 when clean, 1 on content errors, 2 on usage errors."""
    comp = driver.check(_paths(paths), root=root)
    _report(comp, fmt, limit, out=sys.stdout if fmt != "text" else None)
    sys.exit(EXIT_OK if comp.ok else EXIT_CONTENT)


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
    comp = driver.compile_paths([content])
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


@main.command()
@click.argument("code", required=False)
def explain(code):
    """The documentation of a diagnostic code; without a code, the list of codes."""
    if code is None:
        for c in CODES.values():
            click.echo(f"{c.code}  {c.title}")
        return
    doc = explain_code(code)
    if doc is None:
        raise click.UsageError(f"no diagnostic code '{code}'; `mayhem explain` lists them")
    click.echo(doc)


if __name__ == "__main__":  # pragma: no cover
    main()
