"""Card-game checks: the decks and cards of card types declared in content (Marvel Mayhem's
Super Hero decks): a deck's size, a card that does nothing, symbol counts out of range,
and a card text that disagrees with the card's symbols.

Which properties are symbols is read from the card type, not named here: the `int`
properties of its `resolve-order` (Marvel Mayhem: healing, attack, draw-play, defense).
The size a deck must have is the deck's own `size` and, when the game declares one, the
game's `deck-size`.
"""
from __future__ import annotations

import re

from mayhem.dsl.diagnostics import Related

from . import card_text, register, span_of

FAMILY = "card games"
# The most symbols of one kind a card prints, and the most in all (a card's top-left
# corner holds them; the rulebook's examples print one to three).
MAX_SYMBOLS = 4
# The symbol property a fact of the card-text grammar speaks of, by what the symbol does
# in the game: "Deal 2 damage" is two Attack symbols, "Heal 2" (or "get 2 hit points
# back") two Healing symbols, "Draw 2 cards" two Draw & Play symbols.
TEXT_SYMBOLS = {"damage": "attack", "heal": "healing", "draw": "draw-play", "defense": "defense"}
WORDS = "(\\d+|one|two|three|four|five|six|seven|eight|nine|ten)"
# phrases the Mayhem card-text grammar does not know, in the rulebook's words
_EXTRA = (("heal", re.compile(rf"\b(?:get|gain|recover)s?\s+{WORDS}\s+hit\s+points?(?:\s+back)?", re.I)),
          ("draw", re.compile(rf"\bdraws?\s+{WORDS}\s+(?:extra\s+|more\s+)?cards?\b", re.I)))
# damage a Defense card takes for its owner is its Defense symbols, not an Attack
# ("can take 3 damage", "takes up to 3 damage", "absorbs 3 damage"; not "each opponent takes 1
# damage", which is an Attack)
_DEFENSE = re.compile(rf"\b(?:can\s+take|takes?\s+up\s+to|absorbs?|blocks?)\s+{WORDS}\s+damage\b", re.I)


def card_types(col) -> dict[str, dict]:
    """The card types whose cards go in decks (not Mayhem cards and GO! cards: `no-decks`)."""
    return {c["id"]: c for c in col.of_kind("card-type") if not col.prop(c, "no-decks")}


def symbols(col, card_type: dict) -> list[str]:
    """The symbol properties of a card type, in its resolve order."""
    declared = {n: p["value"] for n, p in card_type["props"].items()
                if isinstance(p["value"], dict) and p["value"].get("type") in ("int", "signed")}
    order = col.prop(card_type, "resolve-order") or sorted(declared)
    return [n for n in order if n in declared]


def cards(col):
    """(card, its card type) for every card of the collection, in qid order."""
    types = card_types(col)
    for qid, comp in col.in_order():
        if comp["kind"] in types:
            yield comp, types[comp["kind"]]


def has_power(card: dict) -> bool:
    """A card with its own effect or trigger: a Super Power."""
    return bool(card["effects"] or card["triggers"])


def _game_size(col, deck: dict) -> tuple[int, dict, str] | None:
    """The deck size the deck's game declares: (size, the game, the property)."""
    # every box, a kernel game's too (`col.boxes` holds only the Mayhem boxes)
    box = next((c for c in col.top if c["kind"] == "box" and c["id"] == deck["box"]), None)
    game_id = col.prop(box, "game") if box is not None else None
    for game in col.of_kind("game"):
        if game["id"] == game_id or game_id is None:
            size = col.prop(game, "deck-size")
            if isinstance(size, int):
                return size, game, "deck-size"
    return None


def deck_size(col, emit):
    for deck in sorted(col.of_kind("deck"), key=lambda c: c["qid"]):
        counted = sum(col.prop(card, "copies", 1) for card in deck["children"])
        own = col.prop(deck, "size")
        game = _game_size(col, deck)
        if isinstance(own, int) and own != counted:
            why, size, where, related = f"its `size` is {own}", own, col.prop_span(deck, "size"), []
        elif game is not None and game[0] != counted:
            size, comp, prop = game
            why, where = f"game '{comp['id']}' deals decks of {size}", span_of(deck["span"])
            related = [Related(col.prop_span(comp, prop), f"the `{prop}` of game '{comp['id']}'")]
        else:
            continue
        gap = abs(size - counted)
        emit(f"deck '{deck['id']}' holds {counted} card{'s' * (counted != 1)}, copies counted, but {why}",
             deck["qid"], where, related=related,
             hint=f"{'add' if counted < size else 'remove'} {gap} cop{'ies' if gap != 1 else 'y'}, or fix the size")


register(deck_size, "C801", "deck-size", "error", FAMILY,
         "A deck holds the number of cards it says, copies counted: its own `size`, and the `deck-size` of "
         "its game when the game declares one (Marvel Mayhem: \"Four 28-card decks\"). A deck one card short "
         "or over plays another game than the rulebook's.",
         'deck hero "Hero" { size 28  marvel-card jab "Jab" { attack 1  copies 27 } }',
         "Add or remove copies until the count is the size (or fix the size).")


