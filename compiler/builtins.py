"""The runtime's vocabulary as the compiler sees it: primitives, functions, context
names, selector kinds and the events primitives set off, with their types and documentation.

This table is the contract between compiler and runtime: the runtime implements
exactly these names (a test holds them in step), and content builds everything
else (keywords, statuses, Locations) out of them."""
from __future__ import annotations

from .builtins_setup import SETUP_PRIMITIVES
from .vocabulary_types import (  # noqa: F401 (the vocabulary's types, imported from here too)
    ELEMENT_OF, REQUIRED, SET_OF, ContextName, Event, Function, Param, Primitive, StandsFor, _p, accepts, expand,
)

_VP = (("counter", "counter", "vp"),)
# the game's own die the effects read: the die the shared rules' `effect-die` names
_EFFECT_DIE = (("die", "game", "effect-die"),)


TAGS = _p("tags", "tags", (), "Tags of the effect, for immunities, bonuses and reactions.")

PRIMITIVES: dict[str, Primitive] = {p.name: p for p in (
    Primitive("attack", (_p("target", "figure+", doc="Who is attacked (usually `one foe in ...`)."),
                         _p("amount", "number", "mayhem-die", "Damage before bonuses."), TAGS),
              "Attack: announce the target (`on attack` triggers and Reactions may answer), then deal "
              "the amount plus the Activation's bonus as Damage with the given tags. Binds `attack-target`. "
              "The kernel's `assault` with the same arguments (compiler/shorthand.py).",
              stands_for=StandsFor("assault", (), (("target", "target"), ("amount", "amount"), ("tags", "tags")))),
    Primitive("damage", (_p("target", "figure+"), _p("amount", "number"), TAGS),
              "Deal Damage (Shields and other `damage` triggers may change it first)."),
    Primitive("remove-damage", (_p("target", "figure+"), _p("amount", "number")),
              "Heal: remove up to that much Damage."),
    Primitive("place", (_p("token", "token"), _p("count", "number", 1), _p("on", "figure+|location+|edge+|team"),
                        TAGS, _p("life", "number", 0, "Life Points of an attackable token.")),
              "Take tokens from their pool (the acting Team's colour for coloured pools) and put them on "
              "a character, Location, edge or Team. An empty pool places fewer, or none; a `limit` caps it. "
              "Placed tokens belong to the acting Team (`owner`)."),
    Primitive("remove", (_p("token", "token"), _p("count", "number", 1),
                         _p("from", "figure+|location+|edge+|team"), _p("of", "team", None)),
              "Return tokens to their pool."),
    Primitive("remove-all", (_p("token", "token"), _p("from", "figure+|location+|edge+|team"),
                             _p("of", "team", None)),
              "Return every token of that type (of that Team, if given) to its pool."),
    Primitive("take", (_p("token", "token"), _p("from", "figure|location|team"), _p("to", "figure|location|team"),
                       _p("count", "number", 1)),
              "Move tokens from one place to another (a face-down pile gives one at random). For a "
              "coloured token, the receiver's colour."),
    Primitive("shift", (_p("token", "token"), _p("from", "figure|location|edge"), _p("to", "figure|location|edge")),
              "Move one token already in play to another place."),
    Primitive("move-figure", (_p("figure", "figure+"), _p("to", "location+")),
              "Move a figure into a Location with an open Slot: a Move, which others may Flee from."),
    Primitive("place-figure", (_p("figure", "figure+"), _p("to", "location+"), TAGS),
              "Place a figure into a Location with an open Slot; not a Move (PULL, PUSH, TELEPORT)."),
    Primitive("off-board", (_p("figure", "figure+"),),
              "Take a figure off the board; it comes back at the next Recovery."),
    Primitive("remove-from-game", (_p("figure", "figure+"),),
              "Take a KO'ed figure out of the game for good: it does not come back at Recovery, and a Team "
              "with none left plays no more (a mode's KO rule: Free-For-All's `rule ko-out`).", ("rules", "game")),
    Primitive("remove-location", (_p("among", "locations", doc="The Locations the player may remove."),
                                  _p("by", "figure", doc="The figure whose player chooses.")),
              "The player of the figure removes one of these Locations from play (a decision, `remove Ln`; "
              "logged `remove-location`); nothing when there are none (a mode's `round-end`: Free-For-All).",
              ("rules", "game")),
    Primitive("bonus", (_p("amount", "number"), _p("to", "tags", None,
                                                   "Only to Attacks and placed tokens whose effect carries one of "
                                                   "these tags (`[attack]`, `[trap]`); without it, to both.")),
              "+X Damage: added to the Activation's Attacks and to the Traps it places (those it placed "
              "earlier in the turn too), which keep it until they activate. Applied before the other "
              "effects of the Ability, wherever it is written.", ("ability", "token", "card", "keyword", "game")),
    Primitive("prevent", (_p("amount", "number"),),
              "Prevent up to that much of the pending Damage (in a `damage` or `attack` trigger)."),
    Primitive("increase", (_p("amount", "number"),),
              "Add to the pending Damage (in a `damage` or `attack` trigger)."),
    Primitive("gain-vp", (_p("amount", "number", 1), _p("team", "team", "my-team")),
              "The Team gains Victory Points: `gain(vp, amount, on: team)`, the shared rules' `vp` counter "
              "(kept as the Team's tokens of its colour, taken from the pool).",
              stands_for=StandsFor("gain", _VP, (("amount", "amount"), ("on", "team")))),
    Primitive("roll-mayhem-die", (), "Roll the Mayhem die again; the new value holds for the rest of the round: "
              "`roll(DIE)` of the game's `effect-die` (`roll(mayhem)`).",
              stands_for=StandsFor("roll", _EFFECT_DIE)),
    Primitive("reroll-dice", (),
              "Reroll any of the acting Team's unplaced Activation dice, the die on the Active "
              "Character's slot (in its own turn: the new value counts), and/or the Mayhem die."),
    Primitive("grant-mayhem-icon", (), "The Mayhem die counts as showing the Mayhem icon until the end of the turn: "
              "`grant-icon(DIE)` of the game's `effect-die`.",
              stands_for=StandsFor("grant-icon", _EFFECT_DIE)),
    Primitive("grant-icon", (_p("die", "string", doc="A die of the shared rules, rolled without `of`: `\"mayhem\"`."),),
              "The game's own die counts as showing its icon (as a face marked `*` does) until the end of the "
              "turn (logged `DIE-icon`)."),
    Primitive("spend-free-move", (), "Use up the Active Character's free Move."),
    # the turn's actions of the shared rules (`action`s of content/shared/game.mh)
    Primitive("activate", (_p("figure", "figure"), _p("ability", "ability"),
                           _p("die", "number", doc="The face of the Team's free die placed on the Ability.")),
              "Place one of the Team's free dice showing `die` on the figure's Ability: the figure is the "
              "Active Character, and its turn begins (logged `activate`). In a kernel game (`game`): `die` is a free "
              "die, placed on the Ability card (docs/kernel.md, Dashboards).", ("team-turn", "game")),
    Primitive("forfeit-die", (_p("die", "number", doc="The face of the Team's free die spent."),),
              "One of the Team's free dice showing `die` is spent on nothing: the Team takes no turn with it "
              "(logged `die-forfeit`).", ("team-turn", "game")),
    Primitive("resolve-ability", (_p("ability", "ability"),
                                  _p("special", "bool", False, "Its special effect is used too."),
                                  _p("mayhem", "bool", False, "Its Mayhem effect is used too.")),
              "Use the Active Character's Ability: its standard effect, then the special and Mayhem effects "
              "asked for, as one effect whose `bonus`es apply first (logged `resolve` with the sections). In a "
              "kernel game: the Ability card's effects in declaration order, each named by a flag when it holds.",
              ("turn", "game")),
    Primitive("use-special", (_p("ability", "ability"),),
              "Use the Active Character's Special Ability: its `once` limit is spent, its effect runs "
              "(logged `special`). In a kernel game: a card of a card type that declares `once`, its effects "
              "in declaration order (docs/kernel.md, Dashboards).", ("turn", "game")),
    Primitive("use-token", (_p("token", "token"),),
              "The Active Character discards one token of this type it holds to its pool, and the token's "
              "effect runs for it (logged `use-token`).", ("turn", "game")),
    Primitive("complete-mission", (), "The Mission of this GO! card is fulfilled: reward, then a new card "
              "(`card-done()`: the zone `mission` sends it to its `done-to` and runs its `done-effect`).",
              ("mission",), stands_for=StandsFor("card-done")),
    Primitive("card-done", (),
              "The card in play whose effect runs is done: logged `ZONE-complete`, it goes to its zone's "
              "`done-to`, the zone's `done-effect` runs (the card's effect of that name), then its Team draws "
              "the next one from the zone's `draws-from`.", ("mission", "game")),
    Primitive("expire", (), "End the enclosing `until` block now (a one-shot effect)."),
    Primitive("end-game", (_p("winners", "player+|team|teams", doc="The Teams (or, in a game without Teams, the players) "
                              "that win: one wins; none or several is a draw."),
                           _p("reason", "string", doc="Why, as the log's end reason (`vp`, `double-ko` ...).")),
              "The game ends now: a single Team given wins, for that reason; none or several Teams is a "
              "draw (end reason `draw`). The game's `end when COND { ... }` says it.", ("rules", "game")),
    Primitive("draw-mayhem", (_p("count", "number", 1),),
              "Draw Mayhem cards into the acting Team's hand: the kernel's `draw(me, count)` (compiler/shorthand.py).",
              stands_for=StandsFor("draw", (("who", "ctx", "me"),), (("count", "count"),))),
    # the round of the shared rules (its phases, `round { }`, `round-end { }`: content/shared/game.mh)
    Primitive("place-figures", (_p("team", "team"), _p("on", "location+"),
                                _p("apart", "string", "team",
                                   "Where a figure may not go: `\"team\"`, where a figure of its Team stands "
                                   "(the default); `\"all\"`, where any figure stands; `\"none\"`.")),
              "Each figure of the Team that is off the board, in turn, is placed by its player on one of "
              "these Locations with an open Slot, not `apart`; on any such Location of the board when none "
              "is. Not a Move: nothing is entered.", ("rules", "game")),
    Primitive("return-figures", (_p("team", "team"), _p("to", "location+")),
              "Each figure of the Team taken off the board (KO'ed, or by an effect) and still in the game "
              "comes back: its player places it on one of these Locations with an open Slot (on any open "
              "Location when none has one), and it enters that Location.", ("rules", "game")),
    Primitive("put-figure", (_p("figure", "figure+"), _p("on", "location")),
              "Put figures on a Location, no player choosing (not a Move: nothing is entered).", ("rules", "game")),
    Primitive("offer-move", (_p("figure", "figure+"), _p("by", "team")),
              "The Team's first player may Move each of these figures on the board to an adjacent Location "
              "with an open Slot, or not.", ("rules", "game")),
    Primitive("announce-together", (_p("event", "string", doc="The event, one of the figure events: "
                                       "`\"recovery\"`."), _p("figures", "figure+")),
              "The event, once for each of the figures still on the board, in order, as one step whose "
              "effects happen at the same time: the game's `end when` is checked once, after them all.",
              ("rules", "game")),
    Primitive("draw-into", (_p("zone", "zone"), _p("of", "player|team", None,
                                                   "Whose pile: a Team (or a player, for their Team) for a "
                                                   "zone kept per team, a player for one kept per player "
                                                   "(default `me`); none for a zone of the table.")),
              "The holder draws the top card of the zone's `draws-from` into its zone (`in-play`), which runs "
              "the card's `enter-effect`: a Team into its zone kept per team; in a kernel game (`game`) a "
              "player into their zone kept per player too, and no one (no `of`) into a zone of the table, "
              "`me` of the effect the player acting.", ("rules", "game")),
    Primitive("card-window", (_p("timing", "string", doc="The cards' `timing`: `\"round-start\"`."),
                              _p("team", "team")),
              "A chance for the Team to play a card of this timing from its players' hands, for one of its "
              "figures on the board (`play CARD FIGURE` or `pass`, each player in turn): none once its "
              "`play-to` zone holds the game's `play-limit`; at most one card.", ("rules", "game")),
    Primitive("reset-limits", (_p("period", "string", doc="`\"round\"` or `\"turn\"`."),),
              "Every figure's limits of the period start again: what it may use once per round (or turn) "
              "and, for a round, the Abilities it has activated in it.", ("rules", "game")),
    Primitive("discard-tokens", (_p("when", "string", doc="The tokens' `discarded` value: `\"round-end\"`."),),
              "Every token on a figure whose type says `discarded WHEN` goes back to its pool.", ("rules", "game")),
)}
# the steps of a `setup { }` (compiler/builtins_setup.py)
PRIMITIVES.update(SETUP_PRIMITIVES)

