"""The grammar (dsl/mayhem.lark) as Lark parsers: one that lowers to dsl.ast as it parses, one that builds Lark's tree."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
import threading

from lark import Lark

from .lalr_loop import FastLoop
from .lexer import NewlinePostLex
from .lowering import Lowering
from .reductions import reductions
from .scanner import FastContextualLexer

GRAMMAR_PATH = Path(__file__).with_name("mayhem.lark")


class _LoweringLark(Lark):
    """Lark whose LALR parser calls dsl.lowering's functions as it reduces each rule,
    (written by dsl.reductions) instead of its tree builder's: `parse()` gives a dsl.ast.File (wrapped, see
    dsl.lowering), never a Lark `Tree`."""

    def __init__(self, grammar: str, lowering: Lowering, **options) -> None:
        self.lowering = lowering
        super().__init__(grammar, **options)

    def _prepare_callbacks(self) -> None:  # Lark's hook, called when it builds (or loads) the parser
        self._callbacks = reductions(self.rules, self.lowering)


_per_thread = threading.local()


def ast_parser() -> _LoweringLark:
    """The parser of content files, with dsl.scanner's lexer; its `lowering` holds the file
    being parsed (dsl.parser sets it). One per thread, since it holds that file (the
    language server checks in a worker thread and parses a buffer in its main one). The
    grammar's tables are cached on disk by Lark (`cache=True`) next to its other temporary
    files, keyed by the grammar's text and Lark's version: a parser takes milliseconds."""
    parser = getattr(_per_thread, "parser", None)
    if parser is None:
        parser = _per_thread.parser = _LoweringLark(
            GRAMMAR_PATH.read_text(encoding="utf-8"), Lowering(), parser="lalr", lexer="contextual",
            postlex=NewlinePostLex(), maybe_placeholders=True, cache=True,
            _plugins={"ContextualLexer": FastContextualLexer})
        parser.loop = FastLoop(parser)
    return parser


@lru_cache(maxsize=None)
def lark_parser() -> Lark:
    """The grammar as a plain Lark parser that builds Lark's parse tree (with positions):
    for tools that read the tree or the terminals (editors/vscode/scripts/gen_grammar.py)
    and the benchmark's bare parse. Content files go through ast_parser()."""
    return Lark(GRAMMAR_PATH.read_text(encoding="utf-8"), parser="lalr", lexer="contextual",
                postlex=NewlinePostLex(), propagate_positions=True, maybe_placeholders=True,
                cache=False)


@lru_cache(maxsize=None)
def terminal_texts() -> dict[str, str]:
    """Terminal name -> what a person would type ("LBRACE" -> "{")."""
    texts = {}
    for term in ast_parser().terminals:
        pattern = term.pattern
        if pattern.type == "str":
            texts[term.name] = pattern.value
    texts.update({"ID": "a name", "INT": "a number", "SIGNED_INT": "a signed number",
                  "STRING": "a string", "_NL": "a new line", "$END": "the end of the file",
                  "COMPARE": "a comparison", "ADD_OP": "'+' or '-'", "MUL_OP": "'*'"})
    return texts
