"""The contextual lexer of content files: Lark's own, with its per-token loop made tight.

Lark's ContextualLexer picks, for each token, the lexer of the terminals the parser's state
accepts; each of those matches the text with one compiled regular expression, makes a
Token, counts lines and turns names that are keywords into keyword tokens. That loop, a
handful of method calls per token, was half of the parse of a content file. `lex` below
runs the same steps, with the same lexers, expressions, callbacks and tokens, inline. At a
character no terminal matches, it hands over to Lark's loop at that point, which raises
Lark's own error (dsl.syntax_errors turns it into E101, E104, ...).

Lark takes it through its `_plugins` option (the hook lark-cython uses), see dsl.grammar.
"""
from __future__ import annotations

from lark import Token
from lark.lexer import ContextualLexer


class FastContextualLexer(ContextualLexer):

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._plans: dict[int, tuple] = {}  # id of one of Lark's lexers -> what the loop needs of it

    def _plan(self, lexer):
        """What the loop needs of one of Lark's lexers: its expressions, ignored and
        multi-line terminals, and callbacks (the keyword check of ID)."""
        scanner = lexer.scanner  # built on first use, with `lexer.callback`
        return (tuple(scanner._mres), lexer.ignore_types, lexer.newline_types, lexer.callback)

    def lex(self, lexer_state, parser_state):
        plans = self._plans
        text = lexer_state.text
        source, end = text.text, text.end
        ctr = lexer_state.line_ctr
        pos, line, line_start = ctr.char_pos, ctr.line, ctr.line_start_pos
        lexers = self.lexers
        new = str.__new__
        while pos < end:
            lexer = lexers[parser_state.position]
            plan = plans.get(id(lexer))
            if plan is None:
                plan = plans[id(lexer)] = self._plan(lexer)
            mres, ignore, newlines, callback = plan
            for mre in mres:
                m = mre.match(source, pos, end)
                if m is not None:
                    break
            else:  # nothing matches here: Lark's loop reports it, as it would have
                ctr.char_pos, ctr.line, ctr.line_start_pos = pos, line, line_start
                ctr.column = pos - line_start + 1
                yield from ContextualLexer.lex(self, lexer_state, parser_state)
                return
            value = m.group(0)
            type_ = m.lastgroup
            start, column, start_line = pos, pos - line_start + 1, line
            pos += len(value)
            if type_ in newlines:
                n = value.count("\n")
                if n:
                    line += n
                    line_start = start + value.rindex("\n") + 1
            if type_ in ignore and type_ not in callback:
                continue
            t = new(Token, value)
            t.type = type_
            t.start_pos = start
            t.value = value
            t.line = start_line
            t.column = column
            t.end_line = line
            t.end_column = pos - line_start + 1
            t.end_pos = pos
            if type_ in callback:
                t = callback[type_](t)
            if type_ in ignore:
                continue
            lexer_state.last_token = t
            yield t
        ctr.char_pos, ctr.line, ctr.line_start_pos = pos, line, line_start
        ctr.column = pos - line_start + 1