def card_does_nothing(col, emit):
    for card, ctype in cards(col):
        syms = symbols(col, ctype)
        if not has_power(card) and not any(col.prop(card, s, 0) for s in syms):
            said = f"; its text says \"{col.prop(card, 'text')}\"" if col.prop(card, "text") else ""
            emit(f"{card['kind']} '{card['id']}' has no symbol ({', '.join(syms)}) and no Super Power{said}",
                 card["qid"], span_of(card["span"]),
                 hint="write the text's power as an `effect { ... }`" if said else None)


register(card_does_nothing, "C802", "card-does-nothing", "error", FAMILY,
         "A card has at least one symbol or a Super Power (its own `effect` or trigger): played, a card "
         "without either does nothing, and a player who must play a card each turn loses a turn to it.",
         'marvel-card blank "Blank" { copies 2 }',
         "Give the card its symbols (`attack 1`), or write its Super Power as an `effect { ... }`.")


def symbol_count(col, emit):
    for card, ctype in cards(col):
        counts = {s: col.prop(card, s, 0) for s in symbols(col, ctype)}
        for name, n in counts.items():
            if n > MAX_SYMBOLS:
                emit(f"{card['kind']} '{card['id']}' prints {n} {name} symbols, more than {MAX_SYMBOLS}",
                     card["qid"], col.prop_span(card, name))
        total = sum(counts.values())
        if total > MAX_SYMBOLS and all(n <= MAX_SYMBOLS for n in counts.values()):
            shown = " + ".join(f"{n} {s}" for s, n in counts.items() if n)
            emit(f"{card['kind']} '{card['id']}' prints {total} symbols in all ({shown}), more than {MAX_SYMBOLS}",
                 card["qid"], span_of(card["span"]))
        if col.prop(card, "copies", 1) < 1:
            emit(f"{card['kind']} '{card['id']}' has `copies 0`: it is in no deck", card["qid"],
                 col.prop_span(card, "copies"), hint="`copies 1` or more, or remove the card")


register(symbol_count, "C803", "symbol-count", "warning", FAMILY,
         f"A card prints at most {MAX_SYMBOLS} symbols of one kind and {MAX_SYMBOLS} in all (its top-left "
         "corner holds them; the rulebook's examples print one to three), and a card is in its deck at least "
         "once (`copies` of 1 or more). A larger count is most likely a typo (`attack 22`).",
         'marvel-card smash "Smash" { attack 3  healing 2 }',
         "Lower the count, or split the card in two.")


def stated(text: str) -> list[tuple[str, int, str]]:
    """(kind, number, phrase) of what a card text says it deals, heals and draws.

    >>> stated("Deal 2 damage to each opponent. Draw 1 card.")
    [('damage', 2, '2 damage'), ('draw', 1, 'Draw 1 card')]
    >>> stated("Get 2 hit points back.")
    [('heal', 2, 'Get 2 hit points back')]
    >>> stated("It can take 3 damage before it is destroyed.")
    [('defense', 3, 'can take 3 damage')]
    """
    out = [(f.kind, f.value, f.phrase) for f in card_text.of_kind(_DEFENSE.sub(" ", text), "damage", "heal")]
    for kind, pattern in _EXTRA + (("defense", _DEFENSE),):
        for m in pattern.finditer(text):
            word = m.group(1).lower()
            number = card_text.WORDS[word] if word in card_text.WORDS else int(word)
            out.append((kind, number, m.group(0).rstrip(".")))
    return out


def _written(col, card: dict) -> set[int]:
    """Every number written in a card's own effects and in the keywords they use."""
    out: set[int] = set()
    seen: set[str] = set()

    def visit(body) -> None:
        for s in col.stmts(body):
            for e in col.exprs(s):
                if e.get("e") == "num":
                    out.add(e["v"])
            kw = col.keywords.get(s.get("keyword")) if s["op"] == "keyword" else None
            if kw is not None and kw["qid"] not in seen:
                seen.add(kw["qid"])
                for _label, kbody, _span in col.bodies(kw):
                    visit(kbody)

    for _label, body, _span in col.bodies(card):
        visit(body)
    return out


def text_vs_symbols(col, emit):
    for card, ctype in cards(col):
        text = col.prop(card, "text")
        if not text:
            continue
        syms = set(symbols(col, ctype))
        written = _written(col, card) if has_power(card) else set()
        for kind, number, phrase in stated(text):
            symbol = TEXT_SYMBOLS[kind]
            if symbol not in syms:
                continue
            printed = col.prop(card, symbol, 0)
            if number == printed or number in written:
                continue
            does = f"{printed} {symbol} symbol{'s' * (printed != 1)}" if printed else f"no {symbol} symbol"
            power = " and its Super Power does not say " + str(number) if has_power(card) else ""
            emit(f"the text of {card['kind']} '{card['id']}' says \"{phrase}\", but the card has {does}{power}",
                 card["qid"], col.prop_span(card, "text"),
                 hint=f"`{symbol} {number}`, or fix the text")


register(text_vs_symbols, "C804", "text-vs-symbols", "warning", FAMILY,
         "A card's text agrees with its symbols: a text that says \"Deal 2 damage\" is on a card with two "
         "Attack symbols (or whose Super Power deals 2), \"Heal 1\" or \"get 1 hit point back\" one Healing "
         "symbol, \"Draw 2 cards\" two Draw & Play symbols. A text that says one number and symbols that do "
         "another leave the players arguing over which is right.",
         'marvel-card jab "Jab" { text "Deal 2 damage." attack 1 }',
         "Fix the number in the text or the symbol count, whichever is wrong.")
