"""The terminal front-end of `mayhem play`: the board, dashboards and hands, and a prompt
that lists the legal actions.

It reads the game's view (`game.view()`, runtime/game_view.py): plain data from the rules
kernel's state."""
from __future__ import annotations

from rich.console import Console
from rich.table import Table

from mayhem.runtime.actions import Action, ActionError
from mayhem.runtime import Game
from mayhem.runtime.dice import dice_rules
from mayhem.runtime.rules import prop


def token_text(pieces: dict) -> str:
    """The view's pieces ({token id: count}) in a cell: `fire shieldx2`."""
    return " ".join(tok if n == 1 else f"{tok}x{n}" for tok, n in sorted(pieces.items()) if n > 0)


_BY_ID: dict = {}


def _component(game: Game, kind: str, ident: str | None) -> dict | None:
    """The component of this kind with this id (a figure's `character`, a Location's id)."""
    rules = game.rules
    kept = _BY_ID.get(id(rules))
    if kept is None or kept[0] is not rules:
        found: dict = {}
        for c in rules.ir["components"]:
            found.setdefault((c["kind"], c["id"]), c)
        kept = _BY_ID[id(rules)] = (rules, found)
    return kept[1].get((kind, ident))


def dashboard(game: Game, fig: dict) -> dict | None:
    """A character's dashboard in use: its side (a child of the character), else the character."""
    comp = _component(game, "character", fig["character"])
    if comp is None or fig["side"] is None:
        return comp
    return next((c for c in comp["children"] if c["kind"] == "side" and c["id"] == fig["side"]), comp)


def board_table(game: Game, seen: dict | None = None) -> Table:
    """The board by Location (`seen`: the game's view, read here when not given)."""
    seen = seen if seen is not None else game.view()
    dice = dice_rules(game.rules)  # the names the game's declarations give its die and its leader
    shown = " ".join(f"{dice.dice[d]['name']} {face}" for d, face in seen["dice"].items() if d in dice.dice)
    table = Table(title=f"Round {seen['round']}  {shown}  {dice.lead_called.capitalize()} {seen['lead']}",
                  show_lines=True)
    for col in ("", "Location", "slots", "figures", "tokens", "adjacent"):
        table.add_column(col)
    blocked = set(seen["blocked"])
    for loc in seen["locations"]:
        if loc["removed"]:
            continue
        comp = _component(game, "location", loc["location"])
        name = comp["name"] if comp else "(face down)"
        base = prop(comp, "base") if comp else None
        icons = ", ".join(prop(comp, "icons", []) or []) if comp else ""
        label = name + (f" [{base} base]" if base else "") + (f" ({icons})" if icons else "")
        figures = seen["figures"]
        figs = [f"{key} ({figures[key]['team']})" for key in loc["figures"] if key in figures]
        figs += [f"{k} [{f['life'] - f['damage']} life]" for k, f in figures.items()
                 if f["kind"] == "token" and f["space"] == loc["label"] and f["life"] is not None]
        at = loc["label"]
        adj = " ".join(n for n in seen["sides"].get(at, ())
                       if "-".join(sorted((at, n), key=lambda x: int(x[1:]))) not in blocked)
        pile = loc.get("pile")  # a hidden zone: how many, not which
        tokens = " ".join(t for t in (token_text(loc.get("tokens", {})), f"face-down pile x{pile}" if pile else "") if t)
        table.add_row(at, label, str(loc["slots"]), ", ".join(figs), tokens, adj)
    return table


def dashboards(game: Game, seen: dict | None = None) -> Table:
    """Each Team's characters' dashboards (`seen`: the game's view, read here when not given)."""
    seen = seen if seen is not None else game.view()
    table = Table(title="Dashboards")
    for col in ("team", "character", "life", "where", "tokens", "abilities (slot)", "special"):
        table.add_column(col)
    for colour, team in seen["teams"].items():
        for key in team["characters"]:
            fig = seen["figures"][key]
            where = fig["space"] or ("KO" if fig["ko"] else "off board")
            side = dashboard(game, fig) or {"children": [], "name": key}
            abilities = ", ".join(f"{a['name']} ({prop(a, 'slot')})" for a in side["children"] if a["kind"] == "ability")
            spec = next((c for c in side["children"] if c["kind"] == "special-ability"), None)
            name = (_component(game, "character", fig["character"]) or side)["name"]
            table.add_row(colour, name, f"{fig['life'] - fig['damage']}/{fig['life']}", where,
                          token_text(fig.get("tokens", {})), abilities, spec["name"] if spec else "")
    return table


def dice_text(team: dict) -> str:
    """The Team's Activation dice, those already placed marked as used: `5 (used), 4`."""
    dice = [f"{d} (used)" for d in team["used"]] + [str(d) for d in team["dice"]]
    return ", ".join(dice) or "none"


def show(console: Console, game: Game, human: str) -> None:
    """The board, the dashboards and each Team's line, read from `game.view()`."""
    seen = game.view()
    names = game.rules.by_qid
    if not seen["locations"]:  # still choosing colours, characters and sides: only what is chosen
        for colour, team in seen["teams"].items():
            picked = ", ".join((_component(game, "character", seen["figures"][k]["character"]) or {"name": k})["name"]
                               for k in team["characters"])
            if picked:
                console.print(f"[bold]{colour}[/bold]: {picked}")
        return
    console.print(board_table(game, seen))
    console.print(dashboards(game, seen))
    for colour, team in seen["teams"].items():
        line = f"[bold]{colour}[/bold]: VP {team['counters'].get('vp', 0)}  dice {dice_text(team)}"
        for zone, qids in team["in_play"].items():  # the Team's cards in play, by their zone (`mission`)
            for qid in qids:
                line += f"  {zone} {names[qid]['name']}"
        if human in team["players"]:
            hand = ", ".join(names[c]["name"] for c in team["cards"]) or "(empty)"
            line += f"  hand: {hand}"
        console.print(line)


class EndOfInput(Exception):
    """The player's input ended (Ctrl-D, or the end of a piped script)."""


def prompt(console: Console, decision, ask) -> str | None:
    """Numbered legal actions; the player types a number or an action. None: quit.
    `ask` raises EndOfInput when the input ends."""
    console.print(f"[bold]{decision.prompt}[/bold]")
    for i, action in enumerate(decision.actions, 1):
        console.print(f"  {i:>2}. {action}")
    while True:
        answer = ask("> ").strip()
        if answer in ("q", "quit", "exit"):
            return None
        if answer.isdigit() and 1 <= int(answer) <= len(decision.actions):
            return decision.actions[int(answer) - 1]
        if answer in decision.actions:
            return answer
        if answer and not answer.isdigit():
            try:
                Action.parse(answer)
                console.print(f"'{answer}' is not a legal action now", markup=False)
            except ActionError as exc:
                console.print(str(exc), markup=False)
        console.print("type the number of an action, the action itself, or q to quit")
