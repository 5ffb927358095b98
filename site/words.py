"""Values the content stores as identifiers, said in words for players: a mode's seats, hands,
Initiative, start and win; icons and pools by their names.

>>> seats([[1, 1], [2]])
'Team 1: 2 players, 1 character each; Team 2: 1 player with 2 characters'
>>> mode_value("initiative", "lowest-dice")
'the lowest Activation dice total (a coin toss on a tie)'
>>> mode_value("board", [4, 3, 2, 1])
'rows of 4, 3, 2 and 1 Location tiles'
"""
from __future__ import annotations

MODE_WORDS = {
    "initiative": {"lowest-dice": "the lowest Activation dice total (a coin toss on a tie)",
                   "rotating": "a random player first, then the next player clockwise each round"},
    "start": {"bases": "on their Team's Bases in the first round", "corners": "on the corners of the board"},
    "win": {"victory-points": "the box's Victory Points, or KO both opposing characters in one round",
            "last-standing": "be the last player with a character on the board"},
    "cards": {"free-for-all": "the Free-For-All Mayhem cards only", "standard": "the whole Mayhem deck"},
}
TOKEN_WORDS = {
    "restricts": {"move-or-ability": "its free Move or its Ability, not both", "no-move": "no Move",
                  "no-ability": "not the Ability its die is on", "no-attack": "no Attack",
                  "no-special": "not its Special Ability"},
    "placed-on": {"character": "a character", "location": "a Location", "edge": "the edge between two Locations",
                  "team": "a Team"},
}
MODE_LABELS = {"seats": "Teams and players", "hand-draw": "Mayhem cards drawn at setup", "initiative": "Initiative",
               "start": "Characters start", "win": "To win", "cards": "Mayhem deck", "board": "Board",
               "non-player-figure": "Non-player figure", "team-lists": "Team lists"}


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def seats(value) -> str:
    """`[[1, 1], [2]]`: one list per Team, one number per player (the characters they control)."""
    out = []
    for i, team in enumerate(value, 1):
        if len(team) == 1:
            out.append(f"Team {i}: 1 player with {_count(team[0], 'character', 'characters')}")
        elif len(set(team)) == 1:
            out.append(f"Team {i}: {len(team)} players, {_count(team[0], 'character', 'characters')} each")
        else:
            out.append(f"Team {i}: {len(team)} players with " + _and([str(n) for n in team]) + " characters")
    return "; ".join(out)


def hands(value) -> str:
    out = []
    for i, team in enumerate(value, 1):
        if len(team) == 1:
            out.append(f"Team {i}: the player draws {team[0]}")
        else:
            out.append(f"Team {i}: each player draws " + (str(team[0]) if len(set(team)) == 1 else _and([str(n) for n in team])))
    return "; ".join(out)


def mode_value(name: str, value) -> str:
    """A mode's property in words (its identifier when no words are known)."""
    if name == "seats" and isinstance(value, list):
        return seats(value)
    if name == "hand-draw" and isinstance(value, list):
        return hands(value) if value and isinstance(value[0], list) else f"each player draws {value}"
    if name == "board" and isinstance(value, list):
        return "rows of " + _and([str(n) for n in value]) + " Location tiles"
    if isinstance(value, str):
        return MODE_WORDS.get(name, {}).get(value, value.replace("-", " "))
    if value is True:
        return "yes"
    return str(value)


def mode_label(name: str) -> str:
    return MODE_LABELS.get(name, name.replace("-", " ").capitalize())


def token_words(name: str, values) -> str:
    """A token's `restricts` or `placed-on` in words: `move-or-ability` is 'its free Move or its
    Ability, not both'.

    >>> token_words("placed-on", ["character", "location"])
    'a character or a Location'
    """
    said = [TOKEN_WORDS.get(name, {}).get(v, str(v).replace("-", " ")) for v in (values or [])]
    joiner = " or " if name == "placed-on" else "; "
    return joiner.join(said)


_TYPE_WORDS = {"int": "a number", "string": "a string", "flag": "a flag", "id": "a name", "list": "a list of names",
               "ints": "a list of numbers", "strings": "a list of strings"}


def property_declaration(decl: dict) -> str:
    """A card type's property declaration in words: its type, its default (or whether the
    cards must give it) and its description."""
    kind = decl.get("type")
    if kind == "effect":
        head = f"an effect, in the context {decl.get('context')}"
        if decl.get("guarded"):
            head += ", that may carry a when condition"
    else:
        head = "one of: " + ", ".join(decl.get("values", [])) if kind == "enum" else _TYPE_WORDS.get(kind, str(kind))
        default = decl.get("default")
        if kind != "flag":
            if default is not None and decl.get("required") is not True:
                shown = ", ".join(map(str, default)) if isinstance(default, list) else str(default)
                head += f"; {shown} when not given"
            else:
                head += "; required" if decl.get("required", True) else "; optional"
    doc = decl.get("doc")
    return f"{head}. {doc}" if doc else head

