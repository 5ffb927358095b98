"""The state of one game: teams, figures, board, token pools, dice, decks and hands."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from .board import Board


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
    tokens: Counter = field(default_factory=Counter)  # (token qid, owner, colour) -> count
    ko: bool = False
    ko_round: int | None = None
    off_board: bool = False  # taken off by an effect; back at the next Recovery
    eliminated: bool = False  # out for good (Free-For-All)
    activations: list = field(default_factory=list)  # ability ids used this round
    special_used: dict = field(default_factory=dict)  # "turn"/"round"/"game" -> bool
    immune: frozenset = frozenset()
    owner: str | None = None  # for tokens: the Team whose Mission it serves
    piece_colour: str | None = None  # for tokens: the colour of the piece it stands for
    player: str | None = None  # the player who controls it (3-4 players)
    turns: int = 0  # how many turns it has begun: "its next turn" is turn number turns + 1
    expiry: dict = field(default_factory=dict)  # token qid -> the turn at whose end it is discarded

    @property
    def on_board(self) -> bool:
        return self.location is not None


@dataclass
class Team:
    colour: str
    characters: list[str] = field(default_factory=list)
    players: list[str] = field(default_factory=list)
    dice: list[int] = field(default_factory=list)
    placed: list[bool] = field(default_factory=list)
    hands: dict[str, list[str]] = field(default_factory=dict)  # player -> Mayhem card qids
    played_this_round: list[str] = field(default_factory=list)
    mission: str | None = None  # the GO! card qid
    tokens: Counter = field(default_factory=Counter)  # the Team's area: (token, owner, colour) -> count

    def all_cards(self) -> list[str]:
        return [c for hand in self.hands.values() for c in hand]


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
    initiative: str | None = None
    mayhem_face: str = "1"
    mayhem_value: int = 1
    mayhem_icon: bool = False
    icon_granted: bool = False
    mayhem_deck: list[str] = field(default_factory=list)
    go_deck: list[str] = field(default_factory=list)
    go_discard: list[str] = field(default_factory=list)
    mayhem_discard: list[str] = field(default_factory=list)
    active: Activation | None = None
    active_team: str | None = None
    temp_triggers: list[TempTrigger] = field(default_factory=list)
    winners: list[str] | None = None
    end_reason: str | None = None
    vp_log: list = field(default_factory=list)

    @property
    def over(self) -> bool:
        return self.winners is not None

    def characters(self, team: str | None = None) -> list[Figure]:
        return [f for f in self.figures.values() if f.kind == "character" and (team is None or f.team == team)]

    def on_board(self) -> list[Figure]:
        return [f for f in self.figures.values() if f.location is not None]

    def at(self, loc: int) -> list[Figure]:
        return [self.figures[k] for k in self.board.locations[loc].figures]