FUNCTIONS: dict[str, Function] = {f.name: f for f in (
    Function("count", (_p("what", "figures|locations|edges|teams|token"), _p("on", "figure+|location+|edge+|team", None),
                       _p("of", "team", None)), "number",
             "How many: the members of a set, or the tokens of a type on a place (of a Team)."),
    Function("stack-bonus", (_p("token", "token"), _p("on", "location|figure"), _p("of", "team", None)), "number",
             "The +X Damage that the Activation which placed these tokens carried. In a kernel game: the "
             "bonuses of the Active figure's turn the stack was placed in (docs/kernel.md, \"What the turn did\")."),
    Function("open", (_p("location", "location"),), "bool", "The Location has a free Slot."),
    Function("empty", (_p("location", "location"),), "bool",
             "No figure, no Trap and no Obstacle on its edges: the rulebook's Empty."),
    Function("has-icon", (_p("location", "location"), _p("icon", "icon")), "bool",
             "The Location shows that icon."),
    Function("has", (_p("holder", "figure|location|edge|team"), _p("token", "token")), "bool",
             "At least one token of that type lies there."),
    Function("adjacent-to", (_p("where", "figure|location"),), "locations",
             "The Locations adjacent to a Location (or to a figure's Location)."),
    Function("location-of", (_p("figure", "figure"),), "location", "Where a figure stands."),
    Function("team-of", (_p("figure", "figure"),), "team", "The Team a figure belongs to."),
    Function("damage-on", (_p("figure", "figure"),), "number", "Damage a figure has taken."),
    Function("life", (_p("figure", "figure"),), "number", "A figure's Life Points."),
    Function("vp-of", (_p("team", "team"),), "number", "A Team's Victory Points: `value(vp, of: team)`.",
             stands_for=StandsFor("value", _VP, (("of", "team"),))),
    Function("all-ko-this-round", (_p("team", "team"),), "bool",
             "Every character of the Team was KO'ed this round and is still off the board."),
    Function("standing", (_p("team", "team"),), "bool",
             "The Team still has a character in the game (one KO'ed for good is out of it)."),
    Function("tagged", (_p("tag", "tag"),), "bool", "The event's effect carries the tag."),
    Function("same-location", (_p("a", "figure"), _p("b", "figure")), "bool", "Two figures share a Location."),
    Function("can-play", (_p("card", "card"), _p("timing", "string")), "bool",
             "The Mayhem card's `timing` is this one (`\"activation\"`) and its own `when` condition holds "
             "for `self`."),
    Function("can-move", (_p("figure", "figure"),), "bool",
             "The figure is on the board and may Move: no token it holds names a restriction that "
             "`stops [move]`."),
    # the turn's actions of the shared rules: domains and guards
    Function("abilities-of", (_p("figure", "figure"),), "abilities",
             "The Abilities of the figure's dashboard in use, in printed order (its Special Ability is "
             "`special-of`)."),
    Function("special-of", (_p("figure", "figure"),), "ability",
             "The Special Ability of the figure's dashboard in use (none without one)."),
    Function("slot-of", (_p("ability", "ability"),), "number",
             "The number on the Ability's Activation die slot (7 where it prints none: no die meets it)."),
    Function("activations", (_p("figure", "figure+"),), "number",
             "How many times the figure (or these figures, together) activated this round."),
    Function("activated", (_p("figure", "figure"), _p("ability", "ability")), "bool",
             "The figure activated this Ability this round."),
    Function("restricted", (_p("figure", "figure"), _p("what", "string")), "bool",
             "A token the figure holds `restricts` it so: `what` is a restriction the game declares "
             "(`restricted(self, \"move-or-ability\")`)."),
    Function("can-use", (_p("ability", "ability"),), "bool",
             "The Special Ability has an effect, its `once` limit is not spent, and its own `when` condition "
             "holds for `self`."),
    Function("tokens-on", (_p("where", "figure|location"), _p("of", "team", None)), "tokens",
             "The types of token lying on a figure or a Location (placed by that Team, if given), each once, "
             "in id order."),
    Function("flagged", (_p("token", "token"), _p("flag", "string")), "bool",
             "The token's declaration gives it this flag (`flagged(token, \"usable\")`)."),
    # the round of the shared rules
    Function("dice-total", (_p("of", "any"),), "any",
             "The sum of a Team's free dice; of a set of Teams, each Team's sum, in order: "
             "`lowest(dice-total(teams))`."),
    Function("coin-toss-between", (_p("set", "any"),), "team",
             "A coin toss between these Teams (a random pick when more than two): the one it gives "
             "(seeded, or forced by a scenario's `tosses`). `lead(...)` of it logs `coin_toss`."),
    Function("pick-at-random", (_p("set", "any"),), "team",
             "One of these Teams at random, as a coin toss picks (seeded, or forced by a scenario's "
             "`tosses`); no `coin_toss` in the log."),
    Function("next-team", (_p("team", "team"),), "team",
             "The Team after this one in seat order (clockwise) that is still playing."),
    Function("in-lead-order", (_p("set", "any"),), "any",
             "These Teams in seat order (clockwise), from the Team that leads the round."),
    Function("box-property", (_p("name", "string"),), "any",
             "A property of the box being played, as it prints it (`box-property(\"win-vp\")`); none when "
             "it prints none."),
    Function("bases-of", (_p("team", "team"),), "locations",
             "The Locations of the board that are the Team's Bases (`base TEAM`), in board order."),
    Function("corners", (), "locations", "The Locations of the board with the fewest neighbours."),
    Function("centre", (), "location", "The Location of the board nearest to every other."),
    Function("unowned-figures", (), "figures", "The figures in the game that no player controls."),
    # the game's own dice (rolled without `of`: `roll(mayhem)`), shown to all
    Function("shown-face", (_p("die", "string", doc="A die of the shared rules: `\"mayhem\"`."),), "number",
             "The number the game's own die shows (1 before its first roll). In a kernel game: its "
             "`effect-die` (or a die of a pool)."),
    Function("shows-icon", (_p("die", "string", doc="A die of the shared rules: `\"mayhem\"`."),), "bool",
             "The game's own die shows its icon (a face marked `*`), or counts as showing it this turn "
             "(`grant-icon`). In a kernel game: its `effect-die` (or a die of a pool), no `grant-icon` yet."),
    Function("on-board", (_p("figures", "figure+"),), "figures",
             "Those of the figures that stand on the board, in order."),
    Function("activated-this-round", (), "figures",
             "The figures that activated this round, in the order they did (one entry per activation), "
             "those still in the game: `last(activated-this-round())` is the last to activate."),
    Function("connected-without", (_p("location", "location"),), "bool",
             "The Locations in play stay one group if this one leaves play."),
    Function("open-without", (_p("location", "location"),), "bool",
             "Every other Location in play keeps an open side (an edge to another, no Obstacle on it) if this "
             "one leaves play."),
)}

