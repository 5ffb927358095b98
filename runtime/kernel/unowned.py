"""Figures no player or Team owns: a figure kind flagged `unowned`, added by `add-unowned-figure()`.

A kind of figure flagged `unowned` deals no figure at setup (board.setup_figures,
dashboards.deal_figures and draft.draft pass it over): the setup word `add-unowned-figure()` adds
its `count` figures (default 1), owned by no one, on the kind's first `start` space, else off the
board (the round puts them on it: `put-figure(unowned-figures(), ...)`). A kind of figures that
are cards (`card-type`) takes the box's first cards of that type in id order, each figure named
by its card, with its counters and parts as a dealt figure's (dashboards.py); another kind names
its figures after itself (`warden`, `warden-2` with a count). Logged `add-figure`."""
from __future__ import annotations
from .writers import add_figure


def add_unowned_figure(run, env) -> None:
    """`add-unowned-figure()`: every kind flagged `unowned` gets its figures, once (a kind that has
    them already is passed over)."""
    rules, state = run.rules, run.state
    for kind, spec in rules.figures.items():
        if not spec["unowned"] or any(x["kind"] == kind for x in state.figures.values()):
            continue
        start = spec["start"][0] if spec["start"] else None
        count = spec["count"]
        if rules.dash is not None and kind in rules.dash.kinds:
            from .dashboards import _place
            roster = sorted(rules.dash.roster[rules.dash.kinds[kind]], key=lambda q: rules.cards[q].id)
            for qid in roster[:count]:
                _place(rules, state, kind, None, qid, start)
                state.log.append({"event": "add-figure", "figure": rules.cards[qid].id, "to": start})
            continue
        for n in range(count):
            ident = kind + (f"-{n + 1}" if n else "")
            add_figure(state, ident, {"kind": kind, "owner": None, "space": start})
            state.log.append({"event": "add-figure", "figure": ident, "to": start})


PRIMITIVES = {"add-unowned-figure": add_unowned_figure}
