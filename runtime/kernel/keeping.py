"""The setup's and the round's keeping steps of the shared vocabulary, played in general terms: Teams formed, a deck shuffled, an event raised for many figures at once, limits reset, pieces discarded.

These are the words a game's `setup { }`, `round-end { }` or phases say in the shared rules
(compiler/builtins_setup.py, compiler/builtins.py), with the same parameters:

- `form-teams(names:)`: the Teams are the table's (`teams N`, `team-seats`: setup.py forms
  them from the seats); with `names: "chosen"` and two Teams, the first player chooses which
  of the two is theirs (`colour TEAM`, the other engine's question's form): choosing the other
  one swaps the two Teams' players, so each Team keeps its id, its zones, counters, pieces and
  Bases, and the first player's Team is the one chosen. A configuration that names the Teams'
  cards (`KernelConfig.dashboards`) asks nothing.
- `take-team-lists()`: the figures that are cards are the ones the configuration lists
  (`dashboards`), dealt with the table; none given is an error.
- `lay-board(face-down-slots:)`: the board's tiles laid (`lay-tiles()`), on the rows of
  `setting(rules, "board")`; face down with `face-down-slots: N`.
- `shuffle-deck()`: the zone the game draws from (`draw-from`), each holder's pile, shuffled
  with the game's seeded generator (logged `shuffle`); then the hands chosen before the game
  are taken out of it into the `draw-to` zone (`chosen_hands`): a first game's
  (`KernelConfig.first_game`: the box's `first-game` preset, each figure's cards to the player
  who controls it) or the Teams' lists' (`KernelConfig.hands`, the Team's first player's).
- `fill-zones()`: each zone that `starts-with` a card type (or a list of them) takes the box's
  cards of it, each as many as its `copies` (new card instances, the holder's), shuffled if the
  zone says `shuffled`.
- `fill-pools(owner:)`: the pools are laid with the table (pieces.py), so that a scenario has
  them; with `owner: "none"` (read at load: `communal`) every piece is no one's.
- `draw-hands()`: each player draws their seat's `hand-draw` (the mode's, else the box's: `setting`),
  then discards down to the counter the game's `hand-limit` names, to the bottom of the deck;
  nothing when the hands were chosen before the game (a first game's, the lists').
- `announce-together(event, figures)`: the game's event (named as a string: one it declares,
  with a field `figure`) raised once for each of the figures still standing on a space, in
  order, as one step whose effects happen at the same time: the end is not checked while they
  resolve (not even after a knock-out, damage.py), once after them all.
- `reset-limits(period)`: the once-per limits of that period (`"turn"` or `"round"`) start
  again now: the spent limits of triggers (listeners.py) and the parts used (dashboards.py).
- `discard-tokens(when)`: the pieces whose token is `discarded WHEN` go back to their pools
  now (pieces.discard_due), rather than after the structure event's triggers.

`setting(rules, name)` is the one place the setup reads a number the mode or the box prints
(the mode's property, else the box's, else the game's)."""
from __future__ import annotations

from operator import itemgetter

from .compile import _as_list
from .rules import KernelError
from .writers import moved, teams_written
from .filling import _fill, fill_zones  # noqa: F401 - the zones' fill (named here as before)

PERIODS = {"turn": "turn-end", "round": "round-end"}
_part = itemgetter(0)  # a use's part (specials.py: (part, turn, round))


def setting(rules, name: str, default=None):
    """What the mode being played (`rules.mode`, when the game is loaded with one: read by
    modes.mode_prop), else the box, else the game prints for `name`; `default` when none does."""
    from .modes import mode_prop
    found = mode_prop(rules, name)
    if found is not None:
        return found
    for props in (rules.box_props, rules.game.get("props", {})):
        found = props.get(name)
        if found is not None:
            return found["value"] if isinstance(found, dict) and "value" in found else found
    return default


def form_teams(run, env, names=None) -> None:
    """`form-teams(names:)`: the module's docstring; logged `teams` with each Team's players."""
    state = run.state
    if not state.teams:
        raise KernelError("form-teams(): the game has no Teams: declare `teams N` in the game")
    if names not in (None, "in-order", "chosen"):
        raise KernelError(f"form-teams(names: {names!r}): \"chosen\" or \"in-order\"")
    ids = list(state.teams)
    if names == "chosen" and len(ids) == 2 and not getattr(run.game.config, "dashboards", None):
        first = state.active if state.active in state.players else state.players[0]
        options = [f"colour {t}" for t in ids]
        chosen = ids[options.index(run.ask(first, "colour", "choose your Team", options))]
        if first not in state.teams[chosen]:  # the other Team's players become the first Team's
            a, b = ids
            state.teams[a], state.teams[b] = state.teams[b], state.teams[a]
            state.team_next[a], state.team_next[b] = state.team_next[b], state.team_next[a]
            teams_written(state)
    state.log.append({"event": "teams", "teams": {t: list(m) for t, m in state.teams.items()}})



