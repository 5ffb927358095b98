"""The site build: compile, render the pages, write the MkDocs project, run MkDocs, normalise, check links.

`build_site(content, out)` is what `mayhem site build` and `mayhem build` run. The
MkDocs project (mkdocs.yml, docs/, the theme overrides and the assets) is written
beside the output (`build/site-src/` for `build/site/`), so it can be inspected or
served (`mayhem site serve`). Two builds of the same content give the same bytes.
"""
from __future__ import annotations

from dataclasses import dataclass, field
import gzip
import html as html_lib
from importlib import resources
import logging
from pathlib import Path
import posixpath
import re
import shutil
from urllib.parse import unquote, urlsplit

import yaml

from mayhem.compiler import driver

from . import escape, vendor
from .model import SiteModel
from .render import Site, render

MARKER = ".mayhem-site-src"
REPO = Path(__file__).resolve().parent.parent  # the checkout, when installed in editable mode

MARKDOWN_EXTENSIONS = """\
markdown_extensions:
  - admonition
  - attr_list
  - tables
  - toc:
      permalink: true
  - pymdownx.highlight:
      use_pygments: true
  - md_in_html
  - pymdownx.superfences:
      custom_fences:
        - name: mh-graph
          class: mh-graph-src
          format: !!python/name:pymdownx.superfences.fence_code_format
"""


class SiteError(Exception):
    """The site cannot be built (content errors, a missing asset, MkDocs failed, broken links)."""


@dataclass
class Diag:
    """A diagnostic as the consistency page shows it."""
    severity: str
    code: str
    where: str
    message: str
    hint: str | None = None


@dataclass
class BuildResult:
    out: Path
    src: Path
    pages: int
    files: int
    broken_links: list[str] = field(default_factory=list)


def default_src(out: Path) -> Path:
    return out.parent / f"{out.name}-src"


def project_docs(repo: Path = REPO) -> dict:
    """The README's tutorial and the docs/ pages, included in the author's guide when the site is
    built from a checkout (they are not part of an installed package)."""
    out: dict = {"tutorial": None, "pages": []}
    readme = repo / "README.md"
    if readme.is_file():
        m = re.search(r"^## Five-minute tutorial[^\n]*\n(.*?)(?=^## )", readme.read_text(encoding="utf-8"),
                      re.M | re.S)
        if m:
            out["tutorial"] = escape.Markup(_unlink(_demote(m.group(1).strip(), 1)))
    titles = {"language": "The language guide", "actions": "Legal actions", "scenarios": "Scenario files"}
    for name, title in titles.items():
        path = repo / "docs" / f"{name}.md"
        if path.is_file():
            out["pages"].append((name, title, _unlink(path.read_text(encoding="utf-8"))))
    return out


def _unlink(markdown: str) -> str:
    """Links between the checkout's files lead nowhere on the site: keep their text only."""
    return re.sub(r"!?\[([^\]\n]+)\]\((?!https?:|#)[^)\s]+\)", r"\1", markdown)


def _demote(markdown: str, levels: int) -> str:
    """Headings one level down; a bare fence that holds DSL (it opens with `in box` or `use`)
    becomes a `mayhem` block, highlighted."""
    out, in_fence = [], False
    lines = markdown.split("\n")
    for i, line in enumerate(lines):
        if line.startswith("```"):
            if not in_fence and line.strip() == "```" and i + 1 < len(lines) and \
                    lines[i + 1].startswith(("in box ", "use ")):
                line = "```mayhem"
            in_fence = not in_fence
        if not in_fence and re.match(r"#{1,5} ", line):
            line = "#" * levels + line
        out.append(line)
    return "\n".join(out)


def diagnostics_of(comp: driver.Compilation) -> list[Diag]:
    out = []
    for d in comp.diagnostics.sorted():
        where = f"{d.span.file}:{d.span.line}:{d.span.col}" if d.span is not None else ""
        out.append(Diag(d.severity, d.code, where, d.message, d.hint))
    return out


def nav_yaml(nav) -> list:
    """The nav with titles made safe for the theme, which writes them into HTML as they are."""
    if isinstance(nav, str):
        return nav
    if isinstance(nav, list):
        return [nav_yaml(item) for item in nav]
    return {str(escape.html(" ".join(k.split()))): nav_yaml(v) for k, v in nav.items()}


