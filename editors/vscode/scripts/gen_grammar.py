#!/usr/bin/env python3
"""Write the VS Code extension's TextMate grammar (syntaxes/mayhem.tmLanguage.json) from the
language's own tables, so that highlighting never drifts from the language:

- the keywords are the grammar's (dsl/mayhem.lark, through the parser's terminals), each
  given a role below; a keyword the grammar gains without a role stops this script;
- the tokens (names, numbers, operators) are the grammar's terminal regexps;
- the declaration kinds, their property names and enum values are dsl/schema.py's;
- the primitives, functions, context names and selector kinds are the runtime
  vocabulary's (compiler/builtins.py and compiler/builtins_kernel.py).

Also writes the snippets (scripts/gen_snippets.py: a skeleton per declaration kind) and keeps
the extension's package.json version equal to the toolchain's (mayhem.__version__).

    .venv/bin/python editors/vscode/scripts/gen_grammar.py          # write
    .venv/bin/python editors/vscode/scripts/gen_grammar.py --check  # exit 1 if a committed file is stale

tests/test_vscode_grammar.py runs `--check`.
"""
from __future__ import annotations

import argparse
import difflib
import json
import re
import sys
from pathlib import Path

EXT = Path(__file__).resolve().parents[1]
ROOT = EXT.parents[1]
GRAMMAR_OUT = EXT / "syntaxes" / "mayhem.tmLanguage.json"
SNIPPETS_OUT = EXT / "snippets" / "mayhem.json"
PACKAGE_JSON = EXT / "package.json"

# the toolchain as installed in the project's environment (`pip install -e .`: this checkout)
from mayhem import __version__  # noqa: E402
from mayhem.compiler import builtins as B  # noqa: E402
from mayhem.compiler import builtins_kernel as K  # noqa: E402
from mayhem.dsl import schema  # noqa: E402
from mayhem.dsl.kernel_kinds import PROPERTY_TYPES  # noqa: E402
from mayhem.dsl.parser import lark_parser  # noqa: E402

S = ".mayhem"  # every scope ends with the language's name

# The role of every keyword of the grammar. `in` is also the `in box` header (matched there).
KEYWORD_ROLES = {
    "in": "keyword.operator.word", "is": "keyword.operator.word", "where": "keyword.operator.word",
    "and": "keyword.operator.logical", "or": "keyword.operator.logical", "not": "keyword.operator.logical",
    "one": "keyword.other.quantifier", "all": "keyword.other.quantifier", "up-to": "keyword.other.quantifier",
    "box": "keyword.control.import", "use": "keyword.control.import",
    "let": "storage.type.let",
    "when": "keyword.control", "on": "keyword.control", "may": "keyword.control", "choose": "keyword.control",
    "else": "keyword.control", "if": "keyword.control", "repeat": "keyword.control", "for": "keyword.control",
    "each": "keyword.control", "as": "keyword.control", "until": "keyword.control",
}

# Where a property names its provenance (compiler.model: `authored`, `rulebook "Section"`).
PROVENANCE = ("rulebook", "authored")
# The words of the `once` shape (dsl.schema: `per turn`, `per round` or `per game`).
ONCE_WORDS = ("per", "turn", "round", "game")
# The name a `where` condition reads (compiler.resolve binds `it` to the candidate).
IMPLICIT_NAMES = ("it",)


def grammar_terminals() -> dict[str, tuple[str, str]]:
    """Terminal name -> (pattern type, regexp) of the Lark grammar."""
    return {t.name: (t.pattern.type, t.pattern.to_regexp()) for t in lark_parser().terminals}


def grammar_keywords(terms) -> list[str]:
    words = sorted(re.sub(r"\\(.)", r"\1", rx) for kind, rx in terms.values()
                   if kind == "str" and re.fullmatch(r"[a-z][a-z\\-]*", rx))
    missing = [w for w in words if w not in KEYWORD_ROLES]
    stale = [w for w in KEYWORD_ROLES if w not in words]
    if missing or stale:
        sys.exit(f"gen_grammar.py: give a role in KEYWORD_ROLES to the grammar's new keywords {missing}, "
                 f"and remove the ones it lost {stale}")
    return words