# Names that an effect can read from where it runs. Which contexts see which name
# is CONTEXTS below.
CONTEXT_NAMES: dict[str, ContextName] = {c.name: c for c in (
    ContextName("self", "figure", "The character whose effect this is."),
    ContextName("holder", "figure", "The character holding this token."),
    ContextName("owner", "team", "The Team this token or Mission belongs to."),
    ContextName("here", "location", "The Location of `self` (of the token, of the Location itself)."),
    ContextName("adjacent", "locations", "The Locations adjacent to `here`."),
    ContextName("here-or-adjacent", "locations", "`here` and the Locations adjacent to it."),
    ContextName("anywhere", "locations", "Every Location on the board."),
    ContextName("active", "figure", "The Active Character."),
    ContextName("my-team", "team", "The Team acting."),
    ContextName("opposing-team", "team", "The other Team (every other Team in Free-For-All)."),
    ContextName("mayhem-die", "number", "The value of the Mayhem die: `shown-face(DIE)` of the game's `effect-die`.",
                stands_for=StandsFor("shown-face", _EFFECT_DIE)),
    ContextName("mayhem-icon", "bool", "The Mayhem die shows the Mayhem icon: `shows-icon(DIE)` of the game's "
                "`effect-die`.", stands_for=StandsFor("shows-icon", _EFFECT_DIE)),
    ContextName("activation-die", "number", "The value of the Activation die on this Ability."),
    ContextName("attack-target", "figure", "The figure this Activation attacked."),
    ContextName("free-move-available", "bool", "The Active Character has not used its free Move."),
    ContextName("chosen-ability", "ability", "The Ability the Active Character's Activation die is on."),
    ContextName("ability-used", "bool", "The Active Character has used its chosen Ability this turn."),
    ContextName("moved", "bool", "The Active Character took the turn's `move` action."),
    ContextName("monster-life", "number", "The Monster's Life Points printed on this GO! card."),
    ContextName("my-hand", "cards", "The Mayhem cards in the hand of the player acting, in id order."),
    ContextName("card-played", "bool", "The Team acting has played its Mayhem card of the round."),
    ContextName("pending", "number", "The Damage about to be dealt (in `damage` and `attack` triggers)."),
    ContextName("leading-team", "team", "The Team that leads the round (none before the first `lead`)."),
    ContextName("win-vp", "number", "The Victory Points that win the game: the box's `win-vp` "
                "(`box-property(\"win-vp\")`).",
                stands_for=StandsFor("box-property", (("name", "str", "win-vp"),))),
)}

