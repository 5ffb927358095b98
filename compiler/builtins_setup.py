"""The setup's words: the statements of the `setup { }` of the rules the Mayhem boxes share
(`game mayhem`, content/shared/game.mh) and of a mode's own `setup { }`, which replaces it
(content/shared/modes.mh). They run once, in order, before the first round (context
`setup`); each is a step a game of Teams on a board of tiles could take, named for what it
does: Teams formed from the seats, a draft, sides chosen, a board laid from rows, pools
filled, a deck shuffled, hands drawn, zones filled. `runtime/setup_words.py` plays them.

What a step reads that is a number of the mode or the box stays a property, read by the
step: the seats (the mode's `seats`), the rows of the board (the mode's `board`, else the
box's), the cards drawn (the mode's `hand-draw`, else the box's)."""
from __future__ import annotations

from .vocabulary_types import Primitive, _p

SETUP = ("setup",)

SETUP_PRIMITIVES: dict[str, Primitive] = {p.name: p for p in (
    Primitive("form-teams", (_p("names", "string", None,
                                "`\"chosen\"`: with two Teams, the first player chooses which of the two names "
                                "is their Team's, the other Team takes the other; `\"in-order\"`: in seat order (the default)."),),
              "The seats form the mode's Teams (its `seats`: per Team, per player, the characters each "
              "controls), named by the game's `team-names` when there are as many, else after their first "
              "player (`p1`, `p2`, ...). A game given its Teams (team lists, `teams`) asks no name. In a kernel "
              "game's `setup { }`: the Teams are the table's (`teams N`); with `names: \"chosen\"` and two Teams "
              "the first player chooses which is theirs (`colour TEAM`).", SETUP + ("game",)),
    Primitive("draft", (_p("exclude", "string", None,
                           "`\"unowned\"`: the character of the box's figure that nobody controls (its `npc`) "
                           "may not be picked; `\"none\"` (the default): every character may."),),
              "The players pick the box's characters one at a time, in seat order, until each has as many as "
              "their seat says; a picked one is gone. A game given its Teams (team lists, `teams`) takes "
              "them instead. In a kernel game's `setup { }`: the figures that are cards are picked so "
              "(`pick CARD`), each for its player or Team, rather than dealt.", SETUP + ("game",)),
    Primitive("take-team-lists", (),
              "Each Team's characters are its team list's (any box, `mayhem team check`), in place of a "
              "draft; the hand the list chose is taken out of the deck by `shuffle-deck()`, and no hand is "
              "drawn. A game given no team lists is an error. In a kernel game's `setup { }`: the figures' cards "
              "are the ones the configuration lists (`dashboards`).", SETUP + ("game",)),
    Primitive("choose-sides", (),
              "Each player, in seat order, chooses the side of each double-sided dashboard they took (unless "
              "the game is given it), and each character comes into the game with its Life. In a kernel game's "
              "`setup { }`: each figure whose card has sides (its card type's `sides`), in the order dealt, "
              "takes the side its player chooses (`side FIGURE SIDE`), its counters and parts read from it.",
              SETUP + ("game",)),
    Primitive("add-unowned-figure", (),
              "The box's figure that nobody controls (the first `npc` in id order) comes into the game, off "
              "the board: the round puts it on the board (`put-figure(unowned-figures(), ...)`). In a kernel "
              "game: the figures of each kind flagged `unowned` (`count`, on its first `start` space).",
              SETUP + ("game",)),
    Primitive("lay-board", (_p("face-down-slots", "number", 0,
                               "Lay the tiles face down: each has this many Slots and no effect, icon or "
                               "printed slot (0: face up, as printed)."),),
              "The box's Locations, shuffled, laid in rows: the mode's `board`, else the box's `board` "
              "(3-4-3 by default); tiles left over stay in the box. In a kernel game's `setup { }`: the "
              "`board`'s tiles laid as `lay-tiles()` lays them, on the mode's or the box's `board` rows, else "
              "its `layout`.", SETUP + ("game",)),
    Primitive("fill-pools", (_p("owner", "string", None,
                                "Whose a placed piece is: `\"placer\"` (the default), the Team that places it; `\"none\"`, "
                                "no Team's (communal: it acts against every figure, its placer's too)."),),
              "Every pool of the board's box (and the pools that characters of other boxes bring) is filled; "
              "a counter kept as a pool's pieces sets them out, and a pool's `pile-on` pieces lie face down, "
              "shuffled, in the game's `pile-to` zone on that Location (unless the mode leaves the zone out). "
              "In a kernel game the pools are laid with the table (so a scenario has them); `owner: \"none\"` "
              "makes every piece no one's.", SETUP + ("game",)),
    Primitive("shuffle-deck", (),
              "The zone the game draws from (its `draw-from`) is the box's cards (only those the mode's "
              "`cards-with` flags), shuffled. Hands chosen before the game (team lists, a first game's "
              "hands) are taken out of it. In a kernel game's `setup { }`: the `draw-from` zone's cards as "
              "dealt, shuffled (each player's or Team's pile).", SETUP + ("game",)),
    Primitive("draw-hands", (),
              "Each player draws the mode's `hand-draw` for their seat (else the box's `hand-draw`), every "
              "player before any discards; then each keeps up to their `hand-limit` and puts the rest at "
              "the bottom of the deck. A game whose hands were chosen draws none. In a kernel game's `setup { }`: "
              "the counter kept down to is the one the game's `hand-limit` names.", SETUP + ("game",)),
    Primitive("fill-zones", (),
              "Every zone that `starts-with` a card type takes the box's cards of that type (shuffled if "
              "`shuffled`); a zone the mode leaves out is not filled.", SETUP + ("game",)),
)}

