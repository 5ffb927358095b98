"""The language reference, read from where the language is defined: the grammar, the kinds, the vocabulary.

Nothing here is written by hand a second time: the grammar's rules and comments
come from `dsl/mayhem.lark`, the declaration kinds and value shapes from
`dsl/schema.py`, primitives, functions, contexts, selectors and events from
`compiler/builtins.py`, and the diagnostics from `dsl/codes.py`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from importlib import resources
import inspect
import re

from mayhem.compiler import builtins as B
from mayhem.compiler.mayhem_events import shipped
from mayhem.dsl import codes, schema

from .lexer import grammar_words


@dataclass
class GrammarSection:
    title: str
    prose: list[str] = field(default_factory=list)
    rules: list[tuple[str, str]] = field(default_factory=list)  # (name, text)

    @property
    def text(self) -> str:
        return "\n".join(rule for _, rule in self.rules)


def grammar_text() -> str:
    return resources.files("mayhem.dsl").joinpath("mayhem.lark").read_text(encoding="utf-8")


def grammar_sections(text: str | None = None) -> list[GrammarSection]:
    """The grammar cut at its `// ---- title ----` comments; the comments before the first rule of a
    section are its prose, each rule keeps its continuation lines."""
    text = grammar_text() if text is None else text
    sections = [GrammarSection("Files and declarations")]
    current: list[str] | None = None
    name = ""
    for line in text.split("\n"):
        heading = re.match(r"//\s*-{2,}\s*(.*?)\s*-*\s*$", line)
        if heading:
            sections.append(GrammarSection(heading.group(1)[:1].upper() + heading.group(1)[1:]))
            current = None
            continue
        if line.startswith("//"):
            if not sections[-1].rules:
                sections[-1].prose.append(line[2:].strip())
            current = None
            continue
        if not line.strip():
            current = None
            continue
        start = re.match(r"([?!]?)([A-Za-z_][A-Za-z_0-9]*)\s*(\.\d+)?\s*:", line)
        if start and not line.startswith((" ", "\t")):
            name = start.group(2)
            current = [line]
            sections[-1].rules.append((name, line))
        elif line.startswith("%"):
            sections[-1].rules.append((line.split()[0], line))
        elif current is not None:
            current.append(line)
            sections[-1].rules[-1] = (name, "\n".join(current))
    lexical = GrammarSection("Lexical tokens", ["Names, numbers, strings, comments and newlines, as the "
                                                "lexer reads them; spaces, tabs and comments are ignored."])
    for s in sections:
        s.prose = _paragraphs(s.prose)
        lexical.rules += [r for r in s.rules if r[0][:1].isupper() or r[0].startswith(("%", "_NL"))]
        s.rules = [r for r in s.rules if r not in lexical.rules]
    return [s for s in sections + [lexical] if s.rules or s.prose]


def _paragraphs(lines: list[str]) -> list[str]:
    out, cur = [], []
    for line in lines:
        if line:
            cur.append(line)
        elif cur:
            out.append(" ".join(cur))
            cur = []
    if cur:
        out.append(" ".join(cur))
    return out


def value_shapes() -> list[tuple[str, str, str]]:
    """(shape, meaning, example) from the comment block that opens dsl/schema.py."""
    out = []
    for line in inspect.getsource(schema).split("\n"):
        m = re.match(r"#\s{3}(\S+)\s{2,}(.+?)\s*$", line)
        if not m:
            continue
        rest = m.group(2)
        ex = re.match(r"(.+?)\s{2,}`([^`]*)`$", rest)
        out.append((m.group(1), ex.group(1), ex.group(2)) if ex else (m.group(1), rest, ""))
    return out


def default_text(value) -> str:
    if value is B.REQUIRED:
        return "required"
    if value is None:
        return "none"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, tuple):
        return "[]"
    return str(value)


class Reference:
    """What the reference page lists, in a stable order. `team_names`: the Teams the content's
    game names (`team-names`), which name a pool's counts per Team; `events`: the Mayhem events
    the IR carries (`game mayhem`'s children of kind `event`: site/model.py), by default those the
    toolchain's own content/shared/game.mh declares."""

    def __init__(self, team_names: tuple[str, ...] = schema.COLOURS, events: dict | None = None) -> None:
        self.team_names = tuple(team_names) or schema.COLOURS
        self.mayhem_events = shipped()[0] if events is None else events  # the shared game's declarations

    def team_example(self, shape: str) -> str:
        """A declaration of counts per Team with the content's own Team names: `black 5 white 5`."""
        return " ".join(f"{team} {5 if shape == 'int' else shape}" for team in self.team_names)

    @cached_property
    def sections(self) -> list[GrammarSection]:
        return grammar_sections()

    @cached_property
    def reserved(self) -> tuple[str, ...]:
        return grammar_words()

    @property
    def kinds(self):
        return list(schema.KINDS.values())

    @property
    def shapes(self):
        return value_shapes()

    @property
    def primitives(self):
        return [B.PRIMITIVES[k] for k in sorted(B.PRIMITIVES)]

    @property
    def functions(self):
        return [B.FUNCTIONS[k] for k in sorted(B.FUNCTIONS)]

    @property
    def context_names(self):
        return [B.CONTEXT_NAMES[k] for k in sorted(B.CONTEXT_NAMES)]

    @property
    def contexts(self):
        return [(name, B.CONTEXT_DOCS.get(name, ""), sorted(names)) for name, names in sorted(B.CONTEXTS.items())]

    @property
    def selector_kinds(self):
        return [(k, t, doc) for k, (t, doc) in sorted(B.SELECTOR_KINDS.items())]

    @property
    def events(self):
        return [self.mayhem_events[k] for k in sorted(self.mayhem_events)]

    def emits(self, primitive: str) -> list[str]:
        return list(B.EMITS.get(primitive, ()))

    def emitted_by(self, event: str) -> list[str]:
        return sorted(p for p, evs in B.EMITS.items() if event in evs)

    @property
    def until_events(self):
        return B.UNTIL_EVENTS

    @property
    def codes(self):
        return [codes.CODES[k] for k in sorted(codes.CODES)]

    @property
    def universal_props(self):
        return list(getattr(schema, "UNIVERSAL_PROPS", ()))

    @property
    def checks(self):
        """The consistency checks of `mayhem check` (compiler/checks), by code."""
        try:
            from mayhem.compiler.checks import CHECKS
        except ImportError:
            return []
        return [CHECKS[k] for k in sorted(CHECKS)]

    default = staticmethod(default_text)
