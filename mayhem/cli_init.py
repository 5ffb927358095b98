"""`mayhem init`: scaffold a new box in its own content root, depending on the shipped sets,
that checks clean at once (templates in mayhem/templates/init/)."""
from __future__ import annotations

import re
import sys
from pathlib import Path

import click

from mayhem.cli_common import EXIT_OK, EXIT_USAGE

BOX_ID = re.compile(r"^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$")
TEMPLATES = Path(__file__).resolve().parent / "templates" / "init"
# file in the new root -> template; {box} and {character} stand for the ids
FILES = {
    "mayhem.toml": "mayhem.toml.j2",
    "README.md": "README.md.j2",
    "{box}/box.mh": "box.mh.j2",
    "{box}/{character}.mh": "character.mh.j2",
    "{box}/first-game.mh": "first-game.mh.j2",
    "{box}/locations.mh": "locations.mh.j2",
    "{box}/mayhem-cards.mh": "mayhem-cards.mh.j2",
    "{box}/free-for-all.mh": "free-for-all.mh.j2",
    "teams/{character}-and-robin.mh": "team-mine.mh.j2",
    "teams/titans.mh": "team-titans.mh.j2",
    "scenarios/{character}-big-punch.toml": "scenario.toml.j2",
}


def slug(text: str) -> str:
    """A box id from a folder name: `My New Box` -> `my-new-box`."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def _versions() -> dict[str, str]:
    """The versions of the shipped sets, which the new set asks for at least."""
    from mayhem.compiler.contentsets import read_manifest, shipped_root
    from mayhem.dsl.diagnostics import Diagnostics

    root = shipped_root()
    sets = {s.id: s.version for s in read_manifest(root, "mayhem.toml", Diagnostics()).sets} if root else {}
    return {key: f"{v.major}.{v.minor}" if v is not None else "1.0"
            for key, v in (("core_version", sets.get("mayhem-core")), ("ttg_version", sets.get("teen-titans-go")),
                           ("lt_version", sets.get("looney-tunes")))}


def render(target: Path, box: str, name: str, character: str, character_name: str) -> list[Path]:
    """Write the new root's files; the paths written, in order."""
    from jinja2 import Environment, FileSystemLoader, StrictUndefined

    env = Environment(loader=FileSystemLoader(TEMPLATES), undefined=StrictUndefined, keep_trailing_newline=True,
                      autoescape=False)
    values = {"box": box, "name": name, "character": character, "character_name": character_name,
              "folder": target.name, **_versions()}
    written = []
    for rel, template in FILES.items():
        path = target / rel.format(box=box, character=character)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(env.get_template(template).render(values), encoding="utf-8")
        written.append(path)
    return written


@click.command()
@click.argument("directory", type=click.Path(file_okay=False, path_type=Path))
@click.option("--box", "box", default=None, help="The box's id (default: from the folder's name).")
@click.option("--name", default=None, help="The box's display name (default: from its id).")
@click.option("--character", default="hero", show_default=True, help="The id of the box's first character.")
@click.option("--character-name", default=None, help="Its display name (default: from its id).")
def init(directory: Path, box: str | None, name: str | None, character: str, character_name: str | None):
    """Scaffold a new box in DIRECTORY: a content root (mayhem.toml) that depends on the shipped
    Mayhem sets, with the box, one character, its First-Game hand, Locations, Mayhem cards, two
    Competitive Mode team lists, a scenario and a README saying what to do next. It checks clean
    at once."""
    box = box or slug(directory.resolve().name)
    for label, value in (("--box", box), ("--character", character)):
        if not BOX_ID.match(value or ""):
            raise click.UsageError(f"{label} '{value}' is not an id: lower-case words joined by dashes "
                                   "(my-box), starting with a letter")
    if box in ("teen-titans-go", "looney-tunes", "shared", "teams", "scenarios"):
        raise click.UsageError(f"--box '{box}' is taken: choose another id")
    name = name or box.replace("-", " ").title()
    character_name = character_name or character.replace("-", " ").title()
    if directory.exists() and any(directory.iterdir()):
        click.echo(f"error: '{directory}' is not empty; `mayhem init` writes into a new or empty folder", err=True)
        sys.exit(EXIT_USAGE)
    written = render(directory, box, name, character, character_name)
    click.echo(f"created box '{box}' (\"{name}\") in {directory}:")
    for path in written:
        click.echo(f"  {path.relative_to(directory).as_posix()}")
    click.echo(f"next: read {directory / 'README.md'}, then run `mayhem check {directory}`")
    sys.exit(EXIT_OK)