def lay_board(run, env, face_down_slots=None) -> None:
    """`lay-board(face-down-slots:)`: the tiles laid as `lay-tiles()` lays them (layout.py), on
    the rows the mode or the box prints (`board [4, 3, 2, 1]`, read at load: `setting`), else
    the `board` declaration's `layout`; with `face-down-slots: N` (N > 0) face down: every tile
    holds N figures and prints nothing else (no Base, icon or trigger: layout.tile_property)."""
    from .layout import lay_tiles
    if run.rules.layout is None:
        raise KernelError("lay-board(): the game declares no `board` to lay")
    lay_tiles(run, env)
    down = int(face_down_slots or 0)
    if down < 0:
        raise KernelError(f"lay-board(face-down-slots: {down}): a number of Slots, 0 or more")
    if down:
        run.state.board["down"] = down
        run.state.log[-1]["face-down-slots"] = down


def take_team_lists(run, env) -> None:
    """`take-team-lists()`: the figures that are cards are those the Teams' lists name (the
    configuration's `dashboards`, a scenario's: dealt with the table, dashboards.deal_figures),
    in place of a draft or a seeded deal; a game given no lists is an error. Logged `team-lists`."""
    state = run.state
    if run.rules.dash is None:
        raise KernelError("take-team-lists(): the game has no figures that are cards to take from lists")
    if not getattr(run.game.config, "dashboards", None):
        raise KernelError("take-team-lists(): the figures' cards come from the Teams' lists: give them "
                          "(KernelConfig.dashboards, a scenario's `dashboards`)")
    listed: dict = {}
    for figure, fig in state.figures.items():
        if fig.get("card") is not None:
            listed.setdefault(fig["owner"], []).append(figure)
    state.log.append({"event": "team-lists", "figures": listed})


def shuffle_deck(run, env) -> None:
    """`shuffle-deck()`: each pile of the game's `draw-from` zone, shuffled (seeded)."""
    from .piles import _role, shuffle
    zone = _role(run, "draw-from", "shuffle-deck")
    state = run.state
    per = run.rules.zones[zone].per
    holders = {"player": state.players, "team": list(state.teams)}.get(per) if per else None
    if per and holders is None:
        raise KernelError(f"shuffle-deck(): the `draw-from` zone '{zone}' is kept per {per}: a deck is one "
                          "pile, or one per player or Team")
    decl = next(c for c in run.rules.game["children"] if c["kind"] == "zone" and c["id"] == zone)
    if "starts-with" in decl["props"]:  # the box's cards of that type, as many as the mode keeps
        from .modes import mode_prop
        _fill(run, zone, decl["props"]["starts-with"]["value"], False, mode_prop(run.rules, "cards-with"))
    shuffle(run, env, zone, of=holders)
    state.log.append({"event": "shuffle", "zone": zone})
    chosen_hands(run, zone)


def chosen_hands(run, deck: str) -> None:
    """The hands chosen before the game, out of the deck `deck` (shuffle-deck): with
    `first_game`, the box's `first-game` preset (its figures' card ids: the player who controls
    each figure, else its Team's first player, holds them); with `hands` (by player or Team, card
    ids or `box/id`), the Team's first player holds a Team's. A card not in the deck is left out,
    but for a list's card of another box naming the same game (a list's hand is chosen from the
    whole collection), which the game holds (collection.py): dealt to the hand, a new card."""
    from .piles import _role, move
    rules, state, config = run.rules, run.state, run.game.config
    wanted: dict[str, list[str]] = {}
    if getattr(config, "first_game", False):
        for figure, fig in state.figures.items():
            owner = fig.get("player") or fig.get("owner")
            if owner is not None and fig.get("card") is not None:
                holder = owner if owner in state.players else state.teams[owner][0]
                wanted.setdefault(holder, []).extend(rules.first_game.get(figure, ()))
    for who, ids in (getattr(config, "hands", None) or {}).items():
        holder = who if who in state.players else state.teams[who][0]
        wanted.setdefault(holder, []).extend(ids)
    if not wanted:
        return
    hand = _role(run, "draw-to", "shuffle-deck")
    others = {q for b in rules.brought.values() for q in b["cards"]}  # other boxes' cards: no deck holds them
    for player, ids in wanted.items():
        for ref in ids:
            card_id = ref.rsplit("/", 1)[-1]
            uid = next((u for z, pile in state.zones.items() if z == deck or z.startswith(f"{deck}/")
                        for u in pile if run.game.card_id(u) == card_id), None)
            if uid is None and ref in others:  # a new card of the game, in the deck's pile until it moves
                per = rules.zones[deck].per
                pile = deck if not per else f"{deck}/{state.team_of(player) if per == 'team' else player}"
                uid = len(state.cards)
                state.cards.append(ref)
                state.owners.append(player)
                state.places.append(pile)
                state.zones.setdefault(pile, []).append(uid)
                moved(state)
            if uid is not None:
                move(run, uid, hand, player)


