"""The rules of one game, read once from the IR, with an index of effect statements by node id.

They hold its declaration, zones, counters, card types, decks, actions and keywords."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property


class KernelError(ValueError):
    """Content or configuration the kernel cannot play, said for people."""


@dataclass
class Zone:
    id: str
    per: str | None  # "player", "team" or None (shared)
    ordered: bool
    visibility: str
    capacity: int | None
    reshuffle_from: str | None
    refill_from: str | None = None

    @cached_property
    def cards(self):
        """`cards(run, env, of)`: piles.cards_in(run, env, this zone, of), made for this zone once."""
        from .piles import make_cards_in
        return make_cards_in(self)

    @cached_property
    def put(self):
        """`put(run, uid, owner)`: piles.move(run, uid, this zone, owner), made for this zone once."""
        from .piles import make_put
        return make_put(self)


@dataclass
class Counter:
    id: str
    per: str | None  # "player", "card", "team" or None (the game's own)
    start: int
    min: int | None
    max: int | None
    reset: str | None
    out_at_min: bool
    kept_as: str | None = None  # the qid of the token whose pieces it is (`kept-as`: kept.py)

    # the counter's changes and reads made for it once (counters.py): what the generated source calls
    @cached_property
    def add(self):
        """`add(run, holder, n)`: n added to the holder's counter, within its bounds."""
        from .counters import make_change
        return make_change(self, True)

    @cached_property
    def put(self):
        """`put(run, holder, n)`: the holder's counter set to n, within its bounds."""
        from .counters import make_change
        return make_change(self, False)

    @cached_property
    def get(self):
        """`get(run, holder)`: the holder's counter (its start if never set)."""
        from .counters import make_get
        return make_get(self)


@dataclass
class Action:
    id: str
    name: str
    params: list[tuple[str, dict]]  # (name, domain expression)
    guard: dict | None
    body: list
    cards: tuple[bool, ...] = ()  # per parameter: its domain yields cards (card uids), not numbers
    form: str | None = None  # how its strings print (`"{die:int} {figure}/{part}"`: chained.Formed)
    span: str | None = None  # where it is declared (`file:line:col-line:col`), for its errors


@dataclass
class CardType:
    id: str
    props: dict[str, dict]  # name -> {"type", "default", "doc"}
    resolve_order: list[str]
    effects: dict[str, list]  # property name -> body


@dataclass
class Card:
    """A card as printed: one per declaration, whatever its copies."""
    qid: str
    id: str
    name: str
    type: str
    props: dict
    copies: int
    effect: list | None
    named: dict = field(default_factory=dict)  # its other effects by name (a zone's `enter-effect`: finish.py)
    when: dict | None = None  # its effect's guard (`effect when COND { ... }`: a guarded effect), read by `can-play`