def mkdocs_config(site: Site, *, site_url: str | None = None) -> str:
    config = {
        "site_name": site.name,
        "site_description": site.description,
        "docs_dir": "docs",
        "use_directory_urls": False,
        "strict": True,
        "theme": {
            "name": "material",
            "custom_dir": "overrides",
            "font": False,
            "language": "en",
            "features": ["navigation.indexes", "navigation.top", "search.highlight", "toc.follow"],
            "palette": [
                {"media": "(prefers-color-scheme: light)", "scheme": "default", "primary": "deep purple",
                 "accent": "deep orange", "toggle": {"icon": "material/weather-night", "name": "Dark mode"}},
                {"media": "(prefers-color-scheme: dark)", "scheme": "slate", "primary": "deep purple",
                 "accent": "deep orange", "toggle": {"icon": "material/weather-sunny", "name": "Light mode"}},
            ],
        },
        "plugins": ["search", "offline"],
        "extra_css": ["assets/mayhem.css"],
        # Mermaid (3.5 MB) is not here: assets/mayhem.js loads it when a reader opens an effect graph
        "extra_javascript": [f"assets/vendor/{name}" for name in ("tablesort.min.js", "tablesort.number.min.js")] +
                            ["assets/mayhem.js"],
        "extra": {"polyfills": ["assets/vendor/iframe-worker-shim.js"], "generator": False},
        "validation": {"omitted_files": "warn", "absolute_links": "warn", "unrecognized_links": "warn",
                       "anchors": "warn"},
        "nav": nav_yaml(site.nav),
    }
    if site_url:
        config["site_url"] = site_url
    head = "# Written by `mayhem site build`: the MkDocs project of the Mayhem rule reference.\n"
    return head + yaml.safe_dump(config, sort_keys=False, allow_unicode=True, width=100) + MARKDOWN_EXTENSIONS


def _reset(path: Path, marker_ok) -> None:
    """Empty a folder we wrote before; refuse to empty anything else."""
    if path.exists():
        if not path.is_dir():
            raise SiteError(f"{path} exists and is not a folder")
        if any(path.iterdir()) and not marker_ok(path):
            raise SiteError(f"{path} is not empty and was not written by `mayhem site build`; "
                            "choose another folder")
        shutil.rmtree(path)
    path.mkdir(parents=True)


def write_project(site: Site, src: Path, *, site_url: str | None = None) -> None:
    """mkdocs.yml, docs/ (the pages and the assets) and overrides/ (the theme's)."""
    _reset(src, lambda p: (p / MARKER).exists())
    (src / MARKER).write_text("", encoding="utf-8")
    docs = src / "docs"
    for path, text in sorted(site.pages.items()):
        target = docs / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    templates = resources.files("mayhem.site")
    assets = docs / "assets"
    (assets / "vendor").mkdir(parents=True)
    for name in ("mayhem.css", "mayhem.js"):
        (assets / name).write_bytes(templates.joinpath(f"assets/{name}").read_bytes())
    for name, path in sorted(vendor.ensure().items()):
        if name not in vendor.SITE_FILES:
            continue
        shutil.copyfile(path, assets / "vendor" / name)
        licence = path.with_name(path.name + ".LICENSE.txt")
        if licence.exists():
            shutil.copyfile(licence, assets / "vendor" / licence.name)
    overrides = src / "overrides"
    overrides.mkdir()
    for name in ("main.html", "sitemap.xml"):
        (overrides / name).write_bytes(templates.joinpath(f"templates/overrides/{name}").read_bytes())
    (src / "mkdocs.yml").write_text(mkdocs_config(site, site_url=site_url), encoding="utf-8")


