"""Card texts read in one loop over card_text.lark's own tables: token types in, the tokens of each phrase out, no tree.

Lark's parse of a card text lexes it token by token, runs the LALR loop with a callback per
reduction and builds a tree, which compiler/checks/card_text.py then reads for the few
phrases that carry a fact: about 100 us a text, most of a first run's reading of 10,000
cards' texts. This reader gives the same phrases from the same grammar, cheaper:

- the lexer: every parser state of the card-text grammar accepts every terminal (a phrase
  may end anywhere, and any word may follow it), so Lark's contextual lexer is one lexer,
  and the text is lexed by one `finditer` over its expression, with the blanks before a
  token matched with it (the expression and its order of terminals are Lark's own);
- the parser: the grammar is flat (a run of phrases, each a run of terminals) and left
  recursive, so the parser's stack is bounded: each stack of states met, with the next
  token's type, makes one step, worked out once from Lark's tables (shift and reduce, as
  Lark does) and kept: the stack it leads to, the phrases it completes and where each
  began. A token costs one look-up, not a callback per reduction.

A phrase's tokens are those Lark's tree gives its node (the grammar keeps every token:
none is anonymous or named with `_`), in the same order. `tests/test_checks_card_text.py`
checks that the facts are those of Lark's tree on every text of the content, on mutated
ones and on random text.
"""
from __future__ import annotations

import re

from lark.parsers.lalr_analysis import Shift


class NotHere(Exception):
    """The reader cannot read this text (or this grammar): Lark's parse reads it."""


class Reader:
    """The phrases of a text for one Lark parser (lalr, contextual lexer) of a flat grammar;
    `wanted`: the names of the phrases to give (a rule's alias, or its name)."""

    def __init__(self, lark, wanted) -> None:
        frontend = lark.parser
        table = frontend.parser.parser.parse_table
        lexers = frontend.lexer.lexers
        start = table.start_states["start"]
        self.end_state = table.end_states["start"]
        first = lexers[start]
        terminals = {t.name for t in first.terminals}
        for state, row in table.states.items():  # one lexer for every state that reads a token
            if set(row) - {"$END"} and {t.name for t in lexers[state].terminals} != terminals:
                raise NotHere("a state's lexer differs")
        expressions = first.scanner._mres
        if len(expressions) != 1 or first.callback:
            raise NotHere("a lexer of more than one expression, or with callbacks")
        expression = expressions[0]
        self.ignore = first.ignore_types
        blanks = [t.pattern.value for t in first.terminals if t.name in self.ignore]
        if blanks == [r"\s+"]:  # no terminal starts with a blank: the blanks go with the token after them
            expression = re.compile(rf"\s*(?:{expression.pattern})", expression.flags)
        self.finditer = expression.finditer
        self.table = table
        self.wanted = frozenset(wanted)
        # a stack of states (a tuple) -> its number; by number, {token type: step} (see _step)
        self.stacks: dict[tuple, int] = {}
        self.stack_of: list[tuple] = []
        self.steps: list[dict] = []
        self.start = self._number((start,))

    def _number(self, stack: tuple) -> int:
        n = self.stacks.get(stack)
        if n is None:
            n = self.stacks[stack] = len(self.stack_of)
            self.stack_of.append(stack)
            self.steps.append({})
        return n

    def _step(self, n: int, type_: str) -> tuple:
        """What the token type `type_` does to stack number `n`, as Lark's loop does it: the
        reductions it sets off, then its shift (for "$END": the reductions down to the end
        state). Returned: (the stack it leads to, how many of the stack's phrase starts stay,
        how many start here, the phrases completed: (name, where it starts: a kept start's
        index, or -1 for here)). Raises NotHere where the grammar takes no such token."""
        states = list(self.stack_of[n])
        starts: list = list(range(len(states) - 1))  # one per value: an old start's index, or -1
        done = []
        rules = self.table.states
        while True:
            action = rules[states[-1]].get(type_)
            if action is None:
                raise NotHere(f"no {type_} after state {states[-1]}")
            what, arg = action
            if what is Shift:
                if type_ == "$END":  # pragma: no cover - Lark's tables reduce at the end
                    raise NotHere("a shift of the end")
                states.append(arg)
                starts.append(-1)
                break
            size = len(arg.expansion)
            at = starts[-size] if size else -1
            name = str(arg.alias or arg.origin.name)  # (not Lark's Token: a fact is kept with marshal)
            if name in self.wanted:
                done.append((name, at))
            if size:
                del states[-size:]
                del starts[-size:]
            states.append(rules[states[-1]][arg.origin.name][1])
            starts.append(at)
            if type_ == "$END" and states[-1] == self.end_state:
                break
        kept = 0  # a reduction keeps its first value's start where it was: the old starts stay below the new
        while kept < len(starts) and starts[kept] == kept:
            kept += 1
        step = (self._number(tuple(states)), kept, len(starts) - kept, tuple(done))
        self.steps[n][type_] = step
        return step

    def phrases(self, text: str) -> list[tuple[str, list[str], list[str]]]:
        """The wanted phrases of `text`, in its order: (name, the tokens' types, their texts)."""
        steps = self.steps
        ignore = self.ignore
        n = self.start
        starts: list[int] = []
        types: list[str] = []
        found: list[re.Match] = []
        out = []
        at = 0
        for m in self.finditer(text):
            if m.start() != at:
                raise NotHere("a character no terminal matches")
            at = m.end()
            type_ = m.lastgroup
            if type_ in ignore:
                continue
            try:
                n, kept, new, done = steps[n][type_]
            except KeyError:
                n, kept, new, done = self._step(n, type_)
            i = len(types)
            if done:
                for name, start in done:
                    start = starts[start] if start >= 0 else i
                    out.append((name, types[start:i], [f.group(f.lastgroup) for f in found[start:i]]))
            del starts[kept:]
            if new == 1:
                starts.append(i)
            elif new:
                starts.extend([i] * new)
            types.append(type_)
            found.append(m)
        if at != len(text):
            raise NotHere("a character no terminal matches")
        step = steps[n].get("$END") or self._step(n, "$END")
        i = len(types)
        for name, start in step[3]:
            start = starts[start] if start >= 0 else i
            out.append((name, types[start:i], [f.group(f.lastgroup) for f in found[start:i]]))
        return out