@dataclass
class GameRules:
    box: str
    game: dict
    seats: tuple[int, int]
    turn_order: str
    first_player: str
    zones: dict[str, Zone]
    counters: dict[str, Counter]
    actions: dict[str, Action]
    card_types: dict[str, CardType]
    cards: dict[str, Card]
    decks: dict[str, list[str]]  # deck id -> card qids, in declaration order
    deck_names: dict[str, str]
    keywords: dict[str, dict]  # qid -> {"params": [...], "body": [...]}
    slots: dict[str, list]  # setup, turn, turn-end, end
    end_guard: dict | None
    zone_roles: dict[str, str]  # decks-to, draw-from, draw-to, discard-to, play-to -> zone id
    nodes: dict[str, dict] = field(default_factory=dict)  # statement node id -> statement
    teams: int = 0  # how many Teams the seats are grouped into (0: none)
    team_ids: tuple = ()  # the Teams' ids: the game's `team-names`, else t1 ... tN
    lead_called: str = "lead"  # the log line of the round's leader: the game's `lead-called`
    team_seats: str = "alternate"  # seat i in Team (i mod teams) + 1, or "consecutive" blocks
    round_ends: str = "one-turn-each"  # or "all-passed": every player still in passed, one after the other
    round_end_guard: dict | None = None  # `round-end when COND`: the round also ends when it holds
    uses_rounds: bool = False  # turns are grouped into rounds (a `round` slot, Team order, ...)
    rules: list[dict] = field(default_factory=list)  # the triggers of `rule` declarations: always active
    dice: dict[str, list[int]] = field(default_factory=dict)  # die kind -> its faces
    printed: dict[str, list[str]] = field(default_factory=dict)  # a die kind with an icon -> its faces ("3*")
    effect_die: str | None = None  # the game's own die (`effect-die`): rolled without `of`, shown to all
    spaces: dict[str, dict] = field(default_factory=dict)  # space id -> {"name", "slots"}, in declaration order
    board: object = None  # the spaces as a networkx graph (edges: `adjacent`)
    figures: dict[str, dict] = field(default_factory=dict)  # figure kind -> {"per", "start", "count"}
    step_asks: dict[str, bool] = field(default_factory=dict)  # structure.py: can a turn's start or end ask?
    refills: bool = False  # a zone fills up from another (`refill-from` and a capacity) between steps
    # each printed card's play and resolution, generated at its first use (resolvers.py): qid -> function
    plays: dict = field(default_factory=dict, compare=False, repr=False)
    resolves: dict = field(default_factory=dict, compare=False, repr=False)
    draw_one: object = field(default=None, compare=False, repr=False)  # piles.make_draw_one, at its first use
    layout: object = None  # a board laid from tiles (layout.Layout), if the game declares one
    pieces: object = None  # pieces.Pieces: tokens, pools, zones of pieces (None: the game declares none)
    dash: object = None  # dashboards.Dashboards: figures that are cards, their parts (None: no such figure)
    turn_starters: tuple = ()  # the actions that `starts-turn` (dashboards.py): offered until a figure is Active
    turn_fallbacks: tuple = ()  # the actions marked `fallback` (dashboards.py): taken when no starter is legal
    hearing: object = field(default=None, compare=False, repr=False)  # the game's own events (listeners.py)
    # card type -> (its `reacts-to` events or None, its `reacts-if` property or None): reacting.load
    reacting: dict = field(default_factory=dict, compare=False, repr=False)
    box_props: dict = field(default_factory=dict)  # the box's printed properties (`box-property`, vocabulary.py)
    mode: object = None  # modes.Chosen: the mode the game is played in (None: as declared)
    brought: dict = field(default_factory=dict)  # box -> its cards and pools a mode's lists bring (collection.py)


def _prop(comp: dict, name: str, default=None):
    p = comp["props"].get(name)
    return p["value"] if p is not None else default


def names_a_game(ir: dict, box: str) -> bool:
    """Does box `box` name a `game` of its own (a game of the kernel, played by KernelGame)?"""
    return any(c["kind"] == "box" and c["id"] == box and "game" in c["props"] for c in ir["components"])


