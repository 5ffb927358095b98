"""The table a kernel game starts from: seats, dealt decks, Teams, figures, zones and counters.

The seats are in turn order, each deck dealt to its player's zone; every zone and counter is
set, and the first player named."""
from __future__ import annotations

from .board import setup_figures
from .kept import shuffle_piles
from .pieces import setup_pieces
from .rules import KernelError
from .writers import teams_written

_TABLES: dict[tuple, tuple] = {}  # (rules' id, seats, decks) -> (the rules, the table dealt)


def setup_table(game) -> None:
    """The table (setup.py's docstring). What does not depend on the seeded generator, the
    seats to the decks dealt, is built once per rules, number of players and decks, and
    copied for each game after (a random bot's game is short: building it was 4% of it)."""
    rules, state, config = game.rules, game.state, game.config
    decks = _decks(rules, state, config)
    key = (id(rules), config.players, tuple(decks))
    hit = _TABLES.get(key)
    fresh = not any(getattr(state, name) for name in _FIELDS)  # a new State (as a game starts)
    if fresh and hit is not None and hit[0] is rules:
        _copy_table(hit[1], state)
    else:
        _deal(rules, state, config, decks)
        if fresh:
            if len(_TABLES) > 256:  # many boxes and deck choices in one process: keep it small
                _TABLES.clear()
            _TABLES[key] = (rules, _copy_table(state, None))
    teams_written(state)  # each player's Team, kept (state.team_of)
    if rules.pieces is not None:  # face-down piles, shuffled for this game
        shuffle_piles(rules, state)
    if rules.dash is not None:  # figures that are cards, dealt seeded: not part of the table kept
        from .dashboards import deal_figures
        deal_figures(game)
    _first_player(rules, state)


_FIELDS = ("players", "teams", "team_next", "figures", "zones", "counters", "decks", "cards", "owners", "places")


def _copy_table(source, target):
    """The table's parts of `source` (a State, or the tuple kept) copied into `target` (a
    State), or into a new tuple kept apart when `target` is None."""
    if not isinstance(source, tuple):
        source = tuple(getattr(source, name) for name in _FIELDS)
    players, teams, team_next, figures, zones, counters, decks, cards, owners, places = source
    copied = (players[:], dict(zip(teams, map(list.copy, teams.values()))), team_next.copy(),
              dict(zip(figures, map(dict.copy, figures.values()))), dict(zip(zones, map(list.copy, zones.values()))),
              counters.copy(), decks.copy(), cards[:], owners[:], places[:])
    if target is None:
        return copied
    for name, value in zip(_FIELDS, copied):
        setattr(target, name, value)
    return target


def _decks(rules, state, config) -> list[str]:
    """The decks of the players, in seat order: the configured ones or a seeded choice."""
    decks = list(config.decks)
    if not decks and rules.decks:
        gen = state.random()
        decks = gen.sample(sorted(rules.decks), min(config.players, len(rules.decks)))
        state.keep(gen)
    return decks


def _deal(rules, state, config, decks: list[str]) -> None:
    state.players = [f"p{i + 1}" for i in range(config.players)]
    if rules.turn_order == "counterclockwise":
        state.players = [state.players[0]] + list(reversed(state.players[1:]))
    for deck in decks:
        if deck not in rules.decks:
            raise KernelError(f"no deck '{deck}' in box '{rules.box}'; decks: " + ", ".join(sorted(rules.decks)))
    if rules.decks and len(decks) < config.players:
        raise KernelError(f"{config.players} players need {config.players} decks; box '{rules.box}' "
                          f"has {len(rules.decks)}")
    if rules.teams:
        if config.players < rules.teams:
            raise KernelError(f"{rules.game['name']} has {rules.teams} Teams: it needs {rules.teams} players "
                              f"or more, not {config.players}")
        state.teams = {team: [] for team in rules.team_ids}
        size = -(-config.players // rules.teams)  # consecutive blocks: the first Teams take one more
        seated = rules.mode.team_of if rules.mode is not None else ()  # a mode's seats (modes.py)
        for i, p in enumerate(state.players):
            t = seated[i] if seated else i % rules.teams if rules.team_seats == "alternate" else i // size
            state.teams[rules.team_ids[t]].append(p)
        state.team_next = {t: 0 for t in state.teams}
    setup_figures(rules, state)
    holders = {"player": state.players, "team": list(state.teams), "figure": list(state.figures), None: [None],
               "space": list(rules.spaces)}
    holders["edge"] = list(rules.layout.edges) if rules.layout is not None else []  # edges.py
    for zone in rules.zones.values():
        for owner in holders[zone.per]:
            state.zones[state.zone_key(zone.id, owner)] = []
    for counter in rules.counters.values():
        for holder in holders.get(counter.per, []):
            state.counters[state.counter_key(counter.id, holder)] = counter.start
    target = rules.zone_roles["decks-to"]
    for player, deck in zip(state.players, decks):
        state.decks[player] = deck
        for qid in rules.decks[deck]:
            for _ in range(rules.cards[qid].copies):
                uid = len(state.cards)
                key = state.zone_key(target, player)
                state.cards.append(qid)
                state.owners.append(player)
                state.places.append(key)
                state.zones[key].append(uid)
    if rules.pieces is not None:  # the pools' pieces, after the decks' cards (pieces.py)
        setup_pieces(rules, state)


def _first_player(rules, state) -> None:
    if rules.first_player == "seeded-choice":
        gen = state.random()
        state.active = state.players[gen.randrange(len(state.players))]
        state.keep(gen)
    else:
        state.active = state.players[0]
    state.log.append({"event": "setup", "players": list(state.players), "decks": dict(state.decks),
                      "first": state.active, **({"teams": {t: list(m) for t, m in state.teams.items()}}
                                                if state.teams else {})})