def seat_value(state, given, player: str):
    """A number printed per seat (`hand-draw [[4, 4], [7]]`: per Team in order, per player of it
    in seat order; a Team whose players were swapped with another's reads the row of its number
    of players), or one number for every seat, for this player."""
    if not isinstance(given, list):
        return given
    team = state.team_of(player)
    if team is None:  # no Teams: one list of one number per seat
        row, at = given, state.players.index(player)
        return row[at] if at < len(row) and not isinstance(row[at], list) else (row[at][0] if at < len(row) else None)
    row = given[list(state.teams).index(team)] if list(state.teams).index(team) < len(given) else []
    size = len(state.teams[team])
    if isinstance(row, list) and len(row) != size:  # the Teams' players swapped (`form-teams(names: "chosen")`):
        row = next((r for r in given if isinstance(r, list) and len(r) == size), row)  # the row of its shape
    at = state.teams[team].index(player)
    return row[at] if isinstance(row, list) and at < len(row) else None


def draw_hands(run, env) -> None:
    """`draw-hands()`: each player draws the `hand-draw` the mode (for their seat) or the box
    prints, every player before any discards; then each player whose hand holds more cards than
    their counter named by the game's `hand-limit` discards down to it (`discard CARD`, asked), the
    cards given back going to the bottom of the `draw-from` zone."""
    from .piles import _role, deal_round, draw, move
    rules, state = run.rules, run.state
    if getattr(run.game.config, "first_game", False) or getattr(run.game.config, "hands", None):
        return  # the hands were chosen before the game (chosen_hands)
    given = setting(rules, "hand-draw")
    if given is None:
        raise KernelError("draw-hands(): neither the mode nor the box prints a `hand-draw`")
    wants = {p: int(seat_value(state, given, p) or 0) for p in state.players}
    for player in state.players if not deal_round(run, env, wants) else ():  # a short deck: round the table
        if wants[player]:
            draw(run, env, player, wants[player])
    limit = rules.game["props"].get("hand-limit", {}).get("value")
    if limit is None:
        return
    if limit not in rules.counters or rules.counters[limit].per != "player":
        raise KernelError(f"game '{rules.game['id']}': `hand-limit {limit}` names no counter kept per player")
    hand, deck = _role(run, "draw-to", "draw-hands"), _role(run, "draw-from", "draw-hands")
    from .primitives import get_value
    given_back = 0
    for player in state.players:
        keep = get_value(run, limit, player)
        pile = state.zones[state.zone_key(hand, player)]
        while len(pile) > keep:
            ids = sorted(dict.fromkeys(run.game.card_id(u) for u in pile))
            texts = [f"discard {i}" for i in ids]
            picked = run.ask(player, "discard", f"discard down to {keep}", texts)
            uid = next(u for u in pile if run.game.card_id(u) == ids[texts.index(picked)])
            move(run, uid, deck, player)  # at the bottom of the deck: every player drew already
            given_back += 1
    if given_back:
        state.log.append({"event": "discard-down", "cards": given_back})


def communal(rules) -> bool:
    """Whether the game's setup says `fill-pools(owner: "none")` (a top-level statement): the
    pools' pieces are laid with the table, no one's (pieces.setup_pieces reads it once per rules,
    so a scenario, which starts after the setup, has them too, as the other engine's does)."""
    for stmt in rules.slots.get("setup", []):
        if stmt.get("op") == "primitive" and stmt.get("name") == "fill-pools":
            return ((stmt["args"].get("owner") or {}).get("v")) == "none"
    return False


def fill_pools(run, env, owner=None) -> None:
    """`fill-pools(owner:)`: the pools are laid with the table (setup.py, pieces.setup_pieces:
    each pool's count, a `pile-on` pool's face down and shuffled on its space), before any step
    of the setup, so that a scenario has them; what this step says, its `owner`, is read there
    (`communal`: with `"none"` every piece lies in the pools zone's one shared pile, a zone kept
    per Team too, and no token's pieces are a Team's own). The pools another box brings
    (collection.py) stay only when a figure of that box plays (its figures bring its pieces; the
    pieces of the others stay in their box): the others' pieces are set aside."""
    if owner not in (None, "placer", "none"):
        raise KernelError(f"fill-pools(owner: {owner!r}): \"placer\" or \"none\"")
    pieces, state = run.rules.pieces, run.state
    if pieces is None:
        return  # a game without pools fills none
    _set_aside_unbrought(run.rules, state)
    laid = sum(1 for zone in (pieces.pool_zone,) if zone for key in state.zones
               if key == zone or key.startswith(zone + "/") for _ in state.zones[key])
    state.log.append({"event": "fill-pools", "pieces": laid, **({"owner": "none"} if owner == "none" else {})})