# the string arguments of the steps that name one of a fixed set (checked: E402)
SETUP_CHOICES = {("form-teams", "names"): ("in-order", "chosen"), ("draft", "exclude"): ("none", "unowned"),
                 ("fill-pools", "owner"): ("placer", "none")}

# A game that declares no setup (content without `game mayhem`) plays these steps, in order.
DEFAULT_STEPS = (("form-teams", {"names": "chosen"}), "draft", "choose-sides", "lay-board", "fill-pools", "shuffle-deck", "draw-hands",
                 "fill-zones")

# What a step needs done before it: the Teams before a draft, figures before their hands, a board
# before its pools (a pool's pile lies on a Location), a deck before the hands drawn from it. A
# setup must form the Teams, bring their figures in and lay the board: the round needs all three.
NEEDS_BEFORE = {"draft": ("form-teams",), "take-team-lists": ("form-teams",),
                "choose-sides": ("draft", "take-team-lists"), "fill-pools": ("lay-board",),
                "shuffle-deck": ("choose-sides",), "draw-hands": ("shuffle-deck",)}
REQUIRED_STEPS = ("form-teams", "choose-sides", "lay-board")


def order_problems(steps: list[str]) -> list[tuple[int | None, str, str]]:
    """The steps of a `setup { }` (its top-level statements, in order) that come before what they
    need, and the steps it lacks: (index of the step or None, message, hint).

    >>> order_problems(["form-teams", "choose-sides", "draft", "lay-board"])
    [(1, "setup step 'choose-sides' needs 'draft' (or 'take-team-lists') before it", "move 'choose-sides' after 'draft'")]
    >>> order_problems(["form-teams", "draft", "choose-sides"])
    [(None, "the setup has no 'lay-board()'", "add 'lay-board()': the round needs the Teams, their figures and the board")]
    """
    out: list[tuple[int | None, str, str]] = []
    done: set[str] = set()
    for i, step in enumerate(steps):
        needs = NEEDS_BEFORE.get(step, ())
        if needs and not done & set(needs):
            also = "".join(f" (or '{n}')" for n in needs[1:])
            out.append((i, f"setup step '{step}' needs '{needs[0]}'{also} before it",
                        f"move '{step}' after '{needs[0]}'" if needs[0] in steps else f"add '{needs[0]}()' before it"))
        done.add(step)
    for step in REQUIRED_STEPS:
        if step not in done:
            out.append((None, f"the setup has no '{step}()'",
                        f"add '{step}()': the round needs the Teams, their figures and the board"))
    return out


def check_hand_limit(game, diags) -> None:
    """A game's `hand-limit` (the counter `draw-hands()` keeps a hand down to) names one of its
    counters kept per player."""
    from mayhem.dsl.diagnostics import did_you_mean
    pv = game.props.get("hand-limit")
    counters = [c.id for c in game.children if c.kind == "counter" and c.prop("per") == "player"]
    if pv is not None and pv.value not in counters:
        diags.error("E301", f"'hand-limit {pv.value}' names no counter of the game kept per player", pv.span,
                    hint=did_you_mean(pv.value, counters) or f"counters kept per player: {', '.join(counters) or 'none'}")