def load_game_rules(ir: dict, box: str, mode: str | None = None, collect: list | None = None) -> GameRules:
    """The rules of the game that box `box` names, played in its mode `mode` if given (modes.py):
    declared in the box, or shared rules (a game of a module, box None) whose card types, token
    types and keywords come with it. With a list `collect`, every KernelError of the load is
    appended to it and the load goes on where it can (gather.py: the switch's trial); without,
    the first is raised."""
    chosen = None
    if mode is not None:
        from .modes import apply_mode
        ir, chosen = apply_mode(ir, box, mode)
    from .collection import brought, collection, first_game
    tops, boxes = collection(ir, box, chosen)  # a mode taking team lists: every box's figures (collection.py)
    box_comp = next((c for c in tops if c["kind"] == "box"), None)
    if box_comp is None:
        raise KernelError(f"no box '{box}' in the compiled content")
    game_id = _prop(box_comp, "game")
    game = next((c for c in tops if c["kind"] == "game" and c["id"] == game_id), None)
    if game is None:  # the shared rules' game: their declarations are the box's too
        game = next((c for c in ir["components"] if c["kind"] == "game" and c["box"] is None
                     and c["id"] == game_id), None)
        tops += [c for c in ir["components"] if c["box"] is None and c["kind"] != "game"] if game else []
    if game is None:
        raise KernelError(f"box '{box}' names no game the kernel can play")
    from .shorthands import lower_components
    game, *tops = lower_components([game] + tops, game)  # shorthand words as the kernel's own
    box_comp = next(c for c in tops if c["kind"] == "box")
    from .gather import compile_all, problem, stage
    from ...compiler.shorthand import kernel_kind
    zones, counters, actions = {}, {}, {}
    for child in game["children"]:
        if child["kind"] == "zone":
            per = kernel_kind(_prop(child, "per")) if _prop(child, "per") else None  # the vocabulary's kinds: a space's
            zones[child["id"]] = Zone(child["id"], per, bool(_prop(child, "ordered", False)),
                                      _prop(child, "visibility", "public"), _prop(child, "capacity"),
                                      _prop(child, "reshuffle-from"), _prop(child, "refill-from"))
        elif child["kind"] == "counter":
            counters[child["id"]] = Counter(child["id"], _prop(child, "per"), _prop(child, "start", 0),
                                            _prop(child, "min"), _prop(child, "max"), _prop(child, "reset"),
                                            bool(_prop(child, "out-at-min", False)))
        elif child["kind"] == "action":
            eff = child["effects"].get("effect") or {"when": None, "body": []}
            params = [(p["name"], p["default"]) for p in child.get("params", [])]
            actions[child["id"]] = Action(child["id"], child["name"] or child["id"], params, eff["when"], eff["body"],
                                          tuple(yields_cards(domain) for _name, domain in params), _prop(child, "form"),
                                          child.get("span"))
    card_types = {}
    for c in tops:
        if c["kind"] == "card-type":
            props = {k: v["value"] for k, v in c["props"].items() if isinstance(v["value"], dict)}
            card_types[c["id"]] = CardType(c["id"], props, _prop(c, "resolve-order", []) or [],
                                           {k: e["body"] for k, e in c["effects"].items()})
    cards, decks, deck_names = {}, {}, {}

    def card(comp: dict) -> Card:
        ct = card_types[comp["kind"]]
        props = {k: v["value"] for k, v in comp["props"].items() if k in ct.props}
        effect = comp["effects"].get("effect")
        return Card(comp["qid"], comp["id"], comp["name"] or comp["id"], comp["kind"], props,
                    _prop(comp, "copies", 1), effect["body"] if effect else None,
                    {k: e["body"] for k, e in comp["effects"].items() if k != "effect"},
                    effect.get("when") if effect else None)

    for c in tops:
        if c["kind"] == "deck":
            decks[c["id"]] = []
            deck_names[c["id"]] = c["name"] or c["id"]
            for child in c["children"]:
                if child["kind"] in card_types:
                    cards[child["qid"]] = card(child)
                    decks[c["id"]].append(child["qid"])
        elif c["kind"] in card_types:
            cards[c["qid"]] = card(c)
    tag_qids = {c["id"]: c["qid"] for c in ir["components"] if c["kind"] == "tag" and c["box"] in boxes}
    keywords = {c["qid"]: {"params": [p["name"] for p in c.get("params", [])],
                           "defaults": {p["name"]: p["default"] for p in c.get("params", [])},
                           "body": c["effects"].get("effect", {}).get("body", []),
                           # the tags it adds to its primitives' (its `tags`), as their qids (damage.py, record.py)
                           "tags": tuple(tag_qids.get(t, t) for t in _prop(c, "tags", None) or ())}
                for c in lower_components([c for c in ir["components"]  # their shorthand words too
                                           if c["kind"] == "keyword" and c["box"] in boxes], game)}
    effects = game["effects"]
    end = effects.get("end")
    roles = {"decks-to": _prop(game, "decks-to"), "draw-from": _prop(game, "draw-from"),
             "draw-to": _prop(game, "draw-to"), "discard-to": _prop(game, "discard-to"),
             "play-to": _prop(game, "play-to")}
    for role, default in (("draw-from", "deck"), ("draw-to", "hand"), ("discard-to", "discard")):
        if roles[role] is None and default in zones:  # a game without cards needs none of these zones
            roles[role] = default
    for role, zone in roles.items():
        if zone is not None and zone not in zones:
            problem(collect, f"game '{game['id']}': '{role} {zone}' names no zone of the game")
    for zone in zones.values():
        for role, other in (("reshuffle-from", zone.reshuffle_from), ("refill-from", zone.refill_from)):
            if other is not None and other not in zones:
                problem(collect, f"zone '{zone.id}': '{role} {other}' names no zone of the game")
    rules = GameRules(box, game, tuple(_prop(game, "seats")), _prop(game, "turn-order", "clockwise"),
                      _prop(game, "first-player", "first-seat"), zones, counters, actions, card_types, cards,
                      decks, deck_names, keywords,
                      {name: effects[name]["body"] for name in ("setup", "turn", "turn-end") if name in effects},
                      end["when"] if end else None, roles)
    rules.slots["end"] = end["body"] if end else []
    rules.mode, rules.brought = chosen, brought(tops, box)  # what other boxes bring (collection.py)
    rules.box_props, rules.first_game = {k: v["value"] for k, v in box_comp["props"].items()}, first_game(tops)
    for name in ("round", "round-end"):
        if name in effects:
            rules.slots[name] = effects[name]["body"]
    rules.round_end_guard = effects["round-end"]["when"] if "round-end" in effects else None
    from .phases import load_phases
    stage(collect, load_phases, rules, game)  # declared phases: the round's start and end in their order
    rules.round_ends = _prop(game, "round-ends", "one-turn-each")
    rules.lead_called = _prop(game, "lead-called", "lead")
    for child in game["children"]:
        if child["kind"] == "rule":
            rules.rules += [{**t, "rule": child["id"]} for t in child.get("triggers", [])]
    stage(collect, _board, rules, game)
    from .dice import load_printed
    stage(collect, load_printed, rules, game, box_comp)  # dice whose faces the box prints, an icon on some
    from .layout import load as load_layout
    stage(collect, load_layout, rules, game)  # a `board` laid from tiles: its tiles are spaces too
    from .dashboards import load_dashboards
    stage(collect, load_dashboards, rules, tops)  # figures that are cards, their parts, the actions that start a turn
    rules.teams = int(_prop(game, "teams", 0) or 0)
    names = tuple(_prop(game, "team-names") or ())  # `team-names [a, b]`: as many Teams, their ids
    rules.teams = rules.teams or len(names)
    rules.team_ids = names if len(names) == rules.teams else tuple(f"t{i + 1}" for i in range(rules.teams))
    rules.team_seats = _prop(game, "team-seats", "alternate")
    if rules.turn_order == "alternate-teams" and not rules.teams:
        problem(collect, f"game '{game['id']}': 'turn-order alternate-teams' needs Teams: declare `teams 2`")
    for zone in list(zones.values()) + list(counters.values()):
        if zone.per == "team" and not rules.teams:
            problem(collect, f"game '{game['id']}': '{zone.id}' is kept per team, but the game declares no "
                    "Teams: declare `teams 2`")
    rules.uses_rounds = bool({"round", "round-end"} & set(rules.slots) or rules.turn_order == "alternate-teams"
                             or "round-ends" in game["props"]
                             or any(t["event"].startswith("round-") for t in rules.rules)
                             or any(c.reset in ("round-start", "round-end") for c in counters.values()))
    rules.refills = any(z.refill_from is not None and z.capacity is not None for z in zones.values())
    from .pieces import load as load_pieces
    stage(collect, load_pieces, rules, tops, box_comp)  # tokens, pools, zones of pieces: once per game (pieces.py)
    _index(rules)
    from .listeners import load_events
    stage(collect, load_events, rules, game, tops)  # the game's own events and who hears them
    from .compile_stmts import compile_rules
    if collect is None:
        compile_rules(rules, [game] + [c for c in tops if c["kind"] != "mode"])  # closures, once (compile.py, ...)
    else:  # every failure kept, and the words of what the game plays that the kernel lacks
        compile_all(rules, collect, [game] + [c for c in tops if c["kind"] != "mode"])
    return rules