_COMMON = ("my-team", "opposing-team", "mayhem-die", "mayhem-icon", "anywhere", "active",
           "free-move-available")
_SELFISH = _COMMON + ("self", "here", "adjacent", "here-or-adjacent")

CONTEXTS: dict[str, tuple[str, ...]] = {
    "ability": _SELFISH + ("activation-die", "attack-target"),
    "card": _SELFISH,
    "token": _SELFISH + ("holder", "owner"),
    "location": _COMMON + ("here", "adjacent", "here-or-adjacent"),
    "mission": _COMMON + ("owner", "monster-life"),
    "npc": _SELFISH,
    "rules": _COMMON + ("teams", "round", "leading-team", "win-vp"),
    "turn": _SELFISH + ("my-hand", "card-played", "activation-die", "chosen-ability", "ability-used", "moved"),
    "team-turn": _COMMON + ("teams", "round"),
    "setup": ("teams",),
    "keyword": tuple(CONTEXT_NAMES),  # checked at each call site instead
    "game": ("me", "this-card", "amount", "players", "turn-player", "teams", "round", "spaces", "self",
             "holder", "here", "adjacent", "here-or-adjacent", "anywhere", "my-team", "opposing-team", "leading-team",
             "owner", "active",  # and what the turn did (runtime/kernel/record.py):
             "chosen-ability", "activation-die", "ability-used", "attack-target", "my-hand", "card-played"),
}
# the acting figure's free Move, read in a game's effects too (compiler/builtins_movement.py)
CONTEXTS["game"] += ("free-move-available", "moved")

