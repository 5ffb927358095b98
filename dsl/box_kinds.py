"""The declaration kinds of the Mayhem boxes: the box, characters, Locations, tokens and modes.

Also their pools, shared rules modules, keywords, tags and icons, the first game's hands,
non-player figures, Competitive Mode team lists and rulings. dsl/schema.py registers them,
in this order, with the rules kernel's kinds (dsl/kernel_kinds.py); tokens, characters and
their dashboards' parts (sides, Special Abilities, Abilities), Mayhem cards, GO! cards,
Locations and non-player figures stand here by name only, at their place in the order: they
are a token type and card types declared in content (content/shared/card-types.mh)."""
from __future__ import annotations

from .kind_specs import ANYWHERE, SOURCE, TEXT, TEXT_REQ, KindSpec, PropSpec, SlotSpec

# every kind in its order; a name is a kind that content declares, at its place
BOX_KINDS: list[KindSpec | str] = []


def _kind(spec: KindSpec) -> None:
    BOX_KINDS.append(spec)


def _declared_in_content(*names: str) -> None:
    BOX_KINDS.extend(names)


_kind(KindSpec(
    "box", "A game box: its title, terminology and the exact component list of its rulebook.",
    ("<box-file>",),
    props=(
        SOURCE, TEXT,
        PropSpec("publisher", "string", "Who publishes the box."),
        PropSpec("terminology", "enum:character|toon", "What the rulebook calls a playable figure.", True),
        PropSpec("players", "range", "How many players the box plays.", True),
        PropSpec("mayhem-die", "int", "How many Mayhem dice the box holds.", True),
        PropSpec("mayhem-die-faces", "strings",
                 "The six faces of the Mayhem die; `*` marks a face with the Mayhem icon.", True),
        PropSpec("activation-die-faces", "strings", "The faces of an Activation die.", True),
        PropSpec("figures", "int", "How many character figures.", True),
        PropSpec("dashboards", "int", "How many character dashboards.", True),
        PropSpec("double-sided-dashboards", "flag", "Dashboards have an A and a B side."),
        PropSpec("location-tiles", "int", "How many Location tiles.", True),
        PropSpec("bases", "counts", "How many Team Bases of each colour.", True),
        PropSpec("special-locations", "int", "How many Special Locations.", True),
        PropSpec("activation-dice", "counts", "How many Activation dice of each colour.", True),
        PropSpec("counter-bases", "counts", "How many counter bases of each colour."),
        PropSpec("go-cards", "int", "How many GO! cards (0 when the box has none).", True),
        PropSpec("mayhem-cards", "int", "How many Mayhem cards.", True),
        PropSpec("tokens", "int", "How many tokens in all, as the component list prints it.", True),
        PropSpec("board", "ints", "The rows of the standard board, as Location counts: `[3, 4, 3]`."),
        PropSpec("win-vp", "int", "Victory Points that win the game.", True),
        PropSpec("hand-draw", "int", "Mayhem cards drawn at setup before discarding down."),
        PropSpec("game", "id", "The game the box plays, when it is not a Mayhem box: a `game` declaration "
                 "(`game marvel-mayhem`). A box that names a game needs only `source`, `players` and its "
                 "game's components; the other required properties are the Mayhem boxes'."),
    ),
    children=("pool", "contents"),
))
_kind(KindSpec(
    "pool", "A supply of physical tokens of one type, with its count (by colour if coloured).",
    ("box",),
    props=(
        PropSpec("source", "source", "Where the count comes from."),
        TEXT,
        PropSpec("count", "int", "How many tokens, when the pool has no colours."),
        PropSpec("value", "int", "What one token is worth, for tokens that track an amount."),
        PropSpec("tracks", "enum:damage|initiative|activated-ability",
                 "A pool the runtime uses as a counter rather than as pieces."),
        PropSpec("double-sided", "flag", "Each token has two faces (Trap/Stun)."),
        PropSpec("pile-on", "id", "At setup, the pool's tokens go face down and shuffled on this Location."),
        PropSpec("on-vp-slots", "flag",
                 "At setup, one token of each colour goes on every Location with `vp-slots` (read by the "
                 "shared rules' `vp` counter: `set-out-if on-vp-slots`)."),
    ),
    needs_name=True, component=False,
    team_props="int",  # `black 5 white 5`: how many tokens of each Team's colour (the game's `team-names`)
))
_kind(KindSpec(
    "contents", "The printed counts of a box's cards, as its rulebook's \"Contents\" lists them: one count "
    "per card type (`hero 20`), per card (`punch 14`, its copies in every deck) or per zone whose cards it "
    "starts with (`main 64`), checked against the cards' `copies` (C805).",
    ("box",),
    props=(
        PropSpec("source", "source", "Where the counts come from: `rulebook \"Contents\"`."),
        TEXT,
    ),
    dynamic_props="int", component=False,
))
_kind(KindSpec(
    "module", "A shared rules module: the file's title and provenance.", ("<module-file>",),
    props=(SOURCE, TEXT), component=False,
))
_kind(KindSpec(
    "tag", "A kind of effect (melee, trap, ...), for immunities, bonuses and reactions.", ANYWHERE,
    props=(SOURCE, TEXT), component=False,
))
_kind(KindSpec(
    "icon", "A mission or board icon printed on Locations (pizza, delivery, ...).", ANYWHERE,
    props=(SOURCE, TEXT), component=False,
))
_kind(KindSpec(
    "keyword", "A rules keyword (MELEE, TRAP X, ...) defined as an effect over primitives.", ANYWHERE,
    props=(SOURCE, TEXT_REQ, PropSpec("tags", "list", "Tags added to every primitive of the keyword.")),
    slots=(SlotSpec("effect", "What the keyword does.", "keyword"),),
    params=True, component=False,
))
# Tokens are a token type declared in content (content/shared/card-types.mh): their
# properties, effect and triggers come from there (compiler.card_types.standard_kinds).
_declared_in_content("token")
# Characters, their dashboard sides, Special Abilities and Abilities are card types declared in
# content (content/shared/card-types.mh): their properties, effects, triggers and children come
# from there (compiler.card_types.standard_kinds).
_declared_in_content("character", "side", "special-ability", "ability")
# Mayhem cards and GO! cards are card types declared in content (content/shared/card-types.mh):
# their properties, effects and triggers come from there (compiler.card_types.standard_kinds).
_declared_in_content("mayhem-card", "go-card")
# Locations are a card type declared in content (content/shared/card-types.mh): their
# properties and triggers come from there (compiler.card_types.standard_kinds).
_declared_in_content("location")
_kind(KindSpec(
    "first-game", "The Mayhem cards each character gets in the first game, instead of the draw.",
    ("<box-file>",),
    props=(SOURCE,),
    dynamic_props="list", needs_name=False, component=False,
))
# Free-For-All's non-player figures are a card type declared in content
# (content/shared/card-types.mh): their properties and triggers come from there.
_declared_in_content("npc")

