"""The state the scenario reader lays (runtime/scenario_reader.py): teams, figures, board, token pools, dice, and the zones of cards.

The zones of cards (decks, hands, discard piles) are kept as the rules kernel keeps them."""
from __future__ import annotations

from collections import Counter
from collections.abc import MutableMapping
from dataclasses import dataclass, field, fields
from operator import attrgetter

from .board import Board
from .token_store import TokenStore

# The zone each use of a pile names, as the game's declaration says it (content/shared/game.mh,
# `draw-from`, `draw-to`, ...; the scenario reader fills it from the IR): these defaults are for a state
# built without rules (tests of the state alone).
DEFAULT_ZONES = {"draw-from": "mayhem-deck", "draw-to": "hand", "discard-to": "mayhem-discard",
                 "play-to": "played", "pile-to": "token-pile"}


def zone_key(zone: str, owner: str | None) -> str:
    """The key of a zone in the state: "hand/p1" for a player's, "played/TEAM" for a Team's,
    the zone's id for a shared one: the rules kernel's keys (`State.zone_key` of
    runtime/kernel/state.py; tests/test_mayhem_zones.py holds the two together)."""
    return f"{zone}/{owner}" if owner is not None else zone


class Hands(MutableMapping):
    """A Team's hands by player, each the zone `hand/PLAYER` of the state (a list of card
    qids, kept in the zones, not here)."""

    def __init__(self, zones: dict[str, list[str]], zone: str) -> None:
        self._zones = zones
        self._zone = zone
        self._keys: dict[str, str] = {}  # player -> the key of their zone, in seat order

    def __getitem__(self, player: str) -> list[str]:
        return self._zones[self._keys[player]]

    def get(self, player: str, default=None):
        """Mapping.get in one call, not two (its `try` around __getitem__ written in): a player's
        hand, else `default`."""
        try:
            return self._zones[self._keys[player]]
        except KeyError:
            return default

    def __setitem__(self, player: str, cards: list[str]) -> None:
        key = self._keys.setdefault(player, zone_key(self._zone, player))
        self._zones[key] = cards

    def __delitem__(self, player: str) -> None:
        del self._zones[self._keys.pop(player)]

    def __contains__(self, player: object) -> bool:
        return player in self._keys

    def __iter__(self):
        return iter(list(self._keys))

    def __len__(self) -> int:
        return len(self._keys)

    def __repr__(self) -> str:
        return repr(dict(self.items()))


@dataclass
class Figure:
    """A figure on (or off) the board: a character, a non-player figure, or an
    attackable token."""

    key: str  # its name in action strings: the character id, or "COLOUR-id" when both Teams field it
    kind: str  # "character" | "npc" | "token"
    team: str | None
    comp: dict  # the character (or npc, or token) component
    side: dict  # the dashboard in use: the side, or the character itself
    life: int | None
    damage: int = 0
    location: int | None = None
    tokens: TokenStore = field(default_factory=TokenStore)  # (token qid, owner, colour) -> count
    ko: bool = False
    ko_round: int | None = None
    off_board: bool = False  # taken off by an effect; back on the board at the next round
    eliminated: bool = False  # out for good (Free-For-All)
    activations: list = field(default_factory=list)  # ability ids used this round
    special_used: dict = field(default_factory=dict)  # "turn"/"round"/"game" -> bool
    immune: frozenset = frozenset()
    owner: str | None = None  # for tokens: the Team it belongs to (whose card in play it serves)
    piece_colour: str | None = None  # for tokens: the colour of the piece it stands for
    player: str | None = None  # the player who controls it (3-4 players)
    turns: int = 0  # how many turns it has begun: "its next turn" is turn number turns + 1
    expiry: dict = field(default_factory=dict)  # token qid -> the turn at whose end it is discarded

    def __post_init__(self) -> None:
        if self.tokens.__class__ is not TokenStore:  # given as a plain Counter or dict
            self.tokens = TokenStore(self.tokens)
        self.tokens.place = self

    def __eq__(self, other):
        """The dataclass's comparison, field by field, with its commonest answers first: the
        same figure, or two figures of different keys (a guard's `it != figure`)."""
        if self is other:
            return True
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self.key == other.key and _FIGURE_FIELDS(self) == _FIGURE_FIELDS(other)

    @property
    def on_board(self) -> bool:
        return self.location is not None


_FIGURE_FIELDS = attrgetter(*(f.name for f in fields(Figure) if f.compare))  # the tuple the dataclass compares


