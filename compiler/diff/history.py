"""The history of a collection over a list of versions (git revisions, oldest first): the
diff of each version against the one before, and of the content being built against the
last; per component, the versions in which its meaning changed. The site's history and
changelog pages are made from it."""
from __future__ import annotations

from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path

from .compare import SEMANTIC, Diff, compare
from .meaning import flatten
from .sources import DiffError, describe, open_side

MEANING = SEMANTIC | {"moved"}  # a move counts when it changes box (ComponentChange.semantic)
WORDING = frozenset({"text-changed"})
CURRENT = "unreleased"


@dataclass
class Release:
    label: str  # a tag, an abbreviated commit, or "unreleased" for the content being built
    previous: str
    diff: Diff

    @property
    def slug(self) -> str:
        return "".join(ch if ch.isalnum() or ch in "-_." else "-" for ch in self.label)

    def boxes(self) -> list[str]:
        """The boxes (and shared modules, by folder: "shared/core") with changes."""
        return sorted({_scope(c) for c in self.diff.components})

    def meaning(self, box: str) -> list:
        return [c for c in self.diff.components if _scope(c) == box and c.semantic]

    def wording(self, box: str) -> list:
        return [c for c in self.diff.components if _scope(c) == box and not c.semantic and c.change in WORDING]

    def other(self, box: str) -> list:
        return [c for c in self.diff.components if _scope(c) == box and not c.semantic and c.change not in WORDING]


def _scope(change) -> str:
    return (change.box or "").removesuffix(".mh")


@dataclass
class History:
    first: str | None = None  # the oldest version: what the first release is compared with
    releases: list[Release] = field(default_factory=list)  # oldest first
    by_component: dict[str, list[tuple[Release, object]]] = field(default_factory=dict)  # top-level qid, newest first

    def of(self, qid: str) -> list:
        return self.by_component.get(qid, [])


def build_history(versions: list[str], current_ir: dict, *, cwd: Path | None = None,
                  content_path: str | None = None) -> History:
    """Compile every version (oldest first) and compare each with the one before; the content
    being built (`current_ir`) comes last, as "unreleased" when it differs from the last version."""
    from . import compile_side
    cwd = Path(cwd or Path.cwd())
    hist = History()
    if not versions:
        return hist
    irs = []
    with ExitStack() as stack:
        for v in versions:
            side = open_side(v, stack, cwd=cwd, content_path=content_path)
            try:
                irs.append((describe(cwd, side.revision) if side.revision else v, compile_side(side.root).ir))
            except DiffError as exc:
                raise DiffError(f"version {v}: {exc}") from None
            stack.close()  # the checkout is compiled: remove it now
    hist.first = irs[0][0]
    pairs = list(zip(irs, irs[1:])) + [(irs[-1], (CURRENT, current_ir))]
    for (old_label, old_ir), (new_label, new_ir) in pairs:
        d = compare(old_ir, new_ir, old_label=old_label, new_label=new_label)
        if new_label == CURRENT and not d.components:
            continue
        hist.releases.append(Release(new_label, old_label, d))
    current = flatten(current_ir)
    alias: dict[str, str] = {}  # a qid in an older version -> its qid now
    for rel in reversed(hist.releases):
        for c in rel.diff.components:
            now = alias.get(c.qid, c.qid)
            if c.old_qid:
                alias[c.old_qid] = now
            if c.semantic and now in current:
                hist.by_component.setdefault(current[now].top, []).append((rel, c))
    return hist