_kind(KindSpec(
    "mode", "A way to play: seats and Teams, dice, board, decks, tokens, non-player figures and how to "
    "win, as data the runtime reads. The standard game is a mode too.", ANYWHERE,
    props=(
        SOURCE, TEXT,
        PropSpec("seats", "nested", "One list per Team, one number per player: how many characters that "
                 "player controls. `[[2], [2]]` is the standard game, `[[1, 1], [1, 1]]` four players, "
                 "`[[1], [1], [1]]` Free-For-All.", True),
        PropSpec("board", "ints", "The rows of the board (default: the box's), read by the setup's `lay-board()`."),
        PropSpec("start", "enum:bases|corners", "Where characters start, as the reference site draws the "
                 "board: on their Team's Bases, or on the board's corners. The placement itself is the round's "
                 "(`place-figures` in the game's `round { }`, or in the mode's own).", True),
        PropSpec("cards-with", "id", "The Mayhem deck holds only the cards with this flag of their card "
                 "type (`cards-with free-for-all`: the Free-For-All icon); by default, every card."),
        PropSpec("hand-draw", "nested", "Mayhem cards each player draws at setup, per seat like `seats` "
                 "(default: the box's `hand-draw`), read by the setup's `draw-hands()`; each keeps up to the "
                 "Mayhem icons of their characters."),
        PropSpec("without", "overrides", "What the mode leaves out of the game the boxes share "
                 "(`content/shared/game.mh`), one per line: `without counter vp` (no Team keeps Victory "
                 "Points), `without rule ko-vp` (a KO gives none), `without zone go-deck` (no GO! card is dealt), "
                 "`without zone token-pile` (no face-down pile of tokens). Repeatable."),
    ),
    slots=(
        SlotSpec("end", "`end when COND { end-game(...) }`: how the game is won in this mode, in place of "
                 "the game's own `end when` (content/shared/game.mh). Checked where the game's is.", "rules",
                 guard=True),
        SlotSpec("round-end", "What the mode adds to the End of Round, first, once every Character has "
                 "activated: `round-end { remove-location(..., by: last(activated-this-round())) }` (Free-For-All: "
                 "the board shrinks).",
                 "rules"),
        SlotSpec("setup", "The mode's own setup, in place of the game's `setup { }` (content/shared/game.mh): "
                 "its steps in order, once, before the first round (Free-For-All: a draft without the figure "
                 "nobody controls, that figure added, a board of face-down tiles, communal pools).", "setup"),
        SlotSpec("round", "The mode's own round start, in place of the game's `round { }` "
                 "(content/shared/game.mh): Free-For-All's Initiative goes round the table.", "rules"),
    ),
    children=("rule", "phase"),
    component=False,
))
_kind(KindSpec(
    "team", "A Competitive Mode team list: two different characters from the whole collection and the "
    "Mayhem hand chosen for them.", ("<module-file>",),
    props=(
        SOURCE, TEXT,
        PropSpec("characters", "strings", "Two characters, by box and id: `\"teen-titans-go/robin\"`; "
                 "a side of a double-sided dashboard: `\"looney-tunes/taz/b\"`.", True),
        PropSpec("hand", "strings", "The Mayhem cards, by box and id, at most the characters' Mayhem icons, "
                 "no card twice.", True),
    ),
    component=False,
))

_kind(KindSpec(
    "ruling", "A ruling or FAQ answer on the component it sits in (or on the whole box): the question "
    "as its name, the answer, and where it is printed. The site shows it on the component's page and "
    "on the box's FAQ page.",
    ("box", "character", "side", "special-ability", "ability", "mayhem-card", "go-card", "location", "token",
     "npc", "keyword"),
    props=(
        PropSpec("source", "source", "Where the ruling is printed: `rulebook \"Frequently Asked Questions\"`, "
                 "or `authored` (default: the enclosing component's)."),
        PropSpec("answer", "string", "The answer, as printed.", True),
    ),
    component=False,
))
