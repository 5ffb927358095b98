"""The terminal front-end of `mayhem play`: the board, dashboards and hands, and a prompt
that lists the legal actions."""
from __future__ import annotations

from rich.console import Console
from rich.table import Table

from mayhem.runtime.actions import Action, ActionError
from mayhem.runtime.effects import id_of
from mayhem.runtime import Game
from mayhem.runtime.rules import prop
from mayhem.runtime.state import zone_key


def token_text(counter) -> str:
    parts = []
    for (tok, owner, colour), n in sorted(counter.items(), key=str):
        if n > 0:
            shown = id_of(tok) + (f"({colour})" if colour else "")
            parts.append(f"{shown}x{n}" if n > 1 else shown)
    return " ".join(parts)


def board_table(game: Game) -> Table:
    st = game.state
    dice = game.engine.dice_rules  # the names the game's declarations give its die and its leader
    shown = " ".join(f"{dice.dice[d]['name']} {face}" for d, face in sorted(st.shown.items()) if d in dice.dice)
    table = Table(title=f"Round {st.round}  {shown}  {dice.lead_called.capitalize()} {st.lead}",
                  show_lines=True)
    for col in ("", "Location", "slots", "figures", "tokens", "adjacent"):
        table.add_column(col)
    for loc in st.board.locations:
        if loc.removed:
            continue
        name = loc.comp["name"] if loc.comp else "(face down)"
        base = prop(loc.comp, "base") if loc.comp else None
        icons = ", ".join(prop(loc.comp, "icons", []) or []) if loc.comp else ""
        label = name + (f" [{base} base]" if base else "") + (f" ({icons})" if icons else "")
        figs = []
        for key in loc.figures:
            fig = st.figures[key]
            figs.append(f"{key} ({fig.team})")
        figs += [f"{f.key} [{f.life - f.damage} life]" for f in st.figures.values()
                 if f.kind == "token" and f.location == loc.index]
        adj = " ".join(f"L{n + 1}" for n in st.board.adjacent(loc.index))
        pile = st.token_pile(loc.index)  # a hidden zone: how many, not which
        tokens = " ".join(t for t in (token_text(loc.tokens), f"face-down pile x{len(pile)}" if pile else "") if t)
        table.add_row(loc.label, label, str(loc.slots), ", ".join(figs), tokens, adj)
    return table


def dashboards(game: Game) -> Table:
    st = game.state
    eng = game.engine
    table = Table(title="Dashboards")
    for col in ("team", "character", "life", "where", "tokens", "abilities (slot)", "special"):
        table.add_column(col)
    for colour in st.order:
        for key in st.teams[colour].characters:
            fig = st.figures[key]
            where = f"L{fig.location + 1}" if fig.location is not None else ("KO" if fig.ko else "off board")
            abilities = ", ".join(f"{a['name']} ({prop(a, 'slot')})" for a in eng.abilities(fig))
            spec = eng.special(fig)
            table.add_row(colour, fig.comp["name"], f"{fig.life - fig.damage}/{fig.life}", where,
                          token_text(fig.tokens), abilities, spec["name"] if spec else "")
    return table


def dice_text(team) -> str:
    """The Team's Activation dice, those already placed marked as used: `5, 4 (used)`."""
    if not team.dice:
        return "none"
    placed = list(team.placed) + [False] * (len(team.dice) - len(team.placed))
    return ", ".join(f"{d} (used)" if used else str(d) for d, used in zip(team.dice, placed))


def show(console: Console, game: Game, human: str) -> None:
    st = game.state
    if st.board is None:  # still choosing colours, characters and sides: only what is chosen
        for colour in st.order:
            picked = ", ".join(st.figures[k].comp["name"] for k in st.teams[colour].characters)
            if picked:
                console.print(f"[bold]{colour}[/bold]: {picked}")
        return
    console.print(board_table(game))
    console.print(dashboards(game))
    for colour in st.order:
        team = st.teams[colour]
        line = f"[bold]{colour}[/bold]: VP {game.engine.counter_value('vp', colour)}  dice {dice_text(team)}"
        for zone in game.engine.in_play_zones():  # the Team's cards in play, by their zone (`mission`)
            for qid in st.zones.get(zone_key(zone, colour), ()):
                line += f"  {zone} {game.rules.by_qid[qid]['name']}"
        if human in team.players:
            hand = ", ".join(game.rules.by_qid[c]["name"] for c in team.all_cards()) or "(empty)"
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