class _Count(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.records: list[str] = []

    def emit(self, record) -> None:
        self.records.append(record.getMessage())


def run_mkdocs(src: Path, out: Path, *, quiet: bool = True) -> None:
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.exceptions import MkDocsException

    _reset(out, lambda p: (p / "index.html").exists() and (p / "search").is_dir())
    log = logging.getLogger("mkdocs")
    handler = _Count()
    log.addHandler(handler)
    old_level = log.level
    if quiet:
        log.setLevel(logging.WARNING)
    try:
        # absolute: MkDocs reads a relative site_dir from the folder of mkdocs.yml
        config = load_config(config_file=str(src.resolve() / "mkdocs.yml"), site_dir=str(out.resolve()))
        build(config)
    except MkDocsException as exc:
        raise SiteError(f"MkDocs failed: {exc}; " + "; ".join(handler.records[:10])) from exc
    except SystemExit as exc:  # mkdocs' Abort in strict mode
        raise SiteError("MkDocs failed: " + "; ".join(handler.records[:10])) from exc
    finally:
        log.removeHandler(handler)
        log.setLevel(old_level)


def normalise(out: Path) -> None:
    """What MkDocs writes that depends on the day of the build: the gzip header of the sitemap."""
    xml = out / "sitemap.xml"
    gz = out / "sitemap.xml.gz"
    if xml.exists():
        with open(gz, "wb") as f, gzip.GzipFile(filename="sitemap.xml", mode="wb", fileobj=f, mtime=0) as z:
            z.write(xml.read_bytes())
    elif gz.exists():
        gz.unlink()


_ATTR = re.compile(r'\s(href|src|id)="([^"]*)"')


class _Links:
    """The links and ids of a page MkDocs wrote (attributes always double-quoted)."""

    def __init__(self, text: str) -> None:
        self.links: list[str] = []
        self.ids: set[str] = set()
        for name, value in _ATTR.findall(text):
            value = html_lib.unescape(value)
            if name == "id":
                self.ids.add(value)
            else:
                self.links.append(value)


def broken_links(out: Path, root: str = "/") -> list[str]:
    """Internal links (href, src) of every built page that point at no file or no anchor. `root`
    is the path the site is served at (from its site_url): the 404 page links from there."""
    root = "/" + root.strip("/") + "/" if root.strip("/") else "/"
    pages: dict[str, _Links] = {}
    for path in sorted(out.rglob("*.html")):
        pages[path.relative_to(out).as_posix()] = _Links(path.read_text(encoding="utf-8"))
    bad = []
    for page, parser in pages.items():
        for link in parser.links:
            parts = urlsplit(link)
            if parts.scheme or parts.netloc or link.startswith(("mailto:", "javascript:", "data:")):
                continue
            path = unquote(parts.path)
            if path.startswith("/"):  # 404.html links from the root: it is served at any depth
                if not path.startswith(root):
                    bad.append(f"{page}: {link} (outside {root})")
                    continue
                target = posixpath.normpath(path[len(root):] or ".")
            elif path:
                target = posixpath.normpath(posixpath.join(posixpath.dirname(page), path))
            else:
                target = page
            if target.startswith("../"):
                bad.append(f"{page}: {link} (leaves the site)")
                continue
            file = out / target
            if file.is_dir():
                file = file / "index.html"
                target = posixpath.join(target, "index.html")
            if not file.exists():
                bad.append(f"{page}: {link}")
            elif parts.fragment and target in pages and unquote(parts.fragment) not in pages[target].ids:
                bad.append(f"{page}: {link} (no such anchor)")
    return bad


def build_from(comp: driver.Compilation, out: Path, *, src: Path | None = None, report: str | None = None,
               site_url: str | None = None, quiet: bool = True, docs: dict | None = None,
               history=None, balance=None) -> BuildResult:
    """Build the site of a compilation into `out`. `report` is the consistency page (Markdown);
    `docs` the guide's included pages (default: the checkout's README tutorial and docs/);
    `balance` the rows of a results file of `mayhem balance` (the balance page: site/balance.py)."""
    if comp.ir is None:
        raise SiteError("the content did not compile")
    out = Path(out)
    src = Path(src) if src else default_src(out)
    if src.resolve() == out.resolve() or out.resolve() in src.resolve().parents or \
            src.resolve() in out.resolve().parents:
        raise SiteError("the site folder and its MkDocs project folder must not contain each other")
    sources = {name: sf.text for name, sf in comp.sources.items()}
    model = SiteModel(comp.ir, sources)  # the Mayhem events as its IR carries them
    site = render(model, diagnostics=diagnostics_of(comp), report=report,
                  docs=project_docs() if docs is None else docs, history=history, balance=balance)
    write_project(site, src, site_url=site_url)
    run_mkdocs(src, out, quiet=quiet)
    if not (out / "index.html").is_file():
        raise SiteError(f"MkDocs wrote no {out / 'index.html'}")
    normalise(out)
    bad = broken_links(out, urlsplit(site_url).path if site_url else "/")
    if bad:
        raise SiteError(f"{len(bad)} broken links in the built site: " + "; ".join(bad[:10]) +
                        (f" ... and {len(bad) - 10} more" if len(bad) > 10 else ""))
    files = sum(1 for p in out.rglob("*") if p.is_file())
    return BuildResult(out, src, len(site.pages), files, bad)


def consistency_markdown(comp: driver.Compilation) -> str | None:
    """The consistency checks' report page (what `mayhem check --report` writes), when the
    compilation ran them."""
    try:
        from mayhem.compiler.checks.report import markdown
    except ImportError:  # a compiler without the checks: the page lists the diagnostics instead
        return None
    findings = [d for d in comp.diagnostics.items if d.code.startswith("C")]
    return markdown(findings, getattr(comp, "silenced", []))


def build_site(content: Path, out: Path, *, report: str | None = None, **kw) -> BuildResult:
    """Compile and check the content folder and build its site; SiteError on content errors.
    `report` is a consistency report in Markdown to show instead of the checks' own."""
    run = getattr(driver, "build", driver.compile_paths)  # compile, validate, consistency checks
    comp = run([Path(content)])
    if not comp.ok or comp.ir is None:
        raise SiteError("the content has errors; run `mayhem check` to see them")
    return build_from(comp, out, report=report if report is not None else consistency_markdown(comp), **kw)


def serve(src: Path, *, host: str = "127.0.0.1", port: int = 8000) -> None:
    """Preview a written MkDocs project with live reload (`mkdocs serve`)."""
    from mkdocs.commands.serve import serve as mk_serve
    mk_serve(config_file=str(src / "mkdocs.yml"), open_in_browser=False, dev_addr=f"{host}:{port}")