def _set_aside_unbrought(rules, state) -> None:
    """The pieces of the pools of each other box none of whose figures plays, out of the game
    (the kernel's `set-aside` zone, as a scenario's cards out of the game)."""
    playing = {fig.get("card") for fig in state.figures.values()}
    absent = {q for b in rules.brought.values() if not b["cards"] & playing
              for pool in b["pools"] for q in rules.pieces.fed.get(pool, ())}
    if not absent:
        return
    aside = state.zones.setdefault("set-aside", [])
    for key, pile in state.zones.items():
        if key != "set-aside" and any(state.cards[u] in absent for u in pile):
            for uid in [u for u in pile if state.cards[u] in absent]:
                pile.remove(uid)
                aside.append(uid)
                state.places[uid] = "set-aside"
    moved(state)


def announce_together(run, env, event, figures) -> None:
    """`announce-together(event, figures)`: the module's docstring."""
    hearing = run.rules.hearing
    spec = hearing.events.get(event) if hearing is not None else None
    if spec is None:
        raise KernelError(f"announce-together({event!r}, ...): no event '{event}' in the game; events: "
                          + (", ".join(hearing.events) if hearing is not None and hearing.events else "none"))
    state, game = run.state, run.game
    landers = hearing.landers  # (the event raised for them all by one function: landers.Landers.together)
    together = landers.together(event) if landers.__class__ is Landers else None
    game._held = True  # at the same time: the end checked once, after them all (steps.check_end)
    try:
        if together is not None:
            if together(run, env, _as_list(figures)):
                return  # a raise ended the game
        else:  # (landers of another kind, a test's: each raise through them)
            for figure in _as_list(figures):
                fig = state.figures.get(figure)
                if fig is None or fig.get("space") is None or fig.get("out"):
                    continue  # off the board, or knocked out
                landers[event](run, env, 0, {"var:figure": figure}, (), True)
                if state.result is not None:
                    return
    finally:
        game._held = False
    game.check_end(run)


def reset_limits(run, env, period) -> None:
    """`reset-limits(period)`: the module's docstring; logged `reset-limits`."""
    until = PERIODS.get(period)
    if until is None:
        raise KernelError(f"reset-limits({period!r}): \"turn\" or \"round\"")
    state = run.state
    if any(t["event"] == "spent" and t.get("until") == until for t in state.triggers):
        state.triggers = [t for t in state.triggers if not (t["event"] == "spent" and t.get("until") == until)]
    dash, cards = run.rules.dash, run.rules.cards
    if dash is not None:  # (a figure's uses only grow: those of parts not used once per this period are
        limited, qids = _once_per(run.rules, period), state.cards  # looked at in C, and the uses made anew
        for fig in state.figures.values():  # only where one of them is)
            used = fig.get("used")
            if used and not limited.isdisjoint(map(qids.__getitem__, map(_part, used))):
                fig["used"] = tuple([m for m in used if cards[qids[m[0]]].props.get("once") != period])
    state.log.append({"event": "reset-limits", "period": period})


def _once_per(rules, period: str) -> frozenset:
    """The cards (qids) printed `once per PERIOD`, read once per rules."""
    kept = rules.__dict__.setdefault("_once_per", {})
    if period not in kept:
        kept[period] = frozenset(q for q, card in rules.cards.items() if card.props.get("once") == period)
    return kept[period]


def discard_tokens(run, env, when) -> None:
    """`discard-tokens(when)`: the pieces discarded `when` (`"turn-end"`, `"round-end"`), back now."""
    if when not in ("turn-end", "round-end"):
        raise KernelError(f"discard-tokens({when!r}): \"turn-end\" or \"round-end\"")
    if run.rules.pieces is not None:
        discard_due(run.game, run, when)


PRIMITIVES = {"form-teams": form_teams, "take-team-lists": take_team_lists, "lay-board": lay_board,
              "fill-pools": fill_pools, "shuffle-deck": shuffle_deck, "draw-hands": draw_hands, "fill-zones": fill_zones,
              "announce-together": announce_together, "reset-limits": reset_limits, "discard-tokens": discard_tokens}


# -- imported here, once: at the end, as these modules import this one's names (cycles)
from .landers import Landers  # noqa: E402
from .discards import discard_due  # noqa: E402
