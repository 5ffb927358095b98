"""A game's cards as players list them: a table per card type, its columns the card type's own
properties (cost, VP, Power: what it declares, in the order it declares them, headed by the words
of their declared descriptions), then each card's copies, printed text and provenance; a card
type whose cards are sides (an oversized hero and its Sidekick side) one row per side; the cards
of a starter deck with their deck. Nothing here knows a game: every label comes from the content
(a declared description up to its colon, "Attack: each foe ...") or, for a property whose
description names it in other words, from site/words.py (`vp` is "VP")."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from markupsafe import Markup

from . import escape
from .model import Provenance, parse_span, prop, prop_source, sort_name
from .words import card_column

if TYPE_CHECKING:
    from .page import Page

# properties of a card type that say how its cards are played, not what a card prints
NOT_PRINTED = ("effect", "id", "ids", "names")


@dataclass
class Column:
    name: str    # the property
    label: str   # as the table heads it
    doc: str     # its declared description (past the words that head the column)
    type: str    # int, signed, flag, enum, effect, ...
    default: object = None


@dataclass
class Row:
    card: dict                 # the card: a component of the box, or a card of a deck
    side: dict | None = None   # the side this row shows, for a card type of sides
    deck: dict | None = None   # the deck it is in


@dataclass
class Table:
    ctype: dict                          # the card type
    columns: list[Column]
    rows: list[Row] = field(default_factory=list)
    sides: list[dict] = field(default_factory=list)  # the card types of its sides

    @property
    def copies(self) -> int:
        """The cards of the type in the box, each counted as many times as it is printed."""
        cards = {r.card["qid"]: r.card for r in self.rows if r.card["kind"] == self.ctype["id"]}
        return sum(prop(c, "copies", 1) or 0 for c in cards.values())

    def default(self, kind: str, col: Column):
        """What a card of `kind` (the table's type or a side's) holds when it does not give the
        column's property: its own card type's declared default."""
        for t in [self.ctype, *self.sides]:
            decl = ((t.get("props") or {}).get(col.name) or {}).get("value") if t["id"] == kind else None
            if isinstance(decl, dict) and "type" in decl:
                return decl.get("default")
        return col.default

    @property
    def in_decks(self) -> bool:
        return any(r.deck is not None for r in self.rows)


def _declared_at(decl: dict) -> tuple[int, int]:
    """Where a card type declares a property (its span), for the order the content wrote them in."""
    span = decl.get("span")
    if not span:
        return (0, 0)
    _file, start, _end = parse_span(span)
    return start


def card_types(model, box_id: str) -> list[dict]:
    """The card types a box declares, in the order of the content (file, then line)."""
    types = [c for c in model.components if c["kind"] == "card-type" and c.get("box") == box_id]
    return sorted(types, key=lambda c: (parse_span(c["span"])[0], parse_span(c["span"])[1]))


def card_type(model, kind: str, box_id: str | None) -> dict | None:
    """The card type of a kind of component, when the box declares it (`market-card`)."""
    return next((c for c in card_types(model, box_id) if c["id"] == kind), None) if box_id else None


def columns(ctype: dict, cards: list[dict]) -> list[Column]:
    """The card type's printed properties as columns, in the order it declares them: numbers,
    flags and choices; an effect slot only when a card of it has one (a First Appearance)."""
    out = []
    decls = sorted(((n, p) for n, p in ctype.get("props", {}).items()
                    if isinstance(p.get("value"), dict) and "type" in p["value"]), key=lambda np: _declared_at(np[1]))
    for name, p in decls:
        decl = p["value"]
        kind = str(decl.get("type"))
        if kind == "effect":
            if not any(name in (c.get("effects") or {}) for c in cards):
                continue
        elif kind in NOT_PRINTED:
            continue
        elif not decl.get("default") and not any(name in (c.get("props") or {}) for c in cards):
            continue  # no card gives it, and its default prints nothing: a Bruise's cost
        doc = decl.get("doc") or ""
        label = card_column(name, doc, ctype["id"])
        head, colon, rest = doc.partition(":")
        out.append(Column(name, label, rest.strip() if colon and head.strip() == label else doc, kind,
                          decl.get("default")))
    return out


def _cards_of(model, box_id: str, kind: str) -> list[Row]:
    """Every card of a kind in the box: its own components, and the cards inside its decks."""
    rows = []
    for top in model.components:
        if top.get("box") != box_id:
            continue
        if top["kind"] == kind:
            rows.append(Row(top))
        elif top["kind"] == "deck":
            rows += [Row(c, deck=top) for c in top.get("children", ()) if c["kind"] == kind]
    return sorted(rows, key=lambda r: (sort_name(r.card), sort_name(r.deck) if r.deck else "", r.card["qid"]))


def _declarations(ctype: dict) -> dict[str, str]:
    """A card type's declared properties, by name, with their descriptions."""
    return {n: str(p["value"].get("doc") or "") for n, p in (ctype.get("props") or {}).items()
            if isinstance(p.get("value"), dict) and "type" in p["value"] and p["value"].get("type") != "effect"}


