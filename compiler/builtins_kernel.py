"""The rules kernel's vocabulary as the compiler sees it: the primitives and functions of
games played on runtime/kernel (context `game`), with the types player, card, zone,
counter and property. runtime/kernel implements exactly these (a test holds them in step)."""
from __future__ import annotations

from .builtins import REQUIRED, ContextName, Event, Function, Param, Primitive


def _p(name, type_, default=REQUIRED, doc=""):
    return Param(name, type_, default, doc)


_G = ("game", "keyword")
# the kernel's words the Mayhem engine also plays, in the `round { }` of the shared rules
_GR = _G + ("rules",)

KERNEL_PRIMITIVES: dict[str, Primitive] = {p.name: p for p in (
    Primitive("draw", (_p("who", "player+"), _p("count", "number", 1)),
              "The player takes that many cards, one at a time, from the top of their `draw-from` zone "
              "(reshuffled from its `reshuffle-from` zone when empty) into their `draw-to` zone.", _G),
    Primitive("move-card", (_p("card", "card+"), _p("to", "zone"), _p("of", "player|team", None,
                                                                      "Whose zone (default: the card's owner; "
                                                                      "a player's Team for a `per team` zone).")),
              "Move cards into a zone, at its end (the bottom of an ordered zone, whose top is first).", _GR),
    Primitive("gain-card", (_p("card", "card+"), _p("to", "zone"), _p("of", "player", None, "Who gains it (default `me`).")),
              "The player gains cards: each becomes theirs (its owner, `me` of its triggers in play) and moves "
              "into their pile of the zone, at its end (logged `gain-card`).", _G),
    Primitive("reshuffle-if-empty", (_p("zone", "zone"), _p("of", "player+", None, "Whose pile (default `me`).")),
              "Before a card of the zone is looked at, revealed or discarded: each holder's pile of it that is "
              "empty is made again from their pile of its `reshuffle-from` zone, shuffled (seeded), as `draw` "
              "does (logged `reshuffle`); a pile with cards is left as it is.", _G),
    Primitive("shuffle", (_p("zone", "zone"), _p("of", "player+", None)), "Shuffle a zone (seeded).", _G),
    Primitive("reveal", (_p("card", "card+"),), "Show cards to every player (logged).", _G),
    Primitive("destroy", (_p("card", "card+"),),
              "Put cards into their owner's `discard-to` zone; the counters on them are cleared.", _G),
    Primitive("play-card", (_p("card", "card"),),
              "Put the card into `me`'s `play-to` zone and resolve it: each property of its card type's "
              "`resolve-order` that is above 0 runs the card type's effect of that name (`amount` is the "
              "value), and `effect` runs the card's own effect. In the Mayhem turn (`turn`): play the "
              "Mayhem card for `self` (the Team's card of the round).", _G + ("turn",)),
    Primitive("resolve", (_p("card", "card"),), "Resolve a card as `play-card` does, without moving it.", _G),
    Primitive("gain", (_p("counter", "counter"), _p("amount", "number"), _p("on", "player+|card+|team|figure+", None,
                                                                            "Whose counter (default `me`; a "
                                                                            "player's Team for a `per team` one).")),
              "Add to a counter, up to its `max`. In the shared rules (`rules`): a counter `kept-as` a "
              "token's pieces takes that many pieces of the holder's colour from the pool, which bounds it "
              "(logged under the counter's name with its `total`).", _GR),
    Primitive("lose", (_p("counter", "counter"), _p("amount", "number"), _p("on", "player+|card+|team|figure+", None)),
              "Take from a counter, down to its `min` (a player whose `out-at-min` counter reaches it is "
              "out).", _G),
    Primitive("set-counter", (_p("counter", "counter"), _p("value", "number"),
                              _p("on", "player+|card+|team|figure+", None)),
              "Set a counter, within its bounds.", _G),
    Primitive("knock-out", (_p("who", "player+"),), "The player is out of the game.", _G),
    Primitive("win", (_p("who", "player+|team"),), "The game ends; these players (or every player of "
              "these Teams) win.", _G),
    Primitive("tie", (), "The game ends in a tie.", _G),
    Primitive("end-turn", (), "The current turn ends once the action in progress is over.", _G + ("turn",)),
    Primitive("roll", (_p("die", "any", doc="A die of the game: `d6`."), _p("count", "number", 1),
                       _p("of", "player+|team", None, "Whose pool (default `me`): players or Teams.")),
              "Roll that many new dice of that kind into each holder's pool (logged `roll`; seeded, or "
              "forced by a scenario). In the shared rules (`rules`): into a Team's pool, or, without `of`, the "
              "game's own die, shown to all (logged `DIE-die` with its face).", _GR),
    Primitive("reroll", (_p("dice", "any"),), "Roll these dice again.", _G),
    Primitive("set-die", (_p("die", "any"), _p("value", "number")), "Turn a die to a face of its kind.", _G),
    Primitive("place-die", (_p("die", "any"), _p("on", "any", doc="A space, a figure, a card or a player.")),
              "Put a die on something until the round ends; a space with `slots N` holding N dice takes no "
              "more (logged `full`).", _G),
    Primitive("free-dice", (_p("dice", "any"),), "Take dice off what they are placed on, back to their pool.", _G),
    Primitive("remove-dice", (_p("dice", "any"),), "Take dice out of the game.", _G),
    Primitive("put", (_p("figure", "any"), _p("at", "any", None, "A space (none: off the board).")),
              "Put figures on a space, without moving through the board (logged `put`).", _G),
    Primitive("move-to", (_p("figure", "any"), _p("to", "any")),
              "Move figures to a space (logged `move` with `from` and `to`); what may move where is the "
              "content's guard.", _G),
    Primitive("lead", (_p("who", "player|team|players"),),
              "In `round { }`: who takes the round's first turn, a player or a Team (its next player); "
              "with `turn-order alternate-teams` the Teams alternate from that Team. In the shared rules: the Team "
              "that leads the round, logged under the game's `lead-called` name.", _GR),
    Primitive("raise", (_p("event", "event", doc="An event the game declares: `event hit \"A hit\" (attacker, target)`."),
                        _p("amount", "number", 0, "Its pending amount (an event declared with `amount`).")),
              "Raise one of the game's events with its fields (`raise(hit, 2, attacker: me, target: t)`): the "
              "game's rules, the cards in play, the installed triggers and the Reactions hear it in that order, "
              "then the event's `effect` runs with `amount` what landed (logged `raise`).", _G),
    Primitive("prevent", (_p("amount", "number"),),
              "Lower the pending amount of the event being heard, never below 0.", _G),
    Primitive("increase", (_p("amount", "number"),), "Raise the pending amount of the event being heard.", _G),
)}