def noncapturing(rx: str) -> str:
    """A Python regexp's groups made non-capturing, to sit inside a larger pattern."""
    return re.sub(r"(?<!\\)\((?!\?)", "(?:", rx)


def alt(words) -> str:
    """An alternation of whole words, longest first."""
    ordered = sorted(set(words), key=lambda w: (-len(w), w))
    return "(?:" + "|".join(re.escape(w).replace(r"\-", "-") for w in ordered) + ")"


def build() -> dict:
    terms = grammar_terminals()
    keywords = grammar_keywords(terms)
    ident = noncapturing(terms["ID"][1])
    integer = terms["INT"][1]
    signed = terms["SIGNED_INT"][1]
    compare = terms["COMPARE"][1]
    arith = "(?:" + "|".join([terms["ADD_OP"][1], terms["MUL_OP"][1]]) + ")"
    # a name's boundaries: names hold dashes (`up-to`, `attack-target`), so `\b` will not do
    bs = r"(?<![a-z0-9]|[a-z0-9]-)"
    be = r"(?![a-z0-9]|-[a-z0-9])"

    def word(words) -> str:
        return bs + alt(words) + be

    name = bs + ident + be

    kinds = schema.KINDS
    fn_kinds = [k for k, s in kinds.items() if s.params]  # called with arguments: keyword, action
    type_kinds = [k for k, s in kinds.items() if not s.params]
    statement_words = [w for w, r in KEYWORD_ROLES.items() if r in ("keyword.control", "storage.type.let")]
    props = {p.name for s in kinds.values() for p in s.props} | {p.name for p in schema.UNIVERSAL_PROPS}
    constants = set(schema.COLOURS) | set(ONCE_WORDS)
    for s in kinds.values():
        for p in s.props:
            if p.shape.startswith(("enum:", "enums:")):
                constants.update(p.shape.split(":", 1)[1].split("|"))
    primitives = set(B.PRIMITIVES) | set(K.KERNEL_PRIMITIVES)
    functions = set(B.FUNCTIONS) | set(K.KERNEL_FUNCTIONS)
    context = set(B.CONTEXT_NAMES) | set(K.KERNEL_CONTEXT_NAMES) | set(IMPLICIT_NAMES)
    selectors = set(B.SELECTOR_KINDS) | set(K.KERNEL_SELECTOR_KINDS)
    relations = set(B.RELATIONS)

    decl_tail = r'(?=\s*(?:"(?:[^"\\]|\\.)*"\s*)?[({])'  # then a display name, params or body

    def decl(kind_rx: str, kind_scope: str, id_scope: str) -> dict:
        return {
            "begin": rf"(?:^|(?<=\{{))\s*({kind_rx})\s+({ident}){be}{decl_tail}",
            "beginCaptures": {"1": {"name": kind_scope + S}, "2": {"name": id_scope + S}},
            "end": r"(?<=\})",
            "patterns": [{"include": "#comment"}, {"include": "#string"}, {"include": "#parameters"},
                         {"include": "#body"}],
        }

    reserved = alt(keywords)

    def member_head() -> dict:  # a slot or trigger: `[when COND] { effects }`
        return {"end": r"(?<=\})",
                "patterns": [{"include": "#comment"}, {"include": "#effect-block"}, {"include": "#expression"}]}

    repo = {
        "comment": {"match": r"(#).*$", "name": "comment.line.number-sign" + S,
                    "captures": {"1": {"name": "punctuation.definition.comment" + S}}},
        "string": {
            "begin": '"', "end": r'(")|$', "name": "string.quoted.double" + S,
            "beginCaptures": {"0": {"name": "punctuation.definition.string.begin" + S}},
            "endCaptures": {"1": {"name": "punctuation.definition.string.end" + S}},
            "patterns": [{"match": r'\\["\\nt]', "name": "constant.character.escape" + S},
                         {"match": r"\\.", "name": "invalid.illegal.escape" + S}],
        },
        "in-box": {"match": rf"^\s*(in)\s+(box)\s+({ident}){be}",
                   "captures": {"1": {"name": "keyword.control.import" + S},
                                "2": {"name": "keyword.control.import" + S},
                                "3": {"name": "entity.name.namespace" + S}}},
        "use": {
            "begin": rf"^\s*(use){be}", "end": "$", "name": "meta.use" + S,
            "beginCaptures": {"1": {"name": "keyword.control.import" + S}},
            "patterns": [{"include": "#comment"}, {
                "begin": '"', "end": r'(")|$', "name": "string.quoted.double.path" + S,
                "beginCaptures": {"0": {"name": "punctuation.definition.string.begin" + S}},
                "endCaptures": {"1": {"name": "punctuation.definition.string.end" + S}},
                "patterns": [{"match": r"\\.", "name": "constant.character.escape" + S}]}],
        },
        "declaration": {"patterns": [
            decl(alt(fn_kinds), "storage.type.kind", "entity.name.function"),
            decl(alt(type_kinds), "storage.type.kind", "entity.name.type"),
            # a kind declared in content (`card-type marvel-card` makes `marvel-card` a kind)
            decl(rf"(?!{reserved}{be}){ident}", "storage.type.kind.declared", "entity.name.type"),
        ]},
        # a declaration being typed, before its `{`: the kind and the id still show what they are
        "declaration-in-progress": {
            "match": rf"^\s*({alt(kinds)}){be}(?:\s+({ident}){be})?",
            "captures": {"1": {"name": "storage.type.kind" + S}, "2": {"name": "entity.name.type" + S}},
        },
        "parameters": {
            "begin": r"\(", "end": r"\)", "name": "meta.parameters" + S,
            "beginCaptures": {"0": {"name": "punctuation.section.parens.begin" + S}},
            "endCaptures": {"0": {"name": "punctuation.section.parens.end" + S}},
            "patterns": [
                {"include": "#comment"},
                {"begin": "=", "end": r"(?=[,)])", "beginCaptures": {"0": {"name": "keyword.operator.assignment" + S}},
                 "patterns": [{"include": "#expression"}]},
                {"match": name, "name": "variable.parameter" + S},
                {"match": ",", "name": "punctuation.separator.comma" + S},
            ],
        },
        "body": {
            "begin": r"\{", "end": r"\}",
            "beginCaptures": {"0": {"name": "punctuation.section.block.begin" + S}},
            "endCaptures": {"0": {"name": "punctuation.section.block.end" + S}},
            "patterns": [{"include": "#comment"}, {"include": "#declaration"}, {"include": "#trigger"},
                         {"include": "#slot"}, {"include": "#property"}],
        },
        "trigger": dict(begin=rf"(?:^|(?<=\{{))\s*(on)\s+({ident}){be}",
                        beginCaptures={"1": {"name": "keyword.control" + S},
                                       "2": {"name": "support.constant.event" + S}},
                        **member_head()),
        "slot": dict(begin=rf"(?:^|(?<=\{{))\s*(?!on{be})({ident}){be}(?=\s*(?:\{{|when{be}))",
                     beginCaptures={"1": {"name": "entity.name.function.slot" + S}}, **member_head()),
        "property": {
            "begin": rf"(?:^|(?<=\{{))\s*(?:({alt(props)}{be})|({ident}){be})",
            "beginCaptures": {"1": {"name": "support.type.property-name" + S},
                              "2": {"name": "support.type.property-name.declared" + S}},
            "end": r"(?=$|#|\})", "name": "meta.property" + S,
            "patterns": [{"include": "#value"}],
        },
        "value": {"patterns": [
            {"include": "#comment"},
            {"include": "#string"},
            {"match": rf"(?<![0-9])({integer})(\.\.)({integer})", "captures": {
                "1": {"name": "constant.numeric.integer" + S}, "2": {"name": "keyword.operator.range" + S},
                "3": {"name": "constant.numeric.integer" + S}}},
            {"match": rf"(?<![a-z0-9]){signed}(?![0-9])", "name": "constant.numeric.integer" + S},
            {"match": rf"(?<![a-z0-9-]){integer}(?![0-9])", "name": "constant.numeric.integer" + S},
            {"begin": r"\[", "end": r"\]", "name": "meta.list" + S,
             "beginCaptures": {"0": {"name": "punctuation.section.brackets.begin" + S}},
             "endCaptures": {"0": {"name": "punctuation.section.brackets.end" + S}},
             "patterns": [{"include": "#value"}]},
            {"match": ",", "name": "punctuation.separator.comma" + S},
            {"match": word(PROVENANCE), "name": "keyword.other.provenance" + S},
            {"match": word(PROPERTY_TYPES), "name": "support.type.property-type" + S},
            {"match": word(constants), "name": "constant.language" + S},
            {"match": name, "name": "variable.other.reference" + S},
        ]},
        "effect-block": {
            "begin": r"\{", "end": r"\}", "name": "meta.block.effect" + S,
            "beginCaptures": {"0": {"name": "punctuation.section.block.begin" + S}},
            "endCaptures": {"0": {"name": "punctuation.section.block.end" + S}},
            "patterns": [{"include": "#comment"}, {"include": "#statement"}, {"include": "#effect-block"},
                         {"include": "#expression"}],
        },
        "statement": {"patterns": [
            {"match": rf"{bs}(on|until)\s+({ident}){be}",
             "captures": {"1": {"name": "keyword.control" + S}, "2": {"name": "support.constant.event" + S}}},
            {"match": rf"{bs}(choose)\s+(one){be}",
             "captures": {"1": {"name": "keyword.control" + S}, "2": {"name": "keyword.control" + S}}},
            {"match": rf"{bs}(let)\s+({ident}){be}",
             "captures": {"1": {"name": "storage.type.let" + S}, "2": {"name": "variable.other.definition" + S}}},
            {"match": rf"{bs}(for)\s+(each)\s+({ident})\s+(in){be}",
             "captures": {"1": {"name": "keyword.control" + S}, "2": {"name": "keyword.control" + S},
                          "3": {"name": "variable.other.definition" + S}, "4": {"name": "keyword.operator.word" + S}}},
            # a call without arguments on a line of its own: `melee-attack`, `tie`
            {"match": rf"(?:^|(?<=\{{))\s*({alt(primitives)}){be}(?=\s*(?:#.*)?(?:$|\}}))",
             "captures": {"1": {"name": "support.function.primitive" + S}}},
            {"match": rf"(?:^|(?<=\{{))\s*(?!{alt(statement_words)}{be})({ident}){be}(?=\s*(?:#.*)?(?:$|\}}))",
             "captures": {"1": {"name": "entity.name.function.call" + S}}},
        ]},
        "expression": {"patterns": [
            {"include": "#comment"},
            {"include": "#string"},
            {"match": rf"(?<![a-z0-9-]){integer}(?![0-9])", "name": "constant.numeric.integer" + S},
            {"begin": r"\(", "end": r"\)",
             "beginCaptures": {"0": {"name": "punctuation.section.parens.begin" + S}},
             "endCaptures": {"0": {"name": "punctuation.section.parens.end" + S}},
             "patterns": [{"include": "#expression"}]},
            {"begin": r"\[", "end": r"\]", "name": "meta.list" + S,
             "beginCaptures": {"0": {"name": "punctuation.section.brackets.begin" + S}},
             "endCaptures": {"0": {"name": "punctuation.section.brackets.end" + S}},
             "patterns": [{"include": "#expression"}]},
            {"match": rf"({ident}){be}\s*(:)(?!:)", "captures": {
                "1": {"name": "variable.parameter.named" + S}, "2": {"name": "punctuation.separator.key-value" + S}}},
            {"match": rf"{bs}(one|all)\s+({alt(selectors)}){be}", "captures": {
                "1": {"name": "keyword.other.quantifier" + S}, "2": {"name": "support.type.selector" + S}}},
            {"match": rf"{bs}(up-to)\s+({integer}|{ident})\s+({alt(selectors)}){be}", "captures": {
                "1": {"name": "keyword.other.quantifier" + S},
                "2": {"patterns": [{"match": integer, "name": "constant.numeric.integer" + S},
                                   {"include": "#names"}]},
                "3": {"name": "support.type.selector" + S}}},
            {"match": rf"{bs}(is)\s+(?:(not)\s+)?({alt(relations)}){be}", "captures": {
                "1": {"name": "keyword.operator.word" + S}, "2": {"name": "keyword.operator.logical" + S},
                "3": {"name": "support.type.selector" + S}}},
            {"include": "#keywords"},
            {"include": "#names"},
            {"match": compare, "name": "keyword.operator.comparison" + S},
            {"match": arith, "name": "keyword.operator.arithmetic" + S},
            {"match": "=", "name": "keyword.operator.assignment" + S},
            {"match": ",", "name": "punctuation.separator.comma" + S},
        ]},
        "keywords": {"patterns": [
            {"match": word(w for w, r in KEYWORD_ROLES.items() if r == role), "name": role + S}
            for role in sorted(set(KEYWORD_ROLES.values()))
        ]},
        "names": {"patterns": [
            {"match": word(primitives) + r"(?=\s*\()", "name": "support.function.primitive" + S},
            {"match": word(functions) + r"(?=\s*\()", "name": "support.function.builtin" + S},
            {"match": word(context), "name": "variable.language" + S},
            {"match": rf"{name}(?=\s*\()", "name": "entity.name.function.call" + S},
            {"match": name, "name": "variable.other" + S},
        ]},
    }
    return {
        "$schema": "https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json",
        "name": "Mayhem",
        "scopeName": "source.mayhem",
        "fileTypes": ["mh"],
        "comment": "Generated by editors/vscode/scripts/gen_grammar.py from dsl/mayhem.lark, dsl/schema.py and "
                   "compiler/builtins*.py; do not edit by hand.",
        "patterns": [{"include": "#comment"}, {"include": "#in-box"}, {"include": "#use"},
                     {"include": "#declaration"}, {"include": "#declaration-in-progress"}, {"include": "#string"}],
        "repository": repo,
    }


def render_grammar() -> str:
    return json.dumps(build(), indent=2, ensure_ascii=False) + "\n"


def render_package() -> str:
    pkg = json.loads(PACKAGE_JSON.read_text(encoding="utf-8"))
    pkg["version"] = __version__
    return json.dumps(pkg, indent=2, ensure_ascii=False) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="exit 1 if a committed file differs from what it would write")
    args = ap.parse_args(argv)
    stale = 0
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from gen_snippets import render_snippets

    outputs = ((GRAMMAR_OUT, render_grammar()), (SNIPPETS_OUT, render_snippets()), (PACKAGE_JSON, render_package()))
    for path, text in outputs:
        old = path.read_text(encoding="utf-8") if path.exists() else ""
        if old == text:
            continue
        rel = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
        if args.check:
            stale += 1
            diff = difflib.unified_diff(old.splitlines(), text.splitlines(), f"{rel} (committed)",
                                        f"{rel} (generated)", lineterm="", n=1)
            print("\n".join(list(diff)[:40]))
            print(f"{rel} is stale: run .venv/bin/python editors/vscode/scripts/gen_grammar.py", file=sys.stderr)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            print(f"wrote {rel}")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