def partners(model, types: list[dict]) -> dict[str, tuple[str, str]]:
    """Card types whose cards are the two sides of one printed card, kept as two cards: two card
    types that alone declare a property, in the same words, that every card of both gives, each
    value once, the same values on both (an oversized Super Hero and its Sidekick side print the
    same `number`): the first declared -> (the second, the property)."""
    out: dict[str, tuple[str, str]] = {}
    decls = [(t, _declarations(t)) for t in types if not prop(t, "sides")]
    for name in sorted({n for _t, d in decls for n in d}):
        having = [(t, d[name]) for t, d in decls if name in d]
        if len(having) != 2 or having[0][1] != having[1][1] or having[0][0]["id"] in out:
            continue
        values = []
        for t, _doc in having:
            cards = [r.card for r in _cards_of(model, t.get("box"), t["id"])]
            given = [prop(c, name) for c in cards]
            values.append(sorted(map(str, given)) if cards and None not in given and len(set(map(str, given))) == len(given)
                          else None)
        if values[0] is not None and values[0] == values[1]:
            out[having[0][0]["id"]] = (having[1][0]["id"], name)
    return out


def table(model, ctype: dict, partner: tuple[str, str] | None = None) -> Table:
    """The table of one card type: its columns, and a row per card (per side of a card of sides;
    each card followed by its partner's of the same value, for two card types that are one
    card's sides: `partners`)."""
    box_id = ctype.get("box")
    found = _cards_of(model, box_id, ctype["id"])
    side_ids = prop(ctype, "sides") or []
    if partner is not None:
        other_type = next(t for t in card_types(model, box_id) if t["id"] == partner[0])
        others = [r for r in _cards_of(model, box_id, partner[0])]
        rows = []
        for r in found:
            rows.append(Row(r.card, r.card, r.deck))
            mine = prop(r.card, partner[1])
            rows += [Row(o.card, o.card, o.deck) for o in others if mine is not None and prop(o.card, partner[1]) == mine]
        rows += [Row(o.card, o.card, o.deck) for o in others if all(o.card is not x.card for x in rows)]
        sides = [ctype, other_type]
        cols = columns(ctype, [r.card for r in found])
        extra = columns(other_type, [o.card for o in others])
    elif not side_ids:
        return Table(ctype, columns(ctype, [r.card for r in found]), found)
    else:
        sides = [t for t in card_types(model, box_id) if t["id"] in side_ids]
        sides.sort(key=lambda t: side_ids.index(t["id"]))
        rows = []
        for r in found:
            faces = [ch for ch in r.card.get("children", ()) if ch["kind"] in side_ids]
            faces.sort(key=lambda ch: (side_ids.index(ch["kind"]), _declared_at({"span": ch.get("span")})))
            rows += [Row(r.card, f, r.deck) for f in faces] or [r]
        cols = columns(ctype, [r.card for r in found])
        extra = [col for t in sides
                 for col in columns(t, [r.side for r in rows if r.side is not None and r.side["kind"] == t["id"]])]
    for col in extra:
        if all(c.name != col.name for c in cols):
            cols.append(col)
    return Table(ctype, cols, rows, sides)


def tables(model, box_id: str) -> list[Table]:
    """A table for every card type of the box that has cards, sides aside (they are shown on the
    rows of the card type whose sides they are, as a card type's partner on its), in the order
    the content declares them."""
    types = card_types(model, box_id)
    pairs = partners(model, types)
    side_types = {s for t in types for s in (prop(t, "sides") or [])} | {o for o, _n in pairs.values()}
    out = [table(model, t, pairs.get(t["id"])) for t in types if t["id"] not in side_types]
    return [t for t in out if t.rows]