KERNEL_FUNCTIONS: dict[str, Function] = {f.name: f for f in (
    Function("cards-in", (_p("zone", "zone"), _p("of", "player+|team", None)), "cards",
             "The cards of a zone (of those players; default `me`), in order, top first."),
    Function("top-card", (_p("zone", "zone"), _p("of", "player", None)), "card",
             "The top card of an ordered zone (none when it is empty)."),
    Function("opponents", (_p("who", "player"),), "players", "The other players still in the game."),
    Function("owner-of", (_p("card", "any"),), "player",
             "Who owns a card (whose deck it came from), a die or a figure (a player, or a Team)."),
    Function("value", (_p("counter", "counter"), _p("of", "player|card|team|figure", None)), "number",
             "A counter's value (of `me` by default; of a player's Team for a `per team` counter)."),
    Function("prop", (_p("card", "card"), _p("name", "property")), "any",
             "A property of the card (its card type's default when the card does not give it)."),
    Function("is-card", (_p("x", "any"),), "bool", "The value is a card (not a player)."),
    Function("size", (_p("set", "players|cards|figures"),), "number", "How many players, cards, figures, Teams or dice."),
    Function("in-game", (_p("who", "player"),), "bool", "The player is still in the game."),
    Function("dice-of", (_p("of", "player+|team", None), _p("die", "any", None)), "any",
             "The free dice (on nothing) of these players or Teams (default `me`), of one kind if `die` is "
             "given, in the order rolled."),
    Function("dice-on", (_p("on", "any"),), "any", "The dice placed on these spaces, figures, cards or players."),
    Function("die-value", (_p("die", "any"),), "number", "The face a die shows."),
    Function("lowest", (_p("set", "any"),), "number",
             "The lowest value of dice (or numbers); none when there are none."),
    Function("highest", (_p("set", "any"),), "number", "The highest value of dice (or numbers)."),
    Function("free-slots", (_p("space", "any"),), "number",
             "How many more dice a space takes: its `slots` less the dice on it."),
    Function("coin-toss", (), "string", "Toss a coin: \"heads\" or \"tails\" (logged `coin`; seeded, or forced by a "
             "scenario)."),
    Function("adjacent", (_p("x", "any"),), "any", "The spaces next to a space (or to a figure's space)."),
    Function("distance", (_p("a", "any"), _p("b", "any")), "number",
             "Edges on the shortest way between two spaces (or figures' spaces); none if there is none."),
    Function("figures-at", (_p("space", "any"),), "figures", "The figures on these spaces."),
    Function("figures-of", (_p("who", "player+|team", None),), "figures",
             "The figures of these players or Teams (default `me`; a player's own and their Team's)."),
    Function("space-of", (_p("figure", "any"),), "any", "The space a figure is on (none: off the board)."),
    Function("first", (_p("set", "any"),), "any", "The first of a set (none when it is empty)."),
    Function("last", (_p("set", "any"),), "any", "The last of a set (none when it is empty)."),
    Function("team", (_p("who", "player"),), "team", "The player's Team (none in a game without Teams)."),
    Function("members", (_p("team", "team"),), "players",
             "The players of a Team (or of a set of Teams) still in the game, in seat order."),
    Function("teammates", (_p("who", "player"),), "players",
             "The other players of the player's Team still in the game."),
    Function("foes", (_p("who", "player"),), "players",
             "The players still in who are not of the player's Team (without Teams: every other player), "
             "in turn order from the player."),
    Function("figure-of", (_p("card", "any"),), "figure",
             "The figure whose card a card is declared inside (a dashboard's Ability); none for another card."),
)}

