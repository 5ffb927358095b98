"""Values the content stores as identifiers, said in words for players: a mode's seats, hands,
start and what it leaves out of the game; icons and pools by their names.

>>> seats([[1, 1], [2]])
'Team 1: 2 players, 1 character each; Team 2: 1 player with 2 characters'
>>> mode_value("start", "corners")
'on the corners of the board'
>>> mode_value("board", [4, 3, 2, 1])
'rows of 4, 3, 2 and 1 Location tiles'
"""
from __future__ import annotations

MODE_WORDS = {
    "start": {"bases": "on their Team's Bases in the first round", "corners": "on the corners of the board"},
}
TOKEN_WORDS = {
    "restricts": {"move-or-ability": "its free Move or its Ability, not both", "no-move": "no Move",
                  "no-ability": "not the Ability its die is on", "no-attack": "no Attack",
                  "no-special": "not its Special Ability"},
    "placed-on": {"character": "a character", "location": "a Location", "edge": "the edge between two Locations",
                  "team": "a Team"},
}
# A mode's properties in the rulebooks' words ("3 and 4 Player Variant Rules", "Free-For-All
# Mayhem", "Mayhem Competitive Mode"); no label is its property's id made a title.
MODE_LABELS = {"seats": "Teams and players", "hand-draw": "Mayhem cards drawn at setup",
               "start": "Characters start",
               "cards-with": "Mayhem deck", "board": "Location tiles laid out",
               "setup": "Setup, step by step", "without": "Left out of the game", "end": "To win",
               "round-end": "At the end of each round"}


# The parts of a game played on the rules kernel (dsl/kernel_kinds.py) in that game's words; a
# property not listed reads as its name. MODE_LABELS are a Mayhem mode's, and only a mode's.
PART_LABELS = {
    "box": {"players": "Players"},
    "game": {"seats": "Players", "team-seats": "Teams formed", "decks-to": "Each player's deck goes to",
             "deck-size": "Cards in each deck"},
    "figure": {"per": "Figures of", "count": "Figures each", "start": "Starting spaces"},
    "counter": {"per": "Kept for", "start": "Starts at", "min": "Minimum", "max": "Maximum",
                "out-at-min": "Out of the game at its minimum", "reset": "Back to its start at",
                "kept-as": "Kept as the tokens", "set-out-on": "Set out at setup on Locations with",
                "set-out-if": "Set out when the pool has"},
    "zone": {"per": "Kept for", "capacity": "Holds at most"},
    "space": {"adjacent": "Adjacent spaces", "slots": "Die slots"},
}
PART_WORDS = {
    "per": {"player": "each player", "team": "each Team", "card": "each card", "figure": "each figure"},
    "turn-order": {"alternate-teams": "the Teams take turns", "clockwise": "clockwise",
                   "counterclockwise": "counterclockwise"},
    "round-ends": {"one-turn-each": "once every player has had a turn", "all-passed": "once every player has passed"},
    "first-player": {"seeded-choice": "a chosen player", "first-seat": "the first seat"},
    "team-seats": {"alternate": "alternate seats", "consecutive": "consecutive seats"},
    "visibility": {"public": "everyone: its cards lie face up", "owner": "its owner only",
                   "hidden": "no one: its cards lie face down"},
    "reset": {"turn-start": "the start of every turn", "turn-end": "the end of every turn",
              "round-start": "the start of every round", "round-end": "the end of every round"},
}


# The printed name of a card type's property (a symbol, an effect slot) where the rulebook prints
# one that its id cannot spell, keyed by card type then property: the card-type grammar has no
# label of its own. Marvel Mayhem, "The Cards": "Draw & Play".
CARD_TYPE_LABELS = {"marvel-card": {"draw-play": "Draw & Play"}}


# A card type's property as a column of its cards' table, where its description does not say it
# (site/cards.py): letters a card prints for a word, whatever the game.
CARD_COLUMNS = {"vp": "VP"}


def card_column(name: str, doc: str, card_type: str | None = None) -> str:
    """A card type's property as the head of its cards' column: the rulebook's name (`printed_label`),
    the words its declared description starts with before a colon ("Attack: each foe gains ..."),
    the letters a card prints (`CARD_COLUMNS`), else its name.

    >>> card_column("attack", "Attack: each foe gains a Bruise"), card_column("vp", "Victory Points at the end")
    ('Attack', 'VP')
    >>> card_column("cost", "Power spent to buy it"), card_column("draw-play", "", "marvel-card")
    ('Cost', 'Draw & Play')
    >>> card_column("number", "The oversized card: both sides print it"), card_column("aloud", "Read aloud: run")
    ('Number', 'Read aloud')
    """
    printed = printed_label(card_type, name)
    if printed:
        return printed
    head, colon, _rest = doc.partition(":")
    words = head.split()
    if colon and words and (len(words) <= 4 and all(not w[0].isalpha() or w[0].isupper() for w in words) or
                            len(words) <= 2 and words[0][0].isupper()):
        return head.strip()  # a keyword as cards print it: "Attack", "First Appearance - Attack", "Read aloud"
    return CARD_COLUMNS.get(name) or name.replace("-", " ").capitalize()