def cell(p: "Page", t: Table, row: Row, col: Column) -> Markup:
    """A card's value for a column, in words, marked when its provenance differs from its card's:
    the side's own when the row shows a side, else the card's; the card type's default when the
    card does not give it; an effect slot as the rules kernel plays it."""
    side = row.side
    held = side if side is not None and (col.name in (side.get("props") or {}) or
                                         col.name in (side.get("effects") or {})) else row.card
    if col.type == "effect":  # its text says it; the card's page has it as the rules kernel plays it
        return (Markup("yes") + p.slot_mark(held, col.name)) if col.name in (held.get("effects") or {}) \
            else Markup("&#8212;")
    given = (held.get("props") or {}).get(col.name)
    value = given["value"] if given is not None else t.default(held["kind"], col)
    if value is None or value is False:
        return Markup("&#8212;")
    if value is True:
        shown = Markup("yes")
    elif isinstance(value, list):
        shown = escape.text(", ".join(str(v).replace("-", " ") for v in value))
    elif isinstance(value, str):
        shown = escape.text(value.replace("-", " "))
    else:
        shown = escape.text(str(value))
    return shown + p.mark(prop_source(held, col.name), Provenance.of(held.get("source")))


def text_of(row: Row):
    """The printed text of a row: the side's, else the card's."""
    return prop(row.side, "text") if row.side is not None else prop(row.card, "text")


def side_name(row: Row, t: Table) -> str:
    """What a side is called on its row: its own name, else its card type's."""
    if row.side is None:
        return ""
    own = row.side.get("name")
    kind = next((s.get("name") or s["id"] for s in t.sides if s["id"] == row.side["kind"]), row.side["kind"])
    return own if own and row.side is not row.card and own != row.card.get("name") else kind


def played_in_order(ctype: dict) -> list[str]:
    """What a card of the type does when played, in its `resolve-order`, each part by the words
    of its declaration ("Power added when played"); `effect` is the card's own text."""
    out = []
    for slot in prop(ctype, "resolve-order") or []:
        decl = ((ctype.get("props") or {}).get(slot) or {}).get("value")
        if slot == "effect" or not isinstance(decl, dict):
            out.append("its own effect, as its text says")
        else:
            out.append(decl.get("doc") or card_column(slot, "", ctype["id"]))
    return out


def _strings(x) -> set[str]:
    if isinstance(x, str):
        return {x}
    if isinstance(x, dict):
        return set().union(*(_strings(v) for k, v in x.items() if k not in ("span", "source", "node", "text")))
    if isinstance(x, list):
        return set().union(*(_strings(v) for v in x)) if x else set()
    return set()


def mode_brings(model, mode: dict) -> set[str]:
    """The card types of the box that only a mode plays: named by the mode and started by no zone
    of the box's games, or started in a zone that the mode names and the games' own blocks never
    do (Events left in their pile unless an advanced mode shuffles them into the main deck)."""
    box_id = mode.get("box")
    types = {t["id"] for t in card_types(model, box_id)}
    named = _strings({"props": mode.get("props"), "effects": mode.get("effects"), "children": mode.get("children")})
    started: set[str] = set()
    brought: set[str] = set()
    for game in model.components:
        if game["kind"] != "game" or game.get("box") != box_id:
            continue
        own = _strings([game.get("effects")] + [[ch.get("effects"), ch.get("triggers")]
                                                for ch in game.get("children", ()) if ch["kind"] != "zone"])
        for z in game.get("children", ()):
            if z["kind"] == "zone":
                kinds = prop(z, "starts-with") or []
                kinds = {kinds} if isinstance(kinds, str) else set(kinds)
                started |= kinds
                if z["id"] in named and z["id"] not in own:
                    brought |= kinds
    for deck in model.components:
        if deck["kind"] == "deck" and deck.get("box") == box_id:
            started |= {c["kind"] for c in deck.get("children", ())} | {prop(deck, "card-type")}
    return ((named & types) - started) | (brought & types)


def slot_label(model, comp: dict, slot: str) -> str:
    """An effect slot of a card as its card type's declaration words it ("First Appearance -
    Attack"), the rulebook's name for it (`words.printed_label`), else its name."""
    kind = comp["id"] if comp["kind"] == "card-type" else comp["kind"]
    t = card_type(model, kind, comp.get("box"))
    decl = (((t or {}).get("props") or {}).get(slot) or {}).get("value")
    return card_column(slot, str(decl.get("doc") or "") if isinstance(decl, dict) else "", kind)
