"""The site's changelog (a page per release, grouped by box, meaning changes apart from
wording changes) and the history section of each component page, from a History
(compiler/diff/history.py). Only built when `site build --history` asks for it."""
from __future__ import annotations

CHANGELOG = "changelog/index.md"


def release_page(rel) -> str:
    return f"changelog/{rel.slug}/index.md"


def write_changelog(renderer, history) -> list:
    """Write the changelog pages; the nav section that lists them."""
    section: list = [CHANGELOG]
    releases = list(reversed(history.releases))  # newest first
    renderer.write(CHANGELOG, "changelog.md.j2", history=history, releases=releases, release_page=release_page)
    for rel in releases:
        page = release_page(rel)
        renderer.write(page, "changelog_release.md.j2", rel=rel)
        section.append({rel.label: page})
    return section
