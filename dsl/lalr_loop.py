"""The parse of a well-formed content file in one loop: Lark's lexers, post-lexer rules, LALR tables and dsl.lowering's reductions.

Lark parses through a chain of generic steps per token: its contextual lexer (a generator),
the post-lexer (another generator, dsl.lexer), then `ParserState.feed_token`, which looks the
action up, asserts that it is not the end state (one `Rule.__eq__` per reduction) and calls
the rule's callback. That chain was most of the parse of a content file. `FastLoop.parse`
runs the same steps with the same data, read once from the Lark parser it is given: the
contextual lexer's compiled expression per parser state, its keyword table (Lark's
`UnlessCallback`s, here a dict), the post-lexer's newline and nesting rules, the parse
table's actions and gotos, and the parser's callbacks (dsl.lowering), inline.

It only ever parses a file that is well-formed: at the first thing that is not (a character
no terminal matches, a token the state does not expect, brackets nested too deep) it stops
with `NotHere`, and the caller parses the file again through Lark's own loop, which raises
Lark's own error at the same place (dsl.syntax_errors turns it into E101, E104, ...). So the
errors, their positions and their hints are Lark's; `tests/test_lalr_loop.py` checks that
both loops give the same syntax tree and the same findings on every content file and on
mutated ones.
"""
from __future__ import annotations

import re

from lark import Token
from lark.lexer import UnlessCallback
from lark.parsers.lalr_analysis import Shift

from .lexer import CLOSERS, MAX_NESTING, OPENERS

# the post-lexer's rule (dsl.lexer.NewlinePostLex): a newline after these, or first, is dropped
_NO_NEWLINE_AFTER = frozenset((None, "LBRACE", "_NL", "AND", "OR"))
# the content grammar's blanks between tokens (`%ignore /[\t \f]+/`), as Lark gives the pattern
_BLANKS = "[\t \x0c]+"


class NotHere(Exception):
    """The file is not well-formed: Lark's own loop parses it and reports why."""