CONTEXT_DOCS = {
    "ability": "Abilities and Special Abilities: `self` is the character.",
    "card": "Mayhem cards: `self` is the character the card is played for.",
    "token": "Token triggers and uses: `holder` (and `self`) is the character holding it; "
             "`here` is where it lies; `owner` is its Team.",
    "location": "Location triggers: `here` is the Location itself.",
    "mission": "GO! cards: `owner` and `my-team` are the Team that picked the card.",
    "npc": "Free-For-All non-player figures: `self` is the figure.",
    "rules": "The triggers, the `round { }` and the `end when` of the game the Mayhem boxes share "
             "(`content/shared/game.mh`, and a mode's `end when`): `my-team` is the Team of the figure the "
             "event is about; `teams` are every Team, in seat order; `win-vp` is the box's.",
    "turn": "The actions of the Active Character's turn, declared by the game the Mayhem boxes share "
            "(`content/shared/game.mh`): `self` is the Active Character, `here` and `adjacent` where it stands.",
    "team-turn": "The action that starts a Team's turn in the game the Mayhem boxes share (`starts-turn`: "
                 "`place-die`): `my-team` is the Team whose turn it is; no Character is Active yet.",
    "setup": "The `setup { }` of the game the Mayhem boxes share (`content/shared/game.mh`) and a mode's own, "
             "its steps run once, in order, before the first round: `teams` are every Team, in seat order.",
    "keyword": "Keywords run in the context of whoever uses them.",
    "game": "Games of the rules kernel (card types, actions, turns): `me` is the player acting, "
            "`this-card` the card being resolved, `amount` the value of the symbol resolved; `here`, "
            "`adjacent` and the like are relative to the figure the effect is for, `my-team` to `me`.",
}