# Words of the Mayhem vocabulary (compiler/builtins.py) that kernel games play too, with the same
# parameters (dashboards: runtime/kernel/dashboards.py; docs/kernel.md, Dashboards).
SHARED_WORDS = ("activate", "resolve-ability", "abilities-of", "slot-of", "use-special", "special-of", "can-use",
                "shown-face", "shows-icon", "grant-icon",  # and the face of the game's own die (runtime/kernel/dice.py)
                "choose-sides",  # and a two-sided dashboard's side, chosen at setup (runtime/kernel/sides.py)
                "draft",  # and the figures' cards picked in turn at setup (runtime/kernel/draft.py)
                "add-unowned-figure",  # and the figures of a kind no one owns (runtime/kernel/unowned.py)
                # cards in play that finish, drawn into play, the end named, a space removed (runtime/kernel/finish.py)
                "card-done", "draw-into", "end-game", "remove-location",
                # and the setup's and the round's keeping steps (runtime/kernel/keeping.py)
                "form-teams", "take-team-lists", "lay-board", "shuffle-deck", "fill-zones", "fill-pools", "draw-hands", "announce-together", "reset-limits", "discard-tokens",
                "forfeit-die", "use-token", "reroll-dice", "bonus",
                "card-window")  # and a card window of the round (runtime/kernel/windows.py)  # and dice and pieces of the turn (runtime/kernel/spend.py)