class FastLoop:
    """The content grammar's parse, for one Lark parser (dsl.grammar.ast_parser) and its lowering."""

    def __init__(self, lark) -> None:
        frontend = lark.parser
        lalr = frontend.parser.parser
        table = lalr.parse_table
        callbacks = lalr.callbacks
        # the contextual lexer (dsl.scanner), behind the post-lexer
        self.lexer = frontend.lexer.lexer
        self.start_state = table.start_states["start"]
        self.end_state = table.end_states["start"]
        # state -> {terminal: new state (a shift) or (size, callback, nonterminal) (a reduction)}
        self.actions: dict = {}
        # state -> {nonterminal: new state}
        self.gotos: dict = {}
        reductions: dict = {}
        terminals = {term.name for term in lark.terminals} | {"$END"}
        for state, row in table.states.items():
            acts, gotos = {}, {}
            for symbol, (action, arg) in row.items():
                if action is Shift:
                    (acts if symbol in terminals else gotos)[symbol] = arg
                else:
                    red = reductions.get(arg)
                    if red is None:
                        callback = callbacks[arg]
                        # a rule that gives back its one child (`?sum: product`) only changes the state
                        red = reductions[arg] = (len(arg.expansion), None if getattr(callback, "identity", False)
                                                 else callback, arg.origin.name)
                    acts[symbol] = red
            self.actions[state] = acts
            self.gotos[state] = gotos
        self._plans: list = [None] * (max(table.states) + 1)  # by state, made on first use (_plan)

    def _plan(self, state):
        """What the loop needs of the contextual lexer of one parser state: its expression's
        `match`, its keywords ({text: terminal}) and which terminals it skips."""
        lexer = self.lexer.lexers[state]
        scanner = lexer.scanner  # built on first use, with `lexer.callback`
        if len(scanner._mres) != 1:
            raise NotHere  # pragma: no cover - a grammar too large for one expression
        keywords = {}
        for name, callback in lexer.callback.items():
            if name != "ID" or not isinstance(callback, UnlessCallback):
                raise NotHere  # pragma: no cover - a lexer callback this loop does not know
            for term in callback.scanner.terminals:
                if term.pattern.type != "str" or term.pattern.flags:
                    raise NotHere  # pragma: no cover
                keywords[term.pattern.value] = term.name
        expression = scanner._mres[0]
        blanks = [t.pattern.value for t in lexer.terminals if t.name in lexer.ignore_types
                  and t.pattern.type == "re" and t.pattern.value == _BLANKS]
        if blanks and isinstance(expression, re.Pattern):
            # the blanks before a token matched with it (no terminal starts with one): one
            # match per token, not one more per run of blanks (a third of the matches). At a
            # place where no token follows the blanks (the end of the file), the `*` gives
            # them back to the alternative that matches blanks alone, skipped as before.
            expression = re.compile(f"{_BLANKS[:-1]}*(?:{expression.pattern})", expression.flags)
        plan = self._plans[state] = (expression.match, keywords, lexer.ignore_types,
                                     lexer.ignore_types & lexer.newline_types,
                                     lexer.newline_types - lexer.ignore_types - {"_NL"})
        return plan

    def parse(self, text: str):
        """The lowered file (the value dsl.lowering's `start` gives), or NotHere."""
        plans = self._plans
        actions = self.actions
        gotos = self.gotos
        end_state = self.end_state
        new = str.__new__
        state = self.start_state
        state_stack = [state]
        value_stack: list = []
        push_state = state_stack.append
        push_value = value_stack.append
        opened: list[str] = []
        prev_type = None
        pos, line, line_start, end = 0, 1, 0, len(text)
        while pos < end:
            plan = plans[state]
            if plan is None:
                plan = self._plan(state)
            match, keywords, ignore, ignored_lines, token_lines = plan
            m = match(text, pos)
            if m is None:
                raise NotHere
            type_ = m.lastgroup
            if type_ in ignore:  # blanks, comments
                if type_ in ignored_lines:
                    value = m.group()
                    if "\n" in value:
                        line += value.count("\n")
                        line_start = pos + value.rindex("\n") + 1
                pos = m.end()
                continue
            pos = m.end()
            value = m.group(type_)  # without the blanks before it
            start = pos - len(value)
            column = start - line_start + 1
            start_line = line
            if type_ == "_NL":
                line += value.count("\n")
                line_start = start + value.rindex("\n") + 1
                if (opened and opened[-1] != "LBRACE") or prev_type in _NO_NEWLINE_AFTER:
                    continue
            elif type_ in token_lines and "\n" in value:  # a terminal that may hold a newline (STRING)
                line += value.count("\n")
                line_start = start + value.rindex("\n") + 1
            elif type_ == "ID":
                type_ = keywords.get(value, "ID")
            elif type_ in OPENERS:
                opened.append(type_)
                if len(opened) > MAX_NESTING:
                    raise NotHere
            elif type_ in CLOSERS and opened and opened[-1] == CLOSERS[type_]:
                opened.pop()
            prev_type = type_
            tok = new(Token, value)
            tok.type = type_
            tok.value = value
            tok.start_pos = start
            tok.line = start_line
            tok.column = column
            tok.end_line = line
            tok.end_column = pos - line_start + 1
            tok.end_pos = pos
            while True:
                try:  # (a subscript, not .get: no call; a try costs nothing until it raises)
                    act = actions[state][type_]
                except KeyError:
                    raise NotHere from None
                if act.__class__ is int:
                    state = act
                    push_state(state)
                    push_value(tok)
                    break
                size, callback, origin = act
                if callback is None:  # the one child stays: only the state changes
                    state = state_stack[-1] = gotos[state_stack[-2]][origin]
                    continue
                if size:
                    args = value_stack[-size:]
                    del state_stack[-size:]
                    del value_stack[-size:]
                else:
                    args = []
                state = gotos[state_stack[-1]][origin]
                push_state(state)
                push_value(callback(args))
        while True:  # the end of the file: reduce what is left, down to `start`
            act = actions[state].get("$END")
            if act is None or act.__class__ is int:
                raise NotHere
            size, callback, origin = act
            if callback is None:
                del state_stack[-1]
                state = gotos[state_stack[-1]][origin]
                push_state(state)
            else:
                if size:
                    args = value_stack[-size:]
                    del state_stack[-size:]
                    del value_stack[-size:]
                else:
                    args = []
                state = gotos[state_stack[-1]][origin]
                push_state(state)
                push_value(callback(args))
            if state == end_state:
                return value_stack[-1]