# What a selector can range over: `one opponent in here`.
SELECTOR_KINDS: dict[str, tuple[str, str]] = {
    "character": ("figure", "A playable character."),
    "opponent": ("figure", "A character of an opposing Team."),
    "friend": ("figure", "A character of the acting Team, `self` included."),
    "teammate": ("figure", "A character of the acting Team other than `self`."),
    "foe": ("figure", "What an Attack can hit: an opposing character, an attackable token of the acting "
                      "Team's Mission, or a non-player figure."),
    "figure": ("figure", "Any figure: characters, non-player figures and attackable tokens."),
    "location": ("location", "A Location."),
    "edge": ("edge", "The border between two adjacent Locations (`in` gives the Locations it touches)."),
    "team": ("team", "A Team in the game, in seat order (`in` does not apply)."),
}

# Relations usable on the right of `is`: `figure is opponent`.
RELATIONS = {k: doc for k, (t, doc) in SELECTOR_KINDS.items() if t == "figure"}

# The Mayhem events (`on ko`, `on attack`, ...) are no table here: `game mayhem` declares every
# one (content/shared/game.mh, its `event`s), the IR carries them, and a collection without that
# game hears those the toolchain's own game.mh declares (compiler/mayhem_events.py).

# Names a `when`/`until` may end on: the end of the turn, of the round, or of the next turn
# of the character the effect is for (`self`: it needs one).
UNTIL_EVENTS = ("turn-end", "round-end", "next-turn-end")

# The events a primitive can set off, for the effect graph (trigger loops, reach).
EMITS: dict[str, tuple[str, ...]] = {
    "attack": ("attack", "damage", "damaged", "ko"),
    "damage": ("damage", "damaged", "ko"),
    "move-figure": ("move", "enter"),
    "place-figure": ("enter",),
    "return-figures": ("enter",),
    "offer-move": ("move", "enter"),
    "roll-mayhem-die": ("mayhem-roll",),
    "reroll-dice": ("mayhem-roll",),
}