# ... and the vocabulary's functions they play in general terms (runtime/kernel/vocabulary.py; docs/kernel.md,
# "Functions of the shared vocabulary"): a figure's space and Team, Teams in lead order, dice totals, flags
SHARED_FUNCTIONS = ("location-of", "adjacent-to", "team-of", "on-board", "unowned-figures", "in-lead-order",
                    "next-team", "dice-total", "flagged", "box-property", "has-icon", "activations", "activated",
                    "tokens-on", "standing", "coin-toss-between", "pick-at-random",
                    # ... and what the turn and the round did (runtime/kernel/record.py; docs/kernel.md, "What the
                    # turn did"): the figures made Active this round, a Team knocked out, damage, restrictions, tags
                    "activated-this-round", "all-ko-this-round", "damage-on", "restricted", "tagged", "can-play",
                    "stack-bonus")
SHARED_WORDS += SHARED_FUNCTIONS
# ... and figures moving on the board (runtime/kernel/movement.py; compiler/builtins_movement.py)
from .builtins_movement import MOVEMENT_WORDS  # noqa: E402
SHARED_WORDS += MOVEMENT_WORDS

# Names an effect of a game can read (builtins.CONTEXTS["game"]).
KERNEL_CONTEXT_NAMES: dict[str, ContextName] = {c.name: c for c in (
    ContextName("me", "player", "The player whose card, action or turn this is."),
    ContextName("this-card", "card", "The card being resolved."),
    ContextName("amount", "number", "The value of the card's property whose effect this is (`attack 2`: 2)."),
    ContextName("players", "players", "Every player still in the game, in turn order."),
    ContextName("turn-player", "player", "The player whose turn it is (in a trigger: the turn it fires in)."),
    ContextName("spaces", "any", "Every space of the board, in the order declared."),
    ContextName("round", "number", "The round being played (1, 2, ...; 0 in a game without rounds)."),
    ContextName("teams", "any", "Every Team of the game (`t1`, `t2`, ...), in order; none without `teams N`."),
)}

# What a selector can range over in a game: `one target in opponents(me) + cards-in(defenses, opponents(me))`.
KERNEL_SELECTOR_KINDS: dict[str, tuple[str, str]] = {
    "player": ("player", "A player (of the set after `in`, else every player still in)."),
    "card": ("card", "A card of the set after `in`."),
    "target": ("any", "A player or a card of the set after `in`: what an attack may aim at."),
    "team": ("team", "A Team (of the set after `in`, else every Team)."),
    "space": ("any", "A space of the board (of the set after `in`, else every space)."),
    "die": ("any", "A die (of the set after `in`, else every die in the game)."),
    "edge": ("any", "An edge of the laid board between tiles in play, named `L1-L2` (those touching a space of "
                    "the set after `in`, else every one), in the board's order."),
    "location": ("any", "A space of the board: `space` (compiler/shorthand.py, `kernel_kind`)."),
    # figures by whom they belong to, relative to the player acting (runtime/kernel/relations.py): those of
    # the set after `in` and those on its spaces, else every figure on the board
    "friend": ("figure", "A figure of the acting player's side (their Team; without Teams, theirs), `self` included."),
    "teammate": ("figure", "A figure of the acting player's side other than the acting figure (`self`, a piece's holder)."),
    "opponent": ("figure", "A figure of another side than the acting player's."),
    "foe": ("figure", "An opponent, or a figure that no player or Team holds."),
    "player-figure": ("figure", "A figure of a player or a Team."),
    "character": ("figure", "A figure of a player or a Team: `player-figure` (compiler/shorthand.py, `kernel_kind`)."),
}

# the kinds above that the Mayhem vocabulary has too, whose `in` outside a game takes Locations
SHARED_SELECTOR_KINDS = ("edge", "location", "friend", "teammate", "opponent", "foe", "character")