CARD_FUNCTIONS = {"cards-in", "top-card", "abilities-of", "special-of"}  # that return cards (parts: dashboards.py)
# context names whose values are cards: the card resolved, and the part the Active figure's die is on and
# `me`'s hand (record.py)
CARD_CONTEXTS = frozenset({"this-card", "chosen-ability", "my-hand"})
FLAGS = ("unowned", "no-damage")  # a figure kind's flags: no one's (unowned.py), takes no damage (damage.py)


def yields_cards(e: dict | None) -> bool:
    """Whether an expression's values are cards (card uids, ints in the state): a parameter's
    domain says, before play, whether its ints print as cards (`buy CARD`) or numbers (`bid 3`)."""
    if e is None:
        return False
    kind = e["e"]
    if kind == "fn":
        if e["name"] in CARD_FUNCTIONS:
            return True
        if e["name"] in ("first", "last"):
            return yields_cards(e["args"].get("set"))
        return False
    if kind == "select":
        return e["kind"] in ("card", "target") or yields_cards(e["in"])
    if kind == "list":
        return any(yields_cards(i) for i in e["items"])
    if kind == "bin":
        return yields_cards(e["l"]) or yields_cards(e["r"])
    return kind == "ctx" and e["name"] in CARD_CONTEXTS


def _board(rules: GameRules, game: dict) -> None:
    """Dice kinds, the board's spaces and their graph, and the kinds of figure."""
    import networkx as nx
    for child in game["children"]:
        kind, ident = child["kind"], child["id"]
        if kind == "die" and "faces-from" in child["props"]:
            continue  # the box's printed faces (dice.load_printed)
        if kind == "die":
            faces = _prop(child, "face-values") or _prop(child, "faces")
            if isinstance(faces, (list, tuple)) and len(faces) == 2 and "face-values" not in child["props"]:
                faces = list(range(faces[0], faces[1] + 1))
            elif isinstance(faces, int):
                faces = list(range(1, faces + 1))
            if not faces:
                raise KernelError(f"die '{ident}' needs its faces: `faces 1..6` or `face-values [1, 1, 2]`")
            rules.dice[ident] = list(faces)
        elif kind == "space":
            rules.spaces[ident] = {"name": child["name"] or ident, "slots": _prop(child, "slots"),
                                   "adjacent": list(_prop(child, "adjacent") or [])}
        elif kind == "figure":
            rules.figures[ident] = {"per": _prop(child, "per", "player"), "start": _prop(child, "start"),
                                    "count": _prop(child, "count", 1), **{f: bool(_prop(child, f)) for f in FLAGS}}
    graph = nx.Graph()
    graph.add_nodes_from(rules.spaces)
    for ident, space in rules.spaces.items():
        for other in space["adjacent"]:
            if other not in rules.spaces:
                raise KernelError(f"space '{ident}': 'adjacent {other}' names no space of the game")
            graph.add_edge(ident, other)
    rules.board = graph
    for ident, fig in rules.figures.items():
        starts = fig["start"] if isinstance(fig["start"], (list, tuple)) else [fig["start"]] if fig["start"] else []
        for space in starts:
            if space not in rules.spaces:
                raise KernelError(f"figure '{ident}': 'start {space}' names no space of the game")
        fig["start"] = list(starts)


def _index(rules: GameRules) -> None:
    """Every statement by its node id: a trigger registered during play is kept in the
    state as the node id of its statement, plain data."""
    bodies = list(rules.slots.values()) + [a.body for a in rules.actions.values()]
    bodies += [b for ct in rules.card_types.values() for b in ct.effects.values()]
    bodies += [c.effect for c in rules.cards.values() if c.effect]
    bodies += [b for c in rules.cards.values() for b in c.named.values()]
    bodies += [k["body"] for k in rules.keywords.values()]
    bodies += [[t] for t in rules.rules]
    index_bodies(rules, bodies)


def index_bodies(rules: GameRules, bodies: list) -> None:
    """Every statement of these bodies, at any depth (the registry's walk), in `rules.nodes` by its node id."""
    from ...compiler.ir_ops import walk_statements
    for stmt in (s for b in bodies for s in walk_statements(b)):
        if stmt.get("node"):
            rules.nodes[stmt["node"]] = stmt
