"""The LALR parser's reduce functions, one written and compiled per grammar rule, that call dsl.lowering.

Lark's LALR parser calls one function per reduced rule (its `callbacks`) with the values of the
rule's symbols. The function shapes the children as Lark's tree builder does for this grammar
(`_rule`s inlined, anonymous tokens dropped, `[x]` absent as None, a `?rule` with one child
replaced by it), finds the node's first and last token, and calls the rule's `rule_<name>` of
dsl.lowering with the children and the span. What differs between rules (how many symbols,
which are tokens, which are dropped or inlined, where the Nones go) is known when the grammar
is loaded, so each rule's function is written out as Python for that rule alone and compiled
once, as Jinja2 compiles a template: no loop over the symbols, no test of what each one is, at
each of the several hundred thousand reductions of a large content set.

Every value on the parser's stack for a rule is a tuple (value, depth, first token, last
token): the depth counts the syntax-tree levels below the node, so that an over-deep
expression is reported (E105) before later passes recurse over it. A rule's first and last
token include the keywords and brackets it drops, as Lark's `propagate_positions` places a
node (`tests/test_lowering.py` compares both on every content file).

>>> from mayhem.dsl.grammar import ast_parser
>>> rules = {str(r): r for r in ast_parser().rules}
>>> print(source(rules["<range : INT __ANON_0 INT>"], ast_parser().lowering), end="")
def reduce(raw):
    c0, c1, c2 = raw
    first = c0
    last = c2
    depth = 0
    vals = [c0, c2]
    span = Span(lowering.name, first.line, first.column, last.end_line, last.end_column)
    depth += 1
    if depth > MAX_EXPR_DEPTH and lowering.too_deep is None:
        lowering.too_deep = span
    return (handler(vals, span), depth, first, last)
>>> print(source(rules["<unary : atom>"], None), end="")  # `?unary: atom` gives back its child
def reduce(raw):
    return raw[0]
"""
from __future__ import annotations

from .lowering import MAX_EXPR_DEPTH, Lowering
from .spans import Span

# `1 + 1 + ... + 1` is one reduction but a left-nested chain of BinOps, one level per
# operator, and later passes recurse over that chain
_CHAINS = ("sum", "product")


def reductions(rules, lowering: Lowering) -> dict:
    """Lark's LALR callbacks (rule -> function of the matched children) that lower as they reduce.
    A function that gives back its one child unchanged (`?sum: product`) has `identity` set,
    so that dsl.lalr_loop need not call it."""
    out = {}
    for rule in rules:
        namespace = {"lowering": lowering, "Span": Span, "MAX_EXPR_DEPTH": MAX_EXPR_DEPTH,
                     "handler": getattr(lowering, "rule_" + _name(rule), None)}
        code = source(rule, lowering)
        exec(compile(code, f"<reduce {rule}>", "exec"), namespace)  # noqa: S102 - our own code, from the grammar
        reduce = namespace["reduce"]
        reduce.identity = code.endswith("    return raw[0]\n")
        out[rule] = reduce
    return out


def _name(rule) -> str:
    return rule.alias or rule.origin.name


def _pick(var: str, candidates: list[tuple[str, bool]]) -> list[str]:
    """Lines that set `var` to the first candidate expression that is not None
    (each: the expression, whether it may be None)."""
    lines, indent = [], "    "
    if not candidates:
        return [f"{indent}{var} = None"]
    for k, (expr, maybe_none) in enumerate(candidates):
        lines.append(f"{indent}{var} = {expr}")
        if not maybe_none or k == len(candidates) - 1:
            break
        lines.append(f"{indent}if {var} is None:")
        indent += "    "
    return lines


def source(rule, lowering: Lowering | None) -> str:
    """The Python text of one rule's reduce function."""
    name = _name(rule)
    expansion = rule.expansion
    size = len(expansion)
    keep_all = rule.options.keep_all_tokens
    is_term = [sym.is_term for sym in expansion]
    # which children stay, as Lark's tree builder keeps them (maybe_placeholders=True):
    # the Nones before each, and after the last one
    empty = rule.options.empty_indices
    nones = [len(ones) for ones in "".join(str(int(b)) for b in empty).split("0")] if empty else [0] * (size + 1)
    items: list[str] = []  # the children list's items, as Python expressions
    static = True  # whether the children's number is known here (no inlined rule among them)
    pending = 0
    for i, sym in enumerate(expansion):
        pending += nones[i]
        if keep_all or not (sym.is_term and sym.filter_out):
            items.extend(["None"] * pending)
            pending = 0
            if sym.is_term:
                items.append(f"c{i}")
            elif sym.name.startswith("_"):
                items.append(f"*c{i}[0]")
                static = False
            else:
                items.append(f"c{i}[0]")
    items.extend(["None"] * (pending + nones[size]))
    inline = name.startswith("_")
    expand1 = rule.options.expand1 and not rule.alias

    if (expand1 and size == 1 and not is_term[0] and not expansion[0].name.startswith("_")
            and items == ["c0[0]"]):
        return "def reduce(raw):\n    return raw[0]\n"  # the child's own value, depth and tokens

    lines = ["def reduce(raw):"]
    if size == 1:
        lines.append("    c0, = raw")
    elif size:
        lines.append(f"    {', '.join(f'c{i}' for i in range(size))} = raw")
    # the first and the last token of everything the rule matched (a token is never None;
    # a rule that matched nothing has None for both)
    order = [(f"c{i}" if is_term[i] else f"c{i}[2]", not is_term[i]) for i in range(size)]
    lines += _pick("first", order)
    lines += _pick("last", [(f"c{i}" if is_term[i] else f"c{i}[3]", not is_term[i]) for i in reversed(range(size))])
    depths = [f"c{i}[1]" for i in range(size) if not is_term[i]]
    lines.append("    depth = " + ("0" if not depths else depths[0] if len(depths) == 1
                                     else f"max({', '.join(depths)})"))
    lines.append(f"    vals = [{', '.join(items)}]")
    if inline:
        lines.append("    return (vals, depth, first, last)")
        return "\n".join(lines) + "\n"
    if expand1:
        if static and len(items) == 1:
            lines.append("    return (vals[0], depth, first, last)")
            return "\n".join(lines) + "\n"
        if not static:
            lines.append("    if len(vals) == 1:")
            lines.append("        return (vals[0], depth, first, last)")
    if lowering is not None and getattr(lowering, "rule_" + name, None) is None:  # pragma: no cover
        lines.append(f"    raise AssertionError('no lowering for rule {name!r}')  # grammar and lowering out of step")
        return "\n".join(lines) + "\n"
    if any(is_term):
        lines.append("    span = Span(lowering.name, first.line, first.column, last.end_line, last.end_column)")
    else:
        lines.append("    if first is None:")
        lines.append("        span = Span(lowering.name, 1, 1, 1, 1)")
        lines.append("    else:")
        lines.append("        span = Span(lowering.name, first.line, first.column, last.end_line, last.end_column)")
    lines.append("    depth += (len(vals) - 1) // 2" if name in _CHAINS else "    depth += 1")
    lines.append("    if depth > MAX_EXPR_DEPTH and lowering.too_deep is None:")
    lines.append("        lowering.too_deep = span")
    lines.append("    return (handler(vals, span), depth, first, last)")
    return "\n".join(lines) + "\n"