def plural(word: str) -> str:
    """A kind's name in the plural, for its folder and its title (English's regular endings).

    >>> plural("nemesis"), plural("weakness"), plural("deck"), plural("ability")
    ('nemeses', 'weaknesses', 'decks', 'abilities')
    """
    if word.endswith("is"):
        return word[:-2] + "es"
    if word.endswith(("s", "x", "z", "sh", "ch")):
        return word + "es"
    if word.endswith("y") and word[-2:-1] not in ("a", "e", "i", "o", "u", ""):
        return word[:-1] + "ies"
    return word + "s"


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
    if name == "cards-with" and isinstance(value, str):  # a flag of the card type
        return f"only the cards marked {value.replace('-', ' ').title().replace(' ', '-')}"
    if name == "without" and isinstance(value, list):  # [[kind, id], ...]: `without rule ko-vp`
        return _and([f"the {kind} `{ident}`" for kind, ident in value])
    if isinstance(value, str):
        return MODE_WORDS.get(name, {}).get(value, value.replace("-", " "))
    if value is True:
        return "yes"
    return str(value)


def mode_label(name: str) -> str:
    return MODE_LABELS.get(name, name.replace("-", " ").capitalize())


def site_words(box_names: list[str], mayhem: bool) -> tuple[str, str]:
    """The site's name and description: the Mayhem rule reference when a box plays Mayhem, else
    the reference of the games its content has, by their boxes' names.

    >>> site_words(["Ridge"], False)
    ('Ridge rule reference', 'The rules and components of Ridge, generated from their content files.')
    """
    if mayhem:
        return "Mayhem rule reference", "The rules and components of the Mayhem games, generated from their content files."
    games = _and(box_names) if box_names else "the games"
    return (f"{games} rule reference" if box_names else "Rule reference",
            f"The rules and components of {games}, generated from their content files.")


def printed_label(card_type: str | None, name: str) -> str | None:
    """The rulebook's name of a card type's property or effect slot, if it prints one.

    >>> printed_label("marvel-card", "draw-play"), printed_label("marvel-card", "attack")
    ('Draw & Play', None)
    """
    return CARD_TYPE_LABELS.get(card_type or "", {}).get(name)


def prop_label(kind: str, name: str, card_type: str | None = None) -> str:
    """A property's label on the card of a component of `kind`: a mode's in the Mayhem words,
    any other's in its game's (a figure's `start` is its starting spaces); a card's, or its card
    type's (`card_type`), as the rulebook prints it.

    >>> prop_label("mode", "start"), prop_label("figure", "start"), prop_label("game", "seats")
    ('Characters start', 'Starting spaces', 'Players')
    """
    if kind == "mode":
        return mode_label(name)
    printed = printed_label(card_type or kind, name)
    if printed:
        return printed
    return PART_LABELS.get(kind, {}).get(name) or CARD_COLUMNS.get(name) or name.replace("-", " ").capitalize()


def prop_words(kind: str, name: str, value, shape: str | None = None) -> str:
    """A property's value in words: a mode's as `mode_value` says it; a range (`2..4`) as
    '2 to 4'; a kernel part's enumerated value in its game's words.

    >>> prop_words("game", "seats", [2, 4], "range"), prop_words("counter", "per", "team", "enum:player|team")
    ('2 to 4', 'each Team')
    """
    if kind == "mode":
        return mode_value(name, value)
    if shape == "range" and isinstance(value, list) and len(value) == 2:
        return str(value[0]) if value[0] == value[1] else f"{value[0]} to {value[1]}"
    if value is True:
        return "yes"
    if isinstance(value, str) and (shape or "").startswith("enum"):
        return PART_WORDS.get(name, {}).get(value, value.replace("-", " "))
    if isinstance(value, list):
        return ", ".join(map(str, value))
    return str(value)


def token_words(name: str, values) -> str:
    """A token's `restricts` or `placed-on` in words: `move-or-ability` is 'its free Move or its
    Ability, not both'.

    >>> token_words("placed-on", ["character", "location"])
    'a character or a Location'
    """
    said = [TOKEN_WORDS.get(name, {}).get(v, str(v).replace("-", " ")) for v in (values or [])]
    joiner = " or " if name == "placed-on" else "; "
    return joiner.join(said)


_TYPE_WORDS = {"int": "a number", "string": "a string", "flag": "a flag", "id": "a name", "ids": "one or more names",
               "list": "a list of names", "tags": "a list of tags", "ints": "a list of numbers",
               "strings": "a list of strings"}


def property_declaration(decl: dict) -> str:
    """A card or token type's property declaration in words: its type, its default (or whether the
    cards must give it) and its description."""
    kind = decl.get("type")
    if kind == "effect":
        head = f"an effect, in the context {decl.get('context')}"
        if decl.get("guarded"):
            head += ", that may carry a when condition"
    else:
        head = {"enum": "one of: ", "enums": "one or more of: "}.get(kind)
        head = head + ", ".join(decl.get("values", [])) if head else _TYPE_WORDS.get(kind, str(kind))
        default = decl.get("default")
        if kind != "flag":
            if default is not None and decl.get("required") is not True:
                shown = ", ".join(map(str, default)) if isinstance(default, list) else str(default)
                head += f"; {shown} when not given"
            else:
                head += "; required" if decl.get("required", True) else "; optional"
    doc = decl.get("doc")
    return f"{head}. {doc}" if doc else head