class Team:
    """A Team: its characters and players, its Activation dice, its area of tokens; its
    cards (the hands of its players, the card it played this round, its cards in play) are
    zones of the state, which the Team reads and writes by their keys (`zone_key`)."""

    def __init__(self, colour: str, characters: list[str] | None = None, players: list[str] | None = None,
                 dice: list[int] | None = None, placed: list[bool] | None = None,
                 hands: dict[str, list[str]] | None = None, played_this_round: list[str] | None = None,
                 tokens: dict | None = None,
                 zones: dict[str, list[str]] | None = None, zone_of: dict[str, str] | None = None) -> None:
        self.colour = colour
        self.characters = characters if characters is not None else []
        self.players = players if players is not None else []
        self.dice = dice if dice is not None else []
        self.placed = placed if placed is not None else []
        self.tokens = TokenStore(tokens or ())  # the Team's area: (token, owner, colour) -> count
        self.tokens.place = colour
        self.zones = zones if zones is not None else {}
        self.zone_of = zone_of if zone_of is not None else DEFAULT_ZONES
        self._played = zone_key(self.zone_of["play-to"], colour)
        self.hands = Hands(self.zones, self.zone_of["draw-to"])  # player -> card qids
        for player, cards in (hands or {}).items():
            self.hands[player] = cards
        self.played_this_round = played_this_round if played_this_round is not None else []

    @property
    def played_this_round(self) -> list[str]:
        """The cards the Team played this round (zone `play-to` of the Team)."""
        return self.zones[self._played]

    @played_this_round.setter
    def played_this_round(self, cards: list[str]) -> None:
        self.zones[self._played] = cards


    def __repr__(self) -> str:
        return f"Team({self.colour!r}, characters={self.characters!r}, players={self.players!r})"


@dataclass
class Pending:
    """Damage about to be dealt, that `damage`/`attack` triggers can change."""

    amount: int
    tags: frozenset


@dataclass
class Activation:
    """The Active Character's turn."""

    figure: str
    ability: str | None  # ability id (None: no ability could be chosen)
    die: int
    die_index: int
    moved: bool = False
    free_move_used: bool = False
    ability_done: bool = False
    bonus: int = 0
    scoped_bonus: list = field(default_factory=list)  # (amount, tags): a bonus to tagged effects only
    stacks: dict = field(default_factory=dict)  # (Location, token, owner) -> tags of the stacks placed
    attack_target: object = None
    ended: bool = False


@dataclass
class TempTrigger:
    trigger: dict  # the trigger IR node
    env: object  # the Env it was installed with
    until: str  # "turn-end" | "round-end" | "next-turn-end"
    alive: bool = True
    figure: object = None  # next-turn-end: the Figure whose turn number `turn` ends it
    turn: int = 0


def _pile(use: str) -> property:
    """A shared zone of the game, by the use its declaration gives it, read and set as a list."""
    def get(self) -> list[str]:
        return self.pile(use)

    def set_(self, cards: list[str]) -> None:
        self.zones[self.zone_of[use]] = cards
    return property(get, set_)


@dataclass
class GameState:
    box: str
    mode: str
    round: int = 0
    phase: str = "setup"
    teams: dict[str, Team] = field(default_factory=dict)
    order: list[str] = field(default_factory=list)  # team colours, seat order
    figures: dict[str, Figure] = field(default_factory=dict)
    board: Board | None = None
    pools: dict[str, Counter] = field(default_factory=dict)  # pool id -> (face qid|None, colour) -> count
    pool_totals: dict[str, int] = field(default_factory=dict)
    discarded: Counter = field(default_factory=Counter)  # pool id -> pieces out of play
    lead: str | None = None  # the Team that leads the round (`lead(...)` of the round slot)
    shown: dict[str, str] = field(default_factory=dict)  # the game's own dice: die id -> the face it shows
    icon_granted: frozenset = frozenset()  # the game's own dice counted as showing their icon until the turn ends
    # the zones of cards: "mayhem-deck", "hand/p1", "played/TEAM" -> card qids, top first
    # (a Mayhem box holds one copy of each card, so the qid is the card instance)
    zones: dict[str, list[str]] = field(default_factory=dict)
    zone_of: dict[str, str] = field(default_factory=lambda: dict(DEFAULT_ZONES))  # use -> zone id
    active: Activation | None = None
    active_team: str | None = None
    temp_triggers: list[TempTrigger] = field(default_factory=list)
    winners: list[str] | None = None
    end_reason: str | None = None

    @property
    def over(self) -> bool:
        return self.winners is not None

    def characters(self, team: str | None = None) -> list[Figure]:
        return [f for f in self.figures.values() if f.kind == "character" and (team is None or f.team == team)]

    def on_board(self) -> list[Figure]:
        return [f for f in self.figures.values() if f.location is not None]

    def at(self, loc: int) -> list[Figure]:
        return [self.figures[k] for k in self.board.locations[loc].figures]

    # -- the shared piles, by the use the game's declaration gives their zones ---------------

    def pile(self, use: str) -> list[str]:
        """The cards of the shared zone the game uses for `use` (`draw-from`, ...), top first."""
        return self.zones.setdefault(self.zone_of[use], [])

    def token_pile(self, loc: int, create: bool = False) -> list[str] | None:
        """The face-down pile of tokens Location `loc` holds, token qids top first: the zone the
        game's `pile-to` names, kept per Location (`token-pile/L2`); None if it holds none."""
        place, zone = self.board.locations[loc], self.zone_of["pile-to"]
        made = place.pile_key  # (zone, key), made once per Location
        if made is None or made[0] != zone:
            made = place.pile_key = (zone, zone_key(zone, place.label))
        key = made[1]
        return self.zones.setdefault(key, []) if create else self.zones.get(key)

    def new_team(self, colour: str) -> Team:
        return Team(colour, zones=self.zones, zone_of=self.zone_of)

    # the names the scenario reader reads the shared piles by
    mayhem_deck = _pile("draw-from")
    mayhem_discard = _pile("discard-to")
