"""The post-lexer: newline handling and the nesting limit, between Lark's lexer and parser."""
from __future__ import annotations

from lark import Token

OPENERS = {"LPAR": "RPAR", "LSQB": "RSQB", "LBRACE": "RBRACE"}
CLOSERS = {v: k for k, v in OPENERS.items()}

# Deeper than this is not content, it is an attack or an accident; the limit keeps
# every later pass (which may recurse over the tree) far from Python's stack limit.
MAX_NESTING = 64


class NestingTooDeep(Exception):
    def __init__(self, token: Token, opened: list[Token]):
        super().__init__("nesting too deep")
        self.token = token
        self.opened = opened


class NewlinePostLex:
    """Newlines end members and statements, except inside ( ) and [ ], right after
    `{` or after an `and`/`or` (a long condition goes on, as `mayhem fmt` wraps it), at
    the start of the file, and where several follow each other. (`else` goes on the
    line of the `}` before it, as in Go.)"""

    always_accept = ("_NL",)

    def __init__(self) -> None:
        self.open_stack: list[Token] = []

    def process(self, stream):
        # Tokens pass straight through: the contextual lexer picks the next token's
        # terminals from the parser's state, so a post-lexer must not hold one back.
        self.open_stack = []
        prev_type: str | None = None
        for tok in stream:
            ttype = tok.type
            if ttype == "_NL":
                if self.open_stack and self.open_stack[-1].type != "LBRACE":
                    continue  # inside ( ) or [ ]
                if prev_type in (None, "LBRACE", "_NL", "AND", "OR"):
                    continue
            elif ttype in OPENERS:
                self.open_stack.append(tok)
                if len(self.open_stack) > MAX_NESTING:
                    raise NestingTooDeep(tok, list(self.open_stack[:3]))
            elif ttype in CLOSERS and self.open_stack and self.open_stack[-1].type == CLOSERS[ttype]:
                self.open_stack.pop()
            prev_type = ttype
            yield tok
