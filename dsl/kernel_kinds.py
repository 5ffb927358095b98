"""The declaration kinds of the rules kernel's games: card types, decks, the game with its
zones, counters and actions (dsl.schema registers them with the Mayhem kinds)."""
from __future__ import annotations

from .kernel_kinds_board import board_kinds

# The properties a box needs whatever its game; the box's other required properties are
# required only of Mayhem boxes (those that name no `game`).
GAME_BOX_REQUIRED = ("source", "players")

# Property types a card type may declare, and the value shape each takes.
# (`tags` is a list whose names are tags: compiler.resolve_names checks them.)
PROPERTY_TYPES = {"int": "int", "signed": "signed", "string": "string", "flag": "flag", "id": "id", "ids": "ids",
                  "list": "list", "tags": "list", "ints": "ints", "strings": "strings", "once": "once"}



def kernel_kinds() -> list:
    from .schema import ANYWHERE, SOURCE, TEXT, KindSpec, PropSpec, SlotSpec
    return [
        KindSpec(
            "card-type", "A kind of card, declared in content: its typed properties (`attack int 0`: a name, "
            "a type and a default; without a default the property is required), the order its symbol "
            "properties resolve in, and what one symbol of each does (`attack { ... }`, `amount` is the "
            "card's value). Its id becomes a kind: `marvel-card kings-fury \"King's Fury\" { attack 2 }`.",
            ANYWHERE,
            props=(
                SOURCE, TEXT,
                PropSpec("game", "id", "The game whose cards these are."),
                PropSpec("resolve-order", "list", "The properties (and `effect`, the card's own text) in the order "
                         "they resolve when a card is played: `[healing, attack, draw-play, defense, effect]`."),
                PropSpec("no-decks", "flag", "Its cards are printed once each and declared at the top of a box "
                         "file: no `deck`, no `copies` (Mayhem cards, GO! cards)."),
                PropSpec("no-effect", "flag", "Its cards have no `effect` of their own when it declares no effect: "
                         "what they do is their triggers (Locations, non-player figures)."),
                PropSpec("requires", "list", "Properties every card has that each card of this type must give: "
                         "`requires [text]`."),
                PropSpec("triggers", "id", "Its cards may carry `on EVENT` triggers, checked in this context "
                         "of effects: `triggers card`."),
                PropSpec("children", "list", "Card types whose cards are declared inside each card of this one, "
                         "and only there (a dashboard's Abilities: `children [ability]`); see docs/kernel.md, "
                         "Dashboards."),
                PropSpec("unnamed", "flag", "Its cards need no display name after their id, and have no `named` "
                         "(a dashboard's sides: `side a { ... }`)."),
                PropSpec("ids", "list", "The only ids its cards may take (a dashboard's sides: `ids [a, b]`); "
                         "another id is an E211."),
                PropSpec("sides", "list", "Of its `children`, the card types whose cards are a card's sides "
                         "(`sides [face]`): a card holding sides holds nothing else, and its figure plays the "
                         "one chosen at setup (`choose-sides()`), its counters and parts read from it."),
                PropSpec("reacts-from", "id", "A game's event heard by one of its cards' triggers offers the card, "
                         "while it lies in its owner's zone of this name, to be played in answer: `reacts-from hand`."),
                PropSpec("reacts-to", "list", "With `reacts-from`: only these events offer its cards in answer "
                         "(`reacts-to [assail]`); a trigger of theirs on another event is heard while the card "
                         "lies in a zone marked `in-play`."),
                PropSpec("reacts-if", "id", "With `reacts-from`: only its cards whose property of this name is "
                         "set (a keyword: `reacts-if defense`, a card's `defense 1`) are offered in answer; the "
                         "others' triggers are heard while they lie in a zone marked `in-play`."),
        ),
        dynamic_props="propdecl", dynamic_slots="game", component=False,
        ),
        KindSpec(
            "token-type", "A kind of token, declared in content as a card type is: its typed properties, its "
            "effect and its triggers. Its id becomes a kind, declared in a box file or a module file: "
            "`token stun \"Stun\" { placed-on character }` (content/shared/card-types.mh).", ANYWHERE,
            props=(
                SOURCE, TEXT,
                PropSpec("requires", "list", "Properties every token has (`named`, `source`, `text`) that each "
                         "token of this type must give: `requires [text]`."),
                PropSpec("triggers", "id", "Its tokens may carry `on EVENT` triggers, checked in this context "
                         "of effects: `triggers token`."),
        ),
        dynamic_props="propdecl", component=False,
        ),
        KindSpec(
            "deck", "A deck of cards a player takes at setup (a Super Hero's deck): its cards, each with `copies N`.",
            ("<box-file>",),
            props=(
                SOURCE, TEXT,
                PropSpec("card-type", "id", "The card type of its cards (default: the one its cards are of)."),
                PropSpec("size", "int", "How many cards the deck holds, copies counted."),
        ),
        children=(),  # the card types of the collection, added by compiler.card_types
        ),

        KindSpec(
            "game", "The rules of a game played on the rules kernel: seats, turn order, zones, counters, setup, "
            "the turn, the actions a player may take, and how the game ends. In a module file: rules shared by "
            "boxes that name no game (the Mayhem piles, `content/shared/game.mh`).", ("<box-file>", "<module-file>"),
            props=(
                SOURCE, TEXT,
                PropSpec("seats", "range", "How many players: `seats 2..4`.", True),
                PropSpec("turn-order", "enum:clockwise|counterclockwise|alternate-teams",
                         "Who plays next (default clockwise); `alternate-teams`: the Teams take turns, from "
                         "the Team that leads the round (`lead(...)` in `round { }`), each Team's players in "
                         "rotation."),
                PropSpec("round-ends", "enum:one-turn-each|all-passed",
                         "When a round is over: once every player still in has had a turn (the default), or "
                         "once every player still in passed (took a turn without an action), one after the "
                         "other. `round-end when COND { ... }` ends it as soon as COND holds, too."),
                PropSpec("trigger-order", "enum:fixed|chosen",
                         "The order the listeners of one of the game's events run in: fixed (the default: "
                         "rules, pieces, figures, cards in play, installed), or chosen: a player two or more "
                         "of whose listeners hear one event is asked which runs first (`first CARD`)."),
                PropSpec("first-player", "enum:seeded-choice|first-seat",
                         "Who plays first: a seeded choice (\"the youngest player\"), or the first seat."),
                PropSpec("teams", "int", "The seats are grouped into this many Teams (`t1`, `t2`, ...); "
                         "zones and counters may be kept `per team`."),
                PropSpec("team-names", "list", "The Teams' names, in seat order: `team-names [black, white]` "
                         "(the Mayhem Teams are their colours, which pools and Bases name). A mode with another "
                         "number of Teams names them after their first player (`p1`, `p2`, ...)."),
                PropSpec("team-seats", "enum:alternate|consecutive", "How seats form Teams: alternating (p1, p3 "
                         "in t1; p2, p4 in t2; the default) or in consecutive blocks (p1, p2 in t1)."),
                PropSpec("decks-to", "id", "At setup each player takes one `deck` of the box into this zone."),
                PropSpec("deck-size", "int", "How many cards each player's `deck` holds, copies counted (checked, C801)."),
                PropSpec("draw-from", "id", "The zone `draw` takes from (default `deck`)."),
                PropSpec("draw-to", "id", "The zone `draw` puts into (default `hand`)."),
                PropSpec("discard-to", "id", "The zone `destroy` puts a card into (default `discard`)."),
                PropSpec("play-to", "id", "The zone `play-card` puts a card into before it resolves."),
                PropSpec("play-limit", "int", "At most this many cards lie in a player's (or their Team's) "
                         "`play-to` zone: a card is offered in answer to an event (its card type's "
                         "`reacts-from`) only while fewer do; an action that plays a card says it in its guard."),
                PropSpec("pile-to", "id", "The zone (kept `per location`) a pool's `pile-on` pieces lie in at "
                         "setup, face down: `has` and `take` at the Location read it (the Mayhem boxes)."),
                PropSpec("lead-called", "id", "What the rules call the Team that leads the round: the name of "
                         "the log line `lead(...)` writes and of the scenario key that sets or reads the leader "
                         "(`lead-called initiative`; default `lead`)."),
                PropSpec("effect-die", "id", "The game's own die, on the table for all: `roll(DIE)` without "
                         "`of` rolls it, `shown-face(\"DIE\")` and `shows-icon(\"DIE\")` read its face. In the "
                         "shared rules, the die whose face effects read (`mayhem-die`, `mayhem-icon`), that "
                         "`roll-mayhem-die` and `reroll-dice` roll again."),
                PropSpec("pool-die", "id", "Shared rules: the kind of the dice in the Teams' pools, that "
                         "`reroll-dice` rolls again and a scenario's `dice` sets."),
                PropSpec("damage-counter", "id", "The counter kept per figure that `damage` and `attack` add to "
                         "and `remove-damage` takes from (runtime/kernel/damage.py)."),
                PropSpec("damage-bound", "id", "The counter kept per figure that bounds the `damage-counter`: a "
                         "figure whose damage reaches it is knocked out (default: the damage counter's `max`)."),
                PropSpec("assault-event", "id", "The event (with `amount`; fields `attacker`, `target`) "
                         "`assault` raises before it deals what is left of its amount."),
                PropSpec("damage-event", "id", "The event (with `amount`; fields `target`, `source`) raised "
                         "before damage is dealt: its listeners `prevent` or `increase` it."),
                PropSpec("dealt-event", "id", "The event (with `amount`; fields `target`, `source`) raised once "
                         "damage was dealt, with the amount dealt."),
                PropSpec("ko-event", "id", "The event (field `figure`) raised when a figure is knocked out: "
                         "taken off the board, its damage counter back to its start."),
                PropSpec("update-event", "id", "The event (no fields) raised after every step of play (the "
                         "setup, a round's start and end, a turn's start and end, each action): what a card in play "
                         "watches for its goal (runtime/kernel/finish.py)."),
                PropSpec("enter-event", "id", "The event (fields `figure`, `location`) raised when a figure enters "
                         "a space: by a Move, a placement (`place-figure`) or coming back (`return-figures`)."),
                PropSpec("move-event", "id", "The event (fields `figure`, `from`, `to`) raised after a Move "
                         "(`move-figure`, `offer-move`), once the space entered has been heard."),
                PropSpec("activate-event", "id", "The event (field `figure`) raised when a figure becomes "
                         "Active: `activate(figure, ...)` (runtime/kernel/moments.py)."),
                PropSpec("effect-roll-event", "id", "The event (no field) raised each time the game's "
                         "`effect-die` is rolled for all (`roll(DIE)` without `of`)."),
                PropSpec("owner-kept-if", "id", "Shared rules: a token flag; a piece of a token with it keeps "
                         "the Team it belongs to when another Team or its Character takes it "
                         "(`owner-kept-if mission`)."),
                PropSpec("hand-limit", "id", "The counter (kept per player) a hand is kept down to after "
                         "`draw-hands()`: each player whose hand holds more discards to the bottom of the "
                         "`draw-from` zone (runtime/kernel/keeping.py)."),
        ),
        slots=(
            SlotSpec("setup", "Once, before the first turn; `players` are every seat.", "game"),
            SlotSpec("round", "At the start of each round (a game with this slot, `round-end`, "
                     "`round-ends` or `turn-order alternate-teams` plays in rounds); `lead(...)` names who "
                     "takes the round's first turn. In the shared rules of a module file (`game mayhem`) it "
                     "runs in the context `rules`.", "game"),
            SlotSpec("round-end", "At the end of each round; `round-end when COND { ... }` also ends the "
                     "round after any turn where COND holds. Then the dice placed on anything are free.",
                     "game", guard=True),
            SlotSpec("turn", "At the start of each turn, for `me`, the player whose turn it is; then the "
                     "player takes legal actions until none is left or `end-turn()`.", "game"),
            SlotSpec("turn-end", "At the end of each turn.", "game"),
            SlotSpec("end", "`end when COND { ... }`: checked after each part of a card, each action and each slot; when it holds, the body "
                     "names the winners (`win(...)`) or a tie (`tie()`) and the game ends.", "game", guard=True),
        ),
        children=("zone", "counter", "action", "rule", "die", "space", "figure", "phase", "board", "event",
                  "restriction"),
        triggers="rules",
        component=False,
        ),
        KindSpec(
            "zone", "A place cards lie in: a deck, a hand, a discard pile, the cards in play.", ("game",),
            props=(
                PropSpec("source", "source", "Where the facts come from (default: the game's)."), TEXT,
                PropSpec("per", "enum:player|team|location|figure|space|edge", "One zone per player (or Team, or Location: a "
                         "pile of tokens the game's `pile-to` names; or per figure, space or edge of the board: pieces "
                         "lying on it); without it, one shared zone."),
                PropSpec("ordered", "flag", "Its cards keep an order (a deck: `draw` takes the top one)."),
                PropSpec("visibility", "enum:public|owner|hidden", "Who sees its cards (default public)."),
                PropSpec("capacity", "int", "At most this many cards."),
                PropSpec("reshuffle-from", "id", "When a card must be taken and the zone is empty, this zone of "
                         "the same player is shuffled into it first."),
                PropSpec("refill-from", "id", "After every step, the zone is filled up to its capacity from this zone."),
                # the card flow of cards in play (runtime/kernel/finish.py) and a zone's first cards
                # (`starts-with`, `shuffled`: runtime/kernel/keeping.py's `fill-zones()`)
                PropSpec("starts-with", "names", "At setup, the box's cards of this card type, each as many times "
                         "as its `copies`, are put into the zone (the Mayhem boxes: `starts-with go-card`); a list "
                         "of card types puts each type's cards in, in the list's order (`starts-with [hero, "
                         "villain]`)."),
                PropSpec("shuffled", "flag", "The cards it starts with are shuffled at setup."),
                PropSpec("draws-from", "id", "A card the zone's holder draws into it comes from the top of this "
                         "zone; one is drawn at once when a card of the zone is done."),
                PropSpec("in-play", "flag", "Its cards are in play: their triggers are heard while they lie here."),
                PropSpec("enter-effect", "id", "The effect of its cards run when one is drawn into the zone "
                         "(`enter-effect when-picked`: the card's effect of that name, `me` the zone's holder)."),
                PropSpec("done-to", "id", "Where a card of the zone goes when done (`card-done()`: a Mission "
                         "fulfilled)."),
                PropSpec("done-effect", "id", "The effect of its cards run when one is done (`done-effect reward`)."),
                # pieces (runtime/kernel/pieces.py): the box's pools, and what lies on a holder
                PropSpec("pools", "flag", "The box's `pool`s lie here at setup, a piece of a token per count (kept "
                         "`per team`: each Team's pool of its own count); `place` takes from here, `remove` puts back."),
                PropSpec("pieces", "flag", "The pieces placed on its holders lie here (one such zone per kind of "
                         "holder: `per figure`, `per space`, `per player` or `per team`)."),
        ),
        component=False,
        ),
        KindSpec(
            "counter", "A number the game keeps: hit points, plays left, damage tokens on a card.", ("game",),
            props=(
                PropSpec("source", "source", "Where the facts come from (default: the game's)."), TEXT,
                PropSpec("per", "enum:player|card|team|figure", "Whose counter it is (default: the game's own, one): "
                         "each player's, card's, Team's or figure's on the board."),
                PropSpec("start", "signed", "Its value at setup (default 0)."),
                PropSpec("start-from", "id", "Its value at setup is this property of its holder as printed (a "
                         "figure's dashboard: `start-from life`; a player's: the sum over the figures they "
                         "control); `start` when the holder prints none."),
                PropSpec("min", "signed", "It never goes below this."),
                PropSpec("max", "signed", "It never goes above this."),
                PropSpec("reset", "enum:turn-start|turn-end|round-start|round-end", "Back to its start value at "
                         "the start or the end of every turn (or round)."),
                PropSpec("out-at-min", "flag", "A player whose counter reaches its minimum is out of the game."),
                # the Mayhem boxes' shared rules (content/shared/game.mh): a counter kept as tokens
                PropSpec("kept-as", "id", "Its value is the holder's pieces of this token (a Team's: of its "
                         "colour, on the Team and its figures); `gain` takes them from the token's pool, which "
                         "bounds it (`kept-as vp`; shared rules of a module, `per team`)."),
                PropSpec("set-out-on", "id", "A Location property: at setup, one piece of each Team's colour "
                         "lies on every Location that has it (`set-out-on vp-slots`), taken when gained there."),
                PropSpec("set-out-if", "id", "A pool property: only a box whose pool of the token has it sets "
                         "the pieces out (`set-out-if on-vp-slots`)."),
        ),
        component=False,
        ),
        KindSpec(
            "die", "A kind of die: `die d6 \"Six-sided die\" { faces 1..6 }`, or its faces listed "
            "(`face-values [1, 1, 2, 2, 3, 3]`). `roll(d6, 2, of: p)` rolls dice of this kind into a pool.",
            ("game",),
            props=(PropSpec("source", "source", "Where the facts come from (default: the game's)."), TEXT,
                   PropSpec("faces", "range", "Its faces, every number of a range: `faces 1..6`."),
                   PropSpec("face-values", "ints", "Its faces listed, repeats allowed: `face-values [1, 1, 2]`."),
                   PropSpec("faces-from", "id", "Its faces are this property of the box being played, a list "
                            "of faces as printed (`faces-from mayhem-die-faces`); a face ending in `*` shows the "
                            "die's icon (`shows-icon`). In the shared rules, where the box prints none, 1 to 6; "
                            "a box's own game needs its box to print them.")),
            component=False,
        ),
        KindSpec(
            "space", "A space of the board: `space summit \"Summit\" { adjacent [ledge, col]  slots 2 }`. "
            "Spaces and their `adjacent` edges (both ways) make the board's graph.", ("game",),
            props=(PropSpec("source", "source", "Where the facts come from (default: the game's)."), TEXT,
                   PropSpec("adjacent", "list", "The spaces it touches (an edge goes both ways)."),
                   PropSpec("slots", "int", "How many dice may be placed on it (default none).")),
            component=False,
        ),
        KindSpec(
            "figure", "A kind of figure on the board: `figure climber \"Climber\" { per player  start "
            "[camp-1, camp-2] }`. Each player (or Team) gets `count` of them at setup, named "
            "`climber-p1` (`climber-p1-2` with a count), on its space of `start`.", ("game",),
            props=(PropSpec("source", "source", "Where the facts come from (default: the game's)."), TEXT,
                   PropSpec("per", "enum:player|team", "Whose figures: each player's (the default) or each Team's."),
                   PropSpec("count", "int", "How many figures each player (or Team) has (default 1)."),
                   PropSpec("start", "list", "Where they start: the Nth player's (or Team's) figures on the "
                            "Nth space listed, one space for all; none: off the board until `put`."),
                   PropSpec("card-type", "id", "Its figures are cards of this card type (a dashboard): at setup "
                            "each player (or Team) is dealt `count` of the box's cards of it, seeded; a figure's "
                            "id is its card's, its counters `start-from` the card's properties."),
                   PropSpec("unowned", "flag", "No player or Team owns its figures: none is dealt at setup; "
                            "`add-unowned-figure()` adds `count` of them (the first cards of its `card-type` "
                            "in id order), on its first `start` space or off the board."),
                   PropSpec("from-pieces", "id", "A token flag: its figures are pieces. None is dealt at setup; "
                            "a piece of a token with the flag placed on a space stands there as a figure of "
                            "this kind that no one controls, named after its token and the side that placed "
                            "it (`boss-t1`), a foe of that side alone, its `life:` (the `place`'s) the game's "
                            "`damage-bound`, immune to the effects its token's `immune` tags name; knocked "
                            "out, its piece goes back to its pool (runtime/kernel/standing.py)."),
                   PropSpec("no-damage", "flag", "Its figures take no damage: `damage` and `assault` raise "
                            "their events, but deal them nothing (a figure with no Life).")),
            component=False,
        ),
        KindSpec(
            "phase", "A phase of the round, in the order the phases are declared: `phase recovery \"Recovery\" "
            "{ effect when round > 1 { ... } }`. Its id names it in the state and in a scenario's `phase = "
            "\"recovery\"`. A phase `runs` a part of the round's structure (the game's `round { }`, the "
            "turns, or `round-end { }`) or plays its own `effect`; with both, the effect first. A mode's "
            "phase of the same id replaces the game's. Played by the rules kernel, in the shared rules of a "
            "module file (`content/shared/game.mh`, the context `rules`) as in a game a box names (one "
            "phase `runs turns`; those before it make the round's start).",
            ("game", "mode"),
            props=(PropSpec("source", "source", "Where the facts come from (default: the game's)."), TEXT,
                   PropSpec("runs", "enum:round|turns|round-end",
                            "The part of the round's structure the phase plays: the game's `round { }` (then "
                            "the round's first chance to play a card and the `round-start` event), the turns "
                            "(the Teams alternate from the one that leads), or the `round-end` event and "
                            "`round-end { }`.")),
            slots=(SlotSpec("effect", "What the phase does; `when COND` skips it when COND does not hold "
                            "(`effect when round > 1`).", "rules", guard=True),),
            component=False,
        ),
        KindSpec(
            "rule", "A rule that is always in force: its triggers (`on round-end { ... }`, `on out { ... }`) "
            "run at every such event of the game, `me` being the player whose turn it is.", ("game", "mode"),
            props=(PropSpec("source", "source", "Where the facts come from (default: the game's)."), TEXT,
                   PropSpec("once", "once", "Its triggers on the game's own events run at most once per turn, "
                            "round or game.")),
            triggers="game", component=False,
        ),
        KindSpec(
            "action", "A verb a player may take in their turn: `action play \"Play a card\" (card = cards-in(hand, "
            "me)) { effect when GUARD { ... } }`. The legal actions are `play X` for every value X of the "
            "parameter's domain that the guard allows.", ("game",),
            props=(PropSpec("source", "source", "Where the facts come from (default: the game's)."), TEXT,
                   PropSpec("starts-turn", "flag", "In the shared rules: the action that starts a Team's turn "
                            "(`place-die`), offered alone to the Team whose turn it is, in the context "
                            "`team-turn`; taking it makes the Active Character, whose turn offers the other "
                            "actions. A parameter's domain may read the parameters before it."),
                   PropSpec("fallback", "flag", "In the shared rules: the action a Team takes, without a choice, "
                            "when the one that `starts-turn` allows nothing (in the context `team-turn`): the "
                            "first combination its domains and guard allow; with none, the Team passes."),
                   PropSpec("bots-wait-for", "list", "The random bots do not take it while the game offers one "
                            "of these actions of the game (`bots-wait-for [resolve]` on the action that ends the "
                            "turn: a bot does not end its turn before using it). No rule of the game: the "
                            "players may take it whenever it is legal."),
                   PropSpec("form", "string", "In the shared rules: how its legal actions print after the verb, "
                            "a template of its parameters (`\"{value:int} {figure}/{ability}\"`: `place-die 6 "
                            "robin/staff-meeting`; `:int` a number, `:loc` a Location `Ln`, `figure` the Active "
                            "Character where no parameter is so named). Default: its parameters in order.")),
            slots=(SlotSpec("effect", "What taking the action does; `when COND` is its guard.", "game", guard=True),),
            params=True, component=False,
        ),
        KindSpec(
            "restriction", "What a piece forbids its holder: `restriction frozen \"Frozen\" { actions [move] }`. A "
            "token's `restricts` names the game's restrictions; the holder is the figure that acts (the "
            "Active figure, when the game has one), or the acting player.", ("game",),
            props=(PropSpec("source", "source", "Where the facts come from (default: the game's)."), TEXT,
                   PropSpec("actions", "list", "The game's actions its holder may not take: a part of each one's "
                            "guard (`actions [resolve]`)."),
                   PropSpec("stops", "list", "What the primitives refuse its holder (the Mayhem boxes' "
                            "shared rules; `stops [move, attack]`): `move` a Move (`move-figure`, `offer-move`, "
                            "`can-move`), `attack` an Attack it makes, `special` its Special Ability used or "
                            "heard, `place` being placed (`place-figure`: PULL, PUSH, TELEPORT).")),
            component=False,
        ),
    ] + board_kinds() + _event_kinds()


def _event_kinds() -> list:
    from .kernel_kinds_events import event_kinds
    return event_kinds()