# Events of games: an effect waits for the next structure event once (`on turn-end { ... }`);
# a `rule`'s triggers run at every one.
KERNEL_EVENTS: dict[str, Event] = {e.name: e for e in (
    Event("round-start", (), "A round has begun: after the `round` slot."),
    Event("round-end", (), "A round ends: after the `round-end` slot, before its placed dice are freed."),
    Event("turn-start", (), "A turn has begun: after the `turn` slot."),
    Event("turn-end", (("figure", "figure"),), "A turn ends: after the `turn-end` slot; `figure` is the figure "
          "made Active in the turn (none if it made none Active)."),
    Event("out", (("player", "player"),), "A player is out of the game (`player`); for a `rule` only."),
)}

# Names of the game's own declarations that arguments of these types refer to.
DECLARED_TYPES = ("zone", "counter", "property", "event")

# a board laid from tiles (compiler/builtins_board.py)
from .builtins_board import BOARD_FUNCTIONS, BOARD_PRIMITIVES  # noqa: E402
KERNEL_PRIMITIVES.update((p.name, p) for p in BOARD_PRIMITIVES)
KERNEL_FUNCTIONS.update((f.name, f) for f in BOARD_FUNCTIONS)
# the words of pieces (compiler/builtins_pieces.py): the Mayhem vocabulary's, played by the kernel in a game
from .builtins_pieces import PIECE_FUNCTIONS, PIECE_PRIMITIVES  # noqa: E402 - appended to the tables above
KERNEL_PRIMITIVES.update(PIECE_PRIMITIVES)
KERNEL_FUNCTIONS.update(PIECE_FUNCTIONS)
# damage dealt to figures (compiler/builtins_damage.py): `damage` and `remove-damage` the Mayhem vocabulary's words
from .builtins_damage import DAMAGE_PRIMITIVES  # noqa: E402 - appended to the table above
KERNEL_PRIMITIVES.update(DAMAGE_PRIMITIVES)

# The kernel's primitives whose play can stop with a question, the one table: runtime/kernel/
# asking.py judges by it which steps of play need a copy to replay from, compiler/asking.py
# which `end when` bodies ask (E412). What asks is in the module named.
KERNEL_ASKING = frozenset({
    "play-card", "resolve", "raise",  # a card's effects (or listeners) run, which may ask anything
    "resolve-ability", "use-special",  # a dashboard's part's effects (dashboards.py)
    "choose-sides",  # a player chooses the side of a two-sided dashboard (sides.py)
    "draft",  # the players pick the figures' cards (draft.py)
    "card-done", "draw-into", "remove-location",  # a card's effects run; a player picks (finish.py)
    "form-teams", "draw-hands", "announce-together",  # a Team chosen, cards discarded, an event raised for many figures (keeping.py)
    "use-token", "reroll-dice",  # a token's effect, the dice to roll again (spend.py)
    "card-window",  # a Team's players may play a card (windows.py)
    # figures moving: a player places them, or moves one or not; a space entered, a Move, heard (movement.py)
    "move-figure", "place-figure", "place-figures", "return-figures", "offer-move",
})
# The kernel's primitives that raise an event of the game at a moment of play (the event its
# `*-event` property names): its listeners, and Reactions to it, may ask (events.land). A step
# of the kernel's that plays one is judged by the events heard, not by this table (asking.py).
KERNEL_RAISING = {
    "assault": ("assault-event", "damage-event", "dealt-event", "ko-event"),  # damage.py
    "damage": ("damage-event", "dealt-event", "ko-event"),  # damage.py
    "roll": ("effect-roll-event",),  # the game's own die rolled for all (dice.py, moments.py)
    # a figure placed or moved enters a space; a Move (movement.py): these ask too (KERNEL_ASKING)
    "move-figure": ("enter-event", "move-event"), "offer-move": ("enter-event", "move-event"),
    "place-figure": ("enter-event",), "place-figures": ("enter-event",), "return-figures": ("enter-event",),
}
