"""Two-sided dashboards: a figure's card with sides, one chosen at setup, its counters and parts read from it.

A card type's `sides [T]` makes the cards of type T declared inside one of its cards that
card's sides: at the deal the figure has none of them yet (no parts, its counters from the card
or their start), and `choose-sides()` in the game's `setup { }` asks each figure's player, in the
order dealt, which side it plays (`side FIGURE SIDE`; a configuration or a scenario may give it):
the figure's counters then start from the side's properties, and its parts are the cards
declared inside the side."""
from __future__ import annotations

from . import dashboards  # its deal_parts read at call time: dashboards imports this module (through primitives)
from .rules import KernelError


def load_sides(side_types: dict, comp: dict, card_of, parts: dict) -> list[str] | None:
    """The sides of a figure's card (`comp`, of the IR; `side_types`: each card type's `sides`),
    in printed order, each registered as a card (`card_of(child)`: its qid, or None for no card
    type) with its parts (`parts`, by the side's qid); None when the card holds no side."""
    kinds = side_types.get(comp["kind"], ())
    sides = [c for c in comp["children"] if c["kind"] in kinds]
    if not sides:
        return None
    for side in sides:
        card_of(side)  # the side itself is a card: its printed properties (`life`) are read as a part's
        parts[side["qid"]] = [q for q in map(card_of, side["children"]) if q is not None]
    return [side["qid"] for side in sides]


def take_side(rules, state, figure: str, side_id: str) -> None:
    """The figure plays that side: its counters kept per figure start from the side's properties
    (`start-from`), and the cards declared inside the side are its parts, in printed order."""
    fig = state.figures[figure]
    sides = rules.dash.sides.get(fig["card"], [])
    qid = next((q for q in sides if rules.cards[q].id == side_id), None)
    if qid is None:
        from ...dsl.diagnostics import did_you_mean
        ids = [rules.cards[q].id for q in sides]
        hint = did_you_mean(side_id, ids) or f"its sides: {', '.join(ids) or 'none'}"
        raise KernelError(f"figure '{figure}' has no side '{side_id}' ({hint})")
    if fig.get("side") is not None:
        raise KernelError(f"figure '{figure}' plays a side already")
    fig["side"] = qid
    printed = rules.cards[qid]
    for counter, prop in rules.dash.starts.items():
        value = printed.props.get(prop)
        if isinstance(value, int):
            state.counters[f"{counter}/{figure}"] = value
    dashboards.deal_parts(rules, state, qid, figure)
    from .starts import player_starts
    player_starts(rules, state)  # a per-player counter summing the sides' printed property


def choose_sides(run, env) -> None:
    """`choose-sides()`: each figure of a card with sides and none chosen, in the order dealt,
    takes the side its player chooses (a Team's figure: the Team's first player), unless the
    configuration names it (`KernelConfig.sides`); logged `side`."""
    state, rules = run.state, run.rules
    given = getattr(run.game.config, "sides", None) or {}
    for figure, fig in list(state.figures.items()):
        sides = rules.dash.sides.get(fig.get("card")) if rules.dash is not None else None
        if not sides or fig.get("side") is not None:
            continue
        owner = fig["owner"]
        player = state.teams[owner][0] if owner in state.teams else owner
        ids = [rules.cards[q].id for q in sides]
        side = given.get(figure)
        if side is None:
            options = [f"side {figure} {i}" for i in ids]
            side = ids[options.index(run.ask(player, "side", f"choose the side of {figure}", options))]
        take_side(rules, state, figure, side)
        state.log.append({"event": "side", "figure": figure, "side": side, "player": player})


PRIMITIVES = {"choose-sides": choose_sides}
